"""The lessons' prose (pinochle_tutor/course/text/): every passage a page shows with
``text("id")`` is written in its page's prose file, every passage of a file is shown by
its page, every ``{name}`` and ``::: condition`` of it resolves under every rule set,
and the words each passage renders under the presets and a house rule are those of
``tests/golden/prose.txt`` (written from the ``say(...)`` calls the passages replaced;
``UPDATE_GOLDEN=1`` writes it again from the prose files, to accept a change of words).

The words are compared as the Markdown renders (mistune, whitespace collapsed), so a
sentence moved to a line of its own in the prose file is the same words; a list item,
a heading or a paragraph that changed is not."""

from __future__ import annotations

import ast
import json
import os
import re
from functools import cache
from pathlib import Path

import mistune
import pytest

from pinochle_tutor.course.content import (
    OutlineError,
    Prose,
    outline,
    prose,
    read_prose,
)
from pinochle_tutor.course.lesson_facts import lesson_values
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, PRESETS, THREE_HANDED, RuleSet

REPO = Path(__file__).resolve().parent.parent
TEXT = REPO / "pinochle_tutor" / "course" / "text"
GOLDEN = REPO / "tests" / "golden" / "prose.txt"

HOUSE = CLASSIC.with_settings(
    target=1000, opening_bid=300, meld_save=20, meld_table={"royal_marriage": 50}
)
"""The house rule of tests/test_browser_walk.py (HOUSE_FILES): classic with other numbers."""
RULE_SETS: dict[str, RuleSet] = {**PRESETS, "house": HOUSE}
FIXED = {"CLASSIC": CLASSIC, "DOUBLE_DECK": DOUBLE_DECK, "THREE_HANDED": THREE_HANDED}
"""The rule sets a page may name in a ``text("id", RULES)`` call."""


def notebook(page: str) -> Path:
    """The notebook of ``page`` (``06_scoring.ipynb``, ``practice/07_score_level1.ipynb``)."""
    if page.startswith("practice/"):
        return REPO / "exercises" / page.removeprefix("practice/")
    return REPO / "lessons" / page


def text_calls(source: str) -> list[tuple[str, str | None]]:
    """The ``text("id")`` and ``text("id", RULES)`` calls of a notebook's code, in order:
    (passage id, the name of the rule set it is shown under, if fixed)."""
    calls = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "text"
        ):
            (first, *rest) = node.args
            assert isinstance(first, ast.Constant) and isinstance(first.value, str), ast.dump(node)
            fixed = rest[0].id if rest and isinstance(rest[0], ast.Name) else None
            calls.append((first.value, fixed))
    return calls


@cache
def page_calls(page: str) -> list[tuple[str, str | None]]:
    cells = json.loads(notebook(page).read_text(encoding="utf-8"))["cells"]
    code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    return text_calls(code)


def unused(passages: Prose, calls: list[tuple[str, str | None]]) -> list[str]:
    """The passages of a prose file its page does not show."""
    shown = {pid for pid, _ in calls}
    return [pid for pid in passages.passages if pid not in shown]


def words(markdown: str) -> str:
    """Markdown as it renders, whitespace collapsed, one block element a line."""
    rendered = re.sub(r"\s+", " ", str(mistune.html(markdown))).strip()
    return re.sub(r"(</(?:p|li|h\d|ul|ol)>) ?", r"\1\n", rendered).strip()


def rendered(page: str) -> dict[str, str]:
    """Each passage ``page`` shows, under each rule set, as golden sections."""
    out = {}
    for pid, fixed in page_calls(page):
        for name, rules in RULE_SETS.items():
            shown = FIXED[fixed] if fixed else rules
            out[f"{page}: {pid} [{name}]"] = words(prose(page).passage(pid).under(shown))
    return out


def golden() -> dict[str, str]:
    sections = re.split(r"^=== (.+)$", GOLDEN.read_text(encoding="utf-8"), flags=re.M)[1:]
    return {head: body.strip() for head, body in zip(sections[::2], sections[1::2], strict=True)}


PAGES = sorted(outline().prose_files())


def test_every_prose_file_is_a_page_s_and_exists() -> None:
    files = sorted(p.relative_to(TEXT).as_posix() for p in TEXT.rglob("*.md"))
    assert files == sorted(outline().prose_files().values())


@pytest.mark.parametrize("page", PAGES)
def test_every_passage_is_shown_by_its_page_and_every_shown_passage_is_written(page: str) -> None:
    calls = page_calls(page)
    assert calls, f"{page} shows none of its prose"
    assert unused(prose(page), calls) == []
    for pid, fixed in calls:
        prose(page).passage(pid)
        assert fixed is None or fixed in FIXED, fixed


@pytest.mark.parametrize("page", PAGES)
def test_every_name_and_condition_resolves_under_every_rule_set(page: str) -> None:
    for passage in prose(page).passages.values():
        for name, rules in RULE_SETS.items():
            assert passage.fields() <= set(lesson_values(rules)), (name, passage.id)
            assert passage.under(rules).strip(), f"{passage.id} says nothing under {name}"


@pytest.mark.parametrize("page", PAGES)
def test_each_passage_says_the_words_of_the_golden_file(page: str) -> None:
    said = rendered(page)
    if os.environ.get("UPDATE_GOLDEN") == "1":
        kept = {k: v for k, v in golden().items() if not k.startswith(f"{page}: ")}
        both = kept | said
        GOLDEN.write_text("".join(f"=== {k}\n{both[k]}\n\n" for k in sorted(both)), "utf-8")
    expected = {k: v for k, v in golden().items() if k.startswith(f"{page}: ")}
    assert said == expected, "wording changed: UPDATE_GOLDEN=1 to accept"


def test_every_page_of_the_golden_file_has_its_prose_and_no_page_says_a_literal() -> None:
    """The 15 pages whose ``say(...)`` cells the prose replaced show it from their files,
    and no notebook writes a passage in its code any more."""
    assert {head.split(": ")[0] for head in golden()} == set(PAGES)
    for nb in sorted([*REPO.glob("lessons/*.ipynb"), *REPO.glob("exercises/*.ipynb")]):
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        assert "say(" not in code, f"{nb.name} writes its words in a say() cell"


def test_a_passage_a_page_does_not_show_is_found() -> None:
    p = read_prose("x.md", "<!-- passage: a -->\nA.\n<!-- passage: b -->\nB.\n")
    assert unused(p, text_calls('text("a")')) == ["b"]


def test_a_name_no_rule_set_knows_is_found() -> None:
    p = read_prose("x.md", "<!-- passage: a -->\nOpen at {opening_bid}, or {opening_bet}.\n")
    assert p.passage("a").fields() - set(lesson_values(CLASSIC)) == {"opening_bet"}
    with pytest.raises(KeyError):
        p.passage("a").under(CLASSIC)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("<!-- passage: a -->\n::: lonely\nx\n:::\n", "'lonely' is not a condition"),
        ("<!-- passage: a -->\n::: alone\nx\n", "the ::: alone block is not closed"),
        ("<!-- passage: a -->\n::: alone\n<!-- passage: b -->\n", "block above is not closed"),
        ("<!-- passage: a -->\n::: alone\n::: partners\n:::\n", "inside the ::: alone block"),
        ("<!-- passage: a -->\nx\n:::\n", "':::' closes no block"),
        ("A line.\n<!-- passage: a -->\n", "'A line.' comes before the first"),
        ("<!-- passage: a -->\nx\n<!-- passage: a -->\ny\n", "'a' is written twice"),
    ],
)
def test_a_mistake_in_a_prose_file_is_an_error_that_quotes_it(text: str, message: str) -> None:
    with pytest.raises(OutlineError, match=message):
        read_prose("x.md", text)


def test_a_variant_block_joins_the_paragraph_around_it() -> None:
    p = read_prose(
        "x.md",
        "<!-- passage: a -->\n## Head\n\nThe first\n::: partners\nside\n:::\n::: alone\n"
        "player\n:::\nto {target} wins.\n",
    ).passage("a")
    assert words(p.under(CLASSIC)) == "<h2>Head</h2>\n<p>The first side to 1500 wins.</p>"
    assert words(p.under(THREE_HANDED)) == "<h2>Head</h2>\n<p>The first player to 1500 wins.</p>"


def test_a_page_without_prose_is_refused() -> None:
    with pytest.raises(OutlineError, match=r"'10_glossary\.ipynb' has no prose"):
        prose("10_glossary.ipynb")
