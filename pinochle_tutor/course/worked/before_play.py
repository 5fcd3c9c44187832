"""The worked examples and checks of the lessons before play: the deck and its
counters (lesson 1), the auction (lesson 2), trump and the exchange (lesson 3)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from pinochle_tutor.auction import Auction
from pinochle_tutor.bots.heuristic import HeuristicPlayer
from pinochle_tutor.cards import Card, Rank, Suit, sort_hand
from pinochle_tutor.deal import deal
from pinochle_tutor.explain.auction import explain_call
from pinochle_tutor.game import Hand
from pinochle_tutor.meld import meld
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.scoring import trick_points
from pinochle_tutor.words import plural, stated_numbers

if TYPE_CHECKING:
    pass
from pinochle_tutor.course.worked.steps import (
    CheckQuestion,
    WorkedExample,
    WorkedStep,
    _does,
    _texts,
    _who,
)

__all__ = [
    "auction_example",
    "call_check",
    "counters_check",
    "deck_example",
    "exchange_example",
    "trump_check",
]


# --------------------------------------------------------------- lesson 1: the deck
def deck_example(rules: RuleSet = CLASSIC, seed: int = 3) -> WorkedExample:
    """Count the counters of a dealt hand, rank by rank."""
    hand = deal(0, rules, seed=seed).hands[0]
    steps = [WorkedStep(f"Here is a hand of **{len(hand)}** cards.", hand, numbers=(len(hand),))]
    running = 0
    for rank in sorted(rules.ranks, reverse=True):
        value = rules.counter_points[rank]
        these = tuple(c for c in hand if c.rank == rank)
        if not value:
            continue
        pts = trick_points(these, rules)
        running += pts
        steps.append(
            WorkedStep(
                f"{rank.plural.capitalize()} are worth **{value}** each: this hand has "
                f"{len(these)}, so **{pts}**; {running} so far.",
                these,
                numbers=(value, len(these), pts, running),
            )
        )
    total = trick_points(hand, rules)
    blanks = tuple(c for c in hand if rules.counter_points[c.rank] == 0)
    steps.append(
        WorkedStep(
            f"In all the hand holds **{total}** trick points in counters. Its other "
            f"{len(blanks)} cards are worth nothing in tricks.",
            blanks,
            numbers=(total, len(blanks)),
        )
    )
    return WorkedExample("Counting the counters of a hand", rules, tuple(steps))


def counters_check(rules: RuleSet = CLASSIC, seed: int = 5, example_seed: int = 3) -> CheckQuestion:
    """How many trick points are in a hand's counters: a hand other than the worked
    example's (:func:`deck_example` with ``example_seed``), and with another total, so
    the example's answer is never the check's (the next seeds are tried)."""
    shown = trick_points(deal(0, rules, seed=example_seed).hands[0], rules)
    hand = deal(0, rules, seed=seed).hands[0]
    while seed == example_seed or trick_points(hand, rules) == shown:
        seed += 1
        hand = deal(0, rules, seed=seed).hands[0]
    right = trick_points(hand, rules)
    # A learner who counts every card, or forgets the 10s, gets these.
    tens = trick_points([c for c in hand if c.rank != Rank.TEN], rules)
    every = sum(1 for _ in hand) * rules.counter_points[Rank.ACE]
    choices = sorted({right, tens, every})
    wrong = {str(tens): "That leaves out the 10s: a 10 is a counter.",
             str(every): "That counts every card, but only the counters score."}  # fmt: skip
    return CheckQuestion(
        "How many trick points are in the counters of this hand?",
        tuple(str(x) for x in choices),
        str(right),
        f"The counters here add up to {right}.",
        {k: v for k, v in wrong.items() if k != str(right)},
        hand,
    )


# ------------------------------------------------------------ lesson 2: the auction
def _call_words(amount: int | None) -> str:
    return "pass" if amount is None else f"bid **{amount}**"


def auction_example(rules: RuleSet = CLASSIC, dealer: int | None = None) -> WorkedExample:
    """An auction call by call (open, raise, pass), a seat that passed trying to bid
    again (refused: a pass is final), and a second auction where everyone passes and
    the dealer is stuck."""
    n = rules.players
    dealer = n - 1 if dealer is None else dealer
    a = Auction(dealer, rules)
    steps = [
        WorkedStep(
            f"{_who(dealer, rules).capitalize()} dealt, so {_does(a.turn or 0, rules, 'call', False)} "
            "first (on the dealer's left). "
            f"The first bid must be at least **{rules.opening_bid}**.",
            numbers=(rules.opening_bid,),
        )
    ]
    # bid, pass, raise, pass, raise again; then everyone still in passes
    plan = [True, False, True, False, True]
    passed_seat: int | None = None
    refused_shown = False
    holder: int | None = None  # the seat holding the highest bid so far
    told = False  # why partners outbid each other, said once
    while not a.is_over:
        seat = a.turn
        assert seat is not None
        high = a.high_bid
        minimum = a.min_bid
        amount = minimum if (plan.pop(0) if plan else False) else None
        verdict = a.check_pass() if amount is None else a.check_bid(amount)
        assert verdict.legal, verdict.reason
        a.call(amount)
        if amount is None:
            why = "A pass is always allowed, and it is final for this auction."
            passed_seat = seat if passed_seat is None else passed_seat
            nums: tuple[int, ...] = ()
        elif high is None:
            why = f"Legal: an opening bid of at least {minimum}."
            nums = (amount, minimum)
        else:
            why = f"Legal: it raises {high} by {amount - high}, at least the {rules.bid_increment} needed."
            nums = (amount, high, amount - high, rules.bid_increment)
            if (
                holder is not None
                and rules.partnerships
                and rules.partner(seat) == holder
                and not told
            ):
                told = True
                why += (
                    " Partners may bid over each other (the rules of record do not forbid it: any "
                    "legal raise is allowed, whoever holds the bid): the "
                    "side plays one contract, and whoever holds it is the declarer, who chooses "
                    "how the side plays the hand (lesson 3 shows how). A player outbids a "
                    "partner to be that declarer."
                )
        holder = seat if amount is not None else holder
        steps.append(WorkedStep(f"{_does(seat, rules, _call_words(amount))}. {why}", numbers=nums))
        if passed_seat is not None and not refused_shown and not a.is_over:
            refused_shown = True
            refused = explain_call(a, passed_seat, a.min_bid, me=0)
            steps.append(
                WorkedStep(
                    f"Now {_who(passed_seat, rules)} would like to bid {a.min_bid} after all. The tutor "
                    f"refuses: {refused.reason}",
                    numbers=(a.min_bid, *stated_numbers(refused.reason)),
                )
            )
    assert a.declarer is not None and a.contract is not None
    steps.append(
        WorkedStep(
            f"Everyone else has passed: {_does(a.declarer, rules, 'are', False)} the **declarer** and the contract "
            f"is **{a.contract}**.",
            numbers=(a.contract,),
        )
    )
    b = Auction(dealer, rules)
    while not b.is_over:
        b.pass_()
    assert b.stuck and b.contract is not None
    stuck = explain_call(b, dealer, None, me=0)
    steps.append(
        WorkedStep(
            f"Another hand: {'both players' if n - 1 == 2 else f'the {n - 1} players'} before the "
            "dealer pass. "
            f"The dealer, {_who(dealer, rules)}, is **stuck** with the contract at **{b.contract}**. "
            f"May the dealer pass? {stuck.reason}",
            numbers=(n - 1, b.contract, *stated_numbers(stuck.reason)),
        )
    )
    return WorkedExample("An auction, call by call", rules, tuple(steps))


def call_check(rules: RuleSet = CLASSIC) -> CheckQuestion:
    """Is a raise off the increment legal after the opening bid?"""
    a = Auction(rules.players - 1, rules)
    a.bid(rules.opening_bid)
    inc = rules.bid_increment
    odd = rules.opening_bid + (inc // 2 if inc > 1 else 0)
    verdict = a.check_bid(odd)
    answer = "Yes" if verdict.legal else "No"
    other = "No" if answer == "Yes" else "Yes"
    return CheckQuestion(
        f"The opening bid was {rules.opening_bid}. May the next player bid {odd}?",
        ("Yes", "No"),
        answer,
        verdict.reason,
        {other: "Check the increment."},
    )


# -------------------------------------------------- lesson 3: trump and the exchange
def _return_reason(back: Sequence[Card], hand: Hand, trump: Suit) -> str:
    """What the declarer's return did, read from the cards (never a stock reason): how
    many trumps it gave up, and the side suits it left the declarer out of."""
    n = sum(1 for c in back if c.suit == trump)
    kept = hand.hands[0]
    trumps = ", no trump: you keep all your trumps" if n == 0 else f", {plural(n, 'trump')} among them"
    gone = [s for s in Suit if s != trump and any(c.suit == s for c in back)
            and not any(c.suit == s for c in kept)]  # fmt: skip
    if not gone:
        return trumps
    names = " and ".join(s.plural for s in gone)
    which = "that suit" if len(gone) == 1 else "those suits"
    return f"{trumps}; you are now void in {names}, so later you may trump {which}"


def _suit_line(hand: Sequence[Card], suit: Suit) -> tuple[str, int, int]:
    cards = [c for c in hand if c.suit == suit]
    aces = sum(1 for c in cards if c.rank == Rank.ACE)
    return f"{suit.plural}: {plural(len(cards), 'card')}, {plural(aces, 'ace')}", len(cards), aces


def exchange_example(rules: RuleSet = CLASSIC, seed: int = 7) -> WorkedExample:
    """A declarer chooses trump (the long, strong suit) and the exchange (or, three-
    handed, the kitty and the discard), as a computer player does it, on a seeded
    deal. The declarer is seat 0 (you)."""
    player = HeuristicPlayer()
    hand = Hand(rules.players - 1, rules, seed=seed)
    while not hand.auction.is_over:  # you bid, the others pass: you are the declarer
        hand.bid(hand.auction.turn or 0, rules.opening_bid if hand.auction.turn == 0 else None)
    held = tuple(hand.hands[0])
    steps: list[WorkedStep] = []
    if rules.has_kitty:
        steps.append(
            WorkedStep(
                f"You won the auction at **{hand.contract}**. The **{rules.kitty_size}**-card kitty "
                f"is turned face up ({_texts(hand.deal.kitty)}) and goes into your hand.",
                held, numbers=(hand.contract or 0, rules.kitty_size),
            )
        )  # fmt: skip
        discards = tuple(player.discard(hand.view(0)))
        hand.discard(0, discards)
        pts = trick_points(discards, rules)
        steps.append(
            WorkedStep(
                f"You discard {len(discards)} cards face down: {_texts(discards)}. They count as "
                f"your trick points: **{pts}**.",
                discards, numbers=(len(discards), pts),
            )
        )  # fmt: skip
    else:
        steps.append(
            WorkedStep(
                f"You won the auction at **{hand.contract}**. Your hand:",
                held,
                numbers=(hand.contract or 0,),
            )
        )
    now = tuple(hand.hands[0])
    lines = [_suit_line(now, s) for s in Suit]
    trump = player.choose_trump(hand.view(0))
    t_line = lines[int(trump)]
    steps.append(
        WorkedStep(
            "Suit by suit: " + "; ".join(x[0] for x in lines) + ". You name "
            f"**{trump.plural}** trump: {t_line[1]} cards, long and strong.",
            tuple(c for c in now if c.suit == trump),
            numbers=tuple(v for x in lines for v in x[1:]),
        )
    )
    hand.name_trump(0, trump)
    if rules.exchange_size:
        partner = rules.partner(0)
        assert partner is not None
        give = tuple(player.pass_cards(hand.view(partner)))
        hand.pass_cards(partner, give)
        n_trump = sum(1 for c in give if c.suit == trump)
        steps.append(
            WorkedStep(
                f"Your partner passes you **{len(give)}** cards face down: {n_trump} of them "
                "trump, and aces where it can (what a partner should pass).",
                give, numbers=(len(give), n_trump),
            )
        )  # fmt: skip
        back = tuple(player.return_cards(hand.view(0)))
        hand.return_cards(0, back)
        steps.append(
            WorkedStep(
                f"You return **{len(back)}** cards: {_texts(back)}{_return_reason(back, hand, trump)}"
                f". You hold {len(hand.hands[0])} again.",
                back, numbers=(len(back), len(hand.hands[0]),
                               sum(1 for c in back if c.suit == trump)),
            )
        )  # fmt: skip
    final = tuple(sort_hand(hand.hands[0]))
    k = sum(1 for c in final if c.suit == trump)
    # The meld before the cards came in (the dealt hand) and after, with the same trump:
    # what the kitty or the partner's cards added to it.
    before, after = meld(hand.deal.hands[0], trump, rules), meld(final, trump, rules)
    came = hand.deal.kitty if rules.has_kitty else hand.passed_cards
    kept = [c for c in dict.fromkeys(came) if c in final]
    old_names = [i.name for i in before.items]
    new_items = [i for i in after.items if i.name not in old_names]
    # The cards that completed new meld, not the melds' names: lesson 4 names them.
    helped = [c for c in kept if any(c in i.cards for i in new_items)]
    source = "the kitty's" if rules.has_kitty else "your partner's"
    change = (
        f" Your meld with {trump.plural} trump went from **{before.total}** to **{after.total}**"
        + (f", completed by {source} {_texts(helped)}." if helped else ".")
        if after.total != before.total
        else f" Your meld with {trump.plural} trump stayed at **{after.total}**."
    )
    steps.append(
        WorkedStep(
            f"Your hand for the play: {k} trumps of {len(final)} cards.{change}",
            final,
            numbers=(k, len(final), before.total, after.total),
        )
    )
    title = (
        "The kitty, the discard and trump" if rules.has_kitty else "Naming trump and the exchange"
    )
    return WorkedExample(title, rules, tuple(steps))


def trump_check(rules: RuleSet = CLASSIC, seed: int = 7) -> CheckQuestion:
    """Which suit would you name trump with this hand (three-handed: with the kitty
    taken)? The answer is the long, strong suit lesson 3 teaches: the most cards, then
    the most high cards (aces and tens), then the most meld as trump; every choice's
    explanation gives its length, high cards and meld, so two suits alike in length and
    strength are told apart by their meld (the dix, a run, royal marriages)."""
    dealt = deal(rules.players - 1, rules, seed=seed)
    held = tuple(sort_hand([*dealt.hands[0], *(dealt.kitty if rules.has_kitty else ())]))
    melds = {x: meld(held, x, rules).total for x in Suit}

    def length(x: Suit) -> int:
        return sum(1 for c in held if c.suit == x)

    def high(x: Suit) -> int:
        return sum(1 for c in held if c.suit == x and c.rank in (Rank.ACE, Rank.TEN))

    def line(x: Suit) -> str:
        return (
            f"{x.plural.capitalize()}: {plural(length(x), 'card')}, "
            f"{plural(high(x), 'high card')} (A or 10); meld {melds[x]} with {x.plural} trump"
        )

    best = max(Suit, key=lambda x: (length(x), high(x), melds[x], -int(x)))
    # Offered: the answer and the clearly shorter suits. A suit as long as the answer is a
    # close call (more high cards against more meld) and is not offered as a wrong choice.
    shorter = [x for x in Suit if length(x) < length(best)]
    why = f"{line(best)}: the longest suit, and long trumps win tricks."
    equal = [x for x in Suit if x != best and length(x) == length(best)]
    if equal:
        why += (
            f" {' and '.join(x.plural.capitalize() for x in equal)} are as long: then the high "
            "cards and the meld decide, a close call, so it is not offered here."
        )
    wrong = {
        x.plural: f"{line(x)}. {best.plural.capitalize()} are longer: long trumps win tricks."
        for x in shorter
    }
    kitty = " and took the kitty" if rules.has_kitty else ""
    return CheckQuestion(
        f"You won the auction{kitty}. Which suit would you name trump?",
        tuple(x.plural for x in Suit if x.plural in wrong or x == best),
        best.plural,
        why,
        wrong,
        held,
    )
