"""Conceding or playing on, in words: the coach's advice to a declarer at the first lead,
and its verdict on the choice the learner made.

The numbers come from :func:`pinochle_tutor.coach.concession.evaluate_concession` (imagined
deals played out and scored by the engine); this module only says them. The measure is
the bidders' score change less the defenders' (their average, three-handed), so that a
point kept from the defenders counts as much as a point scored.

>>> a = ConcessionAdvice(300, 64, 0.05, -262.5, 140.0, -300, 60.0, -42.5, 9.0, 10.0, True)
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

__all__ = ["ConcessionAdvice", "ConcessionJudgement"]


def _signed(x: float) -> str:
    s = points(x)
    return s if s.startswith("-") else "+" + s


@dataclass(frozen=True)
class ConcessionAdvice:
    """Concede or play on, with the numbers that decide it (all from one evaluation)."""

    contract: int
    samples: int
    """Imagined deals played out."""
    make_chance: float
    """Share of them on which the bidders make the contract."""
    play_bidders: float
    """Mean score change of the bidders playing on."""
    play_defenders: float
    """Mean score change of the defenders playing on (their average, three-handed)."""
    concede_bidders: int
    """The bidders' score change conceding (minus the contract)."""
    concede_defenders: float
    """The defenders' score change conceding (their meld; their average, three-handed)."""
    gain: float
    """Playing on against conceding, in the bidders' score change less the defenders'."""
    gain_stderr: float
    margin: float
    """The smallest difference the coach calls a clear choice."""
    partnerships: bool

    @property
    def concede(self) -> bool:
        """Whether the coach advises conceding: only when it is clearly better."""
        return self.gain < 0 and self.clear

    @property
    def clear(self) -> bool:
        """Whether the better choice is better beyond the evaluation's error (twice the
        standard error) and by more than :attr:`margin`."""
        return clear_loss(abs(self.gain), self.gain_stderr, self.margin)

    def loss(self, conceded: bool) -> float:
        """What the choice ``conceded`` gives away against the better one (0 for it)."""
        return max(0.0, self.gain if conceded else -self.gain)

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
        return (
            f"On {self.samples} imagined deals played out, {us} "
            f"make{'s' if self.partnerships else ''} {self.contract} on "
            f"{round(100 * self.make_chance)}% of them: playing on, {us_poss} score changes by "
            f"{_signed(self.play_bidders)} on average and {them_poss} by "
            f"{_signed(self.play_defenders)}; conceding, {us} "
            f"lose{'s' if self.partnerships else ''} {-self.concede_bidders} and {them} score only "
            f"their meld ({_signed(self.concede_defenders)}"
            f"{'' if self.partnerships else ' each on average'})."
        )

    @property
    def action(self) -> str:
        """What to do, in two or three words."""
        return "Concede" if self.concede else "Play the hand out"

    @property
    def reason(self) -> str:
        """Why, with the evaluation's numbers."""
        diff = (
            f"{points(abs(self.gain))} points more {self.between} "
            f"(give or take {points(self.gain_stderr)})"
        )
        if self.concede:
            return f"{self.numbers_line} Conceding keeps {diff}."
        if self.clear:
            return f"{self.numbers_line} Playing on is worth {diff}."
        return (
            f"Conceding would not clearly help. {self.numbers_line} The two differ by "
            f"{points(abs(self.gain))} points, within the evaluation's error (give or take "
            f"{points(self.gain_stderr)})."
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
            f"(give or take {points(self.advice.gain_stderr)}). {self.advice.numbers_line}"
        )

    def __str__(self) -> str:
        return self.text
