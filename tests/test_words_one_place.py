"""Each word of the course is written in one place (issue 46, "words in one place").

A rule set's name in words ("Double deck", "three-handed") is written only by
:class:`~pinochle_tutor.rules.RuleSet` (``title``, ``words``); every other module asks
it. This test reads every string of the code (docstrings aside: they are prose about
the code) and fails on one that writes a preset's name in words, or on a name made
into words by hand (``rules.name.replace("_", " ")``, which said "three handed").
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, PRESETS, THREE_HANDED, rule_set_title
from pinochle_tutor.words import MULTIPLE_WORDS

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("pinochle_tutor", "widgets", "pinochle_site")
OWNER = Path("pinochle_tutor/rules.py")
"""The module that writes a rule set's name in words."""
WORDS = Path("pinochle_tutor/words.py")
"""The module that writes how many sets of a meld in words (``words.multiple_word``)."""

NAME_WORDS = re.compile(r"\b(?:double[- ]deck|three[- ]handed)\b", re.IGNORECASE)
"""A preset's name in words inside a string (``classic`` is also the preset's key,
so only its title form, ``Classic`` alone, is refused: :data:`TITLES`)."""
TITLES = {"Classic"}



def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that stand alone as statements (docstrings)."""
    return {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }


def name_words(source: str, path: Path = Path("x.py")) -> Iterator[str]:
    """``file:line: 'string'`` for each string of ``source`` that writes a rule set's
    name in words, and each ``<x>.name.replace("_", ...)`` that makes one."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
            continue
        if id(node) in docs:
            continue
        if NAME_WORDS.search(node.value) or node.value.strip() in TITLES:
            yield f"{path}:{node.lineno}: {node.value!r}"
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "replace"
            and isinstance(node.func.value, ast.Attribute)
            and node.func.value.attr == "name"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and node.args[0].value == "_"
        ):
            yield f"{path}:{node.lineno}: {ast.unparse(node)}"


def _modules() -> Iterator[Path]:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT)
            if rel != OWNER:
                yield rel


def test_only_the_rule_set_writes_its_name_in_words() -> None:
    found = [hit for rel in _modules() for hit in name_words((ROOT / rel).read_text(), rel)]
    assert not found, "write RuleSet.title or .words instead:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "source",
    [
        'LABEL = "Double deck"',
        "x = f'a table for three-handed pinochle'",
        'CHOICES = (("Classic", "classic"),)',
        'print("Three handed rules")',
        "text = f\"Rules in force: {r.name.replace('_', ' ')}\"",
    ],
)
def test_a_name_written_in_words_is_found(source: str) -> None:
    assert list(name_words(source)), source


def test_docstrings_and_preset_keys_are_not_names_in_words() -> None:
    source = '"""About double-deck play."""\nSEEDS = {"classic": 1, "double_deck": 2}\n'
    assert not list(name_words(source))


def test_each_preset_has_its_own_words() -> None:
    assert [r.title for r in PRESETS.values()] == ["Classic", "Double deck", "Three-handed"]
    assert (CLASSIC.words, DOUBLE_DECK.words, THREE_HANDED.words) == (
        "classic",
        "double-deck",
        "three-handed",
    )
    house = CLASSIC.with_settings(name="my_house")
    assert (house.title, house.words, rule_set_title("my_house")) == (
        "My house",
        "my house",
        "My house",
    )


def multiple_words(source: str, path: Path = Path("x.py")) -> Iterator[str]:
    """``file:line: 'string'`` for each string of ``source`` (docstrings aside) that is
    one of the words for how many sets of a meld are shown (``'double'``, ``'triple '``):
    a list of them or a prefix kept beside :func:`~pinochle_tutor.words.multiple_word`."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docs
            and node.value.strip().lower() in MULTIPLE_WORDS
        ):
            yield f"{path}:{node.lineno}: {node.value!r}"


def test_only_words_py_says_single_double_triple_quadruple() -> None:
    """The meld table's columns, a meld line's name (``'double aces around'``) and the
    readers of a claimed line all ask ``words.multiple_word`` / ``multiple_name``."""
    found = [
        hit
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if path.relative_to(ROOT) != WORDS
        for hit in multiple_words(path.read_text(), path.relative_to(ROOT))
    ]
    assert not found, "ask words.multiple_word or multiple_name instead:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "source",
    [
        'WORDS = ("single", "double", "triple", "quadruple")',
        'name = ("", "double ", "triple ")[n - 1] + kind',
        "if meld.startswith('double'): pass",
    ],
)
def test_a_multiple_written_by_hand_is_found(source: str) -> None:
    assert list(multiple_words(source)), source


def test_sentences_with_double_in_them_are_not_multiple_words() -> None:
    source = 'X = "the double replaces the single"\n"""A double meld."""\n'
    assert not list(multiple_words(source))
