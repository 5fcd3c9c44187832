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


FD_PROBE = textwrap.dedent(
    """
    import io, logging, os, sys
    # What ipykernel does in a page's kernel: descriptor 2 becomes a pipe whose every
    # line the page shows, the server's standard error is kept as a copy, and
    # sys.stderr (shown on the page) gives that copy as its fileno().
    server = os.dup(2)
    read_end, write_end = os.pipe()
    os.dup2(write_end, 2)
    os.close(write_end)

    class PageStream(io.StringIO):
        def fileno(self):
            return server

    page = sys.stderr = PageStream()
    # The kernel application's logger: its own handler on the first standard error.
    app = logging.getLogger("IPKernelApp")
    app.propagate = False
    app.addHandler(logging.StreamHandler(sys.__stderr__))
    import pinochle_widgets._base as base
    base.keep_server_details_off_the_page()
    logging.getLogger("Comm").warning("No such comm: %s", "abc123")
    app.error("Unknown front-end to back-end widget msg")
    for h in logging.getLogger().handlers + app.handlers:
        h.flush()
    sys.__stderr__.flush()
    os.dup2(server, 2)   # the pipe's last writer closes: what it holds can be read
    through_fd = b""
    while chunk := os.read(read_end, 65536):
        through_fd += chunk
    sys.stdout.write(f"page={page.getvalue()!r} fd2={through_fd.decode()!r}")
    """
)


def test_kernel_log_lines_reach_the_server_log_not_the_descriptor_the_page_reads() -> None:
    """Issue 44, item 7: ``WARNING Comm: No such comm`` (and the kernel application's own
    log lines) reached the page's stderr: the server's log was written to
    ``sys.__stderr__``, descriptor 2, which ipykernel reads into the page."""
    import os

    done = subprocess.run(
        [sys.executable, "-c", FD_PROBE], capture_output=True, text=True,
        env={**os.environ, "VOILA_BASE_URL": "/"}, check=True,
    )  # fmt: skip
    assert "page='' fd2=''" in done.stdout, done.stdout
    assert "WARNING Comm: No such comm: abc123" in done.stderr
    assert "Unknown front-end to back-end widget msg" in done.stderr


TRACEBACK_PROBE = textwrap.dedent(
    """
    import io, sys
    from IPython.core.interactiveshell import InteractiveShell
    shell = InteractiveShell.instance()
    page = io.StringIO()
    sys.stdout = sys.stderr = page          # IPython shows a traceback to the page
    import ipywidgets as widgets
    import pinochle_widgets._base  # noqa: F401  (the page's setup, on import)
    box = widgets.Text()                    # a box no guard of the course wraps
    box._handle_msg({"content": {"data": {"method": "update", "state": {"value": 12345}}},
                     "buffers": []})
    box._handle_msg({"content": {"data": {"method": "custom", "content": "x"}}, "buffers": []})
    try:
        1 / 0                               # a cell's own error is shown as before
    except ZeroDivisionError:
        shell.showtraceback()
    sys.__stdout__.write(f"page={page.getvalue()!r}")
    """
)


def test_an_exception_ipywidgets_catches_goes_to_the_server_log_not_the_page() -> None:
    """ipywidgets hands an exception on a widget message to IPython's
    ``showtraceback``, which sends the page the traceback with the server's folders;
    in Voila it goes to the server's log instead (a cell's error is left alone)."""
    import os

    env = {**os.environ, "VOILA_BASE_URL": "/"}
    done = subprocess.run([sys.executable, "-c", TRACEBACK_PROBE], capture_output=True,
                          text=True, env=env, check=True)  # fmt: skip
    page = done.stdout
    assert "TraitError" not in page and "12345" not in page and "site-packages" not in page, page
    assert "ZeroDivisionError" in page
    assert done.stderr.count("a widget message from the page failed") == 2
    assert "TraitError" in done.stderr
