"""The review of weak spots across days: a simple spaced schedule, read from the
learner's answers.

A rule case (``'meld.run'``, ``'trick.over_trump'``, ...) the learner **misses**
(an answer not right on the first try, on any page; a *playable* strategy answer is
kept as not right with the rule of thumb it broke as its rule case, so that case is
missed) comes back for review
:data:`INTERVALS_DAYS` days after that miss: 1, 3 and 7 days later, then every
:data:`INTERVALS_DAYS`\\ [-1] days, until it is answered right on the first try
:data:`RIGHT_IN_A_ROW` times in a row at its reviews. Then it leaves the review; a
later miss starts a new schedule.

* An answer of a case given when the case is **due** (at or after its review time)
  is a review: right adds one to the run of right answers, wrong ends the run; either
  way the next review is the next day of the schedule after it.
* An answer given **before** the case is due changes nothing if right (remembering
  it an hour later is not the point of spacing), and ends the run if wrong.

Nothing is stored apart from the answers: the schedule is worked out here from
them, the same way in every hosting, on the course's clock
(:func:`~pinochle_tutor.classroom.attempts.clock`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from pinochle_tutor.classroom.attempts import Attempt, InvalidTimeError, clock, parse_time

__all__ = [
    "INTERVALS_DAYS",
    "RIGHT_IN_A_ROW",
    "ReviewCase",
    "due_reviews",
    "review_schedule",
]

INTERVALS_DAYS: tuple[int, ...] = (1, 3, 7)
"""Days after a miss when its rule case is due again; after the last, every last
interval (7 days) more."""
RIGHT_IN_A_ROW = 2
"""Right answers in a row, at reviews, that take a rule case out of the review."""


@dataclass(frozen=True)
class ReviewCase:
    """A rule case in the review: when it was missed, when it is due, how it is going."""

    rule: str
    """The rule case (``'meld.run'``)."""
    missed: datetime
    """The miss its schedule counts from (UTC)."""
    due: datetime
    """When it is next due for review (UTC)."""
    right_in_a_row: int
    """Right answers in a row at its reviews so far (fewer than :data:`RIGHT_IN_A_ROW`)."""
    reviews: int
    """Reviews answered since the miss."""

    def is_due(self, when: datetime) -> bool:
        return when >= self.due


def _review_days(missed: datetime) -> Iterable[datetime]:
    for days in INTERVALS_DAYS:
        yield missed + timedelta(days=days)
    step = INTERVALS_DAYS[-1]
    later = INTERVALS_DAYS[-1]
    while True:
        later += step
        yield missed + timedelta(days=later)


def _next_review(missed: datetime, after: datetime) -> datetime:
    """The first day of the schedule from ``missed`` later than ``after``."""
    for day in _review_days(missed):
        if day > after:
            return day
    raise AssertionError("the schedule is endless")  # pragma: no cover


def review_schedule(attempts: Iterable[Attempt]) -> list[ReviewCase]:
    """Every rule case in the review after these answers, due soonest first (then by
    name). Answers whose time cannot be read are skipped; never raises."""
    timed: list[tuple[datetime, Attempt]] = []
    for a in attempts:
        try:
            timed.append((parse_time(a.time), a))
        except InvalidTimeError:
            continue
    timed.sort(key=lambda pair: pair[0])
    cases: dict[str, ReviewCase] = {}
    for when, a in timed:
        for rule in dict.fromkeys(a.rules):
            case = cases.get(rule)
            right = a.first_try
            if case is None:
                if not right:
                    cases[rule] = ReviewCase(rule, when, _next_review(when, when), 0, 0)
                continue
            if not case.is_due(when):
                if not right:
                    cases[rule] = ReviewCase(rule, case.missed, case.due, 0, case.reviews)
                continue
            run = case.right_in_a_row + 1 if right else 0
            if run >= RIGHT_IN_A_ROW:
                del cases[rule]
                continue
            cases[rule] = ReviewCase(
                rule, case.missed, _next_review(case.missed, when), run, case.reviews + 1
            )
    return sorted(cases.values(), key=lambda c: (c.due, c.rule))


def due_reviews(attempts: Iterable[Attempt], when: datetime | None = None) -> list[ReviewCase]:
    """The rule cases due for review at ``when`` (default: the course's clock now),
    longest due first."""
    at = clock() if when is None else when
    return [c for c in review_schedule(attempts) if c.is_due(at)]
