"""Scoring a hand, and the end of the game.

**Trick points.** Aces, 10s and kings are the counters: 10 points each in the
tricks that capture them. The last trick earns 10 more: 250 trick points in all.

**Meld is saved by tricks.** A side keeps its meld only if it takes at least 10
trick points.

**The contract.** The bidders need meld + trick points of at least their bid
(bid 320 with 180 meld: they need 140 trick points).

* Made: they add the full total earned (meld + trick points: 180 + 160 = +340).
* Missed: they subtract the bid and score nothing else (130 captured: -320).
* Bidders who take no trick points at all are *set*.

**Defenders** score meld + trick points if they took at least 10 trick points,
otherwise nothing.

**Concession.** A declarer may concede before trick play: the bidders subtract
the bid and the defenders score their meld only.

**Game.** The first side to 1500 wins; if both sides reach it on the same hand,
the bidders win if they made their contract.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pinochle_tutor.cards import CardLike
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.hands import as_cards
from pinochle_tutor.rules import CLASSIC, RuleSet

__all__ = ["HandScore", "InvalidPointsError", "game_winner", "score_hand", "trick_points"]


class InvalidPointsError(PinochleError):
    """A number given to the scorer (a bid, meld or trick points) that is not a whole
    number of points of 0 or more, or trick points beyond what a hand holds."""


@dataclass(frozen=True)
class HandScore:
    """What one hand was worth to each side, and the facts that decided it. The
    tutor reads it out in words with
    :func:`pinochle_tutor.explain.explain_contract` (one narrator for the score)."""

    bid: int
    bidder_meld: int
    bidder_tricks: int
    defender_meld: int
    defender_tricks: int
    bidder: int
    """Change to the bidders' score."""
    defender: int
    """Change to the defenders' score."""
    made: bool
    """Whether the bidders made their contract."""
    bidder_meld_kept: bool
    defender_meld_kept: bool
    conceded: bool
    set_no_tricks: bool
    """Bidders who took no trick points at all (set whatever their meld)."""
    meld_save: int
    """Trick points a side needs to keep its meld (10 in the classic game)."""
    solo: bool = False
    """Three-handed: one declarer against each defender alone (changes only the wording)."""

    @property
    def needed(self) -> int:
        """Trick points the bidders needed on top of their meld (bid - meld, at least 0)."""
        return max(0, self.bid - self.bidder_meld)

    @property
    def bidder_total(self) -> int:
        """Meld kept plus trick points: what the bidders earned before comparing with the bid."""
        return (self.bidder_meld if self.bidder_meld_kept else 0) + self.bidder_tricks


def trick_points(
    cards: Iterable[CardLike] | str, rules: RuleSet = CLASSIC, last_trick: bool = False
) -> int:
    """The counters in ``cards`` (A, 10, K: 10 each classic), plus the last-trick
    bonus when ``last_trick`` is true."""
    values = rules.counter_points
    return sum(values[c.rank] for c in as_cards(cards)) + (
        rules.last_trick_bonus if last_trick else 0
    )


def _check_points(name: str, value: object, limit: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidPointsError(f"{name}={value!r} must be a whole number of points, 0 or more")
    if limit is not None and value > limit:
        raise InvalidPointsError(f"{name}={value!r} is more than the {limit} trick points in a hand")
    return value


def score_hand(
    bid: int,
    bidder_meld: int,
    bidder_tricks: int,
    defender_meld: int,
    defender_tricks: int,
    rules: RuleSet = CLASSIC,
    conceded: bool = False,
) -> HandScore:
    """Score one hand for the bidders and the defenders.

    >>> score_hand(320, 180, 160, 0, 90).bidder
    340
    >>> score_hand(320, 180, 130, 0, 120).bidder
    -320
    """
    _check_points("bid", bid)
    _check_points("bidder_meld", bidder_meld)
    _check_points("defender_meld", defender_meld)
    total = rules.total_trick_points
    _check_points("bidder_tricks", bidder_tricks, total)
    _check_points("defender_tricks", defender_tricks, total)
    if conceded:
        return HandScore(
            bid,
            bidder_meld,
            0,
            defender_meld,
            0,
            -bid,
            defender_meld,
            False,
            False,
            True,
            True,
            False,
            rules.meld_save,
            not rules.partnerships,
        )
    save = rules.meld_save
    bidder_kept = bidder_tricks >= save
    defender_kept = defender_tricks >= save
    set_no_tricks = bidder_tricks == 0
    earned = (bidder_meld if bidder_kept else 0) + bidder_tricks
    made = not set_no_tricks and earned >= bid
    return HandScore(
        bid, bidder_meld, bidder_tricks, defender_meld, defender_tricks,
        bidder=earned if made else -bid,
        defender=defender_meld + defender_tricks if defender_kept else 0,
        made=made, bidder_meld_kept=bidder_kept, defender_meld_kept=defender_kept,
        conceded=False, set_no_tricks=set_no_tricks, meld_save=save, solo=not rules.partnerships,
    )  # fmt: skip


def game_winner(
    scores: Sequence[int], bidder_side: int | None, made: bool, rules: RuleSet = CLASSIC
) -> int | None:
    """The side that has won the game after a hand, or ``None`` to play on.

    A side wins on reaching the target. If several reach it on the same hand, the
    bidders win if they made their contract; otherwise the highest score wins
    (``None`` on an exact tie: another hand is played)."""
    reached = [side for side, s in enumerate(scores) if s >= rules.target]
    if not reached:
        return None
    if len(reached) == 1:
        return reached[0]
    if bidder_side in reached and made:
        return bidder_side
    best = max(scores[s] for s in reached)
    leaders = [s for s in reached if scores[s] == best]
    return leaders[0] if len(leaders) == 1 else None
