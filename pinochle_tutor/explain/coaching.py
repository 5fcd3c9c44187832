"""The coach's advice on a card, and its verdict on a card played, in words.

The coach (:mod:`pinochle_tutor.coach.play`) values every legal card by playing the
hand on over imagined deals; :mod:`pinochle_tutor.coach.play` turns that into a
:class:`PlayAdvice`: the recommended card, the :class:`PlayPrinciple` that explains
it (only one the evaluation agrees with; otherwise :attr:`PlayPrinciple.NUMBERS`)
and every alternative's expected trick points. A :class:`PlayJudgement` is one card
the learner played, set against that advice, for the review after the hand.

Everything here is data with a text rendering; every number in a text is one of the
advice's own numbers (a mean, a loss, the number of imagined deals), written with
:func:`points`.

>>> PlayPrinciple.CHEAPEST_WINNER.label
'win with the lowest card that wins'
>>> points(3.04), points(-0.0)
('3.0', '0.0')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Generic, Protocol, TypeVar

from pinochle_tutor.cards import Card
from pinochle_tutor.explain._text import _names
from pinochle_tutor.rules import RuleSet

__all__ = [
    "REACH_MARGIN",
    "CardValue",
    "ChoiceJudgement",
    "PlayAdvice",
    "PlayJudgement",
    "PlayPrinciple",
    "ValuedChoice",
    "clear_loss",
    "points",
    "under_a_counter",
]


def clear_loss(loss: float, stderr: float, margin: float) -> bool:
    """The coach's one test of a mistake: a loss beyond twice its standard error (the
    evaluation is sure of it) and above ``margin`` (it matters). Every verdict of the
    coach, on a card, the cards given, the trump or conceding, is this test."""
    return loss > margin and loss > 2.0 * stderr


def under_a_counter(loss: float, rules: RuleSet) -> bool:
    """Whether ``loss`` (expected trick points) is less than one counter of ``rules``
    (its highest counter value: 10 in the classic game, 1 in the double deck).

    The coach's margin is half a counter, so a loss it calls clear (:func:`clear_loss`)
    can still be under one counter: the lessons then call it a small loss the coach is
    sure of, and keep "a clear mistake" for a counter or more."""
    return loss < rules.counter


REACH_MARGIN = 0.05
"""The least share of the deals by which one card must make (or set) the contract more
often than another before the coach calls the difference real: 5 deals in 100."""


def points(x: float) -> str:
    """How the coach writes an expected number of trick points: one decimal."""
    s = f"{x:.1f}"
    return "0.0" if s == "-0.0" else s


class PlayPrinciple(Enum):
    """Why a card is the one to play: the seed's tips and the standard play principles.

    The value is the principle's short name, as a player would say it."""

    ONLY_CARD = "the only legal card"
    """The rules leave one card (or copies of one card): nothing to decide."""
    FEED_PARTNER = "feed partner a counter"
    """The seed's tip: when partner's trick is secure (no seat still to play can beat
    it), give it a counter instead of a worthless card."""
    SAVE_COUNTER = "save a counter from a lost trick"
    """The trick goes to the other side whatever you play: give it a card that counts
    nothing and keep your counters for your own tricks."""
    CHEAPEST_WINNER = "win with the lowest card that wins"
    """Win the trick with the lowest card that does it, keeping the higher ones for
    later tricks."""
    POINTS_NOT_TRICKS = "points, not tricks"
    """The seed's tip: a trick without counters is worth nothing (unless it is the
    last); do not spend a winner on it."""
    TRACK_BOTH_COPIES = "track every copy"
    """The seed's tip ("track both copies": the classic deck has two of each card, the
    double deck four): this lead is sure only because the higher cards of its suit,
    every copy of them, are already played or in your hand."""
    CASH_SURE_WINNER = "cash a sure winner"
    """Lead a card no other seat can beat (the highest of its suit left, and nobody is
    known to be out of the suit), taking its trick before it can be trumped later."""
    DRAW_TRUMP = "draw trump"
    """The bidding side leads trump to pull the other side's trump, so its own side
    suits cannot be trumped later."""
    LEAD_TO_PARTNER_VOID = "lead to partner's void"
    """Lead a suit your partner has shown to be out of: partner can trump it."""
    FORCE_DECLARER = "force the declarer"
    """A defender leads a suit the declarer has shown to be out of, while the declarer
    may still hold trump: a player out of the suit led must trump if they can, so the
    declarer spends a trump on a card the defenders chose."""
    REMEMBER_EXPOSED_MELD = "remember exposed meld"
    """The seed's tip: meld shows where cards are. An opponent showed a card that
    beats your counter of its suit, so keep that counter back."""
    KEEP_GUARD = "keep a guard"
    """Keep a low card beside your ten while the ace of its suit is still out, so the
    ten need not fall under the ace."""
    NUMBERS = "what the numbers say"
    """No principle explains the choice (or the evaluation contradicts the one the
    position suggests): the expected trick points decide."""

    @property
    def label(self) -> str:
        """The principle's short name: ``'cash a sure winner'``."""
        return self.value

    def reason(self, card: Card, evidence: tuple[Card, ...] = ()) -> str:
        """The principle's sentence for ``card``, a card that follows it, resting on
        ``evidence`` (the cards shown in meld, for :attr:`REMEMBER_EXPOSED_MELD`)."""
        return _REASONS[self].format(card=card.text, evidence=_names(evidence))


_REASONS: dict[PlayPrinciple, str] = {
    PlayPrinciple.ONLY_CARD: "It is your only legal card.",
    PlayPrinciple.FEED_PARTNER: (
        "Your partner's card wins this trick and nobody still to play can beat it: "
        "feed it {card}, a counter."
    ),
    PlayPrinciple.SAVE_COUNTER: (
        "This trick is lost whatever you play: save your counters and give it {card}."
    ),
    PlayPrinciple.CHEAPEST_WINNER: "{card} is the lowest card that wins the trick now.",
    PlayPrinciple.POINTS_NOT_TRICKS: (
        "The trick holds no counters yet: points, not tricks, so do not spend a winner on it."
    ),
    PlayPrinciple.TRACK_BOTH_COPIES: (
        "Every copy of the cards above {card} is played or in your hand (track every "
        "copy), so nobody can beat it in its suit: cash it."
    ),
    PlayPrinciple.CASH_SURE_WINNER: (
        "No card that can beat {card} is still out (every higher one is played or in your "
        "hand), and no opponent who may hold trump has shown a void in its suit: cash a "
        "sure winner."
    ),
    PlayPrinciple.DRAW_TRUMP: (
        "Draw trump: leading {card} pulls your opponents' trump, so they cannot trump "
        "your other suits later."
    ),
    PlayPrinciple.LEAD_TO_PARTNER_VOID: (
        "Your partner has shown to be out of this suit and may trump it: lead to partner's void."
    ),
    PlayPrinciple.FORCE_DECLARER: (
        "The declarer has shown they are out of this suit and may still hold trump: a player "
        "out of the suit led must trump if they can, so {card} makes the declarer spend a "
        "trump on it if they still hold one (force the declarer)."
    ),
    PlayPrinciple.REMEMBER_EXPOSED_MELD: (
        "An opponent showed {evidence} in meld, which can capture your counter of that "
        "suit: keep that counter back and lead {card}."
    ),
    PlayPrinciple.KEEP_GUARD: (
        "Keep a guard: the ace of your ten's suit is still out, so keep the low card "
        "that protects the ten."
    ),
    PlayPrinciple.NUMBERS: "No rule of thumb decides here; the expected trick points do.",
}


@dataclass(frozen=True)
class CardValue:
    """One legal card as the coach valued it: the coach's evaluation of the card
    (:attr:`~pinochle_tutor.coach.play.PlayEvaluation.alternatives`), which the advice
    (:class:`PlayAdvice`) and the verdict render as it is."""

    card: Card
    mean: float
    """Mean trick points the deciding side takes from this trick on."""
    stderr: float
    """Standard error of :attr:`mean`."""
    loss: float
    """Trick points it gives away on average against the best card (0 for the best)."""
    loss_stderr: float
    """Standard error of :attr:`loss` (measured on the same imagined deals)."""
    clear_mistake: bool
    """Whether the loss is larger than its error and than the coach's margin."""
    reach: float | None = None
    """The share of the imagined deals on which the deciding side, after this card,
    takes what its goal asks: the contract made (the declaring side) or set (the
    defenders); ``None`` when nothing is at stake any more
    (:func:`~pinochle_tutor.coach.play_principles.contract_goal`)."""
    reach_gap: float = 0.0
    """How much less often than the coach's best card this card reaches the goal, deal
    by deal (below 0: more often); 0 when nothing is at stake."""
    reach_gap_stderr: float = 0.0
    """Standard error of :attr:`reach_gap`, from the same deals."""

    @property
    def reaches_more_often(self) -> bool:
        """Whether this card makes (or sets) the contract clearly more often than the
        coach's best card: by more than :data:`REACH_MARGIN` of the deals and by more than
        twice the error, :func:`clear_loss`'s test read the other way."""
        return clear_loss(-self.reach_gap, self.reach_gap_stderr, REACH_MARGIN)

    @property
    def reaches_less_often(self) -> bool:
        """Whether this card makes (or sets) the contract clearly less often than the
        coach's best card: :func:`clear_loss`'s test on :attr:`reach_gap`, with
        :data:`REACH_MARGIN`."""
        return clear_loss(self.reach_gap, self.reach_gap_stderr, REACH_MARGIN)


@dataclass(frozen=True)
class PlayAdvice:
    """The coach's recommendation for one card-play decision, with its reason.

    ``principle`` is true of ``card`` in this position and the evaluation agrees
    (``card`` is its best card). ``overruled`` is a principle the position suggests
    whose own card the evaluation calls a clear mistake (``overruled_card``), said so
    that a learner who knows the rule of thumb sees why it does not apply here."""

    card: Card
    principle: PlayPrinciple
    alternatives: tuple[CardValue, ...]
    """Every legal card evaluated, the recommended one first, then by loss (all of them
    unless :attr:`complete` is false)."""
    samples: int
    """Imagined deals behind every number."""
    exact: bool
    """Whether each deal was solved exactly (the last tricks)."""
    side: str
    """Whose trick points the numbers count: ``'your side'``, ``'you'``, ``'the defenders'``."""
    evidence: tuple[Card, ...] = ()
    """Cards the principle rests on (a card shown in meld, the higher cards gone)."""
    overruled: PlayPrinciple | None = None
    overruled_card: Card | None = None
    complete: bool = True
    """Whether every legal card was evaluated. A review's later look weighs only the
    card played and the cards in contention for best; then :attr:`card` is the best of
    those, and the texts say "of the cards weighed"."""
    follows: tuple[Card, ...] = ()
    """The legal cards that follow :attr:`principle` too (empty for the numbers alone),
    so a verdict never gives the principle as the reason against a card that keeps it."""
    goal: str = ""
    """While the contract is open, what the deciding side is after: ``'makes'`` or
    ``'sets'`` (``''``: nothing at stake), for :meth:`contract_line`."""

    def value(self, card: Card) -> CardValue | None:
        """The value of ``card`` (``None`` if it is not a legal card here)."""
        for alt in self.alternatives:
            if alt.card is card:
                return alt
        return None

    @property
    def best(self) -> CardValue:
        """The recommended card's value."""
        return self.alternatives[0]

    @property
    def reason(self) -> str:
        """The principle's sentence for this card (no numbers)."""
        return self.principle.reason(self.card, self.evidence)

    @property
    def basis(self) -> str:
        """What the numbers rest on, in words: ``'on average over 96 imagined deals'``
        (``'with best play in each of 96 imagined deals'`` for the last tricks)."""
        how = "with best play in each of" if self.exact else "on average over"
        return f"{how} {self.samples} imagined deals"

    def numbers_line(self, besides: Card | None = None) -> str:
        """The recommended card's expected trick points and the next best card's (not
        ``besides``, the learner's own card, whose numbers its verdict gives)."""
        if self.principle is PlayPrinciple.ONLY_CARD:
            return ""
        how = self.basis[:1].upper() + self.basis[1:]
        line = (
            f"{how}, {self.card.text} takes {points(self.best.mean)} trick points for "
            f"{self.side} from this trick on"
        )
        others = [
            a for a in self.alternatives[1:] if a.card is not self.card and a.card is not besides
        ]
        if others:
            nxt = others[0]
            fewer = points(nxt.loss)
            which = "the next best" if self.complete else "the next best of the cards weighed"
            line += f"; {which}, {nxt.card.text}, " + (
                "just as many" if fewer == "0.0" else f"{fewer} fewer"
            )
        return line + "."

    def overruled_line(self) -> str:
        """Why the rule of thumb the position suggests does not apply (empty if none)."""
        if self.overruled is None or self.overruled_card is None:
            return ""
        v = self.value(self.overruled_card)
        assert v is not None
        return (
            f"The rule of thumb '{self.overruled.label}' would play {self.overruled_card.text}, "
            f"but it takes {points(v.loss)} fewer trick points here."
        )

    def contract_line(self) -> str:
        """A card that makes (or sets) the contract clearly more often than the
        recommended one, with what it costs in points (empty if none): the coach plays
        for points, and says so where playing for the contract differs."""
        more = [a for a in self.alternatives[1:] if a.reaches_more_often]
        if not self.goal or not more:
            return ""
        a = max(more, key=lambda v: v.reach or 0.0)
        share = round(100 * (a.reach or 0.0))
        mine = round(100 * (self.best.reach or 0.0))
        return (
            f"Playing for the contract instead, {a.card.text} {self.goal} it on {share}% of "
            f"these deals against {mine}% for {self.card.text}, for {points(a.loss)} fewer "
            "trick points: neither is a mistake."
        )

    @property
    def text(self) -> str:
        """The advice: the reason, the numbers behind it, an overruled rule of thumb, and
        a card that plays for the contract instead."""
        parts = [self.reason, self.numbers_line(), self.overruled_line(), self.contract_line()]
        return " ".join(p for p in parts if p)

    def alternatives_lines(self) -> list[str]:
        """Every legal card evaluated with its expected trick points and its loss, best
        first."""
        out = []
        for a in self.alternatives:
            tail = (
                "best"
                if a.card is self.card
                else f"{points(a.loss)} fewer (± {points(a.loss_stderr)})"
            )
            out.append(f"{a.card.text}: {points(a.mean)} trick points, {tail}")
        return out

    def __str__(self) -> str:
        return self.text


class ValuedChoice(Protocol):
    """One choice of a decision as the coach's evaluation valued it (:class:`CardValue`,
    :class:`~pinochle_tutor.explain.exchange_advice.GiftValue`): what a verdict reads."""

    @property
    def loss(self) -> float: ...

    @property
    def clear_mistake(self) -> bool: ...


ValueT = TypeVar("ValueT", bound=ValuedChoice)


class ChoiceJudgement(Generic[ValueT]):
    """What the review's verdicts on a learner's choice share (:class:`PlayJudgement`,
    :class:`~pinochle_tutor.explain.exchange_advice.ExchangeJudgement`): the choice is
    judged by the value the coach's advice gave it among every choice of the decision.
    A subclass says which value, :attr:`chosen_value`."""

    @property
    def chosen_value(self) -> ValueT:
        """The coach's value of the learner's choice (always among those it valued)."""
        raise NotImplementedError

    @property
    def loss(self) -> float:
        """What the choice gave away on average against the coach's best, on the same
        imagined deals (trick points for a card, the side's score for cards given)."""
        return self.chosen_value.loss

    @property
    def is_mistake(self) -> bool:
        """Whether the loss is clear (beyond the evaluation's error and margin)."""
        return self.chosen_value.clear_mistake


@dataclass(frozen=True)
class PlayJudgement(ChoiceJudgement[CardValue]):
    """One card the learner played, judged against the coach's advice at that moment."""

    trick_number: int
    """1 for the first trick."""
    played: Card
    advice: PlayAdvice
    hinted: Card | None = None
    """The card the hint gave at that moment, when the review asked (``None``: not asked)."""

    @property
    def followed_hint(self) -> bool:
        """Whether the learner played the card the hint gave."""
        return self.hinted is not None and self.played == self.hinted

    @property
    def second_thought(self) -> bool:
        """Whether the review's own look prefers another card to the one the hint gave
        and the learner played: the coach's own second thought, not the learner's
        mistake."""
        return self.followed_hint and self.chosen_value.clear_mistake

    @property
    def chosen_value(self) -> CardValue:
        """The coach's value of the card played."""
        v = self.advice.value(self.played)
        assert v is not None, "a played card is a legal card of its decision"
        return v

    @property
    def is_mistake(self) -> bool:
        """Whether the loss is clear (beyond the evaluation's error and margin) and the
        card was the learner's own choice, not the hint's (see :attr:`second_thought`)."""
        return self.chosen_value.clear_mistake and not self.followed_hint

    @property
    def text(self) -> str:
        """The verdict in one or two sentences."""
        head = f"Trick {self.trick_number}: you played {self.played.text}"
        if self.second_thought:
            return (
                f"{head}, the hint's card. The hint chose {self.played.text}; the review's own "
                f"look ({self.basis}) prefers {self.advice.card.text} by {points(self.loss)} "
                "expected trick points: different deals can disagree. That is the coach's "
                "second thought, not your mistake."
            )
        if not self.is_mistake:
            if self.played is self.advice.card:
                return f"{head}, the coach's card too. Good."
            return (
                f"{head}: as good as {self.advice.card.text} within the evaluation's error. Good."
            )
        a = self.advice
        if a.principle is PlayPrinciple.NUMBERS:
            why = ""
        elif self.played in a.follows:
            # The card keeps the rule of thumb too: the rule is not what it got wrong.
            why = (
                f" {self.played.text} follows '{a.principle.label}' too, but of the cards that "
                f"do, {a.card.text} takes the most trick points. {a.reason}"
            )
        else:
            why = f" The principle: {a.principle.label}. {a.reason}"
        return (
            f"{head}; {a.card.text} was better by {points(self.loss)} expected trick points "
            f"({self.basis}).{why}"
        )

    @property
    def basis(self) -> str:
        """What the verdict's figures rest on, in words ("on average over 96 imagined
        deals", as the hint's numbers line says it): the review looks at its own deals,
        as many as the verdict needs, so its figures for a card can differ from a hint's
        at that moment, and it says on what they rest."""
        return self.advice.basis

    def __str__(self) -> str:
        return self.text
