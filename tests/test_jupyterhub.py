"""The course behind a real JupyterHub (hosting/jupyterhub_config.py), loopback only.

The hub runs as a subprocess with its proxy (configurable-http-proxy, from npm) and the
simple local spawner; two learners log in through the hub's login form with the class
password, each gets a server of their own whose default page is the course outline
rendered by Voila, and each records a quiz attempt from a kernel of their own server (the
process a quiz widget's code runs in). Each attempt must land in that learner's own home,
and neither learner may open the other's server. The last test checks the simpler
single-machine setup: plain Voila with a class token.

Needs ``jupyterhub`` (pip) and ``configurable-http-proxy`` (npm); ``bash
scripts/install_hub.sh`` installs both. Skipped, with the reason, when either is missing.
"""

from __future__ import annotations

import asyncio
import contextlib
import http.cookiejar
import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

from pinochle_tutor.classroom.store import ProgressStore
from tests.voila_site import CHROMIUM, REPO, free_port, voila_server

CONFIG = REPO / "hosting" / "jupyterhub_config.py"
BIN = Path(sys.executable).parent
HUB = BIN / "jupyterhub"
SINGLEUSER = BIN / "jupyterhub-singleuser"
LOCAL_PROXY = REPO / "hosting" / "node_modules" / ".bin" / "configurable-http-proxy"
PASSWORD = "deal-me-in-2024"
LEARNERS = ("alice", "bob")
WELCOME = "/voila/render/00_welcome.ipynb"
QUIZ = "practice/07_score_level1.ipynb"  # lessons/practice -> ../exercises
TIMEOUT = 120.0
BROWSER_TIMEOUT = 90_000
ARTIFACTS = REPO / "test-artifacts"


def _missing() -> str | None:
    if not (HUB.exists() and SINGLEUSER.exists()):
        return f"jupyterhub is not installed in {BIN} (run: bash scripts/install_hub.sh)"
    if not (LOCAL_PROXY.exists() or shutil.which("configurable-http-proxy")):
        return (
            "configurable-http-proxy (npm) is not installed in hosting/node_modules "
            "nor on PATH (run: bash scripts/install_hub.sh)"
        )
    return None


def _descendants(root: int) -> list[int]:
    """Every process below ``root`` (the proxy, the learners' servers, their kernels)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        children.setdefault(int(stat.rsplit(")", 1)[1].split()[1]), []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@dataclass
class Hub:
    base: str
    token: str
    homes: Path
    log: Path

    def api(self, path: str, method: str = "GET") -> Any:
        """The hub's REST API as the test's admin service."""
        req = urllib.request.Request(
            f"{self.base}/hub/api{path}",
            method=method,
            headers={"Authorization": f"token {self.token}"},
        )
        with urllib.request.urlopen(req, timeout=30) as r:
            body = r.read()
        return json.loads(body) if body else None

    def wait_ready(self, name: str) -> None:
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            server = self.api(f"/users/{name}")["servers"].get("")
            if server and server.get("ready"):
                return
            time.sleep(0.3)
        raise AssertionError(
            f"{name}'s server was not ready within {TIMEOUT:.0f} s; see {self.log}"
        )


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    missing = _missing()
    if missing is not None:
        pytest.skip(missing)
    root = tmp_path_factory.mktemp("hub")
    port = free_port()
    token = secrets.token_hex(32)
    env = {
        **os.environ,
        "PINOCHLE_HUB_PASSWORD": PASSWORD,
        "PINOCHLE_HUB_USERS": ",".join(LEARNERS),
        "PINOCHLE_HUB_PORT": str(port),
        "PINOCHLE_HUB_HUB_PORT": str(free_port()),
        "PINOCHLE_HUB_API_PORT": str(free_port()),
        "PINOCHLE_HUB_STATE": str(root / "state"),
        "PINOCHLE_HUB_HOMES": str(root / "homes"),
        "PINOCHLE_HUB_ADMIN_TOKEN": token,
    }
    env.pop("PINOCHLE_TUTOR_PROGRESS", None)  # the learners' homes decide, not the test's env
    artifacts = REPO / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    log_path = artifacts / f"jupyterhub-{port}.log"
    log = log_path.open("w")
    proc = subprocess.Popen(
        [str(HUB), "-f", str(CONFIG)], cwd=root, env=env, stdout=log,
        stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip
    hub = Hub(f"http://127.0.0.1:{port}", token, root / "homes", log_path)
    seen: set[int] = set()
    try:
        deadline = time.monotonic() + TIMEOUT
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"jupyterhub exited with {proc.returncode}; see {log_path}")
            try:
                hub.api("/")
                break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"jupyterhub did not answer within {TIMEOUT:.0f} s; see {log_path}"
                )
            time.sleep(0.3)
        yield hub
    finally:
        # The hub stops the learners' servers and the proxy itself on SIGTERM; they run in
        # sessions of their own, so note them first and kill whatever is left afterwards.
        seen.update(_descendants(proc.pid))
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        for pid in seen:
            if _alive(pid):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        log.close()


class Learner:
    """One learner's browser: a cookie jar, following redirects like a browser does."""

    def __init__(self, hub: Hub, name: str) -> None:
        self.hub, self.name = hub, name
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str) -> tuple[int, str, str]:
        """Status, final URL and body of ``path`` on the site."""
        try:
            with self.opener.open(self.hub.base + path, timeout=TIMEOUT) as r:
                return int(r.status), str(r.url), r.read().decode("utf-8")
        except urllib.error.HTTPError as err:
            return int(err.code), str(err.url), err.read().decode("utf-8", "replace")

    def log_in(self) -> str:
        """Fill in the hub's login form (with its _xsrf token); the final URL."""
        status, _, page = self.get("/hub/login")
        assert status == 200, page[:500]
        xsrf = re.search(r'name="_xsrf"[^>]*value="([^"]+)"', page)
        assert xsrf, "the login form carries an _xsrf token"
        form = {"username": self.name, "password": PASSWORD, "_xsrf": xsrf.group(1)}
        with self.opener.open(
            f"{self.hub.base}/hub/login?next=",
            data=urllib.parse.urlencode(form).encode(),
            timeout=TIMEOUT,
        ) as r:
            return str(r.url)

    def cookie(self, name: str, path: str) -> str:
        for c in self.jar:
            if c.name == name and c.path == path and c.value is not None:
                return c.value
        raise AssertionError(f"no cookie {name} for {path}: {[(c.name, c.path) for c in self.jar]}")

    def run_in_own_kernel(self, code: str) -> str:
        """Start a kernel in the learner's own server (authenticated by the learner's login
        cookie, as JupyterLab would be), run ``code`` there, return what it printed."""
        prefix = f"/user/{self.name}/"
        xsrf = self.cookie("_xsrf", prefix)
        cookies = "; ".join(f"{c.name}={c.value}" for c in self.jar if prefix.startswith(c.path))
        headers = {"Cookie": cookies, "X-XSRFToken": xsrf}
        req = urllib.request.Request(
            f"{self.hub.base}{prefix}api/kernels", data=b"{}", method="POST",
            headers={**headers, "Content-Type": "application/json"},
        )  # fmt: skip
        with self.opener.open(req, timeout=TIMEOUT) as r:
            kernel = json.loads(r.read())["id"]
        url = f"{self.hub.base.replace('http', 'ws')}{prefix}api/kernels/{kernel}/channels"

        async def run() -> str:
            ws = await websocket_connect(
                HTTPRequest(
                    f"{url}?_xsrf={urllib.parse.quote(xsrf)}", headers=headers, connect_timeout=30
                )
            )
            msg_id = uuid.uuid4().hex
            header = {"msg_id": msg_id, "msg_type": "execute_request", "username": self.name,
                      "session": uuid.uuid4().hex, "date": "", "version": "5.3"}  # fmt: skip
            content = {"code": code, "silent": False, "store_history": False,
                       "user_expressions": {}, "allow_stdin": False, "stop_on_error": True}  # fmt: skip
            await ws.write_message(json.dumps({"header": header, "parent_header": {}, "metadata": {},
                                               "content": content, "channel": "shell"}))  # fmt: skip
            out: list[str] = []
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 60
            try:
                while True:
                    raw = await asyncio.wait_for(
                        ws.read_message(), max(0.1, deadline - loop.time())
                    )
                    if raw is None:
                        raise AssertionError("the kernel websocket closed")
                    msg = json.loads(raw)
                    if msg.get("parent_header", {}).get("msg_id") != msg_id:
                        continue
                    kind = msg["header"]["msg_type"]
                    if kind == "stream":
                        out.append(msg["content"]["text"])
                    elif kind == "error":
                        raise AssertionError("\n".join(msg["content"]["traceback"]))
                    elif kind == "status" and msg["content"]["execution_state"] == "idle":
                        return "".join(out)
            finally:
                ws.close()

        try:
            return asyncio.run(run())
        finally:
            req = urllib.request.Request(
                f"{self.hub.base}{prefix}api/kernels/{kernel}", method="DELETE", headers=headers
            )
            with self.opener.open(req, timeout=30):
                pass


RECORD = """
import json, os
from pinochle_tutor.classroom.progress import Progress
p = Progress.load()
p.record("hub-{name}", "meld", ["meld.run"], "{name}'s answer", True)
print(json.dumps({{"path": str(p.path), "home": os.environ["HOME"]}}))
"""


@pytest.fixture(scope="module")
def learners(hub: Hub) -> dict[str, Learner]:
    out = {}
    for name in LEARNERS:
        learner = Learner(hub, name)
        landed = learner.log_in()
        # Logging in starts the learner's server (slow ones show the spawn-pending page).
        assert f"/user/{name}/" in landed or f"/hub/spawn-pending/{name}" in landed, landed
        out[name] = learner
    for name in LEARNERS:
        hub.wait_ready(name)
    return out


def test_each_learner_lands_on_the_course_outline_in_voila(
    hub: Hub, learners: dict[str, Learner]
) -> None:
    for name, learner in learners.items():
        status, url, page = learner.get(f"/user/{name}/")
        assert status == 200, page[:500]
        assert url == f"{hub.base}/user/{name}{WELCOME}", url
        assert "Welcome to Pinochle Tutor" in page
        assert "voila-error" not in page and "Traceback" not in page
        # voila.json applies inside the hub too: sources are stripped, and the course's
        # page template (install_hub.sh links it) shows its loading screen and no CDN.
        assert "from pinochle_widgets" not in page
        assert "Dealing the cards ..." in page and "cdn.jsdelivr.net" not in page


def test_a_learner_cannot_open_another_learners_server(learners: dict[str, Learner]) -> None:
    status, url, _ = learners["alice"].get(f"/user/bob{WELCOME}")
    assert status == 403, (status, url)
    status, url, _ = learners["bob"].get("/user/alice/api/contents/")
    assert status == 403, (status, url)


def progress_file(hub: Hub, name: str) -> Path:
    return hub.homes / name / ".pinochle_tutor" / "progress.sqlite"


def answers_in(path: Path) -> list[tuple[str, str]]:
    """Every answer in a learner's database, whoever it is filed under: the file
    is the learner's own, so nothing of another learner may be in it."""
    store = ProgressStore(path)
    return [(s.attempt.kind, s.attempt.answer) for s in store.stored_attempts()]


def test_each_learners_kernels_keep_progress_in_their_own_home(
    hub: Hub, learners: dict[str, Learner]
) -> None:
    for name, learner in learners.items():
        printed = learner.run_in_own_kernel(RECORD.format(name=name))
        where = json.loads(printed.strip().splitlines()[-1])
        assert where["home"] == str(hub.homes / name)
        assert where["path"] == str(progress_file(hub, name))
    for name in LEARNERS:
        mine = answers_in(progress_file(hub, name))
        assert ("meld", f"{name}'s answer") in mine
        others = {("meld", f"{other}'s answer") for other in LEARNERS if other != name}
        assert not others & set(mine), (name, mine)
    assert not list((REPO / "lessons").rglob("progress.*"))


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed")
@pytest.mark.skipif(not (REPO / "exercises" / QUIZ.split("/")[-1]).exists(),
                    reason=f"no quiz page {QUIZ} yet")  # fmt: skip
@pytest.mark.usefixtures("learners")  # their servers must be up; the test logs in itself
def test_each_learner_answers_a_quiz_in_a_browser_into_their_own_progress_file(
    hub: Hub, browser: Browser
) -> None:
    """The whole path a learner takes: the hub's login form in Chromium, the course outline
    as the landing page, a practice page, one answer; the attempt is in that learner's
    progress file and in no other."""
    typed = {name: str(1000 + 111 * n) for n, name in enumerate(LEARNERS, 1)}
    for name in LEARNERS:  # each in a context of their own: their own hub login cookie
        with browser.new_context(viewport={"width": 1100, "height": 1000}) as context:
            page = context.new_page()
            page.set_default_timeout(BROWSER_TIMEOUT)
            page.goto(f"{hub.base}/hub/login")
            page.fill("input[name=username]", name)
            page.fill("input[name=password]", PASSWORD)
            page.click("[type=submit]")
            page.wait_for_url(f"**/user/{name}{WELCOME}")
            expect(page.locator("body")).to_contain_text("Welcome to Pinochle Tutor")
            page.goto(f"{hub.base}/user/{name}/voila/render/{QUIZ}", wait_until="commit")
            runner = page.locator(".pt-quiz-runner")
            runner.wait_for(state="visible")
            expect(runner.locator(".pt-quiz-prompt")).to_contain_text("Question 1 of")
            runner.locator(".pt-quiz-text input").fill(typed[name])
            runner.locator("button.pt-quiz-submit").click()
            expect(runner.locator(".pt-quiz-feedback")).not_to_have_text("")
            if runner.locator(".pt-quiz-hint").count():  # a wrong first try: once more
                runner.locator("button.pt-quiz-submit").click()
            expect(runner.locator(".pt-quiz-feedback")).to_contain_text("The rules here")
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"jupyterhub-quiz-{name}.png"), full_page=True)
            assert page.locator(".voila-error").count() == 0
    for name in LEARNERS:
        mine = [a for k, a in answers_in(progress_file(hub, name)) if k == "score"]
        assert [a.lstrip("+") for a in mine] == [typed[name]], (name, mine)
    assert not list((REPO / "lessons").rglob("progress.*"))


def test_a_single_machine_site_with_a_token_turns_away_requests_without_it() -> None:
    """``voila ... --Voila.token=SECRET`` (README): no token -> login page; token -> lesson."""
    secret = secrets.token_urlsafe(16)
    with voila_server(extra=[f"--Voila.token={secret}"]) as site:
        url = f"{site}{WELCOME}"
        opener = urllib.request.build_opener(_NoRedirect)
        for bad in (url, f"{url}?token=wrong"):
            try:
                opener.open(bad, timeout=60)
                raise AssertionError(f"{bad} was served without the token")
            except urllib.error.HTTPError as err:
                assert err.code == 302 and "/login" in err.headers["Location"], err.code
        jar = http.cookiejar.CookieJar()
        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        with browser.open(f"{url}?token={secret}", timeout=120) as r:
            assert r.status == 200 and "Welcome to Pinochle Tutor" in r.read().decode()
        # The token visit leaves a login cookie: the next lesson opens without the token.
        with browser.open(f"{site}/voila/render/01_the_deck.ipynb", timeout=120) as r:
            assert r.status == 200 and "/login" not in str(r.url)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *_args: Any, **_kwargs: Any) -> None:
        return None
