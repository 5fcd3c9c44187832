"""A worked example stepped through with **Back** / **Next step**, and a check for
understanding: the lesson widgets of :mod:`pinochle_tutor.course.worked`.

    from pinochle_widgets import UnderstandingCheck, WorkedStepper, worked
    WorkedStepper(worked.meld_example("QS KS JD AS AH AD AC QH QD QC JC 10C", "C", R))
    UnderstandingCheck(worked.meld_check("QS KS JD AS AH AD AC QH QD QC JC 10C", "C", R))

The step shown is kept in Python (``WorkedStepper.index``), never in synced state: the
page only ever sends "this button was clicked", and a click past either end (a stale
or replayed message) changes nothing. The check's choices are buttons; Python judges
the button by its position in the question it keeps itself.
"""

from __future__ import annotations

import html
import logging
import re

import ipywidgets as w

from pinochle_tutor.classroom.identity import page_from_environment
from pinochle_tutor.classroom.progress import Progress
from pinochle_tutor.course.worked import (
    COMMENT_SAMPLES,
    CheckQuestion,
    GuidedHand,
    WorkedExample,
    WorkedStep,
    auction_example,
    call_check,
    coach_comment,
    concede_example,
    counters_check,
    deck_example,
    declarer_plan_example,
    defence_example,
    defence_guided_hand,
    exchange_example,
    feed_check,
    fresh_feed_check,
    game_end_check,
    game_end_example,
    guided_hand,
    learner_turns,
    legal_check,
    meld_check,
    meld_example,
    partner_call_example,
    partner_call_rules,
    plan_guided_hand,
    score_check,
    scoring_example,
    strategy_check,
    trick_example,
    trump_check,
    versions_example,
)

from ._base import Message, card_spans, guard_client_values, guarded, style_widget
from .cards import CardsView, HandPicker
from .tables import Table

__all__ = [
    "GuidedHandStepper",
    "UnderstandingCheck",
    "WorkedStepper",
    "auction_example",
    "call_check",
    "concede_example",
    "counters_check",
    "deck_example",
    "declarer_plan_example",
    "defence_example",
    "defence_guided_hand",
    "exchange_example",
    "feed_check",
    "fresh_feed_check",
    "game_end_check",
    "game_end_example",
    "guided_hand",
    "legal_check",
    "meld_check",
    "meld_example",
    "partner_call_example",
    "partner_call_rules",
    "plan_guided_hand",
    "score_check",
    "scoring_example",
    "step_html",
    "strategy_check",
    "trick_example",
    "trump_check",
    "versions_example",
]
"""The widgets, and the lessons' worked examples and checks
(:mod:`pinochle_tutor.course.worked`), so a lesson needs only this module."""

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def step_html(text: str) -> str:
    """A step's Markdown sentence (only ``**bold**`` is used) as safe HTML."""
    return _BOLD.sub(r"<b>\1</b>", html.escape(text))


def step_table_html(step: WorkedStep) -> str:
    """A step's table (:attr:`WorkedStep.table`, its first row the columns) as a safe
    HTML table; empty for a step without one. It scrolls sideways on a narrow screen
    (``table.pt-breakdown``)."""
    if not step.table:
        return ""
    head, *rows = step.table
    table = Table([dict(zip(head, row, strict=True)) for row in rows])
    return table.to_html(index=False, classes="pt-breakdown pt-worked-table", border=0)


class WorkedStepper(w.VBox):
    """A :class:`~pinochle_tutor.course.worked.WorkedExample` one step at a time: the
    step's cards as pictures, its sentence, and Back / Next step buttons.

    CSS hooks: ``pt-worked``, ``pt-worked-text``, ``pt-worked-count``."""

    def __init__(
        self,
        example: WorkedExample,
        extra: tuple[w.Widget, ...] = (),
        message: Message | None = None,
    ) -> None:
        """``extra``: widgets shown below the cards (a subclass's hand to pick from);
        ``message``: the stepper's message line, when ``extra`` was made to report in it
        (made here otherwise)."""
        if not example.steps:
            raise ValueError(f"the worked example {example.title!r} has no steps")
        self.example = example
        self.index = 0
        self.message = Message() if message is None else message
        title = w.HTML(f'<p class="pt-title">Worked example: {html.escape(example.title)}</p>')
        self.view = CardsView(size=56)
        self.text = w.HTML()
        self.text.add_class("pt-worked-text")
        self.count = w.HTML()
        self.count.add_class("pt-worked-count")
        self.back = w.Button(description="Back", icon="arrow-left", tooltip="The step before")
        self.next = w.Button(
            description="Next step", icon="arrow-right", button_style="primary",
            tooltip="The next step",
        )  # fmt: skip
        self.back.add_class("pt-worked-back")
        self.next.add_class("pt-worked-next")
        self.back.on_click(lambda _: self._step(-1))
        self.next.on_click(lambda _: self._step(+1))
        self._at_end_said = False
        """Whether the message line says the example has no step that way."""
        buttons = w.HBox([self.back, self.next, self.count])
        super().__init__(
            [style_widget(), title, self.view, *extra, self.text, buttons, self.message]
        )
        self.add_class("pt-widget")
        self.add_class("pt-worked")
        guard_client_values(self, self.message)
        self._show()

    @property
    def step(self) -> WorkedStep:
        """The step shown."""
        return self.example.steps[self.index]

    @guarded
    def _step(self, by: int) -> None:
        """Back (``-1``) or Next step (``+1``) pressed. At either end the button is
        disabled, but a client can press it anyway: it then says where the learner is
        and what to press, and the words go once a step is shown."""
        if self.go(self.index + by):
            if self._at_end_said:
                self._at_end_said = False
                self.message.clear()
            return
        n = len(self.example.steps)
        self.message.info(
            f'This is the first step of {n}: press "Next step" to go on.'
            if by < 0
            else f'This is the last step of {n}: press "Back" to see the steps before.'
        )
        self._at_end_said = True

    @guarded
    def go(self, index: object) -> bool:
        """Show step ``index`` (from 0); anything else changes nothing and returns False."""
        if self.example.step(index) is None:
            return False
        assert isinstance(index, int)
        self.index = index
        self._show()
        return True

    def _show(self) -> None:
        s = self.step
        if s.trick:
            self.view.show_trick(s.cards, list(s.seats), s.winner)
        else:
            self.view.show_hand(s.cards, label=s.label)
        self.view.layout.display = None if s.cards else "none"
        self.text.value = f"<p>{step_html(s.text)}</p>{step_table_html(s)}"
        n = len(self.example.steps)
        self.count.value = f"<span>Step {self.index + 1} of {n}</span>"
        self.back.disabled = self.index == 0
        self.next.disabled = self.index == n - 1


class UnderstandingCheck(w.VBox):
    """A :class:`~pinochle_tutor.course.worked.CheckQuestion` as buttons: click an
    answer; the engine's answer is judged and a wrong one explained. Any number of
    tries until the right one; then the check locks (its verdict stays).

    CSS hooks: ``pt-understanding``, ``pt-check-choice``."""

    def __init__(self, question: CheckQuestion, *, progress: Progress | None = None) -> None:
        self.question = question
        self.message = Message()
        self.tries = 0
        self.page = page_from_environment()
        """The page the check is on; on a served page the answer is kept in the
        learner's progress (kind ``check``), so the teacher sees lesson checks too."""
        self._progress = progress
        self.answered = False
        """Whether the check has been answered right (then its buttons are locked)."""
        self._verdict = ""
        """What the right answer was told (shown again if a locked button is pressed)."""
        cards = f'<p class="pt-cards">{card_spans(question.cards)}</p>' if question.cards else ""
        head = w.HTML(
            '<p class="pt-title">Check your understanding</p>'
            f"<p>{step_html(question.question)}</p>{cards}"
        )
        self.buttons = tuple(w.Button(description=c, tooltip=c) for c in question.choices)
        for i, b in enumerate(self.buttons):
            b.add_class("pt-check-choice")
            b.on_click(lambda _, i=i: self.choose(i))
        super().__init__([style_widget(), head, w.HBox(list(self.buttons)), self.message])
        self.add_class("pt-widget")
        self.add_class("pt-understanding")
        guard_client_values(self, self.message)

    @guarded
    def choose(self, index: object) -> bool | None:
        """Answer with choice ``index``; True when right, None for no such choice or
        once the check is answered right (it locks: the verdict stays as it was)."""
        if isinstance(index, bool) or not isinstance(index, int):
            return None
        if not 0 <= index < len(self.question.choices):
            return None
        if self.answered:
            # Its buttons are disabled once it is answered right, but a client can press
            # one: the verdict it keeps is said again, unchanged.
            self.message.ok(self._verdict)
            return None
        self.tries += 1
        right, why = self.question.judge(self.question.choices[index])
        (self.message.ok if right else self.message.error)(
            ("Right. " if right else "Not quite. ") + why
        )
        if right:
            self.answered = True
            self._verdict = f"Right. {why}"
            for i, b in enumerate(self.buttons):
                b.disabled = True
                if i == index:
                    b.add_class("pt-check-right")
            self._record(self.question.choices[index])
        return right

    def _record(self, answer: str) -> None:
        """Keep the check, answered right after :attr:`tries` answers, in the learner's
        progress (a served page only; a failure to save never disturbs the page)."""
        if not self.page and self._progress is None:
            return
        try:
            progress = self._progress if self._progress is not None else Progress.load()
            progress.record(
                f"check:{self.page}", "check", (), answer, True,
                page=self.page, tries=self.tries,
            )  # fmt: skip
        except Exception:  # the check itself must not fail for its record
            logging.getLogger(__name__).exception("a lesson check could not be recorded")


class GuidedHandStepper(WorkedStepper):
    """The guided hand (:func:`~pinochle_tutor.course.worked.guided_hand`): at each
    trick where you play, the trick so far and your hand, and at a tip's decision the
    tip's question; pick the card you would play and the tutor says whether it is legal
    and what the coach thinks of it, then shows the whole trick and the tip. **Next
    step** skips ahead at any time.

    The view and the card played at each of your turns stay in Python; the page only
    sends "this card button was clicked"."""

    def __init__(self, guided: GuidedHand, *, samples: int = COMMENT_SAMPLES) -> None:
        self.guided = guided
        self.samples = samples
        self._turns = learner_turns(guided)
        self._answered: set[int] = set()
        # The hand reports in the stepper's message line from the start: a picker made
        # with a line of its own is guarded there, and would show a second line.
        message = Message()
        self.picker = HandPicker(
            mode="one", message=message, label="Your hand: pick the card you would play"
        )
        self.picker.add_class("pt-guided-picker")
        super().__init__(guided.example, (self.picker,), message)
        self.picker.on_pick(self._picked)
        self._show()

    def _show(self) -> None:
        turn = self._turns.get(self.index)
        if turn is None or self.index in self._answered:
            super()._show()
            self.picker.layout.display = "none"
            return
        super()._show()
        view, _ = turn
        seats = [self.step.seats[i] for i in range(len(view.trick))]
        self.view.show_trick(view.trick, seats, None, empty_slots=1)
        self.view.layout.display = None
        decision = self.guided.decisions.get(self.index)
        ask = f" {html.escape(decision.question)}" if decision is not None else ""
        self.text.value = (
            f"<p>Trick {self.step.numbers[0]}: your turn.{ask} Pick the card you would play "
            '(or press "Next step" to see the card played).</p>'
        )
        self.picker.set_hand(view.hand)
        self.picker.layout.display = None
        self.message.clear()

    @guarded
    def _picked(self, card: object) -> None:
        turn = self._turns.get(self.index)
        if turn is None or self.index in self._answered:
            return
        view, played = turn
        if self.guided.comment is not None:
            legal, text = self.guided.comment(view, card, played)  # type: ignore[arg-type]
        else:
            legal, text = coach_comment(view, card, played, samples=self.samples)  # type: ignore[arg-type]
        if not legal:
            self.message.error(text)
            self.picker.clear_selection()
            return
        self._answered.add(self.index)
        self._show()
        self.message.ok(text)
