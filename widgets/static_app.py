"""The static site's course app: every lesson and practice page in one browser page, so
Python (Pyodide) starts once and a later page costs only its own cells.

    from pinochle_widgets.static_app import course_app
    course_app()        # the one cell of hosting/static/course.ipynb

In the static site each notebook is a page of its own, and every page starts Python anew
in the browser (the runtime, the wheels, IPython and the course's imports: about 10 s on
two cores). The app is one Voici page that stays open: the address's hash names the
course page shown (``course.html#04_meld``, ``course.html#practice/01_meld_level1``),
and opening one runs that notebook's cells in the kernel already running: its Markdown
cells are shown as Markdown, its code cells are run (in a namespace of the page's own)
and what they display, or their last value, is shown in the same order, as Voici would.
The notebooks are read from the site's files (the drive), so the course has one copy of
each page, and the working directory is the page's folder while it is shown, as it is
for a page of its own. The learner's progress is the same browser file
(:data:`pinochle_tutor.classroom.progress.BROWSER_PROGRESS`) for every page.

The course's links stay as they are (relative links to ``X.ipynb`` or ``X.html``):
:class:`PageRouter`'s JavaScript (in this module, no CDN) turns a click on one into a
change of the hash, and the browser's Back and Forward move between pages the same way.

Synced state: the router's ``page`` (the page the address names; the browser sets it,
and a name that is not a page of the course gets a message, not an error), ``shown``
and ``title`` (the page shown and its title, set by Python only).
"""

from __future__ import annotations

import ast
import html
import json
import os
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import ipywidgets as widgets
import traitlets

from pinochle_tutor.course.content import PageKind, outline

from ._base import Message, PythonWrites, guard_client_values, style_widget

__all__ = ["CourseApp", "PageRouter", "course_app", "course_pages", "run_cell", "run_cells"]

HOME = outline().of_kind(PageKind.WELCOME)[0].file.removesuffix(".ipynb")
"""The page the app opens on when the address names none."""

_ESM = """
const COURSE_LINK = /^(?![a-z][a-z0-9+.-]*:|\\/|#)([^?#]+)\\.(ipynb|html)$/i;

export default {
  render({ model, el }) {
    el.classList.add("pt-app-router");
    const wanted = () => decodeURIComponent(location.hash.slice(1)) || model.get("home");
    const ask = () => { model.set("page", wanted()); model.save_changes(); };
    const onHash = () => { ask(); window.scrollTo(0, 0); };
    const onClick = (event) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const a = event.target.closest ? event.target.closest("a[href]") : null;
      if (!a || (a.target && a.target !== "_self")) return;
      const found = (a.getAttribute("href") || "").match(COURSE_LINK);
      if (!found) return;
      // A course link is relative to the page shown: resolve it as that page would.
      const here = new URL(model.get("shown") || model.get("home"), "http://course/");
      const key = new URL(found[1], here).pathname.slice(1);
      event.preventDefault();
      if (location.hash.slice(1) === key) ask(); else location.hash = key;
    };
    const onShown = () => {
      document.body.dataset.ptShown = model.get("shown");
      if (model.get("title")) document.title = model.get("title");
    };
    window.addEventListener("hashchange", onHash);
    document.addEventListener("click", onClick);
    model.on("change:shown", onShown);
    model.on("change:title", onShown);
    ask();
    return () => {
      window.removeEventListener("hashchange", onHash);
      document.removeEventListener("click", onClick);
      model.off("change:shown", onShown);
      model.off("change:title", onShown);
    };
  },
};
"""


@dataclass(frozen=True)
class CoursePage:
    """A page of the course the app can show: its key (``04_meld``,
    ``practice/01_meld_level1``), the notebook's path relative to the site's files and
    its title."""

    key: str
    notebook: str
    title: str


def course_pages() -> dict[str, CoursePage]:
    """Every page of the course, by key: the outline's pages, then its practice pages
    (:func:`pinochle_tutor.course.content.outline`)."""
    course = outline()
    pages = [CoursePage(p.file.removesuffix(".ipynb"), p.file, p.title) for p in course.pages]
    pages += [
        CoursePage(f"practice/{f.removesuffix('.ipynb')}", f"practice/{f}", title)
        for f, title in course.practice_titles.items()
    ]
    return {p.key: p for p in pages}


class PageRouter(PythonWrites):
    """The page the address names (``page``, from the browser) and the page shown
    (``shown`` and its ``title``, from Python only). It draws nothing.

    CSS hook: ``pt-app-router``."""

    _esm = _ESM
    page = traitlets.Unicode("", help="The page the address's hash names.").tag(sync=True)
    shown = traitlets.Unicode("", help="The page shown (set by Python).").tag(sync=True)
    title = traitlets.Unicode("", help="The page's title for the browser.").tag(sync=True)
    home = traitlets.Unicode(HOME, help="The page when the address names none.").tag(sync=True)
    python_only: ClassVar[tuple[str, ...]] = ("shown", "title", "home")

    def __init__(self, message: Message | None = None, **kwargs: Any) -> None:
        """``message``: where a ``page`` that is not text is answered (the app's line)."""
        super().__init__(**kwargs)
        self.message = message

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """A client's update: ``page`` may come from the browser as any text (the app
        answers a name that is not a page with a message); a ``page`` that is not text
        is refused, answered in :attr:`message` and the kernel's value sent back; the
        :attr:`python_only` traits are refused (:class:`PythonWrites`)."""
        if "page" in sync_data and not isinstance(sync_data["page"], str):
            if self.message is not None:
                self.message.error(
                    f"{sync_data['page']!r:.40} is not the name of a page: a page is named "
                    "by its file, such as 04_meld."
                )
            sync_data = {k: v for k, v in sync_data.items() if k != "page"}
            self.send_state(["page"])
        super().set_state(sync_data)


def _text(source: str | list[str]) -> str:
    return source if isinstance(source, str) else "".join(source)


def _display(data: dict[str, Any], metadata: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"output_type": "display_data", "data": data, "metadata": metadata or {}}


def run_cell(
    cell: dict[str, Any], name: str, namespace: dict[str, Any], shell: Any
) -> list[dict[str, Any]]:
    """The outputs of one notebook ``cell``, as the page of its own shows them: a
    Markdown cell as Markdown; for a code cell, run in ``namespace``, what it displays
    and its last expression's value (when not ``None``), in order, or its error.
    ``name`` names the cell in a traceback. ``shell`` is the kernel's IPython shell: its
    display publisher is borrowed while the cell runs."""
    source = _text(cell.get("source", ""))
    if cell.get("cell_type") == "markdown":
        return [_display({"text/markdown": source})]
    if cell.get("cell_type") != "code" or not source.strip():
        return []
    outputs: list[dict[str, Any]] = []
    publisher = shell.display_pub
    own = vars(publisher).get("publish")  # usually none: the class's method

    def publish(
        data: dict[str, Any], metadata: dict[str, Any] | None = None, *_: Any, **__: Any
    ) -> None:
        outputs.append(_display(data, metadata))

    publisher.publish = publish
    try:
        _run(source, f"<{name}>", namespace, shell, outputs)
    except Exception as error:
        outputs.append({
            "output_type": "error",
            "ename": type(error).__name__,
            "evalue": str(error),
            "traceback": traceback.format_exception(error),
        })  # fmt: skip
    finally:
        if own is None:
            del publisher.publish
        else:
            publisher.publish = own
    return outputs


def run_cells(cells: list[dict[str, Any]], name: str, shell: Any) -> list[dict[str, Any]]:
    """The outputs of a notebook's ``cells`` run in turn in a fresh namespace
    (:func:`run_cell`); a cell that fails shows its error and the next cells still run."""
    namespace: dict[str, Any] = {"__name__": "__main__"}
    outputs: list[dict[str, Any]] = []
    for n, cell in enumerate(cells):
        outputs += run_cell(cell, f"{name} cell {n}", namespace, shell)
    return outputs


def _run(
    source: str, filename: str, namespace: dict[str, Any], shell: Any, outputs: list[dict[str, Any]]
) -> None:
    tree = ast.parse(source, filename)
    last = tree.body[-1] if tree.body else None
    if not isinstance(last, ast.Expr):
        exec(compile(tree, filename, "exec"), namespace)  # the course's own notebook cells
        return
    tree.body.pop()
    exec(compile(tree, filename, "exec"), namespace)
    value = eval(compile(ast.Expression(last.value), filename, "eval"), namespace)
    if value is not None:
        data, metadata = shell.display_formatter.format(value)
        outputs.append(_display(data, metadata))


class CourseApp(widgets.VBox):
    """The course in one page: the page the address names, its cells run in this
    kernel (see the module's docstring), each cell's outputs shown as soon as it has
    run. ``root`` is the folder of the site's files (default: the working directory,
    where ``course.ipynb`` is).

    CSS hooks: ``pt-course-app``, ``pt-app-status``, ``pt-app-page``."""

    def __init__(self, root: str | os.PathLike[str] | None = None, shell: Any = None) -> None:
        self.root = Path(root) if root is not None else Path.cwd()
        self.pages = course_pages()
        self.shell = shell
        self.message = Message()
        """The app's own line: a value a client sends that a part cannot take."""
        self.router = PageRouter(message=self.message)
        self.status = widgets.HTML("")
        self.status.add_class("pt-app-status")
        self.page = widgets.VBox()
        self.page.add_class("pt-app-page")
        super().__init__([style_widget(), self.router, self.status, self.message, self.page])
        self.add_class("pt-course-app")
        # The app's parts answer in words from this moment. The pages' own widgets are
        # not its children (they are outputs) and guard themselves.
        guard_client_values(self, self.message)
        self.router.observe(self._asked, names="page")

    def _asked(self, change: dict[str, Any]) -> None:
        self.show_page(change["new"])

    def show_page(self, key: str) -> None:
        """Show the page ``key`` (``04_meld``, ``practice/01_meld_level1``); a key that
        is not a page of the course gets a message with a link to the outline."""
        page = self.pages.get(key.removesuffix(".ipynb").removesuffix(".html").strip("/"))
        if page is None:
            self.status.value = (
                f'<p class="pt-message pt-error" role="alert">There is no page called '
                f'"{html.escape(key)}" in this course. <a href="{HOME}.ipynb">Go to the '
                "course outline</a>.</p>"
            )
            return
        self.status.value = (
            f'<p class="pt-app-opening" role="status">Opening "{html.escape(page.title)}" ...</p>'
        )
        path = self.root / page.notebook
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
        os.chdir(path.parent)  # the page's folder, as for a page of its own
        shell = self.shell or _shell()
        # Each cell's outputs are shown as soon as it has run, in an output area of its
        # own (the boxes already drawn stay), so the top of a page is there first.
        self.page.children = ()
        namespace: dict[str, Any] = {"__name__": "__main__"}
        for n, cell in enumerate(cells):
            outputs = run_cell(cell, f"{page.key} cell {n}", namespace, shell)
            if outputs:
                area = widgets.Output()
                area.outputs = tuple(outputs)
                self.page.children = (*self.page.children, area)
        self.status.value = ""
        self.router.title = f"{page.title} - Pinochle Tutor"
        self.router.shown = page.key


def _shell() -> Any:
    from IPython import get_ipython

    shell = get_ipython()
    if shell is None:
        raise RuntimeError("the course app runs in a kernel (IPython is not running)")
    return shell


def course_app(root: str | os.PathLike[str] | None = None) -> CourseApp:
    """The app, for the static site's ``course.ipynb`` (see :class:`CourseApp`)."""
    return CourseApp(root)
