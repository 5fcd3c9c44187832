"""3: a learner's display preferences (the four-colour deck), kept with their record.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "preferences",
        sa.Column("learner", sa.Text, sa.ForeignKey("learners.learner", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("key", sa.Text, nullable=False),
        sa.Column("value", sa.Text, nullable=False),
        sa.Column("time", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("learner", "key"),
    )  # fmt: skip


def downgrade() -> None:
    op.drop_table("preferences")
