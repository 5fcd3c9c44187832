"""Three-handed: the declarer names trump after seeing the kitty, and the bidding model's
deals name it the same way as the computer player does (one rule,
:func:`~pinochle_tutor.sim.bidding.trump_after_kitty`), discarding for the trump named."""

from __future__ import annotations

from collections.abc import Iterator

from pinochle_tutor import CLASSIC, THREE_HANDED, Hand, Phase, deal
from pinochle_tutor.bots.bidmodel import BidModelPlayer
from pinochle_tutor.cards import Suit
from pinochle_tutor.hands import counts_of
from pinochle_tutor.meld import points_from_counts
from pinochle_tutor.sim.bidding import play_deal, trump_after_kitty
from pinochle_tutor.sim.valuation import best_trump


def _kitty_cases(flips: bool) -> Iterator[tuple[list[int], list[int]]]:
    """(hand before, hand with the kitty) as counts, for seats of seeded deals where the
    kitty does (``flips``) or does not change the suit the heuristic values most."""
    for seed in range(200):
        d = deal(0, THREE_HANDED, seed=seed)
        for seat in range(3):
            before = counts_of(list(d.hands[seat]), THREE_HANDED)
            after = counts_of([*d.hands[seat], *d.kitty], THREE_HANDED)
            changed = best_trump(before, THREE_HANDED)[0] != best_trump(after, THREE_HANDED)[0]
            if changed == flips:
                yield before, after


def test_the_plan_is_kept_unless_the_kitty_changes_the_best_suit() -> None:
    kept = list(_kitty_cases(flips=False))[:20]
    switched = list(_kitty_cases(flips=True))[:20]
    assert len(kept) == len(switched) == 20
    for before, after in kept:
        assert [trump_after_kitty(s, before, after, THREE_HANDED) for s in range(4)] == [0, 1, 2, 3]
    for before, after in switched:
        now = best_trump(after, THREE_HANDED)[0]
        assert {trump_after_kitty(s, before, after, THREE_HANDED) for s in range(4)} == {now}


def _seat(h: Hand) -> int:
    assert h.to_act is not None
    return h.to_act


def _to_discard(seed: int) -> tuple[Hand, list[BidModelPlayer]]:
    """A three-handed hand with bidding-model players, played up to the discard."""
    players = [BidModelPlayer(samples=4) for _ in range(3)]
    h = Hand(dealer=seed % 3, rules=THREE_HANDED, seed=seed)
    while h.phase is not Phase.DISCARD:
        h.act(players[_seat(h)])
    return h, players


def test_the_model_s_declarer_and_the_player_name_the_same_trump_and_keep_the_same_meld() -> None:
    """On the real cards, the model's simulated declarer (``play_deal`` with the player's
    planned suit) names the player's trump and keeps the player's meld: both take the
    kitty, name trump by one rule and discard for that trump."""
    checked = flipped = 0
    for seed in range(6):
        h, players = _to_discard(seed)
        decl = h.declarer
        assert decl is not None and h.contract is not None
        player = players[decl]
        before = counts_of(list(h.deal.hands[decl]), THREE_HANDED)
        planned = player._planned_trump(h.view(decl), list(h.deal.hands[decl]))
        hands = [counts_of(list(h.deal.hands[s]), THREE_HANDED) for s in range(3)]
        melds, _, named = play_deal(hands, [c.index for c in h.deal.kitty], decl, int(planned),
                                    THREE_HANDED)  # fmt: skip
        while h.phase is not Phase.PLAY:
            h.act(players[_seat(h)])
        assert h.trump is Suit(named)
        kept = counts_of(list(h.hands[decl]), THREE_HANDED)
        assert melds[decl] == points_from_counts(kept, named, THREE_HANDED.meld_table)
        after = counts_of([*h.deal.hands[decl], *h.deal.kitty], THREE_HANDED)
        flipped += best_trump(before, THREE_HANDED)[0] != best_trump(after, THREE_HANDED)[0]
        checked += 1
    assert checked == 6 and flipped >= 1


def test_the_discard_is_for_the_trump_named_not_the_heuristic_s_other_choice() -> None:
    """The model's plan can differ from the suit the heuristic values most. The deal is
    then played in the planned suit, and the discard is made for it: no card of that
    suit is thrown (before, the discard was made for the heuristic's suit and could
    throw the planned suit's kings and tens, which were then missing as trump)."""
    found = 0
    for seed in range(200):
        d = deal(0, THREE_HANDED, seed=seed)
        hands = [counts_of(list(d.hands[s]), THREE_HANDED) for s in range(3)]
        kitty = [c.index for c in d.kitty]
        after = counts_of([*d.hands[0], *d.kitty], THREE_HANDED)
        own = best_trump(after, THREE_HANDED)[0]
        if own != best_trump(hands[0], THREE_HANDED)[0]:
            continue  # the kitty changes the suit: tested above
        for planned in range(4):
            if planned == own:
                continue
            rows = [list(h) for h in hands]
            melds, _, named = play_deal(rows, kitty, 0, planned, THREE_HANDED)
            assert named == planned
            suit = slice(planned * 6, planned * 6 + 6)
            assert sum(rows[0][suit]) == sum(after[suit])
            assert melds[0] == points_from_counts(rows[0], planned, THREE_HANDED.meld_table)
            found += 1
        if found >= 30:
            break
    assert found >= 30


def test_without_a_kitty_the_player_names_the_model_s_trump_as_before() -> None:
    players = [BidModelPlayer(samples=8) for _ in range(4)]
    h = Hand(dealer=0, rules=CLASSIC, seed=3)
    while h.phase is not Phase.TRUMP:
        h.act(players[_seat(h)])
    decl = h.declarer
    assert decl is not None and h.contract is not None
    v = h.view(decl)
    assert players[decl].choose_trump(v) is players[decl].evaluate(v).trump_for(h.contract)
