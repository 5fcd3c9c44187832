"""Lesson 14's "Concede or play on?": the coach's numbers, said as the game table's hint
would weigh them, under every rule set."""

from __future__ import annotations

import pytest

from pinochle_tutor.coach.concession import advise_concession
from pinochle_tutor.coach.table import hint
from pinochle_tutor.course.content import OutlineError, read_sentences, text_file
from pinochle_tutor.course.worked import concede as cd
from pinochle_tutor.rules import PRESETS, RuleSet
from pinochle_tutor.scoring import minimum_tricks
from pinochle_tutor.sim.stats import decision_seed

RULE_SETS = [*PRESETS.values(), PRESETS["classic"].with_settings(bid_increment=5)]


def ids(r: RuleSet) -> str:
    return r.name if r in PRESETS.values() else f"{r.name}-house"


@pytest.mark.unit
@pytest.mark.parametrize("rules", RULE_SETS, ids=ids)
def test_the_table_is_the_coachs_evaluation_and_the_verdict_its_advice(rules: RuleSet) -> None:
    hand, advice = cd.concede_hand(rules)
    seed, _dealer = cd.concede_deal(rules)
    view = hand.view(0)
    assert view.declarer == 0 and not view.tricks and not view.trick  # the first lead
    again = advise_concession(view, seed=decision_seed(seed, 1, 0))
    assert again == advice  # the hint's seed: the same deals, the same numbers
    e = advice.evaluation
    ex = cd.concede_example(rules)
    first, second = ex.steps
    assert f"You won the auction at **{view.contract}**" in first.text
    assert ("you are stuck" in first.text) == hand.auction.stuck
    assert set(first.cards) == set(view.hand)
    assert view.melds is not None
    meld = sum(m.total for s, m in enumerate(view.melds) if rules.side(s) == rules.side(0))
    need = minimum_tricks(view.contract or 0, meld, rules)
    assert f"**{meld}** meld" in first.text
    assert need is None or f"at least **{need}** of the {rules.total_trick_points}" in first.text
    made = round(e.make_chance * e.samples)
    assert f"contract of {e.contract} on {made} of the coach's {e.samples} deals" in second.text
    head, play, concede = second.table
    assert len(head) == 4 and play[0] == "Play on" and concede[0] == "Concede"
    shown = [[float(x) for x in row[1:]] for row in (play, concede)]
    assert shown[0][0] == pytest.approx(e.play_bidders, abs=0.51)
    assert shown[0][1] == pytest.approx(e.play_defenders, abs=0.51)
    assert shown[1][0] == e.concede_bidders == -e.contract  # the bid, lost
    assert shown[1][1] == pytest.approx(e.concede_defenders, abs=0.51)
    for us, them, between in shown:  # the last column is the first two's difference
        assert between == pytest.approx(us - them, abs=0.01)
    gain = abs(shown[0][2] - shown[1][2])
    said = str(round(gain)) if rules.total_trick_points >= 100 else f"{gain:.1f}"
    if advice.concede:
        assert "The coach: **concede**" in second.text and shown[1][2] > shown[0][2]
    elif advice.clear:
        assert "The coach: **play on**" in second.text and shown[0][2] > shown[1][2]
    else:
        assert "within the coach's margin of error" in second.text
    assert f"about {said} better off" in second.text or f"differ by about {said}" in second.text
    for step in ex.steps:
        text = " ".join([step.text, *step.table_lines()])
        for n in step.numbers:
            assert str(n) in text, (n, text)


@pytest.mark.unit
@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=ids)
def test_each_presets_deal_is_one_the_coach_concedes_at_the_game_table(rules: RuleSet) -> None:
    """The pinned deal shows what the section teaches: the game table's Hint, at that
    first lead, says to concede, with the same numbers."""
    hand, advice = cd.concede_hand(rules)
    seed, _dealer = cd.concede_deal(rules)
    assert advice.concede
    h = hint(hand.view(0), seed=seed, hand_number=1, can_concede=True)
    assert h.concede and h.reason == advice.reason


@pytest.mark.unit
def test_a_rule_set_that_is_no_preset_searches_a_deal_you_declare() -> None:
    rules = PRESETS["classic"].with_settings(bid_increment=5)
    seed, dealer = cd.concede_deal(rules)
    hand = cd._at_first_lead(rules, seed, dealer)
    assert hand is not None and hand.declarer == 0


@pytest.mark.unit
def test_the_words_file_refuses_a_sentence_or_a_number_it_does_not_know() -> None:
    good = text_file(cd.WORDS_FILE)
    assert set(read_sentences(cd.WORDS_FILE, good, cd.STEP_FIELDS)) == set(cd.STEP_FIELDS)
    with pytest.raises(OutlineError, match=r"\{seed\} is not a value it can say"):
        read_sentences(cd.WORDS_FILE, good.replace("{gain}", "{seed}", 1), cd.STEP_FIELDS)
    with pytest.raises(OutlineError, match="'hunch' is not a sentence"):
        read_sentences(cd.WORDS_FILE, good + '\n[hunch]\ntext = "x"\n', cd.STEP_FIELDS)
