"""The package installs like a Jupyter package: the wheel built from this checkout
carries the course's Voila page template (``hosting/voila-template/pinochle``, named in
``voila.json``) as data files, so a fresh virtual environment with nothing but
``pip install <the wheel>`` serves the course with ``voila lessons/``, as a new user
would run it in a clone (``voila.json`` beside ``lessons/``). Before the template
shipped this way, that site answered its root with HTTP 500 (Voila's
``TemplateNotFound`` for the tree page of the lab template, which the course's
extends): only the scripts' link put the template into ``.venv``.

The wheel is built from a copy of the checkout's files (what ``git ls-files`` lists,
untracked files not ignored included), so a stale ``build/`` folder cannot slip files
into it; pip installs its dependencies as the project's own install does (the machine's
pip settings, PyPI), and the test is skipped, saying so, when PyPI is out of reach.
Real Voila server from the fresh environment, real HTTP requests (loopback only)."""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

import pytest

from pinochle_tutor.classroom.progress import ENV_VAR
from tests.voila_site import REPO, Channel, voila_server

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

TEMPLATE_NAME = json.loads((REPO / "voila.json").read_text())["VoilaConfiguration"]["template"]
TEMPLATE = REPO / "hosting" / "voila-template" / TEMPLATE_NAME
INSTALLED = f"share/jupyter/voila/templates/{TEMPLATE_NAME}"
"""Where, under an environment's prefix, Voila looks for the template voila.json names."""
OFFLINE = re.compile(r"NewConnectionError|No matching distribution|Could not find a version")


def _run(cmd: list[str], cwd: Path | None = None, timeout: float = 600) -> None:
    """Run an install step; skip when it failed because PyPI is out of reach."""
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0 and OFFLINE.search(done.stderr):
        pytest.skip(f"PyPI is out of reach: {' '.join(cmd[:4])} ...")
    assert done.returncode == 0, done.stderr[-3000:]


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the checkout as a clone holds it (links kept: lessons/practice)."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=REPO, capture_output=True, check=True,
    ).stdout.decode().split("\0")  # fmt: skip
    root = tmp_path_factory.mktemp("clone")
    for name in filter(None, listed):
        source, target = REPO / name, root / name
        if not source.exists() and not source.is_symlink():
            continue  # deleted in the work tree, not yet in git
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target, follow_symlinks=False)
    return root


@pytest.fixture(scope="module")
def wheel(checkout: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel pip builds from the copy (in an isolated build environment, with the
    build-system's setuptools, as ``pip install .`` does)."""
    out = tmp_path_factory.mktemp("dist")
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check",
          "-q", "-w", str(out), str(checkout)])  # fmt: skip
    (built,) = out.glob("pinochle_tutor-*.whl")
    return built


def test_the_wheel_carries_every_file_of_the_template_as_data(wheel: Path) -> None:
    """Every file of the template folder, byte for byte, under the wheel's data files at
    the path Voila searches (pip puts ``<name>.data/data/X`` at ``{prefix}/X``)."""
    files = sorted(p.relative_to(TEMPLATE).as_posix() for p in TEMPLATE.rglob("*") if p.is_file())
    assert "conf.json" in files and "index.html.j2" in files
    with zipfile.ZipFile(wheel) as z:
        data = {
            n.split(f"/data/{INSTALLED}/", 1)[1]: z.read(n)
            for n in z.namelist()
            if re.match(rf"pinochle_tutor-[^/]+\.data/data/{re.escape(INSTALLED)}/", n)
        }
    assert sorted(data) == files, "pyproject.toml's data-files must ship the whole template"
    assert all(data[f] == (TEMPLATE / f).read_bytes() for f in files)
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text())
    assert INSTALLED in pyproject["tool"]["setuptools"]["data-files"]


def test_the_wheel_carries_the_course_content_as_package_data(wheel: Path) -> None:
    """Every file of ``pinochle_tutor/course/text`` (the outline, the lessons' prose),
    byte for byte, beside the package in the wheel, where ``content.py`` reads it."""
    text = REPO / "pinochle_tutor" / "course" / "text"
    files = sorted(p.relative_to(REPO).as_posix() for p in text.rglob("*") if p.is_file())
    assert "pinochle_tutor/course/text/course.toml" in files
    with zipfile.ZipFile(wheel) as z:
        shipped = {n: z.read(n) for n in z.namelist() if n.startswith("pinochle_tutor/course/text/")}
    assert sorted(shipped) == files, "pyproject.toml's package-data must ship the whole folder"
    assert all(shipped[f] == (REPO / f).read_bytes() for f in files)


def test_a_fresh_venv_with_the_wheel_serves_the_course(
    wheel: Path, checkout: Path, tmp_path: Path
) -> None:
    """``python -m venv``, ``pip install <wheel>``, then ``voila lessons/`` in the clone:
    the site's root answers with the lessons' folder, the welcome page is built with the course's
    template ("Dealing the cards ...") and its widgets, asked for over the kernel's
    websocket as a browser asks, hold the course outline's links; a practice page shows
    its quiz (the banks are the clone's, found from the page's folder)."""
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", str(venv)], timeout=120)
    python = venv / "bin" / "python"
    _run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)])

    # The template came with the install, and the packages are the wheel's, not the checkout's.
    assert (venv / INSTALLED / "index.html.j2").is_file(), f"no {INSTALLED} in the new venv"
    where = subprocess.run(
        [str(python), "-c", "import pinochle_tutor, pinochle_widgets, pinochle_site as s; "
         "print(pinochle_tutor.__file__, pinochle_widgets.__file__, s.__file__)"],
        cwd=tmp_path, capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    assert all(Path(f).resolve().is_relative_to(venv.resolve()) for f in where), where

    # Nothing of this environment's Jupyter paths or of the tester's home leaks in.
    env = {
        "HOME": str(tmp_path / "home"),
        "JUPYTER_PATH": "",
        "JUPYTER_CONFIG_PATH": "",
        "JUPYTER_DATA_DIR": "",
        "PYTHONPATH": "",
        ENV_VAR: str(tmp_path / "progress.sqlite"),
    }

    async def widget_states(base: str) -> str:
        channel = await Channel.open(base, "00_welcome.ipynb", 120)
        channel.ws.close()
        assert not channel.errors, channel.errors
        return json.dumps(channel.states)

    async def practice_quizzes(base: str) -> list[str]:
        """A practice page's quiz, whose bank the installed package finds in the clone."""
        channel = await Channel.open(base, "practice/01_meld_level1.ipynb", 120)
        channel.ws.close()
        assert not channel.errors, channel.errors
        return channel.models("pt-quiz-runner")

    with voila_server("lessons", env=env, cwd=checkout, voila=venv / "bin" / "voila") as site:
        with urllib.request.urlopen(f"{site}/", timeout=60) as reply:
            assert reply.status == 200
            tree = reply.read().decode("utf-8")
        # The tree page lists the folder in the browser, from the site's contents API.
        with urllib.request.urlopen(f"{site}/voila/api/contents", timeout=60) as reply:
            listed = {item["name"] for item in json.load(reply)["content"]}
        with urllib.request.urlopen(f"{site}/voila/render/00_welcome.ipynb", timeout=120) as reply:
            assert reply.status == 200
            page = reply.read().decode("utf-8")
        states = asyncio.run(widget_states(site))
        quizzes = asyncio.run(practice_quizzes(site))
    assert 'id="voila-tree-main"' in tree, "the site's root, Voila's tree page"
    assert {"00_welcome.ipynb", "04_meld.ipynb", "practice"} <= listed
    assert "Traceback" not in page
    assert "Dealing the cards ..." in page, "the course's page template"
    assert "Welcome to Pinochle Tutor" in page
    assert "04_meld.ipynb" in states and "practice/01_meld_level1.ipynb" in states, (
        "the course outline links the lessons and the practice pages"
    )
    assert len(quizzes) == 1, "the practice page shows its quiz"
