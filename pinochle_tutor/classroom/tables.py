"""Classmates' tables, as the class database keeps them: who sits where, and every move.

A learner opens a table (:meth:`TableStore.open_table`) and gets a short code to
share; classmates find it by the code or in the list of open tables, and each takes a
free seat (:meth:`TableStore.take_seat`); the opener starts the game
(:meth:`TableStore.start`). From then on the table is its moves (:meth:`TableStore.moves`):
every action of the game in order, numbered per table, with the seed of the deals kept
on the table. Every page at the table replays the same moves on the same deals and so
shows the same game; a page adds the next move with the next number
(:meth:`TableStore.add_move`), and when two pages try the same number the database
takes the first and refuses the other (a primary key), so no broker is needed, and a
table on a school's PostgreSQL is shared by pages on different servers.

Each seat's page says it is still there every few seconds (:meth:`TableStore.seen`):
the game (``pinochle_tutor.course.table.shared``) lets a computer player act for a seat
whose learner has been away longer than the table's ``away_wait``, until they come
back; a table none of whose learners has been seen for :data:`CLOSE_AFTER` seconds is
closed (:meth:`TableStore.close_idle`), and a finished game keeps its result.

This module keeps the data and checks what a request names (a code, a seat); the rules
of the game are the engine's, applied by the course's shared table.

>>> normal_code(" k7q-2xm ")
'K7Q2XM'
>>> seat_label(2, 4), seat_label(2, 3)
('North', 'East')
"""

from __future__ import annotations

import enum
import secrets
import time as _time
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from pinochle_tutor.errors import PinochleError
from pinochle_tutor.words import SEAT_LABELS, seat_label

from .database import StoreError
from .store import MAX_NAME, ProgressStore

__all__ = [
    "CLOSE_AFTER",
    "CODE_LENGTH",
    "CODE_LETTERS",
    "NoSuchTableError",
    "NotTheOpenerError",
    "SeatTakenError",
    "SharedTable",
    "TableCodeError",
    "TableFullError",
    "TableMove",
    "TableSeat",
    "TableStartedError",
    "TableState",
    "TableStore",
    "normal_code",
]

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""The characters of a table code: capital letters and digits, without the ones that
are read as each other (0 and O, 1 and I)."""
CODE_LENGTH = 6
"""Characters in a table code (32**6, about a billion codes)."""
CLOSE_AFTER = 600.0
"""Seconds after which a table none of whose learners has been seen is closed."""
MAX_ACTION = 200
"""The longest action text kept (an action's text is a few dozen characters)."""
MAX_RESULT = 1000
"""The longest result kept (four seats, each with a name of up to 80 characters)."""

class TableCodeError(PinochleError):
    """A table code that is not one: six letters and digits, such as ``K7Q2XM``."""


class NoSuchTableError(PinochleError):
    """No table is open with that code (never opened, or closed)."""


class TableFullError(PinochleError):
    """Every seat of the table is taken."""


class SeatTakenError(PinochleError):
    """The seat asked for is a classmate's, or not a seat of the table."""


class TableStartedError(PinochleError):
    """The table's game has started (or ended): no one takes a new seat at it."""


class NotTheOpenerError(PinochleError):
    """Only the learner who opened a table starts its game."""


def normal_code(text: object) -> str:
    """``text`` as a table code: capitals, without spaces and dashes; raises
    :class:`TableCodeError` quoting it when it is not one."""
    raw = str(text) if isinstance(text, str) else ""
    code = raw.strip().upper().replace(" ", "").replace("-", "")
    if not code:
        raise TableCodeError(
            f"Type the table code first: {CODE_LENGTH} letters and digits, such as K7Q2XM, "
            "from the classmate who opened the table"
        )
    if len(code) != CODE_LENGTH or any(c not in CODE_LETTERS for c in code):
        typed = raw.strip()
        shown = typed if len(typed) <= 20 else typed[:20] + "..."
        raise TableCodeError(
            f"\u201c{shown}\u201d is not a table code: a code is {CODE_LENGTH} letters and "
            "digits, such as K7Q2XM, and never uses 0, O, 1 or I. Check it with the classmate "
            "who opened the table"
        )
    return code


class TableState(enum.Enum):
    """Where a table is in its life."""

    OPEN = "open"
    """Opened: classmates take seats; the opener has not started the game."""
    PLAYING = "playing"
    """The game is on: the seats are fixed, empty ones are computer players."""
    CLOSED = "closed"
    """Over: the game ended, or every learner left; its moves and result are kept."""


@dataclass(frozen=True)
class TableSeat:
    """A learner at a seat."""

    seat: int
    learner: str
    name: str
    """The name the learner gave (``''`` when none)."""
    seen: float
    """When their page last said it was open (seconds since the epoch)."""


@dataclass(frozen=True)
class TableMove:
    """One action at a table, in its order."""

    seq: int
    """The move's number at its table: 0, 1, 2, ..."""
    hand: int
    """The hand it belongs to (1 for the first)."""
    seat: int
    action: str
    """The action as text (:meth:`pinochle_tutor.actions.Action.text`)."""
    learner: str
    """Who chose it: the seat's learner, ``''`` for a computer player."""
    at: float


@dataclass(frozen=True)
class SharedTable:
    """A table as the database keeps it."""

    code: str
    rule_set: str
    """The name of the rule set the table plays (the site's rules when it was opened)."""
    players: int
    level: str
    """The level of the computer players in the empty seats."""
    hints: bool
    """Whether each learner may ask the coach for a hint."""
    away_wait: int
    """Seconds a learner may be away before a computer player acts for them."""
    seed: int
    """The seed of the game's deals."""
    opener: str
    state: TableState
    opened: float
    seats: tuple[TableSeat, ...]
    """The taken seats, by seat number."""
    result: str = ""
    """The finished game's result in words (``''`` before it ends)."""

    def seat_of(self, learner: str) -> int | None:
        """The seat ``learner`` has at this table, ``None`` when none (a query)."""
        return next((s.seat for s in self.seats if s.learner == learner), None)

    def learner_at(self, seat: int) -> TableSeat | None:
        """Who sits at ``seat``, ``None`` when it is empty (a computer's)."""
        return next((s for s in self.seats if s.seat == seat), None)

    @property
    def free_seats(self) -> tuple[int, ...]:
        """The seats no learner has taken."""
        taken = {s.seat for s in self.seats}
        return tuple(i for i in range(self.players) if i not in taken)


class TableStore:
    """Classmates' tables in a class database (a :class:`ProgressStore`'s: a SQLite
    file, or a school's PostgreSQL). Every method is one short transaction or read;
    the refusals are the narrow errors of this module, their messages quoting the
    request; a database that is busy raises what the store raises."""

    def __init__(self, store: ProgressStore) -> None:
        self.store = store
        self._t = store._t

    # ------------------------------------------------------------- reading
    def table(self, code: object) -> SharedTable:
        """The table with ``code`` (any case, spaces and dashes allowed): raises
        :class:`TableCodeError` for a text that is no code and
        :class:`NoSuchTableError` when no table has it."""
        found = self._table(normal_code(code))
        if found is None:
            raise NoSuchTableError(
                f"There is no table with the code {normal_code(code)}: check the code with the "
                "classmate who opened it"
            )
        return found

    def _table(self, code: str) -> SharedTable | None:
        tables, seats = self._t["tables"], self._t["table_seats"]
        with self.store._reading() as db:
            row = db.execute(sa.select(tables).where(tables.c.code == code)).mappings().first()
            if row is None:
                return None
            sat = db.execute(
                sa.select(seats).where(seats.c.code == code).order_by(seats.c.seat)
            ).mappings()
            return _table_of(row, [TableSeat(r["seat"], r["learner"], r["name"], r["seen"]) for r in sat])

    def open_tables(self, rule_set: str | None = None) -> list[SharedTable]:
        """The tables classmates can still join (open, not started), newest first; with
        ``rule_set``, only those playing it (a site plays one rule set)."""
        tables = self._t["tables"]
        with self.store._reading() as db:
            codes = list(
                db.execute(
                    sa.select(tables.c.code)
                    .where(tables.c.state == TableState.OPEN.value)
                    .order_by(tables.c.opened.desc())
                    .limit(50)
                ).scalars()
            )
        found = [t for t in (self._table(c) for c in codes) if t is not None]
        return [t for t in found if rule_set is None or t.rule_set == rule_set]

    def seated(self, learner: str) -> list[SharedTable]:
        """The tables, not closed, where ``learner`` has a seat, newest first (a learner
        who comes back to the page finds their table)."""
        tables, seats = self._t["tables"], self._t["table_seats"]
        with self.store._reading() as db:
            codes = list(
                db.execute(
                    sa.select(tables.c.code)
                    .join(seats, seats.c.code == tables.c.code)
                    .where(seats.c.learner == learner, tables.c.state != TableState.CLOSED.value)
                    .order_by(tables.c.opened.desc())
                ).scalars()
            )
        return [t for t in (self._table(c) for c in codes) if t is not None]

    def all_tables(self) -> list[SharedTable]:
        """Every table, open, playing or closed, newest first (for the teacher)."""
        tables = self._t["tables"]
        with self.store._reading() as db:
            codes = list(db.execute(sa.select(tables.c.code).order_by(tables.c.opened.desc())).scalars())
        return [t for t in (self._table(c) for c in codes) if t is not None]

    def moves(self, code: str, after: int = -1, db: Any = None) -> list[TableMove]:
        """The moves of table ``code`` numbered above ``after``, in order. ``db``: a
        connection to read on (a page at a table keeps one while it watches)."""
        moves = self._t["table_moves"]
        query = sa.select(moves).where(moves.c.code == code, moves.c.seq > after).order_by(moves.c.seq)
        if db is not None:
            rows = list(db.execute(query).mappings())
        else:
            with self.store._reading() as conn:
                rows = list(conn.execute(query).mappings())
        return [TableMove(r["seq"], r["hand"], r["seat"], r["action"], r["learner"], r["at"]) for r in rows]

    # ------------------------------------------------------------- writing
    def open_table(
        self,
        opener: str,
        name: str,
        *,
        rule_set: str,
        players: int,
        level: str,
        hints: bool,
        away_wait: int,
        seed: int,
        seat: int = 0,
        now: float | None = None,
    ) -> SharedTable:
        """Open a table with a new code, ``opener`` (named ``name``) at ``seat``."""
        if players not in SEAT_LABELS:
            raise StoreError(f"a table seats 3 or 4 players, not {players!r:.20}")
        if not 0 <= seat < players:
            raise SeatTakenError(f"{seat!r:.20} is not a seat of a table of {players}")
        when = _time.time() if now is None else now
        tables = self._t["tables"]
        for _ in range(20):
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            with self.store._transaction() as db:
                inserted = db.execute(
                    self.store._insert("tables")
                    .values(code=code, rule_set=rule_set[:MAX_NAME], players=players,
                            level=level[:MAX_NAME], hints=int(hints), away_wait=int(away_wait),
                            seed=int(seed) % 2**62, opener=opener, state=TableState.OPEN.value,
                            opened=when, changed=when, result="")
                    .on_conflict_do_nothing(index_elements=["code"])
                ).rowcount
                if inserted:
                    db.execute(
                        self.store._insert("table_seats").values(
                            code=code, seat=seat, learner=opener, name=name[:MAX_NAME], seen=when
                        )
                    )
                    break
        else:  # pragma: no cover - a billion codes
            raise StoreError("no free table code was found: try again")
        del tables
        return self.table(code)

    def take_seat(
        self, code: object, learner: str, name: str, seat: int, now: float | None = None
    ) -> SharedTable:
        """Seat ``learner`` at ``seat`` of the table ``code`` (moving them if they sat
        elsewhere at it). Refusals: :class:`TableStartedError` once its game started
        (a learner already seated keeps their seat: that is not a refusal),
        :class:`TableFullError`, :class:`SeatTakenError`."""
        table = self.table(code)
        if table.state is TableState.CLOSED:
            raise NoSuchTableError(f"Table {table.code} has closed: open a new table, or join another")
        mine = table.seat_of(learner)
        if table.state is TableState.PLAYING:
            if mine is not None:
                return table
            raise TableStartedError(
                f"The game at table {table.code} has started without you: join another table, "
                "or open one"
            )
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < table.players:
            raise SeatTakenError(f"{seat!r:.20} is not a seat of table {table.code}")
        if mine == seat:
            return table
        if mine is None and not table.free_seats:
            raise TableFullError(
                f"Table {table.code} is full: all {table.players} seats are taken. Join another "
                "table, or open one"
            )
        held = table.learner_at(seat)
        if held is not None:
            who = held.name or "a classmate"
            raise SeatTakenError(
                f"The {seat_label(seat, table.players)} seat at table {table.code} is taken by "
                f"{who}: pick a free seat"
            )
        when = _time.time() if now is None else now
        seats = self._t["table_seats"]
        with self.store._transaction() as db:
            db.execute(seats.delete().where(seats.c.code == table.code, seats.c.learner == learner))
            taken = db.execute(
                self.store._insert("table_seats")
                .values(code=table.code, seat=seat, learner=learner, name=name[:MAX_NAME], seen=when)
                .on_conflict_do_nothing(index_elements=["code", "seat"])
            ).rowcount
            if not taken:  # a classmate took it a moment ago
                raise SeatTakenError(
                    f"The {seat_label(seat, table.players)} seat at table {table.code} was just "
                    "taken: pick a free seat"
                )
        return self.table(table.code)

    def leave(self, code: object, learner: str) -> None:
        """``learner`` gives up their seat at a table that has not started (once it
        has, a seat is kept: a computer player acts for an absent learner)."""
        table = self.table(code)
        if table.state is not TableState.OPEN:
            return
        seats, tables = self._t["table_seats"], self._t["tables"]
        with self.store._transaction() as db:
            db.execute(seats.delete().where(seats.c.code == table.code, seats.c.learner == learner))
            if learner == table.opener:  # the opener leaves: the table closes
                db.execute(
                    tables.update().where(tables.c.code == table.code)
                    .values(state=TableState.CLOSED.value, changed=_time.time())
                )  # fmt: skip

    def start(self, code: object, learner: str, now: float | None = None) -> SharedTable:
        """Start the game (only the opener may): the seats are fixed from now on."""
        table = self.table(code)
        if learner != table.opener:
            raise NotTheOpenerError(
                f"Only the classmate who opened table {table.code} starts its game: wait for "
                "them to start it"
            )
        if table.state is TableState.CLOSED:
            raise NoSuchTableError(f"Table {table.code} has closed: open a new table")
        tables = self._t["tables"]
        with self.store._transaction() as db:
            db.execute(
                tables.update()
                .where(tables.c.code == table.code, tables.c.state == TableState.OPEN.value)
                .values(state=TableState.PLAYING.value, changed=_time.time() if now is None else now)
            )
        return self.table(table.code)

    def seen(self, code: str, learner: str, now: float | None = None) -> None:
        """Note that ``learner``'s page at table ``code`` is open (a heartbeat)."""
        seats = self._t["table_seats"]
        with self.store._transaction() as db:
            db.execute(
                seats.update()
                .where(seats.c.code == code, seats.c.learner == learner)
                .values(seen=_time.time() if now is None else now)
            )

    def add_move(
        self, code: str, seq: int, hand: int, seat: int, action: str, learner: str,
        now: float | None = None,
    ) -> bool:  # fmt: skip
        """Add the move numbered ``seq``: ``True`` when it is in, ``False`` when that
        number was taken first (by another page: the caller reads the moves again)."""
        if len(action) > MAX_ACTION:
            raise StoreError(f"an action is at most {MAX_ACTION} characters, not {len(action)}")
        when = _time.time() if now is None else now
        tables = self._t["tables"]
        with self.store._transaction() as db:
            added = db.execute(
                self.store._insert("table_moves")
                .values(code=code, seq=seq, hand=hand, seat=seat, action=action,
                        learner=learner, at=when)
                .on_conflict_do_nothing(index_elements=["code", "seq"])
            ).rowcount
            if added:
                db.execute(tables.update().where(tables.c.code == code).values(changed=when))
        return bool(added)

    def finish(self, code: str, result: str, now: float | None = None) -> None:
        """Close table ``code`` with its game's ``result`` in words (once: a later call
        leaves the first result)."""
        tables = self._t["tables"]
        with self.store._transaction() as db:
            db.execute(
                tables.update()
                .where(tables.c.code == code, tables.c.result == "")
                .values(state=TableState.CLOSED.value, result=result[:MAX_RESULT],
                        changed=_time.time() if now is None else now)
            )

    def close_idle(self, now: float | None = None, after: float = CLOSE_AFTER) -> list[str]:
        """Close the tables (open or playing) none of whose learners has been seen for
        ``after`` seconds; the codes closed. Their moves stay."""
        when = _time.time() if now is None else now
        tables, seats = self._t["tables"], self._t["table_seats"]
        recent = sa.select(seats.c.code).where(seats.c.seen > when - after)
        with self.store._transaction() as db:
            codes = list(
                db.execute(
                    sa.select(tables.c.code).where(
                        tables.c.state != TableState.CLOSED.value,
                        tables.c.changed < when - after,
                        tables.c.code.not_in(recent),
                    )
                ).scalars()
            )
            if codes:
                db.execute(
                    tables.update().where(tables.c.code.in_(codes))
                    .values(state=TableState.CLOSED.value, changed=when)
                )  # fmt: skip
        return codes


def _table_of(row: Any, seats: list[TableSeat]) -> SharedTable:
    return SharedTable(
        code=row["code"], rule_set=row["rule_set"], players=int(row["players"]),
        level=row["level"], hints=bool(row["hints"]), away_wait=int(row["away_wait"]),
        seed=int(row["seed"]), opener=row["opener"], state=TableState(row["state"]),
        opened=float(row["opened"]), seats=tuple(seats), result=row["result"] or "",
    )  # fmt: skip
