"""Players: anything that answers the hand's questions.

A player is asked, with a :class:`~pinochle_tutor.game.PlayerView` of what its
seat may see, for a bid (or ``None`` to pass), a trump suit, the cards to pass
to the declarer or to return to the partner, the cards to discard after taking
the kitty, whether to concede, and a card to play.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from pinochle_tutor.cards import Card, Suit
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.view import PlayerView

__all__ = ["InvalidPlayersError", "Player", "RandomPlayer"]


class InvalidPlayersError(PinochleError):
    """A table of players that does not fit the rules: the game needs one player per
    seat."""


class Player(Protocol):
    """The questions a hand asks a player."""

    def bid(self, view: PlayerView) -> int | None:
        """A bid of at least ``view.min_bid``, or ``None`` to pass."""

    def choose_trump(self, view: PlayerView) -> Suit:
        """The trump suit (the declarer)."""

    def pass_cards(self, view: PlayerView) -> Sequence[Card]:
        """Cards the declarer's partner passes to the declarer."""

    def return_cards(self, view: PlayerView) -> Sequence[Card]:
        """Cards the declarer returns to the partner."""

    def discard(self, view: PlayerView) -> Sequence[Card]:
        """Three-handed: cards the declarer discards after taking the kitty."""

    def concede(self, view: PlayerView) -> bool:
        """Whether the declarer concedes before trick play."""

    def play(self, view: PlayerView) -> Card:
        """A card from ``view.legal``."""


class RandomPlayer:
    """Makes a random legal choice at every decision (a baseline and a test
    opponent). Bids the minimum now and then (never above the highest bid the tutor
    takes, :attr:`RuleSet.max_bid <pinochle_tutor.rules.RuleSet.max_bid>`), never
    concedes."""

    def __init__(self, seed: int | None = None, bid_chance: float = 0.3) -> None:
        self.rng = random.Random(seed)
        self.bid_chance = bid_chance

    def bid(self, view: PlayerView) -> int | None:
        if self.rng.random() < self.bid_chance and view.min_bid <= view.rules.max_bid:
            return view.min_bid
        return None

    def choose_trump(self, view: PlayerView) -> Suit:  # noqa: ARG002 - the Player protocol's signature
        return self.rng.choice(list(Suit))

    def _some(self, view: PlayerView, n: int) -> list[Card]:
        return self.rng.sample(list(view.hand), n)

    def pass_cards(self, view: PlayerView) -> Sequence[Card]:
        return self._some(view, view.rules.exchange_size)

    def return_cards(self, view: PlayerView) -> Sequence[Card]:
        return self._some(view, view.rules.exchange_size)

    def discard(self, view: PlayerView) -> Sequence[Card]:
        return self._some(view, view.rules.kitty_size)

    def concede(self, view: PlayerView) -> bool:  # noqa: ARG002 - the Player protocol's signature
        return False

    def play(self, view: PlayerView) -> Card:
        return self.rng.choice(view.legal)
