"""Times in the reader's own zone, in a real browser (Debian's Chromium on a Voila
page): the server's zone is UTC, the browser's Tokyo; the progress table's time, kept
as 21:30 UTC, is shown as 06:30 the next day, under a heading that names the zone."""

from __future__ import annotations

from pathlib import Path

import nbformat
from playwright.sync_api import Browser, expect

from pinochle_tutor.classroom.attempts import Attempt, write_attempts
from tests.browser_pages import needs_chromium
from tests.voila_site import REPO, voila_server

pytestmark = needs_chromium

TIMEOUT = 90_000
ARTIFACTS = REPO / "test-artifacts"


def test_the_progress_page_shows_times_in_the_browsers_zone(browser: Browser, tmp_path: Path) -> None:
    progress = tmp_path / "mine.json"
    write_attempts(progress, [Attempt("m1", "meld", ("meld.run",), "150", True, "2026-07-01T21:30:00Z")])
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        f"from pinochle_widgets.progress_view import ProgressSummary\nProgressSummary({str(progress)!r})"
    )]  # fmt: skip
    nbformat.write(nb, tmp_path / "progress.ipynb")
    ARTIFACTS.mkdir(exist_ok=True)
    env = {"PINOCHLE_TUTOR_PROGRESS": str(progress), "TZ": "UTC", "PINOCHLE_TUTOR_TIMEZONE": ""}
    with (
        voila_server(tmp_path, env=env) as site,
        browser.new_context(timezone_id="Asia/Tokyo", viewport={"width": 900, "height": 600}) as context,
    ):
        page = context.new_page()
        page.set_default_timeout(TIMEOUT)
        page.goto(f"{site}/voila/render/progress.ipynb", wait_until="commit")
        table = page.locator(".pt-progress-table")
        expect(table).to_contain_text("Last practised (your time, Asia/Tokyo)", timeout=TIMEOUT)
        expect(table).to_contain_text("2026-07-02 06:30", timeout=TIMEOUT)
        assert "UTC" not in table.inner_text()
        page.screenshot(path=str(ARTIFACTS / "local-time-progress.png"), full_page=True)
