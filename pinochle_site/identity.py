"""Every request, seen first: learner keys issued, and a page refused before any
work is done for it.

``voila.json`` names :class:`ClassroomIdentityProvider`
(``Voila.identity_provider_class``). It issues learner keys: a browser's first page
request gets a key signed with the site's secret in the ``pinochle_learner`` cookie,
by a redirect to the same page (so the very first page is already built as that
learner, with a marker in the address, :data:`KEY_MARKER`, that stops a client
keeping no cookies from being redirected again: it gets its page as a guest). A key
the site did not sign is a guest's, always, and gets a fresh key like any new
browser: a bare key, even one the class database keeps a record under (a browser from
before the site signed keys), is never signed as it is, since anyone who learned it
could send it. Such a record goes back to its learner through the teacher, who hands
it to the learner's signed key on the dashboard
(:meth:`~pinochle_tutor.classroom.store.ProgressStore.hand_over`). One
client address is given at most
:attr:`~ClassroomIdentityProvider.max_new_keys_per_address` new keys a minute (a
whole school may sit behind one address, so the ceiling is high); past it, the
address's new browsers are guests for that minute. It refuses a page request before
any work is done for it when its learner is over the page rate or already has a page
being built, and lets at most :attr:`~ClassroomIdentityProvider.max_builds` pages of
the whole site be built at once (the others wait their turn, or get a page that says
the site is busy and reloads itself, :mod:`pinochle_site.pages`). It also refuses,
with a 403 before anything is done for it, every request on a kernel that is not its
learner's (:meth:`~ClassroomIdentityProvider._refuse_not_owner`): reading, deleting or
shutting it down, connecting to it, and asking for its page's cells over Voila's
execution websocket (whoever asks first gets every output of the page).
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import re
import time
import urllib.parse
from collections.abc import Awaitable
from typing import Any

from jupyter_server.auth.identity import PasswordIdentityProvider
from tornado import web
from traitlets import Float, Integer
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler

from pinochle_site.environment import (
    GUEST_COOKIE,
    client_gone,
    guest_token,
    new_guest_token,
    request_environment,
)
from pinochle_site.kernels import ClassroomKernelManager
from pinochle_site.pages import (
    BUILDING_PAGE,
    BUILDING_RETRY_SECONDS,
    BUSY_PAGE,
    BUSY_RETRY_SECONDS,
    NOT_YOURS_MESSAGE,
    REFUSED_PAGE,
)
from pinochle_tutor.classroom.identity import COOKIE, Learner, new_key, sign_key

__all__ = ["KEY_MARKER", "ClassroomIdentityProvider"]

KEY_MARKER = "pinochle_key"
"""The query parameter of the redirect that issues a learner key: a request that
carries it and still no signed key is served as a guest's, not redirected again."""

class ClassroomIdentityProvider(PasswordIdentityProvider):
    """Voila's identity provider, which also refuses a page request *before* any
    work is done for it (Voila would otherwise read the notebook, start a kernel
    and build the page, about a tenth of a CPU-second of the one server process,
    before the kernel manager could refuse):

    * of a learner over the page rate (:meth:`ClassroomKernelManager.too_fast`):
      the refusal waits :attr:`refusal_delay` seconds first, so a client that
      retries at once is slowed down rather than served refusals as fast as it
      can ask;
    * of a learner who already has :attr:`max_builds_per_learner` pages being
      built (guests, who cannot be told apart, share five times as many): a
      reload while the page is built, a second tab, or a client that asks for
      page after page without waiting. Voila goes on building a page whose
      client has gone, so without this one learner could keep the server
      building many pages at once. The refusal (:data:`BUILDING_PAGE`, which
      reloads itself) comes after :attr:`busy_refusal_delay` seconds;
    * beyond :attr:`max_builds` pages being built on the whole site at once (30
      learners opening a page in the same minute would otherwise start 30 kernels
      on two cores, each slowed by all the others): a request waits its turn, first
      come first served, up to :attr:`build_queue_seconds`, and is then answered
      :data:`BUSY_PAGE`, which says the site is busy and reloads itself (the
      learner's reload keeps their place in the queue). Nothing
      has been started for a waiting or refused request, and no page already open
      is touched: a learner's saved answers are never at stake."""

    refusal_delay = Float(
        2.0, config=True, help="Seconds a refused page request waits before its answer."
    )
    max_builds_per_learner = Integer(
        1, config=True,
        help="Pages of one learner the server builds at once; more are refused until "
        "one is built (guests share five times as many; 0: no limit).",
    )  # fmt: skip
    busy_refusal_delay = Float(
        0.5, config=True,
        help="Seconds a page request refused while the learner's page is being built "
        "waits before its answer (a client retrying at once is slowed down).",
    )  # fmt: skip
    max_builds = Integer(
        4, config=True,
        help="Pages the whole site builds at once (each starts a kernel, about 0.7 "
        "CPU-seconds); more wait their turn (about two per core; 0: no limit).",
    )  # fmt: skip
    build_queue_seconds = Float(
        15.0, config=True,
        help="Seconds a page request waits for its turn when the site builds "
        "max_builds pages, before it is answered with a page that says the site is "
        "busy and reloads itself (0: answered so at once).",
    )  # fmt: skip
    max_build_seconds = Float(
        300.0, config=True,
        help="Seconds after which a page still being built no longer counts against "
        "its learner (should the server never hear that it was finished).",
    )  # fmt: skip
    max_new_keys_per_address = Integer(
        60, config=True,
        help="New learner keys the site issues a minute to one client address (a whole "
        "school may share one address: keep it high); past it that address's new "
        "browsers are guests for the minute (0: no limit).",
    )  # fmt: skip

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._builds: dict[object, tuple[str, float]] = {}
        """One token per page being built -> its learner's key and when it began."""
        self._turns: dict[object, float] = {}
        """The tokens of the pages having their turn of the site's :attr:`max_builds`
        -> when it began."""
        self._waiting: list[tuple[float, object, asyncio.Future[None]]] = []
        """The page requests waiting for their turn: when their learner first asked,
        the page's token and its turn, first come first."""
        self._first_asked: dict[str, float] = {}
        """Learner key -> when they first asked for the page they were told the site
        was busy for: their reload keeps that place in the queue."""
        self._issued: dict[str, list[float]] = {}
        """Client address -> when it was given new learner keys in the last minute."""
        self._ceiling_told: dict[str, float] = {}
        """Client address -> its last key issued when the log was told it reached the ceiling."""

    def builds_of(self, key: str, now: float | None = None) -> int:
        """How many pages of the learner ``key`` are being built (a query)."""
        now = time.monotonic() if now is None else now
        return sum(
            1 for who, began in self._builds.values()
            if who == key and now - began < self.max_build_seconds
        )  # fmt: skip

    def _busy(self, manager: ClassroomKernelManager, env: dict[str, str]) -> str | None:
        """The learner's key if they have as many pages being built as they may."""
        learner = manager.learner(env)
        limit = self.max_builds_per_learner * (5 if learner.is_guest else 1)
        if limit > 0 and self.builds_of(learner.key) >= limit:
            return learner.key
        return None

    def _count_build(self, handler: web.RequestHandler, learner: Learner) -> object:
        """Count the page ``handler`` builds against its learner until it is finished
        (tornado calls ``on_finish`` once the response is done, the client there or
        not; :attr:`max_build_seconds` bounds it should that never come)."""
        now = time.monotonic()
        self._builds = {
            t: (who, began) for t, (who, began) in self._builds.items()
            if now - began < self.max_build_seconds
        }  # fmt: skip
        token = object()
        self._builds[token] = (learner.key, now)
        finished = handler.on_finish

        def on_finish() -> None:
            self._builds.pop(token, None)
            if self._turns.pop(token, None) is not None:
                self._give_turns()
            finished()

        setattr(handler, "on_finish", on_finish)  # noqa: B010 (an instance's hook)
        return token

    def site_builds(self, now: float | None = None) -> int:
        """How many pages of the whole site are being built, having their turn (a query)."""
        now = time.monotonic() if now is None else now
        return sum(1 for began in self._turns.values() if now - began < self.max_build_seconds)

    def _has_room(self) -> bool:
        return self.max_builds <= 0 or self.site_builds() < self.max_builds

    def _give_turns(self) -> None:
        """Give the free turns to the requests waiting longest."""
        while self._waiting and self._has_room():
            _asked, token, turn = self._waiting.pop(0)
            if not turn.done():
                self._turns[token] = time.monotonic()
                turn.set_result(None)

    async def _take_turn(self, token: object, key: str | None) -> float | None:
        """Wait for the page ``token`` of the learner ``key`` (``None``: a guest, who
        cannot be told apart) to have its turn of the site's builds, up to
        :attr:`build_queue_seconds`: the seconds it waited (``None``: no turn; the
        learner's reload then keeps their place in the queue)."""
        now = time.monotonic()
        keep = self.build_queue_seconds + 2 * BUSY_RETRY_SECONDS + 60
        self._first_asked = {k: t for k, t in self._first_asked.items() if now - t < keep}
        self._give_turns()
        if not self._waiting and self._has_room():
            self._turns[token] = now
            self._first_asked.pop(key or "", None)
            return 0.0
        asked = self._first_asked.get(key, now) if key is not None else now
        if self.build_queue_seconds > 0:
            turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            bisect.insort(self._waiting, (asked, token, turn), key=lambda w: w[0])
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(asyncio.shield(turn), self.build_queue_seconds)
            if turn.done():
                self._first_asked.pop(key or "", None)
                return time.monotonic() - now
            turn.cancel()
            self._waiting = [w for w in self._waiting if w[1] is not token]
        if key is not None:
            self._first_asked.setdefault(key, asked)
        return None

    async def _refuse(
        self, handler: web.RequestHandler, delay: float, page: str, retry_after: int
    ) -> None:
        await asyncio.sleep(max(0.0, delay))
        handler.set_status(429)
        handler.set_header("Content-Type", "text/html; charset=UTF-8")
        handler.set_header("Retry-After", str(retry_after))
        handler.finish(page)
        raise web.Finish()

    def may_issue(self, address: str, now: float | None = None) -> bool:
        """Whether the client ``address`` may be given one more new learner key this
        minute (:attr:`max_new_keys_per_address`); counts it when it may."""
        now = time.monotonic() if now is None else now
        self._issued = {a: [t for t in ts if now - t < 60] for a, ts in self._issued.items()}
        self._issued = {a: ts for a, ts in self._issued.items() if ts}
        recent = self._issued.get(address, [])
        if self.max_new_keys_per_address > 0 and len(recent) >= self.max_new_keys_per_address:
            if recent[-1] != self._ceiling_told.get(address):  # once a minute, not once a request
                self._ceiling_told = {a: t for a, t in self._ceiling_told.items() if a in self._issued}
                self._ceiling_told[address] = recent[-1]
                self.log.warning(
                    "Not issuing learner keys to %s this minute: it was given %d", address, len(recent)
                )
            return False
        self._issued[address] = [*recent, now]
        return True

    async def _issue_key(
        self, handler: web.RequestHandler, manager: ClassroomKernelManager, env: dict[str, str]
    ) -> None:
        """Give a page request without a signed learner key one, by a redirect to the
        same page that sets the cookie; and take the marker of that redirect off the
        address once the key came back. Returns when the request is to be served as
        it is (a learner's, or a guest's: a client that keeps no cookies, an address
        past its ceiling, no site secret)."""
        request = handler.request
        query = urllib.parse.parse_qsl(request.query or "", keep_blank_values=True)
        marked = any(name == KEY_MARKER for name, _ in query)
        known = not manager.learner(env).is_guest
        if known and not marked:
            return
        secret = manager.secret
        if not known and (marked or secret is None):
            return  # redirected once already: no cookie came back, a guest's page
        params = [(n, v) for n, v in query if n != KEY_MARKER]
        if secret is not None and not known:
            if not self.may_issue(request.remote_ip or ""):
                return
            handler.set_cookie(
                COOKIE, sign_key(new_key(), secret), path="/", expires_days=365,
                samesite="Lax", secure=request.protocol == "https",
            )  # fmt: skip
            params.append((KEY_MARKER, "1"))
        path = "/" + re.sub(r"^/+", "", request.path or "/")  # never "//host": same site only
        handler.set_header("Cache-Control", "no-store")
        handler.redirect(path + ("?" + urllib.parse.urlencode(params) if params else ""))
        raise web.Finish()

    @staticmethod
    def _give_guest_token(
        handler: web.RequestHandler, manager: ClassroomKernelManager, env: dict[str, str]
    ) -> None:
        """Give a guest's page request that brought no guest token one
        (:data:`~pinochle_site.environment.GUEST_COOKIE`, for the browser's session):
        guests share one learner key, and the token, which the browser's later pages
        send, lets only that browser use the kernels those pages start
        (:meth:`ClassroomKernelManager.may_use`). This page's own kernel has none (the
        client may keep no cookies: its page must still work)."""
        if manager.learner(env).is_guest and guest_token(env) is None:
            handler.set_cookie(
                GUEST_COOKIE, new_guest_token(), path="/", httponly=True, samesite="Lax",
                secure=handler.request.protocol == "https",
            )  # fmt: skip

    @staticmethod
    def kernel_named(handler: web.RequestHandler) -> str | None:
        """The kernel a request acts on, as its handler will read it (decoded, so an
        id spelled with %-escapes is the kernel it names), else ``None``: every
        handler routed on a kernel id (``/api/kernels/<id>``, its ``/channels``
        websocket, ``/voila/execution/<id>``, the cells of a page under progressive
        rendering) names it ``kernel_id``; Voila's ``/voila/api/shutdown/<id>`` takes
        it as its one positional part."""
        named = handler.path_kwargs.get("kernel_id")
        if named is None and isinstance(handler, VoilaShutdownKernelHandler) and handler.path_args:
            named = handler.path_args[0]
        return named if isinstance(named, str) else None

    def _refuse_not_owner(self, handler: web.RequestHandler, manager: ClassroomKernelManager) -> None:
        """Refuse (403, before anything is done for it, a websocket before it opens)
        any request on a kernel that is not its learner's
        (:meth:`ClassroomKernelManager.may_use`): to read or delete it
        (``/api/kernels/<id>``), shut it down (``POST /voila/api/shutdown/<id>``),
        connect to it (``/api/kernels/<id>/channels``) or ask for its page's cells
        (``/voila/execution/<id>``: whoever asks first gets every output of the page,
        and the page's own script is told "Missing notebook data"). Every one of these
        handlers asks :meth:`get_user` in ``prepare``, before it acts or upgrades."""
        kernel_id = self.kernel_named(handler)
        if kernel_id is None:
            return
        if not manager.may_use(kernel_id, request_environment(handler)):
            manager.log.warning(
                "Refusing %s %s: kernel %s is not its learner's",
                handler.request.method, type(handler).__name__, kernel_id[:40],
            )  # fmt: skip
            raise web.HTTPError(403, reason=NOT_YOURS_MESSAGE)

    async def get_user(self, handler: web.RequestHandler) -> Any:
        """The user, after issuing a page request's learner key and refusing a page
        request of a learner who is over the rate or has a page being built already,
        or any request on another learner's kernel (:meth:`_refuse_not_owner`; see
        the class's text)."""
        manager = handler.settings.get("kernel_manager")
        if isinstance(manager, ClassroomKernelManager):
            self._refuse_not_owner(handler, manager)
        if (
            isinstance(manager, ClassroomKernelManager)
            and handler.request.method == "GET"
            and "/voila/render/" in (handler.request.path or "")
        ):
            env = request_environment(handler)
            user = super().get_user(handler)
            user = await user if isinstance(user, Awaitable) else user
            if user is None:
                return None
            await self._issue_key(handler, manager, env)
            self._give_guest_token(handler, manager, env)
            if manager.too_fast(env):
                manager.log.warning("Refusing a page before rendering it: too many pages a minute")
                await self._refuse(handler, self.refusal_delay, REFUSED_PAGE, 60)
            busy = self._busy(manager, env)
            if busy is not None:
                manager.log.warning(
                    "Refusing a page before rendering it: %s has a page being built", busy[:8]
                )
                await self._refuse(
                    handler, self.busy_refusal_delay, BUILDING_PAGE, BUILDING_RETRY_SECONDS
                )
            if user is not None:
                learner = manager.learner(env)
                token = self._count_build(handler, learner)
                waited = await self._take_turn(token, None if learner.is_guest else learner.key)
                if waited is None:
                    manager.log.warning(
                        "Refusing a page before rendering it: the site builds %d pages "
                        "and %d more wait", self.site_builds(), len(self._waiting),
                    )  # fmt: skip
                    await self._refuse(handler, 0.0, BUSY_PAGE, BUSY_RETRY_SECONDS)
                if waited:
                    manager.log.info("A page waited %.1f s for its turn to be built", waited)
                if client_gone(handler):  # it left while waiting: build nothing for it
                    manager.log.info("Not building a page: its client left while it waited")
                    handler.finish()
                    raise web.Finish()
            return user
        user = super().get_user(handler)
        return await user if isinstance(user, Awaitable) else user
