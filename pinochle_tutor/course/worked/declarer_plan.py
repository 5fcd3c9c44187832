"""Lesson 14's worked deal and guided hand, "the declarer's plan": the leads of one hand
you declare, valued by the coach plan by plan.

A seeded deal is played by the computer players with you (seat 0) as the declarer,
your leads as the coach advises. At your leads the coach values every card you may lead with
:func:`~pinochle_tutor.coach.play.coach_play`, the game table's hint (the same view and
seed give the same deals), and the lesson groups the cards by plan (:class:`Plan`): lead
a trump (draw trump), cash a sure winner (a card of a side suit no other seat can beat,
as :func:`~pinochle_tutor.coach.play_principles.principle_fits` reads it) or lead
something else. Each plan is said with its best card's expected trick points from
there, and the coach's card with its own reason; the last trick is told with its bonus.
What the tricks must bring is the contract less the side's meld
(:func:`~pinochle_tutor.scoring.minimum_tricks`), and the trumps still out are counted
from your seat (:func:`~pinochle_tutor.explain.still_out.count_still_out`). The sentences
are data (``text/declarer_plan.toml``, :data:`STEP_FIELDS`).

The rules of record say nothing about how to plan the play: every verdict is the
coach's evaluation of the position, and the page says so. Three-handed the declarer
plays alone against two; the plan is the same, without a partner.

>>> from pinochle_tutor.rules import CLASSIC
>>> Plan.DRAW.value
'draw'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from functools import cache, partial

from pinochle_tutor.actions import Play
from pinochle_tutor.bots.heuristic import HeuristicPlayer
from pinochle_tutor.cards import Card, CardLike, cards_text, sort_hand
from pinochle_tutor.coach.play import PLAY_HINT_SAMPLES, coach_play, play_decisions
from pinochle_tutor.coach.play_principles import principle_fits
from pinochle_tutor.course.content import Said, read_sentences, text_file
from pinochle_tutor.course.tips import Tip
from pinochle_tutor.course.worked.guided import GuidedDecision, GuidedHand, coach_comment
from pinochle_tutor.course.worked.steps import WorkedExample, WorkedStep, _does
from pinochle_tutor.explain.coaching import CardValue, PlayAdvice, PlayPrinciple, points
from pinochle_tutor.explain.still_out import OutCount, count_still_out
from pinochle_tutor.game import Hand
from pinochle_tutor.rules import CLASSIC, PRESETS, RuleSet
from pinochle_tutor.scoring import minimum_tricks, trick_points
from pinochle_tutor.tricks import check_play
from pinochle_tutor.view import Phase, PlayerView, seat_name
from pinochle_tutor.words import listed, plural

__all__ = [
    "GUIDED_PLAN_SEEDS",
    "PLAN_SEEDS",
    "STEP_FIELDS",
    "WORDS_FILE",
    "Plan",
    "PlanChoice",
    "PlanMoment",
    "declarer_plan_example",
    "plan_comment",
    "plan_guided_hand",
    "plan_moment",
]

WORDS_FILE = "declarer_plan.toml"
"""The worked deal's sentences, in the package's ``text`` folder."""

_PLAN = ("card", "points")
STEP_FIELDS: Mapping[str, tuple[str, ...]] = {
    "contract": ("contract", "trump", "meld", "need", "total"),
    "contract_saved": ("contract", "trump", "meld", "need", "total"),
    "contract_kitty": ("contract", "trump", "meld", "need", "total", "discarded", "left"),
    "hand": ("hand", "held", "out"),
    "moment": ("trick", "out", "held", "taken", "left", "still"),
    "moment_made": ("trick", "out", "held", "taken", "still"),
    "plan_draw": _PLAN,
    "plan_draw_top": _PLAN,
    "plan_cash": _PLAN,
    "plan_other": _PLAN,
    "coach": ("card", "plan"),
    "low_trump": (),
    "clear": ("card", "loss"),
    "close": ("card", "loss"),
    "trick": ("trick", "winner_does", "card", "points"),
    "last_ours": ("trick", "winner_does", "card", "points", "bonus"),
    "last_theirs": ("trick", "winner_does", "card", "points", "bonus"),
    "made": ("contract", "meld", "taken", "score"),
    "missed": ("contract", "meld", "taken"),
    "ask": ("out", "held", "left", "plans"),
    "ask_made": ("out", "held", "plans"),
    "comment_same": ("card", "plan"),
    "comment_other": ("card", "plan", "coach_card", "coach_plan"),
    "comment_played": ("card",),
    "name_draw": (),
    "name_draw_top": (),
    "name_cash": (),
    "name_other": (),
}
"""Every sentence of the worked deal and the guided hand, by name, with the numbers it
may say."""


class Plan(Enum):
    """What a lead of the declaring side does, as the lesson names its plans."""

    DRAW = "draw"
    """Lead a trump: draw the opponents' trumps, so they cannot trump your winners."""
    CASH = "cash"
    """Cash a sure winner: a card of a side suit that no other seat can beat now."""
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
    first. ``left`` is what the tricks must still bring (``None``: the contract cannot
    be made any more)."""

    trick_number: int
    view: PlayerView
    advice: PlayAdvice
    choices: tuple[PlanChoice, ...]
    out: int
    """Trumps still out: not in your hand, not played (your partner's among them)."""
    held: int
    """Trumps in your hand."""
    taken: int
    """Trick points your side holds already (three-handed: with your discards)."""
    left: int | None
    draw: frozenset[Card] = frozenset()
    """The cards the coach's principles call drawing trump here."""
    sure: frozenset[Card] = frozenset()
    """The cards the coach's principles call sure winners here (a top trump among them)."""


PLAN_SEEDS: dict[str, tuple[int, int]] = {
    "classic": (23, 3),
    "double_deck": (16, 3),
    "three_handed": (29, 0),
}
"""Each preset's worked deal (seed, dealer): the first :func:`_find` gives from seed 0
(a rule set that is no preset searches the same way)."""

GUIDED_PLAN_SEEDS: dict[str, tuple[int, int]] = {
    "classic": (231, 1),
    "double_deck": (237, 3),
    "three_handed": (215, 0),
}
"""Each preset's guided hand (seed, dealer): the first :func:`_find` gives from seed
:data:`SEARCH`, so never the worked deal's."""

GUIDED_DECISIONS = 4
"""The most leads the guided hand asks you to plan: the first, then those where a plan
is a clear mistake."""

SEARCH = 200
"""How many seeded deals the search for a deal tries."""


@cache
def _words() -> dict[str, Said]:
    return read_sentences(WORDS_FILE, text_file(WORDS_FILE), STEP_FIELDS, "a sentence of the deal")


def _say(name: str, rules: RuleSet, **values: object) -> str:
    return _words()[name].under(rules).format(**values)


def _plan_of(card: Card, draw: frozenset[Card], sure: frozenset[Card]) -> Plan:
    """A lead's plan as the coach's principles read the position: drawing trump where
    :attr:`PlayPrinciple.DRAW_TRUMP` fits (an opponent may still hold trump), else
    cashing where :attr:`PlayPrinciple.CASH_SURE_WINNER` does."""
    if card in draw:
        return Plan.DRAW
    return Plan.CASH if card in sure else Plan.OTHER


def _side_meld(view: PlayerView) -> int:
    rules = view.rules
    assert view.declarer is not None and view.melds is not None
    mine = rules.side(view.declarer)
    return sum(m.total for s, m in enumerate(view.melds) if rules.side(s) == mine)


def _discarded(view: PlayerView) -> int:
    rules = view.rules
    if not rules.has_kitty or view.seat != view.declarer:
        return 0
    return trick_points(view.given, rules)


def _taken(view: PlayerView) -> int:
    rules = view.rules
    assert view.declarer is not None
    mine = rules.side(view.declarer)
    won = sum(t.points for t in view.tricks if rules.side(t.winner) == mine)
    return won + _discarded(view)


def _need(view: PlayerView) -> int | None:
    assert view.contract is not None
    return minimum_tricks(view.contract, _side_meld(view), view.rules)


def plan_moment(view: PlayerView, seed: int) -> PlanMoment:
    """Your lead ``view`` valued as the game table's hint values it
    (:func:`~pinochle_tutor.coach.play.coach_play` on the game's ``seed``, hand 1), its
    cards grouped by plan."""
    advice = coach_play(view, seed=seed, hand_number=1, samples=PLAY_HINT_SAMPLES)
    fits = principle_fits(view)

    def fitting(p: PlayPrinciple) -> frozenset[Card]:
        return frozenset(c for f in fits if f.principle is p for c in f.cards)

    draw, sure = fitting(PlayPrinciple.DRAW_TRUMP), fitting(PlayPrinciple.CASH_SURE_WINNER)
    best: dict[Plan, CardValue] = {}
    for value in advice.alternatives:  # best first
        best.setdefault(_plan_of(value.card, draw, sure), value)
    choices = tuple(PlanChoice(p, v) for p, v in best.items())
    out = count_still_out(view, OutCount.TRUMPS)
    held = sum(1 for c in view.hand if c.suit is view.trump)
    taken = _taken(view)
    need = _need(view)
    left = None if need is None else max(0, need - taken)
    return PlanMoment(
        len(view.tricks) + 1, view, advice, choices, out.out, held, taken, left, draw, sure
    )


def _play_out(rules: RuleSet, seed: int, dealer: int) -> tuple[Hand, list[PlanMoment]] | None:
    """The seeded hand played by the heuristic players, except your leads (seat 0), which
    follow the coach (:func:`plan_moment`, the hint's card): the hand and your leads with
    a choice of plans, valued. ``None`` when you do not declare."""
    hand = Hand(dealer, rules, seed=seed)
    bot = HeuristicPlayer()
    moments: list[PlanMoment] = []
    while hand.phase is not Phase.DONE:
        if hand.phase is Phase.PLAY and hand.declarer != 0:
            return None
        if hand.phase is Phase.PLAY and hand.to_act == 0 and not hand.trick:
            view = hand.view(0)
            if len(set(view.legal)) > 1:
                m = plan_moment(view, seed)
                if len(m.choices) > 1:
                    moments.append(m)
                hand.apply(Play(m.advice.card))
                continue
        hand.act(bot)
    return hand, moments


def _clear_against(m: PlanMoment, plan: Plan) -> bool:
    """Whether at ``m`` the best plan is not ``plan`` and ``plan``'s best card is a clear
    mistake."""
    return m.choices[0].plan is not plan and any(
        c.plan is plan and c.value.clear_mistake for c in m.choices
    )


def _illustrates(hand: Hand, moments: list[PlanMoment]) -> bool:
    """A deal shows the lesson ("draw trump, or not") when you declare and play it out,
    your first lead's plan matters (:func:`_telling`) with the contract still to make and
    drawing trump or cashing best, at least two of the leads the guided hand would ask
    about are won by one of those plans, at one of your leads drawing
    trump is best and cashing a sure winner a clear mistake, and at another a lead
    that draws no trump is best and drawing trump a clear mistake."""
    if hand.declarer != 0 or len(hand.tricks) < hand.rules.hand_size:
        return False
    if not moments or moments[0].trick_number != 1 or not _telling(moments[0]):
        return False
    if moments[0].left == 0 or moments[0].choices[0].plan is Plan.OTHER:
        return False  # the count matters at the first lead, and a plan wins it
    told = [m for m in moments if _telling(m)][:GUIDED_DECISIONS]
    if sum(m.choices[0].plan is not Plan.OTHER for m in told) < 2:
        return False
    drawn = any(_clear_against(m, Plan.CASH) and m.choices[0].plan is Plan.DRAW for m in moments)
    return drawn and any(_clear_against(m, Plan.DRAW) for m in moments)


def _telling(m: PlanMoment) -> bool:
    """Whether the plan matters at ``m``: another plan's best card is a clear mistake."""
    return any(c.value.clear_mistake for c in m.choices[1:])


def _find(rules: RuleSet, start: int, avoid: tuple[int, int] | None = None) -> tuple[int, int]:
    for seed in range(start, start + SEARCH):
        for dealer in range(rules.players):
            if (seed, dealer) == avoid:
                continue
            played = _play_out(rules, seed, dealer)
            if played is not None and _illustrates(*played):
                return seed, dealer
    return start, 0


def _preset_name(rules: RuleSet) -> str | None:
    for name, preset in PRESETS.items():
        if rules.with_settings(target=preset.target) == preset:
            return name
    return None


def _deal(rules: RuleSet) -> tuple[int, int]:
    name = _preset_name(rules)
    if name is not None and name in PLAN_SEEDS:
        return PLAN_SEEDS[name]
    return _find(rules, 0)


def _guided_deal(rules: RuleSet) -> tuple[int, int]:
    name = _preset_name(rules)
    if name is not None and name in GUIDED_PLAN_SEEDS:
        return GUIDED_PLAN_SEEDS[name]
    return _find(rules, SEARCH, avoid=_deal(rules))



def _amount(x: float, rules: RuleSet) -> str:
    """Expected trick points as the lesson says them: whole points where a hand holds
    100 or more, else to a tenth (the double deck's 50)."""
    return str(round(x)) if rules.total_trick_points >= 100 else points(x)


def _still(view: PlayerView) -> int:
    """The trick points still to be played for: the deck's, less the tricks played (and,
    three-handed, the declarer's discards)."""
    rules = view.rules
    gone = sum(t.points for t in view.tricks) + trick_points(view.trick, rules)
    discards = trick_points(view.given, rules) if rules.has_kitty and view.declarer == 0 else 0
    return rules.total_trick_points - gone - discards


def _plan_words(c: PlanChoice, m: PlanMoment, rules: RuleSet) -> str:
    name = "plan_draw_top" if c.plan is Plan.DRAW and c.value.card in m.sure else f"plan_{c.plan.value}"
    return _say(name, rules, card=c.value.card.text, points=_amount(c.value.mean, rules))


def _name(plan: Plan, card: Card, m: PlanMoment, rules: RuleSet) -> str:
    top = "_top" if plan is Plan.DRAW and card in m.sure else ""
    return _say(f"name_{plan.value}{top}", rules)


def _position_text(m: PlanMoment, rules: RuleSet) -> tuple[str, tuple[int, ...]]:
    """Your lead: the trumps out, what the tricks must still bring, and each plan's best
    card with the trick points your side can expect from there."""
    still = _still(m.view)
    if m.left is None or m.left > 0:
        head = _say("moment", rules, trick=m.trick_number, out=m.out, held=m.held,
                    taken=m.taken, left=m.left if m.left is not None else 0, still=still)  # fmt: skip
        nums: tuple[int, ...] = (m.trick_number, m.out, m.held, m.taken, m.left or 0, still)
    else:
        head = _say("moment_made", rules, trick=m.trick_number, out=m.out, held=m.held,
                    taken=m.taken, still=still)  # fmt: skip
        nums = (m.trick_number, m.out, m.held, m.taken, still)
    plans = "; ".join(_plan_words(c, m, rules) for c in m.choices)
    return f"{head} {plans}.", nums


def _verdict_text(m: PlanMoment, rules: RuleSet) -> str:
    """The coach's card with its plan and reason, and what each other plan gives away."""
    best = m.choices[0]
    plan = _name(best.plan, best.value.card, m, rules)
    coach = _say("coach", rules, card=best.value.card.text, plan=plan)
    said = {Plan.DRAW: PlayPrinciple.DRAW_TRUMP, Plan.CASH: PlayPrinciple.CASH_SURE_WINNER}
    if said.get(best.plan) is not m.advice.principle:  # its reason says more than the plan
        coach += " " + m.advice.reason
    if best.plan is Plan.DRAW and best.value.card not in m.sure:
        coach += " " + _say("low_trump", rules)
    verdicts = [
        _say("clear" if c.value.clear_mistake else "close", rules, card=c.value.card.text,
             loss=_amount(c.value.loss, rules))
        for c in m.choices[1:]
    ]
    return " ".join([coach.strip(), *verdicts])


def _trick_steps(hand: Hand, moments: dict[int, PlanMoment]) -> list[WorkedStep]:
    rules = hand.rules
    steps: list[WorkedStep] = []
    for k, t in enumerate(hand.tricks, 1):
        names = tuple(seat_name(s, 0, rules) for s in t.seats)
        win_pos = t.seats.index(t.winner)
        last = k == len(hand.tricks)
        winner_does = _does(t.winner, rules, "win", False)
        if last:
            ours = rules.side(t.winner) == rules.side(0)
            text = _say("last_ours" if ours else "last_theirs", rules, trick=k,
                        winner_does=winner_does, card=t.winning_card.text, points=t.points,
                        bonus=rules.last_trick_bonus)  # fmt: skip
            nums: tuple[int, ...] = (k, t.points, rules.last_trick_bonus)
        else:
            text = _say("trick", rules, trick=k, winner_does=winner_does,
                        card=t.winning_card.text, points=plural(t.points, "trick point"))  # fmt: skip
            nums = (k, t.points)
        m = moments.get(k)
        if m is not None:
            said, said_nums = _position_text(m, rules)
            steps.append(WorkedStep(said, tuple(sort_hand(m.view.hand)), numbers=said_nums))
            text = f"{_verdict_text(m, rules)} {text}"
        steps.append(WorkedStep(text, t.cards, True, names, win_pos, numbers=nums))
    return steps


def _opening(hand: Hand) -> list[WorkedStep]:
    """The contract and what the tricks must bring, then your hand and the trumps out."""
    rules = hand.rules
    first = next(v for _k, v, _c in play_decisions(hand, 0))
    assert first.trump is not None and first.contract is not None
    meld = _side_meld(first)
    need = _need(first) or 0
    discarded = _discarded(first)
    if discarded:
        text = _say("contract_kitty", rules, contract=first.contract, trump=first.trump.plural,
                    meld=meld, need=need, total=rules.total_trick_points, discarded=discarded,
                    left=max(0, need - discarded))  # fmt: skip
        nums: tuple[int, ...] = (first.contract, meld, need, rules.total_trick_points,
                                 discarded, max(0, need - discarded))  # fmt: skip
    else:
        name = "contract_saved" if meld >= first.contract else "contract"
        text = _say(name, rules, contract=first.contract, trump=first.trump.plural,
                    meld=meld, need=need, total=rules.total_trick_points)  # fmt: skip
        nums = (first.contract, meld, need, rules.total_trick_points)
    mine = tuple(sort_hand(first.hand))
    out = count_still_out(first, OutCount.TRUMPS).out
    held = sum(1 for c in mine if c.suit is first.trump)
    return [
        WorkedStep(text, numbers=nums),
        WorkedStep(_say("hand", rules, hand=cards_text(mine), held=held, out=out), mine,
                   numbers=(held, out)),
    ]


def _result(hand: Hand) -> WorkedStep:
    rules = hand.rules
    assert hand.contract is not None and hand.declarer is not None and hand.melds is not None
    bidders = rules.side(hand.declarer)
    meld = sum(hand.melds[s].total for s in range(rules.players) if rules.side(s) == bidders)
    taken = hand.side_points[bidders]
    if hand.made:
        score = hand.scores[0].bidder
        text = _say("made", rules, contract=hand.contract, meld=meld, taken=taken, score=score)
        return WorkedStep(text, numbers=(hand.contract, meld, taken, score))
    text = _say("missed", rules, contract=hand.contract, meld=meld, taken=taken)
    return WorkedStep(text, numbers=(hand.contract, meld, taken))


@cache
def _played(rules: RuleSet, guided: bool) -> tuple[Hand, list[PlanMoment]]:
    seed, dealer = (_guided_deal if guided else _deal)(rules)
    played = _play_out(rules, seed, dealer)
    if played is None:  # a pinned deal always has you declare
        raise AssertionError(f"{rules.name}: deal {seed} (dealer {dealer}) is not yours to declare")
    return played


def declarer_plan_example(rules: RuleSet = CLASSIC) -> WorkedExample:
    """The worked deal: the contract and what the tricks must bring, your hand and the
    trumps out, then every trick, your leads with a choice of plans valued by the
    coach (each plan's best card and its expected trick points, the coach's card and
    its reason, and how much each other plan gives away), the last trick with its
    bonus, and the result."""
    hand, moments = _played(rules, False)
    steps = [
        *_opening(hand),
        *_trick_steps(hand, {m.trick_number: m for m in moments
                                    if m.trick_number == 1 or _telling(m)}),
        _result(hand),
    ]
    return WorkedExample("The declarer's plan", rules, tuple(steps))


def plan_comment(
    view: PlayerView, card: CardLike, played: Card, *, seed: int
) -> tuple[bool, str]:
    """The tutor on the card you pick in the guided hand, with the game table's hint's
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
    m = plan_moment(view, seed)
    best = m.choices[0]
    coach_plan = _name(best.plan, best.value.card, m, rules)
    mine = _plan_of(c, m.draw, m.sure)
    value = next(a for a in m.advice.alternatives if a.card is c)
    if c is best.value.card:
        parts = [_say("comment_same", rules, card=c.text, plan=coach_plan)]
    else:
        parts = [
            _say("comment_other", rules, card=c.text, plan=_name(mine, c, m, rules),
                 coach_card=best.value.card.text, coach_plan=coach_plan),
            _say("clear" if value.clear_mistake else "close", rules, card=c.text,
                 loss=_amount(value.loss, rules)),
        ]  # fmt: skip
    parts.append(m.advice.reason)
    if c is not played:
        parts.append(_say("comment_played", rules, card=played.text))
    return True, " ".join(p for p in parts if p)


def plan_guided_hand(rules: RuleSet = CLASSIC) -> GuidedHand:
    """The guided hand of lesson 14: another deal you declare, stepped trick by trick;
    at each of your leads with a choice of plans you are asked to plan (the trumps
    still out, what the tricks must still bring: never the answer), pick the card, and
    the coach comments on it (:func:`~pinochle_tutor.course.worked.guided.coach_comment`)."""
    hand, moments = _played(rules, True)
    steps = [*_opening(hand), *_trick_steps(hand, {}), _result(hand)]
    at = {st.numbers[0]: i for i, st in enumerate(steps) if st.trick and st.numbers}
    decisions: dict[int, GuidedDecision] = {}
    for m in [m for m in moments if m.trick_number == 1 or _telling(m)][:GUIDED_DECISIONS]:
        if m.trick_number not in at:
            continue
        offered = {c.plan for c in m.choices}
        plans = listed([_say(f"name_{p.value}", rules) for p in Plan if p in offered], "or")
        if m.left is None or m.left > 0:
            q = _say("ask", rules, out=m.out, held=m.held, left=m.left or 0, plans=plans)
        else:
            q = _say("ask_made", rules, out=m.out, held=m.held, plans=plans)
        decisions[at[m.trick_number]] = GuidedDecision(Tip.DECLARER_PLAN, q)
    play = tuple(
        tuple(
            sort_hand(
                c for t in hand.tricks for c, s in zip(t.cards, t.seats, strict=True) if s == seat
            )
        )
        for seat in range(rules.players)
    )
    seed = _guided_deal(rules)[0]
    return GuidedHand(
        WorkedExample("Plan the play", rules, tuple(steps)), hand, {}, play, decisions,
        comment=partial(plan_comment, seed=seed),
    )
