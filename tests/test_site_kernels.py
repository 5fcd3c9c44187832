"""One learner cannot exhaust the site: the classroom kernel manager (voila.json)
keeps a few kernels per learner, refuses pages with a clear message when the site
is full, culls kernels idle with their page open, and the websocket refuses huge
messages. Protocol clients against a real Voila server (small limits given on the
command line, so the test takes seconds)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
import urllib.error
import urllib.request
from pathlib import Path

from tornado.websocket import WebSocketClosedError, websocket_connect

from pinochle_widgets.site import FULL_MESSAGE
from tests.voila_site import kernel_pids, voila_server

LESSON = "06_scoring.ipynb"
SMALL = [
    "--ClassroomKernelManager.max_kernels=4",
    "--ClassroomKernelManager.max_kernels_per_learner=2",
    "--ClassroomKernelManager.max_guest_kernels=3",
]


def key(letter: str) -> str:
    return letter * 22


def open_page(base: str, learner: str | None) -> tuple[int, str]:
    req = urllib.request.Request(f"{base}/voila/render/{LESSON}")
    if learner is not None:
        req.add_header("Cookie", f"pinochle_learner={key(learner)}")
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            return r.status, r.read().decode("utf-8")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace")


def kernel_id(page: str) -> str:
    found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page)
    assert found, page[:300]
    return found.group(1)


def test_each_learner_keeps_a_few_kernels_and_a_full_site_says_so() -> None:
    with voila_server(extra=SMALL) as site:
        for _ in range(4):  # one learner opens page after page
            status, _page = open_page(site, "a")
            assert status == 200
        assert len(kernel_pids(site.pid)) == 2, "the learner's oldest pages are shut down"
        assert open_page(site, "b")[0] == 200 and open_page(site, "c")[0] == 200
        status, page = open_page(site, "d")  # the site holds 4 kernels: full
        assert status == 503 and "The class site is full right now" in page
        assert "Traceback" not in page and ".venv" not in page
        assert len(kernel_pids(site.pid)) == 4
        assert FULL_MESSAGE.split(":")[0] in page


def test_guests_share_a_bigger_allowance() -> None:
    with voila_server(extra=SMALL) as site:
        for _ in range(5):
            assert open_page(site, None)[0] == 200
        assert len(kernel_pids(site.pid)) == 3


def test_a_kernel_idle_with_its_page_open_is_culled() -> None:
    cull = [
        "--ClassroomKernelManager.cull_connected_timeout=3",
        "--MappingKernelManager.cull_interval=1",
        "--MappingKernelManager.cull_idle_timeout=600",
    ]
    with voila_server(extra=cull) as site:
        kid = kernel_id(open_page(site, "a")[1])

        async def stay_connected() -> int:
            ws = await websocket_connect(f"{site.replace('http', 'ws')}/api/kernels/{kid}/channels")
            deadline = time.monotonic() + 30
            while kernel_pids(site.pid) and time.monotonic() < deadline:
                await asyncio.sleep(0.5)
            left = len(kernel_pids(site.pid))
            ws.close()
            return left

        assert asyncio.run(stay_connected()) == 0


def test_a_huge_websocket_message_is_refused() -> None:
    with voila_server() as site:
        kid = kernel_id(open_page(site, "a")[1])

        async def flood() -> tuple[object, int | None]:
            ws = await websocket_connect(f"{site.replace('http', 'ws')}/api/kernels/{kid}/channels")
            message = {"header": {"msg_type": "comm_msg"}, "content": {"data": "x" * 5_000_000},
                       "channel": "shell", "metadata": {}, "parent_header": {}}  # fmt: skip
            with contextlib.suppress(WebSocketClosedError):  # closed while we were still sending
                await ws.write_message(json.dumps(message))
            reply: object = ""
            deadline = time.monotonic() + 20
            while reply is not None and time.monotonic() < deadline:  # kernel chatter, then the close
                reply = await asyncio.wait_for(ws.read_message(), timeout=20)
            code: int | None = ws.close_code
            ws.close()
            return reply, code

        reply, code = asyncio.run(flood())
        # Closed by the server (tornado drops the stream, so the client may see no code);
        # without the limit (tornado's default is 10 MiB) the socket would stay open.
        assert reply is None and code in (1009, None), ("the server closes a socket that sends too much", code)
        assert len(kernel_pids(site.pid)) == 1, "the kernel itself is unharmed"


def test_widgets_a_page_tries_to_create_are_refused() -> None:
    """A client may open ``jupyter.widget`` comms with any state; the kernel of a
    course page closes them, so 20 labels of 1 MB do not stay in its memory."""
    from tests.voila_site import rss_mb

    with voila_server() as site:
        kid = kernel_id(open_page(site, "a")[1])
        (pid,) = kernel_pids(site.pid)

        async def create() -> int:
            ws = await websocket_connect(f"{site.replace('http', 'ws')}/api/kernels/{kid}/channels")
            state = {"_model_module": "@jupyter-widgets/controls", "_model_module_version": "2.0.0",
                     "_model_name": "LabelModel", "_view_module": "@jupyter-widgets/controls",
                     "_view_module_version": "2.0.0", "_view_name": "LabelView", "value": "x" * 1_000_000}  # fmt: skip
            ids = []
            for n in range(20):
                comm_id = f"client-made-{n}"
                ids.append(comm_id)
                header = {"msg_id": comm_id, "msg_type": "comm_open", "username": "x", "session": "s",
                          "date": "", "version": "5.3"}  # fmt: skip
                content = {"comm_id": comm_id, "target_name": "jupyter.widget", "data": {"state": state}}
                await ws.write_message(json.dumps({"header": header, "parent_header": {}, "channel": "shell",
                                                   "metadata": {"version": "2.1.0"}, "content": content}))  # fmt: skip
            closed: set[str] = set()
            deadline = time.monotonic() + 30
            while len(closed) < len(ids) and time.monotonic() < deadline:
                raw = await asyncio.wait_for(ws.read_message(), timeout=30)
                if isinstance(raw, str):
                    m = json.loads(raw)
                    if m.get("msg_type") == "comm_close":
                        closed.add(m["content"]["comm_id"])
            ws.close()
            return len(closed)

        before = rss_mb(pid)
        assert asyncio.run(create()) == 20, "every widget the client made is closed"
        assert rss_mb(pid) - before < 15, "the kernel did not keep the 20 MB of labels"


def test_two_kernels_answering_in_turn_and_at_once_lose_nothing(tmp_path: Path) -> None:
    """Two practice pages of one learner (two real kernels, one database): answers
    given in turn (A, B, A, B), then at the same moment, are all kept."""
    from pinochle_tutor.course.store import ProgressStore
    from tests.voila_site import Channel

    db = tmp_path / "class.sqlite"
    learner = "t" * 22

    async def answer(page: Channel, text: str) -> None:
        await page.answer_quiz(text, 60)
        await page.next_question(60)

    async def scenario() -> None:
        a = await Channel.open(site, "practice/01_meld_level1.ipynb", 120, key=learner)
        b = await Channel.open(site, "practice/01_meld_level1.ipynb", 120, key=learner)
        for n, page in enumerate((a, b, a, b)):
            await answer(page, str(10 * (n + 1)))
        await asyncio.gather(answer(a, "50"), answer(b, "60"))
        a.ws.close()
        b.ws.close()

    with voila_server(env={"PINOCHLE_TUTOR_PROGRESS": str(db)}) as site:
        asyncio.run(scenario())
    kept = sorted(int(x.answer) for x in ProgressStore(db).attempts(learner))
    assert kept == [10, 20, 30, 40, 50, 60]


def test_a_learner_opening_pages_too_fast_is_asked_to_wait() -> None:
    with voila_server(extra=["--ClassroomKernelManager.max_starts_per_minute=3"]) as site:
        for _ in range(3):
            assert open_page(site, "a")[0] == 200
        status, page = open_page(site, "a")
        assert status == 429 and "wait a minute" in page and "Traceback" not in page
        assert open_page(site, "b")[0] == 200, "another learner is not held up"
