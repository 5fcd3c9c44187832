"""Who is learning, in a real browser on the shared Voila site (Debian's Chromium
driven by Playwright): the site issues the browser a signed learner key on its first
page, the welcome page's learner card knows it, a name given once is known on the next page (a
new kernel, told by the cookie), answers on a practice page are filed under the
browser's key, and a classmate in another browser who types the same name keeps a
record of their own; the teacher's dashboard stays shut to a wrong secret and then
shows the two learners apart. Screenshots: test-artifacts/identity-*.png."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, expect

from pinochle_tutor.classroom.identity import signed_key
from pinochle_tutor.classroom.store import ProgressStore
from tests.browser_pages import needs_chromium
from tests.voila_site import REPO, SITE_SECRET, kernel_pids, voila_server

ARTIFACTS = REPO / "test-artifacts"
TIMEOUT = 90_000
WELCOME = "00_welcome.ipynb"
QUIZ = "practice/01_meld_level1.ipynb"
SECRET = "the teacher's own secret"

pytestmark = needs_chromium


def open_card(context: BrowserContext, site: str) -> Page:
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{site}/voila/render/{WELCOME}", wait_until="commit")
    page.locator(".pt-learner-card").wait_for(state="visible")
    return page


def give_name(page: Page, name: str) -> None:
    card = page.locator(".pt-learner-card")
    expect(card.locator(".pt-learner-status")).to_contain_text(
        "You have not given your name yet", timeout=TIMEOUT
    )
    card.locator(".pt-learner-name input").fill(name)
    card.locator("button.pt-learner-save").click()
    expect(card.locator(".pt-message-area")).to_contain_text(f"Thank you, {name}", timeout=TIMEOUT)


def key_of(context: BrowserContext) -> str:
    """The learner key the site issued this browser (its cookie holds it signed)."""
    (cookie,) = [c for c in context.cookies() if c["name"] == "pinochle_learner"]
    key = signed_key(cookie["value"], SITE_SECRET.encode())
    assert key is not None, f"the site signed the browser's key: {cookie['value']!r}"
    return key


def test_a_name_given_once_is_known_on_every_page_and_classmates_stay_apart(
    browser: Browser, tmp_path: Path
) -> None:
    db = tmp_path / "class.sqlite"
    ARTIFACTS.mkdir(exist_ok=True)
    with (
        voila_server(
            env={"PINOCHLE_TUTOR_PROGRESS": str(db), "PINOCHLE_TUTOR_TEACHER_SECRET": SECRET}
        ) as site,
        contextlib.ExitStack() as contexts,  # Ann's, her classmate's, the teacher's: closed at the end
    ):
        ann = contexts.enter_context(browser.new_context(viewport={"width": 1024, "height": 900}))
        page = open_card(ann, site)
        give_name(page, "Ann")
        page.locator(".pt-learner-card").screenshot(path=str(ARTIFACTS / "identity-named.png"))
        key = key_of(ann)
        assert ProgressStore(db).name_of(key) == "Ann"

        again = open_card(ann, site)  # a new page, a new kernel: the cookie tells it
        expect(again.locator(".pt-learner-status")).to_contain_text(
            "learning as Ann", timeout=TIMEOUT
        )
        expect(again.locator(".pt-learner-name")).to_be_hidden(timeout=TIMEOUT)

        quiz = ann.new_page()
        quiz.set_default_timeout(TIMEOUT)
        quiz.goto(f"{site}/voila/render/{QUIZ}", wait_until="commit")
        runner = quiz.locator(".pt-quiz-runner")
        runner.wait_for(state="visible")
        runner.locator(".pt-quiz-text input").fill("0")
        runner.locator("button.pt-quiz-submit").click()
        expect(runner.locator(".pt-quiz-feedback")).not_to_be_empty(timeout=TIMEOUT)
        if runner.locator(".pt-quiz-hint").count():  # a wrong first try: a hint, then once more
            runner.locator("button.pt-quiz-submit").click()
        expect(runner.locator(".pt-quiz-verdict")).to_be_visible(timeout=TIMEOUT)
        assert len(ProgressStore(db).attempts(key)) == 1
        assert ProgressStore(db).attempts("guest") == []

        classmate = contexts.enter_context(browser.new_context(viewport={"width": 1024, "height": 900}))
        other = open_card(classmate, site)
        give_name(other, "Ann")
        other_key = key_of(classmate)
        assert other_key != key
        store = ProgressStore(db)
        assert store.names() == {key: "Ann", other_key: "Ann"}
        assert store.attempts(other_key) == [] and len(store.attempts(key)) == 1

        # The teacher, in a browser context of their own, sees both Anns apart.
        teacher_context = browser.new_context(viewport={"width": 1280, "height": 1000})
        teacher = contexts.enter_context(teacher_context).new_page()
        teacher.set_default_timeout(TIMEOUT)
        teacher.goto(f"{site}/voila/render/teacher.ipynb", wait_until="commit")
        board = teacher.locator(".pt-dashboard")
        board.locator(".pt-dashboard-secret input").fill("a wrong guess")
        board.locator("button.pt-dashboard-open").click()
        expect(board.locator(".pt-message-area")).to_contain_text(
            "not the teacher's secret", timeout=TIMEOUT
        )
        assert board.locator(".pt-class-table").count() == 0
        board.locator(".pt-dashboard-secret input").fill(SECRET)
        board.locator("button.pt-dashboard-open").click()
        table = board.locator(".pt-class-table")
        expect(table).to_be_visible(timeout=TIMEOUT)
        assert table.locator("tbody tr").count() == 2
        expect(board.locator(".pt-dashboard-summary")).to_contain_text(
            "2 learner(s), 1 answer(s)", timeout=TIMEOUT
        )
        board.locator(".pt-class-table").scroll_into_view_if_needed()
        teacher.screenshot(path=str(ARTIFACTS / "identity-dashboard.png"), full_page=True)


def test_a_page_left_shuts_its_kernel_down(browser: Browser) -> None:
    """Voila's own shutdown request is refused (no _xsrf token, voila#1458); the
    learner card's front end asks again with one, so leaving a page frees its
    kernel at once instead of at the idle cull."""
    with voila_server() as site, browser.new_context() as context:
        page = context.new_page()
        page.set_default_timeout(TIMEOUT)
        for n in range(3):
            page.goto(f"{site}/voila/render/{WELCOME}", wait_until="commit")
            expect(page.locator(".pt-learner-status")).to_contain_text(
                "You have not given your name yet", timeout=TIMEOUT
            )
            assert len(kernel_pids(site.pid)) >= 1, n
        page.goto("about:blank")
        deadline = time.monotonic() + 30
        while kernel_pids(site.pid) and time.monotonic() < deadline:
            time.sleep(0.25)
        assert kernel_pids(site.pid) == [], "the kernels of the pages left are still running"
