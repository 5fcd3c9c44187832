"""A learner's page after one client's flood of made-up learner keys (issue 34).

Starts the site with ``voila.json`` as committed (its limits: 30 guest kernels, 60 in
all, 4 pages built at once, 30 pages a minute per learner and 150 for all guests),
then:

1. a learner opens the welcome page with a key the site signed (as their browser
   holds it after their first page) and waits for every widget's state;
2. one client sends ``--requests`` page requests (100), ``--at-once`` at a time, each
   with a fresh made-up learner key, from the same address, following the site's
   redirects and keeping no cookies (every one is then a guest's page request);
3. the learner opens the practice quiz page: the seconds from the request until every
   widget's state has arrived (page ready) are printed, with the kernels the site runs
   after the flood and after the learner's page.

``--during`` has the learner open the quiz while the flood is still under way
(immediately after the flood's first wave is sent), instead of after it.

    .venv/bin/python benchmarks/bench_flood.py [--requests 100] [--at-once 10] [--during]

Measured (2 cores shared with other work, 2026-12-03, one run each): the learner's
first page ready in 1.3 to 1.6 s (1 kernel); the flood of 100 took 35 to 40 s, 50 pages
served to guests and 50 refused (429, the guests' page rate and builds); after it the
site ran 31 kernels (30 guests' + the learner's), and the learner's quiz page was ready
in 1.45 s (32 kernels). With ``--during``, the quiz page was ready in 3.9 s while the
flood went on (11 kernels then, 32 at the end). Before keys were signed the same flood
took a site from 33 to 61 kernels and the learner's page got "The class site is full".
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from tornado.httpclient import AsyncHTTPClient, HTTPRequest

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from pinochle_tutor.classroom.identity import new_key  # noqa: E402
from tests.voila_site import Channel, kernel_pids, signed_cookie, voila_server  # noqa: E402

WELCOME = "00_welcome.ipynb"
QUIZ = "practice/01_meld_level1.ipynb"


async def flood(base: str, requests: int, at_once: int, codes: Counter[int]) -> None:
    """``requests`` page requests with fresh made-up keys, ``at_once`` at a time."""

    async def one() -> None:
        reply = await AsyncHTTPClient().fetch(
            HTTPRequest(f"{base}/voila/render/{WELCOME}", request_timeout=300,
                        headers={"Cookie": f"pinochle_learner={new_key()}"}),
            raise_error=False,
        )  # fmt: skip
        codes[reply.code] += 1

    for _ in range(requests // at_once):
        await asyncio.gather(*(one() for _ in range(at_once)))


async def learner_page(base: str, page: str, key: str) -> float:
    """Seconds until a learner's page is ready (every widget's state received)."""
    asked = time.perf_counter()
    channel = await Channel.open(base, page, 120, key=key, reload=True)
    took = time.perf_counter() - asked
    assert channel.models("pt-quiz-runner") or page != QUIZ, "the quiz page has its quiz"
    channel.ws.close()
    return took


async def scenario(base: str, pid: int, requests: int, at_once: int, during: bool) -> None:
    key = signed_cookie(new_key())
    first = await learner_page(base, WELCOME, key)
    print(f"learner's first page ready in {first:.2f} s; kernels {len(kernel_pids(pid))}")
    codes: Counter[int] = Counter()
    started = time.perf_counter()
    if during:
        task = asyncio.create_task(flood(base, requests, at_once, codes))
        await asyncio.sleep(0.5)
        ready = await learner_page(base, QUIZ, key)
        print(f"learner's quiz page ready in {ready:.2f} s, during the flood; kernels {len(kernel_pids(pid))}")
        await task
        print(f"flood of {requests} took {time.perf_counter() - started:.1f} s; answers {dict(codes)}; "
              f"kernels {len(kernel_pids(pid))}")  # fmt: skip
        return
    await flood(base, requests, at_once, codes)
    print(f"flood of {requests} took {time.perf_counter() - started:.1f} s; answers {dict(codes)}; "
          f"kernels {len(kernel_pids(pid))}")  # fmt: skip
    ready = await learner_page(base, QUIZ, key)
    print(f"learner's quiz page ready in {ready:.2f} s after the flood; kernels {len(kernel_pids(pid))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=100, help="the flood's page requests (100)")
    parser.add_argument("--at-once", type=int, default=10, help="of them at a time (10)")
    parser.add_argument("--during", action="store_true", help="the learner's page during the flood")
    args = parser.parse_args()
    db = Path(tempfile.mkdtemp(prefix="pinochle-flood-")) / "class.sqlite"
    with voila_server(env={"PINOCHLE_TUTOR_PROGRESS": str(db)}) as base:
        asyncio.run(scenario(base, base.pid, args.requests, args.at_once, args.during))


if __name__ == "__main__":
    main()
