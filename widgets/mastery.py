"""Mastery and review: each lesson's mastery set, the review of weak spots, and the
stars the outline shows.

One line at the end of a lesson, and one on the review page::

    from pinochle_widgets.mastery import MasterySet, ReviewRound
    MasterySet("04_meld.ipynb")     # 5 fresh questions on the lesson's rule cases
    ReviewRound()                   # the rule cases due for review today

Their words are data: ``pinochle_tutor/course/text/review.toml``
(:func:`~pinochle_tutor.course.review_words.review_said`).

Both are :class:`~pinochle_widgets.quiz_runner.QuizRunner` rounds (the same screens,
second try, explanations and progress); what masters a lesson is
:mod:`pinochle_tutor.classroom.mastery`, what is due is
:mod:`pinochle_tutor.classroom.review`, the questions are
:mod:`pinochle_tutor.course.mastery`'s. Stars are drawn with text beside them and an
accessible name, never by colour alone (:func:`stars_html`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from pinochle_tutor.classroom.attempts import HAND_KIND, Attempt, clock
from pinochle_tutor.classroom.mastery import (
    MAX_STARS,
    NEEDED,
    SET_SIZE,
    LessonMastery,
    lesson_mastery,
    new_set_id,
)
from pinochle_tutor.classroom.own_positions import is_own_position
from pinochle_tutor.classroom.progress import Progress, when_kept
from pinochle_tutor.classroom.review import (
    ReviewCase,
    ReviewReason,
)
from pinochle_tutor.course.mastery import (
    due_for_review,
    mastery_cases,
    next_review,
    plan_mastery_set,
    plan_review,
)
from pinochle_tutor.course.quiz import QuizRule
from pinochle_tutor.course.quiz.round import QuizRound
from pinochle_tutor.course.review_words import next_review_words, review_said
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.words import plural

from .quiz_runner import QuizRunner

__all__ = [
    "REVIEW_PAGE",
    "MasterySet",
    "ReviewRound",
    "due_note_html",
    "reviews_due",
    "reviews_due_note",
    "schedule_text",
    "stars_html",
]


def schedule_text(rules: RuleSet) -> str:
    """The review schedule in words (``review.toml``'s ``schedule``, from
    :mod:`pinochle_tutor.classroom.review`'s settings)."""
    return review_said("schedule", rules)


REVIEW_PAGE = "practice/22_review.ipynb"
"""The review page, relative to the lessons."""


def stars_html(m: LessonMastery) -> str:
    """A lesson's stars and its state in words: the stars are an image whose
    accessible name counts them (``role="img"``, "2 of 3 stars"), and the state in
    words follows, so neither colour nor the star glyphs alone carry the meaning."""
    css = m.state.name.lower().replace("_", "-")
    return (
        f'<span class="pt-mastery pt-mastery-{css}">'
        f'<span class="pt-stars" role="img" aria-label="{m.stars} of {MAX_STARS} stars">'
        f"{m.star_text}</span> "
        f'<span class="pt-mastery-text">{escape(m.text)}</span></span>'
    )


def _attempts(progress: Progress) -> list[Attempt]:
    try:
        return list(progress.attempts)
    except Exception:  # a record that cannot be read shows as not started, never a traceback
        return []


def _rule_words(rule: str, rules: RuleSet) -> str:
    try:
        return QuizRule.parse(rule).statement(rules)
    except PinochleError:
        return rule


def reviews_due(progress: Progress | None = None, when: datetime | None = None) -> list[ReviewCase]:
    """The rule cases due for review in ``progress`` (default: this learner's) at
    ``when`` (default: the course's clock); empty when the clock setting is bad."""
    p = progress if progress is not None else Progress.load()
    try:
        return due_for_review(_attempts(p), when)
    except PinochleError:
        return []


def due_note_html(due: Sequence[ReviewCase], href: str = REVIEW_PAGE) -> str:
    """The welcome page's line on the review: how many rule cases are due, with the link."""
    link = f'<a class="pt-review-link" href="{escape(href)}">Review</a>'
    if not due:
        return f'<p class="pt-review-due">No review is due today. The {link} page brings back what you miss.</p>'
    n = len(due)
    what = "1 review is" if n == 1 else f"{n} reviews are"
    return f'<p class="pt-review-due"><b>{what} due today</b>: open the {link} page.</p>'


class MasterySet(QuizRunner):
    """The mastery set at the end of ``lesson`` (a lesson page, ``'04_meld.ipynb'``):
    :data:`~pinochle_tutor.classroom.mastery.SET_SIZE` fresh questions on its rule
    cases, each with the second try and explanation of the quizzes;
    :data:`~pinochle_tutor.classroom.mastery.NEEDED` right on the first try master the
    lesson. Above the questions, the lesson's stars so far; after the last, the verdict.
    "Start a new set" draws five more (a new set: only a finished set counts).

    CSS hooks: those of the quiz runner, and ``pt-mastery-set``, ``pt-mastery-state``
    (the stars), ``pt-mastery-verdict``."""

    def __init__(
        self,
        lesson: str,
        *,
        progress: Progress | str | Path | None = None,
        rules: RuleSet | str | None = None,
        seed: int | None = None,
    ) -> None:
        mastery_cases(lesson)  # an unknown lesson is refused here, with its name
        self.lesson = lesson
        """The lesson page this set masters."""
        super().__init__(
            source="generated", count=SET_SIZE, seed=seed, progress=progress,
            learner_focus=False, rules=rules,
        )  # fmt: skip
        self.restart_button.description = "Start a new set"
        self.state_view = self.header
        """The lesson's stars so far, above the questions."""
        self.state_view.add_class("pt-mastery-state")
        self.add_class("pt-mastery-set")
        self._hands_elsewhere: dict[str, Attempt] = {}
        """Hands the learner finished on this page's table since it opened, kept by the
        table's own record (a learner's file is read once per record)."""
        when_kept(self._on_kept)
        self._show_state()

    def _on_kept(self, record_key: str, attempt: Attempt) -> None:
        """A hand finished at a table of this page (lesson 9's), kept in this learner's
        record: the stars and the state above the set say so at once, not after a reload."""
        if attempt.kind != HAND_KIND or record_key != self.progress.record_key:
            return
        self._hands_elsewhere[attempt.item_id] = attempt
        self._show_state()

    def mastery(self) -> LessonMastery:
        """The lesson's state from every answer the learner has kept (and the hands a
        table of the page kept since it opened: counted once by their item ids)."""
        return lesson_mastery(
            [*_attempts(self.progress), *self._hands_elsewhere.values()], self.lesson
        )

    def _show_state(self) -> None:
        m = self.mastery()
        self.state_view.value = (
            f'<p class="pt-title">Mastery check: {SET_SIZE} fresh questions; {NEEDED} right on the '
            f"first try master the lesson.</p><p>This lesson: {stars_html(m)}</p>"
        )

    def plan(self, seed: int) -> QuizRound:
        return plan_mastery_set(self.lesson, seed, self.rules)

    @property
    def set_id(self) -> str:
        """The name every answer of the current set is kept with (kept with the set's
        place, so a reload goes on with the same set)."""
        return str(self.session.basis.get("set", ""))

    def answer_set_id(self) -> str:
        return self.set_id

    def new_basis(self) -> dict[str, Any]:
        return {"set": new_set_id(self.lesson)}

    def _first_time(self) -> int:
        return sum(1 for m, t in zip(self.marks, self.marked_tries, strict=False) if m.right and t == 1)

    def _done_message(self) -> str:
        return (
            f"Set complete: {self._first_time()} of {len(self.marks)} right on the first try. "
            f"Press '{self.restart_button.description}' for {SET_SIZE} fresh questions."
        )

    def _score_html(self) -> str:
        first = self._first_time()
        m = self.mastery()
        if first >= NEEDED:
            verdict = (
                f"{first} of {len(self.marks)} right on the first try: "
                "you have mastered this lesson."
            )
        else:
            verdict = (
                f"{first} of {len(self.marks)} right on the first try: {NEEDED} master the "
                "lesson. Read the explanations, then start a new set."
            )
        self._show_state()
        return (
            f'<div class="pt-mastery-verdict" role="status"><p class="pt-title">{escape(verdict)}</p>'
            f"<p>This lesson now: {stars_html(m)}</p></div>" + super()._score_html()
        )


class ReviewRound(QuizRunner):
    """The review of weak spots: one fresh question on each rule case the learner's
    own answers make due today (:func:`~pinochle_tutor.course.mastery.due_for_review`:
    :func:`schedule_text`). With nothing due, it says when the next review is.

    CSS hooks: those of the quiz runner, and ``pt-review-round``, ``pt-review-list``."""

    keeps_place = False
    """A reload plans the review afresh from the learner's history (the answers already
    given count there): what is due then is what it asks."""

    def __init__(
        self,
        *,
        progress: Progress | str | Path | None = None,
        rules: RuleSet | str | None = None,
        seed: int | None = None,
    ) -> None:
        self.due: list[ReviewCase] = []
        """The rule cases due when the round was planned (not the learner's own
        positions: :class:`~pinochle_widgets.own_positions.OwnPositions` asks those)."""
        self.own_due = 0
        """How many of the learner's own positions were due then."""
        super().__init__(
            source="generated", count=1, seed=seed, progress=progress,
            learner_focus=False, rules=rules,
        )  # fmt: skip
        self.restart_button.description = "Review again"
        self.add_class("pt-review-round")

    def plan(self, seed: int) -> QuizRound:
        attempts = _attempts(self.progress)
        try:
            due = due_for_review(attempts)
        except PinochleError as e:  # a bad clock setting: said, nothing asked
            self.message.error(str(e))
            due = []
        # The learner's own positions are asked by OwnPositions, below the round.
        self.due = [c for c in due if not is_own_position(c.rule)]
        self.own_due = len(due) - len(self.due)
        self._show_due(attempts)
        if not self.due:
            return QuizRound((), 0)
        return plan_review([c.rule for c in self.due], seed, self.rules)

    @property
    def list_view(self) -> widgets.HTML:
        """The cases due today (or when the next review is), above the questions."""
        return self.header

    def _show_due(self, attempts: list[Attempt]) -> None:
        self.header.add_class("pt-review-list")
        if self.due:
            label = " " + review_said("refresh_label", self.rules)
            items = "".join(
                f"<li>{escape(_rule_words(c.rule, self.rules))}"
                + (escape(label) if c.reason is ReviewReason.REFRESH else "")
                + "</li>"
                for c in self.due
            )
            title = review_said("due_title", self.rules, cases=plural(len(self.due), "rule case"))
            self.list_view.value = (
                f'<p class="pt-title">{escape(title)}</p>'
                f"<ul>{items}</ul><p>{escape(schedule_text(self.rules))}</p>"
            )
            return
        try:
            now = clock()
            soonest = next_review(attempts, now)
        except PinochleError:
            soonest = None
        nxt = f" {next_review_words(soonest, now, self.rules)}" if soonest is not None else ""
        title = review_said("only_own_due" if self.own_due else "nothing_due", self.rules)
        self.list_view.value = (
            f'<p class="pt-title">{escape(title)}</p>'
            f"<p>{escape(schedule_text(self.rules))}{'' if self.own_due else escape(nxt)}</p>"
        )

    def show_nothing(self) -> None:
        if self.due:  # due cases none of which can be asked under these rules
            super().show_nothing()
            return
        self.show_progress("")  # no "Dealing question 1 of 0" left on the page
        self._clear_round()
        key = "only_own_due_message" if self.own_due else "nothing_due_message"
        self.message.info(review_said(key, self.rules))


def reviews_due_note(progress: Progress | str | Path | None = None) -> widgets.HTML:
    """The welcome page's line: how many reviews are due today, linking the review page."""
    p = progress if isinstance(progress, Progress) else Progress.load(progress)
    note = widgets.HTML(due_note_html(reviews_due(p)))
    note.add_class("pt-review-note")
    return note
