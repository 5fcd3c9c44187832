"""Rules exercised: which rule cases the engine finds in a quiz item.

:func:`rules_of` reads the position the way the engine sees it (each kind's
``rule_cases``: the meld breakdown and its notes, the trick case from
:func:`pinochle_tutor.course.positions.classify`, the contract's verdict, the
advisor's bid range, ...); :func:`rules_for` is what a mark records: the rule cases
a teacher or a generator declared, else those the engine finds.

>>> from pinochle_tutor.cards import Suit, parse_cards
>>> from pinochle_tutor.course.quiz.kinds import TrickQuiz
>>> item = TrickQuiz(id="x", hand=parse_cards("KS 9S AC"), trick=parse_cards("AS 9H"), trump=Suit.HEARTS)
>>> [r.value for r in rules_of(item)]
['trick.follow_suit', 'trick.trumped']
"""

from __future__ import annotations

from pinochle_tutor.course.quiz.items import QuizItem
from pinochle_tutor.course.quiz.kinds import spec_for
from pinochle_tutor.course.quiz.vocabulary import QuizRule

__all__ = ["rules_for", "rules_of"]


def rules_of(item: QuizItem) -> tuple[QuizRule, ...]:
    """The rule cases ``item`` exercises, as the engine sees the position (not the
    ones a teacher declared), in :class:`QuizRule` order. For a bidding question
    this runs the advisor (cached per hand)."""
    found: tuple[QuizRule, ...] = spec_for(item).rules_of(item)
    return found


def rules_for(item: QuizItem) -> tuple[QuizRule, ...]:
    """The rule cases a mark for ``item`` records: the declared ``item.rules``, or
    when none were declared, the ones the engine finds (:func:`rules_of`)."""
    found: tuple[QuizRule, ...] = spec_for(item).rules_for(item)
    return found
