"""Actions as values: each kind round-trips through text, unreadable text is refused
with a narrow error quoting it, and a finished hand's history replayed with
``Hand.apply`` gives the same hand, for every rule set."""

from __future__ import annotations

from collections import Counter
from math import comb

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


def _copy(hand: Hand) -> Hand:
    """The same hand at the same moment, by replaying its history."""
    again = Hand(hand.dealer, hand.rules, dealt=hand.deal)
    for _, action in hand.history:
        again.apply(action)
    return again


def _same_cards(action: object) -> object:
    """An action with a Give's cards in one order (a Give is a set of cards)."""
    return Give(tuple(sorted(action.cards))) if isinstance(action, Give) else action


@settings(max_examples=12, deadline=None)
@given(
    rules=st.sampled_from([CLASSIC, DOUBLE_DECK, THREE_HANDED]),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    data=st.data(),
)
def test_legal_actions_are_what_apply_takes_at_every_moment_of_a_hand(
    rules: RuleSet, seed: int, data: st.DataObject
) -> None:
    """At each moment of a hand played by random players: every action
    ``legal_actions`` lists is taken by ``apply`` (on a copy), each is listed once, and
    ``is_legal`` agrees with ``apply`` on those and on arbitrary actions."""
    players = [RandomPlayer(seed=seed + s, bid_chance=0.5) for s in range(rules.players)]
    hand = Hand(seed % rules.players, rules, seed=seed)
    while hand.to_act is not None:
        listed = list(hand.legal_actions())
        assert listed, hand.phase
        assert len(listed) == len(set(listed))
        tried = [*data.draw(st.lists(st.sampled_from(listed), min_size=1, max_size=3))]
        tried += data.draw(st.lists(actions, max_size=3))
        for action in tried:
            copy = _copy(hand)
            try:
                copy.apply(action)
                took = True
            except PinochleError:
                took = False
            assert hand.is_legal(action) == took, (hand.phase, str(action))
            # legal_actions lists each set of cards once, in hand order; a Give of the
            # same cards in another order is the same choice
            assert took == (_same_cards(action) in map(_same_cards, listed)), (
                hand.phase, str(action))
        hand.act(players[hand.to_act])
    assert list(hand.legal_actions()) == []
    assert not hand.is_legal(Bid(None))


def test_legal_actions_list_each_choice_of_cards_once() -> None:
    """Giving cards: every different set of cards once, the double deck's twin cards
    counted as one card twice, never as two choices."""
    hand = Hand(0, DOUBLE_DECK, seed=5)
    while hand.phase is not Phase.PASS:
        hand.act(RandomPlayer(seed=1, bid_chance=0.5))
        if hand.phase is Phase.DONE:  # pragma: no cover - a stuck bid always leads to trump
            pytest.fail("the hand ended before the pass")
    gives = list(hand.legal_actions())
    assert all(isinstance(a, Give) for a in gives)
    held = hand.hands[hand.to_act or 0]
    # Different multisets of 4 from the hand: count by generating function over copies.
    counts = list(Counter(held).values())
    ways = [0] * 5
    ways[0] = 1
    for n in counts:
        ways = [sum(ways[k - j] for j in range(min(n, k) + 1)) for k in range(5)]
    assert len(gives) == ways[4] < comb(len(held), 4)


def test_a_random_player_that_bids_every_time_stops_at_the_highest_bid_taken() -> None:
    """Bidding the minimum every turn, the random players' auction ends at
    ``max_bid`` at most instead of offering a bid the auction refuses."""
    rules = DOUBLE_DECK.with_settings(bid_increment=1)
    hand = play_hand([RandomPlayer(seed=s, bid_chance=1.0) for s in range(4)], 0, rules, seed=3)
    assert hand.contract == rules.max_bid
