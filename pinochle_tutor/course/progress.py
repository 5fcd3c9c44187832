"""A learner's progress: every quiz attempt, kept in a small JSON file.

Each attempt records the item id, the kind of question, the rule cases it
exercised, the answer given, whether it was right, and the time (UTC). The file
is written atomically (a temporary file in the same folder, flushed to disk,
then renamed over the old one), so a crash or a kill in the middle of a write
leaves the previous file intact. A missing file is a fresh start; a corrupt one
is set aside as ``<name>.corrupt-<timestamp>`` with a message, and a fresh one
is started (keeping any attempts that could still be read).

The default file is ``~/.pinochle_tutor/progress.json``, or the path in the
``PINOCHLE_TUTOR_PROGRESS`` environment variable.

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

import contextlib
import json
import logging
import os
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Protocol

from pinochle_tutor.errors import PinochleError

__all__ = [
    "ENV_VAR",
    "Attempt",
    "MarkLike",
    "Progress",
    "ProgressFileError",
    "RuleSummary",
    "default_progress_path",
    "read_attempts",
    "summarize",
    "weak_rules",
    "write_attempts",
]

ENV_VAR = "PINOCHLE_TUTOR_PROGRESS"
"""The environment variable that may name the progress file."""
_VERSION = 1
log = logging.getLogger(__name__)


class ProgressFileError(PinochleError):
    """A progress file could not be read (it is not valid progress JSON)."""


def default_progress_path() -> Path:
    """``$PINOCHLE_TUTOR_PROGRESS`` if set, else ``~/.pinochle_tutor/progress.json``."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    return Path.home() / ".pinochle_tutor" / "progress.json"


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True)
class Attempt:
    """One answer to one quiz item."""

    item_id: str
    kind: str
    """``'meld'``, ``'trick'``, ``'score'`` or ``'bid'``."""
    rules: tuple[str, ...]
    """The rule cases the item exercised (``'meld.run'``, ...)."""
    answer: str
    right: bool
    time: str
    """When, in UTC, as ISO 8601 (``'2024-06-01T12:00:00Z'``)."""

    def to_json(self) -> dict[str, Any]:
        """Plain data for the progress file."""
        return {
            "item_id": self.item_id,
            "kind": self.kind,
            "rules": list(self.rules),
            "answer": self.answer,
            "right": self.right,
            "time": self.time,
        }

    @classmethod
    def from_json(cls, data: object) -> Attempt:
        """Read one attempt; raises :class:`ProgressFileError` naming the bad field."""
        if not isinstance(data, dict):
            raise ProgressFileError(f"An attempt must be an object, not {data!r:.60}")
        for key in ("item_id", "kind", "answer", "time"):
            if not isinstance(data.get(key), str):
                raise ProgressFileError(
                    f"The attempt field {key!r} must be text, not {data.get(key)!r:.60}"
                )
        rules = data.get("rules")
        if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
            raise ProgressFileError(
                f"The attempt field 'rules' must be a list of text, not {rules!r:.60}"
            )
        if not isinstance(data.get("right"), bool):
            raise ProgressFileError(
                f"The attempt field 'right' must be true or false, not {data.get('right')!r:.60}"
            )
        return cls(
            data["item_id"], data["kind"], tuple(rules), data["answer"], data["right"], data["time"]
        )


class MarkLike(Protocol):
    """What :meth:`Progress.record_mark` needs from a :class:`pinochle_tutor.course.quiz.Mark`."""

    @property
    def item_id(self) -> str: ...
    @property
    def kind(self) -> Any: ...
    @property
    def rules(self) -> Sequence[Any]: ...
    @property
    def answer(self) -> str: ...
    @property
    def right(self) -> bool: ...


def _text(value: Any) -> str:
    """An enum's value (``QuizRule.MELD_RUN`` -> ``'meld.run'``), or the text itself."""
    return str(getattr(value, "value", value))


def read_attempts(path: str | Path) -> tuple[list[Attempt], list[str]]:
    """Read a progress file without changing it: the attempts that could be read,
    and a message for each one that could not.

    Raises :class:`ProgressFileError` when the file as a whole is not progress
    JSON, and :class:`OSError` when it cannot be read (e.g. it does not exist)."""
    p = Path(path)
    raw = p.read_bytes()
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise ProgressFileError(f"{p.name} is not valid JSON: {e}") from None
    if isinstance(doc, list):
        entries: object = doc
    elif isinstance(doc, dict) and "attempts" in doc:
        entries = doc["attempts"]
    else:
        raise ProgressFileError(f"{p.name} is not a progress file: it has no list of attempts")
    if not isinstance(entries, list):
        raise ProgressFileError(f"{p.name}: 'attempts' must be a list")
    attempts: list[Attempt] = []
    problems: list[str] = []
    for i, entry in enumerate(entries, 1):
        try:
            attempts.append(Attempt.from_json(entry))
        except ProgressFileError as e:
            problems.append(f"{p.name}: attempt #{i}: {e}")
    return attempts, problems


def write_attempts(path: str | Path, attempts: Iterable[Attempt]) -> None:
    """Write ``attempts`` to ``path`` atomically: a temporary file in the same
    folder, flushed and synced to disk, then renamed over ``path``. A crash at
    any moment leaves either the old file or the new one, never a mix."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    doc = {"version": _VERSION, "attempts": [a.to_json() for a in attempts]}
    data = json.dumps(doc, indent=1, ensure_ascii=False).encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_dir(p.parent)


def _sync_dir(folder: Path) -> None:
    """Make the rename durable (where the platform allows syncing a directory)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - e.g. Windows
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


@dataclass(frozen=True)
class RuleSummary:
    """Progress on one rule case: a row of the summary table."""

    rule: str
    attempts: int
    right: int
    last: str
    """Time of the latest attempt (UTC, ISO 8601)."""
    recent_accuracy: float
    """Share right over the latest attempts (see :func:`summarize`)."""

    @property
    def wrong(self) -> int:
        """Attempts answered wrongly."""
        return self.attempts - self.right

    @property
    def accuracy(self) -> float:
        """Share of attempts answered rightly (0.0 to 1.0)."""
        return self.right / self.attempts if self.attempts else 0.0

    def row(self) -> dict[str, Any]:
        """Plain data for a table (a widget may build a DataFrame from a list of these)."""
        return {
            "rule": self.rule,
            "attempts": self.attempts,
            "right": self.right,
            "wrong": self.wrong,
            "accuracy": round(self.accuracy, 3),
            "recent_accuracy": round(self.recent_accuracy, 3),
            "last": self.last,
        }


def summarize(attempts: Iterable[Attempt], recent: int = 10) -> list[RuleSummary]:
    """Attempts and accuracy per rule case, sorted by rule; ``recent_accuracy``
    counts only the latest ``recent`` attempts of each rule."""
    per_rule: dict[str, list[Attempt]] = {}
    for a in sorted(attempts, key=lambda x: x.time):
        for rule in dict.fromkeys(a.rules):
            per_rule.setdefault(rule, []).append(a)
    out = []
    for rule in sorted(per_rule):
        tries = per_rule[rule]
        latest = tries[-recent:] if recent > 0 else tries
        out.append(
            RuleSummary(
                rule,
                len(tries),
                sum(1 for t in tries if t.right),
                tries[-1].time,
                sum(1 for t in latest if t.right) / len(latest),
            )
        )
    return out


def weak_rules(
    attempts: Iterable[Attempt], threshold: float = 0.8, min_attempts: int = 2, recent: int = 10
) -> list[str]:
    """The rule cases a learner keeps getting wrong: at least ``min_attempts``
    attempts and a recent accuracy below ``threshold``, weakest first (ready for
    ``quiz.generate(..., focus_rules=...)``)."""
    rows = [
        r
        for r in summarize(attempts, recent)
        if r.attempts >= min_attempts and r.recent_accuracy < threshold
    ]
    rows.sort(key=lambda r: (r.recent_accuracy, -r.attempts, r.rule))
    return [r.rule for r in rows]


class Progress:
    """One learner's attempts, backed by a progress file.

    Use :meth:`load` (it never raises for a missing or corrupt file); every
    :meth:`record` saves at once. ``messages`` says what happened on load (a
    corrupt file set aside, attempts that could not be read)."""

    def __init__(self, path: Path, attempts: list[Attempt], messages: list[str]) -> None:
        self.path = path
        self.attempts = attempts
        self.messages = messages
        """What happened when the file was loaded, for the learner or the log."""

    @classmethod
    def load(cls, path: str | Path | None = None) -> Progress:
        """The progress in ``path`` (default :func:`default_progress_path`). A
        missing file starts empty; a corrupt one is renamed to
        ``<name>.corrupt-<timestamp>`` and a fresh file is started with whatever
        could be read, with a message in ``messages`` (and in the log)."""
        p = Path(path).expanduser() if path is not None else default_progress_path()
        messages: list[str] = []
        try:
            attempts, problems = read_attempts(p)
        except FileNotFoundError:
            return cls(p, [], [])
        except IsADirectoryError:
            msg = f"{p} is a folder, not a progress file: progress will not be saved there"
            log.warning(msg)
            return cls(p, [], [msg])
        except ProgressFileError as e:
            attempts = []
            messages.append(f"The progress file could not be read ({e}); {cls._set_aside(p)}")
        except OSError as e:
            attempts = []
            messages.append(f"The progress file {p} could not be opened ({e}); starting afresh.")
        else:
            if problems:
                messages.append(
                    f"{len(problems)} attempt(s) in the progress file could not be read; "
                    f"{cls._set_aside(p)} (the {len(attempts)} readable one(s) are kept)"
                )
                messages += problems
                try:
                    write_attempts(p, attempts)
                except OSError as e:
                    messages.append(f"The fresh progress file could not be written: {e}")
        for m in messages:
            log.warning(m)
        return cls(p, attempts, messages)

    @staticmethod
    def _set_aside(p: Path) -> str:
        """Rename a bad file to ``<name>.corrupt-<timestamp>``; says what was done."""
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")
        aside = p.with_name(f"{p.name}.corrupt-{stamp}")
        try:
            os.replace(p, aside)
        except OSError as e:
            return f"it could not be set aside ({e}), and a fresh one is started"
        return f"it was set aside as {aside.name} and a fresh one started"

    def record(
        self,
        item_id: str,
        kind: str,
        rules: Iterable[Any],
        answer: str,
        right: bool,
        when: datetime | None = None,
    ) -> Attempt:
        """Add one attempt and save the file at once. ``rules`` may be rule-case
        texts or :class:`~pinochle_tutor.course.quiz.QuizRule` members. A file that
        cannot be written is reported in ``messages`` (the attempt is kept in memory)."""
        time = (
            when.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
            if when is not None
            else _now()
        )
        attempt = Attempt(
            str(item_id),
            _text(kind),
            tuple(_text(r) for r in rules),
            str(answer),
            bool(right),
            time,
        )
        self.attempts.append(attempt)
        try:
            self.save()
        except OSError as e:
            msg = f"Progress could not be saved to {self.path}: {e}"
            self.messages.append(msg)
            log.warning(msg)
        return attempt

    def record_mark(self, mark: MarkLike) -> Attempt:
        """Record a :class:`~pinochle_tutor.course.quiz.Mark` (only readable answers should be recorded)."""
        return self.record(mark.item_id, _text(mark.kind), mark.rules, mark.answer, mark.right)

    def save(self) -> None:
        """Write the file atomically (see :func:`write_attempts`)."""
        write_attempts(self.path, self.attempts)

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
