"""Trick-winner questions: "Who wins this trick?", answered by the card's place.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from pinochle_tutor.cards import (
    Card,
    Suit,
    parse_cards,
    parse_suit,
)
from pinochle_tutor.course.quiz.dealing import deck_cards, take_cards
from pinochle_tutor.course.quiz.entries import (
    BankFormatError,
    as_cards,
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
    InvalidAnswerError,
    Mark,
    clean_answer,
)
from pinochle_tutor.course.quiz.vocabulary import (
    QuizKind,
    QuizRule,
)
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain import (
    WinnerRule,
    explain_winner,
)
from pinochle_tutor.explain.trick_result import ordinal
from pinochle_tutor.rules import (
    RuleSet,
)
from pinochle_tutor.tricks import trick_winner

__all__ = [
    "SPEC",
    "WinnerQuiz",
    "WinnerQuizKind",
    "parse_winner_answer",
]


@dataclass(frozen=True, kw_only=True)
class WinnerQuiz(QuizItem):
    """Which card wins the complete ``trick`` (one card from each player, led card
    first) with ``trump``? The answer is the card's position (1 for the led card)
    or the card itself when it was played once."""

    trick: tuple[Card, ...]
    trump: Suit

    kind = QuizKind.WINNER

    def __post_init__(self) -> None:
        super().__post_init__()
        store_field(self, "trick", card_tuple(self.trick))
        store_field(self, "trump", parse_suit(self.trump))

    @property
    def one_suit(self) -> bool:
        """Whether every card of the trick is of one suit other than trump: then the
        highest rank wins whatever suit is trump, and the question is asked without it
        (lesson 1's question, before trump is taught)."""
        return len({c.suit for c in self.trick}) == 1 and self.trick[0].suit != self.trump

    @property
    def prompt(self) -> str:
        """The question in words. A trick of one suit (not trump) is asked without
        trump: the highest of the suit wins it whatever suit is trump."""
        ask = f"Which card wins the trick? (its place, 1 to {len(self.trick)}, or the card)"
        if self.one_suit:
            played = ", ".join(f"{ordinal(i + 1)} {c.text}" for i, c in enumerate(self.trick))
            suit = self.trick[0].suit.plural
            return (
                f"{self._rules_prefix}The trick, in the order played: {played}: all {suit}. {ask}"
            )
        played = ", ".join(
            f"{ordinal(i + 1)} {c.text}{' (led)' if i == 0 else ''}"
            for i, c in enumerate(self.trick)
        )
        return (
            f"{self._rules_prefix}{self.trump.plural.capitalize()} are trump. The trick, in the "
            f"order played: {played}. {ask}"
        )


_PLACE = re.compile(r"^(?:the\s+)?([0-9]{1,2})(?:st|nd|rd|th)?\b", re.ASCII)


_PLACE_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "last": -1}


def parse_winner_answer(text: str, trick: tuple[Card, ...]) -> int:
    """Read which card of ``trick`` wins: its place (``'2'``, ``'2nd'``, ``'second'``,
    ``'the 2nd card, A♠'``) or the card (``'A♠'``) when it was played once. Returns
    the 0-based position.

    Raises :class:`InvalidAnswerError` saying how to write it (a card played twice
    must be named by its place; an answer naming several places or cards, such as
    ``'1 2 3 4'``, is refused: one card wins)."""
    s = clean_answer(text).rstrip(".!")
    n = len(trick)
    how = f"give the winning card's place, 1 to {n}, or the card, e.g. {trick[0].text!r}"
    if not s:
        raise InvalidAnswerError(f"The answer is empty: {how}.")
    m = _PLACE.match(s)
    first = s.split()[0].strip(",;:")
    place = int(m.group(1)) if m else _PLACE_WORDS.get(first)
    if place is not None:
        place = n if place == -1 else place
        if not 1 <= place <= n:
            raise InvalidAnswerError(f"{text!r}: the trick has {n} cards, so {how}.")
        rest = s[m.end() :] if m else s[len(s.split()[0]) :]
        _check_place_tail(text, rest, place, trick, how)
        return place - 1
    try:
        cards = parse_cards(re.sub(r"(?i)\bthe\b", " ", s))
    except PinochleError as e:
        raise InvalidAnswerError(f"{e}. In short: {how}.") from None
    if len(cards) != 1:
        raise InvalidAnswerError(f"{text!r} is not one card: {how}.")
    card = cards[0]
    places = [i for i, c in enumerate(trick) if c == card]
    if not places:
        raise InvalidAnswerError(f"{card.text} was not played to this trick: {how}.")
    if len(places) > 1:
        shown = " and ".join(str(i + 1) for i in places)
        raise InvalidAnswerError(
            f"Two {card.text} were played (places {shown}): say which one by its place."
        )
    return places[0]


_MORE_PLACES = re.compile(
    r"\b(?:[0-9]+(?:st|nd|rd|th)?|first|second|third|fourth|last)\b", re.ASCII
)


def _check_place_tail(text: str, rest: str, place: int, trick: tuple[Card, ...], how: str) -> None:
    """What may follow a place: nothing, ``card``, or the card at that place
    (``'the 2nd card, A♠'``). Another place (``'1 2 3 4'``), another card or other
    words raise :class:`InvalidAnswerError`: one card wins a trick."""
    tail = re.sub(r"^\s*card\b", "", rest).strip(" ,;:-")
    if not tail:
        return
    try:
        cards = parse_cards(tail)
    except PinochleError:
        cards = []
    if len(cards) == 1:
        if cards[0] != trick[place - 1]:
            raise InvalidAnswerError(
                f"{text!r}: the {ordinal(place)} card is {trick[place - 1].text}, not "
                f"{cards[0].text}; {how}."
            )
        return
    if cards or _MORE_PLACES.search(tail):
        raise InvalidAnswerError(f"{text!r} names more than one card: one card wins, so {how}.")
    raise InvalidAnswerError(f"{text!r} is not one place or card: {how}.")


def _mark_winner(item: WinnerQuiz, text: str, pos: int) -> Mark:
    e = explain_winner(item.trick, item.trump, item.rule_set)
    right = pos == e.winner
    explanation = e.text if right else f"{e.why_not(pos)}\n{e.text}"
    return SPEC.marked(item, text, right, explanation, e)


def _winner_entry(data: Mapping[str, Any], common: dict[str, Any], rs: RuleSet) -> WinnerQuiz:
    trick = as_cards("trick", required(data, "trick"), rs)
    if len(trick) != rs.players:
        raise BankFormatError(
            f"holds {len(trick)} cards: a complete trick has one card from each of the "
            f"{rs.players} players",
            "trick",
        )
    check_copies("trick", trick, rs)
    return WinnerQuiz(trick=trick, trump=as_suit("trump", required(data, "trump")), **common)


def _build_winner(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> WinnerQuiz:
    t = rng.choice(list(Suit))
    n = rules.players
    pool = list(deck_cards(rules))
    rng.shuffle(pool)
    trump_led = level == 3 and target is QuizRule.WINNER_TRUMP and rng.random() < 0.3
    led_suit = t if trump_led else rng.choice([s for s in Suit if s != t])
    trick = take_cards(pool, [next(c for c in pool if c.suit == led_suit)])
    # Level 1 follows suit; later levels mix in other suits (and trump).
    off = {1: 0.0, 2: 0.3, 3: 0.45}[level]
    while len(trick) < n:
        r = rng.random()
        if (
            target is QuizRule.WINNER_TRUMP
            and len(trick) == n - 1
            and all(c.suit != t for c in trick)
        ):
            nxt = next(c for c in pool if c.suit == t)
        elif target is QuizRule.WINNER_LED_SUIT or r > off:
            nxt = next(c for c in pool if c.suit == led_suit) if r > off / 2 else pool[0]
        else:
            nxt = pool[0]
        if target is QuizRule.WINNER_LED_SUIT and nxt.suit == t and led_suit != t:
            nxt = next(c for c in pool if c.suit not in (t,))
        trick += take_cards(pool, [nxt])
    if target is QuizRule.WINNER_FIRST_IDENTICAL:
        win = trick[_winner_pos(trick, t)]
        later = [i for i in range(len(trick)) if trick[i] != win and i > trick.index(win)]
        if later and win in pool:
            trick[rng.choice(later)] = take_cards(pool, [win])[0]
    return WinnerQuiz(id="", trick=tuple(trick), trump=t, level=level, rule_set=rules)


def _winner_pos(trick: list[Card], trump: Suit) -> int:
    """The winning position of a trick, from the engine."""
    return trick_winner(trick, trump)


class WinnerQuizKind(QuizKindSpec[WinnerQuiz, int]):
    """Trick-winner questions: who wins this trick?"""

    kind = QuizKind.WINNER
    item_type = WinnerQuiz
    entry_fields = frozenset({"trick", "trump"})
    pools: ClassVar[dict[int, tuple[QuizRule, ...]]] = {
        # Level 1 follows suit: the ranks alone decide (lesson 1, before trump).
        1: (QuizRule.WINNER_LED_SUIT, QuizRule.WINNER_FIRST_IDENTICAL),
        2: (QuizRule.WINNER_LED_SUIT, QuizRule.WINNER_TRUMP, QuizRule.WINNER_FIRST_IDENTICAL),
        3: (QuizRule.WINNER_FIRST_IDENTICAL, QuizRule.WINNER_TRUMP, QuizRule.WINNER_LED_SUIT),
    }  # fmt: skip
    hint_head = "Look at which suit was led and whether any trump was played."
    general_rules = (QuizRule.WINNER_TRUMP, QuizRule.WINNER_LED_SUIT, QuizRule.WINNER_FIRST_IDENTICAL)  # fmt: skip

    def parse(self, item: WinnerQuiz, text: str) -> int:
        return parse_winner_answer(text, item.trick)

    def hint(self, item: WinnerQuiz) -> str:
        if not item.one_suit:
            return super().hint(item)
        # The ranks in words: the digits 10 and 9 would add up to a place of the trick.
        ranks = ", ".join(r.noun for r in sorted(item.rule_set.ranks, reverse=True))
        return (
            f"Every card is of one suit, so the highest rank wins ({ranks}, from high to low). "
            f"{QuizRule.WINNER_FIRST_IDENTICAL.statement(item.rule_set)}"
        )

    def guess_bound(self, rule: QuizRule, rules: RuleSet) -> float:
        return 1 / rules.players  # one place of the trick's, one card from each player

    def mark(self, item: WinnerQuiz, text: str, answer: int) -> Mark:
        return _mark_winner(item, text, answer)

    def answer(self, item: WinnerQuiz) -> int:
        return explain_winner(item.trick, item.trump, item.rule_set).winner

    def answer_text(self, item: WinnerQuiz) -> str:
        e = explain_winner(item.trick, item.trump, item.rule_set)
        return f"the {ordinal(e.winner + 1)} card, {e.winning_card.text}"

    def rule_cases(self, item: WinnerQuiz) -> set[QuizRule]:
        e = explain_winner(item.trick, item.trump, item.rule_set)
        trumped = e.winning_card.suit == item.trump
        out = {QuizRule.WINNER_TRUMP if trumped else QuizRule.WINNER_LED_SUIT}
        if e.rule is WinnerRule.FIRST_OF_IDENTICAL:
            out.add(QuizRule.WINNER_FIRST_IDENTICAL)
        return out

    def from_entry(
        self, data: Mapping[str, Any], common: dict[str, Any], rules: RuleSet
    ) -> WinnerQuiz:
        return _winner_entry(data, common, rules)

    def to_entry(self, item: WinnerQuiz) -> dict[str, Any]:
        return {"trump": item.trump.letter, "trick": card_codes(item.trick)}

    def build(self, rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> WinnerQuiz:
        return _build_winner(rng, level, target, rules)

    def screen(self, item: WinnerQuiz) -> Screen:
        return Screen(AnswerInput.PLACE, "Press the card that wins the trick.", trick=item.trick)


SPEC = WinnerQuizKind()
"""The winner kind, registered in :data:`~pinochle_tutor.course.quiz.kinds.KINDS`."""
