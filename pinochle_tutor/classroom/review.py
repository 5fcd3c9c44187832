"""The review of weak spots across days: a ladder of growing gaps, read from the
learner's answers.

A rule case (``'meld.run'``, ``'trick.over_trump'``, ...) the learner **misses**
(an answer not right on the first try, on any page; a *playable* strategy answer is
kept as not right with the rule of thumb it broke as its rule case, so that case is
missed) comes back for review the first gap of :data:`LADDER_DAYS` later (1 day). Each
right answer at a review climbs one rung: the next review is the next gap after that
answer (3, 7, 21, then 60 days). A right answer at the last rung takes the case out of
the review; a miss, at a review or between them, puts it back at the start (due a day
after the miss).

* An answer of a case given when the case is **due** (at or after its review time)
  is a review: right climbs a rung, wrong goes back to the start.
* An answer given **before** the case is due changes nothing if right (remembering
  it an hour later is not the point of spacing), and goes back to the start if wrong.

A lesson the learner has **mastered** keeps its cases fresh: a case of its mastery set
(:func:`refresh_cases`, given each lesson's cases) that the learner has answered but
not for :data:`REFRESH_DAYS` days, and that is not on the ladder, comes back too, at
most :data:`REFRESH_MOST` a day (a UTC day), the longest unanswered first. Answered
right, it can come back :data:`REFRESH_DAYS` after that answer; missed, it starts the
ladder like any miss. (A case out of the ladder that belongs to a mastered lesson so
comes back now and then.)

Nothing is stored apart from the answers: the schedule is worked out here from
them, the same way in every hosting (the class database, the learner's file, the
static site's browser storage), on the course's clock
(:func:`~pinochle_tutor.classroom.attempts.clock`).
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from pinochle_tutor.classroom.attempts import Attempt, InvalidTimeError, clock, parse_time
from pinochle_tutor.classroom.mastery import lesson_mastery
from pinochle_tutor.classroom.own_positions import is_own_position

__all__ = [
    "LADDER_DAYS",
    "REFRESH_DAYS",
    "REFRESH_MOST",
    "ReviewCase",
    "ReviewReason",
    "due_reviews",
    "next_refresh",
    "refresh_cases",
    "review_schedule",
]

LADDER_DAYS: tuple[int, ...] = (1, 3, 7, 21, 60)
"""The gaps of the ladder, in days: a miss is due again the first gap later; each right
answer at a review makes the next gap the next one, counted from that answer; a right
answer at the last takes the case out of the review."""
REFRESH_DAYS = LADDER_DAYS[-1]
"""Days without an answer after which a mastered lesson's case comes back (the ladder's
last gap: 60)."""
REFRESH_MOST = 2
"""The most cases of mastered lessons brought back on one day: a low rate beside the
misses."""


class ReviewReason(enum.Enum):
    """Why a rule case is in the learner's review."""

    MISSED = "missed"
    """The learner missed it: it is on the ladder of :data:`LADDER_DAYS`."""
    REFRESH = "refresh"
    """A case of a lesson the learner has mastered, not answered for
    :data:`REFRESH_DAYS` days: brought back to keep it fresh."""


@dataclass(frozen=True)
class ReviewCase:
    """A rule case in the review: when it was missed, when it is due, how it is going."""

    rule: str
    """The rule case (``'meld.run'``)."""
    missed: datetime
    """The miss its climb counts from (UTC); for a :attr:`ReviewReason.REFRESH` case,
    not a miss but its last answer (right or not)."""
    due: datetime
    """When it is next due for review (UTC)."""
    right_in_a_row: int
    """Right answers in a row at its reviews since the miss: the rung it stands on (0 to
    ``len(LADDER_DAYS) - 1``)."""
    reviews: int
    """Reviews answered since it entered the ladder."""
    reason: ReviewReason = ReviewReason.MISSED
    """Why it is in the review."""

    def is_due(self, when: datetime) -> bool:
        return when >= self.due


def _timed(attempts: Iterable[Attempt]) -> list[tuple[datetime, Attempt]]:
    """The answers whose time can be read, in time order."""
    timed: list[tuple[datetime, Attempt]] = []
    for a in attempts:
        try:
            timed.append((parse_time(a.time), a))
        except InvalidTimeError:
            continue
    timed.sort(key=lambda pair: pair[0])
    return timed


def _climb(case: ReviewCase | None, rule: str, when: datetime, right: bool) -> ReviewCase | None:
    """The case after an answer of ``rule`` at ``when`` (``None``: not in the review)."""
    start = when + timedelta(days=LADDER_DAYS[0])
    if case is None:
        return None if right else ReviewCase(rule, when, start, 0, 0)
    reviewed = case.is_due(when)
    if not right:  # back to the start, from this miss
        return ReviewCase(rule, when, start, 0, case.reviews + reviewed)
    if not reviewed:  # right before it is due: nothing changes
        return case
    rung = case.right_in_a_row + 1
    if rung >= len(LADDER_DAYS):
        return None
    due = when + timedelta(days=LADDER_DAYS[rung])
    return ReviewCase(rule, case.missed, due, rung, case.reviews + 1)


def review_schedule(attempts: Iterable[Attempt]) -> list[ReviewCase]:
    """Every rule case on the ladder after these answers, due soonest first (then by
    name). Answers whose time cannot be read are skipped; never raises."""
    cases: dict[str, ReviewCase] = {}
    for when, a in _timed(attempts):
        for rule in dict.fromkeys(a.rules):
            after = _climb(cases.get(rule), rule, when, a.first_try)
            if after is None:
                cases.pop(rule, None)
            else:
                cases[rule] = after
    return sorted(cases.values(), key=lambda c: (c.due, c.rule))


def _refreshable(
    kept: list[Attempt], lesson_cases: Mapping[str, Sequence[str]]
) -> tuple[list[ReviewCase], dict[str, list[datetime]], list[Sequence[str]]]:
    """Every case of a mastered lesson that the learner answered and that is not on the
    ladder, due :data:`REFRESH_DAYS` after its last answer (whenever that is); with the
    times each rule was answered and the mastered lessons' cases."""
    on_ladder = {c.rule for c in review_schedule(kept)}
    mastered = [
        cases for lesson, cases in lesson_cases.items() if lesson_mastery(kept, lesson).mastered
    ]
    times: dict[str, list[datetime]] = {}
    for t, a in _timed(kept):
        for rule in dict.fromkeys(a.rules):
            times.setdefault(rule, []).append(t)
    gap = timedelta(days=REFRESH_DAYS)
    found: dict[str, ReviewCase] = {}
    for cases in mastered:
        for rule in cases:
            if rule in on_ladder or rule in found or rule not in times:
                continue
            last = times[rule][-1]
            found[rule] = ReviewCase(rule, last, last + gap, 0, 0, ReviewReason.REFRESH)
    return sorted(found.values(), key=lambda c: (c.due, c.rule)), times, mastered


def refresh_cases(
    attempts: Iterable[Attempt],
    lesson_cases: Mapping[str, Sequence[str]],
    when: datetime | None = None,
    most: int = REFRESH_MOST,
) -> list[ReviewCase]:
    """The cases of mastered lessons due to come back at ``when`` (default: the
    course's clock now): of each lesson of ``lesson_cases`` (a lesson page and the rule
    cases its mastery set asks) the learner has mastered, the cases answered, not for
    :data:`REFRESH_DAYS` days, and not on the ladder; the longest unanswered first (then
    by name), at most ``most`` a day (UTC) less those already answered on ``when``'s day
    after such a wait. Never raises on unreadable answers."""
    at = clock() if when is None else when
    cases, times, mastered = _refreshable(list(attempts), lesson_cases)
    # The refreshers answered on ``at``'s day already count toward the day's most: an
    # answer today whose answer before it was REFRESH_DAYS or more earlier.
    gap = timedelta(days=REFRESH_DAYS)
    fresh_today = {
        rule
        for lesson in mastered
        for rule in lesson
        if any(
            t.date() == at.date() and t <= at and t - before >= gap
            for before, t in itertools.pairwise(times.get(rule, ()))
        )
    }
    room = max(0, most - len(fresh_today))
    return [c for c in cases if c.is_due(at)][:room]


def next_refresh(
    attempts: Iterable[Attempt],
    lesson_cases: Mapping[str, Sequence[str]],
    when: datetime | None = None,
) -> datetime | None:
    """When the next case of a mastered lesson comes back after ``when`` (default: the
    course's clock now): the soonest :data:`REFRESH_DAYS` after a last answer, or the
    next UTC day's start when one is due already but the day's most are answered;
    ``None`` when no mastered lesson has a case to bring back."""
    at = clock() if when is None else when
    cases, _times, _mastered = _refreshable(list(attempts), lesson_cases)
    if not cases:
        return None
    if cases[0].is_due(at):
        start = at.replace(hour=0, minute=0, second=0, microsecond=0)
        return start + timedelta(days=1)
    return cases[0].due


def due_reviews(
    attempts: Iterable[Attempt],
    when: datetime | None = None,
    lesson_cases: Mapping[str, Sequence[str]] | None = None,
    asked_most: int | None = None,
) -> list[ReviewCase]:
    """The rule cases due for review at ``when`` (default: the course's clock now):
    the missed ones, longest due first, then (given ``lesson_cases``, each lesson's rule
    cases) the mastered lessons' cases of :func:`refresh_cases`, only as many as the
    misses of rule cases leave room for when a round asks at most ``asked_most`` (the
    learner's own positions, asked apart, take none of it)."""
    at = clock() if when is None else when
    kept = list(attempts)
    due = [c for c in review_schedule(kept) if c.is_due(at)]
    if lesson_cases:
        # The learner's own positions are asked apart from the round of rule cases.
        asked = sum(1 for c in due if not is_own_position(c.rule))
        room = REFRESH_MOST if asked_most is None else min(REFRESH_MOST, asked_most - asked)
        due += refresh_cases(kept, lesson_cases, at, room)
    return due
