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
accuracy). Files that are not progress files are reported on stderr and skipped;
attempts that cannot be read are reported and the rest of the file is used. The
learners' files are only read, never changed. Exit status: 0, or 1 when some
file was skipped.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import sys
from pathlib import Path
from typing import TextIO

from pinochle_tutor.classroom.attempts import Attempt, summarize
from pinochle_tutor.classroom.store import collect_records

ATTEMPT_COLUMNS = ["learner", "file", "item_id", "kind", "rules", "answer", "right", "time"]
RULE_COLUMNS = ["learner", "rule", "attempts", "right", "wrong", "accuracy", "last"]


def collect(folder: Path, errors: TextIO) -> tuple[list[tuple[str, Path, list[Attempt]]], int]:
    """(learner, file, attempts) for every learner found, and how many files were
    skipped (see :func:`~pinochle_tutor.classroom.store.collect_records`)."""
    records, problems = collect_records(folder)
    for problem in problems:
        print(problem + (" (skipped that attempt)" if problem.startswith("in ") else ""), file=errors)
    found = [(r.learner, Path(r.source), list(r.attempts)) for r in records]
    return found, sum(p.startswith("skipped ") for p in problems)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, help="the folder holding the learners' progress files")
    parser.add_argument("-o", "--output", type=Path, help="CSV file to write (default: stdout)")
    parser.add_argument("--by-rule", action="store_true", help="one row per learner and rule case")
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        print(f"{args.folder} is not a folder", file=sys.stderr)
        return 2
    found, skipped = collect(args.folder, sys.stderr)
    target = (
        open(args.output, "w", newline="", encoding="utf-8")  # noqa: SIM115 (closed by the with)
        if args.output
        else contextlib.nullcontext(sys.stdout)
    )
    with target as out:
        writer = csv.writer(out)
        if args.by_rule:
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
    total = sum(len(a) for _, _, a in found)
    print(
        f"collected {total} attempt(s) from {len(found)} file(s); skipped {skipped}",
        file=sys.stderr,
    )
    return 1 if skipped else 0


if __name__ == "__main__":
    sys.exit(main())
