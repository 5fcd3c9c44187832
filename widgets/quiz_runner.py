"""QuizRunner: a round of quiz questions, one at a time, marked by the tutor.

One line in an exercise notebook::

    from pinochle_widgets.quiz_runner import QuizRunner
    QuizRunner("meld", level=1, seed=1)                  # ten meld questions
    QuizRunner(source="generated", count=6, seed=3)      # every kind, aimed at weak rules
    QuizRunner("meld", rules="double_deck")              # double-deck meld questions

Each question shows its prompt (cards in colour, the hand and the trick drawn),
takes the answer in the input that suits it (a box for meld, score, counters and
bids, a "Pass" button, a clickable hand for "which cards may you play?", Yes / No
for "may you play this card?" and "is this call legal?", one button per card of
the trick for "who wins this trick?"), marks it with
:func:`pinochle_tutor.course.quiz.check_answer` and shows the verdict, the tutor's
explanation and the rule cases, then "Next". The last "Next" shows the score,
overall and per rule case.

A second try: a first wrong (readable) answer shows a hint
(:func:`~pinochle_tutor.course.quiz.hint`: the rules to check, never the answer)
and the learner answers once more; only a second wrong answer reveals the answer
and the explanation. Yes-or-no questions have no second try (it could only be the
other answer), and ``second_try=False`` turns it off. Each question is recorded
once in the learner's progress, when it is marked, with how many tries it took
(``tries`` 1 or 2). An unreadable answer gets a note on how to write it and the
question is asked again (it does not count, nor use up the try).

Rules: by default the site's house rules
(:func:`pinochle_tutor.classroom.house_rules.site_rules`); ``rules=`` takes a preset name or
a :class:`~pinochle_tutor.rules.RuleSet`. Only bank items written for those rules
are asked (see :func:`pick_items`); generated items fill the rest of the round,
and a prompt names the rules when they are not the classic ones.

Security (Voila): the items, their answers and the marks live in private Python
attributes; only the prompt is rendered before the learner answers (never the
item id or its rule cases, which could give the answer away). Any button may be
pressed in any order, and any synced value may be set: the runner checks its
own phase and refuses with a message.
"""

from __future__ import annotations

import dataclasses
import itertools
import logging
import random
import re
import sys
import threading
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from pinochle_tutor.cards import parse_card
from pinochle_tutor.classroom.identity import page_from_environment
from pinochle_tutor.classroom.progress import Progress
from pinochle_tutor.course.lesson_facts import worked_contract
from pinochle_tutor.course.quiz import (
    BankProblem,
    BidQuiz,
    CallQuiz,
    CountersQuiz,
    Mark,
    MeldQuiz,
    PassQuiz,
    PlayQuiz,
    QuizItem,
    QuizKind,
    QuizRequestError,
    QuizRule,
    TrickQuiz,
    WinnerQuiz,
    allows_second_try,
    answer_for,
    answer_text,
    check_answer,
    generate,
    hint,
    item_from_entry,
    item_to_entry,
    load_banks,
    rules_of,
)
from pinochle_tutor.course.quiz.generators import rules_words
from pinochle_tutor.course.quiz.play import play_view
from pinochle_tutor.course.seeds import page_seed
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain import LegalSetExplanation, TrickWinnerExplanation
from pinochle_tutor.explain.trick_result import ordinal
from pinochle_tutor.rules import CLASSIC, RuleSet

from ._base import (
    LiveHTML,
    Message,
    card_spans,
    coerce_rules,
    guard_client_values,
    guarded,
    style_widget,
)
from .cards import CardsView, HandPicker

_LOG = logging.getLogger(__name__)

__all__ = [
    "SOURCES",
    "QuizRound",
    "QuizRunner",
    "RuleScore",
    "answer_hint",
    "cards_html",
    "hint_html",
    "pick_items",
    "plan_round",
    "prompt_html",
    "rule_scores",
    "score_html",
]

SOURCES = ("bank", "generated", "mixed")
"""Where questions come from: the teachers' banks, the generator, or both."""
MAX_ANSWER = 200
"""Longer answers are refused unread (nobody types a 200-character answer)."""
BANK_NOTE = (
    '<div class="pt-message pt-info">Some questions of this set could not be loaded, so '
    "others take their place. Your teacher can see why on the teacher's page.</div>"
)
"""Shown above the questions when a teachers' bank has a problem (the details, which
name the file, go to the teacher's page and the server's log, never to the learner)."""

_CARD_TOKEN = re.compile(r"(?<![\w])(10|[AKQJ9])([♠♥♦♣])")
_KIND_NAMES = {
    QuizKind.MELD: "Meld",
    QuizKind.TRICK: "Trick rules",
    QuizKind.SCORE: "Scoring",
    QuizKind.BID: "Bidding",
    QuizKind.WINNER: "Who wins the trick",
    QuizKind.COUNTERS: "Counting counters",
    QuizKind.CALL: "Legal calls",
    QuizKind.PLAY: "Which card would you play",
    QuizKind.PASS: "What would you pass",
    QuizKind.GAME: "Who has won the game",
}
def answer_hint(kind: QuizKind, rules: RuleSet, avoid: str = "") -> str:
    """The answer box's example, on the scale of ``rules``: classic reads
    ``'e.g. 190, or run + royal marriage'``, ``'e.g. +340 or -320'`` and
    ``'e.g. 300, or pass'``; the double deck's meld example is 19. An example that
    happens to be the answer (``avoid``) is moved by a few raises, so the box never
    shows the answer before the learner gives it."""
    step = 10 * rules.bid_increment
    if kind is QuizKind.MELD:
        run_royal = rules.meld_table.run[0] + rules.meld_table.royal_marriage
        shown = run_royal + step if str(run_royal) == avoid else run_royal
        return f"e.g. {shown}, or run + royal marriage"
    if kind is QuizKind.SCORE:
        ex = worked_contract(rules)
        made, short = ex.made_score, ex.short_score
        made += step if f"+{made}" in (avoid, f"+{avoid}") else 0
        short -= step if str(short) == avoid else 0
        return f"e.g. +{made} or {short}"
    if kind is QuizKind.BID:
        bid = rules.opening_bid + 5 * rules.bid_increment
        shown = bid + step if str(bid) == avoid else bid
        return f"e.g. {shown}, or pass"
    if kind is QuizKind.GAME:
        return "e.g. your side, the other side, or nobody" if rules.partnerships else (
            "e.g. you, left, right, or nobody"
        )
    if kind is QuizKind.COUNTERS:
        top = max(rules.counter_points)
        example = 3 * top if top else rules.last_trick_bonus
        shown = example + top if str(example) == avoid else example
        return f"e.g. {shown}"
    return ""


# ================================================================ the logic


def _kinds(kind: QuizKind | str | None) -> list[QuizKind]:
    return list(QuizKind) if kind is None else [QuizKind.parse(kind)]


def _check_level(level: int | None) -> int | None:
    if level is None:
        return None
    if isinstance(level, bool) or level not in (1, 2, 3):
        raise ValueError(f"level={level!r}: levels are 1, 2 and 3 (or None for every level)")
    return level


def _for_rules(item: QuizItem, rules: RuleSet) -> QuizItem | None:
    """A bank item asked under ``rules``, or ``None`` when it was written for other
    rules. An item written for a preset is asked under the site's version of that
    preset (the house settings apply: the engine computes the answer), provided it
    is still a valid question there; its rule cases are then found afresh."""
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

    def make(self) -> QuizItem | None:
        for kind, level, aim in self.tries:
            try:
                return generate(kind, self.seed, level, list(aim), rules=self.rules)
            except QuizRequestError:
                continue
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
        taken = 0
        for item in itertools.islice(bank, count - count // 2):
            yield item
            taken += 1
            yield from itertools.islice(made, 1)
        yield from itertools.islice(made, count - 2 * taken)
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
                    if self.reaches(i) and isinstance(self._made[i], BidQuiz):
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
        raise ValueError(f"source={source!r}: use one of {', '.join(SOURCES)}")
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"count={count!r}: ask at least 1 question")
    kinds = _kinds(kind)
    level = _check_level(level)
    rs = coerce_rules(rules)
    aims = [QuizRule.parse(r).value for r in focus]
    rng = random.Random(f"quiz-runner:{seed}")
    bank: Iterator[QuizItem] = iter(())
    problems: list[BankProblem] = []
    if source != "generated":
        bank = _bank_items(kinds, level, rng, bank_dir, rs, problems)
    fresh = _requests(kinds, level, count, seed, aims, rng, rs)
    return QuizRound(_round_items(bank, fresh, source, count), count, problems)


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

    Every item is asked under ``rules`` (see :func:`~pinochle_widgets._base.coerce_rules`; ``None``: the
    site's house rules). Bank items declare the rule set they were written for
    (``rule_set``, default classic); those written for another rule set are left
    out, and those written for the same preset are asked under the site's
    settings of it (left out too if they no longer fit, e.g. a hand too big).

    Every item is made here; the quiz runner uses :func:`plan_round` to make each
    generated one only when it is asked."""
    return list(plan_round(kind, level, source, count, seed, focus, bank_dir, rules))


def cards_html(text: str) -> str:
    """``text`` escaped, with every card (``A♥``, ``10♠``) shown by :func:`card_spans`
    and line breaks kept."""

    def card(m: re.Match[str]) -> str:
        try:
            return card_spans([parse_card(m.group(0))])
        except ValueError:
            return m.group(0)

    lines = (_CARD_TOKEN.sub(card, escape(line)) for line in str(text).split("\n"))
    return "<br>".join(lines)


def prompt_html(item: QuizItem, number: int, total: int) -> str:
    """The question as HTML: which question of how many, the teacher's title if
    any, and the prompt with its cards in colour. Never the id or the rule cases."""
    head = f"Question {number} of {total} · {_KIND_NAMES[item.kind]}, level {item.level}"
    title = f'<div class="pt-title">{escape(item.title)}</div>' if item.title else ""
    return (
        f'<div class="pt-quiz-counter">{escape(head)}</div>{title}'
        f'<p class="pt-quiz-question">{cards_html(item.prompt)}</p>'
    )


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


def score_html(
    marks: Sequence[Mark], rules: RuleSet = CLASSIC, tries: Sequence[int] = ()
) -> str:
    """The end-of-round score: right out of N (and how many of those took a second
    try, from ``tries``, one per mark), and a table per rule case (each stated with
    the numbers of ``rules``, the rules the round was played under)."""
    right = sum(m.right for m in marks)
    second = sum(1 for m, t in zip(marks, tries, strict=False) if m.right and t > 1)
    rows = "".join(
        f"<tr><td>{escape(s.rule.statement(rules))}</td><td>{s.right} / {s.attempts}</td></tr>"
        for s in rule_scores(marks)
    )
    table = (
        '<table class="pt-breakdown pt-quiz-rule-scores">'
        f"<tr><th>Rule</th><th>Right</th></tr>{rows}</table>"
    )
    cheer = "Well done!" if right == len(marks) else "Practise the rules with the fewest right."
    after = f" ({second} of them on the second try)" if second else ""
    return (
        f'<div class="pt-title">You got {right} of {len(marks)} right{after}. '
        f"{escape(cheer)}</div>{table}"
    )


def hint_html(item: QuizItem) -> str:
    """The hint after a first wrong answer: the rules to check (from
    :func:`~pinochle_tutor.course.quiz.hint`), never the answer."""
    return (
        '<div class="pt-message pt-info pt-quiz-hint">'
        "<b>Not quite. Here is a hint; try once more.</b><br>"
        f"{cards_html(hint(item))}</div>"
    )


def _mark_html(mark: Mark, rule_set: RuleSet, tries: int = 1) -> str:
    verdict = "Right!" if mark.right else f"Not quite: the answer is {mark.correct}."
    if mark.right and tries > 1:
        verdict = "Right, on the second try!"
    rules = "".join(f"<li>{cards_html(r.statement(rule_set))}</li>" for r in mark.rules)
    return (
        f'<div class="pt-message pt-{"ok" if mark.right else "error"}">'
        f'<b class="pt-quiz-verdict">{cards_html(verdict)}</b><br>'
        f'<span class="pt-quiz-explanation">{cards_html(mark.explanation)}</span></div>'
        f'<div class="pt-quiz-rules"><b>The rules here:</b><ul>{rules}</ul></div>'
    )


def _load_progress(progress: Progress | str | Path | None) -> Progress:
    if isinstance(progress, Progress):
        return progress
    return Progress.load(progress)


# =============================================================== the widget


class QuizRunner(widgets.VBox):
    """A round of ``count`` questions (see :func:`pick_items` for ``kind``,
    ``level``, ``source`` and ``seed``), recorded in ``progress`` (a
    :class:`~pinochle_tutor.classroom.progress.Progress`, a path, or ``None`` for the
    default file). With ``learner_focus``, generated questions aim at the
    learner's weak rule cases (:meth:`Progress.weak_rules`). ``rules`` is the
    version of the game asked about: ``None`` (the default) for the site's house
    rules, a preset name (``"double_deck"``) or a
    :class:`~pinochle_tutor.rules.RuleSet`; it is kept in :attr:`rules`.

    ``seed=None`` (the default) draws a seed per page
    (:func:`~pinochle_tutor.course.seeds.page_seed`; ``PINOCHLE_TUTOR_SEED`` fixes it
    for tests and nbval), so a learner in another tab is not asked the questions
    whose answers were just revealed here; an explicit ``seed`` keeps a round
    reproducible. :attr:`seed` tells which one was used.

    When a teachers' bank has a problem that cost this set questions, a short note
    says so above them (``pt-quiz-bank-note``; the file, item and field are on the
    teacher's page and in the server's log).

    CSS hooks: ``pt-quiz-runner``, ``pt-quiz-bank-note``, ``pt-quiz-prompt``, ``pt-quiz-answer`` (the
    input area: ``pt-quiz-text``, ``pt-quiz-yes``, ``pt-quiz-no``, ``pt-quiz-pass``,
    ``pt-quiz-place``, a ``pt-hand-picker``), ``pt-quiz-submit``, ``pt-quiz-next``,
    ``pt-quiz-feedback`` (``pt-quiz-hint`` after a first wrong answer),
    ``pt-quiz-score``, ``pt-quiz-restart``; the status line is ``pt-message-area``."""

    def __init__(
        self,
        kind: QuizKind | str | None = None,
        level: int | None = None,
        source: str = "bank",
        count: int = 10,
        seed: int | None = None,
        progress: Progress | str | Path | None = None,
        learner_focus: bool = True,
        *,
        bank_dir: str | Path | None = None,
        rules: RuleSet | str | None = None,
        second_try: bool = True,
    ) -> None:
        self.rules: RuleSet = coerce_rules(rules)
        """The rules every question of every round is asked under."""
        self.page = page_from_environment()
        """The page the quiz is on (kept with each answer; ``''`` outside Voila)."""
        self._options: dict[str, Any] = dict(
            kind=kind, level=level, source=source, count=count, bank_dir=bank_dir, rules=self.rules
        )
        self.seed = page_seed(seed)
        """The seed of this runner's rounds (``seed``, else :func:`page_seed`)."""
        self._round = 0
        self.learner_focus = learner_focus
        self.progress = _load_progress(progress)
        self.second_try = second_try
        """Whether a first wrong answer gets a hint and one more try (see :meth:`submit`)."""
        self._items: QuizRound = QuizRound((), 0)
        self._marks: list[Mark] = []
        self._tries: list[int] = []
        """How many answers each marked question took (1, or 2 after a hint)."""
        self._try = 1
        self._index = 0
        self._phase = "asking"
        self._preparing: threading.Thread | None = None
        self.message = Message()
        self._build()
        self.add_class("pt-widget")
        self.add_class("pt-quiz-runner")
        self._start_round()
        guard_client_values(self, self.message)
        if self.progress.messages:
            self.message.info("\n".join(self.progress.messages))

    # -------------------------------------------------------------- building
    def _button(self, label: str, css: str, action: Any, style: str = "") -> widgets.Button:
        b = widgets.Button(description=label, button_style=style)
        b.add_class(css)
        b.on_click(lambda _b: action())
        return b

    def _build(self) -> None:
        self.bank_note = widgets.HTML()
        """A short note when some of the teachers' questions could not be loaded."""
        self.bank_note.add_class("pt-quiz-bank-note")
        self.prompt = widgets.HTML()
        self.prompt.add_class("pt-quiz-prompt")
        self.trick_view = CardsView(size=54)
        self.hand_view = CardsView(size=54)
        self.text_input = widgets.Text(
            description="Your answer:", style={"description_width": "initial"}
        )
        self.text_input.add_class("pt-quiz-text")
        self.picker = HandPicker(
            mode="many", message=self.message, label="Pick every card you may play"
        )
        self.card_picker = HandPicker(mode="one", message=self.message, label="Pick the card you would play")
        """The hand of a "which card would you play?" question."""
        self.pass_picker = HandPicker(mode="many", message=self.message, label="Pick the cards to give")
        """The hand of a "what would you pass?" question."""
        self.yes_button = self._button("Yes", "pt-quiz-yes", lambda: self.answer_yes_no(True))
        self.no_button = self._button("No", "pt-quiz-no", lambda: self.answer_yes_no(False))
        self.pass_button = self._button("Pass", "pt-quiz-pass", self.answer_pass)
        self.place_buttons: tuple[widgets.Button, ...] = ()
        """The buttons of a "who wins this trick?" question, one per card played."""
        self._yes_no_row = widgets.HBox([self.yes_button, self.no_button])
        self._bid_row = widgets.HBox([self.text_input, self.pass_button])
        self.answer_box = widgets.VBox()
        self.answer_box.add_class("pt-quiz-answer")
        self.submit_button = self._button("Submit", "pt-quiz-submit", self.submit, "primary")
        self.next_button = self._button("Next", "pt-quiz-next", self.next)
        self.restart_button = self._button("Start a new round", "pt-quiz-restart", self.restart)
        # The verdict is read out when it is shown (the message only says what to press).
        self.feedback = LiveHTML()
        self.feedback.add_class("pt-quiz-feedback")
        self.score_view = widgets.HTML()
        self.score_view.add_class("pt-quiz-score")
        buttons = widgets.HBox([self.submit_button, self.next_button, self.restart_button])
        super().__init__(
            children=[
                style_widget(),
                self.bank_note,
                self.prompt,
                self.trick_view,
                self.hand_view,
                self.answer_box,
                buttons,
                self.message,
                self.feedback,
                self.score_view,
            ]
        )

    # ----------------------------------------------------------------- state
    @property
    def phase(self) -> str:
        """``"asking"`` (waiting for an answer), ``"marked"`` (answer shown, press
        Next) or ``"done"`` (the score is shown)."""
        return self._phase

    @property
    def index(self) -> int:
        """The position of the question shown (0-based)."""
        return self._index

    @property
    def total(self) -> int:
        """How many questions this round has."""
        return len(self._items)

    @property
    def marks(self) -> tuple[Mark, ...]:
        """The marks of the questions answered so far this round."""
        return tuple(self._marks)

    @property
    def right(self) -> int:
        """Right answers so far this round (on the first or the second try)."""
        return sum(m.right for m in self._marks)

    @property
    def tries(self) -> int:
        """Which try the question shown is on: 1, or 2 after a wrong answer and a hint."""
        return self._try

    @property
    def marked_tries(self) -> tuple[int, ...]:
        """How many tries each marked question of this round took (1 or 2)."""
        return tuple(self._tries)

    def _item(self) -> QuizItem:
        return self._items[self._index]

    def _focus(self) -> list[str]:
        if not self.learner_focus or self._options["source"] == "bank":
            return []
        return self.progress.weak_rules()

    # ----------------------------------------------------------------- flow
    def _start_round(self) -> None:
        seed = self.seed + 7919 * self._round
        self._items = plan_round(seed=seed, focus=self._focus(), **self._options)
        self._marks = []
        self._tries = []
        self._index = 0
        self.score_view.value = ""
        asked = self._items.reaches(0)
        self.bank_note.value = BANK_NOTE if self._items.bank_problems else ""
        if not asked:
            self._nothing_to_ask()
            return
        self._show_item()

    def _nothing_to_ask(self) -> None:
        """No question of the kinds asked for can occur under the rules in force
        (say the house rules leave no counters, so no score question): say so
        instead of showing an empty round."""
        self._phase = "done"
        for part in (self.trick_view, self.hand_view, self.submit_button, self.next_button):
            self._show(part, False)
        self._show(self.restart_button, False)
        self.answer_box.children = ()
        self.prompt.value = ""
        self.message.error(
            f"No question of this kind can come up under the {rules_words(self.rules)}; "
            "ask your teacher to check the settings."
        )

    def _show(self, widget: widgets.DOMWidget, shown: bool) -> None:
        widget.layout.display = "" if shown else "none"

    def _show_item(self) -> None:
        item = self._item()
        self._phase = "asking"
        self.prompt.value = prompt_html(item, self._index + 1, len(self._items))
        self.feedback.value = ""
        self.text_input.value = ""
        self._try = 1
        trick = item.trick if isinstance(item, (TrickQuiz, WinnerQuiz)) else ()
        if isinstance(item, PlayQuiz):
            trick = play_view(item).trick
        if trick:
            self.trick_view.show_trick(trick)
        self._show(self.trick_view, bool(trick))
        picking = (isinstance(item, TrickQuiz) and not item.asks_legal) or isinstance(
            item, (PlayQuiz, PassQuiz)
        )
        hand = item.hand if isinstance(item, (MeldQuiz, TrickQuiz, BidQuiz)) else ()
        if hand and not picking:
            self.hand_view.show_hand(hand, label="your hand")
        if isinstance(item, CountersQuiz):
            hand = item.cards
            self.hand_view.show_hand(hand, label="the cards")
        self._show(self.hand_view, bool(hand) and not picking)
        self.answer_box.children = self._inputs(item)
        self._show(self.submit_button, not self._buttons_only(item))
        self._show(self.next_button, True)
        self._show(self.restart_button, False)
        self.submit_button.disabled = False
        self.next_button.disabled = True
        self.message.info(self._instructions(item))
        self._preparing = self._items.prepare(self._index)

    def wait_until_prepared(self, timeout: float | None = None) -> bool:
        """Wait for the background work on this question's answer and the next question
        (see :meth:`QuizRound.prepare`); ``False`` if it is still going after ``timeout``."""
        if self._preparing is not None:
            self._preparing.join(timeout)
            return not self._preparing.is_alive()
        return True

    @staticmethod
    def _buttons_only(item: QuizItem) -> bool:
        """Whether ``item`` is answered with buttons alone (no Submit)."""
        return isinstance(item, (CallQuiz, WinnerQuiz)) or (
            isinstance(item, TrickQuiz) and item.asks_legal
        )

    def _place_buttons(self, item: WinnerQuiz) -> widgets.HBox:
        """One button per card of the trick, in the order played (``1st: K♠``): the
        labels show the question only, never which card wins."""
        buttons = []
        for i, c in enumerate(item.trick):
            b = widgets.Button(description=f"{ordinal(i + 1)}: {c.text}")
            b.add_class("pt-quiz-place")
            b.on_click(lambda _b, place=i + 1: self.answer_place(place))
            buttons.append(b)
        self.place_buttons = tuple(buttons)
        return widgets.HBox(buttons)

    def _inputs(self, item: QuizItem) -> tuple[widgets.Widget, ...]:
        # Nothing left of an old answer in a hidden picker.
        self.card_picker.set_hand(play_view(item).hand if isinstance(item, PlayQuiz) else ())
        self.pass_picker.max_selected = item.size if isinstance(item, PassQuiz) else None
        self.pass_picker.set_hand(item.hand if isinstance(item, PassQuiz) else ())
        if isinstance(item, PlayQuiz):
            self.picker.set_hand(())
            return (self.card_picker,)
        if isinstance(item, PassQuiz):
            self.picker.set_hand(())
            self.pass_picker.label = f"Pick the {item.size} cards to {item.role}"
            return (self.pass_picker,)
        if isinstance(item, TrickQuiz) and not item.asks_legal:
            self.picker.set_hand(item.hand)
            return (self.picker,)
        self.picker.set_hand(())  # nothing left of an old answer in a hidden widget
        if isinstance(item, (TrickQuiz, CallQuiz)):
            return (self._yes_no_row,)
        if isinstance(item, WinnerQuiz):
            return (self._place_buttons(item),)
        self.text_input.placeholder = answer_hint(item.kind, item.rule_set, answer_text(item))
        if isinstance(item, BidQuiz):
            r = item.rule_set
            self.text_input.placeholder = f"e.g. {r.opening_bid + 5 * r.bid_increment}, or pass"
            return (self._bid_row,)
        return (self.text_input,)

    @staticmethod
    def _instructions(item: QuizItem) -> str:
        if isinstance(item, CallQuiz):
            return "Answer Yes or No."
        if isinstance(item, WinnerQuiz):
            return "Press the card that wins the trick."
        if isinstance(item, TrickQuiz):
            if item.asks_legal:
                return "Answer Yes or No."
            return "Click every card you may play (click again to unpick), then press Submit."
        if isinstance(item, BidQuiz):
            return "Type your top bid and press Submit, or press Pass."
        if isinstance(item, PlayQuiz):
            return "Click the card you would play, then press Submit."
        if isinstance(item, PassQuiz):
            return f"Click the {item.size} cards you would {item.role}, then press Submit."
        return "Type your answer and press Submit."

    def _answer_text(self) -> str:
        item = self._item()
        if isinstance(item, TrickQuiz) and not item.asks_legal:
            return ", ".join(c.text for c in self.picker.selected)
        if isinstance(item, PlayQuiz):
            return ", ".join(c.text for c in self.card_picker.selected)
        if isinstance(item, PassQuiz):
            return ", ".join(c.text for c in self.pass_picker.selected)
        value = self.text_input.value
        return value if isinstance(value, str) else ""

    # --------------------------------------------------------------- actions
    def _refuse_out_of_turn(self) -> bool:
        """Say why an answer is not taken now; ``True`` when it is refused."""
        if self._phase == "marked":
            self.message.info("This question is marked: press Next for the next one.")
            return True
        if self._phase == "done":
            self.message.info("The round is over: press 'Start a new round' to practise more.")
            return True
        return False

    @guarded
    def submit(self) -> Mark | None:
        """Mark the answer typed or picked. Returns the mark (``None`` when the
        answer was not taken: out of turn, or unreadable)."""
        if self._refuse_out_of_turn():
            return None
        item = self._item()
        if isinstance(item, CallQuiz) or (isinstance(item, TrickQuiz) and item.asks_legal):
            self.message.error("Answer this question with the Yes or No button.")
            return None
        if isinstance(item, WinnerQuiz):
            self.message.error("Answer this question by pressing the card that wins.")
            return None
        return self._mark(self._answer_text())

    @guarded
    def answer_yes_no(self, yes: bool) -> Mark | None:
        """Answer a "may you play this card?" or "is this call legal?" question."""
        if self._refuse_out_of_turn():
            return None
        item = self._item()
        if not (isinstance(item, CallQuiz) or (isinstance(item, TrickQuiz) and item.asks_legal)):
            self.message.error("This is not a yes-or-no question: answer it above.")
            return None
        return self._mark("yes" if yes is True else "no")

    @guarded
    def answer_place(self, place: int) -> Mark | None:
        """Answer a "who wins this trick?" question with the card's place (1 = led)."""
        if self._refuse_out_of_turn():
            return None
        item = self._item()
        if not isinstance(item, WinnerQuiz):
            self.message.error("This question is not about who wins a trick: answer it above.")
            return None
        if isinstance(place, bool) or not isinstance(place, int) or not 1 <= place <= len(item.trick):
            self.message.error(f"Press one of the {len(item.trick)} cards of the trick.")
            return None
        return self._mark(str(place))

    @guarded
    def answer_pass(self) -> Mark | None:
        """Answer a bidding question with "pass"."""
        if self._refuse_out_of_turn():
            return None
        if not isinstance(self._item(), BidQuiz):
            self.message.error("Pass is an answer to bidding questions only.")
            return None
        return self._mark("pass")

    def _mark(self, text: str) -> Mark | None:
        text = text.strip()
        if len(text) > MAX_ANSWER:
            self.message.error(f"That answer is too long: keep it under {MAX_ANSWER} characters.")
            return None
        item = self._item()
        mark = check_answer(item, text)
        if not mark.readable:
            self.message.error(mark.explanation + "\nTry again: this one does not count.")
            return None
        if not mark.right and self._try == 1 and self.second_try and allows_second_try(item):
            # A hint, not the answer: nothing of the mark's answer or explanation is shown.
            self._try = 2
            self.feedback.value = hint_html(item)
            self.message.info("Not quite: read the hint and try once more.")
            return mark
        self._marks.append(mark)
        self._tries.append(self._try)
        self._phase = "marked"
        saved = self._record(mark)
        self.feedback.value = _mark_html(mark, self.rules, self._try) + saved
        if isinstance(mark.detail, LegalSetExplanation):
            self.picker.mark(mark.detail.legal, "legal")
        if isinstance(mark.detail, TrickWinnerExplanation):  # now the winner may be framed
            self.trick_view.show_trick(mark.detail.trick, winner=mark.detail.winner)
        self.submit_button.disabled = True
        self.next_button.disabled = False
        last = self._index + 1 == len(self._items)
        self.next_button.description = "See your score" if last else "Next"
        self.message.info(
            "Press " + ("'See your score'." if last else "Next for the next question.")
        )
        return mark

    def _record(self, mark: Mark) -> str:
        """Save the attempt; an HTML note when that failed (the round goes on)."""
        before = len(self.progress.messages)
        try:
            self.progress.record_mark(
                mark, page=self.page, rule_set=self.rules.name, tries=self._try
            )
        except Exception as exc:  # the round must survive any storage problem
            self.progress.messages.append(f"Progress could not be saved: {exc}")
        if len(self.progress.messages) > before:
            # the progress says in plain words what became of the answer (kept on the
            # page until the database is free, or not kept): said once, not contradicted
            note = "Your answer was marked. " + self.progress.messages[-1]
            return f'<div class="pt-message pt-info pt-quiz-save-error">{escape(note)}</div>'
        return ""

    @guarded
    def next(self) -> None:
        """Show the next question, or the score after the last one."""
        if self._phase == "asking":
            self.message.info("Answer this question first, then press Next.")
            return
        if self._phase == "done":
            self.message.info("The round is over: press 'Start a new round' to practise more.")
            return
        if self._items.reaches(self._index + 1):
            self._index += 1
            self.next_button.description = "Next"
            self._show_item()
            return
        self._finish()

    def _finish(self) -> None:
        self._phase = "done"
        self.score_view.value = score_html(self._marks, self.rules, self._tries)
        self.feedback.value = ""
        self.answer_box.children = ()
        self._show(self.trick_view, False)
        self._show(self.hand_view, False)
        self._show(self.submit_button, False)
        self._show(self.next_button, False)
        self._show(self.restart_button, True)
        self.prompt.value = '<div class="pt-title">Round complete</div>'
        self.message.ok(
            f"Round complete: {self.right} of {len(self._marks)} right. "
            "Press 'Start a new round' for fresh questions."
        )

    @guarded
    def restart(self) -> None:
        """A new round of fresh questions (aimed at the weak rules found so far)."""
        if self._phase != "done":
            self.message.info("Finish this round first: the new round starts after the score.")
            return
        self._round += 1
        self.next_button.description = "Next"
        self._start_round()
