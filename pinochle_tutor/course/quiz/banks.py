"""Banks: teachers' quiz items written by hand as TOML (or JSON) files.

:func:`item_from_entry` builds one item from a bank entry, with one small
reader per kind of question (each kind's ``from_entry``); every problem is a
:class:`BankFormatError` naming the field. :func:`load_bank` checks every item
of a file and reports each problem as a :class:`BankProblem` with the file, the
item and the field, while the other items still load; the loader also finds the
rule cases of items that declare none. :func:`audit_bank` also checks the
teacher's optional expected answers against the engine.

>>> item = item_from_entry({"kind": "meld", "id": "m1", "trump": "H", "hand": "KH QH"})
>>> item.hand, item.rules
((Card.parse('K♥'), Card.parse('Q♥')), ())
>>> item_from_entry({"kind": "meld", "id": "m1", "trump": "H", "hand": "KH QX"})
Traceback (most recent call last):
...
pinochle_tutor.course.quiz.entries.BankFormatError: 'QX' is not a card: ...
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import logging
import os
import re
import threading
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pinochle_tutor.course.quiz.answers import check_answer
from pinochle_tutor.course.quiz.entries import (
    BankFormatError,
    as_int,
    as_quiz_rules,
    as_str,
    blame,
    required,
)
from pinochle_tutor.course.quiz.items import QuizItem
from pinochle_tutor.course.quiz.kinds import KINDS, spec_for
from pinochle_tutor.course.quiz.rule_cases import rules_of
from pinochle_tutor.course.quiz.vocabulary import QuizKind
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.rules import CLASSIC, RuleSet, rules_named

__all__ = [
    "BANKS_VAR",
    "BankProblem",
    "audit_bank",
    "default_bank_dir",
    "item_from_entry",
    "item_to_entry",
    "load_bank",
    "load_banks",
]


@dataclass(frozen=True)
class BankProblem:
    """Something wrong in a bank file: the file, the item (id and position, when
    known), the field (when known) and what is wrong."""

    file: str
    item: str | None
    field: str | None
    message: str

    def __str__(self) -> str:
        where = self.file
        if self.item is not None:
            where += f": item {self.item}"
        if self.field is not None:
            where += f", field {self.field!r}"
        return f"{where}: {self.message}"


_LOG = logging.getLogger(__name__)


class _LoggedOnce:
    """The bank problems already written to the server's log by this process: every
    quiz page reads the banks, and a teacher needs each problem once, not once a page."""

    def __init__(self) -> None:
        self._seen: set[tuple[str, str]] = set()
        self._lock = threading.Lock()

    def warn(self, folder: Path, problems: Iterable[BankProblem]) -> None:
        for problem in problems:
            key = (str(folder), str(problem))
            with self._lock:
                if key in self._seen:
                    continue
                self._seen.add(key)
            _LOG.warning("quiz bank problem in %s: %s", folder, problem)


_LOGGED = _LoggedOnce()


# ------------------------------------------------------------------ fields

_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,79}$")
_COMMON = {"id", "kind", "level", "rules", "rule_set", "title", "expected", "note"}
_FIELDS: dict[QuizKind, frozenset[str]] = {
    k: frozenset(_COMMON) | spec.entry_fields for k, spec in KINDS.items()
}
"""The fields a bank entry of each kind may have."""
CHECKED_AT_LOAD = frozenset(k for k, spec in KINDS.items() if spec.checked_at_load)
"""Kinds whose teacher's ``expected`` answer is checked when the bank is loaded: an
item whose expected answer disagrees with the engine (or the coach) is not loaded."""


# ------------------------------------------------------------ one builder per kind


# ------------------------------------------------------------------ entries


def _entry_kind(data: Mapping[str, Any], kind: QuizKind | str | None) -> QuizKind:
    """The entry's own ``kind``, else the bank's ``kind``."""
    if kind is not None and "kind" not in data:
        return QuizKind.parse(kind)
    with blame("kind"):
        return QuizKind.parse(as_str("kind", required(data, "kind")))


def _common_fields(data: Mapping[str, Any], k: QuizKind, rule_set: RuleSet) -> dict[str, Any]:
    """The fields every kind shares, checked: ``id``, ``level``, ``rule_set``,
    ``title``, ``rules`` (and ``note``, which is not kept)."""
    item_id = as_str("id", required(data, "id"))
    if not _ID_RE.match(item_id):
        raise BankFormatError(
            f"{item_id!r} is not a usable id: letters, digits and . _ : - (up to 80)", "id"
        )
    rs = rule_set
    if "rule_set" in data:
        with blame("rule_set"):
            rs = rules_named(as_str("rule_set", data["rule_set"]))
    common: dict[str, Any] = {
        "id": item_id,
        "level": as_int("level", data.get("level", 1), 1, 3),
        "rule_set": rs,
        "title": as_str("title", data.get("title", "")),
    }
    if "note" in data:
        as_str("note", data["note"])
    if "rules" in data:
        common["rules"] = as_quiz_rules(data["rules"])
    wrong_kind = [r.value for r in common.get("rules", ()) if r.kind is not k]
    if wrong_kind:
        raise BankFormatError(
            f"{', '.join(wrong_kind)} belong to another kind of question", "rules"
        )
    return common


def item_from_entry(
    data: Mapping[str, Any], kind: QuizKind | str | None = None, rule_set: RuleSet = CLASSIC
) -> QuizItem:
    """Build one item from a bank entry (a mapping as read from TOML or JSON),
    asked under the entry's ``rule_set`` (default: ``rule_set``). The item's
    ``rules`` are the declared ones (``()`` when the entry declares none).

    Raises :class:`BankFormatError` whose message names the bad value (its
    ``field`` attribute holds the field's name, when known)."""
    if not isinstance(data, Mapping):
        raise BankFormatError(f"an item must be a table of fields, not {data!r}")
    k = _entry_kind(data, kind)
    unknown = sorted(set(data) - _FIELDS[k])
    if unknown:
        raise BankFormatError(
            f"is not a field of a {k.value} item (fields: {', '.join(sorted(_FIELDS[k]))})",
            unknown[0],
        )
    common = _common_fields(data, k, rule_set)
    item: QuizItem = KINDS[k].from_entry(data, common, common["rule_set"])
    return item


def item_to_entry(item: QuizItem) -> dict[str, Any]:
    """A bank entry for ``item`` (TOML/JSON-ready; read back by :func:`item_from_entry`).
    It holds the question only, never the answer (nor rule cases it does not declare)."""
    out: dict[str, Any] = {"id": item.id, "kind": item.kind.value, "level": item.level}
    if item.rules:
        out["rules"] = [r.value for r in item.rules]
    if item.rule_set != CLASSIC:
        out["rule_set"] = item.rule_set.name
    if item.title:
        out["title"] = item.title
    out.update(spec_for(item).to_entry(item))
    return out


# ------------------------------------------------------------------ files


def _read_document(path: Path) -> Any:
    text = path.read_text(encoding="utf-8")
    if path.suffix.lower() == ".json":
        return json.loads(text)
    try:
        toml: Any = importlib.import_module("tomllib")
    except ImportError:  # pragma: no cover - Python 3.10 without tomli
        try:
            toml = importlib.import_module("tomli")
        except ImportError:
            raise BankFormatError(
                f"reading TOML banks such as {path.name!r} needs Python 3.11 or the 'tomli' package"
            ) from None
    return toml.loads(text)


_Loaded = tuple[list[QuizItem], list[BankProblem], list[tuple[QuizItem, Any]]]


def _bank_settings(doc: dict[str, Any]) -> tuple[QuizKind | None, RuleSet]:
    """The bank's ``kind`` and ``rule_set`` (raises :class:`BankFormatError`)."""
    kind: QuizKind | None = None
    if "kind" in doc:
        with blame("kind"):
            kind = QuizKind.parse(as_str("kind", doc["kind"]))
    rs = CLASSIC
    if "rule_set" in doc:
        with blame("rule_set"):
            rs = rules_named(as_str("rule_set", doc["rule_set"]))
    return kind, rs


MAX_BANK_BYTES = 512 * 1024
"""The largest quiz bank file read (the course's largest is 9 KB, about 25 items): a
bank is read and checked item by item when its page opens, and a 5 MB bank held its
page for 10.9 s. A larger file is refused by name; split it into smaller banks."""


def _load(path: Path, kinds: Collection[QuizKind] | None = None) -> _Loaded:
    name = path.name
    try:
        size = path.stat().st_size
        if size > MAX_BANK_BYTES:
            why = (
                f"is {-(-size // 1024)} KB; a quiz bank may be at most {MAX_BANK_BYTES // 1024} KB: "
                "split it into smaller bank files"
            )
            return [], [BankProblem(name, None, None, why)], []
        doc = _read_document(path)
    except OSError as e:  # the reason only: the message never names the server's folders
        return (
            [],
            [BankProblem(name, None, None, f"cannot be read: {e.strerror or type(e).__name__}")],
            [],
        )
    except UnicodeDecodeError:
        return [], [BankProblem(name, None, None, "cannot be read: it is not UTF-8 text")], []
    except RecursionError:
        return [], [BankProblem(name, None, None, "is nested too deeply to be a quiz bank")], []
    except ValueError as e:  # TOMLDecodeError, JSONDecodeError and PinochleError are ValueErrors
        return (
            [],
            [BankProblem(name, None, None, f"is not valid {path.suffix[1:].upper()}: {e}")],
            [],
        )
    if isinstance(doc, list):
        doc = {"item": doc}
    if not isinstance(doc, dict):
        return [], [BankProblem(name, None, None, "must hold a table with a list of [[item]]s")], []
    problems = [
        BankProblem(name, None, key, "is not a bank setting (kind, title, rule_set, item)")
        for key in sorted(set(doc) - {"kind", "title", "rule_set", "item", "description"})
    ]
    try:
        kind, rs = _bank_settings(doc)
    except BankFormatError as e:
        return [], [*problems, BankProblem(name, None, e.field, str(e))], []
    entries = doc.get("item", [])
    if not isinstance(entries, list):
        problems.append(
            BankProblem(name, None, "item", "must be a list of items ([[item]] tables)")
        )
        return [], problems, []
    return _load_entries(name, entries, kind, rs, problems, kinds)


def _other_kind(entry: Any, kind: QuizKind | None, kinds: Collection[QuizKind] | None) -> bool:
    """Whether an entry is surely of a kind not among ``kinds`` (``None``: all kinds
    wanted); an entry whose kind cannot be told is read, so that it is reported."""
    if kinds is None or not isinstance(entry, Mapping):
        return False
    try:
        return _entry_kind(entry, kind) not in kinds
    except PinochleError:
        return False


def _load_entries(
    name: str,
    entries: list[Any],
    kind: QuizKind | None,
    rs: RuleSet,
    problems: list[BankProblem],
    kinds: Collection[QuizKind] | None = None,
) -> _Loaded:
    items: list[QuizItem] = []
    pairs: list[tuple[QuizItem, Any]] = []
    seen: set[str] = set()
    for index, entry in enumerate(entries, 1):
        if _other_kind(entry, kind, kinds):
            continue
        raw_id = entry.get("id") if isinstance(entry, dict) else None
        label = f"{raw_id!r} (#{index})" if isinstance(raw_id, str) else f"#{index}"
        try:
            item = item_from_entry(entry, kind, rs)
        except BankFormatError as e:
            problems.append(BankProblem(name, label, e.field, str(e)))
            continue
        except PinochleError as e:
            problems.append(BankProblem(name, label, None, str(e)))
            continue
        if item.id in seen:
            problems.append(
                BankProblem(name, label, "id", f"{item.id!r} is used by an earlier item")
            )
            continue
        seen.add(item.id)
        expected = entry.get("expected") if isinstance(entry, dict) else None
        if item.kind in CHECKED_AT_LOAD and expected is not None:
            mark = check_answer(item, _expected_text(expected))
            if not mark.readable or not mark.right:
                why = (
                    mark.explanation
                    if not mark.readable
                    else (
                        f"the teacher's answer {expected!r} disagrees with the engine: {mark.correct}"
                    )
                )
                problems.append(BankProblem(name, label, "expected", f"not loaded: {why}"))
                continue
        if not item.rules:  # the loader finds the rule cases a teacher did not declare
            item = dataclasses.replace(item, rules=rules_of(item))
        items.append(item)
        pairs.append((item, entry.get("expected") if isinstance(entry, dict) else None))
    return items, problems, pairs


def load_bank(
    path: str | Path, kinds: Collection[QuizKind] | None = None
) -> tuple[list[QuizItem], list[BankProblem]]:
    """Read a bank file (``.toml`` or ``.json``): the items that are valid, and a
    problem for each one that is not (naming the file, the item and the field).
    Never raises for a bad file. Each problem also goes to the server's log
    (:func:`logging.warning`, logger ``pinochle_tutor.course.quiz.banks``), once per
    process. With ``kinds``, only the items of those kinds are
    read and checked (the others are passed over, not reported)."""
    p = Path(path)
    items, problems, _ = _load(p, kinds)
    _LOGGED.warn(p.parent, problems)
    return items, problems


def load_banks(
    folder: str | Path | None = None, kinds: Collection[QuizKind] | None = None
) -> tuple[list[QuizItem], list[BankProblem]]:
    """Read every ``*.toml`` and ``*.json`` bank in ``folder`` (default:
    :func:`default_bank_dir`); ids must be unique across the files. With ``kinds``,
    only the items of those kinds are read and checked: a quiz page of one kind
    does not check the answers of every other kind's items against the engine
    (measured: a meld practice page's kernel spent about 1.8 CPU-seconds checking
    the play, pass and game items before it showed its first question)."""
    root = Path(folder) if folder is not None else default_bank_dir()
    items: list[QuizItem] = []
    problems: list[BankProblem] = []
    owner: dict[str, str] = {}
    paths = sorted(p for p in root.glob("*") if p.suffix.lower() in (".toml", ".json"))
    for path in paths:
        found, trouble = load_bank(path, kinds)
        problems += trouble
        for item in found:
            if item.id in owner:
                problems.append(
                    BankProblem(path.name, repr(item.id), "id", f"is also used in {owner[item.id]}")
                )
                continue
            owner[item.id] = path.name
            items.append(item)
    return items, problems


BANKS_VAR = "PINOCHLE_TUTOR_BANKS"
"""The environment variable that may name the folder of quiz banks a site serves (a
teacher's own copy of ``exercises/banks``)."""


def default_bank_dir(cwd: str | Path | None = None) -> Path:
    """The curated banks: the folder named by ``$PINOCHLE_TUTOR_BANKS`` when set, else
    ``exercises/banks`` beside the package (a source checkout), else the site's own
    copy, ``banks`` or ``practice/banks`` in ``cwd`` (default: the working directory;
    the static site, whose package is an installed wheel, ships them there)."""
    chosen = os.environ.get(BANKS_VAR)
    if chosen:
        return Path(chosen).expanduser()
    checkout = Path(__file__).resolve().parents[3] / "exercises" / "banks"
    if checkout.is_dir():
        return checkout
    here = Path(cwd) if cwd is not None else Path.cwd()
    for candidate in (here / "banks", here / "practice" / "banks"):
        if candidate.is_dir():
            return candidate
    return checkout


def _expected_text(expected: Any) -> str:
    if isinstance(expected, bool):
        return "yes" if expected else "no"
    if isinstance(expected, int):
        return str(expected)
    if isinstance(expected, list):
        return ", ".join(str(x) for x in expected)
    return str(expected)


def audit_bank(path: str | Path) -> list[BankProblem]:
    """Every problem :func:`load_bank` finds, and for each valid item: the teacher's
    ``expected`` answer (when given) checked against the engine, and the declared
    ``rules`` checked against the rule cases the engine finds in the position."""
    p = Path(path)
    items, problems, pairs = _load(p)
    del items
    for item, expected in pairs:
        label = repr(item.id)
        found = set(rules_of(item))
        stray = [r.value for r in item.rules if r not in found]
        if stray:
            problems.append(
                BankProblem(p.name, label, "rules", f"the position does not exercise {', '.join(stray)} "
                            f"(it exercises {', '.join(r.value for r in rules_of(item))})")
            )  # fmt: skip
        if expected is None:
            continue
        mark = check_answer(item, _expected_text(expected))
        if not mark.readable:
            problems.append(BankProblem(p.name, label, "expected", mark.explanation))
        elif not mark.right:
            problems.append(
                BankProblem(p.name, label, "expected",
                            f"the teacher's answer {expected!r} disagrees with the engine: {mark.correct}")
            )  # fmt: skip
    return problems
