"""2: the name a learner gave (the key in ``learner`` files the record).

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("learners") as table:
        table.add_column(sa.Column("name", sa.Text, nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("learners") as table:
        table.drop_column("name")
