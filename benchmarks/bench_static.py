"""Page-ready times of the static site in a real browser, and its size, printed (never
asserted).

    python benchmarks/bench_static.py [--site build/static] [--rounds 3]
        [--pages 04_meld 05_trick_rules practice/01_meld_level1]

Serves the folder that ``scripts/build_static.sh`` built (it builds it when missing) from a
loopback ``python -m http.server`` and opens each page in Debian's Chromium. Page ready =
from navigation to the page's first course widget (``.pt-widget``) visible, Python having
started in the page. "first" is a fresh browser profile (nothing cached: the Pyodide
runtime and every wheel are downloaded); "cached" is a reload in the same profile. Prints
the median of each, the same for the Voila site (``scripts/serve.sh``'s server, on
the same pages: "first" is a fresh profile, "cached" a reload, each a new kernel), and
the folder's size. ``--no-voila`` leaves the Voila site out.
"""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.voila_site import CHROMIUM, CHROMIUM_ARGS, voila_server  # noqa: E402

READY = ".pt-widget"
TIMEOUT = 180_000


def folder_size(folder: Path) -> tuple[int, int]:
    files = [p for p in folder.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def ready_seconds(browser: Browser, url: str) -> tuple[float, float]:
    """(first load, cached reload) of ``url`` in a fresh profile."""
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.locator(READY).first.wait_for(state="visible")
    first = time.perf_counter() - start
    start = time.perf_counter()
    page.reload(wait_until="commit")
    page.locator(READY).first.wait_for(state="visible")
    cached = time.perf_counter() - start
    context.close()
    return first, cached


def medians(browser: Browser, url: str, rounds: int) -> tuple[float, float]:
    runs = [ready_seconds(browser, url) for _ in range(rounds)]
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=REPO / "build" / "static")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-voila", action="store_true", help="time the static site only")
    parser.add_argument("--pages", nargs="+", default=["04_meld", "05_trick_rules", "practice/01_meld_level1"])
    args = parser.parse_args()
    site: Path = args.site.resolve()
    if not (site / "index.html").is_file():
        subprocess.run(["bash", str(REPO / "scripts" / "build_static.sh"), str(site)], check=True)

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
        size, count = folder_size(site)
        print(f"static site {site}: {size / 1e6:.1f} MB in {count} files")
        print(f"page-ready seconds, median of {args.rounds}")
        print(f"{'page':28} {'static first':>12} {'static cached':>13} {'voila first':>11} {'voila cached':>12}")
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            static = {n: medians(browser, f"{base}voici/render/{n}.html", args.rounds) for n in args.pages}
            voila: dict[str, tuple[float, float]] = {}
            if not args.no_voila:
                with voila_server() as site_url:
                    voila = {n: medians(browser, f"{site_url}/voila/render/{n}.ipynb", args.rounds)
                             for n in args.pages}  # fmt: skip
            for n in args.pages:
                v = voila.get(n)
                shown = f"{v[0]:11.2f} {v[1]:12.2f}" if v else f"{'-':>11} {'-':>12}"
                print(f"{n:28} {static[n][0]:12.2f} {static[n][1]:13.2f} {shown}")
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
