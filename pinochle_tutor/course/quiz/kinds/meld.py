"""Meld questions: "Hearts are trump: how much meld does this hand hold?"

The answer is a total (``'190'``), a sum (``'150 + 40'``) or the lines by name
(``'run + royal marriage'``); a wrong answer is diagnosed line by line
(:func:`~pinochle_tutor.explain.diagnose_meld`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from pinochle_tutor.cards import Card, Rank, Suit, cards_text, parse_suit
from pinochle_tutor.course.quiz.dealing import deck_cards, take_cards
from pinochle_tutor.course.quiz.entries import as_hand, as_suit, card_codes, check_copies, required
from pinochle_tutor.course.quiz.items import QuizItem, card_tuple, store_field
from pinochle_tutor.course.quiz.kind import AnswerInput, QuizKindSpec, Screen
from pinochle_tutor.course.quiz.marking import (
    SEE_THE_BOX,
    InvalidAnswerError,
    Mark,
    clean_answer,
    read_number,
)
from pinochle_tutor.course.quiz.vocabulary import QuizKind, QuizRule, rule_applies
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain import (
    ClaimedLine,
    MeldNoteKind,
    diagnose_meld,
    explain_meld,
    parse_claim,
)
from pinochle_tutor.meld import MeldKind, meld_points
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.words import listed

__all__ = [
    "SPEC",
    "MeldAnswer",
    "MeldQuiz",
    "MeldQuizKind",
    "meld_example",
    "parse_meld_answer",
]


@dataclass(frozen=True, kw_only=True)
class MeldQuiz(QuizItem):
    """How much meld does ``hand`` hold with ``trump`` as trump?"""

    hand: tuple[Card, ...]
    trump: Suit

    kind = QuizKind.MELD

    def __post_init__(self) -> None:
        super().__post_init__()
        store_field(self, "hand", card_tuple(self.hand))
        store_field(self, "trump", parse_suit(self.trump))

    @property
    def prompt(self) -> str:
        """The question in words."""
        return (
            f"{self._rules_prefix}{self.trump.plural.capitalize()} are trump. "
            f"Your hand: {cards_text(self.hand)}. How much meld does it hold?"
        )


@dataclass(frozen=True)
class MeldAnswer:
    """A learner's meld answer: the total, and the lines counted when they were named."""

    total: int
    claims: tuple[ClaimedLine, ...] | None = None


def parse_meld_answer(text: str, rules: RuleSet = CLASSIC) -> MeldAnswer:
    """Read a meld answer: a total (``'190'``), a sum (``'150 + 40'``), or the lines
    counted (``'run + royal marriage'``, optionally ``'= 190'`` at the end).

    Raises :class:`InvalidAnswerError` saying how to write it."""
    s = clean_answer(text)
    how = f"type the meld total in digits, or the lines by name{SEE_THE_BOX}"
    if not s:
        raise InvalidAnswerError(f"The answer is empty: {how}.")
    stated: int | None = None
    if "=" in s:
        left, _, right = s.rpartition("=")
        stated = read_number(right.strip(), "a meld total", signed=False)
        s = left.strip()
        if not s:
            return MeldAnswer(stated)
    parts = [p.strip() for p in re.split(r"[+,;&]|\band\b|\bplus\b", s) if p.strip()]
    if not parts:
        raise InvalidAnswerError(f"{text!r} is not a meld answer: {how}.")
    numeric = [bool(re.fullmatch(r"[0-9]+(?:\s*points?)?", p, re.ASCII)) for p in parts]
    if all(numeric):
        values = [read_number(p, "a meld total", signed=False) for p in parts]
        return MeldAnswer(stated if stated is not None else sum(values))
    if any(numeric):
        raise InvalidAnswerError(
            f"{text!r} mixes numbers and meld names: use one or the other; {how}."
        )
    claims: list[ClaimedLine] = []
    for p in parts:
        try:
            claims.append(parse_claim(p, rules))
        except PinochleError as e:
            raise InvalidAnswerError(f"{e}. In short: {how}.") from None
    total = sum(c.points(rules) for c in claims)
    return MeldAnswer(stated if stated is not None else total, tuple(claims))


def _mark_meld(item: MeldQuiz, text: str, parsed: MeldAnswer) -> Mark:
    d = diagnose_meld(item.hand, item.trump, parsed.total, parsed.claims, item.rule_set)
    explanation = d.text
    right = f"Right: the meld is {d.expected_total}."
    if d.correct and explanation.startswith(right):
        # The mark's verdict already says "Right!" (here and in the quiz widget): say it once.
        explanation = f"The meld is {d.expected_total}." + explanation[len(right) :]
    return SPEC.marked(item, text, d.correct, explanation, d, str(d.expected_total))


def _meld_lines(item: MeldQuiz) -> list[str]:
    """Where to look in a meld hand, without naming the hand's meld lines or their
    points: the groups of cards that hold meld, and the traps the breakdown notes."""
    rs = item.rule_set
    ex = explain_meld(item.hand, item.trump, rs)
    if not ex.items:
        lines = ["runs, marriages, arounds and pinochles"]
        if rule_applies(QuizRule.MELD_DIX, rs):
            lines.append("the nine of trump")
        return [
            f"Check them all: {listed(lines)}. A line counts only when every card of it is in your hand."
        ]
    trump = item.trump.plural
    places: list[str] = []
    marriages: list[str] = []
    kinds = {line.kind for line in ex.items}
    if kinds & {MeldKind.RUN, MeldKind.ROYAL_MARRIAGE, MeldKind.DIX}:
        places.append(f"your {trump} (trump)")
    for line in ex.items:
        if line.kind is MeldKind.MARRIAGE and line.suit is not None:
            marriages.append(line.suit.plural)
        elif line.kind is MeldKind.PINOCHLE:
            places.append(
                f"your {cards_text(sorted(set(line.cards), key=lambda c: c.order), ' and ')}"
            )
        elif line.kind not in (MeldKind.RUN, MeldKind.ROYAL_MARRIAGE, MeldKind.DIX):
            places.append(f"your {line.kind.value.split()[0]} in every suit")
    if marriages:
        places.append(f"your kings and queens of {listed(list(dict.fromkeys(marriages)))}")
    out = [
        f"Look at {listed(list(dict.fromkeys(places)))}: which lines of the meld table do they make?"
    ]
    if any(line.multiple > 1 for line in ex.items):
        out.append(
            "Count the copies: every card of a line held twice over makes a double, which "
            "replaces the single line."
        )
    notes = {n.kind for n in ex.notes}
    said = {
        MeldNoteKind.SHARED_CARD: QuizRule.MELD_SHARED_CARD.statement(rs),
        MeldNoteKind.RUN_KQ_NO_MARRIAGE: (
            "A trump king and queen used in a longer line of trump make no marriage of their own."
        ),
        MeldNoteKind.EXTRA_ROYAL_BESIDE_RUN: (
            "A second trump king and queen, beside the ones in a longer line, make a marriage of their own."
        ),
        MeldNoteKind.LONE_EXTRA_BESIDE_RUN: (
            "An extra trump king or queen without its partner earns nothing."
        ),
        MeldNoteKind.DOUBLE_RUN_NO_MARRIAGES: (
            "Trump kings and queens used in a double line make no marriages."
        ),
        MeldNoteKind.INCOMPLETE_SECOND_SET: (
            "A double needs two copies of every card of the line; otherwise it is a single line."
        ),
    }
    out += [text for kind, text in said.items() if kind in notes]
    return out


_SINGLE_MELDS = {
    MeldKind.RUN: QuizRule.MELD_RUN,
    MeldKind.ROYAL_MARRIAGE: QuizRule.MELD_ROYAL_MARRIAGE,
    MeldKind.MARRIAGE: QuizRule.MELD_MARRIAGE,
    MeldKind.DIX: QuizRule.MELD_DIX,
    MeldKind.ACES_AROUND: QuizRule.MELD_ACES_AROUND,
    MeldKind.KINGS_AROUND: QuizRule.MELD_KINGS_AROUND,
    MeldKind.QUEENS_AROUND: QuizRule.MELD_QUEENS_AROUND,
    MeldKind.JACKS_AROUND: QuizRule.MELD_JACKS_AROUND,
    MeldKind.PINOCHLE: QuizRule.MELD_PINOCHLE,
}


_MELD_NOTES = {
    MeldNoteKind.EXTRA_ROYAL_BESIDE_RUN: QuizRule.MELD_RUN_ROYAL,
    MeldNoteKind.LONE_EXTRA_BESIDE_RUN: QuizRule.MELD_RUN_LONE_EXTRA,
    MeldNoteKind.SHARED_CARD: QuizRule.MELD_SHARED_CARD,
    MeldNoteKind.INCOMPLETE_SECOND_SET: QuizRule.MELD_INCOMPLETE_DOUBLE,
}


def _meld_rules(item: MeldQuiz) -> set[QuizRule]:
    ex = explain_meld(item.hand, item.trump, item.rule_set)
    out: set[QuizRule] = set()
    for line in ex.items:
        if line.multiple < 2:
            out.add(_SINGLE_MELDS[line.kind])
        elif line.kind is MeldKind.RUN:
            out.add(QuizRule.MELD_DOUBLE_RUN)
        elif line.kind is MeldKind.PINOCHLE:
            out.add(QuizRule.MELD_DOUBLE_PINOCHLE)
        else:
            out.add(QuizRule.MELD_DOUBLE_AROUND)
    out.update(_MELD_NOTES[n.kind] for n in ex.notes if n.kind in _MELD_NOTES)
    if not ex.items:
        out.add(QuizRule.MELD_NONE)
    return out


def _meld_entry(data: Mapping[str, Any], common: dict[str, Any], rs: RuleSet) -> MeldQuiz:
    hand = as_hand(data, rs)
    check_copies("hand", hand, rs)
    return MeldQuiz(hand=hand, trump=as_suit("trump", required(data, "trump")), **common)


_RUN_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)


_AROUND_RULE = {
    QuizRule.MELD_ACES_AROUND: Rank.ACE,
    QuizRule.MELD_KINGS_AROUND: Rank.KING,
    QuizRule.MELD_QUEENS_AROUND: Rank.QUEEN,
    QuizRule.MELD_JACKS_AROUND: Rank.JACK,
}


_QS = Card(Suit.SPADES, Rank.QUEEN)


_JD = Card(Suit.DIAMONDS, Rank.JACK)


def _copies(rng: random.Random, rules: RuleSet) -> int:
    """How many complete sets a double (or triple, quadruple) meld uses."""
    return 2 if rules.copies <= 2 else rng.randint(2, rules.copies)


def _meld_core(rng: random.Random, target: QuizRule, t: Suit, rules: RuleSet) -> list[Card]:
    run = [Card(t, r) for r in _RUN_RANKS]
    kq = [Card(t, Rank.KING), Card(t, Rank.QUEEN)]
    if target is QuizRule.MELD_RUN:
        return run
    if target is QuizRule.MELD_DOUBLE_RUN:
        return run * _copies(rng, rules)
    if target is QuizRule.MELD_RUN_ROYAL:
        return run + kq
    if target is QuizRule.MELD_RUN_LONE_EXTRA:
        return [*run, rng.choice(kq)]
    if target is QuizRule.MELD_ROYAL_MARRIAGE:
        return kq
    if target is QuizRule.MELD_MARRIAGE:
        s = rng.choice([x for x in Suit if x != t])
        return [Card(s, Rank.KING), Card(s, Rank.QUEEN)]
    if target is QuizRule.MELD_DIX:
        return [Card(t, Rank.NINE)]
    if target in _AROUND_RULE:
        return [Card(s, _AROUND_RULE[target]) for s in Suit]
    if target is QuizRule.MELD_DOUBLE_AROUND:
        rank = rng.choice(list(_AROUND_RULE.values()))
        return [Card(s, rank) for s in Suit] * _copies(rng, rules)
    if target is QuizRule.MELD_PINOCHLE:
        return [_QS, _JD]
    if target is QuizRule.MELD_DOUBLE_PINOCHLE:
        return [_QS, _JD] * _copies(rng, rules)
    if target is QuizRule.MELD_SHARED_CARD:
        choices = [
            [Card(Suit.SPADES, Rank.KING), _QS, _JD],
            [*(Card(s, Rank.QUEEN) for s in Suit), Card(Suit.SPADES, Rank.KING)],
            [*(Card(s, Rank.QUEEN) for s in Suit), _JD],
        ]
        return rng.choice(choices)
    if target is QuizRule.MELD_INCOMPLETE_DOUBLE:
        if rng.random() < 0.5:
            return rng.choice([[_QS, _QS, _JD], [_QS, _JD, _JD]])
        rank = rng.choice(list(_AROUND_RULE.values()))
        short = rng.choice(list(Suit))
        return [Card(s, rank) for s in Suit] + [Card(s, rank) for s in Suit if s != short]
    return []


def _build_meld(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> MeldQuiz:
    t = rng.choice(list(Suit))
    pool = list(deck_cards(rules))
    hand = take_cards(pool, _meld_core(rng, target, t, rules))
    n = rules.hand_size
    # Level 1: a part of a hand (5 to 8 cards of 12); later levels: a whole hand.
    size = max(len(hand), rng.randint(n * 5 // 12, n * 8 // 12) if level == 1 else n)
    rng.shuffle(pool)
    while len(hand) < size and pool:
        card = pool.pop()
        if target is QuizRule.MELD_NONE and meld_points([*hand, card], t, rules):
            continue
        hand.append(card)
    hand.sort(key=lambda c: c.order)
    return MeldQuiz(id="", hand=tuple(hand), trump=t, level=level, rule_set=rules)


class MeldQuizKind(QuizKindSpec[MeldQuiz, MeldAnswer]):
    """Meld questions: how much meld does a hand hold?"""

    kind = QuizKind.MELD
    item_type = MeldQuiz
    entry_fields = frozenset({"hand", "trump"})
    pools: ClassVar[dict[int, tuple[QuizRule, ...]]] = {
        1: (
            QuizRule.MELD_RUN, QuizRule.MELD_ROYAL_MARRIAGE, QuizRule.MELD_MARRIAGE,
            QuizRule.MELD_DIX, QuizRule.MELD_ACES_AROUND, QuizRule.MELD_KINGS_AROUND,
            QuizRule.MELD_QUEENS_AROUND, QuizRule.MELD_JACKS_AROUND, QuizRule.MELD_PINOCHLE,
            QuizRule.MELD_NONE,
        ),
        2: (
            QuizRule.MELD_RUN, QuizRule.MELD_RUN_ROYAL, QuizRule.MELD_ROYAL_MARRIAGE,
            QuizRule.MELD_MARRIAGE, QuizRule.MELD_DIX, QuizRule.MELD_ACES_AROUND,
            QuizRule.MELD_KINGS_AROUND, QuizRule.MELD_QUEENS_AROUND, QuizRule.MELD_JACKS_AROUND,
            QuizRule.MELD_PINOCHLE, QuizRule.MELD_SHARED_CARD, QuizRule.MELD_DOUBLE_PINOCHLE,
        ),
        3: (
            QuizRule.MELD_DOUBLE_RUN, QuizRule.MELD_RUN_ROYAL, QuizRule.MELD_RUN_LONE_EXTRA,
            QuizRule.MELD_DOUBLE_AROUND, QuizRule.MELD_DOUBLE_PINOCHLE, QuizRule.MELD_SHARED_CARD,
            QuizRule.MELD_INCOMPLETE_DOUBLE,
        ),
    }  # fmt: skip
    hint_head = "Go through the meld table line by line, and check each line against your cards."

    def parse(self, item: MeldQuiz, text: str) -> MeldAnswer:
        return parse_meld_answer(text, item.rule_set)

    def mark(self, item: MeldQuiz, text: str, answer: MeldAnswer) -> Mark:
        return _mark_meld(item, text, answer)

    def answer(self, item: MeldQuiz) -> MeldAnswer:
        return MeldAnswer(explain_meld(item.hand, item.trump, item.rule_set).total)

    def answer_text(self, item: MeldQuiz) -> str:
        return str(self.answer(item).total)

    def hint(self, item: MeldQuiz) -> str:
        return " ".join([self.hint_head, *_meld_lines(item)])

    def rule_cases(self, item: MeldQuiz) -> set[QuizRule]:
        return _meld_rules(item)

    def from_entry(
        self, data: Mapping[str, Any], common: dict[str, Any], rules: RuleSet
    ) -> MeldQuiz:
        return _meld_entry(data, common, rules)

    def to_entry(self, item: MeldQuiz) -> dict[str, Any]:
        return {"trump": item.trump.letter, "hand": card_codes(item.hand)}

    def build(self, rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> MeldQuiz:
        return _build_meld(rng, level, target, rules)

    def example(self, rules: RuleSet, avoid: str = "") -> str:
        return meld_example(rules, avoid)

    def guess_bound(self, rule: QuizRule, rules: RuleSet) -> float:
        return 0.0  # a number typed in a box

    def screen(self, item: MeldQuiz) -> Screen:
        return Screen(
            AnswerInput.TEXT, "Type your answer and press Submit.", shown=item.hand,
            example=meld_example(item.rule_set, self.answer_text(item)),
        )  # fmt: skip


def meld_example(rules: RuleSet, avoid: str = "") -> str:
    """The answer box's example on the scale of ``rules`` (classic: ``'e.g. 190, or
    run + royal marriage'``), moved by a few raises when it is the answer (``avoid``)."""
    step = 10 * rules.bid_increment
    run_royal = rules.meld_table.run[0] + rules.meld_table.royal_marriage
    shown = run_royal + step if str(run_royal) == avoid else run_royal
    return f"e.g. {shown}, or run + royal marriage"


SPEC = MeldQuizKind()
"""The meld kind, registered in :data:`~pinochle_tutor.course.quiz.kinds.KINDS`."""
