"""The server side of the class's Voila site: a kernel manager that one learner
cannot use to exhaust the server.

``voila.json`` names it (``VoilaConfiguration.multi_kernel_manager_class``). Each
page a learner opens starts a kernel of about 100 MB; Voila starts one for every
page load and, as configured, culls a kernel only when its page has been closed
for the idle timeout. Measured before: 40 page loads in 19 s added 41 kernels and
4.1 GB, and a page left open held its kernel for ever. This manager:

* keeps at most :attr:`ClassroomKernelManager.max_kernels_per_learner` kernels per
  learner (the learner being the browser's learner key signed by this site, the hub
  or proxy user, see
  :func:`pinochle_tutor.classroom.identity.learner_from_environment`): opening one more
  page shuts that learner's oldest page's kernel down (they cannot be reading ten
  tabs at once). Requests without a key this site signed (a client that makes up
  keys, or sends none) are guests, who share
  :attr:`~ClassroomKernelManager.max_guest_kernels` kernels: a client that floods
  the site with made-up keys fills only the guests' share;
* refuses a page with a clear "wait a minute" message to a learner who opens more
  than :attr:`~ClassroomKernelManager.max_starts_per_minute` pages a minute (each
  starts a kernel: a burst of page loads would take the CPU from everyone else),
  and starts the kernels of a learner past
  :attr:`~ClassroomKernelManager.calm_starts_per_minute` pages a minute at a lower
  CPU priority (``nice``), so that their pages still open but the rest of the class
  comes first (on an idle server a niced kernel runs as fast as any other);
* refuses a page with a clear "the site is full" message once the whole site runs
  :attr:`~ClassroomKernelManager.max_kernels` kernels;
* culls a kernel idle for :attr:`~ClassroomKernelManager.cull_connected_timeout`
  seconds even while its page is still open (the usual idle cull, for pages that
  were closed, stays shorter), and the kernel of a page that never connected to it
  (a client that asks for pages and does not open them) once it has been idle
  :attr:`~ClassroomKernelManager.cull_unconnected_timeout` seconds;
* lets only the learner who owns a kernel (whose page started it) connect to it
  (:class:`ClassroomWebsocketConnection`) or shut it down (checked by
  :class:`ClassroomIdentityProvider`); a guest's kernel, whose owner cannot be told
  apart from other guests, is open to any page that knows its id (ids are random
  and never listed).

``voila.json`` also names :class:`ClassroomWebsocketConnection`
(``Voila.kernel_websocket_connection_class``), the link between a page and its
kernel, so that one page cannot take the server from the others: it passes at
most :attr:`~ClassroomWebsocketConnection.messages_per_second` messages a second
to the kernel (with a burst allowance for a page's first load), drops the rest
and closes a page that keeps flooding; and it closes a page that does not read
what the kernel sends it once :attr:`~ClassroomWebsocketConnection.max_unread_bytes`
wait unread (a client that asks and never reads would otherwise grow the
server's memory without end). A closed page's learner reloads it; their answers
are already saved, one transaction each.

:class:`ClassroomIdentityProvider` (``Voila.identity_provider_class``) sees every
request first. It issues learner keys: a browser's first page request gets a key
signed with the site's secret in the ``pinochle_learner`` cookie, by a redirect to
the same page (so the very first page is already built as that learner, with a
marker in the address that stops a client keeping no cookies from being redirected
again: it gets its page as a guest); a browser that still holds an unsigned key
made before keys were signed gets that key signed when the class database knows
it (a client's made-up keys never match), so no learner loses their record. One
client address is given at most
:attr:`~ClassroomIdentityProvider.max_new_keys_per_address` new keys a minute (a
whole school may sit behind one address, so the ceiling is high); past it, the
address's new browsers are guests for that minute. It refuses a
page request before any work is done for it when its learner is over the page rate
or already has a page being built, and lets at most
:attr:`~ClassroomIdentityProvider.max_builds` pages of the whole site be built at
once (the others wait their turn, or get a page that says the site is busy and
reloads itself); :class:`ShareCompiledTemplates`
(``VoilaExporter.preprocessors``) lets every page build use the templates compiled
once, where Voila compiled them anew for each page.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import os
import re
import time
import urllib.parse
from collections.abc import Awaitable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import jinja2
from jupyter_core.utils import ensure_async
from jupyter_server.auth.identity import PasswordIdentityProvider
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from nbconvert.preprocessors import Preprocessor
from tornado import web
from tornado.ioloop import PeriodicCallback
from traitlets import Float, Integer

from pinochle_tutor.classroom.display import class_store
from pinochle_tutor.classroom.identity import (
    COOKIE,
    GUEST,
    Learner,
    learner_from_environment,
    new_key,
    sign_key,
    site_secret,
    unsigned_cookie_key,
)
from pinochle_tutor.classroom.store import DATABASE_ERRORS, StoreError

__all__ = [
    "BUILDING_MESSAGE",
    "BUILDING_PAGE",
    "BUSY_MESSAGE",
    "BUSY_PAGE",
    "FULL_MESSAGE",
    "KEY_MARKER",
    "NOT_YOURS_MESSAGE",
    "REFUSED_PAGE",
    "TOO_FAST_MESSAGE",
    "ClassroomIdentityProvider",
    "ClassroomKernelManager",
    "ClassroomWebsocketConnection",
    "CompiledTemplates",
    "ShareCompiledTemplates",
    "autogroup_niceness",
    "request_environment",
    "set_autogroup_niceness",
]

TOO_FAST_MESSAGE = (
    "You are opening pages faster than anyone can read them: wait a minute, then "
    "reload this page."
)
"""What a learner reads who opens more pages a minute than the site allows."""

FULL_MESSAGE = (
    "The class site is full right now: too many pages are open. Close the pages you "
    "are not using, wait a minute and reload this one."
)
"""What a learner reads when the site runs as many kernels as it may."""

BUILDING_MESSAGE = (
    "This page is still being prepared for you (in another tab, or from before you "
    "reloaded it). It opens by itself in a few seconds."
)
"""What a learner reads who asks for a page while one of theirs is still being built."""

BUILDING_RETRY_SECONDS = 5
"""Seconds after which the page of :data:`BUILDING_MESSAGE` reloads itself."""

NOT_YOURS_MESSAGE = "This page belongs to another learner's browser: open the page yourself."
"""The reason given to a client that asks to use or shut down another learner's kernel."""

KEY_MARKER = "pinochle_key"
"""The query parameter of the redirect that issues a learner key: a request that
carries it and still no signed key is served as a guest's, not redirected again."""


BUSY_MESSAGE = (
    "The class site is busy: many pages are being prepared at once. Your page waits "
    "its turn and opens by itself in a few seconds; there is nothing to do, and your "
    "answers so far are saved."
)
"""What a learner reads when the site builds as many pages at once as it may."""

BUSY_RETRY_SECONDS = 5
"""Seconds after which the page of :data:`BUSY_MESSAGE` reloads itself."""


_UNREADABLE: tuple[type[Exception], ...] = (StoreError, *DATABASE_ERRORS)
"""What a look-up in the class database may raise."""


def _refusal_page(title: str, message: str, reload_after: int | None = None) -> str:
    refresh = (
        f'<meta http-equiv="refresh" content="{reload_after}">' if reload_after is not None else ""
    )
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8">{refresh}'
        f"<title>{title}</title></head><body><main>"
        f'<p role="alert">{message}</p></main></body></html>'
    )


REFUSED_PAGE = _refusal_page("Please wait a minute", TOO_FAST_MESSAGE)
"""The page a learner over the page rate gets, before any work is done for it."""

BUILDING_PAGE = _refusal_page("Please wait", BUILDING_MESSAGE, BUILDING_RETRY_SECONDS)
"""The page a learner gets who asks for a page while one of theirs is being built:
before any work is done for it, and it reloads itself."""

BUSY_PAGE = _refusal_page("The site is busy", BUSY_MESSAGE, BUSY_RETRY_SECONDS)
"""The page a learner gets when the whole site has as many pages being built as it
may and the request waited its turn long enough: before any work is done for it,
and it reloads itself."""


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Voila's kernel manager with a cap per learner, a cap per site, and a cull of
    kernels idle with their page open (see the module's text)."""

    max_kernels = Integer(
        60, config=True, help="The most kernels the site runs at once (about 100 MB each)."
    )
    max_kernels_per_learner = Integer(
        6, config=True, help="The most kernels one learner's pages hold; more shuts the oldest."
    )
    max_guest_kernels = Integer(
        30, config=True, help="The most kernels held by browsers that have no learner key yet."
    )
    max_starts_per_minute = Integer(
        30, config=True,
        help="The most pages one learner may open a minute (each starts a kernel, "
        "about 0.7 CPU-seconds); guests share five times as many.",
    )  # fmt: skip
    calm_starts_per_minute = Integer(
        2, config=True,
        help="Pages a minute after which a learner's further pages start their kernel "
        "at a lower CPU priority (guests: five times as many; 0: never).",
    )  # fmt: skip
    busy_niceness = Integer(
        10, config=True, help="The niceness (0 to 19) of the kernels started past the calm rate."
    )
    cull_connected_timeout = Integer(
        3600, config=True,
        help="Idle seconds after which a kernel is culled even while its page is open (0: never).",
    )  # fmt: skip
    cull_unconnected_timeout = Integer(
        60, config=True,
        help="Idle seconds after which the kernel of a page that never connected to it "
        "is shut down (checked every few seconds; 0: never).",
    )  # fmt: skip

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._owners: dict[str, str] = {}
        """Kernel id -> the learner whose page started it, oldest first."""
        self._starts: dict[str, list[float]] = {}
        """Learner -> when their recent pages started a kernel (monotonic seconds)."""
        self._starting: dict[str, int] = {}
        """Learner -> how many of their pages' kernels are starting at this moment."""
        self._connected: set[str] = set()
        """The kernels a page has connected to at least once."""
        self._unconnected_check: PeriodicCallback | None = None
        self._secret: bytes | None = None

    @property
    def secret(self) -> bytes | None:
        """The site's secret for learner keys (read or made once,
        :func:`~pinochle_tutor.classroom.identity.site_secret`); ``None`` if there is none."""
        if self._secret is None:
            self._secret = site_secret()
            if self._secret is None:
                self.log.error(
                    "No site secret could be read or made: every page is a guest's "
                    "(set PINOCHLE_TUTOR_SITE_SECRET or make the progress folder writable)"
                )
        return self._secret

    def learner(self, env: dict[str, str]) -> Learner:
        """The learner of a request (its environment, as a page's kernel would get it):
        a browser counts as a learner only with a key this site signed. A query."""
        return learner_from_environment(env, secret=self.secret) if self.secret else GUEST

    def owner(self, kernel_id: str) -> str | None:
        """The learner whose page started ``kernel_id`` (``None`` if not known)."""
        return self._owners.get(kernel_id)

    def may_use(self, kernel_id: str, env: dict[str, str]) -> bool:
        """Whether the client of a request (its environment) may use or shut down the
        kernel ``kernel_id``: its owner may, and anyone may use a guest's kernel or one
        whose owner is not known (guests cannot be told apart). A query."""
        owner = self._owners.get(kernel_id)
        return owner is None or owner == GUEST.key or owner == self.learner(env).key

    def notify_connect(self, kernel_id: str) -> None:
        """Notice a page's connection to its kernel (and that it connected once)."""
        if kernel_id in self:
            self._connected.add(kernel_id)
        super().notify_connect(kernel_id)

    def ever_connected(self, kernel_id: str) -> bool:
        """Whether a page has connected to ``kernel_id`` since it started (a query)."""
        return kernel_id in self._connected

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a page's kernel, after making room for it (see the module's text);
        raises a 503 with :data:`FULL_MESSAGE` when the site is full."""
        env = kwargs.get("env") or {}
        learner = self.learner(env)
        self._watch_unconnected()
        cap = self.max_guest_kernels if learner.is_guest else self.max_kernels_per_learner
        now = time.monotonic()
        recent = self._recent_starts(learner.key, now)
        if self._reached(self.max_starts_per_minute, recent, learner.is_guest):
            self.log.warning("Refusing a page: %s opened %d in a minute", learner.key[:8], len(recent))
            raise web.HTTPError(429, reason=TOO_FAST_MESSAGE)
        starting = self._starting.get(learner.key, 0)
        if starting >= cap:  # as many of their pages start at this moment as they may hold
            self.log.warning("Refusing a page: %s starts %d at once", learner.key[:8], starting)
            raise web.HTTPError(429, reason=TOO_FAST_MESSAGE)
        self._starts[learner.key] = [*recent, now]
        self._starting[learner.key] = starting + 1  # counted before any wait: no race
        try:
            mine = [k for k, who in self._owners.items() if who == learner.key and k in self]
            for kernel_id in mine[: max(0, len(mine) + starting + 1 - cap)]:
                self.log.info("Shutting down %s: %s opened a newer page", kernel_id, learner.key[:8])
                await self.shutdown_kernel(kernel_id)
            others_starting = sum(self._starting.values()) - 1
            if len(self.list_kernel_ids()) + others_starting >= self.max_kernels:
                self.log.warning("Refusing a page: %d kernels running", len(self.list_kernel_ids()))
                raise web.HTTPError(503, reason=FULL_MESSAGE)
            kernel_id = str(await super().start_kernel(*args, **kwargs))
        finally:
            left = self._starting.get(learner.key, 1) - 1
            if left > 0:
                self._starting[learner.key] = left
            else:
                self._starting.pop(learner.key, None)
        self._owners[kernel_id] = learner.key
        if self._reached(self.calm_starts_per_minute, recent, learner.is_guest):
            self._lower_priority(kernel_id)
        return kernel_id

    def _watch_unconnected(self) -> None:
        """Start the periodic check for kernels whose page never connected (once)."""
        if self._unconnected_check is not None or self.cull_unconnected_timeout <= 0:
            return
        every = max(1, min(5, self.cull_unconnected_timeout // 10))
        self._unconnected_check = PeriodicCallback(self.cull_unconnected, 1000 * every)
        self._unconnected_check.start()

    async def cull_unconnected(self) -> list[str]:
        """Shut down the kernels no page has connected to that have been idle
        :attr:`cull_unconnected_timeout` seconds (a page asked for and never opened,
        or a client that asks for pages only to hold kernels): the ids shut down."""
        timeout = self.cull_unconnected_timeout
        self._connected &= set(self.list_kernel_ids())
        culled = []
        for kernel_id in self.list_kernel_ids():
            kernel = self._kernels.get(kernel_id)
            last = getattr(kernel, "last_activity", None)
            if kernel_id in self._connected or last is None or timeout <= 0:
                continue
            idle = (datetime.now(timezone.utc) - last).total_seconds()
            if idle > timeout and getattr(kernel, "execution_state", "") != "busy":
                self.log.warning(
                    "Culling kernel %s: its page never connected (idle %d s)", kernel_id, int(idle)
                )
                with contextlib.suppress(Exception):  # gone already: nothing to free
                    await self.shutdown_kernel(kernel_id)
                culled.append(kernel_id)
        return culled

    def _recent_starts(self, key: str, now: float) -> list[float]:
        return [t for t in self._starts.get(key, []) if now - t < 60]

    @staticmethod
    def _reached(per_minute: int, recent: list[float], is_guest: bool) -> bool:
        """Whether a learner's ``recent`` page starts reach a ``per_minute`` limit
        (guests share five times as many; 0: no limit)."""
        limit = per_minute * (5 if is_guest else 1)
        return limit > 0 and len(recent) >= limit

    def too_fast(self, env: dict[str, str]) -> bool:
        """Whether the learner of a page request (its environment, as a kernel of
        that page would get it) has opened as many pages this minute as the site
        allows: the next page is refused. A query: never raises."""
        learner = self.learner(env)
        recent = self._recent_starts(learner.key, time.monotonic())
        return self._reached(self.max_starts_per_minute, recent, learner.is_guest)

    def kernel_pid(self, kernel_id: str) -> int | None:
        """The process id of a local kernel (``None`` when it is not known)."""
        kernel = self._kernels.get(kernel_id)
        provisioner = getattr(kernel, "provisioner", None)
        pid = getattr(provisioner, "pid", None)
        return pid if isinstance(pid, int) else None

    def _lower_priority(self, kernel_id: str) -> None:
        """Lower a kernel's CPU priority: its niceness, and that of its autogroup.

        Each kernel starts a session of its own (``setsid``), and where Linux groups
        the CPU by session (``/proc/sys/kernel/sched_autogroup_enabled``, on by
        default) a process's niceness only weighs against the other processes of
        its session: the kernel would still get as much CPU as the server or any
        learner's kernel. Measured: two busy processes on one core, one at niceness
        10 in a session of its own, shared it 50/50; with its autogroup also at 10,
        90/10."""
        pid = self.kernel_pid(kernel_id)
        if pid is None:
            return
        niceness = max(0, min(19, self.busy_niceness))
        try:
            os.setpriority(os.PRIO_PROCESS, pid, niceness)
        except OSError as exc:  # gone already, or not ours: the page works all the same
            self.log.info("Could not lower the priority of kernel %s: %s", kernel_id, exc)
            return
        set_autogroup_niceness(pid, niceness)
        self.log.info("Kernel %s starts at niceness %d: its learner opens many pages",
                      kernel_id, niceness)  # fmt: skip

    async def shutdown_kernel(  # type: ignore[override]
        self, kernel_id: str, *args: Any, **kwargs: Any
    ) -> None:
        """Shut a kernel down and forget whose it was."""
        self._owners.pop(kernel_id, None)
        self._connected.discard(kernel_id)
        await super().shutdown_kernel(kernel_id, *args, **kwargs)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """The usual cull for pages that were closed; also cull a kernel idle for
        :attr:`cull_connected_timeout` seconds with its page still open."""
        kernel = self._kernels.get(kernel_id)
        connections = self._kernel_connections.get(kernel_id, 0)
        last = getattr(kernel, "last_activity", None)
        timeout = self.cull_connected_timeout
        if kernel is not None and connections and timeout > 0 and last is not None:
            idle = (datetime.now(timezone.utc) - last).total_seconds()
            if idle > timeout and getattr(kernel, "execution_state", "") != "busy":
                self.log.warning(
                    "Culling kernel %s: idle %d s with its page open", kernel_id, int(idle)
                )
                await self.shutdown_kernel(kernel_id)
                return
        await ensure_async(super().cull_kernel_if_idle(kernel_id))


def set_autogroup_niceness(pid: int, niceness: int) -> bool:
    """Set the niceness of the CPU autogroup of process ``pid`` (its session, where
    the kernel groups the CPU by session); whether it was set (not where the kernel
    has no autogroups, or the process is gone)."""
    try:
        Path(f"/proc/{pid}/autogroup").write_text(f"{niceness}\n")
    except OSError:
        return False
    return True


def autogroup_niceness(pid: int) -> int | None:
    """The niceness of the CPU autogroup of process ``pid`` (``None`` where there is
    none to read)."""
    try:
        text = Path(f"/proc/{pid}/autogroup").read_text()
    except OSError:
        return None
    _, _, value = text.rpartition(" nice ")
    return int(value) if value.strip().lstrip("-").isdigit() else None


class ClassroomWebsocketConnection(ZMQChannelsWebsocketConnection):
    """The websocket between one page and its kernel, with a message rate limit
    and a bound on what may wait unread (see the module's text)."""

    messages_per_second = Float(
        20.0, config=True,
        help="Messages a second one page may send its kernel, on average (a learner "
        "clicking and typing sends a few; 0: no limit).",
    )  # fmt: skip
    message_burst = Integer(
        200, config=True,
        help="Messages a page may send at once beyond the rate (a page's first load "
        "sends a burst of them).",
    )  # fmt: skip
    max_dropped = Integer(
        1000, config=True,
        help="Messages dropped from one page before the server closes it (0: never close).",
    )  # fmt: skip
    max_unread_bytes = Integer(
        32 * 1024 * 1024, config=True,
        help="Bytes that may wait for a page that does not read them before the "
        "server closes it (0: no bound).",
    )  # fmt: skip

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._tokens = float(self.message_burst)
        self._refilled = time.monotonic()
        self.dropped = 0
        """Messages from this page dropped by the rate limit so far."""
        self.closing = False
        """Whether the server is closing this page (what it still sends is dropped)."""

    async def prepare(self) -> None:
        """Refuse (403, before the websocket opens) a client that is not the learner
        who owns the kernel (:meth:`ClassroomKernelManager.may_use`), then prepare
        the connection as usual."""
        manager = self.multi_kernel_manager
        if isinstance(manager, ClassroomKernelManager) and not manager.may_use(
            self.kernel_id, request_environment(self.websocket_handler)
        ):
            self.log.warning("Refusing a connection to kernel %s: not its learner's", self.kernel_id)
            raise web.HTTPError(403, reason=NOT_YOURS_MESSAGE)
        await super().prepare()

    def take_message(self, now: float | None = None) -> bool:
        """Whether one more message from the page may pass now (a token bucket:
        :attr:`message_burst` at once, refilled at :attr:`messages_per_second`)."""
        if self.messages_per_second <= 0:
            return True
        now = time.monotonic() if now is None else now
        self._tokens = min(
            float(self.message_burst),
            self._tokens + (now - self._refilled) * self.messages_per_second,
        )
        self._refilled = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False

    def unread_bytes(self) -> int:
        """Bytes written to the page's socket that it has not read yet (0 when it
        cannot be told)."""
        handler = getattr(self, "websocket_handler", None)
        ws = getattr(handler, "ws_connection", None)
        stream = getattr(ws, "stream", None)
        buffer = getattr(stream, "_write_buffer", None)  # tornado's IOStream keeps it here
        try:
            return len(buffer) if buffer is not None else 0
        except TypeError:
            return 0

    def _close_page(self, why: str) -> None:
        if self.closing:
            return
        self.closing = True
        self.log.warning("Closing the page of kernel %s: %s", self.kernel_id, why)
        handler = getattr(self, "websocket_handler", None)
        if handler is not None:
            handler.close(1008, why)  # 1008: policy violation

    def handle_incoming_message(self, incoming_msg: str) -> None:
        """Pass a page's message to its kernel, unless the page is over its rate."""
        if self.closing:
            return
        if self.take_message():
            super().handle_incoming_message(incoming_msg)
            return
        self.dropped += 1
        if self.dropped == 1:
            self.log.warning(
                "Kernel %s: its page sends more than %g messages a second; dropping the excess",
                self.kernel_id, self.messages_per_second,
            )  # fmt: skip
        if self.max_dropped and self.dropped >= self.max_dropped:
            self._close_page(f"{self.dropped} messages over the rate limit")

    def handle_outgoing_message(self, stream: str, outgoing_msg: list[Any]) -> None:
        """Pass the kernel's message to the page, unless the page has stopped reading."""
        if self.closing:
            return
        if self.max_unread_bytes and self.unread_bytes() > self.max_unread_bytes:
            self._close_page(f"more than {self.max_unread_bytes} bytes unread")
            return
        super().handle_outgoing_message(stream, outgoing_msg)


class CompiledTemplates(jinja2.BytecodeCache):
    """The page templates, compiled once for the life of the server process.

    Voila makes a new exporter, and so a new Jinja environment, for every page it
    builds, and compiles every template of the page from its source again: measured
    (py-spy, a burst of page loads) more than half of the server's CPU for a page.
    Kept by name, source checksum and the environment's settings, so a changed
    template or an environment set up otherwise is compiled afresh."""

    def __init__(self) -> None:
        self._code: dict[tuple[object, ...], bytes] = {}

    @staticmethod
    def _key(bucket: jinja2.bccache.Bucket) -> tuple[object, ...]:
        env = bucket.environment
        return (bucket.key, bucket.checksum, env.is_async, tuple(sorted(env.extensions)))

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = self._code.get(self._key(bucket))
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._code[self._key(bucket)] = bucket.bytecode_to_string()


TEMPLATES = CompiledTemplates()
"""The server's one :class:`CompiledTemplates`."""


class ShareCompiledTemplates(Preprocessor):
    """A preprocessor that changes no cell: it gives the exporter building a page
    (its ``parent``) the server's :data:`TEMPLATES`, before the page's templates are
    loaded. ``voila.json`` lists it in ``VoilaExporter.preprocessors``."""

    def preprocess(self, nb: Any, resources: Any) -> tuple[Any, Any]:
        """The notebook and resources unchanged; the exporter's templates shared."""
        environment = getattr(self.parent, "environment", None)
        if isinstance(environment, jinja2.Environment) and environment.bytecode_cache is None:
            environment.bytecode_cache = TEMPLATES
        return nb, resources


def request_environment(handler: web.RequestHandler) -> dict[str, str]:
    """The environment a page's kernel would get from this request for telling who
    is learning: the server's own, with each request header as ``HTTP_<NAME>``
    (as Voila passes the headers of ``http_header_envs``)."""
    headers = {
        "HTTP_" + name.upper().replace("-", "_"): value
        for name, value in handler.request.headers.get_all()
    }
    return {**os.environ, **headers}


def _client_gone(handler: web.RequestHandler) -> bool:
    """Whether the client of a request is known to have closed its connection."""
    stream = getattr(handler.request.connection, "stream", None)
    closed = getattr(stream, "closed", None)
    return bool(closed()) if callable(closed) else False


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
            key = await self._legacy_key(env)
            if key is None:
                if not self.may_issue(request.remote_ip or ""):
                    return
                key = new_key()
            handler.set_cookie(
                COOKIE, sign_key(key, secret), path="/", expires_days=365,
                samesite="Lax", secure=request.protocol == "https",
            )  # fmt: skip
            params.append((KEY_MARKER, "1"))
        path = "/" + re.sub(r"^/+", "", request.path or "/")  # never "//host": same site only
        handler.set_header("Cache-Control", "no-store")
        handler.redirect(path + ("?" + urllib.parse.urlencode(params) if params else ""))
        raise web.Finish()

    @staticmethod
    async def _legacy_key(env: dict[str, str]) -> str | None:
        """The unsigned key of the request's cookie when the class database already
        keeps a record under it (a browser from before the site signed keys), else
        ``None``: a made-up key never matches, so it gets no share of the site."""
        key = unsigned_cookie_key(env)
        if key is None:
            return None

        def known() -> bool:
            store = class_store()
            if store is None:
                return False
            try:
                return bool(store.name_of(key) or store.attempts(key) or store.lessons(key))
            except _UNREADABLE:  # an unreadable store knows nobody
                return False

        return key if await asyncio.to_thread(known) else None

    def _refuse_not_owner(self, handler: web.RequestHandler, manager: ClassroomKernelManager) -> None:
        """Refuse (403) a request to shut down a kernel that is not its learner's:
        ``POST /voila/api/shutdown/<id>`` and ``DELETE /api/kernels/<id>``."""
        request = handler.request
        path = request.path or ""
        found = re.search(r"/(?:voila/api/shutdown|api/kernels)/([0-9a-f-]{36})/?$", path)
        if found is None or request.method not in ("POST", "DELETE"):
            return
        if (request.method == "POST") != ("/voila/api/shutdown/" in path):
            return
        if not manager.may_use(found.group(1), request_environment(handler)):
            manager.log.warning("Refusing to shut down kernel %s: not its learner's", found.group(1))
            raise web.HTTPError(403, reason=NOT_YOURS_MESSAGE)

    async def get_user(self, handler: web.RequestHandler) -> Any:
        """The user, after issuing a page request's learner key and refusing a page
        request of a learner who is over the rate or has a page being built already,
        or a request to shut down another learner's kernel (see the class's text)."""
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
                if _client_gone(handler):  # it left while waiting: build nothing for it
                    manager.log.info("Not building a page: its client left while it waited")
                    handler.finish()
                    raise web.Finish()
            return user
        user = super().get_user(handler)
        return await user if isinstance(user, Awaitable) else user
