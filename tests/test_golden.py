"""Golden transcript of the tutor's wording.

A fixed list of positions (plays, legal sets, meld breakdowns, diagnoses,
contracts, auction calls, a hand review) is rendered to text and compared with
``tests/golden/explanations.txt``, so any change of wording shows up in review.
After an intended change, rewrite the file with::

    UPDATE_GOLDEN=1 python3 -m pytest tests/test_golden.py
"""

from __future__ import annotations

import contextlib
import difflib
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from pinochle_tutor import (
    CLASSIC,
    DOUBLE_DECK,
    THREE_HANDED,
    Auction,
    Hand,
    IllegalPlayError,
    Phase,
    RuleSet,
)
from pinochle_tutor.coach.bid import BID_HINT_SAMPLES
from pinochle_tutor.coach.kitty import evaluate_kitty
from pinochle_tutor.coach.play import judge_play
from pinochle_tutor.coach.trump import evaluate_trump
from pinochle_tutor.course.table.session import GameSession
from pinochle_tutor.explain import (
    diagnose_meld,
    explain_bid,
    explain_call,
    explain_contract,
    explain_legal,
    explain_meld,
    explain_pass,
    explain_play,
    review_hand,
)
from pinochle_tutor.sim.stats import exchange_seed

GOLDEN = Path(__file__).parent / "golden" / "explanations.txt"


def _auction(*calls: int | None) -> Auction:
    a = Auction(dealer=0)
    for amount in calls:
        a.call(amount)
    return a


def _play(hand: str, trick: str, trump: str, card: str, rules: RuleSet = CLASSIC) -> str:
    e = explain_play(hand, trick, trump, card, rules)
    return f"{e.context}\n{e.rule.label}: {e.text}\nhighlight: {' '.join(c.text for c in e.cards)}"


def _review(rules: RuleSet = CLASSIC, judged: bool = False) -> str:
    """A fixed hand: seat 1 opens, the others pass, spades trump (three-handed, seat 1
    first discards its first cards for the kitty's); seat 0 (the learner) tries one
    illegal card whenever it holds one, then plays its first legal card."""
    hand = Hand(dealer=0, rules=rules, seed=7)
    hand.bid(1, rules.opening_bid)
    for bidder in [*range(2, rules.players), 0]:
        hand.bid(bidder, None)
    if rules.has_kitty:
        hand.discard(1, hand.hands[1][: rules.kitty_size])
    hand.name_trump(1, "S")
    if rules.partnerships:
        hand.pass_cards(3, hand.hands[3][: rules.exchange_size])
        hand.return_cards(1, hand.hands[1][: rules.exchange_size])
    while hand.phase is not Phase.DONE:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_plays()
        illegal = sorted(set(hand.hands[seat]) - set(legal))
        if seat == 0 and illegal:
            assert not hand.check(seat, illegal[0]).legal
            with contextlib.suppress(IllegalPlayError):
                hand.play(seat, illegal[0])
        hand.play(seat, legal[0])
    if judged:
        return "\n".join(review_hand(hand, 0, judge_play(hand, 0, seed=7)).judgement_lines())
    return review_hand(hand, 0).text


def _hint(rules: RuleSet = CLASSIC, seed: int = 3, nth: int = 2) -> str:
    """The game table's hint for the learner's ``nth`` card choice of a fixed game (the
    learner takes every hint), with the alternatives the learner may ask for."""
    s = GameSession(rules, seed=seed)
    seen = 0
    while True:
        if s.trick_waiting:
            s.collect_trick()
        elif not s.is_my_turn:
            s.advance()
        else:
            h = s.hint()
            if s.phase is Phase.PLAY and h.advice is not None:
                seen += 1
                if seen == nth:
                    return "\n".join([h.text, *h.alternatives_lines()])
            s.take(h)


def _exchange_hint(rules: RuleSet = CLASSIC, seed: int = 3) -> str:
    """The game table's hint for the learner's first pass, return or discard of a fixed
    game (the learner takes every hint), with the choices the coach tried."""
    s = GameSession(rules, seed=seed)
    while True:
        if s.trick_waiting:
            s.collect_trick()
        elif s.hand_over:
            s.next_hand()
        elif not s.is_my_turn:
            s.advance()
        else:
            h = s.hint()
            if h.exchange is not None:
                return "\n".join([h.text, *h.alternatives_lines()])
            s.take(h)


def _call_hint(rules: RuleSet = CLASSIC, seed: int = 3) -> str:
    """The game table's hint for the learner's first call of a fixed game, with the
    bid levels the learner may ask for."""
    s = GameSession(rules, seed=seed)
    while not s.is_my_turn:
        s.advance()
    h = s.hint()
    return "\n".join([h.text, *h.alternatives_lines()])


def _trump_hint(rules: RuleSet = CLASSIC, seed: int = 4) -> str:
    """The learner of a fixed game bids the lowest bid until it declares (three-handed,
    then discards as the hint says): the trump hint with every suit, and the review's
    verdict on naming the suit the hint ranks last."""
    s = GameSession(rules, seed=seed)
    while s.phase is Phase.AUCTION:
        s.bid(s.view.min_bid) if s.is_my_turn else s.advance()
    if s.phase is Phase.DISCARD:
        s.take(s.hint())
    assert s.phase is Phase.TRUMP and s.is_my_turn and s.view.contract is not None
    h = s.hint()
    assert h.trump is not None
    worst = h.trump.suits[-1][0]
    if rules.has_kitty:
        seed_t = exchange_seed(s.seed, s.hand_number, Phase.TRUMP)
        verdict = evaluate_kitty(s.view, seed=seed_t).judge(worst)
    else:
        ev = evaluate_trump(s.view, samples=BID_HINT_SAMPLES)
        verdict = ev.judge_trump(s.view.contract, worst)
    return "\n".join([h.text, *h.alternatives_lines(), f"The trump: {verdict.text}"])


DD = DOUBLE_DECK
TH = THREE_HANDED

CASES: list[tuple[str, Callable[[], str]]] = [
    ("play: follow suit, partner winning", lambda: _play("KC 9C AH", "AC 10C", "H", "AH")),
    ("play: beat the winning card", lambda: _play("AC 9C", "KC", "H", "9C")),
    ("play: must trump", lambda: _play("KS AH", "KC", "H", "KS")),
    ("play: must over-trump", lambda: _play("AH 9H KS", "KC 10H 9C", "H", "9H")),
    ("play: any club after a trump", lambda: _play("AC 9C", "KC 9H", "H", "9C")),
    ("play: discard", lambda: _play("KS QD", "KC", "H", "QD")),
    ("play: not in hand", lambda: _play("KS QD", "KC", "H", "AC")),
    ("play: lead", lambda: _play("KS QD", "", "H", "QD")),
    ("legal set: follow and beat", lambda: explain_legal("AC 9C AH 9H KS", "KC", "H").text),
    ("legal set: over-trump", lambda: explain_legal("AH 9H KS", "KC 10H 9C", "H").text),
    ("meld: run, royal, spade marriage, aces, pinochle",
     lambda: explain_meld("AH 10H KH QH JH KH QH QS JD QS KS AS AD AC 9H", "H").text),
    ("meld: queens around and pinochle share Q♠", lambda: explain_meld("KS QS QH QD QC JD", "H").text),
    ("meld: lone extra king beside the run", lambda: explain_meld("AH 10H KH QH JH KH", "H").text),
    ("meld: double aces, double pinochle", lambda: explain_meld("AS AS AH AH AD AD AC AC QS QS JD JD", "S").text),
    ("meld: double run", lambda: explain_meld("AH 10H KH QH JH AH 10H KH QH JH", "H").text),
    ("diagnose: run K Q counted as royal (total only)", lambda: diagnose_meld("AH 10H KH QH JH 9S", "H", 190).text),
    ("diagnose: ambiguous +40 with a lone extra king",
     lambda: diagnose_meld("AH 10H KH QH JH KH", "H", 190).text),
    ("diagnose: double aces counted 1100",
     lambda: diagnose_meld("AS AS AH AH AD AD AC AC 9C JS", "C", 1110).text),
    ("diagnose: ambiguous -20", lambda: diagnose_meld("KH QH KS QS", "H", 40).text),
    ("diagnose: pinochle twice, claimed lines",
     lambda: diagnose_meld("QS QS JD", "H", 300, ["double pinochle"]).text),
    ("diagnose: phantom aces around and bad addition",
     lambda: diagnose_meld("AS AH AD 9C", "H", 110, ["aces around"]).text),
    ("contract: seed example made", lambda: explain_contract(320, 180, 160, 0, 90).text),
    ("contract: seed example short", lambda: explain_contract(320, 180, 130, 0, 120).text),
    ("contract: double deck", lambda: explain_contract(50, 22, 30, 10, 20, DOUBLE_DECK).text),
    ("contract: set with no trick points", lambda: explain_contract(300, 320, 0, 40, 250).text),
    ("contract: conceded", lambda: explain_contract(300, 100, 0, 50, 0, conceded=True).text),
    ("auction: below the opening", lambda: explain_bid(_auction(), 240).text),
    ("auction: not a multiple", lambda: explain_bid(_auction(250), 265).text),
    ("auction: not above", lambda: explain_bid(_auction(250), 250).text),
    ("auction: raise allowed", lambda: explain_bid(_auction(250, None), 280).text),
    ("auction: pass", lambda: explain_pass(_auction(250)).text),
    ("auction: a pass is final", lambda: explain_call(_auction(250, None), 2, 300).text),
    ("auction: out of turn", lambda: explain_call(_auction(250), 0, 260).text),
    ("auction: over", lambda: explain_bid(_auction(250, None, None, None), 300).text),
    ("auction: dealer stuck", lambda: explain_call(_auction(None, None, None), 0, None).text),
    ("auction: the learner has passed, seen from the learner",
     lambda: explain_call(_auction(250, None), 2, 300, me=2).text),
    ("auction: a raise over the learner's bid, seen from the learner",
     lambda: explain_bid(_auction(250, None), 280, me=1).text),
    ("auction: the learner out of turn, seen from the learner",
     lambda: explain_call(_auction(250), 0, 260, me=0).text),
    ("review: scripted hand, learner seat 0", _review),
    ("coach hint: a card-play hint with its alternatives", _hint),
    ("coach hint: the first call with its levels", _call_hint),
    ("coach hint: the trump with every suit, and a trump verdict", _trump_hint),
    ("coach exchange hint: the learner's first pass or return, with the choices tried",
     _exchange_hint),
    ("coach review: the scripted hand's card play judged", lambda: _review(judged=True)),
    # ---- double deck: 80 cards, no nines, 50 trick points, four copies of each card
    ("double deck play: must over-trump, partner winning",
     lambda: _play("AH JH KS", "KC 10H JC", "H", "JH", DD)),
    ("double deck legal set: trump refused twice, partner winning",
     lambda: explain_legal("AH JH KS", "KC 10H JC", "H", DD).text),
    ("double deck meld: run with two extra royal marriages",
     lambda: explain_meld("AH 10H KH QH JH KH QH KH QH", "H", DD).text),
    ("double deck meld: triple aces, three Q♠ and one J♦",
     lambda: explain_meld("AS AS AS AH AH AH AD AD AD AC AC AC QS QS QS JD", "H", DD).text),
    ("double deck diagnose: triple counted as a double",
     lambda: diagnose_meld("AS AS AS AH AH AH AD AD AD AC AC AC", "S", 100, ["double aces around"], DD).text),
    ("double deck diagnose: royal marriage beside the run forgotten",
     lambda: diagnose_meld("AH 10H KH QH JH KH QH", "H", 15, rules=DD).text),
    ("double deck contract: short", lambda: explain_contract(60, 40, 10, 6, 40, DD).text),
    ("double deck contract: set with no trick points", lambda: explain_contract(50, 60, 0, 10, 50, DD).text),
    ("double deck contract: could not be made", lambda: explain_contract(120, 20, 30, 0, 20, DD).text),
    ("double deck review: scripted hand, learner seat 0", lambda: _review(DD)),
    ("double deck coach hint: a card-play hint with its alternatives", lambda: _hint(DD)),
    ("double deck coach review: the scripted hand's card play judged",
     lambda: _review(DD, judged=True)),
    # ---- three-handed: no partnerships, a kitty, the declarer against each defender
    ("three-handed play: follow suit, no partner", lambda: _play("KC 9C AH", "AC 10C", "H", "AH", TH)),
    ("three-handed legal set: trump refused twice",
     lambda: explain_legal("AH 9H KS", "KC 10H", "H", TH).text),
    ("three-handed meld: run, royal, dix, pinochle",
     lambda: explain_meld("AH 10H KH QH JH KH QH 9H QS JD KS AS AD AC 9C", "H", TH).text),
    ("three-handed diagnose: run K Q counted as royal",
     lambda: diagnose_meld("AH 10H KH QH JH 9S 9C AD", "H", 190, rules=TH).text),
    ("three-handed contract: made", lambda: explain_contract(250, 100, 160, 40, 50, TH).text),
    ("three-handed contract: defender loses meld",
     lambda: explain_contract(300, 150, 170, 60, 0, TH).text),
    ("three-handed contract: could not be made", lambda: explain_contract(450, 100, 90, 20, 80, TH).text),
    ("three-handed contract: conceded",
     lambda: explain_contract(300, 100, 0, 50, 0, TH, conceded=True).text),
    ("three-handed review: scripted hand, learner seat 0", lambda: _review(TH)),
    ("three-handed coach hint: a card-play hint with its alternatives", lambda: _hint(TH)),
    ("three-handed coach hint: the trump after the kitty, kept to the discard's plan",
     lambda: _trump_hint(TH, seed=33)),
    ("three-handed coach exchange hint: the learner's first discard, with the choices tried",
     lambda: _exchange_hint(TH)),
    ("three-handed coach review: the scripted hand's card play judged",
     lambda: _review(TH, judged=True)),
]  # fmt: skip


def render() -> str:
    parts = [f"=== {title} ===\n{make()}\n" for title, make in CASES]
    return "\n".join(parts)


def test_golden_transcript() -> None:
    text = render()
    if os.environ.get("UPDATE_GOLDEN") == "1":
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(text, encoding="utf-8")
        return
    if not GOLDEN.exists():
        pytest.fail(
            f"{GOLDEN} is missing: run UPDATE_GOLDEN=1 python3 -m pytest tests/test_golden.py"
        )
    expected = GOLDEN.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True),
                text.splitlines(keepends=True),
                fromfile=str(GOLDEN),
                tofile="rendered now",
            )
        )
        print(diff)
        pytest.fail(
            "the tutor's wording changed; review the diff below and, if intended, rerun with "
            "UPDATE_GOLDEN=1\n" + diff
        )


def test_golden_cases_are_distinct() -> None:
    titles = [t for t, _ in CASES]
    assert len(titles) == len(set(titles))
