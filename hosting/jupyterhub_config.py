# JupyterHub configuration for hosting Pinochle Tutor for a class.
#
# Each learner logs in, gets a Jupyter server of their own, and lands on the course's
# welcome page rendered by Voila (a jupyter-server extension, so Voila runs inside each
# learner's server). The learner's server runs with HOME set to that learner's home, and
# pinochle_tutor keeps quiz progress in ~/.pinochle_tutor/progress.sqlite, so every learner
# has a progress file of their own.
#
# Start it from the repository root, after `bash scripts/install_hub.sh`:
#
#     PINOCHLE_HUB_PASSWORD='a class password' .venv/bin/jupyterhub -f hosting/jupyterhub_config.py
#
# then open http://127.0.0.1:8000/ and log in with any allowed name and that password.
# tests/test_jupyterhub.py starts the hub exactly this way (with other ports and a temp
# folder) and checks that two learners get two separate progress files.
#
# Settings read from the environment (all optional except the password):
#   PINOCHLE_HUB_PASSWORD   the class password (8+ characters); without it nobody can log in
#   PINOCHLE_HUB_USERS      comma-separated learner names allowed to log in (default: anyone)
#   PINOCHLE_HUB_IP         address the site listens on (default 127.0.0.1: this machine only;
#                           a school serving its network puts a TLS-terminating proxy in front)
#   PINOCHLE_HUB_PORT       the site's port (default 8000)
#   PINOCHLE_HUB_HUB_PORT   the hub's internal port (default 8081)
#   PINOCHLE_HUB_API_PORT   the proxy's internal API port (default 8001)
#   PINOCHLE_HUB_STATE      folder for the hub's database, cookie secret and proxy pid file
#                           (default hosting/state/)
#   PINOCHLE_HUB_HOMES      folder holding one home folder per learner (default hosting/homes/)
#   PINOCHLE_HUB_ADMIN_TOKEN  if set, a service "pinochle-admin" with this API token may
#                           start, stop and reach learners' servers (the test uses it)
#   PINOCHLE_TUTOR_DATABASE_URL  the school's one class database, passed to every learner's
#                           server (default: none, a SQLite file in each learner's home);
#                           set it from a secret, see "One class database" below
#
# SECURITY: the spawner below (SimpleLocalProcessSpawner) runs every learner's server as
# the same operating-system user, so learners are kept apart by the hub's login only, not
# by the system: anyone who runs code (e.g. in JupyterLab at /user/<name>/lab) can read
# another learner's files. That is fine for a demo or a single trusted class machine. For
# real isolation switch to system users or containers; see the comments marked "SCHOOL".

import importlib.util
import json
import os
import shutil
import sys
from pathlib import Path

c = get_config()  # noqa: F821  (JupyterHub provides get_config)

HOSTING = Path(__file__).resolve().parent
REPO = HOSTING.parent
LESSONS = REPO / "lessons"
BIN = Path(sys.executable).parent  # the environment jupyterhub runs from (.venv/bin)


def _env(name: str, default: str) -> str:
    return os.environ.get(name) or default


STATE = Path(_env("PINOCHLE_HUB_STATE", str(HOSTING / "state"))).resolve()
HOMES = Path(_env("PINOCHLE_HUB_HOMES", str(HOSTING / "homes"))).resolve()
STATE.mkdir(parents=True, exist_ok=True)
HOMES.mkdir(parents=True, exist_ok=True)

# --- Network: the public site (the proxy), the hub, the proxy's API -------------------
ip = _env("PINOCHLE_HUB_IP", "127.0.0.1")
c.JupyterHub.bind_url = f"http://{ip}:{_env('PINOCHLE_HUB_PORT', '8000')}"
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(_env("PINOCHLE_HUB_HUB_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{_env('PINOCHLE_HUB_API_PORT', '8001')}"

# configurable-http-proxy comes from npm: `npm ci --prefix hosting` (scripts/install_hub.sh)
# puts it in hosting/node_modules; a global install on PATH works too.
_local_proxy = HOSTING / "node_modules" / ".bin" / "configurable-http-proxy"
_proxy = str(_local_proxy) if _local_proxy.exists() else shutil.which("configurable-http-proxy")
c.ConfigurableHTTPProxy.command = [_proxy or "configurable-http-proxy"]
c.ConfigurableHTTPProxy.pid_file = str(STATE / "jupyterhub-proxy.pid")

# --- The hub's own state: keep it together, out of the working directory ---------------
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
# On shutdown, stop the learners' servers and the proxy too.
c.JupyterHub.cleanup_servers = True
c.JupyterHub.cleanup_proxy = True

# --- Who may log in --------------------------------------------------------------------
# A shared class password (JupyterHub's successor to DummyAuthenticator's password). Anyone
# who knows it can log in as any learner name, so it suits a lesson, not a term.
# SCHOOL: use your school's login instead, e.g. c.JupyterHub.authenticator_class = "pam"
# (system accounts), or an OAuth/LDAP authenticator package.
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = os.environ.get("PINOCHLE_HUB_PASSWORD") or None
_users = [u.strip() for u in os.environ.get("PINOCHLE_HUB_USERS", "").split(",") if u.strip()]
if _users:
    c.Authenticator.allowed_users = set(_users)
else:
    c.Authenticator.allow_all = True

# --- Each learner's server -------------------------------------------------------------
# SCHOOL: for real isolation use "jupyterhub.spawner.LocalProcessSpawner" (one system
# account per learner, their real home folders; needs the hub run as root) or a container
# spawner (dockerspawner, kubespawner). Everything below applies to those unchanged.
c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
c.SimpleLocalProcessSpawner.home_dir_template = str(HOMES / "{username}")

c.Spawner.cmd = [str(BIN / "jupyterhub-singleuser")]
c.Spawner.ip = "127.0.0.1"
# The learners see the lessons folder (with practice/ -> ../exercises and house_rules.toml)
# and land on the course outline rendered by Voila, not on JupyterLab.
c.Spawner.notebook_dir = str(LESSONS)
c.Spawner.default_url = "/voila/render/00_welcome.ipynb"
# HOME is the learner's home (the spawner sets it), so progress goes to
# <home>/.pinochle_tutor/progress.sqlite. JUPYTER_CONFIG_PATH makes the Voila extension read
# the repository's voila.json (template, no tracebacks, sources stripped, file lists).
# To keep progress elsewhere, set PINOCHLE_TUTOR_PROGRESS per learner, e.g.
#   "PINOCHLE_TUTOR_PROGRESS": lambda spawner: f"/srv/progress/{spawner.user.name}.sqlite"
c.Spawner.environment = {"JUPYTER_CONFIG_PATH": str(REPO)}

# --- One class database for the whole school (optional) --------------------------------
# Without PINOCHLE_TUTOR_DATABASE_URL each learner's server keeps its own SQLite file in
# its home (above), and the teacher sees the class only by reading the homes
# (PINOCHLE_TUTOR_CLASS) or collecting them (scripts/collect_progress.py). With it in the
# HUB'S OWN environment, every learner's server gets it and writes to that one database
# (PostgreSQL: postgresql+psycopg://USER:PASSWORD@HOST:5432/DB), so the teacher's
# dashboard sees the whole class as they answer, and a learner on two servers is one
# record (the learner is the hub login, JUPYTERHUB_USER). The URL holds a password: the
# hub's admin sets it from a secret (a systemd EnvironmentFile= readable by root only, a
# Kubernetes Secret), never in this file, which is in git. The course never shows it on a
# page or in the log. A learner who can run code in their own server (JupyterLab at
# /user/<name>/lab) can read their server's environment, so give the tutor a PostgreSQL
# role of its own, owning only the tutor's database (hosting/README.md).
# The spawner passes no variable of the hub's own environment on unless told
# (Spawner.env_keep lists a few, not this one), hence the explicit line.
DATABASE_URL_VAR = "PINOCHLE_TUTOR_DATABASE_URL"  # pinochle_tutor.classroom.progress's name
_database_url = os.environ.get(DATABASE_URL_VAR, "").strip()
if _database_url:
    _scheme = _database_url.split("://", 1)[0] if "://" in _database_url else ""
    if _scheme not in ("postgresql+psycopg", "postgresql", "sqlite"):
        # A URL the course cannot use (a typo) would leave every server on its own SQLite
        # file without a word: stop here, naming the scheme only (the rest of the URL may
        # hold the password). postgresql:// is read as postgresql+psycopg:// by the store.
        raise SystemExit(
            f"{DATABASE_URL_VAR} must start with postgresql+psycopg:// or postgresql:// "
            "(or sqlite:///), "
            f"not {(_scheme or 'a string without ://')!r}"
        )
    if _scheme.startswith("postgresql") and importlib.util.find_spec("psycopg") is None:
        # The learners' servers run from this same environment (BIN above).
        raise SystemExit(
            f"{DATABASE_URL_VAR} names a PostgreSQL database and {BIN.parent} has no psycopg: "
            "run .venv/bin/python -m pip install 'psycopg[binary]>=3.1'"
        )
    c.Spawner.environment[DATABASE_URL_VAR] = _database_url

# voila.json's kernel culling is a setting of the Voila app; inside a Jupyter server the
# server's own kernel manager needs it, so pass the same values on the command line.
_voila_json = json.loads((REPO / "voila.json").read_text())
# voila.json's page template (the course's loading screen, no CDN) is found in the
# environment's Jupyter data folder, where scripts/install_hub.sh (or serve.sh) links it.
_template = _voila_json["VoilaConfiguration"]["template"]
if not (BIN.parent / "share" / "jupyter" / "voila" / "templates" / _template).is_dir():
    raise SystemExit(
        f"the Voila template {_template!r} is not installed: run bash scripts/install_hub.sh"
    )
c.Spawner.args = [
    f"--MappingKernelManager.{key}={value}"
    for key, value in _voila_json.get("MappingKernelManager", {}).items()
]

if os.geteuid() == 0:
    # This spawner runs learners' servers as the hub's own user; Jupyter refuses root
    # unless told. (With LocalProcessSpawner the hub runs as root and the servers as the
    # learners' accounts, so this line does not apply there.)
    c.Spawner.args.append("--allow-root")

c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
# Stop a learner's whole server after an hour without activity: add the
# jupyterhub-idle-culler package as a hub service (see its README).

# --- Optional admin service (used by tests/test_jupyterhub.py) --------------------------
_admin_token = os.environ.get("PINOCHLE_HUB_ADMIN_TOKEN")
if _admin_token:
    c.JupyterHub.services = [{"name": "pinochle-admin", "api_token": _admin_token}]
    c.JupyterHub.load_roles = [
        {
            "name": "pinochle-admin",
            "scopes": ["admin:users", "admin:servers", "access:servers"],
            "services": ["pinochle-admin"],
        }
    ]
