"""The heuristic policy every simulated seat follows, and its fast playout; the policy as
a player (a sound club player) is :class:`~pinochle_tutor.bots.heuristic.HeuristicPlayer`.

The whole strategy fits on a page, and this module is that page.

**Bidding.** Count what the hand already scores (its meld for its best trump),
then ask how it will take the trick points the contract still needs: aces,
trump length and high trumps win counters; meld alone does not. Add a modest
allowance for what the partner will show and pass, bid one step at a time, and
stop at a sensible maximum. Do not outbid a partner without a clearly better hand.

**Trump.** Name the suit that gives the most meld plus trick-taking strength:
length, and the aces and tens of the suit.

**The exchange.** As the partner, pass trump (high ones first) and aces: they
complete the declarer's run and win tricks; keep what makes your own meld
unless giving it is worth more. As the declarer, return cards that break none of
your meld, non-counters from short side suits first (a void lets you trump).

**Leading.** Cash a side-suit card no one can beat (an ace, or a ten whose aces
are gone) unless an opponent has shown a void there and may trump it. The
bidders draw trump: lead the top trump while it is the boss, or a low one when
you hold more trump than everyone else together. Lead into a suit your partner
has shown void in, so that your partner can trump. Otherwise lead your cheapest
card (a nine, a jack), avoiding suits an opponent can trump.

**Following.** The rules often decide for you (follow, beat, trump). When you
will take the lead, win as cheaply as is safe: the lowest card that no opponent
still to play can beat, counting the cards seen and the voids shown (track both
copies: one A♠ gone does not make your 10♠ safe). When the trick is certainly
yours, put a counter on it (a king or ten before an ace, never a high trump). When
your partner is winning and nothing still to come can beat the card, *feed*
counters. Otherwise throw the least valuable card: a non-counter, not a trump.

The card-play policy works on the engine's bit masks (card index = suit*6 + rank;
see :mod:`pinochle_tutor.hands`): :func:`choose_lead` and :func:`choose_follow`
are the one source of the policy. :func:`policy_card` calls them with what
a seat knows (:class:`~pinochle_tutor.sim.knowledge.Knowledge`) and
:func:`heuristic_playout` calls them for every seat to play a hand out thousands
of times a second.

It stays one module on purpose: the strategy above, the mask-level
policy that implements it and the playout that runs it are one thing, and a change to
the policy must be read beside the playout that the Monte Carlo player and the
advisor depend on. The exchange too works on counts (:func:`choose_pass`,
:func:`choose_return`, :func:`choose_discard`), for the player's methods and the
bidding model's thousands of simulated exchanges alike; the meld each card would
break comes from the fast path :func:`~pinochle_tutor.meld.meld_losses`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pinochle_tutor.cards import CARDS_BY_INDEX, Card, Suit
from pinochle_tutor.hands import ABOVE, SUIT_MASK, SUIT_OF
from pinochle_tutor.meld import meld_losses
from pinochle_tutor.rules import MeldTable, RuleSet
from pinochle_tutor.sim.knowledge import Knowledge, trick_inferences
from pinochle_tutor.sim.valuation import best_trump, hand_counts
from pinochle_tutor.view import PlayerView

__all__ = [
    "PARTNER_OVERCALL_RAISES",
    "PlayContext",
    "choose_discard",
    "choose_follow",
    "choose_lead",
    "choose_pass",
    "choose_return",
    "default_allowance",
    "heuristic_playout",
    "play_context",
    "policy_bid_limit",
    "policy_card",
    "policy_discard",
    "policy_pass",
    "policy_return",
    "policy_trump",
]

# What a card is worth *in the hand*, in tenths of a counter, indexed by rank
# (9 J Q K 10 A): the tricks it may still win. A side-suit ace is worth keeping,
# a king much less; every trump is worth keeping, the high ones most.
_KEEP_SIDE = (0, 0, 1, 3, 6, 12)
_KEEP_TRUMP = (8, 9, 10, 18, 24, 30)


@dataclass(frozen=True)
class PlayContext:
    """The constants of one hand's card play: trump, who sits where, what each card
    is worth. Build it with :func:`play_context` (once per hand, not per card)."""

    trump: int
    tmask: int
    """Bits of the trump suit."""
    players: int
    declarer: int
    bidders: int
    """The side of the declarer."""
    sides: int
    side: tuple[int, ...]
    """The scoring side of each seat."""
    partner: tuple[int, ...]
    """Each seat's partner, or -1."""
    opponents: tuple[tuple[int, ...], ...]
    """Each seat's opponents."""
    opp_after: tuple[tuple[tuple[int, ...], ...], ...]
    """``opp_after[seat][n]``: the opponents among the ``n`` seats that play after ``seat``."""
    side_suits: tuple[int, ...]
    """The suits other than trump."""
    points: tuple[int, ...]
    """Trick points of each card index."""
    value: tuple[int, ...]
    """Trick value of each card index, in tenths of a counter (10 for A 10 K, else 0)."""
    keep: tuple[int, ...]
    """What each card is worth kept in the hand, on the same scale as ``value``."""
    last_trick_bonus: int


def play_context(rules: RuleSet, trump: int, declarer: int) -> PlayContext:
    """The :class:`PlayContext` for a hand with ``trump`` (a suit number) and ``declarer``."""
    players = rules.players
    partner = tuple(p if (p := rules.partner(s)) is not None else -1 for s in range(players))
    side = tuple(rules.side(s) for s in range(players))
    opponents = tuple(
        tuple(o for o in range(players) if side[o] != side[s]) for s in range(players)
    )
    opp_after = tuple(
        tuple(
            tuple((s + k) % players for k in range(1, n + 1) if side[(s + k) % players] != side[s])
            for n in range(players)
        )
        for s in range(players)
    )
    unit = rules.counter or 1
    points = tuple(rules.counter_points[i % 6] for i in range(24))
    value = tuple(round(10 * p / unit) for p in points)
    keep = tuple((_KEEP_TRUMP if i // 6 == trump else _KEEP_SIDE)[i % 6] for i in range(24))
    return PlayContext(
        trump=trump,
        tmask=SUIT_MASK[trump],
        players=players,
        declarer=declarer,
        bidders=side[declarer],
        sides=rules.sides,
        side=side,
        partner=partner,
        opponents=opponents,
        opp_after=opp_after,
        side_suits=tuple(s for s in range(4) if s != trump),
        points=points,
        value=value,
        keep=keep,
        last_trick_bonus=rules.last_trick_bonus,
    )


# ------------------------------------------------------------------ the policy
def _maybe_void(avail: int, out: int, suit: int) -> bool:
    """Whether a player who may hold the cards ``avail`` could be out of ``suit``:
    shown void, or so few cards of the suit are left that a void is likely."""
    m = SUIT_MASK[suit]
    return not avail & m or (out & m).bit_count() <= 2


def _threatened(
    card: int,
    led_suit: int,
    opps: tuple[int, ...],
    out: int,
    forb: Sequence[int],
    tmask: int,
    trump: int,
) -> bool:
    """Whether an opponent still to play may beat ``card`` (now winning the trick),
    given the cards not yet seen (``out``) and what each opponent is known to lack."""
    above = ABOVE[card] & out
    if SUIT_OF[card] == trump:
        if not above:
            return False
        for o in opps:
            avail = out & ~forb[o]
            if avail & above and (led_suit == trump or _maybe_void(avail, out, led_suit)):
                return True
        return False
    for o in opps:
        avail = out & ~forb[o]
        if avail & above:
            return True
        if avail & tmask and _maybe_void(avail, out, led_suit):
            return True
    return False


def _richest(cards: int, value: tuple[int, ...], keep: tuple[int, ...]) -> int:
    """The card to put on a trick your side will win: the most trick value for the
    least strength given up (a king before a ten before an ace; no high trump)."""
    best = -1
    best_key = -(1 << 30)
    while cards:
        b = cards & -cards
        cards ^= b
        c = b.bit_length() - 1
        key = value[c] - keep[c]
        if key > best_key:
            best, best_key = c, key
    return best


def _cheapest(cards: int, value: tuple[int, ...], keep: tuple[int, ...]) -> int:
    """The card to give up: the least trick value and strength (a nine, a jack)."""
    best = -1
    best_key = 1 << 30
    while cards:
        b = cards & -cards
        cards ^= b
        c = b.bit_length() - 1
        key = value[c] + keep[c]
        if key < best_key:
            best, best_key = c, key
    return best


def choose_lead(
    ctx: PlayContext,
    seat: int,
    hand: int,
    my_trumps: int,
    out: int,
    out_trumps: int,
    forb: Sequence[int],
) -> int:
    """The card ``seat`` leads (a card index).

    ``hand`` is the mask of the cards held, ``my_trumps`` how many trumps (copies
    counted), ``out`` the mask of cards some other player may hold, ``out_trumps``
    how many trumps they hold together, ``forb[s]`` the cards seat ``s`` is known
    to lack. In order of preference: cash a safe boss card in a side suit; as a
    bidder, draw trump; lead into the partner's void; lead the cheapest card from
    a suit no opponent is known to trump."""
    if not hand & (hand - 1):
        return hand.bit_length() - 1
    tmask = ctx.tmask
    value = ctx.value
    # What each opponent who may hold trump may hold.
    trumping = []
    for o in ctx.opponents[seat]:
        avail = out & ~forb[o]
        if avail & tmask:
            trumping.append(avail)
    # 1. Cash a boss card in a side suit.
    best = -1
    best_v = -1
    for s in ctx.side_suits:
        hs = hand & SUIT_MASK[s]
        if not hs:
            continue
        top = hs.bit_length() - 1
        if out & ABOVE[top]:
            continue
        if out_trumps:
            ruffed = False
            for avail in trumping:
                if _maybe_void(avail, out, s):
                    ruffed = True
                    break
            if ruffed:
                continue
        v = value[top] * 8 + hs.bit_count()
        if v > best_v:
            best, best_v = top, v
    if best >= 0:
        return best
    # 2. The bidders draw trump.
    ht = hand & tmask
    if ht and out_trumps and trumping and ctx.side[seat] == ctx.bidders:
        top = ht.bit_length() - 1
        if not out & ABOVE[top]:
            return top
        if my_trumps >= out_trumps:
            return _cheapest(ht, value, ctx.keep)
    # 3. Lead into the partner's void so that the partner can trump.
    partner = ctx.partner[seat]
    if partner >= 0:
        pav = out & ~forb[partner]
        if pav & tmask:
            for s in ctx.side_suits:
                hs = hand & SUIT_MASK[s]
                if hs and not pav & SUIT_MASK[s] and out & SUIT_MASK[s]:
                    return _cheapest(hs, value, ctx.keep)
    # 4. The cheapest card, from a suit no opponent can be expected to trump (one who
    # may hold trump and is known to lack the suit): a card of such a suit costs 15 more,
    # and of two cards that cost the same the lower index is led (one pass in index order).
    pool = hand & ~tmask or hand
    risky = 0
    if out_trumps:
        for s in ctx.side_suits:
            suit = SUIT_MASK[s]
            if pool & suit:
                for avail in trumping:
                    if not avail & suit:
                        risky |= suit
                        break
    keep = ctx.keep
    safe = pool & ~risky
    if not risky:
        return _cheapest(safe, value, keep)
    r = _cheapest(pool & risky, value, keep)
    if not safe:
        return r
    c = _cheapest(safe, value, keep)
    return min((value[c] + keep[c], c), (value[r] + keep[r] + 15, r))[1]


def choose_follow(
    ctx: PlayContext,
    seat: int,
    legal: int,
    led: int,
    win: int,
    win_seat: int,
    n_after: int,
    out: int,
    forb: Sequence[int],
) -> int:
    """The card ``seat`` plays to a trick already led (a card index).

    ``legal`` is the mask of legal cards, ``led`` the led card, ``win`` the card
    winning so far and ``win_seat`` its player, ``n_after`` how many players are
    still to play after this one; ``out`` and ``forb`` as in :func:`choose_lead`.
    The trick rules make every legal card beat the winner, or none."""
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    trump = ctx.trump
    value = ctx.value
    keep = ctx.keep
    c0 = (legal & -legal).bit_length() - 1
    led_suit = SUIT_OF[led]
    opps = ctx.opp_after[seat][n_after]
    if (ABOVE[win] >> c0) & 1 or (SUIT_OF[c0] == trump and SUIT_OF[win] != trump):
        # We take the lead. Is there a card that keeps it?
        if not opps:
            return _richest(legal, value, keep)
        tmask = ctx.tmask
        best = -1
        best_key = -(1 << 30)
        m = legal
        while m:
            b = m & -m
            m ^= b
            c = b.bit_length() - 1
            if not _threatened(c, led_suit, opps, out, forb, tmask, trump):
                key = value[c] - keep[c]
                if key > best_key:
                    best, best_key = c, key
        if best >= 0:
            return best
        return _cheapest(legal, value, keep)
    partner = ctx.partner[seat]
    if win_seat == partner >= 0 and not (
        opps and _threatened(win, led_suit, opps, out, forb, ctx.tmask, trump)
    ):
        return _richest(legal, value, keep)
    return _cheapest(legal, value, keep)


# ------------------------------------------------------------------ the playout
def heuristic_playout(
    hands: Sequence[Sequence[int]],
    declarer: int,
    trump: int,
    rules: RuleSet,
    rng: random.Random | None = None,
    first_leader: int | None = None,
    *,
    trick: Sequence[int] = (),
    trick_seats: Sequence[int] = (),
    forbidden: Sequence[int] | None = None,
    epsilon: float = 0.0,
    context: PlayContext | None = None,
) -> list[int]:
    """Play a hand out with the heuristic policy for every seat; the trick points
    each side takes (the last-trick bonus included).

    ``hands`` holds each seat's remaining cards as 24 counts. The hand may start
    mid-way: ``trick`` and ``trick_seats`` are the cards already on the table
    (their points count), ``forbidden`` what each seat is already known to lack,
    and ``first_leader`` who leads when no trick is under way (default: the
    declarer). Each player knows only its own hand, the cards played and the
    voids shown. With ``epsilon`` > 0 each card is, with that probability, a
    random legal one instead (``rng`` is then required); pass ``context`` to save
    building the :class:`PlayContext` again."""
    ctx = context if context is not None else play_context(rules, trump, declarer)
    players = rules.players
    tmask = SUIT_MASK[trump]
    t0 = trump * 6
    points_of = ctx.points
    side = ctx.side
    # Each seat's cards as counts and as the mask of the distinct cards it holds, and
    # how many trumps it holds. What a seat may find in the other hands (``out``) is
    # the union of their masks, and their trumps the total less its own.
    cnt = [list(hands[p]) for p in range(players)]
    held = [0] * players
    for p in range(players):
        row = cnt[p]
        for i in range(24):
            if row[i]:
                held[p] |= 1 << i
    trumps = [sum(row[t0 : t0 + 6]) for row in cnt]
    others = [[q for q in range(players) if q != p] for p in range(players)]
    forb = list(forbidden) if forbidden is not None else [0] * players
    points = [0] * ctx.sides
    rand = rng.random if (rng is not None and epsilon > 0) else None

    if trick:
        cards = list(trick)
        for s, bar in zip(trick_seats, trick_inferences(cards, trump), strict=True):
            forb[s] |= bar
        led = cards[0]
        w = led
        wseat = trick_seats[0]
        pts = points_of[led]
        for pos in range(1, len(cards)):
            c = cards[pos]
            pts += points_of[c]
            if (ABOVE[w] >> c) & 1 or (SUIT_OF[c] == trump and SUIT_OF[w] != trump):
                w, wseat = c, trick_seats[pos]
        n_played = len(cards)
        p = (trick_seats[-1] + 1) % players
    else:
        n_played = 0
        p = declarer if first_leader is None else first_leader
        led = w = wseat = -1
        pts = 0

    while True:
        if n_played == players:
            # The trick is complete: the winner takes it and leads the next.
            if not held[wseat]:
                points[side[wseat]] += pts + ctx.last_trick_bonus
                break
            points[side[wseat]] += pts
            n_played = 0
            p = wseat
        h = held[p]
        if n_played == 0:
            if not h:
                break
            choices = h
        else:
            led_suit = SUIT_OF[led]
            # tricks.legal_mask, as in sim/playout.py.
            choices = h & SUIT_MASK[led_suit] or h & tmask or h
            choices = choices & ABOVE[w] or choices
        if rand is not None and rand() < epsilon:
            m = choices
            for _ in range(int(rand() * choices.bit_count())):
                m &= m - 1
            c = (m & -m).bit_length() - 1
        elif not choices & (choices - 1):  # one card to play: what the policy would say
            c = choices.bit_length() - 1
        else:
            out = 0
            for q in others[p]:
                out |= held[q]
            if n_played == 0:
                my_trumps = trumps[p]
                out_trumps = sum(trumps) - my_trumps
                c = choose_lead(ctx, p, h, my_trumps, out, out_trumps, forb)
            else:
                n_after = players - n_played - 1
                c = choose_follow(ctx, p, choices, led, w, wseat, n_after, out, forb)
        if n_played == 0:
            led = w = c
            wseat = p
            pts = points_of[c]
        else:
            # What the card tells the table.
            cs = SUIT_OF[c]
            beats = (ABOVE[w] >> c) & 1 or (cs == trump and SUIT_OF[w] != trump)
            if cs != led_suit:
                bar = SUIT_MASK[led_suit]
                if cs != trump:
                    bar |= tmask
                elif SUIT_OF[w] == trump and not beats:
                    bar |= ABOVE[w]
                forb[p] |= bar
            elif SUIT_OF[w] == led_suit and not beats:
                forb[p] |= ABOVE[w]
            if beats:
                w, wseat = c, p
            pts += points_of[c]
        # Take the card out of the hand.
        row = cnt[p]
        row[c] -= 1
        if not row[c]:
            held[p] ^= 1 << c
        if SUIT_OF[c] == trump:
            trumps[p] -= 1
        n_played += 1
        p += 1
        if p == players:
            p = 0
    return points


PARTNER_OVERCALL_RAISES = 3
"""How many raises above the lowest bid now the heuristic player's count must reach
before it bids over its own partner, who holds the bid (lesson 13 states it as the
computer players' common practice)."""


def default_allowance(rules: RuleSet) -> float:
    """The share of the hand's trick points the heuristic player adds to its own
    estimate for what the partner (or the kitty) brings (see
    :class:`~pinochle_tutor.bots.heuristic.HeuristicPlayer`)."""
    if not rules.partnerships:
        return 0.18
    if rules.copies >= 3:
        return 0.33
    return 0.28


# ------------------------------------------------------------------ the exchange
# The exchange works on 24 counts: the player's methods and the bidding model's
# simulation call the same functions. Each picks its cards one at a time, each the best
# by a gain given the cards still held, less the meld the card would break
# (:func:`~pinochle_tutor.meld.meld_losses`, counted once per pick for every card).
def _pick(
    counts: Sequence[int], n: int, trump: int, table: MeldTable,
    gain: Callable[[list[int], int, int], float],
) -> list[int]:  # fmt: skip
    """Pick ``n`` cards (indices) one at a time, each the best by ``gain(lengths, i,
    lost)`` given the cards still held (``lengths``: how many of each suit), ``lost``
    being the meld points given up with card ``i``; of equal gains the lowest index."""
    c = list(counts)
    lengths = [sum(c[s * 6 : s * 6 + 6]) for s in range(4)]
    chosen: list[int] = []
    for _ in range(n):
        lost = meld_losses(c, trump, table)
        best = -1
        best_g = -1e18
        for i in range(24):
            if c[i]:
                g = gain(lengths, i, lost[i])
                if g > best_g:
                    best, best_g = i, g
        c[best] -= 1
        lengths[best // 6] -= 1
        chosen.append(best)
    return chosen


def choose_pass(counts: Sequence[int], trump: int, rules: RuleSet) -> list[int]:
    """The cards (indices) the declarer's partner passes from the hand ``counts`` with
    ``trump``: trump (high first) and aces, keeping one's own meld unless giving it is
    worth more."""
    scale = rules.total_trick_points / 250.0
    counter_points = rules.counter_points

    def worth(i: int) -> float:
        if i // 6 == trump:
            return (30.0 if i % 6 else 15.0) * scale + i % 6
        if i % 6 == 5:
            return 20.0 * scale
        return float(counter_points[i % 6]) * 0.2

    worths = [worth(i) for i in range(24)]

    def gain(_lengths: list[int], i: int, lost: int) -> float:
        return worths[i] - float(lost)

    return _pick(counts, rules.exchange_size, trump, rules.meld_table, gain)


def choose_return(counts: Sequence[int], trump: int, rules: RuleSet) -> list[int]:
    """The cards (indices) the declarer returns from ``counts`` (the hand with the pass)
    with ``trump``: keep the meld and the trump; give non-counters from short side suits
    first."""
    scale = rules.total_trick_points / 250.0
    counter_points = rules.counter_points

    def gain(lengths: list[int], i: int, lost: int) -> float:
        s = i // 6
        cost = float(lost)
        if s == trump:
            cost += (40.0 + 3 * (i % 6)) * scale
        else:
            cost += _KEEP_SIDE[i % 6] * 1.5 * scale + counter_points[i % 6] * 0.5
            cost += lengths[s] * 2.0 * scale
        return -cost

    return _pick(counts, rules.exchange_size, trump, rules.meld_table, gain)


def choose_discard(counts: Sequence[int], rules: RuleSet, trump: int | None = None) -> list[int]:
    """Three-handed: the cards (indices) the declarer discards from ``counts`` (the hand
    with the kitty): what the meld does not use, counters first (discards count as the
    declarer's trick points), never trump or an ace; trump being ``trump`` when given,
    else the suit :func:`best_trump` picks for the hand with the kitty."""
    t = best_trump(counts, rules)[0] if trump is None else trump
    scale = rules.total_trick_points / 250.0
    counter_points = rules.counter_points

    def gain(lengths: list[int], i: int, lost: int) -> float:
        s = i // 6
        cost = float(lost)
        if s == t:
            cost += (40.0 + 3 * (i % 6)) * scale
        elif i % 6 == 5:
            cost += 25.0 * scale
        cost += lengths[s] * 1.0 * scale
        return counter_points[i % 6] - cost

    return _pick(counts, rules.kitty_size, t, rules.meld_table, gain)


def _cards_of(indices: Sequence[int]) -> list[Card]:
    return [CARDS_BY_INDEX[i] for i in indices]


# ------------------------------------------------------------------ the policy on a view
# What a seat decides by the rules of thumb, from its view: the heuristic player
# (:class:`~pinochle_tutor.bots.heuristic.HeuristicPlayer`) answers with these, and the
# coach asks them for the heuristic's own choice without building a player.
def policy_bid_limit(view: PlayerView, allowance: float | None = None) -> int:
    """The highest contract the hand is worth by the rules of thumb (a multiple of the
    increment): its meld plus :func:`estimate_hand` for its best trump, plus
    ``allowance`` (default :func:`default_allowance`) times the hand's trick points."""
    rules = view.rules
    _, value = best_trump(hand_counts(view.hand), rules)
    if allowance is None:
        allowance = default_allowance(rules)
    limit = value + allowance * rules.total_trick_points
    inc = rules.bid_increment
    return int(limit // inc) * inc


def policy_trump(view: PlayerView) -> Suit:
    """The trump the rules of thumb name for the hand in ``view`` (:func:`best_trump`)."""
    return Suit(best_trump(hand_counts(view.hand), view.rules)[0])


def policy_pass(view: PlayerView) -> list[Card]:
    """As the partner: trump (high first) and aces, keeping one's own meld
    (:func:`choose_pass`)."""
    assert view.trump is not None
    return _cards_of(choose_pass(hand_counts(view.hand), int(view.trump), view.rules))


def policy_return(view: PlayerView) -> list[Card]:
    """As the declarer: keep the meld and the trump; give non-counters from short
    side suits first (:func:`choose_return`)."""
    assert view.trump is not None
    return _cards_of(choose_return(hand_counts(view.hand), int(view.trump), view.rules))


def policy_discard(view: PlayerView) -> list[Card]:
    """Three-handed, after taking the kitty: discard what the meld does not use,
    counters first (discards count as the declarer's trick points), never trump
    or an ace (:func:`choose_discard`). The trump is ``view.trump`` when the view
    names one (a declarer weighing the discard for each trump it might name), else
    the best by :func:`best_trump` (the engine asks for the discard before the trump)."""
    t = int(view.trump) if view.trump is not None else None
    return _cards_of(choose_discard(hand_counts(view.hand), view.rules, t))


def policy_card(view: PlayerView, knowledge: Knowledge, context: PlayContext | None = None) -> int:
    """The card index the heuristic policy plays in ``view``, from ``knowledge``."""
    assert view.trump is not None and view.declarer is not None
    trump = int(view.trump)
    ctx = context if context is not None else play_context(view.rules, trump, view.declarer)
    hand = 0
    my_trumps = 0
    for c in view.hand:
        hand |= c.bit
        if c.suit == trump:
            my_trumps += 1
    out = knowledge.unseen_mask()
    if not view.trick:
        t0 = trump * 6
        out_trumps = sum(knowledge.unseen[t0 : t0 + 6])
        return choose_lead(ctx, view.seat, hand, my_trumps, out, out_trumps, knowledge.forbidden)
    legal = 0
    for c in view.legal:
        legal |= c.bit
    idx = [c.index for c in view.trick]
    w = idx[0]
    wseat = view.trick_seats[0]
    for pos in range(1, len(idx)):
        c2 = idx[pos]
        if (ABOVE[w] >> c2) & 1 or (SUIT_OF[c2] == trump and SUIT_OF[w] != trump):
            w, wseat = c2, view.trick_seats[pos]
    n_after = view.rules.players - len(idx) - 1
    return choose_follow(ctx, view.seat, legal, idx[0], w, wseat, n_after, out, knowledge.forbidden)
