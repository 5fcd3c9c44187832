"""The coach on the three-handed trump after the kitty: every suit played out on the
same imagined deals, the advice and the review's verdict.

Three-handed, the declarer names trump once it has taken the kitty and discarded.
:func:`evaluate_kitty` deals the two hands it cannot see to fit the auction (the deals
of the discard's evaluation, :mod:`pinochle_tutor.coach.exchange`) and plays each deal
out once with each suit as trump; :func:`advise_kitty` gives the reasoning behind the
trump to name (:class:`~pinochle_tutor.explain.bidding.TrumpReasoning`) and
:func:`judge_kitty` the review's verdict on the trump named. Deterministic given
``seed``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pinochle_tutor.cards import Suit
from pinochle_tutor.coach.bid import TRUMP_MARGIN
from pinochle_tutor.coach.exchange import InvalidExchangeDecisionError, mean_of
from pinochle_tutor.explain.bidding import TrumpJudgement, TrumpReasoning
from pinochle_tutor.explain.coaching import clear_loss
from pinochle_tutor.game import Hand
from pinochle_tutor.hands import counts_of
from pinochle_tutor.meld import points_from_counts
from pinochle_tutor.rules import check_seat
from pinochle_tutor.sim.exchange import DealSimulator, Outcomes, auction_deals
from pinochle_tutor.sim.policy import policy_trump
from pinochle_tutor.sim.stats import check_samples, exchange_seed, paired_loss, stderr_of_mean
from pinochle_tutor.view import Phase, PlayerView

__all__ = [
    "KITTY_HINT_SAMPLES",
    "KittyTrumpEvaluation",
    "TrumpChoice",
    "advise_kitty",
    "evaluate_kitty",
    "judge_kitty",
]

KITTY_HINT_SAMPLES = 96
"""Imagined deals behind the three-handed trump hint after the kitty, each played with
every suit as trump (measured: about a tenth of a second on one core)."""


@dataclass(frozen=True)
class TrumpChoice:
    """What naming one suit trump after the kitty is worth to the declarer."""

    suit: Suit
    meld: int
    """The hand's meld with this suit as trump."""
    made: float
    """Share of the deals in which the contract is made."""
    value: float
    """Mean of the declarer's score change less the defenders' average."""
    value_stderr: float
    loss: float
    """Mean value given up against the best suit, on the same deals."""
    loss_stderr: float
    """Standard error of :attr:`loss`, from the differences deal by deal."""


@dataclass(frozen=True)
class KittyTrumpEvaluation:
    """The coach's evaluation of every trump after the kitty (:func:`evaluate_kitty`)."""

    contract: int
    deals: int
    choices: tuple[TrumpChoice, ...]
    """Every suit, best first."""
    margin: float
    """The smallest loss :meth:`is_clear_mistake` calls a mistake."""
    planned: Suit
    """The suit the discard was made for: the heuristic's trump after it, the one the
    discard's evaluation (and its hint) plays each choice with."""

    @property
    def best(self) -> Suit:
        """The suit with the best mean value (ties to :attr:`planned`)."""
        return self.choices[0].suit

    @property
    def trump(self) -> Suit:
        """The trump to name: :attr:`planned`, unless naming it is a clear mistake
        (:meth:`is_clear_mistake`) against :attr:`best`. So the trump hint keeps to the
        discard hint's plan, and changes it only when the evaluation is sure it loses."""
        return self.best if self.is_clear_mistake(self.planned) else self.planned

    def choice(self, suit: Suit) -> TrumpChoice:
        """The evaluation of naming ``suit``."""
        return next(c for c in self.choices if c.suit is suit)

    def is_clear_mistake(self, suit: Suit) -> bool:
        """Whether naming ``suit`` loses more than two standard errors of its loss and
        more than :attr:`margin` (the criterion of every verdict of the coach)."""
        c = self.choice(suit)
        return clear_loss(c.loss, c.loss_stderr, self.margin)

    def reasoning(self) -> TrumpReasoning:
        """Why :attr:`trump`, as data: every suit's meld, make chance and expected score,
        the recommended trump first."""
        trump = self.trump
        ordered = sorted(self.choices, key=lambda c: c.suit is not trump)
        return TrumpReasoning(
            trump=trump,
            contract=self.contract,
            deals=self.deals,
            suits=tuple((c.suit, c.meld, c.made, round(c.value)) for c in ordered),
            partnerships=False,
            kept_plan=None if trump is self.best else self.best,
        )

    def judge(self, named: Suit) -> TrumpJudgement:
        """The verdict on naming ``named``."""
        c = self.choice(named)
        return TrumpJudgement(
            named=named,
            best=self.best,
            loss=c.loss,
            loss_stderr=c.loss_stderr,
            deals=self.deals,
            is_mistake=self.is_clear_mistake(named),
        )


def evaluate_kitty(
    view: PlayerView,
    *,
    samples: int = KITTY_HINT_SAMPLES,
    seed: int | None = 0,
    margin: float | None = None,
) -> KittyTrumpEvaluation:
    """Three-handed: the trump to name once the declarer has taken the kitty and
    discarded, scored by sampling the way the exchange is. The two hands the declarer
    cannot see are dealt ``samples`` times to fit what the auction told (the deals of
    the discard's evaluation), and each deal is played out once with each suit as trump:
    every hand's meld with that suit, the discards counted as the declarer's trick
    points, the heuristic's card play for every seat, scored by
    :func:`~pinochle_tutor.scoring.score_sides`. Per suit, from those same deals: the
    hand's meld with it, the share of deals in which the contract is made, the mean of
    the declarer's score change less the defenders' average, and its loss against the
    best suit deal by deal. The trump named is the heuristic's suit, the one the
    discard's evaluation played each discard with, unless another suit beats it beyond
    the evaluation's error (:attr:`KittyTrumpEvaluation.trump`). ``margin``: the
    smallest loss called a mistake (by default
    :data:`~pinochle_tutor.coach.bid.TRUMP_MARGIN` counters, as for the trump of a
    game without a kitty). Raises :class:`InvalidExchangeDecisionError` for
    any view but the three-handed declarer's, holding its cards after the discard,
    about to name trump."""
    rules = view.rules
    if not (
        rules.has_kitty
        and view.phase is Phase.TRUMP
        and view.contract is not None
        and view.declarer == view.seat
        and len(view.hand) == rules.hand_size
    ):
        raise InvalidExchangeDecisionError(
            f"seat {view.seat}'s view in the {view.phase.value} phase is not the trump after "
            "the kitty: the coach weighs every trump for the declarer of a game with a kitty, "
            "after the discard"
        )
    n = check_samples(samples)
    deals = auction_deals(view, n, random.Random(seed))
    sim = DealSimulator(view, Phase.TRUMP)
    usual = policy_trump(view)
    counts = counts_of(list(view.hand), rules)
    outcomes: dict[Suit, Outcomes] = {}
    for suit in Suit:
        out = outcomes[suit] = Outcomes([], [], [], [], [])
        for deal in deals:
            sim.play(deal, (), out, trump=int(suit))
    order = sorted(
        Suit, key=lambda s: (-round(mean_of(outcomes[s].value), 9), s is not usual, int(s))
    )
    best = outcomes[order[0]].value
    choices = []
    for suit in order:
        o = outcomes[suit]
        loss, loss_stderr = paired_loss(best, o.value)
        choices.append(
            TrumpChoice(
                suit=suit,
                meld=points_from_counts(counts, int(suit), rules.meld_table),
                made=mean_of(o.made),
                value=mean_of(o.value),
                value_stderr=stderr_of_mean(o.value),
                loss=loss,
                loss_stderr=loss_stderr,
            )
        )
    assert view.contract is not None
    if margin is None:
        margin = TRUMP_MARGIN * rules.counter
    return KittyTrumpEvaluation(view.contract, n, tuple(choices), float(margin), usual)


def judge_kitty(
    hand: Hand, seat: int, *, seed: int = 0, hand_number: int = 1
) -> TrumpJudgement | None:
    """The trump ``seat`` named in ``hand`` after the kitty, judged on the deals of the
    trump hint at that moment (seeded by :func:`exchange_seed`); ``None`` when the seat
    named no trump after a kitty (it did not declare, or the game has no kitty)."""
    rules = hand.rules
    check_seat(seat, rules, "seat")
    if not rules.has_kitty or hand.declarer != seat or hand.trump is None or not hand.discards:
        return None
    h = Hand(hand.dealer, rules, dealt=hand.deal)
    for s, amount in hand.auction.history:
        h.bid(s, amount)
    h.discard(seat, hand.discards)
    ev = evaluate_kitty(h.view(seat), seed=exchange_seed(seed, hand_number, Phase.TRUMP))
    return ev.judge(hand.trump)



def advise_kitty(view: PlayerView, *, seed: int | None = 0) -> TrumpReasoning:
    """The trump to name after the kitty, with its reasoning: every suit's meld, make
    chance and expected score on the deals of :func:`evaluate_kitty` (raises as it does)."""
    return evaluate_kitty(view, seed=seed).reasoning()
