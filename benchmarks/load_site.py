"""Load test: N concurrent learners against one Voila server, printed (never asserted).

    python benchmarks/load_site.py [--learners 30] [--ramp 0.2] [--timeout 300] [--pool 30]

Starts the site (as scripts/serve.sh does, voila.json applying) on a loopback
port, then opens N learner sessions at once in Debian's Chromium (one browser
context each, so each learner gets their own kernels). Each learner does real
work: opens the trick-rules lesson and clicks cards in the trick checker
(including Next), then opens the meld lesson and checks a meld answer. Bounded
in count and time; loopback only; stops the server itself.

Prints page-ready times (navigation -> first widget visible; p50 / p95), errors,
and memory: the Voila server, all its kernels, and per learner. The browser
runs on the same machine and competes for the same two cores, so these times
are pessimistic for a class whose learners bring their own computers.
Target (issue 8): 30 learners, 0 errors, p95 page ready within 5 s.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from playwright.async_api import Browser, async_playwright

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.voila_site import CHROMIUM, CHROMIUM_ARGS, kernel_pids, rss_mb, voila_server  # noqa: E402

READY = ".pt-widget"
LESSONS = ("05_trick_rules.ipynb", "04_meld.ipynb")


@dataclass
class Learner:
    ready: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    done: bool = False
    step: str = "start"


async def visit(browser: Browser, base: str, learner: Learner, timeout_ms: int) -> None:
    context = await browser.new_context(viewport={"width": 1100, "height": 1200})
    page = await context.new_page()
    page.set_default_timeout(timeout_ms)
    try:
        start = time.perf_counter()
        await page.goto(f"{base}/voila/render/05_trick_rules.ipynb", wait_until="commit")
        await page.locator(READY).first.wait_for(state="visible")
        learner.ready.append(time.perf_counter() - start)
        learner.step = "trick checker"
        checker = page.locator(".pt-trick-checker").first
        message = checker.locator(".pt-message-area")
        for _ in range(2):
            buttons = checker.locator(".pt-card-button")
            for k in range(min(3, await buttons.count())):
                card = (await buttons.nth(k).inner_text()).strip(" ✓✗★")
                await buttons.nth(k).click()
                await message.filter(has_text=card).wait_for()
            await checker.locator(".pt-next").click()
            await message.filter(has_text="Click the card").wait_for()  # the new position is drawn
        learner.step = "open the meld lesson"
        # Next lesson in a fresh page (leaving a Voila page asks "leave this page?").
        await page.close()
        page = await context.new_page()
        page.set_default_timeout(timeout_ms)
        start = time.perf_counter()
        await page.goto(f"{base}/voila/render/04_meld.ipynb", wait_until="commit")
        await page.locator(READY).first.wait_for(state="visible")
        learner.ready.append(time.perf_counter() - start)
        learner.step = "check a meld answer"
        counter = page.locator(".pt-meld-counter").nth(1)
        await counter.locator(".pt-total input").fill("190")
        await counter.locator(".pt-check").click()
        await counter.locator(".pt-message.pt-ok").wait_for()
        if await page.locator(".voila-error").count():
            learner.errors.append("a .voila-error element on the page")
        learner.done = True
    except Exception as exc:  # a failed learner is counted, never fatal to the run
        learner.errors.append(
            f"{learner.step}: {type(exc).__name__}: {str(exc).splitlines()[0][:100]}"
        )
    finally:
        await context.close()


async def run(n: int, ramp: float, timeout: float, pool: int, fill_delay: float) -> None:
    extra: list[str] = []
    if pool:
        pools = {"default": {"pool_size": 0}, **{f: {"pool_size": pool} for f in LESSONS}}
        extra = [
            "--preheat_kernel=True",
            f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}",
        ]
    with voila_server(extra=extra) as base:
        learners = [Learner() for _ in range(n)]
        warmup = 0.0
        if pool:  # let the pools fill (each kernel runs its lesson) before the class arrives
            began = time.perf_counter()
            while (
                len(kernel_pids(base.pid)) < pool * len(LESSONS)
                and time.perf_counter() - began < timeout
            ):
                await asyncio.sleep(1)
            await asyncio.sleep(5)
            warmup = time.perf_counter() - began
        peak = {"server": 0.0, "kernels": 0.0, "count": 0}

        async def sample() -> None:
            while True:
                pids = kernel_pids(base.pid)
                k = sum(rss_mb(p) for p in pids)
                if k > peak["kernels"]:
                    peak.update(server=rss_mb(base.pid), kernels=k, count=len(pids))
                await asyncio.sleep(0.5)

        async with async_playwright() as pw:
            browser = await pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            sampler = asyncio.create_task(sample())
            began = time.perf_counter()

            async def one(i: int, learner: Learner) -> None:
                await asyncio.sleep(i * ramp)
                await visit(browser, base, learner, int(min(60.0, timeout) * 1000))

            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(
                    asyncio.gather(*(one(i, x) for i, x in enumerate(learners))), timeout
                )
            wall = time.perf_counter() - began
            sampler.cancel()
            await browser.close()
    ready = sorted(t for x in learners for t in x.ready)
    errors = [e for x in learners for e in x.errors] + ["did not finish"] * sum(
        1 for x in learners if not x.done and not x.errors
    )
    kind = (
        f"pre-started kernels (pool of {pool} per lesson, filled in {warmup:.0f} s)"
        if pool
        else "on-demand kernels"
    )
    print(f"{n} concurrent learners, {kind}, {wall:.0f} s in all")
    print(f"finished: {sum(x.done for x in learners)}/{n}; errors: {len(errors)}")
    for e in sorted(set(errors))[:5]:
        print(f"  {errors.count(e)} x {e}")
    if ready:
        p95 = ready[max(0, round(0.95 * len(ready)) - 1)]
        print(f"page ready over {len(ready)} page loads: p50 {statistics.median(ready):.2f} s, p95 {p95:.2f} s, "
              f"max {ready[-1]:.2f} s (target p95 <= 5 s)")  # fmt: skip
    total = peak["server"] + peak["kernels"]
    print(f"memory at peak: server {peak['server']:.0f} MB, {peak['count']} kernels {peak['kernels']:.0f} MB, "
          f"{total / n:.0f} MB per learner")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--learners", type=int, default=30, help="concurrent learners (default 30)")
    parser.add_argument(
        "--ramp", type=float, default=0.2, help="seconds between learners' arrivals"
    )
    parser.add_argument(
        "--timeout", type=float, default=300.0, help="bound on the whole run, seconds"
    )
    parser.add_argument(
        "--fill-delay",
        type=float,
        default=1.0,
        help="seconds before a used pool kernel is replaced (Voila's fill_delay)",
    )
    parser.add_argument(
        "--pool",
        type=int,
        default=0,
        help="pre-start this many kernels per lesson used (0: on demand)",
    )
    args = parser.parse_args()
    if not 1 <= args.learners <= 100:
        parser.error("--learners must be between 1 and 100")
    if not 0 <= args.pool <= 100:
        parser.error("--pool must be between 0 and 100")
    asyncio.run(run(args.learners, args.ramp, min(args.timeout, 900.0), args.pool, args.fill_delay))


if __name__ == "__main__":
    main()
