"""1: learners, their attempts, the lessons they opened, and the JSON files imported.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

def upgrade() -> None:
    op.create_table(
        "learners",
        sa.Column("learner", sa.Text, primary_key=True),
        sa.Column("first_seen", sa.Text, nullable=False),
    )
    op.create_table(
        "attempts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("learner", sa.Text, sa.ForeignKey("learners.learner", ondelete="CASCADE"), nullable=False),
        sa.Column("time", sa.Text, nullable=False),
        sa.Column("page", sa.Text, nullable=False, server_default=""),
        sa.Column("item_id", sa.Text, nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("rule_set", sa.Text, nullable=False, server_default=""),
        sa.Column("answer", sa.Text, nullable=False),
        sa.Column("right", sa.Integer, nullable=False),
        sa.Column("tries", sa.Integer, nullable=False, server_default="1"),
    )
    op.create_index("attempts_by_learner", "attempts", ["learner", "id"])
    op.create_table(
        "lessons",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("learner", sa.Text, sa.ForeignKey("learners.learner", ondelete="CASCADE"), nullable=False),
        sa.Column("page", sa.Text, nullable=False),
        sa.Column("time", sa.Text, nullable=False),
    )
    op.create_index("lessons_by_learner", "lessons", ["learner", "id"])
    op.create_table(
        "imports",
        sa.Column("learner", sa.Text, sa.ForeignKey("learners.learner", ondelete="CASCADE"), nullable=False),
        sa.Column("source", sa.Text, nullable=False),
        sa.Column("time", sa.Text, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("learner", "source"),
    )


def downgrade() -> None:
    for table in ("imports", "lessons", "attempts", "learners"):
        op.drop_table(table)
