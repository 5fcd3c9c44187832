"""A new page's kernel imports the course's widget modules before the page asks
anything of it (ClassroomKernelManager.preload): under Voila's progressive rendering
the page's cells run only once the browser has loaded the page's scripts, and the
kernel uses that time to import what the cells will need."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from typing import Any

import pytest

from pinochle_site.kernels import PRELOAD, ClassroomKernelManager, preload_code

CHECK = "import sys, json; print(json.dumps({name: name in sys.modules for name in %r}))"


async def modules_loaded(preload: list[str], names: list[str]) -> dict[str, bool]:
    """Start a kernel with ``preload``, then ask it (its first request after the
    preload) which of ``names`` it has imported."""
    manager = ClassroomKernelManager(preload=preload)
    kernel_id = await manager.start_kernel(kernel_name="python3", env=dict(os.environ))
    client: Any = manager.get_kernel(kernel_id).client()  # jupyter_client's async client
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=60)
        reply: dict[str, bool] = {}

        def output(msg: dict) -> None:
            if msg["msg_type"] == "stream":
                reply.update(json.loads(msg["content"]["text"]))

        await client.execute_interactive(CHECK % names, timeout=60, output_hook=output)
        return reply
    finally:
        client.stop_channels()
        await manager.shutdown_all(now=True)


@pytest.mark.skipif(sys.platform != "linux", reason="the site runs on Linux")
def test_a_new_kernel_has_the_course_modules_before_the_page_asks() -> None:
    course = ["pinochle_widgets.quiz_runner", "pinochle_widgets.lesson"]
    assert asyncio.run(modules_loaded(list(PRELOAD), course)) == {
        name: True for name in course
    }
    assert asyncio.run(modules_loaded([], course)) == {name: False for name in course}


def test_a_preload_setting_that_is_not_a_module_name_imports_nothing() -> None:
    """A house setting with anything but a dotted name in it is left out, never run."""
    assert preload_code(["os; print('ran')", "a..b", "", "pinochle_widgets.lesson"]) == (
        "import pinochle_widgets.lesson\n"
    )
