"""A class database the store cannot open, or cannot write now, is never written over.

The fault: a ``Progress`` over ``progress.sqlite`` whose store could not be
opened (a write lock held too long, a truncated or garbage file, a newer schema)
saved its next answer with ``write_attempts``, replacing the whole database with a
one-answer JSON file. Here each fault is made for real (a second SQLite connection
holding the write lock in another thread; bytes cut or replaced), a learner answers,
and the file's bytes (or, for the lock, its rows) are checked afterwards."""

from __future__ import annotations

import contextlib
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from pinochle_tutor.classroom import progress as progress_module
from pinochle_tutor.classroom import store as store_module
from pinochle_tutor.classroom.attempts import Attempt
from pinochle_tutor.classroom.dashboard import class_data
from pinochle_tutor.classroom.progress import BUSY_MESSAGE, Progress
from pinochle_tutor.classroom.store import SCHEMA_VERSION, ProgressStore
from tests.legacy_store import ProgressStore as LegacyStore


def attempt(n: int) -> Attempt:
    return Attempt(f"item-{n}", "meld", ("meld.run",), str(n), True, "2026-01-01T10:00:00Z")


def class_database(path: Path, rows: int = 50, store_class: type = ProgressStore) -> Path:
    """A healthy database: ``rows`` attempts of five learners (as on the site), written
    by today's store or (``store_class``) by an earlier one."""
    store = store_class(path)
    for n in range(rows):
        store.record(f"learner{n % 5}", attempt(n))
    return path


def rows(path: Path) -> list[tuple[str, str]]:
    with contextlib.closing(sqlite3.connect(path)) as db:
        return [(r[0], r[1]) for r in db.execute("SELECT learner, answer FROM attempts ORDER BY id")]


def set_version(path: Path, version: int) -> None:
    with contextlib.closing(sqlite3.connect(path)) as db:
        db.execute(f"PRAGMA user_version = {version}")


def answer(p: Progress, n: int) -> None:
    p.record(f"q{n}", "score", ["score.counters"], f"answer-{n}", True, page="practice/07_score_level1.ipynb")


class Lock:
    """A write lock on ``path`` held by another connection, in its own thread."""

    def __init__(self, path: Path, how: str = "EXCLUSIVE") -> None:
        self.taken = threading.Event()
        self.release = threading.Event()
        self.thread = threading.Thread(target=self._hold, args=(path, how), daemon=True)
        self.thread.start()
        assert self.taken.wait(10)

    def _hold(self, path: Path, how: str) -> None:
        db = sqlite3.connect(path, isolation_level=None)
        db.execute(f"BEGIN {how}")
        db.execute("INSERT INTO learners (learner, first_seen) VALUES ('holder', 'x')")
        self.taken.set()
        self.release.wait()
        db.execute("ROLLBACK")
        db.close()

    def free(self) -> None:
        self.release.set()
        self.thread.join(10)


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Short waits and retries, so the logic is proven without waiting for minutes."""
    monkeypatch.setattr(store_module, "BUSY_WAIT", 0.2)
    monkeypatch.setattr(progress_module, "RETRY_EVERY", 0.2)
    yield


# ------------------------------------------------------------ files it cannot read


def truncated(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def garbage(path: Path) -> None:
    path.write_bytes(b"this is not a database, it is a shopping list\n" * 200)


def newer(path: Path) -> None:
    set_version(path, SCHEMA_VERSION + 1)


@pytest.mark.parametrize(
    ("fault", "words"),
    [
        (truncated, "progress.sqlite is not a progress database (it is damaged or cut short)"),
        (garbage, "progress.sqlite is not a progress database (file is not a database)"),
        (newer, f"progress.sqlite has schema version {SCHEMA_VERSION + 1}, newer than this tutor's"),
    ],
    ids=["truncated", "garbage", "newer-schema"],
)
def test_a_file_the_store_cannot_read_is_left_byte_for_byte(
    tmp_path: Path, fault: object, words: str
) -> None:
    path = class_database(tmp_path / "progress.sqlite")
    fault(path)  # type: ignore[operator]
    before = path.read_bytes()
    p = Progress.load(path, learner="dan")
    assert words in p.store_problem and "kept on this page only" in p.store_problem
    assert str(tmp_path) not in p.store_problem
    for n in range(3):
        answer(p, n)
    p.save()
    assert path.read_bytes() == before  # today: the file began {"version": 1
    assert [a.answer for a in p.attempts] == ["answer-0", "answer-1", "answer-2"]
    assert [a.answer for a in p.pending] == ["answer-0", "answer-1", "answer-2"]
    assert p.messages[-1] == p.store_problem  # each answer kept says so
    assert sorted(f.name for f in tmp_path.iterdir()) == ["progress.sqlite"]
    # the teacher's page names the file's problem too
    problems = class_data(path).problems
    assert len(problems) == 1 and words in problems[0] and str(tmp_path) not in problems[0]
    assert path.read_bytes() == before


def test_the_defect_as_filed_a_newer_schema_then_an_answer(tmp_path: Path) -> None:
    path = class_database(tmp_path / "progress.sqlite", rows=3)
    newer(path)
    before = path.read_bytes()
    Progress.load(path, learner="dan").record("q", "meld", ["meld.run"], "150", True)
    assert path.read_bytes() == before and not before.startswith(b'{"version": 1')


# --------------------------------------------------------------------- a lock


@pytest.mark.usefixtures("quick")
def test_a_lock_held_longer_than_the_wait_keeps_answers_and_writes_them_once_after(
    tmp_path: Path,
) -> None:
    path = class_database(tmp_path / "progress.sqlite")
    before = rows(path)
    p = Progress.load(path, learner="dan")  # a current database opens under the lock
    lock = Lock(path)
    try:
        answer(p, 0)
        assert p.messages[-1] == BUSY_MESSAGE
        assert [a.answer for a in p.pending] == ["answer-0"]
        answer(p, 1)
        assert [a.answer for a in p.attempts] == ["answer-0", "answer-1"]  # shown meanwhile
        assert rows(path) == before
    finally:
        lock.free()
    answer(p, 2)  # the next answer writes those kept, in order, then itself
    assert p.pending == []
    assert rows(path) == before + [("dan", f"answer-{n}") for n in range(3)]
    assert p.flush() == 0 and len(rows(path)) == len(before) + 3  # never twice
    assert [a.answer for a in p.attempts] == ["answer-0", "answer-1", "answer-2"]


@pytest.mark.usefixtures("quick")
def test_answers_kept_while_locked_arrive_by_the_retry_without_another_answer(
    tmp_path: Path,
) -> None:
    path = class_database(tmp_path / "progress.sqlite")
    before = rows(path)
    p = Progress.load(path, learner="dan")
    lock = Lock(path, "IMMEDIATE")
    answer(p, 0)
    time.sleep(0.6)  # retries meet the lock and keep waiting
    assert p.pending and rows(path) == before
    lock.free()
    deadline = time.monotonic() + 10
    while p.pending and time.monotonic() < deadline:
        time.sleep(0.1)
    assert p.pending == [] and rows(path) == [*before, ("dan", "answer-0")]
    time.sleep(0.5)  # a retry after that writes nothing more
    assert rows(path) == [*before, ("dan", "answer-0")]


@pytest.mark.usefixtures("quick")
def test_a_store_that_could_not_be_opened_at_page_open_is_tried_again(
    tmp_path: Path,
) -> None:
    """An older database needs its migration (the write lock) on open: locked, the
    page opens with the busy message, and the store is opened on a later answer."""
    path = class_database(tmp_path / "progress.sqlite", store_class=LegacyStore)  # the version before
    before = rows(path)
    lock = Lock(path)
    p = Progress.load(path, learner="dan")
    assert p.store is None and p.messages == [BUSY_MESSAGE] and not p.store_problem
    answer(p, 0)
    assert rows(path) == before
    lock.free()
    answer(p, 1)
    assert p.store is not None and p.pending == []
    assert rows(path) == [*before, ("dan", "answer-0"), ("dan", "answer-1")]


def test_a_lock_held_60_seconds_while_a_learner_answers_three_questions_loses_nothing(
    tmp_path: Path,
) -> None:
    """The issue's "done when", at the store's own wait and retry: the lock is held
    60 s (sleeping, no CPU), three answers are given meanwhile, the rows before are
    all there, and the three answers arrive once the lock is released."""
    path = class_database(tmp_path / "progress.sqlite")
    before = rows(path)
    p = Progress.load(path, learner="dan")
    lock = Lock(path)
    held = time.monotonic()
    for n in range(3):
        answer(p, n)  # each waits BUSY_WAIT, then is kept
        assert BUSY_MESSAGE in p.messages[-1]
    time.sleep(max(0.0, 60 - (time.monotonic() - held)))
    assert rows(path) == before and len(p.pending) == 3
    lock.free()
    deadline = time.monotonic() + 3 * progress_module.RETRY_EVERY + 5
    while p.pending and time.monotonic() < deadline:
        time.sleep(0.2)
    assert rows(path) == before + [("dan", f"answer-{n}") for n in range(3)]
