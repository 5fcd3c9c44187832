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

__all__ = [
    "IllegalAttempt",
    "Phase",
    "PlayerView",
    "TrickRecord",
    "seat_does",
    "seat_name",
    "seat_whose",
    "seat_words",
]


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


def seat_words(seat: int, me: int | None, rules: RuleSet) -> str:
    """Who sits at ``seat`` seen from ``me``, as a sentence says it: ``'you'``,
    ``'your partner'``, ``'the left opponent'``, ``'the right opponent'`` (the names of
    :func:`seat_name`, the one set of seat names the course uses); ``me`` ``None``
    (nobody's view, as the engine's sentences are): ``'seat 2'``.

    >>> from pinochle_tutor.rules import CLASSIC
    >>> [seat_words(s, 0, CLASSIC) for s in range(4)]
    ['you', 'the left opponent', 'your partner', 'the right opponent']
    >>> seat_words(2, None, CLASSIC)
    'seat 2'
    """
    if me is None:
        return f"seat {seat}"
    name = seat_name(seat, me, rules)
    return {"You": "you", "Partner": "your partner"}.get(name, "the " + name.lower())


def seat_does(
    seat: int, me: int | None, rules: RuleSet, verb: str = "", *, start: bool = False
) -> str:
    """A sentence's subject, ``seat`` seen from ``me`` (:func:`seat_words`), with ``verb``
    agreeing: ``'you deal'``, ``'the left opponent deals'``, ``'your partner passes'``;
    ``start``: capitalised, to begin a sentence. Without a verb, the subject alone.
    ``verb`` is given as it goes with "you" (``'have passed'``, ``'are'``); a verb
    that does not change (``'may'``, ``'won'``) belongs after the subject alone.

    >>> from pinochle_tutor.rules import CLASSIC
    >>> seat_does(1, 0, CLASSIC, "lead"), seat_does(0, 0, CLASSIC, "have the bid", start=True)
    ('the left opponent leads', 'You have the bid')
    >>> seat_does(2, None, CLASSIC, "have passed", start=True)
    'Seat 2 has passed'
    """
    who = seat_words(seat, me, rules)
    if verb and who != "you":
        head, _, rest = verb.partition(" ")
        head = {"are": "is", "have": "has", "pass": "passes"}.get(head, head + "s")
        verb = f"{head} {rest}".rstrip()
    text = f"{who} {verb}" if verb else who
    return text[:1].upper() + text[1:] if start else text


def seat_whose(
    seat: int, me: int | None, rules: RuleSet, *, alone: bool = False, start: bool = False
) -> str:
    """Whose, for ``seat`` seen from ``me`` (:func:`seat_words`): ``'your'``,
    ``"your partner's"``, ``"the left opponent's"`` (``me`` ``None``: ``"seat 2's"``);
    ``alone``: standing for the thing owned (``'yours'``: "not yours"); ``start``:
    capitalised. The one way a sentence says a seat's turn, bid or cards, so the
    learner's own is never "you's".

    >>> from pinochle_tutor.rules import CLASSIC
    >>> [seat_whose(s, 0, CLASSIC) for s in range(4)]
    ['your', "the left opponent's", "your partner's", "the right opponent's"]
    >>> seat_whose(0, 0, CLASSIC, start=True), seat_whose(0, 0, CLASSIC, alone=True)
    ('Your', 'yours')
    >>> seat_whose(3, None, CLASSIC, alone=True)
    "seat 3's"
    """
    who = seat_words(seat, me, rules)
    text = ("yours" if alone else "your") if who == "you" else f"{who}'s"
    return text[:1].upper() + text[1:] if start else text


def seat_name(seat: int, me: int, rules: RuleSet, *, short: bool = False) -> str:
    """Who sits at ``seat``, seen from seat ``me``: ``'You'``, ``'Left opponent'``,
    ``'Partner'`` or ``'Right opponent'`` (``short``: ``'Left'``, ``'Partner'``,
    ``'Right'``). Play goes clockwise, so the player on your left plays after you and
    the one on your right just before you; your partner sits opposite.

    >>> from pinochle_tutor.rules import CLASSIC, THREE_HANDED
    >>> [seat_name(s, 0, CLASSIC) for s in range(4)]
    ['You', 'Left opponent', 'Partner', 'Right opponent']
    >>> [seat_name(s, 1, THREE_HANDED, short=True) for s in range(3)]
    ['Right', 'You', 'Left']
    """
    n = rules.players
    rel = (seat - me) % n
    if rel == 0:
        return "You"
    if rel == 1:
        return "Left" if short else "Left opponent"
    if rel == n - 1:
        return "Right" if short else "Right opponent"
    if rel == 2 and n == 4:
        if rules.partnerships:
            return "Partner"
        return "Opposite" if short else "Opposite player"
    return f"Seat {seat}"
