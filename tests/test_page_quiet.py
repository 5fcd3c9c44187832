"""In a Voila page's kernel, warnings and logged errors go to the server's log,
never to the page (ipykernel streams sys.stderr into the page)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

PROBE = textwrap.dedent(
    """
    import io, logging, sys, warnings
    page = io.StringIO()
    sys.stderr = page                      # what ipykernel does: stderr reaches the page
    import pinochle_widgets._base as base
    applied = base.keep_server_details_off_the_page()
    warnings.warn("a deprecation in some library", DeprecationWarning, stacklevel=1)
    try:
        1 / 0
    except ZeroDivisionError:
        logging.getLogger("pinochle_widgets").exception("unexpected error in a callback")
    sys.stdout.write(f"applied={applied} page={page.getvalue()!r}")
    """
)


def run(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-W", "always", "-c", PROBE], capture_output=True, text=True, env=env,
        check=True,
    )  # fmt: skip


def test_in_voila_nothing_reaches_the_page_and_the_server_log_has_it() -> None:
    import os

    done = run({**os.environ, "VOILA_BASE_URL": "/"})
    assert "applied=True page=''" in done.stdout
    assert "ZeroDivisionError" in done.stderr and "a deprecation in some library" in done.stderr
    assert done.stderr.count("unexpected error in a callback") == 1


def test_outside_voila_warnings_stay_where_they_were() -> None:
    import os

    env = {k: v for k, v in os.environ.items() if not k.startswith("VOILA_")}
    done = run(env)
    assert "applied=False" in done.stdout and "a deprecation in some library" in done.stdout
