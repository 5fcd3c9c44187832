"""QuizRunner: a round of quiz questions, one at a time, marked by the tutor.

One line in an exercise notebook::

    from pinochle_widgets.quiz_runner import QuizRunner
    QuizRunner("meld", level=1, seed=1)                  # ten meld questions
    QuizRunner(source="generated", count=6, seed=3)      # every kind, aimed at weak rules
    QuizRunner("meld", rules="double_deck")              # double-deck meld questions

Each question shows its prompt (cards in colour, the hand and the trick drawn),
takes the answer in the input that suits it (a box for meld, score, counters and
bids, a "Pass" button, a clickable hand for "which cards may you play?", Yes / No
for "may you play this card?" and "is this call legal?", one button per card of
the trick for "who wins this trick?"), marks it with
:func:`pinochle_tutor.course.quiz.check_answer` and shows the verdict, the tutor's
explanation and the rule cases, then "Next". The last "Next" shows the score,
overall and per rule case.

A second try: a first wrong (readable) answer shows a hint
(:func:`~pinochle_tutor.course.quiz.hint`: the rules to check, never the answer)
and the learner answers once more; only a second wrong answer reveals the answer
and the explanation. A playable answer to a strategy question (as good by the
coach's numbers, but against the rule of thumb asked about: ``Mark.playable``) is
shown as such at once, and kept as not right. Yes-or-no questions have no second try (it could only be the
other answer), and ``second_try=False`` turns it off. Each question is recorded
once in the learner's progress, when it is marked, with how many tries it took
(``tries`` 1 or 2). An unreadable answer gets a note on how to write it and the
question is asked again (it does not count, nor use up the try).

Rules: by default the site's house rules
(:func:`pinochle_tutor.classroom.house_rules.site_rules`); ``rules=`` takes a preset name or
a :class:`~pinochle_tutor.rules.RuleSet`. Only bank items written for those rules
are asked (see :func:`pick_items`); generated items fill the rest of the round,
and a prompt names the rules when they are not the classic ones.

Waiting (Voila): a bidding question's answer takes seconds of simulated deals (a
generated bidding question's too: the simulation picks its hand). In a running kernel
the page shows at once and the work goes on in a background thread: the question
appears as soon as it is made, and a progress line in words ("Working out the answer:
600 of 2,400 deals") shows the work behind its answer meanwhile. An answer given
before that work is done waits for it and is then marked (the same mark: the work and
its seeds are the same); it is never marked on part of the work, and a reload brings
the round back to its place. Outside a kernel (scripts, tests) and where Python has no
threads, each question and answer is worked out when it is needed, as before
(``background=`` chooses).

The round itself (its phases, the second try, the marks, the learner's place, the
background thread) is :class:`pinochle_tutor.course.quiz.session.QuizSession`; this
widget draws what the session says.

Security (Voila): the items, their answers and the marks live in private Python
attributes; only the prompt is rendered before the learner answers (never the
item id or its rule cases, which could give the answer away). Any button may be
pressed in any order, and any synced value may be set: the runner checks its
own phase and refuses with a message.
"""

from __future__ import annotations

import sys
import weakref
from collections.abc import Callable, Sequence
from functools import partial
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import traitlets

from pinochle_tutor.cards import Card
from pinochle_tutor.classroom.identity import page_from_environment
from pinochle_tutor.classroom.progress import Progress
from pinochle_tutor.course.quiz import AnswerInput, Mark, QuizItem, QuizKind, Screen, hint
from pinochle_tutor.course.quiz.round import QuizRound, plan_round, rule_scores
from pinochle_tutor.course.quiz.session import (
    MAX_ANSWER,
    SHOWN_WAIT,
    WAITING,
    QuizSession,
    nothing_to_ask_text,
    progress_text,
    slow_kinds,
)
from pinochle_tutor.course.quiz.vocabulary import KIND_TITLES
from pinochle_tutor.course.seeds import page_seed
from pinochle_tutor.explain import LegalSetExplanation, TrickWinnerExplanation
from pinochle_tutor.explain.trick_result import ordinal
from pinochle_tutor.rules import CLASSIC, RuleSet

from ._base import (
    LiveHTML,
    Message,
    PythonWrites,
    _report,
    button,
    coerce_rules,
    guard_client_values,
    guarded,
    shown,
    style_widget,
)
from .cards import CardsView, HandPicker
from .drawing import cards_html

__all__ = [
    "BANK_NOTE",
    "MAX_ANSWER",
    "SHOWN_WAIT",
    "WAITING",
    "QuizRunner",
    "cards_html",
    "hint_html",
    "progress_text",
    "prompt_html",
    "score_html",
]

BANK_NOTE = (
    '<div class="pt-message pt-info">Some questions of this set could not be loaded, so '
    "others take their place. Your teacher can see why on the teacher's page.</div>"
)
"""Shown above the questions when a teachers' bank has a problem (the details, which
name the file, go to the teacher's page and the server's log, never to the learner)."""


# ================================================================ the drawing


def prompt_html(item: QuizItem, number: int, total: int) -> str:
    """The question as HTML: which question of how many, the teacher's title if
    any, and the prompt with its cards in colour. Never the id or the rule cases."""
    head = f"Question {number} of {total} · {KIND_TITLES[item.kind]}, level {item.level}"
    title = f'<div class="pt-title">{escape(item.title)}</div>' if item.title else ""
    return (
        f'<div class="pt-quiz-counter">{escape(head)}</div>{title}'
        f'<p class="pt-quiz-question">{cards_html(item.prompt)}</p>'
    )


def score_html(marks: Sequence[Mark], rules: RuleSet = CLASSIC, tries: Sequence[int] = ()) -> str:
    """The end-of-round score: right out of N (and how many of those took a second
    try, from ``tries``, one per mark), and a table per rule case (each stated with
    the numbers of ``rules``, the rules the round was played under)."""
    right = sum(m.right for m in marks)
    second = sum(1 for m, t in zip(marks, tries, strict=False) if m.right and t > 1)
    playable = sum(m.playable for m in marks)
    rows = "".join(
        f"<tr><td>{escape(s.rule.statement(rules))}</td><td>{s.right} / {s.attempts}</td></tr>"
        for s in rule_scores(marks)
    )
    table = (
        '<table class="pt-breakdown pt-quiz-rule-scores">'
        f"<tr><th>Rule</th><th>Right</th></tr>{rows}</table>"
    )
    cheer = "Well done!" if right == len(marks) else "Practise the rules with the fewest right."
    after = f" ({second} of them on the second try)" if second else ""
    after += f", and {playable} playable but against the rule of thumb" if playable else ""
    return (
        f'<div class="pt-title">You got {right} of {len(marks)} right{after}. '
        f"{escape(cheer)}</div>{table}"
    )


def hint_html(item: QuizItem, answer: str | None = None) -> str:
    """The hint after a first wrong ``answer``: the rules to check (from
    :func:`~pinochle_tutor.course.quiz.hint`), never the answer."""
    return (
        '<div class="pt-message pt-info pt-quiz-hint">'
        "<b>Not quite. Here is a hint; try once more.</b><br>"
        f"{cards_html(hint(item, answer))}</div>"
    )


def _mark_html(mark: Mark, rule_set: RuleSet, tries: int = 1) -> str:
    verdict = "Right, on the second try!" if mark.right and tries > 1 else mark.verdict
    rules = "".join(f"<li>{cards_html(r.statement(rule_set))}</li>" for r in mark.rules)
    look = "ok" if mark.right else ("info" if mark.playable else "error")
    return (
        f'<div class="pt-message pt-{look}">'
        f'<b class="pt-quiz-verdict">{cards_html(verdict)}</b><br>'
        f'<span class="pt-quiz-explanation">{cards_html(mark.explanation)}</span></div>'
        f'<div class="pt-quiz-rules"><b>The rules here:</b><ul>{rules}</ul></div>'
    )


def _in_kernel() -> bool:
    """Whether this runs in a Jupyter kernel (a Voila page) with threads."""
    if sys.platform == "emscripten":
        return False
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def _said_on(runner: QuizRunner) -> Callable[[str], None]:
    """What the progress says outside an answer (held answers saved by its retry),
    shown on ``runner``'s message line at once, followed by what to do now (that line
    said it before: "Press "Next" for the next question." must not go); the runner is
    held by a weak reference, so a runner that is gone is not kept alive by its
    progress."""
    ref = weakref.ref(runner)

    def say(text: str) -> None:
        shown = ref()
        if shown is not None:
            shown.message.info(" ".join(p for p in (text, shown.session.what_now()) if p))

    return say


def _load_progress(progress: Progress | str | Path | None) -> Progress:
    if isinstance(progress, Progress):
        return progress
    return Progress.load(progress)


_PROGRESS_ESM = """
export default {
  render({ model, el }) {
    const show = () => { el.innerHTML = model.get("value"); };
    show();
    model.on("change:value", show);
    // Drawn: the page is shown, so the work behind its question may start now.
    model.send({ shown: true });
    return () => model.off("change:value", show);
  },
};
"""


class ProgressLine(PythonWrites):
    """The progress line of the work behind a question (HTML built here), which tells
    the kernel when the page has drawn it: :meth:`on_shown` callbacks run then. The
    quiz runner starts its simulation only after that, so a page is sent and drawn
    with the whole machine's attention.

    Synced state: ``value`` (the HTML), what the learner reads; a client's value is
    refused (the kernel's is sent back)."""

    _esm = _PROGRESS_ESM
    value = traitlets.Unicode("", help="What is shown, as HTML built here.").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_shown: list[Any] = []
        self.on_msg(self._front_end_says)

    def on_shown(self, callback: Any) -> None:
        """Call ``callback()`` each time the page draws this line."""
        self._on_shown.append(callback)

    def _front_end_says(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("shown") is True:
            for callback in self._on_shown:
                callback()

    python_only = ("value",)  # the words come from Python only


# =============================================================== the widget


class QuizRunner(widgets.VBox):
    """A round of ``count`` questions (see :func:`pick_items` for ``kind``,
    ``level``, ``source`` and ``seed``), recorded in ``progress`` (a
    :class:`~pinochle_tutor.classroom.progress.Progress`, a path, or ``None`` for the
    default file). With ``learner_focus``, generated questions aim at the
    learner's weak rule cases (:meth:`Progress.weak_rules`). ``rules`` is the
    version of the game asked about: ``None`` (the default) for the site's house
    rules, a preset name (``"double_deck"``) or a
    :class:`~pinochle_tutor.rules.RuleSet`; it is kept in :attr:`rules`.

    ``seed=None`` (the default) draws a seed per page
    (:func:`~pinochle_tutor.course.seeds.page_seed`; ``PINOCHLE_TUTOR_SEED`` fixes it
    for tests and nbval), so a learner in another tab is not asked the questions
    whose answers were just revealed here; an explicit ``seed`` keeps a round
    reproducible. :attr:`seed` tells which one was used.

    When a teachers' bank has a problem that cost this set questions, a short note
    says so above them (``pt-quiz-bank-note``; the file, item and field are on the
    teacher's page and in the server's log).

    CSS hooks: ``pt-quiz-runner``, ``pt-quiz-bank-note``, ``pt-quiz-prompt``, ``pt-quiz-answer`` (the
    input area: ``pt-quiz-text``, ``pt-quiz-yes``, ``pt-quiz-no``, ``pt-quiz-pass``,
    ``pt-quiz-place``, a ``pt-hand-picker``), ``pt-quiz-submit``, ``pt-quiz-next``,
    ``pt-quiz-feedback`` (``pt-quiz-hint`` after a first wrong answer),
    ``pt-quiz-score``, ``pt-quiz-restart``, ``pt-quiz-progress`` (the work behind the
    question in words, while it goes on); the status line is ``pt-message-area``.

    ``background`` (``None``: in a running kernel, for a round that may ask a bidding
    question) makes each question and its answer in a background thread, so the page
    never waits for them (see the module's text); :meth:`wait_for_question` and
    :meth:`wait_until_prepared` wait for that work."""

    def __init__(
        self,
        kind: QuizKind | str | None = None,
        level: int | None = None,
        source: str = "bank",
        count: int = 10,
        seed: int | None = None,
        progress: Progress | str | Path | None = None,
        learner_focus: bool = True,
        *,
        bank_dir: str | Path | None = None,
        rules: RuleSet | str | None = None,
        second_try: bool = True,
        background: bool | None = None,
    ) -> None:
        self.rules: RuleSet = coerce_rules(rules)
        """The rules every question of every round is asked under."""
        self.page = page_from_environment()
        """The page the quiz is on (kept with each answer; ``''`` outside Voila)."""
        self._options: dict[str, Any] = dict(
            kind=kind, level=level, source=source, count=count, bank_dir=bank_dir, rules=self.rules
        )
        self.learner_focus = learner_focus
        self.progress = _load_progress(progress)
        if background is None:
            background = _in_kernel() and slow_kinds(kind)
        self.session = QuizSession(
            self, rules=self.rules, progress=self.progress, page=self.page,
            seed=page_seed(seed), keeps_place=self.keeps_place, second_try=second_try,
            background=bool(background),
        )  # fmt: skip
        """The round being asked: its phase, marks and background work."""
        self.message = Message()
        self.progress.listen(_said_on(self))
        self._build()
        self.add_class("pt-widget")
        self.add_class("pt-quiz-runner")
        self.session.start()
        guard_client_values(self, self.message)
        if self.progress.messages:
            self.message.info("\n".join(self.progress.messages))

    # -------------------------------------------------------------- building
    def _build(self) -> None:
        self.header = widgets.HTML()
        """What a round says above its questions (empty for a practice page: the
        mastery set shows the lesson's stars, the review its due cases)."""
        self.header.add_class("pt-quiz-header")
        self.bank_note = widgets.HTML()
        """A short note when some of the teachers' questions could not be loaded."""
        self.bank_note.add_class("pt-quiz-bank-note")
        self.prompt = widgets.HTML()
        self.prompt.add_class("pt-quiz-prompt")
        self.trick_view = CardsView(size=54)
        self.hand_view = CardsView(size=54)
        self.text_input = widgets.Text(
            description="Your answer:", style={"description_width": "initial"}
        )
        self.text_input.add_class("pt-quiz-text")
        self.picker = HandPicker(
            mode="many", message=self.message, label="Pick every card you may play"
        )
        self.card_picker = HandPicker(
            mode="one", message=self.message, label="Pick the card you would play"
        )
        """The hand of a "which card would you play?" question."""
        self.pass_picker = HandPicker(
            mode="many", message=self.message, label="Pick the cards to give"
        )
        """The hand of a "what would you pass?" question."""
        self.yes_button = button("Yes", "pt-quiz-yes", lambda: self.answer_yes_no(True))
        self.no_button = button("No", "pt-quiz-no", lambda: self.answer_yes_no(False))
        self.pass_button = button("Pass", "pt-quiz-pass", self.answer_pass)
        self.place_buttons: tuple[widgets.Button, ...] = ()
        """The buttons of a "who wins this trick?" question, one per card played."""
        self.choice_buttons: tuple[widgets.Button, ...] = ()
        """The buttons of a question answered by a choice (a seat), one per choice."""
        self._yes_no_row = widgets.HBox([self.yes_button, self.no_button])
        self._bid_row = widgets.HBox([self.text_input, self.pass_button])
        self.answer_box = widgets.VBox()
        self.answer_box.add_class("pt-quiz-answer")
        self.submit_button = button("Submit", "pt-quiz-submit", self.submit, "primary")
        self.next_button = button("Next", "pt-quiz-next", self.next)
        self.restart_button = button("Start a new round", "pt-quiz-restart", self.restart)
        # The verdict is read out when it is shown (the message only says what to press).
        self.feedback = LiveHTML()
        self.feedback.add_class("pt-quiz-feedback")
        self.score_view = widgets.HTML()
        self.score_view.add_class("pt-quiz-score")
        self.progress_line = ProgressLine()
        """The work behind the question on screen, in words, while it goes on."""
        self.progress_line.on_shown(self.session.shown.set)
        self.progress_line.add_class("pt-quiz-progress")
        shown(self.progress_line, False)
        buttons = widgets.HBox([self.submit_button, self.next_button, self.restart_button])
        super().__init__(
            children=[
                style_widget(),
                self.header,
                self.bank_note,
                self.prompt,
                self.trick_view,
                self.hand_view,
                self.answer_box,
                buttons,
                self.progress_line,
                self.message,
                self.feedback,
                self.score_view,
            ]
        )

    # ----------------------------------------------------------------- state
    @property
    def phase(self) -> str:
        """``"asking"`` (waiting for an answer), ``"marked"`` (answer shown, press
        Next) or ``"done"`` (the score is shown); in the background (see
        ``background``) also ``"dealing"`` (the question is being made) and
        ``"waiting"`` (an answer was given; it is marked when the work behind it is
        done)."""
        return self.session.phase

    @property
    def index(self) -> int:
        """The position of the question shown (0-based)."""
        return self.session.index

    @property
    def total(self) -> int:
        """How many questions this round has."""
        return len(self.session.questions)

    @property
    def marks(self) -> tuple[Mark, ...]:
        """The marks of the questions answered so far this round."""
        return tuple(self.session.marks)

    @property
    def right(self) -> int:
        """Right answers so far this round (on the first or the second try)."""
        return sum(m.right for m in self.session.marks)

    @property
    def tries(self) -> int:
        """Which try the question shown is on: 1, or 2 after a wrong answer and a hint."""
        return self.session.try_

    @property
    def marked_tries(self) -> tuple[int, ...]:
        """How many tries each marked question of this round took (1 or 2)."""
        return tuple(self.session.tries)

    @property
    def seed(self) -> int:
        """The seed of this runner's rounds (``seed``, else :func:`page_seed`; a kept
        place brings back the seed it was asked with)."""
        return self.session.seed

    @property
    def place_key(self) -> str:
        """Where this round's place is kept with the learner's progress (``''``: not
        kept, outside a served page): see :mod:`pinochle_tutor.classroom.places`."""
        return self.session.place_key

    @property
    def second_try(self) -> bool:
        """Whether a first wrong answer gets a hint and one more try (see :meth:`submit`)."""
        return self.session.second_try

    @property
    def background(self) -> bool:
        """Whether questions and answers are worked out in a background thread (by
        default in a kernel, for rounds that may ask a bidding question)."""
        return self.session.background

    keeps_place = True
    """Whether a reload of the page brings the round back where it was (see
    :attr:`place_key`)."""

    # ------------------------------------------ what the session asks (QuizView)
    @property
    def restart_label(self) -> str:
        return str(self.restart_button.description)

    def plan(self, seed: int) -> QuizRound:
        """The questions of a round (the mastery set and the review plan their own)."""
        focus = list(self.session.basis.get("focus", []))
        return plan_round(seed=seed, focus=focus, **self._options)

    def new_basis(self) -> dict[str, Any]:
        """What a new round is planned from besides its seed, kept with its place so a
        reload plans the same round: here the weak rule cases it aims at."""
        if not self.learner_focus or self._options["source"] == "bank":
            return {"focus": []}
        return {"focus": self.progress.weak_rules()}

    def answer_set_id(self) -> str:
        """The mastery set an answer of this round is kept with (``''``: none)."""
        return ""

    def say(self, text: str, look: str = "info") -> None:
        {"info": self.message.info, "error": self.message.error, "ok": self.message.ok}[look](text)

    def report(self, where: str, exc: Exception) -> None:
        _report(self.message, where, exc)

    def show_bank_note(self, problems: bool) -> None:
        self.bank_note.value = BANK_NOTE if problems else ""

    def show_progress(self, text: str) -> None:
        """Show ``text`` on the progress line (``''``: hide it)."""
        self.progress_line.value = (
            f'<span class="pt-quiz-progress-text">{escape(text)}</span>' if text else ""
        )
        shown(self.progress_line, bool(text))

    def show_dealing(self) -> None:
        """The screen while the question on screen is being made: its number and the
        progress line, no input."""
        self.next_button.description = self.session.next_label
        self.prompt.value = ""  # "Question 2 of 10" comes with the question
        self.feedback.value = ""
        for part in (self.trick_view, self.hand_view, self.submit_button, self.next_button,
                     self.restart_button):  # fmt: skip
            shown(part, False)
        self.answer_box.children = ()

    def show_question(self, item: QuizItem, number: int, total: int, screen: Screen) -> None:
        self.next_button.description = self.session.next_label
        self.prompt.value = prompt_html(item, number, total)
        self.feedback.value = ""
        self.text_input.value = ""
        if screen.trick:
            self.trick_view.show_trick(screen.trick)
        shown(self.trick_view, bool(screen.trick))
        if screen.shown:
            self.hand_view.show_hand(screen.shown, label=screen.shown_label)
        shown(self.hand_view, bool(screen.shown))
        self.answer_box.children = self._inputs(screen)
        shown(self.submit_button, not screen.buttons_only)
        shown(self.next_button, True)
        shown(self.restart_button, False)
        self.submit_button.disabled = False
        self.next_button.disabled = True

    def show_hint(self, item: QuizItem, first_try: str) -> None:
        self.feedback.value = hint_html(item, first_try)

    def show_marked(self, item: QuizItem, mark: Mark, tries: int, saved: str) -> None:
        note = (
            f'<div class="pt-message pt-info pt-quiz-save-error">{escape(saved)}</div>'
            if saved
            else ""
        )
        self.feedback.value = _mark_html(mark, item.rule_set, tries) + note
        if isinstance(mark.detail, LegalSetExplanation):
            self.picker.mark(mark.detail.legal, "legal")
        if isinstance(mark.detail, TrickWinnerExplanation):  # now the winner may be framed
            self.trick_view.show_trick(mark.detail.trick, winner=mark.detail.winner)
        self.submit_button.disabled = True
        self.next_button.disabled = False
        self.next_button.description = self.session.next_label

    def hold_answer(self, held: bool) -> None:
        self.submit_button.disabled = held

    def show_nothing(self) -> None:
        """No question of the kinds asked for can occur under the rules in force
        (say the house rules leave no counters, so no score question): say so
        instead of showing an empty round."""
        self.show_progress("")
        self._clear_round()
        self.message.error(nothing_to_ask_text(self.rules))

    def _clear_round(self) -> None:
        """No question and no button on screen (the round has nothing to ask)."""
        self.next_button.description = self.session.next_label
        for part in (self.trick_view, self.hand_view, self.submit_button, self.next_button):
            shown(part, False)
        shown(self.restart_button, False)
        self.answer_box.children = ()
        self.prompt.value = ""

    def show_done(self) -> None:
        self.score_view.value = self._score_html()
        self.feedback.value = ""
        self.answer_box.children = ()
        shown(self.trick_view, False)
        shown(self.hand_view, False)
        shown(self.submit_button, False)
        shown(self.next_button, False)
        shown(self.restart_button, True)
        self.prompt.value = '<div class="pt-title">Round complete</div>'
        self.message.ok(self._done_message())

    def _score_html(self) -> str:
        """What the end of a round shows (the mastery set adds its verdict)."""
        return score_html(self.session.marks, self.rules, self.session.tries)

    def _done_message(self) -> str:
        """The status line at the end of a round."""
        return (
            f"Round complete: {self.right} of {len(self.session.marks)} right. "
            f"Press '{self.restart_button.description}' for fresh questions."
        )

    # ------------------------------------------------------------ the inputs
    def _place_buttons(self, trick: tuple[Card, ...]) -> widgets.HBox:
        """One button per card of the trick, in the order played (``1st: K♠``): the
        labels show the question only, never which card wins."""
        self.place_buttons = tuple(
            button(f"{ordinal(i + 1)}: {c.text}", "pt-quiz-place", partial(self.answer_place, i + 1))
            for i, c in enumerate(trick)
        )
        return widgets.HBox(self.place_buttons)

    def _choice_buttons(self, choices: tuple[str, ...]) -> widgets.HBox:
        """One button per answer of a choice question (``Left opponent``), in order."""
        self.choice_buttons = tuple(
            button(text, "pt-quiz-choice", partial(self.answer_choice, i))
            for i, text in enumerate(choices)
        )
        return widgets.HBox(self.choice_buttons)

    def _inputs(self, screen: Screen) -> tuple[widgets.Widget, ...]:
        way = screen.answer_input
        # Nothing left of an old answer in a hidden picker.
        self.card_picker.set_hand(screen.pick_from if way is AnswerInput.PICK_ONE else ())
        self.pass_picker.max_selected = screen.pick_count if way is AnswerInput.PICK_GIFT else None
        self.pass_picker.set_hand(screen.pick_from if way is AnswerInput.PICK_GIFT else ())
        self.picker.set_hand(screen.pick_from if way is AnswerInput.PICK_CARDS else ())
        if way is AnswerInput.PICK_ONE:
            return (self.card_picker,)
        if way is AnswerInput.PICK_GIFT:
            self.pass_picker.label = screen.pick_label
            return (self.pass_picker,)
        if way is AnswerInput.PICK_CARDS:
            return (self.picker,)
        if way is AnswerInput.YES_NO:
            return (self._yes_no_row,)
        if way is AnswerInput.PLACE:
            return (self._place_buttons(screen.trick),)
        if way is AnswerInput.CHOICE:
            return (self._choice_buttons(screen.choices),)
        self.text_input.placeholder = screen.example
        if way is AnswerInput.BID:
            return (self._bid_row,)
        return (self.text_input,)

    def _answer_text(self) -> str:
        way = self.session.screen.answer_input
        picker = {
            AnswerInput.PICK_CARDS: self.picker,
            AnswerInput.PICK_ONE: self.card_picker,
            AnswerInput.PICK_GIFT: self.pass_picker,
        }.get(way)
        if picker is not None:
            return ", ".join(c.text for c in picker.selected)
        value = self.text_input.value
        return value if isinstance(value, str) else ""

    # --------------------------------------------------------------- actions
    def close(self) -> None:
        """Close the widget and stop its background work (at the next question)."""
        session = getattr(self, "session", None)  # None: closed before it was made
        if session is not None:
            session.stop()
        super().close()

    def wait_for_question(self, timeout: float | None = None) -> bool:
        """Wait until the question on screen is made (the background work, see
        ``background``); ``False`` if it is still being made after ``timeout``."""
        return self.session.wait_for_question(timeout)

    def wait_until_prepared(self, timeout: float | None = None) -> bool:
        """Wait for the background work on this question's answer and the next question
        (see :meth:`QuizRound.prepare`, or ``background``: then an answer given meanwhile
        is marked too); ``False`` if it is still going after ``timeout``."""
        return self.session.wait_until_prepared(timeout)

    def _refuse_out_of_turn(self) -> bool:
        """Say why an answer is not taken now; ``True`` when it is refused."""
        reason = self.session.refused()
        if reason is not None:
            self.message.info(reason)
        return reason is not None

    @guarded
    def submit(self) -> Mark | None:
        """Mark the answer typed or picked. Returns the mark (``None`` when the
        answer was not taken: out of turn, or unreadable)."""
        if self._refuse_out_of_turn():
            return None
        way = self.session.screen.answer_input
        if way is AnswerInput.YES_NO:
            self.message.error("Answer this question with the Yes or No button.")
            return None
        if way is AnswerInput.PLACE:
            self.message.error("Answer this question by pressing the card that wins.")
            return None
        if way is AnswerInput.CHOICE:
            self.message.error("Answer this question by pressing one of the buttons above.")
            return None
        return self.session.answer(self._answer_text())

    @guarded
    def answer_yes_no(self, yes: bool) -> Mark | None:
        """Answer a "may you play this card?" or "is this call legal?" question."""
        if self._refuse_out_of_turn():
            return None
        if self.session.screen.answer_input is not AnswerInput.YES_NO:
            self.message.error("This is not a yes-or-no question: answer it above.")
            return None
        return self.session.answer("yes" if yes is True else "no")

    @guarded
    def answer_place(self, place: int) -> Mark | None:
        """Answer a "who wins this trick?" question with the card's place (1 = led)."""
        if self._refuse_out_of_turn():
            return None
        trick = self.session.screen.trick
        if self.session.screen.answer_input is not AnswerInput.PLACE:
            self.message.error("This question is not about who wins a trick: answer it above.")
            return None
        if isinstance(place, bool) or not isinstance(place, int) or not 1 <= place <= len(trick):
            self.message.error(f"Press one of the {len(trick)} cards of the trick.")
            return None
        return self.session.answer(str(place))

    @guarded
    def answer_choice(self, index: int) -> Mark | None:
        """Answer a choice question ("who deals next?") with the choice's place (0 = first)."""
        if self._refuse_out_of_turn():
            return None
        choices = self.session.screen.choices
        if self.session.screen.answer_input is not AnswerInput.CHOICE:
            self.message.error("This question has no buttons to choose from: answer it above.")
            return None
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(choices):
            self.message.error(f"Press one of the {len(choices)} buttons.")
            return None
        return self.session.answer(choices[index])

    @guarded
    def answer_pass(self) -> Mark | None:
        """Answer a bidding question with "pass"."""
        if self._refuse_out_of_turn():
            return None
        if self.session.screen.answer_input is not AnswerInput.BID:
            self.message.error("Pass is an answer to bidding questions only.")
            return None
        return self.session.answer("pass")

    @guarded
    def next(self) -> None:
        """Show the next question, or the score after the last one."""
        self.session.next()

    @guarded
    def restart(self) -> None:
        """A new round of fresh questions (aimed at the weak rules found so far)."""
        if self.session.phase == "done":
            self.score_view.value = ""
        self.session.restart()
