"""Warm kernels (ClassroomKernelManager.warm_kernels, 2 in voila.json): kernels started
with the course's modules imported before any page asks, each handed to the next page
as if it had been started for it (its learner's request, its page, its folder), with a
new one started in its place. The browser tests run the site with them on; these tests
check the hand-over itself, on the kernel manager in this process."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from tornado import web

from pinochle_site.kernels import PRELOAD, ClassroomKernelManager
from tests.voila_site import SITE_SECRET, signed_cookie

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the site runs on Linux")

PROBE = (
    f"import json, os, sys\nPRELOAD = {list(PRELOAD)!r}\n"
    "from pinochle_tutor.classroom.identity import learner_from_environment, page_from_environment\n"
    "print(json.dumps({'learner': learner_from_environment().key, 'page': page_from_environment(),\n"
    "  'folder': os.getcwd(), 'gone': os.environ.get('ONLY_AT_START'),\n"
    "  'preloaded': all(m in sys.modules for m in PRELOAD)}))"
)


def manager(root: Path, **settings: Any) -> ClassroomKernelManager:
    os.environ["PINOCHLE_TUTOR_SITE_SECRET"] = SITE_SECRET
    return ClassroomKernelManager(root_dir=str(root), **settings)


async def until(test: Any, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "not within the time"
        await asyncio.sleep(0.1)


ANN, BOB = "a" * 22, "b" * 22
"""Two learners' keys."""


def page_env(learner: str, page: str) -> dict[str, str]:
    """The environment Voila gives a page's kernel: the server's, the learner's cookie
    and the page's address."""
    env = {k: v for k, v in os.environ.items() if k != "ONLY_AT_START"}
    env["HTTP_COOKIE"] = f"pinochle_learner={signed_cookie(learner)}"
    env["SCRIPT_NAME"] = f"/voila/render/{page}"
    return env


async def probe(km: ClassroomKernelManager, kernel_id: str) -> dict[str, Any]:
    client: Any = km.get_kernel(kernel_id).client()
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=60)
        out: dict[str, Any] = {}

        def output(msg: dict) -> None:
            if msg["msg_type"] == "stream":
                out.update(json.loads(msg["content"]["text"]))

        await client.execute_interactive(PROBE, timeout=60, output_hook=output)
        return out
    finally:
        client.stop_channels()


def test_a_page_takes_a_warm_kernel_as_its_own_and_another_warms_in_its_place(
    tmp_path: Path,
) -> None:
    (tmp_path / "practice").mkdir()

    async def run() -> tuple[dict[str, Any], dict[str, Any], bool, bool]:
        os.environ["ONLY_AT_START"] = "1"  # in the warm kernel's start, not in the page's
        try:
            km = manager(tmp_path, warm_kernels=1)
            km._fill_warm()
            await until(lambda: len(km._warm) == 1)
        finally:
            del os.environ["ONLY_AT_START"]
        try:
            warm = next(iter(km._warm))
            ann = await km.start_kernel(
                kernel_name="python3", path="practice", env=page_env(ANN, "practice/p.ipynb")
            )
            took_warm = ann == warm and km.owner(ann) == ANN and not km.is_warm(ann)
            await until(lambda: len(km._warm) == 1)  # a new one, for the next page
            fresh = next(iter(km._warm)) != ann
            bob = await km.start_kernel(kernel_name="python3", path="", env=page_env(BOB, "q.ipynb"))
            return await probe(km, ann), await probe(km, bob), took_warm, fresh
        finally:
            await km.shutdown_all(now=True)

    ann, bob, took_warm, fresh = asyncio.run(run())
    assert took_warm and fresh
    assert ann == {"learner": ANN, "page": "practice/p.ipynb", "gone": None,
                   "folder": str(tmp_path / "practice"), "preloaded": True}  # fmt: skip
    assert bob["learner"] == BOB and bob["page"] == "q.ipynb"
    assert bob["folder"] == str(tmp_path) and bob["preloaded"]


def test_a_warm_kernel_is_never_culled_and_never_fills_the_site(tmp_path: Path) -> None:
    """No page has connected to a warm kernel, yet the cull of unconnected pages leaves
    it; a full site still refuses the next page, and the warm kernel stays for later."""

    async def run() -> tuple[list[str], bool, int, bool]:
        km = manager(tmp_path, warm_kernels=1, max_kernels=1, cull_unconnected_timeout=1)
        try:
            km._fill_warm()
            await until(lambda: len(km._warm) == 1)
            await asyncio.sleep(2.5)
            culled = await km.cull_unconnected()
            await km.cull_kernel_if_idle(next(iter(km._warm)))
            stayed = len(km._warm) == 1
            await km.start_kernel(kernel_name="python3", env=page_env(ANN, "p.ipynb"))
            await until(lambda: len(km._warm) == 1)
            try:
                await km.start_kernel(kernel_name="python3", env=page_env(BOB, "p.ipynb"))
                status = 200
            except web.HTTPError as e:
                status = e.status_code
            return culled, stayed, status, len(km._warm) == 1
        finally:
            await km.shutdown_all(now=True)

    culled, stayed, status, still_warm = asyncio.run(run())
    assert culled == [] and stayed
    assert status == 503 and still_warm


def test_a_warm_kernel_that_died_is_passed_over_and_the_page_starts_its_own(
    tmp_path: Path,
) -> None:
    async def run() -> tuple[bool, dict[str, Any]]:
        km = manager(tmp_path, warm_kernels=1)
        try:
            km._fill_warm()
            await until(lambda: len(km._warm) == 1)
            dead = next(iter(km._warm))
            pid = km.kernel_pid(dead)
            assert pid is not None
            os.kill(pid, signal.SIGKILL)
            await until(lambda: not Path(f"/proc/{pid}").exists() or "Z" in _state(pid), 30)
            kid = await km.start_kernel(kernel_name="python3", env=page_env(ANN, "p.ipynb"))
            return kid != dead, await probe(km, kid)
        finally:
            await km.shutdown_all(now=True)

    other, seen = asyncio.run(run())
    assert other and seen["learner"] == ANN and seen["page"] == "p.ipynb"


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"
