"""The exact endgame solver agrees with a plain minimax written on the public API."""

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
    deal,
    legal_plays,
    trick_points,
    trick_winner,
)
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.sim.endgame import InvalidEndgameError, Utility, solve_endgame, solve_seats

VARIANTS = [CLASSIC, DOUBLE_DECK, THREE_HANDED]


def after(
    hands: list[list[Card]], trick: list[Card], seat: int, card: Card, trump: Suit, rules: RuleSet
) -> tuple[list[list[Card]], list[Card], int, int]:
    """The position once ``seat`` plays ``card``: the hands and the trick then (empty
    once the trick is complete), the seat to play next (the trick's winner once it is
    complete), and the trick points that seat has just won (0 while the trick goes on)."""
    h = [list(x) for x in hands]
    h[seat].remove(card)
    t = [*trick, card]
    if len(t) < rules.players:
        return h, t, (seat + 1) % rules.players, 0
    leader = (seat + 1) % rules.players
    winner = (leader + trick_winner(t, trump)) % rules.players
    return h, [], winner, trick_points(t, rules, last_trick=not h[winner])


def brute_force(
    hands: list[list[Card]],
    trick: list[Card],
    seat: int,
    trump: Suit,
    declarer: int,
    rules: RuleSet,
) -> int:
    """The declarer's side's trick points from here with best play, by trying every
    legal card at every turn (no pruning, no memory); three-handed, the defenders
    together."""
    team = rules.side(declarer)
    legal = legal_plays(hands[seat], trick, trump)
    if not legal:
        return 0
    results = []
    for card in legal:
        h, t, nxt, won = after(hands, trick, seat, card, trump, rules)
        gain = won if rules.side(nxt) == team else 0
        results.append(gain + brute_force(h, t, nxt, trump, declarer, rules))
    return max(results) if rules.side(seat) == team else min(results)


def random_position(
    rng: random.Random, rules: RuleSet, tricks: int
) -> tuple[list[list[Card]], list[Card], int, Suit, int]:
    """Hands of ``tricks`` cards from a fresh deal and a few random legal cards already on
    the table: (hands, trick, seat to play, trump, declarer)."""
    d = deal(0, rules, rng=rng)
    hands = [rng.sample(list(h), tricks) for h in d.hands]
    trump = Suit(rng.randrange(4))
    declarer = rng.randrange(rules.players)
    leader = rng.randrange(rules.players)
    trick: list[Card] = []
    for k in range(rng.randrange(rules.players)):
        seat = (leader + k) % rules.players
        card = rng.choice(legal_plays(hands[seat], trick, trump))
        hands[seat].remove(card)
        trick.append(card)
    return hands, trick, (leader + len(trick)) % rules.players, trump, declarer


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.name)
def test_agrees_with_brute_force(rules: RuleSet) -> None:
    rng = random.Random(f"endgame-{rules.name}")
    for k in range(200):
        tricks = 1 + k % 4
        hands, trick, seat, trump, declarer = random_position(rng, rules, tricks)
        sol = solve_endgame(hands, trump, seat, declarer=declarer, trick=trick, rules=rules)
        remaining = trick_points([*trick, *(c for h in hands for c in h)], rules, last_trick=True)
        assert sol.total == remaining
        want = brute_force([list(h) for h in hands], list(trick), seat, trump, declarer, rules)
        assert sol.declarer_points == want, (hands, trick, seat, trump, declarer)
        ours = rules.side(seat) == rules.side(declarer)
        assert {c for c, _ in sol.values} == set(legal_plays(hands[seat], trick, trump))
        for card, value in sol.values:
            h, t, nxt, won = after(list(hands), list(trick), seat, card, trump, rules)
            gain = won if rules.side(nxt) == rules.side(declarer) else 0
            decl = gain + brute_force(h, t, nxt, trump, declarer, rules)
            assert value == (decl if ours else remaining - decl)
        assert sol.best_value == (sol.declarer_points if ours else sol.defender_points)


def test_whole_hand_points_add_up() -> None:
    # A full classic hand solved from the start: all 250 trick points are shared out.
    d = deal(0, CLASSIC, seed=3)
    hands = [list(h)[:6] for h in d.hands]
    sol = solve_endgame(hands, "S", 1, declarer=1)
    assert sol.total == trick_points([c for h in hands for c in h], CLASSIC, last_trick=True)
    assert sol.best_cards and all(sol.loss(c) == 0 for c in sol.best_cards)


def test_obvious_last_trick() -> None:
    # Seat 0 leads; only the ace of trump takes the last trick for the declarer's side.
    sol = solve_endgame(["AH", "9S", "QS", "JS"], "H", 0, declarer=0)
    assert sol.declarer_points == 10 + 10  # the ace and the last trick
    assert sol.best_cards == (Card.parse("AH"),)


def test_throwing_a_counter_under_an_ace_loses_it() -> None:
    # Seat 1 (a defender) follows to the declarer's ace with a ten or a nine; kept, the ten
    # wins the last trick over the declarer's nine.
    sol = solve_endgame(
        ["9S", "TS 9S", "9D JD", "JS QS"], "H", 1, declarer=0, trick=["AS"], rules=CLASSIC
    )
    assert sol.value_of("9S") is not None and sol.value_of("TS") is not None
    assert sol.loss("TS") == 10 and sol.loss("9S") == 0
    assert sol.value_of("AD") is None and sol.loss("zz") is None


def test_hand_over_is_worth_nothing() -> None:
    sol = solve_endgame([[], [], [], []], "S", 2, declarer=0)
    assert (sol.total, sol.values, sol.best_value, sol.best_cards) == (0, (), 0, ())


@pytest.mark.parametrize(
    "hands, trick, rules",
    [
        (["AS", "9S"], [], CLASSIC),  # two hands at a four-player table
        (["AS KS", "9S", "TS", "QS"], [], CLASSIC),  # sizes differ with no trick
        (["AS", "9S", "TS", "QS"], ["JS", "JS", "KS", "KS"], CLASSIC),  # a full trick
        (["9S", "9S", "9S"], [], DOUBLE_DECK),  # wrong seat count, and no 9s there
        (["AS", "AS", "AS", "9S"], ["AS"], CLASSIC),  # four aces of spades
    ],
)
def test_impossible_positions_are_refused(
    hands: list[str], trick: list[str], rules: RuleSet
) -> None:
    with pytest.raises(PinochleError):
        solve_endgame(hands, "H", 0, declarer=0, trick=trick, rules=rules)


def test_error_is_narrow() -> None:
    with pytest.raises(InvalidEndgameError, match="should hold"):
        solve_endgame(["AS KS", "9S", "TS", "QS"], "H", 0, declarer=0)


# ------------------------------------------------------- every seat for itself (max-n)
def brute_force_seats(
    hands: list[list[Card]],
    trick: list[Card],
    seat: int,
    trump: Suit,
    declarer: int,
    rules: RuleSet,
    utility: Utility,
    taken: tuple[int, ...],
) -> tuple[int, ...]:
    """The trick points each seat takes from the root with every seat playing for its
    own ``utility`` (``taken``: taken since the root), by trying every legal card at
    every turn. A seat's ties: the declarer's value lowest (a defender), then the
    smallest points in seat order, as the solver's module text says."""
    legal = legal_plays(hands[seat], trick, trump)
    if not legal:
        return taken
    outcomes = []
    for card in legal:
        h, t, nxt, won = after(hands, trick, seat, card, trump, rules)
        now = tuple(p + (won if s == nxt else 0) for s, p in enumerate(taken))
        outcomes.append(brute_force_seats(h, t, nxt, trump, declarer, rules, utility, now))

    def rank(o: tuple[int, ...]) -> tuple[float, ...]:
        u = utility(o)
        return (u[seat], -u[declarer] if seat != declarer else 0.0, *(-p for p in o))

    return max(outcomes, key=rank)


def score_like(contract: int, meld: tuple[int, ...], rules: RuleSet, declarer: int) -> Utility:
    """A utility shaped like the game's score: the declarer's points count only if they
    reach ``contract`` (else minus the contract), a defender's only from 10 on; each seat
    wants its own less the others' average."""

    def utility(points: tuple[int, ...]) -> tuple[float, ...]:
        change = []
        for s, p in enumerate(points):
            if s == declarer:
                change.append(meld[s] + p if meld[s] + p >= contract else -contract)
            else:
                change.append(meld[s] + p if p >= 10 else 0)
        total = sum(change)
        return tuple(c - (total - c) / (rules.players - 1) for c in change)

    return utility


@settings(max_examples=150, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**32 - 1),
    tricks=st.integers(1, 3),
    contract=st.sampled_from([20, 40, 60]),
    meld=st.tuples(st.sampled_from([0, 20]), st.sampled_from([0, 20]), st.sampled_from([0, 20])),
)
def test_every_seat_for_itself_agrees_with_brute_force(
    seed: int, tricks: int, contract: int, meld: tuple[int, int, int]
) -> None:
    """Three-handed, each seat for its own score-like value: the search's outcome and
    every legal card's outcome are the brute force's."""
    rules = THREE_HANDED
    rng = random.Random(seed)
    hands, trick, seat, trump, declarer = random_position(rng, rules, tricks)
    utility = score_like(contract, meld, rules, declarer)
    sol = solve_seats(hands, trump, seat, utility, declarer=declarer, trick=trick, rules=rules)
    zero = (0,) * rules.players
    want = brute_force_seats(
        [list(h) for h in hands], list(trick), seat, trump, declarer, rules, utility, zero
    )
    assert sol.points == want, (hands, trick, seat, trump, declarer)
    assert sol.utilities == tuple(utility(want))
    remaining = trick_points([*trick, *(c for h in hands for c in h)], rules, last_trick=True)
    assert sum(sol.points) == remaining
    assert [c for c, _ in sol.outcomes] == sorted(
        set(legal_plays(hands[seat], trick, trump)), key=lambda c: c.index
    )
    for card, outcome in sol.outcomes:
        h, t, nxt, won = after(list(hands), list(trick), seat, card, trump, rules)
        now = tuple(won if s == nxt else 0 for s in range(rules.players))
        o = brute_force_seats(h, t, nxt, trump, declarer, rules, utility, now)
        assert outcome == o
        assert sol.value_of(card) == utility(o)[seat]
    assert sol.value_of(sol.best_cards[0]) == sol.best_value == utility(want)[seat]


@pytest.mark.parametrize("rules", [CLASSIC, THREE_HANDED], ids=lambda r: r.name)
def test_a_pooled_utility_gives_the_two_sided_answer(rules: RuleSet) -> None:
    """Valuing each seat by its side's trick points (three-handed: the defenders
    together), the every-seat search is the two-sided search."""
    rng = random.Random(f"seats-{rules.name}")
    for k in range(60):
        hands, trick, seat, trump, declarer = random_position(rng, rules, 1 + k % 3)
        bidders = rules.side(declarer)

        def pooled(p: tuple[int, ...], bidders: int = bidders) -> tuple[float, ...]:
            ours = sum(x for s, x in enumerate(p) if rules.side(s) == bidders)
            return tuple(
                float(ours if rules.side(s) == bidders else sum(p) - ours) for s in range(len(p))
            )

        two = solve_endgame(hands, trump, seat, declarer=declarer, trick=trick, rules=rules)
        each = solve_seats(hands, trump, seat, pooled, declarer=declarer, trick=trick, rules=rules)
        assert [v for _, v in two.values] == [v for _, v in each.values]
        decl = sum(x for s, x in enumerate(each.points) if rules.side(s) == bidders)
        assert decl == two.declarer_points


def test_a_defender_takes_its_own_counters_rather_than_feed_the_other() -> None:
    """Three-handed, trump spades, declarer seat 0, seat 1 to lead. Pooling the defenders'
    points, seat 1 leads its 9 of trump and lets seat 2 take 40; playing for itself it
    leads the K of diamonds, wins it and the last trick, and takes 30 itself."""
    hands = ["TH AS", "9S KD", "QH AH"]
    pooled = solve_endgame(hands, "S", 1, declarer=0, rules=THREE_HANDED)
    assert pooled.best_cards == (Card.parse("9S"),)

    def own_less_others(p: tuple[int, ...]) -> tuple[float, ...]:
        return tuple(x - (sum(p) - x) / 2 for x in p)

    each = solve_seats(hands, "S", 1, own_less_others, declarer=0, rules=THREE_HANDED)
    assert each.best_cards == (Card.parse("KD"),)
    assert each.points == (20, 30, 0)
    assert dict(each.outcomes)[Card.parse("9S")] == (10, 0, 40)


def test_every_seat_search_refuses_impossible_positions_and_ends_at_zero() -> None:
    with pytest.raises(InvalidEndgameError, match="should hold"):
        solve_seats(["AS KS", "9S", "TS"], "H", 0, lambda p: p, declarer=0, rules=THREE_HANDED)
    done = solve_seats([[], [], []], "S", 2, lambda p: p, declarer=0, rules=THREE_HANDED)
    assert (done.points, done.values, done.best_value, done.best_cards) == ((0, 0, 0), (), 0, ())
