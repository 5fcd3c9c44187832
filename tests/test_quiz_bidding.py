"""The bidding quiz's answers: simulated until they are settled, joined from chunks of
deals without losing one, and explained with the deals they came from.

How far the range moves across seeds is printed by ``benchmarks/bench_bid_quiz.py``
(a statistical figure, not asserted here)."""

from __future__ import annotations

import pytest

from pinochle_tutor.cards import Suit, parse_cards
from pinochle_tutor.coach.bid import BidEvaluation, advise_bid, evaluate_bids
from pinochle_tutor.course.quiz import bidding, check_answer
from pinochle_tutor.course.quiz.kinds import BidQuiz
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED, RuleSet
from pinochle_tutor.sim.bidding import PassOutlook, TrumpOutlook
from pinochle_tutor.sim.inference import AuctionInfo
from pinochle_tutor.sim.stats import InvalidSimulationError

HAND = "AS KS QS JS AH AH QD JD JD KC QC JC"


def _outlook(values: list[tuple[int, int]], rules: RuleSet = CLASSIC) -> TrumpOutlook:
    """An outlook of deals whose (side meld, trick points) are ``values``."""
    meld = tuple(m for m, _ in values)
    tricks = tuple(t for _, t in values)
    return TrumpOutlook(Suit.SPADES, 0, meld, meld, tricks, rules, (0.0,) * len(values))


def _evaluation(values: list[tuple[int, int]], passing: float = 0.0) -> BidEvaluation:
    """An opening evaluation of deals whose (side meld, trick points) are ``values`` with
    spades, passing scoring ``passing`` on every deal (a contract the auction fixed)."""
    n = len(values)
    hand = tuple(parse_cards(HAND))
    pass_outlook = PassOutlook((1,) * n, (-1,) * n, (passing,) * n, (0.0,) * n, CLASSIC,
                               (250,) * n, (250,) * n)  # fmt: skip
    return BidEvaluation(hand, CLASSIC, AuctionInfo.opening(CLASSIC), (_outlook(values),),
                         pass_outlook, n, 0)  # fmt: skip


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


def test_a_range_is_settled_only_when_one_level_at_most_is_near_each_boundary(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The range's ends are where holding the contract against passing crosses
    break-even or the margin either side (:attr:`BidEvaluation.accepted`); it is settled
    when at most one level's gain is within SETTLE_Z errors of each boundary."""
    # 100 deals making 300 to 390: the gains' errors (tens of points) cover several levels.
    spread = [(200, 100 + 10 * (k // 10)) for k in range(100)]
    assert not bidding.settled(_evaluation(spread))
    # The same spread over 10,000 deals: the gains are sharp enough.
    assert bidding.settled(_evaluation(spread * 100))
    # Every deal makes 320: the gain steps from +320 at 320 to -330 at 330, far from
    # every boundary (no error at all).
    assert bidding.settled(_evaluation([(200, 120)] * 50))
    # No band at all: nothing is ever near a boundary.
    monkeypatch.setattr(bidding, "SETTLE_Z", 0.0)
    assert bidding.settled(_evaluation(spread))


def test_the_accepted_calls_read_the_gains_against_passing() -> None:
    """Where every deal makes exactly 320 and passing scores nothing, holding the
    contract gains its full value up to 320 and costs the bid above it (no error): the
    most worth bidding is 320 and the only top bid accepted, a pass is not accepted."""
    ev = _evaluation([(200, 120)] * 50)
    a = ev.accepted
    assert (a.min_bid, a.limit, a.low, a.high, a.pass_ok) == (250, 320, 320, 320, False)
    assert a.accepts_top(320) and not a.accepts_top(310) and not a.accepts_top(330)
    assert a.accepts_call(250) and a.accepts_call(320) and not a.accepts_call(330)
    # Passing that scores as well as holding 320: every level up to 320 is close enough,
    # and a pass is accepted; 330 loses 330 + 320 against passing, far past the margin.
    close = _evaluation([(200, 120)] * 50, passing=320.0 - ev.margin / 2)
    c = close.accepted
    assert (c.limit, c.low, c.high, c.pass_ok) == (320, 250, 320, True)
    # Passing that scores more than any contract: pass only.
    none = _evaluation([(200, 120)] * 50, passing=400.0).accepted
    assert (none.limit, none.low, none.high, none.pass_ok) == (None, None, None, True)


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
    info = AuctionInfo.from_auction(item.auction())
    o = bidding.outlook(tuple(sorted(item.hand)), info)
    assert o.evaluation is not None and o.evaluation.info == info
    deals = o.best.deals
    cap, chunk = bidding.deal_cap(rules), bidding.chunk_samples(rules)
    assert deals <= cap
    assert deals == cap or bidding.settled(o.evaluation)
    # Settling is checked after each chunk: one chunk fewer would not have settled.
    if deals > chunk and deals < cap:
        assert deals % chunk == 0
    mark = check_answer(item, "pass")
    assert f"The coach played out {deals:,} deals with" in mark.explanation
    assert f"The coach dealt the cards you cannot see {deals:,} times" in o.worked_lines()[0]
    first = bidding.first_look(tuple(sorted(item.hand)), info)
    assert {x.trump for x in o.outlooks} == set(bidding.candidate_trumps(first))


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
                info = AuctionInfo.from_auction(item.auction())
                o = bidding.simulate(tuple(sorted(item.hand)), info, seed=7 + seed)
                assert o.evaluation is not None
                deals = o.best.deals
                assert deals in allowed
                assert deals == max(allowed) or bidding.settled(o.evaluation)
    finally:
        bidding.clear_cache()
