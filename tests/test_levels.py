"""The computer players' named levels: names, players, the strong level's endgame, and
the game table's Opponents box (headless)."""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator

import pytest

import pinochle_tutor.bots.levels as levels
from pinochle_tutor import CLASSIC, DOUBLE_DECK, THREE_HANDED, Hand, Phase, RuleSet, play_hand
from pinochle_tutor.bots import HeuristicPlayer, MonteCarloPlayer
from pinochle_tutor.bots.bidmodel import BidModelPlayer
from pinochle_tutor.bots.levels import (
    LEVEL_SAMPLES,
    PLAYER_NAMES,
    STRONG_EXACT_TRICKS,
    STRONG_SAMPLES,
    Level,
    StrongPlayer,
    UnknownLevelError,
    UnknownPlayerError,
    level_named,
    level_player,
    make_player,
)
from pinochle_tutor.coach.play import evaluate_play
from pinochle_tutor.scoring import score_hand
from pinochle_tutor.sim.endgame import Utility, solve_seats
from pinochle_tutor.view import PlayerView
from pinochle_widgets import GameTable


def test_every_level_has_a_name_a_label_and_a_docstring() -> None:
    for lv in Level:
        assert level_named(lv.value) is lv and level_named(lv.value.upper()) is lv
        assert level_named(lv) is lv
        assert lv.label == lv.value.capitalize()
        assert lv.value in PLAYER_NAMES


def test_an_unknown_level_is_refused_quoting_it() -> None:
    with pytest.raises(UnknownLevelError, match="'grandmaster' is not a level: choose one of"):
        level_named("grandmaster")
    with pytest.raises(UnknownPlayerError, match="'grandmaster'"):
        make_player("grandmaster")


def test_each_level_is_the_player_its_docstring_names() -> None:
    assert type(level_player("beginner")) is HeuristicPlayer
    mid = level_player(Level.INTERMEDIATE, seed=1)
    assert type(mid) is MonteCarloPlayer and mid.samples == LEVEL_SAMPLES
    assert type(mid.base) is HeuristicPlayer  # bids as the beginner
    strong = level_player("Strong", seed=1)
    assert isinstance(strong, StrongPlayer) and isinstance(strong.base, BidModelPlayer)
    assert strong.exact_tricks == STRONG_EXACT_TRICKS and strong.samples == STRONG_SAMPLES
    assert type(make_player("intermediate", seed=3)) is MonteCarloPlayer


@pytest.mark.parametrize("rules", [CLASSIC, DOUBLE_DECK, THREE_HANDED], ids=lambda r: r.name)
def test_every_level_plays_whole_hands_by_the_rules(rules: RuleSet) -> None:
    for seed in range(2):
        players = [level_player(Level(("beginner", "intermediate", "strong")[(s + seed) % 3]),
                                seed=seed * 10 + s) for s in range(rules.players)]  # fmt: skip
        hand = play_hand(players, dealer=seed % rules.players, rules=rules, seed=seed)
        assert hand.phase is Phase.DONE
        assert hand.conceded or sum(t.points for t in hand.tricks) > 0


def test_the_strong_level_is_reproducible() -> None:
    a = play_hand([StrongPlayer(seed=s) for s in range(4)], dealer=0, seed=5)
    b = play_hand([StrongPlayer(seed=s) for s in range(4)], dealer=0, seed=5)
    assert a.tricks == b.tricks and a.score_changes == b.score_changes


def heuristic_turns(hand: Hand) -> Iterator[tuple[int, PlayerView]]:
    """Every turn of ``hand`` (the seat to act and its view), each played by the
    heuristic player once the caller has looked at it, to the end of the hand."""
    heuristic = HeuristicPlayer()
    while hand.phase is not Phase.DONE:
        seat = hand.to_act
        assert seat is not None
        yield seat, hand.view(seat)
        hand.act(heuristic)


def test_the_strong_level_plays_the_coachs_exact_card_in_the_last_tricks() -> None:
    """In the last tricks its card is the coach's exact evaluation's best card, on the
    imagined deals its own seed gives; earlier it plays as the Monte Carlo player."""
    checked = 0
    for seed in range(6):
        hand = Hand(dealer=0, seed=seed)
        for _, view in heuristic_turns(hand):
            late = hand.phase is Phase.PLAY and len(view.hand) <= STRONG_EXACT_TRICKS
            if late and len(set(view.legal)) > 1:
                player = StrongPlayer(seed=seed)
                want = evaluate_play(
                    view,
                    samples=STRONG_SAMPLES,
                    seed=random.Random(seed).randrange(2**32),
                    exact_tricks=STRONG_EXACT_TRICKS,
                )
                assert want.exact and player.play(view) is want.best
                checked += 1
    assert checked >= 10


def test_the_strong_level_bids_as_the_bidding_model_in_every_game() -> None:
    """One bidding model: the strong level's calls are the model's (the hint's and the
    bidding trainer's), with partners and without."""
    for rules in (CLASSIC, DOUBLE_DECK, THREE_HANDED):
        for seed in range(4):
            hand = Hand(dealer=seed % rules.players, rules=rules, seed=seed)
            assert hand.to_act is not None
            view = hand.view(hand.to_act)
            assert StrongPlayer(seed=seed).bid(view) == BidModelPlayer().bid(view)


def _score_utility(view: PlayerView) -> Utility:
    """The declarer's view of each seat's worth of an outcome (trick points from now on):
    its score change (score_hand, every card of the hand so far counted exactly) less the
    others' average."""
    rules, decl, bid, melds = view.rules, view.declarer, view.contract, view.melds
    assert decl is not None and bid is not None and melds is not None
    taken = [0] * rules.players
    for t in view.tricks:
        taken[t.winner] += t.points
    taken[decl] += sum(rules.counter_points[c.rank] for c in view.given)  # the discards
    meld = [m.total for m in melds]

    def utility(p: tuple[int, ...]) -> tuple[float, ...]:
        change = [0.0] * rules.players
        for d in range(rules.players):
            if d != decl:
                r = score_hand(bid, meld[decl], taken[decl] + p[decl],
                               meld[d], taken[d] + p[d], rules)  # fmt: skip
                change[decl], change[d] = r.bidder, r.defender
        return tuple(c - (sum(change) - c) / (len(change) - 1) for c in change)

    return utility


def test_three_handed_the_strong_declarer_plays_the_exact_card_for_its_own_score(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Three-handed, with every card shown to it (its imagined deals replaced by the true
    one), the strong declarer's card in the last tricks is a best card of the every-seat-
    for-itself search valued by the hand's score: each seat its score change less the
    others' average (score_hand), not the trick points of two pooled sides."""
    rules = THREE_HANDED
    checked = 0
    for seed in range(12):
        hand = Hand(dealer=seed % 3, rules=rules, seed=seed)
        for seat, view in heuristic_turns(hand):
            late = hand.phase is Phase.PLAY and len(view.hand) <= STRONG_EXACT_TRICKS
            if late and seat == view.declarer and len(set(view.legal)) > 1:
                assert view.trump is not None
                held = [hand.view(s).hand for s in range(rules.players)]
                true = [[sum(1 for c in h if c.index == i) for i in range(24)] for h in held]
                monkeypatch.setattr(levels, "sample_hidden_hands", functools.partial(_same, true))
                want = solve_seats(held, view.trump, seat, _score_utility(view),
                                   declarer=seat, trick=view.trick, rules=rules)  # fmt: skip
                assert StrongPlayer(seed=seed).play(view) in want.best_cards
                checked += 1
    assert checked >= 10


def _same(deal: list[list[int]], *_: object) -> list[list[int]]:
    """A stand-in for sample_hidden_hands that imagines the true deal every time."""
    return deal


# ------------------------------------------------------------ the game table's box
def test_the_table_seats_the_chosen_level_until_the_learner_acts() -> None:
    table = GameTable(seed=11)
    assert table.level_box.value == "beginner" and table.level_box.layout.display is None
    assert all(type(p) is HeuristicPlayer for p in table.session._players.values())
    deal_before = table.session.engine_hand.deal
    table.level_box.value = "strong"
    assert all(isinstance(p, StrongPlayer) for p in table.session._players.values())
    assert table.session.engine_hand.deal == deal_before  # the same cards again
    assert "Strong opponents sit at the table" in table.message.value
    # Once the learner has made a decision, the game goes on with its players.
    s = table.session
    while not s.is_my_turn:
        s.advance()
    s.take(s.hint())
    assert s.learner_has_acted
    table.level_box.value = "intermediate"
    assert all(isinstance(p, StrongPlayer) for p in table.session._players.values())
    assert "from the next game" in table.message.value
    assert table._opponents == "intermediate"


def test_the_box_refuses_a_level_it_does_not_offer_with_a_message() -> None:
    table = GameTable(seed=2)
    table.level_box.set_state({"index": 99})
    assert table.level_box.value == "beginner"
    assert "cannot take" in table.message.value


def test_a_table_of_a_kind_that_is_not_a_level_shows_no_box() -> None:
    table = GameTable(seed=2, opponents="random")
    assert table.level_box.layout.display == "none"
