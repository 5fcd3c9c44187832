"""The glossary and "Rules at a glance": every term the issue names is defined, each
definition's numbers are the rule set's, and the pages are linked from every page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pinochle_tutor.course.glossary import glossary
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED, RuleSet
from pinochle_widgets.navigation import nav_links
from pinochle_widgets.reference import glossary_list, rules_summary

RULE_SETS = [CLASSIC, DOUBLE_DECK, THREE_HANDED]
LESSONS = Path(__file__).resolve().parent.parent / "lessons"


def test_the_terms_the_lessons_use_are_defined() -> None:
    words = {w for w, _ in glossary(CLASSIC)}
    assert "defender" in {w for w, _ in glossary(THREE_HANDED)}
    for term in ("dix", "run", "around", "set", "declarer", "kitty", "counters", "contract",
                 "trump", "meld save", "stuck dealer", "exchange", "over-trump", "lead"):  # fmt: skip
        assert term in words, term
    text = "\n".join(p.read_text() for p in LESSONS.glob("0*.ipynb")).lower()
    for w in words:  # every glossary term is one the lessons use
        assert w.split()[0].rstrip("s") in text, w


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.name)
def test_each_definition_takes_its_numbers_from_the_rule_set(rules: RuleSet) -> None:
    d = dict(glossary(rules))
    t = rules.meld_table
    assert str(t.run[0]) in d["run"] and str(t.royal_marriage) in d["royal marriage"]
    assert str(rules.total_trick_points) in d["counters"] and str(rules.last_trick_bonus) in d["counters"]
    assert str(rules.stuck_bid) in d["stuck dealer"]
    assert str(rules.opening_bid) in d["auction"] and str(rules.bid_increment) in d["auction"]
    assert str(rules.meld_save) in d["meld save"]
    assert ("no dix" in d["dix"]) is (not rules.has_nines)
    assert ("no kitty" in d["kitty"]) is (not rules.kitty_size)
    assert ("no exchange" in d["exchange"]) is (not rules.exchange_size or not rules.partnerships)
    defenders = d["defenders"] if rules.partnerships else d["defender"]
    assert ("side" in defenders) is rules.partnerships


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.name)
def test_rules_at_a_glance_states_the_rules_in_force(rules: RuleSet) -> None:
    html = rules_summary(rules).children[1].value
    assert f"open at {rules.opening_bid} or more" in html
    assert f"Game to {rules.target}" in html and f"stuck at {rules.stuck_bid}" in html
    assert ("dix" in html) is rules.has_nines
    assert "@media print" in html
    assert "<dl" in glossary_list(rules).children[1].value


def test_every_page_links_the_glossary_and_the_summary() -> None:
    for page in [p.name for p in LESSONS.glob("[0-9][0-9]_*.ipynb")]:
        refs = {href for href, _ in nav_links(page).reference}
        assert refs == {"10_glossary.ipynb", "11_rules_at_a_glance.ipynb"} - {page}, page
    practice = nav_links("practice/01_meld_level1.ipynb").reference
    assert {h for h, _ in practice} == {"../10_glossary.ipynb", "../11_rules_at_a_glance.ipynb"}
    nb = json.loads((LESSONS / "10_glossary.ipynb").read_text())
    assert any("glossary_list()" in "".join(c["source"]) for c in nb["cells"])
