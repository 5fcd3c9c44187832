"""On the site, through Voila: the second-try hint never states the answer, a broken
quiz bank is named instead of dropped in silence, and lesson 6's score calculator
refuses an impossible bid.

One server, started with ``$PINOCHLE_TUTOR_BANKS`` naming a copy of the curated banks
whose ``meld.toml`` has an unclosed string; the pages are driven through the kernel
protocol (:class:`tests.voila_site.Channel`), as a browser's widgets would."""

from __future__ import annotations

import asyncio
import re
import shutil
from collections.abc import Iterator

import pytest

from pinochle_tutor.course.quiz.banks import BANKS_VAR, default_bank_dir
from tests.voila_site import Channel, Site, voila_server

TIMEOUT = 120.0
TEACHER_SECRET = "a-teacher-secret-for-tests"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    banks = tmp_path_factory.mktemp("banks") / "banks"
    shutil.copytree(default_bank_dir(), banks)
    meld = banks / "meld.toml"
    meld.write_text(meld.read_text() + '\n[[item]]\nid = "unclosed\n')
    progress = tmp_path_factory.mktemp("progress") / "progress.sqlite"
    env = {
        BANKS_VAR: str(banks),
        "PINOCHLE_TUTOR_PROGRESS": str(progress),
        "PINOCHLE_TUTOR_TEACHER_SECRET": TEACHER_SECRET,
    }
    with voila_server(env=env) as s:
        yield s


def _plain(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def _numbers(text: str) -> set[int]:
    """Whole numbers in ``text``, leaving out the ranks of cards (the 10 of 10♥)."""
    return {int(n) for n in re.findall(r"(?<![\w.])(\d+)(?![♠♥♦♣\w])", text)}


def test_the_meld_hint_on_the_site_holds_no_answer_and_the_broken_bank_is_named(
    site: Site,
) -> None:
    async def scenario() -> tuple[list[tuple[str, str]], str]:
        page = await Channel.open(site, "practice/01_meld_level1.ipynb", TIMEOUT)
        runner = page.models("pt-quiz-runner")[0]
        whole = " ".join(page.text_of(m) for m in page._descendants(runner))
        seen: list[tuple[str, str]] = []
        for _question in range(4):
            await page.set_value(page.models("pt-quiz-text", within=runner)[0], "1", TIMEOUT)
            submit = page.models("pt-quiz-submit", within=runner)[0]
            feedback = page.models("pt-quiz-feedback", within=runner)[0]
            await page.click(submit, TIMEOUT)
            hint = page.text_of(feedback)
            await page.click(submit, TIMEOUT)  # the second try, the same wrong answer
            seen.append((hint, page.text_of(feedback)))
            await page.next_question(TIMEOUT)
        page.ws.close()
        return seen, whole

    seen, whole = asyncio.run(scenario())
    # the learner is told, briefly, with no file or server path
    assert "Some questions of this set could not be loaded" in whole
    assert "meld.toml" not in whole and not re.search(r"/(tmp|root|home|work)/", whole)
    for hint, marked in seen:
        assert "pt-quiz-hint" in hint, hint
        answer = re.search(r"the answer is (\d+)", _plain(marked))
        assert answer is not None, marked
        right = int(answer.group(1))
        numbers = _numbers(_plain(hint))
        assert right not in numbers, (right, hint)
        assert not any(a + b == right for a in numbers for b in numbers), (right, hint)


def test_the_teachers_page_names_the_broken_bank(site: Site) -> None:
    async def scenario() -> str:
        page = await Channel.open(site, "teacher.ipynb", TIMEOUT)
        await page.set_value(page.models("pt-dashboard-secret")[0], TEACHER_SECRET, TIMEOUT)
        await page.click(page.models("pt-dashboard-open")[0], TIMEOUT)
        text = " ".join(page.text_of(m) for m in page.states)
        page.ws.close()
        return text

    text = asyncio.run(scenario())
    assert "problem(s) in the quiz banks" in text, text[:2000]
    assert "meld.toml" in text


def test_the_score_calculator_refuses_an_impossible_bid_on_the_site(site: Site) -> None:
    async def scenario() -> str:
        page = await Channel.open(site, "06_scoring.ipynb", TIMEOUT)
        calc = page.models("pt-score-calculator")[0]
        below = page._descendants(calc)
        bid = next(
            m for m in below if page.states[m].get("state", {}).get("description") == "Bid"
        )
        await page.set_value(bid, str(10**100), TIMEOUT)  # the text typed, as the page sends it
        await page.click(page.models("pt-score-button", within=calc)[0], TIMEOUT)
        message = page.models("pt-message-area", within=calc)
        text = " ".join(page.text_of(m) for m in message)
        page.ws.close()
        return text

    text = asyncio.run(scenario())
    assert "Bidders -1000" not in text
    assert str(10**100)[:12] in text or "cannot" in text, text
