"""Who is asking: a request's environment, as a page's kernel would get it, for
telling its learner, and the guest token that tells one guest's browser from another's."""

from __future__ import annotations

import os
import re
import secrets
from collections.abc import Mapping
from http.cookies import CookieError, SimpleCookie

from tornado import web

__all__ = ["GUEST_COOKIE", "client_gone", "guest_token", "new_guest_token", "request_environment"]

GUEST_COOKIE = "pinochle_guest"
"""The cookie that keeps a guest browser's token: random, unsigned, and worth nothing but
telling that browser's guest pages from other guests' (a guest shares the guests'
limits whatever it sends). Set on a guest's page when the request brought none."""
_TOKEN = re.compile(r"[A-Za-z0-9_-]{22,64}")


def new_guest_token() -> str:
    """A fresh guest token (128 bits, URL-safe text)."""
    return secrets.token_urlsafe(16)


def guest_token(env: Mapping[str, str]) -> str | None:
    """The guest token the request's cookie carries (:data:`GUEST_COOKIE`), ``None``
    when none or not a token. A query: never raises.

    >>> guest_token({"HTTP_COOKIE": "a=1; pinochle_guest=" + "t" * 22})
    'tttttttttttttttttttttt'
    >>> guest_token({"HTTP_COOKIE": "pinochle_guest=short"}) is None
    True
    """
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(env.get("HTTP_COOKIE", ""))
    except CookieError:
        return None
    morsel = jar.get(GUEST_COOKIE)
    value = morsel.value if morsel is not None else None
    return value if value is not None and _TOKEN.fullmatch(value) else None


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
