"""A whole game against computer players, one decision at a time, for a learner
at one seat: the game flow behind the game table widget.

:class:`GameSession` deals hand after hand until a side reaches the target. The
computer seats act on their own (:meth:`GameSession.advance`) until it is the
learner's turn; the learner acts through methods that check every action first
and refuse a wrong one with the tutor's reason, never corrupting the hand. Undo deals
the hand again and replays its actions (:attr:`Hand.history
<pinochle_tutor.game.Hand.history>`) through :meth:`Hand.apply
<pinochle_tutor.game.Hand.apply>`. The session keeps the log and the score sheet that
the :class:`~pinochle_tutor.course.table.narration.Narrator` writes, and asks the
coach (:func:`pinochle_tutor.coach.hint`, :func:`pinochle_tutor.coach.review`) for
hints and reviews.

Everything the session shows the learner is built from
:meth:`Hand.view(learner seat) <pinochle_tutor.game.Hand.view>`: the other
seats' hidden cards (and the cards passed between other players) never reach
the log, the hint or the score sheet. The bidding trainer's single-decision drill is
:mod:`pinochle_tutor.course.bidding_drill`.

>>> s = GameSession(seed=7)
>>> s.view.phase, s.is_my_turn
(<Phase.AUCTION: 'auction'>, True)
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pinochle_tutor.actions import Action, Bid, Concede, Give, NameTrump, Play
from pinochle_tutor.auction import IllegalBidError
from pinochle_tutor.cards import Card, CardLike, SuitLike, parse_card, parse_suit
from pinochle_tutor.classroom.attempts import HAND_KIND, MISTAKE_KIND
from pinochle_tutor.classroom.identity import page_from_environment
from pinochle_tutor.classroom.own_positions import position_key
from pinochle_tutor.classroom.progress import Progress
from pinochle_tutor.coach import Hint, hint, review
from pinochle_tutor.coach.play import PLAY_HINT_SAMPLES, PLAY_REVIEW_MARGIN, coach_play
from pinochle_tutor.course.own_positions import keep_mistakes
from pinochle_tutor.course.seeds import deal_id, page_seed
from pinochle_tutor.course.table.narration import Event, EventKind, Narrator
from pinochle_tutor.course.table.seating import seat_player
from pinochle_tutor.deal import next_dealer
from pinochle_tutor.errors import IllegalActionError
from pinochle_tutor.explain import (
    HandReview,
    InvalidClaimError,
    MeldDiagnosis,
    PlayExplanation,
    PlayJudgement,
    diagnose_meld,
    explain_call,
    explain_play,
)
from pinochle_tutor.game import Hand, OutOfTurnError
from pinochle_tutor.hands import as_cards
from pinochle_tutor.meld import MeldReport
from pinochle_tutor.players import Player
from pinochle_tutor.rules import CLASSIC, RuleSet, as_rules, check_seat
from pinochle_tutor.scoring import HandScore, game_winner, score_hand
from pinochle_tutor.tricks import IllegalPlayError
from pinochle_tutor.view import Phase, PlayerView, TrickRecord

__all__ = ["GameSession", "RefusedPlayError", "UndoRefusedError", "hand_item_id"]


def hand_item_id(seed: int, number: int) -> str:
    """The name a finished hand is kept under in a learner's progress: the game's
    deals (:func:`~pinochle_tutor.course.seeds.deal_id`, never the seed, which a
    learner downloads with their answers and from which every later hand could be
    dealt) and the hand's number, so the same hand of the same game always has the
    same name (a classmates' table replayed by a reloaded page keeps it once).

    >>> hand_item_id(7, 2)
    'hand:b29eb0495e152091:2'
    >>> hand_item_id(7, 2) != hand_item_id(8, 2)
    True
    """
    return f"hand:{deal_id(seed, 'game')}:{number}"


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
    seat's meld is shown and play goes on.

    Each hand played to the end is kept in the learner's progress (kind ``hand``, see
    :meth:`_record_hand`), for the teacher's count of hands played, with each card its
    review calls a clear mistake kept as the learner's own position for the review
    (:meth:`_keep_mistakes`): on a served page
    (``page``, default the page Voila serves; nothing is kept outside Voila), in
    ``progress`` (default: the learner's, :meth:`Progress.load
    <pinochle_tutor.classroom.progress.Progress.load>`)."""

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
        page: str | None = None,
        progress: Progress | None = None,
    ) -> None:
        self.rules = as_rules(rules)
        self.page = page_from_environment() if page is None else page
        """The served page the game is on (``''``: not served, hands are not kept)."""
        self._progress = progress
        self._kept: set[int] = set()
        """The hands (by number) kept in the learner's progress."""
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
        self._checkpoints: list[_Checkpoint] = []
        self._rng = random.Random(self.seed)
        partner_seat = r.partner(human_seat)
        self._players: dict[int, Player] = {}
        for seat in range(r.players):
            if seat == human_seat:
                continue
            kind = partner if seat == partner_seat and partner is not None else opponents
            self._players[seat] = seat_player(kind, seed=self._rng.randrange(2**32))
        # One more draw before the deals: the deals of every seed depend on it.
        self._rng.randrange(2**32)
        self._reviewed: tuple[Hand, HandReview] | None = None
        self.undo_verdict: PlayJudgement | None = None
        """The coach's verdict on the card the last :meth:`undo` took back (``None`` when
        it took back something else, or the card was the only choice)."""
        self.narrator = Narrator(r, human_seat)
        """The table's words: the log lines and score-sheet rows."""
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
        return self.narrator.seat_name(seat)

    def side_name(self, side: int) -> str:
        """``'Us'`` / ``'Them'`` in partnerships, the seat's name otherwise."""
        return self.narrator.side_name(side)

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
        return len(self.hands) > 1 or any(
            seat == self.human_seat for seat, _ in self.engine_hand.history
        )

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
                        review(h, self.human_seat, seed=self.seed, hand_number=number),
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

    def _after_action(self, seat: int, phase: Phase) -> None:
        """Log what ``seat`` just did, as the learner's view shows it."""
        v = self.view
        n = self.hand_number
        stuck = self.engine_hand.auction.stuck
        self.events.extend(self.narrator.action(n, seat, phase, v, stuck))
        if phase is not Phase.PLAY and v.phase is Phase.PLAY and v.melds is not None:
            if self.count_meld:
                self._counting = True  # the melds are logged once the learner has counted
            else:
                self.events.extend(self.narrator.melds(n, v))
        if v.phase is Phase.DONE:
            self._finish_hand()

    def _finish_hand(self) -> None:
        h = self.engine_hand
        n = self.hand_number
        assert h.declarer is not None
        for side, change in enumerate(h.score_changes):
            self.scores[side] += change
        self.rows.append(self.narrator.score_row(n, h, self.scores))
        self.events.append(self.narrator.score(n, h, self.scores))
        self.winner = game_winner(self.scores, self.rules.side(h.declarer), h.made, self.rules)
        if self.winner is not None or n >= self.max_hands:
            self._game_over = True
            self.events.append(self.narrator.game_over(n, self.winner, self.max_hands))
        self._record_hand(n, h)

    def _record_hand(self, n: int, h: Hand) -> None:
        """Keep the finished hand ``n`` in the learner's progress (a served page only,
        or one given ``progress``), once: a hand finished again after an undo keeps
        its first result. The answer is the score line the log shows (seat and side
        names, no hidden card); ``right`` is whether the learner's side won the
        contract: made it as the bidders, or set it (a concession included) as
        defenders. A failure to keep it never disturbs the game."""
        if n in self._kept or (not self.page and self._progress is None):
            return
        self._kept.add(n)
        assert h.declarer is not None
        ours = self.rules.side(h.declarer) == self.rules.side(self.human_seat)
        try:
            if self._progress is None:
                self._progress = Progress.load()
            self._progress.record(
                hand_item_id(self.seed, n), HAND_KIND, (), self.narrator.score(n, h, self.scores).text,
                h.made if ours else not h.made, page=self.page, rule_set=self.rules.name,
            )  # fmt: skip
        except Exception:  # the game must go on without its record
            logging.getLogger(__name__).exception("a finished hand could not be recorded")
            return
        self._keep_mistakes(h)

    def _keep_mistakes(self, h: Hand) -> None:
        """Keep each card of the finished hand ``h`` that the coach's review calls a clear
        mistake as the learner's own position, for the review
        (:func:`~pinochle_tutor.course.own_positions.keep_mistakes`): only what the
        learner's seat saw, never the seed. A failure never disturbs the game."""
        try:
            review = self.review()
            positions = keep_mistakes(h, self.human_seat, review) if review is not None else []
        except Exception:  # the game must go on without its record
            logging.getLogger(__name__).exception("a hand's mistakes could not be judged")
            return
        for kept in positions:
            key = position_key(self.rules.name, kept)
            try:
                assert self._progress is not None
                self._progress.record(
                    key, MISTAKE_KIND, (key,), kept.played, False, page=self.page,
                    rule_set=self.rules.name, position=kept.text,
                )  # fmt: skip
            except Exception:  # the next position is still tried
                logging.getLogger(__name__).exception("a hand's mistake could not be kept")

    # ------------------------------------------------------------------ flow
    def _checkpoint(self, what: str) -> _Checkpoint:
        return _Checkpoint(
            len(self.engine_hand.history), len(self.events), len(self.rows), tuple(self.scores),
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
        for _, action in old.history[: cp.actions]:
            h.apply(action)
        self.undo_verdict = None
        if cp.actions < len(old.history):
            _, taken = old.history[cp.actions]
            v = h.view(self.human_seat)
            if isinstance(taken, Play) and v.phase is Phase.PLAY and len(set(v.legal)) > 1:
                advice = coach_play(
                    v,
                    seed=self.seed,
                    hand_number=self.hand_number,
                    samples=PLAY_HINT_SAMPLES,
                    margin=PLAY_REVIEW_MARGIN * self.rules.counter,
                )
                self.undo_verdict = PlayJudgement(len(v.tricks) + 1, taken.card, advice)
        h.illegal_attempts = list(old.illegal_attempts)
        self.hands[-1] = h
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
        self._checkpoints = []
        self._waiting = False
        self._counting = False
        self.meld_diagnosis = None
        self.hands.append(Hand(self._dealer, self.rules, rng=self._rng))
        self.events.extend(self.narrator.deal(self.hand_number, self._dealer))
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
    def expect(self, phase: Phase) -> None:
        """Raise :class:`OutOfTurnError` with the reason unless the hand waits for the
        learner in ``phase`` now: what every act of the learner checks first, for a
        page to ask before it reads what the learner typed (a bid box left empty out of
        turn is told whose turn it is, as a bid would be)."""
        self._expect(phase)

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

    def _take(self, phase: Phase, action: Action, what: str) -> None:
        """The learner takes ``action`` (checked by the caller) in ``phase``; ``what``
        names it for undo."""
        cp = self._checkpoint(what)
        self.engine_hand.apply(action)
        self._checkpoints.append(cp)
        self._after_action(self.human_seat, phase)

    def bid(self, amount: object) -> None:
        """Bid ``amount`` (``None`` to pass). A call the auction refuses raises
        :class:`IllegalBidError` with the tutor's reason."""
        h = self._expect(Phase.AUCTION)
        e = explain_call(h.auction, self.human_seat, amount, me=self.human_seat)
        if not e.legal:
            self._log(EventKind.ILLEGAL, self.human_seat, f"Refused: {e.text}")
            raise IllegalBidError(e.text)
        assert amount is None or isinstance(amount, int)
        what = "your pass" if amount is None else f"your bid of {amount}"
        self._take(Phase.AUCTION, Bid(amount), what)
        self.advance()

    def pass_(self) -> None:
        """Pass in the auction (final for this auction)."""
        self.bid(None)

    def name_trump(self, suit: SuitLike) -> None:
        """As the declarer, name ``suit`` trump."""
        self._expect(Phase.TRUMP)
        chosen = parse_suit(suit)
        self._take(Phase.TRUMP, NameTrump(chosen), f"naming {chosen.plural} trump")
        self.advance()

    def _give(self, phase: Phase, cards: Sequence[CardLike] | str) -> None:
        self._expect(phase)
        chosen = tuple(as_cards(cards))
        verb = {Phase.PASS: "pass", Phase.RETURN: "return", Phase.DISCARD: "discard"}[phase]
        try:
            self._take(phase, Give(chosen), f"your {verb} of {' '.join(c.text for c in chosen)}")
        except IllegalActionError as e:
            msg = str(e)
            self._log(EventKind.ILLEGAL, self.human_seat, f"Refused: {msg[:1].upper()}{msg[1:]}.")
            raise
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
        self._take(Phase.PLAY, Concede(), "your concession")

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
        self.events.extend(self.narrator.melds(self.hand_number, v))
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
        self._take(Phase.PLAY, Play(e.card), f"your play of {e.card.text}")
        if self.pause_after_trick and self._trick_done():
            self._waiting = True
        self.advance()
        return e

    # ------------------------------------------------------------------ hints
    def take(self, hint: Hint) -> None:
        """Make the move ``hint`` recommends for the learner: the bid (or pass), the
        trump, the cards to pass, return or discard, the concession or the card. Raises
        as the move itself would when it is not the learner's move now."""
        move = hint.move
        if isinstance(move, Concede):
            self.concede()
        elif isinstance(move, Bid):
            self.bid(move.amount)
        elif isinstance(move, NameTrump):
            self.name_trump(move.suit)
        elif isinstance(move, Give):
            self._give(hint.phase, move.cards)
        else:
            assert isinstance(move, Play)
            self.play(move.card)

    def hint(self) -> Hint:
        """The coach's choice for the learner's current decision, with a reason."""
        self._expect(self.phase)
        return hint(
            self.view, seed=self.seed, hand_number=self.hand_number, can_concede=self.can_concede
        )
