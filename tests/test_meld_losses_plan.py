"""The exchange's meld count reads a plan made once per trump and meld table, kept by
the table's identity (issue 30): house meld tables, equal tables made apart and one
table after another give exactly what the public meld API gives, and the exchange's
cards are the same as those chosen from the public API's losses."""

from __future__ import annotations

import importlib
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle_tutor import CLASSIC, DOUBLE_DECK, THREE_HANDED, RuleSet, Suit
from pinochle_tutor.rules import MeldTable
from pinochle_tutor.sim import policy
from tests.test_exchange_fast_path import reference_losses

meld = importlib.import_module("pinochle_tutor.meld")

HOUSE = [
    CLASSIC.with_settings(meld_table={"dix": 20, "royal_marriage": 60, "run": [250, 1500]}),
    DOUBLE_DECK.with_settings(meld_table={"marriage": 30, "pinochle": [50, 400, 700, 1000]}),
    THREE_HANDED.with_settings(meld_table={"aces_around": [150, 1000]}),
]
PRESETS = [CLASSIC, DOUBLE_DECK, THREE_HANDED, *HOUSE]


@st.composite
def cases(draw: st.DrawFn) -> tuple[RuleSet, list[int], Suit]:
    """A rule set (a preset or a house meld table), a hand its deck can hold (24
    counts, up to 30 cards) and a trump."""
    rules = draw(st.sampled_from(PRESETS))
    deck = [i for i in range(24) if i % 6 in rules.ranks for _ in range(rules.copies)]
    picked = draw(st.lists(st.sampled_from(range(len(deck))), max_size=30, unique=True))
    counts = [0] * 24
    for k in picked:
        counts[deck[k]] += 1
    return rules, counts, draw(st.sampled_from(list(Suit)))


def copy_of(table: MeldTable) -> MeldTable:
    """An equal table made apart (another object: the plan is kept by identity)."""
    return MeldTable(**{f: getattr(table, f) for f in table.__dataclass_fields__})


@settings(max_examples=500, derandomize=True, deadline=None)
@given(cases())
def test_the_losses_are_the_public_apis_under_house_tables(
    case: tuple[RuleSet, list[int], Suit],
) -> None:
    rules, counts, trump = case
    expected = reference_losses(rules)(counts, int(trump), rules.meld_table)  # type: ignore[operator]
    assert meld.meld_losses(counts, int(trump), rules.meld_table) == expected
    other = copy_of(rules.meld_table)
    assert other == rules.meld_table and other is not rules.meld_table
    assert meld.meld_losses(counts, int(trump), other) == expected


def test_a_plan_belongs_to_its_table() -> None:
    """Tables come and go (house rules): a plan is never read for another table, even
    one made where a dead table was."""
    counts = [0] * 24
    for i in (1, 2, 3, 4, 5, 2, 3, 14, 15, 20, 9, 10):  # no nine: every deck has them
        counts[i] += 1
    for rules in PRESETS * 2:
        table = copy_of(rules.meld_table)
        assert meld.meld_losses(counts, 0, table) == reference_losses(rules)(counts, 0, table)  # type: ignore[operator]
        del table
    assert len(meld._LOSS_PLANS) <= 256


@settings(max_examples=200, derandomize=True, deadline=None)
@given(cases(), st.sampled_from(["pass", "return", "discard"]))
def test_the_exchange_picks_the_cards_the_public_api_picks(
    case: tuple[RuleSet, list[int], Suit], role: str
) -> None:
    rules, counts, trump = case
    n = rules.exchange_size if role != "discard" else rules.kitty_size
    if not n or sum(counts) < n:
        return
    choose = {"pass": policy.choose_pass, "return": policy.choose_return,
              "discard": policy.choose_discard}[role]  # fmt: skip
    args = (counts, int(trump), rules) if role != "discard" else (counts, rules, int(trump))
    fast = choose(*args)  # type: ignore[operator]
    with mock.patch.object(policy, "meld_losses", reference_losses(rules)):
        public = choose(*args)  # type: ignore[operator]
    assert fast == public
