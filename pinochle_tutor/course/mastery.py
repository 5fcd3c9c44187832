"""What each lesson's mastery set asks, and the review of weak spots: rounds of
fresh questions aimed at rule cases.

A lesson's **mastery set** is :data:`~pinochle_tutor.classroom.mastery.SET_SIZE`
questions the generators make afresh for the page (a new seed each visit, so never
the worked example's position), each aimed at one of the lesson's rule cases
(:data:`LESSON_CASES`): :func:`plan_mastery_set`. How the answers master the lesson
is :mod:`pinochle_tutor.classroom.mastery`.

A set is planned so that guessing does not master the lesson: a learner who picks
every answer at random among those the screen offers masters it less than
:data:`MAX_GUESS_CHANCE` of the time (:func:`chance_of_mastery`). Each question is
asked firm (a yes-or-no question as "which ...?",
:meth:`~pinochle_tutor.course.quiz.kind.QuizKindSpec.firm`), at most one question of a
set can be guessed half the time, and the plan picks the set's cases knowing how
likely a guess is on each (:meth:`~pinochle_tutor.course.quiz.kind.QuizKindSpec.guess_bound`,
:data:`GUESS_CAPS`), each question held to it when it is made.

The **review** asks about the rule cases the learner's own history says are due
(:func:`due_for_review`: the misses on the ladder of
:mod:`pinochle_tutor.classroom.review`, and a few cases of the lessons mastered), one
question per case: :func:`plan_review`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from datetime import datetime

from pinochle_tutor.classroom.attempts import Attempt, clock
from pinochle_tutor.classroom.house_rules import site_rules
from pinochle_tutor.classroom.mastery import NEEDED, SET_SIZE
from pinochle_tutor.classroom.own_positions import is_own_position
from pinochle_tutor.classroom.review import (
    ReviewCase,
    due_reviews,
    next_refresh,
    review_schedule,
)
from pinochle_tutor.course.content import PageKind, outline
from pinochle_tutor.course.own_positions import askable
from pinochle_tutor.course.quiz.kinds import KINDS
from pinochle_tutor.course.quiz.round import InvalidRoundError, QuizRound, plan_aimed_round
from pinochle_tutor.course.quiz.vocabulary import QuizKind, QuizRule, rule_applies
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.rules import RuleSet, as_rules
from pinochle_tutor.view import Role

__all__ = [
    "GUESS_CAPS",
    "LESSON_CASES",
    "LESSON_LEVELS",
    "LESSON_ROLES",
    "LESSON_RULES",
    "LESSON_TEACHES",
    "MASTERY_LEVELS",
    "MAX_GUESS_CHANCE",
    "REVIEW_MOST",
    "UnknownLessonError",
    "chance_of_mastery",
    "due_for_review",
    "mastery_cases",
    "next_review",
    "plan_mastery_set",
    "plan_review",
]

LESSON_CASES: dict[str, tuple[QuizRule, ...]] = {
    p.file: tuple(QuizRule.parse(c) for c in p.cases) for p in outline().pages if p.cases
}
"""Each lesson's rule cases, the ones its mastery set asks about (the outline's
``cases``; the welcome page has none). A case that cannot occur under the rules in force
(the dix in the double deck, a partner three-handed) gives way to the lesson's next case."""

LESSON_TEACHES: dict[str, tuple[str, ...]] = {
    p.file: p.teaches for p in outline().of_kind(PageKind.WELCOME, PageKind.LESSON)
}
"""The terms each page of the course teaches first (the outline's ``teaches``), in the
outline's order (the welcome's words, then each lesson's): every question, hint, check
and sentence of a lesson, its mastery set and its practice pages uses only terms of this
lesson and those before it (``tests/test_taught_before_used.py``). Read from the
lessons' own text: the lesson that says what the word means (lesson 3: "the declarer
names the **trump** suit"); every term of the glossary is here. The welcome page says
what meld and a trick are, and that partners sit opposite."""

LESSON_RULES: dict[str, tuple[RuleSet, ...]] = {
    p.file: p.mastery_rules for p in outline().pages if p.mastery_rules
}
"""Lessons whose set is asked under fixed rule sets, in turn (the outline's
``mastery_rules``: lesson 8 teaches the double deck and three-handed); the others are
asked under the site's house rules."""

LESSON_ROLES: dict[str, Role] = {p.file: p.role for p in outline().pages if p.role}
"""Lessons whose set asks play questions from one side only (the outline's ``role``):
lesson 15, on defence, asks a defender's decisions, never the declaring side's."""

MASTERY_LEVELS: tuple[int, ...] = (1, 2, 2, 3, 3)
"""The level of each question of a set: one first step, then harder positions."""

LESSON_LEVELS: dict[str, tuple[int, ...]] = {p.file: p.levels for p in outline().pages if p.levels}
"""Lessons whose set keeps to some levels (the outline's ``levels``) instead of
:data:`MASTERY_LEVELS`: lesson 1
asks level 1 only, where every card of a trick is of one suit (the ranks decide who
wins, before trump is taught in lesson 3)."""

MAX_GUESS_CHANCE = 0.02
"""The most often a learner who guesses every answer may master a lesson with one set."""

GUESS_CAPS: dict[QuizKind, float] = {QuizKind.PLAY: 0.2, QuizKind.BID: 0.5}
"""The largest guess chance a set accepts for a question the coach judges, whose screen
promises none: a card to play is asked only in a position where a card clicked at random
from the hand is accepted at most a fifth of the time (the coach accepts every card
within its error of the best: half the hand or more in most positions, so the plan makes
another position), a bid only as the set's one question a Pass may answer (a question
on a partner's call, whose answer is clear, may also be asked where Pass is wrong:
:func:`_least`). The exchange
(cards to give, judged by playing each choice out) is not held to one: it counts as
guessed every time, and the plan sets it beside questions a guess does not answer."""

REVIEW_MOST = 10
"""The most questions of one review round (the cases due longest come first)."""


class UnknownLessonError(PinochleError):
    """A lesson page that has no mastery set (not a lesson of the course, or the welcome)."""


def mastery_cases(lesson: str) -> tuple[QuizRule, ...]:
    """``lesson``'s rule cases (:data:`LESSON_CASES`); raises
    :class:`UnknownLessonError` quoting a page that has none."""
    try:
        return LESSON_CASES[lesson]
    except (KeyError, TypeError):
        raise UnknownLessonError(
            f"lesson={lesson!r:.60} has no mastery set: use one of {', '.join(LESSON_CASES)}"
        ) from None


def chance_of_mastery(chances: Sequence[float], needed: int = NEEDED) -> float:
    """The chance that at least ``needed`` of a set's questions are answered right when
    question ``i`` is right with chance ``chances[i]``, each on its own.

    >>> round(chance_of_mastery([0.5] * 5), 4)  # five yes-or-no questions: 6 of 32
    0.1875
    >>> chance_of_mastery([1, 1, 1, 0, 0])
    0.0
    """
    ways = [1.0]  # ways[k]: the chance of k right so far
    for p in chances:
        ways = [
            (ways[k] * (1 - p) if k < len(ways) else 0.0) + (ways[k - 1] * p if k else 0.0)
            for k in range(len(ways) + 1)
        ]
    return sum(ways[needed:])


def _bound(rule: QuizRule, rules: RuleSet) -> float:
    """The most a guess answers a question on ``rule`` under ``rules`` in a set."""
    return min(KINDS[rule.kind].guess_bound(rule, rules), GUESS_CAPS.get(rule.kind, 1.0))


def _least(rule: QuizRule, rules: RuleSet) -> float:
    """The least a question on ``rule`` under ``rules`` may be held to in a set, by
    making another position (:meth:`~pinochle_tutor.course.quiz.kind.QuizKindSpec.least_bound`;
    a question on a partner's call: 0, a position whose answer is a bid)."""
    return min(_bound(rule, rules), KINDS[rule.kind].least_bound(rule, rules))


def _half(bound: float) -> bool:
    """Whether a guess may answer the question half the time or more: two answers to
    choose from (not the exchange, whose bound of 1 says only that it is not known)."""
    return 0.5 <= bound < 1


def _held(rule: QuizRule, rules: RuleSet, halves: bool) -> float:
    """The most a guess may answer a question on ``rule`` under ``rules`` in a set that
    ``halves`` (already holds a question a guess answers half the time): past that one,
    a case is held to its least (:func:`_least`)."""
    return _least(rule, rules) if halves and _half(_bound(rule, rules)) else _bound(rule, rules)


def _plan(
    lesson: str, cases: list[QuizRule], sets: Sequence[RuleSet]
) -> list[tuple[list[QuizRule], float]]:
    """Each question's cases (the first aimed at, the others behind it) and the most a
    guess may answer it, in the order of ``cases`` (shuffled): each question takes the
    next case that keeps the set's chance of being mastered by guessing under
    :data:`MAX_GUESS_CHANCE` (the later questions counted at the least of the lesson's
    cases, which can always follow), and at most one question a guess answers half the
    time: past it, a case a kind can hold lower by making another position (a partner's
    call: a position whose answer is a bid) is asked there. A case that cannot occur
    under a question's rules is passed over."""
    rules_of = [sets[i % len(sets)] for i in range(SET_SIZE)]
    usable = [[c for c in cases if rule_applies(c, rs)] for rs in rules_of]
    if not all(usable):
        raise InvalidRoundError(
            f"{lesson}: none of its cases can occur under some rules of the set"
        )
    floors = [min(_least(c, rs) for c in u) for u, rs in zip(usable, rules_of, strict=True)]
    chosen: list[float] = []
    plan: list[tuple[list[QuizRule], float]] = []
    start = 0
    for i, rs in enumerate(rules_of):
        order = [c for c in cases[start:] + cases[:start] if c in usable[i]]
        halves = any(_half(b) for b in chosen)
        held = {c: _held(c, rs, halves) for c in order}
        pick = next(
            (
                c
                for c in order
                if not (halves and _half(held[c]))
                and chance_of_mastery([*chosen, held[c], *floors[i + 1 :]]) < MAX_GUESS_CHANCE
            ),
            None,
        )
        if pick is None:
            raise InvalidRoundError(
                f"{lesson}: no set of its cases keeps guessing under {MAX_GUESS_CHANCE:.0%} "
                f"under {rs.name}"
            )
        most = held[pick]
        behind = [c for c in order if c is not pick and held[c] <= most]
        plan.append(([pick, *behind], most))
        chosen.append(most)
        start = (cases.index(pick) + 1) % len(cases)
    return plan


def plan_mastery_set(lesson: str, seed: int, rules: RuleSet | str | None = None) -> QuizRound:
    """The mastery set of ``lesson`` for ``seed``: :data:`SET_SIZE` fresh questions,
    each aimed at the next case of the lesson (in an order drawn by ``seed``) that keeps
    a guesser from mastering it (see the module's docstring), the others of the lesson
    a guess answers no more often behind it should its case not come up. Each is asked
    firm and held to its guess chance. Asked under ``rules`` (``None``: the site's house
    rules), except for a lesson of :data:`LESSON_RULES`; at the levels of
    :data:`LESSON_LEVELS`, else :data:`MASTERY_LEVELS`."""
    cases = list(mastery_cases(lesson))
    rng = random.Random(f"mastery:{lesson}:{seed}")
    rng.shuffle(cases)
    fixed = LESSON_RULES.get(lesson)
    sets = list(fixed) if fixed else [site_rules() if rules is None else as_rules(rules)]
    plan = _plan(lesson, cases, sets)
    levels = LESSON_LEVELS.get(lesson)
    return plan_aimed_round(
        [aim for aim, _ in plan], seed, sets, levels=levels or MASTERY_LEVELS, firm=True,
        most=[most for _, most in plan], other_levels=levels is None,
        role=LESSON_ROLES.get(lesson),
    )  # fmt: skip


def due_for_review(attempts: Iterable[Attempt], when: datetime | None = None) -> list[ReviewCase]:
    """The rule cases the review asks at ``when`` (default: the course's clock now):
    the learner's misses due on the ladder, then, while a round has room for them
    (:data:`REVIEW_MOST`), at most :data:`~pinochle_tutor.classroom.review.REFRESH_MOST`
    a day of the cases of the lessons they have mastered (:data:`LESSON_CASES`) unanswered for
    :data:`~pinochle_tutor.classroom.review.REFRESH_DAYS` days
    (:func:`~pinochle_tutor.classroom.review.due_reviews`). The learner's own positions
    due are among them, those the site can ask (:func:`~pinochle_tutor.course.own_positions.askable`:
    not one played under rules the site no longer plays)."""
    kept = list(attempts)
    due = due_reviews(kept, when, _case_names(), REVIEW_MOST)
    if not any(is_own_position(c.rule) for c in due):
        return due
    can = askable(kept)
    return [c for c in due if not is_own_position(c.rule) or c.rule in can]


def next_review(attempts: Iterable[Attempt], when: datetime | None = None) -> datetime | None:
    """When the review next has something to ask after ``when`` (default: the course's
    clock now): the soonest of the ladder's next due case and the next case of a
    mastered lesson to come back (:func:`~pinochle_tutor.classroom.review.next_refresh`);
    ``None`` when nothing is scheduled."""
    at = clock() if when is None else when
    kept = list(attempts)
    schedule = review_schedule(kept)
    can = askable(kept) if any(is_own_position(c.rule) for c in schedule) else set()
    later = [
        c.due for c in schedule if c.due > at and (not is_own_position(c.rule) or c.rule in can)
    ]
    refresh = next_refresh(kept, _case_names(), at)
    soonest = [*later[:1], *([refresh] if refresh is not None else [])]
    return min(soonest) if soonest else None


def _case_names() -> dict[str, list[str]]:
    """:data:`LESSON_CASES` as the review reads it: each lesson's rule cases by name."""
    return {lesson: [c.value for c in rules] for lesson, rules in LESSON_CASES.items()}


def plan_review(
    due: Sequence[QuizRule | str], seed: int, rules: RuleSet | str | None = None
) -> QuizRound:
    """A review round: one fresh question on each rule case of ``due`` the quiz can
    ask (at most :data:`REVIEW_MOST`, in the order given), at level 2. Raises
    :class:`~pinochle_tutor.course.quiz.round.InvalidRoundError` when none is left."""
    cases: list[QuizRule] = []
    for r in due:
        try:
            cases.append(QuizRule.parse(r))
        except PinochleError:  # a case kept by another part of the course (the table)
            continue
    return plan_aimed_round([[c] for c in cases[:REVIEW_MOST]], seed, rules, levels=(2,))
