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


@contextmanager
def voila_server(
    root: str | os.PathLike[str] = "lessons",
    extra: Sequence[str] = (),
    env: dict[str, str] | None = None,
    timeout: float = 90.0,
) -> Iterator[str]:
    """Yield the base URL of a running Voila server on ``root``; always stop it."""
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
    base = f"http://127.0.0.1:{port}"
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
