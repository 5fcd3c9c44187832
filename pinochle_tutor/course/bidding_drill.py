"""One auction decision for a learner, the advisor's view of it, and the hand
played out: the logic behind the bidding trainer widget.

>>> d = BiddingDrill(seed=3)
>>> d.committed
False
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from pinochle_tutor.auction import Auction, IllegalBidError
from pinochle_tutor.bots.bidmodel import BidModelPlayer
from pinochle_tutor.bots.heuristic import HeuristicPlayer
from pinochle_tutor.cards import (
    Card,
    CardLike,
    cards_text,
    sort_hand,
)
from pinochle_tutor.coach.bid import BID_HINT_SAMPLES, BidAdvice, advise_bid
from pinochle_tutor.deal import Deal, make_deck
from pinochle_tutor.explain import HandReview, explain_call
from pinochle_tutor.explain import review_hand as _review_hand
from pinochle_tutor.explain.bidding import chance_words
from pinochle_tutor.game import Hand, OutOfTurnError
from pinochle_tutor.hands import InvalidHandError, as_cards
from pinochle_tutor.rules import CLASSIC, InvalidSeatError, RuleSet, as_rules, check_seat
from pinochle_tutor.sim.bidding import ProgressCallback
from pinochle_tutor.sim.stats import check_samples
from pinochle_tutor.view import Phase, PlayerView, seat_name
from pinochle_tutor.words import Side

__all__ = ["BiddingDrill"]


class BiddingDrill:
    """One auction decision for a learner, then the advisor's view and the hand
    played out: the logic behind the bidding trainer widget.

    A hand is dealt (``hand`` fixes the learner's cards; the rest are dealt at
    random), the dealer is one of the other seats (``dealer`` names it; else it is
    drawn: at a partnership table with the learner in seat 0, dealer 1, the left
    opponent, has the partner call first), and the computer players
    before the learner bid with the bidding model (:class:`BidModelPlayer`), or with
    ``count_bidders`` by their count as the beginner and intermediate players do
    (:class:`HeuristicPlayer`: lesson 13, where a partner's bid must mean what the
    lesson and the coach read it as). The
    advice is the bidding model's for the hand and the auction, the same as the game
    table's hint for the same decision. The learner makes
    one call (:meth:`call`); only then does :meth:`advise` answer, and
    :meth:`play_out` finishes the auction (the learner stands on the call) and
    plays the hand with computer players at every seat."""

    def __init__(
        self,
        rules: RuleSet | str = CLASSIC,
        seed: int | None = None,
        hand: Sequence[CardLike] | str | None = None,
        learner_seat: int = 0,
        samples: int = BID_HINT_SAMPLES,
        dealer: int | None = None,
        count_bidders: bool = False,
    ) -> None:
        self.rules = as_rules(rules)
        r = self.rules
        check_seat(learner_seat, r, "learner_seat")
        if dealer is not None:
            check_seat(dealer, r, "dealer")
            if dealer == learner_seat:
                raise InvalidSeatError(
                    f"dealer={dealer!r} is the learner's seat: the drill's dealer is one of "
                    "the other seats, so that someone calls before the learner"
                )
        self.learner_seat = learner_seat
        self.samples = check_samples(samples)
        self._rng = random.Random(seed)
        self._rng.randrange(2**32)  # drawn as before, so a seed deals the same cards
        drawn = self._rng.choice([s for s in range(r.players) if s != learner_seat])
        dealer = drawn if dealer is None else dealer
        dealt = (
            None
            if hand is None
            else _deal_around(as_cards(hand), learner_seat, dealer, r, self._rng)
        )
        self._hand = Hand(dealer, r, dealt=dealt, rng=self._rng)
        self.dealt_hand: tuple[Card, ...] = self._hand.view(learner_seat).hand
        """The learner's cards as dealt: the hand of the decision, still shown after
        :meth:`play_out` has played every card."""
        self._bot: BidModelPlayer | HeuristicPlayer = (
            HeuristicPlayer() if count_bidders else BidModelPlayer()
        )
        self.call_made: int | None = None
        """The learner's bid (``None``: a pass, or no call yet; see :attr:`committed`)."""
        self.committed = False
        """Whether the learner has made the call."""
        self._decision_hand: tuple[Card, ...] = ()
        self._decision_calls = 0
        self._advice: BidAdvice | None = None
        self._run_until_learner()

    @property
    def engine_hand(self) -> Hand:
        """The full engine state (hidden cards included: never for display)."""
        return self._hand

    @property
    def view(self) -> PlayerView:
        """What the learner may see now."""
        return self._hand.view(self.learner_seat)

    def seat_name(self, seat: int) -> str:
        """``'You'``, ``'Left opponent'``, ``'Partner'`` or ``'Right opponent'`` (the
        seat names the whole course uses)."""
        return seat_name(seat, self.learner_seat, self.rules)

    def calls(self) -> list[tuple[str, str]]:
        """The auction so far as (seat name, call) pairs."""
        return [(self.seat_name(s), "pass" if a is None else str(a)) for s, a in self.view.auction]

    def _run_until_learner(self) -> None:
        h = self._hand
        while h.phase is Phase.AUCTION and h.to_act != self.learner_seat:
            seat = h.to_act
            assert seat is not None
            h.bid(seat, self._bot.bid(h.view(seat)))

    def check(self, amount: object) -> str | None:
        """The tutor's reason why the call is refused, or ``None`` if it is allowed."""
        if self.committed:
            return "You have made your call for this hand: deal a new hand to bid again."
        e = explain_call(self._hand.auction, self.learner_seat, amount, me=self.learner_seat)
        return None if e.legal else e.text

    def call(self, amount: object) -> None:
        """The learner bids ``amount`` (``None`` to pass); a refused call raises
        :class:`IllegalBidError` with the reason and changes nothing."""
        reason = self.check(amount)
        if reason is not None:
            raise IllegalBidError(reason)
        assert amount is None or isinstance(amount, int)
        self._decision_hand = self.view.hand
        self._decision_calls = len(self._hand.auction.history)
        self._hand.bid(self.learner_seat, amount)
        self.call_made = amount
        self.committed = True

    def advise(self, progress: ProgressCallback | None = None) -> BidAdvice:
        """The advisor's :class:`~pinochle_tutor.coach.bid.BidAdvice` for the learner's
        decision (only after the call). ``progress(done, total)`` is called while
        it simulates."""
        if not self.committed:
            raise OutOfTurnError("Make your call first: the advice comes after it.")
        if self._advice is None:
            auction = _auction_copy(self._hand.auction, self._decision_calls)
            self._advice = advise_bid(
                self._decision_hand, self.rules, auction=auction, samples=self.samples,
                progress=progress,
            )  # fmt: skip
        return self._advice

    def verdict(self) -> str:
        """The learner's call against the coach's, in plain words, judged by the calls
        the same evaluation accepts (:attr:`BidAdvice.accepted
        <pinochle_tutor.coach.bid.BidAdvice.accepted>`, the bidding quiz's marks too):
        every claim is read from that evaluation."""
        advice = self.advise()
        accepted = advice.accepted
        side = Side(self.rules.partnerships).us
        call = self.call_made
        rec = "pass" if advice.recommended is None else f"bid {advice.recommended}"
        if (
            advice.recommended is not None
            and advice.limit is not None
            and advice.limit > advice.recommended
        ):
            rec += f" and go on to {advice.limit} if pushed"
        if call is None:
            if advice.recommended is None:
                return "You passed, and so would the coach."
            if accepted.pass_ok:
                return f"You passed; the coach would {rec}, but the hand is close: passing is fine too."
            return f"You passed; the coach would {rec}: bidding pays {side} clearly better here."
        b = advice.best
        who = Side(self.rules.partnerships).us_do("make")
        made = f"With {b.trump.plural} trump {who} {call} {chance_words(b.make_chance(call))}."
        if accepted.accepts_call(call):
            if advice.recommended is None:
                return (
                    f"You chose to bid {call}; the coach would pass, but the hand is close: "
                    f"bidding is fine too. {made}"
                )
            return f"You chose to bid {call}; the coach would {rec}. {made}"
        inc = self.rules.bid_increment
        over = accepted.min_bid if accepted.high is None else accepted.high + inc
        return (
            f"You chose to bid {call}; the coach would {rec}: at {over}, passing already pays "
            f"{side} clearly better than holding the contract. {made}"
        )

    def play_out(self) -> HandReview:
        """Finish the auction (the learner stands on the call: later turns pass) and
        play the hand with computer players at every seat; the review from the
        learner's seat (with the contract's reckoning)."""
        if not self.committed:
            raise OutOfTurnError("Make your call first, then play the hand out.")
        h = self._hand
        while h.phase is not Phase.DONE:
            if h.phase is Phase.AUCTION and h.to_act == self.learner_seat:
                h.bid(self.learner_seat, None)
            else:
                h.act(self._bot)
        return _review_hand(h, self.learner_seat)

    @property
    def played_out(self) -> bool:
        """Whether the hand has been played out."""
        return self._hand.phase is Phase.DONE


def _auction_copy(auction: Auction, calls: int) -> Auction:
    """A fresh auction replaying the first ``calls`` calls of ``auction``."""
    return Auction.after(
        (amount for _, amount in auction.history[:calls]), auction.dealer, auction.rules
    )


def _deal_around(
    mine: list[Card], seat: int, dealer: int, rules: RuleSet, rng: random.Random
) -> Deal:
    """A deal in which ``seat`` holds ``mine`` and the other cards are dealt at random."""
    if len(mine) != rules.hand_size:
        raise InvalidHandError(
            f"{cards_text(mine)!r} cannot be dealt: a {rules.name} hand has {rules.hand_size} cards, not {len(mine)}."
        )
    rest = Counter(make_deck(rules))
    for card, n in Counter(mine).items():
        if rest[card] < n:
            raise InvalidHandError(
                f"{cards_text(mine)!r} cannot be dealt: the {rules.name} deck has "
                f"{rest[card]} {card.text}, not {n}."
            )
    rest.subtract(mine)
    deck = list(rest.elements())
    rng.shuffle(deck)
    n = rules.hand_size
    hands: list[tuple[Card, ...]] = []
    k = 0
    for s in range(rules.players):
        if s == seat:
            hands.append(tuple(sort_hand(mine)))
        else:
            hands.append(tuple(sort_hand(deck[k * n : (k + 1) * n])))
            k += 1
    return Deal(tuple(hands), tuple(sort_hand(deck[k * n :])), dealer, rules)
