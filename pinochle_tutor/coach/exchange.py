"""The coach on the exchange: the cards to pass, to return or to discard, scored by sampling.

The partner's pass, the declarer's return and (three-handed) the declarer's discard
after taking the kitty are judged the way :mod:`pinochle_tutor.coach.play` judges a
card: from what the deciding seat knows, imagine the hands it cannot see many times
over and play each choice out on every imagined deal (the deals and the playing out
are :mod:`pinochle_tutor.sim.exchange`'s).

**What the seat knows.** Its own cards, the auction and the trump (the discard comes
before trump is named); the declarer also knows the cards its partner passed. The
unseen cards are dealt with :func:`~pinochle_tutor.sim.knowledge.sample_hidden_hands`,
and each deal is drawn again (up to :data:`~pinochle_tutor.sim.inference.DRAWS` times,
the best fitting kept) to fit what the auction told about the other hands, exactly as
the bidding model (:mod:`pinochle_tutor.sim.inference`) does: a seat that bid ``B``
holds a hand the heuristic values near ``B`` or more, a seat that passed one it values
below the bid it would have had to make. For the return, the deal must also fit the
pass: the partner's hand before it passed should pass those cards the way the heuristic
player does (the computer partners at the game table pass that way), so a partner that
passed its trump is not imagined holding higher ones.

**The choices tried.** The choices of cards are too many to try them all, so a
principled shortlist: the heuristic player's own choice
(:func:`~pinochle_tutor.sim.policy.policy_pass`,
``policy_return``, ``policy_discard``), the cards the caller asks about (the learner's, when
judging), and every single-card swap of the heuristic's choice (one of its cards
kept, one card of the rest given instead). Every choice is first played on the
first ``screen`` deals; the :data:`EXCHANGE_FINALISTS` best swaps, the heuristic's choice and
the caller's go on to all ``samples`` deals. All deals are the same for every choice
(common random numbers), so a difference between two choices is measured on the same
hands.

**One deal, one choice.** The cards are given; the other side of the exchange acts as
the strong player would (after a pass, the declarer returns with the heuristic's
``return_cards``; after a discard, the declarer names the heuristic's trump); every
hand's meld is counted with the meld table of the rules in force; the hand is played
out with the heuristic policy for every seat
(:func:`~pinochle_tutor.sim.policy.heuristic_playout`, as the bidding model plays
its deals; the heuristic's concession of a hopeless contract is not modelled); and it
is scored by :func:`~pinochle_tutor.scoring.score_sides` (meld kept with enough trick
points, the contract made or set, the defenders' meld and tricks).

**The numbers** (a :class:`ExchangeEvaluation`): per choice the side's mean trick
points, the mean change of its score and of the other side's (three-handed: the two
defenders' average), and the mean of their difference, the *value* every choice is
ranked by, each with its standard error; the best choice and every other one's loss,
with the standard error of the paired difference. A loss is a clear mistake
(:meth:`ExchangeEvaluation.is_clear_mistake`) with the same criterion as
:class:`~pinochle_tutor.coach.play.PlayEvaluation`: beyond twice its standard error
and beyond a margin (half a counter of the rules in force by default).

:func:`advise_exchange` turns an evaluation into an
:class:`~pinochle_tutor.explain.exchange_advice.ExchangeAdvice`: the recommended cards with
the rules of thumb its numbers support (:func:`principle_fits`), and
:func:`judge_exchange` judges the cards a seat gave in a played hand, for the review.

Deterministic given ``seed``.

>>> from pinochle_tutor import Hand, Phase
>>> from pinochle_tutor.bots import HeuristicPlayer
>>> h = Hand(dealer=0, seed=3)
>>> while h.phase is not Phase.PASS:
...     _ = h.act(HeuristicPlayer())
>>> ev = evaluate_exchange(h.view(h.to_act), samples=4, screen=2)
>>> ev.alternatives[0].loss, ev.evaluation(ev.heuristic) is not None
(0.0, True)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pinochle_tutor.cards import CARDS_BY_INDEX, Card, CardLike, Rank, Suit
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.exchange import remove_cards
from pinochle_tutor.explain.coaching import clear_loss
from pinochle_tutor.explain.exchange import exchange_reasoning, explain_exchange
from pinochle_tutor.explain.exchange_advice import (
    ExchangeAdvice,
    ExchangeJudgement,
    ExchangePrinciple,
    GiftValue,
    PrincipleEvidence,
    given_up,
)
from pinochle_tutor.game import Hand
from pinochle_tutor.hands import as_cards
from pinochle_tutor.rules import RuleSet, check_seat
from pinochle_tutor.sim.exchange import DealSimulator, Outcomes, auction_deals
from pinochle_tutor.sim.policy import policy_discard, policy_pass, policy_return
from pinochle_tutor.sim.stats import check_samples, exchange_seed, paired_loss, stderr_of_mean
from pinochle_tutor.view import Phase, PlayerView

__all__ = [
    "EXCHANGE_CONFIRM_SAMPLES",
    "EXCHANGE_FINALISTS",
    "EXCHANGE_HINT_SAMPLES",
    "EXCHANGE_HINT_SCREEN",
    "EXCHANGE_REVIEW_MARGIN",
    "ExchangeEvaluation",
    "InvalidExchangeDecisionError",
    "advise_exchange",
    "evaluate_exchange",
    "exchange_decision",
    "judge_exchange",
    "judge_exchange_choice",
    "principle_fits",
]

EXCHANGE_HINT_SAMPLES = 40
"""Imagined deals behind an exchange hint's finalists (measured: a hint within about a
second on one core; benchmarks/bench_exchange.py)."""
EXCHANGE_HINT_SCREEN = 6
"""Deals on which every choice is tried before the finalists are picked."""
EXCHANGE_FINALISTS = 4
"""Swaps of the heuristic's choice that go on to all the deals (besides the heuristic's
own choice and the caller's)."""
EXCHANGE_CONFIRM_SAMPLES = 96
"""The review's second look, on fresh deals, at a choice the first look calls costly."""
EXCHANGE_REVIEW_MARGIN = 0.5
"""The smallest loss the review calls a mistake, in counters of the rules in force."""

_ROLE = {Phase.PASS: "pass", Phase.RETURN: "return", Phase.DISCARD: "discard"}


class InvalidExchangeDecisionError(PinochleError):
    """A view that is not the exchange decision asked about (the partner's pass, the
    declarer's return, the three-handed discard and the trump named after it) of its
    seat, or cards to judge that are not a legal choice there."""


@dataclass(frozen=True)
class ExchangeEvaluation:
    """The coach's verdict on one exchange decision: every choice tried, best first."""

    seat: int
    role: Phase
    """:attr:`Phase.PASS`, :attr:`Phase.RETURN` or :attr:`Phase.DISCARD`."""
    side: tuple[int, ...]
    """The seats whose trick points and score are counted."""
    contract: int
    alternatives: tuple[GiftValue, ...]
    """Every choice tried: the best first, then the finalists by loss, then the choices
    set aside after the first look by loss."""
    heuristic: tuple[Card, ...]
    """The heuristic player's choice (sorted)."""
    samples: int
    """Deals the finalists were played on."""
    screen: int
    """Deals every choice was played on."""
    margin: float
    """The smallest loss :meth:`is_clear_mistake` calls a mistake."""

    @property
    def best(self) -> tuple[Card, ...]:
        """The cards with the highest mean value (ties go to the heuristic's choice)."""
        return self.alternatives[0].cards

    @property
    def playouts(self) -> int:
        """Hands played out: deals times choices."""
        return sum(a.samples for a in self.alternatives)

    def evaluation(self, cards: Iterable[CardLike] | str) -> GiftValue | None:
        """The evaluation of giving ``cards``, ``None`` if that choice was not tried."""
        try:
            key = tuple(sorted(as_cards(cards if isinstance(cards, str) else list(cards))))
        except PinochleError:
            return None
        for alt in self.alternatives:
            if alt.cards == key:
                return alt
        return None

    def loss(self, cards: Iterable[CardLike] | str) -> float | None:
        """The mean value ``cards`` gives up against the best, ``None`` if not tried."""
        alt = self.evaluation(cards)
        return None if alt is None else alt.loss

    def is_clear_mistake(self, cards: Iterable[CardLike] | str) -> bool:
        """Whether giving ``cards`` loses more than two standard errors of its loss and
        more than :attr:`margin`. False for the best and for a choice not tried."""
        alt = self.evaluation(cards)
        return alt is not None and alt.clear_mistake


# ------------------------------------------------------------------ the decision
def _check_view(view: PlayerView, role: Phase) -> None:
    """Raise :class:`InvalidExchangeDecisionError` unless ``view`` is ``role``'s decision."""
    rules = view.rules
    what = _ROLE.get(role, role.value)
    if view.phase is not role or view.declarer is None or view.contract is None:
        raise InvalidExchangeDecisionError(
            f"seat {view.seat}'s view is in the {view.phase.value} phase: the coach evaluates "
            f"the {what} in the {role.value} phase"
        )
    if role is Phase.PASS:
        ok = rules.partner(view.declarer) == view.seat and len(view.hand) == rules.hand_size
        who = "the declarer's partner"
    else:
        extra = rules.kitty_size if role is Phase.DISCARD else rules.exchange_size
        ok = view.seat == view.declarer and len(view.hand) == rules.hand_size + extra
        who = "the declarer"
    if not ok:
        raise InvalidExchangeDecisionError(
            f"seat {view.seat} (holding {len(view.hand)} cards) does not make the {what}: "
            f"{who} (seat {rules.partner(view.declarer) if role is Phase.PASS else view.declarer}) does"
        )
    if role is not Phase.DISCARD and view.trump is None:
        raise InvalidExchangeDecisionError(f"no trump is named yet: the {what} comes after trump")


def _gift_size(role: Phase, rules: RuleSet) -> int:
    return rules.kitty_size if role is Phase.DISCARD else rules.exchange_size


def _as_gift(cards: Iterable[CardLike] | str, view: PlayerView, role: Phase) -> tuple[int, ...]:
    """``cards`` as sorted card indices, if they are a legal choice in ``view``."""
    what = _ROLE[role]
    items: str | list[CardLike] = cards if isinstance(cards, str) else list(cards)
    text = items if isinstance(items, str) else " ".join(str(c) for c in items)
    try:
        chosen = as_cards(items)
        remove_cards(view.hand, chosen, _gift_size(role, view.rules), f"the {what}")
    except PinochleError as e:
        raise InvalidExchangeDecisionError(f"{text!r} is not a {what} from this hand: {e}") from e
    return tuple(sorted(c.index for c in chosen))


def _heuristic_gift(view: PlayerView, role: Phase) -> tuple[int, ...]:
    if role is Phase.PASS:
        cards = policy_pass(view)
    elif role is Phase.RETURN:
        cards = policy_return(view)
    else:
        cards = policy_discard(view)
    return tuple(sorted(c.index for c in cards))


def _swaps(hand: Sequence[int], base: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every distinct choice with one card of ``base`` replaced by another card of the hand."""
    kept = list(hand)
    for i in base:
        kept[i] -= 1
    out: list[tuple[int, ...]] = []
    seen = {base}
    for g in sorted(set(base)):
        rest = list(base)
        rest.remove(g)
        for k in range(24):
            if kept[k] and k != g:
                cand = tuple(sorted([*rest, k]))
                if cand not in seen:
                    seen.add(cand)
                    out.append(cand)
    return out


def evaluate_exchange(
    view: PlayerView,
    *,
    include: Iterable[Iterable[CardLike] | str] = (),
    samples: int = EXCHANGE_HINT_SAMPLES,
    screen: int = EXCHANGE_HINT_SCREEN,
    finalists: int = EXCHANGE_FINALISTS,
    variants: bool = True,
    seed: int | None = 0,
    margin: float | None = None,
    decision: Phase | None = None,
) -> ExchangeEvaluation:
    """Evaluate the exchange decision of ``view`` (its phase says which: the pass, the
    return or the discard; see the module text).

    ``include``: further choices to try on every deal (the learner's cards when
    judging); ``samples``: deals for the finalists; ``screen``: deals for every choice
    (at most ``samples``); ``finalists``: how many swaps go on to all the deals;
    ``variants``: whether to try the swaps at all; ``seed`` makes it reproducible
    (``None``: fresh randomness); ``margin``: the smallest loss called a mistake
    (default half a counter of the rules in force). Raises
    :class:`InvalidExchangeDecisionError` when ``view`` is not an exchange decision of
    its seat, or not ``decision`` (``Phase.PASS``, ``Phase.RETURN`` or
    ``Phase.DISCARD``: the one the caller means, when it should not be taken from the
    view), or a choice in ``include`` is not a legal one."""
    role = view.phase if decision is None else decision
    if role not in _ROLE:
        asked = f"decision is {role.value!r}" if decision else f"view is in the {role.value} phase"
        raise InvalidExchangeDecisionError(
            f"seat {view.seat}'s {asked}: the coach evaluates the pass, the return or the discard"
        )
    return _evaluate(view, role, include, samples, screen, finalists, variants, seed, margin)


def _evaluate(
    view: PlayerView,
    role: Phase,
    include: Iterable[Iterable[CardLike] | str],
    samples: int,
    screen: int,
    finalists: int,
    variants: bool,
    seed: int | None,
    margin: float | None,
) -> ExchangeEvaluation:
    _check_view(view, role)
    n = check_samples(samples)
    n1 = min(check_samples(screen, "screen"), n)
    if isinstance(finalists, bool) or not isinstance(finalists, int) or finalists < 0:
        raise InvalidExchangeDecisionError(
            f"finalists={finalists!r} must be a whole number of 0 or more"
        )
    rules = view.rules
    hand = [0] * 24
    for c in view.hand:
        hand[c.index] += 1
    usual = _heuristic_gift(view, role)
    forced = [usual]
    for cards in include:
        g = _as_gift(cards, view, role)
        if g not in forced:
            forced.append(g)
    # The swaps compete for the finalists' places as they do without ``include``: a
    # learner's cards that are one of them take a place only by their first look, so
    # judging the hint's own choice sees the very finalists the hint saw (and so the
    # same best), and a choice outside them is tried on every deal besides.
    swaps = [g for g in _swaps(hand, usual) if g != usual] if variants else []
    rng = random.Random(seed)
    deals = auction_deals(view, n, rng)
    sim = DealSimulator(view, role)
    results: dict[tuple[int, ...], Outcomes] = {}
    for g in forced + [g for g in swaps if g not in forced]:
        out = Outcomes([], [], [], [], [])
        for deal in deals[:n1]:
            sim.play(deal, g, out)
        results[g] = out
    ranked = sorted(swaps, key=lambda g: -mean_of(results[g].value))
    final = forced + [g for g in ranked[:finalists] if g not in forced]
    for g in final:
        for deal in deals[n1:]:
            sim.play(deal, g, results[g])
    top = max(final, key=lambda g: (round(mean_of(results[g].value), 9), g == usual))
    best = results[top].value
    if margin is None:
        margin = rules.counter / 2
    alternatives = []
    for g, o in results.items():
        k = len(o.value)
        loss, loss_stderr = paired_loss(best[:k], o.value)  # 0 and 0 for the best itself
        alternatives.append(
            GiftValue(
                cards=tuple(CARDS_BY_INDEX[i] for i in g),
                trump=Suit(sim.trump_of(g)),
                samples=k,
                tricks=mean_of(o.tricks),
                tricks_stderr=stderr_of_mean(o.tricks),
                score=mean_of(o.score),
                score_stderr=stderr_of_mean(o.score),
                against=mean_of(o.against),
                value=mean_of(o.value),
                value_stderr=stderr_of_mean(o.value),
                made=mean_of(o.made),
                loss=loss,
                loss_stderr=loss_stderr,
                clear_mistake=clear_loss(loss, loss_stderr, float(margin)),
            )
        )
    # The best, the finalists by loss, then the choices set aside after the first look.
    best_cards = tuple(CARDS_BY_INDEX[i] for i in top)
    alternatives.sort(key=lambda a: (a.cards != best_cards, a.samples < n, a.loss))
    assert view.contract is not None and view.declarer is not None
    bside = rules.side(view.declarer)
    return ExchangeEvaluation(
        seat=view.seat,
        role=role,
        side=tuple(s for s in range(rules.players) if rules.side(s) == bside),
        contract=view.contract,
        alternatives=tuple(alternatives),
        heuristic=tuple(CARDS_BY_INDEX[i] for i in usual),
        samples=n,
        screen=n1,
        margin=float(margin),
    )


def mean_of(values: Sequence[float]) -> float:
    """The mean of ``values`` (0 for none)."""
    return sum(values) / len(values) if values else 0.0


# ------------------------------------------------------------------ the reasons
_ORDER = {
    Phase.PASS: (
        ExchangePrinciple.GIVE_TRUMP,
        ExchangePrinciple.GIVE_ACES,
        ExchangePrinciple.KEEP_MELD,
        ExchangePrinciple.MAKE_VOID,
    ),
    Phase.RETURN: (
        ExchangePrinciple.KEEP_TRUMP,
        ExchangePrinciple.KEEP_MELD,
        ExchangePrinciple.KEEP_COUNTERS,
        ExchangePrinciple.MAKE_VOID,
    ),
    Phase.DISCARD: (
        ExchangePrinciple.KEEP_TRUMP,
        ExchangePrinciple.KEEP_ACES,
        ExchangePrinciple.KEEP_MELD,
        ExchangePrinciple.DISCARD_COUNTERS,
        ExchangePrinciple.MAKE_VOID,
    ),
}
"""The rules of thumb that can explain each decision, in the order they are stated."""


def principle_fits(
    view: PlayerView, cards: Sequence[Card], trump: Suit
) -> frozenset[ExchangePrinciple]:
    """The rules of thumb that giving ``cards`` from ``view``'s hand follows, with
    ``trump`` as trump (see :class:`~pinochle_tutor.explain.exchange_advice.ExchangePrinciple`
    for what each one asks)."""
    role = view.phase
    rules = view.rules
    kept = list(view.hand)
    for c in cards:
        kept.remove(c)
    out: set[ExchangePrinciple] = set()
    trumps = sum(c.suit == trump for c in cards)
    aces = sum(c.rank is Rank.ACE for c in cards)
    side_aces = sum(c.rank is Rank.ACE and c.suit != trump for c in cards)
    counters = sum(1 for c in cards if rules.counter_points[c.rank])
    if role is Phase.PASS:
        if trumps:
            out.add(ExchangePrinciple.GIVE_TRUMP)
        if side_aces:
            out.add(ExchangePrinciple.GIVE_ACES)
    else:
        if not trumps:
            out.add(ExchangePrinciple.KEEP_TRUMP)
        if role is Phase.RETURN and not counters:
            out.add(ExchangePrinciple.KEEP_COUNTERS)
        if role is Phase.DISCARD:
            if not aces:
                out.add(ExchangePrinciple.KEEP_ACES)
            if counters:
                out.add(ExchangePrinciple.DISCARD_COUNTERS)
    if explain_exchange(list(view.hand), list(cards), trump, rules, _ROLE[role]).accepted:
        out.add(ExchangePrinciple.KEEP_MELD)
    held = {c.suit for c in view.hand}
    left = {c.suit for c in kept}
    if any(s != trump and s in held and s not in left for s in Suit):
        out.add(ExchangePrinciple.MAKE_VOID)
    return frozenset(out)


def advise_exchange(
    view: PlayerView,
    evaluation: ExchangeEvaluation | None = None,
    *,
    samples: int = EXCHANGE_HINT_SAMPLES,
    screen: int = EXCHANGE_HINT_SCREEN,
    seed: int | None = 0,
) -> ExchangeAdvice:
    """The coach's cards for ``view``'s exchange decision, as data with a text: the
    evaluation's best choice, what it gives and keeps, its numbers, and each rule of
    thumb it follows whose breaking choices score clearly less (the best such choice
    tried loses beyond twice its error). A rule the best choice breaks is never stated;
    when no rule is left, the text says the numbers decide. ``evaluation``: one made
    already (otherwise :func:`evaluate_exchange` with ``samples``, ``screen`` and
    ``seed``)."""
    ev = (
        evaluation
        if evaluation is not None
        else evaluate_exchange(view, samples=samples, screen=screen, seed=seed)
    )
    if ev.seat != view.seat or ev.role is not view.phase:
        raise InvalidExchangeDecisionError(
            f"the evaluation is of seat {ev.seat}'s {_ROLE[ev.role]}, not of this view "
            f"(seat {view.seat}, {view.phase.value} phase)"
        )
    rules = view.rules
    role = _ROLE[ev.role]
    best = ev.alternatives[0]
    order = _ORDER[ev.role]
    fits = {a.cards: principle_fits(view, a.cards, a.trump) for a in ev.alternatives}
    # What each choice gives up of the rules of thumb the best follows, named in words
    # (the meld, trump, aces or counters), for the proofs and the learner's verdict.
    lost = {
        a.cards: tuple(
            given_up(p, view.hand, a.cards, a.trump, rules, role)
            for p in order
            if p in fits[best.cards] and p not in fits[a.cards]
        )
        for a in ev.alternatives
    }
    stated = []
    for p in order:
        if p not in fits[best.cards]:
            continue
        breaking = [a for a in ev.alternatives[1:] if p not in fits[a.cards]]
        if not breaking:
            continue
        contrast = min(breaking, key=lambda a: a.loss)
        if contrast.loss > 2.0 * contrast.loss_stderr and contrast.loss > 0:
            gave = next((g for g in lost[contrast.cards] if g.principle is p), None)
            stated.append(
                PrincipleEvidence(p, contrast.cards, contrast.loss, contrast.loss_stderr, gave)
            )
    values = tuple(
        dataclasses.replace(
            a, follows=tuple(p for p in order if p in fits[a.cards]), gives_up=lost[a.cards]
        )
        for a in ev.alternatives
    )
    facts = exchange_reasoning(
        best.cards, view.hand, best.trump, rules, passing=ev.role is Phase.PASS
    )
    return ExchangeAdvice(
        role=role,
        cards=best.cards,
        alternatives=values,
        samples=best.samples,
        principles=tuple(stated),
        usual=ev.heuristic,
        facts=facts,
        partnerships=rules.partnerships,
        contract=ev.contract,
        discard_points=(
            sum(rules.counter_points[c.rank] for c in best.cards) if ev.role is Phase.DISCARD else 0
        ),
    )


# ------------------------------------------------------------------ the review


def exchange_decision(hand: Hand, seat: int) -> tuple[PlayerView, tuple[Card, ...]] | None:
    """``seat``'s exchange decision in ``hand`` (finished or under way): its view just
    before it gave its cards, and the cards it gave; ``None`` when the seat gave none."""
    rules = hand.rules
    check_seat(seat, rules, "seat")
    decl = hand.declarer
    if decl is None:
        return None
    h = Hand(hand.dealer, rules, dealt=hand.deal)
    for s, amount in hand.auction.history:
        h.bid(s, amount)
    if rules.has_kitty:
        if seat != decl or not hand.discards:
            return None
        return h.view(seat), tuple(hand.discards)
    if hand.trump is None or not hand.passed_cards:
        return None
    h.name_trump(decl, hand.trump)
    partner = rules.partner(decl)
    assert partner is not None
    if seat == partner:
        return h.view(seat), tuple(hand.passed_cards)
    if seat != decl or not hand.returned_cards:
        return None
    h.pass_cards(partner, hand.passed_cards)
    return h.view(seat), tuple(hand.returned_cards)


def judge_exchange(
    hand: Hand,
    seat: int,
    *,
    seed: int = 0,
    hand_number: int = 1,
    samples: int = EXCHANGE_HINT_SAMPLES,
    screen: int = EXCHANGE_HINT_SCREEN,
    confirm_samples: int = EXCHANGE_CONFIRM_SAMPLES,
    margin: float | None = None,
) -> ExchangeJudgement | None:
    """The cards ``seat`` passed, returned or discarded in ``hand``, judged against the
    coach's best choice from the seat's view then, on the hint's deals (seeded by
    :func:`exchange_seed`) with the seat's own cards tried too. ``None`` when the seat
    made no exchange decision.

    A choice the first look calls costly is looked at again on ``confirm_samples``
    fresh deals (the seat's cards, the best and the heuristic's choice only), so a
    choice that looked worst among many by chance is not called a mistake; the verdict
    rests on that second look. ``margin``: the smallest loss called a mistake (by
    default :data:`EXCHANGE_REVIEW_MARGIN` counters of the rules in force)."""
    found = exchange_decision(hand, seat)
    if found is None:
        return None
    view, given = found
    return judge_exchange_choice(
        view,
        given,
        seed=exchange_seed(seed, hand_number, view.phase),
        samples=samples,
        screen=screen,
        confirm_samples=confirm_samples,
        margin=margin,
    )


def judge_exchange_choice(
    view: PlayerView,
    given: Iterable[CardLike] | str,
    *,
    seed: int = 0,
    samples: int = EXCHANGE_HINT_SAMPLES,
    screen: int = EXCHANGE_HINT_SCREEN,
    confirm_samples: int = EXCHANGE_CONFIRM_SAMPLES,
    margin: float | None = None,
) -> ExchangeJudgement:
    """The cards ``given`` at ``view``'s exchange decision (the pass, the return or the
    discard), judged against the coach's best choice on the same imagined deals
    (seeded by ``seed``), with ``given`` tried too: the review's verdict on a played
    hand (:func:`judge_exchange`) and the exchange drill's mark, one judgement.

    A choice the first look calls costly is looked at again on ``confirm_samples``
    fresh deals (``given``, the best and the heuristic's choice only), so a choice that
    looked worst among many by chance is not called a mistake; the verdict rests on
    that second look. ``margin``: the smallest loss called a mistake (by default
    :data:`EXCHANGE_REVIEW_MARGIN` counters of the rules in force). Raises
    :class:`InvalidExchangeDecisionError` for a view that is no exchange decision or
    cards that are not a legal choice there."""
    if margin is None:
        margin = EXCHANGE_REVIEW_MARGIN * view.rules.counter
    cards = tuple(sorted(as_cards(given if isinstance(given, str) else list(given))))
    ev = evaluate_exchange(
        view, include=[cards], samples=samples, screen=screen, seed=seed, margin=margin
    )
    if ev.is_clear_mistake(cards) and confirm_samples > 0:
        ev = evaluate_exchange(
            view,
            include=[cards, ev.best],
            samples=confirm_samples,
            screen=confirm_samples,
            variants=False,
            seed=seed + 1,
            margin=margin,
        )
    advice = advise_exchange(view, ev)
    return ExchangeJudgement(cards, advice)
