"""Conversions between the public card sequences and the engine's internal forms.

Internally a hand is either a list of 24 counts (``counts[card.index]``) or a
bit mask of the distinct cards it holds (``card.bit``). Both are cheap to build
from a sequence of :class:`~pinochle_tutor.cards.Card` and make legality and
meld a handful of integer operations.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pinochle_tutor.cards import CARDS_BY_INDEX, Card, CardLike, parse_card, parse_cards
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.rules import RuleSet

__all__ = [
    "ABOVE",
    "SUIT_MASK",
    "SUIT_OF",
    "InvalidHandError",
    "as_cards",
    "cards_of_mask",
    "counts_of",
    "mask_of",
]


class InvalidHandError(PinochleError):
    """A list of cards that the deck in force cannot hold (a rank it lacks, more copies
    of a card than it has), or a hand of the wrong size for the rules."""


SUIT_MASK: tuple[int, ...] = tuple(0b111111 << (6 * s) for s in range(4))
"""Bits of the six cards of each suit."""
SUIT_OF: tuple[int, ...] = tuple(i // 6 for i in range(24))
"""Suit number of each card index."""
ABOVE: tuple[int, ...] = tuple(SUIT_MASK[i // 6] & ~((1 << (i + 1)) - 1) for i in range(24))
"""Bits of the cards of the same suit that outrank card ``i``."""

# For each suit and each 6-bit pattern, the cards (highest first is not needed: index order).
_SUIT_CARDS: tuple[tuple[tuple[Card, ...], ...], ...] = tuple(
    tuple(
        tuple(CARDS_BY_INDEX[6 * s + r] for r in range(6) if pattern >> r & 1)
        for pattern in range(64)
    )
    for s in range(4)
)


def cards_of_mask(mask: int) -> list[Card]:
    """The distinct cards in ``mask``, in index order (suit, then rank from 9 up)."""
    t = _SUIT_CARDS
    return [*t[0][mask & 63], *t[1][mask >> 6 & 63], *t[2][mask >> 12 & 63], *t[3][mask >> 18 & 63]]


def as_cards(cards: Iterable[CardLike] | str) -> list[Card]:
    """A list of cards from cards, card texts or one string of card texts."""
    if isinstance(cards, str):
        return parse_cards(cards)
    return [c if type(c) is Card else parse_card(c) for c in cards]


def mask_of(cards: Sequence[CardLike] | str) -> int:
    """Bit mask of the distinct cards (fast for a list of :class:`Card`)."""
    m = 0
    if isinstance(cards, str):
        cards = as_cards(cards)
    for c in cards:
        m |= c.bit if type(c) is Card else parse_card(c).bit
    return m


def counts_of(cards: Iterable[Card], rules: RuleSet, what: str = "hand") -> list[int]:
    """Counts per card index, checked against the deck of ``rules`` (no more copies
    than the deck holds, no rank the deck lacks)."""
    counts = [0] * 24
    for c in cards:
        counts[c.index] += 1
    if max(counts) > rules.copies or (not rules.has_nines and any(counts[0::6])):
        for i, n in enumerate(counts):
            card = CARDS_BY_INDEX[i]
            if n and card.rank not in rules.ranks:
                raise InvalidHandError(
                    f"the {what} holds {card}, but the {rules.name} deck has no {card.rank.noun}s"
                )
            if n > rules.copies:
                raise InvalidHandError(
                    f"the {what} holds {n} copies of {card}, but the {rules.name} deck has only {rules.copies}"
                )
    return counts
