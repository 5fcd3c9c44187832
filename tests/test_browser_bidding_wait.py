"""A bidding question in a real browser shows before its answer is worked out (issue 30).

A page in Voila holds a bidding round whose answers' simulation waits at a gate (an
event a "Release" button on the page opens; the deals simulated are the real ones). The
browser sees the question and the progress line in words, answers, sees that the answer
waits, opens the gate and sees the marked answer. No step depends on timing: each waits
for what the page shows.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_notebook
from playwright.sync_api import Browser, expect

from tests.browser_pages import needs_chromium
from tests.voila_site import voila_server

pytestmark = needs_chromium

TIMEOUT = 120_000

GATE = """\
import threading

import ipywidgets as w

from pinochle_tutor.course.quiz import bidding

gate = threading.Event()
real = bidding.evaluate_bids


def held(*args, **kwargs):
    gate.wait(600)
    return real(*args, **kwargs)


bidding.evaluate_bids = held
bidding.ADVISOR_SAMPLES = bidding.CHUNK_SAMPLES = 48  # the subject is the page, not the answer
release = w.Button(description="Release the work")
release.add_class("pt-test-release")
release.on_click(lambda _b: gate.set())
release"""

ROUND = """\
from pinochle_widgets.quiz_runner import QuizRunner

QuizRunner("bid", level=2, source="bank", count=2, seed=4)"""


def write_page(root: Path) -> str:
    nb = new_notebook(cells=[new_code_cell(GATE), new_code_cell(ROUND)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(nb, root / "bidding_wait.ipynb")
    return "bidding_wait.ipynb"


def test_the_question_and_its_progress_show_then_the_marked_answer(
    browser: Browser, tmp_path: Path
) -> None:
    root = tmp_path / "site"
    root.mkdir()
    name = write_page(root)
    rules = tmp_path / "house_rules.toml"
    rules.write_text('preset = "classic"\n', encoding="utf-8")
    env = {"PINOCHLE_TUTOR_RULES": str(rules), "PINOCHLE_TUTOR_PROGRESS": str(tmp_path / "p.json")}
    with (
        voila_server(root=root, env=env) as site,
        browser.new_page(viewport={"width": 1100, "height": 1200}) as page,
    ):
        page.set_default_timeout(TIMEOUT)
        page.goto(f"{site}/voila/render/{name}", wait_until="commit")
        runner = page.locator(".pt-quiz-runner")
        runner.wait_for(state="visible")
        prompt = runner.locator(".pt-quiz-prompt")
        progress = runner.locator(".pt-quiz-progress")
        message = runner.locator(".pt-message-area")
        feedback = runner.locator(".pt-quiz-feedback")
        # The question, while its answer is still being worked out (the gate is shut).
        expect(prompt).to_contain_text("Question 1 of 2")
        expect(prompt).to_contain_text("What is the most you would bid?")
        expect(progress).to_be_visible()
        expect(progress).to_contain_text(re.compile(r"Working out the answer: [\d,]+ of [\d,]+ deals"))
        # An answer now waits for the work, and the page says so.
        runner.locator(".pt-quiz-text input").fill("pass")
        runner.locator("button.pt-quiz-submit").click()
        expect(message).to_contain_text("Your answer is in")
        expect(feedback).not_to_contain_text(re.compile("Right|Not quite"))
        page.locator("button.pt-test-release").click()
        # Then it is marked: a verdict, or the hint of a second try; the line is gone.
        expect(feedback).to_contain_text(re.compile("Right|Not quite"))
        expect(progress).to_be_hidden()
        assert page.locator(".voila-error").count() == 0
