"""The hand state machine and the game driver."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle_tutor import (
    CLASSIC,
    DOUBLE_DECK,
    THREE_HANDED,
    Card,
    Hand,
    IllegalActionError,
    IllegalBidError,
    IllegalPlayError,
    Phase,
    RandomPlayer,
    RuleSet,
    Suit,
    TrickRule,
    deal,
    legal_plays,
    make_deck,
    meld,
    parse_cards,
    play_game,
    play_hand,
    score_hand,
    trick_winner,
)

ALL_RULES = [CLASSIC, DOUBLE_DECK, THREE_HANDED]


def random_hand(rules: RuleSet, seed: int) -> Hand:
    players = [RandomPlayer(seed * 10 + i) for i in range(rules.players)]
    return play_hand(players, dealer=seed % rules.players, rules=rules, seed=seed)


def replay_checks(hand: Hand) -> None:
    """Check a finished hand from its history alone."""
    rules = hand.rules
    assert hand.phase is Phase.DONE and hand.melds is not None and hand.trump is not None
    # Cards conserved: every card of the deck was played once per copy, or discarded.
    played = [c for t in hand.tricks for c in t.cards]
    assert Counter(played) + Counter(hand.discards) == Counter(make_deck(rules))
    # Every card was legal when played, and the winner leads the next trick.
    hands = [list(m.hand) for m in hand.melds]
    leader = hand.declarer
    for t in hand.tricks:
        assert t.leader == leader
        assert leader is not None
        assert list(t.seats) == [(leader + j) % rules.players for j in range(rules.players)]
        for j, (seat, card) in enumerate(zip(t.seats, t.cards, strict=True)):
            assert card in legal_plays(hands[seat], t.cards[:j], hand.trump)
            hands[seat].remove(card)
        win = trick_winner(t.cards, hand.trump)
        assert t.winner == t.seats[win]
        # The winner is never beaten by a later card: the running winner only moves onto a new card.
        running = [trick_winner(t.cards[: k + 1], hand.trump) for k in range(len(t.cards))]
        assert all(running[k] in (running[k - 1], k) for k in range(1, len(running)))
        assert running[-1] == win
        leader = t.winner
    assert all(not h for h in hands)
    assert sum(hand.side_points) == rules.total_trick_points
    assert len(hand.tricks) == rules.hand_size


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: r.name)
@settings(max_examples=2000, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31))
def test_random_hands_obey_every_invariant(rules: RuleSet, seed: int) -> None:
    hand = random_hand(rules, seed)
    replay_checks(hand)
    # Scores are what score_hand says for the side totals.
    assert hand.declarer is not None and hand.contract is not None
    b = rules.side(hand.declarer)
    for d, result in zip([d for d in range(rules.sides) if d != b], hand.scores, strict=True):
        expect = score_hand(
            hand.contract,
            hand.side_meld[b],
            hand.side_points[b],
            hand.side_meld[d],
            hand.side_points[d],
            rules,
        )
        assert result == expect
        assert hand.score_changes[d] == expect.defender
    assert hand.score_changes[b] == hand.scores[0].bidder


def test_a_scripted_hand_from_deal_to_score() -> None:
    h = Hand(dealer=3, seed=11)
    assert h.phase is Phase.AUCTION and h.to_act == 0
    h.bid(0, 250)
    h.bid(1, None)
    h.bid(2, None)
    h.bid(3, None)
    assert h.declarer == 0 and h.contract == 250 and h.phase is Phase.TRUMP
    h.name_trump(0, "S")
    assert h.phase is Phase.PASS and h.to_act == 2
    give = h.hands[2][:4]
    h.pass_cards(2, give)
    assert Counter(give) <= Counter(h.hands[0]) and len(h.hands[0]) == 16
    back = list(give[:2]) + [c for c in h.hands[0] if c not in give][:2]
    h.return_cards(0, back)  # may return cards just received
    assert len(h.hands[0]) == len(h.hands[2]) == 12
    assert h.phase is Phase.PLAY and h.melds is not None and h.to_act == 0
    view = h.view(1)
    assert view.hand == tuple(h.hands[1]) and view.legal == ()
    assert h.view(0).legal  # the declarer leads
    while h.phase is Phase.PLAY:
        seat = h.to_act
        assert seat is not None
        h.play(seat, h.legal_plays()[0])
    replay_checks(h)
    assert h.phase is Phase.DONE and h.to_act is None


def test_out_of_turn_and_out_of_phase_actions_are_refused() -> None:
    h = Hand(dealer=0, seed=1)
    with pytest.raises(IllegalActionError, match="seat 1's turn, not seat 2's"):
        h.bid(2, 250)
    with pytest.raises(IllegalActionError, match="auction phase"):
        h.name_trump(1, "H")
    with pytest.raises(IllegalBidError, match="240"):
        h.bid(1, 240)
    for seat in (1, 2, 3):
        h.bid(seat, None)
    assert h.declarer == 0 and h.contract == 250 and h.auction.stuck
    h.name_trump(0, Suit.CLUBS)
    with pytest.raises(IllegalActionError, match="exactly 4 cards, not 3"):
        h.pass_cards(2, h.hands[2][:3])
    missing = next(c for c in make_deck() if c not in h.hands[2])
    with pytest.raises(IllegalActionError, match=f"you hold no {missing.text}"):
        h.pass_cards(2, [*h.hands[2][:3], missing])
    assert len(h.hands[2]) == 12  # nothing moved


def test_illegal_card_is_refused_with_its_reason_and_recorded() -> None:
    # Hearts trump; seat 1 leads K♣ after the auction; seat 2 holds clubs and a heart.
    rules = CLASSIC
    h = Hand(dealer=0, seed=5)
    h.bid(1, 250)
    for seat in (2, 3, 0):
        h.bid(seat, None)
    h.name_trump(1, "H")
    h.pass_cards(3, h.hands[3][:4])
    h.return_cards(1, h.hands[1][:4])
    lead = h.legal_plays()[0]
    h.play(1, lead)
    follow = [c for c in h.hands[2] if c.suit == lead.suit]
    other = [c for c in h.hands[2] if c.suit != lead.suit]
    if follow and other:
        with pytest.raises(IllegalPlayError) as err:
            h.play(2, other[0])
        assert err.value.verdict is not None and err.value.verdict.rule is TrickRule.FOLLOW_SUIT
        attempt = h.illegal_attempts[0]
        assert attempt.verdict.card == other[0] and attempt.seat == 2 and attempt.trick == 0
        assert attempt.played == (lead,) and other[0] in attempt.hand
        assert len(h.trick) == 1  # the refused card was not played
    with pytest.raises(IllegalActionError, match="before the first card"):
        h.concede(1)
    assert rules.partnerships


def test_declarer_may_concede_before_the_first_card() -> None:
    h = Hand(dealer=0, seed=2)
    h.bid(1, 300)
    for seat in (2, 3, 0):
        h.bid(seat, None)
    h.name_trump(1, "D")
    h.pass_cards(3, h.hands[3][:4])
    h.return_cards(1, h.hands[1][:4])
    with pytest.raises(IllegalActionError, match="only the declarer"):
        h.concede(2)
    h.concede(1)
    assert h.phase is Phase.DONE
    assert h.score_changes[1] == -300
    assert h.score_changes[0] == h.side_meld[0]  # defenders score their meld only


def test_three_handed_kitty_and_discard_flow() -> None:
    r = THREE_HANDED
    h = Hand(dealer=0, rules=r, seed=4)
    assert len(h.deal.kitty) == 3 and all(len(x) == 15 for x in h.hands)
    assert h.view(1).kitty == ()  # the kitty is hidden during the auction
    h.bid(1, 250)
    h.bid(2, None)
    h.bid(0, None)
    assert h.declarer == 1 and h.phase is Phase.DISCARD and len(h.hands[1]) == 18
    assert h.view(2).kitty == h.deal.kitty  # shown to everyone once taken
    discards = h.hands[1][:3]
    h.discard(1, discards)
    assert h.side_points[1] == sum(r.counter_points[c.rank] for c in discards)
    h.name_trump(1, "S")
    assert h.phase is Phase.PLAY  # no exchange three-handed
    while h.phase is Phase.PLAY:
        seat = h.to_act
        assert seat is not None
        h.play(seat, h.legal_plays()[-1])
    replay_checks(h)


def test_views_never_show_another_players_hand() -> None:
    h = Hand(dealer=0, seed=9)
    for seat in range(4):
        v = h.view(seat)
        assert v.hand == tuple(h.hands[seat])
        # Nothing in the view's fields holds cards of another seat's hidden hand.
        shown = set(v.trick) | set(v.received) | set(v.given) | set(v.kitty)
        assert not shown


def test_games_end_at_the_target() -> None:
    for rules in ALL_RULES:
        players = [RandomPlayer(i) for i in range(rules.players)]
        g = play_game(players, rules, seed=3)
        assert g.winner is not None
        assert max(g.scores) >= rules.target
        assert g.scores[g.winner] >= rules.target
        assert sum(len(x.tricks) for x in g.hands) >= rules.hand_size


def test_deal_is_reproducible_and_moves_clockwise() -> None:
    assert deal(0, seed=42) == deal(0, seed=42)
    assert deal(0, seed=42) != deal(0, seed=43)
    d = deal(2, seed=1)
    assert all(len(h) == 12 for h in d.hands) and d.kitty == ()
    assert Counter(c for h in d.hands for c in h) == Counter(make_deck())
    rng = random.Random(0)
    assert deal(0, rng=rng) != deal(0, rng=rng)


def test_card_text_in_actions() -> None:
    h = Hand(dealer=0, dealt=None, seed=3)
    h.bid(1, 250)
    for seat in (2, 3, 0):
        h.bid(seat, None)
    h.name_trump(1, "hearts")
    assert h.trump is Suit.HEARTS
    texts = " ".join(c.code for c in h.hands[3][:4])
    h.pass_cards(3, texts)
    assert h.passed_cards == tuple(parse_cards(texts))
    assert all(isinstance(c, Card) for c in h.hands[1])


@settings(max_examples=1000, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31), trump=st.sampled_from(list(Suit)))
def test_shown_meld_holds_only_the_cards_laid_down_and_melds_the_same(
    seed: int, trump: Suit
) -> None:
    for rules in (CLASSIC, DOUBLE_DECK):
        hand = deal(0, rules, seed=seed).hands[seed % 4]
        report = meld(hand, trump, rules)
        shown = report.shown()
        assert not Counter(shown.hand) - Counter(hand)  # only cards from the hand
        assert meld(shown.hand, trump, rules).total == report.total  # they prove the whole meld
        assert shown.items == report.items
        used = {c for item in report.items for c in item.cards}
        assert set(shown.hand) == used


def test_views_show_other_players_meld_but_not_their_hands() -> None:
    for seed in range(30):
        h = random_hand(CLASSIC, seed)
        assert h.melds is not None
        v = h.view(0)
        assert v.melds is not None
        for seat in range(1, 4):
            assert set(v.melds[seat].hand) <= {c for i in h.melds[seat].items for c in i.cards}
            assert v.melds[seat].total == h.melds[seat].total


def test_three_handed_scores_are_worded_for_one_declarer_and_one_defender() -> None:
    from pinochle_tutor.explain import explain_contract

    solo = explain_contract(250, 100, 130, 40, 60, THREE_HANDED)
    assert solo.text.startswith("The bid was 250 and the declarer showed 100 meld")
    assert "This defender took 60 trick points (at least 10), so this defender keeps their 40 meld" in solo.text
    pair = explain_contract(250, 100, 130, 40, 60, CLASSIC)
    assert pair.text.startswith("The bid was 250 and the bidders showed 100 meld")
    assert (solo.bidder_change, solo.defender_change) == (pair.bidder_change, pair.defender_change)


def test_three_handed_exact_tie_at_the_top_plays_another_hand() -> None:
    from pinochle_tutor import game_winner

    # Two players reach 1500 on the same hand with equal scores and the declarer was set.
    assert game_winner([1550, 1550, 900], bidder_side=2, made=False, rules=THREE_HANDED) is None
    assert game_winner([1550, 1560, 900], bidder_side=2, made=False, rules=THREE_HANDED) == 1


def test_act_asks_the_seat_to_act_and_refuses_once_the_hand_is_over() -> None:
    h = Hand(dealer=0, seed=8)
    players = [RandomPlayer(i) for i in range(4)]
    assert h.act(players[1]) is Phase.AUCTION and len(h.auction.history) == 1
    while h.phase is not Phase.DONE:
        h.act(players[h.to_act])  # type: ignore[index]
    replay_checks(h)
    with pytest.raises(IllegalActionError, match="nobody is to act"):
        h.act(players[0])
