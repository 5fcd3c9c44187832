"""Classmates at one table, in real browsers (Debian's Chromium, Playwright, Voila): four
learners in four browser contexts (four cookies) open lesson 12; one opens a table,
two join with its code and one from the list, the opener starts, and the four play a
whole hand, each acting in their own page on their own turn. Each page's websocket
frames (everything its browser received) hold no card that only other seats hold. One
learner closes the tab mid-hand: after the table's wait a computer plays for them, and
on their return they get the seat back and play on.

Run on one Voila server with the class database in a SQLite file, and on two Voila
servers (two learners on each) sharing one PostgreSQL. Screenshots:
test-artifacts/classmates-*.png.
"""

from __future__ import annotations

import base64
import contextlib
import json
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

from pinochle_tutor.classroom.identity import signed_key
from pinochle_tutor.classroom.store import ProgressStore
from pinochle_tutor.classroom.tables import TableStore
from pinochle_tutor.course.table.shared import SharedSession
from pinochle_tutor.rules import rules_named
from tests.browser_pages import needs_chromium, wait_cells_run
from tests.test_game_table import hidden_only
from tests.voila_site import REPO, SITE_SECRET, voila_server

pytestmark = needs_chromium

ARTIFACTS = REPO / "test-artifacts"
PAGE = "12_play_with_classmates.ipynb"
TIMEOUT = 90_000
AWAY = 10
LOBBY_MESSAGE = ".pt-classmates > .pt-message-area"
"""The lobby's message (the learner card and the game table have their own)."""
GAME = ".pt-shared-table"
"""The teacher's wait in these tests (seconds; the site's default is 60)."""


class Learner:
    """One learner's browser context, page and the frames its page received."""

    def __init__(self, context: BrowserContext, site: str, name: str) -> None:
        self.context, self.site, self.name = context, site, name
        self.frames: list[str] = []
        self.give_name()
        self.page = self.open()

    def give_name(self) -> None:
        """On the welcome page, as a learner does once (the table shows the name)."""
        page = self.context.new_page()
        page.set_default_timeout(TIMEOUT)
        page.goto(f"{self.site}/voila/render/00_welcome.ipynb", wait_until="commit")
        card = page.locator(".pt-learner-card")
        card.locator(".pt-learner-name input").fill(self.name)
        card.locator("button.pt-learner-save").click()
        expect(card.locator(".pt-message-area")).to_contain_text(f"Thank you, {self.name}")
        page.close()

    def open(self) -> Page:
        page = self.context.new_page()
        page.set_default_timeout(TIMEOUT)
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        page.goto(f"{self.site}/voila/render/{PAGE}", wait_until="commit")
        page.locator(".pt-classmates").wait_for(state="visible")
        wait_cells_run(page)
        return page

    def _frame(self, payload: Any) -> None:
        data = payload if isinstance(payload, bytes) else str(payload).encode()
        self.frames.append(data.decode("utf-8", "replace"))

    @property
    def key(self) -> str:
        (cookie,) = [c for c in self.context.cookies() if c["name"] == "pinochle_learner"]
        key = signed_key(cookie["value"], SITE_SECRET.encode())
        assert key is not None
        return key


def my_turn(page: Page) -> bool:
    return "your turn" in page.locator(".pt-seat-south").first.inner_text()


def snapshot(page: Page) -> str:
    return page.evaluate(
        "[...document.querySelectorAll('.pt-shared-table .pt-status, .pt-shared-table "
        ".pt-message-area, .pt-shared-table .pt-infobar')].map(e => e.innerText).join('|')"
    )


def act(page: Page, do: Any) -> None:
    before = snapshot(page)
    do()
    page.wait_for_function(
        "b => [...document.querySelectorAll('.pt-shared-table .pt-status, .pt-shared-table "
        ".pt-message-area, .pt-shared-table .pt-infobar')].map(e => e.innerText).join('|') !== b",
        arg=before,
    )


def take_turn(page: Page) -> None:
    """One decision by clicks: pass (or, the stuck dealer, bid), the first trump, the
    first cards to give, the first card the rules allow."""
    if page.locator("button.pt-pass:visible").count():
        act(page, lambda: page.locator("button.pt-pass:visible").first.click())
        if "your turn" in page.locator(".pt-seat-south").first.inner_text() and page.locator(
            "button.pt-bid:visible"
        ).count():
            act(page, lambda: page.locator("button.pt-bid:visible").first.click())
    elif page.locator("button.pt-trump:visible").count():
        act(page, lambda: page.locator("button.pt-trump:visible").first.click())
    elif page.locator("button.pt-exchange:visible").count():
        label = page.locator(".pt-hand:visible .widget-label, .pt-hand:visible").first.inner_text()
        n = 4 if "Pick 4" in label else 3 if "Pick 3" in label else 4
        cards = page.locator(".pt-hand:visible .pt-card-pic")
        for i in range(n):
            cards.nth(i).click()
            expect(page.locator(".pt-hand:visible .pt-selected")).to_have_count(i + 1)
        act(page, lambda: page.locator("button.pt-exchange:visible").first.click())
    else:
        cards = page.locator(".pt-hand:visible .pt-card-pic")
        faces = page.eval_on_selector_all(
            ".pt-hand:visible .pt-card-pic",
            "bs => bs.map(b => [...b.classList].find(c => c.startsWith('pt-face-')))",
        )
        tried: set[str] = set()
        for i, face in enumerate(faces):
            if face in tried:  # a second copy is refused in the same words: no change to wait for
                continue
            tried.add(face)
            before = page.locator(f"{GAME} .pt-message-area").first.inner_text()
            cards.nth(i).click()
            page.wait_for_function(
                "b => { const t = document.querySelector('.pt-shared-table .pt-message-area')"
                ".innerText;"
                " return t !== b && /You played|You cannot|moved on|not your/.test(t); }",
                arg=before,
            )
            if "You played" in page.locator(f"{GAME} .pt-message-area").first.inner_text():
                return


def hand_over(page: Page) -> bool:
    return page.locator("button.pt-next-hand:visible").count() > 0


def hidden_cards_in_frames(learner: Learner, tables: TableStore, code: str) -> list[str]:
    """The cards only other seats hold (no copy seen by this learner) that this page's
    browser received anyway."""
    session = SharedSession(tables, tables.table(code), learner.key, rules_named("classic"))
    session.sync()
    received = "\n".join(learner.frames)
    mine = [c for c in session.view.hand if f'"pt-face-{c.code}"' in received]
    assert mine, f"{learner.name}'s own cards were not found in the frames: the check would see nothing"
    found = []
    for c in hidden_only(session):
        for form in (f'"pt-face-{c.code}"', c.text, json.dumps(c.text)[1:-1], c.name):
            if form in received:
                found.append(f"{c.text} as {form!r}")
    return found


def play_together(browser: Browser, sites: list[str], url: str) -> None:
    """Four learners, each in a browser context of their own (their own cookie), all
    closed on the way out."""
    tables = TableStore(ProgressStore(url))
    with contextlib.ExitStack() as contexts:
        names = ["Ann", "Bob", "Cy", "Di"]
        people = [
            Learner(contexts.enter_context(browser.new_context(viewport={"width": 1100, "height": 1000})),
                    sites[i % len(sites)], n)
            for i, n in enumerate(names)
        ]  # fmt: skip
        ann, bob, cy, di = people
        ann.page.locator("button.pt-open-table").click()
        code_el = ann.page.locator(".pt-code")
        expect(code_el).to_be_visible()
        code = code_el.inner_text().strip()
        for who in (bob, cy):
            who.page.locator(".pt-join-code input").fill(code.lower())
            who.page.locator(".pt-join-code input").press("Enter")
            who.page.locator("button.pt-join").click()
            expect(who.page.locator(LOBBY_MESSAGE)).to_contain_text(f"table {code}")
        # A wrong code: a plain message, nothing else changes.
        di.page.locator(".pt-join-code input").fill("XXXX")
        di.page.locator(".pt-join-code input").press("Enter")
        di.page.locator("button.pt-join").click()
        expect(di.page.locator(LOBBY_MESSAGE)).to_contain_text("is not a table code")
        di.page.locator("button.pt-refresh").click()
        di.page.locator(f"button.pt-join-listed:has-text('{code}')").click()
        expect(di.page.locator(LOBBY_MESSAGE)).to_contain_text(f"table {code}")
        for seat, name in (("South", "you"), ("West", "Bob"), ("North", "Cy"), ("East", "Di")):
            expect(ann.page.locator(".pt-seat-list")).to_contain_text(f"{seat}: {name}")
        ann.page.screenshot(path=str(ARTIFACTS / "classmates-room.png"), full_page=True)
        ann.page.locator("button.pt-start").click()
        for who in people:
            who.page.locator(".pt-shared-table").wait_for(state="visible")
        for who in people:  # each page's synced state: its own hidden cards only
            assert hidden_cards_in_frames(who, tables, code) == [], who.name
        ann.page.screenshot(path=str(ARTIFACTS / "classmates-start.png"), full_page=True)

        left_at = None
        returned = False
        deadline = time.monotonic() + 300
        while not all(hand_over(w.page) for w in people if not w.page.is_closed()):
            if time.monotonic() > deadline:
                for who in people:
                    if not who.page.is_closed():
                        who.page.screenshot(path=str(ARTIFACTS / f"classmates-stuck-{who.name}.png"), full_page=True)
                moves = tables.moves(code)
                states = {w.name: (None if w.page.is_closed() else snapshot(w.page)) for w in people}
                raise AssertionError(f"the hand did not end: {len(moves)} moves, last "
                                     f"{moves[-3:]}, pages {states}")
            played = len(tables.moves(code))
            if left_at is None and played >= 20:  # mid-hand, Bob closes his tab
                bob.page.close()
                left_at = time.monotonic()
            for who in people:
                if who.page.is_closed():
                    continue
                with contextlib.suppress(Exception):
                    if my_turn(who.page):
                        take_turn(who.page)
            if left_at is not None and not returned:
                computer_for_bob = [m for m in tables.moves(code)[played:] if m.seat == 1 and not m.learner]
                if computer_for_bob:
                    # The computer played for Bob; the others' pages say so.
                    expect(ann.page.locator(".pt-felt")).to_contain_text("a computer player for Bob",
                                                                         timeout=15_000)  # fmt: skip
                    ann.page.screenshot(path=str(ARTIFACTS / "classmates-away.png"), full_page=True)
                    bob.page = bob.open()  # back: the page finds his seat
                    bob.page.locator(".pt-shared-table").wait_for(state="visible")
                    returned = True
            time.sleep(0.1)
        assert returned, "Bob's seat was never played by the computer"
        moves = tables.moves(code)
        bobs = [m for m in moves if m.seat == 1]
        assert (any(not m.learner for m in bobs) and any(m.learner == bob.key for m in bobs)) or (
            bobs[-1].learner == ""
        )
        for who in people:
            expect(who.page.locator(f"{GAME} .pt-result")).to_contain_text("Hand 1")
        ann.page.screenshot(path=str(ARTIFACTS / "classmates-end.png"), full_page=True)
        # The table's seed deals every later hand: no browser received it (nor a number
        # made from it), and the hand kept in a learner's download does not name it.
        seed = str(tables.table(code).seed)[:12]
        for who in people:
            assert seed not in "\n".join(who.frames), f"the table's seed reached {who.name}'s page"
        download = downloaded_progress(cy)
        assert '"kind": "hand"' in download and seed not in download


def downloaded_progress(learner: Learner) -> str:
    """What "Download my answers" on the learner's "My progress" page gives them."""
    page = learner.context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{learner.site}/voila/render/practice/00_my_progress.ipynb", wait_until="commit")
    link = page.locator("a.pt-progress-download")
    link.wait_for(state="attached")
    href = link.get_attribute("href") or ""
    page.close()
    assert href.startswith("data:application/json;base64,"), href[:60]
    return base64.b64decode(href.split(",", 1)[1]).decode()


def test_four_learners_on_one_server_play_a_hand_and_one_comes_back(
    browser: Browser, tmp_path: Path
) -> None:
    db = tmp_path / "class.sqlite"
    env = {"PINOCHLE_TUTOR_PROGRESS": str(db), "PINOCHLE_TUTOR_AWAY_WAIT": str(AWAY)}
    ARTIFACTS.mkdir(exist_ok=True)
    with voila_server(env=env) as site:
        play_together(browser, [site], str(db))


def test_two_learners_on_each_of_two_servers_sharing_one_postgresql(
    browser: Browser, tmp_path: Path, postgres_url: str
) -> None:
    env = {"PINOCHLE_TUTOR_DATABASE_URL": postgres_url, "PINOCHLE_TUTOR_AWAY_WAIT": str(AWAY)}
    with (
        voila_server(env={**env, "HOME": str(tmp_path / "one")}) as one,
        voila_server(env={**env, "HOME": str(tmp_path / "two")}) as two,
    ):
        play_together(browser, [one, two], postgres_url)
