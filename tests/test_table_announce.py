"""What a screen reader hears at the game table (headless): the polite live region's
text after each learner action, built from the session's own log lines, and where the
keyboard focus goes next."""

from __future__ import annotations

from collections.abc import Iterator

import ipywidgets as widgets
import pytest

from pinochle_tutor import Phase
from pinochle_tutor.cards import Card
from pinochle_tutor.course.table.announce import spoken
from pinochle_widgets.game_table import GameTable
from pinochle_widgets.live import LiveRegion
from tests.test_game_table import assert_no_hidden, click_card, step, to_play
from tests.widget_client import client_update


@pytest.fixture
def focused(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[widgets.DOMWidget]]:
    """Every widget the kernel asks the page to focus, in order."""
    seen: list[widgets.DOMWidget] = []
    monkeypatch.setattr(widgets.DOMWidget, "focus", lambda self: seen.append(self))
    yield seen


def test_cards_are_said_by_name_and_a_row_of_cards_as_a_list() -> None:
    assert spoken("Right wins trick 4 with A♠ (20 points).") == (
        "Right wins trick 4 with ace of spades (20 points)."
    )
    assert spoken("The kitty: 10♦ 9♣ J♥.") == "The kitty: ten of diamonds, nine of clubs, jack of hearts."
    assert spoken("Us bid 250 and made. Us +370 (total 370).") == (
        "Us bid 250 and made. Us +370 (total 370)."
    )  # numbers that are not cards stay
    for c in (Card.parse(t) for t in ("9S", "10H", "AD", "JC", "QS", "KH")):
        assert spoken(f"Left plays {c.text}.") == f"Left plays {c.name}."


def test_each_finished_trick_is_told_card_by_card_with_its_winner_and_points() -> None:
    g = GameTable(seed=9)
    s = g.session
    to_play(g)
    told = 0
    heard = [g.announcer.text]
    while not s.hand_over:
        before = len(s.view.tricks)
        if s.trick_waiting:
            g.continue_button.click()
        else:
            click_card(g.hand_picker, s.view.legal[0])
        said = g.announcer.text
        assert said != heard[-1]  # one update per action
        heard.append(said)
        assert "You play" not in said  # the learner's own card: the message says it
        # A trick's cards before the learner's were told when the learner's turn came.
        both = " ".join(heard[-2:])
        for t in s.view.tricks[before:]:
            for seat, card in zip(t.seats, t.cards, strict=True):
                if seat != s.human_seat:
                    assert f"{s.seat_name(seat)} plays {card.name}." in both, both
            assert (
                f"{'You win' if t.winner == s.human_seat else s.seat_name(t.winner) + ' wins'}"
                f" trick {s.view.tricks.index(t) + 1} with {t.winning_card.name} ({t.points} points)"
            ) in said, said
            told += 1
        if s.trick_waiting:
            assert said.endswith("continue when you have seen it."), said
        elif s.is_my_turn:
            assert said.endswith("Your turn: play a card."), said
        assert_no_hidden(g)
    assert told == 12
    # The end of the hand: the score as the session scored it.
    said = g.announcer.text
    us, them = s.scores
    assert f"(total {us})" in said and f"(total {them})" in said, said
    assert said.endswith("The hand is over: deal the next hand."), said


def test_the_auction_and_the_exchange_are_told_and_nothing_twice() -> None:
    g = GameTable(seed=9)
    assert g.announcer.text == "Hand 1: Right opponent deals. Your turn: bid at least 250, or pass."
    g.amount.value = 250
    g.bid_button.click()
    said = g.announcer.text
    assert said.startswith("Left opponent passes. Partner passes. Right opponent passes. You won the auction at 250.")
    assert "You bid" not in said and "Right opponent deals" not in said
    assert said.endswith("Your turn: name trump.")
    g.trump_buttons[0].click()
    received = g.session.view.received
    assert f"Partner passes {', '.join(c.name for c in received)} to you." in g.announcer.text
    assert g.announcer.text.endswith("Your turn: return cards to your partner.")


def test_an_undo_reads_out_no_line_it_took_back() -> None:
    g = GameTable(seed=9)
    g.pass_button.click()
    assert g.announcer.text.startswith("Left opponent ")
    g.undo_button.click()
    # Only what comes next: the lines taken back are not read again.
    assert g.announcer.text == "Your turn: bid at least 250, or pass."
    g.pass_button.click()
    assert g.announcer.text.startswith("Left opponent ") and "take back" not in g.announcer.text


def test_the_region_takes_no_words_from_the_page() -> None:
    g = GameTable(seed=9)
    before = g.announcer.text
    client_update(g.announcer, text="You won the game!", label="x")
    assert g.announcer.text == before and g.announcer.label == "At the table"
    r = LiveRegion()
    r.say("Left plays king of spades.")
    assert r.text == "Left plays king of spades."


def test_the_focus_goes_where_the_learner_acts_next(focused: list[widgets.DOMWidget]) -> None:
    g = GameTable(seed=9)
    assert focused == []  # a page's focus is not taken when it opens
    g.amount.value = 250
    g.bid_button.click()
    assert focused[-1] is g.trump_buttons[0]
    g.trump_buttons[0].click()
    assert focused[-1] is g.select_picker.buttons[0]
    for b in g.select_picker.buttons[:4]:
        b.click()
    g.give_button.click()
    s = g.session
    assert s.view.phase is Phase.PLAY and s.is_my_turn
    first_legal = next(
        b for b, c in zip(g.hand_picker.buttons, g.hand_picker.hand, strict=True) if c in s.view.legal
    )
    assert focused[-1] is first_legal
    g.concede_button.click()
    assert focused[-1] is g.concede_no
    g.concede_no.click()
    assert focused[-1] is first_legal
    first_legal.click()
    assert s.trick_waiting and focused[-1] is g.continue_button
    g.continue_button.click()
    assert focused[-1] in g.hand_picker.buttons
    card = g.hand_picker.hand[g.hand_picker.buttons.index(focused[-1])]
    assert card in s.view.legal
    while not s.hand_over:
        step(g)
    assert focused[-1] is g.next_button


def test_the_auction_focus_is_the_bid_box(focused: list[widgets.DOMWidget]) -> None:
    g = GameTable(seed=1)
    g.amount.value = 250
    g.bid_button.click()
    assert g.announcer.text == (
        "Left opponent bids 260. Partner passes. Right opponent passes. "
        "Your turn: bid at least 270, or pass."
    )
    assert focused[-1] is g.amount
