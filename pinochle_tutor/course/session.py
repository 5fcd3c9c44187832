"""A whole game against computer players, one decision at a time, for a learner
at one seat: the logic behind the game table widget.

:class:`GameSession` deals hand after hand until a side reaches the target. The
computer seats act on their own (:meth:`GameSession.advance`) until it is the
learner's turn; the learner acts through methods that check every action first
and refuse a wrong one with the tutor's reason, never corrupting the hand. The
session keeps a log of what happened (:class:`Event`), the score sheet, a hint
for the learner's current decision and a review of each finished hand.

Everything the session shows the learner is built from
:meth:`Hand.view(learner seat) <pinochle_tutor.game.Hand.view>`: the other
seats' hidden cards (and the cards passed between other players) never reach
the log, the hint or the score sheet.

The module is one class and what it reports (events, hints); it is long (about
750 lines) because a game table's every action, its checks and its log belong
together. The bidding trainer's single-decision drill is
:mod:`pinochle_tutor.course.bidding_drill`.

>>> s = GameSession(seed=7)
>>> s.view.phase, s.is_my_turn
(<Phase.AUCTION: 'auction'>, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from pinochle_tutor.auction import IllegalBidError
from pinochle_tutor.bots.advice import (
    REVIEW_MARGIN,
    advise_play,
    decision_seed,
    face_up_endgame,
    judge_plays,
)
from pinochle_tutor.bots.advisor import advise_bid
from pinochle_tutor.bots.bidding import (
    ADVICE_SAMPLES,
    BidModelPlayer,
    declarer_evaluation,
    explain_hand_bid,
    judge_trump,
)
from pinochle_tutor.bots.coach import DEFAULT_SAMPLES
from pinochle_tutor.bots.concede import advise_concession, judge_concession
from pinochle_tutor.bots.exchange_eval import (
    advise_exchange,
    evaluate_kitty_trump,
    exchange_seed,
    judge_exchange,
    judge_kitty_trump,
)
from pinochle_tutor.bots.heuristic import HeuristicPlayer
from pinochle_tutor.bots.levels import Level, level_player
from pinochle_tutor.bots.montecarlo import MonteCarloPlayer
from pinochle_tutor.cards import (
    Card,
    CardLike,
    Suit,
    SuitLike,
    parse_card,
    parse_suit,
)
from pinochle_tutor.course.seeds import SEED_ENV, InvalidSeedError, page_seed
from pinochle_tutor.deal import next_dealer
from pinochle_tutor.errors import IllegalActionError, PinochleError
from pinochle_tutor.explain import (
    HandReview,
    InvalidClaimError,
    MeldDiagnosis,
    PlayAdvice,
    PlayExplanation,
    PlayJudgement,
    diagnose_meld,
    explain_call,
    explain_play,
)
from pinochle_tutor.explain import review_hand as _review_hand
from pinochle_tutor.explain.bidding import BidReasoning, TrumpReasoning
from pinochle_tutor.explain.exchange import ExchangeAdvice
from pinochle_tutor.game import Hand, OutOfTurnError
from pinochle_tutor.hands import as_cards
from pinochle_tutor.meld import MeldReport
from pinochle_tutor.names import find_named
from pinochle_tutor.players import Player, RandomPlayer
from pinochle_tutor.rules import CLASSIC, RuleSet, as_rules, check_seat
from pinochle_tutor.scoring import HandScore, game_winner, score_hand
from pinochle_tutor.tricks import IllegalPlayError
from pinochle_tutor.view import Phase, PlayerView, TrickRecord, seat_name

__all__ = [
    "OPPONENT_KINDS",
    "SEED_ENV",
    "Event",
    "EventKind",
    "GameSession",
    "Hint",
    "InvalidSeedError",
    "RefusedPlayError",
    "UndoRefusedError",
    "UnknownPlayerError",
    "coached_review",
    "make_player",
    "page_seed",
]

OPPONENT_KINDS = ("beginner", "intermediate", "strong", "heuristic", "random", "montecarlo")
"""The names of the computer players a session can seat: the three named levels
(:class:`~pinochle_tutor.bots.levels.Level`), then the players by kind."""
HINT_SAMPLES = DEFAULT_SAMPLES
"""Imagined deals behind a card-play hint (and undo's verdict on a card taken back)."""
BID_HINT_SAMPLES = ADVICE_SAMPLES
"""Deals behind a bid hint: the bidding trainer's number, so both give the same advice."""
HINT_EXACT_TRICKS = 3
"""A hint solves each imagined deal exactly from this many cards a hand: measured, an
exact solve of 64 deals from 4 cards takes up to a second on one core, from 3 cards a
tenth of that (benchmarks/bench_review.py)."""


class UndoRefusedError(OutOfTurnError):
    """Undo is switched off, or the learner has nothing to take back in this hand."""


@dataclass(frozen=True)
class _Checkpoint:
    """The session just before one learner decision of the current hand (what the
    learner saw then: counts of actions, log lines and score-sheet rows, the scores)."""

    actions: int
    events: int
    rows: int
    scores: tuple[int, ...]
    winner: int | None
    game_over: bool
    what: str
    """The decision in words: ``'your bid of 250'``, ``'your play of A♠'``."""


class UnknownPlayerError(PinochleError):
    """A computer player asked for by a name that is not one of :data:`OPPONENT_KINDS`."""


def make_player(kind: str | Player, seed: int | None = None) -> Player:
    """A computer player by name (a level, ``'beginner'``, ``'intermediate'`` or
    ``'strong'``, or a kind, ``'heuristic'``, ``'random'`` or ``'montecarlo'``), or
    ``kind`` itself when it is already a player."""
    if not isinstance(kind, str):
        return kind
    level = find_named(kind, {lv.value: lv for lv in Level})
    if level is not None:
        return level_player(level, seed=seed)
    makers: dict[str, Callable[[], Player]] = {
        "heuristic": HeuristicPlayer,
        "random": lambda: RandomPlayer(seed=seed),
        # The strongest level bids with the bidding model (the hint's model too).
        "montecarlo": lambda: MonteCarloPlayer(seed=seed, base=BidModelPlayer()),
    }
    make = find_named(kind, makers)
    if make is None:
        raise UnknownPlayerError(
            f"{kind!r} is not a computer player: choose one of {', '.join(OPPONENT_KINDS)}"
        )
    return make()


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


@dataclass(frozen=True)
class Hint:
    """A suggestion for the learner's current decision, with the reason in words."""

    phase: Phase
    reason: str
    bid: int | None = None
    """Auction: the bid to make (``None`` to pass)."""
    suit: Suit | None = None
    """Trump: the suit to name."""
    cards: tuple[Card, ...] = ()
    """The cards to pass, return, discard, or (one card) to play."""
    concede: bool = False
    """Whether to concede the hand."""
    advice: PlayAdvice | None = None
    """Card play: the coach's advice behind the hint (principle, every card's numbers)."""
    exchange: ExchangeAdvice | None = None
    """The pass, return or discard: the coach's advice behind the hint (every choice
    tried with its numbers)."""
    bidding: BidReasoning | None = None
    """Auction: the bidding model's reasoning behind the call."""
    trump: TrumpReasoning | None = None
    """Trump: the reasoning behind the suit (every suit simulated)."""

    def alternatives_lines(self) -> list[str]:
        """On request: every legal card with its expected trick points (card play with
        a choice), every choice of cards tried with its numbers (the exchange), each
        contract level against passing (the auction) or every suit (trump); empty when
        there was no choice (a single legal card, a forced concession)."""
        for source in (self.exchange, self.advice, self.bidding, self.trump):
            if source is not None:
                return source.alternatives_lines()
        return []

    @property
    def action(self) -> str:
        """The suggestion in a few words: ``'Bid 250'``, ``'Play A♠'``, ... ."""
        names = " ".join(c.text for c in self.cards)
        if self.concede:
            return "Concede the hand"
        if self.phase is Phase.AUCTION:
            return "Pass" if self.bid is None else f"Bid {self.bid}"
        if self.phase is Phase.TRUMP:
            assert self.suit is not None
            return f"Name {self.suit.plural} trump"
        verb = {
            Phase.PASS: "Pass",
            Phase.RETURN: "Return",
            Phase.DISCARD: "Discard",
            Phase.PLAY: "Play",
        }.get(self.phase, "")
        return f"{verb} {names}"

    @property
    def text(self) -> str:
        """The suggestion and its reason."""
        return f"{self.action}. {self.reason}"

    def __str__(self) -> str:
        return self.text


class RefusedPlayError(IllegalPlayError):
    """A card the rules do not allow now; ``explanation`` is the tutor's
    :class:`~pinochle_tutor.explain.PlayExplanation` (rule, cards that prove it)."""

    def __init__(self, explanation: PlayExplanation) -> None:
        super().__init__(
            f"You cannot play {explanation.card.text}: {explanation.text}", explanation.verdict
        )
        self.explanation = explanation


_PHASE_TASK = {
    Phase.AUCTION: "bid or pass",
    Phase.TRUMP: "name trump",
    Phase.PASS: "pass cards to the declarer",
    Phase.RETURN: "return cards to your partner",
    Phase.DISCARD: "discard",
    Phase.PLAY: "play a card",
}


class GameSession:
    """A game to the target for one learner against computer players.

    ``rules`` is a :class:`RuleSet` or a preset name; ``seed`` makes every deal and
    every computer choice reproducible; ``human_seat`` is the learner's seat;
    ``opponents`` (and ``partner``, by default the same) name the computer players:
    a level (``'beginner'``, ``'intermediate'``, ``'strong'``) or a kind (``'heuristic'``,
    ``'random'``, ``'montecarlo'``), or player objects;
    Hints come from the coach (:meth:`hint`); ``first_dealer`` defaults to the
    learner's right, so the learner bids first in the first hand.

    ``seed=None`` draws a fresh seed (:func:`page_seed`: the environment variable
    :data:`SEED_ENV` fixes it for tests); :attr:`seed` tells which one was used.
    ``allow_undo`` lets the learner take back decisions (:meth:`undo`; a teacher
    switches it off for a scored game). ``pause_after_trick`` makes the session stop
    when a trick is complete until :meth:`collect_trick` (the table's Continue).
    ``count_meld`` makes the session stop when meld is due, before anyone's meld is
    shown, until the learner has counted their own (:meth:`count_meld_total`): the
    answer is marked by :func:`~pinochle_tutor.explain.diagnose_meld`, then every
    seat's meld is shown and play goes on."""

    def __init__(
        self,
        rules: RuleSet | str = CLASSIC,
        seed: int | None = None,
        human_seat: int = 0,
        opponents: str | Player = "heuristic",
        partner: str | Player | None = None,
        first_dealer: int | None = None,
        max_hands: int = 200,
        allow_undo: bool = True,
        pause_after_trick: bool = False,
        count_meld: bool = False,
    ) -> None:
        self.rules = as_rules(rules)
        r = self.rules
        check_seat(human_seat, r, "human_seat")
        self.human_seat = human_seat
        self.seed = page_seed(seed)
        """The seed of this game's deals and computer players."""
        self.allow_undo = allow_undo
        self.pause_after_trick = pause_after_trick
        self.count_meld = count_meld
        """Whether the learner counts their own meld before the meld is shown."""
        self._waiting = False
        self._counting = False
        self.meld_diagnosis: MeldDiagnosis | None = None
        """The diagnosis of the learner's meld count in this hand (``None`` before it)."""
        self._history: list[tuple[int, Phase, object]] = []
        self._checkpoints: list[_Checkpoint] = []
        self._rng = random.Random(self.seed)
        partner_seat = r.partner(human_seat)
        self._players: dict[int, Player] = {}
        for seat in range(r.players):
            if seat == human_seat:
                continue
            kind = partner if seat == partner_seat and partner is not None else opponents
            self._players[seat] = make_player(kind, seed=self._rng.randrange(2**32))
        # A draw once spent on a hint player (hints now all come from the coach), kept
        # so that every seed deals the same games as before.
        self._rng.randrange(2**32)
        self._reviewed: tuple[Hand, HandReview] | None = None
        self.undo_verdict: PlayJudgement | None = None
        """The coach's verdict on the card the last :meth:`undo` took back (``None`` when
        it took back something else, or the card was the only choice)."""
        self.max_hands = max_hands
        self.hands: list[Hand] = []
        """Every hand of the game so far, the current one last (full engine state,
        hidden cards included: never show these to the learner, use :attr:`view`)."""
        self.scores: list[int] = [0] * r.sides
        """Each side's running score."""
        self.events: list[Event] = []
        """The log, oldest first."""
        self.rows: list[dict[str, Any]] = []
        """The score sheet: one row per finished hand."""
        self.winner: int | None = None
        """The side that won the game (``None`` while it goes on)."""
        self._game_over = False
        if first_dealer is not None:
            check_seat(first_dealer, r, "first_dealer")
        self._dealer = first_dealer if first_dealer is not None else (human_seat - 1) % r.players
        self._start_hand()

    # ------------------------------------------------------------------ names
    def seat_name(self, seat: int) -> str:
        """``'You'``, ``'Left'``, ``'Partner'`` or ``'Right'`` (relative to the learner)."""
        return seat_name(seat, self.human_seat, self.rules, short=True)

    def side_name(self, side: int) -> str:
        """``'Us'`` / ``'Them'`` in partnerships, the seat's name otherwise."""
        r = self.rules
        if r.partnerships:
            return "Us" if side == r.side(self.human_seat) else "Them"
        return self.seat_name(side)

    # ------------------------------------------------------------------ state
    @property
    def engine_hand(self) -> Hand:
        """The current hand's full engine state (hidden cards included: for tests
        and tools, never for display)."""
        return self.hands[-1]

    @property
    def hand_number(self) -> int:
        """1 for the first hand of the game."""
        return len(self.hands)

    @property
    def view(self) -> PlayerView:
        """What the learner may see now."""
        return self.engine_hand.view(self.human_seat)

    @property
    def phase(self) -> Phase:
        """The current hand's phase."""
        return self.engine_hand.phase

    @property
    def to_act(self) -> int | None:
        """The seat the hand waits for (``None`` when the hand is over)."""
        return self.engine_hand.to_act

    @property
    def is_my_turn(self) -> bool:
        """Whether the hand waits for the learner."""
        return (
            self.to_act == self.human_seat
            and not self._game_over
            and not self._waiting
            and not self._counting
        )

    @property
    def meld_count_pending(self) -> bool:
        """Whether the hand waits for the learner to count their own meld (the meld
        of every seat is held back until then)."""
        return self._counting

    @property
    def melds_shown(self) -> tuple[MeldReport, ...] | None:
        """Each seat's meld as the table shows it: ``None`` before meld, and while
        the learner is still counting their own."""
        return None if self._counting else self.view.melds

    @property
    def trick_waiting(self) -> bool:
        """Whether a finished trick lies on the table until :meth:`collect_trick`."""
        return self._waiting

    @property
    def last_trick(self) -> TrickRecord | None:
        """The last finished trick of this hand (``None`` before the first)."""
        tricks = self.view.tricks
        return tricks[-1] if tricks else None

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` would take back a decision now."""
        return self.allow_undo and bool(self._checkpoints)

    @property
    def undo_label(self) -> str:
        """The decision :meth:`undo` would take back, in words (empty if none)."""
        return self._checkpoints[-1].what if self.can_undo else ""

    @property
    def hand_over(self) -> bool:
        """Whether the current hand is scored."""
        return self.phase is Phase.DONE

    @property
    def learner_has_acted(self) -> bool:
        """Whether the learner has made a decision in this game yet (a call, the trump,
        cards to give, a card, a concession); until then the table may seat other
        computer players without changing anything the learner did."""
        return len(self.hands) > 1 or any(seat == self.human_seat for seat, _, _ in self._history)

    @property
    def is_over(self) -> bool:
        """Whether the game is over (a side reached the target, or ``max_hands`` were played)."""
        return self._game_over

    @property
    def can_concede(self) -> bool:
        """Whether the learner, as declarer, may concede now (after meld, before the first card)."""
        h = self.engine_hand
        return (
            self.is_my_turn
            and h.phase is Phase.PLAY
            and h.declarer == self.human_seat
            and not h.tricks
            and not h.trick
        )

    @property
    def score_sheet(self) -> list[dict[str, Any]]:
        """The score sheet as plain data: a row per finished hand (a copy)."""
        return [dict(row) for row in self.rows]

    def review(self) -> HandReview | None:
        """The tutor's review of the last finished hand from the learner's seat
        (``None`` before the first hand is over)."""
        for number, h in reversed(list(enumerate(self.hands, 1))):
            if h.phase is Phase.DONE:
                if self._reviewed is None or self._reviewed[0] is not h:
                    self._reviewed = (
                        h,
                        coached_review(h, self.human_seat, seed=self.seed, hand_number=number),
                    )
                return self._reviewed[1]
        return None

    def task(self) -> str:
        """What the learner should do now, in a few words."""
        if self._game_over:
            return "The game is over."
        if self._waiting:
            return "The trick is complete: continue when you have seen it."
        if self._counting:
            return "Count your meld: type your meld total and check it."
        if self.hand_over:
            return "The hand is over: deal the next hand."
        if not self.is_my_turn:
            return "Waiting for the other players."
        if self.can_concede:
            return "Lead the first card (or concede the hand)."
        return _PHASE_TASK[self.phase].capitalize() + "."

    # ------------------------------------------------------------------ log
    def _log(
        self, kind: EventKind, seat: int | None, text: str, cards: Sequence[Card] = ()
    ) -> None:
        self.events.append(Event(kind, self.hand_number, seat, text, tuple(cards)))

    def _who(self, seat: int) -> str:
        return self.seat_name(seat)

    def _verb(self, seat: int, you: str, other: str) -> str:
        return f"{self._who(seat)} {you if seat == self.human_seat else other}"

    def _after_action(self, seat: int, phase: Phase) -> None:
        """Log what ``seat`` just did, as the learner's view shows it."""
        self._record(seat, phase)
        v = self.view
        me = self.human_seat
        if phase is Phase.AUCTION:
            _, amount = v.auction[-1]
            if amount is None:
                self._log(EventKind.PASS, seat, self._verb(seat, "pass.", "passes."))
            else:
                self._log(
                    EventKind.BID, seat, self._verb(seat, f"bid {amount}.", f"bids {amount}.")
                )
            if v.declarer is not None:
                stuck = self.engine_hand.auction.stuck
                how = "is stuck with the contract at" if stuck else "won the auction at"
                if v.declarer != me:
                    how = "is stuck with the contract at" if stuck else "wins the auction at"
                self._log(
                    EventKind.CONTRACT, v.declarer, f"{self._who(v.declarer)} {how} {v.contract}."
                )
                if v.kitty:
                    names = " ".join(c.text for c in v.kitty)
                    self._log(EventKind.KITTY, v.declarer, f"The kitty: {names}.", v.kitty)
        elif phase is Phase.DISCARD:
            if seat == me:
                names = " ".join(c.text for c in v.given)
                self._log(EventKind.DISCARD, seat, f"You discard {names}.", v.given)
            else:
                n = self.rules.kitty_size
                self._log(
                    EventKind.DISCARD, seat, f"{self._who(seat)} discards {n} cards face down."
                )
        elif phase is Phase.TRUMP:
            assert v.trump is not None
            self._log(
                EventKind.TRUMP,
                seat,
                self._verb(seat, "name", "names") + f" {v.trump.plural} ({v.trump.symbol}) trump.",
            )
        elif phase in (Phase.PASS, Phase.RETURN):
            self._log_exchange(seat, phase, v)
        elif phase is Phase.PLAY:
            if v.phase is Phase.DONE and not v.tricks and not v.trick:
                self._log(
                    EventKind.CONCEDE, seat, self._verb(seat, "concede", "concedes") + " the hand."
                )
            else:
                self._log_play(seat, v)
        if phase is not Phase.PLAY and v.phase is Phase.PLAY and v.melds is not None:
            if self.count_meld:
                self._counting = True  # the melds are logged once the learner has counted
            else:
                self._log_melds(v)
        if v.phase is Phase.DONE:
            self._finish_hand()

    def _log_melds(self, v: PlayerView) -> None:
        assert v.melds is not None
        for s, report in enumerate(v.melds):
            lines = "; ".join(f"{i.name} {i.points}" for i in report.items) or "no meld"
            self._log(
                EventKind.MELD,
                s,
                self._verb(s, "meld", "melds") + f" {report.total}: {lines}.",
                report.hand,
            )

    def _log_exchange(self, seat: int, phase: Phase, v: PlayerView) -> None:
        n = self.rules.exchange_size
        me = self.human_seat
        if phase is Phase.PASS:
            receiver = v.declarer
            assert receiver is not None
            if seat == me:
                cards = v.given
            elif receiver == me:
                cards = v.received
            else:
                cards = ()
            to = "you" if receiver == me else self._who(receiver)
            verb = self._verb(seat, "pass", "passes")
        else:
            receiver = self.rules.partner(seat)
            assert receiver is not None
            if seat == me:
                cards = v.given
            elif receiver == me:
                cards = v.received
            else:
                cards = ()
            to = "you" if receiver == me else self._who(receiver)
            verb = self._verb(seat, "return", "returns")
        shown = " ".join(c.text for c in cards) if cards else f"{n} cards face down"
        self._log(EventKind.EXCHANGE, seat, f"{verb} {shown} to {to}.", cards)

    def _log_play(self, seat: int, v: PlayerView) -> None:
        if v.trick:
            card = v.trick[-1]
            self._log(
                EventKind.PLAY, seat, self._verb(seat, "play", "plays") + f" {card.text}.", (card,)
            )
            return
        t = v.tricks[-1]
        card = t.cards[-1]
        self._log(
            EventKind.PLAY, seat, self._verb(seat, "play", "plays") + f" {card.text}.", (card,)
        )
        pts = f"{t.points} point{'s' if t.points != 1 else ''}"
        self._log(
            EventKind.TRICK,
            t.winner,
            f"{self._who(t.winner)} {'win' if t.winner == self.human_seat else 'wins'} trick "
            f"{len(v.tricks)} with {t.winning_card.text} ({pts}).",
            t.cards,
        )

    def _finish_hand(self) -> None:
        h = self.engine_hand
        r = self.rules
        assert h.declarer is not None and h.contract is not None
        changes = h.score_changes
        for side, change in enumerate(changes):
            self.scores[side] += change
        bside = r.side(h.declarer)
        row: dict[str, Any] = {
            "Hand": self.hand_number,
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
            row[f"Total {name}"] = self.scores[side]
        self.rows.append(row)
        summary = ", ".join(
            f"{self.side_name(s)} {c:+d} (total {self.scores[s]})" for s, c in enumerate(changes)
        )
        result = row["Result"]
        self._log(
            EventKind.SCORE,
            h.declarer,
            f"Hand {self.hand_number}: {self.side_name(bside)} bid {h.contract} and {result}. {summary}.",
        )
        self.winner = game_winner(self.scores, bside, h.made, r)
        if self.winner is not None or self.hand_number >= self.max_hands:
            self._game_over = True
            text = (
                f"{self.side_name(self.winner)} won the game."
                if self.winner is not None
                else f"No winner after {self.max_hands} hands."
            )
            self._log(EventKind.GAME_OVER, None, f"Game over: {text}")

    # ------------------------------------------------------------------ flow
    def _record(self, seat: int, phase: Phase) -> None:
        """Keep the action just taken in the hand's history (for :meth:`undo`)."""
        h = self.engine_hand
        what: object
        if phase is Phase.AUCTION:
            what = h.auction.history[-1][1]
        elif phase is Phase.DISCARD:
            what = h.discards
        elif phase is Phase.TRUMP:
            what = h.trump
        elif phase is Phase.PASS:
            what = h.passed_cards
        elif phase is Phase.RETURN:
            what = h.returned_cards
        elif h.conceded:
            what = "concede"
        else:
            what = h.trick[-1] if h.trick else h.tricks[-1].cards[-1]
        self._history.append((seat, phase, what))

    def _checkpoint(self, what: str) -> _Checkpoint:
        return _Checkpoint(
            len(self._history), len(self.events), len(self.rows), tuple(self.scores),
            self.winner, self._game_over, what,
        )  # fmt: skip

    def undo(self) -> str:
        """Take back the learner's last decision of this hand (a card, a call, the
        pass, trump, a concession): the hand is dealt again from the same cards and
        its history replayed without that decision (the computer seats' recorded
        actions, not new ones); the log and the scores go back with it. Returns the
        decision taken back in words. Raises :class:`UndoRefusedError` when undo is
        switched off or there is nothing to take back."""
        if not self.allow_undo:
            raise UndoRefusedError("Undo is switched off for this game.")
        if not self._checkpoints:
            raise UndoRefusedError("There is no decision of yours to take back in this hand.")
        cp = self._checkpoints.pop()
        old = self.engine_hand
        h = Hand(old.dealer, self.rules, dealt=old.deal)
        for seat, phase, what in self._history[: cp.actions]:
            _replay(h, seat, phase, what)
        self.undo_verdict = None
        if cp.actions < len(self._history):
            _, phase, taken = self._history[cp.actions]
            v = h.view(self.human_seat)
            if isinstance(taken, Card) and v.phase is Phase.PLAY and len(set(v.legal)) > 1:
                margin = REVIEW_MARGIN * max(self.rules.counter_points)
                advice = self._coach(v, HINT_SAMPLES, margin=margin)
                self.undo_verdict = PlayJudgement(len(v.tricks) + 1, taken, advice)
        h.illegal_attempts = list(old.illegal_attempts)
        self.hands[-1] = h
        del self._history[cp.actions :]
        del self.events[cp.events :]
        del self.rows[cp.rows :]
        self.scores = list(cp.scores)
        self.winner = cp.winner
        self._game_over = cp.game_over
        self._waiting = False
        # Every checkpoint is a decision before meld or after the count was answered.
        self._counting = False
        if h.melds is None:
            self.meld_diagnosis = None
        self._log(EventKind.UNDO, self.human_seat, f"You take back {cp.what}.")
        return cp.what

    @property
    def undo_verdict_text(self) -> str:
        """The coach's verdict on the card the last :meth:`undo` took back, as a
        sentence (empty when there is none)."""
        v = self.undo_verdict
        return f"The coach on the card you took back: {v.text}" if v is not None else ""

    def concede_cost(self) -> list[HandScore]:
        """What conceding now would score (one :class:`HandScore` per defending
        side, from :func:`~pinochle_tutor.scoring.score_hand`): the declarer loses the
        contract, each defending side scores its meld."""
        v = self.view
        r = self.rules
        if v.declarer is None or v.contract is None or v.melds is None:
            raise OutOfTurnError("There is nothing to concede before meld is shown.")
        meld = [0] * r.sides
        for seat, report in enumerate(v.melds):
            meld[r.side(seat)] += report.total
        bside = r.side(v.declarer)
        return [
            score_hand(v.contract, meld[bside], 0, meld[d], 0, r, conceded=True)
            for d in range(r.sides)
            if d != bside
        ]

    def concede_cost_text(self) -> str:
        """``'You lose 280; they score 140.'``: conceding now in words."""
        costs = self.concede_cost()
        v = self.view
        assert v.declarer is not None
        bside = self.rules.side(v.declarer)
        others = [d for d in range(self.rules.sides) if d != bside]
        parts = []
        for d, c in zip(others, costs, strict=True):
            name = self.side_name(d)
            who = "they" if name == "Them" else name
            parts.append(f"{who} score{'s' if who != 'they' else ''} {c.defender}")
        return f"You lose {-costs[0].bidder}; {', '.join(parts)}."

    def collect_trick(self) -> None:
        """Take the finished trick off the table (the learner's Continue) and let the
        computer seats go on."""
        if not self._waiting:
            raise OutOfTurnError("There is no finished trick on the table to collect.")
        self._waiting = False
        self.advance()

    def _trick_done(self) -> bool:
        h = self.engine_hand
        return h.phase is Phase.PLAY and not h.trick and bool(h.tricks)

    def _start_hand(self) -> None:
        if self.hands:
            self._dealer = next_dealer(self._dealer, self.rules)
        self._history = []
        self._checkpoints = []
        self._waiting = False
        self._counting = False
        self.meld_diagnosis = None
        self.hands.append(Hand(self._dealer, self.rules, rng=self._rng))
        self._log(
            EventKind.DEAL,
            self._dealer,
            f"Hand {self.hand_number}: {self._verb(self._dealer, 'deal', 'deals')}.",
        )
        self.advance()

    def next_hand(self) -> None:
        """Deal the next hand once the current one is scored."""
        if self._game_over:
            raise OutOfTurnError("The game is over: start a new game to play again.")
        if not self.hand_over:
            raise OutOfTurnError(f"Finish this hand first: it is in the {self.phase.value} phase.")
        self._start_hand()

    def advance(self) -> None:
        """Let the computer seats act until it is the learner's turn or the hand is over."""
        h = self.engine_hand
        while (
            not self._waiting
            and not self._counting
            and h.phase is not Phase.DONE
            and h.to_act != self.human_seat
        ):
            seat = h.to_act
            assert seat is not None
            phase = h.act(self._players[seat])
            self._after_action(seat, phase)
            if phase is Phase.PLAY and self.pause_after_trick and self._trick_done():
                self._waiting = True

    # --------------------------------------------------------- learner's acts
    def _expect(self, phase: Phase) -> Hand:
        """The current hand, if it waits for the learner in ``phase``; else a refusal."""
        if self._game_over:
            raise OutOfTurnError("The game is over.")
        h = self.engine_hand
        if self._waiting:
            raise OutOfTurnError("The trick is still on the table: press Continue first.")
        if self._counting:
            raise OutOfTurnError("Count your meld first: type your meld total and check it.")
        if h.phase is Phase.DONE:
            raise OutOfTurnError("The hand is over: deal the next hand.")
        if h.to_act != self.human_seat:
            assert h.to_act is not None
            raise OutOfTurnError(f"It is {self.seat_name(h.to_act)}'s turn, not yours.")
        if h.phase is not phase:
            raise OutOfTurnError(
                f"You cannot {_PHASE_TASK[phase]} now: it is time to {_PHASE_TASK[h.phase]}."
            )
        return h

    def bid(self, amount: object) -> None:
        """Bid ``amount`` (``None`` to pass). A call the auction refuses raises
        :class:`IllegalBidError` with the tutor's reason."""
        h = self._expect(Phase.AUCTION)
        e = explain_call(h.auction, self.human_seat, amount)
        if not e.legal:
            self._log(EventKind.ILLEGAL, self.human_seat, f"Refused: {e.text}")
            raise IllegalBidError(e.text)
        assert amount is None or isinstance(amount, int)
        cp = self._checkpoint("your pass" if amount is None else f"your bid of {amount}")
        h.bid(self.human_seat, amount)
        self._checkpoints.append(cp)
        self._after_action(self.human_seat, Phase.AUCTION)
        self.advance()

    def pass_(self) -> None:
        """Pass in the auction (final for this auction)."""
        self.bid(None)

    def name_trump(self, suit: SuitLike) -> None:
        """As the declarer, name ``suit`` trump."""
        h = self._expect(Phase.TRUMP)
        chosen = parse_suit(suit)
        cp = self._checkpoint(f"naming {chosen.plural} trump")
        h.name_trump(self.human_seat, chosen)
        self._checkpoints.append(cp)
        self._after_action(self.human_seat, Phase.TRUMP)
        self.advance()

    def _give(self, phase: Phase, cards: Sequence[CardLike] | str) -> None:
        h = self._expect(phase)
        chosen = as_cards(cards)
        verb = {Phase.PASS: "pass", Phase.RETURN: "return", Phase.DISCARD: "discard"}[phase]
        cp = self._checkpoint(f"your {verb} of {' '.join(c.text for c in chosen)}")
        try:
            if phase is Phase.PASS:
                h.pass_cards(self.human_seat, chosen)
            elif phase is Phase.RETURN:
                h.return_cards(self.human_seat, chosen)
            else:
                h.discard(self.human_seat, chosen)
        except IllegalActionError as e:
            msg = str(e)
            self._log(EventKind.ILLEGAL, self.human_seat, f"Refused: {msg[:1].upper()}{msg[1:]}.")
            raise
        self._checkpoints.append(cp)
        self._after_action(self.human_seat, phase)
        self.advance()

    def pass_cards(self, cards: Sequence[CardLike] | str) -> None:
        """As the declarer's partner, pass ``cards`` to the declarer."""
        self._give(Phase.PASS, cards)

    def return_cards(self, cards: Sequence[CardLike] | str) -> None:
        """As the declarer, return ``cards`` to the partner."""
        self._give(Phase.RETURN, cards)

    def discard(self, cards: Sequence[CardLike] | str) -> None:
        """Three-handed, as the declarer holding the kitty, discard ``cards``."""
        self._give(Phase.DISCARD, cards)

    def concede(self) -> None:
        """As the declarer, concede the hand before the first card is played."""
        if not self.can_concede:
            self._expect(Phase.PLAY)
            raise OutOfTurnError(
                "Only the declarer may concede, after meld and before the first card is played."
            )
        h = self.engine_hand
        cp = self._checkpoint("your concession")
        h.concede(self.human_seat)
        self._checkpoints.append(cp)
        self._after_action(self.human_seat, Phase.PLAY)

    def expect_meld_count(self) -> None:
        """Refuse, with the reason, when the hand does not wait for the learner's meld
        count (so a table can say so before it reads the typed total)."""
        if self._counting:
            return
        if not self.count_meld:
            raise OutOfTurnError("This table shows your meld itself: there is nothing to count.")
        if self._game_over:
            raise OutOfTurnError("The game is over.")
        if self.view.melds is None:
            raise OutOfTurnError(
                "There is no meld to count yet: meld is shown once trump is named"
                + (" and the exchange is over." if self.rules.exchange_size else ".")
            )
        raise OutOfTurnError("Your meld for this hand has been counted and shown already.")

    def count_meld_total(self, total: int) -> MeldDiagnosis:
        """The learner's count of their own meld: marked by
        :func:`~pinochle_tutor.explain.diagnose_meld` (right or wrong, and which
        common mistake explains the difference), logged, and then every seat's meld
        is shown and the hand goes on. Refused (nothing changes) when no count is
        due (:meth:`expect_meld_count`) or ``total`` is not a whole number of 0 or
        more."""
        self.expect_meld_count()
        if isinstance(total, bool) or not isinstance(total, int) or total < 0:
            raise InvalidClaimError(
                f"{str(total)[:20]!r} is not a meld total: type a whole number of 0 or more."
            )
        v = self.view
        assert v.trump is not None and v.melds is not None
        d = diagnose_meld(v.hand, v.trump, total, rules=self.rules)
        self.meld_diagnosis = d
        self._counting = False
        verdict = "right" if d.correct else f"the meld is {d.expected_total}"
        self._log(EventKind.COUNT, self.human_seat, f"You count your meld as {total}: {verdict}.")
        self._log_melds(v)
        self.advance()
        return d

    def check(self, card: CardLike) -> PlayExplanation:
        """Whether the learner may play ``card`` now, and which rule decides (never
        changes the hand; raises only when it is not the learner's turn to play)."""
        self._expect(Phase.PLAY)
        v = self.view
        assert v.trump is not None
        return explain_play(v.hand, v.trick, v.trump, parse_card(card), self.rules)

    def play(self, card: CardLike) -> PlayExplanation:
        """Play ``card``. A card the rules refuse raises :class:`RefusedPlayError`
        with the tutor's explanation; the attempt is recorded for the review."""
        h = self._expect(Phase.PLAY)
        e = self.check(card)
        if not e.legal:
            h.record_attempt(self.human_seat, e.verdict)
            self._log(EventKind.ILLEGAL, self.human_seat, f"You tried {e.card.text}: {e.text}")
            raise RefusedPlayError(e)
        cp = self._checkpoint(f"your play of {e.card.text}")
        h.play(self.human_seat, e.card)
        self._checkpoints.append(cp)
        self._after_action(self.human_seat, Phase.PLAY)
        if self.pause_after_trick and self._trick_done():
            self._waiting = True
        self.advance()
        return e

    # ------------------------------------------------------------------ hints
    def take(self, hint: Hint) -> None:
        """Make the move ``hint`` recommends for the learner: the bid (or pass), the
        trump, the cards to pass, return or discard, the concession or the card. Raises
        as the move itself would when it is not the learner's move now."""
        if hint.concede:
            self.concede()
        elif hint.phase is Phase.AUCTION:
            self.bid(hint.bid)
        elif hint.phase is Phase.TRUMP:
            assert hint.suit is not None
            self.name_trump(hint.suit)
        elif hint.phase is Phase.PASS:
            self.pass_cards(hint.cards)
        elif hint.phase is Phase.RETURN:
            self.return_cards(hint.cards)
        elif hint.phase is Phase.DISCARD:
            self.discard(hint.cards)
        else:
            self.play(hint.cards[0])

    def hint(self) -> Hint:
        """The hint player's choice for the learner's current decision, with a reason."""
        h_phase = self.phase
        self._expect(h_phase)
        v = self.view
        if h_phase is Phase.AUCTION:
            return self._bid_hint(v)
        if h_phase is Phase.TRUMP and not self.rules.has_kitty and v.contract is not None:
            # The bidding model's trump, from the deals behind the learner's last bid hint.
            trump = declarer_evaluation(v, samples=BID_HINT_SAMPLES).trump_reasoning(v.contract)
            return Hint(h_phase, trump.text, suit=trump.trump, trump=trump)
        if h_phase is Phase.TRUMP:
            # Three-handed the kitty is in the hand now: every suit played out on the
            # same imagined deals of the two hidden hands.
            seed = exchange_seed(self.seed, self.hand_number, Phase.TRUMP)
            reasoning = evaluate_kitty_trump(v, seed=seed).reasoning()
            return Hint(h_phase, reasoning.text, suit=reasoning.trump, trump=reasoning)
        if h_phase in (Phase.PASS, Phase.RETURN, Phase.DISCARD):
            return self._exchange_hint(v)
        return self._play_hint(v)

    def _exchange_hint(self, v: PlayerView) -> Hint:
        """The coach's cards to pass, return or discard, on imagined deals fixed by the
        game's seed and the decision (the review judges the learner's cards on the same)."""
        seed = exchange_seed(self.seed, self.hand_number, v.phase)
        advice = advise_exchange(v, seed=seed)
        return Hint(v.phase, advice.text, cards=advice.cards, exchange=advice)

    def _bid_hint(self, v: PlayerView) -> Hint:
        """The bidding model's call (the same advice as the bidding trainer's for the
        same hand and auction: :func:`~pinochle_tutor.bots.advisor.advise_bid`)."""
        advice = advise_bid(v, samples=BID_HINT_SAMPLES)
        return Hint(
            Phase.AUCTION, advice.explanation, bid=advice.recommended, bidding=advice.reasoning
        )

    def _play_hint(self, v: PlayerView) -> Hint:
        assert v.trump is not None
        close = ""
        if self.can_concede:
            # The coach weighs conceding against playing on, on the deals the review
            # judges that choice with.
            conceding = advise_concession(
                v, seed=decision_seed(self.seed, self.hand_number, 0)
            )
            if conceding.concede:
                return Hint(Phase.PLAY, conceding.reason, concede=True)
            if not conceding.clear:
                close = " " + conceding.reason
        if len(set(v.legal)) == 1:
            return Hint(Phase.PLAY, "It is your only legal card." + close, cards=(v.legal[0],))
        advice = self._coach(v, HINT_SAMPLES)
        rule = explain_play(v.hand, v.trick, v.trump, advice.card, self.rules).text
        return Hint(
            Phase.PLAY, f"{advice.text} ({rule}){close}", cards=(advice.card,), advice=advice
        )

    def _coach(self, v: PlayerView, samples: int, margin: float | None = None) -> PlayAdvice:
        """The coach's advice for the learner's card-play view ``v``, on imagined deals
        fixed by the game's seed and the moment of the hand (a hint asked twice, and
        undo's verdict on that decision, agree)."""
        played = sum(len(t.cards) for t in v.tricks) + len(v.trick)
        seed = decision_seed(self.seed, self.hand_number, played)
        return advise_play(
            v, samples=samples, seed=seed, margin=margin, exact_tricks=HINT_EXACT_TRICKS
        )


def coached_review(hand: Hand, seat: int, *, seed: int, hand_number: int) -> HandReview:
    """The table's review of the finished ``hand`` from ``seat`` (hand ``hand_number`` of
    a game seeded ``seed``): the tricks, and the coach's verdicts on the seat's card
    play, contract, concession, exchange and trump, each on the deals of its hint then."""
    judged = judge_plays(hand, seat, seed=seed, hand_number=hand_number)
    face_up = face_up_endgame(hand, seat)
    # The learner's own contract, against the bid hint's evaluation then.
    verdict = explain_hand_bid(hand, samples=BID_HINT_SAMPLES) if hand.declarer == seat else None
    # Conceding or playing on, on the deals of the hint at that moment.
    conceding = judge_concession(hand, seat, seed=seed, hand_number=hand_number)
    # The learner's pass, return or discard, on the exchange hint's deals.
    exchange = judge_exchange(hand, seat, seed=seed, hand_number=hand_number)
    # The trump named (three-handed: after the kitty), on the trump hint's deals.
    if hand.rules.has_kitty:
        trump = judge_kitty_trump(hand, seat, seed=seed, hand_number=hand_number)
    else:
        trump = judge_trump(hand, seat, samples=BID_HINT_SAMPLES)
    return _review_hand(
        hand, seat, judged, face_up, verdict, conceding, exchange_verdict=exchange,
        trump_verdict=trump,
    )  # fmt: skip


def _replay(h: Hand, seat: int, phase: Phase, what: object) -> None:
    """Carry out one recorded action again (for :meth:`GameSession.undo`)."""
    if phase is Phase.AUCTION:
        assert what is None or isinstance(what, int)
        h.bid(seat, what)
    elif phase is Phase.TRUMP:
        assert isinstance(what, Suit)
        h.name_trump(seat, what)
    elif phase in (Phase.PASS, Phase.RETURN, Phase.DISCARD):
        assert isinstance(what, tuple)
        give = {Phase.PASS: h.pass_cards, Phase.RETURN: h.return_cards, Phase.DISCARD: h.discard}
        give[phase](seat, what)
    elif what == "concede":
        h.concede(seat)
    else:
        assert isinstance(what, Card)
        h.play(seat, what)
