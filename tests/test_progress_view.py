"""pinochle_widgets.progress_view, headless: the learner's table per rule case, weak
rules highlighted, Refresh, unreadable files, and the class overview."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from pinochle_tutor.classroom.progress import Progress, ProgressFileError
from pinochle_tutor.course.quiz import QuizRule
from pinochle_widgets.progress_view import (
    CLASS_COLUMNS,
    PROGRESS_COLUMNS,
    ProgressSummary,
    class_frame,
    learner_of_file,
    progress_frame,
    progress_html,
)
from tests.widget_client import client_click


def sample(path: Path) -> Progress:
    """meld.run: 4 right of 5 (80 %: not weak); meld.dix: 0 right of 2 (weak);
    trick.beat: 1 of 1."""
    p = Progress.load(path)
    for _ in range(4):
        p.record("m1", "meld", ["meld.run"], "150", True)
    p.record("m2", "meld", ["meld.dix"], "0", False)
    p.record("m3", "meld", ["meld.dix", "meld.run"], "10", False)
    p.record("t1", "trick", ["trick.beat"], "A♠", True)
    return p


def test_progress_frame_per_rule(tmp_path: Path) -> None:
    sample(tmp_path / "p.json")
    frame = progress_frame(tmp_path / "p.json")
    assert list(frame.columns) == PROGRESS_COLUMNS
    rows = {r["rule"]: r for r in frame.to_dict("records")}
    assert set(rows) == {"meld.dix", "meld.run", "trick.beat"}
    assert (rows["meld.run"]["attempts"], rows["meld.run"]["right"]) == (5, 4)
    assert rows["meld.run"]["accuracy"] == 0.8
    assert rows["meld.dix"]["weak"] and not rows["trick.beat"]["weak"]
    assert not rows["meld.run"]["weak"]
    assert rows["meld.dix"]["description"] == QuizRule.MELD_DIX.description
    assert frame.attrs["problems"] == []


def test_missing_file_is_an_empty_table(tmp_path: Path) -> None:
    frame = progress_frame(tmp_path / "none.json")
    assert frame.empty and list(frame.columns) == PROGRESS_COLUMNS
    assert "No answers recorded yet" in progress_html(frame)


def test_corrupt_file_raises_and_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text("{oops")
    with pytest.raises(ProgressFileError):
        progress_frame(path)
    assert path.read_text() == "{oops"  # only read, never set aside


def test_default_path_from_the_environment(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("PINOCHLE_TUTOR_PROGRESS", str(tmp_path / "env.json"))
    sample(tmp_path / "env.json")
    assert len(progress_frame()) == 3
    assert len(ProgressSummary().frame) == 3


def test_summary_highlights_weak_rules(tmp_path: Path) -> None:
    sample(tmp_path / "p.json")
    view = ProgressSummary(tmp_path / "p.json")
    html = view.table.value
    assert "pt-progress-table" in html and html.count('class="pt-weak"') == 1
    assert 'class="pt-weak" data-rule="meld.dix"' in html and "(practise this)" in html
    assert "80%" in html and "<td>0%</td>" in html
    assert QuizRule.MELD_DIX.description in view.message.text
    assert "pt-progress-summary" in view._dom_classes
    assert "pt-progress-refresh" in view.refresh_button._dom_classes


def test_refresh_reads_the_file_again(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    view = ProgressSummary(path)
    assert view.frame.empty and "Answer some practice questions" in view.message.text
    p = Progress.load(path)
    p.record("x", "score", ["score.made"], "+300", True)
    client_click(view.refresh_button)
    assert list(view.frame["rule"]) == ["score.made"]
    assert 'class="pt-weak"' not in view.table.value and view.message.kind == "ok"


def test_unreadable_file_gives_a_message(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"attempts": 3}))
    view = ProgressSummary(path)
    assert view.message.kind == "error" and "could not be read" in view.message.text
    assert view.table.value == "" and view.frame.empty
    sample(tmp_path / "good.json")
    path.write_text((tmp_path / "good.json").read_text())
    client_click(view.refresh_button)
    assert len(view.frame) == 3 and view.message.kind == "info"


def test_bad_attempts_are_counted_in_the_message(tmp_path: Path) -> None:
    sample(tmp_path / "p.json")
    doc = json.loads((tmp_path / "p.json").read_text())
    doc["attempts"].append({"item_id": 5})
    (tmp_path / "p.json").write_text(json.dumps(doc))
    view = ProgressSummary(tmp_path / "p.json")
    assert len(view.frame.attrs["problems"]) == 1
    assert "1 attempt(s) could not be read" in view.message.text


def test_rule_text_is_escaped(tmp_path: Path) -> None:
    p = Progress.load(tmp_path / "p.json")
    p.record("x", "meld", ["<script>alert(1)</script>"], "0", False)
    html = progress_html(progress_frame(tmp_path / "p.json"))
    assert "<script>" not in html and "&lt;script&gt;" in html


# ------------------------------------------------------------------ the class


def test_class_frame_collects_every_learner(tmp_path: Path) -> None:
    (tmp_path / "alice").mkdir()
    sample(tmp_path / "alice" / "progress.json")
    bob = Progress.load(tmp_path / "bob.json")
    bob.record("s1", "score", ["score.made"], "+300", True)
    bob.record("s2", "score", ["score.made"], "-300", False)
    (tmp_path / "notes.json").write_text("[1, 2")
    frame = class_frame(tmp_path)
    assert isinstance(frame, pd.DataFrame)  # pandas is installed: the server's table
    assert list(frame.columns) == CLASS_COLUMNS
    assert sorted(set(frame["learner"])) == ["alice", "bob"]
    bob_row = frame[frame["learner"] == "bob"].iloc[0]
    assert (bob_row["rule"], bob_row["attempts"], bob_row["right"], bob_row["accuracy"]) == (
        "score.made",
        2,
        1,
        0.5,
    )
    assert len(frame[frame["learner"] == "alice"]) == 3
    assert any("notes.json" in p for p in frame.attrs["problems"])


def test_class_frame_of_an_empty_folder_and_a_file(tmp_path: Path) -> None:
    assert class_frame(tmp_path).empty
    (tmp_path / "x.json").write_text("[]")
    with pytest.raises(NotADirectoryError):
        class_frame(tmp_path / "x.json")


def test_learner_names() -> None:
    assert learner_of_file(Path("class/alice/progress.json")) == "alice"
    assert learner_of_file(Path("class/bob.json")) == "bob"


def test_one_wrong_answer_is_not_yet_weak(tmp_path: Path) -> None:
    p = Progress.load(tmp_path / "p.json")
    p.record("x", "trick", ["trick.beat"], "A♠", False)
    p.record("y", "trick", ["trick.follow_suit"], "A♠", True)
    view = ProgressSummary(tmp_path / "p.json")
    assert 'class="pt-weak"' not in view.table.value
    assert view.message.kind == "info" and "Keep practising" in view.message.text
    assert list(view.frame["rule"]) == ["trick.follow_suit", "trick.beat"]  # QuizRule order


def test_a_learner_can_download_their_own_record(tmp_path: Path) -> None:
    """The link holds the learner's answers as a progress file that reads back."""
    import base64
    import re

    from pinochle_tutor.classroom.attempts import parse_attempts
    from pinochle_tutor.classroom.progress import Progress

    path = tmp_path / "progress.sqlite"
    view = ProgressSummary(path)
    assert view.export_link.value == ""
    Progress.load(path, learner="guest").record("m1", "meld", ["meld.run"], "150", True)
    view.refresh()
    found = re.search(r'base64,([^"]+)"', view.export_link.value)
    assert found is not None and "Download my answers (1)" in view.export_link.value
    attempts, problems = parse_attempts(base64.b64decode(found.group(1)), "download")
    assert problems == [] and [a.answer for a in attempts] == ["150"]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"not a database " * 100, "progress.sqlite is not a progress database (file is not a database)"),
        (None, "progress.sqlite has schema version"),
    ],
    ids=["garbage", "newer-schema"],
)
def test_an_unusable_class_database_is_named_on_the_progress_page(
    tmp_path: Path, content: bytes | None, words: str
) -> None:
    """Not "1 attempt(s) could not be read": the page names the database's problem
    (the file, not its folder), and reading it changes nothing."""
    import contextlib
    import sqlite3

    from pinochle_tutor.classroom.store import SCHEMA_VERSION

    path = tmp_path / "progress.sqlite"
    if content is None:
        Progress.load(path, learner="ann").record("m", "meld", ["meld.run"], "150", True)
        with contextlib.closing(sqlite3.connect(path)) as db:
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    else:
        path.write_bytes(content)
    before = path.read_bytes()
    view = ProgressSummary(path)
    assert view.message.kind == "error"
    assert words in view.message.text and "could not be read" not in view.message.text
    assert str(tmp_path) not in view.message.text
    assert path.read_bytes() == before


def test_times_are_local_and_rules_are_stated_under_their_own_rule_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last time a rule was practised is shown in the site's zone, named in the
    heading; a rule case last answered under the double deck is stated with its
    numbers (a marriage: 2, not the classic 20)."""
    from datetime import datetime, timezone

    monkeypatch.setenv("PINOCHLE_TUTOR_TIMEZONE", "Europe/Paris")
    path = tmp_path / "p.json"
    p = Progress.load(path)
    when = datetime(2026, 7, 1, 21, 30, tzinfo=timezone.utc)
    p.record("d1", "meld", ["meld.marriage"], "2", True, when, rule_set="double_deck")
    p.record("c1", "meld", ["meld.run"], "150", True, when, rule_set="classic")
    html = ProgressSummary(path).table.value
    assert "Last practised (Europe/Paris time)" in html and "UTC" not in html
    assert "2026-07-01 23:30" in html
    assert "K Q of a non-trump suit is a marriage: 2 each." in html
    assert "A 10 K Q J of trump is a run: 150." in html


def test_times_follow_the_zone_the_learners_browser_reports(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from datetime import datetime, timezone

    from tests.widget_client import client_update

    monkeypatch.setenv("PINOCHLE_TUTOR_TIMEZONE", "UTC")
    path = tmp_path / "p.json"
    Progress.load(path).record("m1", "meld", ["meld.run"], "150", True,
                               datetime(2026, 7, 1, 21, 30, tzinfo=timezone.utc))  # fmt: skip
    summary = ProgressSummary(path)
    assert "Last practised (UTC)" in summary.table.value and "2026-07-01 21:30" in summary.table.value
    client_update(summary.browser_zone, zone="America/New_York")
    html = summary.table.value
    assert "Last practised (your time, America/New_York)" in html and "2026-07-01 17:30" in html
    client_update(summary.browser_zone, zone="<b>")
    assert "cannot be used" in summary.message.text and "America/New_York" in summary.table.value
