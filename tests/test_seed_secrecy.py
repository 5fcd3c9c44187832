"""No seed reaches a browser or a learner's download (issue 44): from a game's seed
every hidden card of its hands can be dealt again (``GameSession(rules, seed=...)``
then ``_start_hand()`` gave the opener's next hand exactly), and from a quiz round's
seed its later questions and their answers. Each test plays a widget with a seed
chosen to be recognisable (19 digits) and searches everything the page syncs and
everything the learner can download for the seed, or any number derived from it by
adding or multiplying (their first 12 digits are the seed's)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from pinochle_tutor.bots.levels import make_player
from pinochle_tutor.classroom.attempts import attempts_json
from pinochle_tutor.classroom.progress import Progress
from pinochle_tutor.classroom.store import ProgressStore
from pinochle_tutor.classroom.tables import TableStore
from pinochle_tutor.course.seeds import SEED_RANGE, page_seed
from pinochle_tutor.course.table.session import GameSession, hand_item_id
from pinochle_tutor.course.table.shared import SharedSession
from pinochle_tutor.rules import rules_named
from pinochle_widgets.bidding_trainer import BiddingTrainer
from pinochle_widgets.classmates import ClassmatesTable
from pinochle_widgets.game_table import GameTable
from pinochle_widgets.quiz_runner import QuizRunner
from tests.test_classmates_table import KEYS, NAMES, act, play_hand, wait_for
from tests.test_game_table import step
from tests.test_quiz_runner import answer_right
from tests.widget_client import tree_states

pytestmark = pytest.mark.unit

SEED = 7_436_291_058_316_492_017
"""A seed no card, score or count could spell by chance."""


def assert_no_seed(text: str, seed: int, where: str) -> None:
    """Neither the seed nor a number that begins as it does (``seed + 1``,
    ``seed * 1000 + i``: the seeds of a round's questions) is in ``text``."""
    assert str(seed)[:12] not in text, f"the seed {seed} (or one made from it) is in {where}"


def test_a_fresh_seed_is_too_large_to_find_by_trying_and_a_hand_id_does_not_give_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("PINOCHLE_TUTOR_SEED", raising=False)
    seeds = [page_seed() for _ in range(200)]
    assert max(seeds) > 2**40 and max(seeds) < SEED_RANGE  # not 32-bit numbers
    assert_no_seed(hand_item_id(SEED, 1), SEED, "a hand's id")
    assert hand_item_id(SEED, 1) == hand_item_id(SEED, 1) != hand_item_id(SEED, 2)


def test_the_game_table_keeps_its_hands_without_its_seed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hand played at lesson 9's table is kept in the learner's progress (as on a
    served page) under a name that does not give the seed; the page's synced state
    never holds it, nor the next game's seed."""
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/09_full_game.ipynb")
    monkeypatch.setenv("PINOCHLE_TUTOR_PROGRESS", str(tmp_path / "progress.json"))
    g = GameTable(seed=SEED)
    s = g.session
    while not s.hand_over:
        step(g)
        assert_no_seed(tree_states(g), SEED, "the game table's synced state")
    kept = Progress.load(tmp_path / "progress.json").attempts
    # The hand, and each card the review found a clear mistake (kept as the learner's
    # own position: only what the seat saw), all in the download without the seed.
    assert [a.kind for a in kept][:1] == ["hand"]
    assert {a.kind for a in kept[1:]} <= {"mistake"}
    assert kept[0].item_id == hand_item_id(SEED, 1)
    assert_no_seed(attempts_json(kept).decode(), SEED, "the learner's download")
    # The next game's seed is made from this one: it is no more visible.
    g.session._game_over = True
    g.new_game_button.click()
    assert g.session.seed != SEED
    assert_no_seed(tree_states(g), g.session.seed, "the next game's synced state")


def test_the_bidding_trainer_shows_no_seed() -> None:
    t = BiddingTrainer(seed=SEED)
    assert_no_seed(tree_states(t), SEED, "the bidding trainer")
    t.pass_button.click()
    assert_no_seed(tree_states(t), SEED, "the bidding trainer's advice")
    t.new_button.click()
    assert_no_seed(tree_states(t), SEED, "the trainer's next deal")


def test_a_generated_round_keeps_no_seed_in_its_ids_or_its_state(tmp_path: Path) -> None:
    """A generated question's id goes into the download: from a round's seed its
    later questions (and answers) follow, so the id names a digest, never the seed."""
    q = QuizRunner("meld", 1, "generated", count=3, seed=SEED, progress=tmp_path / "p.json")
    for _ in range(3):
        assert_no_seed(tree_states(q), SEED, "the quiz round's synced state")
        answer_right(q)
        if q.next_button.layout.display != "none":
            q.next_button.click()
    kept = Progress.load(tmp_path / "p.json").attempts
    assert len(kept) == 3 and all(a.item_id.startswith("gen-meld-1-") for a in kept)
    assert_no_seed(attempts_json(kept).decode(), SEED, "the round's download")


def test_a_classmates_table_never_shows_or_keeps_its_seed(tmp_path: Path) -> None:
    """Two learners open and play a hand at a table (its seed drawn by the site):
    their pages' synced states all through the hand, and each learner's kept hand,
    hold no trace of the seed."""
    tables = TableStore(ProgressStore(tmp_path / "class.sqlite"))
    R = rules_named("classic")
    pages = [ClassmatesTable(R, tables=tables, learner=k, name=n, poll=0.05)
             for k, n in zip(KEYS[:2], NAMES[:2], strict=True)]  # fmt: skip
    try:
        pages[0].open_button.click()
        code = pages[0].code
        assert code is not None
        seed = tables.table(code).seed
        assert seed > 2**40
        pages[1].code_box.value = code
        pages[1].join_button.click()
        pages[0].start_button.click()
        wait_for(lambda: all(p.game is not None for p in pages))
        games = [p.game for p in pages if p.game is not None]
        sessions = [g._shared for g in games]
        bots = [make_player("beginner", seed=i) for i in range(2)]
        for _ in range(3000):
            if all(s.hand_over for s in sessions):
                break
            for p, g, s, bot in zip(pages, games, sessions, bots, strict=True):
                with g._lock:
                    assert_no_seed(tree_states(p), seed, "a classmate's page")
                    if s.is_my_turn:
                        act(s, bot)
                        g.refresh()
            time.sleep(0.01)
        wait_for(lambda: all(s.hand_over for s in sessions))
        for p in pages:
            assert_no_seed(tree_states(p), seed, "a classmate's page at the end of the hand")
    finally:
        for p in pages:
            p.close()


def test_a_hand_kept_from_a_classmates_table_does_not_name_the_seed(tmp_path: Path) -> None:
    """What the issue found: the download held ``hand:<table seed>:1``, and from it
    ``GameSession(rules, seed=<seed>, human_seat=1, opponents="random",
    first_dealer=3)`` dealt the next hand as the opener's page later showed it."""
    db = tmp_path / "class.sqlite"
    tables = TableStore(ProgressStore(db))
    R = rules_named("classic")
    t = tables.open_table(KEYS[0], "Ann", rule_set=R.name, players=4, level="beginner",
                          hints=True, away_wait=60, seed=SEED % 2**62)  # fmt: skip
    tables.take_seat(t.code, KEYS[1], "Bob", 1)
    t = tables.start(t.code, KEYS[0])
    mine = Progress.load(db, learner=KEYS[1])
    sessions: list[Any] = [
        SharedSession(tables, t, KEYS[0], R, page=""),
        SharedSession(tables, t, KEYS[1], R, page="12_play_with_classmates.ipynb", progress=mine),
    ]
    play_hand(sessions)
    download = attempts_json(Progress.load(db, learner=KEYS[1]).attempts).decode()
    assert hand_item_id(t.seed, 1) in download
    assert_no_seed(download, t.seed, "the learner's download")
    # The seed is what deals every hand: the secret the download must not hold.
    twin = GameSession(R, seed=t.seed, human_seat=1, opponents="random", first_dealer=3)
    assert twin.engine_hand.deal.hands == sessions[1].engine_hand.deal.hands
