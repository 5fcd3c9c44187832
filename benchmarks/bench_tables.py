"""Classmates' tables: how fast a move reaches the other pages, and what a table costs.

    python benchmarks/bench_tables.py [--tables 1 10] [--seconds 60] [--url postgresql://...]

For each count of tables, starts 4 processes a table (each one learner's page kernel:
the page's :class:`~pinochle_widgets.classmates.SharedGameTable` with its background
reader, as in a Voila kernel, without a browser), all on one class database (a SQLite
file, or the PostgreSQL of ``--url``). Each learner acts as soon as it is their turn
(the move a beginner computer player would make), so the tables play as fast as the
pages can carry the moves. Prints, per count:

* the move latency: from a move's commit in one page to its being applied and drawn
  in each other page of the table (p50 / p95 / max, ms): what a classmate waits for
  beyond the browser's own websocket hop;
* moves per second over all tables;
* the server's cost: CPU seconds of all the page kernels per table per minute, and
  their memory.

Figures only; nothing asserted (tests/test_classmates_table.py and
tests/test_browser_classmates.py test the behaviour).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

KEYS = [c * 22 for c in "abcd"]


def page(url: str, code: str, key: str, seconds: float, out: Any) -> None:
    """One learner's page kernel: the shared game table, acting on each turn."""
    from pinochle_tutor.actions import Bid, Concede, Give, NameTrump, Play
    from pinochle_tutor.bots.levels import make_player
    from pinochle_tutor.classroom.store import ProgressStore
    from pinochle_tutor.classroom.tables import TableStore
    from pinochle_tutor.course.table.shared import SharedSession
    from pinochle_tutor.rules import rules_named
    from pinochle_widgets.classmates import SharedGameTable

    tables = TableStore(ProgressStore(url))
    session = SharedSession(tables, tables.table(code), key, rules_named("classic"))
    delays: list[float] = []
    sync = session.sync

    def timed_sync(play_computers: bool = True) -> bool:
        seen = session._applied
        changed = sync(play_computers)
        now = time.time()
        delays.extend(now - m.at for m in session._moves[seen : session._applied]
                      if m.learner != key)  # fmt: skip
        return changed

    session.sync = timed_sync  # type: ignore[method-assign]
    table = SharedGameTable(session, poll=0.25)
    bot = make_player("beginner", seed=hash(key) % 1000)
    end = time.monotonic() + seconds
    moves = 0
    while time.monotonic() < end:
        with table._lock:
            s = session
            if s.hand_over and not s.is_over:
                s.next_hand()
            elif s.is_my_turn:
                a = s.engine_hand.ask(bot)
                try:
                    if isinstance(a, Bid):
                        s.bid(a.amount)
                    elif isinstance(a, NameTrump):
                        s.name_trump(a.suit)
                    elif isinstance(a, Give):
                        s._give(s.view.phase, a.cards)
                    elif isinstance(a, Concede):
                        s.concede()
                    elif isinstance(a, Play):
                        s.play(a.card)
                    moves += 1
                    table.refresh()
                except Exception:  # the table moved on: look again
                    pass
        time.sleep(0.02)
    table.close()
    usage = os.times()
    with open("/proc/self/status") as f:
        rss = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:")) / 1024
    out.put({"delays": delays, "moves": moves, "cpu": usage.user + usage.system, "rss": rss})


def run(url: str, count: int, seconds: float) -> dict[str, Any]:
    from pinochle_tutor.classroom.store import ProgressStore
    from pinochle_tutor.classroom.tables import TableStore

    tables = TableStore(ProgressStore(url))
    codes = []
    for n in range(count):
        t = tables.open_table(KEYS[0], "Ann", rule_set="classic", players=4, level="beginner",
                              hints=False, away_wait=60, seed=n)  # fmt: skip
        for i in (1, 2, 3):
            tables.take_seat(t.code, KEYS[i], f"L{i}", i)
        codes.append(tables.start(t.code, KEYS[0]).code)
    ctx = mp.get_context("spawn")
    out = ctx.Queue()
    procs = [ctx.Process(target=page, args=(url, code, key, seconds, out))
             for code in codes for key in KEYS]  # fmt: skip
    for p in procs:
        p.start()
    results = [out.get(timeout=seconds + 300) for _ in procs]
    for p in procs:
        p.join()
    delays = sorted(d * 1000 for r in results for d in r["delays"])
    total_moves = sum(len(tables.moves(c)) for c in codes)
    q = statistics.quantiles(delays, n=100) if len(delays) > 1 else [0.0] * 99
    return {
        "tables": count, "moves": total_moves, "moves_s": total_moves / seconds,
        "p50": q[49], "p95": q[94], "max": delays[-1] if delays else 0.0, "samples": len(delays),
        "cpu_table_min": sum(r["cpu"] for r in results) / count / (seconds / 60),
        "rss_page": statistics.mean(r["rss"] for r in results),
    }  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", nargs="*", type=int, default=[1, 10])
    parser.add_argument("--seconds", type=float, default=60.0, help="play time per count")
    parser.add_argument("--url", default="", help="a PostgreSQL URL (default: a SQLite file)")
    args = parser.parse_args()
    print(f"Classmates' tables, 4 page kernels a table, {args.seconds:.0f} s each, "
          f"{'PostgreSQL' if args.url else 'SQLite'}, {os.cpu_count()} cores\n")  # fmt: skip
    print(f"{'tables':>6s} {'moves':>6s} {'moves/s':>8s} {'p50 ms':>7s} {'p95 ms':>7s} "
          f"{'max ms':>7s} {'CPU-s/table/min':>16s} {'MB/page':>8s}")  # fmt: skip
    for count in args.tables:
        with tempfile.TemporaryDirectory() as tmp:
            url = args.url or str(Path(tmp) / "class.sqlite")
            r = run(url, count, args.seconds)
        print(f"{r['tables']:6d} {r['moves']:6d} {r['moves_s']:8.1f} {r['p50']:7.0f} {r['p95']:7.0f} "
              f"{r['max']:7.0f} {r['cpu_table_min']:16.1f} {r['rss_page']:8.0f}")  # fmt: skip


if __name__ == "__main__":
    main()
