"""The course's small words, each written once: numbers in words, plurals, lists and
card names, and the numbers a sentence states.

Every layer that writes a sentence (the explanations, the lessons' facts, the worked
examples, the quiz) joins a list, names cards and says "two copies" the same way,
because it asks here (issue 46: words in one place).

>>> number_word(2), counted(2, "copy", "copies"), plural(1, "ace"), plural(3, "ace")
('two', 'two copies', '1 ace', '3 aces')
>>> from pinochle_tutor.cards import parse_cards
>>> listed(["A", "10", "K"]), card_names(parse_cards("AS 10S"))
('A, 10 and K', 'A♠ and 10♠')
>>> stated_numbers("By rule 3 the 10♠ and two 10s take 20, -10 for the lesson 6 case")
[20, -10]
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pinochle_tutor.cards import Card

__all__ = [
    "NUMBER_WORDS",
    "card_names",
    "counted",
    "listed",
    "number_word",
    "plural",
    "stated_numbers",
    "times",
]

NUMBER_WORDS = ("no", "one", "two", "three", "four")
"""The numbers a sentence writes in words (copies of a card, runs, marriages): 0 to 4."""

_TIMES = {1: "once", 2: "twice"}


def number_word(n: int) -> str:
    """``n`` in words from 0 (``'no'``) to 4 (``'four'``), else in figures.

    >>> number_word(0), number_word(4), number_word(5)
    ('no', 'four', '5')
    """
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def counted(n: int, word: str, many: str | None = None) -> str:
    """``'one copy'``, ``'two copies'``: ``n`` in words (:func:`number_word`) and the
    word, plural (``many``, default ``word + 's'``) unless ``n`` is 1."""
    return f"{number_word(n)} {word if n == 1 else many or word + 's'}"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``'1 ace'``, ``'3 aces'``: ``n`` in figures and the word, plural (``many``,
    default ``word + 's'``) unless ``n`` is 1."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def times(n: int) -> str:
    """``'once'``, ``'twice'``, ``'three times'``: how often, in words to four.

    >>> times(1), times(3), times(7)
    ('once', 'three times', '7 times')
    """
    return _TIMES.get(n, f"{number_word(n)} times")


def listed(items: Sequence[str]) -> str:
    """Words as a list is said: ``'A'``, ``'A and 10'``, ``'K, Q and J'`` (``''`` for none).
    The one way the tutor joins a list, in explanations, lessons and widgets alike."""
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def card_names(cards: Sequence[Card]) -> str:
    """Cards as a list is said: ``'A♠'``, ``'A♠ and 10♠'``, ``'A♠, 10♠ and K♠'``."""
    return listed([c.text for c in cards])


_CARD_TEXT = re.compile(r"(?:10|[2-9AKQJ])\s?[♠♥♦♣]|\b(?:10|9)s\b")
"""A card's name (``10♠``, ``10 ♠``) or a numbered rank's plural (``9s``): no number."""
_NOT_A_NUMBER = re.compile(r"\b(?:rule|rules|lesson|seat|Seat)\s+\d+")
"""The number of a rule, a lesson or a seat: a name, not a number the sentence states."""


def stated_numbers(text: str) -> list[int]:
    """The numbers a sentence states, with their signs, leaving out card names
    (``10♠``, ``9s``) and the numbers of rules, lessons and seats: what a test checks
    against the engine's numbers, and what a hint must not give away."""
    text = _NOT_A_NUMBER.sub("", _CARD_TEXT.sub(" ", text))
    return [int(x) for x in re.findall(r"(?<![\w.])-?\d+", text)]
