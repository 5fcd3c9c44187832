"""House rules for a whole site: one file a teacher commits at the site's root.

The file ``house_rules.toml`` names a preset and may change any setting of it,
either at the top level or under ``[settings]`` (both work; use one)::

    # Our club plays to 1000 and keeps meld with any trick points.
    preset = "classic"          # classic, double_deck or three_handed
    target = 1000
    meld_save = 1

    [meld_table]                # meld points may be changed too
    dix = 20                    # (or [settings.meld_table] beside [settings])

Beside the rules, the file may set how cards are drawn (a display setting, not a rule
of the game, so it is no setting of :class:`~pinochle_tutor.RuleSet`)::

    four_colour = true          # diamonds blue, clubs green: the default for every
                                # learner who has not chosen for themselves

Every lesson, widget and quiz reads the rules from :func:`site_rules`. A mistake
never breaks the site: a setting that is unknown, of the wrong type or out of
bounds is named (with the closest setting's name, or the list of them) and
ignored, and the preset and every other setting are kept. Only a file that cannot
be read at all, or names an unknown preset, gives the classic rules instead.

A site may also offer several rule sets at once, for a teacher previewing the course
under each or a club that plays more than one: ``$PINOCHLE_TUTOR_RULES_CHOICES`` names a
folder of house rules files, and a browser whose ``pinochle_rules`` cookie names one of
them (``double_deck`` for ``<folder>/double_deck.toml``) gets every page under it
(:func:`chosen_house_rules`). One server then serves every rule set, which is how the
browser tests walk the course under each with one site.
"""

from __future__ import annotations

import dataclasses
import difflib
import itertools
import os
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pinochle_tutor.classroom.identity import cookie_value
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.rules import CLASSIC, InvalidRulesError, RuleSet, rules_named

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = [
    "CHOICES_VAR",
    "CHOICE_COOKIE",
    "FILE_NAME",
    "HouseRules",
    "HouseRulesFileError",
    "chosen_house_rules",
    "find_house_rules",
    "load_house_rules",
    "rules_answered_in",
    "site_four_colour",
    "site_rules",
]

FILE_NAME = "house_rules.toml"
"""The file name looked for in the site's folders."""

ENV_VAR = "PINOCHLE_TUTOR_RULES"
"""An environment variable that may name the file instead."""

CHOICES_VAR = "PINOCHLE_TUTOR_RULES_CHOICES"
"""An environment variable that may name a folder of house rules files a browser chooses
among with :data:`CHOICE_COOKIE` (unset: no choice, the site's file alone)."""

CHOICE_COOKIE = "pinochle_rules"
"""The cookie that names the chosen file of :data:`CHOICES_VAR`'s folder, without
``.toml``: lower-case letters, digits and underscores only, so it names a file in that
folder and nothing else."""

_CHOICE_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")


class HouseRulesFileError(InvalidRulesError):
    """A house rules file whose preset is not a name. (:func:`load_house_rules`
    reports it, and uses the classic rules, instead of raising.)"""


@dataclass(frozen=True)
class HouseRules:
    """The rules in force for a site, where they came from, and what went wrong."""

    rules: RuleSet
    source: str
    """The file read, or a sentence saying the defaults are in use."""
    problems: tuple[str, ...] = field(default=())
    """Problems found in the file, in words for the teacher: each names a setting
    that is ignored, or says why the whole file gave way to the classic rules."""
    four_colour: bool = False
    """The display setting ``four_colour``: a four-colour deck (diamonds blue, clubs
    green) for every learner who has not chosen for themselves."""

    @property
    def _from_file(self) -> bool:
        return not self.problems and self.source.endswith(".toml")

    @property
    def ok(self) -> bool:
        """True when the file was read without problems (or there is none): every
        setting in it is in force."""
        return not self.problems

    def summary(self) -> str:
        """One paragraph for the landing page."""
        r = self.rules
        head = (
            f"Rules in force: {r.words} ({r.players} players, {r.deck_size} cards, "
            f"{r.hand_size} each; open at {r.opening_bid}, raise by {r.bid_increment}; "
            f"{r.total_trick_points} trick points; game to {r.target})."
        )
        if self.problems:
            return head + " " + " ".join(self.problems)
        return head + f" Source: {Path(self.source).name if self._from_file else self.source}."


def chosen_house_rules(env: Mapping[str, str] | None = None) -> Path | None:
    """The house rules file the request's :data:`CHOICE_COOKIE` chooses in the folder
    ``$PINOCHLE_TUTOR_RULES_CHOICES`` names (``env``: default the process's, a page's
    kernel getting the request's cookie as ``HTTP_COOKIE``); ``None`` when the site offers
    no choice, the cookie is missing or is not a name, or the folder has no such file.
    A query: never raises.

    >>> chosen_house_rules({"HTTP_COOKIE": "pinochle_rules=double_deck"}) is None
    True
    >>> chosen_house_rules({CHOICES_VAR: "/srv", "HTTP_COOKIE": "pinochle_rules=../x"}) is None
    True
    """
    env = os.environ if env is None else env
    folder = env.get(CHOICES_VAR, "")
    name = cookie_value(env.get("HTTP_COOKIE", ""), CHOICE_COOKIE) if folder else None
    if name is None or not _CHOICE_NAME.fullmatch(name):
        return None
    path = Path(folder) / f"{name}.toml"
    return path if path.is_file() else None


def find_house_rules(start: str | os.PathLike[str] | None = None) -> Path | None:
    """The house rules file: the one the browser chose (:func:`chosen_house_rules`),
    else the one named by ``$PINOCHLE_TUTOR_RULES``, else ``house_rules.toml`` in
    ``start`` (default: the working directory) or the nearest parent folder that has
    one, directly or in its ``lessons`` folder (the site's root, so the practice
    notebooks beside it find it too)."""
    chosen = chosen_house_rules()
    if chosen is not None:
        return chosen
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


DISPLAY_KEYS = ("four_colour",)
"""The file's display settings: how the course draws things, not rules of the game."""
_FILE_KEYS = ("preset", "settings", *DISPLAY_KEYS)
"""The keys of the file that are not settings of the rule set."""


def _closest(key: str, names: Iterable[str]) -> str:
    """``did you mean 'x'`` for a close name, else the list of names."""
    names = sorted(names)
    close = difflib.get_close_matches(key, names, n=1, cutoff=0.6)
    if close:
        return f"did you mean {close[0]!r}?"
    return f"the settings are: {', '.join(names)}"


def _settings_of(data: dict[str, Any], where: str, problems: list[str]) -> dict[str, Any]:
    """The settings a file gives, at its top level or under ``[settings]``; every key
    that is not one is named in ``problems`` and left out."""
    names = {f.name for f in dataclasses.fields(RuleSet)} - {"name"}
    table = data.get("settings", {})
    if not isinstance(table, dict):
        problems.append(
            f"{where}: settings={table!r} is not a table of setting = value, so it is ignored."
        )
        table = {}
    top = {k: v for k, v in data.items() if k not in _FILE_KEYS}
    out: dict[str, Any] = {}
    for place, given in (("", top), ("[settings] ", table)):
        for key, value in given.items():
            if key == "name":
                problems.append(
                    f"{where}: {place}'name' is not a setting (choose the preset with "
                    "preset = ...), so it is ignored."
                )
            elif key not in names:
                problems.append(
                    f"{where}: {place}{key!r} is not a setting ({_closest(key, names)}), "
                    "so it is ignored."
                )
            elif key in out:
                problems.append(
                    f"{where}: {key!r} is given both at the top level and under [settings]; "
                    f"the [settings] value {value!r} is used."
                )
                out[key] = value
            else:
                out[key] = value
    return out


def _checked(base: RuleSet, settings: dict[str, Any], where: str, problems: list[str]) -> RuleSet:
    """``base`` with the most settings of the file that make a valid rule set together;
    each one left out is named in ``problems`` with the reason."""
    good: dict[str, Any] = {}
    alone: dict[str, InvalidRulesError] = {}  # why a setting is wrong by itself
    for key, value in settings.items():
        if key == "meld_table" and isinstance(value, dict):
            value = _checked_meld(base, value, where, problems)
            if not value:
                continue
        try:
            base.with_settings(**{key: value})
        except InvalidRulesError as err:
            alone[key] = err
        good[key] = value
    # A setting wrong by itself may be right beside another (a hand size beside the
    # kitty size it needs): keep all that fit together, leaving out as few as possible.
    suspects = list(alone)
    last: InvalidRulesError | None = None
    if len(suspects) <= _MOST_SUSPECTS:
        for n in range(len(suspects) + 1):
            for drop in itertools.combinations(suspects, n):
                kept = {k: v for k, v in good.items() if k not in drop}
                try:
                    rules = base.with_settings(**kept) if kept else base
                except InvalidRulesError as err:
                    last = last or err
                    continue
                for k in drop:
                    problems.append(_ignored(where, k, good[k], alone[k]))
                return rules
    # The good settings do not fit together: add them one by one, in the file's order.
    rules = base
    for key, value in good.items():
        try:
            rules = rules.with_settings(**{key: value})
        except InvalidRulesError as err:
            problems.append(_ignored(where, key, value, alone.get(key, err)))
    return rules


_MOST_SUSPECTS = 6
"""Up to this many settings that are wrong by themselves, every way of keeping some is tried."""


def _ignored(where: str, key: str, value: Any, err: InvalidRulesError) -> str:
    return f"{where}: {key} = {_toml(value)} is ignored: {_reason(err)}."


def _checked_meld(
    base: RuleSet, rows: dict[str, Any], where: str, problems: list[str]
) -> dict[str, Any]:
    names = {f.name for f in dataclasses.fields(type(base.meld_table))}
    good: dict[str, Any] = {}
    for key, value in rows.items():
        if key not in names:
            problems.append(
                f"{where}: meld_table {key!r} is not a meld ({_closest(key, names)}), "
                "so it is ignored."
            )
            continue
        try:
            base.with_settings(meld_table={key: value})
        except InvalidRulesError as err:
            problems.append(_ignored(where, f"meld_table.{key}", value, err))
            continue
        good[key] = value
    return good


def _reason(err: InvalidRulesError) -> str:
    text = str(err).rstrip(".")
    return text.split(" is not valid: ", 1)[1] if " is not valid: " in text else text


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return repr(value)


def _from_data(data: dict[str, Any], where: str) -> tuple[RuleSet, list[str]]:
    problems: list[str] = []
    preset = data.get("preset", "classic")
    if not isinstance(preset, str):
        raise HouseRulesFileError(f'{where}: preset={preset!r} must be a name such as "classic"')
    base = rules_named(preset)
    settings = _settings_of(data, where, problems)
    return _checked(base, settings, where, problems), problems


def _four_colour_of(data: dict[str, Any], where: str, problems: list[str]) -> bool:
    """The file's ``four_colour`` (``false`` when absent); a value that is not
    ``true`` or ``false`` is named in ``problems`` and ignored."""
    value = data.get("four_colour", False)
    if isinstance(value, bool):
        return value
    problems.append(
        f"{where}: four_colour = {_toml(value)} is ignored: it must be true or false."
    )
    return False


def load_house_rules(path: str | os.PathLike[str] | None = None) -> HouseRules:
    """Read a house rules file (default: :func:`find_house_rules`). Never raises.

    A setting that is unknown, ill-typed or out of bounds is named in
    :attr:`HouseRules.problems` and ignored; the preset and the other settings are
    kept. A file that cannot be read or names an unknown preset gives the classic
    rules, with the problem named."""
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
    except RecursionError:
        return _fallback(f"{where} is nested too deeply to be a house rules file.")
    try:
        rules, problems = _from_data(data, where)
    except PinochleError as err:
        message = str(err)
        if not message.startswith(where):
            message = f"{where}: {message}"
        return _fallback(message.rstrip(".") + ".")
    four_colour = _four_colour_of(data, where, problems)
    return HouseRules(rules, where, tuple(problems), four_colour=four_colour)


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


def site_four_colour(start: str | os.PathLike[str] | None = None) -> bool:
    """The site's default deck: ``True`` when the house rules file says
    ``four_colour = true`` (``False`` when the file is missing or says nothing)."""
    found = find_house_rules(start)
    return load_house_rules(found).four_colour if found is not None else False


def rules_answered_in(rule_set: str, in_force: RuleSet | None = None) -> RuleSet:
    """The rules an answer was given under, from the rule-set name kept with it
    (:attr:`~pinochle_tutor.classroom.attempts.Attempt.rule_set`), to state its rule
    cases with their numbers: the rules in force (``in_force``, default
    :func:`site_rules`) when the name is theirs (the house rules keep their preset's
    name), when it is ``''`` (not kept) or no preset's; else the preset of that name
    (a double-deck answer on a classic site is stated with the double deck's numbers).

    >>> from pinochle_tutor.rules import DOUBLE_DECK
    >>> rules_answered_in("double_deck", CLASSIC) is DOUBLE_DECK
    True
    >>> rules_answered_in("", DOUBLE_DECK) is DOUBLE_DECK
    True
    """
    rules = site_rules() if in_force is None else in_force
    if not rule_set or rule_set == rules.name:
        return rules
    try:
        return rules_named(rule_set)
    except InvalidRulesError:
        return rules
