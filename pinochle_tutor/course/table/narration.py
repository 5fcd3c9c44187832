"""What the game table says, as data: the log lines (:class:`Event`) and the score-sheet
rows, in the learner's words (``'You'``, ``'Left'``, ``'Us'``, ``'Them'``).

A :class:`Narrator` turns what just happened into lines, reading only the learner's
:class:`~pinochle_tutor.view.PlayerView`: the other seats' hidden cards (and the cards
passed between other players) never reach a line. The session
(:mod:`~pinochle_tutor.course.table.session`) keeps the lines and the rows; the widget
renders them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from pinochle_tutor.cards import Card
from pinochle_tutor.game import Hand
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.view import Phase, PlayerView, seat_name

__all__ = ["Event", "EventKind", "Narrator"]


class EventKind(Enum):
    """What one line of the session's log reports."""

    DEAL = "deal"
    """A new hand is dealt."""
    BID = "bid"
    """A seat bids."""
    PASS = "pass"
    """A seat passes in the auction."""
    CONTRACT = "contract"
    """The auction is over: the declarer and the contract."""
    KITTY = "kitty"
    """Three-handed: the kitty is turned face up for the declarer."""
    DISCARD = "discard"
    """Three-handed: the declarer discards."""
    TRUMP = "trump"
    """The declarer names trump."""
    EXCHANGE = "exchange"
    """Cards passed to the declarer or returned (shown only to the two players)."""
    MELD = "meld"
    """One seat's meld, shown to the table."""
    COUNT = "count"
    """The learner counted their own meld (a table with ``count_meld``)."""
    CONCEDE = "concede"
    """The declarer concedes before trick play."""
    PLAY = "play"
    """A card played to a trick."""
    TRICK = "trick"
    """A trick is complete: its winner and points."""
    ILLEGAL = "illegal"
    """The learner tried something the rules refuse."""
    UNDO = "undo"
    """The learner took back a decision (practice mode)."""
    SCORE = "score"
    """The hand is scored."""
    GAME_OVER = "game over"
    """A side has reached the target."""


@dataclass(frozen=True)
class Event:
    """One line of the session's log, as the learner may see it."""

    kind: EventKind
    hand_number: int
    """1 for the first hand of the game."""
    seat: int | None
    """The seat that acted (``None`` for the table)."""
    text: str
    cards: tuple[Card, ...] = ()
    """The cards the line shows (only cards the learner may see)."""

    def __str__(self) -> str:
        return self.text


class Narrator:
    """The table's words for the learner at ``human_seat``: each method returns the
    lines (or the row) for one moment of hand ``hand_number``."""

    def __init__(self, rules: RuleSet, human_seat: int) -> None:
        self.rules = rules
        self.human_seat = human_seat

    # ------------------------------------------------------------------ names
    def seat_name(self, seat: int) -> str:
        """``'You'``, ``'Left opponent'``, ``'Partner'`` or ``'Right opponent'`` (relative
        to the learner: the seat names the whole course uses)."""
        return seat_name(seat, self.human_seat, self.rules)

    def side_name(self, side: int) -> str:
        """``'Us'`` / ``'Them'`` in partnerships, the seat's name otherwise."""
        r = self.rules
        if r.partnerships:
            return "Us" if side == r.side(self.human_seat) else "Them"
        return self.seat_name(side)

    def side_subject(self, side: int) -> str:
        """A side as a sentence's subject: ``'Your side'`` / ``'The other side'`` in
        partnerships, the seat's name otherwise (the score sheet's columns keep
        :meth:`side_name`)."""
        r = self.rules
        if r.partnerships:
            return "Your side" if side == r.side(self.human_seat) else "The other side"
        return self.seat_name(side)

    def _verb(self, seat: int, you: str, other: str) -> str:
        return f"{self.seat_name(seat)} {you if seat == self.human_seat else other}"

    # ------------------------------------------------------------------ lines
    def deal(self, n: int, dealer: int) -> list[Event]:
        """A new hand, number ``n``, dealt by ``dealer``."""
        return [
            Event(EventKind.DEAL, n, dealer, f"Hand {n}: {self._verb(dealer, 'deal', 'deals')}.")
        ]

    def action(self, n: int, seat: int, phase: Phase, v: PlayerView, stuck: bool) -> list[Event]:
        """What ``seat`` just did in ``phase``, as the learner's view ``v`` (taken just
        after) shows it; ``stuck``: the auction, if over, left the dealer stuck with it."""
        me = self.human_seat
        out: list[Event] = []

        def say(kind: EventKind, who: int | None, text: str, cards: tuple[Card, ...] = ()) -> None:
            out.append(Event(kind, n, who, text, tuple(cards)))

        if phase is Phase.AUCTION:
            _, amount = v.auction[-1]
            if amount is None:
                say(EventKind.PASS, seat, self._verb(seat, "pass.", "passes."))
            else:
                say(EventKind.BID, seat, self._verb(seat, f"bid {amount}.", f"bids {amount}."))
            if v.declarer is not None:
                if stuck:
                    how = self._verb(v.declarer, "are stuck", "is stuck") + " with the contract at"
                else:
                    how = self._verb(v.declarer, "won", "wins") + " the auction at"
                say(EventKind.CONTRACT, v.declarer, f"{how} {v.contract}.")
                if v.kitty:
                    names = " ".join(c.text for c in v.kitty)
                    say(EventKind.KITTY, v.declarer, f"The kitty: {names}.", v.kitty)
        elif phase is Phase.DISCARD:
            if seat == me:
                names = " ".join(c.text for c in v.given)
                say(EventKind.DISCARD, seat, f"You discard {names}.", v.given)
            else:
                k = self.rules.kitty_size
                say(
                    EventKind.DISCARD, seat, f"{self.seat_name(seat)} discards {k} cards face down."
                )
        elif phase is Phase.TRUMP:
            assert v.trump is not None
            say(
                EventKind.TRUMP,
                seat,
                self._verb(seat, "name", "names") + f" {v.trump.plural} ({v.trump.symbol}) trump.",
            )
        elif phase in (Phase.PASS, Phase.RETURN):
            out.append(self._exchange(n, seat, phase, v))
        elif phase is Phase.PLAY:
            if v.phase is Phase.DONE and not v.tricks and not v.trick:
                say(EventKind.CONCEDE, seat, self._verb(seat, "concede", "concedes") + " the hand.")
            else:
                out.extend(self._play(n, seat, v))
        return out

    def melds(self, n: int, v: PlayerView) -> list[Event]:
        """Every seat's meld, as shown to the table."""
        assert v.melds is not None
        out = []
        for s, report in enumerate(v.melds):
            lines = "; ".join(f"{i.name} {i.points}" for i in report.items) or "no meld"
            out.append(
                Event(
                    EventKind.MELD,
                    n,
                    s,
                    self._verb(s, "meld", "melds") + f" {report.total}: {lines}.",
                    tuple(report.hand),
                )
            )
        return out

    def _exchange(self, n: int, seat: int, phase: Phase, v: PlayerView) -> Event:
        k = self.rules.exchange_size
        me = self.human_seat
        if phase is Phase.PASS:
            receiver = v.declarer
            verb = self._verb(seat, "pass", "passes")
        else:
            receiver = self.rules.partner(seat)
            verb = self._verb(seat, "return", "returns")
        assert receiver is not None
        if seat == me:
            cards = v.given
        elif receiver == me:
            cards = v.received
        else:
            cards = ()
        to = "you" if receiver == me else self.seat_name(receiver)
        shown = " ".join(c.text for c in cards) if cards else f"{k} cards face down"
        return Event(EventKind.EXCHANGE, n, seat, f"{verb} {shown} to {to}.", tuple(cards))

    def _play(self, n: int, seat: int, v: PlayerView) -> list[Event]:
        card = v.trick[-1] if v.trick else v.tricks[-1].cards[-1]
        played = Event(
            EventKind.PLAY, n, seat, self._verb(seat, "play", "plays") + f" {card.text}.", (card,)
        )
        if v.trick:
            return [played]
        t = v.tricks[-1]
        pts = f"{t.points} point{'s' if t.points != 1 else ''}"
        won = Event(
            EventKind.TRICK,
            n,
            t.winner,
            f"{self.seat_name(t.winner)} {'win' if t.winner == self.human_seat else 'wins'} "
            f"trick {len(v.tricks)} with {t.winning_card.text} ({pts}).",
            t.cards,
        )
        return [played, won]

    # ------------------------------------------------------------ the score sheet
    def score_row(self, n: int, h: Hand, scores: list[int]) -> dict[str, Any]:
        """The score sheet's row for the finished hand ``h`` (number ``n``), the
        running ``scores`` already counting it: keyed by the sheet's column labels."""
        r = self.rules
        assert h.declarer is not None and h.contract is not None
        changes = h.score_changes
        row: dict[str, Any] = {
            "Hand": n,
            "Dealer": self.seat_name(h.dealer),
            "Bidder": self.seat_name(h.declarer),
            "Contract": h.contract,
            "Trump": h.trump.symbol if h.trump is not None else "",
            "Result": "conceded" if h.conceded else ("made" if h.made else "set"),
        }
        meld = h.side_meld
        for side in range(r.sides):
            name = self.side_name(side)
            row[f"Meld {name}"] = meld[side]
            row[f"Tricks {name}"] = h.side_points[side] if not h.conceded else 0
            row[f"Change {name}"] = changes[side]
            row[f"Total {name}"] = scores[side]
        return row

    def score(self, n: int, h: Hand, scores: list[int]) -> Event:
        """The line that scores the finished hand ``h``."""
        assert h.declarer is not None
        changes = h.score_changes
        summary = ", ".join(
            f"{self.side_name(s)} {c:+d} (total {scores[s]})" for s, c in enumerate(changes)
        )
        return Event(
            EventKind.SCORE,
            n,
            h.declarer,
            f"Hand {n}: {self.contract_result(h)} {summary}.",
        )

    def contract_result(self, h: Hand) -> str:
        """How the finished hand's contract ended, in a sentence: ``'Your side bid 250
        and made it.'``, ``'The other side bid 300 and went set.'``, three-handed ``'Left
        opponent bid 250 and conceded.'``."""
        assert h.declarer is not None
        bidders = self.side_subject(self.rules.side(h.declarer))
        result = "conceded" if h.conceded else ("made it" if h.made else "went set")
        return f"{bidders} bid {h.contract} and {result}."

    def game_over(self, n: int, winner: int | None, max_hands: int) -> Event:
        """The last line of a game: the side that won (``'Your side won the game.'``,
        three-handed ``'Left opponent won the game.'``), or none after ``max_hands``."""
        text = (
            f"{self.side_subject(winner)} won the game."
            if winner is not None
            else f"No winner after {max_hands} hands."
        )
        return Event(EventKind.GAME_OVER, n, None, f"Game over: {text}")
