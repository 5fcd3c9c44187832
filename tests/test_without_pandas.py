"""The engine and every widget work where pandas and sqlite3 cannot be imported (the
static site: Pyodide's npm runtime ships neither), and the tables they show are the HTML
pandas writes."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from IPython.core.formatters import HTMLFormatter

from pinochle_tutor.classroom.progress import Progress
from pinochle_tutor.explain import explain_meld
from pinochle_tutor.rules import DOUBLE_DECK, THREE_HANDED
from pinochle_widgets import lesson
from pinochle_widgets.meld_counter import breakdown_html
from pinochle_widgets.progress_view import class_frame, progress_frame, progress_html
from pinochle_widgets.tables import Table

# Runs in a fresh interpreter whose meta path refuses pandas and sqlite3 before anything
# is imported; progress then goes to the learner's JSON file.
CHILD = textwrap.dedent(
    r'''
    import importlib, json, pkgutil, sys

    asked = []

    class NotInPyodide:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in ("pandas", "sqlite3", "_sqlite3"):
                asked.append(name.split(".")[0])
                raise ImportError(f"{name} is blocked in this test")
            return None

    sys.meta_path.insert(0, NotInPyodide())
    import os
    os.environ.pop("PINOCHLE_TUTOR_PROGRESS", None)
    os.environ["HOME"] = sys.argv[1]
    folder = sys.argv[1]

    import pinochle_tutor
    import pinochle_widgets
    modules = sorted(m.name for m in pkgutil.iter_modules(pinochle_widgets.__path__))
    for m in modules:
        importlib.import_module(f"pinochle_widgets.{m}")

    from pinochle_tutor.classroom.progress import Progress
    from pinochle_tutor.explain import explain_meld
    from pinochle_tutor.rules import DOUBLE_DECK, THREE_HANDED
    from pinochle_widgets import lesson
    from pinochle_widgets.bidding_trainer import BiddingTrainer
    from pinochle_widgets.game_table import GameTable
    from pinochle_widgets.meld_counter import MeldCounter, breakdown_frame, breakdown_html
    from pinochle_widgets.practice import DeckExplorer, ScoreCalculator
    from pinochle_widgets.progress_view import (
        ProgressSummary, class_frame, progress_frame, progress_html)
    from pinochle_widgets.quiz_runner import QuizRunner
    from pinochle_widgets.trick_checker import TrickChecker

    out = {"modules": modules}
    counter = MeldCounter("AH 10H KH QH JH KH QH", trump="H")
    counter.total_input.value = "190"
    counter.check_button.click()
    out["counter"] = [counter.message.kind, counter.message.text]
    out["breakdown"] = breakdown_html(explain_meld("AH 10H KH QH JH KH QH", "H"))
    out["breakdown_rows"] = breakdown_frame(explain_meld("AH 10H KH QH JH", "H")).to_dict()
    out["meld_table"] = lesson.meld_table()._repr_html_()
    out["meld_table_dd"] = lesson.meld_table(DOUBLE_DECK)._repr_html_()
    out["counters_table"] = lesson.counters_table()._repr_html_()
    out["settings_table"] = lesson.settings_table(THREE_HANDED)._repr_html_()

    progress = Progress.load(f"{folder}/p.json")
    progress.record("s1", "score", ["score.made"], "+300", True)
    progress.record("s2", "score", ["score.made"], "-300", False)
    out["progress"] = progress_html(progress_frame(f"{folder}/p.json"))
    out["class"] = class_frame(folder).to_dict()
    summary = ProgressSummary(f"{folder}/p.json")
    out["summary"] = [summary.table.value, summary.message.text, summary.export_link.value]

    for build in (lambda: TrickChecker(seed=5), lambda: GameTable(seed=3),
                  lambda: BiddingTrainer(samples=20), lambda: DeckExplorer(seed=1),
                  lambda: ScoreCalculator(bid=250, meld=100, tricks=120),
                  lambda: QuizRunner("meld", level=1, seed=2, progress=f"{folder}/q.json")):
        widget = build()
        assert widget.children, type(widget).__name__
    from pinochle_tutor.classroom.progress import default_progress_path
    out["default_path"] = str(default_progress_path())
    assert QuizRunner("meld", level=1, seed=2).children  # progress at the default path
    out["pandas_loaded"] = "pandas" in sys.modules or "sqlite3" in sys.modules
    out["asked"] = sorted(set(asked))
    print(json.dumps(out))
    '''
)


def shown(value: object) -> str:
    """What a notebook shows of ``value`` as HTML (its ``_repr_html_``)."""
    html = HTMLFormatter()(value)
    assert isinstance(html, str)
    return html


def run_without_pandas(folder: Path) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(folder)],
        capture_output=True,
        text=True,
        cwd=folder,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_engine_widgets_and_tables_work_without_pandas_or_sqlite(tmp_path: Path) -> None:
    got = run_without_pandas(tmp_path)
    # The blocker was hit (the code asked for pandas and carried on without it).
    assert got["asked"] == ["pandas", "sqlite3"] and not got["pandas_loaded"]
    assert got["default_path"] == str(tmp_path / ".pinochle_tutor" / "progress.json")
    for module in ("lesson", "meld_counter", "progress_view", "game_table"):
        assert module in got["modules"]
    assert got["counter"][0] == "ok", got["counter"]
    assert got["breakdown_rows"] == [
        {"meld": "run (hearts)", "cards": "A♥ 10♥ K♥ Q♥ J♥", "points": 150}
    ]

    # The same HTML as the pandas tables of the server site.
    assert got["breakdown"] == breakdown_html(explain_meld("AH 10H KH QH JH KH QH", "H"))
    assert got["meld_table"] == shown(lesson.meld_table())
    assert got["meld_table_dd"] == shown(lesson.meld_table(DOUBLE_DECK))
    assert got["counters_table"] == shown(lesson.counters_table())
    assert got["settings_table"] == shown(lesson.settings_table(THREE_HANDED))
    assert isinstance(lesson.meld_table(), pd.DataFrame)  # the server keeps pandas

    progress = Progress.load(tmp_path / "p.json")
    assert len(progress.attempts) == 2
    assert got["progress"] == progress_html(progress_frame(tmp_path / "p.json"))
    assert 'data-rule="score.made"' in got["progress"]
    server_class = class_frame(tmp_path).to_dict("records")
    assert got["class"] == json.loads(json.dumps(server_class))
    assert got["summary"][0] == got["progress"]
    assert "Download my answers (2)" in got["summary"][2]


def test_table_html_is_pandas_html() -> None:
    rows: list[dict[str, Any]] = [
        {"hand": 1, "us": "<b>250</b>", "them": 0, "note": ""},
        {"hand": 2, "us": -250, "them": 120, "note": "set"},
    ]
    for kwargs in ({}, {"index": False, "classes": "pt-score-table", "border": 0},
                   {"escape": False, "index": False}):  # fmt: skip
        assert Table(rows).to_html(**kwargs) == pd.DataFrame(rows).to_html(**kwargs)
    empty = Table([], columns=["a", "b"])
    assert empty.empty and empty.to_html() == pd.DataFrame(columns=["a", "b"]).to_html()
    indexed = Table(rows, index=[1, 2])
    assert indexed._repr_html_() == pd.DataFrame(rows, index=[1, 2])._repr_html_()


def test_course_links_point_at_voici_pages_in_the_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    """In the static site (Pyodide) the outline links the pages Voici built (X.html);
    on the server, the notebooks."""
    assert lesson.page_href("04_meld.ipynb") == "04_meld.ipynb"
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert lesson.page_href("04_meld.ipynb") == "04_meld.html"
    assert lesson.page_href("practice/01_meld_level1.ipynb") == "practice/01_meld_level1.html"


def test_lesson_tables_show_no_index_column() -> None:
    """A lesson's table is a DataFrame on the server, shown without the index column
    (1, 2, 3 ... at the left), and the same HTML where pandas is missing."""
    for table in (lesson.meld_table(), lesson.counters_table(), lesson.settings_table(THREE_HANDED)):
        assert isinstance(table, pd.DataFrame)
        html = shown(table)
        assert "<th></th>" not in html and html.count("<th>") == len(table.columns)
        assert "<tr>\n      <td>" in html and "<tr>\n      <th>" not in html
        records = [{str(k): v for k, v in r.items()} for r in table.to_dict("records")]
        plain = Table(records, [str(c) for c in table.columns], show_index=False)
        assert plain._repr_html_() == html
        # In a box that scrolls sideways on a phone and takes the keyboard's focus.
        assert html.startswith('<div class="pt-table-scroll" role="region"') and 'tabindex="0"' in html
    rows = [{"rank": "A", "points": 11}, {"rank": "10", "points": 10}]
    assert shown(Table(rows, index=[1, 2])) == shown(pd.DataFrame(rows, index=[1, 2]))
    assert "<th>1</th>" in shown(Table(rows, index=[1, 2]))
    assert "<th>1</th>" not in shown(Table(rows, index=[1, 2], show_index=False))
