"""The exchange coach's speed and its verdict on the heuristic's own cards, printed
(never asserted by the tests).

    nice -n 10 python benchmarks/bench_exchange.py [--decisions 20] [--no-review]
                                                   [--rules classic double_deck three_handed]

Exchange decisions (the partner's pass and the declarer's return; three-handed the
declarer's discard) are taken from hands played by heuristic players. For each, at the
game table's hint settings (``EXCHANGE_HINT_SAMPLES`` deals for the finalists, ``EXCHANGE_HINT_SCREEN``
for every choice, as :meth:`GameSession.hint` asks):

* the hint's latency, p50 and p95 (:func:`advise_exchange`: the evaluation and the
  advice), as CPU time of this one process (what it costs on one core, whatever else
  the machine runs) and as wall time, and playouts per CPU second (a playout is one choice played out on one deal,
  the exchange's other side, meld, play and scoring included);
* the share of decisions where the hint's evaluation calls the heuristic's own choice
  a clear mistake (loss beyond twice its error and the margin);
* with the review (unless ``--no-review``): the share the review's verdict
  (:func:`judge_exchange`: a second look on fresh deals at a choice the first look
  calls costly) flags, and its latency.

Everything runs in this one process, on one core.

Measured 2026-12-02 06:10-06:13 UTC (after merging main), ``nice -n 10 python
benchmarks/bench_exchange.py --decisions 20``, one process on a 2-core machine shared
with three other sessions (load average about 3; an earlier run at load 6 to 8 gave the
same CPU times and flag rates, wall times 2 to 4 times the CPU times). "Flagged" is the
share of the heuristic's own choices called a clear mistake by the hint's evaluation and
by the review; "review CPU" is its p50/p95:

| decision | hint CPU p50/p95 | wall p50/p95 | playouts | per CPU s | flagged hint/review | review CPU |
|---|---|---|---|---|---|---|
| classic pass | 0.35 / 0.41 s | 0.46 / 0.61 s | 323 | 911 | 20% / 15% | 0.39 / 0.69 s |
| classic return | 0.46 / 0.68 s | 0.56 / 1.04 s | 391 | 851 | 55% / 45% | 0.77 / 1.49 s |
| double deck pass | 0.57 / 0.72 s | 0.83 / 1.09 s | 354 | 630 | 25% / 20% | 0.58 / 0.95 s |
| double deck return | 0.74 / 0.85 s | 1.12 / 1.29 s | 401 | 567 | 60% / 45% | 1.57 / 2.18 s |
| three-handed discard | 0.19 / 0.24 s | 0.27 / 0.35 s | 382 | 2086 | 50% / 35% | 0.22 / 0.34 s |

So a hint costs under 0.9 s of one core at p95 (the return is dearer: each deal is
drawn until it also fits the partner's pass). The heuristic's own cards are flagged
more often than "rarely", most of all its return. The flags that were checked hold on
200 fresh deals and on the true deal: the heuristic's return keeps its own meld and
trump and ignores the partner's, so it keeps a card (a K♥ the partner had to pass out
of a marriage, a trump queen beside the partner's king) whose return makes meld, and
a contract made instead of set moves the score by the bid and more. The review's
second look on fresh deals removes the first look's pick-the-best bias (15 to 45%
flagged against 20 to 60%); what remains rests on the model (the heuristic playout,
and the other hands dealt to fit only the auction and the pass).
"""

from __future__ import annotations

import argparse
import statistics
import time

from pinochle_tutor import CLASSIC, DOUBLE_DECK, THREE_HANDED, Hand, RuleSet
from pinochle_tutor.bots import HeuristicPlayer
from pinochle_tutor.coach.exchange import (
    EXCHANGE_HINT_SAMPLES,
    EXCHANGE_HINT_SCREEN,
    advise_exchange,
    evaluate_exchange,
    judge_exchange,
)
from pinochle_tutor.sim.stats import exchange_seed
from pinochle_tutor.view import Phase

RULES = {"classic": CLASSIC, "double_deck": DOUBLE_DECK, "three_handed": THREE_HANDED}


def played_hands(rules: RuleSet, count: int) -> list[Hand]:
    """``count`` hands played to the end by heuristic players (a declarer and an exchange)."""
    player = HeuristicPlayer()
    out = []
    seed = 1000
    while len(out) < count:
        h = Hand(dealer=seed % rules.players, rules=rules, seed=seed)
        seed += 1
        while h.phase is not Phase.DONE:
            h.act(player)
        out.append(h)
    return out


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--decisions", type=int, default=20, help="hands per rule set")
    ap.add_argument("--no-review", action="store_true")
    ap.add_argument("--rules", nargs="*", default=list(RULES))
    args = ap.parse_args()
    print(f"hint settings: {EXCHANGE_HINT_SAMPLES} deals for the finalists, {EXCHANGE_HINT_SCREEN} for every choice")
    for name in args.rules:
        rules = RULES[name]
        hands = played_hands(rules, args.decisions)
        by_role: dict[str, dict[str, list[float]]] = {}
        for number, h in enumerate(hands, 1):
            assert h.declarer is not None
            seats = [h.declarer]
            partner = rules.partner(h.declarer)
            if rules.exchange_size and partner is not None:
                seats.insert(0, partner)
            replay = Hand(h.dealer, rules, dealt=h.deal)
            p = HeuristicPlayer()
            views = {}
            while replay.phase is not Phase.PLAY:
                if replay.phase in (Phase.PASS, Phase.RETURN, Phase.DISCARD):
                    assert replay.to_act is not None
                    views[replay.to_act] = replay.view(replay.to_act)
                replay.act(p)
            for seat in seats:
                v = views[seat]
                role = v.phase.value
                row = by_role.setdefault(
                    role,
                    {
                        "latency": [],
                        "cpu": [],
                        "playouts": [],
                        "flag_hint": [],
                        "review": [],
                        "flag_review": [],
                    },
                )
                seed = exchange_seed(0, number, v.phase)
                start, cpu = time.perf_counter(), time.process_time()
                ev = evaluate_exchange(v, seed=seed)
                advise_exchange(v, ev)
                row["latency"].append(time.perf_counter() - start)
                row["cpu"].append(time.process_time() - cpu)
                row["playouts"].append(ev.playouts)
                row["flag_hint"].append(float(ev.is_clear_mistake(ev.heuristic)))
                if not args.no_review:
                    cpu = time.process_time()
                    verdict = judge_exchange(h, seat, seed=0, hand_number=number)
                    row["review"].append(time.process_time() - cpu)
                    assert verdict is not None
                    row["flag_review"].append(float(verdict.is_mistake))
        for role, row in by_role.items():
            lat = row["latency"]
            cpu = row["cpu"]
            rate = sum(row["playouts"]) / sum(cpu)
            line = (
                f"{name:12s} {role:7s} n={len(lat):3d}  hint CPU p50 {statistics.median(cpu):.2f} s, "
                f"p95 {pct(cpu, 0.95):.2f} s (wall p50 {statistics.median(lat):.2f} s, "
                f"p95 {pct(lat, 0.95):.2f} s); "
                f"{statistics.mean(row['playouts']):.0f} playouts, {rate:.0f} playouts/s; "
                f"heuristic's choice flagged by the hint's evaluation "
                f"{100 * statistics.mean(row['flag_hint']):.0f}%"
            )
            if row["review"]:
                line += (
                    f", by the review {100 * statistics.mean(row['flag_review']):.0f}% "
                    f"(review CPU p50 {statistics.median(row['review']):.2f} s, "
                    f"p95 {pct(row['review'], 0.95):.2f} s)"
                )
            print(line, flush=True)


if __name__ == "__main__":
    main()
