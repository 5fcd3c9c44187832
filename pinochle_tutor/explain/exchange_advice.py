"""The coach's exchange in words: the rules of thumb for the cards to give
(:class:`ExchangePrinciple`), what a choice gives up of them (:class:`GivenUp`), every
choice's value (:class:`GiftValue`, the coach's evaluation of it), the advice
(:class:`ExchangeAdvice`) and the review's verdict on the cards a seat gave
(:class:`ExchangeJudgement`).

The numbers come from :mod:`pinochle_tutor.coach.exchange` (imagined deals played out and
scored by the engine); this module says them. Whether an exchange is legal, and the meld
it keeps, is :mod:`pinochle_tutor.explain.exchange`'s.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from pinochle_tutor.cards import (
    Card,
    CardLike,
    Rank,
    Suit,
    cards_text,
    sort_hand,
)
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain._text import listed
from pinochle_tutor.explain.coaching import ChoiceJudgement, points
from pinochle_tutor.explain.exchange import ExchangeReasoning, _shown, explain_exchange
from pinochle_tutor.hands import as_cards
from pinochle_tutor.meld import MeldItem, MeldKind, meld, meld_points
from pinochle_tutor.rules import RuleSet

__all__ = [
    "ExchangeAdvice",
    "ExchangeJudgement",
    "ExchangePrinciple",
    "GiftValue",
    "GivenUp",
    "PrincipleEvidence",
    "given_up",
    "worse_off",
]


class ExchangePrinciple(Enum):
    """A rule of thumb for the cards to pass, return or discard. The coach
    (:mod:`pinochle_tutor.coach.exchange`) states one only when the recommended
    cards follow it and the best cards tried that break it score clearly less on the
    same imagined deals; the value is the rule as a player would say it."""

    GIVE_TRUMP = "give the declarer trump"
    """The pass: trump in the declarer's hand draws the defenders' trump and wins
    their side suits; the pass holds at least one trump."""
    GIVE_ACES = "give the declarer aces"
    """The pass: a side ace is a sure trick in the declarer's hand; the pass holds at
    least one ace of a side suit."""
    KEEP_MELD = "keep your meld"
    """The cards given keep as much of the giver's meld as any choice of as many cards
    could (meld counts only in the hand that shows it)."""
    KEEP_TRUMP = "keep your trump"
    """The return or the discard: the declarer keeps every trump (with the trump named
    after the discard, three-handed), to draw the defenders' trump and ruff."""
    KEEP_ACES = "keep your aces"
    """The discard: no ace is discarded; an ace takes a trick in play, and counts
    the same as a discarded one would."""
    MAKE_VOID = "make a void"
    """The cards given leave the giver with no card of a side suit it held, so it can
    trump that suit when it is led."""
    KEEP_COUNTERS = "do not give counters away needlessly"
    """The return: no counter goes back to the partner; the declarer, holding the
    trump, brings its counters home more surely."""
    DISCARD_COUNTERS = "discard counters"
    """Three-handed: the discards count as the declarer's trick points, so a counter
    discarded is a counter already won; the discard holds at least one counter."""
    NUMBERS = "the numbers decide"
    """No rule of thumb explains the choice: the imagined deals decide."""

    @property
    def label(self) -> str:
        """The rule of thumb in a few words."""
        return self.value


_ROLE_WORDS = {"pass": "pass", "return": "return", "discard": "discard"}

_GIVES = {"pass": "passes", "return": "gives back", "discard": "discards"}


@dataclass(frozen=True)
class GivenUp:
    """What a choice of cards gives up that a rule of thumb keeps: the meld it breaks,
    the trump, aces or counters it gives, the trump or aces it does not pass, the void
    it does not make (built by :func:`given_up`, from the cards alone)."""

    principle: ExchangePrinciple
    role: str
    """``'pass'``, ``'return'`` or ``'discard'``."""
    cards: tuple[Card, ...]
    """The cards given that break the rule: the trump given back or discarded, the aces
    discarded, the counters given back (empty for the other rules)."""
    meld: tuple[MeldItem, ...] = ()
    """Keep your meld: the meld lines of the hand that the cards kept no longer hold."""
    kept: int = 0
    """Keep your meld: the meld the cards kept hold; keep your trump: the trump kept."""
    could: int = 0
    """Keep your meld: the most meld any choice of as many cards keeps; keep your
    trump: the trump held before giving."""
    trump: Suit = Suit.SPADES
    """The trump the choice is played with (the discard: the suit named after it)."""

    @property
    def text(self) -> str:
        """What is given up, as a clause that follows the choice: ``'gives up the meld
        in A♥ 10♥ K♥ Q♥ J♥ (150), keeping 80 meld where 230 could be kept'``. Each meld
        line is said by its cards and points, not its name: lesson 3 asks the exchange
        before lesson 4 names the melds (a run, a marriage), and the cards say which
        meld to a learner of either lesson."""
        gives = _GIVES[self.role]
        p = ExchangePrinciple
        if self.principle is p.KEEP_MELD:
            where = f"keeping {self.kept} meld where {self.could} could be kept"
            # A 9 of trump given to the partner still counts in the partner's hand (the
            # only meld of one card): it leaves the giver's meld, not the side's.
            shared = self.role in ("pass", "return")
            lines = [
                f"{cards_text(m.cards)} ({m.points}"
                + (
                    ", which counts in your partner's hand too)"
                    if shared and m.kind is MeldKind.DIX
                    else ")"
                )
                for m in self.meld
            ]
            return f"gives up the meld in {listed(lines)}, {where}" if lines else where
        if self.principle is p.KEEP_TRUMP:
            return (
                f"{gives} {_shown(self.cards)} of your trump ({self.trump.plural}), keeping "
                f"{self.kept} of {self.could}"
            )
        if self.principle is p.KEEP_COUNTERS:
            one = len(self.cards) == 1
            return f"{gives} {_shown(self.cards)}, which count{'s' if one else ''} trick points"
        if self.principle is p.KEEP_ACES:
            return f"{gives} {_shown(self.cards)}"
        if self.principle is p.GIVE_TRUMP:
            return f"{gives} no trump"
        if self.principle is p.GIVE_ACES:
            return f"{gives} no ace of a side suit"
        if self.principle is p.DISCARD_COUNTERS:
            return f"{gives} no counter"
        if self.principle is p.MAKE_VOID:
            return "keeps a card of every side suit you held (no void to trump)"
        return ""

    def __str__(self) -> str:
        return self.text


def given_up(
    principle: ExchangePrinciple,
    hand: Sequence[Card],
    cards: Sequence[Card],
    trump: Suit,
    rules: RuleSet,
    role: str,
) -> GivenUp:
    """What giving ``cards`` from ``hand`` (the ``role``'s decision, with ``trump`` as
    trump under ``rules``) gives up of ``principle``, read off the cards (whether the
    choice breaks the rule is the caller's: the coach's
    :func:`~pinochle_tutor.coach.exchange.principle_fits`)."""
    p = ExchangePrinciple
    given = tuple(sort_hand(cards))
    kept = list(hand)
    for c in given:
        kept.remove(c)
    if principle is p.KEEP_MELD:
        before = list(meld(list(hand), trump, rules).items)
        after = list(meld(kept, trump, rules).items)
        lost = []
        for item in before:
            same = next(
                (
                    a
                    for a in after
                    if (a.kind, a.multiple, a.suit) == (item.kind, item.multiple, item.suit)
                ),
                None,
            )
            if same is None:
                lost.append(item)
            else:
                after.remove(same)
        best = explain_exchange(list(hand), list(given), trump, rules, role).best_meld
        return GivenUp(
            principle, role, (), tuple(lost), meld_points(kept, trump, rules), best, trump
        )
    if principle is p.KEEP_TRUMP:
        trumps = tuple(c for c in given if c.suit == trump)
        held = sum(c.suit == trump for c in hand)
        return GivenUp(principle, role, trumps, kept=held - len(trumps), could=held, trump=trump)
    if principle is p.KEEP_COUNTERS:
        return GivenUp(
            principle, role, tuple(c for c in given if rules.counter_points[c.rank]), trump=trump
        )
    if principle is p.KEEP_ACES:
        return GivenUp(principle, role, tuple(c for c in given if c.rank is Rank.ACE), trump=trump)
    return GivenUp(principle, role, (), trump=trump)


def _score(x: float) -> str:
    """A mean score change with its sign, to the nearest point."""
    n = round(x)
    return f"+{n}" if n > 0 else str(n)


def worse_off(loss: float, stderr: float, partnerships: bool, samples: int | None = None) -> str:
    """How much worse a choice leaves the deciding side, in words that say in what:
    ``'leaves your side 95.0 points worse off on average (give or take 32.6)'``; with
    ``samples``, what the points are and over how many imagined deals."""
    side = "your side" if partnerships else "you"
    if samples is None:
        return f"leaves {side} {points(loss)} points worse off on average (give or take {points(stderr)})"
    unit = (
        "your side's score less the other side's"
        if partnerships
        else "your score less the other players' average"
    )
    return (
        f"leaves {side} {points(loss)} points worse off ({unit}, on average over {samples} "
        f"imagined deals; give or take {points(stderr)})"
    )


@dataclass(frozen=True)
class GiftValue:
    """What one choice of cards to give is worth to the deciding side, over the
    coach's imagined deals: the coach's evaluation of the choice
    (:attr:`~pinochle_tutor.coach.exchange.ExchangeEvaluation.alternatives`), which the
    advice (:class:`ExchangeAdvice`, adding the rules of thumb it follows) renders."""

    cards: tuple[Card, ...]
    """The cards given, sorted."""
    trump: Suit
    """The trump the hand is played with (three-handed: the suit the strong player
    names after this discard)."""
    samples: int
    """Imagined deals behind these numbers (the first ``samples`` of the evaluation's
    deals: fewer for a choice set aside after the first look)."""
    tricks: float
    """Mean trick points of the side (three-handed: the discards included)."""
    tricks_stderr: float
    score: float
    """Mean change of the side's score, as the rules in force score the hand."""
    score_stderr: float
    against: float
    """Mean change of the other side's score (three-handed: the two defenders' average)."""
    value: float
    """Mean of :attr:`score` less :attr:`against`, per deal: what the choices are ranked by."""
    value_stderr: float
    made: float
    """Share of the deals in which the contract is made."""
    loss: float
    """Mean value given up against the best choice, on the same deals (0 for the best)."""
    loss_stderr: float
    """Standard error of :attr:`loss`, from the differences deal by deal."""
    clear_mistake: bool
    """Whether the loss is beyond twice its error and the evaluation's margin."""
    follows: tuple[ExchangePrinciple, ...] = ()
    """The rules of thumb this choice follows, in the order the coach states them."""
    gives_up: tuple[GivenUp, ...] = ()
    """For each rule of thumb the recommended choice follows and this one breaks, what
    this one gives up (empty for the recommended choice)."""

    def given_up(self, principle: ExchangePrinciple) -> GivenUp | None:
        """What this choice gives up of ``principle`` (``None``: it gives up nothing of it)."""
        return next((g for g in self.gives_up if g.principle is principle), None)


@dataclass(frozen=True)
class PrincipleEvidence:
    """A rule of thumb the recommended cards follow, and the evaluation's proof: the
    best choice tried that breaks it, and how much less it scores."""

    principle: ExchangePrinciple
    contrast: tuple[Card, ...]
    """The best-scoring choice tried that breaks the rule."""
    loss: float
    loss_stderr: float
    given_up: GivenUp | None = None
    """What the contrast gives up of the rule (its meld, trump, aces or counters)."""

    def sentence(self, role: str, partnerships: bool = True, own: tuple[Card, ...] = ()) -> str:
        """The rule with its proof, in one clause: what the best choice tried that breaks
        it gives up, and how much worse it leaves the deciding side (``own``: the
        learner's cards, named as theirs when they are that choice)."""
        what = _ROLE_WORDS[role]
        rule = self.principle.label
        which = (
            f"your {what}"
            if own and tuple(sorted(own)) == tuple(sorted(self.contrast))
            else f"the best {what} tried that does not, {_shown(self.contrast)},"
        )
        gave = (
            f" {self.given_up.text}, and"
            if self.given_up is not None and self.given_up.text
            else ""
        )
        return (
            f"{rule[:1].upper()}{rule[1:]}: {which}{gave} "
            f"{worse_off(self.loss, self.loss_stderr, partnerships)}"
        )


@dataclass(frozen=True)
class ExchangeAdvice:
    """The coach's cards to pass, return or discard, the rules of thumb its numbers
    support, and every choice tried with its numbers (built by
    :func:`pinochle_tutor.coach.exchange.advise_exchange`)."""

    role: str
    """``'pass'``, ``'return'`` or ``'discard'`` (see :data:`EXCHANGE_ROLES`)."""
    cards: tuple[Card, ...]
    """The recommended cards."""
    alternatives: tuple[GiftValue, ...]
    """Every choice tried, the recommended one first, then by loss."""
    samples: int
    """Imagined deals behind the recommended choice's numbers."""
    principles: tuple[PrincipleEvidence, ...]
    """The rules of thumb stated, each with its proof (empty: the numbers decide)."""
    usual: tuple[Card, ...]
    """The rule-of-thumb choice (the heuristic player's cards)."""
    facts: ExchangeReasoning
    """What the recommended cards give and keep (the discard: with the trump named after it)."""
    partnerships: bool
    contract: int
    discard_points: int = 0
    """The discard: the trick points of the recommended cards (0 for a pass or return)."""

    @property
    def best(self) -> GiftValue:
        """The recommended choice's numbers."""
        return self.alternatives[0]

    @property
    def principle(self) -> ExchangePrinciple:
        """The first rule of thumb stated, or :attr:`ExchangePrinciple.NUMBERS`."""
        return self.principles[0].principle if self.principles else ExchangePrinciple.NUMBERS

    def value(self, cards: Iterable[CardLike]) -> GiftValue | None:
        """The numbers of giving ``cards`` (``None``: not a choice tried)."""
        try:
            key = tuple(sorted(as_cards(list(cards))))
        except PinochleError:
            return None
        for alt in self.alternatives:
            if tuple(sorted(alt.cards)) == key:
                return alt
        return None

    def _sides(self) -> tuple[str, str, str]:
        if self.partnerships:
            return "your side", "takes", "the other side"
        return "you", "take", "each other player"

    def facts_line(self) -> str:
        """What the cards give and keep (the discard: its trick points, the trump named
        after it and the meld kept)."""
        f = self.facts
        if self.role != "discard":
            return f.text
        pts = self.discard_points
        return (
            f"Discard {_shown(f.cards)}: {pts} trick point{'s' if pts != 1 else ''} for you at "
            f"once; then name {f.trump.plural} trump and keep {f.kept_meld} meld."
        )

    def numbers_line(self, besides: Iterable[CardLike] = ()) -> str:
        """The recommended choice's numbers, and the next best's loss (the next best
        other than ``besides``, the learner's own cards, whose numbers its verdict gives)."""
        b = self.best
        side, verb, other = self._sides()
        line = (
            f"Played out on {b.samples} imagined deals, {side} {verb} {points(b.tricks)} trick points "
            f"on average and the contract of {self.contract} is made in {round(100 * b.made)}% "
            f"of them; {side} {'scores' if self.partnerships else 'score'} {_score(b.score)} "
            f"and {other} {_score(b.against)} on average"
        )
        skip = tuple(sorted(as_cards(list(besides))))
        others = [
            a for a in self.alternatives[1:]
            if a.samples == b.samples and tuple(sorted(a.cards)) != skip
        ]  # fmt: skip
        if others:
            nxt = others[0]
            line += (
                f"; the next best {_ROLE_WORDS[self.role]}, {_shown(nxt.cards)}, "
                f"{worse_off(nxt.loss, nxt.loss_stderr, self.partnerships)}"
            )
        return line + "."

    def why_line(self, own: tuple[Card, ...] = ()) -> str:
        """The rules of thumb with their proof (``own``: the learner's cards, named as
        theirs where they are the proof), or that the numbers decide."""
        if not self.principles:
            follows = self.best.follows
            if follows:
                names = listed([f"'{p.label}'" for p in follows])
                return (
                    f"These cards follow {names}, but no rule of thumb decides here on its "
                    "own: the numbers pick it."
                )
            return "No rule of thumb picks these cards here: the numbers pick it."
        said = "; ".join(p.sentence(self.role, self.partnerships, own) for p in self.principles)
        return f"Why: {said}."

    def usual_line(self) -> str:
        """How the rule-of-thumb choice compares, when it is not the recommendation."""
        if tuple(sorted(self.usual)) == tuple(sorted(self.cards)):
            return ""
        u = self.value(self.usual)
        if u is None:
            return ""
        if u.clear_mistake:
            how = "a clear loss"
        elif u.loss <= 2.0 * u.loss_stderr:
            how = "within the evaluation's error, so either is fine"
        else:
            how = "too small to matter, so either is fine"
        return (
            f"The rule-of-thumb {_ROLE_WORDS[self.role]}, {_shown(u.cards)}, "
            f"{worse_off(u.loss, u.loss_stderr, self.partnerships)}: {how}."
        )

    @property
    def text(self) -> str:
        """The advice: what the cards give and keep, the numbers, why, and the usual choice."""
        parts = [self.facts_line(), self.numbers_line(), self.why_line(), self.usual_line()]
        return " ".join(p for p in parts if p)

    def alternatives_lines(self) -> list[str]:
        """Every choice tried with its numbers, best first."""
        out = []
        for a in self.alternatives:
            tail = (
                "best"
                if a is self.best
                else f"{points(a.loss)} less (± {points(a.loss_stderr)})"
                + ("" if a.samples == self.best.samples else f", set aside after {a.samples} deals")
            )
            out.append(
                f"{_shown(a.cards)}: {points(a.tricks)} trick points, score "
                f"{_score(a.score)} against {_score(a.against)}, {tail}"
            )
        return out

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class ExchangeJudgement(ChoiceJudgement[GiftValue]):
    """The learner's pass, return or discard, judged against the coach's advice on the
    same imagined deals (the advice's choices include the learner's)."""

    given: tuple[Card, ...]
    advice: ExchangeAdvice

    @property
    def chosen_value(self) -> GiftValue:
        """The numbers of the learner's cards."""
        v = self.advice.value(self.given)
        assert v is not None, "the learner's cards are among the choices judged"
        return v

    @property
    def is_coachs(self) -> bool:
        """Whether the learner's cards are the coach's own choice."""
        return tuple(sorted(self.given)) == tuple(sorted(self.advice.cards))

    @property
    def gives_up(self) -> tuple[GivenUp, ...]:
        """What the learner's cards give up of the rules of thumb the coach's choice
        follows (empty when they break none of them)."""
        return self.chosen_value.gives_up

    def follows_line(self) -> str:
        """The rules of thumb the learner's cards follow, and whether the numbers back
        them here: so a choice that follows the lesson's rule of thumb is told it does."""
        a = self.advice
        v = self.chosen_value
        if not v.follows:
            return "It follows none of the rules of thumb here: the numbers pick it."
        names = listed([f"'{p.label}'" for p in v.follows])
        line = f"It follows the rule{'s' if len(v.follows) > 1 else ''} of thumb {names}."
        backed = [p for p in a.principles if p.principle in v.follows]
        if backed:
            said = "; ".join(p.sentence(a.role, a.partnerships) for p in backed)
            return f"{line} The numbers back {'them' if len(backed) > 1 else 'it'} here. {said}."
        return f"{line} Here no rule of thumb decides on its own: the numbers do."

    def gives_up_line(self) -> str:
        """What the learner's cards give up that the coach's keep (empty when nothing)."""
        return " ".join(f"It {g.text}." for g in self.gives_up if g.text)

    @property
    def text(self) -> str:
        """The verdict: the learner's cards against the coach's, in points for the side
        on the same imagined deals, what they give up and the rules of thumb."""
        a = self.advice
        what = _ROLE_WORDS[a.role]
        head = f"Your {what} of {_shown(self.given)}"
        v = self.chosen_value
        if not self.is_mistake:
            if self.is_coachs:
                first = f"{head} is the coach's choice too. Good."
            else:
                first = (
                    f"{head} is as good as {_shown(a.cards)} within the evaluation's error: "
                    f"it {worse_off(v.loss, v.loss_stderr, a.partnerships, v.samples)}, a "
                    "difference the deals cannot tell apart. Good."
                )
            return f"{first} {self.follows_line()}"
        parts = [
            f"{head} {worse_off(v.loss, v.loss_stderr, a.partnerships, v.samples)} than "
            f"{_shown(a.cards)}.",
            self.gives_up_line(),
        ]
        # The proofs whose contrast is the learner's own cards are said above.
        mine = tuple(sorted(self.given))
        proof = [p for p in a.principles if tuple(sorted(p.contrast)) != mine]
        if proof:
            said = "; ".join(p.sentence(a.role, a.partnerships) for p in proof)
            parts.append(f"Why: {said}.")
        return " ".join(p for p in parts if p)

    def __str__(self) -> str:
        return self.text
