"""A record handed to a learner (issue 44, item 4): a bare learner key is a guest's, so
the record kept under a key from before the site signed keys is given back by the
teacher, who hands it to the learner's signed key (:meth:`ProgressStore.hand_over`).

On a SQLite file and on a real PostgreSQL server (tests/postgres_server.py): the whole
record moves in one transaction, the old key is forgotten, handing it again moves
nothing, two hand-overs of one record at once move it once; and the teacher's
dashboard (headless) asks twice, says what moved in words, and refuses what it cannot
do, quoting it, whatever a client sets or presses.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from pinochle_tutor.classroom.attempts import Attempt
from pinochle_tutor.classroom.database import StoreError
from pinochle_tutor.classroom.store import HandOver, ProgressStore
from pinochle_tutor.classroom.tables import TableStore
from pinochle_widgets.dashboard import TeacherDashboard
from tests.widget_client import client_click, client_update

OLD, NEW, OTHER = "L" * 11 + "e" * 11, "n" * 22, "o" * 22
SECRET = "correct horse battery"


def at(minute: int) -> str:
    return f"2026-03-01T10:{minute:02d}:00Z"


def answer(n: int, minute: int) -> Attempt:
    return Attempt(f"m{n}", "meld", ("meld.run",), str(n), True, at(minute))


@pytest.fixture(params=["sqlite", "postgresql"])
def location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database: a SQLite file's path, or the URL of a PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "class.sqlite")
    return str(request.getfixturevalue("postgres_url"))


def lees_old_record(store: ProgressStore) -> None:
    """Lee's record under the old key; the learner's new key has one answer and a
    preference of its own."""
    store.set_name(OLD, "Lee", at(0))
    store.record(OLD, answer(1, 1), key="old-answer-1")
    store.record(OLD, answer(2, 2))
    store.open_lesson(OLD, "lessons/04_meld.ipynb", at(3))
    store.set_preference(OLD, "four_colour", "on", at(3))
    store.keep_place(OLD, "practice/01.ipynb#0", '{"index": 2}', at(3))
    store.import_attempts(OLD, [answer(3, 4)], "upload:abc")
    store.record(NEW, answer(4, 5))
    store.set_preference(NEW, "four_colour", "off", at(5))


def test_the_whole_record_moves_once_and_the_old_key_is_forgotten(location: str) -> None:
    store = ProgressStore(location)
    lees_old_record(store)
    table = TableStore(store).open_table(OLD, "Lee", rule_set="classic", players=4, level="easy",
                                         hints=True, away_wait=60, seed=1)  # fmt: skip
    done = store.hand_over(OLD, NEW, at(9))
    assert done == HandOver(True, attempts=3, lessons=1, name="Lee", name_taken=True)
    assert [a.item_id for a in store.attempts(NEW)] == ["m1", "m2", "m3", "m4"], "in the order given"
    assert store.name_of(NEW) == "Lee" and [v.page for v in store.lessons(NEW)] == ["lessons/04_meld.ipynb"]
    assert store.preference(NEW, "four_colour") == "off", "the learner's own choice stands"
    assert store.place(NEW, "practice/01.ipynb#0") == '{"index": 2}'
    assert store.import_attempts(NEW, [answer(3, 4)], "upload:abc") == 0, "the import went with it"
    store.record(NEW, answer(1, 1), key="old-answer-1")  # a retried write of a moved answer
    assert len(store.attempts(NEW)) == 4, "its idempotency key went with it"
    seats = TableStore(store).table(table.code).seats
    assert [s.learner for s in seats] == [NEW] and TableStore(store).table(table.code).opener == NEW
    assert OLD not in store.learners() and store.attempts(OLD) == [] and store.lessons(OLD) == []
    assert store.name_of(OLD) == "" and store.preference(OLD, "four_colour") is None
    # Again (a second press, a retry): nothing left to move, nothing changes.
    assert store.hand_over(OLD, NEW, at(10)) == HandOver(False)
    assert len(store.attempts(NEW)) == 4 and OLD not in store.learners()


def test_a_learner_who_gave_a_name_keeps_it(location: str) -> None:
    store = ProgressStore(location)
    lees_old_record(store)
    store.set_name(NEW, "Leo", at(6))
    done = store.hand_over(OLD, NEW, at(9))
    assert (done.name, done.name_taken) == ("Lee", False) and store.name_of(NEW) == "Leo"


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [(OLD, OLD, "is the record itself"), ("", NEW, "must be some text"), (OLD, "x" * 81, "at most 80")],
)
def test_what_cannot_be_handed_over_is_refused_in_words(
    tmp_path: Path, old: str, new: str, words: str
) -> None:
    store = ProgressStore(tmp_path / "class.sqlite")
    lees_old_record(store)
    with pytest.raises(StoreError, match=words):
        store.hand_over(old, new, at(9))
    assert len(store.attempts(OLD)) == 3, "nothing moved"


def test_two_hand_overs_of_one_record_at_once_move_it_once(location: str) -> None:
    """Two teachers press at the same moment, to two learners: one transaction wins,
    the other finds nothing left; no answer is lost or kept twice."""
    store = ProgressStore(location)
    lees_old_record(store)
    store.record(OTHER, answer(5, 6))
    results: list[HandOver] = []
    start = threading.Barrier(2)

    def hand(to: str) -> None:
        start.wait()
        results.append(ProgressStore(location).hand_over(OLD, to, at(9)))

    threads = [threading.Thread(target=hand, args=(to,)) for to in (NEW, OTHER)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(r.found for r in results) == [False, True], results
    assert len(store.attempts(NEW)) + len(store.attempts(OTHER)) == 3 + 1 + 1
    assert store.attempts(OLD) == [] and OLD not in store.learners()


# ------------------------------------------------------------ the dashboard, headless


def opened(db: Path, monkeypatch: pytest.MonkeyPatch) -> TeacherDashboard:
    monkeypatch.setenv("PINOCHLE_TUTOR_TEACHER_SECRET", SECRET)
    d = TeacherDashboard(db)
    d.secret.value = SECRET
    client_click(d.open_button)
    assert d.is_open
    return d


def pick(d: TeacherDashboard, old: str, new: str) -> None:
    """The browser picks the two records (by index, as a dropdown sends it)."""
    keys = [k for _, k in d.handover_from.options]
    client_update(d.handover_from, index=keys.index(old))
    client_update(d.handover_to, index=keys.index(new))


@pytest.fixture
def class_db(tmp_path: Path) -> Path:
    db = tmp_path / "class.sqlite"
    store = ProgressStore(db)
    lees_old_record(store)
    store.record("guest", answer(9, 9))  # the answers of pages that knew nobody
    return db


def test_the_teacher_gives_a_record_to_its_learner_when_asked_twice(
    class_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    d = opened(class_db, monkeypatch)
    labels = [label for label, _ in d.handover_from.options]
    assert any(label.startswith(f"Lee ({OLD[:6]}…), 3 answer(s), last seen ") for label in labels), labels
    assert any(label.startswith(f"no name ({NEW[:6]}…), 1 answer(s)") for label in labels), labels
    assert "guest" not in [k for _, k in d.handover_from.options], "the guests' answers are no one's"
    pick(d, OLD, NEW)
    client_click(d.handover_confirm)  # a client presses the hidden button first
    assert "first" in d.message.text and len(ProgressStore(class_db).attempts(OLD)) == 3
    client_click(d.handover_button)
    assert f"Give 'Lee ({OLD[:6]}…)" in d.message.text and "Yes, give it" in d.message.text
    assert d.handover_confirm.layout.display == ""
    client_update(d.handover_to, index=0)  # the pick changes after the question: asked again
    assert d.handover_confirm.layout.display == "none"
    pick(d, OLD, NEW)
    client_click(d.handover_confirm)
    assert "first" in d.message.text and len(ProgressStore(class_db).attempts(OLD)) == 3
    client_click(d.handover_button)
    client_click(d.handover_confirm)
    assert d.message.text == (
        f"The record of Lee now belongs to the learner {NEW[:6]}…: 3 answer(s) and 1 lesson(s) opened moved. "
        "They are called Lee now."
    ), d.message.text
    assert len(ProgressStore(class_db).attempts(NEW)) == 4 and ProgressStore(class_db).name_of(NEW) == "Lee"
    assert OLD not in [k for _, k in d.handover_from.options] and "Lee" in d.class_table.value
    assert d.handover_confirm.layout.display == "none"


def test_a_record_handed_over_meanwhile_moves_nothing_more(
    class_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another teacher's page gave it away after this one read the class."""
    d = opened(class_db, monkeypatch)
    pick(d, OLD, NEW)
    client_click(d.handover_button)
    ProgressStore(class_db).hand_over(OLD, OTHER, "2026-03-02T10:00:00Z")
    client_click(d.handover_confirm)
    assert d.message.text == "The record of Lee was given to its learner already: nothing more to move."
    assert len(ProgressStore(class_db).attempts(NEW)) == 1 and len(ProgressStore(class_db).attempts(OTHER)) == 3


@pytest.mark.parametrize(
    ("send", "words"),
    [
        ({"index": 99}, "The record of cannot take 99; it keeps"),
        ({"index": -1}, "The record of cannot take -1; it keeps"),
        ({"index": "x"}, "The record of cannot take 'x'; it keeps"),
        ({"index": None}, "Pick the old record and the learner to give it to."),
    ],
)
def test_whatever_a_client_sends_the_hand_over_answers_in_words(
    class_db: Path, monkeypatch: pytest.MonkeyPatch, send: dict[str, object], words: str
) -> None:
    d = opened(class_db, monkeypatch)
    client_update(d.handover_from, **send)
    if send["index"] is None:
        client_click(d.handover_button)
    assert words in d.message.text, d.message.text
    client_click(d.handover_button)
    client_click(d.handover_confirm)
    assert len(ProgressStore(class_db).attempts(OLD)) == 3, "nothing moved"


def test_one_record_picked_twice_or_not_listed_is_refused_quoting_it(
    class_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    d = opened(class_db, monkeypatch)
    pick(d, OLD, OLD)
    client_click(d.handover_button)
    assert f"'Lee ({OLD[:6]}…), 3 answer(s)" in d.message.text and "picked in both lists" in d.message.text
    assert d.handover_confirm.layout.display == "none"
    pick(d, OLD, NEW)
    ProgressStore(class_db).delete_learner(NEW)
    d.refresh()  # NEW is no longer listed; the page's own pick moved on with the list
    d.handover_to.options = [*d.handover_to.options, ("stale", NEW)]  # as a page read before
    d.handover_to.value = NEW
    client_click(d.handover_button)
    assert f"'{NEW}' is not a learner listed here: press Refresh" in d.message.text, d.message.text


def test_a_folder_of_homes_cannot_give_records(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ProgressStore(tmp_path / "ann" / "progress.sqlite").record(OLD, answer(1, 1))
    ProgressStore(tmp_path / "bob" / "progress.sqlite").record(NEW, answer(2, 2))
    d = opened(tmp_path, monkeypatch)
    pick(d, OLD, NEW)
    client_click(d.handover_button)
    client_click(d.handover_confirm)
    assert "need the site's database" in d.message.text
