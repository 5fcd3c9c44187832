"""The classroom store as it was before it used SQLAlchemy and Alembic (main at
bcd8a98: hand-written SQL, ``PRAGMA user_version`` 5), kept only so that the tests can
write a database with the code learners ran and check that today's store upgrades it
in place with no answer lost. Never imported by the course."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from pinochle_tutor.classroom.attempts import MAX_SET_ID, Attempt, read_attempts
from pinochle_tutor.errors import PinochleError

try:
    import sqlite3
except ImportError:  # Pyodide's runtime (the static site) has no sqlite3: progress is JSON there
    HAS_SQLITE = False
    DATABASE_ERRORS: tuple[type[Exception], ...] = ()
else:
    HAS_SQLITE = True
    DATABASE_ERRORS = (sqlite3.Error,)
"""What a database call may raise (``sqlite3.Error``; nothing where there is no sqlite3)."""

__all__ = [
    "BUSY_WAIT",
    "DATABASE_ERRORS",
    "HAS_SQLITE",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "ClassRecord",
    "LessonVisit",
    "ProgressStore",
    "StoreBusyError",
    "StoreError",
    "StoreFileError",
    "StoredAttempt",
    "collect_records",
    "learner_of_file",
    "store_error",
]


class StoreError(PinochleError):
    """The progress store cannot be used: the file is not a database, it is newer
    than this version of the tutor, or a learner name is not acceptable."""


class StoreFileError(StoreError):
    """The file cannot be used as this tutor's progress database, and is left as it is:
    it is not a database (or is truncated or damaged), or its schema is newer than
    this code's. The message names the file (never its folder)."""


class StoreBusyError(StoreError):
    """Another process held the database's write lock for longer than the wait
    (:data:`BUSY_WAIT`); nothing was written, and trying again later may succeed."""


BUSY_WAIT = 5.0
"""Seconds a write waits for another process's write lock before
:class:`StoreBusyError` (a write itself takes milliseconds)."""

_UNUSABLE: tuple[type[Exception], ...] = (StoreError, *DATABASE_ERRORS)


def store_error(error: BaseException, name: str) -> StoreError:
    """The :class:`StoreError` a database error of the file ``name`` amounts to:
    :class:`StoreBusyError` for a lock held too long, :class:`StoreFileError` for a
    file that is not a usable database, the error itself if it already is one."""
    if isinstance(error, StoreError):
        return error
    text = str(error)
    if isinstance(error, OSError):
        return StoreFileError(f"the progress database {name} cannot be opened ({error.strerror})")
    if "locked" in text or "busy" in text:
        return StoreBusyError(f"the class database {name} is busy (another page is writing to it)")
    if "malformed" in text:
        return StoreFileError(f"{name} is not a progress database (it is damaged or cut short)")
    return StoreFileError(f"{name} is not a progress database ({text})")


MIGRATIONS: tuple[str, ...] = (
    # 1: learners, attempts, lessons opened, JSON files imported.
    """
    CREATE TABLE learners (
        learner TEXT PRIMARY KEY,
        first_seen TEXT NOT NULL
    );
    CREATE TABLE attempts (
        id INTEGER PRIMARY KEY,
        learner TEXT NOT NULL REFERENCES learners(learner) ON DELETE CASCADE,
        time TEXT NOT NULL,
        page TEXT NOT NULL DEFAULT '',
        item_id TEXT NOT NULL,
        kind TEXT NOT NULL,
        rules TEXT NOT NULL,
        rule_set TEXT NOT NULL DEFAULT '',
        answer TEXT NOT NULL,
        right INTEGER NOT NULL,
        tries INTEGER NOT NULL DEFAULT 1
    );
    CREATE INDEX attempts_by_learner ON attempts (learner, id);
    CREATE TABLE lessons (
        id INTEGER PRIMARY KEY,
        learner TEXT NOT NULL REFERENCES learners(learner) ON DELETE CASCADE,
        page TEXT NOT NULL,
        time TEXT NOT NULL
    );
    CREATE INDEX lessons_by_learner ON lessons (learner, id);
    CREATE TABLE imports (
        learner TEXT NOT NULL REFERENCES learners(learner) ON DELETE CASCADE,
        source TEXT NOT NULL,
        time TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        PRIMARY KEY (learner, source)
    );
    """,
    # 2: the name a learner gave (the key in ``learner`` files the record).
    """
    ALTER TABLE learners ADD COLUMN name TEXT NOT NULL DEFAULT '';
    """,
    # 3: a learner's display preferences (the four-colour deck), kept with their record.
    """
    CREATE TABLE preferences (
        learner TEXT NOT NULL REFERENCES learners(learner) ON DELETE CASCADE,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        time TEXT NOT NULL,
        PRIMARY KEY (learner, key)
    );
    """,
    # 4: the lesson's mastery set an answer was given in (see ``classroom/mastery.py``).
    """
    ALTER TABLE attempts ADD COLUMN mastery_set TEXT NOT NULL DEFAULT '';
    """,
    # 5: where a learner is in a round of questions on a page (``classroom/places.py``),
    # so a reload shows the same question in the same state.
    """
    CREATE TABLE places (
        learner TEXT NOT NULL REFERENCES learners(learner) ON DELETE CASCADE,
        key TEXT NOT NULL,
        data TEXT NOT NULL,
        time TEXT NOT NULL,
        PRIMARY KEY (learner, key)
    );
    """,
)
"""The schema, one script per version: a database at version ``n`` runs scripts
``n`` onwards when it is opened. Add a migration at the end; never edit one that
has shipped."""

SCHEMA_VERSION = len(MIGRATIONS)
"""The schema version this code writes."""

MAX_NAME = 80
"""The longest learner name or page name kept (longer ones are refused)."""
MAX_TEXT = 2000
"""The longest answer kept (the quiz refuses longer answers before they get here)."""


@dataclass(frozen=True)
class StoredAttempt:
    """One attempt as the store keeps it: the learner's answer and where it was given."""

    learner: str
    attempt: Attempt
    page: str
    """The page (notebook) the answer was given on, ``''`` when not known."""
    rule_set: str
    """The name of the rule set the item was asked under, ``''`` when not known."""
    tries: int
    """How many answers the question took when it was marked: 1, or 2 when a first
    wrong answer got a hint and a second try (also :attr:`Attempt.tries`)."""


@dataclass(frozen=True)
class LessonVisit:
    """A learner opening a lesson or practice page."""

    learner: str
    page: str
    time: str


def _check_name(value: object, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise StoreError(f"a {what} must be some text, not {value!r:.60}")
    text = value.strip()
    if len(text) > MAX_NAME:
        raise StoreError(f"a {what} is at most {MAX_NAME} characters, not {len(text)}")
    return text


class ProgressStore:
    """One site's progress database (created, or brought up to date, on open).

    Every method opens its own short connection, so an instance can be shared by
    the callbacks of one kernel and any number of kernels can use the same file.
    Queries never raise for a learner who has no record (they return nothing).
    On open, :class:`StoreFileError` says ``path`` is not a usable database (the
    file is then left as it was) and :class:`StoreBusyError` that a migration had
    to wait longer than ``wait`` seconds (default :data:`BUSY_WAIT`, also each
    write's wait) for another process's write lock. A database whose schema is
    current opens without the write lock, so readers are never kept waiting."""

    def __init__(self, path: str | os.PathLike[str], *, wait: float | None = None) -> None:
        self.path = Path(path).expanduser()
        self.wait = BUSY_WAIT if wait is None else float(wait)
        """Seconds a write waits for another process's write lock."""
        if not HAS_SQLITE:
            raise StoreError(
                f"{self.path.name} is a progress database, and this Python has no sqlite3 "
                "(the static site keeps progress in a JSON file)"
            )
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._connect(setup=False) as db:
                # Read before anything is written: a file that is not a database, or
                # whose schema is newer, raises here and is left byte for byte.
                self._check_version(db)
            with self._connect() as db:
                self._migrate(db)
        except (sqlite3.Error, OSError) as e:
            raise store_error(e, self.path.name) from None

    # ------------------------------------------------------------- plumbing
    @contextlib.contextmanager
    def _connect(self, *, setup: bool = True) -> Iterator[sqlite3.Connection]:
        db = sqlite3.connect(self.path, timeout=self.wait, isolation_level=None)
        try:
            if setup:
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=NORMAL")
                db.execute("PRAGMA foreign_keys=ON")
            yield db
        finally:
            db.close()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write, all or nothing (``BEGIN IMMEDIATE`` takes the write lock at
        once, so two kernels never interleave inside one transaction)."""
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def _check_version(self, db: sqlite3.Connection) -> int:
        """The file's schema version (read only); :class:`StoreFileError` when it
        is newer than this code's, or (from SQLite) when the file is no database."""
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise StoreFileError(
                f"{self.path.name} has schema version {version}, newer than this "
                f"tutor's {SCHEMA_VERSION}: update the tutor"
            )
        return version

    def _migrate(self, db: sqlite3.Connection) -> None:
        if self._check_version(db) == SCHEMA_VERSION:
            return
        db.execute("BEGIN IMMEDIATE")
        try:
            version = self._check_version(db)
            for number in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[number].split(";"):
                    if statement.strip():
                        db.execute(statement)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    @property
    def schema_version(self) -> int:
        """The version of the database's schema (after the migrations on open)."""
        with self._connect() as db:
            return int(db.execute("PRAGMA user_version").fetchone()[0])

    @staticmethod
    def _learner_row(db: sqlite3.Connection, learner: str, time: str) -> None:
        db.execute(
            "INSERT OR IGNORE INTO learners (learner, first_seen) VALUES (?, ?)", (learner, time)
        )

    # ---------------------------------------------------------------- writing
    def record(
        self,
        learner: str,
        attempt: Attempt,
        *,
        page: str = "",
        rule_set: str | None = None,
        tries: int | None = None,
    ) -> int:
        """Keep one attempt, in one transaction; returns its row number. ``rule_set``
        and ``tries`` default to the attempt's own. Raises :class:`StoreError` for an empty or
        overlong learner name, an overlong answer, or ``tries`` below 1."""
        if tries is None:
            tries = attempt.tries
        if rule_set is None:
            rule_set = attempt.rule_set
        who = _check_name(learner, "learner name")
        if len(attempt.answer) > MAX_TEXT:
            raise StoreError(f"an answer is at most {MAX_TEXT} characters, not {len(attempt.answer)}")
        if isinstance(tries, bool) or not isinstance(tries, int) or tries < 1:
            raise StoreError(f"tries must be a whole number from 1, not {tries!r:.30}")
        with self._transaction() as db:
            self._learner_row(db, who, attempt.time)
            cur = db.execute(
                "INSERT INTO attempts (learner, time, page, item_id, kind, rules, rule_set, "
                "answer, right, tries, mastery_set) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    who,
                    attempt.time,
                    page[:MAX_NAME],
                    attempt.item_id,
                    attempt.kind,
                    " ".join(attempt.rules),
                    rule_set[:MAX_NAME],
                    attempt.answer,
                    int(attempt.right),
                    tries,
                    attempt.set_id[:MAX_SET_ID],
                ),
            )
            return int(cur.lastrowid or 0)

    def open_lesson(self, learner: str, page: str, time: str) -> None:
        """Note that ``learner`` opened ``page`` (a lesson or practice notebook)."""
        who = _check_name(learner, "learner name")
        where = _check_name(page, "page name")
        with self._transaction() as db:
            self._learner_row(db, who, time)
            db.execute(
                "INSERT INTO lessons (learner, page, time) VALUES (?, ?, ?)", (who, where, time)
            )

    def import_json(self, learner: str, path: str | os.PathLike[str]) -> tuple[int, list[str]]:
        """Import a JSON progress file into ``learner``'s record, once: importing
        the same file (by its resolved path) again adds nothing. Returns how many
        attempts were added and a message for each attempt that could not be read.
        The file itself is never changed. Raises :class:`ProgressFileError` when
        the file is not progress JSON (see
        :func:`~pinochle_tutor.classroom.attempts.read_attempts`), :class:`OSError` when it cannot be read."""
        source = str(Path(path).expanduser().resolve())
        attempts, problems = read_attempts(Path(path))
        return self.import_attempts(learner, attempts, source), problems

    def import_legacy(self, learner: str, path: str | os.PathLike[str]) -> tuple[int, list[str]]:
        """Import the earlier format's ``progress.json`` into ``learner``'s record,
        once for the whole database: once any learner has imported that file (by its
        resolved path), importing it again, into anyone, adds nothing. Returns and
        raises as :meth:`import_json`."""
        source = str(Path(path).expanduser().resolve())
        attempts, problems = read_attempts(Path(path))
        return self.import_attempts(learner, attempts, source, anyone=True), problems

    def import_attempts(
        self, learner: str, attempts: Sequence[Attempt], source: str, *, anyone: bool = False
    ) -> int:
        """Add ``attempts`` (say, a progress file a learner uploaded from the static
        site) to ``learner``'s record, once per ``source`` (a path, or a digest of
        an upload's content): the same source again adds nothing (with ``anyone``,
        nothing once any learner imported it). Returns how many were added."""
        who = _check_name(learner, "learner name")
        with self._transaction() as db:
            done = db.execute(
                "SELECT 1 FROM imports WHERE source = ?" + ("" if anyone else " AND learner = ?"),
                (source,) if anyone else (source, who),
            ).fetchone()
            if done:
                return 0
            first = attempts[0].time if attempts else "1970-01-01T00:00:00Z"
            self._learner_row(db, who, first)
            db.executemany(
                "INSERT INTO attempts (learner, time, item_id, kind, rules, answer, right, tries, "
                "mastery_set, rule_set) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (who, a.time, a.item_id, a.kind, " ".join(a.rules), a.answer[:MAX_TEXT],
                     int(a.right), a.tries, a.set_id[:MAX_SET_ID], a.rule_set[:MAX_NAME])
                    for a in attempts
                ],
            )  # fmt: skip
            db.execute(
                "INSERT INTO imports (learner, source, time, attempts) VALUES (?, ?, ?, ?)",
                (who, source, first, len(attempts)),
            )
        return len(attempts)

    def set_name(self, learner: str, name: str, time: str) -> None:
        """Keep the name ``learner`` gave (shown to the teacher beside the record)."""
        who = _check_name(learner, "learner name")
        shown = _check_name(name, "name")
        with self._transaction() as db:
            self._learner_row(db, who, time)
            db.execute("UPDATE learners SET name = ? WHERE learner = ?", (shown, who))

    def set_preference(self, learner: str, key: str, value: str, time: str) -> None:
        """Keep ``learner``'s choice ``value`` for the display preference ``key`` (such as
        ``"four_colour"``), replacing an earlier one."""
        who = _check_name(learner, "learner name")
        name = _check_name(key, "preference name")
        chosen = _check_name(value, "preference value")
        with self._transaction() as db:
            self._learner_row(db, who, time)
            db.execute(
                "INSERT INTO preferences (learner, key, value, time) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (learner, key) DO UPDATE SET value = excluded.value,"
                " time = excluded.time",
                (who, name, chosen, time),
            )

    def preference(self, learner: str, key: str) -> str | None:
        """``learner``'s choice for the preference ``key``, ``None`` when none was made."""
        with self._connect() as db:
            row = db.execute(
                "SELECT value FROM preferences WHERE learner = ? AND key = ?",
                (str(learner), str(key)),
            ).fetchone()
        return str(row[0]) if row else None

    def keep_place(self, learner: str, key: str, data: str, time: str) -> None:
        """Keep ``learner``'s place ``data`` (a small JSON text, see
        :mod:`~pinochle_tutor.classroom.places`) in the round of questions ``key``,
        replacing the one kept before; an empty ``data`` forgets it."""
        who = _check_name(learner, "learner name")
        name = _check_name(key, "place name")
        with self._transaction() as db:
            if not data:
                db.execute("DELETE FROM places WHERE learner = ? AND key = ?", (who, name))
                return
            self._learner_row(db, who, time)
            db.execute(
                "INSERT INTO places (learner, key, data, time) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (learner, key) DO UPDATE SET data = excluded.data,"
                " time = excluded.time",
                (who, name, str(data), time),
            )

    def place(self, learner: str, key: str) -> str | None:
        """``learner``'s place kept for ``key``, ``None`` when none."""
        with self._connect() as db:
            row = db.execute(
                "SELECT data FROM places WHERE learner = ? AND key = ?", (str(learner), str(key))
            ).fetchone()
        return str(row[0]) if row else None

    def name_of(self, learner: str) -> str:
        """The name ``learner`` gave, ``''`` when none (or no such learner)."""
        with self._connect() as db:
            row = db.execute("SELECT name FROM learners WHERE learner = ?", (str(learner),)).fetchone()
        return str(row[0]) if row else ""

    def names(self) -> dict[str, str]:
        """Every learner's given name (``''`` when none), by learner."""
        with self._connect() as db:
            return dict(db.execute("SELECT learner, name FROM learners ORDER BY learner"))

    def delete_learner(self, learner: str) -> bool:
        """Remove a learner and their whole record (a teacher's action); ``False``
        when there was no such learner."""
        with self._transaction() as db:
            cur = db.execute("DELETE FROM learners WHERE learner = ?", (str(learner),))
            return cur.rowcount > 0

    # ---------------------------------------------------------------- reading
    def learners(self) -> list[str]:
        """Every learner with a record, by name."""
        with self._connect() as db:
            return [r[0] for r in db.execute("SELECT learner FROM learners ORDER BY learner")]

    def attempts(self, learner: str) -> list[Attempt]:
        """``learner``'s attempts, oldest first (empty for an unknown learner)."""
        return [s.attempt for s in self.stored_attempts(learner)]

    def stored_attempts(self, learner: str | None = None) -> list[StoredAttempt]:
        """Attempts with their page, rule set and try, for one learner or (``None``)
        the whole class, oldest first."""
        query = (
            "SELECT learner, item_id, kind, rules, answer, right, time, page, rule_set, tries, "
            "mastery_set FROM attempts"
        )
        args: tuple[str, ...] = ()
        if learner is not None:
            query += " WHERE learner = ?"
            args = (str(learner),)
        with self._connect() as db:
            rows = db.execute(query + " ORDER BY id", args).fetchall()
        return [
            StoredAttempt(
                r[0],
                Attempt(r[1], r[2], tuple(r[3].split()), r[4], bool(r[5]), r[6], r[9], r[10], r[8]),
                r[7],
                r[8],
                r[9],
            )
            for r in rows
        ]

    def lessons(self, learner: str | None = None) -> list[LessonVisit]:
        """Lessons opened, by one learner or the whole class, oldest first."""
        query = "SELECT learner, page, time FROM lessons"
        args: tuple[str, ...] = ()
        if learner is not None:
            query += " WHERE learner = ?"
            args = (str(learner),)
        with self._connect() as db:
            return [LessonVisit(*r) for r in db.execute(query + " ORDER BY id", args)]

    def imported_sources(self) -> list[str]:
        """The sources (resolved paths, or digests of uploads) imported into any learner."""
        with self._connect() as db:
            return [r[0] for r in db.execute("SELECT DISTINCT source FROM imports ORDER BY source")]

    def __repr__(self) -> str:
        return f"<ProgressStore {self.path.name}>"


# ------------------------------------------------------------ a class folder


@dataclass(frozen=True)
class ClassRecord:
    """One learner's attempts found in a class folder, and the file they came from."""

    learner: str
    source: str
    """The file, relative to the folder searched (``alice/progress.sqlite``)."""
    attempts: tuple[Attempt, ...]


def learner_of_file(path: Path) -> str:
    """Whose JSON progress file this is: ``alice`` for ``.../alice/progress.json``,
    ``bob`` for ``.../bob.json``."""
    if path.stem == "progress" and path.parent.name:
        return path.parent.name
    return path.stem


STORE_FILES = ("*.sqlite", "*.sqlite3", "*.db")
"""The names of databases :func:`collect_records` reads (besides ``*.json`` files)."""


def collect_records(folder: str | os.PathLike[str]) -> tuple[list[ClassRecord], list[str]]:
    """Every learner's attempts under ``folder`` (searched recursively): each
    database's learners (a JupyterHub home's ``progress.sqlite`` holds its owner's
    record) and each JSON progress file (the learner named by
    :func:`learner_of_file`). Each attempt is counted once: a JSON file that a
    database in the same folder has imported (its imports name that file, or a file
    of that name whose every attempt the database holds, as in a copied folder) is
    left out. Also the problems, in words for the teacher: files skipped (not
    progress, unreadable) and attempts that could not be read. Files are only read,
    never changed; paths are given relative to ``folder``."""
    root = Path(folder)
    records: list[ClassRecord] = []
    problems: list[str] = []
    files = sorted(
        {p for pattern in ("*.json", *STORE_FILES) for p in root.rglob(pattern) if p.is_file()}
    )
    imported: dict[Path, list[tuple[list[str], set[tuple[str, ...]]]]] = {}
    """Per folder, each database's imported sources and its attempts (as keys)."""
    for path in files:
        if path.suffix == ".json":
            continue
        rel = path.relative_to(root).as_posix()
        try:
            store = ProgressStore(path)
            held: set[tuple[str, ...]] = set()
            for learner in store.learners():
                mine = tuple(store.attempts(learner))
                records.append(ClassRecord(learner, rel, mine))
                held.update(_key(a) for a in mine)
            imported.setdefault(path.parent, []).append((store.imported_sources(), held))
        except _UNUSABLE as e:
            problems.append(f"skipped {rel}: {e}")
    for path in files:
        if path.suffix != ".json":
            continue
        rel = path.relative_to(root).as_posix()
        try:
            attempts, trouble = read_attempts(path)
        except (PinochleError, OSError) as e:
            problems.append(f"skipped {rel}: {getattr(e, 'strerror', None) or e}")
            continue
        if _was_imported(path, attempts, imported.get(path.parent, [])):
            continue
        problems += [f"in {rel}: {t}" for t in trouble]
        records.append(ClassRecord(learner_of_file(path), rel, tuple(attempts)))
    records.sort(key=lambda r: r.source)
    return records, problems


def _key(a: Attempt) -> tuple[str, ...]:
    return (a.item_id, a.kind, a.time, a.answer[:MAX_TEXT], str(a.right))


def _was_imported(
    path: Path, attempts: Sequence[Attempt], stores: Sequence[tuple[list[str], set[tuple[str, ...]]]]
) -> bool:
    """Whether a database beside the JSON file ``path`` imported it (see
    :func:`collect_records`)."""
    here = str(path.resolve())
    for sources, held in stores:
        if here in sources:
            return True
        if any(Path(s).name == path.name for s in sources) and all(_key(a) in held for a in attempts):
            return True
    return False
