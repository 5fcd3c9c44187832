#!/usr/bin/env python3
"""Collect the class's progress files into one CSV (a teacher's command).

    python scripts/collect_progress.py CLASS_FOLDER -o class.csv
    python scripts/collect_progress.py CLASS_FOLDER --by-rule -o rules.csv

Every progress database (``*.sqlite``: each of its learners, e.g. the JupyterHub
homes' ``alice/.pinochle_tutor/progress.sqlite``) and every ``*.json`` file under
CLASS_FOLDER (searched recursively) is read. A JSON file's learner is the name of
its folder when the file is called ``progress.json`` (``class/alice/progress.json``
-> ``alice``), otherwise the file's name without ``.json`` (``class/bob.json`` ->
``bob``). Each attempt is counted once: a ``progress.json`` that a database in the
same folder imported (the earlier format, imported once by the tutor) is not
counted again.

One row per attempt (learner, file, item_id, kind, rules, answer, right, time),
or with ``--by-rule`` one row per learner and rule case (attempts, right,
accuracy). A cell that a spreadsheet would run as a formula (text beginning with
``=``, ``+``, ``-``, ``@``, a tab or a carriage return, typed by a learner or in a
file's name) is written after a single quote, ``'=1+2``, so it stays text. Files
that are not progress files are reported on stderr and skipped; attempts that
cannot be read are reported and the rest of the file is used. The learners' files
are only read, never changed. Exit status: 0, or 1 when some file was skipped.

    python scripts/collect_progress.py CLASS_FOLDER --into "$PINOCHLE_TUTOR_DATABASE_URL"
    python scripts/collect_progress.py CLASS_FOLDER --into class.sqlite

``--into`` (a database URL, ``postgresql+psycopg://...``, or a SQLite file's path)
also loads what was collected into that database, the school's class database say,
so the teacher's dashboard shows it with the answers given there: the SQLite files
of learners' homes from before the school had one database, and the progress files
learners download from the static site and hand in. Each learner's record from each
file is loaded once: running it again adds nothing, and a file a learner handed in
again with new answers adds only the new ones (an answer the database already holds
for that learner, the same question, time, answer and verdict, is not added again).
It prints how many answers were added per learner; the URL is never printed. Only
answers are loaded (not names, preferences or lessons opened). With ``--into`` the
CSV is written only when ``-o`` is given.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from pinochle_tutor.classroom.attempts import Attempt, summarize
from pinochle_tutor.classroom.class_folder import collect_records
from pinochle_tutor.classroom.dashboard import SpreadsheetWriter
from pinochle_tutor.classroom.database import (
    DATABASE_ERRORS,
    StoreError,
    is_database_url,
    store_error,
)
from pinochle_tutor.classroom.progress import STORE_SUFFIXES, is_database
from pinochle_tutor.classroom.store import MAX_TEXT, ProgressStore

ATTEMPT_COLUMNS = ["learner", "file", "item_id", "kind", "rules", "answer", "right", "time"]
RULE_COLUMNS = ["learner", "rule", "attempts", "right", "wrong", "accuracy", "last"]
_LOAD_ERRORS: tuple[type[Exception], ...] = (StoreError, *DATABASE_ERRORS)
"""What loading one learner's record may meet (a name the store refuses, a dropped
connection): reported, and the other records are still loaded."""


def collect(folder: Path, errors: TextIO) -> tuple[list[tuple[str, Path, list[Attempt]]], int]:
    """(learner, file, attempts) for every learner found, and how many files were
    skipped (see :func:`~pinochle_tutor.classroom.class_folder.collect_records`)."""
    records, problems = collect_records(folder)
    for problem in problems:
        print(problem + (" (skipped that attempt)" if problem.startswith("in ") else ""), file=errors)
    found = [(r.learner, Path(r.source), list(r.attempts)) for r in records]
    return found, sum(p.startswith("skipped ") for p in problems)


def _answer_key(a: Attempt) -> tuple[str, ...]:
    """What makes two records one answer: the same question, time, answer and verdict
    (as :func:`~pinochle_tutor.classroom.class_folder.collect_records` counts them)."""
    return (a.item_id, a.kind, a.time, a.answer[:MAX_TEXT], str(a.right))


def _source(path: Path, learner: str, attempts: Sequence[Attempt]) -> str:
    """The import's source: the file, and a digest of this learner's answers in it. The
    same file unchanged is the same source (loading it again adds nothing); a file
    handed in again with more answers is a new source, whose answers already held are
    left out by :func:`load_into`."""
    digest = hashlib.sha256()  # of the answers, so a changed file is a new source
    for a in attempts:
        digest.update(repr((learner, *_answer_key(a), a.tries, a.set_id, a.rule_set)).encode())
    return f"collect_progress:{path}#{digest.hexdigest()[:32]}"


def load_into(
    location: str, folder: Path, found: Sequence[tuple[str, Path, list[Attempt]]], errors: TextIO
) -> tuple[dict[str, int], int, str]:
    """Load every (learner, file, attempts) of ``found`` (files relative to ``folder``,
    as :func:`collect` gives them) into the database at ``location`` (a URL or a
    SQLite path), each once: ``import_attempts`` records the
    source (:func:`_source`), and answers the database already holds for the learner
    are not added twice. Returns the answers added per learner, how many records
    could not be loaded (each reported on ``errors``, never quoting a URL) and the
    database's name for messages (a file's name, never a URL). Raises
    :class:`StoreError` when the database cannot be opened."""
    try:
        store = ProgressStore(location)
    except DATABASE_ERRORS as e:
        raise store_error(e, "(the class database)") from None
    except ImportError as e:  # "postgresql://" asks SQLAlchemy for psycopg2
        raise StoreError(
            f"the database driver {e.name!r} is not installed; the tutor's is psycopg: "
            "a URL starting postgresql+psycopg://"
        ) from None
    target = None if is_database_url(location) else Path(location).expanduser().resolve()
    added: dict[str, int] = {}
    failed = 0
    for learner, path, attempts in found:
        file = (folder / path).resolve()
        if file == target:
            continue  # the database being loaded into, found in the folder
        try:
            held = {_answer_key(a) for a in store.attempts(learner)}
            new = [a for a in attempts if _answer_key(a) not in held]
            count = store.import_attempts(learner, new, _source(file, learner, attempts))
        except _LOAD_ERRORS as e:
            print(f"not loaded: {learner!r} from {path.as_posix()}: {store_error(e, store.name)}", file=errors)
            failed += 1
            continue
        added[learner] = added.get(learner, 0) + count
    return added, failed, store.name


def write_csv(found: Sequence[tuple[str, Path, list[Attempt]]], out: TextIO, by_rule: bool) -> None:
    """One row per attempt, or (``by_rule``) per learner and rule case; no cell begins
    as a formula (a learner named ``=1+2``, an answer ``-50``: ``'=1+2``, ``'-50``, see
    :func:`~pinochle_tutor.classroom.dashboard.spreadsheet_cell`)."""
    writer = SpreadsheetWriter(out)
    if by_rule:
        writer.writerow(RULE_COLUMNS)
        for learner, _path, attempts in found:
            for r in summarize(attempts):
                writer.writerow(
                    [learner, r.rule, r.attempts, r.right, r.wrong, f"{r.accuracy:.3f}", r.last]
                )
    else:
        writer.writerow(ATTEMPT_COLUMNS)
        for learner, path, attempts in found:
            for a in attempts:
                writer.writerow(
                    [learner, path.as_posix(), a.item_id, a.kind, ";".join(a.rules),
                     a.answer, "yes" if a.right else "no", a.time]
                )  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, help="the folder holding the learners' progress files")
    parser.add_argument("-o", "--output", type=Path, help="CSV file to write (default: stdout)")
    parser.add_argument("--by-rule", action="store_true", help="one row per learner and rule case")
    parser.add_argument(
        "--into",
        metavar="URL_OR_PATH",
        help="also load the answers into this database (a database URL or a SQLite file), "
        "each file once; then the CSV is written only with -o",
    )
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        print(f"{args.folder} is not a folder", file=sys.stderr)
        return 2
    if args.into and not is_database(args.into):
        # a URL is quoted by its scheme only: the rest may hold a password
        shown = args.into.split("://", 1)[0] + "://..." if "://" in args.into else args.into
        print(
            f"--into {shown!r}: give a database URL (postgresql+psycopg://...) or a "
            f"SQLite file ending in {', '.join(STORE_SUFFIXES)}",
            file=sys.stderr,
        )
        return 2
    found, skipped = collect(args.folder, sys.stderr)
    failed = 0
    if args.into:
        try:
            added, failed, name = load_into(args.into, args.folder, found, sys.stderr)
        except StoreError as e:
            print(f"cannot load into the database: {e}", file=sys.stderr)
            return 2
        for learner in sorted({learner for learner, _, _ in found} | set(added)):
            print(f"{learner}: {added.get(learner, 0)} answer(s) added")
        print(f"added {sum(added.values())} answer(s) to {name}", file=sys.stderr)
    if args.output or not args.into:
        target = (
            open(args.output, "w", newline="", encoding="utf-8")  # noqa: SIM115 (closed by the with)
            if args.output
            else contextlib.nullcontext(sys.stdout)
        )
        with target as out:
            write_csv(found, out, args.by_rule)
    total = sum(len(a) for _, _, a in found)
    print(
        f"collected {total} attempt(s) from {len(found)} file(s); skipped {skipped}",
        file=sys.stderr,
    )
    return 1 if skipped or failed else 0


if __name__ == "__main__":
    sys.exit(main())
