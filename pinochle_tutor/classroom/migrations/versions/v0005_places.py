"""5: where a learner is in a round of questions on a page (``classroom/places.py``),
so a reload shows the same question in the same state.

Revision ID: 0005
Revises: 0004
"""

from pinochle_tutor.classroom.migrations import learner_keyed_table

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


upgrade, downgrade = learner_keyed_table("places", "data")
