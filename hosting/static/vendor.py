"""Put the Pyodide runtime, every wheel the course needs and FontAwesome into a static site.

Run by ``scripts/build_static.sh`` with the build environment's Python::

    python hosting/static/vendor.py NODE_MODULES COURSE_WHEEL SITE_DIR CACHE_DIR

The npm package ``pyodide`` holds only the core (no wheels, not even micropip). This
copies it to ``SITE_DIR/static/pyodide/``, downloads from PyPI the pure-Python wheels
that the kernel loads at boot at the versions its ``pyodide-lock.json`` names (plus those
in ``wheels.txt``, the kernel's own wheels from the site's piplite folder and the course's
own wheel), adds to every wheel its modules' bytecode (``precompile.mjs``: compiled by
Pyodide itself, under Node), and writes a lock whose entries name those files with their
sha256, so Pyodide's integrity check passes and nothing is fetched from a CDN. Compiled
packages the npm package lacks cannot be had: Pyodide's ``sqlite3`` is one, and the
kernel installs it at start; it gets an empty distribution of that name that provides no
module (``import sqlite3`` still fails, and the course keeps progress in a
JSON file). The Voila page template links FontAwesome 5 from jsDelivr: those links are
pointed at the copy from the npm package ``@fortawesome/fontawesome-free``.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

BOOT = ("micropip", "ipython", "jedi", "traitlets")
"""What the Pyodide kernel loads when it starts (with their dependencies)."""
KERNEL = {
    "piplite": ["micropip"],
    "ipykernel": [],
    "pyodide-kernel": ["ipykernel", "ipython", "comm", "jedi", "piplite"],
}
"""The kernel's own wheels, which the site serves in its piplite folder and the kernel
would install with micropip at every start (0.7 s to 1 s on 2 cores): put in the lock,
they load with the runtime, in parallel and from the browser's cache (the site's
``loadPyodideOptions.packages`` names them, so the kernel skips its installs)."""
PIPLITE = Path("extensions/@jupyterlite/pyodide-kernel-extension/static/pypi")
EMPTY = {"sqlite3"}
"""Compiled stdlib parts the npm package does not carry, that the kernel installs anyway."""
FONTAWESOME_CDN = re.compile(
    r"https://cdn\.jsdelivr\.net/npm/@fortawesome/fontawesome-free@[^/\"']*/css/([\w.-]+\.css)"
)


def norm(name: str) -> str:
    return name.lower().replace("_", "-")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def download(spec: str, cache: Path) -> Path:
    """The pure-Python wheel of ``name==version`` from PyPI (cached)."""
    name, version = spec.split("==")
    stem = norm(name).replace("-", "_")
    for found in cache.glob("*.whl"):
        parts = found.name.split("-")
        if norm(parts[0]).replace("-", "_") == stem and parts[1] == version:
            return found
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check",
         "--no-deps", "--only-binary=:all:", "--python-version", "3.13", "--platform", "any",
         "--implementation", "py", "--abi", "none", "-d", str(cache), spec],
        check=True,
    )  # fmt: skip
    return download(spec, cache)


def top_level(wheel: Path) -> list[str]:
    """The import names a wheel provides (its top-level packages and modules)."""
    names = set()
    with zipfile.ZipFile(wheel) as z:
        for n in z.namelist():
            first = n.split("/")[0]
            if first.endswith((".dist-info", ".data")):
                continue
            names.add(first.removesuffix(".py"))
    return sorted(x for x in names if x.isidentifier())


def closure(packages: dict[str, Any], roots: list[str]) -> list[str]:
    seen: list[str] = []
    todo = [norm(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.append(name)
        todo += [norm(d) for d in packages[name]["depends"]]
    return seen


def empty_wheel(name: str, version: str, folder: Path) -> Path:
    """A wheel of ``name`` with metadata only (no module): it satisfies an install
    of a compiled package that the npm runtime does not carry."""
    wheel = folder / f"{name}-{version}-py3-none-any.whl"
    info = f"{name}-{version}.dist-info"
    files = {
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
        f"Summary: empty: {name} is compiled and not in Pyodide's npm package\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: pinochle-tutor\nRoot-Is-Purelib: true\n"
        "Tag: py3-none-any\n",
    }
    record = []
    with zipfile.ZipFile(wheel, "w") as z:
        for path, text in files.items():
            data = text.encode()
            z.writestr(path, data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append(f"{path},sha256={digest},{len(data)}")
        z.writestr(f"{info}/RECORD", "\n".join([*record, f"{info}/RECORD,,"]) + "\n")
    return wheel


def fontawesome(node_modules: Path, site: Path) -> int:
    """Copy FontAwesome's CSS and fonts into the site and point every page's CDN links at
    them; returns how many pages were changed."""
    source = node_modules / "@fortawesome" / "fontawesome-free"
    target = site / "static" / "fontawesome"
    (target / "css").mkdir(parents=True, exist_ok=True)
    for css in ("all.min.css", "v4-shims.min.css"):
        shutil.copy2(source / "css" / css, target / "css" / css)
    shutil.copytree(source / "webfonts", target / "webfonts", dirs_exist_ok=True)
    changed = 0
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        local = os.path.relpath(target / "css", page.parent)
        new = FONTAWESOME_CDN.sub(lambda m, local=local: f"{local}/{m.group(1)}", text)
        if new != text:
            page.write_text(new, encoding="utf-8")
            changed += 1
    return changed


def entry(name: str, version: str, wheel: Path, depends: list[str]) -> dict[str, Any]:
    return {
        "name": name,
        "version": version,
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256(wheel),
        "package_type": "package",
        "imports": top_level(wheel),
        "depends": depends,
        "unvendored_tests": False,
    }


def main(node_modules: Path, course_wheel: Path, site: Path, cache: Path) -> None:
    node_pyodide = node_modules / "pyodide"
    target = site / "static" / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    cache.mkdir(parents=True, exist_ok=True)
    for f in ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip"):
        shutil.copy2(node_pyodide / f, target / f)
    lock = json.loads((node_pyodide / "pyodide-lock.json").read_text())
    packages: dict[str, Any] = {norm(k): v for k, v in lock["packages"].items()}

    added: dict[str, dict[str, Any]] = {}
    for line in (HERE / "wheels.txt").read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        spec, depends, _imports = line.split()
        wheel = download(spec, cache)
        name, version = spec.split("==")
        added[norm(name)] = entry(norm(name), version, wheel, depends.split(","))
        shutil.copy2(wheel, target / wheel.name)
    version = course_wheel.name.split("-")[1]
    for name, depends in KERNEL.items():
        (wheel,) = (site / PIPLITE).glob(f"{name.replace('-', '_')}-*-none-any.whl")
        added[name] = entry(name, wheel.name.split("-")[1], wheel, depends)
        shutil.copy2(wheel, target / wheel.name)
    added["pinochle-tutor"] = entry("pinochle-tutor", version, course_wheel, ["ipywidgets", "anywidget"])
    shutil.copy2(course_wheel, target / course_wheel.name)
    packages.update(added)

    needed = closure(packages, [*BOOT, *added])
    for name in needed:
        pkg = packages[name]
        if name in EMPTY:
            wheel = empty_wheel(name, pkg["version"], target)
            packages[name] = entry(name, pkg["version"], wheel, [])
            continue
        if name in added or (node_pyodide / pkg["file_name"]).is_file():
            continue
        if not pkg["file_name"].endswith("-none-any.whl"):
            raise SystemExit(f"{name} {pkg['version']} is compiled and not in the npm package")
        wheel = download(f"{name}=={pkg['version']}", cache)
        shutil.copy2(wheel, target / wheel.name)
        pkg["file_name"] = wheel.name
        pkg["sha256"] = sha256(wheel)
    # Only what is vendored stays in the lock: anything else would be a request that fails.
    lock["packages"] = {name: packages[name] for name in sorted(needed)}
    # Every wheel gets its modules' bytecode, compiled by Pyodide itself under Node: a
    # page then imports IPython and the course without compiling them (measured: the
    # imports a page makes at start took 45% less time).
    names = sorted({p["file_name"] for p in lock["packages"].values() if (target / p["file_name"]).is_file()})
    subprocess.run(["node", str(HERE / "precompile.mjs"), str(node_modules), str(target), *names], check=True)
    for name in names:
        for pkg in lock["packages"].values():
            if pkg["file_name"] == name:
                pkg["sha256"] = sha256(target / name)
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
    pages = fontawesome(node_modules, site)
    print(f"vendored {len(needed)} packages into {target}; FontAwesome linked locally in {pages} pages")


if __name__ == "__main__":
    main(*(Path(a) for a in sys.argv[1:5]))
