"""The lessons site in a real browser: Debian's Chromium driven by Playwright.

scripts/test.sh installs Debian's chromium when it is missing (this file's name
contains "browser"). Each step saves a screenshot in test-artifacts/ (ignored by
git); every page is checked for .voila-error elements and Python tracebacks.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from pinochle_widgets.lesson import COURSE
from tests.browser_pages import needs_chromium, wait_cells_run
from tests.voila_site import REPO, voila_server

ARTIFACTS = REPO / "test-artifacts"
TIMEOUT = 90_000

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    with voila_server() as base:
        yield base


OUTSIDE: list[str] = []
"""Requests any page made to a host other than this machine."""


def open_page(browser: Browser, site: str, name: str) -> Page:
    page = browser.new_page(viewport={"width": 1100, "height": 1300})
    page.set_default_timeout(TIMEOUT)
    page.on(
        "request",
        lambda r: (
            None
            if r.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:"))
            else OUTSIDE.append(r.url)
        ),
    )
    page.goto(f"{site}/voila/render/{name}", wait_until="commit")
    wait_cells_run(page)
    return page


def shot(page: Page, step: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"browser-{step}.png"), full_page=True)


def assert_clean(page: Page) -> None:
    assert page.locator(".voila-error").count() == 0
    text = page.content()
    assert "Traceback (most recent call last)" not in text
    assert not re.search(r"\b[A-Z][a-zA-Z]+Error: ", page.inner_text("body")), (
        "a Python error is shown"
    )


def test_landing_page_lists_the_course_and_the_rules(browser: Browser, site: str) -> None:
    page = open_page(browser, site, "00_welcome.ipynb")
    expect(page.locator(".pt-lesson-link")).to_have_count(len(COURSE))  # lessons and reference pages
    expect(page.locator(".pt-rules-banner")).to_contain_text("Rules in force: classic")
    shot(page, "1-landing")
    link = page.locator(".pt-lesson-link", has_text="Meld")
    assert link.evaluate("a => a.href").endswith("/voila/render/04_meld.ipynb")
    assert_clean(page)
    link.click()  # the outline is a widget: its links stay in the tab, like every link
    page.wait_for_url("**/04_meld.ipynb")
    page.locator(".pt-meld-counter").first.wait_for(state="visible")
    assert len(page.context.pages) == 1, "the outline's link opened a new tab"
    assert_clean(page)
    page.close()


def test_meld_lesson_wrong_then_right(browser: Browser, site: str) -> None:
    page = open_page(browser, site, "04_meld.ipynb")
    # The second counter holds a heart run plus an extra K♥ Q♥ (RULES: run + royal = 190).
    counter = page.locator(".pt-meld-counter").nth(1)
    counter.locator(".pt-total input").fill("150")
    counter.locator(".pt-check").click()
    message = counter.locator(".pt-message")
    expect(message).to_contain_text("190")
    expect(counter.locator(".pt-message.pt-error")).to_have_count(1)
    shot(page, "2-meld-wrong")
    counter.locator(".pt-total input").fill("190")
    counter.locator(".pt-check").click()
    expect(counter.locator(".pt-message.pt-ok")).to_have_count(1)
    expect(counter.locator(".pt-breakdown")).to_contain_text("royal marriage")
    shot(page, "3-meld-right")
    assert_clean(page)
    page.close()


def test_trick_lesson_explains_an_illegal_card(browser: Browser, site: str) -> None:
    page = open_page(browser, site, "05_trick_rules.ipynb")
    checker = page.locator(".pt-trick-checker").first
    message = checker.locator(".pt-message-area")
    refused = False
    for _ in range(10):  # positions come in every rule case; a free discard refuses nothing
        buttons = checker.locator(".pt-card-button")
        for k in range(buttons.count()):
            card = buttons.nth(k).inner_text().strip(" ✓✗★")
            buttons.nth(k).click()
            expect(message).to_contain_text(card)  # the verdict names the card clicked
            if checker.locator(".pt-message.pt-error").count():
                refused = True
                break
        if refused:
            break
        before = message.inner_text()
        checker.locator(".pt-next").click()
        expect(message).not_to_have_text(before)
    assert refused, "no position offered an illegal card"
    expect(checker.locator(".pt-message.pt-error")).to_contain_text(re.compile(r"rule [1-4]"))
    expect(checker.locator(".pt-mark-proof").first).to_be_visible()
    shot(page, "4-trick-illegal")
    assert_clean(page)
    page.close()


def test_bidding_trainer_gives_advice_after_the_call(browser: Browser, site: str) -> None:
    page = open_page(browser, site, "06_scoring.ipynb")  # bidding comes after scoring
    trainer = page.locator(".pt-bidding-trainer").first
    # No advice in the page before the learner's call.
    assert not re.search(r"simulated deals|Recommend", trainer.inner_text())
    trainer.locator(".pt-bid").click()
    expect(trainer.locator(".pt-recommendation")).to_contain_text(
        re.compile(r"Bid|Pass|pass"), timeout=TIMEOUT
    )
    expect(trainer.locator(".pt-explanation")).to_contain_text("trick points")
    shot(page, "5-bidding-advice")
    assert_clean(page)
    page.close()


def test_game_table_plays_a_full_trick(browser: Browser, site: str) -> None:
    page = open_page(browser, site, "09_full_game.ipynb")
    table = page.locator(".pt-game-table").first
    caption = table.locator(".pt-trick-caption")
    for _ in range(80):
        if re.search(r"wins? with|Trick 2", caption.inner_text()):
            break
        if table.locator(".pt-pass:visible").count():
            table.locator(".pt-pass:visible").click()
        elif table.locator(".pt-exchange:visible").count():
            picker = table.locator(".pt-hand:visible").last
            for k in range(4):
                picker.locator(".pt-card-button").nth(k).click()
            table.locator(".pt-exchange:visible").click()
        elif table.locator(".pt-trump:visible").count():
            table.locator(".pt-trump:visible").first.click()
        else:
            buttons = table.locator(".pt-hand:visible").first.locator(".pt-card-button")
            before = caption.inner_text()
            for k in range(buttons.count()):
                buttons.nth(k).click()
                page.wait_for_timeout(300)
                if caption.inner_text() != before:
                    break
        page.wait_for_timeout(300)
    expect(caption).to_contain_text(re.compile(r"wins? with|Trick 2"))
    shot(page, "6-game-trick")
    assert_clean(page)
    page.close()


def test_pages_need_nothing_from_outside_this_machine() -> None:
    """Usable offline on a closed network: every request the pages above made went to
    this machine, the icon font too (runs after the other tests of this file)."""
    assert not OUTSIDE, OUTSIDE[:5]


def test_a_callback_that_raises_shows_no_traceback(browser: Browser, tmp_path: Path) -> None:
    """The site's configuration hides tracebacks: from a callback that does not guard
    itself (every widget of ours does) and from a cell that fails (which Voila would
    show with show_tracebacks on): a probe page, served like the lessons."""
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook

    code = (
        "import ipywidgets as w\n"
        "b = w.Button(description='Break')\n"
        "b.add_class('pt-widget')\n"
        "def boom(_):\n"
        "    raise RuntimeError('secret internals /srv/path')\n"
        "b.on_click(boom)\n"
        "b"
    )
    # A failing cell too: with show_tracebacks on, its traceback would be in the page.
    nb = new_notebook(
        cells=[new_code_cell(code), new_code_cell("raise ValueError('secret cell internals')")]
    )
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, tmp_path / "probe.ipynb")
    with voila_server(root=tmp_path) as base:
        page = open_page(browser, base, "probe.ipynb")
        page.locator("button.widget-button", has_text="Break").click()
        page.wait_for_timeout(1500)
        body = page.inner_text("body")
        assert "secret" not in body and "RuntimeError" not in body and "ValueError" not in body
        assert "Traceback" not in page.content()
        shot(page, "7-callback-raises")
        page.close()


def test_next_and_the_practice_link_stay_in_the_tab_and_pages_have_titles(
    browser: Browser, site: str
) -> None:
    page = open_page(browser, site, "04_meld.ipynb")
    assert page.title() == "4 · Meld · Pinochle Tutor"
    nav = page.locator(".pt-nav")
    nav.locator("a.pt-nav-practice").first.click()
    page.wait_for_url("**/practice/01_meld_level1.ipynb")
    page.locator(".pt-quiz-runner").wait_for(state="visible")
    assert page.title() == "Meld practice, level 1 · Pinochle Tutor"
    assert len(page.context.pages) == 1, "the link opened a new tab"
    page.locator(".pt-nav a.pt-nav-lesson").click()
    page.wait_for_url("**/04_meld.ipynb")
    page.locator(".pt-nav a.pt-nav-next").click()
    page.wait_for_url("**/05_trick_rules.ipynb")
    page.locator(".pt-nav").wait_for(state="visible")
    assert_clean(page)
    page.close()
