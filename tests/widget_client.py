"""What a browser can do to a widget, for headless tests: send a click or a state
update exactly as the front end would (disabled or hidden widgets included), and
read everything the widget tree syncs to the page."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import ipywidgets as widgets


def client_click(button: widgets.Button) -> None:
    """A click as the browser sends it (works on disabled and hidden buttons too)."""
    button._handle_msg(
        {"content": {"data": {"method": "custom", "content": {"event": "click"}}}, "buffers": []}
    )


def client_update(widget: widgets.Widget, **state: Any) -> None:
    """A state change as the browser sends it (any trait, any value)."""
    widget._handle_msg(
        {
            "content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
            "buffers": [],
        }
    )


def tree(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    """The widget and every widget below it (children, accordion pages)."""
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from tree(child)


def tree_states(root: widgets.Widget) -> str:
    """Every synced state in the widget tree (children, layouts, styles), as text:
    what a client can read over the websocket."""
    seen: set[str] = set()
    out: list[str] = []

    def walk(w: widgets.Widget) -> None:
        if w.model_id in seen:
            return
        seen.add(w.model_id)
        for synced in w.get_state().values():
            out.append(synced if isinstance(synced, str) else json.dumps(synced, default=str))
        for key in w.keys:
            value: Any = getattr(w, key, None)
            items = value if isinstance(value, (list, tuple)) else [value]
            for item in items:
                if isinstance(item, widgets.Widget):
                    walk(item)

    walk(root)
    return "\n".join(out)
