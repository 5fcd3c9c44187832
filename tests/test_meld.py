"""Meld: the classic meld table of RULES.md, the seed's examples, the double-deck
table, and properties checked on random hands."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pinochle_tutor import (
    CLASSIC,
    DOUBLE_DECK,
    THREE_HANDED,
    Card,
    MeldKind,
    MeldTable,
    PinochleError,
    Rank,
    RuleSet,
    Suit,
    meld,
    meld_points,
    parse_card,
    parse_cards,
)

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS

# ---------------------------------------------------------------- classic meld table

CLASSIC_CASES = [
    # (hand, trump, total)
    pytest.param("", H, 0, id="empty-hand"),
    pytest.param("AS 10H 9D JC QC", H, 0, id="nothing"),
    # run: A 10 K Q J of trump = 150
    pytest.param("AH 10H KH QH JH", H, 150, id="run-150"),
    pytest.param("AS 10S KS QS JS", H, 20, id="run-cards-off-trump-are-a-marriage"),
    pytest.param("AH 10H KH QH", H, 40, id="no-jack-no-run-just-royal-marriage"),
    # "The K and Q inside a run earn no marriage"
    pytest.param("AH 10H KH QH JH", H, 150, id="run-is-not-190"),
    # "an additional complete trump K+Q beside a run earns 40 (run + extra royal marriage = 190)"
    pytest.param("AH 10H KH QH JH KH QH", H, 190, id="run-plus-extra-royal-marriage-190"),
    # "A run plus a lone extra K or Q earns nothing more"
    pytest.param("AH 10H KH QH JH KH", H, 150, id="run-plus-lone-king-150"),
    pytest.param("AH 10H KH QH JH QH", H, 150, id="run-plus-lone-queen-150"),
    # "double run 1500"; "A double run earns no marriages"
    pytest.param("AH 10H KH QH JH AH 10H KH QH JH", H, 1500, id="double-run-1500"),
    pytest.param("AH AH 10H 10H KH KH QH QH JH", H, 150 + 40, id="one-jack-short-of-double-run"),
    # royal marriage: K Q of trump, 40 each
    pytest.param("KH QH", H, 40, id="royal-marriage-40"),
    pytest.param("KH QH KH QH", H, 80, id="two-royal-marriages-80"),
    pytest.param("KH QH KH", H, 40, id="royal-marriage-plus-lone-king"),
    # marriage: K Q of a non-trump suit, 20 each
    pytest.param("KS QS", H, 20, id="marriage-20"),
    pytest.param("KC QC KC QC", H, 40, id="two-marriages-40"),
    pytest.param("KS QS KC QC KD QD", H, 60, id="three-marriages-60"),
    pytest.param("KH QH", S, 20, id="heart-marriage-with-spades-trump-20"),
    pytest.param("KS QC", H, 0, id="king-and-queen-of-different-suits"),
    # dix: 9 of trump, 10 each
    pytest.param("9H", H, 10, id="dix-10"),
    pytest.param("9H 9H", H, 20, id="two-dix-20"),
    pytest.param("9S 9D 9C", H, 0, id="nines-off-trump"),
    # arounds
    pytest.param("AS AH AD AC", H, 100, id="aces-around-100"),
    pytest.param("KS KH KD KC", C, 80, id="kings-around-80"),
    pytest.param("QS QH QD QC", C, 60, id="queens-around-60"),
    pytest.param("JS JH JD JC", C, 40, id="jacks-around-40"),
    pytest.param("AS AH AD", H, 0, id="three-aces-not-around"),
    pytest.param("AS AH AD AC AS", H, 100, id="aces-around-plus-one-ace-100"),
    pytest.param("AS AH AD AC AS AH AD", H, 100, id="seven-aces-still-single-100"),
    # "A double meld replaces the single one (double aces = 1000, not 1100)"
    pytest.param("AS AH AD AC AS AH AD AC", H, 1000, id="double-aces-1000-not-1100"),
    pytest.param("KS KH KD KC KS KH KD KC", H, 800, id="double-kings-800"),
    pytest.param("QS QH QD QC QS QH QD QC", C, 600, id="double-queens-600"),
    pytest.param("JS JH JD JC JS JH JD JC", C, 400, id="double-jacks-400"),
    # pinochle: Q of spades + J of diamonds
    pytest.param("QS JD", H, 40, id="pinochle-40"),
    pytest.param("QS JD QS JD", H, 300, id="double-pinochle-300"),
    pytest.param("QS QS JD", H, 40, id="pinochle-plus-lone-queen-40"),
    pytest.param("QS JD JD", H, 40, id="pinochle-plus-lone-jack-40"),
    pytest.param("QD JS", H, 0, id="wrong-queen-and-jack-no-pinochle"),
    # "Q of spades: spade marriage, queens around, pinochle"
    pytest.param("KS QS QH QD QC JD", H, 20 + 60 + 40, id="queen-of-spades-three-categories"),
    pytest.param(
        "KS QS QH QD QC JD", S, 40 + 60 + 40, id="queen-of-spades-three-categories-spades-trump"
    ),
    # "not twice in one category": one Q of spades is one marriage, one pinochle
    pytest.param("KS QS KS", H, 20, id="one-queen-one-marriage"),
    # kings around + queens around + a marriage in every suit (a "roundhouse")
    pytest.param("KS KH KD KC QS QH QD QC", H, 80 + 60 + 40 + 3 * 20, id="roundhouse-240"),
    # a bigger hand: run, aces around, pinochle, dix
    pytest.param(
        "AS AH AD AC 10S KS QS JS 9S QS JD 9C", S, 150 + 100 + 40 + 10, id="run-aces-pinochle-dix"
    ),
]


@pytest.mark.parametrize(("hand", "trump", "total"), CLASSIC_CASES)
def test_classic_meld_total(hand: str, trump: Suit, total: int) -> None:
    assert meld(hand, trump).total == total
    assert meld_points(hand, trump) == total
    assert meld(hand, trump, CLASSIC).total == total


@pytest.mark.parametrize(("hand", "trump", "total"), CLASSIC_CASES)
def test_three_handed_uses_the_classic_table(hand: str, trump: Suit, total: int) -> None:
    assert meld(hand, trump, THREE_HANDED).total == total


def test_a_meld_must_be_in_one_hand() -> None:
    """Seed: "A combination must exist within one player's hand; partners cannot
    join their separate cards to create it."""
    assert meld("QS", H).total + meld("JD", H).total == 0
    assert meld("QS JD", H).total == 40


@pytest.mark.parametrize(
    "trump",
    [
        pytest.param("H", id="letter"),
        pytest.param("♥", id="symbol"),
        pytest.param("hearts", id="word"),
    ],
)
def test_trump_may_be_written_as_text(trump: str) -> None:
    assert meld("AH 10H KH QH JH 9H", trump).total == 160


def test_hand_may_be_a_list_of_cards_or_texts() -> None:
    text = "AH 10H KH QH JH KH QH"
    assert meld(parse_cards(text), H).total == 190
    assert meld(text.split(), H).total == 190


# ----------------------------------------------------------------------- meld items


def _kinds(hand: str, trump: Suit, rules: RuleSet = CLASSIC) -> list[tuple[MeldKind, int, int]]:
    return sorted(
        ((i.kind, i.multiple, i.points) for i in meld(hand, trump, rules).items),
        key=lambda t: (t[0].value, t[1], t[2]),
    )


@pytest.mark.parametrize(
    ("hand", "trump", "items"),
    [
        pytest.param(
            "AH 10H KH QH JH KH QH",
            H,
            [(MeldKind.ROYAL_MARRIAGE, 1, 40), (MeldKind.RUN, 1, 150)],
            id="run-plus-royal-marriage",
        ),
        pytest.param(
            "AH 10H KH QH JH AH 10H KH QH JH",
            H,
            [(MeldKind.RUN, 2, 1500)],
            id="double-run-no-marriages",
        ),
        pytest.param(
            "KS QS KS QS",
            H,
            [(MeldKind.MARRIAGE, 1, 20), (MeldKind.MARRIAGE, 1, 20)],
            id="one-item-per-marriage",
        ),
        pytest.param(
            "9H 9H", H, [(MeldKind.DIX, 1, 10), (MeldKind.DIX, 1, 10)], id="one-item-per-dix"
        ),
        pytest.param(
            "AS AH AD AC AS AH AD AC",
            H,
            [(MeldKind.ACES_AROUND, 2, 1000)],
            id="double-aces-replaces-single",
        ),
        pytest.param(
            "KS QS QH QD QC JD",
            H,
            [
                (MeldKind.MARRIAGE, 1, 20),
                (MeldKind.PINOCHLE, 1, 40),
                (MeldKind.QUEENS_AROUND, 1, 60),
            ],
            id="queen-of-spades-three-items",
        ),
        pytest.param(
            "JS JH JD JC KC QC",
            C,
            [(MeldKind.JACKS_AROUND, 1, 40), (MeldKind.ROYAL_MARRIAGE, 1, 40)],
            id="jacks-around-and-royal-marriage",
        ),
        pytest.param(
            "QS JD QS JD", H, [(MeldKind.PINOCHLE, 2, 300)], id="double-pinochle-one-item"
        ),
        pytest.param("KS KH KD KC", H, [(MeldKind.KINGS_AROUND, 1, 80)], id="kings-around"),
    ],
)
def test_meld_items(hand: str, trump: Suit, items: list[tuple[MeldKind, int, int]]) -> None:
    assert _kinds(hand, trump) == sorted(items, key=lambda t: (t[0].value, t[1], t[2]))


@pytest.mark.parametrize(
    ("hand", "trump", "name"),
    [
        pytest.param("AH 10H KH QH JH", H, "run", id="run"),
        pytest.param("AH 10H KH QH JH " * 2, H, "double run", id="double-run"),
        pytest.param("KH QH", H, "royal marriage", id="royal-marriage"),
        pytest.param("KS QS", H, "marriage", id="marriage"),
        pytest.param("9H", H, "dix", id="dix"),
        pytest.param("AS AH AD AC", H, "aces around", id="aces-around"),
        pytest.param("AS AH AD AC " * 2, H, "double aces around", id="double-aces-around"),
        pytest.param("JS JH JD JC " * 2, H, "double jacks around", id="double-jacks-around"),
        pytest.param("QS JD", H, "pinochle", id="pinochle"),
        pytest.param("QS JD QS JD", H, "double pinochle", id="double-pinochle"),
    ],
)
def test_meld_item_names(hand: str, trump: Suit, name: str) -> None:
    (item,) = meld(hand, trump).items
    assert item.name == name


def test_meld_item_cards_and_suits() -> None:
    report = meld("AH 10H KH QH JH KH QH KS QS 9H", H)
    by_kind = {item.kind: item for item in report.items}
    run = by_kind[MeldKind.RUN]
    assert Counter(run.cards) == Counter(parse_cards("AH 10H KH QH JH"))
    assert run.suit is H
    royal = by_kind[MeldKind.ROYAL_MARRIAGE]
    assert Counter(royal.cards) == Counter(parse_cards("KH QH"))
    assert royal.suit is H
    marriage = by_kind[MeldKind.MARRIAGE]
    assert Counter(marriage.cards) == Counter(parse_cards("KS QS"))
    assert marriage.suit is S
    dix = by_kind[MeldKind.DIX]
    assert dix.cards == (parse_card("9H"),)
    assert dix.suit is H
    assert report.total == 150 + 40 + 20 + 10


def test_double_around_uses_both_copies() -> None:
    (item,) = meld("AS AH AD AC AS AH AD AC", H).items
    assert item.multiple == 2
    assert Counter(item.cards) == Counter(parse_cards("AS AH AD AC AS AH AD AC"))


# ------------------------------------------------------------------------ bad hands


@pytest.mark.parametrize(
    ("hand", "rules"),
    [
        pytest.param("AS AS AS", CLASSIC, id="three-copies-classic"),
        pytest.param("QS JD QS JD QS", CLASSIC, id="three-queens-of-spades"),
        pytest.param("AS " * 5, DOUBLE_DECK, id="five-copies-double-deck"),
        pytest.param("9H", DOUBLE_DECK, id="nine-in-double-deck"),
    ],
)
def test_a_hand_the_deck_cannot_hold_raises(hand: str, rules: RuleSet) -> None:
    with pytest.raises(PinochleError):
        meld(hand, H, rules)
    with pytest.raises(PinochleError):
        meld_points(hand, H, rules)


def test_unreadable_hand_raises() -> None:
    with pytest.raises(PinochleError):
        meld("AS QX", H)


# ------------------------------------------------------------------------ double deck

DOUBLE_DECK_CASES = [
    pytest.param("AH 10H KH QH JH", H, 15, id="run-15"),
    pytest.param("AH 10H KH QH JH " * 2, H, 150, id="double-run-150"),
    pytest.param("AH 10H KH QH JH " * 3, H, 225, id="triple-run-225"),
    pytest.param("AH 10H KH QH JH " * 4, H, 300, id="quadruple-run-300"),
    pytest.param("AS AH AD AC", H, 10, id="aces-around-10"),
    pytest.param("AS AH AD AC " * 2, H, 100, id="double-aces-100"),
    pytest.param("AS AH AD AC " * 3, H, 150, id="triple-aces-150"),
    pytest.param("AS AH AD AC " * 4, H, 200, id="quadruple-aces-200"),
    pytest.param("KS KH KD KC " * 3, H, 120, id="triple-kings-120"),
    pytest.param("QS QH QD QC " * 4, C, 120, id="quadruple-queens-120"),
    pytest.param("JS JH JD JC " * 3, C, 60, id="triple-jacks-60"),
    pytest.param("QS JD", H, 4, id="pinochle-4"),
    pytest.param("QS JD " * 2, H, 30, id="double-pinochle-30"),
    pytest.param("QS JD " * 3, H, 60, id="triple-pinochle-60"),
    pytest.param("QS JD " * 4, H, 90, id="quadruple-pinochle-90"),
    pytest.param("KH QH", H, 4, id="royal-marriage-4"),
    pytest.param("KS QS", H, 2, id="marriage-2"),
    pytest.param("KS QS " * 4, H, 8, id="four-marriages-8"),
    # "K Q inside runs earn nothing; each further trump K+Q earns 4"
    pytest.param("AH 10H KH QH JH KH", H, 15, id="run-plus-lone-king-15"),
    pytest.param("AH 10H KH QH JH KH QH", H, 15 + 4, id="run-plus-royal-marriage-19"),
    pytest.param("AH 10H KH QH JH KH QH KH QH", H, 15 + 4 + 4, id="run-plus-two-royal-23"),
    pytest.param("AH 10H KH QH JH " * 2 + "KH QH", H, 150 + 4, id="double-run-plus-royal-154"),
]


@pytest.mark.parametrize(("hand", "trump", "total"), DOUBLE_DECK_CASES)
def test_double_deck_meld_total(hand: str, trump: Suit, total: int) -> None:
    assert meld(hand, trump, DOUBLE_DECK).total == total
    assert meld_points(hand, trump, DOUBLE_DECK) == total


def test_double_deck_has_no_dix() -> None:
    assert DOUBLE_DECK.meld_table.dix == 0
    report = meld("AH 10H KH QH JH", H, DOUBLE_DECK)
    assert all(item.kind is not MeldKind.DIX for item in report.items)


def test_double_deck_item_multiples() -> None:
    (item,) = meld("AS AH AD AC " * 4, H, DOUBLE_DECK).items
    assert (item.kind, item.multiple, item.points, item.name) == (
        MeldKind.ACES_AROUND,
        4,
        200,
        "quadruple aces around",
    )
    (item,) = meld("QS JD " * 3, H, DOUBLE_DECK).items
    assert (item.multiple, item.points, item.name) == (3, 60, "triple pinochle")


def test_a_house_meld_table_is_used() -> None:
    house = CLASSIC.with_settings(meld_table=MeldTable(pinochle=(40, 600)))
    assert meld("QS JD QS JD", H, house).total == 600


# ===================================================================== properties
#
# A reference count written straight from the RULES.md meld table, used as an
# oracle: runs are complete A 10 K Q J sets of trump; the K Q inside a run earn
# nothing, so royal marriages are the trump K+Q pairs beyond the runs; a double
# (triple, ...) set replaces the single one.

RUN_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
AROUND_ROWS = (
    (Rank.ACE, "aces_around"),
    (Rank.KING, "kings_around"),
    (Rank.QUEEN, "queens_around"),
    (Rank.JACK, "jacks_around"),
)


def reference_meld(hand: Sequence[Card], trump: Suit, table: MeldTable) -> int:
    count = Counter(hand)

    def n(suit: Suit, rank: Rank) -> int:
        return count[Card(suit, rank)]

    def row_points(row: tuple[int, ...], sets: int) -> int:
        return row[sets - 1] if sets else 0

    runs = min(n(trump, rank) for rank in RUN_RANKS)
    trump_pairs = min(n(trump, Rank.KING), n(trump, Rank.QUEEN))
    total = row_points(table.run, runs) + (trump_pairs - runs) * table.royal_marriage
    for suit in Suit:
        if suit is not trump:
            total += min(n(suit, Rank.KING), n(suit, Rank.QUEEN)) * table.marriage
    total += n(trump, Rank.NINE) * table.dix
    for rank, row in AROUND_ROWS:
        total += row_points(getattr(table, row), min(n(suit, rank) for suit in Suit))
    total += row_points(table.pinochle, min(n(S, Rank.QUEEN), n(D, Rank.JACK)))
    return total


def hand_from_counts(counts: Sequence[int], rules: RuleSet) -> list[Card]:
    """Cards of the deck of ``rules`` with counts per card index (capped at the copies)."""
    hand = []
    for index, k in enumerate(counts):
        card = Card(Suit(index // 6), Rank(index % 6))
        if card.rank in rules.ranks:
            hand += [card] * min(k, rules.copies)
    return hand


def dealt_hand(seed: int, rules: RuleSet) -> list[Card]:
    """One hand of a shuffled deck of ``rules``."""
    deck = [Card(suit, rank) for suit in Suit for rank in rules.ranks for _ in range(rules.copies)]
    random.Random(seed).shuffle(deck)
    return deck[: rules.hand_size]


suits = st.sampled_from(list(Suit))
classic_counts = st.lists(st.integers(0, 2), min_size=24, max_size=24)
double_deck_counts = st.lists(st.integers(0, 4), min_size=24, max_size=24)
seeds = st.integers(0, 2**32 - 1)
PRESETS = [CLASSIC, DOUBLE_DECK, THREE_HANDED]


@settings(max_examples=1500, derandomize=True, deadline=None)
@given(counts=classic_counts, trump=suits)
def test_meld_matches_the_rules_table_classic(counts: list[int], trump: Suit) -> None:
    hand = hand_from_counts(counts, CLASSIC)
    assert meld(hand, trump).total == reference_meld(hand, trump, CLASSIC.meld_table)


@settings(max_examples=1500, derandomize=True, deadline=None)
@given(counts=double_deck_counts, trump=suits)
def test_meld_matches_the_rules_table_double_deck(counts: list[int], trump: Suit) -> None:
    hand = hand_from_counts(counts, DOUBLE_DECK)
    expected = reference_meld(hand, trump, DOUBLE_DECK.meld_table)
    assert meld(hand, trump, DOUBLE_DECK).total == expected


@settings(max_examples=1000, derandomize=True, deadline=None)
@given(seed=seeds, trump=suits, rules=st.sampled_from(PRESETS))
def test_meld_of_a_dealt_hand_matches_the_rules_table(
    seed: int, trump: Suit, rules: RuleSet
) -> None:
    hand = dealt_hand(seed, rules)
    assert meld(hand, trump, rules).total == reference_meld(hand, trump, rules.meld_table)


@settings(max_examples=1000, derandomize=True, deadline=None)
@given(counts=classic_counts | double_deck_counts, trump=suits, rules=st.sampled_from(PRESETS))
def test_report_is_consistent(counts: list[int], trump: Suit, rules: RuleSet) -> None:
    """Never negative; the total is the sum of the items; meld_points agrees;
    every item uses cards of the hand, and a marriage or dix is one item each."""
    hand = hand_from_counts(counts, rules)
    report = meld(hand, trump, rules)
    assert report.total >= 0
    assert report.total == sum(item.points for item in report.items)
    assert meld_points(hand, trump, rules) == report.total
    held = Counter(hand)
    for item in report.items:
        assert item.points > 0
        assert 1 <= item.multiple <= rules.copies
        assert not Counter(item.cards) - held, item
        if item.kind in (MeldKind.MARRIAGE, MeldKind.ROYAL_MARRIAGE, MeldKind.DIX):
            assert item.multiple == 1
    marriages = sum(1 for i in report.items if i.kind is MeldKind.MARRIAGE)
    count = Counter(hand)
    assert marriages == sum(
        min(count[Card(s, Rank.KING)], count[Card(s, Rank.QUEEN)]) for s in Suit if s is not trump
    )


@settings(max_examples=500, derandomize=True, deadline=None)
@given(seed=seeds, trump=suits, rules=st.sampled_from(PRESETS), data=st.data())
def test_meld_does_not_depend_on_card_order(
    seed: int, trump: Suit, rules: RuleSet, data: st.DataObject
) -> None:
    hand = dealt_hand(seed, rules)
    shuffled = data.draw(st.permutations(hand))
    assert meld(shuffled, trump, rules).total == meld(hand, trump, rules).total


SWAP_HEARTS_CLUBS = {S: S, H: C, D: D, C: H}


def _swap(hand: Sequence[Card]) -> list[Card]:
    return [Card(SWAP_HEARTS_CLUBS[c.suit], c.rank) for c in hand]


@settings(max_examples=1000, derandomize=True, deadline=None)
@given(counts=classic_counts | double_deck_counts, rules=st.sampled_from(PRESETS))
def test_swapping_hearts_and_clubs_keeps_meld_with_spades_or_diamonds_trump(
    counts: list[int], rules: RuleSet
) -> None:
    """Only spades and diamonds are special (the pinochle); hearts and clubs are
    interchangeable while neither is trump."""
    hand = hand_from_counts(counts, rules)
    for trump in (S, D):
        assert meld(_swap(hand), trump, rules).total == meld(hand, trump, rules).total


@settings(max_examples=1000, derandomize=True, deadline=None)
@given(counts=classic_counts | double_deck_counts, trump=suits, rules=st.sampled_from(PRESETS))
def test_swapping_hearts_and_clubs_with_trump_keeps_meld(
    counts: list[int], trump: Suit, rules: RuleSet
) -> None:
    hand = hand_from_counts(counts, rules)
    swapped = meld(_swap(hand), SWAP_HEARTS_CLUBS[trump], rules).total
    assert swapped == meld(hand, trump, rules).total


@settings(max_examples=1000, derandomize=True, deadline=None)
@given(
    counts=classic_counts | double_deck_counts,
    trump=suits,
    rules=st.sampled_from(PRESETS),
    extra=st.integers(0, 23),
)
def test_adding_a_card_never_lowers_meld(
    counts: list[int], trump: Suit, rules: RuleSet, extra: int
) -> None:
    """With the preset tables, one more card can only add meld: every category
    counts complete sets, each row of the table grows with the number of sets, and
    a card that completes one more run turns one royal marriage into a run
    (classic +150 - 40, +1500 - 150 - 40; double deck +15 - 4, ...), never less."""
    hand = hand_from_counts(counts, rules)
    card = Card(Suit(extra // 6), Rank(extra % 6))
    assume(card.rank in rules.ranks and hand.count(card) < rules.copies)
    assert meld([*hand, card], trump, rules).total >= meld(hand, trump, rules).total


@settings(max_examples=500, derandomize=True, deadline=None)
@given(counts=classic_counts)
def test_trump_only_changes_run_marriages_and_dix(counts: list[int]) -> None:
    """Arounds and pinochles do not depend on trump."""
    hand = hand_from_counts(counts, CLASSIC)
    trump_free = (
        MeldKind.ACES_AROUND,
        MeldKind.KINGS_AROUND,
        MeldKind.QUEENS_AROUND,
        MeldKind.JACKS_AROUND,
        MeldKind.PINOCHLE,
    )
    reports = [meld(hand, t) for t in Suit]
    for kind in trump_free:
        points = {sum(i.points for i in r.items if i.kind is kind) for r in reports}
        assert len(points) == 1, kind
