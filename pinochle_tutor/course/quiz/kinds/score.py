"""Scoring questions: "Bid 320, meld 180, 130 captured: what do the bidders score?",
marked by :func:`~pinochle_tutor.scoring.score_hand`.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from pinochle_tutor.course.lesson_facts import worked_contract
from pinochle_tutor.course.quiz.dealing import on_scale
from pinochle_tutor.course.quiz.entries import (
    BankFormatError,
    as_int,
    as_str,
    required,
)
from pinochle_tutor.course.quiz.items import QuizItem
from pinochle_tutor.course.quiz.kind import AnswerInput, QuizKindSpec, Screen
from pinochle_tutor.course.quiz.marking import (
    SEE_THE_BOX,
    InvalidAnswerError,
    Mark,
    clean_answer,
    hint_without_answer,
    read_number,
    signed,
)
from pinochle_tutor.course.quiz.vocabulary import (
    QuizKind,
    QuizRule,
    rule_applies,
)
from pinochle_tutor.explain import (
    explain_contract,
)
from pinochle_tutor.rules import (
    RuleSet,
)
from pinochle_tutor.scoring import meld_ceiling, possible_meld, score_hand, trick_point_step

__all__ = [
    "ASK_SIDES",
    "SPEC",
    "ScoreQuiz",
    "ScoreQuizKind",
    "parse_score_answer",
    "score_example",
]

ASK_SIDES = ("bidders", "defenders")
"""The sides a :class:`ScoreQuiz` may ask about."""


_SCORE_HINT_HEAD = (
    "First decide whether the contract was made: do the declaring side's meld and trick "
    "points reach the bid? Then decide who keeps their meld."
)
_SCORE_HINT_HEAD_ALONE = (
    "First decide whether the contract was made: do the declarer's meld and trick "
    "points reach the bid? Then decide who keeps their meld."
)
"""The hint's head without partnerships (three-handed: the declarer plays alone)."""
_SCORE_GENERAL = (QuizRule.SCORE_MADE, QuizRule.SCORE_MISSED, QuizRule.SCORE_MELD_SAVE)
"""The scoring rules a score hint states (each that the rules in force have)."""


@dataclass(frozen=True, kw_only=True)
class ScoreQuiz(QuizItem):
    """What does one side score for this hand? ``ask`` is ``'bidders'`` or ``'defenders'``."""

    bid: int
    bidder_meld: int
    bidder_tricks: int = 0
    defender_meld: int = 0
    defender_tricks: int = 0
    conceded: bool = False
    """The declarer conceded before trick play."""
    ask: str = "bidders"

    kind = QuizKind.SCORE

    @property
    def prompt(self) -> str:
        """The question in words. Without partnerships (three-handed) the declarer
        plays against each defender alone: ``defender_*`` are one defender's, and
        the other defender took the rest of the trick points."""
        pre = self._rules_prefix
        # The format hint uses the rules text's example on the scale in force (+340 or -320).
        ex = worked_contract(self.rule_set)
        tail = f"(e.g. +{ex.made_score} or {ex.short_score})"
        if not self.rule_set.partnerships:
            head = (
                f"{pre}The declarer bid {self.bid} and showed {self.bidder_meld} meld; "
                f"one defender showed {self.defender_meld}."
            )
            if self.conceded:
                play = " The declarer conceded before trick play."
            else:
                rest = self.rule_set.total_trick_points - self.bidder_tricks - self.defender_tricks
                play = (
                    f" The declarer captured {self.bidder_tricks} trick points, that defender "
                    f"{self.defender_tricks} and the other defender {rest}."
                )
            who = "the declarer score" if self.ask == "bidders" else "that defender score"
            return f"{head}{play} What does {who} for this hand? {tail}"
        head = (
            f"{pre}The bidders bid {self.bid} and showed {self.bidder_meld} meld; "
            f"the defenders showed {self.defender_meld}."
        )
        if self.conceded:
            play = " The declarer conceded before trick play."
        else:
            play = (
                f" The bidders captured {self.bidder_tricks} trick points and the defenders "
                f"{self.defender_tricks}."
            )
        return f"{head}{play} What do the {self.ask} score for this hand? {tail}"


def parse_score_answer(text: str) -> int:
    """Read a score change: ``'+340'``, ``'340'``, ``'-320'`` (a Unicode minus too), ``'0'``.

    Raises :class:`InvalidAnswerError` saying how to write it."""
    s = clean_answer(text)
    if not s:
        raise InvalidAnswerError(f"The answer is empty: type the score in digits, with + or -{SEE_THE_BOX}.")
    return read_number(s, "a score", signed=True)


def _score_value(item: ScoreQuiz) -> int:
    s = score_hand(
        item.bid, item.bidder_meld, item.bidder_tricks, item.defender_meld,
        item.defender_tricks, item.rule_set, item.conceded,
    )  # fmt: skip
    return s.bidder if item.ask == "bidders" else s.defender


def _mark_score(item: ScoreQuiz, text: str, parsed: int) -> Mark:
    e = explain_contract(
        item.bid, item.bidder_meld, item.bidder_tricks, item.defender_meld,
        item.defender_tricks, item.rule_set, item.conceded,
    )  # fmt: skip
    s = e.score
    value = s.bidder if item.ask == "bidders" else s.defender
    right = parsed == value
    hints: list[str] = []
    solo = not item.rule_set.partnerships
    # Three-handed: one declarer against one defender, never a pair.
    bidders, subtract = ("the declarer", "subtracts") if solo else ("the bidders", "subtract")
    defenders, their = ("that defender", "that defender's") if solo else ("the defenders", "their")
    if not right:
        if parsed == -value and value:
            hints.append("Check the sign.")
        if item.ask == "bidders":
            if not s.made and parsed == s.bidder_meld + s.bidder_tricks and not s.conceded:
                hints.append(
                    f"You added meld and trick points, but the contract was missed: {bidders} "
                    f"{subtract} the bid instead."
                )
            if s.made and parsed == s.bid and s.bid != value:
                hints.append(
                    f"A made contract scores everything {bidders} earned (meld + trick points), "
                    "not the bid."
                )
            if s.set_no_tricks and parsed == -(s.bid - s.bidder_meld):
                hints.append(
                    "A declarer with no trick points loses the meld and subtracts the whole bid."
                    if solo
                    else "Bidders with no trick points lose their meld and subtract the whole bid."
                )
        else:
            if not s.defender_meld_kept and parsed == s.defender_meld + s.defender_tricks:
                hints.append(
                    f"{defenders.capitalize()} took fewer than {s.meld_save} trick points, so "
                    f"{their} meld is lost."
                )
            if s.conceded and parsed != s.defender_meld:
                hints.append(
                    f"After a concession {defenders} {'scores' if solo else 'score'} {their} meld only."
                )
        if item.rule_set.partnerships:
            whose = f"the {item.ask} score"
        else:
            whose = "the declarer scores" if item.ask == "bidders" else "that defender scores"
        hints.insert(0, f"You gave {signed(parsed)}; {whose} {signed(value)}.")
    explanation = " ".join([*hints, e.text])
    return Mark(
        item.id, item.kind, text, right, signed(value), explanation, SPEC.rules_for(item), detail=e
    )


def _score_lines(item: ScoreQuiz) -> list[tuple[str, str]]:
    rs = item.rule_set
    pair = rs.partnerships
    cases = [r for r in _SCORE_GENERAL if rule_applies(r, rs)]
    if item.conceded:
        cases.append(QuizRule.SCORE_CONCESSION)
    if item.ask == "defenders":
        cases.append(QuizRule.SCORE_DEFENDERS)
    side = "A side keeps its" if pair else "A player keeps their"
    defenders = "Defenders score" if pair else "Each defender scores"
    plain = {
        QuizRule.SCORE_MELD_SAVE: (
            f"{side} meld only by taking at least the trick points the rules ask for (the meld save)."
        ),
        QuizRule.SCORE_DEFENDERS: (
            f"{defenders} meld + trick points when they take at least the meld save in trick points."
        ),
    }
    head = _SCORE_HINT_HEAD if pair else _SCORE_HINT_HEAD_ALONE
    lines = [(head, head)]
    for r in cases:
        said = r.statement(rs)
        lines.append((said, plain.get(r, said)))
    return lines


def _score_rules(item: ScoreQuiz) -> set[QuizRule]:
    s = score_hand(
        item.bid, item.bidder_meld, item.bidder_tricks, item.defender_meld,
        item.defender_tricks, item.rule_set, item.conceded,
    )  # fmt: skip
    out: set[QuizRule] = set()
    defenders = item.ask == "defenders"
    if defenders:
        out.add(QuizRule.SCORE_DEFENDERS)
    if s.conceded:
        out.add(QuizRule.SCORE_CONCESSION)
        return out
    if s.set_no_tricks:
        out.add(QuizRule.SCORE_SET)
    elif s.made:
        out.add(QuizRule.SCORE_MADE)
    else:
        out.add(QuizRule.SCORE_MISSED)
    if defenders and item.defender_meld and not s.defender_meld_kept:
        out.add(QuizRule.SCORE_MELD_SAVE)
    if not defenders and item.bidder_meld and not s.bidder_meld_kept:
        out.add(QuizRule.SCORE_MELD_SAVE)
    return out


def _trick_points(data: Mapping[str, Any], rs: RuleSet) -> tuple[int, int]:
    """The ``bidder_tricks`` and ``defender_tricks`` of a hand that was played."""
    total = rs.total_trick_points
    step = trick_point_step(rs)
    bt = as_int("bidder_tricks", required(data, "bidder_tricks"), 0, total)
    dt = as_int("defender_tricks", data.get("defender_tricks", total - bt), 0, total)
    for key, v in (("bidder_tricks", bt), ("defender_tricks", dt)):
        if v % step:
            raise BankFormatError(f"{v} cannot be taken: trick points come in steps of {step}", key)
    if rs.partnerships and bt + dt != total:
        raise BankFormatError(
            f"{bt} + {dt} is not the {total} trick points of a hand", "defender_tricks"
        )
    if not rs.partnerships and bt + dt > total:
        raise BankFormatError(
            f"{bt} + {dt} is more than the {total} trick points of a hand", "defender_tricks"
        )
    return bt, dt


def _score_entry(data: Mapping[str, Any], common: dict[str, Any], rs: RuleSet) -> ScoreQuiz:
    conceded = data.get("conceded", False)
    if not isinstance(conceded, bool):
        raise BankFormatError(f"must be true or false, not {conceded!r}", "conceded")
    bid = as_int("bid", required(data, "bid"), rs.opening_bid)
    if bid > rs.max_bid:
        raise BankFormatError(
            f"{bid} cannot be a contract: bids go up to {rs.max_bid}, and no side can take "
            f"more than {rs.most_points} points in a hand",
            "bid",
        )
    if bid % rs.bid_increment:
        raise BankFormatError(f"{bid} is not a multiple of {rs.bid_increment}", "bid")
    bidder_meld = as_int("bidder_meld", required(data, "bidder_meld"), 0, 10_000)
    defender_meld = as_int("defender_meld", data.get("defender_meld", 0), 0, 10_000)
    for key, meld in (("bidder_meld", bidder_meld), ("defender_meld", defender_meld)):
        if meld > meld_ceiling(rs):
            raise BankFormatError(
                f"{meld} cannot be shown: no side holds more than {meld_ceiling(rs)} meld", key
            )
        if not possible_meld(meld, rs):
            raise BankFormatError(
                f"{meld} cannot be shown: no lines of the {rs.name} meld table add up to it", key
            )
    ask = as_str("ask", data.get("ask", "bidders")).strip().lower()
    if ask not in ASK_SIDES:
        raise BankFormatError(f"{ask!r}: ask 'bidders' or 'defenders'", "ask")
    if conceded:
        for key in ("bidder_tricks", "defender_tricks"):
            if data.get(key, 0) != 0:
                raise BankFormatError("no tricks are played after a concession", key)
        bt = dt = 0
    else:
        bt, dt = _trick_points(data, rs)
    return ScoreQuiz(
        bid=bid, bidder_meld=bidder_meld, bidder_tricks=bt, defender_meld=defender_meld,
        defender_tricks=dt, conceded=conceded, ask=ask, **common,
    )  # fmt: skip


def _meld_step(rules: RuleSet) -> int:
    """Meld totals come in multiples of this (10 classic, 2 double deck)."""
    mt = rules.meld_table
    return functools.reduce(math.gcd, (mt.royal_marriage, mt.marriage, mt.dix), 0) or 1


def _build_score(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> ScoreQuiz:
    # The classic numbers (bids 250-500, meld up to 300, 250 trick points in steps
    # of 10) scaled to the rule set: double deck bids 50-100, 50 trick points in
    # steps of 1. Without partnerships the "defenders" are one defender of two.
    total = rules.total_trick_points
    u = trick_point_step(rules)
    inc, opening = rules.bid_increment, rules.opening_bid
    ms = _meld_step(rules)
    top = opening + on_scale(100 if level == 1 else 250, rules, inc)
    bid = rng.randrange(opening, top + 1, inc)
    if level > 1:
        meld = rng.randrange(0, on_scale(310, rules, ms), ms)
    else:
        meld = rng.randrange(on_scale(40, rules, ms), on_scale(250, rules, ms), ms)
    low_meld = on_scale(20, rules, ms)
    d_meld = 0 if rng.random() < 0.25 else rng.randrange(low_meld, on_scale(250, rules, ms), ms)
    ask = "bidders"
    if target is QuizRule.SCORE_DEFENDERS or (level == 3 and rng.random() < 0.3):
        ask = "defenders"
    conceded = False
    if target is QuizRule.SCORE_MADE:
        if bid - meld > total:  # few trick points or a high bid: only more meld makes it
            meld = -(-(bid - total) // ms) * ms
        lo = max(u, bid - meld)
        bt = rng.randrange(lo - lo % u, total + 1, u) if lo <= total else total
    elif target is QuizRule.SCORE_MISSED:
        hi = min(total, bid - meld - u)
        bt = rng.randrange(u, hi + 1, u) if hi >= u else u
    elif target is QuizRule.SCORE_SET:
        bt = 0
    elif target is QuizRule.SCORE_MELD_SAVE:
        if rng.random() < 0.5:
            bt, ask, d_meld = total, "defenders", max(d_meld, low_meld)
        else:
            bt, ask, meld = 0, "bidders", max(meld, low_meld)
    elif target is QuizRule.SCORE_CONCESSION:
        bt, conceded = 0, True
    else:
        bt = rng.randrange(0, total + 1, u)
    if conceded:
        dt = 0
    elif rules.partnerships:
        dt = total - bt
    else:  # one defender's share of what the declarer did not take
        dt = rng.randrange(0, total - bt + 1, u)
    return ScoreQuiz(
        id="", bid=bid, bidder_meld=meld, bidder_tricks=bt, defender_meld=d_meld,
        defender_tricks=dt, conceded=conceded, ask=ask, level=level, rule_set=rules,
    )  # fmt: skip


class ScoreQuizKind(QuizKindSpec[ScoreQuiz, int]):
    """Scoring questions: what does a side score for the hand?"""

    kind = QuizKind.SCORE
    item_type = ScoreQuiz
    entry_fields = frozenset(
        {
            "bid",
            "bidder_meld",
            "bidder_tricks",
            "defender_meld",
            "defender_tricks",
            "conceded",
            "ask",
        }
    )
    pools: ClassVar[dict[int, tuple[QuizRule, ...]]] = {
        1: (QuizRule.SCORE_MADE, QuizRule.SCORE_MISSED),
        2: (QuizRule.SCORE_MADE, QuizRule.SCORE_MISSED, QuizRule.SCORE_SET, QuizRule.SCORE_DEFENDERS),
        3: (
            QuizRule.SCORE_SET, QuizRule.SCORE_MELD_SAVE, QuizRule.SCORE_CONCESSION,
            QuizRule.SCORE_DEFENDERS, QuizRule.SCORE_MISSED,
        ),
    }  # fmt: skip
    hint_head = _SCORE_HINT_HEAD

    def parse(self, item: ScoreQuiz, text: str) -> int:
        return parse_score_answer(text)

    def mark(self, item: ScoreQuiz, text: str, answer: int) -> Mark:
        return _mark_score(item, text, answer)

    def answer(self, item: ScoreQuiz) -> int:
        return _score_value(item)

    def answer_text(self, item: ScoreQuiz) -> str:
        return signed(self.answer(item))

    def hint(self, item: ScoreQuiz) -> str:
        return hint_without_answer(_score_lines(item), self.answer(item))

    def rule_cases(self, item: ScoreQuiz) -> set[QuizRule]:
        return _score_rules(item)

    def from_entry(
        self, data: Mapping[str, Any], common: dict[str, Any], rules: RuleSet
    ) -> ScoreQuiz:
        return _score_entry(data, common, rules)

    def to_entry(self, item: ScoreQuiz) -> dict[str, Any]:
        out: dict[str, Any] = dict(
            bid=item.bid, bidder_meld=item.bidder_meld, bidder_tricks=item.bidder_tricks,
            defender_meld=item.defender_meld, defender_tricks=item.defender_tricks,
        )  # fmt: skip
        if item.conceded:
            out["conceded"] = True
        out["ask"] = item.ask
        return out

    def build(self, rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> ScoreQuiz:
        return _build_score(rng, level, target, rules)

    def example(self, rules: RuleSet, avoid: str = "") -> str:
        return score_example(rules, avoid)

    def guess_bound(self, rule: QuizRule, rules: RuleSet) -> float:
        return 0.0  # a number typed in a box

    def screen(self, item: ScoreQuiz) -> Screen:
        return Screen(
            AnswerInput.TEXT, "Type your answer and press Submit.",
            example=score_example(item.rule_set, self.answer_text(item)),
        )  # fmt: skip


def score_example(rules: RuleSet, avoid: str = "") -> str:
    """The answer box's example on the scale of ``rules`` (classic: ``'e.g. +340 or
    -320'``, the worked contract's two outcomes), moved by a raise when one of them is
    the answer (``avoid``)."""
    step = 10 * rules.bid_increment
    ex = worked_contract(rules)
    made, short = ex.made_score, ex.short_score
    made += step if f"+{made}" in (avoid, f"+{avoid}") else 0
    short -= step if str(short) == avoid else 0
    return f"e.g. +{made} or {short}"


SPEC = ScoreQuizKind()
"""The score kind, registered in :data:`~pinochle_tutor.course.quiz.kinds.KINDS`."""
