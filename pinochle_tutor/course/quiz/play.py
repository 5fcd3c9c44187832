""""Which card would you play?": positions from seeded deals, graded by the coach.

A :class:`~pinochle_tutor.course.quiz.items.PlayQuiz` names a seeded deal and how
many cards of trick play come before the question; :func:`play_position` plays the
hand that far with the heuristic players (the auction, trump, the exchange or the
kitty, meld, then ``cards_played`` cards). The learner is the seat to play next.

:func:`play_verdict` asks the coach (:func:`~pinochle_tutor.coach.play.evaluate_play`
with :data:`PLAY_SAMPLES` imagined deals and :data:`PLAY_SEED`, so a mark never
changes; cached per item) and :func:`~pinochle_tutor.coach.play.advise_play` for the
principle. A card is accepted when it is legal and not a clear mistake
(:meth:`~pinochle_tutor.coach.play.PlayEvaluation.is_clear_mistake`: its loss is
beyond twice its standard error and above the coach's margin).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Protocol

from pinochle_tutor.cards import Card, cards_text
from pinochle_tutor.coach.play import PlayEvaluation, advise_play, evaluate_play
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain.coaching import PlayAdvice
from pinochle_tutor.game import Hand
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.sim.policy import HeuristicPlayer
from pinochle_tutor.view import Phase, PlayerView, seat_name


class PlayQuiz(Protocol):
    """What this module reads of a :class:`~pinochle_tutor.course.quiz.items.PlayQuiz`
    (a protocol, so that the item's module may import this one)."""

    @property
    def deal_seed(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def cards_played(self) -> int: ...
    @property
    def rule_set(self) -> RuleSet: ...

__all__ = [
    "PLAY_SAMPLES",
    "PLAY_SEED",
    "InvalidPlayPositionError",
    "PlayVerdict",
    "play_position",
    "play_prompt",
    "play_verdict",
    "play_view",
]

PLAY_SAMPLES = 96
"""Imagined deals behind every "which card?" answer (fixed, so marks never change)."""
PLAY_SEED = 20261201
"""The coach's seed for "which card?" answers (fixed, so marks never change)."""


class InvalidPlayPositionError(PinochleError):
    """A seeded deal that gives no card-play question: the hand ended (a concession,
    or fewer cards left than asked), or the seat to play has one card to choose."""


@functools.lru_cache(maxsize=256)
def play_position(deal_seed: int, dealer: int, cards_played: int, rules: RuleSet) -> Hand:
    """The hand of a seeded deal, played by the heuristic players until
    ``cards_played`` cards of trick play are on (cached; do not change the result).

    Raises :class:`InvalidPlayPositionError` quoting the numbers when the hand never
    reaches that point, or the seat to play has no choice there."""
    h = Hand(dealer, rules, seed=deal_seed)
    bot = HeuristicPlayer()
    while h.phase is not Phase.DONE:
        if h.phase is Phase.PLAY and sum(len(t.cards) for t in h.tricks) + len(h.trick) >= cards_played:
            break
        h.act(bot)
    if h.phase is not Phase.PLAY:
        raise InvalidPlayPositionError(
            f"deal_seed={deal_seed}, cards_played={cards_played}: the hand ends before that "
            f"card (a hand has {rules.players * rules.hand_size} cards of trick play, and the "
            "declarer may concede)"
        )
    if len(set(h.legal_plays())) < 2:
        raise InvalidPlayPositionError(
            f"deal_seed={deal_seed}, cards_played={cards_played}: the seat to play has only one "
            "card it may play, so there is nothing to choose"
        )
    return h


def play_view(item: PlayQuiz) -> PlayerView:
    """What the learner (the seat to play) sees in ``item``'s position."""
    h = play_position(item.deal_seed, item.dealer, item.cards_played, item.rule_set)
    seat = h.to_act
    assert seat is not None
    return h.view(seat)


def _who(seat: int, me: int, rules: RuleSet) -> str:
    name = seat_name(seat, me, rules)
    return "you" if name == "You" else ("your partner" if name == "Partner" else name.lower())


def play_prompt(item: PlayQuiz) -> str:
    """The position in words: trump and contract, the meld shown, the earlier tricks,
    the trick so far and the learner's hand."""
    v = play_view(item)
    rules = item.rule_set
    me = v.seat
    assert v.trump is not None and v.declarer is not None
    who = _who(v.declarer, me, rules)
    parts = [f"{v.trump.plural.capitalize()} are trump; {who} won the auction at {v.contract}."]
    if v.melds:
        shown = [
            f"{_who(s, me, rules)} {m.total} ({cards_text(m.shown_cards)})"
            for s, m in enumerate(v.melds)
            if m.total and s != me
        ]
        if shown:
            parts.append("Meld shown: " + "; ".join(shown) + ".")
    for n, t in enumerate(v.tricks, 1):
        played = ", ".join(f"{_who(s, me, rules)} {c.text}" for s, c in zip(t.seats, t.cards, strict=True))
        parts.append(f"Trick {n}: {played}; {_who(t.winner, me, rules)} won it.")
    if v.trick:
        so_far = ", ".join(f"{_who(s, me, rules)} {c.text}" for s, c in zip(v.trick_seats, v.trick, strict=True))
        parts.append(f"This trick so far: {so_far}.")
    else:
        parts.append("You lead this trick.")
    parts.append(f"Your hand: {cards_text(v.hand)}. Which card would you play?")
    return " ".join(parts)


@dataclass(frozen=True)
class PlayVerdict:
    """The coach's verdict on a position: the evaluation, the advice and the cards
    accepted (legal, and not a clear mistake)."""

    evaluation: PlayEvaluation
    advice: PlayAdvice
    accepted: tuple[Card, ...]
    """Best first, then by loss."""
    trick_number: int


@functools.lru_cache(maxsize=256)
def _verdict(deal_seed: int, dealer: int, cards_played: int, rules: RuleSet) -> PlayVerdict:
    h = play_position(deal_seed, dealer, cards_played, rules)
    seat = h.to_act
    assert seat is not None
    view = h.view(seat)
    ev = evaluate_play(view, samples=PLAY_SAMPLES, seed=PLAY_SEED)
    advice = advise_play(view, ev)
    accepted = tuple(a.card for a in ev.alternatives if not ev.is_clear_mistake(a.card))
    return PlayVerdict(ev, advice, accepted, len(h.tricks) + 1)


def play_verdict(item: PlayQuiz) -> PlayVerdict:
    """The coach's verdict on ``item`` (fixed seed and samples; cached per position)."""
    return _verdict(item.deal_seed, item.dealer, item.cards_played, item.rule_set)
