"""Generators: fresh quiz items from a seed, steered toward the rule cases a learner misses.

:func:`generate` picks a rule case for the kind and level (or one of the
learner's weak ones), deals a position aimed at it from the deck of the rules in
force, and retries until the engine finds that rule case in the position. The
generator, not the item, computes the item's rule cases: a generated item
declares exactly the cases :func:`~pinochle_tutor.course.quiz.rule_cases.rules_of`
finds in it.

>>> item = generate("meld", seed=7, level=2)
>>> item.id.startswith("gen-meld-2-7-"), item == generate("meld", seed=7, level=2)
(True, True)
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import math
import random
from collections.abc import Callable, Iterable

from pinochle_tutor.auction import Auction
from pinochle_tutor.cards import Card, Rank, Suit, all_cards
from pinochle_tutor.coach.bid import heuristic_limit
from pinochle_tutor.coach.play import principle_fits
from pinochle_tutor.course.quiz import bidding
from pinochle_tutor.course.quiz.items import (
    BidQuiz,
    CallQuiz,
    CountersQuiz,
    GameQuiz,
    MeldQuiz,
    PassQuiz,
    PlayQuiz,
    QuizItem,
    ScoreQuiz,
    TrickQuiz,
    WinnerQuiz,
    trick_point_step,
)
from pinochle_tutor.course.quiz.rule_cases import PRINCIPLE_RULES as _PRINCIPLE_RULES
from pinochle_tutor.course.quiz.rule_cases import rules_of
from pinochle_tutor.course.quiz.vocabulary import QuizKind, QuizRule, rule_applies
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain import explain_legal
from pinochle_tutor.game import Hand
from pinochle_tutor.hands import counts_of
from pinochle_tutor.meld import meld_points
from pinochle_tutor.rules import (
    CLASSIC,
    PRESETS,
    InvalidRulesError,
    RuleSet,
    rules_named,
)
from pinochle_tutor.sim.policy import HeuristicPlayer
from pinochle_tutor.tricks import trick_winner
from pinochle_tutor.view import Phase

__all__ = ["ATTEMPTS", "InvalidLevelError", "QuizRequestError", "generate"]


class InvalidLevelError(PinochleError):
    """A quiz level that does not exist (levels are 1, 2 and 3)."""


class QuizRequestError(PinochleError):
    """A request for a generated item that cannot be met under the rules in force:
    no rule case of the kind and level can occur (see :func:`rule_applies`), or no
    position dealt within :data:`ATTEMPTS` showed one."""


_POOLS: dict[QuizKind, dict[int, tuple[QuizRule, ...]]] = {
    QuizKind.MELD: {
        1: (
            QuizRule.MELD_RUN, QuizRule.MELD_ROYAL_MARRIAGE, QuizRule.MELD_MARRIAGE,
            QuizRule.MELD_DIX, QuizRule.MELD_ACES_AROUND, QuizRule.MELD_KINGS_AROUND,
            QuizRule.MELD_QUEENS_AROUND, QuizRule.MELD_JACKS_AROUND, QuizRule.MELD_PINOCHLE,
            QuizRule.MELD_NONE,
        ),
        2: (
            QuizRule.MELD_RUN, QuizRule.MELD_RUN_ROYAL, QuizRule.MELD_ROYAL_MARRIAGE,
            QuizRule.MELD_MARRIAGE, QuizRule.MELD_DIX, QuizRule.MELD_ACES_AROUND,
            QuizRule.MELD_KINGS_AROUND, QuizRule.MELD_QUEENS_AROUND, QuizRule.MELD_JACKS_AROUND,
            QuizRule.MELD_PINOCHLE, QuizRule.MELD_SHARED_CARD, QuizRule.MELD_DOUBLE_PINOCHLE,
        ),
        3: (
            QuizRule.MELD_DOUBLE_RUN, QuizRule.MELD_RUN_ROYAL, QuizRule.MELD_RUN_LONE_EXTRA,
            QuizRule.MELD_DOUBLE_AROUND, QuizRule.MELD_DOUBLE_PINOCHLE, QuizRule.MELD_SHARED_CARD,
            QuizRule.MELD_INCOMPLETE_DOUBLE,
        ),
    },
    QuizKind.TRICK: {
        1: (QuizRule.TRICK_LEAD, QuizRule.TRICK_FOLLOW_SUIT, QuizRule.TRICK_TRUMP, QuizRule.TRICK_DISCARD),
        2: (
            QuizRule.TRICK_FOLLOW_SUIT, QuizRule.TRICK_BEAT, QuizRule.TRICK_TRUMP,
            QuizRule.TRICK_OVER_TRUMP, QuizRule.TRICK_DISCARD,
        ),
        3: (
            QuizRule.TRICK_BEAT, QuizRule.TRICK_OVER_TRUMP, QuizRule.TRICK_PARTNER_WINNING,
            QuizRule.TRICK_TRUMPED,
        ),
    },
    QuizKind.SCORE: {
        1: (QuizRule.SCORE_MADE, QuizRule.SCORE_MISSED),
        2: (QuizRule.SCORE_MADE, QuizRule.SCORE_MISSED, QuizRule.SCORE_SET, QuizRule.SCORE_DEFENDERS),
        3: (
            QuizRule.SCORE_SET, QuizRule.SCORE_MELD_SAVE, QuizRule.SCORE_CONCESSION,
            QuizRule.SCORE_DEFENDERS, QuizRule.SCORE_MISSED,
        ),
    },
    QuizKind.BID: {
        1: (QuizRule.BID_OPEN,),
        2: (QuizRule.BID_OPEN, QuizRule.BID_RAISE),
        3: (QuizRule.BID_RAISE, QuizRule.BID_PASS),
    },
    QuizKind.WINNER: {
        1: (QuizRule.WINNER_LED_SUIT, QuizRule.WINNER_TRUMP),
        2: (QuizRule.WINNER_LED_SUIT, QuizRule.WINNER_TRUMP, QuizRule.WINNER_FIRST_IDENTICAL),
        3: (QuizRule.WINNER_FIRST_IDENTICAL, QuizRule.WINNER_TRUMP, QuizRule.WINNER_LED_SUIT),
    },
    QuizKind.COUNTERS: {
        1: (QuizRule.COUNTERS_CARDS, QuizRule.COUNTERS_NONE),
        2: (QuizRule.COUNTERS_CARDS, QuizRule.COUNTERS_LAST_TRICK, QuizRule.COUNTERS_NONE),
        3: (QuizRule.COUNTERS_CARDS, QuizRule.COUNTERS_LAST_TRICK),
    },
    QuizKind.CALL: {
        1: (QuizRule.CALL_LEGAL, QuizRule.CALL_OPENING, QuizRule.CALL_PASS_FINAL),
        2: (
            QuizRule.CALL_LEGAL, QuizRule.CALL_OPENING, QuizRule.CALL_INCREMENT,
            QuizRule.CALL_RAISE, QuizRule.CALL_PASS_FINAL,
        ),
        3: (QuizRule.CALL_RAISE, QuizRule.CALL_INCREMENT, QuizRule.CALL_PASS_FINAL, QuizRule.CALL_LEGAL),
    },
    QuizKind.PLAY: {
        1: (
            QuizRule.PLAY_CASH_SURE_WINNER, QuizRule.PLAY_CHEAPEST_WINNER, QuizRule.PLAY_SAVE_COUNTER,
            QuizRule.PLAY_FEED_PARTNER, QuizRule.PLAY_NUMBERS,
        ),
        2: (
            QuizRule.PLAY_DRAW_TRUMP, QuizRule.PLAY_KEEP_GUARD,
            QuizRule.PLAY_CHEAPEST_WINNER, QuizRule.PLAY_FEED_PARTNER,
        ),
        3: (
            QuizRule.PLAY_TRACK_BOTH_COPIES, QuizRule.PLAY_REMEMBER_EXPOSED_MELD,
            QuizRule.PLAY_LEAD_TO_PARTNER_VOID, QuizRule.PLAY_KEEP_GUARD,
            QuizRule.PLAY_CHEAPEST_WINNER, QuizRule.PLAY_CASH_SURE_WINNER, QuizRule.PLAY_NUMBERS,
        ),
    },
    QuizKind.PASS: {
        1: (QuizRule.PASS_COUNT, QuizRule.PASS_KEEP_MELD),
        2: (QuizRule.PASS_KEEP_MELD, QuizRule.PASS_RETURN, QuizRule.PASS_DISCARD),
        3: (QuizRule.PASS_RETURN, QuizRule.PASS_DISCARD, QuizRule.PASS_KEEP_MELD),
    },
    QuizKind.GAME: {
        1: (QuizRule.GAME_NOT_REACHED, QuizRule.GAME_REACHED),
        2: (QuizRule.GAME_NOT_REACHED, QuizRule.GAME_REACHED, QuizRule.GAME_BIDDERS_FIRST),
        3: (QuizRule.GAME_BIDDERS_FIRST, QuizRule.GAME_HIGHEST, QuizRule.GAME_REACHED),
    },
}  # fmt: skip

_RUN_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
_AROUND_RULE = {
    QuizRule.MELD_ACES_AROUND: Rank.ACE,
    QuizRule.MELD_KINGS_AROUND: Rank.KING,
    QuizRule.MELD_QUEENS_AROUND: Rank.QUEEN,
    QuizRule.MELD_JACKS_AROUND: Rank.JACK,
}
_QS = Card(Suit.SPADES, Rank.QUEEN)
_JD = Card(Suit.DIAMONDS, Rank.JACK)


@functools.lru_cache(maxsize=16)
def _deck(rules: RuleSet) -> tuple[Card, ...]:
    """Every card of the deck of ``rules`` (each as many times as the deck holds it)."""
    return tuple(c for c in all_cards() if c.rank in rules.ranks for _ in range(rules.copies))


def _copies(rng: random.Random, rules: RuleSet) -> int:
    """How many complete sets a double (or triple, quadruple) meld uses."""
    return 2 if rules.copies <= 2 else rng.randint(2, rules.copies)


def _take(pool: list[Card], cards: Iterable[Card]) -> list[Card]:
    taken = []
    for c in cards:
        pool.remove(c)
        taken.append(c)
    return taken


def _meld_core(rng: random.Random, target: QuizRule, t: Suit, rules: RuleSet) -> list[Card]:
    run = [Card(t, r) for r in _RUN_RANKS]
    kq = [Card(t, Rank.KING), Card(t, Rank.QUEEN)]
    if target is QuizRule.MELD_RUN:
        return run
    if target is QuizRule.MELD_DOUBLE_RUN:
        return run * _copies(rng, rules)
    if target is QuizRule.MELD_RUN_ROYAL:
        return run + kq
    if target is QuizRule.MELD_RUN_LONE_EXTRA:
        return [*run, rng.choice(kq)]
    if target is QuizRule.MELD_ROYAL_MARRIAGE:
        return kq
    if target is QuizRule.MELD_MARRIAGE:
        s = rng.choice([x for x in Suit if x != t])
        return [Card(s, Rank.KING), Card(s, Rank.QUEEN)]
    if target is QuizRule.MELD_DIX:
        return [Card(t, Rank.NINE)]
    if target in _AROUND_RULE:
        return [Card(s, _AROUND_RULE[target]) for s in Suit]
    if target is QuizRule.MELD_DOUBLE_AROUND:
        rank = rng.choice(list(_AROUND_RULE.values()))
        return [Card(s, rank) for s in Suit] * _copies(rng, rules)
    if target is QuizRule.MELD_PINOCHLE:
        return [_QS, _JD]
    if target is QuizRule.MELD_DOUBLE_PINOCHLE:
        return [_QS, _JD] * _copies(rng, rules)
    if target is QuizRule.MELD_SHARED_CARD:
        choices = [
            [Card(Suit.SPADES, Rank.KING), _QS, _JD],
            [*(Card(s, Rank.QUEEN) for s in Suit), Card(Suit.SPADES, Rank.KING)],
            [*(Card(s, Rank.QUEEN) for s in Suit), _JD],
        ]
        return rng.choice(choices)
    if target is QuizRule.MELD_INCOMPLETE_DOUBLE:
        if rng.random() < 0.5:
            return rng.choice([[_QS, _QS, _JD], [_QS, _JD, _JD]])
        rank = rng.choice(list(_AROUND_RULE.values()))
        short = rng.choice(list(Suit))
        return [Card(s, rank) for s in Suit] + [Card(s, rank) for s in Suit if s != short]
    return []


def _build_meld(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> MeldQuiz:
    t = rng.choice(list(Suit))
    pool = list(_deck(rules))
    hand = _take(pool, _meld_core(rng, target, t, rules))
    n = rules.hand_size
    # Level 1: a part of a hand (5 to 8 cards of 12); later levels: a whole hand.
    size = max(len(hand), rng.randint(n * 5 // 12, n * 8 // 12) if level == 1 else n)
    rng.shuffle(pool)
    while len(hand) < size and pool:
        card = pool.pop()
        if target is QuizRule.MELD_NONE and meld_points([*hand, card], t, rules):
            continue
        hand.append(card)
    hand.sort(key=lambda c: c.order)
    return MeldQuiz(id="", hand=tuple(hand), trump=t, level=level, rule_set=rules)


def _build_trick(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> TrickQuiz:
    t = rng.choice(list(Suit))
    size = {1: rng.randint(4, 6), 2: rng.randint(6, 9), 3: rng.randint(8, 12)}[level]
    size = min(size, rules.hand_size)
    most = rules.players - 1  # cards already played when the learner is last to play
    pool = list(_deck(rules))
    rng.shuffle(pool)
    if target is QuizRule.TRICK_LEAD:
        hand = pool[:size]
        trick: list[Card] = []
    else:
        follow = target in (QuizRule.TRICK_FOLLOW_SUIT, QuizRule.TRICK_BEAT)
        led_suit = t if follow and rng.random() < 0.2 else rng.choice([s for s in Suit if s != t])
        n = 1 if level == 1 else rng.randint(1, min(3 if level == 3 else 2, most))
        if target is QuizRule.TRICK_PARTNER_WINNING:
            n = rng.randint(2, most)
        if target in (QuizRule.TRICK_TRUMPED, QuizRule.TRICK_OVER_TRUMP):
            n = max(n, 2)
        led = next(c for c in pool if c.suit == led_suit)
        trick = _take(pool, [led])
        while len(trick) < n:
            must_trump = target in (QuizRule.TRICK_TRUMPED, QuizRule.TRICK_OVER_TRUMP)
            if must_trump and len(trick) == n - 1 and all(c.suit != t for c in trick):
                nxt = next(c for c in pool if c.suit == t)
            elif rng.random() < 0.5:
                nxt = next(c for c in pool if c.suit == led_suit)
            else:
                nxt = pool[0]
            trick += _take(pool, [nxt])
        void: set[Suit] = set()
        if target in (QuizRule.TRICK_TRUMP, QuizRule.TRICK_OVER_TRUMP, QuizRule.TRICK_DISCARD):
            void.add(led_suit)
        if target is QuizRule.TRICK_DISCARD:
            void.add(t)
        allowed = [c for c in pool if c.suit not in void]
        hand = allowed[:size]
        need: Suit | None = None
        if target in (QuizRule.TRICK_FOLLOW_SUIT, QuizRule.TRICK_BEAT, QuizRule.TRICK_TRUMPED):
            need = led_suit
        elif target in (QuizRule.TRICK_TRUMP, QuizRule.TRICK_OVER_TRUMP):
            need = t
        if need is not None and all(c.suit != need for c in hand):
            extra = next((c for c in allowed[size:] if c.suit == need), None)
            if extra is not None:
                hand = [*hand[:-1], extra]
    hand.sort(key=lambda c: c.order)
    card: Card | None = None
    if rng.random() < (0.7 if level == 1 else 0.4):
        legal = set(explain_legal(tuple(hand), tuple(trick), t, rules).legal)
        distinct = sorted(set(hand))
        bad = [c for c in distinct if c not in legal]
        card = rng.choice(bad if bad and rng.random() < 0.5 else distinct)
    return TrickQuiz(
        id="",
        hand=tuple(hand),
        trick=tuple(trick),
        trump=t,
        card=card,
        level=level,
        rule_set=rules,
    )


def _meld_step(rules: RuleSet) -> int:
    """Meld totals come in multiples of this (10 classic, 2 double deck)."""
    mt = rules.meld_table
    return functools.reduce(math.gcd, (mt.royal_marriage, mt.marriage, mt.dix), 0) or 1


def _scaled(value: int, rules: RuleSet, step: int) -> int:
    """A classic number of points on the scale of ``rules`` (a multiple of ``step``)."""
    raw = value * rules.total_trick_points / CLASSIC.total_trick_points
    return max(step, round(raw / step) * step)


def _build_score(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> ScoreQuiz:
    # The classic numbers (bids 250-500, meld up to 300, 250 trick points in steps
    # of 10) scaled to the rule set: double deck bids 50-100, 50 trick points in
    # steps of 1. Without partnerships the "defenders" are one defender of two.
    total = rules.total_trick_points
    u = trick_point_step(rules)
    inc, opening = rules.bid_increment, rules.opening_bid
    ms = _meld_step(rules)
    top = opening + _scaled(100 if level == 1 else 250, rules, inc)
    bid = rng.randrange(opening, top + 1, inc)
    if level > 1:
        meld = rng.randrange(0, _scaled(310, rules, ms), ms)
    else:
        meld = rng.randrange(_scaled(40, rules, ms), _scaled(250, rules, ms), ms)
    low_meld = _scaled(20, rules, ms)
    d_meld = 0 if rng.random() < 0.25 else rng.randrange(low_meld, _scaled(250, rules, ms), ms)
    ask = "bidders"
    if target is QuizRule.SCORE_DEFENDERS or (level == 3 and rng.random() < 0.3):
        ask = "defenders"
    conceded = False
    if target is QuizRule.SCORE_MADE:
        if bid - meld > total:  # few trick points or a high bid: only more meld makes it
            meld = -(-(bid - total) // ms) * ms
        lo = max(u, bid - meld)
        bt = rng.randrange(lo - lo % u, total + 1, u) if lo <= total else total
    elif target is QuizRule.SCORE_MISSED:
        hi = min(total, bid - meld - u)
        bt = rng.randrange(u, hi + 1, u) if hi >= u else u
    elif target is QuizRule.SCORE_SET:
        bt = 0
    elif target is QuizRule.SCORE_MELD_SAVE:
        if rng.random() < 0.5:
            bt, ask, d_meld = total, "defenders", max(d_meld, low_meld)
        else:
            bt, ask, meld = 0, "bidders", max(meld, low_meld)
    elif target is QuizRule.SCORE_CONCESSION:
        bt, conceded = 0, True
    else:
        bt = rng.randrange(0, total + 1, u)
    if conceded:
        dt = 0
    elif rules.partnerships:
        dt = total - bt
    else:  # one defender's share of what the declarer did not take
        dt = rng.randrange(0, total - bt + 1, u)
    return ScoreQuiz(
        id="", bid=bid, bidder_meld=meld, bidder_tricks=bt, defender_meld=d_meld,
        defender_tricks=dt, conceded=conceded, ask=ask, level=level, rule_set=rules,
    )  # fmt: skip


def _prior_calls(
    rng: random.Random, high: int, level: int, rules: RuleSet
) -> tuple[int | None, ...]:
    """Calls by the seats before the learner (seat 0) in the first round, the
    highest of them ``high`` by an opponent."""
    n = rules.players
    k = rng.randint(1, min(3 if level == 3 else 2, n - 1))
    calls: list[int | None] = [None] * k
    # Seat of call i is i - k (mod players); the learner's partner (if any) is not an opponent.
    partner = rules.partner(0)
    top = rng.choice([i for i in range(k) if (i - k) % n != partner])
    calls[top] = high
    opening, inc = rules.opening_bid, rules.bid_increment
    if level >= 2 and top > 0 and high - inc >= opening and rng.random() < 0.5:
        calls[rng.randrange(top)] = rng.randrange(opening, high, inc)
    return tuple(calls)


RAISE_DRAWS = 40
"""How many hands a raise question may deal, valued by the heuristic player's quick
limit (no simulation), before the bidding model is asked about one of them."""


def _bid_hand(rng: random.Random, target: QuizRule, rules: RuleSet) -> tuple[Card, ...]:
    """A hand for a bidding question aimed at ``target``. A raise needs a hand worth
    more than the opening bid, which few random hands are (one in four three-handed), so
    for a raise up to :data:`RAISE_DRAWS` hands are dealt and the first the heuristic
    player would bid past the opening on is kept (the last one if none): a cheap
    filter, so that the model's simulation runs on a likely hand only."""
    opening, inc = rules.opening_bid, rules.bid_increment
    pool = list(_deck(rules))
    for _ in range(RAISE_DRAWS if target is QuizRule.BID_RAISE else 1):
        rng.shuffle(pool)
        hand = tuple(sorted(pool[: rules.hand_size], key=lambda c: c.order))
        if target is not QuizRule.BID_RAISE:
            break
        if heuristic_limit(counts_of(list(hand), rules), rules) >= opening + inc:
            break
    return hand


def _build_bid(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> BidQuiz:
    hand = _bid_hand(rng, target, rules)
    o = bidding.outlook(tuple(sorted(hand)), rules)
    opening, inc = rules.opening_bid, rules.bid_increment
    jump = _scaled(10, rules, inc)  # how far past the hand's worth a "pass" auction goes
    calls: tuple[int | None, ...] = ()
    if target is QuizRule.BID_OPEN:
        # Everyone but the dealer passing ends the auction: at most players - 2 passes.
        calls = tuple([None] * rng.randint(0, 0 if level == 1 else min(2, rules.players - 2)))
    elif target is QuizRule.BID_RAISE and o.even is not None and o.even >= opening + inc:
        worth = o.sure if o.sure is not None and o.sure >= opening + inc else o.even
        calls = _prior_calls(rng, rng.randrange(opening, worth, inc), level, rules)
    elif target is QuizRule.BID_PASS:
        worth = max(o.even or opening, o.bold or opening)
        calls = _prior_calls(rng, worth + jump * rng.randint(0, 4), level, rules)
    dealer = (-len(calls) - 1) % rules.players
    return BidQuiz(id="", hand=hand, calls=calls, dealer=dealer, level=level, rule_set=rules)


def _build_winner(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> WinnerQuiz:
    t = rng.choice(list(Suit))
    n = rules.players
    pool = list(_deck(rules))
    rng.shuffle(pool)
    trump_led = level == 3 and target is QuizRule.WINNER_TRUMP and rng.random() < 0.3
    led_suit = t if trump_led else rng.choice([s for s in Suit if s != t])
    trick = _take(pool, [next(c for c in pool if c.suit == led_suit)])
    # Level 1 follows suit (one trump at most); later levels mix in other suits.
    off = {1: 0.0, 2: 0.3, 3: 0.45}[level]
    while len(trick) < n:
        r = rng.random()
        if target is QuizRule.WINNER_TRUMP and len(trick) == n - 1 and all(c.suit != t for c in trick):
            nxt = next(c for c in pool if c.suit == t)
        elif target is QuizRule.WINNER_LED_SUIT or r > off:
            nxt = next(c for c in pool if c.suit == led_suit) if r > off / 2 else pool[0]
        else:
            nxt = pool[0]
        if target is QuizRule.WINNER_LED_SUIT and nxt.suit == t and led_suit != t:
            nxt = next(c for c in pool if c.suit not in (t,))
        trick += _take(pool, [nxt])
    if target is QuizRule.WINNER_FIRST_IDENTICAL:
        win = trick[_winner_pos(trick, t)]
        later = [i for i in range(len(trick)) if trick[i] != win and i > trick.index(win)]
        if later and win in pool:
            trick[rng.choice(later)] = _take(pool, [win])[0]
    return WinnerQuiz(id="", trick=tuple(trick), trump=t, level=level, rule_set=rules)


def _winner_pos(trick: list[Card], trump: Suit) -> int:
    """The winning position of a trick, from the engine."""
    return trick_winner(trick, trump)


def _build_counters(
    rng: random.Random, level: int, target: QuizRule, rules: RuleSet
) -> CountersQuiz:
    n = rules.players
    pool = list(_deck(rules))
    if target is QuizRule.COUNTERS_NONE:
        pool = [c for c in pool if not rules.counter_points[c.rank]]
    rng.shuffle(pool)
    size = n if level < 3 else n * rng.randint(2, 3)
    cards = pool[:size]
    last = False
    if target is QuizRule.COUNTERS_LAST_TRICK:
        last = True
    elif level >= 2:
        last = rng.random() < 0.3
    return CountersQuiz(id="", cards=tuple(cards), last_trick=last, level=level, rule_set=rules)


def _auction_after(calls: list[int | None], dealer: int, rules: RuleSet) -> Auction | None:
    """The auction after ``calls``, or ``None`` if they are illegal or end it."""
    a = Auction(dealer, rules)
    try:
        for c in calls:
            a.call(c)
    except PinochleError:
        return None
    return None if a.is_over else a


def _build_call(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> CallQuiz:
    n = rules.players
    dealer = rng.randrange(n)
    inc, opening = rules.bid_increment, rules.opening_bid
    length = {1: rng.randint(0, 1), 2: rng.randint(1, 3), 3: rng.randint(3, 6)}[level]
    if target is QuizRule.CALL_OPENING:
        length = rng.randint(0, min(length, n - 2))
    calls: list[int | None] = []
    for _ in range(length):
        a = _auction_after(calls, dealer, rules)
        assert a is not None
        if target is QuizRule.CALL_OPENING:
            options: list[int | None] = [None]
        else:
            options = [None, a.min_bid + inc * rng.randint(0, 3)]
        made = rng.choice(options)
        if _auction_after([*calls, made], dealer, rules) is None:
            break
        calls.append(made)
    a = _auction_after(calls, dealer, rules)
    assert a is not None
    seat: int | None = None
    call: int | None
    if target is QuizRule.CALL_OPENING:
        call = max(inc, opening - inc * rng.randint(1, 5))
    elif target is QuizRule.CALL_INCREMENT:
        call = a.min_bid + inc * rng.randint(0, 2) + rng.randrange(1, inc) if inc > 1 else a.min_bid
    elif target is QuizRule.CALL_RAISE:
        high = a.high_bid if a.high_bid is not None else opening
        call = high - inc * rng.randint(0, 2)
    elif target is QuizRule.CALL_PASS_FINAL:
        passed = sorted(a.passed)
        seat = rng.choice(passed) if passed else None
        call = a.min_bid + inc * rng.randint(0, 3)
    else:
        call = None if rng.random() < 0.25 else a.min_bid + inc * rng.randint(0, 4)
    return CallQuiz(
        id="", calls=tuple(calls), dealer=dealer, call=call, seat=seat, level=level, rule_set=rules
    )


def _build_play(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> PlayQuiz:
    """A seeded deal and a moment of its trick play: early tricks at level 1, the
    middle at level 2, the last tricks (the coach solves them exactly) at level 3. The
    deal is played once by the heuristic players; of its decisions in that range with
    a real choice, the first where the aimed principle applies is kept (else one at
    random), so one dealt hand gives many candidate positions."""
    n = rules.players * rules.hand_size
    lo, hi = {1: (0, n // 4), 2: (n // 4, n * 2 // 3), 3: (n * 2 // 3, n - 2)}[level]
    seed, dealer = rng.randrange(2**31), rng.randrange(rules.players)
    h = Hand(dealer, rules, seed=seed)
    bot = HeuristicPlayer()
    choices: list[int] = []
    outside: int | None = None  # the aimed principle outside the level's range, kept as a fallback
    while h.phase is not Phase.DONE:
        played = sum(len(t.cards) for t in h.tricks) + len(h.trick)
        if h.phase is Phase.PLAY and len(set(h.legal_plays())) > 1:
            seat = h.to_act
            assert seat is not None
            fits = {_PRINCIPLE_RULES.get(f.principle) for f in principle_fits(h.view(seat))}
            aimed = target in fits or (target is QuizRule.PLAY_NUMBERS and fits <= {None})
            if lo <= played <= hi:
                choices.append(played)
                if aimed:
                    break
            elif aimed and outside is None:
                outside = played
        h.act(bot)
    else:
        fallback = rng.choice(choices) if choices else lo
        played = outside if outside is not None else fallback
    return PlayQuiz(id="", deal_seed=seed, dealer=dealer, cards_played=played, level=level, rule_set=rules)


def _build_pass(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> PassQuiz:
    """A seeded deal played by the heuristic players up to the exchange: the partner's
    pass, the declarer's return, or (with a kitty) the declarer's discard."""
    if rules.has_kitty:
        want = Phase.DISCARD
    elif target is QuizRule.PASS_RETURN or (level == 3 and rng.random() < 0.5):
        want = Phase.RETURN
    else:
        want = Phase.PASS
    bot = HeuristicPlayer()
    h = Hand(rng.randrange(rules.players), rules, seed=rng.randrange(2**31))
    while h.phase is not want and h.phase is not Phase.DONE:
        h.act(bot)
    seat = h.to_act
    if seat is None:  # no exchange under these rules: a question with nothing to give
        return PassQuiz(id="", hand=(), trump=Suit.HEARTS, level=level, rule_set=rules)
    view = h.view(seat)
    if want is Phase.DISCARD:
        trump = bot.choose_trump(view)
        role, received = "discard", tuple(h.deal.kitty)
    else:
        assert h.trump is not None
        trump = h.trump
        role = "return" if want is Phase.RETURN else "pass"
        received = tuple(h.passed_cards) if role == "return" else ()
    hand = tuple(sorted(view.hand, key=lambda c: c.order))
    return PassQuiz(id="", hand=hand, trump=trump, role=role, received=received, level=level, rule_set=rules)


def _build_game(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> GameQuiz:
    """Running scores near the target and one hand's changes, on the scale of the rules."""
    unit = rules.bid_increment
    goal = rules.target

    def scaled(x: int) -> int:
        return max(unit, round(x * goal / CLASSIC.target / unit) * unit)

    gap = scaled({1: 700, 2: 450, 3: 300}[level])
    before = [goal - rng.randrange(unit, gap + 1, unit) for _ in range(rules.sides)]
    bidders = rng.randrange(rules.sides)
    bid = rng.randrange(rules.opening_bid, rules.opening_bid + _scaled(150, rules, unit) + 1, unit)
    made = rng.random() < (0.4 if target is QuizRule.GAME_HIGHEST else 0.75)
    changes = [rng.randrange(0, scaled(260) + 1, unit) for _ in range(rules.sides)]
    changes[bidders] = bid + rng.randrange(0, scaled(120) + 1, unit) if made else -bid
    return GameQuiz(id="", before=tuple(before), changes=tuple(changes), bidders=bidders,
                    level=level, rule_set=rules)  # fmt: skip


_Builder = Callable[[random.Random, int, QuizRule, RuleSet], QuizItem]
"""Deals one item of a kind aimed at a rule case (it may miss: :func:`generate` retries)."""

_BUILDERS: dict[QuizKind, _Builder] = {
    QuizKind.MELD: _build_meld,
    QuizKind.TRICK: _build_trick,
    QuizKind.SCORE: _build_score,
    QuizKind.BID: _build_bid,
    QuizKind.WINNER: _build_winner,
    QuizKind.COUNTERS: _build_counters,
    QuizKind.CALL: _build_call,
    QuizKind.PLAY: _build_play,
    QuizKind.PASS: _build_pass,
    QuizKind.GAME: _build_game,
}


def _rules_tag(rules: RuleSet) -> str:
    """A short, stable name for ``rules`` in generated ids (empty for classic)."""
    if rules == CLASSIC:
        return ""
    if PRESETS.get(rules.name) == rules:
        return rules.name
    settings = json.dumps(rules.settings(), sort_keys=True)
    return f"{rules.name}-{hashlib.sha256(settings.encode()).hexdigest()[:8]}"


def generate(
    kind: QuizKind | str,
    seed: int,
    level: int = 1,
    focus_rules: Iterable[QuizRule | str] = (),
    rules: RuleSet | str = CLASSIC,
) -> QuizItem:
    """A fresh item of ``kind`` under ``rules`` (a :class:`RuleSet` or a preset
    name; classic by default), the same for the same arguments.

    ``level`` (1-3) picks the rule cases and the size of the position; with
    ``focus_rules`` (e.g. :meth:`Progress.weak_rules <pinochle_tutor.classroom.progress.Progress.weak_rules>`)
    the item exercises one of those rule cases instead (those of other kinds are
    ignored). The item's ``rules`` are the cases the engine finds in it, and its
    ``rule_set`` is ``rules``.

    Items follow the rule set: meld hands are dealt from its deck (double deck:
    hands of 20 without 9s, with triple and quadruple melds; three-handed: 15),
    tricks have fewer cards than it has players, scores are on its scale (double
    deck: 50 trick points, bids from 50 by 1; three-handed: the declarer against
    one defender at a time) and bids follow its auction. Rule cases that cannot
    occur under ``rules`` (see :func:`rule_applies`: the dix in double deck, a
    partner winning the trick three-handed) are skipped, both from the level's
    cases and from ``focus_rules``.

    At most :data:`ATTEMPTS` positions are dealt: first aimed at the chosen case,
    then at the level's other cases. :class:`QuizRequestError` names the cases and
    the rules when no case of the level can occur, or none came up."""
    k = QuizKind.parse(kind)
    if isinstance(level, bool) or level not in (1, 2, 3):
        raise InvalidLevelError(f"level={level!r}: levels are 1, 2 and 3")
    rs = rules_named(rules) if isinstance(rules, str) else rules
    if not isinstance(rs, RuleSet):
        raise InvalidRulesError(
            f"rules={rules!r}: give a RuleSet or a preset name such as 'classic'"
        )
    asked = [r for r in (QuizRule.parse(f) for f in focus_rules) if r.kind is k]
    focus = [r for r in asked if rule_applies(r, rs)]
    tag = _rules_tag(rs)
    key = f"{k.value}:{level}:{seed}:{','.join(sorted(r.value for r in focus))}"
    rng = random.Random(f"{key}:{tag}" if tag else key)
    pool = [r for r in _POOLS[k][level] if rule_applies(r, rs)]
    if not pool:
        raise QuizRequestError(
            f"No {k.value} rule case of level {level} can occur under the {rules_words(rs)}: "
            f"the level's cases are {', '.join(r.value for r in _POOLS[k][level])}"
        )
    target = rng.choice(focus or pool)
    builder = _BUILDERS[k]
    # Aim at the chosen case, then (if it never came up) at the level's other cases;
    # the attempts in all are bounded, so no call runs long under any rule set.
    others = [r for r in pool if r is not target]
    rng.shuffle(others)
    budget = ATTEMPTS[k]
    tried: list[QuizRule] = []
    for aim in (target, *others):
        tried.append(aim)
        share = (budget * 2 // 3 if others else budget) if aim is target else max(1, budget // 4)
        for _ in range(min(share, budget)):
            budget -= 1
            item = builder(rng, level, aim, rs)
            try:
                found = rules_of(item)
            except PinochleError:  # a dealt hand that gave no question (say, a concession)
                continue
            if aim in found:
                item_id = f"gen-{k.value}-{level}-{seed}-{aim.value.split('.', 1)[1]}"
                if tag:
                    item_id += f".{tag}"
                return dataclasses.replace(item, id=item_id, rules=found)
        if budget <= 0:
            break
    raise QuizRequestError(
        f"No {k.value} question of level {level} showing {' or '.join(r.value for r in tried)} "
        f"came up in {ATTEMPTS[k]} positions dealt under the {rules_words(rs)}"
    )


ATTEMPTS: dict[QuizKind, int] = {
    QuizKind.MELD: 200,
    QuizKind.TRICK: 200,
    QuizKind.SCORE: 200,
    QuizKind.BID: 6,
    QuizKind.WINNER: 200,
    QuizKind.COUNTERS: 200,
    QuizKind.CALL: 200,
    QuizKind.PLAY: 60,
    QuizKind.PASS: 40,
    QuizKind.GAME: 200,
}
"""The most items :func:`generate` deals for one call (a bidding question runs the
advisor's simulation on each), so that a call takes well under a second."""


def rules_words(rules: RuleSet) -> str:
    """``'classic rules'``, or ``'house rules (classic with meld_save=250)'``."""
    base = PRESETS.get(rules.name)
    if base == rules or base is None:
        return f"{rules.name.replace('_', ' ')} rules"
    theirs, ours = base.settings(), rules.settings()
    changed = [f"{k}={ours[k]!r}" for k in ours if ours[k] != theirs[k]]
    return f"house rules ({rules.name.replace('_', ' ')} with {', '.join(changed)})"
