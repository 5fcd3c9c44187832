"""The coach on card play: what each legal card is worth, judged from what the deciding
seat knows; the advice; the verdict on each card played.

A learner's card is judged the way a strong player would weigh it at the table:
imagine the hands that cannot be seen, many times over, each deal agreeing with
everything the seat knows (its cards, the meld shown, the cards played, the voids
play has revealed, the exchange; see :mod:`pinochle_tutor.sim.knowledge`), and
play every legal card out on each of them. Two ways of playing on:

* **Early in the hand**, the rest of the hand is played with the heuristic policy
  for every seat (:func:`~pinochle_tutor.sim.policy.heuristic_playout`, the
  playout behind the Monte Carlo player).
* **In the last tricks** (``exact_tricks`` cards or fewer in the deciding hand),
  each imagined deal is solved exactly with every card face up
  (:mod:`pinochle_tutor.sim.endgame`): best play by both sides.

Every card is tried on the *same* imagined deals (common random numbers), so the
difference between two cards is measured on the same hands and its error is much
smaller than either card's own spread. :func:`evaluate_play` returns a
:class:`PlayEvaluation`: per card the mean trick points the deciding side takes from
this trick on (the cards already on the table included), its standard error, the
best card and every other card's loss, with the standard error of that loss.

**Candidates.** ``candidates`` restricts the evaluation to some of the legal cards (a
review's second look at a card weighs only that card and the ones that could be best).
The imagined deals do not depend on which cards are tried, so a card evaluated with or
without the restriction gets the same results deal by deal; the best card and the
losses are then those among the cards evaluated (:attr:`PlayEvaluation.left_out` names
the legal cards that were not).

**The deciding side.** In the partnership games, the seat and its partner. In the
three-handed game the declarer alone, or the two defenders together: the exact
search lets the defenders cooperate against the declarer, and the playouts are
counted the same way, so both measure one thing.

A loss is called a mistake (:meth:`PlayEvaluation.is_clear_mistake`) only when it is
larger than two standard errors of the loss and larger than a small margin (half a
counter by default): differences within the evaluation's error are not mistakes.

**The contract.** While the contract is still open, each card's value also says on how
many of the deals its side reaches its goal
(:func:`~pinochle_tutor.coach.play_principles.contract_goal`: the declaring side makes
the contract, the other side sets it), and how much less often than the best
card, deal by deal (:attr:`~pinochle_tutor.explain.coaching.CardValue.reach`). The best
card is the one with the most trick points; but a card that makes (or sets) the
contract clearly more often than it (:attr:`CardValue.reaches_more_often
<pinochle_tutor.explain.coaching.CardValue.reaches_more_often>`) is never called a
mistake, nor kept as one, whatever it gives away in points.

The evaluation is deterministic given ``seed``.

**Advice, and a verdict on each card played.**
:func:`~pinochle_tutor.coach.play_principles.principle_fits` reads the position from the
deciding seat's knowledge and lists every play principle that applies, each with the
cards that follow it. :func:`advise_play` sets those against the evaluation: the reason
given is the first principle (in
:data:`~pinochle_tutor.coach.play_principles.FOLLOW_ORDER` or ``LEAD_ORDER``) whose cards include
the evaluation's best card. A principle whose cards exclude the best card is never
stated as the reason; when its own card is a clear mistake by the evaluation, the
advice says so (``overruled``). When no principle fits, the reason is
:attr:`~pinochle_tutor.explain.coaching.PlayPrinciple.NUMBERS`: the numbers decide.

:func:`judge_play` replays a hand from its record and judges every card a seat
played that was a real choice, from that seat's view at the moment it played.

>>> from pinochle_tutor import Hand, Phase
>>> from pinochle_tutor.bots import HeuristicPlayer
>>> h = Hand(dealer=0, seed=3)
>>> while h.phase is not Phase.PLAY:
...     _ = h.act(HeuristicPlayer())
>>> a = advise_play(h.view(h.to_act), samples=4)
>>> a.card is a.alternatives[0].card
True
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from pinochle_tutor.cards import CARDS_BY_INDEX, Card, CardLike, parse_card
from pinochle_tutor.coach.play_principles import contract_goal, goal_verb, principle_fits
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain.coaching import (
    REACH_MARGIN,
    CardValue,
    PlayAdvice,
    PlayJudgement,
    PlayPrinciple,
    clear_loss,
)
from pinochle_tutor.explain.review import FaceUpEndgame, FaceUpPlay
from pinochle_tutor.game import Hand
from pinochle_tutor.position import position_text
from pinochle_tutor.rules import RuleSet, check_seat
from pinochle_tutor.sim.endgame import solve_counts, solve_endgame
from pinochle_tutor.sim.knowledge import Knowledge, sample_hidden_hands
from pinochle_tutor.sim.policy import heuristic_playout, play_context, policy_card
from pinochle_tutor.sim.stats import check_samples, decision_seed, stderr_of_mean
from pinochle_tutor.view import Phase, PlayerView

__all__ = [
    "FACE_UP_TRICKS",
    "PLAY_CONFIRM_SAMPLES",
    "PLAY_CONTENDER_ERRORS",
    "PLAY_DECIDE_SAMPLES",
    "PLAY_EXACT_TRICKS",
    "PLAY_HINT_EXACT_TRICKS",
    "PLAY_HINT_SAMPLES",
    "PLAY_KEEP_MARGIN",
    "PLAY_REVIEW_BUDGET",
    "PLAY_REVIEW_EXACT_TRICKS",
    "PLAY_REVIEW_MARGIN",
    "PLAY_REVIEW_SAMPLES",
    "InvalidDecisionError",
    "PlayEvaluation",
    "PlayEvaluator",
    "advise_play",
    "coach_play",
    "evaluate_kept_play",
    "evaluate_play",
    "face_up_endgame",
    "is_kept_mistake",
    "judge_kept_play",
    "judge_play",
    "kept_seed",
    "play_decisions",
    "replay_to_play",
    "side_words",
]

PLAY_HINT_SAMPLES = 64
"""Imagined deals behind a card-play hint and undo's verdict on a card taken back (and
:func:`evaluate_play`'s default)."""
PLAY_EXACT_TRICKS = 4
"""Solve each imagined deal exactly when the deciding hand holds this many cards or fewer
(:func:`evaluate_play`'s default)."""
PLAY_HINT_EXACT_TRICKS = 3
"""A hint solves each imagined deal exactly from this many cards a hand: measured, an
exact solve of 64 deals from 4 cards takes up to a second on one core, from 3 cards a
tenth of that (benchmarks/bench_review.py)."""


class InvalidDecisionError(PinochleError):
    """A view that is not a card-play decision of its seat: not in trick play, or not
    this seat's turn (no legal cards), an ``exact_tricks`` that is not a whole number
    of 0 or more, or ``candidates`` that name no card or a card that is not legal."""


@dataclass(frozen=True)
class PlayEvaluation:
    """The coach's verdict on one card-play decision: every legal card (or every
    candidate card asked for), best first."""

    seat: int
    """The deciding seat."""
    side: tuple[int, ...]
    """The seats whose trick points are counted (see the module text)."""
    alternatives: tuple[CardValue, ...]
    """Every card evaluated (every legal card unless ``candidates`` restricted them),
    best first (then by loss)."""
    samples: int
    """Imagined deals, the same for every card."""
    exact: bool
    """Whether each deal was solved exactly (the last tricks) rather than played out."""
    margin: float
    """The smallest loss :meth:`is_clear_mistake` calls a mistake."""
    taken: int
    """Trick points the side already holds from finished tricks (three-handed: without
    the declarer's discards), not part of the means."""
    left_out: tuple[Card, ...] = ()
    """The legal cards not evaluated (``candidates`` left them out), by card order;
    empty when every legal card was evaluated."""

    @property
    def complete(self) -> bool:
        """Whether every legal card was evaluated (so :attr:`best` is the best of all)."""
        return not self.left_out

    @property
    def best(self) -> Card:
        """The card with the highest mean among those evaluated (ties go to the card
        the heuristic plays)."""
        return self.alternatives[0].card

    @property
    def playouts(self) -> int:
        """Hands played on or solved: samples times cards evaluated."""
        return self.samples * len(self.alternatives)

    def evaluation(self, card: CardLike) -> CardValue | None:
        """The evaluation of ``card``, ``None`` if it is not a legal card here or was
        not evaluated."""
        try:
            c = parse_card(card)
        except PinochleError:
            return None
        for alt in self.alternatives:
            if alt.card is c:
                return alt
        return None

    def loss(self, card: CardLike) -> float | None:
        """The mean trick points ``card`` gives away against the best card, ``None`` if
        it is not a legal card here or was not evaluated."""
        alt = self.evaluation(card)
        return None if alt is None else alt.loss

    def is_clear_mistake(self, card: CardLike) -> bool:
        """Whether ``card`` loses more than two standard errors of its loss and more
        than :attr:`margin`: a loss the evaluation is sure of and that matters. False
        for the best card and for a card that is not legal here or was not evaluated."""
        alt = self.evaluation(card)
        return alt is not None and alt.clear_mistake


def evaluate_play(
    view: PlayerView,
    *,
    samples: int = PLAY_HINT_SAMPLES,
    seed: int | None = 0,
    exact_tricks: int = PLAY_EXACT_TRICKS,
    margin: float | None = None,
    candidates: Iterable[CardLike] | None = None,
) -> PlayEvaluation:
    """Evaluate every legal card of ``view.seat``, to play now (see the module text).

    ``samples`` imagined deals of the hidden cards, all consistent with what the seat
    knows; ``seed`` makes the result reproducible (``None``: fresh randomness);
    ``exact_tricks``: solve exactly when the seat holds that many cards or fewer (0:
    never); ``margin``: the smallest loss called a mistake (default half a counter of
    the rule set in force); ``candidates``: evaluate only these legal cards (copies of
    a card count once), on the same deals as without them. Raises
    :class:`InvalidDecisionError` when ``view`` is not this seat's turn to play a card,
    or when ``candidates`` is empty or names a card that is not legal here
    (:class:`~pinochle_tutor.cards.InvalidCardError` for a text that is no card).

    The same as ``PlayEvaluator(view, seed=seed, exact_tricks=exact_tricks,
    margin=margin).evaluate(samples, candidates)``; a :class:`PlayEvaluator` asked again
    for more deals plays only the new ones."""
    check_samples(samples)
    return PlayEvaluator(view, seed=seed, exact_tricks=exact_tricks, margin=margin).evaluate(
        samples, candidates
    )


class PlayEvaluator:
    """The evaluations of one card-play decision on one sequence of imagined deals.

    The ``k``-th deal is the same whatever is asked (the deals depend only on the view
    and ``seed``), and each card's result on a deal is computed once: an evaluation
    on more deals, or of other cards, plays only what has not been played yet, and
    agrees deal by deal with :func:`evaluate_play` on the same arguments. A review's
    second look at a card thus costs only its new deals."""

    def __init__(
        self,
        view: PlayerView,
        *,
        seed: int | None = 0,
        exact_tricks: int = PLAY_EXACT_TRICKS,
        margin: float | None = None,
    ) -> None:
        if isinstance(exact_tricks, bool) or not isinstance(exact_tricks, int) or exact_tricks < 0:
            raise InvalidDecisionError(
                f"exact_tricks={exact_tricks!r} must be a whole number of 0 or more"
            )
        if view.phase is not Phase.PLAY or not view.legal:
            raise InvalidDecisionError(
                f"seat {view.seat} has no card to play now (phase {view.phase.value}, no legal "
                "cards): the coach evaluates a card-play decision at the seat's turn"
            )
        assert view.trump is not None and view.declarer is not None
        rules = view.rules
        self.view = view
        bidders = rules.side(view.declarer)
        ours = rules.side(view.seat) == bidders
        self._team = tuple(s for s in range(rules.players) if (rules.side(s) == bidders) == ours)
        self._team_sides = sorted({rules.side(s) for s in self._team})
        self._legal = sorted({c.index for c in view.legal})
        self._knowledge = Knowledge.from_view(view)
        self._ctx = play_context(rules, int(view.trump), view.declarer)
        self._trick = [c.index for c in view.trick]
        self._seats = [*view.trick_seats, view.seat]
        self.exact = len(view.hand) <= exact_tricks
        """Whether each deal is solved exactly (the last tricks) rather than played out."""
        self._margin = float(rules.counter / 2 if margin is None else margin)
        self._rng = random.Random(seed)
        self._deals: list[list[list[int]]] = []
        self._solved: list[dict[int, int]] = []
        self._results: dict[int, list[float]] = {}
        self._preferred: int | None = None
        self._goal = contract_goal(view)

    def _deal(self, k: int) -> list[list[int]]:
        while len(self._deals) <= k:
            self._deals.append(sample_hidden_hands(self._knowledge, self._rng))
        return self._deals[k]

    def _result(self, i: int, k: int) -> float:
        """Trick points the side takes from this trick on if the seat plays card index
        ``i`` on the ``k``-th deal."""
        view = self.view
        assert view.trump is not None and view.declarer is not None
        hands = self._deal(k)
        if self.exact:
            while len(self._solved) <= k:
                sol = solve_counts(
                    self._deal(len(self._solved)),
                    int(view.trump),
                    view.seat,
                    view.declarer,
                    view.rules,
                    self._trick,
                )
                self._solved.append({c.index: v for c, v in sol.values})
            return float(self._solved[k][i])
        h = [list(row) for row in hands]
        h[view.seat][i] -= 1
        pts = heuristic_playout(
            h,
            view.declarer,
            int(view.trump),
            view.rules,
            trick=[*self._trick, i],
            trick_seats=self._seats,
            forbidden=self._knowledge.forbidden,
            context=self._ctx,
        )
        return float(sum(pts[d] for d in self._team_sides))

    def unplayed(
        self, samples: int = PLAY_HINT_SAMPLES, candidates: Iterable[CardLike] | None = None
    ) -> int:
        """How many card-and-deal results :meth:`evaluate` with these arguments would
        compute that are not computed yet: its cost, before it is paid (a query; 0 for
        arguments :meth:`evaluate` would refuse)."""
        try:
            n_samples = check_samples(samples)
            legal = (
                self._legal
                if candidates is None
                else _candidate_indices(candidates, self._legal, self.view)
            )
        except PinochleError:
            return 0
        return sum(max(0, n_samples - len(self._results.get(i, ()))) for i in legal)

    def evaluate(
        self, samples: int = PLAY_HINT_SAMPLES, candidates: Iterable[CardLike] | None = None
    ) -> PlayEvaluation:
        """The evaluation on the first ``samples`` deals of every legal card, or of the
        legal ``candidates`` only (see :func:`evaluate_play`)."""
        n_samples = check_samples(samples)
        view = self.view
        every = self._legal
        legal = every if candidates is None else _candidate_indices(candidates, every, view)
        results: list[list[float]] = []
        for i in legal:
            done = self._results.setdefault(i, [])
            for k in range(len(done), n_samples):
                done.append(self._result(i, k))
            results.append(done[:n_samples])

        means = [sum(r) / n_samples for r in results]
        if self._preferred is None:
            self._preferred = policy_card(view, self._knowledge, self._ctx)
        preferred = self._preferred
        top = max(range(len(legal)), key=lambda j: (round(means[j], 9), legal[j] == preferred))
        goal = self._goal
        reached = [[float(x >= goal) for x in r] for r in results] if goal is not None else []
        alternatives = []
        for j, i in enumerate(legal):
            diffs = [b - x for b, x in zip(results[top], results[j], strict=True)]
            loss, loss_stderr = max(0.0, means[top] - means[j]), stderr_of_mean(diffs)
            reach: float | None = None
            gap = gap_stderr = 0.0
            if goal is not None:
                reach = sum(reached[j]) / n_samples
                gaps = [b - x for b, x in zip(reached[top], reached[j], strict=True)]
                gap, gap_stderr = sum(gaps) / n_samples, stderr_of_mean(gaps)
            alternatives.append(
                CardValue(
                    card=CARDS_BY_INDEX[i],
                    mean=means[j],
                    stderr=stderr_of_mean(results[j]),
                    loss=loss,
                    loss_stderr=loss_stderr,
                    clear_mistake=clear_loss(loss, loss_stderr, self._margin)
                    and not clear_loss(-gap, gap_stderr, REACH_MARGIN),
                    reach=reach,
                    reach_gap=gap,
                    reach_gap_stderr=gap_stderr,
                )
            )
        alternatives.sort(key=lambda a: (a.card.index != legal[top], a.loss, a.card.index))
        taken = sum(t.points for t in view.tricks if t.winner in self._team)
        return PlayEvaluation(
            seat=view.seat,
            side=self._team,
            alternatives=tuple(alternatives),
            samples=n_samples,
            exact=self.exact,
            margin=self._margin,
            taken=taken,
            left_out=tuple(CARDS_BY_INDEX[i] for i in every if i not in legal),
        )


def _candidate_indices(
    candidates: Iterable[CardLike], legal: list[int], view: PlayerView
) -> list[int]:
    """The card indices of ``candidates``, sorted and each once; every one legal (a
    text that is no card raises :class:`~pinochle_tutor.cards.InvalidCardError`)."""
    out = set()
    for c in candidates:
        i = parse_card(c).index
        if i not in legal:
            raise InvalidDecisionError(
                f"candidate {CARDS_BY_INDEX[i].text} is not a legal card of seat {view.seat} "
                f"here (legal: {', '.join(CARDS_BY_INDEX[j].text for j in legal)})"
            )
        out.add(i)
    if not out:
        raise InvalidDecisionError("candidates names no card: evaluate at least one legal card")
    return sorted(out)


PLAY_REVIEW_SAMPLES = 24
"""Imagined deals per decision in a hand's review (fewer than a hint's, to bound its cost)."""
PLAY_REVIEW_MARGIN = 0.25
"""The smallest loss the review calls a mistake, in counters of the rule set in force (a
quarter of a king's 10 points in the classic game): above it a card costs something a
learner should hear about, provided the loss is also beyond twice its error."""
PLAY_KEEP_MARGIN = 0.25
"""A card a learner played is kept as their own position for the review
(:func:`is_kept_mistake`) when the lower bound of its loss, the loss less twice its
standard error on :func:`evaluate_kept_play`'s deals, is above this many counters of the
rule set in force (2.5 trick points in the classic game): a loss the coach is sure of
and that matters."""
PLAY_REVIEW_EXACT_TRICKS = 3
"""The review solves each imagined deal exactly from this many cards a hand (one trick
fewer than a lone evaluation's default: an exact 4-card solve of many deals is the
review's most expensive step)."""
PLAY_CONFIRM_SAMPLES = 96
"""Imagined deals for a review's second look at a card that may have cost trick points."""
PLAY_DECIDE_SAMPLES = 384
"""Imagined deals for a third look at a card the second look left undecided with a loss of
at least half the margin: four times the deals halve the error, so a loss that matters is
told from noise; only such cards pay."""
PLAY_CONTENDER_ERRORS = 3.0
"""A review's second and third looks weigh the card played against the cards that could
be best by the look before: the best card and every card whose loss is within this many
standard errors of its loss. The looks are on the same deals as a look at every card
(the deals do not depend on the cards tried), so when the best card of all is among
them the verdict is the one every card would give; a card left out was behind the best
by more than three errors on the deals before."""
PLAY_REVIEW_BUDGET = 60_000
"""The most cards a hand's review plays in its second and third looks at the seat's
cards (each imagined deal played out from a decision counts the cards left in the
seat's hand, once for each card tried: a deal of the first trick costs more than one
of the last). Measured on one core (``benchmarks/bench_review.py``), the review plays
about 70,000 to 120,000 such cards a second, so this bounds those looks to under a
second; the first looks, the contract's, the exchange's and the concession's verdicts
come on top, and the whole review stays within 3 s. It binds only on hands with many
close calls (double deck, about a third of the hands: up to 180,000 cards without it)."""
FACE_UP_TRICKS = 5
"""The review shows the last this-many tricks with every card face up (one exact solve
of each position: measured, at most about a tenth of a second from 6 cards a hand)."""

def side_words(view: PlayerView) -> str:
    """Whose trick points the coach counts for ``view.seat``, in words."""
    if view.rules.partnerships:
        return "your side"
    return "you" if view.seat == view.declarer else "you and the other defender"



def advise_play(
    view: PlayerView,
    evaluation: PlayEvaluation | None = None,
    *,
    samples: int = PLAY_HINT_SAMPLES,
    seed: int | None = 0,
    margin: float | None = None,
    exact_tricks: int = PLAY_EXACT_TRICKS,
) -> PlayAdvice:
    """The coach's advice for ``view`` (the seat's turn to play): its best card, the
    principle that explains it (never one the evaluation contradicts) and every
    alternative's numbers. ``evaluation`` defaults to
    ``evaluate_play(view, samples=samples, seed=seed, margin=margin,
    exact_tricks=exact_tricks)``."""
    ev = (
        evaluation
        if evaluation is not None
        else evaluate_play(
            view, samples=samples, seed=seed, margin=margin, exact_tricks=exact_tricks
        )
    )
    best = ev.best
    fits = principle_fits(view)
    chosen = next((f for f in fits if best in f.cards), None)
    overruled = next(
        (
            f
            for f in fits
            if best not in f.cards
            and ev.is_clear_mistake(f.pick)
            and (chosen is None or fits.index(f) < fits.index(chosen))
        ),
        None,
    )
    return PlayAdvice(
        card=best,
        principle=chosen.principle if chosen is not None else PlayPrinciple.NUMBERS,
        alternatives=ev.alternatives,
        samples=ev.samples,
        exact=ev.exact,
        side=side_words(view),
        evidence=chosen.evidence if chosen is not None else (),
        overruled=overruled.principle if overruled is not None else None,
        overruled_card=overruled.pick if overruled is not None else None,
        complete=ev.complete,
        follows=tuple(sorted(chosen.cards)) if chosen is not None else (),
        goal=goal_verb(view) if contract_goal(view) is not None else "",
    )


def replay_to_play(hand: Hand) -> Hand | None:
    """``hand`` replayed from its deal and record up to the first lead: the auction,
    the kitty's discard, trump and the exchange, no card played (so a view of it is
    what a seat knew then). ``None`` when ``hand`` never got that far."""
    rules = hand.rules
    h = Hand(hand.dealer, rules, dealt=hand.deal)
    for s, amount in hand.auction.history:
        h.bid(s, amount)
    if h.phase is Phase.DISCARD and hand.discards:
        assert hand.declarer is not None
        h.discard(hand.declarer, hand.discards)
    if hand.trump is None:
        return None
    assert hand.declarer is not None
    h.name_trump(hand.declarer, hand.trump)
    if h.phase is Phase.PASS and hand.passed_cards:
        partner = rules.partner(hand.declarer)
        assert partner is not None
        h.pass_cards(partner, hand.passed_cards)
        h.return_cards(hand.declarer, hand.returned_cards)
    return h if h.phase is Phase.PLAY else None


def play_decisions(hand: Hand, seat: int) -> Iterator[tuple[int, PlayerView, Card]]:
    """Each card ``seat`` played in ``hand`` (finished or under way): the trick number
    (1 for the first), the seat's view just before it played, and the card. The hand is
    replayed from its deal and record, so each view is what the seat knew then."""
    check_seat(seat, hand.rules, "seat")
    h = replay_to_play(hand)
    if h is None:
        return
    plays = [(s, c) for t in hand.tricks for s, c in zip(t.seats, t.cards, strict=True)]
    plays += list(zip(hand.trick_seats, hand.trick, strict=True))
    for s, c in plays:
        if h.phase is not Phase.PLAY:
            return
        if s == seat:
            yield len(h.tricks) + 1, h.view(s), c
        h.play(s, c)


def judge_play(
    hand: Hand,
    seat: int,
    *,
    samples: int = PLAY_REVIEW_SAMPLES,
    confirm_samples: int = PLAY_CONFIRM_SAMPLES,
    decide_samples: int = PLAY_DECIDE_SAMPLES,
    seed: int = 0,
    hand_number: int = 1,
    margin: float | None = None,
    exact_tricks: int = PLAY_REVIEW_EXACT_TRICKS,
    contender_errors: float | None = PLAY_CONTENDER_ERRORS,
    budget: int | None = PLAY_REVIEW_BUDGET,
) -> tuple[PlayJudgement, ...]:
    """Every card ``seat`` played in ``hand`` that was a choice (more than one distinct
    legal card), judged against the coach's advice from the seat's view at that
    moment, on ``samples`` imagined deals (seeded by :func:`decision_seed`). A card
    that look leaves undecided (not a clear mistake, but its loss plus twice its
    standard error is above ``margin``: it may have cost something) is judged again on
    ``confirm_samples`` deals (the first ones the same), and a third time on
    ``decide_samples`` deals if it is still undecided with a loss of at least half
    ``margin``; so the verdict on the cards that matter rests on more deals while the
    whole review stays cheap. The second and third looks evaluate only the card played
    and the cards the look before leaves in contention for best (within
    ``contender_errors`` standard errors of the best, :data:`PLAY_CONTENDER_ERRORS`; ``None``:
    every legal card), on the same deals as a look at every card (the first ones those
    of the look before, not played again: :class:`~pinochle_tutor.coach.play.PlayEvaluator`);
    the verdict's best card and loss are those of the cards evaluated.

    The second and third looks together play at most ``budget`` cards
    (:data:`PLAY_REVIEW_BUDGET`; ``None``: no bound), given to the cards in order of their
    first look's loss, the largest (the likeliest mistakes) first. A look that would
    pass the budget is not taken: its card keeps the verdict of the look before, which
    calls it a mistake only if that look already shows one beyond its error. So a hand
    with many close calls is reviewed in bounded time, and the bound, counted in cards
    rather than seconds, gives the same verdicts on every machine.

    A card is called a mistake only when its loss is beyond twice its standard error
    and above ``margin`` (by default :data:`PLAY_REVIEW_MARGIN` counters of the rule set in
    force): small differences within the evaluation's error are not mistakes."""
    if margin is None:
        margin = PLAY_REVIEW_MARGIN * hand.rules.counter
    looks: list[tuple[int, PlayerView, Card, PlayEvaluator, PlayEvaluation]] = []
    for trick_number, view, card in play_decisions(hand, seat):
        if len(set(view.legal)) <= 1:
            continue
        played = sum(len(t.cards) for t in view.tricks) + len(view.trick)
        dseed = decision_seed(seed, hand_number, played)
        evaluator = PlayEvaluator(view, seed=dseed, margin=margin, exact_tricks=exact_tricks)
        looks.append((trick_number, view, card, evaluator, evaluator.evaluate(samples)))
    left = budget
    # The cards with the largest losses first: they are the likeliest mistakes.
    order = sorted(range(len(looks)), key=lambda k: (-(looks[k][4].loss(looks[k][2]) or 0.0), k))
    for k in order:
        trick_number, view, card, evaluator, ev = looks[k]
        for more, again in ((confirm_samples, _undecided), (decide_samples, _likely_costly)):
            if more <= ev.samples or not again(ev, card):
                continue
            contenders = _contenders(ev, card, contender_errors)
            cost = evaluator.unplayed(more, contenders) * len(view.hand)
            if left is not None:
                if cost > left:
                    break
                left -= cost
            ev = evaluator.evaluate(more, contenders)
        looks[k] = (trick_number, view, card, evaluator, ev)
    return tuple(
        PlayJudgement(trick_number, card, advise_play(view, ev))
        for trick_number, view, card, _, ev in looks
    )


def evaluate_kept_play(view: PlayerView, *, seed: int) -> PlayEvaluation:
    """The evaluation of a card-play position kept from the learner's own hand, to be
    asked again in the review (``pinochle_tutor.course.own_positions``): every legal
    card weighed as the hand's review weighs a card it looks at again, with its margin
    (:data:`PLAY_REVIEW_MARGIN` counters) and its exact solve of the last
    :data:`PLAY_REVIEW_EXACT_TRICKS` tricks, on :data:`PLAY_CONFIRM_SAMPLES` imagined
    deals, and on :data:`PLAY_DECIDE_SAMPLES` when a card is still undecided with a loss
    of at least half the margin (the review's third look). One evaluation for every
    answer: each card's verdict, and the coach's own card, are the same whatever the
    learner picks. ``seed`` fixes the deals (the caller derives it from the position,
    never from the game's seed)."""
    margin = PLAY_REVIEW_MARGIN * view.rules.counter
    evaluator = PlayEvaluator(
        view, seed=seed, margin=margin, exact_tricks=PLAY_REVIEW_EXACT_TRICKS
    )
    ev = evaluator.evaluate(PLAY_CONFIRM_SAMPLES)
    if any(_likely_costly(ev, a.card) for a in ev.alternatives):
        ev = evaluator.evaluate(PLAY_DECIDE_SAMPLES)
    return ev


def is_kept_mistake(value: CardValue, rules: RuleSet) -> bool:
    """Whether the card of ``value`` (its value on :func:`evaluate_kept_play`'s deals)
    loses more than :data:`PLAY_KEEP_MARGIN` counters of ``rules`` even at the lower
    bound of its loss (the loss less twice its standard error)."""
    return (
        value.loss - 2.0 * value.loss_stderr > PLAY_KEEP_MARGIN * rules.counter
        and not value.reaches_more_often
    )


def kept_seed(view: PlayerView) -> int:
    """The seed of :func:`evaluate_kept_play`'s deals at ``view``: from the position as
    :func:`pinochle_tutor.position.position_text` writes it, so the card is judged the
    same in the hand's review, when it is kept and each time it is asked again, and no
    game's seed is behind it."""
    return zlib.crc32(f"own:{position_text(view)}".encode())


def judge_kept_play(view: PlayerView, card: Card, trick_number: int) -> PlayJudgement:
    """``card`` played at ``view`` (trick ``trick_number``), judged on
    :func:`evaluate_kept_play`'s evaluation seeded by the position (:func:`kept_seed`):
    a mistake when its loss is beyond twice its error and above the review's margin. The
    hand's review gives this verdict on every card its first looks call costly
    (``pinochle_tutor.coach.table.review``), and the learner's own position is kept and
    marked on it."""
    ev = evaluate_kept_play(view, seed=kept_seed(view))
    return PlayJudgement(trick_number, card, advise_play(view, ev))


def _contenders(ev: PlayEvaluation, card: Card, errors: float | None) -> list[Card] | None:
    """The cards a further look at ``card`` weighs: ``card`` and every card of ``ev``
    whose loss is at most ``errors`` standard errors of its loss (the best card among
    them); ``None`` (every legal card) when ``errors`` is ``None``."""
    if errors is None:
        return None
    return [card, *(a.card for a in ev.alternatives if a.loss <= errors * a.loss_stderr)]


def _undecided(ev: PlayEvaluation, card: Card) -> bool:
    """Whether ``ev`` leaves ``card`` undecided: not a clear mistake, yet its loss may be
    above the margin (the loss plus twice its standard error is)."""
    alt = ev.evaluation(card)
    if alt is None or ev.is_clear_mistake(card):
        return False
    return alt.loss + 2.0 * alt.loss_stderr > ev.margin


def _likely_costly(ev: PlayEvaluation, card: Card) -> bool:
    """Whether ``ev`` leaves ``card`` undecided (see :func:`_undecided`) with a loss of at
    least half the margin: a card that more deals may well show to cost something."""
    loss = ev.loss(card)
    return loss is not None and loss > ev.margin / 2 and _undecided(ev, card)


def face_up_endgame(hand: Hand, seat: int, tricks: int = FACE_UP_TRICKS) -> FaceUpEndgame | None:
    """The last ``tricks`` tricks of a finished ``hand`` with every card face up, from
    ``seat``'s side (see :class:`~pinochle_tutor.explain.review.FaceUpEndgame`): the
    position at the start of that trick solved exactly (the cards each seat went on to
    play are the cards it held), and each of the seat's cards in those tricks against
    the best card of its position. ``None`` when the hand was not played to the end
    (conceded, or not over)."""
    rules = hand.rules
    check_seat(seat, rules, "seat")
    n = rules.tricks_per_hand
    if hand.phase is not Phase.DONE or hand.conceded or len(hand.tricks) != n:
        return None
    assert hand.trump is not None and hand.declarer is not None
    declarer = hand.declarer
    start = max(0, n - tricks)
    late = hand.tricks[start:]
    held: list[list[Card]] = [[] for _ in range(rules.players)]
    for t in late:
        for s, c in zip(t.seats, t.cards, strict=True):
            held[s].append(c)
    ours = rules.side(seat) == rules.side(declarer)

    def side_value(sol_points: tuple[int, int]) -> int:
        return sol_points[0] if ours else sol_points[1]

    first = solve_endgame(held, hand.trump, late[0].leader, declarer=declarer, rules=rules)
    could = side_value((first.declarer_points, first.defender_points))
    took = sum(t.points for t in late if (rules.side(t.winner) == rules.side(declarer)) == ours)
    plays = []
    for k, t in enumerate(late):
        for j, (s, c) in enumerate(zip(t.seats, t.cards, strict=True)):
            if s == seat:
                sol = solve_endgame(
                    held, hand.trump, s, declarer=declarer, rules=rules, trick=t.cards[:j]
                )
                loss = sol.loss(c)
                if loss:
                    plays.append(FaceUpPlay(start + k + 1, c, sol.best_cards, loss))
            held[s].remove(c)
    if rules.partnerships:
        words = "your side"
    elif seat == declarer:
        words = "you"
    else:
        words = "you and the other defender"
    return FaceUpEndgame(
        from_trick=start + 1,
        could_take=could,
        took=took,
        left=first.total,
        side=words,
        plays=tuple(plays),
    )


def coach_play(
    v: PlayerView, *, seed: int, hand_number: int, samples: int, margin: float | None = None
) -> PlayAdvice:
    """The coach's advice for the card-play view ``v``, on imagined deals fixed by the
    game's seed and the moment of the hand (a hint asked twice, and undo's verdict on
    that decision, agree)."""
    played = sum(len(t.cards) for t in v.tricks) + len(v.trick)
    return advise_play(
        v,
        samples=samples,
        seed=decision_seed(seed, hand_number, played),
        margin=margin,
        exact_tricks=PLAY_HINT_EXACT_TRICKS,
    )
