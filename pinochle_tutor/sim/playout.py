"""Fast random playouts, for simulations and benchmarks.

A playout deals a hand, names a declarer, a contract and trump, counts every
player's meld and plays every trick with uniformly random legal cards, then
scores the hand. It works on the engine's internal form (per-card counts and
bit masks, see :mod:`pinochle_tutor.hands`) and uses the same rule core as the
public API (:func:`~pinochle_tutor.tricks.legal_mask`'s logic, the meld counting
core), so its answers are the engine's answers. The tests check it against the
public API card for card.

The choice among legal cards is made as in :func:`choose_kth`: with ``n`` legal
cards and a uniform ``u`` in [0, 1), the ``int(u * n)``-th legal card in index
order. A caller who feeds the same ``u`` values to a playout written against the
public API gets the same game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pinochle_tutor.hands import ABOVE, SUIT_MASK, SUIT_OF
from pinochle_tutor.meld import points_from_counts
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.scoring import score_hand

__all__ = ["PlayoutResult", "choose_kth", "random_playout", "random_playouts"]


@dataclass(frozen=True)
class PlayoutResult:
    """One random hand: who declared, for what, and what each side got."""

    declarer: int
    contract: int
    trump: int
    meld: tuple[int, ...]
    """Meld shown by each side."""
    trick_points: tuple[int, ...]
    """Trick points taken by each side."""
    score: tuple[int, ...]
    """Score change of each side."""


def choose_kth(mask: int, u: float) -> int:
    """The index of the ``int(u * n)``-th set bit of ``mask`` (``n`` bits set)."""
    k = int(u * mask.bit_count())
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


def random_playout(
    rng: random.Random,
    rules: RuleSet = CLASSIC,
    dealer: int = 0,
) -> PlayoutResult:
    """Play one hand with random legal cards. The dealer's left-hand player is the
    declarer at the opening bid; trump is chosen at random; no exchange."""
    players = rules.players
    n = rules.hand_size
    rand = rng.random
    deck = [i for i in range(24) for _ in range(rules.copies) if (i % 6) in rules.ranks]
    rng.shuffle(deck)
    counts = [[0] * 24 for _ in range(players)]
    masks = [0] * players
    for p in range(players):
        c = counts[p]
        m = 0
        for i in deck[p * n : p * n + n]:
            c[i] += 1
            m |= 1 << i
        masks[p] = m
    declarer = (dealer + 1) % players
    trump = int(rand() * 4)
    table = rules.meld_table
    side = [rules.side(p) for p in range(players)]
    sides = rules.sides
    meld = [0] * sides
    for p in range(players):
        meld[side[p]] += points_from_counts(counts[p], trump, table)
    points = [0] * sides
    if rules.kitty_size:
        points[side[declarer]] += sum(rules.counter_points[i % 6] for i in deck[players * n :])
    cp = [rules.counter_points[i % 6] for i in range(24)]
    trump_mask = SUIT_MASK[trump]
    leader = declarer
    for _ in range(n):
        # The lead: any card.
        p = leader
        m = masks[p]
        k = int(rand() * m.bit_count())
        while k:
            m &= m - 1
            k -= 1
        w = (m & -m).bit_length() - 1
        c = counts[p]
        c[w] -= 1
        if not c[w]:
            masks[p] ^= 1 << w
        led_suit = SUIT_OF[w]
        led_mask = SUIT_MASK[led_suit]
        wseat = p
        pts = cp[w]
        for _ in range(players - 1):
            p += 1
            if p == players:
                p = 0
            h = masks[p]
            # tricks.legal_mask: the suit to play, then a card that beats the winner if
            # one does (ABOVE holds only the winner's own suit).
            legal = h & led_mask or h & trump_mask or h
            legal = legal & ABOVE[w] or legal
            k = int(rand() * legal.bit_count())
            while k:
                legal &= legal - 1
                k -= 1
            i = (legal & -legal).bit_length() - 1
            c = counts[p]
            c[i] -= 1
            if not c[i]:
                masks[p] ^= 1 << i
            pts += cp[i]
            if (ABOVE[w] >> i) & 1 or (SUIT_OF[i] == trump and SUIT_OF[w] != trump):
                w = i
                wseat = p
        points[side[wseat]] += pts
        leader = wseat
    points[side[leader]] += rules.last_trick_bonus
    bside = side[declarer]
    bid = rules.opening_bid
    score = [0] * sides
    for d in range(sides):
        if d != bside:
            result = score_hand(bid, meld[bside], points[bside], meld[d], points[d], rules)
            score[bside] = result.bidder
            score[d] = result.defender
    return PlayoutResult(declarer, bid, trump, tuple(meld), tuple(points), tuple(score))


def random_playouts(
    count: int, rules: RuleSet = CLASSIC, seed: int | None = None
) -> list[PlayoutResult]:
    """``count`` random hands, the deal moving clockwise."""
    rng = random.Random(seed)
    return [random_playout(rng, rules, dealer=k % rules.players) for k in range(count)]
