"""Whether the declarer should concede: playing the hand out against giving it up.

After the meld and before the first card, the declarer may concede (RULES.md: the
bidders subtract the bid, the defenders score their meld only). Playing on, a set
costs the bid as well, and each defender also scores its trick points; a contract
made scores the declarer's full total. So a contract that is almost certainly lost
is cheaper conceded: the defenders' trick points are not given away.

:func:`evaluate_concession` judges it from what the declarer knows (its cards, every
seat's meld shown, the kitty or the exchange; :mod:`~pinochle_tutor.bots.knowledge`):
it deals the hidden hands many times over, plays each deal out with the heuristic
policy (:func:`~pinochle_tutor.bots.heuristic.heuristic_playout`, the Monte Carlo
player's playout), and scores it as the hand is scored, the declarer's side less the
others (:func:`~pinochle_tutor.bots.montecarlo.hand_utility`). Conceding's score is
certain: the meld is shown. The evaluation is deterministic given ``seed``.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from pinochle_tutor.bots.heuristic import heuristic_playout, play_context
from pinochle_tutor.bots.knowledge import Knowledge, sample_hidden_hands
from pinochle_tutor.bots.montecarlo import check_samples, hand_utility
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.scoring import score_hand
from pinochle_tutor.view import Phase, PlayerView

__all__ = [
    "CONCESSION_SAMPLES",
    "ConcessionEvaluation",
    "NotAConcessionError",
    "evaluate_concession",
]

CONCESSION_SAMPLES = 48
"""Imagined deals behind one concession decision unless told otherwise."""


class NotAConcessionError(PinochleError):
    """A view in which its seat cannot concede: not the declarer, or not between the
    meld and the first card."""


@dataclass(frozen=True)
class ConcessionEvaluation:
    """Playing on against conceding, for the declarer's side (score change of the side
    less the others' average, as :func:`~pinochle_tutor.bots.montecarlo.hand_utility`
    counts it)."""

    contract: int
    play_score: float
    """Mean over the imagined deals of playing the hand out."""
    play_stderr: float
    """Standard error of :attr:`play_score`."""
    concede_score: float
    """Conceding (certain: the bid lost, the defenders' meld)."""
    make_chance: float
    """The share of imagined deals in which the contract is made."""
    samples: int

    @property
    def concede(self) -> bool:
        """Whether conceding scores better than playing on, on average."""
        return self.concede_score > self.play_score


def evaluate_concession(
    view: PlayerView, *, samples: int = CONCESSION_SAMPLES, seed: int | None = 0
) -> ConcessionEvaluation:
    """Weigh conceding against playing on for the declarer of ``view`` (see the module
    text). Raises :class:`NotAConcessionError` when the view's seat cannot concede now."""
    n = check_samples(samples)
    if (
        view.phase is not Phase.PLAY
        or view.tricks
        or view.trick
        or view.declarer != view.seat
        or view.melds is None
        or view.contract is None
        or view.trump is None
    ):
        raise NotAConcessionError(
            f"seat {view.seat} cannot concede now (phase {view.phase.value}, declarer "
            f"{view.declarer}): only the declarer concedes, after the meld and before the first card"
        )
    rules = view.rules
    decl = view.seat
    bidders = rules.side(decl)
    trump = int(view.trump)
    contract = view.contract
    meld = [0] * rules.sides
    for s, report in enumerate(view.melds):
        meld[rules.side(s)] += report.total
    # Three-handed, the discards are the declarer's trick points before the first card.
    taken = [0.0] * rules.sides
    if rules.has_kitty:
        taken[bidders] += sum(rules.counter_points[c.rank] for c in view.given)
    knowledge = Knowledge.from_view(view)
    ctx = play_context(rules, trump, decl)
    rng = random.Random(seed)
    results: list[float] = []
    made = 0
    for _ in range(n):
        hands = sample_hidden_hands(knowledge, rng)
        pts = heuristic_playout(
            hands, decl, trump, rules, forbidden=knowledge.forbidden, context=ctx
        )
        side_points = [taken[d] + pts[d] for d in range(rules.sides)]
        results.append(hand_utility(side_points, meld, bidders, bidders, contract, rules))
        tricks = min(rules.total_trick_points, max(0, round(side_points[bidders])))
        made += score_hand(contract, meld[bidders], tricks, 0, 0, rules).made
    change = [0.0] * rules.sides
    for d in range(rules.sides):
        if d != bidders:
            result = score_hand(contract, meld[bidders], 0, meld[d], 0, rules, conceded=True)
            change[bidders], change[d] = result.bidder, result.defender
    others = [change[d] for d in range(rules.sides) if d != bidders]
    mean = sum(results) / n
    var = sum((x - mean) ** 2 for x in results) / (n - 1) if n > 1 else 0.0
    return ConcessionEvaluation(
        contract=contract,
        play_score=mean,
        play_stderr=math.sqrt(var / n),
        concede_score=change[bidders] - sum(others) / len(others),
        make_chance=made / n,
        samples=n,
    )
