"""5: where a learner is in a round of questions on a page (``classroom/places.py``),
so a reload shows the same question in the same state.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "places",
        sa.Column("learner", sa.Text, sa.ForeignKey("learners.learner", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("key", sa.Text, nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("time", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("learner", "key"),
    )  # fmt: skip


def downgrade() -> None:
    op.drop_table("places")
