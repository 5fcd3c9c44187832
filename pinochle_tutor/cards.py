"""Cards, suits and ranks.

A Pinochle deck holds only the 9, jack, queen, king, 10 and ace of each suit, and
every card appears twice (four times in the double-deck game). A 10 beats a king:
the order, high to low, is **A 10 K Q J 9**. Aces, 10s and kings are the
*counters*: they are worth points in the tricks that capture them.

Two copies of a card are equal values: a hand is a multiset, so ``[A♠, A♠]``
holds both aces of spades and either may be played first.

Text notation, accepted by :func:`parse_card`: a rank ``A 10 T K Q J 9`` and a
suit ``S H D C`` or ``♠ ♥ ♦ ♣`` (letters in either case), e.g. ``AS``, ``10H``,
``th``, ``A♠``, ``10♥``. ``str(card)`` gives the symbol form (``A♠``) and
``card.code`` the ASCII form (``AS``); both parse back to the same card.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import IntEnum
from operator import attrgetter
from typing import Any, ClassVar, TypeAlias, Union

from pinochle_tutor.errors import PinochleError

__all__ = [
    "CARDS_BY_INDEX",
    "Card",
    "CardLike",
    "InvalidCardError",
    "InvalidSuitError",
    "Rank",
    "Suit",
    "SuitLike",
    "all_cards",
    "parse_card",
    "parse_cards",
    "parse_rank",
    "parse_suit",
    "sort_hand",
]


class InvalidCardError(PinochleError):
    """A card written as text (or built from a suit and a rank) that is not a Pinochle
    card, e.g. ``'QX'`` or ``'2S'``; the message quotes it and says what is allowed."""


class InvalidSuitError(InvalidCardError):
    """A suit written as text (or given as a number) that is not one of the four suits."""


class Suit(IntEnum):
    """The four suits. Their order here (spades, hearts, diamonds, clubs) is only
    the order hands are shown in; no suit outranks another except trump."""

    SPADES = 0
    """Spades, ♠. The queen of spades is half of a pinochle."""
    HEARTS = 1
    """Hearts, ♥."""
    DIAMONDS = 2
    """Diamonds, ♦. The jack of diamonds is half of a pinochle."""
    CLUBS = 3
    """Clubs, ♣."""

    @property
    def letter(self) -> str:
        """``'S'``, ``'H'``, ``'D'`` or ``'C'``."""
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        """``'♠'``, ``'♥'``, ``'♦'`` or ``'♣'``."""
        return "♠♥♦♣"[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red; spades and clubs are black."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def plural(self) -> str:
        """The English name, ``'spades'``."""
        return self.name.lower()

    @property
    def singular(self) -> str:
        """``'spade'``, ``'heart'``, ... as in "a spade marriage"."""
        return self.name.lower()[:-1]

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


class Rank(IntEnum):
    """The six ranks, valued by trick-taking strength: A 10 K Q J 9, high to low."""

    NINE = 0
    """9: the lowest card. A 9 of trump is the *dix* (10 meld points in the classic game)."""
    JACK = 1
    """J: no trick value; jacks around, and the J♦ of a pinochle, are meld."""
    QUEEN = 2
    """Q: no trick value; half of every marriage."""
    KING = 3
    """K: a counter; half of every marriage."""
    TEN = 4
    """10: a counter, and it beats a king."""
    ACE = 5
    """A: a counter and the highest card."""

    @property
    def symbol(self) -> str:
        """``'9'``, ``'J'``, ``'Q'``, ``'K'``, ``'10'`` or ``'A'``."""
        return ("9", "J", "Q", "K", "10", "A")[self]

    @property
    def letter(self) -> str:
        """One character: ``'9'``, ``'J'``, ``'Q'``, ``'K'``, ``'T'`` or ``'A'``."""
        return "9JQKTA"[self]

    @property
    def noun(self) -> str:
        """``'ace'``, ``'ten'``, ``'king'``, ... ."""
        return ("nine", "jack", "queen", "king", "ten", "ace")[self]

    @property
    def plural(self) -> str:
        """More than one of the rank, as a sentence says it: ``'aces'``, ``'10s'``,
        ``'kings'``, ``'queens'``, ``'jacks'``, ``'9s'`` (the numbered ranks in figures,
        as the cards show them: "no 9s").

        >>> [r.plural for r in sorted(Rank, reverse=True)]
        ['aces', '10s', 'kings', 'queens', 'jacks', '9s']
        """
        return ("9s", "jacks", "queens", "kings", "10s", "aces")[self]

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


SuitLike: TypeAlias = Union[Suit, str]  # noqa: UP007 (a runtime alias on Python 3.10)
"""A suit, or its letter, symbol or English name (``'H'``, ``'♥'``, ``'hearts'``)."""


class Card:
    """One card: a suit and a rank. Cards are immutable and interned, so the two
    copies of a card in a deck are the same value (``==``, ``hash`` and ``is``).

    >>> Card(Suit.SPADES, Rank.QUEEN)
    Card.parse('Q♠')
    >>> str(parse_card('10h')), parse_card('10h').code
    ('10♥', '10H')
    """

    __slots__ = ("bit", "code", "index", "order", "rank", "suit", "text")

    suit: Suit
    rank: Rank
    index: int
    """``suit * 6 + rank``: 0..23, the card's position in every internal table."""
    bit: int
    """``1 << index``."""
    order: int
    """Display order: by suit (♠ ♥ ♦ ♣), highest rank first."""
    code: str
    """ASCII text, e.g. ``'10H'``."""
    text: str
    """Symbol text, e.g. ``'10♥'`` (the same as ``str(card)``)."""

    _interned: ClassVar[dict[tuple[int, int], Card]] = {}

    def __new__(cls, suit: Suit | int, rank: Rank | int) -> Card:
        try:
            return cls._interned[(suit, rank)]
        except (KeyError, TypeError):
            pass
        if not (isinstance(suit, int) and 0 <= suit < 4):
            raise InvalidSuitError(
                f"{suit!r} is not a suit: use Suit.SPADES, HEARTS, DIAMONDS or CLUBS"
            )
        if not (isinstance(rank, int) and 0 <= rank < 6):
            raise InvalidCardError(f"{rank!r} is not a rank: ranks are A 10 K Q J 9")
        s, r = Suit(suit), Rank(rank)
        card = object.__new__(cls)
        object.__setattr__(card, "suit", s)
        object.__setattr__(card, "rank", r)
        object.__setattr__(card, "index", s * 6 + r)
        object.__setattr__(card, "bit", 1 << (s * 6 + r))
        object.__setattr__(card, "order", s * 6 + 5 - r)
        object.__setattr__(card, "code", r.symbol + s.letter)
        object.__setattr__(card, "text", r.symbol + s.symbol)
        cls._interned[(s, r)] = card
        return card

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Suit, Rank]]:
        return (Card, (self.suit, self.rank))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: Any) -> Card:
        return self

    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card.parse({self.text!r})"

    @property
    def name(self) -> str:
        """English name, e.g. ``'ten of hearts'``."""
        return f"{self.rank.noun} of {self.suit.plural}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Same as :func:`parse_card`."""
        return parse_card(text)

    def _repr_html_(self) -> str:
        """The card as an inline SVG image (see :mod:`pinochle_tutor.svg`)."""
        from pinochle_tutor import svg  # lazy: only notebooks draw cards

        return str(svg.card(self, size=48))

    def _repr_svg_(self) -> str:
        """The card as an SVG image (see :mod:`pinochle_tutor.svg`)."""
        from pinochle_tutor import svg  # lazy: only notebooks draw cards

        return str(svg.card(self))


CardLike: TypeAlias = Union[Card, str]  # noqa: UP007 (a runtime alias on Python 3.10)
"""A card, or its text (``'AS'``, ``'10♥'``)."""

CARDS_BY_INDEX: tuple[Card, ...] = tuple(Card(Suit(i // 6), Rank(i % 6)) for i in range(24))
"""The 24 interned cards in index order: ``CARDS_BY_INDEX[card.index] is card``, i.e.
``CARDS_BY_INDEX[suit * 6 + rank]``. The engine's internal tables (counts per index,
bit masks) turn back into cards through it."""

_SUIT_WORDS: dict[str, Suit] = {}
for _s in Suit:
    for _w in (_s.letter, _s.symbol, _s.plural, _s.singular, _s.name):
        _SUIT_WORDS[_w.lower()] = _s
_SUIT_WORDS.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})
_RANK_WORDS: dict[str, Rank] = {
    "a": Rank.ACE, "10": Rank.TEN, "t": Rank.TEN, "k": Rank.KING,
    "q": Rank.QUEEN, "j": Rank.JACK, "9": Rank.NINE,
}  # fmt: skip
_CARD_RE = re.compile(r"^(10|[atkqj9])([shdc♠♥♦♣♤♡♢♧])$")
_CARD_CACHE: dict[str, Card] = {}
for _c in CARDS_BY_INDEX:
    for _t in (_c.code, _c.text, _c.code.lower(), _c.rank.letter + _c.suit.letter):
        _CARD_CACHE[_t] = _c
        _CARD_CACHE[_t.lower()] = _c


def parse_suit(suit: SuitLike) -> Suit:
    """Read a suit: a :class:`Suit`, a letter (``'H'``), a symbol (``'♥'``) or a name
    (``'hearts'``, ``'heart'``), in any case.

    Raises :class:`InvalidSuitError` quoting the input otherwise."""
    if type(suit) is Suit:
        return suit
    if isinstance(suit, str):
        found = _SUIT_WORDS.get(suit.strip().lower())
        if found is not None:
            return found
    raise InvalidSuitError(
        f"{suit!r} is not a suit: suits are S, H, D, C (or ♠ ♥ ♦ ♣, or spades, hearts, ...)"
    )


def parse_rank(text: str) -> Rank:
    """Read a rank symbol: ``'A'``, ``'10'`` (or ``'T'``), ``'K'``, ``'Q'``, ``'J'`` or
    ``'9'``, in either case.

    Raises :class:`InvalidCardError` quoting the input otherwise.

    >>> parse_rank("t") is Rank.TEN
    True
    """
    found = _RANK_WORDS.get(text.strip().lower()) if isinstance(text, str) else None
    if found is None:
        raise InvalidCardError(f"{text!r} is not a rank: ranks are A 10 K Q J 9 (T also means 10)")
    return found


def parse_card(text: CardLike) -> Card:
    """Read one card such as ``'AS'``, ``'10H'``, ``'TH'``, ``'A♠'`` or ``'10♥'``
    (letters in either case). A :class:`Card` is returned unchanged.

    Raises :class:`InvalidCardError` naming the token and what is allowed."""
    if type(text) is Card:
        return text
    if not isinstance(text, str):
        raise InvalidCardError(
            f"{text!r} is not a card: write a card as text such as 'AS' or '10♥'"
        )
    found = _CARD_CACHE.get(text)
    if found is not None:
        return found
    token = text.strip().lower()
    m = _CARD_RE.match(token)
    if m is None:
        raise InvalidCardError(_explain_bad_card(text))
    return Card(_SUIT_WORDS[m.group(2)], _RANK_WORDS[m.group(1)])


def _explain_bad_card(text: str) -> str:
    token = text.strip()
    if not token:
        return "'' is not a card: write a rank (A 10 K Q J 9) then a suit (S H D C), e.g. 'AS'"
    low = token.lower()
    rank_part = low[:2] if low.startswith("10") else low[:1]
    suit_part = low[len(rank_part) :]
    if rank_part not in _RANK_WORDS:
        return (
            f"{text!r} is not a card: {token[: len(rank_part) or 1]!r} is not a rank; "
            "ranks are A 10 K Q J 9 (T also means 10); Pinochle has no 2-8"
        )
    return (
        f"{text!r} is not a card: {token[len(rank_part) :]!r} is not a suit; "
        "suits are S, H, D, C (or ♠ ♥ ♦ ♣)"
        if suit_part
        else f"{text!r} is not a card: it needs a suit after the rank (S, H, D, C or ♠ ♥ ♦ ♣)"
    )


_SPLIT_RE = re.compile(r"[\s,;]+")


def parse_cards(text: str | Iterable[CardLike]) -> list[Card]:
    """Read several cards separated by spaces or commas: ``'AS 10S, KS'``.
    A sequence of cards or card texts is also accepted. The order is kept and
    duplicates are kept (a hand may hold both copies of a card)."""
    if isinstance(text, str):
        tokens: Iterable[CardLike] = [t for t in _SPLIT_RE.split(text.strip()) if t]
    else:
        tokens = text
    return [parse_card(t) for t in tokens]


def all_cards() -> tuple[Card, ...]:
    """The 24 distinct cards, in index order (suit, then rank from 9 up to A)."""
    return CARDS_BY_INDEX


_ORDER = attrgetter("order")


def sort_hand(hand: Iterable[Card]) -> list[Card]:
    """A hand in display order: by suit (♠ ♥ ♦ ♣), highest rank first."""
    return sorted(hand, key=_ORDER)


def cards_text(cards: Iterable[Card], sep: str = " ") -> str:
    """``'A♠ 10♠ K♠'``: cards joined as text (parseable by :func:`parse_cards`)."""
    return sep.join(c.text for c in cards)
