"""What a seat knows during a hand, and deals of the hidden cards that agree with it.

A good player keeps a ledger while the cards fall. It has four columns:

* **Cards played.** Every card that has hit the table, counted by copy: seeing
  one A♠ played does not mean the other has gone.
* **Cards shown in meld.** Meld is shown face up, so the cards in an opponent's
  run or aces around are *known* to be in that hand until they are played.
* **Voids and caps revealed by play.** The trick rules leak information. A
  player who does not follow the led suit holds none of it; one who neither
  follows nor trumps holds no trump either; one who follows suit without beating
  the winning card of that suit (rule 2 obliges beating when possible) holds no
  higher card of the suit; one who trumps under an earlier trump holds no higher
  trump. Nothing else is inferred: only what the rules force.
* **The exchange.** The declarer knows the four cards it returned are in its
  partner's hand; the partner knows the cards it passed (less any sent back) are
  in the declarer's. In the three-handed game the declarer knows its own
  discards, which are out of play.

:class:`Knowledge` is that ledger, built from a
:class:`~pinochle_tutor.game.PlayerView` (it reads only what the view shows:
meld *items*, tricks, the exchange, never another hand).
:func:`sample_hidden_hands` deals the unseen cards to the other seats in a way
that respects every entry of the ledger, which is what a Monte Carlo player
needs to imagine the hands it cannot see.

Cards are handled in the engine's internal form: a hand is 24 per-card counts,
a set of cards a bit mask (see :mod:`pinochle_tutor.hands`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pinochle_tutor.cards import Suit
from pinochle_tutor.hands import ABOVE, SUIT_MASK, SUIT_OF
from pinochle_tutor.meld import MeldKind, MeldReport
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.view import Phase, PlayerView

__all__ = [
    "Knowledge",
    "consistent",
    "deck_counts",
    "sample_hidden_hands",
    "shown_counts",
    "trick_inferences",
]

_ALL = (1 << 24) - 1


def deck_counts(rules: RuleSet) -> list[int]:
    """Copies of each of the 24 cards in the deck of ``rules`` (0 for a rank it lacks)."""
    return [rules.copies if i % 6 in rules.ranks else 0 for i in range(24)]


def shown_counts(report: MeldReport) -> list[int]:
    """Copies of each card a meld report shows (the least the hand must have held).

    A card may serve several categories (the Q♠ in a marriage, queens around and a
    pinochle) with the same copy, so the copies shown are the largest number any
    one category needs. A run and the royal marriages beside it use different
    copies of the trump K and Q, so they count together."""
    per_group: dict[MeldKind, list[int]] = {}
    for item in report.items:
        kind = MeldKind.RUN if item.kind is MeldKind.ROYAL_MARRIAGE else item.kind
        row = per_group.setdefault(kind, [0] * 24)
        for card in item.cards:
            row[card.index] += 1
    out = [0] * 24
    for row in per_group.values():
        for i, n in enumerate(row):
            if n > out[i]:
                out[i] = n
    return out


def trick_inferences(cards: list[int], trump: int) -> list[int]:
    """For each card after the lead of one trick (card indices in play order), the
    mask of cards its player is thereby shown not to hold (0 for the leader).

    * Not following: void in the led suit; and not trumping either: void in trump.
    * Following without beating a winner of the led suit: no higher card of it.
    * Trumping without over-trumping an earlier trump: no higher trump."""
    out = [0] * len(cards)
    if not cards:
        return out
    led = cards[0]
    ls = SUIT_OF[led]
    w = led
    for pos in range(1, len(cards)):
        c = cards[pos]
        cs = SUIT_OF[c]
        wins = (ABOVE[w] >> c) & 1 or (cs == trump and SUIT_OF[w] != trump)
        bar = 0
        if cs != ls:
            bar |= SUIT_MASK[ls]
            if cs != trump:
                bar |= SUIT_MASK[trump]
            elif SUIT_OF[w] == trump and not wins:
                bar |= ABOVE[w]
        elif SUIT_OF[w] == ls and not wins:
            bar |= ABOVE[w]
        out[pos] = bar
        if wins:
            w = c
    return out


@dataclass(frozen=True)
class Knowledge:
    """One seat's ledger at one moment of a hand (see the module text).

    Counts are 24-long tuples indexed by card index; per-seat rows are indexed by
    seat. Use :meth:`from_view` to build one."""

    seat: int
    rules: RuleSet
    trump: int | None
    declarer: int | None
    hand: tuple[int, ...]
    """This seat's own cards, as counts."""
    played: tuple[int, ...]
    """Every card played so far (finished tricks and the trick on the table)."""
    played_by: tuple[tuple[int, ...], ...]
    """The cards each seat has played."""
    shown: tuple[tuple[int, ...], ...]
    """The cards each seat showed in meld (all zero before meld)."""
    must_hold: tuple[tuple[int, ...], ...]
    """Cards each other seat is known to hold now: shown in meld or placed there by
    the exchange, less what it has played since. Zero for this seat's own row."""
    forbidden: tuple[int, ...]
    """Per seat, the mask of cards it is known not to hold (voids and caps revealed
    by play)."""
    hand_sizes: tuple[int, ...]
    """Cards each seat holds now."""
    unseen: tuple[int, ...]
    """Cards this seat cannot see: in the other hands, or out of play unseen."""
    out_of_play: int
    """How many of the unseen cards are in no hand (three-handed: the kitty before
    the auction, the declarer's discards for the other two)."""
    received: tuple[int, ...]
    """Cards this seat received in the exchange (or the kitty it took)."""
    given: tuple[int, ...]
    """Cards this seat passed, returned or discarded."""

    @classmethod
    def from_view(cls, view: PlayerView) -> Knowledge:
        """The ledger of ``view.seat`` from what its view shows."""
        rules = view.rules
        players = rules.players
        seat = view.seat
        trump = int(view.trump) if view.trump is not None else None
        hand = [0] * 24
        for c in view.hand:
            hand[c.index] += 1
        played = [0] * 24
        played_by = [[0] * 24 for _ in range(players)]
        forbidden = [0] * players
        tricks: list[tuple[tuple[int, ...], tuple[int, ...]]] = [
            (tuple(c.index for c in t.cards), t.seats) for t in view.tricks
        ]
        if view.trick:
            tricks.append((tuple(c.index for c in view.trick), view.trick_seats))
        for cards, seats in tricks:
            for i, s in zip(cards, seats, strict=True):
                played[i] += 1
                played_by[s][i] += 1
            if trump is not None:
                for s, bar in zip(seats, trick_inferences(list(cards), trump), strict=True):
                    forbidden[s] |= bar
        shown = [[0] * 24 for _ in range(players)]
        if view.melds is not None:
            for s, report in enumerate(view.melds):
                shown[s] = shown_counts(report)
        received = [0] * 24
        for c in view.received:
            received[c.index] += 1
        given = [0] * 24
        for c in view.given:
            given[c.index] += 1
        # What the exchange places in another hand (before meld and play).
        placed = [[0] * 24 for _ in range(players)]
        partner = rules.partner(seat)
        if rules.exchange_size and view.declarer is not None and partner is not None:
            if seat == view.declarer:
                placed[partner] = list(given)
            elif partner == view.declarer:
                placed[partner] = [max(0, g - r) for g, r in zip(given, received, strict=True)]
        must = [[0] * 24 for _ in range(players)]
        for s in range(players):
            if s == seat:
                continue
            row = must[s]
            for i in range(24):
                n = max(shown[s][i], placed[s][i]) - played_by[s][i]
                if n > 0:
                    row[i] = n
        sizes = [rules.hand_size - sum(played_by[s]) for s in range(players)]
        if view.declarer is not None and rules.exchange_size and view.phase is Phase.RETURN:
            dp = rules.partner(view.declarer)
            assert dp is not None
            sizes[view.declarer] += rules.exchange_size
            sizes[dp] -= rules.exchange_size
        sizes[seat] = len(view.hand)
        deck = deck_counts(rules)
        own_discards = given if (rules.has_kitty and seat == view.declarer) else [0] * 24
        unseen = [max(0, deck[i] - hand[i] - played[i] - own_discards[i]) for i in range(24)]
        out_of_play = 0
        if rules.has_kitty and seat != view.declarer:
            out_of_play = rules.kitty_size
        if rules.has_kitty and seat == view.declarer and not view.given:
            # Holding the kitty before discarding: every unseen card is in a hand.
            out_of_play = 0
        return cls(
            seat=seat,
            rules=rules,
            trump=trump,
            declarer=view.declarer,
            hand=tuple(hand),
            played=tuple(played),
            played_by=tuple(tuple(r) for r in played_by),
            shown=tuple(tuple(r) for r in shown),
            must_hold=tuple(tuple(r) for r in must),
            forbidden=tuple(forbidden),
            hand_sizes=tuple(sizes),
            unseen=tuple(unseen),
            out_of_play=out_of_play,
            received=tuple(received),
            given=tuple(given),
        )

    # ------------------------------------------------------------ queries
    @property
    def others(self) -> tuple[int, ...]:
        """The other seats, clockwise from this one."""
        p = self.rules.players
        return tuple((self.seat + k) % p for k in range(1, p))

    def voids(self, seat: int) -> frozenset[Suit]:
        """The suits ``seat`` is known to hold no card of (revealed by play)."""
        f = self.forbidden[seat]
        return frozenset(Suit(s) for s in range(4) if f & SUIT_MASK[s] == SUIT_MASK[s])

    def unseen_mask(self) -> int:
        """The distinct cards some other seat may hold (or that are out of play)."""
        m = 0
        for i, n in enumerate(self.unseen):
            if n:
                m |= 1 << i
        return m

    def may_hold(self, seat: int) -> int:
        """The distinct cards ``seat`` may hold, as far as this seat can tell."""
        if seat == self.seat:
            return sum(1 << i for i, n in enumerate(self.hand) if n)
        return self.unseen_mask() & ~self.forbidden[seat]


# ---------------------------------------------------------------- sampling
def _slots(k: Knowledge) -> tuple[list[int], list[int], list[int], list[list[int]]]:
    """The places unseen cards can be: each other seat, plus an out-of-play pile.
    Returns (seats, free capacity, forbidden mask, must-hold counts) per slot."""
    seats = list(k.others)
    caps = [k.hand_sizes[s] - sum(k.must_hold[s]) for s in seats]
    forb = [k.forbidden[s] for s in seats]
    must = [list(k.must_hold[s]) for s in seats]
    if k.out_of_play:
        seats.append(-1)
        caps.append(k.out_of_play)
        forb.append(0)
        must.append([0] * 24)
    return seats, caps, forb, must


def _feasible(sig_counts: dict[int, int], caps: list[int]) -> bool:
    """Hall's condition: the cards whose allowed slots all lie in any set of slots
    fit in those slots' free places."""
    n = len(caps)
    if sig_counts.get(0):
        return False
    for subset in range(1, 1 << n):
        room = 0
        for j in range(n):
            if subset >> j & 1:
                room += caps[j]
        need = 0
        for sig, cnt in sig_counts.items():
            if sig & ~subset == 0:
                need += cnt
        if need > room:
            return False
    return True


def _deal_pool(
    pool: list[int], caps: list[int], allowed: list[int], rng: random.Random, exact: bool
) -> list[list[int]] | None:
    """Deal the card indices of ``pool`` to slots with free places ``caps``; card
    ``i`` may go to the slots in the bit mask ``allowed[i]``. Most constrained
    cards first, each to an allowed slot chosen with probability proportional to
    its free places (close to a uniform deal). With ``exact``, every step keeps the
    rest dealable (Hall's condition), so the deal never fails if one exists."""
    n = len(caps)
    caps = list(caps)
    cards = list(pool)
    rng.shuffle(cards)
    cards.sort(key=lambda i: allowed[i].bit_count())
    out = [[0] * 24 for _ in range(n)]
    sig_counts: dict[int, int] = {}
    if exact:
        for i in cards:
            sig_counts[allowed[i]] = sig_counts.get(allowed[i], 0) + 1
        if not _feasible(sig_counts, caps):
            return None
    rand = rng.random
    for i in cards:
        a = allowed[i]
        choices = [j for j in range(n) if a >> j & 1 and caps[j] > 0]
        if not choices:
            return None
        if exact:
            sig_counts[a] -= 1
            order: list[int] = []
            rest = list(choices)
            while rest:
                total = sum(caps[j] for j in rest)
                r = rand() * total
                for j in rest:
                    r -= caps[j]
                    if r < 0:
                        break
                rest.remove(j)
                order.append(j)
            for j in order:
                caps[j] -= 1
                if _feasible(sig_counts, caps):
                    break
                caps[j] += 1
            else:
                return None
        else:
            total = sum(caps[j] for j in choices)
            r = rand() * total
            for j in choices:
                r -= caps[j]
                if r < 0:
                    break
            caps[j] -= 1
        out[j][i] += 1
    return out


def sample_hidden_hands(
    knowledge: Knowledge, rng: random.Random, tries: int = 12
) -> list[list[int]]:
    """One deal of the unseen cards that agrees with everything ``knowledge`` holds.

    Returns per-seat counts for every seat (this seat's row is its own hand): each
    other seat gets exactly its number of cards, including every card it is known
    to hold, and no card it is known not to hold; no card appears more often than
    the deck has it. Fast randomised dealing is tried first (``tries`` times); if
    the constraints are tight, a careful deal that checks Hall's condition at
    every step is used, which cannot fail when a consistent deal exists. If the
    ledger were ever contradictory (it should not be), the void constraints are
    dropped rather than raising, so a player can always act."""
    k = knowledge
    seats, caps, forb, must = _slots(k)
    pool: list[int] = []
    for i in range(24):
        n = k.unseen[i] - sum(m[i] for m in must)
        pool.extend([i] * max(0, n))
    n_slots = len(seats)
    allowed = [0] * 24
    for i in range(24):
        a = 0
        for j in range(n_slots):
            if not (forb[j] >> i) & 1:
                a |= 1 << j
        allowed[i] = a
    dealt: list[list[int]] | None = None
    if sum(caps) == len(pool) and min(caps, default=0) >= 0:
        for _ in range(tries):
            dealt = _deal_pool(pool, caps, allowed, rng, exact=False)
            if dealt is not None:
                break
        if dealt is None:
            dealt = _deal_pool(pool, caps, allowed, rng, exact=True)
    if dealt is None:
        # A contradictory ledger: keep the sizes, drop what cannot be honoured.
        return _relaxed_deal(k, rng)
    result = [[0] * 24 for _ in range(k.rules.players)]
    result[k.seat] = list(k.hand)
    for j, s in enumerate(seats):
        if s < 0:
            continue
        row = result[s]
        mj = must[j]
        dj = dealt[j]
        for i in range(24):
            row[i] = mj[i] + dj[i]
    return result


def _relaxed_deal(k: Knowledge, rng: random.Random) -> list[list[int]]:
    """A deal honouring only the hand sizes (the last resort of the sampler)."""
    pool = [i for i in range(24) for _ in range(k.unseen[i])]
    rng.shuffle(pool)
    result = [[0] * 24 for _ in range(k.rules.players)]
    result[k.seat] = list(k.hand)
    pos = 0
    for s in k.others:
        for i in pool[pos : pos + k.hand_sizes[s]]:
            result[s][i] += 1
        pos += k.hand_sizes[s]
    return result


def consistent(knowledge: Knowledge, hands: list[list[int]]) -> list[str]:
    """The ways ``hands`` (per-seat counts) disagree with ``knowledge`` (empty when
    they agree): a check for tests and for anyone writing a sampler."""
    k = knowledge
    problems: list[str] = []
    deck = deck_counts(k.rules)
    if list(hands[k.seat]) != list(k.hand):
        problems.append("own hand changed")
    for s in k.others:
        row = hands[s]
        if sum(row) != k.hand_sizes[s]:
            problems.append(f"seat {s} holds {sum(row)} cards, not {k.hand_sizes[s]}")
        for i in range(24):
            if row[i] < k.must_hold[s][i]:
                problems.append(f"seat {s} lacks a card it showed (index {i})")
            if row[i] and (k.forbidden[s] >> i) & 1:
                problems.append(f"seat {s} holds index {i}, which play showed it lacks")
    for i in range(24):
        total = sum(h[i] for h in hands) + k.played[i]
        if total > deck[i]:
            problems.append(f"index {i} appears {total} times, the deck has {deck[i]}")
        if sum(hands[s][i] for s in k.others) > k.unseen[i]:
            problems.append(f"index {i} dealt more often than it is unseen")
    return problems
