"""Three quiz kinds: "who wins this trick?", "count the counters" and "is
this call legal?". Table tests from the rules of record (RULES.md), property tests
over many seeds for every rule set (the generated item's answer is the engine's; the
right answer is accepted and a wrong one refused with the rule), banks whose
expected answer disagrees with the engine, and the explanations' wording."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle_tutor.auction import Auction
from pinochle_tutor.cards import Card, parse_cards, parse_suit
from pinochle_tutor.course.quiz import (
    CallQuiz,
    CountersQuiz,
    QuizKind,
    QuizRule,
    WinnerQuiz,
    allows_second_try,
    answer_for,
    answer_text,
    audit_bank,
    check_answer,
    generate,
    hint,
    item_from_entry,
    item_to_entry,
    load_bank,
    parse_winner_answer,
    rule_applies,
    rules_of,
)
from pinochle_tutor.course.quiz.marking import InvalidAnswerError
from pinochle_tutor.explain import (
    InvalidTrickResultError,
    WinnerRule,
    explain_call,
    explain_counters,
    explain_winner,
)
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED, RuleSet
from pinochle_tutor.scoring import trick_points
from pinochle_tutor.tricks import trick_winner

HOUSE = CLASSIC.with_settings(
    opening_bid=300, last_trick_bonus=20, counter_points=[0, 0, 5, 10, 10, 10]
)
"""A house rule set: open at 300, queens count 5, the last trick earns 20."""
RULE_SETS = [CLASSIC, DOUBLE_DECK, THREE_HANDED, HOUSE]
NEW_KINDS = [QuizKind.WINNER, QuizKind.COUNTERS, QuizKind.CALL]


def cards_of(text: str | tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


# ------------------------------------------------------------ who wins the trick


@pytest.mark.parametrize(
    ("trick", "trump", "place", "rule", "words"),
    [
        # Without trump, the highest card of the led suit; another suit never wins.
        ("KS AS 9S QS", "H", 2, WinnerRule.LED_SUIT, "highest spade"),
        ("QH AC JH AD", "S", 1, WinnerRule.LED_SUIT, "highest heart"),
        # A trump beats the led suit, however low: the highest trump wins.
        ("AS 10S 9H KS", "H", 3, WinnerRule.TRUMP, "a trump beats every card"),
        ("AS JD 10S AD", "D", 4, WinnerRule.TRUMP, "highest trump"),
        ("JH AS KH AC", "H", 3, WinnerRule.TRUMP, "were led and are trump"),
        # Of identical cards the first played wins (RULES.md: trick winner).
        ("KS AS AS QS", "H", 2, WinnerRule.FIRST_OF_IDENTICAL, "the one played first wins"),
        ("AH 9D KH 9D", "D", 2, WinnerRule.FIRST_OF_IDENTICAL, "the one played first wins"),
        ("AD KD AD 10H", "C", 1, WinnerRule.FIRST_OF_IDENTICAL, "the one played first wins"),
    ],
)  # fmt: skip
def test_who_wins_follows_the_rules_of_record(
    trick: str, trump: str, place: int, rule: WinnerRule, words: str
) -> None:
    e = explain_winner(trick, trump)
    assert e.winner == place - 1 == trick_winner(trick, trump)
    assert e.rule is rule and words in e.text
    item = WinnerQuiz(id="w", trick=cards_of(trick), trump=parse_suit(trump))
    assert answer_for(item) == place - 1
    assert check_answer(item, str(place)).right and check_answer(item, f"{place}th card").right
    wrong = check_answer(item, "4" if place != 4 else "1")
    assert wrong.readable and not wrong.right and "does not win" in wrong.explanation


def test_a_wrong_winner_is_told_why_it_does_not_win() -> None:
    e = explain_winner("KS AS AS 9D", "H")
    assert e.why_not(0) == "K♠ (1st card) does not win: A♠ is a higher spade."
    assert "came first, and of identical cards the first played wins" in e.why_not(2)
    assert "neither led nor trump" in e.why_not(3)
    trumped = explain_winner("AS 10S 9H KS", "H")
    assert "9♥ is a trump, and a trump beats any card of another suit" in trumped.why_not(0)


def test_winner_answers_are_read_by_place_or_card() -> None:
    trick = tuple(parse_cards("KS AS AS 9D"))
    assert parse_winner_answer("2", trick) == parse_winner_answer("second", trick) == 1
    assert parse_winner_answer("the 4th card, 9♦", trick) == parse_winner_answer("9D", trick) == 3
    assert parse_winner_answer("last", trick) == 3
    with pytest.raises(InvalidAnswerError, match="Two A♠ were played"):
        parse_winner_answer("AS", trick)
    with pytest.raises(InvalidAnswerError, match="was not played"):
        parse_winner_answer("AH", trick)
    with pytest.raises(InvalidAnswerError, match="1 to 4"):
        parse_winner_answer("5", trick)
    item = WinnerQuiz(id="w", trick=cards_of(trick), trump=parse_suit("H"))
    assert not check_answer(item, "AS").readable  # a card played twice needs its place


def test_a_trick_must_be_complete() -> None:
    with pytest.raises(InvalidTrickResultError, match="'K♠ A♠' holds 2 cards"):
        explain_winner("KS AS", "H")
    assert explain_winner("KS AS 9H", "H", THREE_HANDED).winner == 2


# ------------------------------------------------------------- count the counters


@pytest.mark.parametrize(
    ("cards", "rules", "last", "total"),
    [
        ("AS 10S KH QH", CLASSIC, False, 30),   # A, 10, K: 10 each
        ("AS 10S KH QH", CLASSIC, True, 40),    # last trick +10
        ("QS JD 9H QC", CLASSIC, False, 0),     # Q, J, 9 count nothing
        ("9D JD QH 9C", CLASSIC, True, 10),     # no counters, but the last trick
        ("AS 10S KH QH", DOUBLE_DECK, False, 3),  # double deck: 1 each
        ("AS 10S KH QH", DOUBLE_DECK, True, 5),   # last trick 2
        ("AH KH 9H", THREE_HANDED, False, 20),
        ("AS 10S KH QH", HOUSE, True, 55),        # house: Q counts 5, last trick 20
    ],
)  # fmt: skip
def test_counters_per_rule_set(cards: str, rules: RuleSet, last: bool, total: int) -> None:
    e = explain_counters(cards, rules, last)
    assert e.total == total == trick_points(cards, rules, last)
    item = CountersQuiz(id="c", cards=cards_of(cards), last_trick=last, rule_set=rules)
    assert answer_for(item) == total and check_answer(item, str(total)).right
    assert QuizRule.COUNTERS_LAST_TRICK in rules_of(item) or not last


def test_counting_mistakes_are_named() -> None:
    last = CountersQuiz(id="c", cards=cards_of("AS 10S JS KD"), last_trick=True)
    assert "You left out the last trick's bonus of 10." in check_answer(last, "30").explanation
    plain = CountersQuiz(id="c", cards=cards_of("AS 10S JS KD"))
    assert "This is not the last trick" in check_answer(plain, "40").explanation
    blanks = CountersQuiz(id="c", cards=cards_of("QS JD 9H QC"))
    assert "Only counters earn trick points: A, 10 and K count 10 trick points each" in (
        check_answer(blanks, "20").explanation
    )
    dd = CountersQuiz(id="c", cards=cards_of("AS 10S KH QH"), last_trick=True, rule_set=DOUBLE_DECK)
    text = check_answer(dd, "3").explanation
    assert "bonus of 2" in text and "A♠ 1 + 10♠ 1 + K♥ 1 = 3" in text


# --------------------------------------------------------------- is this call legal


@pytest.mark.parametrize(
    ("calls", "call", "seat", "rules", "rule", "message"),
    [
        ((), 200, None, CLASSIC, QuizRule.CALL_OPENING, "the opening bid must be at least 250"),
        ((250,), 265, None, CLASSIC, QuizRule.CALL_INCREMENT, "bids go up in multiples of 10"),
        ((250, None), 250, None, CLASSIC, QuizRule.CALL_RAISE, "does not beat the current bid of 250"),
        ((250, 260, None, 300), 290, None, CLASSIC, QuizRule.CALL_RAISE, "you must bid at least 310"),
        ((None, 250, 260), 270, 0, CLASSIC, QuizRule.CALL_PASS_FINAL, "a pass is final"),
        ((), 45, None, DOUBLE_DECK, QuizRule.CALL_OPENING, "at least 50"),
        ((None, 250), 260, 0, THREE_HANDED, QuizRule.CALL_PASS_FINAL, "a pass is final"),
        ((), 290, None, HOUSE, QuizRule.CALL_OPENING, "at least 300"),
    ],
)  # fmt: skip
def test_each_illegal_call_is_refused_with_the_engines_message(
    calls: tuple[int | None, ...],
    call: int,
    seat: int | None,
    rules: RuleSet,
    rule: QuizRule,
    message: str,
) -> None:
    dealer = rules.players - 1
    item = CallQuiz(id="l", calls=calls, dealer=dealer, call=call, seat=seat, rule_set=rules)
    e = explain_call(item.auction(), item.caller, call, me=0)
    assert not e.legal and message in e.text
    assert answer_for(item) is False and rules_of(item) == (rule,)
    assert check_answer(item, "no").right
    wrong = check_answer(item, "yes")
    assert not wrong.right and wrong.correct == "no"
    assert wrong.explanation.startswith("The call is not legal.") and message in wrong.explanation


@pytest.mark.parametrize(
    ("calls", "call", "rules"),
    [
        ((), 250, CLASSIC),
        ((250,), None, CLASSIC),
        ((250, None, 300), 400, CLASSIC),
        ((50,), 51, DOUBLE_DECK),
    ],
)
def test_legal_calls_are_accepted(
    calls: tuple[int | None, ...], call: int | None, rules: RuleSet
) -> None:
    item = CallQuiz(id="l", calls=calls, dealer=rules.players - 1, call=call, rule_set=rules)
    assert answer_for(item) is True and rules_of(item) == (QuizRule.CALL_LEGAL,)
    wrong = check_answer(item, "no")
    assert not wrong.right and wrong.explanation.startswith("The call is legal.")


def test_rule_statements_take_their_numbers_from_the_rules() -> None:
    assert QuizRule.CALL_OPENING.statement(HOUSE) == "The opening bid must be at least 300."
    assert QuizRule.COUNTERS_LAST_TRICK.statement(DOUBLE_DECK).endswith(
        "a bonus of 2 trick points."
    )
    assert QuizRule.COUNTERS_CARDS.statement(HOUSE).startswith(
        "A, 10 and K count 10 trick points each; Q counts 5"
    )
    assert not rule_applies(QuizRule.CALL_INCREMENT, DOUBLE_DECK)  # bids go up by 1
    assert rule_applies(QuizRule.WINNER_FIRST_IDENTICAL, THREE_HANDED)


# -------------------------------------------------- generated items, every rule set


def _engine_answer(item: WinnerQuiz | CountersQuiz | CallQuiz) -> object:
    """The answer straight from the core engine, not through the quiz layer."""
    if isinstance(item, WinnerQuiz):
        return trick_winner(item.trick, item.trump)
    if isinstance(item, CountersQuiz):
        return trick_points(item.cards, item.rule_set, item.last_trick)
    a = Auction(item.dealer, item.rule_set)
    for c in item.calls:
        a.call(c)
    if item.caller in a.passed:
        return False
    return (a.check_pass() if item.call is None else a.check_bid(item.call)).legal


def _wrong(item: WinnerQuiz | CountersQuiz | CallQuiz) -> str:
    right = answer_for(item)
    if isinstance(item, WinnerQuiz):
        assert isinstance(right, int)
        return str(1 if right else 2)
    if isinstance(item, CountersQuiz):
        return str(int(str(right)) + 1)
    return "no" if right else "yes"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    kind=st.sampled_from(NEW_KINDS),
    rules=st.sampled_from(RULE_SETS),
    level=st.sampled_from([1, 2, 3]),
    seed=st.integers(0, 10**6),
)
def test_generated_items_are_answered_by_the_engine(
    kind: QuizKind, rules: RuleSet, level: int, seed: int
) -> None:
    item = generate(kind, seed, level, rules=rules)
    assert isinstance(item, (WinnerQuiz, CountersQuiz, CallQuiz))
    assert item.rule_set == rules and item.kind is kind and item.rules == rules_of(item)
    assert all(rule_applies(r, rules) for r in item.rules)
    assert answer_for(item) == _engine_answer(item)
    right = check_answer(item, answer_text(item))
    assert right.readable and right.right, (item, right)
    wrong = check_answer(item, _wrong(item))
    assert wrong.readable and not wrong.right and wrong.explanation
    assert wrong.correct == answer_text(item)
    if rules is not HOUSE:  # a bank entry names a preset; house settings are the site's
        assert item_from_entry(item_to_entry(item)) == item
    if isinstance(item, WinnerQuiz):
        assert len(item.trick) == rules.players
        assert answer_text(item) not in hint(item)
        assert not re.search(r"\b[0-9](st|nd|rd|th)\b", hint(item))  # no card's place


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.name if r != HOUSE else "house")
@pytest.mark.parametrize("kind", NEW_KINDS, ids=lambda k: k.value)
def test_every_level_and_rule_case_comes_up(kind: QuizKind, rules: RuleSet) -> None:
    seen: set[QuizRule] = set()
    for level in (1, 2, 3):
        for seed in range(60):
            seen.update(generate(kind, seed, level, rules=rules).rules)
    expected = {r for r in QuizRule if r.kind is kind and rule_applies(r, rules)}
    assert seen == expected


def test_house_settings_are_honoured() -> None:
    for seed in range(40):
        item = generate("call", seed, 1, focus_rules=["call.opening_minimum"], rules=HOUSE)
        assert isinstance(item, CallQuiz) and item.call is not None and item.call < 300
        assert "at least 300" in check_answer(item, "yes").explanation
    counters = generate("counters", 1, 2, focus_rules=["counters.last_trick"], rules=HOUSE)
    assert isinstance(counters, CountersQuiz) and counters.last_trick
    assert answer_for(counters) == trick_points(counters.cards, HOUSE) + 20


# ------------------------------------------------------------------------ banks

WRONG_EXPECTED = {
    "winner": ('kind = "winner"\n[[item]]\nid = "w1"\ntrump = "H"\ntrick = "KS AS 9H QS"\nexpected = 2\n',
               "the 3rd card, 9♥"),
    "counters": ('kind = "counters"\n[[item]]\nid = "c1"\ncards = "AS 10S KH QH"\nlast_trick = true\n'
                 "expected = 30\n", "40"),
    "call": ('kind = "call"\n[[item]]\nid = "l1"\ncalls = "pass 250"\nseat = 0\ncall = 260\nexpected = true\n',
             "no"),
}  # fmt: skip


@pytest.mark.parametrize("kind", sorted(WRONG_EXPECTED))
def test_a_teachers_wrong_answer_fails_the_bank_check(kind: str, tmp_path: Path) -> None:
    text, engine = WRONG_EXPECTED[kind]
    path = tmp_path / f"{kind}.toml"
    path.write_text(text, encoding="utf-8")
    items, problems = load_bank(path)
    assert len(items) == 1 and not problems  # the question itself is fine
    (problem,) = audit_bank(path)
    assert problem.field == "expected" and "disagrees with the engine" in problem.message
    assert engine in problem.message and f"{path.name}: item " in str(problem)


def test_a_declared_rule_the_position_does_not_show_fails_the_bank_check(tmp_path: Path) -> None:
    path = tmp_path / "w.toml"
    path.write_text(
        'kind = "winner"\n[[item]]\nid = "w1"\nrules = ["winner.first_identical"]\ntrump = "H"\n'
        'trick = "KS AS 9H QS"\n',
        encoding="utf-8",
    )
    (problem,) = audit_bank(path)
    assert (
        problem.field == "rules" and "does not exercise winner.first_identical" in problem.message
    )


# ------------------------------------------------------------------ second tries


def test_yes_no_questions_have_no_second_try() -> None:
    assert not allows_second_try(CallQuiz(id="l", call=250))
    assert allows_second_try(
        WinnerQuiz(id="w", trick=cards_of("KS AS 9H QS"), trump=parse_suit("H"))
    )
    assert allows_second_try(CountersQuiz(id="c", cards=cards_of("AS")))


def test_hints_state_the_rules_and_never_the_answer() -> None:
    item = CountersQuiz(
        id="c", cards=cards_of("AS 10S KH QH"), last_trick=True, rule_set=DOUBLE_DECK
    )
    text = hint(item)
    assert (
        "Aces, tens and kings count 1 trick point each" in text
        and "a bonus of 2 trick points" in text
    )
    assert "5" not in text
    # One counter in classic: "10 trick points each" would be the answer, so the
    # hint names the counters without their value.
    lone = hint(CountersQuiz(id="c", cards=cards_of("AS QH JH 9H")))
    assert "Aces, tens and kings are counters" in lone and "10" not in lone
    # A lone trump: naming the trump rule alone would tell the answer, so the hint
    # states the whole trick-winner rule.
    w = WinnerQuiz(id="w", trick=cards_of("AS 10S 9H KS"), trump=parse_suit("H"))
    assert rules_of(w) == (QuizRule.WINNER_TRUMP,)
    for rule in (QuizRule.WINNER_TRUMP, QuizRule.WINNER_LED_SUIT, QuizRule.WINNER_FIRST_IDENTICAL):
        assert rule.statement() in hint(w)
    assert "9♥" not in hint(w) and "3rd" not in hint(w)
    passing = generate("bid", 1, 3, focus_rules=["bid.pass"])
    assert all(
        r.statement() in hint(passing)
        for r in (QuizRule.BID_OPEN, QuizRule.BID_RAISE, QuizRule.BID_PASS)
    )


def test_the_call_quiz_names_seats_as_the_lessons_do() -> None:
    """Seats are "you", "your partner", "the left opponent", "the right opponent", in
    the prompt and in the tutor's explanation: never "seat 2"."""
    from pinochle_tutor.course.quiz import check_answer, generate

    for seed in range(6):
        item = generate("call", seed, 2)
        assert not re.search(r"\bseat \d", item.prompt, re.I), item.prompt
        mark = check_answer(item, "yes")
        assert not re.search(r"\bseat \d", mark.explanation, re.I), mark.explanation


_BAD_SEAT_GRAMMAR = re.compile(r"\byou (has|is|was)\b|\byou's\b|\bnot your\W", re.I)
"""A seat worded against its verb or as a possessive the wrong way: "You has passed",
"you's 280", "It is your turn, not your." (issue 45, item 8)."""


def _auctions(rules: RuleSet) -> list[tuple[int | None, ...]]:
    """Every auction of up to five calls from these: pass, the opening bid and raises."""
    steps: list[int | None] = [None, rules.opening_bid, rules.opening_bid + 3 * rules.bid_increment]
    out: list[tuple[int | None, ...]] = [()]
    frontier: list[tuple[int | None, ...]] = [()]
    for _ in range(5):
        grown = []
        for calls in frontier:
            for s in steps:
                if s is not None and calls:
                    high = max((c for c in calls if c is not None), default=None)
                    s = s if high is None else high + (s - rules.opening_bid or rules.bid_increment)
                try:
                    Auction.after((*calls, s), rules.players - 1, rules)
                except ValueError:
                    continue
                grown.append((*calls, s))
        out += grown
        frontier = grown
    return out


@pytest.mark.parametrize("rules", [CLASSIC, DOUBLE_DECK, THREE_HANDED], ids=lambda r: r.name)
def test_the_learners_seat_is_worded_as_you_say_it(rules: RuleSet) -> None:
    """Whatever the auction and whoever calls, the call quiz's verdicts say the
    learner's seat as "you" takes a verb and a possessive: "You have passed", "It is
    your turn", "it raises your 280", never "You has passed" or "you's turn"; on the
    code before, a learner who had passed read "You has passed" and a neighbour's raise
    "raises you's 250"."""
    said: list[str] = []
    for calls in _auctions(rules):
        a = Auction.after(calls, rules.players - 1, rules)
        callers = sorted(set(a.passed) | ({a.turn} if a.turn is not None else set()))
        for seat in callers:
            for call in (None, a.min_bid if not a.is_over else rules.opening_bid):
                for lowest in (False, True):
                    item = CallQuiz(
                        id="g", calls=calls, dealer=rules.players - 1, call=call, seat=seat,
                        lowest=lowest, rule_set=rules,
                    )  # fmt: skip
                    for answer in ("yes", "no") if not lowest else ("none", str(rules.opening_bid)):
                        said.append(check_answer(item, answer).explanation)
    bad = [t for t in said if _BAD_SEAT_GRAMMAR.search(t)]
    assert not bad, bad[:5]
    text = "\n".join(said)
    for right in (
        "You have passed; a pass is final, so you cannot",
        "it raises your ",
        "It is your turn",
    ):
        assert right in text, right
