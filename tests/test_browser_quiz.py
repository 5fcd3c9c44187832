"""A whole quiz round in a real browser: the scoring practice page in Voila, reloaded
after a first wrong answer (the same question comes back with its first try kept).

Debian's Chromium driven by Playwright (see tests/test_browser_site.py). The test
reads each question from the page, works out the answer with the engine, answers
the first one unreadably and then wrongly, the rest rightly, and expects the final
score. The progress file goes to a temporary path (PINOCHLE_TUTOR_PROGRESS), and a
screenshot of the score is saved in test-artifacts/.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from pinochle_tutor.classroom.progress import read_attempts
from pinochle_tutor.course.quiz import ScoreQuiz, answer_text
from tests.browser_pages import needs_chromium
from tests.voila_site import REPO, voila_server

ARTIFACTS = REPO / "test-artifacts"
TIMEOUT = 90_000
PAGE = "practice/07_score_level1.ipynb"
COUNT = 10  # the page's QuizRunner(count=10)

pytestmark = needs_chromium

_MELD = re.compile(r"bid (\d+) and showed (\d+) meld; the defenders showed (\d+)\.")
_TRICKS = re.compile(r"bidders captured (\d+) trick points and the defenders (\d+)\.")
_ASK = re.compile(r"What do the (bidders|defenders) score")


def question_from_page(text: str) -> ScoreQuiz:
    """The scoring question shown, rebuilt from its words."""
    meld, ask = _MELD.search(text), _ASK.search(text)
    assert meld is not None and ask is not None, text
    bid, bidder_meld, defender_meld = (int(x) for x in meld.groups())
    tricks = _TRICKS.search(text)
    conceded = "conceded" in text
    assert conceded or tricks is not None, text
    bt, dt = (int(x) for x in tricks.groups()) if tricks is not None else (0, 0)
    return ScoreQuiz(
        id="page", bid=bid, bidder_meld=bidder_meld, bidder_tricks=bt,
        defender_meld=defender_meld, defender_tricks=dt, conceded=conceded, ask=ask.group(1),
    )  # fmt: skip


def assert_clean(page: Page) -> None:
    assert page.locator(".voila-error").count() == 0
    assert "Traceback (most recent call last)" not in page.content()
    assert not re.search(r"\b[A-Z][a-zA-Z]+Error: ", page.inner_text("body")), (
        "a Python error is shown"
    )


def answer(page: Page, text: str) -> None:
    runner = page.locator(".pt-quiz-runner")
    runner.locator(".pt-quiz-text input").fill(text)
    runner.locator("button.pt-quiz-submit").click()


def test_a_scoring_round_to_the_final_score(browser: Browser, tmp_path: Path) -> None:
    progress = tmp_path / "progress.json"
    with (
        voila_server(env={"PINOCHLE_TUTOR_PROGRESS": str(progress)}) as site,
        browser.new_page(viewport={"width": 1100, "height": 1200}) as page,
    ):
        page.set_default_timeout(TIMEOUT)
        page.goto(f"{site}/voila/render/{PAGE}", wait_until="commit")
        runner = page.locator(".pt-quiz-runner")
        runner.wait_for(state="visible")
        prompt = runner.locator(".pt-quiz-prompt")
        feedback = runner.locator(".pt-quiz-feedback")
        message = runner.locator(".pt-message-area")
        for n in range(1, COUNT + 1):
            expect(prompt).to_contain_text(f"Question {n} of {COUNT}")
            right = answer_text(question_from_page(prompt.inner_text()))
            expect(feedback).to_have_text("")  # nothing of the answer before answering
            if n == 1:
                answer(page, "about three hundred")
                expect(message).to_contain_text("does not count")
                expect(prompt).to_contain_text("Question 1 of")
                answer(page, str(int(right) + 10))
                expect(feedback.locator(".pt-quiz-hint")).to_contain_text("try once more")
                if len(right.lstrip("+-")) >= 2:
                    expect(feedback).not_to_contain_text(right)  # a hint, not the answer
                page.screenshot(path=str(ARTIFACTS / "browser-quiz-1-hint.png"), full_page=True)
                # A reload keeps the place: the same question, its first try and hint kept.
                asked = prompt.inner_text().splitlines()[-1].strip()  # the question's words
                page.reload(wait_until="commit")
                runner.wait_for(state="visible")
                expect(prompt).to_contain_text("Question 1 of")
                expect(prompt).to_contain_text(asked)
                expect(feedback.locator(".pt-quiz-hint")).to_contain_text("try once more")
                page.screenshot(path=str(ARTIFACTS / "browser-quiz-1-reloaded.png"), full_page=True)
                answer(page, str(int(right) + 20))
                expect(feedback).to_contain_text(f"Not quite: the answer is {right}.")
                page.screenshot(path=str(ARTIFACTS / "browser-quiz-1-wrong.png"), full_page=True)
            else:
                answer(page, right)
                expect(feedback).to_contain_text("Right!")
            expect(feedback).to_contain_text("The rules here")
            runner.locator("button.pt-quiz-next").click()
        score = runner.locator(".pt-quiz-score")
        expect(score).to_contain_text(f"You got {COUNT - 1} of {COUNT} right.")
        expect(score.locator(".pt-quiz-rule-scores")).to_be_visible()
        expect(runner.locator("button.pt-quiz-restart")).to_be_visible()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "browser-quiz-2-score.png"), full_page=True)
        assert_clean(page)
    attempts, problems = read_attempts(progress)
    assert not problems and len(attempts) == COUNT
    assert [a.right for a in attempts] == [False] + [True] * (COUNT - 1)
    assert all(a.kind == "score" for a in attempts)
