"""Cards, suits and ranks: the deck of the rules of record and the card notation.

RULES.md (classic): "48 cards: 9 J Q K 10 A in each suit, two copies of each";
"rank, high to low: A 10 K Q J 9". The seed: "every card appears twice, and a 10
beats a king".
"""

from __future__ import annotations

import copy
import pickle

import pytest

from pinochle_tutor import (
    Card,
    InvalidCardError,
    PinochleError,
    Rank,
    Suit,
    all_cards,
    parse_card,
    parse_cards,
    parse_rank,
    parse_suit,
)
from pinochle_tutor.cards import CARDS_BY_INDEX

ALL_CARDS = [Card(suit, rank) for suit in Suit for rank in Rank]
CARD_IDS = [card.code for card in ALL_CARDS]


# --------------------------------------------------------------------- suits and ranks


@pytest.mark.parametrize(
    ("suit", "value", "letter", "symbol"),
    [
        pytest.param(Suit.SPADES, 0, "S", "♠", id="spades"),
        pytest.param(Suit.HEARTS, 1, "H", "♥", id="hearts"),
        pytest.param(Suit.DIAMONDS, 2, "D", "♦", id="diamonds"),
        pytest.param(Suit.CLUBS, 3, "C", "♣", id="clubs"),
    ],
)
def test_suit_values_letters_and_symbols(suit: Suit, value: int, letter: str, symbol: str) -> None:
    assert int(suit) == value
    assert suit.letter == letter
    assert suit.symbol == symbol


def test_there_are_four_suits() -> None:
    assert list(Suit) == [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS]


def test_ranks_are_ordered_by_strength_a_10_k_q_j_9() -> None:
    """RULES.md: rank, high to low, A 10 K Q J 9 (a 10 beats a king)."""
    high_to_low = [Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE]
    assert sorted(Rank, reverse=True) == high_to_low
    assert [int(r) for r in Rank] == [0, 1, 2, 3, 4, 5]
    assert [r.name for r in Rank] == ["NINE", "JACK", "QUEEN", "KING", "TEN", "ACE"]


def test_a_ten_beats_a_king() -> None:
    """Seed: "a 10 beats a king"."""
    assert Rank.TEN > Rank.KING


# ----------------------------------------------------------------------- card values


def test_the_deck_has_24_distinct_cards_no_2_to_8() -> None:
    """Seed: "There are no cards from 2 through 8 and no jokers."""
    assert len(set(ALL_CARDS)) == 24
    assert tuple(ALL_CARDS) == all_cards()
    assert {card.rank.symbol for card in ALL_CARDS} == {"9", "J", "Q", "K", "10", "A"}


@pytest.mark.parametrize("card", ALL_CARDS, ids=CARD_IDS)
def test_card_attributes(card: Card) -> None:
    assert card.index == card.suit * 6 + card.rank
    assert card.code == card.rank.symbol + card.suit.letter
    assert str(card) == card.rank.symbol + card.suit.symbol


@pytest.mark.parametrize(
    ("card", "code", "text", "index"),
    [
        pytest.param(Card(Suit.SPADES, Rank.NINE), "9S", "9♠", 0, id="9S"),
        pytest.param(Card(Suit.SPADES, Rank.ACE), "AS", "A♠", 5, id="AS"),
        pytest.param(Card(Suit.HEARTS, Rank.TEN), "10H", "10♥", 10, id="10H"),
        pytest.param(Card(Suit.DIAMONDS, Rank.JACK), "JD", "J♦", 13, id="JD"),
        pytest.param(Card(Suit.CLUBS, Rank.QUEEN), "QC", "Q♣", 20, id="QC"),
        pytest.param(Card(Suit.CLUBS, Rank.ACE), "AC", "A♣", 23, id="AC"),
    ],
)
def test_card_examples(card: Card, code: str, text: str, index: int) -> None:
    assert card.code == code
    assert str(card) == text
    assert card.index == index
    assert repr(card) == f"Card.parse({text!r})"


def test_cards_are_interned() -> None:
    """Two copies of a card are the same value: a hand is a multiset."""
    assert Card(Suit.HEARTS, Rank.TEN) is Card(Suit.HEARTS, Rank.TEN)
    assert parse_card("10H") is parse_card("10♥")


def test_cards_are_immutable() -> None:
    card = parse_card("AS")
    with pytest.raises(AttributeError):
        card.rank = Rank.NINE
    assert card.rank is Rank.ACE


@pytest.mark.parametrize(
    ("suit", "rank"),
    [
        pytest.param(4, 0, id="suit-4"),
        pytest.param(-1, 0, id="suit-minus-1"),
        pytest.param(0, 6, id="rank-6"),
        pytest.param(0, -1, id="rank-minus-1"),
    ],
)
def test_card_constructor_rejects_out_of_range(suit: int, rank: int) -> None:
    with pytest.raises(InvalidCardError):
        Card(suit, rank)


# ------------------------------------------------------------------ text round trips


@pytest.mark.parametrize("card", ALL_CARDS, ids=CARD_IDS)
def test_round_trip_every_notation(card: Card) -> None:
    """parse_card(str(c)) == c for every card and every accepted notation."""
    ten_as_t = card.rank.letter + card.suit.letter  # 'T' for 10
    notations = {
        "code": card.code,
        "str": str(card),
        "code lower": card.code.lower(),
        "str lower": str(card).lower(),
        "T for 10": ten_as_t,
        "T for 10 lower": ten_as_t.lower(),
        "rank + symbol": card.rank.symbol + card.suit.symbol,
        "mixed case": card.rank.symbol.lower() + card.suit.letter.upper(),
    }
    for how, text in notations.items():
        assert parse_card(text) == card, how
        assert parse_card(text) is card, how


@pytest.mark.parametrize("card", ALL_CARDS, ids=CARD_IDS)
def test_repr_evaluates_back_to_the_card(card: Card) -> None:
    assert eval(repr(card), {"Card": Card}) is card


@pytest.mark.parametrize("card", ALL_CARDS, ids=CARD_IDS)
def test_card_parse_classmethod(card: Card) -> None:
    assert Card.parse(card.code) is card
    assert Card.parse(str(card)) is card


@pytest.mark.parametrize("card", ALL_CARDS, ids=CARD_IDS)
def test_pickle_and_copy_keep_the_card(card: Card) -> None:
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps([card, card])) == [card, card]


def test_parse_card_passes_a_card_through() -> None:
    card = parse_card("KD")
    assert parse_card(card) is card


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        pytest.param("AS", Card(Suit.SPADES, Rank.ACE), id="AS"),
        pytest.param("10H", Card(Suit.HEARTS, Rank.TEN), id="10H"),
        pytest.param("TH", Card(Suit.HEARTS, Rank.TEN), id="TH"),
        pytest.param("th", Card(Suit.HEARTS, Rank.TEN), id="th"),
        pytest.param("A♠", Card(Suit.SPADES, Rank.ACE), id="A-spade-symbol"),
        pytest.param("10♥", Card(Suit.HEARTS, Rank.TEN), id="10-heart-symbol"),
        pytest.param("jd", Card(Suit.DIAMONDS, Rank.JACK), id="jd"),
        pytest.param("qS", Card(Suit.SPADES, Rank.QUEEN), id="qS"),
        pytest.param("9c", Card(Suit.CLUBS, Rank.NINE), id="9c"),
        pytest.param("K♣", Card(Suit.CLUBS, Rank.KING), id="K-club-symbol"),
    ],
)
def test_parse_card_examples(text: str, expected: Card) -> None:
    assert parse_card(text) is expected


# ---------------------------------------------------------------------- bad card text


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("QX", id="bad-suit"),
        pytest.param("8H", id="no-eights"),
        pytest.param("2S", id="no-twos"),
        pytest.param("1S", id="one"),
        pytest.param("11H", id="eleven"),
        pytest.param("A", id="rank-without-suit"),
        pytest.param("10", id="ten-without-suit"),
        pytest.param("S", id="suit-without-rank"),
        pytest.param("AAS", id="two-ranks"),
        pytest.param("Ace", id="word"),
        pytest.param("AS AS", id="two-cards"),
        pytest.param("", id="empty"),
    ],
)
def test_bad_card_text_raises_and_quotes_the_token(text: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_card(text)
    assert repr(text) in str(info.value)


def test_card_errors_are_pinochle_errors_and_value_errors() -> None:
    assert issubclass(InvalidCardError, PinochleError)
    assert issubclass(PinochleError, ValueError)
    with pytest.raises(ValueError):
        parse_card("ZZ")


def test_parse_card_rejects_a_non_string() -> None:
    with pytest.raises(InvalidCardError):
        parse_card(42)  # type: ignore[arg-type]


# ------------------------------------------------------------------ several cards


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        pytest.param("AS 10S, KS", ["AS", "10S", "KS"], id="spaces-and-comma"),
        pytest.param("AS,AS", ["AS", "AS"], id="duplicates-kept"),
        pytest.param("  qh\tjd\n9c ", ["QH", "JD", "9C"], id="whitespace"),
        pytest.param("A♠ 10♥ T♦", ["AS", "10H", "10D"], id="symbols"),
        pytest.param("KC AH", ["KC", "AH"], id="order-kept"),
        pytest.param("", [], id="empty"),
    ],
)
def test_parse_cards(text: str, codes: list[str]) -> None:
    assert [card.code for card in parse_cards(text)] == codes


def test_parse_cards_accepts_a_sequence() -> None:
    ace = parse_card("AS")
    assert parse_cards(["AS", ace, "10h"]) == [ace, ace, parse_card("10H")]


def test_parse_cards_quotes_the_bad_token() -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_cards("AS 10S QX KS")
    assert "'QX'" in str(info.value)


def test_every_card_text_of_a_whole_deck_round_trips() -> None:
    deck = ALL_CARDS * 2
    assert parse_cards(" ".join(str(c) for c in deck)) == deck
    assert parse_cards(", ".join(c.code for c in deck)) == deck


# ------------------------------------------------------------------------- suits


@pytest.mark.parametrize("suit", list(Suit), ids=[s.name for s in Suit])
def test_parse_suit_every_notation(suit: Suit) -> None:
    name = suit.name.lower()
    for text in (suit.letter, suit.letter.lower(), suit.symbol, name, name.upper(), name[:-1]):
        assert parse_suit(text) is suit, text
    assert parse_suit(suit) is suit


@pytest.mark.parametrize("text", ["X", "", "trumps", "10"])
def test_bad_suit_text_raises_and_quotes_it(text: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_suit(text)
    assert repr(text) in str(info.value)


# ----------------------------------------------------------- equality, hashing, sorting


@pytest.mark.parametrize("card", ALL_CARDS, ids=CARD_IDS)
def test_equality_and_hash_of_two_parses(card: Card) -> None:
    a, b = parse_card(card.code), parse_card(str(card).lower())
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b}) == 1


def test_distinct_cards_are_unequal_and_hash_apart_in_a_set() -> None:
    assert len(set(ALL_CARDS)) == 24
    for a in ALL_CARDS:
        for b in ALL_CARDS:
            assert (a == b) is (a.index == b.index)


def test_a_card_is_not_equal_to_its_text() -> None:
    assert parse_card("AS") != "AS"


def test_a_dict_counts_copies() -> None:
    counts: dict[Card, int] = {}
    for card in parse_cards("AS 10H AS 10♥ th"):
        counts[card] = counts.get(card, 0) + 1
    assert counts == {parse_card("AS"): 2, parse_card("10H"): 3}


def test_sorting_is_by_index_suit_then_rank() -> None:
    shuffled = parse_cards("AC 9S 10H KS JD AS QC 9H")
    assert [c.code for c in sorted(shuffled)] == [
        "9S", "KS", "AS", "9H", "10H", "JD", "QC", "AC",
    ]  # fmt: skip
    assert sorted(reversed(ALL_CARDS)) == ALL_CARDS


def test_comparison_operators_follow_index() -> None:
    low, high = parse_card("9S"), parse_card("AC")
    assert low < high
    assert low <= high
    assert high > low
    assert high >= low
    assert low <= low
    assert not low < low


@pytest.mark.parametrize("rank", list(Rank))
def test_parse_rank_reads_every_rank_symbol(rank: Rank) -> None:
    assert parse_rank(rank.symbol) is rank
    assert parse_rank(rank.symbol.lower()) is rank


def test_parse_rank_quotes_what_it_cannot_read() -> None:
    assert parse_rank(" T ") is Rank.TEN
    with pytest.raises(InvalidCardError, match="'8' is not a rank"):
        parse_rank("8")


def test_cards_by_index_is_the_index_table() -> None:
    assert all(CARDS_BY_INDEX[c.index] is c for c in ALL_CARDS)
    assert all_cards() == CARDS_BY_INDEX
