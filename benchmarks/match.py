"""How strong are the computer players? Measured, not claimed.

    python benchmarks/match.py [--deals 1000] [--mc-deals 400] [--samples 20]
                               [--seed 1] [--rules classic] [--jobs 2]

Duplicate format: every deal is played twice with the same cards, once with
team A in seats 0+2 and once in seats 1+3 (three-handed: three times, A in each
seat against two B players), so the luck of the cards cancels and what is left is
the difference in play. For each match it prints both teams' average points per
hand (the score change, bidding included, and the trick points taken) with 95%
confidence intervals, and the per-hand difference A - B with its interval.

Matches: heuristic vs random, Monte Carlo vs heuristic. It also prints how many
heuristic playouts (a whole hand, every seat playing the heuristic policy) one
core runs per second. The defaults finish in about two minutes on two cores.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pinochle_tutor import Player, RandomPlayer, RuleSet, play_hand, rules_named
from pinochle_tutor.bots.bidmodel import BidModelPlayer
from pinochle_tutor.bots.heuristic import HeuristicPlayer
from pinochle_tutor.bots.levels import Level, StrongPlayer, level_player
from pinochle_tutor.bots.montecarlo import MonteCarloPlayer
from pinochle_tutor.names import find_named
from pinochle_tutor.sim.policy import heuristic_playout, play_context


def make_player(spec: str, seed: int) -> Player:
    """A player from a short name: ``random``, ``heuristic``, ``mc:<samples>``,
    ``mcb:<samples>`` (Monte Carlo card play, the bidding model's bids), a level
    (``beginner``, ``intermediate``, ``strong``), ``strong:<samples>`` (the strong
    level with that many imagined deals a card) or ``strongbid:<deals>:<trumps>`` (the
    strong level bidding with the model on that many deals and candidate trumps, the
    evaluation kept while the auction tells nothing new: ``strongbid:24:2`` is the
    strong level itself, ``strongbid:160:4`` bids on the hint's deals and every trump)."""
    if find_named(spec, {lv.value: lv for lv in Level}) is not None:
        return level_player(spec, seed=seed)
    if spec.startswith("strongbid:"):
        deals, trumps = spec[10:].split(":")
        player = StrongPlayer(seed=seed)
        player.base = BidModelPlayer(samples=int(deals), candidates=int(trumps))
        return player
    if spec.startswith("strong:"):
        return StrongPlayer(samples=int(spec[7:]), seed=seed)
    if spec.startswith("mcb:"):
        return MonteCarloPlayer(samples=int(spec[4:]), seed=seed, base=BidModelPlayer())
    if spec == "random":
        return RandomPlayer(seed=seed)
    if spec == "heuristic":
        return HeuristicPlayer()
    if spec.startswith("mc:"):
        return MonteCarloPlayer(samples=int(spec[3:]), seed=seed)
    raise ValueError(
        f"unknown player {spec!r}: use random, heuristic, mc:<samples>, mcb:<samples> or a level"
    )


@dataclass(frozen=True)
class DealResult:
    """One deal played at every seating: per-hand averages for team A and team B."""

    score_a: float
    score_b: float
    tricks_a: float
    tricks_b: float


def seatings(rules: RuleSet) -> list[list[bool]]:
    """For each table of a deal, which seats team A holds."""
    if rules.partnerships:
        return [[s % 2 == 0 for s in range(4)], [s % 2 == 1 for s in range(4)]]
    return [[s == k for s in range(rules.players)] for k in range(rules.players)]


def play_deal(args: tuple[str, str, str, int, int]) -> DealResult:
    """Play deal ``index`` (cards from ``seed`` + index) at every seating."""
    spec_a, spec_b, rules_name, seed, index = args
    rules = rules_named(rules_name)
    deal_seed = seed * 1_000_003 + index
    dealer = index % rules.players
    sa: list[float] = []
    sb: list[float] = []
    ta: list[float] = []
    tb: list[float] = []
    for table, a_seats in enumerate(seatings(rules)):
        players = [
            make_player(spec_a if a_seats[s] else spec_b, deal_seed * 7 + table * 5 + s)
            for s in range(rules.players)
        ]
        hand = play_hand(players, dealer=dealer, rules=rules, seed=deal_seed)
        changes = hand.score_changes
        for s in range(rules.players):
            side = rules.side(s)
            if rules.partnerships and s >= 2:
                continue  # one entry per side
            (sa if a_seats[s] else sb).append(changes[side])
            (ta if a_seats[s] else tb).append(hand.side_points[side])
    return DealResult(
        statistics.fmean(sa), statistics.fmean(sb), statistics.fmean(ta), statistics.fmean(tb)
    )


def ci95(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    m = statistics.fmean(values)
    if len(values) < 2:
        return m, math.inf
    return m, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def run_match(
    name_a: str,
    spec_a: str,
    name_b: str,
    spec_b: str,
    rules: RuleSet,
    deals: int,
    seed: int,
    jobs: int,
) -> None:
    """Play ``deals`` duplicate deals and print the result table."""
    t0 = time.perf_counter()
    tasks = [(spec_a, spec_b, rules.name, seed, i) for i in range(deals)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play_deal, tasks, chunksize=max(1, deals // (jobs * 8))))
    else:
        results = [play_deal(t) for t in tasks]
    elapsed = time.perf_counter() - t0
    print(
        f"\n{name_a} (A) vs {name_b} (B): {deals} deals x {len(seatings(rules))} tables, "
        f"{rules.name}, {elapsed:.1f} s"
    )
    for label, get_a, get_b in (
        ("score per hand ", lambda r: r.score_a, lambda r: r.score_b),
        ("tricks per hand", lambda r: r.tricks_a, lambda r: r.tricks_b),
    ):
        a = [get_a(r) for r in results]
        b = [get_b(r) for r in results]
        d = [x - y for x, y in zip(a, b, strict=True)]
        (ma, ha), (mb, hb), (md, hd) = ci95(a), ci95(b), ci95(d)
        print(
            f"  {label}: A {ma:8.1f} ± {ha:5.1f}   B {mb:8.1f} ± {hb:5.1f}   "
            f"A - B {md:+8.1f} ± {hd:5.1f}"
        )


def playout_speed(rules: RuleSet, seconds: float, seed: int) -> float:
    """Heuristic playouts per second on one core (fresh random deals)."""
    rng = random.Random(seed)
    deck = [i for i in range(24) for _ in range(rules.copies) if i % 6 in rules.ranks]
    n = rules.hand_size
    deals = []
    for _ in range(500):
        rng.shuffle(deck)
        hands = [[0] * 24 for _ in range(rules.players)]
        for p in range(rules.players):
            for i in deck[p * n : (p + 1) * n]:
                hands[p][i] += 1
        deals.append(hands)
    contexts = [[play_context(rules, t, d) for d in range(rules.players)] for t in range(4)]
    count = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for k, hands in enumerate(deals):
            t, d = k % 4, k % rules.players
            heuristic_playout(hands, d, t, rules, context=contexts[t][d])
        count += len(deals)
    return count / (time.perf_counter() - t0)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--deals", type=int, default=1000, help="duplicate deals for heuristic vs random"
    )
    ap.add_argument(
        "--mc-deals", type=int, default=400, help="duplicate deals for Monte Carlo vs heuristic"
    )
    ap.add_argument("--samples", type=int, default=20, help="Monte Carlo samples per card decision")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", default="classic", help="classic, double_deck or three_handed")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes for the matches")
    ap.add_argument("--seconds", type=float, default=3.0, help="time for the playout speed test")
    args = ap.parse_args(argv)
    rules = rules_named(args.rules)

    speed = playout_speed(rules, args.seconds, args.seed)
    print(f"heuristic playouts ({rules.name}, whole hand, one core): {speed:,.0f} per second")
    if args.deals:
        run_match(
            "heuristic", "heuristic", "random", "random", rules, args.deals, args.seed, args.jobs
        )
    if args.mc_deals:
        run_match(
            f"monte carlo ({args.samples} samples)",
            f"mc:{args.samples}",
            "heuristic",
            "heuristic",
            rules,
            args.mc_deals,
            args.seed,
            args.jobs,
        )


if __name__ == "__main__":
    main()
