"""Times as a person at the site reads them: kept in UTC, shown in the site's zone.

Every time the course keeps (an answer, a lesson opened, a hand played) is UTC, in
ISO 8601 (:func:`~pinochle_tutor.classroom.attempts.now`). What a learner or the
teacher reads is the same moment in local time:

1. the zone of the browser the page is read in: no request tells the server, so the
   page's small browser part (``pinochle_widgets.browser_zone.BrowserZone``, on the
   progress page and the dashboard) reads it there (``Intl.DateTimeFormat``) and sends
   it; the kernel takes it only when :func:`zone_named` knows it, and the times shown
   change to it at once;
2. until then, or where no browser part runs, the zone of :func:`site_zone`:
   ``$PINOCHLE_TUTOR_TIMEZONE``, an IANA zone name (``Europe/Paris``,
   ``America/Chicago``) set where the site is started (a class site serves one
   school), else the machine's own zone (``$TZ``, or ``/etc/localtime``): the
   learner's own computer when the course runs there, the server's otherwise.

Each column that shows times names the zone it is in (:attr:`Zone.label`: ``"your
time, Europe/Paris"`` for the browser's zone, ``"Europe/Paris time"`` for the site's,
``"UTC"`` when that is the zone), so a time is never read in the wrong zone. A site
zone name that is not one is ignored, with the machine's zone instead, and
:attr:`Zone.problem` says so (the teacher's dashboard lists it).

>>> z = site_zone({"PINOCHLE_TUTOR_TIMEZONE": "Europe/Paris"})
>>> z.name, z.label, z.local("2026-03-02T10:00:00Z")
('Europe/Paris', 'Europe/Paris time', '2026-03-02 11:00')
>>> z.day("2026-03-02T23:30:00Z")
'2026-03-03'
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timezone, tzinfo
from pathlib import Path

from pinochle_tutor.classroom.attempts import InvalidTimeError, parse_time

__all__ = ["MAX_ZONE_NAME", "TIMEZONE_VAR", "UTC_ZONE", "Zone", "machine_zone", "site_zone", "zone_named"]

TIMEZONE_VAR = "PINOCHLE_TUTOR_TIMEZONE"
"""The environment variable naming the site's time zone (an IANA name such as
``Europe/Paris``); unset, the machine's own zone."""

MAX_ZONE_NAME = 64
"""The longest zone name taken (IANA names are at most about 30 characters)."""

_UTC_NAMES = ("UTC", "Etc/UTC", "Etc/UCT", "UCT", "Etc/GMT", "GMT", "Universal", "Zulu")


@dataclass(frozen=True)
class Zone:
    """A time zone to show kept times in, and its name."""

    name: str
    """The zone's name (``'Europe/Paris'``; ``'UTC'``)."""
    tz: tzinfo
    problem: str = ""
    """Why the zone asked for was not used (a name that is no zone), or ``''``."""
    browser: bool = False
    """Whether it is the zone of the browser the page is read in (the reader's own)."""

    @property
    def is_utc(self) -> bool:
        """Whether times are shown in UTC."""
        return self.name in _UTC_NAMES

    @property
    def label(self) -> str:
        """The zone as a column heading says it: ``'your time, Europe/Paris'`` (the
        browser's), ``'Europe/Paris time'`` (the site's), or ``'UTC'``."""
        if self.is_utc:
            return "UTC"
        return f"your time, {self.name}" if self.browser else f"{self.name} time"

    def moment(self, text: str) -> datetime | None:
        """A kept time (UTC, ISO 8601) in this zone; ``None`` for text that is not a time."""
        try:
            return parse_time(text).astimezone(self.tz)
        except InvalidTimeError:
            return None

    def local(self, text: str) -> str:
        """A kept time as read here: ``'2026-03-02 11:00'`` (to the minute); text that
        is not a time is given back as it is, and ``''`` stays ``''``."""
        when = self.moment(text) if text else None
        return when.strftime("%Y-%m-%d %H:%M") if when is not None else text

    def day(self, text: str) -> str:
        """The local day of a kept time (``'2026-03-03'``); the text's first ten
        characters when it is not a time."""
        when = self.moment(text)
        return when.strftime("%Y-%m-%d") if when is not None else text[:10]


UTC_ZONE = Zone("UTC", timezone.utc)


def _named(name: str) -> tzinfo | None:
    """The zone called ``name`` (IANA), ``None`` when there is none of that name."""
    if not name or len(name) > MAX_ZONE_NAME or name.startswith("/") or ".." in name:
        return None
    if name in _UTC_NAMES:
        return timezone.utc
    try:
        from zoneinfo import ZoneInfo, ZoneInfoNotFoundError
    except ImportError:  # pragma: no cover - every supported Python has zoneinfo
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return None


def zone_named(name: object, *, browser: bool = False) -> Zone | None:
    """The IANA zone called ``name`` (``'Asia/Tokyo'``), ``None`` for anything else
    (not text, too long, no such zone); ``browser`` marks the zone a browser reported.
    Never raises.

    >>> zone_named("Asia/Tokyo", browser=True).label
    'your time, Asia/Tokyo'
    >>> zone_named("../../etc/passwd") is None and zone_named(7) is None
    True
    """
    if not isinstance(name, str):
        return None
    found = _named(name)
    return Zone(name, found, browser=browser) if found is not None else None


def machine_zone(env: Mapping[str, str] | None = None) -> Zone:
    """The machine's own zone: ``$TZ`` when it names a zone, else the zone
    ``/etc/localtime`` links to, else UTC. Never raises."""
    env = os.environ if env is None else env
    tz_name = env.get("TZ", "").lstrip(":").strip()
    if tz_name:
        found = _named(tz_name)
        if found is not None:
            return Zone(tz_name, found)
    try:
        target = str(Path("/etc/localtime").resolve())
    except OSError:
        target = ""
    if "zoneinfo/" in target:
        name = target.split("zoneinfo/", 1)[1]
        found = _named(name)
        if found is not None:
            return Zone(name, found)
    return UTC_ZONE


def site_zone(env: Mapping[str, str] | None = None) -> Zone:
    """The zone the site shows times in: ``$PINOCHLE_TUTOR_TIMEZONE`` (see
    :data:`TIMEZONE_VAR`), else :func:`machine_zone`. A name that is not a zone
    gives the machine's zone, with :attr:`Zone.problem` saying so. Never raises."""
    env = os.environ if env is None else env
    asked = env.get(TIMEZONE_VAR, "").strip()
    if not asked:
        return machine_zone(env)
    found = _named(asked)
    if found is not None:
        return Zone(asked, found)
    fallback = machine_zone(env)
    return Zone(
        fallback.name,
        fallback.tz,
        f"{TIMEZONE_VAR}={asked!r:.40} is not a time zone (a name such as Europe/Paris): "
        f"times are shown in {fallback.label}.",
    )
