"""Answers kept before the course named hands and generated questions by a digest are
renamed when the class database is opened (revision 0008, issue 44): a learner's
download held ``hand:<table seed>:1``, from which every later hand of that table could
be dealt, and ``gen-meld-2-<seed>-run``, from which the round's later questions
followed."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from pinochle_tutor.classroom import store as store_module
from pinochle_tutor.classroom.attempts import Attempt
from pinochle_tutor.classroom.migrations import HERE
from pinochle_tutor.classroom.store import ProgressStore
from pinochle_tutor.course.quiz.generators import generate
from pinochle_tutor.course.table.session import hand_item_id

pytestmark = pytest.mark.unit

SEED = 4_123_456_789_012_345_678


def revision() -> object:
    spec = importlib.util.spec_from_file_location(
        "v0008", HERE / "versions" / "v0008_opaque_item_ids.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_revision_names_answers_as_the_course_names_them() -> None:
    opaque = revision().opaque  # type: ignore[attr-defined]
    assert opaque(f"hand:{SEED}:3") == hand_item_id(SEED, 3)
    item = generate("meld", 7001, 2, rules="double_deck")
    case = item.id.split("-", 4)[4]
    assert opaque(f"gen-meld-2-7001-{case}") == item.id
    assert opaque("meld-run-01") is None and opaque("check:lessons/04_meld.ipynb") is None


def test_a_database_of_revision_7_is_renamed_on_open_with_nothing_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "class.sqlite"
    with monkeypatch.context() as m:
        m.setattr(store_module, "SCHEMA_VERSION", 7)
        old = ProgressStore(db)
        assert old.schema_version == 7
        t = "2026-12-01T10:00:00Z"
        for item_id, kind in (
            (f"hand:{SEED}:1", "hand"), (f"hand:{SEED}:2", "hand"),
            ("gen-meld-2-7001000-run", "meld"), ("meld-run-01", "meld"),
        ):  # fmt: skip
            old.record("ann", Attempt(item_id, kind, (), "150", True, t))
    store = ProgressStore(db)
    assert store.schema_version == store_module.SCHEMA_VERSION >= 8
    ids = [a.item_id for a in store.attempts("ann")]
    assert ids[:2] == [hand_item_id(SEED, 1), hand_item_id(SEED, 2)]
    assert ids[3] == "meld-run-01" and len(ids) == 4
    assert all(str(SEED)[:10] not in i and "7001000" not in i for i in ids)
