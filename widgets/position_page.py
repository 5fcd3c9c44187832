"""What a "find the play" page shows of a position, for the widgets that ask one: the
problem deals (:mod:`.problem_deal`) and the learner's own positions in the review
(:mod:`.own_positions`).

:class:`PositionPage` lays out a head line, the position (a counter, what the seat knows
in words, the question), the trick on the table, the hand, a row of choice buttons, the
status line, the feedback and a Next button, and draws a position from a seat's
:class:`~pinochle_tutor.view.PlayerView` (:meth:`PositionPage.show_position`); each
widget asks its own question and marks its own answers.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from pinochle_tutor.course.problems import describe_position
from pinochle_tutor.view import PlayerView, seat_name

from ._base import LiveHTML, Message, button, guard_client_values, style_widget
from .cards import CardsView
from .drawing import cards_html

__all__ = ["PositionPage"]


class PositionPage(widgets.VBox):
    """The parts of a page that asks about one position at a time. ``css`` names them
    (``<css>-prompt``, ``<css>-choices``, ``<css>-feedback``, ``<css>-next``), ``head``
    is the line above the position, ``widget_class`` the page's own CSS class and
    ``next_label``/``on_next`` the Next button's."""

    def __init__(
        self,
        *,
        css: str,
        head: widgets.HTML,
        widget_class: str,
        next_label: str,
        on_next: Callable[[], None],
    ) -> None:
        self.message = Message()
        self.prompt = widgets.HTML()
        self.prompt.add_class(f"{css}-prompt")
        self.trick_view = CardsView(size=54)
        self.hand_view = CardsView(size=54)
        self.choices = widgets.HBox()
        self.choices.add_class(f"{css}-choices")
        self.feedback = LiveHTML()
        self.feedback.add_class(f"{css}-feedback")
        self.next_button = button(next_label, f"{css}-next", on_next)
        super().__init__(
            [style_widget(), head, self.prompt, self.trick_view, self.hand_view,
             self.choices, self.message, self.feedback, self.next_button]
        )  # fmt: skip
        self.add_class("pt-widget")
        self.add_class(widget_class)
        guard_client_values(self, self.message)

    def show_position(self, view: PlayerView, counter: str, above: str, question: str) -> None:
        """Show ``view``: the ``counter`` line (text), ``above`` (HTML: a note on the rule
        set, or nothing), what the seat knows in words, the ``question`` (HTML), the trick
        so far with each seat's name, and the hand."""
        self.prompt.value = (
            f'<div class="pt-quiz-counter">{counter}</div>{above}'
            f'<p class="pt-quiz-question">{cards_html(describe_position(view))}</p>'
            f'<p class="pt-title">{question}</p>'
        )
        if view.trick:
            names = [seat_name(st, view.seat, view.rules) for st in view.trick_seats]
            self.trick_view.show_trick(view.trick, seats=names)
            self.trick_view.layout.display = ""
        else:
            self.trick_view.layout.display = "none"
        self.hand_view.show_hand(view.hand, label="Your hand")
        self.hand_view.layout.display = ""
