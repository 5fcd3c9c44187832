"""The fast playout core agrees with the public API, card for card."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle_tutor import (
    CLASSIC,
    DOUBLE_DECK,
    THREE_HANDED,
    Card,
    RuleSet,
    Suit,
    all_cards,
    legal_plays,
    meld,
    score_hand,
    trick_winner,
)
from pinochle_tutor.sim.playout import PlayoutResult, choose_kth, random_playout, random_playouts


def reference_playout(rng: random.Random, rules: RuleSet, dealer: int) -> PlayoutResult:
    """The same hand as :func:`random_playout`, written only with the public API and
    drawing the same random numbers in the same order."""
    cards = all_cards()
    deck = [i for i in range(24) for _ in range(rules.copies) if (i % 6) in rules.ranks]
    rng.shuffle(deck)
    n, players = rules.hand_size, rules.players
    hands = [[cards[i] for i in deck[p * n : p * n + n]] for p in range(players)]
    kitty = [cards[i] for i in deck[players * n :]]
    declarer = (dealer + 1) % players
    trump = Suit(int(rng.random() * 4))
    sides = rules.sides
    melds = [0] * sides
    for p in range(players):
        melds[rules.side(p)] += meld(hands[p], trump, rules).total
    points = [0] * sides
    points[rules.side(declarer)] += sum(rules.counter_points[c.rank] for c in kitty)
    leader = declarer
    for t in range(n):
        trick: list[Card] = []
        seats: list[int] = []
        for j in range(players):
            seat = (leader + j) % players
            legal = legal_plays(hands[seat], trick, trump)
            card = legal[int(rng.random() * len(legal))]
            hands[seat].remove(card)
            trick.append(card)
            seats.append(seat)
        winner = seats[trick_winner(trick, trump)]
        points[rules.side(winner)] += sum(rules.counter_points[c.rank] for c in trick)
        if t == n - 1:
            points[rules.side(winner)] += rules.last_trick_bonus
        leader = winner
    b = rules.side(declarer)
    score = [0] * sides
    for d in range(sides):
        if d != b:
            s = score_hand(rules.opening_bid, melds[b], points[b], melds[d], points[d], rules)
            score[b], score[d] = s.bidder, s.defender
    return PlayoutResult(
        declarer, rules.opening_bid, trump, tuple(melds), tuple(points), tuple(score)
    )


@pytest.mark.parametrize("rules", [CLASSIC, DOUBLE_DECK, THREE_HANDED], ids=lambda r: r.name)
@settings(max_examples=300, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 3))
def test_fast_playout_matches_public_api(rules: RuleSet, seed: int, dealer: int) -> None:
    dealer %= rules.players
    fast = random_playout(random.Random(seed), rules, dealer)
    ref = reference_playout(random.Random(seed), rules, dealer)
    assert fast == ref


@pytest.mark.parametrize("rules", [CLASSIC, DOUBLE_DECK, THREE_HANDED], ids=lambda r: r.name)
def test_thousands_of_playouts_keep_every_trick_point(rules: RuleSet) -> None:
    results = random_playouts(3000, rules, seed=7)
    assert {sum(r.trick_points) for r in results} == {rules.total_trick_points}
    assert all(m >= 0 for r in results for m in r.meld)
    # Random play sometimes makes and sometimes misses the contract.
    made = [r.score[rules.side(r.declarer)] > 0 for r in results]
    assert any(made) and not all(made)


def test_choose_kth_walks_the_set_bits_in_order() -> None:
    mask = 0b1011_0010
    assert [choose_kth(mask, k / 4) for k in range(4)] == [1, 4, 5, 7]
    assert choose_kth(1 << 23, 0.999) == 23
