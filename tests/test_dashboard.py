"""The teacher's dashboard: the class's record as data (classroom/dashboard.py) and the
widget, headless: shut without the secret (and nothing of the class in synced
state), five wrong tries shut the page, the class table, weakest rules, charts,
one learner's history, the CSV, an uploaded progress file imported once, and a
learner deleted only when asked twice."""

from __future__ import annotations

import base64
import csv
import io
import json
import re
from pathlib import Path

import pytest

from pinochle_tutor.classroom.attempts import Attempt, write_attempts
from pinochle_tutor.classroom.dashboard import (
    ClassData,
    activity_by_day,
    attempts_csv,
    check_secret,
    class_data,
    learner_rows,
    rule_rows,
    teacher_secret,
    weakest_rules,
)
from pinochle_tutor.classroom.progress import Progress
from pinochle_tutor.classroom.store import ProgressStore
from pinochle_widgets.dashboard import MAX_TRIES, TeacherDashboard, bar_chart_svg
from tests.widget_client import client_click, client_update, tree_states

SECRET = "correct horse battery"



def csv_rows(text: str) -> list[list[str]]:
    """The CSV's rows as a spreadsheet reads them (every cell is quoted)."""
    return list(csv.reader(io.StringIO(text)))

def at(day: int, minute: int = 0) -> str:
    return f"2026-03-{day:02d}T10:{minute:02d}:00Z"


def answers(db: Path) -> None:
    """Ann: 3 meld answers (2 right), 1 score; Bob: 2 dix answers wrong, 1 run right."""
    store = ProgressStore(db)
    rows = [
        ("ann", Attempt("m1", "meld", ("meld.run",), "150", True, at(1))),
        ("ann", Attempt("m2", "meld", ("meld.run",), "150", True, at(1, 5))),
        ("ann", Attempt("m3", "meld", ("meld.dix",), "0", False, at(2))),
        ("ann", Attempt("s1", "score", ("score.made",), "+340", True, at(2, 1))),
        ("bob", Attempt("m3", "meld", ("meld.dix",), "0", False, at(2, 2))),
        ("bob", Attempt("m3", "meld", ("meld.dix",), "20", False, at(2, 3))),
        ("bob", Attempt("m1", "meld", ("meld.run",), "150", True, at(3))),
    ]
    for who, a in rows:
        store.record(who, a)
    store.set_name("ann", "Ann", at(1))
    store.open_lesson("ann", "04_meld.ipynb", at(1))
    store.open_lesson("ann", "04_meld.ipynb", at(2))
    store.open_lesson("ann", "06_scoring.ipynb", at(2))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "class.sqlite"
    answers(path)
    return path


# ------------------------------------------------------------------ the data


def test_the_class_table_counts_each_learner(db: Path) -> None:
    ann, bob = learner_rows(class_data(db))
    assert (ann.name, ann.attempts, ann.right, ann.lessons_opened) == ("Ann", 4, 3, 2)
    assert ann.by_kind == {"meld": 2 / 3, "score": 1.0} and ann.last_seen == at(2, 1)
    assert (bob.name, bob.attempts, bob.right, bob.accuracy) == ("bob", 3, 1, 1 / 3)


def test_the_class_table_says_which_lessons_each_learner_mastered(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four of five right first time in one set masters a lesson; four of five in a
    set of another lesson, one after a hint, does not."""
    store = ProgressStore(db)
    for i, (right, tries) in enumerate([(True, 1)] * 4 + [(False, 1)]):
        store.record("bob", Attempt(f"g{i}", "trick", ("trick.beat",), "x", right, at(4, i), tries,
                                    "05_trick_rules.ipynb#a"))  # fmt: skip
    for i, (right, tries) in enumerate([(True, 1)] * 3 + [(True, 2), (False, 1)]):
        store.record("bob", Attempt(f"h{i}", "meld", ("meld.run",), "x", right, at(5, i), tries,
                                    "04_meld.ipynb#b"))  # fmt: skip
    ann, bob = learner_rows(class_data(db))
    assert (ann.mastered, bob.mastered) == ((), ("05_trick_rules.ipynb",))
    table = opened(db, monkeypatch).class_table.value
    assert "Lessons mastered" in table and "<td>5</td>" in table


def test_rule_cases_and_the_weakest(db: Path) -> None:
    data = class_data(db)
    rows = {r.rule: r for r in rule_rows(data)}
    assert (rows["meld.dix"].attempts, rows["meld.dix"].right, rows["meld.dix"].learners) == (3, 0, 2)
    assert rows["meld.dix"].struggling == 2 and rows["meld.run"].struggling == 0
    assert [r.rule for r in weakest_rules(data)] == ["meld.dix", "meld.run"]
    assert weakest_rules(data, min_attempts=1)[0].rule == "meld.dix"


def test_activity_per_day_and_the_csv(db: Path) -> None:
    data = class_data(db)
    assert [(d.day, d.attempts, d.learners) for d in activity_by_day(data)] == [
        ("2026-03-01", 2, 1), ("2026-03-02", 4, 2), ("2026-03-03", 1, 1),
    ]  # fmt: skip
    lines = csv_rows(attempts_csv(data))
    assert lines[0] == ["learner", "name", "time", "item_id", "kind", "rules", "answer", "right", "tries", "rule_set"]
    ann = ["ann", "Ann", "2026-03-01T10:00:00Z", "m1", "meld", "meld.run", "150", "yes", "1", ""]
    assert len(lines) == 8 and ann in lines


def test_a_browser_that_only_opened_pages_is_not_listed_and_tries_are_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page opened with no name and no answer leaves a visit, not a learner; an
    answer that took a hint says so in the history and the CSV."""
    store = ProgressStore(tmp_path / "class.sqlite")
    store.open_lesson("5_iUcJoDfPmAncMV8QerdA", "lessons/00_welcome.ipynb", at(1))
    store.open_lesson("dee-key", "lessons/01_the_deck.ipynb", at(1))
    store.set_name("dee-key", "Dee", at(1))
    store.record("eve-key", Attempt("m1", "meld", ("meld.run",), "150", True, at(2), 2))
    data = class_data(tmp_path / "class.sqlite")
    assert data.learners == ["dee-key", "eve-key"]
    assert csv_rows(attempts_csv(data))[1][-4:] == ["150", "yes", "2", ""]
    d = opened(tmp_path / "class.sqlite", monkeypatch)
    assert [v for _, v in d.learner_pick.options] == ["dee-key", "eve-key"]
    d.learner_pick.value = "eve-key"
    assert "2 (after a hint)" in d.history_view.value and "Tries" in d.history_view.value


def test_a_folder_of_homes_is_one_class(tmp_path: Path) -> None:
    for who in ("alice", "bob"):
        Progress.load(tmp_path / who / ".pinochle_tutor" / "progress.sqlite", learner=who).record(
            "m1", "meld", ["meld.run"], "150", True
        )
    write_attempts(tmp_path / "cy" / "progress.json", [Attempt("m1", "meld", ("meld.run",), "1", False, at(1))])
    (tmp_path / "notes.json").write_text("{}")
    data = class_data(tmp_path)
    assert data.learners == ["alice", "bob", "cy"]
    assert any("notes.json" in p for p in data.problems)


def test_a_missing_or_broken_database_is_named(tmp_path: Path) -> None:
    assert class_data(tmp_path / "none.sqlite").problems == ("none.sqlite: no progress has been kept yet",)
    (tmp_path / "bad.sqlite").write_text("x" * 500)
    (problem,) = class_data(tmp_path / "bad.sqlite").problems
    assert "bad.sqlite is not a progress database" in problem and str(tmp_path) not in problem


@pytest.mark.parametrize(
    ("env", "typed", "right"),
    [({}, "", False), ({"PINOCHLE_TUTOR_TEACHER_SECRET": "short"}, "short", False),
     ({"PINOCHLE_TUTOR_TEACHER_SECRET": SECRET}, SECRET, True),
     ({"PINOCHLE_TUTOR_TEACHER_SECRET": SECRET}, SECRET + " ", False),
     ({"PINOCHLE_TUTOR_TEACHER_SECRET": SECRET}, None, False)],
)  # fmt: skip
def test_the_teachers_secret(env: dict[str, str], typed: object, right: bool) -> None:
    assert check_secret(typed, env) is right
    assert (teacher_secret(env) is not None) is (env.get("PINOCHLE_TUTOR_TEACHER_SECRET") == SECRET)


def test_charts_are_svg_with_escaped_labels() -> None:
    svg = bar_chart_svg([("<b>", 0.5, "1 of 2")], title="Accuracy")
    assert svg.startswith("<svg") and "&lt;b&gt;" in svg and "<b>" not in svg and "50%" in svg


# ---------------------------------------------------------------- the widget


def test_without_a_secret_on_the_server_the_dashboard_stays_shut(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PINOCHLE_TUTOR_TEACHER_SECRET", raising=False)
    d = TeacherDashboard(db)
    assert "no teacher's secret" in d.message.text
    client_click(d.open_button)
    assert not d.is_open and d.body.children == ()


def test_wrong_secrets_shut_the_page_and_nothing_of_the_class_is_sent(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PINOCHLE_TUTOR_TEACHER_SECRET", SECRET)
    d = TeacherDashboard(db)
    for n in range(MAX_TRIES):
        d.secret.value = f"guess {n}"
        client_click(d.open_button)
        assert "not the teacher's secret" in d.message.text and d.secret.value == ""
    assert "Ann" not in tree_states(d) and "meld.dix" not in tree_states(d)
    d.secret.value = SECRET
    client_click(d.open_button)
    assert not d.is_open and "Too many wrong tries" in d.message.text


def opened(db: Path, monkeypatch: pytest.MonkeyPatch) -> TeacherDashboard:
    monkeypatch.setenv("PINOCHLE_TUTOR_TEACHER_SECRET", SECRET)
    d = TeacherDashboard(db)
    d.secret.value = SECRET
    client_click(d.open_button)
    assert d.is_open
    return d


def test_the_open_dashboard_shows_the_class(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    d = opened(db, monkeypatch)
    assert "2 learner(s), 7 answer(s)" in d.summary.value
    table = d.class_table.value
    assert table.index("Ann") < table.index("bob") and "75%" in table and "33%" in table
    assert "The 9 of trump is the dix: 10 each." in d.weak.value
    assert "<svg" in d.rule_chart.value and "<svg" in d.activity_chart.value
    assert [v for _, v in d.learner_pick.options] == ["ann", "bob"]
    d.learner_pick.value = "bob"
    assert d.history_view.value.index("2026-03-03") < d.history_view.value.index("2026-03-02")
    link = re.search(r'base64,([^"]+)"', d.csv_link.value)
    assert link is not None and base64.b64decode(link.group(1)).decode() == attempts_csv(class_data(db))
    assert "pt-problems" in d.problems_view.value


def upload(d: TeacherDashboard, content: bytes, name: str = "mine.json") -> None:
    """The browser sends a chosen file (as ipywidgets' FileUpload does)."""
    client_update(d.upload, value=[{"name": name, "type": "application/json", "size": len(content),
                                    "content": memoryview(content), "last_modified": 0}])  # fmt: skip


def test_an_uploaded_progress_file_is_imported_once(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    d = opened(db, monkeypatch)
    doc = {"version": 1, "attempts": [Attempt("x", "trick", ("trick.follow",), "KS", True, at(4)).to_json(),
                                      {"bad": "attempt"}]}  # fmt: skip
    content = json.dumps(doc).encode()
    d.upload_learner.value = "bob"
    upload(d, content)
    client_click(d.upload_button)
    assert "Imported 1 answer(s) from mine.json into bob's record" in d.message.text
    assert "1 answer(s) could not be read" in d.message.text
    assert len(ProgressStore(db).attempts("bob")) == 4
    upload(d, content)
    client_click(d.upload_button)
    assert "imported before" in d.message.text and len(ProgressStore(db).attempts("bob")) == 4


@pytest.mark.parametrize(
    ("content", "words"),
    [(b"not json", "not valid JSON"), (b"[" * 100_000, "nested too deeply"), (b'{"x": 1}', "no list of attempts")],
)
def test_a_bad_upload_gets_a_message(
    db: Path, monkeypatch: pytest.MonkeyPatch, content: bytes, words: str
) -> None:
    d = opened(db, monkeypatch)
    d.upload_learner.value = "ann"
    upload(d, content)
    client_click(d.upload_button)
    assert words in d.message.text and len(ProgressStore(db).attempts("ann")) == 4


def test_a_learner_is_deleted_only_when_asked_twice(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    d = opened(db, monkeypatch)
    d.learner_pick.value = "bob"
    client_click(d.confirm_button)
    assert "first" in d.message.text and ProgressStore(db).learners() == ["ann", "bob"]
    client_click(d.delete_button)
    assert "cannot be undone" in d.message.text
    client_click(d.confirm_button)
    assert "bob and their answers are deleted" in d.message.text
    assert ProgressStore(db).learners() == ["ann"] and "bob" not in d.class_table.value


def test_class_data_of_plain_values() -> None:
    data = ClassData.of({"k": [Attempt("m", "meld", ("meld.run",), "1", True, at(1))]}, names={"k": "Kim"})
    assert data.learners == ["k"] and data.shown("k") == "Kim" and learner_rows(data)[0].name == "Kim"


def test_two_learners_with_one_name_are_told_apart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "class.sqlite"
    store = ProgressStore(db)
    for key in ("k" * 22, "z" * 22):
        store.record(key, Attempt("m1", "meld", ("meld.run",), "150", True, at(1)))
        store.set_name(key, "Ann", at(1))
    d = opened(db, monkeypatch)
    assert "Ann <span class=\"pt-key\">(kkkkkk…)</span>" in d.class_table.value
    assert "(zzzzzz…)" in d.class_table.value
    assert d.learner_pick.value == "k" * 22 and "2026-03-01" in d.history_view.value


def test_chart_labels_start_inside_the_chart_and_keep_their_first_letters() -> None:
    """A rule case's long statement is the label: it was drawn right-aligned beside its
    bar and lost its first letters ("s when the bidding is above what the...")."""
    label = "Pass when the bidding is already above what the hand is worth"
    svg = bar_chart_svg([(label, 0.5, "note"), ("Short", 1.0, "n")], title="Accuracy")
    xs = [float(x) for x in re.findall(r'<text x="([\d.]+)"', svg)]
    assert xs and min(xs) >= 0
    assert label[:50] in svg and "Short" in svg
    width = int(re.search(r'<svg[^>]* width="(\d+)"', svg).group(1))  # type: ignore[union-attr]
    assert width > 7 * 60  # room for the longest label shown (60 characters at 13 px)


# ------------------------------------------------ times, rule sets, hands and checks


def test_times_are_shown_in_the_sites_zone_and_each_heading_names_it(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kept in UTC, shown in the zone the site names (10:00 UTC is 04:00 in Chicago in
    March); no heading says UTC unless that is the zone."""
    monkeypatch.setenv("PINOCHLE_TUTOR_TIMEZONE", "America/Chicago")
    d = opened(db, monkeypatch)
    assert "last activity 2026-03-03 04:00 (America/Chicago time)" in d.summary.value
    assert "Last seen (America/Chicago time)" in d.class_table.value
    assert "2026-03-02 04:01" in d.class_table.value and "T10:01" not in d.class_table.value
    d.learner_pick.value = "bob"
    assert "When (America/Chicago time)" in d.history_view.value
    assert "2026-03-03 04:00" in d.history_view.value
    for shown in (d.summary.value, d.class_table.value, d.history_view.value):
        assert "UTC" not in shown
    monkeypatch.setenv("PINOCHLE_TUTOR_TIMEZONE", "UTC")
    client_click(d.refresh_button)
    assert "Last seen (UTC)" in d.class_table.value and "2026-03-02 10:01" in d.class_table.value


def test_a_day_is_the_local_day_and_a_bad_zone_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pinochle_tutor.classroom.times import site_zone

    late = ClassData.of({"k": [Attempt("m", "meld", ("meld.run",), "1", True, "2026-03-01T23:30:00Z")]})
    assert [d.day for d in activity_by_day(late, site_zone({"PINOCHLE_TUTOR_TIMEZONE": "Asia/Tokyo"}))] == [
        "2026-03-02"
    ]
    assert [d.day for d in activity_by_day(late, site_zone({"PINOCHLE_TUTOR_TIMEZONE": "UTC"}))] == [
        "2026-03-01"
    ]
    monkeypatch.setenv("PINOCHLE_TUTOR_TIMEZONE", "Mars/Olympus")
    d = opened(tmp_path / "none.sqlite", monkeypatch)
    assert "Mars/Olympus&#x27; is not a time zone" in d.problems_view.value


def test_each_answer_is_stated_under_the_rules_it_was_answered_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A double-deck marriage is worth 2 (the classic 20): on a classic site the
    dashboard states each answer with its own rule set's numbers, and the two rule
    sets' answers are two rows of the weakest rule cases."""
    db = tmp_path / "class.sqlite"
    progress = Progress.load(db, learner="ann")
    for i in range(3):
        progress.record(f"d{i}", "meld", ["meld.marriage"], "2", False, rule_set="double_deck")
        progress.record(f"c{i}", "meld", ["meld.marriage"], "20", True, rule_set="classic")
    assert {a.rule_set for a in ProgressStore(db).attempts("ann")} == {"double_deck", "classic"}
    d = opened(db, monkeypatch)
    double = "K Q of a non-trump suit is a marriage: 2 each. (double-deck)"
    classic = "K Q of a non-trump suit is a marriage: 20 each."
    d.learner_pick.value = "ann"
    assert double in d.history_view.value and classic in d.history_view.value
    assert f"{double}</td><td>2</td>" in d.history_view.value
    assert f"{classic}</td><td>20</td>" in d.history_view.value
    assert double in d.weak.value and classic in d.weak.value
    rows = {(r.rule, r.rule_set): r.accuracy for r in rule_rows(class_data(db), "classic")}
    assert rows == {("meld.marriage", "classic"): 1.0, ("meld.marriage", "double_deck"): 0.0}
    assert "2 each. (double-deck)" in d.rule_chart.value


def test_the_rule_set_travels_with_an_answer_in_files_and_imports(tmp_path: Path) -> None:
    a = Attempt("d1", "meld", ("meld.marriage",), "2", True, at(1), rule_set="double_deck")
    assert Attempt.from_json(a.to_json()) == a
    assert "rule_set" not in Attempt("c", "meld", (), "1", True, at(1)).to_json()
    store = ProgressStore(tmp_path / "class.sqlite")
    store.import_attempts("ann", [a], "upload:x")
    assert store.attempts("ann") == [a]
    assert csv_rows(attempts_csv(class_data(tmp_path / "class.sqlite")))[1][-1] == "double_deck"


def test_the_class_table_counts_lesson_checks_and_hands_played(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = ProgressStore(db)
    store.record("bob", Attempt("check:04_meld.ipynb", "check", (), "20", True, at(4), 2))
    for n, won in enumerate((True, False, True), 1):
        store.record("bob", Attempt(f"hand:7:{n}", "hand", (), f"Hand {n}: Us bid 250 and made.",
                                    won, at(4, n), rule_set="classic"))  # fmt: skip
    d = opened(db, monkeypatch)
    assert "2 learner(s), 7 answer(s), 1 lesson check(s), 3 hand(s) played" in d.summary.value
    table = d.class_table.value
    assert "<th>Lesson checks</th><th>Hands played</th>" in table and "<td>3 (2 won)</td>" in table
    bob = next(r for r in learner_rows(class_data(db)) if r.learner == "bob")
    assert (bob.attempts, bob.checks, bob.hands, bob.hands_won) == (3, 1, 3, 2)
    d.learner_pick.value = "bob"
    history = d.history_view.value
    assert "hand played" in history and "lesson check" in history and "<td>lost</td>" in history


def test_times_follow_the_zone_the_teachers_browser_reports(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The browser part sends the browser's zone: the times are drawn again in it, and
    the headings say they are the reader's own; a name that is no zone is refused with
    a message and changes nothing."""
    monkeypatch.setenv("PINOCHLE_TUTOR_TIMEZONE", "America/Chicago")
    d = opened(db, monkeypatch)
    client_update(d.browser_zone, zone="Asia/Tokyo")  # 10:01 UTC is 19:01 in Tokyo
    assert "Last seen (your time, Asia/Tokyo)" in d.class_table.value
    assert "2026-03-02 19:01" in d.class_table.value
    assert "(your time, Asia/Tokyo)" in d.summary.value
    client_click(d.refresh_button)
    assert "Last seen (your time, Asia/Tokyo)" in d.class_table.value
    client_update(d.browser_zone, zone="Not/AZone")
    assert "cannot be used" in d.message.text and "your time, Asia/Tokyo" in d.message.text
    assert "Last seen (your time, Asia/Tokyo)" in d.class_table.value


# ------------------------------------------------- issue 30: the teacher's words


def test_pages_opened_by_unnamed_browsers_are_counted_not_denied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A browser that opened two lessons with no name and no answer is not a learner to
    list, but the dashboard no longer says nobody opened a page: it says no learner
    answered or gave a name, and how many pages were opened by browsers with no name."""
    db = tmp_path / "class.sqlite"
    store = ProgressStore(db)
    store.open_lesson("anon-key", "lessons/04_meld.ipynb", at(1))
    store.open_lesson("anon-key", "lessons/05_trick_rules.ipynb", at(1, 5))
    store.open_lesson("anon-key", "lessons/05_trick_rules.ipynb", at(2))  # the same page again
    data = class_data(db)
    assert data.learners == [] and (data.unnamed_pages, data.unnamed_browsers) == (2, 1)
    d = opened(db, monkeypatch)
    words = d.class_table.value + d.summary.value
    assert "opened a page" not in words
    assert "No learner has answered a question or given a name yet." in d.class_table.value
    assert "2 page(s) opened by 1 browser(s) with no name" in d.summary.value
    store.record("eve-key", Attempt("m1", "meld", ("meld.run",), "150", True, at(3)))
    client_click(d.refresh_button)
    assert "<table" in d.class_table.value and "2 page(s) opened by 1 browser(s)" in d.summary.value


def test_a_check_counts_right_in_the_rule_accuracy_only_on_its_first_answer() -> None:
    """A lesson check is answered until right, so it is kept as right with its tries: in
    the per-rule accuracy (the chart, the weakest rule cases, "Learners below half") it
    counts right only when the first answer was right; a hand played has no rule case."""
    data = ClassData.of({
        "ann": [Attempt("check:06_scoring.ipynb", "check", ("score.made",), "+340", True, at(1), 3),
                Attempt("check:06_scoring.ipynb", "check", ("score.made",), "+340", True, at(2), 1),
                Attempt("check:06_scoring.ipynb", "check", ("score.made",), "+340", True, at(3), 2)],
        "bob": [Attempt("s1", "score", ("score.made",), "+340", True, at(1), 2),
                Attempt("hand:7:1", "hand", (), "Hand 1", True, at(1))],
    })  # fmt: skip
    (row,) = rule_rows(data)
    assert (row.rule, row.attempts, row.right, row.learners, row.struggling) == ("score.made", 4, 2, 2, 1)
    assert weakest_rules(data, min_attempts=1)[0].accuracy == 0.5


def test_kinds_are_named_as_the_quiz_names_them_and_a_hand_has_no_tries(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The class table's and the history's kinds are the quiz runner's names for them
    (one table, :data:`KIND_TITLES`), a hand played shows "-" for its tries, and the
    activity chart says it counts answers, lesson checks and hands played."""
    from pinochle_tutor.course.quiz.vocabulary import KIND_TITLES, QuizKind

    store = ProgressStore(db)
    store.record("bob", Attempt("t1", "trick", ("trick.follow",), "KS", True, at(4)))
    store.record("bob", Attempt("hand:7:1", "hand", (), "Hand 1", True, at(4, 1), rule_set="classic"))
    d = opened(db, monkeypatch)
    table = d.class_table.value
    assert f"<th>{KIND_TITLES[QuizKind.MELD]}: right</th>" in table
    assert "<th>Trick rules: right</th>" in table and "meld right" not in table
    d.learner_pick.value = "bob"
    cells = re.findall(r"<tr>(.*?)</tr>", d.history_view.value)
    hand = next(c for c in cells if "hand played" in c)
    trick = next(c for c in cells if "Trick rules" in c)
    assert hand.endswith("<td>-</td>") and trick.endswith("<td>1</td>")
    assert "<td>trick</td>" not in d.history_view.value and "<td>meld</td>" not in d.history_view.value
    chart = d.activity_chart.value
    assert "Answers per day" not in chart and " answers<" not in chart
    assert "answers, lesson checks and hands played per day" in chart and " entries<" in chart
