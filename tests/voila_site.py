"""Start the lessons site with Voila on a free loopback port, as scripts/serve.sh does
(from the repository root, so ``voila.json`` applies), and stop it afterwards.

Used by the browser tests and by ``benchmarks/bench_pages.py``; loopback only.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

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


class Site(str):
    """The base URL of a running site, with the server's process id."""

    pid: int


@contextmanager
def voila_server(
    root: str | os.PathLike[str] = "lessons",
    extra: Sequence[str] = (),
    env: dict[str, str] | None = None,
    timeout: float = 90.0,
) -> Iterator[Site]:
    """Yield the base URL (a :class:`Site`, with ``.pid``) of a running Voila server on
    ``root``; always stop it."""
    port = free_port()
    voila = Path(sys.executable).with_name("voila")
    cmd = [str(voila), str(root), "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}", *extra]
    artifacts = REPO / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    log = (artifacts / f"voila-{port}.log").open("w")
    proc = subprocess.Popen(
        cmd, cwd=REPO, stdout=log, stderr=subprocess.STDOUT, env={**os.environ, **(env or {})},
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
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()
