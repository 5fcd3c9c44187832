"""The bank of problem deals: the ``*.toml`` files of ``exercises/problems/`` (a
teacher adds one of their own there), read and checked by the coach when a page loads
them (:func:`load_problems`), and written back (:func:`problems_toml`)."""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from pinochle_tutor.actions import Action
from pinochle_tutor.cards import Card, parse_cards
from pinochle_tutor.course.problem_judge import check_problem
from pinochle_tutor.course.problems import (
    Problem,
    ProblemCheck,
    ProblemError,
    RefusedProblem,
)
from pinochle_tutor.course.tips import Tip
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.rules import rules_named

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

_LOG = logging.getLogger(__name__)

__all__ = [
    "default_problem_dir",
    "load_problems",
    "problem_entry",
    "problems_toml",
    "read_problems",
]


def default_problem_dir() -> Path:
    """``$PINOCHLE_TUTOR_PROBLEMS`` if set, else ``exercises/problems`` (found from the
    working directory upward, or beside the site's ``practice`` folder)."""
    env = os.environ.get("PINOCHLE_TUTOR_PROBLEMS")
    if env:
        return Path(env)
    here = Path.cwd().resolve()
    for folder in (here, *here.parents):
        for candidate in (
            folder / "exercises" / "problems",
            folder / "practice" / "problems",
            folder / "problems",
        ):
            if candidate.is_dir():
                return candidate
    return here / "problems"


_KEYS = {"id", "tip", "level", "rule_set", "dealer", "deal_seed", "hands", "kitty", "actions",
         "question", "answer", "choices", "writeup"}  # fmt: skip


def _problem(entry: Mapping[str, Any], file: str) -> Problem:
    pid = entry.get("id")
    if not isinstance(pid, str) or not pid.strip():
        raise ProblemError(f'a problem in {file} has no id (give each [[problem]] an id = "...")')
    where = f"problem {pid!r} in {file}"
    unknown = sorted(set(entry) - _KEYS)
    if unknown:
        raise ProblemError(f"{where}: unknown field(s) {', '.join(unknown)}")

    def need(key: str) -> Any:
        if key not in entry:
            raise ProblemError(f"{where}: the field {key!r} is missing")
        return entry[key]

    try:
        tip = Tip.parse(need("tip"))
        rules = rules_named(str(entry.get("rule_set", "classic")))
        level = entry.get("level", 1)
        if isinstance(level, bool) or level not in (1, 2, 3):
            raise ProblemError(f"level={level!r}: levels are 1, 2 and 3")
        dealer = entry.get("dealer", 0)
        if (
            isinstance(dealer, bool)
            or not isinstance(dealer, int)
            or not 0 <= dealer < rules.players
        ):
            raise ProblemError(f"dealer={dealer!r}: a seat from 0 to {rules.players - 1}")
        hands = None
        kitty: tuple[Card, ...] = ()
        seed = entry.get("deal_seed")
        if "hands" in entry:
            raw = entry["hands"]
            if not isinstance(raw, list) or len(raw) != rules.players:
                raise ProblemError(f"hands: give {rules.players} hands as text")
            hands = tuple(tuple(parse_cards(str(h))) for h in raw)
            kitty = tuple(parse_cards(str(entry.get("kitty", ""))))
        elif isinstance(seed, bool) or not isinstance(seed, int):
            raise ProblemError(f"deal_seed={seed!r}: give a whole number, or the hands")
        actions = tuple(Action.parse(str(a)) for a in entry.get("actions", []))
        choices = tuple(Action.parse(str(a)) for a in entry.get("choices", []))
        answer = Action.parse(str(need("answer")))
        question, writeup = str(need("question")).strip(), str(need("writeup")).strip()
    except PinochleError as e:
        raise ProblemError(f"{where}: {e}") from None
    return Problem(pid.strip(), tip, level, rules, dealer, seed if hands is None else None, hands,
                   kitty, actions, question, answer, choices, writeup, file)  # fmt: skip


def read_problems(path: str | os.PathLike[str]) -> tuple[list[Problem], list[RefusedProblem]]:
    """The problems of one bank file, read (not yet checked by the coach), and those
    that cannot be read. Never raises."""
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        return [], [RefusedProblem(p.name, "", f"{p.name} cannot be read as a problem file: {e}")]
    entries = data.get("problem", [])
    if not isinstance(entries, list):
        return [], [
            RefusedProblem(p.name, "", f"{p.name}: write each problem as a [[problem]] table")
        ]
    good: list[Problem] = []
    bad: list[RefusedProblem] = []
    for entry in entries:
        try:
            if not isinstance(entry, dict):
                raise ProblemError(f"{p.name}: a problem must be a [[problem]] table")
            good.append(_problem(entry, p.name))
        except ProblemError as e:
            pid = entry.get("id", "") if isinstance(entry, dict) else ""
            bad.append(RefusedProblem(p.name, str(pid), str(e)))
    return good, bad


def load_problems(
    folder: str | os.PathLike[str] | None = None,
    tips: Iterable[Tip | str] | None = None,
) -> tuple[list[tuple[Problem, ProblemCheck]], list[RefusedProblem]]:
    """Every problem of the bank files in ``folder`` (default
    :func:`default_problem_dir`) for ``tips`` (default: all), each checked by the coach:
    those that pass, with their check, and those refused, each with a message naming
    its file and id (also logged); the good ones easiest first, then in the order of their
    file. Never raises."""
    root = Path(folder) if folder is not None else default_problem_dir()
    wanted = {Tip.parse(t) for t in tips} if tips is not None else set(Tip)
    good: list[tuple[Problem, ProblemCheck]] = []
    refused: list[RefusedProblem] = []
    for path in sorted(root.glob("*.toml")) if root.is_dir() else []:
        problems, bad = read_problems(path)
        refused += bad
        for problem in problems:
            if problem.tip not in wanted:
                continue
            try:
                check = check_problem(problem)
            except ProblemError as e:
                refused.append(RefusedProblem(problem.file, problem.id, str(e)))
                continue
            if check.passed:
                good.append((problem, check))
            else:
                refused.append(
                    RefusedProblem(
                        problem.file, problem.id, f"{problem.name}: refused: {check.reason}"
                    )
                )
    for r in refused:
        _LOG.warning("problem bank: %s", r.message)
    # Easiest first, then as the file orders them (a file alternates its answers).
    good.sort(key=lambda pc: (pc[0].level, pc[0].file))
    return good, refused


def problems_toml(entries: Iterable[Mapping[str, Any]]) -> str:
    """Bank entries (:func:`problem_entry`) written as ``[[problem]]`` tables of a bank file."""

    def val(v: Any) -> str:
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if isinstance(v, list):
            return "[" + ", ".join(val(x) for x in v) + "]"
        return str(v)

    return "\n".join(
        "[[problem]]\n" + "".join(f"{k} = {val(v)}\n" for k, v in e.items()) for e in entries
    )


def problem_entry(problem: Problem) -> dict[str, Any]:
    """A problem as a bank entry (the finder script writes these)."""
    out: dict[str, Any] = {"id": problem.id, "tip": problem.tip.value, "level": problem.level}
    if problem.rules.name != "classic":
        out["rule_set"] = problem.rules.name
    out["dealer"] = problem.dealer
    if problem.hands is not None:
        out["hands"] = [" ".join(c.code for c in h) for h in problem.hands]
    else:
        out["deal_seed"] = problem.deal_seed
    out["actions"] = [a.text for a in problem.actions]
    if problem.choices:
        out["choices"] = [a.text for a in problem.choices]
    out.update(question=problem.question, answer=problem.answer.text, writeup=problem.writeup)
    return out
