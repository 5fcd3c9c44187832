"""4: the lesson's mastery set an answer was given in (see ``classroom/mastery.py``).

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("attempts") as table:
        table.add_column(sa.Column("mastery_set", sa.Text, nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("attempts") as table:
        table.drop_column("mastery_set")
