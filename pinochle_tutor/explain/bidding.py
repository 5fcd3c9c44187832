"""Explaining bidding advice, and a contract after the hand, as data.

:class:`BidReasoning` holds the numbers behind a piece of bidding advice (all from one
evaluation of the bidding model, :mod:`pinochle_tutor.coach.bid`: the chance of
making a level and the expected scores come from the same simulated deals) and reads
them out; its words are chosen from those numbers only ("more often than not" only
when the chance it states is above one half).

:class:`FailedBidExplanation` says, after the hand, which part of a contract fell short
of what was expected at bidding time (the meld, the pass or the kitty, the trick
points), by how much, and what was knowable then.

>>> r = BidReasoning(trump=Suit.HEARTS, meld=250, pass_gain=40, mean_side_meld=330,
...     mean_tricks=150, deals=100, min_bid=250, limit=420, limit_chance=0.55,
...     limit_score=180, limit_pass=-90, min_chance=0.97, min_score=260, min_pass=-90,
...     recommended=250, opening_bid=250, max_bid=20250, total_trick_points=250)
>>> print(r.lines()[-1])
Bid 250: you make it 97% of the time, and you can go on to 420 if pushed.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from pinochle_tutor.cards import Suit
from pinochle_tutor.explain.coaching import points
from pinochle_tutor.scoring import HandScore

__all__ = [
    "BidPart",
    "BidReasoning",
    "CallValue",
    "FailedBidExplanation",
    "PartShortfall",
    "TrumpJudgement",
    "TrumpReasoning",
    "explain_failed_bid",
    "how_often",
]


def how_often(chance: float) -> str:
    """Words for a chance, chosen from the percentage as it is printed."""
    pct = round(chance * 100)
    if pct > 50:
        return "more often than not"
    if pct == 50:
        return "half the time"
    return "less often than not"


def _pct(chance: float) -> str:
    return f"{round(chance * 100)}%"


@dataclass(frozen=True)
class CallValue:
    """One contract level a bidder could go on to hold, from the bidding model's deals."""

    level: int
    chance: float
    """The chance of making it."""
    score: int
    """The expected score holding the contract there (the side's less the others')."""
    pass_score: int
    """The expected score of passing instead (the others play it one step lower)."""
    gain_stderr: float
    """The standard error of holding less passing, from the same deals pair by pair."""

    @property
    def gain(self) -> int:
        """How much better holding scores than passing, on average."""
        return self.score - self.pass_score

    def line(self, trump: Suit) -> str:
        """The level in one line."""
        return (
            f"Hold {self.level} with {trump.plural}: made {_pct(self.chance)} of the time, "
            f"{self.score:+d} on average against {self.pass_score:+d} for passing: a gain of "
            f"{self.gain:+d} ± {points(self.gain_stderr)}."
        )


@dataclass(frozen=True)
class BidReasoning:
    """The numbers behind one piece of bidding advice, and their reading."""

    trump: Suit
    """The recommended trump."""
    meld: int
    """The meld in the hand now, with that trump."""
    pass_gain: int
    """What the partner's pass (three-handed: the kitty) adds to the hand's meld, on average."""
    mean_side_meld: int
    """The side's meld after the exchange, on average."""
    mean_tricks: int
    """The side's trick points, on average."""
    deals: int
    """Simulated deals behind every number."""
    min_bid: int
    """The lowest legal bid now."""
    limit: int | None
    """The highest bid worth holding (from the lowest bid now, or from the opening when
    the auction is already past it; ``None``: not even the opening)."""
    limit_chance: float | None
    """The chance of making ``limit``."""
    limit_score: int | None
    """The expected score (the side's less the other side's) holding the contract at ``limit``."""
    limit_pass: int | None
    """The expected score of passing instead, at ``limit``."""
    min_chance: float
    """The chance of making the lowest bid now."""
    min_score: int
    """The expected score holding the contract at the lowest bid now."""
    min_pass: int
    """The expected score of passing at the lowest bid now."""
    recommended: int | None
    """The call: the lowest bid now, or ``None`` to pass."""
    opening_bid: int
    max_bid: int
    total_trick_points: int
    kitty: bool = False
    partnerships: bool = True
    players: int = 4
    partner_high: bool = False
    """Whether the partner holds the high bid (passing leaves the partner the contract)."""
    inferences: tuple[tuple[str, str, int], ...] = ()
    """What the auction told: (the seat as the learner calls it, :func:`~pinochle_tutor.view.seat_words`;
    ``'bid'`` or ``'passed'``; the level bid, or the lowest bid when the seat passed)."""
    meld_save: int = 0
    """The trick points a side needs to keep its meld (the defenders' rule too)."""
    exchange_size: int = 0
    """The cards the partner passes the declarer (0: not said)."""
    levels: tuple[CallValue, ...] = ()
    """The levels from the lowest bid now to a little past the limit, with the
    recommended trump (the alternatives a learner may ask for)."""

    def alternatives_lines(self) -> list[str]:
        """On request: each level worth considering, against passing."""
        return [v.line(self.trump) for v in self.levels]

    @property
    def side(self) -> str:
        return "your side" if self.partnerships else "you"

    def lines(self) -> list[str]:
        """The reasoning, one sentence per line."""
        side = self.side
        out = [
            f"With {self.trump.plural} trump you hold {self.meld} meld; "
            + (
                f"the kitty adds {self.pass_gain} on average."
                if self.kitty
                else f"the {f'{self.exchange_size} ' if self.exchange_size else ''}cards your "
                f"partner passes you add {self.pass_gain} meld on average, and your side "
                f"shows {self.mean_side_meld} meld in all."
            )
        ]
        if self.inferences:
            told = []
            for who, kind, level in self.inferences:
                told.append(
                    f"{who} bid {level}" if kind == "bid" else f"{who} passed rather than bid {level}"
                )
            out.append(
                "The auction so far: " + ", ".join(told) + "; the simulated deals give those "
                "hands about as much strength as their calls show."
            )
        deals = f"In {self.deals:,} simulated deals {side} took {self.mean_tricks} trick points on average"
        if self.limit is not None:
            assert self.limit_chance is not None
            assert self.limit_score is not None and self.limit_pass is not None
            out.append(
                f"{deals} and made {self.limit} {_pct(self.limit_chance)} of the time "
                f"({how_often(self.limit_chance)}); holding the contract at {self.limit} scores "
                f"{self.limit_score:+d} on average against {self.limit_pass:+d} for passing, so "
                f"{self.limit} is the most worth bidding."
            )
        else:
            out.append(
                f"{deals} and made {self.min_bid} {_pct(self.min_chance)} of the time "
                f"({how_often(self.min_chance)}); holding the contract at {self.min_bid} "
                f"scores {self.min_score:+d} on average against {self.min_pass:+d} for passing."
            )
        if self.recommended is not None:
            assert self.limit is not None
            more = (
                "and no higher" if self.limit == self.recommended
                else f"and you can go on to {self.limit} if pushed"
            )  # fmt: skip
            out.append(
                f"Bid {self.recommended}: you make it {_pct(self.min_chance)} of the time, {more}."
            )
        elif self.limit is not None and self.limit < self.min_bid:
            out.append(
                f"The bidding is already at {self.min_bid}, above the {self.limit} this hand is "
                f"worth: there you make it {_pct(self.min_chance)} of the time and score "
                f"{self.min_score:+d} against {self.min_pass:+d} for passing: pass."
            )
        else:
            who = "your partner" if self.partner_high else "the others"
            out.append(f"Pass: even {self.min_bid} scores less than leaving the contract to {who}.")
        if self.recommended is None and self.meld >= self.min_bid:
            keep = (
                f"once {self.side} {'takes' if self.partnerships else 'take'} at least "
                f"{self.meld_save} trick points"
                if self.meld_save
                else "whoever declares"
            )
            out.append(
                f"Your {self.meld} meld counts when you defend too, {keep}: you need not "
                "declare to score it, and whoever declares must make the contract against it."
            )
        return out

    @property
    def text(self) -> str:
        """The reasoning in plain words."""
        return " ".join(self.lines())

    def __str__(self) -> str:
        return self.text


# ------------------------------------------------------------------ after the hand
class BidPart(Enum):
    """A part of what a contract is made of."""

    PASS = "the pass"
    """What the partner's pass adds to the declarer's own meld (the exchange)."""
    KITTY = "the kitty"
    """Three-handed: what the kitty adds to the declarer's meld."""
    PARTNER = "the partner's meld"
    """The meld the partner shows."""
    MELD = "the meld"
    """The side's meld, not split into the hand, the pass and the partner's."""
    TRICKS = "trick points"
    """The trick points the side takes."""
    MELD_LOST = "meld lost"
    """Meld not kept: the side took fewer trick points than the meld save."""


@dataclass(frozen=True)
class PartShortfall:
    """One part of the contract: expected at bidding time against what happened."""

    part: BidPart
    expected: int
    actual: int

    @property
    def short(self) -> int:
        """How far it fell short of the expectation (negative: it did better)."""
        return self.expected - self.actual


@dataclass(frozen=True)
class FailedBidExplanation:
    """A contract after the hand, against what the bidding model knew when it was bid."""

    score: HandScore
    trump: Suit
    parts: tuple[PartShortfall, ...]
    chance: float
    """The model's chance, at bidding time, of making the contract with this trump."""
    limit: int | None
    """The limit the bid hint stated at the declarer's last bid, on the same deals, with
    :attr:`advised_trump` (:attr:`~pinochle_tutor.coach.bid.BidEvaluation.stated_limit`;
    ``None``: the hint was to pass). With another trump named it is not that trump's."""
    advised_trump: Suit
    """The trump the bid hint advised at that bid."""
    partnerships: bool = True
    kitty: bool = False
    """Three-handed: the trump was named after seeing the kitty."""

    @property
    def made(self) -> bool:
        return self.score.made

    @property
    def shortfall(self) -> int:
        """Points short of the bid (0 or less: made)."""
        return self.score.bid - self.score.bidder_total

    @property
    def worst(self) -> PartShortfall | None:
        """The part that fell furthest below its expectation (``None``: none fell short)."""
        short = [p for p in self.parts if p.short > 0]
        return max(short, key=lambda p: p.short) if short else None

    def lines(self) -> list[str]:
        s = self.score
        side = "Your side" if self.partnerships else "You"
        total = s.bidder_total
        if s.made:
            head = f"{side} made {s.bid} with {total} ({-self.shortfall} to spare)."
        elif s.conceded:
            head = f"{side} conceded {s.bid}: no trick was played."
        else:
            head = f"{side} fell {self.shortfall} short of {s.bid}: {total} in all."
        out = [head]
        for p in self.parts:
            if p.part is BidPart.MELD_LOST:
                out.append(
                    f"{BidPart.MELD_LOST.value.capitalize()}: with {s.bidder_tricks} trick points "
                    f"(fewer than {s.meld_save}) the {p.expected} meld did not count."
                )
                continue
            if p.short > 0:
                how = f"{p.short} below"
            elif p.short < 0:
                how = f"{-p.short} above"
            else:
                how = "exactly"
            out.append(f"{p.part.value.capitalize()}: {p.actual}, {how} the {p.expected} expected.")
        worst = self.worst
        if not s.made and worst is not None:
            out.append(f"What fell short most: {worst.part.value} ({worst.short}).")
        out.append(self._knew())
        return out

    def _knew(self) -> str:
        """What the bidding model said at the last bid: the hint's advice with its own
        trump, then, when another trump was named, that trump's figures."""
        s = self.score
        chance = f"{_pct(self.chance)} of the time"
        if self.advised_trump == self.trump:
            knew = (
                f"At the bidding, {s.bid} with {self.trump.plural} trump was made {chance} in "
                "the simulated deals"
            )
            if self.limit is None:
                return knew + ", and the advice was to pass."
            if s.bid > self.limit:
                return knew + f", and the advice was to stop at {self.limit}: {s.bid - self.limit} lower."
            return knew + f", within the advised limit of {self.limit}."
        advised = self.advised_trump.plural
        if self.limit is None:
            advice = f"the advice was to pass (with {advised}, the best trump then)"
        elif s.bid > self.limit:
            advice = f"the advice was to stop at {self.limit} with {advised}, {s.bid - self.limit} below your {s.bid}"
        else:
            advice = f"the advice was to bid up to {self.limit} with {advised}"
        after = " after seeing the kitty" if self.kitty else ""
        return (
            f"At your last bid {advice}; with {self.trump.plural}, the trump you named{after}, "
            f"{s.bid} was made {chance} in the same simulated deals."
        )

    @property
    def text(self) -> str:
        return " ".join(self.lines())

    def __str__(self) -> str:
        return self.text


def explain_failed_bid(
    score: HandScore,
    *,
    trump: Suit,
    hand_meld: int,
    own_meld: int | None,
    expected_own_meld: int,
    expected_side_meld: int,
    expected_tricks: int,
    chance: float,
    limit: int | None,
    advised_trump: Suit,
    total_trick_points: int,
    kitty: bool = False,
    partnerships: bool = True,
) -> FailedBidExplanation:
    """Compare a scored contract with the expectations at bidding time (see
    :class:`FailedBidExplanation`). ``own_meld`` (the declarer's meld after the
    exchange or the kitty) splits the side's meld; ``None`` keeps it whole."""
    del total_trick_points  # the scale is in the numbers already
    parts: list[PartShortfall] = []
    if own_meld is not None:
        gain = BidPart.KITTY if kitty else BidPart.PASS
        if kitty or partnerships:
            parts.append(PartShortfall(gain, expected_own_meld - hand_meld, own_meld - hand_meld))
        if partnerships:
            parts.append(
                PartShortfall(
                    BidPart.PARTNER,
                    expected_side_meld - expected_own_meld,
                    score.bidder_meld - own_meld,
                )
            )
    else:
        parts.append(PartShortfall(BidPart.MELD, expected_side_meld, score.bidder_meld))
    if not score.conceded:  # a concession plays no trick: only the meld can fall short
        parts.append(PartShortfall(BidPart.TRICKS, expected_tricks, score.bidder_tricks))
        if not score.bidder_meld_kept and score.bidder_meld:
            parts.append(PartShortfall(BidPart.MELD_LOST, score.bidder_meld, 0))
    return FailedBidExplanation(
        score, trump, tuple(parts), chance, limit, advised_trump, partnerships, kitty
    )


@dataclass(frozen=True)
class TrumpReasoning:
    """Why one suit is the trump to name after winning the auction, as data: for every
    suit the bidding model simulated, the hand's meld with it, the chance of making the
    contract and the expected score, all from the same deals."""

    trump: Suit
    """The recommended trump: the best expected score at the contract (or, with
    :attr:`kept_plan`, the suit the declarer's discard was made for)."""
    contract: int
    deals: int
    suits: tuple[tuple[Suit, int, float, int], ...]
    """Per suit simulated, the recommended first, then by expected score: (suit, meld
    with it, chance of making the contract, expected score of the side less the
    others')."""
    partnerships: bool = True
    kept_plan: Suit | None = None
    """Three-handed: the suit with the best expected score when the recommended trump
    is another, the one the discard was made for, which it does not beat beyond the
    evaluation's error (``None``: the recommended trump has the best score)."""

    @property
    def text(self) -> str:
        """The reasoning in plain words."""
        best = self.suits[0]
        side = "your side" if self.partnerships else "you"
        out = (
            f"Name {self.trump.plural}: with them you hold {best[1]} meld, and in "
            f"{self.deals:,} simulated deals {side} made {self.contract} {_pct(best[2])} of "
            f"the time and scored {best[3]:+d} on average"
        )
        if len(self.suits) == 1:
            return out + "."
        others = "; ".join(
            f"{s.plural} {meld} meld, {_pct(chance)}, {score:+d}"
            for s, meld, chance, score in self.suits[1:]
        )
        if self.kept_plan is not None:
            return (
                f"{out}: the trump your discard was made for, and {self.kept_plan.plural} do "
                f"no better beyond the evaluation's error ({others})."
            )
        return f"{out}, the best of the suits ({others})."

    def alternatives_lines(self) -> list[str]:
        """On request: every suit simulated, best first, with its numbers."""
        return [
            f"{s.plural.capitalize()}: {meld} meld, made {self.contract} {_pct(chance)} of the "
            f"time, {score:+d} on average."
            for s, meld, chance, score in self.suits
        ]

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class TrumpJudgement:
    """The trump a learner named, judged against the coach's evaluation of every suit on
    the same imagined deals (three-handed: after the kitty and the discard)."""

    named: Suit
    best: Suit
    """The suit with the best expected score."""
    loss: float
    """Mean score (the declarer's change less the others' average) the named suit gave
    up against the best, on the same deals."""
    loss_stderr: float
    deals: int
    is_mistake: bool
    """Whether the loss is beyond twice its error and above the review's margin."""

    @property
    def text(self) -> str:
        """The verdict in one sentence."""
        head = f"You named {self.named.plural}"
        if self.named is self.best:
            return f"{head}, the coach's choice too. Good."
        if not self.is_mistake:
            return f"{head}: as good as {self.best.plural} within the evaluation's error. Good."
        return (
            f"{head}: over {self.deals:,} imagined deals, {self.named.plural} scored "
            f"{points(self.loss)} less on average (± {points(self.loss_stderr)}) than "
            f"{self.best.plural}, the best of the suits."
        )

    def __str__(self) -> str:
        return self.text
