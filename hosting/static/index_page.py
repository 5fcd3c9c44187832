"""Write the static site's ``index.html``: every lesson and practice page, linked.

Run by ``scripts/build_static.sh``::

    python hosting/static/index_page.py CONTENT_DIR SITE_DIR

Each page's title is its notebook's first heading. The links open the course app
(``voici/render/course.html#x/NAME``, :mod:`pinochle_widgets.static_app`), which shows
every page in one browser page, so Python starts once; each notebook is also a page of
its own at ``voici/render/x/NAME.html``. The page also says what the site is for: practice
in the learner's own browser, which the teacher sees only through an exported file.
"""

from __future__ import annotations

import json
import sys
from html import escape
from pathlib import Path

APP = "voici/render/course.html#"
"""The course app's address; a page's key follows the hash."""

TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pinochle Tutor</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem;
       line-height: 1.5; color: #222; }}
.pt-static-note {{ background: #eef3fb; border-left: 4px solid #1976d2; padding: 0.6rem 1rem; }}
a {{ color: #0b57a4; }}
</style>
</head>
<body>
<h1>Pinochle Tutor</h1>
<p class="pt-static-note" role="note">This site is for practice. Everything runs in your browser:
your answers are kept in this browser only, and your teacher sees them only if you download them
(<a href="{progress}">My progress</a>, "Download my answers") and hand in the file.
The first page takes a few seconds to open: it starts Python in your browser. The
course then stays in that page, and the next lessons open quickly.</p>
<h2>Lessons</h2>
<ol class="pt-static-lessons" start="0">
{lessons}
</ol>
<h2>Practice</h2>
<ul class="pt-static-practice">
{practice}
</ul>
</body>
</html>
"""


def title(notebook: Path) -> str:
    """The notebook's first Markdown heading (or its file name)."""
    for cell in json.loads(notebook.read_text(encoding="utf-8")).get("cells", []):
        if cell.get("cell_type") == "markdown":
            for line in "".join(cell.get("source", "")).splitlines():
                if line.startswith("#"):
                    return line.lstrip("# ").strip()
    return notebook.stem


def link(content: Path, notebook: Path) -> str:
    href = APP + notebook.relative_to(content).with_suffix("").as_posix()
    return f'<li><a href="{escape(href)}">{escape(title(notebook))}</a></li>'


def main(content: Path, site: Path) -> None:
    lessons = sorted(content.glob("[0-9][0-9]_*.ipynb"))
    practice = sorted((content / "practice").glob("[0-9][0-9]_*.ipynb"))
    mine = [p for p in practice if "progress" in p.stem]
    progress = (
        APP + mine[0].relative_to(content).with_suffix("").as_posix()
        if mine
        else "#"
    )
    page = TEMPLATE.format(
        progress=escape(progress),
        lessons="\n".join(link(content, nb) for nb in lessons),
        practice="\n".join(link(content, nb) for nb in practice),
    )
    (site / "index.html").write_text(page, encoding="utf-8")
    print(f"index.html links {len(lessons)} lessons and {len(practice)} practice pages")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
