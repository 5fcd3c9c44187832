"""Limits a client cannot dodge: the site issues and signs learner keys, a key it did
not sign is a guest's (even one the class database knows), and only a kernel's learner
may use it, ask for its page's cells or shut it down.

One real Voila server (loopback, small limits given on the command line) and a class
database that already knows a learner whose browser holds an unsigned key from before
keys were signed: that key alone opens nothing, and the teacher's dashboard hands its
record to the learner's signed key. Protocol clients: each request says exactly which
cookie it sends.
"""

from __future__ import annotations

import asyncio
import json
import re
import urllib.parse
import uuid
from collections.abc import Iterator
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

import pytest
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest, HTTPResponse
from tornado.simple_httpclient import HTTPTimeoutError
from tornado.websocket import websocket_connect

from pinochle_site.identity import KEY_MARKER
from pinochle_site.pages import NOT_YOURS_MESSAGE
from pinochle_tutor.classroom.attempts import Attempt
from pinochle_tutor.classroom.identity import SECRET_VAR, new_key, sign_key, signed_key
from pinochle_tutor.classroom.store import ProgressStore
from tests.voila_site import SITE_SECRET, Channel, Site, kernel_pids, signed_cookie, voila_server

LESSON = "06_scoring.ipynb"
LEGACY = "L" * 11 + "e" * 11
"""A key today's pages made in a learner's browser, unsigned, known to the class database."""
GUEST_CAP = 3
LEARNER_CAP = 2
LIMITS = [
    "--ClassroomKernelManager.max_kernels=12",
    f"--ClassroomKernelManager.max_kernels_per_learner={LEARNER_CAP}",
    f"--ClassroomKernelManager.max_guest_kernels={GUEST_CAP}",
    # guests share five times as many pages a minute: 20, so the flood costs a test little
    "--ClassroomKernelManager.max_starts_per_minute=4",
    "--ClassroomIdentityProvider.refusal_delay=0.2",
    "--ClassroomIdentityProvider.busy_refusal_delay=0.1",
]
SECRET = SITE_SECRET.encode()
TEACHER_SECRET = "the test class's teacher secret"
TIMEOUT = 120.0
QUIZ = "practice/01_meld_level1.ipynb"


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The class database: Lee's record, kept under the unsigned key :data:`LEGACY`."""
    db = tmp_path_factory.mktemp("class") / "progress.sqlite"
    store = ProgressStore(db)
    store.set_name(LEGACY, "Lee", "2026-01-01T10:00:00Z")
    store.record(LEGACY, Attempt("m1", "meld", ("meld.run",), "150", True, "2026-01-01T10:01:00Z"))
    store.open_lesson(LEGACY, "lessons/04_meld.ipynb", "2026-01-01T10:02:00Z")
    return db


@pytest.fixture(scope="module")
def site(database: Path) -> Iterator[Site]:
    env = {
        "PINOCHLE_TUTOR_PROGRESS": str(database),
        "PINOCHLE_TUTOR_TEACHER_SECRET": TEACHER_SECRET,
    }
    with voila_server(extra=LIMITS, env=env) as base:
        yield base


async def ask(
    url: str, cookie: str | None = None, follow: bool = False, method: str = "GET",
    headers: dict[str, str] | None = None,
) -> HTTPResponse:  # fmt: skip
    sent = dict(headers or {})
    if cookie is not None:
        sent["Cookie"] = "; ".join(p for p in (sent.get("Cookie"), cookie) if p)
    return await AsyncHTTPClient().fetch(
        HTTPRequest(
            url, method=method, headers=sent, follow_redirects=follow, request_timeout=120,
            body=b"" if method == "POST" else None,
        ),
        raise_error=False,
    )  # fmt: skip


def issued(reply: HTTPResponse) -> str | None:
    """The ``pinochle_learner`` value a reply sets, if any."""
    for header in reply.headers.get_list("Set-Cookie"):
        jar: SimpleCookie = SimpleCookie()
        jar.load(header)
        if "pinochle_learner" in jar:
            return jar["pinochle_learner"].value
    return None


def kernel_of(reply: HTTPResponse) -> str:
    found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', reply.body.decode())
    assert found, reply.body[:300]
    return found.group(1)


def test_a_first_page_gets_a_signed_key_by_a_redirect_to_itself(site: Site) -> None:
    url = f"{site}/voila/render/{LESSON}?colour=blue"

    async def scenario() -> tuple[HTTPResponse, HTTPResponse, HTTPResponse]:
        first = await ask(url)
        cookie = f"pinochle_learner={issued(first)}"
        back = await ask(urllib.parse.urljoin(site, first.headers["Location"]), cookie)
        page = await ask(urllib.parse.urljoin(site, back.headers["Location"]), cookie)
        return first, back, page

    first, back, page = asyncio.run(scenario())
    assert first.code == 302 and b"kernelId" not in first.body, "no kernel for the redirect"
    value = issued(first)
    assert value is not None and signed_key(value, SECRET) is not None, value
    assert SITE_SECRET not in str(first.headers) and SITE_SECRET not in first.body.decode()
    assert "samesite=lax" in first.headers["Set-Cookie"].lower()
    location = first.headers["Location"]
    assert location.startswith(f"/voila/render/{LESSON}?") and "colour=blue" in location
    assert f"{KEY_MARKER}=" in location
    # The cookie came back: the marker is taken off the address, the page is built.
    assert back.code == 302 and issued(back) is None
    assert back.headers["Location"] == f"/voila/render/{LESSON}?colour=blue"
    assert page.code == 200 and issued(page) is None and kernel_of(page)


def test_a_client_keeping_no_cookies_gets_a_guest_page_not_a_redirect_loop(site: Site) -> None:
    reply = asyncio.run(ask(f"{site}/voila/render/{LESSON}", follow=True))
    assert reply.code == 200 and kernel_of(reply)
    assert KEY_MARKER in reply.effective_url, "redirected once, then served"


@pytest.mark.parametrize(
    "value",
    [
        "F" * 22,  # made up by a client: never signed
        sign_key("F" * 22, SECRET)[:-1] + "x",  # signature tampered with
        sign_key("F" * 22, b"another site's secret, 32 chars"),
        "G" * 22 + "." + sign_key("F" * 22, SECRET).split(".")[1],  # another key's signature
    ],
)
def test_a_key_the_site_did_not_sign_is_not_a_learner(site: Site, value: str) -> None:
    """It gets a fresh key of the site's own, never its own key signed."""
    reply = asyncio.run(ask(f"{site}/voila/render/{LESSON}", f"pinochle_learner={value}"))
    assert reply.code == 302
    given = signed_key(issued(reply), SECRET)
    assert given is not None and given not in value


def latest(page: Channel, model: str, trait: str) -> Any:
    """A widget's trait as the page last heard it (its last update, else its first state)."""
    for state in reversed(page.updates.get(model, [])):
        if trait in state:
            return state[trait]
    return page.states[model]["state"].get(trait)


def found(page: Channel, css: str) -> str:
    """The one widget with the CSS class ``css``, by its classes as the page last heard
    them (a widget made after the page was built gets its classes in an update)."""
    (model,) = [k for k in page.states if css in (latest(page, k, "_dom_classes") or ())]
    return model


async def choose(page: Channel, css: str, part: str) -> str:
    """Pick, in the dropdown ``css``, the option whose label has ``part`` in it, as the
    browser does (by its index): the label picked."""
    model = found(page, css)
    labels = [str(x) for x in latest(page, model, "_options_labels") or []]
    matches = [i for i, label in enumerate(labels) if part in label]
    assert len(matches) == 1, (part, labels)
    data = {"method": "update", "state": {"index": matches[0]}, "buffer_paths": []}
    await page.request("comm_msg", {"comm_id": model, "data": data}, TIMEOUT)
    return labels[matches[0]]


async def status_of(site: str, key: str) -> str:
    """What the learner card of the welcome page says to a browser sending ``key``."""
    page = await Channel.open(site, "00_welcome.ipynb", TIMEOUT, key=key, reload=True)
    page.ws.close()
    return page.text_of(page.models("pt-learner-status")[0])


def test_a_bare_key_the_class_knows_is_a_guests_until_the_teacher_hands_its_record_over(
    site: Site, database: Path
) -> None:
    """Lee's browser kept an unsigned key from before the site signed keys, and the
    class database has Lee's record under it. Anyone who learned that key could send
    it, so it is a guest's: the site issues a fresh key of its own (never that key
    signed) and the page shows no record. Lee, now on their fresh signed key, answers a
    question; the teacher's page hands the old record to it (asked twice), and Lee's
    page knows them by their name again, with their answers and lessons."""
    reply = asyncio.run(ask(f"{site}/voila/render/{LESSON}", f"pinochle_learner={LEGACY}"))
    fresh = signed_key(issued(reply), SECRET)
    assert reply.code == 302 and fresh is not None and fresh != LEGACY, issued(reply)
    assert "Lee" not in asyncio.run(status_of(site, LEGACY)), "a bare key is a guest's"
    lee = signed_cookie(fresh)

    async def lee_answers() -> None:
        page = await Channel.open(site, QUIZ, TIMEOUT, key=lee, reload=True)
        await page.answer_quiz("20", TIMEOUT)
        page.ws.close()

    asyncio.run(lee_answers())
    before = asyncio.run(status_of(site, lee))
    assert "Lee" not in before and "You have not given your name yet" in before, before

    async def teacher_hands_it_over() -> str:
        page = await Channel.open(
            site, "teacher.ipynb", TIMEOUT, key=signed_cookie(new_key()), reload=True
        )
        await page.set_value(page.models("pt-dashboard-secret")[0], TEACHER_SECRET, TIMEOUT)
        await page.click(page.models("pt-dashboard-open")[0], TIMEOUT)
        await choose(page, "pt-handover-from", f"Lee ({LEGACY[:6]}…)")
        await choose(page, "pt-handover-to", f"({fresh[:6]}…)")
        await page.click(found(page, "pt-handover"), TIMEOUT)
        await page.click(found(page, "pt-handover-confirm"), TIMEOUT)
        (message,) = page.models("pt-message-area", within=page.models("pt-dashboard")[0])
        said = page.text_of(message)
        page.ws.close()
        return said

    said = asyncio.run(teacher_hands_it_over())
    assert "Lee" in said and "1 answer" in said, said
    after = asyncio.run(status_of(site, lee))
    assert "learning as <b>Lee</b>" in after, after
    store = ProgressStore(database)
    answers = [a.item_id for a in store.attempts(fresh)]
    assert answers[0] == "m1" and len(answers) == 2, answers
    assert store.attempts(LEGACY) == [] and LEGACY not in store.learners()
    assert any(v.page == "lessons/04_meld.ipynb" for v in store.lessons(fresh))


def test_a_guests_kernel_is_only_its_browsers(site: Site) -> None:
    """Guests share one learner key; a guest's browser that keeps cookies is told
    apart by the guest token its first guest page gave it. A page it opens later has a
    kernel only that browser may connect to, ask the cells of or shut down: another
    guest (another token, or none) and a learner get 403. A page of a client that sent
    no token (it may keep no cookies) stays open to whoever knows its id."""
    mine, theirs = new_key(), new_key()
    guest_page = f"{site}/voila/render/{LESSON}?{KEY_MARKER}=1"  # served as a guest's
    ws_base = site.replace("http", "ws")

    async def connect(path: str, cookie: str | None) -> int:
        headers = {"Cookie": cookie} if cookie else {}
        try:
            ws = await websocket_connect(HTTPRequest(f"{ws_base}{path}", headers=headers))
        except HTTPClientError as err:
            return err.code
        ws.close()
        return 101

    async def scenario() -> dict[str, object]:
        out: dict[str, object] = {}
        first = await ask(guest_page)
        given = [h for h in first.headers.get_list("Set-Cookie") if h.startswith("pinochle_guest=")]
        out["given"] = len(given) == 1 and "httponly" in given[0].lower()
        untokened = kernel_of(first)
        out["untokened, another guest"] = await connect(
            f"/api/kernels/{untokened}/channels", f"pinochle_guest={theirs}"
        )  # fmt: skip
        kid = kernel_of(await ask(guest_page, headers={"Cookie": f"pinochle_guest={mine}"}))
        others = (("theirs", f"pinochle_guest={theirs}"), ("none", None),
                  ("learner", f"pinochle_learner={signed_cookie(new_key())}"))  # fmt: skip
        for who, cookie in others:
            out[f"ws {who}"] = await connect(f"/api/kernels/{kid}/channels", cookie)
            out[f"cells {who}"] = await connect(f"/voila/execution/{kid}", cookie)
            jar, headers = _xsrf(cookie)
            shut = await ask(
                f"{site}/voila/api/shutdown/{kid}", jar, method="POST", headers=headers
            )
            out[f"shutdown {who}"] = shut.code
        out["ws mine"] = await connect(f"/api/kernels/{kid}/channels", f"pinochle_guest={mine}")
        jar, headers = _xsrf(f"pinochle_guest={mine}")
        out["shutdown mine"] = (await ask(f"{site}/voila/api/shutdown/{kid}", jar, method="POST",
                                          headers=headers)).code  # fmt: skip
        return out

    out = asyncio.run(scenario())
    assert out["given"], out
    for who in ("theirs", "none", "learner"):
        assert (out[f"ws {who}"], out[f"cells {who}"], out[f"shutdown {who}"]) == (403, 403, 403), (
            who,
            out,
        )
    assert out["ws mine"] == 101 and out["shutdown mine"] == 204, out
    assert out["untokened, another guest"] == 101, out


def test_a_flood_of_made_up_keys_fills_only_the_guests_share(site: Site) -> None:
    """One client sends 100 page requests, each with a fresh key, following the
    redirects (the most a client keeping no cookies can get): the guests' kernels
    stay within their cap, and a learner with a signed key still gets a page."""
    learner = signed_cookie(new_key())

    async def flood() -> list[int]:
        codes: list[int] = []

        async def one() -> None:
            try:
                reply = await ask(
                    f"{site}/voila/render/{LESSON}", f"pinochle_learner={new_key()}", follow=True
                )
            except HTTPTimeoutError:  # the flooder gave up waiting (a loaded test machine)
                codes.append(599)
            else:
                codes.append(reply.code)

        for _ in range(10):  # ten at a time, as fast as the site answers
            await asyncio.gather(*(one() for _ in range(10)))
        return codes

    async def learner_page() -> int:
        """The learner opens a page: how many widgets it has once every state arrived."""
        page = await Channel.open(site, LESSON, 120, key=learner, reload=True)
        page.ws.close()
        return len(page.models("pt-widget"))

    assert asyncio.run(learner_page())
    before = len(kernel_pids(site.pid))  # this learner's page, earlier tests' pages
    codes = asyncio.run(flood())
    assert len(codes) == 100 and set(codes) <= {200, 429, 503, 599}, sorted(set(codes))
    assert 503 not in codes, "the guests' share fills, never the site"
    assert codes.count(200) > GUEST_CAP, "the flood was served guest pages"
    assert len(kernel_pids(site.pid)) <= before + GUEST_CAP, "only the guests' share grew"
    assert asyncio.run(learner_page()), "the learner's page has its widgets"
    assert len(kernel_pids(site.pid)) <= before + GUEST_CAP + 1, "and the learner's second page"


def _xsrf(cookie: str | None) -> tuple[str, dict[str, str]]:
    token = uuid.uuid4().hex
    parts = [f"_xsrf={token}", *([cookie] if cookie else [])]
    return "; ".join(parts), {"X-XSRFToken": token}


def test_only_the_kernels_learner_may_connect_to_it_or_shut_it_down(site: Site) -> None:
    ann, bob = signed_cookie(new_key()), signed_cookie(new_key())
    ws_base = site.replace("http", "ws")

    async def scenario() -> dict[str, object]:
        page = await ask(f"{site}/voila/render/{LESSON}", f"pinochle_learner={ann}")
        kid = kernel_of(page)
        out: dict[str, object] = {"kid": kid}
        for who, cookie in (("bob", bob), ("guest", None), ("made-up", "F" * 22), ("ann", ann)):
            headers = {"Cookie": f"pinochle_learner={cookie}"} if cookie else {}
            try:
                ws = await websocket_connect(
                    HTTPRequest(f"{ws_base}/api/kernels/{kid}/channels", headers=headers)
                )
            except HTTPClientError as err:
                out[f"ws {who}"] = err.code
            else:
                out[f"ws {who}"] = 101
                ws.close()
        for who, cookie in (("bob", bob), ("guest", None)):
            jar, headers = _xsrf(f"pinochle_learner={cookie}" if cookie else None)
            shut = await ask(
                f"{site}/voila/api/shutdown/{kid}", jar, method="POST", headers=headers
            )
            out[f"shutdown {who}"] = (shut.code, shut.reason)
            gone = await ask(f"{site}/api/kernels/{kid}", jar, method="DELETE", headers=headers)
            out[f"delete {who}"] = gone.code
            # The id spelled with %-escapes: the handler decodes it to the same kernel.
            spelled = "".join(f"%{ord(c):02x}" for c in kid)
            shut = await ask(
                f"{site}/voila/api/shutdown/{spelled}", jar, method="POST", headers=headers
            )
            out[f"shutdown spelled {who}"] = shut.code
        out["alive"] = (await ask(f"{site}/api/kernels/{kid}", f"pinochle_learner={ann}")).code
        jar, headers = _xsrf(f"pinochle_learner={ann}")
        out["shutdown ann"] = (
            await ask(f"{site}/voila/api/shutdown/{kid}", jar, method="POST", headers=headers)
        ).code
        out["after"] = (await ask(f"{site}/api/kernels/{kid}", f"pinochle_learner={ann}")).code
        return out

    out = asyncio.run(scenario())
    assert out["ws bob"] == 403 and out["ws guest"] == 403 and out["ws made-up"] == 403, out
    assert out["ws ann"] == 101, out
    assert out["shutdown bob"] == (403, NOT_YOURS_MESSAGE) and out["shutdown guest"][0] == 403, out  # type: ignore[index]
    assert out["delete bob"] == 403 and out["delete guest"] == 403, out
    assert out["shutdown spelled bob"] == 403 and out["shutdown spelled guest"] == 403, out
    assert out["alive"] == 200, "the kernel survived the others' requests"
    assert out["shutdown ann"] == 204 and out["after"] == 404, out


async def ask_for_cells(site: str, kernel_id: str, cookie: str | None) -> int | list[int]:
    """Open a page's execution websocket (Voila's progressive rendering) sending
    ``cookie`` and ask for the page's cells, as its script does: the refusal's HTTP
    status, or the indexes of the cells whose outputs came back."""
    headers = {"Cookie": f"pinochle_learner={cookie}"} if cookie else {}
    url = f"{site.replace('http', 'ws')}/voila/execution/{kernel_id}"
    try:
        ws = await websocket_connect(HTTPRequest(url, headers=headers))
    except HTTPClientError as err:
        return err.code
    cells: list[int] = []
    try:
        await ws.write_message(
            json.dumps({"action": "execute", "payload": {"kernel_id": kernel_id}})
        )
        while True:
            raw = await asyncio.wait_for(ws.read_message(), TIMEOUT)
            message = json.loads(raw) if isinstance(raw, str) else {}
            if message.get("action") == "initialized":
                continue
            if message.get("action") != "execution_result":
                break
            cells.append(message["payload"]["cell_index"])
            if message["payload"]["cell_index"] + 1 == message["payload"]["total_cell"]:
                break
    finally:
        ws.close()
    return cells


def test_only_the_pages_learner_may_ask_for_its_cells(site: Site) -> None:
    """Under progressive rendering a page comes without its outputs: its script opens
    ``/voila/execution/<kernel id>`` and asks for them, once. Another learner, a client
    with no cookie or a made-up key who knows the id is refused (403) before the
    websocket opens; had they asked first, they would have had every output of Ann's
    page, and her page only "Missing notebook data". Ann's page then fills in."""
    ann, bob = signed_cookie(new_key()), signed_cookie(new_key())

    async def scenario() -> dict[str, object]:
        reply = await ask(f"{site}/voila/render/{LESSON}", f"pinochle_learner={ann}")
        kid = kernel_of(reply)
        out: dict[str, object] = {}
        for who, cookie in (("bob", bob), ("guest", None), ("made-up", "F" * 22)):
            out[who] = await ask_for_cells(site, kid, cookie)
        headers = {"Cookie": f"pinochle_learner={ann}"}
        ws = await websocket_connect(HTTPRequest(f"{site.replace('http', 'ws')}/api/kernels/{kid}/channels",
                                                 headers=headers))  # fmt: skip
        page = Channel(ws, site, kid)
        try:
            await page.run_cells(headers, TIMEOUT)
            control = uuid.uuid4().hex
            await page.send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control",
                                          "data": {}}, metadata={"version": "1.0.0"})  # fmt: skip
            await page.request("comm_msg", {"comm_id": control, "data": {"method": "request_states"}},
                               TIMEOUT, until="update_states")  # fmt: skip
        except RuntimeError as err:
            out["ann"] = str(err)
        else:
            out["ann widgets"], out["ann errors"] = len(page.models("pt-widget")), page.errors
        finally:
            ws.close()
        return out

    out = asyncio.run(scenario())
    assert out["bob"] == 403 and out["guest"] == 403 and out["made-up"] == 403, out
    assert "ann" not in out and out["ann errors"] == [], out
    assert isinstance(out["ann widgets"], int) and out["ann widgets"] >= 7, out


def test_the_site_secret_stays_on_the_server(site: Site) -> None:
    """Not in a page, not in the server's log."""
    page = asyncio.run(
        ask(f"{site}/voila/render/{LESSON}", f"pinochle_learner={signed_cookie(new_key())}")
    )
    assert page.code == 200 and SITE_SECRET not in page.body.decode()
    log = (
        Path(__file__).resolve().parent.parent
        / "test-artifacts"
        / f"voila-{site.rsplit(':', 1)[1]}.log"
    )
    assert SITE_SECRET not in log.read_text() and SECRET_VAR not in log.read_text()


def test_new_keys_per_address_have_only_a_high_ceiling() -> None:
    """A whole school may sit behind one address: its new browsers get keys up to the
    ceiling a minute, then are guests until the minute has passed; another address is
    not held up."""
    from pinochle_site.identity import ClassroomIdentityProvider

    provider = ClassroomIdentityProvider(max_new_keys_per_address=3)
    assert [provider.may_issue("10.0.0.1", now=t) for t in (0.0, 1.0, 2.0, 3.0, 4.0)] == [
        True, True, True, False, False,
    ]  # fmt: skip
    assert provider.may_issue("10.0.0.2", now=4.0), "another address has its own ceiling"
    assert provider.may_issue("10.0.0.1", now=61.0), "a minute later, keys again"
    assert ClassroomIdentityProvider().max_new_keys_per_address >= 60, "high by default"
