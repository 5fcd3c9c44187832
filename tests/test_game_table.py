"""GameTable, headless: a trick, a hand and a game played by clicks; refusals
explained; hidden hands never in synced state."""

from __future__ import annotations

from typing import Any

import pytest
from traitlets import TraitError

from pinochle_tutor import Phase, Suit
from pinochle_tutor.cards import Card
from pinochle_tutor.course.session import GameSession
from pinochle_widgets.game_table import GameTable
from tests.widget_client import tree_states


def hidden_only(s: GameSession) -> set[Card]:
    """Distinct cards held by other seats of which the learner has seen no copy."""
    h = s.engine_hand
    v = s.view
    seen = set(v.hand) | set(v.received) | set(v.given) | set(v.kitty) | set(v.trick)
    for t in v.tricks:
        seen |= set(t.cards)
    for m in v.melds or ():
        seen |= set(m.hand)
    others: set[Card] = set()
    for seat, cards in enumerate(h.hands):
        if seat != s.human_seat:
            others |= set(cards)
    if h.rules.has_kitty and h.declarer is None:
        others |= set(h.deal.kitty)
    if h.discards and h.declarer != s.human_seat:
        others |= set(h.discards)
    return others - seen


def assert_no_hidden(g: GameTable) -> None:
    state = tree_states(g)
    for c in hidden_only(g.session):
        assert c.text not in state and c.name not in state, f"hidden {c.text} in state"


def click_card(picker: Any, card: Card) -> None:
    picker.buttons[list(picker.hand).index(card)].click()


def step(g: GameTable) -> None:
    """One learner action by clicks: pass in the auction, the first trump button,
    the first cards for an exchange, the first legal card."""
    s = g.session
    v = s.view
    if s.trick_waiting:
        g.continue_button.click()
    elif s.hand_over:
        g.next_button.click()
    elif v.phase is Phase.AUCTION:
        g.pass_button.click()
    elif v.phase is Phase.TRUMP:
        g.trump_buttons[0].click()
    elif v.phase in (Phase.PASS, Phase.RETURN, Phase.DISCARD):
        n = s.rules.kitty_size if v.phase is Phase.DISCARD else s.rules.exchange_size
        for b in g.select_picker.buttons[:n]:
            b.click()
        g.give_button.click()
    else:
        click_card(g.hand_picker, v.legal[0])


def to_play(g: GameTable) -> None:
    while g.session.view.phase is not Phase.PLAY or not g.session.is_my_turn:
        step(g)


def snapshot(s: GameSession) -> Any:
    h = s.engine_hand
    return (
        [list(x) for x in h.hands],
        h.phase,
        list(h.auction.history),
        list(h.trick),
        len(h.tricks),
    )


def test_builds_showing_the_auction() -> None:
    g = GameTable(seed=1)
    v = g.session.view
    assert "Bid at least 250" in g.status_area.value
    assert tuple(g.hand_picker.hand) == v.hand
    assert g.auction_box.layout.display is None and g.trump_box.layout.display == "none"
    assert g.next_button.layout.display == "none"
    assert "Hand 1" in g.log_area.value
    for cls in (
        "pt-game-table",
        "pt-hand",
        "pt-bid",
        "pt-pass",
        "pt-hint",
        "pt-trick",
        "pt-message-area",
    ):
        assert cls in tree_states(g)
    assert_no_hidden(g)


def test_one_full_trick_by_clicks() -> None:
    g = GameTable(seed=2)
    to_play(g)
    s = g.session
    tricks = len(s.view.tricks)
    assert "Trick" in g.trick_caption.value and g.meld_area.value.startswith("<b>Meld")
    # Play until one trick completes (the learner may be asked more than once).
    while len(s.view.tricks) == tricks:
        click_card(g.hand_picker, s.view.legal[0])
        assert g.message.kind == "ok", g.message.text
    caption = g.trick_caption.value
    assert f"Trick {tricks + 1}</b>: " in caption and "with" in caption
    assert g.session.trick_waiting and "Continue" in caption
    assert "wins trick" in g.log_area.value or "win trick" in g.log_area.value
    assert_no_hidden(g)


def test_one_full_hand_by_clicks_then_next_hand() -> None:
    g = GameTable(seed=3)
    s = g.session
    while not s.hand_over:
        step(g)
        assert_no_hidden(g)
    assert "<table" in g.sheet_area.value and "Contract" in g.sheet_area.value
    assert "Review of hand 1" in g.review_area.value
    assert g.next_button.layout.display is None
    g.next_button.click()
    assert s.hand_number == 2 and g.review_area.value == ""
    assert "Hand 2" in g.info_bar.value


def test_whole_game_by_clicks() -> None:
    g = GameTable(seed=4)
    s = g.session
    for _ in range(3000):
        if s.is_over:
            break
        step(g)
    assert s.is_over and s.winner is not None
    assert "Game over" in g.log_area.value
    assert g.next_button.layout.display == "none"
    g.next_button.click()  # pressed anyway
    assert "game is over" in g.message.text.lower()
    assert g.sheet_area.value.count("<tr") == len(s.score_sheet) + 1


def test_illegal_click_is_explained_and_changes_nothing() -> None:
    for seed in range(30):
        g = GameTable(seed=seed)
        to_play(g)
        v = g.session.view
        wrong = [c for c in v.hand if c not in v.legal]
        if wrong:
            break
    else:  # pragma: no cover
        pytest.fail("no position with an illegal card")
    before = snapshot(g.session)
    click_card(g.hand_picker, wrong[0])
    assert snapshot(g.session) == before
    assert g.message.kind == "error"
    assert f"You cannot play {wrong[0].text}" in g.message.text
    assert any(
        k in g.message.text for k in ("rule 1", "rule 2", "rule 3", "follow", "beat", "trump")
    )
    assert g.hand_picker.marks.get(wrong[0]) == "illegal"
    assert "You tried" in g.log_area.value
    # text that is not a card, typed rather than clicked
    assert g.play("ZZ") is False and "ZZ" in g.message.text
    assert snapshot(g.session) == before


@pytest.mark.parametrize(
    ("amount", "words"), [(255, "multiples of 10"), (10, "at least 250"), (-300, "at least")]
)
def test_bad_bids_explained(amount: int, words: str) -> None:
    g = GameTable(seed=5)
    before = snapshot(g.session)
    g.amount.value = amount
    g.bid_button.click()
    assert words in g.message.text and g.message.kind == "error"
    assert snapshot(g.session) == before


def test_hidden_buttons_pressed_anyway() -> None:
    g = GameTable(seed=6)
    before = snapshot(g.session)
    g.trump_buttons[1].click()
    assert "cannot name trump now" in g.message.text
    g.give_button.click()
    assert "cannot pass cards" in g.message.text
    g.concede_button.click()
    assert "cannot play a card now" in g.message.text or "concede" in g.message.text
    g.next_button.click()
    assert "Finish this hand" in g.message.text
    click_card(g.hand_picker, g.hand_picker.hand[0])
    assert "cannot play a card now" in g.message.text
    assert snapshot(g.session) == before


def test_nonsense_traits_and_forged_button_text() -> None:
    g = GameTable(seed=7)
    with pytest.raises(TraitError):
        g.amount.value = "lots"
    with pytest.raises(TraitError):
        g.amount.set_state({"value": "lots"})
    g.hand_picker.pick("1; DROP TABLE")
    assert g.message.kind == "error"
    g.hand_picker.pick(99)
    assert "no card number 100" in g.message.text
    # A client may rewrite a button's label: Python does not read it back.
    for seed in range(40):
        g = GameTable(seed=seed)
        while g.session.view.phase is Phase.AUCTION and g.session.is_my_turn:
            g.amount.value = max(g.session.view.min_bid, 600)
            g.bid_button.click()
        if g.session.view.phase is Phase.TRUMP:
            break
    else:  # pragma: no cover
        pytest.fail("the learner never won the auction")
    g.trump_buttons[0].description = "♥ hearts"
    g.trump_buttons[0].click()
    assert g.session.view.trump is Suit.SPADES


def test_learner_declarer_returns_and_concedes_by_clicks() -> None:
    g = GameTable(seed=8)
    s = g.session
    while s.view.phase is Phase.AUCTION:
        g.amount.value = max(s.view.min_bid, 800)
        g.bid_button.click()
    assert s.view.declarer == 0
    g.trump_buttons[2].click()
    assert s.view.phase is Phase.RETURN and g.give_button.description == "Return these cards"
    for b in g.select_picker.buttons[:3]:
        b.click()
    g.give_button.click()
    assert "exactly 4" in g.message.text and s.view.phase is Phase.RETURN
    g.select_picker.buttons[3].click()
    g.give_button.click()
    assert s.view.phase is Phase.PLAY and g.concede_button.layout.display is None
    g.concede_button.click()
    assert not s.hand_over and g.confirm_box.layout.display is None
    g.concede_yes.click()
    assert s.hand_over and "conceded" in g.sheet_area.value


def test_hint_button() -> None:
    g = GameTable(seed=9)
    g.hint_button.click()
    assert g.message.text.startswith("Hint:")
    to_play(g)
    g.hint_button.click()
    hint = g.session.hint()
    assert hint.cards and g.hand_picker.marks.get(hint.cards[0]) == "proof"
    assert "Hint: Play" in g.message.text
    assert GameTable(seed=9, hints=False).hint_button.layout.display == "none"


@pytest.mark.parametrize("rules", ["three_handed", "double_deck"])
def test_other_rule_sets_by_clicks(rules: str) -> None:
    g = GameTable(seed=10, rules=rules)
    s = g.session
    while s.hand_number < 3 and not s.is_over:
        step(g)
        assert_no_hidden(g)
    assert len(s.score_sheet) >= 2


def test_three_handed_discard_by_clicks() -> None:
    g = GameTable(seed=11, rules="three_handed")
    s = g.session
    while s.view.phase is Phase.AUCTION:
        g.amount.value = max(s.view.min_bid, 600)
        g.bid_button.click()
    assert s.view.phase is Phase.DISCARD and g.give_button.description == "Discard these cards"
    assert "The kitty" in g.log_area.value
    for b in g.select_picker.buttons[:3]:
        b.click()
    g.give_button.click()
    assert s.view.phase is Phase.TRUMP and len(s.view.hand) == 15
