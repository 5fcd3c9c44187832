"""A hand played to the end at the game table leaves a trace for the teacher: one
attempt of kind ``hand`` in the learner's progress (served pages only), kept once even
when an undo finishes it again, counted apart from practice answers on the dashboard
(hands played and won, lesson checks answered) and listed in the CSV."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

import pytest

from pinochle_tutor.classroom.attempts import CHECK_KIND, HAND_KIND
from pinochle_tutor.classroom.dashboard import attempts_csv, class_data, learner_rows
from pinochle_tutor.classroom.progress import Progress
from pinochle_tutor.classroom.store import ProgressStore
from pinochle_tutor.course.table.session import GameSession
from tests.test_session import act_first_legal

PAGE = "lessons/10_game_table.ipynb"
T = TypeVar("T")


def hands_of(kept: Sequence[T]) -> list[T]:
    """The hands among the answers kept (the scripted learner's clear mistakes are kept
    too, as their own positions: ``tests/test_own_positions.py``)."""
    return [k for k in kept if getattr(getattr(k, "attempt", k), "kind", None) == HAND_KIND]


def finish_hand(s: GameSession) -> None:
    while not s.hand_over:
        act_first_legal(s)


@pytest.mark.parametrize("rules", ["classic", "three_handed"])
def test_each_finished_hand_is_kept_once(tmp_path: Path, rules: str) -> None:
    db = tmp_path / "class.sqlite"
    s = GameSession(rules, seed=5, page=PAGE, progress=Progress.load(db, learner="ann"))
    finish_hand(s)
    (kept,) = hands_of(ProgressStore(db).stored_attempts("ann"))
    a, h = kept.attempt, s.engine_hand
    assert (a.kind, a.rules, a.tries, kept.page, a.rule_set) == (HAND_KIND, (), 1, PAGE, rules)
    assert h.declarer is not None
    ours = s.rules.side(h.declarer) == s.rules.side(s.human_seat)
    assert a.right is (h.made if ours else not h.made)
    score_line = next(e.text for e in reversed(s.events) if e.text.startswith("Hand 1:"))
    assert a.answer == score_line and "seat" not in a.answer.lower()
    s.undo()  # the last card taken back and played again: the hand is kept once
    finish_hand(s)
    assert len(hands_of(ProgressStore(db).attempts("ann"))) == 1
    if not s.is_over:
        s.next_hand()
        finish_hand(s)
        first, second = hands_of(ProgressStore(db).attempts("ann"))
        assert first.item_id != second.item_id and second.item_id.endswith(":2")


def test_a_page_not_served_keeps_no_hand(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PINOCHLE_TUTOR_PROGRESS", str(tmp_path / "p.sqlite"))
    monkeypatch.delenv("SCRIPT_NAME", raising=False)
    s = GameSession(seed=5)
    finish_hand(s)
    assert s.page == "" and not (tmp_path / "p.sqlite").exists()


def test_a_served_page_keeps_the_hand_in_the_learners_progress(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "p.sqlite"
    monkeypatch.setenv("PINOCHLE_TUTOR_PROGRESS", str(db))
    monkeypatch.setenv("PINOCHLE_TUTOR_LEARNER", "bo")
    monkeypatch.setenv("SCRIPT_NAME", f"/voila/render/{PAGE}")
    s = GameSession(seed=5)
    finish_hand(s)
    assert s.page == PAGE
    assert [a.kind for a in hands_of(ProgressStore(db).attempts("bo"))] == [HAND_KIND]


def test_the_dashboard_counts_hands_and_checks_apart_from_answers(tmp_path: Path) -> None:
    db = tmp_path / "class.sqlite"
    progress = Progress.load(db, learner="ann")
    progress.record("m1", "meld", ["meld.run"], "150", True)
    progress.record("check:04_meld.ipynb", CHECK_KIND, (), "20", True, page="04_meld.ipynb", tries=2)
    progress.record("hand:1:1", HAND_KIND, (), "Hand 1: Us bid 250 and made.", True)
    progress.record("hand:1:2", HAND_KIND, (), "Hand 2: Them bid 300 and made.", False)
    (row,) = learner_rows(class_data(db))
    assert (row.attempts, row.right, dict(row.by_kind)) == (1, 1, {"meld": 1.0})
    assert (row.checks, row.hands, row.hands_won) == (1, 2, 1)
    kinds = [row[4] for row in csv.reader(io.StringIO(attempts_csv(class_data(db))))]
    assert kinds.count("hand") == 2 and kinds.count("check") == 1


@pytest.mark.parametrize("where", ["class.sqlite", "mine.json"])
def test_a_hand_played_on_the_full_game_lesson_starts_that_lesson(tmp_path: Path, where: str) -> None:
    """Issue 47, item 5: a whole hand played at lesson 9's table moves the lesson from
    'Not started' to in progress, in the class database and in the learner's file alike
    (the attempt keeps its page); a hand on another page does not."""
    from pinochle_tutor.classroom.mastery import LessonState, lesson_mastery

    lesson = "09_full_game.ipynb"
    path = tmp_path / where
    progress = Progress.load(path, learner="ann")
    assert lesson_mastery(progress.attempts, lesson).state is LessonState.NOT_STARTED
    other = GameSession("classic", seed=5, page=PAGE, progress=progress)
    finish_hand(other)
    assert lesson_mastery(Progress.load(path, learner="ann").attempts, lesson).state is (
        LessonState.NOT_STARTED
    )
    s = GameSession("classic", seed=6, page=f"lessons/{lesson}", progress=progress)
    finish_hand(s)
    kept = Progress.load(path, learner="ann").attempts
    assert [a.page for a in hands_of(kept)] == [PAGE, f"lessons/{lesson}"]
    m = lesson_mastery(kept, lesson)
    assert (m.state, m.hands) == (LessonState.IN_PROGRESS, 1)
    assert m.text.startswith("In progress: 1 hand played (the mastery set")
    last_hand = hands_of(kept)[-1]
    assert lesson_mastery([*kept, last_hand], lesson).hands == 1  # imported twice: one hand


@pytest.mark.parametrize("where", ["class.sqlite", "mine.json"])
def test_lesson_9s_stars_say_the_hand_at_once_without_a_reload(tmp_path: Path, where: str) -> None:
    """The mastery set's state above the questions (its own record) learns of a hand
    the page's table kept (another record of the same learner) when it is kept."""
    from pinochle_widgets.mastery import MasterySet

    lesson = "09_full_game.ipynb"
    path = tmp_path / where
    stars = MasterySet(lesson, progress=Progress.load(path, learner="ann"), seed=3)
    assert "Not started" in stars.state_view.value
    s = GameSession("classic", seed=6, page=f"lessons/{lesson}", progress=Progress.load(path, learner="ann"))
    finish_hand(s)
    assert "In progress: 1 hand played" in stars.state_view.value
    other = MasterySet(lesson, progress=Progress.load(tmp_path / "bo.json", learner="bo"), seed=3)
    t = GameSession("classic", seed=7, page=f"lessons/{lesson}", progress=Progress.load(path, learner="ann"))
    finish_hand(t)
    assert "In progress: 2 hands played" in stars.state_view.value
    assert "Not started" in other.state_view.value  # another learner's hands are not theirs
