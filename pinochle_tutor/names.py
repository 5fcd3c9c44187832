"""One way to look a thing up by name: rule sets, computer players, trick cases,
quiz kinds. Case, spaces, hyphens, underscores and dots are forgiven, so
``"Double deck"``, ``"double-deck"`` and ``"DOUBLE_DECK"`` all name the same preset.

Lookups are queries: they return ``None`` for an unknown name, and the caller raises
its own narrow error, quoting the name and listing the choices.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import IntEnum
from typing import TypeVar

__all__ = ["LabelledIntEnum", "find_named", "name_key"]

T = TypeVar("T")


def name_key(name: object) -> str:
    """The form names are compared in: letters and digits only, folded to lower case.

    >>> name_key("Double-deck"), name_key("must_overtrump"), name_key(" Monte Carlo ")
    ('doubledeck', 'mustovertrump', 'montecarlo')
    """
    return "".join(ch for ch in str(name).casefold() if ch.isalnum())


def find_named(name: object, choices: Mapping[str, T] | Iterable[tuple[str, T]]) -> T | None:
    """The choice called ``name`` (any of its names), or ``None``.

    >>> find_named("Three handed", {"classic": 1, "three_handed": 3})
    3
    >>> find_named("four handed", {"classic": 1}) is None
    True
    """
    key = name_key(name)
    pairs = choices.items() if isinstance(choices, Mapping) else choices
    for alias, value in pairs:
        if name_key(alias) == key:
            return value
    return None


class LabelledIntEnum(IntEnum):
    """A numbered vocabulary whose members each carry a short label in words, written
    beside the member: ``FOLLOW_SUIT = 1, "rule 1 (follow suit)"``. The number is the
    member's value (``TrickRule(1)``); the label is :attr:`label` (the trick rules,
    ``tricks.TrickRule``, and the trick cases a learner practises,
    ``course.positions.TrickCase``)."""

    label: str
    """A short title, e.g. ``'must over-trump'``."""

    def __new__(cls, value: int, label: str = "") -> LabelledIntEnum:
        # Run once per member, as the class is made. ``TrickRule(1)`` looks a member up
        # by its number and never comes here (hence the label's default, for the type
        # checker's reading of that call).
        member = int.__new__(cls, value)
        member._value_ = value
        member.label = label
        return member
