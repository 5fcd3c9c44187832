"""Small practice widgets used inside lessons.

* :class:`DeckExplorer`: a dealt hand; click a card to see what it beats, what
  beats it, and what it is worth in a trick.
* :class:`ScoreCalculator`: enter a contract, meld and trick points and see the
  hand scored and explained by the tutor.
"""

from __future__ import annotations

import html

import ipywidgets as w

from pinochle_tutor import Card, RuleSet, deal
from pinochle_tutor.explain import explain_contract
from pinochle_tutor.words import listed

from ._base import (
    Message,
    NumberBox,
    coerce_rules,
    guard_client_values,
    guarded,
    style_widget,
)
from .cards import HandPicker

__all__ = ["DeckExplorer", "ScoreCalculator", "describe_card"]


def describe_card(card: Card, rules: RuleSet) -> str:
    """What one card beats, what beats it, and its worth in a trick, in words."""
    ranks = sorted(rules.ranks)
    lower = [r.symbol for r in reversed(ranks) if r < card.rank]
    higher = [r.symbol for r in reversed(ranks) if r > card.rank]
    suit = card.suit.plural
    points = rules.counter_points[card.rank]
    parts = [f"{card.text}, the {card.name}."]
    parts.append(
        f"It beats the {listed(lower)} of {suit}."
        if lower
        else f"It beats no other {card.suit.singular}."
    )
    if higher:
        verb = "beats" if len(higher) == 1 else "beat"
        parts.append(
            f"The {listed(higher)} of {suit} {verb} it, and so does any trump "
            f"(unless {suit} are trump)."
        )
    else:
        parts.append(f"Only a trump beats it (unless {suit} are trump, when nothing does).")
    parts.append(
        f"In a trick it is worth {points} point{'s' if points != 1 else ''}"
        + (" (a counter)." if points else ".")
    )
    parts.append(
        f"The deck has {rules.copies} of it: if both copies meet in one trick as its highest "
        "cards, the first played wins."
        if rules.copies == 2
        else f"The deck has {rules.copies} of it; when copies of it tie for highest in a trick, "
        "the first played wins."
    )
    return " ".join(parts)


class DeckExplorer(w.VBox):
    """A hand dealt from the deck of ``rules``; click a card to learn about it."""

    def __init__(self, seed: int | None = None, rules: RuleSet | str | None = None) -> None:
        self.rules = coerce_rules(rules)
        self._seed = seed if seed is not None else 0
        self.message = Message()
        self.picker = HandPicker(mode="one", message=self.message, label="A hand from the deck")
        self.picker.on_pick(self._describe)
        self.new_hand = w.Button(description="Deal another hand", icon="refresh")
        self.new_hand.add_class("pt-new-hand")
        self.new_hand.on_click(lambda _: self._deal(self._seed + 1))
        super().__init__([style_widget(), self.picker, self.new_hand, self.message])
        self.add_class("pt-widget")
        if hasattr(self, "message"):
            guard_client_values(self, self.message)
        self.add_class("pt-deck-explorer")
        self._deal(self._seed)

    @guarded
    def _deal(self, seed: int) -> None:
        self._seed = seed
        self.picker.set_hand(deal(0, self.rules, seed=seed).hands[0])
        self.message.info("Click a card.")

    @guarded
    def _describe(self, card: Card) -> None:
        self.message.info(describe_card(card, self.rules))


class ScoreCalculator(w.VBox):
    """Score one hand: the bid, the bidders' meld and trick points, the defenders'
    meld, and whether the declarer conceded. In partnerships the defenders' trick
    points are the rest; three-handed, the boxes are the declarer's and one
    defender's, and the other defender took the rest. The engine checks every
    number (a bid on the increment, trick points the counters can make) and the
    learner sees its message; a box that holds no whole number is refused, quoting it.

    CSS hooks: ``pt-score-calculator``, the boxes ``pt-score-bid``, ``pt-score-meld``,
    ``pt-score-tricks``, ``pt-score-defender-meld``, ``pt-score-defender-tricks``
    (three-handed), ``pt-score-button``, ``pt-message-area``."""

    def __init__(
        self,
        bid: int | None = None,
        meld: int = 0,
        tricks: int = 0,
        defender_meld: int = 0,
        rules: RuleSet | str | None = None,
        defender_tricks: int | None = None,
    ) -> None:
        self.rules = coerce_rules(rules)
        total = self.rules.total_trick_points
        solo = not self.rules.partnerships
        self.bid = NumberBox("a bid", value=bid or self.rules.opening_bid, description="Bid")
        self.meld = NumberBox(
            "a meld total", value=meld, description="Declarer's meld" if solo else "Bidders' meld"
        )
        self.tricks = NumberBox(
            "a number of trick points", value=tricks,
            description="Declarer's trick points" if solo else "Bidders' trick points",
        )  # fmt: skip
        self.defender_meld = NumberBox(
            "a meld total", value=defender_meld,
            description="One defender's meld" if solo else "Defenders' meld",
        )  # fmt: skip
        self.defender_tricks: NumberBox | None = None
        boxes = [self.bid, self.meld, self.tricks, self.defender_meld]
        if solo:
            self.defender_tricks = NumberBox(
                "a number of trick points", value=defender_tricks or 0,
                description="That defender's trick points",
            )  # fmt: skip
            boxes.append(self.defender_tricks)
        self.conceded = w.Checkbox(
            value=False, description="The declarer conceded before trick play"
        )
        names = ("bid", "meld", "tricks", "defender-meld", "defender-tricks")
        for box, name in zip(boxes, names[: len(boxes)], strict=True):
            box.style.description_width = "12em"
            box.add_class(f"pt-score-{name}")
        self.button = w.Button(description="Score it", button_style="primary")
        self.button.add_class("pt-score-button")
        self.message = Message()
        self.button.on_click(lambda _: self.score())
        rest = (
            f"The other defender took the rest of the {total} trick points."
            if solo
            else f"The defenders take the rest of the {total} trick points."
        )
        note = w.HTML(f"<p>{rest}</p>")
        super().__init__([style_widget(), *boxes, self.conceded, note, self.button, self.message])
        self.add_class("pt-widget")
        if hasattr(self, "message"):
            guard_client_values(self, self.message)
        self.add_class("pt-score-calculator")

    @guarded
    def score(self) -> None:
        """Score the numbers entered and show the tutor's explanation (or, for numbers
        that cannot happen, the engine's message saying why)."""
        total = self.rules.total_trick_points
        # Each box read in turn: the first that cannot be read is refused, quoting it.
        bid, meld, tricks = self.bid.read(), self.meld.read(), self.tricks.read()
        defender_meld = self.defender_meld.read()
        box = self.defender_tricks
        defender_tricks = box.read() if box is not None else max(0, total - tricks)
        e = explain_contract(
            bid, meld, tricks, defender_meld, defender_tricks,
            self.rules, conceded=bool(self.conceded.value),
        )  # fmt: skip
        s = e.score
        verdict = "made" if s.made else "not made"
        who = ("Declarer", "that defender") if e.solo else ("Bidders", "defenders")
        self.message.show_html(
            "ok" if s.made else "info",
            f"<p><b>{who[0]} {s.bidder:+d}, {who[1]} {s.defender:+d}</b> (contract {verdict}).</p>"
            f"<p>{html.escape(e.text)}</p>",
        )
