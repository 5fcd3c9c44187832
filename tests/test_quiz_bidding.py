"""The bidding quiz's answers: simulated until they are settled, joined from chunks of
deals without losing one, and explained with the deals they came from.

How far the range moves across seeds is printed by ``benchmarks/bench_bid_quiz.py``
(a statistical figure, not asserted here)."""

from __future__ import annotations

import dataclasses

import pytest

from pinochle_tutor.bots.advisor import advise_bid
from pinochle_tutor.bots.bidding import BidEvaluation, TrumpOutlook, evaluate_bids
from pinochle_tutor.bots.montecarlo import InvalidSimulationError
from pinochle_tutor.cards import Suit
from pinochle_tutor.course.quiz import bidding, check_answer
from pinochle_tutor.course.quiz.items import BidQuiz
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED, RuleSet

HAND = "AS KS QS JS AH AH QD JD JD KC QC JC"


def _outlook(values: list[tuple[int, int]], rules: RuleSet = CLASSIC) -> TrumpOutlook:
    """An outlook of deals whose (side meld, trick points) are ``values``."""
    meld = tuple(m for m, _ in values)
    tricks = tuple(t for _, t in values)
    return TrumpOutlook(Suit.SPADES, 0, meld, meld, tricks, rules, (0.0,) * len(values))


def test_joined_deals_are_the_deals_of_both_runs() -> None:
    a = evaluate_bids(HAND, CLASSIC, samples=20, seed=1, trumps=[Suit.SPADES])
    b = evaluate_bids(HAND, CLASSIC, samples=30, seed=2, trumps=[Suit.SPADES])
    j = a.joined(b)
    assert j.samples == 50 and j.seed == a.seed and j.best.deals == 50
    for bid in range(250, 600, 10):
        want = (a.best.make_chance(bid) * 20 + b.best.make_chance(bid) * 30) / 50
        assert j.best.make_chance(bid) == pytest.approx(want)
        want = (a.passing.expected_score(bid) * 20 + b.passing.expected_score(bid) * 30) / 50
        assert j.passing.expected_score(bid) == pytest.approx(want)


def test_deals_of_another_hand_or_trump_are_refused_by_name() -> None:
    a = evaluate_bids(HAND, CLASSIC, samples=5, seed=1, trumps=[Suit.SPADES])
    other = evaluate_bids("AH 10H KH QH JH AS AD AC 10S 10D KC QC", CLASSIC, samples=5, seed=1,
                          trumps=[Suit.SPADES])  # fmt: skip
    with pytest.raises(InvalidSimulationError, match="only deals of the same hand"):
        a.joined(other)
    hearts = evaluate_bids(HAND, CLASSIC, samples=5, seed=1, trumps=[Suit.HEARTS])
    with pytest.raises(InvalidSimulationError, match="A♥"):
        a.joined(hearts)


def test_a_deals_scores_average_to_the_expected_score() -> None:
    o = evaluate_bids(HAND, CLASSIC, samples=40, seed=3).best
    for bid in (250, 300, 350, 400, 450):
        s = o.scores(bid)
        assert len(s) == 40
        assert sum(s) / len(s) == pytest.approx(o.expected_score(bid))


def test_a_range_is_settled_only_when_one_level_at_most_is_near_each_threshold() -> None:
    # 100 deals making 300 to 390: every level's chance is far from the next.
    spread = [(200, 100 + 10 * (k // 10)) for k in range(100)]
    assert not bidding.settled(_outlook(spread))  # 10 deals a level: levels near 70% are close
    # A fifth of the deals make 320, the rest 420: every level's chance (1, 0.8 or 0)
    # is far from every threshold.
    lumps = [(200, 120)] * 40 + [(200, 220)] * 160
    assert bidding.settled(_outlook(lumps))
    # The same spread over 10,000 deals: the chances are sharp enough.
    assert bidding.settled(_outlook(spread * 100))


def _chunk(values: list[tuple[int, int]]) -> BidEvaluation:
    """A chunk of simulated deals whose (side meld, trick points) with spades are ``values``."""
    base = evaluate_bids(HAND, CLASSIC, samples=2, seed=1, trumps=[Suit.SPADES])
    return dataclasses.replace(base, outlooks=(_outlook(values),), samples=len(values))


def test_a_range_stops_only_when_two_halves_of_the_deals_agree_to_a_step() -> None:
    # Made at 300 to 390 by tens, evenly: every end the same in both halves.
    even = [(200, 100 + 10 * (k % 10)) for k in range(100)]
    assert bidding.halves_agree([_chunk(even), _chunk(even)], Suit.SPADES)
    assert bidding.halves_agree([_chunk(even)] * 3, Suit.SPADES)  # the odd chunk joins a half
    # One chunk has no two halves to compare.
    assert not bidding.halves_agree([_chunk(even)], Suit.SPADES)
    # The second half makes 30 more on every deal: each end three bid steps apart.
    high = [(m, t + 30) for m, t in even]
    assert not bidding.halves_agree([_chunk(even), _chunk(high)], Suit.SPADES)
    # 10 more: one step apart, which another seed may move an end anyway.
    one_up = [(m, t + 10) for m, t in even]
    assert bidding.halves_agree([_chunk(even), _chunk(one_up)], Suit.SPADES)
    # The halves are the even and the odd chunks, not the first and the second half.
    assert bidding.halves_agree([_chunk(even), _chunk(one_up), _chunk(even), _chunk(one_up)],
                                Suit.SPADES)  # fmt: skip
    assert not bidding.halves_agree([_chunk(even), _chunk(high), _chunk(even), _chunk(high)],
                                    Suit.SPADES)  # fmt: skip


def test_a_clear_best_suit_is_simulated_alone_and_a_tie_with_the_second() -> None:
    run = advise_bid("AH 10H KH QH JH 9H AS 9S 9D JC 9C JS", CLASSIC, samples=48, seed=1)
    assert bidding.candidate_trumps(run) == [run.best.trump] == [Suit.HEARTS]
    # Hearts and diamonds hold the same cards: neither is better by more than the noise.
    twin = advise_bid("AH 10H KH QH JH AD 10D KD QD JD 9S 9C", CLASSIC, samples=48, seed=1)
    assert set(bidding.candidate_trumps(twin)) == {Suit.HEARTS, Suit.DIAMONDS}


@pytest.mark.parametrize("rules", [CLASSIC, DOUBLE_DECK, THREE_HANDED], ids=lambda r: r.name)
def test_the_answer_stops_when_settled_and_says_how_many_deals_it_used(rules: RuleSet) -> None:
    from pinochle_tutor.course.quiz import generate

    item = generate("bid", 11, level=1, rules=rules)
    assert isinstance(item, BidQuiz)
    o = bidding.outlook(tuple(sorted(item.hand)), rules)
    deals = o.advice.best.deals
    cap, chunk = bidding.deal_cap(rules), bidding.chunk_samples(rules)
    assert deals <= cap
    assert deals == cap or bidding.settled(o.advice.best)
    # Settling is checked after each chunk, from the second on (two halves to compare).
    assert deals >= min(cap, 2 * chunk)
    if deals < cap:
        assert deals % chunk == 0
    mark = check_answer(item, "pass")
    assert f"Simulated {deals:,} deals with" in mark.explanation
    assert f"In {deals:,} simulated deals" in mark.explanation
    first = bidding.first_look(tuple(sorted(item.hand)), rules).advice
    assert {x.trump for x in o.advice.outlooks} == set(bidding.candidate_trumps(first))


@pytest.mark.parametrize(
    ("rules", "scale"),
    [
        (CLASSIC, 1),  # 250 trick points in steps of 10: 25 steps
        (THREE_HANDED, 1),  # the same
        (DOUBLE_DECK, 4),  # 50 trick points in steps of 1: twice as many steps
        (CLASSIC.with_settings(bid_increment=5), 4),  # a house rule: bids by fives
        (CLASSIC.with_settings(bid_increment=1), 4),  # bids by ones: 100, held to the most
        (CLASSIC.with_settings(bid_increment=50), 1),  # coarser steps never fewer deals
        (DOUBLE_DECK.with_settings(bid_increment=2), 1),  # 25 steps, as classic
    ],
    ids=["classic", "three_handed", "double_deck", "by_fives", "by_ones", "by_fifties", "dd_by_twos"],
)
def test_finer_bid_steps_get_the_square_as_many_deals(rules: RuleSet, scale: int) -> None:
    assert bidding.deal_scale(rules) == scale
    assert bidding.deal_cap(rules) == bidding.ADVISOR_SAMPLES * scale
    assert bidding.chunk_samples(rules) == bidding.CHUNK_SAMPLES * scale


def test_a_double_deck_answer_adds_chunks_four_times_as_large_up_to_its_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With a cap of 36 and chunks of 12 at the classic scale, a double-deck answer
    simulates 96 or 144 deals per candidate trump (settled after two chunks, the fewest
    with two halves to compare, or at its cap), a classic one 24 or 36."""
    from pinochle_tutor.course.quiz import generate

    monkeypatch.setattr(bidding, "ADVISOR_SAMPLES", 36)
    monkeypatch.setattr(bidding, "CHUNK_SAMPLES", 12)
    bidding.clear_cache()  # no answer of these few deals may outlive the test
    try:
        for rules, allowed in ((DOUBLE_DECK, {96, 144}), (CLASSIC, {24, 36})):
            for seed in range(3):
                item = generate("bid", seed, level=1, rules=rules)
                assert isinstance(item, BidQuiz)
                o = bidding.simulate(tuple(sorted(item.hand)), rules, seed=7 + seed)
                deals = o.advice.best.deals
                assert deals in allowed
                assert deals == max(allowed) or bidding.settled(o.advice.best)
    finally:
        bidding.clear_cache()
