"""Security of the hosted site, tested against a running Voila server (loopback only).

* Notebook sources, house rules and other data files are not served, and paths
  that climb out of the site get 403/404.
* Rendered pages carry no source code and no tracebacks.
* Code-running messages sent straight to the kernel websocket are not executed.
"""

from __future__ import annotations

import asyncio
import json
import re
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tornado.websocket import websocket_connect

from tests.voila_site import REPO, voila_server

LESSON = "06_scoring.ipynb"


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    with voila_server() as base:
        yield base


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=60) as r:
            return int(r.status)
    except urllib.error.HTTPError as err:
        return int(err.code)


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=120) as r:
        return str(r.read().decode("utf-8"))


@pytest.mark.parametrize(
    "path",
    [
        f"/voila/files/{LESSON}",
        "/voila/files/house_rules.toml",
        "/voila/files/practice/README.md",
        "/voila/files/../pyproject.toml",
        "/voila/files/..%2fpyproject.toml",
        "/voila/files/%2e%2e/pyproject.toml",
        "/voila/render/..%2fREADME.md",
        "/voila/render/../tests/test_site_security.py",
        "/voila/tree/..%2f..",
        "/voila/files/practice/..%2f..%2fpyproject.toml",
        "/voila/static/..%2f..%2fpyproject.toml",
        "/api/contents/",
        f"/api/contents/{LESSON}",
    ],
)
def test_sources_data_and_paths_outside_the_site_are_not_served(site: str, path: str) -> None:
    assert status(site + path) in (403, 404), path


def test_rendered_lesson_has_no_source_and_no_traceback(site: str) -> None:
    page = fetch(f"{site}/voila/render/{LESSON}")
    assert "Scoring" in page
    for source in ("from pinochle_widgets", "ScoreCalculator(bid=", 'say("'):
        assert source not in page, source
    assert "Traceback" not in page and "voila-error" not in page


def test_execute_request_on_the_kernel_websocket_runs_nothing(site: str, tmp_path: Path) -> None:
    page = fetch(f"{site}/voila/render/{LESSON}")
    match = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page)
    assert match, "the page names its kernel"
    kernel = match.group(1)
    marker = tmp_path / "pwned"
    code = f"open({str(marker)!r}, 'w').write('x'); print('PWNED')"

    async def attack() -> list[dict[str, Any]]:
        ws = await websocket_connect(f"{site.replace('http', 'ws')}/api/kernels/{kernel}/channels")
        seen: list[dict[str, Any]] = []
        for msg_type, content in (
            ("execute_request", {"code": code, "silent": False, "store_history": False,
                                 "user_expressions": {}, "allow_stdin": False, "stop_on_error": True}),
            ("complete_request", {"code": "import o", "cursor_pos": 8}),
            ("inspect_request", {"code": "open", "cursor_pos": 4, "detail_level": 1}),
            ("kernel_info_request", {}),  # allowed: proves the channel is live
        ):  # fmt: skip
            msg_id = uuid.uuid4().hex
            header = {"msg_id": msg_id, "msg_type": msg_type, "username": "attacker",
                      "session": uuid.uuid4().hex, "date": "", "version": "5.3"}  # fmt: skip
            await ws.write_message(json.dumps({"header": header, "parent_header": {}, "metadata": {},
                                               "content": content, "channel": "shell", "buffers": []}))  # fmt: skip
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 4.0
        while loop.time() < deadline:
            try:
                raw = await asyncio.wait_for(
                    ws.read_message(), timeout=max(0.1, deadline - loop.time())
                )
            except asyncio.TimeoutError:
                break
            if raw is None:
                break
            if isinstance(raw, str):
                seen.append(json.loads(raw))
        ws.close()
        return seen

    messages = asyncio.run(attack())
    replies = {str(m.get("msg_type") or m.get("header", {}).get("msg_type")) for m in messages}
    assert "kernel_info_reply" in replies, f"the websocket was not live: {sorted(replies)}"
    assert not marker.exists(), "the kernel ran code sent over the websocket"
    assert not {"execute_reply", "complete_reply", "inspect_reply"} & replies
    assert "PWNED" not in json.dumps(messages)
    assert REPO.is_dir()
