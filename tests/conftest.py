"""Shared pytest configuration for the Pinochle Tutor test suite."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

EXPECT_TIMEOUT = 60_000
"""How long a web-first assertion (``expect(...)``) waits, in ms: as long as the browser
tests' page steps, not Playwright's 5 s default. A widget whose answer the kernel
simulates (the bidding advisor, an undo replaying the hand) can take longer than 5 s
on a busy machine; a passing assertion returns as soon as it holds."""


def pytest_configure(config: pytest.Config) -> None:  # noqa: ARG001 - pytest's hook signature
    """Every browser test's web-first assertions wait :data:`EXPECT_TIMEOUT` (nothing to
    set where Playwright is not installed: the browser tests are skipped there)."""
    try:
        from playwright.sync_api import expect
    except ImportError:  # pragma: no cover - the test extras install it
        return
    expect.set_options(timeout=EXPECT_TIMEOUT)


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


def _join_background() -> None:
    import threading

    for t in threading.enumerate():
        if t.name == "pt-quiz-prepare":
            t.join(timeout=600)


@pytest.fixture(autouse=True)
def _quiet_background() -> Iterator[None]:
    """A quiz page prepares its next question in a background thread (see
    ``QuizRound.prepare``); each test waits for that work before the next test starts,
    so no test counts or patches what another test's thread is doing."""
    yield
    _join_background()


@pytest.fixture
def quick_bidding(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Bidding answers from one chunk of 48 deals, for tests of the quiz runner and the
    practice widgets, whose subject is not the answer's precision (the quiz's own
    numbers are tested in test_quiz_bidding.py and by the bank audit). The answers'
    cache is emptied around it, so no quick answer outlives the test."""
    from pinochle_tutor.course.quiz import bidding

    monkeypatch.setattr(bidding, "ADVISOR_SAMPLES", 48)
    monkeypatch.setattr(bidding, "CHUNK_SAMPLES", 48)
    bidding.clear_cache()
    yield
    _join_background()
    bidding.clear_cache()
