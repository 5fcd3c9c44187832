"""The way through the course: every lesson has Back / Next and its practice, every
practice page leads back to its lesson and the outline, every link names a page that
exists, links open in the same tab, and every page's title names it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pinochle_widgets.lesson import COURSE
from pinochle_widgets.navigation import (
    GENERAL_PAGES,
    PRACTICE,
    PRACTICE_TITLES,
    nav_links,
    page_nav,
)

ROOT = Path(__file__).resolve().parent.parent
LESSONS = [e.file for e in COURSE]
PRACTICE_PAGES = [f"practice/{p}" for p in PRACTICE_TITLES]


def resolve(page: str, href: str) -> Path:
    """Where a relative link from ``page`` leads, in the site's tree (lessons/, with
    practice/ -> exercises/)."""
    here = Path("lessons") / page
    target = (here.parent / href).as_posix()
    target = re.sub(r"[^/]+/\.\./", "", target)
    return ROOT / target.replace("lessons/practice/", "exercises/")


@pytest.mark.parametrize("page", LESSONS + PRACTICE_PAGES)
def test_every_link_leads_to_a_page_and_opens_in_the_same_tab(page: str) -> None:
    html = page_nav(page).children[1].value
    hrefs = re.findall(r'href="([^"]+)"', html)
    assert hrefs and "target=" not in html
    for href in hrefs:
        assert resolve(page, href).is_file(), (page, href)


def test_lessons_go_back_and_next_in_course_order() -> None:
    for i, page in enumerate(LESSONS):
        links = nav_links(page)
        assert (links.back is None) == (i == 0) and (links.next is None) == (i == len(LESSONS) - 1)
        if links.next:
            assert links.next[0] == LESSONS[i + 1]
    assert nav_links("04_meld.ipynb").practice[0][0] == "practice/01_meld_level1.ipynb"


def test_practice_pages_lead_back_to_their_lesson() -> None:
    """A drill leads back to the first lesson that lists it (its home); the reviews
    and My progress, listed by several lessons, lead to the outline."""
    titles = {e.file: e.title for e in COURSE}
    for p in PRACTICE_TITLES:
        homes = [lesson for lesson, pages in PRACTICE.items() if p in pages]
        link = nav_links(f"practice/{p}").lesson
        if p in GENERAL_PAGES:
            assert link is None
        else:
            assert homes and link == (f"../{homes[0]}", titles[homes[0]])
    assert nav_links("practice/01_meld_level1.ipynb").next == ("02_meld_level2.ipynb", "Meld practice, level 2")
    assert nav_links("practice/13_mixed_review.ipynb").outline == ("../00_welcome.ipynb", "Course outline")


def test_an_unknown_page_is_named() -> None:
    with pytest.raises(ValueError, match=r"'99_nothing\.ipynb' is not a lesson"):
        nav_links("99_nothing.ipynb")


@pytest.mark.parametrize(
    "path", sorted([*ROOT.glob("lessons/[0-9][0-9]_*.ipynb"), *ROOT.glob("exercises/[0-9][0-9]_*.ipynb")]),
    ids=lambda p: p.name,
)
def test_every_page_has_a_title_and_ends_with_its_navigation(path: Path) -> None:
    nb = json.loads(path.read_text())
    assert nb["metadata"]["title"].endswith(" · Pinochle Tutor")
    last = "".join(nb["cells"][-1]["source"])
    page = path.name if path.parent.name == "lessons" else f"practice/{path.name}"
    assert f'page_nav("{page}")' in last
