"""Quizzes: questions whose answers the engine computes and the tutor explains.

Twelve kinds of question, each a small frozen dataclass that holds the question
only (a hand, a trick, a contract, ...), never its answer; each kind is one
module of :mod:`.kinds` (its item, answers, rule cases, bank entry, generator,
hint and screen), registered in :data:`~.kinds.KINDS`:

* :class:`MeldQuiz` - "Hearts are trump: how much meld does this hand hold?"
* :class:`TrickQuiz` - "Which cards may you play?" or, with a ``card``, "Is this
  play legal?"
* :class:`ScoreQuiz` - "Bid 320, meld 180, 130 captured: what do the bidders score?"
* :class:`BidQuiz` - "What is the most you would bid with this hand?" (or pass)
* :class:`WinnerQuiz` - "Who wins this trick?" (a complete trick: the card's place)
* :class:`CountersQuiz` - "How many trick points are these cards worth?"
* :class:`CallQuiz` - "Seat 2 bids 255 now: is this call legal?"
* :class:`PlayQuiz` - "Which card would you play?" (graded by the coach, :mod:`.play`)
* :class:`PassQuiz` - "Which 4 cards would you pass?" (legal, keeping the most meld)
* :class:`GameQuiz` - "After this hand, who has won the game?"
* :class:`TableQuiz` - "The left opponent dealt: who deals the next hand?"
* :class:`StillOutQuiz` - "How many trumps do the other players still hold?" (counting)

:func:`check_answer` reads a learner's typed answer (``"190"``, ``"AS, 10S"``,
``"yes"``, ``"-320"``, ``"pass"``, ``"330"``), asks the engine for the right
answer and returns a :class:`Mark` with the tutor's explanation. An answer that
cannot be read is never an exception: the mark says how to write it.
:func:`answer_for` gives the engine's answer on its own (:mod:`.answers`;
bidding answers come from the advisor, :mod:`.bidding`).

Every mark names the rule cases exercised (:class:`QuizRule`, e.g.
``meld.run_royal`` or ``trick.partner_winning``; :mod:`.vocabulary`) so progress
can be kept per rule; :meth:`QuizRule.statement` says a rule case with the
numbers of the rules in force. :func:`rules_of` finds the rule cases in a
position (:mod:`.rule_cases`), and :func:`generate` makes fresh items from a
seed, steered toward the rule cases a learner keeps getting wrong
(:mod:`.generators`).

Teachers write banks of items by hand as TOML (or JSON) files; :func:`load_bank`
checks every item against the schema and reports each problem with the file,
the item and the field, while the other items still load. :func:`audit_bank`
also checks the teacher's optional expected answers against the engine
(:mod:`.banks`).

>>> from pinochle_tutor.cards import Suit, parse_cards
>>> item = MeldQuiz(id="demo", hand=parse_cards("AH 10H KH QH JH KH QH"), trump=Suit.HEARTS)
>>> check_answer(item, "190").right
True
>>> mark = check_answer(item, "230")
>>> mark.right, mark.correct
(False, '190')
>>> check_answer(item, "lots").readable
False
"""

from __future__ import annotations

from pinochle_tutor.course.quiz.answers import (
    Answer,
    allows_second_try,
    answer_for,
    answer_hint,
    answer_text,
    check_answer,
    hint,
    parse_answer,
)
from pinochle_tutor.course.quiz.banks import (
    BankProblem,
    audit_bank,
    default_bank_dir,
    item_from_entry,
    item_to_entry,
    load_bank,
    load_banks,
)
from pinochle_tutor.course.quiz.bidding import ADVISOR_SAMPLES, ADVISOR_SEED
from pinochle_tutor.course.quiz.entries import BankFormatError
from pinochle_tutor.course.quiz.generators import InvalidLevelError, QuizRequestError, generate
from pinochle_tutor.course.quiz.items import QuizItem, rules_label
from pinochle_tutor.course.quiz.kind import AnswerInput, QuizKindSpec, Screen
from pinochle_tutor.course.quiz.kinds import *  # noqa: F403 (every kind's item and reader)
from pinochle_tutor.course.quiz.kinds import __all__ as _kinds_all
from pinochle_tutor.course.quiz.marking import (
    InvalidAnswerError,
    Mark,
    parse_cards_answer,
    parse_yes_no,
)
from pinochle_tutor.course.quiz.rule_cases import rules_for, rules_of
from pinochle_tutor.course.quiz.vocabulary import (
    InvalidQuizKindError,
    InvalidQuizRuleError,
    QuizKind,
    QuizRule,
    rule_applies,
)

__all__ = [
    "ADVISOR_SAMPLES",
    "ADVISOR_SEED",
    "Answer",
    "AnswerInput",
    "BankFormatError",
    "BankProblem",
    "InvalidAnswerError",
    "InvalidLevelError",
    "InvalidQuizKindError",
    "InvalidQuizRuleError",
    "Mark",
    "QuizItem",
    "QuizKind",
    "QuizKindSpec",
    "QuizRequestError",
    "QuizRule",
    "Screen",
    "allows_second_try",
    "answer_for",
    "answer_hint",
    "answer_text",
    "audit_bank",
    "check_answer",
    "default_bank_dir",
    "generate",
    "hint",
    "item_from_entry",
    "item_to_entry",
    "load_bank",
    "load_banks",
    "parse_answer",
    "parse_cards_answer",
    "parse_yes_no",
    "rule_applies",
    "rules_for",
    "rules_label",
    "rules_of",
]
__all__ += _kinds_all
