"""The throwaway PostgreSQL server the store's tests run against (tests/postgres_server.py):
databases of their own per test, and nothing left behind (no server on the port, no folder)
when the cluster's ``with`` block ends, by an exception too."""

from __future__ import annotations

import re
import socket
from pathlib import Path

import pytest
import sqlalchemy as sa

from tests.postgres_server import drop_database, needs_postgres, new_database, postgres_cluster

ROWS = sa.Table(
    "rows",
    sa.MetaData(),
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", sa.Text, nullable=False),
)


def _names(url: str) -> list[str]:
    """The names in the ``rows`` table of the database at ``url``, creating the table first."""
    engine = sa.create_engine(url)
    try:
        ROWS.metadata.create_all(engine)
        with engine.connect() as conn:
            return list(conn.scalars(sa.select(ROWS.c.name).order_by(ROWS.c.id)))
    finally:
        engine.dispose()


def _accepts(port: int) -> bool:
    """Whether anything accepts TCP connections on the loopback ``port``."""
    with socket.socket() as s:
        s.settimeout(2)
        return s.connect_ex(("127.0.0.1", port)) == 0


def test_each_new_database_is_separate_and_utf8(postgres_server: str) -> None:
    first = new_database(postgres_server, "separate_first")
    second = new_database(postgres_server, "separate_second")
    try:
        assert first.endswith("/separate_first") and second.endswith("/separate_second")
        engine = sa.create_engine(first)
        try:
            ROWS.metadata.create_all(engine)
            with engine.begin() as conn:
                conn.execute(sa.insert(ROWS).values(name="Gruß ♠"))
            with engine.connect() as conn:
                assert conn.scalar(sa.text("SHOW server_encoding")) == "UTF8"
        finally:
            engine.dispose()
        assert _names(first) == ["Gruß ♠"]
        assert _names(second) == []
    finally:
        drop_database(first)
        drop_database(second)
    with pytest.raises(sa.exc.OperationalError, match="separate_first"):
        _names(first)


def test_the_fixture_gives_an_empty_database_per_test(postgres_url: str, postgres_server: str) -> None:
    assert postgres_url.startswith(postgres_server.rsplit("/", 1)[0] + "/test_")
    engine = sa.create_engine(postgres_url)
    try:
        assert sa.inspect(engine).get_table_names() == []
    finally:
        engine.dispose()


def _where(url: str) -> tuple[int, Path]:
    """The port and the temporary folder (its socket directory) of the server at ``url``."""
    engine = sa.create_engine(url)
    try:
        with engine.connect() as conn:
            folder = Path(str(conn.scalar(sa.text("SHOW unix_socket_directories"))))
    finally:
        engine.dispose()
    port = sa.make_url(url).port
    assert port is not None, url
    return port, folder


@needs_postgres
def test_leaving_the_block_stops_the_server_and_removes_its_folder() -> None:
    with postgres_cluster() as url:
        assert url.startswith("postgresql+psycopg://postgres@127.0.0.1:")
        assert url.endswith("/postgres")
        port, folder = _where(url)
        assert _accepts(port)
        assert (folder / "data" / "PG_VERSION").is_file()
    assert not _accepts(port)
    assert not folder.exists()


class _Boom(Exception):
    pass


@needs_postgres
def test_an_exception_in_the_block_still_stops_the_server() -> None:
    where: list[tuple[int, Path]] = []
    with pytest.raises(_Boom), postgres_cluster() as url:
        where.append(_where(url))
        raise _Boom
    [(port, folder)] = where
    assert not _accepts(port)
    assert not folder.exists()


@pytest.mark.parametrize("name", ["", "1abc", "drop table x", "a-b", "x" * 64, "ä"])
def test_new_database_refuses_names_that_are_not_plain_identifiers(name: str) -> None:
    with pytest.raises(ValueError, match=re.escape(f"database name {name!r}")):
        new_database("postgresql+psycopg://postgres@127.0.0.1:1/postgres", name)
