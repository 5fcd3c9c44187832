"""Start the lessons site with Voila on a free loopback port, as scripts/serve.sh does
(from the repository root, so ``voila.json`` applies), and stop it afterwards.

Used by the browser tests and by ``benchmarks/bench_pages.py``; loopback only.
:class:`Channel` speaks to a page's kernel as the browser does (the Jupyter and
ipywidgets protocols), for protocol-level tests and ``benchmarks/load_site.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


SITE_SECRET = "the test site's secret, not a real one"
"""The site's secret of every server :func:`voila_server` starts (``$PINOCHLE_TUTOR_SITE_SECRET``),
so a test can sign learner keys as the site does (:func:`signed_cookie`)."""


def signed_cookie(key: str) -> str:
    """The ``pinochle_learner`` cookie value the test site issues for the learner key ``key``."""
    from pinochle_tutor.classroom.identity import sign_key

    return sign_key(key, SITE_SECRET.encode())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def kernel_pids(server_pid: int) -> list[int]:
    """Process ids of the kernels a server started (its ``ipykernel`` descendants)."""
    children: dict[int, list[int]] = {}
    cmdlines: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdlines[int(entry.name)] = (
                (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            )
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [server_pid]
    while todo:
        for child in children.get(todo.pop(), []):
            todo.append(child)
            if "ipykernel" in cmdlines.get(child, ""):
                found.append(child)
    return found


def rss_mb(pid: int) -> float:
    """Resident memory of one process in MB (0 if it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def cpu_seconds(pids: list[int]) -> float:
    """CPU time used so far by these processes (user + system), in seconds."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime in clock ticks
    return total / os.sysconf("SC_CLK_TCK")


class Site(str):
    """The base URL of a running site, with the server's process id."""

    pid: int


WALKER: tuple[str, ...] = (
    "--ClassroomKernelManager.max_starts_per_minute=0",
    "--ClassroomKernelManager.calm_starts_per_minute=0",
)
"""Server options for a test that walks every page of the site in one browser, a page
every second or two: faster than the per-learner page limit allows (30 a minute, a
learner's reading pace being far slower), so the limit is lifted for it; and every
page's kernel at the usual CPU priority (past the calm rate, a guest's tenth page a
minute, each kernel would start niced, and wait behind the other test worker). The
limits themselves are tested in tests/test_browser_flood.py and
tests/test_site_kernels.py."""


UNDER_PYTEST = ("PYTEST_CURRENT_TEST",)
"""Variables a test's Voila server does not inherit: set, they make its kernels behave
unlike a real site's (ipykernel does not watch descriptor 2 under pytest)."""


def server_environment(env: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of a test's Voila server: this process's, the site's secret and
    ``env``, without :data:`UNDER_PYTEST` (even when ``env`` names one), so its kernels
    show a page what a real site's show."""
    full = {**os.environ, "PINOCHLE_TUTOR_SITE_SECRET": SITE_SECRET, **(env or {})}
    return {k: v for k, v in full.items() if k not in UNDER_PYTEST}


@contextmanager
def voila_server(
    root: str | os.PathLike[str] = "lessons",
    extra: Sequence[str] = (),
    env: dict[str, str] | None = None,
    timeout: float = 90.0,
    cwd: str | os.PathLike[str] = REPO,
    voila: str | os.PathLike[str] | None = None,
) -> Iterator[Site]:
    """Yield the base URL (a :class:`Site`, with ``.pid``) of a running Voila server on
    ``root``; always stop it. It starts in ``cwd`` (whose ``voila.json`` applies), with
    the ``voila`` command given (default: this environment's; another venv's for a test
    of an install).

    The server, and so every kernel it starts, runs without ``PYTEST_CURRENT_TEST``
    (:func:`server_environment`): ipykernel leaves file descriptor 2 alone when it is
    set, so under pytest whatever a kernel wrote there (a log line, a traceback) never
    reached the page, as it does on a real site, and no test could see such a leak."""
    port = free_port()
    voila = voila or Path(sys.executable).with_name("voila")
    # Kernels talk over Unix sockets, not TCP ports: with several servers and test
    # workers starting kernels at once, a TCP port picked free could be taken before the
    # kernel bound it ("Address already in use"), and the page never showed a widget.
    cmd = [str(voila), str(root), "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}",
           "--KernelManager.transport=ipc", *extra]  # fmt: skip
    artifacts = REPO / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    log = (artifacts / f"voila-{port}.log").open("w")
    proc = subprocess.Popen(
        cmd, cwd=cwd, stdout=log, stderr=subprocess.STDOUT,
        env=server_environment(env),
        start_new_session=True,
    )  # fmt: skip
    base = Site(f"http://127.0.0.1:{port}")
    base.pid = proc.pid
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"voila exited with {proc.returncode}: {' '.join(cmd)}")
            try:
                with urllib.request.urlopen(base + "/", timeout=2) as r:
                    if r.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"voila did not answer on {base} within {timeout:.0f} s")
            time.sleep(0.25)
        yield base
    finally:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=15)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            with contextlib.suppress(ProcessLookupError):  # a test may have killed it already
                os.killpg(proc.pid, signal.SIGKILL)
        log.close()


# Page ready = the rendered page fetched and every widget's state received.
class Channel:
    """One page's kernel websocket, speaking the Jupyter and ipywidgets protocols."""

    def __init__(
        self, ws: WebSocketClientConnection, base: str = "", kernel_id: str = ""
    ) -> None:
        self.ws = ws
        self.base = base
        self.kernel_id = kernel_id
        self.states: dict[str, dict[str, Any]] = {}
        self.updates: dict[str, list[dict[str, Any]]] = {}
        self.errors: list[str] = []
        self.cookie = ""
        """The learner's cookie, as the page's later requests carry it (``; name=value``)."""
        self.refused = 0
        """How many times the page was answered "busy, reloading" before it was built."""
        self.built = 0.0
        """Seconds from the first request to the whole page (refusals, waiting and
        building it included); the widgets' states come after."""

    @classmethod
    async def open(
        cls, base: str, page: str, timeout: float, key: str | None = None, reload: bool = False
    ) -> Channel:
        """Open a page as a browser does: the rendered page, its kernel's websocket
        and every widget's state. ``key`` is the ``pinochle_learner`` cookie's value
        (:func:`signed_cookie` for a learner of the test site). With ``reload``, a 429 answer (the site's "busy"
        or "still being prepared" page, which reloads itself) is asked again after
        its Retry-After, as the browser would, until ``timeout`` has passed."""
        client = AsyncHTTPClient()
        headers = {"Cookie": f"pinochle_learner={key}"} if key else {}
        asked = time.monotonic()
        refused = 0
        while True:
            reply = await client.fetch(
                f"{base}/voila/render/{page}", request_timeout=timeout, headers=headers,
                raise_error=False,
            )  # fmt: skip
            left = timeout - (time.monotonic() - asked)
            if reply.code == 429 and reload and left > 0:
                refused += 1
                await asyncio.sleep(min(left, float(reply.headers.get("Retry-After") or 5)))
                continue
            reply.rethrow()
            break
        built = time.monotonic() - asked
        html = reply.body.decode("utf-8")
        match = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', html)
        if match is None:
            raise RuntimeError(f"{page}: no kernel id in the page")
        ws = await websocket_connect(
            HTTPRequest(
                f"{base.replace('http', 'ws')}/api/kernels/{match.group(1)}/channels",
                headers=headers,
            )
        )
        channel = cls(ws, base, match.group(1))
        channel.cookie = f"; pinochle_learner={key}" if key else ""
        channel.refused, channel.built = refused, built
        if re.search(r'"progressiveRendering":\s*true', html):
            await channel.run_cells(headers, timeout)
        control = uuid.uuid4().hex
        await channel.send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                           metadata={"version": "1.0.0"})  # fmt: skip
        await channel.request(
            "comm_msg",
            {"comm_id": control, "data": {"method": "request_states"}},
            timeout,
            until="update_states",
        )
        return channel

    async def run_cells(self, headers: dict[str, str], timeout: float) -> None:
        """Ask for the page's cells to run, as the browser does under Voila's
        progressive rendering (voila.json): the page came without its outputs, and its
        script opens ``/voila/execution/<kernel>`` and asks for them; each cell's output
        comes back as it runs. Errors shown in an output are kept in :attr:`errors`."""
        ws = await websocket_connect(
            HTTPRequest(
                f"{self.base.replace('http', 'ws')}/voila/execution/{self.kernel_id}",
                headers=headers,
            )
        )
        try:
            deadline = time.monotonic() + timeout
            await ws.write_message(json.dumps(
                {"action": "execute", "payload": {"kernel_id": self.kernel_id}}
            ))  # fmt: skip
            while True:
                raw = await asyncio.wait_for(
                    ws.read_message(), max(0.1, deadline - time.monotonic())
                )
                if raw is None:
                    raise RuntimeError("the execution websocket closed before every cell ran")
                m = json.loads(raw)
                if m.get("action") == "execution_error":
                    raise RuntimeError(f"execution refused: {m.get('payload')}")
                if m.get("action") != "execution_result":
                    continue
                for out in m["payload"]["output_cell"].get("outputs", []):
                    text = str(out.get("text") or out.get("evalue") or "")
                    if out.get("output_type") == "error" or "exception occurred" in text:
                        self.errors.append(text[:100])
                if m["payload"]["cell_index"] + 1 == m["payload"]["total_cell"]:
                    return
        finally:
            ws.close()

    async def leave(self, timeout: float = 30.0) -> int:
        """Leave the page as a browser does: close the socket and ask the server to
        shut the kernel down, as the page's ``pagehide`` handler does (with the
        ``_xsrf`` token in cookie and header). Returns the HTTP status."""
        self.ws.close()
        token = uuid.uuid4().hex
        reply = await AsyncHTTPClient().fetch(
            f"{self.base}/voila/api/shutdown/{self.kernel_id}",
            method="POST", body=b"", request_timeout=timeout, raise_error=False,
            headers={"Cookie": f"_xsrf={token}{self.cookie}", "X-XSRFToken": token},
        )  # fmt: skip
        return int(reply.code)

    async def send(
        self, msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None
    ) -> str:
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": msg_type, "username": "learner", "session": "load",
                  "date": "", "version": "5.3"}  # fmt: skip
        await self.ws.write_message(json.dumps({"header": header, "parent_header": {}, "metadata": metadata or {},
                                                "content": content, "channel": "shell", "buffers": []}))  # fmt: skip
        return msg_id

    async def request(
        self, msg_type: str, content: dict[str, Any], timeout: float, until: str = "idle"
    ) -> None:
        """Send a message and read replies until the kernel is idle again (or the states arrive)."""
        msg_id = await self.send(msg_type, content)
        deadline = time.monotonic() + timeout
        while True:
            raw = await asyncio.wait_for(
                self.ws.read_message(), max(0.1, deadline - time.monotonic())
            )
            if raw is None:
                raise RuntimeError("the kernel websocket closed")
            if not isinstance(raw, str):
                continue
            m = json.loads(raw)
            kind, c = m.get("msg_type"), m.get("content", {})
            if kind == "comm_msg" and c.get("data", {}).get("method") == "update_states":
                self.states.update(c["data"]["states"])
                if until == "update_states":
                    return
            elif kind == "comm_msg" and c.get("data", {}).get("method") == "update":
                self.updates.setdefault(c["comm_id"], []).append(c["data"]["state"])
            elif kind == "comm_open":
                self.states[c["comm_id"]] = c.get("data", {})
            elif kind == "error" or (kind == "stream" and "Traceback" in str(c.get("text", ""))):
                self.errors.append(str(c.get("text") or c.get("evalue"))[:100])
            if until == "idle" and kind == "status" and m.get("parent_header", {}).get("msg_id") == msg_id \
                    and c.get("execution_state") == "idle":  # fmt: skip
                return

    def models(self, css: str, within: str | None = None) -> list[str]:
        """Model ids whose widget has the CSS class ``css`` (below ``within``, if given)."""
        ids = [
            k for k, v in self.states.items() if css in v.get("state", {}).get("_dom_classes", [])
        ]
        if within is None:
            return ids
        below = set(self._descendants(within))
        return [k for k in ids if k in below]

    def _descendants(self, root: str) -> list[str]:
        out, todo = [], [root]
        while todo:
            k = todo.pop()
            out.append(k)
            for child in self.states.get(k, {}).get("state", {}).get("children", []):
                todo.append(str(child).replace("IPY_MODEL_", ""))
        return out

    async def click(self, model: str, timeout: float) -> None:
        await self.request(
            "comm_msg",
            {"comm_id": model, "data": {"method": "custom", "content": {"event": "click"}}},
            timeout,
        )

    async def set_value(self, model: str, value: object, timeout: float) -> None:
        data = {"method": "update", "state": {"value": value}, "buffer_paths": []}
        await self.request("comm_msg", {"comm_id": model, "data": data}, timeout)

    async def answer_quiz(self, text: str, timeout: float) -> tuple[float, str]:
        """Type ``text`` into the page's quiz and press Submit, as a learner does:
        the seconds until the kernel was idle again, and the feedback shown. A wrong
        first answer gets a hint and a second try: the learner then presses Submit
        once more with the same answer, so the question is marked (the seconds are
        those of both presses)."""
        runner = self.models("pt-quiz-runner")[0]
        await self.set_value(self.models("pt-quiz-text", within=runner)[0], text, timeout)
        took = 0.0
        for _ in range(2):
            pressed = time.perf_counter()
            await self.click(self.models("pt-quiz-submit", within=runner)[0], timeout)
            took += time.perf_counter() - pressed
            feedback = self.text_of(self.models("pt-quiz-feedback", within=runner)[0])
            if "pt-quiz-hint" not in feedback:
                break
        return took, feedback

    async def next_question(self, timeout: float) -> None:
        """Press the quiz's Next."""
        runner = self.models("pt-quiz-runner")[0]
        await self.click(self.models("pt-quiz-next", within=runner)[0], timeout)

    def text_of(self, model: str) -> str:
        latest = (self.updates.get(model) or [{}])[-1].get("value")
        return str(
            latest
            if latest is not None
            else self.states.get(model, {}).get("state", {}).get("value", "")
        )
