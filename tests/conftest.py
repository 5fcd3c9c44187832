"""Shared pytest configuration for the Pinochle Tutor test suite."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright, one per test module (the browser tests
    skip themselves when /usr/bin/chromium is missing)."""
    from playwright.sync_api import sync_playwright

    from tests.voila_site import CHROMIUM, CHROMIUM_ARGS

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()
