"""MeldCounter: count the meld of a hand, then let the tutor check it.

One line in a lesson::

    from pinochle_widgets.meld_counter import MeldCounter
    MeldCounter(seed=7)                       # a random (seeded) hand
    MeldCounter("AH 10H KH QH JH KH QH", trump="H")

The learner picks trump, types a total, may tick the meld lines they see, and
presses "Check": right or wrong, the full breakdown (a table of meld, cards and
points, the cards highlighted in the hand) and the tutor's diagnosis
(:func:`pinochle_tutor.explain.diagnose_meld`). "New hand" deals another hand
from the same seeded generator.

The answer is never in synced state before "Check": it is computed in Python
on demand (:meth:`MeldCounter._answer`) and only its rendering is sent, after
the press.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import ipywidgets as widgets

from pinochle_tutor import Card, MeldKind, RuleSet, Suit, deal, meld, parse_cards, parse_suit
from pinochle_tutor.cards import CardLike, SuitLike, sort_hand
from pinochle_tutor.explain import (
    InvalidClaimError,
    MeldDiagnosis,
    MeldExplanation,
    diagnose_meld,
    explain_meld,
)
from pinochle_tutor.words import multiple_name

from ._base import (
    Message,
    button,
    coerce_rules,
    guard_client_values,
    guarded,
    style_widget,
)
from .cards import CardsView
from .meld_text import breakdown_frame, breakdown_html, diagnosis_html, parse_total

__all__ = ["MeldCounter", "breakdown_frame", "breakdown_html", "diagnosis_html", "parse_total"]

_SET_KINDS = (
    MeldKind.RUN,
    MeldKind.ACES_AROUND,
    MeldKind.KINGS_AROUND,
    MeldKind.QUEENS_AROUND,
    MeldKind.JACKS_AROUND,
    MeldKind.PINOCHLE,
)


class MeldCounter(widgets.VBox):
    """Count a hand's meld and have it checked.

    ``hand``: cards or card text (a random hand from ``seed`` when ``None``);
    ``trump``: the suit preselected (the hand's longest suit when ``None``);
    ``rules``: ``"classic"``, ``"double_deck"``, ``"three_handed"`` or a
    :class:`~pinochle_tutor.RuleSet`.

    CSS hooks: ``pt-meld-counter``, ``pt-trump``, ``pt-total``, ``pt-claims``,
    ``pt-check``, ``pt-new-hand``, ``pt-breakdown``; the message area is ``pt-message-area``."""

    def __init__(
        self,
        hand: Iterable[CardLike] | str | None = None,
        trump: SuitLike | None = None,
        seed: int | None = None,
        rules: RuleSet | str = "classic",
        *,
        four_color: bool = False,
    ) -> None:
        self.rules = coerce_rules(rules)
        self._rng = random.Random(seed)
        self.message = Message()
        self.hand_view = CardsView(four_color=four_color)
        self.trump_picker = widgets.Dropdown(
            options=[(f"{s.symbol} {s.plural}", s) for s in Suit], description="Trump:"
        )
        self.trump_picker.add_class("pt-trump")
        self.total_input = widgets.Text(
            placeholder="e.g. 120", description="Your total:", continuous_update=False
        )
        self.total_input.add_class("pt-total")
        self._set_boxes: dict[tuple[MeldKind, int], widgets.Checkbox] = {}
        self._counts: dict[MeldKind, widgets.Dropdown] = {}
        claims = self._build_claims()
        self.check_button = button("Check", "pt-check", self.check, "primary")
        self.new_button = button("New hand", "pt-new-hand", self.new_hand)
        self.breakdown = widgets.HTML()
        self.breakdown.add_class("pt-breakdown-view")
        title = widgets.HTML("<b>Count the meld</b>")
        title.add_class("pt-title")
        super().__init__(
            children=[
                style_widget(),
                title,
                self.hand_view,
                widgets.HBox([self.trump_picker, self.total_input]),
                claims,
                widgets.HBox([self.check_button, self.new_button]),
                self.message,
                self.breakdown,
            ]
        )
        self.add_class("pt-widget")
        if hasattr(self, "message"):
            guard_client_values(self, self.message)
        self.add_class("pt-meld-counter")
        if four_color:
            self.add_class("pt-four-color")
        self.trump_picker.observe(self._trump_changed, names="value")
        cards = self._deal() if hand is None else parse_cards(hand)
        self._show(cards, None if trump is None else parse_suit(trump))

    # -------------------------------------------------------------- building
    def _build_claims(self) -> widgets.Widget:
        """Checkboxes for the set melds (single, double, ...) and counts for the
        marriages and dix: the lines the learner says they see."""
        t = self.rules.meld_table
        rows: list[widgets.Widget] = []
        for kind in _SET_KINDS:
            depth = min(len(getattr(t, kind.name.lower())), self.rules.copies)
            boxes = []
            for m in range(1, depth + 1):
                box = widgets.Checkbox(
                    description=multiple_name(m, kind.value),
                    indent=False,
                    layout=widgets.Layout(width="auto", margin="0 12px 0 0"),
                )
                box.add_class("pt-claim")
                self._set_boxes[(kind, m)] = box
                boxes.append(box)
            rows.append(widgets.HBox(boxes))
        counted = [
            (MeldKind.ROYAL_MARRIAGE, "royal marriages", self.rules.copies),
            (MeldKind.MARRIAGE, "other marriages", 3 * self.rules.copies),
        ]
        if t.dix and self.rules.has_nines:
            counted.append((MeldKind.DIX, "dix", self.rules.copies))
        drops = []
        for kind, label, most in counted:
            drop = widgets.Dropdown(
                options=list(range(most + 1)),
                value=0,
                description=label + ":",
                style={"description_width": "initial"},
                layout=widgets.Layout(width="auto", margin="0 12px 0 0"),
            )
            drop.add_class("pt-claim-count")
            self._counts[kind] = drop
            drops.append(drop)
        rows.append(widgets.HBox(drops))
        help_text = widgets.HTML(
            "Optional: tick the meld lines you see, so the tutor can point at the exact mistake."
        )
        box = widgets.VBox([help_text, *rows])
        accordion = widgets.Accordion(children=[box], titles=("Your meld lines (optional)",))
        accordion.selected_index = None
        accordion.add_class("pt-claims")
        return accordion

    # ------------------------------------------------------------------ state
    @property
    def hand(self) -> tuple[Card, ...]:
        """The hand being counted."""
        return self._hand

    @property
    def trump(self) -> Suit:
        """The trump suit chosen."""
        value = self.trump_picker.value
        return value if isinstance(value, Suit) else Suit.SPADES

    def claimed_lines(self) -> list[str] | None:
        """The meld lines ticked (names for :func:`diagnose_meld`), or ``None`` if none."""
        lines = [
            multiple_name(m, kind.value)
            for (kind, m), box in self._set_boxes.items()
            if box.value is True
        ]
        for kind, drop in self._counts.items():
            n = drop.value if isinstance(drop.value, int) else 0
            lines += [kind.value] * max(0, min(n, 3 * self.rules.copies))
        return lines or None

    def _answer(self) -> MeldExplanation:
        """The right breakdown, computed on demand (never stored in synced state)."""
        return explain_meld(self._hand, self.trump, self.rules)

    def _deal(self) -> list[Card]:
        return list(deal(rules=self.rules, rng=self._rng).hands[0])

    def _show(self, cards: list[Card], trump: Suit | None) -> None:
        meld(cards, Suit.SPADES, self.rules)  # checks the cards against the deck
        self._hand = tuple(sort_hand(cards))
        if trump is None:
            trump = max(Suit, key=lambda s: (sum(c.suit == s for c in cards), -s))
        self.trump_picker.value = trump
        self.hand_view.show_hand(self._hand, label="hand to count")
        self._reset_answer()

    def _reset_answer(self) -> None:
        self.total_input.value = ""
        for box in self._set_boxes.values():
            box.value = False
        for drop in self._counts.values():
            drop.value = 0
        self.breakdown.value = ""
        self.hand_view.show_hand(self._hand, label="hand to count")
        self.message.info(
            "Pick trump, count the meld of this hand, type your total and press Check."
        )

    # ---------------------------------------------------------------- actions
    @guarded
    def _trump_changed(self, change: dict[str, Any]) -> None:
        if change.get("old") != change.get("new"):
            self.breakdown.value = ""
            self.hand_view.show_hand(self._hand, label="hand to count")
            self.message.info(
                f"{self.trump.plural.capitalize()} are trump now: count again and press Check."
            )

    @guarded
    def check(self) -> MeldDiagnosis | None:
        """Check the learner's total (and ticked lines): show right or wrong, the
        breakdown and the diagnosis. Returns the diagnosis (``None`` on bad input)."""
        try:
            total = parse_total(self.total_input.value)
        except InvalidClaimError as exc:
            self.message.error(str(exc))
            return None
        diagnosis = diagnose_meld(self._hand, self.trump, total, self.claimed_lines(), self.rules)
        explanation = diagnosis.explanation
        self.message.show_html("ok" if diagnosis.correct else "error", diagnosis_html(diagnosis))
        self.breakdown.value = breakdown_html(explanation)
        used = {c: "proof" for c in explanation.cards}
        self.hand_view.show_hand(self._hand, used, label="hand to count")
        return diagnosis

    @guarded
    def new_hand(self) -> None:
        """Deal another hand from the seeded generator."""
        self._show(self._deal(), None)

    def set_hand(self, hand: Iterable[CardLike] | str, trump: SuitLike | None = None) -> None:
        """Count a given hand (for lessons that build one)."""
        self._show(parse_cards(hand), None if trump is None else parse_suit(trump))
