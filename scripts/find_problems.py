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
from the engine's facts and the coach's principle sentence (no numbers that could go
stale: the page shows the coach's numbers live); edit them freely, the loader checks the
answer again.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Iterator

from pinochle_tutor.actions import Action, Bid, Give, Play
from pinochle_tutor.bots import HeuristicPlayer
from pinochle_tutor.coach.exchange import advise_exchange, evaluate_exchange
from pinochle_tutor.coach.play import advise_play, evaluate_play, principle_fits
from pinochle_tutor.course.problems import (
    PROBLEM_PLAY_SAMPLES,
    Problem,
    ProblemCheck,
    ProblemError,
    Tip,
    check_problem,
    problem_entry,
    problems_toml,
)
from pinochle_tutor.explain import explain_exchange
from pinochle_tutor.explain.coaching import PlayPrinciple
from pinochle_tutor.game import Hand
from pinochle_tutor.meld import meld_points
from pinochle_tutor.rules import CLASSIC
from pinochle_tutor.view import Phase, PlayerView


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
    if advice.principle is tip.principle:
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
    else:
        return None
    return _problem(tip, "", seed, dealer, done, "Which card would you play?", Play(advice.card),
                    writeup)  # fmt: skip


def _bid_candidate(tip: Tip, seed: int, dealer: int, h: Hand, done: list[Action]) -> Problem | None:
    view = h.view(h.to_act)  # type: ignore[arg-type]
    if view.phase is not Phase.AUCTION or (tip is Tip.COUNT_FIRST and view.high_bid is not None):
        return None
    rules = view.rules
    melds = {s: meld_points(view.hand, s, rules) for s in {c.suit for c in view.hand}}
    suit = max(melds, key=lambda s: (melds[s], sum(c.suit is s for c in view.hand)))
    meld = melds[suit]
    aces = sum(c.rank.symbol == "A" for c in view.hand)
    long = sum(c.suit is suit for c in view.hand)
    low = view.min_bid
    if tip is Tip.MELD_ALONE:
        if meld < low // 3:
            return None
        answer: Action = Bid(None)
        writeup = (
            f"Your best meld is {meld}, with {suit.plural} trump, a good start on {low}. But "
            f"you hold {aces} ace{'s' if aces != 1 else ''} and {long} {suit.plural}: the rest "
            "of the bid must come from counters this hand is not strong enough to win."
        )
    else:
        if meld >= low // 2:
            return None
        answer = Bid(low)
        writeup = (
            f"Count first: your best meld is {meld}, with {suit.plural} trump, so about "
            f"{low - meld} of the {low} must come from trick points. With {long} "
            f"{suit.plural} and {aces} ace{'s' if aces != 1 else ''} this hand can take them."
        )
    return _problem(tip, "", seed, dealer, done, f"Bid {low} or pass?", answer, writeup)


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
                    advice.facts_line(), choices)  # fmt: skip


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
