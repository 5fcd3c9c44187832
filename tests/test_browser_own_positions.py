"""Learn from your own games, in a real browser (issue 47, item 3): a learner plays a
hand at a table with a deliberate clear mistake (they pass and play the first card the
rules allow, which throws a winner or a counter away); the next day on the course's
clock the Review page asks that position from their seat; answering the coach's card
clears it, and it comes back at the next gap (3 days), not before.

Debian's Chromium driven by Playwright on real Voila servers, all on one progress file:
the table on a page of its own (``GameTable(seed=5)``, a game to 20 so that one hand
ends it, as in ``test_browser_replay``) on day 0, then the course's own Review page
(``practice/22_review.ipynb``) on day 1 and day 4 (``PINOCHLE_TUTOR_NOW``). The coach's
card for each position is worked out here by the engine from the kept answers, as the
page does. Screenshots at desktop and phone width: test-artifacts/own-*.png.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from playwright.sync_api import Browser, Page, ViewportSize, expect

from pinochle_tutor.classroom.attempts import (
    MISTAKE_KIND,
    NOW_VAR,
    POSITION_KIND,
    parse_time,
    read_attempts,
)
from pinochle_tutor.classroom.own_positions import is_own_position
from pinochle_tutor.course.mastery import due_for_review
from pinochle_tutor.course.own_positions import mark_own, own_questions
from tests.browser_pages import needs_chromium
from tests.test_browser_replay import SOURCE, play_to_the_end
from tests.test_browser_table import assert_clean, no_horizontal_scroll, notebook, open_table
from tests.voila_site import REPO, voila_server

ARTIFACTS = REPO / "test-artifacts"
TIMEOUT = 120_000
DAY0 = "2026-12-07T09:00:00Z"
PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1100, "height": 1200}
REVIEW = "practice/22_review.ipynb"

pytestmark = needs_chromium


def _stamp(days: float) -> str:
    return (parse_time(DAY0) + timedelta(days=days)).strftime("%Y-%m-%dT%H:%M:%SZ")


def shot(page: Page, name: str) -> None:
    """The page, and the own positions alone (the page scrolls inside Voila's body, so a
    full-page picture stops at the window)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"own-{name}.png"), full_page=True)
    page.locator(".pt-own-positions").screenshot(path=str(ARTIFACTS / f"own-{name}-widget.png"))


def open_review(page: Page, site: str) -> None:
    page.goto(f"{site}/voila/render/{REVIEW}", wait_until="commit")
    page.locator(".pt-own-positions").wait_for(state="visible")
    page.locator(".pt-own-title .pt-title").wait_for(state="visible")


def test_a_mistake_at_the_table_comes_back_the_next_day_and_at_the_next_gap(
    browser: Browser, tmp_path: Path
) -> None:
    progress = tmp_path / "progress.json"
    root = tmp_path / "site"
    root.mkdir()
    (root / "table.ipynb").write_text(notebook(SOURCE))
    env = {"PINOCHLE_TUTOR_PROGRESS": str(progress), "PINOCHLE_TUTOR_SEED": ""}
    # Day 0: a hand played by clicks, with the scripted learner's mistakes.
    with voila_server(root, env={**env, NOW_VAR: DAY0}) as site:
        page = open_table(browser, site, "table.ipynb", width=1200)
        page.set_default_timeout(TIMEOUT)
        play_to_the_end(page)
        assert_clean(page)
        page.close()
    attempts, problems = read_attempts(progress)
    assert not problems
    kept = [a for a in attempts if a.kind == MISTAKE_KIND]
    assert kept, "the scripted learner's hand kept no clear mistake"
    # Day 1: the review page asks each position from the learner's seat.
    day1 = parse_time(_stamp(1.01))
    due = [c.rule for c in due_for_review(attempts, day1) if is_own_position(c.rule)]
    assert sorted(due) == sorted({a.item_id for a in kept})
    questions, unread = own_questions(attempts, due)
    assert not unread and len(questions) == len(due)
    with voila_server(env={**env, NOW_VAR: _stamp(1.01)}) as site:
        page = browser.new_page(viewport=DESKTOP)
        page.set_default_timeout(TIMEOUT)
        open_review(page, site)
        own = page.locator(".pt-own-positions")
        n = len(questions)
        # Only own positions are due: the rule round says so and deals nothing.
        expect(page.locator(".pt-review-list")).to_contain_text("your own positions below are")
        expect(page.locator(".pt-review-round")).not_to_contain_text("Dealing question")
        expect(own.locator(".pt-own-title")).to_contain_text(
            f"Due today from your own hands: {n} position{'s' if n != 1 else ''}."
        )
        for k, q in enumerate(questions, start=1):
            prompt = own.locator(".pt-own-prompt")
            expect(prompt).to_contain_text(f"Position {k} of {n}")
            expect(prompt).to_contain_text(f"trick {q.kept.trick}: you played {q.played.text}")
            # The learner's hand as it was, and nothing else of theirs.
            expect(own.locator('svg.pt-hand-image[aria-label^="Your hand"]')).to_have_attribute(
                "aria-label", "Your hand: " + ", ".join(c.name for c in q.view.hand)
            )
            coach = mark_own(q, q.played).advice.card
            if k == 1:
                shot(page, "1-asked")
                page.set_viewport_size(PHONE)
                no_horizontal_scroll(page)
                shot(page, "1-asked-phone")
                page.set_viewport_size(DESKTOP)
            own.locator(f"button.pt-own-choice:text-is('Play {coach.text}')").click()
            verdict = own.locator(".pt-own-verdict")
            expect(verdict).to_be_visible()
            expect(verdict).to_have_class("pt-message pt-ok pt-own-verdict")
            if k == 1:
                shot(page, "2-answered")
                page.set_viewport_size(PHONE)
                no_horizontal_scroll(page)
                shot(page, "2-answered-phone")
                page.set_viewport_size(DESKTOP)
            own.locator("button.pt-own-next").click()
        # All answered: none due now, the next at the next gap (3 days on).
        expect(own.locator(".pt-own-title")).to_contain_text("None of your own positions is due now.")
        day4 = parse_time(_stamp(1.01)) + timedelta(days=3)
        expect(own.locator(".pt-own-title")).to_contain_text(
            "The next review is due on " + day4.strftime("%A %d %B").replace(" 0", " ")
        )
        assert_clean(page)
        page.close()
    answers = [a for a in read_attempts(progress)[0] if a.kind == POSITION_KIND]
    assert sorted(a.item_id for a in answers) == sorted(due) and all(a.right for a in answers)
    # Day 3 after the answers, a minute short: not due; then due at the next gap.
    with voila_server(env={**env, NOW_VAR: _stamp(1.01 + 3 - 0.01)}) as site:
        page = browser.new_page(viewport=DESKTOP)
        page.set_default_timeout(TIMEOUT)
        open_review(page, site)
        expect(page.locator(".pt-own-title")).to_contain_text("None of your own positions is due now.")
        page.close()
    with voila_server(env={**env, NOW_VAR: _stamp(1.01 + 3 + 0.01)}) as site:
        page = browser.new_page(viewport=DESKTOP)
        page.set_default_timeout(TIMEOUT)
        open_review(page, site)
        expect(page.locator(".pt-own-title")).to_contain_text(
            f"Due today from your own hands: {n} position"
        )
        page.set_viewport_size(PHONE)
        no_horizontal_scroll(page)
        shot(page, "3-next-gap-phone")
        assert_clean(page)
        page.close()
