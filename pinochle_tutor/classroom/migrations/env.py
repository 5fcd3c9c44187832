"""Alembic's entry point: run the migrations on the connection the store passes in
(``config.attributes["connection"]``), or, from the command line, on the URL of
``alembic.ini``. One transaction for the whole upgrade. (Imported outside a
migration, say by a docstring test run, it does nothing.)"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine


def run() -> None:
    config = context.config
    # render_as_batch: SQLite alters a table by copying it, which Alembic's batch mode
    # does for us; PostgreSQL alters in place.
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "sqlite://")
    with engine.connect() as fresh:  # the command line (a new revision's skeleton)
        context.configure(connection=fresh, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()


if getattr(context, "config", None) is not None:
    run()
