"""Scoring a hand, and the end of the game.

**Trick points.** Aces, 10s and kings are the counters: 10 points each in the
tricks that capture them. The last trick earns 10 more: 250 trick points in all.

**Meld is saved by tricks.** A side keeps its meld only if it takes at least 10
trick points.

**The contract.** The bidders need meld + trick points of at least their bid
(bid 320 with 180 meld: they need 140 trick points).

* Made: they add the full total earned (meld + trick points: 180 + 160 = +340).
* Missed: they subtract the bid and score nothing else (130 captured: -320).
* Bidders who take no trick points at all are *set*.

**Defenders** score meld + trick points if they took at least 10 trick points,
otherwise nothing.

**Concession.** A declarer may concede before trick play: the bidders subtract
the bid and the defenders score their meld only.

**Game.** The first side to 1500 wins; if both sides reach it on the same hand,
the bidders win if they made their contract.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from pinochle_tutor.cards import CardLike, Rank
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.hands import as_cards
from pinochle_tutor.rules import CLASSIC, RuleSet

__all__ = [
    "HandScore",
    "InvalidPointsError",
    "check_hand",
    "game_winner",
    "meld_ceiling",
    "minimum_tricks",
    "points_to_set",
    "possible_meld",
    "reachable_trick_points",
    "score_changes",
    "score_hand",
    "score_sides",
    "trick_point_step",
    "trick_points",
]


class InvalidPointsError(PinochleError):
    """A number given to the scorer that cannot happen under the rules in force: a bid
    that is not a bid (below the opening, off the increment), meld that is not a whole
    number of 0 or more, or trick points that no side can take (more than the hand
    holds, or a number the counters cannot add up to)."""


@dataclass(frozen=True)
class HandScore:
    """What one hand was worth to each side, and the facts that decided it. The
    tutor reads it out in words with
    :func:`pinochle_tutor.explain.explain_contract` (one narrator for the score)."""

    bid: int
    bidder_meld: int
    bidder_tricks: int
    defender_meld: int
    defender_tricks: int
    bidder: int
    """Change to the bidders' score."""
    defender: int
    """Change to the defenders' score."""
    made: bool
    """Whether the bidders made their contract."""
    bidder_meld_kept: bool
    defender_meld_kept: bool
    conceded: bool
    set_no_tricks: bool
    """Bidders who took no trick points at all (set whatever their meld)."""
    meld_save: int
    """Trick points a side needs to keep its meld (10 in the classic game)."""
    solo: bool = False
    """Three-handed: one declarer against each defender alone (changes only the wording)."""

    needed: int | None = None
    """The fewest trick points that would have made the contract with this meld, under
    the rules in force (``None``: not even all the trick points could). Computed once,
    by :func:`minimum_tricks`: it counts the meld only when the trick points keep it,
    and a side with no trick points at all is set."""

    @property
    def bidder_total(self) -> int:
        """Meld kept plus trick points: what the bidders earned before comparing with the bid."""
        return (self.bidder_meld if self.bidder_meld_kept else 0) + self.bidder_tricks


def trick_points(
    cards: Iterable[CardLike] | str, rules: RuleSet = CLASSIC, last_trick: bool = False
) -> int:
    """The counters in ``cards`` (A, 10, K: 10 each classic), plus the last-trick
    bonus when ``last_trick`` is true."""
    values = rules.counter_points
    return sum(values[c.rank] for c in as_cards(cards)) + (
        rules.last_trick_bonus if last_trick else 0
    )


def trick_point_step(rules: RuleSet = CLASSIC) -> int:
    """The step in which trick points come: every capture is a sum of the deck's counter
    values and the last-trick bonus, so a side's trick points are a multiple of their
    greatest common divisor (10 classic, 1 in the double deck). The one reckoning the
    lessons' numbers and the score questions round to.

    >>> from pinochle_tutor.rules import DOUBLE_DECK
    >>> trick_point_step(), trick_point_step(DOUBLE_DECK)
    (10, 1)
    """
    values = [rules.counter_points[r] for r in rules.ranks if rules.counter_points[r] > 0]
    values += [rules.last_trick_bonus] if rules.last_trick_bonus > 0 else []
    return math.gcd(*values) if values else 1


@lru_cache(maxsize=32)
def reachable_trick_points(rules: RuleSet = CLASSIC) -> frozenset[int]:
    """Every number of trick points one side (or one player) can take in a hand
    under ``rules``: a sum of some of the deck's counters
    (:attr:`~pinochle_tutor.rules.RuleSet.counter_points`, each card in
    ``rules.copies`` copies of four suits), with or without the last-trick bonus.

    >>> sorted(reachable_trick_points())[:4], max(reachable_trick_points())
    ([0, 10, 20, 30], 250)
    >>> from pinochle_tutor.rules import DOUBLE_DECK
    >>> reachable_trick_points(DOUBLE_DECK) == frozenset(range(51))
    True
    """
    sums = {0}
    for rank in rules.ranks:
        value = rules.counter_points[rank]
        if value:
            for _ in range(4 * rules.copies):
                sums |= {x + value for x in sums}
    return frozenset(sums | {x + rules.last_trick_bonus for x in sums})


def _meld_lines(rules: RuleSet) -> list[tuple[int, int]]:
    """(highest value, how many times one hand can hold it) for each line of the meld
    table: the multiple rows once, marriages and dix once per copy."""
    mt = rules.meld_table
    lines = [
        (max(row, default=0), 1)
        for row in (mt.run, mt.aces_around, mt.kings_around, mt.queens_around,
                    mt.jacks_around, mt.pinochle)
    ]  # fmt: skip
    lines.append((mt.royal_marriage, rules.copies))
    lines.append((mt.marriage, 3 * rules.copies))
    if Rank.NINE in rules.ranks:
        lines.append((mt.dix, rules.copies))
    return lines


def _hands_per_side(rules: RuleSet) -> int:
    return rules.players // rules.sides


@lru_cache(maxsize=32)
def meld_ceiling(rules: RuleSet = CLASSIC) -> int:
    """More meld than one side can ever show under ``rules``: every line of the meld
    table at its highest, in each hand of the side (2 in partnerships, else 1). No
    hand holds all of it; it bounds what :func:`check_hand` accepts.

    >>> from pinochle_tutor.rules import DOUBLE_DECK, THREE_HANDED
    >>> meld_ceiling(), meld_ceiling(DOUBLE_DECK), meld_ceiling(THREE_HANDED)
    (9640, 1980, 4820)
    """
    return rules.most_meld


@lru_cache(maxsize=32)
def _meld_sums(rules: RuleSet) -> int:
    """Bit ``m`` is set when ``m`` is a sum of meld-table values (each used any number
    of times), for ``m`` up to :func:`meld_ceiling`."""
    limit = meld_ceiling(rules)
    mask = (1 << (limit + 1)) - 1
    mt = rules.meld_table
    values = {v for row in (mt.run, mt.aces_around, mt.kings_around, mt.queens_around,
                            mt.jacks_around, mt.pinochle) for v in row}  # fmt: skip
    values |= {mt.royal_marriage, mt.marriage}
    if Rank.NINE in rules.ranks:
        values.add(mt.dix)
    sums = 1
    for v in sorted(values - {0}):
        step = v
        while step <= limit:  # doubling: sums of 0, 1, 2, 3, ... copies of v
            sums = (sums | (sums << step)) & mask
            step *= 2
    return sums


def possible_meld(value: int, rules: RuleSet = CLASSIC) -> bool:
    """Whether one side could show ``value`` meld under ``rules``: a sum of the meld
    table's values, no more than :func:`meld_ceiling`. (A necessary condition: some
    sums need more cards than a hand holds.)

    >>> possible_meld(190), possible_meld(15), possible_meld(10**6)
    (True, False, False)
    >>> from pinochle_tutor.rules import DOUBLE_DECK
    >>> [m for m in range(20) if not possible_meld(m, DOUBLE_DECK)]
    [1, 3, 5, 7, 9, 11, 13]
    """
    return 0 <= value <= meld_ceiling(rules) and bool(_meld_sums(rules) >> value & 1)


def minimum_tricks(bid: int, meld: int, rules: RuleSet = CLASSIC) -> int | None:
    """The fewest trick points that make a contract of ``bid`` for a side that showed
    ``meld``, or ``None`` when none can: the meld counts only with at least
    ``rules.meld_save`` trick points, a side with no trick points is set, and only
    the numbers of :func:`reachable_trick_points` can be taken.

    >>> minimum_tricks(320, 180), minimum_tricks(250, 300), minimum_tricks(500, 70)
    (140, 10, None)
    """
    for t in sorted(reachable_trick_points(rules)):
        if t > 0 and (meld if t >= rules.meld_save else 0) + t >= bid:
            return t
    return None


def points_to_set(need: int | None, rules: RuleSet = CLASSIC) -> int:
    """The fewest trick points the other side (three-handed: the two defenders together)
    must take to set a contract whose declaring side needs ``need`` in tricks
    (:func:`minimum_tricks`; ``None``, it cannot be made: nothing): every trick point
    of the hand less the most the declaring side can take and still fall short.

    >>> points_to_set(140), points_to_set(10), points_to_set(None)
    (120, 250, 0)
    """
    if need is None:
        return 0
    short = [t for t in reachable_trick_points(rules) if t < need]
    return rules.total_trick_points - max(short) if short else 0


def _whole(value: object) -> bool:
    return not isinstance(value, bool) and isinstance(value, int)


def _check_bid(bid: object, rules: RuleSet) -> int:
    """``bid`` if it can be a contract under ``rules``: the stuck dealer's bid, or a
    bid from the opening up to :attr:`~pinochle_tutor.rules.RuleSet.max_bid` on the
    increment."""
    if _whole(bid) and isinstance(bid, int):
        if bid > rules.max_bid and bid != rules.stuck_bid:
            raise InvalidPointsError(
                f"A bid of {bid} cannot be a contract: bids go up to {rules.max_bid}, and "
                f"no side can take more than {rules.most_points} points in a hand."
            )
        if bid == rules.stuck_bid or (bid >= rules.opening_bid and bid % rules.bid_increment == 0):
            return bid
        if bid < rules.opening_bid:
            raise InvalidPointsError(
                f"A bid of {bid} cannot be a contract: bids start at {rules.opening_bid}."
            )
        raise InvalidPointsError(
            f"A bid of {bid} cannot be a contract: bids go up in multiples of {rules.bid_increment}."
        )
    raise InvalidPointsError(f"The bid must be a whole number of points, not {bid!r}.")


def _check_meld(who: str, value: object, rules: RuleSet, exact: bool) -> int:
    if not (_whole(value) and isinstance(value, int) and value >= 0):
        raise InvalidPointsError(
            f"{who} must be a whole number of points, 0 or more, not {value!r}."
        )
    if not exact or possible_meld(value, rules):
        return value
    top = meld_ceiling(rules)
    if value > top:
        hands = _hands_per_side(rules)
        where = f"in each of the {hands} hands of a side" if hands > 1 else "in one hand"
        raise InvalidPointsError(
            f"{who} cannot be {value}: even every line of the meld table at its highest, "
            f"{where}, makes only {top}."
        )
    mt = rules.meld_table
    step = math.gcd(*(v for v, _ in _meld_lines(rules)), *mt.run, *mt.pinochle)
    hint = f" (meld comes in steps of {step})" if step > 1 and value % step else ""
    raise InvalidPointsError(
        f"{who} cannot be {value}: no lines of the meld table add up to exactly {value}{hint}."
    )


def _check_tricks(who: str, value: object, rules: RuleSet, exact: bool) -> int:
    total = rules.total_trick_points
    if not _whole(value) or not isinstance(value, int) or value < 0:
        raise InvalidPointsError(
            f"{who} must be a whole number of points, 0 or more, not {value!r}."
        )
    if value > total:
        raise InvalidPointsError(
            f"{who} cannot be {value}: a hand holds only {total} trick points in all."
        )
    if exact and value not in reachable_trick_points(rules):
        step = min(v for v in reachable_trick_points(rules) if v > 0)
        hint = (
            f" (they come in steps of {step})"
            if all(v % step == 0 for v in reachable_trick_points(rules))
            else ""
        )
        raise InvalidPointsError(
            f"{who} cannot be {value}: trick points never add up to exactly {value}{hint}."
        )
    return value


def check_hand(
    bid: int,
    bidder_meld: int,
    bidder_tricks: int,
    defender_meld: int,
    defender_tricks: int,
    rules: RuleSet = CLASSIC,
) -> None:
    """Refuse, with an :class:`InvalidPointsError` in words a learner reads, the
    numbers of a hand that cannot happen under ``rules``: a bid that is not a
    contract (below the opening, above :attr:`~pinochle_tutor.rules.RuleSet.max_bid`,
    off the increment, unless it is the stuck dealer's), meld below 0 or that no lines of the meld table add up to
    (:func:`possible_meld`), trick points below 0 or beyond the hand's total, a
    number of trick points the counters and the last trick cannot add up to
    (:func:`reachable_trick_points`: classic ones come in tens, double-deck ones
    in ones), or two sides' trick points that make more than the hand holds.

    >>> check_hand(320, 180, 130, 0, 120)
    >>> check_hand(320, 180, 135, 0, 115)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pinochle_tutor.scoring.InvalidPointsError: The bidders' trick points cannot be 135: ...
    """
    _check_hand(bid, bidder_meld, bidder_tricks, defender_meld, defender_tricks, rules, exact=True)


def _check_hand(
    bid: int,
    bidder_meld: int,
    bidder_tricks: int,
    defender_meld: int,
    defender_tricks: int,
    rules: RuleSet,
    *,
    exact: bool,
) -> None:
    solo = not rules.partnerships
    _check_bid(bid, rules)
    _check_meld("The declarer's meld" if solo else "The bidders' meld", bidder_meld, rules, exact)
    _check_meld("The defender's meld" if solo else "The defenders' meld", defender_meld, rules,
                exact)  # fmt: skip
    _check_tricks("The declarer's trick points" if solo else "The bidders' trick points",
                  bidder_tricks, rules, exact)  # fmt: skip
    _check_tricks("The defender's trick points" if solo else "The defenders' trick points",
                  defender_tricks, rules, exact)  # fmt: skip
    total = rules.total_trick_points
    if exact and bidder_tricks + defender_tricks > total:
        both = "the declarer and this defender" if solo else "the bidders and the defenders"
        raise InvalidPointsError(
            f"Trick points of {bidder_tricks} and {defender_tricks} make "
            f"{bidder_tricks + defender_tricks}, but {both} can take only the "
            f"{total} trick points of a hand between them."
        )


def score_hand(
    bid: int,
    bidder_meld: int,
    bidder_tricks: int,
    defender_meld: int,
    defender_tricks: int,
    rules: RuleSet = CLASSIC,
    conceded: bool = False,
) -> HandScore:
    """Score one hand for the bidders and the defenders.

    Numbers that cannot happen raise :class:`InvalidPointsError`: a bid that is not
    a contract, meld below 0, trick points below 0 or beyond the hand's total.
    (Trick points that the counters cannot add up to, such as 135 classic, or two
    sides' that make more than the hand, are refused by :func:`check_hand`, which
    the tutor calls; the computer players score estimated trick points here.)

    >>> score_hand(320, 180, 160, 0, 90).bidder
    340
    >>> score_hand(320, 180, 130, 0, 120).bidder
    -320
    """
    _check_hand(bid, bidder_meld, bidder_tricks, defender_meld, defender_tricks, rules, exact=False)
    solo = not rules.partnerships
    needed = minimum_tricks(bid, bidder_meld, rules)
    if conceded:
        return HandScore(
            bid,
            bidder_meld,
            0,
            defender_meld,
            0,
            -bid,
            defender_meld,
            False,
            False,
            True,
            True,
            False,
            rules.meld_save,
            solo,
            needed,
        )
    save = rules.meld_save
    bidder_kept = bidder_tricks >= save
    defender_kept = defender_tricks >= save
    set_no_tricks = bidder_tricks == 0
    earned = (bidder_meld if bidder_kept else 0) + bidder_tricks
    made = not set_no_tricks and earned >= bid
    return HandScore(
        bid, bidder_meld, bidder_tricks, defender_meld, defender_tricks,
        bidder=earned if made else -bid,
        defender=defender_meld + defender_tricks if defender_kept else 0,
        made=made, bidder_meld_kept=bidder_kept, defender_meld_kept=defender_kept,
        conceded=False, set_no_tricks=set_no_tricks, meld_save=save, solo=solo, needed=needed,
    )  # fmt: skip


def score_sides(
    bid: int,
    bidders: int,
    side_meld: Sequence[int],
    side_tricks: Sequence[int],
    rules: RuleSet = CLASSIC,
    conceded: bool = False,
) -> tuple[HandScore, ...]:
    """Score a hand against every defending side: one :class:`HandScore` per side other
    than ``bidders`` (one in the partnership games; three-handed, one per defender, each
    on their own meld and trick points). ``side_meld`` and ``side_tricks`` are indexed by
    side; with ``conceded`` the trick points are not counted (see :func:`score_hand`).

    >>> [s.defender for s in score_sides(300, 0, [120, 40], [100, 150])]
    [190]
    """
    return tuple(
        score_hand(
            bid, side_meld[bidders], 0 if conceded else side_tricks[bidders],
            side_meld[d], 0 if conceded else side_tricks[d], rules, conceded=conceded,
        )
        for d in range(rules.sides)
        if d != bidders
    )  # fmt: skip


def score_changes(scores: Sequence[HandScore], bidders: int, rules: RuleSet = CLASSIC) -> list[int]:
    """What a hand scored by :func:`score_sides` adds to (or takes from) each side's
    score, indexed by side: the bidders' change once, each defender's its own.

    >>> score_changes(score_sides(300, 0, [120, 40], [100, 150]), 0)
    [-300, 190]
    """
    out = [0] * rules.sides
    if not scores:
        return out
    out[bidders] = scores[0].bidder
    defenders = [d for d in range(rules.sides) if d != bidders]
    for d, sc in zip(defenders, scores, strict=True):
        out[d] = sc.defender
    return out


def game_winner(
    scores: Sequence[int], bidder_side: int | None, made: bool, rules: RuleSet = CLASSIC
) -> int | None:
    """The side that has won the game after a hand, or ``None`` to play on.

    A side wins on reaching the target. If several reach it on the same hand, the
    bidders win if they made their contract; otherwise the highest score wins (the
    rules of record say so three-handed; for partnerships they are silent and this is
    the tutor's choice, said so wherever it is taught). On an exact tie of the highest
    scores the rules of record are silent too: ``None``, and another hand is played."""
    reached = [side for side, s in enumerate(scores) if s >= rules.target]
    if not reached:
        return None
    if len(reached) == 1:
        return reached[0]
    if bidder_side in reached and made:
        return bidder_side
    best = max(scores[s] for s in reached)
    leaders = [s for s in reached if scores[s] == best]
    return leaders[0] if len(leaders) == 1 else None
