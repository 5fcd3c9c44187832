"""Questions about the table: the deck, the deal and the seats.

"How many cards does each player get?", "The left opponent dealt: who deals the next
hand?", "Who is the declarer after this auction?", "How many cards does the declarer's
partner pass?" Every answer comes from the engine:
the deck from :func:`~pinochle_tutor.deal.make_deck`, the deal from
:func:`~pinochle_tutor.deal.deal`, the next dealer from
:func:`~pinochle_tutor.deal.next_dealer`, the first call and the declarer from
:class:`~pinochle_tutor.auction.Auction`, the partner from
:meth:`~pinochle_tutor.rules.RuleSet.partner`. Seats are named as the learner sees
them (:func:`~pinochle_tutor.view.seat_name`): the learner sits at seat 0.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar

from pinochle_tutor.auction import Auction
from pinochle_tutor.cards import Card, parse_card
from pinochle_tutor.course.quiz.dealing import deck_cards
from pinochle_tutor.course.quiz.entries import (
    BankFormatError,
    as_calls,
    as_int,
    as_str,
    blame,
    card_codes,
    required,
)
from pinochle_tutor.course.quiz.items import QuizItem, store_field
from pinochle_tutor.course.quiz.kind import AnswerInput, QuizKindSpec, Screen
from pinochle_tutor.course.quiz.marking import (
    SEE_THE_BOX,
    InvalidAnswerError,
    Mark,
    clean_answer,
    hint_without_answer,
    read_number,
)
from pinochle_tutor.course.quiz.vocabulary import QuizKind, QuizRule, rule_applies
from pinochle_tutor.deal import deal, make_deck, next_dealer
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.names import find_named
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.view import seat_does, seat_name, seat_words
from pinochle_tutor.words import listed

__all__ = ["SPEC", "TableQuestion", "TableQuiz", "TableQuizKind", "seat_choices"]


class TableQuestion(Enum):
    """What a table question asks."""

    DECK = "deck"
    """How many cards does the deck hold?"""
    COPIES = "copies"
    """How many copies of this card does the deck hold?"""
    HAND = "hand"
    """How many cards does each player get in the deal?"""
    KITTY = "kitty"
    """How many cards go to the kitty in the deal?"""
    NEXT_DEALER = "next_dealer"
    """This seat dealt: who deals the next hand?"""
    FIRST_CALL = "first_call"
    """This seat dealt: who makes the first call of the auction?"""
    PARTNER = "partner"
    """This seat is the declarer: who is the declarer's partner?"""
    DECLARER = "declarer"
    """After these calls, who is the declarer and names trump?"""
    FIRST_LEAD = "first_lead"
    """After these calls, who leads the first trick?"""
    GIVE = "give"
    """How many cards does the declarer's partner pass (three-handed: the declarer discard)?"""
    DECLARER_HOLDS = "declarer_holds"
    """How many cards does the declarer hold once given the pass (the kitty), before giving any back?"""
    PARTNER_HOLDS = "partner_holds"
    """How many cards does the declarer's partner hold after passing, before the return?"""

    @property
    def rule(self) -> QuizRule:
        """The rule case the question exercises."""
        return _RULE_OF[self]

    @property
    def about_seats(self) -> bool:
        """Whether the answer is a seat (else a number of cards)."""
        return self in _SEAT_QUESTIONS


_RULE_OF = {
    TableQuestion.DECK: QuizRule.TABLE_DECK,
    TableQuestion.COPIES: QuizRule.TABLE_DECK,
    TableQuestion.HAND: QuizRule.TABLE_DEAL,
    TableQuestion.KITTY: QuizRule.TABLE_DEAL,
    TableQuestion.NEXT_DEALER: QuizRule.TABLE_NEXT_DEALER,
    TableQuestion.FIRST_CALL: QuizRule.TABLE_FIRST_CALL,
    TableQuestion.PARTNER: QuizRule.TABLE_PARTNER,
    TableQuestion.DECLARER: QuizRule.TABLE_DECLARER,
    TableQuestion.FIRST_LEAD: QuizRule.TABLE_FIRST_LEAD,
    TableQuestion.GIVE: QuizRule.TABLE_EXCHANGE,
    TableQuestion.DECLARER_HOLDS: QuizRule.TABLE_EXCHANGE,
    TableQuestion.PARTNER_HOLDS: QuizRule.TABLE_EXCHANGE,
}
_SEAT_QUESTIONS = frozenset(
    {TableQuestion.NEXT_DEALER, TableQuestion.FIRST_CALL, TableQuestion.PARTNER,
     TableQuestion.DECLARER, TableQuestion.FIRST_LEAD}
)  # fmt: skip


def _who(seat: int, rules: RuleSet) -> str:
    """A seat as a sentence starts with it: ``'You'``, ``'Your partner'``, ``'The left opponent'``."""
    return seat_does(seat, 0, rules, start=True)


def seat_choices(rules: RuleSet) -> tuple[str, ...]:
    """The seats as the answer buttons name them, the learner's first:
    ``('You', 'Left opponent', 'Partner', 'Right opponent')``."""
    return tuple(seat_name(s, 0, rules) for s in range(rules.players))


@dataclass(frozen=True, kw_only=True)
class TableQuiz(QuizItem):
    """A question about the deck, the deal or the seats (:class:`TableQuestion`),
    seen from the learner's seat (seat 0)."""

    question: TableQuestion
    dealer: int = 0
    """Who dealt (the seat questions)."""
    seat: int = 0
    """The declarer whose partner is asked (:attr:`TableQuestion.PARTNER`)."""
    card: Card | None = None
    """The card whose copies are counted (:attr:`TableQuestion.COPIES`)."""
    calls: tuple[int | None, ...] = ()
    """The auction, from the dealer's left (:attr:`TableQuestion.DECLARER`)."""

    kind = QuizKind.TABLE

    def __post_init__(self) -> None:
        super().__post_init__()
        if isinstance(self.question, str):
            store_field(self, "question", TableQuestion(self.question))
        if isinstance(self.card, str):
            store_field(self, "card", parse_card(self.card))
        store_field(self, "calls", tuple(self.calls))

    def auction(self) -> Auction:
        """The auction after :attr:`calls` (raises an auction error if they are illegal)."""
        return Auction.after(self.calls, self.dealer, self.rule_set)

    @property
    def prompt(self) -> str:
        """The question in words."""
        rs, q = self.rule_set, self.question
        dealt = f"{_who(self.dealer, rs)} dealt{' this hand' if q is TableQuestion.NEXT_DEALER else ''}."
        if q is TableQuestion.DECK:
            text = "How many cards does the deck hold?"
        elif q is TableQuestion.COPIES:
            text = (
                f"How many copies of the {self.card.text if self.card else '?'} does the deck hold?"
            )
        elif q is TableQuestion.HAND:
            text = "How many cards does each player get in the deal?"
        elif q is TableQuestion.KITTY:
            text = "How many cards go to the kitty in the deal?"
        elif q is TableQuestion.NEXT_DEALER:
            text = f"{dealt} Who deals the next hand?"
        elif q is TableQuestion.FIRST_CALL:
            text = f"{dealt} Who makes the first call of the auction?"
        elif q is TableQuestion.PARTNER:
            text = f"{_who(self.seat, rs)} won the auction. Who is the declarer's partner?"
        elif q in (TableQuestion.GIVE, TableQuestion.DECLARER_HOLDS, TableQuestion.PARTNER_HOLDS):
            text = _exchange_prompt(q, rs)
        else:
            parts = [
                f"{seat_words(s, 0, rs)} {'passed' if amount is None else f'bid {amount}'}"
                for s, amount in self.auction().history
            ]
            calls = f"The calls: {', '.join(parts)}." if parts else ""
            first_lead = q is TableQuestion.FIRST_LEAD
            ask = "Who leads the first trick?" if first_lead else "Who is the declarer?"
            text = f"{dealt} {calls} {ask}"
        return f"{self._rules_prefix}{text}"


def _exchange_prompt(q: TableQuestion, rs: RuleSet) -> str:
    """A question on the exchange (three-handed: the kitty and the discard)."""
    if rs.has_kitty:
        if q is TableQuestion.GIVE:
            return "The declarer takes the kitty. How many cards does the declarer then discard?"
        return (
            "The declarer takes the kitty. How many cards does the declarer hold then, "
            "before discarding?"
        )
    if q is TableQuestion.GIVE:
        return "How many cards does the declarer's partner pass to the declarer?"
    if q is TableQuestion.DECLARER_HOLDS:
        return (
            "The declarer's partner has passed cards to the declarer. How many cards does the "
            "declarer hold now, before returning any?"
        )
    return (
        "The declarer's partner has just passed cards to the declarer. How many cards does the "
        "partner hold now, before the declarer returns any?"
    )


def _exchange_answer(q: TableQuestion, rs: RuleSet) -> int:
    """The cards given (the exchange, or the discard after the kitty) or held then."""
    hand = len(deal(0, rs, seed=0).hands[0])
    given = rs.kitty_size if rs.has_kitty else rs.exchange_size
    if q is TableQuestion.GIVE:
        return given
    return hand + given if q is TableQuestion.DECLARER_HOLDS else hand - given


def _answer(item: TableQuiz) -> int:
    """The engine's answer: a number of cards, or a seat."""
    rs, q = item.rule_set, item.question
    if q in (TableQuestion.GIVE, TableQuestion.DECLARER_HOLDS, TableQuestion.PARTNER_HOLDS):
        return _exchange_answer(q, rs)
    if q is TableQuestion.DECK:
        return len(make_deck(rs))
    if q is TableQuestion.COPIES:
        return make_deck(rs).count(item.card) if item.card is not None else 0
    if q is TableQuestion.HAND:
        return len(deal(0, rs, seed=0).hands[0])
    if q is TableQuestion.KITTY:
        return len(deal(0, rs, seed=0).kitty)
    if q is TableQuestion.NEXT_DEALER:
        return next_dealer(item.dealer, rs)
    if q is TableQuestion.FIRST_CALL:
        turn = Auction(item.dealer, rs).turn
        return item.dealer if turn is None else turn
    if q is TableQuestion.PARTNER:
        partner = rs.partner(item.seat)
        return item.seat if partner is None else partner
    # The declarer names trump and leads the first trick (game.Hand.next_to_play).
    declarer = item.auction().declarer
    return item.dealer if declarer is None else declarer


def _answer_text(item: TableQuiz) -> str:
    value = _answer(item)
    return seat_name(value, 0, item.rule_set) if item.question.about_seats else str(value)


def parse_seat_answer(text: str, rules: RuleSet) -> int:
    """Read a seat as the buttons name it (``'Left opponent'``, ``'partner'``,
    ``'you'``, or the short ``'left'``); raises :class:`InvalidAnswerError` listing them."""
    s = clean_answer(text)
    names = [(seat_name(seat, 0, rules).lower(), seat) for seat in range(rules.players)]
    names += [
        (seat_name(seat, 0, rules, short=True).lower(), seat) for seat in range(rules.players)
    ]
    found = find_named(s, list(dict(names).items())) if s else None
    if found is None:
        choices = listed([f"'{c}'" for c in seat_choices(rules)])
        raise InvalidAnswerError(f"{text.strip()[:40]!r} is not a seat: answer {choices}.")
    return int(found)


def _explanation(item: TableQuiz) -> str:
    rs, q = item.rule_set, item.question
    rule = q.rule.statement(rs)
    value = _answer(item)
    if q is TableQuestion.COPIES and item.card is not None:
        return f"{rule} So the deck holds {value} of the {item.card.text}."
    if not q.about_seats:
        return rule
    who = seat_words(value, 0, rs)
    if q is TableQuestion.NEXT_DEALER:
        return f"{rule} {_who(item.dealer, rs)} dealt, so {seat_does(value, 0, rs, 'deal')} next."
    if q is TableQuestion.FIRST_CALL:
        return f"{rule} {_who(item.dealer, rs)} dealt, so {seat_does(value, 0, rs, 'call')} first."
    if q is TableQuestion.PARTNER:
        return f"{rule} The declarer's partner is {who}."
    a = item.auction()
    how = f"the high bid was {a.contract}" if not a.stuck else "everyone else passed without a bid"
    lead = (
        f", and {seat_does(value, 0, rs, 'lead')} the first trick"
        if q is TableQuestion.FIRST_LEAD
        else ""
    )
    return f"{rule} Here {how}: the declarer is {who}{lead}."


def _mark(item: TableQuiz, text: str, given: int) -> Mark:
    value = _answer(item)
    right = given == value
    head = ""
    if not right:
        said = seat_name(given, 0, item.rule_set) if item.question.about_seats else str(given)
        head = f"You answered {said}; the answer is {_answer_text(item)}. "
    return Mark(
        item.id, item.kind, text, right, _answer_text(item), head + _explanation(item),
        SPEC.rules_for(item),
    )  # fmt: skip


def _check(item: TableQuiz) -> None:
    """Raise :class:`BankFormatError` when ``item`` cannot be asked under its rules."""
    rs, q = item.rule_set, item.question
    if (
        not rule_applies(q.rule, rs)
        or (q is TableQuestion.KITTY and not rs.has_kitty)
        or (q is TableQuestion.PARTNER_HOLDS and rs.has_kitty)
    ):
        raise BankFormatError(f"{q.value!r} cannot be asked under {rs.name}", "question")
    if q is TableQuestion.COPIES and (item.card is None or item.card not in deck_cards(rs)):
        raise BankFormatError("give a card of the deck in force", "card")
    if q in (TableQuestion.DECLARER, TableQuestion.FIRST_LEAD):
        with blame("calls"):
            a = item.auction()
        if not a.is_over:
            raise BankFormatError("the auction is not over after these calls", "calls")


def _entry(data: Mapping[str, Any], common: dict[str, Any], rs: RuleSet) -> TableQuiz:
    name = as_str("question", required(data, "question"))
    try:
        question = TableQuestion(name)
    except ValueError:
        choices = ", ".join(q.value for q in TableQuestion)
        raise BankFormatError(
            f"{name!r} is not a question: use one of {choices}", "question"
        ) from None
    card: Card | None = None
    if "card" in data:
        with blame("card"):
            card = parse_card(as_str("card", data["card"]))
    item = TableQuiz(
        question=question,
        dealer=as_int("dealer", data.get("dealer", 0), 0, rs.players - 1),
        seat=as_int("seat", data.get("seat", 0), 0, rs.players - 1),
        card=card, calls=as_calls(data.get("calls", [])), **common,
    )  # fmt: skip
    _check(item)
    return item


def _random_auction(rng: random.Random, dealer: int, rules: RuleSet) -> tuple[int | None, ...]:
    """Calls until the auction is over: each seat bids (a step or a few above the lowest
    bid allowed) or passes; now and then everyone passes and the dealer is stuck."""
    a = Auction(dealer, rules)
    calls: list[int | None] = []
    all_pass = rng.random() < 0.15
    while not a.is_over:
        seat = a.turn
        partner = rules.partner(seat) if seat is not None else None
        # A seat whose partner holds the bid, both opponents out, passes: partners do
        # not bid each other up (legal, but no auction a teacher would show).
        quiet = partner is not None and a.high_bidder == partner and all(
            s in a.passed for s in range(rules.players) if s not in (seat, partner)
        )
        stop = all_pass or quiet or len(calls) >= 8 or rng.random() < 0.45
        bid = None if stop else a.min_bid + rules.bid_increment * rng.randint(0, 2)
        try:
            a.call(bid)
        except PinochleError:
            bid = None
            a.call(None)
        calls.append(bid)
    return tuple(calls)


def _build(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> TableQuiz:
    options = [q for q in TableQuestion if q.rule is target]
    if not rules.has_kitty:
        options = [q for q in options if q is not TableQuestion.KITTY]
    else:
        options = [q for q in options if q is not TableQuestion.PARTNER_HOLDS]
    if level == 1 and TableQuestion.DECK in options:
        options = [q for q in options if q is not TableQuestion.COPIES]
    question = rng.choice(options or [TableQuestion.DECK])
    # Only the fields the question reads vary (an item equals its bank entry read back).
    dealer = rng.randrange(rules.players) if question.about_seats else 0
    card = rng.choice(deck_cards(rules)) if question is TableQuestion.COPIES else None
    # The declarer whose partner is asked is an opponent: "you" or "your partner" would
    # give the answer away.
    seat = rng.choice([1, rules.players - 1]) if question is TableQuestion.PARTNER else 0
    auction = question in (TableQuestion.DECLARER, TableQuestion.FIRST_LEAD)
    calls = _random_auction(rng, dealer, rules) if auction else ()
    return TableQuiz(
        id="", question=question, dealer=dealer, seat=seat, card=card, calls=calls,
        level=level, rule_set=rules,
    )  # fmt: skip


class TableQuizKind(QuizKindSpec[TableQuiz, int]):
    """Questions about the deck, the deal and the seats."""

    kind = QuizKind.TABLE
    item_type = TableQuiz
    entry_fields = frozenset({"question", "dealer", "seat", "card", "calls"})
    pools: ClassVar[dict[int, tuple[QuizRule, ...]]] = {
        # Level 1: the deck and who deals next; the deal's sizes (and the kitty) from level 2.
        1: (QuizRule.TABLE_DECK, QuizRule.TABLE_NEXT_DEALER),
        2: (QuizRule.TABLE_DECK, QuizRule.TABLE_DEAL, QuizRule.TABLE_NEXT_DEALER,
            QuizRule.TABLE_FIRST_CALL, QuizRule.TABLE_PARTNER, QuizRule.TABLE_EXCHANGE),
        3: (QuizRule.TABLE_FIRST_CALL, QuizRule.TABLE_PARTNER, QuizRule.TABLE_DECLARER,
            QuizRule.TABLE_FIRST_LEAD),
    }  # fmt: skip
    hint_head = "Picture the table: play and the deal go clockwise, to each player's left."

    def parse(self, item: TableQuiz, text: str) -> int:
        if item.question.about_seats:
            return parse_seat_answer(text, item.rule_set)
        s = clean_answer(text)
        if not s:
            raise InvalidAnswerError(f"The answer is empty: type a number of cards in digits{SEE_THE_BOX}.")
        return read_number(s, "a number of cards", signed=False)

    def mark(self, item: TableQuiz, text: str, answer: int) -> Mark:
        return _mark(item, text, answer)

    def answer(self, item: TableQuiz) -> int:
        return _answer(item)

    def answer_text(self, item: TableQuiz) -> str:
        return _answer_text(item)

    def hint(self, item: TableQuiz) -> str:
        rs, q = item.rule_set, item.question
        if q is TableQuestion.PARTNER:
            return q.rule.statement(rs)
        if q.about_seats:
            return f"{self.hint_head} {q.rule.statement(rs)}"
        if q is TableQuestion.COPIES:  # the deck's statement says the copies in words
            return (
                f"The deck holds {rs.deck_size} cards, {len(rs.ranks)} ranks in each of the four "
                "suits: how many times must each card appear?"
            )
        if q.rule is QuizRule.TABLE_EXCHANGE:
            plain = (
                "The declarer takes the kitty, then discards as many cards: back to a full hand."
                if rs.has_kitty
                else "The partner passes cards, and the declarer returns as many: both end with a full hand."
            )
        elif q is TableQuestion.DECK:
            plain = "Count the ranks, the four suits and the copies of each card."
        elif rs.has_kitty:
            plain = (
                "The whole deck is dealt: a few cards go to the kitty and the rest are shared "
                "equally among the players."
            )
        else:
            plain = "The whole deck is dealt out, shared equally among the players."
        return hint_without_answer([(q.rule.statement(rs), plain)], _answer(item))

    def rule_cases(self, item: TableQuiz) -> set[QuizRule]:
        return {item.question.rule}

    def from_entry(
        self, data: Mapping[str, Any], common: dict[str, Any], rules: RuleSet
    ) -> TableQuiz:
        return _entry(data, common, rules)

    def to_entry(self, item: TableQuiz) -> dict[str, Any]:
        out: dict[str, Any] = {"question": item.question.value}
        q = item.question
        if q.about_seats:
            out["dealer"] = item.dealer
        if q is TableQuestion.PARTNER:
            out["seat"] = item.seat
        if q is TableQuestion.COPIES and item.card is not None:
            out["card"] = card_codes([item.card])
        if q in (TableQuestion.DECLARER, TableQuestion.FIRST_LEAD):
            out["calls"] = " ".join("pass" if c is None else str(c) for c in item.calls)
        return out

    def build(self, rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> TableQuiz:
        return _build(rng, level, target, rules)

    def example(self, rules: RuleSet, avoid: str = "") -> str:
        return "e.g. 10" if avoid != "10" else "e.g. 6"

    def guess_bound(self, rule: QuizRule, rules: RuleSet) -> float:
        # A seat is one button of one per player; a number of cards is typed.
        seats = {_RULE_OF[q] for q in _SEAT_QUESTIONS}
        return 1 / rules.players if rule in seats else 0.0

    def screen(self, item: TableQuiz) -> Screen:
        if item.question.about_seats:
            return Screen(
                AnswerInput.CHOICE, "Press the seat.", choices=seat_choices(item.rule_set)
            )
        return Screen(
            AnswerInput.TEXT, "Type your answer and press Submit.",
            example=self.example(item.rule_set, self.answer_text(item)),
        )  # fmt: skip


SPEC = TableQuizKind()
"""The table kind, registered in :data:`~pinochle_tutor.course.quiz.kinds.KINDS`."""
