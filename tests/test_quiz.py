"""Quizzes: answer parsing, marking with explanations, and the generators."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pinochle_tutor.course.quiz as quiz
from pinochle_tutor.cards import Card, Rank, Suit, parse_cards
from pinochle_tutor.coach.bid import BidAdvice
from pinochle_tutor.course.quiz import (
    BidQuiz,
    InvalidAnswerError,
    MeldQuiz,
    QuizItem,
    QuizKind,
    QuizRule,
    ScoreQuiz,
    TrickQuiz,
    answer_for,
    answer_text,
    bidding,
    check_answer,
    generate,
    item_from_entry,
    item_to_entry,
    parse_bid_answer,
    parse_cards_answer,
    parse_meld_answer,
    parse_score_answer,
    parse_yes_no,
    rule_applies,
    rules_of,
)
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.sim.inference import AuctionInfo

RUN_ROYAL = MeldQuiz(
    id="t-run-royal", hand=tuple(parse_cards("AH 10H KH QH JH KH QH 9S")), trump=Suit.HEARTS
)
FOLLOW = TrickQuiz(
    id="t-follow",
    hand=tuple(parse_cards("KC 9C AH QS")),
    trick=tuple(parse_cards("AC")),
    trump=Suit.HEARTS,
)
FOLLOW_AH = dataclasses.replace(FOLLOW, id="t-follow-ah", card=parse_cards("AH")[0], rules=())
SEED_SCORE = ScoreQuiz(
    id="t-score", bid=320, bidder_meld=180, bidder_tricks=130, defender_tricks=120
)


# ------------------------------------------------------------------------ parsers


@pytest.mark.parametrize(
    ("text", "total", "claims"),
    [
        ("190", 190, None),
        (" 190 points ", 190, None),
        ("150 + 40", 190, None),
        ("run + royal marriage", 190, 2),
        ("run, royal marriage = 190", 190, 2),
        ("run and royal marriage = 200", 200, 2),
        ("= 40", 40, None),
        ("double aces around", 1000, 1),
    ],
)
def test_meld_answers_are_read(text: str, total: int, claims: int | None) -> None:
    a = parse_meld_answer(text)
    assert a.total == total
    assert (None if a.claims is None else len(a.claims)) == claims


@pytest.mark.parametrize(
    "text", ["", "  ", "lots", "-40", "run + 40", "190 = x", "9" * 40, "double dix"]
)
def test_unreadable_meld_answers_say_how_to_write_one(text: str) -> None:
    with pytest.raises(InvalidAnswerError) as e:
        parse_meld_answer(text)
    assert "e.g." in str(e.value) or "190" in str(e.value) or "meld" in str(e.value)


def test_other_parsers() -> None:
    assert parse_cards_answer("AS, 10S") == tuple(parse_cards("AS 10S"))
    assert parse_cards_answer("a♠ and 10♠") == tuple(parse_cards("AS 10S"))
    assert parse_yes_no("Yes") is True and parse_yes_no("illegal") is False
    assert parse_score_answer("-320") == -320
    assert parse_score_answer("\u2212320") == -320
    assert parse_score_answer("+340") == 340
    assert parse_bid_answer("pass") is None
    assert parse_bid_answer("Bid 330") == 330
    for bad, parser in [
        ("QX", parse_cards_answer),
        ("maybe", parse_yes_no),
        ("three hundred", parse_score_answer),
        ("-300", parse_bid_answer),
        ("", parse_bid_answer),
    ]:
        with pytest.raises(InvalidAnswerError):
            parser(bad)


def test_an_unreadable_card_is_named() -> None:
    with pytest.raises(InvalidAnswerError, match="'QX'"):
        parse_cards_answer("AS, QX")


# ---------------------------------------------------------------------- marking


def test_meld_right_and_wrong() -> None:
    assert check_answer(RUN_ROYAL, "190").right
    assert check_answer(RUN_ROYAL, "run + royal marriage").right
    m = check_answer(RUN_ROYAL, "230")
    assert not m.right and m.correct == "190"
    assert "royal marriage" in m.explanation
    m = check_answer(RUN_ROYAL, "run + royal marriage + royal marriage")
    assert not m.right and "no marriage" in m.explanation
    assert QuizRule.MELD_RUN_ROYAL in m.rules


def test_unreadable_answer_is_a_mark_not_a_crash_and_gives_nothing_away() -> None:
    for item in (RUN_ROYAL, FOLLOW, FOLLOW_AH, SEED_SCORE):
        m = check_answer(item, "banana")
        assert not m.readable and not m.right and m.correct == ""
        assert m.explanation and m.text == m.explanation


def test_every_kind_of_wrong_trick_answer_is_explained() -> None:
    # Left out a legal card, included an illegal card, named a card not held.
    m = check_answer(FOLLOW, "9C")
    assert not m.right and "You left out K♣" in m.explanation
    m = check_answer(FOLLOW, "KC, 9C, AH")
    assert not m.right and "A♥ may not be played" in m.explanation and "rule 1" in m.explanation
    m = check_answer(FOLLOW, "KC, 9C, AD")
    assert not m.right and "You do not hold A♦" in m.explanation
    assert check_answer(FOLLOW, "KC, 9C").right
    assert check_answer(FOLLOW, "9c kc").right
    # Is this play legal?
    m = check_answer(FOLLOW_AH, "yes")
    assert not m.right and m.correct == "no" and "follow suit" in m.explanation
    assert check_answer(FOLLOW_AH, "no").right


def test_partner_winning_and_trumped_are_explained() -> None:
    partner = TrickQuiz(
        id="t-p", hand=tuple(parse_cards("AH QH QS")), trick=tuple(parse_cards("KH 9H")), trump=Suit.CLUBS,
        card=parse_cards("QH")[0],
    )  # fmt: skip
    assert QuizRule.TRICK_PARTNER_WINNING in rules_of(partner)
    m = check_answer(partner, "yes")
    assert not m.right and "partner" in m.explanation
    trumped = TrickQuiz(
        id="t-t",
        hand=tuple(parse_cards("KS 9S AC")),
        trick=tuple(parse_cards("AS 9H")),
        trump=Suit.HEARTS,
    )
    assert QuizRule.TRICK_TRUMPED in rules_of(trumped)
    m = check_answer(trumped, "KS")
    assert not m.right and "trumped" in m.explanation


@pytest.mark.parametrize(
    ("item", "answer", "hint"),
    [
        (SEED_SCORE, "+310", "subtract the bid"),
        (SEED_SCORE, "320", "Check the sign"),
        (ScoreQuiz(id="m", bid=320, bidder_meld=180, bidder_tricks=160), "320", "not the bid"),
        (ScoreQuiz(id="s", bid=300, bidder_meld=150, bidder_tricks=0), "-150", "set"),
        (
            ScoreQuiz(
                id="d",
                bid=250,
                bidder_meld=120,
                bidder_tricks=250,
                defender_meld=80,
                ask="defenders",
            ),
            "80",
            "meld is lost",
        ),
        (
            ScoreQuiz(
                id="c", bid=350, bidder_meld=120, defender_meld=60, conceded=True, ask="defenders"
            ),
            "0",
            "meld only",
        ),
    ],
)
def test_every_kind_of_wrong_score_is_explained(item: ScoreQuiz, answer: str, hint: str) -> None:
    m = check_answer(item, answer)
    assert not m.right
    assert hint in m.explanation
    assert m.explanation.startswith("You gave")


def test_score_answers_right() -> None:
    assert check_answer(SEED_SCORE, "-320").right
    assert answer_text(SEED_SCORE) == "-320"
    assert check_answer(dataclasses.replace(SEED_SCORE, ask="defenders", rules=()), "+120").right


def _stub_outlook(hand: tuple[Card, ...], auction: AuctionInfo | RuleSet) -> BidAdvice:
    """A fast stand-in for the advisor: the hand's worth grows with its counters; the
    advice (built by hand) accepts that worth as the top bid when the auction allows it."""
    info = auction if isinstance(auction, AuctionInfo) else AuctionInfo.opening(auction)
    counters = sum(1 for c in hand if c.rank >= Rank.KING)
    worth = 250 + 20 * counters if counters >= 2 else None
    limit = worth if worth is not None and worth >= info.min_bid else None
    return BidAdvice(hand, info.rules, (), info.min_bid, 0.5,
                     info.min_bid if limit is not None else None, limit)  # fmt: skip


BID = BidQuiz(id="t-bid", hand=tuple(parse_cards("AH 10H KH QH JH AS AD AC 10S 10D KC QC")))


def test_bid_range_from_the_advisor_and_wrong_bids_are_explained() -> None:
    r = answer_for(BID)
    assert isinstance(r, quiz.BidRange)
    assert r.low is not None and r.high is not None and r.low <= r.high
    assert QuizRule.BID_OPEN in rules_of(BID)
    assert check_answer(BID, str(r.low)).right
    assert check_answer(BID, str(r.high)).right
    m = check_answer(BID, "pass")
    assert not m.right and "Passing gives up" in m.explanation
    m = check_answer(BID, "250")
    assert not m.right and "250 stops too soon" in m.explanation
    m = check_answer(BID, str(r.high + 100))
    assert not m.right and "too bold" in m.explanation
    m = check_answer(BID, "255")
    assert not m.right and "multiple" in m.explanation
    m = check_answer(BID, "240")
    assert not m.right and "at least 250" in m.explanation


def test_a_bid_over_the_odds_is_explained() -> None:
    weak = BidQuiz(
        id="t-weak",
        hand=tuple(parse_cards("10S JS 9S 10H JH 9H 10D JD 9D 10C JC 9C")),
        calls=(300,),
    )
    assert rules_of(weak) == (QuizRule.BID_PASS,)
    assert check_answer(weak, "pass").right
    m = check_answer(weak, "310")
    assert not m.right and "more than this hand is worth" in m.explanation
    m = check_answer(weak, "300")
    assert not m.right and "at least 310" in m.explanation
    assert "partner" not in weak.prompt and "right opponent 300" in weak.prompt


def test_prompts_read_the_position() -> None:
    assert "Hearts are trump" in RUN_ROYAL.prompt
    assert "Which cards may you play?" in FOLLOW.prompt
    assert "May you play A♥?" in FOLLOW_AH.prompt
    assert "conceded" in ScoreQuiz(id="c", bid=300, bidder_meld=0, conceded=True).prompt
    assert "lowest bid now is 250" in BID.prompt


def test_the_answer_lives_in_no_field_of_an_item() -> None:
    for cls in (MeldQuiz, TrickQuiz, ScoreQuiz, BidQuiz):
        names = {f.name for f in dataclasses.fields(cls)}
        assert not names & {"answer", "expected", "correct", "solution", "legal"}
    assert "expected" not in item_to_entry(RUN_ROYAL)


def test_entries_round_trip() -> None:
    for item in (RUN_ROYAL, FOLLOW, FOLLOW_AH, SEED_SCORE, BID):
        assert item_from_entry(item_to_entry(item)) == item


def test_declared_rules_are_kept_and_missing_ones_computed() -> None:
    # An item built without rule cases declares none; the mark finds them.
    assert RUN_ROYAL.rules == ()
    assert check_answer(RUN_ROYAL, "190").rules == rules_of(RUN_ROYAL)
    assert set(rules_of(RUN_ROYAL)) >= {QuizRule.MELD_RUN, QuizRule.MELD_RUN_ROYAL}
    declared = dataclasses.replace(RUN_ROYAL, rules=(QuizRule.MELD_RUN,))
    assert declared.rules == (QuizRule.MELD_RUN,)
    assert check_answer(declared, "190").rules == (QuizRule.MELD_RUN,)


def test_rule_vocabulary() -> None:
    for rule in QuizRule:
        assert rule.description and rule.kind in QuizKind
        assert QuizRule.parse(rule.value) is rule
    with pytest.raises(PinochleError):
        QuizRule.parse("meld.nonsense")


# -------------------------------------------------------------------- generators

SEEDS = range(1000)


def _rules_of_kind(kind: QuizKind) -> set[QuizRule]:
    return {r for r in QuizRule if r.kind is kind}


@pytest.mark.parametrize("kind", [QuizKind.MELD, QuizKind.TRICK, QuizKind.SCORE])
def test_generators_cover_every_rule_case_over_1000_seeds(kind: QuizKind) -> None:
    seen: Counter[QuizRule] = Counter()
    for seed in SEEDS:
        item = generate(kind, seed, level=seed % 3 + 1)
        assert item.kind is kind
        assert item.rules == rules_of(item)
        seen.update(item.rules)
        answer_text(item)  # the engine answers every generated item
    assert set(seen) == _rules_of_kind(kind), _rules_of_kind(kind) - set(seen)


@pytest.fixture
def fast_advisor(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(bidding, "outlook", _stub_outlook)
    monkeypatch.setattr(bidding, "first_look", _stub_outlook)
    yield


@pytest.mark.usefixtures("fast_advisor")
def test_bid_generator_covers_every_rule_case_over_1000_seeds() -> None:
    # The advisor is replaced by a quick stand-in here; the real one is used below.
    seen: Counter[QuizRule] = Counter()
    for seed in SEEDS:
        item = generate("bid", seed, level=seed % 3 + 1)
        assert item.rules == rules_of(item)
        seen.update(item.rules)
    # A partner holding the high bid comes up only in a question aimed at it (lesson 13,
    # the review; the real advisor's test below): the levels give the high bid to an
    # opponent.
    assert set(seen) == _rules_of_kind(QuizKind.BID) - {QuizRule.BID_PARTNER_HOLDS}


def test_bid_generator_with_the_real_advisor() -> None:
    for rule in _rules_of_kind(QuizKind.BID):
        for seed in range(3):
            item = generate("bid", seed, level=3, focus_rules=[rule])
            assert rule in item.rules, (item, rule)
            assert isinstance(item, BidQuiz) and item.auction().turn is not None
            r = answer_for(item)
            assert isinstance(r, quiz.BidRange)
            if rule is QuizRule.BID_PASS:
                assert check_answer(item, "pass").right


@pytest.mark.parametrize(
    "rule", [r for r in QuizRule if r.kind is not QuizKind.BID and rule_applies(r, CLASSIC)]
)  # (pass.discard and game.highest are for the three-handed game: test_quiz_rules)
def test_generators_steer_toward_focus_rules(rule: QuizRule) -> None:
    for seed in range(20):
        for level in (1, 2, 3):
            item = generate(rule.kind, seed, level=level, focus_rules=[rule.value, "bid.pass"])
            assert rule in item.rules, (seed, level, item)


def test_generators_are_repeatable_and_ids_stable() -> None:
    a = generate("meld", 7, level=2)
    assert generate("meld", 7, level=2) == a
    assert a.id == generate("meld", 7, level=2).id
    assert generate("meld", 8, level=2) != a
    with pytest.raises(PinochleError):
        generate("meld", 1, level=4)
    with pytest.raises(PinochleError):
        generate("poker", 1)


def test_generated_positions_are_sound() -> None:
    for seed in range(300):
        t = generate("trick", seed, level=seed % 3 + 1)
        assert isinstance(t, TrickQuiz)
        assert len(t.trick) < 4
        counts = Counter(t.hand + t.trick)
        assert max(counts.values()) <= 2
        if t.card is not None:
            assert t.card in t.hand
        m = generate("meld", seed, level=seed % 3 + 1)
        assert isinstance(m, MeldQuiz) and max(Counter(m.hand).values()) <= 2
        assert len(m.hand) <= 12
        s = generate("score", seed, level=seed % 3 + 1)
        assert isinstance(s, ScoreQuiz)
        assert s.conceded or s.bidder_tricks + s.defender_tricks == 250
        assert item_from_entry(item_to_entry(t)) == t
        assert item_from_entry(item_to_entry(s)) == s


# ------------------------------------------------------------------------ fuzzing

ITEMS: list[QuizItem] = [RUN_ROYAL, FOLLOW, FOLLOW_AH, SEED_SCORE, BID]
ANSWERISH = st.one_of(
    st.text(max_size=60),
    st.from_regex("[+\\-\u2212]?\\s?[0-9]{1,8}\\s?(points)?", fullmatch=True),
    st.lists(st.sampled_from(["AS", "10s", "K♥", "QX", "and", ",", "+", "run", "royal marriage",
                              "dix", "=", "190", "pass", "bid", "yes", "no", "double"]),
             max_size=8).map(" ".join),
)  # fmt: skip


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=ANSWERISH, index=st.integers(0, len(ITEMS) - 1))
def test_any_text_gets_a_mark_never_an_exception(text: str, index: int) -> None:
    item = ITEMS[index]
    m = check_answer(item, text)
    assert isinstance(m.right, bool)
    assert m.explanation
    if m.readable:
        assert m.correct == answer_text(item)
    else:
        assert not m.right


@settings(max_examples=300, deadline=None)
@given(text=ANSWERISH)
def test_parsers_give_a_value_or_a_clear_error(text: str) -> None:
    for parser in (
        parse_meld_answer,
        parse_cards_answer,
        parse_yes_no,
        parse_score_answer,
        parse_bid_answer,
    ):
        try:
            parser(text)
        except InvalidAnswerError as e:
            assert str(e)


@settings(max_examples=200, deadline=None)
@given(n=st.integers(-999_999, 999_999))
def test_numbers_read_back(n: int) -> None:
    assert parse_score_answer(f"{n:+d}") == n
    if n >= 0:
        assert parse_meld_answer(str(n)).total == n
        assert parse_bid_answer(str(n)) == n


def test_every_quiz_module_has_a_docstring() -> None:
    """(Their examples run under ``--doctest-modules pinochle_tutor`` in the test command.)"""
    import importlib
    import pkgutil

    modules = [quiz] + [
        importlib.import_module(m.name)
        for m in pkgutil.walk_packages(quiz.__path__, prefix=f"{quiz.__name__}.")
    ]
    assert len(modules) == 27  # the package, its 13 modules, kinds/ and its 12 kinds
    for module in modules:
        assert module.__doc__, module.__name__


def test_quiz_and_progress_import_nothing_from_jupyter_or_pandas() -> None:
    import subprocess
    import sys

    code = (
        "import sys, pinochle_tutor.course.quiz, pinochle_tutor.classroom.progress\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'ipywidgets', 'IPython', 'ipykernel', 'jupyter_client', 'traitlets', 'voila', 'pandas'})\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
