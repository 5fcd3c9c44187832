"""Small practice widgets used inside lessons.

* :class:`ScoreCalculator`: enter a contract, meld and trick points and see the
  hand scored and explained by the tutor.
"""

from __future__ import annotations

import logging

import ipywidgets as w

from pinochle_tutor import CLASSIC, PinochleError, RuleSet
from pinochle_tutor.explain import explain_contract

__all__ = ["ScoreCalculator"]

log = logging.getLogger(__name__)


class ScoreCalculator(w.VBox):
    """Score one hand: the bidders' bid, meld and trick points, the defenders' meld,
    and whether the declarer conceded. The defenders' trick points are the rest."""

    def __init__(
        self,
        bid: int | None = None,
        meld: int = 0,
        tricks: int = 0,
        defender_meld: int = 0,
        rules: RuleSet = CLASSIC,
    ) -> None:
        self.rules = rules
        total = rules.total_trick_points
        self.bid = w.IntText(value=bid or rules.opening_bid, description="Bid")
        self.meld = w.IntText(value=meld, description="Bidders' meld")
        self.tricks = w.IntText(value=tricks, description="Bidders' trick points")
        self.defender_meld = w.IntText(value=defender_meld, description="Defenders' meld")
        self.conceded = w.Checkbox(
            value=False, description="The declarer conceded before trick play"
        )
        for box in (self.meld, self.tricks, self.defender_meld, self.bid):
            box.style.description_width = "12em"
        self.button = w.Button(description="Score it", button_style="primary")
        self.button.add_class("pt-score-button")
        self.result = w.HTML()
        self.result.add_class("pt-message")
        self.button.on_click(lambda _: self.score())
        note = w.HTML(f"<p>The defenders take the rest of the {total} trick points.</p>")
        super().__init__(
            [
                self.bid,
                self.meld,
                self.tricks,
                self.defender_meld,
                self.conceded,
                note,
                self.button,
                self.result,
            ]
        )
        self.add_class("pt-score-calculator")

    def score(self) -> None:
        """Score the numbers entered and show the tutor's explanation."""
        total = self.rules.total_trick_points
        try:
            tricks = self.tricks.value
            if not 0 <= tricks <= total:
                raise PinochleError(f"trick points must be between 0 and {total}, not {tricks}")
            e = explain_contract(
                self.bid.value, self.meld.value, tricks, self.defender_meld.value, total - tricks,
                self.rules, conceded=bool(self.conceded.value),
            )  # fmt: skip
        except PinochleError as err:
            self.result.value = f'<p class="pt-error">{_esc(str(err))}</p>'
            return
        except Exception:  # a bug must not show a traceback to a learner
            log.exception("ScoreCalculator failed")
            self.result.value = '<p class="pt-error">Something went wrong scoring this hand.</p>'
            return
        s = e.score
        verdict = "made" if s.made else "not made"
        self.result.value = (
            f'<p class="pt-ok"><b>Bidders {s.bidder:+d}, defenders {s.defender:+d}</b> '
            f"(contract {verdict}).</p><p>{_esc(e.text)}</p>"
        )


def _esc(text: str) -> str:
    import html

    return html.escape(text)
