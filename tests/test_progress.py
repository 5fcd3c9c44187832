"""Learner progress: atomic saves, corrupt files, summaries, and the teacher's collect script."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from datetime import datetime, timezone
from pathlib import Path

import pytest

from pinochle_tutor.classroom.progress import (
    ENV_VAR,
    Progress,
    ProgressFileError,
    default_progress_path,
    read_attempts,
    summarize,
)
from pinochle_tutor.course.quiz import MeldQuiz, QuizRule, check_answer, generate

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "collect_progress.py"


def _fill(p: Progress, n: int = 3) -> None:
    for i in range(n):
        p.record(
            f"item-{i}",
            "meld",
            ["meld.run", "meld.dix"] if i % 2 else ["meld.run"],
            str(i),
            i % 2 == 0,
        )


def test_record_and_reload(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "progress.json"
    p = Progress.load(path)
    assert p.attempts == [] and p.messages == []
    _fill(p)
    again = Progress.load(path)
    assert again.attempts == p.attempts and again.messages == []
    a = again.attempts[1]
    assert a.item_id == "item-1" and a.rules == ("meld.run", "meld.dix") and a.right is False
    assert datetime.strptime(a.time, "%Y-%m-%dT%H:%M:%SZ")
    assert json.loads(path.read_text())["version"] == 1


def test_record_a_mark(tmp_path: Path) -> None:
    item = MeldQuiz(id="run", hand=("AH", "10H", "KH", "QH", "JH"), trump="H")  # type: ignore[arg-type]
    p = Progress.load(tmp_path / "p.json")
    attempt = p.record_mark(check_answer(item, "190"))
    assert attempt.kind == "meld" and attempt.rules == ("meld.run",) and not attempt.right
    assert attempt.answer == "190"


def test_in_the_browser_progress_goes_to_the_kept_drive(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """In Pyodide under JupyterLite/Voici the default is a JSON file on the drive the
    page keeps in the browser's storage; without that drive, the usual default."""
    from pinochle_tutor.classroom import progress

    monkeypatch.delenv(ENV_VAR, raising=False)
    kept = tmp_path / "drive" / "my_pinochle_progress.json"
    monkeypatch.setattr(progress, "BROWSER_PROGRESS", kept)
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert default_progress_path() == Path.home() / ".pinochle_tutor" / "progress.sqlite"
    kept.parent.mkdir()
    assert default_progress_path() == kept
    Progress.load().record("x", "score", ["score.made"], "+340", True)
    assert [a.answer for a in read_attempts(kept)[0]] == ["+340"]
    monkeypatch.setattr(sys, "platform", "linux")
    assert default_progress_path() == Path.home() / ".pinochle_tutor" / "progress.sqlite"


def test_default_path_and_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)
    assert default_progress_path() == Path.home() / ".pinochle_tutor" / "progress.sqlite"
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "mine.json"))
    assert default_progress_path() == tmp_path / "mine.json"
    p = Progress.load()
    p.record("x", "score", ["score.made"], "+340", True)
    assert (tmp_path / "mine.json").exists()


def test_a_failed_write_leaves_the_old_file_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "progress.json"
    p = Progress.load(path)
    _fill(p, 2)
    before = path.read_bytes()

    def broken_replace(_src: object, _dst: object) -> None:
        raise OSError("simulated crash before the rename")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        p.save()
    p.record("late", "meld", ["meld.run"], "150", True)  # reported, not raised
    assert any("could not be saved" in m for m in p.messages)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert [f.name for f in tmp_path.iterdir()] == ["progress.json"]  # no temp files left
    assert len(Progress.load(path).attempts) == 2


CHILD = textwrap.dedent(
    """
    import os, sys, time
    from pinochle_tutor.classroom import progress
    p = progress.Progress.load(sys.argv[1])
    real_fsync = os.fsync
    def slow_fsync(fd):
        real_fsync(fd)
        print("writing", flush=True)
        time.sleep(60)
    os.fsync = slow_fsync
    p.record("new", "meld", ["meld.run"], "150", True)
    """
)


def test_a_kill_in_the_middle_of_a_write_leaves_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    p = Progress.load(path)
    _fill(p, 5)
    before = path.read_bytes()
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "writing"  # the temp file is written, not renamed
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.wait(timeout=30)
    assert path.read_bytes() == before
    again = Progress.load(path)
    assert again.messages == [] and len(again.attempts) == 5
    again.record("after", "meld", ["meld.run"], "150", True)
    assert len(Progress.load(path).attempts) == 6


@pytest.mark.parametrize(
    "content",
    [
        b"{ this is not json",
        b"\xff\xfe\x00garbage",
        b'{"attempts": 3}',
        b'"just text"',
        b"",
        b"[1, 2",
    ],
)
def test_a_corrupt_file_is_set_aside_and_a_fresh_one_started(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(content)
    p = Progress.load(path)
    assert p.attempts == []
    assert len(p.messages) == 1 and "set aside" in p.messages[0]
    aside = [f for f in tmp_path.iterdir() if f.name.startswith("progress.json.corrupt-")]
    assert len(aside) == 1 and aside[0].read_bytes() == content
    assert not path.exists()
    p.record("x", "meld", ["meld.run"], "150", True)
    assert len(Progress.load(path).attempts) == 1


def test_bad_attempts_are_dropped_and_the_rest_kept(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    good = {"item_id": "a", "kind": "meld", "rules": ["meld.run"], "answer": "150", "right": True,
            "time": "2024-01-01T00:00:00Z"}  # fmt: skip
    path.write_text(json.dumps({"version": 1, "attempts": [good, {"item_id": 3}, "nonsense"]}))
    p = Progress.load(path)
    assert len(p.attempts) == 1
    assert "set aside" in p.messages[0] and len(p.messages) == 3
    assert len(Progress.load(path).attempts) == 1  # the fresh file holds the good one
    assert any(f.name.startswith("progress.json.corrupt-") for f in tmp_path.iterdir())


def test_read_attempts_never_changes_a_file(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text("nope")
    with pytest.raises(ProgressFileError):
        read_attempts(path)
    assert path.read_text() == "nope"


def test_summary_and_weak_rules(tmp_path: Path) -> None:
    p = Progress.load(tmp_path / "p.json")
    for i in range(6):
        p.record(f"r{i}", "meld", ["meld.run"], "150", True)
        p.record(f"d{i}", "meld", ["meld.dix", "meld.run"], "0", i >= 4)
    p.record("t", "trick", ["trick.beat"], "AS", False)
    rows = {r.rule: r for r in p.summary()}
    assert rows["meld.run"].attempts == 12 and rows["meld.run"].right == 8
    assert rows["meld.dix"].accuracy == pytest.approx(2 / 6)
    assert rows["trick.beat"].wrong == 1
    assert p.rows()[0].keys() >= {"rule", "attempts", "right", "accuracy"}
    assert p.weak_rules() == ["meld.dix", "meld.run"]  # trick.beat has a single attempt
    assert p.weak_rules(min_attempts=1)[0] == "trick.beat"
    # Recent answers count: a learner who has since got it right is no longer weak.
    for i in range(10):
        p.record(f"d{i}b", "meld", ["meld.dix"], "10", True)
    assert "meld.dix" not in p.weak_rules()
    assert summarize([]) == []


def test_weak_rules_steer_the_generators(tmp_path: Path) -> None:
    p = Progress.load(tmp_path / "p.json")
    for _ in range(3):
        p.record("x", "meld", [QuizRule.MELD_RUN_LONE_EXTRA], "190", False)
    focus = p.weak_rules()
    assert focus == ["meld.run_lone_extra"]
    for seed in range(10):
        assert (
            QuizRule.MELD_RUN_LONE_EXTRA in generate("meld", seed, level=2, focus_rules=focus).rules
        )


def test_timestamps_are_utc(tmp_path: Path) -> None:
    p = Progress.load(tmp_path / "p.json")
    when = datetime(2024, 6, 1, 12, 0, tzinfo=timezone.utc)
    assert p.record("x", "meld", [], "1", True, when=when).time == "2024-06-01T12:00:00Z"
    assert time.gmtime()  # sanity: the clock works


# ------------------------------------------------------------ the collect script


def _class_folder(tmp_path: Path) -> Path:
    root = tmp_path / "class"
    alice = Progress.load(root / "alice" / "progress.json")
    alice.record("meld-run-01", "meld", ["meld.run"], "150", True)
    alice.record("trick-beat-01", "trick", ["trick.follow_suit", "trick.beat"], "AD", False)
    bob = Progress.load(root / "group2" / "bob.json")
    bob.record("score-made-01", "score", ["score.made"], "+340", True)
    (root / "carol").mkdir()
    (root / "carol" / "progress.json").write_text("{ broken")
    return root


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, check=False
    )


def test_collect_script_writes_one_csv_and_skips_corrupt_files(tmp_path: Path) -> None:
    root = _class_folder(tmp_path)
    out = tmp_path / "class.csv"
    result = _run(str(root), "-o", str(out))
    assert result.returncode == 1  # a file was skipped
    assert "skipped carol/progress.json" in result.stderr
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert [(r["learner"], r["item_id"], r["right"]) for r in rows] == [
        ("alice", "meld-run-01", "yes"),
        ("alice", "trick-beat-01", "no"),
        ("bob", "score-made-01", "yes"),
    ]
    assert rows[1]["rules"] == "trick.follow_suit;trick.beat"
    assert (root / "carol" / "progress.json").read_text() == "{ broken"  # never changed


def test_collect_script_by_rule_to_stdout(tmp_path: Path) -> None:
    root = _class_folder(tmp_path)
    (root / "carol" / "progress.json").unlink()
    result = _run(str(root), "--by-rule")
    assert result.returncode == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert {(r["learner"], r["rule"], r["attempts"], r["right"]) for r in rows} == {
        ("alice", "meld.run", "1", "1"),
        ("alice", "trick.beat", "1", "0"),
        ("alice", "trick.follow_suit", "1", "0"),
        ("bob", "score.made", "1", "1"),
    }


def test_collect_script_on_a_missing_folder(tmp_path: Path) -> None:
    result = _run(str(tmp_path / "nowhere"))
    assert result.returncode == 2 and "not a folder" in result.stderr
