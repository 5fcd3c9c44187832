"""The bidding model's deals: what a hand is worth with each trump, and with the seat
out of the auction, over deals that fit the auction.

A bid is the side's meld plus the trick points it will capture. :func:`simulate_bids`
deals the cards the bidder cannot see many times, keeping deals that fit what the
auction has told (:mod:`pinochle_tutor.sim.inference`), and plays every deal out with
the heuristic policy's exchange and card play (:func:`play_deal`), once for each trump
the bidder might name (:class:`TrumpOutlook`) and once more with the bidder out of the
auction (:class:`PassOutlook`). Every number the coach reports on a bid
(:mod:`pinochle_tutor.coach.bid`) comes from those same deals, the joint distribution
of (meld, trick points):

* the chance of making each contract level: meld kept (only with
  ``rules.meld_save`` trick points) plus trick points reach the bid, and a side
  with no trick points is set, as :func:`~pinochle_tutor.scoring.score_hand`
  scores it;
* the expected score of holding the contract at that level, as the difference
  between the bidder's side and the other side(s) (made: the full total; missed:
  minus the bid; the defenders score meld and trick points when they keep them);
* the expected score of passing instead: the deal played with this seat out of the
  auction. Each other seat still in it (a pass is final) bids as the heuristic player
  does, up to its limit on the sampled hand; the highest declares if it reaches the
  bid it would have to make, at the level asked about but never above its own limit
  (nor below the high bid). When no other seat would bid, the auction ends as the
  rules say: the high bidder keeps its bid, or, with no bid at all, the dealer is
  stuck at the stuck bid (:func:`~pinochle_tutor.sim.inference.pass_declarer`).
"""

from __future__ import annotations

import bisect
import dataclasses
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Protocol, TypeVar

from pinochle_tutor.cards import CARDS_BY_INDEX, Card, Suit
from pinochle_tutor.hands import counts_of
from pinochle_tutor.meld import points_from_counts
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.sim.inference import DRAWS, AuctionInfo, misfit, pass_declarer
from pinochle_tutor.sim.policy import (
    PlayContext,
    choose_discard,
    choose_pass,
    choose_return,
    heuristic_playout,
    play_context,
)
from pinochle_tutor.sim.valuation import best_trump
from pinochle_tutor.view import Phase, PlayerView

__all__ = [
    "ExchangePlayer",
    "PassOutlook",
    "ProgressCallback",
    "TrumpOutlook",
    "cards_from_counts",
    "play_deal",
    "side_meld",
    "side_scores",
    "simulate_bids",
    "simulated_view",
    "trump_after_kitty",
]

ProgressCallback = Callable[[int, int], None]
"""Called as ``progress(done, total)`` while the model simulates."""


class ExchangePlayer(Protocol):
    """A player's exchange, as :func:`play_deal` asks it (the methods of
    :class:`~pinochle_tutor.players.Player` for the pass, the return and the discard)."""

    def pass_cards(self, view: PlayerView) -> Sequence[Card]: ...

    def return_cards(self, view: PlayerView) -> Sequence[Card]: ...

    def discard(self, view: PlayerView) -> Sequence[Card]: ...


_Deals = TypeVar("_Deals", "TrumpOutlook", "PassOutlook")


def _joined(first: _Deals, more: _Deals, per_deal: tuple[str, ...]) -> _Deals:
    """``first`` with each per-deal field named in ``per_deal`` followed by ``more``'s:
    the deals of both as one outlook, in that order."""
    return dataclasses.replace(first, **{f: getattr(first, f) + getattr(more, f) for f in per_deal})


def _value(meld: int, tricks: int, save: int) -> int:
    """The highest contract a side with ``meld`` and ``tricks`` makes (-1: none, no tricks)."""
    if tricks <= 0:
        return -1
    return (meld if tricks >= save else 0) + tricks


class _Ladder:
    """Per-deal values (the highest contract each deal makes) with weights, sorted, so
    that the chance and the weighted sum of results at any level take a bisection."""

    def __init__(self, values: Sequence[int], weights: Sequence[float]) -> None:
        pairs = sorted(zip(values, weights, strict=True))
        self.values = [v for v, _ in pairs]
        self.n = len(pairs)
        self._w = [0.0]
        self._wv = [0.0]
        for v, w in pairs:
            self._w.append(self._w[-1] + w)
            self._wv.append(self._wv[-1] + w * v)

    def made(self, bid: int) -> int:
        """How many deals make ``bid``."""
        return self.n - bisect.bisect_left(self.values, bid)

    def result(self, bid: int) -> float:
        """The weighted sum over deals of the declarer's result at ``bid`` (made: the
        total; missed: minus the bid)."""
        k = bisect.bisect_left(self.values, bid)
        made = self._wv[-1] - self._wv[k]
        return made - bid * self._w[k]


@dataclass(frozen=True)
class TrumpOutlook:
    """What the hand is worth with one trump suit, over the simulated deals (one entry
    per deal in each tuple: together they are the joint distribution)."""

    trump: Suit
    meld: int
    """The meld in the hand now."""
    side_meld: tuple[int, ...]
    """Per simulated deal: the side's meld after the exchange (both partners)."""
    own_meld: tuple[int, ...]
    """Per simulated deal: the declarer's own meld after the exchange (or the kitty)."""
    tricks: tuple[int, ...]
    """Per simulated deal: the side's trick points."""
    rules: RuleSet
    against: tuple[float, ...] = ()
    """Per simulated deal: what the other side scores as defenders (three-handed: the
    two defenders' average). Empty: not simulated (counted as 0)."""

    @property
    def deals(self) -> int:
        """How many deals were simulated."""
        return len(self.tricks)

    @property
    def mean_side_meld(self) -> float:
        """The side's average meld after the exchange."""
        return sum(self.side_meld) / len(self.side_meld)

    @property
    def mean_partner_meld(self) -> float:
        """The partner's average meld after the exchange: the side's less the
        declarer's own (what a partner's hand brings to the count)."""
        return self.mean_side_meld - sum(self.own_meld) / len(self.own_meld)

    @property
    def pass_gain(self) -> float:
        """The meld the partner's pass (three-handed: the kitty) adds to the hand, on average."""
        return sum(self.own_meld) / len(self.own_meld) - self.meld

    @property
    def mean_tricks(self) -> float:
        """The side's average trick points."""
        return sum(self.tricks) / len(self.tricks)

    @cached_property
    def _ladder(self) -> _Ladder:
        save = self.rules.meld_save
        values = [_value(m, t, save) for m, t in zip(self.side_meld, self.tricks, strict=True)]
        return _Ladder(values, [1.0] * len(values))

    @property
    def best_total(self) -> int:
        """The most any deal makes (the highest contract made in at least one deal)."""
        return self._ladder.values[-1] if self._ladder.n else -1

    def make_chance(self, bid: int) -> float:
        """The share of simulated deals in which a contract of ``bid`` is made
        (meld kept only with enough trick points; no trick points is a set)."""
        return self._ladder.made(bid) / self._ladder.n

    def tricks_chance(self, points: int) -> float:
        """The share of deals in which the side took at least ``points`` trick points."""
        return sum(1 for t in self.tricks if t >= points) / len(self.tricks)

    def expected_score(self, bid: int) -> float:
        """The side's average score at a contract of ``bid`` less what the other side
        scores, over the same deals."""
        lad = self._ladder
        return (lad.result(bid) - sum(self.against)) / lad.n

    def scores(self, bid: int) -> tuple[float, ...]:
        """Per deal: the side's score at a contract of ``bid`` less what the other side
        scores (their mean is :meth:`expected_score`; two suits' scores pair deal by deal)."""
        save = self.rules.meld_save
        against = self.against or (0.0,) * len(self.tricks)
        out = []
        for m, t, a in zip(self.side_meld, self.tricks, against, strict=True):
            v = _value(m, t, save)
            out.append((v if v >= bid else -bid) - a)
        return tuple(out)

    def joined(self, more: TrumpOutlook) -> TrumpOutlook:
        """These deals and ``more`` (further deals with the same trump) as one outlook."""
        return _joined(self, more, ("side_meld", "own_meld", "tricks", "against"))

    def max_bid(self, chance: float) -> int | None:
        """The highest bid (from the opening bid up, in steps of the increment) made in
        at least ``chance`` of the deals, or ``None`` if not even the opening bid is.

        Found from the deals' values sorted, not by trying every bid in turn."""
        r = self.rules
        values = self._ladder.values  # ascending
        n = len(values)
        need = next((k for k in range(n + 1) if k / n >= chance), None)
        if need is None:
            return None
        best = max(m + t for m, t in zip(self.side_meld, self.tricks, strict=True))
        value = values[n - need] if need else best
        if value < r.opening_bid:
            return None
        return r.opening_bid + (value - r.opening_bid) // r.bid_increment * r.bid_increment

    def chart(self, step: int | None = None) -> list[tuple[int, float]]:
        """(bid, chance of making it) from the opening bid up to where the chance is
        zero, for a small chart."""
        r = self.rules
        step = step or r.bid_increment * (1 if r.bid_increment > 1 else 5)
        out = []
        bid = r.opening_bid
        while True:
            p = self.make_chance(bid)
            out.append((bid, p))
            if p == 0.0 or len(out) > 100:
                return out
            bid += step


@dataclass(frozen=True)
class PassOutlook:
    """The same deals with this seat out of the auction (see :func:`evaluate_bids`):
    the other seat whose hand bids highest declares, at the contract asked about but
    never above what its hand bids nor below what the auction already holds; when no
    other seat would bid, the high bidder keeps the contract, or the dealer is stuck."""

    declarer: tuple[int, ...]
    """Per deal: the relative seat that declares."""
    values: tuple[int, ...]
    """Per deal: the highest contract the declaring side makes (-1: none)."""
    base: tuple[float, ...]
    """Per deal: this seat's side's score less the others', apart from the declarer's result."""
    weight: tuple[float, ...]
    """Per deal: how the declarer's result counts for this seat's side (+1: the partner
    declares; -1: an opponent; -1/2 three-handed; 0: a contract the auction fixed
    already (the dealer stuck, or the high bidder keeping its bid), whose result is in
    ``base``)."""
    rules: RuleSet
    floor: tuple[int, ...] = ()
    """Per deal: the lowest contract the declarer can hold (the high bid, or one
    increment above it for a seat that outbids the high bidder; the opening bid)."""
    cap: tuple[int, ...] = ()
    """Per deal: the highest contract the declarer's hand bids (the heuristic limit
    of the sampled hand, at least ``floor``)."""

    def contract_of(self, deal: int, contract: int) -> int:
        """The contract deal ``deal`` is played at when the others would play ``contract``."""
        return min(max(contract, self.floor[deal]), self.cap[deal])

    def scores(self, contract: int) -> tuple[float, ...]:
        """Per deal: this seat's side's score less the others' when it stops short and
        the others would go on to ``contract`` (each deal's declarer only as far as its
        hand bids). They pair deal by deal with :meth:`TrumpOutlook.scores`."""
        out = []
        for d, (v, w, b) in enumerate(zip(self.values, self.weight, self.base, strict=True)):
            if w:
                c = self.contract_of(d, contract)
                b += w * (v if v >= c else -c)
            out.append(b)
        return tuple(out)

    def expected_score(self, contract: int) -> float:
        """The mean of :meth:`scores`: passing's average score at ``contract``."""
        return sum(self.scores(contract)) / len(self.values)

    def joined(self, more: PassOutlook) -> PassOutlook:
        """These deals and ``more`` (further deals of the same hand and auction) as one."""
        return _joined(self, more, ("declarer", "values", "base", "weight", "floor", "cap"))

    @property
    def partner_declares(self) -> float:
        """The share of deals in which the partner declares (``declarer`` is the
        partner's relative seat; 0 with no partner). Counted by seat, not by
        :attr:`weight`: a partner keeping its own high bid declares with weight 0."""
        partner = self.rules.partner(0)
        return sum(1 for d in self.declarer if d == partner) / len(self.declarer)


# ------------------------------------------------------------------ one deal
def simulated_view(hand: Sequence[Card], trump: Suit | None, rules: RuleSet, seat: int, declarer: int,
          phase: Phase = Phase.PASS) -> PlayerView:  # fmt: skip
    """The view a simulated seat decides its exchange from: its hand and the trump, no
    auction, meld or trick yet."""
    return PlayerView(
        seat=seat, phase=phase, rules=rules, dealer=0, hand=tuple(hand), auction=(),
        high_bid=None, min_bid=rules.opening_bid, declarer=declarer, contract=None, trump=trump,
        melds=None, tricks=(), trick=(), trick_seats=(), legal=(),
    )  # fmt: skip


def cards_from_counts(counts: Sequence[int]) -> list[Card]:
    """The cards of a hand given as 24 counts, in card order."""
    return [CARDS_BY_INDEX[i] for i in range(24) for _ in range(counts[i])]


def trump_after_kitty(
    planned: int, before: Sequence[int], after: Sequence[int], rules: RuleSet
) -> int:
    """Three-handed: the trump a declarer names once it holds the kitty (a suit number).

    ``planned`` is the suit it meant to name when it bid, ``before`` its hand then and
    ``after`` the hand with the kitty (24 counts each). It keeps the plan unless the
    kitty changes which suit the heuristic values most (its meld plus
    :func:`~pinochle_tutor.sim.policy.estimate_hand`): then it names that suit, as
    the kitty has made it the better trump. The bidding model's deals and
    :class:`BidModelPlayer` both name trump this way, so the chance the model gives is
    the chance of the trump the player will name."""
    now = best_trump(after, rules)[0]
    return planned if now == best_trump(before, rules)[0] else now


def play_deal(
    hands: list[list[int]], kitty: Sequence[int], declarer: int, trump: int | None,
    rules: RuleSet, bot: ExchangePlayer | None = None,
    contexts: dict[tuple[int, int], PlayContext] | None = None,
) -> tuple[list[int], list[int], int]:  # fmt: skip
    """Play one deal with ``declarer`` (relative seat) and ``trump`` (``None``: the
    heuristic's choice after the kitty): each seat's meld, each side's trick points
    (the discard counted for the declarer) and the trump used. ``hands`` is changed.

    With a kitty, ``trump`` is the suit the declarer meant to name when it bid: it
    sees the kitty first and names :func:`trump_after_kitty`, as
    :class:`~pinochle_tutor.bots.bidmodel.BidModelPlayer` does, and discards for the
    trump it names.

    Without a ``bot`` each seat exchanges by the heuristic policy on the counts
    (:func:`~pinochle_tutor.sim.policy.choose_pass` and the rest, what the heuristic
    player's methods call); a ``bot`` is asked through its methods.
    ``contexts`` keeps the :class:`PlayContext` of each (trump, declarer) across deals."""
    discard_points = 0
    if rules.has_kitty:
        before = list(hands[declarer])
        for i in kitty:
            hands[declarer][i] += 1
        if trump is not None:
            trump = trump_after_kitty(trump, before, hands[declarer], rules)
        if bot is None:
            discards = choose_discard(hands[declarer], rules, trump)
        else:
            named = None if trump is None else Suit(trump)
            view = simulated_view(cards_from_counts(hands[declarer]), named, rules, declarer, declarer)
            discards = [c.index for c in bot.discard(view)]
        for i in discards:
            hands[declarer][i] -= 1
        discard_points = sum(rules.counter_points[i % 6] for i in discards)
    if trump is None:
        trump = best_trump(hands[declarer], rules)[0]
    suit = Suit(trump)
    partner = rules.partner(declarer)
    if partner is not None and rules.exchange_size:
        if bot is None:
            passed = choose_pass(hands[partner], trump, rules)
        else:
            view = simulated_view(cards_from_counts(hands[partner]), suit, rules, partner, declarer)
            passed = [c.index for c in bot.pass_cards(view)]
        for i in passed:
            hands[partner][i] -= 1
            hands[declarer][i] += 1
        if bot is None:
            returned = choose_return(hands[declarer], trump, rules)
        else:
            view = simulated_view(cards_from_counts(hands[declarer]), suit, rules, declarer, declarer)
            returned = [c.index for c in bot.return_cards(view)]
        for i in returned:
            hands[declarer][i] -= 1
            hands[partner][i] += 1
    table = rules.meld_table
    melds = [points_from_counts(h, trump, table) for h in hands]
    known = contexts.get((trump, declarer)) if contexts is not None else None
    context = known if known is not None else play_context(rules, trump, declarer)
    if contexts is not None:
        contexts[(trump, declarer)] = context
    points = heuristic_playout(hands, declarer, trump, rules, context=context)
    points[rules.side(declarer)] += discard_points
    return melds, points, trump


def side_scores(melds: list[int], points: list[int], rules: RuleSet) -> list[int]:
    """Each side's meld (summed over partners) and what it scores as defenders."""
    side_meld = [0] * rules.sides
    for s, m in enumerate(melds):
        side_meld[rules.side(s)] += m
    save = rules.meld_save
    return [side_meld[k] + points[k] if points[k] >= save else 0 for k in range(rules.sides)]


def side_meld(melds: list[int], side: int, rules: RuleSet) -> int:
    """The meld of ``side``'s seats together."""
    return sum(m for s, m in enumerate(melds) if rules.side(s) == side)


# ------------------------------------------------------------------ the deals
def simulate_bids(
    cards: list[Card],
    rules: RuleSet,
    info: AuctionInfo,
    samples: int,
    seed: int,
    suits: list[Suit],
    progress: ProgressCallback | None = None,
) -> tuple[tuple[TrumpOutlook, ...], PassOutlook]:
    """The deals of the bidding model (see the module text): ``samples`` deals of the
    cards this seat (``info.seat``, holding ``cards``) cannot see, drawn from
    ``random.Random(seed)`` to fit what the auction told, each played out once for
    every trump of ``suits`` with this seat declaring and once with this seat out of
    the auction. Returns one :class:`TrumpOutlook` per suit, in the order of
    ``suits``, and the :class:`PassOutlook`; not cached (the coach's
    :func:`~pinochle_tutor.coach.bid.evaluate_bids` keeps what it asked)."""
    rng = random.Random(seed)
    mine = counts_of(cards, rules)
    contexts: dict[tuple[int, int], PlayContext] = {}
    players = rules.players
    n = rules.hand_size
    inferences = info.inferences
    slack = rules.total_trick_points / 10
    unseen: list[int] = []
    for i in range(24):
        if i % 6 in rules.ranks:
            unseen.extend([i] * (rules.copies - mine[i]))
    per: dict[int, tuple[list[int], list[int], list[int], list[float]]] = {
        int(s): ([], [], [], []) for s in suits
    }
    p_decl: list[int] = []
    p_val: list[int] = []
    p_base: list[float] = []
    p_weight: list[float] = []
    p_low: list[int] = []
    p_high: list[int] = []
    out = {info.relative(c) for c, a in info.calls if a is None}
    my_side = rules.side(0)
    save = rules.meld_save
    for done in range(samples):
        best_hands: list[list[int]] = []
        best_kitty: list[int] = []
        best_miss = float("inf")
        for _ in range(DRAWS if inferences else 1):
            rng.shuffle(unseen)
            hands = [list(mine)] + [[0] * 24 for _ in range(players - 1)]
            for p in range(1, players):
                for i in unseen[(p - 1) * n : p * n]:
                    hands[p][i] += 1
            kitty = unseen[(players - 1) * n :]
            miss = misfit(hands, inferences, rules, slack) if inferences else 0.0
            if miss < best_miss:
                best_hands, best_kitty, best_miss = hands, kitty, miss
                if miss == 0.0:
                    break
        # This seat declares, once per trump.
        for s in suits:
            melds, points, _ = play_deal(
                [list(h) for h in best_hands], best_kitty, 0, int(s), rules, None, contexts
            )
            side_m, own_m, tr, ag = per[int(s)]
            side_m.append(side_meld(melds, my_side, rules))
            own_m.append(melds[0])
            tr.append(points[my_side])
            scores = side_scores(melds, points, rules)
            others = [scores[k] for k in range(rules.sides) if k != my_side]
            ag.append(sum(others) / len(others))
        # This seat passes: the other seat whose hand bids highest declares, if it
        # would bid at all (a pass is final, so seats that passed are out).
        decl, low, high, fixed = pass_declarer(best_hands, info, out)
        melds, points, _ = play_deal(
            [list(h) for h in best_hands], best_kitty, decl, None, rules, None, contexts
        )
        dside = rules.side(decl)
        scores = side_scores(melds, points, rules)
        p_decl.append(decl)
        value = _value(side_meld(melds, dside, rules), points[dside], save)
        if dside == my_side:
            others = [scores[k] for k in range(rules.sides) if k != my_side]
            base, weight = -sum(others) / len(others), 1.0
        else:
            rest = [scores[k] for k in range(rules.sides) if k not in (my_side, dside)]
            share = 1.0 / (rules.sides - 1)
            base, weight = scores[my_side] - share * sum(rest), -share
        if fixed is not None:
            # The auction fixed the contract whatever this seat would have bid.
            base += weight * (value if value >= fixed else -fixed)
            value, weight = -1, 0.0
        p_low.append(low)
        p_high.append(high)
        p_val.append(value)
        p_base.append(base)
        p_weight.append(weight)
        if progress is not None and ((done + 1) % 10 == 0 or done + 1 == samples):
            progress(done + 1, samples)
    table = rules.meld_table
    outlooks = []
    for s in suits:
        side_m, own_m, tr, ag = per[int(s)]
        meld_now = points_from_counts(mine, int(s), table)
        outlooks.append(
            TrumpOutlook(s, meld_now, tuple(side_m), tuple(own_m), tuple(tr), rules, tuple(ag))
        )
    passing = PassOutlook(
        tuple(p_decl), tuple(p_val), tuple(p_base), tuple(p_weight), rules,
        tuple(p_low), tuple(p_high),
    )  # fmt: skip
    return tuple(outlooks), passing
