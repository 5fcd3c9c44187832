"""TrickChecker: which cards may I play to this trick, and why?

One line in a lesson::

    from pinochle_widgets.trick_checker import TrickChecker
    TrickChecker(seed=3)                          # every rule case in turn
    TrickChecker(seed=3, case="must_overtrump")   # drill one case

It shows trump, the cards already in the trick (who played each, who is
winning) and the learner's hand. Clicking a card says whether it may be played,
with the tutor's reason (:func:`pinochle_tutor.explain.explain_play`), and
highlights the cards that prove it. "Show legal cards" marks the whole legal set,
grouped by rule (:func:`~pinochle_tutor.explain.explain_legal`); "Next" deals a
new position from :mod:`pinochle_tutor.course.positions`, so every rule case comes up.
"""

from __future__ import annotations

from collections.abc import Iterator
from html import escape
from typing import Any

import ipywidgets as widgets

from pinochle_tutor import RuleSet, parse_card
from pinochle_tutor.cards import CardLike
from pinochle_tutor.course.positions import Position, TrickCase, position_stream
from pinochle_tutor.explain import LegalSetExplanation, PlayExplanation, explain_legal, explain_play
from pinochle_tutor.names import find_named

from ._base import Message, button, coerce_rules, guard_client_values, guarded, style_widget
from .cards import CardsView, HandPicker

__all__ = ["TrickChecker", "coerce_case"]


def coerce_case(case: TrickCase | str | int | None) -> TrickCase | None:
    """A :class:`TrickCase` from the case, its name (``"must_overtrump"``,
    ``"must over-trump"``, any case) or its number; ``None`` stays ``None``."""
    if case is None or isinstance(case, TrickCase):
        return case
    if isinstance(case, int) and not isinstance(case, bool):
        return TrickCase(case)
    found = find_named(case, [pair for c in TrickCase for pair in ((c.name, c), (c.label, c))])
    if found is not None:
        return found
    names = ", ".join(c.name.lower() for c in TrickCase)
    raise ValueError(f"{case!r} is not a trick case: choose one of {names}")


class TrickChecker(widgets.VBox):
    """Practise the trick rules on generated positions.

    ``seed`` makes the positions reproducible; ``rules`` is ``"classic"``,
    ``"double_deck"``, ``"three_handed"`` or a :class:`~pinochle_tutor.RuleSet`;
    ``case`` drills one :class:`~pinochle_tutor.course.positions.TrickCase` (every case
    in turn when ``None``).

    CSS hooks: ``pt-trick-checker``, ``pt-trump-line``, ``pt-trick-view``,
    ``pt-trick-text``, ``pt-hand-picker`` (its cards ``pt-card-button``),
    ``pt-show-legal``, ``pt-next``; the message area is ``pt-message-area``."""

    def __init__(
        self,
        seed: int | None = None,
        rules: RuleSet | str = "classic",
        case: TrickCase | str | None = None,
        *,
        four_color: bool = False,
    ) -> None:
        self.rules = coerce_rules(rules)
        chosen = coerce_case(case)
        self._stream: Iterator[Position] = position_stream(
            seed, self.rules, None if chosen is None else [chosen]
        )
        self.message = Message()
        self.trump_line = widgets.HTML()
        self.trump_line.add_class("pt-trump-line")
        self.trick_view = CardsView(four_color=four_color)
        self.trick_view.add_class("pt-trick-view")
        self.trick_text = widgets.HTML()
        self.trick_text.add_class("pt-trick-text")
        self.picker = HandPicker(
            mode="one", four_color=four_color, message=self.message, label="Your hand: click a card"
        )
        self.picker.on_pick(self._picked)
        self.legal_button = button("Show legal cards", "pt-show-legal", self.show_legal)
        self.next_button = button("Next", "pt-next", self.next_position, "primary")
        title = widgets.HTML("<b>Which cards may you play?</b>")
        title.add_class("pt-title")
        super().__init__(
            children=[
                style_widget(),
                title,
                self.trump_line,
                self.trick_view,
                self.trick_text,
                self.picker,
                widgets.HBox([self.legal_button, self.next_button]),
                self.message,
            ]
        )
        self.add_class("pt-widget")
        if hasattr(self, "message"):
            guard_client_values(self, self.message)
        self.add_class("pt-trick-checker")
        if four_color:
            self.add_class("pt-four-color")
        self._position: Position | None = None
        self.next_position()

    @property
    def position(self) -> Position:
        """The position shown."""
        assert self._position is not None
        return self._position

    # ---------------------------------------------------------------- drawing
    def _draw_trick(self, marks: dict[Any, str] | None = None) -> None:
        p = self.position
        seats = [*p.seat_names(), "You"]
        self.trick_view.show_trick(p.trick, seats, p.winner, marks, empty_slots=1)

    def _show(self, position: Position) -> None:
        self._position = position
        t = position.trump
        self.trump_line.value = (
            f'<span class="pt-trump-symbol pt-cardtext pt-suit-{t.plural}">{t.symbol}</span> '
            f"<b>{escape(t.plural.capitalize())} are trump.</b>"
        )
        self._draw_trick()
        self.trick_text.value = escape(position.describe(), quote=False)
        self.picker.set_hand(position.hand)
        self.message.info("Click the card you would play (Tab to a card, then Enter or Space).")

    # ---------------------------------------------------------------- actions
    @guarded
    def next_position(self) -> None:
        """Deal the next position."""
        self._show(next(self._stream))

    @guarded
    def _picked(self, card: Any) -> None:
        self.try_card(card)

    @guarded
    def try_card(self, card: CardLike) -> PlayExplanation | None:
        """Say whether ``card`` may be played here and why, highlighting the cards
        that prove it. A card that is not in the hand gets a message, not an error."""
        p = self.position
        c = parse_card(card)
        explanation = explain_play(p.hand, p.trick, p.trump, c, self.rules)
        proof = [x for x in explanation.cards if x != c]
        self.picker.clear_marks()
        if c in p.hand:
            self.picker.mark([x for x in proof if x in p.hand], "proof")
            self.picker.mark([c], "legal" if explanation.legal else "illegal")
        self._draw_trick({x: "proof" for x in proof if x in p.trick})
        if explanation.legal:
            self.message.ok(f"✓ {c.text} is legal. {explanation.text}")
        else:
            self.message.error(f"✗ {c.text} may not be played. {explanation.text}")
        return explanation

    @guarded
    def show_legal(self) -> LegalSetExplanation:
        """Mark every legal card (and the forbidden ones), with the reason per rule."""
        p = self.position
        legal = explain_legal(p.hand, p.trick, p.trump, self.rules)
        self.picker.clear_selection()
        self.picker.clear_marks()
        self.picker.mark(legal.legal, "legal")
        self.picker.mark(legal.illegal, "illegal")
        self._draw_trick()
        lines = legal.text.split("\n")
        lines.append(f"(This position: {p.case.label}.)")
        self.message.info("\n".join(lines))
        return legal
