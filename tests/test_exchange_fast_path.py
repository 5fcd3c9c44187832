"""The exchange's fast paths agree with the public API, in every variant.

The bidding model plays thousands of exchanges per answer, so the meld a card would
break is counted only in the parts of the meld the card is in (``meld_losses``), the
four trumps' meld in one go (``meld_by_trump``), and the simulation exchanges on
counts (``choose_pass`` and the rest) instead of through the player's methods. Each
must give exactly what the slow, public way gives: the same numbers, the same cards.
"""

from __future__ import annotations

import random
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle_tutor import CLASSIC, DOUBLE_DECK, THREE_HANDED, Card, RuleSet, Suit, meld_points
from pinochle_tutor.bots.heuristic import HeuristicPlayer
from pinochle_tutor.cards import CARDS_BY_INDEX
from pinochle_tutor.meld import meld_by_trump, meld_losses
from pinochle_tutor.rules import MeldTable
from pinochle_tutor.sim import bidding, policy
from pinochle_tutor.sim.policy import choose_discard, choose_pass, choose_return
from pinochle_tutor.view import Phase, PlayerView

PRESETS = [CLASSIC, DOUBLE_DECK, THREE_HANDED]


def _deck(rules: RuleSet) -> list[int]:
    return [i for i in range(24) if i % 6 in rules.ranks for _ in range(rules.copies)]


def _cards(counts: list[int]) -> list[Card]:
    return [CARDS_BY_INDEX[i] for i in range(24) for _ in range(counts[i])]


def _counts(indices: list[int]) -> list[int]:
    c = [0] * 24
    for i in indices:
        c[i] += 1
    return c


@st.composite
def hands(draw: st.DrawFn, size: int | None = None) -> tuple[RuleSet, list[int], Suit]:
    """A rule set, a hand its deck can hold (as 24 counts; any size up to 30 cards, or
    ``size`` more than a dealt hand) and a trump."""
    rules = draw(st.sampled_from(PRESETS))
    deck = _deck(rules)
    n = draw(st.integers(0, 30)) if size is None else rules.hand_size + size
    picked = draw(st.lists(st.sampled_from(range(len(deck))), min_size=n, max_size=n, unique=True))
    return rules, _counts([deck[k] for k in picked]), draw(st.sampled_from(list(Suit)))


def reference_losses(rules: RuleSet) -> object:
    """``meld_losses`` written with the public API: the meld of the hand less the meld of
    the hand without one copy of the card."""

    def losses(c: list[int], trump: int, table: MeldTable) -> list[int]:
        assert table == rules.meld_table
        hand = _cards(c)
        total = meld_points(hand, Suit(trump), rules)
        out = [0] * 24
        for i in range(24):
            if c[i]:
                rest = list(hand)
                rest.remove(CARDS_BY_INDEX[i])
                out[i] = total - meld_points(rest, Suit(trump), rules)
        return out

    return losses


@settings(max_examples=600, derandomize=True, deadline=None)
@given(hands())
def test_meld_losses_are_what_each_card_takes_from_the_meld(
    case: tuple[RuleSet, list[int], Suit],
) -> None:
    rules, counts, trump = case
    before = list(counts)
    got = meld_losses(counts, int(trump), rules.meld_table)
    assert counts == before  # the hand is left as it was
    assert got == reference_losses(rules)(counts, int(trump), rules.meld_table)  # type: ignore[operator]


@settings(max_examples=600, derandomize=True, deadline=None)
@given(hands())
def test_meld_by_trump_is_the_meld_with_each_trump(case: tuple[RuleSet, list[int], Suit]) -> None:
    rules, counts, _ = case
    hand = _cards(counts)
    assert meld_by_trump(counts, rules.meld_table) == [
        meld_points(hand, suit, rules) for suit in Suit
    ]


def _view(hand: list[Card], trump: Suit | None, rules: RuleSet, seat: int) -> PlayerView:
    return PlayerView(
        seat=seat, phase=Phase.PASS, rules=rules, dealer=0, hand=tuple(hand), auction=(),
        high_bid=None, min_bid=rules.opening_bid, declarer=0, contract=None, trump=trump,
        melds=None, tricks=(), trick=(), trick_seats=(), legal=(),
    )  # fmt: skip


def _exchange(rules: RuleSet, counts: list[int], trump: Suit) -> list[list[Card]]:
    """What the heuristic player passes, returns and (three-handed) discards from the
    hand, through its public methods."""
    bot = HeuristicPlayer()
    hand = _cards(counts)
    if rules.has_kitty:
        return [list(bot.discard(_view(hand, None, rules, 0)))]
    return [
        list(bot.pass_cards(_view(hand, trump, rules, 2))),
        list(bot.return_cards(_view(hand, trump, rules, 0))),
    ]


@settings(max_examples=300, derandomize=True, deadline=None)
@given(hands(size=0) | hands(size=4) | hands(size=3))
def test_the_exchange_gives_the_cards_the_reference_meld_count_gives(
    case: tuple[RuleSet, list[int], Suit],
) -> None:
    """A dealt hand (the pass), a hand with the pass (the return), a hand with the kitty
    (the discard): the same cards whether each card's lost meld comes from the fast
    path or from the public ``meld_points``."""
    rules, counts, trump = case
    fast = _exchange(rules, counts, trump)
    with mock.patch.object(policy, "meld_losses", reference_losses(rules)):
        slow = _exchange(rules, counts, trump)
    assert fast == slow
    size = rules.kitty_size if rules.has_kitty else rules.exchange_size
    for chosen in fast:
        assert len(chosen) == size
        left = list(counts)
        for card in chosen:
            left[card.index] -= 1
        assert min(left) >= 0  # only cards of the hand, no copy twice too many


@settings(max_examples=200, derandomize=True, deadline=None)
@given(hands(size=0))
def test_the_count_functions_are_what_the_player_methods_give(
    case: tuple[RuleSet, list[int], Suit],
) -> None:
    rules, counts, trump = case
    via_methods = [[c.index for c in cards] for cards in _exchange(rules, counts, trump)]
    if rules.has_kitty:
        assert via_methods == [choose_discard(counts, rules)]
    else:
        assert via_methods == [
            choose_pass(counts, int(trump), rules),
            choose_return(counts, int(trump), rules),
        ]


class _ThroughViews(HeuristicPlayer):
    """The same player, which the simulation asks through its methods (views of cards)."""


@settings(max_examples=60, derandomize=True, deadline=None)
@given(
    rules=st.sampled_from(PRESETS),
    seed=st.integers(0, 2**32 - 1),
    declarer=st.integers(0, 3),
    trump=st.sampled_from([None, *range(4)]),
)
def test_a_simulated_deal_is_the_same_on_counts_as_through_the_players_methods(
    rules: RuleSet, seed: int, declarer: int, trump: int | None
) -> None:
    declarer %= rules.players
    deck = _deck(rules)
    random.Random(seed).shuffle(deck)
    n = rules.hand_size
    dealt = [_counts(deck[p * n : p * n + n]) for p in range(rules.players)]
    kitty = deck[rules.players * n :]
    fast = bidding.play_deal([list(h) for h in dealt], kitty, declarer, trump, rules, None, {})
    slow = bidding.play_deal([list(h) for h in dealt], kitty, declarer, trump, rules, _ThroughViews())
    assert fast == slow


@settings(max_examples=100, derandomize=True, deadline=None)
@given(hands(size=4))
def test_each_pick_sees_the_suit_lengths_and_meld_losses_of_the_cards_still_held(
    case: tuple[RuleSet, list[int], Suit],
) -> None:
    """The gains are asked with the suit lengths ``_pick`` keeps as it goes, not counted
    from the hand each time: they must be those of the cards still held."""
    rules, counts, trump = case
    held = list(counts)
    seen: list[tuple[list[int], int, int]] = []

    def gain(lengths: list[int], i: int, lost: int) -> float:
        seen.append((list(lengths), i, lost))
        return float(i % 7) - lost  # any rule will do: the cards held are what is tested

    chosen = policy._pick(counts, 4, int(trump), rules.meld_table, gain)
    asked = 0
    for pick in chosen:
        losses = reference_losses(rules)(held, int(trump), rules.meld_table)  # type: ignore[operator]
        for i in range(24):
            if held[i]:
                lengths, card, lost = seen[asked]
                assert (card, lost) == (i, losses[i])
                assert lengths == [sum(held[s * 6 : s * 6 + 6]) for s in range(4)]
                asked += 1
        held[pick] -= 1
    assert asked == len(seen)
