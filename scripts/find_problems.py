"""Find problem deals for the bank (exercises/problems/): positions where the coach's
best choice is clear and fits a tip, written as TOML for a teacher to read, edit and
keep.

    .venv/bin/python scripts/find_problems.py feed_partner --count 5 > feed_partner.toml

Deals are played by the heuristic players from seeded deals; at each decision of the
tip's kind (a card play whose best card the coach explains by the tip's principle; a
first call of the auction for the bidding tips; the partner's pass for the exchange)
the position is checked exactly as the bank's loader checks it
(:func:`pinochle_tutor.course.problems.check_problem`), and kept when it passes. The
level follows how clear the answer is (every other choice's loss in standard errors:
8 or more is level 1, 4 or more level 2, else 3). The question and write-up are built
from what the deciding seat can see (the cards played, the meld shown and not yet played,
the voids shown), with no numbers that could go stale (the page shows the coach's numbers
live): a bid is counted for the side (the partner's meld and the cards the partner passes
count too), a pass says when the partner already holds the bid, a sure winner says where
every higher copy went and why any other sure winner loses, an exposed-cards play names
the counters the shown cards threaten (its choices are the answer and those counters), a
feed says why the partner's card is safe and why that counter. A position whose reason
cannot be said from the seat's view is skipped. Edit the text freely; the loader checks
the answer again.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator

from pinochle_tutor.actions import Action, Bid, Give, Play
from pinochle_tutor.bots import HeuristicPlayer
from pinochle_tutor.cards import Card, Rank, cards_text
from pinochle_tutor.coach.bid import evaluate_bid
from pinochle_tutor.coach.exchange import advise_exchange, evaluate_exchange
from pinochle_tutor.coach.play import advise_play, evaluate_play, principle_fits
from pinochle_tutor.course.problems import (
    PROBLEM_BID_SAMPLES,
    PROBLEM_PLAY_SAMPLES,
    Problem,
    ProblemCheck,
    ProblemError,
    Tip,
    check_problem,
    problem_entry,
    problems_toml,
)
from pinochle_tutor.deal import make_deck
from pinochle_tutor.explain import explain_exchange
from pinochle_tutor.explain.coaching import PlayPrinciple
from pinochle_tutor.game import Hand
from pinochle_tutor.meld import meld_points
from pinochle_tutor.rules import CLASSIC
from pinochle_tutor.tricks import trick_winner
from pinochle_tutor.view import Phase, PlayerView, seat_words


def _level(check: ProblemCheck) -> int:
    clear = min(
        (v.loss / v.loss_stderr if v.loss_stderr else 99.0)
        for v in check.values
        if v.choice != check.best
    )
    return 1 if clear >= 8 else 2 if clear >= 4 else 3


def _problem(tip: Tip, pid: str, seed: int, dealer: int, actions: list[Action], question: str,
             answer: Action, writeup: str, choices: tuple[Action, ...] = ()) -> Problem:  # fmt: skip
    return Problem(pid, tip, 1, CLASSIC, dealer, seed, None, (), tuple(actions), question,
                   answer, choices, writeup)  # fmt: skip


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
    out = [(n, s, c) for n, t in enumerate(view.tricks, 1) for s, c in zip(t.seats, t.cards, strict=True)]
    now = len(view.tricks) + 1
    return out + [(now, s, c) for s, c in zip(view.trick_seats, view.trick, strict=True)]


def _unseen(view: PlayerView) -> Counter[Card]:
    """The cards neither in the seat's hand nor played (shown meld still counts as unseen
    here: it is in a hand, not out of play)."""
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


def _opponents(view: PlayerView) -> list[int]:
    return [s for s in range(view.rules.players) if s not in (view.seat, view.partner)]


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


# ------------------------------------------------------------------ the write-ups


def _both_copies_writeup(view: PlayerView, answer: Card) -> str | None:
    """Why the answer is a sure winner and why the other sure winners lose (an opponent
    shown void, who must trump); ``None`` when that cannot be said from the seat's view."""
    trump = view.trump
    if view.trick or trump is None or not _sure(view, answer):
        return None
    voids = [(s, v) for s in _opponents(view) if (v := _void(view, s, answer.suit)) is not None]
    if answer.suit is not trump and voids:
        return None
    suit_word = "trump" if answer.suit is trump else answer.suit.singular
    text = [f"Track both copies: {_copies_words(view, answer)}. So your {answer.text} is the highest "
            f"{suit_word} left: nobody can beat it, and a copy played after it would lose."]  # fmt: skip
    unsure = False
    sure: dict[object, list[Card]] = {}
    for c in dict.fromkeys(view.legal):
        if c == answer:
            continue
        if not _sure(view, c):
            unsure = True
        elif c.suit is trump or c.suit is answer.suit:
            return None  # another sure winner of the same kind: nothing tells them apart
        else:
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
    if unsure:
        text.append("Your other cards are not sure winners: a higher card of their suit is still out.")
    text.append(f"Lead the {answer.text}.")
    return " ".join(text)


def _exposed_writeup(view: PlayerView, answer: Card) -> tuple[str, tuple[Card, ...]] | None:
    """The shown cards that threaten the seat's counters, and why the answer is safe,
    with the choices that sentence covers (the answer and the threatened counters)."""
    if view.trick:
        return None
    held = {s: _shown_held(view, s) for s in _opponents(view)}
    if _counter(answer, view) and any(_above(answer, h) for h in held.values()):
        return None
    text = []
    threatened: list[Card] = []
    for s, h in held.items():
        mine = [c for c in dict.fromkeys(view.legal) if c != answer and _counter(c, view) and _above(c, h)]
        if not mine:
            continue
        beaters = sorted({x for c in mine for x in _above(c, h)}, key=lambda x: x.order)
        threatened += mine
        them = "it" if len(beaters) == 1 else "them"
        text.append(f"{_who(s, view).capitalize()} showed {cards_text(beaters)} in meld and has not played "
                    f"{them}: led, your {cards_text(mine)} could fall to {them}, since each player must "
                    "beat the winning card if they can.")  # fmt: skip
    if not threatened:
        return None
    if _counter(answer, view):
        text.append(f"No card the opponents showed and still hold beats your {answer.text}: lead it.")
    else:
        text.append(f"Lead the {answer.text}: it is no counter, so it risks nothing.")
    return " ".join(text), (answer, *dict.fromkeys(threatened))


def _feed_writeup(view: PlayerView, answer: Card) -> str | None:
    """Why the partner's card is safe and why this counter; ``None`` when the seat's
    view does not show it."""
    trump = view.trump
    if not view.trick or trump is None or not _counter(answer, view):
        return None
    k = trick_winner(view.trick, trump)
    win, seat = view.trick[k], view.trick_seats[k]
    if seat != view.partner:
        return None
    later = [s for s in range(view.rules.players) if s not in view.trick_seats and s != view.seat]
    if not later:
        safe = "you play last"
    elif _sure(view, win) and win.suit is trump:
        safe = "no trump still out beats it (a copy played after it would lose)"
    elif _sure(view, win) and all(any(c.suit is win.suit for c in _shown_held(view, s)) for s in later):
        safe = (f"no {win.suit.singular} still out beats it, and everyone still to play holds a "
                f"{win.suit.singular} shown in meld, so must follow suit and cannot trump")  # fmt: skip
    else:
        return None
    others = [c for c in dict.fromkeys(view.legal) if c != answer and _counter(c, view)]
    if not others:
        why = f"the {answer.text}, your only counter"
    elif all(_sure(view, c) for c in others):
        why = (f"the {answer.text}, and keep your {cards_text(others)}: nothing still out beats "
               f"{'it' if len(others) == 1 else 'them'}, so each can win a trick of its own later")
    else:
        return None
    return f"Your partner's {win.text} is winning this trick and {safe}: feed it {why}."


def _play_candidate(tip: Tip, seed: int, dealer: int, h: Hand, done: list[Action]) -> Problem | None:
    view = h.view(h.to_act)  # type: ignore[arg-type]
    if view.phase is not Phase.PLAY or len(set(view.legal)) < 2:
        return None
    fits = {f.principle: f for f in principle_fits(view)}
    wanted = {tip.principle}
    if tip is Tip.POINTS_NOT_TRICKS:  # the coach's reason for a lost trick: save the counters
        wanted.add(PlayPrinciple.SAVE_COUNTER)
    if not wanted & set(fits):
        return None
    ev = evaluate_play(view, samples=PROBLEM_PLAY_SAMPLES, seed=0)
    advice = advise_play(view, ev)
    choices: tuple[Action, ...] = ()
    writeup: str | None
    if tip is Tip.POINTS_NOT_TRICKS and advice.principle is tip.principle:
        writeup = advice.reason
    elif tip is Tip.POINTS_NOT_TRICKS and tip.principle in fits and advice.card in fits[tip.principle].cards:
        # The coach's card follows the tip though it names another reason first.
        writeup = (
            f"This trick holds no counters yet: points, not tricks, so do not spend a winner "
            f"on it. {advice.reason}"
        )
    elif tip is Tip.POINTS_NOT_TRICKS and advice.principle is PlayPrinciple.SAVE_COUNTER:
        writeup = (
            f"{advice.reason} Points, not tricks: a trick your side loses should cost it no "
            "counter; capturing counters is what matters."
        )
    elif advice.principle is not tip.principle:
        return None
    elif tip is Tip.BOTH_COPIES:
        writeup = _both_copies_writeup(view, advice.card)
    elif tip is Tip.FEED_PARTNER:
        writeup = _feed_writeup(view, advice.card)
    elif tip is Tip.EXPOSED_CARDS:
        found = _exposed_writeup(view, advice.card)
        writeup, cards = found if found else (None, ())
        choices = tuple(Play(c) for c in cards)
    else:
        return None
    if writeup is None:  # no true reason can be written from what the seat knows
        return None
    return _problem(tip, "", seed, dealer, done, "Which card would you play?", Play(advice.card),
                    writeup, choices)  # fmt: skip


def _auction_words(view: PlayerView) -> tuple[int | None, bool]:
    """The seat holding the bid, and whether every opponent has passed."""
    holder = next((s for s, a in reversed(view.auction) if a is not None), None)
    passed = {s for s, a in view.auction if a is None}
    return holder, set(_opponents(view)) <= passed


def _aces_words(hand: Iterable[Card]) -> str:
    aces = [c for c in hand if c.rank is Rank.ACE]
    if not aces:
        return "no ace"
    return f"{'one ace' if len(aces) == 1 else f'{len(aces)} aces'} ({cards_text(aces)})"


def _bid_candidate(tip: Tip, seed: int, dealer: int, h: Hand, done: list[Action]) -> Problem | None:
    view = h.view(h.to_act)  # type: ignore[arg-type]
    if view.phase is not Phase.AUCTION or (tip is Tip.COUNT_FIRST and view.high_bid is not None):
        return None
    rules = view.rules
    melds = {s: meld_points(view.hand, s, rules) for s in {c.suit for c in view.hand}}
    top = max(melds, key=lambda s: (melds[s], sum(c.suit is s for c in view.hand)))
    meld, least = melds[top], min(melds.values())
    low = view.min_bid
    bev = evaluate_bid(view, samples=PROBLEM_BID_SAMPLES, seed=0)
    suit = max(bev.outlooks, key=lambda o: o.expected_score(low)).trump  # the coach's trump
    long = [c for c in view.hand if c.suit is suit]
    meld_range = f"{meld}" if least == meld else f"{least} to {meld}, by the trump named"
    if tip is Tip.MELD_ALONE:
        if meld < low // 3:
            return None
        answer: Action = Bid(None)
        holder, opponents_out = _auction_words(view)
        if holder is not None and holder == view.partner:
            high = view.high_bid
            writeup = (
                f"Your partner already holds the bid at {high}"
                + (" and both opponents have passed: if you pass, the auction ends and your side "
                   f"plays the contract at {high}." if opponents_out else
                   ": if you pass, an opponent must go higher to take the contract from your side.")
                + f" Your meld ({meld_range}) counts for the side whoever declares. Bidding {low} "
                f"only adds {low - (high or 0)} to what your side must make, and makes you the "
                f"declarer with {_aces_words(view.hand)}."
            )  # fmt: skip
        else:
            writeup = (
                f"Your best meld is {meld}, with {top.plural} trump: a good start on {low}, but only a "
                f"start. The other {low - meld} must come from your partner's meld and the trick "
                f"points, and this hand holds {_aces_words(view.hand)} and {len(long)} "
                f"{suit.plural} to win counters with. A side that falls short loses the whole "
                f"{low}: pass."
            )  # fmt: skip
    else:
        if meld >= low // 2:
            return None
        answer = Bid(low)
        n = rules.exchange_size
        counters = [c for c in view.hand if rules.counter_points[c.rank] > 0]
        mine = (
            "nothing" if not meld else f"{meld} whatever you name trump" if least == meld
            else f"{meld} at most (with {top.plural} trump)"
        )  # fmt: skip
        writeup = (
            f"Count first, and count for your side, not for this hand alone. Your own meld is {mine}, "
            f"far short of {low}. But your partner's meld counts too, and as the declarer you receive "
            f"{n} cards from your partner, trumps and aces first. The rest must come from the trick "
            f"points the two of you take: with {len(counters)} counters in your hand, "
            f"{_aces_words(view.hand)}, and {len(long)} {suit.plural} to name as trump, your side can "
            f"expect to take them. Open at {low}: passing may give away a contract your side can "
            "expect to make."
        )  # fmt: skip
    return _problem(tip, "", seed, dealer, done, f"Bid {low} or pass?", answer, writeup)


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


def _exchange_writeup(view: PlayerView, best: tuple[Card, ...], others: Iterable[tuple[Card, ...]]) -> str:
    """Each card passed with its reason, each other choice with what it keeps back, and the
    meld kept (no numbers from the coach)."""
    trump = view.trump
    assert trump is not None
    text = [f"Pass {_gift_words(best, view)}."]
    why = []
    if any(c.suit is trump for c in best):
        why.append("trumps win tricks for the declarer")
    if any(c.rank is Rank.ACE for c in best):
        why.append("aces win counters")
    for c in dict.fromkeys(c for c in best if c.suit is not trump and c.rank is not Rank.ACE):
        why.append(f"the {c.text} may add meld in the declarer's hand" if c.rank in (Rank.KING, Rank.QUEEN, Rank.JACK)
                   else f"the {c.text} is a card you can spare")  # fmt: skip
    text.append(why[0][0].upper() + why[0][1:] + ("; " + "; ".join(why[1:]) if why[1:] else "") + ".")
    for g in others:
        out = list((Counter(best) - Counter(g)).elements())
        inn = list((Counter(g) - Counter(best)).elements())
        kinds = Counter(
            "trump ace" if c.suit is trump and c.rank is Rank.ACE else "trump" if c.suit is trump
            else "ace" if c.rank is Rank.ACE else "" for c in out
        )  # fmt: skip
        named = [f"{'a' if k == 1 else k} {kind}{'s' if k > 1 else ''}".replace("a ace", "an ace")
                 for kind, k in kinds.items() if kind]  # fmt: skip
        back = " and ".join(named) if named else "cards the declarer can use"
        text.append(f"Passing {cards_text(inn)} instead of {cards_text(out)} keeps back {back}.")
    kept = list((Counter(view.hand) - Counter(best)).elements())
    m = meld_points(kept, trump, view.rules)
    text.append("You keep no meld." if not m else f"You keep {m} meld.")
    return " ".join(text)


def _exchange_candidate(tip: Tip, seed: int, dealer: int, h: Hand, done: list[Action]) -> Problem | None:
    view: PlayerView = h.view(h.to_act)  # type: ignore[arg-type]
    if view.phase is not Phase.PASS or view.trump is None:
        return None
    ev = evaluate_exchange(view, samples=40, seed=0)
    advice = advise_exchange(view, ev)
    best = tuple(sorted(advice.cards))
    keep = tuple(sorted(explain_exchange(view.hand, (), view.trump, view.rules, "pass").example))
    worst = tuple(sorted(ev.alternatives[-1].cards))
    gifts = list(dict.fromkeys([best, keep, worst]))
    if len(gifts) < 3:
        return None
    n = view.rules.exchange_size
    choices = tuple(Give(g) for g in gifts)
    return _problem(tip, "", seed, dealer, done,
                    f"Which {n} cards would you pass to your partner, the declarer?", Give(best),
                    _exchange_writeup(view, best, gifts[1:]), choices)  # fmt: skip


def find(tip: Tip, count: int, start: int, budget: float) -> Iterator[Problem]:
    kind = (
        _bid_candidate if tip in (Tip.COUNT_FIRST, Tip.MELD_ALONE)
        else _exchange_candidate if tip is Tip.EXCHANGE else _play_candidate
    )  # fmt: skip
    found = 0
    t0 = time.monotonic()
    seed = start
    while found < count and time.monotonic() - t0 < budget:
        dealer = seed % CLASSIC.players
        for h, done in _decisions(seed, dealer):
            cand = kind(tip, seed, dealer, h, done)
            if cand is None:
                continue
            pid = f"{tip.value.replace('_', '-')}-{seed}-{len(done)}"
            cand = dataclasses.replace(cand, id=pid)
            try:
                check = check_problem(cand)
            except ProblemError:
                continue
            if not check.passed:
                continue
            level = _level(check)
            yield dataclasses.replace(cand, level=level)
            found += 1
            print(f"found {pid} (level {level}) after {time.monotonic() - t0:.0f} s", file=sys.stderr)
            break  # one problem per deal
        seed += 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("tip", choices=[t.value for t in Tip])
    ap.add_argument("--count", type=int, default=5)
    ap.add_argument("--start", type=int, default=1, help="the first deal seed tried")
    ap.add_argument("--budget", type=float, default=600.0, help="seconds to search at most")
    args = ap.parse_args()
    tip = Tip(args.tip)
    print(f"# Problem deals: {tip.title}. Found by scripts/find_problems.py; checked by the coach at load.\n")
    for p in find(tip, args.count, args.start, args.budget):
        print(problems_toml([problem_entry(p)]))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
