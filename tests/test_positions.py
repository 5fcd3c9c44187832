"""pinochle_tutor.course.positions: generated trick positions cover every rule case, and
each position's case is what the engine (legal_plays / check_play) says it is."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle_tutor import (
    CLASSIC,
    DOUBLE_DECK,
    THREE_HANDED,
    PinochleError,
    RuleSet,
    TrickRule,
    check_play,
    legal_plays,
    trick_winner,
)
from pinochle_tutor.course.positions import (
    Position,
    TrickCase,
    classify,
    generate_position,
    position_stream,
)
from pinochle_tutor.view import seat_name

PRESETS = [CLASSIC, DOUBLE_DECK, THREE_HANDED]


def assert_engine_agrees(p: Position) -> None:
    """Check the case against the engine's legal set and verdicts, independently of classify()."""
    held = set(p.hand)
    legal = set(legal_plays(p.hand, p.trick, p.trump))
    verdicts = {c: check_play(p.hand, p.trick, p.trump, c, p.rules) for c in held}
    assert {c for c, v in verdicts.items() if v.legal} == legal
    led, t = p.trick[0].suit, p.trump
    win = p.trick[trick_winner(p.trick, t)]
    led_held = {c for c in held if c.suit == led}
    trumps = {c for c in held if c.suit == t}
    illegal_rules = {v.rule for v in verdicts.values() if not v.legal}
    case = p.case
    if case is TrickCase.FOLLOW_SUIT:
        assert win.suit == led
        assert legal == led_held and not any(c.rank > win.rank for c in led_held)
        assert illegal_rules == {TrickRule.FOLLOW_SUIT}
    elif case is TrickCase.MUST_BEAT:
        assert win.suit == led
        assert legal == {c for c in led_held if c.rank > win.rank}
        assert TrickRule.BEAT in illegal_rules  # a lower card of the led suit is refused
    elif case is TrickCase.TRUMPED_TRICK:
        assert led != t and win.suit == t
        assert legal == led_held and illegal_rules == {TrickRule.FOLLOW_SUIT}
    elif case is TrickCase.MUST_TRUMP:
        assert not led_held and win.suit != t
        assert legal == trumps and illegal_rules == {TrickRule.TRUMP}
    elif case is TrickCase.MUST_OVERTRUMP:
        assert not led_held and win.suit == t != led
        assert legal == {c for c in trumps if c.rank > win.rank}
        assert trumps - legal  # a lower trump is refused
    elif case is TrickCase.CANNOT_OVERTRUMP:
        assert not led_held and win.suit == t != led
        assert legal == trumps and not any(c.rank > win.rank for c in trumps)
        assert illegal_rules == {TrickRule.TRUMP}
    else:
        assert case is TrickCase.DISCARD
        assert not led_held and not trumps and legal == held


def assert_realistic(p: Position) -> None:
    rules = p.rules
    counts = Counter(p.hand) + Counter(p.trick)
    assert max(counts.values()) <= rules.copies
    assert all(c.rank in rules.ranks for c in counts)
    assert 1 <= len(p.trick) < rules.players
    assert 1 <= len(p.hand) <= rules.hand_size
    assert list(p.hand) == sorted(p.hand, key=lambda c: c.order)
    # Seats: clockwise from the leader, ending just before the learner.
    assert len(p.trick_seats) == len(p.trick)
    assert (p.trick_seats[-1] + 1) % rules.players == p.seat
    for a, b in itertools.pairwise(p.trick_seats):
        assert (a + 1) % rules.players == b
    assert p.partner_winning == (rules.partnerships and p.trick_seats[p.winner] == (p.seat + 2) % 4)


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.name)
def test_over_1000_seeds_every_case_comes_up_and_is_right(rules: RuleSet) -> None:
    seen: Counter[TrickCase] = Counter()
    partner: Counter[TrickCase] = Counter()
    for seed in range(1000):
        p = generate_position(seed=seed, rules=rules)
        assert classify(p.hand, p.trick, p.trump, p.rules) is p.case
        assert_engine_agrees(p)
        assert_realistic(p)
        seen[p.case] += 1
        partner[p.case] += p.partner_winning
    assert set(seen) == set(TrickCase)
    if rules.partnerships:
        assert all(partner[c] > 0 for c in TrickCase), partner
    else:
        assert not any(partner.values())


@pytest.mark.parametrize("case", list(TrickCase), ids=lambda c: c.name)
@pytest.mark.parametrize("winning", [True, False])
def test_each_case_with_and_without_the_partner_winning(case: TrickCase, winning: bool) -> None:
    for seed in range(30):
        p = generate_position(case, seed=seed, partner_winning=winning)
        assert p.case is case and p.partner_winning is winning
        assert_engine_agrees(p)
        assert_realistic(p)


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    case=st.sampled_from(list(TrickCase)),
    rules=st.sampled_from(PRESETS),
)
def test_any_seed_any_case(seed: int, case: TrickCase, rules: RuleSet) -> None:
    p = generate_position(case, seed=seed, rules=rules)
    assert p.case is case
    assert_engine_agrees(p)
    assert_realistic(p)


def test_same_seed_same_position() -> None:
    assert generate_position(seed=42) == generate_position(seed=42)
    assert generate_position(seed=42) != generate_position(seed=43)


def test_rules_by_name() -> None:
    p = generate_position(TrickCase.MUST_TRUMP, seed=1, rules="double deck")
    assert p.rules is DOUBLE_DECK


def test_stream_cycles_through_every_case_each_round() -> None:
    stream = position_stream(seed=5)
    for _ in range(3):
        round_ = [next(stream) for _ in TrickCase]
        assert {p.case for p in round_} == set(TrickCase)
    again = position_stream(seed=5)
    assert next(again) == next(position_stream(seed=5))


def test_stream_of_chosen_cases() -> None:
    stream = position_stream(seed=1, cases=[TrickCase.DISCARD])
    assert {next(stream).case for _ in range(10)} == {TrickCase.DISCARD}
    with pytest.raises(PinochleError):
        next(position_stream(seed=1, cases=[]))


def test_seat_names_from_the_learners_chair() -> None:
    assert [seat_name(s, 0, CLASSIC) for s in range(4)] == [
        "You",
        "Left opponent",
        "Partner",
        "Right opponent",
    ]
    assert [seat_name(s, 0, THREE_HANDED) for s in range(3)] == [
        "You",
        "Left opponent",
        "Right opponent",
    ]
    p = generate_position(TrickCase.MUST_BEAT, seed=3, partner_winning=True)
    names = p.seat_names()
    assert names[-1] == "Right opponent" and names[-2] == "Partner"
    assert "your partner's card" in p.describe()
    assert p.describe().startswith(f"{p.trump.plural.capitalize()} are trump.")


def test_classify_needs_a_trick_and_a_hand() -> None:
    with pytest.raises(PinochleError):
        classify("AS", [], "H")
    with pytest.raises(PinochleError):
        classify([], ["AS"], "H")


def test_case_labels() -> None:
    assert TrickCase.MUST_OVERTRUMP.label == "must over-trump"
    assert len({c.label for c in TrickCase}) == len(TrickCase)


def test_svg_and_positions_import_nothing_from_jupyter() -> None:
    import subprocess
    import sys

    code = (
        "import sys, pinochle_tutor.course.positions, pinochle_tutor.svg\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'ipywidgets', 'IPython', 'ipykernel', 'traitlets', 'voila', 'pandas'})\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_a_lead_cannot_be_classified_and_the_message_quotes_the_position() -> None:
    from pinochle_tutor.explain.play import InvalidPositionError

    with pytest.raises(InvalidPositionError, match=r"^A trick position needs a card led .* 'A♠ K♠'"):
        classify("AS KS", "", "H")
