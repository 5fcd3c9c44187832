"""The words of the Review page, as data: ``text/review.toml``, read once.

The page's widgets (``pinochle_widgets.mastery.ReviewRound``,
``pinochle_widgets.own_positions.OwnPositions``) lay out the HTML around sentences they
read here by name (:data:`NAMES`), so a teacher edits a sentence in the file, not in
Python. Each sentence's ``{name}`` fields are the ladder's numbers
(:func:`review_values`, from :mod:`pinochle_tutor.classroom.review`) and, for the
sentences :data:`MOMENT` lists, the words of the moment the widget gives
(:func:`review_said`).

>>> from pinochle_tutor.rules import CLASSIC
>>> review_said("own_wrong", CLASSIC)
'Not this time: it comes back 1 day later.'
>>> review_said("due_title", CLASSIC, cases="2 rule cases")
'2 rule cases due for review today:'
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from functools import cache

from pinochle_tutor.classroom.review import LADDER_DAYS, REFRESH_DAYS, REFRESH_MOST
from pinochle_tutor.course.content import Said, read_sentences, text_file
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.words import listed, plural

__all__ = [
    "MOMENT",
    "NAMES",
    "REVIEW_FILE",
    "next_review_words",
    "read_review_words",
    "review_said",
    "review_values",
    "written_review_words",
]

REVIEW_FILE = "review.toml"
"""The page's words, in the package's ``text`` folder."""

MOMENT: Mapping[str, tuple[str, ...]] = {
    "schedule": (),
    "due_title": ("cases",),
    "refresh_label": (),
    "nothing_due": (),
    "nothing_due_message": (),
    "only_own_due": (),
    "only_own_due_message": (),
    "next_on_day": ("day",),
    "next_later_today": ("time",),
    "own_title": ("positions",),
    "own_intro": (),
    "own_none": (),
    "own_none_intro": (),
    "own_counter": ("number", "count"),
    "own_other_rules": ("rules_words",),
    "own_prompt": ("trick", "card"),
    "own_choose": (),
    "own_numbers": ("basis",),
    "own_right": (),
    "own_wrong": (),
    "own_answered": (),
    "own_choose_first": (),
    "own_stale": (),
    "own_unread": ("count",),
}
"""Every sentence of the page, by name, with the fields the widget fills at the moment
(beside :func:`review_values`)."""

NAMES = tuple(MOMENT)
"""Every sentence the page says (the file must write each)."""


class UnknownReviewWordError(PinochleError):
    """A sentence name the Review page does not have, or a moment's field it lacks."""


def next_review_words(due: datetime, now: datetime, rules: RuleSet) -> str:
    """When the next review is due, in words: its day, or the time (UTC) when it is
    later the same day (a case missed in the evening is due the next evening, so a
    page that says "nothing to review" would else name today's date).

    >>> from datetime import timezone
    >>> from pinochle_tutor.rules import CLASSIC
    >>> t = datetime(2026, 12, 7, 9, tzinfo=timezone.utc)
    >>> next_review_words(t.replace(day=8), t, CLASSIC)
    'The next review is due on Tuesday 8 December.'
    """
    if due.date() == now.date():
        return review_said("next_later_today", rules, time=due.strftime("%H:%M"))
    return review_said("next_on_day", rules, day=due.strftime("%A %d %B").replace(" 0", " "))


def review_values(rules: RuleSet) -> dict[str, object]:
    """The ladder's numbers in words, from :mod:`pinochle_tutor.classroom.review`:
    ``first_wait`` ('1 day'), ``second_wait`` ('3 days'), ``later_waits`` ('7, 21 and
    60'), ``last_gap`` (60), ``refresh_most`` (2), ``refresh_days`` (60). The ladder is
    the same under every rule set; ``rules`` is taken so that a sentence may vary by it."""
    del rules
    return {
        "first_wait": plural(LADDER_DAYS[0], "day"),
        "second_wait": plural(LADDER_DAYS[1], "day"),
        "later_waits": listed([str(d) for d in LADDER_DAYS[2:]]),
        "last_gap": LADDER_DAYS[-1],
        "refresh_most": REFRESH_MOST,
        "refresh_days": REFRESH_DAYS,
    }


def read_review_words(text: str) -> dict[str, Said]:
    """The page's sentences written in ``text`` (the TOML of ``review.toml``); raises
    :class:`~pinochle_tutor.course.content.OutlineError` quoting an unknown name or field,
    a field the sentence may not use, or naming a sentence the file does not write."""
    fixed = review_values_names()
    fields = {name: (*fixed, *moment) for name, moment in MOMENT.items()}
    return read_sentences(REVIEW_FILE, text, fields)


def review_values_names() -> tuple[str, ...]:
    """The names :func:`review_values` fills."""
    return ("first_wait", "second_wait", "later_waits", "last_gap", "refresh_most", "refresh_days")


@cache
def written_review_words() -> dict[str, Said]:
    """The page's sentences as the package's ``review.toml`` writes them (read once)."""
    return read_review_words(text_file(REVIEW_FILE))


def review_said(name: str, rules: RuleSet, **moment: object) -> str:
    """The sentence ``name`` under ``rules``, its fields filled from
    :func:`review_values` and ``moment`` (the fields :data:`MOMENT` names for it);
    raises :class:`UnknownReviewWordError` quoting a name the page has not, or a moment
    field it lacks."""
    if name not in MOMENT:
        raise UnknownReviewWordError(f"{name!r} is not a sentence of the Review page")
    lacking = [f for f in MOMENT[name] if f not in moment]
    if lacking:
        raise UnknownReviewWordError(f"the sentence {name!r} needs {', '.join(lacking)}")
    return written_review_words()[name].under(rules).format_map({**review_values(rules), **moment})
