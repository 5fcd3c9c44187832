"""Rule sets: every preset value checked against the tables of RULES.md."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from pinochle_tutor import (
    CLASSIC,
    DOUBLE_DECK,
    THREE_HANDED,
    InvalidRulesError,
    MeldTable,
    PinochleError,
    Rank,
    RuleSet,
    rules_named,
)
from pinochle_tutor.rules import MAX_GAME_HANDS, MAX_RAISES
from pinochle_tutor.scoring import meld_ceiling

ALL_RANKS = (Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)
NO_NINES = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)

# --------------------------------------------------------------- the RULES.md tables

CLASSIC_SETTINGS: dict[str, Any] = {
    "players": 4,  # "4; seats 0..3 clockwise; partners sit opposite"
    "partnerships": True,
    "ranks": ALL_RANKS,  # "9 J Q K 10 A in each suit"
    "copies": 2,  # "two copies of each"
    "hand_size": 12,  # "all cards, 12 each"
    "kitty_size": 0,
    "opening_bid": 250,  # "open at 250 or more"
    "bid_increment": 10,  # "raise by at least 10; multiples of 10"
    "stuck_bid": 250,  # "the dealer takes the contract at 250"
    "exchange_size": 4,  # "declarer's partner passes 4 cards"
    "counter_points": (0, 0, 0, 10, 10, 10),  # "A, 10, K: 10 points each"
    "last_trick_bonus": 10,  # "last trick +10"
    "meld_save": 10,  # "keeps its meld only if it takes at least 10 trick points"
    "target": 1500,  # "first to 1500"
}

DOUBLE_DECK_SETTINGS: dict[str, Any] = {
    "players": 4,  # "4 players in partnerships as above"
    "partnerships": True,
    "ranks": NO_NINES,  # "four copies of A 10 K Q J in each suit, no 9s"
    "copies": 4,
    "hand_size": 20,  # "20 cards each"
    "kitty_size": 0,
    "opening_bid": 50,  # "open at 50"
    "bid_increment": 1,  # "raise by 1"
    "stuck_bid": 50,  # "dealer takes it at 50 if all pass"
    "exchange_size": 4,  # "Exchange 4 cards."
    "counter_points": (0, 0, 0, 1, 1, 1),  # "counters A 10 K 1 point each"
    "last_trick_bonus": 2,  # "last trick 2"
    "meld_save": 1,  # "keeps its meld with at least 1 trick point"
    "target": 500,  # "game to 500"
}

THREE_HANDED_SETTINGS: dict[str, Any] = {
    "players": 3,
    "partnerships": False,  # "no partnerships: every player scores for themselves"
    "ranks": ALL_RANKS,  # "48 cards"
    "copies": 2,
    "hand_size": 15,  # "15 each"
    "kitty_size": 3,  # "and 3 to a kitty"
    "opening_bid": 250,  # "Auction as classic among three"
    "bid_increment": 10,
    "stuck_bid": 250,  # "the dealer takes it at 250"
    "exchange_size": 0,  # "No exchange."
    "counter_points": (0, 0, 0, 10, 10, 10),
    "last_trick_bonus": 10,
    "meld_save": 10,  # "keeps their meld with at least 10 trick points"
    "target": 1500,  # "Game 1500"
}


def _cases(preset: RuleSet, settings: dict[str, Any], label: str) -> list[Any]:
    return [
        pytest.param(preset, key, value, id=f"{label}-{key}") for key, value in settings.items()
    ]


@pytest.mark.parametrize(
    ("rules", "setting", "value"),
    _cases(CLASSIC, CLASSIC_SETTINGS, "classic")
    + _cases(DOUBLE_DECK, DOUBLE_DECK_SETTINGS, "double_deck")
    + _cases(THREE_HANDED, THREE_HANDED_SETTINGS, "three_handed"),
)
def test_preset_setting_matches_rules_md(rules: RuleSet, setting: str, value: Any) -> None:
    assert getattr(rules, setting) == value


CLASSIC_MELD = {
    "run": (150, 1500),  # "run 150, double run 1500"
    "royal_marriage": 40,  # "K Q of trump 40 each"
    "marriage": 20,  # "K Q of a non-trump suit 20 each"
    "dix": 10,  # "9 of trump 10 each"
    "aces_around": (100, 1000),
    "kings_around": (80, 800),
    "queens_around": (60, 600),
    "jacks_around": (40, 400),
    "pinochle": (40, 300),  # "pinochle 40, double pinochle 300"
}

DOUBLE_DECK_MELD = {
    "run": (15, 150, 225, 300),
    "aces_around": (10, 100, 150, 200),
    "kings_around": (8, 80, 120, 160),
    "queens_around": (6, 60, 90, 120),
    "jacks_around": (4, 40, 60, 80),
    "pinochle": (4, 30, 60, 90),
    "royal_marriage": 4,  # "Royal marriage 4 each"
    "marriage": 2,  # "marriage 2 each"
    "dix": 0,  # "no 9s (so no dix)"
}


@pytest.mark.parametrize(
    ("rules", "row", "value"),
    [pytest.param(CLASSIC, k, v, id=f"classic-{k}") for k, v in CLASSIC_MELD.items()]
    + [pytest.param(THREE_HANDED, k, v, id=f"three_handed-{k}") for k, v in CLASSIC_MELD.items()]
    + [pytest.param(DOUBLE_DECK, k, v, id=f"double_deck-{k}") for k, v in DOUBLE_DECK_MELD.items()],
)
def test_preset_meld_table_matches_rules_md(rules: RuleSet, row: str, value: Any) -> None:
    assert getattr(rules.meld_table, row) == value


@pytest.mark.parametrize(
    ("rules", "deck_size", "total_trick_points"),
    [
        pytest.param(CLASSIC, 48, 250, id="classic"),  # "48 cards", "250 in all"
        pytest.param(DOUBLE_DECK, 80, 50, id="double_deck"),  # "80 cards", "50 in all"
        pytest.param(THREE_HANDED, 48, 250, id="three_handed"),
    ],
)
def test_derived_deck_size_and_trick_points(
    rules: RuleSet, deck_size: int, total_trick_points: int
) -> None:
    assert rules.deck_size == deck_size
    assert rules.total_trick_points == total_trick_points


@pytest.mark.parametrize(
    "rules",
    [CLASSIC, DOUBLE_DECK, THREE_HANDED],
    ids=["classic", "double_deck", "three_handed"],
)
def test_deal_fills_the_deck_exactly(rules: RuleSet) -> None:
    """Every card is dealt: the hands and the kitty make the whole deck."""
    assert rules.players * rules.hand_size + rules.kitty_size == rules.deck_size
    assert len(rules.ranks) * 4 * rules.copies == rules.deck_size


@pytest.mark.parametrize(
    "rules",
    [CLASSIC, DOUBLE_DECK, THREE_HANDED],
    ids=["classic", "double_deck", "three_handed"],
)
def test_total_trick_points_is_every_counter_plus_the_last_trick(rules: RuleSet) -> None:
    counters = sum(rules.counter_points[rank] for rank in rules.ranks) * 4 * rules.copies
    assert rules.total_trick_points == counters + rules.last_trick_bonus


def test_counters_are_ace_ten_king_only() -> None:
    """Seed: "Aces, 10s, and kings are called counters"."""
    for rules in (CLASSIC, DOUBLE_DECK, THREE_HANDED):
        for rank in Rank:
            is_counter = rank in (Rank.ACE, Rank.TEN, Rank.KING)
            assert (rules.counter_points[rank] > 0) is is_counter, (rules.name, rank)


# ------------------------------------------------------------------- lookup by name


@pytest.mark.parametrize(
    ("name", "preset"),
    [
        pytest.param("classic", CLASSIC, id="classic"),
        pytest.param("Classic", CLASSIC, id="Classic"),
        pytest.param("double_deck", DOUBLE_DECK, id="double_deck"),
        pytest.param("Double deck", DOUBLE_DECK, id="Double deck"),
        pytest.param("double-deck", DOUBLE_DECK, id="double-deck"),
        pytest.param("three_handed", THREE_HANDED, id="three_handed"),
        pytest.param("three-handed", THREE_HANDED, id="three-handed"),
        pytest.param("Three Handed", THREE_HANDED, id="Three Handed"),
    ],
)
def test_rules_named(name: str, preset: RuleSet) -> None:
    assert rules_named(name) is preset


@pytest.mark.parametrize("name", ["bridge", "", "five_handed", "double"])
def test_rules_named_unknown_raises_and_quotes_the_name(name: str) -> None:
    with pytest.raises(InvalidRulesError) as info:
        rules_named(name)
    assert repr(name) in str(info.value)


def test_rules_errors_are_pinochle_errors() -> None:
    assert issubclass(InvalidRulesError, PinochleError)
    assert issubclass(InvalidRulesError, ValueError)


# ------------------------------------------------------------------- house rules


def test_rule_sets_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        CLASSIC.target = 1000  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        CLASSIC.meld_table.run = (1, 2)  # type: ignore[misc]


def test_with_settings_returns_a_new_rule_set() -> None:
    house = CLASSIC.with_settings(target=1000, opening_bid=300)
    assert house.target == 1000
    assert house.opening_bid == 300
    assert house.hand_size == CLASSIC.hand_size
    assert CLASSIC.target == 1500
    assert CLASSIC.opening_bid == 250
    assert house != CLASSIC


def test_with_no_settings_is_equal() -> None:
    assert CLASSIC.with_settings() == CLASSIC


def test_with_settings_can_change_the_meld_table() -> None:
    table = dataclasses.replace(CLASSIC.meld_table, pinochle=(40, 600))
    house = CLASSIC.with_settings(meld_table=table)
    assert house.meld_table.pinochle == (40, 600)
    assert house.meld_table.run == (150, 1500)
    assert CLASSIC.meld_table.pinochle == (40, 300)


def test_meld_table_default_is_the_classic_table() -> None:
    assert MeldTable() == CLASSIC.meld_table


@pytest.mark.parametrize(
    ("overrides", "named"),
    [
        pytest.param({"trump_bonus": 5}, "trump_bonus", id="unknown-setting"),
        pytest.param({"targett": 1000}, "targett", id="misspelt-setting"),
        pytest.param({"target": "1500"}, "target", id="text-for-a-number"),
        pytest.param({"target": 1500.0}, "target", id="float-for-a-whole-number"),
        pytest.param({"partnerships": 1}, "partnerships", id="int-for-a-flag"),
        pytest.param({"opening_bid": True}, "opening_bid", id="flag-for-a-number"),
        pytest.param({"counter_points": "0 0 0 10 10 10"}, "counter_points", id="text-for-a-list"),
    ],
)
def test_with_settings_rejects_bad_overrides_naming_them(
    overrides: dict[str, Any], named: str
) -> None:
    with pytest.raises(InvalidRulesError) as info:
        CLASSIC.with_settings(**overrides)
    assert named in str(info.value)


def test_with_settings_rejects_an_inconsistent_deal() -> None:
    """13 cards to each of four players do not make a 48-card deck."""
    with pytest.raises(InvalidRulesError):
        CLASSIC.with_settings(hand_size=13)


def test_list_settings_reject_a_single_number() -> None:
    """Found by fuzzing: a number where a list belongs is named, not a crash."""
    with pytest.raises(InvalidRulesError, match="counter_points=0 must be a list"):
        CLASSIC.with_settings(counter_points=0)


# ------------------------------------------------------------- playability checks


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        pytest.param(
            {"counter_points": [0, 0, 0, 0, 0, 0]},
            "counter_points=[0, 0, 0, 0, 0, 0] leaves no trick points to win: "
            "at least one rank in the deck must count",
            id="no-counters",
        ),
        pytest.param(
            {
                "counter_points": [10, 0, 0, 0, 0, 0],
                "ranks": ["J", "Q", "K", "10", "A"],
                "hand_size": 10,
            },
            "counter_points=[10, 0, 0, 0, 0, 0] leaves no trick points to win",
            id="only-a-rank-the-deck-lacks-counts",
        ),
        pytest.param(
            {"counter_points": [0, 0, 0, 10, 10, -10]},
            "counter_points=[0, 0, 0, 10, 10, -10] cannot be negative",
            id="negative-counter",
        ),
        pytest.param(
            {"meld_save": 100000},
            "meld_save=100000 is more than the 250 trick points of a hand: "
            "no side could keep its meld",
            id="meld-save-unreachable",
        ),
        pytest.param(
            {"ranks": ["A", "10"], "hand_size": 4},
            "ranks=['10', 'A'] lacks J Q K: the meld table needs A 10 K Q J in the deck "
            "(only the 9 may be left out)",
            id="ranks-the-meld-table-needs",
        ),
        pytest.param(
            {"ranks": ["9", "J", "K", "10", "A"], "hand_size": 10},
            "lacks Q: the meld table needs A 10 K Q J",
            id="no-queens",
        ),
        pytest.param(
            {"opening_bid": 100000, "stuck_bid": 100000},
            "opening_bid=100000 is too high: no side can take more than 9890 points",
            id="huge-opening-bid",
        ),
        pytest.param(
            {"opening_bid": 5000, "stuck_bid": 5000, "bid_increment": 1},
            "opening_bid=5000 is too high: at most 2000 (2000 raises of bid_increment=1)",
            id="too-many-raises",
        ),
        pytest.param(
            {"stuck_bid": 20010},
            "stuck_bid=20010 is too high: no side can take more than 9890 points",
            id="huge-stuck-bid",
        ),
        pytest.param(
            {"meld_table": {"run": [150, 100000]}},
            "meld_table.run=[150, 100000]: a meld is worth at most 20000 "
            "(2000 raises of bid_increment=10)",
            id="huge-meld",
        ),
        pytest.param(
            {"meld_table": {"dix": -10}},
            "meld_table.dix=-10 cannot be negative",
            id="negative-meld",
        ),
        pytest.param(
            {"counter_points": [0, 0, 0, 1000, 1000, 1000]},
            "counter_points=[0, 0, 0, 1000, 1000, 1000] and last_trick_bonus=10 make 24010 "
            "trick points a hand: at most 20000 (2000 raises of bid_increment=10)",
            id="huge-counters",
        ),
        pytest.param({"opening_bid": 0}, "opening_bid=0 must be positive", id="opening-zero"),
        pytest.param({"bid_increment": -10}, "bid_increment=-10 must be positive", id="increment"),
        pytest.param({"target": 0}, "target=0 must be positive", id="target-zero"),
        pytest.param({"target": -1500}, "target=-1500 must be positive", id="target-negative"),
        pytest.param(
            {
                "hand_size": 0,
                "kitty_size": 48,
                "players": 3,
                "partnerships": False,
                "exchange_size": 0,
            },
            "hand_size=0 must be positive",
            id="no-hands",
        ),
    ],
)
def test_a_rule_set_the_engine_cannot_play_is_refused_naming_the_setting(
    overrides: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidRulesError) as info:
        CLASSIC.with_settings(**overrides)
    assert message in str(info.value)


@pytest.mark.parametrize(
    "overrides",
    [
        pytest.param({"meld_save": 250}, id="meld-save-all-the-points"),
        pytest.param({"counter_points": [0, 0, 0, 0, 0, 10]}, id="only-aces-count"),
        pytest.param({"ranks": ["J", "Q", "K", "10", "A"], "hand_size": 10}, id="no-nines"),
        pytest.param({"opening_bid": 5000, "stuck_bid": 5000}, id="opening-at-the-bound"),
        pytest.param({"meld_table": {"run": [150, 5000]}}, id="meld-at-the-bound"),
        pytest.param({"meld_save": 0, "last_trick_bonus": 0}, id="no-meld-save"),
    ],
)
def test_tricky_but_playable_house_rules_are_accepted(overrides: dict[str, Any]) -> None:
    CLASSIC.with_settings(**overrides)


def test_the_bounds_follow_the_bid_increment() -> None:
    """Double deck raises by 1: a quadruple run of 2000 is within 2000 raises, 2001 is
    not; classic bidding by ones keeps its double run of 1500."""
    DOUBLE_DECK.with_settings(meld_table={"run": [15, 150, 225, 2000]})
    CLASSIC.with_settings(bid_increment=1)
    with pytest.raises(InvalidRulesError, match=r"at most 2000 \(2000 raises of bid_increment=1\)"):
        DOUBLE_DECK.with_settings(meld_table={"run": [15, 150, 225, 2001]})


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        pytest.param(
            {"opening_bid": 10**18, "bid_increment": 10**18, "stuck_bid": 10**18},
            f"opening_bid={10**18} is too high: no side can take more than 9890 points in a "
            "hand (9640 meld at the most and 250 trick points), so no contract could be made",
            id="all-three-at-10**18",
        ),
        pytest.param(
            {"opening_bid": 10**18, "bid_increment": 10**18, "stuck_bid": 10**18},
            f"bid_increment={10**18} is too high: no side can take more than 9890 points",
            id="increment-at-10**18",
        ),
        pytest.param({"opening_bid": 9900}, "opening_bid=9900 is too high", id="opening-above"),
        pytest.param({"stuck_bid": 9900}, "stuck_bid=9900 is too high", id="stuck-above"),
        pytest.param({"stuck_bid": 0}, "stuck_bid=0 must be positive", id="stuck-zero"),
        pytest.param({"bid_increment": 0}, "bid_increment=0 must be positive", id="increment-zero"),
    ],
)
def test_bids_no_contract_could_come_from_are_refused(
    overrides: dict[str, Any], message: str
) -> None:
    """The bounds come from the rule set: no side takes more than the most meld it could
    show (every line of the meld table at its highest, in each hand of the side) and
    every trick point; an opening or stuck bid or an increment above that is refused."""
    with pytest.raises(InvalidRulesError) as info:
        CLASSIC.with_settings(**overrides)
    assert message in str(info.value)


@pytest.mark.parametrize("rules", [CLASSIC, DOUBLE_DECK, THREE_HANDED])
def test_the_highest_bid_is_the_most_a_side_can_take(rules: RuleSet) -> None:
    assert rules.most_points == meld_ceiling(rules) + rules.total_trick_points
    assert rules.opening_bid <= rules.max_bid <= rules.most_points
    assert rules.max_bid % rules.bid_increment == 0
    assert rules.max_bid + rules.bid_increment > rules.most_points
    if rules.max_bid <= MAX_RAISES * rules.bid_increment:  # not double deck's 2030 > 2000 raises
        at_the_bound = rules.with_settings(opening_bid=rules.max_bid, stuck_bid=rules.max_bid)
        assert at_the_bound.max_bid == rules.max_bid


def test_the_highest_bid_keeps_the_bound_on_raises() -> None:
    """Bidding by ones, an auction of computer players still stops within MAX_RAISES raises."""
    assert CLASSIC.with_settings(bid_increment=1).max_bid == 250 + MAX_RAISES


def test_a_target_no_game_reaches_is_refused() -> None:
    """A game to 10**18 never ends: the target is bounded by MAX_GAME_HANDS hands of the
    most a side can take (classic 100 x 9890)."""
    CLASSIC.with_settings(target=MAX_GAME_HANDS * 9890)
    with pytest.raises(InvalidRulesError, match=r"target=1000000000000000000 is too high: at most 989000"):
        CLASSIC.with_settings(target=10**18)
    with pytest.raises(InvalidRulesError, match=r"target=203001 is too high: at most 203000"):
        DOUBLE_DECK.with_settings(target=203001)
