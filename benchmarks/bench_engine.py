"""Engine throughput, printed (never asserted by the tests).

    python benchmarks/bench_engine.py [--seconds 3]

Prints, for one core:
* random playouts per second on the engine's fast core, for each rule set
  (deal, meld for every hand, every trick with random legal cards, scoring);
* the same classic hand written only against the public API, as a lesson or a
  widget would write it (``deal``, ``legal_plays``, ``trick_winner``, ``meld``,
  ``score_hand``);
* a straightforward list-of-card-objects engine written in this file, as the
  yardstick the public API must at least match;
* the time of one ``check_play``, ``legal_plays`` and ``meld`` call.

Targets (issues 2 and 4): fast core >= 15,000 classic hands/s; public-API
playout at least as fast as the list-based yardstick; a double-deck hand costs no
more than about twice a classic hand.
"""

from __future__ import annotations

import argparse
import random
import time
import timeit
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from pinochle_tutor import (
    CLASSIC,
    DOUBLE_DECK,
    THREE_HANDED,
    Suit,
    check_play,
    deal,
    legal_plays,
    meld,
    parse_cards,
    score_hand,
    trick_winner,
)
from pinochle_tutor.sim.playout import random_playout


def rate(run_one: Callable[[int], object], seconds: float) -> float:
    """Calls per second of ``run_one(k)`` over about ``seconds``."""
    k = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(100):
            run_one(k)
            k += 1
        now = time.perf_counter()
        if now >= deadline:
            return k / (now - start)


def public_api_hand(rng: random.Random, k: int) -> int:
    """One classic hand with random legal play, using only the public API."""
    d = deal(dealer=k % 4, rng=rng)
    hands = [list(h) for h in d.hands]
    trump = rng.choice(list(Suit))
    declarer = (k + 1) % 4
    melds = [meld(h, trump).total for h in hands]
    points = [0, 0]
    leader = declarer
    for t in range(12):
        trick = []
        seats = []
        for j in range(4):
            seat = (leader + j) % 4
            card = rng.choice(legal_plays(hands[seat], trick, trump))
            hands[seat].remove(card)
            trick.append(card)
            seats.append(seat)
        winner = seats[trick_winner(trick, trump)]
        points[winner % 2] += sum(10 for c in trick if c.rank >= 3) + (10 if t == 11 else 0)
        leader = winner
    b = declarer % 2
    score = score_hand(
        250, melds[b] + melds[b + 2], points[b], melds[1 - b] + melds[3 - b], points[1 - b]
    )
    return score.bidder


# ----------------------------------------------------------------------------
# The yardstick: a straightforward engine on lists of card objects (a frozen
# dataclass per card, list comprehensions for the rules, a Counter for meld).
_STRENGTH = {"9": 0, "J": 1, "Q": 2, "K": 3, "10": 4, "A": 5}
_SUITS = "SHDC"


@dataclass(frozen=True)
class NaiveCard:
    suit: str
    rank: str

    @property
    def strength(self) -> int:
        return _STRENGTH[self.rank]


def _naive_legal(hand: list[NaiveCard], trick: list[NaiveCard], trump: str) -> list[NaiveCard]:
    if not trick:
        return hand
    led = trick[0].suit
    wcard = trick[_naive_winner(trick, trump)]
    follow = [c for c in hand if c.suit == led]
    if follow:
        if wcard.suit == led:
            higher = [c for c in follow if c.strength > wcard.strength]
            return higher or follow
        return follow
    trumps = [c for c in hand if c.suit == trump]
    if trumps:
        if wcard.suit == trump:
            higher = [c for c in trumps if c.strength > wcard.strength]
            return higher or trumps
        return trumps
    return hand


def _naive_winner(trick: list[NaiveCard], trump: str) -> int:
    best = 0
    for i in range(1, len(trick)):
        c, b = trick[i], trick[best]
        if (c.suit == b.suit and c.strength > b.strength) or (c.suit == trump and b.suit != trump):
            best = i
    return best


def _naive_meld(hand: list[NaiveCard], trump: str) -> int:
    n = Counter((c.suit, c.rank) for c in hand)
    total = 0
    run = min(n[(trump, r)] for r in ("A", "10", "K", "Q", "J"))
    total += (0, 150, 1500)[run]
    for s in _SUITS:
        pairs = min(n[(s, "K")], n[(s, "Q")])
        total += (pairs - run) * 40 if s == trump else pairs * 20
    total += n[(trump, "9")] * 10
    for r, row in (("A", (100, 1000)), ("K", (80, 800)), ("Q", (60, 600)), ("J", (40, 400))):
        k = min(n[(s, r)] for s in _SUITS)
        if k:
            total += row[k - 1]
    p = min(n[("S", "Q")], n[("D", "J")])
    if p:
        total += (40, 300)[p - 1]
    return total


_NAIVE_DECK = [NaiveCard(s, r) for s in _SUITS for r in _STRENGTH for _ in range(2)]


def naive_hand(rng: random.Random, k: int) -> int:
    """One classic hand on the yardstick engine."""
    deck = _NAIVE_DECK[:]
    rng.shuffle(deck)
    hands = [deck[i * 12 : i * 12 + 12] for i in range(4)]
    trump = rng.choice(_SUITS)
    melds = [_naive_meld(h, trump) for h in hands]
    points = [0, 0]
    leader = (k + 1) % 4
    for t in range(12):
        trick: list[NaiveCard] = []
        seats = []
        for j in range(4):
            seat = (leader + j) % 4
            card = rng.choice(_naive_legal(hands[seat], trick, trump))
            hands[seat].remove(card)
            trick.append(card)
            seats.append(seat)
        winner = seats[_naive_winner(trick, trump)]
        points[winner % 2] += sum(10 for c in trick if c.strength >= 3) + (10 if t == 11 else 0)
        leader = winner
    return melds[0] + points[0]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--seconds", type=float, default=3.0, help="time per measurement (default 3)"
    )
    args = parser.parse_args()
    s = args.seconds
    print(f"Engine benchmark, one core, about {s:g} s per line\n")
    fast = {}
    for rules in (CLASSIC, DOUBLE_DECK, THREE_HANDED):
        rng = random.Random(1)
        fast[rules.name] = rate(lambda k, r=rules, g=rng: random_playout(g, r, k % r.players), s)
        print(f"fast core, {rules.name:13s} random playouts: {fast[rules.name]:9,.0f} hands/s")
    print(
        f"  double deck hand costs {fast['classic'] / fast['double_deck']:.2f}x a classic hand (target <= 2)"
    )
    rng = random.Random(2)
    public = rate(lambda k: public_api_hand(rng, k), s)
    rng = random.Random(3)
    naive = rate(lambda k: naive_hand(rng, k), s)
    print(f"public API, classic random playouts:     {public:9,.0f} hands/s")
    print(f"list-of-card-objects yardstick:             {naive:9,.0f} hands/s")
    print(
        f"  fast core / yardstick: {fast['classic'] / naive:.2f}x; public API / yardstick: {public / naive:.2f}x\n"
    )
    hand = parse_cards("KC 9C AH AC QS JD 10D KD 9S 10S AS QC")
    trick = parse_cards("QC 9H")
    n = 20000
    for label, fn in (
        ("check_play", lambda: check_play(hand, trick, Suit.HEARTS, hand[0])),
        ("legal_plays", lambda: legal_plays(hand, trick, Suit.HEARTS)),
        ("meld (total)", lambda: meld(hand, Suit.HEARTS).total),
        ("meld (itemized)", lambda: meld(hand, Suit.HEARTS).items),
    ):
        us = min(timeit.repeat(fn, number=n, repeat=3)) / n * 1e6
        print(f"one {label:16s} call: {us:6.2f} us")


if __name__ == "__main__":
    main()
