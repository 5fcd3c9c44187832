"""The auction: bidding for the right to name trump.

Starting at the dealer's left, each player in turn bids or passes. The opening
bid is at least 250; every later bid raises the current bid by at least 10, and
every bid is a multiple of 10. A pass is final: that player is out of this
auction. When all but one have passed, the remaining bidder is the *declarer*
and the high bid is the *contract*. If the first three players pass without any
bid, the dealer takes the contract at 250 and has no choice.

A bid is the team's expected meld plus captured trick points, not a number of
tricks.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from pinochle_tutor.errors import IllegalActionError
from pinochle_tutor.rules import CLASSIC, RuleSet, check_seat

__all__ = ["Auction", "AuctionProblem", "BidVerdict", "IllegalBidError"]


class IllegalBidError(IllegalActionError):
    """A bid or pass the auction does not allow now (too low, not a multiple of the
    increment, after a final pass, after the auction is over); the message is the
    :class:`BidVerdict`'s reason."""


class AuctionProblem(Enum):
    """Why a bid or pass is not allowed."""

    AUCTION_OVER = "the auction is over"
    ALREADY_PASSED = "a pass is final"
    BELOW_OPENING = "below the opening minimum"
    NOT_MULTIPLE = "not a multiple of the increment"
    NOT_ABOVE = "not above the current bid"
    NOT_A_NUMBER = "not a whole number"
    DEALER_STUCK = "the dealer is stuck"
    TOO_HIGH = "above the tutor's bound on bids"


@dataclass(frozen=True)
class BidVerdict:
    """Whether a bid (``amount``; ``None`` for a pass) is allowed now, and why not."""

    seat: int | None
    amount: int | None
    legal: bool
    reason: str
    problem: AuctionProblem | None = None
    minimum: int | None = None
    """The lowest bid allowed at that moment."""

    def __bool__(self) -> bool:
        return self.legal

    def __str__(self) -> str:
        return self.reason


class Auction:
    """The bidding of one hand as a state machine.

    >>> a = Auction(dealer=0)
    >>> a.turn, a.min_bid
    (1, 250)
    >>> a.bid(250); a.pass_(); a.bid(260); a.pass_(); a.pass_()
    >>> a.is_over, a.declarer, a.contract
    (True, 3, 260)
    """

    @classmethod
    def after(
        cls, calls: Iterable[int | None], dealer: int = 0, rules: RuleSet = CLASSIC
    ) -> Auction:
        """A new auction (``dealer`` deals) with ``calls`` made in turn from the dealer's
        left: a bid, or ``None`` for a pass. Raises :class:`IllegalBidError` quoting the
        first call the rules refuse.

        >>> Auction.after([250, None, 260, None, None]).declarer
        3
        """
        auction = cls(dealer, rules)
        for amount in calls:
            auction.call(amount)
        return auction

    def __init__(self, dealer: int = 0, rules: RuleSet = CLASSIC) -> None:
        self.dealer = check_seat(dealer, rules, "dealer")
        self.rules = rules
        self.history: list[tuple[int, int | None]] = []
        """Every call in order: (seat, amount) for a bid, (seat, None) for a pass."""
        self.passed: set[int] = set()
        self.high_bid: int | None = None
        self.high_bidder: int | None = None
        self.stuck = False
        """True when every other player passed and the dealer took the minimum contract."""
        self._turn: int | None = (dealer + 1) % rules.players

    # ------------------------------------------------------------------ state
    @property
    def turn(self) -> int | None:
        """The seat to act, or ``None`` once the auction is over."""
        return self._turn

    @property
    def is_over(self) -> bool:
        """True once a declarer is settled."""
        return self._turn is None

    @property
    def declarer(self) -> int | None:
        """The winner of the auction (``None`` while it goes on)."""
        return self.high_bidder if self.is_over else None

    @property
    def contract(self) -> int | None:
        """The winning bid (``None`` while the auction goes on)."""
        return self.high_bid if self.is_over else None

    @property
    def min_bid(self) -> int:
        """The lowest bid allowed now: the opening minimum, or the high bid plus the increment."""
        if self.high_bid is None:
            return self.rules.opening_bid
        return self.high_bid + self.rules.bid_increment

    @property
    def active(self) -> list[int]:
        """Seats still in the auction."""
        return [s for s in range(self.rules.players) if s not in self.passed]

    # --------------------------------------------------------------- queries
    def check_bid(self, amount: object) -> BidVerdict:
        """Whether the seat to act may bid ``amount`` now (never raises)."""
        seat = self._turn
        r = self.rules
        if seat is None:
            return BidVerdict(
                None,
                None,
                False,
                f"No bid of {amount!r} now: the auction is over; "
                f"seat {self.declarer} won it at {self.contract}.",
                AuctionProblem.AUCTION_OVER,
            )
        if isinstance(amount, bool) or not isinstance(amount, int):
            return BidVerdict(
                seat,
                None,
                False,
                f"A bid must be a whole number of points, not {amount!r}.",
                AuctionProblem.NOT_A_NUMBER,
                self.min_bid,
            )
        minimum = self.min_bid
        if amount > r.max_bid:
            return BidVerdict(
                seat, amount, False,
                f"A bid of {amount} is far more than any hand is worth: the tutor takes bids "
                f"up to {r.max_bid}.",
                AuctionProblem.TOO_HIGH, minimum,
            )  # fmt: skip
        if self.high_bid is None and amount < r.opening_bid:
            return BidVerdict(
                seat,
                amount,
                False,
                f"A bid of {amount} is too low: the opening bid must be at least {r.opening_bid}.",
                AuctionProblem.BELOW_OPENING,
                minimum,
            )
        if amount % r.bid_increment:
            return BidVerdict(
                seat,
                amount,
                False,
                f"A bid of {amount} is not allowed: bids go up in multiples of {r.bid_increment}.",
                AuctionProblem.NOT_MULTIPLE,
                minimum,
            )
        if self.high_bid is not None and amount < minimum:
            return BidVerdict(
                seat, amount, False,
                f"A bid of {amount} does not beat the current bid of {self.high_bid}: "
                f"you must bid at least {minimum} (a raise of {r.bid_increment} or more).",
                AuctionProblem.NOT_ABOVE, minimum,
            )  # fmt: skip
        return BidVerdict(seat, amount, True, f"Seat {seat} may bid {amount}.", None, minimum)

    def check_pass(self) -> BidVerdict:
        """Whether the seat to act may pass now (never raises)."""
        seat = self._turn
        if seat is None:
            return BidVerdict(
                None,
                None,
                False,
                f"No pass now: the auction is over; seat {self.declarer} won it at {self.contract}.",
                AuctionProblem.AUCTION_OVER,
            )
        return BidVerdict(
            seat, None, True, f"Seat {seat} may pass; a pass is final for this auction."
        )

    # ---------------------------------------------------------------- actions
    def bid(self, amount: int) -> None:
        """The seat to act bids ``amount``. Raises :class:`IllegalBidError` if not allowed."""
        verdict = self.check_bid(amount)
        if not verdict.legal:
            raise IllegalBidError(verdict.reason)
        assert self._turn is not None
        self.history.append((self._turn, amount))
        self.high_bid = amount
        self.high_bidder = self._turn
        self._advance()

    def pass_(self) -> None:
        """The seat to act passes (final for this auction)."""
        verdict = self.check_pass()
        if not verdict.legal:
            raise IllegalBidError(verdict.reason)
        assert self._turn is not None
        self.history.append((self._turn, None))
        self.passed.add(self._turn)
        self._advance()

    def call(self, amount: int | None) -> None:
        """Bid ``amount``, or pass when it is ``None``."""
        if amount is None:
            self.pass_()
        else:
            self.bid(amount)

    def _advance(self) -> None:
        n = self.rules.players
        if len(self.passed) == n - 1:
            if self.high_bid is None:
                # Everyone before the dealer passed without bidding: the dealer is stuck.
                self.high_bid = self.rules.stuck_bid
                self.high_bidder = self.dealer
                self.stuck = True
                self._turn = None
                return
            if self.high_bidder is not None:
                self._turn = None
                return
        assert self._turn is not None
        seat = self._turn
        for _ in range(n):
            seat = (seat + 1) % n
            if seat not in self.passed:
                break
        if seat == self.high_bidder and len(self.passed) == n - 1:
            self._turn = None
        else:
            self._turn = seat

    def __repr__(self) -> str:
        calls = ", ".join(f"{s}:{'pass' if a is None else a}" for s, a in self.history)
        state = (
            f"declarer={self.declarer} contract={self.contract}"
            if self.is_over
            else f"turn={self.turn}"
        )
        return f"<Auction dealer={self.dealer} [{calls}] {state}>"
