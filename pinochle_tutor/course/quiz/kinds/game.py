"""End-of-game questions: "After this hand, who has won the game?"
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from pinochle_tutor.course.quiz.dealing import on_scale
from pinochle_tutor.course.quiz.entries import (
    BankFormatError,
    as_int,
    blame,
    required,
)
from pinochle_tutor.course.quiz.items import (
    QuizItem,
    store_field,
)
from pinochle_tutor.course.quiz.kind import AnswerInput, QuizKindSpec, Screen
from pinochle_tutor.course.quiz.marking import (
    InvalidAnswerError,
    Mark,
    clean_answer,
)
from pinochle_tutor.course.quiz.vocabulary import (
    QuizKind,
    QuizRule,
)
from pinochle_tutor.explain import (
    GameEndExplanation,
    GameEndRule,
)
from pinochle_tutor.explain.game_end import explain_game_end, side_label
from pinochle_tutor.rules import (
    CLASSIC,
    RuleSet,
)

__all__ = [
    "SPEC",
    "GameQuiz",
    "GameQuizKind",
    "game_example",
    "parse_game_answer",
]


@dataclass(frozen=True, kw_only=True)
class GameQuiz(QuizItem):
    """Who has won the game? The running scores ``before`` a hand (one per side, the
    learner's side first), the hand's score ``changes`` and the ``bidders``' side."""

    before: tuple[int, ...]
    changes: tuple[int, ...]
    bidders: int = 0

    kind = QuizKind.GAME

    def __post_init__(self) -> None:
        super().__post_init__()
        store_field(self, "before", tuple(self.before))
        store_field(self, "changes", tuple(self.changes))

    @property
    def prompt(self) -> str:
        """The question in words."""
        r = self.rule_set
        had = ", ".join(f"{side_label(s, r)} {v}" for s, v in enumerate(self.before))
        scored = ", ".join(
            f"{side_label(s, r)} {'+' if c > 0 else ''}{c}" for s, c in enumerate(self.changes)
        )
        who = side_label(self.bidders, r)
        bid = f"{who.capitalize()} {'were' if r.partnerships or who == 'you' else 'was'} the "
        bid += "bidders." if r.partnerships else "declarer."
        return (
            f"{self._rules_prefix}The game is played to {r.target}. Before this hand: {had}. "
            f"{bid} This hand scored: {scored}. Who has won the game? (or: nobody yet)"
        )


_NOBODY = frozenset(
    {"nobody", "no one", "none", "nobody yet", "not over", "play on", "neither", "no"}
)


def parse_game_answer(text: str, rules: RuleSet = CLASSIC) -> int | None:
    """Read who has won: a side as the question names it (``'your side'``, ``'us'``,
    ``'the other side'``, ``'them'``; three-handed ``'you'``, ``'left'``, ``'right'``)
    or ``'nobody'`` (``None``: the game goes on).

    Raises :class:`InvalidAnswerError` listing the answers."""
    s = clean_answer(text).rstrip(".!")
    s = re.sub(r"\b(?:has won|won|wins|yet)$", "", s).strip() or s
    if s in _NOBODY or s.startswith(("nobody", "no one", "not over")):
        return None
    words: dict[str, int] = {}
    for side in range(rules.sides):
        words[side_label(side, rules)] = side
    if rules.partnerships:
        words.update({"us": 0, "we": 0, "our side": 0, "my side": 0, "them": 1, "they": 1,
                      "other side": 1, "opponents": 1, "the opponents": 1})  # fmt: skip
    else:
        words.update({"me": 0, "i": 0, "you": 0, "left": 1, "left opponent": 1,
                      "the left-hand player": 1, "left-hand player": 1, "right": 2,
                      "right opponent": 2, "the right-hand player": 2,
                      "right-hand player": 2})  # fmt: skip
    if s in words:
        return words[s]
    names = ", ".join(
        repr(w) for w in [*(side_label(x, rules) for x in range(rules.sides)), "nobody"]
    )
    raise InvalidAnswerError(f"{text!r} is not an answer here: answer {names}.")


def _game(item: GameQuiz) -> GameEndExplanation:
    return explain_game_end(item.before, item.changes, item.bidders, item.rule_set)


def _mark_game(item: GameQuiz, text: str, side: int | None) -> Mark:
    e = _game(item)
    right = side == e.winner
    explanation = e.text if right else f"{e.why_not(side)} {e.text}"
    return SPEC.marked(item, text, right, explanation, e)


_GAME_RULES = {
    GameEndRule.NOT_REACHED: QuizRule.GAME_NOT_REACHED,
    GameEndRule.ONE_REACHED: QuizRule.GAME_REACHED,
    GameEndRule.BIDDERS_FIRST: QuizRule.GAME_BIDDERS_FIRST,
    GameEndRule.HIGHEST: QuizRule.GAME_HIGHEST,
}


def _game_rules(item: GameQuiz) -> set[QuizRule]:
    return {
        _GAME_RULES[explain_game_end(item.before, item.changes, item.bidders, item.rule_set).rule]
    }


def _as_scores(key: str, value: Any, n: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != n:
        raise BankFormatError(f"must be a list of {n} scores (one per side), not {value!r}", key)
    return tuple(as_int(key, v, -100_000, 100_000) for v in value)


def _game_entry(data: Mapping[str, Any], common: dict[str, Any], rs: RuleSet) -> GameQuiz:
    before = _as_scores("before", required(data, "before"), rs.sides)
    changes = _as_scores("changes", required(data, "changes"), rs.sides)
    bidders = as_int("bidders", data.get("bidders", 0), 0, rs.sides - 1)
    with blame("changes"):
        explain_game_end(before, changes, bidders, rs)
    return GameQuiz(before=before, changes=changes, bidders=bidders, **common)


def _build_game(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> GameQuiz:
    """Running scores near the target and one hand's changes, on the scale of the rules."""
    unit = rules.bid_increment
    goal = rules.target

    def scaled(x: int) -> int:
        return max(unit, round(x * goal / CLASSIC.target / unit) * unit)

    gap = scaled({1: 700, 2: 450, 3: 300}[level])
    before = [goal - rng.randrange(unit, gap + 1, unit) for _ in range(rules.sides)]
    bidders = rng.randrange(rules.sides)
    bid = rng.randrange(rules.opening_bid, rules.opening_bid + on_scale(150, rules, unit) + 1, unit)
    made = rng.random() < (0.4 if target is QuizRule.GAME_HIGHEST else 0.75)
    changes = [rng.randrange(0, scaled(260) + 1, unit) for _ in range(rules.sides)]
    changes[bidders] = bid + rng.randrange(0, scaled(120) + 1, unit) if made else -bid
    return GameQuiz(id="", before=tuple(before), changes=tuple(changes), bidders=bidders,
                    level=level, rule_set=rules)  # fmt: skip


class GameQuizKind(QuizKindSpec[GameQuiz, int | None]):
    """End-of-game questions: after this hand, who has won the game?"""

    kind = QuizKind.GAME
    item_type = GameQuiz
    entry_fields = frozenset({"before", "changes", "bidders"})
    pools: ClassVar[dict[int, tuple[QuizRule, ...]]] = {
        1: (QuizRule.GAME_NOT_REACHED, QuizRule.GAME_REACHED),
        2: (QuizRule.GAME_NOT_REACHED, QuizRule.GAME_REACHED, QuizRule.GAME_BIDDERS_FIRST),
        3: (QuizRule.GAME_BIDDERS_FIRST, QuizRule.GAME_HIGHEST, QuizRule.GAME_REACHED),
    }  # fmt: skip
    hint_head = "Add this hand's scores to the running totals, then compare each with the target."
    general_rules = (
        QuizRule.GAME_NOT_REACHED, QuizRule.GAME_REACHED, QuizRule.GAME_BIDDERS_FIRST,
        QuizRule.GAME_HIGHEST,
    )  # fmt: skip
    checked_at_load = True

    def parse(self, item: GameQuiz, text: str) -> int | None:
        return parse_game_answer(text, item.rule_set)

    def mark(self, item: GameQuiz, text: str, answer: int | None) -> Mark:
        return _mark_game(item, text, answer)

    def answer(self, item: GameQuiz) -> int:
        w = _game(item).winner
        return -1 if w is None else w

    def answer_text(self, item: GameQuiz) -> str:
        w = _game(item).winner
        return "nobody yet" if w is None else side_label(w, item.rule_set)

    def rule_cases(self, item: GameQuiz) -> set[QuizRule]:
        return _game_rules(item)

    def from_entry(
        self, data: Mapping[str, Any], common: dict[str, Any], rules: RuleSet
    ) -> GameQuiz:
        return _game_entry(data, common, rules)

    def to_entry(self, item: GameQuiz) -> dict[str, Any]:
        return {"before": list(item.before), "changes": list(item.changes), "bidders": item.bidders}

    def build(self, rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> GameQuiz:
        return _build_game(rng, level, target, rules)

    def example(self, rules: RuleSet, avoid: str = "") -> str:
        return game_example(rules)

    def guess_chance(self, item: GameQuiz) -> float:
        # Typed, but one of a few answers: each side as the question names it, or nobody.
        answers = (*(side_label(s, item.rule_set) for s in range(item.rule_set.sides)), "nobody")
        return self._right_share(item, answers)

    def guess_bound(self, rule: QuizRule, rules: RuleSet) -> float:
        return 1 / (rules.sides + 1)  # a side, or nobody

    def screen(self, item: GameQuiz) -> Screen:
        return Screen(
            AnswerInput.TEXT, "Type your answer and press Submit.", example=game_example(item.rule_set),
        )  # fmt: skip


def game_example(rules: RuleSet) -> str:
    """The answer box's example: the sides as :func:`parse_game_answer` reads them."""
    if rules.partnerships:
        return "e.g. your side, the other side, or nobody"
    return "e.g. you, left, right, or nobody"


SPEC = GameQuizKind()
"""The game kind, registered in :data:`~pinochle_tutor.course.quiz.kinds.KINDS`."""
