"""Page-ready time of every lesson in a real browser, printed (never asserted).

    python benchmarks/bench_pages.py [--rounds 3] [--preheat] [--lessons 04_meld 05_trick_rules]
    python benchmarks/bench_pages.py --rules classic double_deck three_handed house


Starts the site with Voila (as scripts/serve.sh does, voila.json applying) on a
loopback port, beside a bare one-button notebook, and opens each page in Debian's
Chromium driven by Playwright. Page ready = from navigation to the first widget
visible. Prints the median per page and its ratio to the bare page measured in the
same run. Target (issue 6): every lesson within 1.3x the bare page. The bare page is
measured again under another name (``bare_again``): its ratio is the measurement's own
spread.

With ``--rules``, every lesson and practice page and the bare page are measured, the
site served at once per rule set, page loads interleaved across them (a house rules file
named by ``PINOCHLE_TUTOR_RULES``; ``house`` is classic with overridden settings), and
each page's median is printed per rule set with its ratio to the bare page under the
same rule set (the target of issue 30: every page within 1.3x the bare page under every
rule set) and to its classic median (issue 13: no page slower than 1.3x its classic
time).
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_notebook
from playwright.sync_api import Browser, sync_playwright

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.voila_site import CHROMIUM, CHROMIUM_ARGS, voila_server  # noqa: E402

WIDGET = ".widget-button, .widget-html-content, .jupyter-widgets"
CONTROL = "bare_again.ipynb"
"""The bare page again, under its own name (see :func:`build_root`)."""


def build_root(tmp: Path, lessons: list[str] | None, practice: bool = False) -> list[str]:
    """A site root with the lessons (symlinked), with ``practice`` the practice pages
    too (``practice/...``), and a bare one-button notebook."""
    bare = new_notebook(
        cells=[new_code_cell("import ipywidgets as w\nw.Button(description='Ready')")]
    )
    bare.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(bare, tmp / "bare.ipynb")
    # The same page under another name, measured like any other page: its ratio to the
    # bare page is the measurement's own spread (a page doing no more than the bare
    # page is not always 1.00x), so a page's ratio can be read against it.
    nbformat.write(bare, tmp / CONTROL)
    (tmp / "house_rules.toml").symlink_to(REPO / "lessons" / "house_rules.toml")
    names = []
    for nb in sorted((REPO / "lessons").glob("*.ipynb")):
        if lessons and not any(nb.stem.startswith(x) for x in lessons):
            continue
        (tmp / nb.name).symlink_to(nb)
        names.append(nb.name)
    if practice:
        (tmp / "practice").symlink_to(REPO / "exercises")
        names += [f"practice/{nb.name}" for nb in sorted((REPO / "exercises").glob("[0-9][0-9]_*.ipynb"))
                  if not lessons or any(nb.stem.startswith(x) for x in lessons)]  # fmt: skip
    return names


# Voila's progressive rendering (voila.json) sends the page at once and runs its cells
# after, each cell showing a grey placeholder until its output arrives.
PENDING = ".voila-skeleton-container"
COMPLETE = ["ready", "complete"]


def ready_time(browser: Browser, url: str) -> tuple[float, int, float]:
    """Seconds from navigation to the first visible widget (the page in use), the
    .voila-error count, and seconds to the whole page (every cell run and shown)."""
    page = browser.new_page()
    try:
        start = time.perf_counter()
        page.goto(url, wait_until="commit", timeout=120_000)
        page.wait_for_selector(WIDGET, state="visible", timeout=120_000)
        elapsed = time.perf_counter() - start
        page.wait_for_load_state("load", timeout=120_000)
        page.wait_for_function(
            f"document.querySelectorAll('{PENDING}').length === 0", timeout=120_000
        )
        complete = time.perf_counter() - start
        errors = page.locator(".voila-error").count()
        return elapsed, errors, complete
    finally:
        page.close(run_before_unload=True)  # as a learner leaving the page: Voila shuts its kernel down


HOUSE_FILES = {
    "classic": 'preset = "classic"\n',
    "double_deck": 'preset = "double_deck"\n',
    "three_handed": 'preset = "three_handed"\n',
    "house": 'preset = "classic"\n[settings]\ntarget = 1000\nopening_bid = 300\nmeld_save = 20\n',
}


def measure(
    root: Path, pages: list[str], rounds: int, extra: list[str], env: dict[str, str] | None = None
) -> tuple[dict[str, list[float]], dict[str, int]]:
    """Page-ready times (and error counts) of ``pages``, visited ``rounds`` times each,
    interleaved so that load drifts hit every page alike."""
    with voila_server(root=root, extra=extra, env=env) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        times: dict[str, list[float]] = {p: [] for p in pages}
        errors: dict[str, int] = dict.fromkeys(pages, 0)
        ready_time(browser, f"{base}/voila/render/{pages[0]}")  # warm the server once
        for _ in range(rounds):
            for name in pages:
                t, e, _ = ready_time(browser, f"{base}/voila/render/{name}")
                times[name].append(t)
                errors[name] += e
        browser.close()
    return times, errors


def by_rules(names: list[str], rule_sets: list[str], rounds: int, extra: list[str]) -> None:
    """Each page's median under every rule set, with its ratio to the bare page under the
    same rule set and to its classic median."""
    order = ["classic", *[r for r in rule_sets if r != "classic"]]
    names = ["bare.ipynb", CONTROL, *[n for n in names if n not in ("bare.ipynb", CONTROL)]]
    times: dict[str, dict[str, list[float]]] = {rs: {n: [] for n in names} for rs in order}
    errors: dict[str, dict[str, int]] = {rs: dict.fromkeys(names, 0) for rs in order}
    whole: dict[str, dict[str, list[float]]] = {rs: {n: [] for n in names} for rs in order}
    with tempfile.TemporaryDirectory() as tmpdir, contextlib.ExitStack() as stack:
        tmp = Path(tmpdir)
        build_root(tmp, None, practice=True)
        # One server per rule set, all running at once, and the page loads interleaved
        # (page 1 under each rule set, then page 2, ...): a drift in the machine's load
        # hits every rule set alike, so the ratios are side by side in one run.
        bases: dict[str, str] = {}
        for rs in order:
            path = tmp / f"{rs}.toml"
            path.write_text(HOUSE_FILES[rs])
            bases[rs] = stack.enter_context(
                voila_server(root=tmp, extra=extra, env={"PINOCHLE_TUTOR_RULES": str(path)})
            )
        pw = stack.enter_context(sync_playwright())
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for rs in order:
            ready_time(browser, f"{bases[rs]}/voila/render/{names[0]}")  # warm each server
        for _ in range(rounds):
            for name in names:
                for rs in order:
                    t, e, c = ready_time(browser, f"{bases[rs]}/voila/render/{name}")
                    times[rs][name].append(t)
                    whole[rs][name].append(c)
                    errors[rs][name] += e
        browser.close()
    medians = {rs: {n: statistics.median(v) for n, v in times[rs].items()} for rs in order}
    wholes = {rs: {n: statistics.median(v) for n, v in whole[rs].items()} for rs in order}
    others = [r for r in medians if r != "classic"]
    print(f"Page ready (navigation -> first widget visible), median of {rounds}, per rule set:")
    print("seconds, x bare (the bare page under the same rule set), all (seconds until every")
    print("cell has run and shown), x classic (the page's classic ready time); ! marks a page")
    print("over 1.3x its bare page or with errors\n")
    head = f"{'page':34s}" + "".join(f" {r[:12]:>12s} {'x bare':>7s} {'all':>5s}" for r in order)
    print(head + "".join(f" {'x ' + r[:10]:>12s}" for r in others))
    worst_bare = dict.fromkeys(order, 0.0)
    worst_classic = 0.0
    for name in names:
        row = f"{name:34s}"
        for r in order:
            m, bare = medians[r][name], medians[r]["bare.ipynb"]
            worst_bare[r] = max(worst_bare[r], m / bare)
            flag = "!" if m > 1.3 * bare or errors[r][name] else " "
            row += f" {m:12.2f} {m / bare:6.2f}{flag} {wholes[r][name]:5.2f}"
        for r in others:
            ratio = medians[r][name] / medians["classic"][name]
            worst_classic = max(worst_classic, ratio)
            row += f" {ratio:12.2f}"
        print(row)
    print("\nworst ratio to the bare page: " + ", ".join(f"{r} {worst_bare[r]:.2f}" for r in order)
          + " (target 1.3)")  # fmt: skip
    print("the bare page again (the measurement's own spread): " + ", ".join(
        f"{r} {medians[r][CONTROL] / medians[r]['bare.ipynb']:.2f}" for r in order))  # fmt: skip
    over = {r: [n for n in names if medians[r][n] > 1.3 * medians[r]["bare.ipynb"]] for r in order}
    print("pages over 1.3x: " + ", ".join(f"{r} {len(over[r])} of {len(names) - 1}" for r in order))
    print(f"worst ratio to classic: {worst_classic:.2f} (target 1.3)")
    print("errors: " + ", ".join(f"{r} {sum(errors[r].values())}" for r in order))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=3, help="visits per page (median reported)")
    parser.add_argument("--preheat", action="store_true", help="serve with pre-started kernels")
    parser.add_argument(
        "--pause", type=float, default=0.0,
        help="seconds between two page visits (a learner reading; default: none, back to back)",
    )  # fmt: skip
    parser.add_argument("--lessons", nargs="*", help="only lessons whose name starts with these")
    parser.add_argument(
        "--rules", nargs="*", choices=sorted(HOUSE_FILES), help="compare these rule sets to classic"
    )
    args = parser.parse_args()
    extra = ["--preheat_kernel=True", "--pool_size=2"] if args.preheat else []
    # One browser loads page after page, faster than a learner: lift the per-learner
    # page rate of voila.json so the benchmark measures pages, not the limit.
    extra.append("--ClassroomKernelManager.max_starts_per_minute=0")
    if args.rules:
        with tempfile.TemporaryDirectory() as tmpdir:
            names = build_root(Path(tmpdir), args.lessons, practice=True)
        by_rules(names, args.rules, args.rounds, extra)
        return
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        names = build_root(tmp, args.lessons)
        with voila_server(root=tmp, extra=extra) as base, sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            pages = ["bare.ipynb", CONTROL, *names]
            times: dict[str, list[float]] = {p: [] for p in pages}
            errors: dict[str, int] = dict.fromkeys(pages, 0)
            whole: dict[str, list[float]] = {p: [] for p in pages}
            ready_time(browser, f"{base}/voila/render/bare.ipynb")  # warm the server once
            for _ in range(args.rounds):
                for name in pages:  # interleaved, so load drifts hit every page alike
                    time.sleep(args.pause)
                    t, e, c = ready_time(browser, f"{base}/voila/render/{name}")
                    times[name].append(t)
                    whole[name].append(c)
                    errors[name] += e
            browser.close()
    bare = statistics.median(times["bare.ipynb"])
    mode = "pre-started kernels" if args.preheat else "kernels started on demand"
    if args.pause:
        mode += f", {args.pause:g} s between visits"
    print(f"Page ready (navigation -> first widget visible), median of {args.rounds}, {mode}\n")
    print(f"{'page':32s} {'ready s':>8s} {'x bare':>7s} {'all s':>6s}  errors")
    for name in pages:
        m = statistics.median(times[name])
        flag = "" if name == "bare.ipynb" or m <= 1.3 * bare else "  over 1.3x"
        print(f"{name:32s} {m:8.2f} {m / bare:7.2f} {statistics.median(whole[name]):6.2f}  "
              f"{errors[name]}{flag}")  # fmt: skip


if __name__ == "__main__":
    main()
