"""Explaining meld: a meld breakdown with the notes a beginner needs.

Every combination in the hand scores: the meld table. A card may count in several
categories, but not twice in one category. The K and Q inside a run earn no
marriage; a further complete trump K+Q beside a run earns a royal marriage. A
double meld replaces the single one. :func:`explain_meld` reads out the engine's
breakdown with notes that show these rules at work.

>>> explain_meld("AH 10H KH QH JH KH QH", "H").total
190
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from pinochle_tutor.cards import Card, CardLike, Rank, Suit, SuitLike, sort_hand
from pinochle_tutor.explain._text import _a, _distinct, _names, listed
from pinochle_tutor.meld import MeldItem, MeldKind, MeldReport, meld
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.words import MULTIPLE_WORDS, multiple_name, number_word

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

    @property
    def rule(self) -> MeldRule:
        """The meld rule a note of this kind illustrates."""
        return _NOTE_RULE[self]


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
    """Cards held only as many times as the sets counted, so one more set lacks them
    (for :attr:`MeldNoteKind.INCOMPLETE_SECOND_SET`)."""
    held: tuple[int, ...] = ()
    """Copies held of each card of :attr:`cards`, then the copies held of each
    :attr:`missing` card (for :attr:`MeldNoteKind.INCOMPLETE_SECOND_SET`)."""

    @property
    def rule(self) -> MeldRule:
        """The meld rule the note illustrates (its kind's)."""
        return self.kind.rule

    @property
    def text(self) -> str:
        """The note in plain words."""
        k = self.kind
        if k is MeldNoteKind.SHARED_CARD:
            return (
                f"{self.cards[0].text} counts in the {listed(self.melds)}: a card may count in "
                "several categories, but never twice in one."
            )
        if k is MeldNoteKind.RUN_KQ_NO_MARRIAGE:
            return f"The {_names(self.cards)} inside the run earn no marriage of their own."
        if k is MeldNoteKind.EXTRA_ROYAL_BESIDE_RUN:
            run, royal, total = self.points
            pair = _names(self.cards[:2])
            n = len(self.cards) // 2
            if n == 1:
                return (
                    f"Beside the run you hold another complete {pair}: that royal marriage earns "
                    f"{royal} on top of the run's {run} (run + royal marriage = {total})."
                )
            return (
                f"Beside the run you hold {number_word(n)} more complete {pair}: each royal "
                f"marriage earns {(total - run) // n} on top of the run's {run} "
                f"(run + {number_word(n)} royal marriages = {total})."
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
            runs = number_word(len(self.cards) // 2)
            king, queen = self.cards[0].text, self.cards[1].text
            return (
                f"The {self.melds[0]} uses {runs} {king} and {runs} {queen} for its kings and "
                "queens, so they earn no marriages."
            )
        single, double = self.points
        counts = self.held or (2,) * len(self.cards) + (1,) * len(self.missing)
        more = _copies(self.cards, counts[: len(self.cards)])
        short = _copies(self.missing, counts[len(self.cards) :])
        sets = counts[len(self.cards)]
        this = f"one {self.melds[0]}" if sets == 1 else _a(self.melds[0])
        return (
            f"You hold {more} but only {short}: one card cannot count twice in one category, "
            f"so this is {this} ({single}), not {_a(self.melds[1])} ({double})."
        )

    def __str__(self) -> str:
        return self.text


def _copies(cards: tuple[Card, ...], counts: tuple[int, ...]) -> str:
    """``'three Q♠'``, ``'two A♠ and A♥ and three A♦'``: cards grouped by copies held."""
    groups: dict[int, list[Card]] = {}
    for card, n in zip(cards, counts, strict=True):
        groups.setdefault(n, []).append(card)
    return " and ".join(
        f"{number_word(n)} {_names(group)}" for n, group in sorted(groups.items(), reverse=True)
    )


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
_MULTIPLE_WORDS = {word: n for n, word in enumerate(MULTIPLE_WORDS, 1)}
"""How many sets a meld line's first word says (``'double'``: 2), to read a line's name."""


def _line_name(kind: MeldKind, multiple: int = 1, suit: Suit | None = None) -> str:
    """``'spade marriage'``, ``'double aces around'``, ``'royal marriage'``."""
    if kind is MeldKind.MARRIAGE and suit is not None:
        return f"{suit.singular} marriage"
    return multiple_name(multiple, kind.value)


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
                    tuple(counts[c] for c in more) + tuple(counts[c] for c in short),
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
