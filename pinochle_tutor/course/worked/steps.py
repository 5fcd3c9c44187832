"""The worked examples' values: a :class:`WorkedStep`, a :class:`WorkedExample` (a
titled list of steps under one rule set) and a :class:`CheckQuestion` (a check for
understanding), and how their sentences name the seats, seen from seat 0."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pinochle_tutor.cards import Card
from pinochle_tutor.rules import PRESETS, RuleSet
from pinochle_tutor.view import seat_does, seat_whose, seat_words
from pinochle_tutor.words import listed

if TYPE_CHECKING:
    pass


__all__ = ["CheckQuestion", "WorkedExample", "WorkedStep", "preset_name"]


def preset_name(rules: RuleSet) -> str | None:
    """The preset ``rules`` are, the game's target aside (house rules that change only
    the target keep a preset's pinned deals), else ``None``.

    >>> from pinochle_tutor.rules import CLASSIC
    >>> classic_to_1000 = CLASSIC.with_settings(target=1000)
    >>> preset_name(classic_to_1000), preset_name(CLASSIC.with_settings(meld_save=20))
    ('classic', None)
    """
    for name, preset in PRESETS.items():
        if rules.with_settings(target=preset.target) == preset:
            return name
    return None


@dataclass(frozen=True)
class WorkedStep:
    """One step: its sentence, the cards to show (a hand, or a trick in play order
    with each card's player in ``seats`` and the winning position in ``winner``) and
    every number the sentence states, as the engine computed it."""

    text: str
    cards: tuple[Card, ...] = ()
    trick: bool = False
    seats: tuple[str, ...] = ()
    winner: int | None = None
    numbers: tuple[int, ...] = ()
    label: str = "hand"
    table: tuple[tuple[str, ...], ...] = ()
    """A small table shown under the sentence (the plans at a lead, a figure each):
    its first row names the columns. Every number in it is in :attr:`numbers` too."""

    def table_lines(self) -> tuple[str, ...]:
        """The table as text, one row a line, cells apart by " | " (none without one)."""
        return tuple(" | ".join(row) for row in self.table)


@dataclass(frozen=True)
class WorkedExample:
    """A titled list of steps under one rule set."""

    title: str
    rules: RuleSet
    steps: tuple[WorkedStep, ...]

    def step(self, index: object) -> WorkedStep | None:
        """Step ``index`` (from 0), or ``None`` for anything that is not a step's
        position (never raises)."""
        if isinstance(index, bool) or not isinstance(index, int):
            return None
        return self.steps[index] if 0 <= index < len(self.steps) else None


@dataclass(frozen=True)
class CheckQuestion:
    """A check for understanding: a question, its choices, the answer the engine
    computed, why it is right, and for each wrong choice why it is wrong."""

    question: str
    choices: tuple[str, ...]
    answer: str
    why: str
    wrong: dict[str, str] = field(default_factory=dict)
    cards: tuple[Card, ...] = ()

    def judge(self, choice: object) -> tuple[bool, str]:
        """Whether ``choice`` is the answer, and the explanation to show (never raises;
        anything that is not a choice is refused by name)."""
        if choice not in self.choices:
            return False, f"{choice!r} is not one of the choices: {listed(list(self.choices))}."
        if choice == self.answer:
            return True, self.why
        return False, f"{self.wrong.get(str(choice), 'Not quite.')} {self.why}"


def _texts(cards: Iterable[Card]) -> str:
    return " ".join(c.text for c in cards)


def _who(seat: int, rules: RuleSet) -> str:
    """``'you'``, ``'your partner'``, ``'the left opponent'``: a seat seen from seat 0."""
    return seat_words(seat, 0, rules)


def _whose(seat: int, rules: RuleSet) -> str:
    """``'your'``, ``"your partner's"``, ``"the left opponent's"``: a seat's, seen from seat 0."""
    return seat_whose(seat, 0, rules)


def _does(seat: int, rules: RuleSet, verb: str, start: bool = True) -> str:
    """``'You bid'``, ``'The left opponent bids'``: a sentence's subject and verb
    (``start=False``: not at the start of a sentence)."""
    return seat_does(seat, 0, rules, verb, start=start)
