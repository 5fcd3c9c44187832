"""The coach: what each legal card is worth, judged from what the deciding seat knows.

A learner's card is judged the way a strong player would weigh it at the table:
imagine the hands that cannot be seen, many times over, each deal agreeing with
everything the seat knows (its cards, the meld shown, the cards played, the voids
play has revealed, the exchange; see :mod:`pinochle_tutor.bots.knowledge`), and
play every legal card out on each of them. Two ways of playing on:

* **Early in the hand**, the rest of the hand is played with the heuristic policy
  for every seat (:func:`~pinochle_tutor.bots.heuristic.heuristic_playout`, the
  playout behind the Monte Carlo player).
* **In the last tricks** (``exact_tricks`` cards or fewer in the deciding hand),
  each imagined deal is solved exactly with every card face up
  (:mod:`pinochle_tutor.bots.endgame`): best play by both sides.

Every card is tried on the *same* imagined deals (common random numbers), so the
difference between two cards is measured on the same hands and its error is much
smaller than either card's own spread. :func:`evaluate_play` returns a
:class:`PlayEvaluation`: per card the mean trick points the deciding side takes from
this trick on (the cards already on the table included), its standard error, the
best card and every other card's loss, with the standard error of that loss.

**The deciding side.** In the partnership games, the seat and its partner. In the
three-handed game the declarer alone, or the two defenders together: the exact
search lets the defenders cooperate against the declarer, and the playouts are
counted the same way, so both measure one thing.

A loss is called a mistake (:meth:`PlayEvaluation.is_clear_mistake`) only when it is
larger than two standard errors of the loss and larger than a small margin (half a
counter by default): differences within the evaluation's error are not mistakes.

The evaluation is deterministic given ``seed``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from pinochle_tutor.bots.endgame import solve_counts
from pinochle_tutor.bots.heuristic import heuristic_playout, play_context, policy_card
from pinochle_tutor.bots.knowledge import Knowledge, sample_hidden_hands
from pinochle_tutor.bots.montecarlo import check_samples
from pinochle_tutor.cards import CARDS_BY_INDEX, Card, CardLike, parse_card
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.view import Phase, PlayerView

__all__ = [
    "DEFAULT_SAMPLES",
    "EXACT_TRICKS",
    "CardEvaluation",
    "InvalidDecisionError",
    "PlayEvaluation",
    "evaluate_play",
    "stderr_of_mean",
]

DEFAULT_SAMPLES = 64
"""Imagined deals per evaluation unless told otherwise."""
EXACT_TRICKS = 4
"""Solve each imagined deal exactly when the deciding hand holds this many cards or fewer."""


class InvalidDecisionError(PinochleError):
    """A view that is not a card-play decision of its seat: not in trick play, or not
    this seat's turn (no legal cards), or an ``exact_tricks`` that is not a whole
    number of 0 or more."""


@dataclass(frozen=True)
class CardEvaluation:
    """What one legal card is worth to the deciding side."""

    card: Card
    mean: float
    """Mean trick points the deciding side takes from this trick on."""
    stderr: float
    """Standard error of :attr:`mean` (0 with a single sample)."""
    loss: float
    """Trick points it gives away on average against the best card (0 for the best)."""
    loss_stderr: float
    """Standard error of :attr:`loss`, from the differences on the same deals."""


@dataclass(frozen=True)
class PlayEvaluation:
    """The coach's verdict on one card-play decision: every legal card, best first."""

    seat: int
    """The deciding seat."""
    side: tuple[int, ...]
    """The seats whose trick points are counted (see the module text)."""
    alternatives: tuple[CardEvaluation, ...]
    """Every legal card, best first (then by loss)."""
    samples: int
    """Imagined deals, the same for every card."""
    exact: bool
    """Whether each deal was solved exactly (the last tricks) rather than played out."""
    margin: float
    """The smallest loss :meth:`is_clear_mistake` calls a mistake."""
    taken: int
    """Trick points the side already holds from finished tricks (three-handed: without
    the declarer's discards), not part of the means."""

    @property
    def best(self) -> Card:
        """The card with the highest mean (ties go to the card the heuristic plays)."""
        return self.alternatives[0].card

    @property
    def playouts(self) -> int:
        """Hands played on or solved: samples times legal cards."""
        return self.samples * len(self.alternatives)

    def evaluation(self, card: CardLike) -> CardEvaluation | None:
        """The evaluation of ``card``, ``None`` if it is not a legal card here."""
        try:
            c = parse_card(card)
        except PinochleError:
            return None
        for alt in self.alternatives:
            if alt.card is c:
                return alt
        return None

    def loss(self, card: CardLike) -> float | None:
        """The mean trick points ``card`` gives away against the best card, ``None`` if
        it is not a legal card here."""
        alt = self.evaluation(card)
        return None if alt is None else alt.loss

    def is_clear_mistake(self, card: CardLike) -> bool:
        """Whether ``card`` loses more than two standard errors of its loss and more
        than :attr:`margin`: a loss the evaluation is sure of and that matters. False
        for the best card and for a card that is not legal here."""
        alt = self.evaluation(card)
        if alt is None:
            return False
        return alt.loss > self.margin and alt.loss > 2.0 * alt.loss_stderr


def evaluate_play(
    view: PlayerView,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int | None = 0,
    exact_tricks: int = EXACT_TRICKS,
    margin: float | None = None,
) -> PlayEvaluation:
    """Evaluate every legal card of ``view.seat``, to play now (see the module text).

    ``samples`` imagined deals of the hidden cards, all consistent with what the seat
    knows; ``seed`` makes the result reproducible (``None``: fresh randomness);
    ``exact_tricks``: solve exactly when the seat holds that many cards or fewer (0:
    never); ``margin``: the smallest loss called a mistake (default half a counter of
    the rule set in force). Raises :class:`InvalidDecisionError` when ``view`` is not
    this seat's turn to play a card."""
    n_samples = check_samples(samples)
    if isinstance(exact_tricks, bool) or not isinstance(exact_tricks, int) or exact_tricks < 0:
        raise InvalidDecisionError(
            f"exact_tricks={exact_tricks!r} must be a whole number of 0 or more"
        )
    if view.phase is not Phase.PLAY or not view.legal:
        raise InvalidDecisionError(
            f"seat {view.seat} has no card to play now (phase {view.phase.value}, no legal cards): "
            "the coach evaluates a card-play decision at the seat's turn"
        )
    assert view.trump is not None and view.declarer is not None
    rules = view.rules
    seat = view.seat
    declarer = view.declarer
    trump = int(view.trump)
    players = rules.players
    bidders = rules.side(declarer)
    ours = rules.side(seat) == bidders
    team = tuple(s for s in range(players) if (rules.side(s) == bidders) == ours)
    team_sides = sorted({rules.side(s) for s in team})
    legal = sorted({c.index for c in view.legal})
    knowledge = Knowledge.from_view(view)
    ctx = play_context(rules, trump, declarer)
    trick = [c.index for c in view.trick]
    seats = [*view.trick_seats, seat]
    exact = len(view.hand) <= exact_tricks
    rng = random.Random(seed)

    results: list[list[float]] = [[] for _ in legal]
    for _ in range(n_samples):
        hands = sample_hidden_hands(knowledge, rng)
        if exact:
            sol = solve_counts(hands, trump, seat, declarer, rules, trick)
            value = {c.index: v for c, v in sol.values}
            for j, i in enumerate(legal):
                results[j].append(float(value[i]))
            continue
        for j, i in enumerate(legal):
            h = [list(row) for row in hands]
            h[seat][i] -= 1
            pts = heuristic_playout(
                h,
                declarer,
                trump,
                rules,
                trick=[*trick, i],
                trick_seats=seats,
                forbidden=knowledge.forbidden,
                context=ctx,
            )
            results[j].append(float(sum(pts[d] for d in team_sides)))

    means = [sum(r) / n_samples for r in results]
    preferred = policy_card(view, knowledge, ctx)
    top = max(range(len(legal)), key=lambda j: (round(means[j], 9), legal[j] == preferred))
    alternatives = []
    for j, i in enumerate(legal):
        diffs = [b - x for b, x in zip(results[top], results[j], strict=True)]
        alternatives.append(
            CardEvaluation(
                card=CARDS_BY_INDEX[i],
                mean=means[j],
                stderr=stderr_of_mean(results[j]),
                loss=max(0.0, means[top] - means[j]),
                loss_stderr=stderr_of_mean(diffs),
            )
        )
    alternatives.sort(key=lambda a: (a.card.index != legal[top], a.loss, a.card.index))
    taken = sum(t.points for t in view.tricks if t.winner in team)
    if margin is None:
        margin = max(rules.counter_points) / 2
    return PlayEvaluation(
        seat=seat,
        side=team,
        alternatives=tuple(alternatives),
        samples=n_samples,
        exact=exact,
        margin=float(margin),
        taken=taken,
    )


def stderr_of_mean(values: Sequence[float]) -> float:
    """Standard error of the mean of ``values`` (0 for fewer than two)."""
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    var = sum((x - mean) ** 2 for x in values) / (n - 1)
    return math.sqrt(var / n)
