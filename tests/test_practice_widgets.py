"""Headless tests of the lesson practice widgets."""

from __future__ import annotations

import pytest

from pinochle_tutor import CLASSIC, DOUBLE_DECK, parse_card
from pinochle_widgets.practice import DeckExplorer, ScoreCalculator, describe_card
from tests.widget_client import client_click, client_update


def test_describe_card_uses_the_rules_in_force() -> None:
    text = describe_card(parse_card("10H"), CLASSIC)
    assert "It beats the K, Q, J and 9 of hearts" in text
    assert "The A of hearts beats it," in text
    assert "The A and 10 of clubs beat it," in describe_card(parse_card("KC"), CLASSIC)
    assert "worth 10 points (a counter)" in text
    assert "The deck has 2 of it" in text
    nine = describe_card(parse_card("9S"), CLASSIC)
    assert "beats no other spade" in nine and "worth 0 points." in nine
    dd = describe_card(parse_card("JD"), DOUBLE_DECK)
    assert "beats no other diamond" in dd and "The deck has 4 of it" in dd


def test_deck_explorer_clicks_and_new_hands() -> None:
    d = DeckExplorer(seed=3)
    first = d.picker.hand
    assert len(first) == 12
    d.picker.buttons[0].click()
    assert first[0].name in d.message.text
    d.new_hand.click()
    assert d.picker.hand != first
    assert d.picker.pick(99) is False  # a nonsense index from a client changes nothing
    assert "Click a card" in d.message.text or d.message.kind == "error"


def test_score_calculator_reproduces_the_rules_text_example() -> None:
    s = ScoreCalculator(bid=320, meld=180, tricks=130)
    s.button.click()
    assert "Bidders -320" in s.message.text
    s.tricks.value = 160
    s.button.click()
    assert "Bidders +340, defenders +90" in s.message.text


def test_score_calculator_bad_numbers_get_a_message() -> None:
    s = ScoreCalculator(bid=300)
    s.tricks.value = 999
    s.button.click()
    assert s.message.kind == "error"
    assert "The bidders' trick points cannot be 999" in s.message.text
    s.tricks.value = 100
    s.meld.value = -5
    s.button.click()
    assert s.message.kind == "error" and "The bidders' meld must be a whole number" in s.message.text
    s.conceded.value = True
    s.meld.value = 100
    s.defender_meld.value = 60
    s.button.click()
    assert "Bidders -300, defenders +60" in s.message.text


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        pytest.param("tricks", 500, "cannot be 500: a hand holds only 250", id="500-trick-points"),
        pytest.param("tricks", 135, "never add up to exactly 135", id="not-a-multiple-of-10"),
        pytest.param("bid", 255, "A bid of 255 cannot be a contract", id="bid-off-the-increment"),
        pytest.param("bid", 0, "A bid of 0 cannot be a contract", id="bid-0"),
        pytest.param("meld", 15, "meld cannot be 15: no lines of the meld table add up to "
                     "exactly 15 (meld comes in steps of 10)", id="meld-not-a-sum"),
        pytest.param("defender_meld", 100000, "meld cannot be 100000: even every line of the "
                     "meld table at its highest", id="meld-beyond-any-hand"),
    ],
)
def test_score_calculator_refuses_what_cannot_happen(field: str, value: int, words: str) -> None:
    s = ScoreCalculator(bid=300, tricks=100)
    getattr(s, field).value = value
    s.button.click()
    assert s.message.kind == "error" and words in s.message.text


def test_score_calculator_three_handed_speaks_of_the_declarer() -> None:
    s = ScoreCalculator(bid=250, meld=100, tricks=160, rules="three_handed", defender_tricks=50)
    s.button.click()
    text = s.message.text
    assert "Declarer +260, that defender +50" in text
    for word in ("bidders", "Bidders", "defenders", "partner", "team"):
        assert word not in text, (word, text)


def test_score_calculator_refuses_a_bid_no_side_could_make() -> None:
    """Typed in the page (as a browser sends it): a bid of 10**100 is refused with the
    bound the rules give, not scored as "Bidders -1000...0"."""
    s = ScoreCalculator(bid=300, tricks=100)
    client_update(s.bid, value=str(10**100))
    client_click(s.button)
    assert s.message.kind == "error"
    assert f"A bid of {10**100} cannot be a contract: bids go up to 9890" in s.message.text
    assert "no side can take more than 9890 points in a hand" in s.message.text
    client_update(s.bid, value="9890")
    client_click(s.button)
    assert "Bidders -9890" in s.message.text
    dd = ScoreCalculator(bid=50, tricks=20, rules="double_deck")
    client_update(dd.bid, value="2031")
    client_click(dd.button)
    assert dd.message.kind == "error" and "bids go up to 2030" in dd.message.text


@pytest.mark.parametrize("box", ["bid", "meld", "tricks", "defender_meld"])
def test_score_calculator_refuses_a_number_with_a_fraction(box: str) -> None:
    """A client's 1.5 is refused with a message quoting it; the box is not cut to 1."""
    s = ScoreCalculator(bid=300, tricks=100)
    before = getattr(s, box).value
    client_update(getattr(s, box), value=1.5)
    assert getattr(s, box).value == before
    assert s.message.kind == "error" and "cannot take 1.5" in s.message.text
