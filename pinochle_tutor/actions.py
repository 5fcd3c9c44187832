"""What a seat does in a hand, as a value: a bid or a pass, naming trump, giving cards,
conceding, playing a card.

Each kind of action is a small frozen value that round-trips through text like
:class:`~pinochle_tutor.cards.Card` (``Action.parse(str(a)) == a``), so a hand's history
can be written down, read back and replayed with
:meth:`Hand.apply <pinochle_tutor.game.Hand.apply>`:

>>> Action.parse("bid 250"), Action.parse("pass"), Action.parse("trump H")
(Action.parse('bid 250'), Action.parse('pass'), Action.parse('trump ♥'))
>>> str(Action.parse("give 9s jd AH 10c")), str(Action.parse("play AS"))
('give 9♠ J♦ A♥ 10♣', 'play A♠')

Cards and suits are read as :func:`~pinochle_tutor.cards.parse_card` and
:func:`~pinochle_tutor.cards.parse_suit` read them (``'AS'`` or ``'A♠'``, ``'H'`` or
``'♥'`` or ``'hearts'``); the text of an action always shows the symbols.
"""

from __future__ import annotations

from dataclasses import dataclass

from pinochle_tutor.cards import Card, InvalidCardError, Suit, parse_card, parse_cards, parse_suit
from pinochle_tutor.errors import PinochleError

__all__ = ["Action", "Bid", "Concede", "Give", "InvalidActionError", "NameTrump", "Play"]


class InvalidActionError(PinochleError):
    """Text that is not an action, e.g. ``'bid lots'`` or ``'play QX'``; the message quotes
    it and says how actions are written."""


_FORMS = "'bid 250', 'pass', 'trump ♥', 'give 9♠ J♦ ...', 'concede' or 'play A♥'"


class Action:
    """One decision of the seat to act (the base of :class:`Bid`, :class:`NameTrump`,
    :class:`Give`, :class:`Concede` and :class:`Play`)."""

    __slots__ = ()

    @property
    def text(self) -> str:
        """The action as text: ``'bid 250'``, ``'play A♥'``."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action.parse({self.text!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action written as :attr:`text` writes it (cards and suits also in
        ASCII, words in any case). Raises :class:`InvalidActionError` quoting ``text``."""
        return parse_action(text)


@dataclass(frozen=True, repr=False)
class Bid(Action):
    """A call in the auction: a bid of ``amount``, or a pass (``amount`` is ``None``)."""

    amount: int | None

    @property
    def text(self) -> str:
        return "pass" if self.amount is None else f"bid {self.amount}"


@dataclass(frozen=True, repr=False)
class NameTrump(Action):
    """The declarer names ``suit`` trump."""

    suit: Suit

    @property
    def text(self) -> str:
        return f"trump {self.suit.symbol}"


@dataclass(frozen=True, repr=False)
class Give(Action):
    """Cards given in the exchange, as the phase calls it: the partner's pass to the
    declarer, the declarer's return to the partner, or (three-handed) the declarer's
    discard after taking the kitty."""

    cards: tuple[Card, ...]

    @property
    def text(self) -> str:
        return " ".join(["give", *(c.text for c in self.cards)])


@dataclass(frozen=True, repr=False)
class Concede(Action):
    """The declarer concedes the hand before the first card is played."""

    @property
    def text(self) -> str:
        return "concede"


@dataclass(frozen=True, repr=False)
class Play(Action):
    """A card played to the trick."""

    card: Card

    @property
    def text(self) -> str:
        return f"play {self.card.text}"


def parse_action(text: str) -> Action:
    """Read one action (see :meth:`Action.parse`)."""
    if not isinstance(text, str):
        raise InvalidActionError(f"{text!r} is not an action: write one as text, such as {_FORMS}")
    word, _, rest = text.strip().partition(" ")
    word, rest = word.lower(), rest.strip()
    try:
        if word == "pass" and not rest:
            return Bid(None)
        if word == "bid" and rest.isascii() and rest.isdigit():
            return Bid(int(rest))
        if word == "trump" and rest:
            return NameTrump(parse_suit(rest))
        if word == "give":
            return Give(tuple(parse_cards(rest)))
        if word == "concede" and not rest:
            return Concede()
        if word == "play" and rest:
            return Play(parse_card(rest))
    except InvalidCardError as e:
        raise InvalidActionError(f"{text!r} is not an action: {e}") from e
    raise InvalidActionError(f"{text!r} is not an action: write {_FORMS}")
