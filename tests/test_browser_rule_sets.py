"""Every lesson and practice page under every rule set, in a real browser.

For each of ``classic``, ``double_deck``, ``three_handed`` and one overridden house
rule, the site is served with that house rules file (``PINOCHLE_TUTOR_RULES``) and
every page is opened in Debian's Chromium: no error may be shown, and the numbers
and words the page states must be those of the rules in force (opening bid, hand
size, copies, target, trick points, the meld save; no card the deck lacks; no
partnership words where everyone plays alone). Page-ready times per rule set are
printed by ``benchmarks/bench_pages.py --rules ...`` (tests never assert times).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from pinochle_tutor.course.house_rules import load_house_rules
from pinochle_tutor.course.lesson_facts import lesson_values
from pinochle_tutor.rules import RuleSet
from tests.voila_site import CHROMIUM, REPO, voila_server

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed"
)

ARTIFACTS = REPO / "test-artifacts"
TIMEOUT = 120_000

HOUSE_FILES = {
    "classic": 'preset = "classic"\n',
    "double_deck": 'preset = "double_deck"\n',
    "three_handed": 'preset = "three_handed"\n',
    "house": (
        'preset = "classic"\n[settings]\ntarget = 1000\nopening_bid = 300\nmeld_save = 20\n'
        "[settings.meld_table]\nroyal_marriage = 50\n"
    ),
}
LESSONS = sorted(p.name for p in (REPO / "lessons").glob("[0-9][0-9]_*.ipynb"))
PRACTICE = sorted(p.name for p in (REPO / "exercises").glob("[0-9][0-9]_*.ipynb"))
PAGES = [*LESSONS, *(f"practice/{p}" for p in PRACTICE)]

VARIANT_PAGES = {"08_other_versions.ipynb", "17_double_deck_mixed.ipynb", "18_three_handed_mixed.ipynb"}
"""Pages that show the other versions on purpose, whatever the house rules."""
INTRO_PAGES = {"00_welcome.ipynb"}
"""The welcome page describes the four-handed game before the rules in force."""

PARTNERSHIP_WORDS = re.compile(
    r"\b(partner|partners|partnership|bidders|defenders|your side|each side|sides|teams?)\b",
    re.IGNORECASE,
)

# Phrases each lesson states, filled from the rules in force: (page, template, when).
STATEMENTS: list[tuple[str, str, str]] = [
    ("00_welcome.ipynb", "Rules in force: {name}", "always"),
    ("01_the_deck.ipynb", "It has {deck_size} cards: {copies} copies of each card", "always"),
    ("01_the_deck.ipynb", "every hand has {total_trick_points} trick points to win", "always"),
    ("01_the_deck.ipynb", "Every card appears {appears}", "always"),
    ("01_the_deck.ipynb", "The ranks, from high to low, are {ranks_text}", "always"),
    ("02_deal_and_auction.ipynb", "{hand_size} each", "always"),
    ("02_deal_and_auction.ipynb", "The first bid must be at least {opening_bid}", "always"),
    ("02_deal_and_auction.ipynb", "contract at {stuck_bid}", "always"),
    ("03_trump_and_exchange.ipynb", "passes {exchange_size} cards face down", "partners"),
    ("03_trump_and_exchange.ipynb", "Both finish with {hand_size}", "partners"),
    ("03_trump_and_exchange.ipynb", "the {kitty_size}-card kitty", "alone"),
    ("04_meld.ipynb", "{run} + {royal_marriage} = {run_and_royal}", "always"),
    ("04_meld.ipynb", "Double aces around is {double_aces}, not {aces_plus}", "always"),
    ("06_scoring.ipynb", "There are {total_trick_points} trick points in all", "always"),
    ("06_scoring.ipynb", "at least {meld_save} {trick_points_word}", "always"),
    ("06_scoring.ipynb", "reaches {target}", "always"),
    ("06_scoring.ipynb", "bid {ex_bid} and show", "alone"),
    ("06_scoring.ipynb", "bids {ex_bid} and shows {ex_meld} meld", "partners"),
    ("06_scoring.ipynb", "you need {ex_needed} trick points", "always"),
]


@pytest.fixture(scope="module", params=sorted(HOUSE_FILES))
def served(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[
    tuple[str, str, RuleSet]
]:
    name = str(request.param)
    path = tmp_path_factory.mktemp(f"rules-{name}") / "house_rules.toml"
    path.write_text(HOUSE_FILES[name])
    house = load_house_rules(path)
    assert house.ok, house.problems
    with voila_server(env={"PINOCHLE_TUTOR_RULES": str(path)}) as base:
        yield name, base, house.rules


def render(browser: Browser, base: str, page_name: str) -> tuple[Page, str]:
    page = browser.new_page(viewport={"width": 1100, "height": 1300})
    page.set_default_timeout(TIMEOUT)
    try:
        page.goto(f"{base}/voila/render/{page_name}", wait_until="load")
        page.locator(".pt-widget").first.wait_for(state="visible")
    except PlaywrightTimeoutError:
        page.screenshot(path=str(ARTIFACTS / f"rules-timeout-{Path(page_name).stem}.png"))
        page.close()
        raise
    # Voila sends the whole page once every cell has run; give the widgets a moment to draw.
    page.wait_for_timeout(300)
    return page, page.inner_text("body")


def check_page(rules: RuleSet, page_name: str, page: Page, text: str) -> list[str]:
    problems: list[str] = []
    if page.locator(".voila-error").count():
        problems.append("shows a .voila-error")
    if "Traceback (most recent call last)" in page.content() or re.search(
        r"\b[A-Z][a-zA-Z]+Error: ", text
    ):
        problems.append("shows a Python error")
    base = page_name.removeprefix("practice/")
    if base in VARIANT_PAGES:
        return problems
    missing = sorted({r.symbol for r in rules.ranks} ^ {"A", "10", "K", "Q", "J", "9"})
    for symbol in missing:
        if re.search(rf"(?<![\d]){re.escape(symbol)}[♠♥♦♣]", text):
            problems.append(f"shows a {symbol} card, which the {rules.name} deck does not have")
    if not rules.partnerships and base not in INTRO_PAGES:
        for m in PARTNERSHIP_WORDS.finditer(text):
            context = text[max(0, m.start() - 40) : m.end() + 40].replace("\n", " ")
            problems.append(f"says {m.group(0)!r} with no partnerships: ...{context}...")
    values = lesson_values(rules)
    for page_of, template, when in STATEMENTS:
        applies = when == "always" or (when == "partners") == rules.partnerships
        if page_of != base or not applies:
            continue
        phrase = template.format(**values)
        if phrase not in text:
            problems.append(f"does not say {phrase!r}")
    if rules.copies != 2 and "appears twice" in text:
        problems.append("says every card appears twice")
    if rules.bid_increment == 1 and "multiples of 1" in text:
        problems.append("says 'multiples of 1'")
    return problems


def test_every_page_renders_right_under_the_rules_in_force(
    browser: Browser, served: tuple[str, str, RuleSet]
) -> None:
    name, base, rules = served
    ARTIFACTS.mkdir(exist_ok=True)
    found: dict[str, list[str]] = {}
    for page_name in PAGES:
        try:
            page, text = render(browser, base, page_name)
        except PlaywrightTimeoutError:
            found[page_name] = [f"no widget shown within {TIMEOUT // 1000} s"]
            continue
        try:
            problems = check_page(rules, page_name, page, text)
            if page_name in ("01_the_deck.ipynb", "06_scoring.ipynb"):
                stem = Path(page_name).stem
                page.screenshot(path=str(ARTIFACTS / f"rules-{name}-{stem}.png"), full_page=True)
            if problems:
                found[page_name] = problems
        finally:
            page.close()
    assert found == {}, f"under {name}:\n" + "\n".join(
        f"  {p}: {x}" for p, xs in found.items() for x in xs
    )


def test_the_lesson_worked_example_scores_under_the_rules_in_force(
    browser: Browser, served: tuple[str, str, RuleSet]
) -> None:
    """Lesson 6's first "Score it" works under every rule set (it once failed in the
    double deck: "trick points must be between 0 and 50, not 130")."""
    name, base, rules = served
    page, _ = render(browser, base, "06_scoring.ipynb")
    try:
        page.locator("button.widget-button", has_text="Score it").first.click()
        page.wait_for_timeout(500)
        text = page.inner_text("body")
        v = lesson_values(rules)
        assert re.search(rf"[-\u2212]{v['ex_bid']}\b", text), text[-1500:]
        assert check_page(rules, "06_scoring.ipynb", page, text) == []
        page.screenshot(path=str(ARTIFACTS / f"rules-{name}-06-scored.png"), full_page=True)
    finally:
        page.close()
