"""The glossary: every term the lessons use, defined for the rules in force.

The words are data, in ``text/glossary.toml``: each term a word and a definition, with
variants for the rule sets a condition (:data:`~pinochle_tutor.course.content.CONDITIONS`)
names and ``{name}`` fields filled from :func:`glossary_values` (the rule set's numbers,
its counters in words), so a definition is true under the classic game, the double deck,
three-handed and a house rule alike, and a teacher changes it in a text file. A term for
something only some decks have (a triple or quadruple meld) is listed only where it exists.
:func:`glossary` gives the terms in alphabetical order; the glossary page shows them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from pinochle_tutor.course.content import OutlineError, Said, condition, read_toml, said, text_file
from pinochle_tutor.course.lesson_facts import lesson_values
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.words import plural

__all__ = [
    "CONCESSION_NOTE",
    "GLOSSARY_FILE",
    "TERMS",
    "Term",
    "counters_words",
    "glossary",
    "glossary_values",
    "read_glossary",
]

GLOSSARY_FILE = "glossary.toml"
"""The glossary's file in the package's ``text`` folder."""

_SET_WORDS = {1: "aces_around", 2: "double_aces", 3: "triple_aces", 4: "quadruple_aces"}
"""The name of aces around's value for each number of copies shown (:func:`glossary_values`)."""


def counters_words(rules: RuleSet) -> str:
    """The counters and their worth: ``'A, 10 and K, 10 trick points each'``."""
    by_points: dict[int, list[str]] = {}
    for rank in sorted(rules.ranks, reverse=True):
        pts = rules.counter_points[rank]
        if pts:
            by_points.setdefault(pts, []).append(rank.symbol)
    parts = []
    for pts, ranks in by_points.items():
        names = ranks[0] if len(ranks) == 1 else ", ".join(ranks[:-1]) + " and " + ranks[-1]
        parts.append(f"{names}, {plural(pts, 'trick point')} each")
    return "; ".join(parts) if parts else "none"


@dataclass(frozen=True)
class Term:
    """One term of ``glossary.toml`` and how it is said under a rule set."""

    word: Said
    """The term (``defenders``; alone, ``defender``)."""
    text: Said
    """Its definition, fields in braces."""
    only: tuple[str, ...] = ()
    """The conditions one of which must hold for the term to exist (none: always)."""

    def applies(self, rules: RuleSet) -> bool:
        """Whether the term exists under ``rules`` (a triple meld needs three copies)."""
        return not self.only or any(condition(c)(rules) for c in self.only)

    def definition(self, rules: RuleSet) -> str:
        """The definition under ``rules``, its numbers filled."""
        return self.text.under(rules).format_map(glossary_values(rules))


@dataclass(frozen=True)
class Glossary:
    """The glossary file: its terms, in the file's order, and its notes by name."""

    terms: tuple[Term, ...]
    notes: dict[str, str]


_TERM_KEYS = {"word", "text", "only"}


def _read_term(entry: Any, index: int) -> Term:
    if not isinstance(entry, dict):
        raise OutlineError(f"term {index + 1} = {entry!r:.80}: give a table of the term's fields")
    where = f"term {entry.get('word', index + 1)!r}"
    for key in entry:
        if key not in _TERM_KEYS and not key.startswith(("word_", "text_")):
            raise OutlineError(
                f"{where}: {key!r} is not a field of a term: use word, text, only, "
                "word_<condition> or text_<condition>"
            )
    only = entry.get("only", [])
    if not isinstance(only, list) or not all(isinstance(c, str) for c in only):
        raise OutlineError(f"{where}: only = {only!r:.80}: give a list of conditions")
    for c in only:
        try:
            condition(c)
        except OutlineError as err:
            raise OutlineError(f"{where}: only: {err}") from None
    return Term(said(where, entry, "word"), said(where, entry, "text"), tuple(only))


def read_glossary(text: str) -> Glossary:
    """The glossary written in ``text`` (the TOML of ``glossary.toml``); raises
    :class:`~pinochle_tutor.course.content.OutlineError` quoting what is wrong.

    >>> read_glossary('[[term]]\\nword = "set"\\ntext = "A"\\ntext_lonely = "B"')
    Traceback (most recent call last):
    ...
    pinochle_tutor.course.content.OutlineError: term 'set': text_lonely: 'lonely' is not a ...
    """
    data = read_toml(GLOSSARY_FILE, text)
    for key in data:
        if key not in ("term", "notes"):
            raise OutlineError(f"{GLOSSARY_FILE}: {key!r} is not a part of it: use term, notes")
    notes = data.get("notes", {})
    if not isinstance(notes, dict) or not all(isinstance(v, str) for v in notes.values()):
        raise OutlineError(f"{GLOSSARY_FILE}: notes = {notes!r:.80}: give each note as text")
    terms = tuple(_read_term(entry, i) for i, entry in enumerate(data.get("term", [])))
    words = [t.word.text for t in terms]
    twice = sorted({w for w in words if words.count(w) > 1})
    if twice:
        raise OutlineError(f"{GLOSSARY_FILE} defines {', '.join(map(repr, twice))} more than once")
    return Glossary(terms, dict(notes))


@cache
def _glossary() -> Glossary:
    return read_glossary(text_file(GLOSSARY_FILE))


def _note(name: str) -> str:
    try:
        return _glossary().notes[name]
    except KeyError:
        raise OutlineError(f"{GLOSSARY_FILE} has no note {name!r} under [notes]") from None


CONCESSION_NOTE = _note("concession")
"""What lesson 6 says of conceding: the rules of record give it for the classic game, and the
course plays it in the double deck and three-handed too."""

TERMS: tuple[Term, ...] = _glossary().terms
"""Every term the lessons use, as the file lists them."""


def glossary_values(rules: RuleSet) -> dict[str, Any]:
    """The names a definition writes in braces: :func:`lesson_values` and the glossary's
    own (the counters in a list, aces around for each
    number of copies the deck has, the notes)."""
    r = rules
    row = r.meld_table.aces_around
    values = lesson_values(r) | {
        "counters_list": counters_words(r),
        "either_player": "Either player" if r.players == 3 else "Any player",
        "double_and_single": sum(row[:2]),
        "concession_note": CONCESSION_NOTE,
    }
    values.update({_SET_WORDS[n]: row[n - 1] for n in range(1, min(len(row), 4) + 1)})
    return values


def glossary(rules: RuleSet) -> list[tuple[str, str]]:
    """(term, definition) of every term that exists under ``rules``, alphabetically
    (without partners the defenders are each a defender, and the term says so; a triple
    or quadruple meld only where the deck has that many copies of each card)."""
    shown = [t for t in TERMS if t.applies(rules)]
    return [
        (t.word.under(rules), t.definition(rules)) for t in sorted(shown, key=lambda t: t.word.text)
    ]
