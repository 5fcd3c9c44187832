"""Kernels of learners who left are culled; a learner who stays keeps working.

Voila does not shut a kernel down when its page closes. The site's voila.json
sets idle culling; here the timeout is shortened so the test takes seconds.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import urllib.request
import uuid
from typing import Any

from tornado.websocket import WebSocketClientConnection, websocket_connect

from tests.voila_site import REPO, kernel_pids, voila_server

LESSON = "06_scoring.ipynb"
FAST_CULL = [
    # Long enough that the first of four pages is not culled while the fourth is still
    # being built (about 1 to 4 s a page: 4 s failed on a busy machine), short enough
    # for a test.
    "--MappingKernelManager.cull_idle_timeout=15",
    "--MappingKernelManager.cull_interval=1",
]


def open_page(base: str) -> str:
    with urllib.request.urlopen(f"{base}/voila/render/{LESSON}", timeout=120) as r:
        page = r.read().decode("utf-8")
    match = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page)
    assert match
    return match.group(1)


async def kernel_info(ws: WebSocketClientConnection) -> bool:
    msg_id = uuid.uuid4().hex
    header = {"msg_id": msg_id, "msg_type": "kernel_info_request", "username": "learner",
              "session": uuid.uuid4().hex, "date": "", "version": "5.3"}  # fmt: skip
    await ws.write_message(json.dumps({"header": header, "parent_header": {}, "metadata": {},
                                       "content": {}, "channel": "shell", "buffers": []}))  # fmt: skip
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        raw = await asyncio.wait_for(ws.read_message(), timeout=10)
        if isinstance(raw, str):
            msg: dict[str, Any] = json.loads(raw)
            if (
                msg.get("parent_header", {}).get("msg_id") == msg_id
                and msg.get("msg_type") == "kernel_info_reply"
            ):
                return True
    return False


def test_abandoned_kernels_are_culled_and_a_staying_learner_keeps_working() -> None:
    with voila_server(extra=FAST_CULL) as site:
        for _ in range(3):
            open_page(site)  # three learners open the page and leave
        stay = open_page(site)
        assert len(kernel_pids(site.pid)) == 4

        async def stay_and_wait() -> tuple[bool, int, bool]:
            ws = await websocket_connect(
                f"{site.replace('http', 'ws')}/api/kernels/{stay}/channels"
            )
            before = await kernel_info(ws)
            remaining = 4
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                await asyncio.sleep(1)
                await kernel_info(ws)  # the learner keeps clicking
                remaining = len(kernel_pids(site.pid))
                if remaining == 1:
                    break
            after = await kernel_info(ws)
            ws.close()
            return before, remaining, after

        before, remaining, after = asyncio.run(stay_and_wait())
        assert before and after, "the staying learner's kernel must keep answering"
        assert remaining == 1, (
            f"{remaining} kernels left; the three abandoned ones should be culled"
        )


def test_a_kernel_whose_page_never_connects_is_culled_soon() -> None:
    """A client that asks for pages and never opens them (no websocket) held a kernel
    each until the idle cull (600 s on the site); now one whose page never connected
    is shut down after ``cull_unconnected_timeout`` idle seconds (45 on the site, 3
    here), while a page that did connect keeps its kernel."""
    quick = [
        "--ClassroomKernelManager.cull_unconnected_timeout=3",
        "--MappingKernelManager.cull_idle_timeout=600",
    ]
    with voila_server(extra=quick) as site:
        never = open_page(site)
        opened = open_page(site)
        assert len(kernel_pids(site.pid)) == 2

        async def stay_connected() -> tuple[int, bool]:
            ws = await websocket_connect(f"{site.replace('http', 'ws')}/api/kernels/{opened}/channels")
            deadline = time.monotonic() + 45
            while len(kernel_pids(site.pid)) > 1 and time.monotonic() < deadline:
                await asyncio.sleep(0.5)
            await asyncio.sleep(2)  # a few more checks: the connected page's kernel stays
            left = len(kernel_pids(site.pid))
            answers = await kernel_info(ws)
            ws.close()
            return left, answers

        left, answers = asyncio.run(stay_connected())
        assert left == 1, f"{left} kernels: the never-connected page's kernel should be culled"
        assert answers, "the connected page's kernel keeps answering"
        log = (REPO / "test-artifacts" / f"voila-{site.rsplit(':', 1)[1]}.log").read_text()
        assert f"Culling kernel {never}: its page never connected" in log
