"""The bid-model player: the heuristic player, bidding and naming trump with the coach's
bidding model (:mod:`pinochle_tutor.coach.bid`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from pinochle_tutor.bots.heuristic import HeuristicPlayer
from pinochle_tutor.cards import Card, Suit
from pinochle_tutor.coach.bid import BidEvaluation, evaluate_bids
from pinochle_tutor.hands import counts_of
from pinochle_tutor.meld import points_from_counts
from pinochle_tutor.sim.bidding import cards_from_counts, trump_after_kitty
from pinochle_tutor.sim.inference import AuctionInfo
from pinochle_tutor.sim.stats import check_samples
from pinochle_tutor.sim.valuation import estimate_hand
from pinochle_tutor.view import PlayerView

__all__ = ["BOT_SAMPLES", "BidModelPlayer"]

BOT_SAMPLES = 24
"""Deals behind a computer player's bid (cheap; the player caches its evaluation)."""


class BidModelPlayer(HeuristicPlayer):
    """The heuristic player, bidding and naming trump with the bidding model.

    It evaluates its hand with ``samples`` deals (:data:`BOT_SAMPLES`), for the
    ``candidates`` trumps the heuristic values most, and keeps the evaluation while
    the auction tells nothing new about the other hands (a cache per hand and
    inferences, the levels rounded: :meth:`AuctionInfo.key`). It bids the lowest bid
    while it is within the model's limit (:meth:`BidEvaluation.call_at`), and
    names the trump with the best expected score at the contract."""

    def __init__(self, samples: int = BOT_SAMPLES, candidates: int = 2) -> None:
        super().__init__()
        self.samples = check_samples(samples)
        self.candidates = candidates
        self._cache: dict[tuple[object, ...], BidEvaluation] = {}
        self.last: BidEvaluation | None = None
        """The evaluation behind the last bid."""

    def evaluate(self, view: PlayerView) -> BidEvaluation:
        """The model's evaluation of ``view`` (cached per hand and inferences)."""
        info = AuctionInfo.from_view(view)
        hand = tuple(sorted(view.hand))
        key = (hand, info.key(coarse=True))
        ev = self._cache.get(key)
        if ev is None:
            ev = self._evaluate(view, info)
            if len(self._cache) > 64:
                self._cache.clear()
            self._cache[key] = ev
        self.last = ev
        return ev

    def _evaluate(self, view: PlayerView, info: AuctionInfo) -> BidEvaluation:
        rules = view.rules
        counts = counts_of(list(view.hand), rules)

        def value(s: Suit) -> float:
            t = int(s)
            return points_from_counts(counts, t, rules.meld_table) + estimate_hand(counts, t, rules)

        trumps = sorted(Suit, key=lambda s: (-value(s), int(s)))[: self.candidates]
        return evaluate_bids(list(view.hand), rules, info, samples=self.samples, trumps=trumps)

    def bid(self, view: PlayerView) -> int | None:
        return self.evaluate(view).call_at(view.min_bid)

    def choose_trump(self, view: PlayerView) -> Suit:
        if view.contract is None:
            return super().choose_trump(view)
        if view.rules.has_kitty:
            return self._kitty_trump(view)
        return self._planned_trump(view, view.hand)

    def discard(self, view: PlayerView) -> Sequence[Card]:
        """Three-handed: the heuristic's discard for the trump this player will name
        (:func:`trump_after_kitty`), never for another suit."""
        if view.contract is None:
            return super().discard(view)
        return super().discard(dataclasses.replace(view, trump=self._kitty_trump(view)))

    def _planned_trump(self, view: PlayerView, hand: Sequence[Card]) -> Suit:
        """The trump the model named for ``hand`` (the hand it bid with) at the contract."""
        assert view.contract is not None
        key_hand = tuple(sorted(hand))
        for key, ev in reversed(list(self._cache.items())):
            if key[0] == key_hand:
                return ev.trump_for(view.contract)
        # Never bid (the dealer stuck with the contract): evaluate now.
        info = AuctionInfo(view.seat, view.dealer, (), view.rules)
        return self._evaluate(dataclasses.replace(view, hand=tuple(hand)), info).trump_for(
            view.contract
        )

    def _kitty_trump(self, view: PlayerView) -> Suit:
        """The declarer's trump once it holds the kitty: the model's plan for the hand it
        bid with, kept unless the kitty changes the heuristic's trump
        (:func:`trump_after_kitty`, the rule the model's deals follow)."""
        rules = view.rules
        after = counts_of([*view.hand, *view.given], rules)
        before = list(after)
        for c in view.received:
            before[c.index] -= 1
        planned = self._planned_trump(view, cards_from_counts(before))
        return Suit(trump_after_kitty(int(planned), before, after, rules))
