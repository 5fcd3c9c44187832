"""The classroom store under a class writing at once, on both engines (issue 31): answers
per second, write latency, and proof that no answer is lost or kept twice.

    .venv/bin/python benchmarks/bench_store_load.py [--engines sqlite postgresql]
        [--learners 30 100 300] [--answers 10] [--processes 8] [--think 0]
        [--pg-max-connections 100] [--pg-durable]

A class is many kernels, each a process with its own store (its own engine and, on
PostgreSQL, its own pool of connections). 300 processes are too many for a small machine,
so ``--processes`` worker processes each run their share of the learners as threads; every
learner opens its own :class:`~pinochle_tutor.classroom.store.ProgressStore` (on PostgreSQL
with its own engine, as in its own kernel: the URL names the learner as
``application_name``), then all wait for one signal and write ``--answers`` answers each,
every answer with its own idempotency key, with a random think time of 0 to twice
``--think`` seconds before each (0: all at once). Each :meth:`ProgressStore.record` call
is timed. A write that raises is counted as failed and not retried (the page's
:class:`~pinochle_tutor.classroom.progress.Progress` would keep it and try again later).

Then the database is read back: every answer must be there once, by its key and by its
item per learner. ``lost`` counts the answers missing (a failed write's included) and
``dup`` the rows beyond one per key or per learner's item; both must be 0.

Engines: a SQLite file in a temporary folder (WAL, ``synchronous=NORMAL``, as the store
sets it), and a throwaway PostgreSQL cluster (tests/postgres_server.py) with a fresh
database for each learner count. That cluster runs with ``fsync=off`` and
``synchronous_commit=off`` (a test server's settings) unless ``--pg-durable``; its
``max_connections`` is ``--pg-max-connections`` (PostgreSQL's own default, 100). The
store opens a connection per write (no pool: a class's hundreds of idle kernels would
hold one each), so a burst of more writers than connections meets "too many clients",
which the store calls busy: the answer is kept and written again with its key.

Printed, never asserted: the figures depend on the machine and what else runs on it.
Latency here includes waiting for the client's own CPU (up to 300 threads in a few
processes on the machine's cores, beside the database server).

Measured here (2026-12-04, 2 cores, defaults, one run at rest): answers/s, p50/p95/max
ms, retried, lost.

* SQLite: 30 learners 228/s, 1.3/465/1254 ms, 0 lost; 100: 378/s, 1.0/736/2572 ms,
  0 lost; 300: 521/s, 10/2042/5533 ms, 1 write retried after the 5 s busy wait, 0 lost.
  Most writes take a millisecond; the tail is SQLite's busy wait (it sleeps and retries,
  unfairly).
* PostgreSQL (``max_connections=100``, a connection per write): 30 learners 159/s,
  167/269/467 ms; 100: 159/s, 583/850/1286 ms; 300: 215/s, 1135/2285/4545 ms; 0 lost.
  A connection per write costs throughput (a run with pooled connections and
  ``--pg-max-connections 400`` wrote 565/s), still far above a class's pace (300
  learners answering every 10 s is 30/s); a larger school puts PgBouncer in front.
* Before the store counted "too many clients" and a connect timeout as busy, such writes
  were reported as "not a usable database" and lost (203 learners of 300 at the default
  limit).

No answer was ever kept twice (dup 0 everywhere).
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import os
import platform
import queue
import random
import sqlite3
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import sqlalchemy as sa

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from pinochle_tutor.classroom.attempts import Attempt  # noqa: E402
from pinochle_tutor.classroom.database import StoreBusyError, store_error  # noqa: E402
from pinochle_tutor.classroom.store import ProgressStore  # noqa: E402
from tests import postgres_server  # noqa: E402

ENGINES = ("sqlite", "postgresql")
START_TIMEOUT = 300.0
"""Seconds the workers may take to open every learner's store."""
RUN_TIMEOUT = 1800.0
"""Seconds one engine and learner count may take to write every answer."""


RETRY_PAUSE = 0.5
"""Seconds before a busy answer is written again (the page waits 5 s; shorter here, so
that a run ends sooner: it changes when an answer is kept, not whether)."""
GIVE_UP = 120.0
"""Seconds after which an answer still not kept counts as failed (and lost)."""


@dataclasses.dataclass
class WorkerResult:
    """What one worker process saw: each write's latency, and what went wrong."""

    latencies: list[float]
    """Seconds per successful :meth:`ProgressStore.record` call."""
    failed: int
    """Writes that raised."""
    open_failed: int
    """Learners whose store could not be opened (their answers were never written)."""
    retried: int
    """Busy answers (a lock held too long, a server at its connection limit) kept and
    written again with the same key, as the course's page does (:data:`RETRY_PAUSE`)."""
    errors: Counter[str]
    """Error messages (type and first line), with how often each was seen."""
    first_start: float
    """``time.time()`` when the first write began (the clock every process shares)."""
    last_end: float
    """``time.time()`` when the last write ended."""


def learner_name(i: int) -> str:
    return f"learner-{i:03d}"


def answer_key(learner: str, n: int) -> str:
    """Each answer's own idempotency key, as the course gives one."""
    return f"{learner}#{n:03d}"


def item_id(n: int) -> str:
    return f"item-{n:03d}"


def learner_location(location: str, learner: str) -> str:
    """The learner's own view of the database: a server URL names the learner as its
    ``application_name``, so the store makes the learner an engine of their own (one per
    kernel, as on a site); a SQLite path is the same file for all (the store opens a
    connection per call there, so nothing is shared anyway)."""
    if "://" not in location:
        return location
    url = sa.make_url(location)
    return url.update_query_dict({"application_name": learner}).render_as_string(hide_password=False)


def _error_text(error: BaseException) -> str:
    """The error's type and first line, and the driver's error it stands for (the store
    raises its own errors ``from None``, but Python keeps the cause as the context)."""

    def first_line(e: BaseException) -> str:
        lines = str(getattr(e, "orig", None) or e).strip().splitlines()
        return f"{type(e).__name__}: {lines[0] if lines else ''}"

    text = first_line(error)
    if error.__context__ is not None:
        text += f" (from {first_line(error.__context__)})"
    return text[:240]


def worker(
    location: str,
    learners: Sequence[int],
    answers: int,
    think: float,
    ready: Any,
    go: Any,
    results: Any,
) -> None:
    """One worker process: a thread per learner, each opens its store, then (after
    ``go``) writes its answers; puts one :class:`WorkerResult` on ``results``."""
    lock = threading.Lock()
    latencies: list[float] = []
    errors: Counter[str] = Counter()
    counts = {"failed": 0, "open_failed": 0, "retried": 0}
    starts: list[float] = []
    ends: list[float] = []
    opened = threading.Barrier(len(learners) + 1)

    def learner(i: int) -> None:
        name = learner_name(i)
        rng = random.Random(i)
        store: ProgressStore | None = None
        deadline = time.monotonic() + GIVE_UP
        while store is None and time.monotonic() < deadline:
            try:
                store = ProgressStore(learner_location(location, name))
            except StoreBusyError as e:  # as the page does: opened again on a later answer
                with lock:
                    counts["retried"] += 1
                    errors[f"open, tried again: {_error_text(e)}"] += 1
                time.sleep(RETRY_PAUSE)
            except Exception as e:
                with lock:
                    counts["open_failed"] += 1
                    errors[f"open: {_error_text(e)}"] += 1
                break
        opened.wait()
        go.wait()
        if store is None:
            return
        mine: list[float] = []
        first = time.time()
        for n in range(answers):
            if think > 0:
                time.sleep(rng.uniform(0, 2 * think))
            attempt = Attempt(
                item_id(n), "meld", ("meld.run",), str(150 + n), n % 3 != 0,
                datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            )  # fmt: skip
            began = time.perf_counter()
            kept = False
            deadline = time.monotonic() + GIVE_UP
            while not kept and time.monotonic() < deadline:
                try:
                    store.record(name, attempt, page="04_meld.ipynb", key=answer_key(name, n))
                    kept = True
                except Exception as e:
                    error = store_error(e, "the database")
                    with lock:
                        errors[f"write: {_error_text(e)}"] += 1
                        if isinstance(error, StoreBusyError):
                            counts["retried"] += 1  # kept on the page, written again (same key)
                        else:
                            counts["failed"] += 1
                    if not isinstance(error, StoreBusyError):
                        break
                    time.sleep(RETRY_PAUSE)
            if kept:
                mine.append(time.perf_counter() - began)
            elif deadline <= time.monotonic():
                with lock:
                    counts["failed"] += 1
        with lock:
            latencies.extend(mine)
            starts.append(first)
            ends.append(time.time())

    threads = [threading.Thread(target=learner, args=(i,), daemon=True) for i in learners]
    for t in threads:
        t.start()
    opened.wait()
    ready.put(os.getpid())
    for t in threads:
        t.join()
    outcome = WorkerResult(
        latencies, counts["failed"], counts["open_failed"], counts["retried"], errors,
        min(starts, default=0.0), max(ends, default=0.0),
    )  # fmt: skip
    results.put(outcome)


@dataclasses.dataclass
class Row:
    """One line of the table: an engine and a learner count."""

    engine: str
    learners: int
    answers: int
    kept: int
    seconds: float
    latencies: list[float]
    failed: int
    open_failed: int
    retried: int
    lost: int
    duplicated: int
    errors: Counter[str]


def percentile(values: Sequence[float], p: float) -> float:
    """The nearest-rank ``p``-th percentile (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))
    return ordered[int(rank) - 1]


def count_rows(location: str, learners: int, answers: int) -> tuple[int, int, int]:
    """Read the database back: (answers kept, lost, duplicated). Lost: an expected key
    or learner's item with no row; duplicated: rows beyond one per key and beyond one
    per learner's item, and rows nobody wrote."""
    url = location if "://" in location else f"sqlite:///{location}"
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as db:
            rows = db.execute(sa.text("SELECT learner, item_id, answer_key FROM attempts")).all()
    finally:
        engine.dispose()
    by_key = Counter(str(r[2]) for r in rows)
    by_item = Counter((str(r[0]), str(r[1])) for r in rows)
    expected_keys = set()
    expected_items = set()
    for i in range(learners):
        name = learner_name(i)
        for n in range(answers):
            expected_keys.add(answer_key(name, n))
            expected_items.add((name, item_id(n)))
    lost_keys = len(expected_keys - by_key.keys())
    lost_items = len(expected_items - by_item.keys())
    duplicated = max(
        sum(c - 1 for c in by_key.values() if c > 1) + sum(by_key[k] for k in by_key.keys() - expected_keys),
        sum(c - 1 for c in by_item.values() if c > 1),
    )  # fmt: skip
    return len(rows), max(lost_keys, lost_items), duplicated


def run_load(
    engine: str, location: str, learners: int, answers: int, processes: int, think: float
) -> Row:
    """Open the database once (its schema made, as the site's first page does), then let
    ``learners`` write ``answers`` each from ``processes`` worker processes."""
    ProgressStore(location)  # the schema, before the class arrives
    ctx = multiprocessing.get_context("spawn")  # no engine or connection crosses a fork
    ready, results = ctx.Queue(), ctx.Queue()
    go = ctx.Event()
    shares = [list(range(learners))[k::processes] for k in range(processes)]
    shares = [s for s in shares if s]
    workers = [
        ctx.Process(target=worker, args=(location, share, answers, think, ready, go, results))
        for share in shares
    ]  # fmt: skip
    for w in workers:
        w.start()
    outcomes: list[WorkerResult] = []
    try:
        for _ in workers:
            ready.get(timeout=START_TIMEOUT)
        go.set()
        for _ in workers:
            outcomes.append(results.get(timeout=RUN_TIMEOUT))
        for w in workers:
            w.join(timeout=60)
    except queue.Empty:
        raise RuntimeError(
            f"{engine}, {learners} learners: the workers did not finish in time"
        ) from None
    finally:
        for w in workers:
            if w.is_alive():
                w.terminate()
                w.join()
    latencies = [x for o in outcomes for x in o.latencies]
    started = min((o.first_start for o in outcomes if o.latencies), default=0.0)
    ended = max((o.last_end for o in outcomes if o.latencies), default=0.0)
    kept, lost, duplicated = count_rows(location, learners, answers)
    errors: Counter[str] = Counter()
    for o in outcomes:
        errors.update(o.errors)
    row = Row(
        engine, learners, learners * answers, kept, max(ended - started, 1e-9), latencies,
        sum(o.failed for o in outcomes), sum(o.open_failed for o in outcomes),
        sum(o.retried for o in outcomes), lost, duplicated,
        errors,
    )  # fmt: skip
    print(f"  {engine}, {learners} learners: {len(row.latencies)} writes in {row.seconds:.1f} s", flush=True)
    return row


@contextmanager
def postgres_server_for(max_connections: int, durable: bool) -> Iterator[str]:
    """The throwaway cluster of tests/postgres_server.py, with ``max_connections`` and,
    when ``durable``, without its ``fsync=off`` and ``synchronous_commit=off`` (this
    process's copy of its settings only; the file is not changed)."""
    settings = [s for s in postgres_server.SERVER_SETTINGS if not (durable and "=off" in s)]
    settings.append(f"-c max_connections={max_connections}")
    saved = postgres_server.SERVER_SETTINGS
    postgres_server.SERVER_SETTINGS = tuple(settings)  # type: ignore[assignment]
    try:
        with postgres_server.postgres_cluster() as url:
            yield url
    finally:
        postgres_server.SERVER_SETTINGS = saved


def server_version(url: str) -> str:
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as db:
            return str(db.exec_driver_sql("SHOW server_version").scalar())
    finally:
        engine.dispose()


def print_row(row: Row) -> None:
    ms = [x * 1000 for x in row.latencies]
    print(
        f"{row.engine:<11}{row.learners:>9}{row.answers:>9}{row.kept:>7}"
        f"{len(row.latencies) / row.seconds:>10.0f}{percentile(ms, 50):>8.1f}{percentile(ms, 95):>8.1f}"
        f"{max(ms, default=0.0):>9.1f}{row.retried:>8}{row.failed + row.open_failed:>8}"
        f"{row.lost:>6}{row.duplicated:>5}",
        flush=True,
    )


HEADER = (
    f"{'engine':<11}{'learners':>9}{'answers':>9}{'kept':>7}{'answers/s':>10}"
    f"{'p50 ms':>8}{'p95 ms':>8}{'max ms':>9}{'retried':>8}{'failed':>8}{'lost':>6}{'dup':>5}"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engines", nargs="+", choices=ENGINES, default=list(ENGINES),
                        help="the engines to load (both)")  # fmt: skip
    parser.add_argument("--learners", nargs="+", type=int, default=[30, 100, 300],
                        help="learner counts, one run each (30 100 300)")  # fmt: skip
    parser.add_argument("--answers", type=int, default=10, help="answers per learner (10)")
    parser.add_argument("--processes", type=int, default=8, help="worker processes (8)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean seconds before each answer, uniform from 0 to twice it (0)")  # fmt: skip
    parser.add_argument("--pg-max-connections", type=int, default=100,
                        help="the PostgreSQL server's max_connections (100, its default)")  # fmt: skip
    parser.add_argument("--pg-durable", action="store_true",
                        help="PostgreSQL with fsync and synchronous_commit on (off by default)")  # fmt: skip
    args = parser.parse_args()
    for name, value in (("--answers", args.answers), ("--processes", args.processes),
                        ("--pg-max-connections", args.pg_max_connections)):  # fmt: skip
        if value < 1:
            parser.error(f"{name} must be at least 1, not {value}")
    if any(n < 1 for n in args.learners):
        parser.error(f"--learners must each be at least 1, not {args.learners}")
    if args.think < 0:
        parser.error(f"--think must be 0 or more seconds, not {args.think}")

    now = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print(f"classroom store load, {now}; {os.cpu_count()} cores, {platform.platform()}, "
          f"Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}")  # fmt: skip
    print(f"{args.answers} answers per learner, {args.processes} worker processes, "
          f"think {args.think:g} s; latency = one ProgressStore.record call")  # fmt: skip
    rows: list[Row] = []
    engines = [e for e in ENGINES if e in args.engines]
    with tempfile.TemporaryDirectory(prefix="pinochle-load-") as folder:
        for engine in engines:
            if engine == "sqlite":
                print("sqlite: a file in a temporary folder, WAL, synchronous=NORMAL")
                for n in args.learners:
                    path = str(Path(folder) / f"class-{n}.sqlite")
                    rows.append(run_load(engine, path, n, args.answers, args.processes, args.think))
                continue
            missing = postgres_server.postgres_missing()
            if missing:
                print(f"postgresql: skipped, {missing}")
                continue
            with postgres_server_for(args.pg_max_connections, args.pg_durable) as url:
                print(f"postgresql: server {server_version(url)} on loopback, "
                      f"max_connections={args.pg_max_connections}, "
                      + ("fsync and synchronous_commit on" if args.pg_durable
                         else "fsync=off synchronous_commit=off"))  # fmt: skip
                for n in args.learners:
                    location = postgres_server.new_database(url, f"load_{n}")
                    rows.append(run_load(engine, location, n, args.answers, args.processes, args.think))
    print()
    print(HEADER)
    for row in rows:
        print_row(row)
    print("retried: busy writes kept and written again with their key, as the page does; "
          "failed: writes that raised otherwise, or never got in, plus learners whose store "
          "did not open; "
          "lost and dup must be 0")  # fmt: skip
    for row in rows:
        for text, count in row.errors.most_common(3):
            print(f"  {row.engine} {row.learners}: {count} x {text}")


if __name__ == "__main__":
    main()
