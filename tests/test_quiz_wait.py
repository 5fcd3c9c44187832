"""No quiz page waits for a bidding answer before it shows (issue 30): in a kernel the
runner makes each question and works out its answer in a background thread, shows the
question as soon as it is made with a progress line in words, and marks an answer given
meanwhile once the work is done, the same mark as an answer given after it.

Nothing here depends on timing: the simulation is held at a gate (an event the test
opens) and the tests wait on the runner's state (``wait_for_question``,
``wait_until_prepared``), never on the clock.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pinochle_tutor.classroom.progress import Progress, read_attempts
from pinochle_tutor.coach.bid import evaluate_bids
from pinochle_tutor.course.quiz import BidQuiz, bidding, check_answer
from pinochle_tutor.course.quiz.session import QuizSession
from pinochle_widgets import quiz_runner
from pinochle_widgets.quiz_runner import QuizRunner, progress_text
from tests.test_quiz_runner import item_of
from tests.widget_client import client_click, client_update

pytestmark = pytest.mark.usefixtures("quick_bidding")

WAIT = 300  # seconds: a bound for a stuck thread, never a measure of speed
PAGE = "practice/10_bidding_level1.ipynb"


@pytest.fixture(autouse=True)
def served_page(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    """A bidding page as Voila serves it (so its place is kept), under classic rules,
    in a fresh kernel."""
    monkeypatch.setenv("SCRIPT_NAME", f"/voila/render/{PAGE}")
    monkeypatch.setattr(QuizSession, "_pages", {})
    path = tmp_path_factory.mktemp("site") / "house_rules.toml"
    path.write_text('preset = "classic"\n', encoding="utf-8")
    monkeypatch.setenv("PINOCHLE_TUTOR_RULES", str(path))


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """The bidding answers' simulation waits until the test opens this gate (the deals
    simulated, and so every answer, are the real ones)."""
    opened = threading.Event()
    real = evaluate_bids

    def held(*args: Any, **kwargs: Any) -> Any:
        opened.wait(WAIT)
        return real(*args, **kwargs)

    monkeypatch.setattr(bidding, "evaluate_bids", held)
    yield opened
    opened.set()


def words(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def shown(widget: Any) -> bool:
    return widget.layout.display != "none"


def page_draws(q: QuizRunner) -> None:
    """What the page's progress line says when the browser has drawn it."""
    q.progress_line._handle_msg(
        {"content": {"data": {"method": "custom", "content": {"shown": True}}}, "buffers": []}
    )


def runner(tmp_path: Path, *args: Any, **kw: Any) -> QuizRunner:
    """A bidding round in the background, on a page the browser has drawn."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    kw.setdefault("progress", Progress.load(tmp_path / "progress.json"))
    q = QuizRunner("bid", *args, background=True, **kw)
    page_draws(q)
    return q


def finish(q: QuizRunner) -> None:
    assert q.wait_until_prepared(WAIT)
    q.close()


def test_the_question_shows_while_its_answer_is_worked_out(
    tmp_path: Path, gate: threading.Event
) -> None:
    q = runner(tmp_path, level=2, source="bank", count=2, seed=4)
    assert q.wait_for_question(WAIT)
    # The question is on screen, its answer not worked out (the simulation is held).
    assert q.phase == "asking" and not q.wait_until_prepared(0)
    assert "Question 1 of 2" in words(q.prompt.value)
    assert "What is the most you would bid?" in words(q.prompt.value)
    assert shown(q.hand_view) and shown(q.submit_button) and not q.submit_button.disabled
    assert shown(q.progress_line)
    most = bidding.deal_cap(q.rules)
    assert words(q.progress_line.value) == progress_text(0, most)
    assert words(q.progress_line.value) == f"Working out the answer: 0 of {most} deals"
    gate.set()
    assert q.wait_until_prepared(WAIT)
    assert not shown(q.progress_line) and q.phase == "asking" and q.marks == ()
    finish(q)


def test_an_answer_given_before_the_work_is_done_waits_and_gets_the_same_mark(
    tmp_path: Path, gate: threading.Event
) -> None:
    early = runner(tmp_path / "early", level=2, source="bank", count=2, seed=4)
    assert early.wait_for_question(WAIT)
    item = item_of(early)
    assert isinstance(item, BidQuiz)
    answer = str(item.auction().min_bid)
    client_update(early.text_input, value=answer)
    client_click(early.submit_button)
    # Taken, not marked: it waits for the work, and the page says so.
    assert early.phase == "waiting" and early.marks == () and early.submit_button.disabled
    assert "Your answer is in" in early.message.text and shown(early.progress_line)
    client_click(early.pass_button)  # a second answer meanwhile is refused, with a message
    assert early.phase == "waiting" and "Your answer is in" in early.message.text
    assert read_attempts(tmp_path / "early" / "progress.json")[0] == []  # not marked yet
    gate.set()
    assert early.wait_until_prepared(WAIT)
    assert early.phase in ("marked", "asking") and not shown(early.progress_line)

    late = runner(tmp_path / "late", level=2, source="bank", count=2, seed=4)
    assert late.wait_until_prepared(WAIT)
    assert item_of(late) == item
    client_update(late.text_input, value=answer)
    client_click(late.submit_button)

    expected = check_answer(item, answer)
    for q in (early, late):
        assert q.phase == ("marked" if expected.right else "asking")
        assert q.feedback.value and q.tries == (1 if expected.right else 2)
        assert len(q.marks) == (1 if expected.right else 0) and all(m.right for m in q.marks)
    assert early.feedback.value == late.feedback.value
    assert early.marks == late.marks
    kept = [read_attempts(tmp_path / d / "progress.json")[0] for d in ("early", "late")]
    assert len(kept[0]) == (1 if expected.right else 0)  # a first wrong try is not kept yet
    assert [(a.item_id, a.answer, a.right, a.tries, a.rules) for a in kept[0]] == [
        (a.item_id, a.answer, a.right, a.tries, a.rules) for a in kept[1]
    ]
    finish(early)
    finish(late)


def test_an_unreadable_answer_is_said_at_once(tmp_path: Path, gate: threading.Event) -> None:
    q = runner(tmp_path, level=2, source="bank", count=2, seed=4)
    assert q.wait_for_question(WAIT)
    client_update(q.text_input, value="a lot")
    client_click(q.submit_button)
    assert q.phase == "asking" and "does not count" in q.message.text
    gate.set()
    finish(q)


def test_a_generated_question_is_dealt_with_the_page_shown(
    tmp_path: Path, gate: threading.Event
) -> None:
    """Under the double deck every bidding question is generated, and its answer's
    simulation picks its hand: the page shows the question's number and the progress
    line until it is made, and refuses answers meanwhile."""
    q = runner(tmp_path, level=1, source="mixed", count=2, seed=4, rules="double_deck")
    assert q.phase == "dealing" and q.prompt.value == ""
    assert q.answer_box.children == () and not shown(q.submit_button)
    assert shown(q.progress_line) and "Dealing question 1 of 2" in words(q.progress_line.value)
    client_click(q.pass_button)
    assert q.phase == "dealing" and "still being dealt" in q.message.text
    gate.set()
    assert q.wait_for_question(WAIT)
    assert q.phase == "asking" and "What is the most you would bid?" in words(q.prompt.value)
    assert "Double deck" in words(q.prompt.value)
    finish(q)


def test_a_reload_while_the_work_goes_on_comes_back_to_the_place(
    tmp_path: Path, gate: threading.Event
) -> None:
    gate.set()
    path = tmp_path / "progress.json"
    q = runner(tmp_path, level=2, source="bank", count=3, seed=4, progress=Progress.load(path))
    assert q.wait_until_prepared(WAIT)
    client_update(q.text_input, value="pass")
    client_click(q.submit_button)
    if q.phase == "asking":  # a wrong first try: the second one
        client_click(q.pass_button)
    assert q.phase == "marked"
    mark = q.marks[0]
    client_click(q.next_button)
    asked = q.prompt.value
    finish(q)

    # A new kernel (nothing simulated yet), whose simulation is held: the page shows,
    # and comes back to its place when the work is done.
    bidding.clear_cache()
    gate.clear()
    QuizSession._pages.clear()
    again = runner(tmp_path, level=2, source="bank", count=3, progress=Progress.load(path))
    assert again.seed == 4 and again.phase == "dealing" and again.index == 1
    gate.set()
    assert again.wait_for_question(WAIT)
    assert again.index == 1 and again.prompt.value == asked and again.marks == (mark,)
    assert len(read_attempts(path)[0]) == 1  # nothing recorded twice
    finish(again)


def test_an_answer_given_while_the_work_goes_on_survives_a_reload(
    tmp_path: Path, gate: threading.Event
) -> None:
    """An answer given before its question's answer was worked out is kept with the
    place: a reload (a new kernel, its simulation held again) shows the question with
    the answer still waiting, and marks it once the work is done, once."""
    path = tmp_path / "progress.json"
    q = runner(tmp_path, level=2, source="bank", count=2, seed=4, progress=Progress.load(path))
    assert q.wait_for_question(WAIT)
    item = item_of(q)
    asked = q.prompt.value
    answer = str(item.auction().min_bid) if isinstance(item, BidQuiz) else "pass"
    client_update(q.text_input, value=answer)
    client_click(q.submit_button)
    assert q.phase == "waiting" and q.marks == ()
    q.close()  # the page reloaded before the work was done

    bidding.clear_cache()
    QuizSession._pages.clear()
    again = runner(tmp_path, level=2, source="bank", count=2, progress=Progress.load(path))
    assert again.seed == 4
    assert again.wait_for_question(WAIT)
    assert again.index == 0 and again.prompt.value == asked
    assert again.phase == "waiting" and again.submit_button.disabled
    assert "Your answer is in" in again.message.text
    gate.set()
    assert again.wait_until_prepared(WAIT)
    expected = check_answer(item, answer)
    assert again.phase == ("marked" if expected.right else "asking")
    assert again.tries == (1 if expected.right else 2)
    kept = read_attempts(path)[0]
    assert len(kept) == (1 if expected.right else 0)  # once, or not yet (a second try due)
    finish(again)


def test_the_simulation_starts_when_the_page_is_drawn(tmp_path: Path) -> None:
    """The page is sent and drawn with the machine's whole attention: the question is
    made at once, its answer's simulation waits until the page says it is drawn."""
    q = QuizRunner("bid", 2, "bank", count=2, seed=4, background=True,
                   progress=Progress.load(tmp_path / "p.json"))  # fmt: skip
    assert q.wait_for_question(WAIT) and q.phase == "asking"
    assert "What is the most you would bid?" in words(q.prompt.value)
    assert not q.wait_until_prepared(0)  # held until the page is drawn (no gate here)
    page_draws(q)
    assert q.wait_until_prepared(WAIT) and not shown(q.progress_line)
    q.close()


def test_an_answer_starts_the_work_on_a_page_never_drawn(tmp_path: Path) -> None:
    q = QuizRunner("bid", 2, "bank", count=2, seed=4, background=True,
                   progress=Progress.load(tmp_path / "p.json"))  # fmt: skip
    assert q.wait_for_question(WAIT)
    client_update(q.text_input, value="pass")
    client_click(q.submit_button)
    assert q.phase == "waiting"
    assert q.wait_until_prepared(WAIT) and q.phase in ("marked", "asking") and q.feedback.value
    q.close()


def test_outside_a_kernel_the_runner_works_as_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No kernel (a script, a test): each question is made when it is asked, and the
    page's first screen is its question. In a kernel, only a round that may ask a
    bidding question works in the background."""
    q = QuizRunner("bid", 2, "bank", count=2, seed=4, progress=Progress.load(tmp_path / "p.json"))
    assert not q.background and q.phase == "asking" and not shown(q.progress_line)
    assert "Question 1 of 2" in words(q.prompt.value)
    assert q.wait_until_prepared(WAIT)
    monkeypatch.setattr(quiz_runner, "_in_kernel", lambda: True)
    runners = {k: QuizRunner(k, 1, "generated", count=1, seed=4, progress=tmp_path / f"{k}.json")
               for k in ("bid", "score", None)}  # fmt: skip
    assert {k: r.background for k, r in runners.items()} == {"bid": True, "score": False, None: True}
    assert runners["score"].phase == "asking"  # made at once, as outside a kernel
    for r in runners.values():
        page_draws(r)
        finish(r)


def test_a_which_card_round_is_made_after_the_page_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A which-card question takes the coach a while to make (every legal card judged):
    in a kernel the round makes it in the background, so the page shows first."""
    monkeypatch.setattr(quiz_runner, "_in_kernel", lambda: True)
    q = QuizRunner("play", 1, "generated", count=2, seed=3, progress=Progress.load(tmp_path / "p.json"))
    assert q.background
    assert q.wait_for_question(WAIT) and q.phase == "asking"
    assert "Question 1 of 2" in words(q.prompt.value)
    q.close()
