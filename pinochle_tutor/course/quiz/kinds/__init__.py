"""The kinds of question, one module each, and the registry :data:`KINDS`.

Each module holds everything about its kind: the item (a plain frozen value: the
question, never its answer), how a typed answer is read and marked, the engine's
answer, the rule cases an item exercises, its bank entry both ways, its generator,
the second-try hint and how the question is put on the screen, in one
:class:`~pinochle_tutor.course.quiz.kind.QuizKindSpec` named ``SPEC``.

* :mod:`.meld` - :class:`MeldQuiz`: "Hearts are trump: how much meld does this hand hold?"
* :mod:`.trick` - :class:`TrickQuiz`: "Which cards may you play?" or "May you play this card?"
* :mod:`.score` - :class:`ScoreQuiz`: "Bid 320, meld 180, 130 captured: what do the bidders score?"
* :mod:`.bid` - :class:`BidQuiz`: "What is the most you would bid with this hand?" (or pass)
* :mod:`.winner` - :class:`WinnerQuiz`: "Who wins this trick?"
* :mod:`.counters` - :class:`CountersQuiz`: "How many trick points are these cards worth?"
* :mod:`.call` - :class:`CallQuiz`: "Seat 2 bids 255 now: is this call legal?"
* :mod:`.play` - :class:`PlayQuiz`: "Which card would you play?" (graded by the coach)
* :mod:`.passing` - :class:`PassQuiz`: "Which 4 cards would you pass (return, discard)?"
* :mod:`.game` - :class:`GameQuiz`: "After this hand, who has won the game?"
* :mod:`.table` - :class:`TableQuiz`: "The left opponent dealt: who deals the next hand?"
* :mod:`.still_out` - :class:`StillOutQuiz`: "How many trumps do the other players still hold?"

A new kind is one new module here (its item, its ``QuizKindSpec`` subclass and
``SPEC``), its line in :data:`KINDS`, its member of
:class:`~pinochle_tutor.course.quiz.vocabulary.QuizKind` with its rule cases, and
its bank file in ``exercises/banks/`` (see ``pinochle_tutor/README.md``).
"""

from __future__ import annotations

from typing import Any

from pinochle_tutor.course.quiz.items import QuizItem
from pinochle_tutor.course.quiz.kind import QuizKindSpec
from pinochle_tutor.course.quiz.kinds import (
    bid,
    call,
    counters,
    game,
    meld,
    passing,
    play,
    score,
    still_out,
    table,
    trick,
    winner,
)
from pinochle_tutor.course.quiz.kinds.bid import BidQuiz, BidRange, bid_range, parse_bid_answer
from pinochle_tutor.course.quiz.kinds.call import CallQuiz
from pinochle_tutor.course.quiz.kinds.counters import CountersQuiz, parse_counters_answer
from pinochle_tutor.course.quiz.kinds.game import GameQuiz, parse_game_answer
from pinochle_tutor.course.quiz.kinds.meld import MeldAnswer, MeldQuiz, parse_meld_answer
from pinochle_tutor.course.quiz.kinds.passing import PassQuiz
from pinochle_tutor.course.quiz.kinds.play import PlayQuiz, parse_play_answer
from pinochle_tutor.course.quiz.kinds.score import ScoreQuiz, parse_score_answer
from pinochle_tutor.course.quiz.kinds.still_out import StillOutQuiz, parse_still_out_answer
from pinochle_tutor.course.quiz.kinds.table import TableQuiz
from pinochle_tutor.course.quiz.kinds.trick import TrickQuiz
from pinochle_tutor.course.quiz.kinds.winner import WinnerQuiz, parse_winner_answer
from pinochle_tutor.course.quiz.vocabulary import (
    QuizKind,
)

__all__ = [
    "KINDS",
    "BidQuiz",
    "BidRange",
    "CallQuiz",
    "CountersQuiz",
    "GameQuiz",
    "MeldAnswer",
    "MeldQuiz",
    "PassQuiz",
    "PlayQuiz",
    "ScoreQuiz",
    "StillOutQuiz",
    "TableQuiz",
    "TrickQuiz",
    "WinnerQuiz",
    "bid_range",
    "parse_bid_answer",
    "parse_counters_answer",
    "parse_game_answer",
    "parse_meld_answer",
    "parse_play_answer",
    "parse_score_answer",
    "parse_still_out_answer",
    "parse_winner_answer",
    "spec_for",
]

_SPECS: tuple[QuizKindSpec[Any, Any], ...] = (
    meld.SPEC, trick.SPEC, score.SPEC, bid.SPEC, winner.SPEC, counters.SPEC, call.SPEC,
    play.SPEC, passing.SPEC, game.SPEC, table.SPEC, still_out.SPEC,
)  # fmt: skip

KINDS: dict[QuizKind, QuizKindSpec[Any, Any]] = {
    k: next(spec for spec in _SPECS if spec.kind is k) for k in QuizKind
}
"""Every kind of question by its :class:`QuizKind`, in the enum's order (each member
of the enum has its spec: importing this module fails otherwise)."""


def spec_for(item: QuizItem) -> QuizKindSpec[Any, Any]:
    """The kind of question ``item`` is (its :class:`QuizKindSpec`)."""
    return KINDS[item.kind]
