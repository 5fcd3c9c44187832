"""Quiz items: questions as plain frozen values, never their answers.

Ten kinds of question, each a small frozen dataclass that holds the question
only (a hand, a trick, a contract, ...):

* :class:`MeldQuiz` - "Hearts are trump: how much meld does this hand hold?"
* :class:`TrickQuiz` - "Which cards may you play?" or, with a ``card``, "Is this
  play legal?"
* :class:`ScoreQuiz` - "Bid 320, meld 180, 130 captured: what do the bidders score?"
* :class:`BidQuiz` - "What is the most you would bid with this hand?" (or pass)
* :class:`WinnerQuiz` - "Who wins this trick?"
* :class:`CountersQuiz` - "How many trick points are these cards worth?"
* :class:`CallQuiz` - "Seat 2 bids 255 now: is this call legal?"
* :class:`PlayQuiz` - "Which card would you play?" (graded by the coach)
* :class:`PassQuiz` - "Which 4 cards would you pass (return, discard)?"
* :class:`GameQuiz` - "After this hand, who has won the game?"

Building an item is cheap: it reads friendly inputs (card texts, a suit letter,
a preset name) and nothing else. Its ``rules`` are the rule cases a teacher or a
generator declared; ``()`` means "not declared", and the rule cases are then
found by the engine when the answer is checked
(:func:`~pinochle_tutor.course.quiz.rule_cases.rules_for`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeAlias, Union

from pinochle_tutor.auction import Auction
from pinochle_tutor.cards import Card, CardLike, Suit, cards_text, parse_cards, parse_suit
from pinochle_tutor.course.lesson_facts import worked_contract
from pinochle_tutor.course.quiz.play import play_prompt
from pinochle_tutor.course.quiz.vocabulary import QuizKind, QuizRule
from pinochle_tutor.explain.game_end import side_label
from pinochle_tutor.explain.trick_result import ordinal
from pinochle_tutor.rules import CLASSIC, PRESETS, RuleSet, rules_named
from pinochle_tutor.tricks import trick_winner

__all__ = [
    "ASK_SIDES",
    "BidQuiz",
    "CallQuiz",
    "CountersQuiz",
    "GameQuiz",
    "MeldQuiz",
    "PassQuiz",
    "PlayQuiz",
    "QuizItem",
    "ScoreQuiz",
    "TrickQuiz",
    "WinnerQuiz",
    "rules_label",
    "trick_point_step",
]

ASK_SIDES = ("bidders", "defenders")
"""The sides a :class:`ScoreQuiz` may ask about."""


def _store(item: object, name: str, value: object) -> None:
    """Replace a field of a frozen item with its normalised value (in ``__post_init__`` only)."""
    object.__setattr__(item, name, value)


def _cards(value: Iterable[CardLike] | str) -> tuple[Card, ...]:
    return tuple(parse_cards(value))


@dataclass(frozen=True, kw_only=True)
class _Item:
    id: str
    """A stable identifier (progress is recorded against it)."""
    level: int = 1
    """1 (first steps), 2 (practice) or 3 (tricky cases)."""
    rules: tuple[QuizRule, ...] = ()
    """The rule cases the item exercises, as declared by a teacher or a generator;
    ``()`` when not declared (the engine then finds them when the answer is checked)."""
    rule_set: RuleSet = CLASSIC
    """The version of the game the question is asked in (a :class:`RuleSet`, or a
    preset name such as ``"double_deck"``); the answer is computed under it."""
    title: str = ""
    """An optional heading a teacher gives the question."""

    def __post_init__(self) -> None:
        # Friendly inputs only (a preset name, rule-case texts); the engine is not asked.
        if isinstance(self.rule_set, str):
            _store(self, "rule_set", rules_named(self.rule_set))
        _store(self, "rules", tuple(QuizRule.parse(r) for r in self.rules))

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


def trick_point_step(rules: RuleSet) -> int:
    """Trick points are taken in multiples of this (10 classic, 1 double deck)."""
    return functools.reduce(math.gcd, (*rules.counter_points, rules.last_trick_bonus), 0) or 1


@dataclass(frozen=True, kw_only=True)
class MeldQuiz(_Item):
    """How much meld does ``hand`` hold with ``trump`` as trump?"""

    hand: tuple[Card, ...]
    trump: Suit

    kind = QuizKind.MELD

    def __post_init__(self) -> None:
        super().__post_init__()
        _store(self, "hand", _cards(self.hand))
        _store(self, "trump", parse_suit(self.trump))

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

    def __post_init__(self) -> None:
        super().__post_init__()
        _store(self, "hand", _cards(self.hand))
        _store(self, "trick", _cards(self.trick))
        _store(self, "trump", parse_suit(self.trump))
        if isinstance(self.card, str):
            _store(self, "card", parse_cards(self.card)[0])

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
        # The format hint uses the rules text's example on the scale in force (+340 or -320).
        ex = worked_contract(self.rule_set)
        tail = f"(e.g. +{ex.made_score} or {ex.short_score})"
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

    def __post_init__(self) -> None:
        super().__post_init__()
        _store(self, "hand", _cards(self.hand))
        _store(self, "calls", tuple(self.calls))

    def auction(self) -> Auction:
        """A fresh auction with ``calls`` made (raises
        :class:`~pinochle_tutor.errors.IllegalBidError` if they are illegal)."""
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


@dataclass(frozen=True, kw_only=True)
class WinnerQuiz(_Item):
    """Which card wins the complete ``trick`` (one card from each player, led card
    first) with ``trump``? The answer is the card's position (1 for the led card)
    or the card itself when it was played once."""

    trick: tuple[Card, ...]
    trump: Suit

    kind = QuizKind.WINNER

    def __post_init__(self) -> None:
        super().__post_init__()
        _store(self, "trick", _cards(self.trick))
        _store(self, "trump", parse_suit(self.trump))

    @property
    def prompt(self) -> str:
        """The question in words."""
        played = ", ".join(
            f"{ordinal(i + 1)} {c.text}{' (led)' if i == 0 else ''}" for i, c in enumerate(self.trick)
        )
        return (
            f"{self._rules_prefix}{self.trump.plural.capitalize()} are trump. The trick, in the "
            f"order played: {played}. Which card wins the trick? "
            f"(its place, 1 to {len(self.trick)}, or the card)"
        )


@dataclass(frozen=True, kw_only=True)
class CountersQuiz(_Item):
    """How many trick points are ``cards`` worth under the rules in force? With
    ``last_trick``, they are the last trick of the hand (its bonus counts)."""

    cards: tuple[Card, ...]
    last_trick: bool = False
    """The cards are (or include) the last trick of the hand."""

    kind = QuizKind.COUNTERS

    def __post_init__(self) -> None:
        super().__post_init__()
        _store(self, "cards", _cards(self.cards))
        _store(self, "last_trick", bool(self.last_trick))

    @property
    def is_trick(self) -> bool:
        """Whether the cards are one trick (one card per player), not a pile of tricks."""
        return len(self.cards) == self.rule_set.players

    @property
    def prompt(self) -> str:
        """The question in words."""
        if self.is_trick:
            what = "This trick" + (", the last of the hand," if self.last_trick else "")
            head = f"{what} holds {cards_text(self.cards)}."
        else:
            who = "Your side" if self.rule_set.partnerships else "You"
            head = f"{who} took these cards in tricks: {cards_text(self.cards)}."
            if self.last_trick:
                head += " They include the last trick of the hand."
        return f"{self._rules_prefix}{head} How many trick points are they worth?"


@dataclass(frozen=True, kw_only=True)
class CallQuiz(_Item):
    """Is ``call`` (a bid, or ``None`` for a pass) by ``seat`` legal after ``calls``
    (the auction so far from the dealer's left)? ``seat`` is the seat to act by
    default; it may also be a seat that has already passed."""

    calls: tuple[int | None, ...] = ()
    dealer: int = 3
    call: int | None = None
    """The call asked about: a bid, or ``None`` for a pass."""
    seat: int | None = None
    """Who makes the call (``None``: the seat whose turn it is)."""

    kind = QuizKind.CALL

    def __post_init__(self) -> None:
        super().__post_init__()
        _store(self, "calls", tuple(self.calls))

    def auction(self) -> Auction:
        """A fresh auction with ``calls`` made (raises
        :class:`~pinochle_tutor.errors.IllegalBidError` if they are illegal)."""
        a = Auction(self.dealer, self.rule_set)
        for c in self.calls:
            a.call(c)
        return a

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
        parts = [f"seat {s} {'passed' if amount is None else f'bid {amount}'}" for s, amount in a.history]
        so_far = ("Calls so far: " + ", ".join(parts) + ".") if parts else "Nobody has called yet."
        call = "passes" if self.call is None else f"bids {self.call}"
        return (
            f"{self._rules_prefix}Seat {self.dealer} dealt. {so_far} "
            f"Now seat {self.caller} {call}. Is this call legal? (yes or no)"
        )


@dataclass(frozen=True, kw_only=True)
class PlayQuiz(_Item):
    """Which card would you play? The position comes from a seeded deal
    (``deal_seed``, ``dealer``) played by the heuristic players through the auction,
    the exchange and ``cards_played`` cards of trick play; the learner is the seat to
    play next. The coach grades the answer (:mod:`.play`)."""

    deal_seed: int
    dealer: int = 0
    cards_played: int = 0
    """Cards played in trick play before the question (0: the declarer's first lead)."""

    kind = QuizKind.PLAY

    @property
    def prompt(self) -> str:
        """The question in words (built from the position; see :mod:`.play`)."""
        return f"{self._rules_prefix}{play_prompt(self)}"


@dataclass(frozen=True, kw_only=True)
class PassQuiz(_Item):
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
        _store(self, "hand", _cards(self.hand))
        _store(self, "received", _cards(self.received))
        _store(self, "trump", parse_suit(self.trump))

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


@dataclass(frozen=True, kw_only=True)
class GameQuiz(_Item):
    """Who has won the game? The running scores ``before`` a hand (one per side, the
    learner's side first), the hand's score ``changes`` and the ``bidders``' side."""

    before: tuple[int, ...]
    changes: tuple[int, ...]
    bidders: int = 0

    kind = QuizKind.GAME

    def __post_init__(self) -> None:
        super().__post_init__()
        _store(self, "before", tuple(self.before))
        _store(self, "changes", tuple(self.changes))

    @property
    def prompt(self) -> str:
        """The question in words."""
        r = self.rule_set
        had = ", ".join(f"{side_label(s, r)} {v}" for s, v in enumerate(self.before))
        scored = ", ".join(
            f"{side_label(s, r)} {'+' if c > 0 else ''}{c}" for s, c in enumerate(self.changes)
        )
        who = side_label(self.bidders, r)
        bid = f"{who.capitalize()} {'were' if r.partnerships or who == 'you' else 'was'} the "
        bid += "bidders." if r.partnerships else "declarer."
        return (
            f"{self._rules_prefix}The game is played to {r.target}. Before this hand: {had}. "
            f"{bid} This hand scored: {scored}. Who has won the game? (or: nobody yet)"
        )


QuizItem: TypeAlias = Union[  # noqa: UP007 (runtime alias on 3.10)
    MeldQuiz, TrickQuiz, ScoreQuiz, BidQuiz, WinnerQuiz, CountersQuiz, CallQuiz, PlayQuiz,
    PassQuiz, GameQuiz,
]
"""Any quiz item."""
