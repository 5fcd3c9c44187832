"""The static site's course app (pinochle_widgets.static_app) in a kernel's shell: a
notebook's cells run as its own page would show them, the pages it knows, and what a
client may set. The browser side is in tests/test_static_site.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from IPython.core.interactiveshell import InteractiveShell

from pinochle_widgets.static_app import CourseApp, PageRouter, course_pages, run_cells
from tests.voila_site import REPO

WIDGET = "application/vnd.jupyter.widget-view+json"


@pytest.fixture
def shell() -> InteractiveShell:
    return InteractiveShell.instance()


def cell(kind: str, source: str) -> dict[str, Any]:
    return {"cell_type": kind, "source": source, "metadata": {}}


def test_cells_show_markdown_displays_and_last_values_in_order(shell: InteractiveShell) -> None:
    cells = [
        cell("markdown", "# A page\n\nSome *words*."),
        cell(
            "code",
            "from IPython.display import Markdown, display\nx = 2\ndisplay(Markdown('shown'))\nx + 1",
        ),
        cell("code", "x = None\nx"),  # None is not shown
        cell("code", "1 / 0"),  # an error is shown, the next cells still run
        cell("code", "import ipywidgets\nipywidgets.Button(description='Go')"),
        cell("raw", "not shown"),
    ]
    outputs = run_cells(cells, "a_page", shell)
    assert [o["output_type"] for o in outputs] == [
        "display_data", "display_data", "display_data", "error", "display_data"
    ]  # fmt: skip
    assert outputs[0]["data"] == {"text/markdown": "# A page\n\nSome *words*."}
    assert outputs[1]["data"]["text/markdown"] == "shown"
    assert outputs[2]["data"]["text/plain"] == "3"
    assert outputs[3]["ename"] == "ZeroDivisionError"
    assert "<a_page cell 3>" in "".join(outputs[3]["traceback"])
    assert WIDGET in outputs[4]["data"]
    # the shell's display publisher is its own again
    assert "publish" not in vars(shell.display_pub)


def test_every_course_page_is_known_by_its_key() -> None:
    pages = course_pages()
    lessons = sorted(p.stem for p in (REPO / "lessons").glob("[0-9][0-9]_*.ipynb"))
    practice = sorted(f"practice/{p.stem}" for p in (REPO / "exercises").glob("[0-9][0-9]_*.ipynb"))
    assert sorted(pages) == sorted(lessons + practice)
    assert pages["04_meld"].notebook == "04_meld.ipynb"
    assert pages["practice/01_meld_level1"].notebook == "practice/01_meld_level1.ipynb"
    assert pages["practice/01_meld_level1"].title == "Meld practice, level 1"


def test_the_app_shows_a_lesson_from_its_notebook(
    shell: InteractiveShell, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The meld lesson, from the course's own notebook: its headings and its widgets,
    in the notebook's order; the page and its title are sent to the browser."""
    monkeypatch.chdir(tmp_path)  # the app moves to the page's folder; this puts it back
    app = CourseApp(REPO / "lessons", shell=shell)
    app.router.page = "04_meld"  # as the browser sets it
    outputs = [o for area in app.page.children for o in area.outputs]
    notebook = json.loads((REPO / "lessons" / "04_meld.ipynb").read_text(encoding="utf-8"))
    markdown = [c for c in notebook["cells"] if c["cell_type"] == "markdown"]
    shown = [o["data"]["text/markdown"] for o in outputs if "text/markdown" in o["data"]]
    assert shown[0] == "".join(markdown[0]["source"])
    assert sum(WIDGET in o["data"] for o in outputs) >= 5  # the counters, steppers, checks
    assert all(o["output_type"] == "display_data" for o in outputs)  # no cell failed
    assert (app.router.shown, app.router.title) == ("04_meld", "Meld - Pinochle Tutor")
    assert Path.cwd() == REPO / "lessons"
    assert app.status.value == ""


def test_a_name_that_is_no_page_gets_a_message(shell: InteractiveShell) -> None:
    app = CourseApp(REPO / "lessons", shell=shell)
    app.router.page = "../teacher"
    assert 'There is no page called "../teacher"' in app.status.value
    assert 'href="00_welcome.ipynb"' in app.status.value
    assert app.page.children == () and app.router.shown == ""


def test_the_browser_sets_only_the_page_it_asks_for() -> None:
    router = PageRouter()
    router.set_state({"page": "04_meld", "shown": "09_full_game", "title": "x"})
    assert (router.page, router.shown, router.title) == ("04_meld", "", "")
    router.set_state({"page": 4})
    assert router.page == "04_meld"
