"""Problem deals, "find the play": positions where one choice is clearly best, one bank
file per tip of the rules text ("Better decisions at the table") and one for the
exchange, checked by the coach before a learner sees them.

A problem is a position from one seat: a deal (its seed, or the hands written out),
the dealer, the actions taken so far (as :class:`~pinochle_tutor.actions.Action` text,
``'bid 250'``, ``'pass'``, ``'trump H'``, ``'give AS 10H ...'``, ``'play KS'``, in turn
order), then the seat to act decides: the learner's **question**, the **answer** (an
action), the **choices** offered (default: every distinct legal card for a card play;
bidding the lowest bid or passing for a call; a call or an exchange of the bank lists
the answer and the coach's two strongest alternatives), a **level** (1 to 3) and a
short **write-up** that says why the answer beats the strongest alternative.

**The all-choices check** (:func:`check_all_choices`): the answer against every legal
choice (:func:`every_choice`: every legal card; a pass and every bid; every choice of
cards to pass or return), all on the same imagined deals of :mod:`pinochle_tutor.coach`
(common random numbers, :func:`~pinochle_tutor.sim.stats.paired_loss`), seeded by the
problem's id so the check is the same every time: the card play on
:class:`~pinochle_tutor.coach.play.PlayEvaluator`'s deals, the call on the bidding
model's (:func:`~pinochle_tutor.coach.bid.evaluate_bid`: holding the contract at each
level against passing), the exchange on the exchange coach's
(:func:`~pinochle_tutor.coach.exchange.auction_deals`, each played out as
:func:`~pinochle_tutor.coach.exchange.evaluate_exchange` plays it). Each choice is
played on more deals until the lower 95% bound of the answer's margin over it (the
margin less :data:`CLEAR` standard errors) is at least :func:`min_margin`
(:data:`MIN_MARGIN` trick points on the 250-point scale, scaled to the rule set's trick
points): a learner is never marked wrong for a choice that may cost less than that. It
is too slow for a page (an exchange has hundreds of choices), so the tests and
``scripts/find_problems.py`` run it on every problem of the bank, each with one
:class:`ProblemJudge` that keeps the position's deals and results for both checks.

**The load check** (:func:`check_problem`), made when a page loads its problems: the
same test on the same deals against the choices offered only. A problem that fails it,
or that cannot be read (an illegal action, a card not held), is refused with a message
naming its file and id and why; the rest of the file still loads, and a teacher's bad
problem never reaches a learner.

The bank is the ``*.toml`` files of ``exercises/problems/``; a teacher adds a file of
their own there (see ``exercises/README.md``).
"""

from __future__ import annotations

import logging
import os
import random
import sys
import zlib
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pinochle_tutor.actions import Action, Bid, Give, Play
from pinochle_tutor.cards import Card, Suit, cards_text, parse_cards
from pinochle_tutor.coach.bid import BidEvaluation, evaluate_bid
from pinochle_tutor.coach.play import PlayEvaluator
from pinochle_tutor.course.tips import Tip
from pinochle_tutor.deal import Deal
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain.coaching import points
from pinochle_tutor.game import Hand
from pinochle_tutor.rules import RuleSet, rules_named
from pinochle_tutor.sim.exchange import DealSimulator, Outcomes, auction_deals
from pinochle_tutor.sim.stats import paired_loss
from pinochle_tutor.view import Phase, PlayerView, seat_name

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = [
    "CLEAR",
    "MIN_MARGIN",
    "PROBLEM_BID_SAMPLES",
    "PROBLEM_DOUBLINGS",
    "PROBLEM_EXCHANGE_FIRST",
    "PROBLEM_EXCHANGE_SAMPLES",
    "PROBLEM_PLAY_SAMPLES",
    "ChoiceValue",
    "Problem",
    "ProblemCheck",
    "ProblemError",
    "ProblemJudge",
    "ProblemMark",
    "RefusedProblem",
    "SideCount",
    "answer_kind",
    "check_all_choices",
    "check_problem",
    "choice_words",
    "default_problem_dir",
    "describe_position",
    "every_choice",
    "load_problems",
    "mark_problem",
    "min_margin",
    "problem_entry",
    "problems_toml",
    "read_problems",
    "side_count",
]

PROBLEM_PLAY_SAMPLES = 160
"""Imagined deals of the first look at a card-play problem (see :data:`PROBLEM_DOUBLINGS`)."""
PROBLEM_BID_SAMPLES = 160
"""Imagined deals of the first look at a bidding problem."""
PROBLEM_EXCHANGE_SAMPLES = 96
"""Imagined deals of the first look at an exchange problem's offered choices."""
PROBLEM_DOUBLINGS = 4
"""How many times a check doubles its deals while a choice is undecided: at most 2,560
deals for a card play or a call, 1,536 for an exchange."""
PROBLEM_EXCHANGE_FIRST = 32
"""Deals of the all-choices check's first look at every legal pass or return (there are
hundreds): most lose there by far more than the margin and are set aside."""
STRONGEST_AGAIN = 8
"""How many of the strongest other choices the all-choices check weighs again on its last
deals (at least the load check's first look) when an earlier look had set them aside."""
CLEAR = 1.96
"""The lower 95% bound of a margin is the margin less this many standard errors."""
MIN_MARGIN = 2.0
"""How much the answer must beat every other choice by at least, at the lower 95% bound
of the margin: in trick points (or points of score) on the classic scale of 250 trick
points a hand. :func:`min_margin` scales it to a rule set's trick points."""
MARGIN_SCALE = 250
"""The trick points a hand :data:`MIN_MARGIN` is stated for (classic and three-handed)."""

_LOG = logging.getLogger(__name__)


class ProblemError(PinochleError):
    """A problem that cannot be used: not readable as a position, or refused by the
    coach's check. The message names the file and the problem."""


@dataclass(frozen=True)
class Problem:
    """One problem deal (see the module text)."""

    id: str
    tip: Tip
    level: int
    rules: RuleSet
    dealer: int
    deal_seed: int | None
    hands: tuple[tuple[Card, ...], ...] | None
    kitty: tuple[Card, ...]
    actions: tuple[Action, ...]
    question: str
    answer: Action
    choices: tuple[Action, ...]
    writeup: str
    file: str = ""
    """The bank file it was read from (for messages)."""

    @property
    def name(self) -> str:
        """``'problem feed-1 in feed_partner.toml'``: how messages name it."""
        return f"problem {self.id!r}" + (f" in {self.file}" if self.file else "")

    def position(self) -> Hand:
        """The hand at the decision (a fresh replay each time). Raises
        :class:`ProblemError` naming the problem and the action that cannot be taken."""
        try:
            if self.hands is not None:
                h = Hand(
                    self.dealer,
                    self.rules,
                    dealt=Deal(self.hands, self.kitty, self.dealer, self.rules),
                )
            else:
                h = Hand(self.dealer, self.rules, seed=self.deal_seed)
        except PinochleError as e:
            raise ProblemError(f"{self.name}: the deal cannot be made: {e}") from None
        for n, action in enumerate(self.actions, 1):
            try:
                h.apply(action)
            except PinochleError as e:
                raise ProblemError(
                    f"{self.name}: action {n} ({action.text!r}) cannot be taken: {e}"
                ) from None
        if h.to_act is None:
            raise ProblemError(f"{self.name}: after its actions nobody is to act")
        return h

    def view(self) -> PlayerView:
        """What the deciding seat sees."""
        h = self.position()
        seat = h.to_act
        assert seat is not None
        return h.view(seat)


@dataclass(frozen=True)
class ChoiceValue:
    """One choice with the coach's numbers: how much less than the best it scores, and
    how much the problem's answer beats it by, on the same deals."""

    choice: Action
    loss: float
    """Mean less than the coach's best choice (0 for the best)."""
    loss_stderr: float
    samples: int
    """The deals this choice was played on (the answer's first ``samples`` deals)."""
    margin: float = 0.0
    """The answer's mean less this choice's, deal by deal (0 for the answer; below 0: the
    choice scores more than the answer)."""
    margin_stderr: float = 0.0
    """Standard error of :attr:`margin`, from the differences deal by deal."""

    @property
    def lower(self) -> float:
        """The lower 95% bound of :attr:`margin` (:data:`CLEAR` standard errors below)."""
        return self.margin - CLEAR * self.margin_stderr


@dataclass(frozen=True)
class ProblemCheck:
    """The coach's check of a problem: its best choice, and every choice weighed with its
    loss and the answer's margin over it (see :func:`check_problem` and
    :func:`check_all_choices`)."""

    problem: Problem
    best: Action
    values: tuple[ChoiceValue, ...]
    """Every choice weighed, best first (then by loss)."""
    unit: str
    """What the numbers count: ``'expected trick points'`` or ``'points of score'``."""
    every: bool = False
    """Whether every legal choice was weighed (:func:`check_all_choices`), not only the
    offered ones."""

    @property
    def margin(self) -> float:
        """The least the lower 95% bound of the answer's margin over every other choice
        must reach (:func:`min_margin` of the rules)."""
        return min_margin(self.problem.rules)

    @property
    def others(self) -> tuple[ChoiceValue, ...]:
        """Every choice weighed but the answer, the strongest first (the smallest margin)."""
        answer = self.problem.answer
        return tuple(
            sorted((v for v in self.values if not _same(v.choice, answer)), key=lambda v: v.margin)
        )

    @property
    def strongest(self) -> tuple[ChoiceValue, ...]:
        """The two strongest other choices (the smallest margins), strongest first."""
        return self.others[:2]

    @property
    def deals(self) -> int:
        """The most deals any choice was played on."""
        return max(v.samples for v in self.values)

    @property
    def passed(self) -> bool:
        """The lower 95% bound of the answer's margin over every other choice weighed is
        at least :attr:`margin` (so the answer is the coach's best)."""
        return _same(self.best, self.problem.answer) and all(
            v.lower >= self.margin for v in self.others
        )

    @property
    def reason(self) -> str:
        """Why the check failed (``''`` when it passed)."""
        if self.passed:
            return ""
        answer = self.problem.answer.text
        if not _same(self.best, self.problem.answer):
            mine = next((v for v in self.values if _same(v.choice, self.problem.answer)), None)
            by = f" by {points(mine.loss)} ± {points(mine.loss_stderr)}" if mine else ""
            return f"its answer {answer!r} is not the coach's best ({self.best.text!r} is, {by.strip()})"
        v = next(v for v in self.others if v.lower < self.margin)
        if v.lower > 0:
            return (
                f"its answer {answer!r} wins by too little: {v.choice.text!r} is only "
                f"{points(v.margin)} ± {points(v.margin_stderr)} {self.unit} worse on "
                f"{v.samples} deals, whose lower 95% bound {points(v.lower)} is less than "
                f"the least margin of {points(self.margin)}"
            )
        return (
            f"its answer {answer!r} is not clearly best: {v.choice.text!r} is within "
            f"{points(v.margin)} ± {points(v.margin_stderr)} {self.unit} on {v.samples} deals"
        )

    def lines(self) -> list[str]:
        """Each choice with the coach's numbers, best first."""
        out = []
        for v in self.values:
            tail = (
                "the coach's choice"
                if _same(v.choice, self.best)
                else (f"{points(v.loss)} {self.unit} less (± {points(v.loss_stderr)})")
            )
            out.append(f"{choice_words(v.choice)}: {tail}")
        return out


@dataclass(frozen=True)
class RefusedProblem:
    """A problem of a bank file that is not offered, and why (naming file and id)."""

    file: str
    id: str
    message: str

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class ProblemMark:
    """A learner's choice, marked."""

    problem: Problem
    choice: Action
    right: bool
    check: ProblemCheck

    @property
    def text(self) -> str:
        """The verdict, the write-up and the coach's numbers."""
        head = (
            f"Right: {choice_words(self.choice)} is the coach's choice."
            if self.right
            else f"Not this time: the answer is {choice_words(self.problem.answer)}."
        )
        return " ".join(
            [
                head,
                self.problem.writeup,
                "The coach's numbers:",
                "; ".join(self.check.lines()) + ".",
            ]
        )


def min_margin(rules: RuleSet) -> float:
    """The least loss every other choice must show for a problem to pass (see the module
    text): :data:`MIN_MARGIN` scaled to ``rules.total_trick_points``, but never less than
    the smallest counter's trick points when that is below :data:`MIN_MARGIN` (a loss
    smaller than one counter of the double deck's 1-point scale is no lesson).

    >>> from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED
    >>> min_margin(CLASSIC), min_margin(THREE_HANDED), min_margin(DOUBLE_DECK)
    (2.0, 2.0, 1.0)
    """
    scaled = MIN_MARGIN * rules.total_trick_points / MARGIN_SCALE
    steps = [p for p in rules.counter_points if p > 0]
    step = min(steps) if steps else MIN_MARGIN
    return max(scaled, min(float(step), MIN_MARGIN))


def _same(a: Action, b: Action) -> bool:
    if isinstance(a, Give) and isinstance(b, Give):
        return sorted(a.cards) == sorted(b.cards)
    return a == b


def choice_words(a: Action) -> str:
    """A choice as the page names it: ``'A♥'``, ``'bid 250'``, ``'pass'``, ``'A♠ K♥ ...'``."""
    if isinstance(a, Play):
        return a.card.text
    if isinstance(a, Bid):
        return "pass" if a.amount is None else f"bid {a.amount}"
    if isinstance(a, Give):
        return cards_text(a.cards)
    return a.text


def _seed(problem: Problem) -> int:
    return zlib.crc32(f"problem:{problem.id}".encode())


def _canon(a: Action) -> Action:
    """A choice in one spelling (the cards of a gift sorted), so equal choices are equal."""
    return Give(tuple(sorted(a.cards))) if isinstance(a, Give) else a


def options(problem: Problem, view: PlayerView | None = None) -> tuple[Action, ...]:
    """The choices the learner is offered (see the module text)."""
    v = view if view is not None else problem.view()
    if problem.choices:
        return problem.choices
    if v.phase is Phase.PLAY:
        return tuple(Play(c) for c in dict.fromkeys(v.legal))
    if v.phase is Phase.AUCTION:
        return (Bid(v.min_bid), Bid(None))
    raise ProblemError(f"{problem.name}: an exchange problem lists its choices")


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
        return _weigh(problem, w, offered, _stages(w.start), every=False)

    def all_choices(self, problem: Problem | None = None) -> ProblemCheck:
        """:func:`check_all_choices` of this judge's problem, or of ``problem``, a variant
        of it in the same position."""
        problem = self._variant(problem)
        _prepared(problem, offered=False, view=self.view)
        w = self._weigher
        first = PROBLEM_EXCHANGE_FIRST if isinstance(w, _GiftWeigher) else None
        return _weigh(problem, w, self.every_choice(), _stages(w.start, first), every=True)

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


def answer_kind(problem: Problem) -> str:
    """What a set's answers are counted by, so that no set gives one answer to most of
    its problems (its title must never give the answer away): for a call, ``'pass'`` or
    ``'bid'``; for a card, ``'counter'`` or ``'no counter'``; for an exchange, the cards.

    >>> from pinochle_tutor.rules import CLASSIC
    >>> p = Problem("x", Tip.FEED_PARTNER, 1, CLASSIC, 0, 1, None, (), (), "?", Play(Card.parse("KH")), (), "")
    >>> answer_kind(p)
    'counter'
    """
    a = problem.answer
    if isinstance(a, Play):
        return "counter" if problem.rules.counter_points[a.card.rank] > 0 else "no counter"
    if isinstance(a, Bid):
        return "pass" if a.amount is None else "bid"
    return choice_words(_canon(a))


@dataclass(frozen=True)
class SideCount:
    """A bidding problem's count, from the bidding model's first 160 deals (the load
    check's): the hand's meld now with the model's trump, and the side's average meld
    after the exchange and trick points, against the lowest bid."""

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
                     o.make_chance(ev.min_bid), ev.samples)  # fmt: skip


def mark_problem(problem: Problem, check: ProblemCheck, choice: Action | str) -> ProblemMark:
    """The learner's ``choice`` (an action or its text) marked against the answer.
    Raises :class:`ProblemError` quoting a choice that is not one offered."""
    try:
        act = choice if isinstance(choice, Action) else Action.parse(choice)
    except PinochleError as e:
        raise ProblemError(str(e)) from None
    if not any(_same(act, c) for c in options(problem)):
        raise ProblemError(f"{act.text!r} is not one of this problem's choices")
    return ProblemMark(problem, act, _same(act, problem.answer), check)


# ------------------------------------------------------------------ position words


def describe_position(view: PlayerView) -> str:
    """What the deciding seat knows, in words, a line each: the deal and the auction,
    trump and the contract, the meld shown, each trick, the trick so far, the hand
    (never a hidden card)."""
    r = view.rules
    me = view.seat

    def who(s: int) -> str:
        n = seat_name(s, me, r)
        return "you" if n == "You" else ("your partner" if n == "Partner" else f"your {n.lower()}")

    lines = []
    dealer = who(view.dealer)
    head = f"{'You' if dealer == 'you' else dealer[0].upper() + dealer[1:]} dealt."
    if view.auction:
        calls = ", ".join(
            f"{who(s)} {'passed' if a is None else f'bid {a}'}" for s, a in view.auction
        )
        head += f" The auction so far: {calls}."
    lines.append(head)
    if view.declarer is not None and view.contract is not None:
        named = f" and named {view.trump.plural} trump" if view.trump is not None else ""
        lines.append(
            f"{who(view.declarer).capitalize()} won the auction at {view.contract}{named}."
        )
    if view.melds:
        shown = [
            f"{who(s)} {m.total} ({cards_text(m.shown_cards)})"
            for s, m in enumerate(view.melds)
            if m.total
        ]
        if shown:
            lines.append("Meld shown: " + "; ".join(shown) + ".")
    for n, t in enumerate(view.tricks, 1):
        played = ", ".join(f"{who(s)} {c.text}" for s, c in zip(t.seats, t.cards, strict=True))
        lines.append(f"Trick {n}: {played}; {who(t.winner)} won it.")
    if view.phase is Phase.PLAY:
        if view.trick:
            so_far = ", ".join(
                f"{who(s)} {c.text}" for s, c in zip(view.trick_seats, view.trick, strict=True)
            )
            lines.append(f"This trick so far: {so_far}.")
        else:
            lines.append("You lead this trick.")
    if view.received:
        lines.append(f"Your partner passed you {cards_text(view.received)}.")
    lines.append(f"Your hand: {cards_text(view.hand)}.")
    return "\n".join(lines)


# ------------------------------------------------------------------ the bank


def default_problem_dir() -> Path:
    """``$PINOCHLE_TUTOR_PROBLEMS`` if set, else ``exercises/problems`` (found from the
    working directory upward, or beside the site's ``practice`` folder)."""
    env = os.environ.get("PINOCHLE_TUTOR_PROBLEMS")
    if env:
        return Path(env)
    here = Path.cwd().resolve()
    for folder in (here, *here.parents):
        for candidate in (
            folder / "exercises" / "problems",
            folder / "practice" / "problems",
            folder / "problems",
        ):
            if candidate.is_dir():
                return candidate
    return here / "problems"


_KEYS = {"id", "tip", "level", "rule_set", "dealer", "deal_seed", "hands", "kitty", "actions",
         "question", "answer", "choices", "writeup"}  # fmt: skip


def _problem(entry: Mapping[str, Any], file: str) -> Problem:
    pid = entry.get("id")
    if not isinstance(pid, str) or not pid.strip():
        raise ProblemError(f'a problem in {file} has no id (give each [[problem]] an id = "...")')
    where = f"problem {pid!r} in {file}"
    unknown = sorted(set(entry) - _KEYS)
    if unknown:
        raise ProblemError(f"{where}: unknown field(s) {', '.join(unknown)}")

    def need(key: str) -> Any:
        if key not in entry:
            raise ProblemError(f"{where}: the field {key!r} is missing")
        return entry[key]

    try:
        tip = Tip.parse(need("tip"))
        rules = rules_named(str(entry.get("rule_set", "classic")))
        level = entry.get("level", 1)
        if isinstance(level, bool) or level not in (1, 2, 3):
            raise ProblemError(f"level={level!r}: levels are 1, 2 and 3")
        dealer = entry.get("dealer", 0)
        if (
            isinstance(dealer, bool)
            or not isinstance(dealer, int)
            or not 0 <= dealer < rules.players
        ):
            raise ProblemError(f"dealer={dealer!r}: a seat from 0 to {rules.players - 1}")
        hands = None
        kitty: tuple[Card, ...] = ()
        seed = entry.get("deal_seed")
        if "hands" in entry:
            raw = entry["hands"]
            if not isinstance(raw, list) or len(raw) != rules.players:
                raise ProblemError(f"hands: give {rules.players} hands as text")
            hands = tuple(tuple(parse_cards(str(h))) for h in raw)
            kitty = tuple(parse_cards(str(entry.get("kitty", ""))))
        elif isinstance(seed, bool) or not isinstance(seed, int):
            raise ProblemError(f"deal_seed={seed!r}: give a whole number, or the hands")
        actions = tuple(Action.parse(str(a)) for a in entry.get("actions", []))
        choices = tuple(Action.parse(str(a)) for a in entry.get("choices", []))
        answer = Action.parse(str(need("answer")))
        question, writeup = str(need("question")).strip(), str(need("writeup")).strip()
    except PinochleError as e:
        raise ProblemError(f"{where}: {e}") from None
    return Problem(pid.strip(), tip, level, rules, dealer, seed if hands is None else None, hands,
                   kitty, actions, question, answer, choices, writeup, file)  # fmt: skip


def read_problems(path: str | os.PathLike[str]) -> tuple[list[Problem], list[RefusedProblem]]:
    """The problems of one bank file, read (not yet checked by the coach), and those
    that cannot be read. Never raises."""
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        return [], [RefusedProblem(p.name, "", f"{p.name} cannot be read as a problem file: {e}")]
    entries = data.get("problem", [])
    if not isinstance(entries, list):
        return [], [
            RefusedProblem(p.name, "", f"{p.name}: write each problem as a [[problem]] table")
        ]
    good: list[Problem] = []
    bad: list[RefusedProblem] = []
    for entry in entries:
        try:
            if not isinstance(entry, dict):
                raise ProblemError(f"{p.name}: a problem must be a [[problem]] table")
            good.append(_problem(entry, p.name))
        except ProblemError as e:
            pid = entry.get("id", "") if isinstance(entry, dict) else ""
            bad.append(RefusedProblem(p.name, str(pid), str(e)))
    return good, bad


def load_problems(
    folder: str | os.PathLike[str] | None = None,
    tips: Iterable[Tip | str] | None = None,
) -> tuple[list[tuple[Problem, ProblemCheck]], list[RefusedProblem]]:
    """Every problem of the bank files in ``folder`` (default
    :func:`default_problem_dir`) for ``tips`` (default: all), each checked by the coach:
    those that pass, with their check, and those refused, each with a message naming
    its file and id (also logged); the good ones easiest first, then in the order of their
    file. Never raises."""
    root = Path(folder) if folder is not None else default_problem_dir()
    wanted = {Tip.parse(t) for t in tips} if tips is not None else set(Tip)
    good: list[tuple[Problem, ProblemCheck]] = []
    refused: list[RefusedProblem] = []
    for path in sorted(root.glob("*.toml")) if root.is_dir() else []:
        problems, bad = read_problems(path)
        refused += bad
        for problem in problems:
            if problem.tip not in wanted:
                continue
            try:
                check = check_problem(problem)
            except ProblemError as e:
                refused.append(RefusedProblem(problem.file, problem.id, str(e)))
                continue
            if check.passed:
                good.append((problem, check))
            else:
                refused.append(
                    RefusedProblem(
                        problem.file, problem.id, f"{problem.name}: refused: {check.reason}"
                    )
                )
    for r in refused:
        _LOG.warning("problem bank: %s", r.message)
    # Easiest first, then as the file orders them (a file alternates its answers).
    good.sort(key=lambda pc: (pc[0].level, pc[0].file))
    return good, refused


def problems_toml(entries: Iterable[Mapping[str, Any]]) -> str:
    """Bank entries (:func:`problem_entry`) written as ``[[problem]]`` tables of a bank file."""

    def val(v: Any) -> str:
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if isinstance(v, list):
            return "[" + ", ".join(val(x) for x in v) + "]"
        return str(v)

    return "\n".join(
        "[[problem]]\n" + "".join(f"{k} = {val(v)}\n" for k, v in e.items()) for e in entries
    )


def problem_entry(problem: Problem) -> dict[str, Any]:
    """A problem as a bank entry (the finder script writes these)."""
    out: dict[str, Any] = {"id": problem.id, "tip": problem.tip.value, "level": problem.level}
    if problem.rules.name != "classic":
        out["rule_set"] = problem.rules.name
    out["dealer"] = problem.dealer
    if problem.hands is not None:
        out["hands"] = [" ".join(c.code for c in h) for h in problem.hands]
    else:
        out["deal_seed"] = problem.deal_seed
    out["actions"] = [a.text for a in problem.actions]
    if problem.choices:
        out["choices"] = [a.text for a in problem.choices]
    out.update(question=problem.question, answer=problem.answer.text, writeup=problem.writeup)
    return out
