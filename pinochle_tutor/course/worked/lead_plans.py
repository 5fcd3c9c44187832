"""The leads of one hand, valued by the coach plan by plan: the machinery of the
strategy lessons on card play (lesson 14, the declarer's plan; lesson 15, defence).

A seeded deal is played by the computer players with you in seat 0, as the declarer or a
defender (:class:`Role`), your leads as the coach advises. At your leads the coach values
every card you may lead with :func:`~pinochle_tutor.coach.play.coach_play`, the game
table's hint (the same view and seed give the same deals), and the lesson groups the
cards by plan (:class:`Plan`), each read from the position by the coach's own principles
(:func:`~pinochle_tutor.coach.play_principles.principle_fits`). Each plan is said with
its best card's expected trick points from there, the coach's card with its own reason,
and what each other plan gives away; the last trick is told with its bonus. What the
tricks must bring is the declaring side's contract less its meld
(:func:`~pinochle_tutor.scoring.minimum_tricks`); what sets it, the trick points the
defenders must take so that the declarers cannot reach that
(:func:`~pinochle_tutor.scoring.points_to_set`). The trumps still out are counted from
your seat (:func:`~pinochle_tutor.explain.still_out.count_still_out`). A lesson's
sentences are data (its words file, every name of :func:`lesson_fields`).

The rules of record say nothing about how to plan the play: every verdict is the coach's
evaluation of the position, and the pages say so.

>>> from pinochle_tutor.rules import CLASSIC
>>> points_to_set(80, CLASSIC)  # the declarers need 80: they are set if they take 70 or less
180
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cache, partial

from pinochle_tutor.actions import Play
from pinochle_tutor.bots.heuristic import HeuristicPlayer
from pinochle_tutor.cards import Card, CardLike, cards_text, sort_hand
from pinochle_tutor.coach.play import PLAY_HINT_SAMPLES, coach_play, play_decisions
from pinochle_tutor.coach.play_principles import goal_verb, principle_fits
from pinochle_tutor.course.content import Said, read_sentences, text_file
from pinochle_tutor.course.tips import Tip
from pinochle_tutor.course.worked.guided import (
    GuidedDecision,
    GuidedHand,
    coach_comment,
    play_hands,
)
from pinochle_tutor.course.worked.steps import WorkedExample, WorkedStep, _does, preset_name
from pinochle_tutor.explain.coaching import (
    CardValue,
    PlayAdvice,
    PlayPrinciple,
    points,
    under_a_counter,
)
from pinochle_tutor.explain.still_out import OutCount, count_still_out
from pinochle_tutor.game import Hand
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.scoring import minimum_tricks, points_to_set, trick_points
from pinochle_tutor.tricks import check_play
from pinochle_tutor.view import Phase, PlayerView, Role, seat_does, seat_name
from pinochle_tutor.words import listed, plural

__all__ = [
    "GUIDED_DECISIONS",
    "SEARCH",
    "LeadLesson",
    "Plan",
    "PlanChoice",
    "PlanMoment",
    "agrees",
    "guided_example",
    "lead_comment",
    "lesson_fields",
    "plan_moment",
    "still_in_play",
    "worked_example",
]


class Plan(Enum):
    """What a lead does, as the lessons name their plans."""

    DRAW = "draw"
    """The declaring side leads a trump: draw the opponents' trumps, so they cannot
    trump its winners (the coach's :attr:`PlayPrinciple.DRAW_TRUMP`)."""
    VOID = "void"
    """Lead a suit your partner has shown to be out of, while your partner may hold
    trump: your partner can trump it (:attr:`PlayPrinciple.LEAD_TO_PARTNER_VOID`)."""
    FORCE = "force"
    """A defender leads a suit the declarer has shown to be out of, while the declarer
    may hold trump: the declarer must trump it or throw a card, and each trump spent
    there is one fewer to draw yours (:attr:`PlayPrinciple.FORCE_DECLARER`)."""
    CASH = "cash"
    """Cash a sure winner: a card no other seat can beat now
    (:attr:`PlayPrinciple.CASH_SURE_WINNER`)."""
    OTHER = "other"
    """Any other lead: a low card, or a high one that can still be beaten."""


@dataclass(frozen=True)
class PlanChoice:
    """A plan at one lead and the coach's value of its best card."""

    plan: Plan
    value: CardValue


@dataclass(frozen=True)
class PlanMoment:
    """One lead of yours, valued by the coach: the trick's number, what you see, the
    coach's advice (its evaluation of every card) and each plan's best card, best plan
    first. ``left`` is what your side's tricks must still bring: to make the contract
    (declaring), to set it (defending); ``None`` when the declarers cannot make it any
    more."""

    trick_number: int
    view: PlayerView
    advice: PlayAdvice
    choices: tuple[PlanChoice, ...]
    out: int
    """Trumps still out: not in your hand, not played (your partner's among them)."""
    held: int
    """Trumps in your hand."""
    taken: int
    """Trick points your side holds already (three-handed declaring: with your discards;
    defending: both defenders')."""
    left: int | None
    cards: Mapping[Plan, frozenset[Card]]
    """The cards that follow each plan here (a top trump can both draw and cash)."""

    def follows(self, card: Card, plan: Plan) -> bool:
        """Whether leading ``card`` here follows ``plan``."""
        return card in self.cards.get(plan, frozenset())


@dataclass(frozen=True, eq=False)
class LeadLesson:
    """A lesson of leads: your role, the plans it names (in the order a card is given
    one), its words file, its deals and what makes a deal show the lesson. Each is one
    value of its module, compared (and cached) by identity."""

    name: str
    title: str
    guided_title: str
    role: Role
    plans: tuple[Plan, ...]
    words_file: str
    tip: Tip
    seeds: Mapping[str, tuple[int, int]]
    """Each preset's worked deal (seed, dealer); another rule set searches (:func:`_find`)."""
    guided_seeds: Mapping[str, tuple[int, int]]
    """Each preset's guided hand, from seed :data:`SEARCH` on (never the worked deal)."""
    illustrates: Callable[[Hand, list[PlanMoment]], bool]
    matters: Callable[[PlanMoment], bool] | None = None
    """Where the plan matters enough to be told and asked after your first lead
    (``None``: :func:`telling`)."""


GUIDED_DECISIONS = 4
"""The most leads a guided hand asks you to plan: the first, then those where a plan is
a clear mistake."""

SEARCH = 200
"""How many seeded deals the search for a deal tries."""

_BASE_FIELDS: Mapping[str, tuple[str, ...]] = {
    "contract": ("contract", "trump", "meld", "need", "total", "set_at", "declarer"),
    "contract_saved": ("contract", "trump", "meld", "need", "total", "set_at", "declarer"),
    "contract_kitty": (
        "contract", "trump", "meld", "need", "total", "discarded", "left", "set_at",
        "declarer",
    ),
    "stuck": ("stuck_bid",),
    "hand": ("hand", "held", "out"),
    "moment": ("trick", "out", "held", "taken", "left"),
    "moment_made": ("trick", "out", "held", "taken"),
    "expect": ("still",),
    "column_plan": (),
    "column_lead": (),
    "column_points": (),
    "column_reach": ("deals",),
    "column_grade": (),
    "grade_best": (),
    "grade_close": ("loss",),
    "grade_small": ("loss",),
    "grade_clear": ("loss",),
    "grade_contract": ("loss", "goal"),
    "reach_all": ("deals",),
    "coach": ("card", "plan"),
    "clear": ("card", "loss"),
    "clear_small": ("card", "loss", "counter"),
    "clear_contract": ("card", "loss", "goal"),
    "close": ("card", "loss"),
    "trick": ("trick", "winner_does", "card", "points"),
    "last_ours": ("trick", "winner_does", "card", "points", "bonus"),
    "last_theirs": ("trick", "winner_does", "card", "points", "bonus"),
    "made": ("contract", "meld", "taken", "score", "others"),
    "missed": ("contract", "meld", "taken", "others"),
    "ask": ("out", "held", "left", "plans", "taken"),
    "ask_made": ("out", "held", "plans", "taken"),
    "comment_same": ("card", "plan"),
    "comment_other": ("card", "plan", "coach_card", "coach_plan"),
    "comment_played": ("card",),
}  # fmt: skip


def lesson_fields(plans: tuple[Plan, ...]) -> dict[str, tuple[str, ...]]:
    """Every sentence of a lesson's words file with the numbers it may say: the shared
    ones, and per plan (and :attr:`Plan.OTHER`) its name (``name_<plan>``); drawing
    trump also with a top trump (``_top``) and why a low trump (``low_trump``); leading
    to a partner's void also when it forces the declarer (``name_void_force``)."""
    out = dict(_BASE_FIELDS)
    for p in (*plans, Plan.OTHER):
        out[f"name_{p.value}"] = ()
    if Plan.DRAW in plans:
        out["name_draw_top"] = ()
        out["low_trump"] = ()
    if Plan.VOID in plans and Plan.FORCE in plans:
        out["name_void_force"] = ()
    return out


@cache
def _words(lesson: LeadLesson) -> dict[str, Said]:
    return read_sentences(
        lesson.words_file, text_file(lesson.words_file), lesson_fields(lesson.plans),
        "a sentence of the deal",
    )  # fmt: skip


def _say(lesson: LeadLesson, name: str, rules: RuleSet, **values: object) -> str:
    return _words(lesson)[name].under(rules).format(**values)


def _ours(view: PlayerView, seat: int) -> bool:
    """Whether ``seat`` plays on your side (defending three-handed: the other defender)."""
    assert view.declarer is not None
    rules = view.rules
    declaring = rules.side(view.declarer)
    return (rules.side(seat) == declaring) == (rules.side(view.seat) == declaring)


def _side_meld(view: PlayerView) -> int:
    """The declaring side's meld."""
    rules = view.rules
    assert view.declarer is not None and view.melds is not None
    mine = rules.side(view.declarer)
    return sum(m.total for s, m in enumerate(view.melds) if rules.side(s) == mine)


def _discarded(view: PlayerView) -> int:
    """The declarer's discards' trick points, when you are that declarer."""
    rules = view.rules
    if not rules.has_kitty or view.seat != view.declarer:
        return 0
    return trick_points(view.given, rules)


def _taken(view: PlayerView) -> int:
    won = sum(t.points for t in view.tricks if _ours(view, t.winner))
    return won + _discarded(view)


def _need(view: PlayerView) -> int | None:
    """What the declaring side's tricks must bring."""
    assert view.contract is not None
    return minimum_tricks(view.contract, _side_meld(view), view.rules)


def _goal(view: PlayerView) -> int | None:
    """What your side's tricks must bring in all: to make (declaring) or to set."""
    need = _need(view)
    declaring = view.declarer is not None and _ours(view, view.declarer)
    if declaring:
        return need
    return None if need is None else points_to_set(need, view.rules)


def _plans_named(lesson: LeadLesson, rules: RuleSet) -> tuple[Plan, ...]:
    """The lesson's plans that exist under ``rules``: nobody has a partner's void to lead
    to without partnerships (three-handed)."""
    return tuple(p for p in lesson.plans if p is not Plan.VOID or rules.partnerships)


def plan_moment(lesson: LeadLesson, view: PlayerView, seed: int) -> PlanMoment:
    """Your lead ``view`` valued as the game table's hint values it
    (:func:`~pinochle_tutor.coach.play.coach_play` on the game's ``seed``, hand 1), its
    cards grouped by the lesson's plans: each card the first plan it follows."""
    advice = coach_play(view, seed=seed, hand_number=1, samples=PLAY_HINT_SAMPLES)
    fits = principle_fits(view)

    def fitting(p: PlayPrinciple) -> frozenset[Card]:
        return frozenset(c for f in fits if f.principle is p for c in f.cards)

    cards: dict[Plan, frozenset[Card]] = {
        Plan.DRAW: fitting(PlayPrinciple.DRAW_TRUMP),
        Plan.VOID: fitting(PlayPrinciple.LEAD_TO_PARTNER_VOID),
        Plan.FORCE: fitting(PlayPrinciple.FORCE_DECLARER),
        Plan.CASH: fitting(PlayPrinciple.CASH_SURE_WINNER),
    }
    cards = {p: cards[p] for p in _plans_named(lesson, view.rules) if p in cards}
    best: dict[Plan, CardValue] = {}
    for value in advice.alternatives:  # best first
        plan = next((p for p in cards if value.card in cards[p]), Plan.OTHER)
        best.setdefault(plan, value)
    choices = tuple(PlanChoice(p, v) for p, v in best.items())
    goal = _goal(view)
    taken = _taken(view)
    held = sum(1 for c in view.hand if c.suit is view.trump)
    return PlanMoment(
        len(view.tricks) + 1, view, advice, choices,
        count_still_out(view, OutCount.TRUMPS).out, held, taken,
        None if goal is None else max(0, goal - taken), cards,
    )  # fmt: skip


def _plan_of(m: PlanMoment, card: Card) -> Plan:
    return next((p for p in m.cards if m.follows(card, p)), Plan.OTHER)


def _your_role(hand: Hand, role: Role) -> bool:
    assert hand.declarer is not None
    return Role.of(hand.rules, 0, hand.declarer) is role


def _play_out(
    lesson: LeadLesson, rules: RuleSet, seed: int, dealer: int
) -> tuple[Hand, list[PlanMoment]] | None:
    """The seeded hand played by the heuristic players, except your leads (seat 0), which
    follow the coach (:func:`plan_moment`, the hint's card): the hand and your leads with
    a choice of plans, valued. ``None`` when your side is not the lesson's."""
    hand = Hand(dealer, rules, seed=seed)
    bot = HeuristicPlayer()
    moments: list[PlanMoment] = []
    while hand.phase is not Phase.DONE:
        if hand.phase is Phase.PLAY and not _your_role(hand, lesson.role):
            return None
        if hand.phase is Phase.PLAY and hand.to_act == 0 and not hand.trick:
            view = hand.view(0)
            if len(set(view.legal)) > 1:
                m = plan_moment(lesson, view, seed)
                if len(m.choices) > 1:
                    moments.append(m)
                hand.apply(Play(m.advice.card))
                continue
        hand.act(bot)
    return hand, moments


def telling(m: PlanMoment) -> bool:
    """Whether the plan matters at ``m``: another plan's best card is a clear mistake."""
    return any(c.value.clear_mistake for c in m.choices[1:])


def told(moments: list[PlanMoment], lesson: LeadLesson | None = None) -> list[PlanMoment]:
    """The leads a worked deal values in words: your first, and those where the plan
    matters (the lesson's :attr:`LeadLesson.matters`, else :func:`telling`)."""
    first = moments[0].trick_number if moments else None
    matters = telling if lesson is None or lesson.matters is None else lesson.matters
    return [m for m in moments if m.trick_number == first or matters(m)]


def _shows(lesson: LeadLesson, rules: RuleSet, seed: int, dealer: int
           ) -> tuple[bool, bool]:  # fmt: skip
    """Whether the deal (``seed``, ``dealer``) is played to the end with your side the
    lesson's and a lead valued, and whether it shows the lesson (every lead told agrees)."""
    played = _play_out(lesson, rules, seed, dealer)
    if played is None or len(played[0].tricks) < rules.hand_size:
        return False, False
    shown = lesson.illustrates(*played) and all(map(agrees, told(played[1], lesson)))
    return bool(played[1]), shown


def _find(
    lesson: LeadLesson, rules: RuleSet, start: int, avoid: tuple[int, int] | None = None
) -> tuple[int, int]:
    """The first deal that shows the lesson: the presets' pinned deals first (under a
    house rule that changes only numbers they often still do, and each step of the search
    is a hand played with the coach's values: a whole search took over a minute in a
    learner's kernel), then from seed ``start`` (each dealer in turn); else the first
    searched deal where your side is the lesson's and a lead is valued."""
    pinned = dict.fromkeys([*lesson.seeds.values(), *lesson.guided_seeds.values()])
    for seed, dealer in pinned:
        fits = dealer < rules.players and (seed, dealer) != avoid
        if fits and _shows(lesson, rules, seed, dealer)[1]:
            return seed, dealer
    fallback: tuple[int, int] | None = None
    for seed in range(start, start + SEARCH):
        for dealer in range(rules.players):
            if (seed, dealer) == avoid:
                continue
            valued, shown = _shows(lesson, rules, seed, dealer)
            if shown:
                return seed, dealer
            if fallback is None and valued:
                fallback = (seed, dealer)
    if fallback is None:
        raise AssertionError(f"{lesson.name}: no deal in {SEARCH} seeds puts you there")
    return fallback


def deal_of(lesson: LeadLesson, rules: RuleSet, guided: bool) -> tuple[int, int]:
    """The (seed, dealer) of the lesson's worked deal or guided hand under ``rules``: a
    preset's pinned one, else searched."""
    name = preset_name(rules)
    pinned = lesson.guided_seeds if guided else lesson.seeds
    if name is not None and name in pinned:
        return pinned[name]
    if guided:
        return _find(lesson, rules, SEARCH, avoid=deal_of(lesson, rules, False))
    return _find(lesson, rules, 0)


@cache
def played(lesson: LeadLesson, rules: RuleSet, guided: bool) -> tuple[Hand, list[PlanMoment]]:
    """The lesson's worked deal (or guided hand) played out, with your leads valued."""
    seed, dealer = deal_of(lesson, rules, guided)
    out = _play_out(lesson, rules, seed, dealer)
    if out is None:  # a pinned deal always puts you on the lesson's side
        raise AssertionError(f"{rules.name}: deal {seed} (dealer {dealer}) is not the lesson's")
    return out


def _grade(m: PlanMoment, value: CardValue) -> tuple[str, str]:
    """The coach's grade of leading ``value``'s card against its own at ``m``, and the
    loss as the page says it. The contract comes first: a card that makes (or sets) it
    clearly less often than the coach's
    (:attr:`~pinochle_tutor.explain.coaching.CardValue.reaches_less_often`) is a clear
    mistake ("contract"); else within the coach's margin of error ("close"), a clear loss
    under one counter ("small", :func:`~pinochle_tutor.explain.coaching.under_a_counter`),
    or a clear mistake ("clear"). The loss is said as the difference of the figures the
    page shows (:func:`amount`), so that the learner's own subtraction agrees; the grade
    rests on the coach's figures, so where that difference rounds up to a counter or more
    while the coach's loss is under one, the loss is said to two places instead ("0.97
    less: a small loss", never "1.0 less: a small loss" where a counter is 1)."""
    rules = m.view.rules
    shown = _shown(m.advice.best.mean, rules) - _shown(value.mean, rules)
    if value.reaches_less_often:
        grade = "contract"
    elif not value.clear_mistake:
        grade = "close"
    elif under_a_counter(value.loss, rules):
        grade = "small"
    else:
        grade = "clear"
    said = amount(shown, rules)
    if grade == "small" and float(said) >= rules.counter:
        said = f"{value.loss:.2f}"
    return grade, said


_SENTENCE = {"contract": "clear_contract", "close": "close", "small": "clear_small",
             "clear": "clear"}  # fmt: skip
"""The sentence of each grade (:func:`_grade`), for the guided hand's comment."""


def loss_sentence(lesson: LeadLesson, m: PlanMoment, value: CardValue) -> str:
    """What leading ``value``'s card gives away against the coach's card at ``m``, graded
    (:func:`_grade`), as a sentence: the guided hand's comment on the learner's card."""
    rules = m.view.rules
    grade, loss = _grade(m, value)
    return _say(lesson, _SENTENCE[grade], rules, card=value.card.text, loss=loss,
                counter=rules.counter, goal=goal_verb(m.view))  # fmt: skip


def grade_cell(lesson: LeadLesson, m: PlanMoment, value: CardValue) -> str:
    """The same grade (:func:`_grade`) as a cell of the plans' table: the coach's own
    card, or what another plan's best card gives away and how the coach calls it."""
    rules = m.view.rules
    if value.card is m.advice.best.card:
        return _say(lesson, "grade_best", rules)
    grade, loss = _grade(m, value)
    return _say(lesson, f"grade_{grade}", rules, loss=loss, goal=goal_verb(m.view))


def _shown(x: float, rules: RuleSet) -> float:
    """``x`` as the page shows it (:func:`amount`)."""
    return float(amount(x, rules))


def amount(x: float, rules: RuleSet) -> str:
    """Expected trick points as the lessons say them: whole points where a hand holds
    100 or more, else to a tenth (the double deck's 50)."""
    return str(round(x)) if rules.total_trick_points >= 100 else points(x)


def still_in_play(view: PlayerView) -> int:
    """The trick points still to be played for: the deck's, less the tricks played (and,
    three-handed, your discards as the declarer, which are yours already; a defender
    cannot see the discards, so to a defender they are still to play for)."""
    rules = view.rules
    gone = sum(t.points for t in view.tricks) + trick_points(view.trick, rules)
    return rules.total_trick_points - gone - _discarded(view)


def name_of(lesson: LeadLesson, m: PlanMoment, plan: Plan, card: Card) -> str:
    """A plan's name as the lesson says it, naming both plans a card follows where the
    lesson has a name for the two: drawing trump with a sure winner (a top trump), and
    leading to your partner's void that is the declarer's too (a force as well)."""
    both = ""
    if plan is Plan.DRAW and m.follows(card, Plan.CASH):
        both = "_top"
    elif plan is Plan.VOID and Plan.FORCE in lesson.plans and m.follows(card, Plan.FORCE):
        both = "_force"
    return _say(lesson, f"name_{plan.value}{both}", m.view.rules)


def position_text(
    lesson: LeadLesson, m: PlanMoment
) -> tuple[str, tuple[int, ...], tuple[tuple[str, ...], ...]]:
    """Your lead: the trumps out and what your side's tricks must still bring, then a
    table of each plan's best card with the trick points your side can expect from there
    (and, while the contract is open, on how many of the coach's deals it makes or sets
    it; one sentence instead when every card does on every deal), and how the coach
    grades each against its own card (:func:`grade_cell`). Returns the sentence, every
    number it and the table state, and the table (its first row the columns)."""
    rules = m.view.rules
    still = still_in_play(m.view)
    if m.left is None or m.left > 0:
        text = _say(lesson, "moment", rules, trick=m.trick_number, out=m.out, held=m.held,
                    taken=m.taken, left=m.left if m.left is not None else 0)  # fmt: skip
        nums: tuple[int, ...] = (m.trick_number, m.out, m.held, m.taken, m.left or 0, still)
    else:
        text = _say(lesson, "moment_made", rules, trick=m.trick_number, out=m.out, held=m.held,
                    taken=m.taken)  # fmt: skip
        nums = (m.trick_number, m.out, m.held, m.taken, still)
    head = tuple(_say(lesson, f"column_{c}", rules) for c in ("plan", "lead", "points"))
    rows: list[tuple[str, ...]] = [
        (name_of(lesson, m, c.plan, c.value.card), c.value.card.text, amount(c.value.mean, rules))
        for c in m.choices
    ]
    nums = (*nums, *(int(float(row[2])) for row in rows))  # the whole part a reader sees
    if all(c.value.reach is not None for c in m.choices):
        deals = m.advice.samples  # the deals the reach was counted on
        counts = [round((c.value.reach or 0.0) * deals) for c in m.choices]
        if all(n == deals for n in counts):  # one sentence instead of the same figure per card
            text += " " + _say(lesson, "reach_all", rules, deals=deals)
        else:
            head = (*head, _say(lesson, "column_reach", rules, deals=deals))
            rows = [(*row, str(n)) for row, n in zip(rows, counts, strict=True)]
            nums = (*nums, *counts)
        nums = (*nums, deals)
    head = (*head, _say(lesson, "column_grade", rules))
    rows = [(*row, grade_cell(lesson, m, c.value)) for row, c in zip(rows, m.choices, strict=True)]
    nums = (*nums, *(int(float(_grade(m, c.value)[1])) for c in m.choices[1:]))
    text += " " + _say(lesson, "expect", rules, still=still)
    return text, nums, (head, *rows)


def agrees(m: PlanMoment) -> bool:
    """Whether the coach's card at ``m`` makes (or sets) the contract about as often as
    any other plan's best card: no card does clearly more often
    (:attr:`~pinochle_tutor.explain.coaching.CardValue.reaches_more_often`). A lesson
    shows only leads where playing for points and playing for the contract agree."""
    return not any(c.value.reaches_more_often for c in m.choices[1:])


_SAID_BY = {
    Plan.DRAW: PlayPrinciple.DRAW_TRUMP,
    Plan.VOID: PlayPrinciple.LEAD_TO_PARTNER_VOID,
    Plan.FORCE: PlayPrinciple.FORCE_DECLARER,
    Plan.CASH: PlayPrinciple.CASH_SURE_WINNER,
}
"""The coach's principle whose reason says no more than the plan's name."""


def _reason(m: PlanMoment, plan: Plan) -> str:
    """The coach's reason for its card, unless the plan's name says it already (or a
    habit the coach has no principle for is left to the numbers' words)."""
    if _SAID_BY.get(plan) is m.advice.principle:
        return ""
    if plan is Plan.DRAW and m.advice.principle is PlayPrinciple.CASH_SURE_WINNER:
        return ""  # "draw trump with a sure winner" says it, and nobody can trump a trump
    if plan is Plan.FORCE and m.advice.principle is PlayPrinciple.NUMBERS:
        return ""
    return m.advice.reason


def verdict_text(lesson: LeadLesson, m: PlanMoment) -> str:
    """The coach's card with its plan and reason (what each other plan gives away is the
    plans' table's last column, :func:`grade_cell`)."""
    rules = m.view.rules
    best = m.choices[0]
    plan = name_of(lesson, m, best.plan, best.value.card)
    coach = _say(lesson, "coach", rules, card=best.value.card.text, plan=plan)
    reason = _reason(m, best.plan)
    if reason:
        coach += " " + reason
    if best.plan is Plan.DRAW and not m.follows(best.value.card, Plan.CASH):
        coach += " " + _say(lesson, "low_trump", rules)
    return coach.strip()


def _trick_steps(
    lesson: LeadLesson, hand: Hand, moments: dict[int, PlanMoment]
) -> list[WorkedStep]:
    rules = hand.rules
    steps: list[WorkedStep] = []
    for k, t in enumerate(hand.tricks, 1):
        names = tuple(seat_name(s, 0, rules) for s in t.seats)
        win_pos = t.seats.index(t.winner)
        last = k == len(hand.tricks)
        winner_does = _does(t.winner, rules, "win", False)
        if last:
            ours = _ours(hand.view(0), t.winner)
            text = _say(lesson, "last_ours" if ours else "last_theirs", rules, trick=k,
                        winner_does=winner_does, card=t.winning_card.text, points=t.points,
                        bonus=rules.last_trick_bonus)  # fmt: skip
            nums: tuple[int, ...] = (k, t.points, rules.last_trick_bonus)
        else:
            text = _say(lesson, "trick", rules, trick=k, winner_does=winner_does,
                        card=t.winning_card.text, points=plural(t.points, "trick point"))  # fmt: skip
            nums = (k, t.points)
        m = moments.get(k)
        if m is not None:
            said, said_nums, table = position_text(lesson, m)
            steps.append(
                WorkedStep(said, tuple(sort_hand(m.view.hand)), numbers=said_nums, table=table)
            )
            text = f"{verdict_text(lesson, m)} {text}"
        steps.append(WorkedStep(text, t.cards, True, names, win_pos, numbers=nums))
    return steps


def _opening(lesson: LeadLesson, hand: Hand) -> list[WorkedStep]:
    """The contract and what the tricks must bring (and what sets it), then your hand
    and the trumps out."""
    rules = hand.rules
    first = next(v for _k, v, _c in play_decisions(hand, 0))
    assert first.trump is not None and first.contract is not None
    meld = _side_meld(first)
    need = _need(first) or 0
    setting = points_to_set(_need(first), rules)
    discarded = trick_points(hand.discards, rules) if rules.has_kitty else 0
    values = {
        "contract": first.contract, "trump": first.trump.plural, "meld": meld, "need": need,
        "total": rules.total_trick_points, "set_at": setting,
        "declarer": seat_does(hand.declarer or 0, 0, rules, "win", start=True).rsplit(" ", 1)[0],
    }  # fmt: skip
    if discarded and lesson.role is Role.DECLARER:
        left = max(0, need - discarded)
        text = _say(lesson, "contract_kitty", rules, discarded=discarded, left=left, **values)
        nums: tuple[int, ...] = (first.contract, meld, need, rules.total_trick_points,
                                 discarded, left)  # fmt: skip
    else:
        name = "contract_saved" if meld >= first.contract else "contract"
        text = _say(lesson, name, rules, **values)
        nums = (first.contract, meld, need, rules.total_trick_points)
        if lesson.role is Role.DEFENDER:
            nums = (*nums, setting)
    if hand.auction.stuck:  # below the opening bid under some house rules: say why
        text += " " + _say(lesson, "stuck", rules, stuck_bid=rules.stuck_bid)
        nums = (*nums, rules.stuck_bid)
    mine = tuple(sort_hand(first.hand))
    out = count_still_out(first, OutCount.TRUMPS).out
    held = sum(1 for c in mine if c.suit is first.trump)
    return [
        WorkedStep(text, numbers=nums),
        WorkedStep(
            _say(lesson, "hand", rules, hand=cards_text(mine), held=held, out=out),
            mine,
            numbers=(held, out),
        ),
    ]


def _result(lesson: LeadLesson, hand: Hand) -> WorkedStep:
    rules = hand.rules
    assert hand.contract is not None and hand.declarer is not None and hand.melds is not None
    bidders = rules.side(hand.declarer)
    meld = sum(hand.melds[s].total for s in range(rules.players) if rules.side(s) == bidders)
    taken = hand.side_points[bidders]
    others = sum(p for side, p in enumerate(hand.side_points) if side != bidders)
    if hand.made:
        score = hand.scores[0].bidder
        text = _say(lesson, "made", rules, contract=hand.contract, meld=meld, taken=taken,
                    score=score, others=others)  # fmt: skip
        return WorkedStep(text, numbers=(hand.contract, meld, taken, score))
    text = _say(lesson, "missed", rules, contract=hand.contract, meld=meld, taken=taken,
                others=others)  # fmt: skip
    return WorkedStep(text, numbers=(hand.contract, meld, taken))


def worked_example(lesson: LeadLesson, rules: RuleSet) -> WorkedExample:
    """The lesson's worked deal: the contract and what the tricks must bring, your hand
    and the trumps out, then every trick, your leads that :func:`told` picks valued by
    the coach (each plan's best card and its expected trick points, the coach's card
    and its reason, what each other plan gives away), the last trick with its bonus,
    and the result."""
    hand, moments = played(lesson, rules, False)
    steps = [
        *_opening(lesson, hand),
        *_trick_steps(lesson, hand, {m.trick_number: m for m in told(moments, lesson)}),
        _result(lesson, hand),
    ]
    return WorkedExample(lesson.title, rules, tuple(steps))


def lead_comment(
    lesson: LeadLesson, view: PlayerView, card: CardLike, played: Card, *, seed: int
) -> tuple[bool, str]:
    """The tutor on the card you pick in a guided hand, with the game table's hint's
    evaluation on the game's ``seed``: at your lead, the plan your card follows and the
    coach's, what yours gives away if it is another, and the coach's reason; at a trick
    you follow, :func:`~pinochle_tutor.course.worked.guided.coach_comment` on the same
    evaluation. Never raises for a wrong card; returns (legal, text)."""
    if view.trick:
        return coach_comment(view, card, played, seed=seed)
    assert view.trump is not None
    verdict = check_play(view.hand, view.trick, view.trump, card, view.rules)
    if not verdict.legal:
        return False, verdict.reason
    c, rules = verdict.card, view.rules
    m = plan_moment(lesson, view, seed)
    best = m.choices[0]
    coach_plan = name_of(lesson, m, best.plan, best.value.card)
    value = next(a for a in m.advice.alternatives if a.card is c)
    if c is best.value.card:
        parts = [_say(lesson, "comment_same", rules, card=c.text, plan=coach_plan)]
    else:
        parts = [
            _say(lesson, "comment_other", rules, card=c.text,
                 plan=name_of(lesson, m, _plan_of(m, c), c), coach_card=best.value.card.text,
                 coach_plan=coach_plan),
            loss_sentence(lesson, m, value),
        ]  # fmt: skip
    if not (best.plan is Plan.FORCE and m.advice.principle is PlayPrinciple.NUMBERS):
        parts.append(m.advice.reason)  # why the coach's card, in the coach's words
    if c is not played:
        parts.append(_say(lesson, "comment_played", rules, card=played.text))
    return True, " ".join(p for p in parts if p)


def guided_example(lesson: LeadLesson, rules: RuleSet) -> GuidedHand:
    """The lesson's guided hand: another deal, stepped trick by trick; at your first lead
    and those where the plan matters (at most :data:`GUIDED_DECISIONS`) you are asked to
    plan (the trumps still out, what your side's tricks must still bring, the plans
    there: never the answer), pick the card, and the coach comments on it
    (:func:`lead_comment`)."""
    hand, moments = played(lesson, rules, True)
    steps = [*_opening(lesson, hand), *_trick_steps(lesson, hand, {}), _result(lesson, hand)]
    at = {st.numbers[0]: i for i, st in enumerate(steps) if st.trick and st.numbers}
    decisions: dict[int, GuidedDecision] = {}
    for m in told(moments, lesson)[:GUIDED_DECISIONS]:
        if m.trick_number not in at:
            continue
        offered = {c.plan for c in m.choices}
        asked = (
            _plans_named(lesson, rules)
            if lesson.role is Role.DEFENDER
            else tuple(p for p in lesson.plans if p in offered)
        )  # a defender's question names every plan: which are there is part of the answer
        names = [_say(lesson, f"name_{p.value}", rules) for p in (*asked, Plan.OTHER)]
        plans = listed(names, "or")
        if m.left is None or m.left > 0:
            q = _say(lesson, "ask", rules, out=m.out, held=m.held, left=m.left or 0,
                     plans=plans, taken=m.taken)  # fmt: skip
        else:
            q = _say(lesson, "ask_made", rules, out=m.out, held=m.held, plans=plans,
                     taken=m.taken)  # fmt: skip
        decisions[at[m.trick_number]] = GuidedDecision(lesson.tip, q)
    seed = deal_of(lesson, rules, True)[0]
    return GuidedHand(
        WorkedExample(lesson.guided_title, rules, tuple(steps)), hand, {}, play_hands(hand),
        decisions,
        comment=partial(lead_comment, lesson, seed=seed),
    )  # fmt: skip
