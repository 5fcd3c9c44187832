"""The quiz package's seams: items are plain values (building one asks no engine),
bank entries are built by one builder per kind, rule statements follow the rules
in force, the trick rule cases come from ``positions.classify``, and errors are
narrow."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from pinochle_tutor.cards import parse_cards
from pinochle_tutor.course import quiz
from pinochle_tutor.course.positions import TrickCase, generate_position
from pinochle_tutor.course.quiz import (
    BidQuiz,
    InvalidLevelError,
    InvalidQuizKindError,
    InvalidQuizRuleError,
    QuizKind,
    QuizRule,
    TrickQuiz,
    bidding,
    check_answer,
    generate,
    item_from_entry,
    item_to_entry,
    rules_for,
    rules_of,
)
from pinochle_tutor.course.quiz.entries import BankFormatError
from pinochle_tutor.course.quiz.kinds import KINDS
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED
from pinochle_widgets.progress_view import attempts_frame
from pinochle_widgets.quiz_runner import score_html

HAND = "AH 10H KH QH JH AS AD AC 10S 10D KC QC"


@pytest.fixture
def no_advisor(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the advisor ran")

    monkeypatch.setattr(bidding, "advise_bid", refuse)
    monkeypatch.setattr(bidding, "evaluate_bids", refuse)
    bidding.clear_cache()


# ----------------------------------------------------------------- plain values


@pytest.mark.usefixtures("no_advisor")
def test_building_a_bid_item_runs_no_advisor() -> None:
    start = time.perf_counter()
    item = BidQuiz(id="b", hand=tuple(parse_cards(HAND)), calls=(250, None))
    from_entry = item_from_entry({"kind": "bid", "id": "b2", "hand": HAND, "calls": "250 pass"})
    assert time.perf_counter() - start < 0.05
    assert item.rules == () and from_entry.rules == ()
    assert item_from_entry(item_to_entry(item)) == item
    assert "lowest bid now is 260" in item.prompt  # the prompt needs no advisor either
    with pytest.raises(AssertionError, match="the advisor ran"):
        check_answer(item, "300")  # the advisor is asked when the answer is checked


def test_rule_cases_are_found_when_the_answer_is_checked() -> None:
    item = TrickQuiz(id="t", hand=parse_cards("KS 9S AC"), trick=parse_cards("AS 9H"), trump="H")  # type: ignore[arg-type]
    assert item.rules == ()
    found = (QuizRule.TRICK_FOLLOW_SUIT, QuizRule.TRICK_TRUMPED)
    assert rules_of(item) == rules_for(item) == check_answer(item, "KS").rules == found
    declared = TrickQuiz(id="t", hand=item.hand, trick=item.trick, trump=item.trump, rules=("trick.trumped",))  # type: ignore[arg-type]
    assert rules_for(declared) == check_answer(declared, "KS").rules == (QuizRule.TRICK_TRUMPED,)


def test_generated_and_loaded_items_declare_their_rule_cases(tmp_path: Path) -> None:
    assert generate("trick", 3, 2).rules == rules_of(generate("trick", 3, 2))
    (tmp_path / "m.toml").write_text('kind = "meld"\n[[item]]\nid = "m"\ntrump = "H"\nhand = "KH QH"\n')
    (item,), problems = quiz.load_bank(tmp_path / "m.toml")
    assert not problems and item.rules == (QuizRule.MELD_ROYAL_MARRIAGE,)


# --------------------------------------------------------------- bank builders

ENTRIES: dict[QuizKind, dict[str, Any]] = {
    QuizKind.MELD: {"id": "m", "trump": "H", "hand": "KH QH"},
    QuizKind.TRICK: {"id": "t", "trump": "H", "hand": "KS 9S", "trick": "AS", "card": "9S"},
    QuizKind.SCORE: {"id": "s", "bid": 300, "bidder_meld": 100, "bidder_tricks": 200},
    QuizKind.BID: {"id": "b", "hand": HAND},
    QuizKind.WINNER: {"id": "w", "trump": "H", "trick": "KS AS AS 9H"},
    QuizKind.COUNTERS: {"id": "c", "cards": "AS 10S KH QH", "last_trick": True},
    QuizKind.CALL: {"id": "l", "calls": "250 pass", "call": 260, "seat": 1},
    QuizKind.PLAY: {"id": "p", "deal_seed": 3, "dealer": 0, "cards_played": 5},
    QuizKind.PASS: {"id": "x", "trump": "H", "hand": "AH 10H KH QH JH 9S 9C JC QD KD AS 10S"},
    QuizKind.GAME: {"id": "g", "before": [1420, 1380], "changes": [90, 150], "bidders": 1},
    QuizKind.TABLE: {"id": "d", "question": "declarer", "dealer": 2, "calls": "pass 250 pass pass"},
    QuizKind.STILL_OUT: {"id": "o", "deal_seed": 3, "dealer": 0, "cards_played": 5, "count": "copies", "card": "AS"},
}


def test_one_spec_per_kind() -> None:
    assert list(KINDS) == list(QuizKind) and set(ENTRIES) == set(QuizKind)
    assert all(spec.kind is kind and spec.item_type.kind is kind for kind, spec in KINDS.items())


@pytest.mark.usefixtures("no_advisor")
@pytest.mark.parametrize("kind", list(QuizKind), ids=lambda k: k.value)
def test_every_kind_is_built_from_its_entry(kind: QuizKind) -> None:
    item = item_from_entry({"kind": kind.value, **ENTRIES[kind]})
    assert item.kind is kind and item.id == ENTRIES[kind]["id"]
    assert item_from_entry(ENTRIES[kind], kind=kind) == item  # the bank's kind
    assert item_from_entry(item_to_entry(item)) == item


@pytest.mark.parametrize(
    ("entry", "field", "quoted"),
    [
        ({"kind": "poker", "id": "x"}, "kind", "'poker'"),
        ({"kind": "meld", "id": "x", "trump": "H", "hand": "KH QX"}, "hand", "'QX'"),
        ({"kind": "meld", "id": "x", "trump": "H", "hand": "KH", "rules": ["meld.nope"]}, "rules", "'meld.nope'"),
        ({"kind": "score", "id": "x", "bid": 305, "bidder_meld": 0, "bidder_tricks": 0}, "bid", "305"),
        ({"kind": "bid", "id": "x", "hand": HAND, "calls": "250 maybe"}, "calls", "'maybe'"),
        ({"kind": "trick", "id": "x", "trump": "H", "hand": "KS", "card": "AS"}, "card", "A♠"),
        ({"kind": "winner", "id": "x", "trump": "H", "trick": "KS AS 9H"}, "trick", "3 cards"),
        ({"kind": "winner", "id": "x", "trump": "H", "trick": "KS AS AS AS"}, "trick", "A♠ appears 3 times"),
        ({"kind": "counters", "id": "x", "cards": "AS QX"}, "cards", "'QX'"),
        ({"kind": "counters", "id": "x", "cards": "AS", "last_trick": "yes"}, "last_trick", "'yes'"),
        ({"kind": "call", "id": "x", "calls": "250", "call": "maybe"}, "call", "'maybe'"),
        ({"kind": "call", "id": "x", "calls": "250 pass pass pass"}, "calls", "already over"),
        ({"kind": "call", "id": "x", "calls": "250", "call": 260, "seat": 3}, "seat", "seat 3"),
    ],
)  # fmt: skip
def test_bank_errors_name_the_field_and_quote_the_value(
    entry: dict[str, Any], field: str, quoted: str
) -> None:
    with pytest.raises(BankFormatError) as e:
        item_from_entry(entry)
    assert e.value.field == field and quoted in str(e.value)


def test_errors_are_narrow_and_quote_the_input() -> None:
    with pytest.raises(InvalidQuizKindError, match="'poker'"):
        QuizKind.parse("poker")
    with pytest.raises(InvalidQuizRuleError, match=r"'meld\.nonsense'"):
        QuizRule.parse("meld.nonsense")
    with pytest.raises(InvalidLevelError, match="level=4"):
        generate("meld", 1, level=4)
    package = Path(quiz.__file__).parent
    for path in package.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"raise (PinochleError|ValueError)\(", text), path.name


# ------------------------------------------------------------- rule statements


def test_statements_take_their_numbers_from_the_rules_in_force() -> None:
    assert QuizRule.MELD_RUN.statement() == "A 10 K Q J of trump is a run: 150."
    assert QuizRule.MELD_RUN.statement(DOUBLE_DECK) == "A 10 K Q J of trump is a run: 15."
    assert "run + royal marriage = 19." in QuizRule.MELD_RUN_ROYAL.statement(DOUBLE_DECK)
    assert "at least 1 trick point." in QuizRule.SCORE_MELD_SAVE.statement(DOUBLE_DECK)
    assert "at least 10 trick points." in QuizRule.SCORE_MELD_SAVE.statement(CLASSIC)
    assert "no 9s" in QuizRule.MELD_DIX.statement(DOUBLE_DECK)
    assert "quadruple 300" in QuizRule.MELD_DOUBLE_RUN.statement(DOUBLE_DECK)
    house = CLASSIC.with_settings(meld_table={"run": [200, 2000]}, meld_save=20)
    assert QuizRule.MELD_RUN.statement(house) == "A 10 K Q J of trump is a run: 200."
    assert "double run: 2000" in QuizRule.MELD_DOUBLE_RUN.statement(house)
    assert "= 240" in QuizRule.MELD_RUN_ROYAL.statement(house)
    assert "at least 20 trick points" in QuizRule.SCORE_DEFENDERS.statement(house)
    for rules in (CLASSIC, DOUBLE_DECK, THREE_HANDED, house):
        for rule in QuizRule:
            assert rule.statement(rules).endswith("."), rule
    assert all(rule.description == rule.statement(CLASSIC) for rule in QuizRule)


def test_pages_state_the_rules_they_were_asked_under() -> None:
    item = quiz.MeldQuiz(id="m", hand=parse_cards("AH 10H KH QH JH"), trump="H", rule_set=DOUBLE_DECK)  # type: ignore[arg-type]
    mark = check_answer(item, "15")
    assert mark.right and QuizRule.MELD_RUN in mark.rules
    assert "is a run: 15." in score_html([mark], DOUBLE_DECK)
    assert "is a run: 150." in score_html([mark])
    from pinochle_tutor.classroom.progress import Attempt

    attempt = Attempt("m", "meld", ("meld.run",), "15", True, "2024-01-01T00:00:00Z")
    frame = attempts_frame([attempt], DOUBLE_DECK)
    assert list(frame["description"]) == ["A 10 K Q J of trump is a run: 15."]


# ----------------------------------------------------- one path for trick cases


@pytest.mark.parametrize("rules", [CLASSIC, DOUBLE_DECK, THREE_HANDED], ids=lambda r: r.name)
def test_trick_rule_cases_follow_classify(rules: Any) -> None:
    expected = {
        TrickCase.FOLLOW_SUIT: {QuizRule.TRICK_FOLLOW_SUIT},
        TrickCase.MUST_BEAT: {QuizRule.TRICK_FOLLOW_SUIT, QuizRule.TRICK_BEAT},
        TrickCase.TRUMPED_TRICK: {QuizRule.TRICK_FOLLOW_SUIT, QuizRule.TRICK_TRUMPED},
        TrickCase.MUST_TRUMP: {QuizRule.TRICK_TRUMP},
        TrickCase.MUST_OVERTRUMP: {QuizRule.TRICK_TRUMP, QuizRule.TRICK_OVER_TRUMP},
        TrickCase.CANNOT_OVERTRUMP: {QuizRule.TRICK_TRUMP},
        TrickCase.DISCARD: {QuizRule.TRICK_DISCARD},
    }
    for case, want in expected.items():
        for seed in range(5):
            p = generate_position(case, seed, rules)
            item = TrickQuiz(id="p", hand=p.hand, trick=p.trick, trump=p.trump, rule_set=rules)
            found = set(rules_of(item)) - {QuizRule.TRICK_PARTNER_WINNING}
            assert found == want, (case, p)
