"""The table questions (the deck, the deal, the seats): answers from the rules text,
checked against the engine's own hand, under every rule set."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle_tutor.course.quiz import (
    QuizRule,
    TableQuiz,
    answer_for,
    answer_text,
    check_answer,
    generate,
    hint,
    item_from_entry,
    item_to_entry,
    load_bank,
)
from pinochle_tutor.course.quiz.entries import BankFormatError
from pinochle_tutor.course.quiz.kinds import spec_for
from pinochle_tutor.course.quiz.kinds.table import TableQuestion, seat_choices
from pinochle_tutor.deal import deal
from pinochle_tutor.game import Hand
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, PRESETS, THREE_HANDED, RuleSet
from pinochle_tutor.view import Phase

Q = TableQuestion


def ask(question: Q, rules: RuleSet = CLASSIC, **fields: object) -> TableQuiz:
    return TableQuiz(id="t", question=question, rule_set=rules, **fields)  # type: ignore[arg-type]


# ----------------------------------------------------------- the rules text


@pytest.mark.parametrize(
    ("rules", "deck", "hand", "copies"),
    [(CLASSIC, 48, 12, 2), (DOUBLE_DECK, 80, 20, 4), (THREE_HANDED, 48, 15, 2)],
    ids=["classic", "double_deck", "three_handed"],
)
def test_the_deck_and_the_deal(rules: RuleSet, deck: int, hand: int, copies: int) -> None:
    """RULES.md: 48 cards, two of each, 12 each; double deck 80, four of each, 20 each;
    three-handed 15 each and 3 to a kitty."""
    assert answer_text(ask(Q.DECK, rules)) == str(deck)
    assert answer_text(ask(Q.HAND, rules)) == str(hand)
    assert answer_text(ask(Q.COPIES, rules, card="AS")) == str(copies)
    if rules.has_kitty:
        assert answer_text(ask(Q.KITTY, rules)) == "3"
    assert str(deck) in QuizRule.TABLE_DECK.statement(rules)


@pytest.mark.parametrize(
    ("dealer", "next_dealer"),
    [(0, "Left opponent"), (1, "Partner"), (2, "Right opponent"), (3, "You")],
)
def test_the_deal_moves_clockwise_and_the_auction_starts_at_the_dealers_left(
    dealer: int, next_dealer: str
) -> None:
    assert answer_text(ask(Q.NEXT_DEALER, dealer=dealer)) == next_dealer
    assert answer_text(ask(Q.FIRST_CALL, dealer=dealer)) == next_dealer


def test_partners_sit_opposite() -> None:
    assert [answer_text(ask(Q.PARTNER, seat=s)) for s in range(4)] == [
        "Partner", "Right opponent", "You", "Left opponent",
    ]  # fmt: skip
    assert "Partner" not in seat_choices(THREE_HANDED)
    assert (
        QuizRule.TABLE_PARTNER.statement(THREE_HANDED)
        == "Nobody has a partner: every player plays alone."
    )


def test_the_high_bidder_declares_and_the_stuck_dealer_when_all_pass() -> None:
    won = ask(Q.DECLARER, dealer=3, calls=(250, 260, None, 270, None, None))
    assert answer_text(won) == "Right opponent"  # seat 3 bid 270 last
    stuck = ask(Q.FIRST_LEAD, dealer=1, calls=(None, None, None))
    assert answer_text(stuck) == "Left opponent"
    assert "everyone else passed without a bid" in check_answer(stuck, "you").explanation


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 10_000), st.integers(1, 3))
def test_generated_seat_answers_agree_with_the_engines_hand(
    name: str, seed: int, level: int
) -> None:
    """Every generated question's answer is the engine's: the declarer and the first
    leader are those of a real :class:`Hand` after the same calls."""
    rules = PRESETS[name]
    item = generate("table", seed, level, rules=rules)
    assert isinstance(item, TableQuiz) and item.rule_set == rules
    right = answer_text(item)
    assert check_answer(item, right).right
    assert not re.search(rf"\b{right}\b", hint(item))
    if item.question in (Q.DECLARER, Q.FIRST_LEAD):
        h = Hand(item.dealer, rules, seed=seed)
        for call in item.calls:
            assert h.to_act is not None
            h.bid(h.to_act, call)
        assert h.declarer == answer_for(item)
        while h.phase is not Phase.PLAY:  # trump, the kitty or the exchange: any legal way
            h.apply(next(h.legal_actions()))
        assert h.to_act == answer_for(item)  # the declarer leads the first trick
    if item.question is Q.HAND:
        assert all(len(cards) == answer_for(item) for cards in deal(0, rules, seed=seed).hands)
    assert item_from_entry(item_to_entry(item)) == item


# ----------------------------------------------------------------- answers


def test_seat_answers_are_read_by_name_and_a_wrong_one_is_explained() -> None:
    item = ask(Q.NEXT_DEALER, dealer=2)  # the partner dealt: the right opponent deals next
    for text in ("Right opponent", "right", "RIGHT OPPONENT"):
        assert check_answer(item, text).right, text
    mark = check_answer(item, "partner")
    assert mark.readable and not mark.right and mark.correct == "Right opponent"
    assert mark.explanation.startswith("You answered Partner; the answer is Right opponent.")
    bad = check_answer(item, "north")
    assert not bad.readable and "'north' is not a seat" in bad.explanation
    assert "'Left opponent'" in bad.explanation
    three = ask(Q.NEXT_DEALER, THREE_HANDED, dealer=0)
    assert not check_answer(three, "partner").readable


def test_bank_entries_that_cannot_be_asked_are_refused_by_field(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        'kind = "table"\n'
        '[[item]]\nid = "a"\nquestion = "weather"\n'
        '[[item]]\nid = "b"\nquestion = "copies"\ncard = "9S"\nrule_set = "double_deck"\n'
        '[[item]]\nid = "c"\nquestion = "declarer"\ndealer = 0\ncalls = "250 pass"\n'
        '[[item]]\nid = "d"\nquestion = "partner"\nrule_set = "three_handed"\n'
        '[[item]]\nid = "e"\nquestion = "kitty"\n'
        '[[item]]\nid = "ok"\nquestion = "first_call"\ndealer = 2\n',
        encoding="utf-8",
    )
    items, problems = load_bank(path)
    assert [i.id for i in items] == ["ok"]
    fields = {(p.item or '').split("'")[1]: p.field for p in problems}
    assert fields == {"a": "question", "b": "card", "c": "calls", "d": "question", "e": "question"}
    assert any("'weather' is not a question" in p.message for p in problems)


def test_the_screen_offers_the_seats_or_a_box() -> None:
    seats = spec_for(ask(Q.PARTNER, seat=1)).screen(ask(Q.PARTNER, seat=1))
    assert seats.choices == ("You", "Left opponent", "Partner", "Right opponent")
    assert seats.buttons_only
    box = spec_for(ask(Q.DECK)).screen(ask(Q.DECK))
    assert not box.choices and "48" not in box.example
    with pytest.raises(BankFormatError):
        spec_for(ask(Q.DECK)).from_entry({"question": 3}, {"id": "x"}, CLASSIC)
