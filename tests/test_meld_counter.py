"""pinochle_widgets.meld_counter, headless: counting, checking, diagnosis, bad
input, and the answer kept out of synced state until Check."""

from __future__ import annotations

import json
import re
from typing import Any

import ipywidgets as widgets
import pandas as pd
import pytest

from pinochle_tutor import DOUBLE_DECK, THREE_HANDED, MeldKind, PinochleError, Suit, meld
from pinochle_tutor.explain import InvalidClaimError, explain_meld
from pinochle_widgets.meld_counter import MeldCounter, breakdown_frame, breakdown_html, parse_total
from tests.widget_client import client_click, client_update, tree

RUN_HAND = "AH 10H KH QH JH KH QH 9S 9C JD QS AC"
"""Hearts trump: run 150 + royal marriage 40 + pinochle 40 = 230."""


def synced_text(widget: widgets.Widget) -> str:
    """Everything the browser receives for the widget tree, as one JSON text (without
    model ids and the shared stylesheet, whose hex digits and CSS would match anything)."""
    states = [w.get_state() for w in tree(widget) if "pt-style" not in w._dom_classes]
    text = json.dumps(states, ensure_ascii=False, default=str)
    return re.sub(r"IPY_MODEL_[0-9a-f]+", "IPY_MODEL", text)


def without_svg(text: str) -> str:
    return re.sub(r"<svg.*?</svg>", "", text, flags=re.S)


def answer(mc: MeldCounter, total: Any, *lines: str) -> None:
    mc.total_input.value = str(total)
    for line in lines:
        words = line.split()
        kind = " ".join(words[1:]) if words[0] in ("double", "triple") else line
        m = 2 if words[0] == "double" else 3 if words[0] == "triple" else 1
        box = next(b for (k, mm), b in mc._set_boxes.items() if k.value == kind and mm == m)
        box.value = True
    mc.check_button.click()


# --------------------------------------------------------------------- parsing


@pytest.mark.parametrize(
    ("text", "value"), [("120", 120), (" 1,500 ", 1500), ("190 points", 190), ("0", 0), ("+40", 40)]
)
def test_parse_total_reads_whole_numbers(text: str, value: int) -> None:
    assert parse_total(text) == value


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "Type your meld total"),
        ("   ", "Type your meld total"),
        ("abc", "'abc' is not a number"),
        ("-20", "negative"),
        ("12.5", "not a whole number"),
        ("9" * 5000, "far too large"),
        ("1e9", "is not a number"),
        ("200000", "far too large"),
    ],
)
def test_parse_total_explains_bad_input(text: str, words: str) -> None:
    with pytest.raises(InvalidClaimError, match=re.escape(words)):
        parse_total(text)


# ----------------------------------------------------------------- the widget


def test_right_answer_shows_breakdown_and_highlights() -> None:
    mc = MeldCounter(RUN_HAND, trump="H")
    assert mc.trump is Suit.HEARTS and len(mc.hand) == 12
    answer(mc, 230)
    assert mc.message.kind == "ok" and "Right: the meld is 230." in mc.message.text
    html = mc.breakdown.value
    assert (
        "pt-breakdown" in html and "<td>run (hearts)</td>" in html and "<td>pinochle</td>" in html
    )
    assert "pt-mark-proof" in html and ">230<" in html
    assert "pt-hl-proof" in mc.hand_view.value  # the meld cards are highlighted in the hand
    assert "inside the run earn no marriage" in html  # the tutor's notes come with the table


def test_wrong_total_gets_the_tutors_diagnosis() -> None:
    mc = MeldCounter("AH 10H KH QH JH 9S AC AD", trump="H")  # run 150 only
    answer(mc, 190)  # the classic mistake: the run's K Q as a royal marriage
    assert mc.message.kind == "error"
    text = mc.message.text
    assert "Your total of 190 is 40 too many: the meld is 150." in text
    assert "as a royal marriage" in text
    assert "Meld with" not in text  # the breakdown is a table, not repeated in the message
    assert "<td>run (hearts)</td>" in mc.breakdown.value


def test_ticked_lines_prove_the_mistake() -> None:
    mc = MeldCounter(RUN_HAND, trump="H")
    answer(mc, 190, "run", "pinochle")  # forgot the royal marriage beside the run
    d = mc.check()
    assert d is not None and not d.correct
    assert mc.claimed_lines() == ["run", "pinochle"]
    assert "forgot the royal marriage" in mc.message.text
    mc._counts[MeldKind.ROYAL_MARRIAGE].value = 1
    mc.total_input.value = "230"
    d = mc.check()
    assert d is not None and d.correct and mc.message.kind == "ok"


def test_double_lines_are_claimable() -> None:
    mc = MeldCounter("AS AS AH AH AD AD AC AC 9S 9H 9D 9C", trump="S")
    answer(mc, 1010, "double aces around")  # one 9♠: one dix
    mc._counts[MeldKind.DIX].value = 1
    d = mc.check()
    assert d is not None and d.correct, mc.message.text


@pytest.mark.parametrize("bad", ["abc", "-10", "", "12.5", "<script>alert(1)</script>"])
def test_bad_total_gets_a_clear_message(bad: str) -> None:
    mc = MeldCounter(seed=1)
    mc.total_input.value = bad
    mc.check_button.click()
    assert mc.message.kind == "error" and mc.message.text
    assert mc.breakdown.value == ""
    assert "<script>" not in mc.message.value


def test_the_answer_is_not_in_synced_state_before_check() -> None:
    mc = MeldCounter(RUN_HAND, trump="H")
    expected = explain_meld(RUN_HAND, "H")
    before = synced_text(mc)
    visible = without_svg(before)
    assert breakdown_html(expected) not in before
    assert not re.search(r"\b230\b", before)
    for item in expected.items:  # 150, 40, 40: no line's points outside the card images
        assert not re.search(rf"\b{item.points}\b", visible), item
    assert (
        "the meld is" not in before
        and "pt-hl-proof" not in before
        and 'pt-breakdown"' not in before
    )
    # ... and it is there after Check (so the search above can find it).
    answer(mc, 0)
    after = synced_text(mc)
    assert re.search(r"\b230\b", after) and "the meld is 230" in after and "pt-hl-proof" in after


def test_answer_hidden_for_every_seeded_hand_until_check() -> None:
    for seed in range(15):
        mc = MeldCounter(seed=seed)
        total = meld(mc.hand, mc.trump).total
        text = synced_text(mc)
        assert "the meld is" not in text and "pt-hl-proof" not in text
        if total >= 100:
            assert not re.search(rf"\b{total}\b", without_svg(text))


def test_changing_trump_clears_an_old_result() -> None:
    mc = MeldCounter(RUN_HAND, trump="H")
    answer(mc, 230)
    mc.trump_picker.value = Suit.SPADES
    assert mc.breakdown.value == "" and "pt-hl-proof" not in mc.hand_view.value
    assert "Spades are trump now" in mc.message.text
    mc.total_input.value = "40"  # the pinochle and the spade dix
    d = mc.check()
    assert d is not None and d.expected_total == meld(RUN_HAND, "S").total


def test_new_hand_is_seeded_and_resets() -> None:
    a, b = MeldCounter(seed=11), MeldCounter(seed=11)
    assert a.hand == b.hand and a.trump == b.trump
    a.total_input.value = "50"
    a.check_button.click()
    a.new_button.click()
    b.new_hand()
    assert a.hand == b.hand and a.total_input.value == "" and a.breakdown.value == ""
    assert a.hand != MeldCounter(seed=11).hand


def test_other_rule_sets() -> None:
    dd = MeldCounter(seed=2, rules="double deck")
    assert dd.rules is DOUBLE_DECK and len(dd.hand) == 20
    assert (MeldKind.ACES_AROUND, 4) in dd._set_boxes and MeldKind.DIX not in dd._counts
    dd.total_input.value = str(meld(dd.hand, dd.trump, DOUBLE_DECK).total)
    d = dd.check()
    assert d is not None and d.correct
    th = MeldCounter(seed=2, rules=THREE_HANDED)
    assert len(th.hand) == 15


def test_constructor_errors_are_readable() -> None:
    with pytest.raises(PinochleError, match="3 copies of A♠"):
        MeldCounter("AS AS AS")
    with pytest.raises(PinochleError, match="not a rule set"):
        MeldCounter(seed=1, rules="bridge")
    with pytest.raises(PinochleError, match="not a suit"):
        MeldCounter(seed=1, trump="X")


def test_client_nonsense_is_refused_and_the_widget_still_works() -> None:
    mc = MeldCounter(RUN_HAND, trump="H")
    client_update(mc.trump_picker, index=99)  # not an option: ipywidgets refuses it
    client_update(mc.trump_picker, index="hearts")
    assert mc.trump is Suit.HEARTS
    drop = mc._counts[MeldKind.ROYAL_MARRIAGE]
    client_update(drop, index=-7)
    assert drop.value == 0
    box = next(iter(mc._set_boxes.values()))
    client_update(box, value="yes")
    assert box.value is False
    client_update(mc.total_input, value="1" * 10_000)
    client_update(mc.check_button, disabled=True)
    client_click(mc.check_button)  # a disabled button can still be pressed by a client
    assert mc.message.kind == "error" and "far too large" in mc.message.text
    client_update(mc.total_input, value="230")
    client_click(mc.check_button)
    assert mc.message.kind == "ok"


def test_an_unexpected_error_in_check_is_shown_not_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    import pinochle_widgets.meld_counter as module

    def boom(*_args: Any, **_kwargs: Any) -> None:
        raise RuntimeError("secret detail")

    monkeypatch.setattr(module, "diagnose_meld", boom)
    mc = MeldCounter(seed=3)
    mc.total_input.value = "10"
    mc.check_button.click()
    assert mc.message.kind == "error" and "something went wrong" in mc.message.text
    assert "secret detail" not in mc.message.value


def test_breakdown_frame_is_a_dataframe() -> None:
    frame = breakdown_frame(explain_meld(RUN_HAND, "H"))
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.columns) == ["meld", "cards", "points"]
    assert frame["points"].sum() == 230
    empty = breakdown_frame(explain_meld("9S 9H", "D"))
    assert len(empty) == 0 and ">0<" in breakdown_html(explain_meld("9S 9H", "D"))


def test_css_hooks() -> None:
    mc = MeldCounter(seed=1)
    classes = {c for w in tree(mc) for c in w._dom_classes}
    assert {
        "pt-meld-counter",
        "pt-trump",
        "pt-total",
        "pt-claims",
        "pt-check",
        "pt-new-hand",
    } <= classes
