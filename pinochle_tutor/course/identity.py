"""Who is learning: the learner a page writes progress for.

On a shared Voila site every page has its own kernel, and the kernels of a whole
class run as one server user, so the server user says nothing about the learner.
The learner is found, in this order, from:

1. ``$PINOCHLE_TUTOR_LEARNER`` (a teacher's or a test's fixed name);
2. ``$JUPYTERHUB_USER`` (JupyterHub: the hub's login);
3. a school's login proxy: the header named by ``$PINOCHLE_TUTOR_USER_HEADER``
   (e.g. ``X-Forwarded-User``), which Voila passes to the kernel when the header is
   listed in ``VoilaConfiguration.http_header_envs`` (as ``HTTP_X_FORWARDED_USER``).
   Only a header the teacher names is trusted: without a proxy in front, anyone
   could send it;
4. the browser's learner key: a random key kept in the ``pinochle_learner`` cookie
   (set by the :class:`~pinochle_widgets.identity.LearnerCard` on the first page
   a browser opens; Voila passes the cookie to the kernel because ``voila.json``
   lists ``Cookie`` in ``http_header_envs``). The key, not the name, files the
   record, so a classmate who types the same name writes into their own record;
5. else a guest of this kernel.

The kernel's learner can change once while a page is open (the card tells it the
browser's key on a first visit); :func:`current_learner` always gives the one in
force, and a :class:`~pinochle_tutor.course.progress.Progress` loaded without a
learner follows it.

>>> learner_from_environment({"JUPYTERHUB_USER": "ann"})
Learner(key='ann', name='ann', source=<LearnerSource.HUB: 'hub'>)
>>> key = "k" * 22
>>> learner_from_environment({"HTTP_COOKIE": f"_xsrf=1; pinochle_learner={key}"}).key == key
True
"""

from __future__ import annotations

import enum
import os
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from http.cookies import CookieError, SimpleCookie

from pinochle_tutor.errors import PinochleError

__all__ = [
    "COOKIE",
    "GUEST",
    "HEADER_VAR",
    "LEARNER_VAR",
    "Learner",
    "LearnerNameError",
    "LearnerSource",
    "check_key",
    "check_name",
    "current_learner",
    "is_key",
    "learner_from_environment",
    "new_key",
    "page_from_environment",
    "set_current_learner",
]

COOKIE = "pinochle_learner"
"""The cookie that keeps a browser's learner key."""
LEARNER_VAR = "PINOCHLE_TUTOR_LEARNER"
"""The environment variable that fixes the learner (see :func:`learner_from_environment`)."""
HEADER_VAR = "PINOCHLE_TUTOR_USER_HEADER"
"""The environment variable naming the login proxy's user header, when there is one."""
MAX_NAME = 40
"""The longest name a learner may give."""
_KEY = re.compile(r"[A-Za-z0-9_-]{22,64}")
_NAME = re.compile(r"[^\W_](?:[\w .'-]*[^\W_])?")


class LearnerSource(enum.Enum):
    """Where the page learned who the learner is."""

    FIXED = "fixed"
    """``$PINOCHLE_TUTOR_LEARNER``: set by the teacher or a test."""
    HUB = "hub"
    """The JupyterHub user this server belongs to."""
    HEADER = "header"
    """The user header of the school's login proxy."""
    BROWSER = "browser"
    """The learner key kept in this browser's cookie."""
    GUEST = "guest"
    """Nobody yet: a guest of this page's kernel."""


class LearnerNameError(PinochleError):
    """A name or learner key that cannot be used (empty, too long, odd characters)."""


@dataclass(frozen=True)
class Learner:
    """The learner a page writes progress for: ``key`` files the record, ``name``
    is what the learner and the teacher read."""

    key: str
    name: str
    source: LearnerSource

    @property
    def is_guest(self) -> bool:
        """True when the page does not know the learner (progress is kept under
        ``guest``)."""
        return self.source is LearnerSource.GUEST


GUEST = Learner("guest", "guest", LearnerSource.GUEST)
"""The learner of a page that knows nobody."""


def new_key() -> str:
    """A fresh random learner key (128 bits, URL-safe text)."""
    return secrets.token_urlsafe(16)


def is_key(value: object) -> bool:
    """Whether ``value`` looks like a learner key (URL-safe text of 22 to 64 characters)."""
    return isinstance(value, str) and _KEY.fullmatch(value) is not None


def check_key(value: object) -> str:
    """``value`` if it is a learner key, else :class:`LearnerNameError` saying so."""
    if not is_key(value):
        raise LearnerNameError(f"{value!r:.40} is not a learner key")
    return str(value)


def check_name(value: object) -> str:
    """A learner's name as typed, trimmed: 1 to :data:`MAX_NAME` letters, digits,
    spaces, dots, apostrophes or hyphens, starting and ending with a letter or digit.
    Raises :class:`LearnerNameError` naming what is wrong."""
    if not isinstance(value, str):
        raise LearnerNameError(f"A name is some text, not {value!r:.40}.")
    name = " ".join(value.split())
    if not name:
        raise LearnerNameError("Type your name first (your first name is enough).")
    if len(name) > MAX_NAME:
        raise LearnerNameError(f"A name is at most {MAX_NAME} characters; {name[:20]!r}... has {len(name)}.")
    if _NAME.fullmatch(name) is None:
        raise LearnerNameError(
            f"{name!r} has characters a name does not need: use letters, digits, spaces, "
            "dots, apostrophes and hyphens."
        )
    return name


def _cookie_key(header: str) -> str | None:
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(header)
    except CookieError:
        return None
    morsel = jar.get(COOKIE)
    return morsel.value if morsel is not None and is_key(morsel.value) else None


def learner_from_environment(env: Mapping[str, str] | None = None) -> Learner:
    """The learner the environment names (see the module's text for the order);
    :data:`GUEST` when it names nobody. Never raises: a value that is not a usable
    name or key is passed over."""
    env = os.environ if env is None else env
    fixed = env.get(LEARNER_VAR, "").strip()
    if fixed:
        return Learner(fixed[:80], fixed[:80], LearnerSource.FIXED)
    hub = env.get("JUPYTERHUB_USER", "").strip()
    if hub:
        return Learner(hub[:80], hub[:80], LearnerSource.HUB)
    header = env.get(HEADER_VAR, "").strip()
    if header:
        user = env.get("HTTP_" + header.upper().replace("-", "_"), "").strip()
        if user:
            return Learner(user[:80], user[:80], LearnerSource.HEADER)
    key = _cookie_key(env.get("HTTP_COOKIE", ""))
    if key is not None:
        return Learner(key, "", LearnerSource.BROWSER)
    return GUEST


def page_from_environment(env: Mapping[str, str] | None = None) -> str:
    """The page this kernel serves, as Voila tells it (``SCRIPT_NAME``:
    ``/voila/render/lessons/04_meld.ipynb`` -> ``lessons/04_meld.ipynb``); ``''``
    outside Voila.

    >>> page_from_environment({"SCRIPT_NAME": "/voila/render/04_meld.ipynb"})
    '04_meld.ipynb'
    """
    env = os.environ if env is None else env
    path = env.get("SCRIPT_NAME", "")
    marker = "/voila/render/"
    if marker not in path or not path.endswith(".ipynb"):
        return ""
    return path.split(marker, 1)[1][:80]


_current: Learner | None = None


def current_learner() -> Learner:
    """The learner of this kernel: the one :func:`set_current_learner` set, else
    the environment's (:func:`learner_from_environment`)."""
    return _current if _current is not None else learner_from_environment()


def set_current_learner(learner: Learner | None) -> None:
    """Make ``learner`` this kernel's learner (``None``: back to the environment's)."""
    global _current
    _current = learner
