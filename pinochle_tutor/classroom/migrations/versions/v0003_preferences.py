"""3: a learner's display preferences (the four-colour deck), kept with their record.

Revision ID: 0003
Revises: 0002
"""

from pinochle_tutor.classroom.migrations import learner_keyed_table

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


upgrade, downgrade = learner_keyed_table("preferences", "value")
