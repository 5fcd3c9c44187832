"""Lesson 13, "Your partner's call", in a real browser (Voila, Chromium): the worked deal
stepped to its end, a call made at the lesson's table and the coach's answer shown, the
first question of the mastery set answered and marked, and a problem deal of its
practice page answered; after each click the page is read at desktop and phone width
(390 px: nothing reaches past the screen's edge), with screenshots in test-artifacts/."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page, ViewportSize, expect

from pinochle_tutor.classroom.attempts import read_attempts
from pinochle_tutor.course.problem_bank import load_problems
from pinochle_tutor.course.worked import partner_call_example
from pinochle_tutor.rules import CLASSIC
from tests.browser_pages import (
    PHONE,
    WIDER_THAN_THE_SCREEN,
    check_page,
    needs_chromium,
    wait_cells_run,
)
from tests.voila_site import REPO, voila_server

ARTIFACTS = REPO / "test-artifacts"
DESKTOP: ViewportSize = {"width": 1100, "height": 1200}
PAGE = "13_partner_call.ipynb"

pytestmark = needs_chromium


def _both_widths(page: Page, name: str) -> None:
    """Read the page at the phone's width (nothing cut off or scrolling the page
    sideways) and at the desktop's, a screenshot at each, and no error shown."""
    page.set_viewport_size(PHONE)  # type: ignore[arg-type]
    page.wait_for_timeout(200)
    assert page.evaluate(WIDER_THAN_THE_SCREEN) == [], name
    page.screenshot(path=str(ARTIFACTS / f"partner-call-{name}-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(ARTIFACTS / f"partner-call-{name}-desktop.png"), full_page=True)
    text = page.inner_text("body")
    assert check_page(CLASSIC, PAGE, page, text) == [], name
    assert "Traceback" not in text and "/work/" not in text


def test_lesson_13_is_walked_click_by_click(browser: Browser, tmp_path: Path) -> None:
    progress = tmp_path / "progress.json"
    ARTIFACTS.mkdir(exist_ok=True)
    steps = partner_call_example(CLASSIC).steps
    with (
        voila_server(env={"PINOCHLE_TUTOR_PROGRESS": str(progress)}) as site,
        browser.new_page(viewport=DESKTOP) as page,
    ):
        page.set_default_timeout(180_000)
        page.goto(f"{site}/voila/render/{PAGE}", wait_until="commit")
        stepper = page.locator(".pt-worked").first
        expect(stepper.locator(".pt-worked-text")).to_contain_text("Your hand, dealt by your")
        # The stepper is drawn while the later cells may still be running (Voila
        # renders progressively): the page is read once every cell has shown its output.
        wait_cells_run(page)
        _both_widths(page, "opened")
        # The worked deal, step by step: each step's words are the engine's.
        for step in steps[1:]:
            stepper.locator("button.pt-worked-next").click()
            said = step.text.replace("**", "").split(".")[0]
            expect(stepper.locator(".pt-worked-text")).to_contain_text(said)
            if step.table:  # the count's parts, a row each, under the step's words
                table = stepper.locator("table.pt-worked-table")
                expect(table.locator("tr")).to_have_count(len(step.table))
                expect(table.locator("tr").last).to_contain_text(step.table[-1][1])
                if "First auction" in step.text:
                    _both_widths(page, "count-table")
                    stepper.screenshot(path=str(ARTIFACTS / "partner-call-count-table.png"))
                elif "can still bid again" in step.text:  # what each call scores
                    expect(table.locator("th").first).to_have_text(step.table[0][0])
                    _both_widths(page, "calls-table")
                    stepper.screenshot(path=str(ARTIFACTS / "partner-call-calls-table.png"))
                    page.set_viewport_size(PHONE)  # type: ignore[arg-type]
                    stepper.screenshot(path=str(ARTIFACTS / "partner-call-calls-table-step.png"))
                    page.set_viewport_size(DESKTOP)
        _both_widths(page, "worked")
        expect(stepper.locator(".pt-worked-text")).to_contain_text("two auctions")
        # The lesson's table: the partner has called before the learner, who passes.
        trainer = page.locator(".pt-bidding-trainer")
        expect(trainer.locator(".pt-auction")).to_contain_text("Partner")
        trainer.locator("button.pt-pass").click()
        expect(trainer.locator(".pt-advice")).to_contain_text("coach", timeout=180_000)
        _both_widths(page, "called")
        # The mastery set's first question: a call, marked by the coach.
        mastery = page.locator(".pt-mastery-set")
        mastery.scroll_into_view_if_needed()
        expect(mastery).to_contain_text("Your hand", timeout=240_000)
        mastery.locator("button", has_text="Pass").first.click()
        marked = mastery.get_by_text("The coach accepts").or_(mastery.get_by_text("Second try"))
        expect(marked.first).to_be_visible(timeout=240_000)
        if mastery.get_by_text("Second try").count():
            # Pass was wrong: the hint speaks of the partner's call, and a second Pass is
            # marked with the coach's numbers.
            expect(mastery).to_contain_text("Your partner")
            _both_widths(page, "hint")
            mastery.locator("button", has_text="Pass").first.click()
        expect(mastery).to_contain_text("The coach accepts", timeout=240_000)
        _both_widths(page, "marked")
    attempts, problems = read_attempts(progress)
    assert not problems and attempts, "the set's answer was kept"
    assert any(r.startswith("bid.partner_") for a in attempts for r in a.rules)


def test_a_partners_call_problem_is_answered(browser: Browser, tmp_path: Path) -> None:
    progress = tmp_path / "progress.json"
    (first, _check), *_ = load_problems(REPO / "exercises" / "problems", ["partner_call"])[0]
    with (
        voila_server(env={"PINOCHLE_TUTOR_PROGRESS": str(progress)}) as site,
        browser.new_page(viewport=DESKTOP) as page,
    ):
        page.set_default_timeout(120_000)
        page.goto(
            f"{site}/voila/render/practice/32_problems_partner_call.ipynb", wait_until="commit"
        )
        deal = page.locator(".pt-problem-deal")
        expect(deal.locator(".pt-problem-prompt")).to_contain_text("Problem 1 of")
        deal.locator("button.pt-problem-choice", has_text=first.answer.text).first.click()
        feedback = deal.locator(".pt-problem-feedback")
        expect(feedback).to_contain_text("Right")
        expect(feedback).to_contain_text("this site's practice")
        page.set_viewport_size(PHONE)  # type: ignore[arg-type]
        page.wait_for_timeout(200)
        assert page.evaluate(WIDER_THAN_THE_SCREEN) == []
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "partner-call-problem-phone.png"), full_page=True)
    attempts, problems = read_attempts(progress)
    assert not problems and [(a.item_id, a.right, a.rules) for a in attempts] == [
        (first.id, True, (first.rule.value,))
    ]
