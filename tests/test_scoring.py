"""Scoring a hand and ending the game.

Seed: "Make or exceed the bid: Add the full earned total to your running score.
Miss the bid: Subtract the bid instead. You receive no meld or trick points for
that hand." "a team must earn at least 10 trick points to keep its meld. A bidding
team that earns none is set; defenders who earn none score zero." "If the declarer
concedes before trick play, their team loses the bid and the defenders score their
meld only." "Play to 1,500 ... if both teams reach the target on the same hand, the
bidding team wins if it fulfilled its contract."
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle_tutor import (
    CLASSIC,
    DOUBLE_DECK,
    THREE_HANDED,
    Card,
    InvalidPointsError,
    PinochleError,
    RuleSet,
    Suit,
    check_hand,
    game_winner,
    make_deck,
    minimum_tricks,
    parse_cards,
    reachable_trick_points,
    score_hand,
    trick_points,
)
from pinochle_tutor.explain import explain_contract

# ------------------------------------------------------------------- hand scores

HANDS = [
    # (rules, bid, bidder meld, bidder tricks, defender meld, defender tricks,
    #  bidder change, defender change, made)
    # Seed: "bids 320 and shows 180 meld. You need 140 trick points. Capture 160 and
    # you add 340 to your score. Capture only 130 and you subtract 320."
    pytest.param(CLASSIC, 320, 180, 160, 0, 90, 340, 90, True, id="seed-320-capture-160-adds-340"),
    pytest.param(CLASSIC, 320, 180, 130, 0, 120, -320, 120, False, id="seed-320-take-130-lose-320"),
    pytest.param(CLASSIC, 320, 180, 140, 0, 110, 320, 110, True, id="exactly-the-bid-is-made"),
    pytest.param(CLASSIC, 250, 0, 250, 60, 0, 250, 0, True, id="all-tricks-no-meld"),
    pytest.param(CLASSIC, 300, 150, 200, 100, 50, 350, 150, True, id="defenders-keep-meld"),
    # "a team must earn at least 10 trick points to keep its meld"
    pytest.param(CLASSIC, 250, 300, 10, 40, 240, 310, 280, True, id="ten-trick-points-save-meld"),
    pytest.param(CLASSIC, 250, 240, 10, 40, 240, 250, 280, True, id="meld-240-plus-10-makes-250"),
    # "A bidding team that earns none is set" (even when its meld covers the bid)
    pytest.param(CLASSIC, 250, 300, 0, 40, 250, -250, 290, False, id="bidders-no-tricks-are-set"),
    pytest.param(CLASSIC, 250, 1500, 0, 0, 250, -250, 250, False, id="double-run-no-tricks-set"),
    # "defenders who earn none score zero"
    pytest.param(CLASSIC, 250, 200, 250, 120, 0, 450, 0, True, id="defenders-no-tricks-score-zero"),
    pytest.param(CLASSIC, 250, 200, 240, 120, 10, 440, 130, True, id="defenders-ten-keep-meld"),
    # "Miss the bid: ... You receive no meld or trick points for that hand."
    pytest.param(CLASSIC, 400, 200, 190, 50, 60, -400, 110, False, id="missed-bid-only-minus-bid"),
    # double deck: "a team keeps its meld with at least 1 trick point", 50 in all
    pytest.param(DOUBLE_DECK, 50, 30, 20, 10, 30, 50, 40, True, id="dd-made"),
    pytest.param(DOUBLE_DECK, 60, 30, 20, 10, 30, -60, 40, False, id="dd-set"),
    pytest.param(DOUBLE_DECK, 50, 49, 1, 10, 49, 50, 59, True, id="dd-one-point-saves-meld"),
    pytest.param(DOUBLE_DECK, 50, 60, 0, 10, 50, -50, 60, False, id="dd-no-tricks-set"),
    pytest.param(DOUBLE_DECK, 50, 60, 50, 10, 0, 110, 0, True, id="dd-defenders-none-zero"),
    # three-handed: each defender is scored alone against the declarer
    pytest.param(THREE_HANDED, 300, 200, 120, 80, 70, 320, 150, True, id="three-handed-made"),
    pytest.param(THREE_HANDED, 300, 200, 90, 80, 0, -300, 0, False, id="three-handed-set"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("rules", "bid", "bm", "bt", "dm", "dt", "bidder", "defender", "made"), HANDS
)
def test_score_hand(
    rules: RuleSet,
    bid: int,
    bm: int,
    bt: int,
    dm: int,
    dt: int,
    bidder: int,
    defender: int,
    made: bool,
) -> None:
    score = score_hand(bid, bm, bt, dm, dt, rules)
    assert score.bidder == bidder
    assert score.defender == defender
    assert score.made is made
    assert score.needed == minimum_tricks(bid, bm, rules)


def test_bidders_with_no_trick_points_are_set_whatever_the_meld_rule() -> None:
    """RULES.md lists "bidders with no trick points are set" as its own rule, so it
    holds even under a house rule that lets a side keep its meld without tricks."""
    house = CLASSIC.with_settings(meld_save=0)
    score = score_hand(250, 300, 0, 0, 250, house)
    assert not score.made
    assert score.bidder == -250
    assert score_hand(250, 300, 10, 0, 240, house).bidder == 310


@pytest.mark.parametrize(
    ("bt", "dt", "bidder", "defender"),
    [
        pytest.param(10, 240, -250, 240 + 100, id="bidders-10-lose-meld"),
        pytest.param(20, 230, 320, 230 + 100, id="bidders-20-keep-meld"),
        pytest.param(240, 10, 540, 0, id="defenders-10-score-nothing"),
    ],
)
def test_a_house_meld_save_is_used(bt: int, dt: int, bidder: int, defender: int) -> None:
    house = CLASSIC.with_settings(meld_save=20)
    score = score_hand(250, 300, bt, 100, dt, house)
    assert (score.bidder, score.defender) == (bidder, defender)


def test_seed_example_needs_140() -> None:
    assert score_hand(320, 180, 160, 0, 90).needed == 140
    assert score_hand(320, 180, 130, 0, 120).needed == 140


@pytest.mark.parametrize(
    ("bid", "meld", "needed"),
    [
        pytest.param(320, 180, 140, id="seed-example"),
        # Meld is kept only with meld_save (10) trick points: covering the bid is not enough.
        pytest.param(250, 250, 10, id="meld-equals-bid-still-needs-10"),
        pytest.param(250, 400, 10, id="meld-above-bid-needs-10"),
        pytest.param(250, 245, 10, id="5-short-needs-10-to-keep-meld"),
        pytest.param(250, 0, 250, id="no-meld"),
        pytest.param(500, 0, None, id="impossible"),
        pytest.param(500, 250, 250, id="all-trick-points"),
        pytest.param(320, 185, 140, id="135-short-takes-140"),
    ],
)
def test_needed(bid: int, meld: int, needed: int | None) -> None:
    assert score_hand(bid, meld, 100, 0, 150).needed == needed
    assert minimum_tricks(bid, meld) == needed


@pytest.mark.parametrize(
    ("rules", "bid", "meld", "needed"),
    [
        pytest.param(DOUBLE_DECK, 50, 60, 1, id="double-deck-1-to-keep-meld"),
        pytest.param(DOUBLE_DECK, 50, 23, 27, id="double-deck-every-number"),
        pytest.param(DOUBLE_DECK, 110, 59, None, id="double-deck-impossible"),
        pytest.param(THREE_HANDED, 250, 300, 10, id="three-handed"),
        pytest.param(CLASSIC.with_settings(meld_save=0), 250, 300, 10, id="save-0-still-set-at-0"),
        pytest.param(CLASSIC.with_settings(meld_save=30), 250, 240, 30, id="house-save-30"),
    ],
)
def test_needed_under_other_rules(
    rules: RuleSet, bid: int, meld: int, needed: int | None
) -> None:
    assert minimum_tricks(bid, meld, rules) == needed


def test_reachable_trick_points_come_from_the_counters() -> None:
    assert reachable_trick_points(CLASSIC) == frozenset(range(0, 251, 10))
    assert reachable_trick_points(THREE_HANDED) == frozenset(range(0, 251, 10))
    assert reachable_trick_points(DOUBLE_DECK) == frozenset(range(51))
    # A house rule with 5-point kings reaches every multiple of 5 (never hard-coded 10).
    house = CLASSIC.with_settings(counter_points=[0, 0, 0, 5, 10, 10])
    assert 15 in reachable_trick_points(house)
    assert house.total_trick_points in reachable_trick_points(house)


@pytest.mark.parametrize(
    ("rules", "args", "quoted"),
    [
        pytest.param(CLASSIC, (250, 0, 500, 0, 0), "500", id="more-than-the-hand"),
        pytest.param(CLASSIC, (250, 0, 15, 0, 235), "15", id="classic-not-a-multiple-of-10"),
        pytest.param(CLASSIC, (250, 0, 150, 0, 150), "300", id="both-sides-more-than-the-hand"),
        pytest.param(CLASSIC, (255, 0, 100, 0, 150), "255", id="bid-off-the-increment"),
        pytest.param(CLASSIC, (0, 0, 100, 0, 150), "0", id="bid-0"),
        pytest.param(CLASSIC, (240, 0, 100, 0, 150), "240", id="bid-below-opening"),
        pytest.param(DOUBLE_DECK, (50, 0, 51, 0, 0), "51", id="double-deck-over-50"),
        pytest.param(CLASSIC, (250, -20, 0, 0, 0), "-20", id="negative-meld"),
    ],
)
def test_impossible_inputs_are_refused_in_words(
    rules: RuleSet, args: tuple[int, int, int, int, int], quoted: str
) -> None:
    with pytest.raises(InvalidPointsError) as info:
        check_hand(*args, rules)
    message = str(info.value)
    assert quoted in message
    assert message[0].isupper()
    assert "=" not in message  # no program names such as bidder_meld=-20


def test_score_hand_refuses_what_no_estimate_makes() -> None:
    """score_hand itself refuses bids off the increment and trick points beyond the
    hand (the computer players' estimates never make those)."""
    for args in ((255, 0, 100, 0, 150), (0, 0, 100, 0, 150), (250, 0, 500, 0, 0)):
        with pytest.raises(InvalidPointsError):
            score_hand(*args)


def test_every_reachable_number_is_accepted() -> None:
    for rules in (CLASSIC, DOUBLE_DECK, THREE_HANDED):
        total = rules.total_trick_points
        for t in reachable_trick_points(rules):
            check_hand(rules.opening_bid, 0, t, 0, total - t, rules)
            assert score_hand(rules.opening_bid, 0, t, 0, total - t, rules).bidder_tricks == t
        # The stuck dealer's bid is a contract too.
        assert score_hand(rules.stuck_bid, 0, 0, 0, total, rules).bid == rules.stuck_bid


@pytest.mark.parametrize(
    ("args", "numbers"),
    [
        pytest.param((320, 180, 160, 0, 90), ["320", "180", "140", "160", "340"], id="made"),
        pytest.param((320, 180, 130, 0, 120), ["320", "180", "140", "130"], id="set"),
        pytest.param((250, 300, 0, 40, 250), ["250", "300"], id="set-no-tricks"),
        pytest.param((250, 200, 250, 120, 0), ["250", "200", "450"], id="defenders-none"),
    ],
)
def test_explanation_mentions_the_numbers(
    args: tuple[int, int, int, int, int], numbers: list[str]
) -> None:
    explanation = explain_contract(*args).text
    for number in numbers:
        assert number in explanation, (number, explanation)


# ---------------------------------------------------------------------- concession


@pytest.mark.parametrize(
    ("rules", "bid", "bm", "dm", "bidder", "defender"),
    [
        pytest.param(CLASSIC, 300, 200, 120, -300, 120, id="bidders-lose-bid-defenders-meld"),
        pytest.param(CLASSIC, 250, 0, 0, -250, 0, id="no-meld-anywhere"),
        pytest.param(CLASSIC, 350, 300, 1000, -350, 1000, id="defenders-big-meld"),
        pytest.param(DOUBLE_DECK, 60, 20, 15, -60, 15, id="double-deck"),
    ],
)
def test_concession(rules: RuleSet, bid: int, bm: int, dm: int, bidder: int, defender: int) -> None:
    """RULES.md: "declarer concedes before trick play: bidders subtract the bid,
    defenders score their meld only" (no trick is played, so no trick points are
    needed to keep it)."""
    score = score_hand(bid, bm, 0, dm, 0, rules, conceded=True)
    assert score.bidder == bidder
    assert score.defender == defender
    assert not score.made
    assert str(bid) in explain_contract(bid, bm, 0, dm, 0, rules, conceded=True).text


# --------------------------------------------------------------------- trick points


@pytest.mark.parametrize(
    ("cards", "rules", "points"),
    [
        pytest.param("AS 10S KS QS", CLASSIC, 30, id="ace-ten-king-10-each"),
        pytest.param("QS JD 9H QC", CLASSIC, 0, id="queens-jacks-nines-nothing"),
        pytest.param("AH AH AH AH", CLASSIC, 40, id="four-aces"),
        pytest.param("", CLASSIC, 0, id="no-cards"),
        pytest.param("AS 10S KS QS", DOUBLE_DECK, 3, id="dd-1-each"),
    ],
)
def test_trick_points(cards: str, rules: RuleSet, points: int) -> None:
    assert trick_points(cards, rules) == points
    assert trick_points(parse_cards(cards), rules) == points


def test_a_trick_of_queens_and_jacks_scores_only_as_the_last_trick() -> None:
    """Seed: "A trick full of queens and jacks scores nothing unless it is the last trick"."""
    assert trick_points("QS JS QH JC", CLASSIC) == 0
    assert trick_points("QS JS QH JC", CLASSIC, last_trick=True) == 10


@pytest.mark.parametrize(
    ("rules", "counters", "total"),
    [
        pytest.param(CLASSIC, 240, 250, id="classic-240-plus-10"),
        pytest.param(THREE_HANDED, 240, 250, id="three-handed-240-plus-10"),
        pytest.param(DOUBLE_DECK, 48, 50, id="dd-48-plus-2"),
    ],
)
def test_the_whole_deck_is_worth_the_total_trick_points(
    rules: RuleSet, counters: int, total: int
) -> None:
    """RULES.md: "last trick +10; 250 in all" (double deck: "last trick 2, 50 in all")."""
    deck = [Card(suit, rank) for suit in Suit for rank in rules.ranks] * rules.copies
    assert trick_points(deck, rules) == counters
    assert trick_points(make_deck(rules), rules) == counters
    assert counters + rules.last_trick_bonus == total == rules.total_trick_points


# -------------------------------------------------------------------- bad arguments


@pytest.mark.parametrize(
    "args",
    [
        pytest.param((-10, 0, 0, 0, 0), id="negative-bid"),
        pytest.param((250, -20, 100, 0, 150), id="negative-meld"),
        pytest.param((250, 0, -10, 0, 250), id="negative-tricks"),
        pytest.param((250, 0, 260, 0, 0), id="more-than-250-trick-points"),
    ],
)
def test_impossible_scores_raise(args: tuple[int, int, int, int, int]) -> None:
    with pytest.raises(PinochleError):
        score_hand(*args)


# ------------------------------------------------------------------- end of the game

GAMES = [
    # (rules, scores after the hand, bidder side, made, winner)
    pytest.param(CLASSIC, [1490, 1200], 0, True, None, id="nobody-at-1500-play-on"),
    pytest.param(CLASSIC, [1500, 1200], 0, True, 0, id="exactly-1500-wins"),
    pytest.param(CLASSIC, [900, 1510], 0, False, 1, id="defenders-reach-1500"),
    # "if both teams reach the target on the same hand, the bidding team wins if it
    # fulfilled its contract" (even with the lower score)
    pytest.param(CLASSIC, [1510, 1600], 0, True, 0, id="both-reach-bidders-made-win"),
    pytest.param(CLASSIC, [1600, 1510], 1, True, 1, id="both-reach-bidders-1-made-win"),
    pytest.param(DOUBLE_DECK, [499, 480], 1, True, None, id="dd-below-500"),
    pytest.param(DOUBLE_DECK, [505, 520], 0, True, 0, id="dd-both-reach-bidders"),
    # three-handed: "if several reach it on one hand, the declarer wins if they made
    # the contract, otherwise the highest score wins"
    pytest.param(THREE_HANDED, [1520, 1560, 900], 0, True, 0, id="three-handed-declarer-made"),
    pytest.param(THREE_HANDED, [1520, 1560, 900], 2, False, 1, id="three-handed-highest"),
    pytest.param(THREE_HANDED, [1200, 1560, 900], 2, True, 1, id="three-handed-one-reaches"),
]


@pytest.mark.parametrize(("rules", "scores", "bidders", "made", "winner"), GAMES)
def test_game_winner(
    rules: RuleSet, scores: list[int], bidders: int, made: bool, winner: int | None
) -> None:
    assert game_winner(scores, bidders, made, rules) == winner


def test_game_is_to_1500() -> None:
    assert CLASSIC.target == 1500
    assert game_winner([1499, 0], 0, True) is None
    assert game_winner([1500, 0], 0, True) == 0


# ------------------------------------------------------------------------ properties

classic_points = st.integers(0, 25).map(lambda k: 10 * k)
melds = st.integers(0, 200).map(lambda k: 10 * k)
bids = st.integers(25, 80).map(lambda k: 10 * k)


@settings(max_examples=2000, derandomize=True, deadline=None)
@given(bid=bids, bm=melds, bt=classic_points, dm=melds)
def test_score_follows_the_contract_rule(bid: int, bm: int, bt: int, dm: int) -> None:
    dt = CLASSIC.total_trick_points - bt
    score = score_hand(bid, bm, bt, dm, dt)
    kept = (bm if bt >= 10 else 0) + bt
    made = bt > 0 and kept >= bid
    assert score.made is made
    assert score.bidder == (kept if made else -bid)
    assert score.defender == (dm + dt if dt >= 10 else 0)
    assert score.needed == minimum_tricks(bid, bm)


@settings(max_examples=1000, derandomize=True, deadline=None)
@given(bid=bids, bm=melds, bt=classic_points, dm=melds, more=st.integers(1, 25))
def test_more_trick_points_or_meld_never_hurt_the_bidders(
    bid: int, bm: int, bt: int, dm: int, more: int
) -> None:
    base = score_hand(bid, bm, bt, dm, 0).bidder
    if bt + 10 * more <= 250:
        assert score_hand(bid, bm, bt + 10 * more, dm, 0).bidder >= base
    assert score_hand(bid, bm + 10 * more, bt, dm, 0).bidder >= base
    assert score_hand(bid + 10 * more, bm, bt, dm, 0).bidder <= base


@settings(max_examples=500, derandomize=True, deadline=None)
@given(bid=bids, bm=melds, bt=classic_points, dm=melds, dt=classic_points)
def test_concession_ignores_tricks(bid: int, bm: int, bt: int, dm: int, dt: int) -> None:
    dt = min(dt, CLASSIC.total_trick_points - bt)
    score = score_hand(bid, bm, bt, dm, dt, conceded=True)
    assert (score.bidder, score.defender, score.made) == (-bid, dm, False)
