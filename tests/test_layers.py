"""The package's layers, read from the source's own import statements.

    pinochle_tutor (core rules) <- explain/, sim/ <- coach/ <- bots/ <- course/
        <- pinochle_widgets <- notebooks
    pinochle_tutor (core rules) <- classroom/ <- course/
    pinochle_tutor (core rules) <- classroom/ <- pinochle_site (the Jupyter server extension)

The simulation machinery (``sim/``: knowledge, playouts, the endgame solver, the
paired statistics) imports only the core; the coach (``coach/``: one module per
decision) imports it and the explanations; the computer players (``bots/``) may use the
coach. None of them imports the course, the classroom or the widgets.

The classroom (who is learning, their progress, the house rules file) imports only
the core. The server extension imports only the classroom and the core, nothing
imports it (``voila.json`` names its classes), and it is the only place that imports
the Jupyter server (the widgets run in a page's kernel, never in the server).

Every import counts, including those under ``if TYPE_CHECKING:`` and inside
functions: a lazy import still ties two modules together. The one allowed
back-edge is the display hook (``Card._repr_svg_`` importing ``svg`` inside the
method, as python-chess does), and it stays inside the core.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {
    "pinochle_tutor": ROOT / "pinochle_tutor",
    "pinochle_widgets": ROOT / "widgets",
    "pinochle_site": ROOT / "pinochle_site",
}

CORE, EXPLAIN, SIM, COACH = "core", "explain", "sim", "coach"
BOTS, CLASSROOM, COURSE, WIDGETS, SITE = "bots", "classroom", "course", "widgets", "site"
ENGINE = {CORE, EXPLAIN, SIM, COACH, BOTS}
"""The layers below the course: the rules, explanations, simulation, coach and players."""
ALLOWED: dict[str, set[str]] = {
    CORE: {CORE},
    EXPLAIN: {CORE, EXPLAIN},
    SIM: {CORE, SIM},
    COACH: {CORE, EXPLAIN, SIM, COACH},
    BOTS: {CORE, EXPLAIN, SIM, COACH, BOTS},
    CLASSROOM: {CORE, CLASSROOM},
    COURSE: {*ENGINE, CLASSROOM, COURSE},
    WIDGETS: {*ENGINE, CLASSROOM, COURSE, WIDGETS},
    SITE: {CORE, CLASSROOM, SITE},
}
LAZY_DISPLAY_HOOK = {("pinochle_tutor.cards", "pinochle_tutor.svg")}
"""Imports made inside a method for Jupyter's display (no cycle at import time)."""
JUPYTER = {
    "ipywidgets",
    "IPython",
    "ipykernel",
    "jupyter_client",
    "traitlets",
    "voila",
    "comm",
    "pandas",
}
"""What the engine never imports (pandas too: the course must run where it is missing)."""
SERVER = {"jupyter_server", "tornado", "voila"}
"""What only the server extension imports: the widgets run in a page's kernel."""


def _module_name(package: str, root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([package, *parts])


def _modules() -> dict[str, Path]:
    found = {}
    for package, root in PACKAGES.items():
        for path in sorted(root.rglob("*.py")):
            if "__pycache__" not in path.parts:
                found[_module_name(package, root, path)] = path
    return found


MODULES = _modules()


def _resolve(name: str, level: int, here: str, is_package: bool) -> str:
    if not level:
        return name
    base = here.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join([*base, name] if name else base)


def _imports(module: str, source: str | None = None) -> set[str]:
    """Every module of ours that ``module`` imports (the longest known prefix), and
    every third-party top-level name it imports."""
    path = MODULES[module]
    tree = ast.parse(path.read_text() if source is None else source, str(path))
    is_package = path.name == "__init__.py"
    out: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(node.module or "", node.level, module, is_package)
            names = [f"{target}.{a.name}" for a in node.names] + [target]
        for name in names:
            known = [m for m in MODULES if name == m or name.startswith(m + ".")]
            if known:
                out.add(max(known, key=len))
            elif name.split(".")[0] not in PACKAGES:
                out.add(name.split(".")[0])
    out.discard(module)
    return out


GRAPH = {m: _imports(m) for m in MODULES}


def layer(module: str) -> str:
    """The layer a module of ours belongs to."""
    if module.startswith("pinochle_widgets"):
        return WIDGETS
    if module.startswith("pinochle_site"):
        return SITE
    parts = module.split(".")
    if len(parts) > 1 and parts[1] in (EXPLAIN, SIM, COACH, BOTS, CLASSROOM, COURSE):
        return parts[1]
    return CORE


def _edges() -> list[tuple[str, str]]:
    return [(a, b) for a, targets in GRAPH.items() for b in targets if b in MODULES]


def test_the_tree_shows_the_layers() -> None:
    layers = {layer(m) for m in MODULES}
    assert layers == {CORE, EXPLAIN, SIM, COACH, BOTS, CLASSROOM, COURSE, WIDGETS, SITE}
    for sub in (EXPLAIN, SIM, COACH, BOTS, CLASSROOM, COURSE):
        assert (ROOT / "pinochle_tutor" / sub / "__init__.py").is_file()
    assert (ROOT / "pinochle_site" / "__init__.py").is_file()


@pytest.mark.parametrize("module", sorted(MODULES))
def test_each_module_imports_only_its_own_layer_and_those_below(module: str) -> None:
    for target in sorted(GRAPH[module]):
        if target not in MODULES or (module == "pinochle_tutor" and target in MODULES):
            continue
        assert layer(target) in ALLOWED[layer(module)], (
            f"{module} ({layer(module)}) imports {target} ({layer(target)}): "
            f"a {layer(module)} module may import only {sorted(ALLOWED[layer(module)])}"
        )


def test_the_package_root_exports_only_core_rules() -> None:
    """``from pinochle_tutor import ...`` is the rules: the root re-exports the core,
    never a higher layer (which would make the core import it)."""
    assert {layer(t) for t in GRAPH["pinochle_tutor"] if t in MODULES} == {CORE}


@pytest.mark.parametrize("module", sorted(m for m in MODULES if layer(m) not in (WIDGETS, SITE)))
def test_nothing_in_the_engine_imports_jupyter(module: str) -> None:
    assert not GRAPH[module] & JUPYTER, f"{module} imports {sorted(GRAPH[module] & JUPYTER)}"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if layer(m) != SITE))
def test_only_the_site_imports_the_jupyter_server(module: str) -> None:
    """The server extension (kernel manager, websocket, identity provider, templates)
    lives in ``pinochle_site``; the widgets and the engine never import the server."""
    assert not GRAPH[module] & SERVER, f"{module} imports {sorted(GRAPH[module] & SERVER)}"


def test_the_site_depends_on_the_classroom_not_the_widgets() -> None:
    """The server extension reads who is learning and the class database, nothing a
    page shows; the check would see it if it imported a widget."""
    site = {t for m in MODULES if layer(m) == SITE for t in GRAPH[m] if t in MODULES}
    assert {layer(t) for t in site} <= {CORE, CLASSROOM, SITE}
    assert any(layer(t) == CLASSROOM for t in site)
    found = _imports("pinochle_site.kernels", "from pinochle_widgets.identity import LearnerCard\n")
    assert WIDGETS in {layer(t) for t in found if t in MODULES}


def _cycles() -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    graph = {
        m: {t for t in GRAPH[m] if t in MODULES and (m, t) not in LAZY_DISPLAY_HOOK}
        for m in MODULES
    }
    # A package's __init__ re-exporting its own submodules is not a cycle of the design.
    for m in graph:
        graph[m] = {t for t in graph[m] if not t.startswith(m + ".")}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycles() -> None:
    assert _cycles() == []


def test_the_cycle_check_can_fail() -> None:
    """The checker itself finds a cycle when one is there."""
    GRAPH["pinochle_tutor.rules"].add("pinochle_tutor.game")
    try:
        assert _cycles()
    finally:
        GRAPH["pinochle_tutor.rules"].discard("pinochle_tutor.game")


def test_the_layer_check_reads_lazy_and_type_checking_imports() -> None:
    """A local import inside a function counts (that is how knowledge.py once
    reached back into game.py)."""
    local = "def f():\n    from pinochle_tutor.game import Hand\n"
    typing_only = "if TYPE_CHECKING:\n    from ..course import positions\n"
    found = _imports("pinochle_tutor.explain.play", local + typing_only)
    assert {"pinochle_tutor.game", "pinochle_tutor.course.positions"} <= found


def test_notebooks_use_the_widgets_and_the_core_only() -> None:
    """Notebooks stay thin: they import the widgets (and core names for a sentence),
    never the course's or the classroom's internals."""
    for nb in sorted([*ROOT.glob("lessons/*.ipynb"), *ROOT.glob("exercises/*.ipynb")]):
        cells = json.loads(nb.read_text())["cells"]
        code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        for line in code.splitlines():
            if "import" in line and "pinochle_tutor." in line:
                target = line.split("pinochle_tutor.")[1].split()[0]
                assert target.split(".")[0] not in (COURSE, SIM, COACH, BOTS, EXPLAIN, CLASSROOM), (
                    nb.name,
                    line,
                )
            assert not ("import" in line and "pinochle_site" in line), (nb.name, line)


def test_importing_the_engine_loads_no_jupyter_module() -> None:
    code = (
        "import sys, pinochle_tutor, pinochle_tutor.explain, pinochle_tutor.sim,"
        " pinochle_tutor.coach, pinochle_tutor.bots,"
        " pinochle_tutor.course.table.session, pinochle_tutor.classroom.progress,"
        " pinochle_tutor.classroom.dashboard, pinochle_tutor.classroom.display\n"
        f"print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in {sorted(JUPYTER)!r})))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


CORE_PLAYER = {"pinochle_tutor.players"}
"""The core's own player module: the ``Player`` protocol, and ``RandomPlayer``, which the
package root exports for the rules' own games (a random legal action, no strategy)."""


def _computer_players(source: str) -> list[str]:
    """The classes in ``source`` that are computer players: each decides a seat's bid and
    card from its view (``bid(self, view)`` and ``play(self, view)``), as ``Hand.act``
    asks; a ``Protocol`` describes players and is none."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ClassDef):
            continue
        if any(isinstance(b, ast.Name) and b.id == "Protocol" for b in node.bases):
            continue
        asks_view = {
            f.name
            for f in node.body
            if isinstance(f, ast.FunctionDef) and [a.arg for a in f.args.args[1:2]] == ["view"]
        }
        if {"bid", "play"} <= asks_view:
            out.append(node.name)
    return out


@pytest.mark.parametrize("module", sorted(MODULES))
def test_every_computer_player_lives_in_bots(module: str) -> None:
    """A computer player is a class of ``bots/`` (the heuristic player too: the policy it
    plays by is ``sim/policy``'s, asked on a view by the coach without a player)."""
    if layer(module) == BOTS or module in CORE_PLAYER:
        return
    assert not _computer_players(MODULES[module].read_text()), module


def test_the_computer_player_check_can_fail() -> None:
    """The check finds a player where one is written, and not the game's own ``Hand``
    (whose ``bid`` takes a seat) nor a protocol."""
    player = "class P:\n    def bid(self, view): ...\n    def play(self, view): ...\n"
    hand = "class Hand:\n    def bid(self, seat, amount): ...\n    def play(self, seat, card): ...\n"
    protocol = "class Q(Protocol):\n    def bid(self, view): ...\n    def play(self, view): ...\n"
    assert _computer_players(player) == ["P"]
    assert _computer_players(hand + protocol) == []
    assert _computer_players(MODULES["pinochle_tutor.bots.heuristic"].read_text()) == [
        "HeuristicPlayer"
    ]


def test_the_coach_takes_its_simulation_from_sim_not_from_another_decision() -> None:
    """The auction's inference and the deal simulators are ``sim/``'s (``inference``,
    ``bidding``, ``exchange``): a coach module imports another decision's module only for
    its evaluation, never the exchange from the bidding model's module."""
    assert "pinochle_tutor.coach.bid" not in GRAPH["pinochle_tutor.coach.exchange"]
    for name in ("inference", "bidding", "exchange"):
        assert f"pinochle_tutor.sim.{name}" in MODULES


MOST_LINES = 800
"""The longest module of the engine's upper floors (``explain/``, ``sim/``, ``coach/``,
``bots/``): one concern a module, read in one sitting."""


@pytest.mark.parametrize(
    "module", sorted(m for m in MODULES if layer(m) in (EXPLAIN, SIM, COACH, BOTS))
)
def test_each_module_of_the_upper_floors_keeps_to_one_concern(module: str) -> None:
    lines = len(MODULES[module].read_text().splitlines())
    assert lines <= MOST_LINES, f"{module} has {lines} lines (at most {MOST_LINES})"
