"""The end of the game: who has won after a hand, and which rule says so.

:func:`explain_game_end` adds a hand's score changes to the running scores and asks
the engine (:func:`~pinochle_tutor.scoring.game_winner`) who has won; the explanation
names the rule of record that decided it (nobody reached the target; one side did;
several did and the bidders made their contract; several did and the highest score
wins), with the target of the rules in force.

>>> e = explain_game_end((1420, 1380), (90, 150), bidders=1)
>>> e.winner, e.rule.name
(1, 'BIDDERS_FIRST')
>>> explain_game_end((900, 1000), (120, -250), bidders=1).winner is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain._text import _signed, listed
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.scoring import game_winner
from pinochle_tutor.words import Side

__all__ = ["GameEndExplanation", "GameEndRule", "InvalidGameStateError", "explain_game_end", "side_label"]


class InvalidGameStateError(PinochleError):
    """Running scores that do not fit the rules: not one score per side, a bidding side
    that does not exist, or a game already over before the hand."""


class GameEndRule(Enum):
    """The rule of record that decides whether the game is over."""

    NOT_REACHED = "nobody reached the target"
    ONE_REACHED = "one side reached the target"
    BIDDERS_FIRST = "several reached it: the bidders made their contract"
    HIGHEST = "several reached it: the highest score wins"


def side_label(side: int, rules: RuleSet) -> str:
    """How a game-end question names a side, seen from side 0 (the learner's):
    ``'your side'`` / ``'the other side'`` in partnerships, ``'you'``, ``'the left
    opponent'`` and ``'the right opponent'`` three-handed (the course's seat names)."""
    if rules.partnerships:
        return "your side" if side == 0 else "the other side"
    return {0: "you", 1: "the left opponent"}.get(side, "the right opponent")


@dataclass(frozen=True)
class GameEndExplanation:
    """The running scores before and after a hand, and who (if anyone) has won."""

    before: tuple[int, ...]
    changes: tuple[int, ...]
    bidders: int
    """The bidding side (three-handed: the declarer)."""
    rule: GameEndRule
    winner: int | None
    """The side that has won (``None``: the game goes on)."""
    rules: RuleSet = CLASSIC

    @property
    def after(self) -> tuple[int, ...]:
        """The running scores after the hand."""
        return tuple(b + c for b, c in zip(self.before, self.changes, strict=True))

    @property
    def made(self) -> bool:
        """Whether the bidders made their contract (a made contract always scores more than 0)."""
        return self.changes[self.bidders] > 0

    @property
    def reached(self) -> tuple[int, ...]:
        """The sides at or above the target after the hand."""
        return tuple(s for s, v in enumerate(self.after) if v >= self.rules.target)

    def why_not(self, side: int | None) -> str:
        """Why ``side`` (``None``: "nobody yet") is not the answer."""
        target = self.rules.target
        if side is None:
            return f"The game is over: {self._who(self.winner)} reached {target}."
        if self.after[side] < target:
            return f"{self._who(side).capitalize()} has {self.after[side]}, below {target}."
        if self.winner is None:
            return "Reaching the target is not enough here: " + self._tie_text()
        return f"{self._who(side).capitalize()} reached {target} too, but {self._decided()}."

    def _who(self, side: int | None) -> str:
        return "nobody" if side is None else side_label(side, self.rules)

    def _decided(self) -> str:
        bidders = Side(self.rules.partnerships).bidders
        if self.rule is GameEndRule.BIDDERS_FIRST:
            win = "win" if self.rules.partnerships else "wins"
            return f"{bidders} made the contract, so {bidders} {win}"
        return f"{bidders} missed the contract, so the highest score wins"

    def _tie_text(self) -> str:
        return (
            "the highest scores are equal. The rules text does not say who wins then, so "
            "this tutor plays another hand."
        )

    @property
    def text(self) -> str:
        r = self.rules
        scores = listed([f"{side_label(s, r)} {v} ({_signed(c)})"
                         for s, (v, c) in enumerate(zip(self.after, self.changes, strict=True))])  # fmt: skip
        head = f"After this hand: {scores}."
        target = r.target
        if self.rule is GameEndRule.NOT_REACHED:
            return f"{head} Nobody has reached {target}, so the game goes on."
        if self.rule is GameEndRule.ONE_REACHED:
            return f"{head} Only {self._who(self.winner)} reached {target}: {self._who(self.winner)} won the game."
        several = listed([side_label(s, r) for s in self.reached])
        if self.winner is None:
            return f"{head} {several.capitalize()} reached {target}; {self._decided()}, but {self._tie_text()}"
        return (
            f"{head} {several.capitalize()} reached {target} on the same hand; {self._decided()}: "
            f"{self._who(self.winner)} won the game."
        )

    def __str__(self) -> str:
        return self.text


def explain_game_end(
    before: Sequence[int], changes: Sequence[int], bidders: int, rules: RuleSet = CLASSIC
) -> GameEndExplanation:
    """Who has won after a hand that changed the running scores ``before`` by
    ``changes`` (one number per side), ``bidders`` being the bidding side. The winner is
    the engine's (:func:`~pinochle_tutor.scoring.game_winner`). Raises
    :class:`InvalidGameStateError` quoting the scores when they do not fit ``rules``."""
    b, c = tuple(before), tuple(changes)
    if len(b) != rules.sides or len(c) != rules.sides:
        raise InvalidGameStateError(
            f"scores {b!r} and changes {c!r}: give one number per side ({rules.sides})"
        )
    if not 0 <= bidders < rules.sides:
        raise InvalidGameStateError(f"bidders={bidders!r}: sides are 0 to {rules.sides - 1}")
    if max(b) >= rules.target:
        raise InvalidGameStateError(
            f"scores {b!r}: the game was already over before the hand (target {rules.target})"
        )
    if c[bidders] == 0:
        raise InvalidGameStateError(
            f"changes {c!r}: the bidders' change is never 0 (a made contract adds, a missed one subtracts)"
        )
    after = [x + y for x, y in zip(b, c, strict=True)]
    made = c[bidders] > 0
    winner = game_winner(after, bidders, made, rules)
    reached = [s for s, v in enumerate(after) if v >= rules.target]
    if not reached:
        rule = GameEndRule.NOT_REACHED
    elif len(reached) == 1:
        rule = GameEndRule.ONE_REACHED
    elif bidders in reached and made:
        rule = GameEndRule.BIDDERS_FIRST
    else:
        rule = GameEndRule.HIGHEST
    return GameEndExplanation(b, c, bidders, rule, winner, rules)
