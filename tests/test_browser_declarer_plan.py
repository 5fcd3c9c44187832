"""Lesson 14, "The declarer's plan", in a real browser (Voila, Chromium): the worked deal
stepped to its end (each step the engine's words), the guided hand's first lead planned
(the question shown, a card picked, the coach's comment), the coach's "concede or play
on?" with its table, and the first question of the
mastery set answered and kept; after each click the page is read at desktop and phone
width (390 px: nothing reaches past the screen's edge), with screenshots in
test-artifacts/."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from pinochle_tutor.classroom.attempts import read_attempts
from pinochle_tutor.course.worked import (
    concede_example,
    declarer_plan_example,
    learner_turns,
    plan_guided_hand,
)
from pinochle_tutor.rules import CLASSIC
from tests.browser_pages import PENDING, PHONE, WIDER_THAN_THE_SCREEN, check_page, needs_chromium
from tests.voila_site import REPO, voila_server

ARTIFACTS = REPO / "test-artifacts"
DESKTOP: ViewportSize = {"width": 1100, "height": 1200}
PAGE = "14_declarer_plan.ipynb"

pytestmark = needs_chromium


def _both_widths(page: Page, name: str, shown: Locator | None = None) -> None:
    """Read the page at the phone's width (nothing cut off or scrolling the page
    sideways) and at the desktop's, a screenshot at each of the widget just used
    (``shown``; else the page), and no error shown."""
    for size, width in ((PHONE, "phone"), (DESKTOP, "desktop")):
        page.set_viewport_size(size)  # type: ignore[arg-type]
        page.wait_for_timeout(200)
        if width == "phone":
            assert page.evaluate(WIDER_THAN_THE_SCREEN) == [], name
        path = str(ARTIFACTS / f"declarer-plan-{name}-{width}.png")
        if shown is None:
            page.screenshot(path=path)
        else:
            shown.scroll_into_view_if_needed()
            shown.screenshot(path=path)
    text = page.inner_text("body")
    assert check_page(CLASSIC, PAGE, page, text) == [], name
    assert "Traceback" not in text and "/work/" not in text


def test_lesson_14_is_walked_click_by_click(browser: Browser, tmp_path: Path) -> None:
    progress = tmp_path / "progress.json"
    ARTIFACTS.mkdir(exist_ok=True)
    steps = declarer_plan_example(CLASSIC).steps
    guided = plan_guided_hand(CLASSIC)
    first = min(guided.decisions)
    view, played = learner_turns(guided)[first]
    assert set(view.hand) == set(view.legal)  # a lead: every card may be led
    with (
        voila_server(env={"PINOCHLE_TUTOR_PROGRESS": str(progress)}) as site,
        browser.new_page(viewport=DESKTOP) as page,
    ):
        page.set_default_timeout(180_000)
        page.goto(f"{site}/voila/render/{PAGE}", wait_until="commit")
        stepper = page.locator(".pt-worked").first
        expect(stepper.locator(".pt-worked-text")).to_contain_text("You won the auction at")
        expect(page.locator(PENDING)).to_have_count(0)  # every cell has run
        _both_widths(page, "opened")
        for step in steps[1:]:
            stepper.locator("button.pt-worked-next").click()
            said = step.text.replace("**", "").split(".")[0]
            expect(stepper.locator(".pt-worked-text")).to_contain_text(said)
            if "**Trick 1, your lead.**" in step.text:
                # The plans at the lead as a table, a row per plan, under the sentence.
                table = stepper.locator("table.pt-worked-table")
                expect(table.locator("th").first).to_have_text(step.table[0][0])
                expect(table.locator("tr")).to_have_count(len(step.table))
                expect(table.locator("tr").nth(1)).to_contain_text(step.table[1][1])
                _both_widths(page, "first-lead", stepper)
        _both_widths(page, "worked", stepper)
        # The guided hand: to your first lead, where the page asks you to plan.
        hand = page.locator(".pt-worked").nth(1)
        for k in range(first):
            hand.locator("button.pt-worked-next").click()
            expect(hand.locator(".pt-worked-count")).to_contain_text(f"Step {k + 2} ")
        asked = hand.locator(".pt-worked-text")
        expect(asked).to_contain_text("your turn")
        expect(asked).to_contain_text(guided.decisions[first].question)
        _both_widths(page, "asked", hand)
        hand.locator(".pt-guided-picker button", has_text=played.text).first.click()
        expect(hand.locator(".pt-message.pt-ok")).to_be_visible()
        comment = hand.locator(".pt-message").inner_text()
        assert comment.startswith(f"{played.text} is the coach's card too:")
        _both_widths(page, "commented", hand)
        # Concede or play on: the hand, then the coach's two choices as a table.
        conceding = concede_example(CLASSIC).steps
        weighed = page.locator(".pt-worked").nth(2)
        expect(weighed.locator(".pt-worked-text")).to_contain_text("You won the auction at")
        weighed.locator("button.pt-worked-next").click()
        expect(weighed.locator(".pt-worked-text")).to_contain_text(
            conceding[1].text.replace("**", "").split(".")[0]
        )
        table = weighed.locator("table.pt-worked-table")
        expect(table.locator("tr")).to_have_count(len(conceding[1].table))
        for row in conceding[1].table[1:]:
            expect(table).to_contain_text(" ".join(row[:2]).split(" ")[0])
            expect(table).to_contain_text(row[-1])
        expect(weighed.locator(".pt-worked-text")).to_contain_text("The coach: concede.")
        _both_widths(page, "conceded", weighed)
        # The mastery set's first question: a card to play, marked by the coach.
        mastery = page.locator(".pt-mastery-set")
        mastery.scroll_into_view_if_needed()
        expect(mastery).to_contain_text("Which card would you play?", timeout=240_000)
        cards = mastery.locator(".pt-hand-picker:visible .pt-card-button")
        cards.first.click()
        mastery.locator("button.pt-quiz-submit").click()
        feedback = mastery.locator(".pt-quiz-feedback")
        # right, playable (as good by the numbers, but not the rule of thumb asked) or a
        # hint for a second try: each says why, in words
        expect(feedback).to_contain_text(re.compile(r"Right|Playable|[Hh]int"), timeout=240_000)
        if mastery.locator("button.pt-quiz-next").is_disabled():  # a hint: the second try
            submit = mastery.locator("button.pt-quiz-submit")
            if submit.is_disabled():  # the first card is no longer picked: pick it again
                cards.first.click()
            submit.click()  # (clicking a picked card again would unpick it)
        expect(mastery.locator("button.pt-quiz-next")).to_be_enabled(timeout=240_000)
        _both_widths(page, "marked", mastery)
    attempts, problems = read_attempts(progress)
    assert not problems and attempts, "the set's answer was kept"
    assert all(any(r.startswith("play.") for r in a.rules) for a in attempts)
