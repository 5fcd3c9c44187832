"""Hands with deliberate card-play mistakes, for the review's tests and
``benchmarks/bench_review.py``.

Every seat plays the heuristic's card, except that one seat, at the first positions
that offer it, makes a mistake of one :class:`Mistake` kind. The hand is then finished
by the heuristic, and the mistakes are known by trick number, so a test can check that
the review names them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from pinochle_tutor import Hand, Phase, RuleSet
from pinochle_tutor.bots import HeuristicPlayer
from pinochle_tutor.cards import Card, Rank
from pinochle_tutor.tricks import trick_winner
from pinochle_tutor.view import PlayerView


class Mistake(Enum):
    """A deliberate mistake a scripted seat makes."""

    THROW_COUNTER = "throw a counter under the opponents' winning card"
    """Last to play to a trick the opponents win and the seat cannot beat, it plays its
    richest counter although a card worth nothing is legal."""
    OVERTAKE_PARTNER = "overtake partner's trick with the ace of trump"
    """Partner's card wins and the seat, out of the led suit, must trump (rule 3): it
    trumps with the ace of trump although a lower trump also wins."""
    TEN_INTO_ACE = "lead a ten into an unseen ace"
    """Leading, it leads a side-suit ten while an ace of that suit is neither in its hand
    nor played, although another lead is legal."""


def _value(card: Card, rules: RuleSet) -> int:
    return rules.counter_points[card.rank]


def mistaken_card(view: PlayerView, kind: Mistake) -> Card | None:
    """The card ``view.seat`` would play to make a ``kind`` mistake here, ``None`` if
    the position offers none."""
    rules = view.rules
    assert view.trump is not None
    legal = sorted(set(view.legal), key=lambda c: c.index)
    if len(legal) < 2:
        return None
    same = {s for s in range(rules.players) if rules.side(s) == rules.side(view.seat)}
    if kind is Mistake.TEN_INTO_ACE:
        if view.trick:
            return None
        for c in legal:
            if c.rank is not Rank.TEN or c.suit == view.trump:
                continue
            ace = Card(c.suit, Rank.ACE)
            played = sum(t.cards.count(ace) for t in view.tricks)
            if ace not in view.hand and played < rules.copies:
                return c
        return None
    if not view.trick:
        return None
    w = trick_winner(list(view.trick), view.trump)
    wseat = view.trick_seats[w]
    winners = [c for c in legal if trick_winner([*view.trick, c], view.trump) == len(view.trick)]
    if kind is Mistake.THROW_COUNTER:
        last = len(view.trick) == rules.players - 1
        counters = [c for c in legal if _value(c, rules) > 0]
        if wseat in same or winners or not last or len(counters) == len(legal) or not counters:
            return None
        return max(counters, key=lambda c: (_value(c, rules), c.rank))
    if not rules.partnerships or wseat != rules.partner(view.seat):
        return None
    trumps = sorted((c for c in winners if c.suit == view.trump), key=lambda c: c.rank)
    if len(trumps) < 2 or trumps[-1].rank is not Rank.ACE:
        return None
    return trumps[-1]


@dataclass(frozen=True)
class ScriptedHand:
    """A finished hand and the deliberate mistakes of ``seat`` in it."""

    hand: Hand
    seat: int
    kind: Mistake
    mistakes: tuple[tuple[int, Card], ...]
    """Trick number (1 for the first) and the card, for each deliberate mistake."""


def play_with_mistakes(
    rules: RuleSet, seed: int, kind: Mistake, seat: int = 0, limit: int = 1
) -> ScriptedHand | None:
    """Deal hand ``seed`` and play it with heuristic players; ``seat`` makes a ``kind``
    mistake at the first ``limit`` positions that offer one. ``None`` if none did."""
    player = HeuristicPlayer()
    hand = Hand(dealer=seed % rules.players, rules=rules, seed=seed)
    made: list[tuple[int, Card]] = []
    while hand.phase is not Phase.DONE:
        s = hand.to_act
        assert s is not None
        if hand.phase is Phase.PLAY and s == seat and len(made) < limit:
            card = mistaken_card(hand.view(s), kind)
            if card is not None:
                made.append((len(hand.tricks) + 1, card))
                hand.play(s, card)
                continue
        hand.act(player)
    if not made or hand.conceded:
        return None
    return ScriptedHand(hand, seat, kind, tuple(made))
