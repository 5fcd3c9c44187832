"""An answer the tutor cannot read is answered with how to write it, and with no number
of its own (issue 44, 7): the fixed example '190' was the answer of 5 of 75 generated
meld questions, so a learner typing nonsense was shown a likely answer. The box's own
example is moved off each question's answer; the message points to it."""

from __future__ import annotations

import re

import pytest

from pinochle_tutor.course.quiz import check_answer, generate
from pinochle_tutor.course.quiz.vocabulary import QuizKind

pytestmark = pytest.mark.unit

NUMBER_KINDS = ("meld", "score", "counters", "bid")


@pytest.mark.parametrize("rules", ["classic", "double_deck", "three_handed"])
@pytest.mark.parametrize("kind", NUMBER_KINDS)
def test_an_unreadable_answer_names_no_number(kind: str, rules: str) -> None:
    for seed in range(3):
        item = generate(QuizKind.parse(kind), seed, 1 + seed % 3, rules=rules)
        for typed in ("lots", "", "1.5x", "9" * 40):
            mark = check_answer(item, typed)
            assert not mark.readable, (kind, typed)
            said = mark.explanation.replace(repr(typed), "").replace(typed, "")
            assert not re.search(r"\d", said), f"{kind} {typed!r}: {mark.explanation}"
