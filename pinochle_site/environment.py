"""Who is asking: a request's environment, as a page's kernel would get it, for
telling its learner."""

from __future__ import annotations

import os

from tornado import web

__all__ = ["client_gone", "request_environment"]


def request_environment(handler: web.RequestHandler) -> dict[str, str]:
    """The environment a page's kernel would get from this request for telling who
    is learning: the server's own, with each request header as ``HTTP_<NAME>``
    (as Voila passes the headers of ``http_header_envs``)."""
    headers = {
        "HTTP_" + name.upper().replace("-", "_"): value
        for name, value in handler.request.headers.get_all()
    }
    return {**os.environ, **headers}


def client_gone(handler: web.RequestHandler) -> bool:
    """Whether the client of a request is known to have closed its connection."""
    stream = getattr(handler.request.connection, "stream", None)
    closed = getattr(stream, "closed", None)
    return bool(closed()) if callable(closed) else False
