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
