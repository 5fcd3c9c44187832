"""The bidding advisor: what is this hand worth?

A bid is the side's meld plus the trick points it will capture. The advisor
answers the question a learner should ask before bidding, for each possible
trump suit:

* the meld the hand holds now;
* what the partner's 4-card pass (and the 4 cards returned) adds, on average;
* how many trick points the side takes, over many simulated deals: the hidden
  hands are dealt at random from the cards the learner cannot see, the partner
  passes and the declarer returns as the heuristic player would, and every trick
  is played by the heuristic player.

From that it finds the highest bid the side makes with a chosen probability
(for example 50 % and 80 %) and recommends a call: the cheapest legal bid if the
hand is worth it, otherwise a pass, with the reason in plain words. Meld alone
is not enough: a contract needs trick points too, and meld is kept only with at
least 10 of them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from pinochle_tutor.auction import Auction
from pinochle_tutor.bots.heuristic import HeuristicPlayer, heuristic_playout, play_context
from pinochle_tutor.bots.montecarlo import InvalidSimulationError, check_samples
from pinochle_tutor.cards import CARDS_BY_INDEX, Card, CardLike, Suit, cards_text
from pinochle_tutor.hands import InvalidHandError, as_cards, counts_of
from pinochle_tutor.meld import points_from_counts
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.view import Phase, PlayerView

__all__ = ["BidAdvice", "TrumpOutlook", "advise_bid"]

ProgressCallback = Callable[[int, int], None]
"""Called as ``progress(done, total)`` while the advisor simulates."""


@dataclass(frozen=True)
class TrumpOutlook:
    """What the hand is worth with one trump suit, over the simulated deals."""

    trump: Suit
    meld: int
    """The meld in the hand now."""
    side_meld: tuple[int, ...]
    """Per simulated deal: the side's meld after the exchange (both partners)."""
    own_meld: tuple[int, ...]
    """Per simulated deal: the declarer's own meld after the exchange (or the kitty)."""
    tricks: tuple[int, ...]
    """Per simulated deal: the side's trick points."""
    rules: RuleSet

    @property
    def deals(self) -> int:
        """How many deals were simulated."""
        return len(self.tricks)

    @property
    def mean_side_meld(self) -> float:
        """The side's average meld after the exchange."""
        return sum(self.side_meld) / len(self.side_meld)

    @property
    def pass_gain(self) -> float:
        """The meld the partner's pass (three-handed: the kitty) adds to the hand, on average."""
        return sum(self.own_meld) / len(self.own_meld) - self.meld

    @property
    def mean_tricks(self) -> float:
        """The side's average trick points."""
        return sum(self.tricks) / len(self.tricks)

    def make_chance(self, bid: int) -> float:
        """The share of simulated deals in which a contract of ``bid`` is made
        (meld kept only with enough trick points; no trick points is a set)."""
        save = self.rules.meld_save
        made = 0
        for m, t in zip(self.side_meld, self.tricks, strict=True):
            if t > 0 and (m if t >= save else 0) + t >= bid:
                made += 1
        return made / len(self.tricks)

    def tricks_chance(self, points: int) -> float:
        """The share of deals in which the side took at least ``points`` trick points."""
        return sum(1 for t in self.tricks if t >= points) / len(self.tricks)

    def max_bid(self, chance: float) -> int | None:
        """The highest bid (from the opening bid up, in steps of the increment) made in
        at least ``chance`` of the deals, or ``None`` if not even the opening bid is.

        Found from the deals' values sorted, not by trying every bid in turn, so the
        time does not grow with the size of the meld or of the bids."""
        r = self.rules
        save = r.meld_save
        # What each deal makes: the highest contract it would make (-1: none, no tricks).
        values = sorted(
            ((m if t >= save else 0) + t if t > 0 else -1
             for m, t in zip(self.side_meld, self.tricks, strict=True)),
            reverse=True,
        )  # fmt: skip
        n = len(values)
        # The fewest deals that make a share of at least ``chance`` (as make_chance counts).
        need = next((k for k in range(n + 1) if k / n >= chance), None)
        if need is None:
            return None
        # need == 0 (a chance of 0): every bid up to the best deal's total qualifies.
        best = max(m + t for m, t in zip(self.side_meld, self.tricks, strict=True))
        value = values[need - 1] if need else best
        if value < r.opening_bid:
            return None
        return r.opening_bid + (value - r.opening_bid) // r.bid_increment * r.bid_increment

    def chart(self, step: int | None = None) -> list[tuple[int, float]]:
        """(bid, chance of making it) from the opening bid up to where the chance is
        zero, for a small chart."""
        r = self.rules
        step = step or r.bid_increment * (1 if r.bid_increment > 1 else 5)
        out = []
        bid = r.opening_bid
        while True:
            p = self.make_chance(bid)
            out.append((bid, p))
            if p == 0.0 or len(out) > 100:
                return out
            bid += step


@dataclass(frozen=True)
class BidAdvice:
    """The advisor's view of a hand, and its recommended call."""

    hand: tuple[Card, ...]
    rules: RuleSet
    outlooks: tuple[TrumpOutlook, ...]
    """One per suit, best first."""
    min_bid: int
    """The lowest legal bid now."""
    confidence: float
    """The chance of making the contract that the recommendation asks for."""
    recommended: int | None
    """The call to make now: a bid, or ``None`` to pass."""
    limit: int | None
    """The highest bid worth making at ``confidence`` (``None``: not even the opening)."""

    @property
    def best(self) -> TrumpOutlook:
        """The best trump suit's outlook."""
        return self.outlooks[0]

    @property
    def explanation(self) -> str:
        """The reasoning in plain words."""
        b = self.best
        r = self.rules
        deals = f"{b.deals:,}"
        even = b.max_bid(0.5)
        lines = [
            f"With {b.trump.plural} trump you hold {b.meld} meld; "
            + (
                f"the kitty adds {b.pass_gain:.0f} on average."
                if r.has_kitty
                else f"the partner's pass adds {b.pass_gain:.0f} on average, and your side "
                f"shows {b.mean_side_meld:.0f} meld in all."
            )
        ]
        if even is not None:
            needed = max(0, even - round(b.mean_side_meld))
            lines.append(
                f"In {deals} simulated deals your side took {b.mean_tricks:.0f} trick points on "
                f"average, and {needed} or more {b.tricks_chance(needed):.0%} of the time, "
                f"so bidding up to {even} makes more often than not."
            )
        else:
            lines.append(
                f"In {deals} simulated deals your side took {b.mean_tricks:.0f} trick points on "
                f"average: even the opening bid of {r.opening_bid} is made only "
                f"{b.make_chance(r.opening_bid):.0%} of the time."
            )
        if self.recommended is None:
            if self.limit is not None and self.limit < self.min_bid:
                lines.append(
                    f"The bidding is already at {self.min_bid}, above the {self.limit} this hand "
                    f"makes {self.confidence:.0%} of the time: pass."
                )
            else:
                lines.append("Pass: a contract needs trick points as well as meld.")
        else:
            lines.append(
                f"Bid {self.recommended}: you make it {b.make_chance(self.recommended):.0%} of the "
                f"time, and you can go on to {self.limit} if pushed."
            )
        return " ".join(lines)

    def __str__(self) -> str:
        return self.explanation


def _view(
    hand: Sequence[Card], trump: Suit, rules: RuleSet, seat: int, declarer: int
) -> PlayerView:
    return PlayerView(
        seat=seat, phase=Phase.PASS, rules=rules, dealer=0, hand=tuple(hand), auction=(),
        high_bid=None, min_bid=rules.opening_bid, declarer=declarer, contract=None, trump=trump,
        melds=None, tricks=(), trick=(), trick_seats=(), legal=(),
    )  # fmt: skip


def _remove(counts: list[int], cards: Iterable[Card]) -> None:
    for c in cards:
        counts[c.index] -= 1


def _simulate(
    mine: list[int], trump: int, rules: RuleSet, rng: random.Random, bot: HeuristicPlayer
) -> tuple[int, int, int]:
    """One deal of the hidden cards, the exchange and the play: (side meld, own meld,
    side tricks)."""
    unseen = []
    for i in range(24):
        if i % 6 in rules.ranks:
            unseen.extend([i] * (rules.copies - mine[i]))
    rng.shuffle(unseen)
    n = rules.hand_size
    players = rules.players
    hands = [list(mine)] + [[0] * 24 for _ in range(players - 1)]
    for p in range(1, players):
        for i in unseen[(p - 1) * n : p * n]:
            hands[p][i] += 1
    suit = Suit(trump)
    if rules.has_kitty:
        kitty = unseen[(players - 1) * n :]
        for i in kitty:
            hands[0][i] += 1
        my_cards = [CARDS_BY_INDEX[i] for i in range(24) for _ in range(hands[0][i])]
        discards = bot.discard(_view(my_cards, suit, rules, 0, 0))
        _remove(hands[0], discards)
        discard_points = sum(rules.counter_points[c.rank] for c in discards)
    else:
        discard_points = 0
    partner = rules.partner(0)
    if partner is not None and rules.exchange_size:
        p_cards = [CARDS_BY_INDEX[i] for i in range(24) for _ in range(hands[partner][i])]
        passed = bot.pass_cards(_view(p_cards, suit, rules, partner, 0))
        _remove(hands[partner], passed)
        for c in passed:
            hands[0][c.index] += 1
        my_cards = [CARDS_BY_INDEX[i] for i in range(24) for _ in range(hands[0][i])]
        returned = bot.return_cards(_view(my_cards, suit, rules, 0, 0))
        _remove(hands[0], returned)
        for c in returned:
            hands[partner][c.index] += 1
    table = rules.meld_table
    own_meld = points_from_counts(hands[0], trump, table)
    side_meld = own_meld
    if partner is not None:
        side_meld += points_from_counts(hands[partner], trump, table)
    points = heuristic_playout(hands, 0, trump, rules, context=play_context(rules, trump, 0))
    return side_meld, own_meld, points[rules.side(0)] + discard_points


def advise_bid(
    hand: Iterable[CardLike] | str,
    rules: RuleSet = CLASSIC,
    auction: Auction | None = None,
    samples: int = 500,
    seed: int | None = None,
    confidence: float = 0.5,
    progress: ProgressCallback | None = None,
    trumps: Iterable[Suit] | None = None,
) -> BidAdvice:
    """Simulate ``samples`` deals per trump suit and advise a call.

    ``auction`` (optional) gives the lowest legal bid now; ``confidence`` is the
    chance of making the contract the recommendation asks for; ``progress`` is
    called with (deals done, deals in all); the same ``seed`` gives the same
    advice. Three-handed, the kitty is part of the simulation."""
    cards = as_cards(hand)
    if len(cards) != rules.hand_size:
        raise InvalidHandError(
            f"{cards_text(cards)!r}: a {rules.name} hand has {rules.hand_size} cards, not {len(cards)}"
        )
    check_samples(samples)
    if not 0.0 < confidence <= 1.0:
        raise InvalidSimulationError(f"confidence={confidence!r} must be between 0 and 1")
    mine = counts_of(cards, rules)
    rng = random.Random(seed)
    bot = HeuristicPlayer()
    suits = list(trumps) if trumps is not None else list(Suit)
    total = samples * len(suits)
    done = 0
    outlooks = []
    for suit in suits:
        melds: list[int] = []
        own: list[int] = []
        tricks: list[int] = []
        for _ in range(samples):
            m, o, t = _simulate(mine, int(suit), rules, rng, bot)
            melds.append(m)
            own.append(o)
            tricks.append(t)
            done += 1
            if progress is not None and (done % 50 == 0 or done == total):
                progress(done, total)
        outlooks.append(
            TrumpOutlook(
                suit,
                points_from_counts(mine, int(suit), rules.meld_table),
                tuple(melds),
                tuple(own),
                tuple(tricks),
                rules,
            )
        )
    outlooks.sort(
        key=lambda o: (-(o.max_bid(confidence) or 0), -o.make_chance(rules.opening_bid), o.trump)
    )
    min_bid = auction.min_bid if auction is not None else rules.opening_bid
    limit = outlooks[0].max_bid(confidence)
    recommended = min_bid if limit is not None and limit >= min_bid else None
    return BidAdvice(tuple(cards), rules, tuple(outlooks), min_bid, confidence, recommended, limit)
