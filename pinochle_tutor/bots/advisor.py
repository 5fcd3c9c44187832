"""The bidding advisor: what is this hand worth? (The trainer's entry point.)

The numbers come from the one bidding model, :mod:`pinochle_tutor.bots.bidding`,
which the game table's hint and the computer players ask too: for each trump suit,
simulated deals of the hidden cards consistent with the auction, the exchange (or the
kitty) and the play, giving the joint distribution of the side's meld and trick
points. From the same deals come the chance of making each contract level, the
expected score of holding it against passing, the limit (the highest level worth
holding) and the call: the lowest legal bid while it is within the limit, otherwise a
pass. :class:`BidAdvice` keeps the model's :class:`~pinochle_tutor.bots.bidding.BidEvaluation`
and its explanation reads out that evaluation's numbers only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pinochle_tutor.auction import Auction
from pinochle_tutor.bots.bidding import (
    ADVICE_SAMPLES,
    BidEvaluation,
    ProgressCallback,
    TrumpOutlook,
    evaluate_bids,
)
from pinochle_tutor.cards import Card, CardLike, Suit
from pinochle_tutor.explain.bidding import BidReasoning
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.sim.stats import InvalidSimulationError
from pinochle_tutor.view import PlayerView

__all__ = ["BidAdvice", "ProgressCallback", "TrumpOutlook", "advice_from", "advise_bid"]


@dataclass(frozen=True)
class BidAdvice:
    """The advisor's view of a hand, and its recommended call."""

    hand: tuple[Card, ...]
    rules: RuleSet
    outlooks: tuple[TrumpOutlook, ...]
    """One per suit, best first."""
    min_bid: int
    """The lowest legal bid now."""
    confidence: float
    """A chance of making the contract the learner asked about (the charts' marker);
    the limit itself is the model's expected-score limit."""
    recommended: int | None
    """The call to make now: a bid, or ``None`` to pass."""
    limit: int | None
    """The highest bid worth holding (``None``: not even the lowest bid now)."""
    evaluation: BidEvaluation | None = None
    """The bidding model's evaluation behind every number (``None``: advice built by hand)."""

    @property
    def best(self) -> TrumpOutlook:
        """The best trump suit's outlook."""
        return self.outlooks[0]

    @property
    def reasoning(self) -> BidReasoning | None:
        """The explanation as data (``None`` for advice built by hand)."""
        return self.evaluation.reasoning() if self.evaluation is not None else None

    @property
    def explanation(self) -> str:
        """The reasoning in plain words, from the evaluation's numbers only."""
        reasoning = self.reasoning
        if reasoning is not None:
            return reasoning.text
        if self.recommended is None:
            return f"Pass: the lowest bid now is {self.min_bid}."
        return f"Bid {self.recommended}: the hand is worth up to {self.limit}."

    def __str__(self) -> str:
        return self.explanation


def advise_bid(
    hand: Iterable[CardLike] | str | PlayerView,
    rules: RuleSet = CLASSIC,
    auction: Auction | None = None,
    samples: int = ADVICE_SAMPLES,
    seed: int | None = None,
    confidence: float = 0.5,
    progress: ProgressCallback | None = None,
    trumps: Iterable[Suit] | None = None,
) -> BidAdvice:
    """The bidding model's advice for ``hand`` (or a :class:`PlayerView` in the auction).

    ``auction`` (optional) gives the calls so far, as the seat to act sees them;
    ``progress`` is called with (deals done, deals in all); the same hand and
    auction give the same advice (the seed is derived from them unless ``seed`` is
    given). Three-handed, the kitty is part of the simulation."""
    if not 0.0 < confidence <= 1.0:
        raise InvalidSimulationError(f"confidence={confidence!r} must be between 0 and 1")
    ev = evaluate_bids(hand, rules, auction, samples=samples, seed=seed, trumps=trumps,
                       progress=progress)  # fmt: skip
    return advice_from(ev, confidence)


def advice_from(ev: BidEvaluation, confidence: float = 0.5) -> BidAdvice:
    """The advice an evaluation gives (its outlooks best first): what
    :func:`advise_bid` returns, for an evaluation made otherwise (say, joined from
    several runs with :meth:`BidEvaluation.joined`)."""
    if not 0.0 < confidence <= 1.0:
        raise InvalidSimulationError(f"confidence={confidence!r} must be between 0 and 1")
    best = ev.best
    others = sorted(
        (o for o in ev.outlooks if o is not best),
        key=lambda o: (-o.expected_score(ev.min_bid), int(o.trump)),
    )
    return BidAdvice(
        ev.hand, ev.rules, (best, *others), ev.min_bid, confidence, ev.recommended,
        ev.limit, ev,
    )  # fmt: skip
