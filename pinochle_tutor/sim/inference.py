"""What the auction tells the other seats about a hand, and how well a deal fits it.

Simple and documented, not a full bidding theory: every other seat is assumed to bid as
the heuristic player does, up to :func:`heuristic_limit` of its hand (the limit of
:func:`~pinochle_tutor.sim.policy.policy_bid_limit`, not rounded). A seat that bid ``B``
holds a hand the heuristic values at ``B`` or more, and a seat that passed without
bidding when the lowest bid was ``M`` one the heuristic values below ``M``
(:class:`Inference`); over its own partner's bid the heuristic player calls only with
:data:`~pinochle_tutor.sim.policy.PARTNER_OVERCALL_RAISES` raises to spare, so there a
bid of ``B`` shows ``B`` plus those raises, and a pass a hand below ``M`` plus them
(what lesson 13 teaches of a computer partner's pass over your own bid); :func:`misfit`
measures how far a deal is from that, and the simulations draw a deal again (up to
:data:`DRAWS` times) until it fits, keeping the best fitting draw. The bidding model
(:mod:`pinochle_tutor.sim.bidding`) and the exchange's deals
(:mod:`pinochle_tutor.sim.exchange`) read the auction this way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from pinochle_tutor.auction import Auction
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.sim.policy import PARTNER_OVERCALL_RAISES, default_allowance
from pinochle_tutor.sim.valuation import best_trump
from pinochle_tutor.view import PlayerView

__all__ = [
    "DRAWS",
    "AuctionInfo",
    "Inference",
    "InferenceKind",
    "auction_at_last_bid",
    "heuristic_limit",
    "misfit",
    "pass_declarer",
]

DRAWS = 12
"""How many times a deal is drawn again to fit what the auction has told."""


class InferenceKind(Enum):
    """What one call tells the other seats about a hand."""

    BID = "bid"
    """The seat bid: its hand is worth about ``level`` or more (its bid; over its own
    partner's bid, its bid plus the raises it keeps in hand)."""
    PASSED = "passed"
    """The seat passed without ever bidding: its hand is worth less than ``level``, the
    lowest bid then (over its own partner's bid, that plus the raises it keeps in
    hand)."""


@dataclass(frozen=True)
class Inference:
    """What the auction told about one other seat (relative: 1 is the left
    opponent, 2 the partner at a partnership table, ``players - 1`` the right)."""

    seat: int
    kind: InferenceKind
    level: int
    """The bid made, or for a pass the lowest bid then (what the auction's words say)."""
    spare: int = 0
    """What the heuristic player keeps in hand over its own partner's bid
    (:data:`~pinochle_tutor.sim.policy.PARTNER_OVERCALL_RAISES` raises; else 0): its hand
    is read against ``level`` plus this."""


@dataclass(frozen=True)
class AuctionInfo:
    """What the auction has told one seat when it is to call."""

    seat: int
    dealer: int
    calls: tuple[tuple[int, int | None], ...]
    rules: RuleSet

    @classmethod
    def opening(cls, rules: RuleSet) -> AuctionInfo:
        """The first call of an auction (the seat at the dealer's left, no calls yet)."""
        return cls(1 % rules.players, 0, (), rules)

    @classmethod
    def from_auction(cls, auction: Auction, seat: int | None = None) -> AuctionInfo:
        """The auction as the seat to act (or ``seat``) sees it."""
        if seat is None:
            seat = auction.turn if auction.turn is not None else (auction.dealer + 1)
        return cls(
            seat % auction.rules.players, auction.dealer, tuple(auction.history), auction.rules
        )

    @classmethod
    def from_view(cls, view: PlayerView) -> AuctionInfo:
        """The auction as ``view``'s seat sees it."""
        return cls(view.seat, view.dealer, view.auction, view.rules)

    def relative(self, seat: int) -> int:
        """``seat`` counted clockwise from this one (0: this seat)."""
        return (seat - self.seat) % self.rules.players

    @property
    def high_bid(self) -> int | None:
        """The highest bid so far."""
        bids = [a for _, a in self.calls if a is not None]
        return bids[-1] if bids else None

    @property
    def high_bidder(self) -> int | None:
        """The relative seat of the high bidder, if any."""
        bids = [s for s, a in self.calls if a is not None]
        return self.relative(bids[-1]) if bids else None

    @property
    def min_bid(self) -> int:
        """The lowest bid allowed now."""
        high = self.high_bid
        return self.rules.opening_bid if high is None else high + self.rules.bid_increment

    @property
    def inferences(self) -> tuple[Inference, ...]:
        """What each other seat's calls told (one per seat that called)."""
        r = self.rules
        best: dict[int, tuple[int, int]] = {}
        passed_at: dict[int, tuple[int, int]] = {}
        high: int | None = None
        holder: int | None = None
        for s, a in self.calls:
            rel = self.relative(s)
            # over its own partner's bid a seat calls as if the bid were higher
            over = PARTNER_OVERCALL_RAISES * r.bid_increment if (
                holder is not None and r.partner(s) == holder) else 0  # fmt: skip
            if a is not None:
                if a + over >= sum(best.get(rel, (a, 0))):
                    best[rel] = (a, over)
                high, holder = a, s
            elif rel not in best and rel != 0:
                low = r.opening_bid if high is None else high + r.bid_increment
                passed_at[rel] = (low, over)
        out = [Inference(s, InferenceKind.BID, v, o) for s, (v, o) in best.items() if s != 0]
        out += [Inference(s, InferenceKind.PASSED, v, o) for s, (v, o) in passed_at.items()]
        return tuple(sorted(out, key=lambda i: i.seat))

    def _own_bids(self) -> list[int]:
        """The indices in :attr:`calls` of this seat's own bids."""
        return [i for i, (s, a) in enumerate(self.calls) if self.relative(s) == 0 and a is not None]

    def last_own_bid(self) -> int | None:
        """This seat's last bid in the auction (``None``: it has not bid)."""
        mine = self._own_bids()
        return self.calls[mine[-1]][1] if mine else None

    def before_own_bid(self) -> AuctionInfo | None:
        """The auction as this seat saw it when it made its last bid (``None``: it has
        not bid): the decision whose hint it heard then."""
        mine = self._own_bids()
        if not mine:
            return None
        return dataclasses.replace(self, calls=self.calls[: mine[-1]])

    def since_own_bid(self) -> tuple[tuple[int, int | None, int], ...]:
        """The calls after this seat's last bid, each as (relative seat, amount or
        ``None`` for a pass, the lowest bid allowed when it was made)."""
        mine = self._own_bids()
        if not mine:
            return ()
        r = self.rules
        high: int | None = None
        out = []
        for i, (s, a) in enumerate(self.calls):
            lowest = r.opening_bid if high is None else high + r.bid_increment
            if i > mine[-1]:
                out.append((self.relative(s), a, lowest))
            if a is not None:
                high = a
        return tuple(out)

    def key(self, coarse: bool = False) -> tuple[object, ...]:
        """What the model's deals depend on (the inferences), for a cache; ``coarse``
        rounds the levels to a fifth of the hand's trick points (at least one
        increment), so that a bidding war of single raises does not ask again each time."""
        r = self.rules
        step = max(r.bid_increment, r.total_trick_points // 5 // r.bid_increment * r.bid_increment)
        inf = tuple(
            (i.seat, i.kind, (i.level + i.spare) // step if coarse else i.level + i.spare)
            for i in self.inferences
        )
        return (r, self.high_bidder, inf)


def auction_at_last_bid(
    seat: int, dealer: int, calls: tuple[tuple[int, int | None], ...], rules: RuleSet
) -> AuctionInfo:
    """The auction as ``seat`` saw it at its last bid (the whole of it empty when it
    never bid: a dealer stuck with the contract)."""
    last = [i for i, (s, a) in enumerate(calls) if s == seat and a is not None]
    return AuctionInfo(seat, dealer, calls[: last[-1]] if last else (), rules)


def heuristic_limit(counts: Sequence[int], rules: RuleSet) -> float:
    """The heuristic player's bid limit for a hand given as 24 counts (not rounded)."""
    _, value = best_trump(counts, rules)
    return value + default_allowance(rules) * rules.total_trick_points


def misfit(hands: list[list[int]], inferences: Sequence[Inference], rules: RuleSet,
            slack: float) -> float:  # fmt: skip
    """How far a deal is from what the auction told (0: it fits)."""
    miss = 0.0
    for inf in inferences:
        lim = heuristic_limit(hands[inf.seat], rules)
        if inf.kind is InferenceKind.BID:
            miss += max(0.0, inf.level + inf.spare - slack - lim)
        else:
            miss += max(0.0, lim - (inf.level + inf.spare + slack))
    return miss


def pass_declarer(
    hands: list[list[int]], info: AuctionInfo, out: set[int]
) -> tuple[int, int, int, int | None]:
    """Who declares when this seat (relative 0) passes, on one deal: ``(seat, floor, cap,
    fixed)``. Each other seat still in the auction bids as the heuristic player does, up
    to :func:`heuristic_limit` of its sampled hand (the high bidder has bid its bid
    already); the highest of them declares if it reaches the lowest bid it would have to
    make, at a contract from ``floor`` to ``cap``. Otherwise the auction ends as the rules
    say: the high bidder keeps its bid, or (no bid at all) the dealer is stuck with the
    stuck bid, this seat too if it is the dealer; ``fixed`` is then that contract."""
    r = info.rules
    inc = r.bid_increment
    high, hb = info.high_bid, info.high_bidder
    need = r.opening_bid if high is None else high + inc
    best: tuple[float, int, int] | None = None  # (limit, holds the bid, -seat)
    for p in range(1, r.players):
        if p in out:
            continue
        lim = heuristic_limit(hands[p], r)
        holds = p == hb and high is not None
        if holds:
            lim = max(lim, float(high or 0))
        # Ties go to the high bidder (it holds the bid), then to the earlier seat.
        key = (lim, int(holds), -p)
        if best is None or key > best:
            best = key
    if best is not None:
        lim, holds, p = best[0], bool(best[1]), -best[2]
        cap = min(r.max_bid, int(lim // inc) * inc)
        if holds and high is not None:
            return p, high, max(high, cap), None
        if cap >= need:
            return p, need, cap, None
    if high is not None and hb is not None:
        return hb, high, high, high
    return info.relative(info.dealer), r.stuck_bid, r.stuck_bid, r.stuck_bid
