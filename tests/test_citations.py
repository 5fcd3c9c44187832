"""Every file a document or a docstring names is a file the repository holds.

A clone is all a new engineer, a teacher or a reviewer has: a README that sends them to
a file the repository does not hold (as "the project's RULES.md" once did) is a dead
end. This test reads every Markdown file, the docstrings and comments of the Python
files and the Markdown cells and code comments of the notebooks, finds the names that
look like files (``pinochle_tutor/rules.py``, ``RULES.md``, ``04_meld.ipynb``,
``hosting/kubernetes/``) and checks each against the work tree.

A name is held when it is a path from the repository's root, from the citing file's
folder or any folder above it (``course/quiz/round.py`` in ``pinochle_tutor/``), from
``lessons/`` or ``lessons/practice/`` (the site's folders, where ``practice/`` is
``exercises/``: its pages name each other from there), a module's
dotted name (``pinochle_tutor.svg``), or, written alone without a folder, the name of a
file somewhere in the repository (``worked.py``). ``pinochle_widgets/`` is
``widgets/`` (its installed name). Web addresses are not file names; a path elided
with ``...`` is an example. The names of files made at run time, by the tests, by
other projects or by a teacher are listed in :data:`NOT_IN_THE_REPOSITORY`, each with
why: nothing else is let through."""

from __future__ import annotations

import ast
import io
import json
import os
import re
import tokenize
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

SKIPPED = {
    ".git",
    ".venv",
    "__pycache__",
    ".pytest_cache",
    ".mypy_cache",
    ".ruff_cache",
    ".hypothesis",
    ".ipynb_checkpoints",
    "test-artifacts",
    "build",
    "dist",
    "node_modules",
}
"""Folders the repository does not hold (``.gitignore``'s, and npm's installs; every
hidden folder is left out too: Jupyter's and the tools' own)."""

CODE_FOLDERS = (
    "pinochle_tutor",
    "widgets",
    "pinochle_site",
    "scripts",
    "tests",
    "lessons",
    "exercises",
    "benchmarks",
    "hosting",
)
"""The folders whose Python files and notebooks are read (every Markdown file is)."""

EXTENSIONS = (
    "py|md|ipynb|toml|json|sh|txt|yaml|yml|j2|html|cfg|ini|mjs|js|css|csv|sqlite|db|lock|svg"
)
FILE_NAME = re.compile(
    r"(?<![\w/.@~$+-])((?:\.\.?/)?(?:[\w.-]+/)*[\w-]+(?:\.[\w-]+)*\.(?:" + EXTENSIONS + r"))"
    r"(?![\w/])"
)
"""A file name with one of the extensions the repository's files have, with or
without folders (not inside a longer word or path, not after ``@``, ``~`` or ``$``)."""
FOLDER_NAME = re.compile(r"(?<![\w/.@~$:-])((?:[\w-]+/)+)(?![\w.-])")
"""A folder path ending in ``/``; checked when its first folder is one of the
repository's own top-level folders (``hosting/kubernetes/``), not a made-up one."""
WEB_ADDRESS = re.compile(r"\b(?:https?|file)://\S+")
SHELL_OUTPUT = re.compile(r"\S[ \t]+>>?[ \t]*\Z")
"""What comes before a file a shell command writes (``find_problems.py ... > more.toml``):
a file the command makes, not one the repository holds."""

NOT_IN_THE_REPOSITORY: dict[str, str] = {
    "seed/000_8e3390f3ec8e547a.txt": "the seed document RULES.md quotes, in the project's "
    "shared folder outside the repository (RULES.md says so)",
    "progress.json": "a learner's progress file, written by the tutor at run time",
    "progress.sqlite": "a learner's progress database, written by the tutor at run time",
    "alice/progress.sqlite": "a learner's progress database in a hub's home folder, as an example",
    "alice/.pinochle_tutor/progress.sqlite": "a learner's progress database in a hub's home "
    "folder, as an example",
    "class.sqlite": "the class's database, written by the site at run time",
    "class/alice/progress.json": "a learner's file in a teacher's class folder, as an example",
    "class/bob.json": "a learner's file in a teacher's class folder, as an example",
    "class.csv": "the table scripts/collect_progress.py writes for the teacher",
    "rules.csv": "the table scripts/collect_progress.py writes for the teacher",
    "mine.toml": "an example name for a teacher's own problem file",
    "double_deck.toml": "a house rules file a teacher writes in the folder "
    "$PINOCHLE_TUTOR_RULES_CHOICES names, as an example",
    "three_handed.toml": "a house rules file a teacher writes in the folder "
    "$PINOCHLE_TUTOR_RULES_CHOICES names, as an example",
    "X.html": "any page's name, as an example",
    "X.ipynb": "any notebook's name, as an example",
    "voici/render/x/NAME.html": "any page the static build writes, as an example",
    "voici/render/PAGE.html": "any page the static build writes, as an example",
    "course.html": "a page the static build (scripts/build_static.sh) writes into build/",
    "index.html": "a page the static build (scripts/build_static.sh) writes into build/",
    "voici/render/course.html": "a page the static build writes into build/",
    "pyodide-lock.json": "Pyodide's own file, downloaded by hosting/static/vendor.py",
    "axe.min.js": "axe-core's script, installed by npm from hosting/package-lock.json",
    "Chart.yaml": "the JupyterHub Helm chart's file, in the chart's own repository",
    "jupyterhub/values.yaml": "a file of the zero-to-jupyterhub chart's repository",
    "jupyterhub/values.schema.yaml": "a file of the zero-to-jupyterhub chart's repository",
    "tools/generate-json-schema.py": "a script of the zero-to-jupyterhub chart's repository",
    "secrets.yaml": "the Kubernetes secrets file the site's administrator writes",
    "site.yaml": "the Helm values file the site's administrator writes",
    "chess.svg": "python-chess's SVG module, the model STYLE.md names",
    "Node.js": "a program's name, not a file",
    "hosting/homes/": "JupyterHub's learners' home folders, made when the hub runs",
    "hosting/state/": "JupyterHub's database and cookie secret, made when the hub runs",
}
"""Names that look like files of the repository but are not, and why."""


def repository_files() -> Iterator[Path]:
    """Every file of the work tree the repository holds (not the ignored folders)."""
    for root, folders, files in os.walk(REPO):
        folders[:] = sorted(
            f
            for f in folders
            if f not in SKIPPED and not f.startswith(".") and not f.endswith(".egg-info")
        )
        for name in sorted(files):
            yield Path(root, name)


FILES = [p.relative_to(REPO).as_posix() for p in repository_files()]
BASENAMES = {f.rsplit("/", 1)[-1] for f in FILES}
TOP_FOLDERS = {f.split("/", 1)[0] for f in FILES if "/" in f}


def python_texts(source: str) -> Iterator[tuple[int, str]]:
    """The docstrings (and attribute docstrings: every string standing alone as a
    statement) and the comments of a Python file, with their line numbers."""
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            yield node.lineno, node.value.value
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string


def notebook_texts(source: str) -> Iterator[tuple[int, str]]:
    """The Markdown cells and the code cells' comments of a notebook, by cell number."""
    for number, cell in enumerate(json.loads(source)["cells"], 1):
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            yield number, text
        elif cell["cell_type"] == "code":
            yield number, "\n".join(ln for ln in text.splitlines() if ln.lstrip().startswith("#"))


@cache
def documents() -> tuple[tuple[str, int, str], ...]:
    """(file, line or cell, text) of every text this test reads."""
    return tuple(_documents())


def _documents() -> Iterator[tuple[str, int, str]]:
    for rel in FILES:
        path = REPO / rel
        if rel.endswith(".md"):
            yield rel, 1, path.read_text(encoding="utf-8")
        elif rel.startswith(CODE_FOLDERS) and rel.endswith(".py"):
            for line, text in python_texts(path.read_text(encoding="utf-8")):
                yield rel, line, text
        elif rel.startswith(CODE_FOLDERS) and rel.endswith(".ipynb"):
            for cell, text in notebook_texts(path.read_text(encoding="utf-8")):
                yield rel, cell, text


def names_in(text: str) -> list[str]:
    """The file and folder names ``text`` cites."""
    text = WEB_ADDRESS.sub(" ", text)
    found = [
        m.group(1) for m in FILE_NAME.finditer(text) if not SHELL_OUTPUT.search(text, 0, m.start())
    ]
    found += [
        m.group(1) for m in FOLDER_NAME.finditer(text) if m.group(1).split("/", 1)[0] in TOP_FOLDERS
    ]
    return [n for n in found if not n.startswith("...")]


def module_exists(name: str) -> bool:
    """Whether the dotted ``name`` is a module of the repository (or an attribute of
    one): ``pinochle_tutor.svg`` is ``pinochle_tutor/svg.py``."""
    parts = name.replace("pinochle_widgets", "widgets").split(".")
    for k in range(len(parts), 1, -1):
        path = REPO.joinpath(*parts[:k])
        if path.with_suffix(".py").is_file() or (path / "__init__.py").is_file():
            return True
    return False


SITE_FOLDERS = (REPO / "lessons", REPO / "lessons" / "practice")
"""The site's folders: a page names another relative to its own (``../00_welcome.ipynb``
from a practice page); ``lessons/practice`` is a link to ``exercises``, so a path is
resolved as written (``lessons/practice/..`` is ``lessons``), not through the link."""


def held(name: str, citing: str) -> bool:
    """Whether the repository holds the file or folder ``name`` cited in ``citing``."""
    if name in NOT_IN_THE_REPOSITORY:
        return True
    path = name.removeprefix("./").replace("pinochle_widgets/", "widgets/")
    if "/" not in path.rstrip("/") and path.rstrip("/") in BASENAMES:
        return True
    folder = (REPO / citing).parent
    bases = [REPO, *SITE_FOLDERS, REPO / "pinochle_tutor", *folder.parents, folder]
    for base in bases:
        if REPO in (base, *base.parents) and Path(os.path.normpath(base / path)).exists():
            return True
    return "/" not in path and module_exists(path)


def missing_in(text: str, citing: str) -> list[str]:
    return [n for n in names_in(text) if not held(n, citing)]


def test_every_cited_file_is_held() -> None:
    missing = [
        f"{rel}:{where} names {name}"
        for rel, where, text in documents()
        for name in missing_in(text, rel)
    ]
    assert missing == []


def test_every_exception_is_still_cited_and_not_held() -> None:
    """An exception no document cites any more, or that names a file the repository
    now holds, is taken off the list, so the list stays the short one it should be."""
    cited = {name for _, _, text in documents() for name in names_in(text)}
    assert sorted(set(NOT_IN_THE_REPOSITORY) - cited) == []
    assert [n for n in NOT_IN_THE_REPOSITORY if (REPO / n).exists()] == []


def test_the_documents_read_include_the_rules_of_record() -> None:
    """The scan reaches the documents it is for: RULES.md's citations from the
    package's README, a test's docstring and a notebook's Markdown."""
    citing = {(rel, name) for rel, _, text in documents() for name in names_in(text)}
    assert ("pinochle_tutor/README.md", "RULES.md") in citing
    assert ("tests/test_tricks.py", "RULES.md") in citing
    assert any(rel.endswith(".ipynb") for rel, _ in citing)


RULES_QUOTE = re.compile(r'RULES\.md[^"\n]{0,60}?:\s+"([^"]+)"')
"""A sentence quoted from RULES.md: ``RULES.md: "..."`` or ``RULES.md trick rules: "..."``."""


def misquoted(text: str, rules: str) -> list[str]:
    """The quotations of RULES.md in ``text`` that ``rules`` (its text) does not hold,
    spaces and line breaks aside."""
    held_text = " ".join(rules.split())
    quotes = (" ".join(m.group(1).split()).rstrip(".") for m in RULES_QUOTE.finditer(text))
    return [q for q in quotes if q not in held_text]


def test_every_quotation_of_rules_md_is_in_it() -> None:
    """A docstring that quotes RULES.md quotes what it says, so a change of the rules of
    record shows every test written from the old words."""
    rules = (REPO / "RULES.md").read_text(encoding="utf-8")
    quoted = [(rel, where, text) for rel, where, text in documents() if RULES_QUOTE.search(text)]
    assert len(quoted) >= 5
    wrong = [f"{rel}:{where}: {q!r}" for rel, where, t in quoted for q in misquoted(t, rules)]
    assert wrong == []
    assert misquoted('RULES.md: "open at 240 or more".', rules) == ["open at 240 or more"]


@pytest.mark.parametrize(
    ("text", "citing", "missing"),
    [
        (
            "the rules of record (`pinochle_tutor/RULES.md`)",
            "README.md",
            ["pinochle_tutor/RULES.md"],
        ),
        (
            "see ``course/quiz/nowhere.py``",
            "pinochle_tutor/course/worked.py",
            ["course/quiz/nowhere.py"],
        ),
        ("lesson `04_melds.ipynb`", "lessons/README.md", ["04_melds.ipynb"]),
        ("`hosting/nowhere/`", "hosting/README.md", ["hosting/nowhere/"]),
        ("the seed's `seed/000_ffff.txt`", "RULES.md", ["seed/000_ffff.txt"]),
        ("RULES.md, `pinochle_tutor/rules.py`", "README.md", []),
        ("``course/quiz/round.py``", "pinochle_tutor/course/worked.py", []),
        ("`practice/01_meld_level1.ipynb`", "widgets/navigation.py", []),
        ("``pinochle_widgets/cards.py``, ``pinochle_tutor.svg``", "tests/test_svg.py", []),
        ("https://example.org/nowhere.py and `.../alice/x.json`", "README.md", []),
        ("python scripts/find_problems.py exchange > fresh.toml", "exercises/README.md", []),
        ("> nowhere.toml, quoted", "RULES.md", ["nowhere.toml"]),
    ],
)
def test_a_file_the_repository_does_not_hold_is_caught(
    text: str, citing: str, missing: list[str]
) -> None:
    assert missing_in(text, citing) == missing
