"""The coach's speed, printed (never asserted by the tests).

    python benchmarks/bench_coach.py [--positions 9] [--decisions 60] [--limit 1.0]
                                     [--samples N] [--no-endgame]

1. **Endgame solver.** Hands are played by heuristic players; at the start of a trick
   with N cards left in each hand, the rest of the hand is solved exactly (every legal
   lead valued). For N = 1, 2, ... the median time over ``--positions`` hands is
   printed, until it passes ``--limit`` seconds; the answer is the largest N whose
   median stays within it.
2. **evaluate_play.** Card-play decisions (more than one legal card) are taken from
   hands played by heuristic players, spread over the whole hand, and evaluated at the
   default sample count: playouts per second (a playout is one legal card on one
   imagined deal, played out or solved) and the p50/p95 latency of one evaluation.

Everything runs in this one process, so on one core. Targets (issue 12): a hint within
0.3 s (p95).
"""

from __future__ import annotations

import argparse
import statistics
import time

from pinochle_tutor import CLASSIC, DOUBLE_DECK, THREE_HANDED, Hand, RuleSet
from pinochle_tutor.bots import HeuristicPlayer
from pinochle_tutor.coach.play import PLAY_EXACT_TRICKS, PLAY_HINT_SAMPLES, evaluate_play
from pinochle_tutor.sim.endgame import solve_endgame
from pinochle_tutor.view import Phase, PlayerView


def endgame_positions(rules: RuleSet, cards_left: int, count: int) -> list[Hand]:
    """``count`` hands stopped at the start of a trick with ``cards_left`` cards a hand."""
    player = HeuristicPlayer()
    out = []
    seed = 0
    while len(out) < count:
        hand = Hand(rules=rules, seed=seed)
        seed += 1
        while hand.phase is not Phase.DONE:
            seat = hand.to_act
            assert seat is not None
            if hand.phase is Phase.PLAY and not hand.trick and len(hand.hands[seat]) == cards_left:
                out.append(hand)
                break
            hand.act(player)
    return out


def bench_endgame(rules: RuleSet, positions: int, limit: float) -> int:
    solved = 0
    for n in range(1, rules.hand_size + 1):
        times = []
        nodes = []
        for hand in endgame_positions(rules, n, positions):
            assert hand.trump is not None and hand.declarer is not None and hand.to_act is not None
            start = time.perf_counter()
            sol = solve_endgame(
                hand.hands, hand.trump, hand.to_act, declarer=hand.declarer, rules=rules
            )
            times.append(time.perf_counter() - start)
            nodes.append(sol.nodes)
        median = statistics.median(times)
        print(
            f"  {n:2d} tricks: median {median * 1000:8.1f} ms, max {max(times) * 1000:8.1f} ms, "
            f"median nodes {statistics.median(nodes):>9,.0f}"
        )
        if median > limit:
            break
        solved = n
    return solved


def decisions(rules: RuleSet, count: int) -> list[PlayerView]:
    """``count`` card-play decisions with a choice, from whole hands of heuristic play."""
    player = HeuristicPlayer()
    views: list[PlayerView] = []
    seed = 100
    while len(views) < count:
        hand = Hand(rules=rules, seed=seed)
        seed += 1
        k = 0
        while hand.phase is not Phase.DONE:
            seat = hand.to_act
            assert seat is not None
            if hand.phase is Phase.PLAY:
                view = hand.view(seat)
                # Every third decision with a choice, so the sample covers the whole hand.
                if len(set(view.legal)) > 1:
                    k += 1
                    if k % 3 == 0 and len(views) < count:
                        views.append(view)
            hand.act(player)
    return views


def bench_evaluate(rules: RuleSet, count: int, samples: int) -> None:
    latencies = {False: [], True: []}  # type: dict[bool, list[float]]
    playouts = {False: 0, True: 0}
    for view in decisions(rules, count):
        start = time.perf_counter()
        ev = evaluate_play(view, samples=samples, seed=1)
        latencies[ev.exact].append(time.perf_counter() - start)
        playouts[ev.exact] += ev.playouts
    every = latencies[False] + latencies[True]
    total = sum(every)
    cut = statistics.quantiles(every, n=20)
    print(
        f"  evaluate_play ({samples} samples, {len(every)} decisions): "
        f"p50 {statistics.median(every) * 1000:.0f} ms, p95 {cut[18] * 1000:.0f} ms, "
        f"{(playouts[False] + playouts[True]) / total:,.0f} playouts/s"
    )
    for exact, label in ((False, "played out"), (True, f"solved (<= {PLAY_EXACT_TRICKS} cards)")):
        lat = latencies[exact]
        if lat:
            print(
                f"    {label:22s} {len(lat):3d} decisions: p50 {statistics.median(lat) * 1000:6.0f} ms, "
                f"max {max(lat) * 1000:6.0f} ms, {playouts[exact] / sum(lat):8,.0f} playouts/s"
            )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=9, help="hands per trick count")
    parser.add_argument("--decisions", type=int, default=60, help="decisions per rule set")
    parser.add_argument("--limit", type=float, default=1.0, help="seconds per solve")
    parser.add_argument(
        "--samples",
        type=int,
        default=PLAY_HINT_SAMPLES,
        help="samples per evaluation (default: the coach's)",
    )
    parser.add_argument("--no-endgame", action="store_true", help="skip the solver's part")
    args = parser.parse_args()
    for rules in (CLASSIC, DOUBLE_DECK, THREE_HANDED):
        print(f"{rules.name}:")
        if not args.no_endgame:
            n = bench_endgame(rules, args.positions, args.limit)
            print(f"  endgame solver: {n} tricks (cards a hand) within {args.limit:g} s (median)")
        bench_evaluate(rules, args.decisions, args.samples)


if __name__ == "__main__":
    main()
