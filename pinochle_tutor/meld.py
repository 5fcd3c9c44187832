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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cached_property, lru_cache
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
from pinochle_tutor.words import multiple_name

__all__ = [
    "MeldItem",
    "MeldKind",
    "MeldReport",
    "meld",
    "meld_by_trump",
    "meld_losses",
    "meld_points",
]


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
        return multiple_name(self.multiple, self.kind.value)

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


# The cards of one set of each category (indices: suit * 6 + rank).
_RUN_CARDS = tuple(tuple(s * 6 + r for r in _RUN_RANKS) for s in range(4))
_MARRIAGE_CARDS = tuple((s * 6 + Rank.KING, s * 6 + Rank.QUEEN) for s in range(4))
_DIX_CARDS = tuple((s * 6 + Rank.NINE,) for s in range(4))
_AROUND_CARDS = tuple(tuple(s * 6 + rank for s in range(4)) for _, rank in _AROUND)
_PINOCHLE_CARDS = (_QS, _JD)


def _sets(c: Sequence[int], cards: tuple[int, ...]) -> int:
    """How many complete sets of ``cards`` (one of each) the counts ``c`` hold."""
    return min(map(c.__getitem__, cards))


def _royals(runs: int, trump_pairs: int) -> int:
    """Royal marriages: each run holds a K and a Q that earn no marriage, so they are
    the trump K+Q pairs beyond the runs."""
    return trump_pairs - runs


def _count_sets(c: Sequence[int], trump: int) -> _Sets:
    """Count complete sets in a hand of per-card counts ``c`` (what :func:`meld` itemizes)."""
    runs = _sets(c, _RUN_CARDS[trump])
    pairs = [_sets(c, _MARRIAGE_CARDS[s]) for s in range(4)]
    royal = _royals(runs, pairs[trump])
    pairs[trump] = 0
    aces, kings, queens, jacks = (_sets(c, cards) for cards in _AROUND_CARDS)
    return _Sets(
        runs,
        royal,
        (pairs[0], pairs[1], pairs[2], pairs[3]),
        _sets(c, _DIX_CARDS[trump]),
        (aces, kings, queens, jacks),
        _sets(c, _PINOCHLE_CARDS),
    )


# ------------------------------------------------------------------ meld as a sum of parts
# The meld total is a sum of independent parts, each a function of how many sets of a
# few cards the hand holds: the trump suit (from its runs, K+Q pairs and dix), then
# parts scored by a row of the table: a marriage in each other suit, each "around",
# the pinochle. points_from_counts adds the parts; meld_losses counts again only the
# parts a card is in.
_Scored = tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]


def _trump_points(runs: int, trump_pairs: int, dix: int, table: MeldTable) -> int:
    """The trump suit's part: runs (a double replaces the single), the royal marriages
    beside them, the dix."""
    run = table.run[runs - 1] if runs else 0
    return run + _royals(runs, trump_pairs) * table.royal_marriage + dix * table.dix


@lru_cache(maxsize=16)
def _rows(table: MeldTable) -> tuple[tuple[int, ...], _Scored]:
    """The points for holding 0, 1, 2, ... marriages of one suit (they score per pair),
    and the parts whatever the trump: (the cards of one set, the points for holding 0,
    1, 2, ... sets) of each "around" and the pinochle (a double replaces the single)."""
    rows = (table.aces_around, table.kings_around, table.queens_around, table.jacks_around)
    return tuple(n * table.marriage for n in range(5)), (
        *((cards, (0, *row)) for cards, row in zip(_AROUND_CARDS, rows, strict=True)),
        (_PINOCHLE_CARDS, (0, *table.pinochle)),
    )


@lru_cache(maxsize=64)
def _scored_sets(trump: int, table: MeldTable) -> _Scored:
    """The parts beside the trump suit's with ``trump``: a marriage in each other suit,
    each "around", the pinochle."""
    per_pair, shared = _rows(table)
    return (*((_MARRIAGE_CARDS[s], per_pair) for s in range(4) if s != trump), *shared)


def points_from_counts(c: Sequence[int], trump: int, table: MeldTable) -> int:
    """Meld points of a hand given as 24 per-card counts (the fast path)."""
    get = c.__getitem__
    total = _trump_points(
        min(map(get, _RUN_CARDS[trump])),
        min(map(get, _MARRIAGE_CARDS[trump])),
        c[_DIX_CARDS[trump][0]],
        table,
    )
    for cards, row in _scored_sets(trump, table):
        total += row[min(map(get, cards))]
    return total


def meld_by_trump(c: Sequence[int], table: MeldTable) -> list[int]:
    """:func:`points_from_counts` for each of the four trumps (a fast path for choosing
    trump: the parts that do not depend on it are counted once)."""
    get = c.__getitem__
    per_pair, shared = _rows(table)
    rest = 0
    for cards, row in shared:
        rest += row[min(map(get, cards))]
    pairs = [min(map(get, cards)) for cards in _MARRIAGE_CARDS]
    married = [per_pair[n] for n in pairs]
    rest += sum(married)
    return [
        _trump_points(min(map(get, _RUN_CARDS[t])), pairs[t], c[_DIX_CARDS[t][0]], table)
        + rest
        - married[t]
        for t in range(4)
    ]


class _LossPlan(NamedTuple):
    """What :func:`meld_losses` reads for one trump and meld table, worked out once."""

    table: MeldTable
    run_cards: tuple[int, ...]
    pair_cards: tuple[int, ...]
    dix_card: int
    trump_cards: tuple[tuple[int, bool, bool, bool], ...]
    """Each card of the trump suit: its index, and whether it is in the run, in the
    K+Q pair, and the dix."""
    scored: _Scored


_LOSS_PLANS: dict[tuple[int, int], _LossPlan] = {}


def _loss_plan(trump: int, table: MeldTable) -> _LossPlan:
    """The plan of :func:`meld_losses` for ``trump`` and ``table``, kept by the table's
    identity (hashing a meld table costs more than counting a hand's losses)."""
    plan = _LOSS_PLANS.get((trump, id(table)))
    if plan is not None and plan.table is table:
        return plan
    run_cards, pair_cards = _RUN_CARDS[trump], _MARRIAGE_CARDS[trump]
    dix_card = _DIX_CARDS[trump][0]
    cards = tuple(
        (i, i in run_cards, i in pair_cards, i == dix_card) for i in range(trump * 6, trump * 6 + 6)
    )
    plan = _LossPlan(table, run_cards, pair_cards, dix_card, cards, _scored_sets(trump, table))
    if len(_LOSS_PLANS) >= 256:  # house rules make new tables; keep it bounded
        _LOSS_PLANS.clear()
    _LOSS_PLANS[(trump, id(table))] = plan
    return plan


def meld_losses(c: Sequence[int], trump: int, table: MeldTable) -> list[int]:
    """The meld points lost by giving away one copy of each card: ``loss[i]`` is
    ``points_from_counts(c) - points_from_counts(c less one card i)`` for each card held
    (0 for a card not held), for the 24 counts ``c``.

    A fast path for the exchange, which asks this for every card of a hand several
    times per deal: only the parts of the meld a card is in are counted again, with
    the same parts :func:`points_from_counts` adds (a non-trump 9 or 10 is in none).
    A part depends on how many sets of some cards the hand holds, ``n``, the fewest
    copies of any of them; giving one card away leaves ``n - 1`` sets exactly when it
    is one of those cards held only ``n`` times, and ``n`` otherwise. The trump suit's
    part is :func:`_trump_points` written out (the simulation's hottest line), its
    cards and the other parts read from a plan made once per trump and table."""
    p = _loss_plan(trump, table)
    loss = [0] * 24
    get = c.__getitem__
    run, royal, dix_points = table.run, table.royal_marriage, table.dix
    runs = min(map(get, p.run_cards))
    pairs = min(map(get, p.pair_cards))
    dix = c[p.dix_card]
    before = (run[runs - 1] if runs else 0) + (pairs - runs) * royal + dix * dix_points
    for i, in_run, in_pair, is_dix in p.trump_cards:
        n = c[i]
        if n:
            r = runs - 1 if in_run and n == runs else runs
            q = pairs - 1 if in_pair and n == pairs else pairs
            x = dix - 1 if is_dix else dix
            loss[i] = before - ((run[r - 1] if r else 0) + (q - r) * royal + x * dix_points)
    for cards, row in p.scored:
        n = min(map(get, cards))
        if n:
            drop = row[n] - row[n - 1]
            for i in cards:
                if c[i] == n:
                    loss[i] += drop
    return loss


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
