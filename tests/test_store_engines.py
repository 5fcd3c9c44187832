"""The classroom store's contract on both of its engines (issue 31): the same tests on
a SQLite file and on a real PostgreSQL server (a throwaway cluster the test command
starts, see tests/postgres_server.py), each test on a database of its own.

Every answer one transaction; learners written at once from several processes lose
nothing and write nothing twice; an answer written again with its idempotency key (a
retry after a dropped connection) is kept once; a write whose connection the server
drops is retried; a process killed with SIGKILL in the middle of writes loses nothing
it had been told was kept; a newer schema is refused, not touched; a URL never shows
in a message."""

from __future__ import annotations

import dataclasses
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
import sqlalchemy as sa

from pinochle_tutor.classroom.attempts import Attempt
from pinochle_tutor.classroom.database import (
    StoreBusyError,
    StoreError,
    StoreFileError,
    is_database_url,
    store_error,
)
from pinochle_tutor.classroom.progress import DATABASE_URL_VAR, Progress, default_location
from pinochle_tutor.classroom.store import SCHEMA_VERSION, ProgressStore
from tests.voila_site import REPO


def attempt(n: int, right: bool = True) -> Attempt:
    return Attempt(f"item-{n}", "meld", ("meld.run",), str(n), right, f"2026-01-01T10:{n % 60:02d}:00Z")


@pytest.fixture(params=["sqlite", "postgresql"])
def location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database: a SQLite file's path, or the URL of a PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "class.sqlite")
    return str(request.getfixturevalue("postgres_url"))


def test_each_learner_has_their_own_record(location: str) -> None:
    store = ProgressStore(location)
    assert store.schema_version == SCHEMA_VERSION
    store.record("ann", attempt(1), page="exercises/01_meld_level1.ipynb", rule_set="classic")
    store.record("bob", attempt(2, right=False))
    store.record("ann", attempt(3), tries=2)
    assert [a.answer for a in store.attempts("ann")] == ["1", "3"]
    assert [a.answer for a in store.attempts("bob")] == ["2"]
    assert store.attempts("nobody") == [] and store.learners() == ["ann", "bob"]
    first, third = store.stored_attempts("ann")
    assert (first.page, first.rule_set, first.tries, third.tries) == (
        "exercises/01_meld_level1.ipynb", "classic", 1, 2,
    )  # fmt: skip
    assert first.attempt == dataclasses.replace(
        attempt(1), rule_set="classic", page="exercises/01_meld_level1.ipynb"
    )
    assert len(store.stored_attempts()) == 3


def test_names_preferences_places_lessons_and_a_deleted_learner(location: str) -> None:
    store = ProgressStore(location)
    store.set_name("ann", "Ann", "2026-01-01T10:00:00Z")
    store.set_preference("ann", "four_colour", "on", "2026-01-01T10:00:00Z")
    store.set_preference("ann", "four_colour", "off", "2026-01-01T10:01:00Z")
    store.keep_place("ann", "practice/07.ipynb#0", '{"index": 1}', "2026-01-01T10:02:00Z")
    store.open_lesson("ann", "lessons/04_meld.ipynb", "2026-01-01T10:03:00Z")
    store.record("ann", attempt(1))
    assert store.name_of("ann") == "Ann" and store.names() == {"ann": "Ann"}
    assert store.preference("ann", "four_colour") == "off"
    assert store.place("ann", "practice/07.ipynb#0") == '{"index": 1}'
    store.keep_place("ann", "practice/07.ipynb#0", "", "2026-01-01T10:04:00Z")
    assert store.place("ann", "practice/07.ipynb#0") is None
    assert [v.page for v in store.lessons("ann")] == ["lessons/04_meld.ipynb"]
    assert store.delete_learner("ann") and not store.delete_learner("ann")
    assert store.learners() == [] and store.attempts("ann") == [] and store.lessons() == []
    assert store.preference("ann", "four_colour") is None


def test_an_import_is_kept_once(location: str) -> None:
    store = ProgressStore(location)
    answers = [attempt(n) for n in range(5)]
    assert store.import_attempts("ann", answers, "upload-1") == 5
    assert store.import_attempts("ann", answers, "upload-1") == 0
    assert store.import_attempts("bob", answers, "upload-1") == 5  # per learner
    assert store.import_attempts("cy", answers, "upload-1", anyone=True) == 0
    assert store.imported_sources() == ["upload-1"] and len(store.attempts("ann")) == 5


def test_an_answer_written_twice_with_its_key_is_kept_once(location: str) -> None:
    store = ProgressStore(location)
    first = store.record("ann", attempt(1), key="answer-key-1")
    again = store.record("ann", attempt(1), key="answer-key-1")  # a retry that had committed
    other = store.record("ann", attempt(2), key="answer-key-2")
    assert first == again != other and [a.answer for a in store.attempts("ann")] == ["1", "2"]
    with pytest.raises(StoreError, match="answer key"):
        store.record("ann", attempt(3), key="")


WRITER = textwrap.dedent(
    """
    import sys
    from pinochle_tutor.classroom.attempts import Attempt
    from pinochle_tutor.classroom.store import ProgressStore
    location, who, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    store = ProgressStore(location)
    for n in range(count):
        a = Attempt(f"{who}-{n}", "meld", ("meld.run",), str(n), True, "2026-01-01T10:00:00Z")
        store.record(who, a, key=f"{who}-{n}")
        print(n, flush=True)
    """
)


def test_learners_writing_at_once_from_four_processes_lose_nothing(location: str) -> None:
    ProgressStore(location)  # created (migrated) once, as the site does on its first page
    writers = [
        subprocess.Popen([sys.executable, "-c", WRITER, location, f"learner{i}", "40"],
                         cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for i in range(4)
    ]  # fmt: skip
    for w in writers:
        _, err = w.communicate(timeout=300)
        assert w.returncode == 0, err.decode()[-2000:]
    store = ProgressStore(location)
    kept = store.stored_attempts()
    assert len(kept) == 160
    for i in range(4):
        assert [a.item_id for a in store.attempts(f"learner{i}")] == [f"learner{i}-{n}" for n in range(40)]


def test_a_process_killed_mid_write_loses_nothing_it_was_told_was_kept(location: str) -> None:
    """SIGKILL while a learner's server writes answers as fast as it can: every answer
    whose write had returned (printed) is in the database, none twice; the database
    opens and takes answers afterwards."""
    ProgressStore(location)
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, location, "ann", "100000"],
        cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert writer.stdout is not None
    acknowledged = -1
    deadline = time.monotonic() + 120
    while acknowledged < 50 and time.monotonic() < deadline:
        line = writer.stdout.readline()
        if not line:
            break
        acknowledged = int(line)
    os.kill(writer.pid, signal.SIGKILL)
    rest, _ = writer.communicate(timeout=30)
    acknowledged = max([acknowledged, *(int(x) for x in rest.split())])
    assert acknowledged >= 50, "the writer never got going"
    store = ProgressStore(location)
    ids = [a.item_id for a in store.attempts("ann")]
    assert len(ids) == len(set(ids))  # nothing twice
    assert ids[: acknowledged + 1] == [f"ann-{n}" for n in range(acknowledged + 1)]
    assert len(ids) <= acknowledged + 2  # at most the write in flight besides
    store.record("bob", attempt(1))
    assert store.attempts("bob") == [attempt(1)]


def test_a_newer_schema_is_refused_and_left_alone(location: str) -> None:
    store = ProgressStore(location)
    store.record("ann", attempt(1))
    url = location if is_database_url(location) else f"sqlite:///{location}"
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    with engine.begin() as db:
        db.execute(sa.text("UPDATE alembic_version SET version_num = '0099'"))
        if url.startswith("sqlite"):
            db.exec_driver_sql("PRAGMA user_version = 99")
    with pytest.raises(StoreFileError, match="newer than this tutor's"):
        ProgressStore(location)
    with engine.connect() as db:
        assert db.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == "0099"
        assert db.execute(sa.text("SELECT count(*) FROM attempts")).scalar() == 1
    engine.dispose()


def test_the_url_and_its_password_never_show(postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A server out of reach: the page's message says the class database cannot be
    used, never the URL, its host or its password; the answer is kept on the page."""
    secret = "s3cret-pass"
    url = sa.make_url(postgres_url).set(password=secret, port=1).render_as_string(hide_password=False)
    monkeypatch.setenv(DATABASE_URL_VAR, url)
    assert default_location() == url
    p = Progress.load(learner="ann")
    p.record("q1", "meld", ["meld.run"], "150", True)
    said = " ".join(p.messages) + p.store_problem
    assert said and secret not in said and "127.0.0.1" not in said and "postgresql" not in said
    assert [a.answer for a in p.pending] == ["150"] or [a.answer for a in p.attempts] == ["150"]
    assert secret not in repr(p) and secret not in repr(p.store)


def test_progress_goes_to_the_server_the_url_names(postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two learners' pages on two servers of a school (two Progress objects, as two
    kernels): both write to the one database, the teacher reads both."""
    monkeypatch.setenv(DATABASE_URL_VAR, postgres_url)
    ann, bob = Progress.load(learner="ann"), Progress.load(learner="bob")
    ann.record("q1", "meld", ["meld.run"], "150", True)
    bob.record("q1", "meld", ["meld.run"], "140", False)
    assert ann.pending == [] and bob.pending == []
    store = ProgressStore(postgres_url)
    assert store.learners() == ["ann", "bob"]
    assert [a.answer for a in Progress.load(learner="bob").attempts] == ["140"]


def test_a_dropped_connection_is_retried_and_nothing_is_written_twice(postgres_url: str) -> None:
    """The server drops the connection of a write under way (as a restart or a network
    cut does): the store writes it again on a fresh connection, once; an answer
    written again with its key (the course's own retry) is kept once."""
    store = ProgressStore(postgres_url)
    store.record("ann", attempt(1), key="k1")
    admin = sa.create_engine(postgres_url, poolclass=sa.pool.NullPool)
    waiting = sa.text(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
        "AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
    )

    def blocked(db: sa.Connection, gone: tuple[int, ...] = ()) -> list[int]:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            pids = [p for p in db.execute(waiting).scalars() if p not in gone]
            if pids:
                return pids
            time.sleep(0.05)
        raise AssertionError("the write never reached the lock")

    result: list[int] = []
    with admin.connect() as holder, admin.connect() as fresh:
        # The watcher reads pg_stat_activity afresh each time (no transaction keeps a
        # snapshot of it).
        watcher = fresh.execution_options(isolation_level="AUTOCOMMIT")
        holder.execute(sa.text("LOCK TABLE attempts IN ACCESS EXCLUSIVE MODE"))  # the write waits
        writer = threading.Thread(target=lambda: result.append(store.record("ann", attempt(2), key="k2")))
        writer.start()
        first = blocked(watcher)
        watcher.execute(sa.text("SELECT pg_terminate_backend(:p)"), {"p": first[0]})
        # The ended backend can stay listed as waiting for a moment after it was told to
        # go (pg_terminate_backend only signals it): wait for a new one.
        second = blocked(watcher, gone=tuple(first))  # the store tried again, on a new connection
        assert second and set(second).isdisjoint(first)
        holder.rollback()  # the lock goes; the write goes through
        writer.join(60)
    admin.dispose()
    assert result and store.record("ann", attempt(2), key="k2") == result[0]
    assert [a.answer for a in ProgressStore(postgres_url).attempts("ann")] == ["1", "2"]


def test_a_plain_postgresql_url_uses_the_store_s_driver(postgres_url: str) -> None:
    """``postgresql://...`` (as a school's admin writes it) works as ``postgresql+psycopg://``."""
    plain = postgres_url.replace("postgresql+psycopg://", "postgresql://")
    ProgressStore(plain).record("ann", attempt(1))
    assert ProgressStore(postgres_url).learners() == ["ann"]


@pytest.mark.parametrize(
    "text",
    ["FATAL:  sorry, too many clients already", "connection timeout expired",
     "connection failed: Connection refused", "terminating connection due to administrator command"],
)  # fmt: skip
def test_a_server_busy_or_out_of_reach_is_busy_not_broken(text: str) -> None:
    """The page keeps the answer and writes it later (busy), never tells the learner
    their answers cannot be saved (not a usable database), and never quotes the URL."""
    error = store_error(sa.exc.OperationalError("INSERT ...", {}, Exception(text)), "(the school's database)")
    assert isinstance(error, StoreBusyError) and "postgresql" not in str(error)
