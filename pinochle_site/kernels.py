"""A kernel manager that one learner cannot use to exhaust the server.

``voila.json`` names :class:`ClassroomKernelManager`
(``VoilaConfiguration.multi_kernel_manager_class``). Each page a learner opens starts
a kernel of about 100 MB; Voila alone starts one for every page load and culls a
kernel only when its page has been closed for the idle timeout (40 page loads in 19 s
start 41 kernels, 4.1 GB, and a page left open holds its kernel for ever). This
manager:

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
  CPU priority (:mod:`pinochle_site.niceness`), so that their pages still open but
  the rest of the class comes first (on an idle server a niced kernel runs as fast
  as any other);
* refuses a page with a clear "the site is full" message once the whole site runs
  :attr:`~ClassroomKernelManager.max_kernels` kernels;
* culls a kernel idle for :attr:`~ClassroomKernelManager.cull_connected_timeout`
  seconds even while its page is still open (the usual idle cull, for pages that
  were closed, stays shorter), and the kernel of a page that never connected to it
  (a client that asks for pages and does not open them) once it has been idle
  :attr:`~ClassroomKernelManager.cull_unconnected_timeout` seconds;
* says who may use a kernel (:meth:`~ClassroomKernelManager.may_use`): only the
  learner who owns it (whose page started it) may connect to it, ask for its page's
  cells, read it or shut it down (every request on a kernel is checked by
  :class:`pinochle_site.identity.ClassroomIdentityProvider`, the kernel websocket
  also by :class:`pinochle_site.websocket.ClassroomWebsocketConnection`). Guests share
  one key, so a guest's kernel is told apart by its browser's guest token
  (:data:`~pinochle_site.environment.GUEST_COOKIE`, set on a guest's page): a kernel
  started by a request that carried one is that browser's only. The first guest page
  of a browser has no token yet, and a client that keeps no cookies never has one:
  such a kernel is open to any page that knows its id (ids are random and never
  listed).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import time
import uuid
from datetime import datetime, timezone
from typing import Any

from jupyter_core.utils import ensure_async
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from tornado.ioloop import PeriodicCallback
from traitlets import Integer, List, Unicode

from pinochle_site.environment import guest_token
from pinochle_site.niceness import lower_priority
from pinochle_site.pages import FULL_MESSAGE, TOO_FAST_MESSAGE
from pinochle_tutor.classroom.identity import (
    GUEST,
    Learner,
    learner_from_environment,
    site_secret,
)

__all__ = ["PRELOAD", "ClassroomKernelManager", "preload_code"]

PRELOAD = (
    "pinochle_widgets",
    "pinochle_widgets.navigation",
    "pinochle_widgets.lesson",
    "pinochle_widgets.quiz_runner",
    "pinochle_widgets.mastery",
)
"""The modules a new kernel imports before its page asks for anything: the ones most
pages import first (about half a second of a kernel's start)."""


def preload_code(names: list[str]) -> str:
    """The code that imports ``names``, one ``import`` a line; a name that is not a
    dotted module name (a setting with anything else in it) is left out, never run.

    >>> preload_code(["pinochle_widgets.lesson", "os; print('x')"])
    'import pinochle_widgets.lesson\\n'
    """
    return "".join(
        f"import {name}\n" for name in names if all(p.isidentifier() for p in name.split("."))
    )


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
        45, config=True,
        help="Idle seconds after which the kernel of a page that never connected to it "
        "is shut down (checked every 5 seconds, so it goes within a minute of its page "
        "being built; 0: never).",
    )  # fmt: skip

    preload = List(
        Unicode(),
        list(PRELOAD),
        config=True,
        help="Modules a new kernel imports as soon as it is up, while the browser is "
        "still loading the page's scripts (with progressive rendering the page's cells "
        "run only once those scripts have loaded); empty: none.",
    )  # fmt: skip

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._owners: dict[str, str] = {}
        """Kernel id -> the learner whose page started it, oldest first."""
        self._guest_tokens: dict[str, str] = {}
        """Kernel id of a guest's page -> the guest token its request carried (a kernel
        whose request carried none is not here)."""
        self._starts: dict[str, list[float]] = {}
        """Learner -> when their recent pages started a kernel (monotonic seconds)."""
        self._starting: dict[str, int] = {}
        """Learner -> how many of their pages' kernels are starting at this moment."""
        self._connected: set[str] = set()
        """The kernels a page has connected to at least once."""
        self._unconnected_check: PeriodicCallback | None = None
        self._preloading: set[asyncio.Future[None]] = set()
        """The preloads under way (kept so that they are not garbage-collected)."""
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
        kernel ``kernel_id``: its owner may; a guest's kernel, the browser whose guest
        token started it (guests share one key), or anyone when its request carried no
        token; anyone a kernel whose owner is not known. A query."""
        owner = self._owners.get(kernel_id)
        if owner is None:
            return True
        if owner == GUEST.key:
            token = self._guest_tokens.get(kernel_id)
            return token is None or hmac.compare_digest(token, guest_token(env) or "")
        return owner == self.learner(env).key

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
        token = guest_token(env) if learner.is_guest else None
        if token is not None:
            self._guest_tokens[kernel_id] = token
        self._preload(kernel_id)
        if self._reached(self.calm_starts_per_minute, recent, learner.is_guest):
            self._lower_priority(kernel_id)
        return kernel_id

    def _preload(self, kernel_id: str) -> None:
        """Ask the new kernel to import :attr:`preload` (silently; the page's start
        does not wait for it): the kernel runs the imports before anything the page
        asks of it, so the page's first cell finds the modules loaded."""
        code = preload_code(self.preload)
        if code:
            task = asyncio.ensure_future(self._send_preload(kernel_id, code))
            self._preloading.add(task)
            task.add_done_callback(self._preloading.discard)

    async def _send_preload(self, kernel_id: str, code: str) -> None:
        try:
            kernel = self.get_kernel(kernel_id)
            # A session of its own: a client shares its manager's session, whose id is the
            # shell socket's identity, and the kernel routes replies by that identity; two
            # clients with one identity (this one and the page's) would lose replies.
            session = kernel.session.clone()
            session.session = uuid.uuid4().hex  # the id the clone copied, made new
            client = kernel.client(session=session)
            client.start_channels(shell=True, iopub=False, stdin=False, hb=False, control=False)
            try:
                client.execute(code, silent=True, store_history=False, allow_stdin=False)
                # The request must reach the kernel before the channel closes: wait for
                # its reply (the imports done), or give up after a minute.
                await ensure_async(client.get_shell_msg(timeout=60))
            finally:
                client.stop_channels()
        except Exception:  # the page still works, only without the head start
            self.log.warning("Could not preload modules in %s", kernel_id, exc_info=True)

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
        """Lower a kernel's CPU priority to :attr:`busy_niceness`: its niceness, and
        that of its autogroup (:func:`~pinochle_site.niceness.lower_priority`)."""
        pid = self.kernel_pid(kernel_id)
        if pid is None:
            return
        try:
            lower_priority(pid, self.busy_niceness)
        except OSError as exc:  # gone already, or not ours: the page works all the same
            self.log.info("Could not lower the priority of kernel %s: %s", kernel_id, exc)
            return
        self.log.info("Kernel %s starts at niceness %d: its learner opens many pages",
                      kernel_id, max(0, min(19, self.busy_niceness)))  # fmt: skip

    async def shutdown_kernel(  # type: ignore[override]
        self, kernel_id: str, *args: Any, **kwargs: Any
    ) -> None:
        """Shut a kernel down and forget whose it was."""
        self._owners.pop(kernel_id, None)
        self._guest_tokens.pop(kernel_id, None)
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
