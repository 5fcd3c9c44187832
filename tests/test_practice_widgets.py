"""Headless tests of the lesson practice widgets."""

from __future__ import annotations

import pytest

from pinochle_tutor import CLASSIC, DOUBLE_DECK, parse_card
from pinochle_widgets.practice import DeckExplorer, ScoreCalculator, describe_card


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
