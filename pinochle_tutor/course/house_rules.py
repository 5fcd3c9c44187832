"""House rules for a whole site: one file a teacher commits at the site's root.

The file ``house_rules.toml`` names a preset and may override any setting of it::

    # Our club plays to 1000 and keeps meld with any trick points.
    preset = "classic"          # classic, double_deck or three_handed

    [settings]
    target = 1000
    meld_save = 1

    [settings.meld_table]       # meld points may be changed too
    dix = 20

Every lesson, widget and quiz reads the rules from :func:`site_rules`. A file
that cannot be read, an unknown preset or an unknown or ill-typed setting never
breaks the site: the problem is reported in words naming it, and the classic
rules are used instead.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pinochle_tutor.errors import PinochleError
from pinochle_tutor.rules import CLASSIC, InvalidRulesError, RuleSet, rules_named

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = [
    "FILE_NAME",
    "HouseRules",
    "HouseRulesFileError",
    "find_house_rules",
    "load_house_rules",
    "site_rules",
]

FILE_NAME = "house_rules.toml"
"""The file name looked for in the site's folders."""

ENV_VAR = "PINOCHLE_TUTOR_RULES"
"""An environment variable that may name the file instead."""


class HouseRulesFileError(InvalidRulesError):
    """A house rules file whose content is not a rule set: an unknown key, a preset
    that is not a name, a ``[settings]`` that is not a table, or a setting it may not
    change. (:func:`load_house_rules` reports it instead of raising.)"""


@dataclass(frozen=True)
class HouseRules:
    """The rules in force for a site, where they came from, and what went wrong."""

    rules: RuleSet
    source: str
    """The file read, or a sentence saying the defaults are in use."""
    problems: tuple[str, ...] = field(default=())
    """Problems found in the file; when there are any, the classic rules are used."""

    @property
    def _from_file(self) -> bool:
        return not self.problems and self.source.endswith(".toml")

    @property
    def ok(self) -> bool:
        """True when the file was read without problems (or there is none)."""
        return not self.problems

    def summary(self) -> str:
        """One paragraph for the landing page."""
        r = self.rules
        head = (
            f"Rules in force: {r.name.replace('_', ' ')} ({r.players} players, {r.deck_size} cards, "
            f"{r.hand_size} each; open at {r.opening_bid}, raise by {r.bid_increment}; "
            f"{r.total_trick_points} trick points; game to {r.target})."
        )
        if self.problems:
            return head + " " + " ".join(self.problems)
        return head + f" Source: {Path(self.source).name if self._from_file else self.source}."


def find_house_rules(start: str | os.PathLike[str] | None = None) -> Path | None:
    """The house rules file: the one named by ``$PINOCHLE_TUTOR_RULES``, else
    ``house_rules.toml`` in ``start`` (default: the working directory) or the
    nearest parent folder that has one, directly or in its ``lessons`` folder (the
    site's root, so the practice notebooks beside it find it too)."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env)
    here = Path(start if start is not None else os.getcwd()).resolve()
    for folder in (here, *here.parents):
        # The site's root is the lessons folder; practice notebooks live beside it.
        for candidate in (folder / FILE_NAME, folder / "lessons" / FILE_NAME):
            if candidate.is_file():
                return candidate
    return None


def _from_data(data: dict[str, Any], where: str) -> RuleSet:
    unknown = sorted(set(data) - {"preset", "settings"})
    if unknown:
        raise HouseRulesFileError(
            f"{where}: unknown key(s) {', '.join(map(repr, unknown))}; "
            "the file takes 'preset' and a [settings] table"
        )
    preset = data.get("preset", "classic")
    if not isinstance(preset, str):
        raise HouseRulesFileError(f'{where}: preset={preset!r} must be a name such as "classic"')
    base = rules_named(preset)
    settings = data.get("settings", {})
    if not isinstance(settings, dict):
        raise HouseRulesFileError(f"{where}: [settings] must be a table of setting = value")
    if "name" in settings:
        raise HouseRulesFileError(
            f"{where}: 'name' is not a setting; choose the preset with preset = ..."
        )
    return base.with_settings(**settings) if settings else base


def load_house_rules(path: str | os.PathLike[str] | None = None) -> HouseRules:
    """Read a house rules file (default: :func:`find_house_rules`). Never raises:
    problems are returned, with the classic rules in force."""
    found = Path(path) if path is not None else find_house_rules()
    if found is None:
        return HouseRules(CLASSIC, f"no {FILE_NAME} found, so the classic rules apply")
    where = found.name  # the page names the file, never the server's folders
    try:
        text = found.read_text(encoding="utf-8")
    except OSError as err:
        return _fallback(f"{where} could not be read ({err.strerror or err}).")
    except UnicodeDecodeError:
        return _fallback(f"{where} is not UTF-8 text.")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        return _fallback(f"{where} is not valid TOML: {err}.")
    try:
        return HouseRules(_from_data(data, where), where)
    except PinochleError as err:
        message = str(err)
        if not message.startswith(where):
            message = f"{where}: {message}"
        return _fallback(message.rstrip(".") + ".")


def _fallback(problem: str) -> HouseRules:
    return HouseRules(
        CLASSIC,
        "the classic rules (the house rules file has a problem)",
        (problem + " The classic rules are used instead.",),
    )


def site_rules(start: str | os.PathLike[str] | None = None) -> RuleSet:
    """The rules in force for the site (classic when the file is missing or wrong)."""
    found = find_house_rules(start)
    return load_house_rules(found).rules if found is not None else CLASSIC
