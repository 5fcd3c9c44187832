"""A class folder collected for the teacher: every learner's attempts found under a
folder (each database's learners and each JSON progress file), each attempt counted
once, and the files that could not be read, in words."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pinochle_tutor.classroom.attempts import Attempt, read_attempts
from pinochle_tutor.classroom.store import _UNUSABLE, MAX_TEXT, ProgressStore
from pinochle_tutor.errors import PinochleError

__all__ = ["STORE_FILES", "ClassRecord", "collect_records", "learner_of_file"]


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
