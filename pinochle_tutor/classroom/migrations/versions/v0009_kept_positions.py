"""9: a position kept with an answer. After a hand, each card the coach's review
finds a clear mistake is kept as the learner's own position, to be asked again in the
review from their seat (:mod:`pinochle_tutor.classroom.own_positions`); the answer that
keeps it, and each answer to it, carries the position's text (only what the learner's
seat saw: never another seat's hidden cards nor the game's seed). Older rows have none.

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("attempts") as table:
        table.add_column(sa.Column("position", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("attempts") as table:
        table.drop_column("position")
