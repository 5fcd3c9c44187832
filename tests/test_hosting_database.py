"""A school's servers share one class database (issue 31): the hosting files pass
``PINOCHLE_TUTOR_DATABASE_URL`` to every learner's server, from a secret, never
written in a file.

* ``hosting/jupyterhub_config.py``, loaded with a stand-in for JupyterHub's config
  object: the hub's own variable reaches every learner's server environment (and the
  course there opens that database, the learner being the hub login); without it,
  nothing changes; a URL the course cannot use stops the hub, naming only its scheme.
* ``hosting/kubernetes/``: ``values.yaml`` takes the URL from a Kubernetes Secret
  (``singleuser.extraEnv``, ``valueFrom.secretKeyRef``), opens the network to the
  PostgreSQL of ``database.yaml`` and nothing else; the README's commands name the same
  Secret, cluster and database, and the pipeline that makes the URL from the generated
  password gives a URL that SQLAlchemy reads back to that password; the image installs
  the PostgreSQL driver of pyproject's ``postgres`` extra.

What this cannot check without a cluster: that the operator starts the database, that the
Secret reaches a pod, that the network policy is enforced (tests/test_site_school_database.py
runs two servers against a real PostgreSQL).
"""

from __future__ import annotations

import importlib.util
import os
import re
import runpy
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from packaging.requirements import Requirement
from traitlets.config import Config

from pinochle_tutor.classroom.identity import LearnerSource, learner_from_environment
from pinochle_tutor.classroom.progress import DATABASE_URL_VAR, default_location
from tests.test_kubernetes import PYPROJECT, helm_merge, load_yaml, pip_install, schema_errors
from tests.voila_site import REPO

CONFIG = REPO / "hosting" / "jupyterhub_config.py"
K8S = REPO / "hosting" / "kubernetes"
SECRET, KEY = "pinochle-tutor-database", "url"
URL = "postgresql+psycopg://pinochle:s3cret-pw@db.school.example:5432/pinochle"

# --- hosting/jupyterhub_config.py ---------------------------------------------------------


def load_hub_config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, url: str | None) -> Config:
    """The configuration the hub would start with, given ``url`` in its environment:
    the file run as JupyterHub runs it, with ``get_config`` handing it a fresh
    :class:`traitlets.config.Config` (state and homes in ``tmp_path``)."""
    monkeypatch.setenv("PINOCHLE_HUB_STATE", str(tmp_path / "state"))
    monkeypatch.setenv("PINOCHLE_HUB_HOMES", str(tmp_path / "homes"))
    if url is None:
        monkeypatch.delenv(DATABASE_URL_VAR, raising=False)
    else:
        monkeypatch.setenv(DATABASE_URL_VAR, url)
    config = Config()
    runpy.run_path(str(CONFIG), init_globals={"get_config": lambda: config})
    return config


def test_the_hub_passes_its_database_url_to_every_learners_server(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    config = load_hub_config(monkeypatch, tmp_path, URL)
    environment = dict(config.Spawner.environment)
    assert environment[DATABASE_URL_VAR] == URL
    assert environment["JUPYTER_CONFIG_PATH"] == str(REPO), "what was there is kept"
    assert "s3cret" not in CONFIG.read_text(), "the URL comes from the hub's environment"

    # A learner's server: the spawner's environment and the hub's login. The course
    # there opens the school's database, and files answers under the login, so the
    # same learner on two servers is one record.
    for server in ("server-1", "server-2"):
        env = {**environment, "JUPYTERHUB_USER": "ann", "HOME": str(tmp_path / server)}
        monkeypatch.setattr(os, "environ", env)
        assert default_location() == URL
        learner = learner_from_environment(env)
        assert (learner.key, learner.source) == ("ann", LearnerSource.HUB)


def test_without_a_url_each_learner_keeps_a_database_at_home(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    config = load_hub_config(monkeypatch, tmp_path, None)
    assert dict(config.Spawner.environment) == {"JUPYTER_CONFIG_PATH": str(REPO)}
    home = tmp_path / "homes" / "ann"
    monkeypatch.setattr(os, "environ", {**config.Spawner.environment, "HOME": str(home)})
    assert default_location() == home / ".pinochle_tutor" / "progress.sqlite"


@pytest.mark.parametrize(
    ("url", "scheme"),
    [
        ("postgres://pinochle:s3cret-pw@db.school.example/pinochle", "postgres"),  # not SQLAlchemy's
        ("mysql://pinochle:s3cret-pw@db.school.example/pinochle", "mysql"),  # not supported
        ("s3cret-pw@db.school.example", "a string without ://"),
    ],
)
def test_a_url_the_course_cannot_use_stops_the_hub_without_showing_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, url: str, scheme: str
) -> None:
    with pytest.raises(SystemExit) as stopped:
        load_hub_config(monkeypatch, tmp_path, url)
    message = str(stopped.value.code)
    assert repr(scheme) in message and "postgresql+psycopg://" in message
    assert "s3cret" not in message


def test_a_postgresql_url_without_the_driver_stops_the_hub(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The learners' servers run from the hub's environment: without psycopg every
    answer would fail, so the hub says so at start, with the extra's own pin."""
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "psycopg" else real(name, *a)
    )
    with pytest.raises(SystemExit) as stopped:
        load_hub_config(monkeypatch, tmp_path, URL)
    (driver,) = PYPROJECT["project"]["optional-dependencies"]["postgres"]
    assert f"pip install '{driver}'" in str(stopped.value.code)
    assert "s3cret" not in str(stopped.value.code)


# --- hosting/kubernetes/ ------------------------------------------------------------------


@pytest.fixture(scope="module")
def values() -> dict[str, Any]:
    return load_yaml(K8S / "values.yaml")


@pytest.fixture(scope="module")
def cluster() -> dict[str, Any]:
    return load_yaml(K8S / "database.yaml")


def _strings(tree: Any) -> list[str]:
    if isinstance(tree, dict):
        return [s for v in tree.values() for s in _strings(v)]
    if isinstance(tree, list):
        return [s for v in tree for s in _strings(v)]
    return [tree] if isinstance(tree, str) else []


def test_the_url_comes_from_a_secret_never_the_values_file(values: dict[str, Any]) -> None:
    env = values["singleuser"]["extraEnv"]
    assert env[DATABASE_URL_VAR] == {
        "valueFrom": {"secretKeyRef": {"name": SECRET, "key": KEY, "optional": True}}
    }
    assert not [v for v in _strings(values) if re.match(r"(postgres|sqlite)\w*(\+\w+)?://", v)], (
        "a database URL written in the file"
    )
    assert schema_errors(values) == []
    # the schema takes only a map or a list here: a URL typed as the value would pass it,
    # so the form above is what keeps the password out of the file
    assert schema_errors({"singleuser": {"extraEnv": "oops"}})


def test_learners_pods_may_reach_the_database_beside_the_hub_and_nothing_more(
    values: dict[str, Any], cluster: dict[str, Any]
) -> None:
    merged = helm_merge(load_yaml(K8S / "chart-4.4.0" / "values.yaml"), values)
    policy = merged["singleuser"]["networkPolicy"]
    assert policy["enabled"] is True
    assert policy["egressAllowRules"]["privateIPs"] is False, "why the rule below is needed"
    (rule,) = policy["egress"]
    assert rule["to"] == [{"podSelector": {"matchLabels": {"cnpg.io/cluster": cluster["metadata"]["name"]}}}]
    assert rule["ports"] == [{"port": 5432, "protocol": "TCP"}]


def _readme_block(marker: str) -> str:
    """The README's shell block that holds ``marker``, continuation lines joined."""
    text = (K8S / "README.md").read_text()
    for block in re.findall(r"```bash\n(.*?)```", text, re.S):
        if marker in block:
            return block.replace("\\\n", " ")
    raise AssertionError(f"no bash block in the README holds {marker!r}")


def test_the_readme_commands_name_the_database_values_and_database_yaml_use(
    cluster: dict[str, Any],
) -> None:
    assert cluster["apiVersion"] == "postgresql.cnpg.io/v1" and cluster["kind"] == "Cluster"
    name = cluster["metadata"]["name"]
    initdb = cluster["spec"]["bootstrap"]["initdb"]
    block = _readme_block("database.yaml")
    assert "kubectl apply --namespace pinochle -f hosting/kubernetes/database.yaml" in block
    assert f"get secret {name}-app " in block, "the operator's Secret for the owner's password"
    assert f"@{name}-rw:5432/{initdb['database']}" in block, "the operator's primary Service"
    assert f"postgresql+psycopg://{initdb['owner']}:" in block
    assert f"create secret generic {SECRET} --from-file={KEY}=/dev/stdin" in block
    own = _readme_block("db.school.example")
    assert f"create secret generic {SECRET}" in own and f"--from-literal={KEY}=" in own


@pytest.mark.parametrize("password", ["plain0password", "p@ss:w/rd%#?&= with space"])
def test_the_readme_pipeline_makes_a_url_that_gives_back_the_password(
    cluster: dict[str, Any], password: str
) -> None:
    """The README's ``python3 -c`` step, run as written on a generated password: the
    URL it makes reads back (as SQLAlchemy reads ``PINOCHLE_TUTOR_DATABASE_URL``) to the
    owner, the password, the Service and the database."""
    block = _readme_block("database.yaml")
    step = next(s for s in block.split("|") if "python3 -c" in s)
    argv = shlex.split(step)
    made = subprocess.run(
        [sys.executable, *argv[1:]], input=password, capture_output=True, text=True, check=True
    ).stdout
    url = sa.engine.make_url(made)
    initdb = cluster["spec"]["bootstrap"]["initdb"]
    assert (url.drivername, url.username, url.password) == ("postgresql+psycopg", initdb["owner"], password)
    assert (url.host, url.port, url.database) == (f"{cluster['metadata']['name']}-rw", 5432, initdb["database"])
    assert not made.endswith("\n"), "a newline would become part of the database's name"


def test_the_image_has_the_postgresql_driver_of_the_postgres_extra() -> None:
    installed = {Requirement(t).name: Requirement(t) for t in pip_install() if not t.startswith("/")}
    extra = [Requirement(r) for r in PYPROJECT["project"]["optional-dependencies"]["postgres"]]
    assert extra, "pyproject's postgres extra names the driver"
    for need in extra:
        got = installed.get(need.name)
        assert got is not None, f"the image does not install {need}"
        assert (got.specifier, got.extras) == (need.specifier, need.extras), (got, need)
