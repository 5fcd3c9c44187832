"""Conceding or playing on, in words: the coach's advice to a declarer at the first lead,
and its verdict on the choice the learner made.

The numbers come from :func:`pinochle_tutor.coach.concession.evaluate_concession` (imagined
deals played out and scored by the engine); this module only says them. The measure is
the bidders' score change less the defenders' (their average, three-handed), so that a
point kept from the defenders counts as much as a point scored.

>>> e = ConcessionEvaluation(0, 300, 64, 0.05, -262.5, 140.0, -300, 60.0, -42.5, 9.0)
>>> a = ConcessionAdvice(e, 10.0, True)
>>> a.concede, a.clear
(True, True)
>>> print(a.text)  # doctest: +NORMALIZE_WHITESPACE
Concede. On 64 imagined deals played out, your side makes 300 on 5% of them: playing on,
your side's score changes by -262.5 on average and the defenders' by +140.0; conceding,
your side loses 300 and the defenders score only their meld (+60.0). Conceding keeps
42.5 points more between the sides (give or take 9.0).
"""

from __future__ import annotations

from dataclasses import dataclass

from pinochle_tutor.explain.coaching import clear_loss, points

__all__ = ["ConcessionAdvice", "ConcessionEvaluation", "ConcessionJudgement"]


def _signed(x: float) -> str:
    s = points(x)
    return s if s.startswith("-") else "+" + s


@dataclass(frozen=True)
class ConcessionEvaluation:
    """Conceding against playing on, for the declarer at the first lead: the coach's
    evaluation (:func:`~pinochle_tutor.coach.concession.evaluate_concession`), which
    :class:`ConcessionAdvice` renders."""

    seat: int
    contract: int
    samples: int
    """Imagined deals, the same for both choices."""
    make_chance: float
    """Share of the imagined deals on which the bidders make the contract playing on."""
    play_bidders: float
    """Mean score change of the bidders playing on."""
    play_defenders: float
    """Mean score change of the defenders playing on (their average, three-handed)."""
    concede_bidders: int
    """The bidders' score change conceding: minus the contract."""
    concede_defenders: float
    """The defenders' score change conceding: their meld (their average, three-handed)."""
    gain: float
    """What playing on is worth against conceding, on average, in the bidders' score
    change less the defenders' (the same deals for both): positive, play on."""
    gain_stderr: float
    """Standard error of :attr:`gain`."""


@dataclass(frozen=True)
class ConcessionAdvice:
    """Concede or play on, with the numbers that decide it (all from one evaluation)."""

    evaluation: ConcessionEvaluation
    margin: float
    """The smallest difference the coach calls a clear choice."""
    partnerships: bool

    @property
    def concede(self) -> bool:
        """Whether the coach advises conceding: only when it is clearly better."""
        return self.evaluation.gain < 0 and self.clear

    @property
    def clear(self) -> bool:
        """Whether the better choice is better beyond the evaluation's error (twice the
        standard error) and by more than :attr:`margin`."""
        return clear_loss(abs(self.evaluation.gain), self.evaluation.gain_stderr, self.margin)

    def loss(self, conceded: bool) -> float:
        """What the choice ``conceded`` gives away against the better one (0 for it)."""
        return max(0.0, self.evaluation.gain if conceded else -self.evaluation.gain)

    @property
    def between(self) -> str:
        """What the measure compares, in words: the two sides, or (three-handed) you and
        the other players."""
        return "between the sides" if self.partnerships else "between you and the other players"

    @property
    def numbers_line(self) -> str:
        """The evaluation's numbers in one sentence."""
        us, them = ("your side", "the defenders") if self.partnerships else ("you", "the other players")
        us_poss = "your side's" if self.partnerships else "your"
        them_poss = "the defenders'" if self.partnerships else "the other players' (each)"
        e = self.evaluation
        return (
            f"On {e.samples} imagined deals played out, {us} "
            f"make{'s' if self.partnerships else ''} {e.contract} on "
            f"{round(100 * e.make_chance)}% of them: playing on, {us_poss} score changes by "
            f"{_signed(e.play_bidders)} on average and {them_poss} by "
            f"{_signed(e.play_defenders)}; conceding, {us} "
            f"lose{'s' if self.partnerships else ''} {-e.concede_bidders} and {them} score only "
            f"their meld ({_signed(e.concede_defenders)}"
            f"{'' if self.partnerships else ' each on average'})."
        )

    @property
    def action(self) -> str:
        """What to do, in two or three words."""
        return "Concede" if self.concede else "Play the hand out"

    @property
    def reason(self) -> str:
        """Why, with the evaluation's numbers."""
        gain, stderr = self.evaluation.gain, self.evaluation.gain_stderr
        diff = f"{points(abs(gain))} points more {self.between} (give or take {points(stderr)})"
        if self.concede:
            return f"{self.numbers_line} Conceding keeps {diff}."
        if self.clear:
            return f"{self.numbers_line} Playing on is worth {diff}."
        return (
            f"Conceding would not clearly help. {self.numbers_line} The two differ by "
            f"{points(abs(gain))} points, within the evaluation's error (give or take "
            f"{points(stderr)})."
        )

    @property
    def text(self) -> str:
        """The advice and its reason."""
        return f"{self.action}. {self.reason}"

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class ConcessionJudgement:
    """The learner's choice as declarer at the first lead (conceded or played on), set
    against the coach's advice, for the review after the hand."""

    conceded: bool
    advice: ConcessionAdvice

    @property
    def loss(self) -> float:
        """Points (the bidders' score change less the defenders') the choice gave away
        against the better one."""
        return self.advice.loss(self.conceded)

    @property
    def is_mistake(self) -> bool:
        """Whether the other choice was clearly better (beyond the evaluation's error)."""
        return self.advice.clear and self.loss > 0

    @property
    def text(self) -> str:
        """The verdict in one or two sentences."""
        did = "You conceded" if self.conceded else "You played the hand out rather than concede"
        if not self.is_mistake:
            return f"{did}: a sound choice. {self.advice.numbers_line}"
        other = "playing on" if self.conceded else "conceding"
        return (
            f"{did}; {other} was worth {points(self.loss)} points more {self.advice.between} "
            f"(give or take {points(self.advice.evaluation.gain_stderr)}). "
            f"{self.advice.numbers_line}"
        )

    def __str__(self) -> str:
        return self.text
