"""The course's content as data: the outline (``text/course.toml``), read once.

The outline page, the Back / Next links, each lesson's practice pages, the mastery sets
and the static site's pages all come from :func:`outline`, so a page is added, renamed
or moved by editing one entry of a text file, not four registries of Python. A page's
words can differ by rule set: a summary has variants (``summary_alone = "..."``), each
said under the rule sets one of :data:`CONDITIONS` names, the first that holds.

The loader reads the file with nothing but the standard library (``tomllib``) and the
core's rule sets, so it imports nothing of Jupyter; a mistake in the file (an unknown
key, condition, kind or preset, a page named twice) is an :class:`OutlineError` that
quotes it.

>>> from pinochle_tutor.rules import CLASSIC, THREE_HANDED
>>> strategy = outline().page("07_strategy.ipynb")
>>> strategy.summary.under(CLASSIC)
'Count meld, bid on tricks too, remember cards, feed your partner.'
>>> strategy.summary.under(THREE_HANDED)
'Count meld, bid on tricks too, remember cards, track every copy.'
"""

from __future__ import annotations

import re
import string
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from importlib import resources
from typing import Any

from pinochle_tutor.course.lesson_facts import lesson_values
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.rules import InvalidRulesError, RuleSet, rules_named
from pinochle_tutor.view import Role

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = [
    "CONDITIONS",
    "OUTLINE_FILE",
    "Outline",
    "OutlineError",
    "Page",
    "PageKind",
    "Passage",
    "Prose",
    "Said",
    "condition",
    "outline",
    "prose",
    "read_outline",
    "read_prose",
    "read_sentences",
    "read_toml",
    "said",
    "sentence",
    "text_file",
]

OUTLINE_FILE = "course.toml"
"""The outline's file in the package's ``text`` folder."""

CONDITIONS: dict[str, Callable[[RuleSet], bool]] = {
    "partners": lambda r: r.partnerships,
    "alone": lambda r: not r.partnerships,
    "kitty": lambda r: r.has_kitty and not r.exchange_size,
    "no_exchange": lambda r: not r.exchange_size and not r.has_kitty,
    "kitty_dealt": lambda r: r.has_kitty,
    "exchange": lambda r: bool(r.exchange_size) and r.partnerships,
    "kitty_and_exchange": lambda r: r.has_kitty and bool(r.exchange_size) and r.partnerships,
    "no_nines": lambda r: not r.has_nines,
    "one_copy": lambda r: r.copies < 2,
    "three_copies": lambda r: r.copies == 3,
    "four_copies": lambda r: r.copies >= 4,
    "no_last_bonus": lambda r: not r.last_trick_bonus,
    "last_bonus": lambda r: bool(r.last_trick_bonus),
    "bid_steps": lambda r: r.bid_increment > 1,
    "no_exchange_cards": lambda r: not r.exchange_size,
    "three_or_more_copies": lambda r: r.copies >= 3,
    "no_meld_save": lambda r: r.meld_save <= 0,
    "meld_save": lambda r: r.meld_save > 0,
    "alone_no_meld_save": lambda r: not r.partnerships and r.meld_save <= 0,
    "alone_meld_save": lambda r: not r.partnerships and r.meld_save > 0,
    "partners_meld_save": lambda r: r.partnerships and r.meld_save > 0,
    "every_card_counts": lambda r: all(r.counter_points[rank] for rank in r.ranks),
    "one_blank_rank": lambda r: sum(not r.counter_points[rank] for rank in r.ranks) == 1,
    "no_dix": lambda r: not (r.has_nines and r.meld_table.dix),
}
"""The rule sets a variant of the course's words is for, by name: ``partners``, two
sides of partners; ``alone``, everyone plays alone (three-handed); ``kitty``, a kitty and
no exchange; ``no_exchange``, neither an exchange nor a kitty; ``kitty_dealt``, a kitty
(with or without an exchange); ``exchange``, partners who exchange cards;
``kitty_and_exchange``, both; ``no_nines``, a deck without 9s; ``one_copy``,
``three_copies``, ``four_copies``, a deck of that many copies of each card (four or
more); ``no_last_bonus``, no bonus for the last trick; ``last_bonus``, a bonus for it;
``bid_steps``, bids in multiples
of an increment above 1; ``no_exchange_cards``, no cards exchanged (a kitty or not);
``three_or_more_copies``, a deck of three or more copies of each card (the multiple melds
go past double); ``no_meld_save``, meld kept without trick points (``meld_save`` 0);
``meld_save``, meld kept only with some trick points;
``alone_no_meld_save``, both everyone alone and meld kept without trick points (a
sentence that differs on both counts); ``every_card_counts``, no rank of the deck
without trick points; ``one_blank_rank``, exactly one rank of the deck without trick
points (its words are singular); ``no_dix``, no dix to score (a deck without 9s, or a
dix worth nothing)."""


class OutlineError(PinochleError):
    """A mistake in the course's content files: the message quotes the key or value."""


def condition(name: str) -> Callable[[RuleSet], bool]:
    """The test of the condition called ``name`` (:data:`CONDITIONS`); raises
    :class:`OutlineError` quoting an unknown one.

    >>> from pinochle_tutor.rules import THREE_HANDED
    >>> condition("alone")(THREE_HANDED)
    True
    >>> condition("lonely")
    Traceback (most recent call last):
    ...
    pinochle_tutor.course.content.OutlineError: 'lonely' is not a condition: use one of alone, ...
    """
    try:
        return CONDITIONS[name]
    except KeyError:
        raise OutlineError(
            f"{name!r} is not a condition: use one of {', '.join(sorted(CONDITIONS))}"
        ) from None


@dataclass(frozen=True)
class Said:
    """Words that may differ by rule set: :attr:`text`, or the first of
    :attr:`variants` whose condition holds."""

    text: str
    """What is said in the classic game's words (partners, an exchange)."""
    variants: tuple[tuple[str, str], ...] = ()
    """(condition, text) pairs, in order: each said instead under the rule sets its
    condition (:data:`CONDITIONS`) names."""

    def under(self, rules: RuleSet) -> str:
        """The words true under ``rules``: the first variant whose condition holds,
        else :attr:`text`."""
        for when, text in self.variants:
            if condition(when)(rules):
                return text
        return self.text


class PageKind(Enum):
    """What a page of the outline is for."""

    LESSON = "lesson"
    """A lesson: it teaches rules and has a mastery set (its :attr:`Page.cases`)."""
    WELCOME = "welcome"
    """The landing page: the outline itself, and the first words of the game."""
    PLAY = "play"
    """Learners play a game and learn no new rule: no mastery set."""
    REFERENCE = "reference"
    """A page to look things up in, linked from every page of the course."""


@dataclass(frozen=True)
class Page:
    """One page of the course's outline (one ``[[page]]`` of ``course.toml``)."""

    number: int
    """Its number in the outline."""
    file: str
    """Its notebook, in ``lessons/``."""
    title: str
    summary: Said
    """What it teaches, by rule set."""
    kind: PageKind = PageKind.LESSON
    practice: tuple[str, ...] = ()
    """Its practice pages (notebooks of ``exercises/``, the site's ``practice/``), in order."""
    teaches: tuple[str, ...] = ()
    """The terms it teaches first."""
    cases: tuple[str, ...] = ()
    """The rule cases (``QuizRule`` values) its mastery set asks about."""
    mastery_rules: tuple[RuleSet, ...] = ()
    """The rule sets its mastery set is asked under in turn (none: the house rules)."""
    levels: tuple[int, ...] = ()
    """The levels its mastery set keeps to (none: every level of a set)."""
    role: Role | None = None
    """The side its mastery set asks play questions from (none: either side): the
    defence lesson asks defenders."""
    prose: str | None = None
    """Its prose file, a path under the package's ``text`` folder (for lesson 1,
``text/lessons/01_the_deck.md``)."""


@dataclass(frozen=True)
class Outline:
    """The course's outline: its pages in Back / Next order and its practice pages."""

    pages: tuple[Page, ...]
    practice_titles: Mapping[str, str] = field(default_factory=dict)
    """Each practice page's title, by notebook."""
    general: tuple[str, ...] = ()
    """Practice pages of the whole course: listed by several lessons, they lead back
    to the outline, not to one lesson."""
    unlisted: tuple[str, ...] = ()
    """Notebooks of ``lessons/`` the outline does not list (the teacher's dashboard)."""
    practice_prose: Mapping[str, str] = field(default_factory=dict)
    """Each practice page's prose file (under ``text``), for the pages that have one."""

    def prose_file(self, page: str) -> str | None:
        """The prose file of ``page``: a page of the outline (``06_scoring.ipynb``) or a
        practice page (``practice/07_score_level1.ipynb``), as :func:`prose` names it."""
        if page.startswith("practice/"):
            return self.practice_prose.get(page.removeprefix("practice/"))
        return next((p.prose for p in self.pages if p.file == page), None)

    def prose_files(self) -> dict[str, str]:
        """Every page that has prose, by the name :func:`prose` takes, and its file."""
        files = {p.file: p.prose for p in self.pages if p.prose}
        return files | {f"practice/{f}": prose for f, prose in self.practice_prose.items()}

    def page(self, file: str) -> Page:
        """The page whose notebook is ``file``; raises :class:`OutlineError` quoting
        an unknown one."""
        for p in self.pages:
            if p.file == file:
                return p
        raise OutlineError(f"{file!r} is not a page of the course's outline")

    def of_kind(self, *kinds: PageKind) -> tuple[Page, ...]:
        """The pages of ``kinds``, in order."""
        return tuple(p for p in self.pages if p.kind in kinds)


_PAGE_KEYS = {
    "number", "file", "kind", "title", "summary", "practice", "teaches", "cases",
    "mastery_rules", "levels", "prose", "role",
}  # fmt: skip
_TOP_KEYS = {"page", "practice_titles", "practice_prose", "general", "unlisted"}


def _strings(where: str, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise OutlineError(f"{where} = {value!r:.80}: give a list of strings")
    return tuple(value)


def _preset(where: str, name: str) -> RuleSet:
    try:
        return rules_named(name)
    except InvalidRulesError as err:
        raise OutlineError(f"{where}: mastery_rules: {err}") from None


def _read_page(entry: Any, index: int, titles: Mapping[str, str]) -> Page:
    where = f"page {index + 1}"
    if not isinstance(entry, dict):
        raise OutlineError(f"{where} = {entry!r:.80}: give a table of the page's fields")
    variants: list[tuple[str, str]] = []
    for key, value in entry.items():
        if key.startswith("summary_"):
            when = key.removeprefix("summary_")
            condition(when)
            variants.append((when, str(value)))
        elif key not in _PAGE_KEYS:
            raise OutlineError(
                f"{where}: {key!r} is not a field of a page: use {', '.join(sorted(_PAGE_KEYS))}"
                " or summary_<condition>"
            )
    for key in ("number", "file", "title", "summary"):
        if key not in entry:
            raise OutlineError(f"{where} ({entry.get('file', '?')!r}) has no {key!r}")
    file = entry["file"]
    where = f"page {file!r}"
    try:
        kind = PageKind(entry.get("kind", PageKind.LESSON.value))
    except ValueError:
        raise OutlineError(
            f"{where}: kind = {entry['kind']!r} is not a kind of page: use one of "
            f"{', '.join(k.value for k in PageKind)}"
        ) from None
    practice = _strings(f"{where}: practice", entry.get("practice", []))
    for name in practice:
        if name not in titles:
            raise OutlineError(f"{where}: practice page {name!r} has no entry in [practice_titles]")
    levels = entry.get("levels", [])
    if not isinstance(levels, list) or not all(isinstance(n, int) for n in levels):
        raise OutlineError(f"{where}: levels = {levels!r:.80}: give a list of numbers")
    role = entry.get("role")
    if role is not None and role not in {r.value for r in Role}:
        raise OutlineError(
            f"{where}: role = {role!r:.40} is not a side: use one of "
            f"{', '.join(r.value for r in Role)}"
        )
    number = entry["number"]
    if not isinstance(number, int):
        raise OutlineError(f"{where}: number = {number!r:.40} is not a number")
    return Page(
        number=number,
        file=file,
        title=str(entry["title"]),
        summary=Said(str(entry["summary"]), tuple(variants)),
        kind=kind,
        practice=practice,
        teaches=_strings(f"{where}: teaches", entry.get("teaches", [])),
        cases=_strings(f"{where}: cases", entry.get("cases", [])),
        mastery_rules=tuple(
            _preset(where, n)
            for n in _strings(f"{where}: mastery_rules", entry.get("mastery_rules", []))
        ),
        levels=tuple(levels),
        role=None if role is None else Role(role),
        prose=_prose_name(where, entry.get("prose")),
    )


def _prose_name(where: str, name: Any) -> str | None:
    if name is None:
        return None
    if not isinstance(name, str) or not re.fullmatch(r"[a-z]+/[\w.-]+\.md", name):
        raise OutlineError(
            f"{where}: prose = {name!r:.80}: name a file under text/, 'lessons/x.md'"
        )
    return name


def read_outline(text: str) -> Outline:
    """The outline written in ``text`` (the TOML of ``course.toml``); raises
    :class:`OutlineError` quoting what is wrong.

    >>> read_outline('[[page]]\\nnumber = 1\\nfile = "01_the_deck.ipynb"\\ntitle = "A"\\n'
    ...              'summary = "S"\\nsummery_alone = "T"')
    Traceback (most recent call last):
    ...
    pinochle_tutor.course.content.OutlineError: page 1: 'summery_alone' is not a field of a page: ...
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise OutlineError(f"the outline is not valid TOML: {err}") from None
    for key in data:
        if key not in _TOP_KEYS:
            raise OutlineError(
                f"{key!r} is not a part of the outline: use {', '.join(sorted(_TOP_KEYS))}"
            )
    titles = data.get("practice_titles", {})
    if not isinstance(titles, dict) or not all(isinstance(t, str) for t in titles.values()):
        raise OutlineError(f"practice_titles = {titles!r:.80}: give each page's title as a string")
    pages = tuple(_read_page(entry, i, titles) for i, entry in enumerate(data.get("page", [])))
    files = [p.file for p in pages]
    twice = sorted({f for f in files if files.count(f) > 1})
    if twice:
        raise OutlineError(f"the outline names {', '.join(map(repr, twice))} more than once")
    general = _strings("general", data.get("general", []))
    for name in general:
        if name not in titles:
            raise OutlineError(f"general page {name!r} has no entry in [practice_titles]")
    prose = data.get("practice_prose", {})
    if not isinstance(prose, dict):
        raise OutlineError(f"practice_prose = {prose!r:.80}: give each page's prose file")
    for name, file in prose.items():
        if name not in titles:
            raise OutlineError(f"practice_prose: {name!r} has no entry in [practice_titles]")
        _prose_name(f"practice_prose: {name!r}", file)
    unlisted = _strings("unlisted", data.get("unlisted", []))
    return Outline(pages, dict(titles), general, unlisted, dict(prose))


@cache
def outline() -> Outline:
    """The course's outline, read once from the package's ``text/course.toml``."""
    source = resources.files("pinochle_tutor.course").joinpath("text").joinpath(OUTLINE_FILE)
    return read_outline(source.read_text(encoding="utf-8"))


def sentence(where: str, entry: object) -> Said:
    """A data file's table of one sentence: ``text`` and its ``text_<condition>``
    variants (:func:`said`) and nothing else, as ``statements.toml`` and
    ``reference.toml`` write each; raises :class:`OutlineError` quoting ``where`` and a
    value that is no table or a field that is neither.

    >>> sentence("[score_game]", {"txt": "A"})
    Traceback (most recent call last):
    ...
    pinochle_tutor.course.content.OutlineError: [score_game]: 'txt' is not a field: use text, text_<condition>
    """
    if not isinstance(entry, dict):
        raise OutlineError(f"{where} = {entry!r:.80}: give a table of text and its variants")
    for key in entry:
        if key != "text" and not key.startswith("text_"):
            raise OutlineError(f"{where}: {key!r} is not a field: use text, text_<condition>")
    return said(where, entry, "text")


def said(where: str, entry: Mapping[str, Any], key: str) -> Said:
    """The words of ``entry[key]`` and their variants ``entry[key_<condition>]``, in the
    file's order, as a data file (the glossary, the tips) writes them; raises
    :class:`OutlineError` quoting ``where`` and a missing key, a value that is not text
    or an unknown condition.

    >>> from pinochle_tutor.rules import THREE_HANDED
    >>> said("term 'set'", {"text": "A", "text_alone": "B"}, "text").under(THREE_HANDED)
    'B'
    >>> said("term 'set'", {"text": "A", "text_lonely": "B"}, "text")
    Traceback (most recent call last):
    ...
    pinochle_tutor.course.content.OutlineError: term 'set': text_lonely: 'lonely' is not a ...
    """
    if not isinstance(entry.get(key), str):
        raise OutlineError(f"{where}: {key} = {entry.get(key)!r:.80}: give the words as text")
    variants: list[tuple[str, str]] = []
    for name, value in entry.items():
        if name.startswith(key + "_"):
            when = name.removeprefix(key + "_")
            try:
                condition(when)
            except OutlineError as err:
                raise OutlineError(f"{where}: {name}: {err}") from None
            if not isinstance(value, str):
                raise OutlineError(f"{where}: {name} = {value!r:.80}: give the words as text")
            variants.append((when, value))
    return Said(entry[key], tuple(variants))


def read_sentences(
    name: str, text: str, fields: Mapping[str, Iterable[str]], what: str = "a sentence of the page"
) -> dict[str, Said]:
    """The sentences a words file writes (``text``, the TOML of the file ``name``), one
    table per sentence (:func:`sentence`): every name of ``fields``, each using only the
    ``{field}`` names ``fields`` gives it. Raises :class:`OutlineError` quoting an unknown
    name (not ``what``), a field the sentence may not say, or naming a sentence the file
    does not write.

    >>> read_sentences("the words", '[a]\\ntext = "{x} and {y}"', {"a": ("x",)})
    Traceback (most recent call last):
    ...
    pinochle_tutor.course.content.OutlineError: the words: [a]: {y} is not a value it can say: use x
    """
    words: dict[str, Said] = {}
    for key, entry in read_toml(name, text).items():
        if key not in fields:
            raise OutlineError(f"{name}: {key!r} is not {what}: use {', '.join(fields)}")
        said_ = sentence(f"{name}: [{key}]", entry)
        allowed = set(fields[key])
        for words_ in (said_.text, *(t for _, t in said_.variants)):
            for _, asked, _, _ in string.Formatter().parse(words_):
                if asked is not None and asked not in allowed:
                    raise OutlineError(
                        f"{name}: [{key}]: {{{asked}}} is not a value it can say: use "
                        f"{', '.join(sorted(allowed))}"
                    )
        words[key] = said_
    missing = [k for k in fields if k not in words]
    if missing:
        raise OutlineError(f"{name} does not write {', '.join(missing)}")
    return words


def read_toml(name: str, text: str) -> dict[str, Any]:
    """The TOML ``text`` of the content file ``name``; raises :class:`OutlineError`
    quoting the parser's complaint."""
    try:
        data: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise OutlineError(f"{name} is not valid TOML: {err}") from None
    return data


def text_file(name: str) -> str:
    """The text of the content file ``name`` (a path under the package's ``text``
    folder: ``glossary.toml``)."""
    source = resources.files("pinochle_tutor.course").joinpath("text")
    for part in name.split("/"):
        source = source.joinpath(part)
    return source.read_text(encoding="utf-8")


# ------------------------------------------------------------------------ the prose

_PASSAGE = re.compile(r"<!--\s*passage:\s*([a-z][a-z0-9_]*)\s*-->")
_OPEN = re.compile(r":::\s*([a-z_]+)")
_CLOSE = ":::"


@dataclass(frozen=True)
class Passage:
    """One passage of a page's prose: Markdown whose lines may be kept to some rule sets
    (a ``::: condition`` block) and whose ``{name}`` fields are the lesson's numbers and
    words (:func:`~pinochle_tutor.course.lesson_facts.lesson_values`) under the rules in
    force."""

    id: str
    parts: tuple[tuple[str | None, str], ...]
    """(condition, lines) in order: lines said always (``None``) or only under the rule
    sets the condition (:data:`CONDITIONS`) names."""

    def markdown(self, rules: RuleSet) -> str:
        """The Markdown said under ``rules``, its fields still in braces: the lines of
        every part that holds, one blank line at most between paragraphs."""
        lines = "\n".join(
            text for when, text in self.parts if when is None or condition(when)(rules)
        )
        return re.sub(r"\n{3,}", "\n\n", lines).strip("\n")

    def under(self, rules: RuleSet) -> str:
        """The passage as a page shows it under ``rules``: the Markdown said there, its
        fields filled (``{opening_bid}``: ``250``)."""
        return self.markdown(rules).format_map(lesson_values(rules))

    def fields(self) -> set[str]:
        """The names written in braces, in any part."""
        return {
            name
            for _, text in self.parts
            for _, name, _, _ in string.Formatter().parse(text)
            if name is not None
        }

    def conditions(self) -> set[str]:
        """The conditions of its blocks."""
        return {when for when, _ in self.parts if when is not None}


@dataclass(frozen=True)
class Prose:
    """A page's prose file: its passages, by id, in the file's order."""

    name: str
    passages: Mapping[str, Passage]

    def passage(self, id: str) -> Passage:
        """The passage called ``id``; raises :class:`OutlineError` quoting an unknown one."""
        try:
            return self.passages[id]
        except KeyError:
            raise OutlineError(
                f"{self.name} has no passage {id!r}: its passages are {', '.join(self.passages)}"
            ) from None


def _passages(name: str, text: str) -> Iterator[Passage]:
    pid: str | None = None
    parts: list[tuple[str | None, str]] = []
    block: str | None = None
    lines: list[str] = []

    def part() -> None:
        if lines:
            parts.append((block, "\n".join(lines)))
            lines.clear()

    for number, line in enumerate(text.splitlines(), 1):
        where = f"{name}, line {number}"
        found = _PASSAGE.fullmatch(line.strip())
        if found:
            if block is not None:
                raise OutlineError(f"{where}: the ::: {block} block above is not closed")
            if pid is not None:
                part()
                yield Passage(pid, tuple(parts))
            pid, parts = found.group(1), []
            continue
        opened = _OPEN.fullmatch(line.strip())
        if opened or line.strip() == _CLOSE:
            if pid is None:
                raise OutlineError(f"{where}: {line.strip()!r} comes before the first passage")
            if opened and block is not None:
                raise OutlineError(f"{where}: {line.strip()!r} inside the ::: {block} block")
            if not opened and block is None:
                raise OutlineError(f"{where}: ':::' closes no block")
            part()
            block = opened.group(1) if opened else None
            if block is not None:
                condition(block)
            continue
        if pid is None:
            if line.strip():
                raise OutlineError(
                    f"{where}: {line.strip()!r:.60} comes before the first '<!-- passage: id -->'"
                )
            continue
        lines.append(line)
    if block is not None:
        raise OutlineError(f"{name}: the ::: {block} block is not closed at the end")
    if pid is not None:
        part()
        yield Passage(pid, tuple(parts))


def read_prose(name: str, text: str) -> Prose:
    r"""The passages of a prose file ``text`` (called ``name`` in messages). Each starts
    at a line ``<!-- passage: id -->`` and runs to the next; a line ``::: condition``
    opens a block said only under the rule sets the condition names, and ``:::`` closes
    it. Raises :class:`OutlineError` quoting an unknown condition, a block left open or
    nested, a passage named twice or text before the first passage.

    >>> from pinochle_tutor.rules import CLASSIC, THREE_HANDED
    >>> p = read_prose("an example", '''<!-- passage: end -->
    ... The game ends when
    ... ::: partners
    ... a side
    ... :::
    ... ::: alone
    ... a player
    ... :::
    ... reaches **{target}**.''').passage("end")
    >>> p.under(CLASSIC)
    'The game ends when\na side\nreaches **1500**.'
    >>> p.under(THREE_HANDED)
    'The game ends when\na player\nreaches **1500**.'
    """
    passages: dict[str, Passage] = {}
    for passage in _passages(name, text):
        if passage.id in passages:
            raise OutlineError(f"{name}: the passage {passage.id!r} is written twice")
        passages[passage.id] = passage
    return Prose(name, passages)


@cache
def _prose_file(name: str) -> Prose:
    source = resources.files("pinochle_tutor.course").joinpath("text")
    for part in name.split("/"):
        source = source.joinpath(part)
    return read_prose(name, source.read_text(encoding="utf-8"))


def prose(page: str) -> Prose:
    """The prose of ``page`` (a page of the outline, ``06_scoring.ipynb``, or a practice
    page, ``practice/07_score_level1.ipynb``), read once from the file the outline names;
    raises :class:`OutlineError` quoting a page that has none."""
    name = outline().prose_file(page)
    if name is None:
        raise OutlineError(
            f"{page!r} has no prose in the outline: pages with prose are "
            f"{', '.join(outline().prose_files()) or 'none yet'}"
        )
    return _prose_file(name)
