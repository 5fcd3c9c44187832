"""``scripts/collect_progress.py --into``: a class folder's progress files loaded into
one database (issue 31), each learner's record from each file once.

A teacher moving a class to one database loads what the learners kept before (the
SQLite files of their homes) and what they hand in (the static site's JSON files); a
second run, or a file handed in again, must not count any answer twice, and no
answer may go missing. Run here on SQLite files (the PostgreSQL store is the same
code, tested by tests/test_store_engines.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pinochle_tutor.classroom.attempts import Attempt, write_attempts
from pinochle_tutor.classroom.store import ProgressStore
from tests.voila_site import REPO

SCRIPT = REPO / "scripts" / "collect_progress.py"


def attempt(n: int, right: bool = True) -> Attempt:
    return Attempt(
        f"meld-{n:02d}", "meld", ("meld.run",), str(150 + n), right, f"2026-12-01T10:{n:02d}:00Z"
    )


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], cwd=REPO, capture_output=True, text=True, timeout=120
    )


def added(stdout: str) -> dict[str, int]:
    """The script's per-learner lines, ``ann: 2 answer(s) added``."""
    out = {}
    for line in stdout.splitlines():
        learner, _, rest = line.partition(": ")
        assert rest.endswith(" answer(s) added"), line
        out[learner] = int(rest.split()[0])
    return out


def answers(store: ProgressStore) -> dict[str, list[tuple[str, str, bool, str]]]:
    return {
        who: [(a.item_id, a.answer, a.right, a.time) for a in store.attempts(who)]
        for who in store.learners()
    }


@pytest.fixture
def class_folder(tmp_path: Path) -> Path:
    """Two JSON files handed in (ann's and bob's) and one learner's home database (cy's)."""
    folder = tmp_path / "class"
    write_attempts(folder / "ann.json", [attempt(1), attempt(2, right=False)])
    write_attempts(folder / "bob" / "progress.json", [attempt(3)])
    home = ProgressStore(folder / "cy" / ".pinochle_tutor" / "progress.sqlite")
    home.record("cy", attempt(4))
    home.record("cy", attempt(5, right=False))
    return folder


EXPECTED = {
    "ann": [("meld-01", "151", True, "2026-12-01T10:01:00Z"), ("meld-02", "152", False, "2026-12-01T10:02:00Z")],
    "bob": [("meld-03", "153", True, "2026-12-01T10:03:00Z")],
    "cy": [("meld-04", "154", True, "2026-12-01T10:04:00Z"), ("meld-05", "155", False, "2026-12-01T10:05:00Z")],
}  # fmt: skip


@pytest.mark.parametrize("as_url", [False, True], ids=["path", "sqlite-url"])
def test_a_folder_loads_into_a_fresh_database_once(class_folder: Path, tmp_path: Path, as_url: bool) -> None:
    db = tmp_path / "school.sqlite"
    into = f"sqlite:///{db}" if as_url else str(db)
    first = run(str(class_folder), "--into", into)
    assert first.returncode == 0, first.stderr
    assert added(first.stdout) == {"ann": 2, "bob": 1, "cy": 2}
    assert "added 5 answer(s)" in first.stderr
    assert answers(ProgressStore(db)) == EXPECTED

    again = run(str(class_folder), "--into", into)
    assert again.returncode == 0, again.stderr
    assert added(again.stdout) == {"ann": 0, "bob": 0, "cy": 0}
    assert answers(ProgressStore(db)) == EXPECTED, "a second run added answers"
    assert list((class_folder / "cy" / ".pinochle_tutor").glob("*.sqlite")) == [
        class_folder / "cy" / ".pinochle_tutor" / "progress.sqlite"
    ]


def test_a_file_handed_in_again_adds_only_its_new_answers(class_folder: Path, tmp_path: Path) -> None:
    db = tmp_path / "school.sqlite"
    assert run(str(class_folder), "--into", str(db)).returncode == 0
    # ann answers once more at home and hands in her whole file again
    write_attempts(class_folder / "ann.json", [attempt(1), attempt(2, right=False), attempt(6)])
    again = run(str(class_folder), "--into", str(db))
    assert again.returncode == 0, again.stderr
    assert added(again.stdout) == {"ann": 1, "bob": 0, "cy": 0}
    assert [a[0] for a in answers(ProgressStore(db))["ann"]] == ["meld-01", "meld-02", "meld-06"]


def test_the_database_inside_the_folder_is_not_loaded_into_itself(class_folder: Path) -> None:
    db = class_folder / "school.sqlite"
    for _ in range(2):
        done = run(str(class_folder), "--into", str(db), "-o", str(class_folder.parent / "class.csv"))
        assert done.returncode == 0, done.stderr
    assert answers(ProgressStore(db)) == EXPECTED
    assert ProgressStore(db).imported_sources() and all(
        "school.sqlite" not in s for s in ProgressStore(db).imported_sources()
    )
    assert (class_folder.parent / "class.csv").read_text().startswith('"learner","file",'), "-o writes the CSV"


def test_a_bad_target_is_named_without_its_password(class_folder: Path, tmp_path: Path) -> None:
    done = run(str(class_folder), "--into", "postgres://teacher:hunter2-secret@db.example/class")
    assert done.returncode == 2
    assert "postgres://..." in done.stderr and "hunter2" not in done.stderr + done.stdout
    done = run(str(class_folder), "--into", str(tmp_path / "class.json"))
    assert done.returncode == 2 and "class.json" in done.stderr
    assert not (tmp_path / "class.json").exists()
