"""Shared wording for the tutor's explanations: how cards, lists and numbers are read out.

Card lists read as a beginner would say them (``'A♠, 10♠ and K♠'``), a meld name
takes its article (``'a royal marriage'``, but plain ``'aces around'``) and a
change of score carries its sign (``'+20'``).

>>> _a("aces around"), _a("royal marriage"), _signed(20), _signed(-10)
('aces around', 'a royal marriage', '+20', '-10')
"""

from __future__ import annotations

from collections.abc import Iterable

from pinochle_tutor.cards import Card, sort_hand
from pinochle_tutor.words import card_names as _names
from pinochle_tutor.words import listed

__all__ = ["_a", "_distinct", "_names", "_signed", "listed"]
"""``listed`` and ``_names`` (:func:`~pinochle_tutor.words.card_names`) are the core's
:mod:`pinochle_tutor.words`, named here for the explanations that import them."""

# ---------------------------------------------------------------------------- helpers


def _distinct(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Distinct cards in display order (suit, then highest rank first)."""
    return tuple(sort_hand(set(cards)))


def _a(name: str) -> str:
    """``'a royal marriage'``, ``'an ...'``; plural meld names (``'aces around'``) take no article."""
    if name.endswith("around"):
        return name
    return ("an " if name[:1] in "aeiou" else "a ") + name


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)
