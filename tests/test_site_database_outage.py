"""On the site, through Voila: the school's PostgreSQL stopped while a learner answers
(issue 44, 6). The page said the class database was busy, and nothing told the learner
that the answers it kept were saved afterwards. Here a real kernel answers through the
kernel protocol (:class:`tests.voila_site.Channel`) with the server stopped: the page
names a database that cannot be reached; once the server is back, the kernel's retry
writes the answer (once), and the page says so with no further answer."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

from pinochle_tutor.classroom.store import ProgressStore
from tests.postgres_server import drop_database, needs_postgres, new_database
from tests.test_progress_outage import StoppableServer, server  # noqa: F401  (the fixture)
from tests.voila_site import Channel, signed_cookie, voila_server

PAGE = "practice/07_score_level1.ipynb"
ANN = "o" * 22


async def said_later(page: Channel, words: str, seconds: float) -> bool:
    """Read what the kernel sends the page, with no request of the page's own, until a
    widget's value holds ``words`` (or ``seconds`` pass)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            raw = await asyncio.wait_for(page.ws.read_message(), max(0.1, deadline - time.monotonic()))
        except asyncio.TimeoutError:
            return False
        if raw is None:
            return False
        if isinstance(raw, str) and words in raw:
            message = json.loads(raw)
            if message.get("msg_type") == "comm_msg":
                return True
    return False


@needs_postgres
def test_a_stopped_school_database_is_named_and_the_kept_answer_is_said_saved(
    server: StoppableServer,  # noqa: F811
    tmp_path: Path,
) -> None:
    url = new_database(server.url, "site_outage")
    ProgressStore(url)  # the schema is there before the class arrives

    async def scenario() -> tuple[str, bool]:
        page = await Channel.open(site, PAGE, 120, key=signed_cookie(ANN))
        server.stop()
        try:
            _took, feedback = await page.answer_quiz("40", 120)
        finally:
            server.start()
        saved = await said_later(page, "now saved in the class database", 60)
        page.ws.close()
        return feedback, saved

    try:
        with voila_server(env={"PINOCHLE_TUTOR_DATABASE_URL": url, "HOME": str(tmp_path)}) as site:
            feedback, saved = asyncio.run(scenario())
            assert "cannot be reached just now" in feedback and "busy" not in feedback
            assert url.split("@")[-1] not in feedback  # no address of the server on a page
            assert saved, "the page never said the kept answer was saved"
            answers = ProgressStore(url).attempts(ANN)
            assert len(answers) == 1 and answers[0].answer == "40"
    finally:
        drop_database(url)
