"""The mark on a card that may not be played, in a real browser (Debian's Chromium on a
Voila page), in the two-colour and the four-colour deck: the card's ink stays readable
on the mark's tint (4.5:1 or more: the four-colour deck's blue was drawn on the danger
style's red), the dashed outline is dark (3:1 or more against the page and the tint),
a text card says "✗" and a picture card wears a "✕" badge, so the mark never rests on
colour alone. Screenshots: /tmp/shots/illegal-mark-<deck>.png and test-artifacts/."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import nbformat
from playwright.sync_api import Browser
from playwright.sync_api import Error as PlaywrightError

from tests.browser_pages import needs_chromium, wait_cells_run
from tests.voila_site import REPO, voila_server

pytestmark = needs_chromium

SHOTS = Path("/tmp/shots")
ARTIFACTS = REPO / "test-artifacts"
TIMEOUT = 90_000

CELL = """\
from IPython.display import HTML, display
from pinochle_widgets._base import set_page_four_colour
from pinochle_widgets.cards import HandPicker, card_faces_css
set_page_four_colour({four})
text = HandPicker("AS 10H QD KC JS 9D", label="Text cards")
text.mark("10H QD KC 9D", "illegal")
pictures = HandPicker("AS 10H QD KC", label="Picture cards", pictures=True)
pictures.mark("10H QD KC", "illegal")
display(HTML(f"<style>{{card_faces_css(62, four_color={four})}}</style>"), text, pictures)
"""


def _rgb(css: str) -> tuple[float, float, float]:
    found = re.findall(r"[\d.]+", css)
    assert len(found) >= 3, css
    r, g, b = (float(x) for x in found[:3])
    return r, g, b


def _luminance(css: str) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = _rgb(css)
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two CSS colours (``rgb(...)``)."""
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _notebook(folder: Path, four: bool) -> str:
    name = f"illegal_{'four' if four else 'two'}.ipynb"
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(CELL.format(four=four))]
    nbformat.write(nb, folder / name)
    return name


def test_the_illegal_mark_is_readable_in_both_decks(browser: Browser, tmp_path: Path) -> None:
    pages = {deck: _notebook(tmp_path, deck == "four") for deck in ("two", "four")}
    SHOTS.mkdir(parents=True, exist_ok=True)
    ARTIFACTS.mkdir(exist_ok=True)
    with (
        voila_server(tmp_path, env={"PINOCHLE_TUTOR_PROGRESS": str(tmp_path / "p.sqlite")}) as site,
        browser.new_page(viewport={"width": 900, "height": 700}) as page,
    ):
        page.set_default_timeout(TIMEOUT)
        for deck, name in pages.items():
            page.goto(f"{site}/voila/render/{name}", wait_until="commit")
            marked = page.locator("button.pt-card-button.pt-mark-illegal:not(.pt-card-pic)")
            pics = page.locator("button.pt-card-pic.pt-mark-illegal")
            try:
                wait_cells_run(page)
                marked.first.wait_for(state="visible")
                pics.first.wait_for(state="visible")
            except PlaywrightError as err:
                # Once (a full run on two busy cores) the picture cards never showed:
                # keep what the page held, so the next time says why.
                page.screenshot(
                    path=str(ARTIFACTS / f"illegal-mark-{deck}-timeout.png"), full_page=True
                )
                held = page.evaluate(
                    "() => [...document.querySelectorAll('.pt-card-button')]"
                    ".map(b => b.className + ' ' + b.getBoundingClientRect().width)"
                )
                raise AssertionError(
                    f"{deck}: the marked cards did not all show; buttons: {held}"
                ) from err
            page.wait_for_timeout(300)
            body = page.evaluate("getComputedStyle(document.body).backgroundColor")
            body = "rgb(255, 255, 255)" if "0, 0, 0, 0" in body else body
            assert marked.count() == 4 and pics.count() == 3
            for i in range(marked.count()):
                look = marked.nth(i).evaluate(
                    "b => { const s = getComputedStyle(b); return [s.color, s.backgroundColor,"
                    " s.outlineColor, s.outlineStyle, b.textContent]; }"
                )
                ink, tint, outline, style, text = look
                assert contrast(ink, tint) >= 4.5, (deck, text, ink, tint)
                assert style == "dashed" and contrast(outline, tint) >= 3, (deck, text, outline)
                assert contrast(outline, body) >= 3 and text.startswith("✗"), (deck, text)
            if deck == "four":  # the four-colour deck's blue diamonds, on the tint
                blue = marked.filter(has_text="Q♦").evaluate("b => getComputedStyle(b).color")
                assert _rgb(blue)[2] > _rgb(blue)[0], blue
            for i in range(pics.count()):
                badge = pics.nth(i).evaluate(
                    "b => { const s = getComputedStyle(b, '::before'); return [s.content,"
                    " s.color, s.backgroundColor, getComputedStyle(b).outlineStyle]; }"
                )
                content, ink, tint, style = badge
                assert "✕" in content and contrast(ink, tint) >= 4.5 and style == "dashed", badge
            shot = SHOTS / f"illegal-mark-{deck}.png"
            page.screenshot(path=str(shot), full_page=True)
            shutil.copy(shot, ARTIFACTS / shot.name)
