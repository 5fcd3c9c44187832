"""7: classmates' tables. A table (its short code, the rules and settings it was opened
with, the seed of its deals, whether it is open, being played or closed, and a finished
game's result), its seats (which learner sits where, and when their page last said it
was there) and its moves (every action, in order, numbered per table: two pages that
try to write the same move number cannot both succeed, so the database decides which
came first).

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("code", sa.Text, primary_key=True),
        sa.Column("rule_set", sa.Text, nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("level", sa.Text, nullable=False),
        sa.Column("hints", sa.Integer, nullable=False),
        sa.Column("away_wait", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("opener", sa.Text, nullable=False),
        sa.Column("state", sa.Text, nullable=False),
        sa.Column("opened", sa.Float, nullable=False),
        sa.Column("changed", sa.Float, nullable=False),
        sa.Column("result", sa.Text, nullable=False, server_default=""),
    )
    op.create_table(
        "table_seats",
        sa.Column("code", sa.Text, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("learner", sa.Text, nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("seen", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("code", "seat"),
        sa.UniqueConstraint("code", "learner"),
    )
    op.create_table(
        "table_moves",
        sa.Column("code", sa.Text, nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("hand", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("learner", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.PrimaryKeyConstraint("code", "seq"),
    )
    op.create_index("tables_by_state", "tables", ["state"])


def downgrade() -> None:
    op.drop_index("tables_by_state", "tables")
    op.drop_table("table_moves")
    op.drop_table("table_seats")
    op.drop_table("tables")
