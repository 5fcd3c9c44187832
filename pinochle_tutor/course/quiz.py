"""Quizzes: questions whose answers the engine computes and the tutor explains.

Four kinds of question, each a small frozen dataclass that holds the question
only (a hand, a trick, a contract, ...), never its answer:

* :class:`MeldQuiz` - "Hearts are trump: how much meld does this hand hold?"
* :class:`TrickQuiz` - "Which cards may you play?" or, with a ``card``, "Is this
  play legal?"
* :class:`ScoreQuiz` - "Bid 320, meld 180, 130 captured: what do the bidders score?"
* :class:`BidQuiz` - "What is the most you would bid with this hand?" (or pass)

:func:`check_answer` reads a learner's typed answer (``"190"``, ``"AS, 10S"``,
``"yes"``, ``"-320"``, ``"pass"``, ``"330"``), asks the engine for the right
answer and returns a :class:`Mark` with the tutor's explanation. An answer that
cannot be read is never an exception: the mark says how to write it.
:func:`answer_for` gives the engine's answer on its own.

Every item names the rule cases it exercises (:class:`QuizRule`, e.g.
``meld.run_royal`` or ``trick.partner_winning``) so progress can be kept per
rule, and :func:`generate` makes fresh items from a seed, steered toward the
rule cases a learner keeps getting wrong.

Teachers write banks of items by hand as TOML (or JSON) files; :func:`load_bank`
checks every item against the schema and reports each problem with the file,
the item and the field, while the other items still load. :func:`audit_bank`
also checks the teacher's optional expected answers against the engine.

>>> item = MeldQuiz(id="demo", hand=parse_cards("AH 10H KH QH JH KH QH"), trump=Suit.HEARTS)
>>> check_answer(item, "190").right
True
>>> mark = check_answer(item, "230")
>>> mark.right, mark.correct
(False, '190')
>>> check_answer(item, "lots").readable
False
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import importlib
import json
import math
import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, TypeAlias, Union

from pinochle_tutor.auction import Auction
from pinochle_tutor.bots.advisor import BidAdvice, advise_bid
from pinochle_tutor.cards import Card, Rank, Suit, all_cards, cards_text, parse_cards, parse_suit
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain import (
    ClaimedLine,
    MeldNoteKind,
    explain_bid,
    explain_contract,
    explain_legal,
    explain_meld,
    explain_play,
    parse_claim,
)
from pinochle_tutor.meld import MeldKind, meld_points
from pinochle_tutor.rules import CLASSIC, PRESETS, RuleSet, rules_named
from pinochle_tutor.scoring import score_hand
from pinochle_tutor.tricks import trick_winner

__all__ = [
    "ADVISOR_SAMPLES",
    "ADVISOR_SEED",
    "BankProblem",
    "BidQuiz",
    "BidRange",
    "InvalidAnswerError",
    "Mark",
    "MeldAnswer",
    "MeldQuiz",
    "QuizItem",
    "QuizKind",
    "QuizRule",
    "ScoreQuiz",
    "TrickQuiz",
    "answer_for",
    "answer_text",
    "audit_bank",
    "bid_range",
    "check_answer",
    "default_bank_dir",
    "generate",
    "item_from_entry",
    "item_to_entry",
    "load_bank",
    "load_banks",
    "parse_answer",
    "parse_bid_answer",
    "parse_cards_answer",
    "parse_meld_answer",
    "parse_score_answer",
    "parse_yes_no",
    "rule_applies",
    "rules_label",
    "rules_of",
]

ADVISOR_SAMPLES = 48
"""Simulated deals per trump suit behind every bidding answer (fixed, so marks never change)."""
ADVISOR_SEED = 20240601
"""The advisor's random seed for bidding answers (fixed, so marks never change)."""
_SURE = 0.7
"""A bid made this often is a safe top bid: the low end of the acceptable range."""
_BOLD = 0.3
"""A bid made this often is a bold top bid: the high end of the acceptable range."""


class InvalidAnswerError(PinochleError):
    """A typed answer could not be read; the message says how to write it."""


# ======================================================================= vocabulary


class QuizKind(Enum):
    """The kinds of question."""

    MELD = "meld"
    """How much meld does this hand hold with this trump?"""
    TRICK = "trick"
    """Which cards may you play to this trick (or: is this play legal)?"""
    SCORE = "score"
    """What does a side score for this hand?"""
    BID = "bid"
    """What is the most you would bid with this hand (or pass)?"""

    @classmethod
    def parse(cls, value: QuizKind | str) -> QuizKind:
        """A kind from itself or its name (``'meld'``, ``'trick'``, ``'score'``, ``'bid'``)."""
        if isinstance(value, QuizKind):
            return value
        key = str(value).strip().lower()
        for kind in cls:
            if kind.value == key:
                return kind
        raise PinochleError(
            f"{value!r} is not a quiz kind: kinds are {', '.join(k.value for k in cls)}"
        )


class QuizRule(Enum):
    """The rule cases quizzes exercise; progress is kept per rule case. The value
    (``'meld.run'``) is what progress files store."""

    MELD_RUN = "meld.run"
    """A 10 K Q J of trump: a run, 150."""
    MELD_DOUBLE_RUN = "meld.double_run"
    """Both copies of the run: 1500, and no marriages from its kings and queens."""
    MELD_RUN_ROYAL = "meld.run_royal"
    """A further complete trump K+Q beside a run: run + royal marriage = 190."""
    MELD_RUN_LONE_EXTRA = "meld.run_lone_extra"
    """A lone extra trump K or Q beside a run earns nothing."""
    MELD_ROYAL_MARRIAGE = "meld.royal_marriage"
    """K Q of trump: a royal marriage, 40 each."""
    MELD_MARRIAGE = "meld.marriage"
    """K Q of a non-trump suit: a marriage, 20 each."""
    MELD_DIX = "meld.dix"
    """The 9 of trump: 10 each."""
    MELD_ACES_AROUND = "meld.aces_around"
    """An ace of each suit: 100."""
    MELD_KINGS_AROUND = "meld.kings_around"
    """A king of each suit: 80."""
    MELD_QUEENS_AROUND = "meld.queens_around"
    """A queen of each suit: 60."""
    MELD_JACKS_AROUND = "meld.jacks_around"
    """A jack of each suit: 40."""
    MELD_DOUBLE_AROUND = "meld.double_around"
    """Both copies of an around: 1000, 800, 600 or 400, replacing the single one."""
    MELD_PINOCHLE = "meld.pinochle"
    """Q♠ + J♦: a pinochle, 40."""
    MELD_DOUBLE_PINOCHLE = "meld.double_pinochle"
    """Both Q♠ and both J♦: a double pinochle, 300."""
    MELD_SHARED_CARD = "meld.shared_card"
    """One card counts in several categories (never twice in one)."""
    MELD_INCOMPLETE_DOUBLE = "meld.incomplete_double"
    """A second copy of some cards of a meld, but not all: still a single meld."""
    MELD_NONE = "meld.none"
    """A hand with no meld at all."""
    TRICK_LEAD = "trick.lead"
    """The leader may play any card."""
    TRICK_FOLLOW_SUIT = "trick.follow_suit"
    """Rule 1: follow the led suit if you can."""
    TRICK_BEAT = "trick.beat"
    """Rule 2: beat the winning card if you can do so legally."""
    TRICK_TRUMP = "trick.trump"
    """Rule 3: void in the led suit, play trump."""
    TRICK_OVER_TRUMP = "trick.over_trump"
    """Rule 3: over-trump an earlier trump when you can."""
    TRICK_DISCARD = "trick.discard"
    """Rule 4: with neither the led suit nor trump, play any card."""
    TRICK_PARTNER_WINNING = "trick.partner_winning"
    """The rules apply even when your partner is winning the trick."""
    TRICK_TRUMPED = "trick.trumped"
    """Once a trick is trumped, any card of the led suit will do."""
    SCORE_MADE = "score.made"
    """Meld + trick points reach the bid: the bidders add the full total."""
    SCORE_MISSED = "score.missed"
    """Meld + trick points fall short: the bidders subtract the bid."""
    SCORE_SET = "score.set"
    """Bidders who take no trick points are set: they subtract the bid."""
    SCORE_MELD_SAVE = "score.meld_save"
    """A side keeps its meld only with at least 10 trick points."""
    SCORE_CONCESSION = "score.concession"
    """A declarer who concedes loses the bid; the defenders score their meld only."""
    SCORE_DEFENDERS = "score.defenders"
    """Defenders score meld + trick points with at least 10 trick points, else nothing."""
    BID_OPEN = "bid.open"
    """Nobody has bid yet, and the hand is worth an opening bid."""
    BID_RAISE = "bid.raise"
    """The hand is worth more than the bid already made: raise."""
    BID_PASS = "bid.pass"
    """The bidding is already above what the hand is worth: pass."""

    @property
    def kind(self) -> QuizKind:
        """The kind of question the rule case belongs to."""
        return QuizKind.parse(self.value.split(".", 1)[0])

    @property
    def description(self) -> str:
        """The rule case in a sentence."""
        return _RULE_TEXT[self]

    @classmethod
    def parse(cls, value: QuizRule | str) -> QuizRule:
        """A rule case from itself or its value (``'meld.run'``)."""
        if isinstance(value, QuizRule):
            return value
        key = str(value).strip().lower()
        for rule in cls:
            if rule.value == key:
                return rule
        raise PinochleError(
            f"{value!r} is not a rule case: rule cases are {', '.join(r.value for r in cls)}"
        )


_RULE_TEXT: dict[QuizRule, str] = {
    QuizRule.MELD_RUN: "A 10 K Q J of trump is a run: 150.",
    QuizRule.MELD_DOUBLE_RUN: "Both copies of the run are a double run: 1500, with no marriages.",
    QuizRule.MELD_RUN_ROYAL: "A further complete trump K+Q beside a run earns 40: run + royal marriage = 190.",
    QuizRule.MELD_RUN_LONE_EXTRA: "A lone extra trump K or Q beside a run earns nothing.",
    QuizRule.MELD_ROYAL_MARRIAGE: "K Q of trump is a royal marriage: 40 each.",
    QuizRule.MELD_MARRIAGE: "K Q of a non-trump suit is a marriage: 20 each.",
    QuizRule.MELD_DIX: "The 9 of trump is the dix: 10 each.",
    QuizRule.MELD_ACES_AROUND: "An ace of each suit is aces around: 100.",
    QuizRule.MELD_KINGS_AROUND: "A king of each suit is kings around: 80.",
    QuizRule.MELD_QUEENS_AROUND: "A queen of each suit is queens around: 60.",
    QuizRule.MELD_JACKS_AROUND: "A jack of each suit is jacks around: 40.",
    QuizRule.MELD_DOUBLE_AROUND: "Both copies around replace the single: 1000, 800, 600 or 400.",
    QuizRule.MELD_PINOCHLE: "Q♠ + J♦ is a pinochle: 40.",
    QuizRule.MELD_DOUBLE_PINOCHLE: "Both Q♠ and both J♦ are a double pinochle: 300.",
    QuizRule.MELD_SHARED_CARD: "A card may count in several categories, never twice in one.",
    QuizRule.MELD_INCOMPLETE_DOUBLE: "A double needs both copies of every card; otherwise it is a single meld.",
    QuizRule.MELD_NONE: "Some hands have no meld at all.",
    QuizRule.TRICK_LEAD: "The leader may play any card.",
    QuizRule.TRICK_FOLLOW_SUIT: "Rule 1: follow the led suit if you can.",
    QuizRule.TRICK_BEAT: "Rule 2: beat the winning card if you can do so legally.",
    QuizRule.TRICK_TRUMP: "Rule 3: with no card of the led suit, play trump.",
    QuizRule.TRICK_OVER_TRUMP: "Rule 3: over-trump an earlier trump when you can.",
    QuizRule.TRICK_DISCARD: "Rule 4: with neither the led suit nor trump, play any card.",
    QuizRule.TRICK_PARTNER_WINNING: "The rules apply even when your partner is winning.",
    QuizRule.TRICK_TRUMPED: "Once the trick is trumped, any card of the led suit will do.",
    QuizRule.SCORE_MADE: "Made: the bidders add their meld and trick points.",
    QuizRule.SCORE_MISSED: "Missed: the bidders subtract the bid and score nothing else.",
    QuizRule.SCORE_SET: "No trick points at all: the bidders are set and subtract the bid.",
    QuizRule.SCORE_MELD_SAVE: "A side keeps its meld only with at least 10 trick points.",
    QuizRule.SCORE_CONCESSION: "Conceded: the bidders lose the bid, the defenders score meld only.",
    QuizRule.SCORE_DEFENDERS: "Defenders score meld + trick points with at least 10 trick points.",
    QuizRule.BID_OPEN: "Open the bidding when the hand is worth it.",
    QuizRule.BID_RAISE: "Raise when the hand is worth more than the current bid.",
    QuizRule.BID_PASS: "Pass when the bidding is above what the hand is worth.",
}


# ============================================================================ items


def _card_tuple(value: Iterable[Card] | str) -> tuple[Card, ...]:
    return tuple(parse_cards(value)) if isinstance(value, str) else tuple(value)


@dataclass(frozen=True, kw_only=True)
class _Item:
    id: str
    """A stable identifier (progress is recorded against it)."""
    level: int = 1
    """1 (first steps), 2 (practice) or 3 (tricky cases)."""
    rules: tuple[QuizRule, ...] = ()
    """The rule cases the item exercises (computed by the engine when not given)."""
    rule_set: RuleSet = CLASSIC
    """The version of the game the question is asked in (a :class:`RuleSet`, or a
    preset name such as ``"double_deck"``); the answer is computed under it."""
    title: str = ""
    """An optional heading a teacher gives the question."""

    def __post_init__(self) -> None:
        # Normalise friendly inputs: card texts, lists, suit letters, rule-case texts.
        given = vars(self)
        if isinstance(given.get("rule_set"), str):
            given["rule_set"] = rules_named(given["rule_set"])
        for name in ("hand", "trick"):
            if name in given:
                given[name] = _card_tuple(given[name])
        if isinstance(given.get("card"), str):
            given["card"] = parse_cards(given["card"])[0]
        if "trump" in given:
            given["trump"] = parse_suit(given["trump"])
        if "calls" in given:
            given["calls"] = tuple(given["calls"])
        object.__setattr__(self, "rules", tuple(QuizRule.parse(r) for r in self.rules))
        if not self.rules:
            object.__setattr__(self, "rules", rules_of(self))  # type: ignore[arg-type]

    @property
    def _rules_prefix(self) -> str:
        label = rules_label(self.rule_set)
        return f"{label}: " if label else ""


def rules_label(rules: RuleSet) -> str:
    """How a prompt names the rules it is asked under: ``""`` for the classic rules,
    ``"Double deck"`` or ``"Three-handed"`` for the other presets, and e.g.
    ``"Classic (house rules)"`` for a preset with settings changed.

    >>> from pinochle_tutor.rules import DOUBLE_DECK
    >>> rules_label(CLASSIC), rules_label(DOUBLE_DECK), rules_label(CLASSIC.with_settings(meld_save=1))
    ('', 'Double deck', 'Classic (house rules)')
    """
    if rules == CLASSIC:
        return ""
    base = {"double_deck": "Double deck", "three_handed": "Three-handed"}.get(
        rules.name, rules.name.replace("_", " ").capitalize()
    )
    return base if PRESETS.get(rules.name) == rules else f"{base} (house rules)"


@dataclass(frozen=True, kw_only=True)
class MeldQuiz(_Item):
    """How much meld does ``hand`` hold with ``trump`` as trump?"""

    hand: tuple[Card, ...]
    trump: Suit

    kind = QuizKind.MELD

    @property
    def prompt(self) -> str:
        """The question in words."""
        return (
            f"{self._rules_prefix}{self.trump.plural.capitalize()} are trump. "
            f"Your hand: {cards_text(self.hand)}. How much meld does it hold?"
        )


@dataclass(frozen=True, kw_only=True)
class TrickQuiz(_Item):
    """Which cards of ``hand`` may be played to ``trick`` (the cards already
    played, led card first)? With a ``card``: may that card be played?"""

    hand: tuple[Card, ...]
    trick: tuple[Card, ...] = ()
    trump: Suit
    card: Card | None = None
    """The card asked about ("is this play legal?"); ``None`` asks for every legal card."""

    kind = QuizKind.TRICK

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
                pos = trick_winner(self.trick, self.trump, self.rule_set)
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


_ASK_SIDES = ("bidders", "defenders")


@dataclass(frozen=True, kw_only=True)
class ScoreQuiz(_Item):
    """What does one side score for this hand? ``ask`` is ``'bidders'`` or ``'defenders'``."""

    bid: int
    bidder_meld: int
    bidder_tricks: int = 0
    defender_meld: int = 0
    defender_tricks: int = 0
    conceded: bool = False
    """The declarer conceded before trick play."""
    ask: str = "bidders"

    kind = QuizKind.SCORE

    @property
    def prompt(self) -> str:
        """The question in words. Without partnerships (three-handed) the declarer
        plays against each defender alone: ``defender_*`` are one defender's, and
        the other defender took the rest of the trick points."""
        pre = self._rules_prefix
        tail = "(e.g. +340 or -320)"
        if not self.rule_set.partnerships:
            head = (
                f"{pre}The declarer bid {self.bid} and showed {self.bidder_meld} meld; "
                f"one defender showed {self.defender_meld}."
            )
            if self.conceded:
                play = " The declarer conceded before trick play."
            else:
                rest = self.rule_set.total_trick_points - self.bidder_tricks - self.defender_tricks
                play = (
                    f" The declarer captured {self.bidder_tricks} trick points, that defender "
                    f"{self.defender_tricks} and the other defender {rest}."
                )
            who = "the declarer score" if self.ask == "bidders" else "that defender score"
            return f"{head}{play} What does {who} for this hand? {tail}"
        head = (
            f"{pre}The bidders bid {self.bid} and showed {self.bidder_meld} meld; "
            f"the defenders showed {self.defender_meld}."
        )
        if self.conceded:
            play = " The declarer conceded before trick play."
        else:
            play = (
                f" The bidders captured {self.bidder_tricks} trick points and the defenders "
                f"{self.defender_tricks}."
            )
        return f"{head}{play} What do the {self.ask} score for this hand? {tail}"


@dataclass(frozen=True, kw_only=True)
class BidQuiz(_Item):
    """What is the most you would bid with ``hand`` (or would you pass), after
    ``calls`` (the auction so far from the dealer's left: a number for a bid,
    ``None`` for a pass)?"""

    hand: tuple[Card, ...]
    calls: tuple[int | None, ...] = ()
    dealer: int = 3
    """The dealer's seat; the learner is the seat whose turn it is after ``calls``."""

    kind = QuizKind.BID

    def auction(self) -> Auction:
        """A fresh auction with ``calls`` made (raises :class:`PinochleError` if they are illegal)."""
        a = Auction(self.dealer, self.rule_set)
        for c in self.calls:
            a.call(c)
        return a

    @property
    def prompt(self) -> str:
        """The question in words."""
        a = self.auction()
        seat = a.turn if a.turn is not None else 0
        n = self.rule_set.players
        names = {1: "left-hand opponent", 2: "partner", 3: "right-hand opponent"}
        if not self.rule_set.partnerships:
            names = {1: "left-hand opponent", 2: "right-hand opponent"}
        parts = []
        for s, amount in a.history:
            who = names.get((s - seat) % n, "you")
            parts.append(f"{who} {'pass' if amount is None else amount}")
        calls = "Calls so far: " + ", ".join(parts) + "." if parts else "Nobody has called yet."
        example = self.rule_set.opening_bid + 5 * self.rule_set.bid_increment
        return (
            f"{self._rules_prefix}Your hand: {cards_text(self.hand)}. {calls} "
            f"The lowest bid now is {a.min_bid}. "
            f"What is the most you would bid? (a bid such as {example}, or pass)"
        )


QuizItem: TypeAlias = Union[MeldQuiz, TrickQuiz, ScoreQuiz, BidQuiz]  # noqa: UP007 (runtime alias on 3.10)
"""Any quiz item."""

_CLASSES: dict[QuizKind, type[MeldQuiz] | type[TrickQuiz] | type[ScoreQuiz] | type[BidQuiz]] = {
    QuizKind.MELD: MeldQuiz,
    QuizKind.TRICK: TrickQuiz,
    QuizKind.SCORE: ScoreQuiz,
    QuizKind.BID: BidQuiz,
}


# ========================================================================= parsers

_MINUS = str.maketrans({"\u2212": "-", "\u2013": "-", "\u2014": "-", "\uff0b": "+"})
_NUMBER = re.compile(r"^([+-]?)\s*([0-9]+)\s*(?:points?|pts?)?\.?$", re.ASCII)
_MAX_DIGITS = 6


def _clean(text: object) -> str:
    if not isinstance(text, str):
        raise InvalidAnswerError(f"{text!r} is not an answer: type the answer as text")
    return " ".join(text.translate(_MINUS).strip().lower().split())


def _number(text: str, what: str, example: str, signed: bool) -> int:
    m = _NUMBER.match(text)
    if m is None:
        raise InvalidAnswerError(f"{text!r} is not {what}: type a whole number, e.g. {example!r}")
    sign, digits = m.groups()
    if len(digits) > _MAX_DIGITS:
        raise InvalidAnswerError(f"{text!r} is far too large for {what}: try {example!r}")
    if sign == "-" and not signed:
        raise InvalidAnswerError(f"{text!r} is negative, but {what} is never below 0")
    value = int(digits)
    return -value if sign == "-" else value


@dataclass(frozen=True)
class MeldAnswer:
    """A learner's meld answer: the total, and the lines counted when they were named."""

    total: int
    claims: tuple[ClaimedLine, ...] | None = None


def parse_meld_answer(text: str, rules: RuleSet = CLASSIC) -> MeldAnswer:
    """Read a meld answer: a total (``'190'``), a sum (``'150 + 40'``), or the lines
    counted (``'run + royal marriage'``, optionally ``'= 190'`` at the end).

    Raises :class:`InvalidAnswerError` saying how to write it."""
    s = _clean(text)
    how = "type the meld total, e.g. '190', or the lines, e.g. 'run + royal marriage'"
    if not s:
        raise InvalidAnswerError(f"The answer is empty: {how}.")
    stated: int | None = None
    if "=" in s:
        left, _, right = s.rpartition("=")
        stated = _number(right.strip(), "a meld total", "190", signed=False)
        s = left.strip()
        if not s:
            return MeldAnswer(stated)
    parts = [p.strip() for p in re.split(r"[+,;&]|\band\b|\bplus\b", s) if p.strip()]
    if not parts:
        raise InvalidAnswerError(f"{text!r} is not a meld answer: {how}.")
    numeric = [bool(re.fullmatch(r"[0-9]+(?:\s*points?)?", p, re.ASCII)) for p in parts]
    if all(numeric):
        values = [_number(p, "a meld total", "190", signed=False) for p in parts]
        return MeldAnswer(stated if stated is not None else sum(values))
    if any(numeric):
        raise InvalidAnswerError(
            f"{text!r} mixes numbers and meld names: {how} (names or numbers, not both)."
        )
    claims: list[ClaimedLine] = []
    for p in parts:
        try:
            claims.append(parse_claim(p, rules))
        except PinochleError as e:
            raise InvalidAnswerError(f"{e}. In short: {how}.") from None
    total = sum(c.points(rules) for c in claims)
    return MeldAnswer(stated if stated is not None else total, tuple(claims))


_ALL_WORDS = frozenset(
    {"all", "any", "any card", "all cards", "every card", "anything", "all of them"}
)


def parse_cards_answer(text: str) -> tuple[Card, ...]:
    """Read a set of cards: ``'AS, 10S'``, ``'A♠ 10♠'``, ``'AS and 10S'``.

    Raises :class:`InvalidAnswerError` naming the unreadable card."""
    _clean(text)  # checks that it is text
    s = " ".join(text.split())
    if not s:
        raise InvalidAnswerError(
            "The answer is empty: name the cards you may play, e.g. 'AS, 10S' (or 'all')."
        )
    s = re.sub(r"(?i)\band\b|\bor\b|\+|/|\.", " ", s)
    try:
        cards = parse_cards(s)
    except PinochleError as e:
        raise InvalidAnswerError(f"{e}. Name the cards you may play, e.g. 'AS, 10S'.") from None
    if not cards:
        raise InvalidAnswerError("Name the cards you may play, e.g. 'AS, 10S' (or 'all').")
    return tuple(cards)


_YES = frozenset({"yes", "y", "legal", "true", "ok", "allowed", "yes it is", "it is legal", "may"})
_NO = frozenset(
    {"no", "n", "illegal", "false", "not allowed", "not legal", "no it isn't", "may not", "not"}
)


def parse_yes_no(text: str) -> bool:
    """Read ``'yes'`` / ``'no'`` (also ``'legal'``, ``'illegal'``, ``'y'``, ``'n'``).

    Raises :class:`InvalidAnswerError` otherwise."""
    s = _clean(text).rstrip(".!")
    if s in _YES:
        return True
    if s in _NO:
        return False
    raise InvalidAnswerError(
        f"{text!r} is not an answer to a yes-or-no question: type 'yes' or 'no'."
    )


def parse_score_answer(text: str) -> int:
    """Read a score change: ``'+340'``, ``'340'``, ``'-320'`` (a Unicode minus too), ``'0'``.

    Raises :class:`InvalidAnswerError` saying how to write it."""
    s = _clean(text)
    if not s:
        raise InvalidAnswerError("The answer is empty: type the score, e.g. '+340' or '-320'.")
    return _number(s, "a score", "-320", signed=True)


_PASS_WORDS = frozenset({"pass", "p", "no bid", "i pass", "passes", "i'd pass", "i would pass"})


def parse_bid_answer(text: str) -> int | None:
    """Read a call: ``'pass'`` (``None``) or a bid such as ``'330'`` or ``'bid 330'``.

    Raises :class:`InvalidAnswerError` saying how to write it."""
    s = _clean(text).rstrip(".!")
    if s in _PASS_WORDS:
        return None
    if not s:
        raise InvalidAnswerError("The answer is empty: type a bid such as '300', or 'pass'.")
    s = re.sub(r"^(?:i(?:'d| would)? )?bid\s*", "", s)
    return _number(s, "a bid", "300", signed=False)


Answer: TypeAlias = Union[MeldAnswer, tuple[Card, ...], bool, int, None]  # noqa: UP007
"""A parsed answer: a meld answer, a set of cards, yes/no, a score, or a call (``None`` = pass)."""


def parse_answer(item: QuizItem, text: str) -> Answer:
    """Read ``text`` as an answer to ``item`` (the reader depends on the question).

    Raises :class:`InvalidAnswerError` with a message a learner can act on."""
    if isinstance(item, MeldQuiz):
        return parse_meld_answer(text, item.rule_set)
    if isinstance(item, TrickQuiz):
        if item.card is not None:
            return parse_yes_no(text)
        if _clean(text).rstrip(".!") in _ALL_WORDS:
            return tuple(sorted(set(item.hand)))
        return parse_cards_answer(text)
    if isinstance(item, ScoreQuiz):
        return parse_score_answer(text)
    return parse_bid_answer(text)


# ================================================================ rules exercised


def _meld_rules(item: MeldQuiz) -> set[QuizRule]:
    ex = explain_meld(item.hand, item.trump, item.rule_set)
    out: set[QuizRule] = set()
    singles = {
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
    for line in ex.items:
        if line.multiple >= 2:
            if line.kind is MeldKind.RUN:
                out.add(QuizRule.MELD_DOUBLE_RUN)
            elif line.kind is MeldKind.PINOCHLE:
                out.add(QuizRule.MELD_DOUBLE_PINOCHLE)
            else:
                out.add(QuizRule.MELD_DOUBLE_AROUND)
        else:
            out.add(singles[line.kind])
    notes = {
        MeldNoteKind.EXTRA_ROYAL_BESIDE_RUN: QuizRule.MELD_RUN_ROYAL,
        MeldNoteKind.LONE_EXTRA_BESIDE_RUN: QuizRule.MELD_RUN_LONE_EXTRA,
        MeldNoteKind.SHARED_CARD: QuizRule.MELD_SHARED_CARD,
        MeldNoteKind.INCOMPLETE_SECOND_SET: QuizRule.MELD_INCOMPLETE_DOUBLE,
    }
    for note in ex.notes:
        if note.kind in notes:
            out.add(notes[note.kind])
    if not ex.items:
        out.add(QuizRule.MELD_NONE)
    return out


def _trick_rules(item: TrickQuiz) -> set[QuizRule]:
    if not item.trick:
        return {QuizRule.TRICK_LEAD}
    t = item.trump
    led = item.trick[0].suit
    win = item.trick[trick_winner(item.trick, t, item.rule_set)]
    held = set(item.hand)
    out: set[QuizRule] = set()
    ex = explain_legal(item.hand, item.trick, t, item.rule_set)
    if ex.partner_winning:
        out.add(QuizRule.TRICK_PARTNER_WINNING)
    follow = [c for c in held if c.suit == led]
    trumps = [c for c in held if c.suit == t]
    if follow:
        out.add(QuizRule.TRICK_FOLLOW_SUIT)
        if win.suit == led and any(c.rank > win.rank for c in follow):
            out.add(QuizRule.TRICK_BEAT)
        if win.suit != led:
            out.add(QuizRule.TRICK_TRUMPED)
    elif trumps:
        out.add(QuizRule.TRICK_TRUMP)
        if win.suit == t and any(c.rank > win.rank for c in trumps):
            out.add(QuizRule.TRICK_OVER_TRUMP)
    else:
        out.add(QuizRule.TRICK_DISCARD)
    return out


def _score_rules(item: ScoreQuiz) -> set[QuizRule]:
    s = score_hand(
        item.bid, item.bidder_meld, item.bidder_tricks, item.defender_meld,
        item.defender_tricks, item.rule_set, item.conceded,
    )  # fmt: skip
    out: set[QuizRule] = set()
    defenders = item.ask == "defenders"
    if defenders:
        out.add(QuizRule.SCORE_DEFENDERS)
    if s.conceded:
        out.add(QuizRule.SCORE_CONCESSION)
        return out
    if s.set_no_tricks:
        out.add(QuizRule.SCORE_SET)
    elif s.made:
        out.add(QuizRule.SCORE_MADE)
    else:
        out.add(QuizRule.SCORE_MISSED)
    if defenders and item.defender_meld and not s.defender_meld_kept:
        out.add(QuizRule.SCORE_MELD_SAVE)
    if not defenders and item.bidder_meld and not s.bidder_meld_kept:
        out.add(QuizRule.SCORE_MELD_SAVE)
    return out


def _bid_rules(item: BidQuiz) -> set[QuizRule]:
    r = bid_range(item)
    if r.advised is None:
        return {QuizRule.BID_PASS}
    return {QuizRule.BID_OPEN if item.auction().high_bid is None else QuizRule.BID_RAISE}


def rules_of(item: QuizItem) -> tuple[QuizRule, ...]:
    """The rule cases ``item`` exercises, as the engine sees the position (not the
    ones a teacher declared), in :class:`QuizRule` order."""
    if isinstance(item, MeldQuiz):
        found = _meld_rules(item)
    elif isinstance(item, TrickQuiz):
        found = _trick_rules(item)
    elif isinstance(item, ScoreQuiz):
        found = _score_rules(item)
    else:
        found = _bid_rules(item)
    return tuple(r for r in QuizRule if r in found)


# ========================================================================= bidding


@dataclass(frozen=True)
class _Outlook:
    sure: int | None
    even: int | None
    bold: int | None
    advice: BidAdvice


@functools.lru_cache(maxsize=1024)
def _outlook(hand: tuple[Card, ...], rules: RuleSet) -> _Outlook:
    """The advisor's simulation of a hand (independent of the auction; cached)."""
    advice = advise_bid(hand, rules, samples=ADVISOR_SAMPLES, seed=ADVISOR_SEED)
    best = advice.best
    return _Outlook(best.max_bid(_SURE), best.max_bid(0.5), best.max_bid(_BOLD), advice)


@dataclass(frozen=True)
class BidRange:
    """The acceptable answers to a bidding question, from the bidding advisor.

    The advisor simulates deals for the hand; ``advised`` is the highest bid made
    in at least half of them (``None``: pass). A top bid from ``low`` (made in
    at least 70 % of the deals, or the lowest bid allowed now) to ``high`` (made
    in at least 30 %) is acceptable; a pass is acceptable when the advised bid is
    below the lowest bid allowed now, or when the hand is borderline."""

    minimum: int
    """The lowest bid allowed now."""
    advised: int | None
    """The advisor's top bid at even odds, or ``None`` when it says pass."""
    low: int | None
    high: int | None
    pass_ok: bool
    advice: BidAdvice = field(repr=False, compare=False)

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


def bid_range(item: BidQuiz) -> BidRange:
    """The acceptable answers to ``item``, from the bidding advisor (fixed seed and
    :data:`ADVISOR_SAMPLES` deals per trump, so the answer never changes)."""
    o = _outlook(tuple(sorted(item.hand)), item.rule_set)
    minimum = item.auction().min_bid
    advised = o.even if o.even is not None and o.even >= minimum else None
    if o.bold is None or o.bold < minimum:
        low = high = None
    else:
        low = max(minimum, o.sure if o.sure is not None else minimum)
        high = o.bold
        if advised is not None:
            low = min(low, advised)
    pass_ok = advised is None or o.sure is None or o.sure < minimum
    limit = o.advice.limit
    advice = dataclasses.replace(
        o.advice,
        min_bid=minimum,
        recommended=minimum if limit is not None and limit >= minimum else None,
    )
    return BidRange(minimum, advised, low, high, pass_ok, advice)


# ====================================================================== answers


@dataclass(frozen=True)
class Mark:
    """The verdict on one answer: right or wrong, the right answer, the tutor's
    explanation and the rule cases exercised.

    ``readable`` is false when the answer could not be read; then ``right`` is
    false, ``correct`` is empty (the answer is not given away: the learner may
    try again) and ``explanation`` says how to write an answer. Record only
    readable answers in a learner's progress."""

    item_id: str
    kind: QuizKind
    answer: str
    """The answer as typed."""
    right: bool
    correct: str
    """The engine's answer, as text (empty when the answer was unreadable)."""
    explanation: str
    """The tutor's explanation (for a wrong answer, what went wrong first)."""
    rules: tuple[QuizRule, ...]
    readable: bool = True
    detail: object = field(default=None, repr=False, compare=False)
    """The tutor's explanation object (a meld diagnosis, a legal-set or play
    explanation, a contract explanation, the bid range), for a widget to
    highlight cards."""

    @property
    def text(self) -> str:
        """The verdict and the explanation, for display."""
        if not self.readable:
            return self.explanation
        head = "Right!" if self.right else f"Not quite: the answer is {self.correct}."
        return f"{head}\n{self.explanation}"

    def __str__(self) -> str:
        return self.text


def answer_for(item: QuizItem) -> MeldAnswer | tuple[Card, ...] | bool | int | BidRange:
    """The engine's answer to ``item``: the meld total (as a :class:`MeldAnswer`),
    the legal cards, whether the card is legal, the score, or the :class:`BidRange`."""
    if isinstance(item, MeldQuiz):
        return MeldAnswer(explain_meld(item.hand, item.trump, item.rule_set).total)
    if isinstance(item, TrickQuiz):
        if item.card is not None:
            return explain_play(item.hand, item.trick, item.trump, item.card, item.rule_set).legal
        return explain_legal(item.hand, item.trick, item.trump, item.rule_set).legal
    if isinstance(item, ScoreQuiz):
        return _score_value(item)
    return bid_range(item)


def answer_text(item: QuizItem) -> str:
    """The engine's answer to ``item`` as text (what :attr:`Mark.correct` shows)."""
    a = answer_for(item)
    if isinstance(a, MeldAnswer):
        return str(a.total)
    if isinstance(a, bool):
        return "yes" if a else "no"
    if isinstance(a, int):
        return _signed(a)
    if isinstance(a, BidRange):
        return a.text
    return cards_text(sorted(a, key=lambda c: c.order), ", ")


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _score_value(item: ScoreQuiz) -> int:
    s = score_hand(
        item.bid, item.bidder_meld, item.bidder_tricks, item.defender_meld,
        item.defender_tricks, item.rule_set, item.conceded,
    )  # fmt: skip
    return s.bidder if item.ask == "bidders" else s.defender


def check_answer(item: QuizItem, answer_text: str) -> Mark:
    """Mark a learner's typed answer to ``item``. Never raises for any text: an
    unreadable answer gives a mark with ``readable=False`` and a message saying
    how to write it."""
    try:
        parsed = parse_answer(item, answer_text)
    except InvalidAnswerError as e:
        return Mark(item.id, item.kind, str(answer_text), False, "", str(e), item.rules, False)
    if isinstance(item, MeldQuiz):
        assert isinstance(parsed, MeldAnswer)
        return _mark_meld(item, answer_text, parsed)
    if isinstance(item, TrickQuiz):
        if item.card is not None:
            assert isinstance(parsed, bool)
            return _mark_play(item, answer_text, parsed)
        assert isinstance(parsed, tuple)
        return _mark_legal_set(item, answer_text, parsed)
    if isinstance(item, ScoreQuiz):
        assert isinstance(parsed, int)
        return _mark_score(item, answer_text, parsed)
    assert parsed is None or isinstance(parsed, int)
    return _mark_bid(item, answer_text, parsed)


def _mark_meld(item: MeldQuiz, text: str, parsed: MeldAnswer) -> Mark:
    from pinochle_tutor.explain import diagnose_meld

    d = diagnose_meld(item.hand, item.trump, parsed.total, parsed.claims, item.rule_set)
    return Mark(
        item.id, item.kind, text, d.correct, str(d.expected_total), d.text, item.rules, detail=d
    )


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
        item.rules,
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
    correct = cards_text(sorted(legal, key=lambda c: c.order), ", ")
    return Mark(item.id, item.kind, text, right, correct, "\n".join(lines), item.rules, detail=e)


def _mark_score(item: ScoreQuiz, text: str, parsed: int) -> Mark:
    e = explain_contract(
        item.bid, item.bidder_meld, item.bidder_tricks, item.defender_meld,
        item.defender_tricks, item.rule_set, item.conceded,
    )  # fmt: skip
    s = e.score
    value = s.bidder if item.ask == "bidders" else s.defender
    right = parsed == value
    hints: list[str] = []
    if not right:
        if parsed == -value and value:
            hints.append("Check the sign.")
        if item.ask == "bidders":
            if not s.made and parsed == s.bidder_meld + s.bidder_tricks and not s.conceded:
                hints.append(
                    "You added meld and trick points, but the contract was missed: the bidders "
                    "subtract the bid instead."
                )
            if s.made and parsed == s.bid and s.bid != value:
                hints.append(
                    "A made contract scores everything the bidders earned (meld + trick points), "
                    "not the bid."
                )
            if s.set_no_tricks and parsed == -(s.bid - s.bidder_meld):
                hints.append(
                    "Bidders with no trick points lose their meld and subtract the whole bid."
                )
        else:
            if not s.defender_meld_kept and parsed == s.defender_meld + s.defender_tricks:
                hints.append(
                    f"The defenders took fewer than {s.meld_save} trick points, so their meld is lost."
                )
            if s.conceded and parsed != s.defender_meld:
                hints.append("After a concession the defenders score their meld only.")
        if item.rule_set.partnerships:
            whose = f"the {item.ask} score"
        else:
            whose = "the declarer scores" if item.ask == "bidders" else "that defender scores"
        hints.insert(0, f"You gave {_signed(parsed)}; {whose} {_signed(value)}.")
    explanation = " ".join([*hints, e.text])
    return Mark(item.id, item.kind, text, right, _signed(value), explanation, item.rules, detail=e)


def _mark_bid(item: BidQuiz, text: str, call: int | None) -> Mark:
    r = bid_range(item)
    advice = r.advice
    if call is not None:
        verdict = explain_bid(item.auction(), call)
        if not verdict.legal:
            rule = verdict.rule.statement(item.rule_set)
            said = verdict.text if rule in verdict.text else f"{verdict.text} {rule}"
            explanation = f"{said} The advisor's answer: {r.text}. {advice.explanation}"
            return Mark(item.id, item.kind, text, False, r.text, explanation, item.rules, detail=r)
    right = r.accepts(call)
    if right:
        head = "That is within the range the advisor finds acceptable."
    elif call is None:
        head = (
            f"Passing gives up a good hand: the advisor's top bid at even odds is {r.advised}, "
            f"and the lowest bid now is {r.minimum}."
        )
    elif r.low is None or r.high is None:
        head = f"A bid of {call} is more than this hand is worth: the advisor would pass at {r.minimum}."
    elif call < r.low:
        head = f"{call} is too timid: this hand is worth at least {r.low}."
    else:
        head = f"{call} is too bold: the side makes {call} less than {_BOLD:.0%} of the time."
    sims = f"(Simulated {advice.best.deals} deals per trump suit.)"
    explanation = f"{head} The acceptable answer: {r.text}. {advice.explanation} {sims}"
    return Mark(item.id, item.kind, text, right, r.text, explanation, item.rules, detail=r)


# ========================================================================= banks


@dataclass(frozen=True)
class BankProblem:
    """Something wrong in a bank file: the file, the item (id and position, when
    known), the field (when known) and what is wrong."""

    file: str
    item: str | None
    field: str | None
    message: str

    def __str__(self) -> str:
        where = self.file
        if self.item is not None:
            where += f": item {self.item}"
        if self.field is not None:
            where += f", field {self.field!r}"
        return f"{where}: {self.message}"


class _FieldError(PinochleError):
    def __init__(self, field_name: str | None, message: str) -> None:
        super().__init__(message)
        self.field = field_name


_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,79}$")
_COMMON = {"id", "kind", "level", "rules", "rule_set", "title", "expected", "note"}
_FIELDS: dict[QuizKind, set[str]] = {
    QuizKind.MELD: _COMMON | {"hand", "trump"},
    QuizKind.TRICK: _COMMON | {"hand", "trick", "trump", "card"},
    QuizKind.SCORE: _COMMON
    | {
        "bid",
        "bidder_meld",
        "bidder_tricks",
        "defender_meld",
        "defender_tricks",
        "conceded",
        "ask",
    },
    QuizKind.BID: _COMMON | {"hand", "calls", "dealer"},
}


def _req(data: Mapping[str, Any], key: str) -> Any:
    if key not in data:
        raise _FieldError(key, "is missing")
    return data[key]


def _as_str(key: str, value: Any) -> str:
    if not isinstance(value, str):
        raise _FieldError(key, f"must be text, not {value!r}")
    return value


def _as_int(key: str, value: Any, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _FieldError(key, f"must be a whole number, not {value!r}")
    if low is not None and value < low:
        raise _FieldError(key, f"{value} is below {low}")
    if high is not None and value > high:
        raise _FieldError(key, f"{value} is above {high}")
    return value


def _as_cards(key: str, value: Any, rules: RuleSet) -> tuple[Card, ...]:
    if isinstance(value, str):
        text = value
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        text = " ".join(value)
    else:
        raise _FieldError(key, f"must be cards as text such as 'AS 10S KS', not {value!r}")
    try:
        cards = tuple(parse_cards(text))
    except PinochleError as e:
        raise _FieldError(key, str(e)) from None
    for c in cards:
        if c.rank not in rules.ranks:
            raise _FieldError(key, f"{c.text} is not in the {rules.name} deck")
    return cards


def _check_copies(key: str, cards: Sequence[Card], rules: RuleSet) -> None:
    for c in set(cards):
        n = cards.count(c)
        if n > rules.copies:
            raise _FieldError(key, f"{c.text} appears {n} times; the deck has {rules.copies}")


def _as_suit(key: str, value: Any) -> Suit:
    try:
        return parse_suit(_as_str(key, value))
    except PinochleError as e:
        raise _FieldError(key, str(e)) from None


def _as_rules(value: Any) -> tuple[QuizRule, ...]:
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not items:
        raise _FieldError(
            "rules", f"must be a list of rule cases such as ['meld.run'], not {value!r}"
        )
    out = []
    for v in items:
        try:
            out.append(QuizRule.parse(_as_str("rules", v)))
        except _FieldError:
            raise
        except PinochleError as e:
            raise _FieldError("rules", str(e)) from None
    return tuple(dict.fromkeys(out))


def _as_calls(value: Any) -> tuple[int | None, ...]:
    if isinstance(value, str):
        tokens: list[Any] = value.replace(",", " ").split()
    elif isinstance(value, list):
        tokens = list(value)
    else:
        raise _FieldError("calls", f"must be calls such as '250 pass 260', not {value!r}")
    out: list[int | None] = []
    for t in tokens:
        if isinstance(t, str) and t.strip().lower() in ("pass", "p", "-"):
            out.append(None)
            continue
        if (
            isinstance(t, str)
            and t.strip().isascii()
            and t.strip().isdigit()
            and len(t.strip()) <= 6
        ):
            out.append(int(t.strip()))
            continue
        if isinstance(t, int) and not isinstance(t, bool):
            out.append(t)
            continue
        raise _FieldError("calls", f"{t!r} is not a call: write a bid such as 260, or pass")
    return tuple(out)


def _points_step(rules: RuleSet) -> int:
    return functools.reduce(math.gcd, (*rules.counter_points, rules.last_trick_bonus), 0) or 1


def item_from_entry(
    data: Mapping[str, Any], kind: QuizKind | str | None = None, rule_set: RuleSet = CLASSIC
) -> QuizItem:
    """Build one item from a bank entry (a mapping as read from TOML or JSON).

    Raises :class:`PinochleError` whose message names the bad field (its
    ``field`` attribute holds the name, when known)."""
    if not isinstance(data, Mapping):
        raise _FieldError(None, f"an item must be a table of fields, not {data!r}")
    k = QuizKind.parse(kind) if kind is not None and "kind" not in data else None
    if k is None:
        try:
            k = QuizKind.parse(_as_str("kind", _req(data, "kind")))
        except _FieldError:
            raise
        except PinochleError as e:
            raise _FieldError("kind", str(e)) from None
    unknown = sorted(set(data) - _FIELDS[k])
    if unknown:
        raise _FieldError(
            unknown[0],
            f"is not a field of a {k.value} item (fields: {', '.join(sorted(_FIELDS[k]))})",
        )
    item_id = _as_str("id", _req(data, "id"))
    if not _ID_RE.match(item_id):
        raise _FieldError(
            "id", f"{item_id!r} is not a usable id: letters, digits and . _ : - (up to 80)"
        )
    rs = rule_set
    if "rule_set" in data:
        try:
            rs = rules_named(_as_str("rule_set", data["rule_set"]))
        except _FieldError:
            raise
        except PinochleError as e:
            raise _FieldError("rule_set", str(e)) from None
    common: dict[str, Any] = {
        "id": item_id,
        "level": _as_int("level", data.get("level", 1), 1, 3),
        "rule_set": rs,
        "title": _as_str("title", data.get("title", "")),
    }
    if "note" in data:
        _as_str("note", data["note"])
    if "rules" in data:
        common["rules"] = _as_rules(data["rules"])
    declared = common.get("rules", ())
    wrong_kind = [r.value for r in declared if r.kind is not k]
    if wrong_kind:
        raise _FieldError("rules", f"{', '.join(wrong_kind)} belong to another kind of question")
    if k is QuizKind.MELD:
        hand = _as_cards("hand", _req(data, "hand"), rs)
        if not 1 <= len(hand) <= rs.hand_size:
            raise _FieldError("hand", f"holds {len(hand)} cards; a hand has 1 to {rs.hand_size}")
        _check_copies("hand", hand, rs)
        return MeldQuiz(hand=hand, trump=_as_suit("trump", _req(data, "trump")), **common)
    if k is QuizKind.TRICK:
        hand = _as_cards("hand", _req(data, "hand"), rs)
        trick = _as_cards("trick", data.get("trick", ""), rs)
        if not 1 <= len(hand) <= rs.hand_size:
            raise _FieldError("hand", f"holds {len(hand)} cards; a hand has 1 to {rs.hand_size}")
        if len(trick) >= rs.players:
            raise _FieldError(
                "trick",
                f"holds {len(trick)} cards: a trick in progress has fewer than {rs.players}",
            )
        _check_copies("trick", hand + trick, rs)
        card = None
        if "card" in data:
            cards = _as_cards("card", data["card"], rs)
            if len(cards) != 1:
                raise _FieldError("card", "must be one card")
            card = cards[0]
            if card not in hand:
                raise _FieldError("card", f"{card.text} is not in the hand")
        return TrickQuiz(
            hand=hand,
            trick=trick,
            trump=_as_suit("trump", _req(data, "trump")),
            card=card,
            **common,
        )
    if k is QuizKind.SCORE:
        total = rs.total_trick_points
        step = _points_step(rs)
        conceded = data.get("conceded", False)
        if not isinstance(conceded, bool):
            raise _FieldError("conceded", f"must be true or false, not {conceded!r}")
        bid = _as_int("bid", _req(data, "bid"), rs.opening_bid)
        if bid % rs.bid_increment:
            raise _FieldError("bid", f"{bid} is not a multiple of {rs.bid_increment}")
        bidder_meld = _as_int("bidder_meld", _req(data, "bidder_meld"), 0, 10_000)
        defender_meld = _as_int("defender_meld", data.get("defender_meld", 0), 0, 10_000)
        ask = _as_str("ask", data.get("ask", "bidders")).strip().lower()
        if ask not in _ASK_SIDES:
            raise _FieldError("ask", f"{ask!r}: ask 'bidders' or 'defenders'")
        if conceded:
            for key in ("bidder_tricks", "defender_tricks"):
                if data.get(key, 0) != 0:
                    raise _FieldError(key, "no tricks are played after a concession")
            bt = dt = 0
        else:
            bt = _as_int("bidder_tricks", _req(data, "bidder_tricks"), 0, total)
            dt = _as_int("defender_tricks", data.get("defender_tricks", total - bt), 0, total)
            for key, v in (("bidder_tricks", bt), ("defender_tricks", dt)):
                if v % step:
                    raise _FieldError(
                        key, f"{v} cannot be taken: trick points come in steps of {step}"
                    )
            if rs.partnerships and bt + dt != total:
                raise _FieldError(
                    "defender_tricks", f"{bt} + {dt} is not the {total} trick points of a hand"
                )
            if not rs.partnerships and bt + dt > total:
                raise _FieldError(
                    "defender_tricks",
                    f"{bt} + {dt} is more than the {total} trick points of a hand",
                )
        return ScoreQuiz(
            bid=bid, bidder_meld=bidder_meld, bidder_tricks=bt, defender_meld=defender_meld,
            defender_tricks=dt, conceded=conceded, ask=ask, **common,
        )  # fmt: skip
    hand = _as_cards("hand", _req(data, "hand"), rs)
    if len(hand) != rs.hand_size:
        raise _FieldError("hand", f"holds {len(hand)} cards; a {rs.name} hand has {rs.hand_size}")
    _check_copies("hand", hand, rs)
    calls = _as_calls(data.get("calls", []))
    dealer = _as_int("dealer", data.get("dealer", 3), 0, rs.players - 1)
    try:
        a = Auction(dealer, rs)
        for c in calls:
            a.call(c)
    except PinochleError as e:
        raise _FieldError("calls", str(e)) from None
    if a.is_over:
        raise _FieldError("calls", "the auction is already over after these calls")
    return BidQuiz(hand=hand, calls=calls, dealer=dealer, **common)


def item_to_entry(item: QuizItem) -> dict[str, Any]:
    """A bank entry for ``item`` (TOML/JSON-ready; read back by :func:`item_from_entry`).
    It holds the question only, never the answer."""
    out: dict[str, Any] = {"id": item.id, "kind": item.kind.value, "level": item.level}
    out["rules"] = [r.value for r in item.rules]
    if item.rule_set != CLASSIC:
        out["rule_set"] = item.rule_set.name
    if item.title:
        out["title"] = item.title
    if isinstance(item, MeldQuiz):
        out.update(trump=item.trump.letter, hand=_codes(item.hand))
    elif isinstance(item, TrickQuiz):
        out.update(trump=item.trump.letter, hand=_codes(item.hand), trick=_codes(item.trick))
        if item.card is not None:
            out["card"] = item.card.code
    elif isinstance(item, ScoreQuiz):
        out.update(
            bid=item.bid, bidder_meld=item.bidder_meld, bidder_tricks=item.bidder_tricks,
            defender_meld=item.defender_meld, defender_tricks=item.defender_tricks,
        )  # fmt: skip
        if item.conceded:
            out["conceded"] = True
        out["ask"] = item.ask
    else:
        out.update(hand=_codes(item.hand), dealer=item.dealer)
        out["calls"] = " ".join("pass" if c is None else str(c) for c in item.calls)
    return out


def _codes(cards: Iterable[Card]) -> str:
    return " ".join(c.code for c in cards)


def _read_document(path: Path) -> Any:
    text = path.read_text(encoding="utf-8")
    if path.suffix.lower() == ".json":
        return json.loads(text)
    try:
        toml: Any = importlib.import_module("tomllib")
    except ImportError:  # pragma: no cover - Python 3.10 without tomli
        try:
            toml = importlib.import_module("tomli")
        except ImportError:
            raise PinochleError(
                "reading TOML banks needs Python 3.11 or the 'tomli' package"
            ) from None
    return toml.loads(text)


def _load(path: Path) -> tuple[list[QuizItem], list[BankProblem], list[tuple[QuizItem, Any]]]:
    name = path.name
    problems: list[BankProblem] = []
    try:
        doc = _read_document(path)
    except (OSError, UnicodeDecodeError) as e:
        return [], [BankProblem(name, None, None, f"cannot be read: {e}")], []
    except (ValueError, PinochleError) as e:  # TOMLDecodeError and JSONDecodeError are ValueErrors
        return (
            [],
            [BankProblem(name, None, None, f"is not valid {path.suffix[1:].upper()}: {e}")],
            [],
        )
    if isinstance(doc, list):
        doc = {"item": doc}
    if not isinstance(doc, dict):
        return [], [BankProblem(name, None, None, "must hold a table with a list of [[item]]s")], []
    for key in sorted(set(doc) - {"kind", "title", "rule_set", "item", "description"}):
        problems.append(
            BankProblem(name, None, key, "is not a bank setting (kind, title, rule_set, item)")
        )
    kind: QuizKind | None = None
    if "kind" in doc:
        try:
            kind = QuizKind.parse(_as_str("kind", doc["kind"]))
        except PinochleError as e:
            problems.append(BankProblem(name, None, "kind", str(e)))
            return [], problems, []
    rs = CLASSIC
    if "rule_set" in doc:
        try:
            rs = rules_named(_as_str("rule_set", doc["rule_set"]))
        except PinochleError as e:
            problems.append(BankProblem(name, None, "rule_set", str(e)))
            return [], problems, []
    entries = doc.get("item", [])
    if not isinstance(entries, list):
        problems.append(
            BankProblem(name, None, "item", "must be a list of items ([[item]] tables)")
        )
        return [], problems, []
    items: list[QuizItem] = []
    pairs: list[tuple[QuizItem, Any]] = []
    seen: set[str] = set()
    for index, entry in enumerate(entries, 1):
        raw_id = entry.get("id") if isinstance(entry, dict) else None
        label = f"{raw_id!r} (#{index})" if isinstance(raw_id, str) else f"#{index}"
        try:
            item = item_from_entry(entry, kind, rs)
        except _FieldError as e:
            problems.append(BankProblem(name, label, e.field, str(e)))
            continue
        except PinochleError as e:
            problems.append(BankProblem(name, label, None, str(e)))
            continue
        if item.id in seen:
            problems.append(
                BankProblem(name, label, "id", f"{item.id!r} is used by an earlier item")
            )
            continue
        seen.add(item.id)
        items.append(item)
        pairs.append((item, entry.get("expected") if isinstance(entry, dict) else None))
    return items, problems, pairs


def load_bank(path: str | Path) -> tuple[list[QuizItem], list[BankProblem]]:
    """Read a bank file (``.toml`` or ``.json``): the items that are valid, and a
    problem for each one that is not (naming the file, the item and the field).
    Never raises for a bad file."""
    items, problems, _ = _load(Path(path))
    return items, problems


def load_banks(folder: str | Path | None = None) -> tuple[list[QuizItem], list[BankProblem]]:
    """Read every ``*.toml`` and ``*.json`` bank in ``folder`` (default:
    :func:`default_bank_dir`); ids must be unique across the files."""
    root = Path(folder) if folder is not None else default_bank_dir()
    items: list[QuizItem] = []
    problems: list[BankProblem] = []
    owner: dict[str, str] = {}
    paths = sorted(p for p in root.glob("*") if p.suffix.lower() in (".toml", ".json"))
    for path in paths:
        found, trouble = load_bank(path)
        problems += trouble
        for item in found:
            if item.id in owner:
                problems.append(
                    BankProblem(path.name, repr(item.id), "id", f"is also used in {owner[item.id]}")
                )
                continue
            owner[item.id] = path.name
            items.append(item)
    return items, problems


def default_bank_dir() -> Path:
    """The curated banks: ``exercises/banks`` beside the package (a source checkout)."""
    return Path(__file__).resolve().parents[2] / "exercises" / "banks"


def _expected_text(item: QuizItem, expected: Any) -> str:
    if isinstance(expected, bool):
        return "yes" if expected else "no"
    if isinstance(expected, int):
        return str(expected)
    if isinstance(expected, list):
        return ", ".join(str(x) for x in expected)
    return str(expected)


def audit_bank(path: str | Path) -> list[BankProblem]:
    """Every problem :func:`load_bank` finds, and for each valid item: the teacher's
    ``expected`` answer (when given) checked against the engine, and the declared
    ``rules`` checked against the rule cases the engine finds in the position."""
    p = Path(path)
    items, problems, pairs = _load(p)
    del items
    for item, expected in pairs:
        label = repr(item.id)
        found = set(rules_of(item))
        stray = [r.value for r in item.rules if r not in found]
        if stray:
            problems.append(
                BankProblem(p.name, label, "rules", f"the position does not exercise {', '.join(stray)} "
                            f"(it exercises {', '.join(r.value for r in rules_of(item))})")
            )  # fmt: skip
        if expected is None:
            continue
        mark = check_answer(item, _expected_text(item, expected))
        if not mark.readable:
            problems.append(BankProblem(p.name, label, "expected", mark.explanation))
        elif not mark.right:
            problems.append(
                BankProblem(p.name, label, "expected",
                            f"the teacher's answer {expected!r} disagrees with the engine: {mark.correct}")
            )  # fmt: skip
    return problems


# ====================================================================== generators

_POOLS: dict[QuizKind, dict[int, tuple[QuizRule, ...]]] = {
    QuizKind.MELD: {
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
    },
    QuizKind.TRICK: {
        1: (QuizRule.TRICK_LEAD, QuizRule.TRICK_FOLLOW_SUIT, QuizRule.TRICK_TRUMP, QuizRule.TRICK_DISCARD),
        2: (
            QuizRule.TRICK_FOLLOW_SUIT, QuizRule.TRICK_BEAT, QuizRule.TRICK_TRUMP,
            QuizRule.TRICK_OVER_TRUMP, QuizRule.TRICK_DISCARD,
        ),
        3: (
            QuizRule.TRICK_BEAT, QuizRule.TRICK_OVER_TRUMP, QuizRule.TRICK_PARTNER_WINNING,
            QuizRule.TRICK_TRUMPED,
        ),
    },
    QuizKind.SCORE: {
        1: (QuizRule.SCORE_MADE, QuizRule.SCORE_MISSED),
        2: (QuizRule.SCORE_MADE, QuizRule.SCORE_MISSED, QuizRule.SCORE_SET, QuizRule.SCORE_DEFENDERS),
        3: (
            QuizRule.SCORE_SET, QuizRule.SCORE_MELD_SAVE, QuizRule.SCORE_CONCESSION,
            QuizRule.SCORE_DEFENDERS, QuizRule.SCORE_MISSED,
        ),
    },
    QuizKind.BID: {
        1: (QuizRule.BID_OPEN,),
        2: (QuizRule.BID_OPEN, QuizRule.BID_RAISE),
        3: (QuizRule.BID_RAISE, QuizRule.BID_PASS),
    },
}  # fmt: skip

_RUN_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
_AROUND_RULE = {
    QuizRule.MELD_ACES_AROUND: Rank.ACE,
    QuizRule.MELD_KINGS_AROUND: Rank.KING,
    QuizRule.MELD_QUEENS_AROUND: Rank.QUEEN,
    QuizRule.MELD_JACKS_AROUND: Rank.JACK,
}
_QS = Card(Suit.SPADES, Rank.QUEEN)
_JD = Card(Suit.DIAMONDS, Rank.JACK)
_NEEDS_SECOND_COPY = frozenset(
    {
        QuizRule.MELD_DOUBLE_RUN,
        QuizRule.MELD_RUN_ROYAL,
        QuizRule.MELD_RUN_LONE_EXTRA,
        QuizRule.MELD_DOUBLE_AROUND,
        QuizRule.MELD_DOUBLE_PINOCHLE,
        QuizRule.MELD_INCOMPLETE_DOUBLE,
    }
)


def rule_applies(rule: QuizRule | str, rules: RuleSet = CLASSIC) -> bool:
    """Whether the rule case can come up at all under ``rules``. It cannot when
    the deck has no 9s or the dix earns nothing (``meld.dix``, e.g. double deck),
    when the deck has one copy of each card (the doubles, ``meld.run_royal``,
    ``meld.run_lone_extra``), when nobody has a partner (``trick.partner_winning``,
    three-handed), or when meld is kept without trick points (``score.meld_save``).
    :func:`generate` skips such cases."""
    r = QuizRule.parse(rule)
    if r is QuizRule.MELD_DIX:
        return rules.has_nines and rules.meld_table.dix > 0
    if r in _NEEDS_SECOND_COPY:
        return rules.copies >= 2
    if r is QuizRule.TRICK_PARTNER_WINNING:
        return rules.partnerships and rules.players == 4
    if r is QuizRule.SCORE_MELD_SAVE:
        return rules.meld_save > 0
    return True


@functools.lru_cache(maxsize=16)
def _deck(rules: RuleSet) -> tuple[Card, ...]:
    """Every card of the deck of ``rules`` (each as many times as the deck holds it)."""
    return tuple(c for c in all_cards() if c.rank in rules.ranks for _ in range(rules.copies))


def _copies(rng: random.Random, rules: RuleSet) -> int:
    """How many complete sets a double (or triple, quadruple) meld uses."""
    return 2 if rules.copies <= 2 else rng.randint(2, rules.copies)


def _take(pool: list[Card], cards: Iterable[Card]) -> list[Card]:
    taken = []
    for c in cards:
        pool.remove(c)
        taken.append(c)
    return taken


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
    pool = list(_deck(rules))
    hand = _take(pool, _meld_core(rng, target, t, rules))
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
    return MeldQuiz(
        id="", hand=tuple(hand), trump=t, level=level, rules=(QuizRule.MELD_NONE,), rule_set=rules
    )


def _build_trick(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> TrickQuiz:
    t = rng.choice(list(Suit))
    size = {1: rng.randint(4, 6), 2: rng.randint(6, 9), 3: rng.randint(8, 12)}[level]
    size = min(size, rules.hand_size)
    most = rules.players - 1  # cards already played when the learner is last to play
    pool = list(_deck(rules))
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
        trick = _take(pool, [led])
        while len(trick) < n:
            must_trump = target in (QuizRule.TRICK_TRUMPED, QuizRule.TRICK_OVER_TRUMP)
            if must_trump and len(trick) == n - 1 and all(c.suit != t for c in trick):
                nxt = next(c for c in pool if c.suit == t)
            elif rng.random() < 0.5:
                nxt = next(c for c in pool if c.suit == led_suit)
            else:
                nxt = pool[0]
            trick += _take(pool, [nxt])
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
        rules=(target,),
        rule_set=rules,
    )


def _meld_step(rules: RuleSet) -> int:
    """Meld totals come in multiples of this (10 classic, 2 double deck)."""
    mt = rules.meld_table
    return functools.reduce(math.gcd, (mt.royal_marriage, mt.marriage, mt.dix), 0) or 1


def _scaled(value: int, rules: RuleSet, step: int) -> int:
    """A classic number of points on the scale of ``rules`` (a multiple of ``step``)."""
    raw = value * rules.total_trick_points / CLASSIC.total_trick_points
    return max(step, round(raw / step) * step)


def _build_score(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> ScoreQuiz:
    # The classic numbers (bids 250-500, meld up to 300, 250 trick points in steps
    # of 10) scaled to the rule set: double deck bids 50-100, 50 trick points in
    # steps of 1. Without partnerships the "defenders" are one defender of two.
    total = rules.total_trick_points
    u = _points_step(rules)
    inc, opening = rules.bid_increment, rules.opening_bid
    ms = _meld_step(rules)
    top = opening + _scaled(100 if level == 1 else 250, rules, inc)
    bid = rng.randrange(opening, top + 1, inc)
    if level > 1:
        meld = rng.randrange(0, _scaled(310, rules, ms), ms)
    else:
        meld = rng.randrange(_scaled(40, rules, ms), _scaled(250, rules, ms), ms)
    low_meld = _scaled(20, rules, ms)
    d_meld = 0 if rng.random() < 0.25 else rng.randrange(low_meld, _scaled(250, rules, ms), ms)
    ask = "bidders"
    if target is QuizRule.SCORE_DEFENDERS or (level == 3 and rng.random() < 0.3):
        ask = "defenders"
    conceded = False
    if target is QuizRule.SCORE_MADE:
        lo = max(u, bid - meld)
        bt = rng.randrange(lo - lo % u, total + 1, u) if lo <= total else total
    elif target is QuizRule.SCORE_MISSED:
        hi = min(total, bid - meld - u)
        bt = rng.randrange(u, hi + 1, u) if hi >= u else u
    elif target is QuizRule.SCORE_SET:
        bt = 0
    elif target is QuizRule.SCORE_MELD_SAVE:
        if rng.random() < 0.5:
            bt, ask, d_meld = total, "defenders", max(d_meld, low_meld)
        else:
            bt, ask, meld = 0, "bidders", max(meld, low_meld)
    elif target is QuizRule.SCORE_CONCESSION:
        bt, conceded = 0, True
    else:
        bt = rng.randrange(0, total + 1, u)
    if conceded:
        dt = 0
    elif rules.partnerships:
        dt = total - bt
    else:  # one defender's share of what the declarer did not take
        dt = rng.randrange(0, total - bt + 1, u)
    return ScoreQuiz(
        id="", bid=bid, bidder_meld=meld, bidder_tricks=bt, defender_meld=d_meld,
        defender_tricks=dt, conceded=conceded, ask=ask, level=level, rules=(target,),
        rule_set=rules,
    )  # fmt: skip


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


def _build_bid(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> BidQuiz:
    pool = list(_deck(rules))
    rng.shuffle(pool)
    hand = tuple(sorted(pool[: rules.hand_size], key=lambda c: c.order))
    o = _outlook(tuple(sorted(hand)), rules)
    opening, inc = rules.opening_bid, rules.bid_increment
    jump = _scaled(10, rules, inc)  # how far past the hand's worth a "pass" auction goes
    calls: tuple[int | None, ...] = ()
    if target is QuizRule.BID_OPEN:
        # Everyone but the dealer passing ends the auction: at most players - 2 passes.
        calls = tuple([None] * rng.randint(0, 0 if level == 1 else min(2, rules.players - 2)))
    elif target is QuizRule.BID_RAISE and o.even is not None and o.even >= opening + inc:
        worth = o.sure if o.sure is not None and o.sure >= opening + inc else o.even
        calls = _prior_calls(rng, rng.randrange(opening, worth, inc), level, rules)
    elif target is QuizRule.BID_PASS:
        worth = max(o.even or opening, o.bold or opening)
        calls = _prior_calls(rng, worth + jump * rng.randint(0, 4), level, rules)
    dealer = (-len(calls) - 1) % rules.players
    return BidQuiz(
        id="", hand=hand, calls=calls, dealer=dealer, level=level, rules=(target,), rule_set=rules
    )


_BUILDERS: dict[QuizKind, Any] = {
    QuizKind.MELD: _build_meld,
    QuizKind.TRICK: _build_trick,
    QuizKind.SCORE: _build_score,
    QuizKind.BID: _build_bid,
}


def _rules_tag(rules: RuleSet) -> str:
    """A short, stable name for ``rules`` in generated ids (empty for classic)."""
    if rules == CLASSIC:
        return ""
    if PRESETS.get(rules.name) == rules:
        return rules.name
    settings = json.dumps(rules.settings(), sort_keys=True)
    return f"{rules.name}-{hashlib.sha256(settings.encode()).hexdigest()[:8]}"


def generate(
    kind: QuizKind | str,
    seed: int,
    level: int = 1,
    focus_rules: Iterable[QuizRule | str] = (),
    rules: RuleSet | str = CLASSIC,
) -> QuizItem:
    """A fresh item of ``kind`` under ``rules`` (a :class:`RuleSet` or a preset
    name; classic by default), the same for the same arguments.

    ``level`` (1-3) picks the rule cases and the size of the position; with
    ``focus_rules`` (e.g. :meth:`Progress.weak_rules <pinochle_tutor.course.progress.Progress.weak_rules>`)
    the item exercises one of those rule cases instead (those of other kinds are
    ignored). The item's ``rules`` are the cases the engine finds in it, and its
    ``rule_set`` is ``rules``.

    Items follow the rule set: meld hands are dealt from its deck (double deck:
    hands of 20 without 9s, with triple and quadruple melds; three-handed: 15),
    tricks have fewer cards than it has players, scores are on its scale (double
    deck: 50 trick points, bids from 50 by 1; three-handed: the declarer against
    one defender at a time) and bids follow its auction. Rule cases that cannot
    occur under ``rules`` (see :func:`rule_applies`: the dix in double deck, a
    partner winning the trick three-handed) are skipped, both from the level's
    cases and from ``focus_rules``."""
    k = QuizKind.parse(kind)
    if isinstance(level, bool) or level not in (1, 2, 3):
        raise PinochleError(f"level={level!r}: levels are 1, 2 and 3")
    rs = rules_named(rules) if isinstance(rules, str) else rules
    if not isinstance(rs, RuleSet):
        raise PinochleError(f"rules={rules!r}: give a RuleSet or a preset name such as 'classic'")
    focus = [
        r for r in (QuizRule.parse(f) for f in focus_rules) if r.kind is k and rule_applies(r, rs)
    ]
    tag = _rules_tag(rs)
    key = f"{k.value}:{level}:{seed}:{','.join(sorted(r.value for r in focus))}"
    rng = random.Random(f"{key}:{tag}" if tag else key)
    pool = [r for r in _POOLS[k][level] if rule_applies(r, rs)]
    target = rng.choice(focus or pool)
    builder = _BUILDERS[k]
    item: QuizItem = builder(rng, level, target, rs)
    for _ in range(300):
        if target in rules_of(item):
            break
        item = builder(rng, level, target, rs)
    item_id = f"gen-{k.value}-{level}-{seed}-{target.value.split('.', 1)[1]}"
    if tag:
        item_id += f".{tag}"
    return dataclasses.replace(item, id=item_id, rules=rules_of(item))
