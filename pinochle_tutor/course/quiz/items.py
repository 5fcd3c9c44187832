"""Quiz items: what every question shares, as a plain frozen value (never its answer).

:class:`QuizItem` is the base of every kind's item (:mod:`.kinds`): an id, a level,
the rule cases declared, the rule set it is asked under and a teacher's title. A
kind's item adds the question's own fields (a hand, a trick, a contract, ...) and a
``prompt``.

Building an item is cheap: it reads friendly inputs (card texts, a suit letter,
a preset name) and nothing else. Its ``rules`` are the rule cases a teacher or a
generator declared; ``()`` means "not declared", and the rule cases are then
found by the engine when the answer is checked
(:func:`~pinochle_tutor.course.quiz.rule_cases.rules_for`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from pinochle_tutor.cards import Card, CardLike, parse_cards
from pinochle_tutor.course.quiz.vocabulary import QuizKind, QuizRule
from pinochle_tutor.rules import CLASSIC, RuleSet, rules_named

__all__ = ["QuizItem", "card_tuple", "rules_label", "store_field"]


def store_field(item: object, name: str, value: object) -> None:
    """Replace a field of a frozen item with its normalised value (in ``__post_init__`` only)."""
    object.__setattr__(item, name, value)


def card_tuple(value: Iterable[CardLike] | str) -> tuple[Card, ...]:
    """Cards given as texts or cards (``"AH 10H"``), as a tuple of :class:`Card`."""
    return tuple(parse_cards(value))


@dataclass(frozen=True, kw_only=True)
class QuizItem:
    """What every question holds; each kind's item adds its own fields and a ``prompt``."""

    kind: ClassVar[QuizKind]
    """The kind of question (a class attribute of each kind's item)."""

    id: str
    """A stable identifier (progress is recorded against it)."""
    level: int = 1
    """1 (first steps), 2 (practice) or 3 (tricky cases)."""
    rules: tuple[QuizRule, ...] = ()
    """The rule cases the item exercises, as declared by a teacher or a generator;
    ``()`` when not declared (the engine then finds them when the answer is checked)."""
    rule_set: RuleSet = CLASSIC
    """The version of the game the question is asked in (a :class:`RuleSet`, or a
    preset name such as ``"double_deck"``); the answer is computed under it."""
    title: str = ""
    """An optional heading a teacher gives the question."""

    def __post_init__(self) -> None:
        # Friendly inputs only (a preset name, rule-case texts); the engine is not asked.
        if isinstance(self.rule_set, str):
            store_field(self, "rule_set", rules_named(self.rule_set))
        store_field(self, "rules", tuple(QuizRule.parse(r) for r in self.rules))

    @property
    def prompt(self) -> str:
        """The question in words."""
        raise NotImplementedError(f"{type(self).__name__} has no prompt")

    @property
    def _rules_prefix(self) -> str:
        label = rules_label(self.rule_set)
        return f"{label}: " if label else ""


def rules_label(rules: RuleSet) -> str:
    """How a prompt names the rules it is asked under: ``""`` for the classic rules,
    ``"Double deck"`` or ``"Three-handed"`` for the other presets, and e.g.
    ``"Classic (house rules)"`` for a preset with settings changed.

    >>> from pinochle_tutor.rules import DOUBLE_DECK
    >>> rules_label(CLASSIC), rules_label(DOUBLE_DECK), rules_label(CLASSIC.with_settings(meld_save=1))
    ('', 'Double deck', 'Classic (house rules)')
    """
    if rules == CLASSIC:
        return ""
    base = rules.title
    return base if rules.is_preset else f"{base} (house rules)"
