"""The words of the "Rules at a glance" page, as data: ``text/reference.toml``, read once.

The page (``pinochle_widgets.reference.rules_summary``) lays out headings, lists and the
meld table's rows around sentences it reads from here by name (:data:`NAMES`), so a
teacher edits a sentence in the file, not in Python. A sentence that differs by rule set
is a ``text_<condition>`` variant (:class:`~pinochle_tutor.course.content.Said`, the
conditions of :data:`~pinochle_tutor.course.content.CONDITIONS`, shared with the
statements and the prose); its ``{name}`` fields are :func:`reference_values`, the
lessons' values and the few numbers and lists only this page says, computed once.

>>> from pinochle_tutor.rules import CLASSIC, THREE_HANDED
>>> written_reference().said(CLASSIC)["score_game"]
'Game to 1500. If both sides reach it on one hand, the bidders win if they made the contract.'
>>> written_reference().said(THREE_HANDED)["trick_beat"]
'Beat the card winning the trick if you can legally.'
>>> [(row.meld, row.points(CLASSIC)) for row in written_reference().meld_rows][:2]
[('run', (150, 1500)), ('aces around', (100, 1000))]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from pinochle_tutor.course.content import OutlineError, Said, read_toml, sentence, text_file
from pinochle_tutor.course.glossary import counters_words
from pinochle_tutor.course.lesson_facts import lesson_values
from pinochle_tutor.meld import MeldKind
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.words import listed, multiple_word, plural

__all__ = [
    "MELD_ROW_KINDS",
    "NAMES",
    "REFERENCE_FILE",
    "MeldRow",
    "ReferenceWords",
    "read_reference",
    "reference_values",
    "written_reference",
]

REFERENCE_FILE = "reference.toml"
"""The page's words, in the package's ``text`` folder."""

NAMES = (
    "heading_deck", "deck", "deal", "auction_open", "auction_stuck", "auction_trump",
    "heading_meld", "column_meld", "column_cards", "meld_each", "meld_rules",
    "heading_tricks", "trick_follow", "trick_beat", "trick_trump", "trick_discard",
    "trick_winner",
    "heading_scoring", "score_counters", "score_meld_save", "score_contract",
    "score_defenders", "score_concede", "score_game",
    "heading_practice", "practice_calls", "practice_plan",
)  # fmt: skip
"""Every sentence the page lays out, by the name the file writes it under (the page
shows them all, so the file must write each)."""

MELD_ROW_KINDS = (
    MeldKind.RUN, MeldKind.ACES_AROUND, MeldKind.KINGS_AROUND, MeldKind.QUEENS_AROUND,
    MeldKind.JACKS_AROUND, MeldKind.PINOCHLE,
)  # fmt: skip
"""The melds the meld table has a row for: those with a value per number of sets shown
(single, double, ...); the others (marriages, dix) are said in the sentence
``meld_each``."""

MELD_ROW_TABLE = "meld_row"
_MELD_ROW_KEYS = ("kind", "meld", "cards")


@dataclass(frozen=True)
class MeldRow:
    """One row of the page's meld table: the meld whose points it shows and its words."""

    kind: MeldKind
    meld: str
    """The meld's name in the row (``'aces around'``)."""
    cards: str
    """Its cards in words (``'an A of each suit'``)."""

    def points(self, rules: RuleSet) -> tuple[int, ...]:
        """Its points under ``rules``, single, double, ...: as many as the deck has copies."""
        row: tuple[int, ...] = getattr(rules.meld_table, self.kind.name.lower())
        return row[: rules.copies]


@dataclass(frozen=True)
class ReferenceWords:
    """The page's words as the file writes them: its sentences by name, and the meld
    table's rows in the page's order."""

    sentences: Mapping[str, Said]
    meld_rows: tuple[MeldRow, ...]

    def said(self, rules: RuleSet) -> dict[str, str]:
        """Every sentence as the page says it under ``rules``: the variant for ``rules``,
        its names filled from :func:`reference_values`."""
        values = reference_values(rules)
        return {name: w.under(rules).format_map(values) for name, w in self.sentences.items()}


def _meld_row(entry: Any, index: int) -> MeldRow:
    where = f"{REFERENCE_FILE}: [[{MELD_ROW_TABLE}]] {index + 1}"
    if not isinstance(entry, dict):
        raise OutlineError(f"{where} = {entry!r:.80}: give a table of kind, meld and cards")
    for key in entry:
        if key not in _MELD_ROW_KEYS:
            raise OutlineError(f"{where}: {key!r} is not a field: use {', '.join(_MELD_ROW_KEYS)}")
    for key in _MELD_ROW_KEYS:
        if not isinstance(entry.get(key), str):
            raise OutlineError(f"{where}: {key} = {entry.get(key)!r:.80}: give the words as text")
    kinds = [k.value for k in MELD_ROW_KINDS]
    if entry["kind"] not in kinds:
        raise OutlineError(
            f"{where}: kind = {entry['kind']!r} is not a meld of the table: use {', '.join(kinds)}"
        )
    return MeldRow(MeldKind(entry["kind"]), entry["meld"], entry["cards"])


def read_reference(text: str) -> ReferenceWords:
    """The page's words written in ``text`` (the TOML of ``reference.toml``): a table per
    name of :data:`NAMES`, ``text`` and ``text_<condition>`` variants, and a
    ``[[meld_row]]`` per meld of :data:`MELD_ROW_KINDS`. Raises
    :class:`~pinochle_tutor.course.content.OutlineError` quoting an unknown name, field,
    condition or meld, or naming what the file does not write (the page would lack it).

    >>> read_reference('[score_gaem]\\ntext = "Game to {target}."')
    Traceback (most recent call last):
    ...
    pinochle_tutor.course.content.OutlineError: reference.toml: 'score_gaem' is not a name of the page: ...
    """
    sentences: dict[str, Said] = {}
    rows: list[MeldRow] = []
    for name, entry in read_toml(REFERENCE_FILE, text).items():
        if name == MELD_ROW_TABLE:
            if not isinstance(entry, list):
                raise OutlineError(
                    f"{REFERENCE_FILE}: {name} = {entry!r:.80}: write [[{name}]] tables"
                )
            rows = [_meld_row(e, i) for i, e in enumerate(entry)]
            continue
        if name not in NAMES:
            raise OutlineError(
                f"{REFERENCE_FILE}: {name!r} is not a name of the page: use "
                f"{', '.join(NAMES)} or [[{MELD_ROW_TABLE}]]"
            )
        where = f"{REFERENCE_FILE}: [{name}]"
        sentences[name] = sentence(where, entry)
    missing = [n for n in NAMES if n not in sentences]
    if missing:
        raise OutlineError(f"{REFERENCE_FILE} has no {', '.join(map(repr, missing))}")
    kinds = [row.kind for row in rows]
    twice = [k.value for k in MELD_ROW_KINDS if kinds.count(k) > 1]
    if twice:
        raise OutlineError(
            f"{REFERENCE_FILE}: [[{MELD_ROW_TABLE}]] has {', '.join(map(repr, twice))} more than once"
        )
    absent = [k.value for k in MELD_ROW_KINDS if k not in kinds]
    if absent:
        raise OutlineError(
            f"{REFERENCE_FILE}: [[{MELD_ROW_TABLE}]] has no row for {', '.join(map(repr, absent))}"
        )
    return ReferenceWords({n: sentences[n] for n in NAMES}, tuple(rows))


@cache
def written_reference() -> ReferenceWords:
    """The page's words of ``text/reference.toml``, read once."""
    return read_reference(text_file(REFERENCE_FILE))


def reference_values(rules: RuleSet) -> dict[str, Any]:
    """The names a sentence of the page writes in braces: :func:`lesson_values` and the
    page's own, the rule set's numbers and lists: the copies of each card in figures
    (``copies_each``, ``'2 copies'``), the counters and their worth (``counters_list``,
    as the glossary says them) and the multiple melds beyond the single
    (``multiple_melds``, ``'double, triple or quadruple'``)."""
    r = rules
    return lesson_values(r) | {
        "copies_each": plural(r.copies, "copy", "copies"),
        "counters_list": counters_words(r),
        "multiple_melds": listed([multiple_word(n) for n in range(2, r.copies + 1)], last="or"),
    }
