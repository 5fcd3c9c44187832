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
   and signed by the site (:func:`sign_key`, HMAC-SHA256 with the site's secret,
   :func:`site_secret`). The Voila server issues it on the first page a browser
   asks for (:class:`pinochle_site.identity.ClassroomIdentityProvider`); Voila
   passes the cookie to the kernel because ``voila.json`` lists ``Cookie`` in
   ``http_header_envs``. Only a key this site signed is a learner's: a key a client
   made up is a guest's (so a client cannot make itself new learners, each with its
   own share of the site), and so is a bare key the class database keeps a record
   under (a browser's from before the site signed keys): anyone who learned it could
   send it. The teacher gives such a record back, to the learner's signed key
   (:meth:`~pinochle_tutor.classroom.store.ProgressStore.hand_over`). The key, not the
   name, files the record, so a classmate who types the same name writes into their
   own record. In the static site
   (Pyodide, no server, nothing to sign with) the browser makes the key itself and
   an unsigned key is the learner's;
5. else a guest of this kernel.

The kernel's learner can change once while a page is open (the card tells it the
browser's key on a first visit); :func:`current_learner` always gives the one in
force, and a :class:`~pinochle_tutor.classroom.progress.Progress` loaded without a
learner follows it.

>>> learner_from_environment({"JUPYTERHUB_USER": "ann"})
Learner(key='ann', name='ann', source=<LearnerSource.HUB: 'hub'>)
>>> secret = b"s" * 32
>>> key = "k" * 22
>>> cookie = f"_xsrf=1; pinochle_learner={sign_key(key, secret)}"
>>> learner_from_environment({"HTTP_COOKIE": cookie}, secret=secret).key == key
True
>>> learner_from_environment({"HTTP_COOKIE": f"pinochle_learner={key}"}, secret=secret).is_guest
True
"""

from __future__ import annotations

import base64
import enum
import hashlib
import hmac
import os
import re
import secrets
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from http.cookies import CookieError, SimpleCookie
from pathlib import Path

from pinochle_tutor.errors import PinochleError

__all__ = [
    "COOKIE",
    "GUEST",
    "HEADER_VAR",
    "LEARNER_VAR",
    "SECRET_FILE",
    "SECRET_VAR",
    "SIGNS_KEYS",
    "Learner",
    "LearnerNameError",
    "LearnerSource",
    "browser_key",
    "check_key",
    "check_name",
    "cookie_value",
    "current_learner",
    "is_key",
    "learner_from_environment",
    "new_key",
    "page_from_environment",
    "secret_path",
    "set_current_learner",
    "sign_key",
    "signed_key",
    "site_secret",
]

COOKIE = "pinochle_learner"
"""The cookie that keeps a browser's learner key."""
LEARNER_VAR = "PINOCHLE_TUTOR_LEARNER"
"""The environment variable that fixes the learner (see :func:`learner_from_environment`)."""
HEADER_VAR = "PINOCHLE_TUTOR_USER_HEADER"
"""The environment variable naming the login proxy's user header, when there is one."""
SECRET_VAR = "PINOCHLE_TUTOR_SITE_SECRET"
"""The environment variable that may give the site's secret (the same on every server
of a site that runs several); else it is kept in :data:`SECRET_FILE`."""
SECRET_FILE = "site_secret"
"""The file, beside the progress database, that keeps the site's secret (mode 0600)."""
SIGNS_KEYS = sys.platform != "emscripten"
"""Whether learner keys must be signed: everywhere but the static site (Pyodide), where
no server can sign them and every page is the one learner of that browser."""
MAX_NAME = 40
"""The longest name a learner may give."""
_KEY = re.compile(r"[A-Za-z0-9_-]{22,64}")
_SIGNED = re.compile(r"([A-Za-z0-9_-]{22,64})\.([A-Za-z0-9_-]{43})")
_MIN_SECRET = 16
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


def secret_path(env: Mapping[str, str] | None = None) -> Path:
    """Where the site's secret is kept: ``site_secret`` beside the progress database
    (``$PINOCHLE_TUTOR_PROGRESS``'s folder, else ``~/.pinochle_tutor``)."""
    env = os.environ if env is None else env
    progress = env.get("PINOCHLE_TUTOR_PROGRESS", "").strip()
    folder = Path(progress).expanduser().parent if progress else Path.home() / ".pinochle_tutor"
    return folder / SECRET_FILE


def site_secret(env: Mapping[str, str] | None = None) -> bytes | None:
    """The site's secret for signing learner keys: ``$PINOCHLE_TUTOR_SITE_SECRET``
    (16 characters or more) if set, else the contents of :func:`secret_path`, made
    once (32 random bytes, mode 0600) where it does not exist yet. ``None`` when there
    is none to be had (a folder that cannot be written): then no key is a learner's.
    Never raises."""
    env = os.environ if env is None else env
    given = env.get(SECRET_VAR, "").strip()
    if given:
        return given.encode() if len(given) >= _MIN_SECRET else None
    path = secret_path(env)
    try:
        return _read_secret(path)
    except FileNotFoundError:
        pass
    except OSError:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # made by another process meanwhile: theirs is the site's
        pass
    except OSError:
        return None
    else:
        with os.fdopen(fd, "wb") as out:
            out.write(base64.urlsafe_b64encode(secrets.token_bytes(32)) + b"\n")
    try:
        return _read_secret(path)
    except OSError:
        return None


def _read_secret(path: Path) -> bytes | None:
    secret = path.read_bytes().strip()
    return secret if len(secret) >= _MIN_SECRET else None


def _signature(key: str, secret: bytes) -> str:
    digest = hmac.new(secret, f"{COOKIE}:{key}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def sign_key(key: str, secret: bytes) -> str:
    """The cookie value of the learner key ``key`` signed with the site's ``secret``:
    ``key.signature`` (HMAC-SHA256, URL-safe text). Raises :class:`LearnerNameError`
    when ``key`` is not a learner key."""
    return f"{check_key(key)}.{_signature(key, secret)}"


def signed_key(value: object, secret: bytes | None) -> str | None:
    """The learner key of a cookie value this site signed (:func:`sign_key`), else
    ``None`` (unsigned, tampered with, signed with another secret, no secret). A
    query: never raises."""
    if secret is None or not isinstance(value, str):
        return None
    match = _SIGNED.fullmatch(value)
    if match is None:
        return None
    key, signature = match.groups()
    return key if hmac.compare_digest(signature, _signature(key, secret)) else None


def browser_key(value: object, secret: bytes | None) -> str | None:
    """The learner key a browser's value proves: one this site signed
    (:func:`signed_key`), or in the static site (:data:`SIGNS_KEYS` false) a bare key.
    ``None`` otherwise. A query: never raises."""
    key = signed_key(value, secret)
    if key is None and not SIGNS_KEYS and is_key(value):
        key = str(value)
    return key


def cookie_value(header: str, name: str = COOKIE) -> str | None:
    """The value of the cookie ``name`` (default: the learner's) in a ``Cookie`` header,
    ``None`` when it is missing or the header cannot be read. A query: never raises.

    >>> cookie_value("a=1; pinochle_rules=double_deck", "pinochle_rules")
    'double_deck'
    >>> cookie_value("a=1") is None
    True
    """
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(header)
    except CookieError:
        return None
    morsel = jar.get(name)
    return morsel.value if morsel is not None else None


def learner_from_environment(
    env: Mapping[str, str] | None = None, secret: bytes | None = None
) -> Learner:
    """The learner the environment names (see the module's text for the order);
    :data:`GUEST` when it names nobody. The cookie's key counts only when signed
    with ``secret`` (default: :func:`site_secret` of ``env``). Never raises: a value
    that is not a usable name or key is passed over."""
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
    value = cookie_value(env.get("HTTP_COOKIE", ""))
    if value is None:
        return GUEST
    key = browser_key(value, site_secret(env) if secret is None and SIGNS_KEYS else secret)
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
