"""pinochle_widgets.trick_checker, headless: clicking cards gives the engine's
verdict and reason, "Show legal cards" the legal set, "Next" every rule case, and
nothing a client sends crashes it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pinochle_tutor import THREE_HANDED, TrickRule, check_play, legal_plays, parse_card
from pinochle_tutor.course.positions import TrickCase
from pinochle_widgets.trick_checker import TrickChecker, coerce_case
from tests.widget_client import client_click, client_update, tree


def test_shows_trump_trick_seats_and_winner() -> None:
    tc = TrickChecker(seed=4)
    p = tc.position
    assert f"{p.trump.plural.capitalize()} are trump." in tc.trump_line.value
    assert "Your turn." in tc.trick_text.value and "is winning" in tc.trick_text.value
    for name in p.seat_names():
        assert name in tc.trick_view.value
    assert "(winning)" in tc.trick_view.value and ">You<" in tc.trick_view.value
    assert tc.picker.hand == p.hand


def test_every_click_agrees_with_the_engine() -> None:
    tc = TrickChecker(seed=8)
    for _ in range(14):  # two rounds of every case
        p = tc.position
        legal = set(legal_plays(p.hand, p.trick, p.trump))
        for i, button in enumerate(tc.picker.buttons):
            card = p.hand[i]
            button.click()
            verdict = check_play(p.hand, p.trick, p.trump, card)
            if card in legal:
                assert tc.message.kind == "ok" and "is legal" in tc.message.text
                assert "pt-mark-legal" in button._dom_classes
            else:
                assert tc.message.kind == "error" and "may not be played" in tc.message.text
                assert "pt-mark-illegal" in button._dom_classes
            assert verdict.reason in tc.message.text
            # The proof cards held are highlighted.
            proof = {c for c in verdict.cards if c != card and c in p.hand}
            marked = {c for c, s in tc.picker.marks.items() if s == "proof"}
            assert marked == proof
        tc.next_button.click()


def test_illegal_follow_suit_names_the_rule_and_proof() -> None:
    tc = TrickChecker(seed=1, case="must_beat")
    p = tc.position
    win = p.winning_card
    low = next(c for c in p.hand if c.suit == p.led_suit and c.rank <= win.rank)
    explanation = tc.try_card(low)
    assert explanation is not None and not explanation.legal
    assert explanation.rule is TrickRule.BEAT
    assert "rule 2" in tc.message.text
    higher = [c for c in p.hand if c.suit == p.led_suit and c.rank > win.rank]
    assert all(tc.picker.marks[c] == "proof" for c in higher)
    assert "pt-hl-proof" in tc.trick_view.value or "pt-hl-winner" in tc.trick_view.value


def test_show_legal_marks_the_legal_set_grouped_by_rule() -> None:
    tc = TrickChecker(seed=2)
    for _ in range(7):
        p = tc.position
        tc.legal_button.click()
        legal = set(legal_plays(p.hand, p.trick, p.trump))
        for card, button in zip(p.hand, tc.picker.buttons, strict=True):
            want = "pt-mark-legal" if card in legal else "pt-mark-illegal"
            assert want in button._dom_classes
        assert tc.message.text.startswith("You may play")
        assert f"(This position: {p.case.label}.)" in tc.message.text
        assert "rule" in tc.message.text
        tc.next_button.click()


def test_next_brings_every_case_in_each_round() -> None:
    tc = TrickChecker(seed=10)
    seen = set()
    for _ in range(7):
        seen.add(tc.position.case)
        tc.next_button.click()
    assert seen == set(TrickCase)


def test_a_chosen_case_is_drilled() -> None:
    tc = TrickChecker(seed=3, case=TrickCase.CANNOT_OVERTRUMP)
    for _ in range(5):
        assert tc.position.case is TrickCase.CANNOT_OVERTRUMP
        tc.next_position()


@pytest.mark.parametrize(
    ("name", "case"),
    [
        ("must_overtrump", TrickCase.MUST_OVERTRUMP),
        ("must over-trump", TrickCase.MUST_OVERTRUMP),
        ("DISCARD", TrickCase.DISCARD),
        ("free discard", TrickCase.DISCARD),
        (2, TrickCase.MUST_BEAT),
        (None, None),
    ],
)
def test_coerce_case(name: Any, case: Any) -> None:
    assert coerce_case(name) is case


def test_unknown_case_is_refused() -> None:
    with pytest.raises(ValueError, match="'trump it' is not a trick case"):
        TrickChecker(case="trump it")


def test_same_seed_same_positions() -> None:
    a, b = TrickChecker(seed=5), TrickChecker(seed=5)
    for _ in range(3):
        assert a.position == b.position
        a.next_position()
        b.next_position()


def test_a_card_not_in_the_hand_gets_a_message_not_a_crash() -> None:
    tc = TrickChecker(seed=6)
    missing = next(
        c for c in map(parse_card, ["AS", "AH", "AD", "AC", "9S"]) if c not in tc.position.hand
    )
    explanation = tc.try_card(missing)
    assert explanation is not None and explanation.rule is TrickRule.NOT_IN_HAND
    assert tc.message.kind == "error" and "You do not hold" in tc.message.text
    assert tc.try_card("ZZ") is None
    assert "'ZZ' is not a card" in tc.message.text
    assert tc.try_card(12345) is None  # type: ignore[arg-type]
    assert tc.message.kind == "error"


def test_client_attacks() -> None:
    tc = TrickChecker(seed=7)
    p = tc.position
    first = tc.picker.buttons[0]
    # A relabelled, disabled button still means the card Python put there.
    client_update(first, description="A♠", disabled=True)
    client_click(first)
    assert p.hand[0].text in tc.message.text
    # An out-of-range pick, and nonsense state.
    assert tc.picker.pick(len(p.hand)) is False
    assert "There is no card number" in tc.message.text
    client_update(tc, children=["IPY_MODEL_nonsense"])
    client_update(tc.next_button, description=None)
    # A click on a button of the previous position does nothing harmful.
    tc.next_button.click()
    client_click(first)
    assert "no longer in the hand" in tc.message.text
    tc.picker.buttons[0].click()
    assert tc.message.kind in ("ok", "error") and tc.position.hand[0].text in tc.message.text


def test_nothing_is_revealed_before_a_click() -> None:
    tc = TrickChecker(seed=9)
    states = [w.get_state() for w in tree(tc) if "pt-style" not in w._dom_classes]
    text = json.dumps(states, ensure_ascii=False, default=str)
    assert "pt-mark-legal" not in text and "pt-mark-illegal" not in text
    assert tc.position.case.label not in text and "rule 1" not in text


def test_three_handed_has_no_partner() -> None:
    tc = TrickChecker(seed=1, rules=THREE_HANDED)
    for _ in range(7):
        assert "Partner" not in tc.trick_text.value
        tc.picker.buttons[0].click()
        assert tc.message.kind in ("ok", "error")
        tc.next_button.click()


def test_css_hooks() -> None:
    tc = TrickChecker(seed=1)
    classes = {c for w in tree(tc) for c in w._dom_classes}
    assert {
        "pt-trick-checker",
        "pt-trump-line",
        "pt-trick-view",
        "pt-trick-text",
        "pt-hand-picker",
        "pt-card-button",
        "pt-show-legal",
        "pt-next",
        "pt-message-area",
    } <= classes
