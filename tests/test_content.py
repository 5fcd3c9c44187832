"""The course's content as data (pinochle_tutor/course/content.py): the outline file
reads, a mistake in it is an error that quotes it, and it says what the registries of
Python said."""

from __future__ import annotations

import pytest

from pinochle_tutor.course.content import (
    OutlineError,
    PageKind,
    Said,
    outline,
    read_outline,
)
from pinochle_tutor.course.mastery import LESSON_CASES, LESSON_LEVELS, LESSON_RULES, LESSON_TEACHES
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED, RuleSet
from pinochle_widgets.lesson import COURSE, PLAY_PAGES, REFERENCE_PAGES
from pinochle_widgets.navigation import GENERAL_PAGES, PRACTICE, PRACTICE_TITLES

PAGE = '[[page]]\nnumber = 1\nfile = "01_a.ipynb"\ntitle = "A"\nsummary = "S"\n'


def test_the_outline_file_says_what_the_registries_say() -> None:
    """Temporary, while the registries of Python still stand beside the file."""
    o = outline()
    lessons = [p for p in o.pages]
    assert [(p.file, p.title, p.summary.text) for p in lessons] == [
        (e.file, e.title, e.summary) for e in COURSE
    ]
    for p, e in zip(lessons, COURSE, strict=True):
        assert p.summary.variants == tuple((w.replace(" ", "_"), t) for w, t in e.variants)
        for rules in (CLASSIC, DOUBLE_DECK, THREE_HANDED):
            assert p.summary.under(rules) == e.summary_under(rules)
    assert tuple(p.file for p in o.of_kind(PageKind.PLAY)) == PLAY_PAGES
    assert tuple(p.file for p in o.of_kind(PageKind.REFERENCE)) == REFERENCE_PAGES
    assert dict(o.practice_titles) == PRACTICE_TITLES
    assert {p.file: p.practice for p in o.pages if p.practice} == PRACTICE
    assert o.general == GENERAL_PAGES
    assert {p.file: p.cases for p in o.pages if p.cases} == {
        f: tuple(c.value for c in cs) for f, cs in LESSON_CASES.items()
    }
    assert {
        p.file: p.teaches for p in o.of_kind(PageKind.WELCOME, PageKind.LESSON)
    } == LESSON_TEACHES
    assert {p.file: p.mastery_rules for p in o.pages if p.mastery_rules} == LESSON_RULES
    assert {p.file: p.levels for p in o.pages if p.levels} == LESSON_LEVELS


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
