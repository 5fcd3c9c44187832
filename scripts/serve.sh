#!/usr/bin/env bash
# The one command that installs Pinochle Tutor and serves the lessons as a Voila site.
#   bash scripts/serve.sh            # http://127.0.0.1:8866/
#   PORT=9000 bash scripts/serve.sh  # another port
# Needs only python3 (>= 3.10) on the machine. Extra arguments are passed to voila.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
REPO_ROOT="$(pwd)"
VENV="$REPO_ROOT/.venv"
PY="$VENV/bin/python"
PORT="${PORT:-8866}"

step() { printf '==> %s\n' "$*"; }
fail() { printf 'FAILED: %s\n' "$*" >&2; exit 1; }
as_root() {
    if [[ "$(id -u)" -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

if [[ ! -x "$PY" ]]; then
    step "Creating virtualenv in .venv"
    if ! python3 -m venv "$VENV"; then
        # Debian's python3 ships venv/ensurepip separately.
        rm -rf "$VENV"
        command -v apt-get >/dev/null || fail "python3 -m venv (install your OS's venv package)"
        step "Installing Debian's python3-venv"
        as_root apt-get update && as_root env DEBIAN_FRONTEND=noninteractive \
            apt-get install -y python3-venv || fail "installing python3-venv"
        python3 -m venv "$VENV" || fail "python3 -m venv"
    fi
fi

step "Installing pinochle-tutor (pip install -e .)"
# Same editable mode as scripts/test.sh (see pyproject.toml [tool.mypy]), so both
# scripts share one .venv without reinstalling each other's way.
"$PY" -m pip install -qq --disable-pip-version-check \
    --config-settings editable_mode=strict -e . || fail "pip install"

step "Serving lessons/ with Voila (settings in voila.json)"
printf '    Open http://127.0.0.1:%s/voila/render/00_welcome.ipynb in a browser\n' "$PORT"
printf '    (the course outline; every lesson is listed at http://127.0.0.1:%s/). Ctrl-C to stop.\n\n' "$PORT"
# voila.json in this folder holds the site's configuration (template, no tracebacks,
# sources stripped, idle kernels culled); lessons/house_rules.toml holds the house rules.
exec "$VENV/bin/voila" lessons/ \
    --no-browser \
    --Voila.ip=127.0.0.1 \
    --port="$PORT" \
    "$@"
