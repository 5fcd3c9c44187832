"""The test site's kernels show a page what a real site's show (issue 44, item 7).

ipykernel sends the page whatever a kernel writes to file descriptor 2 (a C library's
warning, a log handler on ``sys.__stderr__``, a library's own print), but not under
pytest: it leaves the descriptor alone when ``PYTEST_CURRENT_TEST`` is set, and a Voila
server's kernels inherit the server's environment. The test servers
(:func:`tests.voila_site.voila_server`) start without it, so a site or browser test
sees such a leak as a learner would."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_notebook

from tests.test_site_classmates_client import click, exchange, leaks
from tests.voila_site import Channel, server_environment, voila_server

TIMEOUT = 120.0

PROBE = (
    "import os\n"
    "import ipywidgets as w\n"
    "b = w.Button(description='Write')\n"
    "b.add_class('pt-probe')\n"
    "b.on_click(lambda _b: os.write(2, b'written to descriptor 2\\n'))\n"
    "b"
)
"""A page whose button writes to the kernel's descriptor 2, as a leak would."""


def test_the_servers_environment_drops_pytest_current_test() -> None:
    assert "PYTEST_CURRENT_TEST" in os.environ  # pytest sets it for the running test
    env = server_environment({"PYTEST_CURRENT_TEST": "named by a caller", "X_PROBE": "1"})
    assert "PYTEST_CURRENT_TEST" not in env and env["X_PROBE"] == "1"
    assert env["PINOCHLE_TUTOR_SITE_SECRET"]


def test_what_a_kernel_writes_to_descriptor_2_reaches_the_page_as_on_a_real_site(
    tmp_path: Path,
) -> None:
    """Before the servers dropped PYTEST_CURRENT_TEST the write reached no page, so no
    test could tell a page that leaks from one that does not."""
    nb = new_notebook(cells=[new_code_cell(PROBE)])
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, tmp_path / "probe.ipynb")

    async def press() -> list[str]:
        ch = await Channel.open(site, "probe.ipynb", TIMEOUT)
        try:
            return leaks(await exchange(ch, click(ch.models("pt-probe")[0]), linger=3.0))
        finally:
            await ch.leave()

    with voila_server(root=tmp_path) as site:
        seen = asyncio.run(press())
    assert any("written to descriptor 2" in line for line in seen), seen
