"""What a seat sees: the phase of a hand, the record of a finished trick, a refused
card, and :class:`PlayerView`, everything one seat may know at a decision.

The hand (:mod:`pinochle_tutor.game`) builds these views and the players
(:mod:`pinochle_tutor.players`, :mod:`pinochle_tutor.bots`) read them, so both import
this module and neither imports the other's internals.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from pinochle_tutor.cards import Card, Suit
from pinochle_tutor.meld import MeldReport
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.tricks import PlayVerdict
from pinochle_tutor.words import seat_does, seat_name, seat_whose, seat_words

__all__ = [
    "IllegalAttempt",
    "Phase",
    "PlayerView",
    "Role",
    "TrickRecord",
    "seat_does",
    "seat_name",
    "seat_whose",
    "seat_words",
]
"""The seat functions are :mod:`pinochle_tutor.words`', named here too: the view is where
the players and the table look for who sits where."""


class Role(Enum):
    """Which side a seat is on once the auction is won."""

    DECLARER = "declarer"
    """The seat's side won the auction (the declarer, or the declarer's partner): the
    tricks must bring what the side's meld leaves of the bid."""
    DEFENDER = "defender"
    """An opponent won the auction: the seat's side sets the contract by taking enough."""

    @staticmethod
    def of(rules: RuleSet, seat: int, declarer: int | None) -> Role | None:
        """The side ``seat`` is on when ``declarer`` won the auction; ``None`` before."""
        if declarer is None:
            return None
        return Role.DECLARER if rules.side(seat) == rules.side(declarer) else Role.DEFENDER


class Phase(Enum):
    """Where a hand stands."""

    AUCTION = "auction"
    """Players bid or pass in turn."""
    TRUMP = "trump"
    """The declarer names trump (three-handed: after taking the kitty)."""
    PASS = "pass"
    """The declarer's partner passes cards to the declarer."""
    RETURN = "return"
    """The declarer returns as many cards to the partner."""
    DISCARD = "discard"
    """Three-handed: the declarer, holding the kitty, discards as many cards."""
    PLAY = "play"
    """Trick play (meld has been shown). The declarer may still concede before the first card."""
    DONE = "done"
    """The hand is scored."""


@dataclass(frozen=True)
class TrickRecord:
    """One completed trick."""

    leader: int
    cards: tuple[Card, ...]
    """In play order, the led card first."""
    seats: tuple[int, ...]
    """Who played each card."""
    winner: int
    """The seat that won it."""
    points: int
    """Trick points it held, with the last-trick bonus where it applies."""

    @property
    def winning_card(self) -> Card:
        """The card that won."""
        return self.cards[self.seats.index(self.winner)]


@dataclass(frozen=True)
class IllegalAttempt:
    """A card the rules refused: who tried it, when, and why."""

    trick: int
    """The number of the trick (0 for the first)."""
    seat: int
    verdict: PlayVerdict
    hand: tuple[Card, ...]
    """The player's hand at that moment."""
    played: tuple[Card, ...]
    """The trick so far, led card first."""


@dataclass(frozen=True)
class PlayerView:
    """What one seat may know at a decision: its own hand and everything shown to
    the table, never another player's hidden cards."""

    seat: int
    phase: Phase
    rules: RuleSet
    dealer: int
    hand: tuple[Card, ...]
    auction: tuple[tuple[int, int | None], ...]
    high_bid: int | None
    min_bid: int
    declarer: int | None
    contract: int | None
    trump: Suit | None
    melds: tuple[MeldReport, ...] | None
    """Every seat's meld, once shown: each report holds only the cards laid down
    (:meth:`~pinochle_tutor.meld.MeldReport.shown`), never the rest of a hand."""
    tricks: tuple[TrickRecord, ...]
    trick: tuple[Card, ...]
    """The current trick so far, led card first."""
    trick_seats: tuple[int, ...]
    legal: tuple[Card, ...]
    """Cards that may be played now (play phase)."""
    received: tuple[Card, ...] = ()
    """Cards this seat received in the exchange (the declarer) or the kitty it took."""
    given: tuple[Card, ...] = ()
    """Cards this seat gave away in the exchange or discarded."""
    kitty: tuple[Card, ...] = ()
    """Three-handed: the kitty, shown to all once the auction is won."""

    @property
    def partner(self) -> int | None:
        """This seat's partner, if any."""
        return self.rules.partner(self.seat)

    @property
    def role(self) -> Role | None:
        """The side this seat is on (:class:`Role`); ``None`` before the auction is won."""
        return Role.of(self.rules, self.seat, self.declarer)
