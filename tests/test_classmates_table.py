"""Classmates at one table, headless: the table store's refusals, four learners' pages
(four widgets, as four kernels would hold them) sharing one class database, a whole
hand with every seat acting in its own page, only one's own hidden cards in each page's
synced state, a computer player for an empty seat and for a learner away too long, the
seat kept for a learner who comes back, and a three-handed table of three."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from pinochle_tutor.bots.levels import make_player
from pinochle_tutor.classroom.store import ProgressStore
from pinochle_tutor.classroom.tables import (
    NoSuchTableError,
    NotTheOpenerError,
    SeatTakenError,
    TableCodeError,
    TableFullError,
    TableStartedError,
    TableState,
    TableStore,
)
from pinochle_tutor.course.table.session import hand_item_id
from pinochle_tutor.course.table.shared import HEARTBEAT, SharedSession, TableMovedOnError
from pinochle_tutor.game import OutOfTurnError
from pinochle_tutor.rules import rules_named
from pinochle_widgets.classmates import ClassmatesTable, SharedGameTable
from tests.test_game_table import hidden_only
from tests.widget_client import tree_states

KEYS = [c * 22 for c in "abcd"]
NAMES = ["Ann", "Bob", "Cy", "Di"]


@pytest.fixture
def tables(tmp_path: Path) -> TableStore:
    return TableStore(ProgressStore(tmp_path / "class.sqlite"))


def opened(tables: TableStore, players: int = 4, away: int = 60, **kw: Any) -> Any:
    rules = "classic" if players == 4 else "three_handed"
    return tables.open_table(KEYS[0], "Ann", rule_set=rules_named(rules).name, players=players,
                             level="beginner", hints=True, away_wait=away, seed=7, **kw)  # fmt: skip


# ------------------------------------------------------------------ store refusals
def test_a_code_that_is_none_no_table_a_full_table_a_taken_seat_and_a_started_game(
    tables: TableStore,
) -> None:
    t = opened(tables)
    with pytest.raises(TableCodeError, match="\u201cK7Q\u201d is not a table code"):
        tables.table("K7Q")
    with pytest.raises(TableCodeError, match="Type the table code first"):
        tables.table("  ")
    with pytest.raises(TableCodeError, match="Type the table code first"):
        tables.table(None)
    with pytest.raises(NoSuchTableError, match="no table with the code ZZZZZZ"):
        tables.table("zzz-zzz")
    assert tables.table(t.code.lower()).code == t.code  # any case, as a learner types it
    with pytest.raises(SeatTakenError, match=r"South seat .* is taken by Ann"):
        tables.take_seat(t.code, KEYS[1], "Bob", 0)
    with pytest.raises(SeatTakenError, match="9 is not a seat"):
        tables.take_seat(t.code, KEYS[1], "Bob", 9)
    for i in (1, 2, 3):
        tables.take_seat(t.code, KEYS[i], NAMES[i], i)
    with pytest.raises(TableFullError, match=r"all 4 seats are taken\. Join another table"):
        tables.take_seat(t.code, "e" * 22, "Eve", 1)
    with pytest.raises(NotTheOpenerError):
        tables.start(t.code, KEYS[1])
    tables.start(t.code, KEYS[0])
    with pytest.raises(TableStartedError, match="has started without you"):
        tables.take_seat(t.code, "e" * 22, "Eve", 1)
    assert tables.take_seat(t.code, KEYS[2], "Cy", 3).seat_of(KEYS[2]) == 2  # kept, not moved
    assert [x.code for x in tables.open_tables()] == []  # started: no longer listed


def test_a_move_number_taken_first_is_refused_to_the_second_page(tables: TableStore) -> None:
    t = opened(tables)
    assert tables.add_move(t.code, 0, 1, 1, "pass", "")
    assert not tables.add_move(t.code, 0, 1, 1, "bid 250", KEYS[1])
    assert [m.action for m in tables.moves(t.code)] == ["pass"]


def test_an_idle_table_closes_and_the_opener_leaving_closes_an_open_table(
    tables: TableStore,
) -> None:
    t = opened(tables, now=1000.0)
    assert tables.close_idle(now=1000.0 + 30) == []
    assert tables.close_idle(now=1000.0 + 3600) == [t.code]
    assert tables.table(t.code).state is TableState.CLOSED
    with pytest.raises(NoSuchTableError, match=f"Table {t.code} has closed"):
        tables.take_seat(t.code.lower(), KEYS[1], "Bob", 1)  # an expired code: said plainly
    u = opened(tables)
    tables.take_seat(u.code, KEYS[1], "Bob", 1)
    tables.leave(u.code, KEYS[1])
    assert tables.table(u.code).seat_of(KEYS[1]) is None
    tables.leave(u.code, KEYS[0])
    assert tables.table(u.code).state is TableState.CLOSED


# ------------------------------------------------------------------ the game
def act(s: SharedSession, bot: Any) -> None:
    """The learner of ``s`` makes the move ``bot`` would make, through the session."""
    from pinochle_tutor.actions import Bid, Concede, Give, NameTrump, Play

    a = s.engine_hand.ask(bot)
    if isinstance(a, Bid):
        s.bid(a.amount)
    elif isinstance(a, NameTrump):
        s.name_trump(a.suit)
    elif isinstance(a, Give):
        s._give(s.view.phase, a.cards)
    elif isinstance(a, Concede):
        s.concede()
    else:
        assert isinstance(a, Play)
        s.play(a.card)


def play_hand(sessions: list[SharedSession], check: Any = None) -> int:
    bots = [make_player("beginner", seed=i) for i in range(len(sessions))]
    for steps in range(2000):
        if all(s.hand_over for s in sessions):
            return steps
        for s, bot in zip(sessions, bots, strict=True):
            s.sync()
            if s.is_my_turn:
                act(s, bot)
            if check is not None:
                check()
    raise AssertionError("the hand did not end")


def test_three_learners_and_a_computer_play_a_hand_and_every_page_sees_the_same_game(
    tables: TableStore,
) -> None:
    t = opened(tables)
    tables.take_seat(t.code, KEYS[1], "Bob", 1)
    tables.take_seat(t.code, KEYS[2], "Cy", 2)
    t = tables.start(t.code, KEYS[0])
    R = rules_named("classic")
    sessions = [SharedSession(tables, t, k, R) for k in KEYS[:3]]
    play_hand(sessions)
    assert len({tuple(s.scores) for s in sessions}) == 1
    histories = {tuple(s.engine_hand.history) for s in sessions}
    assert len(histories) == 1
    moves = tables.moves(t.code)
    by_seat = {m.seat: m.learner for m in moves}
    assert by_seat[3] == "" and by_seat[1] == KEYS[1]  # East was a computer's
    # Every learner's side is named from their own seat.
    assert sessions[1].seat_name(1) == "You" and sessions[0].seat_name(1) != "You"
    # A page opened after the moves replays them to the same place.
    late = SharedSession(tables, tables.table(t.code), KEYS[1], R)
    late.sync()
    assert late.hand_over and late.scores == sessions[0].scores


def test_an_action_out_of_turn_or_after_the_table_moved_on_is_refused(
    tables: TableStore,
) -> None:
    t = opened(tables)
    tables.take_seat(t.code, KEYS[1], "Bob", 1)
    t = tables.start(t.code, KEYS[0])
    R = rules_named("classic")
    ann, bob = (SharedSession(tables, t, k, R) for k in KEYS[:2])
    ann.sync(), bob.sync()
    first = ann if ann.is_my_turn else bob
    other = bob if first is ann else ann
    with pytest.raises(OutOfTurnError, match="turn, not yours"):
        other.bid(250)
    # The learner's other page acts first: this page's choice is refused, nothing written twice.
    twin = SharedSession(tables, tables.table(t.code), first.learner, R)
    twin.sync()
    twin.bid(None)
    with pytest.raises(TableMovedOnError, match="moved on"):
        first.bid(250)
    assert [m.action for m in tables.moves(t.code)] == ["pass"]


def test_a_learner_away_longer_than_the_wait_is_played_for_and_gets_the_seat_back(
    tables: TableStore,
) -> None:
    clock = [1000.0]
    t = opened(tables, away=60, now=clock[0])
    tables.take_seat(t.code, KEYS[1], "Bob", 1, now=clock[0])
    t = tables.start(t.code, KEYS[0])
    R = rules_named("classic")
    ann = SharedSession(tables, t, KEYS[0], R, now=lambda: clock[0])
    bob = SharedSession(tables, t, KEYS[1], R, now=lambda: clock[0])
    ann.sync(), bob.sync()
    # Bob closes his page; Ann's page goes on (its heartbeat every few seconds).
    for _ in range(40):
        if ann.engine_hand.to_act == 1:
            break
        clock[0] += 1
        ann.sync()
        if ann.is_my_turn:
            act(ann, make_player("beginner", seed=1))
    assert ann.engine_hand.to_act == 1
    before = len(tables.moves(t.code))
    clock[0] += 30
    ann.sync()
    assert len(tables.moves(t.code)) == before, "played for Bob before the wait was over"
    for _ in range(80):
        clock[0] += 1
        ann.sync()
        if len(tables.moves(t.code)) > before:
            break
    moved = tables.moves(t.code)[before]
    assert moved.seat == 1 and moved.learner == ""  # a computer's move for Bob
    assert "a computer player for Bob" in ann.seat_holder(1)
    # Bob comes back: a new page, the same seat, the game as it is.
    back = SharedSession(tables, tables.table(t.code), KEYS[1], R, now=lambda: clock[0])
    back.sync()
    assert back.human_seat == 1 and back.engine_hand.history == ann.engine_hand.history
    clock[0] += HEARTBEAT  # Ann's page reads the seats again within a heartbeat
    ann.sync()
    assert ann.seat_holder(1) == "Bob"


def test_a_three_handed_table_of_three_learners_plays_a_hand(tables: TableStore) -> None:
    t = opened(tables, players=3)
    tables.take_seat(t.code, KEYS[1], "Bob", 1)
    tables.take_seat(t.code, KEYS[2], "Cy", 2)
    t = tables.start(t.code, KEYS[0])
    R = rules_named("three_handed")
    sessions = [SharedSession(tables, t, k, R) for k in KEYS[:3]]
    play_hand(sessions)
    assert all(m.learner for m in tables.moves(t.code))  # no computer at a full table
    assert len({tuple(s.scores) for s in sessions}) == 1
    assert "Partner" not in " ".join(e.text for e in sessions[0].events)


# ------------------------------------------------------------------ the pages
def wait_for(test: Any, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "not within the time"
        time.sleep(0.05)


def test_four_pages_open_join_start_and_play_a_hand_each_seeing_only_its_own_cards(
    tables: TableStore,
) -> None:
    R = rules_named("classic")
    pages = [ClassmatesTable(R, tables=tables, learner=k, name=n, poll=0.05)
             for k, n in zip(KEYS, NAMES, strict=True)]  # fmt: skip
    try:
        pages[0].open_button.click()
        code = pages[0].code
        assert code and code in tree_states(pages[0])
        pages[1].code_box.value = code.lower()
        pages[1].join_button.click()
        pages[2].code_box.value = "nope"
        pages[2].join_button.click()
        assert "\u201cnope\u201d is not a table code" in pages[2].message.text
        pages[2].code_box.value = code
        pages[2].join_button.click()
        pages[3]._list_tables()
        listed = [b for b in _buttons(pages[3].listed) if code in b.description]
        listed[0].click()
        assert [p.code for p in pages] == [code] * 4
        pages[1].start_button.click()  # not the opener: the button is not even shown
        pages[0].start_button.click()
        wait_for(lambda: all(p.game is not None for p in pages))
        games = [p.game for p in pages]
        assert all(isinstance(g, SharedGameTable) for g in games)

        def no_hidden() -> None:
            for g in games:
                assert g is not None
                with g._lock:
                    state = tree_states(g)
                    own = g.session.view.hand
                    assert not own or any(c.text in state or c.name in state for c in own)
                    for c in hidden_only(g.session):
                        assert c.text not in state and c.name not in state, f"hidden {c.text}"

        sessions = [g._shared for g in games if g is not None]
        bots = [make_player("beginner", seed=i) for i in range(4)]
        checked_at = -1
        for _ in range(3000):
            if all(s.hand_over for s in sessions):
                break
            played = len(tables.moves(code))
            if played // 6 != checked_at:  # the deal, the exchange, and every few cards after
                checked_at = played // 6
                no_hidden()
            for g, s, bot in zip(games, sessions, bots, strict=True):
                assert g is not None
                with g._lock:
                    if s.is_my_turn:
                        act(s, bot)
                        g.refresh()
            time.sleep(0.01)
        wait_for(lambda: all(s.hand_over for s in sessions))
        assert checked_at >= 8  # checked all through the hand, not only at its end
        assert len({tuple(s.scores) for s in sessions}) == 1
        assert all(m.learner for m in tables.moves(code))  # every seat a learner's
    finally:
        for p in pages:
            p.close()


def test_the_static_site_says_the_tables_need_the_class_site(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In the browser's own Python (the static site) there is no class database to
    share: the page says so, and shows no lobby."""
    monkeypatch.setattr("sys.platform", "emscripten")
    page = ClassmatesTable("classic", learner="a" * 22)
    state = tree_states(page)
    assert "Tables with classmates need the class site" in state and "pt-open-table" not in state


def test_a_hub_without_the_school_database_says_tables_are_not_set_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "ann")
    monkeypatch.delenv("PINOCHLE_TUTOR_DATABASE_URL", raising=False)
    state = tree_states(ClassmatesTable("classic"))
    assert "Tables with classmates are not set up on this site" in state
    assert "pt-open-table" not in state and "PINOCHLE_TUTOR" not in state  # no setting named


def test_a_site_whose_database_cannot_be_opened_says_tables_are_not_set_up(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A Voila site (no Hub) whose progress database is not a database: the same words,
    none about a Hub."""
    bad = tmp_path / "progress.sqlite"
    bad.write_bytes(b"not a database at all" * 100)
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    monkeypatch.delenv("PINOCHLE_TUTOR_DATABASE_URL", raising=False)
    monkeypatch.setenv("PINOCHLE_TUTOR_PROGRESS", str(bad))
    state = tree_states(ClassmatesTable("classic", learner="a" * 22))
    assert "Tables with classmates are not set up on this site" in state
    assert "Hub" not in state and "pt-open-table" not in state
    assert bad.read_bytes() == b"not a database at all" * 100  # never written over


def test_a_guest_is_asked_for_a_name_first(tables: TableStore) -> None:
    page = ClassmatesTable("classic", tables=tables, learner="")
    assert "Give your name on the welcome page first" in tree_states(page)


def _buttons(box: Any) -> list[Any]:
    import ipywidgets as widgets

    found, todo = [], [box]
    while todo:
        w = todo.pop()
        if isinstance(w, widgets.Button):
            found.append(w)
        todo += list(getattr(w, "children", ()) or ())
    return found


def test_a_flood_of_clicks_out_of_turn_writes_nothing_and_the_others_play_on(
    tables: TableStore,
) -> None:
    """A page that presses its buttons hundreds of times out of turn gets the refusal in
    words each time; no move is written and the learner whose turn it is plays."""
    R = rules_named("classic")
    t = opened(tables)
    tables.take_seat(t.code, KEYS[1], "Bob", 1)
    t = tables.start(t.code, KEYS[0])
    ann, bob = (SharedSession(tables, t, k, R) for k in KEYS[:2])
    page = SharedGameTable(bob if ann.is_my_turn else ann, poll=60)
    try:
        waiting = page._shared
        mover = ann if waiting is bob else bob
        before = len(tables.moves(t.code))
        for _ in range(300):
            page.pass_button.click()
            page.bid_button.click()
        assert "not yours" in page.message.text
        assert len(tables.moves(t.code)) == before
        mover.pass_()
        assert len(tables.moves(t.code)) == before + 1
    finally:
        page.close()


def test_the_teacher_sees_the_open_tables_and_a_finished_result(tmp_path: Path) -> None:
    from pinochle_tutor.classroom.dashboard import table_rows

    db = tmp_path / "class.sqlite"
    tables = TableStore(ProgressStore(db))
    t = opened(tables)
    tables.take_seat(t.code, KEYS[1], "Bob", 1)
    (row,) = table_rows(db)
    assert row.code == t.code and row.state == "open" and row.moves == 0
    assert row.seats == "South Ann, West Bob, North and East computer players"
    tables.start(t.code, KEYS[0])
    tables.add_move(t.code, 0, 1, 1, "pass", KEYS[1])
    tables.finish(t.code, "Us won the game, 1520 to 870.")
    (row,) = table_rows(db)
    assert (row.state, row.moves, row.result) == ("closed", 1, "Us won the game, 1520 to 870.")
    assert table_rows(tmp_path / "nothing-here") == []


def test_hints_switched_off_at_a_table_are_refused_even_to_a_hidden_button(
    tables: TableStore,
) -> None:
    t = tables.open_table(KEYS[0], "Ann", rule_set="classic", players=4, level="beginner",
                          hints=False, away_wait=60, seed=3)  # fmt: skip
    t = tables.start(t.code, KEYS[0])
    session = SharedSession(tables, t, KEYS[0], rules_named("classic"))
    session.sync()
    page = SharedGameTable(session, poll=60)
    try:
        while not session.is_my_turn:
            session.sync()
        page.hint_button.click()
        assert page.message.text == "Hints are switched off for this game."
        with pytest.raises(OutOfTurnError, match="Hints are switched off"):
            session.hint()
    finally:
        page.close()



# ------------------------------------------------------------------ the teacher's read
def test_a_game_played_to_its_end_keeps_its_result_by_seat_and_name_and_leads_back(
    tables: TableStore,
) -> None:
    """A game to a low target ends after its first hand: the table closes with the
    result by seat and name (not "your side", which is one page's view), the page
    shows "Back to the tables", and it leads to the lobby, where a new table opens."""
    import dataclasses

    R = dataclasses.replace(rules_named("classic"), target=100)
    pages = [ClassmatesTable(R, tables=tables, learner=k, name=n, poll=0.05)
             for k, n in zip(KEYS[:2], NAMES[:2], strict=True)]  # fmt: skip
    try:
        pages[0].open_button.click()
        code = pages[0].code
        assert code is not None
        pages[1].code_box.value = code
        pages[1].join_button.click()
        pages[0].start_button.click()
        game = pages[0].game
        assert game is not None
        back = game.back_button
        assert back.layout.display == "none"
        back.click()  # a client pressing the hidden button mid-game
        assert "still on" in pages[0].message.text or "still on" in game.message.text
        sessions = [game._shared]
        deadline = time.monotonic() + 30
        while pages[1].game is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert pages[1].game is not None
        sessions.append(pages[1].game._shared)
        for p in pages:
            assert p.game is not None
            p.game.close()  # the test drives the sessions itself from here
        bots = [make_player("beginner", seed=i) for i in range(2)]
        for _ in range(3000):
            if all(s.is_over for s in sessions):
                break
            for s, bot in zip(sessions, bots, strict=True):
                s.sync()
                if s.is_my_turn:
                    act(s, bot)
                elif s.hand_over and not s.is_over:
                    s.next_hand()
        assert all(s.is_over for s in sessions)
        table = tables.table(code)
        assert table.state is TableState.CLOSED
        winner = sessions[0].winner
        assert winner is not None
        partners = {0: "South and North (Ann, a computer player)", 1: "West and East (Bob, a computer player)"}
        assert table.result.startswith(f"{partners[winner]} won with {sessions[0].scores[winner]}; ")
        assert table.result.endswith(f"{partners[1 - winner]} had {sessions[0].scores[1 - winner]}.")
        assert "your side" not in table.result.lower()
        game.refresh()
        assert back.layout.display != "none"
        back.click()
        assert pages[0].game is None and pages[0].code is None
        assert pages[0].stage.children == (pages[0].lobby,)
        pages[0].open_button.click()
        assert pages[0].code not in (None, code)
    finally:
        for p in pages:
            p.close()


def test_three_handed_result_names_each_seat() -> None:
    """Three-handed, a seat is a side: each is named with its score."""
    import dataclasses
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        tables = TableStore(ProgressStore(Path(d) / "class.sqlite"))
        t = opened(tables, players=3)
        tables.take_seat(t.code, KEYS[1], "", 1)
        t = tables.start(t.code, KEYS[0])
        s = SharedSession(tables, t, KEYS[0], dataclasses.replace(rules_named("three_handed")))
        s.scores, s.winner = [1510, 1200, 900], 0
        assert s.result_words() == (
            "South (Ann) won with 1510; West (a learner with no name) had 1200; East (a computer "
            "player) had 900."
        )
        s.winner = None
        assert s.result_words().startswith("No winner after 1 hand: South (Ann) 1510, ")


def test_a_waiting_room_keeps_its_table_open_and_a_closed_table_cannot_be_joined(
    tables: TableStore,
) -> None:
    """A page in the waiting room says it is there (the table is not closed as
    idle under it), and a code of a closed table, even one where the learner had a
    seat, is refused in words."""
    pages = [ClassmatesTable("classic", tables=tables, learner=k, name=n, poll=0.05)
             for k, n in zip(KEYS[:2], NAMES[:2], strict=True)]  # fmt: skip
    try:
        pages[0].open_button.click()
        code = pages[0].code
        assert code is not None
        assert pages[0].leave_button.description == "Close the table"
        time.sleep(6.5)  # the page notes it is there every few seconds
        assert tables.close_idle(after=5) == []
        assert tables.table(code).state is TableState.OPEN
        pages[1].code_box.value = code
        pages[1].join_button.click()
        assert pages[1].leave_button.description == "Leave the table"
        time.sleep(1.5)  # the waiting room redrawn as the seats change: the words stay
        assert f"You sit at table {code}. Waiting for the classmate" in pages[1].message.text
        pages[0].leave_button.click()
        assert f"You closed table {code}; anyone waiting there is back at the list" in pages[0].message.text
        assert tables.table(code).state is TableState.CLOSED
        closed = f"The classmate who opened table {code} has closed it"
        deadline = time.monotonic() + 60  # the waiting page's poll, on a busy machine
        while closed not in pages[1].message.text and time.monotonic() < deadline:
            time.sleep(0.05)
        assert closed in pages[1].message.text
        assert pages[1].code is None
        pages[1].code_box.value = code
        pages[1].join_button.click()
        assert f"Table {code} has closed: open a new table, or join another" in pages[1].message.text
        assert pages[1].code is None
    finally:
        for p in pages:
            p.close()


def test_the_lobby_lists_only_tables_with_a_free_seat(tables: TableStore) -> None:
    t = opened(tables)
    for i in (1, 2, 3):
        tables.take_seat(t.code, KEYS[i], NAMES[i], i)
    u = opened(tables)
    page = ClassmatesTable("classic", tables=tables, learner="e" * 22, name="Eve", poll=60)
    try:
        listed = " ".join(b.description for b in _buttons(page.listed))
        assert u.code in listed and t.code not in listed
    finally:
        page.close()


def test_a_hand_replayed_by_a_page_opened_again_is_kept_once(tmp_path: Path) -> None:
    """A learner's page opened again replays the whole game: a hand their progress
    already has is not kept a second time."""
    from pinochle_tutor.classroom.progress import Progress

    db = tmp_path / "class.sqlite"
    tables = TableStore(ProgressStore(db))
    t = opened(tables)
    tables.take_seat(t.code, KEYS[1], "Bob", 1)
    t = tables.start(t.code, KEYS[0])
    R = rules_named("classic")
    mine = Progress.load(db, learner=KEYS[0])
    sessions = [SharedSession(tables, t, KEYS[0], R, page="12_play_with_classmates.ipynb",
                              progress=mine),
                SharedSession(tables, t, KEYS[1], R, page="")]  # fmt: skip
    play_hand(sessions)
    key = hand_item_id(t.seed, 1)
    assert [a.item_id for a in mine.attempts].count(key) == 1
    again = SharedSession(tables, tables.table(t.code), KEYS[0], R,
                          page="12_play_with_classmates.ipynb",
                          progress=Progress.load(db, learner=KEYS[0]))  # fmt: skip
    again.sync()
    assert again.hand_over
    assert [a.item_id for a in Progress.load(db, learner=KEYS[0]).attempts].count(key) == 1
