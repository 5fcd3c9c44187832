"""The game table: a whole game of Pinochle against computer players, laid out as
a card table.

:class:`GameTable` seats the players around a table (an ipywidgets ``GridBox``
styled by CSS shipped in this package): the partner at the top, the opponents left
and right, the learner at the bottom (three seats three-handed, the kitty on the
table once it is turned up). The trick lies in the middle, each card in front of
the seat that played it; a finished trick stays there until the learner continues
(a button, focused so Enter or Space continues, or an optional short pause); the
last trick can be looked at any time. A bar above the table always shows the
hand, the dealer, the declarer, the contract, trump, the score and whose turn it
is. The learner's hand is a row of card pictures (sorted by suit, trump first, and
rank) that are buttons: click, or Tab and Enter. Undo takes back the learner's
last decision (unless the teacher switches it off), conceding asks first and says
what it costs, and the end of a hand and of the game are shown plainly with a New
game button.

Each page deals fresh cards: ``seed=None`` draws a seed per page (the environment
variable ``PINOCHLE_TUTOR_SEED`` fixes it for tests and nbval); a lesson may still
pass a seed on purpose. Illegal clicks get the tutor's reason. The logic is
:class:`pinochle_tutor.course.table.session.GameSession`; the
widget shows only what :meth:`Hand.view <pinochle_tutor.game.Hand.view>` of the
learner's seat holds, so the other players' hidden cards are never in synced
state.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from functools import partial
from html import escape
from typing import Any

import ipywidgets as widgets

from pinochle_tutor import Card, Phase, PinochleError, RuleSet, Suit, svg
from pinochle_tutor.bots.levels import Level, level_named
from pinochle_tutor.course.seeds import SEED_RANGE
from pinochle_tutor.course.table.announce import announcement
from pinochle_tutor.course.table.narration import Event, EventKind
from pinochle_tutor.course.table.replay import replay_steps
from pinochle_tutor.course.table.session import GameSession, RefusedPlayError
from pinochle_tutor.errors import IllegalActionError
from pinochle_tutor.explain import HandReview
from pinochle_tutor.names import find_named

from ._base import (
    Message,
    NumberBox,
    button,
    coerce_rules,
    guard_client_values,
    guarded,
    own_style,
    shown,
    style_widget,
)
from .cards import HandPicker, card_faces_css
from .live import LiveRegion
from .meld_text import diagnosis_html, parse_total
from .replay import HandReplay
from .table_html import (
    GIVE_WORDS,
    TABLE_CSS,
    caption_html,
    hand_order,
    info_html,
    last_trick_html,
    log_html,
    meld_check_html,
    meld_html,
    result_html,
    score_sheet_html,
    seat_html,
    seat_position,
    slot_html,
    status_html,
    trick_on_table,
)

__all__ = ["GameTable", "meld_html", "score_sheet_html"]


class GameTable(widgets.VBox):
    """A whole game to the target against computer players, at a card table.

    ``seed`` makes the game reproducible (``None``: a fresh seed per page, or
    ``PINOCHLE_TUTOR_SEED`` when set); ``rules`` is a preset name or a
    :class:`RuleSet`; ``opponents`` is a level of the computer players
    (``'beginner'``, ``'intermediate'``, ``'strong'``: :class:`~pinochle_tutor.bots.levels.Level`,
    which the learner can change with the Opponents box until their first decision of a
    game, and for each new game) or a kind (``'heuristic'``, ``'random'``,
    ``'montecarlo'``: no box); ``hints`` shows the Hint button; ``undo`` shows Undo (a
    teacher passes ``undo=False`` for a scored game); ``auto_continue`` collects a
    finished trick by itself after ``pause`` seconds (the learner can switch it off
    and on); ``show_legal`` marks the legal cards from the start (a checkbox).

    ``count_meld`` asks the learner to count their own meld each hand before any
    meld is shown: they type the total, the tutor marks it as the meld counter does
    (:func:`~pinochle_tutor.explain.diagnose_meld`: right, or which common mistake
    explains the difference, and the breakdown), then every seat's meld is shown and
    play goes on. It is off by default: a learner who sits down at the table to play
    a game expects the hands to flow as at a real table, where meld is laid down and
    checked by everyone at once, and a count that must be typed before every trick
    play would turn each hand into a drill; a lesson on meld turns it on
    (``GameTable(count_meld=True)``), as does a learner who wants the practice.

    CSS hooks: ``pt-game-table``, ``pt-infobar``, ``pt-felt`` (the table),
    ``pt-seat pt-seat-<north|west|east|south>``, ``pt-slot pt-slot-<position>`` (the
    trick card in front of a seat), ``pt-kitty``, ``pt-trick-caption``, ``pt-status``,
    ``pt-hand`` (the hand pickers), ``pt-bid-amount``, ``pt-bid``, ``pt-pass``,
    ``pt-trump`` (and ``pt-trump-spades`` ...), ``pt-exchange``, ``pt-continue``,
    ``pt-auto-continue``, ``pt-last-trick-button``, ``pt-last-trick``, ``pt-undo``,
    ``pt-show-legal``, ``pt-concede``, ``pt-concede-confirm``, ``pt-concede-yes``,
    ``pt-concede-no``, ``pt-result``, ``pt-new-game``, ``pt-log``, ``pt-meld``,
    ``pt-hint``, ``pt-hint-more`` (the hint's alternatives, on request),
    ``pt-level`` (the Opponents box), ``pt-score-sheet``, ``pt-review`` (the review in
    words), ``pt-replay`` (the finished hand step by step: :class:`~pinochle_widgets.replay.HandReplay`),
    ``pt-next-hand``,
    ``pt-count-meld`` (the count step: ``pt-meld-total``, ``pt-count-meld-check``),
    ``pt-meld-check`` (the marked count and its breakdown), ``pt-message-area``,
    ``pt-announce`` (the polite live region that tells a screen reader what happened
    at the table after each of the learner's actions: :attr:`announcer`).

    Keyboard: every control is a button, a box or a checkbox (Tab, then Enter or
    Space); after each action the focus goes where the learner acts next (the bid
    box, the first trump button, the first card to give or to play, Continue, Keep
    playing, Next hand or New game), never back to the top of the page."""

    def __init__(
        self,
        seed: int | None = None,
        rules: RuleSet | str = "classic",
        opponents: str = "beginner",
        hints: bool = True,
        undo: bool = True,
        auto_continue: bool = False,
        pause: float = 1.5,
        show_legal: bool = False,
        count_meld: bool = False,
    ) -> None:
        self._rules = coerce_rules(rules)
        self._count_meld = count_meld
        self._opponents = opponents
        level = find_named(opponents, {lv.value: lv for lv in Level})
        self._undo = undo
        self._hints = hints
        self.pause = pause
        """Seconds a finished trick stays on the table when collected automatically."""
        self._lock = threading.RLock()
        self._timer: threading.Timer | None = None
        self._confirming = False
        self._show_last = False
        self.session = self._new_session(seed)
        self.message = Message()
        self.info_bar = self._html("pt-infobar")
        self.status_area = self._html("pt-status")
        self.announcer = LiveRegion(label="At the table")
        self.announcer.add_class("pt-announce")
        self._heard: Event | None = None
        self.log_area = self._html("pt-log")
        self.hand_picker = HandPicker(
            mode="one", message=self.message, label="Your hand", pictures=True
        )
        self.hand_picker.add_class("pt-hand")
        self.hand_picker.on_pick(self._picked)
        self.select_picker = HandPicker(
            mode="many", max_selected=self._give_count(), message=self.message,
            label="Your hand", pictures=True,
        )  # fmt: skip
        self.select_picker.add_class("pt-hand")
        self.amount = NumberBox("a bid", description="Bid", layout=widgets.Layout(width="12em"))
        self.amount.add_class("pt-bid-amount")
        self.bid_button = button("Bid", "pt-bid", self._bid, "primary")
        self.pass_button = button("Pass", "pt-pass", self._pass)
        self.trump_buttons = [self._trump_button(s) for s in Suit]
        self.give_button = button("Pass these cards", "pt-exchange", self._give, "primary")
        self.continue_button = button("Continue ▸", "pt-continue", self._continue, "success")
        self.auto_box = widgets.Checkbox(
            value=auto_continue, description="Collect tricks after a short pause", indent=False
        )
        self.auto_box.add_class("pt-auto-continue")
        self.auto_box.observe(self._auto_changed, "value")
        self.last_button = button("Last trick", "pt-last-trick-button", self._toggle_last)
        self.last_area = self._html("pt-last-trick")
        self.undo_button = button("Undo", "pt-undo", self._undo_clicked, "warning")
        self.undo_button.layout.display = None if undo else "none"
        self.legal_box = widgets.Checkbox(
            value=show_legal, description="Mark my legal cards", indent=False
        )
        self.legal_box.add_class("pt-show-legal")
        self.legal_box.observe(lambda _: self._safe_refresh(), "value")
        self.concede_button = button("Concede the hand", "pt-concede", self._concede)
        self.confirm_text = self._html("pt-confirm")
        self.concede_yes = button("Yes, concede", "pt-concede-yes", self._concede_yes, "danger")
        self.concede_no = button("Keep playing", "pt-concede-no", self._concede_no)
        self.confirm_box = widgets.VBox(
            [self.confirm_text, widgets.HBox([self.concede_yes, self.concede_no])]
        )
        self.confirm_box.add_class("pt-concede-confirm")
        self.trick_caption = self._html("pt-trick-caption")
        self.meld_area = self._html("pt-meld")
        self.meld_total = widgets.Text(
            placeholder="e.g. 120", description="Your meld:", continuous_update=False,
            layout=widgets.Layout(width="14em"),
        )  # fmt: skip
        self.meld_total.add_class("pt-meld-total")
        self.count_button = button(
            "Check my meld", "pt-count-meld-check", self._count_meld_clicked, "primary"
        )
        count_words = widgets.HTML(
            "<b>Count your meld</b> before it is shown: with the trump named, what is the "
            "meld of your hand?"
        )
        self.count_box = widgets.VBox(
            [count_words, widgets.HBox([self.meld_total, self.count_button])]
        )
        self.count_box.add_class("pt-count-meld")
        self.meld_check_area = self._html("pt-meld-check")
        self.level_box = widgets.Dropdown(
            options=[(lv.label, lv.value) for lv in Level],
            value=(level or Level.BEGINNER).value,
            description="Opponents",
            layout=widgets.Layout(width="16em", display=None if level else "none"),
        )
        self.level_box.add_class("pt-level")
        self.level_box.observe(self._level_changed, "value")
        self.hint_button = button("Hint", "pt-hint", self._hint)
        self.hint_button.layout.display = None if hints else "none"
        # The hint's alternatives, on request: a closed list under the hint's message.
        self.hint_more = self._html("pt-hint-more")
        self.result_area = self._html("pt-result")
        self.new_game_button = button("New game", "pt-new-game", self._new_game, "success")
        self.sheet_area = self._html("pt-score-sheet")
        self.review_area = self._html("pt-review")
        # The finished hand, step by step; the review's text stays as its words.
        # Its messages (a step not in the hand) go to the table's one message region.
        self.replay = HandReplay(message=self.message)
        self._replayed: object = None
        self.next_button = button("Next hand", "pt-next-hand", self._next, "success")
        self.auction_box = widgets.HBox([self.amount, self.bid_button, self.pass_button])
        self.auction_box.add_class("pt-actions")
        self.trump_box = widgets.HBox([widgets.Label("Name trump:"), *self.trump_buttons])
        self.trump_box.add_class("pt-actions")
        self.give_box = widgets.HBox([self.give_button])
        self.seats: dict[str, widgets.HTML] = {}
        self.slots: dict[str, widgets.HTML] = {}
        for pos in ("north", "west", "east", "south"):
            self.seats[pos] = self._html("pt-seat", grid_area=f"{pos}seat")
            self.seats[pos].add_class(f"pt-seat-{pos}")
            self.slots[pos] = self._html("pt-slot", grid_area=pos)
            self.slots[pos].add_class(f"pt-slot-{pos}")
        self.kitty_area = self._html("pt-kitty", grid_area="kitty")
        self.trick_caption.layout.grid_area = "caption"
        self.felt = widgets.GridBox(
            [*self.seats.values(), *self.slots.values(), self.kitty_area, self.trick_caption],
            layout=widgets.Layout(
                grid_template_columns="minmax(0, 1fr) minmax(70px, auto) minmax(0, 1.2fr) "
                "minmax(70px, auto) minmax(0, 1fr)",
                grid_template_rows="auto auto auto auto auto",
                grid_template_areas=(
                    '". . northseat . ." ". . kitty . ." ". . north . ." '
                    '"westseat west caption east eastseat" ". . south . ." ". . southseat . ."'
                ),
                align_items="center",
                justify_items="center",
                grid_gap="2px 4px",
            ),
        )
        self.felt.add_class("pt-felt")
        self.felt.add_class("pt-trick")
        self.turn_box = widgets.HBox(
            [self.continue_button, self.last_button, self.undo_button, self.hint_button,
             self.concede_button, self.legal_box, self.auto_box]
        )  # fmt: skip
        self.turn_box.add_class("pt-actions")
        css = own_style(f"{TABLE_CSS}\n{card_faces_css(62)}")
        super().__init__(
            [
                style_widget(), css, self.info_bar, self.result_area,
                widgets.HBox([self.new_game_button, self.level_box]),
                self.felt, self.announcer, self.status_area, self.message, self.hint_more,
                self.confirm_box, self.count_box,
                self.meld_check_area, self.hand_picker,
                self.select_picker, self.auction_box, self.trump_box, self.give_box,
                self.turn_box, self.last_area, self.next_button, self.replay, self.log_area,
                self.meld_area, self.sheet_area, self.review_area,
            ],
            layout=widgets.Layout(max_width="100%"),
        )  # fmt: skip
        self.add_class("pt-widget")
        if hasattr(self, "message"):
            guard_client_values(self, self.message)
        self.add_class("pt-game-table")
        self.refresh()
        # The deal is in the region from the start (not read out: a page's first
        # content is not an update); the focus stays where the page put it.
        self._announce()

    # ----------------------------------------------------------- building
    def _new_session(self, seed: int | None) -> GameSession:
        return GameSession(
            self._rules, seed=seed, opponents=self._opponents, allow_undo=self._undo,
            pause_after_trick=True, count_meld=self._count_meld,
        )  # fmt: skip

    @staticmethod
    def _html(cls: str, grid_area: str | None = None) -> widgets.HTML:
        """An HTML part with the CSS class ``cls``; ``grid_area`` places it on the felt.
        The place is set on the part's own layout, not a new one: a layout put in place
        of another left the first one's model open in the kernel, belonging to nothing
        and guarded by nothing, for any client to write to."""
        w = widgets.HTML()
        w.add_class(cls)
        if grid_area is not None:
            w.layout.grid_area = grid_area
        return w

    def _trump_button(self, suit: Suit) -> widgets.Button:
        b = button(f"{suit.symbol} {suit.plural}", "pt-trump", partial(self._trump, suit))
        b.add_class(f"pt-trump-{suit.plural}")
        return b

    def _give_count(self) -> int:
        r = self.session.rules
        return max(r.exchange_size, r.kitty_size, 1)

    # ----------------------------------------------------------- display
    def position(self, seat: int) -> str:
        """Where ``seat`` sits on screen: ``'south'`` (the learner), ``'west'``
        (Left), ``'north'`` (Partner), ``'east'`` (Right)."""
        s = self.session
        return seat_position(s.rules.players, s.human_seat, seat)

    def sorted_hand(self) -> tuple[Card, ...]:
        """The learner's hand in display order: by suit, trump first (the suits
        keep their round order, so colours alternate), then by rank, high first."""
        v = self.session.view
        return hand_order(v.hand, v.trump)

    def refresh(self) -> None:
        """Show the session as the learner may see it."""
        s = self.session
        v = s.view
        mine = s.is_my_turn
        phase = v.phase
        giving = mine and phase in GIVE_WORDS
        hand = self.sorted_hand()
        # A hint's alternatives belong to the decision it was asked for.
        self.hint_more.value = ""
        shown(self.auction_box, mine and phase is Phase.AUCTION)
        shown(self.trump_box, mine and phase is Phase.TRUMP)
        shown(self.give_box, giving)
        shown(self.concede_button, s.can_concede and not self._confirming)
        self._confirming = self._confirming and s.can_concede
        shown(self.confirm_box, self._confirming)
        shown(self.count_box, s.meld_count_pending)
        checked = s.meld_diagnosis is not None and not s.hand_over
        # Cleared when hidden: a hidden widget's value still reaches the page.
        self.meld_check_area.value = (
            meld_check_html(s.meld_diagnosis) if checked and s.meld_diagnosis else ""
        )
        shown(self.meld_check_area, checked)
        shown(self.select_picker, giving)
        shown(self.hand_picker, not giving)
        shown(self.next_button, s.hand_over and not s.is_over)
        shown(self.new_game_button, s.is_over)
        shown(self.continue_button, s.trick_waiting)
        shown(self.last_button, bool(v.tricks))
        shown(self.legal_box, phase is Phase.PLAY)
        shown(self.auto_box, phase is Phase.PLAY)
        self.undo_button.disabled = not s.can_undo
        self.undo_button.tooltip = (
            f"Take back {s.undo_label}" if s.can_undo else "Nothing of yours to take back yet"
        )
        self.hint_button.disabled = not mine
        if giving:
            words = GIVE_WORDS[phase]
            self.give_button.description = words[0]
            n = s.rules.kitty_size if phase is Phase.DISCARD else s.rules.exchange_size
            self.select_picker.label = f"Pick {n} cards {words[1]}"
            if tuple(self.select_picker.hand) != hand:
                self.select_picker.set_hand(hand)
        if tuple(self.hand_picker.hand) != hand:
            self.hand_picker.set_hand(hand)
        self.hand_picker.label = f"Your hand ({len(hand)} cards)"
        self._mark_hand()
        if phase is Phase.AUCTION and mine:
            self.amount.value = v.min_bid
        self.info_bar.value = info_html(s)
        self.status_area.value = status_html(s)
        self.log_area.value = log_html(s)
        self._show_table()
        self._show_last_trick()
        self.meld_area.value = meld_html(s)
        self.sheet_area.value = score_sheet_html(s)
        self.result_area.value = result_html(s)
        shown(self.result_area, s.hand_over)
        review = s.review() if s.hand_over else None
        self._show_replay(review)
        # The review in words (what a screen reader reads; the replay shows it on cards).
        self.review_area.value = (
            f"<details><summary>Review of hand {s.hand_number}, in words</summary>"
            f"<pre>{escape(review.text)}</pre></details>"
            if review is not None
            else ""
        )

    def _show_replay(self, review: HandReview | None) -> None:
        """The replay of the finished hand (built once per hand; nothing of a hand in
        play: cleared until the hand is over)."""
        s = self.session
        if review is None:
            if self.replay.step_count:
                self.replay.clear()
            self._replayed = None
            return
        h = s.engine_hand
        if self._replayed is h:
            return
        self._replayed = h
        self.replay.show(
            replay_steps(h, s.human_seat, review), s.rules, s.human_seat,
            title=f"Replay of hand {s.hand_number}: step through it",
        )  # fmt: skip

    def _mark_hand(self) -> None:
        s = self.session
        v = s.view
        picker = self.hand_picker
        if v.received and v.declarer is not None:
            src = "the kitty" if s.rules.has_kitty else (
                "your partner" if v.seat == v.declarer else "the declarer"
            )  # fmt: skip
            for p in (self.hand_picker, self.select_picker):
                p.tag([c for c in v.received if c in p.hand], "received", f"received from {src}")
        if self.legal_box.value and s.is_my_turn and v.phase is Phase.PLAY:
            legal = set(v.legal)
            if {c for c, m in picker.marks.items() if m == "legal"} != legal:
                picker.clear_marks()
                picker.mark(sorted(legal), "legal")
        elif any(m == "legal" for m in picker.marks.values()):
            picker.clear_marks()

    def _seat_html(self, seat: int) -> str:
        """A seat's box (a classmates' table adds who sits there)."""
        return seat_html(self.session, seat)

    def _show_table(self) -> None:
        s = self.session
        v = s.view
        n = s.rules.players
        used = set()
        for seat in range(n):
            pos = self.position(seat)
            used.add(pos)
            self.seats[pos].value = self._seat_html(seat)
        cards, seats, win = trick_on_table(s)
        played = dict(zip(seats, cards, strict=True))
        for pos in ("north", "west", "east", "south"):
            shown(self.seats[pos], pos in used)
            shown(self.slots[pos], pos in used)
        for seat in range(n):
            pos = self.position(seat)
            card = played.get(seat)
            won = win is not None and seats[win] == seat
            self.slots[pos].value = slot_html(s, seat, card, won)
        shown(self.kitty_area, bool(v.kitty))
        # Cleared when hidden: a hidden widget's value still reaches the page.
        kitty = svg.hand(v.kitty, size=40, label="the kitty, turned up") if v.kitty else ""
        self.kitty_area.value = f"Kitty: {kitty}" if kitty else ""
        self.trick_caption.value = caption_html(s, cards, seats, win)

    def _show_last_trick(self) -> None:
        s = self.session
        t = s.last_trick
        shown(self.last_area, self._show_last and t is not None)
        self.last_button.description = "Hide last trick" if self._show_last else "Last trick"
        if t is None:
            self.last_area.value = ""
            return
        self.last_area.value = last_trick_html(s, t)

    def _focus_next(self) -> None:
        """Put the keyboard focus where the learner acts next. The control that had
        it (a card just played, a hidden box) may be gone from the page, and a focus
        left there falls back to the top of the page."""
        target = self._next_control()
        if target is not None:
            target.focus()

    def _next_control(self) -> widgets.DOMWidget | None:
        """The control the learner uses next (``None``: nothing of theirs to do)."""
        s = self.session
        phase = s.phase
        if self._confirming:
            return self.concede_no
        if s.trick_waiting:
            return self.continue_button
        if s.meld_count_pending:
            return self.meld_total
        if s.hand_over:
            return self.new_game_button if s.is_over else self.next_button
        if not s.is_my_turn:
            return None
        if phase is Phase.AUCTION:
            return self.amount
        if phase is Phase.TRUMP:
            return self.trump_buttons[0]
        if phase in GIVE_WORDS:
            buttons = self.select_picker.buttons
            return buttons[0] if buttons else self.give_button
        if phase is Phase.PLAY and self.hand_picker.buttons:
            legal = set(s.view.legal)
            for b, c in zip(self.hand_picker.buttons, self.hand_picker.hand, strict=True):
                if c in legal:
                    return b
            return self.hand_picker.buttons[0]
        return None

    def _announce(self) -> None:
        """Tell a screen reader what happened since the learner's last action (the
        computer players' bids and cards, tricks won, meld, the score) and what comes
        next, in one update of :attr:`announcer`."""
        events = self.session.events
        start = 0
        if self._heard is not None:
            # The last line read out; gone after an undo took it back, when only the
            # lines after the undo are new.
            found = next(
                (i for i in range(len(events) - 1, -1, -1) if events[i] is self._heard), None
            )
            if found is not None:
                start = found + 1
            else:
                undone = [i for i, e in enumerate(events) if e.kind is EventKind.UNDO]
                start = undone[-1] if undone else len(events)
        new = events[start:]
        self._heard = events[-1] if events else None
        self.announcer.say(announcement(self.session, new))

    def _safe_refresh(self) -> None:
        with self._lock:
            self.refresh()

    # ----------------------------------------------------------- actions
    def _act(self, action: Callable[[], object], text: str) -> None:
        """Run a learner's action; the table is redrawn whatever happens (a refusal
        propagates to :func:`guarded`, which shows the tutor's reason)."""
        with self._lock:
            try:
                action()
            finally:
                self.refresh()
            self.message.ok(f"{text} {self.session.task()}")
            self._after()

    def _after(self) -> None:
        """After a change: focus the next place to act, say what happened, start the
        automatic pause. The focus first: a key pressed as soon as the table has
        changed must reach the next control, not the page."""
        self._focus_next()
        self._announce()
        s = self.session
        if s.trick_waiting and self.auto_box.value:
            self._start_timer()

    def _start_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        s = self.session
        token = (id(s), s.hand_number, len(s.view.tricks))
        self._timer = threading.Timer(self.pause, self._auto_collect, args=(token,))
        self._timer.daemon = True
        self._timer.start()

    @guarded
    def _auto_collect(self, token: tuple[int, int, int]) -> None:
        with self._lock:
            s = self.session
            if not s.trick_waiting or token != (id(s), s.hand_number, len(s.view.tricks)):
                return  # the learner continued already, or undid the trick
            s.collect_trick()
            self.refresh()
            self.message.info(s.task())
            self._after()

    @guarded
    def _auto_changed(self, change: dict[str, Any]) -> None:
        with self._lock:
            if change["new"] and self.session.trick_waiting:
                self._start_timer()

    @guarded
    def _bid(self, _: object = None) -> None:
        self.session.expect(Phase.AUCTION)  # out of turn: whose turn it is, box or not
        amount = self.amount.read()  # an unreadable box is refused, quoting it
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
    def _count_meld_clicked(self, _: object = None) -> None:
        self.count_meld(self.meld_total.value)

    def count_meld(self, text: Any) -> bool:
        """Check the learner's count of their own meld (``text`` as typed) as the
        Check my meld button does: a press when no count is due, or what is not a
        meld total (empty, words, below 0, absurdly large), gets a message and
        changes nothing (``False``); a count is marked with the meld counter's
        diagnosis, then the meld is shown and play goes on (``True``)."""
        with self._lock:
            s = self.session
            try:
                s.expect_meld_count()
                total = parse_total(text)
                diagnosis = s.count_meld_total(total)
            except PinochleError as e:
                self.message.error(str(e))
                return False
            self.meld_total.value = ""
            self.refresh()
            # The first line here; the whole diagnosis and the breakdown stay below
            # (pt-meld-check) for the rest of the hand.
            head = diagnosis_html(diagnosis).split("<br>")[0]
            self.message.show_html(
                "ok" if diagnosis.correct else "error", f"{head}<br>{escape(s.task())}"
            )
            self._after()
            return True

    @guarded
    def _continue(self, _: object = None) -> None:
        self._act(self.session.collect_trick, "Trick collected.")

    @guarded
    def _toggle_last(self, _: object = None) -> None:
        with self._lock:
            if self.session.last_trick is None:
                self.message.info("No trick has been played in this hand yet.")
                return
            self._show_last = not self._show_last
            self._show_last_trick()

    @guarded
    def _undo_clicked(self, _: object = None) -> None:
        with self._lock:
            self._confirming = False
            what = self.session.undo()
            self.hand_picker.clear_marks()
            self.refresh()
            verdict = self.session.undo_verdict_text
            self.message.ok(
                " ".join(x for x in (f"Taken back: {what}.", verdict, self.session.task()) if x)
            )
            self._after()

    @guarded
    def _concede(self, _: object = None) -> None:
        with self._lock:
            s = self.session
            if not s.can_concede:
                s.concede()  # refused with the session's reason
            self._confirming = True
            self.confirm_text.value = (
                f"<b>Concede hand {s.hand_number}?</b> {escape(s.concede_cost_text())} "
                "Playing it out may still make the contract."
            )
            self.refresh()
            self.message.info("Conceding cannot be undone by playing on: confirm or keep playing.")
            self._focus_next()  # Keep playing: the safe answer

    @guarded
    def _concede_yes(self, _: object = None) -> None:
        with self._lock:
            if not self._confirming:
                raise IllegalActionError(
                    "Press 'Concede the hand' first: it tells you what conceding costs."
                )
            self._confirming = False
            cost = self.session.concede_cost_text()
            self._act(self.session.concede, f"You conceded the hand. {cost}")

    @guarded
    def _concede_no(self, _: object = None) -> None:
        with self._lock:
            self._confirming = False
            self.refresh()
            self.message.info(f"You keep playing. {self.session.task()}")
            self._focus_next()

    @guarded
    def _next(self, _: object = None) -> None:
        self._act(self.session.next_hand, "A new hand is dealt.")

    @guarded
    def _new_game(self, _: object = None) -> None:
        with self._lock:
            if not self.session.is_over:
                raise IllegalActionError("Finish this game first: New game appears at its end.")
            # A fixed seed stays reproducible, but the next game deals other cards.
            seed = random.Random(self.session.seed).randrange(SEED_RANGE)
            self.session = self._new_session(seed)
            self._heard = None  # every line of the new game is new
            self._show_last = False
            self.refresh()
            self.message.ok(f"A new game is dealt. {self.session.task()}")
            self._after()

    @guarded
    def _level_changed(self, change: dict[str, Any]) -> None:
        """The learner chose other opponents: seated at once while they have not yet
        made a decision in this game (the same cards are dealt again), else from the
        next game."""
        with self._lock:
            level = level_named(change["new"])
            self._opponents = level.value
            if self.session.learner_has_acted:
                self.message.ok(
                    f"{level.label} opponents will sit at the table from the next game; "
                    "this game goes on with the players it began with."
                )
                return
            self.session = self._new_session(self.session.seed)
            self._heard = None
            self.refresh()
            self.message.ok(f"{level.label} opponents sit at the table. {self.session.task()}")
            self._after()

    @guarded
    def _picked(self, card: Card) -> None:
        self.play(card)

    def play(self, card: Any) -> bool:
        """Play ``card`` as a click on it would; a refused card is explained (the
        card is marked, and the cards that prove the rule) and ``False`` returned."""
        with self._lock:
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
            self._after()
            return True

    @guarded
    def _hint(self, _: object = None) -> None:
        if not self._hints:  # the button is hidden, but a client can press it all the same
            raise IllegalActionError("Hints are switched off for this game.")
        hint = self.session.hint()
        picker = self.select_picker if hint.phase in GIVE_WORDS else self.hand_picker
        picker.clear_marks()
        if hint.cards:
            picker.mark(hint.cards, "proof")
        self.message.info(f"Hint: {hint.text}")
        lines = hint.alternatives_lines()
        self.hint_more.value = (
            "<details><summary>Every choice, with its expected value</summary><ul>"
            + "".join(f"<li>{escape(line)}</li>" for line in lines)
            + "</ul></details>"
            if lines
            else ""
        )
