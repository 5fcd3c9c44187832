"""Play with classmates: a table that several learners share, each in their own browser.

:class:`ClassmatesTable` is the page's one widget. First the lobby: open a table (the
computer players' level for the empty seats, hints on or off) and get its code, or join
one with a classmate's code or from the list of the site's open tables; then the
waiting room (the seats, who sits where, a free seat to move to, and for the opener
Start the game); then the game itself, a :class:`SharedGameTable`: the game table of
the lesson, from the learner's own seat, with the classmates' moves arriving as they
make them.

The table lives in the class database (:mod:`pinochle_tutor.classroom.tables`); this
page's kernel holds the game (:class:`~pinochle_tutor.course.table.shared.SharedSession`)
and reads the table's new moves a few times a second in a background thread. Synced
state holds only what the learner may see: their own cards, the cards on the table and
what was shown, never a classmate's hand. Where there is no class database (the static
site, or a progress file), the page says that tables with classmates need the class site.
"""

from __future__ import annotations

import logging
import os
import random
import sys
import threading
import time
from collections.abc import Callable
from functools import partial
from html import escape
from typing import Any

import ipywidgets as widgets

from pinochle_tutor import PinochleError, RuleSet
from pinochle_tutor.bots.levels import Level
from pinochle_tutor.classroom.display import class_store
from pinochle_tutor.classroom.identity import current_learner
from pinochle_tutor.classroom.progress import DATABASE_URL_VAR
from pinochle_tutor.classroom.tables import (
    NoSuchTableError,
    SharedTable,
    TableState,
    TableStore,
    normal_code,
)
from pinochle_tutor.course.quiz.items import rules_label
from pinochle_tutor.course.table.shared import HEARTBEAT, SharedSession, TableOutOfStepError
from pinochle_tutor.names import find_named
from pinochle_tutor.rules import rule_set_words
from pinochle_tutor.words import seat_label

from ._base import (
    Message,
    button,
    coerce_rules,
    guard_client_values,
    guarded,
    shown,
    style_widget,
)
from .game_table import GameTable

__all__ = ["AWAY_WAIT_VAR", "ClassmatesTable", "SharedGameTable", "away_wait"]

AWAY_WAIT_VAR = "PINOCHLE_TUTOR_AWAY_WAIT"
"""The environment variable with the seconds a learner may be away from a table before
a computer player acts for them (the teacher's setting; default 60)."""

NEEDS_DATABASE = (
    "Tables with classmates are not set up on this site yet: ask your teacher. Meanwhile, "
    "play against the computer players in lesson 9."
)

NEEDS_SERVER = (
    "Tables with classmates need the class site (Voila or JupyterHub), where every "
    "learner's page reaches the class database. This page runs in your browser alone: "
    "play against the computer players in lesson 9 instead."
)

_LOG = logging.getLogger(__name__)


def away_wait(env: Any = None) -> int:
    """The teacher's wait, in seconds (:data:`AWAY_WAIT_VAR`; 60 when unset or not a
    whole number from 10 to 3600)."""
    raw = (os.environ if env is None else env).get(AWAY_WAIT_VAR, "")
    try:
        value = int(raw)
    except ValueError:
        return 60
    return value if 10 <= value <= 3600 else 60


class SharedGameTable(GameTable):
    """The game table at a classmates' table, from one learner's seat (see the module's
    text). ``poll`` is the seconds between two reads of the table's new moves."""

    def __init__(
        self, session: SharedSession, poll: float = 0.25, on_back: Callable[[], None] | None = None
    ) -> None:
        self._shared = session
        self._on_back = on_back
        self._poll = poll
        self._stop = threading.Event()
        self._failures = 0
        self._out_of_step = False
        super().__init__(
            seed=session.seed, rules=session.rules, opponents="heuristic",
            hints=session.table.hints, undo=False, auto_continue=False,
        )  # fmt: skip
        self.add_class("pt-shared-table")
        self.back_button = button("Back to the tables", "pt-back-to-lobby", self._back)
        self.children = (*tuple(self.children), self.back_button)  # type: ignore[has-type]
        shown(self.back_button, self._shared.is_over)
        self._thread = threading.Thread(target=self._watch, name="pt-table-watch", daemon=True)
        self._thread.start()

    def refresh(self) -> None:
        """The game table as :meth:`GameTable.refresh` shows it, without what a shared
        game has not: a new game, the opponents' level, undo and the trick pause."""
        super().refresh()
        for part in (self.new_game_button, self.level_box, self.auto_box, self.continue_button,
                     self.undo_button):  # fmt: skip
            shown(part, False)
        back = getattr(self, "back_button", None)
        if back is not None:
            shown(back, self._shared.is_over)

    def _new_session(self, seed: int | None) -> SharedSession:
        del seed
        return self._shared

    def close(self) -> None:
        self._stop.set()
        super().close()

    def _watch(self) -> None:
        """The background reader: the table's new moves, applied and shown."""
        while not self._stop.wait(self._poll):
            try:
                with self._lock:
                    mine = self.session.is_my_turn
                    if self._shared.sync():
                        self.refresh()
                        if self.session.is_my_turn and not mine:
                            self.message.info(f"Your turn. {self.session.task()}")
                        self._after()
                self._failures = 0
            except TableOutOfStepError as exc:  # never while pages apply the same moves
                if not self._out_of_step:
                    self._out_of_step = True
                    self.message.error(str(exc))
            except Exception:
                self._failures += 1
                _LOG.warning("table %s could not be read", self._shared.table.code, exc_info=True)
                if self._failures == 20:
                    self.message.error(
                        "The class site is not answering just now: the table will catch up "
                        "when it does."
                    )
            if self._shared.is_over and self._shared.table.state is TableState.CLOSED:
                return

    def _seat_html(self, seat: int) -> str:
        html = super()._seat_html(seat)
        s = self._shared
        if seat == s.human_seat:
            return html
        who = escape(s.seat_holder(seat))
        return html.replace("<br>", f"<br><small>{who}</small><br>", 1)

    @guarded
    def _back(self, _: object = None) -> None:
        if not self._shared.is_over:  # a client pressing the hidden button mid-game
            raise PinochleError(
                "The game at this table is still on: your seat waits for you until it ends."
            )
        if self._on_back is not None:
            self._on_back()

    @guarded
    def _new_game(self, _: object = None) -> None:
        raise PinochleError(
            "A game with classmates ends with its table: to play again, go back to the "
            "tables (the button under the game once it is over) and open a new one."
        )


class ClassmatesTable(widgets.VBox):
    """The page "Play with classmates": lobby, waiting room and game (see the module's
    text). ``rules``: the site's rule set; ``store``: the class database's tables
    (default: the site's, :func:`~pinochle_tutor.classroom.display.class_store`).

    CSS hooks: ``pt-classmates``, ``pt-open-level``, ``pt-open-hints``, ``pt-open-table``,
    ``pt-join-code``, ``pt-join``, ``pt-open-list`` (the open tables), ``pt-join-listed``,
    ``pt-table-code``, ``pt-seat-list``, ``pt-take-seat``, ``pt-start``, ``pt-leave``,
    ``pt-refresh``; the game is a ``pt-shared-table`` (the game table's hooks)."""

    def __init__(
        self,
        rules: RuleSet | str | None = None,
        tables: TableStore | None = None,
        learner: str | None = None,
        name: str | None = None,
        poll: float = 0.25,
    ) -> None:
        self.rules = coerce_rules(rules)
        self.message = Message()
        self._poll = poll
        self._lock = threading.RLock()
        self._stop = threading.Event()
        self.code: str | None = None
        """The code of the table this page sits at (``None`` in the lobby)."""
        self.game: SharedGameTable | None = None
        who = current_learner()
        self.learner = learner if learner is not None else ("" if who.is_guest else who.key)
        self._tables = tables
        apart = bool(os.environ.get("JUPYTERHUB_USER")) and not os.environ.get(DATABASE_URL_VAR)
        if self._tables is None and sys.platform != "emscripten" and not apart:
            store = class_store()
            self._tables = TableStore(store) if store is not None else None
        self._name = name
        self.level = widgets.Dropdown(
            options=[(lv.label, lv.value) for lv in Level], value=Level.BEGINNER.value,
            description="Computer players", style={"description_width": "initial"},
        )  # fmt: skip
        self.level.add_class("pt-open-level")
        self.hints = widgets.Checkbox(value=True, description="Hints from the coach", indent=False)
        self.hints.add_class("pt-open-hints")
        self.open_button = button("Open a table", "pt-open-table", self._open, "primary")
        self.code_box = widgets.Text(
            placeholder="e.g. K7Q2XM", description="Table code", continuous_update=False,
            style={"description_width": "initial"}, layout=widgets.Layout(width="16em"),
        )  # fmt: skip
        self.code_box.add_class("pt-join-code")
        self.join_button = button("Join", "pt-join", self._join_typed, "primary")
        self.listed = widgets.VBox()
        self.listed.add_class("pt-open-list")
        self.refresh_button = button("Look again", "pt-refresh", self._refresh_clicked)
        self.lobby = widgets.VBox(
            [
                widgets.HTML("<h3>Open a table</h3><p>You sit South; share the code with "
                             "your classmates. Empty seats are computer players.</p>"),
                widgets.HBox([self.level, self.hints]), self.open_button,
                widgets.HTML("<h3>Join a table</h3>"),
                widgets.HBox([self.code_box, self.join_button]),
                widgets.HTML("<p>Or pick one of the open tables:</p>"), self.listed,
                self.refresh_button,
            ]
        )  # fmt: skip
        self.code_area = widgets.HTML()
        self.code_area.add_class("pt-table-code")
        self.seat_list = widgets.VBox()
        self.seat_list.add_class("pt-seat-list")
        self.start_button = button("Start the game", "pt-start", self._start, "success")
        self.leave_button = button("Leave the table", "pt-leave", self._leave)
        self.room = widgets.VBox(
            [self.code_area, self.seat_list, widgets.HBox([self.start_button, self.leave_button])]
        )
        self.stage = widgets.VBox()
        super().__init__([style_widget(), self.message, self.stage])
        self.add_class("pt-widget")
        self.add_class("pt-classmates")
        # Every box a client can write to answers in words from this moment: the lobby
        # and the waiting room are not on the stage yet, and what the stage shows later
        # (the seats, the list, the game) is guarded as it is put there.
        for part in (self, self.lobby, self.room):
            guard_client_values(part, self.message)
        if self._tables is None or not self.learner:
            self.stage.children = (widgets.HTML(f"<p>{escape(self._unavailable())}</p>"),)
            return
        self._show_lobby()
        self._thread = threading.Thread(target=self._watch, name="pt-lobby-watch", daemon=True)
        self._thread.start()

    # ----------------------------------------------------------- building
    def _unavailable(self) -> str:
        if self._tables is None:
            return NEEDS_SERVER if sys.platform == "emscripten" else NEEDS_DATABASE
        return (
            "Give your name on the welcome page first, then come back and reload this page: "
            "your classmates see your name at the table, and your seat is kept for you if "
            "you close this page."
        )


    @property
    def name(self) -> str:
        """The learner's name as the class database has it now (given on the welcome
        page, maybe after this page was opened); ``''`` when none."""
        if self._name is not None:
            return self._name
        try:
            return self.tables.store.name_of(self.learner)
        except Exception:  # the table goes on without a name: "a classmate"
            return ""

    @property
    def tables(self) -> TableStore:
        assert self._tables is not None
        return self._tables

    # ----------------------------------------------------------- screens
    def _show_lobby(self) -> None:
        mine = self._my_table()
        if mine is not None:  # back at a table this learner sits at
            self._enter(mine)
            if mine.state is TableState.OPEN:
                self.message.info(self._seated_words(mine))
            return
        self._list_tables()
        self.stage.children = (self.lobby,)

    def _my_table(self) -> SharedTable | None:
        """A table this learner has a seat at that is not closed (the newest)."""
        self.tables.close_idle()
        mine = self.tables.seated(self.learner)
        return mine[0] if mine else None

    def _list_tables(self) -> None:
        self.tables.close_idle()
        rows: list[widgets.Widget] = []
        joinable = [t for t in self.tables.open_tables(self.rules.name) if t.free_seats]
        for table in joinable[:12]:
            names = ", ".join(s.name or "a classmate" for s in table.seats)
            b = button(
                f"Join {table.code}", "pt-join-listed",
                partial(self._join, table.code),
            )  # fmt: skip
            words = widgets.HTML(
                f"{escape(names)}: {len(table.seats)} of {table.players} seats taken, "
                f"{escape(table.level)} computer players"
            )
            rows.append(widgets.HBox([b, words]))
        if not rows:
            rows.append(widgets.HTML("<p>No table has a free seat right now.</p>"))
        self.listed.children = tuple(rows)

    def _enter(self, table: SharedTable) -> None:
        """Show the waiting room of ``table``, or its game once started."""
        self.code = table.code
        if table.state is TableState.PLAYING:
            self._play(table)
            return
        self._show_room(table)
        self.stage.children = (self.room,)

    def _show_room(self, table: SharedTable) -> None:
        self.code_area.value = (
            f"<p>Table code: <b class='pt-code'>{escape(table.code)}</b> (share it with your "
            f"classmates). {escape(rules_label(self.rules) or self.rules.title)} rules, "
            f"{escape(table.level)} computer "
            f"players, hints {'on' if table.hints else 'off'}.</p>"
        )
        rows: list[widgets.Widget] = []
        for seat in range(table.players):
            held = table.learner_at(seat)
            label = seat_label(seat, table.players)
            if held is not None:
                who = "you" if held.learner == self.learner else (held.name or "a classmate")
                rows.append(widgets.HTML(f"<p><b>{label}</b>: {escape(who)}</p>"))
            else:
                b = button(
                    f"Sit {label}", "pt-take-seat",
                    partial(self._take, seat, table.code),
                )  # fmt: skip
                rows.append(widgets.HBox([widgets.HTML(f"<p><b>{label}</b>: free (a computer player "
                                                       "if no one sits)</p>"), b]))  # fmt: skip
        self.seat_list.children = tuple(rows)
        opener = table.opener == self.learner
        shown(self.start_button, opener)
        self.leave_button.description = "Close the table" if opener else "Leave the table"

    def _seated_words(self, table: SharedTable) -> str:
        """What a learner who has just sat at ``table`` is told (the waiting room is
        redrawn as classmates come and go; this is said once, when they sit)."""
        if table.opener == self.learner:
            return f"You sit at table {table.code}: start the game when everyone is there."
        return (
            f"You sit at table {table.code}. Waiting for the classmate who opened it to "
            "start the game."
        )

    def _play(self, table: SharedTable) -> None:
        if self.game is not None and self.game._shared.table.code == table.code:
            return
        session = SharedSession(self.tables, table, self.learner, self.rules)
        session.sync()
        self.game = SharedGameTable(session, poll=self._poll, on_back=self._back_to_lobby)
        self.stage.children = (self.game,)
        self.message.ok(f"The game at table {table.code} is on. {session.task()}")

    # ----------------------------------------------------------- actions
    # A client can press any button the kernel holds, shown or not: the lobby's in the
    # waiting room, the waiting room's in the lobby or the game, the Sit buttons of a
    # room left. Each action first checks that it applies here and now, and says what
    # to do when it does not (a PinochleError, shown as it is by ``guarded``).
    def _check_available(self) -> None:
        """Refuse every action on a page that cannot seat anyone (no class database,
        or a learner without a name), in the words the page shows."""
        if self._tables is None or not self.learner:
            raise PinochleError(self._unavailable())

    def _check_in_lobby(self) -> None:
        """Refuse opening, joining or listing tables while this learner sits at one:
        they would sit at a second table and leave a ghost seat at the first."""
        self._check_available()
        if self.game is not None and self.code is not None:
            raise PinochleError(self._game_on_words(self.code))
        if self.code is not None:
            raise PinochleError(
                f"You sit at table {self.code}: to open or join another table, press "
                f"“{self.leave_button.description}” first."
            )

    def _check_in_room(self, code: str | None = None) -> str:
        """The code of the table whose waiting room this page shows (``code``, when a
        button belongs to one table); refused in the lobby and once the game is on."""
        self._check_available()
        if self.code is None:
            raise PinochleError(
                "You are not at a table: open one, or join one with its code or from the "
                "list of open tables."
            )
        if self.game is not None:
            raise PinochleError(self._game_on_words(self.code))
        if code is not None and code != self.code:
            raise PinochleError(
                f"That seat is at table {code}, which you have left: pick a seat of table "
                f"{self.code}."
            )
        return self.code

    @staticmethod
    def _game_on_words(code: str) -> str:
        return (
            f"The game at table {code} is on: your seat waits for you until it ends, and "
            "then 'Back to the tables' leads to the list of tables."
        )

    @guarded
    def _open(self, _: object = None) -> None:
        with self._lock:
            self._check_in_lobby()
            level = find_named(self.level.value, {lv.value: lv for lv in Level}) or Level.BEGINNER
            table = self.tables.open_table(
                self.learner, self.name, rule_set=self.rules.name, players=self.rules.players,
                level=level.value, hints=bool(self.hints.value), away_wait=away_wait(),
                seed=random.SystemRandom().randrange(2**62),
            )  # fmt: skip
            self._enter(table)
            self.message.ok(f"Table {table.code} is open: share the code with your classmates.")

    @guarded
    def _join_typed(self, _: object = None) -> None:
        self._join(self.code_box.value)

    @guarded
    def _join(self, code: object) -> None:
        with self._lock:
            self._check_in_lobby()
            table = self.tables.table(normal_code(code))
            if table.state is TableState.CLOSED:
                raise NoSuchTableError(
                    f"Table {table.code} has closed: open a new table, or join another"
                )
            if table.rule_set != self.rules.name:
                raise PinochleError(
                    f"Table {table.code} is for {rule_set_words(table.rule_set)} pinochle, "
                    "which this site does not play: join a table from the list, or open one"
                )
            if table.seat_of(self.learner) is None:
                free = table.free_seats
                table = self.tables.take_seat(table.code, self.learner, self.name,
                                              free[0] if free else 0)  # fmt: skip
            self._enter(table)
            if self.game is None:
                self.message.ok(self._seated_words(table))

    @guarded
    def _take(self, seat: int, code: str | None = None) -> None:
        with self._lock:
            at = self._check_in_room(code)
            table = self.tables.take_seat(at, self.learner, self.name, seat)
            self._show_room(table)
            self.message.ok(f"You sit {seat_label(seat, table.players)}.")

    @guarded
    def _start(self, _: object = None) -> None:
        with self._lock:
            self._check_available()
            if self.code is None:
                raise PinochleError(
                    "Open a table, or join one: its game starts from the waiting room, when "
                    "the classmate who opened it presses 'Start the game'."
                )
            table = self.tables.start(self._check_in_room(), self.learner)
            self._play(table)

    @guarded
    def _leave(self, _: object = None) -> None:
        with self._lock:
            code = self._check_in_room()
            table = self.tables.table(code)
            if table.state is TableState.PLAYING:  # started a moment ago: the seat is kept
                self._play(table)
                raise PinochleError(self._game_on_words(code))
            closing = table.opener == self.learner
            self.tables.leave(code, self.learner)
            self.code = None
            self._show_lobby()
            self.message.ok(
                f"You closed table {code}; anyone waiting there is back at the list of tables."
                if closing else "You left the table."
            )  # fmt: skip

    def _back_to_lobby(self) -> None:
        """After the game: the lobby again, to open or join a new table."""
        with self._lock:
            if self.game is not None:
                self.game.close()
            self.game = None
            self.code = None
            self._show_lobby()
            self.message.ok("Open a new table, or join one.")
            if not self._thread.is_alive():
                self._thread = threading.Thread(target=self._watch, name="pt-lobby-watch", daemon=True)
                self._thread.start()

    @guarded
    def _refresh_clicked(self, _: object = None) -> None:
        with self._lock:
            self._check_in_lobby()
            self._list_tables()
            n = sum(1 for row in self.listed.children if isinstance(row, widgets.HBox))
            self.message.info(
                "No open table has a free seat right now: open one, or look again soon."
                if n == 0 else f"{n} open table{'s' if n > 1 else ''} with a free seat: "
                "join one, or open your own."
            )  # fmt: skip

    def close(self) -> None:
        self._stop.set()
        if self.game is not None:
            self.game.close()
        super().close()

    def _watch(self) -> None:
        """While in the waiting room: the seats as classmates take them, and the game
        once the opener starts it (read every second)."""
        last: tuple[Any, ...] = ()
        seen = 0.0
        while not self._stop.wait(1.0):
            if self.game is not None:
                return
            code = self.code
            if code is None:
                continue
            try:
                table = self.tables.table(code)
                with self._lock:
                    if self.code != code or self.game is not None:
                        continue
                    if table.state is TableState.PLAYING:
                        self._play(table)
                        return
                    if table.state is TableState.CLOSED:
                        self.code = None
                        self._show_lobby()
                        self.message.info(
                            f"The classmate who opened table {code} has closed it: open a new "
                            "table, or join another."
                        )
                        continue
                    if time.monotonic() - seen >= HEARTBEAT:  # still in the waiting room
                        seen = time.monotonic()
                        self.tables.seen(code, self.learner)
                    now = (table.state, tuple((s.seat, s.learner, s.name) for s in table.seats))
                    if now != last:
                        last = now
                        self._show_room(table)
            except Exception:
                _LOG.warning("table %s could not be read", code, exc_info=True)
