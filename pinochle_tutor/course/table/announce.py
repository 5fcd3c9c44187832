"""What a screen reader hears at the game table: the session's log lines since the
learner's last action, in words, and what happens next.

The table's status region (a polite ``aria-live`` region) is set to
:func:`announcement` after every learner action, so one update reads the whole batch:
the cards the computer players put down (who played what), who won each trick and
with what (and its points), the meld shown, the score at the end of a hand, and whose
turn it is. Every word comes from the session's :class:`~pinochle_tutor.course.table.narration.Event`
lines (seat names, cards, points as the engine logged them); only the cards are said
as their names (``'king of spades'``, not ``'K♠'``, which a screen reader reads as
"K black spade suit").

>>> spoken("Left plays K♠.")
'Left plays king of spades.'
>>> spoken("You pass A♠ 10♥ Q♥ J♦ to Partner.")
'You pass ace of spades, ten of hearts, queen of hearts, jack of diamonds to Partner.'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pinochle_tutor.cards import Card, Rank, Suit
from pinochle_tutor.course.table.narration import Event, EventKind
from pinochle_tutor.course.table.session import GameSession
from pinochle_tutor.view import Phase

__all__ = ["OWN_ACTS", "announcement", "spoken"]

_CARD = "(?:{ranks})[{suits}]".format(
    ranks="|".join(re.escape(r.symbol) for r in sorted(Rank, key=lambda r: -len(r.symbol))),
    suits="".join(s.symbol for s in Suit),
)
_RUN = re.compile(rf"(?<![\w]){_CARD}(?: {_CARD})*")
_ONE = re.compile(_CARD)
_BY_TEXT = {Card(s, r).text: Card(s, r) for s in Suit for r in Rank}

OWN_ACTS = frozenset(
    {
        EventKind.BID,
        EventKind.PASS,
        EventKind.TRUMP,
        EventKind.EXCHANGE,
        EventKind.DISCARD,
        EventKind.PLAY,
        EventKind.COUNT,
        EventKind.CONCEDE,
        EventKind.UNDO,
    }
)
"""The learner's own acts: not repeated (the table's message already answers them)."""


def spoken(text: str) -> str:
    """``text`` with every card said as its name; a row of cards is a list."""

    def names(m: re.Match[str]) -> str:
        return ", ".join(_BY_TEXT[t].name for t in _ONE.findall(m.group(0)))

    return _RUN.sub(names, text)


def announcement(session: GameSession, events: Sequence[Event]) -> str:
    """What the status region says after a learner action: ``events`` (the session's
    log lines since the previous announcement) in words, minus the learner's own acts
    and refusals, then what happens next (``'Your turn: play a card.'``)."""
    me = session.human_seat
    said = [
        spoken(e.text)
        for e in events
        if e.kind is not EventKind.ILLEGAL and not (e.seat == me and e.kind in OWN_ACTS)
    ]
    if not session.is_over:
        task = session.task()
        if session.is_my_turn:
            v = session.view
            if v.phase is Phase.AUCTION:
                task = f"bid at least {v.min_bid}, or pass."
            said.append(f"Your turn: {task[0].lower()}{task[1:]}")
        else:
            said.append(task)
    return " ".join(said)
