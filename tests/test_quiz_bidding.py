"""The bidding quiz's answers: simulated until they are settled, joined from chunks of
deals without losing one, and explained with the deals they came from.

How far the range moves across seeds is printed by ``benchmarks/bench_bid_quiz.py``
(a statistical figure, not asserted here)."""

from __future__ import annotations

import pytest

from pinochle_tutor.cards import Suit
from pinochle_tutor.coach.bid import TrumpOutlook, advise_bid, evaluate_bids
from pinochle_tutor.course.quiz import bidding, check_answer
from pinochle_tutor.course.quiz.kinds import BidQuiz
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED, RuleSet
from pinochle_tutor.sim.stats import InvalidSimulationError

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


def test_three_levels_within_three_errors_of_a_threshold_are_not_settled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A double-deck hand stopped at a chunk where one level was within two standard
    errors of 30% and its neighbours just outside, and moved two bid steps across seeds:
    the band is three errors wide. 10,000 deals (one error: 0.46 points of chance),
    made at 330 by 31.2%, 340 by 30.0%, 350 by 28.9%; the 70% and 50% ends are clear."""
    counts = {100: 1000, 110: 3000, 120: 2880, 130: 120, 140: 110, 150: 1890, 160: 1000}
    values = [(200, t) for t, n in counts.items() for _ in range(n)]
    o = _outlook(values)
    assert [round(o.make_chance(b), 3) for b in (330, 340, 350)] == [0.312, 0.3, 0.289]
    assert not bidding.settled(o)
    monkeypatch.setattr(bidding, "SETTLE_Z", 2.0)
    assert bidding.settled(o)  # what two errors let through


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
    # Settling is checked after each chunk: one chunk fewer would not have settled.
    if deals > chunk and deals < cap:
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
    """With a cap of 24 and chunks of 12 at the classic scale, a double-deck answer
    simulates 48 or 96 deals per candidate trump (settled after one chunk or at its cap),
    a classic one 12 or 24."""
    from pinochle_tutor.course.quiz import generate

    monkeypatch.setattr(bidding, "ADVISOR_SAMPLES", 24)
    monkeypatch.setattr(bidding, "CHUNK_SAMPLES", 12)
    bidding.clear_cache()  # no answer of these few deals may outlive the test
    try:
        for rules, allowed in ((DOUBLE_DECK, {48, 96}), (CLASSIC, {12, 24})):
            for seed in range(3):
                item = generate("bid", seed, level=1, rules=rules)
                assert isinstance(item, BidQuiz)
                o = bidding.simulate(tuple(sorted(item.hand)), rules, seed=7 + seed)
                deals = o.advice.best.deals
                assert deals in allowed
                assert deals == max(allowed) or bidding.settled(o.advice.best)
    finally:
        bidding.clear_cache()
