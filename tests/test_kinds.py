"""Every test has a kind (tests/conftest.py), and the quick loop's kinds start no server
and no browser: a test file that starts Voila, JupyterHub or Chromium is a browser or site
test, so ``scripts/test.sh --quick`` (unit, property and golden) never runs it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import KINDS, SLOW_TESTS, kind_of

TESTS = Path(__file__).resolve().parent
SERVERS = ("voila_server(", "sync_playwright", "launch(executable_path", "jupyterhub_server", "browser: Browser")
"""What a test file calls to start a site or a browser (``browser: Browser``: it takes the
Chromium of conftest's ``browser`` fixture)."""


@pytest.mark.parametrize(
    "path", sorted(set(TESTS.glob("test_*.py")) - {Path(__file__).resolve()}), ids=lambda p: p.name
)
def test_a_file_that_starts_a_server_or_a_browser_is_left_out_of_the_quick_loop(
    path: Path,
) -> None:
    kind = kind_of(path)
    assert kind in KINDS
    text = path.read_text()
    if any(call in text for call in SERVERS) or "needs_chromium" in text:
        assert kind in {"browser", "site"}, f"{path.name} starts a server but is a {kind} test"


def chromium_launches(source: str, filename: str) -> list[int]:
    """The lines of ``source`` that launch a Chromium: a call of ``<x>.chromium.launch``
    or ``<x>.chromium.launch_persistent_context``."""
    import ast

    return [
        node.lineno
        for node in ast.walk(ast.parse(source, filename))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("launch", "launch_persistent_context")
        and isinstance(node.func.value, ast.Attribute)
        and node.func.value.attr == "chromium"
    ]


def test_only_conftest_launches_chromium() -> None:
    """One Chromium per test worker (issue 46): a test that needs a browser takes
    conftest's ``browser`` fixture, and a ``browser.new_context(...)`` of its own where
    it needs its own cookies, storage, viewport or time zone; a second Chromium launched
    by a test file costs its start-up again in every run."""
    launching = {
        f"{path.relative_to(TESTS)}:{line}"
        for path in sorted(TESTS.rglob("*.py"))
        if path.name != "conftest.py"
        for line in chromium_launches(path.read_text(), str(path))
    }
    assert not launching, f"these launch a Chromium of their own: {sorted(launching)}"
    # The check sees a launch, however the playwright object is named.
    planted = "with sync_playwright() as p:\n    b = p.chromium.launch(headless=True)\n"
    assert chromium_launches(planted, "planted.py") == [2]


def test_the_kinds_of_known_files() -> None:
    assert kind_of(TESTS / "test_browser_table.py") == "browser"
    assert kind_of(TESTS / "test_static_site.py") == "browser"
    assert kind_of(TESTS / "test_site_keys.py") == "site"
    assert kind_of(TESTS / "test_golden.py") == "golden"
    assert kind_of(TESTS / "test_game.py") == "property"
    assert kind_of(TESTS / "test_cards.py") == "unit"
    assert kind_of(TESTS.parent / "lessons" / "04_meld.ipynb") == "notebooks"


@pytest.mark.parametrize("prefix", SLOW_TESTS)
def test_every_slow_entry_names_a_test(prefix: str) -> None:
    name, _, test = prefix.partition("::")
    test = test.partition("[")[0]
    assert f"def {test}" in (TESTS / name).read_text(), f"{prefix} names no test"


def test_every_notebook_is_executed_by_the_browser_walks_or_by_nbval() -> None:
    """The full run executes each notebook once: the lessons and practice pages in the
    browser walks (tests/test_browser_walk.py, which finds a cell that raised as nbval
    would), the others under nbval (``NBVAL_NOTEBOOKS`` in scripts/test.sh)."""
    import re

    from tests.browser_pages import PAGES

    repo = TESTS.parent
    script = (repo / "scripts" / "test.sh").read_text()
    listed = re.search(r"^NBVAL_NOTEBOOKS=\(([^)]*)\)", script, re.MULTILINE)
    assert listed is not None, "scripts/test.sh names no NBVAL_NOTEBOOKS"
    nbval = set(listed.group(1).split())
    walked = {
        f"exercises/{p.removeprefix('practice/')}" if p.startswith("practice/") else f"lessons/{p}"
        for p in PAGES
    }
    every = {
        str(p.relative_to(repo))
        for d in ("lessons", "exercises")
        for p in (repo / d).glob("*.ipynb")
    }
    assert every == walked | nbval, every ^ (walked | nbval)
    assert not walked & nbval, walked & nbval
