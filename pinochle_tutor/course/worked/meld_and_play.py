"""The worked examples and checks of meld (lesson 4), the trick rules (lesson 5) and
scoring (lesson 6)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from pinochle_tutor.cards import Card, CardLike, Suit, SuitLike, parse_suit, sort_hand
from pinochle_tutor.deal import deal
from pinochle_tutor.hands import as_cards
from pinochle_tutor.meld import meld
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.scoring import minimum_tricks, score_hand, trick_points
from pinochle_tutor.tricks import check_play, legal_plays, trick_winner
from pinochle_tutor.view import seat_name
from pinochle_tutor.words import Side, listed, stated_numbers

if TYPE_CHECKING:
    pass
from pinochle_tutor.course.worked.steps import (
    CheckQuestion,
    WorkedExample,
    WorkedStep,
    _does,
    _texts,
)

__all__ = [
    "full_size_hand",
    "legal_check",
    "meld_check",
    "meld_example",
    "score_check",
    "scoring_example",
    "trick_example",
]


# ------------------------------------------------------------------ lesson 4: meld
def full_size_hand(
    hand: Iterable[CardLike] | str, rules: RuleSet = CLASSIC, seed: int = 0
) -> tuple[Card, ...]:
    """``hand`` made up to a whole hand of the rules in force (15 cards three-handed,
    20 in the double deck) with cards of the deck that add no meld under any trump, so
    a lesson's written-out 12-card hand keeps its meld and is a real hand in every
    version; a hand already that long comes back as it is (sorted)."""
    import random

    cards = list(as_cards(hand))
    if len(cards) >= rules.hand_size:
        return tuple(sort_hand(cards))
    base = [meld(cards, s, rules).total for s in Suit]
    pool = [c for h in deal(0, rules, seed=seed).hands for c in h]
    random.Random(seed).shuffle(pool)
    for c in pool:
        if len(cards) == rules.hand_size:
            break
        if cards.count(c) >= rules.copies:
            continue
        if [meld([*cards, c], s, rules).total for s in Suit] == base:
            cards.append(c)
    return tuple(sort_hand(cards))


def meld_example(
    hand: Iterable[CardLike] | str, trump: SuitLike, rules: RuleSet = CLASSIC
) -> WorkedExample:
    """A hand's meld counted line by line, then the same hand under every trump. A hand
    shorter than the rules' hands is made up to one (:func:`full_size_hand`)."""
    cards = full_size_hand(hand, rules)
    t = parse_suit(trump)
    report = meld(cards, t, rules)
    steps = [
        WorkedStep(f"Here is the hand, with **{t.plural}** trump.", cards, numbers=(len(cards),))
    ]
    running = 0
    for item in report.items:
        running += item.points
        steps.append(
            WorkedStep(
                f"**{item.name.capitalize()}** ({_texts(item.cards)}): **{item.points}**. "
                f"Running total {running}.",
                item.cards, numbers=(item.points, running),
            )
        )  # fmt: skip
    steps.append(
        WorkedStep(f"Total meld: **{report.total}**.", report.shown_cards, numbers=(report.total,))
    )
    each = [(s, meld(cards, s, rules).total) for s in Suit]
    steps.append(
        WorkedStep(
            "The same hand under each trump: "
            + "; ".join(f"{s.plural} {v}" for s, v in each)
            + (
                ". The run, royal marriages and dix count only in trump."
                if rules.has_nines
                else ". The run and royal marriages count only in trump."
            ),
            cards,
            numbers=tuple(v for _, v in each),
        )
    )
    return WorkedExample("Counting a hand's meld", rules, tuple(steps))


def meld_check(
    hand: Iterable[CardLike] | str, trump: SuitLike, rules: RuleSet = CLASSIC
) -> CheckQuestion:
    """What is this hand's meld? The wrong choices are the usual mistakes: counting the
    run's K and Q as a royal marriage too, or forgetting a card that serves twice. A
    hand shorter than the rules' hands is made up to one (:func:`full_size_hand`)."""
    cards = full_size_hand(hand, rules, seed=1)
    t = parse_suit(trump)
    report = meld(cards, t, rules)
    right = report.total
    wrong: dict[str, str] = {}
    items = report.items
    for item in items:
        shared = [c for c in item.cards if any(c in o.cards for o in items if o is not item)]
        if shared:
            wrong.setdefault(
                str(right - item.points),
                f"That leaves out the {item.name}: {shared[0].text} counts there too.",
            )
    table = rules.meld_table
    if any(i.kind.name == "RUN" for i in items):
        wrong.setdefault(
            str(right + table.royal_marriage),
            "That adds a royal marriage for the run's K and Q: they earn no marriage.",
        )
    wrong.pop(str(right), None)
    choices = sorted({right, *(int(k) for k in list(wrong)[:3])})
    lines = "; ".join(f"{i.name} {i.points}" for i in items)
    return CheckQuestion(
        f"With {t.plural} trump, what is this hand's meld?",
        tuple(str(x) for x in choices),
        str(right),
        f"The meld is {lines}: {right} in all.",
        {k: v for k, v in wrong.items() if int(k) in choices},
        cards,
    )


# ----------------------------------------------------------- lesson 5: trick rules
_TRICK_HANDS = ("KC QS JD AD", "AC QC KS JS", "JH QH AS KD", "10H KH QD 10S")
"""Four hands for one trick with hearts trump: K♣ led, then beat, trump, over-trump."""


def _whom(seat: int, rules: RuleSet) -> str:
    """Seat ``seat`` as the object of a sentence, seen from seat 0: ``'your partner'``,
    ``'the left opponent'``."""
    name = seat_name(seat, 0, rules)
    return "your partner" if name == "Partner" else f"the {name.lower()}"


def trick_example(rules: RuleSet = CLASSIC) -> WorkedExample:
    """One trick played card by card with the engine's reason each card is allowed
    and which cards were forced; hearts trump. Three-handed the trick has three cards."""
    trump = Suit.HEARTS
    hands = [as_cards(h) for h in _TRICK_HANDS[: rules.players]]
    plays = [as_cards(h)[0] for h in ("KC", "AC", "JH", "KH")[: rules.players]]
    names = [seat_name(s, 0, rules) for s in range(rules.players)]

    def does(seat: int, verb: str) -> str:
        return _does(seat, rules, verb)

    steps = [
        WorkedStep(
            f"**{trump.plural.capitalize()}** are trump. {does(0, 'lead')}: "
            "the leader may play any card.",
            tuple(hands[0]),
        )
    ]
    trick: list[Card] = []
    for seat, card in enumerate(plays):
        legal = legal_plays(hands[seat], trick, trump)
        verdict = check_play(hands[seat], trick, trump, card, rules)
        assert verdict.legal, verdict.reason
        trick.append(card)
        win = trick_winner(trick, trump)
        forced = (
            f"Of {_texts(hands[seat])}, only {_texts(legal)} may be played. "
            if seat and len(legal) < len(hands[seat])
            else ""
        )
        # The engine's reason speaks to the player who plays; for another seat the step
        # quotes it as the tutor's words to that player.
        why = (
            f"Why: {verdict.reason}"
            if seat == 0
            else f"What the tutor tells {_whom(seat, rules)}: “{verdict.reason}”"
        )
        steps.append(
            WorkedStep(
                f"{does(seat, 'play')} {card.text}. {forced}"
                f"{why} {trick[win].text} is winning.",
                tuple(trick), True, tuple(names[: len(trick)]), win,
                numbers=tuple(stated_numbers(verdict.reason)),
            )
        )  # fmt: skip
    win = trick_winner(trick, trump)
    pts = trick_points(trick, rules)
    steps.append(
        WorkedStep(
            f"The highest trump wins: {_does(win, rules, 'take', False)} the trick with "
            f"{trick[win].text}, **{pts}** trick points in counters, and will lead next.",
            tuple(trick), True, tuple(names), win, numbers=(pts,),
        )
    )  # fmt: skip
    return WorkedExample("A trick, card by card", rules, tuple(steps))


def legal_check(rules: RuleSet = CLASSIC) -> CheckQuestion:
    """Which cards may you play? A fresh position, not the worked example's: spades
    trump, diamonds led and won by the A♦; you hold two diamonds that cannot beat it
    (rule 2 asks nothing then: any diamond), a trump and two other cards. The answer is
    every legal card; a legal card alone is marked as part of the answer, not wrong."""
    trump = Suit.SPADES
    hand = as_cards("KD JD AS 10C JH")  # no 9: the double deck has none
    trick = as_cards("QD AD")[: rules.players - 1]
    legal = legal_plays(hand, trick, trump)
    choices = [c.text for c in hand]
    answer = listed([c.text for c in legal])
    options = tuple(dict.fromkeys([answer, *choices]))
    why = check_play(hand, trick, trump, legal[0], rules).reason
    return CheckQuestion(
        f"Spades are trump; the trick so far is {_texts(trick)}. You hold {_texts(hand)}. "
        "Which are all the cards you may play?",
        options,
        answer,
        f"{answer[0].upper()}{answer[1:]}: every one the rules allow. {why}",
        {
            c.text: (
                f"{c.text} may be played, yes, but it is not every card you may play."
                if c in legal
                else check_play(hand, trick, trump, c, rules).reason
            )
            for c in hand
            if c.text != answer
        },
        tuple(hand),
    )


# ------------------------------------------------------------- lesson 6: scoring
def scoring_example(rules: RuleSet = CLASSIC) -> WorkedExample:
    """A contract scored three ways (made, missed, set), by ``score_hand``, and the case
    that makes the meld save matter (meld above the bid, no trick points)."""
    from pinochle_tutor.course.lesson_facts import worked_contract

    ex = worked_contract(rules)
    total = rules.total_trick_points
    need = minimum_tricks(ex.bid, ex.meld, rules)
    assert need is not None
    made = score_hand(ex.bid, ex.meld, ex.made_tricks, 0, total - ex.made_tricks, rules)
    short = score_hand(ex.bid, ex.meld, ex.short_tricks, 0, total - ex.short_tricks, rules)
    zero = score_hand(ex.bid, ex.meld, 0, 0, total, rules)
    big = ex.bid + max(rules.bid_increment, 1) * 3  # meld above the bid
    pair = rules.partnerships
    bidders, shows = ("the declarer's side", "shows") if pair else ("the declarer", "shows")
    others = "the defenders" if pair else "the two defenders between them"
    big_zero = score_hand(ex.bid, big, 0, 0, total, rules)
    few = (
        "no trick points" if rules.meld_save <= 1 else f"fewer than {rules.meld_save} trick points"
    )
    steps = (
        WorkedStep(
            f"The contract is **{ex.bid}** and {bidders} {shows} **{ex.meld}** meld, so "
            f"it needs **{need}** trick points of the {total}.",
            numbers=(ex.bid, ex.meld, need, total),
        ),
        WorkedStep(
            f"**Made**: it takes {ex.made_tricks}. {ex.meld} + {ex.made_tricks} = "
            f"{ex.meld + ex.made_tricks} reaches {ex.bid}, so it adds **{made.bidder}**.",
            numbers=(
                ex.made_tricks,
                ex.meld,
                ex.made_tricks,
                ex.meld + ex.made_tricks,
                ex.bid,
                made.bidder,
            ),
        ),
        WorkedStep(
            f"**Missed**: it takes only {ex.short_tricks}. {ex.meld} + {ex.short_tricks} = "
            f"{ex.meld + ex.short_tricks} is short of {ex.bid}, so it scores **{short.bidder}**.",
            numbers=(
                ex.short_tricks,
                ex.meld,
                ex.short_tricks,
                ex.meld + ex.short_tricks,
                ex.bid,
                short.bidder,
            ),
        ),
        WorkedStep(
            f"**Set**: it takes no trick points at all. The meld is lost and it scores "
            f"**{zero.bidder}**, as any missed contract does; {others} take all "
            f"{zero.defender} trick points (and score their meld too, if they saved it).",
            numbers=(zero.bidder, zero.defender),
        ),
        WorkedStep(
            f"Where the meld save matters: had {bidders} shown **{big}** meld, more than the "
            f"bid, and taken {few}, the meld would still be lost and the contract missed: "
            f"**{big_zero.bidder}**.",
            numbers=(big, rules.meld_save, big_zero.bidder),
        ),
    )
    return WorkedExample("Scoring a hand: made, missed, set", rules, steps)


def score_check(rules: RuleSet = CLASSIC, made: bool = False) -> CheckQuestion:
    """What does the declarer's side score when it misses the contract? A fresh contract,
    not the worked example's: a tenth lower bid, a fifth more meld, and one counter short
    of what it needs (every number from the rules in force). ``made=True`` asks the
    other case (lesson 8's, so it is not lesson 6's again): a tenth higher bid, the
    example's meld less a fifth, and one counter more than it needs."""
    if made:
        return _made_check(rules)
    bid, meld_shown, need, step = _check_contract(rules, bid_scale=0.9, meld_scale=1.2)
    total = rules.total_trick_points
    tricks = max(rules.meld_save, need - step)
    s = score_hand(bid, meld_shown, tricks, 0, total - tricks, rules)
    if s.made:  # house rules where that is enough: no trick points at all misses it
        tricks = 0
        s = score_hand(bid, meld_shown, tricks, 0, total, rules)
    adds = meld_shown + tricks
    who = _declarer_words(rules)
    choices = tuple(str(x) for x in dict.fromkeys([s.bidder, adds, tricks]))
    return CheckQuestion(
        f"Bid {bid}, meld {meld_shown}, and {who} takes {tricks} trick "
        f"points. What does {who} score?",
        choices,
        str(s.bidder),
        f"{adds} is short of {bid}: a missed contract subtracts the bid, {s.bidder}.",
        {
            str(adds): "Meld plus trick points counts only when it reaches the bid.",
            str(tricks): "A missed contract keeps nothing, not even its trick points.",
        },
    )


def _check_contract(
    rules: RuleSet, *, bid_scale: float, meld_scale: float
) -> tuple[int, int, int, int]:
    """A scoring check's contract, fresh beside lesson 6's worked one: its bid and meld
    scaled (on the rules' bid steps), the trick points the contract needs, and the
    smallest counter's value (a step of trick points)."""
    from pinochle_tutor.course.lesson_facts import _round_to, worked_contract

    ex = worked_contract(rules)
    inc = max(rules.bid_increment, 1)
    step = min((v for v in rules.counter_points if v), default=1)
    bid = max(rules.opening_bid, _round_to(ex.bid * bid_scale, inc))
    meld_shown = _round_to(ex.meld * meld_scale, inc)
    need = minimum_tricks(bid, meld_shown, rules)
    assert need is not None
    return bid, meld_shown, need, step


def _declarer_words(rules: RuleSet) -> str:
    return Side(rules.partnerships).declarers


def _made_check(rules: RuleSet) -> CheckQuestion:
    bid, meld_shown, need, step = _check_contract(rules, bid_scale=1.1, meld_scale=0.8)
    total = rules.total_trick_points
    tricks = min(total, max(rules.meld_save, need + step))
    if tricks == meld_shown and tricks + step <= total:  # two equal choices would confuse
        tricks += step
    s = score_hand(bid, meld_shown, tricks, 0, total - tricks, rules)
    assert s.made
    who = _declarer_words(rules)
    choices = tuple(str(x) for x in dict.fromkeys([s.bidder, bid, tricks]))
    return CheckQuestion(
        f"Bid {bid}, meld {meld_shown}, and {who} takes {tricks} trick "
        f"points. What does {who} score?",
        choices,
        str(s.bidder),
        f"{meld_shown} + {tricks} = {s.bidder} reaches {bid}: a made contract adds the full "
        f"total, {s.bidder}.",
        {
            str(bid): "A made contract scores all its meld and trick points, not just the bid.",
            str(tricks): "The meld counts too once the contract is made.",
        },
    )
