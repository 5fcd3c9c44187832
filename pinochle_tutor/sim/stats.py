"""The statistics of simulations: checked sample counts, paired losses and their
standard errors, and the seeds that fix the imagined deals of one decision.

Every evaluation tries its alternatives on the same imagined deals (common random
numbers): :func:`paired_loss` measures what one alternative gives up against another
deal by deal, so its error is that of the differences. :func:`decision_seed` and
:func:`exchange_seed` give each decision of a game its own deals, the same for the hint,
the review and undo.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pinochle_tutor.errors import PinochleError
from pinochle_tutor.view import Phase

__all__ = [
    "InvalidSimulationError",
    "check_samples",
    "decision_seed",
    "exchange_seed",
    "paired_loss",
    "stderr_of_mean",
]


class InvalidSimulationError(PinochleError):
    """A setting of a simulation that cannot be used: a number of imagined deals
    (``samples``) that is not a whole number of at least 1, or a ``confidence`` that is
    not a chance between 0 and 1."""


def check_samples(samples: object, name: str = "samples") -> int:
    """``samples`` itself if it is a whole number of at least 1; else
    :class:`InvalidSimulationError` quoting it. Every simulating player, advisor and
    drill checks its number of deals here."""
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise InvalidSimulationError(f"{name}={samples!r} must be a whole number of at least 1")
    return samples


def paired_loss(best: Sequence[float], mine: Sequence[float]) -> tuple[float, float]:
    """What ``mine`` gives up against ``best`` on the same deals, pair by pair: the mean
    of the differences (0 at least) and its standard error."""
    diffs = [b - m for b, m in zip(best, mine, strict=True)]
    return max(0.0, sum(diffs) / len(diffs)) if diffs else 0.0, stderr_of_mean(diffs)


def stderr_of_mean(values: Sequence[float]) -> float:
    """Standard error of the mean of ``values`` (0 for fewer than two)."""
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    var = sum((x - mean) ** 2 for x in values) / (n - 1)
    return math.sqrt(var / n)


def decision_seed(seed: int, hand_number: int, cards_played: int) -> int:
    """The seed of the coach's evaluation of one decision: the same decision of the same
    game is always judged on the same imagined deals (a hint, the review, undo)."""
    return (seed * 1_000_003 + hand_number * 1_009 + cards_played) % 2**32


def exchange_seed(seed: int, hand_number: int, role: Phase) -> int:
    """The seed of the coach's evaluation of one exchange decision: the hint and the
    review of the same decision of the same game use the same imagined deals."""
    k = {Phase.DISCARD: 1, Phase.PASS: 2, Phase.RETURN: 3, Phase.TRUMP: 4}[role]
    return (seed * 1_000_003 + hand_number * 1_009 + 500_000 + k) % 2**32
