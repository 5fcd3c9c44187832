"""A whole hand at the game table by keyboard alone, in a real browser (Debian's
Chromium, Playwright, Voila), with what a screen reader hears.

The lesson page ``09_full_game.ipynb`` with a fixed deal (``PINOCHLE_TUTOR_SEED``):
the learner bids with the keyboard, wins the auction, names trump, returns four cards,
plays all twelve tricks and presses Continue after each, using ``page.keyboard`` only
(Tab, Enter, Space; no click). After each action the focus must be on the control the
learner uses next, with a visible outline; the table's polite live region
(``role="status"``) must have told every card the computer players put down, every
trick's winner and the hand's score. Screenshots: test-artifacts/keyboard-*.png.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import Error as PlaywrightError

from tests.browser_pages import AXE, assert_no_violations, axe_violations, needs_chromium
from tests.test_browser_a11y import assert_focus_visible, focused, open_page, tab_to
from tests.voila_site import REPO, voila_server

ARTIFACTS = REPO / "test-artifacts"
TABLE = "09_full_game.ipynb"
SEED = "9"
"""A deal where the learner's opening bid wins the auction (so trump and the return
are played by keyboard too); the headless tests use the same deal."""
REGION = ".pt-game-table .pt-announce [role=status]"
CARDS = ".pt-hand:visible .pt-card-pic"

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("keyboard") / "class.sqlite"
    env = {**os.environ, "PINOCHLE_TUTOR_SEED": SEED, "PINOCHLE_TUTOR_PROGRESS": str(db)}
    with voila_server(env=env) as base:
        yield base


def heard(page: Page) -> str:
    return str(page.locator(REGION).first.text_content() or "")


def press(page: Page, key: str, said: list[str]) -> str:
    """Press ``key`` and wait for the live region to say something new."""
    before = heard(page)
    page.keyboard.press(key)
    page.wait_for_function(
        "([s, b]) => document.querySelector(s).textContent !== b", arg=[REGION, before]
    )
    said.append(heard(page))
    return said[-1]


def focus_lands_on(page: Page, selector: str) -> None:
    """The focus moves (by itself, as the kernel asks) to an element matching
    ``selector``, and shows an outline there."""
    try:
        page.wait_for_function(
            "s => !!document.activeElement?.matches(s)", arg=selector, timeout=10_000
        )
    except PlaywrightError:
        pytest.fail(f"the focus is on {focused(page)!r}, not on {selector!r}")
    assert_focus_visible(page)


def shot(page: Page, step: str, selector: str | None = None) -> None:
    """The page, or the part around ``selector`` (with a margin, so a focus outline
    drawn outside the element shows)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = str(ARTIFACTS / f"keyboard-{step}.png")
    box = page.locator(selector).first.bounding_box() if selector else None
    if box is None:
        page.screenshot(path=path, full_page=True)
        return
    m = 16
    clip = {"x": max(0, box["x"] - m), "y": max(0, box["y"] - m),
            "width": box["width"] + 2 * m, "height": box["height"] + 2 * m}  # fmt: skip
    page.screenshot(path=path, clip=clip)  # type: ignore[arg-type]


def concede_and_keep_playing(page: Page) -> None:
    """Concede asks first; Keep playing, by keyboard, brings the focus back to the hand."""
    tab_to(page, "button.pt-concede")
    assert_focus_visible(page)
    page.keyboard.press("Enter")
    expect(page.locator(".pt-confirm:visible").first).to_contain_text("Concede hand 1?")
    focus_lands_on(page, "button.pt-concede-no")
    page.keyboard.press("Enter")
    expect(page.locator(".pt-confirm:visible")).to_have_count(0)
    focus_lands_on(page, ".pt-hand .pt-card-pic")


def look_at_the_last_trick(page: Page) -> None:
    """The Last trick button shows the trick just collected and hides it again, by
    keyboard; Space on "Mark my legal cards" marks them, and Tab reaches one."""
    tab_to(page, "button.pt-last-trick-button")
    assert_focus_visible(page)
    page.keyboard.press("Enter")
    shown = page.locator(".pt-last-trick:visible").first
    expect(shown).to_contain_text("(trick 1)")
    expect(page.locator("button.pt-last-trick-button").first).to_have_text("Hide last trick")
    page.keyboard.press("Enter")
    expect(page.locator(".pt-last-trick:visible")).to_have_count(0)
    tab_to(page, ".pt-show-legal input")
    assert_focus_visible(page)
    page.keyboard.press("Space")
    expect(page.locator(".pt-hand:visible .pt-mark-legal").first).to_be_visible()
    tab_to(page, ".pt-hand .pt-card-pic.pt-mark-legal")


def test_a_whole_hand_by_keyboard_alone_is_heard_trick_by_trick(
    browser: Browser, site: str
) -> None:
    page = open_page(browser, site, TABLE)
    page.locator(CARDS).first.wait_for(state="visible")
    region = page.locator(REGION)
    expect(region).to_have_attribute("aria-live", "polite")
    expect(region).to_have_attribute("aria-atomic", "true")
    expect(region).to_have_text(
        "Hand 1: Right opponent deals. Your turn: bid at least 250, or pass."
    )
    said: list[str] = []
    # The live regions are made once; a message changes what is inside them (a region
    # put on the page with its words already in it is not read out).
    regions = (
        f"{REGION}, .pt-game-table .pt-message-area [role=status],"
        " .pt-game-table .pt-message-area [role=alert]"
    )
    marked = page.evaluate(
        "s => [...document.querySelectorAll(s)].map(e => (e.ptMarked = 1)).length", regions
    )
    assert marked == 3
    # The auction: Tab to the bid box (it holds the lowest bid), type it, Tab to Bid.
    tab_to(page, ".pt-bid-amount input")
    assert_focus_visible(page)
    page.keyboard.press("Control+A")
    page.keyboard.type("250")
    tab_to(page, "button.pt-bid")
    assert_focus_visible(page)
    text = press(page, "Enter", said)
    assert "You won the auction at 250" in text and text.endswith("Your turn: name trump."), text
    assert page.evaluate("s => [...document.querySelectorAll(s)].every(e => e.ptMarked)", regions)
    message = page.locator(".pt-game-table .pt-message-area [role=status]")
    expect(message).to_contain_text("You bid 250.")
    # Trump: the focus is on the first suit already.
    focus_lands_on(page, "button.pt-trump")
    text = press(page, "Enter", said)
    assert re.search(r"Partner passes (\w+ of \w+, ){3}\w+ of \w+ to you\.", text), text
    # The return: the focus is on the first card; Space picks, Tab moves on.
    focus_lands_on(page, ".pt-hand .pt-card-pic")
    for _ in range(4):
        tab_to(page, ".pt-hand .pt-card-pic:not(.pt-selected)")
        page.keyboard.press("Space")
        page.keyboard.press("Tab")
    expect(page.locator(".pt-hand:visible .pt-selected")).to_have_count(4)
    tab_to(page, "button.pt-exchange")
    assert_focus_visible(page)
    text = press(page, "Enter", said)
    assert "You meld" in text and text.endswith("Your turn: lead the first card (or concede the hand)."), text
    # The tricks: the focus is always on the first legal card or on Continue.
    tricks = 0
    for _ in range(40):
        if page.locator(".pt-result:visible").count():
            break
        if page.locator("button.pt-continue:visible").count():
            focus_lands_on(page, "button.pt-continue")
            tricks += 1
            press(page, "Enter", said)
            continue
        focus_lands_on(page, ".pt-hand .pt-card-pic")
        if not tricks:
            shot(page, "card-focus", ".pt-game-table .pt-hand:visible")
            concede_and_keep_playing(page)
        if tricks == 1 and page.locator("button.pt-last-trick-button:visible").count():
            look_at_the_last_trick(page)
        press(page, "Enter", said)
        expect(page.locator(".pt-game-table .pt-message-area").first).to_contain_text("You played")
    result = page.locator(".pt-result").first
    expect(result).to_contain_text("Hand 1 is over")
    assert tricks == 11, f"{tricks} tricks continued by keyboard (the twelfth ends the hand)"
    # What the screen reader heard: every trick's winner, and the score at the end.
    told = " ".join(said)
    winners = re.findall(r"(?:Partner|Left opponent|Right opponent) wins trick (\d+) with \w+ of \w+ \((\d+) points\)|"
                         r"You win trick (\d+) with", told)
    numbers = sorted(int(a or c) for a, _, c in winners)
    assert numbers == list(range(1, 13)), told
    assert len(re.findall(r"(?:Partner|Left opponent|Right opponent) plays \w+ of \w+\.", told)) == 36, told
    last = said[-1]
    assert re.search(r"Hand 1: Your side bid 250 and (made it|went set)\. Us [+-]\d+ \(total -?\d+\), Them [+-]\d+"
                     r" \(total -?\d+\)\.", last), last
    assert last.endswith("The hand is over: deal the next hand."), last
    # ... and the scores it heard are the ones on the page.
    info = page.locator(".pt-infobar").first.inner_text()
    us, them = re.findall(r"\(total (-?\d+)\)", last)
    assert f"Us {us}, Them {them}" in info, (info, last)
    # The focus is on Next hand.
    focus_lands_on(page, "button.pt-next-hand")
    page.locator(".pt-announce").first.scroll_into_view_if_needed()
    shot(page, "hand-over")  # the whole page: the region and the focus on Next hand
    (ARTIFACTS / "keyboard-heard.txt").write_text("\n".join(said) + "\n", encoding="utf-8")
    found = axe_violations(page, f"{TABLE} (a hand played by keyboard)") if AXE.exists() else []
    page.close()
    assert_no_violations(found)
