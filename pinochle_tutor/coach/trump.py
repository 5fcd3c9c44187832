"""The coach on trump (a game without a kitty): the bidding model's suit at the contract.

The declarer names trump from the deals the bidding model (:mod:`pinochle_tutor.coach.bid`)
evaluated at its last bid: :func:`evaluate_trump` is that evaluation, :func:`advise_trump`
the suit with the best expected score at the contract and its reasoning, and
:func:`judge_trump` the review's verdict on the suit named. Three-handed, trump is named
after the kitty (:mod:`pinochle_tutor.coach.kitty`).
"""

from __future__ import annotations

from pinochle_tutor.coach.bid import BID_HINT_SAMPLES, BidEvaluation, evaluate_bids
from pinochle_tutor.explain.bidding import TrumpJudgement, TrumpReasoning
from pinochle_tutor.game import Hand
from pinochle_tutor.sim.inference import auction_at_last_bid
from pinochle_tutor.sim.stats import InvalidSimulationError
from pinochle_tutor.view import PlayerView

__all__ = ["advise_trump", "evaluate_trump", "judge_trump"]


def evaluate_trump(view: PlayerView, *, samples: int = BID_HINT_SAMPLES) -> BidEvaluation:
    """The bidding model's evaluation behind the declarer's trump: the auction as it stood
    at the declarer's last bid (what the bid hint evaluated then), or as the dealer stuck
    with the contract sees it. Raises :class:`InvalidSimulationError` when ``view`` is not
    the declarer's."""
    if view.declarer != view.seat:
        raise InvalidSimulationError(
            f"seat {view.seat} is not the declarer: only the declarer names trump"
        )
    info = auction_at_last_bid(view.seat, view.dealer, tuple(view.auction), view.rules)
    return evaluate_bids(list(view.hand), view.rules, info, samples=samples)


def advise_trump(view: PlayerView, *, samples: int = BID_HINT_SAMPLES) -> TrumpReasoning:
    """The trump for the declarer to name at its contract, with its reasoning (every
    suit simulated), from :func:`evaluate_trump`'s deals."""
    assert view.contract is not None
    return evaluate_trump(view, samples=samples).trump_reasoning(view.contract)


def judge_trump(
    hand: Hand, seat: int, *, samples: int = BID_HINT_SAMPLES, margin: float | None = None
) -> TrumpJudgement | None:
    """The trump ``seat`` named in ``hand`` (a game without a kitty: three-handed, see
    :func:`~pinochle_tutor.coach.kitty.judge_kitty`), judged on the deals of
    the trump hint at that moment (:func:`evaluate_trump`'s) by
    :meth:`BidEvaluation.judge_trump`. ``None`` when the seat did not name trump."""
    rules = hand.rules
    if rules.has_kitty or hand.declarer != seat or hand.trump is None or hand.contract is None:
        return None
    info = auction_at_last_bid(seat, hand.dealer, tuple(hand.auction.history), rules)
    ev = evaluate_bids(list(hand.deal.hands[seat]), rules, info, samples=samples)
    return ev.judge_trump(hand.contract, hand.trump, margin)
