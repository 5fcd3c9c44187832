"""A polite live region: text set from Python that a screen reader reads out when it
changes, without moving the focus.

An ipywidgets ``HTML`` widget replaces its whole content on every change, so a
``role="status"`` element inside its value is a new element each time, and screen
readers announce only changes *inside* a live region that was already on the page.
:class:`LiveRegion` is a small `anywidget <https://anywidget.dev>`_ (its JavaScript
ships in this module, no CDN) that makes one ``<div role="status" aria-live="polite"
aria-atomic="true">`` when it is drawn and from then on changes only its text.

Synced state: ``text``, what the region says (the learner may read it). The browser
never sets it; a client that sends a value anyway is refused and gets the kernel's
text back.
"""

from __future__ import annotations

import traitlets

from ._base import PythonWrites

__all__ = ["LiveRegion"]

_ESM = """
export default {
  render({ model, el }) {
    const region = document.createElement("div");
    region.className = "pt-live-text";
    region.setAttribute("role", "status");
    region.setAttribute("aria-live", "polite");
    region.setAttribute("aria-atomic", "true");
    const label = model.get("label");
    if (label) region.setAttribute("aria-label", label);
    region.textContent = model.get("text");
    el.classList.add("pt-live");
    el.appendChild(region);
    const show = () => { region.textContent = model.get("text"); };
    model.on("change:text", show);
    return () => model.off("change:text", show);
  },
};
"""


class LiveRegion(PythonWrites):
    """A status region whose ``text`` screen readers announce when it changes.

    >>> r = LiveRegion(label="At the table")
    >>> r.say("Left plays king of spades.")
    >>> r.text
    'Left plays king of spades.'

    CSS hooks: ``pt-live`` on the widget, ``pt-live-text`` on the region."""

    _esm = _ESM
    text = traitlets.Unicode("", help="What the region says now.").tag(sync=True)
    label = traitlets.Unicode("", help="The region's name for screen readers.").tag(sync=True)

    def say(self, text: str) -> None:
        """Set the text (read out once the page has it; the same text twice is not)."""
        self.text = text

    python_only = ("text", "label")  # the region's words come from Python only
