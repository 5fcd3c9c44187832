"""Every number box refuses what it cannot read, quoting what was typed, and does
nothing else: no default bid placed, no step moved, no score shown. The boxes get
text, as a browser sends it (the synced value of a :class:`NumberBox` is what was
typed), then the button is pressed as a browser presses it. A number that can be read
but is not allowed (0, -3, beyond the rules) gets the engine's own reason, word for
word; a good number works as before."""

from __future__ import annotations

from typing import Any

import pytest

from pinochle_tutor import Phase
from pinochle_widgets import BiddingTrainer, ScoreCalculator
from pinochle_widgets._base import MAX_TYPED, NumberBox, UnreadableNumberError
from pinochle_widgets.game_table import GameTable
from pinochle_widgets.replay import HandReplay
from tests.test_replay import played
from tests.widget_client import client_click, client_update

UNREADABLE = [
    ("", "The Bid box is empty: type a bid in digits."),
    ("   ", "The Bid box is empty: type a bid in digits."),
    ("abc", "'abc' is not a bid: type a whole number in digits."),
    ("1.5", "'1.5' is not a bid: type a whole number in digits."),
    ("260.5", "'260.5' is not a bid: type a whole number in digits."),
    ("2 60", "'2 60' is not a bid: type a whole number in digits."),
    ("x" * 50, f"{'x' * 40!r}… is not a bid: type a whole number in digits."),
]
"""What a bid box cannot read, and the words that quote it."""

NOT_ALLOWED = ["-3", "0", "255", "99990", "1" + "0" * 100]
"""Numbers a bid box reads that the auction does not allow now (below the opening bid,
off the increment, beyond the tutor's bound on bids)."""


# ------------------------------------------------------------------ the box itself
@pytest.mark.parametrize(
    ("typed", "number"),
    [
        ("260", 260),
        (" 260 ", 260),
        ("-3", -3),
        ("\u22123", -3),
        ("0", 0),
        ("260 points", 260),
        ("1" + "0" * 100, 10**100),
    ],
)
def test_a_box_reads_one_whole_number(typed: str, number: int) -> None:
    box = NumberBox("a bid", description="Bid")
    box.value = typed
    assert box.read() == number


@pytest.mark.parametrize(("typed", "words"), UNREADABLE)
def test_a_box_refuses_what_is_not_one_whole_number_quoting_it(typed: str, words: str) -> None:
    box = NumberBox("a bid", description="Bid")
    box.value = typed
    with pytest.raises(UnreadableNumberError) as info:
        box.read()
    assert str(info.value) == words


def test_python_sets_a_whole_number_and_a_client_only_text() -> None:
    box = NumberBox("a bid", description="Bid", value=250)
    assert box.value == "250" and box.read() == 250
    box.value = 270  # as the widgets and the notebooks set it
    assert box.value == "270"
    for bad in (1.5, None, True, [1], "9" * (MAX_TYPED + 1)):  # Python's own mistakes
        with pytest.raises(Exception, match="trait"):
            box.value = bad
        assert box.value == "270"


# ------------------------------------------------------------------ the bidding trainer
def _trainer() -> BiddingTrainer:
    t = BiddingTrainer(seed=3)
    assert not t.drill.committed
    return t


@pytest.mark.parametrize(("typed", "words"), UNREADABLE)
def test_the_trainers_bid_box_refuses_what_it_cannot_read(typed: str, words: str) -> None:
    t = _trainer()
    before = list(t.drill.engine_hand.auction.history)
    client_update(t.amount, value=typed)
    client_click(t.bid_button)
    assert t.message.kind == "error" and t.message.text == words
    assert t.drill.engine_hand.auction.history == before and not t.drill.committed
    assert t.amount.value == typed, "the box keeps what was typed, to be mended"
    client_click(t.raise_button)  # +10 on a box it cannot read: the same words
    assert t.message.text == words and t.amount.value == typed


@pytest.mark.parametrize("typed", NOT_ALLOWED)
def test_the_trainers_bid_out_of_range_gets_the_auctions_reason(typed: str) -> None:
    t = _trainer()
    before = list(t.drill.engine_hand.auction.history)
    client_update(t.amount, value=typed)
    client_click(t.bid_button)
    reason = t.drill.engine_hand.auction.check_bid(int(typed)).reason
    assert t.message.kind == "error" and t.message.text == reason and typed in reason
    assert t.drill.engine_hand.auction.history == before and not t.drill.committed


def test_the_trainers_good_bid_is_placed() -> None:
    t = _trainer()
    low = t.drill.view.min_bid
    client_update(t.amount, value=f" {low} ")
    client_click(t.bid_button)
    assert t.message.text == f"You bid {low}." and t.drill.committed
    assert (t.drill.learner_seat, low) in t.drill.engine_hand.auction.history


# ------------------------------------------------------------------ the game table
def _table() -> GameTable:
    g = GameTable(seed=5)
    assert g.session.view.phase is Phase.AUCTION and g.session.is_my_turn
    return g


def _auction(g: GameTable) -> tuple[Any, ...]:
    h = g.session.engine_hand
    return (h.phase, tuple(h.auction.history))


@pytest.mark.parametrize(("typed", "words"), UNREADABLE)
def test_the_tables_bid_box_refuses_what_it_cannot_read(typed: str, words: str) -> None:
    g = _table()
    before = _auction(g)
    client_update(g.amount, value=typed)
    client_click(g.bid_button)
    assert g.message.kind == "error" and g.message.text == words
    assert _auction(g) == before and g.amount.value == typed


@pytest.mark.parametrize("typed", NOT_ALLOWED)
def test_the_tables_bid_out_of_range_gets_the_auctions_reason(typed: str) -> None:
    g = _table()
    before = _auction(g)
    reason = g.session.engine_hand.auction.check_bid(int(typed)).reason
    client_update(g.amount, value=typed)
    client_click(g.bid_button)
    assert g.message.kind == "error" and g.message.text == reason and typed in reason
    assert _auction(g) == before


def test_the_tables_good_bid_is_placed() -> None:
    g = _table()
    low = g.session.view.min_bid
    client_update(g.amount, value=str(low))
    client_click(g.bid_button)
    assert g.message.text.startswith(f"You bid {low}.")
    assert (g.session.human_seat, low) in g.session.engine_hand.auction.history


# ------------------------------------------------------------------ the replay's step box
@pytest.fixture(scope="module")
def hand() -> tuple[Any, ...]:
    h, _review, steps = played("classic")
    return h.rules, steps


def _replay(hand: tuple[Any, ...]) -> HandReplay:
    rules, steps = hand
    w = HandReplay()
    w.show(steps, rules, 0)
    w.go(5)
    return w


STEP_WORDS = [
    ("", "The Go to step box is empty: type a step number in digits."),
    ("abc", "'abc' is not a step number: type a whole number in digits."),
    ("1.5", "'1.5' is not a step number: type a whole number in digits."),
    ("-3", "There is no step -3: this hand has steps 1 to {n}."),
    ("0", "There is no step 0: this hand has steps 1 to {n}."),
    ("999", "There is no step 999: this hand has steps 1 to {n}."),
]
"""What the step box refuses, and the words (``{n}``: the hand's last step)."""


@pytest.mark.parametrize("press", ["Go", "Enter"])
@pytest.mark.parametrize(("typed", "words"), STEP_WORDS)
def test_the_step_box_refuses_what_is_not_a_step(
    hand: tuple[Any, ...], typed: str, words: str, press: str
) -> None:
    """The page sends the text when it is committed (Enter, or leaving the box, as a
    click on Go does first); Go then answers the same."""
    w = _replay(hand)
    shown = w.step
    client_update(w.step_box, value=typed)
    if press == "Go":
        client_click(w.go_button)
    assert w.message.kind == "error"
    assert w.message.text == words.format(n=w.step_count)
    assert w.step is shown, "no step moved"
    assert w.step_box.value == typed, "the box keeps what was typed, to be mended"


@pytest.mark.parametrize("press", ["Go", "Enter"])
def test_the_step_box_goes_to_a_good_step(hand: tuple[Any, ...], press: str) -> None:
    w = _replay(hand)
    client_update(w.step_box, value="12")
    if press == "Go":
        client_click(w.go_button)
    assert w.step is w.steps[11] and w.message.text == ""
    assert w.step_box.value == "12"
    client_click(w.next_button)
    assert w.step_box.value == "13", "the box shows the step the buttons reach"


def test_the_boxes_send_their_text_once_committed() -> None:
    """Not at every key: the page holds back a widget's changes while one is on its way
    but sends a click at once, so a Bid pressed right after typing 270 could reach the
    kernel ahead of the 0 (the browser test caught Enter overtaking the last key)."""
    boxes = [BiddingTrainer(seed=3).amount, _table().amount, HandReplay().step_box]
    boxes += [ScoreCalculator().bid, NumberBox("a bid")]
    assert all(b.continuous_update is False for b in boxes)


# ------------------------------------------------------------------ the score calculator
CALCULATOR_BOXES = ["bid", "meld", "tricks", "defender_meld"]


@pytest.mark.parametrize("box_name", CALCULATOR_BOXES)
@pytest.mark.parametrize("typed", ["", "abc", "1.5"])
def test_a_score_box_refuses_what_it_cannot_read(box_name: str, typed: str) -> None:
    calc = ScoreCalculator(bid=250, meld=100, tricks=160)
    box = getattr(calc, box_name)
    client_update(box, value=typed)
    client_click(calc.button)
    assert calc.message.kind == "error"
    label = box.description
    if typed:
        assert calc.message.text.startswith(f"'{typed}' is not {box.what}")
    else:
        assert calc.message.text == f"The {label} box is empty: type {box.what} in digits."


@pytest.mark.parametrize(
    ("box_name", "typed", "words"),
    [
        ("bid", "-3", "A bid of -3 cannot be a contract"),
        ("bid", "0", "A bid of 0 cannot be a contract"),
        ("tricks", "-3", "not -3"),
        ("tricks", "999", "cannot be 999"),
        ("meld", "-3", "not -3"),
    ],
)
def test_a_score_box_out_of_range_gets_the_engines_reason(
    box_name: str, typed: str, words: str
) -> None:
    calc = ScoreCalculator(bid=250, meld=100, tricks=160)
    client_update(getattr(calc, box_name), value=typed)
    client_click(calc.button)
    assert calc.message.kind == "error" and words in calc.message.text


def test_a_score_box_with_good_numbers_scores_the_hand() -> None:
    calc = ScoreCalculator()
    client_update(calc.bid, value="250")
    client_update(calc.meld, value="100")
    client_update(calc.tricks, value="160")
    client_click(calc.button)
    assert calc.message.kind == "ok" and "Bidders +260" in calc.message.text


def test_the_three_handed_defenders_box_is_read_too() -> None:
    calc = ScoreCalculator(rules="three-handed")
    assert calc.defender_tricks is not None
    client_update(calc.defender_tricks, value="1.5")
    client_click(calc.button)
    assert calc.message.text.startswith("'1.5' is not a number of trick points")
