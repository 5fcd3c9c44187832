"""8: kept answers no longer name a seed. A hand played at a table was kept as
``hand:<seed>:<n>`` and a generated question as ``gen-<kind>-<level>-<seed>-<case>``,
and a learner downloads their answers: from a table's seed every later hand of that
table could be dealt, and from a question's seed the round's later questions. The
course now names them by a one-way digest of the seed
(:func:`pinochle_tutor.course.seeds.deal_id`); this revision renames the answers kept
before, so a learner's download holds no seed and a classmates' table still open
recognises the hands it kept (a page opened again keeps a hand once).

The digest is written out here, as it was when the revision was made (a revision must
do tomorrow what it did today): ``tests/test_opaque_item_ids.py`` checks it gives the
names the course gives. Not reversible: the seeds are not kept.

Revision ID: 0008
Revises: 0007
"""

import hashlib
import re

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

_HAND = re.compile(r"hand:(-?[0-9]+):([0-9]+)")
_GENERATED = re.compile(r"(gen-[a-z_]+-[0-9]+)-(-?[0-9]+)-(.+)")


def _digest(text: str) -> str:
    return hashlib.sha256(f"pinochle-tutor-deal:{text}".encode()).hexdigest()[:16]


def opaque(item_id: str) -> str | None:
    """The name the course now gives the answer kept as ``item_id`` (``None``: it names
    no seed and keeps its name)."""
    found = _HAND.fullmatch(item_id)
    if found is not None:
        return f"hand:{_digest(f'{int(found.group(1))}:game')}:{found.group(2)}"
    found = _GENERATED.fullmatch(item_id)
    if found is not None:
        return f"{found.group(1)}-{_digest(str(int(found.group(2))))}-{found.group(3)}"
    return None


def upgrade() -> None:
    db = op.get_bind()
    attempts = sa.table("attempts", sa.column("item_id", sa.Text))
    named = db.execute(
        sa.select(attempts.c.item_id)
        .where(sa.or_(attempts.c.item_id.like("hand:%"), attempts.c.item_id.like("gen-%")))
        .distinct()
    ).scalars()
    for old in list(named):
        new = opaque(old)
        if new is not None and new != old:
            db.execute(attempts.update().where(attempts.c.item_id == old).values(item_id=new))


def downgrade() -> None:
    pass  # the seeds are not kept: the old names cannot be made again
