"""Lesson 13's worked deal, "one hand, two auctions": the same cards valued by the coach
after the partner's bid and after the partner's pass.

The learner (seat 0) holds one hand; the left opponent dealt, so the partner calls
first and the right opponent next. In the first auction the partner opens and the right
opponent bids over it; in the second the partner passes and the right opponent bids the
same. Each position is valued by :func:`~pinochle_tutor.coach.bid.advise_bid` exactly as
the game table's hint values it (the same hand and auction give the same deals), and
every number of a sentence is that evaluation's: the side's meld and trick points, the
chance of making the lowest bid now, the calls the coach accepts. The sentences are
data (``text/partner_call.toml``, :data:`STEP_FIELDS`).

What a bid shows is common practice, not a rule of record: the computer players bid up
to their own count (meld, the trick points their hand expects, an allowance for the
partner), and the coach reads every other seat's bid that way
(:mod:`pinochle_tutor.sim.inference`). Three-handed nobody has a partner: the lesson's
deal is then the classic game's (:func:`partner_call_rules`), and the page says so.

>>> from pinochle_tutor.rules import THREE_HANDED
>>> partner_call_rules(THREE_HANDED).name
'classic'
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from pinochle_tutor.auction import Auction
from pinochle_tutor.cards import Card, cards_text
from pinochle_tutor.coach.bid import BidAdvice, BidEvaluation, advise_bid
from pinochle_tutor.course.content import Said, read_sentences, text_file
from pinochle_tutor.course.worked.steps import WorkedExample, WorkedStep, preset_name
from pinochle_tutor.deal import make_deck
from pinochle_tutor.explain.bidding import chance_words
from pinochle_tutor.hands import counts_of
from pinochle_tutor.meld import meld_points
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.sim.inference import heuristic_limit

__all__ = [
    "PARTNER_CALL_DEALS",
    "STEP_FIELDS",
    "WORDS_FILE",
    "PartnerCallDeal",
    "TwoAuctions",
    "opening_share",
    "partner_call_example",
    "partner_call_rules",
    "two_auctions",
]

WORDS_FILE = "partner_call.toml"
"""The worked deal's sentences, in the package's ``text`` folder."""

_COUNT = ("trump", "deals", "count", "min_bid", "chance")
_ABOVE = ("min_bid", "limit", "above")
_SIDES = ("trump", "difference", "side_meld_bid", "side_meld_pass", "trick_words")
_TRICKS = ("difference", "tricks_bid", "tricks_pass")
STEP_FIELDS: Mapping[str, tuple[str, ...]] = {
    "hand": ("hand", "trump", "meld"),
    "with_bid": ("partner_bid", "over", "min_bid"),
    "with_pass": ("over", "min_bid"),
    "count": _COUNT,
    "count_column_part": (),
    "count_column_points": (),
    "count_row_meld": (),
    "count_row_from_pass": ("exchange_size",),
    "count_row_partner_meld": (),
    "count_row_side_meld": (),
    "count_row_tricks": ("total",),
    "count_row_count": (),
    "partner_still_in": (),
    "partner_out": (),
    "pass_partner": ("share",),
    "pass_opponents": (),
    "calls_column_call": (),
    "calls_column_score": (),
    "calls_row_pass": (),
    "calls_row_hold": ("min_bid",),
    "calls_row_pass_above": ("above",),
    "calls_row_hold_above": ("above",),
    "verdict_bid": _ABOVE,
    "verdict_bid_once": _ABOVE,
    "verdict_bid_pass_ok": _ABOVE,
    "verdict_pass": ("min_bid",),
    "verdict_pass_bid_ok": ("min_bid", "high"),
    "meld_more": _SIDES,
    "meld_same": _SIDES,
    "tricks_more": _TRICKS,
    "tricks_less": _TRICKS,
    "tricks_same": _TRICKS,
    "opening_shows": ("share", "opening_bid"),
    "compare": ("limit_bid", "limit_pass", "pass_bid", "pass_pass"),
    "higher_after_pass": (),
    "higher_after_bid": (),
    "alone_note": (),
}
"""Every sentence of the worked deal, by name, with the numbers it may say."""


@dataclass(frozen=True)
class PartnerCallDeal:
    """The worked deal of one rule set: the seed that deals the learner's hand, the
    partner's opening bid and the right opponent's raise over it (first auction); in the
    second the partner passes and the right opponent opens at ``partner_bid``."""

    seed: int
    partner_bid: int
    over: int


PARTNER_CALL_DEALS: dict[str, PartnerCallDeal] = {
    "classic": PartnerCallDeal(2, 250, 260),
    "double_deck": PartnerCallDeal(1, 50, 51),
}
"""Each partnership preset's worked deal, the first seed from 0 that :func:`_illustrates`
the lesson with the calls the computer players make (an opening at the lowest bid, a
raise of one step: they never jump). Another rule set searches the same way."""

SEARCH = 40
"""How many seeds a rule set that is no preset tries before it takes seed 0."""

SHARE_DEALS = 400
"""How many seeded deals :func:`opening_share` counts the hands of."""


@cache
def opening_share(rules: RuleSet) -> int:
    """Of 100 hands dealt, about how many the computer players' count
    (:func:`~pinochle_tutor.sim.inference.heuristic_limit`) values at the opening bid or
    more, over :data:`SHARE_DEALS` seeded deals: what an opening bid shows (classic
    about 57, double deck about 91: little)."""
    rng = random.Random(0)
    deck = list(make_deck(rules))
    n, worth, hands = rules.hand_size, 0, 0
    for _ in range(SHARE_DEALS):
        rng.shuffle(deck)
        for seat in range(rules.players):
            counts = counts_of(deck[seat * n : (seat + 1) * n], rules)
            worth += heuristic_limit(counts, rules) >= rules.opening_bid
            hands += 1
    return round(100 * worth / hands)


def partner_call_rules(rules: RuleSet) -> RuleSet:
    """The rules the lesson's deal is played under: ``rules`` at a partnership table,
    else the classic game (three-handed nobody has a partner)."""
    return rules if rules.partnerships else CLASSIC


@dataclass(frozen=True)
class TwoAuctions:
    """One hand valued by the coach in two auctions: after the partner's bid and the
    right opponent's bid over it (:attr:`with_bid`), and after the partner's pass and
    the right opponent's same bid (:attr:`with_pass`)."""

    rules: RuleSet
    deal: PartnerCallDeal
    hand: tuple[Card, ...]
    with_bid: BidAdvice
    with_pass: BidAdvice


def _hand(rules: RuleSet, seed: int) -> tuple[Card, ...]:
    deck = list(make_deck(rules))
    random.Random(seed).shuffle(deck)
    return tuple(sorted(deck[: rules.hand_size], key=lambda c: c.order))


def _advice(rules: RuleSet, hand: tuple[Card, ...], calls: tuple[int | None, ...]) -> BidAdvice:
    # The left opponent (seat 1) deals: the partner (seat 2) calls first, then the right
    # opponent (seat 3), then the learner (seat 0).
    return advise_bid(hand, rules, Auction.after(calls, 1, rules))


def _two(rules: RuleSet, deal: PartnerCallDeal) -> TwoAuctions:
    hand = _hand(rules, deal.seed)
    return TwoAuctions(
        rules, deal, hand,
        _advice(rules, hand, (deal.partner_bid, deal.over)),
        _advice(rules, hand, (None, deal.partner_bid)),
    )  # fmt: skip


def noticeable(rules: RuleSet) -> int:
    """The least difference of meld or trick points the worked deal calls a difference:
    one raise, and at least a 25th of the hand's trick points (classic 10, double deck 2)."""
    return max(rules.bid_increment, rules.total_trick_points // 25)


def _illustrates(two: TwoAuctions) -> bool:
    """Whether the deal can be compared and shows the lesson: the coach names the same
    trump in both auctions (so the two counts are of one hand), its deals do not give
    the side noticeably less meld after the partner's bid than after the pass (the noise
    of two draws of deals, which the lesson would have to explain away), and its verdict
    differs between them (a pass accepted in one and not the other, or top bids apart)."""
    a, b = two.with_bid.accepted, two.with_pass.accepted
    same = two.with_bid.best.trump == two.with_pass.best.trump
    gap = two.with_bid.best.mean_side_meld - two.with_pass.best.mean_side_meld
    return same and gap > -noticeable(two.rules) and (a.pass_ok != b.pass_ok or a.limit != b.limit)


@cache
def two_auctions(rules: RuleSet) -> TwoAuctions:
    """The worked deal under ``rules`` (see :func:`partner_call_rules`): a preset's own
    (:data:`PARTNER_CALL_DEALS`; house rules that change only the game's target use
    their preset's), else the first of :data:`SEARCH` seeds that illustrates the lesson
    with the partner opening at the lowest bid and the right opponent one raise over it
    (seed 0 if none does)."""
    r = partner_call_rules(rules)
    deal = PARTNER_CALL_DEALS.get(preset_name(r) or "")
    if deal is not None:
        return _two(r, deal)
    level = r.opening_bid
    over = level + r.bid_increment
    for seed in range(SEARCH):
        two = _two(r, PartnerCallDeal(seed, level, over))
        if _illustrates(two):
            return two
    return _two(r, PartnerCallDeal(0, level, over))


@cache
def _words() -> dict[str, Said]:
    return read_sentences(WORDS_FILE, text_file(WORDS_FILE), STEP_FIELDS, "a sentence of the deal")


def _say(name: str, rules: RuleSet, **values: object) -> str:
    return _words()[name].under(rules).format(**values)


def _signed(x: float) -> str:
    """A score difference as the sentence says it: ``+19``, ``-12``, ``0``."""
    n = round(x)
    return f"+{n}" if n > 0 else str(n)


def _count(
    advice: BidAdvice, rules: RuleSet
) -> tuple[str, tuple[int, ...], tuple[tuple[str, ...], ...]]:
    """The coach's count for the best trump: a sentence with the total against the bid,
    and a table of its parts (the learner's meld, what the partner passes, the partner's
    meld, the side's meld they add up to, the trick points), its first row the columns."""
    o = advice.best
    meld, tricks = round(o.mean_side_meld), round(o.mean_tricks)
    # The parts are shown rounded and must add up to the side's meld shown: the exchange's
    # share takes what rounding leaves (your meld is exact, the other two are averages).
    partner = round(o.mean_partner_meld)
    from_pass = meld - o.meld - partner
    text = _say(
        "count", rules, trump=o.trump.plural, deals=o.deals, count=meld + tricks,
        min_bid=advice.min_bid, chance=chance_words(o.make_chance(advice.min_bid)),
    )  # fmt: skip
    table = (
        (_say("count_column_part", rules), _say("count_column_points", rules)),
        (_say("count_row_meld", rules), str(o.meld)),
        (_say("count_row_from_pass", rules, exchange_size=rules.exchange_size), str(from_pass)),
        (_say("count_row_partner_meld", rules), str(partner)),
        (_say("count_row_side_meld", rules), str(meld)),
        (_say("count_row_tricks", rules, total=rules.total_trick_points), str(tricks)),
        (_say("count_row_count", rules), str(meld + tricks)),
    )
    return text, (o.deals, meld, o.meld, from_pass, rules.exchange_size, partner, tricks,
                  rules.total_trick_points, meld + tricks, advice.min_bid), table  # fmt: skip


def _evaluation(advice: BidAdvice) -> BidEvaluation:
    assert advice.evaluation is not None  # advise_bid keeps its evaluation
    return advice.evaluation


Rows = tuple[tuple[str, str], ...]


def _passing(advice: BidAdvice, rules: RuleSet, partner_in: bool) -> tuple[str, tuple[int, ...], Rows]:
    """What a pass gives: who declares on the coach's deals if this seat passes; and the
    calls' table's first rows, passing's average score against holding the lowest bid."""
    ev = _evaluation(advice)
    lowest = advice.min_bid
    held, passed = ev.best.expected_score(lowest), ev.pass_score(lowest)
    numbers = (round(passed), round(held), lowest)
    rows = (
        (_say("calls_row_pass", rules), _signed(passed)),
        (_say("calls_row_hold", rules, min_bid=lowest), _signed(held)),
    )
    share = round(10 * ev.passing.partner_declares)
    if partner_in and share > 0:
        return _say("pass_partner", rules, share=share), (share, 10, *numbers), rows
    return _say("pass_opponents", rules), numbers, rows


def _verdict(advice: BidAdvice, rules: RuleSet) -> tuple[str, tuple[int, ...], Rows]:
    """The coach's call; where it bids, how high, and (when passing then pays better)
    the calls' table's rows one bid above its limit."""
    a = advice.accepted
    ev = _evaluation(advice)
    if a.limit is not None:
        once = "verdict_bid" if a.limit > a.min_bid else "verdict_bid_once"
        name = "verdict_bid_pass_ok" if a.pass_ok else once
        above = a.limit + rules.bid_increment
        hold, passed = ev.best.expected_score(above), ev.pass_score(above)
        text = _say(name, rules, min_bid=a.min_bid, limit=a.limit, above=above)
        if round(passed) <= round(hold) or above > rules.max_bid:  # nothing to show there
            return text.split(" Above ", 1)[0], (a.min_bid, a.limit), ()
        rows = (
            (_say("calls_row_pass_above", rules, above=above), _signed(passed)),
            (_say("calls_row_hold_above", rules, above=above), _signed(hold)),
        )
        return text, (a.min_bid, a.limit, above, round(passed), round(hold)), rows
    if a.high is not None:
        return _say("verdict_pass_bid_ok", rules, min_bid=a.min_bid, high=a.high), (
            a.min_bid, a.high), ()  # fmt: skip
    return _say("verdict_pass", rules, min_bid=a.min_bid), (a.min_bid,), ()


def _calls(
    advice: BidAdvice, rules: RuleSet, partner_in: bool
) -> tuple[str, tuple[int, ...], tuple[tuple[str, ...], ...]]:
    """The call's step: whether your partner can still call, what a pass gives and the
    coach's call, with a table of what each call scores on the coach's deals (your side's
    score less the opponents', on average), its first row the columns."""
    still = _say("partner_still_in" if partner_in else "partner_out", rules)
    passing, pass_numbers, pass_rows = _passing(advice, rules, partner_in)
    verdict, verdict_numbers, verdict_rows = _verdict(advice, rules)
    head = (_say("calls_column_call", rules), _say("calls_column_score", rules))
    return (
        f"{still} {passing} {verdict}",
        (*pass_numbers, *verdict_numbers),
        (head, *pass_rows, *verdict_rows),
    )


def _top(advice: BidAdvice) -> str:
    limit = advice.accepted.limit
    return "pass" if limit is None else str(limit)


def _sides(two: TwoAuctions) -> tuple[str, tuple[int, ...]]:
    """The two auctions' counts side by side, with one trump (:func:`_illustrates`)."""
    r = two.rules
    b, p = two.with_bid.best, two.with_pass.best
    meld_b, meld_p = round(b.mean_side_meld), round(p.mean_side_meld)
    tricks_b, tricks_p = round(b.mean_tricks), round(p.mean_tricks)
    step = noticeable(r)
    dt, dm = tricks_b - tricks_p, meld_b - meld_p
    tricks = "tricks_more" if dt >= step else "tricks_less" if dt <= -step else "tricks_same"
    trick_words = _say(tricks, r, difference=abs(dt), tricks_bid=tricks_b,
                       tricks_pass=tricks_p)  # fmt: skip
    meld = "meld_more" if dm >= step else "meld_same"
    text = _say(meld, r, trump=b.trump.plural, difference=abs(dm),
                side_meld_bid=meld_b, side_meld_pass=meld_p, trick_words=trick_words)  # fmt: skip
    return text, (abs(dm), meld_b, meld_p, abs(dt), tricks_b, tricks_p)


def partner_call_example(rules: RuleSet = CLASSIC) -> WorkedExample:
    """The worked deal as steps: the hand; the first auction (the partner bids) and the
    coach's count, then what a pass gives and the coach's call; the second (the partner
    passes), the same two steps; and the two side by side, each sentence said only where
    the numbers bear it out."""
    two = two_auctions(rules)
    r = two.rules
    steps: list[WorkedStep] = []
    if not rules.partnerships:
        steps.append(WorkedStep(_say("alone_note", rules)))
    trump = two.with_bid.best.trump
    mine = meld_points(two.hand, trump, r)
    steps.append(
        WorkedStep(
            _say("hand", r, hand=cards_text(two.hand), trump=trump.plural, meld=mine),
            cards=two.hand, numbers=(mine,),
        )
    )  # fmt: skip
    d = two.deal
    for advice, head, over in (
        (two.with_bid, "with_bid", d.over),
        (two.with_pass, "with_pass", d.partner_bid),
    ):
        said = _say(head, r, partner_bid=d.partner_bid, over=over, min_bid=advice.min_bid)
        count, count_numbers, count_table = _count(advice, r)
        calls, call_numbers, call_table = _calls(advice, r, head == "with_bid")
        steps += [
            WorkedStep(f"{said} {count}", cards=two.hand, table=count_table,
                       numbers=(d.partner_bid, over, advice.min_bid, *count_numbers)),
            WorkedStep(calls, cards=two.hand, numbers=call_numbers, table=call_table),
        ]  # fmt: skip
    sides, side_numbers = _sides(two)
    share = opening_share(r)
    shows = _say("opening_shows", r, share=share, opening_bid=r.opening_bid)
    passes = tuple(_evaluation(a).pass_score(a.min_bid) for a in (two.with_bid, two.with_pass))
    compare = _say(
        "compare", r, limit_bid=_top(two.with_bid), limit_pass=_top(two.with_pass),
        pass_bid=_signed(passes[0]), pass_pass=_signed(passes[1]),
    )  # fmt: skip
    limits = tuple(a.accepted.limit for a in (two.with_bid, two.with_pass))
    top_bid, top_pass = (-1 if x is None else x for x in limits)
    count_bid, count_pass = (
        a.best.mean_side_meld + a.best.mean_tricks for a in (two.with_bid, two.with_pass)
    )
    if top_pass > top_bid and count_pass <= count_bid and passes[1] < passes[0]:
        compare += " " + _say("higher_after_pass", r)
    elif top_bid > top_pass and count_bid > count_pass:
        compare += " " + _say("higher_after_bid", r)
    steps.append(
        WorkedStep(
            f"{sides} {shows} {compare}",
            numbers=(*side_numbers, share, 100, r.opening_bid, *(x for x in limits if x),
                     *(round(x) for x in passes)),
        )
    )  # fmt: skip
    return WorkedExample("One hand, two auctions", r, tuple(steps))
