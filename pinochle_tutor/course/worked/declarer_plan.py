"""Lesson 14's worked deal and guided hand, "the declarer's plan": the leads of one hand
you declare, valued by the coach plan by plan (:mod:`.lead_plans`): draw trump, cash a
sure winner, or lead something else. The sentences are data
(``text/declarer_plan.toml``, :data:`STEP_FIELDS`).

The rules of record say nothing about how to plan the play: every verdict is the
coach's evaluation of the position, and the page says so. Three-handed the declarer
plays alone against two; the plan is the same, without a partner.

>>> DECLARER_PLAN.plans
(<Plan.DRAW: 'draw'>, <Plan.CASH: 'cash'>)
"""

from __future__ import annotations

from collections.abc import Mapping

from pinochle_tutor.course.tips import Tip
from pinochle_tutor.course.worked.guided import GuidedHand
from pinochle_tutor.course.worked.lead_plans import (
    GUIDED_DECISIONS,
    LeadLesson,
    Plan,
    PlanMoment,
    guided_example,
    lesson_fields,
    telling,
    worked_example,
)
from pinochle_tutor.course.worked.steps import WorkedExample
from pinochle_tutor.game import Hand
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.view import Role

__all__ = [
    "DECLARER_PLAN",
    "GUIDED_PLAN_SEEDS",
    "PLAN_SEEDS",
    "STEP_FIELDS",
    "WORDS_FILE",
    "declarer_plan_example",
    "plan_guided_hand",
]

WORDS_FILE = "declarer_plan.toml"
"""The worked deal's sentences, in the package's ``text`` folder."""

PLANS = (Plan.DRAW, Plan.CASH)
"""The declarer's plans, in the order a lead is given one (else :attr:`Plan.OTHER`)."""

STEP_FIELDS: Mapping[str, tuple[str, ...]] = lesson_fields(PLANS)
"""Every sentence of the worked deal and the guided hand, by name, with the numbers it
may say."""

PLAN_SEEDS: dict[str, tuple[int, int]] = {
    "classic": (23, 3),
    "double_deck": (16, 3),
    "three_handed": (29, 0),
}
"""Each preset's worked deal (seed, dealer): the first that shows the lesson from seed 0
(a rule set that is no preset searches the same way)."""

GUIDED_PLAN_SEEDS: dict[str, tuple[int, int]] = {
    "classic": (231, 1),
    "double_deck": (237, 3),
    "three_handed": (215, 0),
}
"""Each preset's guided hand (seed, dealer): the first from seed
:data:`~.lead_plans.SEARCH`, so never the worked deal's."""


def _clear_against(m: PlanMoment, plan: Plan) -> bool:
    """Whether at ``m`` the best plan is not ``plan`` and ``plan``'s best card is a clear
    mistake."""
    return m.choices[0].plan is not plan and any(
        c.plan is plan and c.value.clear_mistake for c in m.choices
    )


def illustrates(hand: Hand, moments: list[PlanMoment]) -> bool:
    """A deal shows the lesson ("draw trump, or not") when you declare and play it out,
    your first lead's plan matters (:func:`~.lead_plans.telling`) with the contract
    still to make and drawing trump or cashing best, at least two of the leads the
    guided hand would ask about are won by one of those plans, at one of your leads
    drawing trump is best and cashing a sure winner a clear mistake, and at another a
    lead that draws no trump is best and drawing trump a clear mistake."""
    if hand.declarer != 0 or len(hand.tricks) < hand.rules.hand_size:
        return False
    if not moments or moments[0].trick_number != 1 or not telling(moments[0]):
        return False
    if moments[0].left == 0 or moments[0].choices[0].plan is Plan.OTHER:
        return False  # the count matters at the first lead, and a plan wins it
    asked = [m for m in moments if telling(m)][:GUIDED_DECISIONS]
    if sum(m.choices[0].plan is not Plan.OTHER for m in asked) < 2:
        return False
    drawn = any(_clear_against(m, Plan.CASH) and m.choices[0].plan is Plan.DRAW for m in moments)
    return drawn and any(_clear_against(m, Plan.DRAW) for m in moments)


DECLARER_PLAN = LeadLesson(
    name="declarer_plan",
    title="The declarer's plan",
    guided_title="Plan the play",
    role=Role.DECLARER,
    plans=PLANS,
    words_file=WORDS_FILE,
    tip=Tip.DECLARER_PLAN,
    seeds=PLAN_SEEDS,
    guided_seeds=GUIDED_PLAN_SEEDS,
    illustrates=illustrates,
)
"""Lesson 14's leads: yours as the declarer."""


def declarer_plan_example(rules: RuleSet = CLASSIC) -> WorkedExample:
    """The worked deal (:func:`~.lead_plans.worked_example`): a hand you declare, lead by
    lead."""
    return worked_example(DECLARER_PLAN, rules)


def plan_guided_hand(rules: RuleSet = CLASSIC) -> GuidedHand:
    """The guided hand (:func:`~.lead_plans.guided_example`): another deal you declare,
    where you plan your leads and the coach names your plan and its own."""
    return guided_example(DECLARER_PLAN, rules)
