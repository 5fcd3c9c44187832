"""Generators: fresh quiz items from a seed, steered toward the rule cases a learner misses.

:func:`generate` picks a rule case for the kind and level (or one of the
learner's weak ones), deals a position aimed at it from the deck of the rules in
force, and retries until the engine finds that rule case in the position. The
generator, not the item, computes the item's rule cases: a generated item
declares exactly the cases :func:`~pinochle_tutor.course.quiz.rule_cases.rules_of`
finds in it.

>>> item = generate("meld", seed=7, level=2)
>>> item.id.startswith("gen-meld-2-" + deal_id(7)), item == generate("meld", seed=7, level=2)
(True, True)
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from collections.abc import Iterable

from pinochle_tutor.course.quiz.items import QuizItem
from pinochle_tutor.course.quiz.kinds import KINDS
from pinochle_tutor.course.quiz.rule_cases import rules_of
from pinochle_tutor.course.quiz.vocabulary import QuizKind, QuizRule, rule_applies
from pinochle_tutor.course.seeds import deal_id
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.rules import (
    CLASSIC,
    PRESETS,
    InvalidRulesError,
    RuleSet,
    rules_named,
)

__all__ = ["ATTEMPTS", "InvalidLevelError", "QuizRequestError", "generate"]


class InvalidLevelError(PinochleError):
    """A quiz level that does not exist (levels are 1, 2 and 3)."""


class QuizRequestError(PinochleError):
    """A request for a generated item that cannot be met under the rules in force:
    no rule case of the kind and level can occur (see :func:`rule_applies`), or no
    position dealt within :data:`ATTEMPTS` showed one."""


def _rules_tag(rules: RuleSet) -> str:
    """A short, stable name for ``rules`` in generated ids (empty for classic)."""
    if rules == CLASSIC:
        return ""
    if rules.is_preset:
        return rules.name
    settings = json.dumps(rules.settings(), sort_keys=True)
    return f"{rules.name}-{hashlib.sha256(settings.encode()).hexdigest()[:8]}"


def generate(
    kind: QuizKind | str,
    seed: int,
    level: int = 1,
    focus_rules: Iterable[QuizRule | str] = (),
    rules: RuleSet | str = CLASSIC,
) -> QuizItem:
    """A fresh item of ``kind`` under ``rules`` (a :class:`RuleSet` or a preset
    name; classic by default), the same for the same arguments.

    ``level`` (1-3) picks the rule cases and the size of the position; with
    ``focus_rules`` (e.g. :meth:`Progress.weak_rules <pinochle_tutor.classroom.progress.Progress.weak_rules>`)
    the item exercises one of those rule cases instead (those of other kinds are
    ignored). The item's ``rules`` are the cases the engine finds in it, and its
    ``rule_set`` is ``rules``.

    Items follow the rule set: meld hands are dealt from its deck (double deck:
    hands of 20 without 9s, with triple and quadruple melds; three-handed: 15),
    tricks have fewer cards than it has players, scores are on its scale (double
    deck: 50 trick points, bids from 50 by 1; three-handed: the declarer against
    one defender at a time) and bids follow its auction. Rule cases that cannot
    occur under ``rules`` (see :func:`rule_applies`: the dix in double deck, a
    partner winning the trick three-handed) are skipped, both from the level's
    cases and from ``focus_rules``.

    At most :data:`ATTEMPTS` positions are dealt: first aimed at the chosen case,
    then at the level's other cases. :class:`QuizRequestError` names the cases and
    the rules when no case of the level can occur, or none came up."""
    k = QuizKind.parse(kind)
    if isinstance(level, bool) or level not in (1, 2, 3):
        raise InvalidLevelError(f"level={level!r}: levels are 1, 2 and 3")
    rs = rules_named(rules) if isinstance(rules, str) else rules
    if not isinstance(rs, RuleSet):
        raise InvalidRulesError(
            f"rules={rules!r}: give a RuleSet or a preset name such as 'classic'"
        )
    asked = [r for r in (QuizRule.parse(f) for f in focus_rules) if r.kind is k]
    focus = [r for r in asked if rule_applies(r, rs)]
    tag = _rules_tag(rs)
    key = f"{k.value}:{level}:{seed}:{','.join(sorted(r.value for r in focus))}"
    rng = random.Random(f"{key}:{tag}" if tag else key)
    pool = [r for r in KINDS[k].pools[level] if rule_applies(r, rs)]
    if not pool:
        raise QuizRequestError(
            f"No {k.value} rule case of level {level} can occur under the {rules_words(rs)}: "
            f"the level's cases are {', '.join(r.value for r in KINDS[k].pools[level])}"
        )
    target = rng.choice(focus or pool)
    builder = KINDS[k].build
    # Aim at the chosen case, then (if it never came up) at the level's other cases;
    # the attempts in all are bounded, so no call runs long under any rule set.
    others = [r for r in pool if r is not target]
    rng.shuffle(others)
    budget = ATTEMPTS[k]
    tried: list[QuizRule] = []
    for aim in (target, *others):
        tried.append(aim)
        share = (budget * 2 // 3 if others else budget) if aim is target else max(1, budget // 4)
        for _ in range(min(share, budget)):
            budget -= 1
            item: QuizItem = builder(rng, level, aim, rs)
            try:
                found = rules_of(item)
            except PinochleError:  # a dealt hand that gave no question (say, a concession)
                continue
            if aim in found:
                # Named by a digest of the seed, not the seed: an item's id goes into the
                # learner's download, and from a round's seed its later questions follow.
                item_id = f"gen-{k.value}-{level}-{deal_id(seed)}-{aim.value.split('.', 1)[1]}"
                if tag:
                    item_id += f".{tag}"
                return dataclasses.replace(item, id=item_id, rules=found)
        if budget <= 0:
            break
    raise QuizRequestError(
        f"No {k.value} question of level {level} showing {' or '.join(r.value for r in tried)} "
        f"came up in {ATTEMPTS[k]} positions dealt under the {rules_words(rs)}"
    )


ATTEMPTS: dict[QuizKind, int] = {k: spec.attempts for k, spec in KINDS.items()}
"""The most items :func:`generate` deals for one call (a bidding question runs the
advisor's simulation on each), so that a call takes well under a second."""


def rules_words(rules: RuleSet) -> str:
    """``'classic rules'``, or ``'house rules (classic with meld_save=250)'``."""
    base = PRESETS.get(rules.name)
    if base == rules or base is None:
        return f"{rules.words} rules"
    theirs, ours = base.settings(), rules.settings()
    changed = [f"{k}={ours[k]!r}" for k in ours if ours[k] != theirs[k]]
    return f"house rules ({rules.words} with {', '.join(changed)})"
