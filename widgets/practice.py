"""Small practice widgets used inside lessons.

* :class:`DeckExplorer`: a dealt hand; click a card to see what it beats, what
  beats it, and what it is worth in a trick.
* :class:`ScoreCalculator`: enter a contract, meld and trick points and see the
  hand scored and explained by the tutor.
"""

from __future__ import annotations

import html

import ipywidgets as w

from pinochle_tutor import Card, InvalidPointsError, RuleSet, deal
from pinochle_tutor.explain import explain_contract

from ._base import Message, coerce_rules, guarded, style_widget
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
        f"It beats the {' '.join(lower)} of {suit}." if lower else f"It beats no other {suit[:-1]}."
    )
    if higher:
        parts.append(
            f"The {' '.join(higher)} of {suit} beat it, and so does any trump (unless {suit} are trump)."
        )
    else:
        parts.append(f"Only a trump beats it (unless {suit} are trump, when nothing does).")
    parts.append(
        f"In a trick it is worth {points} point{'s' if points != 1 else ''}"
        + (" (a counter)." if points else ".")
    )
    parts.append(
        f"The deck has {rules.copies} of it: if both copies meet in one trick, the first played wins."
        if rules.copies == 2
        else f"The deck has {rules.copies} of it; of identical cards the first played wins."
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
    """Score one hand: the bidders' bid, meld and trick points, the defenders' meld,
    and whether the declarer conceded. The defenders' trick points are the rest."""

    def __init__(
        self,
        bid: int | None = None,
        meld: int = 0,
        tricks: int = 0,
        defender_meld: int = 0,
        rules: RuleSet | str | None = None,
    ) -> None:
        self.rules = coerce_rules(rules)
        total = self.rules.total_trick_points
        self.bid = w.IntText(value=bid or self.rules.opening_bid, description="Bid")
        bidders, defender = ("Bidders'", "Defenders'") if self.rules.partnerships else (
            "Declarer's", "A defender's"
        )
        self.meld = w.IntText(value=meld, description=f"{bidders} meld")
        self.tricks = w.IntText(value=tricks, description=f"{bidders} trick points")
        self.defender_meld = w.IntText(value=defender_meld, description=f"{defender} meld")
        self.conceded = w.Checkbox(
            value=False, description="The declarer conceded before trick play"
        )
        for box in (self.meld, self.tricks, self.defender_meld, self.bid):
            box.style.description_width = "12em"
        self.button = w.Button(description="Score it", button_style="primary")
        self.button.add_class("pt-score-button")
        self.message = Message()
        self.button.on_click(lambda _: self.score())
        rest = "The defenders take" if self.rules.partnerships else "The other two players share"
        note = w.HTML(f"<p>{rest} the rest of the {total} trick points.</p>")
        super().__init__(
            [style_widget(), self.bid, self.meld, self.tricks, self.defender_meld, self.conceded, note,
             self.button, self.message]
        )  # fmt: skip
        self.add_class("pt-widget")
        self.add_class("pt-score-calculator")

    @guarded
    def score(self) -> None:
        """Score the numbers entered and show the tutor's explanation."""
        total = self.rules.total_trick_points
        tricks = self.tricks.value
        if not 0 <= tricks <= total:
            raise InvalidPointsError(f"trick points must be between 0 and {total}, not {tricks}")
        e = explain_contract(
            self.bid.value, self.meld.value, tricks, self.defender_meld.value, total - tricks,
            self.rules, conceded=bool(self.conceded.value),
        )  # fmt: skip
        s = e.score
        verdict = "made" if s.made else "not made"
        who = ("Bidders", "defenders") if self.rules.partnerships else ("Declarer", "the others")
        self.message.show_html(
            "ok" if s.made else "info",
            f"<p><b>{who[0]} {s.bidder:+d}, {who[1]} {s.defender:+d}</b> (contract {verdict}).</p>"
            f"<p>{html.escape(e.text)}</p>",
        )
