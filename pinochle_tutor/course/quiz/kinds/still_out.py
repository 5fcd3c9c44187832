"""Counting questions on a moment of play: "How many trumps do the other players still
hold?", "How many trick points in counters are still out?", "How many A♠ are still out?"

The position is the card-play questions' own (:func:`~.play.play_position`: a seeded
deal played by the heuristic players through the auction, the exchange and
``cards_played`` cards), seen from the seat to play and said as they say it
(:func:`~.play.position_words`): the tricks played card by card, the trick on the
table, the seat's hand and trump; never a hidden card. The answer is the explanation's
count (:func:`~pinochle_tutor.explain.count_still_out`): the deck's, less what the seat
can see.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from pinochle_tutor.cards import Card, cards_text, parse_card
from pinochle_tutor.course.quiz.dealing import deck_cards
from pinochle_tutor.course.quiz.entries import BankFormatError, as_int, as_str, blame, required
from pinochle_tutor.course.quiz.items import QuizItem, store_field
from pinochle_tutor.course.quiz.kind import AnswerInput, QuizKindSpec, Screen
from pinochle_tutor.course.quiz.kinds.play import play_position, position_words
from pinochle_tutor.course.quiz.marking import (
    SEE_THE_BOX,
    InvalidAnswerError,
    Mark,
    clean_answer,
    hint_without_answer,
    read_number,
)
from pinochle_tutor.course.quiz.vocabulary import QuizKind, QuizRule
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain.still_out import OutCount, StillOutExplanation, count_still_out
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.view import PlayerView
from pinochle_tutor.words import plural

__all__ = [
    "COUNT_RULES",
    "SPEC",
    "StillOutQuiz",
    "StillOutQuizKind",
    "parse_still_out_answer",
    "still_out_count",
    "still_out_view",
]

COUNT_RULES: dict[OutCount, QuizRule] = {
    OutCount.TRUMPS: QuizRule.STILL_OUT_TRUMPS,
    OutCount.COUNTERS: QuizRule.STILL_OUT_COUNTERS,
    OutCount.COPIES: QuizRule.STILL_OUT_COPIES,
}
"""The rule case of each count."""


@dataclass(frozen=True, kw_only=True)
class StillOutQuiz(QuizItem):
    """How much of ``count`` (the trumps, the counters' trick points, the copies of
    ``card``) is still out, seen from the seat to play after ``cards_played`` cards of a
    seeded deal (``deal_seed``, ``dealer``) played by the heuristic players?"""

    deal_seed: int
    dealer: int = 0
    cards_played: int = 0
    count: OutCount = OutCount.TRUMPS
    card: Card | None = None
    """The card whose copies are counted (``count`` is copies), else ``None``."""

    kind = QuizKind.STILL_OUT

    def __post_init__(self) -> None:
        super().__post_init__()
        store_field(self, "count", OutCount(self.count))
        if self.card is not None:
            store_field(self, "card", parse_card(self.card))

    @property
    def prompt(self) -> str:
        """The position in words, then the question."""
        return f"{self._rules_prefix}{still_out_prompt(self)}"


def still_out_view(item: StillOutQuiz) -> PlayerView:
    """What the learner (the seat to play) sees in ``item``'s position."""
    h = play_position(item.deal_seed, item.dealer, item.cards_played, item.rule_set)
    seat = h.to_act
    assert seat is not None
    return h.view(seat)


def still_out_count(item: StillOutQuiz) -> StillOutExplanation:
    """The count behind ``item``'s answer, piece by piece."""
    return count_still_out(still_out_view(item), item.count, item.card)


def _question(item: StillOutQuiz, e: StillOutExplanation) -> str:
    what = {
        OutCount.TRUMPS: "trumps",
        OutCount.COUNTERS: "trick points in counters",
        OutCount.COPIES: e.noun,
    }[item.count]
    if e.discard_hidden:
        ask = (
            f"How many {what} are still out, in the other players' hands or the declarer's "
            "face-down discard?"
        )
    else:
        ask = f"How many {what} do the other players still hold?"
    if item.count is OutCount.COUNTERS and item.rule_set.last_trick_bonus:
        ask += " (Leave out the last trick's bonus.)"
    return ask


def still_out_prompt(item: StillOutQuiz) -> str:
    """The position as the seat sees it (:func:`~.play.position_words`, and the seat's
    own discard), then the question."""
    view = still_out_view(item)
    e = count_still_out(view, item.count, item.card)
    parts = position_words(view)
    if e.own_discard:
        parts.append(f"Your discard: {cards_text(view.given)}.")
    return " ".join([*parts, _question(item, e)])


def parse_still_out_answer(text: str) -> int:
    """Read a count: ``'3'``, ``'120'`` (trick points may be written ``'120 points'``).

    Raises :class:`InvalidAnswerError` saying how to write it."""
    s = clean_answer(text)
    if not s:
        raise InvalidAnswerError(f"The answer is empty: type the count in digits{SEE_THE_BOX}.")
    return read_number(s, "a count", signed=False)


def _slips(e: StillOutExplanation, given: int) -> list[str]:
    """What a wrong count most likely left out or added, each a sentence."""
    out: list[str] = []
    for where, n, _ in e.pieces():
        if n and given == e.out + n:
            out.append(f"You did not take away the {e.amount_words(n)} {where}.")
    values = {e.rules.counter_points[r] for r in e.rules.ranks if e.rules.counter_points[r]}
    each = values.pop() if len(values) == 1 else 0
    if e.count is OutCount.COUNTERS and each > 1 and given and given * each == e.out:
        # the counter cards counted, not their points
        out.append(f"Each counter is worth {plural(each, 'trick point')}: count points, not cards.")
    bonus = e.rules.last_trick_bonus
    if e.count is OutCount.COUNTERS and bonus and given == e.out + bonus:
        out.append("The last trick's bonus is no card: it is never out.")
    if given > e.deck:
        out.append(f"The whole deck holds only {e.deck}.")
    return out


def _mark_still_out(item: StillOutQuiz, text: str, given: int) -> Mark:
    e = still_out_count(item)
    right = given == e.out
    head = (
        [] if right else [f"You gave {given}; {e.out} {'is' if e.out == 1 else 'are'} still out."]
    )
    explanation = " ".join([*head, *([] if right else _slips(e, given)), e.text])
    return SPEC.marked(item, text, right, explanation, e, str(e.out))


_PLAIN = {
    OutCount.TRUMPS: "Take the deck's trumps, less those in your hand and those played, in the "
    "tricks and on the table.",
    OutCount.COUNTERS: "Take the trick points of all the deck's counters, less those of the "
    "counters in your hand and of those played, in the tricks and on the table.",
    OutCount.COPIES: "Take the deck's copies of the card, less those in your hand and those "
    "played, in the tricks and on the table.",
}
"""Each count's hint without its numbers (said when the numbers would give the answer)."""
_PLAIN_DISCARD = " If you are the declarer, take away your discard too."


def _entry(data: Mapping[str, Any], common: dict[str, Any], rs: RuleSet) -> StillOutQuiz:
    seed = as_int("deal_seed", required(data, "deal_seed"), 0, 2**32 - 1)
    dealer = as_int("dealer", data.get("dealer", 0), 0, rs.players - 1)
    played = as_int("cards_played", data.get("cards_played", 0), 0, rs.players * rs.hand_size - 1)
    said = as_str("count", required(data, "count"))
    try:
        count = OutCount(said)
    except ValueError:
        choices = ", ".join(repr(c.value) for c in OutCount)
        raise BankFormatError(f"{said!r} is not a count: use {choices}", "count") from None
    card: Card | None = None
    if count is OutCount.COPIES:
        code = as_str("card", required(data, "card"))
        with blame("card"):
            card = parse_card(code)
            if card.rank not in rs.ranks:
                raise BankFormatError(f"{card.text} is not in the deck of the {rs.words}", "card")
    elif "card" in data:
        raise BankFormatError(f"names a card ({data['card']!r}), but only copies count one", "card")
    item = StillOutQuiz(
        deal_seed=seed, dealer=dealer, cards_played=played, count=count, card=card, **common
    )
    with blame("cards_played"):
        still_out_count(item)
    return item


def _build(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> StillOutQuiz:
    """A seeded deal and a moment of its trick play in the level's part of the hand (at
    least one trick played); copies are asked of a card the seat can see some of."""
    n = rules.players * rules.hand_size  # early, the middle, the last tricks (as play's)
    lo, hi = {1: (rules.players, n // 4), 2: (n // 4, n * 2 // 3), 3: (n * 2 // 3, n - 2)}[level]
    count = next(c for c, r in COUNT_RULES.items() if r is target)
    seed, dealer = rng.randrange(2**31), rng.randrange(rules.players)
    played = rng.randint(lo, hi)
    card: Card | None = None
    if count is OutCount.COPIES:
        try:
            h = play_position(seed, dealer, played, rules)
        except PinochleError:  # no question here: the generator deals again
            card = deck_cards(rules)[0]
        else:
            view = h.view(h.to_act if h.to_act is not None else 0)
            seen = [*view.hand, *(c for t in view.tricks for c in t.cards), *view.trick]
            card = rng.choice(seen)
    return StillOutQuiz(
        id="", deal_seed=seed, dealer=dealer, cards_played=played, count=count, card=card,
        level=level, rule_set=rules,
    )  # fmt: skip


class StillOutQuizKind(QuizKindSpec[StillOutQuiz, int]):
    """Counting what is still out: trumps, counters, copies of a card."""

    kind = QuizKind.STILL_OUT
    item_type = StillOutQuiz
    entry_fields = frozenset({"deal_seed", "dealer", "cards_played", "count", "card"})
    pools: ClassVar[dict[int, tuple[QuizRule, ...]]] = {
        1: (QuizRule.STILL_OUT_TRUMPS, QuizRule.STILL_OUT_COPIES),
        2: (QuizRule.STILL_OUT_TRUMPS, QuizRule.STILL_OUT_COUNTERS, QuizRule.STILL_OUT_COPIES),
        3: (QuizRule.STILL_OUT_TRUMPS, QuizRule.STILL_OUT_COUNTERS, QuizRule.STILL_OUT_COPIES),
    }  # fmt: skip
    hint_head = (
        "Count from the deck: how many in all, then take away each piece you can see: your "
        "hand, the tricks played and the trick on the table."
    )
    hint_head_kitty = (
        "Count from the deck: how many in all, then take away each piece you can see: your "
        "hand, the tricks played, the trick on the table and, if you are the declarer, your "
        "discard."
    )
    """The hint's first sentence where a kitty is dealt: the declarer's own discard is a
    piece they can see."""

    def parse(self, item: StillOutQuiz, text: str) -> int:
        return parse_still_out_answer(text)

    def mark(self, item: StillOutQuiz, text: str, answer: int) -> Mark:
        return _mark_still_out(item, text, answer)

    def answer(self, item: StillOutQuiz) -> int:
        return still_out_count(item).out

    def answer_text(self, item: StillOutQuiz) -> str:
        return str(self.answer(item))

    def hint(self, item: StillOutQuiz) -> str:
        """The pieces of the count (the case's statement, with the deck's numbers unless
        they would put the answer one step away), never the answer."""
        rule = COUNT_RULES[item.count]
        kitty = item.rule_set.has_kitty
        head = self.hint_head_kitty if kitty else self.hint_head
        plain = _PLAIN[item.count] + (_PLAIN_DISCARD if kitty else "")
        pairs = [(head, head), (rule.statement(item.rule_set), plain)]
        return hint_without_answer(pairs, self.answer(item))

    def rule_cases(self, item: StillOutQuiz) -> set[QuizRule]:
        still_out_count(item)  # a position that gives no question raises here
        return {COUNT_RULES[item.count]}

    def from_entry(
        self, data: Mapping[str, Any], common: dict[str, Any], rules: RuleSet
    ) -> StillOutQuiz:
        return _entry(data, common, rules)

    def to_entry(self, item: StillOutQuiz) -> dict[str, Any]:
        out: dict[str, Any] = {
            "deal_seed": item.deal_seed,
            "dealer": item.dealer,
            "cards_played": item.cards_played,
            "count": item.count.value,
        }
        if item.card is not None:
            out["card"] = item.card.code
        return out

    def build(
        self, rng: random.Random, level: int, target: QuizRule, rules: RuleSet
    ) -> StillOutQuiz:
        return _build(rng, level, target, rules)

    def example(self, rules: RuleSet, avoid: str = "") -> str:
        return still_out_example(5, avoid)

    def guess_bound(self, rule: QuizRule, rules: RuleSet) -> float:
        return 0.0  # a number typed in a box

    def screen(self, item: StillOutQuiz) -> Screen:
        view = still_out_view(item)
        return Screen(
            AnswerInput.TEXT, "Type the count in digits and press Submit.", trick=view.trick,
            shown=view.hand, example=still_out_example(_example_size(item), self.answer_text(item)),
        )  # fmt: skip


def _example_size(item: StillOutQuiz) -> int:
    """A count on the scale of ``item``'s question: three of the top counter for the
    counters' trick points, else 5 cards (never more than the deck's copies of a card)."""
    rules = item.rule_set
    if item.count is OutCount.COUNTERS:
        return 3 * rules.counter
    return rules.copies - 1 if item.count is OutCount.COPIES else 5


def still_out_example(size: int, avoid: str = "") -> str:
    """The answer box's example, ``size`` moved by one when it is the answer (``avoid``)."""
    return f"e.g. {size + 1 if str(size) == avoid else size}"


SPEC = StillOutQuizKind()
"""The still-out kind, registered in :data:`~pinochle_tutor.course.quiz.kinds.KINDS`."""
