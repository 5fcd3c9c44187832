"""A learner's progress: every quiz attempt, kept where the site keeps progress.

A :class:`Progress` is one learner's record, backed either by the class database
(a path ending in ``.sqlite``: see :mod:`~pinochle_tutor.classroom.store`; each answer
is one transaction, so any number of pages and kernels can write at once) or by a
learner's own JSON file (any other path: see :mod:`~pinochle_tutor.classroom.attempts`;
rewritten atomically on each answer). A missing file is a fresh start; a corrupt
JSON file is set aside as ``<name>.corrupt-<timestamp>`` with a message, and a
fresh one is started (keeping any attempts that could still be read).

A database path is never written as a JSON file. When the database is busy
(another process holds its write lock longer than the store's wait) or cannot be
reached (a school's server stopped, restarting, or cut off), answers are kept on the
page as :attr:`Progress.pending` and written, in order and once each (each with its
idempotency key), on the next answer or by a retry every :data:`RETRY_EVERY` seconds
(a daemon thread of the kernel, running only while answers are waiting; answers
still waiting when the kernel stops are lost, and the page said so). The page says
which it is (:data:`BUSY_MESSAGE`, :data:`UNREACHABLE_MESSAGE`: a learner who is told
"busy" waits, one told "cannot be reached" tells the teacher), and says when the
answers it held are saved (:func:`saved_message`). When the file is no usable
database (not a database, damaged, a newer schema), it is left as it was, answers
are kept on the page only, and :attr:`Progress.store_problem` names the file's
problem. A record that cannot be read just now (the database busy or out of reach)
is said in :attr:`Progress.read_problem`, so that a page does not take it for a
learner with no answers.

The default is the database ``~/.pinochle_tutor/progress.sqlite``, or the path in
the ``PINOCHLE_TUTOR_PROGRESS`` environment variable, or the database the URL in
``PINOCHLE_TUTOR_DATABASE_URL`` names (a school's PostgreSQL, which every learner's
server writes to; the URL, which may hold a password, is never shown on a page); the learner is
``$PINOCHLE_TUTOR_LEARNER``, the JupyterHub user, or ``'guest'``. A
``progress.json`` beside the database (the earlier format) is that one learner's:
it is imported once for the whole database, and only where the site has one known
learner (``$PINOCHLE_TUTOR_LEARNER`` or JupyterHub); on a shared site, where
learners are told apart by their browsers, it is never copied into a learner.

>>> import tempfile, os
>>> p = Progress.load(os.path.join(tempfile.mkdtemp(), "progress.json"))
>>> _ = p.record("meld-run-01", "meld", ["meld.run"], "150", True)
>>> _ = p.record("meld-run-02", "meld", ["meld.run", "meld.dix"], "150", False)
>>> [(r.rule, r.attempts, r.right) for r in p.summary()]
[('meld.dix', 1, 0), ('meld.run', 2, 1)]
>>> p.weak_rules(min_attempts=1)
['meld.dix', 'meld.run']
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import uuid
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from pinochle_tutor.classroom.attempts import (
    MAX_PAGE,
    MAX_POSITION,
    MAX_RULE_SET,
    MAX_SET_ID,
    Attempt,
    MarkLike,
    ProgressFileError,
    RuleSummary,
    as_text,
    now,
    parse_attempts,
    parse_places,
    read_attempts,
    remove_stale_temporaries,
    summarize,
    weak_rules,
    write_attempts,
)
from pinochle_tutor.classroom.database import (
    DATABASE_ERRORS,
    HAS_SQLITE,
    StoreBusyError,
    StoreError,
    StoreFileError,
    StoreUnreachableError,
    is_database_url,
    store_error,
)
from pinochle_tutor.classroom.identity import (
    LEARNER_VAR,
    LearnerSource,
    current_learner,
    page_from_environment,
)
from pinochle_tutor.classroom.own_positions import InvalidKeptPositionError
from pinochle_tutor.classroom.places import MAX_PLACE_BYTES, Place
from pinochle_tutor.classroom.store import ProgressStore
from pinochle_tutor.errors import PinochleError

__all__ = [
    "BROWSER_PROGRESS",
    "BUSY_MESSAGE",
    "DATABASE_URL_VAR",
    "ENV_VAR",
    "LEARNER_VAR",
    "RETRY_EVERY",
    "STORE_SUFFIXES",
    "UNREACHABLE_MESSAGE",
    "Attempt",
    "InvalidKeptPositionError",
    "InvalidSetIdError",
    "InvalidTriesError",
    "MarkLike",
    "Progress",
    "ProgressFileError",
    "RuleSummary",
    "default_learner",
    "default_location",
    "default_progress_path",
    "is_database",
    "read_attempts",
    "saved_message",
    "summarize",
    "weak_rules",
    "when_kept",
    "write_attempts",
]

_PLACE_ERRORS: tuple[type[Exception], ...] = (StoreError, *DATABASE_ERRORS)
"""What keeping or reading a place may meet in the database (then the place is not kept)."""

ENV_VAR = "PINOCHLE_TUTOR_PROGRESS"
"""The environment variable that may name the progress file or database."""
DATABASE_URL_VAR = "PINOCHLE_TUTOR_DATABASE_URL"
"""The environment variable that may name a database server by its URL
(``postgresql+psycopg://user:password@host/db``); it comes before
:data:`ENV_VAR`."""
STORE_SUFFIXES = (".sqlite", ".sqlite3", ".db")
"""Progress paths with these endings are a shared database, not a JSON file."""
BROWSER_PROGRESS = Path("/drive/my_pinochle_progress.json")
"""The progress file in the static site: JupyterLite's drive, which the page keeps in the
browser's storage (IndexedDB), beside the course's pages."""

DATABASE_NAME = "the class database"
"""What a page calls progress kept in a database server (never its URL)."""

RETRY_EVERY = 5.0
"""Seconds between two tries to write the answers kept while the database was busy
or out of reach."""
BUSY_MESSAGE = (
    "The class database is busy just now: your answers are kept on this page and will "
    "be saved when the class database is free again: keep this page open until then."
)
"""What the page says while answers wait for a busy database."""
UNREACHABLE_MESSAGE = (
    "The class database cannot be reached just now; your answers are kept on this page "
    "and will be saved when it is back: keep this page open until then."
)
"""What the page says while answers wait for a database server that cannot be reached
(stopped, restarting, cut off): not "busy", which would have the learner wait for a
crowd that is not there, and with no server name or address."""
READ_BUSY = "Your record cannot be read just now: the class database is busy."
"""What a page says of a learner's record it cannot read because the database is busy
(:attr:`Progress.read_problem`): not "no answers yet", which would have the learner
answer again what is already kept."""
READ_UNREACHABLE = "Your record cannot be read just now: the class database cannot be reached."
"""The same, for a database server out of reach."""


def saved_message(count: int) -> str:
    """What the page says once ``count`` answers it had said were kept are saved in the
    database: the learner was told they would be, and now knows they were (without it,
    an answer held during an outage was saved unseen, and the learner could not tell
    whether to give it again)."""
    if count == 1:
        return "Your answer kept on this page is now saved in the class database."
    return f"Your {count} answers kept on this page are now saved in the class database."


def _cannot_read(error: StoreError | None) -> str:
    """Why a learner's record cannot be read, in the learner's words: out of reach or
    busy just now (``None``: not opened yet, because busy), else the database's own
    problem (naming the file, never a folder or a URL)."""
    if isinstance(error, StoreUnreachableError):
        return READ_UNREACHABLE
    if error is None or isinstance(error, StoreBusyError):
        return READ_BUSY
    return f"Your record cannot be read: {error}."


LEGACY_SOURCES = (LearnerSource.FIXED, LearnerSource.HUB)
"""Where a ``progress.json`` beside the database is imported: a site whose one learner
is known (a fixed learner, or the JupyterHub user whose home it is)."""

_NOT_IMPORTED: tuple[type[Exception], ...] = (*DATABASE_ERRORS, StoreError)

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Pending:
    """An answer not yet in the database, and what the database keeps with it."""

    learner: str
    attempt: Attempt
    page: str
    rule_set: str
    tries: int
    key: str = field(default_factory=lambda: uuid.uuid4().hex)
    """The answer's idempotency key: written twice (a retry after a dropped connection
    that had in fact committed), it is kept once."""


def default_progress_path() -> Path:
    """``$PINOCHLE_TUTOR_PROGRESS`` if set, else ``~/.pinochle_tutor/progress.sqlite``
    (the database; a ``progress.json`` kept there by an earlier version is imported
    into it once). Where Python has no sqlite3 (Pyodide, the static site) the default
    is the learner's own JSON file: :data:`BROWSER_PROGRESS` when the page runs in
    JupyterLite or Voici (their ``/drive`` is kept in the browser's storage, so progress
    survives a reload and a closed tab), else ``~/.pinochle_tutor/progress.json``."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    if sys.platform == "emscripten" and BROWSER_PROGRESS.parent.is_dir():
        return BROWSER_PROGRESS
    return Path.home() / ".pinochle_tutor" / ("progress.sqlite" if HAS_SQLITE else "progress.json")


def default_location() -> str | Path:
    """Where the site keeps progress: the database server named by
    ``$PINOCHLE_TUTOR_DATABASE_URL`` (a URL, see :data:`DATABASE_URL_VAR`), else
    :func:`default_progress_path` (a SQLite database or a JSON file)."""
    url = os.environ.get(DATABASE_URL_VAR, "")
    return url if is_database_url(url) else default_progress_path()


def is_database(location: str | os.PathLike[str]) -> bool:
    """Whether progress at ``location`` is a database (a server's URL, or a path ending
    in one of :data:`STORE_SUFFIXES`) rather than a learner's JSON file."""
    return is_database_url(location) or Path(location).suffix.lower() in STORE_SUFFIXES


class InvalidTriesError(PinochleError):
    """A number of tries that is not a whole number from 1."""


def _check_tries(tries: object) -> int:
    if isinstance(tries, bool) or not isinstance(tries, int) or tries < 1:
        raise InvalidTriesError(f"tries={tries!r}: a question takes 1 or more tries")
    return tries


class InvalidSetIdError(PinochleError):
    """A mastery-set name that is not text of at most ``MAX_SET_ID`` characters."""


def _check_set_id(set_id: object) -> str:
    if not isinstance(set_id, str) or len(set_id) > MAX_SET_ID:
        raise InvalidSetIdError(
            f"set_id={set_id!r:.60}: a mastery set is named by text of at most {MAX_SET_ID} characters"
        )
    return set_id


def _check_position(position: object) -> str:
    if not isinstance(position, str) or len(position) > MAX_POSITION:
        raise InvalidKeptPositionError(
            f"position={position!r:.60}: a kept position is text of at most {MAX_POSITION} characters"
        )
    return position


_KEPT_LISTENERS: list[weakref.ref[Any] | Callable[[str, Attempt], None]] = []
_KEPT_LOCK = threading.Lock()


def when_kept(callback: Callable[[str, Attempt], None]) -> None:
    """Call ``callback(record_key, attempt)`` each time any :class:`Progress` of this
    process keeps an answer, so the widgets of one page learn of each other's answers
    (lesson 9's stars after a hand at its table, without a reload). A bound method is
    held weakly: a widget that is gone is not kept alive nor called."""
    held: weakref.ref[Any] | Callable[[str, Attempt], None] = (
        weakref.WeakMethod(callback) if hasattr(callback, "__self__") else callback
    )
    with _KEPT_LOCK:
        _KEPT_LISTENERS.append(held)


def _tell_kept(record_key: str, attempt: Attempt) -> None:
    """Tell every live listener of :func:`when_kept`; a listener that fails is logged,
    never the answer's concern."""
    with _KEPT_LOCK:
        live = []
        for held in list(_KEPT_LISTENERS):
            if isinstance(held, weakref.WeakMethod):
                method = held()
                if method is None:
                    _KEPT_LISTENERS.remove(held)
                    continue
                live.append(method)
            else:
                live.append(held)
    for callback in live:
        try:
            callback(record_key, attempt)
        except Exception:
            log.exception("a listener of kept answers failed")


def default_learner() -> str:
    """Whose record a page writes to in the database: the key of
    :func:`~pinochle_tutor.classroom.identity.current_learner` (the fixed learner, the
    JupyterHub user, the login proxy's user, the browser's learner key, or
    ``'guest'``)."""
    return current_learner().key


class Progress:
    """One learner's attempts, backed by a progress file or by the site's database.

    Use :meth:`load` (it never raises for a missing or corrupt file); every
    :meth:`record` saves at once. ``messages`` says what happened on load (a
    corrupt file set aside, attempts that could not be read).

    A path ending in ``.sqlite`` (or ``.db``) is a
    :class:`~pinochle_tutor.classroom.store.ProgressStore` shared by the class: each
    answer is one transaction, and :attr:`attempts` is read afresh from it, so two
    pages of one learner, or the kernels of many learners, never lose each other's
    answers. Such a path is never written as a JSON file: answers the database
    cannot take yet wait in :attr:`pending` (see the module's text). Any other path
    is a learner's own JSON file, rewritten whole on each answer (the format
    learners export and ``collect_progress`` reads)."""

    def __init__(
        self,
        path: Path,
        attempts: list[Attempt],
        messages: list[str],
        *,
        store: Any = None,
        learner: str | None = "",
        store_problem: str = "",
        url: str | None = None,
    ) -> None:
        self.path = path
        self._url = url
        """The database server's URL, when progress is kept there (never shown)."""
        self._attempts = attempts
        self._places: dict[str, str] = {}
        """A JSON file's places in rounds of questions (see :meth:`place`)."""
        self.messages = messages
        """What happened when the file was loaded, and each answer that could not be
        saved, for the learner or the log."""
        self.store = store
        """The :class:`~pinochle_tutor.classroom.store.ProgressStore`; ``None`` for a JSON
        file, and for a database not opened yet (busy) or not usable."""
        self._learner = learner
        self._database = url is not None or path.suffix.lower() in STORE_SUFFIXES
        self._pending: list[_Pending] = []
        self._lock = threading.RLock()
        self._timer: threading.Timer | None = None
        self.store_problem = store_problem
        """Why the database cannot be used (naming the file, not its folder), or
        ``''``; answers are then kept on this page only."""
        self.read_problem = ""
        """Why the learner's record could not be read the last time :attr:`attempts`
        was (``''`` when it was, and always for a JSON file): the class database busy
        or out of reach just now, or its own problem. :attr:`attempts` then holds only
        this page's answers, which a page must not show as the whole record."""
        self._waiting: StoreBusyError | None = None
        """Why the database last could not be opened or written (busy, or out of reach:
        :class:`~pinochle_tutor.classroom.database.StoreUnreachableError`); ``None`` once a
        write went through."""
        self._told = 0
        """How many of the oldest :attr:`pending` answers the page was told are kept."""
        self._saved_untold = 0
        """Answers the page was told are kept that a retry saved since, with no
        listener to say so: said with the next answer."""
        self._listeners: list[Callable[[str], None]] = []

    @property
    def learner(self) -> str:
        """Whose record this is in the store (``''`` for a JSON file). Loaded
        without a learner, it is this kernel's learner at each answer (see
        :func:`default_learner`), so a page that learns who the learner is after it
        opened files its answers under them."""
        return self._learner if self._learner is not None else default_learner()

    @property
    def record_key(self) -> str:
        """Which record this is, to tell two :class:`Progress` of one page apart from
        two of one learner: the database and the learner, or the JSON file's path (a
        file holds one learner). Never shown."""
        if self._database:
            return f"db:{self._url or self.path}:{self.learner}"
        try:
            return f"file:{Path(self.path).resolve()}"
        except OSError:
            return f"file:{self.path}"

    @property
    def page_only(self) -> bool:
        """Whether this page's answers and places are kept on the page only: a guest of
        a served page (a browser that keeps no cookie, or one the site gave no key). Every
        such guest has the one key ``'guest'``, so a record in the class database under
        it would be shared by strangers, each seeing the others' answers and places in a
        round. (A database outside a served page, Jupyter on the learner's own machine,
        is the one learner's, guest or not.)"""
        return (
            self._database
            and self._learner is None
            and current_learner().is_guest
            and bool(page_from_environment())
        )

    @property
    def pending(self) -> list[Attempt]:
        """Answers of this page not (yet) in the database, oldest first: waiting for a
        busy database, or kept on the page only when :attr:`store_problem` says it
        cannot be used."""
        with self._lock:
            return [p.attempt for p in self._pending]

    @property
    def attempts(self) -> list[Attempt]:
        """Every attempt of this learner, oldest first (read from the store each time,
        then this page's answers not yet in it). A database that cannot be read just
        now gives this page's answers only, and says why in :attr:`read_problem`."""
        if not self._database or self.page_only:
            return self._attempts
        with self._lock:
            self._open_store()
            stored: list[Attempt] = []
            self.read_problem = ""
            if self.store is not None:
                try:
                    stored = list(self.store.attempts(self.learner))
                except DATABASE_ERRORS as e:
                    log.warning("progress database could not be read: %s", e)
                    self.read_problem = _cannot_read(store_error(e, self.store.name))
            elif not self.store_problem:
                self.read_problem = _cannot_read(self._waiting)
            mine = [p.attempt for p in self._pending if p.learner == self.learner]
            return stored + mine + self._attempts

    @classmethod
    def load(cls, path: str | Path | None = None, learner: str | None = None) -> Progress:
        """The progress in ``path`` (default :func:`default_progress_path`). A
        missing file starts empty; a corrupt one is renamed to
        ``<name>.corrupt-<timestamp>`` and a fresh file is started with whatever
        could be read, with a message in ``messages`` (and in the log).

        For a database, ``learner`` (default: this kernel's learner, followed as
        it changes; see :attr:`learner`) names the record; a ``progress.json``
        beside the database is imported into it once (and kept). A database that
        cannot be opened gives progress kept for this page only, with a message."""
        url = os.environ.get(DATABASE_URL_VAR) if path is None else str(path)
        if url and is_database_url(url):
            return cls._from_store(Path(DATABASE_NAME), learner, url)
        p = Path(path).expanduser() if path is not None else default_progress_path()
        if p.suffix.lower() in STORE_SUFFIXES:
            return cls._from_store(p, learner)
        messages: list[str] = []
        remove_stale_temporaries(p)
        raw = b""
        try:
            raw = p.read_bytes()  # read once: the attempts and the places
            attempts, problems = parse_attempts(raw, p.name)
        except FileNotFoundError:
            return cls(p, [], [])
        except IsADirectoryError:
            msg = f"{p.name} is a folder, not a progress file: progress will not be saved there"
            log.warning(msg)
            return cls(p, [], [msg])
        except ProgressFileError as e:
            attempts, raw = [], b""  # set aside whole, its places with it
            messages.append(f"The progress file could not be read ({e}); {cls._set_aside(p)}")
        except OSError as e:
            attempts = []
            messages.append(
                f"The progress file {p.name} could not be opened ({e.strerror}); starting afresh."
            )
        else:
            if problems:
                messages.append(
                    f"{len(problems)} attempt(s) in the progress file could not be read; "
                    f"{cls._set_aside(p)} (the {len(attempts)} readable one(s) are kept)"
                )
                messages += problems
                raw = b""  # the file is written afresh with the readable attempts only
                try:
                    write_attempts(p, attempts)
                except OSError as e:
                    messages.append(f"The fresh progress file could not be written: {e.strerror}")
        for m in messages:
            log.warning(m)
        progress = cls(p, attempts, messages)
        progress._places = parse_places(raw)
        return progress

    @classmethod
    def _from_store(cls, p: Path, learner: str | None, url: str | None = None) -> Progress:
        progress = cls(p, [], [], learner=learner, url=url)
        with progress._lock:
            progress._open_store()
            if progress.store is None and not progress.store_problem:
                progress._say(progress._held_message())
        return progress

    def _held_message(self) -> str:
        """What the page says of answers kept for the database: out of reach, or busy."""
        if isinstance(self._waiting, StoreUnreachableError):
            return UNREACHABLE_MESSAGE
        return BUSY_MESSAGE

    def _open_store(self) -> None:
        """Open the database if it is not open yet (never raises): a busy one, or one
        out of reach, is tried again later; one that is no usable database sets
        :attr:`store_problem`."""
        if not self._database or self.store is not None or self.store_problem:
            return
        try:
            store = ProgressStore(self._url or self.path)
        except StoreBusyError as e:
            self._waiting = e
            log.info("%s; will try again", e)
            return
        except StoreError as e:
            self._unusable(e)
            return
        self.store = store
        self._import_legacy(store)

    def _import_legacy(self, store: ProgressStore) -> None:
        """Import a ``progress.json`` beside the database into the one learner whose
        file it is, once for the whole database (see the module's text)."""
        if self._url is not None:  # a server database: no file beside it
            return
        legacy = self.path.with_name("progress.json")
        who = current_learner()
        if who.source not in LEGACY_SOURCES or not legacy.is_file():
            return
        try:
            added, problems = store.import_legacy(self._learner or who.key, legacy)
        except (ProgressFileError, OSError) as e:
            self._say(f"{legacy.name} could not be imported ({e}).")
        except _NOT_IMPORTED as e:
            log.warning("%s was not imported yet: %s", legacy.name, e)
        else:
            if added:
                log.info("imported %d attempts from %s", added, legacy.name)
                self.messages.extend(problems)

    def _unusable(self, error: StoreError) -> None:
        self.store = None
        self.store_problem = (
            f"The class database cannot be used: {error}. Your answers are kept on this "
            "page only and will not be saved; tell your teacher."
        )
        self._say(self.store_problem)

    def _say(self, message: str) -> None:
        self.messages.append(message)
        log.warning(message)

    def listen(self, callback: Callable[[str], None]) -> None:
        """Call ``callback`` with what the page should say at once when answers it had
        said were kept are saved outside an answer (by the retry, or :meth:`flush`):
        the sentence of :func:`saved_message`, for the message area where the page
        said they were kept. Without a listener the sentence is said with the next
        answer (the last of :attr:`messages` then). ``callback`` runs on the retry's
        thread, with this progress's lock held; an exception in it is logged."""
        with self._lock:
            self._listeners.append(callback)

    def flush(self) -> int:
        """Write the answers waiting for the database (:attr:`pending`), oldest first
        and once each; returns how many were written. Never raises: a database still
        busy or out of reach keeps them waiting (and a retry is scheduled), one that
        is no usable database keeps them on the page (see :attr:`store_problem`).
        Answers the page had said were kept are said to be saved (see :meth:`listen`)."""
        with self._lock:
            written, held = self._write_pending()
            if held:
                self._saved_outside_an_answer(held)
            return written

    def _write_pending(self) -> tuple[int, int]:
        """:meth:`flush`'s work: how many answers were written, and how many of those
        the page had said were kept (the rest were given just now)."""
        self._open_store()
        written = held = 0
        while self._pending and self.store is not None:
            p = self._pending[0]
            try:
                self.store.record(
                    p.learner, p.attempt, page=p.page, rule_set=p.rule_set, tries=p.tries,
                    key=p.key,
                )  # fmt: skip
            except StoreError as e:  # this answer can never be kept (say, the learner name)
                self._take_oldest()
                self._attempts.append(p.attempt)
                self._say(f"Progress could not be saved: {e}")
                continue
            except DATABASE_ERRORS as e:
                error = store_error(e, self.store.name)
                if isinstance(error, StoreFileError):
                    self._unusable(error)
                elif isinstance(error, StoreBusyError):
                    self._waiting = error
                break
            self._waiting = None
            held += self._take_oldest()
            written += 1
        if written:
            log.info("wrote %d answer(s), %d of them kept while the database was busy or out of reach",
                     written, held)  # fmt: skip
        if self._pending and not self.store_problem:
            self._schedule_retry()
        return written, held

    def _take_oldest(self) -> int:
        """Take the oldest answer off :attr:`pending`: 1 when the page had said it was
        kept, else 0."""
        self._pending.pop(0)
        if self._told:
            self._told -= 1
            return 1
        return 0

    def _saved_outside_an_answer(self, held: int) -> None:
        """Say that ``held`` answers kept on the page are saved: to the listeners at
        once, or (none listening) with the next answer, so the page says it in the
        place it said they were kept."""
        message = saved_message(held)
        self._say(message)
        heard = False
        for listener in list(self._listeners):
            try:
                listener(message)
            except Exception:  # a page's listener must not stop the retry
                log.exception("a progress listener failed")
            else:
                heard = True
        if not heard:
            self._saved_untold += held

    def _schedule_retry(self) -> None:
        """Try :meth:`flush` again in :data:`RETRY_EVERY` seconds, on a daemon thread
        (one at a time; it stops once nothing waits)."""
        if self._timer is not None and self._timer.is_alive():
            return
        self._timer = threading.Timer(RETRY_EVERY, self._retry)
        self._timer.daemon = True
        self._timer.start()

    def _retry(self) -> None:
        with self._lock:
            self._timer = None
        try:
            self.flush()
        except Exception:  # a retry thread must never die with a traceback in the kernel
            log.exception("retrying the progress database failed")

    @staticmethod
    def _set_aside(p: Path) -> str:
        """Rename a bad file to ``<name>.corrupt-<timestamp>``; says what was done."""
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
        aside = p.with_name(f"{p.name}.corrupt-{stamp}")
        try:
            os.replace(p, aside)
        except OSError as e:
            return f"it could not be set aside ({e.strerror}), and a fresh one is started"
        return f"it was set aside as {aside.name} and a fresh one started"

    def record(
        self,
        item_id: str,
        kind: str,
        rules: Iterable[Any],
        answer: str,
        right: bool,
        when: datetime | None = None,
        *,
        page: str = "",
        rule_set: str = "",
        tries: int = 1,
        set_id: str = "",
        position: str = "",
    ) -> Attempt:
        """Add one attempt and save it at once. ``rules`` may be rule-case texts or
        :class:`~pinochle_tutor.course.quiz.QuizRule` members; ``page`` and
        ``rule_set`` (the name of the rules the question was asked under) are kept by
        the database and in a JSON file; ``tries`` is how many answers the
        question took (1, or 2 after a hint), kept in the file and the database;
        ``set_id`` names the lesson's mastery set it was part of
        (:func:`~pinochle_tutor.classroom.mastery.new_set_id`, ``''`` elsewhere);
        ``position`` the kept position of a mistake or an answer to one
        (:attr:`Attempt.position`). A file that cannot be written is reported in ``messages`` (the attempt is kept in
        memory); so is a database that cannot take it now (it waits in
        :attr:`pending`, see :meth:`flush`) or at all (:attr:`store_problem`)."""
        time = (
            when.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
            if when is not None
            else now()
        )
        attempt = Attempt(
            str(item_id),
            as_text(kind),
            tuple(as_text(r) for r in rules),
            str(answer),
            bool(right),
            time,
            _check_tries(tries),
            _check_set_id(set_id),
            str(rule_set)[:MAX_RULE_SET],
            str(page)[:MAX_PAGE],
            _check_position(position),
        )
        kept = self._keep(attempt, page, rule_set, tries)
        _tell_kept(self.record_key, kept)
        return kept

    def _keep(self, attempt: Attempt, page: str, rule_set: str, tries: int) -> Attempt:
        """Keep ``attempt`` where this record keeps answers (see :meth:`record`)."""
        if self.page_only:
            self._attempts.append(attempt)
            return attempt
        if self._database:
            with self._lock:
                self._pending.append(_Pending(self.learner, attempt, page, rule_set, tries))
                said = len(self.messages)
                _written, held = self._write_pending()
                held, self._saved_untold = held + self._saved_untold, 0
                if held:  # the answers kept before are saved: said under this answer
                    self._say(saved_message(held))
                if self._pending:
                    self._told = len(self._pending)
                    if len(self.messages) == said or held:  # each answer kept says so, last
                        self._say(self.store_problem or self._held_message())
            return attempt
        self._attempts.append(attempt)
        try:
            self.save()
        except OSError as e:
            msg = f"Progress could not be saved to {self.path.name}: {e.strerror}"
            self.messages.append(msg)
            log.warning(msg)
        return attempt

    def record_mark(
        self,
        mark: MarkLike,
        *,
        page: str = "",
        rule_set: str = "",
        tries: int = 1,
        set_id: str = "",
    ) -> Attempt:
        """Record a :class:`~pinochle_tutor.course.quiz.Mark` (only readable answers
        should be recorded), the verdict on the last of ``tries`` answers."""
        return self.record(
            mark.item_id, as_text(mark.kind), mark.rules, mark.answer, mark.right,
            page=page, rule_set=rule_set, tries=tries, set_id=set_id,
        )  # fmt: skip

    def save(self) -> None:
        """Write a JSON file atomically (see :func:`write_attempts`); for a database,
        write the answers waiting for it (:meth:`flush`), never a JSON file."""
        if self._database:
            self.flush()
        else:
            write_attempts(self.path, self._attempts, self._places)

    def place(self, key: str) -> Place | None:
        """The learner's place kept for the round of questions ``key``
        (:mod:`~pinochle_tutor.classroom.places`), ``None`` when none is kept or it
        cannot be read now. Never raises."""
        if not key:
            return None
        if not self._database or self.page_only:
            return Place.from_json(self._places.get(key))
        with self._lock:
            self._open_store()
            if self.store is None:
                return None
            try:
                return Place.from_json(self.store.place(self.learner, key))
            except _PLACE_ERRORS as e:
                log.warning("a place in a round could not be read: %s", e)
                return None

    def keep_place(self, key: str, place: Place | None) -> bool:
        """Keep the learner's ``place`` in the round of questions ``key`` (``None``:
        forget it, the round is over). Returns whether it was kept; never raises: a
        place not kept only means a reload starts the round afresh."""
        if not key:
            return False
        text = "" if place is None else place.to_json()
        if len(text) > MAX_PLACE_BYTES:
            return False
        if self.page_only:
            if place is None:
                self._places.pop(key, None)
            else:
                self._places[key] = text
            return True
        if not self._database:
            if place is None:
                self._places.pop(key, None)
            else:
                self._places[key] = text
            try:
                self.save()
            except OSError as e:
                log.warning("a place in a round could not be kept: %s", e.strerror)
                return False
            return True
        with self._lock:
            self._open_store()
            if self.store is None:
                return False
            try:
                self.store.keep_place(self.learner, key, text, now())
            except _PLACE_ERRORS as e:
                log.warning("a place in a round could not be kept: %s", e)
                return False
            return True

    def summary(self, recent: int = 10) -> list[RuleSummary]:
        """Attempts and accuracy per rule case (see :func:`summarize`)."""
        return summarize(self.attempts, recent)

    def rows(self) -> list[dict[str, Any]]:
        """The summary as plain rows (for a table widget)."""
        return [r.row() for r in self.summary()]

    def weak_rules(
        self, threshold: float = 0.8, min_attempts: int = 2, recent: int = 10
    ) -> list[str]:
        """The rule cases this learner keeps getting wrong (see :func:`weak_rules`)."""
        return weak_rules(self.attempts, threshold, min_attempts, recent)

    def __repr__(self) -> str:
        return f"<Progress {self.path} attempts={len(self.attempts)}>"
