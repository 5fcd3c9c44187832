"""Lesson 12's lobby (``ClassmatesTable``) against a client that sends what it likes
(issue 44, item 5): any value for any trait of any of its widgets, from the page's first
moment, and a press of any of its buttons, shown or hidden, in every stage (the lobby,
the waiting room, the game, a page that cannot seat anyone). Each gets words that name
what was wrong or say what to do; no exception leaves a widget, and nothing is logged as
an unexpected error (which would show the learner only "something went wrong").

Each state is set as a comm ``update`` sets it (``widget.set_state``, which raises when a
trait refuses the value, and :func:`~tests.widget_client.client_update`, the whole
message), each press as a comm click (:func:`~tests.widget_client.client_click`)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from pinochle_tutor.classroom.store import ProgressStore
from pinochle_tutor.classroom.tables import TableState, TableStore
from pinochle_tutor.rules import rules_named
from pinochle_widgets._base import FRIENDLY_ERROR
from pinochle_widgets.classmates import ClassmatesTable
from tests.widget_client import client_click, client_update, tree

KEYS = ("a" * 22, "b" * 22)


@pytest.fixture
def tables(tmp_path: Path) -> TableStore:
    return TableStore(ProgressStore(tmp_path / "class.sqlite"))


@pytest.fixture
def page(tables: TableStore) -> Iterator[ClassmatesTable]:
    p = ClassmatesTable(rules_named("classic"), tables=tables, learner=KEYS[0], name="Ann", poll=60)
    try:
        yield p
    finally:
        p.close()


HOSTILE = [
    ("level", {"index": 99}, "99"),
    ("level", {"value": "strong'; --"}, "strong'; --"),
    ("hints", {"value": "yes"}, "'yes'"),
    ("code_box", {"value": 12345}, "12345"),
]
"""The four values found from outside (issue 44): the widget, the state, what the
words must quote."""


@pytest.mark.parametrize(("part", "state", "quoted"), HOSTILE)
def test_the_lobby_answers_a_hostile_value_in_words_from_its_first_moment(
    page: ClassmatesTable, part: str, state: dict[str, Any], quoted: str
) -> None:
    """Straight after construction (no click, no redraw), each box refuses the value,
    names itself and the value, and keeps what it had."""
    box = getattr(page, part)
    before = box.get_state()
    box.set_state(state)  # as a comm update calls it: must not raise
    said = page.message.text
    assert quoted in said, said
    assert box.description.rstrip(":") in said, said
    assert box.get_state() == before
    page.message.clear()
    client_update(box, **state)  # the whole comm message, through ipywidgets
    assert quoted in page.message.text


def test_the_waiting_room_and_the_game_answer_hostile_values_too(page: ClassmatesTable) -> None:
    """Widgets made after the first moment (the seats, the game) are guarded as they
    are shown."""
    client_click(page.open_button)
    assert page.code is not None
    for w in [*tree(page.room), *tree(page.lobby)]:
        if isinstance(w, widgets.HTML):
            page.message.clear()
            w.set_state({"value": 12345})
            assert "12345" in page.message.text
    client_click(page.start_button)
    assert page.game is not None
    page.game.message.clear()
    page.game.set_state({"children": "strong'; --"})
    assert "strong'; --" in page.game.message.text + page.message.text


def said(page: ClassmatesTable) -> str:
    """Every message of the page (the lobby's and the game's)."""
    game = page.game.message.text if page.game is not None else ""
    return f"{page.message.text}|{game}"


def errors_logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.levelno >= logging.WARNING and (r.exc_info or "Exception in" in r.getMessage())
    ]


def test_start_pressed_in_the_lobby_says_what_to_do(
    page: ClassmatesTable, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    client_click(page.start_button)
    assert page.message.text != FRIENDLY_ERROR
    assert "Open a table" in page.message.text and "join" in page.message.text
    assert errors_logged(caplog) == []


def test_leave_pressed_in_the_lobby_does_not_say_you_left_a_table(
    page: ClassmatesTable, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    client_click(page.leave_button)
    assert "You left the table" not in page.message.text
    assert "not at a table" in page.message.text
    assert errors_logged(caplog) == []


def test_a_seat_button_of_a_room_left_says_what_to_do(
    page: ClassmatesTable, tables: TableStore, caplog: pytest.LogCaptureFixture
) -> None:
    """The Sit buttons of a waiting room the learner left stay in the kernel: pressed
    from the lobby they sit no one."""
    caplog.set_level(logging.INFO)
    client_click(page.open_button)
    sit = [b for b in tree(page.seat_list) if isinstance(b, widgets.Button)]
    assert sit
    client_click(page.leave_button)
    client_click(sit[0])
    assert page.message.text != FRIENDLY_ERROR and "not at a table" in page.message.text
    assert tables.seated(KEYS[0]) == []
    assert errors_logged(caplog) == []


def test_open_and_join_pressed_at_a_table_leave_the_learner_where_they_sit(
    page: ClassmatesTable, tables: TableStore, caplog: pytest.LogCaptureFixture
) -> None:
    """The lobby's buttons are hidden in the waiting room; pressed anyway they would seat
    the learner at a second table and leave a ghost at the first."""
    caplog.set_level(logging.INFO)
    client_click(page.open_button)
    code = page.code
    assert code is not None
    other = tables.open_table(KEYS[1], "Bob", rule_set="classic", players=4, level="beginner",
                              hints=True, away_wait=60, seed=5)  # fmt: skip
    client_click(page.open_button)
    assert f"You sit at table {code}" in page.message.text
    page.code_box.value = other.code
    client_click(page.join_button)
    assert f"You sit at table {code}" in page.message.text
    assert [t.code for t in tables.seated(KEYS[0])] == [code] and page.code == code
    client_click(page.start_button)
    assert page.game is not None
    for b in (page.open_button, page.join_button, page.leave_button, page.start_button):
        client_click(b)
        assert page.game is not None and page.code == code
        assert f"table {code}" in said(page), (b.description, said(page))
    assert tables.table(code).state is TableState.PLAYING
    assert errors_logged(caplog) == []


def buttons(*roots: widgets.Widget) -> list[widgets.Button]:
    """Every button below ``roots``, once each."""
    found: dict[str, widgets.Button] = {}
    for root in roots:
        for w in tree(root):
            if isinstance(w, widgets.Button) and w.comm is not None:
                found.setdefault(w.model_id, w)
    return list(found.values())


def press_all(page: ClassmatesTable, caplog: pytest.LogCaptureFixture, stage: str,
              skip: tuple[str, ...] = ()) -> None:  # fmt: skip
    """Press every button the page's kernel holds (shown, hidden or of another stage):
    each press gets words and nothing unexpected."""
    roots = [page, page.lobby, page.room] + ([page.game] if page.game is not None else [])
    for b in buttons(*roots):
        if any(c in skip for c in b._dom_classes):
            continue
        caplog.clear()
        page.message.clear()
        if page.game is not None:
            page.game.message.clear()
        client_click(b)
        where = f"{stage}: {b.description!r} {b._dom_classes}"
        assert FRIENDLY_ERROR not in said(page), where
        assert errors_logged(caplog) == [], where
        assert said(page).strip("|"), f"{where}: no words"


def test_every_button_in_every_stage_answers_in_words(
    tables: TableStore, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The generic walk: the unavailable page, the lobby, the waiting room (the opener's
    and a classmate's), the game. Buttons that change the stage (Open, Join, Leave,
    Start) are pressed where they do not apply; the game's own buttons are pressed in
    the game (its refusals are the game table's words)."""
    caplog.set_level(logging.INFO)
    # A site without a class database (never this machine's own progress file).
    monkeypatch.setattr("pinochle_widgets.classmates.class_store", lambda: None)
    guest = ClassmatesTable("classic", tables=tables, learner="", poll=60)
    closed = ClassmatesTable("classic", tables=None, learner=KEYS[0], poll=60)
    try:
        assert closed._tables is None
        for p in (guest, closed):
            press_all(p, caplog, "unavailable")
    finally:
        guest.close()
        closed.close()
    ann = ClassmatesTable("classic", tables=tables, learner=KEYS[0], name="Ann", poll=60)
    bob = ClassmatesTable("classic", tables=tables, learner=KEYS[1], name="Bob", poll=60)
    try:
        press_all(ann, caplog, "lobby", skip=("pt-open-table", "pt-join-listed"))
        client_click(ann.open_button)
        assert ann.code is not None
        bob.code_box.value = ann.code
        client_click(bob.join_button)
        press_all(bob, caplog, "room (classmate)", skip=("pt-leave", "pt-take-seat"))
        press_all(ann, caplog, "room (opener)", skip=("pt-leave", "pt-start", "pt-take-seat"))
        client_click(ann.start_button)
        assert ann.game is not None
        press_all(ann, caplog, "game")
    finally:
        ann.close()
        bob.close()


def test_leave_pressed_as_the_game_starts_keeps_the_seat_and_shows_the_game(
    tables: TableStore, caplog: pytest.LogCaptureFixture
) -> None:
    """The opener starts while a classmate's page still shows the waiting room (its
    watch reads the table once a second): Leave then does not put them in the lobby
    with a game running for their seat; the page shows the game and says so."""
    caplog.set_level(logging.INFO)
    ann = ClassmatesTable("classic", tables=tables, learner=KEYS[0], name="Ann", poll=60)
    bob = ClassmatesTable("classic", tables=tables, learner=KEYS[1], name="Bob", poll=60)
    try:
        client_click(ann.open_button)
        code = ann.code
        assert code is not None
        bob.code_box.value = code
        client_click(bob.join_button)
        tables.start(code, KEYS[0])  # from the opener's page, a moment ago
        client_click(bob.leave_button)
        assert bob.game is not None and bob.code == code
        assert f"The game at table {code} is on" in said(bob)
        assert tables.table(code).seat_of(KEYS[1]) is not None
        assert errors_logged(caplog) == []
    finally:
        ann.close()
        bob.close()
