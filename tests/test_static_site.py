"""The static site (scripts/build_static.sh) in a real browser, served by a loopback
``python -m http.server``: Python runs in the page (Pyodide), nothing comes from outside.

scripts/test.sh builds the site first; here a missing site is built once, and the tests
skip, saying why, when it cannot be built (no npm, no registry) or there is no browser.
``PINOCHLE_STATIC_SITE`` names a site folder built elsewhere.
"""

from __future__ import annotations

import base64
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from playwright.sync_api import Browser, Page, expect

from pinochle_tutor.explain import explain_meld
from tests.voila_site import CHROMIUM, REPO

SITE = Path(os.environ.get("PINOCHLE_STATIC_SITE", REPO / "build" / "static"))
TIMEOUT = 120_000
"""Pyodide's first start in a page takes a while on 2 cores (the wheels are unpacked)."""
ARTIFACTS = REPO / "test-artifacts"

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed"
)


APP = "voici/render/course.html#"
"""The course app (pinochle_widgets.static_app): every page in one browser page."""


def site_is_built(folder: Path) -> bool:
    return all(
        (folder / f).is_file()
        for f in ("index.html", "voici/render/04_meld.html", "voici/render/course.html")
    )


@pytest.fixture(scope="module")
def site_folder() -> Path:
    if not site_is_built(SITE):
        done = subprocess.run(
            ["bash", str(REPO / "scripts" / "build_static.sh"), str(SITE)],
            capture_output=True, text=True, cwd=REPO, timeout=900,
        )  # fmt: skip
        if done.returncode != 0 or not site_is_built(SITE):
            lines = [x for x in done.stderr.splitlines() if x.strip()]
            reason = next((x for x in reversed(lines) if x.startswith("FAILED")), lines[-1:])
            pytest.skip(f"the static site could not be built here: {reason}")
    return SITE


@pytest.fixture(scope="module")
def base_url(site_folder: Path) -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
         "--directory", str(site_folder)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url, timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)


REQUESTS: list[str] = []
"""Every request any page of this file made (the last test checks their hosts)."""


def open_page(browser: Browser, url: str) -> Page:
    page = browser.new_page(viewport={"width": 1100, "height": 1300})
    page.set_default_timeout(TIMEOUT)
    page.on("request", lambda r: REQUESTS.append(r.url))
    page.goto(url, wait_until="commit")
    return page


def shot(page: Page, step: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"static-{step}.png"), full_page=True)


def notebooks() -> list[str]:
    lessons = [p.name for p in sorted((REPO / "lessons").glob("[0-9][0-9]_*.ipynb"))]
    practice = [f"practice/{p.name}" for p in sorted((REPO / "exercises").glob("[0-9][0-9]_*.ipynb"))]
    return lessons + practice


def test_index_links_every_lesson_and_practice_page(browser: Browser, base_url: str) -> None:
    page = open_page(browser, base_url)
    page.wait_for_load_state()
    expect(page.locator(".pt-static-note")).to_contain_text("your teacher sees them only if")
    listed = page.locator(".pt-static-lessons a, .pt-static-practice a")
    pages = listed.evaluate_all("links => links.map(a => a.getAttribute('href'))")
    assert pages == [APP + n.removesuffix(".ipynb") for n in notebooks()]  # the course app
    for name in notebooks():  # every page is there as a page of its own too
        href = "voici/render/" + name.removesuffix(".ipynb") + ".html"
        with urllib.request.urlopen(urljoin(base_url, href), timeout=10) as response:
            assert response.status == 200
    shot(page, "1-index")
    page.locator(".pt-static-lessons a").first.click()  # the welcome page, its outline
    meld = page.locator(".pt-lesson-link", has_text="Meld")
    expect(meld).to_be_visible(timeout=TIMEOUT)
    assert meld.evaluate("a => a.href") == urljoin(base_url, "voici/render/04_meld.html")
    page.close()


def test_meld_lesson_checks_a_count_in_the_browser(browser: Browser, base_url: str) -> None:
    page = open_page(browser, urljoin(base_url, "voici/render/04_meld.html"))
    # The second counter holds a heart run plus an extra K♥ Q♥ (a run and a royal marriage).
    hand, trump = "AH 10H KH QH JH KH QH JS JS 10D JC 10C", "H"
    right = explain_meld(hand, trump).total
    counter = page.locator(".pt-meld-counter").nth(1)
    counter.locator(".pt-check").wait_for(state="visible")
    expect(page.locator("table.dataframe")).to_contain_text("pinochle")  # the meld table
    counter.locator(".pt-total input").fill(str(right - 40))
    counter.locator(".pt-check").click()
    expect(counter.locator(".pt-message.pt-error")).to_contain_text(str(right))
    counter.locator(".pt-total input").fill(str(right))
    counter.locator(".pt-check").click()
    expect(counter.locator(".pt-message.pt-ok")).to_have_count(1)
    expect(counter.locator(".pt-breakdown")).to_contain_text("royal marriage")
    shot(page, "2-meld")
    assert "Traceback (most recent call last)" not in page.content()
    page.close()


def test_game_table_plays_in_the_browser(browser: Browser, base_url: str) -> None:
    """The full-game lesson's table: twelve cards dealt to the learner; a pass in the
    auction, which the computer players (running in the page too) bid out; four cards
    passed if the partner won it; then a card the rules allow, tried card by card as a
    learner would (a refused card says why). The pickers and buttons each phase shows
    must appear: a widget shown again after being hidden once stayed hidden here."""
    page = open_page(browser, urljoin(base_url, "voici/render/09_full_game.html"))
    table = page.locator(".pt-game-table").first
    table.wait_for(state="visible")
    cards = table.locator(".pt-hand:visible .pt-card-pic")
    expect(cards.first).to_be_visible(timeout=TIMEOUT)
    expect(cards).to_have_count(12)
    expect(table.locator(".pt-seat-south")).to_contain_text("You")
    expect(table.locator(".pt-seat-north")).to_contain_text("Partner")
    status = table.locator(".pt-status").first
    table.locator("button.pt-pass:visible").first.click()
    expect(table.locator(".pt-log").first).to_contain_text("You pass.", timeout=TIMEOUT)
    expect(status).to_contain_text(
        re.compile("play a card|pass cards to the declarer", re.I), timeout=TIMEOUT
    )
    if "pass cards" in status.inner_text().lower():  # the partner won the auction
        for i in range(4):
            cards.nth(i).click()
            expect(table.locator(".pt-hand:visible .pt-selected")).to_have_count(i + 1, timeout=TIMEOUT)
        table.locator("button.pt-exchange:visible").first.click()
        expect(status).to_contain_text(re.compile("play a card", re.I), timeout=TIMEOUT)
    expect(table.locator(".pt-auto-continue")).to_be_visible(timeout=TIMEOUT)  # hidden until play
    message = table.locator(".pt-message-area").first
    faces = cards.evaluate_all(
        "bs => bs.map(b => [...b.classList].find(c => c.startsWith('pt-face-')))"
    )
    played = False
    for i, face in enumerate(faces):
        if face in faces[:i]:  # a second copy is refused in the same words
            continue
        before = message.inner_text()
        cards.nth(i).click()
        page.wait_for_function(
            "([el, b]) => el.innerText !== b", arg=[message.element_handle(), before]
        )
        if "You played" in message.inner_text():
            played = True
            break
        assert "You cannot play" in message.inner_text()
    assert played, "no card of the hand could be played"
    expect(table.locator(".pt-log").first).to_contain_text("You play", timeout=TIMEOUT)
    shot(page, "4-table")
    assert "Traceback (most recent call last)" not in page.content()
    page.close()


def test_progress_is_kept_in_the_browser_and_exported(browser: Browser, base_url: str) -> None:
    """An answer on a practice page is on "My progress" in a new page (a new kernel) and
    after a reload, and the download link holds it: the browser keeps the file."""
    context = browser.new_context(viewport={"width": 1100, "height": 1300})
    quiz = context.new_page()
    quiz.set_default_timeout(TIMEOUT)
    quiz.on("request", lambda r: REQUESTS.append(r.url))
    quiz.goto(urljoin(base_url, "voici/render/practice/01_meld_level1.html"), wait_until="commit")
    quiz.locator(".pt-quiz-text input").fill("12345")
    quiz.locator(".pt-quiz-submit").click()
    expect(quiz.locator(".pt-quiz-hint")).to_be_visible(timeout=TIMEOUT)  # a wrong first try
    quiz.locator(".pt-quiz-submit").click()  # the same answer again: now it is marked
    expect(quiz.locator(".pt-quiz-verdict")).to_be_visible(timeout=TIMEOUT)
    quiz.wait_for_timeout(1000)  # the page's drive writes the file back to the browser
    quiz.close()  # the tab (and its kernel) is gone; the progress file is not

    mine = context.new_page()
    mine.set_default_timeout(TIMEOUT)
    mine.on("request", lambda r: REQUESTS.append(r.url))
    for visit in ("first", "reloaded"):
        if visit == "first":
            mine.goto(urljoin(base_url, "voici/render/practice/00_my_progress.html"), wait_until="commit")
        else:
            mine.reload(wait_until="commit")
        link = mine.locator(".pt-progress-download")
        expect(link).to_contain_text("Download my answers (1)", timeout=TIMEOUT)
        data = link.get_attribute("href") or ""
        assert data.startswith("data:application/json;base64,")
        exported = json.loads(base64.b64decode(data.split(",", 1)[1]))
        assert [a["answer"] for a in exported["attempts"]] == ["12345"], visit
    shot(mine, "3-progress")
    context.close()


_SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def meld_answer(prompt: str) -> str:
    """The answer to a meld question shown on a page, from its words ("Spades are
    trump. Your hand: A♠ K♠ .... How much meld does it hold?")."""
    trump = re.search(r"(Spades|Hearts|Diamonds|Clubs) are trump", prompt)
    hand = prompt.split("Your hand:", 1)[1].split("How much", 1)[0]
    assert trump is not None, prompt
    codes = " ".join(r + _SUITS[s] for r, s in re.findall(r"(10|[AKQJ9])([♠♥♦♣])", hand))
    return str(explain_meld(codes, trump.group(1)[0]).total)


_BACK_A_DAY = """async () => {
  const open = (name) => new Promise((ok, no) => {
    const r = indexedDB.open(name); r.onsuccess = () => ok(r.result); r.onerror = no; });
  const done = (r) => new Promise((ok, no) => { r.onsuccess = () => ok(r.result); r.onerror = no; });
  for (const d of await indexedDB.databases()) {
    if (d.name !== 'Pinochle Tutor drive') continue;
    const db = await open(d.name);
    if (![...db.objectStoreNames].includes('files')) { db.close(); continue; }
    const key = 'my_pinochle_progress.json';
    const file = await done(db.transaction('files').objectStore('files').get(key));
    if (!file) { db.close(); continue; }
    const data = JSON.parse(atob(file.content));
    for (const a of data.attempts) {
      a.time = new Date(Date.parse(a.time) - 86400000 - 60000).toISOString().slice(0, 19) + 'Z';
    }
    file.content = btoa(JSON.stringify(data));
    await done(db.transaction('files', 'readwrite').objectStore('files').put(file, key));
    db.close();
    return data.attempts.length;
  }
  return 0;
}"""
"""Moves every answer the browser keeps a day (and a minute) into the past: the
course's clock runs in the page's kernel worker, which a test cannot move, so the
record is moved instead (the same day between them)."""


def test_a_lesson_is_mastered_and_a_miss_reviewed_in_the_browser(
    browser: Browser, base_url: str
) -> None:
    """The meld lesson's mastery set answered in the page (the first question missed,
    the other four right), its stars on the outline in a new page, and a day later
    (see :data:`_BACK_A_DAY`) the missed rule case due on the welcome page and asked
    on the Review page: all kept in the browser's own file."""
    context = browser.new_context(viewport={"width": 1100, "height": 1300})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.on("request", lambda r: REQUESTS.append(r.url))
    page.goto(urljoin(base_url, "voici/render/04_meld.html"), wait_until="commit")
    runner = page.locator(".pt-mastery-set")
    prompt = runner.locator(".pt-quiz-prompt")
    feedback = runner.locator(".pt-quiz-feedback")
    for n in range(1, 6):
        expect(prompt).to_contain_text(f"Question {n} of 5", timeout=TIMEOUT)
        right = meld_answer(prompt.inner_text())
        tries = [str(int(right) + 10), str(int(right) + 20)] if n == 1 else [right]
        for text in tries:
            runner.locator(".pt-quiz-text input").fill(text)
            runner.locator("button.pt-quiz-submit").click()
            if n == 1 and text == tries[0]:
                expect(feedback.locator(".pt-quiz-hint")).to_be_visible()
        expect(feedback).to_contain_text("the answer is" if n == 1 else "Right!")
        runner.locator("button.pt-quiz-next").click()
    expect(runner.locator(".pt-mastery-verdict")).to_contain_text("you have mastered")
    page.wait_for_timeout(1000)  # the page's drive writes the file back to the browser
    page.goto(urljoin(base_url, "voici/render/00_welcome.html"), wait_until="commit")
    meld = page.locator('.pt-course-outline li:has(a[href="04_meld.html"])')
    expect(meld).to_contain_text("Mastered: 4 of 5 right first time", timeout=TIMEOUT)
    expect(meld.locator(".pt-stars")).to_have_attribute("aria-label", "2 of 3 stars")
    expect(page.locator(".pt-review-due")).to_contain_text("No review is due today")
    shot(page, "5-outline-stars")
    assert page.evaluate(_BACK_A_DAY) == 5
    page.reload(wait_until="commit")
    expect(page.locator(".pt-review-due")).to_contain_text("due today", timeout=TIMEOUT)
    expect(page.locator(".pt-review-due")).not_to_contain_text("No review")
    page.goto(urljoin(base_url, "voici/render/practice/22_review.html"), wait_until="commit")
    review = page.locator(".pt-review-round")
    expect(review.locator(".pt-review-list")).to_contain_text("due for review today", timeout=TIMEOUT)
    expect(review.locator(".pt-quiz-prompt")).to_contain_text("Question 1 of")
    shot(page, "6-review")
    assert "Traceback (most recent call last)" not in page.content()
    context.close()


def test_the_course_app_starts_python_once(browser: Browser, base_url: str) -> None:
    """The index opens the course app; a learner goes from the outline to a lesson, to
    its practice page (an answer given there), to "My progress" and back, and each page
    is ready in the same browser page with the same Python: no page load, no new kernel
    worker. The progress is the browser's file, as on the pages of their own."""
    context = browser.new_context(viewport={"width": 1100, "height": 1300})
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.on("request", lambda r: REQUESTS.append(r.url))
    workers: list[str] = []
    page.on("worker", lambda w: workers.append(w.url))
    loads: list[str] = []
    page.on("load", lambda p: loads.append(p.url))
    shown = "([key]) => document.body.dataset.ptShown === key"
    app = page.locator(".pt-app-page")

    page.goto(base_url, wait_until="load")
    page.locator(".pt-static-lessons a").first.click()  # the welcome page, in the app
    page.wait_for_function(shown, arg=["00_welcome"])
    expect(page).to_have_title(re.compile("^Welcome"))
    page.evaluate("window.ptSamePage = true")  # gone if the browser loads a page again
    loads.clear()
    started = len(workers)
    assert started == 1, workers  # the kernel's worker: Python, started once

    app.locator(".pt-lesson-link", has_text="Meld").click()  # a link of the outline
    page.wait_for_function(shown, arg=["04_meld"])
    expect(app.locator(".pt-meld-counter").first).to_be_visible()
    assert page.url == urljoin(base_url, APP + "04_meld")
    expect(app).not_to_contain_text("Welcome to Pinochle Tutor")  # the page was replaced

    app.locator(".pt-nav-practice", has_text="level 1").click()  # the lesson's practice
    page.wait_for_function(shown, arg=["practice/01_meld_level1"])
    app.locator(".pt-quiz-text input").fill("12345")
    app.locator(".pt-quiz-submit").click()
    expect(app.locator(".pt-quiz-hint")).to_be_visible()  # a wrong first try
    app.locator(".pt-quiz-submit").click()
    expect(app.locator(".pt-quiz-verdict")).to_be_visible()

    app.locator(".pt-nav-outline").click()  # ../00_welcome.ipynb from practice/
    page.wait_for_function(shown, arg=["00_welcome"])
    page.evaluate("location.hash = 'practice/00_my_progress'")
    page.wait_for_function(shown, arg=["practice/00_my_progress"])
    expect(app.locator(".pt-progress-download")).to_contain_text("Download my answers (1)")
    page.go_back()  # the browser's Back: the page before, in the app
    page.wait_for_function(shown, arg=["00_welcome"])
    expect(app.locator(".pt-course-outline")).to_be_visible()

    page.evaluate("location.hash = 'no_such_page'")
    expect(page.locator(".pt-app-status")).to_contain_text('There is no page called "no_such_page"')
    shot(page, "7-app")
    assert page.evaluate("window.ptSamePage") is True
    assert loads == [] and len(workers) == started, (loads, workers)
    assert "Traceback (most recent call last)" not in page.content()
    context.close()


def test_the_site_asks_no_other_host() -> None:
    """Runs after the pages above: every request went to this machine (blob: and data:
    URLs are the page's own)."""
    assert REQUESTS, "no page was opened"
    outside = []
    for url in REQUESTS:
        inner = url.removeprefix("blob:")
        if inner.startswith("data:"):
            continue
        if urlsplit(inner).hostname != "127.0.0.1":
            outside.append(url)
    assert outside == []


def test_the_lock_names_only_vendored_files(site_folder: Path) -> None:
    """Pyodide fetches what its lock names: each file is in the site, with its sha256."""
    import hashlib

    folder = site_folder / "static" / "pyodide"
    lock = json.loads((folder / "pyodide-lock.json").read_text())
    assert {"pinochle-tutor", "ipywidgets", "anywidget", "micropip", "ipython"} <= set(lock["packages"])
    for name, pkg in lock["packages"].items():
        wheel = folder / pkg["file_name"]
        assert wheel.is_file(), name
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == pkg["sha256"], name
    config = json.loads((site_folder / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"].startswith("./static/pyodide/")
