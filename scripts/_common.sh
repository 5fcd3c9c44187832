# Shared by scripts/test.sh and scripts/serve.sh (sourced, not run): the paths, the
# messages, and setting up .venv with this package installed.
REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$REPO_ROOT/.venv"
PY="$VENV/bin/python"

step() { printf '\n==> [%ss] %s\n' "$SECONDS" "$*"; }  # $SECONDS: since the script started
fail() { printf '\nFAILED: %s\n' "$*" >&2; exit 1; }

# Runs a command as root: directly when we are root, else through sudo.
as_root() {
    if [[ "$(id -u)" -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

ensure_venv() {
    [[ -x "$PY" ]] && return 0
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
}

# install_package [EXTRAS]: pip install -e ".[EXTRAS]" as a link tree
# (editable_mode=strict), which mypy can resolve `pinochle_widgets` through; the default
# editable mode maps widgets/ via an import hook mypy cannot follow. Then the Voila
# template, which an editable install leaves out (install_voila_template says why).
install_package() {
    local target="."
    [[ -n "${1:-}" ]] && target=".[$1]"
    step "Installing pinochle-tutor (pip install -e '$target')"
    "$PY" -m pip install -qq --disable-pip-version-check \
        --config-settings editable_mode=strict -e "$target" || fail "pip install"
    install_voila_template
}

# install_voila_template [PREFIX]: the course's Voila page template
# (hosting/voila-template/pinochle, which voila.json names) linked into the Jupyter data
# folder of the environment at PREFIX (default .venv), where Voila looks for templates
# (share/jupyter/voila/templates/). Only for the editable install above: a plain
# `pip install .` (Binder's environment.yml, the Kubernetes image) installs the template
# as the package's data files (pyproject.toml), but setuptools leaves data files out of
# an editable install (setuptools issue 3399; seen with setuptools 84.2), so .venv would
# have none. A link, as the rest of the editable install: an edit of the template shows
# at the next page load. (A `pip install .` into .venv over the link writes the same
# files through it; pip's uninstall leaves files outside the environment alone.)
install_voila_template() {
    local templates="${1:-$VENV}/share/jupyter/voila/templates"
    local source="$REPO_ROOT/hosting/voila-template/pinochle"
    [[ -L "$templates/pinochle" && "$(readlink "$templates/pinochle")" == "$source" ]] && return 0
    step "Linking the course's Voila template into $templates"
    mkdir -p "$templates" && rm -rf "$templates/pinochle" \
        && ln -s "$source" "$templates/pinochle" || fail "linking the Voila template"
}
