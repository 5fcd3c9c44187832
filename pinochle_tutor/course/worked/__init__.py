"""Worked examples: a deal or a position stepped through, one step at a time.

A :class:`WorkedExample` is a list of :class:`WorkedStep`; each step has a sentence
(Markdown) and the cards to show. Every number a step states is computed here by the
engine (meld by :func:`~pinochle_tutor.meld.meld`, legality and trick winners by
:mod:`pinochle_tutor.tricks`, scores by :func:`~pinochle_tutor.scoring.score_hand`,
calls by :class:`~pinochle_tutor.auction.Auction`), never typed, and is listed in
the step's ``numbers`` so a test can check the sentence against the engine.

>>> from pinochle_tutor.rules import CLASSIC
>>> ex = meld_example("QS KS JD AS AH AD AC QH QD QC JC 10C", "C", CLASSIC)
>>> ex.steps[-2].text.startswith("Total")
True
>>> check = meld_check("QS KS JD AS AH AD AC QH QD QC JC 10C", "C", CLASSIC)
>>> check.answer in check.choices
True
"""

from __future__ import annotations

from pinochle_tutor.course.worked.before_play import (
    auction_example,
    call_check,
    counters_check,
    deck_example,
    exchange_example,
    trump_check,
)
from pinochle_tutor.course.worked.concede import concede_example
from pinochle_tutor.course.worked.declarer_plan import declarer_plan_example, plan_guided_hand
from pinochle_tutor.course.worked.defence import defence_example, defence_guided_hand
from pinochle_tutor.course.worked.game_end import game_end_check, game_end_example, versions_example
from pinochle_tutor.course.worked.guided import (
    COMMENT_SAMPLES,
    FEED_CHECK_SEEDS,
    GUIDED_SEEDS,
    GuidedDecision,
    GuidedHand,
    coach_comment,
    feed_check,
    fresh_feed_check,
    guided_decisions,
    guided_hand,
    guided_seed,
    learner_turns,
    secure,
    strategy_check,
)
from pinochle_tutor.course.worked.meld_and_play import (
    full_size_hand,
    legal_check,
    meld_check,
    meld_example,
    score_check,
    scoring_example,
    trick_example,
)
from pinochle_tutor.course.worked.partner_call import partner_call_example, partner_call_rules
from pinochle_tutor.course.worked.steps import CheckQuestion, WorkedExample, WorkedStep

__all__ = [
    "COMMENT_SAMPLES",
    "FEED_CHECK_SEEDS",
    "GUIDED_SEEDS",
    "CheckQuestion",
    "GuidedDecision",
    "GuidedHand",
    "WorkedExample",
    "WorkedStep",
    "auction_example",
    "call_check",
    "coach_comment",
    "concede_example",
    "counters_check",
    "deck_example",
    "declarer_plan_example",
    "defence_example",
    "defence_guided_hand",
    "exchange_example",
    "feed_check",
    "fresh_feed_check",
    "full_size_hand",
    "game_end_check",
    "game_end_example",
    "guided_decisions",
    "guided_hand",
    "guided_seed",
    "learner_turns",
    "legal_check",
    "meld_check",
    "meld_example",
    "partner_call_example",
    "partner_call_rules",
    "plan_guided_hand",
    "score_check",
    "scoring_example",
    "secure",
    "strategy_check",
    "trick_example",
    "trump_check",
    "versions_example",
]
