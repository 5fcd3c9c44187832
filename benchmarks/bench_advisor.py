"""Bidding advisor throughput, printed (never asserted by the tests).

    python benchmarks/bench_advisor.py [--samples 250]

A simulated deal is one deal of the hidden cards for one trump suit: the
partner's pass and the declarer's return by the heuristic player, both sides'
meld, and all tricks played by the heuristic player. Target (issue 3): at least
1,000 simulated deals per second of one core.
"""

from __future__ import annotations

import argparse
import time

from pinochle_tutor import CLASSIC, DOUBLE_DECK, THREE_HANDED, deal
from pinochle_tutor.coach.bid import advise_bid


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--samples", type=int, default=250, help="deals per trump suit (default 250)"
    )
    args = parser.parse_args()
    for rules in (CLASSIC, DOUBLE_DECK, THREE_HANDED):
        hands = [deal(0, rules, seed=s).hands[1] for s in range(3)]
        start = time.perf_counter()
        for h in hands:
            advise_bid(h, rules=rules, samples=args.samples, seed=1)
        elapsed = time.perf_counter() - start
        deals = len(hands) * 4 * args.samples
        print(
            f"advisor, {rules.name:13s}: {deals / elapsed:7,.0f} simulated deals/s ({deals:,} in {elapsed:.1f} s)"
        )


if __name__ == "__main__":
    main()
