"""Guests of a served page keep their answers on their page (issue 44, 7): every
browser without a learner key is the one learner ``'guest'``, so two cookie-less
clients shared one record in the class database and saw each other's answers and
places in a round. Outside a served page (Jupyter on a learner's own machine) a
database stays the one learner's, guest or not."""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle_tutor.classroom.places import Place
from pinochle_tutor.classroom.progress import Progress
from pinochle_tutor.classroom.store import ProgressStore

pytestmark = pytest.mark.unit


@pytest.fixture
def served_guest(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    for var in ("PINOCHLE_TUTOR_LEARNER", "JUPYTERHUB_USER", "HTTP_COOKIE", "PINOCHLE_TUTOR_DATABASE_URL"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/practice/01_meld_level1.ipynb")
    db = tmp_path / "class.sqlite"
    monkeypatch.setenv("PINOCHLE_TUTOR_PROGRESS", str(db))
    return db


def test_two_guest_pages_share_no_answers_and_no_places(served_guest: Path) -> None:
    first, second = Progress.load(), Progress.load()
    assert first.page_only and second.page_only
    first.record("m1", "meld", ["meld.run"], "150", True)
    first.keep_place("practice/01#a", Place(seed=1, round=0, index=1, answers=(("150", 1),)))
    assert [a.answer for a in first.attempts] == ["150"]
    assert second.attempts == [] and second.place("practice/01#a") is None
    assert ProgressStore(served_guest).attempts("guest") == []  # nothing under the shared key
    assert first.place("practice/01#a") is not None  # the page's own place is kept


@pytest.mark.usefixtures("served_guest")
def test_a_database_outside_a_served_page_is_the_one_learners(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SCRIPT_NAME")
    p = Progress.load()
    assert not p.page_only
    p.record("m1", "meld", ["meld.run"], "150", True)
    assert [a.answer for a in Progress.load().attempts] == ["150"]


def test_a_learner_on_a_served_page_keeps_answers_in_the_database(
    served_guest: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PINOCHLE_TUTOR_LEARNER", "ann")
    p = Progress.load()
    assert not p.page_only
    p.record("m1", "meld", ["meld.run"], "150", True)
    assert [a.answer for a in ProgressStore(served_guest).attempts("ann")] == ["150"]
