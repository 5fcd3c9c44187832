"""What the game table asks the coach: a hint for the learner's decision (:func:`hint`,
:class:`Hint`) and the review of a finished hand (:func:`review`).

Each decision is asked of its coach module (:mod:`~pinochle_tutor.coach.bid`,
:mod:`~pinochle_tutor.coach.trump`, :mod:`~pinochle_tutor.coach.kitty`,
:mod:`~pinochle_tutor.coach.exchange`, :mod:`~pinochle_tutor.coach.concession`,
:mod:`~pinochle_tutor.coach.play`) on imagined deals fixed by the game's seed, the
hand's number and the moment of the decision, so a hint asked twice, undo's verdict
and the review after the hand agree.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from pinochle_tutor.actions import Action, Bid, Concede, Give, NameTrump, Play
from pinochle_tutor.cards import Card, Suit, cards_text, sort_hand
from pinochle_tutor.coach.bid import BID_HINT_SAMPLES, advise_bid, judge_bid
from pinochle_tutor.coach.concession import advise_concession, judge_concession
from pinochle_tutor.coach.exchange import advise_exchange, judge_exchange
from pinochle_tutor.coach.kitty import advise_kitty, judge_kitty
from pinochle_tutor.coach.play import (
    PLAY_HINT_SAMPLES,
    coach_play,
    face_up_endgame,
    judge_kept_play,
    judge_play,
    play_decisions,
)
from pinochle_tutor.coach.trump import advise_trump, judge_trump
from pinochle_tutor.explain import HandReview, PlayAdvice, PlayJudgement, explain_play, review_hand
from pinochle_tutor.explain.bidding import BidReasoning, TrumpReasoning
from pinochle_tutor.explain.exchange_advice import ExchangeAdvice
from pinochle_tutor.game import Hand
from pinochle_tutor.sim.stats import decision_seed, exchange_seed
from pinochle_tutor.view import Phase, PlayerView

__all__ = ["Hint", "hint", "review"]


@dataclass(frozen=True)
class Hint:
    """A suggestion for the learner's current decision, with the reason in words."""

    phase: Phase
    reason: str
    bid: int | None = None
    """Auction: the bid to make (``None`` to pass)."""
    suit: Suit | None = None
    """Trump: the suit to name."""
    cards: tuple[Card, ...] = ()
    """The cards to pass, return, discard, or (one card) to play."""
    concede: bool = False
    """Whether to concede the hand."""
    advice: PlayAdvice | None = None
    """Card play: the coach's advice behind the hint (principle, every card's numbers)."""
    exchange: ExchangeAdvice | None = None
    """The pass, return or discard: the coach's advice behind the hint (every choice
    tried with its numbers)."""
    bidding: BidReasoning | None = None
    """Auction: the bidding model's reasoning behind the call."""
    trump: TrumpReasoning | None = None
    """Trump: the reasoning behind the suit (every suit simulated)."""

    def alternatives_lines(self) -> list[str]:
        """On request: every legal card with its expected trick points (card play with
        a choice), every choice of cards tried with its numbers (the exchange), each
        contract level against passing (the auction) or every suit (trump); empty when
        there was no choice (a single legal card, a forced concession)."""
        for source in (self.exchange, self.advice, self.bidding, self.trump):
            if source is not None:
                return source.alternatives_lines()
        return []

    @property
    def move(self) -> Action:
        """The suggestion as the action to take."""
        if self.concede:
            return Concede()
        if self.phase is Phase.AUCTION:
            return Bid(self.bid)
        if self.phase is Phase.TRUMP:
            assert self.suit is not None
            return NameTrump(self.suit)
        if self.phase is Phase.PLAY:
            return Play(self.cards[0])
        return Give(self.cards)

    @property
    def action(self) -> str:
        """The suggestion in a few words: ``'Bid 250'``, ``'Play A♠'``, ... ."""
        names = cards_text(sort_hand(self.cards))  # as the hand shows them, as the reason does
        if self.concede:
            return "Concede the hand"
        if self.phase is Phase.AUCTION:
            return "Pass" if self.bid is None else f"Bid {self.bid}"
        if self.phase is Phase.TRUMP:
            assert self.suit is not None
            return f"Name {self.suit.plural} trump"
        verb = {
            Phase.PASS: "Pass",
            Phase.RETURN: "Return",
            Phase.DISCARD: "Discard",
            Phase.PLAY: "Play",
        }.get(self.phase, "")
        return f"{verb} {names}"

    @property
    def text(self) -> str:
        """The suggestion and its reason."""
        return f"{self.action}. {self.reason}"

    def __str__(self) -> str:
        return self.text


def hint(v: PlayerView, *, seed: int, hand_number: int, can_concede: bool) -> Hint:
    """The coach's choice for the learner's decision at view ``v`` (hand ``hand_number``
    of a game seeded ``seed``), with a reason; ``can_concede``: the learner, as declarer,
    may still concede."""
    phase = v.phase
    if phase is Phase.AUCTION:
        # The bidding model's call (the same advice as the bidding trainer's).
        advice = advise_bid(v, samples=BID_HINT_SAMPLES)
        return Hint(phase, advice.explanation, bid=advice.recommended, bidding=advice.reasoning)
    if phase is Phase.TRUMP and not v.rules.has_kitty and v.contract is not None:
        # The bidding model's trump, from the deals behind the learner's last bid hint.
        trump = advise_trump(v, samples=BID_HINT_SAMPLES)
        return Hint(phase, trump.text, suit=trump.trump, trump=trump)
    if phase is Phase.TRUMP:
        # Three-handed the kitty is in the hand now: every suit played out on the
        # same imagined deals of the two hidden hands.
        reasoning = advise_kitty(v, seed=exchange_seed(seed, hand_number, Phase.TRUMP))
        return Hint(phase, reasoning.text, suit=reasoning.trump, trump=reasoning)
    if phase in (Phase.PASS, Phase.RETURN, Phase.DISCARD):
        # On the deals the review judges the learner's cards on.
        exchange = advise_exchange(v, seed=exchange_seed(seed, hand_number, phase))
        return Hint(phase, exchange.text, cards=exchange.cards, exchange=exchange)
    return _play_hint(v, seed=seed, hand_number=hand_number, can_concede=can_concede)


def _play_hint(v: PlayerView, *, seed: int, hand_number: int, can_concede: bool) -> Hint:
    assert v.trump is not None
    close = ""
    if can_concede:
        # The coach weighs conceding against playing on, on the deals the review
        # judges that choice with.
        conceding = advise_concession(v, seed=decision_seed(seed, hand_number, 0))
        if conceding.concede:
            return Hint(Phase.PLAY, conceding.reason, concede=True)
        if not conceding.clear:
            close = " " + conceding.reason
    if len(set(v.legal)) == 1:
        return Hint(Phase.PLAY, "It is your only legal card." + close, cards=(v.legal[0],))
    advice = coach_play(v, seed=seed, hand_number=hand_number, samples=PLAY_HINT_SAMPLES)
    rule = explain_play(v.hand, v.trick, v.trump, advice.card, v.rules).text
    return Hint(Phase.PLAY, f"{advice.text} ({rule}){close}", cards=(advice.card,), advice=advice)


def _with_hints(
    hand: Hand, seat: int, judged: tuple[PlayJudgement, ...], seed: int, hand_number: int
) -> tuple[PlayJudgement, ...]:
    """The judgements, each card the deeper look calls costly with the card the hint
    gave at that moment (the same advice :func:`hint` gives, on its deals), so that a
    learner who played the hint's card is never blamed for it."""
    costly = {j.trick_number for j in judged if j.chosen_value.clear_mistake}
    if not costly:
        return judged
    hinted: dict[int, Card] = {}
    for trick_number, view, _card in play_decisions(hand, seat):
        if trick_number in costly:
            advice = coach_play(view, seed=seed, hand_number=hand_number, samples=PLAY_HINT_SAMPLES)
            hinted[trick_number] = advice.card
    return tuple(
        dataclasses.replace(j, hinted=hinted[j.trick_number]) if j.trick_number in hinted else j
        for j in judged
    )


def _on_kept_deals(
    hand: Hand, seat: int, judged: tuple[PlayJudgement, ...]
) -> tuple[PlayJudgement, ...]:
    """The judgements, each card the first looks call costly judged again on the
    position's own deals (:func:`~pinochle_tutor.coach.play.judge_kept_play`), keeping the
    hint's card: the verdict the review shows is the one the learner's own position is
    kept and asked again on, so the coach never says one thing at the table and another
    in the Review."""
    costly = {j.trick_number for j in judged if j.chosen_value.clear_mistake}
    if not costly:
        return judged
    again = {
        n: judge_kept_play(view, card, n)
        for n, view, card in play_decisions(hand, seat)
        if n in costly
    }
    return tuple(
        dataclasses.replace(again[j.trick_number], hinted=j.hinted) if j.trick_number in again else j
        for j in judged
    )


def review(hand: Hand, seat: int, *, seed: int, hand_number: int) -> HandReview:
    """The review of the finished ``hand`` from ``seat`` (hand ``hand_number`` of a game
    seeded ``seed``): the tricks, and the coach's verdicts on the seat's card play,
    contract, concession, exchange and trump, each on the deals of its hint then (a card
    the first looks call costly on its position's own deals: :func:`_on_kept_deals`)."""
    judged = _on_kept_deals(
        hand,
        seat,
        _with_hints(
            hand, seat, judge_play(hand, seat, seed=seed, hand_number=hand_number), seed,
            hand_number,
        ),
    )  # fmt: skip
    face_up = face_up_endgame(hand, seat)
    # The learner's own contract, against the bid hint's evaluation then.
    verdict = judge_bid(hand, seat, samples=BID_HINT_SAMPLES)
    # Conceding or playing on, on the deals of the hint at that moment.
    conceding = judge_concession(hand, seat, seed=seed, hand_number=hand_number)
    # The learner's pass, return or discard, on the exchange hint's deals.
    exchange = judge_exchange(hand, seat, seed=seed, hand_number=hand_number)
    # The trump named (three-handed: after the kitty), on the trump hint's deals.
    if hand.rules.has_kitty:
        trump = judge_kitty(hand, seat, seed=seed, hand_number=hand_number)
    else:
        trump = judge_trump(hand, seat, samples=BID_HINT_SAMPLES)
    return review_hand(
        hand, seat, judged, face_up, verdict, conceding, exchange_verdict=exchange,
        trump_verdict=trump,
    )  # fmt: skip
