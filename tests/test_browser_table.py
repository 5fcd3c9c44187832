"""The game table in a real browser (Debian's Chromium, Playwright, Voila): the
seats around the table, a whole hand played by clicks and keys, a finished trick
kept on the table, undo, a concession that asks first, the end of a game with its
winner and a New game button, fresh cards in every tab, the cards received in the
exchange marked, counting one's own meld before it is shown, and the bidding trainer's
hand kept beside the played-out result.

Screenshots go to test-artifacts/ (table-start, table-mid-trick, table-trick-done,
table-game-over, table-review, table-tablet, table-received, table-count-meld, table-meld-counted,
bidding-played-out).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.browser_pages import needs_chromium
from tests.voila_site import REPO, voila_server

ARTIFACTS = REPO / "test-artifacts"
TIMEOUT = 60_000

pytestmark = needs_chromium

NOTEBOOKS = {
    # No seed: every page deals its own cards.
    "table.ipynb": "from pinochle_widgets import GameTable\nGameTable()",
    # A short game (target 20), seeded, so one hand ends the game.
    "short_game.ipynb": (
        "from pinochle_tutor import CLASSIC\nfrom pinochle_widgets import GameTable\n"
        "GameTable(seed=5, rules=CLASSIC.with_settings(target=20))"
    ),
    # The learner counts their own meld each hand.
    "count_meld.ipynb": "from pinochle_widgets import GameTable\nGameTable(seed=6, count_meld=True)",
    "bidding.ipynb": "from pinochle_widgets import BiddingTrainer\nBiddingTrainer(seed=3, samples=40)",
}


def notebook(source: str) -> str:
    return json.dumps(
        {
            "cells": [
                {"cell_type": "code", "execution_count": None, "id": "c1", "metadata": {},
                 "outputs": [], "source": source}
            ],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                        "name": "python3"}},
            "nbformat": 4,
            "nbformat_minor": 5,
        }
    )  # fmt: skip


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("table-site")
    for name, source in NOTEBOOKS.items():
        (root / name).write_text(notebook(source))
    # No fixed seed here (scripts/test.sh sets one for the notebooks): an empty value
    # is unset, so each page deals its own cards.
    with voila_server(root, env={"PINOCHLE_TUTOR_SEED": ""}) as base:
        yield base


def open_table(browser: Browser, site: str, name: str, width: int = 1024) -> Page:
    page = browser.new_page(viewport={"width": width, "height": 1000})
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{site}/voila/render/{name}", wait_until="commit")
    page.locator(".pt-game-table").first.wait_for(state="visible")
    page.locator(".pt-hand:visible .pt-card-pic").first.wait_for(state="visible")
    return page


def shot(page: Page, step: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"table-{step}.png"), full_page=True)


def assert_clean(page: Page) -> None:
    assert page.locator(".voila-error").count() == 0
    assert "Traceback (most recent call last)" not in page.content()
    assert "Sorry, something went wrong" not in page.inner_text("body")


def no_horizontal_scroll(page: Page) -> None:
    widths = page.evaluate(
        "[document.scrollingElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1] + 1, f"the page scrolls sideways: {widths}"


def visible(page: Page, cls: str) -> bool:
    loc = page.locator(f".{cls}:visible")
    return loc.count() > 0


def button(page: Page, cls: str) -> Locator:
    return page.locator(f"button.{cls}:visible").first


def status(page: Page) -> str:
    return page.locator(".pt-status").first.inner_text()


def hand_faces(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        ".pt-hand:visible .pt-card-pic",
        "bs => bs.map(b => [...b.classList].find(c => c.startsWith('pt-face-')))",
    )


def wait_change(page: Page, before: str) -> None:
    """Wait until the info bar, the status or the message changes (the kernel answered)."""
    page.wait_for_function(
        "b => [...document.querySelectorAll('.pt-status, .pt-message-area, .pt-infobar')]"
        ".map(e => e.innerText).join('|') !== b",
        arg=before,
    )


def snapshot_text(page: Page) -> str:
    return page.evaluate(
        "[...document.querySelectorAll('.pt-status, .pt-message-area, .pt-infobar')]"
        ".map(e => e.innerText).join('|')"
    )


def act(page: Page, do: Callable[[], object]) -> None:
    before = snapshot_text(page)
    do()
    wait_change(page, before)


def centre(page: Page, pos: str) -> tuple[float, float]:
    box = page.locator(f".pt-slot-{pos} .pt-trick-card svg").first.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def learner_exchange(page: Page) -> None:
    """Pick the first cards shown and press the exchange button."""
    words = status(page)
    n = 4
    cards = page.locator(".pt-hand:visible .pt-card-pic")
    for i in range(n):
        cards.nth(i).click()
        expect(page.locator(".pt-hand:visible .pt-selected")).to_have_count(i + 1)
    act(page, lambda: button(page, "pt-exchange").click())
    # The message and the status are separate traits and may arrive one after the other.
    expect(page.locator(".pt-status").first).not_to_have_text(words)


OUT_OF_TURN = r"Continue first|turn, not yours|is over"
"""The refusals of a card clicked out of turn (``Session._expect``'s words)."""


def play_one(page: Page, use_keys: bool) -> None:
    """Play the first card the rules allow (a refused card explains itself; try the
    next card of another face: a second copy would be refused in the same words)."""
    cards = page.locator(".pt-hand:visible .pt-card-pic")
    tried: set[str] = set()
    for i, face in enumerate(hand_faces(page)):
        if face in tried:
            continue
        tried.add(face)
        before = page.locator(".pt-message-area").first.inner_text()
        # After a refusal out of turn, a second refusal would come in the same words,
        # with no change to wait for: wait a little, then let the caller look again.
        refused_before = re.search(OUT_OF_TURN, before) is not None
        if use_keys:
            cards.nth(i).focus()
            page.keyboard.press("Enter")
        else:
            cards.nth(i).click()
        # Wait for the message about this card: the status line is redrawn before the
        # message, so a change of the status alone would let the next card be clicked
        # too early (into a finished trick), and so would the previous action's own
        # message ("Trick collected. ...") arriving late.
        #
        # Under load the status can still read "play a card" from a moment earlier
        # while the trick waits for Continue (or a computer player is to act): the
        # click is then refused as out of turn, and the caller's loop looks again.
        try:
            page.wait_for_function(
                "b => { const t = document.querySelector('.pt-message-area').innerText;"
                " return t !== b && /You played|You cannot play|OUT_OF_TURN/.test(t); }".replace(
                    "OUT_OF_TURN", OUT_OF_TURN
                ),
                arg=before,
                timeout=5_000 if refused_before else None,
            )
        except PlaywrightTimeoutError:
            if not refused_before:
                raise
            return
        msg = page.locator(".pt-message-area").first.inner_text()
        if "You played" in msg or re.search(OUT_OF_TURN, msg):
            return
    pytest.fail("no card could be played")


def test_whole_hand_by_clicks_and_keys_on_a_laid_out_table(browser: Browser, site: str) -> None:
    page = open_table(browser, site, "short_game.ipynb")
    assert_clean(page)
    no_horizontal_scroll(page)
    info = page.locator(".pt-infobar").first.inner_text()
    for word in ("Dealer", "Contract", "Trump", "Score", "Your turn"):
        assert word in info
    # The seats: partner on top, opponents left and right, the learner at the bottom.
    boxes = {
        pos: page.locator(f".pt-seat-{pos}").first.bounding_box()
        for pos in ("north", "west", "east", "south")
    }
    assert all(boxes.values())
    assert boxes["north"]["y"] < boxes["west"]["y"] < boxes["south"]["y"]  # type: ignore[index]
    assert boxes["west"]["x"] < boxes["north"]["x"] < boxes["east"]["x"]  # type: ignore[index]
    assert "Partner" in page.locator(".pt-seat-north").first.inner_text()
    assert "You" in page.locator(".pt-seat-south").first.inner_text()
    assert len(hand_faces(page)) == 12
    shot(page, "start")
    # Strong opponents, chosen before the first call: seated at once, same cards.
    faces = hand_faces(page)
    act(page, lambda: page.locator(".pt-level select").first.select_option(label="Strong"))
    expect(page.locator(".pt-message-area").first).to_contain_text(
        "Strong opponents sit at the table"
    )
    assert hand_faces(page) == faces
    # A hint, and on request its alternatives with their expected values (closed until asked).
    act(page, lambda: button(page, "pt-hint").click())
    expect(page.locator(".pt-message-area").first).to_contain_text("Hint:")
    more = page.locator(".pt-hint-more details").first
    expect(more).to_be_visible()
    expect(more.locator("li").first).to_be_hidden()
    more.locator("summary").click()
    expect(more.locator("li").filter(has_text="Hold").first).to_contain_text("Hold")
    shot(page, "hint-alternatives")
    # The auction: the learner passes; an exchange if the partner won it.
    act(page, lambda: button(page, "pt-pass").click())
    expect(page.locator(".pt-hint-more details")).to_have_count(0)
    if "pass cards to the declarer" in status(page).lower():
        learner_exchange(page)
    finished = mid = 0
    use_keys = False
    for _ in range(80):
        if visible(page, "pt-new-game") or visible(page, "pt-next-hand"):
            break
        if visible(page, "pt-continue"):
            cards = page.locator(".pt-trick-card:visible")
            expect(cards).to_have_count(4)
            # Still four cards a moment later: the table waits for the learner.
            page.wait_for_timeout(400)
            expect(cards).to_have_count(4)
            if not finished:
                n, w, e, s = (centre(page, p) for p in ("north", "west", "east", "south"))
                assert n[1] < s[1], "the partner's card is above the learner's"
                assert w[0] < s[0] < e[0], "the opponents' cards are to the sides"
                assert abs(w[1] - e[1]) < 5 and n[1] < w[1] < s[1]
                shot(page, "trick-done")
                # Clicking a card now plays nothing into the next trick.
                faces = hand_faces(page)
                act(page, lambda: page.locator(".pt-hand:visible .pt-card-pic").first.click())
                assert "Continue first" in page.locator(".pt-message-area").first.inner_text()
                assert hand_faces(page) == faces
            finished += 1
            if use_keys:
                # The Continue button has the focus: Enter continues.
                act(page, lambda: page.keyboard.press("Enter"))
            else:
                act(page, lambda: button(page, "pt-continue").click())
            use_keys = not use_keys
            continue
        if "play a card" in status(page).lower() or "lead the first" in status(page).lower():
            on_table = page.locator(".pt-trick-card:visible").count()
            if on_table and not mid:
                shot(page, "mid-trick")
                mid += 1
            play_one(page, use_keys)
            continue
        page.wait_for_timeout(200)
    assert finished >= 11, f"only {finished} finished tricks were shown"
    # The last trick, on demand.
    button(page, "pt-last-trick-button").click()
    expect(page.locator(".pt-last-trick").first).to_contain_text("Last trick")
    expect(page.locator(".pt-last-trick svg .pt-card")).to_have_count(4)
    assert_clean(page)
    # The end of the game: the winner, the final score and New game.
    result = page.locator(".pt-result").first
    expect(result).to_contain_text("Game over")
    expect(result).to_contain_text(re.compile(r"won the game|no winner"))
    expect(result).to_contain_text("Final score")
    expect(button(page, "pt-new-game")).to_be_visible()
    review = page.locator(".pt-review").first
    expect(review).to_contain_text("Review of hand 1")
    # The last tricks with every card face up, from the exact solve.
    expect(review).to_contain_text("every card face up from trick")
    no_horizontal_scroll(page)
    shot(page, "game-over")
    review.screenshot(path=str(ARTIFACTS / "table-review.png"))
    act(page, lambda: button(page, "pt-new-game").click())
    expect(page.locator(".pt-infobar").first).to_contain_text("Score: Us 0, Them 0")
    assert len(hand_faces(page)) == 12
    page.close()


def test_undo_restores_the_previous_state(browser: Browser, site: str) -> None:
    page = open_table(browser, site, "table.ipynb")
    faces = hand_faces(page)
    log = page.locator(".pt-log").first.inner_text()
    act(page, lambda: button(page, "pt-pass").click())
    # The log is redrawn after the status line that act() waits for.
    expect(page.locator(".pt-log").first).to_contain_text("You pass.")
    act(page, lambda: button(page, "pt-undo").click())
    expect(page.locator(".pt-message-area").first).to_contain_text("Taken back: your pass")
    expect(button(page, "pt-pass")).to_be_visible()
    assert hand_faces(page) == faces
    after = page.locator(".pt-log").first.inner_text()
    assert log.strip() in after and "You take back your pass." in after
    assert "You pass." not in after
    page.close()


def test_conceding_asks_first(browser: Browser, site: str) -> None:
    page = open_table(browser, site, "table.ipynb")
    page.locator(".pt-bid-amount input").fill("700")
    act(page, lambda: button(page, "pt-bid").click())
    # The learner is the declarer: name trump, take the pass, return four cards.
    act(page, lambda: button(page, "pt-trump").click())
    expect(button(page, "pt-exchange")).to_be_visible()
    learner_exchange(page)
    expect(button(page, "pt-concede")).to_be_visible()
    act(page, lambda: button(page, "pt-concede").click())
    confirm = page.locator(".pt-concede-confirm").first
    expect(confirm).to_be_visible()
    expect(confirm).to_contain_text("You lose 700; they score")
    assert not visible(page, "pt-result")
    act(page, lambda: button(page, "pt-concede-no").click())
    assert not visible(page, "pt-concede-confirm")
    act(page, lambda: button(page, "pt-concede").click())
    act(page, lambda: button(page, "pt-concede-yes").click())
    expect(page.locator(".pt-result").first).to_contain_text("Hand 1 is over")
    expect(page.locator(".pt-infobar").first).to_contain_text("Us -700")
    page.close()


def test_two_tabs_deal_different_cards_and_fit_a_tablet(browser: Browser, site: str) -> None:
    a = open_table(browser, site, "table.ipynb")
    b = open_table(browser, site, "table.ipynb", width=768)
    assert hand_faces(a) != hand_faces(b)
    no_horizontal_scroll(b)
    shot(b, "tablet")
    a.close()
    b.close()


def test_received_cards_marked_and_meld_counted_before_it_is_shown(
    browser: Browser, site: str
) -> None:
    page = open_table(browser, site, "count_meld.ipynb")
    page.locator(".pt-bid-amount input").fill("700")
    act(page, lambda: button(page, "pt-bid").click())
    act(page, lambda: button(page, "pt-trump").click())
    # The partner's four cards are marked "new" in the hand, with words for screen readers.
    received = page.locator(".pt-hand:visible .pt-tag-received")
    expect(received.first).to_be_visible()
    assert 1 <= received.count() <= 4
    assert "(received from your partner)" in (received.first.text_content() or "")
    badge = received.first.evaluate("b => getComputedStyle(b, '::after').content")
    assert "new" in badge
    shot(page, "received")
    learner_exchange(page)
    # Meld is due: nothing is shown until the learner has counted.
    box = page.locator(".pt-count-meld").first
    expect(box).to_be_visible()
    assert not visible(page, "pt-breakdown") and "Meld by side" not in page.inner_text("body")
    field = page.locator(".pt-meld-total input").first
    field.fill("abc")
    act(page, lambda: button(page, "pt-count-meld-check").click())
    expect(page.locator(".pt-message-area").first).to_contain_text("not a number")
    field.fill("-5")
    act(page, lambda: button(page, "pt-count-meld-check").click())
    expect(page.locator(".pt-message-area").first).to_contain_text("negative")
    act(page, lambda: page.locator(".pt-hand:visible .pt-card-pic").first.click())
    expect(page.locator(".pt-message-area").first).to_contain_text("Count your meld first")
    shot(page, "count-meld")
    field.fill("0")
    act(page, lambda: button(page, "pt-count-meld-check").click())
    expect(page.locator(".pt-message-area").first).to_contain_text(
        re.compile(r"Your total of 0 is \d+ too few|Right: the meld is 0")
    )
    expect(box).to_be_hidden()
    expect(page.locator(".pt-meld-check").first).to_contain_text("Your meld count: 0")
    expect(page.locator(".pt-meld").first).to_contain_text("Meld by side")
    assert_clean(page)
    no_horizontal_scroll(page)
    shot(page, "meld-counted")
    page.close()


def test_bidding_trainer_keeps_the_hand_beside_the_result(browser: Browser, site: str) -> None:
    page = browser.new_page(viewport={"width": 1024, "height": 1000})
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{site}/voila/render/bidding.ipynb", wait_until="commit")
    hand = page.locator(".pt-bidding-trainer .pt-hand").first
    expect(hand).to_contain_text("(12 cards)")
    assert not visible(page, "pt-progress")
    button(page, "pt-pass").click()
    expect(page.locator(".pt-advice").first).to_contain_text("Advisor:")
    expect(page.locator(".pt-progress").first).to_be_hidden()  # the work is done
    button(page, "pt-play-out").click()
    expect(page.locator(".pt-bidding-trainer .pt-result").first).to_contain_text("won the auction")
    expect(hand).to_contain_text("(12 cards, as dealt)")
    assert "(0 cards" not in hand.inner_text()
    expect(page.locator(".pt-dealt-hand").first).to_contain_text("You held:")
    assert_clean(page)
    page.locator(".pt-dealt-hand").first.scroll_into_view_if_needed()
    shot(page, "bidding-played-out")
    page.close()
