"""The classroom's progress store: every learner's attempts, lessons opened, names,
preferences and places in rounds of questions, in one database per site or school.

Why a database and not one JSON file per learner: a site serves a class, each page
has its own kernel, and a learner may have two tabs open. A file that each kernel
reads on open and rewrites on every answer loses updates (A, B, A, B kept 2 of 4).
Here every answer is one ``INSERT`` in its own transaction, so any number of
kernels can write at once and none overwrites another.

**Two engines, one store** (SQLAlchemy Core, as JupyterHub keeps its own state):

* **SQLite** by default, nothing to set up: a file path (``progress.sqlite``). Its
  write-ahead log (WAL) lets readers go on while one writes, and a crash mid-write
  loses at most the answer being written, with nothing left to clean up.
* **PostgreSQL** when a URL names one (``postgresql+psycopg://...``, from
  ``$PINOCHLE_TUTOR_DATABASE_URL``, see :mod:`~pinochle_tutor.classroom.progress`):
  the one database every learner's server of a school writes to, so the teacher's
  dashboard sees the whole class as they answer.

The schema is versioned with Alembic (:mod:`pinochle_tutor.classroom.migrations`)
and brought up to date on open, in one transaction. A SQLite file written before the
store used Alembic says its version in ``PRAGMA user_version`` (1 to 5): it is stamped
with that revision and upgraded from there, every answer kept.

**An answer is written once.** :meth:`ProgressStore.record` takes an idempotency key
(the course gives each answer one): a write retried after a dropped connection, which
may have been committed before the connection went, finds its key taken and adds
nothing (:data:`RETRIES` tries, each in its own transaction).

A JSON progress file (one a learner exports) is imported once per learner with
:meth:`ProgressStore.import_json`; the earlier format's ``progress.json`` is imported
once for the whole database with :meth:`ProgressStore.import_legacy`; the file is
kept, never changed.

What the store never does is write over a file it could not open: a file that is
not a database, a truncated one, or one whose schema is newer than this code's is
left byte for byte as it was (:class:`~pinochle_tutor.classroom.database.StoreFileError`), and a database another
process holds the write lock of is waited for :data:`BUSY_WAIT` seconds, then
reported as :class:`~pinochle_tutor.classroom.database.StoreBusyError` (the caller may try again later; see
:class:`~pinochle_tutor.classroom.progress.Progress`). No message names a server
database's URL (it may hold a password): :attr:`ProgressStore.name` is what
messages say.

>>> import os, tempfile
>>> store = ProgressStore(os.path.join(tempfile.mkdtemp(), "class.sqlite"))
>>> store.record("ann", Attempt("m1", "meld", ("meld.run",), "150", True, "2026-01-01T10:00:00Z"))
1
>>> store.record("bob", Attempt("m1", "meld", ("meld.run",), "140", False, "2026-01-01T10:01:00Z"))
2
>>> [a.answer for a in store.attempts("ann")], store.learners()
(['150'], ['ann', 'bob'])
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pinochle_tutor.classroom.attempts import MAX_POSITION, MAX_SET_ID, Attempt, read_attempts
from pinochle_tutor.classroom.database import (
    DATABASE_ERRORS,
    HAS_SQLITE,
    StoreError,
    StoreFileError,
    engine_for,
    is_database_url,
    is_server_down,
    schema_tables,
    store_error,
    too_many_clients,
)

try:
    import sqlite3

    import sqlalchemy as sa
    from sqlalchemy import exc as sa_exc
except ImportError:  # the static site (Pyodide): no database, HAS_SQLITE is False
    pass

__all__ = [
    "BUSY_WAIT",
    "RETRIES",
    "SCHEMA_VERSION",
    "HandOver",
    "LessonVisit",
    "ProgressStore",
    "StoredAttempt",
]


BUSY_WAIT = 5.0
"""Seconds a write waits for another process's write lock before
:class:`~pinochle_tutor.classroom.database.StoreBusyError` (a write itself takes milliseconds)."""

RETRIES = 3
"""How many times a write is tried when the connection to a server database drops."""

_UNUSABLE: tuple[type[Exception], ...] = (StoreError, *DATABASE_ERRORS)
_OPEN_ERRORS: tuple[type[Exception], ...] = (OSError, *DATABASE_ERRORS)


SCHEMA_VERSION = 9
"""The schema version this code writes: the number of the last Alembic revision in
:mod:`pinochle_tutor.classroom.migrations` (``0009``)."""


MAX_NAME = 80
"""The longest learner name or page name kept (longer ones are refused)."""
MAX_TEXT = 2000
"""The longest answer kept (the quiz refuses longer answers before they get here)."""


@dataclass(frozen=True)
class StoredAttempt:
    """One attempt as the store keeps it: the learner's answer and where it was given."""

    learner: str
    attempt: Attempt
    page: str
    """The page (notebook) the answer was given on, ``''`` when not known."""
    rule_set: str
    """The name of the rule set the item was asked under, ``''`` when not known."""
    tries: int
    """How many answers the question took when it was marked: 1, or 2 when a first
    wrong answer got a hint and a second try (also :attr:`Attempt.tries`)."""


@dataclass(frozen=True)
class LessonVisit:
    """A learner opening a lesson or practice page."""

    learner: str
    page: str
    time: str


@dataclass(frozen=True)
class HandOver:
    """What :meth:`ProgressStore.hand_over` moved from one learner's record to another's."""

    found: bool
    """Whether there was a record to hand over (``False``: it was handed over before,
    or never kept, and nothing moved)."""
    attempts: int = 0
    """The answers, lesson checks and hands played moved."""
    lessons: int = 0
    """The lessons-opened moved."""
    name: str = ""
    """The name the old record was kept under (``''`` when none)."""
    name_taken: bool = False
    """Whether the learner took that name (they had given none of their own)."""


def _check_name(value: object, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise StoreError(f"a {what} must be some text, not {value!r:.60}")
    text = value.strip()
    if len(text) > MAX_NAME:
        raise StoreError(f"a {what} is at most {MAX_NAME} characters, not {len(text)}")
    return text




class ProgressStore:
    """One site's (or school's) progress database, created or brought up to date on open.

    ``location`` is a SQLite file's path or a database URL (:func:`~pinochle_tutor.classroom.database.is_database_url`).
    Each method takes a connection from the process's pool for its own short
    transaction, so an instance can be shared by the callbacks of one kernel and any
    number of kernels and servers can use the same database. Queries never raise for
    a learner who has no record (they return nothing). On open,
    :class:`~pinochle_tutor.classroom.database.StoreFileError` says ``location`` is not a usable database (a file is
    then left as it was) and :class:`~pinochle_tutor.classroom.database.StoreBusyError` that a migration had to wait
    longer than ``wait`` seconds (default :data:`BUSY_WAIT`, also each write's wait)
    for another process's write lock, or that a server could not be reached. A
    database whose schema is current opens without the write lock, so readers are
    never kept waiting."""

    def __init__(self, location: str | os.PathLike[str], *, wait: float | None = None) -> None:
        self.wait = BUSY_WAIT if wait is None else float(wait)
        """Seconds a write waits for another process's write lock."""
        if is_database_url(location):
            url = str(location)
            if url.startswith("postgresql://"):  # the driver this store uses (psycopg 3)
                url = "postgresql+psycopg://" + url.removeprefix("postgresql://")
            self.path: Path | None = None
            self.name = "(the class's SQLite database)" if url.startswith("sqlite") else (
                "(the school's PostgreSQL database)"
            )  # fmt: skip
            """What messages call the database: a file's name, never a folder or a URL."""
        else:
            self.path = Path(location).expanduser()
            self.name = self.path.name
            url = f"sqlite:///{self.path}"
        if not HAS_SQLITE:
            raise StoreError(
                f"{self.name} is a progress database, and this Python has no sqlite3 "
                "(the static site keeps progress in a JSON file)"
            )
        self.dialect = url.split(":", 1)[0].split("+", 1)[0]
        """``"sqlite"`` or ``"postgresql"``."""
        self._t = schema_tables()
        try:
            if self.path is not None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                # Read before anything is written: a file that is not a database, or
                # whose schema is newer, raises here and is left byte for byte.
                self._check_file(self.path)
            self._engine = engine_for(url, self.wait)
            self._migrate()
        except _OPEN_ERRORS as e:
            raise store_error(e, self.name) from None

    # ------------------------------------------------------------- plumbing
    def _check_file(self, path: Path) -> None:
        """A SQLite file's own version (read only, with sqlite3 itself, before any
        engine touches it): :class:`~pinochle_tutor.classroom.database.StoreFileError`
        when it is newer than this code's, or (from SQLite) when the file is no
        database."""
        db = sqlite3.connect(f"file:{path}?mode=rwc", uri=True, timeout=self.wait)
        try:
            self._newer_check(int(db.execute("PRAGMA user_version").fetchone()[0]))
        finally:
            db.close()

    def _newer_check(self, version: int) -> None:
        if version > SCHEMA_VERSION:
            raise StoreFileError(
                f"{self.name} has schema version {version}, newer than this "
                f"tutor's {SCHEMA_VERSION}: update the tutor"
            )

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[Any]:
        """One write, all or nothing (on SQLite ``BEGIN IMMEDIATE``, see the engine)."""
        with self._engine.begin() as db:
            yield db

    @contextlib.contextmanager
    def _reading(self) -> Iterator[Any]:
        """A connection for reads: no transaction, so no lock kept."""
        with self._engine.connect() as db:
            yield db.execution_options(isolation_level="AUTOCOMMIT")

    def _version(self, db: Any) -> int:
        """The database's schema version: Alembic's revision, or for a SQLite file
        written before Alembic its ``user_version`` (0: an empty database)."""
        inspector = sa.inspect(db)
        if inspector.has_table("alembic_version"):
            row = db.execute(sa.text("SELECT version_num FROM alembic_version")).first()
            if row is not None:
                text = str(row[0])
                if not text.isdigit():
                    raise StoreFileError(f"{self.name} has schema revision {text!r}, unknown to this tutor")
                return int(text)
        if self.dialect == "sqlite":
            return int(db.exec_driver_sql("PRAGMA user_version").scalar() or 0)
        return 0

    def _migrate(self) -> None:
        with self._reading() as db:
            version = self._version(db)
        self._newer_check(version)
        if version == SCHEMA_VERSION:
            return
        from alembic import command
        from alembic.config import Config

        from pinochle_tutor.classroom.migrations import HERE

        with self._transaction() as db:
            if self.dialect == "postgresql":  # one migration at a time, across servers
                db.exec_driver_sql("SELECT pg_advisory_xact_lock(726431)")
            version = self._version(db)  # again, under the lock: another may have done it
            self._newer_check(version)
            if version == SCHEMA_VERSION:
                return
            config = Config()
            config.set_main_option("script_location", str(HERE))
            config.attributes["connection"] = db
            if version and not sa.inspect(db).has_table("alembic_version"):
                command.stamp(config, f"{version:04d}")  # a file the store wrote before Alembic
            command.upgrade(config, f"{SCHEMA_VERSION:04d}")
            if self.dialect == "sqlite":  # so that an older tutor refuses the file, never spoils it
                db.exec_driver_sql(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @property
    def schema_version(self) -> int:
        """The version of the database's schema (after the migrations on open)."""
        with self._reading() as db:
            return self._version(db)

    def _insert(self, table: str) -> Any:
        """An INSERT that can say what to do on a conflict, in the database's dialect."""
        from sqlalchemy.dialects import postgresql, sqlite

        dialect: Any = postgresql if self.dialect == "postgresql" else sqlite
        return dialect.insert(self._t[table])

    def _learner_row(self, db: Any, learner: str, time: str) -> None:
        db.execute(
            self._insert("learners")
            .values(learner=learner, first_seen=time, name="")
            .on_conflict_do_nothing(index_elements=["learner"])
        )

    # ---------------------------------------------------------------- writing
    def record(
        self,
        learner: str,
        attempt: Attempt,
        *,
        page: str = "",
        rule_set: str | None = None,
        tries: int | None = None,
        key: str | None = None,
    ) -> int:
        """Keep one attempt, in one transaction; returns its row number. ``rule_set``
        and ``tries`` default to the attempt's own. ``key`` is the answer's
        idempotency key: an answer with a key already kept is not kept again (its
        row number is returned), so a write retried after a dropped connection adds
        nothing. Raises :class:`~pinochle_tutor.classroom.database.StoreError` for an empty or overlong learner name, an
        overlong answer or key, or ``tries`` below 1."""
        if tries is None:
            tries = attempt.tries
        if rule_set is None:
            rule_set = attempt.rule_set
        who = _check_name(learner, "learner name")
        if len(attempt.answer) > MAX_TEXT:
            raise StoreError(f"an answer is at most {MAX_TEXT} characters, not {len(attempt.answer)}")
        if len(attempt.position) > MAX_POSITION:
            raise StoreError(
                f"a kept position is at most {MAX_POSITION} characters, not {len(attempt.position)}"
            )
        if isinstance(tries, bool) or not isinstance(tries, int) or tries < 1:
            raise StoreError(f"tries must be a whole number from 1, not {tries!r:.30}")
        if key is not None:
            key = _check_name(key, "answer key")
        row = {
            "learner": who, "time": attempt.time, "page": (page or attempt.page)[:MAX_NAME],
            "item_id": attempt.item_id, "kind": attempt.kind, "rules": " ".join(attempt.rules),
            "rule_set": rule_set[:MAX_NAME], "answer": attempt.answer, "right": int(attempt.right),
            "tries": tries, "mastery_set": attempt.set_id[:MAX_SET_ID], "answer_key": key,
        }  # fmt: skip
        if attempt.position:  # named only when kept (a database before revision 9 has none)
            row["position"] = attempt.position
        attempts = self._t["attempts"]
        for left in range(RETRIES, 0, -1):
            try:
                with self._transaction() as db:
                    self._learner_row(db, who, attempt.time)
                    insert = self._insert("attempts").values(**row)
                    if key is not None:
                        insert = insert.on_conflict_do_nothing(index_elements=["answer_key"])
                    new = db.execute(insert.returning(attempts.c.id)).scalar()
                    if new is None:  # the key was kept already: this answer is in
                        new = db.execute(
                            sa.select(attempts.c.id).where(attempts.c.answer_key == key)
                        ).scalar()
                    return int(new or 0)
            except sa_exc.DBAPIError as e:
                orig = e.orig
                dropped = e.connection_invalidated or (
                    orig is not None and (is_server_down(orig) or too_many_clients(orig))
                )
                if left == 1 or not dropped:
                    raise
                time.sleep(0.2 * (RETRIES - left + 1))  # a moment for the server to come back
        raise AssertionError("unreachable")  # pragma: no cover

    def open_lesson(self, learner: str, page: str, time: str) -> None:
        """Note that ``learner`` opened ``page`` (a lesson or practice notebook)."""
        who = _check_name(learner, "learner name")
        where = _check_name(page, "page name")
        with self._transaction() as db:
            self._learner_row(db, who, time)
            db.execute(self._t["lessons"].insert().values(learner=who, page=where, time=time))

    def import_json(self, learner: str, path: str | os.PathLike[str]) -> tuple[int, list[str]]:
        """Import a JSON progress file into ``learner``'s record, once: importing
        the same file (by its resolved path) again adds nothing. Returns how many
        attempts were added and a message for each attempt that could not be read.
        The file itself is never changed. Raises :class:`ProgressFileError` when
        the file is not progress JSON (see
        :func:`~pinochle_tutor.classroom.attempts.read_attempts`), :class:`OSError` when it cannot be read."""
        source = str(Path(path).expanduser().resolve())
        attempts, problems = read_attempts(Path(path))
        return self.import_attempts(learner, attempts, source), problems

    def import_legacy(self, learner: str, path: str | os.PathLike[str]) -> tuple[int, list[str]]:
        """Import the earlier format's ``progress.json`` into ``learner``'s record,
        once for the whole database: once any learner has imported that file (by its
        resolved path), importing it again, into anyone, adds nothing. Returns and
        raises as :meth:`import_json`."""
        source = str(Path(path).expanduser().resolve())
        attempts, problems = read_attempts(Path(path))
        return self.import_attempts(learner, attempts, source, anyone=True), problems

    def import_attempts(
        self, learner: str, attempts: Sequence[Attempt], source: str, *, anyone: bool = False
    ) -> int:
        """Add ``attempts`` (say, a progress file a learner uploaded from the static
        site) to ``learner``'s record, once per ``source`` (a path, or a digest of
        an upload's content): the same source again adds nothing (with ``anyone``,
        nothing once any learner imported it). Returns how many were added."""
        who = _check_name(learner, "learner name")
        imports = self._t["imports"]
        with self._transaction() as db:
            if self.dialect == "postgresql":  # two servers importing one source: one wins
                db.execute(sa.text("SELECT pg_advisory_xact_lock(hashtext(:s))"), {"s": source})
            done = sa.select(imports.c.source).where(imports.c.source == source)
            if not anyone:
                done = done.where(imports.c.learner == who)
            if db.execute(done.limit(1)).first():
                return 0
            first = attempts[0].time if attempts else "1970-01-01T00:00:00Z"
            self._learner_row(db, who, first)
            if attempts:
                positions = any(a.position for a in attempts)
                db.execute(
                    self._t["attempts"].insert(),
                    [
                        {"learner": who, "time": a.time, "page": a.page[:MAX_NAME], "item_id": a.item_id,
                         "kind": a.kind, "rules": " ".join(a.rules), "answer": a.answer[:MAX_TEXT],
                         "right": int(a.right), "tries": a.tries, "mastery_set": a.set_id[:MAX_SET_ID],
                         "rule_set": a.rule_set[:MAX_NAME], "answer_key": None,
                         **({"position": a.position[:MAX_POSITION]} if positions else {})}
                        for a in attempts
                    ],
                )  # fmt: skip
            db.execute(
                imports.insert().values(learner=who, source=source, time=first, attempts=len(attempts))
            )
        return len(attempts)

    def set_name(self, learner: str, name: str, time: str) -> None:
        """Keep the name ``learner`` gave (shown to the teacher beside the record)."""
        who = _check_name(learner, "learner name")
        shown = _check_name(name, "name")
        learners = self._t["learners"]
        with self._transaction() as db:
            self._learner_row(db, who, time)
            db.execute(learners.update().where(learners.c.learner == who).values(name=shown))

    def _upsert(self, table: str, learner: str, key: str, column: str, value: str, time: str) -> None:
        """Keep ``value`` for (``learner``, ``key``) in ``table``, replacing an earlier one."""
        with self._transaction() as db:
            self._learner_row(db, learner, time)
            insert = self._insert(table).values(learner=learner, key=key, time=time, **{column: value})
            db.execute(
                insert.on_conflict_do_update(
                    index_elements=["learner", "key"],
                    set_={column: getattr(insert.excluded, column), "time": insert.excluded.time},
                )
            )

    def set_preference(self, learner: str, key: str, value: str, time: str) -> None:
        """Keep ``learner``'s choice ``value`` for the display preference ``key`` (such as
        ``"four_colour"``), replacing an earlier one."""
        who = _check_name(learner, "learner name")
        name = _check_name(key, "preference name")
        chosen = _check_name(value, "preference value")
        self._upsert("preferences", who, name, "value", chosen, time)

    def _one(self, table: str, column: str, learner: str, key: str) -> str | None:
        t = self._t[table]
        with self._reading() as db:
            row = db.execute(
                sa.select(t.c[column]).where(t.c.learner == str(learner), t.c.key == str(key))
            ).first()
        return str(row[0]) if row else None

    def preference(self, learner: str, key: str) -> str | None:
        """``learner``'s choice for the preference ``key``, ``None`` when none was made."""
        return self._one("preferences", "value", learner, key)

    def keep_place(self, learner: str, key: str, data: str, time: str) -> None:
        """Keep ``learner``'s place ``data`` (a small JSON text, see
        :mod:`~pinochle_tutor.classroom.places`) in the round of questions ``key``,
        replacing the one kept before; an empty ``data`` forgets it."""
        who = _check_name(learner, "learner name")
        name = _check_name(key, "place name")
        if not data:
            places = self._t["places"]
            with self._transaction() as db:
                db.execute(places.delete().where(places.c.learner == who, places.c.key == name))
            return
        self._upsert("places", who, name, "data", str(data), time)

    def place(self, learner: str, key: str) -> str | None:
        """``learner``'s place kept for ``key``, ``None`` when none."""
        return self._one("places", "data", learner, key)

    def name_of(self, learner: str) -> str:
        """The name ``learner`` gave, ``''`` when none (or no such learner)."""
        learners = self._t["learners"]
        with self._reading() as db:
            row = db.execute(
                sa.select(learners.c.name).where(learners.c.learner == str(learner))
            ).first()
        return str(row[0]) if row else ""

    def names(self) -> dict[str, str]:
        """Every learner's given name (``''`` when none), by learner."""
        learners = self._t["learners"]
        with self._reading() as db:
            rows = db.execute(sa.select(learners.c.learner, learners.c.name).order_by(learners.c.learner))
            return {str(r[0]): str(r[1]) for r in rows}

    def delete_learner(self, learner: str) -> bool:
        """Remove a learner and their whole record (a teacher's action); ``False``
        when there was no such learner."""
        learners = self._t["learners"]
        with self._transaction() as db:
            cur = db.execute(learners.delete().where(learners.c.learner == str(learner)))
            return bool(cur.rowcount and cur.rowcount > 0)

    def hand_over(self, old: str, new: str, time: str) -> HandOver:
        """Give the record kept under ``old`` to the learner ``new``, in one
        transaction: their answers, lessons opened, imports, preferences and places
        in rounds of questions, seats and moves at classmates' tables, and the name
        (when ``new`` has given none of their own: the name they give now is theirs),
        then ``old`` is forgotten. A teacher's action: the record of a browser from
        before the site signed learner keys goes to the learner's signed key, so that
        no key alone, which anyone may have learned, opens a record.

        Idempotent: once handed over ``old`` has no record, and handing it again (a
        second press, a retry, two teachers at once) moves nothing
        (:attr:`HandOver.found` false). Where both have a preference, a place or an
        import of one source, ``new``'s own is kept. Raises :class:`~pinochle_tutor.classroom.database.StoreError` for a
        learner name that cannot be one, or ``old`` and ``new`` the same."""
        source = _check_name(old, "learner name")
        target = _check_name(new, "learner name")
        if source == target:
            raise StoreError(f"{source!r:.40} is the record itself: pick another learner to hand it to")
        t = self._t
        with self._transaction() as db:
            if self.dialect == "postgresql":  # two hand-overs of one record: one after the other
                db.execute(sa.text("SELECT pg_advisory_xact_lock(hashtext(:s))"), {"s": "hand:" + source})
            learners = t["learners"]
            row = db.execute(
                sa.select(learners.c.first_seen, learners.c.name).where(learners.c.learner == source)
            ).first()
            if row is None:
                return HandOver(found=False)
            first_seen, name = str(row[0] or time), str(row[1] or "")
            self._learner_row(db, target, first_seen)
            mine = db.execute(
                sa.select(learners.c.first_seen, learners.c.name).where(learners.c.learner == target)
            ).one()
            take_name = bool(name) and not mine[1]
            db.execute(
                learners.update().where(learners.c.learner == target).values(
                    first_seen=min(str(mine[0] or first_seen), first_seen),
                    **({"name": name} if take_name else {}),
                )
            )  # fmt: skip
            moved = {
                table: db.execute(
                    t[table].update().where(t[table].c.learner == source).values(learner=target)
                ).rowcount
                for table in ("attempts", "lessons", "table_moves")
            }
            for table, column in (("preferences", "key"), ("places", "key"), ("imports", "source"),
                                  ("table_seats", "code")):  # fmt: skip
                rows = t[table]
                theirs = sa.select(rows.c[column]).where(rows.c.learner == target)
                db.execute(
                    rows.update()
                    .where(rows.c.learner == source, rows.c[column].not_in(theirs.scalar_subquery()))
                    .values(learner=target)
                )
            db.execute(t["tables"].update().where(t["tables"].c.opener == source).values(opener=target))
            # What was left (a preference, place or import both had) goes with the old row;
            # a seat at a table where the learner sits already stays the old key's, whom
            # nobody holds (the table's computer player acts for an away seat).
            for table in ("preferences", "places", "imports"):
                db.execute(t[table].delete().where(t[table].c.learner == source))
            db.execute(learners.delete().where(learners.c.learner == source))
        return HandOver(True, int(moved["attempts"] or 0), int(moved["lessons"] or 0), name, take_name)

    # ---------------------------------------------------------------- reading
    def learners(self) -> list[str]:
        """Every learner with a record, by name."""
        learners = self._t["learners"]
        with self._reading() as db:
            return [str(r[0]) for r in db.execute(sa.select(learners.c.learner).order_by(learners.c.learner))]

    def attempts(self, learner: str) -> list[Attempt]:
        """``learner``'s attempts, oldest first (empty for an unknown learner)."""
        return [s.attempt for s in self.stored_attempts(learner)]

    def stored_attempts(self, learner: str | None = None) -> list[StoredAttempt]:
        """Attempts with their page, rule set and try, for one learner or (``None``)
        the whole class, oldest first."""
        t = self._t["attempts"]
        query = sa.select(
            t.c.learner, t.c.item_id, t.c.kind, t.c.rules, t.c.answer, t.c.right, t.c.time,
            t.c.page, t.c.rule_set, t.c.tries, t.c.mastery_set, t.c.position,
        )  # fmt: skip
        if learner is not None:
            query = query.where(t.c.learner == str(learner))
        with self._reading() as db:
            rows = db.execute(query.order_by(t.c.id)).all()
        return [
            StoredAttempt(
                r[0],
                Attempt(
                    r[1], r[2], tuple(r[3].split()), r[4], bool(r[5]), r[6], r[9], r[10], r[8], r[7],
                    r[11] or "",
                ),
                r[7],
                r[8],
                r[9],
            )
            for r in rows
        ]

    def lessons(self, learner: str | None = None) -> list[LessonVisit]:
        """Lessons opened, by one learner or the whole class, oldest first."""
        t = self._t["lessons"]
        query = sa.select(t.c.learner, t.c.page, t.c.time)
        if learner is not None:
            query = query.where(t.c.learner == str(learner))
        with self._reading() as db:
            return [LessonVisit(*r) for r in db.execute(query.order_by(t.c.id))]

    def imported_sources(self) -> list[str]:
        """The sources (resolved paths, or digests of uploads) imported into any learner."""
        t = self._t["imports"]
        with self._reading() as db:
            return [str(r[0]) for r in db.execute(sa.select(t.c.source).distinct().order_by(t.c.source))]

    def __repr__(self) -> str:
        return f"<ProgressStore {self.name}>"
