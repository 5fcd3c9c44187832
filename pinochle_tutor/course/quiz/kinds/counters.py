"""Counting questions: "How many trick points are these cards worth?"
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from pinochle_tutor.cards import Card, Rank, cards_text
from pinochle_tutor.course.quiz.dealing import deck_cards
from pinochle_tutor.course.quiz.entries import (
    BankFormatError,
    as_cards,
    card_codes,
    check_copies,
    required,
)
from pinochle_tutor.course.quiz.items import QuizItem, card_tuple, store_field
from pinochle_tutor.course.quiz.kind import AnswerInput, QuizKindSpec, Screen
from pinochle_tutor.course.quiz.marking import (
    SEE_THE_BOX,
    InvalidAnswerError,
    Mark,
    clean_answer,
    hint_without_answer,
    read_number,
)
from pinochle_tutor.course.quiz.vocabulary import QuizKind, QuizRule, counter_values
from pinochle_tutor.explain import explain_counters
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.words import Side, listed

__all__ = [
    "SPEC",
    "CountersQuiz",
    "CountersQuizKind",
    "counters_example",
    "parse_counters_answer",
]


@dataclass(frozen=True, kw_only=True)
class CountersQuiz(QuizItem):
    """How many trick points are ``cards`` worth under the rules in force? With
    ``last_trick``, they are the last trick of the hand (its bonus counts)."""

    cards: tuple[Card, ...]
    last_trick: bool = False
    """The cards are (or include) the last trick of the hand."""

    kind = QuizKind.COUNTERS

    def __post_init__(self) -> None:
        super().__post_init__()
        store_field(self, "cards", card_tuple(self.cards))
        store_field(self, "last_trick", bool(self.last_trick))

    @property
    def is_trick(self) -> bool:
        """Whether the cards are one trick (one card per player), not a pile of tricks."""
        return len(self.cards) == self.rule_set.players

    @property
    def prompt(self) -> str:
        """The question in words."""
        if self.is_trick:
            what = "This trick" + (", the last of the hand," if self.last_trick else "")
            head = f"{what} holds {cards_text(self.cards)}."
        else:
            who = Side(self.rule_set.partnerships).us.capitalize()
            head = f"{who} took these cards in tricks: {cards_text(self.cards)}."
            if self.last_trick:
                head += " They include the last trick of the hand."
        return f"{self._rules_prefix}{head} How many trick points are they worth?"


def parse_counters_answer(text: str) -> int:
    """Read a number of trick points: ``'30'``, ``'30 points'``.

    Raises :class:`InvalidAnswerError` saying how to write it."""
    s = clean_answer(text)
    if not s:
        raise InvalidAnswerError(f"The answer is empty: type the trick points in digits{SEE_THE_BOX}.")
    return read_number(s, "a number of trick points", signed=False)


def _mark_counters(item: CountersQuiz, text: str, given: int) -> Mark:
    e = explain_counters(item.cards, item.rule_set, item.last_trick)
    right = given == e.total
    hints: list[str] = []
    bonus = item.rule_set.last_trick_bonus
    if not right:
        hints.append(f"You gave {given}; the cards are worth {e.total} trick points.")
        if e.bonus and given == e.card_points:
            hints.append(f"You left out the last trick's bonus of {e.bonus}.")
        elif not item.last_trick and bonus and given == e.total + bonus:
            hints.append("This is not the last trick, so it earns no bonus.")
        elif e.blanks and given > e.total:
            hints.append(f"Only counters earn trick points: {counter_values(item.rule_set)}")
    explanation = " ".join([*hints, e.text])
    return SPEC.marked(item, text, right, explanation, e, str(e.total))


def _rank_words(ranks: list[Rank]) -> str:
    return listed([f"{r.noun}s" for r in ranks])


def _counters_line(rules: RuleSet, numbers: bool) -> str:
    """The counters of ``rules`` in a sentence, ranks in words: with their trick
    points, or (``numbers=False``) only which ranks count."""
    by_value: dict[int, list[Rank]] = {}
    for rank in sorted(rules.ranks, reverse=True):
        by_value.setdefault(rules.counter_points[rank], []).append(rank)
    counting = [r for v in sorted(by_value, reverse=True) if v for r in by_value[v]]
    zero = by_value.get(0, [])
    if numbers:
        parts = [
            f"{_rank_words(by_value[v])} count {v} trick point{'s' if v != 1 else ''}"
            f"{' each' if len(by_value[v]) > 1 else ''}"
            for v in sorted(by_value, reverse=True)
            if v
        ]
        head = "; ".join(parts) if parts else "no card counts any trick points"
    else:
        head = (
            f"{_rank_words(counting)} are counters"
            if counting
            else "no card counts any trick points"
        )
    tail = f"; {_rank_words(zero)} count nothing" if zero and counting else ""
    return f"{head[:1].upper()}{head[1:]}{tail}."


def _counters_lines(item: CountersQuiz) -> list[tuple[str, str]]:
    rs = item.rule_set
    lines = [(_counters_line(rs, True), _counters_line(rs, False))]
    if item.last_trick and rs.last_trick_bonus > 0:
        lines.append(
            (QuizRule.COUNTERS_LAST_TRICK.statement(rs),
             "The last trick earns its takers a bonus on top of its counters.")
        )  # fmt: skip
    return lines


def _counters_rules(item: CountersQuiz) -> set[QuizRule]:
    e = explain_counters(item.cards, item.rule_set, item.last_trick)
    out = {QuizRule.COUNTERS_CARDS if e.counters else QuizRule.COUNTERS_NONE}
    if e.bonus:
        out.add(QuizRule.COUNTERS_LAST_TRICK)
    return out


def _counters_entry(data: Mapping[str, Any], common: dict[str, Any], rs: RuleSet) -> CountersQuiz:
    cards = as_cards("cards", required(data, "cards"), rs)
    if not 1 <= len(cards) <= rs.deck_size:
        raise BankFormatError(f"holds {len(cards)} cards; give 1 to {rs.deck_size}", "cards")
    check_copies("cards", cards, rs)
    last = data.get("last_trick", False)
    if not isinstance(last, bool):
        raise BankFormatError(f"must be true or false, not {last!r}", "last_trick")
    return CountersQuiz(cards=cards, last_trick=last, **common)


def _build_counters(
    rng: random.Random, level: int, target: QuizRule, rules: RuleSet
) -> CountersQuiz:
    n = rules.players
    pool = list(deck_cards(rules))
    if target is QuizRule.COUNTERS_NONE:
        pool = [c for c in pool if not rules.counter_points[c.rank]]
    rng.shuffle(pool)
    size = n if level < 3 else n * rng.randint(2, 3)
    cards = pool[:size]
    last = False
    if target is QuizRule.COUNTERS_LAST_TRICK:
        last = True
    elif level >= 2:
        last = rng.random() < 0.3
    return CountersQuiz(id="", cards=tuple(cards), last_trick=last, level=level, rule_set=rules)


class CountersQuizKind(QuizKindSpec[CountersQuiz, int]):
    """Counting questions: how many trick points are these cards worth?"""

    kind = QuizKind.COUNTERS
    item_type = CountersQuiz
    entry_fields = frozenset({"cards", "last_trick"})
    pools: ClassVar[dict[int, tuple[QuizRule, ...]]] = {
        1: (QuizRule.COUNTERS_CARDS, QuizRule.COUNTERS_NONE),
        2: (QuizRule.COUNTERS_CARDS, QuizRule.COUNTERS_LAST_TRICK, QuizRule.COUNTERS_NONE),
        3: (QuizRule.COUNTERS_CARDS, QuizRule.COUNTERS_LAST_TRICK),
    }  # fmt: skip
    hint_head = "Go through the cards one by one: which of them are counters?"

    def parse(self, item: CountersQuiz, text: str) -> int:
        return parse_counters_answer(text)

    def mark(self, item: CountersQuiz, text: str, answer: int) -> Mark:
        return _mark_counters(item, text, answer)

    def answer(self, item: CountersQuiz) -> int:
        return explain_counters(item.cards, item.rule_set, item.last_trick).total

    def answer_text(self, item: CountersQuiz) -> str:
        return str(self.answer(item))

    def hint(self, item: CountersQuiz) -> str:
        head = self.hint_head
        return hint_without_answer([(head, head), *_counters_lines(item)], self.answer(item))

    def rule_cases(self, item: CountersQuiz) -> set[QuizRule]:
        return _counters_rules(item)

    def from_entry(
        self, data: Mapping[str, Any], common: dict[str, Any], rules: RuleSet
    ) -> CountersQuiz:
        return _counters_entry(data, common, rules)

    def to_entry(self, item: CountersQuiz) -> dict[str, Any]:
        out: dict[str, Any] = {"cards": card_codes(item.cards)}
        if item.last_trick:
            out["last_trick"] = True
        return out

    def build(
        self, rng: random.Random, level: int, target: QuizRule, rules: RuleSet
    ) -> CountersQuiz:
        return _build_counters(rng, level, target, rules)

    def example(self, rules: RuleSet, avoid: str = "") -> str:
        return counters_example(rules, avoid)

    def guess_bound(self, rule: QuizRule, rules: RuleSet) -> float:
        return 0.0  # a number typed in a box

    def screen(self, item: CountersQuiz) -> Screen:
        return Screen(
            AnswerInput.TEXT, "Type your answer and press Submit.", shown=item.cards,
            shown_label="the cards", example=counters_example(item.rule_set, self.answer_text(item)),
        )  # fmt: skip


def counters_example(rules: RuleSet, avoid: str = "") -> str:
    """The answer box's example on the scale of ``rules`` (three of the top counter),
    moved by one counter when it is the answer (``avoid``)."""
    top = rules.counter
    example = 3 * top if top else rules.last_trick_bonus
    shown = example + top if str(example) == avoid else example
    return f"e.g. {shown}"


SPEC = CountersQuizKind()
"""The counters kind, registered in :data:`~pinochle_tutor.course.quiz.kinds.KINDS`."""
