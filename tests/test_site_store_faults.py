"""On the site, through Voila: a class database locked while a learner answers is
never written over, and the answer arrives once the lock is released.

The fault as seen on the site: a healthy database (50 attempts, 5
learners), a write lock held by another process while a learner answered on
``practice/07_score_level1``; the answer replaced the database with a JSON file. Here
the test process holds a real write lock (``BEGIN EXCLUSIVE``), a real kernel
answers through the kernel protocol (:class:`tests.voila_site.Channel`, no
browser), and the file is checked before and after the lock is released."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
import time
from pathlib import Path

from pinochle_tutor.classroom.attempts import Attempt
from pinochle_tutor.classroom.store import ProgressStore
from tests.voila_site import Channel, signed_cookie, voila_server

PAGE = "practice/07_score_level1.ipynb"


def rows(path: Path) -> list[tuple[str, str, str]]:
    with contextlib.closing(sqlite3.connect(path)) as db:
        return [
            (r[0], r[1], r[2])
            for r in db.execute("SELECT learner, item_id, page FROM attempts ORDER BY id")
        ]


def test_an_answer_given_while_the_class_database_is_locked_is_kept_then_saved(
    tmp_path: Path,
) -> None:
    db = tmp_path / "progress.sqlite"
    store = ProgressStore(db)
    for n in range(50):
        store.record(
            f"learner{n % 5}",
            Attempt(f"item-{n}", "meld", ("meld.run",), str(n), n % 3 > 0, "2026-01-01T10:00:00Z"),
        )
    before = rows(db)
    taken, release = threading.Event(), threading.Event()

    def hold() -> None:
        lock = sqlite3.connect(db, isolation_level=None)
        lock.execute("BEGIN EXCLUSIVE")
        lock.execute("INSERT INTO learners (learner, first_seen) VALUES ('holder', 'x')")
        taken.set()
        release.wait(300)
        lock.execute("ROLLBACK")
        lock.close()

    holder = threading.Thread(target=hold, daemon=True)

    async def scenario() -> str:
        # A learner's page (a guest's answers are kept on the page only, never in the database).
        page = await Channel.open(site, PAGE, 120, key=signed_cookie("l" * 22))
        holder.start()
        assert taken.wait(10)
        _took, feedback = await page.answer_quiz("40", 120)
        page.ws.close()
        return feedback

    with voila_server(env={"PINOCHLE_TUTOR_PROGRESS": str(db)}) as site:
        try:
            feedback = asyncio.run(scenario())
            assert "kept on this page and will be saved when the class database is free" in feedback
            # while locked: still a database, every row there, nothing else beside it
            assert db.read_bytes().startswith(b"SQLite format 3\x00")
            assert rows(db) == before
            assert not list(tmp_path.glob("*.json")) and not list(tmp_path.glob(".*.tmp"))
        finally:
            release.set()
            holder.join(10)
        deadline = time.monotonic() + 60
        while len(rows(db)) == len(before) and time.monotonic() < deadline:
            time.sleep(0.5)  # the kernel's retry writes it, with no further answer
        after = rows(db)
    assert after[: len(before)] == before
    assert len(after) == len(before) + 1 and after[-1][2] == PAGE
    assert after[-1][0] not in {f"learner{n}" for n in range(5)}
