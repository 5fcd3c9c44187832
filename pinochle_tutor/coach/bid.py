"""The coach on bidding: one model answers "how high should I bid?", for the trainer,
the game table's hint, the review and the computer players.

A bid is the side's meld plus the trick points it will capture. The model's deals
(:func:`~pinochle_tutor.sim.bidding.simulate_bids`) fit what the auction has told
(:mod:`pinochle_tutor.sim.inference`) and are played out with the heuristic player's
exchange and card play, once for each trump the bidder might name
(:class:`~pinochle_tutor.sim.bidding.TrumpOutlook`) and once more with the bidder out
of the auction (:class:`~pinochle_tutor.sim.bidding.PassOutlook`); every number here
comes from those same deals, the joint distribution of (meld, trick points): the
chance of making each contract level, the expected score of holding it, and the
expected score of passing instead.

The *limit* (the most worth bidding) is the highest level, counting up from the lowest
bid now, at which holding the contract scores at least as well on average as passing;
the advice is to bid the lowest bid now while it is within the limit, otherwise to
pass, so the call is always a legal one. The calls the coach accepts
(:attr:`BidEvaluation.accepted`: the bidding quiz's marks, the trainer's verdict) are
read by the same criterion, holding against passing level by level, with a margin
(:data:`BID_MARGIN`) and the evaluation's error: the limit is always among them. The
trump is the suit with the best expected score at the lowest bid now, except that the
trump this seat's hint assumed at its previous bid in the auction is kept unless another
suit is now clearly better (:meth:`BidEvaluation.trump_at`, :class:`TrumpPlan`), so the
hint's trump changes from one bid to the next only for a reason it names.

What the auction tells the model about the other hands is
:mod:`pinochle_tutor.sim.inference`'s reading (each other seat bids as the heuristic
player does).

**The advice** (:func:`advise_bid`, the trainer's and the bid hint's entry point; the
bidding quiz's answers come from the same :func:`evaluate_bids` with more deals):
what is this hand worth? From the same deals come the chance of making each contract
level, the expected score of holding it against passing, the limit, the calls accepted
and the call. :class:`BidAdvice` keeps the model's :class:`BidEvaluation` and its
explanation reads out that evaluation's numbers only, in plain words, with the figures
behind them on request (:meth:`BidAdvice.worked_lines`). :func:`evaluate_bid` is the model's evaluation of a
seat's view in the auction, and :func:`judge_bid` the review's verdict on the contract
a seat declared.
"""

from __future__ import annotations

import collections
import dataclasses
import threading
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from pinochle_tutor.auction import Auction
from pinochle_tutor.cards import Card, CardLike, Suit, cards_text
from pinochle_tutor.explain.bidding import (
    BidReasoning,
    CallValue,
    FailedBidExplanation,
    TrumpJudgement,
    TrumpPlan,
    TrumpReasoning,
    explain_failed_bid,
)
from pinochle_tutor.explain.coaching import clear_loss
from pinochle_tutor.game import Hand
from pinochle_tutor.hands import InvalidHandError, as_cards
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.scoring import HandScore
from pinochle_tutor.sim.bidding import PassOutlook, ProgressCallback, TrumpOutlook, simulate_bids
from pinochle_tutor.sim.inference import AuctionInfo, auction_at_last_bid
from pinochle_tutor.sim.stats import (
    InvalidSimulationError,
    check_samples,
    paired_loss,
    stderr_of_mean,
)
from pinochle_tutor.view import Phase, PlayerView, seat_words

__all__ = [
    "BID_HINT_SAMPLES",
    "BID_MARGIN",
    "TRUMP_MARGIN",
    "AcceptedCalls",
    "BidAdvice",
    "BidEvaluation",
    "advice_from",
    "advise_bid",
    "evaluate_bid",
    "evaluate_bids",
    "explain_hand_bid",
    "judge_bid",
    "why_bid_failed",
]

BID_HINT_SAMPLES = 160
"""Deals behind one piece of bidding advice (the trainer and the game table's hint use
the same number, so they give the same advice)."""


# ------------------------------------------------------------------ the evaluation
BID_MARGIN = 0.2
"""How much a call must be sure to cost before the coach calls it wrong, as a share of
the hand's trick points (classic and three-handed: 50 points, double deck: 10): a level
is clearly worth holding, or clearly not, only when holding it beats passing, or loses
to it, by more than this on average and by more than twice the evaluation's error
(:attr:`BidEvaluation.accepted`). A fifth of the trick points: about what one more bid
step costs a strong hand near its limit, where the expected score falls fastest, so a
range is at least a step or two wide where the coach cannot tell the levels apart."""


@dataclass(frozen=True)
class AcceptedCalls:
    """The calls the coach accepts at one moment of an auction, from one evaluation
    (:attr:`BidEvaluation.accepted`): the quiz marks a learner's top bid with it, the
    trainer a call."""

    min_bid: int
    """The lowest bid allowed now."""
    limit: int | None
    """The most worth bidding (``None``: not even the lowest bid now); within
    :attr:`low` to :attr:`high` whenever it is a number."""
    low: int | None
    """The lowest top bid accepted (``None``: no bid is)."""
    high: int | None
    """The highest top bid accepted (``None``: no bid is)."""
    pass_ok: bool
    """Whether a pass is accepted."""
    margin: float
    """The margin the acceptance used, in points (:data:`BID_MARGIN` of the trick points)."""

    def accepts_top(self, bid: int | None) -> bool:
        """Whether ``bid`` is an acceptable answer to "the most you would bid" (``None``: pass)."""
        if bid is None:
            return self.pass_ok
        return self.low is not None and self.high is not None and self.low <= bid <= self.high

    def accepts_call(self, bid: int | None) -> bool:
        """Whether ``bid`` is an acceptable call now (``None``: pass): any legal bid up to
        the highest top bid accepted (a lower bid can be raised later)."""
        if bid is None:
            return self.pass_ok
        return self.high is not None and self.min_bid <= bid <= self.high


@dataclass(frozen=True)
class BidEvaluation:
    """The bidding model's answer for one hand at one moment of an auction."""

    hand: tuple[Card, ...]
    rules: RuleSet
    info: AuctionInfo
    outlooks: tuple[TrumpOutlook, ...]
    """One per trump considered, in suit order."""
    passing: PassOutlook
    samples: int
    seed: int
    planned: Suit | None = None
    """The trump this seat's bid hint assumed at its previous bid in this auction
    (``None``: no earlier bid, or a suit not simulated here). The advice keeps it
    unless another suit is clearly better now (:meth:`trump_at`)."""

    @property
    def min_bid(self) -> int:
        """The lowest legal bid now."""
        return self.info.min_bid

    @property
    def margin(self) -> float:
        """The acceptance margin of a call, in points: :data:`BID_MARGIN` of the hand's
        trick points under the rules in force (classic and three-handed 50, double deck 10)."""
        return BID_MARGIN * self.rules.total_trick_points

    @property
    def trump_margin(self) -> float:
        """The smallest loss the coach calls a worse trump: :data:`TRUMP_MARGIN` counters
        of the rules in force (the review's margin for the trump named)."""
        return TRUMP_MARGIN * self.rules.counter

    def joined(self, more: BidEvaluation) -> BidEvaluation:
        """This evaluation and ``more`` (further deals of the same hand, auction and
        trumps, from another seed) as one: the deals of both, this one's seed. Raises
        :class:`InvalidSimulationError` when ``more`` is of another hand or auction."""
        mine = [o.trump for o in self.outlooks]
        if (more.hand, more.rules, more.info) != (self.hand, self.rules, self.info) or [
            o.trump for o in more.outlooks
        ] != mine:
            raise InvalidSimulationError(
                f"{cards_text(more.hand)!r}: only deals of the same hand, auction and trumps "
                f"join {cards_text(self.hand)!r}"
            )
        return dataclasses.replace(
            self,
            outlooks=tuple(a.joined(b) for a, b in zip(self.outlooks, more.outlooks, strict=True)),
            passing=self.passing.joined(more.passing),
            samples=self.samples + more.samples,
        )

    def _top_scorer(self, level: int) -> TrumpOutlook:
        """The outlook with the best expected score at ``level`` (ties: the lower suit)."""
        return max(self.outlooks, key=lambda o: (o.expected_score(level), -int(o.trump)))

    def trump_at(self, level: int, keep: Suit | None = None) -> Suit:
        """The trump to count on at ``level``: the suit with the best expected score
        there, except that ``keep`` (a trump already counted on) stays unless that suit
        beats it clearly on these deals, pair by pair (the coach's one test of a mistake,
        :func:`~pinochle_tutor.explain.coaching.clear_loss`, with :attr:`trump_margin`).
        So the trump a hint assumes does not change from one bid to the next on the
        noise of the deals, only when the auction has made another suit clearly better."""
        top = self._top_scorer(level)
        if keep is None or keep == top.trump or keep not in {o.trump for o in self.outlooks}:
            return top.trump
        loss, err = paired_loss(top.scores(level), self.outlook(keep).scores(level))
        return top.trump if clear_loss(loss, err, self.trump_margin) else keep

    @property
    def plan(self) -> TrumpPlan | None:
        """The trump of this seat's previous bid against the best suit now, as data
        (``None``: no previous bid in this auction)."""
        if self.planned is None:
            return None
        mine = self.info.last_own_bid()
        assert mine is not None
        top = self._top_scorer(self.min_bid)
        level = self.min_bid
        gap, err = paired_loss(top.scores(level), self.outlook(self.planned).scores(level))
        r = self.rules
        since = tuple(
            (seat_words(rel, 0, r), "bid" if amount is not None else "passed",
             amount if amount is not None else lowest)
            for rel, amount, lowest in self.info.since_own_bid()
        )  # fmt: skip
        return TrumpPlan(
            planned=self.planned, last_bid=mine, best=top.trump, gap=gap, gap_stderr=err,
            switched=self.trump != self.planned, since=since,
        )  # fmt: skip

    def outlook(self, trump: Suit | None = None) -> TrumpOutlook:
        """The outlook with ``trump`` (default: the recommended trump)."""
        if trump is None:
            return self.best
        for o in self.outlooks:
            if o.trump == trump:
                return o
        raise InvalidSimulationError(f"trump={trump!r} was not simulated")

    def pass_contract(self, bid: int) -> int:
        """The contract another seat plays if this one stops short of ``bid``."""
        r = self.rules
        return max(r.opening_bid, bid - r.bid_increment)

    def pass_score(self, bid: int) -> float:
        """The expected score of passing rather than holding the contract at ``bid``."""
        return self.passing.expected_score(self.pass_contract(bid))

    def gain(self, bid: int, trump: Suit | None = None) -> float:
        """How much better holding the contract at ``bid`` scores than passing."""
        return self.outlook(trump).expected_score(bid) - self.pass_score(bid)

    def gain_stderr(self, bid: int, trump: Suit | None = None) -> float:
        """The standard error of :meth:`gain`, from the same deals pair by pair."""
        held = self.outlook(trump).scores(bid)
        passed = self.passing.scores(self.pass_contract(bid))
        return stderr_of_mean([a - b for a, b in zip(held, passed, strict=True)])

    def call_values(self, more: int = 2, most: int = 10) -> tuple[CallValue, ...]:
        """The levels a learner may weigh, with the recommended trump: from the lowest bid
        now to ``more`` steps past the limit (or past the lowest bid, when not even it is
        worth holding), at most ``most`` of them (evenly spaced, the limit kept), each
        against passing."""
        r = self.rules
        inc = r.bid_increment
        top = min(r.max_bid, max(self.limit or self.min_bid, self.min_bid) + more * inc)
        levels = list(range(self.min_bid, top + 1, inc))
        if len(levels) > most:
            step = -(-len(levels) // most)
            kept = set(levels[::step]) | {levels[-1]}
            if self.limit is not None:
                kept.add(self.limit)
            levels = sorted(kept)
        b = self.best
        return tuple(
            CallValue(
                level=level,
                chance=b.make_chance(level),
                score=round(b.expected_score(level)),
                pass_score=round(self.pass_score(level)),
                gain_stderr=self.gain_stderr(level),
            )
            for level in levels
        )

    def limit_of(self, trump: Suit, start: int | None = None) -> int | None:
        """The highest level, counting up from ``start`` (default: the lowest bid now),
        at which holding the contract with ``trump`` beats passing (``None``: not even
        ``start`` does)."""
        r = self.rules
        o = self.outlook(trump)
        bid = self.min_bid if start is None else start
        top = min(r.max_bid, max(o.best_total, bid))
        limit = None
        while bid <= top and self.gain(bid, trump) >= 0:
            limit = bid
            bid += r.bid_increment
        return limit

    @cached_property
    def best(self) -> TrumpOutlook:
        """The recommended trump's outlook: the best expected score at the lowest bid now,
        or the trump of this seat's previous bid while no suit is clearly better
        (:meth:`trump_at`)."""
        return self.outlook(self.trump_at(self.min_bid, self.planned))

    @property
    def trump(self) -> Suit:
        """The recommended trump."""
        return self.best.trump

    @cached_property
    def limit(self) -> int | None:
        """The highest bid worth holding with the recommended trump (from the lowest bid now)."""
        return self.limit_of(self.trump)

    @cached_property
    def worth(self) -> int | None:
        """The highest bid worth holding counted from the opening bid (``None``: not even
        the opening), whatever the auction has reached."""
        return self.limit_of(self.trump, self.rules.opening_bid)

    @property
    def stated_limit(self) -> int | None:
        """The limit the advice states: :attr:`limit`, counted from the lowest bid now
        (``None``: the advice was to pass). The bid hint's "go on to" and the review's
        "stop at" both say this number; a level below the lowest bid now is never
        stated as worth bidding, since no call can reach it."""
        return self.limit

    @property
    def recommended(self) -> int | None:
        """The call now: the lowest bid if it is within the limit, else ``None`` (pass).
        Always a legal call: the lowest bid allowed now, on the increment, or a pass."""
        return self.min_bid if self.limit is not None else None

    @cached_property
    def accepted(self) -> AcceptedCalls:
        """The calls the coach accepts now, by the criterion of :attr:`limit` (holding
        the contract against passing, level by level, on these deals): a level is
        *clearly worth holding* when passing there loses clearly, and *clearly not* when
        holding loses clearly (the coach's one test of a mistake,
        :func:`~pinochle_tutor.explain.coaching.clear_loss`, with :attr:`margin`).

        * The highest top bid accepted is the limit and every level above it, counting
          up, that is not clearly not worth holding.
        * The lowest is the limit and every level below it, counting down to the lowest
          bid now, whose next level is not clearly worth holding (stopping there gives up
          nothing clear).
        * A pass is accepted when not even the lowest bid is worth holding, or it is not
          clearly worth holding.

        So the limit, the most worth bidding that the advice states, is always accepted,
        and the advice's call is accepted as a call now."""
        r = self.rules
        inc = r.bid_increment
        lowest, limit = self.min_bid, self.limit
        if lowest > r.max_bid:
            return AcceptedCalls(lowest, None, None, None, True, self.margin)

        def clearly(level: int, holding_better: bool) -> bool:
            gain = self.gain(level)
            return clear_loss(gain if holding_better else -gain, self.gain_stderr(level), self.margin)

        high = limit
        level = (limit if limit is not None else lowest - inc) + inc
        while level <= r.max_bid and not clearly(level, holding_better=False):
            high = level
            level += inc
        if limit is None:
            low = lowest if high is not None else None
        else:
            low = limit
            while low - inc >= lowest and not clearly(low, holding_better=True):
                low -= inc
        pass_ok = limit is None or not clearly(lowest, holding_better=True)
        return AcceptedCalls(lowest, limit, low, high, pass_ok, self.margin)

    def call_at(self, min_bid: int) -> int | None:
        """The call when the lowest bid is ``min_bid`` (the same rule as
        :attr:`recommended`, for a player whose auction moved on since the evaluation)."""
        best = self.trump_at(min_bid, self.planned)
        return min_bid if self.limit_of(best, min_bid) is not None else None

    def make_chance(self, bid: int, trump: Suit | None = None) -> float:
        """The chance of making ``bid`` (with ``trump``, default the recommended one)."""
        return self.outlook(trump).make_chance(bid)

    def trump_for(self, contract: int) -> Suit:
        """The trump to name after winning at ``contract``: the trump the bid hint counted
        on (:attr:`trump`) unless another suit is clearly better at the contract
        (:meth:`trump_at`); at the level the hint evaluated, exactly the hint's trump."""
        return self.trump_at(contract, self.trump)

    def judge_trump(
        self, contract: int, named: Suit, margin: float | None = None
    ) -> TrumpJudgement:
        """The verdict on naming ``named`` at ``contract``: its loss against
        :meth:`trump_for` on these deals, pair by pair, with its standard error; a
        mistake only beyond twice the error and above ``margin`` (by default
        :data:`TRUMP_MARGIN` counters of the rules in force)."""
        best = self.trump_for(contract)
        loss, err = paired_loss(
            self.outlook(best).scores(contract), self.outlook(named).scores(contract)
        )
        if margin is None:
            margin = TRUMP_MARGIN * self.rules.counter
        return TrumpJudgement(
            named=named,
            best=best,
            loss=loss,
            loss_stderr=err,
            deals=self.samples,
            is_mistake=clear_loss(loss, err, margin),
        )

    def trump_reasoning(self, contract: int) -> TrumpReasoning:
        """Why :meth:`trump_for` ``contract`` is the trump to name, as data (every suit
        simulated, best first; every number from these deals)."""
        trump = self.trump_for(contract)
        ranked = sorted(
            self.outlooks,
            key=lambda o: (o.trump != trump, -o.expected_score(contract), int(o.trump)),
        )
        top = self._top_scorer(contract).trump
        return TrumpReasoning(
            trump=trump,
            contract=contract,
            deals=self.samples,
            suits=tuple(
                (o.trump, o.meld, o.make_chance(contract), round(o.expected_score(contract)))
                for o in ranked
            ),
            partnerships=self.rules.partnerships,
            kept_plan=None if top == trump else top,
            kept_for="the trump your bids counted on",
        )

    def reasoning(self) -> BidReasoning:
        """The explanation as data; every number comes from this evaluation: the call,
        the most worth bidding and the calls accepted (:attr:`accepted`) are read from
        the same expected scores against passing."""
        r = self.rules
        b = self.best
        shown = self.limit
        accepted = self.accepted
        above = shown is not None and shown + r.bid_increment <= r.max_bid and (
            self.gain(shown + r.bid_increment) < 0
        )
        inf = tuple(
            (seat_words(i.seat, 0, r), i.kind.value, i.level) for i in self.info.inferences
        )
        return BidReasoning(
            trump=b.trump,
            meld=b.meld,
            pass_gain=round(b.pass_gain),
            mean_side_meld=round(b.mean_side_meld),
            mean_tricks=round(b.mean_tricks),
            deals=b.deals,
            min_bid=self.min_bid,
            limit=shown,
            limit_chance=b.make_chance(shown) if shown is not None else None,
            limit_score=round(b.expected_score(shown)) if shown is not None else None,
            limit_pass=round(self.pass_score(shown)) if shown is not None else None,
            min_chance=b.make_chance(self.min_bid),
            min_score=round(b.expected_score(self.min_bid)),
            min_pass=round(self.pass_score(self.min_bid)),
            recommended=self.recommended,
            opening_bid=r.opening_bid,
            max_bid=r.max_bid,
            total_trick_points=r.total_trick_points,
            kitty=r.has_kitty,
            partnerships=r.partnerships,
            players=r.players,
            partner_high=self.info.high_bidder == 2 and r.partnerships,
            inferences=inf,
            meld_save=r.meld_save,
            exchange_size=r.exchange_size,
            levels=self.call_values(),
            low=accepted.low,
            high=accepted.high,
            pass_ok=accepted.pass_ok,
            margin=round(accepted.margin),
            above_limit_loses=above,
            bid_increment=r.bid_increment,
            plan=self.plan,
            suits=tuple(o.trump for o in self.outlooks),
        )


def _content_seed(cards: Sequence[Card], info: AuctionInfo) -> int:
    """A seed from the hand and the auction, so every entry point that asks about the
    same decision gets the same deals (and so the same advice)."""
    r = info.rules
    calls = " ".join(f"{info.relative(s)}:{a}" for s, a in info.calls)
    text = f"{r!r}|{cards_text(sorted(cards))}|{info.relative(info.dealer)}|{calls}"
    return zlib.crc32(text.encode())


def evaluate_bids(
    hand: Iterable[CardLike] | str | PlayerView,
    rules: RuleSet = CLASSIC,
    auction: Auction | AuctionInfo | None = None,
    samples: int = BID_HINT_SAMPLES,
    seed: int | None = None,
    trumps: Iterable[Suit] | None = None,
    progress: ProgressCallback | None = None,
) -> BidEvaluation:
    """Simulate ``samples`` deals consistent with the auction and evaluate every bid.

    ``hand`` may be a :class:`PlayerView` (its rules and auction are used); an
    :class:`Auction` is read as the seat to act sees it; without one the hand opens
    the auction. The same hand and auction give the same evaluation (the seed is
    derived from them unless ``seed`` is given)."""
    if isinstance(hand, PlayerView):
        rules = hand.rules
        info = AuctionInfo.from_view(hand)
        cards = list(hand.hand)
    else:
        cards = as_cards(hand)
        if isinstance(auction, AuctionInfo):
            info = auction
        elif auction is not None:
            info = AuctionInfo.from_auction(auction)
        else:
            info = AuctionInfo.opening(rules)
    if len(cards) != rules.hand_size:
        raise InvalidHandError(
            f"{cards_text(cards)!r}: a {rules.name} hand has {rules.hand_size} cards, not {len(cards)}"
        )
    check_samples(samples)
    if seed is None:
        seed = _content_seed(cards, info)
    suits = sorted(set(trumps)) if trumps is not None else list(Suit)
    if not suits:
        raise InvalidSimulationError("trumps=[]: give at least one trump suit to simulate")
    key = (tuple(cards), rules, info, samples, seed, tuple(suits))
    with _CACHE_LOCK:
        known = _CACHE.get(key)
        if known is not None:
            _CACHE.move_to_end(key)
    if known is not None:
        if progress is not None:
            progress(samples, samples)
        return known
    outlooks, passing = simulate_bids(cards, rules, info, samples, seed, suits, progress)
    ev = BidEvaluation(tuple(cards), rules, info, outlooks, passing, samples, seed)
    planned = _planned_trump(cards, info, samples, suits)
    if planned is not None:
        ev = dataclasses.replace(ev, planned=planned)
    with _CACHE_LOCK:
        _CACHE[key] = ev
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
    return ev


def _planned_trump(
    cards: list[Card], info: AuctionInfo, samples: int, suits: list[Suit]
) -> Suit | None:
    """The trump this seat's bid hint assumed at its last bid (``None``: it has not bid,
    or that trump is not among ``suits``): the evaluation of the auction as it was then,
    on the deals of that decision (its content seed), as the hint gave it."""
    before = info.before_own_bid()
    if before is None:
        return None
    trump = evaluate_bids(cards, info.rules, before, samples=samples, trumps=suits).trump
    return trump if trump in suits else None


TRUMP_MARGIN = 0.5
"""The smallest loss of score the review calls a mistaken trump, in counters of the rules
in force (the exchange's margin: the trump, too, is judged by the score)."""
CACHE_SIZE = 64
"""How many evaluations :func:`evaluate_bids` keeps: the bid hint, the trump hint and
the review's verdict on one decision ask for the same deals, which are simulated once."""
_CACHE: collections.OrderedDict[tuple[object, ...], BidEvaluation] = collections.OrderedDict()
_CACHE_LOCK = threading.Lock()


# ------------------------------------------------------------------ after the hand
def why_bid_failed(
    evaluation: BidEvaluation, score: HandScore, trump: Suit, own_meld: int | None = None
) -> FailedBidExplanation:
    """Why the contract in ``score`` was (or was not) made, against what the model knew
    at bidding time: which part fell short (meld, the pass or the kitty, trick
    points) and by how much, and the chance and limit the model gave then.
    ``own_meld`` is the declarer's own meld after the exchange, to split the side's
    meld into the hand, the pass and the partner's (``None``: not split).

    The limit is the evaluation's :attr:`BidEvaluation.stated_limit` (the recommended
    trump, counted from the lowest bid then): the limit the bid hint states on these
    deals, so the review and the hint never disagree."""
    o = evaluation.outlook(trump)
    return explain_failed_bid(
        score,
        trump=trump,
        hand_meld=o.meld,
        own_meld=own_meld,
        expected_own_meld=round(sum(o.own_meld) / o.deals),
        expected_side_meld=round(o.mean_side_meld),
        expected_tricks=round(o.mean_tricks),
        chance=o.make_chance(score.bid),
        limit=evaluation.stated_limit,
        advised_trump=evaluation.trump,
        total_trick_points=evaluation.rules.total_trick_points,
        kitty=evaluation.rules.has_kitty,
        partnerships=evaluation.rules.partnerships,
    )


# ------------------------------------------------------------------ the advice
def explain_hand_bid(hand: Hand, samples: int = BID_HINT_SAMPLES) -> FailedBidExplanation | None:
    """After a finished hand: the contract against what the model knew at the
    declarer's last bid (``None``: the hand is not over, or the dealer was stuck with
    the contract without bidding). The evaluation is the one the hint and the trainer
    would have given at that decision."""
    if hand.phase is not Phase.DONE or hand.declarer is None or not hand.scores:
        return None
    decl = hand.declarer
    history = tuple(hand.auction.history)
    bid = any(s == decl and a is not None for s, a in history)
    if not bid or hand.trump is None or hand.melds is None:
        return None
    info = auction_at_last_bid(decl, hand.dealer, history, hand.rules)
    ev = evaluate_bids(list(hand.deal.hands[decl]), hand.rules, info, samples=samples)
    return why_bid_failed(ev, hand.scores[0], hand.trump, hand.melds[decl].total)


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
    """A chance of making the contract the learner asked about (the charts' marker);
    the limit itself is the model's expected-score limit."""
    recommended: int | None
    """The call to make now: a bid, or ``None`` to pass."""
    limit: int | None
    """The highest bid worth holding (``None``: not even the lowest bid now)."""
    evaluation: BidEvaluation | None = None
    """The bidding model's evaluation behind every number (``None``: advice built by hand)."""

    @property
    def best(self) -> TrumpOutlook:
        """The best trump suit's outlook."""
        return self.outlooks[0]

    @property
    def reasoning(self) -> BidReasoning | None:
        """The explanation as data (``None`` for advice built by hand)."""
        return self.evaluation.reasoning() if self.evaluation is not None else None

    @property
    def accepted(self) -> AcceptedCalls:
        """The calls the coach accepts (:attr:`BidEvaluation.accepted`); advice built by
        hand accepts its limit as the top bid, and a pass when it says pass."""
        if self.evaluation is not None:
            return self.evaluation.accepted
        lim = self.limit if self.limit is not None and self.limit >= self.min_bid else None
        return AcceptedCalls(self.min_bid, lim, lim, lim, self.recommended is None, 0.0)

    def worked_lines(self) -> list[str]:
        """How the coach worked this out: the figures behind the plain words
        (:meth:`BidReasoning.worked_lines`; none for advice built by hand)."""
        reasoning = self.reasoning
        return reasoning.worked_lines() if reasoning is not None else []

    @property
    def explanation(self) -> str:
        """The reasoning in plain words, from the evaluation's numbers only."""
        reasoning = self.reasoning
        if reasoning is not None:
            return reasoning.text
        if self.recommended is None:
            return f"Pass: the lowest bid now is {self.min_bid}."
        return f"Bid {self.recommended}: the hand is worth up to {self.limit}."

    @property
    def top_bid_explanation(self) -> str:
        """The reasoning in plain words for a question that asks for the most the
        learner would bid (:attr:`BidReasoning.top_bid_text`): the same numbers as
        :attr:`explanation`, without "Bid 250" as the call now, which a mark calling a
        top bid of 250 too low would contradict."""
        reasoning = self.reasoning
        if reasoning is not None:
            return reasoning.top_bid_text
        if self.recommended is None or self.limit is None:
            return self.explanation
        return f"The most worth bidding is {self.limit}."

    def __str__(self) -> str:
        return self.explanation


def advise_bid(
    hand: Iterable[CardLike] | str | PlayerView,
    rules: RuleSet = CLASSIC,
    auction: Auction | AuctionInfo | None = None,
    samples: int = BID_HINT_SAMPLES,
    seed: int | None = None,
    confidence: float = 0.5,
    progress: ProgressCallback | None = None,
    trumps: Iterable[Suit] | None = None,
) -> BidAdvice:
    """The bidding model's advice for ``hand`` (or a :class:`PlayerView` in the auction).

    ``auction`` (optional) gives the calls so far, as the seat to act sees them (an
    :class:`Auction`, or an :class:`AuctionInfo` as a seat saw it);
    ``progress`` is called with (deals done, deals in all); the same hand and
    auction give the same advice (the seed is derived from them unless ``seed`` is
    given). Three-handed, the kitty is part of the simulation."""
    if not 0.0 < confidence <= 1.0:
        raise InvalidSimulationError(f"confidence={confidence!r} must be between 0 and 1")
    ev = evaluate_bids(hand, rules, auction, samples=samples, seed=seed, trumps=trumps,
                       progress=progress)  # fmt: skip
    return advice_from(ev, confidence)


def advice_from(ev: BidEvaluation, confidence: float = 0.5) -> BidAdvice:
    """The advice an evaluation gives (its outlooks best first): what
    :func:`advise_bid` returns, for an evaluation made otherwise (say, joined from
    several runs with :meth:`BidEvaluation.joined`)."""
    if not 0.0 < confidence <= 1.0:
        raise InvalidSimulationError(f"confidence={confidence!r} must be between 0 and 1")
    best = ev.best
    others = sorted(
        (o for o in ev.outlooks if o is not best),
        key=lambda o: (-o.expected_score(ev.min_bid), int(o.trump)),
    )
    return BidAdvice(
        ev.hand, ev.rules, (best, *others), ev.min_bid, confidence, ev.recommended,
        ev.limit, ev,
    )  # fmt: skip


def evaluate_bid(
    view: PlayerView, *, samples: int = BID_HINT_SAMPLES, seed: int | None = None
) -> BidEvaluation:
    """The bidding model's evaluation of ``view``, a seat's view in the auction: the hand
    and the calls so far as it sees them (the seed derived from them unless ``seed`` is
    given)."""
    return evaluate_bids(view, samples=samples, seed=seed)


def judge_bid(
    hand: Hand, seat: int, *, samples: int = BID_HINT_SAMPLES
) -> FailedBidExplanation | None:
    """The review's verdict on the contract ``seat`` declared in the finished ``hand``
    (:func:`explain_hand_bid`); ``None`` when the seat did not declare."""
    return explain_hand_bid(hand, samples=samples) if hand.declarer == seat else None
