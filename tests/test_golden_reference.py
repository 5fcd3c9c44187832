"""The "Rules at a glance" page (``pinochle_widgets.reference.rules_summary``, lesson
11) under the presets, the house rules of ``tests/test_golden_statements.py`` (which
reach the wordings no preset does) and two more that only the page reads differently
(bids in steps of 5, a dix worth nothing), compared with ``tests/golden/reference.txt``.

``tests/golden/page_words.txt`` holds lesson 11's Markdown but not the page the widget
draws, so this file keeps a move of the page's words (or of the numbers filled into
them, or of the HTML laid around them) from changing it unseen. The page is pinned as
drawn, tags and all, one block a line. After an intended change::

    UPDATE_GOLDEN=1 python3 -m pytest tests/test_golden_reference.py
"""

from __future__ import annotations

import re
from pathlib import Path

from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_widgets.reference import PRINT_CSS, rules_summary
from tests.golden_file import assert_golden
from tests.test_golden_statements import RULE_SETS as STATEMENT_RULE_SETS

GOLDEN = Path(__file__).parent / "golden" / "reference.txt"

PAGE_BRANCHES: dict[str, RuleSet] = {
    "bid_steps_of_5": CLASSIC.with_settings(bid_increment=5),
    "no_dix_points": CLASSIC.with_settings(meld_table={"dix": 0}),
}
"""House rules the page reads differently and the statements' goldens do not reach."""

RULE_SETS: dict[str, RuleSet] = {**STATEMENT_RULE_SETS, **PAGE_BRANCHES}

_BLOCK = re.compile(r"(?=<(?:/?(?:div|ul|ol|table)|h3|p|li|tr)\b)")
"""Where a line starts in the rendering: before each block of the page."""


def page(rules: RuleSet) -> str:
    """The page's HTML after its styles, one block a line."""
    html = rules_summary(rules).children[1].value
    assert html.startswith(PRINT_CSS)
    return _BLOCK.sub("\n", html.removeprefix(PRINT_CSS)).strip("\n")


def render() -> str:
    """Each rule set's page, in the order of :data:`RULE_SETS`."""
    return "".join(f"== {name}\n{page(rules)}\n" for name, rules in RULE_SETS.items())


def test_the_reference_page_says_what_the_golden_file_says() -> None:
    assert_golden(render(), GOLDEN, "the reference page")


def test_each_page_branch_has_its_own_wording() -> None:
    """The two rule sets added here each draw a page the classic rules do not (else they
    pin nothing)."""
    classic = page(CLASSIC)
    for name, rules in PAGE_BRANCHES.items():
        assert page(rules) != classic, name
