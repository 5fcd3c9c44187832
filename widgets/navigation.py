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

from pinochle_tutor.course.content import PageKind, outline

from ._base import style_widget
from .lesson import COURSE, REFERENCE_PAGES

__all__ = ["GENERAL_PAGES", "PRACTICE", "PRACTICE_TITLES", "NavLinks", "nav_links", "page_nav"]

PRACTICE_TITLES: dict[str, str] = dict(outline().practice_titles)
"""The practice pages (in ``practice/``) and their titles (the outline's
``[practice_titles]``)."""

PRACTICE: dict[str, tuple[str, ...]] = {p.file: p.practice for p in outline().pages if p.practice}
"""Each lesson's practice pages (the outline's ``practice``), your answers kept on *My
progress*. Bidding practice hangs under scoring (lesson 6): a bid is meld plus trick
points, so it comes after both."""

HOME: str = outline().of_kind(PageKind.WELCOME)[0].file
"""The welcome page, which holds the course outline: every page links to it."""

GENERAL_PAGES: tuple[str, ...] = outline().general
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
        return NavLinks(None, nxt, (), up, (f"../{HOME}", "Course outline"), _reference("../"))
    if page not in titles:
        raise ValueError(f"{page!r} is not a lesson of the course")
    i = files.index(page)
    back = (files[i - 1], titles[files[i - 1]]) if i > 0 else None
    nxt = (files[i + 1], titles[files[i + 1]]) if i + 1 < len(files) else None
    practice = tuple((f"practice/{p}", PRACTICE_TITLES[p]) for p in PRACTICE.get(page, ()))
    return NavLinks(back, nxt, practice, None, (HOME, "Course outline"), _reference("", page))


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
