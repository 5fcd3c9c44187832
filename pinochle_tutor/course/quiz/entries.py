"""A bank entry's fields, read and checked: each reader names the field it reads in
the :class:`BankFormatError` it raises (:func:`blame`), so a teacher sees which
value of which item is wrong.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from pinochle_tutor.cards import Card, Suit, parse_cards, parse_suit
from pinochle_tutor.course.quiz.vocabulary import (
    QuizRule,
)
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.rules import RuleSet

__all__ = [
    "BankFormatError",
    "as_call",
    "as_calls",
    "as_cards",
    "as_hand",
    "as_int",
    "as_quiz_rules",
    "as_str",
    "as_suit",
    "blame",
    "card_codes",
    "check_copies",
    "required",
]


class BankFormatError(PinochleError):
    """A bank entry (or file) that does not follow the bank format; ``field``
    names the bad field, when known, and the message quotes its value."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


@contextmanager
def blame(key: str) -> Iterator[None]:
    """Report an engine error raised inside the block as a problem with field ``key``."""
    try:
        yield
    except BankFormatError:
        raise
    except PinochleError as e:
        raise BankFormatError(str(e), key) from None


def required(data: Mapping[str, Any], key: str) -> Any:
    if key not in data:
        raise BankFormatError("is missing", key)
    return data[key]


def as_str(key: str, value: Any) -> str:
    if not isinstance(value, str):
        raise BankFormatError(f"must be text, not {value!r}", key)
    return value


def as_int(key: str, value: Any, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BankFormatError(f"must be a whole number, not {value!r}", key)
    if low is not None and value < low:
        raise BankFormatError(f"{value} is below {low}", key)
    if high is not None and value > high:
        raise BankFormatError(f"{value} is above {high}", key)
    return value


def as_cards(key: str, value: Any, rules: RuleSet) -> tuple[Card, ...]:
    if isinstance(value, str):
        text = value
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        text = " ".join(value)
    else:
        raise BankFormatError(f"must be cards as text such as 'AS 10S KS', not {value!r}", key)
    with blame(key):
        cards = tuple(parse_cards(text))
    for c in cards:
        if c.rank not in rules.ranks:
            raise BankFormatError(f"{c.text} is not in the {rules.name} deck", key)
    return cards


def as_hand(data: Mapping[str, Any], rules: RuleSet) -> tuple[Card, ...]:
    """The ``hand`` field: 1 to ``hand_size`` cards of the deck."""
    hand = as_cards("hand", required(data, "hand"), rules)
    if not 1 <= len(hand) <= rules.hand_size:
        raise BankFormatError(f"holds {len(hand)} cards; a hand has 1 to {rules.hand_size}", "hand")
    return hand


def check_copies(key: str, cards: Sequence[Card], rules: RuleSet) -> None:
    for c in set(cards):
        n = cards.count(c)
        if n > rules.copies:
            raise BankFormatError(f"{c.text} appears {n} times; the deck has {rules.copies}", key)


def as_suit(key: str, value: Any) -> Suit:
    with blame(key):
        return parse_suit(as_str(key, value))


def as_quiz_rules(value: Any) -> tuple[QuizRule, ...]:
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not items:
        raise BankFormatError(
            f"must be a list of rule cases such as ['meld.run'], not {value!r}", "rules"
        )
    with blame("rules"):
        out = [QuizRule.parse(as_str("rules", v)) for v in items]
    return tuple(dict.fromkeys(out))


def as_call(t: Any) -> int | None:
    if isinstance(t, str) and t.strip().lower() in ("pass", "p", "-"):
        return None
    if isinstance(t, str) and t.strip().isascii() and t.strip().isdigit() and len(t.strip()) <= 6:
        return int(t.strip())
    if isinstance(t, int) and not isinstance(t, bool):
        return t
    raise BankFormatError(f"{t!r} is not a call: write a bid such as 260, or pass", "calls")


def as_calls(value: Any) -> tuple[int | None, ...]:
    if isinstance(value, str):
        tokens: list[Any] = value.replace(",", " ").split()
    elif isinstance(value, list):
        tokens = list(value)
    else:
        raise BankFormatError(f"must be calls such as '250 pass 260', not {value!r}", "calls")
    return tuple(as_call(t) for t in tokens)


def card_codes(cards: Iterable[Card]) -> str:
    return " ".join(c.code for c in cards)
