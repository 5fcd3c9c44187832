"""The comparison every golden test of a whole text makes: the text now against its
file under ``tests/golden/``, rewritten first when ``UPDATE_GOLDEN=1`` (to accept a
change of words, then read in review)."""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest


def assert_golden(got: str, golden: Path, what: str, context: int = 0) -> None:
    """Fail with the unified diff (``context`` lines around each change) when ``got`` is
    not the text of ``golden``; ``what`` says what changed, in the failure's first line."""
    if os.environ.get("UPDATE_GOLDEN") == "1":
        golden.write_text(got, encoding="utf-8")
    want = golden.read_text(encoding="utf-8")
    if got != want:
        diff = "".join(
            difflib.unified_diff(
                want.splitlines(True), got.splitlines(True), "golden", "now", n=context
            )
        )
        pytest.fail(f"{what} changed; if intended, UPDATE_GOLDEN=1:\n{diff[:20000]}")
