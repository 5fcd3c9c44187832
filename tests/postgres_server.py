"""A throwaway PostgreSQL server for the tests (issue 31): the classroom store must work on
SQLite and on PostgreSQL, and only a real server shows what PostgreSQL does differently.

:func:`postgres_cluster` makes a cluster in a temporary folder with Debian's binaries
(``initdb``, ``pg_ctl``), starts it on a free loopback port with its socket in that folder,
yields its SQLAlchemy URL and always stops it and removes the folder. The server refuses
to run as root (CI runs as root), so as root the binaries run as the ``postgres`` system
user that Debian's ``postgresql`` package creates. :func:`new_database` gives each test a
database of its own on that server.

``scripts/test.sh`` installs the package and sets ``PINOCHLE_REQUIRE_POSTGRES=1``, so the
full run fails, rather than skips, when no server can be started; elsewhere (``--quick``,
a machine without PostgreSQL) the tests that need one are skipped.
"""

from __future__ import annotations

import os
import pwd
import re
import shlex
import shutil
import signal
import socket
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from sqlalchemy.engine import make_url

if TYPE_CHECKING:
    import psycopg

SYSTEM_USER = "postgres"
"""The system user the server runs as when the tests run as root (PostgreSQL refuses root)."""
SUPERUSER = "postgres"
"""The cluster's superuser (``initdb -U``); trust authentication, so no password."""
REQUIRE_ENV = "PINOCHLE_REQUIRE_POSTGRES"
"""Set (to anything but ``""`` or ``0``) where a missing server must fail the tests, not skip them."""
START_TIMEOUT = 60
"""Seconds ``pg_ctl start``/``stop`` may wait (about 2 s on a quiet machine)."""
START_ATTEMPTS = 3
"""Tries with a fresh port: another process (an xdist worker) may take the free port first."""
DATABASE_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,62}")
"""Names :func:`new_database` accepts: plain identifiers, which need no quoting in a URL."""
SERVER_SETTINGS = (
    "-c listen_addresses=127.0.0.1",
    # A throwaway cluster: durability only costs time here.
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
)


def pg_binaries() -> Path | None:
    """The folder with ``initdb`` and ``pg_ctl``: Debian's ``/usr/lib/postgresql/<version>/bin``
    (the newest), else wherever ``pg_ctl`` on the PATH really lives (symlinks resolved, since
    ``pg_ctl`` starts the ``postgres`` binary next to it); None when there is none."""
    versions: list[tuple[int, Path]] = []
    for bin_dir in Path("/usr/lib/postgresql").glob("*/bin"):
        if (bin_dir / "initdb").is_file() and (bin_dir / "pg_ctl").is_file():
            number = bin_dir.parent.name
            versions.append((int(number) if number.isdigit() else -1, bin_dir))
    if versions:
        return max(versions)[1]
    found = shutil.which("pg_ctl")
    if found is None:
        return None
    bin_dir = Path(found).resolve().parent
    return bin_dir if (bin_dir / "initdb").is_file() else None


def _as_root() -> bool:
    return os.geteuid() == 0


def postgres_missing() -> str | None:
    """Why no server can be started here (the skip reason), or None when one can."""
    if pg_binaries() is None:
        return "no PostgreSQL binaries (apt-get install postgresql; scripts/test.sh does)"
    if _as_root():
        try:
            pwd.getpwnam(SYSTEM_USER)
        except KeyError:
            return f"running as root and there is no {SYSTEM_USER!r} system user to run the server as"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed (pip install -e '.[test]')"
    return None


def postgres_required() -> bool:
    """Whether a missing server must fail the tests (see :data:`REQUIRE_ENV`)."""
    return os.environ.get(REQUIRE_ENV, "") not in ("", "0")


_MISSING = postgres_missing()
needs_postgres = pytest.mark.skipif(
    _MISSING is not None and not postgres_required(), reason=_MISSING or ""
)
"""Marks a test that needs a PostgreSQL server: skipped where none can be started, unless
:data:`REQUIRE_ENV` is set (then the test fails and says why)."""


def free_port() -> int:
    """A loopback port nobody listens on right now (it may be taken before we bind it: see
    :data:`START_ATTEMPTS`)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _run(command: Sequence[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run a PostgreSQL program, as the ``postgres`` user when we are root, with no ``PG*``
    variables of ours (``PGDATA``, ``PGPORT``... would point it elsewhere)."""
    if _as_root():
        if shutil.which("runuser"):
            command = ["runuser", "-u", SYSTEM_USER, "--", *command]
        else:
            command = ["su", SYSTEM_USER, "-s", "/bin/sh", "-c", shlex.join(command)]
    env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
    return subprocess.run(
        list(command), cwd=cwd, env=env, capture_output=True, text=True, timeout=START_TIMEOUT + 30
    )


def _tail(path: Path, lines: int = 20) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError as e:
        return f"(no log: {e})"


def _start(bin_dir: Path, data: Path, folder: Path, log: Path) -> int:
    """Start the server on a free port and return the port; ``pg_ctl -w`` returns once it
    accepts connections. Retried on a fresh port, since another process may take ours."""
    failures = []
    for _ in range(START_ATTEMPTS):
        port = free_port()
        options = " ".join((f"-p {port}", f"-k {shlex.quote(str(folder))}", *SERVER_SETTINGS))
        command = [str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", options,
                   "-w", "-t", str(START_TIMEOUT), "start"]  # fmt: skip
        done = _run(command, folder)
        if done.returncode == 0:
            return port
        failures.append(f"port {port}: {done.stdout}{done.stderr}\nserver log:\n{_tail(log)}")
        _stop(bin_dir, data, folder)  # a server that started but never got ready
    raise RuntimeError(
        f"PostgreSQL did not start in {folder} after {START_ATTEMPTS} tries:\n"
        + "\n".join(failures)
    )


def _stop(bin_dir: Path, data: Path, folder: Path) -> None:
    """Stop the server if it runs: ``pg_ctl -m fast``, then ``-m immediate``, then SIGKILL to
    the postmaster (a stuck server must not outlive the tests)."""
    pid_file = data / "postmaster.pid"
    if not pid_file.exists():
        return
    try:
        pid = int(pid_file.read_text().split("\n", 1)[0])
    except (OSError, ValueError):
        pid = None
    for mode in ("fast", "immediate"):
        command = [str(bin_dir / "pg_ctl"), "-D", str(data), "-m", mode, "-w",
                   "-t", str(START_TIMEOUT), "stop"]  # fmt: skip
        try:
            if _run(command, folder).returncode == 0:
                return
        except subprocess.TimeoutExpired:
            pass
    if pid is not None:
        with suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


@contextmanager
def postgres_cluster() -> Iterator[str]:
    """A fresh PostgreSQL cluster for the duration of the ``with`` block.

    Yields ``postgresql+psycopg://postgres@127.0.0.1:<port>/postgres`` (superuser, trust
    authentication, UTF8). On leaving, even by an exception, the server is stopped and its
    temporary folder (data, socket, log) removed."""
    bin_dir = pg_binaries()
    if bin_dir is None:
        raise RuntimeError(postgres_missing() or "no PostgreSQL binaries")
    folder = Path(tempfile.mkdtemp(prefix="pinochle-pg-"))
    data, log = folder / "data", folder / "server.log"
    try:
        if _as_root():
            user = pwd.getpwnam(SYSTEM_USER)
            os.chown(folder, user.pw_uid, user.pw_gid)
        initdb = [str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", SUPERUSER,
                  "-E", "UTF8", "--locale=C", "--no-sync"]  # fmt: skip
        done = _run(initdb, folder)
        if done.returncode != 0:
            raise RuntimeError(
                f"initdb failed (exit code {done.returncode}): {shlex.join(initdb)}\n"
                f"{done.stdout}{done.stderr}"
            )
        try:
            port = _start(bin_dir, data, folder, log)
            yield f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{port}/postgres"
        finally:
            _stop(bin_dir, data, folder)
    finally:
        shutil.rmtree(folder)


def _admin_connection(url: str) -> psycopg.Connection[Any]:
    """An autocommit connection to the ``postgres`` database of the server at ``url``
    (``CREATE``/``DROP DATABASE`` cannot run in a transaction)."""
    import psycopg

    server = make_url(url)
    return psycopg.connect(
        host=server.host, port=server.port, user=server.username, dbname="postgres",
        autocommit=True,
    )  # fmt: skip


def new_database(url: str, name: str) -> str:
    """Create the empty database ``name`` on the server at ``url`` (a URL from
    :func:`postgres_cluster`) and return its URL: each test gets a database of its own, so
    tests share the server but no tables."""
    if not DATABASE_NAME.fullmatch(name):
        raise ValueError(
            f"database name {name!r} is not a plain identifier (letters, digits, _; 63 at most)"
        )
    from psycopg import sql

    with _admin_connection(url) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return make_url(url).set(database=name).render_as_string(hide_password=False)


def drop_database(url: str) -> None:
    """Drop the database of ``url`` (from :func:`new_database`), closing any connection a
    test left open (``WITH (FORCE)``): the server keeps no database a test has finished with."""
    from psycopg import sql

    name = make_url(url).database
    if name is None or name in ("postgres", "template0", "template1"):
        raise ValueError(f"refusing to drop the database of {url!r}: not one new_database made")
    with _admin_connection(url) as conn:
        conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
