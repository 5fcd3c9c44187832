"""The teacher's view of the class, as data: who practised what, how well, when,
which lessons they opened, and the class's weakest rule cases.

Everything here reads a :class:`ClassData` (built from the site's database, or a
folder of learners' databases and JSON files, see :func:`class_data`) and returns
small frozen rows; :mod:`pinochle_widgets.dashboard` shows them, behind the
teacher's secret (:func:`check_secret`).

>>> from pinochle_tutor.classroom.attempts import Attempt
>>> data = ClassData.of({"ann": [Attempt("m1", "meld", ("meld.run",), "150", True, "2026-03-02T10:00:00Z"),
...                              Attempt("m2", "meld", ("meld.dix",), "0", False, "2026-03-02T10:05:00Z")]})
>>> [(r.learner, r.attempts, r.accuracy) for r in learner_rows(data)]
[('ann', 2, 0.5)]
>>> [r.rule for r in weakest_rules(data, count=1, min_attempts=1)]
['meld.dix']
"""

from __future__ import annotations

import csv
import hmac
import io
import os
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from pinochle_tutor.classroom.attempts import (
    CHECK_KIND,
    HAND_KIND,
    MISTAKE_KIND,
    NOT_PRACTICE,
    POSITION_KIND,
    Attempt,
)
from pinochle_tutor.classroom.class_folder import collect_records
from pinochle_tutor.classroom.database import StoreError, is_database_url
from pinochle_tutor.classroom.mastery import lesson_mastery, lesson_of_set
from pinochle_tutor.classroom.own_positions import mistake_kinds
from pinochle_tutor.classroom.store import LessonVisit, ProgressStore
from pinochle_tutor.classroom.times import Zone, site_zone

__all__ = [
    "FORMULA_STARTS",
    "SECRET_VAR",
    "ClassData",
    "DayRow",
    "LearnerRow",
    "MistakeRow",
    "RuleRow",
    "SpreadsheetWriter",
    "TableRow",
    "activity_by_day",
    "attempts_csv",
    "check_secret",
    "class_data",
    "history",
    "learner_rows",
    "mistake_rows",
    "rule_rows",
    "spreadsheet_cell",
    "table_rows",
    "teacher_secret",
    "weakest_rules",
]

SECRET_VAR = "PINOCHLE_TUTOR_TEACHER_SECRET"
"""The environment variable holding the teacher's secret (separate from the class token)."""
MIN_SECRET = 8
"""The shortest teacher secret accepted (a shorter one leaves the dashboard shut)."""


def teacher_secret(env: Mapping[str, str] | None = None) -> str | None:
    """The teacher's secret from ``$PINOCHLE_TUTOR_TEACHER_SECRET``; ``None`` when it
    is unset or shorter than :data:`MIN_SECRET` characters (the dashboard stays shut)."""
    value = (os.environ if env is None else env).get(SECRET_VAR, "")
    return value if len(value) >= MIN_SECRET else None


def check_secret(typed: object, env: Mapping[str, str] | None = None) -> bool:
    """Whether ``typed`` is the teacher's secret (compared in constant time); always
    ``False`` when no secret is set."""
    secret = teacher_secret(env)
    if secret is None or not isinstance(typed, str):
        return False
    return hmac.compare_digest(typed.encode(), secret.encode())


@dataclass(frozen=True)
class ClassData:
    """The class's record: each learner's attempts (oldest first), lessons opened
    and given name, and the problems met reading it."""

    attempts: Mapping[str, tuple[Attempt, ...]]
    lessons: Mapping[str, tuple[LessonVisit, ...]] = field(default_factory=dict)
    names: Mapping[str, str] = field(default_factory=dict)
    problems: tuple[str, ...] = ()

    @classmethod
    def of(
        cls,
        attempts: Mapping[str, Iterable[Attempt]],
        lessons: Iterable[LessonVisit] = (),
        names: Mapping[str, str] | None = None,
        problems: Iterable[str] = (),
    ) -> ClassData:
        """Build from plain attempts per learner (and visits, names, problems)."""
        visits: dict[str, list[LessonVisit]] = defaultdict(list)
        for v in lessons:
            visits[v.learner].append(v)
        return cls(
            {k: tuple(v) for k, v in attempts.items()},
            {k: tuple(v) for k, v in visits.items()},
            dict(names or {}),
            tuple(problems),
        )

    @property
    def learners(self) -> list[str]:
        """Every learner who answered or gave a name, by shown name then key (a browser
        that only opened pages, with no name and no answer, is not a learner to list)."""
        keys = {k for k, rows in self.attempts.items() if rows}
        keys |= {k for k in self.lessons if self.names.get(k)}
        return sorted(keys, key=lambda k: (self.shown(k).lower(), k))

    @property
    def unnamed_browsers(self) -> int:
        """How many browsers opened pages with no name and no answer (not listed as
        learners, see :attr:`learners`)."""
        listed = set(self.learners)
        return sum(1 for k, v in self.lessons.items() if v and k not in listed)

    @property
    def unnamed_pages(self) -> int:
        """How many pages those browsers opened (each page once per browser)."""
        listed = set(self.learners)
        return len({(v.learner, v.page) for k, vs in self.lessons.items() if k not in listed for v in vs})

    def shown(self, learner: str) -> str:
        """The learner as the teacher reads them: the given name, or the key."""
        return self.names.get(learner) or learner

    def everything(self) -> list[Attempt]:
        """All attempts of the class."""
        return [a for rows in self.attempts.values() for a in rows]


def class_data(source: str | os.PathLike[str]) -> ClassData:
    """The class's record from a database file (the shared site), a school's database
    server (its URL) or a folder (one database or JSON file per learner, as on
    JupyterHub). Never raises for a bad
    file: it is named in :attr:`ClassData.problems` and left out."""
    if is_database_url(source):  # a school's database server: the whole class, live
        return _one_database(source)
    root = Path(source)
    if root.is_dir():
        records, problems = collect_records(root)
        attempts: dict[str, list[Attempt]] = defaultdict(list)
        visits: list[LessonVisit] = []
        names: dict[str, str] = {}
        for r in records:
            attempts[r.learner] += r.attempts
        for path in sorted(root.rglob("*.sqlite")):
            try:
                store = ProgressStore(path)
                visits += store.lessons()
                names.update({k: v for k, v in store.names().items() if v})
            except StoreError:
                pass  # already named by collect_records
        return ClassData.of(attempts, visits, names, problems)
    if not root.exists():
        return ClassData({}, problems=(f"{root.name}: no progress has been kept yet",))
    return _one_database(root)


def _one_database(location: str | os.PathLike[str]) -> ClassData:
    """The class's record in one database: a site's file, or a school's server (live)."""
    try:
        store = ProgressStore(location)
    except StoreError as e:
        return ClassData({}, problems=(str(e),))
    by: dict[str, list[Attempt]] = defaultdict(list)
    for s in store.stored_attempts():
        by[s.learner].append(s.attempt)
    return ClassData.of(by, store.lessons(), store.names())


@dataclass(frozen=True)
class LearnerRow:
    """One learner in the class table."""

    learner: str
    name: str
    attempts: int
    """Practice questions answered (lesson checks and hands played are counted apart)."""
    right: int
    by_kind: Mapping[str, float]
    """Accuracy per kind of question practised (``'meld'``, ``'trick'``, ...)."""
    last_seen: str
    """The latest answer or visit (UTC, ISO 8601), ``''`` if none."""
    lessons_opened: int
    """How many different lessons and practice pages were opened."""
    mastered: tuple[str, ...] = ()
    """The lessons mastered (pages, in order: see :mod:`~pinochle_tutor.classroom.mastery`)."""
    checks: int = 0
    """Lesson checks answered (each kept once, when answered right)."""
    hands: int = 0
    """Hands played to the end at the game table."""
    hands_won: int = 0
    """Of those, the hands whose contract the learner's side won: made as the
    bidders, or set (or conceded to them) as defenders."""

    @property
    def accuracy(self) -> float:
        """Right answers over attempts (0 with no attempts)."""
        return self.right / self.attempts if self.attempts else 0.0


def learner_rows(data: ClassData) -> list[LearnerRow]:
    """The class table: one row per learner, by name."""
    rows = []
    for key in data.learners:
        everything = data.attempts.get(key, ())
        mine = [a for a in everything if a.kind not in NOT_PRACTICE]
        hands = [a for a in everything if a.kind == HAND_KIND]
        kinds: dict[str, list[bool]] = defaultdict(list)
        for a in mine:
            kinds[a.kind].append(a.right)
        visits = data.lessons.get(key, ())
        times = [a.time for a in everything] + [v.time for v in visits]
        rows.append(
            LearnerRow(
                key,
                data.shown(key),
                len(mine),
                sum(a.right for a in mine),
                {k: sum(v) / len(v) for k, v in sorted(kinds.items())},
                max(times, default=""),
                len({v.page for v in visits}),
                _mastered(mine),
                sum(1 for a in everything if a.kind == CHECK_KIND),
                len(hands),
                sum(1 for a in hands if a.right),
            )
        )
    return rows


def _mastered(attempts: Sequence[Attempt]) -> tuple[str, ...]:
    lessons = sorted({lesson_of_set(a.set_id) for a in attempts if a.set_id})
    return tuple(lesson for lesson in lessons if lesson_mastery(attempts, lesson).mastered)


@dataclass(frozen=True)
class RuleRow:
    """One rule case across the class."""

    rule: str
    attempts: int
    right: int
    learners: int
    """How many learners practised it."""
    struggling: int
    """How many of them answered it right less than half the time."""
    rule_set: str = ""
    """The rule set the answers were given under (its name; ``''`` when not kept):
    a rule case under two rule sets is two rows, each stated with its own numbers."""

    @property
    def accuracy(self) -> float:
        """Right answers over attempts."""
        return self.right / self.attempts if self.attempts else 0.0


def _right_for_rules(a: Attempt) -> bool:
    """Whether an attempt counts as right in the per-rule accuracy. A lesson check is
    answered until right and kept only then, with the answers it took: its verdict is
    always "right", so it counts right only when its first answer was
    (:attr:`Attempt.first_try`). A practice answer counts by its verdict (right on the
    first try or on the one second try after a hint), as in the class table."""
    return a.first_try if a.kind == CHECK_KIND else a.right


def rule_rows(data: ClassData, rule_set: str = "") -> list[RuleRow]:
    """Every rule case practised, with the class's attempts and accuracy, by rule, one
    row per rule set it was answered under (answers with no rule set kept count as
    ``rule_set``: the rules in force). A lesson check on a rule case counts right only
    when answered right on its first answer (see :func:`_right_for_rules`); a hand
    played is no answer on a rule case and is left out, and so are the learners' own
    positions (a mistake kept from a hand, an answer to it: :func:`mistake_rows` counts
    those). :func:`weakest_rules`, the dashboard's accuracy chart and its "Learners
    below half" read these rows."""
    per: dict[tuple[str, str], list[tuple[str, bool]]] = defaultdict(list)
    for key, rows in data.attempts.items():
        for a in rows:
            if a.kind in (HAND_KIND, MISTAKE_KIND, POSITION_KIND):
                continue
            for rule in a.rules:
                per[rule, a.rule_set or rule_set].append((key, _right_for_rules(a)))
    out = []
    for (rule, under), marks in sorted(per.items()):
        by_learner: dict[str, list[bool]] = defaultdict(list)
        for key, right in marks:
            by_learner[key].append(right)
        struggling = sum(1 for v in by_learner.values() if sum(v) / len(v) < 0.5)
        out.append(
            RuleRow(rule, len(marks), sum(r for _, r in marks), len(by_learner), struggling, under)
        )
    return out


def weakest_rules(
    data: ClassData, count: int = 5, min_attempts: int = 3, rule_set: str = ""
) -> list[RuleRow]:
    """The class's weakest rule cases: lowest accuracy first, among those tried at
    least ``min_attempts`` times (rows as :func:`rule_rows`, a lesson check right only
    on its first answer)."""
    rows = [r for r in rule_rows(data, rule_set) if r.attempts >= min_attempts]
    return sorted(rows, key=lambda r: (r.accuracy, -r.attempts, r.rule))[:count]


@dataclass(frozen=True)
class MistakeRow:
    """One kind of clear mistake the coach found in the class's hands."""

    kind: str
    """The coach's reason for its own card where the mistake was made (the name of a
    ``PlayPrinciple``: ``'CHEAPEST_WINNER'``; see
    :class:`~pinochle_tutor.classroom.own_positions.KeptPosition`)."""
    mistakes: int
    """Positions kept with this kind, across the class."""
    learners: int
    """Learners who made one."""


def mistake_rows(data: ClassData, count: int = 5) -> list[MistakeRow]:
    """The class's most frequent kinds of clear mistake at the table (each learner's
    positions kept from their hands, :func:`~pinochle_tutor.classroom.own_positions.mistake_kinds`),
    the most frequent first (then by name), at most ``count``."""
    total: Counter[str] = Counter()
    who: dict[str, set[str]] = defaultdict(set)
    for key, rows in data.attempts.items():
        for kind, n in mistake_kinds(rows).items():
            total[kind] += n
            who[kind].add(key)
    ranked = sorted(total, key=lambda k: (-total[k], k))[:count]
    return [MistakeRow(k, total[k], len(who[k])) for k in ranked]


def history(data: ClassData, learner: str) -> list[Attempt]:
    """One learner's attempts, newest first (empty for an unknown learner)."""
    return list(reversed(data.attempts.get(learner, ())))


@dataclass(frozen=True)
class DayRow:
    """The class's activity on one day (in the zone asked for)."""

    day: str
    attempts: int
    learners: int


def activity_by_day(data: ClassData, zone: Zone | None = None) -> list[DayRow]:
    """Attempts (answers, lesson checks, hands played) and active learners per day,
    oldest first; days in ``zone`` (default :func:`~pinochle_tutor.classroom.times.site_zone`)."""
    zone = site_zone() if zone is None else zone
    count: Counter[str] = Counter()
    who: dict[str, set[str]] = defaultdict(set)
    for key, rows in data.attempts.items():
        for a in rows:
            day = zone.day(a.time)
            count[day] += 1
            who[day].add(key)
    return [DayRow(d, count[d], len(who[d])) for d in sorted(count)]


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""How a cell a spreadsheet runs as a formula begins (OWASP's CSV-injection list)."""


def spreadsheet_cell(value: object) -> str:
    r"""``value`` as a CSV cell that a spreadsheet shows and never runs.

    A spreadsheet (Excel, LibreOffice, Google Sheets) runs a cell that begins with
    ``=``, ``+``, ``-`` or ``@`` as a formula, and one that begins with a tab or a
    carriage return (or other blank space) before them too: a learner's answer
    ``=HYPERLINK("http://...")`` would be a link on the teacher's sheet, and
    ``+1+cmd|' /C calc'!A0`` asks to start a program. Such text gets a single quote
    in front, as OWASP's CSV-injection guidance advises, so the sheet shows it as
    text; after the quote is exactly what was typed (an answer ``-50`` is the text
    ``'-50``, not the number). Every cell of the project's CSVs (learner keys, names,
    file names, answers, rule cases) goes through here, by :class:`SpreadsheetWriter`.
    A number the project counted (an ``int`` or ``float``: tries, attempts) is
    written as the number it is; ``None`` is an empty cell.

    >>> [spreadsheet_cell(v) for v in ["=1+2", "+100", "-50", "@SUM(1)", "\t=1", " =1"]]
    ["'=1+2", "'+100", "'-50", "'@SUM(1)", "'\t=1", "' =1"]
    >>> [spreadsheet_cell(v) for v in ["150", "meld.run;meld.dix", "a=b", 2, -5, None]]
    ['150', 'meld.run;meld.dix', 'a=b', '2', '-5', '']
    """
    if value is None:
        return ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)  # digits, a sign, a point: a number, never a formula
    text = str(value)
    if text.startswith(FORMULA_STARTS) or text.lstrip().startswith(FORMULA_STARTS):
        return "'" + text
    return text


class SpreadsheetWriter:
    r"""A :func:`csv.writer` on ``out`` (a text file opened with ``newline=""``, or
    an :class:`io.StringIO`) whose every cell is a :func:`spreadsheet_cell`: the one
    way the project writes a CSV, so nothing a learner typed runs in the teacher's
    spreadsheet.

    Every cell is also in double quotes: a spreadsheet set to split on ``;`` (as
    in many European locales) would otherwise cut ``a;=1+2`` in two, and the second
    cell would begin as a formula; inside quotes it stays one cell.

    >>> out = io.StringIO()
    >>> SpreadsheetWriter(out).writerow(["=1+2", "-50", 2, "a;=1"])
    >>> out.getvalue()
    '"\'=1+2","\'-50","2","a;=1"\r\n'
    """

    def __init__(self, out: TextIO) -> None:
        self._writer = csv.writer(out, quoting=csv.QUOTE_ALL)

    def writerow(self, row: Iterable[object]) -> None:
        """Write one row, each cell through :func:`spreadsheet_cell`."""
        self._writer.writerow([spreadsheet_cell(value) for value in row])


def attempts_csv(data: ClassData, learners: Sequence[str] | None = None) -> str:
    """Every attempt (or those of ``learners``) as CSV text: learner, name, time (UTC,
    ISO 8601), item, kind (a practice question's, ``check`` for a lesson check,
    ``hand`` for a hand played at the table), rules, answer, right, the tries the
    answer took (2 after a hint) and the rule set it was given under. No cell begins
    as a formula (:func:`spreadsheet_cell`): an answer ``-50`` is the text ``'-50``."""
    out = io.StringIO()
    writer = SpreadsheetWriter(out)
    writer.writerow(
        ["learner", "name", "time", "item_id", "kind", "rules", "answer", "right", "tries",
         "rule_set"]
    )  # fmt: skip
    for key in learners if learners is not None else data.learners:
        for a in data.attempts.get(key, ()):
            writer.writerow(
                [key, data.shown(key), a.time, a.item_id, a.kind, ";".join(a.rules),
                 a.answer, "yes" if a.right else "no", a.tries, a.rule_set]
            )  # fmt: skip
    return out.getvalue()


@dataclass(frozen=True)
class TableRow:
    """A classmates' table as the teacher reads it."""

    code: str
    state: str
    """"open" (learners taking seats), "playing" or "closed"."""
    seats: str
    """Who sits where, in words ("South Ann, West Bob, North and East computer players")."""
    level: str
    opened: str
    """When it was opened (UTC, ISO 8601)."""
    moves: int
    result: str
    """The finished game's result in words (``''`` before it ends)."""


def table_rows(source: str | os.PathLike[str]) -> list[TableRow]:
    """The classmates' tables in the class database at ``source`` (a site's file or a
    school's server), newest first; none for a folder of files (each learner's own
    file holds no shared table). Never raises: a database that cannot be read has no
    rows (:func:`class_data` names its problem)."""
    from datetime import datetime, timezone

    from pinochle_tutor.classroom.tables import TableStore
    from pinochle_tutor.words import seat_label

    if not is_database_url(source) and (Path(source).is_dir() or not Path(source).exists()):
        return []
    try:
        store = ProgressStore(source)
        TableStore(store).close_idle()  # tables every learner left long ago show as closed
        tables = TableStore(store).all_tables()
    except Exception:
        return []
    rows = []
    for t in tables:
        taken = [f"{seat_label(s.seat, t.players)} {s.name or 'a learner with no name'}" for s in t.seats]
        free = [seat_label(i, t.players) for i in t.free_seats]
        if free:
            taken.append(" and ".join(free) + (" computer players" if len(free) > 1 else " a computer player"))
        opened = datetime.fromtimestamp(t.opened, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        rows.append(TableRow(t.code, t.state.value, ", ".join(taken), t.level, opened,
                             len(TableStore(store).moves(t.code)), t.result))  # fmt: skip
    return rows

