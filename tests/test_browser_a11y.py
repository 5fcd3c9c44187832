"""Accessibility in a real browser: axe-core's WCAG 2.1 A/AA rules on every page of the
course, and the course played by keyboard alone.

axe-core comes from npm with the project's own lock (``hosting/package-lock.json``,
installed by ``scripts/install_hub.sh``, which ``scripts/test.sh`` runs): no CDN. Each
page gets ``axe.min.js`` with ``page.add_script_tag(path=...)`` once Voila has rendered
its cells (:func:`tests.browser_pages.axe_violations`), and any violation fails the test
with its rule, element and help text.

Pages checked here: the teacher's dashboard opened with the secret, a quiz after an
answer, and the game table after a trick played by keyboard. Every lesson and practice
page is checked where the Next-link walk (tests/test_browser_walk.py) first arrives at
it, so each page is rendered once for both checks. One server and one browser
serve the module; pages are opened one after another. Screenshots: test-artifacts/a11y-*.png.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser_pages import (
    LESSONS,
    assert_no_violations,
    axe_violations,
    needs_axe,
    needs_chromium,
    wait_cells_run,
)
from tests.voila_site import REPO, voila_server

ARTIFACTS = REPO / "test-artifacts"
TIMEOUT = 60_000
SECRET = "a11y-teacher-secret"
QUIZ = "practice/07_score_level1.ipynb"
TABLE = "09_full_game.ipynb"

pytestmark = [needs_chromium, needs_axe]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("a11y") / "class.sqlite"
    env = {k: v for k, v in os.environ.items() if k != "PINOCHLE_TUTOR_SEED"}
    env |= {"PINOCHLE_TUTOR_PROGRESS": str(db), "PINOCHLE_TUTOR_TEACHER_SECRET": SECRET}
    with voila_server(env=env) as base:
        yield base


def open_page(browser: Browser, site: str, name: str) -> Page:
    """A page whose cells Voila has all rendered (its loading screen is gone)."""
    page = browser.new_page(viewport={"width": 1100, "height": 1000})
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{site}/voila/render/{name}", wait_until="commit")
    page.wait_for_function(
        "() => document.querySelector('#rendered_cells') !== null"
        " && document.querySelector('#loading') === null"
    )
    wait_cells_run(page)
    return page


def shot(page: Page, step: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"a11y-{step}.png"), full_page=True)


def test_axe_finds_a_violation_planted_in_a_page(browser: Browser, site: str) -> None:
    """The check itself works: an image without a text alternative is reported."""
    page = open_page(browser, site, LESSONS[0])
    page.evaluate(
        "() => { const i = document.createElement('img'); i.src = 'data:,';"
        " i.className = 'pt-planted'; document.body.appendChild(i); }"
    )
    found = axe_violations(page, "planted")
    page.close()
    assert any("image-alt" in line and "pt-planted" in line for line in found), found


def test_the_teachers_dashboard_passes_axe(browser: Browser, site: str) -> None:
    """The dashboard opened with the secret, showing the class table. (Every lesson and
    practice page is checked where the Next-link walk arrives at it:
    tests/test_browser_walk.py.)"""
    page = open_page(browser, site, "teacher.ipynb")
    board = page.locator(".pt-dashboard")
    board.locator(".pt-dashboard-secret input").fill(SECRET)
    board.locator("button.pt-dashboard-open").click()
    expect(board.locator(".pt-dashboard-summary")).to_be_visible()
    found = axe_violations(page, "teacher.ipynb (open)")
    shot(page, "teacher")
    page.close()
    assert_no_violations(found)


def focused(page: Page) -> str:
    """The focused element's class list (its own, plus its parent's for inputs)."""
    return str(
        page.evaluate(
            "() => { const e = document.activeElement;"
            " return e ? (e.className + ' ' + (e.parentElement?.className ?? '')) : ''; }"
        )
    )


def tab_to(page: Page, selector: str, limit: int = 300) -> None:
    """Press Tab until the focused element matches ``selector`` (a CSS selector)."""
    for _ in range(limit):
        if page.evaluate("s => !!document.activeElement?.matches(s)", selector):
            return
        page.keyboard.press("Tab")
    pytest.fail(f"Tab never reached {selector!r} (focus is on {focused(page)!r})")


def assert_focus_visible(page: Page) -> None:
    """The focused element shows an outline at least 2 px wide."""
    width = page.evaluate(
        "() => { const s = getComputedStyle(document.activeElement);"
        " return s.outlineStyle === 'none' ? 0 : parseFloat(s.outlineWidth); }"
    )
    assert width >= 2, f"no visible focus on {focused(page)!r} (outline {width}px)"


def test_a_quiz_answered_by_keyboard_alone_then_passes_axe(browser: Browser, site: str) -> None:
    page = open_page(browser, site, QUIZ)
    runner = page.locator(".pt-quiz-runner")
    feedback = runner.locator(".pt-quiz-feedback")
    expect(feedback).to_have_text("")
    # The verdict goes into a live region that is on the page before it (so it is read out).
    verdict = feedback.locator("[role=status]")
    expect(verdict).to_have_attribute("aria-live", "polite")
    verdict.evaluate("e => { e.ptMarked = 1; }")
    tab_to(page, ".pt-quiz-text input")
    assert_focus_visible(page)
    page.keyboard.type("0")
    tab_to(page, "button.pt-quiz-submit")
    assert_focus_visible(page)
    page.keyboard.press("Enter")
    expect(feedback).not_to_have_text("")
    if runner.locator(".pt-quiz-hint").count():  # a wrong first try: a hint, then once more
        page.keyboard.press("Enter")  # the focus stays on Submit
    expect(feedback).to_contain_text("The rules here")
    expect(verdict).to_contain_text("The rules here")
    assert verdict.evaluate("e => e.ptMarked === 1"), "the verdict's region was made anew"
    shot(page, "quiz-answered")
    tab_to(page, "button.pt-quiz-next")
    page.keyboard.press("Space")
    expect(runner.locator(".pt-quiz-prompt")).to_contain_text("Question 2 of")
    found = axe_violations(page, f"{QUIZ} (answered)")
    page.close()
    assert_no_violations(found)


# The game table's own status line and message (the page's learner card has a message too).
STATUS = ".pt-game-table .pt-status"
MESSAGE = ".pt-game-table .pt-message-area"


def status(page: Page) -> str:
    return page.locator(STATUS).first.inner_text().lower()


def message(page: Page) -> str:
    return page.locator(MESSAGE).first.inner_text()


def wait_for_status_change(page: Page, before: str) -> None:
    page.wait_for_function(
        "([s, b]) => document.querySelector(s).innerText.toLowerCase() !== b", arg=[STATUS, before]
    )


def keyboard_exchange(page: Page) -> None:
    """Pick four cards with Tab and Space, then press the give button with Enter."""
    for _ in range(4):
        tab_to(page, ".pt-hand .pt-card-pic:not(.pt-selected)")
        page.keyboard.press("Space")
        page.keyboard.press("Tab")
    expect(page.locator(".pt-hand:visible .pt-selected")).to_have_count(4)
    before = status(page)
    tab_to(page, "button.pt-exchange")
    page.keyboard.press("Enter")
    wait_for_status_change(page, before)


def hand_faces(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        ".pt-hand:visible .pt-card-pic",
        "bs => bs.map(b => [...b.classList].find(c => c.startsWith('pt-face-')))",
    )


def keyboard_play_a_card(page: Page) -> None:
    """Play a card by keyboard: Tab to a card of the hand and press Enter. A refused
    card is explained; Tab on to the next card of another face (a second copy would be
    refused in the same words) and try again."""
    tried: set[str] = set()
    for face in hand_faces(page):
        if face in tried:
            continue
        tried.add(face)
        tab_to(page, f".pt-hand .pt-card-pic.{face}")
        assert_focus_visible(page)
        before = message(page)
        page.keyboard.press("Enter")
        # The message about this card (not a late one of the previous action).
        page.wait_for_function(
            "([s, b]) => { const t = document.querySelector(s).innerText;"
            " return t !== b && /You played|You cannot play/.test(t); }",
            arg=[MESSAGE, before],
        )
        if "You played" in message(page):
            return
    pytest.fail(f"no card could be played by keyboard: {message(page)}")


def test_a_trick_played_by_keyboard_alone_then_passes_axe(browser: Browser, site: str) -> None:
    page = open_page(browser, site, TABLE)
    page.locator(".pt-hand:visible .pt-card-pic").first.wait_for(state="visible")
    before = status(page)
    tab_to(page, "button.pt-pass")
    assert_focus_visible(page)
    page.keyboard.press("Enter")
    wait_for_status_change(page, before)
    if "pass cards to the declarer" in status(page):
        keyboard_exchange(page)
    tricks = 0
    found: list[str] = []
    for _ in range(60):
        if page.locator("button.pt-continue:visible").count():
            # A finished trick waits on the table; Continue has the focus.
            expect(page.locator(".pt-trick-card:visible")).to_have_count(4)
            tricks += 1
            # The focus moves there by itself (the kernel asks for it after the card
            # played): wait for it, as a learner waits to hear where they are.
            page.wait_for_function("() => document.activeElement.matches('button.pt-continue')")
            if tricks == 1:
                assert_focus_visible(page)
                shot(page, "table-trick")
                found = axe_violations(page, f"{TABLE} (a trick played)")
            before = status(page)
            page.keyboard.press("Enter")
            wait_for_status_change(page, before)
            if tricks == 2:
                break
            continue
        if "play a card" in status(page) or "lead the first" in status(page):
            keyboard_play_a_card(page)
            continue
        page.wait_for_timeout(200)
    page.close()
    assert tricks == 2, f"{tricks} trick(s) finished by keyboard"
    assert_no_violations(found)


INKS = """() => [...document.querySelectorAll(
    'svg.pt-card.pt-suit-diamonds text, svg.pt-card.pt-suit-clubs text')]
    .map(e => getComputedStyle(e).fill)"""
FOUR_INKS = {"rgb(31, 95, 191)", "rgb(26, 127, 55)"}  # svg.suit_color(..., four_color=True)


def test_the_four_colour_switch_by_keyboard_holds_on_the_next_page(browser: Browser, site: str) -> None:
    """The site's house rules make four colours the default; a learner switches them off
    in their learner card (keyboard only) and the next page keeps their choice."""
    context = browser.new_context(viewport={"width": 1100, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{site}/voila/render/{LESSONS[0]}", wait_until="commit")
    switch = page.locator(".pt-four-colour-switch input")
    switch.wait_for(state="visible")
    wait_cells_run(page)  # the cards come with later cells
    # A card's widget draws after its cell's placeholder goes: wait for the cards themselves.
    page.wait_for_function(f"() => ({INKS})().length > 0")
    inks = set(page.evaluate(INKS))
    assert inks and inks <= FOUR_INKS, inks  # the house default: four colours
    expect(switch).to_be_checked()
    tab_to(page, ".pt-four-colour-switch input")
    assert_focus_visible(page)
    page.keyboard.press("Space")
    card = page.locator(".pt-learner-card")
    expect(card.locator(".pt-message-area")).to_contain_text("kept for you on every page")
    page.wait_for_function(f"() => !({INKS})().some(c => {sorted(FOUR_INKS)!r}.includes(c))")
    shot(page, "two-colour-chosen")
    # Another page of the same browser: two colours from the start, the switch off.
    other = context.new_page()
    other.set_default_timeout(TIMEOUT)
    other.goto(f"{site}/voila/render/{LESSONS[0]}", wait_until="commit")
    other.locator(".pt-four-colour-switch input").wait_for(state="visible")
    wait_cells_run(other)
    other.wait_for_function(f"() => ({INKS})().length > 0")
    expect(other.locator(".pt-four-colour-switch input")).not_to_be_checked()
    inks = set(other.evaluate(INKS))
    assert inks and not inks & FOUR_INKS, inks
    context.close()


DECK_PAGE = "01_the_deck.ipynb"  # shows lesson.cards("AC 10C KC")
TEXT_INKS = """() => [...document.querySelectorAll(
    '.pt-cards .pt-cardtext.pt-suit-clubs, .pt-card-button.pt-suit-clubs:not(.pt-card-pic)')]
    .map(e => getComputedStyle(e).color)"""
TWO_TEXT, FOUR_TEXT = "rgb(27, 27, 27)", "rgb(22, 106, 46)"  # #1b1b1b, FOUR_COLOUR_TEXT[CLUBS]


def text_inks(page: Page) -> set[str]:
    page.locator(".pt-cards .pt-cardtext").first.wait_for(state="visible")
    wait_cells_run(page)
    return set(page.evaluate(TEXT_INKS))


def switch_by_keyboard(page: Page) -> None:
    card = page.locator(".pt-learner-card")
    before = card.locator(".pt-message-area").inner_text()
    tab_to(page, ".pt-four-colour-switch input")
    assert_focus_visible(page)
    page.keyboard.press("Space")
    page.wait_for_function(
        "([s, b]) => { const e = document.querySelector(s); return e && e.innerText !== b"
        " && e.innerText.includes('kept for you'); }",
        arg=[".pt-learner-card .pt-message-area", before],
    )


def test_four_colours_switched_on_by_keyboard_hold_after_a_reload(browser: Browser, site: str) -> None:
    """Switched off, then on again by keyboard, each choice holds when the page is
    reloaded: with four colours on, the text cards of ``lesson.cards`` and the card
    buttons are green for clubs; off, they are black."""
    context = browser.new_context(viewport={"width": 1100, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{site}/voila/render/{DECK_PAGE}", wait_until="commit")
    switch = page.locator(".pt-four-colour-switch input")
    switch.wait_for(state="visible")
    expect(switch).to_be_checked()
    assert text_inks(page) == {FOUR_TEXT}
    switch_by_keyboard(page)
    page.reload(wait_until="commit")
    switch.wait_for(state="visible")
    expect(switch).not_to_be_checked()
    assert text_inks(page) == {TWO_TEXT}
    switch_by_keyboard(page)
    assert text_inks(page) == {FOUR_TEXT}  # at once, before any reload
    page.reload(wait_until="commit")
    switch.wait_for(state="visible")
    expect(switch).to_be_checked()
    assert text_inks(page) == {FOUR_TEXT}
    page.locator(".pt-cards").first.scroll_into_view_if_needed()
    shot(page, "four-colour-reloaded")
    found = axe_violations(page, f"{DECK_PAGE} (four colours)")
    context.close()
    assert_no_violations(found)
