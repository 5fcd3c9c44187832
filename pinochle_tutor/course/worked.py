"""Worked examples: a deal or a position stepped through, one step at a time.

A :class:`WorkedExample` is a list of :class:`WorkedStep`; each step has a sentence
(Markdown) and the cards to show. Every number a step states is computed here by the
engine (meld by :func:`~pinochle_tutor.meld.meld`, legality and trick winners by
:mod:`pinochle_tutor.tricks`, scores by :func:`~pinochle_tutor.scoring.score_hand`,
calls by :class:`~pinochle_tutor.auction.Auction`), never typed, and is listed in
the step's ``numbers`` so a test can check the sentence against the engine.

>>> from pinochle_tutor.rules import CLASSIC
>>> ex = meld_example("QS KS JD AS AH AD AC QH QD QC JC 10C", "C", CLASSIC)
>>> ex.steps[-2].text.startswith("Total")
True
>>> check = meld_check("QS KS JD AS AH AD AC QH QD QC JC 10C", "C", CLASSIC)
>>> check.answer in check.choices
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pinochle_tutor.auction import Auction
from pinochle_tutor.bots.heuristic import HeuristicPlayer
from pinochle_tutor.cards import Card, CardLike, Rank, Suit, SuitLike, parse_suit, sort_hand
from pinochle_tutor.course.tips import Tip
from pinochle_tutor.deal import deal
from pinochle_tutor.explain.auction import explain_call
from pinochle_tutor.explain.coaching import PlayPrinciple
from pinochle_tutor.game import Hand
from pinochle_tutor.hands import as_cards
from pinochle_tutor.meld import meld
from pinochle_tutor.rules import CLASSIC, PRESETS, RuleSet
from pinochle_tutor.scoring import minimum_tricks, score_hand, trick_points
from pinochle_tutor.tricks import check_play, legal_plays, trick_winner
from pinochle_tutor.view import PlayerView, seat_does, seat_name, seat_whose, seat_words
from pinochle_tutor.words import Side, listed, number_word, plural, stated_numbers

if TYPE_CHECKING:
    from pinochle_tutor.coach.play_principles import PrincipleFit

__all__ = [
    "GUIDED_SEEDS",
    "CheckQuestion",
    "GuidedDecision",
    "GuidedHand",
    "WorkedExample",
    "WorkedStep",
    "auction_example",
    "call_check",
    "coach_comment",
    "counters_check",
    "deck_example",
    "exchange_example",
    "feed_check",
    "fresh_feed_check",
    "full_size_hand",
    "guided_decisions",
    "guided_hand",
    "guided_seed",
    "learner_turns",
    "legal_check",
    "meld_check",
    "meld_example",
    "score_check",
    "scoring_example",
    "secure",
    "trick_example",
    "trump_check",
    "versions_example",
]


@dataclass(frozen=True)
class WorkedStep:
    """One step: its sentence, the cards to show (a hand, or a trick in play order
    with each card's player in ``seats`` and the winning position in ``winner``) and
    every number the sentence states, as the engine computed it."""

    text: str
    cards: tuple[Card, ...] = ()
    trick: bool = False
    seats: tuple[str, ...] = ()
    winner: int | None = None
    numbers: tuple[int, ...] = ()
    label: str = "hand"


@dataclass(frozen=True)
class WorkedExample:
    """A titled list of steps under one rule set."""

    title: str
    rules: RuleSet
    steps: tuple[WorkedStep, ...]

    def step(self, index: object) -> WorkedStep | None:
        """Step ``index`` (from 0), or ``None`` for anything that is not a step's
        position (never raises)."""
        if isinstance(index, bool) or not isinstance(index, int):
            return None
        return self.steps[index] if 0 <= index < len(self.steps) else None


@dataclass(frozen=True)
class CheckQuestion:
    """A check for understanding: a question, its choices, the answer the engine
    computed, why it is right, and for each wrong choice why it is wrong."""

    question: str
    choices: tuple[str, ...]
    answer: str
    why: str
    wrong: dict[str, str] = field(default_factory=dict)
    cards: tuple[Card, ...] = ()

    def judge(self, choice: object) -> tuple[bool, str]:
        """Whether ``choice`` is the answer, and the explanation to show (never raises;
        anything that is not a choice is refused by name)."""
        if choice not in self.choices:
            return False, f"{choice!r} is not one of the choices: {listed(list(self.choices))}."
        if choice == self.answer:
            return True, self.why
        return False, f"{self.wrong.get(str(choice), 'Not quite.')} {self.why}"


def _texts(cards: Iterable[Card]) -> str:
    return " ".join(c.text for c in cards)


def _who(seat: int, rules: RuleSet) -> str:
    """``'you'``, ``'your partner'``, ``'the left opponent'``: a seat seen from seat 0."""
    return seat_words(seat, 0, rules)


def _whose(seat: int, rules: RuleSet) -> str:
    """``'your'``, ``"your partner's"``, ``"the left opponent's"``: a seat's, seen from seat 0."""
    return seat_whose(seat, 0, rules)


def _does(seat: int, rules: RuleSet, verb: str, start: bool = True) -> str:
    """``'You bid'``, ``'The left opponent bids'``: a sentence's subject and verb
    (``start=False``: not at the start of a sentence)."""
    return seat_does(seat, 0, rules, verb, start=start)


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
                f"You return **{len(back)}** cards: {_texts(back)}, from short side suits, keeping "
                f"your trumps. You hold {len(hand.hands[0])} again.",
                back, numbers=(len(back), len(hand.hands[0])),
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


# ------------------------------------------------------- lesson 9: the end of the game
def _scores_before(before: Sequence[int], rules: RuleSet) -> str:
    """``'your side 1170 and the other side 1350'``: each side's running score, named
    as a game-end question names it."""
    from pinochle_tutor.explain.game_end import side_label

    return listed([f"{side_label(k, rules)} {v}" for k, v in enumerate(before)])


def game_end_example(rules: RuleSet = CLASSIC) -> WorkedExample:
    """The last hand of a game, twice: the contract made (your side reaches the target
    alone and wins) and missed (nobody reaches it; the game goes on). The scores and
    the verdicts are the engine's (``score_hand``, ``explain_game_end``)."""
    from pinochle_tutor.course.lesson_facts import worked_contract
    from pinochle_tutor.explain.game_end import explain_game_end, side_label

    ex = worked_contract(rules)
    total, target = rules.total_trick_points, rules.target
    unit = max(1, rules.bid_increment)
    made = score_hand(ex.bid, ex.meld, ex.made_tricks, 0, total - ex.made_tricks, rules)
    short = score_hand(ex.bid, ex.meld, ex.short_tricks, 0, total - ex.short_tricks, rules)
    before = [target // 2] * rules.sides
    before[0] = target - made.bidder + unit
    before[1] = max(0, target - max(made.defender, short.defender) - 3 * unit)
    won = [0] * rules.sides
    won[0], won[1] = made.bidder, made.defender
    lost = [0] * rules.sides
    lost[0], lost[1] = short.bidder, short.defender
    e_won = explain_game_end(before, won, 0, rules)
    e_lost = explain_game_end(before, lost, 0, rules)
    you, other = side_label(0, rules), side_label(1, rules)
    bids, makes = ("bids", "makes") if rules.partnerships else ("bid", "make")
    scores = _scores_before(before, rules)

    steps = (
        WorkedStep(
            f"Game is **{target}**. Before the last hand the scores are: {scores}.",
            numbers=(target, *before),
        ),
        WorkedStep(
            f"**Made**: {you.capitalize()} {bids} {ex.bid} and {makes} it, "
            f"**{made.bidder:+d}**; {other} takes {total - ex.made_tricks} trick points, "
            f"{made.defender:+d}. {e_won.text}",
            numbers=(
                ex.bid,
                made.bidder,
                total - ex.made_tricks,
                made.defender,
                *stated_numbers(e_won.text),
            ),
        ),
        WorkedStep(
            f"**Missed**: had {you} taken only {ex.short_tricks} trick points, the contract "
            f"would score **{short.bidder:+d}** and {other} {short.defender:+d}. "
            f"{e_lost.text}",
            numbers=(ex.short_tricks, short.bidder, short.defender, *stated_numbers(e_lost.text)),
        ),
    )
    return WorkedExample("The end of a game: made and missed", rules, steps)


def game_end_check(rules: RuleSet = CLASSIC) -> CheckQuestion:
    """Both sides pass the target on the same hand: who has won? The bidders, who made
    their contract, though the other side has more (the winner is the engine's,
    :func:`~pinochle_tutor.explain.game_end.explain_game_end`)."""
    from pinochle_tutor.course.lesson_facts import worked_contract
    from pinochle_tutor.explain.game_end import explain_game_end, side_label

    ex = worked_contract(rules)
    total, target = rules.total_trick_points, rules.target
    theirs = total - ex.made_tricks
    s = score_hand(ex.bid, ex.meld, ex.made_tricks, 0, theirs, rules)
    unit = max(1, rules.bid_increment)
    bidders = 1
    changes = [0] * rules.sides
    changes[0], changes[bidders] = s.defender, s.bidder
    after = [target // 2] * rules.sides
    after[bidders] = target + unit
    # Your side ends higher, so the rule that decides is the bidders' contract.
    after[0] = target + min(3 * unit, max(unit + 1, s.defender - 1))
    before = [a - c for a, c in zip(after, changes, strict=True)]
    if max(before) >= target or s.defender <= unit:  # a house rule too odd for this check
        before[0] = target - 1 - 2 * unit
    e = explain_game_end(before, changes, bidders, rules)
    label = {side: side_label(side, rules) for side in range(rules.sides)}
    choices = (*(label[side].capitalize() for side in range(rules.sides)), "Nobody yet")
    answer = "Nobody yet" if e.winner is None else label[e.winner].capitalize()
    scores = _scores_before(before, rules)
    who_bid = "The other side" if rules.partnerships else label[bidders].capitalize()
    you = Side(rules.partnerships).us_do("take")
    wrong = {label[side].capitalize(): e.why_not(side) for side in range(rules.sides)
             if side != e.winner}  # fmt: skip
    if e.winner is not None:
        wrong["Nobody yet"] = e.why_not(None)
    return CheckQuestion(
        f"Game is {target}. Before the last hand the scores are: {scores}. {who_bid} bids "
        f"{ex.bid} and makes it, scoring {s.bidder:+d}; {you} {theirs} trick points, "
        f"{s.defender:+d}. Who has won the game?",
        choices,
        answer,
        e.text,
        wrong,
    )


# ------------------------------------------------------- lesson 8: other versions
def versions_example(hand: Iterable[CardLike] | str, trump: SuitLike,
                     rule_sets: Sequence[RuleSet]) -> WorkedExample:  # fmt: skip
    """The same hand's meld and the same kind of contract under each rule set."""
    from pinochle_tutor.course.lesson_facts import worked_contract

    cards = tuple(sort_hand(as_cards(hand)))
    t = parse_suit(trump)
    steps = []
    for r in rule_sets:
        m = meld(cards, t, r)
        ex = worked_contract(r)
        lines = listed([f"{i.name} {i.points}" for i in m.items]) or "nothing"
        part = (
            f"These {len(cards)} cards are part of a hand (a whole one holds {r.hand_size}, "
            "so it may meld more); they meld"
            if len(cards) < r.hand_size
            else "This hand melds"
        )
        steps.append(
            WorkedStep(
                f"**{r.title}**: "
                f"{r.deck_size} cards, {r.hand_size} each. "
                f"{part} {lines}: **{m.total}**. A typical contract is {ex.bid} "
                f"points, meld and trick points together (the tricks hold "
                f"{r.total_trick_points} trick points in all); game is {r.target}.",
                cards,
                numbers=(
                    r.deck_size,
                    r.hand_size,
                    len(cards),
                    *(i.points for i in m.items),
                    m.total,
                    ex.bid,
                    r.total_trick_points,
                    r.target,
                ),
            )
        )
    return WorkedExample("The same hand under each version", rule_sets[0], tuple(steps))


# ----------------------------------------------------- lesson 7: a guided hand
@dataclass(frozen=True)
class GuidedDecision:
    """A turn of the guided hand where you (seat 0) decide as one of the tips says:
    the tip, and the question put to you before you pick a card (never the answer).
    The coach judges the card you pick with the same evaluation as its hints."""

    tip: Tip
    question: str


@dataclass(frozen=True)
class GuidedHand:
    """A whole hand played by the computer on a seeded deal, stepped trick by trick
    from seat 0's chair, with each tip of the rules text told at the step where it
    comes up (``tips``: tip -> step index), and the turns where you decide as a tip
    says (``decisions``: step index -> :class:`GuidedDecision`)."""

    example: WorkedExample
    hand: Hand
    tips: dict[Tip, int]
    play_hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards when trick play began."""
    decisions: dict[int, GuidedDecision] = field(default_factory=dict)



GUIDED_SEEDS: dict[str, int] = {"classic": 18263, "double_deck": 1025, "three_handed": 54}
"""The deal of each preset's guided hand (found as :func:`guided_seed` searches, over
more deals): you are the declarer, and your turns include the decisions of every play
tip, each where the coach agrees with it (three-handed: all but feeding a partner, as
nobody has one)."""

_DECISION_TIPS = {
    PlayPrinciple.FEED_PARTNER: Tip.FEED_PARTNER,
    PlayPrinciple.TRACK_BOTH_COPIES: Tip.BOTH_COPIES,
    PlayPrinciple.REMEMBER_EXPOSED_MELD: Tip.EXPOSED_CARDS,
    PlayPrinciple.SAVE_COUNTER: Tip.POINTS_NOT_TRICKS,
    PlayPrinciple.POINTS_NOT_TRICKS: Tip.POINTS_NOT_TRICKS,
}
"""The coach's play principles (:func:`~pinochle_tutor.coach.play.principle_fits`)
that are a tip's decision, and the tip."""


def _decision_question(fit: PrincipleFit, view: PlayerView) -> str:
    """The tip's question at ``view``, asked before you pick: what to weigh, not the card."""
    p, rules = fit.principle, view.rules
    side = Side(rules.partnerships).us
    if p is PlayPrinciple.FEED_PARTNER:
        assert view.trump is not None
        win = view.trick[trick_winner(view.trick, view.trump)]
        if len(view.trick) == rules.players - 1:
            return (
                f"Feed your partner points when it is safe: your partner's {win.text} is "
                "winning this trick, and you play last. What do you add?"
            )
        return (
            f"Feed your partner points when it is safe: your partner's {win.text} is winning "
            "this trick. Can anyone still to play beat it, and what do you add?"
        )
    if p is PlayPrinciple.SAVE_COUNTER:
        return f"Points, not tricks: can {side} still win this trick? If not, what do you give it?"
    if p is PlayPrinciple.POINTS_NOT_TRICKS:
        return "Points, not tricks: this trick holds no counter yet. Is it worth winning?"
    if p is PlayPrinciple.TRACK_BOTH_COPIES:
        return (
            "Track every copy: which of your cards are sure winners in their suits? Count "
            "every copy of the higher cards: played, in your hand, or still out."
        )
    return (
        "Remember the exposed cards: what did the opponents show in meld, and which of "
        "your counters would those cards capture?"
    )


COMMENT_SAMPLES = 32
"""The imagined deals behind the coach's comment on a card picked in the guided hand
(:func:`coach_comment`), and behind the check that the coach agrees with a tip."""


def guided_decisions(hand: Hand, seat: int = 0) -> dict[int, GuidedDecision]:
    """The turns of ``hand`` where ``seat`` decides as a play tip says, by trick number
    (1 for the first): the first turn for each tip, read by the coach's own
    :func:`~pinochle_tutor.coach.play.principle_fits` from what the seat knew, where
    the coach's comment (:func:`coach_comment`'s evaluation) plays a card the tip
    allows; a tip the coach would overrule at that turn is not asked there."""
    from pinochle_tutor.coach.play import advise_play, evaluate_play, play_decisions
    from pinochle_tutor.coach.play_principles import principle_fits

    out: dict[int, GuidedDecision] = {}
    tips: set[Tip] = set()
    for k, view, _card in play_decisions(hand, seat):
        for fit in principle_fits(view):
            tip = _DECISION_TIPS.get(fit.principle)
            if tip is None or tip in tips or k in out:
                continue
            ev = evaluate_play(view, samples=COMMENT_SAMPLES, seed=0)
            if advise_play(view, ev).card not in fit.cards:
                continue
            tips.add(tip)
            out[k] = GuidedDecision(tip, _decision_question(fit, view))
    return out


def _guided_deal(rules: RuleSet, seed: int) -> Hand:
    from pinochle_tutor.game import play_hand

    return play_hand([HeuristicPlayer() for _ in range(rules.players)], 0, rules, seed=seed)


def guided_seed(rules: RuleSet = CLASSIC, start: int = 0, tries: int = 120) -> int:
    """The deal for the guided hand under ``rules``: a preset's pinned one
    (:data:`GUIDED_SEEDS`), else of ``tries`` deals from ``start`` the first where
    seat 0 becomes the declarer with the most tip decisions (:func:`guided_decisions`)."""
    if start == 0 and PRESETS.get(rules.name) == rules and rules.name in GUIDED_SEEDS:
        return GUIDED_SEEDS[rules.name]
    best, most = start, -1
    for seed in range(start, start + tries):
        hand = _guided_deal(rules, seed)
        if hand.declarer != 0:
            continue
        found = len({d.tip for d in guided_decisions(hand).values()})
        if found > most:
            best, most = seed, found
        if found >= (4 if rules.partnerships else 3):
            break
    return best


def secure(trick: Sequence[Card], later: Sequence[Sequence[Card]], trump: SuitLike) -> bool:
    """Whether the card winning ``trick`` still wins whatever the players still to
    play (their hands in ``later``, in turn) legally add: none of them holds a legal
    card that would take the trick."""
    played = list(trick)
    for cards in later:
        now = trick_winner(played, trump)
        if any(trick_winner([*played, c], trump) != now for c in legal_plays(cards, played, trump)):
            return False
        played.append(played[now])  # any legal card loses; the winner stays the same
    return True


def guided_hand(rules: RuleSet = CLASSIC, seed: int | None = None) -> GuidedHand:
    """Play the seeded hand with computer players in every seat and tell it trick by
    trick from seat 0's chair; at your turns, the tips' decisions are yours
    (:func:`guided_decisions`). ``seed=None``: the deal :func:`guided_seed` picks, in
    which you are the declarer."""
    hand = _guided_deal(rules, guided_seed(rules) if seed is None else seed)
    assert hand.melds is not None and hand.trump is not None and hand.contract is not None
    assert hand.declarer is not None
    trump, me = hand.trump, 0
    partner = rules.partner(me)
    play = tuple(
        tuple(
            sort_hand(
                c for t in hand.tricks for c, s in zip(t.cards, t.seats, strict=True) if s == seat
            )
        )
        for seat in range(rules.players)
    )
    mine = play[me]
    tips: dict[Tip, int] = {}
    steps: list[WorkedStep] = []

    def add(step: WorkedStep, *tip: Tip) -> None:
        for x in tip:
            tips.setdefault(x, len(steps))
        steps.append(step)

    ours = rules.side(hand.declarer) == rules.side(me)
    side_meld = sum(
        hand.melds[s].total for s in range(rules.players) if rules.side(s) == rules.side(me)
    )
    need = minimum_tricks(hand.contract, side_meld, rules) if ours else None
    # Three-handed: the declarer's discards are trick points of theirs before play.
    discarded = trick_points(hand.discards, rules) if ours and rules.has_kitty else 0
    who = Side(rules.partnerships).us
    shows = "shows" if partner is not None else "show"
    contract = (
        f"{_does(hand.declarer, rules, 'win', True)} the auction at **{hand.contract}** and "
        f"{'name' if hand.declarer == me else 'names'} {trump.plural} trump."
    )
    if rules.has_kitty and hand.declarer is not None:
        took = _does(hand.declarer, rules, "take", False)
        add(
            WorkedStep(
                f"{contract} The kitty, turned face up for everyone, held "
                f"{_texts(hand.deal.kitty)}; {took} it and discard"
                f"{'' if hand.declarer == me else 's'} {_texts(hand.discards)} face down: "
                f"**{trick_points(hand.discards, rules)}** trick points for the declarer.",
                hand.deal.kitty,
                numbers=(hand.contract, trick_points(hand.discards, rules)),
            )
        )
        contract = ""
    if ours and need is not None:
        still = max(0, need - discarded)
        if side_meld >= hand.contract:
            plan = (
                f"already at or above the bid, but it is kept only with at least "
                f"**{need}** {'trick point' if need == 1 else 'trick points'}"
            )
        else:
            plan = f"so the tricks must bring at least **{need}** of the {rules.total_trick_points}"
        held = f"; the discards already hold **{discarded}**" if discarded else ""
        left_to_win = ""
        if discarded:
            left_to_win = (
                f", so the play must still capture **{still}**"
                if still
                else ", so the contract is made before the first card is played"
            )
        add(
            WorkedStep(
                f"{contract} Count first: {who} {shows} **{side_meld}** meld, {plan}{held}"
                f"{left_to_win}.".strip(),
                mine,
                numbers=(hand.contract, side_meld, need, rules.total_trick_points, discarded, still),
            ),
            Tip.COUNT_FIRST,
        )  # fmt: skip
    else:
        add(
            WorkedStep(
                f"{contract} Your hand for the play:".strip(), mine, numbers=(hand.contract,)
            )
        )
    aces = sum(1 for c in mine if c.rank == Rank.ACE)
    trumps = sum(1 for c in mine if c.suit == trump)
    strength = (
        f"Tricks come from aces and trump: you hold {plural(aces, 'ace')} and "
        f"{plural(trumps, 'trump')}."
    )
    if need is not None and side_meld < hand.contract:
        alone = (
            f"Meld alone makes no contract: {side_meld} meld is {hand.contract - side_meld} "
            f"short of the {hand.contract} contract, and the rest must be won in tricks."
        )
        said: tuple[int, ...] = (side_meld, hand.contract - side_meld, hand.contract)
    elif need is not None:
        alone = (
            f"Meld alone is not enough either: without "
            f"{plural(rules.meld_save, 'trick point')} the {side_meld} meld is lost, and the "
            "contract with it."
        )
        said = (rules.meld_save, side_meld)
    else:
        alone = f"Your own meld is {hand.melds[me].total}; in the play, every counter counts."
        said = (hand.melds[me].total,)
    add(WorkedStep(f"{alone} {strength}", mine, numbers=(*said, aces, trumps)), Tip.MELD_ALONE)
    exposed: list[tuple[Card, int]] = []  # every copy shown, by whom
    for s in range(rules.players):
        if s != me and (partner is None or s != partner):
            for c in hand.melds[s].shown_cards:
                if c.rank == Rank.ACE or c.suit == trump:
                    exposed.append((c, s))
    if exposed:
        by_seat = {s: sort_hand(c for c, x in exposed if x == s) for _, s in exposed}
        add(
            WorkedStep(
                "Remember the exposed cards: in meld "
                + "; ".join(
                    f"{_does(s, rules, 'show', False)} {_texts(cs)}" for s, cs in by_seat.items()
                )
                + ". You know where those cards are.",
                tuple(sort_hand(c for c, _ in exposed)),
            ),
            Tip.EXPOSED_CARDS,
        )
    seen: Counter[Card] = Counter()
    still_shown = Counter(exposed)
    left = [list(h) for h in play]
    for k, t in enumerate(hand.tricks, 1):
        names = tuple(seat_name(s, me, rules) for s in t.seats)
        win_pos = t.seats.index(t.winner)
        last = k == len(hand.tricks)
        notes: list[str] = []
        found: list[Tip] = []
        nums: list[int] = [k, t.points]
        for i, (c, s) in enumerate(zip(t.cards, t.seats, strict=True)):
            before = list(t.cards[:i])
            if (
                Tip.FEED_PARTNER not in tips and Tip.FEED_PARTNER not in found
                and partner is not None and rules.side(s) == rules.side(me) and before
                and t.seats[trick_winner(before, trump)] == rules.partner(s)
                and rules.counter_points[c.rank] > 0
                and secure(before, [left[x] for x in t.seats[i + 1:]], trump)
            ):  # fmt: skip
                blanks = [
                    x
                    for x in legal_plays(left[s], before, trump)
                    if rules.counter_points[x.rank] == 0
                ]
                if blanks:
                    notes.append(
                        f"Feed your partner: {_whose(rules.partner(s) or 0, rules)} "
                        f"{before[trick_winner(before, trump)].text} could not be beaten by the "
                        f"players still to play, so {_who(s, rules)} put on the counter {c.text} "
                        f"instead of {_texts(blanks[:1])}."
                    )
                    found.append(Tip.FEED_PARTNER)
            if (
                Tip.BOTH_COPIES not in tips and Tip.BOTH_COPIES not in found
                and seen[c] and c == t.winning_card and rules.copies >= 2
            ):  # fmt: skip
                fell = number_word(seen[c])
                notes.append(
                    f"Track every copy: {fell} {c.text} had fallen in earlier tricks, yet "
                    f"another {c.text} wins this one."
                )
                found.append(Tip.BOTH_COPIES)
            if still_shown[(c, s)]:
                still_shown[(c, s)] -= 1
                notes.append(f"The {c.text} shown in meld comes out now, as you knew it was there.")
        if not last and t.points == 0 and Tip.POINTS_NOT_TRICKS not in tips:
            notes.append(
                "Points, not tricks: this trick holds no counter, so winning it scores nothing."
            )
            found.append(Tip.POINTS_NOT_TRICKS)
        for i, c in enumerate(t.cards):
            left[t.seats[i]].remove(c)
        seen.update(t.cards)
        text = (
            f"Trick {k}: {_does(t.winner, rules, 'win', True)} it with {t.winning_card.text}, "
            f"**{t.points}** trick points{' (with the last-trick bonus)' if last else ''}. "
            + " ".join(notes)
        )
        add(WorkedStep(text.strip(), t.cards, True, names, win_pos, numbers=tuple(nums)), *found)
    result = hand.scores[0]
    bidders = rules.side(hand.declarer)
    decl_meld = sum(hand.melds[s].total for s in range(rules.players) if rules.side(s) == bidders)
    taken = hand.side_points[bidders]
    sum_up = ""
    dropped = trick_points(hand.discards, rules) if rules.has_kitty else 0
    if hand.made and decl_meld + taken == result.bidder:
        among = f", the discards' {dropped} among them" if dropped else ""
        sum_up = f": {decl_meld} meld + {taken} trick points{among}"
    add(
        WorkedStep(
            f"The contract of {hand.contract} was {'made' if hand.made else 'missed'}: "
            f"{Side(rules.partnerships).declarers} scores "
            f"**{result.bidder}**{sum_up}.",
            numbers=(hand.contract, result.bidder, decl_meld, taken, dropped),
        )
    )
    at = {st.numbers[0]: i for i, st in enumerate(steps) if st.trick and st.numbers}
    decisions = {at[k]: d for k, d in guided_decisions(hand, me).items() if k in at}
    return GuidedHand(
        WorkedExample("A guided hand", rules, tuple(steps)), hand, tips, play, decisions
    )


FEED_CHECK_SEEDS = range(1000, 1040)
"""The deals :func:`fresh_feed_check` looks through: beyond those :func:`guided_seed`
searches, so the check is never a position of the guided hand shown above it."""


def fresh_feed_check(rules: RuleSet = CLASSIC) -> CheckQuestion | None:
    """Lesson 7's check on feeding your partner, on a deal of its own
    (:data:`FEED_CHECK_SEEDS`): the first with a moment to feed a partner as the last
    to play (:func:`feed_check`), so all that makes the trick safe is on the table;
    ``None`` when none has one (three-handed: no partner)."""
    if not rules.partnerships:
        return None
    for seed in FEED_CHECK_SEEDS:
        q = feed_check(guided_hand(rules, seed), last_only=True)
        if q is not None:
            return q
    return None


def feed_check(guided: GuidedHand, last_only: bool = False) -> CheckQuestion | None:
    """At the guided hand's feed-your-partner moment: the counter or the worthless
    card? ``None`` when the hand has no such moment (``last_only``: none where the
    feeding player plays last, so the question shows everything that makes the trick
    safe)."""
    at = guided.tips.get(Tip.FEED_PARTNER)
    if at is None:
        return None
    step = guided.example.steps[at]
    k = step.numbers[0] - 1
    rules, h = guided.example.rules, guided.hand
    t = h.tricks[k]
    assert h.trump is not None
    left = [list(x) for x in guided.play_hands]
    for e in h.tricks[:k]:
        for c, seat in zip(e.cards, e.seats, strict=True):
            left[seat].remove(c)
    for i, seat in enumerate(t.seats):
        before = t.cards[:i]
        card = t.cards[i]
        if not before or rules.counter_points[card.rank] == 0 or card.text not in step.text:
            continue
        if t.seats[trick_winner(before, h.trump)] != rules.partner(seat):
            continue
        last = i == rules.players - 1
        if last_only and not last:
            continue
        legal = legal_plays(left[seat], before, h.trump)
        top = trick_winner(before, h.trump)

        def stays(
            c: Card, top: int = top, before: tuple[Card, ...] = before, trump: Suit = h.trump
        ) -> bool:
            """Whether partner's card still wins the trick with ``c`` on it."""
            return trick_winner([*before, c], trump) == top

        blank = next((c for c in legal if rules.counter_points[c.rank] == 0 and stays(c)), None)
        if blank is None or not stays(card):
            continue
        win = before[top]
        pts = rules.counter_points[card.rank]
        # The learner judges whether the trick is safe: the question does not say so.
        safe = (
            f"you play last, so nobody can beat {win.text}"
            if last
            else f"no one still to play can beat {win.text}"
        )
        return CheckQuestion(
            f"{h.trump.plural.capitalize()} are trump. The trick so far is {_texts(before)}: your "
            f"partner's {win.text} is winning{' and you play last' if last else ''}. You may "
            f"play {_texts(legal)}. Which do you play, {card.text} or {blank.text}?",
            (card.text, blank.text),
            card.text,
            f"Feed your partner: {safe}; the trick is "
            f"secure, and {card.text} adds {plural(pts, 'trick point')} to your side.",
            {blank.text: f"{blank.text} is worth nothing: {safe}, so a counter was safe here."},
            tuple(before),
        )
    return None


def learner_turns(guided: GuidedHand) -> dict[int, tuple[PlayerView, Card]]:
    """The guided hand's steps where seat 0 (you) plays a card: step index -> (your view
    just before you played, the card played in the hand)."""
    from pinochle_tutor.coach.play import play_decisions

    at = {s.numbers[0]: i for i, s in enumerate(guided.example.steps) if s.trick and s.numbers}
    return {at[k]: (view, card) for k, view, card in play_decisions(guided.hand, 0) if k in at}


def coach_comment(
    view: PlayerView, card: CardLike, played: Card, *, samples: int = COMMENT_SAMPLES
) -> tuple[bool, str]:
    """The tutor on the card you picked: whether it is legal (the trick rules), and if
    so what the coach (:func:`~pinochle_tutor.coach.play.advise_play` on ``samples``
    imagined deals) thinks of it, then the card played in the hand. Never raises for a
    wrong card; returns (legal, text)."""
    from pinochle_tutor.coach.play import advise_play, evaluate_play

    assert view.trump is not None
    verdict = check_play(view.hand, view.trick, view.trump, card, view.rules)
    if not verdict.legal:
        return False, verdict.reason
    c = verdict.card
    ev = evaluate_play(view, samples=samples, seed=0)
    advice = advise_play(view, ev)
    if c == advice.card:
        head = f"The coach would play {c.text} too."
    elif ev.is_clear_mistake(c):
        head = f"The coach prefers {advice.card.text}."
    else:
        head = (
            f"{c.text} is as good as the coach's {advice.card.text}, within the evaluation's error."
        )
    tail = "" if c == played else f" In this hand {played.text} was played."
    return True, f"{head} {advice.text}{tail}"
