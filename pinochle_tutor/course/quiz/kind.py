"""What a kind of question is: the interface each module of :mod:`.kinds` implements.

A kind of question is one :class:`QuizKindSpec`: its item type, how a typed answer
is read and marked, the engine's answer, the rule cases an item exercises, its bank
entry (both ways), its generator, the hint for a second try and how the question is
put on the screen (:class:`Screen`). The dispatchers (:func:`.answers.check_answer`,
:func:`.rule_cases.rules_of`, :func:`.banks.item_from_entry`, :func:`.generators.generate`)
look the spec up by the item's kind in :data:`.kinds.KINDS` and ask it; none of them
knows any kind.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Generic, TypeVar

from pinochle_tutor.cards import Card
from pinochle_tutor.course.quiz.items import QuizItem
from pinochle_tutor.course.quiz.marking import Mark
from pinochle_tutor.course.quiz.vocabulary import QuizKind, QuizRule, rule_applies
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.view import Role

__all__ = ["AnswerInput", "QuizKindSpec", "Screen"]

ItemT = TypeVar("ItemT", bound=QuizItem)
AnswerT = TypeVar("AnswerT")


class AnswerInput(Enum):
    """How the learner gives an answer on the screen."""

    TEXT = "text"
    """A box to type in (a number, or words), then Submit."""
    BID = "bid"
    """A box for a bid, then Submit, beside a Pass button."""
    YES_NO = "yes_no"
    """A Yes and a No button (no Submit)."""
    PLACE = "place"
    """One button per card of the trick, by its place (no Submit)."""
    PICK_CARDS = "pick_cards"
    """The hand to click, any number of cards, then Submit."""
    PICK_ONE = "pick_one"
    """The hand to click, one card, then Submit."""
    PICK_GIFT = "pick_gift"
    """The hand to click, exactly :attr:`Screen.pick_count` cards, then Submit."""
    CHOICE = "choice"
    """One button per choice of :attr:`Screen.choices` (no Submit): a seat, say."""


@dataclass(frozen=True)
class Screen:
    """How a question is put on the screen: what is drawn beside the prompt and how
    the answer is given. Only what the learner may see (never the answer)."""

    answer_input: AnswerInput
    instructions: str
    """What to do, in a sentence ("Answer Yes or No.")."""
    trick: tuple[Card, ...] = ()
    """The trick to draw (the cards played so far, led card first)."""
    shown: tuple[Card, ...] = ()
    """Cards to draw that are not picked from (the hand, or the cards to count)."""
    shown_label: str = "your hand"
    pick_from: tuple[Card, ...] = ()
    """The cards to pick from, for the picking inputs."""
    pick_count: int | None = None
    """How many cards to pick (:attr:`AnswerInput.PICK_GIFT`)."""
    pick_label: str = ""
    example: str = ""
    """The answer box's example (never the answer)."""
    choices: tuple[str, ...] = ()
    """The answers to press, in order (:attr:`AnswerInput.CHOICE`); pressing one answers
    with its text."""

    @property
    def buttons_only(self) -> bool:
        """Whether the answer is given with buttons alone (no Submit)."""
        return self.answer_input in (AnswerInput.YES_NO, AnswerInput.PLACE, AnswerInput.CHOICE)


class QuizKindSpec(ABC, Generic[ItemT, AnswerT]):
    """One kind of question. A module of :mod:`.kinds` defines its item type and one
    subclass of this, and :data:`.kinds.KINDS` registers an instance."""

    kind: ClassVar[QuizKind]
    item_type: ClassVar[type[QuizItem]]
    entry_fields: ClassVar[frozenset[str]]
    """The fields of a bank entry of this kind, besides the common ones."""
    checked_at_load: ClassVar[bool] = False
    """Whether loading a bank works out each entry's answer (the coach's or the
    exchange's), so that an entry the engine cannot answer is reported there."""
    pools: ClassVar[Mapping[int, tuple[QuizRule, ...]]]
    """The rule cases the generator aims at, by level (1 to 3)."""
    attempts: ClassVar[int] = 200
    """The most items :func:`.generators.generate` deals for one call."""
    hint_head: ClassVar[str]
    """The first sentence of a second-try hint: what to check."""
    general_rules: ClassVar[tuple[QuizRule, ...]] = ()
    """For a kind whose hint states the whole rule (the rule case of the position
    would give the answer away): the rule cases stated."""
    slow_answer: ClassVar[bool] = False
    """Whether working out the answer takes a while (a simulation), so a round works
    it out ahead, while the learner reads the question before."""
    slow_to_make: ClassVar[bool] = False
    """Whether making a question takes a while (the coach judging every card the
    learner may play), so that a page makes its questions after it is shown, in the
    background, as it works out slow answers."""

    # -------------------------------------------------------------- answers
    @abstractmethod
    def parse(self, item: ItemT, text: str) -> AnswerT:
        """Read ``text`` as an answer to ``item``; raises
        :class:`~.marking.InvalidAnswerError` saying how to write one."""

    @abstractmethod
    def mark(self, item: ItemT, text: str, answer: AnswerT) -> Mark:
        """Mark the answer read from ``text``."""

    def marked(
        self,
        item: ItemT,
        text: str,
        right: bool,
        explanation: str,
        detail: object,
        correct: str | None = None,
    ) -> Mark:
        """The :class:`Mark` of the readable answer ``text``: ``correct`` the engine's
        answer in words (default :meth:`answer_text`), the rule cases
        :meth:`rules_for` records, ``detail`` the explanation object a widget draws.
        The one way a kind's ``mark`` writes a mark of the item's own rule cases."""
        return Mark(
            item.id,
            item.kind,
            text,
            right,
            self.answer_text(item) if correct is None else correct,
            explanation,
            self.rules_for(item),
            detail=detail,
        )

    @abstractmethod
    def answer(self, item: ItemT) -> Any:
        """The engine's answer to ``item``."""

    @abstractmethod
    def answer_text(self, item: ItemT) -> str:
        """The engine's answer as text (what :attr:`Mark.correct` shows)."""

    def allows_second_try(self, item: ItemT) -> bool:
        """Whether a wrong answer may be tried once more after a hint."""
        return True

    def hint(self, item: ItemT) -> str:
        """A hint for a second try: the head, then the rule cases to check
        (:meth:`hint_cases`), never the answer."""
        rs = item.rule_set
        lines = [self.hint_head, *(r.statement(rs) for r in self.hint_cases(item))]
        return " ".join(dict.fromkeys(lines))

    def hint_after(self, item: ItemT, answer: str) -> str:
        """The hint for a second try after the first answer ``answer`` (as typed): by
        default :meth:`hint`, whatever the answer; a kind whose hint would blame what
        the answer got right (the count of an exchange) says something else."""
        return self.hint(item)

    def hint_cases(self, item: ItemT) -> list[QuizRule]:
        """The rule cases a hint states: the kind's whole rule for kinds with
        :attr:`general_rules` (those the rules in force have), else the item's."""
        if self.general_rules:
            return [r for r in self.general_rules if rule_applies(r, item.rule_set)]
        return list(self.rules_for(item))

    # ----------------------------------------------------------- rule cases
    @abstractmethod
    def rule_cases(self, item: ItemT) -> set[QuizRule]:
        """The rule cases the engine finds in ``item``'s position."""

    def rules_of(self, item: ItemT) -> tuple[QuizRule, ...]:
        """The rule cases found in ``item``, in :class:`QuizRule` order."""
        found = self.rule_cases(item)
        return tuple(r for r in QuizRule if r in found)

    def rules_for(self, item: ItemT) -> tuple[QuizRule, ...]:
        """What a mark records: the declared ``item.rules``, else those found."""
        return item.rules or self.rules_of(item)

    def seat_role(self, item: ItemT) -> Role | None:
        """The side (declarer's or defenders') of the seat whose decision ``item``
        asks, for a question asked at the table once the auction is won; ``None`` for
        the others (a meld to count, a trick to read, a call to make)."""
        return None

    # ----------------------------------------------------------------- bank
    @abstractmethod
    def from_entry(self, data: Mapping[str, Any], common: dict[str, Any], rules: RuleSet) -> ItemT:
        """The item of a bank entry, the common fields (``common``) already read;
        raises :class:`~.entries.BankFormatError` naming the bad field."""

    @abstractmethod
    def to_entry(self, item: ItemT) -> dict[str, Any]:
        """The kind's own fields of a bank entry for ``item`` (the question only)."""

    # ------------------------------------------------------------ generator
    @abstractmethod
    def build(self, rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> ItemT:
        """Deal one item aimed at ``target`` (it may miss: the generator retries)."""

    # ------------------------------------------------------------- guessing
    def guess_chance(self, item: ItemT) -> float:
        """The chance that a learner who guesses, picking uniformly among the answers
        :meth:`screen` offers, is marked right on the first try (the try a mastery set
        counts). Each button (Yes and No, a seat, a card's place in the trick) and each
        card of the hand to click alone is marked, so a question several answers fit
        (cards the coach accepts alike) counts them all; cards of the hand to click, any
        number of them, are right as one set of the ``2**k - 1`` that ``k`` distinct
        cards make; a bid box beside a Pass button is a Pass half the time. A number
        typed in a box counts 0: a guess is one of too many numbers. Cards to give that
        the coach judges by playing each choice out (hundreds of choices, a simulation
        each) are not tried: 1, an upper bound."""
        screen = self.screen(item)
        how = screen.answer_input
        if how is AnswerInput.TEXT:
            return 0.0
        if how is AnswerInput.PICK_GIFT:
            return 1.0
        if how is AnswerInput.PICK_CARDS:
            return 1.0 / ((1 << len(set(screen.pick_from))) - 1)
        if how is AnswerInput.BID:
            return self._right_share(item, ("pass",)) / 2
        answers: tuple[str, ...] = {
            AnswerInput.YES_NO: ("yes", "no"),
            AnswerInput.CHOICE: screen.choices,
            AnswerInput.PLACE: tuple(str(n) for n in range(1, len(screen.trick) + 1)),
        }.get(how, tuple(sorted({c.code for c in screen.pick_from})))
        return self._right_share(item, answers)

    def _right_share(self, item: ItemT, answers: tuple[str, ...]) -> float:
        right = sum(bool(self.mark(item, a, self.parse(item, a)).right) for a in answers)
        return float(right) / len(answers)

    def guess_bound(self, rule: QuizRule, rules: RuleSet) -> float:
        """The most :meth:`guess_chance` of a question on ``rule`` under ``rules`` may be,
        as a mastery set asks it (:meth:`firm`): what a set is planned with before its
        questions are made (:func:`~pinochle_tutor.course.mastery.plan_mastery_set`).
        Where the screen fixes it, its value (a seat among four: 1/4); where the kind
        cannot promise one, a cap the set's plan holds each question to (it makes
        another above it); 1 by default: nothing smaller is promised."""
        return 1.0

    def least_bound(self, rule: QuizRule, rules: RuleSet) -> float:
        """The least guess chance a question on ``rule`` under ``rules`` may be held to
        by making another position (the plan asks it there when :meth:`guess_bound`
        would give a set a second question a guess answers half the time); by default
        :meth:`guess_bound`: no lower one is promised."""
        return self.guess_bound(rule, rules)

    def firm(self, item: ItemT) -> ItemT | None:
        """``item`` as a mastery set asks it: the same position with answers a guess
        rarely finds (a yes-or-no question asked as "which ...?"), or ``None`` when the
        item cannot be asked there (the set then makes another). By default the item
        itself."""
        return item

    # --------------------------------------------------------------- screen
    def example(self, rules: RuleSet, avoid: str = "") -> str:
        """The answer box's example on the scale of ``rules``, never ``avoid`` (the
        answer); empty for kinds answered without a box."""
        return ""

    @abstractmethod
    def screen(self, item: ItemT) -> Screen:
        """How ``item`` is put on the screen."""
