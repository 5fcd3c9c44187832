"""A finished hand, one decision at a time, for the table's replay.

:func:`replay_steps` replays a finished :class:`~pinochle_tutor.game.Hand` action by
action (its :attr:`~pinochle_tutor.game.Hand.history`, through
:meth:`Hand.apply <pinochle_tutor.game.Hand.apply>`) and keeps, for each decision, what
the learner's seat saw at that moment (:meth:`Hand.view
<pinochle_tutor.game.Hand.view>`): the cards on the table, the learner's own hand, the
meld shown and the kitty once it was turned up; never a card another seat held hidden.
A step whose decision the coach's review judged carries that verdict, taken from the
:class:`~pinochle_tutor.explain.review.HandReview` as it is (nothing is evaluated
again), with the cards or the call the coach preferred. The last step is the end of
the hand: the reckoning and the face-up view of the last tricks.

Captions name seats as the learner calls them (:func:`~pinochle_tutor.view.seat_does`),
never by number.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from pinochle_tutor.actions import Action, Bid, Concede, Give, NameTrump, Play
from pinochle_tutor.cards import Card, cards_text
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain.coaching import PlayJudgement
from pinochle_tutor.explain.review import HandReview
from pinochle_tutor.game import Hand
from pinochle_tutor.rules import check_seat
from pinochle_tutor.tricks import trick_winner
from pinochle_tutor.view import Phase, PlayerView, seat_does, seat_words

__all__ = [
    "ReplayError",
    "ReplayStep",
    "ShownMeld",
    "StepKind",
    "StepVerdict",
    "replay_steps",
]


class ReplayError(PinochleError):
    """A replay that cannot be made: the hand is not finished (its phase is quoted), or
    the review is from another seat."""


class StepKind(Enum):
    """What a replay step shows."""

    AUCTION = "auction"
    """One call of the auction."""
    TRUMP = "trump"
    """The declarer names trump."""
    EXCHANGE = "exchange"
    """Cards given: the partner's pass, the declarer's return, or (three-handed) the
    declarer's discard after taking the kitty."""
    MELD = "meld"
    """Every seat's meld, laid down."""
    CONCEDE = "concede"
    """The declarer concedes before the first trick."""
    PLAY = "play"
    """One card played."""
    END = "end"
    """The hand is over: the reckoning and the face-up view of the last tricks."""


@dataclass(frozen=True)
class StepVerdict:
    """The coach's verdict on the decision of one step, as the review gave it."""

    topic: str
    """What was judged, in words: ``'Your card'``, ``'Your bid'`` ..."""
    text: str
    """The review's verdict, word for word."""
    mistake: bool
    """Whether the review calls the decision a mistake (or its own second thought)."""
    better_cards: tuple[Card, ...] = ()
    """The cards the coach prefers (a card to play, cards to give); empty when the
    better choice is not a card, or there was none."""
    better_words: str = ""
    """The better choice in a few words (``'Better: A♠'``, ``'Better: stop at 250'``);
    empty when the learner's choice was good."""

    @property
    def line(self) -> str:
        """The verdict as one line: topic, text and the better choice."""
        tail = f" {self.better_words}." if self.better_words else ""
        return f"{self.topic}: {self.text}{tail}"


@dataclass(frozen=True)
class ShownMeld:
    """One seat's meld as the table saw it: the cards laid down and their points."""

    seat: int
    name: str
    """The seat as the learner calls it (``'you'``, ``'the left opponent'``)."""
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True)
class ReplayStep:
    """One decision of a finished hand, as the learner's seat saw the table then."""

    number: int
    """1 for the first step."""
    kind: StepKind
    title: str
    """Where in the hand: ``'The auction'``, ``'Trump'``, ``'Trick 3'`` ..."""
    caption: str
    """What happened, in words, seats named as the learner calls them."""
    seat: int | None
    """The seat that decided (``None``: the meld and the end, which are no one's)."""
    trick_number: int | None
    """1 for the first trick (``None`` before trick play)."""
    trick: tuple[tuple[int, Card], ...]
    """The cards on the table after this step, led card first, each with its seat
    (a finished trick stays until the next lead)."""
    winner: int | None
    """The seat winning the trick on the table (``None``: no card on it)."""
    hand: tuple[Card, ...]
    """The learner's own hand when the decision was taken (before a card of theirs
    left it)."""
    played: Card | None = None
    """The card played at this step."""
    given: tuple[Card, ...] = ()
    """The cards the learner gave or received at this step (others' exchanges stay
    hidden: only how many cards went)."""
    kitty: tuple[Card, ...] = ()
    """Three-handed: the kitty, once turned up for all to see."""
    melds: tuple[ShownMeld, ...] = ()
    """The meld every seat laid down (the meld step)."""
    verdicts: tuple[StepVerdict, ...] = ()
    """The review's verdicts on this step's decision (several at the first lead: the
    card and the choice to play on)."""
    notes: tuple[str, ...] = ()
    """More for this step: the learner's refused tries, the reckoning and the face-up
    view of the last tricks at the end."""

    @property
    def judged(self) -> bool:
        """Whether the coach's review judged this step's decision."""
        return bool(self.verdicts)

    @property
    def better_cards(self) -> tuple[Card, ...]:
        """Every card the coach prefers at this step (to mark on the screen)."""
        return tuple(c for v in self.verdicts for c in v.better_cards)

    def lines(self) -> list[str]:
        """The step in sentences: title, caption, verdicts and notes."""
        return [
            f"{self.title}: {self.caption}",
            *(v.line for v in self.verdicts),
            *self.notes,
        ]

    @property
    def text(self) -> str:
        """The step as text (what a screen reader reads)."""
        return "\n".join(self.lines())


def _count(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


class _Replayer:
    """Builds the steps; one per finished hand."""

    def __init__(self, hand: Hand, seat: int, review: HandReview) -> None:
        self.final = hand
        self.seat = seat
        self.review = review
        self.rules = hand.rules
        self.h = Hand(hand.dealer, hand.rules, dealt=hand.deal)
        self.steps: list[ReplayStep] = []
        self.plays = {
            (j.trick_number, j.played): j for j in review.judgements or ()
        }  # the learner plays one card a trick
        self.refused = {r.trick_number: r.text for r in review.refused}
        my_bids = [
            i for i, (s, a) in enumerate(hand.history)
            if s == seat and isinstance(a, Bid) and a.amount is not None
        ]  # fmt: skip
        self.last_bid = my_bids[-1] if my_bids else None
        self.first_play = next(
            (i for i, (s, a) in enumerate(hand.history) if s == seat and isinstance(a, Play)),
            None,
        )

    # ------------------------------------------------------------ words
    def who(self, seat: int, verb: str = "", *, start: bool = True) -> str:
        return seat_does(seat, self.seat, self.rules, verb, start=start)

    def words(self, seat: int) -> str:
        return seat_words(seat, self.seat, self.rules)

    # ------------------------------------------------------------ building
    def add(self, view: PlayerView, kind: StepKind, title: str, caption: str,
            seat: int | None, **more: object) -> None:  # fmt: skip
        after = self.h.view(self.seat)
        if after.trick:
            trick = tuple(zip(after.trick_seats, after.trick, strict=True))
            number: int | None = len(after.tricks) + 1
        elif after.tricks and kind in (StepKind.PLAY, StepKind.END):
            t = after.tricks[-1]
            trick = tuple(zip(t.seats, t.cards, strict=True))
            number = len(after.tricks)
        else:
            trick, number = (), (len(after.tricks) + 1 if after.phase is Phase.PLAY else None)
        if trick:
            winner: int | None = self._winner(trick, after)
        else:
            winner = None
        self.steps.append(
            ReplayStep(
                number=len(self.steps) + 1, kind=kind, title=title, caption=caption, seat=seat,
                trick_number=number, trick=trick, winner=winner, hand=view.hand,
                kitty=after.kitty, **more,  # type: ignore[arg-type]
            )
        )  # fmt: skip

    def _winner(self, trick: tuple[tuple[int, Card], ...], after: PlayerView) -> int:
        if not after.trick and after.tricks:
            return after.tricks[-1].winner
        assert after.trump is not None
        return trick[trick_winner([c for _, c in trick], after.trump)][0]

    def build(self) -> list[ReplayStep]:
        for i, (seat, action) in enumerate(self.final.history):
            if (
                isinstance(action, (Play, Concede))
                and self.h.melds is not None
                and not any(s.kind is StepKind.MELD for s in self.steps)
            ):
                self.meld_step()
            view = self.h.view(self.seat)
            phase = self.h.phase
            self.h.apply(action)
            self.step(i, seat, action, view, phase)
        self.end_step()
        return self.steps

    def step(self, i: int, seat: int, action: Action, view: PlayerView, phase: Phase) -> None:
        if isinstance(action, Bid):
            verb = "pass" if action.amount is None else f"bid {action.amount}"
            verdicts = self.bid_verdict() if i == self.last_bid else ()
            dealt = f"{self.who(self.final.dealer)} dealt. " if i == 0 else ""
            self.add(view, StepKind.AUCTION, "The auction", dealt + self.who(seat, verb) + ".",
                     seat, verdicts=verdicts)  # fmt: skip
        elif isinstance(action, NameTrump):
            self.add(view, StepKind.TRUMP, "Trump",
                     self.who(seat, f"name {action.suit.plural} trump") + ".", seat,
                     verdicts=self.trump_verdict(seat))  # fmt: skip
        elif isinstance(action, Give):
            self.give_step(seat, action, view, phase)
        elif isinstance(action, Concede):
            verdicts = self.concession_verdict() if seat == self.seat else ()
            self.add(view, StepKind.CONCEDE, "Conceding",
                     self.who(seat, "concede the hand") + " before the first trick.", seat,
                     verdicts=verdicts)  # fmt: skip
        elif isinstance(action, Play):
            self.play_step(i, seat, action, view)

    def give_step(self, seat: int, action: Give, view: PlayerView, phase: Phase) -> None:
        decl = self.h.declarer
        assert decl is not None
        n = _count(len(action.cards))
        mine = seat == self.seat
        to_me = phase in (Phase.PASS, Phase.RETURN) and not mine and (
            (phase is Phase.PASS and decl == self.seat)
            or (phase is Phase.RETURN and self.rules.partner(decl) == self.seat)
        )  # fmt: skip
        shown = action.cards if mine or to_me else ()
        if phase is Phase.DISCARD:
            what = cards_text(action.cards) if mine else n
            caption = self.who(seat, f"discard {what}") + " face down."
            title = "The discard"
        else:
            to = decl if phase is Phase.PASS else self.rules.partner(decl)
            assert to is not None
            verb = "pass" if phase is Phase.PASS else "return"
            what = cards_text(action.cards) if shown else n
            caption = self.who(seat, f"{verb} {what} to {self.words(to)}") + "."
            title = "The pass" if phase is Phase.PASS else "The return"
        verdicts = self.exchange_verdict() if mine else ()
        self.add(view, StepKind.EXCHANGE, title, caption, seat, given=shown, verdicts=verdicts)

    def meld_step(self) -> None:
        view = self.h.view(self.seat)
        assert view.melds is not None and view.trump is not None
        melds = tuple(
            ShownMeld(s, self.words(s), tuple(m.hand), m.total) for s, m in enumerate(view.melds)
        )
        parts = ", ".join(f"{m.name} {m.points}" for m in melds)
        caption = f"Meld is laid down with {view.trump.plural} trump: {parts}."
        if self.rules.has_kitty:
            k = self.rules.kitty_size
            caption += (
                f" The declarer's {k} discarded card{'s stay' if k != 1 else ' stays'} face down."
            )
        self.add(view, StepKind.MELD, "Meld", caption, None, melds=melds)

    def play_step(self, i: int, seat: int, action: Play, view: PlayerView) -> None:
        number = len(view.tricks) + 1
        lead = not view.trick
        caption = self.who(seat, f"{'lead' if lead else 'play'} {action.card.text}") + "."
        after = self.h.view(self.seat)
        if not after.trick and len(after.tricks) == number:
            t = after.tricks[-1]
            pts = f"{t.points} point{'s' if t.points != 1 else ''}"
            caption += f" {self.who(t.winner, 'win')} the trick with {t.winning_card.text}: {pts}."
        verdicts: list[StepVerdict] = []
        notes: list[str] = []
        if seat == self.seat:
            if i == self.first_play and self.h.declarer == self.seat:
                verdicts += self.concession_verdict()
            j = self.plays.get((number, action.card))
            if j is not None:
                verdicts.append(self.play_verdict(j))
            if number in self.refused:
                notes.append(self.refused[number])
        self.add(view, StepKind.PLAY, f"Trick {number}", caption, seat, played=action.card,
                 verdicts=tuple(verdicts), notes=tuple(notes))  # fmt: skip

    def end_step(self) -> None:
        r = self.review
        view = self.h.view(self.seat)
        if self.final.conceded:
            caption = "The hand is over: the declarer conceded."
        else:
            caption = "The hand is over: every card has been played."
        notes = [" ".join(r.reckoning_lines())] if r.reckoning_lines() else []
        if r.face_up is not None:
            notes += r.face_up.lines()
        self.add(view, StepKind.END, "The end", caption, None, notes=tuple(notes))

    # ------------------------------------------------------------ verdicts
    def bid_verdict(self) -> tuple[StepVerdict, ...]:
        v = self.review.bid_verdict
        if v is None:
            return ()
        bid = v.score.bid
        if v.limit is None:
            better, mistake = "Better: pass", True
        elif bid > v.limit:
            better, mistake = f"Better: stop at {v.limit}", True
        else:
            better, mistake = "", False
        return (StepVerdict("Your bid", v.text, mistake, (), better),)

    def trump_verdict(self, seat: int) -> tuple[StepVerdict, ...]:
        v = self.review.trump_verdict
        if v is None or seat != self.seat:
            return ()
        better = f"Better: {v.best.plural}" if v.is_mistake else ""
        return (StepVerdict("Your trump", v.text, v.is_mistake, (), better),)

    def exchange_verdict(self) -> tuple[StepVerdict, ...]:
        v = self.review.exchange_verdict
        if v is None:
            return ()
        cards = v.advice.cards if v.is_mistake else ()
        better = f"Better: {cards_text(cards)}" if cards else ""
        return (StepVerdict("Your cards", v.text, v.is_mistake, cards, better),)

    def concession_verdict(self) -> tuple[StepVerdict, ...]:
        v = self.review.concession
        if v is None:
            return ()
        better = ("Better: play on" if v.conceded else "Better: concede") if v.is_mistake else ""
        return (StepVerdict("Conceding or playing on", v.text, v.is_mistake, (), better),)

    @staticmethod
    def play_verdict(j: PlayJudgement) -> StepVerdict:
        off = j.is_mistake or j.second_thought
        cards = (j.advice.card,) if off else ()
        better = f"Better: {j.advice.card.text}" if off else ""
        return StepVerdict("Your card", j.text, off, cards, better)


def replay_steps(hand: Hand, seat: int, review: HandReview) -> tuple[ReplayStep, ...]:
    """The finished ``hand`` as ``seat`` saw it, one step per decision (every call of
    the auction, the trump, each exchange of cards, the meld laid down, each card
    played), then the end; ``review`` is the coach's review of the hand from ``seat``
    (:func:`pinochle_tutor.coach.review`), whose verdicts go on the steps they judge.
    Raises :class:`ReplayError` for a hand still being played or a review from
    another seat."""
    check_seat(seat, hand.rules, "seat")
    if hand.phase is not Phase.DONE:
        raise ReplayError(
            f"the hand is in the {hand.phase.value} phase: a replay needs a finished hand"
        )
    if review.learner_seat != seat:
        raise ReplayError(
            f"the review is from {seat_words(review.learner_seat, seat, hand.rules)}'s seat, "
            "not yours: review the hand from the same seat"
        )
    return tuple(_Replayer(hand, seat, review).build())
