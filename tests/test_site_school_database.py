"""A school's servers share one database (issue 31): two Voila servers (two processes,
two homes, as two learners' servers on a Hub) write to one real PostgreSQL server named
by ``PINOCHLE_TUTOR_DATABASE_URL``. Learners answer on both at once; a third process
reads the class as the teacher's dashboard does and sees every answer, none lost and
none twice; a server killed with SIGKILL in the middle of a class loses nothing it had
already told a learner was kept, and no page shows the database's URL."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from pinochle_tutor.classroom.store import ProgressStore
from tests.voila_site import REPO, Channel, signed_cookie, voila_server

PAGE = "practice/01_meld_level1.ipynb"
ANN, BOB, CY = "a" * 22, "b" * 22, "c" * 22

DASHBOARD = textwrap.dedent(
    """
    import json, sys
    from pinochle_tutor.classroom.dashboard import class_data
    data = class_data(sys.argv[1])
    print(json.dumps({who: [a.answer for a in kept] for who, kept in data.attempts.items()}))
    """
)


def dashboard_sees(url: str) -> dict[str, list[str]]:
    """The class as the teacher's dashboard reads it, in a process of its own."""
    out = subprocess.run(
        [sys.executable, "-c", DASHBOARD, url], cwd=REPO, capture_output=True, text=True, timeout=120,
        env={k: v for k, v in os.environ.items() if k != "PINOCHLE_TUTOR_DATABASE_URL"},
    )  # fmt: skip
    assert out.returncode == 0, out.stderr[-2000:]
    return dict(json.loads(out.stdout))


async def answer(page: Channel, text: str) -> str:
    """Answer the page's question and go on; the feedback the learner saw."""
    _, feedback = await page.answer_quiz(text, 120)
    await page.next_question(120)
    return feedback


def test_two_servers_write_to_one_database_and_the_dashboard_sees_every_answer(
    postgres_url: str, tmp_path: Path
) -> None:
    homes = [tmp_path / "home1", tmp_path / "home2"]
    for home in homes:
        home.mkdir()
    env = [{"PINOCHLE_TUTOR_DATABASE_URL": postgres_url, "HOME": str(h)} for h in homes]

    async def class_at_work(one: str, two: str) -> list[str]:
        ann1 = await Channel.open(one, PAGE, 120, key=signed_cookie(ANN))
        bob2 = await Channel.open(two, PAGE, 120, key=signed_cookie(BOB))
        ann2 = await Channel.open(two, PAGE, 120, key=signed_cookie(ANN))  # Ann on both
        pages = (ann1, bob2, ann2)
        seen: list[str] = []
        for n in range(3):  # all three at the same moment, three times
            seen += await asyncio.gather(*(answer(p, str(10 * n + i)) for i, p in enumerate(pages)))
        for p in pages:
            assert p.errors == []
            p.ws.close()
        return seen

    with voila_server(env=env[0]) as one, voila_server(env=env[1]) as two:
        feedback = asyncio.run(class_at_work(one, two))
    assert all("pt-quiz-feedback" not in f for f in feedback)
    assert not any(postgres_url.split("@")[-1] in f for f in feedback)  # no URL on a page
    seen = dashboard_sees(postgres_url)
    assert sorted(seen) == [ANN, BOB]
    assert sorted(seen[ANN]) == sorted(["0", "2", "10", "12", "20", "22"])
    assert sorted(seen[BOB]) == ["1", "11", "21"]
    assert ProgressStore(postgres_url).learners() == [ANN, BOB]
    for home in homes:  # nothing went to a learner's home
        assert not (home / ".pinochle_tutor").exists() or not any((home / ".pinochle_tutor").iterdir())


@pytest.mark.parametrize("engine", ["postgresql", "sqlite"])
def test_a_server_killed_mid_class_loses_no_answer_it_had_kept(
    engine: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """SIGKILL to one server (and its kernels) while its learner answers: every answer
    the page had said was kept is in the database once; the other server goes on. On
    PostgreSQL (the URL) and on one SQLite file both servers share."""
    if engine == "postgresql":
        location = str(request.getfixturevalue("postgres_url"))
        env = {"PINOCHLE_TUTOR_DATABASE_URL": location, "HOME": str(tmp_path)}
    else:
        location = str(tmp_path / "class.sqlite")
        env = {"PINOCHLE_TUTOR_PROGRESS": location, "HOME": str(tmp_path)}
    acknowledged: list[str] = []

    async def until_killed(doomed: str, pid: int, other: str) -> None:
        cy = await Channel.open(doomed, PAGE, 120, key=signed_cookie(CY))
        bob = await Channel.open(other, PAGE, 120, key=signed_cookie(BOB))
        for n in range(3):
            await answer(cy, str(100 + n))
            acknowledged.append(str(100 + n))
        answering = asyncio.ensure_future(answer(cy, "199"))
        await asyncio.sleep(0.05)
        os.killpg(pid, signal.SIGKILL)  # the server and its kernels, mid-answer
        with contextlib.suppress(Exception):  # the page lost its server: not acknowledged
            await asyncio.wait_for(answering, 30)
        await answer(bob, "7")
        bob.ws.close()

    with voila_server(env=env) as doomed, voila_server(env=env) as other:
        asyncio.run(until_killed(doomed, doomed.pid, other))
    seen = dashboard_sees(location)
    cy = seen.get(CY, [])
    assert sorted(set(cy)) == sorted(cy)  # nothing twice
    assert set(acknowledged) <= set(cy) <= {*acknowledged, "199"}
    assert seen[BOB] == ["7"]
