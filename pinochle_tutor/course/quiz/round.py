"""A round of quiz questions: planned from the teachers' banks and the generator,
each question made when it is first asked, the slow answers worked out ahead.

:func:`plan_round` gives a :class:`QuizRound` (the same arguments, the same items);
:func:`pick_items` makes them all at once. :func:`rule_scores` tallies a finished
round's marks per rule case, weakest first. The quiz widget
(:class:`pinochle_widgets.quiz_runner.QuizRunner`) shows a round; nothing here draws.
"""

from __future__ import annotations

import dataclasses
import itertools
import logging
import random
import sys
import threading
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from pinochle_tutor.classroom.house_rules import site_rules
from pinochle_tutor.course.quiz import (
    BankProblem,
    Mark,
    QuizItem,
    QuizKind,
    QuizRequestError,
    QuizRule,
    answer_for,
    generate,
    item_from_entry,
    item_to_entry,
    load_banks,
    rules_of,
)
from pinochle_tutor.course.quiz.generators import InvalidLevelError
from pinochle_tutor.course.quiz.kinds import spec_for
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.rules import RuleSet, as_rules
from pinochle_tutor.view import Role

__all__ = [
    "GUESS_DEALS",
    "SOURCES",
    "InvalidRoundError",
    "QuizRound",
    "RuleScore",
    "pick_items",
    "plan_aimed_round",
    "plan_round",
    "rule_scores",
]

_LOG = logging.getLogger(__name__)


class InvalidRoundError(PinochleError):
    """A round asked for with a source that does not exist or no questions."""


GUESS_DEALS = 8
"""How many times an aimed question held to a guess chance (:func:`plan_aimed_round`'s
``most``) makes its tries, each time on other deals, before it is left out."""

SOURCES = ("bank", "generated", "mixed")
"""Where questions come from: the teachers' banks, the generator, or both."""


def _kinds(kind: QuizKind | str | None) -> list[QuizKind]:
    return list(QuizKind) if kind is None else [QuizKind.parse(kind)]


def _check_level(level: int | None) -> int | None:
    if level is None:
        return None
    if isinstance(level, bool) or level not in (1, 2, 3):
        raise InvalidLevelError(f"level={level!r}: levels are 1, 2 and 3 (or None for every level)")
    return level


def _for_rules(item: QuizItem, rules: RuleSet) -> QuizItem | None:
    """A bank item asked under ``rules``, or ``None`` when it was written for other
    rules. An item written for a preset is asked under the site's version of that
    preset (the house settings apply: the engine computes the answer), provided it
    is still a valid question there; its rule cases are then found afresh (a kind slow
    to answer, bidding, finds them when it is marked: the question shows meanwhile)."""
    if item.rule_set == rules:
        return item
    if item.rule_set.name != rules.name:
        return None
    entry = item_to_entry(item)
    entry.pop("rule_set", None)
    entry.pop("rules", None)
    try:
        fitted = item_from_entry(entry, rule_set=rules)
    except PinochleError:
        return None
    if spec_for(fitted).slow_answer:  # QuizKindSpec.rules_for finds them when it is marked
        return fitted
    return dataclasses.replace(fitted, rules=rules_of(fitted))


def _bank_items(
    kinds: Sequence[QuizKind],
    level: int | None,
    rng: random.Random,
    bank_dir: str | Path | None,
    rules: RuleSet,
    problems: list[BankProblem],
) -> Iterator[QuizItem]:
    """The teachers' items of these kinds and level, shuffled, each fitted to
    ``rules`` when it is reached (fitting a bidding item to house rules works out
    its answer afresh, which takes a moment); those that no longer fit are skipped.
    The problems met reading the banks that concern these kinds go into ``problems``
    (see :func:`_concerns`)."""
    items, found = load_banks(bank_dir, kinds)
    problems.extend(p for p in found if _concerns(p, kinds))
    chosen = [
        i
        for i in items
        if i.kind in kinds and (level is None or i.level == level) and i.rule_set.name == rules.name
    ]
    rng.shuffle(chosen)
    for item in chosen:
        fitted = _for_rules(item, rules)
        if fitted is not None:
            yield fitted


def _concerns(problem: BankProblem, kinds: Sequence[QuizKind]) -> bool:
    """Whether a bank problem may have cost questions of ``kinds``: a bad item of one
    of them (items of other kinds are not read), or a file that could not be read,
    unless its name says it holds another kind (``meld.toml`` on a scoring page)."""
    if problem.item is not None:
        return True
    try:
        named = QuizKind.parse(Path(problem.file).stem)
    except PinochleError:
        return True
    return named in kinds


@dataclass(frozen=True)
class _Request:
    """One generated question not yet made: the tries in order (kind, level, aimed
    rule cases) and the generator's seed; the first try the rules allow gives it."""

    tries: tuple[tuple[QuizKind, int, tuple[str, ...]], ...]
    seed: int
    rules: RuleSet
    wanted: frozenset[str] = frozenset()
    """When not empty, a made item must exercise one of these rule cases (an aimed
    request whose case did not come up gives way to its next try)."""
    firm: bool = False
    """Ask each item as a mastery set does (:meth:`QuizKindSpec.firm`)."""
    most: float = 1.0
    """The largest guess chance a made item may have (:meth:`QuizKindSpec.guess_chance`):
    above it, the next try; after the last, the tries again on other deals."""
    deals: int = 1
    """How many times the tries are made, each time on other deals (seeds)."""
    role: Role | None = None
    """When set, a made item asked from a seat at the table must be asked from a seat
    of this side (:meth:`QuizKindSpec.seat_role`): the defence lesson asks defenders."""

    def make(self) -> QuizItem | None:
        for again in range(self.deals):
            # Seeds of other questions of the round are seed * 1000 + i for i < 100.
            seed = self.seed + 100 * again
            for kind, level, aim in self.tries:
                try:
                    item: QuizItem | None = generate(kind, seed, level, list(aim), rules=self.rules)
                except QuizRequestError:
                    continue
                if item is not None and self.firm:
                    item = spec_for(item).firm(item)
                if item is None or (
                    self.wanted and not self.wanted.intersection(r.value for r in item.rules)
                ):
                    continue
                if self.role is not None and spec_for(item).seat_role(item) not in (None, self.role):
                    continue
                if self.most >= 1 or spec_for(item).guess_chance(item) <= self.most + 1e-9:
                    return item
        return None


def _requests(
    kinds: Sequence[QuizKind],
    level: int | None,
    count: int,
    seed: int,
    focus: Sequence[str],
    rng: random.Random,
    rules: RuleSet,
) -> list[_Request]:
    """``count`` fresh items to make, each when it is asked.

    A request the generator cannot meet (a :class:`QuizRequestError`: say a rule
    case that cannot occur under these house rules) falls back to the same kind
    without the aim, then to the other levels, then to the other kinds; an item
    no request can give is left out, so the round is shorter rather than broken
    (the runner says so when nothing at all can be asked)."""
    out: list[_Request] = []
    for i in range(count):
        kind = kinds[i % len(kinds)]
        lv = level if level is not None else rng.choice((1, 2, 3))
        # Every other question aims at a weak rule case (when the learner has one of
        # this kind), so a round practises weak spots without drilling only them.
        aim = tuple(r for r in focus if r.split(".", 1)[0] == kind.value) if i % 2 == 0 else ()
        levels = [lv] if level is not None else [lv, *(x for x in (1, 2, 3) if x != lv)]
        others = [k for k in kinds if k is not kind]
        tries = [(kind, lv, aim)] if aim else []
        tries += [(k, x, ()) for k in (kind, *others) for x in levels]
        out.append(_Request(tuple(tries), seed * 1000 + i, rules))
    return out


def _made(requests: Iterable[_Request]) -> Iterator[QuizItem]:
    for request in requests:
        item = request.make()
        if item is not None:
            yield item


def _round_items(
    bank: Iterator[QuizItem], fresh: list[_Request], source: str, count: int
) -> Iterator[QuizItem]:
    """The round's items in order: the bank's (up to ``count``) topped up with fresh
    ones; for ``"mixed"``, up to half from the bank, each followed by a fresh one."""
    made = _made(fresh)
    if source == "mixed":
        given = 0
        for item in itertools.islice(bank, count - count // 2):
            yield item
            given += 1
            if given < count:  # an odd count ends on a bank item
                for extra in itertools.islice(made, 1):
                    yield extra
                    given += 1
        yield from itertools.islice(made, count - given)
        return
    taken = 0
    for item in itertools.islice(bank, count):
        yield item
        taken += 1
    yield from itertools.islice(made, count - taken)


class QuizRound(Sequence[QuizItem]):
    """The questions of one round, each made when it is first asked for.

    A generated question (a bidding question plays out sample deals, which takes a
    moment) or a bank item fitted to house rules is made on first use, so a page
    shows its first question without waiting for the other nine; the items are the
    same whichever order they are asked in. :func:`len` is the round's planned
    size; should the rules in force give fewer questions (rare: every fallback of
    a request failed), it falls when the round runs out, never below the questions
    already asked."""

    def __init__(
        self,
        items: Iterable[QuizItem],
        planned: int,
        bank_problems: list[BankProblem] | None = None,
    ) -> None:
        self.bank_problems: list[BankProblem] = bank_problems if bank_problems is not None else []
        """The problems of the teachers' banks that cost this round questions (filled
        when the banks are read, that is when the first question is made)."""
        self._source = iter(items)
        self._made: list[QuizItem] = []
        self._planned = planned
        self._ended = False
        self._failed: Exception | None = None
        self._lock = threading.Lock()

    def reaches(self, index: int) -> bool:
        """Whether the round has a question at ``index`` (0-based), making the
        questions up to it; ``False`` when the round has fewer. (Safe from two
        threads: :meth:`prepare` makes the next question while the learner answers.)"""
        with self._lock:
            while len(self._made) <= index and not self._ended:
                if self._failed is not None:
                    raise self._failed
                try:
                    self._made.append(next(self._source))
                except StopIteration:
                    self._ended = True
                except Exception as e:  # kept, so that whoever asks next is told
                    self._failed = e
                    raise
            return index < len(self._made)

    def prepare(self, index: int) -> threading.Thread | None:
        """In the background, work out the answer of the question at ``index`` if it
        takes a while (a bidding question's simulation), then make the question after
        it and do the same: so Submit and Next rarely wait. A problem met here is
        met again, and reported, when the learner asks for that question. Where Python
        has no threads (the static site's Pyodide) nothing is prepared (``None``): each
        question is made when it is asked, as before."""
        if sys.platform == "emscripten":
            return None

        def work() -> None:
            try:
                for i in (index, index + 1):
                    if self.reaches(i) and spec_for(self._made[i]).slow_answer:
                        answer_for(self._made[i])
            except Exception:  # a warm-up only: the learner's own request reports it
                _LOG.debug("preparing question %d failed", index, exc_info=True)

        thread = threading.Thread(target=work, name="pt-quiz-prepare", daemon=True)
        try:
            thread.start()
        except RuntimeError:  # no threads here ("can't start new thread")
            return None
        return thread

    def __len__(self) -> int:
        return len(self._made) if self._ended else max(self._planned, len(self._made))

    def __getitem__(self, index: int) -> QuizItem:  # type: ignore[override]
        if isinstance(index, slice):
            raise TypeError("a QuizRound is indexed one question at a time")
        if index < 0:
            self.reaches(self._planned)
            index += len(self)
        if index < 0 or not self.reaches(index):
            raise IndexError(f"question {index} is beyond this round of {len(self)}")
        return self._made[index]

    def __iter__(self) -> Iterator[QuizItem]:
        i = 0
        while self.reaches(i):
            yield self._made[i]
            i += 1


def plan_round(
    kind: QuizKind | str | None = None,
    level: int | None = None,
    source: str = "bank",
    count: int = 10,
    seed: int = 0,
    focus: Iterable[QuizRule | str] = (),
    bank_dir: str | Path | None = None,
    rules: RuleSet | str | None = None,
) -> QuizRound:
    """The round :func:`pick_items` gives, as a :class:`QuizRound` whose questions
    are made when they are asked (same arguments, same items)."""
    if source not in SOURCES:
        raise InvalidRoundError(f"source={source!r}: use one of {', '.join(SOURCES)}")
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise InvalidRoundError(f"count={count!r}: ask at least 1 question")
    kinds = _kinds(kind)
    level = _check_level(level)
    rs = site_rules() if rules is None else as_rules(rules)
    aims = [QuizRule.parse(r).value for r in focus]
    rng = random.Random(f"quiz-runner:{seed}")
    bank: Iterator[QuizItem] = iter(())
    problems: list[BankProblem] = []
    if source != "generated":
        bank = _bank_items(kinds, level, rng, bank_dir, rs, problems)
    fresh = _requests(kinds, level, count, seed, aims, rng, rs)
    return QuizRound(_round_items(bank, fresh, source, count), count, problems)


def plan_aimed_round(
    aims: Sequence[Sequence[QuizRule | str]],
    seed: int,
    rules: Sequence[RuleSet | str] | RuleSet | str | None = None,
    levels: Sequence[int] = (2,),
    *,
    firm: bool = False,
    most: Sequence[float] | None = None,
    other_levels: bool = True,
    role: Role | None = None,
) -> QuizRound:
    """A round of fresh questions, one per entry of ``aims``, each exercising one of
    that entry's rule cases: the mastery set of a lesson and the review of weak spots
    (see :mod:`pinochle_tutor.course.mastery`).

    Question ``i`` is generated (seed ``seed``) aimed at the first case of
    ``aims[i]`` at level ``levels[i % len(levels)]``, then at the other levels, then at
    the entry's further cases in order; a made question must show one of the entry's
    cases, so a round on a lesson's cases asks only about that lesson. ``rules`` is
    the rule set of every question (``None``: the site's house rules) or one per
    question, in turn (lesson 8 alternates the double deck and three-handed). A
    question none of whose cases can occur under its rules is left out (the round is
    shorter); raises :class:`InvalidRoundError` for no aims and
    :class:`~pinochle_tutor.course.quiz.InvalidQuizRuleError` quoting an unknown case.

    A mastery set asks more of its questions: ``firm`` asks each as
    :meth:`~pinochle_tutor.course.quiz.kind.QuizKindSpec.firm` gives it (a yes-or-no
    question as "which ...?"); ``most[i]`` is the largest chance that guessing answers
    question ``i`` (:meth:`~pinochle_tutor.course.quiz.kind.QuizKindSpec.guess_chance`),
    the tries made again on other deals until one is below it; ``other_levels=False``
    keeps to ``levels``; ``role`` asks a question of the table only from a seat of that
    side (:meth:`~pinochle_tutor.course.quiz.kind.QuizKindSpec.seat_role`)."""
    if not aims or any(not a for a in aims):
        raise InvalidRoundError(f"aims={aims!r:.60}: give at least one rule case for each question")
    if not levels:
        raise InvalidRoundError("levels=(): give at least one level (1, 2 or 3)")
    for lv in levels:
        _check_level(lv)
    if most is not None and len(most) != len(aims):
        raise InvalidRoundError(f"most={most!r:.60}: give one largest guess chance per question")
    if rules is None or isinstance(rules, (RuleSet, str)):
        sets = [site_rules() if rules is None else as_rules(rules)]
    else:
        sets = [as_rules(r) for r in rules] or [site_rules()]
    requests = []
    for i, entry in enumerate(aims):
        cases = [QuizRule.parse(r) for r in entry]
        first = levels[i % len(levels)]
        order = [first, *(x for x in (1, 2, 3) if x != first and (other_levels or x in levels))]
        tries = tuple((r.kind, lv, (r.value,)) for r in cases for lv in order)
        wanted = frozenset(r.value for r in cases)
        cap = 1.0 if most is None else most[i]
        requests.append(
            _Request(
                tries, seed * 1000 + i, sets[i % len(sets)], wanted, firm, cap,
                deals=1 if cap >= 1 else GUESS_DEALS, role=role,
            )
        )  # fmt: skip
    return QuizRound(_made(requests), len(requests))


def pick_items(
    kind: QuizKind | str | None = None,
    level: int | None = None,
    source: str = "bank",
    count: int = 10,
    seed: int = 0,
    focus: Iterable[QuizRule | str] = (),
    bank_dir: str | Path | None = None,
    rules: RuleSet | str | None = None,
) -> list[QuizItem]:
    """The questions of one round, the same for the same arguments (and rules).

    ``kind`` (``None``: every kind, in turn) and ``level`` (``None``: every level)
    filter; ``source`` is ``"bank"`` (the teachers' items, shuffled by ``seed``),
    ``"generated"`` (fresh items; every other one aimed at a rule case in
    ``focus`` of its kind) or ``"mixed"`` (half of each, alternating). A bank with
    too few items is topped up with generated ones, so a round has ``count`` items.

    Every item is asked under ``rules`` (a :class:`RuleSet` or a preset name; ``None``: the site's house rules,
    :func:`~pinochle_tutor.classroom.house_rules.site_rules`). Bank items declare the rule set they were written for
    (``rule_set``, default classic); those written for another rule set are left
    out, and those written for the same preset are asked under the site's
    settings of it (left out too if they no longer fit, e.g. a hand too big).

    Every item is made here; the quiz runner uses :func:`plan_round` to make each
    generated one only when it is asked."""
    return list(plan_round(kind, level, source, count, seed, focus, bank_dir, rules))


@dataclass(frozen=True)
class RuleScore:
    """Right answers out of all answers for one rule case, in a finished round."""

    rule: QuizRule
    right: int
    attempts: int


def rule_scores(marks: Iterable[Mark]) -> list[RuleScore]:
    """Right / attempted per rule case, weakest first (then in rule order)."""
    tally: dict[QuizRule, list[int]] = {}
    for m in marks:
        for r in dict.fromkeys(m.rules):
            t = tally.setdefault(r, [0, 0])
            t[0] += int(m.right)
            t[1] += 1
    order = {r: i for i, r in enumerate(QuizRule)}
    rows = [RuleScore(r, right, n) for r, (right, n) in tally.items()]
    rows.sort(key=lambda s: (s.right / s.attempts, order[s.rule]))
    return rows
