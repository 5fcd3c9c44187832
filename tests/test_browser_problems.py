"""A problem deal answered in a real browser: the feed-your-partner page in Voila, the
first problem's answer chosen, its verdict, write-up and the coach's numbers shown;
screenshots at desktop and phone width in test-artifacts/."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, ViewportSize, expect

from pinochle_tutor.actions import Play
from pinochle_tutor.classroom.attempts import read_attempts
from pinochle_tutor.course.problem_bank import load_problems
from tests.browser_pages import needs_chromium
from tests.voila_site import REPO, voila_server

ARTIFACTS = REPO / "test-artifacts"
PAGE = "practice/27_problems_feed_partner.ipynb"
DESKTOP: ViewportSize = {"width": 1100, "height": 1200}
PHONE: ViewportSize = {"width": 390, "height": 844}

pytestmark = needs_chromium


def test_a_problem_deal_is_answered_in_the_browser(browser: Browser, tmp_path: Path) -> None:
    progress = tmp_path / "progress.json"
    (first, _check), *_ = load_problems(REPO / "exercises" / "problems", ["feed_partner"])[0]
    assert isinstance(first.answer, Play)
    with (
        voila_server(env={"PINOCHLE_TUTOR_PROGRESS": str(progress)}) as site,
        browser.new_page(viewport=DESKTOP) as page,
    ):
        page.set_default_timeout(120_000)
        page.goto(f"{site}/voila/render/{PAGE}", wait_until="commit")
        deal = page.locator(".pt-problem-deal")
        expect(deal.locator(".pt-problem-prompt")).to_contain_text("Problem 1 of")
        expect(deal.locator(".pt-problem-prompt")).to_contain_text("Your hand:")
        ARTIFACTS.mkdir(exist_ok=True)
        page.set_viewport_size(PHONE)
        deal.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "browser-problem-phone.png"), full_page=True)
        page.set_viewport_size(DESKTOP)
        deal.locator("button.pt-problem-choice", has_text=first.answer.card.text).first.click()
        feedback = deal.locator(".pt-problem-feedback")
        expect(feedback).to_contain_text("Right")
        expect(feedback).to_contain_text("The coach's numbers")
        page.screenshot(path=str(ARTIFACTS / "browser-problem-desktop.png"), full_page=True)
        text = page.inner_text("body")
        assert "Traceback" not in text and "/work/" not in text
    attempts, problems = read_attempts(progress)
    assert not problems and [(a.item_id, a.right) for a in attempts] == [(first.id, True)]


def test_rules_at_a_glance_prints_on_one_sheet(browser: Browser) -> None:
    """Printed from Chromium, the summary page is one A4 sheet and one Letter sheet."""
    import re

    with voila_server() as site, browser.new_page(viewport=DESKTOP) as page:
        page.set_default_timeout(120_000)
        page.goto(f"{site}/voila/render/11_rules_at_a_glance.ipynb", wait_until="commit")
        summary = page.locator(".pt-rules-summary")
        expect(summary).to_contain_text("The trick rules")
        page.wait_for_timeout(500)
        ARTIFACTS.mkdir(exist_ok=True)
        for paper in ("A4", "Letter"):
            pdf = page.pdf(format=paper, print_background=False)
            (ARTIFACTS / f"rules-at-a-glance-{paper}.pdf").write_bytes(pdf)
            pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
            assert pages == 1, (paper, pages)
        page.screenshot(path=str(ARTIFACTS / "rules-at-a-glance.png"), full_page=True)
