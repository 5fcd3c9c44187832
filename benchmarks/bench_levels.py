"""The game table's named levels, measured against each other (never asserted by tests).

    python benchmarks/bench_levels.py [--deals 1000] [--rules classic] [--seed 1]
                                      [--jobs 2] [--matches all] [--latency-hands 4]

Duplicate matches (``benchmarks/match.py``: every deal played at both seatings with
the same cards, so the luck of the cards cancels), each printing both teams' score and
trick points per hand with 95% intervals and the difference A - B:

1. ``intermediate`` vs ``beginner``: the step from rules of thumb to imagined deals.
2. ``strong`` vs ``intermediate``: the step to the bidding model, the concession, the
   exact endgame and (since 2026-12-02) 64 imagined deals a card instead of 24.
   The intermediate level is today's Monte Carlo player with 24 samples (heuristic
   bidding), so this is also the issue's "strongest level against MC24" figure.
3. ``strong`` vs ``mcb:24`` (Monte Carlo card play with the same bidding model): the
   exact endgame, the concession and the extra imagined deals, the card-play part of
   the strong level's step.

``--matches strong`` plays match 2 alone; ``--matches hintbid`` plays the strong level
bidding on the hint's 160 deals and all four trumps against the intermediate level (a
lever measured below and not kept).

Then the strong player's time per decision on one core (p50 / p95 / max over every
decision of ``--latency-hands`` hands), the wait a learner sees at the table.

Targets (issue 12): the strongest level at least +10 trick points a hand over MC24 and
+30 score a hand over heuristic bidding; each level significantly above the one below.

Measured (2026-12-01, classic, 1000 deal pairs unless said, 2 worker processes on a
machine shared with other work; score and trick points per hand, A - B, 95% interval):

* intermediate vs beginner: score +30.8 ± 4.8, trick points +16.6 ± 1.5.
* strong vs intermediate (= today's MC24): score +54.3 ± 12.8, trick points +63.9 ± 4.4.
  Most of it is the bidding model: it wins more auctions, so its side names trump and
  takes the partner's pass more often (an earlier 300-pair run of ``mcb:24`` vs
  ``mc:24``: score +61.7 ± 29.9, trick points +67.3 ± 10.8).
* the exact endgame alone (300 pairs, exact from 5 cards, same bidding): trick points
  +2.7 ± 2.1, score +4.2 ± 7.4; the 1000-pair run of match 3 was not finished.
* double deck (2026-12-02, 150 pairs, one worker at low priority; 50 trick points a hand):
  intermediate vs beginner score +2.8 ± 1.7, trick points +2.3 ± 0.7; strong vs
  intermediate score +11.4 ± 9.1, trick points +9.2 ± 1.8. Each step is significant.
* three-handed (2026-12-02, 150 deals x 3 seatings): intermediate vs beginner score
  +27.8 ± 7.6, trick points +14.9 ± 2.6; strong vs intermediate score -3.7 ± 9.1, trick
  points +3.1 ± 3.9: no significant step at 150 deals (the strong level names trump
  with the heuristic in the kitty game, as the hint does).
* three-handed, after the kitty fix and the concession (2026-12-02, ``--rules
  three_handed --deals 150 --jobs 1 --matches strong``, seed 1, one worker at low
  priority on a loaded machine, 2059 s): strong vs intermediate score +0.1 ± 11.8
  (s.e. 6.0), trick points +6.1 ± 4.0 (s.e. 2.0). The trick points are now a
  significant step, the score is not. The beginner and intermediate levels did not
  change, so their step above stands. Why the classic step is missing here, measured
  piece by piece (heuristic card play unless said; score a hand, A - B, s.e.):
  the bidding model against heuristic bidding +3.3 (3.0), 200 deals x 3 seats: it is
  calibrated (contracts won by bidding: 83.5% claimed, 89.4% made, 94 contracts) and
  three-handed bidding is flat in boldness (the heuristic's allowance 0.08, 0.28, 0.38
  against its 0.18: -4.7 (1.8), -4.0 (2.6), -10.1 (3.8)); there is no partner's pass
  for the model to value. Trump and discard chosen by simulation after the kitty:
  +0.6 (0.6). The exact endgame alone (``strong`` vs ``mcb:24`` before the fix, 120
  deals): score -3.4 ± 9.2, trick points -0.7 ± 2.4: the solver lets the two defenders
  count their trick points together, while each scores alone. Conceding by
  simulation: +2.7 (0.4), 300 deals x 3 seats.
* classic again, with the concession (2026-12-02, ``--deals 150 --jobs 1 --matches
  strong``, seed 1, 708 s): strong vs intermediate score +69.4 ± 27.7 (s.e. 14.1), trick
  points +61.8 ± 11.3 (s.e. 5.8), in line with the 1000-pair figure above. With the
  bidding model's bids and heuristic card play, conceding by simulation conceded 20 of
  300 classic tables and scored +16.2 a hand (s.e. 9.8, 150 deals).
* three-handed, the score step (2026-12-02, issue 12; all runs ``--jobs 1`` at low
  priority on the shared 2-core machine, 150 deals x 3 seatings unless said; score and
  trick points a hand, A - B, 95% interval):

  - Baseline, strong vs intermediate, seed 1 (above): score +0.1 ± 11.8, tricks +6.1 ± 4.0.
  - The exact endgame with every seat playing for its own score (``endgame.solve_seats``:
    max-n, each seat maximising its score change less the others' average, the Monte
    Carlo playouts' measure) instead of the two defenders pooling trick points
    (``bench_levels.py --rules three_handed --matches strong --deals 150 --jobs 1``, seed
    1, 634 s): score +1.3 ± 12.0, tricks +7.4 ± 4.0. No measurable step: the pooled
    solver does pick other cards (on random 2-card positions a defender often leads to
    feed the other defender), but only the last 3 decisions a hand are exact.
  - Where the score went (``strong`` vs ``intermediate``, seed 1, 150 deals, every table
    logged by an ad-hoc script with ``match.py``'s players and seeds, not committed; each
    seat's score when A sits there less the B players' in that seat): as a
    defender in both A and B tables the strong level gained +4.5 a seat (s.e. 1.5);
    declaring where the B player in its seat did not, it lost -60.7 a seat (s.e. 49.6,
    41 seats), mostly opening bids at 250 (27 seats: -3025 points in all, 16 set or
    conceded). Replayed, the bidding model gave 11 of its 250 bids less than 70% to make;
    4 were made, and they cost -1195 points against the B player in that seat. Passing
    those (``STRONG_SOLO_MAKE_CHANCE``, seed 1, 535 s): score +2.4 ± 10.1, tricks +3.2 ±
    3.8, not a significant change on its own.
  - More imagined deals a card for the strong level (``strong:64`` in ``match.py``, the
    two changes above kept, seed 1, same deals, 423 s): score +10.5 ± 10.1 (s.e. 5.2),
    tricks +4.3 ± 3.8. The strong level's card play was the intermediate level's, and
    three-handed card play is where the score is won. Adopted: ``STRONG_SAMPLES = 64``.
  - Confirmation with fresh deals (``bench_levels.py --rules three_handed --matches
    strong --deals 150 --seed 2 --jobs 1``, 698 s): score +5.8 ± 8.8 (s.e. 4.5), tricks
    +1.6 ± 3.1; and seed 3 (``... --seed 3``, 477 s): score +2.1 ± 8.1 (s.e. 4.1),
    tricks +3.7 ± 3.1. Seeds 1 to 3 together, 450 deals: score +6.1 ± 5.2 (s.e. 2.7),
    tricks +3.2 ± 1.9 (s.e. 1.0), both significant; but seed 1 chose the change, and
    the fresh seeds 2 and 3 alone, 300 deals, give score +4.0 ± 6.0 (s.e. 3.1): not yet
    a significant score step on deals that did not pick it. The step is real in trick
    points and probably a few points of score a hand; a longer fresh run (600 deals or
    more) would settle it.
    Strong player's time per decision three-handed with 64 deals (2 hands, 101
    decisions): p50 31 ms, p95 145 ms, max 206 ms.
  - **Not kept: the bidding floor.** The runs above from "Passing those" on had the
    strong level pass, three-handed, a bid the model gives under 70% to make. That
    floor was left out at the merge: the issue asks for one bidding model behind the
    hint, the trainer and the computer players, and a floor on the players alone would
    make them bid otherwise than the hint advises; its own effect was +2.4 ± 10.1, not
    significant. So the merged strong level is the runs' player without the floor, and
    its three-handed score step is the figures above less about that: not yet shown
    significant. What would settle it: a fresh run of 600 deals or more; the levers
    left are a bidding model calibrated against Monte Carlo defenders (it simulates
    with the heuristic's card play and is set more often than it expects, which would
    change the hint too), an exact search from 5 cards, more deals a card.
  - The merged strong level (no floor) on fresh deals (``bench_levels.py --rules
    three_handed --matches strong --deals 150 --seed 4 --jobs 1``, at low priority
    beside a test run, 696 s): score +2.5 ± 10.6 (s.e. 5.4), trick points +8.7 ± 3.8
    (s.e. 1.9). Again a significant step in trick points and none shown in score.
  - Classic is not weakened (2026-12-02, ``bench_levels.py --rules classic --matches
    endgame --deals 100 --jobs 1``, seed 1, 209 s; the every-seat search applies only
    without partnerships, so classic changes by the 64 deals alone):
    strong vs ``mcb:24`` score +12.4 ± 11.3, trick points -1.6 ± 4.1 (before, 300 pairs:
    +4.2 ± 7.4 and +2.7 ± 2.1). Classic strong player, 2 hands, 126 decisions: p50 26
    ms, p95 128 ms, max 296 ms. Classic and double-deck hands of ``intermediate`` and
    ``strong`` played with the same seeds before and after the refactor of
    ``MonteCarloPlayer.play`` (``settled_points``, ``score_changes``, now ``playout_score_changes``) were card for card
    the same. Double deck was not re-measured.
* three-handed, the score step on fresh deals, and bidding on the hint's own evaluation
  (2026-12-02; fresh seeds 11 to 16, none used to choose a change; every run ``--jobs
  2`` at low priority on the shared 2-core machine; score and trick points a hand, A -
  B, 95% interval). The strong level itself, ``bench_levels.py --rules three_handed
  --matches strong --jobs 2 --deals 150 --seed N`` (run as ``strongbid:24:2`` vs
  ``intermediate``: the same players and seeds):

  - seed 11 (202 s): score +7.4 ± 10.9, trick points +7.9 ± 3.8
  - seed 12 (432 s, beside another run): score +15.3 ± 8.3, trick points +9.1 ± 3.8
  - seed 13 (447 s, partly beside another run): score +10.1 ± 13.2, trick points +8.3 ± 4.5
  - seed 14 (398 s): score +7.6 ± 11.9, trick points +8.7 ± 4.5
  - seed 15 (``--deals 120``, 205 s): score +8.4 ± 12.4, trick points +5.7 ± 4.1
  - seed 16 (231 s): score +10.9 ± 10.5, trick points +10.4 ± 3.9 (run again at the
    merge with the command above on main, 200 s: the same figures to the digit)
  - seeds 11 to 16 together, 870 deals: score +10.0 ± 4.6 (s.e. 2.3), trick points
    +8.4 ± 1.7 (s.e. 0.9); with seed 4's run above, 1020 deals: score +8.9 ± 4.2.

  So the strong level's three-handed score step is significant on deals that chose
  nothing, with no change to the level: each 150-deal run has an interval of ± 8 to
  13 a hand, too wide alone for a step of about +9.

  Lever tried and not kept: the strong level bidding on the hint's own evaluation (160
  deals, all four trumps, a fresh evaluation at each call so each call is exactly the
  hint's; ``--matches hintbid``, ``strongbid:160:4``, which keeps its evaluation while
  the auction tells nothing new). Against the intermediate level: seed 11 (484 s)
  score +8.5 ± 9.5, trick points +7.7 ± 4.0; seed 12 (391 s) +12.2 ± 10.1, +9.2 ± 3.9;
  seed 13 (459 s) +10.6 ± 12.6, +6.4 ± 4.6; seed 14 (the exact-hint player, commit f7af9d8, 349 s)
  +9.4 ± 11.3, +6.6 ± 3.9; seeds 12 to 14, 450 deals, score +10.7 ± 6.6. Paired with
  the strong level on the same deals and player seeds (deals whose bids and trumps
  agree play identically: 352 of 450), the change in the score step was -3.1 ± 8.1,
  +0.5 ± 7.4, +1.7 ± 7.0, together -0.3 ± 4.3 a hand: nothing measurable. In classic,
  head to head (the exact-hint strong level vs ``strongbid:24:2``, seed 11, 150 pairs,
  1100 s beside other runs): score -16.1 ± 25.5, trick points -0.4 ± 8.4, leaning
  weaker. Its cost: one evaluation (``time.process_time``, one core, median of 8
  opening hands) 247 ms classic, 288 ms double deck, 207 ms three-handed, against 20,
  26 and 20 ms for the level's 24 deals and 2 trumps; later calls of an auction
  (inferences, draws again) median 306 ms classic, 396 ms double deck (max 643 ms),
  225 ms three-handed. Not kept: no gain measured, a lean the wrong way in classic, ten
  times the CPU. So the strong level's failed 250 openings are not explained by the
  model's sampling noise (24 deals, 2 trumps); the model simulating heuristic
  defenders where the table has Monte Carlo ones is the lever left. Double deck was not
  measured with the hint's evaluation.
* strong player's time per decision, one core under load: classic p50 11 ms, p95 83 ms,
  max 131 ms (208 decisions); double deck p95 98 ms; three-handed p95 49 ms. After the
  kitty fix and the concession, three-handed (2 hands, 59 decisions, loaded machine):
  p50 35 ms, p95 207 ms, max 260 ms (a dealer stuck without a bid evaluates its hand
  at the discard).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from match import run_match

from pinochle_tutor import Hand, Phase, rules_named
from pinochle_tutor.bots.levels import StrongPlayer

MATCHES = {
    "steps": [("intermediate", "beginner"), ("strong", "intermediate")],
    "strong": [("strong", "intermediate")],
    "endgame": [("strong", "mcb:24")],
    "hintbid": [("strongbid:160:4", "intermediate")],
}


def latency(rules_name: str, hands: int) -> None:
    rules = rules_named(rules_name)
    times: list[float] = []
    for seed in range(hands):
        player = StrongPlayer(seed=seed)
        h = Hand(dealer=seed % rules.players, rules=rules, seed=seed)
        while h.phase is not Phase.DONE:
            start = time.perf_counter()
            h.act(player)
            times.append(time.perf_counter() - start)
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(
        f"\nstrong player, {len(times)} decisions of {hands} hands ({rules.name}, one core): "
        f"p50 {1000 * statistics.median(times):.0f} ms, p95 {1000 * p95:.0f} ms, "
        f"max {1000 * times[-1]:.0f} ms"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=1000, help="duplicate deal pairs per match")
    ap.add_argument("--rules", default="classic", help="classic, double_deck or three_handed")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--matches", default="all", help="steps, strong, endgame, hintbid or all")
    ap.add_argument("--latency-hands", type=int, default=4)
    args = ap.parse_args()
    rules = rules_named(args.rules)
    groups = ["steps", "endgame"] if args.matches == "all" else args.matches.split(",")
    for group in groups:
        for a, b in MATCHES[group]:
            run_match(a, a, b, b, rules, args.deals, args.seed, args.jobs)
            sys.stdout.flush()
    if args.latency_hands:
        latency(args.rules, args.latency_hands)


if __name__ == "__main__":
    main()
