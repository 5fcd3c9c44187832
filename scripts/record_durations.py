"""Record each test's wall-clock seconds of a full run in ``tests/durations.json``.

Run after ``bash scripts/test.sh`` (the full run): it merges the run's
``test-artifacts/durations-<worker>.json`` (written by tests/conftest.py) into
``tests/durations.json``, keeping only the tests that took
``tests.conftest.SLOW_SECONDS`` or more (the file marks those ``slow``, and
``scripts/test.sh --quick`` leaves them to the full run). A test the run did not reach
(a run of a few files, ``-k``) keeps its old figure.

    .venv/bin/python scripts/record_durations.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.conftest import DURATIONS, SLOW_SECONDS  # noqa: E402


def main() -> int:
    runs = sorted((REPO / "test-artifacts").glob("durations-*.json"))
    if not runs:
        print("No test-artifacts/durations-*.json: run bash scripts/test.sh first.")
        return 1
    seen: dict[str, float] = {}
    for run in runs:
        for node, (wall, _cpu) in json.loads(run.read_text()).items():
            seen[node] = float(wall)
    try:
        old = {k: float(v) for k, v in json.loads(DURATIONS.read_text()).items()}
    except (OSError, ValueError):
        old = {}
    merged = {k: v for k, v in old.items() if k not in seen}
    merged.update(seen)
    slow = {k: round(v, 2) for k, v in sorted(merged.items()) if v >= SLOW_SECONDS}
    DURATIONS.write_text(json.dumps(slow, indent=1, sort_keys=True) + "\n")
    quick = sum(v for k, v in seen.items() if v < SLOW_SECONDS)
    print(
        f"{len(slow)} slow tests recorded in {DURATIONS.relative_to(REPO)}; "
        f"the other {sum(v < SLOW_SECONDS for v in seen.values())} took {quick:.0f} s together."
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
