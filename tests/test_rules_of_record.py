"""RULES.md, the rules of record, against the engine: each preset's table of settings
names every setting of ``RuleSet`` with the preset's own value, and each function it
names (as the one that enforces a setting, or the one a rule is written in) exists and,
for a setting, reads it. The page is read as a teacher reads it; a wrong number on it
fails here, so the page and the engine cannot drift apart."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import pkgutil
import re
import textwrap
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from pinochle_tutor.rules import PRESETS, MeldTable, RuleSet

REPO = Path(__file__).resolve().parent.parent
RULES_MD = REPO / "RULES.md"
SETTINGS_HEAD = ["setting", "value", "at the table", "enforced by"]
SETTLED_HEAD = ["setting", "value", "written in"]
NOT_READ = {"name": "a preset is found by its name through the PRESETS table (rules.PRESETS)"}
"""Settings no function reads as an attribute, and why: the check that a named function
reads its setting leaves these out."""


@dataclasses.dataclass(frozen=True)
class Row:
    """One row of a table of settings: the preset it is under and its four cells."""

    preset: str
    setting: str
    value: str
    meaning: str
    functions: tuple[str, ...]


def cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def code_spans(cell: str) -> tuple[str, ...]:
    return tuple(re.findall(r"`([^`]+)`", cell))


def tables(text: str) -> list[tuple[str, list[str], list[list[str]]]]:
    """Every table of ``text``: the ``## `` heading it is under, its head and its rows."""
    out: list[tuple[str, list[str], list[list[str]]]] = []
    heading = ""
    lines = text.splitlines()
    k = 0
    while k < len(lines):
        line = lines[k]
        if line.startswith("## "):
            heading = line
        if line.startswith("|") and k + 1 < len(lines) and lines[k + 1].startswith("|---"):
            head = cells(line)
            body = []
            k += 2
            while k < len(lines) and lines[k].startswith("|"):
                body.append(cells(lines[k]))
                k += 1
            out.append((heading, head, body))
            continue
        k += 1
    return out


def setting_rows(text: str) -> list[Row]:
    """The rows of every table of settings, each with the preset whose section (the
    ``## `` heading naming it as `preset`) it is in."""
    rows = []
    for heading, head, body in tables(text):
        if head != SETTINGS_HEAD:
            continue
        named = [p for p in PRESETS if f"`{p}`" in heading]
        assert len(named) == 1, f"a table of settings under {heading!r} names no one preset"
        for line in body:
            if len(line) != len(SETTINGS_HEAD):
                line = [*line, "", "", "", ""][:4]  # a short row: its value and words fail
            setting, value, meaning, enforced = line
            rows.append(Row(named[0], setting.strip("`"), value, meaning, code_spans(enforced)))
    return rows


def expected_settings(rules: RuleSet) -> dict[str, Any]:
    """Every setting as plain data (``RuleSet.settings``), the meld table's lines as
    ``meld_table.<line>``."""
    plain = rules.settings()
    meld = plain.pop("meld_table")
    return plain | {f"meld_table.{k}": v for k, v in meld.items()}


def resolve(name: str) -> Any:
    return pkgutil.resolve_name(f"pinochle_tutor.{name}")


def function_of(obj: Any) -> Callable[..., Any] | None:
    """The function behind a name: itself, a property's getter, or ``None`` for a
    class or a value."""
    if isinstance(obj, property):
        obj = obj.fget
    obj = inspect.unwrap(obj) if callable(obj) and not inspect.isclass(obj) else obj
    if inspect.isfunction(obj) or inspect.ismethod(obj):
        return obj
    return None


def attributes_read(func: Callable[..., Any]) -> set[str]:
    """The attribute names ``func``'s own code reads (``rules.players`` gives
    ``players``)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(func)))
    return {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}


@cache
def readers(setting: str) -> frozenset[str]:
    """The names through which code reads ``setting``: the setting itself and the
    properties and methods of ``RuleSet`` and ``MeldTable`` whose code reads it
    (``has_kitty`` for ``kitty_size``, ``side`` for ``partnerships``, ``around`` for
    ``aces_around``), besides the validation and the copying, which read them all."""
    attr = setting.removeprefix("meld_table.")
    found = {attr}
    for cls in (RuleSet, MeldTable):
        for name, member in vars(cls).items():
            func = function_of(member)
            if func is None or name.startswith("_") or name in ("with_settings", "settings"):
                continue
            if attr in attributes_read(func):
                found.add(name)
    return frozenset(found)


def problems_with(text: str) -> list[str]:
    """Everything on the page ``text`` that the engine contradicts."""
    found = []
    rows = setting_rows(text)
    by_preset: dict[str, dict[str, Row]] = {p: {} for p in PRESETS}
    for row in rows:
        if row.setting in by_preset[row.preset]:
            found.append(f"{row.preset}: {row.setting} has two rows")
        by_preset[row.preset][row.setting] = row
    for preset, rules in PRESETS.items():
        expected = expected_settings(rules)
        mine = by_preset[preset]
        for missing in sorted(set(expected) - set(mine)):
            found.append(f"{preset}: the setting {missing} has no row")
        for unknown in sorted(set(mine) - set(expected)):
            found.append(f"{preset}: {unknown} is not a setting of RuleSet")
        for setting, row in mine.items():
            if setting in expected:
                found += row_problems(row, expected[setting])
    return found


def row_problems(row: Row, expected: Any) -> list[str]:
    """A row's value against the preset's, its words against its value, and each
    function it names against the setting."""
    found = []
    where = f"{row.preset}: {row.setting}"
    spans = code_spans(row.value)
    try:
        value = ast.literal_eval(spans[0]) if len(spans) == 1 else None
    except (ValueError, SyntaxError):
        value = None
    if value is None or value != expected:
        found.append(f"{where} is {row.value} on the page but {expected!r} in the engine")
    numbers = expected if isinstance(expected, list) else [expected]
    for n in numbers:
        said = re.search(rf"(?<![\d.]){n}(?![\d])", row.meaning)
        if isinstance(n, int) and not isinstance(n, bool) and not said:
            found.append(f"{where}: the words {row.meaning!r} do not say {n}")
    if not row.functions:
        found.append(f"{where} names no function that enforces it")
    for name in row.functions:
        found += function_problems(name, row.setting, where)
    return found


def function_problems(name: str, setting: str | None, where: str) -> list[str]:
    """``name`` resolves in ``pinochle_tutor`` to a function (or a property, or for a
    rule a class); for a setting, its code reads the setting."""
    try:
        obj = resolve(name)
    except (ImportError, AttributeError, ValueError):
        return [f"{where}: {name} does not exist"]
    func = function_of(obj)
    if func is None:
        if setting is None and inspect.isclass(obj):
            return []
        return [f"{where}: {name} is not a function"]
    if setting is None or setting in NOT_READ:
        return []
    if not attributes_read(func) & readers(setting):
        return [f"{where}: {name} does not read {setting}"]
    return []


# ------------------------------------------------------------------------- the tests
TEXT = RULES_MD.read_text(encoding="utf-8")


def test_every_preset_has_a_table_of_its_settings() -> None:
    presets = {row.preset for row in setting_rows(TEXT)}
    assert presets == set(PRESETS)


def test_the_settings_on_the_page_are_the_engines() -> None:
    assert problems_with(TEXT) == []


def test_each_rule_names_the_function_it_is_written_in() -> None:
    """The settled rules' table (classic): every rule names a function that exists."""
    settled = [body for _, head, body in tables(TEXT) if head == SETTLED_HEAD]
    assert len(settled) == 1 and len(settled[0]) >= 15
    problems = []
    for rule, _, written in settled[0]:
        names = code_spans(written)
        if not names:
            problems.append(f"{rule} names no function")
        for name in names:
            problems += function_problems(name, None, rule)
    assert problems == []


def test_every_function_named_in_the_prose_exists() -> None:
    """A code span outside the tables that looks like ``module.function`` (a module of
    ``pinochle_tutor``) names something that exists."""
    modules = {m.name for m in pkgutil.iter_modules([str(REPO / "pinochle_tutor")])}
    prose = "\n".join(ln for ln in TEXT.splitlines() if not ln.startswith(("|", ">")))
    named = {
        span
        for span in code_spans(prose)
        if re.fullmatch(r"[a-z_]+(\.[A-Za-z_]+)+", span) and span.split(".")[0] in modules
    }
    assert len(named) >= 10
    assert [p for name in sorted(named) for p in function_problems(name, None, "prose")] == []


WINNER = "| `target` | `1500` | The game ends when a side reaches 1500. |"


def wrong(old: str, new: str) -> str:
    assert TEXT.count(old) >= 1, old
    return TEXT.replace(old, new, 1)


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ("| `target` | `1500` |", "| `target` | `1400` |", "classic: target is `1400`"),
        (
            "| `meld_table.run` | `[15, 150, 225, 300]` |",
            "| `meld_table.run` | `[15, 150, 200, 300]` |",
            "double_deck: meld_table.run is `[15, 150, 200, 300]`",
        ),
        (
            "| `partnerships` | `False` |",
            "| `partnerships` | `True` |",
            "three_handed: partnerships",
        ),
        ("The first bid must be at least 250.", "The first bid must be high.", "do not say 250"),
        (f"{WINNER} `scoring.game_winner` |", f"{WINNER} `scoring.game_loser` |", "not exist"),
        (
            f"{WINNER} `scoring.game_winner` |",
            f"{WINNER} `scoring.score_hand` |",
            "not read target",
        ),
        ("| `kitty_size` | `0` |", "| `kitty_size` | `0` |\n| `kitty_size` | `0` |", "two rows"),
        ("| `last_trick_bonus` | `10` |", "| `last_trick_bonus_x` | `10` |", "no row"),
    ],
)
def test_a_wrong_page_is_caught(old: str, new: str, problem: str) -> None:
    """The checks really read the page: a wrong value, words without the number, a
    function that does not exist or does not read its setting, a doubled or a missing
    row each fail."""
    found = problems_with(wrong(old, new))
    assert any(problem in p for p in found), found


def test_a_rule_naming_a_missing_function_is_caught() -> None:
    assert function_problems("tricks.no_such_rule", None, "trick rules") == [
        "trick rules: tricks.no_such_rule does not exist"
    ]
