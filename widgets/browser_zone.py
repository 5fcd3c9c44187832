"""The browser's time zone, for showing kept times in the reader's own local time.

No request tells the server which zone a browser is in, so this small `anywidget
<https://anywidget.dev>`_ (its JavaScript ships in this module: no CDN) reads it in the
browser (``Intl.DateTimeFormat().resolvedOptions().timeZone``) and sends it to the
kernel as :attr:`BrowserZone.zone`; it shows nothing. The widgets that show times (the
progress page, the teacher's dashboard) hold one and draw their times again in that
zone once it arrives; until then (and where no browser part runs) they use the site's
zone (:func:`~pinochle_tutor.classroom.times.site_zone`).

Synced state: only the zone's name, which the browser sent. A client can send any
text: :meth:`BrowserZone.reported` takes only a zone the kernel knows by that name
(:func:`~pinochle_tutor.classroom.times.zone_named`); the widget holding it says when a
name was refused.
"""

from __future__ import annotations

import anywidget
import traitlets

from pinochle_tutor.classroom.times import Zone, zone_named

from ._base import Message

__all__ = ["BrowserZone"]

_ESM = """
export default {
  render({ model, el }) {
    el.classList.add("pt-browser-zone");
    el.style.display = "none";
    let zone = "";
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
    } catch (e) {
      return; // a browser that cannot say: the site's zone stays
    }
    if (zone && model.get("zone") !== zone) {
      model.set("zone", zone);
      model.save_changes();
    }
  },
};
"""


class BrowserZone(anywidget.AnyWidget):
    """The browser part: sends the browser's IANA time zone name (shows nothing).
    ``zone`` is what the browser sent (``''`` until it has)."""

    _esm = _ESM
    zone = traitlets.Unicode("", help="The browser's time zone, as it reported it.").tag(sync=True)

    def reported(self) -> Zone | None:
        """The zone the browser sent, when the kernel knows a zone of that name
        (marked as the reader's own), else ``None``."""
        return zone_named(self.zone, browser=True)

    def accepted(self, message: Message, shown: Zone) -> Zone | None:
        """The zone the browser just sent (:meth:`reported`), or ``None`` after telling
        the reader in ``message`` that it cannot be used and the times stay in the
        ``shown`` zone."""
        zone = self.reported()
        if zone is None:
            message.error(
                f"This browser sent a time zone that cannot be used ({self.zone!r:.40}); "
                f"times stay in {shown.label}."
            )
        return zone
