"""Bidding questions: the range of acceptable answers, from the bidding advisor.

The advisor simulates deals for a hand (:func:`outlook`, cached: the simulation
does not depend on the auction); :func:`bid_range` turns that into the answers a
:class:`~pinochle_tutor.course.quiz.items.BidQuiz` accepts after its calls. The
seed and the number of deals are fixed, so a mark never changes.

Nothing here runs when an item is built: the advisor is asked when an answer is
checked, or when a generator or a bank loader needs the item's rule cases.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field

from pinochle_tutor.bots.advisor import BidAdvice, advise_bid
from pinochle_tutor.cards import Card
from pinochle_tutor.course.quiz.items import BidQuiz
from pinochle_tutor.rules import RuleSet

__all__ = [
    "ADVISOR_SAMPLES",
    "ADVISOR_SEED",
    "BOLD",
    "SURE",
    "BidRange",
    "Outlook",
    "bid_range",
    "outlook",
]

ADVISOR_SAMPLES = 48
"""Simulated deals per trump suit behind every bidding answer (fixed, so marks never change)."""
ADVISOR_SEED = 20240601
"""The advisor's random seed for bidding answers (fixed, so marks never change)."""
SURE = 0.7
"""A bid made this often is a safe top bid: the low end of the acceptable range."""
BOLD = 0.3
"""A bid made this often is a bold top bid: the high end of the acceptable range."""


@dataclass(frozen=True)
class Outlook:
    """What the advisor's simulation says a hand is worth, whatever the auction."""

    sure: int | None
    """The highest bid made in at least :data:`SURE` of the deals (``None``: none)."""
    even: int | None
    """The highest bid made in at least half of the deals (``None``: none)."""
    bold: int | None
    """The highest bid made in at least :data:`BOLD` of the deals (``None``: none)."""
    advice: BidAdvice
    """The advisor's full answer (its simulation and explanation)."""


@functools.lru_cache(maxsize=1024)
def outlook(hand: tuple[Card, ...], rules: RuleSet) -> Outlook:
    """The advisor's simulation of a hand, sorted (independent of the auction; cached)."""
    advice = advise_bid(hand, rules, samples=ADVISOR_SAMPLES, seed=ADVISOR_SEED)
    best = advice.best
    return Outlook(best.max_bid(SURE), best.max_bid(0.5), best.max_bid(BOLD), advice)


@dataclass(frozen=True)
class BidRange:
    """The acceptable answers to a bidding question, from the bidding advisor.

    The advisor simulates deals for the hand; ``advised`` is the highest bid made
    in at least half of them (``None``: pass). A top bid from ``low`` (made in
    at least 70 % of the deals, or the lowest bid allowed now) to ``high`` (made
    in at least 30 %) is acceptable; a pass is acceptable when the advised bid is
    below the lowest bid allowed now, or when the hand is borderline."""

    minimum: int
    """The lowest bid allowed now."""
    advised: int | None
    """The advisor's top bid at even odds, or ``None`` when it says pass."""
    low: int | None
    high: int | None
    pass_ok: bool
    advice: BidAdvice = field(repr=False, compare=False)

    def accepts(self, call: int | None) -> bool:
        """Whether ``call`` (a top bid, or ``None`` for pass) is an acceptable answer."""
        if call is None:
            return self.pass_ok
        return self.low is not None and self.high is not None and self.low <= call <= self.high

    @property
    def text(self) -> str:
        """The acceptable answers in words."""
        if self.low is None or self.high is None:
            return "pass"
        span = f"{self.low}" if self.low == self.high else f"{self.low} to {self.high}"
        if self.pass_ok:
            return f"pass, or a top bid of {span}"
        return f"a top bid of {span}"


def bid_range(item: BidQuiz) -> BidRange:
    """The acceptable answers to ``item``, from the bidding advisor (fixed seed and
    :data:`ADVISOR_SAMPLES` deals per trump, so the answer never changes)."""
    o = outlook(tuple(sorted(item.hand)), item.rule_set)
    minimum = item.auction().min_bid
    advised = o.even if o.even is not None and o.even >= minimum else None
    if o.bold is None or o.bold < minimum:
        low = high = None
    else:
        low = max(minimum, o.sure if o.sure is not None else minimum)
        high = o.bold
        if advised is not None:
            low = min(low, advised)
    pass_ok = advised is None or o.sure is None or o.sure < minimum
    limit = o.advice.limit
    advice = dataclasses.replace(
        o.advice,
        min_bid=minimum,
        recommended=minimum if limit is not None and limit >= minimum else None,
    )
    return BidRange(minimum, advised, low, high, pass_ok, advice)
