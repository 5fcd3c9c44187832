"""The coach reads a computer player's calls as the computer player makes them (issue 47,
item 2: what lesson 13 teaches of a partner's call is what happens at the table). The
heuristic players bid every seat of many seeded auctions; at each call of seat 0, what
the auction told of every other seat (:attr:`AuctionInfo.inferences`) fits those seats'
real hands exactly (:func:`misfit` 0 with no slack): a pass over a partner's bid among
them, which tells less than a pass over an opponent's."""

from __future__ import annotations

import pytest

from pinochle_tutor.bots import HeuristicPlayer
from pinochle_tutor.game import Hand
from pinochle_tutor.hands import counts_of
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED, RuleSet
from pinochle_tutor.sim.inference import AuctionInfo, InferenceKind, misfit
from pinochle_tutor.sim.policy import PARTNER_OVERCALL_RAISES
from pinochle_tutor.view import Phase

PRESETS = [CLASSIC, DOUBLE_DECK, THREE_HANDED]


@pytest.mark.unit
@pytest.mark.parametrize("rules", PRESETS, ids=[r.name for r in PRESETS])
def test_every_inference_fits_the_heuristic_players_real_hands(rules: RuleSet) -> None:
    over_partner = 0
    for seed in range(60):
        hand = Hand(seed % rules.players, rules, seed=seed)
        bot = HeuristicPlayer()
        while hand.phase is Phase.AUCTION:
            if hand.to_act == 0:
                info = AuctionInfo.from_view(hand.view(0))
                hands = [
                    counts_of(hand.deal.hands[k], rules)
                    for k in range(rules.players)
                ]
                assert misfit(hands, info.inferences, rules, 0.0) == 0.0, (seed, info.calls)
                holder = None
                for s, a in info.calls:
                    if a is None and holder is not None and rules.partner(s) == holder:
                        over_partner += 1
                    if a is not None:
                        holder = s
            hand.act(bot)
    if rules.partnerships:
        assert over_partner > 0  # the case lesson 13 describes was met


@pytest.mark.unit
def test_a_pass_over_the_partners_bid_tells_less_than_one_over_an_opponents() -> None:
    inc = CLASSIC.bid_increment
    # dealer 3: seat 0 opens 250, seat 1 passes, seat 2 (seat 0's partner) passes over it
    info = AuctionInfo(seat=1, dealer=3, calls=((0, 250), (1, None), (2, None)), rules=CLASSIC)
    told = {i.seat: i for i in info.inferences}
    partner_of_bidder = told[info.relative(2)]
    assert partner_of_bidder.kind is InferenceKind.PASSED
    assert partner_of_bidder.level == 250 + inc  # what the words say: the lowest bid then
    assert partner_of_bidder.spare == PARTNER_OVERCALL_RAISES * inc  # what the hand is read by
    seen_by_2 = AuctionInfo(seat=2, dealer=3, calls=((0, 250), (1, None)), rules=CLASSIC)
    (opponent,) = [i for i in seen_by_2.inferences if i.kind is InferenceKind.PASSED]
    assert (opponent.level, opponent.spare) == (250 + inc, 0)  # over an opponent's bid
