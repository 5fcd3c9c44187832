"""Shuffling and dealing.

Shuffle the whole deck and deal it all out: 12 cards each in the classic game
(20 in the double-deck game; 15 each and 3 to a kitty with three players). The
deal moves clockwise after each hand: the next dealer sits on the dealer's left.

Deals are reproducible: pass a ``seed`` (or your own :class:`random.Random`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pinochle_tutor.cards import CARDS_BY_INDEX, Card, sort_hand
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.rules import CLASSIC, RuleSet, check_seat

__all__ = ["Deal", "InvalidDealError", "deal", "make_deck", "next_dealer"]


class InvalidDealError(PinochleError):
    """A deal that does not fit the game it is given to, such as a deal made for
    another rule set."""


@dataclass(frozen=True)
class Deal:
    """The hands as dealt (each in display order), the kitty and the dealer."""

    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    dealer: int
    rules: RuleSet = CLASSIC

    def __str__(self) -> str:
        lines = [f"seat {i}: {' '.join(c.text for c in h)}" for i, h in enumerate(self.hands)]
        if self.kitty:
            lines.append(f"kitty: {' '.join(c.text for c in self.kitty)}")
        return "\n".join(lines)


def make_deck(rules: RuleSet = CLASSIC) -> list[Card]:
    """Every card of the deck, with its copies (48 classic, 80 double deck)."""
    return [c for c in CARDS_BY_INDEX if c.rank in rules.ranks for _ in range(rules.copies)]


def _seat_order(dealer: int, rules: RuleSet) -> list[int]:
    return [(dealer + 1 + k) % rules.players for k in range(rules.players)]


def deal(
    dealer: int = 0,
    rules: RuleSet = CLASSIC,
    seed: int | None = None,
    rng: random.Random | None = None,
) -> Deal:
    """Shuffle and deal the whole deck, starting at the dealer's left.

    The same ``seed`` always gives the same deal; ``rng`` lets a caller share one
    generator across many deals."""
    check_seat(dealer, rules, "dealer")
    if rng is None:
        rng = random.Random(seed)
    deck = make_deck(rules)
    rng.shuffle(deck)
    n = rules.hand_size
    hands: list[tuple[Card, ...]] = [()] * rules.players
    for k, seat in enumerate(_seat_order(dealer, rules)):
        hands[seat] = tuple(sort_hand(deck[k * n : (k + 1) * n]))
    kitty = tuple(sort_hand(deck[rules.players * n :]))
    return Deal(tuple(hands), kitty, dealer, rules)


def next_dealer(dealer: int, rules: RuleSet = CLASSIC) -> int:
    """The deal moves clockwise: the player on the dealer's left deals next."""
    return (dealer + 1) % rules.players
