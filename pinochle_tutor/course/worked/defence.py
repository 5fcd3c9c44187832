"""Lesson 15's worked deal and guided hand, "defence": the leads of one hand your side
defends, valued by the coach plan by plan (:mod:`.lead_plans`): lead to your partner's
void, force the declarer to trump, cash a sure winner, or lead something else. The
sentences are data (``text/defence.toml``, :data:`STEP_FIELDS`).

The rules of record say nothing about how to defend: every verdict is the coach's
evaluation of the position, and the page says so. Three-handed the lesson is two against
one: you and the other defender against the declarer, each scoring alone. The coach
counts the two defenders' trick points together (:mod:`pinochle_tutor.coach.play`), so
its plans there are forcing the declarer and cashing (nobody has a partner's void to
lead to), and the page says so.
"""

from __future__ import annotations

from collections.abc import Mapping

from pinochle_tutor.course.tips import Tip
from pinochle_tutor.course.worked.guided import GuidedHand
from pinochle_tutor.course.worked.lead_plans import (
    LeadLesson,
    Plan,
    PlanMoment,
    guided_example,
    lesson_fields,
    still_in_play,
    told,
    worked_example,
)
from pinochle_tutor.course.worked.steps import WorkedExample
from pinochle_tutor.game import Hand
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.view import Role

__all__ = [
    "DEFENCE",
    "DEFENCE_SEEDS",
    "GUIDED_DEFENCE_SEEDS",
    "STEP_FIELDS",
    "WORDS_FILE",
    "defence_example",
    "defence_guided_hand",
]

WORDS_FILE = "defence.toml"
"""The worked deal's sentences, in the package's ``text`` folder."""

PLANS = (Plan.VOID, Plan.FORCE, Plan.CASH)
"""The defenders' plans, in the order a lead is given one (else :attr:`Plan.OTHER`)."""

STEP_FIELDS: Mapping[str, tuple[str, ...]] = lesson_fields(PLANS)
"""Every sentence of the worked deal and the guided hand, by name, with the numbers it
may say."""

DEFENCE_SEEDS: dict[str, tuple[int, int]] = {
    "classic": (123, 1),
    "double_deck": (4, 0),
    "three_handed": (4, 1),
}
"""Each preset's worked deal (seed, dealer): the first that shows the lesson
from seed 0 (another rule set searches the same way)."""

GUIDED_DEFENCE_SEEDS: dict[str, tuple[int, int]] = {
    "classic": (249, 2),
    "double_deck": (377, 0),
    "three_handed": (200, 2),
}
"""Each preset's guided hand (seed, dealer): the first from seed
:data:`~.lead_plans.SEARCH`, so never the worked deal's."""

_HABITS = (Plan.VOID, Plan.FORCE)


def illustrates(hand: Hand, moments: list[PlanMoment]) -> bool:
    """A deal shows the lesson when your side defends and the hand is played out, your
    first lead comes with the contract not yet set and the set still within reach (what
    your side needs no more than the trick points still to play for), at least two of the leads
    the guided hand would ask about are won by a plan (not "something else"), and at one
    of them leading to your partner's void or forcing the declarer is best with another
    plan a clear mistake, leading to your partner's void among them."""
    rules = hand.rules
    assert hand.declarer is not None
    if rules.side(hand.declarer) == rules.side(0) or len(hand.tricks) < rules.hand_size:
        return False
    asked = told(moments, DEFENCE)[:4]
    if not asked or not asked[0].left or asked[0].left > still_in_play(asked[0].view):
        return False  # the set is still to win, and can be won
    if sum(m.choices[0].plan is not Plan.OTHER for m in asked) < 2:
        return False
    wins = {m.choices[0].plan for m in asked if matters(m)}
    if rules.partnerships and Plan.VOID not in wins:
        return False  # the partner's void, the lesson's first lead, is shown working
    return bool(wins & set(_HABITS))


def matters(m: PlanMoment) -> bool:
    """Where a defender's plan matters enough to be told and asked: the contract is not
    yet set, and the best card of another named plan (not "something else") is a clear
    mistake."""
    return bool(m.left) and any(
        c.plan is not Plan.OTHER and c.value.clear_mistake for c in m.choices[1:]
    )


DEFENCE = LeadLesson(
    name="defence",
    title="Defence, lead by lead",
    guided_title="Defend the hand",
    role=Role.DEFENDER,
    plans=PLANS,
    words_file=WORDS_FILE,
    tip=Tip.DEFENCE,
    seeds=DEFENCE_SEEDS,
    guided_seeds=GUIDED_DEFENCE_SEEDS,
    illustrates=illustrates,
    matters=matters,
)
"""Lesson 15's leads: yours as a defender (three-handed, with the other defender)."""


def defence_example(rules: RuleSet = CLASSIC) -> WorkedExample:
    """The worked deal (:func:`~.lead_plans.worked_example`): a hand your side defends,
    lead by lead."""
    return worked_example(DEFENCE, rules)


def defence_guided_hand(rules: RuleSet = CLASSIC) -> GuidedHand:
    """The guided hand (:func:`~.lead_plans.guided_example`): another deal your side
    defends, where you plan your leads and the coach names your plan and its own."""
    return guided_example(DEFENCE, rules)
