"""GameTable, headless: a trick, a hand and a game played by clicks; refusals
explained; hidden hands never in synced state."""

from __future__ import annotations

import html
import itertools
from typing import Any

import pytest
from traitlets import TraitError

from pinochle_tutor import Phase, Suit
from pinochle_tutor.cards import Card
from pinochle_tutor.course.table.session import GameSession
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
    assert g.auction_box.layout.display == "" and g.trump_box.layout.display == "none"
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
    assert g.next_button.layout.display == ""
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
        g.amount.value = None
    g.amount.set_state({"value": None})  # as a client sends it: refused with a message
    assert "cannot take None" in g.message.text
    g.amount.set_state({"value": "lots"})  # the box's text, as a browser sends it
    g.bid_button.click()
    assert g.message.text == "'lots' is not a bid: type a whole number in digits."
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
    assert s.view.phase is Phase.PLAY and g.concede_button.layout.display == ""
    g.concede_button.click()
    assert not s.hand_over and g.confirm_box.layout.display == ""
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


def test_a_hints_alternatives_are_shown_on_request() -> None:
    """Every hint with a choice behind it lists the alternatives with their expected
    values in a closed list under the message (the bid levels in the auction, every
    card in play); the list goes when the decision does."""
    g = GameTable(seed=9)
    g.hint_button.click()
    lines = g.session.hint().alternatives_lines()
    # How the coach worked the bid out comes first, then the levels it held.
    assert lines and any(line.startswith("Hold ") for line in lines), lines
    more = g.hint_more.value
    assert more.startswith("<details><summary>") and "<details open" not in more
    assert more.count("<li>") == len(lines) and html.escape(lines[0]) in more
    g.pass_button.click()
    assert g.hint_more.value == ""
    to_play(g)
    g.hint_button.click()
    hint = g.session.hint()
    assert g.hint_more.value.count("<li>") == len(hint.alternatives_lines())


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


# ------------------------------------------------ the table layout and its flow
def test_seats_sit_around_the_table() -> None:
    g = GameTable(seed=12)
    assert [g.position(s) for s in range(4)] == ["south", "west", "north", "east"]
    assert "Partner" in g.seats["north"].value and "You" in g.seats["south"].value
    assert "Left" in g.seats["west"].value and "Right" in g.seats["east"].value
    assert "pt-turn" in g.seats["south"].value  # the learner bids first
    for word in ("Dealer", "Contract", "Trump", "Score", "Your turn"):
        assert word in g.info_bar.value
    assert all("pt-card-pic" in b._dom_classes for b in g.hand_picker.buttons)
    t = GameTable(seed=12, rules="three_handed")
    assert [t.position(s) for s in range(3)] == ["south", "west", "east"]
    assert t.seats["north"].layout.display == "none"


def test_hand_sorted_trump_first_and_received_cards_tagged() -> None:
    for seed in range(30):
        g = GameTable(seed=seed)
        to_play(g)
        v = g.session.view
        if v.received:
            break
    trump = v.trump
    assert trump is not None and v.received
    hand = g.hand_picker.hand
    suits = [c.suit for c in hand]
    assert suits[0] is v.trump or v.trump not in suits
    assert sorted(set(suits), key=suits.index) == sorted(
        set(suits), key=lambda s: (s - trump) % 4
    )
    for a, b in itertools.pairwise(hand):
        assert a.suit != b.suit or a.rank >= b.rank
    tagged = {c for c, t in g.hand_picker.tags.items() if t == "received"}
    assert tagged == {c for c in v.received if c in v.hand}
    # One marker per card received (a copy already held is not new), with words.
    shown = g.hand_picker.tagged("received")
    assert sorted(shown) == sorted(c for c in v.received if c in v.hand)
    src = "your partner" if v.declarer == v.seat else "the declarer"
    for b in g.hand_picker.buttons:
        if "pt-tag-received" in b._dom_classes:
            assert b.description.endswith(f"(received from {src})")
            assert f"received from {src}" in b.tooltip


def test_three_handed_kitty_cards_are_marked_in_the_hand() -> None:
    g = GameTable(seed=4, rules="three_handed")
    s = g.session
    while s.view.phase is Phase.AUCTION:
        g.amount.value = max(s.view.min_bid, 500)
        g.bid_button.click()
    v = s.view
    assert v.phase is Phase.DISCARD and v.received == v.kitty and len(v.kitty) == 3
    # While discarding, the kitty's cards are marked among the cards to pick from.
    assert sorted(g.select_picker.tagged("received")) == sorted(v.kitty)
    for b in g.select_picker.buttons:
        if "pt-tag-received" in b._dom_classes:
            assert "received from the kitty" in b.tooltip
            assert b.description.endswith("(received from the kitty)")
    kept = [c for c in g.select_picker.hand if c not in v.kitty][:3]
    for c in kept:
        click_card(g.select_picker, c)
    g.give_button.click()
    v = s.view
    assert v.phase is Phase.TRUMP
    # Only cards not from the kitty were discarded: all three stay marked.
    assert sorted(g.hand_picker.tagged("received")) == sorted(v.kitty)


def test_legal_cards_marked_on_request() -> None:
    g = GameTable(seed=13)
    to_play(g)
    assert not g.hand_picker.marks
    g.legal_box.value = True
    assert set(g.hand_picker.marks) == set(g.session.view.legal)


def test_finished_trick_waits_and_rapid_clicks_play_nothing() -> None:
    g = GameTable(seed=14)
    to_play(g)
    s = g.session
    while not s.trick_waiting:
        click_card(g.hand_picker, s.view.legal[0])
    before = snapshot(s)
    for b in g.hand_picker.buttons[:5]:
        b.click()  # rapid clicks on the next trick
    assert snapshot(s) == before and "Continue first" in g.message.text
    assert g.continue_button.layout.display == ""
    assert sum("pt-trick-card" in w.value for w in g.slots.values()) == 4
    g.last_button.click()
    assert g.last_area.layout.display == "" and "Last trick" in g.last_area.value
    g.continue_button.click()
    assert not s.trick_waiting and g.continue_button.layout.display == "none"
    g.continue_button.click()
    assert "no finished trick" in g.message.text


def test_automatic_pause_collects_the_trick() -> None:
    import time

    g = GameTable(seed=15, auto_continue=True, pause=0.05)
    to_play(g)
    s = g.session
    while not s.trick_waiting:
        click_card(g.hand_picker, s.view.legal[0])
    for _ in range(100):
        if not s.trick_waiting:
            break
        time.sleep(0.02)
    assert not s.trick_waiting and len(s.view.tricks) >= 1


def test_undo_button_takes_back_a_card_and_can_be_switched_off() -> None:
    g = GameTable(seed=16)
    to_play(g)
    s = g.session
    before = snapshot(s)
    click_card(g.hand_picker, s.view.legal[0])
    assert snapshot(s) != before
    g.undo_button.click()
    assert snapshot(s) == before and "Taken back: your play of" in g.message.text
    assert tuple(g.hand_picker.hand) == g.sorted_hand()
    off = GameTable(seed=16, undo=False)
    assert off.undo_button.layout.display == "none"
    off.pass_button.click()
    off.undo_button.click()  # a client may press a hidden button
    assert "switched off" in off.message.text


def test_concede_asks_first_with_its_cost() -> None:
    for seed in range(40):
        g = GameTable(seed=seed)
        s = g.session
        while s.phase is Phase.AUCTION and s.is_my_turn:
            g.amount.value = max(s.view.min_bid, 600)
            g.bid_button.click()
        if s.view.declarer == s.human_seat:
            break
    while not s.can_concede:
        step(g)
    g.concede_yes.click()  # forged: no question asked yet
    assert not s.hand_over and "first" in g.message.text
    g.concede_button.click()
    assert g.confirm_box.layout.display == "" and not s.hand_over
    assert f"You lose {s.view.contract}; they score" in g.confirm_text.value
    g.concede_no.click()
    assert g.confirm_box.layout.display == "none" and not s.hand_over
    g.concede_button.click()
    g.concede_yes.click()
    assert s.hand_over and "Hand 1 is over" in g.result_area.value


def test_game_end_shown_plainly_with_new_game() -> None:
    from pinochle_tutor import CLASSIC

    g = GameTable(seed=5, rules=CLASSIC.with_settings(target=20))
    g.new_game_button.click()  # forged before the end
    assert "Finish this game" in g.message.text
    first = g.session
    while not first.is_over:
        step(g)
    assert "Game over" in g.result_area.value and "Final score" in g.result_area.value
    assert "won the game" in g.result_area.value
    assert "Them won" not in g.result_area.value  # "The other side won the game."
    assert g.new_game_button.layout.display == ""
    assert "<p>" in g.log_area.value and "Game over" in g.log_area.value.split("</p>")[0]
    g.new_game_button.click()
    assert g.session is not first and g.session.seed != first.seed
    assert g.session.scores == [0, 0] and g.new_game_button.layout.display == "none"


def test_each_page_deals_fresh_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PINOCHLE_TUTOR_SEED", raising=False)
    hands = {GameTable().hand_picker.hand for _ in range(3)}
    assert len(hands) == 3
    monkeypatch.setenv("PINOCHLE_TUTOR_SEED", "9")
    assert GameTable().hand_picker.hand == GameTable().hand_picker.hand


def test_client_sets_bad_values_on_the_new_controls() -> None:
    from tests.widget_client import client_click, client_update

    g = GameTable(seed=17)
    with pytest.raises(TraitError):
        g.legal_box.value = "yes please"
    client_update(g.auto_box, value=True)  # allowed: the learner's own option
    assert g.auto_box.value is True
    for b in (g.continue_button, g.concede_yes, g.new_game_button, g.last_button):
        client_click(b)
        assert g.message.kind in ("error", "info"), b.description
    assert_no_hidden(g)


# ------------------------------------------------------ counting one's own meld
def to_meld_count(g: GameTable) -> None:
    for _ in range(100):
        if g.session.meld_count_pending:
            return
        step(g)
    pytest.fail("the meld count never came")


@pytest.mark.parametrize("rules", ["classic", "double_deck", "three_handed"])
def test_count_your_own_meld_by_typing_it(rules: str) -> None:
    from pinochle_tutor.explain import diagnose_meld
    from pinochle_widgets.meld_counter import diagnosis_html

    g = GameTable(seed=3, rules=rules, count_meld=True)
    s = g.session
    assert g.count_box.layout.display == "none"
    g.count_button.click()  # out of turn: nothing to count yet
    assert "no meld to count yet" in g.message.text and g.message.kind == "error"
    to_meld_count(g)
    assert g.count_box.layout.display == "" and g.meld_area.value == ""
    assert g.meld_check_area.value == "" and g.meld_check_area.layout.display == "none"
    assert " meld " not in g.log_area.value and "melds" not in g.log_area.value
    assert "Count your meld" in g.status_area.value and "Count your meld" in g.info_bar.value
    assert not any("pt-turn" in w.value for w in g.seats.values())
    before = snapshot(s)
    for bad, words in [
        ("", "Type your meld total first"),
        ("abc", "not a number"),
        ("-5", "negative"),
        (str(10**9), "far too large"),
    ]:
        g.meld_total.value = bad
        g.count_button.click()
        assert words in g.message.text and g.message.kind == "error", bad
        assert snapshot(s) == before and s.meld_count_pending
    g.hand_picker.buttons[0].click()  # a card before the count
    assert "Count your meld first" in g.message.text and snapshot(s) == before
    v = s.view
    assert v.trump is not None and v.melds is not None
    right = v.melds[s.human_seat].total
    g.meld_total.value = f"{right + 10} points"
    g.count_button.click()
    expected = diagnose_meld(v.hand, v.trump, right + 10, rules=s.rules)
    assert diagnosis_html(expected).split("<br>")[0] in g.message.value
    assert g.message.kind == "error" and "10 too many" in g.message.text
    assert diagnosis_html(expected) in g.meld_check_area.value
    assert g.count_box.layout.display == "none" and g.meld_total.value == ""
    assert g.meld_check_area.layout.display == ""
    assert f"the meld is {right}" in g.meld_check_area.value
    assert "pt-breakdown" in g.meld_check_area.value  # the meld counter's table
    assert "Meld by side" in g.meld_area.value and "melds" in g.log_area.value
    g.count_button.click()
    assert "counted and shown already" in g.message.text
    while not s.hand_over:
        step(g)
    assert g.meld_check_area.value == ""


def test_count_meld_is_off_by_default_and_a_right_count_says_so() -> None:
    g = GameTable(seed=3)
    to_play(g)
    assert g.count_box.layout.display == "none" and "Meld by side" in g.meld_area.value
    g.count_meld("20")
    assert "nothing to count" in g.message.text
    t = GameTable(seed=8, count_meld=True)
    to_meld_count(t)
    v = t.session.view
    assert v.melds is not None
    assert t.count_meld(str(v.melds[t.session.human_seat].total)) is True
    assert t.message.kind == "ok" and "Right: the meld is" in t.message.text
    assert_no_hidden(t)


def test_client_forges_the_meld_total() -> None:
    from tests.widget_client import client_click, client_update

    g = GameTable(seed=3, count_meld=True)
    to_meld_count(g)
    with pytest.raises(TraitError):
        g.meld_total.value = 120
    client_update(g.meld_total, value="x" * 5000)
    client_click(g.count_button)
    assert "not a number" in g.message.text and len(g.message.text) < 200
    assert g.session.meld_count_pending
