"""Reviewing a hand: a played hand, trick by trick, from one learner's seat.

For each trick: who led, the cards, who won and how many points, and the running
trick points of each side; then the cards the learner tried that the rules
refused, the coach's verdict on the learner's card play (when the caller judged it:
:func:`pinochle_tutor.coach.play.judge_play`), and the reckoning of the contract.
:func:`review_hand` builds it from a finished :class:`~pinochle_tutor.game.Hand`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pinochle_tutor.cards import Card, Suit, sort_hand
from pinochle_tutor.explain.bidding import FailedBidExplanation, TrumpJudgement
from pinochle_tutor.explain.coaching import PlayJudgement, points
from pinochle_tutor.explain.concession import ConcessionJudgement
from pinochle_tutor.explain.contract import ContractExplanation, contract_explanation
from pinochle_tutor.explain.exchange_advice import ExchangeJudgement
from pinochle_tutor.explain.play import CardGroup, PlayExplanation, group_sentences, group_verdicts
from pinochle_tutor.rules import RuleSet, check_seat
from pinochle_tutor.view import seat_does, seat_name, seat_words

if TYPE_CHECKING:
    from pinochle_tutor.game import Hand


# ==================================================================== 7. hand review


@dataclass(frozen=True)
class FaceUpPlay:
    """One of the learner's cards in the last tricks that gave trick points away with
    every card face up."""

    trick_number: int
    card: Card
    best: tuple[Card, ...]
    """The cards that would have kept the most, with best play by everyone after."""
    loss: int
    """Trick points ``card`` gave away against them."""


@dataclass(frozen=True)
class FaceUpEndgame:
    """The last tricks of a hand with every card face up (a "double-dummy" view): what
    the learner's side could have taken from :attr:`from_trick` on with best play by
    everyone, against what it took, and the learner's cards there that gave points
    away. In the three-handed game the two defenders count as one side against the
    declarer, as the exact search plays them."""

    from_trick: int
    could_take: int
    """The learner's side's trick points from :attr:`from_trick` on, best play by all."""
    took: int
    """What the learner's side really took in those tricks."""
    left: int
    """Every trick point still to be won at :attr:`from_trick` (the last-trick bonus in)."""
    side: str
    """How the text names the learner's side: ``'your side'``, ``'you'`` ..."""
    plays: tuple[FaceUpPlay, ...] = ()

    @property
    def _givers(self) -> str:
        """Whose cards gave points to the learner's side: the other side (partnerships),
        the other two players (the learner declared three-handed) or the declarer (the
        learner defended three-handed, pooled with the other defender)."""
        return {"your side": "the other side's", "you": "the other players'"}.get(
            self.side, "the declarer's"
        )

    def lines(self) -> list[str]:
        """The view in sentences: the best and the real outcome, then each costly card."""
        head = (
            f"With every card face up from trick {self.from_trick} on, best play by everyone "
            f"gives {self.side} {self.could_take} of the {self.left} trick points left; "
            f"{self.side} took {self.took}"
        )
        if self.took > self.could_take:
            head += f": {self._givers} cards gave {self.took - self.could_take} away."
        elif self.took == self.could_take:
            head += ", just what best play gives."
        else:
            head += f", {self.could_take - self.took} fewer."
        out = [head]
        for q in self.plays:
            best = " or ".join(c.text for c in q.best)
            out.append(
                f"  - Trick {q.trick_number}: {q.card.text} gave away {q.loss} trick point"
                f"{'s' if q.loss != 1 else ''} with the cards face up; {best} kept "
                f"{'them' if q.loss != 1 else 'it'}."
            )
        return out


@dataclass(frozen=True)
class TrickReview:
    """One completed trick, with the running trick points of each side after it."""

    number: int
    """1 for the first trick."""
    leader: int
    cards: tuple[Card, ...]
    """In play order, the led card first."""
    seats: tuple[int, ...]
    winner: int
    winning_card: Card
    points: int
    """Trick points it held, with the last-trick bonus where it applies."""
    last: bool
    running: tuple[int, ...]
    """Trick points of each side after this trick."""


@dataclass(frozen=True)
class AttemptReview:
    """A card the learner tried to play that the rules refused."""

    trick_number: int
    """1 for the first trick."""
    explanation: PlayExplanation

    @property
    def text(self) -> str:
        """The refusal in plain words."""
        return f"Trick {self.trick_number}: you tried {self.explanation.card.text}. {self.explanation.text}"

    def __str__(self) -> str:
        return self.text


def _times(n: int) -> str:
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"


@dataclass(frozen=True)
class RefusedTries:
    """Every card the learner tried at one trick that the rules refused, folded into
    one entry: which cards, how many times each, and the rules that refused them (a
    learner who clicks a refused card again and again gets one line, not one each)."""

    trick_number: int
    """1 for the first trick."""
    attempts: tuple[AttemptReview, ...]
    """The refused tries in the order they were made."""
    groups: tuple[CardGroup, ...]
    """The tried cards grouped by the rule that refused them, with the cards that prove it."""

    @property
    def tries(self) -> tuple[tuple[Card, int], ...]:
        """Each distinct card tried, in the order first tried, with how often."""
        counts: dict[Card, int] = {}
        for a in self.attempts:
            counts[a.explanation.card] = counts.get(a.explanation.card, 0) + 1
        return tuple(counts.items())

    @property
    def text(self) -> str:
        """The tries and the rules that refused them, in one entry."""
        tries = self.tries
        n = len(self.attempts)
        if len(tries) == 1:
            card, times = tries[0]
            again = f" ({_times(times)})" if times > 1 else ""
            return (
                f"Trick {self.trick_number}: you tried {card.text}{again}. "
                f"{self.attempts[0].explanation.text}"
            )
        listed = ", ".join(c.text + (f" ({_times(k)})" if k > 1 else "") for c, k in tries)
        return (
            f"Trick {self.trick_number}: you tried {n} cards the rules refused: {listed}. "
            + " ".join(group_sentences(self.groups))
        )

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class HandReview:
    """A hand, trick by trick, from one learner's seat: who led, the cards, who
    won and how many points, the running totals, the learner's refused cards and
    the reckoning of the contract."""

    rules: RuleSet
    learner_seat: int
    dealer: int
    declarer: int | None
    contract: int | None
    trump: Suit | None
    side_meld: tuple[int, ...]
    discard_points: int
    """Three-handed: trick points in the declarer's discards, which count as theirs
    (0 without a kitty). The discards are face down, so only their points are told."""
    tricks: tuple[TrickReview, ...]
    attempts: tuple[AttemptReview, ...]
    contracts: tuple[ContractExplanation, ...]
    """The reckoning (one per defending side, three-handed each naming its defender's
    seat; empty until the hand is scored)."""
    conceded: bool = False
    judgements: tuple[PlayJudgement, ...] | None = None
    """The coach's verdict on each of the learner's card plays that was a choice
    (``None``: the play was not judged)."""
    face_up: FaceUpEndgame | None = None
    """The last tricks with every card face up (``None``: not solved)."""
    bid_verdict: FailedBidExplanation | None = None
    """The learner's contract against what the bidding model knew at their last bid
    (``None``: the learner did not declare, or it was not judged)."""
    concession: ConcessionJudgement | None = None
    """The learner's choice, as declarer at the first lead, to concede or play on, against
    the coach's evaluation (``None``: the learner did not declare, or it was not judged)."""
    exchange_verdict: ExchangeJudgement | None = None
    """The coach's verdict on the learner's pass, return or discard (``None``: the
    learner gave no cards, or it was not judged)."""
    trump_verdict: TrumpJudgement | None = None
    """The coach's verdict on the trump the learner named (three-handed: after the
    kitty; ``None``: the learner did not declare, or it was not judged)."""
    stuck: bool = False
    """Everyone passed before the dealer, who was stuck with the contract."""

    @property
    def refused(self) -> tuple[RefusedTries, ...]:
        """The learner's refused tries, one entry per trick, in trick order."""
        by_trick: dict[int, list[AttemptReview]] = {}
        for a in self.attempts:
            by_trick.setdefault(a.trick_number, []).append(a)
        out = []
        for number, tries in sorted(by_trick.items()):
            first: dict[Card, AttemptReview] = {}
            for a in tries:
                first.setdefault(a.explanation.card, a)
            e = tries[0].explanation
            verdicts = [a.explanation.verdict for a in first.values()]
            out.append(RefusedTries(number, tuple(tries), group_verdicts(verdicts, e.trick, e.trump)))
        return tuple(out)

    @property
    def mistakes(self) -> tuple[PlayJudgement, ...]:
        """The judged card plays of the learner's own choosing that cost trick points
        beyond the evaluation's error (a hint's card is never one)."""
        return tuple(j for j in self.judgements or () if j.is_mistake)

    @property
    def second_thoughts(self) -> tuple[PlayJudgement, ...]:
        """The hint's cards the learner played that the review's deeper look would not
        have played: the coach's second thoughts."""
        return tuple(j for j in self.judgements or () if j.second_thought)

    def judgement_lines(self) -> list[str]:
        """The coach's verdict on the learner's card play: the costly cards, each with
        its trick, the better card, the expected points lost and the principle; or
        that the play was good."""
        if self.judgements is None:
            return []
        n = len(self.judgements)
        if not n:
            return ["The coach had no card choice of yours to judge in this hand."]
        bad = self.mistakes
        second = self.second_thoughts
        plays = f"{n} card choice{'s' if n != 1 else ''}"
        after = [f"  - {j.text}" for j in second]
        if second:
            after.insert(0, "The coach's second thoughts on its own hints:")
        if not bad:
            head = (
                f"The coach judged your {plays}: none of your own cost trick points beyond "
                "the evaluation's error."
                if second
                else f"The coach judged your {plays}: all good, none cost trick points beyond "
                "the evaluation's error."
            )
            return [head, *after]
        lost = sum(j.loss for j in bad)
        good = n - len(bad) - len(second)
        lines = [
            f"The coach judged your {plays}: {len(bad)} cost trick points "
            f"({points(lost)} expected in all); {good} {'was' if good == 1 else 'were'} good."
        ]
        lines += [f"  - {j.text}" for j in bad]
        return lines + after

    def side_name(self, side: int) -> str:
        """A side as the learner calls it: ``'your side'`` or ``'the other side'`` in
        partnerships, else the player (``'you'``, ``'the left opponent'``); never a number."""
        r = self.rules
        if r.partnerships:
            return "your side" if r.side(self.learner_seat) == side else "the other side"
        return self._seat(side)

    @property
    def sides_in_order(self) -> tuple[int, ...]:
        """The sides (three-handed: the players) the learner's first, then in play order."""
        r = self.rules
        mine = r.side(self.learner_seat)
        return tuple((mine + k) % r.sides for k in range(r.sides))

    def _by_side(self, values: tuple[int, ...]) -> str:
        """Each side's (player's) number, the learner's first: ``'your side 50, the other side 180'``."""
        return ", ".join(f"{self.side_name(s)} {values[s]}" for s in self.sides_in_order)

    def _seat(self, seat: int) -> str:
        """A seat as the learner calls it: ``'you'``, ``'your partner'``, ``'the left opponent'``."""
        return seat_words(seat, self.learner_seat, self.rules)

    def _Seat(self, seat: int) -> str:
        return seat_does(seat, self.learner_seat, self.rules, start=True)

    @property
    def contract_explanation(self) -> ContractExplanation | None:
        """The reckoning against the first defending side (the only one in partnerships)."""
        return self.contracts[0] if self.contracts else None

    @property
    def text(self) -> str:
        """The review as a multi-line report."""
        r = self.rules
        lines: list[str] = []
        if self.declarer is None or self.trump is None:
            lines.append("The hand has not reached trick play yet.")
        else:
            dealt = f"{self._Seat(self.dealer)} dealt."
            if self.stuck:
                lines.append(
                    f"{dealt} Everyone passed, leaving {self._seat(self.declarer)} stuck with the "
                    f"contract at {self.contract} (the dealer's). {self._Seat(self.declarer)} named "
                    f"{self.trump.plural} trump."
                )
            else:
                lines.append(
                    f"{dealt} {self._Seat(self.declarer)} won the auction at {self.contract} and "
                    f"named {self.trump.plural} trump."
                )
            lines.append(f"Meld: {self._by_side(self.side_meld)}.")
            if self.rules.has_kitty:
                n = self.rules.kitty_size
                whose = "Your" if self.declarer == self.learner_seat else "The declarer's"
                lines.append(
                    f"{whose} {n} discard{'s count' if n != 1 else ' counts'} "
                    f"{self.discard_points} trick point{'s' if self.discard_points != 1 else ''} "
                    f"for {self._seat(self.declarer)}."
                )
        if self.conceded:
            lines.append("The declarer conceded before the first trick.")
        by_trick = {r.trick_number: r for r in self.refused}
        for t in self.tricks:
            if (refused := by_trick.pop(t.number, None)) is not None:
                lines.append(f"  ! {refused.text}")
            plays = ", ".join(
                f"{self._seat(s)} {c.text}" for s, c in zip(t.seats[1:], t.cards[1:], strict=False)
            )
            bonus = (
                f" (with {r.last_trick_bonus} for the last trick)"
                if t.last and r.last_trick_bonus
                else ""
            )
            running = self._by_side(t.running)
            lines.append(
                f"Trick {t.number}: {self._seat(t.leader)} led {t.cards[0].text}; {plays}. "
                f"{self._Seat(t.winner)} won with {t.winning_card.text}: "
                f"{t.points} point{'s' if t.points != 1 else ''}{bonus}. Totals: {running}."
            )
        lines += [f"  ! {rest.text}" for rest in by_trick.values()]
        if self.attempts:
            lines.append(
                f"You tried {len(self.attempts)} card{'s' if len(self.attempts) != 1 else ''} "
                "that the rules did not allow."
            )
        if self.exchange_verdict is not None:
            lines.append("The exchange: " + self.exchange_verdict.text)
        if self.trump_verdict is not None:
            lines.append("The trump: " + self.trump_verdict.text)
        if self.concession is not None:
            lines.append("Conceding or playing on: " + self.concession.text)
        lines += self.judgement_lines()
        if self.face_up is not None:
            lines += self.face_up.lines()
        if self.bid_verdict is not None:
            lines.append("Your bid: " + self.bid_verdict.text)
        reckoning = self.reckoning_lines()
        if reckoning:
            lines.append(" ".join(reckoning))
        return "\n".join(lines)

    def reckoning_lines(self) -> list[str]:
        """The reckoning of the contract as sentences: the bidders' (three-handed: the
        declarer's, said once), then one sentence for each defending side, named by
        seat when there is more than one."""
        if not self.contracts:
            return []
        return [*self.contracts[0].declarer_lines(), *(c.defender_line() for c in self.contracts)]

    def __str__(self) -> str:
        return self.text


def review_hand(
    hand: Hand,
    learner_seat: int,
    judgements: tuple[PlayJudgement, ...] | None = None,
    face_up: FaceUpEndgame | None = None,
    bid_verdict: FailedBidExplanation | None = None,
    concession: ConcessionJudgement | None = None,
    *,
    exchange_verdict: ExchangeJudgement | None = None,
    trump_verdict: TrumpJudgement | None = None,
) -> HandReview:
    """Review a hand (played or in progress) from ``learner_seat``: each trick
    with its leader, cards, winner, points and running side totals; each card
    the learner tried that the rules refused, with the rule; the coach's
    ``judgements`` of the learner's card play, the ``face_up`` view of the last tricks,
    the ``bid_verdict`` on the learner's contract, the verdict on the learner's
    ``concession`` choice, the ``exchange_verdict`` on the learner's pass, return or
    discard and the ``trump_verdict`` on the trump named, when given; and the contract."""
    rules = hand.rules
    check_seat(learner_seat, rules, "learner_seat")
    running = [0] * rules.sides
    discard_points = sum(rules.counter_points[c.rank] for c in hand.discards)
    if hand.declarer is not None:
        running[rules.side(hand.declarer)] += discard_points
    tricks: list[TrickReview] = []
    n = rules.tricks_per_hand
    for i, t in enumerate(hand.tricks):
        running[rules.side(t.winner)] += t.points
        tricks.append(
            TrickReview(
                i + 1,
                t.leader,
                t.cards,
                t.seats,
                t.winner,
                t.winning_card,
                t.points,
                i + 1 == n,
                tuple(running),
            )
        )
    attempts: list[AttemptReview] = []
    if hand.trump is not None:
        for a in hand.illegal_attempts:
            if a.seat == learner_seat:
                e = PlayExplanation(a.verdict, tuple(sort_hand(a.hand)), a.played, hand.trump)
                attempts.append(AttemptReview(a.trick + 1, e))
    if rules.partnerships or hand.declarer is None:
        contracts = tuple(contract_explanation(s, rules) for s in hand.scores)
    else:
        names = tuple(seat_name(seat, learner_seat, rules) for seat in range(rules.players))
        bside = rules.side(hand.declarer)
        defenders = [d for d in range(rules.sides) if d != bside]
        contracts = tuple(
            contract_explanation(s, rules, hand.declarer, d, names)
            for s, d in zip(hand.scores, defenders, strict=True)
        )
    return HandReview(
        rules, learner_seat, hand.dealer, hand.declarer, hand.contract, hand.trump,
        tuple(hand.side_meld), discard_points, tuple(tricks), tuple(attempts), contracts,
        hand.conceded, judgements, face_up, bid_verdict, concession, exchange_verdict,
        trump_verdict, hand.auction.stuck,
    )  # fmt: skip
