"""The auction. Seed: "Starting to the dealer's left, each player bids or passes.
Open at 250 or higher, then increase the current bid by at least 10, always in
multiples of 10. Once you pass, you cannot rejoin that auction. When three players
have passed, the remaining bidder becomes the declarer. If the first three players
pass without bidding, the dealer takes the contract at 250."

Calls are written as text: a number is a bid, ``P`` a pass.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle_tutor import (
    CLASSIC,
    DOUBLE_DECK,
    THREE_HANDED,
    Auction,
    IllegalBidError,
    PinochleError,
    RuleSet,
)
from pinochle_tutor.auction import AuctionProblem


def play(auction: Auction, calls: str) -> list[int | None]:
    """Make the calls in order; return the seat that made each one."""
    seats: list[int | None] = []
    for call in calls.split():
        seats.append(auction.turn)
        if call == "P":
            auction.pass_()
        else:
            auction.bid(int(call))
    return seats


# --------------------------------------------------------------- whole auctions

AUCTIONS = [
    # (dealer, rules, calls, seats that call in order, declarer, contract, stuck)
    pytest.param(
        0, CLASSIC, "P P P", [1, 2, 3], 0, 250, True, id="first-three-pass-dealer-stuck-at-250"
    ),
    pytest.param(2, CLASSIC, "P P P", [3, 0, 1], 2, 250, True, id="dealer-2-stuck"),
    pytest.param(
        0, CLASSIC, "250 P P P", [1, 2, 3, 0], 1, 250, False, id="open-250-three-pass"
    ),
    pytest.param(
        0, CLASSIC, "P P 250 P", [1, 2, 3, 0], 3, 250, False, id="third-seat-opens-dealer-passes"
    ),
    pytest.param(
        0, CLASSIC, "P P 250 300 P", [1, 2, 3, 0, 3], 0, 300, False,
        id="dealer-outbids-not-stuck",
    ),
    # "Once you pass, you cannot rejoin that auction": seat 2 is skipped
    pytest.param(
        0, CLASSIC, "250 P 260 270 280 P P", [1, 2, 3, 0, 1, 3, 0], 1, 280, False,
        id="pass-is-final-seat-skipped",
    ),
    # "increase the current bid by at least 10": jumps are fine
    pytest.param(
        1, CLASSIC, "250 400 P P P", [2, 3, 0, 1, 2], 3, 400, False, id="jump-bid"
    ),
    pytest.param(
        3, CLASSIC, "300 310 320 330 P P P", [0, 1, 2, 3, 0, 1, 2], 3, 330, False,
        id="everyone-bids-then-three-pass",
    ),
    # three-handed: "ends when two have passed; if the first two pass, the dealer takes it at 250"
    pytest.param(0, THREE_HANDED, "P P", [1, 2], 0, 250, True, id="three-handed-stuck"),
    pytest.param(
        0, THREE_HANDED, "250 P P", [1, 2, 0], 1, 250, False, id="three-handed-two-passes"
    ),
    pytest.param(
        2, THREE_HANDED, "P 260 270 P", [0, 1, 2, 1], 2, 270, False, id="three-handed-dealer-wins"
    ),
    # double deck: "open at 50, raise by 1, dealer takes it at 50 if all pass"
    pytest.param(0, DOUBLE_DECK, "P P P", [1, 2, 3], 0, 50, True, id="double-deck-stuck-at-50"),
    pytest.param(
        0, DOUBLE_DECK, "50 51 52 P P P", [1, 2, 3, 0, 1, 2], 3, 52, False,
        id="double-deck-raise-by-1",
    ),
]  # fmt: skip


@pytest.mark.parametrize(
    ("dealer", "rules", "calls", "seats", "declarer", "contract", "stuck"), AUCTIONS
)
def test_auction(
    dealer: int,
    rules: RuleSet,
    calls: str,
    seats: list[int],
    declarer: int,
    contract: int,
    stuck: bool,
) -> None:
    auction = Auction(dealer, rules)
    assert play(auction, calls) == seats
    assert auction.is_over
    assert auction.declarer == declarer
    assert auction.contract == contract
    assert auction.stuck is stuck


def test_the_first_to_act_is_left_of_the_dealer() -> None:
    for dealer in range(4):
        assert Auction(dealer).turn == (dealer + 1) % 4
    for dealer in range(3):
        assert Auction(dealer, THREE_HANDED).turn == (dealer + 1) % 3


def test_fresh_auction_state() -> None:
    auction = Auction(0)
    assert not auction.is_over
    assert auction.high_bid is None
    assert auction.passed == set()
    assert auction.history == []
    assert auction.min_bid == 250
    assert not auction.stuck


def test_history_and_passed() -> None:
    auction = Auction(0)
    play(auction, "250 P 260")
    assert auction.history == [(1, 250), (2, None), (3, 260)]
    assert auction.passed == {2}
    assert auction.high_bid == 260
    assert auction.turn == 0
    assert not auction.is_over


def test_the_auction_is_not_over_until_three_have_passed() -> None:
    auction = Auction(0)
    play(auction, "250 P P")
    assert not auction.is_over
    assert auction.turn == 0
    auction.pass_()
    assert auction.is_over


def test_the_stuck_dealer_has_no_choice() -> None:
    """RULES.md: "the dealer takes the contract at 250 (no choice)"."""
    auction = Auction(0)
    play(auction, "P P P")
    assert auction.is_over
    with pytest.raises(IllegalBidError):
        auction.bid(300)
    with pytest.raises(IllegalBidError):
        auction.pass_()
    assert auction.contract == 250


def test_a_passed_player_never_gets_the_turn_again() -> None:
    auction = Auction(0)
    play(auction, "P 250 260 270")
    for _ in range(3):
        assert auction.turn != 1
        auction.bid(auction.min_bid)
    assert 1 in auction.passed


# ------------------------------------------------------------------- the minimum bid


@pytest.mark.parametrize(
    ("rules", "calls", "minimum"),
    [
        pytest.param(CLASSIC, "", 250, id="open-at-250"),
        pytest.param(CLASSIC, "P", 250, id="still-250-after-a-pass"),
        pytest.param(CLASSIC, "250", 260, id="raise-by-10"),
        pytest.param(CLASSIC, "300", 310, id="after-300"),
        pytest.param(DOUBLE_DECK, "", 50, id="double-deck-open-at-50"),
        pytest.param(DOUBLE_DECK, "50", 51, id="double-deck-raise-by-1"),
        pytest.param(THREE_HANDED, "250", 260, id="three-handed-raise-by-10"),
    ],
)
def test_min_bid(rules: RuleSet, calls: str, minimum: int) -> None:
    auction = Auction(0, rules)
    play(auction, calls)
    assert auction.min_bid == minimum
    assert auction.check_bid(minimum).legal


# -------------------------------------------------------------------- illegal bids

ILLEGAL = [
    # (rules, calls before, amount)
    pytest.param(CLASSIC, "", 240, id="below-opening-250"),
    pytest.param(CLASSIC, "", 200, id="far-below-opening"),
    pytest.param(CLASSIC, "P P", 0, id="zero"),
    pytest.param(CLASSIC, "", 255, id="opening-not-a-multiple-of-10"),
    pytest.param(CLASSIC, "", 251, id="opening-251"),
    pytest.param(CLASSIC, "250", 250, id="equal-to-current-bid"),
    pytest.param(CLASSIC, "250", 255, id="raise-by-5"),
    pytest.param(CLASSIC, "250", 265, id="raise-not-a-multiple-of-10"),
    pytest.param(CLASSIC, "300", 290, id="below-current-bid"),
    pytest.param(CLASSIC, "300 P", 300, id="equal-after-a-pass"),
    pytest.param(CLASSIC, "250 P P P", 260, id="after-the-auction-is-over"),
    pytest.param(CLASSIC, "P P P", 260, id="after-the-dealer-is-stuck"),
    pytest.param(DOUBLE_DECK, "", 49, id="double-deck-below-50"),
    pytest.param(DOUBLE_DECK, "55", 55, id="double-deck-not-above"),
    pytest.param(THREE_HANDED, "", 240, id="three-handed-below-250"),
    pytest.param(THREE_HANDED, "250 P P", 260, id="three-handed-over-after-two-passes"),
]


@pytest.mark.parametrize(("rules", "calls", "amount"), ILLEGAL)
def test_illegal_bid_raises_quoting_the_amount(rules: RuleSet, calls: str, amount: int) -> None:
    auction = Auction(0, rules)
    play(auction, calls)
    before = (auction.turn, auction.high_bid, list(auction.history), set(auction.passed))
    with pytest.raises(IllegalBidError) as info:
        auction.bid(amount)
    after = (auction.turn, auction.high_bid, list(auction.history), set(auction.passed))
    assert after == before, "an illegal bid changes nothing"
    assert str(amount) in str(info.value), "the message quotes the amount"


@pytest.mark.parametrize(("rules", "calls", "amount"), ILLEGAL)
def test_check_bid_says_no_without_raising(rules: RuleSet, calls: str, amount: int) -> None:
    auction = Auction(0, rules)
    play(auction, calls)
    verdict = auction.check_bid(amount)
    assert not verdict.legal
    assert verdict.reason


@pytest.mark.parametrize(
    ("calls", "amount"),
    [
        pytest.param("", 250, id="open-250"),
        pytest.param("", 500, id="open-high"),
        pytest.param("250", 260, id="raise-by-10"),
        pytest.param("250", 350, id="raise-by-100"),
        pytest.param("250 P", 300, id="after-a-pass"),
    ],
)
def test_legal_bids(calls: str, amount: int) -> None:
    auction = Auction(0)
    play(auction, calls)
    assert auction.check_bid(amount).legal
    auction.bid(amount)
    assert auction.high_bid == amount


@pytest.mark.parametrize(
    "amount",
    [
        pytest.param("300", id="text"),
        pytest.param(300.0, id="float"),
        pytest.param(None, id="none"),
        pytest.param(True, id="bool"),
    ],
)
def test_a_bid_that_is_not_a_whole_number(amount: object) -> None:
    auction = Auction(0)
    assert not auction.check_bid(amount).legal  # a query never raises
    with pytest.raises(IllegalBidError):
        auction.bid(amount)  # type: ignore[arg-type]
    assert auction.history == []


def test_pass_after_the_auction_is_over_raises() -> None:
    auction = Auction(0)
    play(auction, "250 P P P")
    with pytest.raises(IllegalBidError):
        auction.pass_()


def test_bid_errors_are_pinochle_errors() -> None:
    assert issubclass(IllegalBidError, PinochleError)
    assert issubclass(IllegalBidError, ValueError)


# ------------------------------------------------------------------------ properties


@st.composite
def auctions(draw: st.DrawFn) -> tuple[Auction, list[tuple[int, int | None]]]:
    """A random auction played to the end with legal calls."""
    rules = draw(st.sampled_from([CLASSIC, DOUBLE_DECK, THREE_HANDED]))
    auction = Auction(draw(st.integers(0, rules.players - 1)), rules)
    calls: list[tuple[int, int | None]] = []
    while not auction.is_over:
        seat = auction.turn
        assert seat is not None
        assert seat not in auction.passed
        if len(calls) >= 20 or draw(st.booleans()):  # long enough: pass to the end
            auction.pass_()
            calls.append((seat, None))
        else:
            amount = auction.min_bid + rules.bid_increment * draw(st.integers(0, 5))
            auction.bid(amount)
            calls.append((seat, amount))
        assert len(calls) < 20 + rules.players, "an auction ends once the others pass"
    return auction, calls


@settings(max_examples=1000, derandomize=True, deadline=None)
@given(played=auctions())
def test_random_auctions_follow_the_rules(
    played: tuple[Auction, list[tuple[int, int | None]]],
) -> None:
    auction, calls = played
    rules = auction.rules
    n = rules.players
    assert auction.history == calls
    # passes are final, and it ends when all but one have passed
    passers = [seat for seat, amount in calls if amount is None]
    assert len(passers) == len(set(passers)) == n - 1
    assert auction.passed == set(passers)
    # turns go clockwise from the dealer's left, skipping those who passed
    expected = (auction.dealer + 1) % n
    out: set[int] = set()
    for seat, amount in calls:
        while expected in out:
            expected = (expected + 1) % n
        assert seat == expected
        if amount is None:
            out.add(seat)
        expected = (expected + 1) % n
    # bids open at the minimum or more and rise by the increment, in its multiples
    bids = [amount for _, amount in calls if amount is not None]
    assert all(amount % rules.bid_increment == 0 for amount in bids)
    assert all(amount >= rules.opening_bid for amount in bids)
    assert all(b - a >= rules.bid_increment for a, b in itertools.pairwise(bids))
    if bids:
        assert not auction.stuck
        assert auction.contract == bids[-1]
        assert auction.declarer == next(seat for seat, amount in calls if amount == bids[-1])
        assert auction.declarer not in auction.passed
    else:
        assert auction.stuck
        assert auction.declarer == auction.dealer
        assert auction.contract == rules.stuck_bid
        assert [seat for seat, _ in calls] == [(auction.dealer + k) % n for k in range(1, n)]
    assert not auction.check_bid(auction.min_bid).legal


@pytest.mark.parametrize("rules", [CLASSIC, DOUBLE_DECK, THREE_HANDED], ids=lambda r: r.name)
def test_a_mistyped_huge_bid_is_refused_by_the_tutors_bound(rules: RuleSet) -> None:
    """Not a rule of the game: an input bound far above any hand's worth."""
    a = Auction(dealer=0, rules=rules)
    assert a.check_bid(rules.max_bid).legal
    v = a.check_bid(10**30)
    assert not v.legal and v.problem is AuctionProblem.TOO_HIGH
    assert f"up to {rules.max_bid}" in v.reason and str(10**30) in v.reason
    assert rules.max_bid == min(rules.opening_bid + 2000 * rules.bid_increment,
                                rules.most_points // rules.bid_increment * rules.bid_increment)
    assert not a.check_bid(rules.max_bid + rules.bid_increment).legal
