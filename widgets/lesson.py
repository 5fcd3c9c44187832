"""Helpers that keep lesson notebooks short and their numbers true.

Every number a lesson states comes from the rules in force (the site's
``house_rules.toml``, see :mod:`pinochle_tutor.classroom.house_rules`), so a house rule
changes the lessons too::

    from pinochle_widgets.lesson import R, meld_table, prose
    text = prose("01_the_deck.ipynb")
    text("deck")        # a passage of pinochle_tutor/course/text/lessons/01_the_deck.md
    meld_table()
"""

from __future__ import annotations

import html
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets
from IPython.display import HTML, Markdown, display

from pinochle_tutor import RuleSet, parse_cards
from pinochle_tutor.classroom.house_rules import HouseRules, find_house_rules, load_house_rules
from pinochle_tutor.course.content import Page, PageKind, outline
from pinochle_tutor.course.content import prose as page_prose
from pinochle_tutor.course.lesson_facts import lesson_values, worked_contract
from pinochle_tutor.words import multiple_word

from ._base import card_spans, style_widget
from .practice import ScoreCalculator
from .tables import Frame, frame

__all__ = [
    "COURSE",
    "PLAY_PAGES",
    "REFERENCE_PAGES",
    "R",
    "cards",
    "counters_table",
    "course_outline",
    "house",
    "meld_table",
    "page_href",
    "practice_pages",
    "prose",
    "rules_banner",
    "settings_table",
    "values",
    "worked_example_calculator",
]


def _load() -> HouseRules:
    found = find_house_rules()
    return load_house_rules(found)


house: HouseRules = _load()
"""The site's house rules as read when the lesson started (with any problems)."""
R: RuleSet = house.rules
"""The rules in force."""


def values(rules: RuleSet | None = None) -> dict[str, Any]:
    """Every setting of ``rules`` (default: the rules in force) plus the derived numbers,
    words and worked examples lessons write in braces
    (:func:`pinochle_tutor.course.lesson_facts.lesson_values`)."""
    return lesson_values(rules or R)


@dataclass(frozen=True)
class PageText:
    """A page's prose (``pinochle_tutor/course/text/``), shown a passage at a time:
    ``text("example")`` shows the passage ``<!-- passage: example -->`` of the page's
    file, its variant for the rules in force and its ``{fields}`` filled from them."""

    page: str
    """The page, as the outline names it: ``06_scoring.ipynb``, ``practice/20_what_to_pass.ipynb``."""

    def __call__(self, passage: str, rules: RuleSet | None = None) -> None:
        """Show ``passage`` as said under ``rules`` (default: the rules in force)."""
        display(Markdown(page_prose(self.page).passage(passage).under(rules or R)))


def prose(page: str) -> PageText:
    """The prose of ``page``, to show with ``text = prose("06_scoring.ipynb")`` in the
    page's first cell and ``text("example")`` where the passage goes. Raises
    :class:`~pinochle_tutor.course.content.OutlineError` at once for a page the outline
    gives no prose."""
    page_prose(page)
    return PageText(page)


def worked_example_calculator(rules: RuleSet | None = None) -> ScoreCalculator:
    """The score calculator set to the lesson's worked example on the scale of the rules
    in force (:func:`pinochle_tutor.course.lesson_facts.worked_contract`): the contract
    that the trick points shown miss."""
    r = rules or R
    ex = worked_contract(r)
    return ScoreCalculator(bid=ex.bid, meld=ex.meld, tricks=ex.short_tricks, rules=r)


def rules_banner(rules: HouseRules | None = None) -> None:
    """The rules in force, and any problem with the house rules file, for the landing page."""
    h = rules or house
    cls = "pt-rules-banner" + (" pt-rules-problem" if h.problems else "")
    display(HTML(f'<div class="{cls}" role="note"><p>{html.escape(h.summary())}</p></div>'))


def _frame(rows: list[dict[str, object]]) -> Frame:
    """A lesson's table, shown without an index column (rows numbered 1.. in the data)."""
    # pandas (where installed) is imported only when a table is shown: it is slow to import
    return frame(rows, index=range(1, len(rows) + 1), show_index=False)


def meld_table(rules: RuleSet | None = None) -> Frame:
    """The meld table of the rules in force: one row per meld, with multiples."""
    r = rules or R
    m = r.meld_table
    rows: list[dict[str, object]] = []

    def add(name: str, cards: str, points: tuple[int, ...] | int) -> None:
        row: dict[str, object] = {"meld": name, "cards": cards}
        for k in range(r.copies):
            row[multiple_word(k + 1)] = "" if isinstance(points, int) else points[k]
        row["each"] = points if isinstance(points, int) else ""
        rows.append(row)

    add("run", "A 10 K Q J of trump", m.run)
    add("royal marriage", "K Q of trump", m.royal_marriage)
    add("marriage", "K Q of another suit", m.marriage)
    if r.has_nines and m.dix:
        add("dix", "9 of trump", m.dix)
    add("aces around", "A♠ A♥ A♦ A♣", m.aces_around)
    add("kings around", "K♠ K♥ K♦ K♣", m.kings_around)
    add("queens around", "Q♠ Q♥ Q♦ Q♣", m.queens_around)
    add("jacks around", "J♠ J♥ J♦ J♣", m.jacks_around)
    add("pinochle", "Q♠ J♦", m.pinochle)
    return _frame(rows)


def counters_table(rules: RuleSet | None = None) -> Frame:
    """Trick points of each rank, high to low, and how many are in the deck."""
    r = rules or R
    rows: list[dict[str, object]] = [
        {
            "rank": rank.symbol,
            "beats": ", ".join(x.symbol for x in reversed(r.ranks) if x < rank) or "nothing",
            "trick points": r.counter_points[rank],
            "in the deck": 4 * r.copies,
        }
        for rank in sorted(r.ranks, reverse=True)
    ]
    rows.append(
        {"rank": "last trick", "beats": "", "trick points": r.last_trick_bonus, "in the deck": 1}
    )
    return _frame(rows)


def _ranks(r: RuleSet) -> str:
    return " ".join(x.symbol for x in reversed(r.ranks))


def settings_table(rules: RuleSet | None = None) -> Frame:
    """The main settings of the rules in force, in words."""
    r = rules or R
    rows: list[dict[str, object]] = [
        {"setting": "players", "value": f"{r.players}, " + ("partners opposite" if r.partnerships else "each alone")},
        {"setting": "deck", "value": f"{r.deck_size} cards: {r.copies} of each {_ranks(r)}"},
        {"setting": "deal", "value": f"{r.hand_size} each" + (f", {r.kitty_size} to a kitty" if r.kitty_size else "")},
        {"setting": "opening bid", "value": f"{r.opening_bid} or more, raise by {r.bid_increment}"},
        {"setting": "all pass", "value": f"the dealer takes it at {r.stuck_bid}"},
        {"setting": "exchange", "value": f"{r.exchange_size} cards each way" if r.exchange_size else "none"},
        {"setting": "trick points", "value": f"{r.total_trick_points} in all (last trick {r.last_trick_bonus})"},
        {"setting": "meld kept with", "value": f"at least {r.meld_save} trick points"},
        {"setting": "game", "value": f"first to {r.target}"},
    ]  # fmt: skip
    return _frame(rows)


COURSE: tuple[Page, ...] = outline().pages
"""The pages of the outline (``pinochle_tutor/course/text/course.toml``), in Back / Next
order: the lessons in the order of a hand, then the table with classmates (after the
full game against the computer), then the two reference pages."""

PLAY_PAGES: tuple[str, ...] = tuple(p.file for p in outline().of_kind(PageKind.PLAY))
"""Pages where learners play a game and teach no new rule: no mastery set."""

REFERENCE_PAGES: tuple[str, ...] = tuple(p.file for p in outline().of_kind(PageKind.REFERENCE))
"""The reference pages: linked from every page of the course, and no mastery set."""


def practice_pages() -> list[tuple[str, str]]:
    """(link, title) of the practice pages (the exercises, linked into the lessons as
    ``practice/``), by number, each titled as the outline's ``[practice_titles]`` titles
    it: the same words as the links of its lesson."""
    return [(f"practice/{f}", title) for f, title in sorted(outline().practice_titles.items())]


def page_href(file: str) -> str:
    """The link to a course page: the notebook itself, except in the static site, where
    Voici serves ``X.ipynb`` as ``X.html`` beside the page (Python runs in the browser
    there: ``sys.platform`` is ``'emscripten'``)."""
    if sys.platform == "emscripten" and file.endswith(".ipynb"):
        return file.removesuffix(".ipynb") + ".html"
    return file


def course_outline(
    entries: Iterable[Page] = COURSE,
    practice: Iterable[tuple[str, str]] | None = None,
    progress: Any = None,
    rules: RuleSet | None = None,
) -> widgets.HTML:
    """The course outline with links (relative, so they work in Voila and JupyterLab),
    each lesson's mastery (its stars and state in words, from the learner's answers:
    :mod:`pinochle_tutor.classroom.mastery`), the first lesson not yet mastered marked
    as the one to take next (every lesson stays open), and the practice pages
    (default: :func:`practice_pages`), as a widget: a notebook output's links are
    rewritten by the renderer to open new tabs, a widget's are not, so the outline's
    links stay in the tab like every other link of the course. ``progress`` is a
    :class:`~pinochle_tutor.classroom.progress.Progress` or its path (``None``: this
    learner's). Each summary is the one true under ``rules`` (default: the rules in
    force; :meth:`~pinochle_tutor.course.content.Said.under`); each page is numbered
    with its own :attr:`~pinochle_tutor.course.content.Page.number`."""
    from pinochle_tutor.classroom.mastery import course_mastery, recommended
    from pinochle_tutor.classroom.progress import Progress
    from pinochle_tutor.course.mastery import LESSON_CASES

    from .mastery import _attempts, stars_html

    entries = list(entries)
    r = rules or R
    if practice is None:
        practice = practice_pages()
    p = progress if isinstance(progress, Progress) else Progress.load(progress)
    states = {
        m.lesson: m
        for m in course_mastery(_attempts(p), [e.file for e in entries if e.file in LESSON_CASES])
    }
    ahead = recommended(list(states.values()))
    items = []
    for e in entries:
        m = states.get(e.file)
        extra = ""
        if m is not None:
            extra = f" {stars_html(m)}"
            if ahead is not None and m.lesson == ahead.lesson:
                extra += ' <strong class="pt-recommended">Recommended next</strong>'
        items.append(
            f'<li value="{e.number}"><a class="pt-lesson-link" href="{html.escape(page_href(e.file))}">'
            f"{html.escape(e.title)}</a> &mdash; {html.escape(e.summary.under(r))}{extra}</li>"
        )
    extra_pages = "".join(
        f'<li><a class="pt-practice-link" href="{html.escape(page_href(href))}">{html.escape(title)}</a></li>'
        for href, title in practice
    )
    body = f'<ol class="pt-outline">{"".join(items)}</ol>'
    if extra_pages:
        body += f'<h3>Practice</h3><ul class="pt-practice">{extra_pages}</ul>'
    outline = widgets.HTML(body)
    outline.add_class("pt-course-outline")
    return outline


def cards(text: str) -> widgets.Box:
    """Cards written as text (``"AS 10S KS"``) in their symbol form, in the colours of
    the learner's deck like every other card of the course: the shared stylesheet
    (:func:`~pinochle_widgets._base.style_widget`) colours them, four colours when the
    learner (or the house rules) chose them, and the learner card's switch recolours
    them at once. A widget (show it as a cell's last line); each card's name is its
    tooltip."""
    shown = widgets.HTML(f'<p class="pt-cards">{card_spans(parse_cards(text))}</p>')
    box = widgets.Box([style_widget(), shown])
    box.add_class("pt-widget")
    box.add_class("pt-cards-line")
    return box
