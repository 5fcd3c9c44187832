"""Every lesson and practice page under the other rule sets, in a real browser.

For each of ``double_deck`` and ``three_handed``, the site is served with that house
rules file (``PINOCHLE_TUTOR_RULES``) and every page is opened in Debian's Chromium:
no error may be shown, and the numbers and words the page states must be those of
the rules in force (:func:`tests.browser_pages.check_page`: opening bid, hand size,
copies, target, trick points, the meld save; no card the deck lacks; no partnership
words where everyone plays alone). One overridden house rule (classic with other
numbers) is checked on the lessons, which state those numbers. The classic rules
are checked on every page by the Next-link walk (tests/test_browser_walk.py), which
opens each page once. Page-ready times per rule set are printed by
``benchmarks/bench_pages.py --rules ...`` (tests never assert times).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from pinochle_tutor.classroom.house_rules import load_house_rules
from pinochle_tutor.course.lesson_facts import lesson_values
from pinochle_tutor.rules import RuleSet
from tests.browser_pages import (
    ARTIFACTS,
    LESSONS,
    PAGES,
    PHONE,
    WIDER_THAN_THE_SCREEN,
    check_page,
    needs_chromium,
    wait_cells_run,
)
from tests.voila_site import WALKER, voila_server

pytestmark = needs_chromium

TIMEOUT = 120_000

HOUSE_FILES = {
    "double_deck": 'preset = "double_deck"\n',
    "three_handed": 'preset = "three_handed"\n',
    "house": (
        'preset = "classic"\n[settings]\ntarget = 1000\nopening_bid = 300\nmeld_save = 20\n'
        "[settings.meld_table]\nroyal_marriage = 50\n"
    ),
}
NUMBERS_ONLY = {"house"}
"""Rule sets whose only change is numbers, which the lessons state: checked on the
lessons. Their practice pages' questions come from the generators that
tests/test_playability.py runs under any valid house rule, on pages the walk renders."""


@pytest.fixture(scope="class")
def served(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, str, RuleSet]]:
    """The site served under the house rules file of the test class's ``rule_set``."""
    name = str(request.cls.rule_set)
    path = tmp_path_factory.mktemp(f"rules-{name}") / "house_rules.toml"
    path.write_text(HOUSE_FILES[name])
    house = load_house_rules(path)
    assert house.ok, house.problems
    with voila_server(extra=WALKER, env={"PINOCHLE_TUTOR_RULES": str(path)}) as base:
        yield name, base, house.rules


DESKTOP = {"width": 1100, "height": 1300}




def render(
    browser: Browser, base: str, page_name: str, viewport: dict[str, int] = DESKTOP
) -> tuple[Page, str]:
    page = browser.new_page(viewport=viewport)  # type: ignore[arg-type]
    page.set_default_timeout(TIMEOUT)
    try:
        page.goto(f"{base}/voila/render/{page_name}", wait_until="load")
        wait_cells_run(page)
    except PlaywrightTimeoutError:
        page.screenshot(path=str(ARTIFACTS / f"rules-timeout-{Path(page_name).stem}.png"))
        page.close()
        raise
    # Every cell has run and shown its output; give the widgets a moment to draw.
    page.wait_for_timeout(300)
    return page, page.inner_text("body")


class _RuleSetPages:
    """The checks of one rule set's pages; a class per rule set below, so that each is
    a scope of its own that pytest-xdist's ``--dist loadscope`` may give to either
    worker (one module held the three, about 500 s, in one worker)."""

    rule_set: str
    viewport: dict[str, int] = DESKTOP
    """The screen the pages are read on: a phone's for some rule sets, so that every
    page is also checked at 390 px (nothing cut off, nothing wider than the screen
    outside a box that scrolls)."""

    problem_pages = True
    """Whether the walk reads the problem-deal pages too. They show positions of the
    classic game under any rules (with a note saying so): the double-deck walk reads
    them all, at a phone's width, so the three-handed walk need not read them again."""

    def test_every_page_renders_right_under_the_rules_in_force(
        self, browser: Browser, served: tuple[str, str, RuleSet]
    ) -> None:
        name, base, rules = served
        ARTIFACTS.mkdir(exist_ok=True)
        found: dict[str, list[str]] = {}
        pages = LESSONS if name in NUMBERS_ONLY else PAGES
        if not self.problem_pages:
            pages = [p for p in pages if "_problems_" not in p]
        for page_name in pages:
            try:
                page, text = render(browser, base, page_name, self.viewport)
            except PlaywrightTimeoutError:
                found[page_name] = [f"no widget shown within {TIMEOUT // 1000} s"]
                continue
            try:
                problems = check_page(rules, page_name, page, text)
                if self.viewport is PHONE:
                    wide = page.evaluate(WIDER_THAN_THE_SCREEN)
                    problems += [f"wider than a {PHONE['width']} px screen: {w}" for w in wide]
                if page_name in ("01_the_deck.ipynb", "06_scoring.ipynb"):
                    stem = Path(page_name).stem
                    page.screenshot(
                        path=str(ARTIFACTS / f"rules-{name}-{stem}.png"), full_page=True
                    )
                if problems:
                    found[page_name] = problems
            finally:
                page.close()
        assert found == {}, f"under {name}:\n" + "\n".join(
            f"  {p}: {x}" for p, xs in found.items() for x in xs
        )

    def test_the_lesson_worked_example_scores_under_the_rules_in_force(
        self, browser: Browser, served: tuple[str, str, RuleSet]
    ) -> None:
        """Lesson 6's first "Score it" works under every rule set (it once failed in the
        double deck: "trick points must be between 0 and 50, not 130")."""
        name, base, rules = served
        page, _ = render(browser, base, "06_scoring.ipynb")
        try:
            page.locator("button.widget-button", has_text="Score it").first.click()
            page.wait_for_timeout(500)
            text = page.inner_text("body")
            v = lesson_values(rules)
            assert re.search(rf"[-\u2212]{v['ex_bid']}\b", text), text[-1500:]
            assert check_page(rules, "06_scoring.ipynb", page, text) == []
            page.screenshot(path=str(ARTIFACTS / f"rules-{name}-06-scored.png"), full_page=True)
        finally:
            page.close()


class TestDoubleDeck(_RuleSetPages):
    rule_set = "double_deck"
    viewport = PHONE


class TestThreeHanded(_RuleSetPages):
    rule_set = "three_handed"
    problem_pages = False


class TestHouseNumbers(_RuleSetPages):
    rule_set = "house"
    viewport = PHONE


def test_the_phone_check_finds_a_picture_cut_off_and_spares_a_scrolling_box(
    browser: Browser,
) -> None:
    """The check the phone-width walks run: a hand picture wider than the screen is
    found (as the meld counter's 749 px hand was in a 356 px box); inside a box that
    scrolls sideways it is not; a picture that shrinks to its box is not."""
    page = browser.new_page(viewport=PHONE)  # type: ignore[arg-type]
    try:
        page.set_content(
            '<div class="pt-widget" style="width:356px;overflow:hidden">'
            '<svg class="pt-hand-image" id="cut" width="749" height="96"></svg></div>'
            '<div class="pt-widget" style="width:356px;overflow-x:auto">'
            '<svg class="pt-hand-image" width="749" height="96"></svg></div>'
        )
        assert page.evaluate(WIDER_THAN_THE_SCREEN) == ["pt-hand-image"]
        page.set_content(
            '<div class="pt-widget" style="width:356px">'
            '<svg class="pt-hand-image" width="749" height="96" viewBox="0 0 1248 160"'
            ' style="max-width:100%;height:auto"></svg></div>'
        )
        assert page.evaluate(WIDER_THAN_THE_SCREEN) == []
    finally:
        page.close()
