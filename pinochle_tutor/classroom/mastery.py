"""A lesson's mastery, read from the learner's answers.

Each lesson ends with a **mastery set**: :data:`SET_SIZE` fresh questions on that
lesson's rule cases (the course's :mod:`~pinochle_tutor.course.mastery` draws them).
Every answer of a set is kept with the set's name (:attr:`Attempt.set_id`,
``'<lesson page>#<key>'``), in whatever keeps the learner's progress: the class
database, the learner's JSON file, the static site's file in the browser. So the
state of a lesson is never stored apart from the answers: it is worked out from them
here, the same way wherever they were kept.

* A set is **finished** when all :data:`SET_SIZE` of its questions were answered.
* A lesson is **mastered** when one finished set had at least :data:`NEEDED` answers
  right on the first try (a right answer after a hint does not count, nor does a
  *playable* one: a strategy answer as good by the coach's numbers that breaks the
  rule of thumb asked about is kept with ``right`` false, so it teaches the principle
  instead of passing it).
* Its **stars** are those of its best finished set: 3 for all :data:`SET_SIZE`
  right first time, 2 for :data:`NEEDED`, 1 for one fewer; 0 otherwise.
* It is **in progress** when any answer of one of its sets was given, or a hand was
  played to its end on its page (lessons 7 and 9 have a table: a hand played there,
  on a served page, counts toward the lesson), and **not started** otherwise.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from pinochle_tutor.classroom.attempts import HAND_KIND, MAX_SET_ID, Attempt
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.words import plural

__all__ = [
    "MAX_STARS",
    "NEEDED",
    "SET_SIZE",
    "InvalidLessonNameError",
    "LessonMastery",
    "LessonState",
    "course_mastery",
    "lesson_mastery",
    "lesson_of_set",
    "new_set_id",
    "on_page",
    "recommended",
]

SET_SIZE = 5
"""Questions in a lesson's mastery set."""
NEEDED = 4
"""Answers of one set right on the first try that master the lesson."""
MAX_STARS = 3
"""The most stars a lesson shows (every answer of a set right first time)."""


class InvalidLessonNameError(PinochleError):
    """A lesson page name that cannot name a mastery set (empty, too long, or with ``#``)."""


class LessonState(Enum):
    """Where a learner stands with one lesson."""

    NOT_STARTED = "not started"
    """No answer of the lesson's mastery set yet, nor a hand played on its page."""
    IN_PROGRESS = "in progress"
    """Some answers of its sets or a hand played on its page, but no finished set with
    enough right first time."""
    MASTERED = "mastered"
    """A finished set with at least :data:`NEEDED` of :data:`SET_SIZE` right first time."""


@dataclass(frozen=True)
class LessonMastery:
    """One lesson's state for one learner, worked out from their answers."""

    lesson: str
    """The lesson page (``'04_meld.ipynb'``)."""
    state: LessonState
    best: int
    """Right-first-time answers of the best finished set (0 when none is finished)."""
    finished_sets: int
    """How many of the lesson's sets were answered to the end."""
    answered: int
    """Answers given in the lesson's sets, finished or not."""
    hands: int = 0
    """Hands played to their end on the lesson's page."""

    @property
    def stars(self) -> int:
        """0 to :data:`MAX_STARS`: 3 for a perfect set, 2 for a mastering one, 1 for one
        short of it."""
        return max(0, self.best - (SET_SIZE - MAX_STARS))

    @property
    def mastered(self) -> bool:
        return self.state is LessonState.MASTERED

    @property
    def text(self) -> str:
        """The state in words, with the best set's score (``'Mastered: 4 of 5 right
        first time'``): what the outline shows beside the stars and what a screen
        reader says for them."""
        if self.state is LessonState.NOT_STARTED:
            return "Not started"
        if self.state is LessonState.MASTERED:
            return f"Mastered: {self.best} of {SET_SIZE} right first time"
        if self.finished_sets:
            return (
                f"In progress: best set {self.best} of {SET_SIZE} right first time "
                f"({NEEDED} masters the lesson)"
            )
        if self.answered:
            return "In progress: mastery set started"
        return (
            f"In progress: {plural(self.hands, 'hand')} played (the mastery set at the end "
            "of the page masters the lesson)"
        )

    @property
    def star_text(self) -> str:
        """The stars as characters: filled then empty (``'★★☆'``)."""
        return "★" * self.stars + "☆" * (MAX_STARS - self.stars)


def new_set_id(lesson: str) -> str:
    """A fresh name for one mastery set of ``lesson`` (``'04_meld.ipynb#9c1f2a7b'``);
    raises :class:`InvalidLessonNameError` for a name that cannot be kept."""
    if not isinstance(lesson, str) or not lesson or "#" in lesson or len(lesson) > MAX_SET_ID - 20:
        raise InvalidLessonNameError(
            f"lesson={lesson!r:.60}: name a lesson page such as '04_meld.ipynb'"
        )
    return f"{lesson}#{secrets.token_hex(4)}"


def on_page(page: str, lesson: str) -> bool:
    """Whether ``page`` (as Voila serves it: ``'09_full_game.ipynb'`` from the lessons'
    folder, ``'lessons/09_full_game.ipynb'`` from the checkout) is ``lesson``'s page.

    >>> on_page("lessons/09_full_game.ipynb", "09_full_game.ipynb"), on_page("", "09_full_game.ipynb")
    (True, False)
    """
    return bool(page) and (page == lesson or page.endswith("/" + lesson))


def lesson_of_set(set_id: str) -> str:
    """The lesson a set name belongs to (``''`` for an answer outside any set)."""
    return set_id.split("#", 1)[0] if "#" in set_id else ""


def lesson_mastery(attempts: Iterable[Attempt], lesson: str) -> LessonMastery:
    """``lesson``'s state from a learner's answers (any order; those of other lessons,
    and those outside its mastery sets but the hands played on its page, are ignored).
    Never raises."""
    sets: dict[str, list[Attempt]] = {}
    hands: set[str] = set()
    for a in attempts:
        if a.set_id and lesson_of_set(a.set_id) == lesson:
            sets.setdefault(a.set_id, []).append(a)
        elif a.kind == HAND_KIND and on_page(a.page, lesson):
            hands.add(a.item_id)  # one hand imported twice counts once
    finished = [s for s in sets.values() if len(s) >= SET_SIZE]
    # A set answered more than SET_SIZE times (a kept answer imported twice) counts
    # its first SET_SIZE answers, in time order.
    best = max(
        (sum(a.first_try for a in sorted(s, key=lambda a: a.time)[:SET_SIZE]) for s in finished),
        default=0,
    )
    if finished and best >= NEEDED:
        state = LessonState.MASTERED
    elif sets or hands:
        state = LessonState.IN_PROGRESS
    else:
        state = LessonState.NOT_STARTED
    answered = sum(len(s) for s in sets.values())
    return LessonMastery(lesson, state, best, len(finished), answered, len(hands))


def course_mastery(attempts: Iterable[Attempt], lessons: Sequence[str]) -> list[LessonMastery]:
    """Every lesson's state, in the order given."""
    kept = list(attempts)
    return [lesson_mastery(kept, lesson) for lesson in lessons]


def recommended(masteries: Sequence[LessonMastery]) -> LessonMastery | None:
    """The lesson the outline recommends: the first not mastered (``None`` when every
    lesson is). Every lesson stays open; this is advice, not a lock."""
    return next((m for m in masteries if not m.mastered), None)
