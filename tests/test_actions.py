"""Actions as values: each kind round-trips through text, unreadable text is refused
with a narrow error quoting it, and a finished hand's history replayed with
``Hand.apply`` gives the same hand, for every rule set."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle_tutor.actions import (
    Action,
    Bid,
    Concede,
    Give,
    InvalidActionError,
    NameTrump,
    Play,
)
from pinochle_tutor.auction import IllegalBidError
from pinochle_tutor.cards import CARDS_BY_INDEX, Card, Suit
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.exchange import IllegalExchangeError
from pinochle_tutor.game import Hand, OutOfTurnError, play_hand
from pinochle_tutor.players import RandomPlayer
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED, RuleSet
from pinochle_tutor.tricks import IllegalPlayError
from pinochle_tutor.view import Phase

cards = st.sampled_from(CARDS_BY_INDEX)
actions: st.SearchStrategy[Action] = st.one_of(
    st.builds(Bid, st.none() | st.integers(min_value=0, max_value=10**6)),
    st.builds(NameTrump, st.sampled_from(list(Suit))),
    st.builds(Give, st.lists(cards, max_size=12).map(tuple)),
    st.just(Concede()),
    st.builds(Play, cards),
)


@given(actions)
def test_every_action_round_trips_through_its_text(a: Action) -> None:
    assert Action.parse(str(a)) == a
    assert eval(repr(a)) == a  # the repr pastes back in
    assert hash(Action.parse(a.text)) == hash(a)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("bid 250", Bid(250)),
        ("  BID 300 ", Bid(300)),
        ("pass", Bid(None)),
        ("trump H", NameTrump(Suit.HEARTS)),
        ("trump hearts", NameTrump(Suit.HEARTS)),
        ("trump ♥", NameTrump(Suit.HEARTS)),
        ("give 9s jd, AH 10c", Give(tuple(Card.parse(t) for t in ("9♠", "J♦", "A♥", "10♣")))),
        ("Concede", Concede()),
        ("play AS", Play(Card.parse("A♠"))),
        ("play 10♥", Play(Card.parse("10H"))),
    ],
)
def test_ascii_and_symbol_forms_are_read(text: str, action: Action) -> None:
    assert Action.parse(text) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "bid",
        "bid lots",
        "bid -5",
        "pass AS",
        "trump",
        "trump X",
        "play QX",
        "concede now",
        "fold",
    ],
)
def test_unreadable_text_is_refused_quoting_it(text: str) -> None:
    with pytest.raises(InvalidActionError) as e:
        Action.parse(text)
    assert repr(text) in str(e.value)
    assert isinstance(e.value, PinochleError)


def test_apply_raises_the_narrow_errors_of_the_action_methods() -> None:
    h = Hand(dealer=0, seed=1)
    with pytest.raises(IllegalBidError):
        h.apply(Bid(5))
    with pytest.raises(OutOfTurnError):
        h.apply(Play(h.hands[1][0]))
    with pytest.raises(OutOfTurnError):
        h.apply(Give(tuple(h.hands[1][:4])))
    with pytest.raises(OutOfTurnError):
        h.apply(Concede())
    assert h.history == [] and h.phase is Phase.AUCTION
    h.apply(Bid(250))
    for _ in range(3):
        h.apply(Bid(None))
    assert h.history == [(1, Bid(250)), (2, Bid(None)), (3, Bid(None)), (0, Bid(None))]
    h.apply(NameTrump(Suit.SPADES))
    with pytest.raises(IllegalExchangeError):
        h.apply(Give(tuple(h.hands[1][:3])))  # the partner holds these cards, not 4 of them
    partner = h.to_act
    assert partner == 3
    h.apply(Give(tuple(h.hands[3][:4])))
    assert h.phase is Phase.RETURN


def test_an_illegal_card_is_refused_and_recorded_as_by_play() -> None:
    h = play_hand_to_play(seed=4)
    seat = h.to_act
    assert seat is not None
    h.apply(Play(h.legal_plays()[0]))
    seat = h.to_act
    assert seat is not None
    illegal = [c for c in h.hands[seat] if c not in h.legal_plays()]
    assert illegal, "seed 4 gives the second seat a card it may not play"
    before = list(h.history)
    with pytest.raises(IllegalPlayError):
        h.apply(Play(illegal[0]))
    assert h.illegal_attempts[-1].seat == seat and h.illegal_attempts[-1].verdict.card == illegal[0]
    assert h.history == before


def play_hand_to_play(seed: int) -> Hand:
    h = Hand(dealer=0, seed=seed)
    players = [RandomPlayer(seed=seed + s) for s in range(4)]
    while h.phase is not Phase.PLAY:
        seat = h.to_act
        assert seat is not None
        h.act(players[seat])
    return h


@settings(max_examples=15, deadline=None)
@given(
    rules=st.sampled_from([CLASSIC, DOUBLE_DECK, THREE_HANDED]),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    dealer=st.integers(min_value=0, max_value=3),
)
def test_replaying_a_finished_hands_history_gives_the_same_hand(
    rules: RuleSet, seed: int, dealer: int
) -> None:
    dealer %= rules.players
    players = [RandomPlayer(seed=seed + s, bid_chance=0.5) for s in range(rules.players)]
    hand = play_hand(players, dealer, rules, seed=seed)
    again = Hand(hand.dealer, rules, dealt=hand.deal)
    for seat, action in hand.history:
        assert again.to_act == seat
        again.apply(Action.parse(str(action)))
    assert again.phase is Phase.DONE
    assert again.history == hand.history
    assert again.scores == hand.scores and again.score_changes == hand.score_changes
    assert again.tricks == hand.tricks and again.side_points == hand.side_points
