"""A Monte Carlo card player: imagine the hidden hands, play each card out, keep the best.

At each card it must choose, the player deals the cards it cannot see to the
other seats many times over, each deal agreeing with everything it has seen:
the meld shown, the voids revealed by play, the exchange it took part in (see
:mod:`pinochle_tutor.sim.knowledge`). For every deal it tries each legal card and
plays the rest of the hand out with the heuristic policy
(:func:`~pinochle_tutor.sim.policy.heuristic_playout`), scoring the result the way
the hand will be scored: its side's score change less the opponents'. The card
with the best average wins; every card is tried on the same deals, so the
comparison is fair. Bidding, trump, the exchange and concession are left to the
:class:`~pinochle_tutor.bots.heuristic.HeuristicPlayer`.

The method is "determinized" sampling (perfect-information playouts of
imagined deals): it cannot plan to hide or discover information, but it counts
cards and weighs risks far better than fixed rules of thumb.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pinochle_tutor.bots.heuristic import HeuristicPlayer
from pinochle_tutor.cards import CARDS_BY_INDEX, Card, Suit
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.scoring import score_changes, score_sides
from pinochle_tutor.sim.knowledge import Knowledge, sample_hidden_hands
from pinochle_tutor.sim.policy import heuristic_playout, play_context, policy_card
from pinochle_tutor.sim.stats import check_samples
from pinochle_tutor.view import PlayerView

__all__ = [
    "MonteCarloPlayer",
    "against_the_others",
    "hand_utility",
    "playout_score_changes",
    "settled_points",
]


class MonteCarloPlayer:
    """Chooses each card by ``samples`` imagined deals of the hidden cards, each
    played out with the heuristic policy (see the module text).

    ``seed`` makes its choices reproducible; ``base`` is the player it asks for
    every decision but card play (a :class:`HeuristicPlayer` by default)."""

    def __init__(
        self, samples: int = 24, seed: int | None = None, base: HeuristicPlayer | None = None
    ) -> None:
        self.samples = check_samples(samples)
        self.rng = random.Random(seed)
        self.base = base if base is not None else HeuristicPlayer()

    # ------------------------------------------------------------ delegated
    def bid(self, view: PlayerView) -> int | None:
        return self.base.bid(view)

    def choose_trump(self, view: PlayerView) -> Suit:
        return self.base.choose_trump(view)

    def pass_cards(self, view: PlayerView) -> Sequence[Card]:
        return self.base.pass_cards(view)

    def return_cards(self, view: PlayerView) -> Sequence[Card]:
        return self.base.return_cards(view)

    def discard(self, view: PlayerView) -> Sequence[Card]:
        return self.base.discard(view)

    def concede(self, view: PlayerView) -> bool:
        return self.base.concede(view)

    # ------------------------------------------------------------ card play
    def play(self, view: PlayerView) -> Card:
        legal = sorted(set(view.legal), key=lambda c: c.index)
        if len(legal) == 1:
            return legal[0]
        assert view.trump is not None and view.declarer is not None
        rules = view.rules
        knowledge = Knowledge.from_view(view)
        trump = int(view.trump)
        ctx = play_context(rules, trump, view.declarer)
        seat = view.seat
        my_side = rules.side(seat)
        sides = rules.sides
        bidders = rules.side(view.declarer)
        meld, taken, contract = settled_points(view, knowledge)
        trick = [c.index for c in view.trick]
        seats = [*view.trick_seats, seat]
        totals = [0.0] * len(legal)
        rng = self.rng
        for _ in range(self.samples):
            hands = sample_hidden_hands(knowledge, rng)
            for j, card in enumerate(legal):
                h = [list(row) for row in hands]
                h[seat][card.index] -= 1
                pts = heuristic_playout(
                    h,
                    view.declarer,
                    trump,
                    rules,
                    trick=[*trick, card.index],
                    trick_seats=seats,
                    forbidden=knowledge.forbidden,
                    context=ctx,
                )
                totals[j] += hand_utility(
                    [taken[d] + pts[d] for d in range(sides)],
                    meld,
                    bidders,
                    my_side,
                    contract,
                    rules,
                )
        # Ties go to the card the heuristic would play.
        preferred = policy_card(view, knowledge, ctx)
        best = max(
            range(len(legal)), key=lambda j: (round(totals[j], 6), legal[j].index == preferred)
        )
        return CARDS_BY_INDEX[legal[best].index]


def settled_points(view: PlayerView, knowledge: Knowledge) -> tuple[list[int], list[float], int]:
    """What is already settled in trick play, seen from ``view``'s seat: each side's meld
    shown, each side's trick points from finished tricks (three-handed, the declarer's
    discards included: exactly for the declarer, at the average unseen card for the
    others, who cannot see them) and the contract."""
    rules = view.rules
    assert view.declarer is not None
    sides = rules.sides
    bidders = rules.side(view.declarer)
    meld = [0] * sides
    if view.melds is not None:
        for s, report in enumerate(view.melds):
            meld[rules.side(s)] += report.total
    taken = [0.0] * sides
    for t in view.tricks:
        taken[rules.side(t.winner)] += t.points
    if rules.has_kitty:
        if view.seat == view.declarer:
            taken[bidders] += sum(rules.counter_points[c.rank] for c in view.given)
        else:
            # The discards are unseen: count them at the average unseen card.
            unseen = sum(knowledge.unseen)
            if unseen:
                avg = (
                    sum(n * rules.counter_points[i % 6] for i, n in enumerate(knowledge.unseen))
                    / unseen
                )
                taken[bidders] += knowledge.out_of_play * avg
    contract = view.contract if view.contract is not None else rules.opening_bid
    return meld, taken, contract


def playout_score_changes(
    points: Sequence[float],
    meld: Sequence[int],
    bidders: int,
    contract: int,
    rules: RuleSet,
) -> list[int]:
    """Each side's score change when each side takes ``points`` trick points (the whole
    hand's, estimated: rounded and kept within the hand's total) and shows ``meld``:
    the rules' :func:`~pinochle_tutor.scoring.score_sides` and
    :func:`~pinochle_tutor.scoring.score_changes`."""
    total = rules.total_trick_points
    tricks = [min(total, max(0, round(p))) for p in points]
    return score_changes(score_sides(contract, bidders, meld, tricks, rules), bidders, rules)


def against_the_others(change: Sequence[float]) -> tuple[float, ...]:
    """Each side's score change less the average of the other sides' (what a side
    playing for itself maximises: the Monte Carlo player's measure of a playout)."""
    total = sum(change)
    others = len(change) - 1
    return tuple(c - (total - c) / others for c in change)


def hand_utility(
    points: list[float],
    meld: list[int],
    bidders: int,
    my_side: int,
    contract: int,
    rules: RuleSet,
) -> float:
    """The hand's score change for ``my_side`` less the average of the other sides',
    when each side takes ``points`` trick points (the whole hand's) and shows ``meld``
    (the Monte Carlo player's measure of a playout)."""
    return against_the_others(playout_score_changes(points, meld, bidders, contract, rules))[
        my_side
    ]
