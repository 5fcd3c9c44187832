"""The course's Voila page template (``hosting/voila-template/pinochle``, named in
``voila.json``): installed where Voila looks for it, and every page it builds shows the
course's loading screen in words before the page's kernel starts, where Voila's own
template counts cells ("Executing 3 of 5"), and names no other host than the site's (the
lab template's FontAwesome links to jsDelivr are gone; Voila's own page script brings the
icon font from the site, which tests/test_browser_walk.py checks in the browser).

Real Voila server, real HTTP requests (loopback only)."""

from __future__ import annotations

import json
import re
import sys
import urllib.request
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin

from tests.browser_pages import off_site
from tests.voila_site import REPO, voila_server

TEMPLATE = REPO / "hosting" / "voila-template" / "pinochle"


class _Page(HTMLParser):
    """The URLs a page's tags name (``src`` and ``href``) and its loading screen's tag
    and words."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.loading: dict[str, str | None] | None = None
        self.words: list[str] = []
        self._depth = 0  # open tags inside the loading screen

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:  # noqa: ARG002
        found = dict(attrs)
        self.urls += [v for k, v in attrs if k in ("src", "href") and v]
        if self._depth:
            self._depth += 1
        elif found.get("id") == "loading":
            self.loading, self._depth = found, 1

    def handle_endtag(self, tag: str) -> None:  # noqa: ARG002 - HTMLParser's signature
        if self._depth:
            self._depth -= 1

    def handle_data(self, data: str) -> None:
        if self._depth and data.strip():
            self.words.append(data.strip())


def test_voila_json_names_the_course_template_and_it_is_installed() -> None:
    """voila.json names the template; the environment running the tests (as serve.sh's
    and the hub's) has it in its Jupyter data folder, linked to the repository's copy;
    it builds on Voila's lab template."""
    name = json.loads((REPO / "voila.json").read_text())["VoilaConfiguration"]["template"]
    assert name == TEMPLATE.name
    installed = Path(sys.prefix) / "share" / "jupyter" / "voila" / "templates" / name
    assert installed.resolve() == TEMPLATE.resolve(), (
        "run: bash -c 'source scripts/_common.sh; install_voila_template'"
    )
    assert json.loads((TEMPLATE / "conf.json").read_text())["base_template"] == "lab"


def test_a_page_says_it_is_dealing_the_cards_and_names_no_other_host() -> None:
    with voila_server() as site:
        with urllib.request.urlopen(f"{site}/voila/render/04_meld.ipynb", timeout=120) as r:
            assert r.status == 200
            html = r.read().decode("utf-8")
        # The page's own stylesheets answer from the site.
        page = _Page()
        page.feed(html)
        sheets = [u for u in page.urls if ".css" in u]
        assert sheets
        for url in sheets:
            with urllib.request.urlopen(urljoin(f"{site}/voila/render/", url), timeout=30) as r:
                assert r.status == 200, url

    # The loading screen, in the course's words, for a screen reader too.
    assert page.loading is not None, "no loading screen"
    assert page.loading.get("role") == "status" and page.loading.get("aria-live") == "polite"
    assert page.words[:3] == ["Pinochle Tutor", "4 · Meld", "Dealing the cards ..."]
    # Voila's cell counter has nowhere to write, and its spinner is gone.
    assert 'id="loading_text"' not in html and '<svg class="spinner"' not in html
    # Sent before the kernel started (the page is streamed in order; the kernel's id
    # comes once it has started, then the cells' outputs).
    assert html.index('id="loading"') < html.index('"kernelId"')
    # No URL in the page names another host: no CDN for the icons or for diagrams.
    assert "cdn.jsdelivr.net" not in html and "cdnjs" not in html
    hosts = re.findall(r"\b(?:https?|wss?)://[^\s\"'<>)]+", html)
    assert [u for u in [*hosts, *page.urls] if off_site(urljoin(site + "/", u), site)] == []
