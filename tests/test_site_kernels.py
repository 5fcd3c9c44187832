"""One learner cannot exhaust the site: the classroom kernel manager (voila.json)
keeps a few kernels per learner, refuses pages with a clear message when the site
is full, culls kernels idle with their page open, and the websocket refuses huge
messages. Protocol clients against a real Voila server (small limits given on the
command line, so the test takes seconds)."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import re
import socket
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Awaitable, Mapping
from pathlib import Path

from tornado.httpclient import HTTPRequest
from tornado.websocket import WebSocketClientConnection, WebSocketClosedError, websocket_connect

from pinochle_site.niceness import autogroup_niceness
from pinochle_site.pages import FULL_MESSAGE
from tests.voila_site import REPO, kernel_pids, rss_mb, signed_cookie, voila_server

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
        req.add_header("Cookie", f"pinochle_learner={signed_cookie(key(learner))}")
    try:
        with urllib.request.urlopen(req, timeout=120) as r:
            return r.status, r.read().decode("utf-8")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace")


def connect(base: str, kid: str, learner: str | None) -> Awaitable[WebSocketClientConnection]:
    """Open the websocket of kernel ``kid`` as the page of ``learner`` (``None``: a guest)
    does: with the learner's cookie."""
    headers = {"Cookie": f"pinochle_learner={signed_cookie(key(learner))}"} if learner else {}
    return websocket_connect(
        HTTPRequest(f"{base.replace('http', 'ws')}/api/kernels/{kid}/channels", headers=headers)
    )


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
            ws = await connect(site, kid, "a")
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
            ws = await connect(site, kid, "a")
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
    course page closes them, so 30 labels of 3 MB (under the site's 4 MiB message limit) do not stay in its
    memory: 90 MB kept, against the few MB a kernel's allocator may hold back after
    freeing them (20 labels of 1 MB left too little room above that noise)."""

    with voila_server() as site:
        kid = kernel_id(open_page(site, "a")[1])
        (pid,) = kernel_pids(site.pid)

        async def create() -> int:
            ws = await connect(site, kid, "a")
            state = {"_model_module": "@jupyter-widgets/controls", "_model_module_version": "2.0.0",
                     "_model_name": "LabelModel", "_view_module": "@jupyter-widgets/controls",
                     "_view_module_version": "2.0.0", "_view_name": "LabelView", "value": "x" * 3_000_000}  # fmt: skip
            ids = []
            for n in range(30):
                comm_id = f"client-made-{n}"
                ids.append(comm_id)
                content = {"comm_id": comm_id, "target_name": "jupyter.widget", "data": {"state": state}}
                await ws.write_message(
                    _request("comm_open", n, content=content, metadata={"version": "2.1.0"})
                )
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
        assert asyncio.run(create()) == 30, "every widget the client made is closed"
        assert rss_mb(pid) - before < 40, "the kernel did not keep the 90 MB of labels"


def test_two_kernels_answering_in_turn_and_at_once_lose_nothing(tmp_path: Path) -> None:
    """Two practice pages of one learner (two real kernels, one database): answers
    given in turn (A, B, A, B), then at the same moment, are all kept."""
    from pinochle_tutor.classroom.store import ProgressStore
    from tests.voila_site import Channel

    db = tmp_path / "class.sqlite"
    learner = "t" * 22

    async def answer(page: Channel, text: str) -> None:
        await page.answer_quiz(text, 60)
        await page.next_question(60)

    async def scenario() -> None:
        a = await Channel.open(site, "practice/01_meld_level1.ipynb", 120, key=signed_cookie(learner))
        b = await Channel.open(site, "practice/01_meld_level1.ipynb", 120, key=signed_cookie(learner))
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
    extra = [
        "--ClassroomKernelManager.max_starts_per_minute=3",
        "--ClassroomIdentityProvider.refusal_delay=1.5",
    ]
    with voila_server(extra=extra) as site:
        for _ in range(3):
            assert open_page(site, "a")[0] == 200
        start = time.monotonic()
        status, page = open_page(site, "a")
        waited = time.monotonic() - start
        assert status == 429 and "wait a minute" in page and "Traceback" not in page
        assert waited >= 1.5, "a refusal is not served as fast as a client can ask"
        log = (REPO / "test-artifacts" / f"voila-{site.rsplit(':', 1)[1]}.log").read_text()
        assert "Refusing a page before rendering it" in log, "refused before Voila builds the page"
        assert open_page(site, "b")[0] == 200, "another learner is not held up"


def _request(
    msg_type: str,
    n: int,
    content: Mapping[str, object] | None = None,
    metadata: Mapping[str, object] | None = None,
) -> str:
    """A shell message as a page sends it, with a fresh id (the kernel refuses a
    replayed signature)."""
    header = {"msg_id": f"m{n}-{uuid.uuid4().hex}", "msg_type": msg_type, "username": "x", "session": "s",
              "date": "", "version": "5.3"}  # fmt: skip
    return json.dumps({"header": header, "parent_header": {}, "channel": "shell",
                       "metadata": dict(metadata or {}), "content": dict(content or {})})  # fmt: skip


def test_a_page_that_floods_its_kernel_is_slowed_then_closed() -> None:
    """Messages over the rate are dropped (the kernel answers only the allowance),
    and a page that keeps on is closed; another page of the site is unharmed."""
    limits = [
        "--ClassroomWebsocketConnection.messages_per_second=1",
        "--ClassroomWebsocketConnection.message_burst=30",
        "--ClassroomWebsocketConnection.max_dropped=200",
    ]
    with voila_server(extra=limits) as site:
        flooded = kernel_id(open_page(site, "a")[1])
        calm = kernel_id(open_page(site, "b")[1])

        async def flood() -> tuple[int, int | None]:
            ws = await connect(site, flooded, "a")
            with contextlib.suppress(WebSocketClosedError):
                for n in range(100):
                    await ws.write_message(_request("kernel_info_request", n))
            replies = 0
            deadline = time.monotonic() + 20
            while time.monotonic() < deadline:
                try:
                    raw = await asyncio.wait_for(ws.read_message(), timeout=3)
                except asyncio.TimeoutError:
                    break
                if raw is None:
                    break
                if isinstance(raw, str) and json.loads(raw).get("msg_type") == "kernel_info_reply":
                    replies += 1
            ws.close()
            return replies, None

        async def keep_flooding() -> int | None:
            ws = await connect(site, flooded, "a")
            with contextlib.suppress(WebSocketClosedError):
                for n in range(400):
                    await ws.write_message(_request("kernel_info_request", n))
            while True:  # replies, then the server's close
                raw = await asyncio.wait_for(ws.read_message(), timeout=20)
                if raw is None:
                    return ws.close_code

        async def answer(kid: str, learner: str) -> bool:
            ws = await connect(site, kid, learner)
            await ws.write_message(_request("kernel_info_request", 0))
            while True:
                raw = await asyncio.wait_for(ws.read_message(), timeout=20)
                if isinstance(raw, str) and json.loads(raw).get("msg_type") == "kernel_info_reply":
                    ws.close()
                    return True

        replies, _ = asyncio.run(flood())
        assert 25 <= replies <= 45, f"the burst and the rate pass, the rest is dropped: {replies}"
        assert asyncio.run(keep_flooding()) in (1008, None), "a page that keeps flooding is closed"
        assert asyncio.run(answer(calm, "b")), "the other page's kernel still answers"
        assert asyncio.run(answer(flooded, "a")), "the flooding page may reload and carry on"


def _raw_websocket(base: str, path: str, learner: str) -> socket.socket:
    """A websocket opened by hand with a tiny receive buffer, set before connecting:
    a client that does not read then stops the server's writes after a few KB, where
    loopback would otherwise take tens of MB before the server notices."""
    host, port = base.rsplit("/", 1)[1].split(":")
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((host, int(port)))
    nonce = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {nonce}\r\nSec-WebSocket-Version: 13\r\n"
        f"Cookie: pinochle_learner={signed_cookie(key(learner))}\r\n\r\n".encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert head.startswith(b"HTTP/1.1 101"), head
    return sock


def _send_text(sock: socket.socket, text: str) -> None:
    """One masked text frame (clients must mask)."""
    data = text.encode()
    mask = os.urandom(4)
    n = len(data)
    size = bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + n.to_bytes(2, "big")
    sock.sendall(b"\x81" + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))


def test_a_page_that_never_reads_is_closed_before_the_server_fills_up() -> None:
    """A client that asks and never reads: what waits for it is bounded, and it is
    closed (the server writes to it no more)."""
    limits = [
        "--ClassroomWebsocketConnection.messages_per_second=0",
        "--ClassroomWebsocketConnection.max_unread_bytes=200000",
    ]
    with voila_server(extra=limits) as site:
        kid = kernel_id(open_page(site, "a")[1])
        server_before = rss_mb(site.pid)
        sock = _raw_websocket(site, f"/api/kernels/{kid}/channels", "a")
        log_file = REPO / "test-artifacts" / f"voila-{site.rsplit(':', 1)[1]}.log"
        deadline = time.monotonic() + 120
        n = 0
        # In batches the kernel keeps up with (its socket holds about 1,000 waiting
        # requests and drops the rest), until the server says it closed the page.
        while "bytes unread" not in log_file.read_text() and time.monotonic() < deadline:
            for _ in range(300):
                n += 1
                with contextlib.suppress(OSError):
                    _send_text(sock, _request("kernel_info_request", n))
            time.sleep(0.5)
        assert "bytes unread" in log_file.read_text(), "the server closed the page for not reading"
        assert rss_mb(site.pid) - server_before < 100, "the server did not keep the replies"
        sock.settimeout(30)
        with contextlib.suppress(ConnectionError):
            while sock.recv(65536):  # what got through, then the end
                pass
        sock.close()


def test_a_learner_opening_many_pages_gets_kernels_of_lower_priority() -> None:
    """Past the calm rate, a learner's pages still open, but their kernels yield the
    CPU to the rest of the class; another learner's kernel keeps its priority."""
    calm = [
        "--ClassroomKernelManager.calm_starts_per_minute=2",
        "--ClassroomKernelManager.busy_niceness=7",
    ]
    with voila_server(extra=calm) as site:
        for _ in range(3):
            assert open_page(site, "a")[0] == 200
        assert open_page(site, "b")[0] == 200
        assert open_page(site, "c")[0] == 200
        pids = kernel_pids(site.pid)
        nice = sorted(os.getpriority(os.PRIO_PROCESS, pid) for pid in pids)
        # a: two at 0 and one at 7; b and c: 0 each
        assert nice == [0, 0, 0, 0, 7], nice
        # Each kernel has a session of its own: where Linux shares the CPU by session
        # (autogroups), the session's niceness is what counts, and it is lowered too.
        groups = [autogroup_niceness(pid) for pid in pids]
        if None not in groups:
            assert sorted(groups) == [0, 0, 0, 0, 7], groups  # type: ignore[type-var]
