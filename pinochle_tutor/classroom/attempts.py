"""Quiz attempts as values, and the JSON progress file format.

An :class:`Attempt` records the item id, the kind of question, the rule cases it
exercised, the answer given, whether it was right, and the time (UTC). A JSON
progress file (a learner's own, or one exported from the static site) holds a list
of them; :func:`write_attempts` writes it atomically (a temporary file in the same
folder, flushed to disk, then renamed over the old one), so a crash or a kill in
the middle of a write leaves the previous file intact. :func:`summarize` and
:func:`weak_rules` read a list of attempts, wherever it was kept.

Where progress is kept is :mod:`~pinochle_tutor.classroom.progress` (a learner's
record) and :mod:`~pinochle_tutor.classroom.store` (the class database).
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Protocol

from pinochle_tutor.errors import PinochleError

__all__ = [
    "CHECK_KIND",
    "HAND_KIND",
    "MAX_POSITION",
    "MAX_RULE_SET",
    "MAX_SET_ID",
    "MISTAKE_KIND",
    "NOT_PRACTICE",
    "NOW_VAR",
    "POSITION_KIND",
    "Attempt",
    "InvalidClockError",
    "InvalidTimeError",
    "MarkLike",
    "ProgressFileError",
    "RuleSummary",
    "as_text",
    "attempts_json",
    "clock",
    "now",
    "parse_attempts",
    "parse_places",
    "parse_time",
    "read_attempts",
    "remove_stale_temporaries",
    "summarize",
    "weak_rules",
    "write_attempts",
]

_VERSION = 1

MAX_SET_ID = 120
"""The longest mastery-set name an attempt keeps (a lesson page, ``#`` and a short key)."""
MAX_RULE_SET = 80
"""The longest rule-set name an attempt keeps."""
MAX_PAGE = 80
"""The longest page name an attempt keeps (the class database keeps as many)."""
MAX_POSITION = 4000
"""The longest kept position an attempt carries (a double-deck position from the first
trick, with every seat's meld shown, is under 1,500 characters)."""

CHECK_KIND = "check"
"""The kind of a lesson's check (a question inside a lesson, answered until right)."""
HAND_KIND = "hand"
"""The kind of a hand played to the end at the game table (kept by
``pinochle_tutor.course.table.session.GameSession``): ``right`` says whether the
learner's side won the contract (made it as the bidders, or set it as defenders, a
concession included)."""
MISTAKE_KIND = "mistake"
"""The kind of a card played at a table that the coach's review of the hand found a clear
mistake (``right`` is false; :attr:`Attempt.position` holds the position, see
:mod:`~pinochle_tutor.classroom.own_positions`): it puts the position on the learner's
review ladder."""
POSITION_KIND = "position"
"""The kind of an answer to one of the learner's own positions in the review ("Find a
better play"); :attr:`Attempt.position` holds the position asked."""
NOT_PRACTICE = (CHECK_KIND, HAND_KIND, MISTAKE_KIND)
"""The kinds that are no practice question: counted apart on the teacher's dashboard
(lesson checks answered, hands played, mistakes kept from hands), never in a learner's
accuracy."""


class ProgressFileError(PinochleError):
    """A progress file could not be read (it is not valid progress JSON)."""

NOW_VAR = "PINOCHLE_TUTOR_NOW"
"""An environment variable that sets the clock of the course (a UTC time in ISO 8601,
``2026-12-05T09:00:00Z``): what :func:`now` says, the time kept with each answer and
the day the review schedule counts from. For trying the review schedule ahead of
time (tests, a teacher's preview); unset, the real clock."""


class InvalidClockError(PinochleError):
    """A ``PINOCHLE_TUTOR_NOW`` that is not a UTC time in ISO 8601."""


class InvalidTimeError(PinochleError):
    """A kept time that is not a time in ISO 8601."""


def parse_time(text: str) -> datetime:
    """An :attr:`Attempt.time` (``'2024-06-01T12:00:00Z'``) as an aware UTC datetime;
    raises :class:`InvalidTimeError` quoting text that is not one."""
    try:
        when = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except (TypeError, ValueError):
        raise InvalidTimeError(
            f"{text!r:.40} is not a time in ISO 8601 ('2024-06-01T12:00:00Z')"
        ) from None
    return when.replace(tzinfo=timezone.utc) if when.tzinfo is None else when.astimezone(timezone.utc)


def clock() -> datetime:
    """The course's time now, in UTC: ``$PINOCHLE_TUTOR_NOW`` if set (see
    :data:`NOW_VAR`), else the real clock. Raises :class:`InvalidClockError` for a
    setting that is not a time."""
    fixed = os.environ.get(NOW_VAR, "").strip()
    if not fixed:
        return datetime.now(timezone.utc)
    try:
        return parse_time(fixed)
    except InvalidTimeError as e:
        raise InvalidClockError(f"{NOW_VAR}={fixed!r:.40} is not a UTC time such as 2026-12-05T09:00:00Z") from e


def now() -> str:
    """The time now (:func:`clock`), in UTC, as ISO 8601 (the form of :attr:`Attempt.time`)."""
    return clock().strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True)
class Attempt:
    """One answer to one quiz item."""

    item_id: str
    kind: str
    """The quiz kind (``'meld'``, ``'trick'``, ``'score'``, ``'bid'``, ...), or
    :data:`CHECK_KIND` for a lesson's check and :data:`HAND_KIND` for a hand played."""
    rules: tuple[str, ...]
    """The rule cases the item exercised (``'meld.run'``, ...)."""
    answer: str
    right: bool
    time: str
    """When, in UTC, as ISO 8601 (``'2024-06-01T12:00:00Z'``)."""
    tries: int = 1
    """How many answers the question took: 1, or 2 when a first wrong answer got a
    hint and a second try (``right`` is the verdict on the last one)."""
    set_id: str = ""
    """The lesson's mastery set the answer was given in, as ``'<lesson page>#<set>'``
    (``'04_meld.ipynb#7f3a9c'``: see :mod:`~pinochle_tutor.classroom.mastery`);
    ``''`` for an answer given anywhere else."""
    rule_set: str = ""
    """The name of the rule set the question was asked under (``'double_deck'``), so
    its rule cases are stated with that rule set's numbers; ``''`` when not known (an
    answer kept before rule sets were kept with answers)."""
    page: str = ""
    """The page (notebook) the answer was given on (``'09_full_game.ipynb'``), so a hand
    played on a lesson's page counts toward that lesson; ``''`` when not known: an answer
    given outside a served page (the static site, plain Jupyter), or kept before pages
    were kept in the learner's file."""
    position: str = ""
    """For :data:`MISTAKE_KIND` and :data:`POSITION_KIND`: the position kept, as
    :class:`~pinochle_tutor.classroom.own_positions.KeptPosition` text (what the learner's
    seat saw, never another seat's hidden cards or a seed); ``''`` for every other
    answer."""

    @property
    def first_try(self) -> bool:
        """Right on the first try (not after a hint)."""
        return self.right and self.tries == 1

    def to_json(self) -> dict[str, Any]:
        """Plain data for the progress file (``tries`` only when more than 1, ``set``
        only for a mastery set's answer, ``rule_set``, ``page`` and ``position`` only when
        known, so other files read as before)."""
        out: dict[str, Any] = {
            "item_id": self.item_id,
            "kind": self.kind,
            "rules": list(self.rules),
            "answer": self.answer,
            "right": self.right,
            "time": self.time,
        }
        if self.tries != 1:
            out["tries"] = self.tries
        if self.set_id:
            out["set"] = self.set_id
        if self.rule_set:
            out["rule_set"] = self.rule_set
        if self.page:
            out["page"] = self.page
        if self.position:
            out["position"] = self.position
        return out

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
        tries = data.get("tries", 1)
        if isinstance(tries, bool) or not isinstance(tries, int) or tries < 1:
            raise ProgressFileError(
                f"The attempt field 'tries' must be a whole number from 1, not {tries!r:.60}"
            )
        set_id = data.get("set", "")
        if not isinstance(set_id, str) or len(set_id) > MAX_SET_ID:
            raise ProgressFileError(
                f"The attempt field 'set' must be text of at most {MAX_SET_ID} characters, "
                f"not {set_id!r:.60}"
            )
        rule_set = data.get("rule_set", "")
        if not isinstance(rule_set, str) or len(rule_set) > MAX_RULE_SET:
            raise ProgressFileError(
                f"The attempt field 'rule_set' must be text of at most {MAX_RULE_SET} "
                f"characters, not {rule_set!r:.60}"
            )
        page = data.get("page", "")
        if not isinstance(page, str) or len(page) > MAX_PAGE:
            raise ProgressFileError(
                f"The attempt field 'page' must be text of at most {MAX_PAGE} characters, "
                f"not {page!r:.60}"
            )
        position = data.get("position", "")
        if not isinstance(position, str) or len(position) > MAX_POSITION:
            raise ProgressFileError(
                f"The attempt field 'position' must be text of at most {MAX_POSITION} "
                f"characters, not {position!r:.60}"
            )
        return cls(
            data["item_id"], data["kind"], tuple(rules), data["answer"], data["right"],
            data["time"], tries, set_id, rule_set, page, position,
        )  # fmt: skip


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


def as_text(value: Any) -> str:
    """An enum's value (``QuizRule.MELD_RUN`` -> ``'meld.run'``), or the text itself."""
    return str(getattr(value, "value", value))


def read_attempts(path: str | Path) -> tuple[list[Attempt], list[str]]:
    """Read a progress file without changing it: the attempts that could be read,
    and a message for each one that could not.

    Raises :class:`ProgressFileError` when the file as a whole is not progress
    JSON, and :class:`OSError` when it cannot be read (e.g. it does not exist)."""
    p = Path(path)
    return parse_attempts(p.read_bytes(), p.name)


def parse_attempts(raw: bytes, name: str) -> tuple[list[Attempt], list[str]]:
    """The attempts in the bytes of a progress file called ``name`` (a file read,
    or one a learner uploaded), and a message for each attempt that could not be
    read. A UTF-8 byte-order mark is fine. Raises :class:`ProgressFileError`
    naming the file when it is not progress JSON (nested too deeply included)."""
    try:
        doc = json.loads(raw.decode("utf-8-sig"))  # a BOM from a Windows editor is fine
    except (UnicodeDecodeError, ValueError) as e:
        raise ProgressFileError(f"{name} is not valid JSON: {e}") from None
    except RecursionError:
        raise ProgressFileError(f"{name} is nested too deeply to be a progress file") from None
    if isinstance(doc, list):
        entries: object = doc
    elif isinstance(doc, dict) and "attempts" in doc:
        entries = doc["attempts"]
    else:
        raise ProgressFileError(f"{name} is not a progress file: it has no list of attempts")
    if not isinstance(entries, list):
        raise ProgressFileError(f"{name}: 'attempts' must be a list")
    attempts: list[Attempt] = []
    problems: list[str] = []
    for i, entry in enumerate(entries, 1):
        try:
            attempts.append(Attempt.from_json(entry))
        except ProgressFileError as e:
            problems.append(f"{name}: attempt #{i}: {e}")
    return attempts, problems


def attempts_json(attempts: Iterable[Attempt], places: dict[str, str] | None = None) -> bytes:
    """The bytes of a JSON progress file holding ``attempts`` (what
    :func:`write_attempts` writes, and what a learner downloads as their record), and
    the learner's ``places`` in rounds of questions (:mod:`~pinochle_tutor.classroom.places`)
    when there are any."""
    doc: dict[str, Any] = {"version": _VERSION, "attempts": [a.to_json() for a in attempts]}
    if places:
        doc["places"] = dict(places)
    return json.dumps(doc, indent=1, ensure_ascii=False).encode("utf-8")


def parse_places(raw: bytes) -> dict[str, str]:
    """The places kept in the bytes of a progress file (key -> place text); empty for a
    file without them, or one that is not JSON. Never raises."""
    try:
        doc = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return {}
    places = doc.get("places") if isinstance(doc, dict) else None
    if not isinstance(places, dict):
        return {}
    return {k: v for k, v in places.items() if isinstance(k, str) and isinstance(v, str)}


STALE_TEMP = 600
"""Seconds after which a temporary file left by an interrupted write is removed."""


def remove_stale_temporaries(path: str | Path, now: float | None = None) -> int:
    """Remove the temporary files an interrupted :func:`write_attempts` left beside
    ``path`` (a kill in the middle of a write), once older than :data:`STALE_TEMP`
    seconds (a younger one may be another page's write in progress). Returns how
    many were removed; never raises."""
    p = Path(path)
    now = time.time() if now is None else now
    removed = 0
    try:
        leftovers = list(p.parent.glob(f".{p.name}.*.tmp"))
    except OSError:
        return 0
    for tmp in leftovers:
        try:
            if now - tmp.stat().st_mtime > STALE_TEMP:
                tmp.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def write_attempts(
    path: str | Path, attempts: Iterable[Attempt], places: dict[str, str] | None = None
) -> None:
    """Write ``attempts`` (and ``places``) to ``path`` atomically: a temporary file in
    the same folder, flushed and synced to disk, then renamed over ``path``. A crash at
    any moment leaves either the old file or the new one, never a mix."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    data = attempts_json(attempts, places)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        with contextlib.suppress(FileNotFoundError):  # keep the mode the file had
            os.chmod(tmp, p.stat().st_mode & 0o7777)
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
    first_try: int = 0
    """Attempts right on the first try (``right`` also counts those right after a hint)."""

    @property
    def wrong(self) -> int:
        """Attempts answered wrongly."""
        return self.attempts - self.right

    @property
    def accuracy(self) -> float:
        """Share of attempts answered rightly (0.0 to 1.0), on the first or second try."""
        return self.right / self.attempts if self.attempts else 0.0

    @property
    def first_try_accuracy(self) -> float:
        """Share of attempts right on the first try, without a hint (0.0 to 1.0)."""
        return self.first_try / self.attempts if self.attempts else 0.0

    def row(self) -> dict[str, Any]:
        """Plain data for a table (a widget may build a DataFrame from a list of these)."""
        return {
            "rule": self.rule,
            "attempts": self.attempts,
            "right": self.right,
            "wrong": self.wrong,
            "accuracy": round(self.accuracy, 3),
            "first_try": self.first_try,
            "first_try_accuracy": round(self.first_try_accuracy, 3),
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
                sum(1 for t in tries if t.first_try),
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
