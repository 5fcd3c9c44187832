"""Exchange questions: "Which 4 cards would you pass (return, discard)?", accepted
when legal and keeping the most meld (:func:`~pinochle_tutor.explain.explain_exchange`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from pinochle_tutor.cards import (
    Card,
    Suit,
    cards_text,
    parse_suit,
)
from pinochle_tutor.course.quiz.entries import (
    BankFormatError,
    as_cards,
    as_str,
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
    Mark,
    parse_cards_answer,
)
from pinochle_tutor.course.quiz.vocabulary import (
    QuizKind,
    QuizRule,
)
from pinochle_tutor.explain import (
    ExchangeExplanation,
    explain_exchange,
)
from pinochle_tutor.explain.exchange import EXCHANGE_ROLES, exchange_size
from pinochle_tutor.game import Hand
from pinochle_tutor.rules import (
    RuleSet,
)
from pinochle_tutor.sim.policy import HeuristicPlayer
from pinochle_tutor.view import Phase

__all__ = [
    "SPEC",
    "PassQuiz",
    "PassQuizKind",
]


@dataclass(frozen=True, kw_only=True)
class PassQuiz(QuizItem):
    """What would you pass? ``role`` ``'pass'``: the declarer's partner passes cards
    from ``hand``; ``'return'``: the declarer, holding ``hand`` (with the ``received``
    cards just passed), returns as many; ``'discard'`` (three-handed): the declarer,
    holding ``hand`` with the kitty (``received``), discards as many as the kitty held.
    ``trump`` is the suit named (for a discard, the one the declarer means to name)."""

    hand: tuple[Card, ...]
    trump: Suit
    role: str = "pass"
    received: tuple[Card, ...] = ()

    kind = QuizKind.PASS

    def __post_init__(self) -> None:
        super().__post_init__()
        store_field(self, "hand", card_tuple(self.hand))
        store_field(self, "received", card_tuple(self.received))
        store_field(self, "trump", parse_suit(self.trump))

    @property
    def size(self) -> int:
        """How many cards to give."""
        return self.rule_set.kitty_size if self.role == "discard" else self.rule_set.exchange_size

    @property
    def prompt(self) -> str:
        """The question in words."""
        trump = f"{self._rules_prefix}{self.trump.plural.capitalize()} are trump."
        hand = f" Your hand: {cards_text(self.hand)}."
        keep = "keeping as much of your meld as you can"
        if self.role == "return":
            got = f" Your partner passed you {cards_text(self.received)}." if self.received else ""
            return f"{trump} You are the declarer.{got}{hand} Which {self.size} cards would you return, {keep}?"
        if self.role == "discard":
            got = f" You took the kitty: {cards_text(self.received)}." if self.received else ""
            return f"{trump} You are the declarer.{got}{hand} Which {self.size} cards would you discard, {keep}?"
        return (
            f"{trump} Your partner is the declarer.{hand} Which {self.size} cards would you "
            f"pass to your partner, {keep}?"
        )


def _exchange(item: PassQuiz, given: tuple[Card, ...]) -> ExchangeExplanation:
    return explain_exchange(item.hand, given, item.trump, item.rule_set, item.role)


def _mark_exchange(item: PassQuiz, text: str, given: tuple[Card, ...]) -> Mark:
    e = _exchange(item, given)
    tip = ""
    if item.role == "pass" and not e.accepted:
        tip = " Among the cards your meld does not need, trump and aces help the declarer most."
    return Mark(item.id, item.kind, text, e.accepted, SPEC.answer_text(item), e.text + tip,
                SPEC.rules_for(item), detail=e)  # fmt: skip


def _pass_rules(item: PassQuiz) -> set[QuizRule]:
    e = explain_exchange(item.hand, (), item.trump, item.rule_set, item.role)
    out = {QuizRule.PASS_COUNT}
    if e.hand_meld:
        out.add(QuizRule.PASS_KEEP_MELD)
    if item.role == "return":
        out.add(QuizRule.PASS_RETURN)
    if item.role == "discard":
        out.add(QuizRule.PASS_DISCARD)
    return out


def _pass_entry(data: Mapping[str, Any], common: dict[str, Any], rs: RuleSet) -> PassQuiz:
    role = as_str("role", data.get("role", "discard" if rs.has_kitty else "pass")).strip().lower()
    if role not in EXCHANGE_ROLES:
        raise BankFormatError(f"{role!r}: the role is one of {', '.join(EXCHANGE_ROLES)}", "role")
    if role == "discard" and not rs.has_kitty:
        raise BankFormatError(f"{role!r}: the {rs.name} game has no kitty to discard from", "role")
    if role != "discard" and not rs.exchange_size:
        raise BankFormatError(f"{role!r}: the {rs.name} game has no exchange", "role")
    hand = as_cards("hand", required(data, "hand"), rs)
    size = rs.hand_size + (0 if role == "pass" else exchange_size(role, rs))
    if len(hand) != size:
        raise BankFormatError(f"holds {len(hand)} cards; a {role} question needs {size}", "hand")
    check_copies("hand", hand, rs)
    received = as_cards("received", data.get("received", ""), rs)
    if received and role == "pass":
        raise BankFormatError("the partner passing has received nothing yet", "received")
    rest = list(hand)
    for c in received:
        if c not in rest:
            raise BankFormatError(f"{c.text} is not in the hand", "received")
        rest.remove(c)
    trump = as_suit("trump", required(data, "trump"))
    return PassQuiz(hand=hand, trump=trump, role=role, received=received, **common)


def _build_pass(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> PassQuiz:
    """A seeded deal played by the heuristic players up to the exchange: the partner's
    pass, the declarer's return, or (with a kitty) the declarer's discard."""
    if rules.has_kitty:
        want = Phase.DISCARD
    elif target is QuizRule.PASS_RETURN or (level == 3 and rng.random() < 0.5):
        want = Phase.RETURN
    else:
        want = Phase.PASS
    bot = HeuristicPlayer()
    h = Hand(rng.randrange(rules.players), rules, seed=rng.randrange(2**31))
    while h.phase is not want and h.phase is not Phase.DONE:
        h.act(bot)
    seat = h.to_act
    if seat is None:  # no exchange under these rules: a question with nothing to give
        return PassQuiz(id="", hand=(), trump=Suit.HEARTS, level=level, rule_set=rules)
    view = h.view(seat)
    if want is Phase.DISCARD:
        trump = bot.choose_trump(view)
        role, received = "discard", tuple(h.deal.kitty)
    else:
        assert h.trump is not None
        trump = h.trump
        role = "return" if want is Phase.RETURN else "pass"
        received = tuple(h.passed_cards) if role == "return" else ()
    hand = tuple(sorted(view.hand, key=lambda c: c.order))
    return PassQuiz(
        id="", hand=hand, trump=trump, role=role, received=received, level=level, rule_set=rules
    )


class PassQuizKind(QuizKindSpec[PassQuiz, tuple[Card, ...]]):
    """Exchange questions: which cards would you pass, return or discard?"""

    kind = QuizKind.PASS
    item_type = PassQuiz
    entry_fields = frozenset({"hand", "trump", "role", "received"})
    pools: ClassVar[dict[int, tuple[QuizRule, ...]]] = {
        1: (QuizRule.PASS_COUNT, QuizRule.PASS_KEEP_MELD),
        2: (QuizRule.PASS_KEEP_MELD, QuizRule.PASS_RETURN, QuizRule.PASS_DISCARD),
        3: (QuizRule.PASS_RETURN, QuizRule.PASS_DISCARD, QuizRule.PASS_KEEP_MELD),
    }  # fmt: skip
    hint_head = "Count the cards you must give, then find cards that are in none of your melds."
    general_rules = (QuizRule.PASS_COUNT, QuizRule.PASS_KEEP_MELD)  # fmt: skip
    attempts = 40
    checked_at_load = True

    def parse(self, item: PassQuiz, text: str) -> tuple[Card, ...]:
        return parse_cards_answer(text)

    def mark(self, item: PassQuiz, text: str, answer: tuple[Card, ...]) -> Mark:
        return _mark_exchange(item, text, answer)

    def answer(self, item: PassQuiz) -> tuple[Card, ...]:
        return _exchange(item, ()).example

    def answer_text(self, item: PassQuiz) -> str:
        ex = _exchange(item, ())
        return f"a {item.role} keeping {ex.best_meld} meld, e.g. {cards_text(ex.example, ', ')}"

    def rule_cases(self, item: PassQuiz) -> set[QuizRule]:
        return _pass_rules(item)

    def from_entry(
        self, data: Mapping[str, Any], common: dict[str, Any], rules: RuleSet
    ) -> PassQuiz:
        return _pass_entry(data, common, rules)

    def to_entry(self, item: PassQuiz) -> dict[str, Any]:
        out: dict[str, Any] = {
            "trump": item.trump.letter,
            "hand": card_codes(item.hand),
            "role": item.role,
        }
        if item.received:
            out["received"] = card_codes(item.received)
        return out

    def build(self, rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> PassQuiz:
        return _build_pass(rng, level, target, rules)

    def screen(self, item: PassQuiz) -> Screen:
        return Screen(
            AnswerInput.PICK_GIFT, f"Click the {item.size} cards you would {item.role}, then press Submit.",
            pick_from=item.hand, pick_count=item.size, pick_label=f"Pick the {item.size} cards to {item.role}",
        )  # fmt: skip


SPEC = PassQuizKind()
"""The pass kind, registered in :data:`~pinochle_tutor.course.quiz.kinds.KINDS`."""
