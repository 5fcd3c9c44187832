"""Nothing is asked before it is taught (issue 45, item 6).

Each page of the outline keeps the terms it teaches first
(:data:`~pinochle_tutor.course.mastery.LESSON_TEACHES`). Walking the outline in order,
a lesson may use the terms of its own page and of the pages before it, never one a later
lesson teaches, in:

* the lesson notebook: its Markdown cells, the sentences its ``text("id")`` cells show
  from its prose file (and any ``say(...)`` cell) under the rules in force, its worked
  examples' steps, its understanding checks (question, choices, verdicts) and the questions of a quiz on its page;
* its mastery set (fresh questions over many seeds): each question's prompt, its
  second-try hint, what the screen says to do, and the verdict on the right answer
  and on each answer a button offers (not for the questions the coach judges, the
  card to play, the cards to pass and the bid: their verdicts are the coach's
  evaluation, seconds each);
* its practice pages (:data:`pinochle_widgets.navigation.PRACTICE`): their Markdown and
  ``text("id")`` sentences and the questions of their quizzes, as for the mastery set.

Under the three rule sets, whose pages say different things (three-handed: the kitty,
no partner). A prompt's opening naming the rule set in force ("Double deck: ") is the
site's, not a term. Widgets that draw a game (the deck explorer, the trick checker,
the table) and the reference pages (the glossary, the rules on one page) are not read.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from pinochle_tutor.cards import Card, Suit, parse_cards
from pinochle_tutor.course import worked
from pinochle_tutor.course.content import prose
from pinochle_tutor.course.glossary import TERMS
from pinochle_tutor.course.lesson_facts import lesson_values
from pinochle_tutor.course.mastery import LESSON_CASES, LESSON_TEACHES, plan_mastery_set
from pinochle_tutor.course.quiz import QuizItem, QuizKind
from pinochle_tutor.course.quiz.kind import AnswerInput
from pinochle_tutor.course.quiz.kinds import PassQuiz, spec_for
from pinochle_tutor.course.quiz.marking import InvalidAnswerError
from pinochle_tutor.course.quiz.round import plan_round
from pinochle_tutor.meld import meld
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED, RuleSet
from pinochle_widgets.lesson import COURSE, PLAY_PAGES, REFERENCE_PAGES
from pinochle_widgets.navigation import PRACTICE

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
RULE_SETS = (CLASSIC, DOUBLE_DECK, THREE_HANDED)
OUTLINE = [e.file for e in COURSE if e.file not in (*REFERENCE_PAGES, *PLAY_PAGES)]
"""The pages walked, in the outline's order."""

MASTERY_SEEDS = range(24)
JUDGED_SEEDS = range(3)
"""Lessons whose sets hold questions the coach judges (seconds each to make): fewer."""
PRACTICE_SEEDS = range(3)
JUDGED = frozenset({QuizKind.PLAY, QuizKind.PASS, QuizKind.BID})
"""Kinds whose verdict is the coach's evaluation: their prompts and hints are read,
not their verdicts."""

TERM_PATTERNS: dict[str, str] = {
    "meld": r"\bmeld",
    "trick": r"\btricks?\b",
    "partner": r"\bpartners?\b",
    "counters": r"\bcounters?\b",
    "trick points": r"\btrick points?\b",
    "last trick": r"\blast trick\b",
    "auction": r"\bauctions?\b",
    "bid": r"\bbid(?:s|der|ders|ding)?\b",
    "declarer": r"\bdeclarer",
    "contract": r"\bcontracts?\b",
    "stuck dealer": r"\bstuck\b",
    "kitty": r"\bkitty\b",
    "trump": r"\btrump",
    "exchange": r"\bexchange",
    "pass (the exchange)": (
        r"partner's pass\b|\bpass(?:es|ed|ing)? (?:\d+ |four |three |those |these |the |your |some )?"
        r"cards\b|\bcards? (?:just )?(?:passed|received)\b"
    ),
    "defenders": r"\bdefenders?\b",
    "discard": r"\bdiscard",
    "run": r"\b(?:double |triple |quadruple )?runs?\b",
    "royal marriage": r"\broyal marriages?\b",
    "marriage": r"\bmarriages?\b",
    "dix": r"\bdix\b",
    "around": r"\baround\b",
    "pinochle": r"(?-i:\bpinochles?\b)",
    "double": r"\bdouble (?:run|pinochle|aces|kings|queens|jacks|meld|around)",
    "triple": r"\btriple\b",
    "quadruple": r"\bquadruple\b",
    "lead": r"\blead(?:s|ing)?\b|\bled\b",
    "follow suit": r"\bfollow(?:s|ed|ing)? (?:the )?(?:led )?suit\b",
    "over-trump": r"\bover-?trump",
    "set": r"\b(?:is|are|be|been|being|were|was) set\b|\*\*set\*\*",
    "meld save": r"\bmeld save\b",
    "conceding": r"\bconced",
    "feed": r"\bfeed",
    "secure": r"\bsecure\b",
    "exposed cards": r"\bexposed\b",
    "common practice": r"\bcommon practice\b",
    "draw trump": r"\b(?:draw|draws|drawing|drawn) (?:the opponents' )?trumps?\b",
    "sure winner": r"\bsure winners?\b",
    "void": r"\bvoids?\b",
    "cash": r"\bcash(?:es|ed|ing)?\b",
    "margin of error": r"\bmargin of error\b",
    "guard": r"\bguard(?:s|ed)?\b",
    "side": r"\b(?:your|their|our|one|each|other|the declaring|the defending|a) sides?\b",
    "imagined deals": r"\bimagined deals?\b",
    "playable": r"\bplayable\b",
    "clear mistake": r"\bclear mistakes?\b",
    "small loss": r"\bsmall loss(?:es)?\b",
}
"""How each term of :data:`LESSON_TEACHES` is found in a sentence (case aside): its word
and forms, and for a word with two senses only the sense taught (the exchange's pass:
"passes 4 cards", "the partner's pass", not the auction's pass; the pinochle meld, in
lower case, not the game; a double meld, not the double deck)."""


def teaching_lesson() -> dict[str, str]:
    return {term: page for page, terms in LESSON_TEACHES.items() for term in terms}


def found_terms(text: str) -> set[str]:
    """The terms of :data:`TERM_PATTERNS` ``text`` uses (a royal marriage is not also a
    marriage; an over-trump is also trump)."""
    found = {t for t, pat in TERM_PATTERNS.items() if re.search(pat, text, re.IGNORECASE)}
    if "royal marriage" in found and not re.search(
        r"(?<!royal )\bmarriages?\b", text, re.IGNORECASE
    ):
        found.discard("marriage")
    return found


# ------------------------------------------------------------------ what a page says


def _rules_name(rules: RuleSet) -> str:
    return rules.name


def _format(text: str, rules: RuleSet) -> str:
    return text.format(**lesson_values(rules))


def _literal(node: ast.AST) -> str | None:
    try:
        value = ast.literal_eval(node)
    except ValueError:
        return None
    return value if isinstance(value, str) else None


def _call_name(node: ast.Call) -> str:
    f = node.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _evaluate(node: ast.AST, rules: RuleSet, names: dict[str, Any] | None = None) -> Any:
    """A cell's expression, with the names a lesson's cells use (``R``: the rules in force)."""
    code = compile(ast.Expression(node), "<cell>", "eval")  # type: ignore[arg-type]
    scope = {"worked": worked, "R": rules, "CLASSIC": CLASSIC, "DOUBLE_DECK": DOUBLE_DECK,
             "THREE_HANDED": THREE_HANDED, **(names or {})}  # fmt: skip
    return eval(code, scope)  # the course's own cells, read from its notebooks


def _worked_texts(value: Any) -> Iterator[str]:
    if isinstance(value, worked.WorkedExample):
        yield value.title
        yield from (s.text for s in value.steps)
    elif isinstance(value, worked.CheckQuestion):
        yield value.question
        yield from value.choices
        yield value.why
        yield from value.wrong.values()


@dataclass(frozen=True)
class Quiz:
    """A quiz on a page: the arguments of its ``QuizRunner(...)``."""

    kind: str | None
    level: int | None
    source: str
    count: int
    rules: RuleSet | str | None


def _quiz(node: ast.Call, rules: RuleSet) -> Quiz:
    args = [_evaluate(a, rules) for a in node.args]
    kw = {k.arg: _evaluate(k.value, rules) for k in node.keywords if k.arg}
    names = ["kind", "level", "source", "count"]
    given = dict(zip(names, args, strict=False)) | {k: v for k, v in kw.items() if k in names}
    return Quiz(
        given.get("kind"), given.get("level"), given.get("source", "bank"),
        given.get("count", 10), kw.get("rules"),
    )  # fmt: skip


@cache
def _cells(path: Path) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return cells


def _page_of(path: Path) -> str:
    """The outline's name of a notebook: ``06_scoring.ipynb``, ``practice/20_what_to_pass.ipynb``."""
    return f"practice/{path.name}" if path.parent.name in ("practice", "exercises") else path.name


def page_texts(path: Path, rules: RuleSet) -> tuple[list[str], list[Quiz]]:
    """The sentences a page shows under ``rules`` and the quizzes it holds."""
    texts: list[str] = []
    quizzes: list[Quiz] = []
    names: dict[str, Any] = {}
    for cell in _cells(path):
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            texts.append(source)
            continue
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
                if isinstance(target, ast.Name) and _literal(node.value) is not None:
                    names[target.id] = _literal(node.value)
            if not isinstance(node, ast.Call):
                continue
            name = _call_name(node)
            if name == "say":
                said = rules if len(node.args) < 2 else _evaluate(node.args[1], rules)
                text = _literal(node.args[0])
                alone = next((_literal(k.value) for k in node.keywords if k.arg == "alone"), None)
                chosen = alone if alone is not None and not said.partnerships else text
                if chosen is not None:
                    texts.append(_format(chosen, said))
            elif name == "text" and node.args:
                said = rules if len(node.args) < 2 else _evaluate(node.args[1], rules)
                passage = _literal(node.args[0])
                if passage is not None:
                    texts.append(prose(_page_of(path)).passage(passage).under(said))
            elif name in ("WorkedStepper", "UnderstandingCheck") and node.args:
                texts.extend(_worked_texts(_evaluate(node.args[0], rules, names)))
            elif name == "QuizRunner":
                quizzes.append(_quiz(node, rules))
    return texts, quizzes


def _offered(item: QuizItem) -> list[str]:
    """The answers a button offers (none for a typed answer or cards to click)."""
    screen = spec_for(item).screen(item)
    how = screen.answer_input
    if how is AnswerInput.YES_NO:
        return ["yes", "no"]
    if how is AnswerInput.CHOICE:
        return list(screen.choices)
    if how is AnswerInput.PLACE:
        return [str(n) for n in range(1, len(screen.trick) + 1)]
    return []


def item_texts(item: QuizItem) -> Iterator[str]:
    """What a learner reads of a question: the prompt (without the rule set's name),
    the hint, the screen's instructions, and (for a kind the engine marks) the verdict
    on the right answer and on each answer a button offers."""
    spec = spec_for(item)
    yield item.prompt.removeprefix(item._rules_prefix)
    yield spec.hint(item)
    yield spec.screen(item).instructions
    if item.kind in JUDGED:
        return
    for answer in [spec.answer_text(item), *_offered(item)]:
        try:
            mark = spec.mark(item, answer, spec.parse(item, answer))
        except InvalidAnswerError:
            continue
        yield mark.correct
        yield mark.explanation


# ------------------------------------------------------------------ the walk


@dataclass(frozen=True)
class Early:
    """A term used before the lesson that teaches it."""

    where: str
    term: str
    taught_in: str
    text: str


def _early(where: str, texts: list[str], allowed: set[str]) -> Iterator[Early]:
    taught = teaching_lesson()
    for text in texts:
        for term in sorted(found_terms(text) - allowed):
            yield Early(where, term, taught[term], " ".join(text.split())[:200])


def allowed_at(page: str) -> set[str]:
    """The terms taught by ``page`` and the pages before it in the outline."""
    out: set[str] = set()
    for p in OUTLINE[: OUTLINE.index(page) + 1]:
        out.update(LESSON_TEACHES.get(p, ()))
    return out


def _quiz_items(quiz: Quiz, rules: RuleSet, seed: int) -> list[QuizItem]:
    """The questions of ``quiz`` for ``seed``; of a kind the coach judges (a bidding
    question simulates deals for seconds, a minute in the double deck), one question of
    the first seed: its prompt and hint are written from one template."""
    kind = QuizKind.parse(quiz.kind) if quiz.kind else None
    if kind in JUDGED and seed != PRACTICE_SEEDS[0]:
        return []
    count = 1 if kind in JUDGED else quiz.count
    return list(
        plan_round(quiz.kind, quiz.level, quiz.source, count, seed, rules=quiz.rules or rules)
    )


def lesson_early(page: str, rules: RuleSet) -> list[Early]:
    allowed = allowed_at(page)
    out: list[Early] = []
    texts, quizzes = page_texts(LESSONS / page, rules)
    out += _early(page, texts, allowed)
    for quiz in quizzes:
        for seed in PRACTICE_SEEDS:
            for item in _quiz_items(quiz, rules, seed):
                out += _early(f"{page} quiz {item.id}", list(item_texts(item)), allowed)
    if page in LESSON_CASES:
        judged = {r.kind for r in LESSON_CASES[page]} & JUDGED
        for seed in JUDGED_SEEDS if judged else MASTERY_SEEDS:
            for item in plan_mastery_set(page, seed, rules):
                out += _early(f"{page} mastery {item.id}", list(item_texts(item)), allowed)
    for practice in PRACTICE.get(page, ()):
        texts, quizzes = page_texts(LESSONS / "practice" / practice, rules)
        out += _early(f"practice/{practice}", texts, allowed)
        for quiz in quizzes:
            for seed in PRACTICE_SEEDS:
                for item in _quiz_items(quiz, rules, seed):
                    out += _early(f"practice/{practice} {item.id}", list(item_texts(item)), allowed)
    return out


# ------------------------------------------------------------------ the tests


def test_every_term_has_a_pattern_and_one_teaching_page() -> None:
    terms = [t for ts in LESSON_TEACHES.values() for t in ts]
    assert len(terms) == len(set(terms)), "a term is taught by one page"
    assert set(terms) == set(TERM_PATTERNS)
    assert set(LESSON_TEACHES) <= set(OUTLINE)


def test_every_glossary_term_is_taught_by_a_lesson() -> None:
    assert {t.word.text for t in TERMS} <= set(teaching_lesson())


@pytest.mark.parametrize("page", [p for p in OUTLINE if LESSON_TEACHES.get(p)])
def test_each_page_says_the_terms_it_teaches(page: str) -> None:
    """The data is read from the lessons: each term a page claims to teach is in its
    own text under some rule set."""
    said = set()
    for rules in RULE_SETS:
        texts, _ = page_texts(LESSONS / page, rules)
        said |= found_terms("\n".join(texts))
    assert set(LESSON_TEACHES[page]) <= said, set(LESSON_TEACHES[page]) - said


def test_the_finder_tells_the_senses_apart() -> None:
    assert found_terms("A pass is final: once you pass, you are out.") == set()
    assert "pass (the exchange)" in found_terms("and receives the partner's pass")
    assert "pass (the exchange)" in found_terms("The partner passes 4 cards face down.")
    assert found_terms("A Pinochle deck has no 2s") == set()
    assert found_terms("a pinochle: Q♠ and J♦") == {"pinochle"}
    assert found_terms("K Q of trump: a royal marriage") == {"trump", "royal marriage"}
    assert "double" not in found_terms("Double deck: four copies")
    assert "lead" in found_terms("1st K♠ (led)")
    # A deliberately early sentence is caught: lesson 1 may not name trump.
    assert [e.term for e in _early("x", ["Clubs are trump."], allowed_at("01_the_deck.ipynb"))] == [
        "trump"
    ]


@pytest.mark.parametrize("rules", RULE_SETS, ids=_rules_name)
@pytest.mark.parametrize("page", OUTLINE)
def test_nothing_is_used_before_it_is_taught(page: str, rules: RuleSet) -> None:
    early = lesson_early(page, rules)
    once = {(e.where.split(" ")[0], e.term, e.text[:60]): e for e in early}.values()
    shown = "\n".join(
        f"- {e.where}: '{e.term}' (taught in {e.taught_in}): {e.text}" for e in list(once)[:40]
    )
    assert not early, f"{len(early)} uses before the lesson that teaches them:\n{shown}"


def _gives_up_meld(item: PassQuiz) -> str:
    """An answer to ``item`` that gives up the most meld: the cards of its biggest meld
    line first, then the hand's other cards, as many as the question asks for."""
    hand = list(item.hand)
    lines = sorted(meld(hand, item.trump, item.rule_set).items, key=lambda m: -m.points)
    given: list[Card] = []
    for c in [c for m in lines[:1] for c in m.cards] + hand:
        if len(given) < item.size and given.count(c) < hand.count(c):
            given.append(c)
    return ", ".join(c.text for c in given)


def exchange_before_meld() -> list[tuple[str, PassQuiz]]:
    """The exchange questions of the pages before the meld is named (lesson 3 and its
    practice page: where 'run' is not yet taught), one set of each (seed 0)."""
    out: list[tuple[str, PassQuiz]] = []
    for rules in RULE_SETS:
        for page in [p for p in OUTLINE if "run" not in allowed_at(p)]:
            items: list[QuizItem] = (
                list(plan_mastery_set(page, 0, rules)) if page in LESSON_CASES else []
            )
            for path in [LESSONS / page] + [
                LESSONS / "practice" / q for q in PRACTICE.get(page, ())
            ]:
                for quiz in page_texts(path, rules)[1]:
                    if quiz.kind == QuizKind.PASS.value:
                        items += _quiz_items(quiz, rules, PRACTICE_SEEDS[0])
            out += [(page, i) for i in items if isinstance(i, PassQuiz)]
    return out


@pytest.mark.parametrize("rules", RULE_SETS, ids=_rules_name)
def test_a_page_that_says_how_the_coach_marks_says_playable_too(rules: RuleSet) -> None:
    """A sentence telling how the coach marks a choice ("a choice as good as its best,
    within the error of that estimate, is right") names the third verdict its questions
    can get, *playable* (issue 45, item 3): lesson 3's said only "right; otherwise ...",
    while its set marks a return that gives back meld the coach keeps "Playable, but
    it breaks the rule of thumb 'keep your meld'"."""
    pages = [LESSONS / p for p in OUTLINE] + [
        LESSONS / "practice" / q for qs in PRACTICE.values() for q in qs
    ]
    told = []
    for path in pages:
        for text in page_texts(path, rules)[0]:
            if re.search(
                r"within the error of that estimate,\s+is right"
                r"|as well as its best, on average, is right",
                text,
            ):
                told.append(path.name)
                assert "playable" in text, (path.name, text)
    assert "03_trump_and_exchange.ipynb" in told, told


@pytest.mark.parametrize("rules", RULE_SETS, ids=_rules_name)
def test_what_an_exchange_gives_up_is_said_by_its_cards(rules: RuleSet) -> None:
    """The words an exchange verdict uses for the meld an answer gives up (a run, aces
    around, a pinochle, a dix, a marriage: every line this hand holds) name its cards
    and points, no meld term lesson 4 teaches: lesson 3 asks the exchange."""
    from pinochle_tutor.explain.exchange_advice import ExchangePrinciple, given_up

    hand = list(parse_cards("AH 10H KH QH JH AS AD AC QS JD KD QD KC QC JS JC"))
    size = rules.kitty_size if rules.has_kitty else rules.exchange_size
    given = [c for c in parse_cards("AH QS JD KD QD KC") if c in hand][:size]
    up = given_up(ExchangePrinciple.KEEP_MELD, hand, given, Suit.HEARTS, rules, "return")
    assert len(up.meld) >= 2, up.meld  # the check reads several meld lines
    said = up.text
    assert said.startswith("gives up the meld in ") and "A♥ 10♥ K♥ Q♥ J♥" in said, said
    assert not found_terms(said) - allowed_at("03_trump_and_exchange.ipynb"), said


def test_the_exchange_feedback_before_the_meld_lesson_names_no_meld() -> None:
    """Lesson 3 asks which cards to pass, return or discard, and the coach's verdict
    says what an answer gives up; the walk above reads the prompts and hints of such
    questions, not the verdicts (the coach's evaluation, seconds each), so here they
    are read for the pages before the meld lesson, on the coach's cards and on cards
    that give up the most meld. The verdict named the meld given up ("gives up your
    run (A♥ 10♥ K♥ Q♥ J♥, 150)") before lesson 4 teaches what a run is."""
    questions = exchange_before_meld()
    assert {page for page, _ in questions} == {"03_trump_and_exchange.ipynb"}
    early: list[Early] = []
    said: list[str] = []
    for page, item in questions:
        spec = spec_for(item)
        coachs = ", ".join(c.text for c in spec.answer(item))
        for answer in (coachs, _gives_up_meld(item)):
            mark = spec.mark(item, answer, spec.parse(item, answer))
            said.append(mark.explanation)
            early += _early(
                f"{page} {item.rule_set.name} {item.id}", [mark.explanation], allowed_at(page)
            )
    shown = "\n".join(
        f"- {e.where}: '{e.term}' (taught in {e.taught_in}): {e.text}" for e in early[:20]
    )
    assert not early, f"{len(early)} uses before the lesson that teaches them:\n{shown}"
    assert any(re.search(r"gives up .*meld", t) for t in said), "no answer gave up meld"


def test_a_trick_of_one_suit_is_asked_without_trump() -> None:
    from pinochle_tutor.course.quiz.kinds.winner import WinnerQuiz

    one = WinnerQuiz(
        id="w", trick=tuple(parse_cards("QS 10S AS AS")), trump=Suit.HEARTS, rule_set=CLASSIC
    )
    spec = spec_for(one)
    texts = [one.prompt, spec.hint(one), spec.mark(one, "3", 2).explanation]
    assert not any(re.search(r"trump|\bled\b", t) for t in texts), texts
    assert "all spades" in one.prompt and "Every card is a spade" in texts[2]
    assert spec.answer(one) == 2  # the first of the two aces
    mixed = WinnerQuiz(
        id="w", trick=tuple(parse_cards("QS 10S AH AS")), trump=Suit.HEARTS, rule_set=CLASSIC
    )
    assert mixed.prompt.startswith("Hearts are trump.") and "(led)" in mixed.prompt
    # All trump: trump is said, though the ranks alone decide.
    trumps = WinnerQuiz(
        id="w", trick=tuple(parse_cards("QH 10H AH 9H")), trump=Suit.HEARTS, rule_set=CLASSIC
    )
    assert trumps.prompt.startswith("Hearts are trump.")
