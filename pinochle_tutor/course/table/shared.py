"""A game at a classmates' table, seen from one learner's seat.

:class:`SharedSession` is the :class:`~pinochle_tutor.course.table.session.GameSession`
of one learner at a table that several learners share: the same deals (the table's
seed), the same log, hints, review and score sheet from that learner's seat, but the
other seats' actions come from the table's moves in the class database
(:class:`~pinochle_tutor.classroom.tables.TableStore`) instead of computer players in
this page. The learner's own action is checked by the engine first, then written as
the table's next move: only then is it applied here, so every page at the table
applies the same moves in the same order. :meth:`SharedSession.sync` reads the moves
added since, applies them, and plays a computer's move when the seat to act is empty
(or its learner has been away longer than the table's wait): the page of the learner
present at the lowest seat does it at once, the others only if it has not appeared
after a pause, and the database keeps the first of two such moves.

The session holds every seat's cards (the engine needs them to replay the moves);
everything it shows is built from :meth:`Hand.view <pinochle_tutor.game.Hand.view>`
of the learner's own seat, as at the game table against computer players.
"""

from __future__ import annotations

import logging
import random
import time
from typing import Any

from pinochle_tutor.actions import Action, parse_action
from pinochle_tutor.bots.levels import make_player
from pinochle_tutor.classroom.progress import Progress
from pinochle_tutor.classroom.tables import (
    SharedTable,
    TableMove,
    TableStartedError,
    TableState,
    TableStore,
)
from pinochle_tutor.coach import Hint
from pinochle_tutor.course.table.session import GameSession, hand_item_id
from pinochle_tutor.errors import IllegalActionError, PinochleError
from pinochle_tutor.game import OutOfTurnError
from pinochle_tutor.rules import RuleSet, rule_set_words
from pinochle_tutor.view import Phase
from pinochle_tutor.words import seat_label

__all__ = [
    "HEARTBEAT",
    "PRESENT_WITHIN",
    "RELAY_PAUSE",
    "IllegalTableMoveError",
    "SharedSession",
    "TableMovedOnError",
    "TableOutOfStepError",
]

HEARTBEAT = 3.0
"""Seconds between a page's notes that it is still at the table."""
PRESENT_WITHIN = 12.0
"""A learner seen within this many seconds counts as present (for who plays the
computer's moves; being away long enough for a computer to act for them is the
table's own ``away_wait``)."""
RELAY_PAUSE = 1.5
"""Seconds each page further down the order of present learners waits for a
computer's move to appear before it plays that move itself."""

MOVED_ON = (
    "The table moved on before your choice arrived (a computer player may have played for "
    "you while you were away, or your other page did): look at the table and choose again "
    "when it is your turn."
)

_LOG = logging.getLogger(__name__)


class TableOutOfStepError(PinochleError):
    """A table's moves that do not fit this page's game (a move of a seat that is not
    to act): never met while every page applies the same moves in order."""


class IllegalTableMoveError(IllegalActionError):
    """An action the engine refuses, offered as the learner's move at a shared table
    (the session's own checks refuse it first, with the tutor's reason)."""


class TableMovedOnError(OutOfTurnError):
    """The learner's action came after the table had moved on (a computer played for
    them while they were away, or their other page acted first)."""


class SharedSession(GameSession):
    """One learner's seat at a classmates' table (see the module's text). ``rules``
    must be the table's rule set (the site's); ``now`` is the clock (for tests)."""

    def __init__(
        self,
        tables: TableStore,
        table: SharedTable,
        learner: str,
        rules: RuleSet,
        *,
        page: str | None = None,
        progress: Progress | None = None,
        now: Any = time.time,
    ) -> None:
        seat = table.seat_of(learner)
        if seat is None:
            raise TableStartedError(f"You have no seat at table {table.code}: join it first")
        if rules.name != table.rule_set:
            raise TableStartedError(
                f"Table {table.code} is for {rule_set_words(table.rule_set)} pinochle, which "
                "this site does not play: join a table from the list, or open one"
            )
        self.tables = tables
        self.table = table
        self.learner = learner
        self._now = now
        self._moves: list[TableMove] = []
        """Every move read from the table so far, in order."""
        self._applied = 0
        """How many of them this page has applied (the next move's number)."""
        self._waited_since: dict[int, float] = {}
        """Move number -> when this page first saw it was a computer's to play."""
        self._last_seen = 0.0
        self._syncing = False
        super().__init__(
            rules, seed=table.seed, human_seat=seat, opponents="random",
            first_dealer=table.players - 1, allow_undo=False, pause_after_trick=False,
            count_meld=False, page=page, progress=progress,
        )  # fmt: skip

    # ------------------------------------------------------------------ flow
    def _next_move(self) -> TableMove | None:
        if self._applied < len(self._moves):
            move = self._moves[self._applied]
            if move.hand == self.hand_number:
                return move
        return None

    def advance(self) -> None:
        """Apply the table's moves read so far, up to the first one not yet made."""
        h = self.engine_hand
        while h.phase is not Phase.DONE:
            move = self._next_move()
            if move is None:
                return
            phase, seat = h.phase, h.to_act
            if seat != move.seat:  # never: every page applies the same moves in order
                _LOG.error("table %s: move %d is seat %s's, but seat %s is to act",
                           self.table.code, move.seq, move.seat, seat)  # fmt: skip
                raise TableOutOfStepError(
                    f"This page fell out of step with table {self.table.code}: reload the page "
                    "to catch up (your seat is kept)."
                )
            h.apply(parse_action(move.action))
            self._applied += 1
            self._after_action(move.seat, phase)

    def _take(self, phase: Phase, action: Action, what: str) -> None:
        """Write the learner's action as the table's next move, then apply it; refused
        with :class:`TableMovedOnError` when another move took that place first."""
        del what  # no undo at a shared table
        h = self.engine_hand
        if not h.is_legal(action):
            raise IllegalTableMoveError(
                "That move is not allowed now: look at the table and choose again."
            )
        before = self._applied
        self.sync(play_computers=False)
        if self._applied != before or self._applied < len(self._moves) or self.engine_hand is not h:
            raise TableMovedOnError(MOVED_ON)
        seq = self._applied
        if not self.tables.add_move(
            self.table.code, seq, self.hand_number, self.human_seat, action.text, self.learner
        ):
            self.sync(play_computers=False)
            raise TableMovedOnError(MOVED_ON)
        self._moves.append(TableMove(seq, self.hand_number, self.human_seat, action.text,
                                     self.learner, self._now()))  # fmt: skip
        h.apply(action)
        self._applied += 1
        self._after_action(self.human_seat, phase)

    def _finish_hand(self) -> None:
        super()._finish_hand()
        if self.is_over:
            try:
                self.tables.finish(self.table.code, self.result_words())
            except Exception:  # the next page to see the end writes it
                _LOG.warning("the result of table %s could not be kept", self.table.code)

    def _record_hand(self, n: int, h: Any) -> None:
        """Keep finished hand ``n`` in the learner's progress once, however many of
        their pages replay it: a page opened again replays the whole game, so a hand
        their progress already has (kept by this page or another of theirs) is not
        kept again."""
        if n not in self._kept and (self.page or self._progress is not None):
            try:
                if self._progress is None:
                    self._progress = Progress.load()
                key = hand_item_id(self.seed, n)
                if any(a.item_id == key for a in self._progress.attempts):
                    self._kept.add(n)
                    return
            except Exception:  # the game goes on; the record is tried as usual
                _LOG.warning("the progress of a table's hand could not be read", exc_info=True)
        super()._record_hand(n, h)

    def result_words(self) -> str:
        """The game's result as the whole table sees it (for the teacher's list of
        tables), by seat and name: "South and North (Ann, a computer player) won with
        1520; West and East (Bob, Cy) had 1210." Three-handed, a seat is a side."""
        players = self.rules.players
        sides: list[list[int]] = [[] for _ in range(self.rules.sides)]
        for seat in range(players):
            sides[self.rules.side(seat)].append(seat)

        def who(side: int) -> str:
            seats = " and ".join(seat_label(s, players) for s in sides[side])
            held = [self.table.learner_at(s) for s in sides[side]]
            names = ", ".join(
                "a computer player" if h is None else (h.name or "a learner with no name")
                for h in held
            )
            return f"{seats} ({names})"

        order = range(len(sides))
        if self.winner is None:
            hands = "hand" if self.hand_number == 1 else "hands"
            every = ", ".join(f"{who(side)} {self.scores[side]}" for side in order)
            return f"No winner after {self.hand_number} {hands}: {every}."
        others = "; ".join(
            f"{who(side)} had {self.scores[side]}" for side in order if side != self.winner
        )
        return f"{who(self.winner)} won with {self.scores[self.winner]}; {others}."

    @property
    def is_my_turn(self) -> bool:
        """Whether the hand waits for this learner (and no move of theirs is already
        on its way from the table)."""
        return super().is_my_turn and self._next_move() is None

    def hint(self) -> Hint:
        """The coach's hint for this learner's decision, when the table allows hints."""
        if not self.table.hints:
            raise OutOfTurnError(f"Hints are switched off at table {self.table.code}.")
        return super().hint()

    @property
    def away_seats(self) -> tuple[int, ...]:
        """The seats whose learner has been away longer than the table's wait (a
        computer acts for them until they are back)."""
        now = self._now()
        return tuple(
            s.seat for s in self.table.seats
            if s.learner != self.learner and now - s.seen > self.table.away_wait
        )  # fmt: skip

    def computer_seat(self, seat: int) -> bool:
        """Whether a computer player acts for ``seat`` now: no learner took it, or its
        learner is away (see :attr:`away_seats`)."""
        return self.table.learner_at(seat) is None or seat in self.away_seats

    def seat_holder(self, seat: int) -> str:
        """Who plays ``seat``, in words: the classmate's name, "a computer player", or
        "a computer player for <name>" while they are away."""
        held = self.table.learner_at(seat)
        if held is None:
            return "a computer player"
        name = held.name or "a classmate"
        if held.learner == self.learner:
            return "you"
        return f"a computer player for {name}" if seat in self.away_seats else name

    # ------------------------------------------------------------------ sync
    def sync(self, play_computers: bool = True) -> bool:
        """Read the table's new moves and apply them; note this page is still here
        (every :data:`HEARTBEAT` seconds, with the seats re-read); when the seat to
        act is a computer's and this page's turn to play it has come, play it.
        Whether anything changed."""
        self._syncing = True
        try:
            before = (self._applied, len(self._moves), self.hand_number)
            now = self._now()
            if now - self._last_seen >= HEARTBEAT:
                self._last_seen = now
                self.tables.seen(self.table.code, self.learner, now)
                self.table = self.tables.table(self.table.code)
            self._moves.extend(self.tables.moves(self.table.code, after=len(self._moves) - 1))
            if self._next_move() is None and self._moves[self._applied:] and self.hand_over:
                self.next_hand()  # the others have dealt the next hand: follow them
            self.advance()
            if play_computers:
                self._play_computer()
            return before != (self._applied, len(self._moves), self.hand_number)
        finally:
            self._syncing = False

    def next_hand(self) -> None:
        """Deal the next hand (the learner's Next hand, or the table's first move of it)."""
        super().next_hand()

    def _my_rank(self) -> int:
        """This page's place among the present learners' pages, by seat (0: first)."""
        now = self._now()
        present = sorted(
            s.seat for s in self.table.seats
            if s.learner == self.learner or now - s.seen <= PRESENT_WITHIN
        )  # fmt: skip
        return present.index(self.human_seat) if self.human_seat in present else len(present)

    def _play_computer(self) -> None:
        h = self.engine_hand
        seat = h.to_act
        if (
            self.is_over or h.phase is Phase.DONE or seat is None or seat == self.human_seat
            or not self.computer_seat(seat) or self._next_move() is not None
            or self.table.state is not TableState.PLAYING
        ):  # fmt: skip
            return
        seq = self._applied
        now = self._now()
        first = self._waited_since.setdefault(seq, now)
        if now - first < RELAY_PAUSE * self._my_rank():
            return
        player = make_player(self.table.level, seed=random.Random(f"{self.seed}:{seq}").randrange(2**32))
        action = h.ask(player)
        if self.tables.add_move(self.table.code, seq, self.hand_number, seat, action.text, ""):
            self._moves.append(TableMove(seq, self.hand_number, seat, action.text, "", now))
        else:
            self._moves.extend(self.tables.moves(self.table.code, after=len(self._moves) - 1))
        self.advance()
