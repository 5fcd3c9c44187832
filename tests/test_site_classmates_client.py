"""Lesson 12's lobby through a real Voila server (``voila.json``: ``show_tracebacks``
false), spoken to as a hostile client speaks to it: comm updates with values its boxes
cannot take, presses of buttons that do not apply in the lobby, messages for a comm
that does not exist and messages ipywidgets cannot read (issue 44, items 5 and 7).

The page must get words in its message, and no iopub ``error``, no traceback and no
kernel log line on its standard error (which the page shows); the server's log keeps
what the teacher needs (the kernel's log lines and tracebacks)."""

from __future__ import annotations

import asyncio
import json
import time
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from tests.voila_site import REPO, Channel, signed_cookie, voila_server

PAGE = "12_play_with_classmates.ipynb"
TIMEOUT = 120.0


async def exchange(
    ch: Channel, content: dict[str, Any], linger: float = 2.0
) -> list[dict[str, Any]]:
    """Send one ``comm_msg`` and read every message until the kernel is idle again and
    ``linger`` seconds more (the kernel's standard error reaches the page a moment
    later, through ipykernel's watch of its file descriptor)."""
    msg_id = await ch.send("comm_msg", content)
    got: list[dict[str, Any]] = []
    deadline = time.monotonic() + TIMEOUT
    idle = False
    while True:
        wait = max(0.1, deadline - time.monotonic()) if not idle else linger
        try:
            raw = await asyncio.wait_for(ch.ws.read_message(), wait)
        except asyncio.TimeoutError:
            if idle:
                return got
            raise
        if raw is None:
            raise RuntimeError("the kernel websocket closed")
        if not isinstance(raw, str):
            continue
        m = json.loads(raw)
        got.append(m)
        c = m.get("content", {})
        if m.get("msg_type") == "comm_msg" and c.get("data", {}).get("method") == "update":
            ch.updates.setdefault(c["comm_id"], []).append(c["data"]["state"])
        if (m.get("msg_type") == "status" and m.get("parent_header", {}).get("msg_id") == msg_id
                and c.get("execution_state") == "idle"):  # fmt: skip
            idle = True


def leaks(messages: list[dict[str, Any]]) -> list[str]:
    """What reached the page that should not: iopub errors and anything on stderr."""
    out = []
    for m in messages:
        kind, c = m.get("msg_type"), m.get("content", {})
        if kind == "error":
            out.append(f"error: {c.get('ename')}: {c.get('evalue')}")
        elif kind == "stream" and c.get("name") == "stderr":
            out.append(f"stderr: {c.get('text')}")
    return out


def update(model: str, **state: Any) -> dict[str, Any]:
    return {"comm_id": model, "data": {"method": "update", "state": state, "buffer_paths": []}}


def click(model: str) -> dict[str, Any]:
    return {"comm_id": model, "data": {"method": "custom", "content": {"event": "click"}}}


async def hostile_client(site: str) -> tuple[list[str], dict[str, str]]:
    """Everything that leaked, and what the lobby's message said after each step."""
    ch = await Channel.open(site, PAGE, TIMEOUT, key=signed_cookie("k" * 22))
    assert ch.errors == [], ch.errors
    (lobby,) = ch.models("pt-classmates")
    (message,) = [
        m for m in ch.models("pt-message-area", within=lobby)
        if f"IPY_MODEL_{m}" in ch.states[lobby]["state"]["children"]
    ]  # fmt: skip
    level, hints, code = (ch.models(c, within=lobby)[0]
                          for c in ("pt-open-level", "pt-open-hints", "pt-join-code"))  # fmt: skip
    # The waiting room's buttons are not on the page in the lobby; the kernel has them.
    start, leave = (ch.models(c)[0] for c in ("pt-start", "pt-leave"))
    steps = {
        "index 99": update(level, index=99),
        "strong": update(level, value="strong'; --"),
        "hints yes": update(hints, value="yes"),
        "code 12345": update(code, value=12345),
        "start": click(start),
        "leave": click(leave),
        "not a state": {"comm_id": code, "data": {"method": "update", "state": "x"}},
        "no such method": {"comm_id": code, "data": {"method": "bogus"}},
        # Messages ipywidgets itself fails on, before any guard of ours is asked.
        "click not a dict": {"comm_id": start, "data": {"method": "custom", "content": "x"}},
        "bad buffers": {
            "comm_id": code,
            "data": {"method": "update", "state": {}, "buffer_paths": 5},
        },
        "no such comm": {"comm_id": "no-such-comm", "data": {"method": "update", "state": {}}},
    }
    leaked: list[str] = []
    said: dict[str, str] = {}
    for name, content in steps.items():
        ch.updates.pop(message, None)
        for line in leaks(await exchange(ch, content)):
            leaked.append(f"{name}: {line[:300]}")
        said[name] = unescape(ch.text_of(message)) if ch.updates.get(message) else ""
    ch.ws.close()
    return leaked, said


def test_a_hostile_client_on_the_lobby_gets_words_and_no_traceback_or_log_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # ipykernel shows on the page whatever reaches the kernel's descriptor 2, except
    # under pytest: it leaves the descriptor alone when PYTEST_CURRENT_TEST is set, and
    # the kernels inherit the server's environment. Without it the kernels here behave
    # as a real site's do (the log lines of item 7 reached the page only that way).
    monkeypatch.delenv("PYTEST_CURRENT_TEST", raising=False)
    env = {"PINOCHLE_TUTOR_PROGRESS": str(tmp_path / "class.sqlite")}
    with voila_server(env=env) as site:
        leaked, said = asyncio.run(hostile_client(site))
        port = site.rsplit(":", 1)[1]
        time.sleep(1)
        server_log = (REPO / "test-artifacts" / f"voila-{port}.log").read_text(errors="replace")
    assert leaked == [], "\n".join(leaked)
    assert "99" in said["index 99"] and "Computer players" in said["index 99"], said
    assert "strong'; --" in said["strong"], said
    assert "yes" in said["hints yes"] and "Hints from the coach" in said["hints yes"], said
    assert "12345" in said["code 12345"] and "Table code" in said["code 12345"], said
    assert "Open a table" in said["start"] and "Sorry" not in said["start"], said
    assert "not at a table" in said["leave"] and "You left" not in said["leave"], said
    assert "'x'" in said["not a state"], said
    # The teacher's log keeps the kernel's log lines the page no longer shows.
    assert "No such comm: no-such-comm" in server_log
    assert "bogus" in server_log
    assert server_log.count("a widget message from the page failed") >= 2
    assert "AttributeError" in server_log  # the click whose content was not a dictionary
