"""The coach and the contract: what the deciding side must still take
(:func:`~pinochle_tutor.coach.play_principles.contract_goal`) is checked against the score the hand
really got; a card that makes (or sets) the contract clearly more often than the coach's
best card is never called a mistake and the advice names it; a problem where playing for
points and playing for the contract disagree is refused; and every problem of the bank
shows how often each choice makes or sets the contract."""

from __future__ import annotations

import dataclasses

import pytest

from pinochle_tutor.bots import HeuristicPlayer
from pinochle_tutor.coach.play import advise_play, evaluate_play, is_kept_mistake
from pinochle_tutor.coach.play_principles import contract_goal, goal_verb
from pinochle_tutor.course.problem_bank import load_problems
from pinochle_tutor.course.problems import ChoiceValue
from pinochle_tutor.explain.coaching import REACH_MARGIN
from pinochle_tutor.game import Hand
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED, RuleSet
from pinochle_tutor.view import Phase, PlayerView

PRESETS = [CLASSIC, DOUBLE_DECK, THREE_HANDED]


def _views(rules: RuleSet, seed: int) -> tuple[Hand, list[tuple[int, PlayerView]]]:
    """A seeded hand played out by the heuristic players, with seat 0's view at each of
    its cards (the number of tricks done then)."""
    hand = Hand(0, rules, seed=seed)
    bot = HeuristicPlayer()
    views = []
    while hand.phase is not Phase.DONE:
        if hand.phase is Phase.PLAY and hand.to_act == 0:
            views.append((len(hand.tricks), hand.view(0)))
        hand.act(bot)
    return hand, views


@pytest.mark.unit
@pytest.mark.parametrize("rules", PRESETS, ids=[r.name for r in PRESETS])
def test_the_goal_is_what_the_real_score_turned_on(rules: RuleSet) -> None:
    """At every card of seat 0 with the contract open, the trick points its side went on
    to take from that trick reach the goal exactly when the scorer says the contract
    was made (declaring) or set (defending)."""
    seen = 0
    for seed in range(12):
        hand, views = _views(rules, seed)
        if hand.conceded or len(hand.tricks) < rules.tricks_per_hand:
            continue
        assert hand.declarer is not None
        declaring = rules.side(hand.declarer)
        for done, view in views:
            goal = contract_goal(view)
            if goal is None:
                continue
            ours = rules.side(0) == declaring
            later = sum(
                t.points for t in hand.tricks[done:] if (rules.side(t.winner) == declaring) == ours
            )
            assert (later >= goal) == (hand.made if ours else not hand.made), (seed, done)
            assert goal_verb(view) == ("makes" if ours else "sets")
            seen += 1
    assert seen > 20


def _disagreeing() -> PlayerView:
    """A classic position (seed 50, seat 0 to lead, defending) where the card with the
    most trick points, 10♥, sets the contract on fewer deals than A♦."""
    hand = Hand(0, seed=50)
    bot = HeuristicPlayer()
    while len(hand.history) < 38:
        hand.act(bot)
    return hand.view(0)


@pytest.mark.unit
def test_a_card_that_sets_the_contract_more_often_is_no_mistake() -> None:
    view = _disagreeing()
    ev = evaluate_play(view, samples=160, seed=1, margin=0.0)
    best, ace = ev.alternatives[0], ev.evaluation("A♦")
    assert best.card.text == "10♥" and ace is not None
    assert ace.reach == 1.0 and best.reach is not None and best.reach < 0.9
    assert ace.loss > 2 * ace.loss_stderr  # by points alone, with no margin, a mistake
    assert ace.reaches_more_often and not ace.clear_mistake
    assert not is_kept_mistake(ace, CLASSIC)
    assert not is_kept_mistake(dataclasses.replace(ace, loss=50.0, loss_stderr=0.1), CLASSIC)
    advice = advise_play(view, ev)
    assert advice.goal == "sets"
    assert "Playing for the contract instead, A♦ sets it on 100% of these deals" in advice.text


@pytest.mark.unit
def test_nothing_at_stake_has_no_reach() -> None:
    """Once the contract is settled (or before play) every card's reach is None and the
    advice says nothing of the contract."""
    for seed in range(6):
        _hand, views = _views(CLASSIC, seed)
        for _done, view in views:
            if len(set(view.legal)) < 2 or contract_goal(view) is not None:
                continue
            ev = evaluate_play(view, samples=16, seed=1)
            assert all(a.reach is None and not a.reaches_more_often for a in ev.alternatives)
            assert advise_play(view, ev).contract_line() == ""
            return
    pytest.fail("no position with the contract settled in six hands")


@pytest.mark.unit
def test_a_problem_another_card_makes_more_often_fails_and_says_why() -> None:
    good, _refused = load_problems()
    problem, check = next(
        (p, c) for p, c in good if p.view().phase is Phase.PLAY and c.values[0].reach is not None
    )
    assert check.passed
    other = check.others[0]
    worse = dataclasses.replace(other, reach_margin=-0.3, reach_margin_stderr=0.05)
    assert isinstance(worse, ChoiceValue) and worse.reaches_more_often
    broken = dataclasses.replace(
        check, values=tuple(worse if v is other else v for v in check.values)
    )
    assert not broken.passed
    assert f"its answer {problem.answer.text!r} {check.goal_verb} the contract less often" in (
        broken.reason
    )
    close = dataclasses.replace(other, reach_margin=-0.03, reach_margin_stderr=0.001)
    assert not close.reaches_more_often  # under five deals in a hundred: no difference


@pytest.mark.unit
def test_every_play_problem_says_how_often_each_choice_makes_or_sets_the_contract() -> None:
    good, _refused = load_problems()
    shown = 0
    for problem, check in good:
        view = problem.view()
        if view.phase is not Phase.PLAY or contract_goal(view) is None:
            assert all(v.reach is None for v in check.values), problem.id
            continue
        assert not any(v.reaches_more_often for v in check.others), problem.id
        for line in check.lines():
            assert f" {check.goal_verb} the contract on " in line, (problem.id, line)
        shown += 1
    assert shown >= 20


@pytest.mark.unit
def test_a_card_that_reaches_the_goal_less_often_is_read_both_ways() -> None:
    """reaches_less_often is reaches_more_often's test read the other way, on the same
    gap and error: a clear gap one way is never a gap the other way, and a gap under
    REACH_MARGIN is neither."""
    view = _disagreeing()
    ev = evaluate_play(view, samples=160, seed=1, margin=0.0)
    ace = ev.evaluation("A♦")
    assert ace is not None and ace.reaches_more_often and not ace.reaches_less_often
    worse = dataclasses.replace(ace, reach_gap=-ace.reach_gap)
    assert worse.reaches_less_often and not worse.reaches_more_often
    small = dataclasses.replace(ace, reach_gap=REACH_MARGIN / 2, reach_gap_stderr=0.0)
    assert not small.reaches_less_often and not small.reaches_more_often
