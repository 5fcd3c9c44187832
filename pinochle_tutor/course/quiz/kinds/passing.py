"""Exchange questions: "Which 4 cards would you pass (return, discard)?", graded by the
coach: a legal choice is right when it is the coach's best or within the evaluation's
error of it (:func:`~pinochle_tutor.coach.exchange.judge_exchange_choice`, the same
judgement the hand's review gives an exchange at the table), and the feedback is the
coach's verdict, numbers and reasons.

The question is put as a position (:func:`pass_view`): the learner at seat 0, the
auction won at the item's contract by the declarer (the learner for a return or a
discard, the partner for a pass) with every other seat passing, trump named, and for a
return the partner's cards received. The unseen hands are the coach's to imagine; the
evaluation is seeded by the item, so its answer and its marks are the same each time.
"""

from __future__ import annotations

import functools
import random
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from pinochle_tutor.auction import Auction
from pinochle_tutor.bots.heuristic import HeuristicPlayer
from pinochle_tutor.cards import (
    Card,
    Suit,
    cards_text,
    parse_suit,
    sort_hand,
)
from pinochle_tutor.coach.exchange import judge_exchange_choice
from pinochle_tutor.course.quiz.entries import (
    BankFormatError,
    as_cards,
    as_int,
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
    InvalidAnswerError,
    Mark,
    parse_cards_answer,
)
from pinochle_tutor.course.quiz.vocabulary import (
    QuizKind,
    QuizRule,
    rule_applies,
)
from pinochle_tutor.deal import Deal, make_deck
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain import (
    ExchangeExplanation,
    explain_exchange,
)
from pinochle_tutor.explain.exchange import EXCHANGE_ROLES, exchange_size
from pinochle_tutor.explain.exchange_advice import (
    ExchangeAdvice,
    ExchangeJudgement,
    ExchangePrinciple,
    GivenUp,
)
from pinochle_tutor.game import Hand
from pinochle_tutor.meld import MeldKind
from pinochle_tutor.rules import (
    RuleSet,
)
from pinochle_tutor.view import Phase, PlayerView

__all__ = [
    "MELD_ASKED",
    "SPEC",
    "PassQuiz",
    "PassQuizKind",
    "pass_judgement",
    "pass_view",
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
    contract: int = 0
    """The contract the auction was won at (0: the opening bid of the rules in force)."""

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
    def bid(self) -> int:
        """The contract, the opening bid when the item names none."""
        return self.contract or self.rule_set.opening_bid

    @property
    def prompt(self) -> str:
        """The question in words."""
        trump = f"{self.trump.plural.capitalize()} are trump."
        hand = f" Your hand: {cards_text(self.hand)}."
        if self.role == "return":
            got = f" Your partner passed you {cards_text(self.received)}." if self.received else ""
            return (
                f"{self._rules_prefix}You won the auction at {self.bid}. {trump}{got}{hand} "
                f"Which {self.size} cards would you return?"
            )
        if self.role == "discard":
            got = f" You took the kitty: {cards_text(self.received)}." if self.received else ""
            return (
                f"{self._rules_prefix}You won the auction at {self.bid}; you name trump after "
                f"the discard.{got}{hand} Which {self.size} cards would you discard?"
            )
        return (
            f"{self._rules_prefix}Your partner won the auction at {self.bid}. {trump}{hand} "
            f"Which {self.size} cards would you pass to your partner?"
        )


def _exchange(item: PassQuiz, given: tuple[Card, ...]) -> ExchangeExplanation:
    return explain_exchange(item.hand, given, item.trump, item.rule_set, item.role)


def _item_seed(item: PassQuiz) -> int:
    """The item's own seed: its cards, role, trump, contract and rules."""
    parts = (card_codes(item.hand), card_codes(item.received), item.role, item.trump.letter)
    key = "|".join([*parts, str(item.bid), item.rule_set.name])
    return zlib.crc32(key.encode())


@functools.lru_cache(maxsize=128)
def pass_view(item: PassQuiz) -> PlayerView:
    """The learner's view at ``item``'s exchange decision (see the module text).
    Raises :class:`~pinochle_tutor.errors.PinochleError` for an item whose cards or
    contract are not a position of its rules."""
    rules = item.rule_set
    me = 0
    declarer = me if item.role != "pass" else rules.partner(me)
    if declarer is None:
        raise BankFormatError(f"the {rules.name} game has no partner to pass to", "role")
    # A contract below the opening bid is the stuck dealer's: everyone else passed.
    stuck = item.bid < rules.opening_bid
    if stuck and item.bid != rules.stuck_bid:
        raise BankFormatError(
            f"{item.bid}: a contract is an opening bid of at least {rules.opening_bid}, or the "
            f"stuck dealer's {rules.stuck_bid}", "contract",
        )  # fmt: skip
    dealer = declarer if stuck else rules.players - 1
    own = list(item.hand)
    for c in item.received:
        own.remove(c)
    rest = make_deck(rules)
    for c in item.hand:
        rest.remove(c)
    random.Random(_item_seed(item)).shuffle(rest)
    kitty: list[Card] = []
    hands: list[list[Card]] = [[] for _ in range(rules.players)]
    hands[me] = own
    if item.role == "discard":
        kitty = list(item.received)
    elif item.role == "return":
        partner = rules.partner(me)
        assert partner is not None
        hands[partner] = list(item.received)
    if rules.kitty_size and not kitty:
        kitty, rest = rest[: rules.kitty_size], rest[rules.kitty_size :]
    for seat in range(rules.players):
        need = rules.hand_size - len(hands[seat])
        hands[seat] += rest[:need]
        rest = rest[need:]
    dealt = Deal(tuple(tuple(sort_hand(x)) for x in hands), tuple(kitty), dealer, rules)
    h = Hand(dealer, rules, dealt=dealt)
    for seat in [(dealer + 1 + k) % rules.players for k in range(rules.players)]:
        if h.phase is not Phase.AUCTION:
            break
        h.bid(seat, item.bid if seat == declarer and not stuck else None)
    if item.role != "discard":
        h.name_trump(declarer, item.trump)
    if item.role == "return":
        partner = rules.partner(me)
        assert partner is not None
        h.pass_cards(partner, item.received)
    return h.view(me)


@functools.lru_cache(maxsize=256)
def pass_judgement(item: PassQuiz, given: tuple[Card, ...]) -> ExchangeJudgement:
    """The coach's judgement of giving ``given`` (a legal choice) in ``item``'s position:
    :func:`~pinochle_tutor.coach.exchange.judge_exchange_choice`, seeded by the item."""
    return judge_exchange_choice(pass_view(item), given, seed=_item_seed(item))


def _advice(item: PassQuiz) -> ExchangeAdvice:
    """The coach's best choice for ``item`` (the judgement of the heuristic player's own
    choice, on the item's deals: the advice it carries is the coach's)."""
    view = pass_view(item)
    usual = HeuristicPlayer()
    given = {
        "pass": usual.pass_cards, "return": usual.return_cards, "discard": usual.discard,
    }[item.role](view)  # fmt: skip
    return pass_judgement(item, tuple(sorted(given))).advice


MELD_ASKED = ("return", "discard")
"""The roles whose questions ask to keep the meld when their rule case ``pass.keep_meld``
is the item's and the coach's cards keep it: the declarer's, whose meld only its own
hand shows (lesson 3: "Keep your meld and your trumps"). The partner's pass is not one
of them: lesson 3 has it pass trump, aces and cards that may complete the declarer's
meld, and a trump 9 passed counts its dix in the declarer's hand as in the partner's,
so a pass is right or wrong by the numbers alone."""


def _meld_asked(item: PassQuiz, rules: tuple[QuizRule, ...], meld: GivenUp) -> bool:
    """Whether an answer that gives up ``meld`` (meld the coach's cards keep) breaks the
    rule of thumb ``item`` asks about: a role of :data:`MELD_ASKED`, the rule case
    ``pass.keep_meld`` asked, and meld lost for the side (a dix returned counts in the
    partner's hand as in the declarer's)."""
    if item.role not in MELD_ASKED or QuizRule.PASS_KEEP_MELD not in rules:
        return False
    only_dix = bool(meld.meld) and all(m.kind is MeldKind.DIX for m in meld.meld)
    return item.role != "return" or not only_dix


def _mark_exchange(item: PassQuiz, text: str, given: tuple[Card, ...]) -> Mark:
    """Right: within the evaluation's error of the coach's best and, for a role of
    :data:`MELD_ASKED`, keeping the meld when the question asks about it (its rule case
    ``pass.keep_meld``) and the coach's cards keep it; playable: as close, but giving up
    meld the coach keeps; wrong otherwise. The rule cases kept for a wrong answer are those it missed: never the
    count of a legal answer, nor the meld unless the answer gave up meld the coach's
    cards keep."""
    e = _exchange(item, given)
    if not e.legal:
        count = tuple(r for r in (QuizRule.PASS_COUNT,) if rule_applies(r, item.rule_set))
        return Mark(item.id, item.kind, text, False, SPEC.answer_text(item), e.text,
                    count or SPEC.rules_for(item), detail=e)  # fmt: skip
    verdict = pass_judgement(item, tuple(sorted(given)))
    a = verdict.advice
    mine = verdict.chosen_value
    correct = f"the coach's {item.role}: {cards_text(sort_hand(a.cards), ', ')}"
    rules = SPEC.rules_for(item)
    meld = mine.given_up(ExchangePrinciple.KEEP_MELD)  # meld given up that the coach keeps
    if verdict.is_mistake:
        missed = tuple(
            r for r in rules
            if r is not QuizRule.PASS_COUNT and (r is not QuizRule.PASS_KEEP_MELD or meld)
        )  # fmt: skip
        explanation = " ".join([verdict.text, a.facts_line(), a.numbers_line(besides=given)])
        return Mark(item.id, item.kind, text, False, correct, explanation, missed, detail=verdict)
    if meld is not None and _meld_asked(item, rules, meld):
        # Playable: as good by the numbers, but it gives up meld the coach's cards keep.
        explanation = (
            f"{verdict.text} But it {meld.text}: this question asks you to keep your meld, "
            f"and the coach's {item.role}, {cards_text(sort_hand(a.cards))}, keeps it."
        )
        return Mark(item.id, item.kind, text, False, correct, explanation,
                    (QuizRule.PASS_KEEP_MELD,), detail=verdict,
                    breaks=(ExchangePrinciple.KEEP_MELD.label,))  # fmt: skip
    return Mark(item.id, item.kind, text, True, correct, verdict.text, rules, detail=verdict)


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
    contract = as_int("contract", data.get("contract", 0), 0)
    if contract and contract != rs.stuck_bid:
        verdict = Auction(rs.players - 1, rs).check_bid(contract)
        if not verdict.legal:
            raise BankFormatError(f"{contract}: {verdict.reason}", "contract")
    item = PassQuiz(
        hand=hand, trump=trump, role=role, received=received, contract=contract, **common
    )
    try:
        pass_view(item)
    except PinochleError as e:  # cards the rules cannot deal this way
        raise BankFormatError(f"not a position of the {rs.name} game: {e}", "hand") from None
    return item


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
        id="", hand=hand, trump=trump, role=role, received=received, level=level,
        rule_set=rules, contract=h.contract or 0,
    )  # fmt: skip


def _what_to_give(item: PassQuiz) -> str:
    """What lesson 3 teaches for the role, in a sentence (never the cards)."""
    if item.role == "pass":
        return (
            "Pass what helps your partner, the declarer, most: trump (high ones first), "
            "aces, and cards that may complete the declarer's meld."
        )
    if item.role == "return":
        return (
            "Keep your meld and your trumps; give back cards of short side suits that are "
            "not counters (cards you were just passed may go back)."
        )
    return (
        "Keep your meld and the long, strong suit you will name trump; the counters "
        "you discard still count for you."
    )


class PassQuizKind(QuizKindSpec[PassQuiz, tuple[Card, ...]]):
    """Exchange questions: which cards would you pass, return or discard?"""

    kind = QuizKind.PASS
    item_type = PassQuiz
    entry_fields = frozenset({"hand", "trump", "role", "received", "contract"})
    pools: ClassVar[dict[int, tuple[QuizRule, ...]]] = {
        1: (QuizRule.PASS_COUNT, QuizRule.PASS_KEEP_MELD),
        2: (QuizRule.PASS_KEEP_MELD, QuizRule.PASS_RETURN, QuizRule.PASS_DISCARD),
        3: (QuizRule.PASS_RETURN, QuizRule.PASS_DISCARD, QuizRule.PASS_KEEP_MELD),
    }  # fmt: skip
    hint_head = "Count the cards you must give."
    general_rules = (QuizRule.PASS_COUNT,)
    attempts = 40
    checked_at_load = True
    slow_answer = True

    def hint(self, item: PassQuiz) -> str:
        """The count, then what lesson 3 teaches for the role (never the cards)."""
        return " ".join([super().hint(item), _what_to_give(item)])

    def hint_after(self, item: PassQuiz, answer: str) -> str:
        """After an answer of the right number of cards from the hand, what lesson 3
        teaches for the role only: the count was right, so it is not blamed. After
        any other answer, :meth:`hint` (the count first)."""
        try:
            legal = _exchange(item, parse_cards_answer(answer)).legal
        except InvalidAnswerError:
            legal = False
        if not legal:
            return self.hint(item)
        keep = QuizRule.PASS_KEEP_MELD.statement(item.rule_set)
        meld = [keep] if QuizRule.PASS_KEEP_MELD in self.rules_for(item) else []
        return " ".join(
            [
                "You gave the right number of cards; now weigh which ones.",
                _what_to_give(item),
                *meld,
            ]
        )

    def parse(self, item: PassQuiz, text: str) -> tuple[Card, ...]:
        return parse_cards_answer(text)

    def mark(self, item: PassQuiz, text: str, answer: tuple[Card, ...]) -> Mark:
        return _mark_exchange(item, text, answer)

    def answer(self, item: PassQuiz) -> tuple[Card, ...]:
        """The coach's cards, as the hand shows them (the order its words use)."""
        return tuple(sort_hand(_advice(item).cards))

    def answer_text(self, item: PassQuiz) -> str:
        return f"the coach's {item.role}: {cards_text(self.answer(item), ', ')}"

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
        if item.contract:
            out["contract"] = item.contract
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
