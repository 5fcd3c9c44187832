"""The classroom database's versioned migrations (Alembic), one file a version in
``versions/``: :mod:`pinochle_tutor.classroom.store` runs them when it opens a
database whose schema is older, on SQLite and on PostgreSQL alike.

Versions 1 to 5 are the schema the store wrote by hand before it used Alembic (its
SQLite files say their version in ``PRAGMA user_version``); a file at one of those
versions is stamped with that revision and brought up to date from there, so no
answer is lost. To change the schema, add a revision after the last one (``alembic
-c pinochle_tutor/classroom/migrations/alembic.ini revision -m "..."`` writes its
skeleton) and raise :data:`~pinochle_tutor.classroom.store.SCHEMA_VERSION`; never
edit a revision that has shipped.
"""

from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
"""The script folder Alembic reads (``env.py``, ``versions/``)."""


def text_column(table: str, column: str) -> tuple[Callable[[], None], Callable[[], None]]:
    """The ``upgrade`` and ``downgrade`` of a revision that adds one text column to
    ``table``, never NULL and empty in the rows already there (revisions 2 and 4); the
    downgrade drops it again. (Alembic and SQLAlchemy are imported when a revision runs:
    the store reads :data:`HERE` from this package without loading them.)"""

    def upgrade() -> None:
        import sqlalchemy as sa
        from alembic import op

        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column(column, sa.Text, nullable=False, server_default=""))

    def downgrade() -> None:
        from alembic import op

        with op.batch_alter_table(table) as batch:
            batch.drop_column(column)

    return upgrade, downgrade


def learner_keyed_table(name: str, value: str) -> tuple[Callable[[], None], Callable[[], None]]:
    """The ``upgrade`` and ``downgrade`` of a revision that creates a table of one text
    ``value`` per learner and key, with the time it was kept, deleted with its learner
    (revisions 3, ``preferences``, and 5, ``places``); the downgrade drops it."""

    def upgrade() -> None:
        import sqlalchemy as sa
        from alembic import op

        op.create_table(
            name,
            sa.Column("learner", sa.Text, sa.ForeignKey("learners.learner", ondelete="CASCADE"),
                      nullable=False),
            sa.Column("key", sa.Text, nullable=False),
            sa.Column(value, sa.Text, nullable=False),
            sa.Column("time", sa.Text, nullable=False),
            sa.PrimaryKeyConstraint("learner", "key"),
        )  # fmt: skip

    def downgrade() -> None:
        from alembic import op

        op.drop_table(name)

    return upgrade, downgrade
