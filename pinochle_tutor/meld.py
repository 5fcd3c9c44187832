"""Meld: the scoring combinations shown before trick play.

After trump is named and the cards exchanged, every player shows the
combinations in their own hand; partners add their totals but can never join
cards from two hands into one meld. Classic points:

=================  ==========================  ======  ==================
meld               cards                       points  both copies
=================  ==========================  ======  ==================
run                A 10 K Q J of trump            150  double run 1500
royal marriage     K Q of trump                 40 each
marriage           K Q of another suit          20 each
dix                9 of trump                   10 each
aces around        an A of each suit              100  1000
kings around       a K of each suit                80  800
queens around      a Q of each suit                60  600
jacks around       a J of each suit                40  400
pinochle           Q♠ + J♦                         40  double pinochle 300
=================  ==========================  ======  ==================

* A card may count in several categories (the Q♠ in a spade marriage, queens
  around and a pinochle) but never twice in one category.
* The K and Q inside a run earn no marriage. A further complete trump K+Q
  beside a run earns a royal marriage (run + royal marriage = 190); a lone extra
  K or Q earns nothing. A double run uses both kings and queens: no marriages.
* A double meld replaces the single one: double aces around is 1000, not 1100.

The double-deck table adds triple and quadruple sets (see :mod:`pinochle_tutor.rules`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import NamedTuple

from pinochle_tutor.cards import (
    CARDS_BY_INDEX,
    Card,
    CardLike,
    Rank,
    Suit,
    SuitLike,
    parse_suit,
    sort_hand,
)
from pinochle_tutor.hands import as_cards, counts_of
from pinochle_tutor.rules import CLASSIC, MeldTable, RuleSet

__all__ = ["MeldItem", "MeldKind", "MeldReport", "meld", "meld_points"]

_MULTIPLE_WORD = ("", "double ", "triple ", "quadruple ")


class MeldKind(Enum):
    """The meld categories. A card may serve several categories, never one twice."""

    RUN = "run"
    """A 10 K Q J of trump."""
    ROYAL_MARRIAGE = "royal marriage"
    """K Q of trump outside a run."""
    MARRIAGE = "marriage"
    """K Q of a non-trump suit."""
    DIX = "dix"
    """The 9 of trump."""
    ACES_AROUND = "aces around"
    """An ace of every suit."""
    KINGS_AROUND = "kings around"
    """A king of every suit."""
    QUEENS_AROUND = "queens around"
    """A queen of every suit."""
    JACKS_AROUND = "jacks around"
    """A jack of every suit."""
    PINOCHLE = "pinochle"
    """The queen of spades with the jack of diamonds."""


_AROUND = (
    (MeldKind.ACES_AROUND, Rank.ACE),
    (MeldKind.KINGS_AROUND, Rank.KING),
    (MeldKind.QUEENS_AROUND, Rank.QUEEN),
    (MeldKind.JACKS_AROUND, Rank.JACK),
)
_QS = Suit.SPADES * 6 + Rank.QUEEN
_JD = Suit.DIAMONDS * 6 + Rank.JACK
_RUN_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)


@dataclass(frozen=True)
class MeldItem:
    """One line of a meld report: one combination, its points and the cards it uses."""

    kind: MeldKind
    multiple: int
    """1 for a single set, 2 for a double (both copies), 3 triple, 4 quadruple.
    Marriages and dix are always 1: each one is its own line."""
    points: int
    cards: tuple[Card, ...]
    suit: Suit | None = None
    """The suit of a run, marriage or dix."""

    @property
    def name(self) -> str:
        """``'double aces around'``, ``'royal marriage'``, ``'run'``, ... ."""
        return _MULTIPLE_WORD[self.multiple - 1] + self.kind.value

    def __str__(self) -> str:
        return f"{self.name}: {' '.join(c.text for c in self.cards)} = {self.points}"


@dataclass(frozen=True)
class MeldReport:
    """The meld of one hand for one trump suit, line by line (``items``, built on
    first use) and in total."""

    hand: tuple[Card, ...]
    trump: Suit
    total: int
    """The meld points of the hand."""
    rules: RuleSet = CLASSIC

    @cached_property
    def items(self) -> tuple[MeldItem, ...]:
        """Every meld line: its category, points and the cards it uses."""
        return _items(counts_of(self.hand, self.rules), self.trump, self.rules.meld_table)

    def points_of(self, kind: MeldKind) -> int:
        """Points earned in one category."""
        return sum(i.points for i in self.items if i.kind is kind)

    @property
    def shown_cards(self) -> tuple[Card, ...]:
        """The cards laid on the table to show this meld: each physical card once,
        though it may serve several categories (the Q♠ of a marriage, queens around
        and a pinochle is one card). The run and the royal marriages beside it use
        different copies of the trump K and Q, so they count together."""
        need: dict[Card, int] = {}
        per_group: dict[str, Counter[Card]] = {}
        for item in self.items:
            group = (
                "trump K Q"
                if item.kind in (MeldKind.RUN, MeldKind.ROYAL_MARRIAGE)
                else item.kind.value
            )
            per_group.setdefault(group, Counter()).update(item.cards)
        for counted in per_group.values():
            for card, n in counted.items():
                need[card] = max(need.get(card, 0), n)
        return tuple(sort_hand(c for c, n in need.items() for _ in range(n)))

    def shown(self) -> MeldReport:
        """The same meld as seen by the other players: only the shown cards, never
        the rest of the hand."""
        return MeldReport(self.shown_cards, self.trump, self.total, self.rules)

    def __str__(self) -> str:
        if not self.items:
            return f"No meld with {self.trump.plural} trump: 0"
        lines = [str(i) for i in self.items]
        lines.append(f"total: {self.total}")
        return "\n".join(lines)


class _Sets(NamedTuple):
    """How many complete sets of each category a hand holds (the counting core)."""

    runs: int
    royal_marriages: int
    marriages: tuple[int, int, int, int]
    """Per suit; 0 for the trump suit (its K Q pairs are royal marriages)."""
    dix: int
    arounds: tuple[int, int, int, int]
    """Aces, kings, queens, jacks around."""
    pinochles: int


def _count_sets(c: list[int], trump: int) -> _Sets:
    """Count complete sets in a hand of per-card counts ``c``.

    Runs use one each of A 10 K Q J of trump. Each run holds a K and a Q that earn
    no marriage, so the royal marriages are the trump K+Q pairs beyond the runs."""
    b = trump * 6
    pairs = [min(c[3], c[2]), min(c[9], c[8]), min(c[15], c[14]), min(c[21], c[20])]
    runs = min(c[b + 5], c[b + 4], c[b + 3], c[b + 2], c[b + 1])
    royal = pairs[trump] - runs
    pairs[trump] = 0
    return _Sets(
        runs,
        royal,
        (pairs[0], pairs[1], pairs[2], pairs[3]),
        c[b],
        (
            min(c[5], c[11], c[17], c[23]),
            min(c[3], c[9], c[15], c[21]),
            min(c[2], c[8], c[14], c[20]),
            min(c[1], c[7], c[13], c[19]),
        ),
        min(c[_QS], c[_JD]),
    )


def points_from_counts(c: list[int], trump: int, table: MeldTable) -> int:
    """Meld points of a hand given as 24 per-card counts (the fast path)."""
    runs, royal, pairs, dix, (aces, kings, queens, jacks), pinochles = _count_sets(c, trump)
    points = royal * table.royal_marriage + sum(pairs) * table.marriage + dix * table.dix
    if runs:
        points += table.run[runs - 1]
    if aces:
        points += table.aces_around[aces - 1]
    if kings:
        points += table.kings_around[kings - 1]
    if queens:
        points += table.queens_around[queens - 1]
    if jacks:
        points += table.jacks_around[jacks - 1]
    if pinochles:
        points += table.pinochle[pinochles - 1]
    return points


def _items(counts: list[int], t: Suit, table: MeldTable) -> tuple[MeldItem, ...]:
    s = _count_sets(counts, t)
    items: list[MeldItem] = []
    if s.runs:
        run_cards = tuple(CARDS_BY_INDEX[t * 6 + r] for r in _RUN_RANKS) * s.runs
        items.append(MeldItem(MeldKind.RUN, s.runs, table.run[s.runs - 1], run_cards, t))
    for _ in range(s.royal_marriages):
        items.append(MeldItem(MeldKind.ROYAL_MARRIAGE, 1, table.royal_marriage, _marriage(t), t))
    for suit in Suit:
        for _ in range(s.marriages[suit]):
            items.append(MeldItem(MeldKind.MARRIAGE, 1, table.marriage, _marriage(suit), suit))
    if table.dix:
        for _ in range(s.dix):
            items.append(
                MeldItem(MeldKind.DIX, 1, table.dix, (CARDS_BY_INDEX[t * 6 + Rank.NINE],), t)
            )
    for (kind, rank), n in zip(_AROUND, s.arounds, strict=True):
        if n:
            cards_used = tuple(CARDS_BY_INDEX[suit * 6 + rank] for suit in range(4)) * n
            items.append(MeldItem(kind, n, table.around(rank)[n - 1], cards_used))
    if s.pinochles:
        n = s.pinochles
        items.append(
            MeldItem(
                MeldKind.PINOCHLE,
                n,
                table.pinochle[n - 1],
                (CARDS_BY_INDEX[_QS], CARDS_BY_INDEX[_JD]) * n,
            )
        )
    return tuple(items)


def _marriage(suit: Suit) -> tuple[Card, Card]:
    return (CARDS_BY_INDEX[suit * 6 + Rank.KING], CARDS_BY_INDEX[suit * 6 + Rank.QUEEN])


def meld(hand: Iterable[CardLike] | str, trump: SuitLike, rules: RuleSet = CLASSIC) -> MeldReport:
    """The itemized meld of ``hand`` with ``trump`` as trump.

    >>> meld("AH 10H KH QH JH KH QH", "H").total   # run + extra royal marriage
    190
    """
    cards = as_cards(hand)
    t = parse_suit(trump)
    total = points_from_counts(counts_of(cards, rules), t, rules.meld_table)
    return MeldReport(tuple(cards), t, total, rules)


def meld_points(hand: Iterable[CardLike] | str, trump: SuitLike, rules: RuleSet = CLASSIC) -> int:
    """Just the meld total of ``hand`` (what ``meld(...).total`` gives)."""
    return points_from_counts(counts_of(as_cards(hand), rules), parse_suit(trump), rules.meld_table)
