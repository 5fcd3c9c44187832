"""Answers: a learner's typed answer to any item, read and marked by its kind.

:func:`check_answer` never raises: it asks the item's kind (its
:class:`~pinochle_tutor.course.quiz.kind.QuizKindSpec` in
:data:`~pinochle_tutor.course.quiz.kinds.KINDS`) to read the answer and the engine
for the right one, and returns a :class:`Mark` with the tutor's explanation and the
rule cases exercised (found when the answer is checked, for an item that declares
none). An answer that cannot be read gives a mark saying how to write it.
:func:`answer_for` gives the engine's answer on its own; :func:`hint` the second
try's hint.

>>> from pinochle_tutor.cards import Suit, parse_cards
>>> from pinochle_tutor.course.quiz.kinds import MeldQuiz
>>> item = MeldQuiz(id="demo", hand=parse_cards("AH 10H KH QH JH KH QH"), trump=Suit.HEARTS)
>>> check_answer(item, "run + royal marriage").right
True
>>> check_answer(item, "lots").readable
False
"""

from __future__ import annotations

from typing import Any, TypeAlias, Union

from pinochle_tutor.cards import Card
from pinochle_tutor.course.quiz.items import QuizItem
from pinochle_tutor.course.quiz.kinds import KINDS, MeldAnswer, spec_for
from pinochle_tutor.course.quiz.marking import InvalidAnswerError, Mark
from pinochle_tutor.course.quiz.vocabulary import QuizKind
from pinochle_tutor.rules import RuleSet

__all__ = [
    "Answer",
    "allows_second_try",
    "answer_for",
    "answer_hint",
    "answer_text",
    "check_answer",
    "hint",
    "parse_answer",
]

Answer: TypeAlias = Union[MeldAnswer, tuple[Card, ...], bool, int, None]  # noqa: UP007
"""A parsed answer: a meld answer, a set of cards, yes/no, a score, or a call (``None`` = pass)."""


def parse_answer(item: QuizItem, text: str) -> Answer:
    """Read ``text`` as an answer to ``item`` (the reader depends on the question).

    Raises :class:`InvalidAnswerError` with a message a learner can act on."""
    answer: Answer = spec_for(item).parse(item, text)
    return answer


def answer_for(item: QuizItem) -> Any:
    """The engine's answer to ``item``: the meld total (as a :class:`MeldAnswer`),
    the legal cards, whether the card is legal, the score, the
    :class:`~pinochle_tutor.course.quiz.kinds.BidRange`, the winning card's position
    (0-based), the trick points, whether the call is legal, the cards the coach accepts
    (best first), a pass keeping the most meld, or the side that has won the game
    (-1: nobody yet)."""
    return spec_for(item).answer(item)


def answer_text(item: QuizItem) -> str:
    """The engine's answer to ``item`` as text (what :attr:`Mark.correct` shows)."""
    text: str = spec_for(item).answer_text(item)
    return text


def check_answer(item: QuizItem, answer_text: str) -> Mark:
    """Mark a learner's typed answer to ``item``. Never raises for any text: an
    unreadable answer gives a mark with ``readable=False`` and a message saying
    how to write it."""
    spec = spec_for(item)
    try:
        parsed = spec.parse(item, answer_text)
    except InvalidAnswerError as e:
        return Mark(
            item.id, item.kind, str(answer_text), False, "", str(e), spec.rules_for(item), False
        )
    mark: Mark = spec.mark(item, answer_text, parsed)
    return mark


def allows_second_try(item: QuizItem) -> bool:
    """Whether a wrong answer to ``item`` may be tried once more after a hint: not
    for yes-or-no questions (the second try could only be the other answer)."""
    allowed: bool = spec_for(item).allows_second_try(item)
    return allowed


def hint(item: QuizItem, answer: str | None = None) -> str:
    """A hint for a second try after the first answer ``answer`` (``None``: whatever it
    was): what to check, and the rules to check it by; never the answer, nor a number
    from which the answer is one step of arithmetic away (the number itself, or a sum,
    difference or product of the numbers the hint states). An exchange hint blames the
    count only when ``answer`` gave the wrong number of cards.

    A meld hint points at the cards that hold meld (the trump suit, the kings and
    queens of a suit, the aces of every suit, ...) and at the traps of the hand,
    without naming its meld lines or their points. A score or counters hint states
    the rules with the numbers of the rules in force, and says a rule without its
    number where the number would give the answer away. A trick hint states the four
    trick rules in order, and when they bind (a lead, a trumped trick, a partner
    winning); the hints of the other kinds state their whole rule, since the rule
    case of the position would tell the answer."""
    spec = spec_for(item)
    text: str = spec.hint(item) if answer is None else spec.hint_after(item, answer)
    return text


def answer_hint(kind: QuizKind | str, rules: RuleSet, avoid: str = "") -> str:
    """The answer box's example for a question of ``kind`` under ``rules`` (classic:
    ``'e.g. 190, or run + royal marriage'``, ``'e.g. +340 or -320'``, ``'e.g. 300, or
    pass'``); an example that happens to be the answer (``avoid``) is moved by a few
    raises, so the box never shows the answer before the learner gives it. Empty for
    kinds answered without a box."""
    example: str = KINDS[QuizKind.parse(kind)].example(rules, avoid)
    return example
