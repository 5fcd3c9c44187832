"""What each lesson's mastery set asks, and the review of weak spots: rounds of
fresh questions aimed at rule cases.

A lesson's **mastery set** is :data:`~pinochle_tutor.classroom.mastery.SET_SIZE`
questions the generators make afresh for the page (a new seed each visit, so never
the worked example's position), each aimed at one of the lesson's rule cases
(:data:`LESSON_CASES`): :func:`plan_mastery_set`. How the answers master the lesson
is :mod:`pinochle_tutor.classroom.mastery`.

The **review** asks about the rule cases the learner's own history says are due
(:func:`pinochle_tutor.classroom.review.due_reviews`), one question per case:
:func:`plan_review`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pinochle_tutor.classroom.mastery import SET_SIZE
from pinochle_tutor.course.quiz.round import QuizRound, plan_aimed_round
from pinochle_tutor.course.quiz.vocabulary import QuizRule
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.rules import DOUBLE_DECK, THREE_HANDED, RuleSet

__all__ = [
    "LESSON_CASES",
    "LESSON_RULES",
    "MASTERY_LEVELS",
    "REVIEW_MOST",
    "UnknownLessonError",
    "mastery_cases",
    "plan_mastery_set",
    "plan_review",
]

R = QuizRule

LESSON_CASES: dict[str, tuple[QuizRule, ...]] = {
    "01_the_deck.ipynb": (
        R.COUNTERS_CARDS, R.COUNTERS_NONE, R.COUNTERS_LAST_TRICK,
        R.WINNER_LED_SUIT, R.WINNER_FIRST_IDENTICAL, R.TABLE_DECK,
    ),
    "02_deal_and_auction.ipynb": (
        R.CALL_OPENING, R.CALL_INCREMENT, R.CALL_RAISE, R.CALL_PASS_FINAL, R.CALL_LEGAL,
        R.CALL_STUCK_DEALER, R.TABLE_DEAL, R.TABLE_NEXT_DEALER, R.TABLE_FIRST_CALL,
        R.TABLE_PARTNER, R.TABLE_DECLARER,
    ),
    "03_trump_and_exchange.ipynb": (
        R.PASS_KEEP_MELD, R.PASS_RETURN, R.PASS_COUNT, R.PASS_DISCARD, R.TABLE_DECLARER,
    ),
    "04_meld.ipynb": (
        R.MELD_RUN, R.MELD_ROYAL_MARRIAGE, R.MELD_MARRIAGE, R.MELD_DIX, R.MELD_ACES_AROUND,
        R.MELD_KINGS_AROUND, R.MELD_QUEENS_AROUND, R.MELD_JACKS_AROUND, R.MELD_PINOCHLE,
        R.MELD_SHARED_CARD, R.MELD_RUN_ROYAL, R.MELD_RUN_LONE_EXTRA, R.MELD_DOUBLE_AROUND,
        R.MELD_INCOMPLETE_DOUBLE, R.MELD_DOUBLE_RUN, R.MELD_DOUBLE_PINOCHLE,
    ),
    "05_trick_rules.ipynb": (
        R.TRICK_FOLLOW_SUIT, R.TRICK_BEAT, R.TRICK_TRUMP, R.TRICK_OVER_TRUMP, R.TRICK_DISCARD,
        R.TRICK_PARTNER_WINNING, R.TRICK_TRUMPED, R.WINNER_TRUMP, R.TABLE_FIRST_LEAD,
    ),
    "06_scoring.ipynb": (
        R.SCORE_MADE, R.SCORE_MISSED, R.SCORE_SET, R.SCORE_MELD_SAVE, R.SCORE_DEFENDERS,
        R.COUNTERS_LAST_TRICK, R.GAME_REACHED, R.GAME_NOT_REACHED, R.GAME_BIDDERS_FIRST,
        R.SCORE_CONCESSION,
    ),
    "07_strategy.ipynb": (
        R.PLAY_FEED_PARTNER, R.PLAY_SAVE_COUNTER, R.PLAY_TRACK_BOTH_COPIES,
        R.PLAY_CASH_SURE_WINNER, R.PLAY_REMEMBER_EXPOSED_MELD, R.PLAY_CHEAPEST_WINNER,
        R.BID_OPEN, R.BID_PASS,
    ),
    "08_other_versions.ipynb": (
        R.MELD_DOUBLE_AROUND, R.MELD_RUN, R.SCORE_MADE, R.SCORE_MISSED, R.CALL_OPENING,
        R.CALL_INCREMENT, R.CALL_STUCK_DEALER, R.SCORE_MELD_SAVE, R.TRICK_OVER_TRUMP,
        R.GAME_HIGHEST, R.GAME_BIDDERS_FIRST, R.PASS_DISCARD, R.TABLE_DEAL,
    ),
    "09_full_game.ipynb": (
        R.GAME_REACHED, R.GAME_BIDDERS_FIRST, R.GAME_NOT_REACHED, R.SCORE_MADE, R.MELD_RUN,
        R.TRICK_OVER_TRUMP, R.PLAY_FEED_PARTNER,
    ),
}  # fmt: skip
"""Each lesson's rule cases, the ones its mastery set asks about (the welcome page
has none). A case that cannot occur under the rules in force (the dix in the
double deck, a partner three-handed) gives way to the lesson's next case."""

LESSON_RULES: dict[str, tuple[RuleSet, ...]] = {
    "08_other_versions.ipynb": (DOUBLE_DECK, THREE_HANDED),
}
"""Lessons whose set is asked under fixed rule sets, in turn (lesson 8 teaches the
double deck and three-handed); the others are asked under the site's house rules."""

MASTERY_LEVELS: tuple[int, ...] = (1, 2, 2, 3, 3)
"""The level of each question of a set: one first step, then harder positions."""

REVIEW_MOST = 10
"""The most questions of one review round (the cases due longest come first)."""


class UnknownLessonError(PinochleError):
    """A lesson page that has no mastery set (not a lesson of the course, or the welcome)."""


def mastery_cases(lesson: str) -> tuple[QuizRule, ...]:
    """``lesson``'s rule cases (:data:`LESSON_CASES`); raises
    :class:`UnknownLessonError` quoting a page that has none."""
    try:
        return LESSON_CASES[lesson]
    except (KeyError, TypeError):
        raise UnknownLessonError(
            f"lesson={lesson!r:.60} has no mastery set: use one of {', '.join(LESSON_CASES)}"
        ) from None


def plan_mastery_set(
    lesson: str, seed: int, rules: RuleSet | str | None = None
) -> QuizRound:
    """The mastery set of ``lesson`` for ``seed``: :data:`SET_SIZE` fresh questions,
    each aimed at a different case of the lesson where it has enough (drawn by
    ``seed``), the others of the lesson behind it should its case not occur under the
    rules. Asked under ``rules`` (``None``: the site's house rules), except for a
    lesson of :data:`LESSON_RULES`."""
    cases = list(mastery_cases(lesson))
    rng = random.Random(f"mastery:{lesson}:{seed}")
    rng.shuffle(cases)
    aims = [cases[i:] + cases[:i] for i in range(SET_SIZE)]
    fixed = LESSON_RULES.get(lesson)
    return plan_aimed_round(
        aims, seed, list(fixed) if fixed else rules, levels=MASTERY_LEVELS
    )


def plan_review(
    due: Sequence[QuizRule | str], seed: int, rules: RuleSet | str | None = None
) -> QuizRound:
    """A review round: one fresh question on each rule case of ``due`` the quiz can
    ask (at most :data:`REVIEW_MOST`, in the order given), at level 2. Raises
    :class:`~pinochle_tutor.course.quiz.round.InvalidRoundError` when none is left."""
    cases: list[QuizRule] = []
    for r in due:
        try:
            cases.append(QuizRule.parse(r))
        except PinochleError:  # a case kept by another part of the course (the table)
            continue
    return plan_aimed_round([[c] for c in cases[:REVIEW_MOST]], seed, rules, levels=(2,))
