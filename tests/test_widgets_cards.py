"""pinochle_widgets.cards and ._base, headless: HandPicker, CardsView, Message,
the callback guard and the rule-set helper. Client messages are simulated the way
ipywidgets receives them (``_handle_msg``), since a Voila client can send any."""

from __future__ import annotations

import logging
import threading
from typing import Any

import pytest

from pinochle_tutor import (
    CLASSIC,
    DOUBLE_DECK,
    THREE_HANDED,
    Card,
    InvalidRulesError,
    Rank,
    Suit,
    parse_card,
    svg,
)
from pinochle_tutor import parse_cards as cards
from pinochle_widgets._base import (
    FOUR_COLOUR_TEXT,
    FRIENDLY_ERROR,
    Message,
    card_spans,
    coerce_rules,
    four_colour_css,
    guard,
    guarded,
    set_page_four_colour,
    style_widget,
)
from pinochle_widgets.cards import CardsView, HandPicker
from tests.widget_client import client_click, client_update

# ------------------------------------------------------------------ HandPicker


def test_cards_are_buttons_with_text_tooltip_and_classes() -> None:
    p = HandPicker("AS 10H QD JC")
    assert [b.description for b in p.buttons] == ["A♠", "10♥", "Q♦", "J♣"]
    assert [b.tooltip for b in p.buttons] == [
        "ace of spades",
        "ten of hearts",
        "queen of diamonds",
        "jack of clubs",
    ]
    assert "pt-hand-picker" in p._dom_classes
    assert all("pt-card-button" in b._dom_classes for b in p.buttons)
    assert "pt-suit-hearts" in p.buttons[1]._dom_classes
    assert p.hand == tuple(cards("AS 10H QD JC"))


def test_pick_one_calls_back_with_the_card() -> None:
    p = HandPicker("AS 10H QD")
    got: list[Card] = []
    p.on_pick(got.append)
    p.buttons[1].click()
    p.buttons[2].click()
    assert got == cards("10H QD")
    assert p.selected == [parse_card("QD")] and p.selected_indices == [2]
    assert "pt-selected" in p.buttons[2]._dom_classes
    assert "pt-selected" not in p.buttons[1]._dom_classes
    assert p.buttons[2].tooltip == "queen of diamonds, selected"
    p.on_pick(got.append, remove=True)
    p.buttons[0].click()
    assert len(got) == 2


def test_pick_many_up_to_the_maximum_and_toggle() -> None:
    p = HandPicker("AS AS 10H QD JC 9C", mode="many", max_selected=4)
    for i in (0, 1, 2, 3):
        p.buttons[i].click()
    assert p.selected == cards("AS AS 10H QD")  # both copies, by position
    p.buttons[4].click()
    assert "at most 4" in p.message.text and len(p.selected) == 4
    p.buttons[1].click()  # unpick
    p.buttons[4].click()
    assert p.selected == cards("AS 10H QD JC")
    p.clear_selection()
    assert p.selected == []


def test_picker_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="mode='all'"):
        HandPicker("AS", mode="all")
    with pytest.raises(ValueError, match="max_selected"):
        HandPicker("AS", mode="many", max_selected=0)


@pytest.mark.parametrize("bad", [99, -1, 3, "0", None, 1.0, True, [0]])
def test_bad_indices_get_a_message_not_a_crash(bad: Any) -> None:
    p = HandPicker("AS 10H QD")
    got: list[Card] = []
    p.on_pick(got.append)
    assert p.pick(bad) is False
    assert got == [] and p.selected == []
    assert p.message.kind == "error" and p.message.text


def test_a_client_click_on_a_disabled_or_relabelled_button_uses_the_real_card() -> None:
    p = HandPicker("AS 10H QD")
    got: list[Card] = []
    p.on_pick(got.append)
    client_update(p.buttons[0], disabled=True, description="9♣", tooltip="nine of clubs")
    client_click(p.buttons[0])
    assert got == [parse_card("AS")]


def test_stale_buttons_of_an_old_hand_do_nothing() -> None:
    p = HandPicker("AS 10H QD")
    old = p.buttons
    got: list[Card] = []
    p.on_pick(got.append)
    p.set_hand("KC")
    old[2].click()
    assert got == [] and "no longer" in p.message.text
    p.buttons[0].click()
    assert got == [parse_card("KC")]


def test_client_sending_nonsense_state_is_ignored() -> None:
    p = HandPicker("AS 10H")
    client_update(p, children="not a list")  # rejected by ipywidgets, logged, no crash
    client_update(p.buttons[0], button_style="<script>")
    assert p.hand == tuple(cards("AS 10H")) and len(p.buttons) == 2


def test_marks_show_style_word_and_symbol() -> None:
    p = HandPicker("AS 10H QD")
    p.mark("AS", "legal")
    p.mark(cards("QD"), "illegal")
    p.mark("10H", "proof")
    a, t, q = p.buttons
    assert "pt-mark-legal" in a._dom_classes and a.button_style == "success"
    assert "pt-mark-illegal" in q._dom_classes and q.button_style == "danger"
    assert "pt-mark-proof" in t._dom_classes
    assert a.description == "✓ A♠" and q.description == "✗ Q♦" and t.description == "★ 10♥"
    assert a.tooltip == "ace of spades, legal" and q.tooltip == "queen of diamonds, not allowed"
    p.mark("AS", "illegal")
    assert "pt-mark-legal" not in a._dom_classes and "pt-mark-illegal" in a._dom_classes
    assert p.marks == {
        parse_card("AS"): "illegal",
        parse_card("QD"): "illegal",
        parse_card("10H"): "proof",
    }
    p.clear_marks()
    assert a.description == "A♠" and a.button_style == ""
    with pytest.raises(ValueError, match="'glow' is not a mark"):
        p.mark("AS", "glow")


def test_an_exception_in_a_pick_callback_is_shown_and_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    p = HandPicker("AS")

    def broken(_card: Card) -> None:
        raise KeyError("internal detail")

    p.on_pick(broken)
    with caplog.at_level(logging.ERROR, logger="pinochle_widgets"):
        p.buttons[0].click()
    assert p.message.text == FRIENDLY_ERROR
    assert "internal detail" not in p.message.value and "Traceback" not in p.message.value
    assert "internal detail" in caplog.text


def test_set_hand_rejects_unreadable_cards() -> None:
    p = HandPicker()
    assert p.hand == () and p.buttons == ()
    with pytest.raises(ValueError, match="'ZZ' is not a card"):
        p.set_hand("ZZ")


def test_shared_message_and_label_and_four_colour() -> None:
    m = Message()
    p = HandPicker("AS", message=m, label="Pick <one>", four_color=True)
    assert m not in p.children
    assert "&lt;one&gt;" in p._label.value and p.label == "Pick <one>"
    assert "pt-four-color" in p._dom_classes
    p.pick(5)
    assert m.kind == "error"


# ------------------------------------------------------------------- CardsView


def test_cards_view_draws_hand_and_trick() -> None:
    v = CardsView("AS 10H", four_color=True)
    assert "pt-cards-view" in v._dom_classes
    assert 'aria-label="ace of spades"' in v.value and "pt-hand-image" in v.value
    v.show_hand("QD", {parse_card("QD"): "proof"})
    assert "pt-hl-proof" in v.value and "#1f5fbf" in v.value  # four-colour diamonds
    v.show_trick("KC AC", ["Left opponent", "Partner", "You"], 1, empty_slots=1)
    assert "pt-trick-image" in v.value and "Partner (winning)" in v.value and "pt-slot" in v.value


def test_the_four_colour_css_recolours_every_drawing_of_diamonds_and_clubs() -> None:
    """The page-wide deck: its selectors match what the widgets really draw."""
    css = four_colour_css()
    for suit in (Suit.DIAMONDS, Suit.CLUBS):
        two, four = svg.suit_color(suit), svg.suit_color(suit, four_color=True)
        assert two != four
        # Text cards: the classes HandPicker's buttons and card_spans carry.
        assert f".pt-card-button.pt-suit-{suit.plural}" in css and FOUR_COLOUR_TEXT[suit] in css
        assert four in css
        # SVG pictures: the ink attribute CardsView draws with, on the card's own <svg>.
        drawn = CardsView(Card(suit, Rank.JACK).text).value
        assert f'class="pt-card pt-suit-{suit.plural}"' in drawn and f'fill="{two}"' in drawn
        assert f'body svg.pt-suit-{suit.plural} [fill="{two}"] {{ fill: {four}; }}' in css
        # Picture buttons: a four-colour face for every rank.
        for rank in Rank:
            assert f".pt-face-{Card(suit, rank).code} {{ background-image" in css
    for suit in (Suit.SPADES, Suit.HEARTS):
        assert f"pt-suit-{suit.plural}" not in css  # their colours do not change


def test_the_page_deck_switches_the_shared_stylesheet_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import pinochle_widgets._base as base

    monkeypatch.setattr(base, "_STYLE", [])
    monkeypatch.setattr(base, "_FOUR", [False])
    picker = HandPicker("JD QC", pictures=True)
    sheet = picker.children[0]
    assert sheet is style_widget() and "pt-face-JD" not in sheet.value
    set_page_four_colour(True)
    assert four_colour_css() in sheet.value  # the hand already shown changes
    set_page_four_colour(False)
    assert "pt-face-JD" not in sheet.value


# ------------------------------------------------------------------------ base


def test_message_kinds_and_escaping() -> None:
    m = Message()
    m.ok("fine <b>\nline two")
    assert 'class="pt-message pt-ok"' in m.value and "&lt;b&gt;" in m.value
    assert m.text == "fine <b>\nline two"
    m.error("no")
    assert "pt-error" in m.value and m.kind == "error"  # read out by the alert region
    m.info("hi")
    assert "pt-info" in m.value and m.kind == "info"  # by the status region
    assert "role=" not in m.value  # the regions are made once by the page, not per message
    m.clear()
    assert m.value == "" and m.kind == ""


def test_a_message_is_said_in_live_regions_made_once_and_takes_no_words_from_the_page() -> None:
    from pinochle_widgets._base import _MESSAGE_ESM

    for attr in ('"role", role', 'make("status")', 'make("alert")', '"aria-live", "polite"'):
        assert attr in _MESSAGE_ESM
    m = Message()
    m.ok("Right.")
    client_update(m, value="<b>You won!</b>", kind="error")
    assert m.value == '<div class="pt-message pt-ok">Right.</div>' and m.kind == "ok"


def test_guarded_shows_engine_errors_as_written_and_hides_others() -> None:
    class W:
        def __init__(self) -> None:
            self.message = Message()

        @guarded
        def engine(self) -> None:
            parse_card("XX")

        @guarded
        def bug(self) -> int:
            return 1 // 0

    w = W()
    assert w.engine() is None
    assert "'XX' is not a card" in w.message.text
    assert w.bug() is None
    assert w.message.text == FRIENDLY_ERROR and "ZeroDivision" not in w.message.value


def test_guard_wraps_plain_callbacks() -> None:
    m = Message()
    f = guard(lambda: 1 / 0, m)
    assert f() is None and m.kind == "error"
    assert guard(lambda: 5, m)() == 5


@pytest.mark.parametrize(
    ("choice", "expected"),
    [
        (None, CLASSIC),
        ("classic", CLASSIC),
        ("Double deck", DOUBLE_DECK),
        ("double-deck", DOUBLE_DECK),
        ("three-handed", THREE_HANDED),
        (THREE_HANDED, THREE_HANDED),
    ],
)
def test_coerce_rules(choice: Any, expected: Any) -> None:
    assert coerce_rules(choice) is expected


def test_coerce_rules_refuses_unknown_names() -> None:
    with pytest.raises(InvalidRulesError, match="'poker' is not a rule set"):
        coerce_rules("poker")


def test_style_is_one_shared_widget() -> None:
    a, b = style_widget(), style_widget()
    # One assertion a fact, so a failure says which (this failed once in a full run).
    assert a is b, (a.comm, b.comm, [t.name for t in threading.enumerate()])
    assert "<style>" in a.value, a.value[:200]
    assert ".pt-card-button" in a.value, a.value[:200]
    a.close()
    c = style_widget()
    assert c is not a and c.comm is not None


def test_a_client_cannot_replace_the_page_s_stylesheet() -> None:
    """The stylesheet every widget of the page shares takes no value from a client (a
    Voila client can send any trait): the kernel's CSS is kept and sent back."""
    style = style_widget()
    css = style.value
    client_update(style, value="<b>strong'; --</b>")
    assert style.value == css


def test_card_spans() -> None:
    html = card_spans(cards("QS JD"), "proof")
    assert html.count("pt-cardtext") == 2 and "pt-mark-proof" in html and "pt-suit-diamonds" in html


def test_docstring_examples_run() -> None:
    import doctest

    import pinochle_widgets.cards as module

    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_tags_mark_as_many_copies_as_were_received_and_label_them() -> None:
    picker = HandPicker("AS AS 10H QD", pictures=True)
    picker.tag("AS 10H", "received", "received from your partner")
    a1, a2, t, q = picker.buttons
    assert picker.tagged("received") == [parse_card("AS"), parse_card("10H")]
    assert "pt-tag-received" in a1._dom_classes and "pt-tag-received" not in a2._dom_classes
    # The words are in the button's text (read by screen readers) and its tooltip.
    assert a1.description == "A♠ (received from your partner)" and a2.description == "A♠"
    assert "received from your partner" in t.tooltip and "received" not in q.tooltip
    picker.mark(["AS"], "legal")
    assert a1.description == "✓ A♠ (received from your partner)"
    picker.clear_marks()
    assert picker.tagged("received") == [parse_card("AS"), parse_card("10H")]
    picker.set_hand("AS KS")
    assert picker.tagged("received") == [] and picker.buttons[0].description == "A♠"


def test_lesson_cards_follow_the_learners_four_colour_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    """``lesson.cards`` draws its cards with the course's suit classes, coloured by the
    page's shared stylesheet: four colours when the learner chose them, and the switch
    recolours them at once (no fixed colour written into the cards)."""
    import pinochle_widgets._base as base
    from pinochle_widgets.lesson import cards as lesson_cards

    monkeypatch.setattr(base, "_STYLE", [])
    monkeypatch.setattr(base, "_FOUR", [True])
    box = lesson_cards("AD 10C KS")
    sheet, shown = box.children
    assert sheet is style_widget()
    for c in cards("AD 10C KS"):
        assert f'<span class="pt-cardtext pt-suit-{c.suit.plural}" title="{c.name}">{c.text}</span>' in shown.value
    assert "style=" not in shown.value and "color" not in shown.value
    for suit in (Suit.DIAMONDS, Suit.CLUBS):
        rule = f"body .pt-cardtext.pt-suit-{suit.plural} {{ color: {FOUR_COLOUR_TEXT[suit]} !important; }}"
        assert rule in sheet.value
    set_page_four_colour(False)  # the learner card's switch, off: two colours at once
    assert "body .pt-cardtext.pt-suit-diamonds" not in sheet.value
    assert ".pt-cardtext.pt-suit-diamonds { color: #c8102e; }" in sheet.value
