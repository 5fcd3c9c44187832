"""A course page's words as written, for the tests that read what the lessons say: the
notebook's cells and the prose file its ``text("id")`` cells show
(``pinochle_tutor/course/text/``, named by the outline)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from pinochle_tutor.course.content import outline

REPO = Path(__file__).resolve().parent.parent


@cache
def notebook_text(path: Path) -> str:
    """A page's cells and its prose file (the passages its cells show), as written: a
    lesson's by its name, a practice page's (``exercises/`` or ``lessons/practice/``) as
    ``practice/<name>``."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    cells = ["".join(c["source"]) for c in nb["cells"]]
    practice = path.parent.name in ("practice", "exercises")
    file = outline().prose_file(f"practice/{path.name}" if practice else path.name)
    if file is not None:
        cells.append((REPO / "pinochle_tutor" / "course" / "text" / file).read_text(encoding="utf-8"))
    return "\n".join(cells)
