"""The tutor: why a card, a meld, a score or a bid is what it is.

Every explanation here is data first and text second. Each is a small frozen
dataclass holding the rule involved (an enum), the cards that prove it (tuples
of :class:`~pinochle_tutor.cards.Card`, for a widget to highlight) and the
numbers involved; its ``text`` property (and ``str()``) reads it out in plain
English for a beginner.

The tutor never decides a rule on its own. It asks the engine
(:func:`~pinochle_tutor.tricks.check_play`, :func:`~pinochle_tutor.meld.meld`,
:func:`~pinochle_tutor.scoring.score_hand`, :class:`~pinochle_tutor.auction.Auction`)
and explains the answer:

* :func:`explain_play` - may this card be played to this trick, and which rule says so.
* :func:`explain_legal` - every card of a hand, grouped by the rule that admits or forbids it.
* :func:`explain_meld` - a meld breakdown with the notes a beginner needs (a card in
  several categories, the K and Q inside a run, doubles replacing singles, ...).
* :func:`diagnose_meld` - what went wrong in a learner's meld count.
* :func:`explain_contract` - did the bidders make their contract, and what each side scores.
* :func:`explain_bid`, :func:`explain_pass`, :func:`explain_call` - auction calls.
* :func:`review_hand` - a played hand, trick by trick, with the learner's refused cards.

>>> print(explain_play("KC 9C AH", ["KC"], "H", "AH").rule.label)
rule 1 (follow suit)
>>> explain_contract(320, 180, 160, 0, 90).bidder_change
340
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, TypeAlias

from pinochle_tutor._hands import as_cards
from pinochle_tutor.auction import Auction, AuctionProblem, BidVerdict
from pinochle_tutor.cards import Card, CardLike, Rank, Suit, SuitLike, parse_suit, sort_hand
from pinochle_tutor.errors import IllegalBidError, PinochleError
from pinochle_tutor.meld import MeldItem, MeldKind, MeldReport, meld
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.scoring import HandScore, score_hand
from pinochle_tutor.tricks import PlayVerdict, TrickRule, check_play, legal_plays, trick_winner

if TYPE_CHECKING:
    from pinochle_tutor.game import Hand

__all__ = [
    "AttemptReview",
    "AuctionRule",
    "BidExplanation",
    "CardGroup",
    "ClaimLike",
    "ClaimedLine",
    "ContractExplanation",
    "ContractOutcome",
    "HandReview",
    "InvalidClaimError",
    "InvalidPositionError",
    "LegalSetExplanation",
    "MeldDiagnosis",
    "MeldExplanation",
    "MeldMistake",
    "MeldMistakeKind",
    "MeldNote",
    "MeldNoteKind",
    "MeldRule",
    "PlayExplanation",
    "TrickReview",
    "diagnose_meld",
    "explain_bid",
    "explain_call",
    "explain_contract",
    "explain_legal",
    "explain_meld",
    "explain_pass",
    "explain_play",
    "parse_claim",
    "review_hand",
]


class InvalidClaimError(PinochleError):
    """A learner's meld answer (a total or a claimed meld line) could not be read."""


class InvalidPositionError(PinochleError):
    """A trick position that cannot be explained (e.g. a trick that is already complete)."""


# ---------------------------------------------------------------------------- helpers


def _names(cards: Sequence[Card]) -> str:
    """``'A♠'``, ``'A♠ and 10♠'``, ``'A♠, 10♠ and K♠'``."""
    texts = [c.text for c in cards]
    if len(texts) <= 2:
        return " and ".join(texts)
    return ", ".join(texts[:-1]) + " and " + texts[-1]


def _words(items: Sequence[str]) -> str:
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _distinct(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Distinct cards in display order (suit, then highest rank first)."""
    return tuple(sort_hand(set(cards)))


def _a(name: str) -> str:
    """``'a royal marriage'``, ``'an ...'``; plural meld names (``'aces around'``) take no article."""
    if name.endswith("around"):
        return name
    return ("an " if name[:1] in "aeiou" else "a ") + name


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


# ================================================================ 1. one card to a trick


@dataclass(frozen=True)
class PlayExplanation:
    """Why one card may or may not be played to a trick: the engine's verdict,
    with the position it was given in.

    ``rule`` is the trick rule that decides (rules 1-4, the lead, or "not in your
    hand"); ``cards`` are the cards that prove it, for a widget to highlight."""

    verdict: PlayVerdict
    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    """The cards already played to the trick, led card first."""
    trump: Suit

    @property
    def card(self) -> Card:
        """The card the player wants to play."""
        return self.verdict.card

    @property
    def legal(self) -> bool:
        """Whether the card may be played."""
        return self.verdict.legal

    @property
    def rule(self) -> TrickRule:
        """The rule that decides."""
        return self.verdict.rule

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards that prove the verdict (the led-suit cards you hold, the card
        that beats the winning one and the winning card, ...)."""
        return self.verdict.cards

    @property
    def partner_winning(self) -> bool:
        """Whether the player's partner was winning the trick (the rules apply all the same)."""
        return self.verdict.partner_winning

    @property
    def led(self) -> Card | None:
        """The led card (``None`` when this card would lead)."""
        return self.trick[0] if self.trick else None

    @property
    def winning(self) -> Card | None:
        """The card winning the trick so far (``None`` when leading)."""
        if not self.trick:
            return None
        return self.trick[trick_winner(self.trick, self.trump)]

    @property
    def context(self) -> str:
        """The position in one sentence: trump, the trick so far, the winning card."""
        trump = f"{self.trump.plural.capitalize()} are trump."
        if not self.trick:
            return f"{trump} You are leading the trick."
        win = self.winning
        assert win is not None
        whose = " (your partner's card)" if self.partner_winning else ""
        return f"{trump} Trick so far: {' '.join(c.text for c in self.trick)}; {win.text} is winning{whose}."

    @property
    def text(self) -> str:
        """The verdict in plain words."""
        return self.verdict.reason

    def __str__(self) -> str:
        return self.text


def _check_position(trick: Sequence[Card], rules: RuleSet) -> None:
    if len(trick) >= rules.players:
        raise InvalidPositionError(
            f"the trick {' '.join(c.text for c in trick)!r} already holds {len(trick)} cards: "
            f"a trick has one card from each of the {rules.players} players"
        )


def explain_play(
    hand: Sequence[CardLike] | str,
    trick: Sequence[CardLike] | str,
    trump: SuitLike,
    card: CardLike,
    rules: RuleSet = CLASSIC,
) -> PlayExplanation:
    """Whether ``card`` may be played from ``hand`` to ``trick`` (led card first),
    and which rule decides it: follow suit (rule 1), beat the winning card
    (rule 2), trump and over-trump (rule 3), discard (rule 4), the lead, or "you
    do not hold that card". The rules apply even when your partner is winning.

    >>> explain_play("KC 9C AH", ["AC", "KC"], "H", "AH").text.startswith("Clubs were led")
    True
    """
    h = tuple(as_cards(hand))
    t = tuple(as_cards(trick))
    _check_position(t, rules)
    suit = parse_suit(trump)
    return PlayExplanation(check_play(h, t, suit, card, rules), h, t, suit)


# ============================================================= 2. the whole legal set


@dataclass(frozen=True)
class CardGroup:
    """Cards of a hand that one trick rule admits (``legal``) or forbids."""

    rule: TrickRule
    legal: bool
    cards: tuple[Card, ...]
    """The cards in this group, in display order."""
    proof: tuple[Card, ...]
    """Other cards that prove the rule applies (the winning card, the led-suit
    cards or the higher trumps you hold)."""
    led_suit: Suit | None
    trump: Suit
    winning: Card | None
    partner_winning: bool = False

    @property
    def text(self) -> str:
        """One sentence for the group."""
        cards = _names(self.cards)
        led = self.led_suit
        win = self.winning
        even = " - even though your partner is winning" if self.partner_winning else ""
        r = self.rule
        if r is TrickRule.LEAD:
            return f"You lead, so any card may be played: {cards}."
        if r is TrickRule.NOT_IN_HAND:  # pragma: no cover - never grouped (only held cards are)
            return f"You do not hold {cards}."
        assert led is not None and win is not None
        if self.legal:
            if r is TrickRule.FOLLOW_SUIT:
                if win.suit != led:
                    return (
                        f"{cards}: you follow suit (rule 1); the trick has been trumped with "
                        f"{win.text}, so any {led.singular} will do."
                    )
                return (
                    f"{cards}: you follow suit (rule 1); none of your {led.plural} beats "
                    f"{win.text}, so any {led.singular} will do."
                )
            if r is TrickRule.BEAT:
                return f"{cards}: you follow suit and beat the winning {win.text} (rule 2)."
            if r is TrickRule.TRUMP:
                if win.suit == self.trump and any(c.rank > win.rank for c in self.cards):
                    return f"{cards}: you have no {led.plural}, so you trump and over-trump {win.text} (rule 3)."
                if win.suit == self.trump:
                    return (
                        f"{cards}: you have no {led.plural} and no trump that beats {win.text}, "
                        "so any trump will do (rule 3)."
                    )
                return f"{cards}: you have no {led.plural}, so you must trump (rule 3)."
            return f"{cards}: you have neither {led.plural} nor trump, so you may discard any card (rule 4)."
        proof = _names(self.proof)
        if r is TrickRule.FOLLOW_SUIT:
            return (
                f"Not {cards}: {led.plural} were led and you hold {proof}, "
                f"so you must follow suit (rule 1){even}."
            )
        if r is TrickRule.BEAT:
            higher = [c for c in self.proof if c != win] or list(self.proof)
            return (
                f"Not {cards}: you hold {_names(higher)}, which can beat the winning {win.text}, "
                f"so rule 2 says you must beat it{even}."
            )
        off = [c for c in self.cards if c.suit != self.trump]
        low = [c for c in self.cards if c.suit == self.trump]
        parts = []
        if off:
            parts.append(
                f"Not {_names(off)}: you have no {led.plural} but hold trump, "
                f"so you must play a {self.trump.singular} (rule 3){even}."
            )
        if low:
            higher = [c for c in self.proof if c.suit == self.trump and c != win]
            parts.append(
                f"Not {_names(low)}: you hold {_names(higher)}, which over-trumps the {win.text} "
                f"already played, so you must over-trump (rule 3){even}."
            )
        return " ".join(parts)

    def __str__(self) -> str:
        return self.text


_GROUP_ORDER = (
    TrickRule.LEAD,
    TrickRule.FOLLOW_SUIT,
    TrickRule.BEAT,
    TrickRule.TRUMP,
    TrickRule.DISCARD,
    TrickRule.NOT_IN_HAND,
)


@dataclass(frozen=True)
class LegalSetExplanation:
    """Every distinct card of a hand, legal or not, grouped by the rule that
    admits or forbids it. ``legal`` agrees exactly with
    :func:`~pinochle_tutor.tricks.legal_plays`."""

    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    trump: Suit
    verdicts: tuple[PlayVerdict, ...]
    """One verdict per distinct card held, in index order."""
    legal_groups: tuple[CardGroup, ...]
    illegal_groups: tuple[CardGroup, ...]

    @property
    def legal(self) -> tuple[Card, ...]:
        """The legal cards, in the order :func:`legal_plays` gives them (index order)."""
        return tuple(v.card for v in self.verdicts if v.legal)

    @property
    def illegal(self) -> tuple[Card, ...]:
        """The cards held that may not be played now (index order)."""
        return tuple(v.card for v in self.verdicts if not v.legal)

    @property
    def partner_winning(self) -> bool:
        """Whether the player's partner is winning the trick."""
        return any(v.partner_winning for v in self.verdicts)

    def group_of(self, card: Card) -> CardGroup | None:
        """The group holding ``card`` (``None`` if it is not in the hand)."""
        for g in (*self.legal_groups, *self.illegal_groups):
            if card in g.cards:
                return g
        return None

    @property
    def text(self) -> str:
        """The legal cards and the forbidden ones, a line per group."""
        lines = [f"You may play {_names(sort_hand(self.legal))}."]
        lines += [g.text for g in self.legal_groups]
        lines += [g.text for g in self.illegal_groups]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text


def explain_legal(
    hand: Sequence[CardLike] | str,
    trick: Sequence[CardLike] | str,
    trump: SuitLike,
    rules: RuleSet = CLASSIC,
) -> LegalSetExplanation:
    """The legal plays of ``hand`` to ``trick``, grouped by the trick rule that
    admits them (the lead, rule 1 follow suit, rule 2 beat, rule 3 trump, rule 4
    discard), and the other cards grouped by the rule that forbids them."""
    h = tuple(as_cards(hand))
    t = tuple(as_cards(trick))
    _check_position(t, rules)
    suit = parse_suit(trump)
    distinct = sorted(set(h))
    verdicts = tuple(check_play(h, t, suit, c, rules) for c in distinct)
    engine = legal_plays(h, t, suit, rules)
    agreed = [v.card for v in verdicts if v.legal]
    if agreed != engine:  # pragma: no cover - a disagreement is an engine bug
        raise PinochleError(
            f"check_play and legal_plays disagree for hand {' '.join(c.text for c in h)!r}, "
            f"trick {' '.join(c.text for c in t)!r}: {agreed} vs {engine}"
        )
    led = t[0].suit if t else None
    win = t[trick_winner(t, suit)] if t else None
    groups: list[CardGroup] = []
    for legal in (True, False):
        for rule in _GROUP_ORDER:
            members = [v for v in verdicts if v.legal is legal and v.rule is rule]
            if not members:
                continue
            cards = tuple(sort_hand(v.card for v in members))
            proof = _distinct(x for v in members for x in v.cards if x not in cards)
            groups.append(
                CardGroup(
                    rule, legal, cards, proof, led, suit, win,
                    any(v.partner_winning for v in members),
                )
            )  # fmt: skip
    return LegalSetExplanation(
        h,
        t,
        suit,
        verdicts,
        tuple(g for g in groups if g.legal),
        tuple(g for g in groups if not g.legal),
    )


# ================================================================= 3. meld breakdown


class MeldRule(Enum):
    """The meld rules a count can break (from the rules of record)."""

    RUN_MARRIAGES = "run marriages"
    """The K and Q inside a run earn no marriage; a further complete trump K+Q
    beside a run earns a royal marriage; a lone extra K or Q earns nothing; a
    double run earns no marriages."""
    DOUBLE_REPLACES_SINGLE = "double replaces single"
    """A double meld replaces the single one (double aces around 1000, not 1100)."""
    ONE_CATEGORY_ONCE = "once per category"
    """A card may count in several categories, but not twice in one category."""
    MARRIAGE_VALUES = "marriage values"
    """K Q of trump is a royal marriage (40); K Q of another suit is a marriage (20)."""
    COUNT_EVERY_MELD = "count every meld"
    """Every combination in the hand scores: the meld table."""
    MELD_NEEDS_ITS_CARDS = "a meld needs its cards"
    """A combination counts only if one hand holds all of its cards."""
    ADDITION = "addition"
    """The total is the sum of the meld lines."""

    def statement(self, rules: RuleSet = CLASSIC) -> str:
        """The rule in a sentence, with the numbers of ``rules``."""
        t = rules.meld_table
        if self is MeldRule.RUN_MARRIAGES:
            return (
                "The K and Q inside a run earn no marriage; only a further complete trump K+Q "
                f"beside the run earns a royal marriage (run + royal marriage = {t.run[0] + t.royal_marriage}), "
                "and a lone extra K or Q earns nothing."
            )
        if self is MeldRule.DOUBLE_REPLACES_SINGLE:
            a = t.aces_around
            return f"A double meld replaces the single one: double aces around is {a[1]}, not {a[0] + a[1]}."
        if self is MeldRule.ONE_CATEGORY_ONCE:
            return "A card may count in several categories, but never twice in one category."
        if self is MeldRule.MARRIAGE_VALUES:
            return (
                f"K Q of trump is a royal marriage ({t.royal_marriage}); "
                f"K Q of any other suit is a marriage ({t.marriage})."
            )
        if self is MeldRule.COUNT_EVERY_MELD:
            return "Every combination in your hand scores; check each line of the meld table."
        if self is MeldRule.MELD_NEEDS_ITS_CARDS:
            return "A combination counts only if your own hand holds every one of its cards."
        return "The meld total is the sum of the meld lines."


class MeldNoteKind(Enum):
    """Things worth pointing out in a meld breakdown."""

    SHARED_CARD = "shared card"
    """A card counts in several categories (the Q♠ in a spade marriage, queens
    around and a pinochle)."""
    RUN_KQ_NO_MARRIAGE = "run K Q no marriage"
    """The K and Q inside the run earn no marriage of their own."""
    EXTRA_ROYAL_BESIDE_RUN = "extra royal marriage beside run"
    """A further complete trump K+Q beside a run: a royal marriage (190 with the run)."""
    LONE_EXTRA_BESIDE_RUN = "lone extra K or Q beside run"
    """An extra trump K or Q without its partner beside a run earns nothing."""
    DOUBLE_REPLACES_SINGLE = "double replaces single"
    """A double (triple, ...) meld replaces the single one: double aces 1000, not 1100."""
    DOUBLE_RUN_NO_MARRIAGES = "double run no marriages"
    """A double run uses both trump kings and queens: no marriages."""
    INCOMPLETE_SECOND_SET = "incomplete second set"
    """Some cards of a meld are held twice but not all of them: still a single meld."""


@dataclass(frozen=True)
class MeldNote:
    """One remark on a meld breakdown, with the cards it is about."""

    kind: MeldNoteKind
    cards: tuple[Card, ...]
    """The cards the note is about (for a widget to highlight)."""
    melds: tuple[str, ...] = ()
    """Names of the meld lines involved (``'spade marriage'``, ``'double aces around'``)."""
    points: tuple[int, ...] = ()
    """The numbers the note quotes (see :attr:`text`)."""
    missing: tuple[Card, ...] = ()
    """Cards whose second copy is missing (for :attr:`MeldNoteKind.INCOMPLETE_SECOND_SET`)."""

    @property
    def rule(self) -> MeldRule:
        """The meld rule the note illustrates."""
        return _NOTE_RULE[self.kind]

    @property
    def text(self) -> str:
        """The note in plain words."""
        k = self.kind
        if k is MeldNoteKind.SHARED_CARD:
            return (
                f"{self.cards[0].text} counts in the {_words(self.melds)}: a card may count in "
                "several categories, but never twice in one."
            )
        if k is MeldNoteKind.RUN_KQ_NO_MARRIAGE:
            return f"The {_names(self.cards)} inside the run earn no marriage of their own."
        if k is MeldNoteKind.EXTRA_ROYAL_BESIDE_RUN:
            run, royal, total = self.points
            pair = _names(self.cards[:2])
            return (
                f"Beside the run you hold another complete {pair}: that royal marriage earns "
                f"{royal} on top of the run's {run} (run + royal marriage = {total})."
            )
        if k is MeldNoteKind.LONE_EXTRA_BESIDE_RUN:
            lone = self.cards[0]
            mate = Rank.QUEEN if lone.rank is Rank.KING else Rank.KING
            one = len(self.cards) == 1
            other = Card(lone.suit, mate).text
            has, its, earns = ("has", "its", "it earns") if one else ("have", "their", "they earn")
            return (
                f"The extra {_names(self.cards)} beside the run {has} no {other} of {its} own "
                f"(the run's {other} is already used), so {earns} nothing."
            )
        if k is MeldNoteKind.DOUBLE_REPLACES_SINGLE:
            value, single, wrong = self.points
            name = self.melds[0]
            return (
                f"{name.capitalize()} scores {value}, which replaces the single {self.melds[1]} "
                f"({single}): count {value}, not {wrong}."
            )
        if k is MeldNoteKind.DOUBLE_RUN_NO_MARRIAGES:
            runs = len(self.cards) // 2
            each = "both" if runs == 2 else f"{runs} copies of"
            king, queen = self.cards[0].text, self.cards[1].text
            return (
                f"The {self.melds[0]} uses {each} {king} and {each} {queen} for its kings and "
                "queens, so they earn no marriages."
            )
        single, double = self.points
        held = _names(self.cards)
        return (
            f"You hold two of {held} but only one {_names(self.missing)}: one card cannot count twice "
            f"in one category, so this is one {self.melds[0]} ({single}), not a {self.melds[1]} ({double})."
        )

    def __str__(self) -> str:
        return self.text


_NOTE_RULE = {
    MeldNoteKind.SHARED_CARD: MeldRule.ONE_CATEGORY_ONCE,
    MeldNoteKind.RUN_KQ_NO_MARRIAGE: MeldRule.RUN_MARRIAGES,
    MeldNoteKind.EXTRA_ROYAL_BESIDE_RUN: MeldRule.RUN_MARRIAGES,
    MeldNoteKind.LONE_EXTRA_BESIDE_RUN: MeldRule.RUN_MARRIAGES,
    MeldNoteKind.DOUBLE_REPLACES_SINGLE: MeldRule.DOUBLE_REPLACES_SINGLE,
    MeldNoteKind.DOUBLE_RUN_NO_MARRIAGES: MeldRule.RUN_MARRIAGES,
    MeldNoteKind.INCOMPLETE_SECOND_SET: MeldRule.ONE_CATEGORY_ONCE,
}

_SETS = (MeldKind.RUN, MeldKind.ACES_AROUND, MeldKind.KINGS_AROUND, MeldKind.QUEENS_AROUND,
         MeldKind.JACKS_AROUND, MeldKind.PINOCHLE)  # fmt: skip
_AROUND_RANK = {
    MeldKind.ACES_AROUND: Rank.ACE,
    MeldKind.KINGS_AROUND: Rank.KING,
    MeldKind.QUEENS_AROUND: Rank.QUEEN,
    MeldKind.JACKS_AROUND: Rank.JACK,
}
_RUN_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
_MULTIPLE_WORDS = {"single": 1, "double": 2, "triple": 3, "quadruple": 4}
_MULTIPLE_PREFIX = ("", "double ", "triple ", "quadruple ")


def _line_name(kind: MeldKind, multiple: int = 1, suit: Suit | None = None) -> str:
    """``'spade marriage'``, ``'double aces around'``, ``'royal marriage'``."""
    if kind is MeldKind.MARRIAGE and suit is not None:
        return f"{suit.singular} marriage"
    return _MULTIPLE_PREFIX[multiple - 1] + kind.value


def _item_name(item: MeldItem) -> str:
    return _line_name(item.kind, item.multiple, item.suit)


def _row(kind: MeldKind, rules: RuleSet) -> tuple[int, ...]:
    t = rules.meld_table
    if kind is MeldKind.RUN:
        return t.run
    if kind is MeldKind.PINOCHLE:
        return t.pinochle
    return t.around(_AROUND_RANK[kind])


def _set_cards(kind: MeldKind, trump: Suit, suit: Suit | None = None) -> tuple[Card, ...]:
    """The cards of one set of ``kind``."""
    if kind is MeldKind.RUN:
        return tuple(Card(trump, r) for r in _RUN_RANKS)
    if kind is MeldKind.PINOCHLE:
        return (Card(Suit.SPADES, Rank.QUEEN), Card(Suit.DIAMONDS, Rank.JACK))
    if kind is MeldKind.ROYAL_MARRIAGE:
        return (Card(trump, Rank.KING), Card(trump, Rank.QUEEN))
    if kind is MeldKind.MARRIAGE:
        if suit is None:
            return ()
        return (Card(suit, Rank.KING), Card(suit, Rank.QUEEN))
    if kind is MeldKind.DIX:
        return (Card(trump, Rank.NINE),)
    return tuple(Card(s, _AROUND_RANK[kind]) for s in Suit)


def _runs(report: MeldReport) -> int:
    return sum(i.multiple for i in report.items if i.kind is MeldKind.RUN)


def _lone_beside_run(report: MeldReport) -> tuple[Card, ...]:
    """Trump kings or queens beside a run that have no partner left (they earn nothing)."""
    runs = _runs(report)
    if not runs:
        return ()
    royal = sum(1 for i in report.items if i.kind is MeldKind.ROYAL_MARRIAGE)
    counts = Counter(report.hand)
    t = report.trump
    out: list[Card] = []
    for rank in (Rank.KING, Rank.QUEEN):
        extra = counts[Card(t, rank)] - runs - royal
        out += [Card(t, rank)] * max(0, extra)
    return tuple(out)


def _meld_notes(report: MeldReport) -> tuple[MeldNote, ...]:
    rules = report.rules
    t = report.trump
    items = report.items
    notes: list[MeldNote] = []
    # A card in several categories.
    # A card is shared when the lines use more copies of it than the hand holds.
    held_counts = Counter(report.hand)
    kinds_of: dict[Card, list[str]] = {}
    used: Counter[Card] = Counter()
    for item in items:
        used.update(item.cards)
        for c in set(item.cards):
            names = kinds_of.setdefault(c, [])
            name = _line_name(item.kind, 1, item.suit)
            if name not in names:
                names.append(name)
    for c in sort_hand(kinds_of):
        if len(kinds_of[c]) > 1 and used[c] > held_counts[c]:
            notes.append(MeldNote(MeldNoteKind.SHARED_CARD, (c,), tuple(kinds_of[c])))
    # The run and its marriages.
    runs = _runs(report)
    king, queen = Card(t, Rank.KING), Card(t, Rank.QUEEN)
    royals = [i for i in items if i.kind is MeldKind.ROYAL_MARRIAGE]
    if runs == 1:
        notes.append(MeldNote(MeldNoteKind.RUN_KQ_NO_MARRIAGE, (king, queen), ("run",)))
    elif runs >= 2:
        run_item = next(i for i in items if i.kind is MeldKind.RUN)
        notes.append(
            MeldNote(
                MeldNoteKind.DOUBLE_RUN_NO_MARRIAGES, (king, queen) * runs, (_item_name(run_item),)
            )
        )
    if runs and royals:
        run_pts = report.points_of(MeldKind.RUN)
        royal_pts = report.points_of(MeldKind.ROYAL_MARRIAGE)
        notes.append(
            MeldNote(
                MeldNoteKind.EXTRA_ROYAL_BESIDE_RUN, (king, queen) * len(royals),
                ("run", "royal marriage"), (run_pts, royal_pts, run_pts + royal_pts),
            )
        )  # fmt: skip
    lone = _lone_beside_run(report)
    if lone:
        notes.append(MeldNote(MeldNoteKind.LONE_EXTRA_BESIDE_RUN, lone, ("run",)))
    # Doubles replace singles.
    for item in items:
        if item.kind in _SETS and item.multiple >= 2:
            single = _row(item.kind, rules)[0]
            notes.append(
                MeldNote(
                    MeldNoteKind.DOUBLE_REPLACES_SINGLE, _distinct(item.cards),
                    (_item_name(item), item.kind.value), (item.points, single, item.points + single),
                )
            )  # fmt: skip
    # A second set one card short (pinochle, arounds).
    counts = Counter(report.hand)
    held = {i.kind: i.multiple for i in items}
    for kind in (MeldKind.PINOCHLE, MeldKind.ACES_AROUND, MeldKind.KINGS_AROUND,
                 MeldKind.QUEENS_AROUND, MeldKind.JACKS_AROUND):  # fmt: skip
        n = held.get(kind, 0)
        row = _row(kind, rules)
        if not n or n >= len(row) or n >= rules.copies:
            continue
        cards = _set_cards(kind, t)
        more = tuple(c for c in cards if counts[c] > n)
        short = tuple(c for c in cards if counts[c] == n)
        if more and (kind is MeldKind.PINOCHLE or len(short) == 1):
            notes.append(
                MeldNote(
                    MeldNoteKind.INCOMPLETE_SECOND_SET, more,
                    (_line_name(kind, n), _line_name(kind, n + 1)), (row[n - 1], row[n]), short,
                )
            )  # fmt: skip
    return tuple(notes)


@dataclass(frozen=True)
class MeldExplanation:
    """A hand's meld, line by line with the cards each line uses, and the notes
    that apply (shared cards, the run's K and Q, doubles replacing singles, ...)."""

    report: MeldReport
    notes: tuple[MeldNote, ...]

    @property
    def items(self) -> tuple[MeldItem, ...]:
        """The meld lines."""
        return self.report.items

    @property
    def total(self) -> int:
        """The meld total."""
        return self.report.total

    @property
    def trump(self) -> Suit:
        """The trump suit."""
        return self.report.trump

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card that takes part in some meld (distinct, display order)."""
        return _distinct(c for i in self.items for c in i.cards)

    def note_kinds(self) -> tuple[MeldNoteKind, ...]:
        """The kinds of the notes, in order."""
        return tuple(n.kind for n in self.notes)

    @property
    def text(self) -> str:
        """The breakdown and the notes."""
        trump = self.trump.plural
        if not self.items:
            return f"With {trump} trump this hand has no meld: 0."
        lines = [f"Meld with {trump} trump:"]
        for item in self.items:
            lines.append(
                f"  {_item_name(item)}: {' '.join(c.text for c in item.cards)} = {item.points}"
            )
        lines.append(f"  total: {self.total}")
        lines += [f"Note: {n.text}" for n in self.notes]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text


def explain_meld(
    hand: Iterable[CardLike] | str, trump: SuitLike, rules: RuleSet = CLASSIC
) -> MeldExplanation:
    """The meld of ``hand`` with ``trump`` as trump, each line with its cards, and
    the notes a beginner needs: a card may count in several categories but never
    twice in one; the K and Q inside a run earn no marriage, while a further
    complete trump K+Q beside it earns a royal marriage and a lone extra K or Q
    earns nothing; a double run earns no marriages; a double meld replaces the
    single one.

    >>> explain_meld("AH 10H KH QH JH KH QH", "H").total
    190
    """
    report = meld(hand, trump, rules)
    return MeldExplanation(report, _meld_notes(report))


# ================================================================ 4. meld diagnosis


class MeldMistakeKind(Enum):
    """The meld-counting mistakes the tutor recognises."""

    RUN_KQ_AS_ROYAL = "counted the run's K and Q as a royal marriage"
    LONE_EXTRA_BESIDE_RUN = "counted a lone extra K or Q beside the run"
    DOUBLE_AS_SINGLE_PLUS_DOUBLE = "counted a double meld as single plus double"
    DOUBLE_AS_TWO_SINGLES = "counted a double meld as two singles"
    DOUBLE_AS_SINGLE = "counted a double meld as a single one"
    INCOMPLETE_DOUBLE = "counted a double meld without both copies of every card"
    PINOCHLE_TWICE = "counted the pinochle twice"
    MARRIAGE_AS_ROYAL = "counted a marriage as royal"
    ROYAL_AS_PLAIN = "counted a royal marriage as a plain one"
    FORGOT_DIX = "forgot the dix"
    FORGOT_MARRIAGE = "forgot a marriage"
    MISSED_AROUND = "missed an around"
    MISSED_RUN = "missed the run"
    MISSED_PINOCHLE = "missed the pinochle"
    COUNTED_MISSING_MELD = "counted a meld the hand does not hold"
    ADDITION = "added the lines up wrong"


_MISTAKE_RULE = {
    MeldMistakeKind.RUN_KQ_AS_ROYAL: MeldRule.RUN_MARRIAGES,
    MeldMistakeKind.LONE_EXTRA_BESIDE_RUN: MeldRule.RUN_MARRIAGES,
    MeldMistakeKind.DOUBLE_AS_SINGLE_PLUS_DOUBLE: MeldRule.DOUBLE_REPLACES_SINGLE,
    MeldMistakeKind.DOUBLE_AS_TWO_SINGLES: MeldRule.DOUBLE_REPLACES_SINGLE,
    MeldMistakeKind.DOUBLE_AS_SINGLE: MeldRule.DOUBLE_REPLACES_SINGLE,
    MeldMistakeKind.INCOMPLETE_DOUBLE: MeldRule.ONE_CATEGORY_ONCE,
    MeldMistakeKind.PINOCHLE_TWICE: MeldRule.ONE_CATEGORY_ONCE,
    MeldMistakeKind.MARRIAGE_AS_ROYAL: MeldRule.MARRIAGE_VALUES,
    MeldMistakeKind.ROYAL_AS_PLAIN: MeldRule.MARRIAGE_VALUES,
    MeldMistakeKind.FORGOT_DIX: MeldRule.COUNT_EVERY_MELD,
    MeldMistakeKind.FORGOT_MARRIAGE: MeldRule.COUNT_EVERY_MELD,
    MeldMistakeKind.MISSED_AROUND: MeldRule.COUNT_EVERY_MELD,
    MeldMistakeKind.MISSED_RUN: MeldRule.COUNT_EVERY_MELD,
    MeldMistakeKind.MISSED_PINOCHLE: MeldRule.COUNT_EVERY_MELD,
    MeldMistakeKind.COUNTED_MISSING_MELD: MeldRule.MELD_NEEDS_ITS_CARDS,
    MeldMistakeKind.ADDITION: MeldRule.ADDITION,
}


@dataclass(frozen=True)
class MeldMistake:
    """One mistake in a meld count: what it was, the rule it breaks, how much it
    moved the total (``delta``, positive when the learner counted too much) and
    the cards involved."""

    kind: MeldMistakeKind
    delta: int
    meld: str = ""
    """The meld line involved (``'royal marriage'``, ``'double aces around'``)."""
    cards: tuple[Card, ...] = ()
    """The cards involved (for a widget to highlight)."""
    count: int = 1
    """How many times the mistake was made (e.g. two dix forgotten)."""
    missing: tuple[Card, ...] = ()
    """For a meld the hand does not hold: the cards it lacks."""

    @property
    def rule(self) -> MeldRule:
        """The meld rule this mistake breaks."""
        return _MISTAKE_RULE[self.kind]

    @property
    def text(self) -> str:
        """The mistake in one sentence."""
        k = self.kind
        d = abs(self.delta)
        cards = _names(self.cards)
        if k is MeldMistakeKind.RUN_KQ_AS_ROYAL:
            what = (
                "the K and Q inside the run"
                if self.count == 1
                else f"the K and Q inside {self.count} runs"
            )
            return f"You counted {what} ({cards}) as a royal marriage: they earn no marriage, {d} too many."
        if k is MeldMistakeKind.LONE_EXTRA_BESIDE_RUN:
            return (
                f"You counted the extra {cards} beside the run as a royal marriage, but its partner "
                f"is inside the run: a lone extra K or Q earns nothing, {d} too many."
            )
        if k is MeldMistakeKind.DOUBLE_AS_SINGLE_PLUS_DOUBLE:
            return (
                f"You counted the {self.meld} and the single one as well: the double replaces "
                f"the single, {d} too many."
            )
        if k is MeldMistakeKind.DOUBLE_AS_TWO_SINGLES:
            single = self.meld.removeprefix("double ")
            return (
                f"You counted the {self.meld} as two {single} lines: both copies make one "
                f"{self.meld}, worth {d} more."
            )
        if k is MeldMistakeKind.DOUBLE_AS_SINGLE:
            return f"You counted the {self.meld} as a single one: it is worth {d} more."
        if k is MeldMistakeKind.INCOMPLETE_DOUBLE:
            return (
                f"You counted {_a(self.meld)}, but you hold only one {_names(self.missing)}: a card "
                f"cannot count twice in one category, {d} too many."
            )
        if k is MeldMistakeKind.PINOCHLE_TWICE:
            return (
                f"You counted the pinochle twice{' (as a double pinochle)' if self.meld.startswith('double') else ''}, "
                f"but you hold only one {_names(self.missing)}: a card cannot count twice in one "
                f"category, {d} too many."
            )
        if k is MeldMistakeKind.MARRIAGE_AS_ROYAL:
            return (
                f"You counted {_a(self.meld) if self.count == 1 else f'{self.count} marriages'} "
                f"({cards}) as royal: only K Q of trump is a royal marriage, {d} too many."
            )
        if k is MeldMistakeKind.ROYAL_AS_PLAIN:
            return (
                f"You counted the royal marriage ({cards}) as a plain marriage: K Q of trump is "
                f"royal, {d} more{'' if self.count == 1 else f' ({self.count} of them)'}."
            )
        if k is MeldMistakeKind.FORGOT_DIX:
            which = "the dix" if self.count == 1 else f"{self.count} dix"
            return f"You forgot {which} ({cards}, the 9 of trump): {d} missing."
        if k is MeldMistakeKind.FORGOT_MARRIAGE:
            return f"You forgot the {self.meld} ({cards}): {d} missing."
        if k in (
            MeldMistakeKind.MISSED_AROUND,
            MeldMistakeKind.MISSED_RUN,
            MeldMistakeKind.MISSED_PINOCHLE,
        ):
            return f"You missed the {self.meld} ({cards}): {d} missing."
        if k is MeldMistakeKind.COUNTED_MISSING_MELD:
            lacks = (
                f": it needs {_names(self.missing)}, which you do not hold" if self.missing else ""
            )
            return f"You counted {_a(self.meld)} that your hand does not hold{lacks}; {d} too many."
        given = int(self.meld) + self.delta
        return f"Your lines add up to {self.meld}, not {given}: check the addition ({_signed(self.delta)})."

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class ClaimedLine:
    """One meld line a learner claims: a category, a multiple and (for a plain
    marriage, optionally) a suit."""

    kind: MeldKind
    multiple: int = 1
    suit: Suit | None = None

    @property
    def name(self) -> str:
        """``'double aces around'``, ``'spade marriage'``."""
        return _line_name(self.kind, self.multiple, self.suit)

    def points(self, rules: RuleSet = CLASSIC) -> int:
        """What the line is worth in ``rules``."""
        t = rules.meld_table
        if self.kind is MeldKind.ROYAL_MARRIAGE:
            return t.royal_marriage
        if self.kind is MeldKind.MARRIAGE:
            return t.marriage
        if self.kind is MeldKind.DIX:
            return t.dix
        return _row(self.kind, rules)[self.multiple - 1]


ClaimLike: TypeAlias = "str | tuple[MeldKind, int] | ClaimedLine | MeldItem"
"""A claimed meld line: a name (``'double aces around'``, ``'royal marriage'``,
``'spade marriage'``), a ``(MeldKind, multiple)`` pair, a :class:`ClaimedLine` or
a :class:`~pinochle_tutor.meld.MeldItem`."""

_KIND_WORDS = {k.value: k for k in MeldKind}
_KIND_WORDS.update({"run in trump": MeldKind.RUN, "trump run": MeldKind.RUN, "flush": MeldKind.RUN})


def parse_claim(claim: ClaimLike, rules: RuleSet = CLASSIC) -> ClaimedLine:
    """Read one claimed meld line. Raises :class:`InvalidClaimError` quoting it
    when it names no meld of ``rules``.

    >>> parse_claim("double aces around")
    ClaimedLine(kind=<MeldKind.ACES_AROUND: 'aces around'>, multiple=2, suit=None)
    """
    if isinstance(claim, ClaimedLine):
        line = claim
    elif isinstance(claim, MeldItem):
        line = ClaimedLine(
            claim.kind, claim.multiple, claim.suit if claim.kind is MeldKind.MARRIAGE else None
        )
    elif isinstance(claim, tuple):
        if len(claim) != 2 or not isinstance(claim[0], MeldKind) or not isinstance(claim[1], int):
            raise InvalidClaimError(
                f"{claim!r} is not a meld line: use (MeldKind, multiple) or a name"
            )
        line = ClaimedLine(claim[0], claim[1])
    elif isinstance(claim, str):
        line = _parse_claim_text(claim)
    else:
        raise InvalidClaimError(
            f"{claim!r} is not a meld line: use a name such as 'royal marriage'"
        )
    return _check_claim(line, claim, rules)


def _parse_claim_text(text: str) -> ClaimedLine:
    words = text.strip().lower().replace("-", " ").split()
    multiple = 1
    if words and words[0] in _MULTIPLE_WORDS:
        multiple = _MULTIPLE_WORDS[words[0]]
        words = words[1:]
    suit: Suit | None = None
    if len(words) == 2 and words[1] == "marriage" and words[0] != "royal":
        try:
            suit = parse_suit(words[0])
        except PinochleError:
            raise InvalidClaimError(
                f"{text!r} is not a meld line: {words[0]!r} is not a suit"
            ) from None
        words = ["marriage"]
    if len(words) == 3 and words[:2] == ["marriage", "in"]:
        try:
            suit = parse_suit(words[2])
        except PinochleError:
            raise InvalidClaimError(
                f"{text!r} is not a meld line: {words[2]!r} is not a suit"
            ) from None
        words = ["marriage"]
    kind = _KIND_WORDS.get(" ".join(words))
    if kind is None:
        known = ", ".join(repr(k.value) for k in MeldKind)
        raise InvalidClaimError(
            f"{text!r} is not a meld line: meld lines are {known} (with 'double' etc.)"
        )
    return ClaimedLine(kind, multiple, suit)


def _check_claim(line: ClaimedLine, original: object, rules: RuleSet) -> ClaimedLine:
    if line.kind in (MeldKind.ROYAL_MARRIAGE, MeldKind.MARRIAGE, MeldKind.DIX):
        if line.multiple != 1:
            raise InvalidClaimError(
                f"{original!r} is not a meld line: each {line.kind.value} is its own line (no doubles)"
            )
        if line.kind is MeldKind.DIX and not rules.meld_table.dix:
            raise InvalidClaimError(
                f"{original!r} is not a meld line: the {rules.name} game has no dix"
            )
        return line
    row = _row(line.kind, rules)
    if not 1 <= line.multiple <= min(len(row), rules.copies):
        raise InvalidClaimError(
            f"{original!r} is not a meld line: the {rules.name} deck allows at most "
            f"{_MULTIPLE_PREFIX[min(len(row), rules.copies) - 1] or 'a single '}{line.kind.value}"
        )
    return line


def _mistake_for_missing(item: MeldItem) -> MeldMistake:
    kind = {
        MeldKind.DIX: MeldMistakeKind.FORGOT_DIX,
        MeldKind.MARRIAGE: MeldMistakeKind.FORGOT_MARRIAGE,
        MeldKind.ROYAL_MARRIAGE: MeldMistakeKind.FORGOT_MARRIAGE,
        MeldKind.RUN: MeldMistakeKind.MISSED_RUN,
        MeldKind.PINOCHLE: MeldMistakeKind.MISSED_PINOCHLE,
    }.get(item.kind, MeldMistakeKind.MISSED_AROUND)
    return MeldMistake(kind, -item.points, _item_name(item), _distinct(item.cards))


def _lacking(line: ClaimedLine, report: MeldReport) -> tuple[Card, ...]:
    """Cards a claimed line needs that the hand does not hold (enough copies of)."""
    counts = Counter(report.hand)
    need = _set_cards(line.kind, report.trump, line.suit)
    return tuple(c for c in need if counts[c] < line.multiple)


def _candidates(report: MeldReport) -> list[MeldMistake]:
    """Every single mistake this hand allows, with how much it would move the total."""
    rules = report.rules
    t = rules.meld_table
    trump = report.trump
    kq = (Card(trump, Rank.KING), Card(trump, Rank.QUEEN))
    out: list[MeldMistake] = []
    runs = _runs(report)
    for k in range(1, runs + 1):
        out.append(
            MeldMistake(
                MeldMistakeKind.RUN_KQ_AS_ROYAL, k * t.royal_marriage, "royal marriage", kq, k
            )
        )
    lone = _lone_beside_run(report)
    if lone:
        out.append(
            MeldMistake(
                MeldMistakeKind.LONE_EXTRA_BESIDE_RUN,
                t.royal_marriage,
                "royal marriage",
                (lone[0],),
            )
        )
    counts = Counter(report.hand)
    for item in report.items:
        name = _item_name(item)
        cards = _distinct(item.cards)
        if item.kind in _SETS and item.multiple >= 2:
            row = _row(item.kind, rules)
            out.append(
                MeldMistake(MeldMistakeKind.DOUBLE_AS_SINGLE_PLUS_DOUBLE, row[0], name, cards)
            )
            if item.multiple == 2:
                out.append(
                    MeldMistake(
                        MeldMistakeKind.DOUBLE_AS_TWO_SINGLES, 2 * row[0] - row[1], name, cards
                    )
                )
                out.append(
                    MeldMistake(MeldMistakeKind.DOUBLE_AS_SINGLE, row[0] - row[1], name, cards)
                )
        if item.kind is MeldKind.PINOCHLE and item.multiple == 1:
            pin = _set_cards(MeldKind.PINOCHLE, trump)
            if any(counts[c] >= 2 for c in pin):
                short = tuple(c for c in pin if counts[c] == 1)
                row = t.pinochle
                out.append(
                    MeldMistake(
                        MeldMistakeKind.PINOCHLE_TWICE, row[0], "pinochle", cards, missing=short
                    )
                )
                out.append(
                    MeldMistake(
                        MeldMistakeKind.PINOCHLE_TWICE,
                        row[1] - row[0],
                        "double pinochle",
                        cards,
                        missing=short,
                    )
                )
    # Forgotten lines (dix counted per copy; one candidate per distinct line).
    seen: set[str] = set()
    dix = [i for i in report.items if i.kind is MeldKind.DIX]
    for k in range(1, len(dix) + 1):
        out.append(MeldMistake(MeldMistakeKind.FORGOT_DIX, -k * t.dix, "dix", dix[0].cards, k))
    for item in report.items:
        name = _item_name(item)
        if item.kind is MeldKind.DIX or name in seen:
            continue
        seen.add(name)
        out.append(_mistake_for_missing(item))
    marriages = [i for i in report.items if i.kind is MeldKind.MARRIAGE]
    diff = t.royal_marriage - t.marriage
    if diff:
        for k in range(1, len(marriages) + 1):
            shown = marriages[0] if k == 1 else None
            out.append(
                MeldMistake(
                    MeldMistakeKind.MARRIAGE_AS_ROYAL, k * diff,
                    _item_name(shown) if shown else "marriage",
                    _distinct(c for m in marriages[:k] for c in m.cards), k,
                )
            )  # fmt: skip
        royals = [i for i in report.items if i.kind is MeldKind.ROYAL_MARRIAGE]
        for k in range(1, len(royals) + 1):
            out.append(
                MeldMistake(MeldMistakeKind.ROYAL_AS_PLAIN, -k * diff, "royal marriage", kq, k)
            )
    return out


@dataclass(frozen=True)
class MeldDiagnosis:
    """What a learner's meld answer got right and wrong.

    ``mistakes`` are proved by the claimed lines (when they were given);
    ``candidates`` are the explanations the arithmetic allows when only a total
    was given: each is one mistake, or a pair of them, that moves the total by
    exactly ``difference``. The tutor never picks one of several candidates."""

    explanation: MeldExplanation
    answer_total: int
    claimed: tuple[ClaimedLine, ...] | None
    mistakes: tuple[MeldMistake, ...]
    candidates: tuple[tuple[MeldMistake, ...], ...]
    missed: tuple[MeldItem, ...] = ()
    """Lines of the breakdown the claim left out (or counted wrongly)."""
    phantom: tuple[ClaimedLine, ...] = ()
    """Claimed lines the hand does not hold as claimed."""

    @property
    def expected_total(self) -> int:
        """The right meld total."""
        return self.explanation.total

    @property
    def difference(self) -> int:
        """``answer_total - expected_total``: positive when too many were counted."""
        return self.answer_total - self.expected_total

    @property
    def correct(self) -> bool:
        """The total is right (and so are the claimed lines, if any were given)."""
        return self.difference == 0 and not self.mistakes

    @property
    def identified(self) -> tuple[MeldMistake, ...]:
        """The mistakes known for certain: the proved ones, or the only candidate
        explanation when the arithmetic leaves exactly one (else empty)."""
        if self.mistakes:
            return self.mistakes
        if len(self.candidates) == 1:
            return self.candidates[0]
        return ()

    @property
    def rules_broken(self) -> tuple[MeldRule, ...]:
        """The rules the identified mistakes break (distinct, in order)."""
        out: list[MeldRule] = []
        for m in self.identified:
            if m.rule not in out:
                out.append(m.rule)
        return tuple(out)

    @property
    def text(self) -> str:
        """The diagnosis in plain words, then the right breakdown."""
        rules = self.explanation.report.rules
        expected = self.expected_total
        lines: list[str] = []
        if self.correct:
            lines.append(f"Right: the meld is {expected}.")
        else:
            d = self.difference
            if d == 0:
                lines.append(
                    f"Your total of {self.answer_total} is right, but some of your lines are not."
                )
            else:
                how = f"{d} too many" if d > 0 else f"{-d} too few"
                lines.append(f"Your total of {self.answer_total} is {how}: the meld is {expected}.")
            if self.mistakes:
                lines += [f"- {m.text}" for m in self.mistakes]
                for rule in self.rules_broken:
                    lines.append(f"Rule: {rule.statement(rules)}")
            elif len(self.candidates) == 1:
                lines.append(
                    f"With this hand, exactly one common mistake makes a difference of {_signed(d)}:"
                )
                lines += [f"- {m.text}" for m in self.candidates[0]]
                for rule in self.rules_broken:
                    lines.append(f"Rule: {rule.statement(rules)}")
            elif self.candidates:
                lines.append(
                    f"With this hand, several mistakes make a difference of {_signed(d)}; "
                    "the total alone cannot tell which one you made:"
                )
                for combo in self.candidates:
                    lines.append("- " + " And ".join(m.text for m in combo))
            elif d:
                lines.append(
                    f"No common mistake with this hand makes a difference of {_signed(d)}: "
                    "compare your count with the breakdown below, line by line."
                )
        lines.append(self.explanation.text)
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text


def _diagnose_claims(
    report: MeldReport, claims: list[ClaimedLine], answer: int
) -> tuple[list[MeldMistake], list[MeldItem], list[ClaimedLine]]:
    rules = report.rules
    t = rules.meld_table
    trump = report.trump
    actual: list[MeldItem] = list(report.items)
    extra: list[ClaimedLine] = []
    # 1. Match exact lines (a marriage with a named suit only matches that suit).
    unsuited: list[ClaimedLine] = []
    for line in claims:
        if line.kind is MeldKind.MARRIAGE and line.suit is None:
            unsuited.append(line)
            continue
        found = next(
            (i for i in actual if i.kind is line.kind and i.multiple == line.multiple
             and (line.kind is not MeldKind.MARRIAGE or i.suit == line.suit)),
            None,
        )  # fmt: skip
        if found is None:
            extra.append(line)
        else:
            actual.remove(found)
    for line in unsuited:
        found = next((i for i in actual if i.kind is MeldKind.MARRIAGE), None)
        if found is None:
            extra.append(line)
        else:
            actual.remove(found)
    missing = actual
    mistakes: list[MeldMistake] = []
    missed: list[MeldItem] = []
    phantom: list[ClaimedLine] = []

    def take_extra(kind: MeldKind, multiple: int | None = None) -> ClaimedLine | None:
        for line in extra:
            if line.kind is kind and (multiple is None or line.multiple == multiple):
                extra.remove(line)
                return line
        return None

    def take_missing(kind: MeldKind, multiple: int | None = None) -> MeldItem | None:
        for item in missing:
            if item.kind is kind and (multiple is None or item.multiple == multiple):
                missing.remove(item)
                return item
        return None

    # 2. Sets: doubles against singles.
    for kind in _SETS:
        row = _row(kind, rules)
        real = next((i for i in report.items if i.kind is kind), None)
        if real is not None and real.multiple >= 2 and real not in missing:
            while take_extra(kind, 1) is not None:
                mistakes.append(
                    MeldMistake(
                        MeldMistakeKind.DOUBLE_AS_SINGLE_PLUS_DOUBLE,
                        row[0],
                        _item_name(real),
                        _distinct(real.cards),
                    )
                )
        if real is not None and real.multiple == 2 and real in missing:
            singles = [x for x in extra if x.kind is kind and x.multiple == 1]
            if len(singles) >= 2:
                take_extra(kind, 1)
                take_extra(kind, 1)
                take_missing(kind, 2)
                missed.append(real)
                mistakes.append(
                    MeldMistake(
                        MeldMistakeKind.DOUBLE_AS_TWO_SINGLES,
                        2 * row[0] - row[1],
                        _item_name(real),
                        _distinct(real.cards),
                    )
                )
            elif singles:
                take_extra(kind, 1)
                take_missing(kind, 2)
                missed.append(real)
                mistakes.append(
                    MeldMistake(
                        MeldMistakeKind.DOUBLE_AS_SINGLE,
                        row[0] - row[1],
                        _item_name(real),
                        _distinct(real.cards),
                    )
                )
        if real is not None and real.multiple == 1:
            counts = Counter(report.hand)
            short = tuple(c for c in _set_cards(kind, trump) if counts[c] < 2)
            mkind = (
                MeldMistakeKind.PINOCHLE_TWICE
                if kind is MeldKind.PINOCHLE
                else MeldMistakeKind.INCOMPLETE_DOUBLE
            )
            if real not in missing:
                while take_extra(kind, 1) is not None:
                    mistakes.append(
                        MeldMistake(
                            mkind, row[0], _item_name(real), _distinct(real.cards), missing=short
                        )
                    )
            elif real in missing and rules.copies >= 2:
                line2 = take_extra(kind, 2)
                if line2 is not None:
                    take_missing(kind, 1)
                    mistakes.append(
                        MeldMistake(
                            mkind, row[1] - row[0], line2.name, _distinct(real.cards), missing=short
                        )
                    )
    # 3. Royal marriages claimed beyond the real ones.
    kq = (Card(trump, Rank.KING), Card(trump, Rank.QUEEN))
    runs = _runs(report)
    lone = list(_lone_beside_run(report))
    run_pairs = runs
    while take_extra(MeldKind.ROYAL_MARRIAGE) is not None:
        if runs and lone:
            mistakes.append(
                MeldMistake(
                    MeldMistakeKind.LONE_EXTRA_BESIDE_RUN,
                    t.royal_marriage,
                    "royal marriage",
                    (lone.pop(0),),
                )
            )
        elif run_pairs:
            run_pairs -= 1
            mistakes.append(
                MeldMistake(MeldMistakeKind.RUN_KQ_AS_ROYAL, t.royal_marriage, "royal marriage", kq)
            )
        elif (m := take_missing(MeldKind.MARRIAGE)) is not None:
            missed.append(m)
            mistakes.append(
                MeldMistake(
                    MeldMistakeKind.MARRIAGE_AS_ROYAL,
                    t.royal_marriage - t.marriage,
                    _item_name(m),
                    _distinct(m.cards),
                )
            )
        else:
            line = ClaimedLine(MeldKind.ROYAL_MARRIAGE)
            phantom.append(line)
            mistakes.append(
                MeldMistake(
                    MeldMistakeKind.COUNTED_MISSING_MELD,
                    t.royal_marriage,
                    line.name,
                    (),
                    missing=_lacking(line, report),
                )
            )
    # 4. Plain marriages claimed where a royal one is.
    for line in [x for x in extra if x.kind is MeldKind.MARRIAGE]:
        if line.suit in (None, trump) and (r := take_missing(MeldKind.ROYAL_MARRIAGE)) is not None:
            extra.remove(line)
            missed.append(r)
            mistakes.append(
                MeldMistake(
                    MeldMistakeKind.ROYAL_AS_PLAIN,
                    t.marriage - t.royal_marriage,
                    "royal marriage",
                    kq,
                )
            )
    # 5. What is left: forgotten lines, and lines the hand does not hold.
    for item in list(missing):
        missed.append(item)
        mistakes.append(_mistake_for_missing(item))
    for line in extra:
        phantom.append(line)
        mistakes.append(
            MeldMistake(
                MeldMistakeKind.COUNTED_MISSING_MELD,
                line.points(rules),
                line.name,
                (),
                missing=_lacking(line, report),
            )
        )
    claimed_sum = sum(c.points(rules) for c in claims)
    if claimed_sum != answer:
        mistakes.append(
            MeldMistake(MeldMistakeKind.ADDITION, answer - claimed_sum, f"{claimed_sum}")
        )
    return _merge(mistakes), missed, phantom


def _merge(mistakes: list[MeldMistake]) -> list[MeldMistake]:
    """Repeated identical mistakes (two dix forgotten) become one with a count."""
    out: list[MeldMistake] = []
    for m in mistakes:
        for i, o in enumerate(out):
            if (o.kind, o.meld, o.cards, o.missing) == (m.kind, m.meld, m.cards, m.missing) and m.kind in (
                MeldMistakeKind.FORGOT_DIX, MeldMistakeKind.RUN_KQ_AS_ROYAL, MeldMistakeKind.ROYAL_AS_PLAIN,
            ):  # fmt: skip
                out[i] = MeldMistake(
                    o.kind, o.delta + m.delta, o.meld, o.cards, o.count + m.count, o.missing
                )
                break
        else:
            out.append(m)
    return out


def diagnose_meld(
    hand: Iterable[CardLike] | str,
    trump: SuitLike,
    answer_total: int,
    claimed: Sequence[ClaimLike] | None = None,
    rules: RuleSet = CLASSIC,
) -> MeldDiagnosis:
    """Check a learner's meld count for ``hand``.

    With ``claimed`` (the meld lines the learner counted, as names such as
    ``"royal marriage"`` or ``"double aces around"``, or ``(MeldKind, multiple)``
    pairs) the mistakes are proved line by line: what was missed, what was
    counted that the hand does not hold, and which rule was broken. With the
    total alone, the tutor lists every common mistake (or pair of mistakes) that
    makes exactly the difference with this hand, and names one only when it is
    the only one.

    >>> diagnose_meld("AH 10H KH QH JH 9S", "H", 190).identified[0].kind.name
    'RUN_KQ_AS_ROYAL'
    """
    if isinstance(answer_total, bool) or not isinstance(answer_total, int):
        raise InvalidClaimError(
            f"answer_total={answer_total!r} must be a whole number of meld points"
        )
    explanation = explain_meld(hand, trump, rules)
    report = explanation.report
    d = answer_total - report.total
    if claimed is not None:
        lines = [parse_claim(c, rules) for c in claimed]
        mistakes, missed, phantom = _diagnose_claims(report, lines, answer_total)
        return MeldDiagnosis(
            explanation,
            answer_total,
            tuple(lines),
            tuple(mistakes),
            (),
            tuple(missed),
            tuple(phantom),
        )
    combos: list[tuple[MeldMistake, ...]] = []
    if d:
        singles = _candidates(report)
        combos = [(m,) for m in singles if m.delta == d]
        if not combos:
            for i, a in enumerate(singles):
                for b in singles[i + 1 :]:
                    if a.delta + b.delta == d and a.kind is not b.kind:
                        combos.append((a, b))
    return MeldDiagnosis(explanation, answer_total, None, (), tuple(combos))


# ==================================================================== 5. the contract


class ContractOutcome(Enum):
    """How a hand ended for the bidders."""

    MADE = "made"
    """Meld kept plus trick points reached the bid: they add the full total."""
    SHORT = "short"
    """They fell short of the bid: they subtract the bid and score nothing else."""
    SET_NO_TRICKS = "set, no trick points"
    """Bidders who take no trick points at all are set (they subtract the bid)."""
    CONCEDED = "conceded"
    """The declarer conceded before trick play: the bidders subtract the bid."""


@dataclass(frozen=True)
class ContractExplanation:
    """The reckoning of one hand for the bidders and the defenders, built on
    :func:`~pinochle_tutor.scoring.score_hand`, with the numbers of the rule set."""

    score: HandScore
    total_trick_points: int
    """Trick points in one hand (250 classic, 50 double deck)."""
    minimum_tricks: int | None
    """The fewest trick points that would have made the contract (``None``: none could)."""

    @property
    def bid(self) -> int:
        """The contract."""
        return self.score.bid

    @property
    def bidder_meld(self) -> int:
        """Meld shown by the bidders."""
        return self.score.bidder_meld

    @property
    def needed(self) -> int:
        """Trick points the bidders needed on top of their meld (bid - meld, at least 0)."""
        return self.score.needed

    @property
    def captured(self) -> int:
        """Trick points the bidders took."""
        return self.score.bidder_tricks

    @property
    def meld_save(self) -> int:
        """Trick points a side needs to keep its meld."""
        return self.score.meld_save

    @property
    def outcome(self) -> ContractOutcome:
        """How the contract ended."""
        s = self.score
        if s.conceded:
            return ContractOutcome.CONCEDED
        if s.set_no_tricks:
            return ContractOutcome.SET_NO_TRICKS
        return ContractOutcome.MADE if s.made else ContractOutcome.SHORT

    @property
    def bidder_change(self) -> int:
        """What the hand adds to (or takes from) the bidders' score."""
        return self.score.bidder

    @property
    def defender_change(self) -> int:
        """What the hand adds to the defenders' score."""
        return self.score.defender

    def lines(self) -> list[str]:
        """The reckoning as sentences, in order."""
        s = self.score
        save = self.meld_save
        head = f"The bid was {s.bid} and the bidders showed {s.bidder_meld} meld"
        out: list[str] = []
        if s.conceded:
            out.append(head + ".")
            out.append(
                f"The declarer conceded before trick play, so the bidders lose their bid: -{s.bid}."
            )
            out.append(f"The defenders score their {s.defender_meld} meld only: +{s.defender}.")
            return out
        if s.needed > 0:
            need = (
                f"{head}, so they needed {s.needed} of the {self.total_trick_points} trick points"
            )
            if s.needed < save:
                need += f" (and at least {save} to keep their meld)"
            out.append(need + ".")
        else:
            out.append(
                f"{head}, which covers the bid, but meld is kept only with at least {save} trick "
                f"point{'s' if save != 1 else ''}, so they needed {self.minimum_tricks} of the "
                f"{self.total_trick_points} trick points."
            )
        if s.set_no_tricks:
            out.append(f"They captured no trick points at all, so they are set: -{s.bid}.")
        elif not s.bidder_meld_kept:
            out.append(
                f"They captured {s.bidder_tricks}, fewer than {save}, so they lose their meld, "
                f"and {s.bidder_tricks} is short of {s.bid}: -{s.bid}."
                if not s.made
                else f"They captured {s.bidder_tricks}, fewer than {save}, so they lose their meld, "
                f"but {s.bidder_tricks} still makes {s.bid}: +{s.bidder}."
            )
        elif s.made:
            out.append(
                f"They captured {s.bidder_tricks}: {s.bidder_meld} + {s.bidder_tricks} = {s.bidder_total}, "
                f"which makes the contract: +{s.bidder}."
            )
        else:
            out.append(
                f"They captured {s.bidder_tricks}: {s.bidder_meld} + {s.bidder_tricks} = {s.bidder_total}, "
                f"{s.bid - s.bidder_total} short of {s.bid}, so they score nothing and subtract the bid: -{s.bid}."
            )
        if s.defender_meld_kept and not s.defender_meld:
            out.append(
                f"The defenders took {s.defender_tricks} trick points and had no meld: +{s.defender}."
            )
        elif s.defender_meld_kept:
            out.append(
                f"The defenders took {s.defender_tricks} trick points (at least {save}), so they keep "
                f"their {s.defender_meld} meld: {s.defender_meld} + {s.defender_tricks} = +{s.defender}."
            )
        else:
            lost = f" and lose their {s.defender_meld} meld" if s.defender_meld else ""
            out.append(
                f"The defenders took {s.defender_tricks} trick points, fewer than {save}, "
                f"so they score nothing{lost}: +0."
            )
        return out

    @property
    def text(self) -> str:
        """The reckoning in plain words."""
        return " ".join(self.lines())

    def __str__(self) -> str:
        return self.text


def _contract_from_score(score: HandScore, rules: RuleSet) -> ContractExplanation:
    total = rules.total_trick_points
    minimum: int | None = None
    if not score.conceded:
        for t in range(total + 1):
            if score_hand(score.bid, score.bidder_meld, t, 0, 0, rules).made:
                minimum = t
                break
    return ContractExplanation(score, total, minimum)


def explain_contract(
    bid: int,
    bidder_meld: int,
    bidder_tricks: int,
    defender_meld: int,
    defender_tricks: int,
    rules: RuleSet = CLASSIC,
    conceded: bool = False,
) -> ContractExplanation:
    """Did the bidders make their contract? They need meld + trick points of at
    least the bid, and keep their meld only with at least 10 trick points (classic);
    made, they add the full total; missed, they subtract the bid; with no trick
    points at all they are set. Defenders score meld + trick points with at least
    10 trick points, else nothing. A declarer who concedes before trick play
    loses the bid, and the defenders score their meld only.

    >>> print(explain_contract(320, 180, 130, 0, 120).lines()[1])
    They captured 130: 180 + 130 = 310, 10 short of 320, so they score nothing and subtract the bid: -320.
    """
    score = score_hand(
        bid, bidder_meld, bidder_tricks, defender_meld, defender_tricks, rules, conceded
    )
    return _contract_from_score(score, rules)


# ===================================================================== 6. the auction


class AuctionRule(Enum):
    """The auction rules a call is judged by."""

    TURN_ORDER = "turn order"
    """Starting at the dealer's left, each player in turn bids or passes."""
    OPENING_MINIMUM = "opening minimum"
    """The opening bid is at least 250 (classic)."""
    INCREMENT = "multiples of the increment"
    """Every bid is a multiple of 10 (classic)."""
    RAISE = "raise"
    """Every bid raises the current bid by at least 10 (classic)."""
    PASS_IS_FINAL = "a pass is final"
    """Once you pass, you cannot rejoin that auction."""
    AUCTION_OVER = "the auction is over"
    """When all but one have passed, the remaining bidder is the declarer."""
    DEALER_STUCK = "the dealer is stuck"
    """If everyone before the dealer passes without a bid, the dealer takes the contract."""
    WHOLE_NUMBER = "whole number"
    """A bid is a whole number of points."""

    def statement(self, rules: RuleSet = CLASSIC) -> str:
        """The rule in a sentence, with the numbers of ``rules``."""
        others = rules.players - 1
        return {
            AuctionRule.TURN_ORDER: "Starting at the dealer's left, each player in turn bids or passes.",
            AuctionRule.OPENING_MINIMUM: f"The opening bid must be at least {rules.opening_bid}.",
            AuctionRule.INCREMENT: f"Bids go up in multiples of {rules.bid_increment}.",
            AuctionRule.RAISE: f"Each bid must raise the current bid by at least {rules.bid_increment}.",
            AuctionRule.PASS_IS_FINAL: "Once you pass, you cannot rejoin that auction.",
            AuctionRule.AUCTION_OVER: f"When {others} players have passed, the remaining bidder is the declarer.",
            AuctionRule.DEALER_STUCK: (
                f"If the first {others} players pass without bidding, the dealer takes the "
                f"contract at {rules.stuck_bid} and has no choice."
            ),
            AuctionRule.WHOLE_NUMBER: "A bid is a whole number of points.",
        }[self]


_PROBLEM_RULE = {
    AuctionProblem.AUCTION_OVER: AuctionRule.AUCTION_OVER,
    AuctionProblem.ALREADY_PASSED: AuctionRule.PASS_IS_FINAL,
    AuctionProblem.BELOW_OPENING: AuctionRule.OPENING_MINIMUM,
    AuctionProblem.NOT_MULTIPLE: AuctionRule.INCREMENT,
    AuctionProblem.NOT_ABOVE: AuctionRule.RAISE,
    AuctionProblem.NOT_A_NUMBER: AuctionRule.WHOLE_NUMBER,
    AuctionProblem.DEALER_STUCK: AuctionRule.DEALER_STUCK,
}


@dataclass(frozen=True)
class BidExplanation:
    """Whether a call (a bid of ``amount``, or a pass when it is ``None``) is
    allowed now, the auction rule that decides it, and the numbers involved."""

    seat: int | None
    """The seat making the call (``None`` once the auction is over and none was given)."""
    amount: object
    """The bid (``None`` for a pass); kept as given, so a bad value can be quoted."""
    legal: bool
    rule: AuctionRule
    problem: AuctionProblem | None
    """The engine's problem code, when the engine judged the call."""
    reason: str
    minimum: int | None
    """The lowest bid allowed at that moment."""
    high_bid: int | None
    high_bidder: int | None
    turn: int | None
    """The seat whose turn it is (``None`` once the auction is over)."""
    verdict: BidVerdict | None = None
    """The engine's verdict, when the engine judged the call."""

    @property
    def is_pass(self) -> bool:
        """Whether the call is a pass."""
        return self.amount is None

    @property
    def text(self) -> str:
        """The verdict in plain words."""
        return self.reason

    def __str__(self) -> str:
        return self.text


def _from_verdict(auction: Auction, verdict: BidVerdict, amount: object) -> BidExplanation:
    if verdict.legal:
        if amount is None:
            rule = AuctionRule.PASS_IS_FINAL
        else:
            rule = AuctionRule.OPENING_MINIMUM if auction.high_bid is None else AuctionRule.RAISE
    else:
        assert verdict.problem is not None
        rule = _PROBLEM_RULE[verdict.problem]
    reason = verdict.reason
    if verdict.problem is AuctionProblem.AUCTION_OVER and auction.stuck:
        reason += " " + AuctionRule.DEALER_STUCK.statement(auction.rules)
    elif verdict.legal and amount is not None:
        if auction.high_bid is None:
            reason = f"Seat {verdict.seat} may open the bidding at {amount} (at least {auction.rules.opening_bid})."
        else:
            reason = (
                f"Seat {verdict.seat} may bid {amount}: it raises seat {auction.high_bidder}'s "
                f"{auction.high_bid} by {int(str(amount)) - auction.high_bid}."
            )
    return BidExplanation(
        verdict.seat, amount, verdict.legal, rule, verdict.problem, reason, verdict.minimum,
        auction.high_bid, auction.high_bidder, auction.turn, verdict,
    )  # fmt: skip


def explain_bid(auction: Auction, amount: object) -> BidExplanation:
    """Whether the seat to act may bid ``amount`` now: the opening bid is at least
    250, bids are multiples of 10, each bid raises the last by at least 10, and
    nobody bids once the auction is over (classic numbers).

    >>> explain_bid(Auction(dealer=0), 240).rule
    <AuctionRule.OPENING_MINIMUM: 'opening minimum'>
    """
    return _from_verdict(auction, auction.check_bid(amount), amount)


def explain_pass(auction: Auction) -> BidExplanation:
    """Whether the seat to act may pass now (always, until the auction is over; a
    pass is final)."""
    return _from_verdict(auction, auction.check_pass(), None)


def explain_call(auction: Auction, seat: int, amount: object = None) -> BidExplanation:
    """Whether ``seat`` may bid ``amount`` (or pass, when ``amount`` is ``None``)
    now. Besides the checks of :func:`explain_bid`, this says when the seat has
    already passed (a pass is final), when it is another seat's turn, and when
    the dealer is stuck with the contract.

    Raises :class:`~pinochle_tutor.errors.IllegalBidError` if ``seat`` is not a seat."""
    rules = auction.rules
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players:
        raise IllegalBidError(f"seat={seat!r} is not a seat: seats are 0 to {rules.players - 1}")
    call = "pass" if amount is None else f"bid {amount}"

    def refuse(rule: AuctionRule, problem: AuctionProblem | None, reason: str) -> BidExplanation:
        return BidExplanation(
            seat, amount, False, rule, problem, reason, None if auction.is_over else auction.min_bid,
            auction.high_bid, auction.high_bidder, auction.turn,
        )  # fmt: skip

    if auction.is_over:
        if auction.stuck and seat == auction.dealer:
            return refuse(
                AuctionRule.DEALER_STUCK, AuctionProblem.DEALER_STUCK,
                f"Seat {seat} cannot {call}: the other players all passed without a bid, so the dealer "
                f"(seat {seat}) is stuck with the contract at {auction.contract} and has no choice.",
            )  # fmt: skip
        verdict = auction.check_pass() if amount is None else auction.check_bid(amount)
        e = _from_verdict(auction, verdict, amount)
        return BidExplanation(
            seat,
            amount,
            False,
            e.rule,
            e.problem,
            e.reason,
            None,
            e.high_bid,
            e.high_bidder,
            None,
            verdict,
        )
    if seat in auction.passed:
        return refuse(
            AuctionRule.PASS_IS_FINAL, AuctionProblem.ALREADY_PASSED,
            f"Seat {seat} has passed; a pass is final, so seat {seat} cannot "
            f"{'pass again' if amount is None else 'bid'} in this auction. It is seat {auction.turn}'s turn.",
        )  # fmt: skip
    if seat != auction.turn:
        return refuse(
            AuctionRule.TURN_ORDER, None,
            f"It is seat {auction.turn}'s turn, not seat {seat}'s: players bid or pass in turn, "
            "clockwise from the dealer's left.",
        )  # fmt: skip
    return explain_pass(auction) if amount is None else explain_bid(auction, amount)


# ==================================================================== 7. hand review


@dataclass(frozen=True)
class TrickReview:
    """One completed trick, with the running trick points of each side after it."""

    number: int
    """1 for the first trick."""
    leader: int
    cards: tuple[Card, ...]
    """In play order, the led card first."""
    seats: tuple[int, ...]
    winner: int
    winning_card: Card
    points: int
    """Trick points it held, with the last-trick bonus where it applies."""
    last: bool
    running: tuple[int, ...]
    """Trick points of each side after this trick."""


@dataclass(frozen=True)
class AttemptReview:
    """A card the learner tried to play that the rules refused."""

    trick_number: int
    """1 for the first trick."""
    explanation: PlayExplanation

    @property
    def text(self) -> str:
        """The refusal in plain words."""
        return f"Trick {self.trick_number}: you tried {self.explanation.card.text}. {self.explanation.text}"

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class HandReview:
    """A hand, trick by trick, from one learner's seat: who led, the cards, who
    won and how many points, the running totals, the learner's refused cards and
    the reckoning of the contract."""

    rules: RuleSet
    learner_seat: int
    dealer: int
    declarer: int | None
    contract: int | None
    trump: Suit | None
    side_meld: tuple[int, ...]
    tricks: tuple[TrickReview, ...]
    attempts: tuple[AttemptReview, ...]
    contracts: tuple[ContractExplanation, ...]
    """The reckoning (one per defending side; empty until the hand is scored)."""
    conceded: bool = False

    def side_name(self, side: int) -> str:
        """``'seats 0+2'`` (partnerships) or ``'seat 1'``, with ``' (you)'`` for the learner's side."""
        r = self.rules
        name = f"seats {side}+{side + 2}" if r.partnerships else f"seat {side}"
        return name + (" (you)" if r.side(self.learner_seat) == side else "")

    def _seat(self, seat: int) -> str:
        return f"seat {seat}" + (" (you)" if seat == self.learner_seat else "")

    @property
    def contract_explanation(self) -> ContractExplanation | None:
        """The reckoning against the first defending side (the only one in partnerships)."""
        return self.contracts[0] if self.contracts else None

    @property
    def text(self) -> str:
        """The review as a multi-line report."""
        r = self.rules
        lines: list[str] = []
        if self.declarer is None or self.trump is None:
            lines.append("The hand has not reached trick play yet.")
        else:
            lines.append(
                f"Seat {self.dealer} dealt. {self._seat(self.declarer).capitalize()} won the auction at "
                f"{self.contract} and named {self.trump.plural} trump."
            )
            lines.append(
                "Meld: "
                + ", ".join(f"{self.side_name(s)} {m}" for s, m in enumerate(self.side_meld))
                + "."
            )
        if self.conceded:
            lines.append("The declarer conceded before the first trick.")
        by_trick: dict[int, list[AttemptReview]] = {}
        for a in self.attempts:
            by_trick.setdefault(a.trick_number, []).append(a)
        for t in self.tricks:
            for a in by_trick.pop(t.number, []):
                lines.append(f"  ! {a.text}")
            plays = ", ".join(
                f"{self._seat(s)} {c.text}" for s, c in zip(t.seats[1:], t.cards[1:], strict=False)
            )
            bonus = (
                f" (with {r.last_trick_bonus} for the last trick)"
                if t.last and r.last_trick_bonus
                else ""
            )
            running = ", ".join(f"{self.side_name(s)} {p}" for s, p in enumerate(t.running))
            lines.append(
                f"Trick {t.number}: {self._seat(t.leader)} led {t.cards[0].text}; {plays}. "
                f"{self._seat(t.winner).capitalize()} won with {t.winning_card.text}: "
                f"{t.points} point{'s' if t.points != 1 else ''}{bonus}. Totals: {running}."
            )
        for rest in by_trick.values():
            for a in rest:
                lines.append(f"  ! {a.text}")
        if self.attempts:
            lines.append(
                f"You tried {len(self.attempts)} card{'s' if len(self.attempts) != 1 else ''} "
                "that the rules did not allow."
            )
        for c in self.contracts:
            lines.append(c.text)
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text


def review_hand(hand: Hand, learner_seat: int) -> HandReview:
    """Review a hand (played or in progress) from ``learner_seat``: each trick
    with its leader, cards, winner, points and running side totals; each card
    the learner tried that the rules refused, with the rule; and the contract."""
    rules = hand.rules
    if (
        isinstance(learner_seat, bool)
        or not isinstance(learner_seat, int)
        or not 0 <= learner_seat < rules.players
    ):
        raise IllegalBidError(
            f"learner_seat={learner_seat!r} is not a seat: seats are 0 to {rules.players - 1}"
        )
    running = [0] * rules.sides
    if hand.discards and hand.declarer is not None:
        running[rules.side(hand.declarer)] += sum(
            rules.counter_points[c.rank] for c in hand.discards
        )
    tricks: list[TrickReview] = []
    n = rules.tricks_per_hand
    for i, t in enumerate(hand.tricks):
        running[rules.side(t.winner)] += t.points
        tricks.append(
            TrickReview(
                i + 1,
                t.leader,
                t.cards,
                t.seats,
                t.winner,
                t.winning_card,
                t.points,
                i + 1 == n,
                tuple(running),
            )
        )
    attempts: list[AttemptReview] = []
    if hand.trump is not None:
        for a in hand.illegal_attempts:
            if a.seat == learner_seat:
                e = PlayExplanation(a.verdict, tuple(sort_hand(a.hand)), a.played, hand.trump)
                attempts.append(AttemptReview(a.trick + 1, e))
    contracts = tuple(_contract_from_score(s, rules) for s in hand.scores)
    return HandReview(
        rules, learner_seat, hand.dealer, hand.declarer, hand.contract, hand.trump,
        tuple(hand.side_meld), tuple(tricks), tuple(attempts), contracts, hand.conceded,
    )  # fmt: skip
