"""Headless tests of the lesson practice widgets."""

from __future__ import annotations

from pinochle_tutor import CLASSIC, DOUBLE_DECK, parse_card
from pinochle_widgets.practice import DeckExplorer, ScoreCalculator, describe_card


def test_describe_card_uses_the_rules_in_force() -> None:
    text = describe_card(parse_card("10H"), CLASSIC)
    assert "It beats the K Q J 9 of hearts" in text
    assert "The A of hearts beat it" in text
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
    assert s.message.kind == "error" and "between 0 and 250, not 999" in s.message.text
    s.tricks.value = 100
    s.meld.value = -5
    s.button.click()
    assert s.message.kind == "error" and "bidder_meld=-5" in s.message.text
    s.conceded.value = True
    s.meld.value = 100
    s.defender_meld.value = 60
    s.button.click()
    assert "Bidders -300, defenders +60" in s.message.text
