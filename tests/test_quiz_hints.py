"""Hints teach, never tell: the second-try hint of a practice question
holds neither the answer nor a number from which the answer is one step of
arithmetic away, for every kind, rule set, level, bank item and many generated items.

**One step of arithmetic.** Let N be the numbers the hint states (every run of
digits, after taking out the cards it names: the 10 of 10♥ is a rank, not a
number) and A a numeric answer (its size: the sign of a score is the learner's
to decide). The hint gives A away in one step when A is in N, or when some a, b
in N (the same number may be taken twice: doubling is one step) give
a + b = A, a * b = A or |a - b| = A (a and b different numbers).

**The numeric answers.** The meld total, the score (as a size), the trick
points, and the winning card's place. The other answers are cards or a side:
the legal cards of a trick (their exact set must not be named), the coach's card
(the hint names no card at all, so the costly evaluation is not needed), a pass
(the example pass must not be named), the side that won a game (its name must
not appear) and the bidding range (the hint states no number and is the same
for every hand, so the advisor's simulation is not needed). A meld answer may
also be typed as its lines ("run + royal marriage"): the hint must not name
every line of the hand (a name counts when written in the singular, the way an
answer names a line).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import replace

import pytest

from pinochle_tutor.cards import Card, parse_cards
from pinochle_tutor.course.quiz import (
    BidQuiz,
    CountersQuiz,
    GameQuiz,
    MeldQuiz,
    PassQuiz,
    PlayQuiz,
    QuizItem,
    QuizKind,
    ScoreQuiz,
    TrickQuiz,
    WinnerQuiz,
    allows_second_try,
    answer_for,
    answer_text,
    generate,
    hint,
    load_banks,
)
from pinochle_tutor.course.quiz.kinds import MeldAnswer
from pinochle_tutor.deal import make_deck
from pinochle_tutor.explain import explain_meld
from pinochle_tutor.explain.game_end import side_label
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED, RuleSet

HOUSE = CLASSIC.with_settings(
    opening_bid=300,
    last_trick_bonus=20,
    counter_points=[0, 0, 5, 10, 10, 10],
    meld_save=20,
    target=1000,
    meld_table={"dix": 20, "pinochle": [60, 300]},
)
"""A house rule: open at 300, queens count 5, the last trick earns 20, a side needs
20 trick points to keep its meld, play to 1000, the dix is 20, a pinochle 60."""
RULE_SETS = [CLASSIC, DOUBLE_DECK, THREE_HANDED, HOUSE]
RULE_IDS = ["classic", "double_deck", "three_handed", "house"]

SEEDS = {QuizKind.PLAY: 8, QuizKind.PASS: 15}
"""Generated items per kind, rule set and level (25 unless named here: the play
question deals and plays a whole hand up to the position)."""

_CARD = re.compile(r"(?:10|[2-9AKQJ])\s?[♠♥♦♣]")


def numbers_in(text: str) -> list[int]:
    """The numbers a text states, cards taken out."""
    return [int(n) for n in re.findall(r"[0-9]+", _CARD.sub(" ", text))]


def cards_in(text: str) -> set[Card]:
    return {parse_cards(m.replace(" ", ""))[0] for m in _CARD.findall(text)}


def one_step(numbers: list[int], answer: int) -> str | None:
    """How ``answer`` follows from ``numbers`` in one step, or ``None``."""
    a = abs(answer)
    if a in numbers:
        return f"{a} itself"
    for x in sorted(set(numbers)):
        for y in sorted(set(numbers)):
            if x + y == a:
                return f"{x} + {y}"
            if x * y == a:
                return f"{x} * {y}"
            if x != y and abs(x - y) == a:
                return f"|{x} - {y}|"
    return None


def _named(text: str, name: str) -> bool:
    return re.search(rf"\b{re.escape(name)}\b(?!s)", text, re.IGNORECASE) is not None


def leak(item: QuizItem, text: str) -> str | None:
    """Why ``text`` tells the answer to ``item`` (``None``: it does not)."""
    numbers = numbers_in(text)
    if isinstance(item, PlayQuiz):
        named = cards_in(text)
        return f"names cards {sorted(named)}" if named else None
    if isinstance(item, BidQuiz):
        return f"states numbers {numbers}" if numbers else None
    if isinstance(item, TrickQuiz):
        legal = answer_for(item)
        assert isinstance(legal, tuple)
        named = cards_in(text)
        if answer_text(item) in text or (named and named == set(legal)):
            return "names the legal cards"
        return None
    if isinstance(item, PassQuiz):
        example = set(answer_for(item))
        return "names the example pass" if example <= cards_in(text) else None
    if isinstance(item, GameQuiz):
        said = answer_text(item)
        word = "nobody" if said == "nobody yet" else said
        return f"names {said!r}" if _named(text, word) else None
    if isinstance(item, WinnerQuiz):
        place = int(answer_for(item)) + 1
        card = answer_text(item).split(", ")[-1]
        if card in text:
            return f"names the winning card {card}"
        how = one_step(numbers, place)
        return f"the place {place} is {how}" if how else None
    answer = answer_for(item)
    if isinstance(answer, MeldAnswer):
        assert isinstance(item, MeldQuiz)
        lines = {line.name for line in explain_meld(item.hand, item.trump, item.rule_set).items}
        if lines and all(_named(text, name) for name in lines):
            return f"names every meld line {sorted(lines)}"
        answer = answer.total
    assert isinstance(answer, int), item
    if re.search(rf"(?<![0-9]){abs(answer)}(?![0-9])", _CARD.sub(" ", text)):
        return f"states the answer {answer}"
    how = one_step(numbers, answer)
    return f"the answer {answer} is {how}" if how else None


def _bid_items(rules: RuleSet) -> list[BidQuiz]:
    """Bidding questions on seeded hands, without the advisor's answer."""
    deck = make_deck(rules)
    out = []
    for seed in range(12):
        rng = random.Random(seed)
        cards = list(deck)
        rng.shuffle(cards)
        calls: tuple[int | None, ...] = ((), (None,), (rules.opening_bid,))[seed % 3]
        out.append(BidQuiz(id=f"b{seed}", hand=tuple(cards[: rules.hand_size]), calls=calls,
                           rule_set=rules))  # fmt: skip
    return out


def generated(kind: QuizKind, rules: RuleSet) -> list[QuizItem]:
    if kind is QuizKind.BID:
        return list(_bid_items(rules))
    return [
        generate(kind, seed, level, rules=rules)
        for level in (1, 2, 3)
        for seed in range(SEEDS.get(kind, 25))
    ]


def _leaks(items: list[QuizItem]) -> tuple[Counter[tuple[str, int]], Counter[tuple[str, int]], list[str]]:
    total: Counter[tuple[str, int]] = Counter()
    bad: Counter[tuple[str, int]] = Counter()
    examples = []
    for item in items:
        if not allows_second_try(item):
            continue
        key = (item.kind.value, item.level)
        total[key] += 1
        text = hint(item)
        why = leak(item, text)
        if why:
            bad[key] += 1
            examples.append(f"{item.id}: {why}: {text!r}")
    return bad, total, examples


def _report(bad: Counter[tuple[str, int]], total: Counter[tuple[str, int]], examples: list[str]) -> str:
    lines = [f"{k} level {lv}: {bad[(k, lv)]} of {total[(k, lv)]}" for k, lv in sorted(bad)]
    return "\n".join(["hints that tell the answer:", *lines, *examples[:8]])


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
@pytest.mark.parametrize("kind", [k for k in QuizKind if k is not QuizKind.CALL], ids=lambda k: k.value)
def test_no_generated_hint_tells_the_answer(kind: QuizKind, rules: RuleSet) -> None:
    bad, total, examples = _leaks(generated(kind, rules))
    assert sum(total.values()) > 0
    assert not bad, _report(bad, total, examples)


def test_no_bank_hint_tells_the_answer() -> None:
    items, problems = load_banks()
    assert not problems
    assert {i.kind for i in items if allows_second_try(i)} == set(QuizKind) - {QuizKind.CALL}
    bad, total, examples = _leaks(items)
    assert not bad, _report(bad, total, examples)


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
def test_the_bidding_hint_is_the_same_for_every_hand(rules: RuleSet) -> None:
    """The bidding hint cannot carry the advisor's answer: it does not depend on the
    hand, only on the auction."""
    items = _bid_items(rules)
    for item in items:
        other = replace(item, hand=items[(items.index(item) + 1) % len(items)].hand)
        assert hint(item) == hint(other)


def test_the_checker_finds_the_hints_of_today() -> None:
    """The checker catches the leaks the issue reports (so the tests above can fail)."""
    item = MeldQuiz(id="m", hand=tuple(parse_cards("AH 10H KH QH JH KH QH")), trump=parse_cards("AH")[0].suit)
    assert leak(item, "A 10 K Q J of trump is a run: 150. K Q of trump is a royal marriage: 40 each.")
    assert leak(item, "run + royal marriage = 190")
    assert leak(item, "Look at your hearts: a run, and a royal marriage.")
    assert leak(item, "Look at your hearts: runs, marriages.") is None
    aces = MeldQuiz(id="a", hand=tuple(parse_cards("AH AS AD AC")), trump=parse_cards("AH")[0].suit)
    assert leak(aces, "An ace of each suit is aces around: 100.")
    assert numbers_in("Look at 10♥, 10 ♠ and A♣: 40.") == [40]
    assert one_step([150, 40], 190) == "40 + 150" and one_step([10], 20) == "10 + 10"
    assert one_step([10], 0) is None and one_step([250, 10], -240) == "|10 - 250|"
    score = ScoreQuiz(id="s", bid=250, bidder_meld=100, bidder_tricks=150)
    assert leak(score, "Meld 100 and tricks 150.")
    counters = CountersQuiz(id="c", cards=tuple(parse_cards("AS QH")))
    assert leak(counters, "A, 10 and K count 10 trick points each.")
    game = GameQuiz(id="g", before=(1400, 0), changes=(200, 0))
    assert leak(game, "Did your side reach the target?")
    assert side_label(0, CLASSIC) == "your side"
    assert cards_in("Q♠ + J♦ and 10♥") == set(parse_cards("QS JD 10H"))
