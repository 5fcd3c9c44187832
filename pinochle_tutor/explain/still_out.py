"""What is still out: the trumps, the trick points in counters or the copies of one card
that a seat has not seen leave play, counted from the deck as a sum of the pieces the
seat can see (its hand, the tricks played, the trick on the table and, for a declarer
who discarded, its own discard).

A strong player counts as the hand goes: "twelve trumps, four in my hand, five played:
three are out". The count is what the seat *can know*; meld the others showed is still
in their hands until played, so it does not change the count. Three-handed, the
declarer's discard is face down: to the declarer it is out of play, to the other
players it is still out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from pinochle_tutor.cards import Card, cards_text
from pinochle_tutor.deal import make_deck
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.scoring import trick_points
from pinochle_tutor.view import PlayerView
from pinochle_tutor.words import counted, plural

__all__ = ["InvalidCountError", "OutCount", "StillOutExplanation", "count_still_out"]


class InvalidCountError(PinochleError):
    """A count of what is still out asked where it has no meaning: before trump is
    named, or of copies without the card to count."""


class OutCount(Enum):
    """What is counted."""

    TRUMPS = "trumps"
    """The trumps the seat has not seen played (how many the others still hold)."""
    COUNTERS = "counters"
    """The trick points of the counters not in the seat's hand nor played."""
    COPIES = "copies"
    """The copies of one card not in the seat's hand nor played."""


@dataclass(frozen=True)
class StillOutExplanation:
    """A count of what is still out, piece by piece, from one seat's view: every number
    is counted on the cards themselves (with :func:`~pinochle_tutor.scoring.trick_points`
    for the counters), so the sum is the deck's."""

    count: OutCount
    card: Card | None
    """The card whose copies are counted (:attr:`OutCount.COPIES`), else ``None``."""
    rules: RuleSet
    deck: int
    """In the whole deck: cards (trumps, copies) or trick points (counters)."""
    hand: tuple[Card, ...]
    """The counted cards in the seat's hand."""
    tricks: tuple[Card, ...]
    """The counted cards in the finished tricks."""
    table: tuple[Card, ...]
    """The counted cards in the trick on the table."""
    discard: tuple[Card, ...]
    """The counted cards of the seat's own discard (three-handed, the declarer)."""
    table_shown: bool
    """Whether a trick is on the table (its piece is said, even when it holds none)."""
    own_discard: bool
    """Whether the seat discarded (three-handed, the declarer): its discard is a piece."""
    discard_hidden: bool
    """Whether someone else's discard is face down to this seat (three-handed, a
    defender): its cards are still out to it."""

    def amount(self, cards: tuple[Card, ...]) -> int:
        """What ``cards`` add to the count: cards, or their trick points."""
        return trick_points(cards, self.rules) if self.count is OutCount.COUNTERS else len(cards)

    @property
    def in_hand(self) -> int:
        return self.amount(self.hand)

    @property
    def in_tricks(self) -> int:
        return self.amount(self.tricks)

    @property
    def on_table(self) -> int:
        return self.amount(self.table)

    @property
    def in_discard(self) -> int:
        return self.amount(self.discard)

    @property
    def out(self) -> int:
        """What is still out: the deck less every piece the seat can see."""
        return self.deck - self.in_hand - self.in_tricks - self.on_table - self.in_discard

    @property
    def noun(self) -> str:
        """What is counted, for one: ``'trump'``, ``'trick point'``, ``'A♠'``."""
        if self.count is OutCount.TRUMPS:
            return "trump"
        if self.count is OutCount.COUNTERS:
            return "trick point"
        assert self.card is not None
        return self.card.text

    def amount_words(self, n: int) -> str:
        """``n`` of what is counted, in words: '5 trumps', '60 trick points', '2 copies of A♠'."""
        if self.count is OutCount.COPIES:
            return f"{counted(n, 'copy', 'copies')} of {self.noun}"
        return plural(n, self.noun)

    def pieces(self) -> list[tuple[str, int, tuple[Card, ...]]]:
        """The pieces the seat can see, each ``(where, amount, cards)``: the hand and the
        tricks always, the table when a trick is on it, the discard when it is the
        seat's own."""
        out = [("in your hand", self.in_hand, self.hand),
               ("in the tricks played", self.in_tricks, self.tricks)]  # fmt: skip
        if self.table_shown:
            out.append(("on the table", self.on_table, self.table))
        if self.own_discard:
            out.append(("in your discard", self.in_discard, self.discard))
        return out

    def sum_line(self) -> str:
        """The count as a sum: ``'12 trumps in the deck: 4 in your hand, 5 in the tricks
        played, 0 on the table, so 3 are still out.'``"""
        what = "in counters " if self.count is OutCount.COUNTERS else ""
        parts = ", ".join(f"{n} {where}" for where, n, _ in self.pieces())
        verb = "is" if self.out == 1 else "are"
        line = (
            f"{self.amount_words(self.deck)} {what}in the deck: {parts}, "
            f"so {self.out} {verb} still out."
        )
        return line[:1].upper() + line[1:]

    def lines(self) -> list[str]:
        """The explanation in sentences: the sum, the cards behind each piece, and what
        does not change the count (meld shown, the last trick's bonus, a hidden discard)."""
        out = [self.sum_line()]
        seen = [f"{where}: {cards_text(cards)}" for where, _, cards in self.pieces() if cards]
        if seen:
            out.append(f"Counted {'; '.join(seen)}.")
        if self.count is OutCount.COUNTERS and self.rules.last_trick_bonus:
            bonus = plural(self.rules.last_trick_bonus, "trick point")
            out.append(f"The last trick's bonus of {bonus} is no card, so it is not counted.")
        out.append(
            "Meld the other players showed does not change the count: those cards are "
            "still in their hands until they are played."
        )
        if self.discard_hidden:
            out.append(
                "The declarer's discard is face down: you have not seen it, so its cards "
                "are still out to you."
            )
        return out

    @property
    def text(self) -> str:
        return " ".join(self.lines())

    def __str__(self) -> str:
        return self.text


def _matcher(count: OutCount, view: PlayerView, card: Card | None) -> Callable[[Card], bool]:
    rules = view.rules
    if count is OutCount.TRUMPS:
        if view.trump is None:
            raise InvalidCountError("trumps are counted once trump is named: no trump yet")
        trump = view.trump
        return lambda c: c.suit is trump
    if count is OutCount.COUNTERS:
        return lambda c: rules.counter_points[c.rank] > 0
    if card is None:
        raise InvalidCountError("copies are counted of one card: name the card")
    if card.rank not in rules.ranks:
        raise InvalidCountError(f"{card.text} is not in the deck of the {rules.words}")
    return lambda c: c == card


def count_still_out(
    view: PlayerView, count: OutCount, card: Card | None = None
) -> StillOutExplanation:
    """How much of ``count`` (of ``card``, for copies) is still out from ``view``'s seat:
    the deck's, less the seat's hand, the cards played (the finished tricks and the
    trick on the table) and its own discard (three-handed, the declarer's).

    Raises :class:`InvalidCountError` quoting what is missing."""
    rules = view.rules
    fits = _matcher(count, view, card)

    def kept(cards: tuple[Card, ...]) -> tuple[Card, ...]:
        return tuple(c for c in cards if fits(c))

    own_discard = rules.has_kitty and view.declarer is not None and view.seat == view.declarer
    deck = kept(tuple(make_deck(rules)))
    return StillOutExplanation(
        count=count,
        card=card if count is OutCount.COPIES else None,
        rules=rules,
        deck=trick_points(deck, rules) if count is OutCount.COUNTERS else len(deck),
        hand=kept(view.hand),
        tricks=kept(tuple(c for t in view.tricks for c in t.cards)),
        table=kept(view.trick),
        discard=kept(view.given) if own_discard else (),
        table_shown=bool(view.trick),
        own_discard=own_discard,
        discard_hidden=rules.has_kitty and view.declarer is not None and not own_discard,
    )
