"""Where a learner is in a round of questions, kept with their progress, so a page
reloaded shows the same question in the same state (and a first wrong answer is not
dodged by reloading).

A :class:`Place` is what it takes to plan the same round again and bring it to the
same point: the round's seed and number, what the plan rested on (the weak rule
cases aimed at, the mastery set's name), the answers given to the questions marked
so far, and the first answer to the question on screen when its second try is due.
It is small JSON text, kept per learner and per round of a page (its key,
:func:`place_key`): in the class database (:meth:`ProgressStore.keep_place
<pinochle_tutor.classroom.store.ProgressStore.keep_place>`) or in the learner's
JSON progress file (its ``places``). Reading one never raises: a damaged place is
no place (the round starts afresh).

>>> p = Place(seed=7, round=0, index=2, answers=(("190", 1), ("AS", 2)), first_try="40")
>>> Place.from_json(p.to_json()) == p
True
>>> Place.from_json('{"seed": "x"}') is None
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from pinochle_tutor.errors import PinochleError

__all__ = ["MAX_ANSWER_TEXT", "MAX_PLACE_BYTES", "InvalidPlaceError", "Place", "place_key"]


class InvalidPlaceError(PinochleError):
    """A kept place whose field is not what a place holds (:meth:`Place.from_json` reads
    it as no place)."""

MAX_PLACE_BYTES = 8000
"""The most a kept place may hold (a round of questions is at most a few dozen answers)."""

MAX_ANSWER_TEXT = 200
"""The longest answer text a place keeps (the quiz takes no longer answers)."""


def place_key(page: str, number: int) -> str:
    """The key of the ``number``-th round of questions (0 first) on ``page``
    (``'lessons/04_meld.ipynb#0'``); ``''`` when the page is not known (then nothing is
    kept: outside a served page there is nothing to reload)."""
    return f"{page[:70]}#{int(number)}" if page else ""


def _int(value: object, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise InvalidPlaceError(f"{value!r:.40} is not a whole number of at least {low}")
    return value


@dataclass(frozen=True)
class Place:
    """A learner's point in one round of questions (see the module's text)."""

    seed: int
    """The round's seed (the page's seed when the round began)."""
    round: int
    """Which round of the page it is (0 first; "Start a new round" counts on)."""
    index: int
    """The question on screen (0 first)."""
    answers: tuple[tuple[str, int], ...] = ()
    """For each question marked so far, the answer marked and how many tries it took."""
    first_try: str | None = None
    """The first (wrong) answer to the question on screen, when its second try is due."""
    basis: dict[str, Any] = field(default_factory=dict, compare=True)
    """What the round was planned from, besides the seed (the weak rule cases aimed
    at, the mastery set's name): whatever the round needs to be planned the same."""
    waiting: str | None = None
    """An answer given to the question on screen while the answer behind it was still
    being worked out (a bidding question's simulation): it is marked once the work is
    done, after a reload too."""

    def to_json(self) -> str:
        """The place as compact JSON text (what is kept)."""
        return json.dumps(
            {
                "seed": self.seed, "round": self.round, "index": self.index,
                "answers": [[a[:MAX_ANSWER_TEXT], t] for a, t in self.answers],
                "first_try": None if self.first_try is None else self.first_try[:MAX_ANSWER_TEXT],
                "basis": self.basis,
                **({} if self.waiting is None else {"waiting": self.waiting[:MAX_ANSWER_TEXT]}),
            },
            ensure_ascii=False, separators=(",", ":"),
        )  # fmt: skip

    @classmethod
    def from_json(cls, text: object) -> Place | None:
        """The place kept as ``text``; ``None`` for no text or text that is not a place
        (too long, not JSON, a field of the wrong type): never raises."""
        if not isinstance(text, str) or not text or len(text) > MAX_PLACE_BYTES:
            return None
        try:
            doc = json.loads(text)
            answers = tuple((str(a), _int(t, 1)) for a, t in doc["answers"])
            first = doc.get("first_try")
            basis = doc.get("basis", {})
            waiting = doc.get("waiting")
            if (first is not None and not isinstance(first, str)) or not isinstance(basis, dict):
                return None
            if waiting is not None and not isinstance(waiting, str):
                return None
            place = cls(
                _int(doc["seed"]), _int(doc["round"]), _int(doc["index"]), answers, first, basis,
                waiting,
            )  # fmt: skip
        except (InvalidPlaceError, ValueError, TypeError, KeyError, AttributeError, RecursionError):
            return None
        # the questions marked so far: those before the one on screen, and it too once marked
        if len(place.answers) not in (place.index, place.index + 1):
            return None
        # an answer waits only for a question not yet marked
        return place if place.waiting is None or len(place.answers) == place.index else None
