"""Lesson 7's count of a hand's trick points is the computer players' own: the weights
it prints (:func:`~pinochle_tutor.sim.policy.hand_count`) rebuild every estimate the
players bid on (:func:`~pinochle_tutor.sim.policy.estimate_hand`), and the lesson's
worked example adds up."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle_tutor.cards import Rank, Suit
from pinochle_tutor.course.lesson_facts import COUNT_EXAMPLE_SEED, lesson_values
from pinochle_tutor.deal import deal
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED, RuleSet
from pinochle_tutor.sim.valuation import best_trump, estimate_hand, hand_count, hand_counts

PRESETS = [CLASSIC, DOUBLE_DECK, THREE_HANDED]


@pytest.mark.unit
@pytest.mark.parametrize("rules", PRESETS, ids=[r.name for r in PRESETS])
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), trump=st.sampled_from(list(Suit)))
def test_the_weights_rebuild_every_estimate(rules: RuleSet, seed: int, trump: Suit) -> None:
    cards = deal(random.Random(seed).randrange(rules.players), rules, seed=seed).hands[0]
    w = hand_count(rules)
    held = [c for c in cards if c.suit is trump]
    side = [c for c in cards if c.suit is not trump]
    voids = sum(1 for s in Suit if s is not trump and not any(c.suit is s for c in cards))
    by_hand = (
        w.base
        + w.trump * len(held)
        + w.trump_ace * sum(c.rank is Rank.ACE for c in held)
        + w.trump_ten * sum(c.rank is Rank.TEN for c in held)
        + w.side_ace * sum(c.rank is Rank.ACE for c in side)
        + w.side_ten * sum(c.rank is Rank.TEN for c in side)
        + w.void * voids
    )
    expected = max(0.0, min(float(rules.total_trick_points), by_hand))
    assert estimate_hand(hand_counts(cards), int(trump), rules) == pytest.approx(expected, abs=1e-6)


@pytest.mark.unit
@pytest.mark.parametrize("rules", PRESETS, ids=[r.name for r in PRESETS])
def test_the_lessons_example_adds_up_to_the_players_count(rules: RuleSet) -> None:
    v = lesson_values(rules)
    total = eval(v["count_sum"].replace("×", "*"))  # noqa: RUF001 - our own digits
    assert f"{total:.1f}" == f"{float(v['count_total']):.1f}"
    cards = deal(0, rules, seed=COUNT_EXAMPLE_SEED).hands[0]
    trump, _ = best_trump(hand_counts(cards), rules)
    assert v["count_trump_suit"] == Suit(trump).plural
    exact = estimate_hand(hand_counts(cards), trump, rules)
    w = hand_count(rules)
    # each weight is said rounded: the example is off the players' own count by no more
    # than half a unit of rounding per card counted
    unit = 1.0 if rules.total_trick_points >= 100 else 0.1
    assert abs(total - exact) <= unit / 2 * (len(cards) + 1) + 1e-9, (total, exact, w)
    assert v["count_hand"].count(" ") == len(cards) - 1
