"""Number boxes in a real browser (Debian's Chromium, Playwright, Voila): each bad value
is TYPED, key by key, into the bidding trainer's bid box, the game table's bid box, the
replay's step box and the score calculator's bid box, the button is clicked, and the
page shows a message quoting what was typed while nothing is placed, moved or scored;
then a good number works. At desktop (1280 px) and phone (390 px) width.

The boxes used to be the browser's number box (``IntText``), which rewrote what was
typed before the kernel saw it: "1.5" showed as "15" and was read as 15, letters and an
empty box left the last number, so Bid placed a default bid. The box shows exactly what
was typed here (checked key by key), so that a refusal can quote it.

Screenshots: /tmp/shots/numbers-<page>-<width>.png and test-artifacts/, each taken
with a refusal of "1.5" on the screen.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser_pages import needs_chromium
from tests.test_browser_table import assert_clean, no_horizontal_scroll, notebook
from tests.voila_site import REPO, voila_server

pytestmark = needs_chromium

TIMEOUT = 90_000
SHOTS = (Path("/tmp/shots"), REPO / "test-artifacts")

REPLAY = """\
from pinochle_tutor.bots.levels import make_player
from pinochle_tutor.coach import review
from pinochle_tutor.course.table.replay import replay_steps
from pinochle_tutor.game import play_hand
from pinochle_tutor.players import RandomPlayer
from pinochle_tutor.rules import rules_named
from pinochle_widgets.replay import HandReplay

rules = rules_named("classic")
players = [RandomPlayer(1, bid_chance=0.6)] + [make_player("beginner") for _ in range(3)]
hand = play_hand(players, dealer=3, seed=1, rules=rules)
replay = HandReplay()
replay.show(replay_steps(hand, 0, review(hand, 0, seed=1, hand_number=1)), rules, 0)
replay.go(5)
replay"""


@dataclass(frozen=True)
class Box:
    """A page with a number box: how to find the box, its button, the message and what
    must not change when a number is refused; the values typed and the words each
    must bring back (each quotes what was typed); a good value and its answer."""

    page: str
    source: str
    root: str
    box: str
    button: str
    unchanged: str
    bad: tuple[tuple[str, str], ...]
    good: tuple[str, str]


UNREADABLE_BID = (
    ("", "The Bid box is empty: type a bid in digits."),
    ("abc", "'abc' is not a bid: type a whole number in digits."),
    ("1.5", "'1.5' is not a bid: type a whole number in digits."),
)

BOXES = {
    "trainer": Box(
        "trainer.ipynb",
        "from pinochle_widgets import BiddingTrainer\nBiddingTrainer(seed=3, samples=40)",
        ".pt-bidding-trainer",
        ".pt-bid-amount input",
        "button.pt-bid",
        ".pt-bidding-trainer .pt-auction",
        (
            *UNREADABLE_BID,
            ("-3", "A bid of -3 "),
            ("0", "A bid of 0 "),
            ("99990", "A bid of 99990 is far more than any hand is worth"),
        ),
        ("260", "You bid 260."),
    ),
    "table": Box(
        "table.ipynb",
        "from pinochle_widgets import GameTable\nGameTable(seed=5)",
        ".pt-game-table",
        ".pt-bid-amount input",
        "button.pt-bid",
        ".pt-game-table .pt-status",
        (
            *UNREADABLE_BID,
            ("-3", "A bid of -3 "),
            ("0", "A bid of 0 "),
            ("99990", "A bid of 99990 is far more than any hand is worth"),
        ),
        ("260", "You bid 260."),
    ),
    "replay": Box(
        "replay.ipynb",
        REPLAY,
        ".pt-replay",
        ".pt-replay-step input",
        "button.pt-replay-go",
        ".pt-replay-counter",
        (
            ("", "The Go to step box is empty: type a step number in digits."),
            ("abc", "'abc' is not a step number: type a whole number in digits."),
            ("1.5", "'1.5' is not a step number: type a whole number in digits."),
            ("-3", "There is no step -3: this hand has steps 1 to"),
            ("0", "There is no step 0: this hand has steps 1 to"),
            ("999", "There is no step 999: this hand has steps 1 to"),
        ),
        ("12", ""),
    ),
    "score": Box(
        "score.ipynb",
        "from pinochle_widgets import ScoreCalculator\n"
        "ScoreCalculator(bid=250, meld=100, tricks=160)",
        ".pt-score-calculator",
        ".pt-score-bid input",
        "button.pt-score-button",
        ".pt-score-calculator .pt-message-area [role=status]",
        (
            *UNREADABLE_BID,
            ("-3", "A bid of -3 cannot be a contract"),
            ("0", "A bid of 0 cannot be a contract"),
            ("99990", "A bid of 99990 cannot be a contract"),
        ),
        ("250", "Bidders +260"),
    ),
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("number-boxes-site")
    for b in BOXES.values():
        (root / b.page).write_text(notebook(b.source))
    with voila_server(root, env={"PINOCHLE_TUTOR_SEED": ""}) as base:
        yield base


def type_into(page: Page, selector: str, typed: str) -> None:
    """Empty the box and type ``typed`` key by key, as a learner does; the box must show
    exactly what was typed (the number box it replaced showed "15" for "1.5")."""
    box = page.locator(selector).first
    box.click()
    box.press("Control+A")
    box.press("Backspace")
    if typed:
        box.press_sequentially(typed)  # no pause: Bid follows the last key at once
    assert box.input_value() == typed


def state(page: Page, b: Box) -> str:
    """What a refused number must leave as it was: the auction, the table's status, the
    step shown, the score calculator's answer (none)."""
    return page.locator(b.unchanged).first.inner_text()


def shot(page: Page, b: Box, name: str) -> None:
    for folder in SHOTS:
        folder.mkdir(parents=True, exist_ok=True)
        page.locator(b.root).first.screenshot(path=str(folder / f"numbers-{name}.png"))


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("name", sorted(BOXES))
def test_each_bad_number_typed_is_refused_quoting_it(
    browser: Browser, site: str, name: str, width: int
) -> None:
    b = BOXES[name]
    page = browser.new_page(viewport={"width": width, "height": 1000})
    page.set_default_timeout(TIMEOUT)
    try:
        page.goto(f"{site}/voila/render/{b.page}", wait_until="commit")
        page.locator(b.box).first.wait_for(state="visible")
        alert = page.locator(f"{b.root} .pt-message-area [role=alert]").first
        status = page.locator(f"{b.root} .pt-message-area [role=status]").first
        before = state(page, b)
        for typed, words in b.bad:
            type_into(page, b.box, typed)
            page.locator(b.button).first.click()
            expect(alert).to_contain_text(words)
            assert state(page, b) == before, f"{typed!r} changed the page"
            if typed == "1.5":
                shot(page, b, f"{name}-{width}")
        if name == "replay":
            # Enter in the box is read the same way as Go, with the last key typed (the
            # page sent Enter ahead of the text while the text went key by key).
            type_into(page, b.box, "x1")
            page.locator(b.box).first.press("Enter")
            expect(alert).to_contain_text("'x1' is not a step number")
            assert state(page, b) == before
        assert_clean(page)
        if width == 390:
            no_horizontal_scroll(page)
        # A good number works as before.
        typed, words = b.good
        type_into(page, b.box, typed)
        page.locator(b.button).first.click()
        if name == "replay":
            expect(page.locator(b.unchanged).first).to_contain_text(f"Step {typed} of")
            expect(alert).to_have_text("")
        else:
            expect(status).to_contain_text(words)
        assert_clean(page)
    finally:
        page.close()
