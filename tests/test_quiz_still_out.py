"""The counting drill, "How many are still out?" (``still_out``): the rules table of each
case under every preset on small positions counted by hand, a property that the
engine's count is the deck less what the seat can see (checked against the hands the
other players really hold, from the whole deal), and the marks of right, wrong and
unreadable answers, quoting them."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle_tutor.cards import Card, parse_card, parse_cards, parse_suit
from pinochle_tutor.course.quiz import (
    QuizRule,
    answer_text,
    check_answer,
    generate,
    hint,
    item_from_entry,
    item_to_entry,
    rules_of,
)
from pinochle_tutor.course.quiz.entries import BankFormatError
from pinochle_tutor.course.quiz.kinds import KINDS, StillOutQuiz
from pinochle_tutor.course.quiz.kinds.play import play_position
from pinochle_tutor.course.quiz.kinds.still_out import still_out_count
from pinochle_tutor.course.quiz.vocabulary import QuizKind
from pinochle_tutor.explain import OutCount, count_still_out
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, PRESETS, THREE_HANDED, RuleSet
from pinochle_tutor.view import Phase, PlayerView, TrickRecord

SPEC = KINDS[QuizKind.STILL_OUT]


def _view(
    rules: RuleSet,
    hand: str,
    trick_done: str,
    table: str,
    *,
    seat: int = 0,
    declarer: int = 1,
    given: str = "",
) -> PlayerView:
    """A seat's view in trick play, hearts trump: ``hand``, one finished trick
    ``trick_done`` (seat 1 led it) and ``table`` on the table (led by seat 1)."""
    done = tuple(parse_cards(trick_done))
    n = rules.players
    on_table = tuple(parse_cards(table))
    return PlayerView(
        seat=seat, phase=Phase.PLAY, rules=rules, dealer=0, hand=tuple(parse_cards(hand)),
        auction=(), high_bid=None, min_bid=rules.opening_bid, declarer=declarer,
        contract=rules.opening_bid, trump=parse_suit("H"), melds=None,
        tricks=(TrickRecord(1, done, tuple((1 + i) % n for i in range(n)), 1, 0),),
        trick=on_table, trick_seats=tuple((1 + i) % n for i in range(len(on_table))), legal=(),
        given=tuple(parse_cards(given)),
    )  # fmt: skip


HAND, TABLE = "AH 10H KS", "KH"
"""The learner's hand and the card on the table, the same under every preset."""
DONE = {"classic": "QH JH AS KD", "double_deck": "QH JH AS KD", "three_handed": "QH JH AS"}
"""The finished trick: one card a player."""

# (preset, count, card, expected): counted by hand. Classic: 12 trumps (2 x A 10 K Q J 9),
# counters 10 each, 240 in the deck; double deck: 20 trumps (4 x A 10 K Q J), counters 1
# each, 48 in the deck; three-handed: the classic deck and counters.
TABLE_CASES = [
    # trumps: AH 10H in hand, QH JH played, KH on the table: 5 seen
    ("classic", OutCount.TRUMPS, None, 12 - 5),
    ("double_deck", OutCount.TRUMPS, None, 20 - 5),
    ("three_handed", OutCount.TRUMPS, None, 12 - 5),
    # counters: AH 10H KS in hand (30 / 3), AS KD played (20 / 2; three-handed AS: 10),
    # KH on the table (10 / 1)
    ("classic", OutCount.COUNTERS, None, 240 - 30 - 20 - 10),
    ("double_deck", OutCount.COUNTERS, None, 48 - 3 - 2 - 1),
    ("three_handed", OutCount.COUNTERS, None, 240 - 30 - 10 - 10),
    # copies of A♠: one played
    ("classic", OutCount.COPIES, "AS", 2 - 1),
    ("double_deck", OutCount.COPIES, "AS", 4 - 1),
    ("three_handed", OutCount.COPIES, "AS", 2 - 1),
    # copies of K♠: one in hand; of 10♣: none seen
    ("classic", OutCount.COPIES, "KS", 1),
    ("double_deck", OutCount.COPIES, "KS", 3),
    ("classic", OutCount.COPIES, "10C", 2),
    ("double_deck", OutCount.COPIES, "10C", 4),
]


@pytest.mark.parametrize(("preset", "count", "card", "expected"), TABLE_CASES)
def test_the_count_under_every_preset(
    preset: str, count: OutCount, card: str | None, expected: int
) -> None:
    rules = PRESETS[preset]
    e = count_still_out(
        _view(rules, HAND, DONE[preset], TABLE), count, parse_card(card) if card else None
    )
    assert e.out == expected
    assert f"so {expected} {'is' if expected == 1 else 'are'} still out." in e.text


@pytest.mark.parametrize(
    ("seat", "expected"),
    [(1, 240 - 10 - 10 - 10 - 20), (0, 240 - 10 - 10 - 10)],
    ids=["the declarer's own discard", "a defender: the discard is hidden"],
)
def test_three_handed_the_discard_counts_only_for_the_declarer(seat: int, expected: int) -> None:
    """The declarer (seat 1) discarded A♦ 10♦ 9♣ (20 trick points): out of play to it, still
    out to a defender, who never saw them."""
    view = _view(THREE_HANDED, "KS QC", "QH JH AS", "KH", seat=seat, declarer=1,
                 given="AD 10D 9C" if seat == 1 else "")  # fmt: skip
    e = count_still_out(view, OutCount.COUNTERS)
    assert e.out == expected
    if seat == 1:
        assert "20 in your discard" in e.text and not e.discard_hidden
    else:
        assert "discard is face down" in e.text and e.discard_hidden


def test_the_explanation_is_a_sum_of_its_pieces() -> None:
    e = count_still_out(_view(CLASSIC, HAND, DONE["classic"], TABLE), OutCount.TRUMPS)
    assert e.sum_line() == (
        "12 trumps in the deck: 2 in your hand, 2 in the tricks played, 1 on the table, "
        "so 7 are still out."
    )
    assert "Meld the other players showed does not change the count" in e.text
    c = count_still_out(_view(DOUBLE_DECK, HAND, DONE["double_deck"], TABLE), OutCount.COUNTERS)
    assert c.sum_line().startswith("48 trick points in counters in the deck: 3 in your hand")
    assert "The last trick's bonus of 2 trick points is no card" in c.text
    a = count_still_out(_view(DOUBLE_DECK, HAND, DONE["double_deck"], TABLE), OutCount.COPIES,
                        parse_card("AS"))  # fmt: skip
    assert a.sum_line().startswith("Four copies of A♠ in the deck: 0 in your hand, 1 in the tricks")


# ------------------------------------------------------------------ generated items


def _seen_elsewhere(item: StillOutQuiz) -> list[Card]:
    """The cards the seat cannot see, from the whole deal: the other players' hands and,
    three-handed, the declarer's discard when the seat is not the declarer."""
    h = play_position(item.deal_seed, item.dealer, item.cards_played, item.rule_set)
    seat = h.to_act
    assert seat is not None
    hidden = [c for s in range(item.rule_set.players) if s != seat for c in h.hands[s]]
    if item.rule_set.has_kitty and seat != h.declarer:
        hidden += h.discards
    return hidden


def _independent_count(item: StillOutQuiz) -> int:
    rules = item.rule_set
    h = play_position(item.deal_seed, item.dealer, item.cards_played, rules)
    hidden = _seen_elsewhere(item)
    if item.count is OutCount.TRUMPS:
        return sum(c.suit is h.trump for c in hidden)
    if item.count is OutCount.COUNTERS:
        return sum(rules.counter_points[c.rank] for c in hidden)
    return sum(c == item.card for c in hidden)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    level=st.sampled_from([1, 2, 3]),
    preset=st.sampled_from(["classic", "double_deck", "three_handed"]),
    rule=st.sampled_from([QuizRule.STILL_OUT_TRUMPS, QuizRule.STILL_OUT_COUNTERS,
                          QuizRule.STILL_OUT_COPIES]),
)  # fmt: skip
def test_the_engine_counts_the_cards_the_others_hold(
    seed: int, level: int, preset: str, rule: QuizRule
) -> None:
    item = generate("still_out", seed, level=level, focus_rules=[rule], rules=preset)
    assert isinstance(item, StillOutQuiz) and item.rules == (rule,)
    answer = _independent_count(item)
    assert answer_text(item) == str(answer)
    assert check_answer(item, str(answer)).right
    assert not check_answer(item, str(answer + 1)).right
    # Only the seat's view is shown: its own hand and the trick on the table.
    h = play_position(item.deal_seed, item.dealer, item.cards_played, item.rule_set)
    screen = SPEC.screen(item)
    assert h.to_act is not None
    assert screen.shown == tuple(h.hands[h.to_act]) and screen.trick == tuple(h.trick)
    assert item_from_entry(item_to_entry(item)) == item


@pytest.mark.parametrize("level", [1, 2, 3])
def test_levels_ask_early_middle_and_late(level: int) -> None:
    n = CLASSIC.players * CLASSIC.hand_size
    played = [generate("still_out", s, level=level).cards_played for s in range(12)]  # type: ignore[attr-defined]
    lo, hi = {1: (CLASSIC.players, n // 4), 2: (n // 4, n * 2 // 3), 3: (n * 2 // 3, n)}[level]
    assert all(lo <= p <= hi for p in played), played


# --------------------------------------------------------------------------- marks


ITEM = {"kind": "still_out", "id": "o", "deal_seed": 1468303204, "dealer": 0, "cards_played": 7,
        "count": "trumps"}  # fmt: skip


def test_a_right_answer_is_marked_right() -> None:
    item = item_from_entry(ITEM)
    right = answer_text(item)
    mark = check_answer(item, right)
    assert mark.right and mark.readable and mark.correct == right
    assert mark.rules == (QuizRule.STILL_OUT_TRUMPS,) == rules_of(item)
    assert check_answer(item, f" {right}.").right


def test_a_wrong_answer_quotes_it_and_shows_the_sum() -> None:
    item = item_from_entry(ITEM)
    right = int(answer_text(item))
    mark = check_answer(item, str(right + 2))
    assert mark.readable and not mark.right
    assert mark.explanation.startswith(f"You gave {right + 2}; {right} ")
    assert "trumps in the deck:" in mark.explanation


def test_forgetting_the_own_hand_is_named() -> None:
    item = item_from_entry(ITEM)
    assert isinstance(item, StillOutQuiz)
    own = still_out_count(item).in_hand
    mark = check_answer(item, str(SPEC.answer(item) + own))
    assert f"You did not take away the {own} trumps in your hand." in mark.explanation


@pytest.mark.parametrize(
    ("text", "quoted"),
    [("six", "'six'"), ("-3", "'-3'"), ("1234567", "'1234567'"), ("", "empty")],
)
def test_an_unreadable_answer_is_refused_quoting_it(text: str, quoted: str) -> None:
    mark = check_answer(item_from_entry(ITEM), text)
    assert not mark.readable and not mark.right and mark.correct == ""
    assert quoted in mark.explanation


def test_the_second_try_hint_names_the_pieces_not_the_answer() -> None:
    item = item_from_entry(ITEM)
    words = hint(item)
    assert "your hand, the tricks played and the trick on the table" in words
    assert f" {answer_text(item)} " not in f" {words} ".replace(".", " ").replace(",", " ")


# ------------------------------------------------------------------- bank entries


@pytest.mark.parametrize(
    ("change", "field", "quoted"),
    [
        ({"count": "kings"}, "count", "'kings'"),
        ({"count": "copies"}, "card", "missing"),
        ({"count": "copies", "card": "9H", "rule_set": "double_deck"}, "card", "9♥"),
        ({"card": "AS"}, "card", "'AS'"),
        ({"cards_played": 47}, "cards_played", "cards_played=47"),
    ],
)
def test_bank_errors_name_the_field_and_quote_the_value(
    change: dict[str, object], field: str, quoted: str
) -> None:
    with pytest.raises(BankFormatError) as e:
        item_from_entry({**ITEM, **change})
    assert e.value.field == field and quoted in str(e.value)


def test_the_statements_take_their_numbers_from_the_rules() -> None:
    assert "12 trumps" in QuizRule.STILL_OUT_TRUMPS.statement(CLASSIC)
    assert "20 trumps" in QuizRule.STILL_OUT_TRUMPS.statement(DOUBLE_DECK)
    assert "240 trick points" in QuizRule.STILL_OUT_COUNTERS.statement(THREE_HANDED)
    assert "48 trick points" in QuizRule.STILL_OUT_COUNTERS.statement(DOUBLE_DECK)
    assert "four copies" in QuizRule.STILL_OUT_COPIES.statement(DOUBLE_DECK)
    assert "discard" in QuizRule.STILL_OUT_COPIES.statement(THREE_HANDED)


def test_counting_counter_cards_instead_of_their_points_is_named() -> None:
    """Classic counters are worth 10 each: a count of the cards is named as such."""
    from dataclasses import replace

    item = item_from_entry(ITEM)
    assert isinstance(item, StillOutQuiz)
    counters = replace(item, count=OutCount.COUNTERS, id="c")
    out = SPEC.answer(counters)
    assert out % 10 == 0 and out
    mark = check_answer(counters, str(out // 10))
    assert "Each counter is worth 10 trick points: count points, not cards." in mark.explanation


def test_the_three_handed_hint_names_the_declarers_discard() -> None:
    from pinochle_tutor.rules import THREE_HANDED

    item = next(
        i for seed in range(50)
        if isinstance(i := SPEC.build(random.Random(seed), 2, QuizRule.STILL_OUT_TRUMPS, THREE_HANDED), StillOutQuiz)
    )  # fmt: skip
    assert "your discard" in SPEC.hint(item)
