"""The way through the course: Back / Next between lessons, each lesson's practice
pages, and from each practice page back to its lesson and the outline.

    from pinochle_widgets.navigation import page_nav
    page_nav("04_meld.ipynb")              # at the end of a lesson
    page_nav("practice/01_meld_level1.ipynb")

Links are relative (they work in Voila, JupyterLab and a static site) and open in
the same tab: one link policy for the whole course. The links are an ipywidgets
``HTML`` widget, not a notebook output, so no renderer rewrites them into new tabs.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

import ipywidgets as widgets

from ._base import style_widget
from .lesson import COURSE, REFERENCE_PAGES

__all__ = ["GENERAL_PAGES", "PRACTICE", "PRACTICE_TITLES", "NavLinks", "nav_links", "page_nav"]

PRACTICE_TITLES: dict[str, str] = {
    "00_my_progress.ipynb": "My progress",
    "01_meld_level1.ipynb": "Meld practice, level 1",
    "02_meld_level2.ipynb": "Meld practice, level 2",
    "03_meld_level3.ipynb": "Meld practice, level 3",
    "04_trick_level1.ipynb": "Trick rules practice, level 1",
    "05_trick_level2.ipynb": "Trick rules practice, level 2",
    "06_trick_level3.ipynb": "Trick rules practice, level 3",
    "07_score_level1.ipynb": "Scoring practice, level 1",
    "08_score_level2.ipynb": "Scoring practice, level 2",
    "09_score_level3.ipynb": "Scoring practice, level 3",
    "10_bidding_level1.ipynb": "Bidding practice, level 1",
    "11_bidding_level2.ipynb": "Bidding practice, level 2",
    "12_bidding_level3.ipynb": "Bidding practice, level 3",
    "13_mixed_review.ipynb": "Mixed review: your weak spots",
    "14_who_wins.ipynb": "Who wins the trick?",
    "15_counters.ipynb": "Count the counters",
    "16_legal_calls.ipynb": "Is this call legal?",
    "17_double_deck_mixed.ipynb": "Double deck: mixed practice",
    "18_three_handed_mixed.ipynb": "Three-handed: mixed practice",
    "19_which_card.ipynb": "Which card would you play?",
    "20_what_to_pass.ipynb": "What would you pass?",
    "21_game_end.ipynb": "Who has won the game?",
    "22_review.ipynb": "Review: what is due today",
    "23_the_deck.ipynb": "The deck: counters, ranks and copies",
    "24_problems_count_first.ipynb": "Find the play: count first",
    "25_problems_meld_alone.ipynb": "Find the play: not on meld alone",
    "26_problems_exposed_cards.ipynb": "Find the play: remember the exposed cards",
    "27_problems_feed_partner.ipynb": "Find the play: counters to a secure trick",
    "28_problems_both_copies.ipynb": "Find the play: track both copies",
    "29_problems_points_not_tricks.ipynb": "Find the play: points, not tricks",
    "30_problems_exchange.ipynb": "Find the play: the exchange",
}
"""The practice pages (in ``practice/``) and their titles."""

PRACTICE: dict[str, tuple[str, ...]] = {
    "01_the_deck.ipynb": ("23_the_deck.ipynb",),
    "02_deal_and_auction.ipynb": ("16_legal_calls.ipynb",),
    "03_trump_and_exchange.ipynb": ("20_what_to_pass.ipynb",),
    "04_meld.ipynb": ("01_meld_level1.ipynb", "02_meld_level2.ipynb", "03_meld_level3.ipynb"),
    "05_trick_rules.ipynb": ("04_trick_level1.ipynb", "05_trick_level2.ipynb", "06_trick_level3.ipynb",
                             "14_who_wins.ipynb"),
    "06_scoring.ipynb": ("15_counters.ipynb", "07_score_level1.ipynb", "08_score_level2.ipynb",
                         "09_score_level3.ipynb", "21_game_end.ipynb", "10_bidding_level1.ipynb",
                         "11_bidding_level2.ipynb", "12_bidding_level3.ipynb"),
    "07_strategy.ipynb": ("24_problems_count_first.ipynb", "25_problems_meld_alone.ipynb",
                          "26_problems_exposed_cards.ipynb", "27_problems_feed_partner.ipynb",
                          "28_problems_both_copies.ipynb", "29_problems_points_not_tricks.ipynb",
                          "30_problems_exchange.ipynb", "19_which_card.ipynb", "12_bidding_level3.ipynb",
                          "13_mixed_review.ipynb", "22_review.ipynb", "00_my_progress.ipynb"),
    "08_other_versions.ipynb": ("17_double_deck_mixed.ipynb", "18_three_handed_mixed.ipynb", "13_mixed_review.ipynb"),
    "09_full_game.ipynb": ("13_mixed_review.ipynb", "22_review.ipynb", "00_my_progress.ipynb"),
}  # fmt: skip
"""Each lesson's practice pages, your answers kept on *My progress*. Bidding practice hangs
under scoring (lesson 6): a bid is meld plus trick points, so it comes after both."""


GENERAL_PAGES: tuple[str, ...] = ("00_my_progress.ipynb", "13_mixed_review.ipynb", "22_review.ipynb")
"""Pages of the whole course, listed by several lessons: they lead back to the outline,
not to one lesson."""


@dataclass(frozen=True)
class NavLinks:
    """Where a page leads: (href, title) pairs, hrefs relative to the page."""

    back: tuple[str, str] | None
    next: tuple[str, str] | None
    practice: tuple[tuple[str, str], ...]
    lesson: tuple[str, str] | None
    """For a practice page: the lesson it practises."""
    outline: tuple[str, str]
    reference: tuple[tuple[str, str], ...] = ()
    """The glossary and "Rules at a glance", linked from every page."""


def _lesson_of(practice_file: str) -> str | None:
    for lesson, pages in PRACTICE.items():
        if practice_file in pages and practice_file not in GENERAL_PAGES:
            return lesson
    return None


def _reference(prefix: str, page: str = "") -> tuple[tuple[str, str], ...]:
    titles = {e.file: e.title for e in COURSE}
    return tuple((f"{prefix}{f}", titles[f]) for f in REFERENCE_PAGES if f != page)


def nav_links(page: str) -> NavLinks:
    """The links of ``page`` (a lesson file, ``04_meld.ipynb``, or a practice page,
    ``practice/01_meld_level1.ipynb``). Raises ``ValueError`` naming an unknown page."""
    files = [e.file for e in COURSE]
    titles = {e.file: e.title for e in COURSE}
    if page.startswith("practice/"):
        name = page.removeprefix("practice/")
        if name not in PRACTICE_TITLES:
            raise ValueError(f"{page!r} is not a practice page of the course")
        lesson = _lesson_of(name)
        # A practice page's lesson, or for the reviews the outline's next steps.
        up = (f"../{lesson}", titles[lesson]) if lesson else None
        siblings = PRACTICE.get(lesson, ()) if lesson else ()
        # Next: the page after this one in its lesson's list (the order the lesson gives).
        later = list(siblings[siblings.index(name) + 1 :]) if name in siblings else []
        nxt = (later[0], PRACTICE_TITLES[later[0]]) if later else None
        return NavLinks(None, nxt, (), up, ("../00_welcome.ipynb", "Course outline"), _reference("../"))
    if page not in titles:
        raise ValueError(f"{page!r} is not a lesson of the course")
    i = files.index(page)
    back = (files[i - 1], titles[files[i - 1]]) if i > 0 else None
    nxt = (files[i + 1], titles[files[i + 1]]) if i + 1 < len(files) else None
    practice = tuple((f"practice/{p}", PRACTICE_TITLES[p]) for p in PRACTICE.get(page, ()))
    return NavLinks(back, nxt, practice, None, ("00_welcome.ipynb", "Course outline"), _reference("", page))


def _a(link: tuple[str, str], css: str, label: str) -> str:
    href, title = link
    return (
        f'<a class="{css}" href="{html.escape(href)}">{html.escape(label)}'
        f"{html.escape(title)}</a>"
    )


def page_nav(page: str) -> widgets.VBox:
    """The navigation bar of ``page`` (see :func:`nav_links`), as a widget.

    CSS hooks: ``pt-nav``, ``pt-nav-back``, ``pt-nav-next``, ``pt-nav-practice``,
    ``pt-nav-lesson``, ``pt-nav-outline``."""
    links = nav_links(page)
    parts = []
    if links.practice:
        items = "".join(f"<li>{_a(p, 'pt-nav-practice', '')}</li>" for p in links.practice)
        parts.append(f"<p><b>Practise this lesson:</b></p><ul>{items}</ul>")
    row = []
    if links.back:
        row.append(_a(links.back, "pt-nav-back", "← Back: "))
    if links.lesson:
        row.append(_a(links.lesson, "pt-nav-lesson", "← The lesson: "))
    row.append(_a(links.outline, "pt-nav-outline", ""))
    if links.next:
        row.append(_a(links.next, "pt-nav-next", "Next: "))
    parts.append('<p class="pt-nav-row">' + " · ".join(row) + "</p>")
    if links.reference:
        refs = " · ".join(_a(r, "pt-nav-reference", "") for r in links.reference)
        parts.append(f'<p class="pt-nav-reference-row">Look up: {refs}</p>')
    bar = widgets.HTML(f'<nav aria-label="Course">{"".join(parts)}</nav>')
    box = widgets.VBox([style_widget(), bar])
    box.add_class("pt-nav")
    return box
