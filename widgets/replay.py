"""The replay of a finished hand at the game table: step back and forth through it one
decision at a time.

:class:`HandReplay` shows the steps of
:func:`pinochle_tutor.course.table.replay.replay_steps`: First, Back, Next and Last
buttons, a step box to go straight to a step, the step counter in words ("Step 14 of
63: Trick 3"), the table as it was (each seat's card of the trick on the table, the
kitty once it was turned up, the meld laid down), the learner's own hand at that
moment, and where the coach's review judged the decision, its verdict with the better
choice marked on the cards (``pt-replay-better``, and "Better: A♠" in words). A polite
live region reads each step out. The review's text stays beside it, for screen readers
and for reading all at once.

Synced state is only what the learner saw during the hand (their own hand, the cards
played, the meld laid down, the kitty turned up) and the review's verdicts, and only
once the hand is over. A client may press any button or send any step number: a step
outside the hand is refused with a message that says which steps there are.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from pinochle_tutor import Card, RuleSet, svg
from pinochle_tutor.course.table.replay import ReplayStep, StepKind
from pinochle_tutor.view import seat_name

from ._base import (
    Message,
    NumberBox,
    PythonWrites,
    button,
    card_spans,
    guard_client_values,
    guarded,
    own_style,
    shown,
)
from .live import LiveRegion
from .table_html import seat_position

__all__ = ["HandReplay", "ReplayKeys"]

_KEYS_ESM = """
const MOVES = { ArrowLeft: "back", ArrowRight: "next" };
const SHORTCUTS = { "pt-replay-back": "ArrowLeft", "pt-replay-next": "ArrowRight" };
export default {
  render({ model, el }) {
    el.classList.add("pt-replay-keys");
    const hint = document.createElement("p");
    hint.className = "pt-replay-keys-hint";
    hint.textContent = model.get("hint");
    el.appendChild(hint);
    let box = null;
    const onKey = (e) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const t = e.target;
      if (t && ["INPUT", "TEXTAREA", "SELECT"].includes(t.tagName)) return;
      const move = MOVES[e.key];
      if (!move) return;
      e.preventDefault();
      model.send({ move });
    };
    let tries = 0;
    const attach = () => {
      box = el.closest(".pt-replay");
      if (!box) {
        if (tries++ < 50) setTimeout(attach, 100);
        return;
      }
      box.addEventListener("keydown", onKey);
      for (const [cls, key] of Object.entries(SHORTCUTS)) {
        box.querySelectorAll("button." + cls).forEach((b) => b.setAttribute("aria-keyshortcuts", key));
      }
    };
    attach();
    return () => { if (box) box.removeEventListener("keydown", onKey); };
  },
};
"""

_CSS = """
.pt-replay { border: 1px solid #d8d2bf; border-radius: 8px; padding: 6px 8px;
  max-width: 820px; box-sizing: border-box; }
.pt-replay-controls { flex-wrap: wrap; gap: 4px; align-items: center; }
.pt-replay-controls .widget-button { width: auto; min-width: 5.5em; }
.pt-replay-counter { font-weight: 700; }
.pt-replay-keys-hint { margin: 0; font-size: 0.85em; color: #444; }
/* Read out, not shown: the counter, the table and the verdict show the same words. */
.pt-replay .pt-replay-announce { position: absolute; width: 1px; height: 1px; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; padding: 0; }
.pt-replay-felt { display: grid; background: #1f6b3a; color: #fff; border-radius: 14px;
  line-height: 1.3;
  padding: 8px; gap: 4px; justify-items: center; align-items: center;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr);
  grid-template-areas: ". north ." "west caption east" ". south ."; }
.pt-replay-felt .pt-replay-slot { display: flex; flex-direction: column; align-items: center;
  gap: 2px; min-height: 100px; min-width: 0; }
.pt-replay-felt .pt-replay-seat { background: rgba(0,0,0,0.25); border-radius: 8px;
  padding: 0 6px; font-size: 0.9em; text-align: center; }
.pt-replay-felt .pt-replay-seat.pt-replay-acting { background: #f7d154; color: #1b1b1b; }
.pt-replay-felt .pt-replay-caption { grid-area: caption; text-align: center; font-size: 0.95em;
  min-width: 0; overflow-wrap: anywhere; }
.pt-replay-felt .pt-replay-caption .pt-cardtext { background: #fff; border-radius: 3px;
  padding: 0 2px; }
.pt-replay-empty { width: 52px; height: 73px; border: 2px dashed rgba(255,255,255,0.35);
  border-radius: 7px; box-sizing: border-box; }
.pt-replay-row { display: flex; flex-wrap: wrap; gap: 4px 2px; align-items: flex-end; }
.pt-replay-card { display: inline-flex; flex-direction: column; align-items: center;
  border-radius: 7px; padding: 2px; }
.pt-replay-card svg { display: block; max-width: 100%; height: auto; }
.pt-replay-card.pt-replay-played { outline: 3px solid #1f5fbf; outline-offset: -1px; }
.pt-replay-card.pt-replay-better { outline: 4px solid #1a7f37; outline-offset: -1px;
  background: #e6f4ea; }
.pt-replay-tag { font-size: 11px; font-weight: 700; border-radius: 4px; padding: 0 4px;
  color: #fff; background: #1f5fbf; }
.pt-replay-better .pt-replay-tag { background: #1a7f37; }
.pt-replay-verdict .widget-html-content { border-left: 4px solid #1f5fbf; background: #eef3fb;
  padding: 4px 10px; border-radius: 4px; }
.pt-replay-verdict p { margin: 2px 0; line-height: 1.45; }
.pt-replay-verdict .pt-replay-mistake { border-left: 4px solid #b8860b; padding-left: 6px; }
.pt-replay-verdict .pt-replay-better-words { font-weight: 700; color: #0b5d1e; }
.pt-replay-meld li, .pt-replay-notes li { margin: 1px 0; }
@media (max-width: 700px) {
  .pt-replay-felt { padding: 4px; grid-template-columns: minmax(0, 0.8fr) minmax(0, 1.4fr) minmax(0, 0.8fr); }
  .pt-replay-felt .pt-replay-seat { font-size: 0.8em; }
}
"""


class ReplayKeys(PythonWrites):
    """The left and right arrow keys for the replay: while the focus is inside the
    replay (not in its step box), Left steps back and Right steps on, as the Back and
    Next buttons do (which say so, ``aria-keyshortcuts``); a line under the buttons
    tells the learner. The page sends ``{"move": "back"}`` or ``{"move": "next"}``;
    :class:`HandReplay` checks it like a button press.

    Synced state: ``hint``, the line shown (set from Python only)."""

    _esm = _KEYS_ESM
    hint = traitlets.Unicode(
        "Keys: with the focus in the replay, the left and right arrow keys step back and on.",
        help="The line that tells the learner about the keys.",
    ).tag(sync=True)

    python_only = ("hint",)  # the line comes from Python only


class HandReplay(widgets.VBox):
    """Step through a finished hand (see the module docstring).

    >>> replay = HandReplay()
    >>> replay.step_count
    0

    CSS hooks: ``pt-replay`` (the whole), ``pt-replay-controls``, ``pt-replay-first``,
    ``pt-replay-back``, ``pt-replay-next``, ``pt-replay-last``, ``pt-replay-step`` (the
    step box: Enter, leaving it or ``pt-replay-go`` goes to the step typed),
    ``pt-replay-counter``, ``pt-replay-table`` (the table as it was),
    ``pt-replay-hand`` (the learner's hand then), ``pt-replay-verdict``; each card
    ``pt-replay-card``, the card played ``pt-replay-played``, the coach's better card
    ``pt-replay-better``.

    ``message``: where refusals and notes go (the game table passes its own message
    region, so a page has one); without it the replay shows its own under the buttons."""

    def __init__(self, message: Message | None = None) -> None:
        self.message = message if message is not None else Message()
        self._own_message = message is None
        self._steps: tuple[ReplayStep, ...] = ()
        self._rules: RuleSet | None = None
        self._seat = 0
        self._index = 0
        self.heading = widgets.HTML()
        self.heading.add_class("pt-replay-heading")
        self.first_button = button("« First", "pt-replay-first", self.first, tooltip="First step")
        self.back_button = button("◀ Back", "pt-replay-back", self.back, tooltip="Step back")
        self.next_button = button("Next ▶", "pt-replay-next", self.next, tooltip="Next step")
        self.last_button = button("Last »", "pt-replay-last", self.last, tooltip="Last step")
        self.step_box = NumberBox(
            "a step number", description="Go to step", layout=widgets.Layout(width="11em"),
            style={"description_width": "initial"},
        )  # fmt: skip
        self.step_box.add_class("pt-replay-step")
        self.step_box.on_commit(self.go_to_typed)
        self.go_button = button(
            "Go", "pt-replay-go", self.go_to_typed, tooltip="Go to the step typed"
        )
        self.controls = widgets.HBox(
            [self.first_button, self.back_button, self.next_button, self.last_button,
             self.step_box, self.go_button]
        )  # fmt: skip
        self.controls.add_class("pt-replay-controls")
        self.arrow_keys = ReplayKeys()
        self.arrow_keys.on_msg(self._key)
        self.counter = widgets.HTML()
        self.counter.add_class("pt-replay-counter")
        self.announcer = LiveRegion(label="Replay step")
        self.announcer.add_class("pt-replay-announce")
        self.table_area = widgets.HTML()
        self.table_area.add_class("pt-replay-table")
        self.hand_area = widgets.HTML()
        self.hand_area.add_class("pt-replay-hand")
        self.verdict_area = widgets.HTML()
        self.verdict_area.add_class("pt-replay-verdict")
        self.notes_area = widgets.HTML()
        self.notes_area.add_class("pt-replay-notes")
        css = own_style(_CSS)
        children: list[widgets.Widget] = [
            css, self.heading, self.controls, self.arrow_keys, self.counter, self.announcer,
            self.table_area, self.verdict_area, self.hand_area, self.notes_area,
        ]  # fmt: skip
        if self._own_message:
            children.insert(4, self.message)
        super().__init__(children, layout=widgets.Layout(max_width="100%"))
        self.add_class("pt-replay")
        guard_client_values(self, self.message)
        self._render()

    # ----------------------------------------------------------- the steps
    @property
    def step_count(self) -> int:
        """How many steps the hand has (0: no hand shown)."""
        return len(self._steps)

    @property
    def step(self) -> ReplayStep | None:
        """The step shown (``None``: no hand)."""
        return self._steps[self._index] if self._steps else None

    @property
    def steps(self) -> tuple[ReplayStep, ...]:
        """Every step of the hand shown."""
        return self._steps

    def show(
        self, steps: Sequence[ReplayStep], rules: RuleSet, seat: int, title: str = "Replay"
    ) -> None:
        """Show a hand's ``steps`` (from ``seat``'s place at the table, under ``rules``),
        from its first step."""
        self._steps = tuple(steps)
        self._rules = rules
        self._seat = seat
        self._index = 0
        self.heading.value = f"<h4>{escape(title)}</h4>"
        self._render()

    def clear(self) -> None:
        """Show nothing (the hand is not over yet): nothing of a hand stays in the page."""
        self._steps = ()
        self._index = 0
        self.heading.value = ""
        self._render()

    @guarded
    def go(self, number: Any) -> bool:
        """Show step ``number`` (1 for the first). A number that is not a step of the hand
        is refused with a message saying which steps there are; returns whether it moved."""
        n = len(self._steps)
        if not n:
            self.message.error("There is no finished hand to replay yet.")
            return False
        if isinstance(number, bool) or not isinstance(number, int):
            self.message.error(f"{str(number)[:40]!r} is not a step number: use 1 to {n}.")
            return False
        if not 1 <= number <= n:
            # The box keeps what was typed, to be mended; Go, pressed once the box
            # committed it, answers the same.
            self.message.error(f"There is no step {number}: this hand has steps 1 to {n}.")
            return False
        self._index = number - 1
        self.message.clear()
        self._render()
        self._say()
        return True

    def first(self) -> bool:
        """The first step (the first call of the auction)."""
        return bool(self.go(1))

    def last(self) -> bool:
        """The last step (the end of the hand)."""
        return bool(self.go(len(self._steps)))

    def next(self) -> bool:
        """One step on; at the last step, says so."""
        if self._steps and self._index + 1 >= len(self._steps):
            self.message.info("This is the last step: the end of the hand.")
            return False
        return bool(self.go(self._index + 2))

    def back(self) -> bool:
        """One step back; at the first step, says so."""
        if self._steps and self._index == 0:
            self.message.info("This is the first step: the first call of the auction.")
            return False
        return bool(self.go(self._index))

    def go_to_trick(self, trick_number: int) -> bool:
        """The first step of trick ``trick_number``."""
        for s in self._steps:
            if s.kind is StepKind.PLAY and s.trick_number == trick_number:
                return bool(self.go(s.number))
        self.message.error(f"There is no trick {trick_number} in this hand.")
        return False

    def _key(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        """An arrow key from the page: ``{"move": "back"}`` or ``{"move": "next"}``."""
        move = content.get("move") if isinstance(content, dict) else None
        if move == "back":
            self.back()
        elif move == "next":
            self.next()
        else:
            self.message.error(f"{str(move)[:40]!r} is not a way to move: use back or next.")

    @guarded
    def go_to_typed(self) -> bool:
        """The step typed in the step box, when it is committed (Enter, or leaving the
        box) and when Go is pressed (a click leaves the box first, so this is called
        twice with the same text, and answers the same): what is not a whole number is
        refused quoting it, a number that is not a step by :meth:`go`; nothing moves."""
        if not self._steps:
            return bool(self.go(None))  # says there is no hand
        return bool(self.go(self.step_box.read()))

    # ----------------------------------------------------------- drawing
    def _say(self) -> None:
        s = self.step
        if s is not None:
            said = [f"{self.counter_text}.", s.caption, *(v.line for v in s.verdicts)]
            self.announcer.say(" ".join(said))

    @property
    def counter_text(self) -> str:
        """``'Step 14 of 63: Trick 3'`` (empty without a hand)."""
        s = self.step
        if s is None:
            return ""
        return f"Step {s.number} of {len(self._steps)}: {s.title}"

    def _render(self) -> None:
        s = self.step
        n = len(self._steps)
        for b in (self.first_button, self.back_button):
            b.disabled = s is None or self._index == 0
        for b in (self.next_button, self.last_button):
            b.disabled = s is None or self._index + 1 >= n
        self.layout.display = "" if s is not None else "none"
        if s is None:
            for area in (self.counter, self.table_area, self.hand_area, self.verdict_area,
                         self.notes_area):  # fmt: skip
                area.value = ""
            self.announcer.say("")
            return
        self.step_box.value = s.number
        self.counter.value = escape(self.counter_text)
        self.table_area.value = self._table_html(s)
        self.hand_area.value = self._hand_html(s)
        self.verdict_area.value = self._verdict_html(s)
        self.notes_area.value = self._notes_html(s)
        shown(self.verdict_area, bool(s.verdicts))
        shown(self.notes_area, bool(s.notes or s.melds))

    def _name(self, seat: int) -> str:
        assert self._rules is not None
        return seat_name(seat, self._seat, self._rules)

    def _position(self, seat: int) -> str:
        assert self._rules is not None
        n = self._rules.players
        return seat_position(n, self._seat, seat)

    def _table_html(self, s: ReplayStep) -> str:
        assert self._rules is not None
        played = dict(s.trick)
        slots = []
        for seat in range(self._rules.players):
            pos = self._position(seat)
            card = played.get(seat)
            if card is None:
                pic = '<div class="pt-replay-empty" aria-hidden="true"></div>'
            else:
                win = "winner" if s.winner == seat else None
                pic = svg.card(card, size=52, highlight=win)
            acting = " pt-replay-acting" if seat == s.seat else ""
            name = escape(self._name(seat))
            slots.append(
                f'<div class="pt-replay-slot" style="grid-area: {pos}">'
                f'<span class="pt-replay-seat{acting}">{name}</span>{pic}</div>'
            )
        caption = f"<b>{escape(s.title)}</b><br>{escape(s.caption)}"
        if s.kitty:
            caption += f"<br>Kitty: {card_spans(s.kitty)}"
        label = escape(f"The table at step {s.number}: {s.caption}", quote=True)
        return (
            f'<div class="pt-replay-felt" role="group" aria-label="{label}">'
            f'{"".join(slots)}<div class="pt-replay-caption">{caption}</div></div>'
        )

    def _hand_html(self, s: ReplayStep) -> str:
        better = set(s.better_cards)
        played = s.played if s.seat == self._seat else None
        given = set(s.given) if s.seat == self._seat else set()
        cards = []
        marked_better: set[Card] = set()
        for c in s.hand:
            classes = ["pt-replay-card"]
            tags = []
            if c in better and c not in marked_better:
                classes.append("pt-replay-better")
                tags.append("Better")
                marked_better.add(c)
            elif c == played or c in given:
                classes.append("pt-replay-played")
                tags.append("Played" if c == played else "Given")
            tag = "".join(f'<span class="pt-replay-tag">{t}</span>' for t in tags)
            cards.append(f'<span class="{" ".join(classes)}">{svg.card(c, size=48)}{tag}</span>')
        n = len(s.hand)
        head = f"Your hand then ({n} card{'s' if n != 1 else ''})"
        if not cards:
            return f"<b>{head}</b>: no cards left."
        return (
            f'<b>{head}</b><div class="pt-replay-row" role="group" '
            f'aria-label="{escape(head, quote=True)}">{"".join(cards)}</div>'
        )

    def _verdict_html(self, s: ReplayStep) -> str:
        parts = []
        for v in s.verdicts:
            cls = "pt-replay-mistake" if v.mistake else "pt-replay-good"
            better = (
                f' <span class="pt-replay-better-words">{escape(v.better_words)}.</span>'
                if v.better_words
                else ""
            )
            parts.append(
                f'<p class="{cls}"><b>The coach on {escape(v.topic.lower())}:</b> '
                f"{escape(v.text)}{better}</p>"
            )
        return "".join(parts)

    def _notes_html(self, s: ReplayStep) -> str:
        out = []
        if s.melds:
            items = "".join(
                f"<li>{escape(m.name[:1].upper() + m.name[1:])}: {m.points}"
                + (f" ({card_spans(m.cards)})" if m.cards else "")
                + "</li>"
                for m in s.melds
            )
            out.append(f'<div class="pt-replay-meld"><b>Meld laid down</b><ul>{items}</ul></div>')
        if s.notes:
            items = "".join(f"<li>{escape(line.strip())}</li>" for line in s.notes)
            out.append(f"<ul>{items}</ul>")
        return "".join(out)
