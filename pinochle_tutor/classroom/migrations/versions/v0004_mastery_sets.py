"""4: the lesson's mastery set an answer was given in (see ``classroom/mastery.py``).

Revision ID: 0004
Revises: 0003
"""

from pinochle_tutor.classroom.migrations import text_column

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


upgrade, downgrade = text_column("attempts", "mastery_set")
