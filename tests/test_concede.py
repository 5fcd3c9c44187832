"""Conceding weighed by the coach (pinochle_tutor.coach.concession): its numbers against the
engine's scoring, its advice on hopeless and on safe contracts, the words, the game
table's hint and the review's verdict, under every rule set."""

from __future__ import annotations

import re

import pytest

from pinochle_tutor import Hand, Phase, RuleSet, rules_named
from pinochle_tutor.bots import HeuristicPlayer
from pinochle_tutor.coach.concession import (
    NoConcessionError,
    advise_concession,
    evaluate_concession,
    judge_concession,
)
from pinochle_tutor.course.table.session import GameSession
from pinochle_tutor.explain.coaching import points
from pinochle_tutor.view import PlayerView

VARIANTS = ("classic", "double_deck", "three_handed")


def first_lead(rules: RuleSet, seed: int, contract: int | None = None) -> Hand:
    """Hand ``seed`` up to the declarer's first lead: the seat after the dealer bids
    ``contract`` (default: the opening bid) and the others pass; trump and the exchange
    as the heuristic player does them."""
    h = Hand(dealer=0, rules=rules, seed=seed)
    first = 1 % rules.players
    h.bid(first, rules.opening_bid if contract is None else contract)
    bot = HeuristicPlayer()
    while h.phase is Phase.AUCTION:
        seat = h.to_act
        assert seat is not None
        h.bid(seat, None)
    while h.phase is not Phase.PLAY:
        h.act(bot)
    assert h.declarer == first and not h.tricks
    return h


def declarer_view(h: Hand) -> PlayerView:
    assert h.declarer is not None
    return h.view(h.declarer)


def defenders_meld(h: Hand) -> float:
    r = h.rules
    assert h.declarer is not None
    bside = r.side(h.declarer)
    melds = [m for s, m in enumerate(h.side_meld) if s != bside]
    return sum(melds) / len(melds)


@pytest.mark.parametrize("name", VARIANTS)
def test_the_numbers_are_the_engines_scores(name: str) -> None:
    rules = rules_named(name)
    for seed in range(4):
        h = first_lead(rules, seed)
        v = declarer_view(h)
        ev = evaluate_concession(v, samples=16, seed=seed)
        assert ev.contract == h.contract and ev.samples == 16
        # Conceding: the bidders lose the bid, the defenders score their meld only.
        assert ev.concede_bidders == -rules.opening_bid
        assert ev.concede_defenders == pytest.approx(defenders_meld(h))
        assert 0.0 <= ev.make_chance <= 1.0
        assert ev.gain == pytest.approx(
            (ev.play_bidders - ev.play_defenders) - (ev.concede_bidders - ev.concede_defenders)
        )
        # Playing on, a made contract scores at least the bid, a missed one minus the bid.
        lo = -rules.opening_bid
        assert lo <= ev.play_bidders
        if ev.make_chance == 0:
            assert ev.play_bidders == lo
        # Deterministic given the seed.
        assert evaluate_concession(v, samples=16, seed=seed) == ev


@pytest.mark.parametrize("name", VARIANTS)
def test_a_hopeless_contract_is_conceded_and_a_safe_one_played(name: str) -> None:
    rules = rules_named(name)
    hopeless = first_lead(rules, 3, rules.max_bid)
    a = advise_concession(declarer_view(hopeless), samples=16, seed=1)
    assert a.evaluation.make_chance == 0 and a.concede and a.clear
    assert a.text.startswith("Concede.")
    # A contract at the opening bid that the hand makes on every imagined deal.
    for seed in range(40):
        h = first_lead(rules, seed)
        safe = advise_concession(declarer_view(h), samples=16, seed=1)
        if safe.evaluation.make_chance == 1:
            break
    else:  # pragma: no cover
        pytest.fail("no deal made its opening bid on every imagined deal")
    assert not safe.concede and safe.clear and safe.evaluation.gain > 0
    assert safe.text.startswith("Play the hand out.")


def test_every_number_in_the_words_is_the_evaluations() -> None:
    for name in VARIANTS:
        rules = rules_named(name)
        for seed in range(3):
            for contract in (rules.opening_bid, rules.max_bid):
                a = advise_concession(declarer_view(first_lead(rules, seed, contract)), samples=16)
                e = a.evaluation
                said = set(re.findall(r"[+-]?\d+(?:\.\d+)?", a.text))
                ours = {
                    str(e.samples), str(e.contract), f"{round(100 * e.make_chance)}",
                    points(e.play_bidders), points(e.play_defenders),
                    points(e.concede_defenders), str(-e.concede_bidders),
                    points(abs(e.gain)), points(e.gain_stderr),
                }  # fmt: skip
                bare = {x.lstrip("+") for x in said}
                assert bare <= {x.lstrip("+-") for x in ours} | {x for x in ours}, (a.text, bare - ours)
                if not rules.partnerships:
                    assert not re.search(r"\b(partners?|sides?|your side|defenders)\b", a.text), a.text


def test_not_a_concession_decision_is_refused_by_name() -> None:
    h = Hand(dealer=0, seed=1)
    with pytest.raises(NoConcessionError, match="phase auction"):
        evaluate_concession(h.view(1))
    h = first_lead(rules_named("classic"), 1)
    assert h.declarer is not None
    defender = (h.declarer + 1) % 4
    with pytest.raises(NoConcessionError, match=f"seat {defender} may not concede"):
        evaluate_concession(h.view(defender))
    h.play(h.declarer, h.legal_plays()[0])
    nxt = h.to_act
    assert nxt is not None
    with pytest.raises(NoConcessionError, match="1 card"):
        evaluate_concession(h.view(h.declarer))


def test_the_review_judges_conceding_a_safe_hand_and_playing_a_hopeless_one() -> None:
    rules = rules_named("classic")
    for seed in range(40):
        safe = first_lead(rules, seed)
        if advise_concession(declarer_view(safe), seed=0).evaluation.make_chance == 1:
            break
    assert safe.declarer is not None
    safe.concede(safe.declarer)
    j = judge_concession(safe, safe.declarer, seed=0)
    assert j is not None and j.conceded and j.is_mistake and j.loss > 0
    assert j.text.startswith("You conceded; playing on was worth")
    # Not the declarer: nothing to judge.
    assert judge_concession(safe, (safe.declarer + 1) % 4) is None

    hopeless = first_lead(rules, 3, rules.max_bid)
    assert hopeless.declarer is not None
    # The declarer leads instead of conceding (the heuristic player would concede).
    hopeless.play(hopeless.declarer, hopeless.legal_plays()[0])
    bot = HeuristicPlayer()
    while hopeless.phase is not Phase.DONE:
        hopeless.act(bot)
    j = judge_concession(hopeless, hopeless.declarer)
    assert j is not None and not j.conceded and j.is_mistake
    assert j.text.startswith("You played the hand out rather than concede; conceding was worth")


def test_the_table_hints_concede_and_the_review_says_so() -> None:
    s = GameSession(seed=9)
    while s.view.phase is Phase.AUCTION:
        v = s.view
        s.bid(max(700, v.min_bid) if v.high_bid is None or v.high_bid < 700 else None)
    s.name_trump(s.hint().suit or "S")
    s.return_cards(s.hint().cards)
    assert s.can_concede
    hint = s.hint()
    assert hint.concede and hint.text.startswith("Concede the hand. On 64 imagined deals")
    s.concede()
    review = s.review()
    assert review is not None and review.concession is not None
    assert review.concession.conceded and not review.concession.is_mistake
    assert "Conceding or playing on: You conceded: a sound choice." in review.text
