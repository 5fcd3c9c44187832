"""One module per kind of question: the item class of a kind is named only in its own
module and the registry, and nothing dispatches on the item's class.

Read from the source with :mod:`ast`: every name and attribute of every module of the
engine, the widgets and the site.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from pinochle_tutor.course.quiz import QuizKind
from pinochle_tutor.course.quiz.kind import QuizKindSpec
from pinochle_tutor.course.quiz.kinds import KINDS

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted(
    p
    for folder in ("pinochle_tutor", "widgets", "pinochle_site")
    for p in (ROOT / folder).rglob("*.py")
    if "__pycache__" not in p.parts
)
KINDS_DIR = ROOT / "pinochle_tutor" / "course" / "quiz" / "kinds"
REGISTRY = KINDS_DIR / "__init__.py"
ITEM_CLASSES = {spec.item_type.__name__: spec for spec in KINDS.values()}


def _names(path: Path) -> set[str]:
    """Every identifier ``path`` uses: names, attributes, imported names, classes."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.alias):
            found.add(node.name.rsplit(".", 1)[-1])
        elif isinstance(node, ast.ClassDef):
            found.add(node.name)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.add(node.value)  # a name in __all__, or in a string annotation
    return found


NAMES = {path: _names(path) for path in SOURCES}


def test_the_sources_are_found() -> None:
    assert REGISTRY in NAMES and len(ITEM_CLASSES) == len(QuizKind)


@pytest.mark.parametrize("cls", sorted(ITEM_CLASSES))
def test_a_kind_is_named_in_its_module_and_the_registry_only(cls: str) -> None:
    spec = ITEM_CLASSES[cls]
    module = Path(importlib.import_module(type(spec).__module__).__file__ or "")
    naming = {path for path, names in NAMES.items() if cls in names}
    assert naming <= {module, REGISTRY}, sorted(str(p.relative_to(ROOT)) for p in naming)
    assert module.parent == KINDS_DIR and module in naming


def test_nothing_dispatches_on_a_kind_s_class() -> None:
    """No ``isinstance(x, SomeQuiz)`` outside the kinds' own modules: the answers, the
    banks, the rule cases, the generator, the round and the widgets ask the item's
    spec (:data:`KINDS`) instead."""
    offenders = []
    for path in SOURCES:
        if path.parent == KINDS_DIR:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "isinstance":
                classes = ast.walk(node.args[1]) if len(node.args) > 1 else iter(())
                hit = {getattr(n, "id", getattr(n, "attr", "")) for n in classes} & set(ITEM_CLASSES)
                if hit:
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} {sorted(hit)}")
    assert not offenders


@pytest.mark.parametrize("kind", list(QuizKind), ids=lambda k: k.value)
def test_every_kind_has_its_module_and_spec(kind: QuizKind) -> None:
    spec = KINDS[kind]
    assert isinstance(spec, QuizKindSpec) and spec.kind is kind
    assert spec.item_type.kind is kind
    assert set(spec.pools) == {1, 2, 3} and all(r.kind is kind for p in spec.pools.values() for r in p)
    assert type(spec).__module__ == f"pinochle_tutor.course.quiz.kinds.{type(spec).__module__.rsplit('.', 1)[1]}"
