"""2: the name a learner gave (the key in ``learner`` files the record).

Revision ID: 0002
Revises: 0001
"""

from pinochle_tutor.classroom.migrations import text_column

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


upgrade, downgrade = text_column("learners", "name")
