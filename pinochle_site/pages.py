"""What a learner reads when the site refuses or delays a page: the messages and the
small pages that carry them, each sent before any work is done for the request."""

from __future__ import annotations

__all__ = [
    "BUILDING_MESSAGE",
    "BUILDING_PAGE",
    "BUILDING_RETRY_SECONDS",
    "BUSY_MESSAGE",
    "BUSY_PAGE",
    "BUSY_RETRY_SECONDS",
    "FULL_MESSAGE",
    "NOT_YOURS_MESSAGE",
    "REFUSED_PAGE",
    "TOO_FAST_MESSAGE",
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

BUSY_MESSAGE = (
    "The class site is busy: many pages are being prepared at once. Your page waits "
    "its turn and opens by itself in a few seconds; there is nothing to do, and your "
    "answers so far are saved."
)
"""What a learner reads when the site builds as many pages at once as it may."""

BUSY_RETRY_SECONDS = 5
"""Seconds after which the page of :data:`BUSY_MESSAGE` reloads itself."""


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
