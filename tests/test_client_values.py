"""A Voila client can send any value for any trait. A value a box cannot take
(``None`` for a number, an index 99 in a dropdown of four, text for a number) gets a
message the learner reads, and the box keeps its value; nothing is dropped unseen."""

from __future__ import annotations

from typing import Any

import pytest

from pinochle_widgets import BiddingTrainer, MeldCounter, ScoreCalculator
from tests.widget_client import client_update


@pytest.mark.parametrize("bad", [None, "abc", [1, 2], {"x": 1}])
def test_a_number_box_says_what_it_cannot_take(bad: Any) -> None:
    calc = ScoreCalculator()
    before = calc.bid.value
    client_update(calc.bid, value=bad)
    assert calc.bid.value == before
    assert "Bid cannot take" in calc.message.text and f"it keeps {before}" in calc.message.text


def test_a_dropdown_index_out_of_range_gets_a_message() -> None:
    counter = MeldCounter(seed=1)
    picker = counter.trump_picker
    before = picker.index
    client_update(picker, index=99)
    assert picker.index == before
    assert "cannot take 99" in counter.message.text


def test_the_bidding_trainers_amount_box_is_guarded() -> None:
    t = BiddingTrainer(seed=3)
    client_update(t.amount, value=None)
    assert "cannot take None" in t.message.text
    assert t.drill.engine_hand.auction.history == [] or t.amount.value is not None


# ------------------------------------------------------------------ every trait, every part
HOSTILE_VALUES: list[Any] = [None, 99, "strong'; --", [1, 2], {"x": 1}]
"""Values of every JSON kind a client can send for a trait."""


def parts(*roots: Any) -> list[Any]:
    """Every widget a client can address below ``roots``: the widgets, their children
    and their layouts and styles (each a model of its own on the page), once each."""
    import ipywidgets as widgets

    seen: dict[str, Any] = {}
    todo = list(roots)
    while todo:
        w = todo.pop()
        if not isinstance(w, widgets.Widget) or w.comm is None or w.model_id in seen:
            continue
        seen[w.model_id] = w
        todo += list(getattr(w, "children", ()) or ())
        todo += [getattr(w, k, None) for k in ("layout", "style")]
    return list(seen.values())


def walk_every_trait(roots: list[Any], messages: list[Any]) -> int:
    """Send every hostile value for every synced trait of every part, as a comm
    ``update`` does (``set_state``): nothing may raise, and a value the part did not
    take must be answered in one of ``messages``, quoting it. A trait only Python
    writes (a message's words) keeps its value. Returns how many updates were sent."""
    import json

    from pinochle_widgets._base import style_widget

    # The page's one stylesheet (with its layout and style) is shared by every widget of
    # the kernel: it answers in the message of the first widget that guarded it.
    shared = {w.model_id for w in parts(style_widget())}
    sent = 0
    for w in parts(*roots):
        for key in sorted(w.keys):
            for value in HOSTILE_VALUES:
                for m in messages:
                    m.clear()
                before = w.get_state([key])[key]
                w.set_state({key: value})  # must not raise
                sent += 1
                said = " | ".join(m.text for m in messages)
                after = w.get_state([key])[key]
                where = f"{type(w).__name__}.{key} = {value!r}"
                if json.dumps(after, default=str) == json.dumps(value):
                    continue  # taken (what the part does with it is its own answer)
                if key in getattr(w, "python_only", ()):
                    assert after == before, where
                elif w.model_id not in shared:
                    assert f"{value!r:.40}" in said, f"{where}: kept {after!r}, said {said!r}"
    return sent


def test_every_trait_of_the_classmates_lobby_from_its_first_moment(tmp_path: Any) -> None:
    """Issue 44, item 5: the lobby's boxes were guarded only once shown (the guard ran
    before the stage had children). From construction, every part of every stage the
    page holds (the lobby, the waiting room not yet shown), then the waiting room and
    the game once shown, answers any value in words."""
    from pinochle_tutor.classroom.store import ProgressStore
    from pinochle_tutor.classroom.tables import TableStore
    from pinochle_widgets.classmates import ClassmatesTable
    from tests.widget_client import client_click

    tables = TableStore(ProgressStore(tmp_path / "class.sqlite"))
    page = ClassmatesTable("classic", tables=tables, learner="a" * 22, name="Ann", poll=60)
    try:
        assert walk_every_trait([page, page.lobby, page.room], [page.message]) > 1000
        fresh = ClassmatesTable("classic", tables=tables, learner="b" * 22, name="Bob", poll=60)
        try:
            client_click(fresh.open_button)  # the waiting room, shown
            assert fresh.code is not None
            walk_every_trait([fresh.stage], [fresh.message])
            client_click(fresh.start_button)  # the game, shown
            assert fresh.game is not None
            walk_every_trait([fresh.stage], [fresh.message, fresh.game.message])
        finally:
            fresh.close()
    finally:
        page.close()


@pytest.mark.parametrize("make", [ScoreCalculator, lambda: MeldCounter(seed=1),
                                  lambda: BiddingTrainer(seed=3)])  # fmt: skip
def test_every_trait_of_a_practice_widget_is_answered(make: Any) -> None:
    """The same walk on widgets that guarded their input boxes only: their buttons,
    layouts and styles answer too."""
    w = make()
    walk_every_trait([w], [w.message])
