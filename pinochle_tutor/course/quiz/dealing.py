"""The cards the generators deal from, and numbers on the scale of a rule set.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from pinochle_tutor.cards import Card, all_cards
from pinochle_tutor.rules import (
    CLASSIC,
    RuleSet,
)

__all__ = [
    "deck_cards",
    "on_scale",
    "take_cards",
]


@functools.lru_cache(maxsize=16)
def deck_cards(rules: RuleSet) -> tuple[Card, ...]:
    """Every card of the deck of ``rules`` (each as many times as the deck holds it)."""
    return tuple(c for c in all_cards() if c.rank in rules.ranks for _ in range(rules.copies))


def take_cards(pool: list[Card], cards: Iterable[Card]) -> list[Card]:
    taken = []
    for c in cards:
        pool.remove(c)
        taken.append(c)
    return taken


def on_scale(value: int, rules: RuleSet, step: int) -> int:
    """A classic number of points on the scale of ``rules`` (a multiple of ``step``)."""
    raw = value * rules.total_trick_points / CLASSIC.total_trick_points
    return max(step, round(raw / step) * step)
