#!/usr/bin/env bash
# Installs what hosting/jupyterhub_config.py (and tests/test_jupyterhub.py) need:
#   jupyterhub              -> .venv (pip)
#   configurable-http-proxy -> hosting/node_modules (npm, versions pinned in
#                              hosting/package-lock.json)
#   axe-core                -> hosting/node_modules (the same lock; the WCAG engine that
#                              tests/test_browser_a11y.py injects into each page, no CDN)
#   the Voila template      -> .venv/share/jupyter/voila/templates/pinochle (a link to
#                              hosting/voila-template/pinochle; voila.json names it)
# Needs .venv (made by scripts/test.sh or scripts/serve.sh) and node >= 20 with npm.
#   bash scripts/install_hub.sh
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
PY=".venv/bin/python"

fail() { printf 'FAILED: %s\n' "$*" >&2; exit 1; }

[[ -x "$PY" ]] || fail "no .venv: run bash scripts/test.sh or bash scripts/serve.sh first"
# The course's Voila template, which the learners' servers render pages with (voila.json).
(source scripts/_common.sh && install_voila_template) || fail "installing the Voila template"
if [[ ! -x .venv/bin/jupyterhub ]]; then
    printf '==> Installing jupyterhub into .venv\n'
    "$PY" -m pip install -qq --disable-pip-version-check jupyterhub || fail "pip install jupyterhub"
fi
if [[ ! -x hosting/node_modules/.bin/configurable-http-proxy \
      || ! -f hosting/node_modules/axe-core/axe.min.js ]]; then
    command -v npm >/dev/null || fail "npm not found (install Node.js >= 20 with npm)"
    printf '==> Installing configurable-http-proxy and axe-core into hosting/node_modules (npm ci)\n'
    npm ci --prefix hosting --no-audit --no-fund --loglevel=error \
        || fail "npm ci --prefix hosting"
fi
