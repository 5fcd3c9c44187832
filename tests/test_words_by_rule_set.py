"""Issue 30's words that were untrue three-handed: the course outline's summaries
follow the rule set in force (no exchange to pass in, no partner to feed, three-handed),
the game's end is a player's, not a side's, without partnerships, and a score hint
names the declarer, not a declaring side, when the declarer plays alone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pinochle_tutor.course.quiz import QuizKind, QuizRule, generate, hint
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, PRESETS, THREE_HANDED, RuleSet
from pinochle_widgets.lesson import COURSE, course_outline


def outline_summaries(rules: RuleSet, tmp_path: Path) -> dict[str, str]:
    """Each lesson's summary as the outline shows it under ``rules``."""
    html = course_outline(practice=[], progress=tmp_path / "p.sqlite", rules=rules).value
    found = re.findall(r'href="([^"]+)">[^<]*</a> &mdash; ([^<]*)', html)
    return {href: text.strip() for href, text in found}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_outline_says_what_each_lesson_teaches_under_the_rules_in_force(
    name: str, tmp_path: Path
) -> None:
    rules = PRESETS[name]
    said = outline_summaries(rules, tmp_path)
    assert set(said) == {e.file for e in COURSE}
    trump, strategy = said["03_trump_and_exchange.ipynb"], said["07_strategy.ipynb"]
    if rules.partnerships:
        assert "feed your partner" in strategy
    else:
        assert "partner" not in " ".join(said.values())
    if rules.exchange_size:
        assert "what to pass" in trump and "kitty" not in trump
    else:
        assert "pass" not in trump
    if rules.has_kitty:
        assert "kitty" in trump and "discard" in trump


def test_a_summary_with_no_variant_is_the_same_under_every_rule_set(tmp_path: Path) -> None:
    classic, three = outline_summaries(CLASSIC, tmp_path), outline_summaries(THREE_HANDED, tmp_path)
    assert classic["04_meld.ipynb"] == three["04_meld.ipynb"]
    assert classic["07_strategy.ipynb"] != three["07_strategy.ipynb"]


@pytest.mark.parametrize(
    ("rules", "who"), [(CLASSIC, "side"), (DOUBLE_DECK, "side"), (THREE_HANDED, "player")]
)
def test_the_first_to_reach_the_target_is_a_player_three_handed(rules: RuleSet, who: str) -> None:
    said = QuizRule.GAME_REACHED.statement(rules)
    assert said == f"The first {who} to reach {rules.target} wins the game."


@pytest.mark.parametrize("rules", [CLASSIC, DOUBLE_DECK, THREE_HANDED])
def test_a_score_hint_names_the_declarer_when_there_is_no_side(rules: RuleSet) -> None:
    for seed in range(4):
        text = hint(generate(QuizKind.SCORE, seed, level=2, rules=rules))
        assert text.startswith("First decide whether the contract was made")
        if rules.partnerships:
            assert "the declaring side's meld" in text
        else:
            assert "side" not in text.split("?")[0] and "the declarer's meld" in text
