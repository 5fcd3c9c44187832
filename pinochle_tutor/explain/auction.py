"""Explaining the auction: why a bid, a pass or a call is allowed or refused.

Starting at the dealer's left, each player in turn bids or passes. The opening
bid is at least 250 and every bid raises the current bid by at least 10 (classic).
Once you pass, you cannot rejoin that auction; when all but one have passed, the
remaining bidder is the declarer. :func:`explain_bid`, :func:`explain_pass` and
:func:`explain_call` name the rule behind each call; given the learner's seat
(``me``), every seat is said as the learner says it ("You have passed", "your 280"),
otherwise by its number ("Seat 2 has passed", "seat 2's 280"), always through
:func:`_seat`.

>>> explain_bid(Auction(dealer=0), 240).rule
<AuctionRule.OPENING_MINIMUM: 'opening minimum'>
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from pinochle_tutor.auction import Auction, AuctionProblem, BidVerdict
from pinochle_tutor.rules import CLASSIC, RuleSet, check_seat
from pinochle_tutor.view import seat_does, seat_whose

# ===================================================================== 6. the auction


class AuctionRule(Enum):
    """The auction rules a call is judged by."""

    TURN_ORDER = "turn order"
    """Starting at the dealer's left, each player in turn bids or passes."""
    OPENING_MINIMUM = "opening minimum"
    """The opening bid is at least 250 (classic)."""
    INCREMENT = "multiples of the increment"
    """Every bid is a multiple of 10 (classic)."""
    RAISE = "raise"
    """Every bid raises the current bid by at least 10 (classic)."""
    PASS_IS_FINAL = "a pass is final"
    """Once you pass, you cannot rejoin that auction."""
    AUCTION_OVER = "the auction is over"
    """When all but one have passed, the remaining bidder is the declarer."""
    DEALER_STUCK = "the dealer is stuck"
    """If everyone before the dealer passes without a bid, the dealer takes the contract."""
    WHOLE_NUMBER = "whole number"
    """A bid is a whole number of points."""
    TUTOR_BOUND = "the tutor's bound on bids"
    """Not a rule of the game: the tutor takes bids up to :attr:`RuleSet.max_bid`
    (far above what any hand is worth), so a mistyped number is caught."""

    def statement(self, rules: RuleSet = CLASSIC) -> str:
        """The rule in a sentence, with the numbers of ``rules``."""
        others = rules.players - 1
        return {
            AuctionRule.TURN_ORDER: "Starting at the dealer's left, each player in turn bids or passes.",
            AuctionRule.OPENING_MINIMUM: f"The opening bid must be at least {rules.opening_bid}.",
            AuctionRule.INCREMENT: f"Bids go up in multiples of {rules.bid_increment}.",
            AuctionRule.RAISE: f"Each bid must raise the current bid by at least {rules.bid_increment}.",
            AuctionRule.PASS_IS_FINAL: "Once you pass, you cannot rejoin that auction.",
            AuctionRule.AUCTION_OVER: f"When {others} players have passed, the remaining bidder is the declarer.",
            AuctionRule.DEALER_STUCK: (
                f"If the first {others} players pass without bidding, the dealer takes the "
                f"contract at {rules.stuck_bid} and has no choice."
            ),
            AuctionRule.WHOLE_NUMBER: "A bid is a whole number of points.",
            AuctionRule.TUTOR_BOUND: (
                f"The tutor takes bids up to {rules.max_bid}, far more than any hand is worth."
            ),
        }[self]


_PROBLEM_RULE = {
    AuctionProblem.AUCTION_OVER: AuctionRule.AUCTION_OVER,
    AuctionProblem.ALREADY_PASSED: AuctionRule.PASS_IS_FINAL,
    AuctionProblem.BELOW_OPENING: AuctionRule.OPENING_MINIMUM,
    AuctionProblem.NOT_MULTIPLE: AuctionRule.INCREMENT,
    AuctionProblem.NOT_ABOVE: AuctionRule.RAISE,
    AuctionProblem.NOT_A_NUMBER: AuctionRule.WHOLE_NUMBER,
    AuctionProblem.TOO_HIGH: AuctionRule.TUTOR_BOUND,
    AuctionProblem.DEALER_STUCK: AuctionRule.DEALER_STUCK,
}


@dataclass(frozen=True)
class BidExplanation:
    """Whether a call (a bid of ``amount``, or a pass when it is ``None``) is
    allowed now, the auction rule that decides it, and the numbers involved."""

    seat: int | None
    """The seat making the call (``None`` once the auction is over and none was given)."""
    amount: object
    """The bid (``None`` for a pass); kept as given, so a bad value can be quoted."""
    legal: bool
    rule: AuctionRule
    problem: AuctionProblem | None
    """The engine's problem code, when the engine judged the call."""
    reason: str
    minimum: int | None
    """The lowest bid allowed at that moment."""
    high_bid: int | None
    high_bidder: int | None
    turn: int | None
    """The seat whose turn it is (``None`` once the auction is over)."""
    verdict: BidVerdict | None = None
    """The engine's verdict, when the engine judged the call."""
    me: int | None = None
    """The seat the sentences are said from (``'you'``), or ``None``: seats by number."""

    @property
    def is_pass(self) -> bool:
        """Whether the call is a pass."""
        return self.amount is None

    @property
    def text(self) -> str:
        """The verdict in plain words."""
        return self.reason

    def __str__(self) -> str:
        return self.text


def _seat(
    seat: int,
    me: int | None,
    rules: RuleSet,
    verb: str = "",
    *,
    whose: bool = False,
    alone: bool = False,
    start: bool = False,
) -> str:
    """A seat as every sentence of this module says it, seen from ``me``: the subject
    with ``verb`` agreeing (``verb`` as it goes with "you": ``'You have passed'``,
    ``'The left opponent has passed'``), or ``whose`` (``'your 280'``, ``"your partner's
    turn"``; ``alone``: ``'not yours'``); by number when ``me`` is ``None`` (``'Seat 2
    has passed'``, ``"seat 2's"``). The one path, so the learner is never "You has"
    or "you's" (:func:`~pinochle_tutor.view.seat_does`,
    :func:`~pinochle_tutor.view.seat_whose`)."""
    if whose:
        return seat_whose(seat, me, rules, alone=alone, start=start)
    return seat_does(seat, me, rules, verb, start=start)


def _from_verdict(
    auction: Auction, verdict: BidVerdict, amount: object, me: int | None
) -> BidExplanation:
    """The engine's verdict as an explanation, its sentence said from ``me`` (every seat
    it names through :func:`_seat`)."""
    r = auction.rules
    if verdict.legal:
        if amount is None:
            rule = AuctionRule.PASS_IS_FINAL
        else:
            rule = AuctionRule.OPENING_MINIMUM if auction.high_bid is None else AuctionRule.RAISE
    else:
        assert verdict.problem is not None
        rule = _PROBLEM_RULE[verdict.problem]
    reason = verdict.reason
    seat = verdict.seat
    if verdict.problem is AuctionProblem.AUCTION_OVER:
        assert auction.declarer is not None
        call = "pass" if amount is None else f"bid of {amount!r}"
        reason = (
            f"No {call} now: the auction is over; {_seat(auction.declarer, me, r)} won it "
            f"at {auction.contract}."
        )
        if auction.stuck:
            reason += " " + AuctionRule.DEALER_STUCK.statement(r)
    elif seat is None:
        pass
    elif verdict.problem is AuctionProblem.NOT_ABOVE:
        reason = (
            f"A bid of {amount} does not beat the current bid of {auction.high_bid}: "
            f"{_seat(seat, me, r)} must bid at least {verdict.minimum} (a raise of "
            f"{r.bid_increment} or more)."
        )
    elif verdict.legal and amount is None:
        reason = f"{_seat(seat, me, r, start=True)} may pass; a pass is final for this auction."
    elif verdict.legal:
        if auction.high_bid is None:
            reason = (
                f"{_seat(seat, me, r, start=True)} may open the bidding at {amount} "
                f"(at least {r.opening_bid})."
            )
        else:
            assert auction.high_bidder is not None
            reason = (
                f"{_seat(seat, me, r, start=True)} may bid {amount}: it raises "
                f"{_seat(auction.high_bidder, me, r, whose=True)} {auction.high_bid} by "
                f"{int(str(amount)) - auction.high_bid}."
            )
    return BidExplanation(
        seat, amount, verdict.legal, rule, verdict.problem, reason, verdict.minimum,
        auction.high_bid, auction.high_bidder, auction.turn, verdict, me,
    )  # fmt: skip


def explain_bid(auction: Auction, amount: object, *, me: int | None = None) -> BidExplanation:
    """Whether the seat to act may bid ``amount`` now: the opening bid is at least
    250, bids are multiples of 10, each bid raises the last by at least 10, and
    nobody bids once the auction is over (classic numbers). ``me``: the learner's
    seat, whom the sentence calls "you" (``None``: seats by number).

    >>> explain_bid(Auction(dealer=0), 240).rule
    <AuctionRule.OPENING_MINIMUM: 'opening minimum'>
    >>> a = Auction(dealer=0)
    >>> a.bid(250)
    >>> explain_bid(a, 280, me=1).text
    'The left opponent may bid 280: it raises your 250 by 30.'
    """
    return _from_verdict(auction, auction.check_bid(amount), amount, me)


def explain_pass(auction: Auction, *, me: int | None = None) -> BidExplanation:
    """Whether the seat to act may pass now (always, until the auction is over; a
    pass is final); ``me`` as for :func:`explain_bid`."""
    return _from_verdict(auction, auction.check_pass(), None, me)


def explain_call(
    auction: Auction, seat: int, amount: object = None, *, me: int | None = None
) -> BidExplanation:
    """Whether ``seat`` may bid ``amount`` (or pass, when ``amount`` is ``None``)
    now. Besides the checks of :func:`explain_bid`, this says when the seat has
    already passed (a pass is final), when it is another seat's turn, and when
    the dealer is stuck with the contract. ``me``: the learner's seat, whom the
    sentences call "you" (``None``: every seat by its number).

    >>> a = Auction(dealer=3)
    >>> a.pass_()
    >>> explain_call(a, 0, 250, me=0).text
    "You have passed; a pass is final, so you cannot bid in this auction. It is the left opponent's turn."

    Raises :class:`~pinochle_tutor.rules.InvalidSeatError` if ``seat`` is not a seat."""
    rules = auction.rules
    check_seat(seat, rules, "seat")
    call = "pass" if amount is None else f"bid {amount}"

    def refuse(rule: AuctionRule, problem: AuctionProblem | None, reason: str) -> BidExplanation:
        return BidExplanation(
            seat, amount, False, rule, problem, reason, None if auction.is_over else auction.min_bid,
            auction.high_bid, auction.high_bidder, auction.turn, None, me,
        )  # fmt: skip

    if auction.is_over:
        if auction.stuck and seat == auction.dealer:
            return refuse(
                AuctionRule.DEALER_STUCK, AuctionProblem.DEALER_STUCK,
                f"{_seat(seat, me, rules, start=True)} cannot {call}: the other players all passed "
                f"without a bid, so the dealer ({_seat(seat, me, rules)}) is stuck with the contract "
                f"at {auction.contract} and has no choice.",
            )  # fmt: skip
        verdict = auction.check_pass() if amount is None else auction.check_bid(amount)
        e = _from_verdict(auction, verdict, amount, me)
        return BidExplanation(
            seat, amount, False, e.rule, e.problem, e.reason, None, e.high_bid, e.high_bidder,
            None, verdict, me,
        )  # fmt: skip
    assert auction.turn is not None
    if seat in auction.passed:
        return refuse(
            AuctionRule.PASS_IS_FINAL, AuctionProblem.ALREADY_PASSED,
            f"{_seat(seat, me, rules, 'have passed', start=True)}; a pass is final, so "
            f"{_seat(seat, me, rules)} cannot {'pass again' if amount is None else 'bid'} in this "
            f"auction. It is {_seat(auction.turn, me, rules, whose=True)} turn.",
        )  # fmt: skip
    if seat != auction.turn:
        return refuse(
            AuctionRule.TURN_ORDER, None,
            f"It is {_seat(auction.turn, me, rules, whose=True)} turn, not "
            f"{_seat(seat, me, rules, whose=True, alone=True)}: players bid or pass in turn, "
            "clockwise from the dealer's left.",
        )  # fmt: skip
    return explain_pass(auction, me=me) if amount is None else explain_bid(auction, amount, me=me)
