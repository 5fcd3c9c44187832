"""Every valid house rule is playable: a hand plays and scores, the bidding advisor's
numbers do not grow with the size of the bids, and every generator either gives an
item or refuses at once with a message naming the case and the rules."""

from __future__ import annotations

import collections
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle_tutor import CLASSIC, DOUBLE_DECK, THREE_HANDED, InvalidRulesError, RuleSet
from pinochle_tutor.cards import Suit
from pinochle_tutor.course import positions
from pinochle_tutor.course.positions import TrickCase, generate_position
from pinochle_tutor.course.quiz import bidding
from pinochle_tutor.course.quiz.generators import ATTEMPTS, QuizRequestError, generate
from pinochle_tutor.course.quiz.kinds import KINDS
from pinochle_tutor.course.quiz.vocabulary import QuizKind, QuizRule, rule_applies
from pinochle_tutor.game import play_hand
from pinochle_tutor.players import RandomPlayer
from pinochle_tutor.sim.bidding import TrumpOutlook
from pinochle_tutor.view import Phase

TRICKY: dict[str, RuleSet] = {
    "meld_save_250": CLASSIC.with_settings(meld_save=250),
    "only_aces_count": CLASSIC.with_settings(counter_points=[0, 0, 0, 0, 0, 10]),
    "double_deck": DOUBLE_DECK,
    "three_handed": THREE_HANDED,
    "opening_5000": CLASSIC.with_settings(opening_bid=5000, stuck_bid=5000),
    "one_copy": CLASSIC.with_settings(copies=1, ranks=["J", "Q", "K", "10", "A"], hand_size=5),
    "no_meld_save_no_dix": CLASSIC.with_settings(meld_save=0, meld_table={"dix": 0}),
}


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Iterator[collections.Counter[str]]:
    """Counts the items each generator builds and the advisor's simulations (with a
    few deals each, so the bidding cases run fast; the cache is emptied around it)."""
    calls: collections.Counter[str] = collections.Counter()
    advise = bidding.advise_bid  # type: ignore[attr-defined]

    def counting_advisor(*args: Any, **kwargs: Any) -> Any:
        calls["advisor"] += 1
        kwargs["samples"] = 4
        return advise(*args, **kwargs)

    monkeypatch.setattr(bidding, "advise_bid", counting_advisor)
    # The answer's own simulation: one chunk of a few deals.
    monkeypatch.setattr(bidding, "ADVISOR_SAMPLES", 4)
    monkeypatch.setattr(bidding, "CHUNK_SAMPLES", 4)
    for kind, spec in KINDS.items():

        def counting_builder(*args: Any, _build: Any = spec.build, _kind: QuizKind = kind) -> Any:
            calls[_kind.value] += 1
            return _build(*args)

        monkeypatch.setattr(spec, "build", counting_builder)
    try_once = positions._try_once

    def counting_try(*args: Any) -> Any:
        calls["position"] += 1
        return try_once(*args)

    monkeypatch.setattr(positions, "_try_once", counting_try)
    bidding.clear_cache()
    yield calls
    bidding.clear_cache()


def _cases(kind: QuizKind) -> list[Any]:
    return [
        pytest.param(name, level, rule, id=f"{name}-{level}-{rule.value}")
        for name in TRICKY
        for level in (1, 2, 3)
        for rule in KINDS[kind].pools[level]
    ]


@pytest.mark.parametrize(
    ("name", "level", "rule"),
    _cases(QuizKind.MELD) + _cases(QuizKind.TRICK) + _cases(QuizKind.SCORE),
)
def test_every_quiz_case_generates_or_refuses_within_its_attempts(
    counted: collections.Counter[str], name: str, level: int, rule: QuizRule
) -> None:
    rules = TRICKY[name]
    kind = rule.kind
    try:
        item = generate(kind, 3, level, [rule], rules=rules)
    except QuizRequestError as err:
        assert kind.value in str(err) and "rules" in str(err)
    else:
        assert item.rule_set == rules and item.rules
        if rule_applies(rule, rules):
            assert rule in item.rules, "an applicable case came up"
    assert counted[kind.value] <= ATTEMPTS[kind]


@pytest.mark.parametrize(
    ("name", "level"), [pytest.param(n, lv, id=f"{n}-{lv}") for n in TRICKY for lv in (1, 2, 3)]
)
def test_bidding_questions_run_the_advisor_a_bounded_number_of_times(
    counted: collections.Counter[str], name: str, level: int
) -> None:
    rules = TRICKY[name]
    try:
        item = generate("bid", 5, level, rules=rules)
    except QuizRequestError as err:
        assert "bid question of level" in str(err) and "rules" in str(err)
    else:
        assert item.rules
    assert counted["bid"] <= ATTEMPTS[QuizKind.BID]
    # Per hand dealt at most two first looks: one at the opening, which shapes a raise's
    # or a pass's auction, and one in that auction, behind the answer.
    assert counted["advisor"] <= 2 * ATTEMPTS[QuizKind.BID]


def test_a_bidding_case_no_hand_shows_is_refused_naming_it_and_the_rules(
    counted: collections.Counter[str],
) -> None:
    """Open at 5000 with the classic meld table: no hand is worth an opening bid, so a
    level-1 bidding question (its only case is an opening bid) is refused. An opening
    question's auction needs no look at the hand: one first look per hand, behind the
    answer."""
    with pytest.raises(QuizRequestError) as info:
        generate("bid", 1, 1, rules=TRICKY["opening_5000"])
    message = str(info.value)
    assert "bid.open" in message and "opening_bid=5000" in message
    assert counted["advisor"] == ATTEMPTS[QuizKind.BID]


def test_a_level_with_no_case_that_can_occur_is_refused_before_dealing(
    counted: collections.Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(KINDS[QuizKind.MELD].pools, 1, (QuizRule.MELD_DIX,))
    with pytest.raises(QuizRequestError, match="No meld rule case of level 1 can occur under"):
        generate("meld", 1, 1, rules=DOUBLE_DECK)
    assert counted["meld"] == 0


@pytest.mark.parametrize("name", list(TRICKY))
@pytest.mark.parametrize("case", list(TrickCase), ids=lambda c: c.name.lower())
@pytest.mark.parametrize("partner", [None, True, False], ids=["any", "partner", "no-partner"])
def test_every_trick_case_generates_within_its_attempts(
    counted: collections.Counter[str], name: str, case: TrickCase, partner: bool | None
) -> None:
    p = generate_position(case, seed=11, rules=TRICKY[name], partner_winning=partner)
    assert p.case is case
    assert counted["position"] <= positions.ATTEMPTS


# ------------------------------------------------------------- the advisor's bids


def _ladder(o: TrumpOutlook, chance: float) -> int | None:
    """The highest bid made in at least ``chance`` of the deals, trying every bid."""
    best, bid = None, o.rules.opening_bid
    while bid <= max(m + t for m, t in zip(o.side_meld, o.tricks, strict=True)):
        if o.make_chance(bid) >= chance:
            best = bid
        bid += o.rules.bid_increment
    return best


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from([CLASSIC, DOUBLE_DECK, CLASSIC.with_settings(meld_save=120)]),
    st.lists(st.tuples(st.integers(0, 80), st.integers(0, 26)), min_size=1, max_size=20),
    st.sampled_from([0.0, 0.2, 0.3, 0.5, 0.7, 1 / 3, 1.0]),
)
def test_max_bid_is_the_bid_ladders_answer(
    rules: RuleSet, deals: list[tuple[int, int]], chance: float
) -> None:
    unit = 1 if rules is DOUBLE_DECK else 10
    melds = tuple(m * unit for m, _ in deals)
    tricks = tuple(t * unit for _, t in deals)
    o = TrumpOutlook(Suit.HEARTS, 0, melds, melds, tricks, rules)
    assert o.max_bid(chance) == _ladder(o, chance)


def test_max_bid_does_not_walk_the_bids_one_by_one() -> None:
    """A meld of 5000 with a raise of 1 made the advisor try every bid up to it."""
    rules = DOUBLE_DECK.with_settings(meld_table={"run": [15, 150, 225, 500]})
    o = TrumpOutlook(Suit.HEARTS, 0, (500,) * 4, (500,) * 4, (40,) * 4, rules)
    calls = 0
    make_chance = TrumpOutlook.make_chance

    def counting(self: TrumpOutlook, bid: int) -> float:
        nonlocal calls
        calls += 1
        return make_chance(self, bid)

    pytest.MonkeyPatch().setattr(TrumpOutlook, "make_chance", counting)
    try:
        assert o.max_bid(0.5) == 540
    finally:
        pytest.MonkeyPatch().undo()
        TrumpOutlook.make_chance = make_chance  # type: ignore[method-assign]
    assert calls == 0


# ------------------------------------------------------------ any valid house rule

RANK_SETS = [
    ["9", "J", "Q", "K", "10", "A"],
    ["J", "Q", "K", "10", "A"],
]


@st.composite
def house_rules(draw: st.DrawFn) -> dict[str, Any]:
    """Settings a teacher might write: a table, a deck, counters, bids and meld."""
    out: dict[str, Any] = {}
    players = draw(st.sampled_from([3, 4]))
    ranks = draw(st.sampled_from(RANK_SETS))
    copies = draw(st.integers(1, 4))
    deck = len(ranks) * 4 * copies
    kitty = draw(st.sampled_from([0, 3])) if players == 3 else 0
    if (deck - kitty) % players:
        kitty = (deck - kitty) % players + kitty if players == 3 else 0
    out.update(
        players=players, partnerships=players == 4, ranks=ranks, copies=copies,
        kitty_size=kitty, hand_size=(deck - kitty) // players,
        exchange_size=draw(st.integers(0, 4)) if players == 4 else 0,
    )  # fmt: skip
    inc = draw(st.sampled_from([1, 5, 10, 25]))
    out["bid_increment"] = inc
    out["opening_bid"] = out["stuck_bid"] = inc * draw(st.integers(1, 600))
    out["counter_points"] = draw(st.lists(st.integers(0, 30), min_size=6, max_size=6))
    out["last_trick_bonus"] = draw(st.integers(0, 50))
    out["meld_save"] = draw(st.integers(0, 300))
    out["target"] = draw(st.integers(-5, 3000))
    if draw(st.booleans()):
        out["meld_table"] = {
            "run": [draw(st.integers(0, 3000))] * copies,
            "marriage": draw(st.integers(-5, 60)),
            "dix": draw(st.integers(0, 60)),
        }
    return out


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(house_rules(), st.integers(0, 10**6))
def test_any_rule_set_with_settings_accepts_is_playable(
    counted: collections.Counter[str], overrides: dict[str, Any], seed: int
) -> None:
    try:
        rules = CLASSIC.with_settings(**overrides)
    except InvalidRulesError:
        return
    rng = random.Random(seed)
    hand = play_hand([RandomPlayer(rng.randrange(2**32)) for _ in range(rules.players)],
                     rules=rules, seed=seed)  # fmt: skip
    assert hand.phase is Phase.DONE and hand.scores
    assert len(hand.score_changes) == rules.sides
    for kind in (QuizKind.MELD, QuizKind.TRICK, QuizKind.SCORE):
        level = rng.choice((1, 2, 3))
        try:
            item = generate(kind, seed, level, rules=rules)
        except QuizRequestError:
            continue
        assert item.rule_set == rules
    generate_position(seed=seed, rules=rules)
    assert all(counted[k.value] <= ATTEMPTS[k] for k in QuizKind)
