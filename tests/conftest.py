"""Shared pytest configuration for the Pinochle Tutor test suite."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

EXPECT_TIMEOUT = 60_000
"""How long a web-first assertion (``expect(...)``) waits, in ms: as long as the browser
tests' page steps, not Playwright's 5 s default. A widget whose answer the kernel
simulates (the bidding advisor, an undo replaying the hand) can take longer than 5 s
on a busy machine; a passing assertion returns as soon as it holds."""


KINDS = ("unit", "property", "golden", "notebooks", "browser", "site")
"""The kinds of test, one marker each (``pytest -m "unit or golden"``); every test gets
exactly one, from :func:`kind_of`. ``scripts/test.sh --quick`` runs unit, property and
golden tests; the full run runs them all."""

BROWSER_FILES = ("test_browser_", "test_static_site")
"""Tests that drive Debian's Chromium with Playwright (each starts a site too)."""
SITE_FILES = ("test_site_", "test_jupyterhub", "test_kubernetes")
"""Tests that start real servers (Voila, JupyterHub) and speak to them without a browser."""
GOLDEN_FILES = ("test_golden", "test_page_words")
"""Tests that compare against the golden transcripts in ``tests/golden/``."""
PROPERTY_MODULES = "hypothesis"
"""A test module that imports this is a property-based test module."""

SLOW_TESTS = (
    "test_store_faults.py::test_a_lock_held_60_seconds_",
    "test_quiz_banks.py::test_every_curated_item_is_valid_and_agrees_with_the_engine",
    "test_quiz_banks.py::test_every_curated_item_is_answered_and_explained[bid]",
    "test_game.py::test_random_hands_obey_every_invariant",
    "test_session.py::test_whole_game_with_scripted_learner",
    "test_quiz_rules.py::test_bid_items_with_the_real_advisor",
    "test_quiz_rules.py::test_a_raise_question_runs_the_model_on_few_hands",
    "test_explain_truth.py::test_three_handed_game_table_texts_speak_of_no_partnership",
    "test_quiz.py::test_bid_generator_with_the_real_advisor",
    "test_quiz.py::test_generators_steer_toward_focus_rules",
    "test_session.py::test_several_hands_with_a_bidding_learner",
    "test_exchange_eval.py::test_the_trump_hint_keeps_the_discard_hints_plan_",
    "test_quiz_bidding.py::test_the_answer_stops_when_settled_",
    "test_levels.py::test_the_strong_level_",
    "test_bots.py::test_heuristic_player_only_makes_legal_moves",
    "test_fuzz.py::test_progress_file",
    "test_fuzz.py::test_rule_overrides",
    "test_quiz_runner.py::test_no_answer_in_synced_state_before_answering",
    "test_quiz_banks.py::test_level_one_bidding_asks_about_ordinary_hands",
    "test_explain_truth.py::test_contract_texts_state_the_real_minimum",
    "test_explain_truth.py::test_meld_notes_count_copies_right",
    "test_explain_truth.py::test_bidding_drill_results_are_worded_for_the_variant",
    "test_coaching.py::test_card_play_hints_come_from_the_coach_and_repeat_with_the_seed",
    "test_coaching.py::test_the_review_flags_deliberate_mistakes",
    "test_coaching.py::test_the_later_looks_weigh_the_contenders_and_keep_the_verdicts",
    "test_levels.py::test_every_level_plays_whole_hands_by_the_rules",
    "test_bidding.py::test_no_explanation_contradicts_its_numbers",
    "test_quiz_rules.py::test_focus_rules_steer_under_every_rule_set",
    "test_coach.py::test_last_tricks_agree_with_every_possible_deal",
    "test_game_table.py::test_other_rule_sets_by_clicks",
    "test_bid_words.py::test_no_bidding_word_contradicts_its_mark",
    "test_guessing.py::test_guessing_masters_no_lesson[03-",
    "test_guessing.py::test_guessing_masters_no_lesson[07-",
    "test_guessing.py::test_guessing_masters_no_lesson[09-",
    "test_guessing.py::test_guessing_masters_no_lesson[13-",
    "test_partner_call.py::test_each_case_s_questions_are_in_their_situation_clear_and_varied",
    "test_taught_before_used.py::test_nothing_is_used_before_it_is_taught[13_",
    "test_mastery.py::test_every_question_of_a_set_exercises_a_case_of_its_lesson[13_",
    "test_taught_before_used.py::test_nothing_is_used_before_it_is_taught[06_",
    "test_taught_before_used.py::test_nothing_is_used_before_it_is_taught[07_",
    "test_taught_before_used.py::test_the_exchange_feedback_before_the_meld_lesson_names_no_meld",
)
"""Unit and property tests that take seconds each (a real minute's lock, the bidding
advisor's simulations, whole games, every rule set's texts; the longest in a --durations
run): marked ``slow``, so ``scripts/test.sh --quick`` leaves them to the full run. A node
id starting with one of these, after ``tests/``, is slow."""


DURATIONS = Path(__file__).resolve().parent / "durations.json"
"""The slow tests of the last full run recorded, ``{node id: [wall seconds, CPU seconds]}``
(written by ``scripts/record_durations.py`` from a full run's
``test-artifacts/durations-*.json``): a test whose CPU time reached :data:`SLOW_CPU`, or
whose wall time reached :data:`SLOW_WALL` (a test that waits: a timer, a thread, a
server), is marked ``slow``, so ``scripts/test.sh --quick`` leaves it to the full run,
which runs every test. A test with no record (a new one) stays in the quick loop until
the next record."""

SLOW_CPU = 0.5
"""CPU seconds from which a recorded test is slow (see :data:`DURATIONS`)."""
SLOW_WALL = 2.0
"""Wall seconds from which a recorded test is slow: higher than :data:`SLOW_CPU`, a full
run's two workers and its servers sharing the cores (see :data:`DURATIONS`)."""


def is_slow(wall: float, cpu: float) -> bool:
    """Whether a test that took ``wall`` and ``cpu`` seconds is slow (see :data:`DURATIONS`).

    >>> is_slow(3.0, 0.1), is_slow(0.6, 0.55), is_slow(1.0, 0.2)
    (True, True, False)
    """
    return cpu >= SLOW_CPU or wall >= SLOW_WALL


def recorded_slow() -> frozenset[str]:
    """The node ids :data:`DURATIONS` records (each slow by :func:`is_slow`)."""
    import json

    try:
        record = json.loads(DURATIONS.read_text())
    except (OSError, ValueError):
        return frozenset()
    return frozenset(k for k, v in record.items() if isinstance(v, list) and is_slow(*v))


def kind_of(path: Path) -> str:
    """The kind of every test in the file ``path``: notebooks for a notebook (nbval),
    browser, site and golden by the file's name, property for a module that uses
    hypothesis, else unit (docstring examples of the package included)."""
    name = path.name
    if path.suffix == ".ipynb":
        return "notebooks"
    if name.startswith(BROWSER_FILES):
        return "browser"
    if name.startswith(SITE_FILES):
        return "site"
    if name.startswith(GOLDEN_FILES):
        return "golden"
    if path.suffix == ".py" and path.parent.name == "tests" and PROPERTY_MODULES in _imports(path):
        return "property"
    return "unit"


def _imports(path: Path) -> set[str]:
    import ast

    tree = ast.parse(path.read_text(), str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test with its kind (see :data:`KINDS`), and slow the :data:`SLOW_TESTS`
    and those :data:`DURATIONS` records as slow (:func:`recorded_slow`)."""
    kinds: dict[Path, str] = {}
    slow = recorded_slow()
    for item in items:
        path = Path(str(item.path))
        if path not in kinds:
            kinds[path] = kind_of(path)
        item.add_marker(getattr(pytest.mark, kinds[path]))
        if item.nodeid.removeprefix("tests/").startswith(SLOW_TESTS) or item.nodeid in slow:
            item.add_marker(pytest.mark.slow)


def pytest_configure(config: pytest.Config) -> None:  # noqa: ARG001 - pytest's hook signature
    """Load the hypothesis profile (``HYPOTHESIS_PROFILE``; the kinds' markers are in
    pyproject.toml); every browser test's web-first assertions wait :data:`EXPECT_TIMEOUT`
    (nothing to set where Playwright is not installed: the browser tests are skipped there)."""
    try:
        from hypothesis import settings
    except ImportError:  # pragma: no cover - the test extras install it
        pass
    else:
        # "dev": few examples, for the quick loop (HYPOTHESIS_PROFILE=dev); tests that
        # name their own max_examples keep it. The default profile is hypothesis' own.
        settings.register_profile("dev", max_examples=10, deadline=None)
        settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
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


_DURATIONS: dict[str, tuple[float, float]] = {}
"""Each test's wall-clock and CPU seconds in this process (setup, call and teardown), by
node id: written to ``test-artifacts/durations-<worker>.json`` at the end of the session,
so a run tells the tests that compute from those that wait (a kernel, a browser, a
timer), and which to mark slow. Never asserted on: a test asserts behaviour."""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:  # noqa: ARG001
    import time

    wall, cpu = time.perf_counter(), time.process_time()
    yield
    _DURATIONS[item.nodeid] = (
        round(time.perf_counter() - wall, 3),
        round(time.process_time() - cpu, 3),
    )


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Write :data:`_DURATIONS` (see there) when this process ran any test."""
    if not _DURATIONS:
        return
    import json

    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    out = Path(str(session.config.rootpath)) / "test-artifacts" / f"durations-{worker}.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(_DURATIONS, sort_keys=True))


def _join_background() -> None:
    import threading

    for t in threading.enumerate():
        if t.name in ("pt-quiz-prepare", "pt-quiz-work"):
            t.join(timeout=600)


@pytest.fixture(autouse=True)
def _quiet_background() -> Iterator[None]:
    """A quiz page prepares its next question in a background thread (see
    ``QuizRound.prepare``), and a quiz session makes its round's questions in another
    (``QuizSession``'s work, which draws on the page as it goes); each test waits for that
    work before the next test starts, so no test counts, patches or draws beside another
    test's thread (the shared stylesheet widget was once made twice so)."""
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


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A throwaway PostgreSQL server for the session (one per xdist worker), as the URL
    ``postgresql+psycopg://postgres@127.0.0.1:<port>/postgres``; stopped and removed at the
    end (see ``tests/postgres_server.py``). Its tests are skipped where no server can be
    started, unless ``PINOCHLE_REQUIRE_POSTGRES`` is set (``scripts/test.sh`` sets it)."""
    from tests.postgres_server import postgres_cluster, postgres_missing, postgres_required

    reason = postgres_missing()
    if reason is not None and not postgres_required():
        pytest.skip(reason)
    with postgres_cluster() as url:
        yield url


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """The URL of an empty database of this test's own on :func:`postgres_server`
    (``.../test_<uuid hex>``), dropped after the test, open connections and all."""
    import uuid

    from tests.postgres_server import drop_database, new_database

    url = new_database(postgres_server, f"test_{uuid.uuid4().hex}")
    yield url
    drop_database(url)
