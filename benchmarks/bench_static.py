"""Page-ready times of the static site in a real browser, beside the Voila site's, and
the static site's size, printed (never asserted).

    python benchmarks/bench_static.py [--site build/static] [--rounds 3]
        [--pages 04_meld 05_trick_rules practice/01_meld_level1] [--no-voila]

Serves the folder that ``scripts/build_static.sh`` built (it builds it when missing) from a
loopback ``python -m http.server`` and opens the pages in Debian's Chromium, as a learner
moving through the course: the first of ``--pages`` in a fresh browser profile (nothing
cached), then each later one in turn, in the same profile. Page ready = from the
navigation (or the click) to the page's first course widget (``.pt-widget``) visible.

- "static app": the course app (``voici/render/course.html#PAGE``,
  :mod:`pinochle_widgets.static_app`), the index's links: Python starts in the first
  page only, a later page is a change of the address's hash and runs only its cells.
- "static pages": each notebook as a Voici page of its own (``voici/render/PAGE.html``):
  Python starts anew in every page (files from the browser's cache after the first).
- "voila": the Voila site (``scripts/serve.sh``'s server): a new kernel per page.

Prints the median of ``--rounds`` for the first page and for each later page, the
machine's load average (the machine is shared: the figures scale with it), and the
folder's size.

Where a static page's seconds went before the app (measured in Chromium on 2 cores, load
about 1, from the network log and the kernel worker's console, a page of its own with its
files cached; import times from Pyodide 0.29 under Node):

=========================================================  =======
the page, JupyterLite's front end, the kernel worker        1.4 s
runtime: wasm fetched and compiled, stdlib, 18 wheels       2.9 s
micropip loaded, then it installs piplite (resolution)      0.7 s
piplite installs ipykernel, pyodide_kernel, jedi            0.9 s
``import pyodide_kernel`` (IPython: 3.7 s under Node), the
kernel ready, Voici sends the cells                         3.6 s
the page's cells: course imports, widgets, first render     2.3 s
=========================================================  =======

11.8 s in all (15 to 20 s on a busy machine), in every page. What was removed: the
kernel's own wheels (piplite, ipykernel, pyodide_kernel) are in the runtime's lock and
load with it from the browser's cache, with no micropip resolution (1.6 s); every wheel
carries bytecode compiled by Pyodide itself at build time (the kernel's and the course's
imports at start took 40% less CPU under Node: 3.9 s instead of 6.6 s; loading the
runtime and the wheels stayed at about 6 CPU-s); and the course app keeps one Python
for every page, so a later page costs only its cells (about 1 s).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.voila_site import CHROMIUM, CHROMIUM_ARGS, voila_server  # noqa: E402

READY = ".pt-widget"
TIMEOUT = 180_000

Opener = Callable[[Page, str, bool], None]
"""Opens a page (its key, whether it is the first) and returns when it is ready."""


def folder_size(folder: Path) -> tuple[int, int]:
    files = [p for p in folder.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def app_opener(base: str) -> Opener:
    def open_page(page: Page, key: str, first: bool) -> None:
        if first:
            page.goto(f"{base}voici/render/course.html#{key}", wait_until="commit")
        else:
            page.evaluate("key => { location.hash = key; }", key)
        page.wait_for_function("key => document.body.dataset.ptShown === key", arg=key)
        page.locator(f".pt-app-page {READY}").first.wait_for(state="visible")

    return open_page


def pages_opener(base: str, suffix: str) -> Opener:
    def open_page(page: Page, key: str, _first: bool) -> None:
        page.goto(f"{base}{key}{suffix}", wait_until="commit")
        page.locator(READY).first.wait_for(state="visible")

    return open_page


def walk(browser: Browser, open_page: Opener, keys: list[str]) -> list[float]:
    """Seconds to ready of each page of ``keys``, in turn, in one fresh profile."""
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    times = []
    for i, key in enumerate(keys):
        start = time.perf_counter()
        open_page(page, key, i == 0)
        times.append(time.perf_counter() - start)
    context.close()
    return times


def medians(browser: Browser, open_page: Opener, keys: list[str], rounds: int) -> list[float]:
    runs = [walk(browser, open_page, keys) for _ in range(rounds)]
    return [statistics.median(r[i] for r in runs) for i in range(len(keys))]


@contextmanager
def static_server(site: Path) -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(site)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base, timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--site", type=Path, default=REPO / "build" / "static")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-voila", action="store_true", help="time the static site only")
    parser.add_argument(
        "--pages", nargs="+", default=["04_meld", "05_trick_rules", "practice/01_meld_level1"],
        help="the first page, then the later ones, in the order a learner opens them",
    )  # fmt: skip
    args = parser.parse_args()
    site: Path = args.site.resolve()
    if not (site / "voici" / "render" / "course.html").is_file():
        subprocess.run(["bash", str(REPO / "scripts" / "build_static.sh"), str(site)], check=True)

    size, count = folder_size(site)
    print(f"static site {site}: {size / 1e6:.1f} MB in {count} files")
    load_before = os.getloadavg()
    columns: dict[str, list[float]] = {}
    with static_server(site) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        columns["static app"] = medians(browser, app_opener(base), args.pages, args.rounds)
        columns["static pages"] = medians(
            browser, pages_opener(f"{base}voici/render/", ".html"), args.pages, args.rounds
        )
        if not args.no_voila:
            with voila_server() as site_url:
                voila = pages_opener(f"{site_url}/voila/render/", ".ipynb")
                columns["voila"] = medians(browser, voila, args.pages, args.rounds)
        browser.close()
    load_after = os.getloadavg()
    print(
        f"page-ready seconds, median of {args.rounds}: the first page in a fresh profile, "
        "then each later page in turn (load average "
        f"{load_before[0]:.1f} before, {load_after[0]:.1f} after, on {os.cpu_count()} cores)"
    )
    print(f"{'page':30} {'':6}" + "".join(f"{name:>14}" for name in columns))
    for i, key in enumerate(args.pages):
        role = "first" if i == 0 else "later"
        print(f"{key:30} {role:6}" + "".join(f"{times[i]:14.2f}" for times in columns.values()))
    if "voila" in columns and len(args.pages) > 1:
        app, voila = columns["static app"], columns["voila"]
        later = max(a / v for a, v in zip(app[1:], voila[1:], strict=True))
        print(
            f"static app: first page {app[0]:.1f} s (target under 10 s); slowest later page "
            f"{later:.2f}x Voila's (target within 2x)"
        )


if __name__ == "__main__":
    main()
