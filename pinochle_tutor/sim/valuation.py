"""Hand valuation: the heuristic players' count of a hand's trick points
(:func:`estimate_hand`, its weights :func:`hand_count`, which lesson 7 teaches as the
computer players' rule of thumb) and the trump they name by meld plus that count
(:func:`best_trump`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pinochle_tutor.cards import Card
from pinochle_tutor.meld import meld_by_trump
from pinochle_tutor.rules import RuleSet

__all__ = ["HandCount", "best_trump", "estimate_hand", "hand_count", "hand_counts"]


def hand_counts(cards: Sequence[Card]) -> list[int]:
    """How many of each card (by index) ``cards`` holds."""
    c = [0] * 24
    for card in cards:
        c[card.index] += 1
    return c


@dataclass(frozen=True)
class HandCount:
    """The heuristic players' count of a hand's trick points, on the scale of the rules
    in force: a linear fit on heuristic playouts of random deals (no exchange) of the
    trick points a declaring side takes, from its declarer's cards and trump. Each
    weight is what one more of that feature adds; the estimate is never below 0 nor
    above the hand's trick points. Lesson 7 teaches it as the computer players' rule of
    thumb (:func:`hand_count`)."""

    base: float
    """What any hand starts with (the partner's cards are anyone's; three-handed the
    kitty taken and the discard made, which may leave it below 0)."""
    trump: float
    """Each trump held."""
    trump_ace: float
    """Each ace of trump, beyond its trump."""
    trump_ten: float
    """Each ten of trump, beyond its trump."""
    side_ace: float
    """Each ace of another suit."""
    side_ten: float
    """Each ten of another suit."""
    void: float
    """Each suit other than trump the hand holds none of (a trump can take it)."""


_ESTIMATE_PARTNERS = (44.3, 15.0, 6.7, 12.2, 0.6, 11.2)
"""Classic partnership (250 trick points): base, per trump, per top trump (A counts
twice, 10 once), per side ace, per side ten, per side void."""
_ESTIMATE_DOUBLE_DECK = (8.3, 1.81, 0.85, 1.51, 0.0, 2.56)
"""Double deck (50 trick points)."""
_ESTIMATE_ALONE = (-59.9, 20.1, 8.1, 11.7, 4.4, 4.6)
"""Three-handed, after the kitty and the discard (250 trick points, discards apart)."""


def _fit(rules: RuleSet) -> tuple[tuple[float, ...], float]:
    """The fit that counts a hand under ``rules`` and its scale: the classic
    partnership's, the double deck's (three or more copies) or the three-handed one
    (no partnerships), scaled to the rules' trick points."""
    total = rules.total_trick_points
    if not rules.partnerships:
        return _ESTIMATE_ALONE, total / 250.0
    if rules.copies >= 3:
        return _ESTIMATE_DOUBLE_DECK, total / 50.0
    return _ESTIMATE_PARTNERS, total / 250.0


def hand_count(rules: RuleSet) -> HandCount:
    """The weights of the heuristic players' count under ``rules``, on its scale.

    >>> from pinochle_tutor.rules import CLASSIC
    >>> c = hand_count(CLASSIC)
    >>> round(c.base), round(c.trump), round(c.trump_ace), round(c.side_ace), round(c.void)
    (44, 15, 13, 12, 11)
    """
    coef, scale = _fit(rules)
    base, trump, top, side_ace, side_ten, void = (c * scale for c in coef)
    return HandCount(base, trump, 2 * top, top, side_ace, side_ten, void)


def estimate_hand(counts: Sequence[int], trump: int, rules: RuleSet) -> float:
    """Trick points a declarer's side can expect with this hand and ``trump``
    before the exchange: a base share, plus the trump length, the high trumps,
    the side aces and tens, and the side voids (a trump can ruff there): the
    heuristic players' count (:func:`hand_count`). The weights are a linear fit on
    heuristic playouts of random deals; they say what the strategy books say: trump
    length and aces win counters, meld does not."""
    return _estimates(counts, rules)[trump]


def _estimates(counts: Sequence[int], rules: RuleSet) -> list[float]:
    """:func:`estimate_hand` with each of the four trumps (each suit counted once)."""
    total = rules.total_trick_points
    coef, scale = _fit(rules)
    lengths = [sum(counts[s * 6 : s * 6 + 6]) for s in range(4)]
    aces = [counts[s * 6 + 5] for s in range(4)]
    tens = [counts[s * 6 + 4] for s in range(4)]
    all_aces, all_tens, all_voids = sum(aces), sum(tens), lengths.count(0)
    out = []
    for t in range(4):
        n_trump = lengths[t]
        trump_high = aces[t] * 2 + tens[t]
        side_aces = all_aces - aces[t]
        side_tens = all_tens - tens[t]
        voids = all_voids - (1 if n_trump == 0 else 0)
        est = (
            coef[0]
            + coef[1] * n_trump
            + coef[2] * trump_high
            + coef[3] * side_aces
            + coef[4] * side_tens
            + coef[5] * voids
        )
        out.append(max(0.0, min(float(total), est * scale)))
    return out


def best_trump(counts: Sequence[int], rules: RuleSet) -> tuple[int, float]:
    """The suit with the most meld plus expected trick points, and that total."""
    best = 0
    best_v = -1.0
    melds = meld_by_trump(counts, rules.meld_table)
    estimates = _estimates(counts, rules)
    for t in range(4):
        v = melds[t] + estimates[t]
        if v > best_v:
            best, best_v = t, v
    return best, best_v
