"""One learner's pages are built one at a time: a page request of a learner whose page
is still being built is refused at once, before Voila does any work for it, with a
page that reloads itself; other learners are served. The whole site builds at most
``max_builds`` pages at once: the others wait their turn, or are answered with a page
that says the site is busy and reloads itself. Real Voila server, real HTTP
requests (loopback only)."""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from dataclasses import dataclass
from pathlib import Path

from tornado.httpclient import AsyncHTTPClient, HTTPClientError

from pinochle_site.pages import BUILDING_MESSAGE, BUSY_MESSAGE
from tests.voila_site import (
    REPO,
    Channel,
    Site,
    cpu_seconds,
    kernel_pids,
    signed_cookie,
    voila_server,
)

LESSON = "06_scoring.ipynb"
QUICK = ["--ClassroomIdentityProvider.busy_refusal_delay=0.1"]


@dataclass
class Answer:
    code: int
    body: str
    retry_after: str | None
    at: float
    """When the whole answer had arrived (monotonic seconds)."""


async def get(base: str, learner: str | None, timeout: float = 120) -> Answer:
    headers = {"Cookie": f"pinochle_learner={signed_cookie(learner * 22)}"} if learner else {}
    reply = await AsyncHTTPClient().fetch(
        f"{base}/voila/render/{LESSON}", headers=headers, request_timeout=timeout,
        raise_error=False,
    )  # fmt: skip
    return Answer(
        reply.code, reply.body.decode("utf-8", "replace"), reply.headers.get("Retry-After"),
        time.monotonic(),
    )  # fmt: skip


def log_of(site: str) -> str:
    return (REPO / "test-artifacts" / f"voila-{site.rsplit(':', 1)[1]}.log").read_text()


def assert_no_server_details(page: str) -> None:
    # The repository path with its separator ("/p" alone is in every "</p>").
    for leak in ("Traceback", ".venv", f"{REPO}/", "site-packages", "Error", "kernelId"):
        assert leak not in page, leak


def test_a_second_page_while_the_first_is_built_is_refused_at_once() -> None:
    with voila_server(extra=QUICK) as site:

        async def scenario() -> tuple[Answer, Answer, Answer, float]:
            first = asyncio.create_task(get(site, "a"))
            await asyncio.sleep(0.3)  # the first request is being built
            asked = time.monotonic()
            second, other = await asyncio.gather(get(site, "a"), get(site, "b"))
            return await first, second, other, asked

        first, second, other, asked = asyncio.run(scenario())
        assert first.code == 200 and "kernelId" in first.body
        assert second.code == 429, second.body[:300]
        assert second.at < first.at, "the refusal came while the first page was still built"
        assert second.at - asked < 1.5, "refused at once, not after building"
        assert BUILDING_MESSAGE in second.body and 'role="alert"' in second.body
        assert 'http-equiv="refresh"' in second.body, "the refusal page reloads itself"
        assert second.retry_after is not None and int(second.retry_after) > 0
        assert_no_server_details(second.body)
        assert other.code == 200 and "kernelId" in other.body, "another learner is served"
        assert "has a page being built" in log_of(site), "refused before Voila builds the page"
        assert len(kernel_pids(site.pid)) == 2, "no kernel was started for the refused request"
        again = asyncio.run(get(site, "a"))
        assert again.code == 200, "once the page is built, the learner opens pages again"


def test_a_client_that_leaves_while_its_page_is_built_frees_its_turn() -> None:
    """Voila goes on building a page whose client has gone: the learner's turn is
    theirs again once that build is over (not held for ever)."""
    with voila_server(extra=QUICK) as site:

        async def scenario() -> tuple[Answer, Answer]:
            with contextlib.suppress(HTTPClientError):  # gives up while the page is built
                await get(site, "c", timeout=0.5)
            meanwhile = await get(site, "c")
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                answer = await get(site, "c")
                if answer.code == 200:
                    break
                await asyncio.sleep(0.5)
            return meanwhile, answer

        meanwhile, answer = asyncio.run(scenario())
        assert meanwhile.code == 429, "the page left behind is still being built"
        assert answer.code == 200 and "kernelId" in answer.body


def test_guests_share_a_bigger_allowance_of_builds() -> None:
    """Browsers without a learner key yet (a class arriving at once) cannot be told
    apart: they share five builds at once, not one."""
    with voila_server(extra=QUICK) as site:

        async def scenario() -> list[Answer]:
            return list(await asyncio.gather(*(get(site, None) for _ in range(3))))

        answers = asyncio.run(scenario())
        assert [a.code for a in answers] == [200, 200, 200]


def _normalised(page: str) -> str:
    """A built page without what differs from one build to the next (ids)."""
    page = re.sub(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "ID", page)
    return re.sub(r"[0-9a-f]{32}", "ID", page)


def test_pages_built_with_the_shared_compiled_templates_are_the_same() -> None:
    """voila.json shares the compiled page templates between page builds
    (``ShareCompiledTemplates``): the pages are the same as Voila's own, built
    again and again, and the server's CPU per page is lower."""

    async def pages(site: Site) -> tuple[list[str], float]:
        first = (await get(site, "p")).body  # the templates are compiled (or not) here
        before = cpu_seconds([site.pid])
        more = [(await get(site, letter)).body for letter in "qrs"]
        return [first, *more], cpu_seconds([site.pid]) - before

    with voila_server() as site:
        shared, shared_cpu = asyncio.run(pages(site))
    with voila_server(extra=["--VoilaExporter.preprocessors=[]"]) as site:
        own, own_cpu = asyncio.run(pages(site))
    assert "kernelId" in shared[1] and "Scoring" in shared[1]
    assert _normalised(shared[0]) == _normalised(shared[1]) == _normalised(own[1])
    assert shared_cpu < own_cpu, (shared_cpu, own_cpu)


ONE_AT_A_TIME = [*QUICK, "--ClassroomIdentityProvider.max_builds=1"]


def test_past_the_site_wide_cap_a_page_is_told_the_site_is_busy_and_retries() -> None:
    """Cap 1, no waiting: two learners ask at once; one page is built, the other
    learner gets the busy page (429, Retry-After, reloads itself, says in plain words
    that it continues by itself) with no kernel started for it; asked again once the
    first page is built, it is served."""
    extra = [*ONE_AT_A_TIME, "--ClassroomIdentityProvider.build_queue_seconds=0"]
    with voila_server(extra=extra) as site:

        async def scenario() -> tuple[Answer, Answer, int]:
            first = asyncio.create_task(get(site, "x"))
            await asyncio.sleep(0.3)  # the first request is being built
            second = await get(site, "y")
            kernels_meanwhile = len(kernel_pids(site.pid))
            return await first, second, kernels_meanwhile

        first, second, kernels_meanwhile = asyncio.run(scenario())
        assert first.code == 200 and "kernelId" in first.body
        assert second.code == 429, second.body[:300]
        assert second.at < first.at, "refused while the first page was still built"
        assert BUSY_MESSAGE in second.body and 'role="alert"' in second.body
        assert "busy" in second.body and "by itself" in second.body
        assert 'http-equiv="refresh"' in second.body, "the busy page reloads itself"
        assert second.retry_after is not None and int(second.retry_after) > 0
        assert_no_server_details(second.body)
        assert kernels_meanwhile <= 1, "no kernel was started for the refused request"
        assert "the site builds 1 pages" in log_of(site), "refused before Voila builds the page"
        again = asyncio.run(get(site, "y"))
        assert again.code == 200 and "kernelId" in again.body, "served once it is its turn"
        assert len(kernel_pids(site.pid)) == 2


def test_past_the_site_wide_cap_a_page_waits_its_turn() -> None:
    """Cap 1, with waiting: three learners ask at once; every page is served, one
    after the other (two of them waited their turn), and no one is refused."""
    with voila_server(extra=ONE_AT_A_TIME) as site:

        async def scenario() -> list[Answer]:
            return list(await asyncio.gather(*(get(site, who) for who in "uvw")))

        answers = asyncio.run(scenario())
        assert [a.code for a in answers] == [200, 200, 200]
        assert all("kernelId" in a.body for a in answers)
        log = log_of(site)
        assert "Refusing a page" not in log
        assert log.count("for its turn to be built") == 2, "two of them waited their turn"
        assert len(kernel_pids(site.pid)) == 3


def test_a_busy_site_loses_no_answer_and_keeps_open_pages_working(tmp_path: Path) -> None:
    """A learner with a practice page open answers; while the site builds as many
    pages as it may, their reload is answered with the busy page, and their open page
    still takes answers; once it is their turn the page opens again. Every answer
    is in the database."""
    from pinochle_tutor.classroom.store import ProgressStore

    db = tmp_path / "class.sqlite"
    learner = "k" * 22
    quiz = "practice/01_meld_level1.ipynb"
    extra = [*ONE_AT_A_TIME, "--ClassroomIdentityProvider.build_queue_seconds=0"]

    async def scenario() -> tuple[int, str]:
        page = await Channel.open(site, quiz, 120, key=signed_cookie(learner))
        await page.answer_quiz("20", 60)
        await page.next_question(60)
        other = asyncio.create_task(get(site, "m"))  # another learner's page is built
        await asyncio.sleep(0.3)
        reply = await AsyncHTTPClient().fetch(
            f"{site}/voila/render/{quiz}", headers={"Cookie": f"pinochle_learner={signed_cookie(learner)}"},
            request_timeout=120, raise_error=False,
        )  # fmt: skip
        await page.answer_quiz("40", 60)  # the open page works while the site is busy
        assert (await other).code == 200
        page.ws.close()
        again = await Channel.open(site, quiz, 120, key=signed_cookie(learner))
        again.ws.close()
        return reply.code, reply.body.decode("utf-8", "replace")

    with voila_server(extra=extra, env={"PINOCHLE_TUTOR_PROGRESS": str(db)}) as site:
        code, body = asyncio.run(scenario())
    assert code == 429 and BUSY_MESSAGE in body
    assert sorted(int(x.answer) for x in ProgressStore(db).attempts(learner)) == [20, 40]


def test_a_learner_told_the_site_is_busy_keeps_their_place_when_the_page_reloads() -> None:
    """The site's queue of page builds, first come first served across reloads: a
    learner who waited and was shown the busy page goes ahead of a learner who
    first asked after them, when the busy page reloads itself."""
    from pinochle_site.identity import ClassroomIdentityProvider

    provider = ClassroomIdentityProvider(max_builds=1, build_queue_seconds=0.3)

    async def scenario() -> list[str]:
        served: list[str] = []
        building = object()
        assert await provider._take_turn(building, "a" * 22) == 0.0  # a's page is built
        assert await provider._take_turn(object(), "b" * 22) is None  # b waited: busy page

        async def ask(key: str) -> None:
            if await provider._take_turn(object(), key) is not None:
                served.append(key[0])

        late = asyncio.create_task(ask("c" * 22))  # c first asks now
        await asyncio.sleep(0.05)
        reload = asyncio.create_task(ask("b" * 22))  # b's busy page reloads itself
        await asyncio.sleep(0.05)
        provider._turns.pop(building)  # a's page is built: the next turn is given
        provider._give_turns()
        await asyncio.gather(late, reload)
        return served

    assert asyncio.run(scenario()) == ["b"]


def test_a_page_whose_client_left_while_it_waited_is_not_built() -> None:
    """Cap 1: a learner gives up while their page waits its turn (closes the tab);
    when the turn comes, no kernel is started for nobody."""
    # The site renders progressively (voila.json): a page's build is then only its
    # kernel's start, sometimes too short for the second client to give up *while* it
    # waits (a full run once built it). Built whole, the first page takes its cells'
    # time, and the wait is certain; the build queue is the same in both modes.
    extra = [*ONE_AT_A_TIME, "--ClassroomIdentityProvider.build_queue_seconds=60",
             "--VoilaConfiguration.progressive_rendering=False"]  # fmt: skip
    with voila_server(extra=extra) as site:

        async def scenario() -> Answer:
            first = asyncio.create_task(get(site, "g"))
            await asyncio.sleep(0.3)  # the first page is being built
            with contextlib.suppress(HTTPClientError):  # gives up while waiting
                await get(site, "h", timeout=0.5)
            return await first

        first = asyncio.run(scenario())
        assert first.code == 200
        deadline = time.monotonic() + 30
        while "its client left while it waited" not in log_of(site):
            assert time.monotonic() < deadline, "the page left behind was built"
            time.sleep(0.2)
        assert len(kernel_pids(site.pid)) == 1
