"""The Kubernetes hosting files (hosting/kubernetes/), checked without a cluster or docker.

* ``values.yaml`` merged over the chart's defaults, as Helm merges them, is valid under
  the values schema that Zero to JupyterHub chart 4.4.0 ships (vendored in
  ``hosting/kubernetes/chart-4.4.0/``), and copies broken in the ways people break
  them are not;
* the choices the README promises: a safe authenticator with an admin and no secret in
  the file, the idle culler, a volume per learner holding the progress database,
  resources no smaller than the measured footprint, the kernel culling of voila.json;
* the Dockerfile: its COPY sources exist, the files it copies build this package's wheel
  (the pip install step, run here on a copy of exactly those files), the paths values.yaml
  names exist in the image's course folder laid out as the COPY lines lay it out, the
  course's page template comes with that wheel as data files installed where the image's
  Python looks for it, and the default URL renders in Voila from that folder with that
  template.

What this cannot check without docker and a cluster (hosting/kubernetes/README.md says
so too): that the base image pulls, that pip resolves the dependencies inside it, that
the chart's templates render, that pods start, that the volume mounts and the culler stops
servers.
"""

from __future__ import annotations

import asyncio
import copy
import json
import re
import shlex
import shutil
import subprocess
import sys
import urllib.request
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

import jsonschema
import pytest
import yaml
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

from pinochle_tutor.classroom.progress import ENV_VAR, STORE_SUFFIXES, default_progress_path
from tests.voila_site import REPO, Channel, voila_server

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

K8S = REPO / "hosting" / "kubernetes"
CHART_VERSION = "4.4.0"
HUB_VERSION = "5.5.0"
"""The JupyterHub the chart's hub runs (its Chart.yaml appVersion at tag 4.4.0)."""
CHART = K8S / f"chart-{CHART_VERSION}"
VALUES = K8S / "values.yaml"
DOCKERFILE = K8S / "Dockerfile"
LEARNER_MB = 160
"""Measured memory per learner on one Voila server (two lesson pages open)."""
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())
UNSAFE_AUTHENTICATORS = {
    "dummy", "jupyterhub.auth.DummyAuthenticator", "null", "nullauthenticator.NullAuthenticator",
    "tmp", "tmpauthenticator.TmpAuthenticator", "shared-password",
    "jupyterhub.authenticators.shared.SharedPasswordAuthenticator",
}  # fmt: skip
"""Anyone reaching the site logs in (dummy, tmp), nobody does (null), or one password
lets anyone in under any name (shared-password)."""


def load_yaml(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text())
    assert isinstance(data, dict), path
    return data


def helm_merge(defaults: dict[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    """The values Helm renders the chart with: maps merged key by key, a null removing
    the chart's key, anything else (lists included) replacing it."""
    merged = copy.deepcopy(defaults)
    for key, value in overrides.items():
        if value is None:
            merged.pop(key, None)
        elif isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = helm_merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def schema_errors(user_values: dict[str, Any]) -> list[str]:
    """What ``helm install`` would refuse: the schema's errors for the merged values."""
    schema = json.loads((CHART / "values.schema.json").read_text())
    merged = helm_merge(load_yaml(CHART / "values.yaml"), user_values)
    validator = jsonschema.Draft7Validator(schema)
    return [
        "/".join(map(str, e.absolute_path)) + ": " + e.message
        for e in validator.iter_errors(merged)
    ]


@pytest.fixture(scope="module")
def values() -> dict[str, Any]:
    return load_yaml(VALUES)


@pytest.fixture(scope="module")
def merged(values: dict[str, Any]) -> dict[str, Any]:
    return helm_merge(load_yaml(CHART / "values.yaml"), values)


# --- values.yaml against the chart's schema -------------------------------------------


def test_the_vendored_chart_is_the_version_the_docs_install() -> None:
    defaults = load_yaml(CHART / "values.yaml")
    assert schema_errors({}) == [], "the chart's own defaults must pass its schema"
    assert {"hub", "singleuser", "cull", "proxy"} <= set(defaults)
    install = f"--version {CHART_VERSION}"
    assert install in VALUES.read_text()
    assert install in (K8S / "README.md").read_text()


def test_values_pass_the_chart_schema(values: dict[str, Any]) -> None:
    assert schema_errors(values) == []


def _set(tree: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    broken = copy.deepcopy(tree)
    *parents, last = path.split(".")
    node = broken
    for key in parents:
        node = node.setdefault(key, {})
    node[last] = value
    return broken


@pytest.mark.parametrize(
    ("path", "value", "named"),
    [
        ("singleuser.defaultURL", "/voila/render/00_welcome.ipynb", "defaultURL"),  # misspelt
        ("singleuser.cpu.guarantee", "100m", "singleuser/cpu/guarantee"),  # k8s syntax, not the chart's
        ("cull.timeout", "1h", "cull/timeout"),
        ("singleuser.storage.type", "persistent", "singleuser/storage/type"),
        ("singleuser.image.pullPolicy", "IfNotThere", "singleuser/image/pullPolicy"),
        ("hub.config.nativeAuthenticator", {"open_signup": False}, "nativeAuthenticator"),
        ("singleuser.memory.limits", "1G", "limits"),
    ],
)
def test_a_broken_copy_fails_the_schema(
    values: dict[str, Any], path: str, value: Any, named: str
) -> None:
    errors = schema_errors(_set(values, path, value))
    assert errors, f"{path}={value!r} passed the schema"
    assert any(named in e for e in errors), errors


# --- What the README promises ---------------------------------------------------------


def test_the_authenticator_lets_in_only_known_learners(merged: dict[str, Any]) -> None:
    config = merged["hub"]["config"]
    auth = config["JupyterHub"]["authenticator_class"]
    assert auth not in UNSAFE_AUTHENTICATORS
    assert config["Authenticator"]["admin_users"], "someone must approve and manage learners"
    if config["Authenticator"].get("allow_all"):
        # Only safe where the authenticator has a gate of its own: NativeAuthenticator's
        # approval of each sign-up by an admin.
        assert auth in {"native", "nativeauthenticator.NativeAuthenticator"}
        assert config["NativeAuthenticator"]["open_signup"] is False


def _secrets(tree: Any, where: str = "") -> Iterator[str]:
    if isinstance(tree, dict):
        for key, value in tree.items():
            path = f"{where}.{key}" if where else str(key)
            if isinstance(value, str) and value and re.search("secret|password|token", str(key), re.I):
                yield path
            yield from _secrets(value, path)
    elif isinstance(tree, list):
        for i, item in enumerate(tree):
            yield from _secrets(item, f"{where}[{i}]")


def test_no_secret_is_in_the_file(values: dict[str, Any]) -> None:
    assert list(_secrets(values)) == []
    assert list(_secrets({"proxy": {"secretToken": "abc"}})) == ["proxy.secretToken"]


def test_idle_servers_are_stopped_and_accounts_kept(merged: dict[str, Any]) -> None:
    cull = merged["cull"]
    assert cull["enabled"] is True
    assert 600 <= cull["timeout"] <= 4 * 3600, "between a break and half a school day"
    assert 0 < cull["every"] <= cull["timeout"]
    assert cull["users"] is False, "culling users would delete learners' accounts"


def test_progress_lands_on_the_learners_volume(
    merged: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    single = merged["singleuser"]
    storage = single["storage"]
    assert storage["type"] == "dynamic"
    env = single["extraEnv"]
    progress = PurePosixPath(env[ENV_VAR])
    assert progress.is_relative_to(storage["homeMountPath"])
    assert progress.suffix in STORE_SUFFIXES, "a database, not a JSON file"
    monkeypatch.setenv(ENV_VAR, env[ENV_VAR])
    assert default_progress_path() == Path(env[ENV_VAR])  # what the course really opens


def _bytes(quantity: str | int | float) -> float:
    """A Kubernetes memory quantity as the chart takes it (``320M``, ``1G``, ``1Gi``)."""
    units = {"": 1, "K": 1e3, "M": 1e6, "G": 1e9, "Ki": 2**10, "Mi": 2**20, "Gi": 2**30}
    match = re.fullmatch(r"([0-9.]+)([KMG]i?)?", str(quantity))
    assert match, f"not a memory quantity: {quantity!r}"
    return float(match.group(1)) * units[match.group(2) or ""]


def test_resources_hold_the_measured_learner(merged: dict[str, Any]) -> None:
    memory, cpu = merged["singleuser"]["memory"], merged["singleuser"]["cpu"]
    assert _bytes("1Gi") == 2**30 and _bytes("320M") == 320e6
    guarantee, limit = _bytes(memory["guarantee"]), _bytes(memory["limit"])
    assert guarantee >= LEARNER_MB * 1e6, "below what one learner was measured to use"
    assert limit >= 2 * guarantee, "room for more open pages than the measured two"
    assert 0 < cpu["guarantee"] <= cpu["limit"]


def test_page_kernels_are_culled_as_voila_json_says(merged: dict[str, Any]) -> None:
    cmd = merged["singleuser"]["cmd"]
    assert cmd[0] == "jupyterhub-singleuser"
    culling = json.loads((REPO / "voila.json").read_text())["MappingKernelManager"]
    expected = [f"--MappingKernelManager.{key}={value}" for key, value in culling.items()]
    assert sorted(a for a in cmd[1:] if a.startswith("--MappingKernelManager.")) == sorted(expected)


# --- The Dockerfile --------------------------------------------------------------------


@dataclass
class Instruction:
    keyword: str
    args: str


def dockerfile() -> list[Instruction]:
    """The Dockerfile's instructions, continuation lines joined, comments dropped."""
    out: list[Instruction] = []
    pending = ""
    for line in DOCKERFILE.read_text().splitlines():
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        pending += line.rstrip()
        if pending.endswith("\\"):
            pending = pending[:-1] + " "
            continue
        keyword, _, args = pending.strip().partition(" ")
        out.append(Instruction(keyword.upper(), args.strip()))
        pending = ""
    assert not pending, "a continuation line ends the file"
    return out


def instructions(keyword: str) -> list[str]:
    return [i.args for i in dockerfile() if i.keyword == keyword]


def copies() -> list[tuple[list[str], str]]:
    """Each COPY's sources (relative to the build context, the repository root) and
    destination."""
    out = []
    for args in instructions("COPY"):
        words = shlex.split(args)
        assert not any(w.startswith("--") for w in words), "COPY options are not modelled here"
        out.append((words[:-1], words[-1]))
    return out


def env() -> dict[str, str]:
    found: dict[str, str] = {}
    for args in instructions("ENV"):
        for word in shlex.split(args):
            key, _, value = word.partition("=")
            found[key] = value
    return found


def pip_install() -> list[str]:
    """The arguments of the image's ``pip install``."""
    runs = [shlex.split(a.split("&&")[0]) for a in instructions("RUN") if "pip install" in a]
    assert len(runs) == 1, "one pip install step"
    words = runs[0]
    return [w for w in words[words.index("install") + 1 :] if not w.startswith("-")]


def build_image_tree(root: Path) -> None:
    """Lay out ``root`` as the image's file system would be, from the COPY lines."""
    for sources, dest in copies():
        target = root / dest.lstrip("/")
        for source in sources:
            path = REPO / source
            assert path.exists(), f"COPY {source}: not in the repository"
            into = target / path.name if dest.endswith("/") else target
            into.parent.mkdir(parents=True, exist_ok=True)
            if path.is_dir():
                shutil.copytree(path, into, symlinks=True,
                                ignore=shutil.ignore_patterns("__pycache__"))  # fmt: skip
            else:
                shutil.copy2(path, into)


@pytest.fixture(scope="module")
def image(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("image")
    build_image_tree(root)
    return root


def test_the_base_image_has_a_python_the_package_accepts() -> None:
    (base,) = instructions("FROM")
    match = re.fullmatch(r"python:(\d+\.\d+)[-\w.]*", base)
    assert match, f"a pinned python image, not {base!r}"
    assert SpecifierSet(PYPROJECT["project"]["requires-python"]).contains(match.group(1) + ".0")


def test_the_pip_step_installs_this_package_and_a_matching_hub() -> None:
    targets = pip_install()
    requirements = [Requirement(t) for t in targets if not t.startswith("/")]
    hub = [r for r in requirements if r.name == "jupyterhub"]
    assert hub and hub[0].specifier.contains(HUB_VERSION), "jupyterhub-singleuser must match the hub"
    assert not hub[0].specifier.contains("6.0"), "a newer major than the chart's hub"
    folders = [t for t in targets if t.startswith("/")]
    assert len(folders) == 1, f"one local project to install: {targets}"
    copied = {dest.rstrip("/") for _, dest in copies()}
    assert any(d == folders[0] or d.startswith(folders[0] + "/") for d in copied)


@pytest.fixture(scope="module")
def image_wheel(image: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The install step on exactly the files the Dockerfile copies: the wheel pip builds
    as it does in the image (in an isolated build environment with the build-system's
    setuptools, from PyPI)."""
    (project,) = (t for t in pip_install() if t.startswith("/"))
    source = image / project.lstrip("/")
    assert (source / "pyproject.toml").is_file()
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check",
         "-q", "-w", str(out), str(source)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    if done.returncode != 0 and re.search(r"NewConnectionError|No matching distribution", done.stderr):
        pytest.skip("PyPI is out of reach, so pip cannot fetch the build-system's setuptools")
    assert done.returncode == 0, done.stderr[-3000:]
    (wheel,) = out.glob("pinochle_tutor-*.whl")
    return wheel


IMAGE_PREFIX = "usr/local"
"""The prefix of the image's Python (the official python images'), under which pip puts
a wheel's data files (``<name>.data/data/X`` at ``/usr/local/X``)."""
IMAGE_JUPYTER_DATA = f"{IMAGE_PREFIX}/share/jupyter"
"""The Jupyter data folder of the image's Python, where Voila looks for page templates."""


@pytest.fixture(scope="module")
def installed(image: Path, image_wheel: Path) -> Path:
    """The image with the pip step's data files laid out under the Python prefix, as pip
    installs them (the modules themselves are not modelled: this environment's are used)."""
    with zipfile.ZipFile(image_wheel) as z:
        for name in z.namelist():
            top, _, rest = name.partition("/")
            if top.endswith(".data") and rest.startswith("data/") and not name.endswith("/"):
                target = image / IMAGE_PREFIX / rest.removeprefix("data/")
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(z.read(name))
    return image


def test_the_copied_files_build_the_whole_package(image_wheel: Path) -> None:
    """The wheel from the copied files holds every module of the three packages."""
    names = set(zipfile.ZipFile(image_wheel).namelist())
    setuptools = PYPROJECT["tool"]["setuptools"]
    expected = set()
    for name in setuptools["packages"]:  # pinochle_widgets.x lives in widgets/x
        top, *rest = name.split(".")
        folder = REPO.joinpath(setuptools["package-dir"].get(top, top), *rest)
        expected |= {f"{name.replace('.', '/')}/{p.name}" for p in folder.glob("*.py")}
    assert expected and expected <= names, sorted(expected - names)
    assert "pinochle_tutor/py.typed" in names


def test_the_page_template_voila_json_names_is_where_voila_looks(installed: Path) -> None:
    """The pip step installs the template (the package's data files) into the image's
    Jupyter data folder, every file of it."""
    (base,) = instructions("FROM")
    assert base.startswith("python:"), "an official python image, whose prefix is /usr/local"
    name = json.loads((REPO / "voila.json").read_text())["VoilaConfiguration"]["template"]
    source = REPO / "hosting" / "voila-template" / name
    copied = installed / IMAGE_JUPYTER_DATA / "voila" / "templates" / name
    files = sorted(p.relative_to(source) for p in source.rglob("*") if p.is_file())
    assert files and files == sorted(p.relative_to(copied) for p in copied.rglob("*") if p.is_file())
    assert all((copied / f).read_bytes() == (source / f).read_bytes() for f in files)


def test_values_paths_exist_in_the_image(image: Path, merged: dict[str, Any]) -> None:
    single = merged["singleuser"]
    in_image = image / "srv"  # only the course folder is modelled
    config_path = single["extraEnv"]["JUPYTER_CONFIG_PATH"]
    assert env()["JUPYTER_CONFIG_PATH"] == config_path
    assert (image / config_path.lstrip("/") / "voila.json").is_file()
    notebooks = image / merged["hub"]["config"]["KubeSpawner"]["notebook_dir"].lstrip("/")
    assert notebooks.is_dir() and notebooks.is_relative_to(in_image)
    url = single["defaultUrl"]
    assert url.startswith("/voila/render/")
    assert (notebooks / url.removeprefix("/voila/render/")).is_file()
    practice = notebooks / "practice"  # lessons/practice -> ../exercises, inside the image
    assert practice.is_symlink() and practice.resolve().is_relative_to(in_image.resolve())
    assert sorted(practice.glob("*.ipynb")), "the practice pages are in the image"
    assert (notebooks / "house_rules.toml").is_file()


def test_the_image_user_owns_the_learners_volume(merged: dict[str, Any]) -> None:
    single = merged["singleuser"]
    (user,) = instructions("USER")
    assert user == str(single["uid"])
    (useradd,) = (a for a in instructions("RUN") if "useradd" in a)
    words = shlex.split(useradd)
    assert words[words.index("--uid") + 1] == str(single["uid"])
    assert words[words.index("--gid") + 1] == str(single["fsGid"])
    assert env()["HOME"] == single["storage"]["homeMountPath"]


def test_the_start_command_serves_the_course(image: Path) -> None:
    (cmd,) = instructions("CMD")
    argv = json.loads(cmd)
    assert argv[0] == "voila"
    (workdir,) = instructions("WORKDIR")
    served = image / workdir.lstrip("/") / argv[1]
    assert (served / "00_welcome.ipynb").is_file()
    assert (image / workdir.lstrip("/") / "voila.json").is_file(), "standalone Voila reads it here"


def test_the_default_url_renders_from_the_image_folder(
    installed: Path, merged: dict[str, Any], tmp_path: Path
) -> None:
    """Voila on the image's course folder, with the pod's JUPYTER_CONFIG_PATH: the
    learner's first page renders, and its widgets (asked for over the kernel's websocket,
    as the browser asks) hold the outline's links to the lessons."""
    image = installed
    single = merged["singleuser"]
    notebooks = image / merged["hub"]["config"]["KubeSpawner"]["notebook_dir"].lstrip("/")
    env = {
        "JUPYTER_CONFIG_PATH": str(image / single["extraEnv"]["JUPYTER_CONFIG_PATH"].lstrip("/")),
        ENV_VAR: str(tmp_path / "progress.sqlite"),
        "PINOCHLE_TUTOR_SEED": "",
        # the page template the image's pip step installed comes first (before the
        # link of the test's own environment)
        "JUPYTER_PATH": str(image / IMAGE_JUPYTER_DATA),
    }
    page = single["defaultUrl"].removeprefix("/voila/render/")

    async def widget_states(base: str) -> str:
        channel = await Channel.open(base, page, 120)
        channel.ws.close()
        assert not channel.errors, channel.errors
        return json.dumps(channel.states)

    with voila_server(notebooks, env=env) as base:
        with urllib.request.urlopen(base + single["defaultUrl"], timeout=120) as reply:
            assert reply.status == 200
            html = reply.read().decode("utf-8")
        states = asyncio.run(widget_states(base))
    assert "Traceback" not in html
    assert "Dealing the cards ..." in html, "the course's page template"
    assert "04_meld.ipynb" in states and "practice/01_meld_level1.ipynb" in states, (
        "the course outline links the lessons and the practice pages"
    )
