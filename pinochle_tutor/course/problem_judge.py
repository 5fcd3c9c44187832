"""The coach's check of a problem deal (see :mod:`pinochle_tutor.course.problems`):
:class:`ProblemJudge` weighs the answer against each choice on the coach's imagined
deals, more of them until the margin is clear; :func:`check_problem` (the load check,
the choices offered) and :func:`check_all_choices` (every legal choice, for the tests
and ``scripts/find_problems.py``); and :func:`side_count`, a bidding problem's count."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass, replace

from pinochle_tutor.actions import Action, Bid, Give, Play
from pinochle_tutor.cards import Suit
from pinochle_tutor.coach.bid import BidEvaluation, evaluate_bid
from pinochle_tutor.coach.play import PlayEvaluator
from pinochle_tutor.course.problems import (
    CLEAR,
    PROBLEM_BID_SAMPLES,
    PROBLEM_DOUBLINGS,
    PROBLEM_EXCHANGE_FIRST,
    PROBLEM_EXCHANGE_SAMPLES,
    PROBLEM_PLAY_SAMPLES,
    STRONGEST_AGAIN,
    ChoiceValue,
    Problem,
    ProblemCheck,
    ProblemError,
    _canon,
    _same,
    _seed,
    min_margin,
    options,
)
from pinochle_tutor.sim.exchange import DealSimulator, Outcomes, auction_deals
from pinochle_tutor.sim.stats import paired_loss
from pinochle_tutor.view import Phase, PlayerView

__all__ = [
    "ProblemJudge",
    "SideCount",
    "check_all_choices",
    "check_problem",
    "every_choice",
    "side_count",
]


class _Weigher(ABC):
    """The coach's numbers for the choices of one decision, on one sequence of imagined
    deals seeded by the problem: :meth:`pair` is the mean of one choice less another's
    on the first ``n`` deals, deal by deal, with its standard error."""

    unit = "points of score"
    start = PROBLEM_BID_SAMPLES
    """The deals of the first look."""

    @abstractmethod
    def pair(self, a: Action, b: Action, n: int) -> tuple[float, float]:
        """``a``'s mean less ``b``'s on the first ``n`` deals, and its standard error."""


class _SeriesWeigher(_Weigher):
    """A weigher that knows each choice's result deal by deal."""

    @abstractmethod
    def series(self, choice: Action, n: int) -> list[float]:
        """The choice's result on each of the first ``n`` deals."""

    def pair(self, a: Action, b: Action, n: int) -> tuple[float, float]:
        """:func:`paired_loss` both ways: the signed mean difference and its error."""
        va, vb = self.series(a, n), self.series(b, n)
        gain, err = paired_loss(va, vb)
        return (gain if gain > 0 else -paired_loss(vb, va)[0]), err


class _PlayWeigher(_Weigher):
    """Every legal card on the same deals (:class:`~pinochle_tutor.coach.play.PlayEvaluator`,
    which plays each card on each deal once, however often it is asked)."""

    unit = "expected trick points"
    start = PROBLEM_PLAY_SAMPLES

    def __init__(self, view: PlayerView, seed: int) -> None:
        self.evaluator = PlayEvaluator(view, seed=seed)

    def pair(self, a: Action, b: Action, n: int) -> tuple[float, float]:
        assert isinstance(a, Play) and isinstance(b, Play)
        ev = self.evaluator.evaluate(n, [a.card, b.card])
        ea, eb = ev.evaluation(a.card), ev.evaluation(b.card)
        assert ea is not None and eb is not None
        return ea.mean - eb.mean, max(ea.loss_stderr, eb.loss_stderr)

    def reach(self, a: Action, b: Action, n: int) -> ChoiceValue | None:
        """``b``'s share of the first ``n`` deals on which its side makes (or sets) the
        contract, with how much more often ``a`` does, deal by deal; ``None`` when
        nothing is at stake."""
        assert isinstance(a, Play) and isinstance(b, Play)
        ev = self.evaluator.evaluate(n, [a.card, b.card])
        ea, eb = ev.evaluation(a.card), ev.evaluation(b.card)
        assert ea is not None and eb is not None
        if eb.reach is None:
            return None
        if a.card is b.card:
            return ChoiceValue(b, 0.0, 0.0, n, reach=eb.reach)
        gap, err = (eb.reach_gap, eb.reach_gap_stderr) if ev.best is a.card else (
            -ea.reach_gap, ea.reach_gap_stderr)  # fmt: skip
        return ChoiceValue(b, 0.0, 0.0, n, reach=eb.reach, reach_margin=gap,
                           reach_margin_stderr=err)  # fmt: skip


def _with_reach(check: ProblemCheck, weigher: _Weigher) -> ProblemCheck:
    """``check`` with how often each card makes (or sets) the contract, on the deals it
    was weighed on (a call or an exchange: as it is)."""
    if not isinstance(weigher, _PlayWeigher):
        return check
    answer = _canon(check.problem.answer)
    values = []
    for v in check.values:
        r = weigher.reach(answer, _canon(v.choice), v.samples)
        values.append(v if r is None else replace(
            v, reach=r.reach, reach_margin=r.reach_margin,
            reach_margin_stderr=r.reach_margin_stderr))  # fmt: skip
    return replace(check, values=tuple(values))


class _CallWeigher(_SeriesWeigher):
    """Every call on the bidding model's deals (:func:`~pinochle_tutor.coach.bid.evaluate_bid`):
    a bid of ``B`` scores, deal by deal, holding the contract at ``B`` with the trump the
    model names at ``B``; a pass scores the deal played with this seat out of the
    auction, as the model's ``gain`` compares them."""

    def __init__(self, view: PlayerView, seed: int) -> None:
        self.view = view
        self.seed = seed
        self._evals: dict[int, BidEvaluation] = {}

    def evaluation(self, n: int) -> BidEvaluation:
        """The model's evaluation on ``n`` deals."""
        if n not in self._evals:
            self._evals[n] = evaluate_bid(self.view, samples=n, seed=self.seed)
        return self._evals[n]

    def series(self, choice: Action, n: int) -> list[float]:
        assert isinstance(choice, Bid)
        ev = self.evaluation(n)
        if choice.amount is None:
            return list(ev.passing.scores(ev.pass_contract(ev.min_bid)))
        return list(ev.outlook(ev.trump_for(choice.amount)).scores(choice.amount))


class _GiftWeigher(_SeriesWeigher):
    """Every choice of cards to give on the exchange coach's deals
    (:func:`~pinochle_tutor.coach.exchange.auction_deals`, each played out by its
    :class:`~pinochle_tutor.coach.exchange.DealSimulator`, as
    :func:`~pinochle_tutor.coach.exchange.evaluate_exchange` does): the side's score less
    the other side's."""

    start = PROBLEM_EXCHANGE_SAMPLES

    def __init__(self, view: PlayerView, seed: int) -> None:
        self.view = view
        self._rng = random.Random(seed)
        self._deals: list[list[list[int]]] = []
        self._sim = DealSimulator(view, view.phase)
        self._results: dict[tuple[int, ...], Outcomes] = {}

    def series(self, choice: Action, n: int) -> list[float]:
        assert isinstance(choice, Give)
        if len(self._deals) < n:
            self._deals += auction_deals(self.view, n - len(self._deals), self._rng)
        key = tuple(sorted(c.index for c in choice.cards))
        out = self._results.setdefault(key, Outcomes([], [], [], [], []))
        for deal in self._deals[len(out.value) : n]:
            self._sim.play(deal, key, out)
        return out.value[:n]


def _weigher(problem: Problem, view: PlayerView) -> _Weigher:
    seed = _seed(problem)
    if view.phase is Phase.PLAY:
        return _PlayWeigher(view, seed)
    if view.phase is Phase.AUCTION:
        return _CallWeigher(view, seed)
    if view.phase in (Phase.PASS, Phase.RETURN, Phase.DISCARD):
        return _GiftWeigher(view, seed)
    raise ProblemError(
        f"{problem.name}: the coach evaluates a card play, a call or an exchange, "
        f"not {view.phase.value}"
    )


def _weigh(
    problem: Problem, weigher: _Weigher, choices: Iterable[Action], stages: list[int], every: bool
) -> ProblemCheck:
    """The answer against ``choices`` on the first ``stages[0]`` deals, then on twice as
    many while one is undecided: a choice is decided when the lower 95% bound of the
    answer's margin over it reaches the least margin (it is set aside when ``every``,
    else kept to the end so every choice is shown on the same deals), and the check
    stops, failed, as soon as the upper bound of a margin is below the least margin."""
    answer = _canon(problem.answer)
    least = min_margin(problem.rules)
    alive = list(dict.fromkeys(c for c in map(_canon, choices) if c != answer))
    found: dict[Action, tuple[float, float, int]] = {}
    last = stages[0]
    for n in stages:
        last = n
        for c in alive:
            m, se = weigher.pair(answer, c, n)
            found[c] = (m, se, n)
        if any(found[c][0] + CLEAR * found[c][1] < least for c in alive):
            break
        undecided = [c for c in alive if found[c][0] - CLEAR * found[c][1] < least]
        if not undecided:
            break
        if every:
            alive = undecided
    if every and found:
        # The strongest choices set aside early are weighed again on the last deals (at
        # least the load check's), so the two the page offers beside the answer are
        # picked on as many deals as the page weighs them on.
        last = max(last, weigher.start)
        for c in sorted(found, key=lambda c: found[c][0])[:STRONGEST_AGAIN]:
            if found[c][2] < last:
                m, se = weigher.pair(answer, c, last)
                found[c] = (m, se, last)
    best = min(found, key=lambda c: found[c][0], default=answer)
    if best != answer and found[best][0] >= 0:
        best = answer
    values = [ChoiceValue(answer, 0.0, 0.0, found[best][2] if best != answer else last)]
    for c, (m, se, n) in found.items():
        values.append(ChoiceValue(c, m, se, n, m, se))
    if best != answer:
        nb = found[best][2]
        redone = []
        for v in values:
            if v.choice == best:
                redone.append(ChoiceValue(best, 0.0, 0.0, nb, v.margin, v.margin_stderr))
                continue
            loss, err = weigher.pair(
                best, v.choice, min(nb, v.samples) if v.choice != answer else nb
            )
            redone.append(
                ChoiceValue(v.choice, max(0.0, loss), err, v.samples, v.margin, v.margin_stderr)
            )
        values = redone
    values.sort(key=lambda v: (v.choice != best, v.loss))
    return ProblemCheck(problem, best, tuple(values), weigher.unit, every)


def _stages(start: int, first: int | None = None) -> list[int]:
    out = [start * 2**k for k in range(PROBLEM_DOUBLINGS + 1)]
    return [first, *out] if first is not None and first < start else out


def _prepared(
    problem: Problem, offered: bool = True, view: PlayerView | None = None
) -> tuple[PlayerView, tuple[Action, ...]]:
    """The view and the offered choices (or the answer alone when not ``offered``),
    each checked to be a legal action there."""
    view = view if view is not None else problem.view()
    shown = options(problem, view) if offered else (problem.answer,)
    if not any(_same(problem.answer, c) for c in shown):
        raise ProblemError(
            f"{problem.name}: its answer {problem.answer.text!r} is not among its choices"
        )
    h = problem.position()
    for c in shown:
        if not h.is_legal(c):
            what = "its answer" if c is problem.answer else "the choice"
            raise ProblemError(f"{problem.name}: {what} {c.text!r} is not a legal action there")
    return view, shown


class ProblemJudge:
    """The coach's imagined deals of one problem's position, seeded by its id, with every
    choice played on each deal at most once however often it is asked: the load check
    (:meth:`load_check`) and the all-choices check (:meth:`all_choices`), of the problem
    or of a variant of it in the same position (another answer, other choices), all read
    the same results. So each gives exactly what :func:`check_problem` or
    :func:`check_all_choices` gives alone, and a later one costs only the deals and
    choices no earlier one played; the tests keep one per problem for the session.
    Raises :class:`ProblemError` naming the problem when it is no position or its
    decision is one the coach does not evaluate."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        self.view = problem.view()
        self._weigher = _weigher(problem, self.view)
        self._every: tuple[Action, ...] | None = None

    def _variant(self, problem: Problem | None) -> Problem:
        """``problem`` (default: this judge's), refused unless it is this position."""
        if problem is None:
            return self.problem
        p = self.problem
        here = (p.id, p.rules, p.dealer, p.deal_seed, p.hands, p.kitty, p.actions)
        there = (problem.id, problem.rules, problem.dealer, problem.deal_seed, problem.hands,
                 problem.kitty, problem.actions)  # fmt: skip
        if here != there:
            raise ProblemError(f"{problem.name}: not the position of {p.name} (its judge's deals)")
        return problem

    def load_check(self, problem: Problem | None = None) -> ProblemCheck:
        """:func:`check_problem` of this judge's problem, or of ``problem``, a variant of it
        in the same position."""
        problem = self._variant(problem)
        _view, offered = _prepared(problem, view=self.view)
        w = self._weigher
        return _with_reach(_weigh(problem, w, offered, _stages(w.start), every=False), w)

    def all_choices(self, problem: Problem | None = None) -> ProblemCheck:
        """:func:`check_all_choices` of this judge's problem, or of ``problem``, a variant
        of it in the same position."""
        problem = self._variant(problem)
        _prepared(problem, offered=False, view=self.view)
        w = self._weigher
        first = PROBLEM_EXCHANGE_FIRST if isinstance(w, _GiftWeigher) else None
        return _with_reach(
            _weigh(problem, w, self.every_choice(), _stages(w.start, first), every=True), w
        )

    def every_choice(self) -> tuple[Action, ...]:
        """:func:`every_choice` of the position (a call's on this judge's deals)."""
        if self._every is None:
            w = self._weigher
            calls = w if isinstance(w, _CallWeigher) else None
            self._every = _every_choice(self.problem, self.view, calls)
        return self._every


def check_problem(problem: Problem) -> ProblemCheck:
    """The load check (see the module text): the answer against the choices offered, on
    the same imagined deals seeded by the problem's id: 160 deals for a card play or a
    call, 96 for an exchange, doubled while a choice is undecided, up to 2,560 (1,536).
    Raises :class:`ProblemError` naming the problem when it is no position, its answer
    or a choice is not a legal action there, or its decision is one the coach does not
    evaluate."""
    return ProblemJudge(problem).load_check()


def every_choice(problem: Problem, view: PlayerView | None = None) -> tuple[Action, ...]:
    """Every legal choice of the problem's decision, as :meth:`Hand.legal_actions
    <pinochle_tutor.game.Hand.legal_actions>` lists it: each different legal card (never
    conceding), each different choice of cards to give, or a pass and each bid up to one
    step above the most any of the model's first 160 deals makes (:func:`check_all_choices`
    says why the higher bids need no deals of their own)."""
    return _every_choice(problem, view if view is not None else problem.view(), None)


def _every_choice(
    problem: Problem, v: PlayerView, calls: _CallWeigher | None
) -> tuple[Action, ...]:
    legal = list(problem.position().legal_actions())
    if v.phase is Phase.PLAY:
        return tuple(a for a in legal if isinstance(a, Play))
    if v.phase is Phase.AUCTION:
        weigher = calls if calls is not None else _CallWeigher(v, _seed(problem))
        ev = weigher.evaluation(PROBLEM_BID_SAMPLES)
        top = max(o.best_total for o in ev.outlooks) + v.rules.bid_increment
        return tuple(
            a for a in legal if isinstance(a, Bid) and (a.amount is None or a.amount <= top)
        )
    return tuple(_canon(a) for a in legal if isinstance(a, Give))


def check_all_choices(problem: Problem) -> ProblemCheck:
    """The all-choices check: the answer against every legal choice
    (:func:`every_choice`), on the same imagined deals seeded by the problem's id (the load
    check's deals first), each choice until the lower 95% bound of the answer's margin
    over it reaches :func:`min_margin`: a card play or a call from 160 deals, doubled up
    to 2,560; an exchange's every pass or return from 32 deals, then 96 doubled up to
    1,536. It passes when every choice is so decided.

    A bid above those weighed needs no deals of its own: every one of the first look's
    deals is set there, so with the same trump it scores at least its increase less than
    the highest bid weighed on each of them. Too slow for a page (an exchange weighs
    hundreds of choices); the tests and ``scripts/find_problems.py`` run it on every
    problem of the bank (with the load check on the same deals: :class:`ProblemJudge`)."""
    return ProblemJudge(problem).all_choices()


@dataclass(frozen=True)
class SideCount:
    """A bidding problem's count, from the bidding model's first 160 deals (the load
    check's): the hand's meld now with the model's trump, and the side's average meld
    after the exchange and trick points, against the lowest bid; the partner's share of
    that meld, and how often passing leaves the contract with the partner."""

    bid: int
    trump: Suit
    meld: int
    """The hand's own meld with :attr:`trump`, before the exchange."""
    side_meld: float
    """The side's average meld after the exchange (both partners)."""
    tricks: float
    """The side's average trick points."""
    make_chance: float
    """The share of deals on which the side makes :attr:`bid`."""
    deals: int
    partner_meld: float
    """The partner's average meld after the exchange (the side's less the hand's own
    after the pass), with :attr:`trump`: what the partner's hand brings to the count."""
    partner_declares: float
    """The share of deals on which, if this seat passes, the partner declares (the
    bidding model's deals played with this seat out of the auction): how often passing
    leaves the contract with the side."""

    @property
    def total(self) -> float:
        """Meld and trick points: what the side can expect to score against :attr:`bid`."""
        return self.side_meld + self.tricks


def side_count(problem: Problem) -> SideCount:
    """The count of a bidding problem (see :class:`SideCount`). Raises
    :class:`ProblemError` when the problem is no call."""
    view = problem.view()
    if view.phase is not Phase.AUCTION:
        raise ProblemError(f"{problem.name}: only a call has a count")
    ev = _CallWeigher(view, _seed(problem)).evaluation(PROBLEM_BID_SAMPLES)
    o = ev.best
    return SideCount(ev.min_bid, o.trump, o.meld, o.mean_side_meld, o.mean_tricks,
                     o.make_chance(ev.min_bid), ev.samples, o.mean_partner_meld,
                     ev.passing.partner_declares)  # fmt: skip
