"""The bidding advisor: reproducible, sane on clear cases, honest about its numbers."""

from __future__ import annotations

import pytest

from pinochle_tutor import (
    CLASSIC,
    DOUBLE_DECK,
    THREE_HANDED,
    Auction,
    PinochleError,
    deal,
    parse_cards,
)
from pinochle_tutor.coach.bid import advise_bid

STRONG = "AH 10H KH QH JH AS AD AC KS 10S 9D JC"  # a heart run and aces around
SWAPPED = (
    "9S 10H KH QH 9D JS JD JC KS 10S 9D JC"  # run's A, J and the aces -> off-suit 9s and jacks
)
WEAK = "10S 10H 10D 10C KS KH QD QD JC JC JH 10S"  # no aces and no meld for any trump


def test_same_seed_same_advice() -> None:
    a = advise_bid(STRONG, samples=60, seed=5)
    b = advise_bid(STRONG, samples=60, seed=5)
    assert a == b
    assert a.explanation == b.explanation


def test_run_and_aces_are_worth_more_than_nines_and_jacks() -> None:
    strong = advise_bid(STRONG, samples=200, seed=1)
    swapped = advise_bid(SWAPPED, samples=200, seed=1)
    assert strong.best.trump.letter == "H"
    assert strong.limit is not None
    assert swapped.limit is None or strong.limit > swapped.limit + 100
    assert strong.best.meld == 250  # run 150 + aces around 100
    assert strong.recommended == CLASSIC.opening_bid


def test_no_meld_no_aces_is_told_to_pass() -> None:
    advice = advise_bid(WEAK, samples=200, seed=1)
    assert advice.recommended is None
    assert "Pass" in advice.explanation


def test_the_auction_sets_the_lowest_bid() -> None:
    auction = Auction(dealer=0)
    auction.bid(250)
    auction.bid(400)
    advice = advise_bid(STRONG, auction=auction, samples=100, seed=1)
    assert advice.min_bid == 410
    assert advice.recommended in (None, 410)
    if advice.limit is not None and advice.limit >= 410:
        assert advice.recommended == 410


def test_numbers_behind_the_explanation() -> None:
    advice = advise_bid(STRONG, samples=100, seed=3)
    best = advice.best
    assert best.deals == 100 and len(best.side_meld) == 100
    assert all(0 <= t <= CLASSIC.total_trick_points for t in best.tricks)
    assert all(m >= best.meld or m >= 0 for m in best.side_meld)
    chart = best.chart()
    chances = [p for _, p in chart]
    assert chances == sorted(chances, reverse=True)  # higher bids are never easier
    assert chart[-1][1] == 0.0
    assert best.make_chance(advice.limit or CLASSIC.opening_bid) >= 0.5 or advice.limit is None
    assert f"{best.meld} meld" in advice.explanation


def test_progress_is_reported_to_the_end() -> None:
    seen: list[tuple[int, int]] = []
    advise_bid(STRONG, samples=30, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (30, 30)  # deals, each played once per trump and once passing
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


@pytest.mark.parametrize("rules", [DOUBLE_DECK, THREE_HANDED], ids=lambda r: r.name)
def test_other_versions(rules: object) -> None:
    from pinochle_tutor import RuleSet

    assert isinstance(rules, RuleSet)
    hand = deal(0, rules, seed=4).hands[1]
    advice = advise_bid(hand, rules=rules, samples=40, seed=2)
    assert all(0 <= t <= rules.total_trick_points for o in advice.outlooks for t in o.tricks)
    assert advice.min_bid == rules.opening_bid
    assert advice.limit is None or advice.limit % rules.bid_increment == 0


def test_bad_input_is_named() -> None:
    with pytest.raises(PinochleError, match="12 cards, not 3"):
        advise_bid("AS KS QS")
    with pytest.raises(PinochleError, match="samples=0"):
        advise_bid(STRONG, samples=0)
    with pytest.raises(PinochleError, match=r"confidence=1\.5"):
        advise_bid(STRONG, confidence=1.5)
    assert parse_cards(STRONG)


def test_pass_gain_and_kitty_are_reported() -> None:
    classic = advise_bid(STRONG, samples=50, seed=1)
    assert all(o.pass_gain >= -o.meld for o in classic.outlooks)
    assert f"the {CLASSIC.exchange_size} cards your partner passes you add" in classic.explanation
    hand = deal(0, THREE_HANDED, seed=1).hands[1]
    three = advise_bid(hand, rules=THREE_HANDED, samples=30, seed=1)
    assert "the kitty adds" in three.explanation


@pytest.mark.parametrize("rules", [CLASSIC, DOUBLE_DECK, THREE_HANDED], ids=lambda r: r.name)
def test_the_levels_on_request_are_the_evaluations_numbers(rules: object) -> None:
    """The alternatives a learner may ask for (in "How the coach worked this out"): each
    level from the lowest bid now to two steps past the limit (at most ten, the limit
    kept), its chance and expected score with the recommended trump, passing's expected
    score at that level, and the gain's standard error from the same deals pair by pair."""
    from pinochle_tutor import RuleSet
    from pinochle_tutor.sim.stats import stderr_of_mean

    assert isinstance(rules, RuleSet)
    for seed in range(3):
        advice = advise_bid(deal(0, rules, seed=seed).hands[1], rules=rules, samples=40, seed=2)
        ev, reasoning = advice.evaluation, advice.reasoning
        assert ev is not None and reasoning is not None
        levels = reasoning.levels
        assert 1 <= len(levels) <= 10 and levels[0].level == ev.min_bid
        assert [v.level for v in levels] == sorted({v.level for v in levels})
        top = max(ev.limit or ev.min_bid, ev.min_bid) + 2 * rules.bid_increment
        assert levels[-1].level == min(rules.max_bid, top)
        if ev.limit is not None:
            assert ev.limit in [v.level for v in levels]
        # On request, among the figures of "How the coach worked this out", one line a level.
        worked = reasoning.alternatives_lines()
        assert worked == reasoning.worked_lines() == advice.worked_lines()
        lines = [line for line in worked if line.startswith("Hold ")]
        assert len(lines) == len(levels)
        for v, line in zip(levels, lines, strict=True):
            assert v.chance == ev.best.make_chance(v.level)
            assert v.score == round(ev.best.expected_score(v.level))
            assert v.pass_score == round(ev.pass_score(v.level))
            held = ev.best.scores(v.level)
            passed = ev.passing.scores(ev.pass_contract(v.level))
            diffs = [a - b for a, b in zip(held, passed, strict=True)]
            assert sum(diffs) / len(diffs) == pytest.approx(ev.gain(v.level))
            assert v.gain_stderr == pytest.approx(stderr_of_mean(diffs))
            assert line.startswith(f"Hold {v.level} with {reasoning.trump.plural}:")
            assert f"a gain of {v.score - v.pass_score:+d} ±" in line
