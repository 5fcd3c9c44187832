"""The computer players: always legal, honest about what they know, and stronger
than chance.

* Legality is proved by completion: :class:`~pinochle_tutor.game.Hand` raises on
  any illegal bid, exchange or card, so every finished hand is a legal one.
* The sampler's deals agree with the seat's ledger, and so does the real deal.
* The fast playout conserves trick points and plays exactly as the player does.
* The heuristic player beats random play over duplicate deals (fixed seeds).
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle_tutor import (
    CLASSIC,
    DOUBLE_DECK,
    THREE_HANDED,
    Hand,
    Phase,
    Player,
    RandomPlayer,
    RuleSet,
    meld,
    play_hand,
)
from pinochle_tutor.bots.heuristic import HeuristicPlayer
from pinochle_tutor.bots.montecarlo import MonteCarloPlayer
from pinochle_tutor.sim.knowledge import (
    Knowledge,
    consistent,
    deck_counts,
    sample_hidden_hands,
    shown_counts,
    trick_inferences,
)
from pinochle_tutor.sim.policy import heuristic_playout, play_context
from pinochle_tutor.sim.valuation import estimate_hand

ALL_RULES = [CLASSIC, DOUBLE_DECK, THREE_HANDED]


def counts(cards: Sequence[object]) -> list[int]:
    out = [0] * 24
    for c in cards:
        out[c.index] += 1  # type: ignore[attr-defined]
    return out


def step(hand: Hand, players: Sequence[Player]) -> None:
    """Let the seat to act take one action."""
    seat = hand.to_act
    assert seat is not None
    hand.act(players[seat])


# ------------------------------------------------------------------ legality
@pytest.mark.parametrize(
    ("rules", "hands"), [(CLASSIC, 1000), (DOUBLE_DECK, 300), (THREE_HANDED, 1000)]
)
def test_heuristic_player_only_makes_legal_moves(rules: RuleSet, hands: int) -> None:
    heuristic = HeuristicPlayer()
    for k in range(hands):
        if k % 3 == 0:
            players: list[Player] = [heuristic] * rules.players
        else:
            players = [
                heuristic if (s + k) % 2 else RandomPlayer(seed=k * 7 + s)
                for s in range(rules.players)
            ]
        hand = play_hand(players, dealer=k % rules.players, rules=rules, seed=k)
        assert hand.phase is Phase.DONE
        assert not hand.illegal_attempts


@pytest.mark.parametrize("rules", ALL_RULES)
def test_monte_carlo_player_only_makes_legal_moves(rules: RuleSet) -> None:
    for k in range(4):
        mc = MonteCarloPlayer(samples=3, seed=k)
        players: list[Player] = [
            mc if s % 2 == 0 else HeuristicPlayer() for s in range(rules.players)
        ]
        hand = play_hand(players, dealer=k % rules.players, rules=rules, seed=100 + k)
        assert hand.phase is Phase.DONE
        assert not hand.illegal_attempts


def test_monte_carlo_rejects_zero_samples() -> None:
    with pytest.raises(ValueError, match="samples"):
        MonteCarloPlayer(samples=0)


def test_bids_respect_the_auction() -> None:
    h = HeuristicPlayer()
    for rules in ALL_RULES:
        for k in range(200):
            hand = Hand(dealer=k % rules.players, rules=rules, seed=k)
            while hand.phase is Phase.AUCTION:
                seat = hand.to_act
                assert seat is not None
                view = hand.view(seat)
                b = h.bid(view)
                if b is not None:
                    assert b >= view.min_bid and b % rules.bid_increment == 0
                hand.bid(seat, b)


# ------------------------------------------------------------------ knowledge
def test_meld_shows_the_cards_it_uses() -> None:
    # Run + royal marriage in hearts: both K♥ and both Q♥ are shown; the Q♠ of the
    # pinochle is also in queens around, but only one copy is shown.
    report = meld("AH 10H KH QH JH KH QH QS JD QC QD", "H")
    shown = shown_counts(report)
    kh, qh, qs = 1 * 6 + 3, 1 * 6 + 2, 0 * 6 + 2
    assert shown[kh] == 2 and shown[qh] == 2 and shown[qs] == 1
    assert sum(shown) == 11


def test_trick_inferences_follow_the_rules() -> None:
    s9, s10, sa, h9, ck = 0, 4, 5, 6, 21
    trump = 1  # hearts
    # Spade 10 led; a spade 9 does not beat it: no A♠. A heart: void in spades.
    # A club: void in spades and hearts.
    bars = trick_inferences([s10, s9, h9, ck], trump)
    assert bars[0] == 0
    assert bars[1] == 1 << sa
    assert bars[2] == 0b111111
    assert bars[3] == 0b111111 | 0b111111 << 6
    # After a trump, a spade that does not beat the 10 tells nothing.
    assert trick_inferences([s10, h9, s9], trump)[2] == 0


def play_some(rules: RuleSet, seed: int, cards: int) -> Hand:
    """A hand through the auction, exchange and meld, then ``cards`` cards of play."""
    rng = random.Random(seed)
    players: list[Player] = [
        HeuristicPlayer() if rng.random() < 0.5 else RandomPlayer(seed=seed + s)
        for s in range(rules.players)
    ]
    hand = Hand(dealer=seed % rules.players, rules=rules, seed=seed)
    while hand.phase is not Phase.PLAY:
        step(hand, players)
    for _ in range(cards):
        if hand.phase is not Phase.PLAY:
            break
        step(hand, players)
    return hand


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.sampled_from(ALL_RULES),
    seed=st.integers(0, 10**6),
    progress=st.floats(0, 0.95),
    who=st.integers(0, 3),
    sample_seed=st.integers(0, 10**6),
)
def test_sampled_hands_agree_with_the_knowledge(
    rules: RuleSet, seed: int, progress: float, who: int, sample_seed: int
) -> None:
    total = rules.hand_size * rules.players
    hand = play_some(rules, seed, int(progress * total))
    if hand.phase is not Phase.PLAY:
        return
    seat = who % rules.players
    k = Knowledge.from_view(hand.view(seat))
    truth = [counts(h) for h in hand.hands]
    # The real deal is one the seat's ledger allows: the ledger infers nothing false.
    assert consistent(k, truth) == []
    assert sum(k.unseen) == sum(k.hand_sizes[s] for s in k.others) + k.out_of_play
    rng = random.Random(sample_seed)
    deck = deck_counts(rules)
    for _ in range(5):
        sample = sample_hidden_hands(k, rng)
        assert consistent(k, sample) == []
        assert sample[seat] == truth[seat]
        for s in k.others:
            assert sum(sample[s]) == len(hand.hands[s])
            assert all(sample[s][i] >= k.must_hold[s][i] for i in range(24))
            assert not any(sample[s][i] and k.forbidden[s] >> i & 1 for i in range(24))
        for i in range(24):
            assert sum(row[i] for row in sample) + k.played[i] <= deck[i]


def test_sampler_honours_tight_voids() -> None:
    # Late in many hands the voids leave little freedom; the careful fallback
    # must still find a deal whenever the real one exists.
    found = 0
    for seed in range(60):
        hand = play_some(CLASSIC, seed, 36)
        if hand.phase is not Phase.PLAY:
            continue
        seat = hand.to_act
        assert seat is not None
        k = Knowledge.from_view(hand.view(seat))
        found += any(k.forbidden)
        sample = sample_hidden_hands(k, random.Random(seed), tries=0)
        assert consistent(k, sample) == []
    assert found > 10


def test_exchange_knowledge() -> None:
    hand = play_some(CLASSIC, 3, 0)
    assert hand.declarer is not None
    partner = CLASSIC.partner(hand.declarer)
    assert partner is not None
    k = Knowledge.from_view(hand.view(hand.declarer))
    for c in hand.returned_cards:
        assert k.must_hold[partner][c.index] >= 1


# ------------------------------------------------------------------ playouts
def deal_counts(rules: RuleSet, rng: random.Random) -> list[list[int]]:
    deck = [i for i in range(24) for _ in range(rules.copies) if i % 6 in rules.ranks]
    rng.shuffle(deck)
    n = rules.hand_size
    hands = [[0] * 24 for _ in range(rules.players)]
    for p in range(rules.players):
        for i in deck[p * n : (p + 1) * n]:
            hands[p][i] += 1
    return hands


@pytest.mark.parametrize("rules", [CLASSIC, DOUBLE_DECK])
def test_heuristic_playout_conserves_trick_points(rules: RuleSet) -> None:
    rng = random.Random(7)
    for k in range(400):
        hands = deal_counts(rules, rng)
        pts = heuristic_playout(
            hands, k % 4, k % 4 // 2 * 2 + k % 2, rules, rng, first_leader=(k * 3) % 4
        )
        assert sum(pts) == rules.total_trick_points  # 250 classic, 50 double deck
        assert all(p >= 0 for p in pts)
        noisy = heuristic_playout(hands, k % 4, k % 4, rules, rng, epsilon=0.3)
        assert sum(noisy) == rules.total_trick_points


def test_heuristic_playout_three_handed_misses_only_the_kitty() -> None:
    rng = random.Random(8)
    for k in range(200):
        hands = deal_counts(THREE_HANDED, rng)
        in_hands = sum(
            n * THREE_HANDED.counter_points[i % 6] for row in hands for i, n in enumerate(row)
        )
        pts = heuristic_playout(hands, k % 3, k % 4, THREE_HANDED)
        assert sum(pts) == in_hands + THREE_HANDED.last_trick_bonus


@pytest.mark.parametrize("rules", [CLASSIC, DOUBLE_DECK])
def test_playout_plays_exactly_like_the_player(rules: RuleSet) -> None:
    # One policy: the fast playout from the position after meld reproduces the
    # hand four heuristic players actually played, trick points for trick points.
    players: list[Player] = [HeuristicPlayer()] * 4
    for seed in range(40):
        hand = Hand(dealer=seed % 4, rules=rules, seed=seed)
        while hand.phase is not Phase.PLAY:
            step(hand, players)
        assert hand.declarer is not None and hand.trump is not None
        start = [counts(h) for h in hand.hands]
        predicted = heuristic_playout(start, hand.declarer, int(hand.trump), rules)
        while hand.phase is not Phase.DONE:
            step(hand, players)
        assert predicted == hand.side_points


def test_playout_mid_trick_counts_the_table() -> None:
    rng = random.Random(9)
    hands = deal_counts(CLASSIC, rng)
    ctx = play_context(CLASSIC, 0, 0)
    # Seat 0 leads its first card; seats 1-3 still hold 12.
    first = next(i for i in range(24) if hands[0][i])
    hands[0][first] -= 1
    pts = heuristic_playout(hands, 0, 0, CLASSIC, trick=[first], trick_seats=[0], context=ctx)
    assert sum(pts) == 250


def test_estimate_prefers_trump_length_and_aces() -> None:
    weak = counts(meld("9S JS QH JH 9H QD JD 9D QC JC 9C JS", "S").hand)
    strong = counts(meld("AS AS 10S KS QS JS AH AD AC 10H KD 9C", "S").hand)
    assert estimate_hand(strong, 0, CLASSIC) > estimate_hand(weak, 0, CLASSIC) + 60


# ------------------------------------------------------------------ strength
def test_heuristic_beats_random_over_duplicate_deals() -> None:
    h = HeuristicPlayer()
    score_diff: list[float] = []
    trick_diff: list[float] = []
    for d in range(100):
        r = RandomPlayer(seed=d)
        a = play_hand([h, r, h, r], dealer=d % 4, seed=5000 + d)
        b = play_hand([r, h, r, h], dealer=d % 4, seed=5000 + d)
        sa, sb = a.score_changes, b.score_changes
        score_diff.append(((sa[0] - sa[1]) + (sb[1] - sb[0])) / 2)
        trick_diff.append(
            ((a.side_points[0] - a.side_points[1]) + (b.side_points[1] - b.side_points[0])) / 2
        )
    assert statistics.fmean(trick_diff) > 60
    assert statistics.fmean(score_diff) > 150
