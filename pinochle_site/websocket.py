"""The link between a page and its kernel, so that one page cannot take the server
from the others.

``voila.json`` names :class:`ClassroomWebsocketConnection`
(``Voila.kernel_websocket_connection_class``): it passes at most
:attr:`~ClassroomWebsocketConnection.messages_per_second` messages a second to the
kernel (with a burst allowance for a page's first load), drops the rest and closes a
page that keeps flooding; it closes a page that does not read what the kernel sends
it once :attr:`~ClassroomWebsocketConnection.max_unread_bytes` wait unread (a client
that asks and never reads would otherwise grow the server's memory without end); and
it lets only the learner who owns a kernel connect to it
(:meth:`~pinochle_site.kernels.ClassroomKernelManager.may_use`). A closed page's
learner reloads it; their answers are already saved, one transaction each.
"""

from __future__ import annotations

import time
from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from tornado import web
from traitlets import Float, Integer

from pinochle_site.environment import request_environment
from pinochle_site.kernels import ClassroomKernelManager
from pinochle_site.pages import NOT_YOURS_MESSAGE

__all__ = ["ClassroomWebsocketConnection"]


class ClassroomWebsocketConnection(ZMQChannelsWebsocketConnection):
    """The websocket between one page and its kernel, with a message rate limit
    and a bound on what may wait unread (see the module's text)."""

    messages_per_second = Float(
        20.0, config=True,
        help="Messages a second one page may send its kernel, on average (a learner "
        "clicking and typing sends a few; 0: no limit).",
    )  # fmt: skip
    message_burst = Integer(
        1000, config=True,
        help="Messages a page may send at once beyond the rate. A page's first load "
        "sends a burst of them: on a busy server, when the kernel does not answer the "
        "page's one request for every widget's state within 4 s, ipywidgets asks for "
        "each widget's state in a message of its own, and the largest lesson has about "
        "470 widgets (200 cut such a page off half drawn).",
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
