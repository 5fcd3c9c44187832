"""Auction questions: "Now your partner bids 255: is this call legal?" """

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from pinochle_tutor.auction import Auction, AuctionProblem
from pinochle_tutor.course.quiz.entries import (
    BankFormatError,
    as_call,
    as_calls,
    as_int,
    blame,
    required,
)
from pinochle_tutor.course.quiz.items import (
    QuizItem,
    store_field,
)
from pinochle_tutor.course.quiz.kind import AnswerInput, QuizKindSpec, Screen
from pinochle_tutor.course.quiz.marking import (
    SEE_THE_BOX,
    Mark,
    parse_yes_no,
    read_call,
)
from pinochle_tutor.course.quiz.vocabulary import (
    QuizKind,
    QuizRule,
)
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain import (
    BidExplanation,
    explain_call,
)
from pinochle_tutor.rules import (
    RuleSet,
)
from pinochle_tutor.view import seat_words

__all__ = [
    "SPEC",
    "CallQuiz",
    "CallQuizKind",
    "parse_lowest_answer",
]


LEARNER = 0
"""The seat the question is asked from: the prompt and the tutor's sentences call it
"you" (its seats are said as seen from it)."""


@dataclass(frozen=True, kw_only=True)
class CallQuiz(QuizItem):
    """Is ``call`` (a bid, or ``None`` for a pass) by ``seat`` legal after ``calls``
    (the auction so far from the dealer's left)? ``seat`` is the seat to act by
    default; it may also be a seat that has already passed."""

    calls: tuple[int | None, ...] = ()
    dealer: int = 3
    call: int | None = None
    """The call asked about: a bid, or ``None`` for a pass."""
    seat: int | None = None
    """Who makes the call (``None``: the seat whose turn it is)."""
    lowest: bool = False
    """Ask for the lowest bid the caller may make now (``'none'`` when they may not bid)
    instead of whether ``call`` is legal: a question a guess rarely answers, as a
    mastery set asks it (:meth:`CallQuizKind.firm`)."""

    kind = QuizKind.CALL

    def __post_init__(self) -> None:
        super().__post_init__()
        store_field(self, "calls", tuple(self.calls))

    def auction(self) -> Auction:
        """A fresh auction with ``calls`` made (raises
        :class:`~pinochle_tutor.errors.IllegalBidError` if they are illegal)."""
        return Auction.after(self.calls, self.dealer, self.rule_set)

    @property
    def caller(self) -> int:
        """The seat making the call."""
        if self.seat is not None:
            return self.seat
        turn = self.auction().turn
        return turn if turn is not None else self.dealer

    @property
    def prompt(self) -> str:
        """The question in words."""
        a = self.auction()
        rules = self.rule_set

        def who(seat: int) -> str:
            return seat_words(seat, LEARNER, rules)

        parts = [
            f"{who(s)} {'passed' if amount is None else f'bid {amount}'}" for s, amount in a.history
        ]
        so_far = ("Calls so far: " + ", ".join(parts) + ".") if parts else "Nobody has called yet."
        caller = who(self.caller)
        dealer = who(self.dealer)
        dealt = "You dealt." if dealer == "you" else f"{dealer[0].upper()}{dealer[1:]} dealt."
        if self.lowest:
            return (
                f"{self._rules_prefix}{dealt} {so_far} What is the lowest bid {caller} may make "
                f"now? (a number, or 'none' if {caller} may not bid)"
            )
        call = (
            ("pass" if caller == "you" else "passes")
            if self.call is None
            else (f"bid {self.call}" if caller == "you" else f"bids {self.call}")
        )
        return (
            f"{self._rules_prefix}{dealt} {so_far} "
            f"Now {caller} {call}. Is this call legal? (yes or no)"
        )


def _call_explanation(item: CallQuiz) -> BidExplanation:
    return explain_call(item.auction(), item.caller, item.call, me=LEARNER)


def _lowest_explanation(item: CallQuiz) -> BidExplanation:
    """The engine's verdict on the lowest bid allowed now, made by the caller: legal
    (the answer is that bid), or refused (the caller may not bid: the answer is none)."""
    a = item.auction()
    return explain_call(a, item.caller, a.rules.opening_bid if a.is_over else a.min_bid, me=LEARNER)


def _lowest_answer(item: CallQuiz) -> int | None:
    e = _lowest_explanation(item)
    return int(e.amount) if e.legal and isinstance(e.amount, int) else None


_NONE_WORDS = frozenset(
    {"none", "no", "no bid", "nothing", "cannot", "can't", "cannot bid", "can't bid", "may not",
     "may not bid", "n/a", "-"}
)  # fmt: skip


def parse_lowest_answer(text: str) -> int | None:
    """Read the lowest bid (digits) or ``'none'`` (``None``); raises
    :class:`~.marking.InvalidAnswerError` saying how to write it."""
    return read_call(
        text,
        words=_NONE_WORDS,
        empty=f"The answer is empty: type the lowest bid in digits, or 'none'{SEE_THE_BOX}.",
        prefix=r"^bid\s*",
        what="a bid or 'none'",
    )


def _mark_lowest(item: CallQuiz, text: str, given: int | None) -> Mark:
    a = item.auction()
    e = _lowest_explanation(item)
    answer = _lowest_answer(item)
    right = given == answer
    caller = seat_words(item.caller, LEARNER, item.rule_set)
    lines = []
    if not right:
        lines.append(
            f"The lowest bid {caller} may make now is {answer}."
            if answer is not None
            else f"{caller[0].upper()}{caller[1:]} may not bid now."
        )
    lines.append(e.text)
    rule = e.rule.statement(item.rule_set)
    if rule.lower().rstrip(".") not in e.text.lower():
        lines.append(rule)
    if given is not None and not right:
        g = explain_call(a, item.caller, given, me=LEARNER)
        if g.legal:
            lines.append(f"A bid of {given} is allowed too, but it is not the lowest.")
        elif g.problem != e.problem:
            lines.append(g.text)
    return SPEC.marked(item, text, right, " ".join(lines), e, "none" if answer is None else str(answer))


def _mark_call(item: CallQuiz, text: str, says_legal: bool) -> Mark:
    e = _call_explanation(item)
    right = says_legal == e.legal
    rule = e.rule.statement(item.rule_set)
    body = e.text if rule.lower().rstrip(".") in e.text.lower() else f"{e.text} {rule}"
    head = "" if right else ("The call is legal. " if e.legal else "The call is not legal. ")
    return SPEC.marked(item, text, right, head + body, e, "yes" if e.legal else "no")


_CALL_PROBLEMS = {
    AuctionProblem.BELOW_OPENING: QuizRule.CALL_OPENING,
    AuctionProblem.NOT_MULTIPLE: QuizRule.CALL_INCREMENT,
    AuctionProblem.NOT_ABOVE: QuizRule.CALL_RAISE,
    AuctionProblem.ALREADY_PASSED: QuizRule.CALL_PASS_FINAL,
    AuctionProblem.DEALER_STUCK: QuizRule.CALL_STUCK_DEALER,
}
"""The rule case of each auction problem a legal-call question can show."""


def _call_rules(item: CallQuiz) -> set[QuizRule]:
    if item.lowest:
        return _lowest_rules(item)
    e = _call_explanation(item)
    if e.legal:
        return {QuizRule.CALL_LEGAL}
    rule = _CALL_PROBLEMS.get(e.problem) if e.problem is not None else None
    return {rule} if rule is not None else set()


def _lowest_rules(item: CallQuiz) -> set[QuizRule]:
    """The lowest bid allowed: the opening minimum, or a raise of the high bid by the
    increment (in multiples of it); none after a pass, or for a stuck dealer."""
    e = _lowest_explanation(item)
    if not e.legal:
        rule = _CALL_PROBLEMS.get(e.problem) if e.problem is not None else None
        return {rule} if rule is not None else set()
    if e.high_bid is None:
        return {QuizRule.CALL_LEGAL, QuizRule.CALL_OPENING}
    out = {QuizRule.CALL_LEGAL, QuizRule.CALL_RAISE}
    if item.rule_set.bid_increment > 1:
        out.add(QuizRule.CALL_INCREMENT)
    return out


def _call_entry(data: Mapping[str, Any], common: dict[str, Any], rs: RuleSet) -> CallQuiz:
    calls = as_calls(data.get("calls", []))
    dealer = as_int("dealer", data.get("dealer", 3), 0, rs.players - 1)
    with blame("calls"):
        a = Auction.after(calls, dealer, rs)
    if a.is_over and not a.stuck:
        raise BankFormatError("the auction is already over after these calls", "calls")
    lowest = data.get("lowest", False)
    if not isinstance(lowest, bool):
        raise BankFormatError(f"{lowest!r:.40}: write true or false", "lowest")
    try:
        call = None if lowest and "call" not in data else as_call(required(data, "call"))
    except BankFormatError as e:
        raise BankFormatError(str(e), "call") from None
    if call is not None and call > rs.max_bid:
        raise BankFormatError(f"{call} is above the tutor's bound on bids, {rs.max_bid}", "call")
    seat: int | None = None
    if "seat" in data:
        seat = as_int("seat", data["seat"], 0, rs.players - 1)
        if seat != a.turn and seat not in a.passed and not (a.stuck and seat == dealer):
            raise BankFormatError(
                f"seat {seat} neither has the turn (seat {a.turn}) nor has passed", "seat"
            )
    return CallQuiz(calls=calls, dealer=dealer, call=call, seat=seat, lowest=lowest, **common)


def _auction_after(calls: list[int | None], dealer: int, rules: RuleSet) -> Auction | None:
    """The auction after ``calls``, or ``None`` if they are illegal or end it."""
    try:
        a = Auction.after(calls, dealer, rules)
    except PinochleError:
        return None
    return None if a.is_over else a


def _build_call(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> CallQuiz:
    n = rules.players
    dealer = rng.randrange(n)
    inc, opening = rules.bid_increment, rules.opening_bid
    if target is QuizRule.CALL_STUCK_DEALER:
        # Everyone before the dealer passed: may the dealer pass, or bid?
        stuck_call: int | None = rng.choice([None, None, opening + inc * rng.randint(0, 2)])
        return CallQuiz(
            id="", calls=(None,) * (n - 1), dealer=dealer, call=stuck_call, level=level,
            rule_set=rules,
        )  # fmt: skip
    length = {1: rng.randint(0, 1), 2: rng.randint(1, 3), 3: rng.randint(3, 6)}[level]
    if target is QuizRule.CALL_OPENING:
        length = rng.randint(0, min(length, n - 2))
    calls: list[int | None] = []
    for _ in range(length):
        a = _auction_after(calls, dealer, rules)
        assert a is not None
        if target is QuizRule.CALL_OPENING:
            options: list[int | None] = [None]
        else:
            options = [None, a.min_bid + inc * rng.randint(0, 3)]
        made = rng.choice(options)
        if _auction_after([*calls, made], dealer, rules) is None:
            break
        calls.append(made)
    a = _auction_after(calls, dealer, rules)
    assert a is not None
    seat: int | None = None
    call: int | None
    if target is QuizRule.CALL_OPENING:
        call = max(inc, opening - inc * rng.randint(1, 5))
    elif target is QuizRule.CALL_INCREMENT:
        call = a.min_bid + inc * rng.randint(0, 2) + rng.randrange(1, inc) if inc > 1 else a.min_bid
    elif target is QuizRule.CALL_RAISE:
        high = a.high_bid if a.high_bid is not None else opening
        call = high - inc * rng.randint(0, 2)
    elif target is QuizRule.CALL_PASS_FINAL:
        passed = sorted(a.passed)
        seat = rng.choice(passed) if passed else None
        call = a.min_bid + inc * rng.randint(0, 3)
    else:
        call = None if rng.random() < 0.25 else a.min_bid + inc * rng.randint(0, 4)
    return CallQuiz(
        id="", calls=tuple(calls), dealer=dealer, call=call, seat=seat, level=level, rule_set=rules
    )


class CallQuizKind(QuizKindSpec[CallQuiz, bool | int | None]):
    """Auction questions: is this call legal?"""

    kind = QuizKind.CALL
    item_type = CallQuiz
    entry_fields = frozenset({"calls", "dealer", "call", "seat", "lowest"})
    pools: ClassVar[dict[int, tuple[QuizRule, ...]]] = {
        1: (QuizRule.CALL_LEGAL, QuizRule.CALL_OPENING, QuizRule.CALL_PASS_FINAL,
            QuizRule.CALL_STUCK_DEALER),
        2: (
            QuizRule.CALL_LEGAL, QuizRule.CALL_OPENING, QuizRule.CALL_INCREMENT,
            QuizRule.CALL_RAISE, QuizRule.CALL_PASS_FINAL, QuizRule.CALL_STUCK_DEALER,
        ),
        3: (QuizRule.CALL_RAISE, QuizRule.CALL_INCREMENT, QuizRule.CALL_PASS_FINAL, QuizRule.CALL_LEGAL),
    }  # fmt: skip
    hint_head = "Check the auction so far: who has passed, and the lowest bid allowed now."
    general_rules = (
        QuizRule.CALL_OPENING, QuizRule.CALL_INCREMENT, QuizRule.CALL_RAISE, QuizRule.CALL_PASS_FINAL,
        QuizRule.CALL_STUCK_DEALER,
    )  # fmt: skip

    def parse(self, item: CallQuiz, text: str) -> bool | int | None:
        if item.lowest:
            return parse_lowest_answer(text)
        return parse_yes_no(text)

    def mark(self, item: CallQuiz, text: str, answer: bool | int | None) -> Mark:
        if item.lowest:
            assert not isinstance(answer, bool)
            return _mark_lowest(item, text, answer)
        assert isinstance(answer, bool)
        return _mark_call(item, text, answer)

    def answer(self, item: CallQuiz) -> bool | int | None:
        if item.lowest:
            return _lowest_answer(item)
        return _call_explanation(item).legal

    def answer_text(self, item: CallQuiz) -> str:
        a = self.answer(item)
        if item.lowest:
            return "none" if a is None else str(a)
        return "yes" if a else "no"

    def allows_second_try(self, item: CallQuiz) -> bool:
        # Yes or no: a second try could only be the other answer.
        return item.lowest

    def hint(self, item: CallQuiz) -> str:
        if not item.lowest:
            return super().hint(item)
        # The rules' numbers would give the answer away (the opening minimum is one).
        return (
            "Check the auction so far. Has this player passed already, or is the dealer stuck "
            "with the contract? Then there is no bid to make. Else: has anyone bid yet? The "
            "lowest bid is the opening minimum, or the current bid raised by the smallest step."
        )

    def firm(self, item: CallQuiz) -> CallQuiz | None:
        # "Is this call legal?" is yes or no: a mastery set asks for the lowest bid the
        # same seat may make at the same moment (its rule cases found afresh).
        if item.lowest:
            return item
        firm = dataclasses.replace(item, id=f"{item.id}-lowest", call=None, lowest=True, rules=())
        return dataclasses.replace(firm, rules=self.rules_of(firm))

    def guess_chance(self, item: CallQuiz) -> float:
        if not item.lowest:
            return super().guess_chance(item)
        # A number typed (one of too many) or 'none': a guess types 'none' half the time.
        return self._right_share(item, ("none",)) / 2

    def guess_bound(self, rule: QuizRule, rules: RuleSet) -> float:
        # Asked firm (the lowest bid): 'none' answers a pass already made or a stuck
        # dealer, and a guess types it half the time; a bid is typed among many.
        return 0.5 if rule in (QuizRule.CALL_PASS_FINAL, QuizRule.CALL_STUCK_DEALER) else 0.0

    def example(self, rules: RuleSet, avoid: str = "") -> str:
        shown = rules.opening_bid + 3 * rules.bid_increment
        if str(shown) == avoid:
            shown += rules.bid_increment
        return f"e.g. {shown}, or none"

    def rule_cases(self, item: CallQuiz) -> set[QuizRule]:
        return _call_rules(item)

    def from_entry(
        self, data: Mapping[str, Any], common: dict[str, Any], rules: RuleSet
    ) -> CallQuiz:
        return _call_entry(data, common, rules)

    def to_entry(self, item: CallQuiz) -> dict[str, Any]:
        out: dict[str, Any] = {
            "calls": " ".join("pass" if c is None else str(c) for c in item.calls),
            "dealer": item.dealer,
        }
        if item.lowest:
            out["lowest"] = True
        else:
            out["call"] = "pass" if item.call is None else item.call
        if item.seat is not None:
            out["seat"] = item.seat
        return out

    def build(self, rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> CallQuiz:
        return _build_call(rng, level, target, rules)

    def screen(self, item: CallQuiz) -> Screen:
        if item.lowest:
            return Screen(
                AnswerInput.TEXT, "Type the lowest bid, or none, and press Submit.",
                example=self.example(item.rule_set, self.answer_text(item)),
            )  # fmt: skip
        return Screen(AnswerInput.YES_NO, "Answer Yes or No.")


SPEC = CallQuizKind()
"""The call kind, registered in :data:`~pinochle_tutor.course.quiz.kinds.KINDS`."""
