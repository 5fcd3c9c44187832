"""Find problem deals for the bank (exercises/problems/): positions where the coach's
best choice is clear against every legal choice, written as TOML for a teacher to read,
edit and keep.

    .venv/bin/python scripts/find_problems.py feed_partner --count 3 --answer contrary > more.toml

Deals are played by the heuristic players from seeded deals; at each decision of the
tip's kind (a card play the tip speaks to; a call of the auction where the partner does
not hold the bid, for the bidding tips; a call after the partner has called in the
auction, bid or passed, for the partner's call; the partner's pass, for the exchange; a
lead by the declaring side where the coach's draw-trump principle fits, the seat holding
trump and an opponent who may, for the declarer's plan; a lead by a defender with a lead
to a void among the legal cards, for defence) the
position is kept when it passes the all-choices check
(:func:`pinochle_tutor.course.problem_judge.check_all_choices`: the answer against every
legal card, every call or every pass, on the same deals, with the lower 95% bound of its
margin over each at least the least margin) and then the load check on the choices
offered (:func:`~pinochle_tutor.course.problem_judge.check_problem`).

``--answer`` picks positions where the tip's usual answer is right (``usual``: bid when
counting first, pass on meld alone, feed a counter, cash a counter both copies of whose
betters are gone, save the counters on a lost trick, lead no counter into shown meld) or
WRONG (``contrary``: the count falls short; the meld comes with the aces and trumps to
make the bid; the partner's card is not safe, so feed nothing; one copy of the higher
card is still out, so lead no counter; the trick holds counters, so take it with one;
lead a counter no shown card threatens), so that a set's title never gives its answer
away (:func:`~pinochle_tutor.course.problems.answer_kind`). For the declarer's plan the
usual answer is a trump lead (draw trump: an opponent's trump could take the side's
winners); ``contrary`` finds another card clearly best though the seat holds trump and an
opponent may (a sure winner cashed before an opponent runs out of its suit, a lead to
the partner's void). For defence the usual answer is a lead to a void
(:func:`~pinochle_tutor.course.problems.lead_to_a_void`: the partner's shown void, the
partner may still trump; or a suit the declarer showed to be out of, forcing a trump);
``contrary`` finds a sure winner cashed instead though such a lead is there. For the
partner's call the
usual answer depends on where the partner's calls left the auction
(:data:`PARTNER_USUAL`): pass while the partner holds the bid (passing leaves the
contract with the side), bid when an opponent has bid over the partner (the partner's
bid adds to the side's count), pass when the partner has passed (its pass shows a hand
that adds little); ``contrary`` finds the other call there: the side's count clears the
bid over a partner, falls short after the partner's bid, or clears it as the side's last
chance.

The offered choices of a call or an exchange are the answer and the check's two
strongest alternatives (a card play offers every legal card). The level follows how
clear the answer is (every other choice's margin in standard errors: 8 or more is level
1, 4 or more level 2, else 3). The write-up says, from what the deciding seat can see,
why the answer beats the strongest alternative, naming it: a count (the hand's meld, the
side's meld and trick points on the coach's deals, against the bid; for the partner's
call also the partner's calls and what they show by common practice, the partner's meld
on those deals, and what passing gives), the cards played,
the meld shown and not yet played, the voids shown, the cards still out; for the
declarer's plan also what the tricks must still bring (the contract less the side's meld
less the trick points taken) and the trumps in the hand and still out; for defence
what sets the contract (the declarer's side needs its contract less its meld in trick
points: the defenders set it by taking more than the rest), the trick points each side
has taken, the defenders' meld save, and the voids the lead goes to. A position
whose reason cannot be said truly from the seat's view is skipped. Edit the text
freely; the tests check the answer again.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator

from pinochle_tutor.actions import Action, Bid, Give, Play
from pinochle_tutor.auction import Auction
from pinochle_tutor.bots import HeuristicPlayer
from pinochle_tutor.cards import Card, Rank, Suit, cards_text
from pinochle_tutor.coach.bid import evaluate_bid
from pinochle_tutor.coach.exchange import evaluate_exchange
from pinochle_tutor.coach.play import evaluate_play
from pinochle_tutor.coach.play_principles import principle_fits
from pinochle_tutor.course.problem_bank import problem_entry, problems_toml
from pinochle_tutor.course.problem_judge import ProblemJudge, side_count
from pinochle_tutor.course.problems import (
    PROBLEM_BID_SAMPLES,
    PROBLEM_EXCHANGE_SAMPLES,
    PROBLEM_PLAY_SAMPLES,
    Problem,
    ProblemCheck,
    ProblemError,
    Tip,
    answer_kind,
    choice_words,
    lead_to_a_void,
    min_margin,
)
from pinochle_tutor.course.quiz.kinds.bid import partner_situation as bid_partner_situation
from pinochle_tutor.course.quiz.vocabulary import QuizRule
from pinochle_tutor.deal import make_deck
from pinochle_tutor.explain.coaching import PlayPrinciple
from pinochle_tutor.explain.still_out import OutCount, count_still_out
from pinochle_tutor.game import Hand
from pinochle_tutor.meld import meld, meld_points
from pinochle_tutor.rules import CLASSIC
from pinochle_tutor.scoring import minimum_tricks
from pinochle_tutor.sim.inference import AuctionInfo, InferenceKind
from pinochle_tutor.sim.knowledge import Knowledge
from pinochle_tutor.sim.policy import default_allowance
from pinochle_tutor.tricks import trick_winner
from pinochle_tutor.view import Phase, PlayerView, seat_words
from pinochle_tutor.words import plural

USUAL = {
    Tip.COUNT_FIRST: "bid",
    Tip.MELD_ALONE: "pass",
    Tip.FEED_PARTNER: "counter",
    Tip.BOTH_COPIES: "counter",
    Tip.POINTS_NOT_TRICKS: "no counter",
    Tip.EXPOSED_CARDS: "no counter",
    Tip.DECLARER_PLAN: "trump",
    Tip.DEFENCE: "to a void",
}
"""The answer each tip's title suggests (see the module text)."""
OTHER = {"bid": "pass", "pass": "bid", "counter": "no counter", "no counter": "counter",
         "trump": "no trump", "no trump": "trump", "to a void": "not to a void",
         "not to a void": "to a void"}

Writer = Callable[[ProblemCheck], "str | None"]


def _level(check: ProblemCheck) -> int:
    clear = min((v.margin / v.margin_stderr if v.margin_stderr else 99.0) for v in check.others)
    return 1 if clear >= 8 else 2 if clear >= 4 else 3


def _problem(tip: Tip, seed: int, dealer: int, actions: list[Action], question: str,
             answer: Action) -> Problem:  # fmt: skip
    pid = f"{tip.value.replace('_', '-')}-{seed}-{len(actions)}"
    return Problem(
        pid, tip, 1, CLASSIC, dealer, seed, None, (), tuple(actions), question, answer, (), ""
    )


def _decisions(seed: int, dealer: int) -> Iterator[tuple[Hand, list[Action]]]:
    """Every decision of one hand played by the heuristic players, with the actions so far."""
    h = Hand(dealer, CLASSIC, seed=seed)
    bot = HeuristicPlayer()
    done: list[Action] = []
    while h.to_act is not None and h.phase is not Phase.DONE:
        yield h, list(done)
        before = len(h.history)
        h.act(bot)
        done += [a for _, a in h.history[before:]]


# ------------------------------------------------------------------ what the seat knows


def _counter(card: Card, view: PlayerView) -> bool:
    return view.rules.counter_points[card.rank] > 0


def _played(view: PlayerView) -> list[tuple[int, int, Card]]:
    """(trick number, seat, card) for every card played so far, this trick's too."""
    out = [
        (n, s, c)
        for n, t in enumerate(view.tricks, 1)
        for s, c in zip(t.seats, t.cards, strict=True)
    ]
    now = len(view.tricks) + 1
    return out + [(now, s, c) for s, c in zip(view.trick_seats, view.trick, strict=True)]


def _unseen(view: PlayerView) -> Counter[Card]:
    """The cards neither in the seat's hand nor played (shown meld still counts here:
    it is in a hand, not out of play): the cards still out."""
    left = Counter(make_deck(view.rules))
    left.subtract(view.hand)
    left.subtract(c for _, _, c in _played(view))
    return +left


def _above(card: Card, cards: Iterable[Card]) -> list[Card]:
    return [c for c in cards if c.suit is card.suit and c.rank > card.rank]


def _sure(view: PlayerView, card: Card) -> bool:
    """No card still out is higher in its suit (a copy played after it loses)."""
    return not _above(card, _unseen(view))


def _who(seat: int, view: PlayerView) -> str:
    return seat_words(seat, view.seat, view.rules)


def _void(view: PlayerView, seat: int, suit: object) -> tuple[int, Card, Card] | None:
    """The first trick at which ``seat`` showed a void in ``suit``: (trick, its card, the led card)."""
    for n, t in enumerate(view.tricks, 1):
        led = t.cards[0]
        for s, c in zip(t.seats, t.cards, strict=True):
            if s == seat and led.suit is suit and c.suit is not suit:
                return n, c, led
    return None


def _shown_held(view: PlayerView, seat: int) -> Counter[Card]:
    """The cards ``seat`` showed in meld and has not played since."""
    if not view.melds:
        return Counter()
    held = Counter(view.melds[seat].shown_cards)
    held.subtract(c for _, s, c in _played(view) if s == seat)
    return +held


def _may_hold(view: PlayerView, seat: int) -> list[Card]:
    """The cards still out that ``seat`` may hold as far as the deciding seat can tell:
    not in a suit it showed void in, and not a card every unseen copy of which another
    seat is known to hold (shown in meld, or passed there, and not played since)."""
    k = Knowledge.from_view(view)
    mask = k.may_hold(seat)
    found = []
    for c in dict.fromkeys(_unseen(view)):
        i = c.index
        elsewhere = sum(k.must_hold[s][i] for s in k.others if s != seat)
        if mask >> i & 1 and (k.unseen[i] > elsewhere or k.must_hold[seat][i]):
            found.append(c)
    return found


def _opponents(view: PlayerView) -> list[int]:
    return [s for s in range(view.rules.players) if s not in (view.seat, view.partner)]


def _after(view: PlayerView) -> list[int]:
    """The seats still to play to this trick after the deciding seat, in order."""
    p = view.rules.players
    return [(view.seat + j) % p for j in range(1, p - len(view.trick))]


def _tricks_words(numbers: list[int]) -> str:
    if len(set(numbers)) == 1:
        return f"trick {numbers[0]}" if len(numbers) == 1 else f"both at trick {numbers[0]}"
    return "tricks " + " and ".join(str(n) for n in numbers)


def _copies_words(view: PlayerView, card: Card) -> str:
    """Where every copy of each card above ``card`` in its suit is (played, or in the hand)."""
    parts = []
    every = "both" if view.rules.copies == 2 else "every"
    for c in sorted({c for c in make_deck(view.rules) if c.suit is card.suit and c.rank > card.rank},
                    key=lambda c: -c.rank):  # fmt: skip
        at = [n for n, _, x in _played(view) if x == c]
        mine = view.hand.count(c)
        if not at:
            parts.append(f"{every} {c.text} are in your hand")
        elif not mine:
            parts.append(f"{every} {c.text} are played ({_tricks_words(at)})")
        else:
            verb = "is" if len(at) == 1 else "are"
            parts.append(f"the {c.text} not in your hand {verb} played ({_tricks_words(at)})")
    return "; ".join(parts)


def _and(parts: list[str]) -> str:
    """``'a, b and c'``."""
    return (
        ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + (parts[-1] if parts else "")
    )


def _out_words(view: PlayerView, cards: Iterable[Card]) -> str:
    """The cards still out, each with its count: ``'the other A♥, both 10♥ and the other K♥'``."""
    out = _unseen(view)
    copies = view.rules.copies
    parts = []
    for c in sorted(dict.fromkeys(cards), key=lambda c: -c.rank):
        n = out[c]
        if not n:
            continue
        if n == copies:
            parts.append(f"both {c.text}" if copies == 2 else f"all {n} {c.text}")
        elif copies == 2:
            parts.append(f"the other {c.text}")
        else:
            parts.append(f"{n} {c.text}")
    return _and(parts)


def _be(words: str) -> str:
    return "are" if " and " in words or words.startswith(("both", "all")) else "is"


def _points_words(cards: Iterable[Card], view: PlayerView) -> int:
    return sum(view.rules.counter_points[c.rank] for c in cards)


def _strongest_card(check: ProblemCheck) -> Card | None:
    alt = check.others[0].choice if check.others else None
    return alt.card if isinstance(alt, Play) else None


# ------------------------------------------------------------------ card-play write-ups


def _both_copies_writeup(view: PlayerView, answer: Card, alt: Card) -> str | None:
    """Why the answer is a sure winner, why the next best card loses, and why any
    other sure winner loses (an opponent shown void, who must trump); ``None`` when that
    cannot be said from the seat's view."""
    trump = view.trump
    if view.trick or trump is None or not _sure(view, answer):
        return None
    if not any(c.suit is answer.suit and c.rank > answer.rank for _, _, c in _played(view)):
        return None  # no higher copy has gone: nothing to track (an ace is always the highest)
    voids = [(s, v) for s in _opponents(view) if (v := _void(view, s, answer.suit)) is not None]
    if answer.suit is not trump and voids:
        return None
    if answer.suit is trump:
        why = "nobody can beat it, and a copy played after it would lose"
    else:
        why = (f"no {answer.suit.singular} can beat it, and a copy played after it would lose "
               f"(only a player with no {answer.suit.plural} left could trump it)")  # fmt: skip
    suit_word = "trump" if answer.suit is trump else answer.suit.singular
    text = [f"Track both copies: {_copies_words(view, answer)}. So your {answer.text} is the highest "
            f"{suit_word} left: {why}."]  # fmt: skip
    sure: dict[object, list[Card]] = {}
    for c in dict.fromkeys(view.legal):
        if c == answer or not _sure(view, c):
            continue
        if c.suit is trump or c.suit is answer.suit:
            return None  # another sure winner of the same kind: nothing tells them apart
        sure.setdefault(c.suit, []).append(c)
    for cards in sure.values():
        suit = cards[0].suit
        shown = [(s, v) for s in _opponents(view) if (v := _void(view, s, suit)) is not None]
        if not shown:
            return None
        s, (n, played, led) = shown[0]
        trumps = [c for c in _shown_held(view, s).elements() if c.suit is trump]
        holds = (f"still holds the {cards_text(trumps)} shown in meld, so must trump it" if trumps
                 else "must trump it if they still hold a trump")  # fmt: skip
        text.append(f"Your {cards_text(cards)} {'is a sure winner' if len(cards) == 1 else 'are sure winners'} "
                    f"in {suit.plural} too, but {_who(s, view)} showed a {suit.singular} void at trick {n} "
                    f"({played.text} on the {led.text}) and {holds}.")  # fmt: skip
    if not _sure(view, alt):
        out = _out_words(view, _above(alt, _unseen(view)))
        text.append(f"Your {alt.text}, the next best card, is no sure winner: {out} "
                    f"{_be(out)} still out, and could take it.")  # fmt: skip
    elif alt.text not in " ".join(text):
        return None
    text.append(f"Lead the {answer.text}.")
    return " ".join(text)


def _both_copies_contrary(view: PlayerView, answer: Card, alt: Card) -> str | None:
    """One copy of a card above the next best card (a counter) is played and the
    other is still out: leading that counter is no sure trick, so lead a card that is no
    counter."""
    if view.trick or _counter(answer, view) or not _counter(alt, view):
        return None
    out = _unseen(view)
    gone = [c for c in dict.fromkeys(_above(alt, make_deck(view.rules)))
            if out[c] and any(x == c for _, _, x in _played(view)) and c not in view.hand]  # fmt: skip
    if not gone:
        return None
    seen = " and ".join(
        f"one {c.text} (trick {next(n for n, _, x in _played(view) if x == c)})" for c in gone
    )
    still = _out_words(view, _above(alt, out))
    text = (
        f"Track both copies: you have seen {seen} played, but {still} {_be(still)} still out, so "
        f"your {alt.text}, the next best card, is no sure winner: led, it can fall to "
        f"{still.replace('both ', 'either of the ')} and hand the opponents a counter. Lead the "
        f"{answer.text}: it is no counter, so if it loses the trick you have given away nothing "
        "of yours."
    )
    over = list(dict.fromkeys(_above(answer, out)))
    if (answer.suit is view.trump and alt.suit is answer.suit and len(over) == 1 and out[over[0]] == 1
            and not [c for c in _above(alt, out) if c != over[0]]):  # fmt: skip
        # The one higher card still out must be played to beat the answer (rule 2), and
        # nobody can trump a trump lead: it falls now, and the other card is then sure.
        top = over[0]
        text += (f" And whoever holds the other {top.text} must follow suit and beat your "
                 f"{answer.text} (each player must beat the winning card if they can): only the "
                 f"{top.text} can, so it falls on this trick, and your {alt.text} is then the "
                 "highest trump left.")  # fmt: skip
    return text


def _exposed_writeup(view: PlayerView, answer: Card, alt: Card) -> str | None:
    """The shown cards that threaten the seat's counters, the next best card among
    them, and why the answer is the better lead."""
    if view.trick:
        return None
    held = {s: _shown_held(view, s) for s in _opponents(view)}
    if _counter(answer, view) and any(_above(answer, h) for h in held.values()):
        return None
    text = []
    threatened: list[Card] = []
    for s, h in held.items():
        mine = [
            c
            for c in dict.fromkeys(view.legal)
            if c != answer and _counter(c, view) and _above(c, h)
        ]
        if not mine:
            continue
        beaters = sorted({x for c in mine for x in _above(c, h)}, key=lambda x: x.order)
        threatened += mine
        them = "it" if len(beaters) == 1 else "them"
        text.append(f"{_who(s, view).capitalize()} showed {cards_text(beaters)} in meld and has not played "
                    f"{them}: led, your {cards_text(mine)} could fall to {them}, since each player must "
                    "beat the winning card if they can.")  # fmt: skip
    if alt not in threatened:
        return None
    if _counter(answer, view):
        suit = answer.suit
        kind = "trump" if suit is view.trump else suit.singular
        out = _out_words(view, _above(answer, _unseen(view)))
        if out:
            risk = (f"It is not sure to win ({out} {_be(out)} still out), but no card shown in meld "
                    "beats it, while the shown cards surely beat the others.")  # fmt: skip
        elif suit is view.trump:
            risk = "Nothing still out beats it: it is the highest trump left."
        else:
            risk = (f"No {kind} still out beats it (a copy played after it would lose); only a "
                    f"player with no {suit.plural} left could trump it.")  # fmt: skip
        text.append(f"No {kind} the opponents showed and still hold is higher than your {answer.text}. "
                    f"{risk} Lead the {answer.text}, not the {alt.text}.")  # fmt: skip
    else:
        text.append(f"Lead the {answer.text} instead of your {alt.text}: it is no counter, so it "
                    "risks nothing of yours.")  # fmt: skip
    return " ".join(text)


def _winning(view: PlayerView) -> tuple[Card, int]:
    assert view.trump is not None
    k = trick_winner(view.trick, view.trump)
    return view.trick[k], view.trick_seats[k]


def _feed_writeup(view: PlayerView, answer: Card, alt: Card) -> str | None:
    """Why the partner's card is safe, why this counter and not the next best card;
    ``None`` when the seat's view does not show it."""
    trump = view.trump
    if not view.trick or trump is None or not _counter(answer, view):
        return None
    win, seat = _winning(view)
    if seat != view.partner:
        return None
    later = [s for s in _after(view) if s != view.partner]
    if not later:
        safe = "you play last"
    elif _sure(view, win) and win.suit is trump:
        safe = "no trump still out beats it (a copy played after it would lose)"
    elif _sure(view, win) and all(
        any(c.suit is win.suit for c in _shown_held(view, s)) for s in later
    ):
        safe = (f"no {win.suit.singular} still out beats it (a copy played after it would lose), and "
            f"everyone still to play holds a "
                f"{win.suit.singular} shown in meld, so must follow suit and cannot trump")  # fmt: skip
    else:
        return None
    others = [c for c in dict.fromkeys(view.legal) if c != answer and _counter(c, view)]
    if not others:
        one = "the" if view.hand.count(answer) == 1 else "a"
        why = f"{one} {answer.text}, the only counter you may play"
    elif all(_sure(view, c) for c in others):
        why = (
            f"the {answer.text}, and keep your {cards_text(others)}: nothing still out beats "
            f"{'it' if len(others) == 1 else 'them'}, so each can win a trick of its own later"
        )
    else:
        return None
    text = f"Your partner's {win.text} is winning this trick and {safe}: feed it {why}."
    if not _counter(alt, view):
        text += f" The {alt.text}, the next best card, adds nothing to the trick."
    elif alt not in others:
        return None
    return text


def _feed_contrary(view: PlayerView, answer: Card, alt: Card) -> str | None:
    """The partner's card is winning but an opponent still to play could take the trick:
    feed nothing, and say why the next best card (a counter) would be at risk."""
    trump = view.trump
    if not view.trick or trump is None or _counter(answer, view) or not _counter(alt, view):
        return None
    win, seat = _winning(view)
    if seat != view.partner or _beats(alt, win, view):
        return None
    led = view.trick[0].suit
    k = Knowledge.from_view(view)
    reasons = []
    for s in _after(view):
        if s == view.partner:
            continue
        may = k.may_hold(s)
        if win.suit is led:
            higher = [
                c for c in dict.fromkeys(_above(win, _unseen(view))) if c in _may_hold(view, s)
            ]
            if higher:
                words = _out_words(view, higher)
                reasons.append(f"{words} {_be(words)} still out, and {_who(s, view)}, who plays after "
                               f"you, may hold {'it' if _be(words) == 'is' else 'one'} and must then "
                               f"beat the {win.text}")  # fmt: skip
                continue
        found = _void(view, s, led) if led is not trump and win.suit is not trump else None
        if found is not None and any(
            may >> c.index & 1 for c in make_deck(view.rules) if c.suit is trump
        ):
            n, played, first = found
            reasons.append(f"{_who(s, view)}, who plays after you, showed no {led.plural} at trick "
                           f"{n} ({played.text} on the {first.text}) and must trump it if they "
                           "still hold a trump")  # fmt: skip
            continue
        trumps = [c for c in dict.fromkeys(_shown_held(view, s)) if c.suit is trump]
        if (
            led is not trump
            and win.suit is not trump
            and trumps
            and not any(c.suit is led for c in _may_hold(view, s))
        ):
            left = list(dict.fromkeys(c for c in _unseen(view) if c.suit is led))
            shown = [o for o in range(view.rules.players) if o not in (view.seat, s)
                     and all(_unseen(view)[c] <= _shown_held(view, o)[c] for c in left)]  # fmt: skip
            place = (f"{_who(shown[0], view)} showed {'it' if len(left) == 1 else 'them'} in meld"
                     if shown else "it is known to be in another hand")  # fmt: skip
            if not left:
                where = f"every {led.singular} is played or in your hand"
            elif len(left) == 1:
                where = (
                    f"the only {led.singular} still out, the {left[0].text}, is not theirs: {place}"
                )
            else:
                where = f"the {led.plural} still out, {cards_text(left)}, are not theirs: {place}"
            one = len(trumps) == 1
            reasons.append(f"{_who(s, view)}, who plays after you, showed {cards_text(trumps)}, "
                           f"{'a trump' if one else 'trumps'}, in meld and still holds "
                           f"{'it' if one else 'them'}, and can have no {led.singular} left ({where}). "
                           f"With no {led.singular}, they must trump your partner's {win.text}")  # fmt: skip
    if not reasons:
        return None
    return (
        f"Your partner's {win.text} is winning so far, but it is not safe: {reasons[0]}. Feed only "
        f"a trick that is safe: play the {answer.text}, worth nothing to whoever takes the trick. "
        f"Your {alt.text}, the next best card, would go to the opponents if they take it."
    )


def _beats(card: Card, win: Card, view: PlayerView) -> bool:
    assert view.trump is not None
    return trick_winner([win, card], view.trump) == 1


def _points_writeup(view: PlayerView, answer: Card, alt: Card) -> str | None:
    """Save the counters on a trick the side has lost, or keep a winner off a trick with
    no counters: why the answer (no counter) beats the next best card."""
    if not view.trick or _counter(answer, view):
        return None
    win, seat = _winning(view)
    table = _points_words(view.trick, view)
    beaters = [c for c in dict.fromkeys(view.legal) if _beats(c, win, view)]
    mine = seat in (view.seat, view.partner)
    partner_done = view.partner is None or view.partner in view.trick_seats
    if not mine and not beaters and partner_done and _counter(alt, view):
        return (
            f"{_who(seat, view).capitalize()}'s {win.text} is winning this trick, nothing you may "
            "play beats it, and your partner has played: the trick is lost. Points, not tricks: "
            f"give it the {answer.text}, worth nothing. Your {alt.text}, the next best card, "
            f"would hand the opponents {view.rules.counter_points[alt.rank]} trick points."
        )
    if not mine and table == 0 and alt in beaters and not _beats(answer, win, view):
        return (
            f"This trick holds no counters so far ({cards_text(view.trick)}). Points, not tricks: "
            f"winning it with your {alt.text}, the next best card, spends a winner on a "
            f"trick worth nothing. Play the {answer.text} and keep the {alt.text} for a trick with "
            "counters in it."
        )
    return None


def _points_contrary(view: PlayerView, answer: Card, alt: Card) -> str | None:
    """The trick already holds counters and the answer, a counter, takes it from an
    opponent; the next best card would leave those points to them."""
    if not view.trick or not _counter(answer, view):
        return None
    win, seat = _winning(view)
    table = _points_words(view.trick, view)
    if seat in (view.seat, view.partner) or table == 0 or not _beats(answer, win, view):
        return None
    counters = [c for c in view.trick if _counter(c, view)]
    later = list(_after(view))
    if _beats(alt, win, view):
        # Both take the trick now: say so only when nothing still out beats the answer and
        # an opponent still to play may beat the other one (holding a card that beats it, and
        # not known to hold a card of the suit led when it would have to trump).
        if _above(answer, _unseen(view)) or alt.suit is not answer.suit:
            return None
        led = view.trick[0].suit
        danger = ""
        for s in later:
            if s == view.partner:
                continue
            held = _shown_held(view, s)
            if alt.suit is not led and any(c.suit is led for c in held):
                continue  # it must follow suit: it cannot trump
            known = [c for c in dict.fromkeys(held) if _beats(c, alt, view)]
            may = [c for c in _may_hold(view, s) if _beats(c, alt, view)]
            who = f"{_who(s, view)}, who plays after you,"
            if known:
                them = "it" if len(known) == 1 else "them"
                must = (f"if they have no {led.plural} left, they must trump over your {alt.text}"
                        if alt.suit is not led else f"they must beat your {alt.text} with it if they can")  # fmt: skip
                danger = (f"but {who} showed {cards_text(known)} in meld and still holds {them}: "
                          f"{must}, and take those points")  # fmt: skip
            elif may:
                words = _out_words(view, may)
                danger = (f"but {words} {_be(words)} still out, and {who} may hold "
                          f"{'it' if _be(words) == 'is' else 'one'} and take those points")  # fmt: skip
            if danger:
                break
        if not danger:
            return None
        return (
            f"This trick already holds {cards_text(counters)}, {table} trick points, and "
            f"{_who(seat, view)}'s {win.text} is winning it. Points, not tricks: take it with "
            f"your {answer.text}, the highest {'trump' if answer.suit is view.trump else answer.suit.singular} "
            f"left (a copy played after it would lose). Your {alt.text}, the "
            f"strongest other card, beats the {win.text} too, {danger}."
        )
    if not later:
        safe = " You play last, so it wins."
    elif not _above(answer, _unseen(view)) and (answer.suit is view.trump or all(
            any(c.suit is answer.suit for c in _shown_held(view, s)) for s in later)):  # fmt: skip
        safe = " Nobody still to play can beat it."
    else:
        safe = ""
    return (
        f"This trick already holds {cards_text(counters)}, {table} trick points, and "
        f"{_who(seat, view)}'s {win.text} is winning it. Points, not tricks: take it with your "
        f"{answer.text}.{safe} Your {alt.text}, the next best card, does not beat the "
        f"{win.text} and would leave those points to the opponents."
    )


# ------------------------------------------------------------------ the declarer's plan


def _side(view: PlayerView) -> list[int]:
    """The declaring side's seats (the declarer, and the declarer's partner if any)."""
    assert view.declarer is not None
    partner = view.rules.partner(view.declarer)
    return [view.declarer] + ([partner] if partner is not None else [])


def _plan_count(view: PlayerView) -> str | None:
    """What the tricks must still bring: the contract less the side's meld, less the
    trick points the side has taken; ``None`` when the contract needs no more than the
    meld's save (the meld alone covers it) or cannot be made."""
    rules = view.rules
    assert view.contract is not None and view.melds
    side = _side(view)
    shown = sum(view.melds[s].total for s in side)
    need = minimum_tricks(view.contract, shown, rules)
    if need is None or need != view.contract - shown:
        return None
    taken = sum(t.points for t in view.tricks if t.winner in side)
    head = (f"Count: the {view.contract} contract less your side's {shown} meld leaves {need} "
            f"trick points for the tricks to bring, and your side has taken {taken}")  # fmt: skip
    if taken >= need:
        return head + ": the contract is made, and every trick point more adds to your score."
    return head + f": {need - taken} more to take."


def _plan_trumps(view: PlayerView) -> str:
    """The trumps in the hand and still out, and what the opponents showed of theirs."""
    trump = view.trump
    assert trump is not None
    out = count_still_out(view, OutCount.TRUMPS).out
    mine = sum(c.suit is trump for c in view.hand)
    where = "in your partner's hand or the opponents'" if view.partner is not None else "against you"
    text = [f"You hold {plural(mine, 'trump')}; {out} {'is' if out == 1 else 'are'} still out, {where}."]
    for s in _opponents(view):
        held = [c for c in _shown_held(view, s).elements() if c.suit is trump]
        if held:
            them = "it" if len(held) == 1 else "them"
            both = len(held) == 2 and held[0] == held[1]
            named = f"both {held[0].text}" if both else f"the {cards_text(held)}"
            text.append(f"{_who(s, view).capitalize()} showed {named} in meld and still holds "
                        f"{them}.")  # fmt: skip
    return " ".join(text)


def _no_sure_words(view: PlayerView, card: Card) -> str:
    out = _out_words(view, _above(card, _unseen(view)))
    return f"{out} {_be(out)} still out and could beat it"


def _sure_words(view: PlayerView, card: Card) -> str:
    """``'No spade still out can beat your 10♠'``, after the copies above it when one
    has been played: ``'Track every copy: both A♠ are played (trick 2), so no ...'``."""
    kind = "trump" if card.suit is view.trump else card.suit.singular
    text = f"no {kind} still out can beat your {card.text}"
    if any(x.suit is card.suit and x.rank > card.rank for _, _, x in _played(view)):
        return f"Track every copy: {_copies_words(view, card)}, so {text}"
    return text[0].upper() + text[1:]


def _may_trump(view: PlayerView, seat: int) -> bool:
    trump = view.trump
    return any(c.suit is trump for c in _may_hold(view, seat))


def _plan_draw(view: PlayerView, answer: Card, alt: Card) -> str | None:
    """Draw trump: the count, the trumps still out, the side-suit winners an opponent's
    trump could take, and why the next best card does less."""
    trump = view.trump
    if view.trick or trump is None or answer.suit is not trump:
        return None
    count = _plan_count(view)
    winners = sorted({c for c in view.hand if c.suit is not trump and _sure(view, c)},
                     key=lambda c: c.order)  # fmt: skip
    if count is None or not winners or not any(_may_trump(view, s) for s in _opponents(view)):
        return None
    one = len(winners) == 1
    suits = list(dict.fromkeys(c.suit.plural for c in winners))
    either = ", ".join(suits[:-1]) + (" or " if len(suits) > 1 else "") + suits[-1]
    text = [count, _plan_trumps(view)]
    text.append(f"No card still out can beat your {cards_text(winners)} in {'its suit' if one else 'their suits'}, "
                f"but an opponent who runs out of {either} while still holding a trump can trump "
                f"{'it' if one else 'them'}. Draw trump: lead the {answer.text}.")  # fmt: skip
    if alt.suit is not trump:
        text.append(f"Leading the {alt.text}, the next best card, draws no trump: it leaves "
                    "the opponents' trumps in their hands, free to trump your winners once they run "
                    "out of a suit.")  # fmt: skip
    elif _sure(view, answer) and not _sure(view, alt):
        sure = _sure_words(view, answer)
        text.append(f"Your {alt.text}, the next best card, draws trump too, but it is no "
                    f"sure winner: {_no_sure_words(view, alt)}. {sure}.")  # fmt: skip
    else:
        return None
    return " ".join(text)


def _plan_other(view: PlayerView, answer: Card, alt: Card) -> str | None:
    """Not trump now: a sure winner cashed before an opponent runs out of its suit, or a
    lead to the partner's void; and why the next best card (a trump lead, or a card
    that may lose) does less."""
    trump = view.trump
    if view.trick or trump is None or answer.suit is trump:
        return None
    count = _plan_count(view)
    if count is None:
        return None
    suit = answer.suit
    shown = [s for s in _opponents(view) if _void(view, s, suit) is not None and _may_trump(view, s)]
    void = _void(view, view.partner, suit) if view.partner is not None else None
    if _sure(view, answer) and not shown:
        left = sum(n for c, n in _unseen(view).items() if c.suit is suit)
        why = (f"{_sure_words(view, answer)}: cash it before an opponent runs out of "
               f"{suit.plural} and trumps it.")  # fmt: skip
        if 0 < left <= 4:
            why += (f" Only {plural(left, suit.singular, suit.plural)} {'is' if left == 1 else 'are'} "
                    "still out: the fewer are left, the likelier an opponent has none.")  # fmt: skip
    elif void is not None and view.partner is not None and _may_trump(view, view.partner):
        n, played, led = void
        why = (f"Your partner showed no {suit.plural} at trick {n} ({played.text} on the {led.text}) "
               f"and may still hold trumps: lead the {answer.text} for your partner to trump.")  # fmt: skip
    else:
        return None
    if alt.suit is trump and not _sure(view, alt):
        why_not = (f"Your {alt.text}, the next best card, would draw trump, but it is no "
                   f"sure winner: {_no_sure_words(view, alt)}.")  # fmt: skip
    elif alt.suit is trump:
        why_not = (f"Your {alt.text}, the next best card, is a trump no card still out can "
                   f"beat, and it stays one, since nobody can trump a trump: it can wait, while your "
                   f"{answer.text} can be trumped once an opponent runs out of {suit.plural}.")  # fmt: skip
    elif not _sure(view, alt):
        why_not = (f"Your {alt.text}, the next best card, is no sure winner: "
                   f"{_no_sure_words(view, alt)}.")  # fmt: skip
    else:
        return None
    return " ".join([count, _plan_trumps(view), why, why_not])


PLAN_FIRST_LOOK = 48
"""The deals of the declarer's plan's quick first look at a lead (most leads have two
cards within a trick point of each other: no problem)."""
PLAN_FIRST_MARGIN = 1.0
"""The least runner-up loss, in trick points, the first look keeps a lead for."""


def _plan_candidate(tip: Tip, want: str | None, seed: int, dealer: int, h: Hand,
                    done: list[Action]) -> tuple[Problem, Writer] | None:  # fmt: skip
    """A lead by the declaring side (the declarer or the declarer's partner) where the
    coach's draw-trump principle fits (the seat holds trump and an opponent may too), with
    a card that is no trump to choose as well; ``want``: ``'trump'`` or ``'no trump'``."""
    view = h.view(h.to_act)  # type: ignore[arg-type]
    if view.phase is not Phase.PLAY or view.trick or view.trump is None or view.declarer is None:
        return None
    trump = view.trump
    if view.seat not in _side(view) or len(set(view.legal)) < 2:
        return None
    if all(c.suit is trump for c in view.legal) or not any(c.suit is trump for c in view.legal):
        return None
    if not any(f.principle is PlayPrinciple.DRAW_TRUMP for f in principle_fits(view)):
        return None
    if _plan_count(view) is None:
        return None  # the write-ups start from the count
    winners = [c for c in view.legal if c.suit is not trump and _sure(view, c)]
    voids = {c.suit for c in view.legal if view.partner is not None
             and _void(view, view.partner, c.suit) is not None}  # fmt: skip
    if (want == "trump" and not winners) or (want == "no trump" and not winners and not voids):
        return None  # no side-suit winner to protect or cash, no lead to the partner's void
    first = evaluate_play(view, samples=PLAN_FIRST_LOOK, seed=seed)
    if ((want is not None and (first.best.suit is trump) != (want == "trump"))
            or first.alternatives[1].loss < PLAN_FIRST_MARGIN):  # fmt: skip
        return None  # a quick look: not the answer wanted, or no clear answer
    ev = evaluate_play(view, samples=PROBLEM_PLAY_SAMPLES, seed=seed)
    kind = "trump" if ev.best.suit is trump else "no trump"
    if (want is not None and kind != want) or ev.alternatives[1].loss < min_margin(CLASSIC):
        return None
    writer = _plan_draw if kind == "trump" else _plan_other
    if writer(view, ev.best, ev.alternatives[1].card) is None:  # the likely strongest: a quick look
        return None

    def write(check: ProblemCheck) -> str | None:
        alt = _strongest_card(check)
        assert isinstance(check.problem.answer, Play)
        return writer(view, check.problem.answer.card, alt) if alt is not None else None

    return _problem(tip, seed, dealer, done, "Which card would you lead?", Play(ev.best)), write


# ------------------------------------------------------------------ defence


def _defence_count(view: PlayerView) -> str | None:
    """What sets the contract: the declarer's side needs its contract less its meld in
    trick points, so the defenders set it by taking more than the rest of the hand's
    trick points; with the trick points each side has taken, and the defenders' meld
    when it still needs the meld save. ``None`` when that cannot be said exactly (the
    meld alone covers the contract, the contract cannot be made, or it is already made
    or set)."""
    rules = view.rules
    assert view.contract is not None and view.melds
    side = _side(view)
    shown = sum(view.melds[s].total for s in side)
    need = minimum_tricks(view.contract, shown, rules)
    if need is None or need != view.contract - shown:
        return None
    total = rules.total_trick_points
    limit = total - need
    theirs = sum(t.points for t in view.tricks if t.winner in side)
    ours = sum(t.points for t in view.tricks if t.winner not in side)
    if theirs >= need or ours > limit:
        return None
    text = (f"Count: the {view.contract} contract less the declarer's side's {shown} meld leaves "
            f"them {need} of the hand's {total} trick points to take, so your side sets the contract "
            f"by taking more than {limit}. Your side has taken {ours} trick points so far, the "
            f"declarer's side {theirs}: to set the contract, take "
            f"{f'more than {limit - ours} more' if limit > ours else 'any trick points more'}.")  # fmt: skip
    mine = sum(view.melds[s].total for s in range(rules.players) if s not in side)
    if mine and ours < rules.meld_save:
        text += (f" Your side's {mine} meld counts only if your side takes at least "
                 f"{rules.meld_save} trick points, and it has {ours} so far.")  # fmt: skip
    return text


def _forcing(view: PlayerView, card: Card) -> tuple[int, Card, Card] | None:
    """The trick at which the declarer showed to be out of ``card``'s suit (a suit other
    than trump), when the declarer may still hold trumps: a forcing lead."""
    assert view.declarer is not None
    if card.suit is view.trump or not _may_trump(view, view.declarer):
        return None
    return _void(view, view.declarer, card.suit)


def _to_partner(view: PlayerView, card: Card) -> tuple[int, Card, Card] | None:
    """The trick at which the partner showed to be out of ``card``'s suit (a suit other
    than trump), when the partner may still hold trumps: a lead to the partner's void."""
    if view.partner is None or card.suit is view.trump or not _may_trump(view, view.partner):
        return None
    return _void(view, view.partner, card.suit)


def _shown_words(seat_words: str, suit: Suit, void: tuple[int, Card, Card]) -> str:
    n, played, led = void
    return f"{seat_words} showed no {suit.plural} at trick {n} ({played.text} on the {led.text})"


def _defence_habit(view: PlayerView, card: Card) -> str | None:
    """Why ``card`` is a defenders' habit lead, from the voids shown: to the partner's
    void (the partner may still hold trumps), and forcing the declarer (a suit the
    declarer showed to be out of, the declarer may still hold trumps); ``None`` when it
    is neither, or when the declarer's partner also showed that void (a lead into an
    opponent's trump the words do not weigh)."""
    assert view.declarer is not None
    suit = card.suit
    if suit is view.trump or not lead_to_a_void(view, card):
        return None
    other = view.rules.partner(view.declarer)
    if other is not None and _void(view, other, suit) is not None and _may_trump(view, other):
        return None
    text = []
    void = _to_partner(view, card)
    if void is not None:
        text.append(f"{_shown_words('Your partner', suit, void)} and may still hold trumps: lead to "
                    "your partner's void, for your partner to trump (a player with no card of the "
                    "suit led must trump if they can).")  # fmt: skip
    forced = _forcing(view, card)
    if forced is not None:
        text.append(f"{_shown_words('The declarer', suit, forced)} and may still hold trumps: force "
                    f"the declarer to trump, since with no {suit.plural} the declarer must spend a "
                    "trump on this lead if they still hold one.")  # fmt: skip
    return " ".join(text) if text else None


def _defence_sure(view: PlayerView, card: Card) -> str | None:
    """Why ``card`` is a sure winner to cash now: nothing still out beats it in its suit
    and no player of the declarer's side has shown to be out of that suit (a trump:
    nobody can trump a trump); ``None`` otherwise."""
    if not _sure(view, card):
        return None
    suit = card.suit
    if suit is view.trump:
        return f"{_sure_words(view, card)}, and nobody can trump a trump: it takes the trick."
    if any(_void(view, s, suit) is not None for s in _side(view)):
        return None
    text = (f"{_sure_words(view, card)}, and neither player of the declarer's side has shown to "
            f"be out of {suit.plural}: cash it now, before a player of the declarer's side runs "
            f"out of {suit.plural} and can trump it.")  # fmt: skip
    left = sum(n for c, n in _unseen(view).items() if c.suit is suit)
    if 0 < left <= 4:
        text += (f" Only {plural(left, suit.singular, suit.plural)} {'is' if left == 1 else 'are'} "
                 "still out: the fewer are left, the likelier a player has none.")  # fmt: skip
    return text


def _counter_words(view: PlayerView, card: Card) -> str:
    return f"{view.rules.counter_points[card.rank]} trick points"


def _defence_why_not(view: PlayerView, answer: Card, alt: Card) -> str | None:
    """Why not the next best card, named; ``None`` when it cannot be said."""
    trump = view.trump
    usual = lead_to_a_void(view, answer)
    forced, partner = _forcing(view, alt), _to_partner(view, alt)
    head = f"The {alt.text}, the next best card,"
    if lead_to_a_void(view, alt):
        if _defence_habit(view, alt) is None:
            return None  # a lead to a void the words cannot weigh
        if (usual and forced is not None and _forcing(view, answer) is not None
                and _counter(alt, view) and not _counter(answer, view)):  # fmt: skip
            return (f"{head} forces the declarer too, but it is a counter: if the declarer's trump "
                    f"takes the trick, its {_counter_words(view, alt)} go with it, while the "
                    f"{answer.text} gives the declarer's side nothing.")  # fmt: skip
        if usual:
            return None
        if forced is not None and partner is None:
            text = (f"{head} would force the declarer to trump, since "
                    f"{_shown_words('the declarer', alt.suit, forced)}, but it is no sure trick for "
                    "your side: the declarer, who may still hold trumps, must trump it.")  # fmt: skip
            if _counter(alt, view):
                text += f" And it is a counter: {_counter_words(view, alt)} for whoever takes it."
            return text
        if partner is not None and forced is None and not _sure(view, alt):
            if view.partner is None or any(c.suit is trump for c in _shown_held(view, view.partner)):
                return None
            return (f"{head} leads to your partner's void, since "
                    f"{_shown_words('your partner', alt.suit, partner)}, but it is no sure trick: "
                    f"{_no_sure_words(view, alt)}, so it needs a trump in your partner's hand, and your "
                    "partner has no trump shown in meld left in hand.")  # fmt: skip
        return None
    if alt.suit is trump and _sure(view, alt):
        if answer.suit is trump:
            return None  # two sure trumps: nothing the seat sees tells them apart
        return (f"Your {alt.text}, the next best card, is a trump no card still out can beat, "
                "and it stays one, since nobody can trump a trump: it can wait.")  # fmt: skip
    if not _sure(view, alt):
        return (f"Your {alt.text}, the next best card, is no sure winner: "
                f"{_no_sure_words(view, alt)}.")  # fmt: skip
    shown = [(s, v) for s in _side(view) if (v := _void(view, s, alt.suit)) is not None and _may_trump(view, s)]
    if shown:
        s, v = shown[0]
        return (f"Your {alt.text}, the next best card, is the highest {alt.suit.singular} left, "
                f"but {_shown_words(_who(s, view), alt.suit, v)} and may still hold trumps: a player "
                f"with no {alt.suit.plural} must trump it if they can.")  # fmt: skip
    if usual and _to_partner(view, answer) is not None:
        return (f"Your {alt.text}, the next best card, is a sure winner in its suit too, but a "
                "lead to your partner's void works only while your partner still holds a trump, and "
                "the declarer's side can draw trumps.")  # fmt: skip
    return None


def _defence_writeup(view: PlayerView, answer: Card, alt: Card) -> str | None:
    """The count (what sets the contract), why the answer (a lead to a void, or a sure
    winner cashed), and why not the next best card, named; ``None`` when a reason
    cannot be said from the seat's view."""
    if view.trick or view.trump is None or answer == alt:
        return None
    count = _defence_count(view)
    if count is None:
        return None
    why = _defence_habit(view, answer) if lead_to_a_void(view, answer) else _defence_sure(view, answer)
    why_not = _defence_why_not(view, answer, alt)
    if why is None or why_not is None:
        return None
    coach = (f"On the coach's deals your side takes fewer trick points from here on after leading "
             f"the {alt.text} than after the {answer.text} (the coach's numbers follow).")  # fmt: skip
    return " ".join([count, why, f"Lead the {answer.text}.", why_not, coach])


def _defence_candidate(tip: Tip, want: str | None, seed: int, dealer: int, h: Hand,
                       done: list[Action]) -> tuple[Problem, Writer] | None:  # fmt: skip
    """A lead by a defender (a seat not on the declarer's side) with a real choice,
    where a lead to a void (:func:`lead_to_a_void`: the partner's shown void, or a suit
    the declarer showed to be out of) is one of the legal cards and not the only kind;
    ``want``: ``'to a void'`` or ``'not to a void'``."""
    view = h.view(h.to_act)  # type: ignore[arg-type]
    if view.phase is not Phase.PLAY or view.trick or view.trump is None or view.declarer is None:
        return None
    if view.seat in _side(view) or len(set(view.legal)) < 2:
        return None
    to_void = {c for c in view.legal if lead_to_a_void(view, c)}
    if not to_void or to_void == set(view.legal):
        return None
    if _defence_count(view) is None:
        return None  # the write-ups start from the count
    if want == "to a void" and not any(_defence_habit(view, c) for c in to_void):
        return None
    if want == "not to a void" and not any(_defence_sure(view, c) for c in view.legal if c not in to_void):
        return None  # no sure winner to cash instead

    def kind(c: Card) -> str:
        return "to a void" if c in to_void else "not to a void"

    first = evaluate_play(view, samples=PLAN_FIRST_LOOK, seed=seed)
    if (want is not None and kind(first.best) != want) or first.alternatives[1].loss < PLAN_FIRST_MARGIN:
        return None  # a quick look: not the answer wanted, or no clear answer
    ev = evaluate_play(view, samples=PROBLEM_PLAY_SAMPLES, seed=seed)
    if (want is not None and kind(ev.best) != want) or ev.alternatives[1].loss < min_margin(CLASSIC):
        return None
    if _defence_writeup(view, ev.best, ev.alternatives[1].card) is None:  # the likely strongest
        return None

    def write(check: ProblemCheck) -> str | None:
        alt = _strongest_card(check)
        assert isinstance(check.problem.answer, Play)
        return _defence_writeup(view, check.problem.answer.card, alt) if alt is not None else None

    return _problem(tip, seed, dealer, done, "Which card would you lead?", Play(ev.best)), write


PLAY_WRITERS: dict[tuple[Tip, str], Callable[[PlayerView, Card, Card], str | None]] = {
    (Tip.FEED_PARTNER, "counter"): _feed_writeup,
    (Tip.FEED_PARTNER, "no counter"): _feed_contrary,
    (Tip.BOTH_COPIES, "counter"): _both_copies_writeup,
    (Tip.BOTH_COPIES, "no counter"): _both_copies_contrary,
    (Tip.POINTS_NOT_TRICKS, "no counter"): _points_writeup,
    (Tip.POINTS_NOT_TRICKS, "counter"): _points_contrary,
    (Tip.EXPOSED_CARDS, "no counter"): _exposed_writeup,
    (Tip.EXPOSED_CARDS, "counter"): _exposed_writeup,
}


def _play_candidate(tip: Tip, want: str | None, seed: int, dealer: int, h: Hand,
                    done: list[Action]) -> tuple[Problem, Writer] | None:  # fmt: skip
    view = h.view(h.to_act)  # type: ignore[arg-type]
    if view.phase is not Phase.PLAY or len(set(view.legal)) < 2:
        return None
    if not any(_counter(c, view) for c in view.legal) or all(_counter(c, view) for c in view.legal):
        return None  # no choice between a counter and a card that is none
    if tip is Tip.FEED_PARTNER and (not view.trick or _winning(view)[1] != view.partner):
        return None
    if tip in (Tip.BOTH_COPIES, Tip.EXPOSED_CARDS) and view.trick:
        return None
    if tip is Tip.POINTS_NOT_TRICKS and (
        not view.trick or _winning(view)[1] in (view.seat, view.partner)
    ):
        return None
    ev = evaluate_play(view, samples=PROBLEM_PLAY_SAMPLES, seed=seed)
    kind = "counter" if _counter(ev.best, view) else "no counter"
    if want is not None and kind != want:
        return None
    writer = PLAY_WRITERS[(tip, kind)]
    if writer(view, ev.best, ev.alternatives[1].card) is None:  # the likely strongest: a quick look
        return None

    def write(check: ProblemCheck) -> str | None:
        alt = _strongest_card(check)
        assert isinstance(check.problem.answer, Play)
        return writer(view, check.problem.answer.card, alt) if alt is not None else None

    return _problem(tip, seed, dealer, done, "Which card would you play?", Play(ev.best)), write


# ------------------------------------------------------------------ call write-ups


def _auction_holder(view: PlayerView) -> int | None:
    return next((s for s, a in reversed(view.auction) if a is not None), None)


def _aces_words(hand: Iterable[Card]) -> str:
    aces = [c for c in hand if c.rank is Rank.ACE]
    if not aces:
        return "no ace"
    return f"{'one ace' if len(aces) == 1 else f'{len(aces)} aces'} ({cards_text(aces)})"


def _meld_words(hand: Iterable[Card], trump: Suit) -> str:
    """``'40 (a royal marriage) with clubs trump'``; ``'nothing'``."""
    report = meld(list(hand), trump, CLASSIC)
    if not report.total:
        return f"nothing with {trump.plural} trump"
    counted = Counter(i.name for i in report.items)
    twice = {2: "two", 3: "three", 4: "four"}

    def many(name: str, k: int) -> str:
        if k == 1:
            return name
        return f"{twice.get(k, k)} {name}" + ("" if name.endswith(("dix", "around")) else "s")

    names = [many(name, k) for name, k in counted.items()]
    named = ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]
    return f"{report.total} ({named}) with {trump.plural} trump"


def _about(x: float) -> int:
    return int(5 * round(x / 5))


def _call_writeup(tip: Tip, check: ProblemCheck) -> str | None:
    """The count (the hand's meld, the side's meld and trick points on the coach's deals,
    against the bid) and why the answer beats the strongest other calls."""
    problem = check.problem
    view = problem.view()
    c = side_count(problem)
    rules = view.rules
    answer = problem.answer
    assert isinstance(answer, Bid)
    bid, step = c.bid, rules.bid_increment
    tenths = round(10 * c.make_chance)
    total = _about(c.total)
    if total == bid and c.total < bid:
        total = int(c.total)  # "about 300 against the 300" would hide the shortfall
    bidding = answer.amount is not None
    if tip is Tip.MELD_ALONE and c.meld < bid // 4:
        return None  # the trump the coach names leaves no large meld: no lesson on meld alone
    if bidding and (c.total < bid + step or c.make_chance < 0.5 or answer.amount != bid):
        return None
    short = c.total < bid if tip is Tip.COUNT_FIRST else c.total < bid + step
    if not bidding and (c.make_chance >= 0.5 or not short):
        return None
    long = [x for x in view.hand if x.suit is c.trump]
    count = (
        f"Count: on {c.deals} deals the coach imagined, your partner's meld and the {rules.exchange_size} cards "
        f"passed bring your side's meld to about {_about(c.side_meld)}, and the two of you take about "
        f"{_about(c.tricks)} of the {rules.total_trick_points} trick points: about {total} against "
        f"the {bid} you would have to make."
    )  # fmt: skip
    if tip is Tip.COUNT_FIRST:
        head = f"Count first: your meld is {_meld_words(view.hand, c.trump)}."
    else:
        head = (f"Your meld is {_meld_words(view.hand, c.trump)}: a good start on {bid}, but only a "
                f"start. The rest must come from trick points, and this hand holds "
                f"{_aces_words(view.hand)} and {len(long)} {c.trump.plural} to win them with.")  # fmt: skip
    if bidding:
        often = "almost every deal" if tenths == 10 else f"about {tenths} deals in 10"
        tail = (f"That count clears {bid}: your side makes it on {often}. Bid {bid}: "
                f"passing gives away a contract your side can expect to make, and bidding {bid + step} "
                "only raises what it must make, for no more points.")  # fmt: skip
    elif c.total < bid:
        tail = (f"That falls short of {bid}: your side would make it on only about {tenths} deals in "
                f"10, and a side that falls short loses the whole bid. Pass: bidding {bid} or "
                f"{bid + step} asks for more than the count gives.")  # fmt: skip
    else:
        tail = (f"That only just reaches {bid} on average: the meld is there on every deal, the trick "
                f"points are not, and your side would make {bid} on only about {tenths} deals in 10, "
                f"while a side that falls short loses the whole bid. Pass: bidding {bid} or "
                f"{bid + step} stakes the whole bid on a count that is not there.")  # fmt: skip
    return " ".join([head, count, tail])


def _bid_candidate(tip: Tip, want: str | None, seed: int, dealer: int, h: Hand,
                   done: list[Action]) -> tuple[Problem, Writer] | None:  # fmt: skip
    view = h.view(h.to_act)  # type: ignore[arg-type]
    if view.phase is not Phase.AUCTION:
        return None
    holder = _auction_holder(view)
    if holder is not None and holder == view.partner:
        return None  # the partner holds the bid: a lesson about outbidding one's partner
    if tip is Tip.COUNT_FIRST and view.high_bid is not None:
        return None
    melds = {s: meld_points(view.hand, s, view.rules) for s in Suit}
    if tip is Tip.MELD_ALONE and max(melds.values()) < view.min_bid // 4:
        return None
    if tip is Tip.COUNT_FIRST and max(melds.values()) >= view.min_bid // 3:
        return None  # a big meld is the other tip's question
    ev = evaluate_bid(view, samples=PROBLEM_BID_SAMPLES, seed=seed)
    answer = Bid(ev.min_bid) if ev.gain(ev.min_bid) >= 0 else Bid(None)
    if want is not None and ("pass" if answer.amount is None else "bid") != want:
        return None
    return _problem(tip, seed, dealer, done, "What is your call?", answer), lambda c: _call_writeup(
        tip, c
    )


# ------------------------------------------------------------------ the partner's call

PARTNER_USUAL = {"holds": "pass", "outbid": "bid", "passed": "pass"}
"""The call the partner's call points to, by where it left the auction (see the module
text): a partner holding the bid, pass (the contract stays with the side); a partner
outbid by an opponent, bid (the partner's bid adds to the side's count); a partner who
passed, pass (the pass shows a hand that adds little)."""


def partner_situation(view: PlayerView) -> str | None:
    """Where the partner's calls in this auction leave it, for the partner-call tip:
    ``'passed'`` (its last call was a pass: it is out of the auction), ``'holds'`` (it
    holds the bid), ``'outbid'`` (it bid and an opponent bid over it), or ``None`` when
    this is no call, there is no partner, or the partner has not called yet."""
    if view.phase is not Phase.AUCTION:
        return None
    auction = Auction.after([a for _, a in view.auction], view.dealer, view.rules)
    case = bid_partner_situation(auction)  # the one reader, lesson 13's set's
    return None if case is None else _SITUATION_WORDS[case]


_SITUATION_WORDS = {
    QuizRule.BID_PARTNER_OUT: "passed",
    QuizRule.BID_PARTNER_HOLDS: "holds",
    QuizRule.BID_PARTNER_OVER: "outbid",
}


def _passed_over_me(view: PlayerView) -> bool:
    """Whether the partner passed while this seat held the bid: the computer players take
    the contract from a partner only with a clearly better hand, so such a pass does not
    show a hand below the lowest bid, as the coach's reading of a pass says."""
    held = None
    for s, a in view.auction:
        if s == view.partner and a is None and held == view.seat:
            return True
        if a is not None:
            held = s
    return False


def _tenths(share: float) -> str:
    k = round(10 * share)
    return (
        "almost every deal" if k == 10 else "almost no deal" if k == 0 else f"about {k} deals in 10"
    )


def _partner_shown(view: PlayerView) -> str:
    """The partner's calls and what they show by the coach's reading (every other seat
    bids as the computer players do: :mod:`pinochle_tutor.sim.inference`)."""
    r = view.rules
    allowance = round(default_allowance(r) * r.total_trick_points)
    info = AuctionInfo.from_view(view)
    shown = next(i for i in info.inferences if i.seat == info.relative(view.partner or 0))
    calls = []
    lowest = r.opening_bid
    for s, a in view.auction:
        if s == view.partner:
            calls.append(
                f"bid {a}" if a is not None else f"passed when the lowest bid was {lowest}"
            )
        if a is not None:
            lowest = a + r.bid_increment
    said = f"Your partner {_and(calls)}."
    reading = ("By this site's practice (one common way to read calls, not a rule: how the "
               "computer players bid and the coach reads every other seat's call), ")  # fmt: skip
    if shown.kind is InferenceKind.BID:
        return (f"{said} {reading}a bid of {shown.level} shows a hand whose meld and expected trick "
                f"points, with {allowance} more allowed for its partner, come to about {shown.level} "
                "or more.")  # fmt: skip
    return (f"{said} {reading}that pass shows a hand whose meld and expected trick points, with "
            f"{allowance} more allowed for its partner, come to less than {shown.level}.")  # fmt: skip


def _partner_call_writeup(check: ProblemCheck) -> str | None:
    """What the partner's call showed (its calls and the coach's reading of them), the
    side's count on the coach's deals against the bid (:func:`side_count`: the hand's
    meld, the partner's, the pass's, the trick points, how often the bid is made), what
    passing gives (the contract to the opponents once the partner has passed; else how
    often the partner then declares), the answer, and the strongest other calls named;
    ``None`` when those numbers do not bear the answer out."""
    problem = check.problem
    view = problem.view()
    where = partner_situation(view)
    if where is None:
        return None
    if _passed_over_me(view):
        return None  # the computer players pass over a partner's bid unless clearly stronger
    c = side_count(problem)
    rules = view.rules
    answer = problem.answer
    assert isinstance(answer, Bid)
    bid = c.bid
    bidding = answer.amount is not None
    if bidding and answer.amount != bid:
        return None
    total = _about(c.total)
    if bidding and (c.make_chance < 0.5 or c.total < bid):
        return None  # a bid the count does not clear: no reason in the count
    if not bidding and where != "holds" and c.make_chance >= 0.5:
        return None  # a pass the count does not explain
    if not bidding and where == "holds" and c.partner_declares < 0.5:
        return None  # passing would not leave the contract with the side on most deals
    count = (
        f"Count for your side: your meld is {_meld_words(view.hand, c.trump)}. On {c.deals} deals "
        f"the coach imagined, reading the auction that way, your partner's meld comes to about "
        f"{_about(c.partner_meld)} and the {rules.exchange_size} cards passed bring yours to about "
        f"{_about(c.side_meld - c.partner_meld)}: your side's meld is about {_about(c.side_meld)}, "
        f"and the two of you take about {_about(c.tricks)} of the "
        f"{rules.total_trick_points} trick points: about {total} against the {bid} you would have to "
        f"make, made on {_tenths(c.make_chance)}."
    )  # fmt: skip
    if where == "passed":
        gives = ("Your partner has passed, so this call is your side's last chance at the contract: "
                 "if you pass, the opponents take it.")  # fmt: skip
    else:
        again = "holds the bid" if where == "holds" else "can still bid"
        rest = " and the opponents on the rest" if c.partner_declares < 0.95 else ""
        gives = (f"Your partner {again}: if you pass, your partner declares on "
                 f"{_tenths(c.partner_declares)} the coach imagined{rest}.")  # fmt: skip
    # The page states each choice's numbers from its own check after this text: the
    # write-up names the strongest other calls and says no number of theirs.
    worse = []
    for v in check.strongest:
        assert isinstance(v.choice, Bid)
        worse.append("passing" if v.choice.amount is None else f"bidding {v.choice.amount}")
    mine = "passing" if not bidding else f"bidding {bid}"
    each = "scores" if len(worse) == 1 else "each score"
    against = (
        f"On the coach's deals {_and(worse)} {each} less than {mine} (the coach's numbers follow)."
    )
    if bidding:
        why = {
            "holds": f"Bid {bid}: your side's count clears it, even with a partner who holds the bid.",
            "outbid": f"Bid {bid}: your side's count, with your partner's meld in it, clears it.",
            "passed": f"Bid {bid}: your side's count clears it, and this is your side's last chance.",
        }[where]
    else:
        why = {
            "holds": ("Pass: your partner holds the bid, so passing leaves the contract with your "
                      "side on most deals, and bidding over your partner raises what your side must "
                      "make."),
            "outbid": (f"Pass: even with your partner's bid, the count does not make {bid} on most "
                       "deals, and your partner can still bid on."),
            "passed": (f"Pass: last chance or not, the count does not make {bid} on most deals."),
        }[where]  # fmt: skip
    return " ".join([_partner_shown(view), count, gives, why, against])


def _partner_call_candidate(tip: Tip, want: str | None, seed: int, dealer: int, h: Hand,
                            done: list[Action]) -> tuple[Problem, Writer] | None:  # fmt: skip
    """A call after the partner has called in this auction (:func:`partner_situation`);
    ``want``: ``'usual'`` or ``'contrary'`` (:data:`PARTNER_USUAL`), or ``None``."""
    view = h.view(h.to_act)  # type: ignore[arg-type]
    where = partner_situation(view)
    if where is None or _passed_over_me(view):
        return None  # no partner's call yet, or a pass that shows no weakness: no write-up
    ev = evaluate_bid(view, samples=PROBLEM_BID_SAMPLES, seed=seed)
    answer = Bid(ev.min_bid) if ev.gain(ev.min_bid) >= 0 else Bid(None)
    kind = "pass" if answer.amount is None else "bid"
    if want is not None and (kind == PARTNER_USUAL[where]) != (want == "usual"):
        return None
    problem = _problem(tip, seed, dealer, done, "What is your call?", answer)
    return problem, _partner_call_writeup


# ------------------------------------------------------------------ exchange write-ups


def _gift_words(cards: Iterable[Card], view: PlayerView) -> str:
    """``'3 trumps (A♥ Q♥ J♥) and the A♠'``: trumps, aces and the rest, each named."""
    trump = view.trump
    cards = sorted(cards, key=lambda c: c.order)
    trumps = [c for c in cards if c.suit is trump]
    aces = [c for c in cards if c.suit is not trump and c.rank is Rank.ACE]
    rest = [c for c in cards if c not in trumps and c not in aces]
    parts = []
    if trumps:
        parts.append(f"{len(trumps)} trump{'s' if len(trumps) > 1 else ''} ({cards_text(trumps)})")
    for group in (aces, rest):
        for c in dict.fromkeys(group):
            k = group.count(c)
            article = "an" if view.hand.count(c) > 1 and c.rank is Rank.ACE else "the"
            parts.append(f"both {c.text}" if k == 2 else f"{article} {c.text}")
    return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]


RUN = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)


def _run_words(view: PlayerView, gift: tuple[Card, ...]) -> str | None:
    """When the gift holds three or more cards of a run in trumps: the rest of the run is
    not all in the kept hand, so the declarer may hold it."""
    trump = view.trump
    assert trump is not None
    have = [Card(trump, r) for r in RUN if Card(trump, r) in gift]
    if len(have) < 3:
        return None
    missing = [Card(trump, r) for r in RUN if Card(trump, r) not in gift]
    kept = Counter(view.hand) - Counter(gift)
    if any(kept[c] >= view.rules.copies for c in missing):
        return None
    if not missing:
        return f"The {cards_text(have)} are a whole run in trumps: 150 meld in the declarer's hand."
    mine = "you hold none of them" if len(missing) > 1 else "you hold neither copy"
    if any(kept[c] for c in missing):
        mine = "you do not hold every copy"
    return (f"The {cards_text(have)} are {len(have)} of the five cards of a run in trumps: if the "
            f"declarer holds the {cards_text(missing)} ({mine}), they make a run, 150 meld.")  # fmt: skip


def _chances(view: PlayerView, gift: tuple[Card, ...], card: Card) -> list[str]:
    """The meld a card that is no trump and no ace may make in the declarer's hand: a
    marriage with a king or queen not all of whose copies the seat keeps, a pinochle."""
    kept = Counter(view.hand) - Counter(gift)
    copies = view.rules.copies

    def may(other: Card) -> bool:
        return kept[other] < copies

    chances = []
    if card.rank is Rank.QUEEN and may(Card(card.suit, Rank.KING)):
        chances.append(f"a marriage with a K{card.suit.symbol}")
    if card.rank is Rank.KING and may(Card(card.suit, Rank.QUEEN)):
        chances.append(f"a marriage with a Q{card.suit.symbol}")
    if card == Card(Suit.SPADES, Rank.QUEEN) and may(Card(Suit.DIAMONDS, Rank.JACK)):
        chances.append("a pinochle with a J♦")
    if card == Card(Suit.DIAMONDS, Rank.JACK) and may(Card(Suit.SPADES, Rank.QUEEN)):
        chances.append("a pinochle with a Q♠")
    return chances


def _meld_chance(view: PlayerView, gift: tuple[Card, ...], card: Card) -> str:
    """What a card that is no trump and no ace may add in the declarer's hand, or that it
    is a card to spare (see :func:`_chances`)."""
    chances = _chances(view, gift, card)
    if not chances:
        return f"the {card.text} is a card you can spare"
    return f"the {card.text} may make {' or '.join(chances)} in the declarer's hand"


def _kept_back(view: PlayerView, best: tuple[Card, ...], gift: tuple[Card, ...], run: bool) -> str:
    """What passing ``gift`` instead of ``best`` keeps back: ``'a trump the run needs'``,
    ``'an ace'``, or a card with more chances of meld than the one passed instead."""
    trump = view.trump
    out = list((Counter(best) - Counter(gift)).elements())
    inn = list((Counter(gift) - Counter(best)).elements())
    trumps = [c for c in out if c.suit is trump]
    aces = [c for c in out if c.suit is not trump and c.rank is Rank.ACE]
    rest = [c for c in out if c not in trumps and c not in aces]
    named = []
    if trumps:
        need = " the run needs" if run and any(c.rank in RUN for c in trumps) else ""
        named.append(f"{'a trump' if len(trumps) == 1 else f'{len(trumps)} trumps'}{need}")
    if aces:
        named.append("an ace" if len(aces) == 1 else f"{len(aces)} aces")
    if rest:
        what = f"the {cards_text(rest)}"
        if len(rest) == 1 == len(inn) and inn[0].suit is not trump and inn[0].rank is not Rank.ACE:
            mine, theirs = _chances(view, best, rest[0]), _chances(view, gift, inn[0])
            if len(mine) > len(theirs):
                could = f"may make only {theirs[0]}" if len(theirs) == 1 else "makes no meld"
                what += (f": in the declarer's hand the {inn[0].text} {could}, the {rest[0].text} "
                         f"{' or '.join(mine)}")  # fmt: skip
        named.append(what)
    return " and ".join(named)


def _exchange_writeup(
    view: PlayerView, best: tuple[Card, ...], others: Iterable[tuple[Card, ...]]
) -> str:
    """Each card passed with its reason, the run it may complete, each strongest other
    choice with what it keeps back or gives instead, and the meld kept."""
    trump = view.trump
    assert trump is not None
    text = [f"Pass {_gift_words(best, view)}."]
    why = []
    if any(c.suit is trump for c in best):
        why.append("trumps win tricks for the declarer")
    if any(c.rank is Rank.ACE and c.suit is not trump for c in best):
        why.append("aces win counters")
    for c in dict.fromkeys(c for c in best if c.suit is not trump and c.rank is not Rank.ACE):
        why.append(_meld_chance(view, best, c))
    text.append(
        why[0][0].upper() + why[0][1:] + ("; " + "; ".join(why[1:]) if why[1:] else "") + "."
    )
    run = _run_words(view, best)
    if run:
        text.append(run)
    said: dict[str, list[tuple[str, str]]] = {}
    for g in others:
        inn = cards_text(list((Counter(g) - Counter(best)).elements()))
        out = cards_text(list((Counter(best) - Counter(g)).elements()))
        said.setdefault(_kept_back(view, best, g, run is not None), []).append((inn, out))
    for back, pairs in said.items():
        ins, outs = (
            list(dict.fromkeys(i for i, _ in pairs)),
            list(dict.fromkeys(o for _, o in pairs)),
        )
        if len(ins) == 1 or len(outs) == 1:
            text.append(f"Passing the {' or the '.join(ins)} instead of the {' or the '.join(outs)} "
                        f"keeps back {back}.")  # fmt: skip
        else:
            text += [f"Passing the {i} instead of the {o} keeps back {back}." for i, o in pairs]
    kept = list((Counter(view.hand) - Counter(best)).elements())
    m = meld_points(kept, trump, view.rules)
    text.append("You keep no meld." if not m else f"You keep {m} meld.")
    return " ".join(text)


def _exchange_candidate(tip: Tip, want: str | None, seed: int, dealer: int, h: Hand,  # noqa: ARG001
                        done: list[Action]) -> tuple[Problem, Writer] | None:  # fmt: skip
    view: PlayerView = h.view(h.to_act)  # type: ignore[arg-type]
    if view.phase is not Phase.PASS or view.trump is None:
        return None
    ev = evaluate_exchange(view, samples=96, seed=seed)
    n = view.rules.exchange_size
    problem = _problem(tip, seed, dealer, done, f"Which {n} cards would you pass to your partner, the declarer?",
                       Give(tuple(sorted(ev.best))))  # fmt: skip

    def write(check: ProblemCheck) -> str | None:
        assert isinstance(check.problem.answer, Give)
        gifts = [v.choice.cards for v in check.strongest if isinstance(v.choice, Give)]
        return _exchange_writeup(view, check.problem.answer.cards, gifts)

    return problem, write


# ------------------------------------------------------------------ the search


def _offered(check: ProblemCheck) -> tuple[Action, ...]:
    """The answer and the two strongest other choices, in an order that does not give the
    answer away (calls: pass, then the bids up, passing and the lowest bid always among
    them; gifts: by their cards)."""
    chosen = [check.problem.answer, *(v.choice for v in check.strongest)]
    if isinstance(check.problem.answer, Bid):
        lowest = Bid(check.problem.view().min_bid)
        calls = list(dict.fromkeys([Bid(None), lowest, *(a for a in chosen if isinstance(a, Bid))]))
        return tuple(sorted(calls, key=lambda a: -1 if a.amount is None else a.amount))
    return tuple(sorted(chosen, key=lambda a: a.text))


def _question(choices: tuple[Action, ...]) -> str:
    words = [choice_words(a) for a in choices]
    return f"What is your call: {', '.join(words[:-1])} or {words[-1]}?"


def _settle(cand: Problem, write: Writer) -> tuple[Problem, ProblemCheck] | None:
    """The candidate with its answer confirmed against every choice, its choices, question
    and write-up; ``None`` when it fails a check or no true write-up can be made."""
    try:
        judge = ProblemJudge(cand)  # one set of deals for every check below
        full = judge.all_choices()
        if not full.passed and isinstance(cand.answer, Give) and full.best != cand.answer:
            cand = dataclasses.replace(cand, answer=full.best)  # the exchange: the check's best
            full = judge.all_choices(cand)
    except ProblemError:
        return None
    if not full.passed:
        return None
    full = dataclasses.replace(full, problem=cand)
    writeup = write(full)
    if writeup is None:
        return None
    if isinstance(cand.answer, (Bid, Give)):
        choices = _offered(full)
        question = _question(choices) if isinstance(cand.answer, Bid) else cand.question
        cand = dataclasses.replace(cand, choices=choices, question=question)
    cand = dataclasses.replace(cand, writeup=writeup, level=_level(full))
    try:
        load = judge.load_check(cand)
    except ProblemError:
        return None
    # A page weighs the offered choices when it opens: keep the problems it decides within
    # its first three looks (four times the first look's deals), so the page stays quick.
    first = {Play: PROBLEM_PLAY_SAMPLES, Bid: PROBLEM_BID_SAMPLES, Give: PROBLEM_EXCHANGE_SAMPLES}
    return (cand, full) if load.passed and load.deals <= 4 * first[type(cand.answer)] else None


def find(tip: Tip, count: int, start: int, budget: float, want: str | None,
         seeds: list[int] | None = None) -> Iterator[tuple[Problem, ProblemCheck]]:  # fmt: skip
    kind = (
        _bid_candidate if tip in (Tip.COUNT_FIRST, Tip.MELD_ALONE)
        else _partner_call_candidate if tip is Tip.PARTNER_CALL
        else _exchange_candidate if tip is Tip.EXCHANGE
        else _plan_candidate if tip is Tip.DECLARER_PLAN
        else _defence_candidate if tip is Tip.DEFENCE else _play_candidate
    )  # fmt: skip
    found = weighed = 0
    t0 = time.monotonic()
    seed = start
    order = iter(seeds) if seeds else None
    while found < count and time.monotonic() - t0 < budget:
        if order is not None:
            seed = next(order, -1)
            if seed < 0:
                break
        dealer = seed % CLASSIC.players
        for h, done in _decisions(seed, dealer):
            if time.monotonic() - t0 > budget:
                break
            got = kind(tip, want, seed, dealer, h, done)
            if got is None:
                continue
            weighed += 1
            settled = _settle(*got)
            if settled is None:
                continue
            problem, full = settled
            yield problem, full
            found += 1
            print(f"found {problem.id} (level {problem.level}, {answer_kind(problem)}) after "
                  f"{time.monotonic() - t0:.0f} s", file=sys.stderr)  # fmt: skip
            break  # one problem per deal
        seed += 1
    print(f"searched up to deal {seed}: {weighed} positions weighed against every choice in "
          f"{time.monotonic() - t0:.0f} s", file=sys.stderr)  # fmt: skip


def margins_comment(full: ProblemCheck) -> str:
    """The all-choices check's figures, as a TOML comment for the teacher."""
    parts = [f"{choice_words(v.choice)} {v.margin:.1f} ± {v.margin_stderr:.1f} (lower {v.lower:.1f}, "
             f"{v.samples} deals)" for v in full.strongest]  # fmt: skip
    return f"# all-choices check: {len(full.values)} choices; strongest: " + "; ".join(parts)


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("tip", choices=[t.value for t in Tip])
    ap.add_argument("--count", type=int, default=5)
    ap.add_argument("--start", type=int, default=1, help="the first deal seed tried")
    ap.add_argument("--budget", type=float, default=600.0, help="seconds to search at most")
    ap.add_argument("--seeds", type=int, nargs="*", help="try only these deal seeds")
    ap.add_argument("--answer", choices=["usual", "contrary", "any"], default="any",
                    help="positions where the tip's usual answer is right, or wrong")  # fmt: skip
    args = ap.parse_args()
    tip = Tip(args.tip)
    want = None
    if tip in USUAL and args.answer != "any":
        want = USUAL[tip] if args.answer == "usual" else OTHER[USUAL[tip]]
    if tip is Tip.PARTNER_CALL and args.answer != "any":
        want = args.answer  # usual or contrary by where the partner's call left the auction
    print(f"# Problem deals: {tip.title}. Found by scripts/find_problems.py; checked against every "
          "legal choice by the tests.\n")  # fmt: skip
    for p, full in find(tip, args.count, args.start, args.budget, want, args.seeds):
        print(margins_comment(full))
        print(problems_toml([problem_entry(p)]))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
