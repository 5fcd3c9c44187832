"""Numbers a learner types are bounded by the rules in force, and what cannot be
read as one number is refused with a message quoting it: a bid with a
fraction or beyond what a side can take at the game table, several seats for
"which card wins the trick?"."""

from __future__ import annotations

import pytest

from pinochle_tutor import Phase
from pinochle_tutor.cards import parse_cards, parse_suit
from pinochle_tutor.course.quiz import InvalidAnswerError, WinnerQuiz, check_answer
from pinochle_tutor.course.quiz.kinds import parse_winner_answer
from pinochle_widgets.game_table import GameTable
from tests.widget_client import client_click, client_update

TRICK = tuple(parse_cards("KS AS AS QS"))


def _auction_state(g: GameTable) -> tuple[object, ...]:
    h = g.session.engine_hand
    return (h.phase, tuple(h.auction.history))


@pytest.mark.parametrize("typed", ["1.5", "260.5", "-0.5"])
def test_a_bid_with_a_fraction_is_refused_not_cut(typed: str) -> None:
    g = GameTable(seed=5)
    assert g.session.view.phase is Phase.AUCTION and g.session.is_my_turn
    before = _auction_state(g)
    client_update(g.amount, value=typed)  # as the browser sends the box's text
    client_click(g.bid_button)  # no cut-down 1, no bid the box held before
    assert g.message.kind == "error" and f"{typed!r} is not a bid" in g.message.text
    assert _auction_state(g) == before


def test_a_bid_beyond_what_a_side_can_take_is_refused_naming_the_bound() -> None:
    g = GameTable(seed=5)
    before = _auction_state(g)
    client_update(g.amount, value=str(10**100))
    client_click(g.bid_button)
    assert g.message.kind == "error"
    assert str(10**100) in g.message.text and "up to 9890" in g.message.text
    assert _auction_state(g) == before


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("1 2 3 4", "'1 2 3 4' names more than one card"),
        ("1, 2", "'1, 2' names more than one card"),
        ("2nd or 3rd", "'2nd or 3rd' names more than one card"),
        ("first second", "'first second' names more than one card"),
        ("the 2nd card, Q♠", "the 2nd card is A♠, not Q♠"),
        ("2 lots", "'2 lots' is not one place or card"),
    ],
)
def test_a_winner_answer_naming_several_cards_is_refused(typed: str, words: str) -> None:
    with pytest.raises(InvalidAnswerError) as info:
        parse_winner_answer(typed, TRICK)
    assert words in str(info.value)
    mark = check_answer(WinnerQuiz(id="w", trick=TRICK, trump=parse_suit("H")), typed)
    assert not mark.readable, "not marked: the learner is asked again"


@pytest.mark.parametrize(
    ("typed", "place"),
    [("2", 1), ("2nd", 1), ("second", 1), ("the 2nd card, A♠", 1), ("the 4th card, Q♠", 3),
     ("4.", 3), ("last", 3), ("QS", 3), ("3rd card", 2)],
)  # fmt: skip
def test_one_card_is_still_read_every_way(typed: str, place: int) -> None:
    assert parse_winner_answer(typed, TRICK) == place


def test_the_bidding_trainers_bid_box_refuses_a_fraction_too() -> None:
    from pinochle_widgets import BiddingTrainer

    t = BiddingTrainer(seed=3)
    client_update(t.amount, value="1.5")
    client_click(t.bid_button)
    assert t.message.kind == "error" and "'1.5' is not a bid" in t.message.text
    assert not t.drill.committed
