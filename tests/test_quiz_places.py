"""A reload keeps the place: a round of questions comes back on the same question, in
the same state (a first wrong answer and its hint, a marked answer), from the
learner's progress in the class database or their JSON file; nothing is recorded
twice, a finished round starts afresh, and a damaged place is no place."""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle_tutor.classroom.places import Place, place_key
from pinochle_tutor.classroom.progress import Progress
from pinochle_tutor.course.quiz.session import QuizSession
from pinochle_widgets.mastery import MasterySet
from pinochle_widgets.quiz_runner import QuizRunner
from tests.test_quiz_runner import answer_right, answer_wrong_once, item_of
from tests.widget_client import client_click

PAGE = "practice/07_score_level1.ipynb"


@pytest.fixture(autouse=True)
def served_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """The page as Voila serves it, and each test a fresh kernel (no rounds made yet)."""
    monkeypatch.setenv("SCRIPT_NAME", f"/voila/render/{PAGE}")
    monkeypatch.setattr(QuizSession, "_pages", {})


def reload(make: type[QuizRunner] = QuizRunner, *args: object, **kw: object) -> QuizRunner:
    """The page loaded again: a new kernel (its count of rounds starts again), a new
    seed for the page, the same learner's progress."""
    QuizSession._pages.clear()
    return make(*args, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize("store", ["progress.json", "class.sqlite"])
def test_a_reload_keeps_the_question_and_its_first_try(tmp_path: Path, store: str) -> None:
    path = tmp_path / store
    learner = {"learner": "ann"} if store.endswith(".sqlite") else {}

    def progress() -> Progress:
        return Progress.load(path, **learner)

    q = QuizRunner("score", 1, "generated", count=3, seed=11, progress=progress())
    assert q.place_key == place_key(PAGE, 0)
    answer_right(q)
    client_click(q.next_button)
    asked = q.prompt.value
    assert answer_wrong_once(q) and q.tries == 2
    hint = q.feedback.value

    again = reload(QuizRunner, "score", 1, "generated", count=3, progress=progress())
    assert again.seed == 11 and again.index == 1 and again.prompt.value == asked
    assert again.tries == 2 and again.feedback.value == hint  # the first try is kept
    assert len(again.marks) == 1 and again.marks[0] == q.marks[0]
    answer_right(again)
    assert again.marks[-1].right and again.phase == "marked"
    kept = [a for a in progress().attempts]
    assert [a.tries for a in kept] == [1, 2]  # nothing recorded twice

    marked = reload(QuizRunner, "score", 1, "generated", count=3, progress=progress())
    assert marked.phase == "marked" and marked.index == 1 and "Right, on the second try" in marked.feedback.value
    client_click(marked.next_button)
    answer_right(marked)
    client_click(marked.next_button)
    assert marked.phase == "done" and marked.right == 3 and marked.marked_tries == (1, 2, 1)

    fresh = reload(QuizRunner, "score", 1, "generated", count=3, progress=progress())
    assert fresh.index == 0 and fresh.seed != 11 and fresh.marks == ()  # a finished round is over
    assert len(progress().attempts) == 3


def test_a_mastery_set_goes_on_with_the_same_set_after_a_reload(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    m = MasterySet("04_meld.ipynb", progress=Progress.load(path), seed=5)
    answer_right(m)
    set_id = m.set_id
    again = reload(MasterySet, "04_meld.ipynb", progress=Progress.load(path))
    assert again.set_id == set_id and again.phase == "marked" and again.index == 0
    client_click(again.next_button)
    answer_right(again)
    assert {a.set_id for a in Progress.load(path).attempts} == {set_id}


def test_two_rounds_on_one_page_keep_their_own_places(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    first = QuizRunner("score", 1, "generated", count=3, seed=1, progress=Progress.load(path))
    second = QuizRunner("counters", 1, "generated", count=3, seed=2, progress=Progress.load(path))
    assert (first.place_key, second.place_key) == (f"{PAGE}#0", f"{PAGE}#1")
    answer_right(second)
    QuizSession._pages.clear()
    a = QuizRunner("score", 1, "generated", count=3, progress=Progress.load(path))
    b = QuizRunner("counters", 1, "generated", count=3, progress=Progress.load(path))
    assert (a.index, a.phase, a.seed) == (0, "asking", 1)
    assert (b.phase, b.seed) == ("marked", 2)


@pytest.mark.parametrize(
    "text",
    ["not json", '{"seed": -1, "round": 0, "index": 0, "answers": []}',
     '{"seed": 1, "round": 0, "index": 5, "answers": []}', "[" * 5000,
     '{"seed": 1, "round": 0, "index": 0, "answers": [], "waiting": 5}',
     '{"seed": 1, "round": 0, "index": 0, "answers": [["190", 1]], "waiting": "200"}'],
)  # fmt: skip
def test_a_damaged_place_is_no_place(tmp_path: Path, text: str) -> None:
    path = tmp_path / "class.sqlite"
    p = Progress.load(path, learner="ann")
    assert p.store is not None
    p.store.keep_place("ann", place_key(PAGE, 0), text, "2026-12-04T10:00:00Z")
    q = QuizRunner("score", 1, "generated", count=3, seed=4, progress=Progress.load(path, learner="ann"))
    assert q.index == 0 and q.phase == "asking" and q.seed == 4 and q.message.kind != "error"


def test_a_place_whose_answers_no_longer_read_starts_the_round_afresh(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    p = Progress.load(path)
    p.keep_place(place_key(PAGE, 0), Place(seed=4, round=0, index=1, answers=(("banana", 1),)))
    q = QuizRunner("score", 1, "generated", count=3, seed=9, progress=Progress.load(path))
    assert q.index == 0 and q.marks == () and item_of(q) is not None


def test_outside_a_served_page_nothing_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SCRIPT_NAME")
    q = QuizRunner("score", 1, "generated", count=2, seed=3, progress=tmp_path / "p.json")
    assert q.place_key == ""
    answer_right(q)
    assert Progress.load(tmp_path / "p.json").place(f"{PAGE}#0") is None
