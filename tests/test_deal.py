"""Dealing: "Shuffle and deal all 48 cards, giving everyone 12. Move the deal
clockwise after each hand." (seed); the double-deck and three-handed deals of
RULES.md."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle_tutor import (
    CLASSIC,
    DOUBLE_DECK,
    THREE_HANDED,
    Card,
    PinochleError,
    Rank,
    RuleSet,
    Suit,
    deal,
    make_deck,
    next_dealer,
)

PRESETS = [
    pytest.param(CLASSIC, id="classic"),
    pytest.param(DOUBLE_DECK, id="double_deck"),
    pytest.param(THREE_HANDED, id="three_handed"),
]


def full_deck(rules: RuleSet) -> Counter[Card]:
    """The deck as RULES.md describes it, built independently of the engine."""
    return Counter(
        {Card(suit, rank): rules.copies for suit in Suit for rank in rules.ranks},
    )


@pytest.mark.parametrize(
    ("rules", "players", "hand_size", "kitty_size", "copies"),
    [
        pytest.param(CLASSIC, 4, 12, 0, 2, id="classic-4x12"),  # "48 cards, 12 each"
        pytest.param(DOUBLE_DECK, 4, 20, 0, 4, id="double_deck-4x20"),  # "80 cards; 20 each"
        pytest.param(THREE_HANDED, 3, 15, 3, 2, id="three_handed-3x15-kitty-3"),
    ],
)
def test_deal_sizes(
    rules: RuleSet, players: int, hand_size: int, kitty_size: int, copies: int
) -> None:
    d = deal(0, rules, seed=1)
    assert len(d.hands) == players
    assert all(len(hand) == hand_size for hand in d.hands)
    assert len(d.kitty) == kitty_size
    dealt = Counter(card for hand in d.hands for card in hand) + Counter(d.kitty)
    assert set(dealt.values()) == {copies}


@pytest.mark.parametrize("rules", PRESETS)
def test_the_whole_deck_is_dealt(rules: RuleSet) -> None:
    d = deal(0, rules, seed=7)
    dealt = Counter(card for hand in d.hands for card in hand) + Counter(d.kitty)
    assert dealt == full_deck(rules)


def test_classic_deck_two_copies_no_2_to_8() -> None:
    """Seed: "two copies of the 9, jack, queen, king, 10, and ace in each suit"."""
    deck = make_deck(CLASSIC)
    assert len(deck) == 48
    assert Counter(deck) == full_deck(CLASSIC)


def test_double_deck_has_four_copies_and_no_nines() -> None:
    """RULES.md: "80 cards: four copies of A 10 K Q J in each suit, no 9s"."""
    deck = make_deck(DOUBLE_DECK)
    assert len(deck) == 80
    assert all(card.rank is not Rank.NINE for card in deck)
    assert set(Counter(deck).values()) == {4}


@pytest.mark.parametrize("rules", PRESETS)
def test_same_seed_same_deal(rules: RuleSet) -> None:
    first, second = deal(2, rules, seed=12345), deal(2, rules, seed=12345)
    assert first.hands == second.hands
    assert first.kitty == second.kitty


@pytest.mark.parametrize("rules", PRESETS)
def test_different_seeds_shuffle_differently(rules: RuleSet) -> None:
    deals = {deal(0, rules, seed=seed).hands for seed in range(5)}
    assert len(deals) == 5


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_the_deal_records_the_dealer(dealer: int) -> None:
    assert deal(dealer, CLASSIC, seed=3).dealer == dealer


def test_an_unseeded_deal_is_still_a_whole_deck() -> None:
    d = deal()
    assert d.dealer == 0
    dealt = Counter(card for hand in d.hands for card in hand)
    assert dealt == full_deck(CLASSIC)


@pytest.mark.parametrize(
    ("dealer", "rules"),
    [
        pytest.param(4, CLASSIC, id="seat-4-of-4"),
        pytest.param(-1, CLASSIC, id="seat-minus-1"),
        pytest.param(3, THREE_HANDED, id="seat-3-of-3"),
    ],
)
def test_a_dealer_who_is_not_at_the_table_raises(dealer: int, rules: RuleSet) -> None:
    with pytest.raises(PinochleError):
        deal(dealer, rules, seed=0)


# ------------------------------------------------------------ the deal moves clockwise


@pytest.mark.parametrize(
    ("dealer", "rules", "following"),
    [
        pytest.param(0, CLASSIC, 1, id="classic-0-to-1"),
        pytest.param(1, CLASSIC, 2, id="classic-1-to-2"),
        pytest.param(2, CLASSIC, 3, id="classic-2-to-3"),
        pytest.param(3, CLASSIC, 0, id="classic-3-wraps-to-0"),
        pytest.param(3, DOUBLE_DECK, 0, id="double_deck-3-wraps-to-0"),
        pytest.param(1, THREE_HANDED, 2, id="three_handed-1-to-2"),
        pytest.param(2, THREE_HANDED, 0, id="three_handed-2-wraps-to-0"),
    ],
)
def test_next_dealer_is_on_the_left(dealer: int, rules: RuleSet, following: int) -> None:
    """Seats are numbered clockwise, so the player on the dealer's left is the next seat."""
    assert next_dealer(dealer, rules) == following


@pytest.mark.parametrize("rules", PRESETS)
def test_every_player_deals_in_turn(rules: RuleSet) -> None:
    dealer, seen = 0, []
    for _ in range(rules.players):
        seen.append(dealer)
        dealer = next_dealer(dealer, rules)
    assert sorted(seen) == list(range(rules.players))
    assert dealer == 0


def test_next_dealer_defaults_to_classic() -> None:
    assert next_dealer(3) == 0


# ------------------------------------------------------------------------ properties


@settings(max_examples=300, derandomize=True, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    rules=st.sampled_from([CLASSIC, DOUBLE_DECK, THREE_HANDED]),
    data=st.data(),
)
def test_every_deal_is_a_whole_deck(seed: int, rules: RuleSet, data: st.DataObject) -> None:
    dealer = data.draw(st.integers(0, rules.players - 1))
    d = deal(dealer, rules, seed=seed)
    assert d.dealer == dealer
    assert [len(hand) for hand in d.hands] == [rules.hand_size] * rules.players
    assert len(d.kitty) == rules.kitty_size
    dealt = Counter(card for hand in d.hands for card in hand) + Counter(d.kitty)
    assert dealt == full_deck(rules)
    again = deal(dealer, rules, seed=seed)
    assert again.hands == d.hands
    assert again.kitty == d.kitty
