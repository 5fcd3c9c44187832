"""Record each test's wall-clock seconds of a full run in ``tests/durations.json``.

Run after ``bash scripts/test.sh`` (the full run): it merges the run's
``test-artifacts/durations-<worker>.json`` (written by tests/conftest.py) into
``tests/durations.json``, keeping only the slow tests (``tests.conftest.is_slow``: the
file marks them ``slow``, and ``scripts/test.sh --quick`` leaves them to the full run). A test the run did not reach
(a run of a few files, ``-k``) keeps its old figure.

    .venv/bin/python scripts/record_durations.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.conftest import DURATIONS, is_slow  # noqa: E402


def main() -> int:
    runs = sorted((REPO / "test-artifacts").glob("durations-*.json"))
    if not runs:
        print("No test-artifacts/durations-*.json: run bash scripts/test.sh first.")
        return 1
    seen: dict[str, tuple[float, float]] = {}
    for run in runs:
        for node, (wall, cpu) in json.loads(run.read_text()).items():
            seen[node] = (float(wall), float(cpu))
    try:
        old = {k: (float(v[0]), float(v[1])) for k, v in json.loads(DURATIONS.read_text()).items()}
    except (OSError, ValueError, TypeError, IndexError):
        old = {}
    merged = {k: v for k, v in old.items() if k not in seen}
    merged.update(seen)
    slow = {k: [round(w, 2), round(c, 2)] for k, (w, c) in sorted(merged.items()) if is_slow(w, c)}
    lines = [f"{json.dumps(k)}: {json.dumps(v)}" for k, v in slow.items()]
    DURATIONS.write_text("{\n" + ",\n".join(lines) + "\n}\n")  # a line a test
    rest = [c for k, (w, c) in seen.items() if not is_slow(w, c)]
    print(
        f"{len(slow)} slow tests recorded in {DURATIONS.relative_to(REPO)}; "
        f"the other {len(rest)} took {sum(rest):.0f} CPU seconds together."
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
