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
from pinochle_tutor.coach.bid import BidAdvice, advise_bid
from pinochle_tutor.course.content import Said, read_sentences, text_file
from pinochle_tutor.course.worked.steps import WorkedExample, WorkedStep
from pinochle_tutor.deal import make_deck
from pinochle_tutor.explain.bidding import chance_words
from pinochle_tutor.hands import counts_of
from pinochle_tutor.meld import meld_points
from pinochle_tutor.rules import CLASSIC, PRESETS, RuleSet
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

_COUNT = ("deals", "side_meld", "exchange_size", "tricks", "total", "count", "min_bid", "chance")
STEP_FIELDS: Mapping[str, tuple[str, ...]] = {
    "hand": ("hand", "trump", "meld"),
    "with_bid": ("partner_bid", "over", "min_bid"),
    "with_pass": ("over", "min_bid"),
    "count": _COUNT,
    "partner_still_in": (),
    "partner_out": (),
    "verdict_bid": ("min_bid", "limit", "above", "above_chance"),
    "verdict_bid_once": ("min_bid", "above", "above_chance"),
    "verdict_bid_pass_ok": ("min_bid", "limit", "above", "above_chance"),
    "verdict_pass": ("min_bid",),
    "verdict_pass_bid_ok": ("min_bid", "high"),
    "meld_more": ("difference", "side_meld_bid", "side_meld_pass"),
    "meld_less": ("side_meld_bid", "side_meld_pass"),
    "compare": ("limit_bid", "limit_pass"),
    "opening_shows": ("share", "opening_bid"),
    "alone_note": ("rules_name",),
}
"""Every sentence of the worked deal, by name, with the numbers it may say."""


@dataclass(frozen=True)
class PartnerCallDeal:
    """The worked deal of one rule set: the seed that deals the learner's hand, the
    partner's opening bid and the right opponent's bid over it."""

    seed: int
    partner_bid: int
    over: int


PARTNER_CALL_DEALS: dict[str, PartnerCallDeal] = {
    "classic": PartnerCallDeal(3, 250, 280),
    "double_deck": PartnerCallDeal(14, 74, 80),
}
"""Each partnership preset's worked deal (found by :func:`_illustrates` over seeds from 0,
at these levels): the coach's verdict differs between the two auctions, and the partner's
bid raises the side's meld on its deals. Another rule set searches the same way."""

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
        _advice(rules, hand, (None, deal.over)),
    )  # fmt: skip


def _illustrates(two: TwoAuctions) -> bool:
    """Whether the deal shows both halves of the lesson: the partner's bid raises the
    side's meld on the coach's deals, and the coach's verdict differs between the two
    auctions (a pass accepted in one and not the other, or top bids apart)."""
    a, b = two.with_bid.accepted, two.with_pass.accepted
    raised = two.with_bid.best.mean_side_meld > two.with_pass.best.mean_side_meld
    return raised and (a.pass_ok != b.pass_ok or a.limit != b.limit)


@cache
def two_auctions(rules: RuleSet) -> TwoAuctions:
    """The worked deal under ``rules`` (see :func:`partner_call_rules`): a preset's own
    (:data:`PARTNER_CALL_DEALS`; house rules that change only the game's target use
    their preset's), else the first of :data:`SEARCH` seeds that illustrates the lesson
    with the partner opening at the lowest bid and the right opponent three increments
    over it (seed 0 if none does)."""
    r = partner_call_rules(rules)
    for name, deal in PARTNER_CALL_DEALS.items():
        preset = PRESETS[name]
        if r.with_settings(target=preset.target) == preset:
            return _two(r, deal)
    level = r.opening_bid
    over = level + 3 * r.bid_increment
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


def _count(advice: BidAdvice, rules: RuleSet) -> tuple[str, tuple[int, ...]]:
    o = advice.best
    meld, tricks = round(o.mean_side_meld), round(o.mean_tricks)
    text = _say(
        "count", rules, deals=o.deals, side_meld=meld, exchange_size=rules.exchange_size,
        tricks=tricks, total=rules.total_trick_points, count=meld + tricks,
        min_bid=advice.min_bid, chance=chance_words(o.make_chance(advice.min_bid)),
    )  # fmt: skip
    return text, (o.deals, meld, rules.exchange_size, tricks, rules.total_trick_points,
                  meld + tricks, advice.min_bid)  # fmt: skip


def _verdict(advice: BidAdvice, rules: RuleSet) -> tuple[str, tuple[int, ...]]:
    a = advice.accepted
    if a.limit is not None:
        once = "verdict_bid" if a.limit > a.min_bid else "verdict_bid_once"
        name = "verdict_bid_pass_ok" if a.pass_ok else once
        above = a.limit + rules.bid_increment
        chance = chance_words(advice.best.make_chance(above))
        text = _say(name, rules, min_bid=a.min_bid, limit=a.limit, above=above, above_chance=chance)
        return text, (a.min_bid, a.limit, above)
    if a.high is not None:
        return _say("verdict_pass_bid_ok", rules, min_bid=a.min_bid, high=a.high), (
            a.min_bid, a.high)  # fmt: skip
    return _say("verdict_pass", rules, min_bid=a.min_bid), (a.min_bid,)


def _top(advice: BidAdvice) -> str:
    limit = advice.accepted.limit
    return "pass" if limit is None else str(limit)


def partner_call_example(rules: RuleSet = CLASSIC) -> WorkedExample:
    """The worked deal as steps: the hand; the first auction (the partner bids), the
    coach's count and verdict; the second (the partner passes), the same; and what the
    two show side by side, each sentence said only when the numbers bear it out."""
    two = two_auctions(rules)
    r = two.rules
    steps: list[WorkedStep] = []
    if not rules.partnerships:
        steps.append(WorkedStep(_say("alone_note", rules, rules_name=rules.name.replace("_", "-"))))
    trump = two.with_bid.best.trump
    mine = meld_points(two.hand, trump, r)
    steps.append(
        WorkedStep(
            _say("hand", r, hand=cards_text(two.hand), trump=trump.plural, meld=mine),
            cards=two.hand, numbers=(mine,),
        )
    )  # fmt: skip
    for advice, head, still in (
        (two.with_bid, "with_bid", "partner_still_in"),
        (two.with_pass, "with_pass", "partner_out"),
    ):
        d = two.deal
        said = _say(head, r, partner_bid=d.partner_bid, over=d.over, min_bid=advice.min_bid)
        count, count_numbers = _count(advice, r)
        verdict, verdict_numbers = _verdict(advice, r)
        steps.append(
            WorkedStep(
                f"{said} {count} {_say(still, r)} {verdict}", cards=two.hand,
                numbers=(d.partner_bid, d.over, advice.min_bid, *count_numbers, *verdict_numbers),
            )
        )  # fmt: skip
    bid_meld = round(two.with_bid.best.mean_side_meld)
    pass_meld = round(two.with_pass.best.mean_side_meld)
    if bid_meld > pass_meld:
        meld_line = _say("meld_more", r, difference=bid_meld - pass_meld,
                         side_meld_bid=bid_meld, side_meld_pass=pass_meld)  # fmt: skip
    else:
        meld_line = _say("meld_less", r, side_meld_bid=bid_meld, side_meld_pass=pass_meld)
    compare = _say("compare", r, limit_bid=_top(two.with_bid), limit_pass=_top(two.with_pass))
    limits = tuple(a.accepted.limit for a in (two.with_bid, two.with_pass))
    share = opening_share(r)
    shows = _say("opening_shows", r, share=share, opening_bid=r.opening_bid)
    steps.append(
        WorkedStep(
            f"{meld_line} {shows} {compare}",
            numbers=(bid_meld, pass_meld, bid_meld - pass_meld, *(x for x in limits if x),
                     share, 100, r.opening_bid),
        )
    )  # fmt: skip
    return WorkedExample("One hand, two auctions", r, tuple(steps))
