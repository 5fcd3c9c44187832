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

**The all-choices check**
(:func:`~pinochle_tutor.course.problem_judge.check_all_choices`): the answer against
every legal choice (:func:`~pinochle_tutor.course.problem_judge.every_choice`: every
legal card; a pass and every bid; every choice of cards to pass or return), all on the
same imagined deals of :mod:`pinochle_tutor.coach` (common random numbers,
:func:`~pinochle_tutor.sim.stats.paired_loss`), seeded by the problem's id so the check
is the same every time: the card play on
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
:class:`~pinochle_tutor.course.problem_judge.ProblemJudge` that keeps the position's
deals and results for both checks.

**The load check** (:func:`~pinochle_tutor.course.problem_judge.check_problem`), made
when a page loads its problems: the same test on the same deals against the choices
offered only. A problem that fails it, or that cannot be read (an illegal action, a card
not held), is refused with a message naming its file and id and why; the rest of the
file still loads, and a teacher's bad problem never reaches a learner.

The bank is the ``*.toml`` files of ``exercises/problems/``
(:mod:`~pinochle_tutor.course.problem_bank`); a teacher adds a file of their own there
(see ``exercises/README.md``).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from dataclasses import dataclass

from pinochle_tutor.actions import Action, Bid, Give, Play
from pinochle_tutor.cards import Card, cards_text
from pinochle_tutor.coach.play_principles import goal_verb
from pinochle_tutor.course.quiz.kinds.bid import partner_situation
from pinochle_tutor.course.quiz.vocabulary import QuizRule
from pinochle_tutor.course.tips import Tip
from pinochle_tutor.deal import Deal
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain.coaching import REACH_MARGIN, clear_loss, points
from pinochle_tutor.game import Hand
from pinochle_tutor.hands import SUIT_MASK
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.sim.knowledge import Knowledge
from pinochle_tutor.view import Phase, PlayerView, seat_name

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
    "ProblemMark",
    "RefusedProblem",
    "answer_kind",
    "choice_words",
    "describe_position",
    "lead_to_a_void",
    "mark_problem",
    "min_margin",
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
    def rule(self) -> QuizRule:
        """The rule case a learner's answer is kept under: the tip's
        (:attr:`Tip.rule`), except that a partner's-call problem is kept under the
        situation its auction leaves the learner in
        (:func:`~pinochle_tutor.course.quiz.kinds.bid.partner_situation`: the partner
        passed, holds the bid, or was outbid), as lesson 13's set asks it."""
        if self.tip is Tip.PARTNER_CALL:
            try:
                situation = partner_situation(self.position().auction)
            except ProblemError:
                situation = None
            if situation is not None:
                return situation
        return self.tip.rule

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
    reach: float | None = None
    """A card play's share of the deals on which its side makes the contract (declaring)
    or sets it (defending); ``None`` for a call or an exchange, or when nothing is at
    stake (:func:`~pinochle_tutor.coach.play_principles.contract_goal`)."""
    reach_margin: float = 0.0
    """How much more often than this choice the answer makes (or sets) the contract,
    deal by deal (below 0: less often)."""
    reach_margin_stderr: float = 0.0
    """Standard error of :attr:`reach_margin`."""

    @property
    def reaches_more_often(self) -> bool:
        """Whether this choice makes (or sets) the contract clearly more often than the
        answer: the coach's one test (:func:`~pinochle_tutor.explain.coaching.clear_loss`)
        with :data:`~pinochle_tutor.explain.coaching.REACH_MARGIN`."""
        return clear_loss(-self.reach_margin, self.reach_margin_stderr, REACH_MARGIN)

    @property
    def lower(self) -> float:
        """The lower 95% bound of :attr:`margin` (:data:`CLEAR` standard errors below)."""
        return self.margin - CLEAR * self.margin_stderr


@dataclass(frozen=True)
class ProblemCheck:
    """The coach's check of a problem: its best choice, and every choice weighed with its
    loss and the answer's margin over it (see
    :func:`~pinochle_tutor.course.problem_judge.check_problem` and
    :func:`~pinochle_tutor.course.problem_judge.check_all_choices`)."""

    problem: Problem
    best: Action
    values: tuple[ChoiceValue, ...]
    """Every choice weighed, best first (then by loss)."""
    unit: str
    """What the numbers count: ``'expected trick points'`` or ``'points of score'``."""
    every: bool = False
    """Whether every legal choice was weighed
    (:func:`~pinochle_tutor.course.problem_judge.check_all_choices`), not only the
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
        at least :attr:`margin` (so the answer is the coach's best), and no other card
        makes (or sets) the contract clearly more often than the answer: a problem where
        playing for points and playing for the contract disagree is not the course's."""
        return (
            _same(self.best, self.problem.answer)
            and all(v.lower >= self.margin for v in self.others)
            and not any(v.reaches_more_often for v in self.others)
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
        more = next((v for v in self.others if v.reaches_more_often), None)
        if more is not None and all(v.lower >= self.margin for v in self.others):
            return (
                f"its answer {answer!r} {self.goal_verb} the contract less often: "
                f"{more.choice.text!r} does on {points(-100 * more.reach_margin)} ± "
                f"{points(100 * more.reach_margin_stderr)}% more of the deals"
            )
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

    @property
    def goal_verb(self) -> str:
        """What a card play's side is after: ``'makes'`` (declaring) or ``'sets'``
        (:func:`~pinochle_tutor.coach.play_principles.goal_verb` of the position)."""
        return goal_verb(self.problem.view())

    def lines(self) -> list[str]:
        """Each choice with the coach's numbers, best first (a card play's with how often
        it makes or sets the contract, when that is still at stake)."""
        out = []
        verb = self.goal_verb if any(v.reach is not None for v in self.values) else ""
        for v in self.values:
            tail = (
                "the coach's choice"
                if _same(v.choice, self.best)
                else (f"{points(v.loss)} {self.unit} less (± {points(v.loss_stderr)})")
            )
            if v.reach is not None:
                tail += f"; {verb} the contract on {round(100 * v.reach)}% of them"
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


def answer_kind(problem: Problem) -> str:
    """What a set's answers are counted by, so that no set gives one answer to most of
    its problems (its title must never give the answer away): for a call, ``'pass'`` or
    ``'bid'``; for a card, ``'counter'`` or ``'no counter'``, but for the declarer's plan
    (whose title suggests drawing trump) ``'trump'`` or ``'no trump'``, and for defence
    (whose lesson suggests leading to a void) ``'to a void'`` or ``'not to a void'``
    (:func:`lead_to_a_void`); for an exchange, the cards.

    >>> from pinochle_tutor.rules import CLASSIC
    >>> p = Problem("x", Tip.FEED_PARTNER, 1, CLASSIC, 0, 1, None, (), (), "?", Play(Card.parse("KH")), (), "")
    >>> answer_kind(p)
    'counter'
    """
    a = problem.answer
    if isinstance(a, Play) and problem.tip is Tip.DEFENCE:
        return "to a void" if lead_to_a_void(problem.view(), a.card) else "not to a void"
    if isinstance(a, Play) and problem.tip is Tip.DECLARER_PLAN:
        return "trump" if a.card.suit is problem.view().trump else "no trump"
    if isinstance(a, Play):
        return "counter" if problem.rules.counter_points[a.card.rank] > 0 else "no counter"
    if isinstance(a, Bid):
        return "pass" if a.amount is None else "bid"
    return choice_words(_canon(a))


def lead_to_a_void(view: PlayerView, card: Card) -> bool:
    """Whether leading ``card`` is one of the defenders' habit leads (lesson 15's advice,
    this site's practice): a suit other than trump that the partner has shown to be out
    of while the partner may still hold trump (the partner can trump it), or that the
    declarer has shown to be out of while the declarer may still hold trump (the
    declarer must trump it: forcing)."""
    trump = view.trump
    if trump is None or view.declarer is None or card.suit is trump:
        return False
    k = Knowledge.from_view(view)
    seats = [s for s in (view.partner, view.declarer) if s is not None and s != view.seat]
    return any(card.suit in k.voids(s) and k.may_hold(s) & SUIT_MASK[int(trump)] for s in seats)


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
        head += f" The auction{'' if view.declarer is not None else ' so far'}: {calls}."
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
    lines.extend(_exchange_lines(view, who))
    lines.append(f"Your hand: {cards_text(view.hand)}.")
    return "\n".join(lines)


def _exchange_lines(view: PlayerView, who: Callable[[int], str]) -> list[str]:
    """What the seat saw of the exchange or the kitty, by its role: the kitty (shown to
    all, three-handed) and, for the declarer, the discard; the cards passed and returned
    between the declarer and the partner, for those two."""
    r = view.rules
    if view.declarer is None:
        return []
    declarer = who(view.declarer)
    if r.has_kitty:
        if view.seat == view.declarer:
            out = [f"You took the kitty: {cards_text(view.kitty)}."] if view.kitty else []
            if view.given:
                out.append(f"You discarded {cards_text(view.given)}.")
            return out
        return [f"The kitty, which {declarer} took: {cards_text(view.kitty)}."] if view.kitty else []
    out = []
    if view.seat == view.declarer:
        if view.received:
            out.append(f"Your partner passed you {cards_text(view.received)}.")
        if view.given:
            out.append(f"You returned {cards_text(view.given)} to your partner.")
    elif view.seat == r.partner(view.declarer):
        if view.given:
            out.append(f"You passed {cards_text(view.given)} to your partner.")
        if view.received:
            out.append(f"Your partner returned {cards_text(view.received)} to you.")
    return out
