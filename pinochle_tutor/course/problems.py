"""Problem deals, "find the play": positions where one choice is clearly best, one bank
file per tip of the rules text ("Better decisions at the table") and one for the
exchange, checked by the coach before a learner sees them.

A problem is a position from one seat: a deal (its seed, or the hands written out),
the dealer, the actions taken so far (as :class:`~pinochle_tutor.actions.Action` text,
``'bid 250'``, ``'pass'``, ``'trump H'``, ``'give AS 10H ...'``, ``'play KS'``, in turn
order), then the seat to act decides: the learner's **question**, the **answer** (an
action), the **choices** offered (default: every distinct legal card for a card play;
bidding the lowest bid or passing for a call; an exchange must list its choices), a
**level** (1 to 3) and a short **write-up**.

**The coach's check** (:func:`check_problem`), made when the bank is loaded: the
answer must be the coach's best choice by more than twice the standard error of every
other choice's loss, on the imagined deals of :mod:`pinochle_tutor.coach` (the card
play: :func:`~pinochle_tutor.coach.play.evaluate_play`; the call:
:func:`~pinochle_tutor.coach.bid.evaluate_bid`, bidding against passing; the
exchange: :func:`~pinochle_tutor.coach.exchange.evaluate_exchange` of the choices),
seeded by the problem's id, so the check is the same on every load. Two standard errors
alone would pass a near tie measured on many deals, so the answer must also beat every
other choice by at least :func:`min_margin` (:data:`MIN_MARGIN` trick points on the
250-point scale, scaled to the rule set's trick points): a learner is never marked wrong
for a choice that costs less than that. A problem that
fails it, or that cannot be read (an illegal action, a card not held), is refused with
a message naming its file and id and why; the rest of the file still loads, and a
teacher's bad problem never reaches a learner.

The bank is the ``*.toml`` files of ``exercises/problems/``; a teacher adds a file of
their own there (see ``exercises/README.md``).
"""

from __future__ import annotations

import logging
import os
import sys
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from pinochle_tutor.actions import Action, Bid, Give, Play
from pinochle_tutor.cards import Card, cards_text, parse_cards
from pinochle_tutor.coach.bid import evaluate_bid
from pinochle_tutor.coach.exchange import evaluate_exchange
from pinochle_tutor.coach.play import evaluate_play
from pinochle_tutor.course.quiz.vocabulary import QuizRule
from pinochle_tutor.deal import Deal
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain.coaching import PlayPrinciple, points
from pinochle_tutor.game import Hand
from pinochle_tutor.rules import RuleSet, rules_named
from pinochle_tutor.view import Phase, PlayerView, seat_name

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

__all__ = [
    "MIN_MARGIN",
    "PROBLEM_BID_SAMPLES",
    "PROBLEM_EXCHANGE_SAMPLES",
    "PROBLEM_PLAY_SAMPLES",
    "ChoiceValue",
    "Problem",
    "ProblemCheck",
    "ProblemError",
    "ProblemMark",
    "RefusedProblem",
    "Tip",
    "check_problem",
    "choice_words",
    "default_problem_dir",
    "describe_position",
    "load_problems",
    "mark_problem",
    "min_margin",
    "problem_entry",
    "problems_toml",
    "read_problems",
]

PROBLEM_PLAY_SAMPLES = 160
"""Imagined deals behind the check of a card-play problem."""
PROBLEM_BID_SAMPLES = 160
"""Imagined deals behind the check of a bidding problem."""
PROBLEM_EXCHANGE_SAMPLES = 96
"""Imagined deals behind the check of an exchange problem (every choice on all of them)."""
CLEAR = 2.0
"""How many standard errors every other choice must lose by."""
MIN_MARGIN = 2.0
"""How much every other choice must lose by at least, besides :data:`CLEAR` standard
errors: in trick points (or points of score) on the classic scale of 250 trick points a
hand. :func:`min_margin` scales it to a rule set's trick points."""
MARGIN_SCALE = 250
"""The trick points a hand :data:`MIN_MARGIN` is stated for (classic and three-handed)."""

_LOG = logging.getLogger(__name__)


class ProblemError(PinochleError):
    """A problem that cannot be used: not readable as a position, or refused by the
    coach's check. The message names the file and the problem."""


class Tip(Enum):
    """What a problem practises: a tip of the rules text's "Better decisions at the
    table", or the exchange."""

    COUNT_FIRST = "count_first"
    """Count what your hand can already score, then ask how it will capture the rest of
    the points the bid needs."""
    MELD_ALONE = "meld_alone"
    """Avoid bidding on meld alone: weak trump and few aces can leave the side short of
    counters."""
    EXPOSED_CARDS = "exposed_cards"
    """Remember the exposed cards: meld tells where cards are."""
    FEED_PARTNER = "feed_partner"
    """Feed your partner points when it is safe."""
    BOTH_COPIES = "both_copies"
    """Track both copies: seeing one ace played does not mean the other is gone."""
    POINTS_NOT_TRICKS = "points_not_tricks"
    """Distinguish winning tricks from winning points: capturing counters is what matters."""
    EXCHANGE = "exchange"
    """The exchange: what the partner passes and the declarer returns."""

    @property
    def title(self) -> str:
        """The tip as a page title says it."""
        return _TITLES[self]

    @property
    def seed_text(self) -> str:
        """The tip in the rules text's own words (the exchange: lesson 3's advice)."""
        return _SEED_TEXT[self]

    @property
    def rule(self) -> QuizRule:
        """The rule case a learner's answer is kept under (what the review brings back)."""
        return _RULE[self]

    @property
    def principle(self) -> PlayPrinciple | None:
        """The coach's play principle for a card-play tip (``None`` for the others)."""
        return _PRINCIPLE.get(self)

    @classmethod
    def parse(cls, value: Tip | str) -> Tip:
        """A tip from itself or its name; raises :class:`ProblemError` quoting ``value``."""
        if isinstance(value, Tip):
            return value
        try:
            return cls(str(value).strip().lower())
        except ValueError:
            names = ", ".join(t.value for t in cls)
            raise ProblemError(f"tip={value!r:.40} is not a tip: use one of {names}") from None


_TITLES = {
    Tip.COUNT_FIRST: "Count first",
    Tip.MELD_ALONE: "Not on meld alone",
    Tip.EXPOSED_CARDS: "Remember the exposed cards",
    Tip.FEED_PARTNER: "Feed your partner",
    Tip.BOTH_COPIES: "Track both copies",
    Tip.POINTS_NOT_TRICKS: "Points, not tricks",
    Tip.EXCHANGE: "The exchange",
}
_SEED_TEXT = {
    Tip.COUNT_FIRST: "Count what your hand can already score, then ask how it will capture "
    "the remaining points your bid requires.",
    Tip.MELD_ALONE: "Avoid bidding on meld alone. A large meld total helps, but weak trump "
    "and few aces can leave your team struggling to win counters.",
    Tip.EXPOSED_CARDS: "Remember the exposed cards. Meld gives you useful information.",
    Tip.FEED_PARTNER: "Feed your partner points when it is safe. If your partner's trick is "
    "secure and your legal choices allow it, contribute a counter instead of a worthless card.",
    Tip.BOTH_COPIES: "Track both copies. Seeing one ace played does not mean the other has "
    "disappeared. Duplicate cards change which leads are safe.",
    Tip.POINTS_NOT_TRICKS: "Distinguish winning tricks from winning points. A trick full of "
    "queens and jacks scores nothing unless it is the last trick. Capturing counters is what "
    "matters.",
    Tip.EXCHANGE: "As the partner, pass trump and aces and cards that may complete the "
    "declarer's meld; as the declarer, keep your meld and your trumps.",
}
_RULE = {
    Tip.COUNT_FIRST: QuizRule.BID_OPEN,
    Tip.MELD_ALONE: QuizRule.BID_PASS,
    Tip.EXPOSED_CARDS: QuizRule.PLAY_REMEMBER_EXPOSED_MELD,
    Tip.FEED_PARTNER: QuizRule.PLAY_FEED_PARTNER,
    Tip.BOTH_COPIES: QuizRule.PLAY_TRACK_BOTH_COPIES,
    Tip.POINTS_NOT_TRICKS: QuizRule.PLAY_SAVE_COUNTER,
    Tip.EXCHANGE: QuizRule.PASS_KEEP_MELD,
}
_PRINCIPLE = {
    Tip.EXPOSED_CARDS: PlayPrinciple.REMEMBER_EXPOSED_MELD,
    Tip.FEED_PARTNER: PlayPrinciple.FEED_PARTNER,
    Tip.BOTH_COPIES: PlayPrinciple.TRACK_BOTH_COPIES,
    Tip.POINTS_NOT_TRICKS: PlayPrinciple.POINTS_NOT_TRICKS,
}


@dataclass(frozen=True)
class Problem:
    """One problem deal (see the module text)."""

    id: str
    tip: Tip
    level: int
    rules: RuleSet
    dealer: int
    deal_seed: int | None
    hands: tuple[tuple[Card, ...], ...] | None
    kitty: tuple[Card, ...]
    actions: tuple[Action, ...]
    question: str
    answer: Action
    choices: tuple[Action, ...]
    writeup: str
    file: str = ""
    """The bank file it was read from (for messages)."""

    @property
    def name(self) -> str:
        """``'problem feed-1 in feed_partner.toml'``: how messages name it."""
        return f"problem {self.id!r}" + (f" in {self.file}" if self.file else "")

    def position(self) -> Hand:
        """The hand at the decision (a fresh replay each time). Raises
        :class:`ProblemError` naming the problem and the action that cannot be taken."""
        try:
            if self.hands is not None:
                h = Hand(self.dealer, self.rules, dealt=Deal(self.hands, self.kitty, self.dealer, self.rules))
            else:
                h = Hand(self.dealer, self.rules, seed=self.deal_seed)
        except PinochleError as e:
            raise ProblemError(f"{self.name}: the deal cannot be made: {e}") from None
        for n, action in enumerate(self.actions, 1):
            try:
                h.apply(action)
            except PinochleError as e:
                raise ProblemError(f"{self.name}: action {n} ({action.text!r}) cannot be taken: {e}") from None
        if h.to_act is None:
            raise ProblemError(f"{self.name}: after its actions nobody is to act")
        return h

    def view(self) -> PlayerView:
        """What the deciding seat sees."""
        h = self.position()
        seat = h.to_act
        assert seat is not None
        return h.view(seat)


@dataclass(frozen=True)
class ChoiceValue:
    """One choice with the coach's numbers: how much less than the best it scores."""

    choice: Action
    loss: float
    loss_stderr: float
    samples: int


@dataclass(frozen=True)
class ProblemCheck:
    """The coach's check of a problem: its best choice, and every choice's loss."""

    problem: Problem
    best: Action
    values: tuple[ChoiceValue, ...]
    """Every choice offered, best first."""
    unit: str
    """What the numbers count: ``'expected trick points'`` or ``'points of score'``."""

    @property
    def margin(self) -> float:
        """The least loss every other choice must show (:func:`min_margin` of the rules)."""
        return min_margin(self.problem.rules)

    def _clear(self, v: ChoiceValue) -> bool:
        return v.loss > CLEAR * v.loss_stderr and v.loss >= self.margin and v.loss > 0

    @property
    def passed(self) -> bool:
        """The answer is the best, and every other choice loses beyond :data:`CLEAR`
        standard errors of its loss and by at least :attr:`margin`."""
        return _same(self.best, self.problem.answer) and all(
            self._clear(v) for v in self.values if not _same(v.choice, self.best)
        )

    @property
    def reason(self) -> str:
        """Why the check failed (``''`` when it passed)."""
        if self.passed:
            return ""
        answer = self.problem.answer.text
        if not _same(self.best, self.problem.answer):
            mine = next((v for v in self.values if _same(v.choice, self.problem.answer)), None)
            by = f" by {points(mine.loss)} ± {points(mine.loss_stderr)}" if mine else ""
            return f"its answer {answer!r} is not the coach's best ({self.best.text!r} is, {by.strip()})"
        close = [v for v in self.values if not _same(v.choice, self.best) and not self._clear(v)]
        v = close[0]
        if v.loss > CLEAR * v.loss_stderr and v.loss > 0:
            return (
                f"its answer {answer!r} wins by too little: {v.choice.text!r} is only "
                f"{points(v.loss)} ± {points(v.loss_stderr)} {self.unit} worse, less than "
                f"the least margin of {points(self.margin)}"
            )
        return (
            f"its answer {answer!r} is not clearly best: {v.choice.text!r} is within "
            f"{points(v.loss)} ± {points(v.loss_stderr)} {self.unit}"
        )

    def lines(self) -> list[str]:
        """Each choice with the coach's numbers, best first."""
        out = []
        for v in self.values:
            tail = "the coach's choice" if _same(v.choice, self.best) else (
                f"{points(v.loss)} {self.unit} less (± {points(v.loss_stderr)})"
            )
            out.append(f"{choice_words(v.choice)}: {tail}")
        return out


@dataclass(frozen=True)
class RefusedProblem:
    """A problem of a bank file that is not offered, and why (naming file and id)."""

    file: str
    id: str
    message: str

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class ProblemMark:
    """A learner's choice, marked."""

    problem: Problem
    choice: Action
    right: bool
    check: ProblemCheck

    @property
    def text(self) -> str:
        """The verdict, the write-up and the coach's numbers."""
        head = (
            f"Right: {choice_words(self.choice)} is the coach's choice."
            if self.right
            else f"Not this time: the answer is {choice_words(self.problem.answer)}."
        )
        return " ".join([head, self.problem.writeup, "The coach's numbers:", "; ".join(self.check.lines()) + "."])


def min_margin(rules: RuleSet) -> float:
    """The least loss every other choice must show for a problem to pass (see the module
    text): :data:`MIN_MARGIN` scaled to ``rules.total_trick_points``, but never less than
    the smallest counter's trick points when that is below :data:`MIN_MARGIN` (a loss
    smaller than one counter of the double deck's 1-point scale is no lesson).

    >>> from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED
    >>> min_margin(CLASSIC), min_margin(THREE_HANDED), min_margin(DOUBLE_DECK)
    (2.0, 2.0, 1.0)
    """
    scaled = MIN_MARGIN * rules.total_trick_points / MARGIN_SCALE
    steps = [p for p in rules.counter_points if p > 0]
    step = min(steps) if steps else MIN_MARGIN
    return max(scaled, min(float(step), MIN_MARGIN))


def _same(a: Action, b: Action) -> bool:
    if isinstance(a, Give) and isinstance(b, Give):
        return sorted(a.cards) == sorted(b.cards)
    return a == b


def choice_words(a: Action) -> str:
    """A choice as the page names it: ``'A♥'``, ``'bid 250'``, ``'pass'``, ``'A♠ K♥ ...'``."""
    if isinstance(a, Play):
        return a.card.text
    if isinstance(a, Bid):
        return "pass" if a.amount is None else f"bid {a.amount}"
    if isinstance(a, Give):
        return cards_text(a.cards)
    return a.text


def _seed(problem: Problem) -> int:
    return zlib.crc32(f"problem:{problem.id}".encode())


def options(problem: Problem, view: PlayerView | None = None) -> tuple[Action, ...]:
    """The choices the learner is offered (see the module text)."""
    v = view if view is not None else problem.view()
    if problem.choices:
        return problem.choices
    if v.phase is Phase.PLAY:
        return tuple(Play(c) for c in dict.fromkeys(v.legal))
    if v.phase is Phase.AUCTION:
        return (Bid(v.min_bid), Bid(None))
    raise ProblemError(f"{problem.name}: an exchange problem lists its choices")


def check_problem(problem: Problem) -> ProblemCheck:
    """The coach's check (see the module text). Raises :class:`ProblemError` naming the
    problem when it is no position, its answer or a choice is not a legal action there,
    or its decision is one the coach does not evaluate."""
    view = problem.view()
    offered = options(problem, view)
    if not any(_same(problem.answer, c) for c in offered):
        raise ProblemError(f"{problem.name}: its answer {problem.answer.text!r} is not among its choices")
    h = problem.position()
    for c in offered:
        if not h.is_legal(c):
            raise ProblemError(f"{problem.name}: the choice {c.text!r} is not a legal action there")
    seed = _seed(problem)
    if view.phase is Phase.PLAY:
        cards = [c.card for c in offered if isinstance(c, Play)]
        ev = evaluate_play(view, samples=PROBLEM_PLAY_SAMPLES, seed=seed, candidates=cards)
        played: list[ChoiceValue] = []
        for card in cards:
            e = ev.evaluation(card)
            assert e is not None
            played.append(ChoiceValue(Play(card), e.loss, e.loss_stderr, ev.samples))
        played.sort(key=lambda v: v.loss)
        return ProblemCheck(problem, Play(ev.best), tuple(played), "expected trick points")
    if view.phase is Phase.AUCTION:
        bev = evaluate_bid(view, samples=PROBLEM_BID_SAMPLES, seed=seed)
        low = bev.min_bid
        gain, se = bev.gain(low), bev.gain_stderr(low)
        bid, passing = Bid(low), Bid(None)
        best, other = (bid, passing) if gain >= 0 else (passing, bid)
        calls = (ChoiceValue(best, 0.0, 0.0, bev.samples), ChoiceValue(other, abs(gain), se, bev.samples))
        return ProblemCheck(problem, best, calls, "points of score")
    if view.phase in (Phase.PASS, Phase.RETURN, Phase.DISCARD):
        gifts = [c.cards for c in offered if isinstance(c, Give)]
        xev = evaluate_exchange(
            view, include=gifts, samples=PROBLEM_EXCHANGE_SAMPLES,
            screen=PROBLEM_EXCHANGE_SAMPLES, variants=False, seed=seed,
        )  # fmt: skip
        keyed = {tuple(sorted(a.cards)): a for a in xev.alternatives}
        xvalues = [ChoiceValue(Give(tuple(sorted(g))), keyed[tuple(sorted(g))].loss,
                               keyed[tuple(sorted(g))].loss_stderr, xev.samples) for g in gifts]  # fmt: skip
        xvalues.sort(key=lambda v: v.loss)
        best_cards = tuple(sorted(xev.best))
        return ProblemCheck(problem, Give(best_cards), tuple(xvalues), "points of score")
    raise ProblemError(
        f"{problem.name}: the coach evaluates a card play, a call or an exchange, "
        f"not {view.phase.value}"
    )


def mark_problem(problem: Problem, check: ProblemCheck, choice: Action | str) -> ProblemMark:
    """The learner's ``choice`` (an action or its text) marked against the answer.
    Raises :class:`ProblemError` quoting a choice that is not one offered."""
    try:
        act = choice if isinstance(choice, Action) else Action.parse(choice)
    except PinochleError as e:
        raise ProblemError(str(e)) from None
    if not any(_same(act, c) for c in options(problem)):
        raise ProblemError(f"{act.text!r} is not one of this problem's choices")
    return ProblemMark(problem, act, _same(act, problem.answer), check)


# ------------------------------------------------------------------ position words


def describe_position(view: PlayerView) -> str:
    """What the deciding seat knows, in words, a line each: the deal and the auction,
    trump and the contract, the meld shown, each trick, the trick so far, the hand
    (never a hidden card)."""
    r = view.rules
    me = view.seat

    def who(s: int) -> str:
        n = seat_name(s, me, r)
        return "you" if n == "You" else ("your partner" if n == "Partner" else f"your {n.lower()}")

    lines = []
    dealer = who(view.dealer)
    head = f"{'You' if dealer == 'you' else dealer[0].upper() + dealer[1:]} dealt."
    if view.auction:
        calls = ", ".join(f"{who(s)} {'passed' if a is None else f'bid {a}'}" for s, a in view.auction)
        head += f" The auction so far: {calls}."
    lines.append(head)
    if view.declarer is not None and view.contract is not None:
        named = f" and named {view.trump.plural} trump" if view.trump is not None else ""
        lines.append(f"{who(view.declarer).capitalize()} won the auction at {view.contract}{named}.")
    if view.melds:
        shown = [f"{who(s)} {m.total} ({cards_text(m.shown_cards)})" for s, m in enumerate(view.melds) if m.total]
        if shown:
            lines.append("Meld shown: " + "; ".join(shown) + ".")
    for n, t in enumerate(view.tricks, 1):
        played = ", ".join(f"{who(s)} {c.text}" for s, c in zip(t.seats, t.cards, strict=True))
        lines.append(f"Trick {n}: {played}; {who(t.winner)} won it.")
    if view.phase is Phase.PLAY:
        if view.trick:
            so_far = ", ".join(f"{who(s)} {c.text}" for s, c in zip(view.trick_seats, view.trick, strict=True))
            lines.append(f"This trick so far: {so_far}.")
        else:
            lines.append("You lead this trick.")
    if view.received:
        lines.append(f"Your partner passed you {cards_text(view.received)}.")
    lines.append(f"Your hand: {cards_text(view.hand)}.")
    return "\n".join(lines)


# ------------------------------------------------------------------ the bank


def default_problem_dir() -> Path:
    """``$PINOCHLE_TUTOR_PROBLEMS`` if set, else ``exercises/problems`` (found from the
    working directory upward, or beside the site's ``practice`` folder)."""
    env = os.environ.get("PINOCHLE_TUTOR_PROBLEMS")
    if env:
        return Path(env)
    here = Path.cwd().resolve()
    for folder in (here, *here.parents):
        for candidate in (folder / "exercises" / "problems", folder / "practice" / "problems", folder / "problems"):
            if candidate.is_dir():
                return candidate
    return here / "problems"


_KEYS = {"id", "tip", "level", "rule_set", "dealer", "deal_seed", "hands", "kitty", "actions",
         "question", "answer", "choices", "writeup"}  # fmt: skip


def _problem(entry: Mapping[str, Any], file: str) -> Problem:
    pid = entry.get("id")
    if not isinstance(pid, str) or not pid.strip():
        raise ProblemError(f"a problem in {file} has no id (give each [[problem]] an id = \"...\")")
    where = f"problem {pid!r} in {file}"
    unknown = sorted(set(entry) - _KEYS)
    if unknown:
        raise ProblemError(f"{where}: unknown field(s) {', '.join(unknown)}")

    def need(key: str) -> Any:
        if key not in entry:
            raise ProblemError(f"{where}: the field {key!r} is missing")
        return entry[key]

    try:
        tip = Tip.parse(need("tip"))
        rules = rules_named(str(entry.get("rule_set", "classic")))
        level = entry.get("level", 1)
        if isinstance(level, bool) or level not in (1, 2, 3):
            raise ProblemError(f"level={level!r}: levels are 1, 2 and 3")
        dealer = entry.get("dealer", 0)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < rules.players:
            raise ProblemError(f"dealer={dealer!r}: a seat from 0 to {rules.players - 1}")
        hands = None
        kitty: tuple[Card, ...] = ()
        seed = entry.get("deal_seed")
        if "hands" in entry:
            raw = entry["hands"]
            if not isinstance(raw, list) or len(raw) != rules.players:
                raise ProblemError(f"hands: give {rules.players} hands as text")
            hands = tuple(tuple(parse_cards(str(h))) for h in raw)
            kitty = tuple(parse_cards(str(entry.get("kitty", ""))))
        elif isinstance(seed, bool) or not isinstance(seed, int):
            raise ProblemError(f"deal_seed={seed!r}: give a whole number, or the hands")
        actions = tuple(Action.parse(str(a)) for a in entry.get("actions", []))
        choices = tuple(Action.parse(str(a)) for a in entry.get("choices", []))
        answer = Action.parse(str(need("answer")))
        question, writeup = str(need("question")).strip(), str(need("writeup")).strip()
    except PinochleError as e:
        raise ProblemError(f"{where}: {e}") from None
    return Problem(pid.strip(), tip, level, rules, dealer, seed if hands is None else None, hands,
                   kitty, actions, question, answer, choices, writeup, file)  # fmt: skip


def read_problems(path: str | os.PathLike[str]) -> tuple[list[Problem], list[RefusedProblem]]:
    """The problems of one bank file, read (not yet checked by the coach), and those
    that cannot be read. Never raises."""
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        return [], [RefusedProblem(p.name, "", f"{p.name} cannot be read as a problem file: {e}")]
    entries = data.get("problem", [])
    if not isinstance(entries, list):
        return [], [RefusedProblem(p.name, "", f"{p.name}: write each problem as a [[problem]] table")]
    good: list[Problem] = []
    bad: list[RefusedProblem] = []
    for entry in entries:
        try:
            if not isinstance(entry, dict):
                raise ProblemError(f"{p.name}: a problem must be a [[problem]] table")
            good.append(_problem(entry, p.name))
        except ProblemError as e:
            pid = entry.get("id", "") if isinstance(entry, dict) else ""
            bad.append(RefusedProblem(p.name, str(pid), str(e)))
    return good, bad


def load_problems(
    folder: str | os.PathLike[str] | None = None,
    tips: Iterable[Tip | str] | None = None,
) -> tuple[list[tuple[Problem, ProblemCheck]], list[RefusedProblem]]:
    """Every problem of the bank files in ``folder`` (default
    :func:`default_problem_dir`) for ``tips`` (default: all), each checked by the coach:
    those that pass, with their check, and those refused, each with a message naming
    its file and id (also logged). Never raises."""
    root = Path(folder) if folder is not None else default_problem_dir()
    wanted = {Tip.parse(t) for t in tips} if tips is not None else set(Tip)
    good: list[tuple[Problem, ProblemCheck]] = []
    refused: list[RefusedProblem] = []
    for path in sorted(root.glob("*.toml")) if root.is_dir() else []:
        problems, bad = read_problems(path)
        refused += bad
        for problem in problems:
            if problem.tip not in wanted:
                continue
            try:
                check = check_problem(problem)
            except ProblemError as e:
                refused.append(RefusedProblem(problem.file, problem.id, str(e)))
                continue
            if check.passed:
                good.append((problem, check))
            else:
                refused.append(RefusedProblem(problem.file, problem.id, f"{problem.name}: refused: {check.reason}"))
    for r in refused:
        _LOG.warning("problem bank: %s", r.message)
    good.sort(key=lambda pc: (pc[0].level, pc[0].file, pc[0].id))
    return good, refused


def problems_toml(entries: Iterable[Mapping[str, Any]]) -> str:
    """Bank entries (:func:`problem_entry`) written as ``[[problem]]`` tables of a bank file."""

    def val(v: Any) -> str:
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if isinstance(v, list):
            return "[" + ", ".join(val(x) for x in v) + "]"
        return str(v)

    return "\n".join(
        "[[problem]]\n" + "".join(f"{k} = {val(v)}\n" for k, v in e.items()) for e in entries
    )


def problem_entry(problem: Problem) -> dict[str, Any]:
    """A problem as a bank entry (the finder script writes these)."""
    out: dict[str, Any] = {"id": problem.id, "tip": problem.tip.value, "level": problem.level}
    if problem.rules.name != "classic":
        out["rule_set"] = problem.rules.name
    out["dealer"] = problem.dealer
    if problem.hands is not None:
        out["hands"] = [" ".join(c.code for c in h) for h in problem.hands]
    else:
        out["deal_seed"] = problem.deal_seed
    out["actions"] = [a.text for a in problem.actions]
    if problem.choices:
        out["choices"] = [a.text for a in problem.choices]
    out.update(question=problem.question, answer=problem.answer.text, writeup=problem.writeup)
    return out
