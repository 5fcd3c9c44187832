"""A learner who only guesses does not master a lesson (issue 45, item 5).

A lesson is mastered by :data:`~pinochle_tutor.classroom.mastery.NEEDED` of the
:data:`~pinochle_tutor.classroom.mastery.SET_SIZE` questions of one mastery set right on
the first try (a right answer after a hint does not count:
:func:`~pinochle_tutor.classroom.mastery.lesson_mastery` counts ``first_try``). For each
question this file works out, by itself, the chance that a learner who picks uniformly
among the answers the question's :class:`~pinochle_tutor.course.quiz.kind.Screen`
offers is marked right, asking the question's own kind to mark every answer offered:

* Yes / No, a seat button, a card's place in a trick, one card of the hand to click:
  every answer offered is marked; the chance is the share marked right (several cards
  can be right where the coach accepts them).
* Cards of the hand to click, any number of them ("which cards may you play?"): one
  set of the ``2**k - 1`` the ``k`` distinct cards make is right.
* A bid box beside a Pass button: the guesser presses Pass or types a number; the
  chance is half the chance that Pass is right (a typed number: see the next point).
* A number typed in a box (meld, a score, a count of cards, the lowest bid): the
  chance of typing the right number is taken as negligible (0): a guess is one of
  too many numbers. A box that takes a few words instead is a choice among them: who
  has won the game (each side, or nobody); the lowest bid a seat may make, or
  ``'none'`` (a guess types ``'none'`` half the time, else a number).
* A set of cards to give (the pass, the return, the discard), which the coach judges
  by playing each choice out on imagined deals: it often accepts several choices
  (8 passes of 4 from 12 cards, 30 random choices each: from 1 to 12 of the 30
  accepted), and judging every choice (495 to 4845 of them, a simulation each) is out
  of a test's reach. Such a question counts as 1, an upper bound: a set may hold them
  only beside questions a guesser cannot pass.

The chance of mastering is then exactly the chance that at least ``NEEDED`` of the
set's questions are right, each with its own chance, independently
(:func:`chance_of_mastery`, worked out over every outcome). Over many drawn sets (the
seeds of :data:`SEEDS`; fewer for the lessons whose questions the coach judges, whose
making takes seconds) the **worst set drawn** must stay under :data:`LIMIT`, under every
rule set: classic, double deck, three-handed and the house-rules example of
``lessons/house_rules.toml``. Lesson 8 asks its set under its own rule sets
(:data:`~pinochle_tutor.course.mastery.LESSON_RULES`), whatever the house rules.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import pytest

from pinochle_tutor.cards import Suit, parse_cards
from pinochle_tutor.classroom.mastery import NEEDED, SET_SIZE
from pinochle_tutor.course.mastery import LESSON_CASES, LESSON_RULES, plan_mastery_set
from pinochle_tutor.course.quiz import QuizItem, QuizKind
from pinochle_tutor.course.quiz.kind import AnswerInput
from pinochle_tutor.course.quiz.kinds import spec_for
from pinochle_tutor.explain.game_end import side_label
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED, RuleSet

LIMIT = 0.02
"""The most a guesser may master a lesson with, in one set: 2%."""

HOUSE_EXAMPLE = CLASSIC.with_settings(target=1000, meld_save=10)
"""The example of ``lessons/house_rules.toml``'s comment (target 1000, meld_save 10, dix
10): classic rules played to 1000."""

RULE_SETS: tuple[RuleSet, ...] = (CLASSIC, DOUBLE_DECK, THREE_HANDED, HOUSE_EXAMPLE)

JUDGED = frozenset(
    {
        "03_trump_and_exchange.ipynb",
        "07_strategy.ipynb",
        "09_full_game.ipynb",
        "13_partner_call.ipynb",
        "14_declarer_plan.ipynb",
        "15_defence.ipynb",
    }
)
"""Lessons whose sets hold questions the coach judges (the exchange, a card to play, a
bid), each made and judged in a second or more (a bid in the double deck: tens of
seconds): fewer seeds."""

SEEDS = range(200)
JUDGED_SEEDS = range(12)


def _right_share(item: QuizItem, answers: Sequence[str]) -> Fraction:
    """The share of ``answers`` the item's kind marks right."""
    spec = spec_for(item)
    right = sum(spec.mark(item, a, spec.parse(item, a)).right for a in answers)
    return Fraction(right, len(answers))


def guess_chance(item: QuizItem) -> Fraction:
    """The chance that a uniform guess among the answers ``item``'s screen offers is
    marked right on the first try (see the module's docstring for each way of
    answering)."""
    spec = spec_for(item)
    screen = spec.screen(item)
    how = screen.answer_input
    if how is AnswerInput.TEXT:
        if item.kind is QuizKind.GAME:
            rs = item.rule_set
            return _right_share(item, [*(side_label(s, rs) for s in range(rs.sides)), "nobody"])
        if item.kind is QuizKind.CALL:
            return _right_share(item, ["none"]) / 2
        return Fraction(0)
    if how is AnswerInput.PICK_GIFT:
        return Fraction(1)
    if how is AnswerInput.PICK_CARDS:
        return Fraction(1, 2 ** len(set(screen.pick_from)) - 1)
    if how is AnswerInput.BID:
        return _right_share(item, ["pass"]) / 2
    if how is AnswerInput.YES_NO:
        return _right_share(item, ["yes", "no"])
    if how is AnswerInput.CHOICE:
        return _right_share(item, screen.choices)
    if how is AnswerInput.PLACE:
        return _right_share(item, [str(n) for n in range(1, len(screen.trick) + 1)])
    if how is AnswerInput.PICK_ONE:
        return _right_share(item, sorted({c.code for c in screen.pick_from}))
    raise AssertionError(f"{how}: a way of answering this test does not know")


def two_way(item: QuizItem) -> bool:
    """Whether ``item`` offers two answers (Yes / No, two buttons, two cards to pick
    from) or a bid box whose Pass is right."""
    spec = spec_for(item)
    screen = spec.screen(item)
    how = screen.answer_input
    if how is AnswerInput.YES_NO:
        return True
    if how is AnswerInput.CHOICE:
        return len(screen.choices) == 2
    if how is AnswerInput.PLACE:
        return len(screen.trick) == 2
    if how is AnswerInput.PICK_ONE:
        return len(set(screen.pick_from)) == 2
    if how in (AnswerInput.BID, AnswerInput.TEXT):
        return guess_chance(item) >= Fraction(1, 2)
    return False


def chance_of_mastery(chances: Sequence[Fraction | float], needed: int = NEEDED) -> float:
    """The chance that at least ``needed`` of the questions are right, question ``i``
    right with chance ``chances[i]``, independently: the sum over every outcome."""
    total = Fraction(0)
    for outcome in itertools.product((True, False), repeat=len(chances)):
        if sum(outcome) < needed:
            continue
        p = Fraction(1)
        for right, c in zip(outcome, chances, strict=True):
            q = Fraction(c)
            p *= q if right else 1 - q
        total += p
    return float(total)


@dataclass(frozen=True)
class SetChance:
    seed: int
    kinds: tuple[str, ...]
    chances: tuple[Fraction, ...]
    mastery: float
    two_way: int


def set_chances(lesson: str, rules: RuleSet, seeds: range) -> list[SetChance]:
    out: list[SetChance] = []
    for seed in seeds:
        items = list(plan_mastery_set(lesson, seed, rules))
        assert len(items) == SET_SIZE, (lesson, rules.name, seed, len(items))
        chances = tuple(guess_chance(i) for i in items)
        out.append(
            SetChance(
                seed,
                tuple(f"{i.kind.value}:{spec_for(i).screen(i).answer_input.value}" for i in items),
                chances,
                chance_of_mastery(chances),
                sum(two_way(i) for i in items),
            )
        )
    return out


def _cases() -> list[tuple[str, RuleSet]]:
    out: list[tuple[str, RuleSet]] = []
    for lesson in sorted(LESSON_CASES):
        sets = RULE_SETS[:1] if lesson in LESSON_RULES else RULE_SETS
        out.extend((lesson, rs) for rs in sets)
    return out


def _id(case: tuple[str, RuleSet]) -> str:
    lesson, rs = case
    name = "own rules" if lesson in LESSON_RULES else rs.name
    if rs is HOUSE_EXAMPLE:
        name = "house example"
    return f"{lesson.split('_')[0]}-{name}"


# ------------------------------------------------------------------ the arithmetic


def test_the_chance_of_mastery_adds_every_outcome() -> None:
    # Five yes-or-no questions: 4 or 5 right in 6 of the 32 outcomes (the 19%).
    assert chance_of_mastery([Fraction(1, 2)] * 5) == pytest.approx(6 / 32)
    # Two questions nobody guesses: at most 3 right, never mastered.
    assert chance_of_mastery([1, 1, 1, 0, 0]) == 0
    assert chance_of_mastery([1, 1, 1, 1, 0]) == 1
    # Four seat buttons of four and a typed number: all four seats right.
    assert chance_of_mastery([Fraction(1, 4)] * 4 + [0]) == pytest.approx(1 / 256)
    # A deliberately guessable set fails the limit.
    assert chance_of_mastery([Fraction(1, 2)] * 3 + [Fraction(1, 4)] * 2) > LIMIT


def test_a_question_s_guess_chance_is_read_from_its_marks() -> None:
    from pinochle_tutor.course.quiz.kinds.call import CallQuiz
    from pinochle_tutor.course.quiz.kinds.table import TableQuestion, TableQuiz
    from pinochle_tutor.course.quiz.kinds.winner import WinnerQuiz

    call = CallQuiz(id="t", calls=(250,), dealer=3, call=255, rule_set=CLASSIC)
    assert guess_chance(call) == Fraction(1, 2) and two_way(call)
    seat = TableQuiz(id="t", question=TableQuestion.NEXT_DEALER, dealer=1, rule_set=CLASSIC)
    assert guess_chance(seat) == Fraction(1, 4) and not two_way(seat)
    seat3 = TableQuiz(id="t", question=TableQuestion.NEXT_DEALER, dealer=1, rule_set=THREE_HANDED)
    assert guess_chance(seat3) == Fraction(1, 3)
    deck = TableQuiz(id="t", question=TableQuestion.DECK, rule_set=CLASSIC)
    assert guess_chance(deck) == 0
    # K♠ led, K♠ again, A♠, 9♠: one place of four wins.
    trick = WinnerQuiz(
        id="t", trick=tuple(parse_cards("KS KS AS 9S")), trump=Suit.HEARTS, rule_set=CLASSIC
    )
    assert guess_chance(trick) == Fraction(1, 4)


# ------------------------------------------------------------------ the sets


@pytest.mark.parametrize(("lesson", "rules"), _cases(), ids=[_id(c) for c in _cases()])
def test_guessing_masters_no_lesson(lesson: str, rules: RuleSet) -> None:
    """The worst of the sets drawn (every seed of :data:`SEEDS`, or of
    :data:`JUDGED_SEEDS` for a lesson the coach judges) is mastered by guessing less than
    :data:`LIMIT` of the time, and holds at most one two-way question."""
    drawn = set_chances(lesson, rules, JUDGED_SEEDS if lesson in JUDGED else SEEDS)
    worst = max(drawn, key=lambda s: s.mastery)
    mean = sum(s.mastery for s in drawn) / len(drawn)
    print(
        f"{_id((lesson, rules))}: worst {worst.mastery:.4f} mean {mean:.4f} over {len(drawn)} sets"
    )
    assert worst.mastery < LIMIT, (
        f"{lesson} under {rules.name}: guessing masters seed {worst.seed}'s set "
        f"{worst.mastery:.1%} of the time ({', '.join(worst.kinds)}; chances "
        f"{', '.join(str(c) for c in worst.chances)}); mean {mean:.1%} over {len(drawn)} sets"
    )
    most = max(drawn, key=lambda s: s.two_way)
    assert most.two_way <= 1, (
        f"{lesson} under {rules.name}: seed {most.seed}'s set asks {most.two_way} two-way "
        f"questions ({', '.join(most.kinds)})"
    )


def test_the_course_and_this_file_agree_on_each_question_s_chance() -> None:
    """The set's plan holds each question to :meth:`QuizKindSpec.guess_chance`; it is
    the chance worked out here, on the questions of the quick lessons' sets."""
    for lesson in ("01_the_deck.ipynb", "02_deal_and_auction.ipynb", "05_trick_rules.ipynb",
                   "06_scoring.ipynb", "08_other_versions.ipynb"):  # fmt: skip
        for rules in (CLASSIC, THREE_HANDED):
            for seed in range(6):
                for item in plan_mastery_set(lesson, seed, rules):
                    assert spec_for(item).guess_chance(item) == pytest.approx(
                        float(guess_chance(item))
                    ), item.id


# ------------------------------------------------------------------ the forms a set asks


def test_a_set_asks_may_you_play_this_card_as_which_cards() -> None:
    from pinochle_tutor.course.quiz.kinds.trick import TrickQuiz

    item = TrickQuiz(
        id="t", hand=tuple(parse_cards("KC JC 9C AH QS")), trick=tuple(parse_cards("AC 10C")),
        trump=Suit.HEARTS, card=parse_cards("JC")[0], rule_set=CLASSIC,
    )  # fmt: skip
    assert guess_chance(item) == Fraction(1, 2)
    firm = spec_for(item).firm(item)
    assert firm is not None and firm.card is None and firm.id == "t-which"
    assert spec_for(firm).rules_of(firm) == spec_for(item).rules_of(item)
    assert spec_for(firm).screen(firm).answer_input is AnswerInput.PICK_CARDS
    assert guess_chance(firm) == Fraction(1, 2**5 - 1)
    assert spec_for(firm).answer_text(firm) == "K♣, J♣, 9♣"


@pytest.mark.parametrize(
    ("rules", "calls", "seat", "answer", "cases"),
    [
        (CLASSIC, (), None, 250, {"call.legal", "call.opening_minimum"}),
        (CLASSIC, (None, 250), None, 260, {"call.legal", "call.raise", "call.increment"}),
        (DOUBLE_DECK, (50,), None, 51, {"call.legal", "call.raise"}),
        (CLASSIC, (None, 250), 0, None, {"call.pass_final"}),
        (CLASSIC, (None, None, None), None, None, {"call.stuck_dealer"}),
        (THREE_HANDED, (None, None), None, None, {"call.stuck_dealer"}),
    ],
)
def test_a_set_asks_is_this_call_legal_as_the_lowest_bid(
    rules: RuleSet, calls: tuple[int | None, ...], seat: int | None, answer: int | None,
    cases: set[str],
) -> None:  # fmt: skip
    from pinochle_tutor.course.quiz import item_from_entry, item_to_entry
    from pinochle_tutor.course.quiz.kinds.call import CallQuiz

    dealer = rules.players - 1
    yes_no = CallQuiz(id="c", calls=calls, dealer=dealer, call=None, seat=seat, rule_set=rules)
    spec = spec_for(yes_no)
    firm = spec.firm(yes_no)
    assert firm is not None and firm.lowest and firm.id == "c-lowest"
    assert spec.answer(firm) == answer
    assert {r.value for r in firm.rules} == cases
    assert "lowest bid" in firm.prompt and "legal?" not in firm.prompt
    said = "none" if answer is None else str(answer)
    assert spec.mark(firm, said, spec.parse(firm, said)).right
    other = "none" if answer is not None else str(rules.opening_bid)
    wrong = spec.mark(firm, other, spec.parse(firm, other))
    assert not wrong.right and wrong.correct == said
    # A guess types 'none' half the time, else one number of many.
    assert guess_chance(firm) == (Fraction(1, 2) if answer is None else 0)
    assert spec.allows_second_try(firm) and said not in spec.hint(firm)
    assert not re.search(r"\d", spec.hint(firm))
    entry = item_to_entry(firm)
    assert entry["lowest"] is True and "call" not in entry
    assert item_from_entry(entry) == firm


@pytest.mark.parametrize(
    ("rules", "question", "answer"),
    [
        (CLASSIC, "give", 4), (CLASSIC, "declarer_holds", 16), (CLASSIC, "partner_holds", 8),
        (DOUBLE_DECK, "declarer_holds", 24), (DOUBLE_DECK, "partner_holds", 16),
        (THREE_HANDED, "give", 3), (THREE_HANDED, "declarer_holds", 18),
    ],
)  # fmt: skip
def test_the_exchange_is_asked_as_a_count_of_cards(
    rules: RuleSet, question: str, answer: int
) -> None:
    from pinochle_tutor.course.quiz import QuizRule
    from pinochle_tutor.course.quiz.kinds.table import TableQuestion, TableQuiz

    item = TableQuiz(id="t", question=TableQuestion(question), rule_set=rules)
    spec = spec_for(item)
    assert spec.answer(item) == answer and spec.rules_of(item) == (QuizRule.TABLE_EXCHANGE,)
    assert guess_chance(item) == 0 and str(answer) not in spec.hint(item)
    assert ("kitty" in item.prompt) is rules.has_kitty


def test_three_handed_has_no_partner_to_hold_cards() -> None:
    from pinochle_tutor.course.quiz import BankFormatError, item_from_entry

    with pytest.raises(BankFormatError, match="partner_holds"):
        item_from_entry(
            {"id": "t", "kind": "table", "question": "partner_holds", "rule_set": "three_handed"}
        )


def test_a_plan_that_cannot_keep_a_guesser_out_is_refused() -> None:
    from pinochle_tutor.course.mastery import _plan
    from pinochle_tutor.course.quiz import QuizRule
    from pinochle_tutor.course.quiz.round import InvalidRoundError

    seats = [QuizRule.TABLE_NEXT_DEALER, QuizRule.TABLE_FIRST_CALL, QuizRule.TABLE_DECLARER]
    # Seat buttons of four: five of them are guessed 1.6% of the time, under the limit.
    assert [most for _, most in _plan("seats", seats, [CLASSIC])] == [0.25] * 5
    # Three seats three-handed: 4.5%, so no set of them is made.
    with pytest.raises(InvalidRoundError, match="seats: no set of its cases"):
        _plan("seats", seats, [THREE_HANDED])
    # A typed count beside them: two of the five are typed, never mastered by guessing.
    plan = _plan("seats", [*seats, QuizRule.TABLE_DEAL], [THREE_HANDED])
    assert chance_of_mastery([most for _, most in plan]) < LIMIT
