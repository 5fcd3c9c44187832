"""One Alembic revision a file, named by its schema version (see the package's text)."""
