"""Mastery and review in a real browser, on the Voila site: answer a lesson's mastery
set (4 of 5 right first time), see its stars on the outline after a reload, then
move the course clock a day on and see the missed rule case come back on the Review
page and on the welcome page.

Debian's Chromium driven by Playwright on real Voila servers (the second one started
with ``PINOCHLE_TUTOR_NOW`` a day later: the same progress file, the clock moved).
The questions are worked out by the engine from the same seed the page uses.
Screenshots at desktop and phone width go to test-artifacts/.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from playwright.sync_api import Browser, Page, ViewportSize, expect

from pinochle_tutor.classroom.attempts import NOW_VAR, clock, read_attempts
from pinochle_tutor.course.mastery import plan_mastery_set
from pinochle_tutor.course.quiz import MeldQuiz, QuizRule, answer_text
from pinochle_tutor.rules import CLASSIC
from tests.browser_pages import needs_chromium
from tests.voila_site import REPO, voila_server

ARTIFACTS = REPO / "test-artifacts"
TIMEOUT = 120_000
LESSON = "04_meld.ipynb"
SEED = 31
PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1100, "height": 1200}

pytestmark = needs_chromium


def assert_clean(page: Page) -> None:
    assert page.locator(".voila-error").count() == 0
    text = page.inner_text("body")
    assert "Traceback (most recent call last)" not in text and "/work/" not in text


def answer(page: Page, text: str) -> None:
    runner = page.locator(".pt-mastery-set")
    runner.locator(".pt-quiz-text input").fill(text)
    runner.locator("button.pt-quiz-submit").click()


def test_a_lesson_is_mastered_its_stars_kept_and_a_miss_comes_back_a_day_later(
    browser: Browser, tmp_path: Path
) -> None:
    progress = tmp_path / "progress.json"
    items = list(plan_mastery_set(LESSON, SEED, CLASSIC))
    assert all(isinstance(i, MeldQuiz) for i in items)
    env = {"PINOCHLE_TUTOR_PROGRESS": str(progress), "PINOCHLE_TUTOR_SEED": str(SEED)}
    ARTIFACTS.mkdir(exist_ok=True)
    with browser.new_page(viewport=DESKTOP) as page:
        page.set_default_timeout(TIMEOUT)
        with voila_server(env=env) as site:
            page.goto(f"{site}/voila/render/{LESSON}", wait_until="commit")
            runner = page.locator(".pt-mastery-set")
            runner.wait_for(state="visible")
            expect(runner.locator(".pt-mastery-state")).to_contain_text("Not started")
            prompt = runner.locator(".pt-quiz-prompt")
            feedback = runner.locator(".pt-quiz-feedback")
            for n, item in enumerate(items, start=1):
                expect(prompt).to_contain_text(f"Question {n} of 5")
                right = answer_text(item)
                if n == 1:  # missed: a hint, then a second wrong answer
                    answer(page, str(int(right) + 10))
                    expect(feedback.locator(".pt-quiz-hint")).to_be_visible()
                    answer(page, str(int(right) + 20))
                    expect(feedback).to_contain_text(f"the answer is {right}")
                else:
                    answer(page, right)
                    expect(feedback).to_contain_text("Right!")
                runner.locator("button.pt-quiz-next").click()
            verdict = runner.locator(".pt-mastery-verdict")
            expect(verdict).to_contain_text("4 of 5 right on the first try: you have mastered")
            expect(runner.locator(".pt-mastery-state .pt-stars")).to_have_attribute(
                "aria-label", "2 of 3 stars"
            )
            verdict.scroll_into_view_if_needed()
            page.screenshot(path=str(ARTIFACTS / "browser-mastery-1-verdict.png"))
            assert_clean(page)
            # The outline, after a reload of the site's front page.
            page.goto(f"{site}/voila/render/00_welcome.ipynb", wait_until="commit")
            meld = page.locator(f'.pt-course-outline li:has(a[href="{LESSON}"])')
            expect(meld).to_contain_text("Mastered: 4 of 5 right first time")
            expect(meld.locator(".pt-stars")).to_have_attribute("aria-label", "2 of 3 stars")
            deck = page.locator('.pt-course-outline li:has(a[href="01_the_deck.ipynb"])')
            expect(deck).to_contain_text("Recommended next")
            expect(page.locator(".pt-review-due")).to_contain_text("No review is due today")
            page.locator(".pt-course-outline").scroll_into_view_if_needed()
            page.screenshot(path=str(ARTIFACTS / "browser-mastery-2-outline.png"))
            page.set_viewport_size(PHONE)
            page.screenshot(path=str(ARTIFACTS / "browser-mastery-2-outline-phone.png"))
            page.set_viewport_size(DESKTOP)
            assert_clean(page)
        attempts, problems = read_attempts(progress)
        assert not problems and len(attempts) == 5 and attempts[0].tries == 2
        missed = {QuizRule.parse(r).statement(CLASSIC) for r in attempts[0].rules}
        # A day later: the same record, the clock moved on.
        tomorrow = (clock() + timedelta(days=1, minutes=5)).strftime("%Y-%m-%dT%H:%M:%SZ")
        with voila_server(env={**env, NOW_VAR: tomorrow}) as site:
            page.goto(f"{site}/voila/render/00_welcome.ipynb", wait_until="commit")
            expect(page.locator(".pt-review-due")).to_contain_text(
                f"{len(missed)} review" + (" is" if len(missed) == 1 else "s are") + " due today"
            )
            page.goto(f"{site}/voila/render/practice/22_review.ipynb", wait_until="commit")
            review = page.locator(".pt-review-round")
            review.wait_for(state="visible")
            listed = review.locator(".pt-review-list")
            for statement in missed:
                expect(listed).to_contain_text(statement)
            expect(review.locator(".pt-quiz-prompt")).to_contain_text("Question 1 of")
            page.screenshot(path=str(ARTIFACTS / "browser-review-desktop.png"), full_page=True)
            page.set_viewport_size(PHONE)
            page.screenshot(path=str(ARTIFACTS / "browser-review-phone.png"), full_page=True)
            assert_clean(page)
