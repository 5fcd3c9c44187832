"""Trick-rule questions: "Which cards may you play?" or, with a ``card``, "May you
play this card?", marked by the four trick rules (:func:`~pinochle_tutor.tricks.check_play`).
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from pinochle_tutor.cards import (
    Card,
    Suit,
    cards_text,
    parse_cards,
    parse_suit,
)
from pinochle_tutor.course.positions import TrickCase, classify
from pinochle_tutor.course.quiz.dealing import deck_cards, take_cards
from pinochle_tutor.course.quiz.entries import (
    BankFormatError,
    as_cards,
    as_hand,
    as_suit,
    card_codes,
    check_copies,
    required,
)
from pinochle_tutor.course.quiz.items import (
    QuizItem,
    card_tuple,
    store_field,
)
from pinochle_tutor.course.quiz.kind import AnswerInput, QuizKindSpec, Screen
from pinochle_tutor.course.quiz.marking import (
    ALL_WORDS,
    Mark,
    clean_answer,
    parse_cards_answer,
    parse_yes_no,
)
from pinochle_tutor.course.quiz.vocabulary import (
    QuizKind,
    QuizRule,
)
from pinochle_tutor.explain import (
    explain_legal,
    explain_play,
)
from pinochle_tutor.rules import (
    RuleSet,
)
from pinochle_tutor.tricks import trick_winner

__all__ = [
    "SPEC",
    "TrickQuiz",
    "TrickQuizKind",
]


@dataclass(frozen=True, kw_only=True)
class TrickQuiz(QuizItem):
    """Which cards of ``hand`` may be played to ``trick`` (the cards already
    played, led card first)? With a ``card``: may that card be played?"""

    hand: tuple[Card, ...]
    trick: tuple[Card, ...] = ()
    trump: Suit
    card: Card | None = None
    """The card asked about ("is this play legal?"); ``None`` asks for every legal card."""

    kind = QuizKind.TRICK

    def __post_init__(self) -> None:
        super().__post_init__()
        store_field(self, "hand", card_tuple(self.hand))
        store_field(self, "trick", card_tuple(self.trick))
        store_field(self, "trump", parse_suit(self.trump))
        if isinstance(self.card, str):
            store_field(self, "card", parse_cards(self.card)[0])

    @property
    def asks_legal(self) -> bool:
        """True for "is this play legal?", false for "which cards may you play?"."""
        return self.card is not None

    @property
    def prompt(self) -> str:
        """The question in words."""
        trump = f"{self._rules_prefix}{self.trump.plural.capitalize()} are trump."
        if self.trick:
            n = len(self.trick)
            led = f" Trick so far: {cards_text(self.trick)}"
            if n >= 2:
                pos = trick_winner(self.trick, self.trump)
                whose = ""
                if self.rule_set.partnerships and self.rule_set.players == 4:
                    whose = " (your partner's card)" if pos == n - 2 else " (an opponent's card)"
                led += f"; {self.trick[pos].text} is winning{whose}."
            else:
                led += "."
        else:
            led = " You lead the trick."
        hand = f" Your hand: {cards_text(self.hand)}."
        if self.card is not None:
            return f"{trump}{led}{hand} May you play {self.card.text}? (yes or no)"
        return f"{trump}{led}{hand} Which cards may you play?"


def _mark_play(item: TrickQuiz, text: str, parsed: bool) -> Mark:
    assert item.card is not None
    e = explain_play(item.hand, item.trick, item.trump, item.card, item.rule_set)
    right = parsed == e.legal
    verdict = "may" if e.legal else "may not"
    head = "" if right else f"{item.card.text} {verdict} be played. "
    explanation = f"{head}{e.context} {e.text}"
    return Mark(
        item.id,
        item.kind,
        text,
        right,
        "yes" if e.legal else "no",
        explanation,
        SPEC.rules_for(item),
        detail=e,
    )


def _mark_legal_set(item: TrickQuiz, text: str, parsed: tuple[Card, ...]) -> Mark:
    e = explain_legal(item.hand, item.trick, item.trump, item.rule_set)
    legal = set(e.legal)
    given = set(parsed)
    right = given == legal
    lines: list[str] = []
    held = set(item.hand)
    for c in sorted(given - legal):
        if c not in held:
            lines.append(f"You do not hold {c.text}: you can only play a card from your hand.")
        else:
            g = e.group_of(c)
            lines.append(f"{c.text} may not be played. " + (g.text if g is not None else ""))
    for c in sorted(legal - given):
        g = e.group_of(c)
        lines.append(
            f"You left out {c.text}, which may be played. " + (g.text if g is not None else "")
        )
    lines.append(e.text)
    lines = _once(lines)
    correct = cards_text(sorted(legal, key=lambda c: c.order), ", ")
    return Mark(
        item.id, item.kind, text, right, correct, "\n".join(lines), SPEC.rules_for(item), detail=e
    )


def _once(lines: list[str]) -> list[str]:
    """The lines with every sentence said once: a group's reason quoted for each of
    its cards, and again in the legal-set explanation, is kept only the first time."""
    seen: set[str] = set()
    out: list[str] = []
    for line in lines:
        kept = []
        for sentence in re.split(r"(?<=[.!?])\s+", line):
            key = sentence.strip()
            if key and key not in seen:
                seen.add(key)
                kept.append(sentence)
        if kept:
            out.append(" ".join(kept))
    return out


_TRICK_CASES: dict[TrickCase, frozenset[QuizRule]] = {
    TrickCase.FOLLOW_SUIT: frozenset({QuizRule.TRICK_FOLLOW_SUIT}),
    TrickCase.MUST_BEAT: frozenset({QuizRule.TRICK_FOLLOW_SUIT, QuizRule.TRICK_BEAT}),
    TrickCase.TRUMPED_TRICK: frozenset({QuizRule.TRICK_FOLLOW_SUIT, QuizRule.TRICK_TRUMPED}),
    TrickCase.MUST_TRUMP: frozenset({QuizRule.TRICK_TRUMP}),
    TrickCase.MUST_OVERTRUMP: frozenset({QuizRule.TRICK_TRUMP, QuizRule.TRICK_OVER_TRUMP}),
    TrickCase.CANNOT_OVERTRUMP: frozenset({QuizRule.TRICK_TRUMP}),
    TrickCase.DISCARD: frozenset({QuizRule.TRICK_DISCARD}),
}
"""The rule cases each trick case of :func:`~pinochle_tutor.course.positions.classify` exercises."""


def _trick_rules(item: TrickQuiz) -> set[QuizRule]:
    if not item.trick:
        return {QuizRule.TRICK_LEAD}
    out = set(_TRICK_CASES[classify(item.hand, item.trick, item.trump, item.rule_set)])
    if explain_legal(item.hand, item.trick, item.trump, item.rule_set).partner_winning:
        out.add(QuizRule.TRICK_PARTNER_WINNING)
    return out


def _trick_entry(data: Mapping[str, Any], common: dict[str, Any], rs: RuleSet) -> TrickQuiz:
    hand = as_hand(data, rs)
    trick = as_cards("trick", data.get("trick", ""), rs)
    if len(trick) >= rs.players:
        raise BankFormatError(
            f"holds {len(trick)} cards: a trick in progress has fewer than {rs.players}", "trick"
        )
    check_copies("trick", hand + trick, rs)
    card = None
    if "card" in data:
        cards = as_cards("card", data["card"], rs)
        if len(cards) != 1:
            raise BankFormatError("must be one card", "card")
        card = cards[0]
        if card not in hand:
            raise BankFormatError(f"{card.text} is not in the hand", "card")
    trump = as_suit("trump", required(data, "trump"))
    return TrickQuiz(hand=hand, trick=trick, trump=trump, card=card, **common)


def _build_trick(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> TrickQuiz:
    t = rng.choice(list(Suit))
    size = {1: rng.randint(4, 6), 2: rng.randint(6, 9), 3: rng.randint(8, 12)}[level]
    size = min(size, rules.hand_size)
    most = rules.players - 1  # cards already played when the learner is last to play
    pool = list(deck_cards(rules))
    rng.shuffle(pool)
    if target is QuizRule.TRICK_LEAD:
        hand = pool[:size]
        trick: list[Card] = []
    else:
        follow = target in (QuizRule.TRICK_FOLLOW_SUIT, QuizRule.TRICK_BEAT)
        led_suit = t if follow and rng.random() < 0.2 else rng.choice([s for s in Suit if s != t])
        n = 1 if level == 1 else rng.randint(1, min(3 if level == 3 else 2, most))
        if target is QuizRule.TRICK_PARTNER_WINNING:
            n = rng.randint(2, most)
        if target in (QuizRule.TRICK_TRUMPED, QuizRule.TRICK_OVER_TRUMP):
            n = max(n, 2)
        led = next(c for c in pool if c.suit == led_suit)
        trick = take_cards(pool, [led])
        while len(trick) < n:
            must_trump = target in (QuizRule.TRICK_TRUMPED, QuizRule.TRICK_OVER_TRUMP)
            if must_trump and len(trick) == n - 1 and all(c.suit != t for c in trick):
                nxt = next(c for c in pool if c.suit == t)
            elif rng.random() < 0.5:
                nxt = next(c for c in pool if c.suit == led_suit)
            else:
                nxt = pool[0]
            trick += take_cards(pool, [nxt])
        void: set[Suit] = set()
        if target in (QuizRule.TRICK_TRUMP, QuizRule.TRICK_OVER_TRUMP, QuizRule.TRICK_DISCARD):
            void.add(led_suit)
        if target is QuizRule.TRICK_DISCARD:
            void.add(t)
        allowed = [c for c in pool if c.suit not in void]
        hand = allowed[:size]
        need: Suit | None = None
        if target in (QuizRule.TRICK_FOLLOW_SUIT, QuizRule.TRICK_BEAT, QuizRule.TRICK_TRUMPED):
            need = led_suit
        elif target in (QuizRule.TRICK_TRUMP, QuizRule.TRICK_OVER_TRUMP):
            need = t
        if need is not None and all(c.suit != need for c in hand):
            extra = next((c for c in allowed[size:] if c.suit == need), None)
            if extra is not None:
                hand = [*hand[:-1], extra]
    hand.sort(key=lambda c: c.order)
    card: Card | None = None
    if rng.random() < (0.7 if level == 1 else 0.4):
        legal = set(explain_legal(tuple(hand), tuple(trick), t, rules).legal)
        distinct = sorted(set(hand))
        bad = [c for c in distinct if c not in legal]
        card = rng.choice(bad if bad and rng.random() < 0.5 else distinct)
    return TrickQuiz(
        id="",
        hand=tuple(hand),
        trick=tuple(trick),
        trump=t,
        card=card,
        level=level,
        rule_set=rules,
    )


class TrickQuizKind(QuizKindSpec[TrickQuiz, bool | tuple[Card, ...]]):
    """Trick-rule questions: which cards may you play, or may you play this one?"""

    kind = QuizKind.TRICK
    item_type = TrickQuiz
    entry_fields = frozenset({"hand", "trick", "trump", "card"})
    pools: ClassVar[dict[int, tuple[QuizRule, ...]]] = {
        1: (QuizRule.TRICK_LEAD, QuizRule.TRICK_FOLLOW_SUIT, QuizRule.TRICK_TRUMP, QuizRule.TRICK_DISCARD),
        2: (
            QuizRule.TRICK_FOLLOW_SUIT, QuizRule.TRICK_BEAT, QuizRule.TRICK_TRUMP,
            QuizRule.TRICK_OVER_TRUMP, QuizRule.TRICK_DISCARD,
        ),
        3: (
            QuizRule.TRICK_BEAT, QuizRule.TRICK_OVER_TRUMP, QuizRule.TRICK_PARTNER_WINNING,
            QuizRule.TRICK_TRUMPED,
        ),
    }  # fmt: skip
    hint_head = "Check the trick rules in order, from the first to the last:"
    general_rules = (
        QuizRule.TRICK_FOLLOW_SUIT, QuizRule.TRICK_BEAT, QuizRule.TRICK_TRUMP,
        QuizRule.TRICK_OVER_TRUMP, QuizRule.TRICK_DISCARD,
    )  # fmt: skip

    def parse(self, item: TrickQuiz, text: str) -> bool | tuple[Card, ...]:
        if item.card is not None:
            return parse_yes_no(text)
        if clean_answer(text).rstrip(".!") in ALL_WORDS:
            return tuple(sorted(set(item.hand)))
        return parse_cards_answer(text)

    def mark(self, item: TrickQuiz, text: str, answer: bool | tuple[Card, ...]) -> Mark:
        if isinstance(answer, bool):
            return _mark_play(item, text, answer)
        return _mark_legal_set(item, text, answer)

    def answer(self, item: TrickQuiz) -> bool | tuple[Card, ...]:
        if item.card is not None:
            return explain_play(item.hand, item.trick, item.trump, item.card, item.rule_set).legal
        return explain_legal(item.hand, item.trick, item.trump, item.rule_set).legal

    def answer_text(self, item: TrickQuiz) -> str:
        a = self.answer(item)
        if isinstance(a, bool):
            return "yes" if a else "no"
        return cards_text(sorted(a, key=lambda c: c.order), ", ")

    def allows_second_try(self, item: TrickQuiz) -> bool:
        # "May you play this card?" is yes or no: a second try could only be the other.
        return item.card is None

    def firm(self, item: TrickQuiz) -> TrickQuiz | None:
        # "May you play this card?" is yes or no: a mastery set asks for every card
        # the position allows instead (the same position, so the same rule cases).
        if item.card is None:
            return item
        return dataclasses.replace(item, id=f"{item.id}-which", card=None)

    def guess_bound(self, rule: QuizRule, rules: RuleSet) -> float:
        # "Which cards may you play?": one set of the 2**k - 1 that k distinct cards
        # make. A mastery set asks hands of at least 4 distinct cards (its plan makes
        # another below that).
        return 1 / 15

    def hint_cases(self, item: TrickQuiz) -> list[QuizRule]:
        # The four rules, then when they bind in this position.
        return [*super().hint_cases(item), *(r for r in self.rules_for(item) if r in _TRICK_TRAPS)]

    def rule_cases(self, item: TrickQuiz) -> set[QuizRule]:
        return _trick_rules(item)

    def from_entry(
        self, data: Mapping[str, Any], common: dict[str, Any], rules: RuleSet
    ) -> TrickQuiz:
        return _trick_entry(data, common, rules)

    def to_entry(self, item: TrickQuiz) -> dict[str, Any]:
        out: dict[str, Any] = {
            "trump": item.trump.letter, "hand": card_codes(item.hand), "trick": card_codes(item.trick),
        }  # fmt: skip
        if item.card is not None:
            out["card"] = item.card.code
        return out

    def build(self, rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> TrickQuiz:
        return _build_trick(rng, level, target, rules)

    def screen(self, item: TrickQuiz) -> Screen:
        if item.asks_legal:
            return Screen(
                AnswerInput.YES_NO, "Answer Yes or No.", trick=item.trick, shown=item.hand
            )
        return Screen(
            AnswerInput.PICK_CARDS,
            "Click every card you may play (click again to unpick), then press Submit.",
            trick=item.trick, pick_from=item.hand,
        )  # fmt: skip


_TRICK_TRAPS = (QuizRule.TRICK_LEAD, QuizRule.TRICK_TRUMPED, QuizRule.TRICK_PARTNER_WINNING)
"""Trick rule cases a trick hint names when the position shows them: each says when
the four rules bind, not which cards they leave."""


SPEC = TrickQuizKind()
"""The trick kind, registered in :data:`~pinochle_tutor.course.quiz.kinds.KINDS`."""
