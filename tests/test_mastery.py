"""Mastery sets, stars and the review of weak spots: the rules of each (table tests),
the answers they are read from in every place progress is kept, the questions a
lesson's set asks, and the widgets driven as a browser would."""

from __future__ import annotations

import json
import re
import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from pinochle_tutor.cards import parse_cards
from pinochle_tutor.classroom.attempts import (
    NOW_VAR,
    Attempt,
    InvalidClockError,
    ProgressFileError,
    clock,
    parse_attempts,
)
from pinochle_tutor.classroom.mastery import (
    NEEDED,
    SET_SIZE,
    InvalidLessonNameError,
    LessonState,
    course_mastery,
    lesson_mastery,
    lesson_of_set,
    new_set_id,
    recommended,
)
from pinochle_tutor.classroom.progress import InvalidSetIdError, Progress
from pinochle_tutor.classroom.review import (
    LADDER_DAYS,
    REFRESH_DAYS,
    REFRESH_MOST,
    ReviewReason,
    due_reviews,
    next_refresh,
    refresh_cases,
    review_schedule,
)
from pinochle_tutor.classroom.store import SCHEMA_VERSION, ProgressStore
from pinochle_tutor.course.mastery import (
    LESSON_CASES,
    LESSON_RULES,
    UnknownLessonError,
    plan_mastery_set,
    plan_review,
)
from pinochle_tutor.course.quiz import QuizRule
from pinochle_tutor.course.review_words import next_review_words
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED
from pinochle_widgets.lesson import COURSE, PLAY_PAGES, REFERENCE_PAGES, course_outline
from pinochle_widgets.mastery import (
    MasterySet,
    ReviewRound,
    due_note_html,
    schedule_text,
)
from tests.test_quiz_runner import answer_right, answer_wrong
from tests.widget_client import client_click

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
T0 = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)


def at(days: float) -> str:
    return (T0 + timedelta(days=days)).strftime("%Y-%m-%dT%H:%M:%SZ")


def answer(
    right: bool, days: float = 0, rules: tuple[str, ...] = ("meld.run",), set_id: str = "",
    tries: int = 1,
) -> Attempt:  # fmt: skip
    return Attempt("gen-x", "meld", rules, "50", right, at(days), tries, set_id)


def a_set(lesson: str, marks: str, days: float = 0, key: str = "a") -> list[Attempt]:
    """A set's answers: 'R' right first time, 'r' right after a hint, 'x' wrong."""
    sid = f"{lesson}#{key}"
    return [
        answer(m != "x", days + i / 100, set_id=sid, tries=1 if m in "Rx" else 2)
        for i, m in enumerate(marks)
    ]


# ------------------------------------------------------------------ mastery


@pytest.mark.parametrize(
    ("sets", "state", "stars", "best"),
    [
        ([], LessonState.NOT_STARTED, 0, 0),
        (["RRRR"], LessonState.IN_PROGRESS, 0, 0),  # unfinished: only a finished set counts
        (["RRRxx"], LessonState.IN_PROGRESS, 1, 3),
        (["RRRRx"], LessonState.MASTERED, 2, 4),
        (["RRRRR"], LessonState.MASTERED, 3, 5),
        (["RRRrr"], LessonState.IN_PROGRESS, 1, 3),  # right after a hint is not first time
        (["xxxxx", "RRRRx"], LessonState.MASTERED, 2, 4),
        (["RRRRR", "xxxxx"], LessonState.MASTERED, 3, 5),  # the best set stands
    ],
)
def test_a_lesson_is_mastered_by_four_of_five_right_first_time(
    sets: list[str], state: LessonState, stars: int, best: int
) -> None:
    attempts = [a for i, s in enumerate(sets) for a in a_set("04_meld.ipynb", s, i, key=str(i))]
    m = lesson_mastery(attempts, "04_meld.ipynb")
    assert (m.state, m.stars, m.best) == (state, stars, best)
    assert m.star_text == "★" * stars + "☆" * (3 - stars)
    assert m.text.startswith({"NOT_STARTED": "Not started", "IN_PROGRESS": "In progress",
                              "MASTERED": "Mastered"}[state.name])  # fmt: skip
    assert (SET_SIZE, NEEDED) == (5, 4)


def test_other_lessons_and_plain_practice_do_not_count() -> None:
    attempts = a_set("05_trick_rules.ipynb", "RRRRR") + [answer(True) for _ in range(9)]
    assert lesson_mastery(attempts, "04_meld.ipynb").state is LessonState.NOT_STARTED
    states = course_mastery(attempts, ["04_meld.ipynb", "05_trick_rules.ipynb"])
    assert [s.mastered for s in states] == [False, True]
    assert recommended(states) == states[0]
    assert recommended(states[1:]) is None


def test_set_names_name_their_lesson_and_refuse_bad_lessons() -> None:
    sid = new_set_id("04_meld.ipynb")
    assert lesson_of_set(sid) == "04_meld.ipynb" and sid != new_set_id("04_meld.ipynb")
    assert lesson_of_set("") == ""
    for bad in ("", "a#b", "x" * 200):
        with pytest.raises(InvalidLessonNameError, match="lesson="):
            new_set_id(bad)


# ------------------------------------------------------ kept everywhere


def test_the_set_survives_the_json_file_and_old_files_still_read(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    p = Progress.load(path)
    p.record("gen-1", "meld", ["meld.run"], "50", True, set_id="04_meld.ipynb#ab")
    p.record("gen-2", "meld", ["meld.run"], "50", True)
    raw = json.loads(path.read_text())
    assert [a.get("set") for a in raw["attempts"]] == ["04_meld.ipynb#ab", None]
    again = Progress.load(path)
    assert [a.set_id for a in again.attempts] == ["04_meld.ipynb#ab", ""]
    bad = json.dumps({"version": 1, "attempts": [dict(raw["attempts"][0], set=7)]}).encode()
    ok, problems = parse_attempts(bad, "bad.json")
    assert not ok and "'set'" in problems[0]
    with pytest.raises(InvalidSetIdError, match="set_id=3"):
        p.record("gen-3", "meld", ["meld.run"], "50", True, set_id=3)  # type: ignore[arg-type]
    with pytest.raises(ProgressFileError, match="'set'"):
        Attempt.from_json(dict(raw["attempts"][0], set=["x"]))


def test_the_database_keeps_the_set_and_an_older_database_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "class.sqlite"
    store = ProgressStore(path)
    store.record("ann", answer(True, set_id="04_meld.ipynb#k"))
    store.import_attempts("bob", [answer(False, set_id="05_trick_rules.ipynb#q")], "upload-1")
    assert [a.set_id for a in store.attempts("ann")] == ["04_meld.ipynb#k"]
    assert [a.set_id for a in store.attempts("bob")] == ["05_trick_rules.ipynb#q"]
    # A database of version 3, before mastery sets: its answers are kept, with no set.
    old = tmp_path / "old.sqlite"
    with sqlite3.connect(old) as db:
        from tests.legacy_store import MIGRATIONS

        for script in MIGRATIONS[:3]:
            db.executescript(script)
        db.execute("PRAGMA user_version = 3")
        db.execute("INSERT INTO learners (learner, first_seen) VALUES ('cy', ?)", (at(0),))
        db.execute(
            "INSERT INTO attempts (learner, time, item_id, kind, rules, answer, right) "
            "VALUES ('cy', ?, 'i', 'meld', 'meld.run', '50', 1)",
            (at(0),),
        )
    migrated = ProgressStore(old)
    assert migrated.schema_version == SCHEMA_VERSION
    assert [(a.item_id, a.set_id) for a in migrated.attempts("cy")] == [("i", "")]


def test_mastery_reads_the_same_from_the_database_as_from_the_file(tmp_path: Path) -> None:
    attempts = a_set("04_meld.ipynb", "RRRRx")
    db = Progress.load(tmp_path / "class.sqlite", learner="ann")
    js = Progress.load(tmp_path / "mine.json")
    for p in (db, js):
        for a in attempts:
            p.record(a.item_id, a.kind, a.rules, a.answer, a.right, tries=a.tries, set_id=a.set_id)
    assert lesson_mastery(db.attempts, "04_meld.ipynb") == lesson_mastery(
        js.attempts, "04_meld.ipynb"
    )
    assert lesson_mastery(Progress.load(tmp_path / "mine.json").attempts, "04_meld.ipynb").mastered


# ------------------------------------------------------------- the review


def rule_review(*answers: Attempt) -> list[tuple[str, float, int]]:
    """(rule, due in days from T0, right in a row) of each case in the review."""
    return [
        (c.rule, (c.due - T0).total_seconds() / 86400, c.right_in_a_row)
        for c in review_schedule(answers)
    ]


@pytest.mark.parametrize(
    ("answers", "expected"),
    [
        ([], []),
        ([answer(True, 0)], []),  # never missed
        ([answer(False, 0)], [("meld.run", 1, 0)]),  # a miss is due a day later
        ([answer(True, 0, tries=2)], [("meld.run", 1, 0)]),  # right after a hint is a miss
        # each right review climbs a rung: the next gap counts from that answer
        ([answer(False, 0), answer(True, 1)], [("meld.run", 1 + 3, 1)]),
        ([answer(False, 0), answer(True, 1), answer(True, 4)], [("meld.run", 4 + 7, 2)]),
        ([answer(False, 0), answer(True, 1), answer(True, 4), answer(True, 11)],
         [("meld.run", 11 + 21, 3)]),
        ([answer(False, 0), answer(True, 1), answer(True, 4), answer(True, 11), answer(True, 32)],
         [("meld.run", 32 + 60, 4)]),
        # right after the 60-day gap: out of the review
        ([answer(False, 0), answer(True, 1), answer(True, 4), answer(True, 11), answer(True, 32),
          answer(True, 92)], []),
        # a review answered late: the gap counts from the answer
        ([answer(False, 0), answer(True, 10)], [("meld.run", 13, 1)]),
        # a wrong review goes back to the start, from that miss
        ([answer(False, 0), answer(True, 1), answer(False, 4)], [("meld.run", 5, 0)]),
        ([answer(False, 0), answer(True, 1), answer(False, 4), answer(True, 5)],
         [("meld.run", 8, 1)]),
        # right before it is due changes nothing; wrong before it is due goes back to the start
        ([answer(False, 0), answer(True, 0.5), answer(True, 0.6)], [("meld.run", 1, 0)]),
        ([answer(False, 0), answer(True, 1), answer(False, 2)], [("meld.run", 3, 0)]),
        # missed at every review: a day after each miss
        ([answer(False, 0), answer(False, 1), answer(False, 2), answer(False, 3)],
         [("meld.run", 4, 0)]),
        # out, then missed again: a new climb from the new miss
        ([answer(False, 0), answer(True, 1), answer(True, 4), answer(True, 11), answer(True, 32),
          answer(True, 92), answer(False, 100)], [("meld.run", 101, 0)]),
    ],
)  # fmt: skip
def test_the_review_ladder(answers: list[Attempt], expected: list[tuple[str, float, int]]) -> None:
    assert rule_review(*answers) == expected
    assert LADDER_DAYS == (1, 3, 7, 21, 60)  # the gaps the table is written for


def test_each_rule_case_of_an_answer_has_its_own_schedule_and_due_means_now() -> None:
    both = ("meld.run", "meld.dix")
    kept = [answer(False, 0, both), answer(True, 1, ("meld.run",))]
    assert rule_review(*kept) == [("meld.dix", 1, 0), ("meld.run", 4, 1)]
    assert due_reviews(kept, T0 + timedelta(hours=12)) == []
    assert [c.rule for c in due_reviews(kept, T0 + timedelta(days=2))] == ["meld.dix"]
    assert [c.rule for c in due_reviews(kept, T0 + timedelta(days=4))] == ["meld.dix", "meld.run"]


MELD_CASES = {"04_meld.ipynb": ("meld.run", "meld.dix", "meld.pinochle", "meld.around")}


def mastered_meld(days: float = 0) -> list[Attempt]:
    """A mastered set of lesson 4 answered on ``days``: every answer right first time,
    one on each of three of its cases and two on the run."""
    sid = "04_meld.ipynb#m"
    rules = ("meld.run", "meld.dix", "meld.pinochle", "meld.run", "meld.run")
    return [answer(True, days + i / 100, (r,), set_id=sid) for i, r in enumerate(rules)]


def refreshed(kept: list[Attempt], days: float, most: int = REFRESH_MOST) -> list[tuple[str, float]]:
    return [
        (c.rule, round((c.due - T0).total_seconds() / 86400, 2))
        for c in refresh_cases(kept, MELD_CASES, T0 + timedelta(days=days), most)
    ]


def test_a_mastered_lesson_s_cases_come_back_after_60_days_a_few_a_day() -> None:
    kept = mastered_meld()
    assert lesson_mastery(kept, "04_meld.ipynb").mastered
    assert refreshed(kept, REFRESH_DAYS - 1) == []  # not yet
    # the longest unanswered first, at most REFRESH_MOST; the around never answered: not asked
    assert refreshed(kept, REFRESH_DAYS + 1) == [("meld.dix", 60.01), ("meld.pinochle", 60.02)]
    assert refreshed(kept, REFRESH_DAYS + 1, most=5) == [
        ("meld.dix", 60.01), ("meld.pinochle", 60.02), ("meld.run", 60.04),
    ]  # fmt: skip
    # at most REFRESH_MOST a day: the two answered this morning, none more today
    today = [*kept, answer(True, 60.1, ("meld.dix",)), answer(True, 60.11, ("meld.pinochle",))]
    assert refreshed(today, 60.2, most=5) == [("meld.run", 60.04)]  # 5 a day: 3 left
    assert refreshed(today, 60.2) == []
    assert refreshed(today, 61.1) == [("meld.run", 60.04)]  # the next day
    assert refreshed(kept, REFRESH_DAYS + 1, most=-1) == []
    # answered right on day 61: back 60 days after that answer
    kept.append(answer(True, 61, ("meld.dix",)))
    assert refreshed(kept, 62) == [("meld.pinochle", 60.02), ("meld.run", 60.04)]
    assert ("meld.dix", 121) in refreshed(kept, 121, most=5)
    # missed on day 61: on the ladder instead, due a day later, not refreshed
    kept.append(answer(False, 61.5, ("meld.pinochle",)))
    assert ("meld.pinochle", 62.5, 0) in rule_review(*kept)
    assert "meld.pinochle" not in [r for r, _ in refreshed(kept, 70, most=5)]
    # the review asks the misses first, then the refreshers
    due = due_reviews(kept, T0 + timedelta(days=63), MELD_CASES)
    assert [(c.rule, c.reason) for c in due] == [
        ("meld.pinochle", ReviewReason.MISSED),
        ("meld.run", ReviewReason.REFRESH),
    ]


def test_the_next_refresh_is_named_even_with_nothing_due() -> None:
    kept = mastered_meld()
    day = timedelta(days=1)
    assert next_refresh(kept, MELD_CASES, T0 + day) == T0 + timedelta(days=60.01)
    # two answered today, the day's most: the rest come back at the next UTC day's start
    today = [*kept, answer(True, 60.1, ("meld.dix",)), answer(True, 60.11, ("meld.pinochle",))]
    midnight = (T0 + timedelta(days=61)).replace(hour=0, minute=0)
    assert next_refresh(today, MELD_CASES, T0 + timedelta(days=60.2)) == midnight
    assert next_refresh(a_set("04_meld.ipynb", "RRRxx"), MELD_CASES, T0) is None


def test_a_lesson_not_mastered_brings_nothing_back() -> None:
    kept = a_set("04_meld.ipynb", "RRRxx")  # 3 of 5: not mastered; the misses are on the ladder
    assert not lesson_mastery(kept, "04_meld.ipynb").mastered
    assert refresh_cases(kept, MELD_CASES, T0 + timedelta(days=200)) == []


def test_the_review_page_states_the_ladder_from_its_numbers() -> None:
    text = schedule_text(CLASSIC)
    assert "comes back here 1 day later" in text
    assert "3 days, then 7, 21 and 60." in text
    assert f"at most {REFRESH_MOST} a day" in text and f"for {REFRESH_DAYS} days" in text


def test_the_course_clock_can_be_set_and_a_bad_setting_is_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(NOW_VAR, "2026-12-05T09:00:00Z")
    assert clock() == datetime(2026, 12, 5, 9, tzinfo=timezone.utc)
    monkeypatch.setenv(NOW_VAR, "tomorrow")
    with pytest.raises(InvalidClockError, match="PINOCHLE_TUTOR_NOW='tomorrow'"):
        clock()


# ------------------------------------------------------------- the sets


@pytest.mark.parametrize("rules", [CLASSIC, DOUBLE_DECK, THREE_HANDED], ids=lambda r: r.name)
@pytest.mark.parametrize("lesson", sorted(LESSON_CASES))
def test_every_question_of_a_set_exercises_a_case_of_its_lesson(lesson: str, rules: object) -> None:
    items = list(plan_mastery_set(lesson, seed=11, rules=rules))  # type: ignore[arg-type]
    assert len(items) == SET_SIZE
    cases = set(LESSON_CASES[lesson])
    for item in items:
        assert cases.intersection(QuizRule.parse(r) for r in item.rules), (item.id, item.rules)
        if lesson in LESSON_RULES:
            assert item.rule_set in LESSON_RULES[lesson]
        else:
            assert item.rule_set == rules
    # Fresh positions: another visit draws other questions.
    assert [i.prompt for i in plan_mastery_set(lesson, seed=12, rules=rules)] != [  # type: ignore[arg-type]
        i.prompt for i in items
    ]


def test_every_lesson_but_the_welcome_has_a_set_and_unknown_pages_are_named() -> None:
    assert set(LESSON_CASES) == {e.file for e in COURSE} - {
        "00_welcome.ipynb", *REFERENCE_PAGES, *PLAY_PAGES
    }
    with pytest.raises(UnknownLessonError, match=r"'00_welcome\.ipynb'"):
        plan_mastery_set("00_welcome.ipynb", 1)


_HAND = re.compile(r"((?:\b(?:10|[AKQJ9])[SHDC]\b[ ,]*){6,})")


def _worked_hands(lesson: str) -> set[frozenset[str]]:
    """The hands a lesson page writes out (its worked examples and checks)."""
    source = "\n".join(
        "".join(c["source"]) for c in json.loads((LESSONS / lesson).read_text())["cells"]
    )
    return {frozenset(str(c) for c in parse_cards(m.replace(",", " "))) for m in _HAND.findall(source)}


def test_a_set_never_asks_the_lesson_s_worked_hands() -> None:
    hands = _worked_hands("04_meld.ipynb")
    assert hands, "the meld lesson writes its worked hands out"
    for seed in range(8):
        for item in plan_mastery_set("04_meld.ipynb", seed):
            assert frozenset(str(c) for c in item.hand) not in hands  # type: ignore[attr-defined]


def test_a_review_asks_one_question_per_due_case_and_skips_unknown_cases() -> None:
    items = list(plan_review(["meld.run", "trick.over_trump", "table.unknown"], seed=4))
    assert [i.kind.value for i in items] == ["meld", "trick"]
    assert QuizRule.MELD_RUN in items[0].rules and QuizRule.TRICK_OVER_TRUMP in items[1].rules


# ------------------------------------------------------------- the widgets


def test_answering_a_set_masters_the_lesson_and_the_outline_shows_it(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    s = MasterySet("04_meld.ipynb", progress=path, seed=3)
    assert "Not started" in s.state_view.value
    answer_wrong(s)
    client_click(s.next_button)
    for _ in range(SET_SIZE - 1):
        answer_right(s)
        client_click(s.next_button)
    assert s.phase == "done"
    assert "4 of 5 right on the first try: you have mastered" in s.score_view.value
    assert "★★☆" in s.state_view.value and "Mastered" in s.state_view.value
    outline = course_outline(practice=[], progress=path).value
    meld = outline[outline.index("04_meld.ipynb") :].split("</li>")[0]
    assert "Mastered: 4 of 5 right first time" in meld and 'aria-label="2 of 3 stars"' in meld
    assert "Recommended next" in outline.split("04_meld.ipynb")[0]  # lesson 1 comes first
    # A new set is a new name: its answers do not join the finished one.
    client_click(s.restart_button)
    assert s.phase == "asking" and {a.set_id for a in Progress.load(path).attempts} != {s.set_id}


def test_a_set_with_three_right_asks_for_another(tmp_path: Path) -> None:
    s = MasterySet("05_trick_rules.ipynb", progress=tmp_path / "p.json", seed=5)
    for i in range(SET_SIZE):
        if i < 2:
            assert answer_wrong(s)
        else:
            answer_right(s)
        client_click(s.next_button)
    assert "3 of 5 right on the first try: 4 master the lesson" in s.score_view.value
    assert "In progress" in s.state_view.value


def test_a_missed_case_comes_back_on_the_review_page_a_day_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "progress.json"
    s = MasterySet("04_meld.ipynb", progress=path, seed=9)
    missed = set(s.session.questions[0].rules)
    assert answer_wrong(s)
    today = ReviewRound(progress=path, seed=1)
    assert today.phase == "done" and "Nothing to review now" in today.list_view.value
    assert "The next review is due on" in today.list_view.value
    assert "No review is due today" in due_note_html(today.due)
    monkeypatch.setenv(NOW_VAR, (clock() + timedelta(days=1, minutes=1)).strftime("%Y-%m-%dT%H:%M:%SZ"))
    tomorrow = ReviewRound(progress=path, seed=1)
    assert {c.rule for c in tomorrow.due} == {r.value for r in missed}
    assert tomorrow.phase == "asking"
    assert missed & set(tomorrow.session.questions[0].rules)
    assert "due for review today" in tomorrow.list_view.value
    assert f"{len(missed)} review" in due_note_html(tomorrow.due)


def test_a_mastered_lesson_s_case_comes_back_on_the_review_page_after_60_days(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A set of lesson 4 mastered by the widget, every answer right: nothing to review
    until :data:`REFRESH_DAYS` later, then a case or two of it, labelled as coming from a
    mastered lesson, asked with a fresh question."""
    path = tmp_path / "progress.json"
    s = MasterySet("04_meld.ipynb", progress=path, seed=9)
    asked = {r.value for q in s.session.questions for r in q.rules}
    for _ in range(SET_SIZE):
        answer_right(s)
        client_click(s.next_button)
    assert "you have mastered this lesson" in s.score_view.value
    now = clock()

    def on(days: float) -> ReviewRound:
        when = now + timedelta(days=days, minutes=1)
        monkeypatch.setenv(NOW_VAR, when.strftime("%Y-%m-%dT%H:%M:%SZ"))
        return ReviewRound(progress=path, seed=1)

    early = on(REFRESH_DAYS - 1)
    assert early.due == []
    assert "Nothing to review now." in early.list_view.value
    assert "The next review is due on" in early.list_view.value  # the mastered lesson's
    later = on(REFRESH_DAYS)
    assert 1 <= len(later.due) <= REFRESH_MOST
    assert {c.rule for c in later.due} <= asked
    assert all(c.reason is ReviewReason.REFRESH for c in later.due)
    assert later.phase == "asking"
    assert "(from a lesson you have mastered)" in later.list_view.value


def test_the_next_review_is_named_by_its_time_when_it_is_later_today() -> None:
    """A case missed in the evening is due the next evening: the page says when, not
    today's date beside 'nothing to review'."""
    morning = datetime(2026, 12, 7, 9, 0, tzinfo=timezone.utc)
    evening = datetime(2026, 12, 7, 21, 5, tzinfo=timezone.utc)
    assert next_review_words(evening, morning, CLASSIC) == "The next review is due later today, at 21:05 (UTC)."
    tomorrow = datetime(2026, 12, 8, 8, 0, tzinfo=timezone.utc)
    assert next_review_words(tomorrow, morning, CLASSIC) == "The next review is due on Tuesday 8 December."
