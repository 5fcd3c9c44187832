"""Fuzzing every text entry point: a correct answer or a clear error, never a crash.

A few thousand generated cases each (hypothesis, derandomized so CI is stable):
card and suit notation, rule-set overrides, the site's house rules file, progress
files and quiz bank files as raw bytes. Quiz answers are fuzzed in test_quiz.py.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle_tutor import (
    CLASSIC,
    Card,
    InvalidCardError,
    InvalidRulesError,
    InvalidSuitError,
    Suit,
    parse_card,
    parse_cards,
    parse_suit,
)
from pinochle_tutor.classroom.house_rules import load_house_rules
from pinochle_tutor.classroom.progress import Progress
from pinochle_tutor.course.quiz import load_bank

FUZZ = settings(max_examples=3000, deadline=None, derandomize=True)
FILES = settings(
    max_examples=1500,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
CARDISH = st.text(alphabet="AaTtKkQqJj9 10SsHhDdCc♠♥♦♣,;xX2\t\n", max_size=12) | st.text(
    max_size=12
)


@FUZZ
@given(CARDISH)
def test_card_notation(text: str) -> None:
    try:
        card = parse_card(text)
    except InvalidCardError as err:
        assert repr(text) in str(err) or repr(text.strip()) in str(err)
        return
    assert isinstance(card, Card)
    assert parse_card(str(card)) is card and parse_card(card.code) is card


@FUZZ
@given(CARDISH)
def test_card_lists(text: str) -> None:
    try:
        cards = parse_cards(text)
    except InvalidCardError as err:
        assert "is not a card" in str(err)
        return
    assert parse_cards(" ".join(c.code for c in cards)) == cards


@FUZZ
@given(st.text(max_size=10))
def test_suit_notation(text: str) -> None:
    try:
        suit = parse_suit(text)
    except InvalidSuitError as err:
        assert repr(text) in str(err)
        return
    assert isinstance(suit, Suit)


SETTING_NAMES = [*CLASSIC.settings(), "targt", "meld"]
VALUES = st.one_of(
    st.integers(-5, 3000), st.booleans(), st.text(max_size=5), st.none(),
    st.lists(st.integers(-5, 200), max_size=6), st.dictionaries(st.text(max_size=8), st.integers(), max_size=3),
)  # fmt: skip


@FUZZ
@given(st.dictionaries(st.sampled_from(SETTING_NAMES), VALUES, max_size=3))
def test_rule_overrides(overrides: dict[str, object]) -> None:
    try:
        rules = CLASSIC.with_settings(**overrides)
    except InvalidRulesError as err:
        assert str(err)
        return
    assert (
        rules.total_trick_points >= 0
        and rules.deck_size == rules.players * rules.hand_size + rules.kitty_size
    )


TOMLISH = st.text(
    alphabet='preset="classicdouble_dk]thre[settings]\n=0123456789.target meld_save', max_size=80
)


@FILES
@given(st.one_of(TOMLISH, st.binary(max_size=80).map(lambda b: b.decode("latin-1"))))
def test_house_rules_file(tmp_path: Path, text: str) -> None:
    path = tmp_path / "house_rules.toml"
    path.write_text(text, encoding="utf-8")
    house = load_house_rules(path)  # never raises
    assert house.rules.deck_size > 0
    summary = house.summary()
    assert house.ok or all(problem in summary for problem in house.problems)
    assert house.ok or "classic rules are used instead" in summary or "ignored" in summary


@FILES
@given(st.binary(max_size=300) | st.text(max_size=200).map(str.encode))
def test_progress_file(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "progress.json"
    path.write_bytes(data)
    progress = Progress.load(path)  # a corrupt file is set aside, never fatal
    progress.record("fuzz-1", "meld", ["meld.run"], "190", True)
    progress.save()
    assert Progress.load(path).summary()


@FILES
@given(st.binary(max_size=300), st.sampled_from(["bank.toml", "bank.json"]))
def test_bank_file(tmp_path: Path, data: bytes, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    items, problems = load_bank(
        path
    )  # never raises; names the file when wrong (empty banks are fine)
    assert isinstance(items, list)
    assert all(name in str(p) for p in problems)
