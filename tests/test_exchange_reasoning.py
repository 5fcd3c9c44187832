"""The exchange hint's reason is read off the cards: every fact it states is true of the
cards given and kept, in every variant with an exchange."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle_tutor import CLASSIC, DOUBLE_DECK, Card, Hand, Phase, RuleSet, meld_points
from pinochle_tutor.bots import HeuristicPlayer
from pinochle_tutor.course.table.session import GameSession
from pinochle_tutor.explain.exchange import exchange_reasoning
from pinochle_tutor.view import PlayerView


def _exchange_views(rules: RuleSet, seed: int) -> list[tuple[Phase, PlayerView, list[Card]]]:
    h = Hand(dealer=seed % rules.players, rules=rules, seed=seed)
    p = HeuristicPlayer()
    out: list[tuple[Phase, PlayerView, list[Card]]] = []
    while h.phase is not Phase.PLAY and h.phase is not Phase.DONE:
        if h.phase in (Phase.PASS, Phase.RETURN):
            seat = h.to_act
            assert seat is not None
            v = h.view(seat)
            cards = p.pass_cards(v) if h.phase is Phase.PASS else p.return_cards(v)
            out.append((h.phase, v, list(cards)))
        h.act(p)
    return out


@pytest.mark.parametrize("rules", [CLASSIC, DOUBLE_DECK], ids=lambda r: r.name)
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_every_stated_fact_is_true(rules: RuleSet, seed: int) -> None:
    for phase, v, cards in _exchange_views(rules, seed):
        assert v.trump is not None
        r = exchange_reasoning(cards, v.hand, v.trump, rules, passing=phase is Phase.PASS)
        rest = list(v.hand)
        for c in cards:
            rest.remove(c)
        assert r.kept_meld == meld_points(rest, v.trump, rules)
        assert set(r.counters_given) == {c for c in cards if rules.counter_points[c.rank]}
        assert r.trumps_given + r.trumps_kept == sum(c.suit == v.trump for c in v.hand)
        for s in r.voids:
            assert s != v.trump and not any(c.suit == s for c in rest)
        text = r.text
        assert f"{r.kept_meld} meld" in text
        if phase is Phase.RETURN:
            assert ("None of them counts trick points" in text) == (not r.counters_given)


def test_the_game_tables_exchange_hints_state_these_facts() -> None:
    seen = set()
    for seed in range(40):
        s = GameSession(seed=seed)
        while s.phase is Phase.AUCTION:
            s.bid(s.view.min_bid) if s.is_my_turn else s.advance()
        if s.phase is Phase.TRUMP and s.is_my_turn:
            s.take(s.hint())
        while not s.is_my_turn and s.phase in (Phase.PASS, Phase.RETURN):
            s.advance()
        while s.phase in (Phase.PASS, Phase.RETURN) and s.is_my_turn:
            hint = s.hint()
            v = s.view
            assert v.trump is not None
            want = exchange_reasoning(
                hint.cards, v.hand, v.trump, s.rules, passing=s.phase is Phase.PASS
            )
            # The coach's advice opens with the facts of the cards it recommends, then
            # its numbers (tests/test_exchange_eval.py checks those).
            assert hint.reason.startswith(want.text + " ")
            assert hint.exchange is not None and hint.cards == hint.exchange.cards
            seen.add(s.phase)
            s.take(hint)
        if Phase.RETURN in seen:
            break
    assert Phase.RETURN in seen
