"""6: an answer's idempotency key. The course gives each answer a key when it is
given; a write retried after a dropped connection (the first may have been committed
before the connection went) finds the key taken and adds nothing. Older rows have
none (a unique index allows any number of NULLs, on SQLite and PostgreSQL).

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("attempts") as table:
        table.add_column(sa.Column("answer_key", sa.Text, nullable=True))
    op.create_index("attempts_by_answer_key", "attempts", ["answer_key"], unique=True)


def downgrade() -> None:
    op.drop_index("attempts_by_answer_key", "attempts")
    with op.batch_alter_table("attempts") as table:
        table.drop_column("answer_key")
