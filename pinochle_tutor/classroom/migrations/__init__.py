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

from pathlib import Path

HERE = Path(__file__).resolve().parent
"""The script folder Alembic reads (``env.py``, ``versions/``)."""
