"""What every browser test shares: the skip marker for a machine without Debian's
Chromium, where screenshots go, the course's pages, the check that a rendered
page shows no error and states the numbers and words of the rules in force (used by
the Next-link walk under the classic rules and by the rule-set walk under the others),
and axe-core's WCAG 2.1 A/AA check of a page (used by the walk on every page it
reaches and by the accessibility tests).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page

from pinochle_tutor.course.content import outline
from pinochle_tutor.course.lesson_facts import lesson_values
from pinochle_tutor.rules import RuleSet
from tests.voila_site import CHROMIUM, REPO

needs_chromium = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed"
)
"""Every browser test module's ``pytestmark``: it skips where /usr/bin/chromium is missing."""

ARTIFACTS = REPO / "test-artifacts"
"""Screenshots and other artifacts of the browser tests (ignored by git)."""

AXE = REPO / "hosting" / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core from npm with the project's own lock (``hosting/package-lock.json``, installed by
``scripts/install_hub.sh``, which ``scripts/test.sh`` runs): no CDN."""
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

needs_axe = pytest.mark.skipif(
    not AXE.exists(), reason="axe-core is not installed (run: bash scripts/install_hub.sh)"
)


def axe_violations(page: Page, where: str) -> list[str]:
    """axe-core's WCAG 2.1 A/AA violations on the page as it is now, one line per
    element: ``where: rule (impact) at target 'html': help [url]``."""
    page.add_script_tag(path=str(AXE))
    result: dict[str, Any] = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags},"
        " resultTypes: ['violations']})",
        WCAG_TAGS,
    )
    return [
        f"{where}: {v['id']} ({v.get('impact')}) at {' '.join(map(str, n['target']))}"
        f" {n['html'][:120]!r}: {v['help']} [{v['helpUrl']}]"
        for v in result["violations"]
        for n in v["nodes"]
    ]


def assert_no_violations(found: list[str]) -> None:
    assert not found, f"{len(found)} WCAG 2.1 A/AA violation(s):\n" + "\n".join(found)


LESSONS = sorted(p.name for p in (REPO / "lessons").glob("[0-9][0-9]_*.ipynb"))
PRACTICE_PAGES = sorted(p.name for p in (REPO / "exercises").glob("[0-9][0-9]_*.ipynb"))
PAGES = [*LESSONS, *(f"practice/{p}" for p in PRACTICE_PAGES)]

VARIANT_PAGES = {
    "08_other_versions.ipynb", "17_double_deck_mixed.ipynb", "18_three_handed_mixed.ipynb",
    "13_partner_call.ipynb", "15_defence.ipynb", *(p for p in PRACTICE_PAGES if "_problems_" in p),
}  # fmt: skip
"""Pages that show a version on purpose, whatever the house rules: lesson 8 and the
variants' practice, lessons 13 and 15 (a partner's call, defence: three-handed, their
deals, tables and sets are the classic game's, and they say so), and the problem deals (each is a position of
its own rule set, the classic game's; the page says so when the house rules differ)."""
VARIANT_TITLES = tuple(
    page.title for page in outline().pages if page.file in VARIANT_PAGES and "partner" in page.title
)
"""The titles of the pages that show the partnership game on purpose (lesson 13's "Your
partner's call"): another page's Back / Next link names them, which says nothing of the
rules in force."""
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


PENDING = ".voila-skeleton-container"
"""A cell still waiting for its output: under Voila's progressive rendering
(voila.json) the page comes at once and each cell shows this placeholder until its
output has arrived."""


def wait_cells_run(page: Page) -> None:
    """Wait until every cell of a Voila page has run and shown its output: a first
    widget drawn (the cells have started, so the placeholders are in place), then no
    placeholder left."""
    page.locator(".pt-widget").first.wait_for(state="visible")
    page.wait_for_function(f"() => document.querySelectorAll('{PENDING}').length === 0")


def off_site(url: str, site: str) -> bool:
    """Whether a request a page made goes to a host other than the site's (``site``, its
    base URL): ``data:`` and ``about:`` URLs stay in the page, a ``blob:`` URL belongs to
    the origin it names."""
    parsed = urlsplit(url.removeprefix("blob:"))
    if parsed.scheme in ("data", "about"):
        return False
    return parsed.hostname != urlsplit(site).hostname or parsed.port != urlsplit(site).port


CELL_RAISED = "There was an error when executing cell"
"""What Voila shows in place of a cell that raised, the site hiding tracebacks
(voila.json's ``show_tracebacks: false``): the walks, which execute every lesson and
practice notebook as a learner's page does, look for it as nbval would for the error
(the notebooks the walks run are not run by nbval again)."""


def check_page(rules: RuleSet, page_name: str, page: Page, text: str) -> list[str]:
    problems: list[str] = []
    if page.locator(".voila-error").count():
        problems.append("shows a .voila-error")
    if page.locator(PENDING).count():
        problems.append("has cells that never ran")
    if "Traceback (most recent call last)" in page.content() or re.search(
        r"\b[A-Z][a-zA-Z]+Error: ", text
    ):
        problems.append("shows a Python error")
    if CELL_RAISED in text:
        problems.append("has a cell that raised an error")
    base = page_name.removeprefix("practice/")
    if base in VARIANT_PAGES:
        return problems
    missing = sorted({r.symbol for r in rules.ranks} ^ {"A", "10", "K", "Q", "J", "9"})
    for symbol in missing:
        if re.search(rf"(?<![\d]){re.escape(symbol)}[♠♥♦♣]", text):
            problems.append(f"shows a {symbol} card, which the {rules.name} deck does not have")
    if not rules.partnerships and base not in INTRO_PAGES:
        scanned = text
        for title in VARIANT_TITLES:
            scanned = scanned.replace(title, "")
        for m in PARTNERSHIP_WORDS.finditer(scanned):
            context = scanned[max(0, m.start() - 40) : m.end() + 40].replace("\n", " ")
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


WIDER_THAN_THE_SCREEN = """() => {
  const vw = document.documentElement.clientWidth;
  const scrolls = (e) => /(auto|scroll)/.test(getComputedStyle(e).overflowX);
  const bad = new Set();
  for (const el of document.querySelectorAll('.pt-widget, .pt-widget *')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.right <= vw + 1) continue;
    let p = el.parentElement, inside = false;
    while (p && !inside) {
      inside = scrolls(p) && p.getBoundingClientRect().right <= vw + 1;
      p = p.parentElement;
    }
    if (!inside) bad.add((el.getAttribute('class') || el.tagName).toString().slice(0, 60));
  }
  return [...bad].slice(0, 8);
}"""
"""The elements of the course's widgets that reach past the right edge of the screen
and are not inside a box that scrolls sideways (cut off, or making the page scroll)."""

PHONE = {"width": 390, "height": 844}
"""A phone's screen (the width the phone walks read pages at)."""
