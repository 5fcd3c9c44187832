"""The replay of a finished hand at the game table, in a real browser (Debian's
Chromium, Playwright, Voila): a hand played to the end by clicks, then the replay
stepped to a trick the coach judged (its verdict, and the better card marked on the
learner's hand), and back to the auction; axe-core on the replay; the replay driven by
keyboard alone; and the replay at phone width (390 px) with nothing off the screen.

The deal is seeded (``GameTable(seed=5)``, a game to 20 so that one hand ends it); the
learner passes and plays the first card the rules allow, as it is shown, which the coach
judges a mistake in the first trick (the headless tests check such a hand's steps).
Screenshots: test-artifacts/replay-*.png and /tmp/shots/replay-*.png.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser_pages import AXE, assert_no_violations, axe_violations, needs_chromium
from tests.test_browser_a11y import assert_focus_visible, tab_to
from tests.test_browser_table import (
    act,
    assert_clean,
    button,
    learner_exchange,
    no_horizontal_scroll,
    notebook,
    open_table,
    play_one,
    status,
    visible,
)
from tests.voila_site import REPO, voila_server

ARTIFACTS = REPO / "test-artifacts"
SHOTS = Path("/tmp/shots")
PAGE = "replay_game.ipynb"
SOURCE = (
    "from pinochle_tutor import CLASSIC\nfrom pinochle_widgets import GameTable\n"
    "GameTable(seed=5, rules=CLASSIC.with_settings(target=20))"
)
COUNTER = ".pt-replay-counter"
JUDGED: list[int] = []
"""The judged step the first test found (the phone test shows it too)."""

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("replay-site")
    (root / PAGE).write_text(notebook(SOURCE))
    with voila_server(root, env={"PINOCHLE_TUTOR_SEED": ""}) as base:
        yield base


def shot(page: Page, name: str, selector: str | None = None) -> None:
    for folder in (ARTIFACTS, SHOTS):
        folder.mkdir(parents=True, exist_ok=True)
        path = str(folder / f"replay-{name}.png")
        if selector is None:
            page.screenshot(path=path, full_page=True)
        else:
            page.locator(selector).first.screenshot(path=path)


def play_to_the_end(page: Page) -> None:
    """Pass in the auction, give the first cards shown, play the first legal card."""
    act(page, lambda: button(page, "pt-pass").click())
    if "pass cards to the declarer" in status(page).lower():
        learner_exchange(page)
    for _ in range(120):
        if visible(page, "pt-new-game") or visible(page, "pt-next-hand"):
            return
        if visible(page, "pt-continue"):
            act(page, lambda: button(page, "pt-continue").click())
            continue
        words = status(page).lower()
        if "play a card" in words or "lead the first" in words:
            play_one(page, use_keys=False)
            continue
        page.wait_for_timeout(200)
    pytest.fail("the hand did not end")


def counter(page: Page) -> str:
    return page.locator(COUNTER).first.inner_text()


def step_number(page: Page) -> int:
    m = re.match(r"Step (\d+) of (\d+)", counter(page))
    assert m, counter(page)
    return int(m.group(1))


def wait_step(page: Page, before: str) -> None:
    page.wait_for_function(
        "([s, b]) => document.querySelector(s).innerText !== b", arg=[COUNTER, before]
    )


def click_step(page: Page, cls: str) -> None:
    before = counter(page)
    button(page, cls).click()
    wait_step(page, before)


@pytest.fixture(scope="module")
def finished(browser: Browser, site: str) -> Iterator[Page]:
    """One page with its hand played to the end (the tests below share it, in order)."""
    page = open_table(browser, site, PAGE, width=1200)
    play_to_the_end(page)
    assert_clean(page)
    yield page
    page.close()


def test_step_to_a_judged_trick_see_the_better_card_and_back_to_the_auction(
    finished: Page,
) -> None:
    page = finished
    replay = page.locator(".pt-replay").first
    expect(replay).to_be_visible()
    expect(replay).to_contain_text("Replay of hand 1")
    expect(page.locator(COUNTER).first).to_have_text(re.compile(r"^Step 1 of \d+: The auction$"))
    assert "dealt." in page.locator(".pt-replay-table").first.inner_text()
    # The text review stays, in words, for screen readers.
    expect(page.locator(".pt-review summary").first).to_have_text("Review of hand 1, in words")
    # Step on until the coach's verdict names a better card.
    verdict = page.locator(".pt-replay-verdict").first
    for _ in range(80):
        if verdict.is_visible() and "Better:" in verdict.inner_text():
            break
        click_step(page, "pt-replay-next")
    else:
        pytest.fail("no step carried a verdict with a better card")
    assert re.match(r"Step \d+ of \d+: Trick \d+$", counter(page)), counter(page)
    JUDGED.append(step_number(page))
    words = verdict.inner_text()
    m = re.search(r"Better: (\S+)\.", words)
    assert m, words
    better = m.group(1)
    assert "you played" in words and f"{better} was better" in words
    # The better card, marked on the learner's hand then.
    marked = page.locator(".pt-replay-hand .pt-replay-better")
    expect(marked).to_have_count(1)
    expect(marked.first).to_contain_text("Better")
    label = marked.first.locator("svg").first.get_attribute("aria-label") or ""
    assert label, "the marked card has no name"
    outline = marked.first.evaluate("e => getComputedStyle(e).outlineStyle")
    assert outline == "solid"
    # The trick on the table as it was: the learner's card among the cards there.
    expect(page.locator(".pt-replay-table svg.pt-card").first).to_be_visible()
    no_horizontal_scroll(page)
    shot(page, "judged-desktop")
    shot(page, "judged-panel", ".pt-replay")
    # Back to the auction.
    click_step(page, "pt-replay-first")
    expect(page.locator(COUNTER).first).to_contain_text("Step 1 of")
    expect(page.locator(COUNTER).first).to_contain_text("The auction")
    expect(button(page, "pt-replay-back")).to_be_disabled()


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is not installed")
def test_the_replay_passes_axe(finished: Page) -> None:
    page = finished
    expect(page.locator(".pt-replay").first).to_be_visible()
    assert_no_violations(axe_violations(page, f"{PAGE} (replay at the auction)"))
    # At a judged step too (the marks and the verdict).
    box = page.locator(".pt-replay-step input").first
    before = counter(page)
    box.fill("12")
    box.press("Enter")
    wait_step(page, before)
    assert_no_violations(axe_violations(page, f"{PAGE} (replay at step 12)"))


def test_the_replay_by_keyboard_alone(finished: Page) -> None:
    page = finished
    page.locator("body").first.evaluate("b => document.activeElement?.blur()")
    start = step_number(page)
    tab_to(page, "button.pt-replay-next")
    assert_focus_visible(page)
    for k in range(3):
        before = counter(page)
        page.keyboard.press("Enter" if k % 2 == 0 else "Space")
        wait_step(page, before)
    assert step_number(page) == start + 3
    # The step is read out by the polite live region.
    heard = page.locator(".pt-replay-announce [role=status]").first
    expect(heard).to_contain_text(f"Step {start + 3} of")
    # The arrow keys step too, the focus anywhere in the replay but its step box.
    expect(button(page, "pt-replay-next")).to_have_attribute("aria-keyshortcuts", "ArrowRight")
    before = counter(page)
    page.keyboard.press("ArrowRight")
    wait_step(page, before)
    assert step_number(page) == start + 4
    before = counter(page)
    page.keyboard.press("ArrowLeft")
    wait_step(page, before)
    assert step_number(page) == start + 3
    # Back with Shift+Tab to the Back button.
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.classList.contains('pt-replay-back')")
    before = counter(page)
    page.keyboard.press("Enter")
    wait_step(page, before)
    assert step_number(page) == start + 2
    # Straight to a step by number, and a step not in the hand refused in words.
    tab_to(page, ".pt-replay-step input")
    page.keyboard.press("Control+A")
    page.keyboard.type("999")
    page.keyboard.press("Enter")
    expect(page.locator(".pt-message-area").first).to_contain_text("There is no step 999")
    assert step_number(page) == start + 2
    page.keyboard.press("Control+A")
    page.keyboard.type("5")
    before = counter(page)
    page.keyboard.press("Enter")
    wait_step(page, before)
    assert step_number(page) == 5
    # The last step: the end of the hand with the face-up view of the last tricks.
    tab_to(page, "button.pt-replay-last")
    before = counter(page)
    page.keyboard.press("Enter")
    wait_step(page, before)
    expect(page.locator(COUNTER).first).to_contain_text("The end")
    expect(page.locator(".pt-replay-notes").first).to_contain_text("every card face up")
    shot(page, "end", ".pt-replay")


def test_the_replay_at_phone_width(finished: Page) -> None:
    page = finished
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(300)
    box = page.locator(".pt-replay-step input").first
    before = counter(page)
    box.fill(str(JUDGED[0] if JUDGED else 12))
    box.press("Enter")
    wait_step(page, before)
    if JUDGED:
        expect(page.locator(".pt-replay-hand .pt-replay-better")).to_have_count(1)
    no_horizontal_scroll(page)
    replay = page.locator(".pt-replay").first
    bounds = replay.bounding_box()
    assert bounds is not None and bounds["x"] >= 0 and bounds["x"] + bounds["width"] <= 391
    for cls in ("pt-replay-first", "pt-replay-back", "pt-replay-next", "pt-replay-last"):
        b = button(page, cls).bounding_box()
        assert b is not None and b["x"] >= 0 and b["x"] + b["width"] <= 391, cls
    replay.scroll_into_view_if_needed()
    shot(page, "phone", ".pt-replay")
    page.set_viewport_size({"width": 1200, "height": 1000})
