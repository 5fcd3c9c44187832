"""The game table: a whole game of Pinochle against three computer players.

:class:`GameTable` shows every phase of every hand: the auction (bid or pass),
naming trump, the exchange (or the three-handed discard), everyone's meld, the
tricks with the current trick in view, and the score sheet after each hand, with
an optional hint and a review of each finished hand. Illegal clicks get the
tutor's reason. The logic is :class:`pinochle_tutor.course.session.GameSession`; the
widget shows only what :meth:`Hand.view <pinochle_tutor.game.Hand.view>` of the
learner's seat holds, so the other players' hidden cards are never in synced
state.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets
import pandas as pd

from pinochle_tutor import Card, Phase, PinochleError, RuleSet, Suit, trick_winner
from pinochle_tutor.course.session import GameSession, RefusedPlayError

from ._base import Message, card_spans, coerce_rules, guarded, style_widget
from .cards import CardsView, HandPicker

__all__ = ["GameTable", "meld_html", "score_sheet_html"]

_CSS = """
.pt-log { max-height: 16em; overflow-y: auto; border: 1px solid #ddd; padding: 4px 8px; }
.pt-log p { margin: 1px 0; }
.pt-status { font-size: 1.05em; }
"""

_GIVE_WORDS = {
    Phase.PASS: ("Pass these cards", "to the declarer"),
    Phase.RETURN: ("Return these cards", "to your partner"),
    Phase.DISCARD: ("Discard these cards", "face down (they count as your trick points)"),
}


def meld_html(session: GameSession) -> str:
    """Each seat's shown meld, line by line, with totals (empty before meld)."""
    v = session.view
    if v.melds is None:
        return ""
    rows = []
    for seat, report in enumerate(v.melds):
        lines = "; ".join(f"{escape(i.name)} {i.points}" for i in report.items) or "no meld"
        rows.append(
            f"<tr><td>{escape(session.seat_name(seat))}</td><td>{card_spans(report.hand)}</td>"
            f"<td>{lines}</td><td><b>{report.total}</b></td></tr>"
        )
    head = "<tr><th>Seat</th><th>Cards shown</th><th>Meld</th><th>Total</th></tr>"
    totals = [0] * session.rules.sides
    for seat, report in enumerate(v.melds):
        totals[session.rules.side(seat)] += report.total
    sides = ", ".join(f"{escape(session.side_name(i))} {m}" for i, m in enumerate(totals))
    return (
        f'<b>Meld</b><table class="pt-breakdown">{head}{"".join(rows)}</table>'
        f'<p class="pt-meld-totals">Meld by side: {sides}</p>'
    )


def score_sheet_html(session: GameSession) -> str:
    """The score sheet as an HTML table (a pandas DataFrame), one row per hand."""
    rows = session.score_sheet
    if not rows:
        return ""
    frame = pd.DataFrame(rows)
    table = frame.to_html(index=False, classes="pt-breakdown pt-score-table", border=0)
    return f"<b>Score sheet</b> (target {session.rules.target}){table}"


class GameTable(widgets.VBox):
    """A whole game to the target against computer players.

    ``seed`` makes the game reproducible; ``rules`` is a preset name or a
    :class:`RuleSet`; ``opponents`` is ``'heuristic'``, ``'random'`` or
    ``'montecarlo'``; ``hints`` shows the Hint button. CSS hooks:
    ``pt-game-table``, ``pt-status``, ``pt-log``, ``pt-hand`` (the hand pickers),
    ``pt-bid-amount``, ``pt-bid``, ``pt-pass``, ``pt-trump`` (and
    ``pt-trump-spades`` ...), ``pt-exchange``, ``pt-concede``, ``pt-trick``,
    ``pt-trick-caption``, ``pt-meld``, ``pt-hint``, ``pt-score-sheet``,
    ``pt-review``, ``pt-next-hand``, ``pt-message-area``."""

    def __init__(
        self,
        seed: int | None = None,
        rules: RuleSet | str = "classic",
        opponents: str = "heuristic",
        hints: bool = True,
    ) -> None:
        self.session = GameSession(coerce_rules(rules), seed=seed, opponents=opponents)
        self.message = Message()
        self.status_area = self._html("pt-status")
        self.log_area = self._html("pt-log")
        self.hand_picker = HandPicker(mode="one", message=self.message, label="Your hand")
        self.hand_picker.add_class("pt-hand")
        self.hand_picker.on_pick(self._picked)
        self.select_picker = HandPicker(
            mode="many", max_selected=self._give_count(), message=self.message, label="Your hand"
        )
        self.select_picker.add_class("pt-hand")
        self.amount = widgets.IntText(description="Bid", layout=widgets.Layout(width="12em"))
        self.amount.add_class("pt-bid-amount")
        self.bid_button = self._button("Bid", "pt-bid", self._bid, "primary")
        self.pass_button = self._button("Pass", "pt-pass", self._pass)
        self.trump_buttons = [self._trump_button(s) for s in Suit]
        self.give_button = self._button("Pass these cards", "pt-exchange", self._give, "primary")
        self.concede_button = self._button("Concede the hand", "pt-concede", self._concede)
        self.trick_caption = self._html("pt-trick-caption")
        self.trick_view = CardsView(size=50)
        self.trick_view.add_class("pt-trick")
        self.meld_area = self._html("pt-meld")
        self.hint_button = self._button("Hint", "pt-hint", self._hint)
        self.hint_button.layout.display = None if hints else "none"
        self.sheet_area = self._html("pt-score-sheet")
        self.review_area = self._html("pt-review")
        self.next_button = self._button("Next hand", "pt-next-hand", self._next, "success")
        self.auction_box = widgets.HBox([self.amount, self.bid_button, self.pass_button])
        self.trump_box = widgets.HBox([widgets.Label("Name trump:"), *self.trump_buttons])
        self.give_box = widgets.HBox([self.give_button])
        css = widgets.HTML(f"<style>{_CSS}</style>", layout=widgets.Layout(display="none"))
        super().__init__(
            [
                style_widget(), css, self.status_area, self.log_area, self.trick_caption, self.trick_view,
                self.meld_area, self.hand_picker, self.select_picker, self.auction_box, self.trump_box,
                self.give_box, widgets.HBox([self.concede_button, self.hint_button]),
                self.message, self.next_button, self.sheet_area, self.review_area,
            ]
        )  # fmt: skip
        self.add_class("pt-widget")
        self.add_class("pt-game-table")
        self.refresh()

    # ----------------------------------------------------------- building
    @staticmethod
    def _html(cls: str) -> widgets.HTML:
        w = widgets.HTML()
        w.add_class(cls)
        return w

    @staticmethod
    def _button(
        text: str, cls: str, handler: Callable[[Any], None], style: str = ""
    ) -> widgets.Button:
        b = widgets.Button(description=text, button_style=style)
        b.add_class(cls)
        b.on_click(handler)
        return b

    def _trump_button(self, suit: Suit) -> widgets.Button:
        b = self._button(f"{suit.symbol} {suit.plural}", "pt-trump", lambda _: self._trump(suit))
        b.add_class(f"pt-trump-{suit.plural}")
        return b

    def _give_count(self) -> int:
        r = self.session.rules
        return max(r.exchange_size, r.kitty_size, 1)

    # ----------------------------------------------------------- display
    def refresh(self) -> None:
        """Show the session as the learner may see it."""
        s = self.session
        v = s.view
        mine = s.is_my_turn
        phase = v.phase
        giving = mine and phase in _GIVE_WORDS
        self._show(self.auction_box, mine and phase is Phase.AUCTION)
        self._show(self.trump_box, mine and phase is Phase.TRUMP)
        self._show(self.give_box, giving)
        self._show(self.concede_button, s.can_concede)
        self._show(self.select_picker, giving)
        self._show(self.hand_picker, not giving)
        self._show(self.next_button, s.hand_over and not s.is_over)
        self.hint_button.disabled = not mine
        if giving:
            words = _GIVE_WORDS[phase]
            self.give_button.description = words[0]
            n = s.rules.kitty_size if phase is Phase.DISCARD else s.rules.exchange_size
            self.select_picker.label = f"Pick {n} cards {words[1]}"
            if tuple(self.select_picker.hand) != v.hand:
                self.select_picker.set_hand(v.hand)
        if tuple(self.hand_picker.hand) != v.hand:
            self.hand_picker.set_hand(v.hand)
        if phase is Phase.AUCTION and mine:
            self.amount.value = v.min_bid
        self.status_area.value = self._status_html()
        texts = [e.text for e in s.events if e.hand_number == s.hand_number]
        self.log_area.value = "".join(f"<p>{escape(t)}</p>" for t in texts[-40:])
        self._show_trick()
        self.meld_area.value = meld_html(s)
        self.sheet_area.value = score_sheet_html(s)
        review = s.review() if s.hand_over else None
        legend = ", ".join(f"{i} = {s.seat_name(i)}" for i in range(s.rules.players))
        self.review_area.value = (
            f"<details open><summary>Review of hand {s.hand_number} (seats: {escape(legend)})"
            f"</summary><pre>{escape(review.text)}</pre></details>"
            if review is not None
            else ""
        )

    @staticmethod
    def _show(w: widgets.Widget, visible: bool) -> None:
        w.layout.display = None if visible else "none"

    def _status_html(self) -> str:
        s = self.session
        v = s.view
        scores = ", ".join(f"{s.side_name(i)} {p}" for i, p in enumerate(s.scores))
        parts = [f"Hand {s.hand_number}", f"dealer: {s.seat_name(v.dealer)}", f"score: {scores}"]
        if v.declarer is not None:
            parts.append(f"contract: {s.seat_name(v.declarer)} {v.contract}")
        elif v.high_bid is not None:
            parts.append(f"high bid: {v.high_bid}")
        if v.trump is not None:
            parts.append(f"trump: {v.trump.symbol} {v.trump.plural}")
        task = s.task()
        if s.is_my_turn and v.phase is Phase.AUCTION:
            task = f"Bid at least {v.min_bid}, or pass."
        return f"{escape(' | '.join(parts))}<br><b>{escape(task)}</b>"

    def _show_trick(self) -> None:
        s = self.session
        v = s.view
        n = s.rules.players
        if v.trick:
            assert v.trump is not None
            names = [s.seat_name(x) for x in v.trick_seats]
            nxt = (v.trick_seats[-1] + 1) % n
            names += [s.seat_name((nxt + k) % n) for k in range(n - len(v.trick))]
            win = trick_winner(list(v.trick), v.trump)
            self.trick_view.show_trick(v.trick, names, win, empty_slots=n - len(v.trick))
            who = s.seat_name(v.trick_seats[win])
            last = ""
            if v.tricks:
                t = v.tricks[-1]
                last = (
                    f" (last trick won by {escape(s.seat_name(t.winner))}: {card_spans(t.cards)})"
                )
            self.trick_caption.value = (
                f"<b>Trick {len(v.tricks) + 1}</b>: {escape(who)} winning with "
                f"{card_spans([v.trick[win]])}{last}"
            )
        elif v.tricks:
            t = v.tricks[-1]
            names = [s.seat_name(x) for x in t.seats]
            self.trick_view.show_trick(t.cards, names, t.seats.index(t.winner))
            self.trick_caption.value = (
                f"<b>Trick {len(v.tricks)}</b> won by {escape(s.seat_name(t.winner))} "
                f"with {card_spans([t.winning_card])} ({t.points} points)"
            )
        else:
            self.trick_view.show_trick([], [])
            self.trick_caption.value = "<b>Trick</b>: none played yet"

    # ----------------------------------------------------------- actions
    def _act(self, action: Callable[[], object], text: str) -> None:
        """Run a learner's action; the table is redrawn whatever happens (a refusal
        propagates to :func:`guarded`, which shows the tutor's reason)."""
        try:
            action()
        finally:
            self.refresh()
        self.message.ok(f"{text} {self.session.task()}")

    @guarded
    def _bid(self, _: object = None) -> None:
        amount = self.amount.value
        self._act(lambda: self.session.bid(amount), f"You bid {amount}.")

    @guarded
    def _pass(self, _: object = None) -> None:
        self._act(lambda: self.session.bid(None), "You passed.")

    @guarded
    def _trump(self, suit: Suit) -> None:
        self._act(lambda: self.session.name_trump(suit), f"You named {suit.plural} trump.")

    @guarded
    def _give(self, _: object = None) -> None:
        s = self.session
        cards = self.select_picker.selected
        if s.phase is Phase.RETURN:
            action = s.return_cards
        elif s.phase is Phase.DISCARD:
            action = s.discard
        else:
            action = s.pass_cards  # out of phase: refused with the session's reason
        self._act(lambda: action(cards), f"Done: {' '.join(c.text for c in cards)}.")

    @guarded
    def _concede(self, _: object = None) -> None:
        self._act(self.session.concede, "You conceded the hand.")

    @guarded
    def _next(self, _: object = None) -> None:
        self._act(self.session.next_hand, "A new hand is dealt.")

    @guarded
    def _picked(self, card: Card) -> None:
        self.play(card)

    def play(self, card: Any) -> bool:
        """Play ``card`` as a click on it would; a refused card is explained (the
        card is marked, and the cards that prove the rule) and ``False`` returned."""
        try:
            played = self.session.play(card)
        except PinochleError as e:
            self.refresh()
            self.hand_picker.clear_marks()
            if isinstance(e, RefusedPlayError):
                ex = e.explanation
                hand = self.session.view.hand
                proof = [c for c in ex.cards if c in hand and c != ex.card]
                if proof:
                    self.hand_picker.mark(proof, "proof")
                if ex.card in hand:
                    self.hand_picker.mark([ex.card], "illegal")
            self.message.error(str(e))
            return False
        self.hand_picker.clear_marks()
        self.refresh()
        self.message.ok(f"You played {played.card.text}. {self.session.task()}")
        return True

    @guarded
    def _hint(self, _: object = None) -> None:
        hint = self.session.hint()
        picker = self.select_picker if hint.phase in _GIVE_WORDS else self.hand_picker
        picker.clear_marks()
        if hint.cards:
            picker.mark(hint.cards, "proof")
        self.message.info(f"Hint: {hint.text}")
