#!/usr/bin/env python3
"""Collect the class's progress files into one CSV (a teacher's command).

    python scripts/collect_progress.py CLASS_FOLDER -o class.csv
    python scripts/collect_progress.py CLASS_FOLDER --by-rule -o rules.csv

Every ``*.json`` file under CLASS_FOLDER (searched recursively) is read as a
learner's progress file. The learner is the name of the file's folder when the
file is called ``progress.json`` (``class/alice/progress.json`` -> ``alice``),
otherwise the file's name without ``.json`` (``class/bob.json`` -> ``bob``).

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

from pinochle_tutor.course.progress import Attempt, ProgressFileError, read_attempts, summarize

ATTEMPT_COLUMNS = ["learner", "file", "item_id", "kind", "rules", "answer", "right", "time"]
RULE_COLUMNS = ["learner", "rule", "attempts", "right", "wrong", "accuracy", "last"]


def learner_name(path: Path) -> str:
    """``alice`` for ``.../alice/progress.json``; ``bob`` for ``.../bob.json``."""
    if path.stem == "progress" and path.parent.name:
        return path.parent.name
    return path.stem


def collect(folder: Path, errors: TextIO) -> tuple[list[tuple[str, Path, list[Attempt]]], int]:
    """(learner, file, attempts) for every readable progress file, and how many were skipped."""
    found: list[tuple[str, Path, list[Attempt]]] = []
    skipped = 0
    for path in sorted(p for p in folder.rglob("*.json") if p.is_file()):
        rel = path.relative_to(folder)
        try:
            attempts, problems = read_attempts(path)
        except (ProgressFileError, OSError) as e:
            print(f"skipped {rel}: {e}", file=errors)
            skipped += 1
            continue
        for problem in problems:
            print(f"in {rel}: {problem} (skipped that attempt)", file=errors)
        found.append((learner_name(path), rel, attempts))
    return found, skipped


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
