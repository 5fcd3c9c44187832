"""What every kind's reading and marking shares: :class:`Mark` (the verdict on an
answer), :class:`InvalidAnswerError`, the readers of numbers, cards and yes/no, and
the arithmetic that keeps a hint from giving the answer away.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pinochle_tutor.cards import Card, parse_cards
from pinochle_tutor.course.quiz.vocabulary import (
    QuizKind,
    QuizRule,
)
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.words import listed, stated_numbers

__all__ = [
    "ALL_WORDS",
    "MAX_DIGITS",
    "MINUS",
    "NO",
    "NUMBER",
    "YES",
    "InvalidAnswerError",
    "Mark",
    "clean_answer",
    "hint_without_answer",
    "one_step",
    "parse_cards_answer",
    "parse_yes_no",
    "read_call",
    "read_number",
    "signed",
]


class InvalidAnswerError(PinochleError):
    """A typed answer could not be read; the message says how to write it."""


MINUS = str.maketrans({"\u2212": "-", "\u2013": "-", "\u2014": "-", "\uff0b": "+"})


NUMBER = re.compile(r"^([+-]?)\s*([0-9]+)\s*(?:points?|pts?)?\.?$", re.ASCII)


MAX_DIGITS = 6


def clean_answer(text: object) -> str:
    if not isinstance(text, str):
        raise InvalidAnswerError(f"{text!r} is not an answer: type the answer as text")
    return " ".join(text.translate(MINUS).strip().lower().split())


SEE_THE_BOX = " (the box shows an example while it is empty)"
"""What a message about an unreadable number points to, instead of a number of its own:
a fixed example (``'190'``) is the answer of some questions (5 of 75 generated meld
questions), while the box's example is moved off the question's answer
(:func:`~pinochle_tutor.course.quiz.answers.answer_hint`). That example is the box's
placeholder, which goes as soon as the learner types: the words say when it shows, so
they are true of an empty answer and of one that could not be read."""


def read_number(text: str, what: str, signed: bool, example: str = SEE_THE_BOX) -> int:
    """``text`` read as a whole number (of ``what``: "a bid"); refused in words that
    quote it and name no number that could be the answer."""
    m = NUMBER.match(text)
    if m is None:
        raise InvalidAnswerError(f"{text!r} is not {what}: type a whole number in digits{example}.")
    sign, digits = m.groups()
    if len(digits) > MAX_DIGITS:
        raise InvalidAnswerError(
            f"{text!r} is far too large for {what}: type a whole number in digits{example}."
        )
    if sign == "-" and not signed:
        raise InvalidAnswerError(f"{text!r} is negative, but {what} is never below 0")
    value = int(digits)
    return -value if sign == "-" else value


def read_call(
    text: str, *, words: frozenset[str], empty: str, prefix: str, what: str
) -> int | None:
    """A typed call: one of ``words`` (a pass, or no bid: ``None``), or a bid in digits
    after an optional ``prefix`` (a regular expression: ``'bid'``), read by
    :func:`read_number` as ``what``. An empty answer is refused with ``empty``."""
    s = clean_answer(text).rstrip(".!")
    if s in words:
        return None
    if not s:
        raise InvalidAnswerError(empty)
    return read_number(re.sub(prefix, "", s), what, signed=False)


ALL_WORDS = frozenset(
    {"all", "any", "any card", "all cards", "every card", "anything", "all of them"}
)


def parse_cards_answer(text: str) -> tuple[Card, ...]:
    """Read a set of cards: ``'AS, 10S'``, ``'A♠ 10♠'``, ``'AS and 10S'``.

    Raises :class:`InvalidAnswerError` naming the unreadable card."""
    clean_answer(text)  # checks that it is text
    s = " ".join(text.split())
    if not s:
        raise InvalidAnswerError(
            "The answer is empty: name the cards you may play, e.g. 'AS, 10S' (or 'all')."
        )
    s = re.sub(r"(?i)\band\b|\bor\b|\+|/|\.", " ", s)
    try:
        cards = parse_cards(s)
    except PinochleError as e:
        raise InvalidAnswerError(f"{e}. Name the cards you may play, e.g. 'AS, 10S'.") from None
    if not cards:
        raise InvalidAnswerError("Name the cards you may play, e.g. 'AS, 10S' (or 'all').")
    return tuple(cards)


YES = frozenset({"yes", "y", "legal", "true", "ok", "allowed", "yes it is", "it is legal", "may"})


NO = frozenset(
    {"no", "n", "illegal", "false", "not allowed", "not legal", "no it isn't", "may not", "not"}
)


def parse_yes_no(text: str) -> bool:
    """Read ``'yes'`` / ``'no'`` (also ``'legal'``, ``'illegal'``, ``'y'``, ``'n'``).

    Raises :class:`InvalidAnswerError` otherwise."""
    s = clean_answer(text).rstrip(".!")
    if s in YES:
        return True
    if s in NO:
        return False
    raise InvalidAnswerError(
        f"{text!r} is not an answer to a yes-or-no question: type 'yes' or 'no'."
    )


@dataclass(frozen=True)
class Mark:
    """The verdict on one answer: right, playable or wrong, the right answer, the
    tutor's explanation and the rule cases exercised.

    ``readable`` is false when the answer could not be read; then ``right`` is
    false, ``correct`` is empty (the answer is not given away: the learner may
    try again) and ``explanation`` says how to write an answer. Record only
    readable answers in a learner's progress.

    A strategy question (which card, which cards to pass) has a third verdict,
    *playable* (:attr:`playable`): the answer is within the coach's error of its
    best, but breaks the rule of thumb the question asks about (:attr:`breaks`).
    It is kept as not right (``right`` false: it does not count toward a lesson's
    mastery, and the review asks its rule case again, :attr:`rules` being that
    case), while the learner is told it is playable."""

    item_id: str
    kind: QuizKind
    answer: str
    """The answer as typed."""
    right: bool
    correct: str
    """The engine's answer, as text (empty when the answer was unreadable)."""
    explanation: str
    """The tutor's explanation (for a wrong answer, what went wrong first)."""
    rules: tuple[QuizRule, ...]
    """The rule cases exercised: the item's declared ones, else those the engine finds."""
    readable: bool = True
    detail: object = field(default=None, repr=False, compare=False)
    """The tutor's explanation object (a meld diagnosis, a legal-set or play
    explanation, a contract explanation, the bid range), for a widget to
    highlight cards."""
    breaks: tuple[str, ...] = ()
    """The rules of thumb a playable answer breaks, as a player says them (``'remember
    exposed meld'``); empty for every other answer."""

    @property
    def playable(self) -> bool:
        """Whether the answer is playable: read, not right, and within the coach's
        error of its best while breaking the rules of thumb :attr:`breaks`."""
        return self.readable and not self.right and bool(self.breaks)

    @property
    def verdict(self) -> str:
        """The verdict in a sentence: ``'Right!'``, ``"Playable, but it breaks the rule
        of thumb 'keep your meld': the answer is ..."`` or ``'Not quite: the answer is
        ...'`` (empty for an answer that could not be read)."""
        if not self.readable:
            return ""
        if self.right:
            return "Right!"
        if self.playable:
            rules = listed([f"'{b}'" for b in self.breaks])
            which = "rules of thumb" if len(self.breaks) > 1 else "rule of thumb"
            return f"Playable, but it breaks the {which} {rules}: the answer is {self.correct}."
        return f"Not quite: the answer is {self.correct}."

    @property
    def text(self) -> str:
        """The verdict and the explanation, for display."""
        if not self.readable:
            return self.explanation
        head = self.verdict
        body = self.explanation
        return f"{head}\n{body}" if body else head

    def __str__(self) -> str:
        return self.text


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def one_step(numbers: list[int], answer: int) -> bool:
    """Whether ``answer`` (its size) is one of ``numbers``, or their sum, product or
    difference (a number may be taken twice: doubling is one step)."""
    a = abs(answer)
    values = set(numbers)
    return a in values or any(
        x + y == a or x * y == a or (x != y and abs(x - y) == a) for x in values for y in values
    )


def hint_without_answer(pairs: list[tuple[str, str]], answer: int) -> str:
    """A hint from ``pairs`` of sentences (each with its numbers, and without them),
    saying each with its numbers unless the numbers stated would then put ``answer``
    one step of arithmetic away (see :func:`one_step`): from the last sentence back,
    a sentence loses its numbers until what is said no longer gives the answer."""
    chosen = [numbered for numbered, _ in pairs]
    for i in reversed(range(len(pairs))):
        if not one_step([abs(n) for n in stated_numbers(" ".join(chosen))], answer):
            break
        chosen[i] = pairs[i][1]
    return " ".join(dict.fromkeys(chosen))
