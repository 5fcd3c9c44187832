"""The concession decision: playing on against conceding, from what the declarer knows."""

from __future__ import annotations

import pytest

from pinochle_tutor import CLASSIC, THREE_HANDED, Hand, Phase, RuleSet
from pinochle_tutor.bots.heuristic import HeuristicPlayer
from pinochle_tutor.bots.levels import StrongPlayer
from pinochle_tutor.coach.concession import NoConcessionError, evaluate_concession
from pinochle_tutor.scoring import score_hand


def _at_first_card(rules: RuleSet, seed: int, bid: int) -> Hand:
    """A hand whose first seat to call bids ``bid`` and the others pass; the heuristic
    then takes the kitty or makes the exchange, up to the first card."""
    h = Hand(dealer=0, rules=rules, seed=seed)
    bidder = 1
    h.bid(bidder, bid)
    while h.phase is Phase.AUCTION:
        assert h.to_act is not None
        h.bid(h.to_act, None)
    bot = HeuristicPlayer()
    while h.phase is not Phase.PLAY:
        h.act(bot)
    return h


def _needed(h: Hand) -> int:
    """Trick points the declarer's side still needs beyond its meld."""
    assert h.declarer is not None and h.contract is not None
    return h.contract - h.side_meld[h.rules.side(h.declarer)]


@pytest.mark.parametrize("rules", [THREE_HANDED, CLASSIC], ids=lambda r: r.name)
def test_a_contract_out_of_reach_in_practice_is_conceded(rules: RuleSet) -> None:
    """Needing almost every trick point (but not more than there are), playing on is
    a set that also hands the defenders their trick points: conceding is better."""
    total = rules.total_trick_points
    for seed in range(30):
        h = _at_first_card(rules, seed, rules.opening_bid)
        # Raise the same cards' contract until it needs 90% of the trick points.
        meld = h.side_meld[rules.side(1)]
        bid = (meld + total * 9 // 10) // rules.bid_increment * rules.bid_increment
        if rules.opening_bid <= bid <= rules.max_bid:
            break
    h = _at_first_card(rules, seed, bid)
    assert 0.8 * total <= _needed(h) <= total
    ev = evaluate_concession(h.view(1), samples=16, seed=1)
    assert ev.make_chance <= 0.1
    assert ev.gain < 0
    # Conceding's score is the rule's: the bid lost, the defenders' meld.
    melds = h.side_meld
    mine = rules.side(1)
    scores = [score_hand(bid, melds[mine], 0, melds[d], 0, rules, conceded=True)
              for d in range(rules.sides) if d != mine]  # fmt: skip
    assert ev.concede_bidders == -bid
    assert ev.concede_defenders == pytest.approx(sum(s.defender for s in scores) / len(scores))
    assert StrongPlayer(seed=1).concede(h.view(1))


def test_a_contract_the_meld_nearly_makes_is_played() -> None:
    """At the opening bid with most of it in meld, the hand is played out."""
    for seed in range(60):
        h = _at_first_card(THREE_HANDED, seed, THREE_HANDED.opening_bid)
        if _needed(h) <= 60:
            break
    assert _needed(h) <= 60
    ev = evaluate_concession(h.view(1), samples=16, seed=1)
    assert ev.make_chance >= 0.8 and ev.gain > 0
    assert not StrongPlayer(seed=1).concede(h.view(1))


def test_only_the_declarer_concedes_and_only_before_the_first_card() -> None:
    h = _at_first_card(THREE_HANDED, 3, THREE_HANDED.opening_bid)
    with pytest.raises(NoConcessionError, match="seat 2 may not concede now"):
        evaluate_concession(h.view(2))
    h.act(HeuristicPlayer())  # the first card
    with pytest.raises(NoConcessionError, match="seat 1 may not concede now"):
        evaluate_concession(h.view(1))
