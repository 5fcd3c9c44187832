"""Tables for lessons and widgets, with or without pandas.

pandas is not available in the static site (Pyodide's npm package ships no compiled
wheels), so every table the course shows is rendered here from plain rows, to the same
HTML that :meth:`pandas.DataFrame.to_html` writes. :func:`frame` gives a
:class:`pandas.DataFrame` where pandas is installed (the server site, and code that
wants its methods) and a :class:`Table` where it is not. A table made with
``show_index=False`` (every table a lesson shows) is displayed without the index
column (the 0, 1, 2 ... at the left), in both::

    >>> t = Table([{"rank": "A", "points": 11}], index=[1])
    >>> len(t), t.columns, t["points"]
    (1, ['rank', 'points'], [11])
    >>> print(t.to_html(classes="pt-breakdown", border=0).splitlines()[0])
    <table class="dataframe pt-breakdown">
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from html import escape as _escape
from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Frame", "Table", "frame", "has_pandas"]

_REPR_STYLE = """<style scoped>
    .dataframe tbody tr th:only-of-type {
        vertical-align: middle;
    }

    .dataframe tbody tr th {
        vertical-align: top;
    }

    .dataframe thead th {
        text-align: right;
    }
</style>
"""


SCROLL_BOX = (
    '<div class="pt-table-scroll" role="region" aria-label="Table (scrolls sideways on a '
    'narrow screen)" tabindex="0" style="overflow-x: auto; max-width: 100%;">'
)
"""The box a lesson's table is shown in: on a phone a wide table scrolls sideways inside
it (nothing of the page is cut off), and it takes the keyboard's focus so that the
arrow keys scroll it too (WCAG's scrollable region, checked by axe)."""


def _in_scroll_box(html: str) -> str:
    """A notebook table's HTML (``<div>`` ... ``</div>``) in :data:`SCROLL_BOX`."""
    return SCROLL_BOX + html.removeprefix("<div>") if html.startswith("<div>") else html


def _cell(value: Any, escape: bool) -> str:
    text = str(value)
    return _escape(text, quote=False) if escape else text


class Table:
    """Rows of a table with named columns, an optional index, and ``attrs`` (like a
    DataFrame's): the part of :class:`pandas.DataFrame` the course uses."""

    def __init__(
        self,
        rows: Iterable[Mapping[str, Any]],
        columns: Sequence[str] | None = None,
        index: Sequence[Any] | None = None,
        *,
        show_index: bool = True,
    ) -> None:
        self.rows: list[dict[str, Any]] = [dict(r) for r in rows]
        self.show_index = show_index
        """Whether the notebook display (``_repr_html_``) shows the index column."""
        if columns is None:
            names: dict[str, None] = {}
            for r in self.rows:
                names.update(dict.fromkeys(r))
            columns = list(names)
        self.columns: list[str] = list(columns)
        self.index: list[Any] = list(index) if index is not None else list(range(len(self.rows)))
        if len(self.index) != len(self.rows):
            raise ValueError(f"{len(self.index)} index labels for {len(self.rows)} rows")
        self.attrs: dict[str, Any] = {}

    def __len__(self) -> int:
        return len(self.rows)

    def __repr__(self) -> str:
        return f"Table({len(self.rows)} rows, columns={self.columns!r})"

    @property
    def empty(self) -> bool:
        """True when the table has no rows (or no columns), as in pandas."""
        return not self.rows or not self.columns

    def __getitem__(self, column: str) -> list[Any]:
        """The values of one column, top to bottom."""
        if column not in self.columns:
            raise KeyError(column)
        return [r.get(column) for r in self.rows]

    def to_dict(self, orient: str = "records") -> list[dict[str, Any]]:
        """The rows as dictionaries (only ``orient="records"``)."""
        if orient != "records":
            raise ValueError(f"only orient='records' is supported, not {orient!r}")
        return [{c: r.get(c) for c in self.columns} for r in self.rows]

    def to_html(
        self,
        *,
        index: bool = True,
        classes: str | None = None,
        border: int | None = 1,
        escape: bool = True,
    ) -> str:
        """The table as HTML, written as :meth:`pandas.DataFrame.to_html` writes it."""
        cls = "dataframe" + (f" {classes}" if classes else "")
        border_attr = f' border="{border}"' if border else ""
        out = [f'<table{border_attr} class="{cls}">', "  <thead>",
               '    <tr style="text-align: right;">']  # fmt: skip
        if index:
            out.append("      <th></th>")
        out += [f"      <th>{_cell(c, escape)}</th>" for c in self.columns]
        out += ["    </tr>", "  </thead>", "  <tbody>"]
        for label, row in zip(self.index, self.rows, strict=True):
            out.append("    <tr>")
            if index:
                out.append(f"      <th>{_cell(label, escape)}</th>")
            out += [f"      <td>{_cell(row.get(c), escape)}</td>" for c in self.columns]
            out.append("    </tr>")
        out += ["  </tbody>", "</table>"]
        return "\n".join(out)

    def _repr_html_(self) -> str:
        html = f"<div>\n{_REPR_STYLE}{self.to_html(index=self.show_index)}\n</div>"
        return html if self.show_index else _in_scroll_box(html)  # as the DataFrames do


if TYPE_CHECKING:
    Frame: TypeAlias = "pd.DataFrame | Table"
else:
    Frame = Any
"""What :func:`frame` returns: a DataFrame where pandas is installed, else a Table."""


def has_pandas() -> bool:
    """Whether pandas can be imported here (not in the static site)."""
    try:
        import pandas  # noqa: F401
    except ImportError:
        return False
    return True


@functools.cache
def _frame_without_index() -> type[pd.DataFrame]:
    """A :class:`pandas.DataFrame` whose notebook display has no index column (made on
    first use: pandas is imported only when a table is shown)."""
    import pandas as pd

    class FrameWithoutIndex(pd.DataFrame):
        """A DataFrame that a notebook shows without its index column (the HTML
        ``DataFrame.to_html(notebook=True, index=False)`` writes); everything else is
        a DataFrame's."""

        @property
        def _constructor(self) -> type[pd.DataFrame]:
            return FrameWithoutIndex

        def _repr_html_(self) -> str:
            return _in_scroll_box(self.to_html(notebook=True, index=False))

    return FrameWithoutIndex


def frame(
    rows: Iterable[Mapping[str, Any]],
    columns: Sequence[str] | None = None,
    index: Sequence[Any] | None = None,
    *,
    show_index: bool = True,
) -> Frame:
    """A :class:`pandas.DataFrame` of ``rows`` when pandas is installed, else a
    :class:`Table` of them; both render the same HTML. With ``show_index=False`` a
    notebook shows the table without its index column."""
    listed = [dict(r) for r in rows]
    try:
        import pandas as pd
    except ImportError:
        return Table(listed, columns, index, show_index=show_index)
    kind = pd.DataFrame if show_index else _frame_without_index()
    result = kind(listed, columns=list(columns) if columns is not None else None)
    if index is not None:
        result = result.set_index(pd.Index(list(index)))
    return result
