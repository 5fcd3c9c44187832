"""Lesson 13, "Your partner's call": its rule cases (``bid.partner_holds``,
``bid.partner_out``, ``bid.partner_over``), the questions aimed at them and their marks.

A question on a partner's call is in its situation (:func:`partner_situation` reads it
from the auction) and its answer is clear: the calls the coach accepts are a pass only or
bids only (:attr:`BidRange.clear`); the answers vary (passes in some, bids in others);
the mark says what the partner's call showed on the coach's deals and what passing
gives, with the evaluation's numbers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from pinochle_tutor.auction import Auction
from pinochle_tutor.cards import Card, Suit
from pinochle_tutor.coach.bid import BidAdvice
from pinochle_tutor.course.mastery import _plan, mastery_cases
from pinochle_tutor.course.quiz import QuizRule, bidding, generate, rule_applies
from pinochle_tutor.course.quiz.dealing import deck_cards
from pinochle_tutor.course.quiz.kinds.bid import (
    PARTNER_CASES,
    SPEC,
    BidQuiz,
    bid_range,
    partner_reading,
    partner_situation,
)
from pinochle_tutor.explain.bidding import PartnerCall, PartnerStand
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED, RuleSet
from pinochle_tutor.sim.inference import AuctionInfo

LESSON = "13_partner_call.ipynb"

SEEDS = range(8)
"""Seeds of the generated questions per case and rule set, with the real advisor (each
a simulation of seconds, tens of seconds in the double deck)."""


def problems(item: BidQuiz, case: QuizRule) -> list[str]:
    """What keeps ``item`` from being a question on ``case``: out of its situation, an
    unclear answer (a pass and a bid both accepted), or the case missing from its rule
    cases."""
    out = []
    found = partner_situation(item.auction())
    if found is not case:
        out.append(f"the auction {item.calls} is in {found}, not {case.value}")
    r = bid_range(item)
    if not r.clear:
        out.append(f"the answer is not clear: {r.text}")
    if case not in SPEC.rules_of(item):
        out.append(f"its rule cases {[c.value for c in SPEC.rules_of(item)]} lack {case.value}")
    return out


def _hand(rules: RuleSet, seed: int = 0) -> tuple[Card, ...]:
    import random

    pool = list(deck_cards(rules))
    random.Random(seed).shuffle(pool)
    return tuple(sorted(pool[: rules.hand_size], key=lambda c: c.order))


def _item(calls: tuple[int | None, ...], rules: RuleSet = CLASSIC) -> BidQuiz:
    dealer = (-len(calls) - 1) % rules.players
    return BidQuiz(id="t", hand=_hand(rules), calls=calls, dealer=dealer, rule_set=rules)


# ------------------------------------------------------------------ the situation


@pytest.mark.parametrize(
    ("calls", "case"),
    [
        ((280, None), QuizRule.BID_PARTNER_HOLDS),
        ((None, 260, None), QuizRule.BID_PARTNER_HOLDS),
        ((250, 290, None), QuizRule.BID_PARTNER_HOLDS),
        ((None, 300), QuizRule.BID_PARTNER_OUT),
        ((300, None, None), QuizRule.BID_PARTNER_OUT),
        ((None, None), QuizRule.BID_PARTNER_OUT),
        ((250, 270), QuizRule.BID_PARTNER_OVER),
        ((250, 260, 300), QuizRule.BID_PARTNER_OVER),
        ((), None),
        ((250,), None),  # the partner calls after you
        ((250, 260, 270, 280), QuizRule.BID_PARTNER_OVER),  # your second call
        ((250, 260, 270, 280, 290, None, None, 300), QuizRule.BID_PARTNER_OUT),  # bid, then passed
    ],
)
def test_the_situation_is_read_from_the_auction(
    calls: tuple[int | None, ...], case: QuizRule | None
) -> None:
    dealer = (-len(calls) - 1) % 4
    assert partner_situation(Auction.after(calls, dealer, CLASSIC)) is case


def test_three_handed_has_no_partner_s_call() -> None:
    for case in PARTNER_CASES:
        assert not rule_applies(case, THREE_HANDED)
        assert rule_applies(case, CLASSIC) and rule_applies(case, DOUBLE_DECK)
        assert "alone" in case.statement(THREE_HANDED) and "site's practice" not in case.statement(
            THREE_HANDED
        )
    assert partner_situation(Auction.after([None, 250], 0, THREE_HANDED)) is None
    assert set(mastery_cases(LESSON)) == set(PARTNER_CASES)


def test_each_statement_says_the_situation_and_labels_common_practice() -> None:
    for rules in (CLASSIC, DOUBLE_DECK):
        holds, out, over = (c.statement(rules) for c in PARTNER_CASES)
        assert holds.startswith("Your partner holds the high bid: passing leaves the contract")
        assert out.startswith("Your partner has passed: your call is your side's last chance")
        assert "passing gives it to the opponents" in out
        assert over.startswith("Your partner bid and an opponent bid over them")
        for said in (holds, out, over):
            assert "By this site's practice (one common way to read calls, not a rule)," in said
            assert "the cards passed" in said
            assert "bid more" not in said
    no_exchange = CLASSIC.with_settings(exchange_size=0)
    assert "the cards passed" not in QuizRule.BID_PARTNER_OUT.statement(no_exchange)


# ------------------------------------------------------------------ clear or not: the case


def _advice(clear: str) -> Callable[[tuple[Card, ...], AuctionInfo | RuleSet], BidAdvice]:
    """A stand-in advisor whose answer is a pass only, bids only or both (unclear)."""

    def outlook(hand: tuple[Card, ...], auction: AuctionInfo | RuleSet) -> BidAdvice:
        assert isinstance(auction, AuctionInfo)
        low = auction.min_bid
        recommended = {"pass": None, "bid": low, "both": None}[clear]
        limit = {"pass": None, "bid": low + 30, "both": low}[clear]
        return BidAdvice(hand, auction.rules, (), low, 0.5, recommended, limit)

    return outlook


@pytest.mark.parametrize("answer", ["pass", "bid"])
def test_a_clear_question_in_its_situation_carries_its_case(
    monkeypatch: pytest.MonkeyPatch, answer: str
) -> None:
    monkeypatch.setattr(bidding, "outlook", _advice(answer))
    for calls, case in (((280, None), QuizRule.BID_PARTNER_HOLDS),
                        ((None, 300), QuizRule.BID_PARTNER_OUT),
                        ((250, 270), QuizRule.BID_PARTNER_OVER)):  # fmt: skip
        item = _item(calls)
        assert problems(item, case) == [], (calls, answer)
        assert (QuizRule.BID_PASS in SPEC.rules_of(item)) is (answer == "pass")


def test_an_unclear_or_wrong_situation_question_fails_the_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bidding, "outlook", _advice("both"))
    unclear = _item((None, 300))
    assert bid_range(unclear).text == "pass, or a top bid of 310"
    # Both calls accepted: no partner's case, and the check names why.
    assert QuizRule.BID_PARTNER_OUT not in SPEC.rules_of(unclear)
    said = problems(unclear, QuizRule.BID_PARTNER_OUT)
    assert said == [
        "the answer is not clear: pass, or a top bid of 310",
        "its rule cases ['bid.raise'] lack bid.partner_out",
    ]
    monkeypatch.setattr(bidding, "outlook", _advice("bid"))
    wrong = _item((250, 270))  # the partner bid and was outbid: not "partner out"
    said = problems(wrong, QuizRule.BID_PARTNER_OUT)
    assert said and said[0].startswith("the auction (250, 270) is in QuizRule.BID_PARTNER_OVER")
    opening = _item(())  # nobody has called: no partner's case at all
    assert not set(PARTNER_CASES) & set(SPEC.rules_of(opening))
    assert partner_reading(opening) is None


# ------------------------------------------------------------------ the set's plan


def test_a_set_asks_one_question_a_pass_may_answer_and_holds_the_rest_to_bids() -> None:
    """Bidding questions a Pass answers are guessed half the time: a set holds one; the
    other four ask a partner's call where Pass is wrong (guessed never), so the plan
    holds them to 0 and the set is made of positions whose answer is a bid."""
    plan = _plan(LESSON, list(PARTNER_CASES), [CLASSIC, DOUBLE_DECK])
    assert [most for _, most in plan] == [0.5, 0.0, 0.0, 0.0, 0.0]
    assert [aims[0] for aims, _ in plan] == [*PARTNER_CASES, *PARTNER_CASES[:2]]
    # Lesson 7's two bidding cases (a bid question a Pass may answer) are not held lower.
    strategy = _plan("07", [QuizRule.BID_OPEN, QuizRule.BID_PASS, QuizRule.PLAY_SAVE_COUNTER],
                     [CLASSIC])  # fmt: skip
    assert sum(most == 0.5 for _, most in strategy) == 1


# ------------------------------------------------------------------ the mark's words


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (
            PartnerCall(PartnerStand.HOLDS, 300, None, Suit.HEARTS, 90, 180, 0.75),
            [
                "Your partner bid 300 and holds the high bid.",
                "with hearts trump your partner melds 90 of your side's 180 on average",
                "If you pass, the contract stays with your partner on 75% of the coach's deals, "
                "and an opponent declares on the rest.",
            ],
        ),
        (
            PartnerCall(
                PartnerStand.OVER, 260, ("the right opponent", 300), Suit.SPADES, 40, 120, 0.25
            ),
            [
                "Your partner bid 260 and the right opponent bid 300 over it.",
                "If you pass, your partner can still bid: your partner declares on 25%",
            ],
        ),
        (
            PartnerCall(PartnerStand.OUT, None, None, Suit.CLUBS, 20, 70, 0.0),
            [
                "Your partner passed. The coach reads a pass as this site's practice does",
                "your partner melds 20 of your side's 70",
                "Your call is your side's last chance at the contract: if you pass, the "
                "opponents take it.",
            ],
        ),
    ],
)
def test_the_partner_s_call_in_words(call: PartnerCall, words: list[str]) -> None:
    for w in words:
        assert w in call.text, (w, call.text)
    assert "this site's practice" in call.text


# ------------------------------------------------------------------ with the real advisor


@pytest.mark.parametrize("rules", [CLASSIC, DOUBLE_DECK], ids=lambda r: r.name)
def test_each_case_s_questions_are_in_their_situation_clear_and_varied(rules: RuleSet) -> None:
    """Questions aimed at each case, over :data:`SEEDS`: each in its situation with a
    clear answer, passes in some and bids in others; the mark names the partner's call
    with the evaluation's numbers and what passing gives."""
    answers: dict[QuizRule, Counter[str]] = {c: Counter() for c in PARTNER_CASES}
    for case in PARTNER_CASES:
        for seed in SEEDS:
            item = generate("bid", seed, level=seed % 3 + 1, focus_rules=[case], rules=rules)
            assert isinstance(item, BidQuiz) and item.rule_set == rules
            assert problems(item, case) == [], (case.value, seed, item.calls)
            r = bid_range(item)
            answers[case]["pass" if r.low is None else "bid"] += 1
            reading = partner_reading(item, r)
            ev = r.advice.evaluation
            assert reading is not None and ev is not None
            assert reading.side_meld == round(ev.best.mean_side_meld)
            wrong = "pass" if r.low is not None else str(r.minimum + 30 * rules.bid_increment)
            mark = SPEC.mark(item, wrong, SPEC.parse(item, wrong))
            assert not mark.right and reading.text in mark.explanation
            assert f"your side's {reading.side_meld} on average" in mark.explanation
            if case is QuizRule.BID_PARTNER_OUT:
                assert "if you pass, the opponents take it" in mark.explanation
            else:
                assert "If you pass, " in reading.text
    for case, seen in answers.items():
        assert seen["pass"] and seen["bid"], (rules.name, case.value, dict(seen))


def test_a_bid_question_out_of_every_partner_s_situation_keeps_its_words() -> None:
    """An opening bid (nobody has called) is marked as before: no partner's words."""
    item = generate("bid", 3, level=1, focus_rules=["bid.open"], rules=CLASSIC)
    assert isinstance(item, BidQuiz) and item.calls == ()
    mark = SPEC.mark(item, "pass", None)
    assert "Your partner" not in mark.explanation and "site's practice" not in mark.explanation
