"""Bidding questions: "What is the most you would bid with this hand?" (or pass).

The answer is a range the advisor accepts (:class:`BidRange`), not one number: the
calls the coach's evaluation of the auction as it stands accepts
(:attr:`~pinochle_tutor.coach.bid.BidEvaluation.accepted`, simulated deals:
:mod:`pinochle_tutor.course.quiz.bidding`), the very evaluation whose advice the mark
quotes, so the mark never rejects the bid its words call the most worth bidding.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from pinochle_tutor.auction import Auction
from pinochle_tutor.cards import (
    Card,
    cards_text,
)
from pinochle_tutor.coach.bid import AcceptedCalls, BidAdvice
from pinochle_tutor.course.quiz import bidding
from pinochle_tutor.course.quiz.bidding import FIRST_LOOK_SAMPLES
from pinochle_tutor.course.quiz.dealing import deck_cards, on_scale
from pinochle_tutor.course.quiz.entries import (
    BankFormatError,
    as_calls,
    as_cards,
    as_int,
    blame,
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
    SEE_THE_BOX,
    Mark,
    read_call,
)
from pinochle_tutor.course.quiz.vocabulary import (
    QuizKind,
    QuizRule,
    rule_applies,
)
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain import explain_bid
from pinochle_tutor.explain.bidding import PartnerCall, PartnerStand, chance_words
from pinochle_tutor.hands import counts_of
from pinochle_tutor.rules import (
    RuleSet,
)
from pinochle_tutor.sim.inference import AuctionInfo, heuristic_limit
from pinochle_tutor.words import Side, listed, seat_words

__all__ = [
    "PARTNER_CASES",
    "PARTNER_LOOKS",
    "PARTNER_SIMS",
    "RAISE_DRAWS",
    "SPEC",
    "BidQuiz",
    "BidQuizKind",
    "BidRange",
    "bid_range",
    "parse_bid_answer",
    "partner_reading",
    "partner_situation",
]


@dataclass(frozen=True, kw_only=True)
class BidQuiz(QuizItem):
    """What is the most you would bid with ``hand`` (or would you pass), after
    ``calls`` (the auction so far from the dealer's left: a number for a bid,
    ``None`` for a pass)?"""

    hand: tuple[Card, ...]
    calls: tuple[int | None, ...] = ()
    dealer: int = 3
    """The dealer's seat; the learner is the seat whose turn it is after ``calls``."""

    kind = QuizKind.BID

    def __post_init__(self) -> None:
        super().__post_init__()
        store_field(self, "hand", card_tuple(self.hand))
        store_field(self, "calls", tuple(self.calls))

    def auction(self) -> Auction:
        """A fresh auction with ``calls`` made (raises
        :class:`~pinochle_tutor.errors.IllegalBidError` if they are illegal)."""
        return Auction.after(self.calls, self.dealer, self.rule_set)

    @property
    def prompt(self) -> str:
        """The question in words."""
        a = self.auction()
        seat = a.turn if a.turn is not None else 0
        n = self.rule_set.players
        names = {1: "left opponent", 2: "partner", 3: "right opponent"}
        if not self.rule_set.partnerships:
            names = {1: "left opponent", 2: "right opponent"}
        parts = []
        for s, amount in a.history:
            who = names.get((s - seat) % n, "you")
            parts.append(f"{who} {'pass' if amount is None else amount}")
        calls = "Calls so far: " + ", ".join(parts) + "." if parts else "Nobody has called yet."
        # No example bid here: a fixed one (300) fell below the lowest bid now at 370,
        # and one near the lowest bid would hint at the answer.
        return (
            f"{self._rules_prefix}Your hand: {cards_text(self.hand)}. {calls} "
            f"The lowest bid now is {a.min_bid}. "
            "What is the most you would bid? (a bid in digits, or pass)"
        )


_PASS_WORDS = frozenset({"pass", "p", "no bid", "i pass", "passes", "i'd pass", "i would pass"})


def parse_bid_answer(text: str) -> int | None:
    """Read a call: ``'pass'`` (``None``) or a bid such as ``'330'`` or ``'bid 330'``.

    Raises :class:`InvalidAnswerError` saying how to write it."""
    return read_call(
        text,
        words=_PASS_WORDS,
        empty=f"The answer is empty: type a bid in digits, or 'pass'{SEE_THE_BOX}.",
        prefix=r"^(?:i(?:'d| would)? )?bid\s*",
        what="a bid",
    )


def _mark_head(r: BidRange, call: int | None) -> str:
    """The verdict on a readable, legal call in plain words, each claim read from the
    evaluation behind the range (its gains against passing, level by level)."""
    side = Side(r.advice.rules.partnerships).us
    if r.accepts(call):
        # Accepted, but not what the advice says: say why it is no mistake, so that
        # "above 260, passing pays your side better" never stands beside 290 "Right!".
        within = "That is within the range the coach accepts"
        if call is None and r.advised is not None:
            return (
                f"{within}: bidding {r.minimum} pays {side} at least as well as passing on "
                "average, but not clearly enough to make passing a mistake."
            )
        if call is not None and r.advised is None:
            return (
                f"{within}: passing pays {side} better on average, but not clearly enough "
                f"to make {call} a mistake."
            )
        if call is not None and r.advised is not None and call > r.advised:
            return (
                f"{within}: {call} is above {r.advised}, the most worth bidding, but not "
                "clearly enough to be a mistake."
            )
        return f"{within}."
    if call is None:
        top = f", and you can go on to {r.advised}" if r.advised is not None else ""
        return (
            f"Passing gives up a good hand: bidding {r.minimum} pays {side} clearly better "
            f"than passing{top}."
        )
    ev = r.advice.evaluation
    made = ""
    if ev is not None:
        made = f" You would make {call} {chance_words(ev.make_chance(call))}."
    if r.low is None or r.high is None:
        return (
            f"A bid of {call} is more than this hand is worth: even at {r.minimum}, the lowest "
            f"bid now, passing pays {side} clearly better.{made}"
        )
    inc = r.advice.rules.bid_increment
    if call < r.low:
        return (
            f"{call} stops too soon: at {r.low}, holding the contract still pays {side} "
            f"clearly better than passing."
        )
    return (
        f"{call} is too bold: at {r.high + inc}, passing already pays {side} clearly better "
        f"than holding the contract.{made}"
    )


def _mark_bid(item: BidQuiz, text: str, call: int | None) -> Mark:
    r = bid_range(item)
    advice = r.advice
    if call is not None:
        a = item.auction()
        verdict = explain_bid(a, call, me=a.turn)
        if not verdict.legal:
            rule = verdict.rule.statement(item.rule_set)
            said = verdict.text if rule in verdict.text else f"{verdict.text} {rule}"
            explanation = f"{said} The coach accepts: {r.text}. {advice.top_bid_explanation}"
            return Mark(
                item.id, item.kind, text, False, r.text, explanation, SPEC.rules_for(item), detail=r
            )
    right = r.accepts(call)
    head = _mark_head(r, call)
    sims = ""
    if advice.outlooks:
        suits = listed([o.trump.plural for o in advice.outlooks])
        which = "suit" if len(advice.outlooks) == 1 else "suits"
        sims = (
            f" (The coach played out {advice.best.deals:,} deals with {suits} as trump, the "
            f"most promising {which} after a first look at {FIRST_LOOK_SAMPLES} deals with each.)"
        )
    reading = partner_reading(item, r)
    said = f" {reading.text}" if reading is not None else ""
    explanation = f"{head}{said} The coach accepts: {r.text}. {advice.top_bid_explanation}{sims}"
    return Mark(
        item.id, item.kind, text, right, r.text, explanation, SPEC.rules_for(item), detail=r
    )


PARTNER_CASES: tuple[QuizRule, ...] = (
    QuizRule.BID_PARTNER_HOLDS, QuizRule.BID_PARTNER_OUT, QuizRule.BID_PARTNER_OVER,
)  # fmt: skip
"""The rule cases of a partner's call (lesson 13): where the seat to call stands with its
partner's call (:func:`partner_situation`)."""


def partner_situation(auction: Auction) -> QuizRule | None:
    """Where the seat to call in ``auction`` stands with its partner's call: the partner
    has passed (``bid.partner_out``: this call is the side's last chance at the
    contract), holds the high bid (``bid.partner_holds``), or bid and an opponent bid
    over them (``bid.partner_over``); ``None`` with no partner (three-handed), with the
    partner yet to call, or once the auction is over.

    >>> partner_situation(Auction.after([280, None], dealer=1))
    <QuizRule.BID_PARTNER_HOLDS: 'bid.partner_holds'>
    >>> partner_situation(Auction.after([None, 300], dealer=1))
    <QuizRule.BID_PARTNER_OUT: 'bid.partner_out'>
    >>> partner_situation(Auction.after([None, 250, 260], dealer=0)).value
    'bid.partner_over'
    >>> partner_situation(Auction.after([250], dealer=2)) is None  # the partner calls next
    True
    """
    seat = auction.turn
    partner = None if seat is None else auction.rules.partner(seat)
    if partner is None:
        return None
    if partner in auction.passed:
        return QuizRule.BID_PARTNER_OUT
    if auction.high_bidder == partner:
        return QuizRule.BID_PARTNER_HOLDS
    if any(s == partner and amount is not None for s, amount in auction.history):
        return QuizRule.BID_PARTNER_OVER
    return None


_STANDS = {
    QuizRule.BID_PARTNER_HOLDS: PartnerStand.HOLDS,
    QuizRule.BID_PARTNER_OVER: PartnerStand.OVER,
    QuizRule.BID_PARTNER_OUT: PartnerStand.OUT,
}


def partner_reading(item: BidQuiz, r: BidRange | None = None) -> PartnerCall | None:
    """What the partner's call in ``item``'s auction showed on the coach's deals (the
    partner's and the side's meld on average, with the evaluation's best trump) and
    what passing gives there (the share of those deals on which the partner declares
    when the learner passes), from the evaluation behind ``r`` (default: the item's
    :func:`bid_range`); ``None`` out of every partner's situation
    (:func:`partner_situation`) or without an evaluation (advice built by hand)."""
    a = item.auction()
    situation = partner_situation(a)
    if situation is None:
        return None
    ev = (r if r is not None else bid_range(item)).advice.evaluation
    if ev is None:
        return None
    me = a.turn if a.turn is not None else 0
    rules = item.rule_set
    partner = rules.partner(me)
    bids = [amount for s, amount in a.history if s == partner and amount is not None]
    over = None
    if situation is QuizRule.BID_PARTNER_OVER and a.high_bidder is not None and a.high_bid:
        over = (seat_words(a.high_bidder, me, rules), a.high_bid)
    best = ev.best
    return PartnerCall(
        stand=_STANDS[situation],
        partner_bid=bids[-1] if bids else None,
        over=over,
        trump=best.trump,
        partner_meld=round(best.mean_partner_meld),
        side_meld=round(best.mean_side_meld),
        partner_declares=ev.passing.partner_declares,
    )


def _bid_rules(item: BidQuiz) -> set[QuizRule]:
    """The call's case (open, raise or pass, from the answer), and the partner's call's
    (:func:`partner_situation`) when the answer is clear (:attr:`BidRange.clear`): a
    question whose accepted calls hold both a pass and a bid lets either through, so it
    does not ask what the partner's call is worth."""
    r = bid_range(item)
    found = {QuizRule.BID_PASS} if r.advised is None else {
        QuizRule.BID_OPEN if item.auction().high_bid is None else QuizRule.BID_RAISE
    }  # fmt: skip
    situation = partner_situation(item.auction())
    if situation is not None and r.clear:
        found.add(situation)
    return found


def _bid_entry(data: Mapping[str, Any], common: dict[str, Any], rs: RuleSet) -> BidQuiz:
    hand = as_cards("hand", required(data, "hand"), rs)
    if len(hand) != rs.hand_size:
        raise BankFormatError(
            f"holds {len(hand)} cards; a {rs.name} hand has {rs.hand_size}", "hand"
        )
    check_copies("hand", hand, rs)
    calls = as_calls(data.get("calls", []))
    dealer = as_int("dealer", data.get("dealer", 3), 0, rs.players - 1)
    with blame("calls"):
        a = Auction.after(calls, dealer, rs)
    if a.is_over:
        raise BankFormatError("the auction is already over after these calls", "calls")
    return BidQuiz(hand=hand, calls=calls, dealer=dealer, **common)


def _prior_calls(
    rng: random.Random, high: int, level: int, rules: RuleSet
) -> tuple[int | None, ...]:
    """Calls by the seats before the learner (seat 0) in the first round, the
    highest of them ``high`` by an opponent."""
    n = rules.players
    k = rng.randint(1, min(3 if level == 3 else 2, n - 1))
    calls: list[int | None] = [None] * k
    # Seat of call i is i - k (mod players); the learner's partner (if any) is not an opponent.
    partner = rules.partner(0)
    top = rng.choice([i for i in range(k) if (i - k) % n != partner])
    calls[top] = high
    opening, inc = rules.opening_bid, rules.bid_increment
    if level >= 2 and top > 0 and high - inc >= opening and rng.random() < 0.5:
        calls[rng.randrange(top)] = rng.randrange(opening, high, inc)
    return tuple(calls)


RAISE_DRAWS = 40
"""How many hands a raise question may deal, valued by the heuristic player's quick
limit (no simulation), before the bidding model is asked about one of them."""


def _bid_hand(rng: random.Random, target: QuizRule, rules: RuleSet) -> tuple[Card, ...]:
    """A hand for a bidding question aimed at ``target``. A raise needs a hand worth
    more than the opening bid, which few random hands are (one in four three-handed), so
    for a raise up to :data:`RAISE_DRAWS` hands are dealt and the first the heuristic
    player would bid past the opening on is kept (the last one if none): a cheap
    filter, so that the model's simulation runs on a likely hand only."""
    opening, inc = rules.opening_bid, rules.bid_increment
    pool = list(deck_cards(rules))
    for _ in range(RAISE_DRAWS if target is QuizRule.BID_RAISE else 1):
        rng.shuffle(pool)
        hand = tuple(sorted(pool[: rules.hand_size], key=lambda c: c.order))
        if target is not QuizRule.BID_RAISE:
            break
        if heuristic_limit(counts_of(list(hand), rules), rules) >= opening + inc:
            break
    return hand


PARTNER_LOOKS = 30
"""How many positions a question on a partner's call may deal and look at quickly (the
advisor's first look, :func:`~pinochle_tutor.course.quiz.bidding.first_look`: no long
simulation) for one whose first look clearly gives the answer drawn for it."""
PARTNER_SIMS = 2
"""How many of those positions the advisor may then simulate in full, keeping the first
whose answer is clear (:attr:`BidRange.clear`)."""


def _partner_calls(
    rng: random.Random, target: QuizRule, level: int, high: int, rules: RuleSet
) -> tuple[int | None, ...]:
    """The first round's calls before the learner (seat 0) in ``target``'s situation,
    the high bid ``high``: the partner (seat 2) bids it (``bid.partner_holds``), bids
    below an opponent's ``high`` (``bid.partner_over``) or passes before an opponent's
    ``high`` (``bid.partner_out``); the right opponent calls after the partner, and from
    level 2 the left opponent may call first (a pass, or a bid below the partner's)."""
    opening, inc = rules.opening_bid, rules.bid_increment
    jump = on_scale(10, rules, inc)
    partner: int | None
    right: int | None = None
    if target is QuizRule.BID_PARTNER_HOLDS:
        partner = high
    elif target is QuizRule.BID_PARTNER_OVER:
        partner = max(opening, min(high - inc, high - jump * rng.randint(1, 3)))
        right = high
    else:
        partner, right = None, high
    if level == 1 or rng.random() < 0.5:
        return (partner, right)
    left: int | None = None
    if target is QuizRule.BID_PARTNER_OUT and rng.random() < 0.5:
        left, right = high, None
    elif partner is not None and partner - inc >= opening and rng.random() < 0.5:
        left = rng.randrange(opening, partner, inc)
    return (left, partner, right)


def _build_partner(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> BidQuiz:
    """A question on a partner's call (``target``, one of :data:`PARTNER_CASES`) whose
    answer is clear. A pass or a bid is drawn first, so that both come up; then hands
    are dealt and the high bid set around the heuristic player's quick limit of the hand
    (from a little below it to well above), up to :data:`PARTNER_LOOKS` times, until
    the advisor's first look (cheap) clearly gives the answer drawn; that position is
    simulated in full and kept if its answer is clear, at most :data:`PARTNER_SIMS`
    times (the last position otherwise: its case does not come up, and the generator
    deals again)."""
    want_pass = rng.random() < 0.5
    opening, inc = rules.opening_bid, rules.bid_increment
    jump = on_scale(10, rules, inc)
    top = rules.max_bid - inc
    low = opening + (inc if target is QuizRule.BID_PARTNER_OVER else 0)
    pool = list(deck_cards(rules))
    item: BidQuiz | None = None
    sims = 0
    for _ in range(PARTNER_LOOKS):
        rng.shuffle(pool)
        hand = tuple(sorted(pool[: rules.hand_size], key=lambda c: c.order))
        worth = round(heuristic_limit(counts_of(list(hand), rules), rules) / inc) * inc
        high = min(top, max(low, worth + jump * rng.randint(-4, 8)))
        calls = _partner_calls(rng, target, level, high, rules)
        dealer = (-len(calls) - 1) % rules.players
        item = BidQuiz(id="", hand=hand, calls=calls, dealer=dealer, level=level, rule_set=rules)
        info = AuctionInfo.from_auction(item.auction())
        look = bidding.first_look(tuple(sorted(hand)), info).accepted
        if (look.pass_ok and look.low is not None) or (look.low is None) != want_pass:
            continue
        sims += 1
        if bid_range(item).clear or sims >= PARTNER_SIMS:
            break
    assert item is not None  # PARTNER_LOOKS > 0
    return item


def _build_bid(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> BidQuiz:
    if target in PARTNER_CASES:
        return _build_partner(rng, level, target, rules)
    hand = _bid_hand(rng, target, rules)
    # A raise or a pass: the hand's worth at the opening, from the advisor's first look
    # (the most worth bidding there), shapes the auction; the answer is then worked out
    # in that auction, as the learner meets it.
    shaped = target in (QuizRule.BID_RAISE, QuizRule.BID_PASS)
    worth = bidding.first_look(tuple(sorted(hand)), rules).limit if shaped else None
    opening, inc = rules.opening_bid, rules.bid_increment
    jump = on_scale(10, rules, inc)  # how far past the hand's worth a "pass" auction goes
    calls: tuple[int | None, ...] = ()
    if target is QuizRule.BID_OPEN:
        # Everyone but the dealer passing ends the auction: at most players - 2 passes.
        calls = tuple([None] * rng.randint(0, 0 if level == 1 else min(2, rules.players - 2)))
    elif target is QuizRule.BID_RAISE and worth is not None and worth >= opening + inc:
        calls = _prior_calls(rng, rng.randrange(opening, worth, inc), level, rules)
    elif target is QuizRule.BID_PASS:
        calls = _prior_calls(rng, (worth or opening) + jump * rng.randint(0, 4), level, rules)
    dealer = (-len(calls) - 1) % rules.players
    return BidQuiz(id="", hand=hand, calls=calls, dealer=dealer, level=level, rule_set=rules)


@dataclass(frozen=True)
class BidRange:
    """The acceptable answers to a bidding question, from the bidding advisor.

    The advisor evaluates the hand in the auction as it stands; ``advised`` is the most
    worth bidding, the highest level (counting up from the lowest bid now) at which
    holding the contract scores at least as well as passing (``None``: pass). A top bid
    from ``low`` to ``high`` is acceptable, and a pass when ``pass_ok``: every call the
    coach is not sure costs more than its margin against the other choice
    (:attr:`~pinochle_tutor.coach.bid.BidEvaluation.accepted`). ``advised`` is always
    accepted."""

    minimum: int
    """The lowest bid allowed now."""
    advised: int | None
    """The most worth bidding, or ``None`` when the advice is to pass."""
    low: int | None
    high: int | None
    pass_ok: bool
    advice: BidAdvice = field(repr=False, compare=False)

    @property
    def clear(self) -> bool:
        """Whether the answer is clear: the accepted calls are a pass only or bids only
        (the coach is sure the other choice costs more than its margin)."""
        return not (self.pass_ok and self.low is not None)

    def accepts(self, call: int | None) -> bool:
        """Whether ``call`` (a top bid, or ``None`` for pass) is an acceptable answer."""
        if call is None:
            return self.pass_ok
        return self.low is not None and self.high is not None and self.low <= call <= self.high

    @property
    def text(self) -> str:
        """The acceptable answers in words."""
        if self.low is None or self.high is None:
            return "pass"
        span = f"{self.low}" if self.low == self.high else f"{self.low} to {self.high}"
        if self.pass_ok:
            return f"pass, or a top bid of {span}"
        return f"a top bid of {span}"


def bid_range(item: BidQuiz, simulated: BidAdvice | None = None) -> BidRange:
    """The acceptable answers to ``item``, from the bidding advisor's evaluation of the
    auction as it stands (:func:`~pinochle_tutor.course.quiz.bidding.outlook`: fixed seed
    and numbers of deals, so the answer never changes; ``simulated``: advice from another
    simulation of the same auction instead, as the benchmark compares). The range, the
    advised bid and the advice the mark quotes are one evaluation's."""
    info = AuctionInfo.from_auction(item.auction())
    advice = simulated if simulated is not None else bidding.outlook(tuple(sorted(item.hand)), info)
    a: AcceptedCalls = advice.accepted
    return BidRange(a.min_bid, a.limit, a.low, a.high, a.pass_ok, advice)


class BidQuizKind(QuizKindSpec[BidQuiz, int | None]):
    """Bidding questions: the most you would bid with a hand, or pass."""

    kind = QuizKind.BID
    item_type = BidQuiz
    entry_fields = frozenset({"hand", "calls", "dealer"})
    pools: ClassVar[dict[int, tuple[QuizRule, ...]]] = {
        1: (QuizRule.BID_OPEN,),
        2: (QuizRule.BID_OPEN, QuizRule.BID_RAISE),
        3: (QuizRule.BID_RAISE, QuizRule.BID_PASS),
    }  # fmt: skip
    hint_head = "Weigh your meld and the trick points your hand can take against the bid."
    general_rules = (QuizRule.BID_OPEN, QuizRule.BID_RAISE, QuizRule.BID_PASS)  # fmt: skip
    attempts = 6
    slow_answer = True

    def least_bound(self, rule: QuizRule, rules: RuleSet) -> float:
        # A question on a partner's call has a clear answer: held to 0, it is a
        # position whose answer is a bid (Pass is wrong), so a set may ask several.
        return 0.0 if rule in PARTNER_CASES else self.guess_bound(rule, rules)

    def parse(self, item: BidQuiz, text: str) -> int | None:
        return parse_bid_answer(text)

    def mark(self, item: BidQuiz, text: str, answer: int | None) -> Mark:
        return _mark_bid(item, text, answer)

    def answer(self, item: BidQuiz) -> BidRange:
        return bid_range(item)

    def answer_text(self, item: BidQuiz) -> str:
        return bid_range(item).text

    def rule_cases(self, item: BidQuiz) -> set[QuizRule]:
        return _bid_rules(item)

    def hint_cases(self, item: BidQuiz) -> list[QuizRule]:
        """The kind's whole rule, and first the partner's situation the auction leaves
        the learner in (:func:`partner_situation`: lesson 13's statement says the
        situation, never the call), so that the hint of a question on a partner's call
        speaks of it."""
        cases = super().hint_cases(item)
        if not item.rule_set.partnerships:
            return cases
        try:
            situation = partner_situation(item.auction())
        except PinochleError:  # an item whose calls cannot be replayed: the kind's hint
            return cases
        if situation is None or not rule_applies(situation, item.rule_set):
            return cases
        return [situation, *cases]

    def from_entry(
        self, data: Mapping[str, Any], common: dict[str, Any], rules: RuleSet
    ) -> BidQuiz:
        return _bid_entry(data, common, rules)

    def to_entry(self, item: BidQuiz) -> dict[str, Any]:
        return {
            "hand": card_codes(item.hand), "dealer": item.dealer,
            "calls": " ".join("pass" if c is None else str(c) for c in item.calls),
        }  # fmt: skip

    def build(self, rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> BidQuiz:
        return _build_bid(rng, level, target, rules)

    def example(self, rules: RuleSet, avoid: str = "") -> str:
        bid = rules.opening_bid + 5 * rules.bid_increment
        shown = bid + 10 * rules.bid_increment if str(bid) == avoid else bid
        return f"e.g. {shown}, or pass"

    def screen(self, item: BidQuiz) -> Screen:
        # The box's example is a legal answer in this auction: a fixed 300 fell below
        # the lowest bid at 370, and one number near the lowest bid would hint at the
        # answer, so it names the lowest bid as where bids start.
        low = item.auction().min_bid
        example = (
            "e.g. pass" if low > item.rule_set.max_bid else f"e.g. a bid of {low} or more, or pass"
        )
        return Screen(
            AnswerInput.BID, "Type your top bid and press Submit, or press Pass.", shown=item.hand,
            example=example,
        )  # fmt: skip


SPEC = BidQuizKind()
"""The bid kind, registered in :data:`~pinochle_tutor.course.quiz.kinds.KINDS`."""
