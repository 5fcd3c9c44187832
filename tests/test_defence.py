"""Lesson 15, "Defence": its worked deal says the coach's own numbers at your leads as a
defender, the very evaluation the game table's hint gives; each plan is named by the
coach's principles or by what the seat has seen (a void the declarer showed); what sets
the contract is counted from the scoring rules; three-handed the deals are two against
one, with no partner's void named; and the guided hand asks you to plan without giving
the answer."""

from __future__ import annotations

import re

import pytest

from pinochle_tutor.bots.heuristic import HeuristicPlayer
from pinochle_tutor.cards import Suit
from pinochle_tutor.coach.play_principles import principle_fits
from pinochle_tutor.coach.table import hint
from pinochle_tutor.course.mastery import mastery_cases, plan_mastery_set
from pinochle_tutor.course.quiz.kinds.play import play_position
from pinochle_tutor.course.quiz.round import plan_aimed_round
from pinochle_tutor.course.worked import defence as df
from pinochle_tutor.course.worked import lead_plans as lp
from pinochle_tutor.course.worked.guided import learner_turns
from pinochle_tutor.explain.coaching import PlayPrinciple
from pinochle_tutor.game import Hand
from pinochle_tutor.hands import SUIT_MASK
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED, RuleSet
from pinochle_tutor.scoring import minimum_tricks, points_to_set, reachable_trick_points
from pinochle_tutor.sim.knowledge import Knowledge
from pinochle_tutor.view import Phase, PlayerView

PARTNERS = [CLASSIC, DOUBLE_DECK, THREE_HANDED]
ids = [r.name for r in PARTNERS]
PLANS_ASKED = {
    True: "Which plan: lead to your partner's void, force the declarer, cash a sure winner "
    "or lead something else?",
    False: "Which plan: force the declarer, cash a sure winner or lead something else?",
}
L = df.DEFENCE
LESSON = "15_defence.ipynb"


@pytest.mark.unit
@pytest.mark.parametrize("rules", PARTNERS, ids=ids)
def test_each_presets_deals_are_defended_and_show_the_lesson(rules: RuleSet) -> None:
    for guided in (False, True):
        hand, moments = lp.played(L, rules, guided)
        assert hand.declarer is not None and rules.side(hand.declarer) != rules.side(0)
        assert df.illustrates(hand, moments)
    assert lp.deal_of(L, rules, False) != lp.deal_of(L, rules, True)


@pytest.mark.unit
def test_three_handed_the_lesson_is_two_against_one() -> None:
    """Three-handed the deals are three-handed: you defend with the other defender, the
    coach counts the two together, and no lead is called a lead to a partner's void."""
    for guided in (False, True):
        hand, moments = lp.played(L, THREE_HANDED, guided)
        assert hand.rules == THREE_HANDED and moments
        assert all(c.plan is not lp.Plan.VOID for m in moments for c in m.choices)
    ex = df.defence_example(THREE_HANDED)
    assert ex.rules == THREE_HANDED
    assert "two against one" in ex.steps[0].text
    assert not any("partner" in s.text for s in ex.steps)
    g = df.defence_guided_hand(THREE_HANDED)
    assert g.example.rules == THREE_HANDED
    assert not any("partner" in d.question for d in g.decisions.values())


@pytest.mark.unit
@pytest.mark.parametrize("rules", PARTNERS, ids=ids)
def test_what_sets_the_contract_is_the_scoring_rules(rules: RuleSet) -> None:
    """Every number the declarers may take and fall short of their need leaves the
    defenders at least points_to_set; one more trick point for the declarers makes it."""
    for need in sorted(reachable_trick_points(rules))[1:]:
        s = points_to_set(need, rules)
        short = rules.total_trick_points - s
        assert short < need
        assert not any(short < t < need for t in reachable_trick_points(rules))
    _hand, moments = lp.played(L, rules, False)
    for m in moments:
        v = m.view
        assert v.melds is not None and v.declarer is not None and v.contract is not None
        meld = sum(
            x.total for s, x in enumerate(v.melds) if rules.side(s) == rules.side(v.declarer)
        )
        needed = minimum_tricks(v.contract, meld, rules)
        declaring = rules.side(v.declarer)
        taken = sum(t.points for t in v.tricks if rules.side(t.winner) != declaring)
        assert m.taken == taken
        assert m.left == (None if needed is None else max(0, points_to_set(needed, rules) - taken))


@pytest.mark.unit
@pytest.mark.parametrize("rules", PARTNERS, ids=ids)
def test_each_plan_is_read_from_what_the_seat_knows(rules: RuleSet) -> None:
    seed, _dealer = lp.deal_of(L, rules, False)
    _hand, moments = lp.played(L, rules, False)
    for m in moments:
        v = m.view
        assert v.declarer is not None and v.trump is not None
        fits = {f.principle: set(f.cards) for f in principle_fits(v)}
        k = Knowledge.from_view(v)
        for c in m.choices:
            card = c.value.card
            if c.plan is lp.Plan.VOID:
                assert card in fits[PlayPrinciple.LEAD_TO_PARTNER_VOID]
            elif c.plan is lp.Plan.FORCE:
                assert card.suit in k.voids(v.declarer) and card.suit is not v.trump
                assert card not in fits.get(PlayPrinciple.LEAD_TO_PARTNER_VOID, set())
            elif c.plan is lp.Plan.CASH:
                assert card in fits[PlayPrinciple.CASH_SURE_WINNER]
        assert m.choices[0].value.card is m.advice.card
        h = hint(v, seed=seed, hand_number=1, can_concede=False)
        assert h.advice is not None and h.advice.card is m.advice.card


@pytest.mark.unit
@pytest.mark.parametrize("rules", PARTNERS, ids=ids)
def test_the_worked_deal_says_the_set_count_and_the_coachs_numbers(rules: RuleSet) -> None:
    ex = df.defence_example(rules)
    hand, moments = lp.played(L, rules, False)
    assert hand.contract is not None
    assert f"won the auction at **{hand.contract}**" in ex.steps[0].text
    assert hand.declarer is not None
    seat = {1: "The left opponent", 3: "The right opponent"}[hand.declarer]
    assert ex.steps[0].text.startswith(f"{seat} won the auction")
    others = sum(p for side, p in enumerate(hand.side_points) if side != rules.side(hand.declarer))
    took = "Your side's" if rules.partnerships else "The two defenders'"
    assert f"{took} trick points: {others}" in ex.steps[-1].text
    told = lp.told(moments, L)
    positions = {s.numbers[0]: s for s in ex.steps if not s.trick and "your lead" in s.text}
    assert set(positions) == {m.trick_number for m in told}
    for m in told:
        text = positions[m.trick_number].text
        _head, *rows = positions[m.trick_number].table
        assert [r[:3] for r in rows] == [
            (lp.name_of(L, m, c.plan, c.value.card), c.value.card.text,
             lp.amount(c.value.mean, rules))
            for c in m.choices
        ]  # fmt: skip
        assert rows[0][-1] == "the coach's card"
        for row, c in zip(rows[1:], m.choices[1:], strict=True):  # graded as in lesson 14
            assert row[-1] == lp.grade_cell(L, m, c.value)
            assert ("sets it clearly less often" in row[-1]) == c.value.reaches_less_often
            assert ("as good" in row[-1]) == (not c.value.clear_mistake)
        if m.left:
            assert re.search(rf"needs? {m.left} more to set the contract", text)
    for step in ex.steps:
        said = " ".join([step.text, *step.table_lines()])
        for n in step.numbers:
            assert str(n) in said, (n, said)
    assert ("is **set**" in ex.steps[-1].text) == (not hand.made)


@pytest.mark.unit
@pytest.mark.parametrize("rules", PARTNERS, ids=ids)
def test_the_guided_hand_asks_to_plan_and_comments_with_both_plans(rules: RuleSet) -> None:
    g = df.defence_guided_hand(rules)
    assert g.comment is not None and g.decisions
    turns = learner_turns(g)
    seed = lp.deal_of(L, rules, True)[0]
    for step, decision in g.decisions.items():
        view, played = turns[step]
        assert not view.trick
        assert decision.question.endswith(PLANS_ASKED[rules.partnerships])
        # every plan there can be, whichever are there
        assert not re.search(r"\d+[♠♥♦♣]|[AKQJ][♠♥♦♣]", decision.question)
        m = lp.plan_moment(L, view, seed)
        assert played is m.advice.card
        ok, text = g.comment(view, played, played)
        assert ok and text.startswith(f"{played.text} is the coach's card too:")
        other = m.choices[-1]
        if other.value.card is not played:
            ok, text = g.comment(view, other.value.card, played)
            assert ok and "you chose to " + lp.name_of(L, m, other.plan, other.value.card) in text
            assert text.endswith(f"In this hand {played.text} was played.")


def _shown_out(view: PlayerView, seat: int) -> set[Suit]:
    """The suits ``seat`` has shown to be out of: it played another suit on their lead."""
    return {
        t.cards[0].suit
        for t in view.tricks
        for c, s in zip(t.cards, t.seats, strict=True)
        if s == seat and c.suit is not t.cards[0].suit
    }


@pytest.mark.unit
@pytest.mark.parametrize("rules", PARTNERS, ids=ids)
def test_force_the_declarer_is_a_defender_s_lead_of_a_suit_the_declarer_showed_out_of(
    rules: RuleSet,
) -> None:
    """At every lead of hands played out by the computer players, the coach's principle
    'force the declarer' applies exactly to a defender's legal leads of a side suit the
    declarer has shown to be out of (by playing another suit on it), while the declarer
    may still hold trump; its card is one of them that counts least (the lesson: force
    with a card that counts nothing)."""
    seen = 0
    for seed in range(12):
        hand = Hand(seed % rules.players, rules, seed=seed)
        bot = HeuristicPlayer()
        while hand.phase is not Phase.DONE:
            seat = hand.to_act
            assert seat is not None
            if hand.phase is Phase.PLAY and not hand.trick and len(set(hand.legal_plays())) > 1:
                v = hand.view(seat)
                assert v.declarer is not None and v.trump is not None
                fits = {f.principle: f for f in principle_fits(v)}
                trump_left = Knowledge.from_view(v).may_hold(v.declarer) & SUIT_MASK[int(v.trump)]
                out = _shown_out(v, v.declarer) - {v.trump}
                expected = {c for c in v.legal if c.suit in out}
                defending = rules.side(seat) != rules.side(v.declarer)
                if defending and trump_left and expected:
                    fit = fits[PlayPrinciple.FORCE_DECLARER]
                    assert set(fit.cards) == expected
                    assert rules.counter_points[fit.pick.rank] == min(
                        rules.counter_points[c.rank] for c in expected
                    )
                    seen += 1
                else:
                    assert PlayPrinciple.FORCE_DECLARER not in fits
            hand.act(bot)
    assert seen, "no position to force the declarer in these hands"


def _seat_sides(round_: object) -> list[bool]:
    """For each play question of a round, whether the seat asked is on the declaring
    side, read from the dealt hand (who won the auction, who is to play)."""
    out = []
    for item in round_:  # type: ignore[attr-defined]
        h = play_position(item.deal_seed, item.dealer, item.cards_played, item.rule_set)
        assert h.declarer is not None and h.to_act is not None
        out.append(h.rules.side(h.to_act) == h.rules.side(h.declarer))
    return out


@pytest.mark.unit
def test_the_mastery_set_asks_only_a_defender_s_decisions() -> None:
    """The outline's ``role = "defender"`` keeps the declaring side's positions out of
    lesson 15's set; the same aims without it do ask them (keeping a guard and saving a
    counter come up on either side), so the filter is what keeps them out."""
    asked = [s for seed in range(4) for s in _seat_sides(plan_mastery_set(LESSON, seed))]
    assert asked and not any(asked)
    aims = [[c] for c in mastery_cases(LESSON) if c.value in ("play.keep_guard", "play.save_counter")]
    free = [
        s
        for seed in range(4)
        for s in _seat_sides(plan_aimed_round(aims * 3, seed, "classic", levels=(2,)))
    ]
    assert any(free)
