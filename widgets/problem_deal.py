"""ProblemDeal: "find the play", one problem deal at a time, for one tip.

One line on a practice page::

    from pinochle_widgets.problem_deal import ProblemDeal
    ProblemDeal("feed_partner")

Each problem shows what its seat knows (the auction, trump, the meld shown, the tricks
and the trick so far, the hand) and one button per choice. After a choice: right or
not, the answer, the problem's write-up and the coach's numbers for every choice;
**Next problem** goes on. The problems come from the bank
(:mod:`pinochle_tutor.course.problems`), each checked by the coach when the page opens:
one that fails is not shown, and a note says some were left out (the file, the problem
and why go to the server's log). Each answer is kept in the learner's progress under
the tip's rule case, so the Review page brings a missed tip back.

Security (Voila): the problems, their answers and the checks live in private
attributes; only the position, the hand and the choices are on the page before the
learner chooses. Buttons may be pressed in any order; the widget checks its phase.
"""

from __future__ import annotations

from functools import partial
from html import escape
from pathlib import Path

import ipywidgets as widgets

from pinochle_tutor.actions import Action
from pinochle_tutor.classroom.identity import page_from_environment
from pinochle_tutor.classroom.progress import Progress
from pinochle_tutor.course.problem_bank import load_problems
from pinochle_tutor.course.problems import (
    Problem,
    ProblemCheck,
    ProblemError,
    choice_words,
    mark_problem,
    options,
)
from pinochle_tutor.course.tips import Tip

from ._base import (
    button,
    coerce_rules,
    guarded,
)
from .position_page import PositionPage

__all__ = ["ProblemDeal"]

LEFT_OUT = (
    '<div class="pt-message pt-info">Some problems of this page could not be used, so they '
    "are left out. Your teacher can see why in the server's log.</div>"
)


def _label(a: Action) -> str:
    """A choice's button: the problem's words for it, capitalised (``'Bid 250'``)."""
    words = choice_words(a)
    return words[0].upper() + words[1:]


class ProblemDeal(PositionPage):
    """The problem deals of ``tip`` (a :class:`~pinochle_tutor.course.problems.Tip` or
    its name), easiest first; ``folder``: the bank (default: the course's);
    ``progress``: where answers are kept (default: the learner's).

    CSS hooks: ``pt-problem-deal``, ``pt-problem-note``, ``pt-problem-prompt``,
    ``pt-problem-choices`` (a ``pt-problem-choice`` button each), ``pt-problem-feedback``,
    ``pt-problem-next``; the status line is ``pt-message-area``."""

    def __init__(
        self,
        tip: Tip | str,
        *,
        folder: str | Path | None = None,
        progress: Progress | str | Path | None = None,
    ) -> None:
        self.tip = Tip.parse(tip)
        self.page = page_from_environment()
        self.site_rules = coerce_rules(None)
        """The site's house rules: a problem of other rules says so."""
        found, refused = load_problems(folder, [self.tip])
        self._problems: list[tuple[Problem, ProblemCheck]] = found
        self.refused = refused
        """The problems left out, each with the message naming its file and id."""
        self.progress = progress if isinstance(progress, Progress) else Progress.load(progress)
        self._index = 0
        self._answered = False
        self.note = widgets.HTML(LEFT_OUT if refused else "")
        self.note.add_class("pt-problem-note")
        super().__init__(
            css="pt-problem", head=self.note, widget_class="pt-problem-deal",
            next_label="Next problem", on_next=self.next,
        )  # fmt: skip
        self._show()

    @property
    def count(self) -> int:
        """How many problems passed the coach's check."""
        return len(self._problems)

    def _show(self) -> None:
        if not self._problems:
            self.prompt.value = ""
            self.choices.children = ()
            self.next_button.layout.display = "none"
            self.message.error("No problem of this page passed the coach's check; ask your teacher.")
            return
        problem, _check = self._problems[self._index]
        view = problem.view()
        self._answered = False
        n = len(self._problems)
        version = (
            f'<p class="pt-problem-version">A position of the {problem.rules.words} '
            "game, whatever version this site plays.</p>"
            if problem.rules != self.site_rules
            else ""
        )
        self.show_position(
            view, f"Problem {self._index + 1} of {n} · level {problem.level}", version,
            escape(problem.question),
        )  # fmt: skip
        buttons = []
        for k, choice in enumerate(options(problem, view)):
            buttons.append(button(_label(choice), "pt-problem-choice", partial(self.choose, k)))
        self.choices.children = tuple(buttons)
        self.feedback.value = ""
        self.next_button.disabled = True
        self.message.info("Choose one: the coach has weighed every choice.")

    @guarded
    def choose(self, k: int) -> None:
        """The learner picks choice ``k`` (0-based) of the current problem."""
        if not self._problems:
            return
        if self._answered:
            self.message.info("This problem is answered: press Next problem.")
            return
        problem, check = self._problems[self._index]
        offered = options(problem)
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < len(offered):
            self.message.error(f"There is no choice {k!r} here.")
            return
        try:
            mark = mark_problem(problem, check, offered[k])
        except ProblemError as e:
            self.message.error(str(e))
            return
        self._answered = True
        self._record(problem, mark.choice.text, mark.right)
        verdict = "pt-ok" if mark.right else "pt-error"
        lines = "".join(f"<li>{escape(x)}</li>" for x in check.lines())
        self.feedback.value = (
            f'<div class="pt-message {verdict} pt-problem-verdict">'
            f"{escape(mark.text.split(' The coach')[0])}</div>"
            f"<p>The coach's numbers, on {check.values[0].samples} imagined deals:</p><ul>{lines}</ul>"
        )
        for b in self.choices.children:
            b.disabled = True
        self.next_button.disabled = False
        last = self._index + 1 == len(self._problems)
        self.next_button.description = "Start again" if last else "Next problem"
        self.message.ok("Right!" if mark.right else "Read the write-up and the coach's numbers.")

    def _record(self, problem: Problem, answer: str, right: bool) -> None:
        try:
            self.progress.record(
                problem.id, "problem", [problem.rule], answer, right,
                page=self.page, rule_set=problem.rules.name,
            )  # fmt: skip
        except Exception as exc:  # progress must never stop the page
            self.message.error(f"Your answer was marked but could not be kept: {exc}")

    @guarded
    def next(self) -> None:
        """The next problem (after the last, the first again)."""
        if not self._answered:
            self.message.info("Choose an answer first.")
            return
        self._index = (self._index + 1) % max(1, len(self._problems))
        self.next_button.description = "Next problem"
        self._show()
