"""The connection to the class database, below :class:`~pinochle_tutor.classroom.store.ProgressStore`:
which driver errors mean what (:func:`store_error`: busy, out of reach, or a file that
is not a usable database, in words that never quote a URL), the schema as SQLAlchemy
tables, and one engine (a connection per call) per database and process. Where there
is no sqlite3 (the static site's Pyodide) :data:`HAS_SQLITE` is ``False`` and progress
is JSON."""

from __future__ import annotations

import functools
import logging
import threading
from typing import Any

from pinochle_tutor.errors import PinochleError

try:
    import sqlite3

    import sqlalchemy as sa
    from sqlalchemy import exc as sa_exc
except ImportError:  # Pyodide's runtime (the static site) has no sqlite3: progress is JSON there
    HAS_SQLITE = False
    DATABASE_ERRORS: tuple[type[Exception], ...] = ()
else:
    HAS_SQLITE = True
    DATABASE_ERRORS = (sa_exc.SQLAlchemyError, sqlite3.Error)
"""What a database call may raise (SQLAlchemy's and sqlite3's errors; nothing where
there is no database)."""

__all__ = [
    "DATABASE_ERRORS",
    "HAS_SQLITE",
    "StoreBusyError",
    "StoreError",
    "StoreFileError",
    "StoreUnreachableError",
    "engine_for",
    "is_database_url",
    "is_server_down",
    "schema_tables",
    "store_error",
    "too_many_clients",
]


class StoreError(PinochleError):
    """The progress store cannot be used: the file is not a database, it is newer
    than this version of the tutor, or a learner name is not acceptable."""


class StoreFileError(StoreError):
    """The file cannot be used as this tutor's progress database, and is left as it is:
    it is not a database (or is truncated or damaged), or its schema is newer than
    this code's. The message names the file (never its folder) or, for a server
    database, says so (never its URL)."""


class StoreBusyError(StoreError):
    """Another process held the database's write lock for longer than the wait
    (:data:`BUSY_WAIT`), or a server database could not be reached; nothing was
    written, and trying again later may succeed."""


class StoreUnreachableError(StoreBusyError):
    """A server database that could not be reached (connection refused, dropped, or the
    server shutting down or starting up). A :class:`StoreBusyError` for every caller
    that keeps the answer and tries again, and a class of its own so that a page can
    say the database cannot be reached rather than that it is busy (a learner, or the
    teacher they tell, then looks at the server, not at the class's load)."""


def is_database_url(location: object) -> bool:
    """Whether ``location`` is a database URL (``postgresql+psycopg://...``,
    ``sqlite:///...``) rather than a file path."""
    return isinstance(location, str) and "://" in location and location.split(":", 1)[0] in (
        "sqlite", "sqlite+pysqlite", "postgresql", "postgresql+psycopg", "postgresql+psycopg2",
    )  # fmt: skip


def store_error(error: BaseException, name: str) -> StoreError:
    """The :class:`StoreError` a database error of the database ``name`` amounts to:
    :class:`StoreBusyError` for a lock held too long or a server at its connection
    limit, :class:`StoreUnreachableError` (a kind of busy) for a server out of reach,
    :class:`StoreFileError` for a file that is not a usable database, the error
    itself if it already is one. The message never quotes a URL."""
    if isinstance(error, StoreError):
        return error
    if isinstance(error, OSError):
        return StoreFileError(f"the progress database {name} cannot be opened ({error.strerror})")
    orig = getattr(error, "orig", None) or error
    text = str(orig).lower()
    if "locked" in text or "busy" in text or too_many_clients(orig):
        return StoreBusyError(f"the class database {name} is busy (another page is writing to it)")
    if getattr(error, "connection_invalidated", False) or is_server_down(orig):
        return StoreUnreachableError(f"the class database {name} cannot be reached just now")
    if "malformed" in text:
        return StoreFileError(f"{name} is not a progress database (it is damaged or cut short)")
    if "not a database" in text:
        return StoreFileError(f"{name} is not a progress database (file is not a database)")
    # The error's own class and text name server paths and SQL: the site's log has
    # them, the learner and the teacher get what to do.
    logging.getLogger(__name__).warning("the progress database %s cannot be used: %r", name, orig)
    return StoreFileError(
        f"{name} has a problem the site's log names"
    )


def too_many_clients(error: BaseException) -> bool:
    """A server at its connection limit (PostgreSQL's SQLSTATE 53300): busy, not broken."""
    text = str(error).lower()
    return getattr(error, "sqlstate", None) == "53300" or "too many clients" in text or (
        "remaining connection slots" in text
    )  # fmt: skip


def is_server_down(error: BaseException) -> bool:
    """A server database that could not be reached (refused, dropped, shut down, its
    socket gone, its host name not found): kept and tried again, never taken for a
    database that cannot be used. The driver's hint "Is the server running" follows
    every failed connect (a stopped server reached by its Unix socket says only "No such
    file or directory" besides)."""
    text = str(error).lower()
    return any(
        words in text
        for words in ("connection refused", "server closed the connection", "terminating connection",
                      "connection is closed", "connection is bad", "could not connect",
                      "is the server running", "the database system is", "timeout expired",
                      "failed to resolve host", "could not translate host name")
    )  # fmt: skip


@functools.cache
def schema_tables() -> dict[str, Any]:
    """The schema at :data:`SCHEMA_VERSION` as SQLAlchemy tables, for the queries (the
    migrations create it; these only describe it). Made once per process (every store
    shares them; a page opens several)."""
    md = sa.MetaData()

    def learner() -> Any:
        return sa.Column("learner", sa.Text, nullable=False)

    return {
        "learners": sa.Table(
            "learners", md, sa.Column("learner", sa.Text, primary_key=True),
            sa.Column("first_seen", sa.Text), sa.Column("name", sa.Text),
        ),
        "attempts": sa.Table(
            "attempts", md, sa.Column("id", sa.Integer, primary_key=True), learner(),
            *(sa.Column(c, sa.Text) for c in ("time", "page", "item_id", "kind", "rules",
                                              "rule_set", "answer", "mastery_set", "answer_key",
                                              "position")),
            sa.Column("right", sa.Integer), sa.Column("tries", sa.Integer),
        ),
        "lessons": sa.Table(
            "lessons", md, sa.Column("id", sa.Integer, primary_key=True), learner(),
            sa.Column("page", sa.Text), sa.Column("time", sa.Text),
        ),
        "imports": sa.Table(
            "imports", md, learner(), sa.Column("source", sa.Text),
            sa.Column("time", sa.Text), sa.Column("attempts", sa.Integer),
        ),
        "preferences": sa.Table(
            "preferences", md, learner(), sa.Column("key", sa.Text),
            sa.Column("value", sa.Text), sa.Column("time", sa.Text),
        ),
        "places": sa.Table(
            "places", md, learner(), sa.Column("key", sa.Text),
            sa.Column("data", sa.Text), sa.Column("time", sa.Text),
        ),
        # Classmates' tables (pinochle_tutor.classroom.tables).
        "tables": sa.Table(
            "tables", md, sa.Column("code", sa.Text, primary_key=True),
            *(sa.Column(c, sa.Text) for c in ("rule_set", "level", "opener", "state", "result")),
            *(sa.Column(c, sa.Integer) for c in ("players", "hints", "away_wait")),
            sa.Column("seed", sa.BigInteger), sa.Column("opened", sa.Float),
            sa.Column("changed", sa.Float),
        ),
        "table_seats": sa.Table(
            "table_seats", md, sa.Column("code", sa.Text, primary_key=True),
            sa.Column("seat", sa.Integer, primary_key=True), learner(),
            sa.Column("name", sa.Text), sa.Column("seen", sa.Float),
        ),
        "table_moves": sa.Table(
            "table_moves", md, sa.Column("code", sa.Text, primary_key=True),
            sa.Column("seq", sa.Integer, primary_key=True),
            *(sa.Column(c, sa.Integer) for c in ("hand", "seat")),
            sa.Column("action", sa.Text), learner(), sa.Column("at", sa.Float),
        ),
    }  # fmt: skip


_ENGINES: dict[tuple[str, float], Any] = {}
"""The engines made so far, by URL and wait (see :func:`engine_for`)."""
_ENGINES_LOCK = threading.Lock()


def engine_for(url: str, wait: float) -> Any:
    """One engine (a pool of connections) per database and wait, for the process:
    every page of a kernel shares it."""
    with _ENGINES_LOCK:
        engine = _ENGINES.get((url, wait))
        if engine is None:
            engine = _ENGINES[(url, wait)] = _new_engine(url, wait)
        return engine


def _new_engine(url: str, wait: float) -> Any:
    if url.startswith("sqlite"):
        # A connection per call, closed after (NullPool), as SQLite is meant to be used
        # by many processes: no file is held open between answers, and the last one
        # out checkpoints the write-ahead log.
        engine = sa.create_engine(url, connect_args={"timeout": wait}, poolclass=sa.pool.NullPool)

        @sa.event.listens_for(engine, "connect")
        def _setup(dbapi: Any, _record: Any) -> None:
            dbapi.isolation_level = None  # the transactions below are ours, not the driver's
            dbapi.execute("PRAGMA journal_mode=WAL")
            dbapi.execute("PRAGMA synchronous=NORMAL")
            dbapi.execute("PRAGMA foreign_keys=ON")

        @sa.event.listens_for(engine, "begin")
        def _begin(conn: Any) -> None:
            # BEGIN IMMEDIATE takes the write lock at once, so two kernels never
            # interleave inside one transaction; reads run outside any transaction.
            if conn.get_execution_options().get("isolation_level") != "AUTOCOMMIT":
                conn.exec_driver_sql("BEGIN IMMEDIATE")

        return engine
    # A server: a connection per call too (NullPool). A school's class holds hundreds of
    # kernels, each idle most of the time; pooled connections would hold one server
    # connection per kernel (PostgreSQL allows 100 by default), where a connection per
    # answer holds one per write under way (measured: benchmarks/bench_store_load.py).
    # A short connect timeout: a page must not hang on a server out of reach.
    return sa.create_engine(
        url, poolclass=sa.pool.NullPool, connect_args={"connect_timeout": max(1, int(wait))}
    )
