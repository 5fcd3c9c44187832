"""The teacher's spreadsheets never run what learners typed (issue 44, item 2).

A spreadsheet runs a cell that begins with ``=``, ``+``, ``-`` or ``@`` (and one
that begins with a tab or a carriage return before them) as a formula: a learner's
answer ``=HYPERLINK(...)`` in the dashboard's "Download every answer as CSV" would be
a link the teacher's spreadsheet opens, ``+1+cmd|' -c calc'!A0`` a program it asks to
run. A progress file named ``=1+2.json``, holding such answers, is loaded the way the
README says (``scripts/collect_progress.py FOLDER --into ...``), the site's own
learners answer ``+100`` and ``-50`` and one calls themselves ``=cmd``; every CSV the
project writes (the dashboard's, its download link, the script's per attempt and per
rule case) is read back with :mod:`csv`: no cell begins with one of these, and each
such cell is the text typed after a single quote (OWASP's CSV-injection advice).
"""

from __future__ import annotations

import base64
import csv
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pinochle_tutor.classroom.attempts import Attempt, write_attempts
from pinochle_tutor.classroom.dashboard import attempts_csv, class_data, spreadsheet_cell
from pinochle_tutor.classroom.store import ProgressStore
from pinochle_widgets.dashboard import TeacherDashboard
from tests.voila_site import REPO
from tests.widget_client import client_click

SCRIPT = REPO / "scripts" / "collect_progress.py"
SECRET = "correct horse battery"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
HOSTILE = [
    '=HYPERLINK("http://127.0.0.1:9/x","y")',
    "@SUM(1)",
    "+1+cmd|' -c calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    "\t=1+2",
    "\r=1+2",
    " =1+2",
]
"""Answers in the handed-in file, each run by a spreadsheet as it stands."""
SITE_ANSWERS = ["+100", "-50"]
"""Answers typed on the site (a score, a set contract): text, kept as typed."""


def hostile_attempts() -> list[Attempt]:
    rows = [
        Attempt(f"q{n}", "score", ("score.made",), answer, False, f"2026-04-01T10:{n:02d}:00Z")
        for n, answer in enumerate(HOSTILE)
    ]
    # every text field of a handed-in file is the learner's: the question, its kind,
    # the rule cases, the set and the rule set
    rows.append(Attempt("=q", "=kind", ("=1+2", "meld.run"), "150", True, "2026-04-01T11:00:00Z",
                        1, "=set", "@rules"))  # fmt: skip
    return rows


@pytest.fixture
def loaded(tmp_path: Path) -> tuple[Path, Path]:
    """The class folder (``=1+2.json``) and the school's database it was loaded into,
    where learner ``site`` also answered ``+100`` and ``-50`` and named themselves ``=cmd``."""
    folder = tmp_path / "class"
    write_attempts(folder / "=1+2.json", hostile_attempts())
    db = tmp_path / "school.sqlite"
    store = ProgressStore(db)
    for n, answer in enumerate(SITE_ANSWERS):
        store.record("site", Attempt(f"s{n}", "score", ("score.made",), answer, True,
                                     f"2026-04-02T10:{n:02d}:00Z"))  # fmt: skip
    store.set_name("site", "=cmd|' /C calc'!A0", "2026-04-02T10:00:00Z")
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(folder), "--into", str(db)],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "=1+2: 8 answer(s) added" in done.stdout
    return folder, db


def cells(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def assert_nothing_runs(rows: list[list[str]]) -> None:
    for row in rows:
        for cell in row:
            assert not cell.startswith(FORMULA_STARTS), f"a spreadsheet runs {cell!r} in {row!r}"
            assert not cell.lstrip().startswith(FORMULA_STARTS[:4]), cell


def column(rows: list[list[str]], name: str) -> list[str]:
    at = rows[0].index(name)
    return [row[at] for row in rows[1:]]


def test_the_dashboards_csv_keeps_each_answer_as_text(loaded: tuple[Path, Path]) -> None:
    _, db = loaded
    rows = cells(attempts_csv(class_data(db)))
    assert_nothing_runs(rows)
    assert column(rows, "answer") == ["'" + a for a in HOSTILE] + ["150"] + ["'+100", "'-50"]
    assert set(column(rows, "learner")) == {"'=1+2", "site"}
    assert "'=cmd|' /C calc'!A0" in column(rows, "name")
    assert "'=1+2;meld.run" in column(rows, "rules")
    assert {"'=q", "'=kind", "'@rules"} <= {c for row in rows for c in row}
    assert column(rows, "tries")[0] == "1", "the project's own numbers stay numbers"


def test_the_dashboards_download_link_is_the_same_neutral_csv(
    loaded: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, db = loaded
    monkeypatch.setenv("PINOCHLE_TUTOR_TEACHER_SECRET", SECRET)
    d = TeacherDashboard(db)
    d.secret.value = SECRET
    client_click(d.open_button)
    assert d.is_open
    link = re.search(r'base64,([^"]+)"', d.csv_link.value)
    assert link is not None
    rows = cells(base64.b64decode(link.group(1)).decode())
    assert_nothing_runs(rows)
    assert "'+100" in column(rows, "answer")


@pytest.mark.parametrize("by_rule", [False, True], ids=["per-attempt", "by-rule"])
def test_the_collect_scripts_csv_keeps_each_cell_as_text(
    loaded: tuple[Path, Path], tmp_path: Path, by_rule: bool
) -> None:
    folder, db = loaded
    out = tmp_path / "class.csv"
    args = [str(folder), "--into", str(db), "-o", str(out), *(["--by-rule"] if by_rule else [])]
    done = subprocess.run([sys.executable, str(SCRIPT), *args], cwd=REPO, capture_output=True,
                          text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    with out.open(newline="", encoding="utf-8") as f:  # as a spreadsheet reads it: "\r" kept
        rows = cells(f.read())
    assert_nothing_runs(rows)
    assert set(column(rows, "learner")) == {"'=1+2"}
    if by_rule:
        assert set(column(rows, "rule")) == {"'=1+2", "meld.run", "score.made"}
        assert "8" not in column(rows, "attempts") and "7" in column(rows, "attempts")
    else:
        assert column(rows, "file") == ["'=1+2.json"] * 8
        assert column(rows, "answer") == ["'" + a for a in HOSTILE] + ["150"]


@pytest.mark.parametrize(
    ("value", "cell"),
    [("=1+2", "'=1+2"), ("+100", "'+100"), ("-50", "'-50"), ("@SUM(1)", "'@SUM(1)"),
     ("\t=1", "'\t=1"), ("\r=1", "'\r=1"), ("  =1", "'  =1"), ("\n-1", "'\n-1"),
     ("150", "150"), ("meld.run", "meld.run"), ("", ""), ("'=1", "'=1"), ("a=b", "a=b"),
     (3, "3"), (-5, "-5"), (0.5, "0.5"), (None, "")],
)  # fmt: skip
def test_one_cell(value: object, cell: str) -> None:
    assert spreadsheet_cell(value) == cell
