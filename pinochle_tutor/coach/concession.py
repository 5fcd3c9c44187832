"""Conceding, weighed: play the hand out, or throw it in before the first card?

A declarer may concede before trick play: the bidders lose their bid and the
defenders score their meld only (the rules of record; :func:`~pinochle_tutor.scoring.score_hand`).
Playing on, the bidders score their meld and trick points when they make the
contract and lose the bid when they do not, and the defenders score their meld and
trick points either way once they take enough to keep their meld. So conceding
never saves the bidders anything; what it saves is the defenders' trick points,
and it costs the chance of making the contract.

:func:`evaluate_concession` weighs the two from what the declarer knows at the first
lead: it imagines the hidden hands many times (consistent with the meld shown, the
exchange and the kitty: :mod:`pinochle_tutor.sim.knowledge`), plays each deal out
with the heuristic policy for every seat (the playout behind the Monte Carlo player
and the coach's card evaluation), scores it with the engine's scoring, and compares
it on the same deal with the concession's score. The yardstick is the bidders' score
change less the defenders' (their average, three-handed, where each defender scores
alone): a point the defenders do not score counts as much as a point the bidders do.

:func:`advise_concession` turns the numbers into the coach's advice
(:class:`~pinochle_tutor.explain.concession.ConcessionAdvice`, rendering the
:class:`~pinochle_tutor.explain.concession.ConcessionEvaluation`): conceding is advised,
and a choice called a mistake, only when the difference is beyond twice its standard
error and more than a margin, as for a card. Deterministic given ``seed``.
"""

from __future__ import annotations

import random

from pinochle_tutor.coach.play import replay_to_play
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain.concession import (
    ConcessionAdvice,
    ConcessionEvaluation,
    ConcessionJudgement,
)
from pinochle_tutor.game import Hand
from pinochle_tutor.rules import check_seat
from pinochle_tutor.scoring import score_changes, score_sides
from pinochle_tutor.sim.knowledge import Knowledge, sample_hidden_hands
from pinochle_tutor.sim.policy import heuristic_playout, play_context
from pinochle_tutor.sim.stats import check_samples, decision_seed, stderr_of_mean
from pinochle_tutor.view import Phase, PlayerView

__all__ = [
    "CONCESSION_SAMPLES",
    "NoConcessionError",
    "advise_concession",
    "evaluate_concession",
    "judge_concession",
]

CONCESSION_SAMPLES = 64
"""Imagined deals per evaluation unless told otherwise."""


class NoConcessionError(PinochleError):
    """A view at which the seat may not concede: only the declarer may, at the first
    lead, before any card is played."""


def evaluate_concession(
    view: PlayerView,
    *,
    samples: int = CONCESSION_SAMPLES,
    seed: int | None = 0,
) -> ConcessionEvaluation:
    """Weigh conceding against playing on for the declarer of ``view`` at the first lead
    (see the module text), on ``samples`` imagined deals seeded by ``seed`` (``None``:
    fresh randomness). Raises :class:`NoConcessionError` when the seat
    may not concede now."""
    n = check_samples(samples)
    if (
        view.phase is not Phase.PLAY
        or view.declarer != view.seat
        or view.tricks
        or view.trick
        or view.contract is None
        or view.trump is None
        or view.melds is None
    ):
        raise NoConcessionError(
            f"seat {view.seat} may not concede now (phase {view.phase.value}, declarer "
            f"{view.declarer}, {len(view.tricks)} trick(s) played, {len(view.trick)} card(s) "
            "on the table): only the declarer may, at the first lead, before any card"
        )
    rules = view.rules
    declarer = view.seat
    contract = view.contract
    trump = int(view.trump)
    bidders = rules.side(declarer)
    defenders = [d for d in range(rules.sides) if d != bidders]
    side_meld = [0] * rules.sides
    for s, m in enumerate(view.melds):
        side_meld[rules.side(s)] += m.total
    # Three-handed, the declarer's discards count as their trick points; the declarer
    # knows them (the cards it gave).
    discard = sum(rules.counter_points[c.rank] for c in view.given) if rules.has_kitty else 0

    def margin_of(changes: list[int]) -> tuple[float, float]:
        theirs = sum(changes[d] for d in defenders) / len(defenders)
        return float(changes[bidders]), theirs

    conceded = score_changes(
        score_sides(contract, bidders, side_meld, [0] * rules.sides, rules, conceded=True),
        bidders,
        rules,
    )
    c_ours, c_theirs = margin_of(conceded)
    knowledge = Knowledge.from_view(view)
    ctx = play_context(rules, trump, declarer)
    rng = random.Random(seed)
    made = 0
    ours: list[float] = []
    theirs: list[float] = []
    gains: list[float] = []
    for _ in range(n):
        hands = sample_hidden_hands(knowledge, rng)
        points = heuristic_playout(
            hands, declarer, trump, rules, forbidden=knowledge.forbidden, context=ctx
        )
        points[bidders] += discard
        scores = score_sides(contract, bidders, side_meld, points, rules)
        made += scores[0].made
        o, t = margin_of(score_changes(scores, bidders, rules))
        ours.append(o)
        theirs.append(t)
        gains.append((o - t) - (c_ours - c_theirs))
    gain = sum(gains) / n
    return ConcessionEvaluation(
        seat=declarer,
        contract=contract,
        samples=n,
        make_chance=made / n,
        play_bidders=sum(ours) / n,
        play_defenders=sum(theirs) / n,
        concede_bidders=int(c_ours),
        concede_defenders=c_theirs,
        gain=gain,
        gain_stderr=stderr_of_mean(gains),
    )


def advise_concession(
    view: PlayerView,
    *,
    samples: int = CONCESSION_SAMPLES,
    seed: int | None = 0,
    margin: float | None = None,
) -> ConcessionAdvice:
    """The coach's advice to the declarer of ``view`` at the first lead, concede or play
    on, from :func:`evaluate_concession`; ``margin``: the smallest difference called a
    clear choice (default one counter of the rule set in force)."""
    ev = evaluate_concession(view, samples=samples, seed=seed)
    rules = view.rules
    return ConcessionAdvice(
        ev, float(rules.counter if margin is None else margin), rules.partnerships
    )


def judge_concession(
    hand: Hand,
    seat: int,
    *,
    samples: int = CONCESSION_SAMPLES,
    seed: int = 0,
    hand_number: int = 1,
) -> ConcessionJudgement | None:
    """The coach's verdict on ``seat``'s choice, as declarer, to concede ``hand`` or play
    it out, judged from what the seat knew at the first lead (the hand replayed to that
    moment) on the same imagined deals as the hint at that moment (seeded by
    :func:`~pinochle_tutor.sim.stats.decision_seed` with no card played). ``None``
    when ``seat`` did not declare or the hand never reached the first lead."""
    check_seat(seat, hand.rules, "seat")
    if hand.declarer != seat:
        return None
    h = replay_to_play(hand)
    if h is None:
        return None
    advice = advise_concession(
        h.view(seat), samples=samples, seed=decision_seed(seed, hand_number, 0)
    )
    return ConcessionJudgement(hand.conceded, advice)
