"""The numbers, words and worked examples a lesson states, derived from the rule set
in force, so that every lesson reads true under every rule set and house rule.

A lesson writes ``{opening_bid}`` or ``{bidders}`` in its text and the lesson helper
(``pinochle_widgets.lesson.say``) fills it from :func:`lesson_values`. The worked
examples are the rules text's own (bid 320, show 180 meld, capture 160 or 130)
scaled to the trick points of the rule set in force, rounded to its bid increment
and to the trick points a hand can really hold, and checked with
:func:`~pinochle_tutor.scoring.score_hand`: an example that would no longer make
(or miss) its contract under a house rule is never shown.

>>> from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED
>>> ex = worked_contract(CLASSIC)
>>> ex.bid, ex.meld, ex.needed, ex.made_tricks, ex.made_score, ex.short_tricks
(320, 180, 140, 160, 340, 130)
>>> worked_contract(DOUBLE_DECK).bid
64
>>> lesson_values(THREE_HANDED)["bidders"]
'the declarer'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pinochle_tutor.cards import Card, Rank, Suit, cards_text
from pinochle_tutor.deal import deal
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.scoring import score_hand, trick_point_step
from pinochle_tutor.sim.policy import PARTNER_OVERCALL_RAISES, default_allowance
from pinochle_tutor.sim.valuation import best_trump, hand_count, hand_counts
from pinochle_tutor.words import listed, number_word, plural, times

__all__ = ["ScoringExample", "lesson_values", "worked_contract"]



def _round_to(value: float, step: int) -> int:
    return max(step, round(value / step) * step)


def _listed(words: list[str]) -> str:
    return listed(words) if words else "none"


@dataclass(frozen=True)
class ScoringExample:
    """A contract worked out under one rule set: the bid and meld, the trick points
    that make it and the trick points that miss it, with what each scores."""

    bid: int
    meld: int
    needed: int
    """Trick points the bidders need on top of their meld."""
    made_tricks: int
    made_score: int
    short_tricks: int
    short_score: int


def worked_contract(rules: RuleSet) -> ScoringExample:
    """The rules text's example (bid 320 with 180 meld; 160 trick points make it,
    130 miss it) on the scale of ``rules``, checked with ``score_hand``."""
    total = rules.total_trick_points
    scale = total / 250
    step = trick_point_step(rules)
    inc = max(1, rules.bid_increment)
    bid = max(rules.opening_bid, _round_to(320 * scale, inc))
    # The meld leaves the bidders about 56% of the trick points to take (140 of 250),
    # never less than what keeps the meld.
    need = min(total, max(rules.meld_save, _round_to(140 * scale, step)))
    meld = max(0, bid - need)
    need = bid - meld
    made = min(total, need + _round_to(20 * scale, step))
    short = max(rules.meld_save, need - _round_to(10 * scale, step))
    if short >= need:
        short = max(0, need - step)
    made_score = score_hand(bid, meld, made, 0, total - made, rules)
    short_score = score_hand(bid, meld, short, 0, total - short, rules)
    if not made_score.made or short_score.made:  # a house rule too odd for the example
        made, short = total, 0
        made_score = score_hand(bid, meld, made, 0, 0, rules)
        short_score = score_hand(bid, meld, short, 0, total, rules)
    return ScoringExample(bid, meld, need, made, made_score.bidder, short, short_score.bidder)


def _non_counter_trick(rules: RuleSet) -> tuple[list[Card], int]:
    """A trick of one suit's cards that are not counters (one card a player; the lowest
    ranks when every rank counts), and its points."""
    by_points = sorted(rules.ranks, key=lambda r: (rules.counter_points[r], r))
    pool = [r for r in by_points if rules.counter_points[r] == 0][:3] or by_points[:1]
    cards = [Card(Suit.SPADES, pool[i % len(pool)]) for i in range(rules.players)]
    return cards, sum(rules.counter_points[c.rank] for c in cards)


def _counter_sentence(rules: RuleSet, counters: list[Rank]) -> str:
    """``'aces, 10s and kings are worth **10** each'`` (or each rank's own value)."""
    values = [rules.counter_points[x] for x in counters]
    if not counters:
        return "no card is worth anything"
    if len(set(values)) == 1:
        return f"{_listed([x.plural for x in counters])} are worth **{values[0]}** each"
    return _listed([f"{x.plural} **{v}**" for x, v in zip(counters, values, strict=True)]) + (
        " each"
    )


def lesson_values(rules: RuleSet) -> dict[str, Any]:
    """Every setting of ``rules`` plus the derived numbers and the words the lessons
    use, keyed by the names lessons write in braces."""
    r = rules
    out: dict[str, Any] = {k: v for k, v in r.settings().items() if not isinstance(v, (dict, list))}
    m = r.meld_table
    two = len(m.aces_around) > 1
    counters = [x for x in sorted(r.ranks, reverse=True) if r.counter_points[x] > 0]
    blanks = [x for x in sorted(r.ranks, reverse=True) if r.counter_points[x] == 0]
    points = {r.counter_points[x] for x in counters}
    trick, trick_pts = _non_counter_trick(r)
    ex = worked_contract(r)
    step = trick_point_step(r)
    set_bid = max(
        r.opening_bid, _round_to(300 * r.total_trick_points / 250, max(1, r.bid_increment))
    )
    inc = r.bid_increment
    partners = r.partnerships
    mate = r if partners else CLASSIC
    out.update(
        deck_size=r.deck_size,
        total_trick_points=r.total_trick_points,
        counter=r.counter_points[Rank.ACE],
        counter_value=next(iter(points)) if len(points) == 1 else "",
        counters=_listed([x.plural for x in counters]).capitalize(),
        counters_total=r.total_trick_points - r.last_trick_bonus,
        counter_cards=4 * r.copies * len(counters),
        counter_sentence=_counter_sentence(r, counters),
        non_counters=_listed([x.plural for x in blanks]).capitalize(),
        tricks=r.tricks_per_hand,
        name=r.words,
        ranks_text=" ".join(x.symbol for x in sorted(r.ranks, reverse=True)),
        nines_note=(
            "a version without 9s is in lesson 8"
            if r.has_nines
            else "this deck has no 9s"
        ),
        copies_word=number_word(r.copies),
        Copies_word=number_word(r.copies).capitalize(),
        appears=times(r.copies),
        every_copy="both copies"
        if r.copies == 2
        else f"all {number_word(r.copies)} copies",
        other_copies_gone="the other is gone" if r.copies == 2 else "the others are gone",
        low_trick=" ".join(c.text for c in trick),
        low_trick_points=trick_pts,
        low_trick_answer=(
            f"None: {_listed([c.rank.plural for c in dict.fromkeys(trick)])} are not counters."
            if trick_pts == 0
            else f"{trick_pts}: only the counters in it score."
        ),
        raise_rule=(
            f"raises the current bid by at least **{inc}**, always in multiples of {inc}"
            if inc > 1
            else "raises the current bid by at least **1**"
        ),
        off_step_bid=r.opening_bid + inc // 2 if inc > 1 else r.opening_bid,
        off_step_question=(
            f"Can you bid {r.opening_bid + inc // 2} after an opening of {r.opening_bid}?"
            if inc > 1
            else f"Can you bid {r.opening_bid} again after an opening of {r.opening_bid}?"
        ),
        run=m.run[0],
        double_run=m.run[1] if len(m.run) > 1 else m.run[0],
        royal_marriage=m.royal_marriage,
        marriage=m.marriage,
        dix=m.dix,
        aces_around=m.aces_around[0],
        double_aces=m.aces_around[1] if two else m.aces_around[0],
        kings_around=m.kings_around[0],
        queens_around=m.queens_around[0],
        jacks_around=m.jacks_around[0],
        pinochle=m.pinochle[0],
        double_pinochle=m.pinochle[1] if len(m.pinochle) > 1 else m.pinochle[0],
        run_and_royal=m.run[0] + m.royal_marriage,
        aces_plus=m.aces_around[0] + (m.aces_around[1] if two else 0),
        partner_note="your partner sits opposite you" if partners else "everyone plays alone",
        kitty_deal=f" and {r.kitty_size} to a kitty" if r.kitty_size else "",
        it_they="it" if partners else "they",
        # the meld is kept only with meld_save trick points: said for 1 and for more
        save_points="a single trick point" if r.meld_save == 1 else f"{r.meld_save} trick points",
        under_save=(
            "no trick point at all"
            if r.meld_save == 1
            else f"fewer than {r.meld_save} trick points"
        ),
        trick_point_step=step,
        trick_points_word="trick point" if r.meld_save == 1 else "trick points",
        # the last trick's bonus and the meld save counted in trick points (1 or more)
        last_trick_points=plural(r.last_trick_bonus, "trick point"),
        meld_save_points=plural(r.meld_save, "trick point"),
        # who is who in the scoring: two sides, or a declarer against each player alone
        bidders="the bidders" if partners else "the declarer",
        Bidders="The bidders" if partners else "The declarer",
        defenders="the defenders" if partners else "each defender",
        Defenders="The defenders" if partners else "Each defender",
        side="side" if partners else "player",
        a_side="a side" if partners else "a player",
        A_side="A side" if partners else "A player",
        your_side="your side" if partners else "you",
        Your_side="Your side" if partners else "You",
        # the worked example of lesson 6 and its practice questions
        ex_bid=ex.bid,
        ex_meld=ex.meld,
        ex_needed=ex.needed,
        ex_made=ex.made_tricks,
        ex_made_score=ex.made_score,
        ex_short=ex.short_tricks,
        ex_short_score=ex.short_score,
        passes_end=r.players - 1,
        set_bid=set_bid,
        set_meld=min(set_bid, _round_to(250 * r.total_trick_points / 250, max(1, inc))),
        # meld above the bid and no trick points: the meld is not kept, the contract missed
        save_meld=set_bid + _round_to(30 * r.total_trick_points / 250, max(1, inc)),
        lost_meld=_round_to(60 * r.total_trick_points / 250, max(1, inc)),
        lost_meld_tricks=max(0, r.meld_save - step),
        lost_meld_tricks_points=plural(max(0, r.meld_save - step), "trick point"),
        # what the computer players add to their own count for the partner (or the
        # kitty), the common practice lesson 13 teaches (sim.policy.default_allowance)
        allowance_pct=round(default_allowance(r) * 100),
        allowance_points=round(default_allowance(r) * r.total_trick_points),
        # the same, at the partnership table lesson 13 shows (three-handed: classic's)
        partner_allowance_pct=round(default_allowance(mate) * 100),
        partner_allowance=round(default_allowance(mate) * mate.total_trick_points),
        partner_total=mate.total_trick_points,
        partner_opening=mate.opening_bid,
        partner_overcall=PARTNER_OVERCALL_RAISES * mate.bid_increment,
    )
    out.update(_count_values(r))
    return out


COUNT_EXAMPLE_SEED = 3
"""The deal whose first hand lesson 7 counts as its example (seat 0, dealer 0)."""


def _count_values(r: RuleSet) -> dict[str, str]:
    """The computer players' count of a hand's trick points (:func:`hand_count`), each
    weight as the lessons say it (whole points where a hand holds 100 or more, else to a
    tenth), and one hand counted with it: seat 0's cards of deal
    :data:`COUNT_EXAMPLE_SEED` with the trump the computer players would name."""
    w = hand_count(r)

    def say(x: float) -> str:
        return str(round(x)) if r.total_trick_points >= 100 else f"{x:.1f}"

    cards = deal(0, r, seed=COUNT_EXAMPLE_SEED).hands[0]
    counts = hand_counts(cards)
    trump, _value = best_trump(counts, r)
    suit = Suit(trump)
    held = [c for c in cards if c.suit is suit]
    side = [c for c in cards if c.suit is not suit]
    n_aces = sum(c.rank is Rank.ACE for c in held)
    n_tens = sum(c.rank is Rank.TEN for c in held)
    side_aces = sum(c.rank is Rank.ACE for c in side)
    side_tens = sum(c.rank is Rank.TEN for c in side)
    voids = sum(1 for s in Suit if s is not suit and not any(c.suit is s for c in cards))
    parts, terms, total = [], [say(w.base)], float(say(w.base))
    for n, weight, word in (
        (len(held), w.trump, "trump"), (n_aces, w.trump_ace, "trump ace"),
        (n_tens, w.trump_ten, "trump ten"), (side_aces, w.side_ace, "side ace"),
        (side_tens, w.side_ten, "side ten"), (voids, w.void, "void"),
    ):  # fmt: skip
        if n and float(say(weight)):
            parts.append(plural(n, word))
            terms.append(f"{n} × {say(weight)}" if n > 1 else say(weight))  # noqa: RUF001
            total += n * float(say(weight))
    return {
        "count_base": say(w.base),
        "count_base_taken": say(-w.base),
        "count_trump": say(w.trump),
        "count_trump_ace": say(w.trump_ace),
        "count_trump_ten": say(w.trump_ten),
        "count_side_ace": say(w.side_ace),
        "count_side_ten": say(w.side_ten) if float(say(w.side_ten)) else "nothing",
        "count_void": say(w.void),
        "count_hand": cards_text(cards),
        "count_trump_suit": suit.plural,
        "count_parts": listed(parts),
        "count_sum": " + ".join(terms).replace("+ -", "- "),
        "count_total": say(total),
    }
