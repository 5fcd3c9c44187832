"""The bidding model, measured: one advice, calibrated, stronger, fast enough.

    python benchmarks/bench_bidding.py [--agree 10] [--deals 500] [--latency 20]
                                       [--rules classic] [--seed 1] [--jobs 2]

(a) The game table's hint and the bidding trainer's advice for the same decision,
    through their real entry points (GameSession.hint, BiddingDrill.advise): the
    share of decisions where the call and the trump agree.
(b) Calibration: in the duplicate match below, every contract a bidding-model
    player won by bidding: the chance of making it the model claims (a fresh
    evaluation of the declarer's last bidding decision, 48 deals, the trump named)
    against the make rate observed, bucketed, and the overall difference.
(c) Duplicate match, same deals with the seats swapped: the bidding-model players
    (heuristic card play) against today's heuristic bidding; score per hand A - B
    with its standard error.
(d) Advice latency (advise_bid, the trainer's sample count) on one core: p50 / p95.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pinochle_tutor import Auction, Player, RuleSet, deal, play_hand, rules_named
from pinochle_tutor.bots.bidmodel import BidModelPlayer
from pinochle_tutor.bots.heuristic import HeuristicPlayer
from pinochle_tutor.coach.bid import advise_bid, evaluate_bids
from pinochle_tutor.course.bidding_drill import BiddingDrill
from pinochle_tutor.course.table.session import GameSession
from pinochle_tutor.sim.inference import AuctionInfo
from pinochle_tutor.view import Phase

CALIBRATION_SAMPLES = 48


def agreement(n: int, rules: RuleSet) -> tuple[int, int]:
    """(agreeing decisions, decisions) over ``n`` sessions and ``n`` drills."""
    agree = total = 0
    for k in range(n):
        # The game table's hint against the trainer's entry point for that view.
        s = GameSession(rules=rules, seed=1000 + k)
        if s.phase is Phase.AUCTION:
            v = s.view
            hint = s.hint()
            a = Auction(v.dealer, rules)
            for _, amount in v.auction:
                a.call(amount)
            trainer = advise_bid(v.hand, rules, auction=a)
            total += 1
            agree += hint.bid == trainer.recommended and hint.reason == trainer.explanation
        # The trainer's drill against the hint's entry point (a view of the same decision).
        d = BiddingDrill(rules, seed=2000 + k)
        view = d.view
        d.call(None)
        drill = d.advise()
        via_hint = advise_bid(view)
        total += 1
        agree += (drill.recommended, drill.best.trump) == (
            via_hint.recommended,
            via_hint.best.trump,
        )
    return agree, total


def _last_bid_info(hand: object, declarer: int, rules: RuleSet) -> AuctionInfo | None:
    history = hand.auction.history  # type: ignore[attr-defined]
    idx = max((i for i, (s, a) in enumerate(history) if s == declarer and a is not None),
              default=None)  # fmt: skip
    if idx is None:
        return None
    return AuctionInfo(declarer, hand.dealer, tuple(history[:idx]), rules)  # type: ignore[attr-defined]


def play_deal(args: tuple[str, int, int]) -> tuple[list[float], list[tuple[float, bool]]]:
    """One deal at both seatings: per-table score difference A - B, and the calibration
    points (claimed chance, made) of contracts the model's side won by bidding."""
    rules_name, seed, index = args
    rules = rules_named(rules_name)
    deal_seed = seed * 1_000_003 + index
    dealer = index % rules.players
    diffs: list[float] = []
    points: list[tuple[float, bool]] = []
    seatings = (
        [[s % 2 == 0 for s in range(4)], [s % 2 == 1 for s in range(4)]]
        if rules.partnerships
        else [[s == k for s in range(rules.players)] for k in range(rules.players)]
    )
    sa: list[float] = []
    sb: list[float] = []
    for a_seats in seatings:
        players: list[Player] = [
            BidModelPlayer() if a_seats[s] else HeuristicPlayer() for s in range(rules.players)
        ]
        hand = play_hand(players, dealer=dealer, rules=rules, seed=deal_seed)
        changes = hand.score_changes
        for s in range(rules.players):
            if rules.partnerships and s >= 2:
                continue
            (sa if a_seats[s] else sb).append(changes[rules.side(s)])
        decl = hand.declarer
        if decl is not None and a_seats[decl] and not hand.auction.stuck:
            info = _last_bid_info(hand, decl, rules)
            if info is not None and hand.trump is not None:
                ev = evaluate_bids(
                    list(hand.deal.hands[decl]), rules, info, samples=CALIBRATION_SAMPLES,
                    seed=deal_seed * 31 + decl, trumps=[hand.trump],
                )  # fmt: skip
                made = bool(hand.scores) and hand.scores[0].made
                points.append((ev.make_chance(hand.contract or 0, hand.trump), made))
    diffs.append(statistics.fmean(sa) - statistics.fmean(sb))
    return diffs, points


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--agree", type=int, default=10)
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--latency", type=int, default=20)
    ap.add_argument("--rules", default="classic")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    rules = rules_named(args.rules)
    print(f"bidding model benchmark, {rules.name} rules")

    t0 = time.perf_counter()
    agree, total = agreement(args.agree, rules)
    print(f"(a) hint vs trainer: {agree}/{total} decisions agree ({agree / total:.1%}) "
          f"[{time.perf_counter() - t0:.0f} s]")  # fmt: skip

    t0 = time.perf_counter()
    tasks = [(rules.name, args.seed, i) for i in range(args.deals)]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(
                pool.map(play_deal, tasks, chunksize=max(1, args.deals // (args.jobs * 8)))
            )
    else:
        results = [play_deal(t) for t in tasks]
    diffs = [d for r, _ in results for d in r]
    cal = [p for _, ps in results for p in ps]
    elapsed = time.perf_counter() - t0
    print(f"(b) calibration over {len(cal)} contracts won by the model's players:")
    buckets = [(0.0, 0.5), (0.5, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 1.01)]
    for lo, hi in buckets:
        sel = [(c, m) for c, m in cal if lo <= c < hi]
        if sel:
            claimed = statistics.fmean(c for c, _ in sel)
            made = statistics.fmean(1.0 if m else 0.0 for _, m in sel)
            print(f"    claimed {lo:.0%}-{min(hi, 1.0):.0%}: n={len(sel):4d}  "
                  f"claimed {claimed:6.1%}  made {made:6.1%}")  # fmt: skip
    if cal:
        claimed = statistics.fmean(c for c, _ in cal)
        made = statistics.fmean(1.0 if m else 0.0 for _, m in cal)
        se = math.sqrt(made * (1 - made) / len(cal))
        print(f"    overall: claimed {claimed:.1%}, made {made:.1%}, difference "
              f"{(made - claimed) * 100:+.1f} points (make-rate s.e. {se * 100:.1f})")  # fmt: skip
    m = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    print(
        f"(c) duplicate match, {len(diffs)} deals x both seatings: bidding model - heuristic "
        f"= {m:+.1f} points a hand (s.e. {se:.1f}) [{elapsed:.0f} s, {args.jobs} jobs]"
    )

    times: list[float] = []
    cpu: list[float] = []
    for k in range(args.latency):
        hand = deal(0, rules, seed=5000 + k).hands[1]
        w, c = time.perf_counter(), time.process_time()
        advise_bid(hand, rules)
        times.append(time.perf_counter() - w)
        cpu.append(time.process_time() - c)

    def pct(xs: list[float], q: float) -> float:
        xs = sorted(xs)
        return xs[min(len(xs) - 1, int(q * len(xs)))]

    print(
        f"(d) advice latency over {args.latency} hands (one process): wall p50 "
        f"{pct(times, 0.5):.2f} s, p95 {pct(times, 0.95):.2f} s; CPU p50 {pct(cpu, 0.5):.2f} s, "
        f"p95 {pct(cpu, 0.95):.2f} s"
    )


if __name__ == "__main__":
    main()
