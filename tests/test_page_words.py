"""Golden transcript of the course's words: every sentence a page says, under every rule set.

The words the course shows come from many places: the notebooks' Markdown cells, their
prose passages (``text("id")``, from ``pinochle_tutor/course/text/``; ``say()`` before)
filled from :func:`~pinochle_tutor.course.lesson_facts.lesson_values`,
the worked examples and checks of :mod:`pinochle_tutor.course.worked`, the outline and
the navigation, the glossary, the rule-case statements, the tips and the rule set's name
in its several forms. This test renders all of them, with no kernel and no browser, for
each preset and for the overridden house rule the rule-set walk uses
(``tests/test_browser_walk.py``), and compares the text with
``tests/golden/page_words.txt``: a refactoring that moves a word keeps the file the
same, and a fix shows as the lines it changes. After an intended change::

    UPDATE_GOLDEN=1 python3 -m pytest tests/test_page_words.py
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pinochle_tutor import CLASSIC, DOUBLE_DECK, THREE_HANDED, RuleSet
from pinochle_tutor.classroom.house_rules import HouseRules, load_house_rules
from pinochle_tutor.course import worked
from pinochle_tutor.course.content import prose as page_prose
from pinochle_tutor.course.glossary import glossary
from pinochle_tutor.course.quiz.items import rules_label
from pinochle_tutor.course.quiz.vocabulary import QuizRule
from pinochle_tutor.course.tips import Tip
from pinochle_tutor.rules import rule_set_words
from tests.golden_file import assert_golden

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).parent / "golden" / "page_words.txt"
NOTEBOOKS = sorted((ROOT / "lessons").glob("*.ipynb")) + sorted(
    (ROOT / "exercises").glob("*.ipynb")
)

HOUSE_FILES = {
    "classic": 'preset = "classic"\n',
    "double_deck": 'preset = "double_deck"\n',
    "three_handed": 'preset = "three_handed"\n',
    "house": (
        'preset = "classic"\n[settings]\ntarget = 1000\nopening_bid = 300\nmeld_save = 20\n'
        "[settings.meld_table]\nroyal_marriage = 50\n"
    ),
}
"""The rule sets the pages are read under: the presets, and the house rule of
``tests/test_browser_walk.py`` (classic with numbers changed)."""

NAMED_RULES = {"CLASSIC": CLASSIC, "DOUBLE_DECK": DOUBLE_DECK, "THREE_HANDED": THREE_HANDED}


def _flat(text: str) -> str:
    """``text`` with the white space inside each paragraph folded to one space."""
    paragraphs = re.split(r"\n\s*\n", text.strip())
    return "\n".join(" ".join(p.split()) for p in paragraphs if p.strip())


def _passage(call: ast.Call, page: str, r: RuleSet) -> str:
    """What ``text("id")`` (``pinochle_widgets.lesson.prose(page)``) shows under ``r``:
    the page's passage, read through the same loader, under the rule set the call names
    (default: the rules in force)."""
    rules = r
    if len(call.args) > 1:
        assert isinstance(call.args[1], ast.Name), ast.unparse(call)
        rules = NAMED_RULES[call.args[1].id] if call.args[1].id != "R" else r
    return page_prose(page).passage(ast.literal_eval(call.args[0])).under(rules)


def _worked_text(found: Any) -> Iterator[str]:
    """The words of a worked example, a check or a guided hand."""
    if found is None:
        yield "(none)"
    elif isinstance(found, worked.WorkedExample):
        yield f"title: {found.title}"
        for i, step in enumerate(found.steps):
            seats = f" [{' | '.join(step.seats)}]" if step.seats else ""
            yield f"step {i} ({step.label}){seats}: {_flat(step.text)}"
            yield from (f"    {line}" for line in step.table_lines())
    elif isinstance(found, worked.CheckQuestion):
        yield f"question: {_flat(found.question)}"
        yield f"choices: {' | '.join(found.choices)}"
        yield f"answer: {found.answer}"
        yield f"why: {_flat(found.why)}"
        for choice, why in found.wrong.items():
            yield f"wrong {choice}: {_flat(why)}"
    elif isinstance(found, worked.GuidedHand):
        yield from _worked_text(found.example)
        for tip, at in sorted(found.tips.items(), key=lambda x: x[1]):
            yield f"tip at step {at}: {tip.name}"
        for at, decision in sorted(found.decisions.items()):
            yield f"decision at step {at} ({decision.tip.name}): {_flat(decision.question)}"
    elif isinstance(found, RuleSet):  # the rules a widget plays (lesson 13's table)
        yield f"rules: {found.name}"
    else:  # pragma: no cover - a new kind of worked value: render it here first
        raise AssertionError(f"no rendering for {type(found).__name__}")


def _notebook(path: Path, r: RuleSet) -> Iterator[str]:
    """Every Markdown cell, prose passage and worked call of the notebook, in order (a
    passage is labelled ``say:``, as when ``say()`` showed it)."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    page = path.name if path.parent.name == "lessons" else f"practice/{path.name}"
    names: dict[str, Any] = {**NAMED_RULES, "R": r, "worked": worked}
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            yield f"markdown: {_flat(source)}"
            continue
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse(source)
        for node in tree.body:  # the constants a cell names (a hand written as text)
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        names[target.id] = node.value.value
        for call in ast.walk(tree):
            if not isinstance(call, ast.Call):
                continue
            if isinstance(call.func, ast.Name) and call.func.id == "text":
                yield f"say: {_flat(_passage(call, page, r))}"
            elif (
                isinstance(call.func, ast.Attribute)
                and isinstance(call.func.value, ast.Name)
                and call.func.value.id == "worked"
            ):
                yield f"worked: {ast.unparse(call)}"
                found = eval(compile(ast.Expression(call), str(path), "eval"), names)
                yield from (f"  {line}" for line in _worked_text(found))


def _course(r: RuleSet, house: HouseRules) -> Iterator[str]:
    """The words the code says beside the notebooks: outline, navigation, glossary,
    statements, tips, and the rule set's name in each form."""
    from pinochle_widgets._base import RULE_CHOICES
    from pinochle_widgets.lesson import COURSE, practice_pages
    from pinochle_widgets.navigation import nav_links

    yield "== outline"
    for e in COURSE:
        yield f"{e.file}: {e.title} -- {e.summary.under(r)}"
    practice = practice_pages()
    for href, title in practice:
        yield f"{href}: {title}"
    yield "== navigation"
    for page in [e.file for e in COURSE] + [href for href, _ in practice]:
        try:
            links = nav_links(page)
        except ValueError as e:
            yield f"{page}: {e}"
            continue
        yield f"{page}: {links}"
    yield "== glossary"
    for word, definition in glossary(r):
        yield f"{word}: {_flat(definition)}"
    yield "== statements"
    for case in QuizRule:
        yield f"{case.value}: {_flat(case.statement(r))}"
    yield "== tips"
    for tip in Tip:
        yield f"{tip.value}: {tip.title} -- {tip.seed_text}"
    yield "== names"
    yield f"version_words: {rule_set_words(r.name)}"
    yield f"rules_label: {rules_label(r)!r}"
    yield f"summary: {house.summary()}"
    yield f"rule_choices: {RULE_CHOICES}"


def page_words(tmp: Path) -> str:
    """The whole transcript: one section per rule set of :data:`HOUSE_FILES`."""
    out: list[str] = []
    for name, text in HOUSE_FILES.items():
        folder = tmp / name
        folder.mkdir()
        (folder / "house_rules.toml").write_text(text, encoding="utf-8")
        house = load_house_rules(folder / "house_rules.toml")
        assert house.ok, house.problems
        r = house.rules
        out.append(f"######## {name}")
        out.extend(_course(r, house))
        for path in NOTEBOOKS:
            out.append(f"=== {path.parent.name}/{path.name}")
            out.extend(_notebook(path, r))
    return "\n".join(out) + "\n"


@pytest.fixture(scope="module")
def words(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The transcript, rendered once for the module's tests."""
    return page_words(tmp_path_factory.mktemp("page-words"))


def test_every_page_says_what_the_golden_file_says(words: str) -> None:
    assert_golden(words, GOLDEN, "the course's words", context=1)


def test_the_transcript_reads_every_kind_of_words(words: str) -> None:
    """The transcript is not empty where a source of words was missed: it holds the
    Markdown, the passages, the worked examples and the code's words of every rule set."""
    got = words
    for name in HOUSE_FILES:
        section = got.split(f"######## {name}\n", 1)[1].split("######## ", 1)[0]
        for head in ("markdown: ", "say: ", "worked: ", "  step 0", "  question: ", "== glossary"):
            assert head in section, (name, head)
    assert "{" not in "".join(line for line in got.splitlines() if line.startswith("say: "))
