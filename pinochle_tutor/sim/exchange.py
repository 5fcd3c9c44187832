"""The exchange's deals: the hidden hands as the auction and the pass leave them, and
one choice of cards to give played out on one deal.

The coach's exchange (:mod:`pinochle_tutor.coach.exchange`) weighs each choice of cards
on these deals. :func:`auction_deals` draws the unseen cards from what the deciding seat
knows (:func:`~pinochle_tutor.sim.knowledge.sample_hidden_hands`), each deal drawn again
(up to :data:`~pinochle_tutor.sim.inference.DRAWS` times, the best fitting kept) to fit
what the auction told about the other hands, as the bidding model does
(:mod:`pinochle_tutor.sim.inference`), and for the declarer's return also the partner's
pass. :class:`DealSimulator` gives the cards, lets the other side of the exchange act by
the heuristic policy (:func:`~pinochle_tutor.sim.policy.policy_return`, and after a
discard :func:`~pinochle_tutor.sim.policy.policy_trump`), counts every hand's meld, plays
the hand out with :func:`~pinochle_tutor.sim.policy.heuristic_playout` and scores it by
:func:`~pinochle_tutor.scoring.score_sides`, into :class:`Outcomes`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pinochle_tutor.cards import CARDS_BY_INDEX, Suit
from pinochle_tutor.meld import points_from_counts
from pinochle_tutor.scoring import score_changes, score_sides
from pinochle_tutor.sim.bidding import cards_from_counts, simulated_view
from pinochle_tutor.sim.inference import DRAWS, AuctionInfo, misfit
from pinochle_tutor.sim.knowledge import Knowledge, sample_hidden_hands
from pinochle_tutor.sim.policy import (
    PlayContext,
    heuristic_playout,
    play_context,
    policy_pass,
    policy_return,
    policy_trump,
)
from pinochle_tutor.view import Phase, PlayerView

__all__ = ["DealSimulator", "Outcomes", "auction_deals"]


def auction_deals(view: PlayerView, n: int, rng: random.Random) -> list[list[list[int]]]:
    """``n`` deals of the unseen cards (per-seat counts, this seat's own row included)
    that agree with the seat's knowledge, each the best fit of up to :data:`DRAWS` draws
    to what the auction told (the bidding model's rule) and, for the declarer's return,
    to the partner's pass (the partner's hand as it was passes those cards the way the
    heuristic player passes; each card it would pass otherwise counts as a miss of a
    tenth of the hand's trick points)."""
    rules = view.rules
    knowledge = Knowledge.from_view(view)
    info = AuctionInfo.from_view(view)
    inferences = info.inferences
    slack = rules.total_trick_points / 10
    players = rules.players
    received = [0] * 24
    for c in view.received:
        received[c.index] += 1
    partner = rules.partner(view.seat)
    by_pass = view.phase is Phase.RETURN and partner is not None and bool(view.received)
    out = []
    for _ in range(n):
        best: list[list[int]] = []
        best_miss = float("inf")
        for _ in range(DRAWS if inferences or by_pass else 1):
            hands = sample_hidden_hands(knowledge, rng)
            miss = 0.0
            if inferences or by_pass:
                # The hands as they were in the auction, counted from this seat.
                rel = []
                for r in range(players):
                    s = (view.seat + r) % players
                    row = hands[s]
                    if by_pass and s == partner:
                        row = [a + b for a, b in zip(row, received, strict=True)]
                    rel.append(row)
                miss = misfit(rel, inferences, rules, slack) if inferences else 0.0
                if by_pass and partner is not None:
                    before = rel[(partner - view.seat) % players]
                    pv = simulated_view(cards_from_counts(before), view.trump, rules, partner, view.seat)
                    would = [0] * 24
                    for c in policy_pass(pv):
                        would[c.index] += 1
                    miss += slack * sum(max(0, w - g) for w, g in zip(would, received, strict=True))
            if miss < best_miss:
                best, best_miss = hands, miss
                if miss == 0.0:
                    break
        out.append(best)
    return out


@dataclass
class Outcomes:
    """One choice's results, deal by deal (their means are a
    :class:`~pinochle_tutor.explain.exchange_advice.GiftValue`'s numbers)."""

    tricks: list[float]
    score: list[float]
    against: list[float]
    value: list[float]
    made: list[float]


class DealSimulator:
    """Plays one choice of cards on one deal (see the module text)."""

    def __init__(self, view: PlayerView, role: Phase) -> None:
        self.view = view
        self.role = role
        self.rules = view.rules
        assert view.declarer is not None and view.contract is not None
        self.declarer = view.declarer
        self.contract = view.contract
        self.bside = self.rules.side(self.declarer)
        self._trumps: dict[tuple[int, ...], int] = {}
        self._contexts: dict[int, PlayContext] = {}

    def trump_of(self, gift: tuple[int, ...]) -> int:
        """The trump the hand is played with after giving ``gift``."""
        v = self.view
        if self.role is not Phase.DISCARD:
            assert v.trump is not None
            return int(v.trump)
        t = self._trumps.get(gift)
        if t is None:
            kept = list(v.hand)
            for i in gift:
                kept.remove(CARDS_BY_INDEX[i])
            view = simulated_view(kept, None, self.rules, v.seat, self.declarer, Phase.TRUMP)
            t = int(policy_trump(view))
            self._trumps[gift] = t
        return t

    def play(
        self, deal: list[list[int]], gift: tuple[int, ...], out: Outcomes, trump: int | None = None
    ) -> None:
        """Play ``deal`` once the seat gives ``gift``, with ``trump`` (by default the
        trump of :meth:`trump_of`); add the outcome to ``out``."""
        rules = self.rules
        seat = self.view.seat
        decl = self.declarer
        if trump is None:
            trump = self.trump_of(gift)
        h = [list(row) for row in deal]
        extra = 0
        if self.role is Phase.PASS:
            for i in gift:
                h[seat][i] -= 1
                h[decl][i] += 1
            view = simulated_view(cards_from_counts(h[decl]), Suit(trump), rules, decl, decl, Phase.RETURN)
            for c in policy_return(view):
                h[decl][c.index] -= 1
                h[seat][c.index] += 1
        elif self.role is Phase.RETURN:
            partner = rules.partner(seat)
            assert partner is not None
            for i in gift:
                h[seat][i] -= 1
                h[partner][i] += 1
        elif self.role is Phase.DISCARD:
            for i in gift:
                h[seat][i] -= 1
                extra += rules.counter_points[i % 6]
        else:
            # Naming trump after the discard: the discards are out of the hand already.
            extra = sum(rules.counter_points[c.index % 6] for c in self.view.given)
        table = rules.meld_table
        side_meld = [0] * rules.sides
        for s, row in enumerate(h):
            side_meld[rules.side(s)] += points_from_counts(row, trump, table)
        ctx = self._contexts.get(trump)
        if ctx is None:
            ctx = play_context(rules, trump, decl)
            self._contexts[trump] = ctx
        pts = heuristic_playout(h, decl, trump, rules, context=ctx)
        pts[self.bside] += extra
        b = self.bside
        scores = score_sides(self.contract, b, side_meld, pts, rules)
        changes = score_changes(scores, b, rules)
        made = scores[0].made
        others = [changes[d] for d in range(rules.sides) if d != b]
        against = sum(others) / len(others)
        out.tricks.append(float(pts[b]))
        out.score.append(float(changes[b]))
        out.against.append(against)
        out.value.append(changes[b] - against)
        out.made.append(1.0 if made else 0.0)
