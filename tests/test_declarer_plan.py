"""Lesson 14, "The declarer's plan": its worked deal says the coach's own numbers, the
very evaluation the game table's hint gives at the same lead; each plan is named as the
coach's principles read the position; every count (what the tricks must bring, the
trumps still out) is the engine's; and the guided hand asks you to plan without giving
the answer."""

from __future__ import annotations

import re

import pytest

from pinochle_tutor.cards import Card
from pinochle_tutor.coach.play_principles import principle_fits
from pinochle_tutor.coach.table import hint
from pinochle_tutor.course.content import OutlineError, read_sentences, text_file
from pinochle_tutor.course.worked import declarer_plan as dp
from pinochle_tutor.course.worked import lead_plans as lp
from pinochle_tutor.course.worked.guided import learner_turns
from pinochle_tutor.deal import make_deck
from pinochle_tutor.explain.coaching import PlayPrinciple
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED, RuleSet
from pinochle_tutor.scoring import minimum_tricks

PRESETS = [CLASSIC, DOUBLE_DECK, THREE_HANDED]
L = dp.DECLARER_PLAN
ids = [r.name for r in PRESETS]


@pytest.mark.unit
@pytest.mark.parametrize("rules", PRESETS, ids=ids)
def test_each_presets_deals_are_yours_and_show_draw_trump_or_not(rules: RuleSet) -> None:
    for guided in (False, True):
        hand, moments = lp.played(L, rules, guided)
        assert hand.declarer == 0 and len(hand.tricks) == rules.hand_size
        assert dp.illustrates(hand, moments)
    assert lp.deal_of(L, rules, False) != lp.deal_of(L, rules, True)


@pytest.mark.unit
@pytest.mark.parametrize("rules", PRESETS, ids=ids)
def test_each_lead_is_valued_as_the_game_tables_hint_values_it(rules: RuleSet) -> None:
    seed, _dealer = lp.deal_of(L, rules, False)
    _hand, moments = lp.played(L, rules, False)
    for m in moments[:3]:
        h = hint(m.view, seed=seed, hand_number=1, can_concede=False)
        assert h.advice is not None
        assert h.advice.card is m.advice.card
        assert h.advice.alternatives == m.advice.alternatives


def _plan(fits: dict[PlayPrinciple, set[Card]], card: Card) -> lp.Plan:
    """A lead's plan read from the coach's principles, as the test reads it."""
    if card in fits.get(PlayPrinciple.DRAW_TRUMP, set()):
        return lp.Plan.DRAW
    if card in fits.get(PlayPrinciple.CASH_SURE_WINNER, set()):
        return lp.Plan.CASH
    return lp.Plan.OTHER


@pytest.mark.unit
@pytest.mark.parametrize("rules", PRESETS, ids=ids)
def test_each_plan_is_named_by_the_coachs_principles_and_its_best_card(rules: RuleSet) -> None:
    _hand, moments = lp.played(L, rules, False)
    for m in moments:
        v = m.view
        fits = {f.principle: set(f.cards) for f in principle_fits(v)}
        seen = {c.plan for c in m.choices}
        assert len(seen) == len(m.choices)
        for c in m.choices:
            card = c.value.card
            if c.plan is lp.Plan.DRAW:
                assert card.suit is v.trump and card in fits[PlayPrinciple.DRAW_TRUMP]
            elif c.plan is lp.Plan.CASH:
                assert card in fits[PlayPrinciple.CASH_SURE_WINNER]
                assert card not in fits.get(PlayPrinciple.DRAW_TRUMP, set())
            else:
                assert not any(card in fits.get(p, set()) for p in
                               (PlayPrinciple.DRAW_TRUMP, PlayPrinciple.CASH_SURE_WINNER))
            # the plan's best card: no card of the same plan has a higher mean
            same = [a for a in m.advice.alternatives if _plan(fits, a.card) is c.plan]
            assert max(a.mean for a in same) == c.value.mean
        assert m.choices[0].value.card is m.advice.card


@pytest.mark.unit
@pytest.mark.parametrize("rules", PRESETS, ids=ids)
def test_the_counts_are_the_engines(rules: RuleSet) -> None:
    """What the tricks must still bring, and the trumps still out, counted by hand from
    the seat's view: every trump not in the hand, not played (nor in your discard)."""
    _hand, moments = lp.played(L, rules, False)
    for m in moments:
        v = m.view
        assert v.contract is not None and v.declarer == 0 and v.melds is not None
        meld = sum(x.total for s, x in enumerate(v.melds) if rules.side(s) == rules.side(0))
        need = minimum_tricks(v.contract, meld, rules)
        assert need is not None
        assert m.left == max(0, need - m.taken)
        played = [c for t in v.tricks for c in t.cards]
        gone = [*v.hand, *played, *(v.given if rules.has_kitty else ())]
        total = rules.copies * len(rules.ranks)
        assert m.out == total - sum(1 for c in gone if c.suit is v.trump)
        assert m.held == sum(1 for c in v.hand if c.suit is v.trump)


@pytest.mark.unit
@pytest.mark.parametrize("rules", PRESETS, ids=ids)
def test_the_worked_deal_says_the_coachs_numbers_and_the_coachs_card(rules: RuleSet) -> None:
    ex = dp.declarer_plan_example(rules)
    _hand, moments = lp.played(L, rules, False)
    told = [m for m in moments if m.trick_number == 1 or lp.telling(m)]
    assert told and told[0].trick_number == 1
    tricks = {s.numbers[0]: s.text for s in ex.steps if s.trick}
    positions = {s.numbers[0]: s for s in ex.steps if not s.trick and "your lead" in s.text}
    assert set(positions) == {m.trick_number for m in told}
    for m in told:
        position, verdict = positions[m.trick_number].text, tricks[m.trick_number]
        assert f"**Trick {m.trick_number}, your lead.**" in position
        head, *rows = positions[m.trick_number].table
        assert head[:3] == ("Plan", "Best lead", "Trick points (average)")
        assert [r[:3] for r in rows] == [
            (lp.name_of(L, m, c.plan, c.value.card), c.value.card.text,
             lp.amount(c.value.mean, rules))
            for c in m.choices
        ]  # fmt: skip
        reach = [c.value.reach for c in m.choices]
        if all(r is not None for r in reach):  # the contract still open: how often it is made
            n = m.advice.samples
            everywhere = all(round((r or 0.0) * n) == n for r in reach)
            assert ("Every lead below makes the contract" in position) == everywhere
            assert len(head) == (4 if everywhere else 5), head
        else:
            assert len(head) == 4 and "Every lead below" not in position
        best = m.choices[0]
        assert verdict.startswith(f"The coach leads **{m.advice.card.text}**: "
                                  f"{lp.name_of(L, m, best.plan, best.value.card)}.")  # fmt: skip
        assert "Leading " not in verdict  # each other plan's grade is in the table, once
        assert head[-1] == "Against the coach's card"
        assert rows[0][-1] == "the coach's card"
        for row, c in zip(rows[1:], m.choices[1:], strict=True):
            # The loss as the difference of the figures the page shows.
            shown = float(lp.amount(best.value.mean, rules)) - float(lp.amount(c.value.mean, rules))
            if c.value.reaches_less_often:
                tail = ", and makes it clearly less often: a clear mistake"
            elif not c.value.clear_mistake:
                tail = ": as good (within the margin)"
            elif c.value.loss < rules.counter:
                tail = ": a small loss"
            else:
                tail = ": a clear mistake"
            said = lp.amount(shown, rules)
            if tail == ": a small loss" and float(said) >= rules.counter:
                said = f"{c.value.loss:.2f}"  # rounded across the boundary: two places
                assert float(said) < rules.counter
            assert row[-1] == f"{said} less{tail}", row
    for step in ex.steps:
        said = " ".join([step.text, *step.table_lines()])
        for n in step.numbers:
            assert str(n) in said, (n, said)


@pytest.mark.unit
@pytest.mark.parametrize("rules", PRESETS, ids=ids)
def test_the_worked_deal_plays_the_coachs_lead_and_tells_the_last_trick(rules: RuleSet) -> None:
    hand, moments = lp.played(L, rules, False)
    for m in moments:
        assert hand.tricks[m.trick_number - 1].cards[0] is m.advice.card
    ex = dp.declarer_plan_example(rules)
    last = [s for s in ex.steps if s.trick][-1]
    assert "The last trick" in last.text and f"bonus of {rules.last_trick_bonus}" in last.text
    ours = rules.side(hand.tricks[-1].winner) == rules.side(0)
    assert ("your side holds the last winner" in last.text or "you hold the last winner" in last.text) == ours
    result = ex.steps[-1].text
    assert ("is made" in result) == hand.made


@pytest.mark.unit
def test_without_a_last_trick_bonus_the_deal_says_so() -> None:
    rules = CLASSIC.with_settings(last_trick_bonus=0)
    ex = dp.declarer_plan_example(rules)
    last = [s for s in ex.steps if s.trick][-1]
    assert "no bonus for the last trick" in last.text and "bonus of" not in last.text


@pytest.mark.unit
@pytest.mark.parametrize("rules", PRESETS, ids=ids)
def test_the_guided_hand_asks_you_to_plan_and_never_names_the_card(rules: RuleSet) -> None:
    g = dp.plan_guided_hand(rules)
    turns = learner_turns(g)
    _hand, moments = lp.played(L, rules, True)
    by_trick = {m.trick_number: m for m in moments}
    assert 1 <= len(g.decisions) <= lp.GUIDED_DECISIONS
    for step, decision in g.decisions.items():
        assert step in turns
        view, played = turns[step]
        assert not view.trick  # your lead
        m = by_trick[g.example.steps[step].numbers[0]]
        assert played is m.advice.card
        assert "Which plan:" in decision.question
        assert not re.search(r"\d+[♠♥♦♣]|[AKQJ][♠♥♦♣]", decision.question)
        assert f"trumps still out: {m.out} (you hold {m.held})" in decision.question


@pytest.mark.unit
def test_the_words_file_refuses_a_sentence_or_a_number_it_does_not_know() -> None:
    good = text_file(dp.WORDS_FILE)
    read_sentences(dp.WORDS_FILE, good, dp.STEP_FIELDS)
    with pytest.raises(OutlineError, match=r"\[coach\]: \{loss\} is not a value it can say"):
        read_sentences(dp.WORDS_FILE, good.replace("leads **{card}**", "leads {loss}"), dp.STEP_FIELDS)
    with pytest.raises(OutlineError, match="does not write name_other"):
        fields = {**dp.STEP_FIELDS, "name_else": ()}
        read_sentences(dp.WORDS_FILE, good.replace("[name_other]", "[name_else]"), fields)


@pytest.mark.unit
@pytest.mark.parametrize("rules", PRESETS, ids=ids)
def test_the_guided_comment_names_both_plans_with_the_hints_numbers(rules: RuleSet) -> None:
    g = dp.plan_guided_hand(rules)
    assert g.comment is not None
    turns = learner_turns(g)
    seed = lp.deal_of(L, rules, True)[0]
    step = min(g.decisions)
    view, played = turns[step]
    m = lp.plan_moment(L, view, seed)
    h = hint(view, seed=seed, hand_number=1, can_concede=False)
    assert h.advice is not None and h.advice.card is m.advice.card is played
    ok, text = g.comment(view, played, played)
    assert ok and text.startswith(f"{played.text} is the coach's card too:")
    assert "was played" not in text
    other = next(c for c in m.choices[1:])
    ok, text = g.comment(view, other.value.card, played)
    mine = lp.name_of(L, m, other.plan, other.value.card)
    assert ok and f"{other.value.card.text}: you chose to {mine}." in text
    assert f"gives away about {lp.amount(other.value.loss, rules)}" in text
    assert text.endswith(f"In this hand {played.text} was played.")
    # a card you follow with: the hint's card, through the shared comment
    follow = next((k for k, (v, _c) in turns.items() if v.trick and len(set(v.legal)) > 1), None)
    if follow is not None:
        v, c = turns[follow]
        ok, text = g.comment(v, c, c)
        assert ok and "coach" in text
    not_held = next(c for c in make_deck(rules) if c not in view.hand)
    ok, text = g.comment(view, not_held, played)
    assert not ok and text


@pytest.mark.unit
def test_whole_points_in_a_big_deck_tenths_in_the_double_deck() -> None:
    assert lp.amount(154.84, CLASSIC) == "155" and lp.amount(36.66, DOUBLE_DECK) == "36.7"
