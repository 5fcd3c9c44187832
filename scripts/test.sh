#!/usr/bin/env bash
# The one command that installs what the checks need and runs them all:
#   ruff check .  ->  mypy  ->  pytest (all of tests/)
# Needs only python3 (>= 3.10) on the machine. Extra arguments go to pytest, e.g.
#   bash scripts/test.sh -k scoring -x
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/_common.sh"
cd "$REPO_ROOT"

# Debian's chromium for the Playwright browser tests (tests/test_*browser*.py).
ensure_chromium() {
    [[ -x /usr/bin/chromium ]] && return 0
    step "Installing Debian's chromium (browser tests need /usr/bin/chromium)"
    as_root apt-get update && as_root env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y chromium
}

# Debian's PostgreSQL for the classroom store's tests on a real server: tests/postgres_server.py
# starts a throwaway cluster of its own with these binaries (the packaged cluster is not used).
ensure_postgresql() {
    compgen -G '/usr/lib/postgresql/*/bin/pg_ctl' >/dev/null && return 0
    step "Installing Debian's postgresql (the store's tests need a real PostgreSQL server)"
    as_root apt-get update && as_root env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y postgresql
}

has_browser_tests() {
    [[ -d tests && -n "$(find tests -type f -name '*browser*' -print -quit)" ]]
}

# The package list in pyproject.toml is explicit (because of the widgets -> pinochle_widgets
# rename), so a new sub-package must be added there or a normal install would lack it.
check_package_list() {
    "$PY" - <<'PYEOF'
import sys
from pathlib import Path

if sys.version_info < (3, 11):  # tomllib is 3.11+; the check is a convenience only
    sys.exit(0)
import tomllib

cfg = tomllib.loads(Path("pyproject.toml").read_text())["tool"]["setuptools"]
listed = set(cfg["packages"])
dirs = {"pinochle_tutor": Path("pinochle_tutor"), **{
    name: Path(path) for name, path in cfg.get("package-dir", {}).items() if name}}
missing = []
for name, root in dirs.items():
    for init in sorted(root.rglob("__init__.py")):
        rel = init.parent.relative_to(root).parts
        if "__pycache__" in rel:
            continue
        pkg = ".".join((name, *rel))
        if pkg not in listed:
            missing.append(pkg)
if missing:
    print("pyproject.toml [tool.setuptools] packages is missing: " + ", ".join(missing)
          + " (add them there, or a normal install would lack them)")
    sys.exit(1)
PYEOF
}

# --quick: the loop to work in. ruff, mypy and the unit, property and golden tests
# (docstring examples included), with hypothesis' "dev" profile and no install beyond the
# venv: no npm, no chromium, no static build, no server, no notebook. What it leaves out
# (browser, site and notebook tests, and the tests marked slow) only the full run runs.
if [[ "${1:-}" == "--quick" ]]; then
    shift
    ensure_venv
    [[ -x "$VENV/bin/pytest" ]] || install_package test
    step "ruff check ."
    "$VENV/bin/ruff" check . || fail "ruff check"
    step "mypy"
    "$VENV/bin/mypy" || fail "mypy"
    step "pytest --quick: unit, property and golden tests${*:+ ($*)}"
    export PINOCHLE_TUTOR_SEED="${PINOCHLE_TUTOR_SEED:-2024}" HYPOTHESIS_PROFILE=dev
    workers="${PYTEST_WORKERS:-2}"
    parallel=()
    [[ "$workers" != 0 ]] && parallel=(-n "$workers" --dist load)  # test by test: no module holds a worker
    rc=0
    # No notebook is collected (no nbval), nor a browser or site test file (each only
    # imports what the full run needs): each worker's collection is seconds shorter.
    skip=(-p no:nbval --ignore-glob='tests/test_browser_*' --ignore-glob='tests/test_site_*'
          --ignore=tests/test_static_site.py --ignore=tests/test_jupyterhub.py
          --ignore=tests/test_kubernetes.py)
    "$VENV/bin/pytest" "${parallel[@]}" "${skip[@]}" -q --doctest-modules pinochle_tutor tests \
        -m "(unit or property or golden) and not slow" "$@" || rc=$?
    [[ $rc -eq 0 ]] || fail "pytest --quick (exit code $rc)"
    printf '\nQuick checks passed (browser, site, notebook and slow tests left out).\n'
    exit 0
fi

ensure_venv

install_package test
check_package_list || fail "package list in pyproject.toml"

step "Installing JupyterHub's proxy (configurable-http-proxy, npm) for the hub test"
bash scripts/install_hub.sh || fail "installing jupyterhub / configurable-http-proxy"

if has_browser_tests; then
    ensure_chromium || fail "installing chromium"
fi
ensure_postgresql || fail "installing postgresql"
# Installed just above: a store test that cannot start its server fails instead of skipping.
export PINOCHLE_REQUIRE_POSTGRES=1

# The static site (tests/test_static_site.py serves it to the browser): built here so CI
# runs that test instead of skipping it.
step "Building the static site (scripts/build_static.sh)"
command -v npm >/dev/null \
    || fail "npm not found (the static site's Pyodide runtime comes from the npm registry)"
bash scripts/build_static.sh >/dev/null \
    || fail "building the static site (scripts/build_static.sh; its FAILED line above says which step)"

step "ruff check ."
"$VENV/bin/ruff" check . || fail "ruff check"

step "mypy"
"$VENV/bin/mypy" || fail "mypy"

step "pytest: docstring examples, tests, lesson and exercise notebooks${*:+ ($*)}"
rc=0
# Widgets built without a seed deal fresh cards and draw fresh questions on every page;
# one fixed PINOCHLE_TUTOR_SEED makes the notebooks under nbval (and the tests) reproducible.
# Tests of the per-page behaviour unset it themselves (monkeypatch, the browser tests).
export PINOCHLE_TUTOR_SEED="${PINOCHLE_TUTOR_SEED:-2024}"
# Every docstring example of the engine (--doctest-modules), tests/, and the notebooks no
# browser test executes, under nbval (NBVAL_NOTEBOOKS: the teacher's page). Every lesson and
# practice notebook is executed as a learner's page by the browser walks
# (tests/test_browser_walk.py: under every rule set, each cell's error found as nbval
# would find it), so nbval does not run them again; tests/test_kinds.py checks that every
# notebook is run by one or the other.
# Two worker processes (pytest-xdist; PYTEST_WORKERS=0 runs in this process alone): the
# browser tests wait on kernels and Chromium much of the time, which the other worker
# fills. --dist loadscope keeps each test module (or class), and each notebook's cells, in
# one worker, in order (nbval runs a notebook's cells in one kernel). --durations lists the
# slowest tests; test-artifacts/durations-<worker>.json has every test's seconds.
NBVAL_NOTEBOOKS=(lessons/teacher.ipynb)
workers="${PYTEST_WORKERS:-2}"
parallel=()
[[ "$workers" != 0 ]] && parallel=(-n "$workers" --dist loadscope)
"$VENV/bin/pytest" "${parallel[@]}" --durations=25 --nbval-lax --doctest-modules pinochle_tutor \
    tests "${NBVAL_NOTEBOOKS[@]}" "$@" || rc=$?
if [[ $rc -eq 5 ]]; then
    fail "pytest collected no tests (exit code 5); the project must always have tests"
elif [[ $rc -ne 0 ]]; then
    fail "pytest (exit code $rc)"
fi

printf '\nAll checks passed.\n'
