"""The course's content as data (pinochle_tutor/course/content.py): the outline file
names every notebook of lessons/ and exercises/ and only notebooks that exist, the
navigation and the mastery sets read it alone, and a mistake in it is an error that
quotes it."""

from __future__ import annotations

import ast
import html
import re
from pathlib import Path

import pytest

from pinochle_tutor.course.content import (
    Outline,
    OutlineError,
    PageKind,
    Said,
    outline,
    read_outline,
)
from pinochle_tutor.course.mastery import LESSON_CASES, LESSON_LEVELS, LESSON_RULES, LESSON_TEACHES
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED, RuleSet

REPO = Path(__file__).resolve().parent.parent
PAGE = '[[page]]\nnumber = 1\nfile = "01_a.ipynb"\ntitle = "A"\nsummary = "S"\n'


def notebooks_amiss(course: Outline, lessons: Path, practice: Path) -> list[str]:
    """What the outline and the notebooks disagree on: a notebook it names that does not
    exist (a page or an unlisted page in ``lessons``, a practice page in ``practice``),
    and a notebook of either folder it does not name."""
    pages = {p.file for p in course.pages} | set(course.unlisted)
    named = [*pages, *(f"practice/{f}" for f in course.practice_titles)]
    named += [f"practice/{f}" for p in course.pages for f in p.practice]
    named += [f"practice/{f}" for f in course.general]
    found = {nb.name for nb in lessons.glob("*.ipynb")}
    found |= {f"practice/{nb.name}" for nb in practice.glob("*.ipynb")}
    missing = [f"the outline names {f}, which does not exist" for f in sorted(set(named) - found)]
    unnamed = [f"the outline does not name {f}" for f in sorted(found - set(named))]
    return missing + unnamed


def test_the_outline_names_every_notebook_and_only_notebooks_that_exist() -> None:
    assert notebooks_amiss(outline(), REPO / "lessons", REPO / "exercises") == []


def test_a_missing_or_unnamed_notebook_is_found(tmp_path: Path) -> None:
    lessons, practice = tmp_path / "lessons", tmp_path / "exercises"
    lessons.mkdir()
    practice.mkdir()
    for name in (*(p.file for p in outline().pages), *outline().unlisted):
        (lessons / name).touch()
    for name in outline().practice_titles:
        (practice / name).touch()
    assert notebooks_amiss(outline(), lessons, practice) == []
    (lessons / "04_meld.ipynb").unlink()
    (lessons / "13_new_lesson.ipynb").touch()
    (practice / "31_new_practice.ipynb").touch()
    (practice / "01_meld_level1.ipynb").unlink()
    assert notebooks_amiss(outline(), lessons, practice) == [
        "the outline names 04_meld.ipynb, which does not exist",
        "the outline names practice/01_meld_level1.ipynb, which does not exist",
        "the outline does not name 13_new_lesson.ipynb",
        "the outline does not name practice/31_new_practice.ipynb",
    ]


READERS = (
    "widgets/lesson.py", "widgets/navigation.py", "widgets/static_app.py",
    "pinochle_tutor/course/mastery.py",
)  # fmt: skip
"""The outline page, the links, the static site's pages and the mastery sets."""


def notebooks_named(source: str) -> list[str]:
    """The notebooks ``source`` names in its code (a string literal ending ``.ipynb``
    outside a docstring): a reader of the outline names none of its own."""
    tree = ast.parse(source)
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docs
        and re.search(r"\w\.ipynb$", node.value)
    ]


@pytest.mark.parametrize("module", READERS)
def test_the_readers_of_the_outline_name_no_notebook_of_their_own(module: str) -> None:
    assert notebooks_named((REPO / module).read_text(encoding="utf-8")) == []


def test_a_reader_naming_a_notebook_is_found() -> None:
    source = '"""Names 04_meld.ipynb in a docstring."""\nHOME = "00_welcome.ipynb"\n'
    assert notebooks_named(source) == ["00_welcome.ipynb"]


def test_the_mastery_sets_read_the_outline() -> None:
    o = outline()
    assert {f: tuple(c.value for c in cs) for f, cs in LESSON_CASES.items()} == {
        p.file: p.cases for p in o.pages if p.cases
    }
    assert LESSON_RULES == {
        "08_other_versions.ipynb": (DOUBLE_DECK, THREE_HANDED),
        "13_partner_call.ipynb": (CLASSIC, DOUBLE_DECK),
        "15_defence.ipynb": (CLASSIC, DOUBLE_DECK),
    }
    assert LESSON_LEVELS == {"01_the_deck.ipynb": (1,)}
    assert set(LESSON_TEACHES) == {
        p.file for p in o.pages if p.kind in (PageKind.WELCOME, PageKind.LESSON)
    }


def test_a_summary_says_its_first_variant_that_holds() -> None:
    said = Said("partners", (("alone", "alone"), ("kitty", "kitty")))
    assert said.under(CLASSIC) == "partners"
    assert said.under(THREE_HANDED) == "alone"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (PAGE + 'summary_lonely = "x"\n', "'lonely' is not a condition"),
        (PAGE + 'teachs = ["x"]\n', "'teachs' is not a field of a page"),
        (PAGE + 'kind = "lecture"\n', "'lecture' is not a kind of page"),
        (PAGE + 'mastery_rules = ["four_deck"]\n', "'four_deck' is not a rule set"),
        (
            PAGE + 'practice = ["99_x.ipynb"]\n',
            "'99_x.ipynb' has no entry in \\[practice_titles\\]",
        ),
        (PAGE + "levels = [1, 'two']\n", "levels = \\[1, 'two'\\]"),
        (PAGE + 'role = "dummy"\n', "role = 'dummy' is not a side: use one of declarer, defender"),
        (PAGE + PAGE, "names '01_a.ipynb' more than once"),
        ('[[page]]\nnumber = 1\nfile = "01_a.ipynb"\nsummary = "S"\n', "has no 'title'"),
        ('general = ["00_x.ipynb"]\n', "general page '00_x.ipynb'"),
        ("pages = []\n", "'pages' is not a part of the outline"),
        ("[[page]\n", "not valid TOML"),
    ],
)
def test_a_mistake_in_the_outline_is_an_error_that_quotes_it(text: str, message: str) -> None:
    with pytest.raises(OutlineError, match=message):
        read_outline(text)


def test_a_page_not_in_the_outline_is_refused() -> None:
    with pytest.raises(OutlineError, match=r"'99_nothing\.ipynb' is not a page"):
        outline().page("99_nothing.ipynb")


def test_mastery_rules_are_rule_sets() -> None:
    rules = outline().page("08_other_versions.ipynb").mastery_rules
    assert all(isinstance(r, RuleSet) for r in rules) and rules == (DOUBLE_DECK, THREE_HANDED)


def test_the_outline_titles_each_practice_page_as_its_lessons_link_does(tmp_path: Path) -> None:
    """One title per practice page: the outline's list and each lesson's links both say
    the outline's ``[practice_titles]`` (the list read each notebook's heading, which
    differed for 24 of 31 pages: "Meld practice · level 1" against "..., level 1")."""
    from pinochle_widgets.lesson import course_outline
    from pinochle_widgets.navigation import nav_links

    page = course_outline(progress=tmp_path / "p.sqlite").value
    # The page's HTML escapes a title's apostrophe ("your partner's call"): read it back.
    listed = [
        (href, html.unescape(title))
        for href, title in re.findall(r'class="pt-practice-link" href="([^"]+)">([^<]*)</a>', page)
    ]
    linked = {href: title for p in outline().pages for href, title in nav_links(p.file).practice}
    assert len(listed) == len(outline().practice_titles) == 35
    assert all(linked.get(href, title) == title for href, title in listed)
    assert dict(listed) == {f"practice/{f}": t for f, t in outline().practice_titles.items()}


def test_the_outline_numbers_each_page_with_its_own_number(tmp_path: Path) -> None:
    """Lesson 12 (the table with classmates, after the full game) was numbered 10, its
    place in an ``<ol start="0">``; each page now says its own number."""
    from pinochle_widgets.lesson import course_outline

    page = course_outline(practice=[], progress=tmp_path / "p.sqlite").value
    numbered = dict(re.findall(r'<li value="(\d+)"><a class="pt-lesson-link" href="([^"]+)"', page))
    assert {f: int(n) for n, f in numbered.items()} == {p.file: p.number for p in outline().pages}
    assert numbered["12"] == "12_play_with_classmates.ipynb"
