#!/usr/bin/env bash
# Builds the course as a static site that runs in the learner's browser:
#   bash scripts/build_static.sh [OUTPUT_DIR]      (default: build/static)
# Prints the folder as its last line. Needs python3 and npm; reaches only PyPI and the
# npm registry (the first time: the build tools, the Pyodide runtime, a few wheels), and
# the site it makes asks nothing of any other host: serve the folder with any web server.
#
# Why Voici and not JupyterLite's notebook view: Voici renders each notebook as a Voila
# page (the same template, widgets and no code as the server site) and runs it as soon
# as it opens; a notebook view with the code cells hidden still shows a notebook
# (toolbar, empty cell prompts, a kernel picker) and runs nothing until the learner
# presses "Run all". The price is an older JupyterLite (voici-core 0.10.0 needs
# jupyterlite-core 0.7.6, jupyterlite-pyodide-kernel 0.7.0 and npm pyodide 0.29.x), the
# versions recorded as working offline on this kind of machine.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/_common.sh"
cd "$REPO_ROOT"

OUT="$(realpath -m "${1:-build/static}")"
WORK="$REPO_ROOT/build/static-work"
ENV="$REPO_ROOT/build/static-env"
STATIC="$REPO_ROOT/hosting/static"
PYTHON="$ENV/bin/python"

say() { printf '==> %s\n' "$*" >&2; }
die() { printf 'FAILED: build_static: %s\n' "$*" >&2; exit 1; }

command -v python3 >/dev/null || die "python3 is not installed"
command -v npm >/dev/null || die "npm is not installed (apt-get install -y npm)"

# 1. The build tools, in their own environment (they pin an older JupyterLite than the
#    server site's JupyterLab).
stamp="$ENV/.requirements"
if ! cmp -s "$STATIC/requirements.txt" "$stamp" 2>/dev/null; then
    say "Installing the build tools into $ENV"
    rm -rf "$ENV"
    python3 -m venv "$ENV" || die "python3 -m venv"
    "$PYTHON" -m pip install -q --disable-pip-version-check -r "$STATIC/requirements.txt" \
        || die "pip install -r hosting/static/requirements.txt"
    cp "$STATIC/requirements.txt" "$stamp"
fi

# 2. The Pyodide runtime and FontAwesome from npm (hosting/static/package-lock.json pins them).
if [[ ! -f "$STATIC/node_modules/pyodide/pyodide.asm.wasm" \
      || ! -f "$STATIC/node_modules/@fortawesome/fontawesome-free/css/all.min.css" \
      || "$STATIC/package-lock.json" -nt "$STATIC/node_modules/.package-lock.json" ]]; then
    say "Installing the Pyodide runtime and FontAwesome (npm ci --prefix hosting/static)"
    npm ci --prefix "$STATIC" --no-audit --no-fund --loglevel=error >&2 \
        || die "npm ci --prefix hosting/static"
fi

# 3. The course's own wheel, from this checkout.
rm -rf "$WORK/dist" "$WORK/content" "$WORK/lite"
mkdir -p "$WORK/dist" "$WORK/content/practice" "$WORK/lite" "$WORK/cache"
say "Building the pinochle-tutor wheel"
"$PYTHON" -m pip wheel -q --disable-pip-version-check --no-deps . -w "$WORK/dist" >&2 \
    || die "pip wheel . (the course's own wheel)"
wheel="$(ls "$WORK"/dist/pinochle_tutor-*.whl)"

# 4. The pages: every lesson and practice notebook, with the house rules beside them.
cp lessons/*.ipynb lessons/house_rules.toml "$WORK/content/"
cp exercises/[0-9][0-9]_*.ipynb "$WORK/content/practice/"
cp -r exercises/banks "$WORK/content/practice/banks"  # the quiz banks (default_bank_dir)
cp -r exercises/problems "$WORK/content/practice/problems"  # the problem deals (default_problem_dir)
rm -f "$WORK/content/teacher.ipynb"  # the teacher's dashboard needs the server's database
# The course app: every page above in one Voici page, so Python starts once in the
# browser, not once per page (pinochle_widgets.static_app; the index links into it).
cp "$STATIC/course.ipynb" "$WORK/content/course.ipynb"

# One drive for every page: JupyterLite names the browser's storage after the page's
# baseUrl by default, which differs between a lesson (../../) and a practice page
# (../../../), so answers given on one could not be read on the other (the outline's
# stars, the review, My progress). contentsStorageName gives them all the same one.
cat > "$WORK/lite/jupyter-lite.json" <<'JSON'
{
  "jupyter-lite-schema-version": 0,
  "jupyter-config-data": {
    "contentsStorageName": "Pinochle Tutor drive",
    "litePluginSettings": {
      "@jupyterlite/pyodide-kernel-extension:kernel": {
        "pyodideUrl": "./static/pyodide/pyodide.js",
        "disablePyPIFallback": true,
        "loadPyodideOptions": {"packages": ["pinochle-tutor", "comm", "sqlite3", "micropip",
          "piplite", "ipykernel", "pyodide_kernel", "jedi", "ipython"]}
      }
    }
  }
}
JSON

say "Building the site with Voici"
rm -rf "$OUT"
(cd "$WORK/lite" && "$ENV/bin/voici" build --contents "$WORK/content" --output-dir "$OUT" \
    --LiteBuildConfig.no_sourcemaps=True >&2) || die "voici build"

say "Vendoring the Pyodide runtime, the wheels and FontAwesome"
"$PYTHON" "$STATIC/vendor.py" "$STATIC/node_modules" "$wheel" "$OUT" \
    "$WORK/cache" >&2 || die "vendoring Pyodide and FontAwesome (hosting/static/vendor.py)"

"$PYTHON" "$STATIC/index_page.py" "$WORK/content" "$OUT" >&2 || die "writing index.html"
size="$(du -sh "$OUT" | cut -f1)"
say "The static site: $size in $(find "$OUT" -type f | wc -l) files"
echo "$OUT"
