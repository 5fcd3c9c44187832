"""Bidding questions: the range of acceptable answers, from the bidding advisor.

The advisor evaluates a hand in the auction as it stands (the question's calls: the
lowest bid allowed, what the other seats' calls told), with the coach's bidding model
(:func:`~pinochle_tutor.coach.bid.evaluate_bids`, the hint's and the trainer's too), in
two steps (:func:`outlook`, cached per hand and auction). A first look
(:func:`first_look`, :data:`FIRST_LOOK_SAMPLES` deals with each of the four suits as
trump) finds the one or two most promising trump suits; then deals with those are
added, chunk by chunk, until the range is settled (:func:`settled`: another seed would
move each end by at most one bid step) or the rule set's cap is reached
(:func:`deal_cap`: :data:`ADVISOR_SAMPLES`, four times as many for the double deck's
finer bid steps), and all of them give the answer and its explanation
(``benchmarks/bench_bid_quiz.py`` measures how far the range moves across seeds). The
accepted answers are the evaluation's
:attr:`~pinochle_tutor.coach.bid.BidEvaluation.accepted`, by the same criterion as the
advice's "go on to" (holding the contract against passing):
:func:`~pinochle_tutor.course.quiz.kinds.bid.bid_range` reads them for a
:class:`~pinochle_tutor.course.quiz.kinds.bid.BidQuiz`. The seed and the numbers of
deals are fixed, so a mark never changes.

Nothing here runs when an item is built: the answer is simulated when it is checked,
when a generator shapes a question's auction from it, or when a bank loader needs
the item's rule cases (a quiz page does it in the background while the learner
thinks, see ``pinochle_widgets.quiz_runner.QuizRound.prepare``).
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import math
import threading
from collections.abc import Callable, Iterator

from pinochle_tutor.cards import Card, Suit
from pinochle_tutor.coach.bid import (
    BidAdvice,
    BidEvaluation,
    advice_from,
    advise_bid,
    evaluate_bids,
)
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.sim.inference import AuctionInfo

__all__ = [
    "ADVISOR_SAMPLES",
    "ADVISOR_SEED",
    "CHUNK_SAMPLES",
    "FIRST_LOOK_SAMPLES",
    "MAX_DEAL_SCALE",
    "SETTLE_Z",
    "candidate_trumps",
    "chunk_samples",
    "clear_cache",
    "deal_cap",
    "deal_scale",
    "first_look",
    "outlook",
    "reporting",
    "settled",
    "simulate",
]

ADVISOR_SAMPLES = 2400
"""The most simulated deals behind a bidding answer, per candidate trump, under rules
whose bid steps are as fine as classic's (fixed, so marks never change; other rule
sets: :func:`deal_cap`)."""
CHUNK_SAMPLES = 300
"""Deals are simulated in chunks of this many (times :func:`deal_scale`), until the
range is settled (:func:`settled`) or :func:`deal_cap` is reached."""
CLASSIC_STEPS = 25
"""The bid steps in a hand's trick points under the classic rules (250 in steps of
10): the scale :data:`ADVISOR_SAMPLES` and :data:`CHUNK_SAMPLES` are set for."""
MAX_DEAL_SCALE = 4
"""The most times :data:`ADVISOR_SAMPLES` deals an answer may use (the double deck's
scale; see :func:`deal_scale`)."""
SETTLE_Z = 3.0
"""A bid level whose gain against passing is within this many standard errors of a
boundary of the acceptance (break-even, or the margin either side) is one another seed
could put on either side of it. Three, not two: the range is
looked at after every chunk and the first look that seems settled stops it, so a
two-error band let lucky early stops through (measured with
``benchmarks/bench_bid_quiz.py``: a double-deck hand stopped at 3,600 deals per suit
where its make chances fall 1.7 points a bid step, and moved its high end two steps
across seeds)."""
FIRST_LOOK_SAMPLES = 48
"""Simulated deals with each of the four suits in the first look, which picks the
candidate trumps."""
ADVISOR_SEED = 20240601
"""The advisor's random seed for bidding answers (fixed, so marks never change)."""
def deal_scale(rules: RuleSet) -> int:
    """How many times :data:`ADVISOR_SAMPLES` (the cap) and :data:`CHUNK_SAMPLES` (a
    chunk) deals an answer under ``rules`` may use: the square of its bid steps in a
    hand's trick points over classic's :data:`CLASSIC_STEPS`, rounded, from 1 to
    :data:`MAX_DEAL_SCALE`.

    Why the square: an end of the range moves by a bid step when a level's gain against
    passing is on the other side of its boundary. Neighbouring levels' gains differ by
    about one bid step's share of the spread of what the hands make, a spread in
    proportion to the hand's trick points; a gain's standard error falls as one over the
    square root of the deals. The same odds of settling within the cap then need deals in
    proportion to the square of the bid steps per hand: the double deck (50 trick
    points in steps of 1) 4 times classic's (250 in steps of 10), and three-handed
    (250 in steps of 10) the same. The cap of :data:`MAX_DEAL_SCALE` keeps a house rule
    with finer steps still (classic bid by ones would be 100 times) to the double
    deck's wait; its answers may then move more than one step across seeds."""
    steps = rules.total_trick_points / rules.bid_increment
    return max(1, min(MAX_DEAL_SCALE, round((steps / CLASSIC_STEPS) ** 2)))


def deal_cap(rules: RuleSet) -> int:
    """The most simulated deals behind a bidding answer under ``rules``, per candidate
    trump: :data:`ADVISOR_SAMPLES` times :func:`deal_scale`."""
    return ADVISOR_SAMPLES * deal_scale(rules)


def chunk_samples(rules: RuleSet) -> int:
    """The deals added at a time under ``rules`` until the range is settled:
    :data:`CHUNK_SAMPLES` times :func:`deal_scale` (so the range is looked at as many
    times before the cap as under classic rules)."""
    return CHUNK_SAMPLES * deal_scale(rules)


def candidate_trumps(first: BidAdvice) -> list[Suit]:
    """The suits worth simulating at length, from a first look: its best suit, and the
    second best unless the best scores more at the lowest bid by over :data:`SETTLE_Z`
    standard errors of the difference (the same deals, paired)."""
    best, *others = first.outlooks
    if not others:
        return [best.trump]
    second = others[0]
    diffs = [a - b for a, b in zip(best.scores(first.min_bid), second.scores(first.min_bid),
                                   strict=True)]  # fmt: skip
    n = len(diffs)
    mean = sum(diffs) / n
    se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1) / n)
    return [best.trump] if mean > SETTLE_Z * se else [best.trump, second.trump]


def settled(ev: BidEvaluation) -> bool:
    """Whether another seed would move each end of the range by at most one bid step:
    for each boundary the acceptance reads (:attr:`BidEvaluation.accepted`: holding the
    contract against passing at break-even, and by the margin either way) at most one bid
    level's gain lies within :data:`SETTLE_Z` standard errors of it (the end is then the
    level below it or that level). Levels are looked at from the lowest bid now up to the
    first whose gain is below every boundary by that much."""
    r = ev.rules
    inc = r.bid_increment
    margin = ev.margin
    close = {-margin: 0, 0.0: 0, margin: 0}
    level = ev.min_bid
    while level <= r.max_bid:
        gain, err = ev.gain(level), ev.gain_stderr(level)
        band = SETTLE_Z * err
        for b in close:
            if abs(gain - b) < band:
                close[b] += 1
                if close[b] > 1:
                    return False
        if gain < -margin - band:
            break
        level += inc
    return True


_REPORT: contextvars.ContextVar[Callable[[int, int], None] | None] = contextvars.ContextVar(
    "pt_bidding_report", default=None
)


@contextlib.contextmanager
def reporting(progress: Callable[[int, int], None]) -> Iterator[None]:
    """Within the block, in this thread, every answer :func:`simulate` works out calls
    ``progress(done, most)``: the deals per candidate trump done so far and the most it
    may use (:func:`deal_cap`): ``(0, most)`` before the first deal, then about every ten
    deals; it may stop before ``most`` when the range is settled. (A quiz page shows it
    as "Working out the answer: 600 of 2,400 deals".) What is simulated, and so every
    answer, is the same with or without it."""
    token = _REPORT.set(progress)
    try:
        yield
    finally:
        _REPORT.reset(token)


def _as_info(auction: AuctionInfo | RuleSet) -> AuctionInfo:
    """The auction a question asks about (a rule set alone: the opening call)."""
    return auction if isinstance(auction, AuctionInfo) else AuctionInfo.opening(auction)


def simulate(hand: tuple[Card, ...], auction: AuctionInfo | RuleSet, seed: int = ADVISOR_SEED,
             samples: int | None = None) -> BidAdvice:  # fmt: skip
    """The simulation behind :func:`outlook`, in the auction as it stands (a rule set
    alone: the opening call), with any ``seed`` and most deals (``None``: the rule set's
    :func:`deal_cap`; not cached: ``benchmarks/bench_bid_quiz.py`` compares seeds with
    it). A first look picks the :func:`candidate_trumps`; then chunks of
    :func:`chunk_samples` deals with them are added until the evaluation's range is
    :func:`settled` or ``samples`` deals are done. The answer and its explanation come
    from all of them."""
    info = _as_info(auction)
    rules = info.rules
    if samples is None:
        samples = deal_cap(rules)
    size = chunk_samples(rules)
    report = _REPORT.get()
    if report is not None:  # before any deal (the first look's too)
        report(0, samples)
    if seed == ADVISOR_SEED:
        first = first_look(hand, info)
    else:
        first = advise_bid(hand, rules, info, samples=FIRST_LOOK_SAMPLES, seed=seed)
    suits = candidate_trumps(first)
    ev: BidEvaluation | None = None
    chunk = 0
    while ev is None or ev.samples < samples:
        before = ev.samples if ev is not None else 0
        left = samples - before
        step = None if report is None else _step_report(report, before, samples)
        more = evaluate_bids(hand, rules, info, samples=min(size, left),
                             seed=seed * 1009 + chunk, trumps=suits, progress=step)  # fmt: skip
        ev = more if ev is None else ev.joined(more)
        chunk += 1
        if settled(ev):
            break
    if report is not None:
        report(ev.samples, samples)
    return advice_from(ev)


def _step_report(
    report: Callable[[int, int], None], before: int, most: int
) -> Callable[[int, int], None]:
    """A chunk's progress (its deals done) as the answer's (``before`` plus them, of ``most``)."""
    return lambda done, _chunk: report(before + done, most)


@functools.lru_cache(maxsize=1024)
def first_look(hand: tuple[Card, ...], auction: AuctionInfo | RuleSet) -> BidAdvice:
    """A quick look at a hand, sorted, in the auction as it stands (a rule set alone: the
    opening call): :data:`FIRST_LOOK_SAMPLES` deals with each suit as trump (cached). Not
    precise enough to mark an answer: it picks the suits :func:`outlook` simulates
    again, and a generated question's auction is shaped on it."""
    info = _as_info(auction)
    return advise_bid(hand, info.rules, info, samples=FIRST_LOOK_SAMPLES, seed=ADVISOR_SEED)


@functools.lru_cache(maxsize=1024)
def _cached_outlook(hand: tuple[Card, ...], info: AuctionInfo) -> BidAdvice:
    return simulate(hand, info)


_WORKING: dict[tuple[tuple[Card, ...], AuctionInfo], threading.Lock] = {}
_WORKING_GUARD = threading.Lock()


def outlook(hand: tuple[Card, ...], auction: AuctionInfo | RuleSet) -> BidAdvice:
    """The advisor's evaluation of a hand, sorted, in the auction as it stands (a rule
    set alone: the opening call), behind a bidding answer (:func:`simulate` with
    :data:`ADVISOR_SEED`; cached per hand and auction). Simulated once even when two
    threads ask at the same moment: a quiz page works out answers in the background
    while the learner thinks, and whoever asks for the same question meanwhile waits for
    that work instead of doing it again."""
    info = _as_info(auction)
    with _WORKING_GUARD:
        if len(_WORKING) > 4096:  # one small lock per question asked about; keep it bounded
            _WORKING.clear()
        lock = _WORKING.setdefault((hand, info), threading.Lock())
    with lock:
        return _cached_outlook(hand, info)


def clear_cache() -> None:
    """Forget every answer simulated so far, and every first look (for tests that
    change how answers are simulated)."""
    _cached_outlook.cache_clear()
    first_look.cache_clear()
