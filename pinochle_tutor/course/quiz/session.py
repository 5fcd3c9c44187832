"""A round of quiz questions being asked: the state machine and the background work.

The quiz page (:class:`pinochle_widgets.quiz_runner.QuizRunner`) draws a round; this
module runs it, as :mod:`pinochle_tutor.course.table.session` runs the game table:
which question is on screen and in which phase (dealing, asking, waiting, marked,
done), the second try, the marks and how many tries each took, the learner's place
kept with their progress (so a reload shows the same question in the same state),
each answer recorded once, and the background thread that makes the questions and
works out the answers that take seconds of simulated deals. The session says what
changed to its :class:`QuizView` (a page, or a test's recorder) and what the learner
is to do in plain words; it draws nothing.

Threads: the background work reports holding the session's ``lock``, and every act
of the learner takes it too, so a question and its answer appear in one piece; an
answer given before the work behind it is done waits for it and is marked then,
never on part of the work.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any, ClassVar, Protocol

from pinochle_tutor.classroom.places import Place, place_key
from pinochle_tutor.classroom.progress import Progress
from pinochle_tutor.course.quiz import bidding
from pinochle_tutor.course.quiz.answers import allows_second_try, answer_for, check_answer
from pinochle_tutor.course.quiz.generators import rules_words
from pinochle_tutor.course.quiz.items import QuizItem
from pinochle_tutor.course.quiz.kind import AnswerInput, Screen
from pinochle_tutor.course.quiz.kinds import KINDS, spec_for
from pinochle_tutor.course.quiz.marking import InvalidAnswerError, Mark
from pinochle_tutor.course.quiz.round import QuizRound
from pinochle_tutor.course.quiz.vocabulary import QuizKind
from pinochle_tutor.rules import RuleSet

_LOG = logging.getLogger(__name__)

__all__ = [
    "MAX_ANSWER",
    "SHOWN_WAIT",
    "WAITING",
    "QuizSession",
    "QuizView",
    "nothing_to_ask_text",
    "progress_text",
    "slow_kinds",
]

MAX_ANSWER = 200
"""Longer answers are refused unread (nobody types a 200-character answer)."""

WAITING = (
    "Your answer is in: it is marked as soon as the answer is worked out "
    "(the line above says how far that is)."
)
"""The status line while an answer waits for the work behind it."""

STILL_DEALING = "Your question is still being dealt: answer it when it shows."
"""The status line when the learner acts while the question is being made."""

SHOWN_WAIT = 30.0
"""Seconds the background work waits for the page to say it is shown before simulating
anyway (a safety net: a page that draws the runner says so at once)."""


def progress_text(done: int, most: int, dealing: bool = False) -> str:
    """The progress line of the work behind a question, in words: ``'Working out the
    answer: 600 of 2,400 deals'`` (``dealing``: the question itself is being chosen,
    as a generated bidding question's hand is, by its answer's simulation)."""
    what = "Choosing your question" if dealing else "Working out the answer"
    return f"{what}: {done:,} of {most:,} deals"


def slow_kinds(kind: QuizKind | str | None) -> bool:
    """Whether a round of ``kind`` (``None``: every kind) may ask a question slow to
    answer (a bidding question) or slow to make (a which-card question)."""
    try:
        kinds = list(QuizKind) if kind is None else [QuizKind.parse(kind)]
    except ValueError:  # the round refuses it, with its message
        return False
    return any(KINDS[k].slow_answer or KINDS[k].slow_to_make for k in kinds)


def nothing_to_ask_text(rules: RuleSet) -> str:
    """What a round says when no question of its kinds can occur under ``rules``."""
    return (
        f"No question of this kind can come up under the {rules_words(rules)}; "
        "ask your teacher to check the settings."
    )


class QuizView(Protocol):
    """What a page does when a :class:`QuizSession` changes: the session decides,
    the view draws. Every call comes with the session's lock held."""

    @property
    def restart_label(self) -> str:
        """The label of the button that starts a new round (named in what it says)."""
        ...

    def plan(self, seed: int) -> QuizRound:
        """The questions of a round (the mastery set and the review plan their own)."""
        ...

    def new_basis(self) -> dict[str, Any]:
        """What a new round is planned from besides its seed, kept with its place."""
        ...

    def answer_set_id(self) -> str:
        """The mastery set an answer of this round is kept with (``''``: none)."""
        ...

    def say(self, text: str, look: str = "info") -> None:
        """The status line: ``look`` is ``'info'``, ``'error'`` or ``'ok'``."""
        ...

    def report(self, where: str, exc: Exception) -> None:
        """A callback of the background work failed: say so (the round goes on)."""
        ...

    def show_bank_note(self, problems: bool) -> None:
        """Whether some of the teachers' questions could not be loaded."""
        ...

    def show_dealing(self) -> None:
        """The question on screen is being made: no input meanwhile."""
        ...

    def show_progress(self, text: str) -> None:
        """The progress line of the work behind the question (``''``: hide it)."""
        ...

    def show_question(self, item: QuizItem, number: int, total: int, screen: Screen) -> None:
        """Ask ``item``, question ``number`` of ``total``, on ``screen``."""
        ...

    def show_hint(self, item: QuizItem, first_try: str) -> None:
        """The hint after a first wrong answer ``first_try``."""
        ...

    def show_marked(self, item: QuizItem, mark: Mark, tries: int, saved: str) -> None:
        """The verdict on ``item`` (answered in ``tries``; ``saved``: a note on what
        became of the answer when it could not be kept at once, else ``''``)."""
        ...

    def hold_answer(self, held: bool) -> None:
        """An answer waits for the work behind it (``True``) or no longer does."""
        ...

    def show_done(self) -> None:
        """The round is over: the score."""
        ...

    def show_nothing(self) -> None:
        """No question of the kinds asked for can occur under the rules in force."""
        ...


class _Work:
    """The background work of one round (see :class:`QuizSession`'s ``background``):
    its questions made so far, how many of them have their answer worked out, how far
    it is asked to go, and the last progress its simulation reported. Read and changed
    under the session's lock."""

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


class QuizSession:
    """The rounds of one quiz page, asked under ``rules`` and recorded in ``progress``
    (on ``page``, each answer with the mastery set :meth:`QuizView.answer_set_id` names).
    ``seed`` is the seed of the first round (round ``n`` uses ``seed + 7919 n``);
    ``keeps_place`` keeps the learner's place under a key of the page (when the page is
    served); ``second_try`` gives a first wrong answer a hint and one more try;
    ``background`` makes each question and its answer in a background thread.

    Call :meth:`start` once the view can draw; then the learner's acts (:meth:`answer`,
    :meth:`next`, :meth:`restart`) each take the lock, check the phase and say why an
    act is refused."""

    _pages: ClassVar[dict[str, int]] = {}

    def __init__(
        self,
        view: QuizView,
        *,
        rules: RuleSet,
        progress: Progress,
        page: str,
        seed: int,
        keeps_place: bool = True,
        second_try: bool = True,
        background: bool = False,
    ) -> None:
        self.view = view
        self.rules = rules
        """The rules every question of every round is asked under."""
        self.progress = progress
        self.page = page
        """The page the quiz is on (kept with each answer; ``''`` outside Voila)."""
        self.seed = seed
        """The seed of this session's rounds."""
        self.place_key = place_key(page, QuizSession._on_page(page)) if keeps_place else ""
        """Where this round's place is kept with the learner's progress (``''``: not
        kept): see :mod:`pinochle_tutor.classroom.places`."""
        self.second_try = second_try
        """Whether a first wrong answer gets a hint and one more try."""
        self.background = background
        """Whether questions and answers are worked out in a background thread."""
        self.round = 0
        self.basis: dict[str, Any] = {}
        """What the round on screen was planned from besides its seed."""
        self.questions: QuizRound = QuizRound((), 0)
        """The questions of the round on screen."""
        self.marks: list[Mark] = []
        self.tries: list[int] = []
        """How many answers each marked question took (1, or 2 after a hint)."""
        self.try_ = 1
        """Which try the question on screen is on."""
        self.index = 0
        """The position of the question on screen (0-based)."""
        self.phase = "asking"
        """``asking``, ``marked``, ``done``; in the background also ``dealing`` and
        ``waiting`` (see :attr:`pinochle_widgets.quiz_runner.QuizRunner.phase`)."""
        self.screen = Screen(AnswerInput.TEXT, "")
        """How the question on screen is put (its input, instructions, cards)."""
        self.next_label = "Next"
        """The label of the button after a marked question ("See your score" after the last)."""
        self.asked = True
        """``False`` when the round had nothing to ask (no button starts another)."""
        self.preparing: threading.Thread | None = None
        self.lock = threading.RLock()
        self.changed = threading.Condition(self.lock)
        self.work: _Work | None = None
        """The background work of the round on screen (``None``: none)."""
        self.pending: str | None = None
        """An answer given before the work behind it was done: marked when it is."""
        self.shown = threading.Event()
        """Set when the page has drawn the round (or the learner answered): the work
        simulates only after it."""

    @classmethod
    def _on_page(cls, page: str) -> int:
        """How many rounds this kernel made on ``page`` before this one (their order on
        the page: the same on every load)."""
        n = cls._pages.get(page, 0)
        cls._pages[page] = n + 1
        return n

    # ----------------------------------------------------------------- state
    def item(self) -> QuizItem:
        """The question on screen."""
        work = self.work
        if work is not None and self.index < len(work.items):
            return work.items[self.index]  # never waits for the question being made
        return self.questions[self.index]

    def what_now(self) -> str:
        """What the learner is to do now, as the status line said it when the question
        reached its state (said again after a note that replaces it)."""
        if self.phase == "asking":
            instructions = self.screen.instructions
            return f"Second try: {instructions}" if self.try_ == 2 else instructions
        if self.phase == "dealing":
            return STILL_DEALING
        if self.phase == "waiting":
            return WAITING
        if self.phase == "marked":
            return self.press_next()
        return ""

    def press_next(self) -> str:
        """What to press once a question is marked, named as on the button."""
        label = self.next_label
        return f'Press "{label}".' if label != "Next" else 'Press "Next" for the next question.'

    def round_over(self) -> str:
        """A question's button pressed once the round is over: what to press, by the
        restart button's own label; where nothing could be asked, no button is named."""
        if not self.asked:
            return (
                "The round is over: this page has no question to ask now, so practise on "
                "the other pages."
            )
        return f"The round is over: press '{self.view.restart_label}' to practise more."

    def refused(self) -> str | None:
        """Why no answer is taken now (``None``: one is)."""
        if self.phase == "dealing":
            return STILL_DEALING
        if self.phase == "waiting":
            return WAITING
        if self.phase == "marked":
            return f"This question is marked. {self.press_next()}"
        if self.phase == "done":
            return self.round_over()
        return None

    # ------------------------------------------------------------ places
    def _place(self, first_try: str | None = None, waiting: str | None = None) -> Place:
        answers = tuple((m.answer, t) for m, t in zip(self.marks, self.tries, strict=True))
        return Place(
            self.seed, self.round, self.index, answers, first_try, dict(self.basis), waiting
        )

    def _keep_place(
        self, first_try: str | None = None, *, waiting: str | None = None, over: bool = False
    ) -> None:
        """Keep where the learner is (``waiting``: an answer given that waits for the
        work behind it; ``over``: forget it, the round is finished)."""
        if self.place_key:
            place = None if over else self._place(first_try, waiting)
            self.progress.keep_place(self.place_key, place)

    # -------------------------------------------------------------- flow
    def start(self) -> None:
        """The first round, brought back to the learner's kept place if there is one."""
        self._start_round(self.progress.place(self.place_key))

    def _start_round(self, place: Place | None = None) -> None:
        """A new round; with a kept ``place``, that round again, brought back to where
        the learner was (the marked answers are marked again, never recorded twice)."""
        if place is not None:
            self.seed, self.round, self.basis = place.seed, place.round, dict(place.basis)
        else:
            self.basis = self.view.new_basis()
        seed = self.seed + 7919 * self.round
        self.questions = self.view.plan(seed)
        self.marks = []
        self.tries = []
        self.index = 0
        if self.background and self._start_work(place):
            return
        self.work = None
        asked = self.questions.reaches(0)
        self.view.show_bank_note(bool(self.questions.bank_problems))
        if not asked:
            self._nothing_to_ask()
            return
        if place is not None and self._restore(place):
            return
        self._show_item()
        self._keep_place()

    def _nothing_to_ask(self) -> None:
        self.phase = "done"
        self.asked = False
        self.view.show_nothing()

    def _restore(self, place: Place) -> bool:
        """Bring the round to ``place``; ``False`` (nothing changed) when the round
        planned again does not reach it (say the banks changed since)."""
        if not self.questions.reaches(place.index):
            return False
        marks = [check_answer(self.questions[i], a) for i, (a, _) in enumerate(place.answers)]
        if not all(m.readable for m in marks):
            return False
        self.marks = marks
        self.tries = [t for _, t in place.answers]
        self.index = place.index
        self._show_item()
        if len(marks) > place.index:  # the question on screen was marked
            self._show_marked(marks[-1], self.tries[-1])
        elif place.first_try is not None:
            self.try_ = 2
            self.view.show_hint(self.item(), place.first_try)
            self.view.say(f"Second try: {self.screen.instructions}")
        elif place.waiting is not None:  # waits again, or is marked now if the work is done
            self._mark_now(place.waiting)
        return True

    def _show_item(self) -> None:
        item = self.item()
        self.phase = "asking"
        self.try_ = 1
        screen = spec_for(item).screen(item)
        self.screen = screen
        self.view.show_question(item, self.index + 1, len(self.questions), screen)
        self.view.say(screen.instructions)
        work = self.work
        if work is None:
            self.preparing = self.questions.prepare(self.index)
            return
        with self.changed:  # the answer on screen, then the next question, in the background
            work.want = max(work.want, self.index + 2)
            self.changed.notify_all()
            k, done, most = work.done_of
            if work.answered > self.index or not spec_for(item).slow_answer:
                self.view.show_progress("")
            elif k == self.index:
                self.view.show_progress(progress_text(done, most))
            else:
                self.view.show_progress(progress_text(0, bidding.deal_cap(item.rule_set)))

    def _dealing(self) -> None:
        """The question on screen is being made."""
        self.phase = "dealing"
        self.view.show_dealing()
        self.view.show_progress(f"Dealing question {self.index + 1} of {len(self.questions)} ...")
        self.view.say("Your question is being dealt; the line above says how far that is.")

    # ------------------------------------------------------- background work
    def _start_work(self, place: Place | None) -> bool:
        """Make the round's questions and work out their answers in a background thread,
        the page showing "Dealing the question" meanwhile; ``False`` where no thread can
        start (nothing changed: the questions are then made when they are asked)."""
        work = _Work(self.questions, (0 if place is None else place.index) + 1, place)
        thread = threading.Thread(target=self._run_work, args=(work,), name="pt-quiz-work",
                                  daemon=True)  # fmt: skip
        with self.changed:  # the work is the session's before its thread reports anything
            old, self.work = self.work, work
            try:
                thread.start()
            except RuntimeError:  # no threads here ("can't start new thread")
                self.work = old
                return False
            if old is not None:
                old.cancelled = True
            self.pending = None
            self.index = 0 if place is None else place.index
            self._dealing()
            self.changed.notify_all()
        return True

    def _run_work(self, work: _Work) -> None:
        """The background thread of a round: each question in turn (up to ``work.want``,
        waiting for more to be asked) is made, then its answer worked out if that takes a
        while, the page told at each step."""
        k = 0
        try:
            with bidding.reporting(lambda done, most: self._reported(work, done, most)):
                while True:
                    with self.changed:
                        while not work.cancelled and k >= work.want:
                            self.changed.wait()
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
            with self.changed:
                work.finished = True
                self.changed.notify_all()

    def _current(self, work: _Work) -> bool:
        return self.work is work and not work.cancelled

    def _guarded(self, where: str, act: Callable[[], None]) -> None:
        """Run a report of the background work, any failure said by the view."""
        try:
            act()
        except Exception as exc:
            self.view.report(where, exc)

    def _reported(self, work: _Work, done: int, most: int) -> None:
        """The simulation's progress (called before its first deal, then about every ten
        deals): shown when it is the work behind the question on screen, a few dozen
        times in all. The first simulation waits for the page to be shown."""
        if not self.shown.is_set():
            self.shown.wait(SHOWN_WAIT)
        with self.lock:
            k, last_done, _ = work.done_of
            step = max(10, most // 48)
            if k == work.at and 0 < done < most and 0 <= done - last_done < step:
                return
            work.done_of = (work.at, done, most)
            if not self._current(work) or work.at != self.index:
                return
            if self.phase == "dealing":
                self.view.show_progress(progress_text(done, most, dealing=True))
            elif self.phase in ("asking", "waiting") and work.answered <= self.index:
                self.view.show_progress(progress_text(done, most))

    def _made(self, work: _Work, item: QuizItem) -> None:
        def show() -> None:
            work.items.append(item)
            self.changed.notify_all()
            if len(work.items) == 1:
                self.view.show_bank_note(bool(work.questions.bank_problems))
            if work.restoring is not None:
                self._bring_back(work)
            elif len(work.items) == self.index + 1 and self.phase == "dealing":
                self._show_item()

        with self.changed:
            if self._current(work):
                self._guarded("QuizSession.made", show)

    def _answered(self, work: _Work, count: int) -> None:
        def mark_waiting() -> None:
            work.answered = count
            if work.restoring is not None:
                self._bring_back(work)
            elif count == self.index + 1:  # the answer of the question on screen
                if self.phase in ("asking", "waiting"):
                    self.view.show_progress("")
                pending, self.pending = self.pending, None
                if pending is not None and self.phase == "waiting":
                    self.phase = "asking"
                    self.view.hold_answer(False)
                    self._mark_now(pending)

        with self.changed:
            if self._current(work):
                try:
                    self._guarded("QuizSession.answered", mark_waiting)
                finally:
                    self.changed.notify_all()

    def _from_the_first(self) -> None:
        self.index, self.marks, self.tries = 0, [], []
        self._show_item()
        self._keep_place()

    def _bring_back(self, work: _Work) -> None:
        """Bring the round back to its kept place once its questions are made and the
        answers marked there are worked out (if the round no longer reaches it, start
        it from its first question)."""
        place = work.restoring
        if place is None or len(work.items) <= place.index or work.answered < len(place.answers):
            return
        work.restoring = None
        if not self._restore(place):
            self._from_the_first()

    def _work_stopped(self, work: _Work, k: int, failed: Exception | None) -> None:
        """The round has no question ``k`` (``failed``: making it failed)."""

        def stop() -> None:
            if work.restoring is not None:  # the round no longer reaches the kept place
                work.restoring = None
                if work.items:
                    self._from_the_first()
                    return
            if self.phase != "dealing" or k != self.index:
                return
            if failed is not None:
                self.view.show_progress("")
                raise failed
            if k == 0:
                self._nothing_to_ask()
            else:
                self._finish()

        with self.changed:
            if self._current(work):
                self._guarded("QuizSession.work_stopped", stop)

    def stop(self) -> None:
        """Stop the background work (at the next question): the page is closed."""
        with self.changed:
            if self.work is not None:
                self.work.cancelled = True
                self.changed.notify_all()

    def wait_for_question(self, timeout: float | None = None) -> bool:
        """Wait until the question on screen is made; ``False`` if it is still being
        made after ``timeout``."""
        work = self.work
        if work is None:
            return True
        with self.changed:
            return self.changed.wait_for(
                lambda: self.phase != "dealing" or work.finished or not self._current(work),
                timeout,
            )

    def wait_until_prepared(self, timeout: float | None = None) -> bool:
        """Wait for the background work on this question's answer and the next question;
        ``False`` if it is still going after ``timeout``."""
        work = self.work
        if work is not None:
            with self.changed:
                return self.changed.wait_for(
                    lambda: work.finished or work.answered >= work.want, timeout
                )
        if self.preparing is not None:
            self.preparing.join(timeout)
            return not self.preparing.is_alive()
        return True

    # --------------------------------------------------------------- acts
    def answer(self, text: str) -> Mark | None:
        """Mark ``text``, the answer to the question on screen (the phase checked by
        the caller, :meth:`refused`). Returns the mark, ``None`` when it was not taken
        (too long, unreadable, or waiting for the work behind it)."""
        with self.lock:
            return self._mark_now(text)

    def _mark_now(self, text: str) -> Mark | None:
        text = text.strip()
        if len(text) > MAX_ANSWER:
            self.view.say(
                f"That answer is too long: keep it under {MAX_ANSWER} characters.", "error"
            )
            return None
        item = self.item()
        work = self.work
        if work is not None and work.answered <= self.index:
            # The answer is still being worked out: a readable answer waits for it
            # (marked by the background work when it is done), never marked on part of it.
            try:
                spec_for(item).parse(item, text)
            except InvalidAnswerError as exc:
                self.view.say(f"{exc}\nTry again: this one does not count.", "error")
                return None
            self.pending = text
            self.shown.set()  # an answer: the page is shown
            self.phase = "waiting"
            self.view.hold_answer(True)
            self.view.say(WAITING)
            self._keep_place(waiting=text)  # a reload meanwhile keeps the answer given
            return None
        mark = check_answer(item, text)
        if not mark.readable:
            self.view.say(mark.explanation + "\nTry again: this one does not count.", "error")
            return None
        retry = not mark.right and not mark.playable  # a playable answer is told so at once
        if retry and self.try_ == 1 and self.second_try and allows_second_try(item):
            # A hint, not the answer: nothing of the mark's answer or explanation is shown.
            self.try_ = 2
            self.view.show_hint(item, text)
            self.view.say(f"Second try: {self.screen.instructions}")
            self._keep_place(first_try=text)
            return mark
        self.marks.append(mark)
        self.tries.append(self.try_)
        saved = self._record(mark)
        self._keep_place()
        self._show_marked(mark, self.try_, saved)
        return mark

    def _show_marked(self, mark: Mark, tries: int, saved: str = "") -> None:
        """Show the verdict on the question on screen (answered in ``tries``)."""
        self.phase = "marked"
        self.try_ = tries
        last = self.index + 1 == len(self.questions)
        self.next_label = "See your score" if last else "Next"
        self.view.show_marked(self.item(), mark, tries, saved)
        self.view.say(self.press_next())

    def _record(self, mark: Mark) -> str:
        """Save the attempt; a note when that failed (the round goes on)."""
        before = len(self.progress.messages)
        try:
            self.progress.record_mark(
                mark, page=self.page, rule_set=self.item().rule_set.name, tries=self.try_,
                set_id=self.view.answer_set_id(),
            )  # fmt: skip
        except Exception as exc:  # the round must survive any storage problem
            self.progress.messages.append(f"Progress could not be saved: {exc}")
        if len(self.progress.messages) > before:
            # the progress says in plain words what became of the answer (kept on the
            # page until the database is free, or not kept): said once, not contradicted
            return "Your answer was marked. " + self.progress.messages[-1]
        return ""

    def next(self) -> None:
        """The next question, or the score after the last one."""
        with self.lock:
            self._next()

    def _next(self) -> None:
        if self.phase in ("asking", "dealing"):
            self.view.say(f'Answer this question first, then press "{self.next_label}".')
            return
        if self.phase == "waiting":
            self.view.say(WAITING)
            return
        if self.phase == "done":
            self.view.say(self.round_over())
            return
        work = self.work
        ahead = self.index + 1
        if (
            work is not None
            and len(work.items) <= ahead < len(self.questions)
            and not work.finished
        ):
            self.index = ahead  # not made yet: it shows when it is
            self.next_label = "Next"
            self._dealing()
            work.want = max(work.want, self.index + 2)
            self.changed.notify_all()
            self._keep_place()
            return
        if self.questions.reaches(self.index + 1):
            self.index += 1
            self.next_label = "Next"
            self._show_item()
            self._keep_place()
            return
        self._finish()

    def _finish(self) -> None:
        self.phase = "done"
        self.view.show_progress("")
        self.view.show_done()
        self._keep_place(over=True)

    def restart(self) -> None:
        """A new round of fresh questions, once the round on screen is over."""
        with self.lock:
            if self.phase != "done":
                self.view.say("Finish this round first: the new round starts after the score.")
                return
            self.round += 1
            self.next_label = "Next"
            self._start_round()
