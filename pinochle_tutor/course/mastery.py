"""What each lesson's mastery set asks, and the review of weak spots: rounds of
fresh questions aimed at rule cases.

A lesson's **mastery set** is :data:`~pinochle_tutor.classroom.mastery.SET_SIZE`
questions the generators make afresh for the page (a new seed each visit, so never
the worked example's position), each aimed at one of the lesson's rule cases
(:data:`LESSON_CASES`): :func:`plan_mastery_set`. How the answers master the lesson
is :mod:`pinochle_tutor.classroom.mastery`.

A set is planned so that guessing does not master the lesson: a learner who picks
every answer at random among those the screen offers masters it less than
:data:`MAX_GUESS_CHANCE` of the time (:func:`chance_of_mastery`). Each question is
asked firm (a yes-or-no question as "which ...?",
:meth:`~pinochle_tutor.course.quiz.kind.QuizKindSpec.firm`), at most one question of a
set can be guessed half the time, and the plan picks the set's cases knowing how
likely a guess is on each (:meth:`~pinochle_tutor.course.quiz.kind.QuizKindSpec.guess_bound`,
:data:`GUESS_CAPS`), each question held to it when it is made.

The **review** asks about the rule cases the learner's own history says are due
(:func:`pinochle_tutor.classroom.review.due_reviews`), one question per case:
:func:`plan_review`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pinochle_tutor.classroom.house_rules import site_rules
from pinochle_tutor.classroom.mastery import NEEDED, SET_SIZE
from pinochle_tutor.course.quiz.kinds import KINDS
from pinochle_tutor.course.quiz.round import InvalidRoundError, QuizRound, plan_aimed_round
from pinochle_tutor.course.quiz.vocabulary import QuizKind, QuizRule, rule_applies
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.rules import DOUBLE_DECK, THREE_HANDED, RuleSet, as_rules

__all__ = [
    "GUESS_CAPS",
    "LESSON_CASES",
    "LESSON_LEVELS",
    "LESSON_RULES",
    "LESSON_TEACHES",
    "MASTERY_LEVELS",
    "MAX_GUESS_CHANCE",
    "REVIEW_MOST",
    "UnknownLessonError",
    "chance_of_mastery",
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
        R.TABLE_EXCHANGE, R.PASS_KEEP_MELD, R.PASS_RETURN, R.PASS_COUNT, R.PASS_DISCARD,
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

LESSON_TEACHES: dict[str, tuple[str, ...]] = {
    "00_welcome.ipynb": ("meld", "trick", "partner"),
    "01_the_deck.ipynb": ("counters", "trick points", "last trick"),
    "02_deal_and_auction.ipynb": ("auction", "bid", "declarer", "contract", "stuck dealer", "kitty"),
    "03_trump_and_exchange.ipynb": ("trump", "exchange", "pass (the exchange)", "defenders", "discard"),
    "04_meld.ipynb": (
        "run", "royal marriage", "marriage", "dix", "around", "pinochle", "double",
        "triple", "quadruple",
    ),
    "05_trick_rules.ipynb": ("lead", "follow suit", "over-trump"),
    "06_scoring.ipynb": ("set", "meld save", "conceding"),
    "07_strategy.ipynb": ("feed", "secure", "exposed cards"),
    "08_other_versions.ipynb": (),
    "09_full_game.ipynb": (),
}  # fmt: skip
"""The terms each page of the course teaches first, in the outline's order (the
welcome's two words, then each lesson's): every question, hint, check and sentence of
a lesson, its mastery set and its practice pages uses only terms of this lesson and
those before it (``tests/test_taught_before_used.py``). Read from the lessons' own
text: the lesson that says what the word means (lesson 3: "the declarer names the
**trump** suit"); every term of the glossary is here. The welcome page says what meld
and a trick are, and that partners sit opposite."""

LESSON_RULES: dict[str, tuple[RuleSet, ...]] = {
    "08_other_versions.ipynb": (DOUBLE_DECK, THREE_HANDED),
}
"""Lessons whose set is asked under fixed rule sets, in turn (lesson 8 teaches the
double deck and three-handed); the others are asked under the site's house rules."""

MASTERY_LEVELS: tuple[int, ...] = (1, 2, 2, 3, 3)
"""The level of each question of a set: one first step, then harder positions."""

LESSON_LEVELS: dict[str, tuple[int, ...]] = {
    "01_the_deck.ipynb": (1,),
}
"""Lessons whose set keeps to some levels instead of :data:`MASTERY_LEVELS`: lesson 1
asks level 1 only, where every card of a trick is of one suit (the ranks decide who
wins, before trump is taught in lesson 3)."""

MAX_GUESS_CHANCE = 0.02
"""The most often a learner who guesses every answer may master a lesson with one set."""

GUESS_CAPS: dict[QuizKind, float] = {QuizKind.PLAY: 0.2, QuizKind.BID: 0.5}
"""The largest guess chance a set accepts for a question the coach judges, whose screen
promises none: a card to play is asked only in a position where a card clicked at random
from the hand is accepted at most a fifth of the time (the coach accepts every card
within its error of the best: half the hand or more in most positions, so the plan makes
another position), a bid only as the set's one question a Pass may answer. The exchange
(cards to give, judged by playing each choice out) is not held to one: it counts as
guessed every time, and the plan sets it beside questions a guess does not answer."""

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


def chance_of_mastery(chances: Sequence[float], needed: int = NEEDED) -> float:
    """The chance that at least ``needed`` of a set's questions are answered right when
    question ``i`` is right with chance ``chances[i]``, each on its own.

    >>> round(chance_of_mastery([0.5] * 5), 4)  # five yes-or-no questions: 6 of 32
    0.1875
    >>> chance_of_mastery([1, 1, 1, 0, 0])
    0.0
    """
    ways = [1.0]  # ways[k]: the chance of k right so far
    for p in chances:
        ways = [
            (ways[k] * (1 - p) if k < len(ways) else 0.0) + (ways[k - 1] * p if k else 0.0)
            for k in range(len(ways) + 1)
        ]
    return sum(ways[needed:])


def _bound(rule: QuizRule, rules: RuleSet) -> float:
    """The most a guess answers a question on ``rule`` under ``rules`` in a set."""
    return min(KINDS[rule.kind].guess_bound(rule, rules), GUESS_CAPS.get(rule.kind, 1.0))


def _half(bound: float) -> bool:
    """Whether a guess may answer the question half the time or more: two answers to
    choose from (not the exchange, whose bound of 1 says only that it is not known)."""
    return 0.5 <= bound < 1


def _plan(
    lesson: str, cases: list[QuizRule], sets: Sequence[RuleSet]
) -> list[tuple[list[QuizRule], float]]:
    """Each question's cases (the first aimed at, the others behind it) and the most a
    guess may answer it, in the order of ``cases`` (shuffled): each question takes the
    next case that keeps the set's chance of being mastered by guessing under
    :data:`MAX_GUESS_CHANCE` (the later questions counted at the least of the lesson's
    cases, which can always follow), and at most one question a guess answers half the
    time. A case that cannot occur under a question's rules is passed over."""
    rules_of = [sets[i % len(sets)] for i in range(SET_SIZE)]
    usable = [[c for c in cases if rule_applies(c, rs)] for rs in rules_of]
    if not all(usable):
        raise InvalidRoundError(
            f"{lesson}: none of its cases can occur under some rules of the set"
        )
    floors = [min(_bound(c, rs) for c in u) for u, rs in zip(usable, rules_of, strict=True)]
    chosen: list[float] = []
    plan: list[tuple[list[QuizRule], float]] = []
    start = 0
    for i, rs in enumerate(rules_of):
        order = [c for c in cases[start:] + cases[:start] if c in usable[i]]
        halves = any(_half(b) for b in chosen)
        pick = next(
            (
                c
                for c in order
                if not (halves and _half(_bound(c, rs)))
                and chance_of_mastery([*chosen, _bound(c, rs), *floors[i + 1 :]]) < MAX_GUESS_CHANCE
            ),
            None,
        )
        if pick is None:
            raise InvalidRoundError(
                f"{lesson}: no set of its cases keeps guessing under {MAX_GUESS_CHANCE:.0%} "
                f"under {rs.name}"
            )
        most = _bound(pick, rs)
        behind = [c for c in order if c is not pick and _bound(c, rs) <= most]
        plan.append(([pick, *behind], most))
        chosen.append(most)
        start = (cases.index(pick) + 1) % len(cases)
    return plan


def plan_mastery_set(lesson: str, seed: int, rules: RuleSet | str | None = None) -> QuizRound:
    """The mastery set of ``lesson`` for ``seed``: :data:`SET_SIZE` fresh questions,
    each aimed at the next case of the lesson (in an order drawn by ``seed``) that keeps
    a guesser from mastering it (see the module's docstring), the others of the lesson
    a guess answers no more often behind it should its case not come up. Each is asked
    firm and held to its guess chance. Asked under ``rules`` (``None``: the site's house
    rules), except for a lesson of :data:`LESSON_RULES`; at the levels of
    :data:`LESSON_LEVELS`, else :data:`MASTERY_LEVELS`."""
    cases = list(mastery_cases(lesson))
    rng = random.Random(f"mastery:{lesson}:{seed}")
    rng.shuffle(cases)
    fixed = LESSON_RULES.get(lesson)
    sets = list(fixed) if fixed else [site_rules() if rules is None else as_rules(rules)]
    plan = _plan(lesson, cases, sets)
    levels = LESSON_LEVELS.get(lesson)
    return plan_aimed_round(
        [aim for aim, _ in plan], seed, sets, levels=levels or MASTERY_LEVELS, firm=True,
        most=[most for _, most in plan], other_levels=levels is None,
    )  # fmt: skip


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
