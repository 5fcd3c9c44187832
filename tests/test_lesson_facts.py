"""What the lessons state, derived from the rule set in force (course/lesson_facts.py)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle_tutor import (
    CLASSIC,
    DOUBLE_DECK,
    PRESETS,
    THREE_HANDED,
    RuleSet,
    parse_cards,
    score_hand,
)
from pinochle_tutor.course.lesson_facts import lesson_values, worked_contract
from pinochle_tutor.rules import MAX_RAISES
from pinochle_tutor.scoring import trick_point_step


def test_the_classic_example_is_the_rules_texts_own() -> None:
    """RULES.md / the seed: bid 320 with 180 meld needs 140; 160 captured adds 340, 130
    captured subtracts 320."""
    ex = worked_contract(CLASSIC)
    assert (ex.bid, ex.meld, ex.needed) == (320, 180, 140)
    assert (ex.made_tricks, ex.made_score, ex.short_tricks, ex.short_score) == (160, 340, 130, -320)


@pytest.mark.parametrize(
    ("rules", "step"), [(CLASSIC, 10), (DOUBLE_DECK, 1), (THREE_HANDED, 10)], ids=lambda x: str(x)
)
def test_trick_points_come_in_steps_of_the_counters(rules: RuleSet, step: int) -> None:
    assert trick_point_step(rules) == step


def _increments(base: RuleSet) -> list[int]:
    """The bid increments a house rule may use with ``base``'s meld table: the rule set
    refuses a meld worth more than MAX_RAISES raises (rules.MAX_RAISES)."""
    mt = base.meld_table
    top = max(v for row in (mt.run, mt.aces_around, mt.pinochle) for v in row)
    return [i for i in (1, 2, 5, 10, 20) if top <= MAX_RAISES * i]


house_rules = st.sampled_from(list(PRESETS.values())).flatmap(
    lambda base: st.builds(
        lambda inc, mult, save, target, royal: base.with_settings(
            bid_increment=inc, opening_bid=inc * mult, stuck_bid=inc * mult,
            meld_save=min(save, base.total_trick_points), target=target,
            meld_table={"royal_marriage": royal},
        ),
        st.sampled_from(_increments(base)),
        st.integers(1, 40),
        st.integers(1, 40),
        st.integers(100, 5000),
        st.integers(1, 100),
    )
)  # fmt: skip


def _check_example(rules: RuleSet) -> None:
    ex = worked_contract(rules)
    total = rules.total_trick_points
    step = trick_point_step(rules)
    assert ex.bid >= rules.opening_bid
    assert 0 <= ex.short_tricks < ex.made_tricks <= total
    for tricks in (ex.made_tricks, ex.short_tricks):
        assert tricks % step == 0 or tricks in (0, total), (rules, tricks)
    made = score_hand(ex.bid, ex.meld, ex.made_tricks, 0, total - ex.made_tricks, rules)
    short = score_hand(ex.bid, ex.meld, ex.short_tricks, 0, total - ex.short_tricks, rules)
    assert made.made and made.bidder == ex.made_score
    assert not short.made and short.bidder == ex.short_score == -ex.bid


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_the_worked_example_makes_and_misses_under_every_preset(rules: RuleSet) -> None:
    _check_example(rules)


@settings(max_examples=300, deadline=None)
@given(house_rules)
def test_the_worked_example_makes_and_misses_under_any_house_rule(rules: RuleSet) -> None:
    _check_example(rules)


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.sampled_from(list(PRESETS.values())), house_rules))
def test_lesson_values_say_the_rules_numbers_and_cards_the_deck_holds(rules: RuleSet) -> None:
    v = lesson_values(rules)
    for key in ("opening_bid", "hand_size", "copies", "target", "meld_save", "stuck_bid"):
        assert v[key] == getattr(rules, key)
    assert v["total_trick_points"] == rules.total_trick_points
    trick = parse_cards(v["low_trick"])
    assert len(trick) == rules.players
    assert all(c.rank in rules.ranks for c in trick)
    assert max(Counter(trick).values()) <= rules.copies
    assert v["low_trick_points"] == sum(rules.counter_points[c.rank] for c in trick)
    if rules.bid_increment == 1:
        assert "multiples" not in v["raise_rule"]
    words = " ".join(str(x) for x in v.values())
    if not rules.partnerships:
        assert "bidders" not in words and "defenders" not in words and "partner" not in words


def test_three_handed_words_name_the_declarer_and_each_defender() -> None:
    v = lesson_values(THREE_HANDED)
    assert (v["bidders"], v["defenders"], v["side"]) == ("the declarer", "each defender", "player")
    assert lesson_values(CLASSIC)["bidders"] == "the bidders"


def test_double_deck_counts_copies_in_words() -> None:
    v = lesson_values(DOUBLE_DECK)
    assert (v["copies_word"], v["appears"], v["other_copies_gone"]) == (
        "four", "four times", "the others are gone",
    )  # fmt: skip
    assert v["low_trick_answer"].startswith("None")
