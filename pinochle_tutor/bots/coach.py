"""The coach: what each legal card is worth, judged from what the deciding seat knows.

A learner's card is judged the way a strong player would weigh it at the table:
imagine the hands that cannot be seen, many times over, each deal agreeing with
everything the seat knows (its cards, the meld shown, the cards played, the voids
play has revealed, the exchange; see :mod:`pinochle_tutor.sim.knowledge`), and
play every legal card out on each of them. Two ways of playing on:

* **Early in the hand**, the rest of the hand is played with the heuristic policy
  for every seat (:func:`~pinochle_tutor.sim.policy.heuristic_playout`, the
  playout behind the Monte Carlo player).
* **In the last tricks** (``exact_tricks`` cards or fewer in the deciding hand),
  each imagined deal is solved exactly with every card face up
  (:mod:`pinochle_tutor.sim.endgame`): best play by both sides.

Every card is tried on the *same* imagined deals (common random numbers), so the
difference between two cards is measured on the same hands and its error is much
smaller than either card's own spread. :func:`evaluate_play` returns a
:class:`PlayEvaluation`: per card the mean trick points the deciding side takes from
this trick on (the cards already on the table included), its standard error, the
best card and every other card's loss, with the standard error of that loss.

**Candidates.** ``candidates`` restricts the evaluation to some of the legal cards (a
review's second look at a card weighs only that card and the ones that could be best).
The imagined deals do not depend on which cards are tried, so a card evaluated with or
without the restriction gets the same results deal by deal; the best card and the
losses are then those among the cards evaluated (:attr:`PlayEvaluation.left_out` names
the legal cards that were not).

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

import random
from collections.abc import Iterable
from dataclasses import dataclass

from pinochle_tutor.cards import CARDS_BY_INDEX, Card, CardLike, parse_card
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain.coaching import clear_loss
from pinochle_tutor.sim.endgame import solve_counts
from pinochle_tutor.sim.knowledge import Knowledge, sample_hidden_hands
from pinochle_tutor.sim.policy import heuristic_playout, play_context, policy_card
from pinochle_tutor.sim.stats import check_samples, stderr_of_mean
from pinochle_tutor.view import Phase, PlayerView

__all__ = [
    "DEFAULT_SAMPLES",
    "EXACT_TRICKS",
    "CardEvaluation",
    "InvalidDecisionError",
    "PlayEvaluation",
    "PlayEvaluator",
    "evaluate_play",
]

DEFAULT_SAMPLES = 64
"""Imagined deals per evaluation unless told otherwise."""
EXACT_TRICKS = 4
"""Solve each imagined deal exactly when the deciding hand holds this many cards or fewer."""


class InvalidDecisionError(PinochleError):
    """A view that is not a card-play decision of its seat: not in trick play, or not
    this seat's turn (no legal cards), an ``exact_tricks`` that is not a whole number
    of 0 or more, or ``candidates`` that name no card or a card that is not legal."""


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
    """The coach's verdict on one card-play decision: every legal card (or every
    candidate card asked for), best first."""

    seat: int
    """The deciding seat."""
    side: tuple[int, ...]
    """The seats whose trick points are counted (see the module text)."""
    alternatives: tuple[CardEvaluation, ...]
    """Every card evaluated (every legal card unless ``candidates`` restricted them),
    best first (then by loss)."""
    samples: int
    """Imagined deals, the same for every card."""
    exact: bool
    """Whether each deal was solved exactly (the last tricks) rather than played out."""
    margin: float
    """The smallest loss :meth:`is_clear_mistake` calls a mistake."""
    taken: int
    """Trick points the side already holds from finished tricks (three-handed: without
    the declarer's discards), not part of the means."""
    left_out: tuple[Card, ...] = ()
    """The legal cards not evaluated (``candidates`` left them out), by card order;
    empty when every legal card was evaluated."""

    @property
    def complete(self) -> bool:
        """Whether every legal card was evaluated (so :attr:`best` is the best of all)."""
        return not self.left_out

    @property
    def best(self) -> Card:
        """The card with the highest mean among those evaluated (ties go to the card
        the heuristic plays)."""
        return self.alternatives[0].card

    @property
    def playouts(self) -> int:
        """Hands played on or solved: samples times cards evaluated."""
        return self.samples * len(self.alternatives)

    def evaluation(self, card: CardLike) -> CardEvaluation | None:
        """The evaluation of ``card``, ``None`` if it is not a legal card here or was
        not evaluated."""
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
        it is not a legal card here or was not evaluated."""
        alt = self.evaluation(card)
        return None if alt is None else alt.loss

    def is_clear_mistake(self, card: CardLike) -> bool:
        """Whether ``card`` loses more than two standard errors of its loss and more
        than :attr:`margin`: a loss the evaluation is sure of and that matters. False
        for the best card and for a card that is not legal here or was not evaluated."""
        alt = self.evaluation(card)
        if alt is None:
            return False
        return clear_loss(alt.loss, alt.loss_stderr, self.margin)


def evaluate_play(
    view: PlayerView,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int | None = 0,
    exact_tricks: int = EXACT_TRICKS,
    margin: float | None = None,
    candidates: Iterable[CardLike] | None = None,
) -> PlayEvaluation:
    """Evaluate every legal card of ``view.seat``, to play now (see the module text).

    ``samples`` imagined deals of the hidden cards, all consistent with what the seat
    knows; ``seed`` makes the result reproducible (``None``: fresh randomness);
    ``exact_tricks``: solve exactly when the seat holds that many cards or fewer (0:
    never); ``margin``: the smallest loss called a mistake (default half a counter of
    the rule set in force); ``candidates``: evaluate only these legal cards (copies of
    a card count once), on the same deals as without them. Raises
    :class:`InvalidDecisionError` when ``view`` is not this seat's turn to play a card,
    or when ``candidates`` is empty or names a card that is not legal here
    (:class:`~pinochle_tutor.cards.InvalidCardError` for a text that is no card).

    The same as ``PlayEvaluator(view, seed=seed, exact_tricks=exact_tricks,
    margin=margin).evaluate(samples, candidates)``; a :class:`PlayEvaluator` asked again
    for more deals plays only the new ones."""
    check_samples(samples)
    return PlayEvaluator(view, seed=seed, exact_tricks=exact_tricks, margin=margin).evaluate(
        samples, candidates
    )


class PlayEvaluator:
    """The evaluations of one card-play decision on one sequence of imagined deals.

    The ``k``-th deal is the same whatever is asked (the deals depend only on the view
    and ``seed``), and each card's result on a deal is computed once: an evaluation
    on more deals, or of other cards, plays only what has not been played yet, and
    agrees deal by deal with :func:`evaluate_play` on the same arguments. A review's
    second look at a card thus costs only its new deals."""

    def __init__(
        self,
        view: PlayerView,
        *,
        seed: int | None = 0,
        exact_tricks: int = EXACT_TRICKS,
        margin: float | None = None,
    ) -> None:
        if isinstance(exact_tricks, bool) or not isinstance(exact_tricks, int) or exact_tricks < 0:
            raise InvalidDecisionError(
                f"exact_tricks={exact_tricks!r} must be a whole number of 0 or more"
            )
        if view.phase is not Phase.PLAY or not view.legal:
            raise InvalidDecisionError(
                f"seat {view.seat} has no card to play now (phase {view.phase.value}, no legal "
                "cards): the coach evaluates a card-play decision at the seat's turn"
            )
        assert view.trump is not None and view.declarer is not None
        rules = view.rules
        self.view = view
        bidders = rules.side(view.declarer)
        ours = rules.side(view.seat) == bidders
        self._team = tuple(s for s in range(rules.players) if (rules.side(s) == bidders) == ours)
        self._team_sides = sorted({rules.side(s) for s in self._team})
        self._legal = sorted({c.index for c in view.legal})
        self._knowledge = Knowledge.from_view(view)
        self._ctx = play_context(rules, int(view.trump), view.declarer)
        self._trick = [c.index for c in view.trick]
        self._seats = [*view.trick_seats, view.seat]
        self.exact = len(view.hand) <= exact_tricks
        """Whether each deal is solved exactly (the last tricks) rather than played out."""
        self._margin = float(max(rules.counter_points) / 2 if margin is None else margin)
        self._rng = random.Random(seed)
        self._deals: list[list[list[int]]] = []
        self._solved: list[dict[int, int]] = []
        self._results: dict[int, list[float]] = {}
        self._preferred: int | None = None

    def _deal(self, k: int) -> list[list[int]]:
        while len(self._deals) <= k:
            self._deals.append(sample_hidden_hands(self._knowledge, self._rng))
        return self._deals[k]

    def _result(self, i: int, k: int) -> float:
        """Trick points the side takes from this trick on if the seat plays card index
        ``i`` on the ``k``-th deal."""
        view = self.view
        assert view.trump is not None and view.declarer is not None
        hands = self._deal(k)
        if self.exact:
            while len(self._solved) <= k:
                sol = solve_counts(
                    self._deal(len(self._solved)),
                    int(view.trump),
                    view.seat,
                    view.declarer,
                    view.rules,
                    self._trick,
                )
                self._solved.append({c.index: v for c, v in sol.values})
            return float(self._solved[k][i])
        h = [list(row) for row in hands]
        h[view.seat][i] -= 1
        pts = heuristic_playout(
            h,
            view.declarer,
            int(view.trump),
            view.rules,
            trick=[*self._trick, i],
            trick_seats=self._seats,
            forbidden=self._knowledge.forbidden,
            context=self._ctx,
        )
        return float(sum(pts[d] for d in self._team_sides))

    def unplayed(
        self, samples: int = DEFAULT_SAMPLES, candidates: Iterable[CardLike] | None = None
    ) -> int:
        """How many card-and-deal results :meth:`evaluate` with these arguments would
        compute that are not computed yet: its cost, before it is paid (a query; 0 for
        arguments :meth:`evaluate` would refuse)."""
        try:
            n_samples = check_samples(samples)
            legal = (
                self._legal
                if candidates is None
                else _candidate_indices(candidates, self._legal, self.view)
            )
        except PinochleError:
            return 0
        return sum(max(0, n_samples - len(self._results.get(i, ()))) for i in legal)

    def evaluate(
        self, samples: int = DEFAULT_SAMPLES, candidates: Iterable[CardLike] | None = None
    ) -> PlayEvaluation:
        """The evaluation on the first ``samples`` deals of every legal card, or of the
        legal ``candidates`` only (see :func:`evaluate_play`)."""
        n_samples = check_samples(samples)
        view = self.view
        every = self._legal
        legal = every if candidates is None else _candidate_indices(candidates, every, view)
        results: list[list[float]] = []
        for i in legal:
            done = self._results.setdefault(i, [])
            for k in range(len(done), n_samples):
                done.append(self._result(i, k))
            results.append(done[:n_samples])

        means = [sum(r) / n_samples for r in results]
        if self._preferred is None:
            self._preferred = policy_card(view, self._knowledge, self._ctx)
        preferred = self._preferred
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
        taken = sum(t.points for t in view.tricks if t.winner in self._team)
        return PlayEvaluation(
            seat=view.seat,
            side=self._team,
            alternatives=tuple(alternatives),
            samples=n_samples,
            exact=self.exact,
            margin=self._margin,
            taken=taken,
            left_out=tuple(CARDS_BY_INDEX[i] for i in every if i not in legal),
        )


def _candidate_indices(
    candidates: Iterable[CardLike], legal: list[int], view: PlayerView
) -> list[int]:
    """The card indices of ``candidates``, sorted and each once; every one legal (a
    text that is no card raises :class:`~pinochle_tutor.cards.InvalidCardError`)."""
    out = set()
    for c in candidates:
        i = parse_card(c).index
        if i not in legal:
            raise InvalidDecisionError(
                f"candidate {CARDS_BY_INDEX[i].text} is not a legal card of seat {view.seat} "
                f"here (legal: {', '.join(CARDS_BY_INDEX[j].text for j in legal)})"
            )
        out.add(i)
    if not out:
        raise InvalidDecisionError("candidates names no card: evaluate at least one legal card")
    return sorted(out)


