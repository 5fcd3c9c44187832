"""Explaining bidding advice, and a contract after the hand, as data.

:class:`BidReasoning` holds the numbers behind a piece of bidding advice (all from one
evaluation of the bidding model, :mod:`pinochle_tutor.coach.bid`: the chance of
making a level, the expected scores, the limit, the calls the coach accepts and the
trump it assumes come from the same simulated deals) and reads them out in two parts:
:meth:`BidReasoning.lines`, plain words a beginner can read (a chance as "about two
times in three", no average below zero, no error bar), and
:meth:`BidReasoning.worked_lines`, the figures behind them ("How the coach worked this
out": each level's average score against passing, its error, the rule that accepts a
call). Its words are chosen from those numbers only: "bidding it still pays better than
passing" only where the evaluation found so, "about two times in three" only for a
chance that rounds to it (:func:`chance_words`).

:class:`FailedBidExplanation` says, after the hand, which part of a contract fell short
of what was expected at bidding time (the meld, the pass or the kitty, the trick
points), by how much, and what was knowable then.

>>> r = BidReasoning(trump=Suit.HEARTS, meld=250, pass_gain=40, mean_side_meld=330,
...     mean_tricks=150, deals=100, min_bid=250, limit=420, limit_chance=0.66,
...     limit_score=180, limit_pass=-90, min_chance=0.97, min_score=260, min_pass=-90,
...     recommended=250, opening_bid=250, max_bid=20250, total_trick_points=250,
...     above_limit_loses=True)
>>> r.lines()[-2]
'Bid 250: you make it almost every time.'
>>> r.lines()[-1].startswith("You can go on to 420 if pushed: you make 420 about two times in three")
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from pinochle_tutor.cards import Suit
from pinochle_tutor.explain._text import listed
from pinochle_tutor.explain.coaching import points
from pinochle_tutor.scoring import HandScore
from pinochle_tutor.words import Side

__all__ = [
    "BidPart",
    "BidReasoning",
    "CallValue",
    "FailedBidExplanation",
    "PartShortfall",
    "PartnerCall",
    "PartnerStand",
    "TrumpJudgement",
    "TrumpPlan",
    "TrumpReasoning",
    "chance_words",
    "explain_failed_bid",
]


_CHANCE_WORDS: tuple[tuple[int, str], ...] = (
    (0, "in none of the coach's deals"),
    (5, "very rarely"),
    (15, "about one time in ten"),
    (22, "about one time in five"),
    (29, "about one time in four"),
    (36, "about one time in three"),
    (44, "about two times in five"),
    (49, "a little less often than not"),
    (50, "half the time"),
    (55, "a little more often than not"),
    (63, "about three times in five"),
    (70, "about two times in three"),
    (77, "about three times in four"),
    (84, "about four times in five"),
    (94, "about nine times in ten"),
    (99, "almost every time"),
    (100, "every time"),
)
"""A chance in words, by the percentage it rounds to: each entry covers the
percentages above the one before it, up to its own."""


def chance_words(chance: float) -> str:
    """A chance as a beginner reads it, from the percentage it rounds to: ``'about two
    times in three'`` (64% to 70%), ``'almost every time'`` (95% to 99%), ``'every
    time'`` (100%).

    >>> chance_words(0.66), chance_words(0.5), chance_words(0.97), chance_words(0.19)
    ('about two times in three', 'half the time', 'almost every time', 'about one time in five')
    """
    pct = round(chance * 100)
    return next(words for top, words in _CHANCE_WORDS if pct <= top)


def _pct(chance: float) -> str:
    return f"{round(chance * 100)}%"


def _calls_words(calls: tuple[tuple[str, str, int], ...]) -> str:
    """Calls as a sentence lists them: ``'the left opponent bid 250, your partner passed
    rather than bid 260'``."""
    return ", ".join(
        f"{who} bid {level}" if kind == "bid" else f"{who} passed rather than bid {level}"
        for who, kind, level in calls
    )


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
        """The level in one line (figures for "How the coach worked this out")."""
        return (
            f"Hold {self.level} with {trump.plural}: made {_pct(self.chance)} of the time, "
            f"{self.score:+d} on average against {self.pass_score:+d} for passing: a gain of "
            f"{self.gain:+d} ± {points(self.gain_stderr)}."
        )


@dataclass(frozen=True)
class TrumpPlan:
    """The trump the bid hint assumed at this seat's previous bid, against the suit that
    scores best at the lowest bid now (the same deals, pair by pair). The hint keeps
    the earlier trump unless the other suit is clearly better now (the coach's one test
    of a mistake: beyond twice its error and above the trump's margin)."""

    planned: Suit
    """The trump of the hint at the seat's last bid."""
    last_bid: int
    """The seat's last bid."""
    best: Suit
    """The suit with the best expected score at the lowest bid now."""
    gap: float
    """How much more :attr:`best` scores than :attr:`planned` on average (0: the same suit)."""
    gap_stderr: float
    switched: bool
    """Whether the hint now assumes :attr:`best` (it is clearly better)."""
    since: tuple[tuple[str, str, int], ...] = ()
    """The calls since the seat's last bid (as :attr:`BidReasoning.inferences`)."""

    @property
    def trump(self) -> Suit:
        """The trump the hint assumes now."""
        return self.best if self.switched else self.planned

    def line(self) -> str | None:
        """The reason the trump changed, in plain words (``None``: it did not)."""
        if not self.switched:
            return None
        since = f", {_calls_words(self.since)}" if self.since else ""
        return (
            f"Since your bid of {self.last_bid}{since}: on deals that fit the auction now, "
            f"{self.best.plural} score clearly more than {self.planned.plural}, so the coach "
            f"now counts on {self.best.plural} as trump."
        )

    def worked_line(self) -> str:
        """The figures behind keeping or changing the trump."""
        if self.best is self.planned:
            return (
                f"Trump: {self.planned.plural}, the same as at your bid of {self.last_bid} "
                "(the best suit on these deals too)."
            )
        gap = f"{points(self.gap)} points more on average (± {points(self.gap_stderr)})"
        if self.switched:
            return (
                f"Trump: at your bid of {self.last_bid} the coach counted on "
                f"{self.planned.plural}; now {self.best.plural} score {gap}, clearly more."
            )
        return (
            f"Trump: {self.best.plural} scored {gap} than {self.planned.plural} on these deals, "
            f"within the coach's error: the coach keeps {self.planned.plural}, the trump of "
            f"your bid of {self.last_bid}."
        )


@dataclass(frozen=True)
class BidReasoning:
    """The numbers behind one piece of bidding advice, and their reading.

    Every field comes from one evaluation of the auction as it stands: the call
    (:attr:`recommended`, always the lowest bid now or a pass), the most worth bidding
    (:attr:`limit`) and the calls the coach accepts (:attr:`low` to :attr:`high`,
    :attr:`pass_ok`) are read from the same expected scores against passing, so the
    advice never names a bid its own marks reject."""

    trump: Suit
    """The trump the advice assumes."""
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
    """The most worth bidding: the highest level, counting up from the lowest bid now,
    at which holding the contract scores at least as well as passing (``None``: not even
    the lowest bid now)."""
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
    assumed trump (the figures a learner may ask for)."""
    low: int | None = None
    """The lowest top bid the coach accepts (``None``: no bid)."""
    high: int | None = None
    """The highest top bid the coach accepts (``None``: no bid)."""
    pass_ok: bool = True
    """Whether the coach accepts a pass."""
    margin: int = 0
    """The acceptance margin: a call is wrong only when the coach is sure it costs more
    than this against the alternative (in points of the rules in force)."""
    above_limit_loses: bool = False
    """Whether holding the contract one step above :attr:`limit` scores less than
    passing (the evaluation looked; ``False`` also when it did not)."""
    bid_increment: int = 10
    plan: TrumpPlan | None = None
    """The trump of this seat's previous bid against the best now (``None``: no earlier bid)."""
    suits: tuple[Suit, ...] = ()
    """The trumps the coach played the deals out with."""

    @property
    def side(self) -> str:
        return Side(self.partnerships).us

    def alternatives_lines(self) -> list[str]:
        """On request: the figures behind the advice (:meth:`worked_lines`), each level
        worth considering against passing among them."""
        return self.worked_lines()

    def lines(self, *, top_bid: bool = False) -> list[str]:
        """The reasoning in plain words, one sentence per line: no average below zero,
        no error bar; every number from the evaluation or the rules in force.

        ``top_bid``: the words for a question that asks for the most the learner would
        bid, not the call to make now. There "Bid 250" (the call now, which the trainer
        and the table hint give) would stand beside a mark that calls a top bid of 250
        too low, so the lowest bid is said as a fact ("At 250, the lowest bid now, you
        make the contract ...") and the most worth bidding follows as before."""
        side = self.side
        # What the exchange (the kitty) does to the meld, said as a gain, nothing or a
        # loss: never "add -2" nor "add 0".
        if self.kitty:
            if self.pass_gain > 0:
                gain = f"the kitty adds {self.pass_gain} meld on average"
            elif self.pass_gain == 0:
                gain = "the kitty adds no meld on average"
            else:
                gain = (
                    f"after you take the kitty and discard, you hold {-self.pass_gain} meld "
                    "less on average"
                )
            out = [f"With {self.trump.plural} trump you hold {self.meld} meld; {gain}."]
        else:
            cards = f"the {f'{self.exchange_size} ' if self.exchange_size else ''}cards your partner passes you"
            if self.pass_gain > 0:
                gain = f"{cards} add {self.pass_gain} meld on average"
            elif self.pass_gain == 0:
                gain = f"{cards} add no meld on average"
            else:
                gain = (
                    f"after {cards} and the cards you return you hold {-self.pass_gain} meld "
                    "less on average"
                )
            out = [
                f"With {self.trump.plural} trump you hold {self.meld} meld; {gain}, and your side "
                f"shows {self.mean_side_meld} meld in all."
            ]
        if self.inferences:
            out.append(
                "The auction so far: " + _calls_words(self.inferences) + "; the coach deals the "
                "other hands to fit those calls."
            )
        if self.plan is not None:
            switch = self.plan.line()
            if switch is not None:
                out.append(switch)
        out.append(
            f"{side[0].upper()}{side[1:]} should take about {self.mean_tricks} of the "
            f"{self.total_trick_points} trick points."
        )
        if self.recommended is not None:
            assert self.limit is not None and self.limit_chance is not None
            chance = chance_words(self.min_chance)
            out.append(
                f"At {self.recommended}, the lowest bid now, you make the contract {chance}."
                if top_bid
                else f"Bid {self.recommended}: you make it {chance}."
            )
            better = (
                "better than"
                if self.limit_score is not None and self.limit_pass is not None
                and self.limit_score > self.limit_pass
                else "as well as"
            )  # fmt: skip
            above = (
                f"; above {self.limit}, passing pays {side} better."
                if self.above_limit_loses
                else "."
            )
            if self.limit > self.recommended:
                out.append(
                    f"You can go on to {self.limit} if pushed: you make {self.limit} "
                    f"{chance_words(self.limit_chance)}, and bidding it still pays {better} "
                    f"passing{above}"
                )
            elif self.above_limit_loses:
                out.append(f"Go no higher: above {self.limit}, passing pays {side} better.")
            else:
                out.append(f"{self.limit} is as high as the coach would go.")
        elif self.min_bid > self.max_bid:
            out.append(f"No bid above {self.min_bid - self.bid_increment} is possible: pass.")
        elif self.partner_high:
            out.append(
                f"Pass: leaving the contract to your partner pays better than bidding "
                f"{self.min_bid}, which you would make {chance_words(self.min_chance)}."
            )
        else:
            out.append(
                f"Pass: at {self.min_bid}, the lowest bid now, you would make the contract "
                f"{chance_words(self.min_chance)}, and passing pays {side} better."
            )
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

    def worked_lines(self) -> list[str]:
        """How the coach worked this out: the figures behind :meth:`lines` (averages of
        the side's score less the others', standard errors, the acceptance rule), every
        number from the evaluation and the rules in force."""
        side = self.side
        others = "the other side's" if self.partnerships else "the other players' average"
        suits = [s.plural for s in self.suits] or [self.trump.plural]
        trumps = f"once with each of {listed(suits)}" if len(suits) > 1 else f"with {suits[0]}"
        fit = ", each deal fitting the calls so far" if self.inferences else ""
        out = [
            f"The coach dealt the cards you cannot see {self.deals:,} times{fit}, and played "
            f"each deal out {trumps} as trump, and once more with you passing. Bids go "
            f"from {self.opening_bid} up by {self.bid_increment}; a hand has "
            f"{self.total_trick_points} trick points.",
            f"With {self.trump.plural} trump {side} showed {self.mean_side_meld} meld and took "
            f"{self.mean_tricks} trick points on average, and made {self.min_bid} "
            f"{_pct(self.min_chance)} of the time.",
        ]
        if self.plan is not None:
            out.append(self.plan.worked_line())
        owner = Side(self.partnerships).ours
        out.append(
            f"Each score below is {owner} score less {others}, averaged over the deals; "
            "'±' is the coach's error (one standard error of the difference, from the same "
            "deals pair by pair)."
        )
        out += [v.line(self.trump) for v in self.levels]
        if self.limit is not None:
            out.append(
                f"The most worth bidding: {self.limit}, the highest level counting up from "
                f"{self.min_bid} at which holding the contract scores at least as well as "
                "passing."
            )
        else:
            out.append(f"Not even {self.min_bid} scores as well as passing: the advice is to pass.")
        if self.low is not None and self.high is not None:
            span = f"{self.low}" if self.low == self.high else f"{self.low} to {self.high}"
            accepted = f"a top bid of {span}" + (", or a pass" if self.pass_ok else "")
        else:
            accepted = "a pass only"
        out.append(
            f"A call is marked wrong only when the coach is sure it costs more than "
            f"{self.margin} points on average against the other choice (by more than twice "
            f"its error): here it accepts {accepted}."
        )
        return out

    @property
    def text(self) -> str:
        """The reasoning in plain words."""
        return " ".join(self.lines())

    @property
    def top_bid_text(self) -> str:
        """The reasoning in plain words for a question that asks for the top bid
        (:meth:`lines` with ``top_bid``): no call to make now."""
        return " ".join(self.lines(top_bid=True))

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
        side = Side(self.partnerships).us.capitalize()
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
                return (
                    knew
                    + f", and the advice was to stop at {self.limit}: {s.bid - self.limit} lower."
                )
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
    """The suit with the best expected score when the recommended trump is another: the
    one the plan was made for (three-handed: the discard; otherwise the bids), which it
    does not beat beyond the evaluation's error (``None``: the recommended trump has the
    best score)."""
    kept_for: str = "the trump your discard was made for"
    """What the recommended trump was the plan of, in words (with :attr:`kept_plan`)."""

    @property
    def text(self) -> str:
        """The reasoning in plain words."""
        best = self.suits[0]
        side = Side(self.partnerships).us
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
                f"{out}: {self.kept_for}, and {self.kept_plan.plural} do "
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


class PartnerStand(Enum):
    """Where a seat to call stands with its partner's call."""

    HOLDS = "holds"
    """The partner holds the high bid."""
    OVER = "over"
    """The partner bid and an opponent bid over them; the partner can still bid."""
    OUT = "out"
    """The partner has passed: this call is the side's last chance at the contract."""


@dataclass(frozen=True)
class PartnerCall:
    """What the partner's call showed on the coach's deals, and what passing gives in
    this auction: the numbers of one bidding evaluation (its deals fit every call, read
    as the computer players bid: common practice, not a rule of record)."""

    stand: PartnerStand
    partner_bid: int | None
    """The partner's last bid (``None``: the partner passed without bidding)."""
    over: tuple[str, int] | None
    """Who bid over the partner and the high bid (:attr:`PartnerStand.OVER`)."""
    trump: Suit
    """The trump of the evaluation's best outlook, whose deals give the melds."""
    partner_meld: int
    """The partner's meld on average (after the exchange, where there is one)."""
    side_meld: int
    """The side's meld on average (both partners)."""
    partner_declares: float
    """The share of the deals on which the partner declares when this seat passes."""

    @property
    def text(self) -> str:
        """The reading in plain words, every number from the evaluation."""
        melds = (
            f"with {self.trump.plural} trump your partner melds {self.partner_meld} of your "
            f"side's {self.side_meld} on average"
        )
        if self.stand is PartnerStand.OUT:
            bid = f" after bidding {self.partner_bid}" if self.partner_bid is not None else ""
            return (
                f"Your partner passed{bid}. The coach reads a pass as this site's practice does (a "
                f"hand not worth the bid) and deals your partner's hand to fit it: {melds}. "
                "Your call is your side's last chance at the contract: if you pass, the "
                "opponents take it."
            )
        if self.stand is PartnerStand.HOLDS:
            head = f"Your partner bid {self.partner_bid} and holds the high bid."
            then = "If you pass, the contract stays with your partner"
        else:
            assert self.over is not None
            who, high = self.over
            head = f"Your partner bid {self.partner_bid} and {who} bid {high} over it."
            then = "If you pass, your partner can still bid: your partner declares"
        share = _pct(self.partner_declares)
        if self.partner_declares >= 1:
            gives = f"{then} on every one of the coach's deals."
        elif self.partner_declares <= 0:
            gives = "If you pass, an opponent declares on every one of the coach's deals."
        else:
            gives = f"{then} on {share} of the coach's deals, and an opponent declares on the rest."
        return (
            f"{head} The coach reads a bid as this site's practice does (the bidder's meld plus the "
            "trick points their hand expects plus some for their partner) and deals your "
            f"partner's hand to fit it: {melds}. {gives}"
        )

    def __str__(self) -> str:
        return self.text
