"""Every rule-case statement (``QuizRule.statement``) under the presets, the house rule
the other goldens use (``tests/test_prose.py``: classic with other numbers) and the house
rules that reach each of its other wordings (one copy of each card, three copies, meld
kept without trick points, counters of several values, every card counting, a kitty
beside an exchange, no exchange), compared with ``tests/golden/statements.txt``.

The statements are data (``pinochle_tutor/course/text/statements.toml``): this file
keeps a move of their words, or of the numbers filled into them, from changing a
sentence unseen. After an intended change of words::

    UPDATE_GOLDEN=1 python3 -m pytest tests/test_golden_statements.py
"""

from __future__ import annotations

from pathlib import Path

from pinochle_tutor.course.quiz.vocabulary import QuizRule
from pinochle_tutor.rules import CLASSIC, PRESETS, THREE_HANDED, RuleSet
from tests.golden_file import assert_golden

GOLDEN = Path(__file__).parent / "golden" / "statements.txt"

HOUSE = CLASSIC.with_settings(
    target=1000, opening_bid=300, meld_save=20, meld_table={"royal_marriage": 50}
)
"""The house rule of tests/test_prose.py and tests/test_page_words.py."""

BRANCHES: dict[str, RuleSet] = {
    "one_copy": CLASSIC.with_settings(copies=1, hand_size=6),
    "three_copies": CLASSIC.with_settings(
        copies=3,
        hand_size=18,
        meld_table={
            "run": [150, 1500, 2250],
            "aces_around": [100, 1000, 1500],
            "kings_around": [80, 800, 1200],
            "queens_around": [60, 600, 900],
            "jacks_around": [40, 400, 600],
            "pinochle": [40, 300, 450],
        },
    ),
    "no_meld_save": CLASSIC.with_settings(meld_save=0),
    "alone_no_meld_save": THREE_HANDED.with_settings(meld_save=0),
    "counters_mixed": CLASSIC.with_settings(
        counter_points=[0, 2, 3, 4, 10, 11], last_trick_bonus=0
    ),
    "counters_every": CLASSIC.with_settings(counter_points=[1, 1, 2, 2, 10, 10], meld_save=1),
    "kitty_and_exchange": CLASSIC.with_settings(hand_size=11, kitty_size=4),
    "kitty_no_exchange": CLASSIC.with_settings(hand_size=11, kitty_size=4, exchange_size=0),
    "no_exchange": CLASSIC.with_settings(exchange_size=0),
}
"""House rules that reach the wordings no preset does: each statement's every
sentence is said under one of these or a preset."""

RULE_SETS: dict[str, RuleSet] = {**PRESETS, "house": HOUSE, **BRANCHES}


def render() -> str:
    """Each rule set's statements, one a line, in the order of :class:`QuizRule`."""
    out = []
    for name, rules in RULE_SETS.items():
        out.append(f"== {name}")
        out.extend(f"{case.value}: {case.statement(rules)}" for case in QuizRule)
    return "\n".join(out) + "\n"


def test_every_statement_says_what_the_golden_file_says() -> None:
    assert_golden(render(), GOLDEN, "a statement")


def test_each_rule_set_has_its_own_wording_somewhere() -> None:
    """Every house rule above reaches a sentence the classic rules do not say (else it
    pins nothing), and the statements are one line each (one line a statement above)."""
    classic = {case: case.statement(CLASSIC) for case in QuizRule}
    for name, rules in BRANCHES.items():
        said = {case: case.statement(rules) for case in QuizRule}
        assert said != classic, name
        assert all("\n" not in s for s in said.values()), name
