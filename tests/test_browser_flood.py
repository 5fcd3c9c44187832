"""One client cannot lock a learner out: a learner's Chromium (Playwright) opens a page
and gets the site's signed learner key; one client then sends 100 page requests from
the same address, each with a fresh made-up learner key (following the site's
redirects, keeping no cookies: the most such a client can get); the learner's browser
then opens another page and sees its widgets, and the site's kernels stay within the
guests' share plus the learner's pages. Counts, never times. One Voila server."""

from __future__ import annotations

import asyncio
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from playwright.sync_api import Browser, expect
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.simple_httpclient import HTTPTimeoutError

from pinochle_tutor.classroom.identity import new_key, signed_key
from tests.browser_pages import needs_chromium
from tests.voila_site import REPO, SITE_SECRET, kernel_pids, voila_server

TIMEOUT = 120_000
WELCOME = "00_welcome.ipynb"
QUIZ = "practice/01_meld_level1.ipynb"
GUEST_CAP = 3
LIMITS = [
    f"--ClassroomKernelManager.max_guest_kernels={GUEST_CAP}",
    # guests share five times as many pages a minute (20): the flood costs the test little
    "--ClassroomKernelManager.max_starts_per_minute=4",
    "--ClassroomIdentityProvider.refusal_delay=0.2",
]

pytestmark = needs_chromium


async def flood(site: str, requests: int = 100, at_once: int = 10) -> list[int]:
    """``requests`` page requests, each with a fresh made-up learner key: the codes."""
    codes: list[int] = []

    async def one() -> None:
        try:
            reply = await AsyncHTTPClient().fetch(
                HTTPRequest(
                    f"{site}/voila/render/{WELCOME}", headers={"Cookie": f"pinochle_learner={new_key()}"},
                    request_timeout=180,
                ),
                raise_error=False,
            )  # fmt: skip
        except HTTPTimeoutError:  # the flooder gave up waiting (a loaded test machine)
            codes.append(599)
        else:
            codes.append(reply.code)

    for _ in range(requests // at_once):
        await asyncio.gather(*(one() for _ in range(at_once)))
    return codes


def test_a_flood_of_made_up_keys_leaves_a_learner_their_pages(
    browser: Browser, tmp_path: Path
) -> None:
    db = str(tmp_path / "class.sqlite")
    with voila_server(extra=LIMITS, env={"PINOCHLE_TUTOR_PROGRESS": db}) as site:
        context = browser.new_context(viewport={"width": 1024, "height": 900})
        page = context.new_page()
        page.set_default_timeout(TIMEOUT)
        page.goto(f"{site}/voila/render/{WELCOME}", wait_until="commit")
        expect(page.locator(".pt-learner-status")).to_contain_text(
            "You have not given your name yet", timeout=TIMEOUT
        )
        (cookie,) = [c for c in context.cookies() if c["name"] == "pinochle_learner"]
        key = signed_key(cookie["value"], SITE_SECRET.encode())
        assert key is not None, "the browser holds a key the site signed"
        assert "pinochle_key" not in page.url, "the first page's address is the page's own"
        before = len(kernel_pids(site.pid))

        with ThreadPoolExecutor(1) as pool:  # Playwright's own loop runs in this thread
            codes = pool.submit(asyncio.run, flood(site)).result()
        assert len(codes) == 100 and 503 not in codes, sorted(set(codes))
        assert codes.count(200) > GUEST_CAP, "the flood was served guest pages"
        after_flood = len(kernel_pids(site.pid))
        assert after_flood <= before + GUEST_CAP, (before, after_flood)

        quiz = context.new_page()
        quiz.set_default_timeout(TIMEOUT)
        quiz.goto(f"{site}/voila/render/{QUIZ}", wait_until="commit")
        runner = quiz.locator(".pt-quiz-runner")
        expect(runner).to_be_visible(timeout=TIMEOUT)
        expect(runner.locator("button.pt-quiz-submit")).to_be_visible(timeout=TIMEOUT)
        expect(quiz.locator(".pt-learner-status")).to_contain_text("this browser", timeout=TIMEOUT)
        assert quiz.locator(".voila-error").count() == 0
        assert len(kernel_pids(site.pid)) <= before + GUEST_CAP + 1
        # The learner's first page still has its kernel: the flood did not take it.
        first_kernel = page.evaluate(
            "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
        )
        ask = urllib.request.Request(
            f"{site}/api/kernels/{first_kernel}",
            headers={"Cookie": f"pinochle_learner={cookie['value']}"},
        )
        with urllib.request.urlopen(ask, timeout=60) as reply:
            assert reply.status == 200
        quiz.screenshot(path=str(REPO / "test-artifacts" / "flood-learner-page.png"))
        context.close()
