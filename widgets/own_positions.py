"""OwnPositions: the learner's own positions due for review, "Find a better play".

One line on the review page::

    from pinochle_widgets.own_positions import OwnPositions
    OwnPositions()

After each hand a learner plays at a table, each card the coach's review found a clear
mistake is kept as their own position (:mod:`pinochle_tutor.course.own_positions`); it
stands on the review ladder like a missed rule case. This widget asks the ones due
today, one at a time, from the learner's seat with the cards as they were: what the
seat knew in words, the trick so far, the hand, and a button per legal card. After a
choice: right or not, the coach's verdict and its numbers for every card; the answer is
kept (climbing the ladder, or back to its start).

Security (Voila): the positions hold only what the learner's seat saw; the evaluation
and the marking run in the kernel. Buttons may be pressed in any order; the widget
checks its phase. Its words are data: ``pinochle_tutor/course/text/review.toml``.
"""

from __future__ import annotations

from functools import partial
from html import escape
from pathlib import Path

import ipywidgets as widgets

from pinochle_tutor.cards import Card
from pinochle_tutor.classroom.attempts import POSITION_KIND, Attempt, clock
from pinochle_tutor.classroom.identity import page_from_environment
from pinochle_tutor.classroom.own_positions import (
    InvalidKeptPositionError,
    is_own_position,
)
from pinochle_tutor.classroom.progress import Progress
from pinochle_tutor.classroom.review import review_schedule
from pinochle_tutor.course.mastery import due_for_review
from pinochle_tutor.course.own_positions import OwnQuestion, mark_own, own_questions
from pinochle_tutor.course.review_words import next_review_words, review_said
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.words import plural

from ._base import (
    button,
    coerce_rules,
    guarded,
)
from .drawing import cards_html
from .position_page import PositionPage

__all__ = ["OwnPositions"]


def _attempts(progress: Progress) -> list[Attempt]:
    try:
        return list(progress.attempts)
    except Exception:  # a record that cannot be read asks nothing, never a traceback
        return []


class OwnPositions(PositionPage):
    """The learner's own positions due for review today, one at a time;
    ``progress``: where answers are kept (default: the learner's).

    CSS hooks: ``pt-own-positions``, ``pt-own-title``, ``pt-own-prompt``,
    ``pt-own-choices`` (a ``pt-own-choice`` button each), ``pt-own-feedback``,
    ``pt-own-next``; the status line is ``pt-message-area``."""

    def __init__(self, *, progress: Progress | str | Path | None = None) -> None:
        self.page = page_from_environment()
        self.site_rules = coerce_rules(None)
        self.progress = progress if isinstance(progress, Progress) else Progress.load(progress)
        self._questions: list[OwnQuestion] = []
        self._index = 0
        self._answered = False
        self._round = 0
        """How many positions have been shown: the card buttons carry it."""
        self.title = widgets.HTML()
        self.title.add_class("pt-own-title")
        super().__init__(
            css="pt-own", head=self.title, widget_class="pt-own-positions",
            next_label="Next position", on_next=self.next,
        )  # fmt: skip
        self._plan()

    def _said(self, name: str, **moment: object) -> str:
        """A sentence of the page (``review.toml``), under the site's rules."""
        return review_said(name, self.site_rules, **moment)

    @property
    def count(self) -> int:
        """How many of the learner's own positions this round asks."""
        return len(self._questions)

    def _plan(self) -> None:
        attempts = _attempts(self.progress)
        try:
            due = [c.rule for c in due_for_review(attempts) if is_own_position(c.rule)]
        except PinochleError as e:  # a bad clock setting: said, nothing asked
            self.message.error(str(e))
            due = []
        self._questions, problems = own_questions(attempts, due, self.site_rules)
        self._index = 0
        if problems:
            self.message.error(self._said("own_unread", count=len(problems)))
        if not self._questions:
            self._show_nothing(attempts)
            return
        title = self._said("own_title", positions=plural(len(self._questions), "position"))
        self.title.value = (
            f'<p class="pt-title">{escape(title)}</p><p>{escape(self._said("own_intro"))}</p>'
        )
        self._show()

    def _show_nothing(self, attempts: list[Attempt]) -> None:
        self._round += 1
        self.prompt.value = ""
        self.choices.children = ()
        self.trick_view.layout.display = "none"
        self.hand_view.layout.display = "none"
        self.feedback.value = ""
        self.next_button.layout.display = "none"
        try:
            now = clock()
            later = [c.due for c in review_schedule(attempts) if is_own_position(c.rule)]
        except PinochleError:
            later = []
        nxt = f" {next_review_words(min(later), now, self.site_rules)}" if later else ""
        self.title.value = (
            f'<p class="pt-title">{escape(self._said("own_none"))}</p>'
            f"<p>{escape(self._said('own_none_intro'))}{escape(nxt)}</p>"
        )

    def _show(self) -> None:
        q = self._questions[self._index]
        view = q.view
        self._answered = False
        version = (
            f'<p class="pt-problem-version">'
            f"{escape(self._said('own_other_rules', rules_words=q.rules.words))}</p>"
            if q.rules != self.site_rules
            else ""
        )
        counter = self._said("own_counter", number=self._index + 1, count=len(self._questions))
        prompt = self._said("own_prompt", trick=q.kept.trick, card=q.played.text)
        self.show_position(view, escape(counter), version, cards_html(prompt))
        self._round += 1
        self.choices.children = tuple(
            button(f"Play {c.text}", "pt-own-choice", partial(self._press, self._round, k))
            for k, c in enumerate(self._cards(q))
        )
        self.feedback.value = ""
        self.next_button.disabled = True
        self.next_button.layout.display = ""
        self.message.info(self._said("own_choose"))

    @staticmethod
    def _cards(q: OwnQuestion) -> list[Card]:
        """The legal cards, each once, in the order the hand shows them."""
        legal = set(q.view.legal)
        return [c for c in dict.fromkeys(q.view.hand) if c in legal]

    @guarded
    def _press(self, shown: int, k: int) -> None:
        """A card button of the position shown as number ``shown`` was pressed: a
        button of a position no longer shown (a client can press any) plays nothing."""
        if shown != self._round or not self._questions:
            self.message.info(self._said("own_stale"))
            return
        self.choose(k)

    @guarded
    def choose(self, k: int) -> None:
        """The learner plays legal card ``k`` (0-based, in the order of the buttons)."""
        if not self._questions:
            self.message.info(self._said("own_none"))
            return
        if self._answered:
            self.message.info(self._said("own_answered"))
            return
        q = self._questions[self._index]
        cards = self._cards(q)
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < len(cards):
            self.message.error(f"There is no card {k!r} here.")
            return
        try:
            verdict = mark_own(q, cards[k])
        except (InvalidKeptPositionError, PinochleError) as e:
            self.message.error(str(e))
            return
        self._answered = True
        right = not verdict.is_mistake
        self._record(q, verdict.played.text, right)
        css = "pt-ok" if right else "pt-error"
        lines = "".join(f"<li>{cards_html(x)}</li>" for x in verdict.advice.alternatives_lines())
        self.feedback.value = (
            f'<div class="pt-message {css} pt-own-verdict">{cards_html(verdict.text)}</div>'
            f"<p>{escape(self._said('own_numbers', basis=verdict.advice.basis))}</p><ul>{lines}</ul>"
        )
        for b in self.choices.children:
            b.disabled = True
        self.next_button.disabled = False
        last = self._index + 1 == len(self._questions)
        self.next_button.description = "Done" if last else "Next position"
        self.message.ok(self._said("own_right" if right else "own_wrong"))

    def _record(self, q: OwnQuestion, answer: str, right: bool) -> None:
        try:
            self.progress.record(
                q.key, POSITION_KIND, (q.key,), answer, right, page=self.page,
                rule_set=q.rules.name, position=q.kept.text,
            )  # fmt: skip
        except Exception as exc:  # progress must never stop the page
            self.message.error(f"Your answer was marked but could not be kept: {exc}")

    @guarded
    def next(self) -> None:
        """The next position (after the last, the review is planned again)."""
        if not self._answered:
            self.message.info(self._said("own_choose_first"))
            return
        if self._index + 1 < len(self._questions):
            self._index += 1
            self._show()
            return
        self._plan()
