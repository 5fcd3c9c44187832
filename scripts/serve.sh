#!/usr/bin/env bash
# The one command that installs Pinochle Tutor and serves the lessons as a Voila site.
#   bash scripts/serve.sh            # http://127.0.0.1:8866/
#   PORT=9000 bash scripts/serve.sh  # another port
# Needs only python3 (>= 3.10) on the machine. Extra arguments are passed to voila.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/_common.sh"
cd "$REPO_ROOT"
PORT="${PORT:-8866}"

ensure_venv
install_package

step "Serving lessons/ with Voila (settings in voila.json)"
printf '    Open http://127.0.0.1:%s/voila/render/00_welcome.ipynb in a browser\n' "$PORT"
printf '    (the course outline; every lesson is listed at http://127.0.0.1:%s/). Ctrl-C to stop.\n\n' "$PORT"
# voila.json in this folder holds the site's configuration (the course's page template,
# which install_package links into .venv; no tracebacks, sources stripped, idle kernels
# culled); lessons/house_rules.toml holds the house rules.
exec "$VENV/bin/voila" lessons/ \
    --no-browser \
    --Voila.ip=127.0.0.1 \
    --port="$PORT" \
    "$@"
