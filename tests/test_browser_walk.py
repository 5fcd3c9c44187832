"""The course walked in a real browser as a learner walks it: from the outline to the
last lesson by the Next links only, every practice page reached from its lesson (one by
its link and left by its Back link; the others, each rendered once, in a tab beside the
lesson, their links and Back links checked where they point); and a worked example and
a check for understanding used.

The walk reads every page at a phone's width (390x844): nothing of the course's widgets
wider than the screen outside a box that scrolls, as the double-deck walk checks. Every
page the walk reaches is checked as the rule-set walk checks the other rule
sets (:func:`tests.browser_pages.check_page` under the classic rules: no error, the
numbers and words of the rules in force), so each page is rendered once for both; and
the first time it arrives at a page, with axe-core's WCAG 2.1 A/AA rules (the
accessibility check of tests/test_browser_a11y.py), so no page is rendered again for it.
Every request a page of this module makes is watched: none goes to a host other than the
site's (the course's page template takes the icon font from the site, not a CDN).

The same site walks the course under the other rule sets (one server for all: each rule
set's walk is a browser context whose ``pinochle_rules`` cookie chooses its house rules
file among ``$PINOCHLE_TUTOR_RULES_CHOICES``'s, as a site offering several rule sets
does): every page under the double deck and three-handed, and the lessons under a house
rules file that only changes numbers, each rendered once and read at a desktop's width
(1100 px) and a phone's (390 px). The classic walk reads each page at both widths too.
Lesson 6's "Score it" is pressed on the walk's own render of that page under every rule
set.

Debian's Chromium driven by Playwright, as tests/test_browser_site.py; screenshots go
to test-artifacts/ (ignored by git).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from pinochle_tutor import meld_points
from pinochle_tutor.classroom.house_rules import CHOICE_COOKIE, CHOICES_VAR, load_house_rules
from pinochle_tutor.course.lesson_facts import lesson_values
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_widgets.lesson import COURSE
from pinochle_widgets.navigation import PRACTICE, nav_links
from tests.browser_pages import (
    ARTIFACTS,
    AXE,
    LESSONS,
    PAGES,
    PHONE,
    WIDER_THAN_THE_SCREEN,
    assert_no_violations,
    axe_violations,
    check_page,
    needs_chromium,
    off_site,
    wait_cells_run,
)
from tests.voila_site import REPO, WALKER, voila_server

TIMEOUT = 90_000
SCREENSHOTS = {"01_the_deck.ipynb", "06_scoring.ipynb"}

pytestmark = needs_chromium


HOUSE_FILES = {
    "double_deck": 'preset = "double_deck"\n',
    "three_handed": 'preset = "three_handed"\n',
    "house": (
        'preset = "classic"\n[settings]\ntarget = 1000\nopening_bid = 300\nmeld_save = 20\n'
        "[settings.meld_table]\nroyal_marriage = 50\n"
    ),
}
"""The rule sets the site offers besides its own (classic) house rules: each walk's
browser chooses one by its ``pinochle_rules`` cookie."""

DESKTOP = {"width": 1100, "height": 1300}
WIDTHS = (DESKTOP, PHONE)
"""The screens every walked page is read at: a desktop's and a phone's (390 px)."""


@pytest.fixture(scope="module")
def choices(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of :data:`HOUSE_FILES`, one ``<name>.toml`` each."""
    folder = tmp_path_factory.mktemp("rule-sets")
    for name, text in HOUSE_FILES.items():
        (folder / f"{name}.toml").write_text(text)
    return folder


@pytest.fixture(scope="module")
def site(choices: Path) -> Iterator[str]:
    with voila_server(extra=WALKER, env={CHOICES_VAR: str(choices)}) as base:
        yield base


def widgets_drawn(page: Page) -> None:
    """Wait for the widgets' last drawing after every cell has shown its output: two
    animation frames (the check that reads the page waits longer when it finds a
    problem, :func:`_problems`)."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def _problems(rules: RuleSet, name: str, page: Page, checked: set[tuple[str, int]]) -> list[str]:
    """What is wrong with the page as shown (:func:`~tests.browser_pages.check_page`), and
    what of the course's widgets is wider than the screen, at each of :data:`WIDTHS`
    (the page is left at the width it came at); each width read is noted in ``checked``.
    A page found wrong is read again a second later, so a widget still drawing is not
    taken for a fault."""
    found: list[str] = []
    for attempt in range(2):
        if attempt:
            page.wait_for_timeout(1000)
        found = check_page(rules, name, page, page.inner_text("body"))
        if not found:
            break
    came = page.viewport_size or DESKTOP
    order = sorted(WIDTHS, key=lambda w: w["width"] != came["width"])
    for size in order:
        if size["width"] != (page.viewport_size or DESKTOP)["width"]:
            page.set_viewport_size(size)  # type: ignore[arg-type]
            widgets_drawn(page)
        wide = page.evaluate(WIDER_THAN_THE_SCREEN)
        found += [f"wider than a {size['width']} px screen: {w}" for w in wide]
        checked.add((name, size["width"]))
    page.set_viewport_size(came)  # type: ignore[arg-type]
    return found


def _title(page: str) -> str:
    """The browser tab title a page's notebook declares."""
    folder = "exercises" if page.startswith("practice/") else "lessons"
    nb = json.loads((REPO / folder / page.removeprefix("practice/")).read_text())
    return str(nb["metadata"]["title"])


ARRIVED: set[str] = set()
"""Every page the walk checked."""
CHECKED: set[tuple[str, int]] = set()
"""Every (page, screen width) the classic walk read."""
AXE_FOUND: list[str] = []
"""axe-core's violations on the pages the walk arrived at (checked at the first arrival)."""


OFF_SITE: list[str] = []
"""Requests and websockets of this module's pages to a host other than the site's
(``page URL: request URL``); there must be none."""


def _watch(page: Page, site: str) -> None:
    """Note in :data:`OFF_SITE` every request and websocket of ``page`` that leaves the site."""

    def note(url: str) -> None:
        if off_site(url, site):
            OFF_SITE.append(f"{page.url}: {url}")

    page.on("request", lambda request: note(request.url))
    page.on("websocket", lambda socket: note(socket.url))


def _arrive(page: Page, name: str) -> None:
    page.wait_for_url(f"**/{name}")
    wait_cells_run(page)
    page.locator(".pt-nav").last.wait_for(state="visible")
    assert page.title() == _title(name)
    assert len(page.context.pages) == 1, "a link opened a new tab"
    widgets_drawn(page)
    problems = _problems(CLASSIC, name, page, CHECKED)
    assert problems == [], (name, problems)
    if name not in ARRIVED and AXE.exists():
        AXE_FOUND.extend(axe_violations(page, name))
    ARRIVED.add(name)
    if name in SCREENSHOTS:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(
            path=str(ARTIFACTS / f"rules-classic-{Path(name).stem}.png"), full_page=True
        )


def _open(browser: Browser, site: str, name: str, viewport: dict[str, int] | None = None) -> Page:
    page = browser.new_page(viewport=viewport or {"width": 1100, "height": 1300})  # type: ignore[arg-type]
    page.set_default_timeout(TIMEOUT)
    _watch(page, site)
    page.goto(f"{site}/voila/render/{name}", wait_until="commit")
    wait_cells_run(page)
    return page


def test_the_next_links_lead_from_the_outline_to_the_last_lesson_and_back_from_practice(
    browser: Browser, site: str
) -> None:
    files = [e.file for e in COURSE]
    page = _open(browser, site, files[0], PHONE)
    _arrive(page, files[0])
    assert page.locator("a.pt-lesson-link").count() == len(files)
    visited = [files[0]]
    round_trip_done = False
    for expected in files[1:]:
        page.locator(".pt-nav a.pt-nav-next").last.click()
        _arrive(page, expected)
        visited.append(expected)
        for href, title in nav_links(expected).practice:
            name = href.removeprefix("practice/")
            link = page.locator(".pt-nav a.pt-nav-practice", has_text=title)
            assert link.count() == 1, (expected, title)
            assert (link.get_attribute("href") or "").endswith(href), (expected, href)
            # Back: to the lesson the page practises (a page two lessons share, such as
            # bidding level 2, belongs to the first); the shared review pages (progress,
            # mixed review) lead to the outline.
            back = nav_links(href)
            if back.lesson is not None:
                home = back.lesson[0].removeprefix("../")
                assert name in PRACTICE[home]
            if not round_trip_done:
                # Once, by clicks: the practice link and Back stay in this tab.
                link.click()
                _arrive(page, f"practice/{name}")
                if back.lesson is not None:
                    page.locator(".pt-nav a.pt-nav-lesson").last.click()
                    _arrive(page, home)
                    round_trip_done = home == expected
                if not round_trip_done:
                    page.goto(f"{page.url.rsplit('/', 1)[0]}/{expected}", wait_until="commit")
                    _arrive(page, expected)
                    round_trip_done = True
                continue
            if f"practice/{name}" in ARRIVED:  # reached from an earlier lesson already
                continue
            # Every other practice page in a tab of its own beside the lesson (each page
            # rendered once): its Back link is checked where it points.
            side = _open(browser, site, f"practice/{name}", PHONE)
            _arrive(side, f"practice/{name}")
            target = side.locator(
                ".pt-nav a.pt-nav-lesson" if back.lesson is not None else ".pt-nav a.pt-nav-outline"
            ).last.get_attribute("href")
            expected_back = back.lesson[0] if back.lesson is not None else back.outline[0]
            assert target == expected_back, (name, target, expected_back)
            side.close()
    assert visited == files
    assert page.locator(".pt-nav a.pt-nav-next").count() == 0
    # Every lesson and practice page was reached by links, and checked at both widths.
    assert sorted(ARRIVED) == sorted(PAGES), set(PAGES) ^ ARRIVED
    assert {(p, w["width"]) for p in PAGES for w in WIDTHS} == CHECKED
    page.close()
    assert OFF_SITE == [], "requests to another host than the site's"
    assert AXE.exists(), "axe-core is not installed (run: bash scripts/install_hub.sh)"
    assert_no_violations(AXE_FOUND)


def test_a_worked_example_steps_and_a_check_explains_a_wrong_answer(
    browser: Browser, site: str
) -> None:
    page = _open(browser, site, "04_meld.ipynb")
    stepper = page.locator(".pt-worked").first
    stepper.wait_for(state="visible")
    count = stepper.locator(".pt-worked-count")
    assert "Step 1 of" in count.inner_text()
    stepper.locator("button.pt-worked-next").click()
    stepper.locator("button.pt-worked-next").click()
    page.wait_for_function(
        "() => document.querySelector('.pt-worked-count').innerText.startsWith('Step 3')"
    )
    assert "Aces around" in stepper.locator(".pt-worked-text").inner_text()
    assert stepper.locator("svg").count() >= 1
    stepper.locator("button.pt-worked-back").click()
    page.wait_for_function(
        "() => document.querySelector('.pt-worked-count').innerText.startsWith('Step 2')"
    )
    ARTIFACTS.mkdir(exist_ok=True)
    stepper.scroll_into_view_if_needed()
    stepper.screenshot(path=str(ARTIFACTS / "walk-worked-example.png"))

    check = page.locator(".pt-understanding").first
    check.scroll_into_view_if_needed()
    # the meld of the check's hand (lessons/04_meld.ipynb), as the engine counts it
    answer = str(meld_points("AH 10H KH QH JH QS JD AS AD AC KC QC", "H"))
    wrong = check.locator("button.pt-check-choice").filter(has_not_text=answer).first
    wrong.click()
    check.locator(".pt-message.pt-error").wait_for(state="visible")
    text = check.locator(".pt-message").inner_text()
    assert "Not quite." in text and "in all" in text
    check.screenshot(path=str(ARTIFACTS / "walk-check.png"))
    page.close()


def test_in_the_guided_hand_the_learner_picks_a_card_and_the_coach_comments(
    browser: Browser, site: str
) -> None:
    from pinochle_tutor import CLASSIC
    from pinochle_widgets.worked import guided_hand, learner_turns

    g = guided_hand(CLASSIC)  # lessons/07_strategy.ipynb's hand (house rules: classic)
    first = min(g.decisions)  # your first decision as a tip says
    played = learner_turns(g)[first][1]
    page = _open(browser, site, "07_strategy.ipynb")
    stepper = page.locator(".pt-worked").first
    stepper.wait_for(state="visible")
    for k in range(first):
        stepper.locator("button.pt-worked-next").click()
        page.wait_for_function(
            f"() => document.querySelector('.pt-worked-count').innerText.startsWith('Step {k + 2} ')"
        )
    # The stepper shows the step, then the question of your turn in its place: wait for it.
    expect(stepper.locator(".pt-worked-text")).to_contain_text("your turn")
    asked = stepper.locator(".pt-worked-text").inner_text()
    assert "your turn" in asked and g.decisions[first].question in asked
    stepper.locator(".pt-guided-picker button", has_text=played.text).first.click()
    stepper.locator(".pt-message.pt-ok").wait_for(state="visible")
    comment = stepper.locator(".pt-message").inner_text()
    assert played.text in comment and "coach" in comment
    stepper.screenshot(path=str(ARTIFACTS / "walk-guided-hand.png"))
    page.close()


def test_a_page_says_it_is_dealing_the_cards_and_shows_icons_from_the_site(
    browser: Browser, site: str
) -> None:
    """The course's loading screen at phone width (390 px), in words, announced to a
    screen reader, gone when the page is shown; then a button's icon is drawn with
    FontAwesome's font, which came from the site. A pending cell's grey placeholder
    stands still (no shimmer repainted 60 times a second)."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.set_default_timeout(TIMEOUT)
    _watch(page, site)
    page.goto(f"{site}/voila/render/04_meld.ipynb", wait_until="commit")
    loading = page.locator("#loading")
    loading.wait_for(state="attached")  # sent before the page's kernel starts
    assert loading.get_attribute("role") == "status"
    assert loading.get_attribute("aria-live") == "polite"
    words = loading.inner_text()
    assert "Pinochle Tutor" in words and "Dealing the cards" in words and "4 · Meld" in words
    assert "Executing" not in words and page.locator("#loading_text").count() == 0
    fits = (
        "el => el.getBoundingClientRect().right <= innerWidth && el.scrollWidth <= el.clientWidth"
    )
    assert loading.evaluate(fits), "the loading screen is wider than the phone"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "walk-loading-390.png"))

    icon = page.locator(".pt-worked button.pt-worked-next i.fa-arrow-right").first
    icon.wait_for(state="visible")
    assert loading.count() == 0, "the loading screen is gone once the page is shown"
    placeholder = page.evaluate(
        """() => {
          const post = document.createElement('div');
          post.className = 'voila-skeleton-post';
          post.innerHTML = '<div class="voila-skeleton-avatar"></div>'
            + '<div class="voila-skeleton-line"></div><div class="voila-skeleton-line"></div>';
          document.getElementById('rendered_cells').appendChild(post);
          const styles = [...post.children].map(el => {
            const s = getComputedStyle(el);
            return [s.animationName, s.backgroundColor];
          });
          post.remove();
          return styles;
        }"""
    )
    assert [name for name, _ in placeholder] == ["none"] * 3, placeholder
    assert all(colour not in ("", "rgba(0, 0, 0, 0)") for _, colour in placeholder), placeholder
    family = icon.evaluate("el => getComputedStyle(el, '::before').fontFamily")
    assert "Font Awesome 5 Free" in family
    page.wait_for_function(
        "() => [...document.fonts].some(f => f.family.includes('Font Awesome 5 Free')"
        " && f.status === 'loaded')"
    )
    fonts = page.evaluate(
        "() => performance.getEntriesByType('resource')"
        ".filter(e => /[.](woff2?|ttf|eot)([?#]|$)/.test(e.name))"
        ".map(e => [e.name, e.responseStatus])"
    )
    assert fonts and all(
        url.startswith(f"{site}/voila/") and status == 200 for url, status in fonts
    ), fonts
    page.close()
    assert OFF_SITE == [], "requests to another host than the site's"


def _score_it(page: Page, rules: RuleSet) -> list[str]:
    """Press lesson 6's first "Score it" and read the page: the example's contract set
    back by its bid (it once failed in the double deck: "trick points must be between
    0 and 50, not 130")."""
    page.locator("button.widget-button", has_text="Score it").first.click()
    bid = lesson_values(rules)["ex_bid"]
    try:
        page.wait_for_function(
            "re => new RegExp(re).test(document.body.innerText)", arg=rf"[-\u2212]{bid}\b"
        )
    except PlaywrightTimeoutError:
        return [f"Score it did not show the example set back by {bid}"]
    return [
        f"after Score it: {p}"
        for p in check_page(rules, "06_scoring.ipynb", page, page.inner_text("body"))
    ]


class _RuleSetWalk:
    """The walk of one rule set the site offers (:data:`HOUSE_FILES`): every page of
    :attr:`pages` opened in one browser context that chooses the rule set by its cookie,
    each rendered once and read at both :data:`WIDTHS`; a class per rule set, a scope of
    its own that pytest-xdist's ``--dist loadscope`` may give to either worker."""

    rule_set: str
    pages: list[str] = PAGES
    screen = DESKTOP
    """The screen a page is opened at (it is read at both widths)."""

    def test_every_page_renders_right_under_the_rules_in_force(
        self, browser: Browser, site: str, choices: Path
    ) -> None:
        name = self.rule_set
        house = load_house_rules(choices / f"{name}.toml")
        assert house.ok, house.problems
        rules = house.rules
        ARTIFACTS.mkdir(exist_ok=True)
        context = browser.new_context(viewport=self.screen)  # type: ignore[arg-type]
        context.add_cookies([{"name": CHOICE_COOKIE, "value": name, "url": site}])
        found: dict[str, list[str]] = {}
        checked: set[tuple[str, int]] = set()
        try:
            for page_name in self.pages:
                page = context.new_page()
                page.set_default_timeout(TIMEOUT)
                try:
                    page.goto(f"{site}/voila/render/{page_name}", wait_until="commit")
                    wait_cells_run(page)
                    widgets_drawn(page)
                    problems = _problems(rules, page_name, page, checked)
                    stem = Path(page_name).stem
                    if page_name in SCREENSHOTS:
                        page.screenshot(
                            path=str(ARTIFACTS / f"rules-{name}-{stem}.png"), full_page=True
                        )
                    if page_name == "06_scoring.ipynb":
                        problems += _score_it(page, rules)
                        page.screenshot(
                            path=str(ARTIFACTS / f"rules-{name}-06-scored.png"), full_page=True
                        )
                except PlaywrightTimeoutError:
                    page.screenshot(
                        path=str(ARTIFACTS / f"rules-timeout-{name}-{Path(page_name).stem}.png")
                    )
                    problems = [f"no widget shown within {TIMEOUT // 1000} s"]
                finally:
                    page.close()
                if problems:
                    found[page_name] = problems
        finally:
            context.close()
        assert found == {}, f"under {name}:\n" + "\n".join(
            f"  {p}: {x}" for p, xs in found.items() for x in xs
        )
        assert checked == {(p, w["width"]) for p in self.pages for w in WIDTHS}


class TestDoubleDeck(_RuleSetWalk):
    rule_set = "double_deck"
    screen = PHONE


class TestThreeHanded(_RuleSetWalk):
    rule_set = "three_handed"


class TestHouseNumbers(_RuleSetWalk):
    """A house rule that changes only numbers, which the lessons state: checked on the
    lessons. Its practice pages' questions come from the generators that
    tests/test_playability.py runs under any valid house rule."""

    rule_set = "house"
    pages = LESSONS
    screen = PHONE


def test_the_walks_check_every_page_under_every_rule_set_at_both_widths() -> None:
    """What the walks read, against what was read before they shared one site: every
    page under classic, the double deck and three-handed (the three-handed walk once left
    out the problem deals), the lessons under the house numbers; at both widths (each
    walk once read one)."""
    walks = {
        "classic": PAGES,
        **{c.rule_set: c.pages for c in (TestDoubleDeck, TestThreeHanded, TestHouseNumbers)},
    }
    assert set(walks) == {"classic", *HOUSE_FILES}
    assert walks["double_deck"] == walks["three_handed"] == walks["classic"] == PAGES
    assert set(LESSONS) <= set(walks["house"])
    assert {w["width"] for w in WIDTHS} == {1100, PHONE["width"]}


def test_the_phone_check_finds_a_picture_cut_off_and_spares_a_scrolling_box(
    browser: Browser,
) -> None:
    """The check the walks run at a phone's width: a hand picture wider than the screen
    is found (as the meld counter's 749 px hand was in a 356 px box); inside a box that
    scrolls sideways it is not; a picture that shrinks to its box is not."""
    page = browser.new_page(viewport=PHONE)  # type: ignore[arg-type]
    try:
        page.set_content(
            '<div class="pt-widget" style="width:356px;overflow:hidden">'
            '<svg class="pt-hand-image" id="cut" width="749" height="96"></svg></div>'
            '<div class="pt-widget" style="width:356px;overflow-x:auto">'
            '<svg class="pt-hand-image" width="749" height="96"></svg></div>'
        )
        assert page.evaluate(WIDER_THAN_THE_SCREEN) == ["pt-hand-image"]
        page.set_content(
            '<div class="pt-widget" style="width:356px">'
            '<svg class="pt-hand-image" width="749" height="96" viewBox="0 0 1248 160"'
            ' style="max-width:100%;height:auto"></svg></div>'
        )
        assert page.evaluate(WIDER_THAN_THE_SCREEN) == []
    finally:
        page.close()


def test_the_walk_check_finds_a_cell_that_raised(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The check the walks make on every page finds a cell that raised, as nbval would
    (the walks' notebooks are not run by nbval again): a copy of lesson 1 whose last cell
    raises, served with the site's settings, is found wrong."""
    root = tmp_path_factory.mktemp("broken") / "lessons"
    root.mkdir()
    nb = json.loads((REPO / "lessons" / "01_the_deck.ipynb").read_text())
    broken = "raise ValueError('a planted fault')"
    nb["cells"].append(
        {"cell_type": "code", "execution_count": None, "id": "broken", "metadata": {},
         "outputs": [], "source": [broken]}
    )  # fmt: skip
    (root / "01_the_deck.ipynb").write_text(json.dumps(nb))
    with voila_server(root=root, extra=WALKER) as base:
        page = _open(browser, base, "01_the_deck.ipynb")
        try:
            widgets_drawn(page)
            found = check_page(CLASSIC, "01_the_deck.ipynb", page, page.inner_text("body"))
        finally:
            page.close()
    assert "has a cell that raised an error" in found, found
