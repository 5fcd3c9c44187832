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

Security (Voila): the items, their answers and the marks live in private Python
attributes; only the prompt is rendered before the learner answers (never the
item id or its rule cases, which could give the answer away). Any button may be
pressed in any order, and any synced value may be set: the runner checks its
own phase and refuses with a message.
"""

from __future__ import annotations

import logging
import re
import sys
import threading
import weakref
from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any, ClassVar

import ipywidgets as widgets
import traitlets

from pinochle_tutor.cards import Card, parse_card
from pinochle_tutor.classroom.identity import page_from_environment
from pinochle_tutor.classroom.places import Place, place_key
from pinochle_tutor.classroom.progress import Progress
from pinochle_tutor.course.quiz import (
    AnswerInput,
    Mark,
    QuizItem,
    QuizKind,
    Screen,
    allows_second_try,
    answer_for,
    bidding,
    check_answer,
    hint,
)
from pinochle_tutor.course.quiz.generators import rules_words
from pinochle_tutor.course.quiz.kinds import KINDS, spec_for
from pinochle_tutor.course.quiz.marking import InvalidAnswerError
from pinochle_tutor.course.quiz.round import QuizRound, plan_round, rule_scores
from pinochle_tutor.course.quiz.vocabulary import KIND_TITLES
from pinochle_tutor.course.seeds import page_seed
from pinochle_tutor.explain import LegalSetExplanation, TrickWinnerExplanation
from pinochle_tutor.explain.trick_result import ordinal
from pinochle_tutor.rules import CLASSIC, RuleSet

from ._base import (
    LiveHTML,
    Message,
    PythonWrites,
    button,
    card_spans,
    coerce_rules,
    guard,
    guard_client_values,
    guarded,
    shown,
    style_widget,
)
from .cards import CardsView, HandPicker

_LOG = logging.getLogger(__name__)

__all__ = [
    "QuizRunner",
    "cards_html",
    "hint_html",
    "prompt_html",
    "score_html",
]

MAX_ANSWER = 200
"""Longer answers are refused unread (nobody types a 200-character answer)."""
BANK_NOTE = (
    '<div class="pt-message pt-info">Some questions of this set could not be loaded, so '
    "others take their place. Your teacher can see why on the teacher's page.</div>"
)
"""Shown above the questions when a teachers' bank has a problem (the details, which
name the file, go to the teacher's page and the server's log, never to the learner)."""

WAITING = (
    "Your answer is in: it is marked as soon as the answer is worked out "
    "(the line above says how far that is)."
)
"""The status line while an answer waits for the work behind it."""

_CARD_TOKEN = re.compile(r"(?<![\w])(10|[AKQJ9])([♠♥♦♣])")


# ================================================================ the logic


def cards_html(text: str) -> str:
    """``text`` escaped, with every card (``A♥``, ``10♠``) shown by :func:`card_spans`
    and line breaks kept."""

    def card(m: re.Match[str]) -> str:
        try:
            return card_spans([parse_card(m.group(0))])
        except ValueError:
            return m.group(0)

    lines = (_CARD_TOKEN.sub(card, escape(line)) for line in str(text).split("\n"))
    return "<br>".join(lines)


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


def progress_text(done: int, most: int, dealing: bool = False) -> str:
    """The progress line of the work behind a question, in words: ``'Working out the
    answer: 600 of 2,400 deals'`` (``dealing``: the question itself is being chosen,
    as a generated bidding question's hand is, by its answer's simulation)."""
    what = "Choosing your question" if dealing else "Working out the answer"
    return f"{what}: {done:,} of {most:,} deals"


def _slow_kinds(kind: QuizKind | str | None) -> bool:
    """Whether a round of ``kind`` (``None``: every kind) may ask a question slow to
    answer (a bidding question) or slow to make (a which-card question)."""
    try:
        kinds = list(QuizKind) if kind is None else [QuizKind.parse(kind)]
    except ValueError:  # the round refuses it, with its message
        return False
    return any(KINDS[k].slow_answer or KINDS[k].slow_to_make for k in kinds)


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
            shown.message.info(" ".join(p for p in (text, shown._what_now()) if p))

    return say


def _load_progress(progress: Progress | str | Path | None) -> Progress:
    if isinstance(progress, Progress):
        return progress
    return Progress.load(progress)


SHOWN_WAIT = 30.0
"""Seconds the background work waits for the page to say it is shown before simulating
anyway (a safety net: a page that draws the runner says so at once)."""

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


class _Work:
    """The background work of one round (see :class:`QuizRunner`'s ``background``): its
    questions made so far, how many of them have their answer worked out, how far it is
    asked to go, and the last progress its simulation reported. Read and changed under
    the runner's lock."""

    def __init__(self, questions: QuizRound, want: int, restoring: Place | None) -> None:
        self.questions = questions
        self.items: list[QuizItem] = []
        """The questions made so far, in order."""
        self.answered = 0
        """How many of them (from the first) have their answer worked out."""
        self.want = want
        """Work on the questions before this index (the one on screen and the next)."""
        self.restoring = restoring
        """A kept place to bring the round back to, once the work reaches it."""
        self.at = 0
        """The question being worked on."""
        self.done_of: tuple[int, int, int] = (-1, 0, 0)
        """The last progress reported: the question, deals done, most deals."""
        self.cancelled = False
        """A new round replaced this one: stop at the next question."""
        self.finished = False
        """The thread is over (the round ended, failed or was cancelled)."""


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
        self.seed = page_seed(seed)
        """The seed of this runner's rounds (``seed``, else :func:`page_seed`)."""
        self.place_key = (
            place_key(self.page, QuizRunner._on_page(self.page)) if self.keeps_place else ""
        )
        """Where this round's place is kept with the learner's progress (``''``: not
        kept, outside a served page): see :mod:`pinochle_tutor.classroom.places`."""
        self._round = 0
        self._basis: dict[str, Any] = {}
        self.learner_focus = learner_focus
        self.progress = _load_progress(progress)
        self.second_try = second_try
        """Whether a first wrong answer gets a hint and one more try (see :meth:`submit`)."""
        self._items: QuizRound = QuizRound((), 0)
        self._marks: list[Mark] = []
        self._tries: list[int] = []
        """How many answers each marked question took (1, or 2 after a hint)."""
        self._try = 1
        self._index = 0
        self._phase = "asking"
        self._screen = Screen(AnswerInput.TEXT, "")
        self._preparing: threading.Thread | None = None
        if background is None:
            background = _in_kernel() and _slow_kinds(kind)
        self.background = bool(background)
        """Whether questions and answers are worked out in a background thread (by
        default in a kernel, for rounds that may ask a bidding question)."""
        self._lock = threading.RLock()
        self._changed = threading.Condition(self._lock)
        self._work: _Work | None = None
        """The background work of the round on screen (``None``: none, as outside a kernel)."""
        self._pending: str | None = None
        """An answer given before the work behind it was done: marked when it is."""
        self._shown = threading.Event()
        """Set when the page has drawn the runner (or the learner answered): the work
        simulates only after it (see :class:`ProgressLine`)."""
        self.message = Message()
        self.progress.listen(_said_on(self))
        self._build()
        self.add_class("pt-widget")
        self.add_class("pt-quiz-runner")
        self._start_round(self.progress.place(self.place_key))
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
        self.progress_line.on_shown(self._shown.set)
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
        return self._phase

    @property
    def index(self) -> int:
        """The position of the question shown (0-based)."""
        return self._index

    @property
    def total(self) -> int:
        """How many questions this round has."""
        return len(self._items)

    @property
    def marks(self) -> tuple[Mark, ...]:
        """The marks of the questions answered so far this round."""
        return tuple(self._marks)

    @property
    def right(self) -> int:
        """Right answers so far this round (on the first or the second try)."""
        return sum(m.right for m in self._marks)

    @property
    def tries(self) -> int:
        """Which try the question shown is on: 1, or 2 after a wrong answer and a hint."""
        return self._try

    @property
    def marked_tries(self) -> tuple[int, ...]:
        """How many tries each marked question of this round took (1 or 2)."""
        return tuple(self._tries)

    def _item(self) -> QuizItem:
        work = self._work
        if work is not None and self._index < len(work.items):
            return work.items[self._index]  # never waits for the question being made
        return self._items[self._index]

    def _focus(self) -> list[str]:
        if not self.learner_focus or self._options["source"] == "bank":
            return []
        return self.progress.weak_rules()

    # ----------------------------------------------------------------- flow
    def _plan(self, seed: int) -> QuizRound:
        """The questions of a round (the mastery set and the review plan their own)."""
        return plan_round(seed=seed, focus=list(self._basis.get("focus", [])), **self._options)

    def _new_basis(self) -> dict[str, Any]:
        """What a new round is planned from besides its seed, kept with its place so a
        reload plans the same round: here the weak rule cases it aims at."""
        return {"focus": self._focus()}

    keeps_place = True
    """Whether a reload of the page brings the round back where it was (see
    :attr:`place_key`)."""

    _pages: ClassVar[dict[str, int]] = {}

    @classmethod
    def _on_page(cls, page: str) -> int:
        """How many rounds this kernel made on ``page`` before this one (their order on
        the page: the same on every load)."""
        n = cls._pages.get(page, 0)
        cls._pages[page] = n + 1
        return n

    def _place(self, first_try: str | None = None, waiting: str | None = None) -> Place:
        answers = tuple((m.answer, t) for m, t in zip(self._marks, self._tries, strict=True))
        return Place(
            self.seed, self._round, self._index, answers, first_try, dict(self._basis), waiting
        )

    def _keep_place(
        self, first_try: str | None = None, *, waiting: str | None = None, over: bool = False
    ) -> None:
        """Keep where the learner is (``waiting``: an answer given that waits for the
        work behind it; ``over``: forget it, the round is finished)."""
        if self.place_key:
            place = None if over else self._place(first_try, waiting)
            self.progress.keep_place(self.place_key, place)

    def _set_id(self) -> str:
        """The mastery set an answer of this round is kept with (``''``: none)."""
        return ""

    def _start_round(self, place: Place | None = None) -> None:
        """A new round; with a kept ``place``, that round again, brought back to where
        the learner was (the marked answers are marked again, never recorded twice)."""
        if place is not None:
            self.seed, self._round, self._basis = place.seed, place.round, dict(place.basis)
        else:
            self._basis = self._new_basis()
        seed = self.seed + 7919 * self._round
        self._items = self._plan(seed)
        self._marks = []
        self._tries = []
        self._index = 0
        self.score_view.value = ""
        if self.background and self._start_work(place):
            return
        self._work = None
        asked = self._items.reaches(0)
        self.bank_note.value = BANK_NOTE if self._items.bank_problems else ""
        if not asked:
            self._nothing_to_ask()
            return
        if place is not None and self._restore(place):
            return
        self._show_item()
        self._keep_place()

    # ------------------------------------------------------- background work
    def _start_work(self, place: Place | None) -> bool:
        """Make the round's questions and work out their answers in a background thread,
        the page showing "Dealing the question" meanwhile; ``False`` where no thread can
        start (nothing changed: the questions are then made when they are asked)."""
        work = _Work(self._items, (0 if place is None else place.index) + 1, place)
        thread = threading.Thread(target=self._run_work, args=(work,), name="pt-quiz-work",
                                  daemon=True)  # fmt: skip
        with self._changed:  # the work is the runner's before its thread reports anything
            old, self._work = self._work, work
            try:
                thread.start()
            except RuntimeError:  # no threads here ("can't start new thread")
                self._work = old
                return False
            if old is not None:
                old.cancelled = True
            self._pending = None
            self._index = 0 if place is None else place.index
            self._dealing()
            self._changed.notify_all()
        return True

    def _run_work(self, work: _Work) -> None:
        """The background thread of a round: each question in turn (up to ``work.want``,
        waiting for more to be asked) is made, then its answer worked out if that takes a
        while, the page told at each step."""
        k = 0
        try:
            with bidding.reporting(lambda done, most: self._reported(work, done, most)):
                while True:
                    with self._changed:
                        while not work.cancelled and k >= work.want:
                            self._changed.wait()
                        if work.cancelled:
                            return
                        work.at = k
                    try:
                        made = work.questions.reaches(k)
                    except Exception as exc:  # said on the page when it is the question asked
                        self._work_stopped(work, k, exc)
                        return
                    if not made:
                        self._work_stopped(work, k, None)
                        return
                    item = work.questions[k]
                    self._made(work, item)
                    if spec_for(item).slow_answer:
                        try:
                            answer_for(item)
                        except Exception:  # marking meets it again, and says so
                            _LOG.debug("working out answer %d failed", k, exc_info=True)
                    k += 1
                    self._answered(work, k)
        finally:
            with self._changed:
                work.finished = True
                self._changed.notify_all()

    def _current(self, work: _Work) -> bool:
        return self._work is work and not work.cancelled

    def _dealing(self) -> None:
        """The screen while the question on screen is being made: its number and the
        progress line, no input."""
        self._phase = "dealing"
        self.prompt.value = ""  # "Question 2 of 10" comes with the question
        self.feedback.value = ""
        for part in (self.trick_view, self.hand_view, self.submit_button, self.next_button,
                     self.restart_button):  # fmt: skip
            shown(part, False)
        self.answer_box.children = ()
        self._progress(f"Dealing question {self._index + 1} of {len(self._items)} ...")
        self.message.info("Your question is being dealt; the line above says how far that is.")

    def _progress(self, text: str) -> None:
        """Show ``text`` on the progress line (``''``: hide it)."""
        self.progress_line.value = (
            f'<span class="pt-quiz-progress-text">{escape(text)}</span>' if text else ""
        )
        shown(self.progress_line, bool(text))

    def _reported(self, work: _Work, done: int, most: int) -> None:
        """The simulation's progress (called before its first deal, then about every ten
        deals): shown when it is the work behind the question on screen, a few dozen
        times in all. The first simulation waits for the page to be shown."""
        if not self._shown.is_set():
            self._shown.wait(SHOWN_WAIT)
        with self._lock:
            k, last_done, _ = work.done_of
            step = max(10, most // 48)
            if k == work.at and 0 < done < most and 0 <= done - last_done < step:
                return
            work.done_of = (work.at, done, most)
            if not self._current(work) or work.at != self._index:
                return
            if self._phase == "dealing":
                self._progress(progress_text(done, most, dealing=True))
            elif self._phase in ("asking", "waiting") and work.answered <= self._index:
                self._progress(progress_text(done, most))

    def _made(self, work: _Work, item: QuizItem) -> None:
        def show() -> None:
            work.items.append(item)
            self._changed.notify_all()
            if len(work.items) == 1:
                self.bank_note.value = BANK_NOTE if work.questions.bank_problems else ""
            if work.restoring is not None:
                self._bring_back(work)
            elif len(work.items) == self._index + 1 and self._phase == "dealing":
                self._show_item()

        with self._changed:
            if self._current(work):
                guard(show, self.message)()

    def _answered(self, work: _Work, count: int) -> None:
        def mark_waiting() -> None:
            work.answered = count
            if work.restoring is not None:
                self._bring_back(work)
            elif count == self._index + 1:  # the answer of the question on screen
                if self._phase in ("asking", "waiting"):
                    self._progress("")
                pending, self._pending = self._pending, None
                if pending is not None and self._phase == "waiting":
                    self._phase = "asking"
                    self.submit_button.disabled = False
                    self._mark(pending)

        with self._changed:
            if self._current(work):
                try:
                    guard(mark_waiting, self.message)()
                finally:
                    self._changed.notify_all()

    def _bring_back(self, work: _Work) -> None:
        """Bring the round back to its kept place once its questions are made and the
        answers marked there are worked out (if the round no longer reaches it, start
        it from its first question)."""
        place = work.restoring
        if place is None or len(work.items) <= place.index or work.answered < len(place.answers):
            return
        work.restoring = None
        if not self._restore(place):
            self._index, self._marks, self._tries = 0, [], []
            self._show_item()
            self._keep_place()

    def _work_stopped(self, work: _Work, k: int, failed: Exception | None) -> None:
        """The round has no question ``k`` (``failed``: making it failed)."""

        def stop() -> None:
            if work.restoring is not None:  # the round no longer reaches the kept place
                work.restoring = None
                if work.items:
                    self._index, self._marks, self._tries = 0, [], []
                    self._show_item()
                    self._keep_place()
                    return
            if self._phase != "dealing" or k != self._index:
                return
            if failed is not None:
                self._progress("")
                raise failed
            if k == 0:
                self._nothing_to_ask()
            else:
                self._finish()
                self._keep_place(over=True)

        with self._changed:
            if self._current(work):
                guard(stop, self.message)()

    def close(self) -> None:
        """Close the widget and stop its background work (at the next question)."""
        changed = getattr(self, "_changed", None)  # None: closed before it was made
        if changed is not None:
            with changed:
                if self._work is not None:
                    self._work.cancelled = True
                    changed.notify_all()
        super().close()

    def wait_for_question(self, timeout: float | None = None) -> bool:
        """Wait until the question on screen is made (the background work, see
        ``background``); ``False`` if it is still being made after ``timeout``."""
        work = self._work
        if work is None:
            return True
        with self._changed:
            return self._changed.wait_for(
                lambda: self._phase != "dealing" or work.finished or not self._current(work),
                timeout,
            )

    def _restore(self, place: Place) -> bool:
        """Bring the round to ``place``; ``False`` (nothing changed) when the round
        planned again does not reach it (say the banks changed since)."""
        if not self._items.reaches(place.index):
            return False
        marks = [check_answer(self._items[i], a) for i, (a, _) in enumerate(place.answers)]
        if not all(m.readable for m in marks):
            return False
        self._marks = marks
        self._tries = [t for _, t in place.answers]
        self._index = place.index
        self._show_item()
        if len(marks) > place.index:  # the question on screen was marked
            self._show_marked(marks[-1], self._tries[-1])
        elif place.first_try is not None:
            self._try = 2
            self.feedback.value = hint_html(self._item(), place.first_try)
            self.message.info(f"Second try: {self._screen.instructions}")
        elif place.waiting is not None:  # waits again, or is marked now if the work is done
            self._mark_now(place.waiting)
        return True

    def _say_round_over(self) -> None:
        """A question's button pressed once the round is over (hidden then, but a client
        can press it): what to press, by the restart button's own label (the review's
        is 'Review again', a mastery set's 'Start a new set'); where that button is
        hidden too (nothing could be asked), no button is named."""
        if self.restart_button.layout.display == "none":
            self.message.info(
                "The round is over: this page has no question to ask now, so practise on "
                "the other pages."
            )
        else:
            self.message.info(
                f"The round is over: press '{self.restart_button.description}' to practise more."
            )

    def _nothing_to_ask(self) -> None:
        """No question of the kinds asked for can occur under the rules in force
        (say the house rules leave no counters, so no score question): say so
        instead of showing an empty round."""
        self._phase = "done"
        self._progress("")
        for part in (self.trick_view, self.hand_view, self.submit_button, self.next_button):
            shown(part, False)
        shown(self.restart_button, False)
        self.answer_box.children = ()
        self.prompt.value = ""
        self.message.error(
            f"No question of this kind can come up under the {rules_words(self.rules)}; "
            "ask your teacher to check the settings."
        )

    def _show_item(self) -> None:
        item = self._item()
        self._phase = "asking"
        self.prompt.value = prompt_html(item, self._index + 1, len(self._items))
        self.feedback.value = ""
        self.text_input.value = ""
        self._try = 1
        screen = spec_for(item).screen(item)
        self._screen = screen
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
        self.message.info(screen.instructions)
        work = self._work
        if work is None:
            self._preparing = self._items.prepare(self._index)
            return
        with self._changed:  # the answer on screen, then the next question, in the background
            work.want = max(work.want, self._index + 2)
            self._changed.notify_all()
            k, done, most = work.done_of
            if work.answered > self._index or not spec_for(item).slow_answer:
                self._progress("")
            elif k == self._index:
                self._progress(progress_text(done, most))
            else:
                self._progress(progress_text(0, bidding.deal_cap(item.rule_set)))

    def wait_until_prepared(self, timeout: float | None = None) -> bool:
        """Wait for the background work on this question's answer and the next question
        (see :meth:`QuizRound.prepare`, or ``background``: then an answer given meanwhile
        is marked too); ``False`` if it is still going after ``timeout``."""
        work = self._work
        if work is not None:
            with self._changed:
                return self._changed.wait_for(
                    lambda: work.finished or work.answered >= work.want, timeout
                )
        if self._preparing is not None:
            self._preparing.join(timeout)
            return not self._preparing.is_alive()
        return True

    def _place_buttons(self, trick: tuple[Card, ...]) -> widgets.HBox:
        """One button per card of the trick, in the order played (``1st: K♠``): the
        labels show the question only, never which card wins."""
        buttons = []
        for i, c in enumerate(trick):
            b = widgets.Button(description=f"{ordinal(i + 1)}: {c.text}")
            b.add_class("pt-quiz-place")
            b.on_click(lambda _b, place=i + 1: self.answer_place(place))
            buttons.append(b)
        self.place_buttons = tuple(buttons)
        return widgets.HBox(buttons)

    def _choice_buttons(self, choices: tuple[str, ...]) -> widgets.HBox:
        """One button per answer of a choice question (``Left opponent``), in order."""
        buttons = []
        for i, text in enumerate(choices):
            b = widgets.Button(description=text)
            b.add_class("pt-quiz-choice")
            b.on_click(lambda _b, index=i: self.answer_choice(index))
            buttons.append(b)
        self.choice_buttons = tuple(buttons)
        return widgets.HBox(buttons)

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
        way = self._screen.answer_input
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
    def _refuse_out_of_turn(self) -> bool:
        """Say why an answer is not taken now; ``True`` when it is refused."""
        if self._phase == "dealing":
            self.message.info("Your question is still being dealt: answer it when it shows.")
            return True
        if self._phase == "waiting":
            self.message.info(WAITING)
            return True
        if self._phase == "marked":
            self.message.info(f"This question is marked. {self._press_next()}")
            return True
        if self._phase == "done":
            self._say_round_over()
            return True
        return False

    @guarded
    def submit(self) -> Mark | None:
        """Mark the answer typed or picked. Returns the mark (``None`` when the
        answer was not taken: out of turn, or unreadable)."""
        if self._refuse_out_of_turn():
            return None
        way = self._screen.answer_input
        if way is AnswerInput.YES_NO:
            self.message.error("Answer this question with the Yes or No button.")
            return None
        if way is AnswerInput.PLACE:
            self.message.error("Answer this question by pressing the card that wins.")
            return None
        if way is AnswerInput.CHOICE:
            self.message.error("Answer this question by pressing one of the buttons above.")
            return None
        return self._mark(self._answer_text())

    @guarded
    def answer_yes_no(self, yes: bool) -> Mark | None:
        """Answer a "may you play this card?" or "is this call legal?" question."""
        if self._refuse_out_of_turn():
            return None
        if self._screen.answer_input is not AnswerInput.YES_NO:
            self.message.error("This is not a yes-or-no question: answer it above.")
            return None
        return self._mark("yes" if yes is True else "no")

    @guarded
    def answer_place(self, place: int) -> Mark | None:
        """Answer a "who wins this trick?" question with the card's place (1 = led)."""
        if self._refuse_out_of_turn():
            return None
        trick = self._screen.trick
        if self._screen.answer_input is not AnswerInput.PLACE:
            self.message.error("This question is not about who wins a trick: answer it above.")
            return None
        if isinstance(place, bool) or not isinstance(place, int) or not 1 <= place <= len(trick):
            self.message.error(f"Press one of the {len(trick)} cards of the trick.")
            return None
        return self._mark(str(place))

    @guarded
    def answer_choice(self, index: int) -> Mark | None:
        """Answer a choice question ("who deals next?") with the choice's place (0 = first)."""
        if self._refuse_out_of_turn():
            return None
        choices = self._screen.choices
        if self._screen.answer_input is not AnswerInput.CHOICE:
            self.message.error("This question has no buttons to choose from: answer it above.")
            return None
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(choices):
            self.message.error(f"Press one of the {len(choices)} buttons.")
            return None
        return self._mark(choices[index])

    @guarded
    def answer_pass(self) -> Mark | None:
        """Answer a bidding question with "pass"."""
        if self._refuse_out_of_turn():
            return None
        if self._screen.answer_input is not AnswerInput.BID:
            self.message.error("Pass is an answer to bidding questions only.")
            return None
        return self._mark("pass")

    def _mark(self, text: str) -> Mark | None:
        with self._lock:
            return self._mark_now(text)

    def _mark_now(self, text: str) -> Mark | None:
        text = text.strip()
        if len(text) > MAX_ANSWER:
            self.message.error(f"That answer is too long: keep it under {MAX_ANSWER} characters.")
            return None
        item = self._item()
        work = self._work
        if work is not None and work.answered <= self._index:
            # The answer is still being worked out: a readable answer waits for it
            # (marked by the background work when it is done), never marked on part of it.
            try:
                spec_for(item).parse(item, text)
            except InvalidAnswerError as exc:
                self.message.error(f"{exc}\nTry again: this one does not count.")
                return None
            self._pending = text
            self._shown.set()  # an answer: the page is shown
            self._phase = "waiting"
            self.submit_button.disabled = True
            self.message.info(WAITING)
            self._keep_place(waiting=text)  # a reload meanwhile keeps the answer given
            return None
        mark = check_answer(item, text)
        if not mark.readable:
            self.message.error(mark.explanation + "\nTry again: this one does not count.")
            return None
        retry = not mark.right and not mark.playable  # a playable answer is told so at once
        if retry and self._try == 1 and self.second_try and allows_second_try(item):
            # A hint, not the answer: nothing of the mark's answer or explanation is shown.
            self._try = 2
            self.feedback.value = hint_html(item, text)
            self.message.info(f"Second try: {self._screen.instructions}")
            self._keep_place(first_try=text)
            return mark
        self._marks.append(mark)
        self._tries.append(self._try)
        saved = self._record(mark)
        self._keep_place()
        self._show_marked(mark, self._try, saved)
        return mark

    def _show_marked(self, mark: Mark, tries: int, saved: str = "") -> None:
        """Show the verdict on the question on screen (answered in ``tries``)."""
        item = self._item()
        self._phase = "marked"
        self._try = tries
        self.feedback.value = _mark_html(mark, item.rule_set, tries) + saved
        if isinstance(mark.detail, LegalSetExplanation):
            self.picker.mark(mark.detail.legal, "legal")
        if isinstance(mark.detail, TrickWinnerExplanation):  # now the winner may be framed
            self.trick_view.show_trick(mark.detail.trick, winner=mark.detail.winner)
        self.submit_button.disabled = True
        self.next_button.disabled = False
        last = self._index + 1 == len(self._items)
        self.next_button.description = "See your score" if last else "Next"
        self.message.info(self._press_next())

    def _press_next(self) -> str:
        """What to press once a question is marked, named as on the button."""
        label = self.next_button.description
        return f'Press "{label}".' if label != "Next" else 'Press "Next" for the next question.'

    def _what_now(self) -> str:
        """What the learner is to do now, as the message line said it when the question
        reached its state (said again after a note that replaces it)."""
        if self._phase == "asking":
            instructions = self._screen.instructions
            return f"Second try: {instructions}" if self._try == 2 else instructions
        if self._phase == "dealing":
            return "Your question is still being dealt: answer it when it shows."
        if self._phase == "waiting":
            return WAITING
        if self._phase == "marked":
            return self._press_next()
        return ""

    def _record(self, mark: Mark) -> str:
        """Save the attempt; an HTML note when that failed (the round goes on)."""
        before = len(self.progress.messages)
        try:
            self.progress.record_mark(
                mark, page=self.page, rule_set=self._item().rule_set.name, tries=self._try,
                set_id=self._set_id(),
            )  # fmt: skip
        except Exception as exc:  # the round must survive any storage problem
            self.progress.messages.append(f"Progress could not be saved: {exc}")
        if len(self.progress.messages) > before:
            # the progress says in plain words what became of the answer (kept on the
            # page until the database is free, or not kept): said once, not contradicted
            note = "Your answer was marked. " + self.progress.messages[-1]
            return f'<div class="pt-message pt-info pt-quiz-save-error">{escape(note)}</div>'
        return ""

    @guarded
    def next(self) -> None:
        """Show the next question, or the score after the last one."""
        with self._lock:
            self._next()

    def _next(self) -> None:
        if self._phase in ("asking", "dealing"):
            self.message.info(
                f'Answer this question first, then press "{self.next_button.description}".'
            )
            return
        if self._phase == "waiting":
            self.message.info(WAITING)
            return
        if self._phase == "done":
            self._say_round_over()
            return
        work = self._work
        ahead = self._index + 1
        if work is not None and len(work.items) <= ahead < len(self._items) and not work.finished:
            self._index = ahead  # not made yet: it shows when it is
            self.next_button.description = "Next"
            self._dealing()
            work.want = max(work.want, self._index + 2)
            self._changed.notify_all()
            self._keep_place()
            return
        if self._items.reaches(self._index + 1):
            self._index += 1
            self.next_button.description = "Next"
            self._show_item()
            self._keep_place()
            return
        self._finish()
        self._keep_place(over=True)

    def _score_html(self) -> str:
        """What the end of a round shows (the mastery set adds its verdict)."""
        return score_html(self._marks, self.rules, self._tries)

    def _done_message(self) -> str:
        """The status line at the end of a round."""
        return (
            f"Round complete: {self.right} of {len(self._marks)} right. "
            f"Press '{self.restart_button.description}' for fresh questions."
        )

    def _finish(self) -> None:
        self._phase = "done"
        self._progress("")
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

    @guarded
    def restart(self) -> None:
        """A new round of fresh questions (aimed at the weak rules found so far)."""
        with self._lock:
            if self._phase != "done":
                self.message.info("Finish this round first: the new round starts after the score.")
                return
            self._round += 1
            self.next_button.description = "Next"
            self._start_round()
