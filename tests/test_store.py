"""pinochle_tutor.classroom.store: the class's progress database.

Every answer one transaction; pages and kernels writing in turn or at once lose
nothing; a kill -9 in the middle of writes loses at most the write in flight; the
schema is versioned; JSON files are imported once; bad files get a message that
names no server folder."""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from pinochle_tutor.classroom.attempts import (
    Attempt,
    ProgressFileError,
    read_attempts,
    write_attempts,
)
from pinochle_tutor.classroom.class_folder import collect_records
from pinochle_tutor.classroom.database import StoreError
from pinochle_tutor.classroom.house_rules import load_house_rules
from pinochle_tutor.classroom.identity import Learner, LearnerSource, set_current_learner
from pinochle_tutor.classroom.progress import Progress
from pinochle_tutor.classroom.store import SCHEMA_VERSION, ProgressStore
from pinochle_tutor.course.quiz import load_bank
from tests.legacy_store import ProgressStore as LegacyStore


def attempt(n: int, right: bool = True, item: str | None = None) -> Attempt:
    return Attempt(item or f"item-{n}", "meld", ("meld.run",), str(n), right, "2026-01-01T10:00:00Z")


def test_each_learner_has_their_own_record(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "class.sqlite")
    store.record("ann", attempt(1), page="exercises/01_meld_level1.ipynb", rule_set="classic")
    store.record("bob", attempt(2, right=False))
    store.record("ann", attempt(3))
    assert [a.answer for a in store.attempts("ann")] == ["1", "3"]
    assert [a.answer for a in store.attempts("bob")] == ["2"]
    assert store.attempts("nobody") == [] and store.learners() == ["ann", "bob"]
    first = store.stored_attempts("ann")[0]
    assert (first.page, first.rule_set, first.tries) == ("exercises/01_meld_level1.ipynb", "classic", 1)
    assert first.attempt == dataclasses.replace(
        attempt(1), rule_set="classic", page="exercises/01_meld_level1.ipynb"
    )
    assert len(store.stored_attempts()) == 3


def test_lessons_opened_are_kept(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "class.sqlite")
    store.open_lesson("ann", "lessons/04_meld.ipynb", "2026-01-01T10:00:00Z")
    store.open_lesson("bob", "lessons/01_the_deck.ipynb", "2026-01-01T10:05:00Z")
    assert [v.page for v in store.lessons("ann")] == ["lessons/04_meld.ipynb"]
    assert len(store.lessons()) == 2


@pytest.mark.parametrize(
    ("learner", "words"),
    [("", "must be some text"), ("   ", "must be some text"), ("x" * 81, "at most 80"), (None, "not None")],
)
def test_bad_learner_names_are_refused_with_a_message(tmp_path: Path, learner: object, words: str) -> None:
    store = ProgressStore(tmp_path / "class.sqlite")
    with pytest.raises(StoreError, match=words):
        store.record(learner, attempt(1))  # type: ignore[arg-type]
    assert store.learners() == []


def test_preferences_are_kept_per_learner_and_replaced(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "class.sqlite")
    assert store.preference("ann", "four_colour") is None
    store.set_preference("ann", "four_colour", "on", "2026-01-01T10:00:00Z")
    store.set_preference("bob", "four_colour", "off", "2026-01-01T10:00:00Z")
    store.set_preference("ann", "four_colour", "off", "2026-01-02T10:00:00Z")
    again = ProgressStore(tmp_path / "class.sqlite")
    assert again.preference("ann", "four_colour") == "off"
    assert again.preference("bob", "four_colour") == "off"
    assert again.preference("ann", "other") is None
    assert again.delete_learner("ann") and again.preference("ann", "four_colour") is None


def test_a_version_2_database_gains_the_preferences_table(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    LegacyStore(path).set_name("ann", "Ann", "2026-01-01T10:00:00Z")
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE preferences")
        db.execute("ALTER TABLE attempts DROP COLUMN mastery_set")  # added by version 4
        db.execute("DROP TABLE places")  # added by version 5
        db.execute("PRAGMA user_version = 2")
    store = ProgressStore(path)
    assert store.schema_version == SCHEMA_VERSION and store.name_of("ann") == "Ann"
    store.set_preference("ann", "four_colour", "on", "2026-01-02T10:00:00Z")
    assert store.preference("ann", "four_colour") == "on"


def test_a_version_4_database_gains_places_and_keeps_every_answer(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    old = LegacyStore(path)
    old.record("ann", attempt(1))
    old.record("ann", attempt(2))
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE places")
        db.execute("PRAGMA user_version = 4")
    store = ProgressStore(path)
    assert store.schema_version == SCHEMA_VERSION == 9
    assert store.attempts("ann") == [attempt(1), attempt(2)]
    assert store.place("ann", "lessons/04_meld.ipynb#0") is None
    store.keep_place("ann", "lessons/04_meld.ipynb#0", '{"seed": 1}', "2026-01-02T10:00:00Z")
    store.keep_place("ann", "lessons/04_meld.ipynb#0", '{"seed": 2}', "2026-01-02T10:01:00Z")
    assert store.place("ann", "lessons/04_meld.ipynb#0") == '{"seed": 2}'
    assert store.place("bob", "lessons/04_meld.ipynb#0") is None
    store.keep_place("ann", "lessons/04_meld.ipynb#0", "", "2026-01-02T10:02:00Z")
    assert store.place("ann", "lessons/04_meld.ipynb#0") is None
    with pytest.raises(StoreError, match="place name"):
        store.keep_place("ann", "x" * 200, "{}", "2026-01-02T10:02:00Z")


def test_the_teacher_can_delete_a_learner(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "class.sqlite")
    store.record("ann", attempt(1))
    store.open_lesson("ann", "lessons/04_meld.ipynb", "2026-01-01T10:00:00Z")
    store.record("bob", attempt(2))
    assert store.delete_learner("ann") and not store.delete_learner("ann")
    assert store.learners() == ["bob"] and store.attempts("ann") == [] and store.lessons("ann") == []


# ------------------------------------------------------------------ the schema


def test_a_new_database_has_the_current_schema_and_wal(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "class.sqlite")
    assert store.schema_version == SCHEMA_VERSION and store.path == tmp_path / "class.sqlite"
    with sqlite3.connect(tmp_path / "class.sqlite") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_an_unversioned_database_is_migrated_and_keeps_its_tables(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
        db.execute("INSERT INTO notes VALUES ('kept')")
    store = ProgressStore(path)
    assert store.schema_version == SCHEMA_VERSION
    store.record("ann", attempt(1))
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT text FROM notes").fetchall() == [("kept",)]


def test_a_newer_database_is_refused_not_damaged(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    with pytest.raises(StoreError, match="newer than this tutor's"):
        ProgressStore(path)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 5


def test_a_file_that_is_not_a_database_is_named_without_its_folder(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    path.write_text("not a database at all " * 100)
    with pytest.raises(StoreError) as info:
        ProgressStore(path)
    assert "class.sqlite is not a progress database" in str(info.value)
    assert str(tmp_path) not in str(info.value)


# -------------------------------------------------------------- JSON imports


def test_a_json_file_is_imported_once_and_kept(tmp_path: Path) -> None:
    old = tmp_path / "progress.json"
    write_attempts(old, [attempt(1), attempt(2, right=False)])
    before = old.read_bytes()
    store = ProgressStore(tmp_path / "class.sqlite")
    assert store.import_json("ann", old) == (2, [])
    assert store.import_json("ann", old) == (0, [])
    assert [a.answer for a in store.attempts("ann")] == ["1", "2"]
    assert old.read_bytes() == before


def test_a_database_beside_an_old_progress_file_takes_its_answers_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PINOCHLE_TUTOR_LEARNER", "ann")  # a single-user site
    write_attempts(tmp_path / "progress.json", [attempt(1), attempt(2)])
    p = Progress.load(tmp_path / "progress.sqlite", learner="ann")
    assert p.store is not None and [a.answer for a in p.attempts] == ["1", "2"]
    p.record("new", "meld", ["meld.run"], "150", True)
    again = Progress.load(tmp_path / "progress.sqlite", learner="ann")
    assert [a.answer for a in again.attempts] == ["1", "2", "150"]


@pytest.mark.parametrize(("var", "owner"), [("PINOCHLE_TUTOR_LEARNER", "ann"), ("JUPYTERHUB_USER", "hub-ann")])
def test_an_old_progress_file_goes_to_its_one_learner_once_for_the_whole_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, var: str, owner: str
) -> None:
    """Single-user and Hub sites: the file is the owner's, imported once, and a second
    learner of the same database (a teacher's test name, another page) never gets it."""
    for name in ("PINOCHLE_TUTOR_LEARNER", "JUPYTERHUB_USER", "HTTP_COOKIE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv(var, owner)
    old = tmp_path / "progress.json"
    write_attempts(old, [attempt(1), attempt(2)])
    before = old.read_bytes()
    db = tmp_path / "progress.sqlite"
    assert [a.answer for a in Progress.load(db).attempts] == ["1", "2"]
    assert [a.answer for a in Progress.load(db).attempts] == ["1", "2"]  # not twice
    monkeypatch.setenv(var, "someone-else")
    assert Progress.load(db).attempts == []
    store = ProgressStore(db)
    assert store.learners() == [owner] and len(store.stored_attempts()) == 2
    assert old.read_bytes() == before


def test_on_a_shared_site_an_old_progress_file_is_never_copied_into_learners(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The defect: on a site where browsers tell learners apart, every learner who
    opened a quiz page got the file's attempts as their own."""
    for name in ("PINOCHLE_TUTOR_LEARNER", "JUPYTERHUB_USER", "HTTP_COOKIE"):
        monkeypatch.delenv(name, raising=False)
    write_attempts(tmp_path / "progress.json", [attempt(1), attempt(2)])
    db = tmp_path / "progress.sqlite"
    try:
        for key in ("a" * 22, "b" * 22):
            set_current_learner(Learner(key, "", LearnerSource.BROWSER))
            p = Progress.load(db)
            assert p.attempts == []
            p.record("q", "meld", ["meld.run"], "150", True)
    finally:
        set_current_learner(None)
    assert Progress.load(db).attempts == []  # nor into a guest
    assert [s.attempt.answer for s in ProgressStore(db).stored_attempts()] == ["150", "150"]


def test_the_collector_counts_an_imported_progress_file_once(tmp_path: Path) -> None:
    """A progress.json imported into the database beside it is not counted again,
    also when the teacher copied the folder elsewhere (the imported path differs)."""
    home = tmp_path / "class" / "ann" / ".pinochle_tutor"
    home.mkdir(parents=True)
    write_attempts(home / "progress.json", [attempt(1), attempt(2)])
    store = ProgressStore(home / "progress.sqlite")
    assert store.import_legacy("ann", home / "progress.json")[0] == 2
    store.record("ann", attempt(3))
    write_attempts(tmp_path / "class" / "bob.json", [attempt(4)])
    records, problems = collect_records(tmp_path / "class")
    assert problems == []
    assert sorted((r.learner, r.source, len(r.attempts)) for r in records) == [
        ("ann", "ann/.pinochle_tutor/progress.sqlite", 3), ("bob", "bob.json", 1)
    ]
    copy = tmp_path / "copy"
    (copy / "ann").mkdir(parents=True)
    for f in home.iterdir():
        (copy / "ann" / f.name).write_bytes(f.read_bytes())
    records, _ = collect_records(copy)
    assert [(r.source, len(r.attempts)) for r in records] == [("ann/progress.sqlite", 3)]
    # a file of that name with an answer the database does not hold is counted
    write_attempts(copy / "ann" / "progress.json", [attempt(1), attempt(9)])
    records, _ = collect_records(copy)
    assert sorted(r.source for r in records) == ["ann/progress.json", "ann/progress.sqlite"]
    result = subprocess.run(
        [sys.executable, "scripts/collect_progress.py", str(tmp_path / "class")],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert "collected 4 attempt(s) from 2 file(s)" in result.stderr


def test_deeply_nested_files_get_a_message_not_a_crash(tmp_path: Path) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    progress = tmp_path / "progress.json"
    progress.write_text(deep)
    with pytest.raises(ProgressFileError, match="nested too deeply"):
        read_attempts(progress)
    loaded = Progress.load(progress)
    assert loaded.attempts == [] and "nested too deeply" in loaded.messages[0]
    bank = tmp_path / "deep.toml"
    bank.write_text("a = " + deep)
    items, problems = load_bank(bank)
    assert items == [] and "nested too deeply" in problems[0].message
    rules = tmp_path / "house_rules.toml"
    rules.write_text("preset = 'classic'\nx = " + deep)
    house = load_house_rules(rules)
    assert house.rules.name == "classic" and any("nested too deeply" in p for p in house.problems)


# ---------------------------------------------------- pages, kernels and kills


def test_two_pages_answering_in_turn_keep_every_answer(tmp_path: Path) -> None:
    """The lost update of the JSON file: pages A and B each opened the record, then
    answered A, B, A, B; the file kept 2 of 4. The database keeps all four."""
    path = tmp_path / "progress.sqlite"
    a, b = Progress.load(path, learner="ann"), Progress.load(path, learner="ann")
    for n, page in enumerate((a, b, a, b)):
        page.record(f"q{n}", "meld", ["meld.run"], str(n), True)
    assert [x.answer for x in Progress.load(path, learner="ann").attempts] == ["0", "1", "2", "3"]
    assert a.attempts == b.attempts
    b.record("q0", "meld", ["meld.run"], "again", False, tries=2)
    stored = ProgressStore(path).stored_attempts("ann")
    assert stored[0].tries == 1 and stored[-1].tries == 2 == stored[-1].attempt.tries


WRITER = textwrap.dedent(
    """
    import sys
    from pinochle_tutor.classroom.attempts import Attempt
    from pinochle_tutor.classroom.store import ProgressStore
    store = ProgressStore(sys.argv[1])
    who, count = sys.argv[2], int(sys.argv[3])
    for n in range(count):
        row = store.record(who, Attempt(f"{who}-{n}", "meld", ("meld.run",), str(n), True,
                                        "2026-01-01T10:00:00Z"))
        print(n, flush=True)
    """
)


def writer(path: Path, who: str, count: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), who, str(count)],
        stdout=subprocess.PIPE,
        text=True,
    )


def test_kernels_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    ProgressStore(path)
    procs = [writer(path, who, 150) for who in ("ann", "bob", "cy")]
    for p in procs:
        p.communicate(timeout=120)
        assert p.returncode == 0
    store = ProgressStore(path)
    for who in ("ann", "bob", "cy"):
        assert [a.answer for a in store.attempts(who)] == [str(n) for n in range(150)]


def test_a_kill_during_writes_loses_at_most_the_write_in_flight(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    ProgressStore(path)
    proc = writer(path, "ann", 1_000_000)
    assert proc.stdout is not None
    done = -1
    deadline = time.monotonic() + 60
    while done < 200 and time.monotonic() < deadline:
        done = int(proc.stdout.readline())
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    assert done >= 200
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    kept = [a.answer for a in ProgressStore(path).attempts("ann")]
    # Every write reported done is kept, in order; at most the one in flight more.
    assert kept[: done + 1] == [str(n) for n in range(done + 1)]
    assert done + 1 <= len(kept) <= done + 3
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("class.sqlite")) == []


def test_a_database_that_cannot_be_opened_keeps_the_page_working(tmp_path: Path) -> None:
    folder = tmp_path / "progress.sqlite"
    folder.mkdir()
    p = Progress.load(folder, learner="ann")
    p.record("q", "meld", ["meld.run"], "150", True)
    assert len(p.attempts) == 1 and "will not be saved" in p.messages[0]
    assert str(tmp_path) not in json.dumps(p.messages)


def test_a_class_folder_of_databases_and_files_is_collected_for_the_teacher(tmp_path: Path) -> None:
    """A JupyterHub class: each home has its own database; an older learner still
    has a JSON file; a broken file is named (relative to the folder) and skipped."""
    import csv
    import io

    from pinochle_widgets.progress_view import class_frame

    for who in ("alice", "bob"):
        home = tmp_path / who / ".pinochle_tutor"
        Progress.load(home / "progress.sqlite", learner=who).record(
            f"{who}-1", "meld", ["meld.run"], "150", who == "alice"
        )
    write_attempts(tmp_path / "cy" / "progress.json", [attempt(7)])
    (tmp_path / "dan.sqlite").write_text("garbage " * 200)
    records, problems = collect_records(tmp_path)
    assert sorted(r.learner for r in records) == ["alice", "bob", "cy"]
    assert problems == ["skipped dan.sqlite: dan.sqlite is not a progress database (file is not a database)"]
    frame = class_frame(tmp_path)
    assert set(frame["learner"]) == {"alice", "bob", "cy"}
    out = tmp_path / "class.csv"
    script = Path(__file__).resolve().parents[1] / "scripts" / "collect_progress.py"
    done = subprocess.run(
        [sys.executable, str(script), str(tmp_path), "-o", str(out)], capture_output=True, text=True
    )
    assert done.returncode == 1 and "skipped dan.sqlite" in done.stderr
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert sorted((r["learner"], r["right"]) for r in rows) == [("alice", "yes"), ("bob", "no"), ("cy", "yes")]


def test_a_json_file_keeps_its_mode_and_may_start_with_a_bom(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    write_attempts(path, [attempt(1)])
    path.chmod(0o644)
    p = Progress.load(path)
    p.record("q", "meld", ["meld.run"], "150", True)
    assert path.stat().st_mode & 0o777 == 0o644
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    again = Progress.load(path)
    assert again.messages == [] and len(again.attempts) == 2


def test_a_temporary_file_left_by_a_killed_write_is_cleaned_up(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    write_attempts(path, [attempt(1)])
    old = tmp_path / ".progress.json.abc123.tmp"
    old.write_bytes(b"x" * 1000)
    os.utime(old, (time.time() - 3600, time.time() - 3600))
    fresh = tmp_path / ".progress.json.def456.tmp"  # another page may be writing it now
    fresh.write_bytes(b"y")
    p = Progress.load(path)
    assert len(p.attempts) == 1 and not old.exists() and fresh.exists()
