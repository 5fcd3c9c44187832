"""The glossary and "Rules at a glance": every term the issue names is defined, each
definition's numbers are the rule set's, and the pages are linked from every page."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from pinochle_tutor.course.glossary import glossary
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED, RuleSet
from pinochle_widgets.navigation import nav_links
from pinochle_widgets.reference import glossary_list, rules_summary
from tests.course_text import notebook_text

RULE_SETS = [CLASSIC, DOUBLE_DECK, THREE_HANDED]
LESSONS = Path(__file__).resolve().parent.parent / "lessons"


def test_the_terms_the_lessons_use_are_defined() -> None:
    words = {w for w, _ in glossary(CLASSIC)}
    assert "defender" in {w for w, _ in glossary(THREE_HANDED)}
    for term in ("dix", "run", "around", "set", "declarer", "kitty", "counters", "contract",
                 "trump", "meld save", "stuck dealer", "exchange", "over-trump", "lead"):  # fmt: skip
        assert term in words, term
    text = "\n".join(notebook_text(p) for p in LESSONS.glob("[01]*.ipynb")).lower()
    for w in words:  # every glossary term is one a lesson (its cells or prose) uses
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


HOUSE = CLASSIC.with_settings(bid_increment=5)
ALL_SETS = [*RULE_SETS, HOUSE]


def _summary_text(rules: RuleSet) -> str:
    """The summary's words, without its styles and tags (entities decoded)."""
    body = rules_summary(rules).children[1].value.split("</style>", 1)[1]
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))


@pytest.mark.parametrize("rules", ALL_SETS, ids=lambda r: f"{r.name}-{r.bid_increment}")
def test_double_replaces_the_smaller_melds(rules: RuleSet) -> None:
    """Review 29, 15: 'double aces around is 1000, not 1100' (the double against the double
    plus the single), and a triple or quadruple, where the deck has one, replaces the
    smaller melds in the same way and has an entry of its own."""
    d = dict(glossary(rules))
    single, double = rules.meld_table.aces_around[:2]
    assert f"is {double}, not {double} + {single} = {double + single}" in d["double"]
    assert ("triple or quadruple" in d["double"]) is (rules.copies == 4)
    for n, word in ((3, "triple"), (4, "quadruple")):
        assert (word in d) is (rules.copies >= n), word
        if word in d:
            assert f"{word} aces around is {rules.meld_table.aces_around[n - 1]}" in d[word]
    text = _summary_text(rules)
    assert f"(double aces around {double}, not {double + single})" in text
    four = "a double, triple or quadruple replaces the smaller ones"
    assert (four in text) is (rules.copies == 4)


@pytest.mark.parametrize("rules", ALL_SETS, ids=lambda r: f"{r.name}-{r.bid_increment}")
def test_bids_go_in_multiples_of_the_increment(rules: RuleSet) -> None:
    """Review 29, 16: a bid that is not a multiple of the increment is not legal, so the
    glossary and the summary say 'in multiples of' it (not when bids go up by ones)."""
    inc = rules.bid_increment
    said = f"multiples of {inc}"
    assert (said in dict(glossary(rules))["auction"]) is (inc > 1)
    assert (said in _summary_text(rules)) is (inc > 1)
    assert f"raise by at least {inc}" in _summary_text(rules)


def test_a_house_rule_s_numbers_are_its_own() -> None:
    """No number is the classic one when a house rule changes it."""
    house = CLASSIC.with_settings(
        bid_increment=5, opening_bid=255, stuck_bid=255, meld_table={"aces_around": [110, 1200]}
    )
    d = dict(glossary(house))
    assert "multiples of 5" in d["auction"] and "at least 255" in d["auction"]
    assert "is 1200, not 1200 + 110 = 1310" in d["double"] and "1100" not in d["double"]
    text = _summary_text(house)
    assert "open at 255 or more, raise by at least 5, in multiples of 5" in text
    assert "(double aces around 1200, not 1310)" in text and "1100" not in text


@pytest.mark.parametrize("rules", ALL_SETS, ids=lambda r: f"{r.name}-{r.bid_increment}")
def test_the_glossary_reads_right_without_partners(rules: RuleSet) -> None:
    """Review 29, 17: a singular term gets a singular definition, a player is 'they', 'the
    previous trick' (not 'the last one', a scoring term), and the meld is shown after the
    exchange or the kitty of these rules, never both in a rule set that has only one."""
    d = dict(glossary(rules))
    if rules.partnerships:
        assert "A side keeps its meld only if it takes" in d["meld save"]
    else:
        assert d["defender"].startswith("Either player other than the declarer")
        assert "each defender scores alone" in d["defender"]
        assert "A player keeps their meld only if they take" in d["meld save"]
    assert "whoever won the previous trick" in d["lead"] and "last one" not in d["lead"]
    assert ("exchange" in d["meld"]) is bool(rules.exchange_size and rules.partnerships)
    assert ("kitty" in d["meld"]) is rules.has_kitty


@pytest.mark.parametrize("rules", ALL_SETS, ids=lambda r: f"{r.name}-{r.bid_increment}")
def test_the_terms_the_lessons_use_are_there_in_every_version(rules: RuleSet) -> None:
    """Review 29, 18: conceding (lesson 6), discard (lessons 3 and 5), the last trick and,
    in the double deck, triple and quadruple (lesson 4) are defined, from the rule set."""
    d = dict(glossary(rules))
    for term in ("conceding", "discard", "last trick"):
        assert term in d, term
    assert f"{rules.last_trick_bonus} trick point" in d["last trick"]
    assert ("kitty" in d["discard"]) is rules.has_kitty
    assert ("bidders" in d["conceding"]) is rules.partnerships
    text = "\n".join(notebook_text(p) for p in LESSONS.glob("[01]*.ipynb")).lower()
    for w in d:
        assert w.split()[0].rstrip("s") in text, w


def test_conceding_says_what_lesson_6_says() -> None:
    """The rules of record give the concession for the classic game only; lesson 6 says the
    course plays it in every version, and the glossary and the summary say the same."""
    lesson = " ".join(notebook_text(LESSONS / "06_scoring.ipynb").split())
    assert "The rules of record give this for the classic game" in lesson
    assert "this course plays it in every version" in lesson
    for rules in RULE_SETS:
        said = dict(glossary(rules))["conceding"]
        assert "classic game only" in said and "this course plays it in every version" in said
        text = _summary_text(rules)
        assert "The declarer may concede before trick play" in text
        assert "classic only; this course plays it in every version" in text


@pytest.mark.parametrize("rules", ALL_SETS, ids=lambda r: f"{r.name}-{r.bid_increment}")
def test_rules_at_a_glance_has_every_rule_of_record(rules: RuleSet) -> None:
    """Review 29, 12, 19 and 20: the rank order (no 9s in the double deck), the copies of
    each card, the first lead, the deal passing to the left, the kitty in the order it is
    played, two sides 'both', and labels that say what they count."""
    text = _summary_text(rules)
    ranks = " ".join(r.symbol for r in sorted(rules.ranks, reverse=True))
    assert f"ranked high to low {ranks} (a 10 beats a K" in text
    assert ("no 9s" in text) is (not rules.has_nines)
    assert f"{rules.deck_size} cards: {rules.copies} copies of each card" in text
    assert "The declarer leads the first trick." in text
    assert "the deal passes to the left" in text
    assert ("If both sides reach it" in text) is rules.partnerships
    assert "Each:" not in text
    assert f"Royal marriage (K Q of trump) {rules.meld_table.royal_marriage} each" in text
    if rules.has_kitty:
        k = rules.kitty_size
        kitty = (
            f"The declarer turns the {k}-card kitty face up, takes it, discards {k} face down "
            "(the discards' points count as the declarer's trick points) and names trump."
        )
        assert kitty in text
        assert "with no trick points at all the declarer is set" in text
    else:
        assert "kitty" not in text


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.name)
def test_rules_at_a_glance_stays_one_page(rules: RuleSet) -> None:
    """The printed page is checked in a browser (test_browser_problems); this keeps the
    words within what fits: about one line per rule, no more than 2,200 characters beside
    the meld table (about 2,000 when this test was written)."""
    body = rules_summary(rules).children[1].value.split("</style>", 1)[1]
    words = re.sub(r"<table>.*?</table>", "", body)
    assert len(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", words))) <= 2200
    assert body.count("<li>") <= 16
