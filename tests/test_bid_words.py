"""Every bidding word from one evaluation (issue 45, item 1).

A bidding question's mark, its accepted range, the advice it quotes ("Bid ...", "the
most worth bidding") and the recommended call come from one evaluation of the auction as
it stands, with one criterion. The check below marks, for every bank question and 25
generated ones per level under classic, double deck and three-handed, the answers a
learner is most likely to give (pass, the lowest bid allowed, the advised bid and both
ends of the accepted range) and counts the marks whose words contradict the mark:

* a recommended bid below the lowest bid allowed now (said in words, or in the advice
  the mark quotes);
* a "most worth bidding" the same question's range rejects;
* advice that opens "Bid X" (the call to make now) beside a mark that calls a top bid
  of X too low ("X stops too soon"): the question asks for the most the learner would
  bid, so the words say the lowest bid as a fact there, not as the call;
* advice to pass beside a mark that rejects a pass, or advice to bid beside a mark that
  accepts no bid.

Before this issue's change the full check (at :data:`CHECK_SAMPLES` deals) found 833 of
them in 1,160 marks of 266 questions, in 145 of the questions: 502 recommended bids below
the lowest bid allowed (the advice was worked out as if the auction were opening), 271
"most worth bidding" the same mark rejected (the range was read from the chances of
making a bid, the sentence from the scores against passing) and 60 pieces of advice to
pass or bid beside a mark that rejected that call; and 809 of the 1,160 marks said an
average below zero, an error bar or "at even odds". After it: none. A reader's
follow-up then found the advice a top-bid question quoted opening "Bid 250" (the call to
make now) in 832 of 1,139 marks, beside a range that accepts no top bid that low; 167 of
those marks said "250 stops too soon" themselves. After it: none.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Iterator

import pytest

from pinochle_tutor.cards import Suit
from pinochle_tutor.coach import Hint
from pinochle_tutor.coach.bid import evaluate_bids
from pinochle_tutor.course.quiz import QuizRequestError, answer_for, check_answer, generate
from pinochle_tutor.course.quiz import bidding as quiz_bidding
from pinochle_tutor.course.quiz.banks import default_bank_dir, load_bank
from pinochle_tutor.course.quiz.kinds import BidQuiz, BidRange
from pinochle_tutor.course.table.session import GameSession
from pinochle_tutor.explain.bidding import BidReasoning
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED, RuleSet
from pinochle_tutor.sim.inference import AuctionInfo
from pinochle_tutor.view import Phase

GENERATED_PER_LEVEL = 25
"""Generated questions per level and rule set (the issue's count)."""
CHECK_SAMPLES = 48
"""Deals per candidate trump behind each answer in this check (the quiz's own cap is
2,400, four times that double deck): the words must agree with the mark at any number
of deals, since both come from the same evaluation."""

_BID = re.compile(r"\bBid (\d+)\b")
_WORTH = re.compile(
    r"(\d+) is the most worth bidding|the most worth bidding is (\d+)|go on to (\d+)"
)


@pytest.fixture
def modest_deals(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(quiz_bidding, "ADVISOR_SAMPLES", CHECK_SAMPLES)
    monkeypatch.setattr(quiz_bidding, "CHUNK_SAMPLES", CHECK_SAMPLES)
    quiz_bidding.clear_cache()
    yield
    quiz_bidding.clear_cache()


def bank_items() -> list[BidQuiz]:
    items, problems = load_bank(default_bank_dir() / "bid.toml")
    assert not problems, problems
    return [i for i in items if isinstance(i, BidQuiz)]


def generated_items(per_level: int = GENERATED_PER_LEVEL) -> list[BidQuiz]:
    """``per_level`` generated questions per level and rule set: seeds from 0 up, passing
    over a seed whose deals gave no question of the level (the page deals again then)."""
    out = []
    for rules in (CLASSIC, DOUBLE_DECK, THREE_HANDED):
        for level in (1, 2, 3):
            made = 0
            for seed in range(10 * per_level):
                try:
                    item = generate("bid", seed, level=level, rules=rules)
                except QuizRequestError:
                    continue
                assert isinstance(item, BidQuiz)
                out.append(item)
                made += 1
                if made == per_level:
                    break
    return out


def answers_to_mark(r: BidRange) -> list[str]:
    """Pass, the lowest bid allowed, the advised bid and both ends of the range."""
    calls = [r.minimum, r.advised, r.low, r.high]
    return ["pass", *dict.fromkeys(str(c) for c in calls if c is not None)]


_NOT_FOR_BEGINNERS = re.compile(r"±|standard error|even odds|(?<![\w])[-\u2212]\d")
"""What a mark's words never say (issue 45, item 2): an error bar, a standard error, "at
even odds", an average below zero. The figures are behind "How the coach worked this
out" (:meth:`~pinochle_tutor.coach.bid.BidAdvice.worked_lines`)."""


def unreadable(item: BidQuiz) -> list[str]:
    """The marks of :func:`answers_to_mark` whose words a beginner cannot read."""
    r = answer_for(item)
    assert isinstance(r, BidRange)
    found = []
    for answer in answers_to_mark(r):
        text = check_answer(item, answer).explanation
        m = _NOT_FOR_BEGINNERS.search(text)
        if m:
            found.append(
                f"{item.id} ({item.rule_set.name}), marking {answer!r}: says {m.group()!r}"
            )
    return found


def contradictions(item: BidQuiz) -> tuple[int, list[str]]:
    """(marks made, each contradiction between a mark and its own words)."""
    r = answer_for(item)
    assert isinstance(r, BidRange)
    reasoning = r.advice.reasoning
    found: list[str] = []
    answers = answers_to_mark(r)
    for answer in answers:
        m = check_answer(item, answer)
        text = m.explanation
        where = f"{item.id} ({item.rule_set.name}, {item.calls}), marking {answer!r}"
        bids = [int(b) for b in _BID.findall(text)]
        if reasoning is not None and reasoning.recommended is not None:
            bids.append(reasoning.recommended)
        low = [b for b in bids if b < r.minimum]
        if low:
            found.append(f"{where}: recommends {low[0]}, below the lowest bid {r.minimum}")
        worth = [int(next(g for g in w if g)) for w in _WORTH.findall(text)]
        if reasoning is not None and reasoning.limit is not None:
            worth.append(reasoning.limit)
        # The question asks for the top bid: advice "Bid X" (the call now) beside a mark
        # that calls a top bid of X too low ("X stops too soon").
        short = [
            b for b in map(int, _BID.findall(text))
            if f"{b} stops too soon" in text or (r.low is not None and b < r.low)
        ]  # fmt: skip
        if short:
            b = short[0]
            said = f", and says '{b} stops too soon'" if f"{b} stops too soon" in text else ""
            found.append(f"{where}: advises 'Bid {b}'; accepts {r.text}{said}")
        rejected = [w for w in worth if not r.accepts(w)]
        if rejected:
            found.append(f"{where}: says {rejected[0]} is the most worth bidding; accepts {r.text}")
        if reasoning is not None:
            if reasoning.recommended is None and not r.pass_ok:
                found.append(f"{where}: the advice is to pass; the mark rejects a pass")
            if reasoning.recommended is not None and (r.low is None or r.high is None):
                found.append(f"{where}: the advice is to bid; the mark accepts no bid")
    return len(answers), found


@pytest.mark.usefixtures("modest_deals")
def test_the_issues_examples_agree_with_their_marks() -> None:
    """bid-pass-01 and bid-pass-02 (360 to beat) were told 'Bid 250: you make it 99% of
    the time'; bid-open-14 said 340 was the most worth bidding and marked 340 wrong."""
    wanted = {"bid-pass-01", "bid-pass-02", "bid-open-14"}
    items = [i for i in bank_items() if i.id in wanted]
    assert {i.id for i in items} == wanted
    for item in items:
        _, found = contradictions(item)
        assert not found, found
        assert not unreadable(item)


@pytest.mark.usefixtures("modest_deals")
def test_no_bidding_word_contradicts_its_mark() -> None:
    """The issue's check, in full: every bank question and 25 generated ones per level
    under each of three rule sets."""
    items = bank_items() + generated_items()
    assert len(items) == 41 + 3 * 3 * GENERATED_PER_LEVEL
    marks = 0
    found: list[str] = []
    hard: list[str] = []
    for item in items:
        n, bad = contradictions(item)
        marks += n
        found += bad
        hard += unreadable(item)
    assert not found, f"{len(found)} contradictions in {marks} marks:\n" + "\n".join(found[:30])
    assert not hard, f"{len(hard)} marks in words a beginner cannot read:\n" + "\n".join(hard[:30])


# ------------------------------------------------------------ one trump from bid to bid
def _own_turn_hints(rules: RuleSet, seed: int) -> list[Hint]:
    """The game table's bid hint at each of the learner's calls on the first hand of a
    fixed game, the learner bidding the lowest bid each time (whatever the hint says)."""
    s = GameSession(rules, seed=seed)
    hints = []
    while s.phase is Phase.AUCTION:
        if s.is_my_turn:
            hints.append(s.hint())
            s.bid(s.view.min_bid)
        else:
            s.advance()
    return hints


@pytest.mark.parametrize(
    ("rules", "seed"),
    [(CLASSIC, 1), (CLASSIC, 2), (CLASSIC, 14), (DOUBLE_DECK, 3), (THREE_HANDED, 5)],
    ids=["classic-1", "classic-2", "classic-14", "double_deck-3", "three_handed-5"],
)
def test_the_hints_trump_stays_from_one_bid_to_the_next(rules: RuleSet, seed: int) -> None:
    """On one hand, the trump a bid hint assumes is the one the previous bid hint
    assumed, unless the auction since has made another suit clearly better, and then
    the hint says so and names the calls since. (Classic seeds 1, 2 and 14 switched the
    trump from one bid to the next before: diamonds then spades; clubs, hearts, clubs,
    clubs, diamonds, clubs; spades then diamonds then spades.)"""
    hints = _own_turn_hints(rules, seed)
    assert len(hints) >= 2
    for before, now in itertools.pairwise(hints):
        assert before.bidding is not None and now.bidding is not None
        plan = now.bidding.plan
        assert plan is not None and plan.planned is before.bidding.trump
        assert now.bidding.trump is plan.trump
        if now.bidding.trump is not before.bidding.trump:
            line = plan.line()
            assert plan.switched and line is not None and line in now.text
        else:
            assert not plan.switched and "Since your bid of" not in now.text


def test_a_trump_the_auction_made_clearly_worse_is_given_up_with_its_reason() -> None:
    """A deliberately wrong plan: a heart run's hand whose previous hint had counted on
    clubs (no club in it). Clubs score clearly less on these deals, so the hint changes
    to the best suit and says why, naming the calls since the learner's bid."""
    hand = "AH 10H KH QH JH AH KH QS AS AD KD 9S"
    # The learner (seat 0, the dealer's left) opened 250; the others called since.
    info = AuctionInfo(0, 3, ((0, 250), (1, 260), (2, None), (3, None)), CLASSIC)
    ev = evaluate_bids(hand, CLASSIC, info, samples=60)
    assert ev.planned is not None and ev.plan is not None  # the hint at 250 is evaluated too
    wrong = dataclasses.replace(ev, planned=Suit.CLUBS)
    plan = wrong.plan
    assert plan is not None and plan.switched and plan.planned is Suit.CLUBS
    assert wrong.trump is plan.best is ev._top_scorer(ev.min_bid).trump
    text = wrong.reasoning().text
    assert (
        "Since your bid of 250, the left opponent bid 260, your partner passed rather than "
        "bid 270, the right opponent passed rather than bid 270: on deals that fit the "
        f"auction now, {plan.best.plural} score clearly more than clubs"
    ) in text
    # Kept while no suit is clearly better: the plan's own trump again.
    kept = dataclasses.replace(ev, planned=ev.trump).plan
    assert kept is not None and not kept.switched and kept.line() is None


@pytest.mark.parametrize("rules", [CLASSIC, DOUBLE_DECK, THREE_HANDED], ids=lambda r: r.name)
@pytest.mark.parametrize("gain", [-2, 0, 20])
def test_what_the_exchange_does_to_the_meld_is_said_as_a_gain_nothing_or_a_loss(
    rules: RuleSet, gain: int
) -> None:
    """The advice's first line says what the partner's pass (three-handed: the kitty)
    does to the hand's meld in meld points, never "add -2" or "add 0" (issue 45, item
    8: "the 4 cards your partner passes you add -2 meld"); three-handed it said "the
    kitty adds 20 on average", 20 of nothing named, and "you keep 2 less"."""
    reasoning = BidReasoning(
        trump=Suit.HEARTS, meld=120, pass_gain=gain, mean_side_meld=200, mean_tricks=140,
        deals=100, min_bid=rules.opening_bid, limit=None, limit_chance=None,
        limit_score=None, limit_pass=None, min_chance=0.3, min_score=-40, min_pass=-10,
        recommended=None, opening_bid=rules.opening_bid, max_bid=rules.max_bid,
        total_trick_points=rules.total_trick_points, kitty=rules.has_kitty,
        partnerships=rules.partnerships, players=rules.players, meld_save=rules.meld_save,
        exchange_size=rules.exchange_size, bid_increment=rules.bid_increment,
    )  # fmt: skip
    first = reasoning.lines()[0]
    assert not re.search(r"\badds? (-|0\b)", first), first
    if gain:
        assert f" {abs(gain)} meld " in first, first
        assert ("less" in first) == (gain < 0), first
    else:
        assert "adds no meld" in first or "add no meld" in first, first
    if rules.has_kitty:
        assert "kitty" in first and "partner" not in first and "side" not in first, first
    else:
        assert f"the {rules.exchange_size} cards your partner passes you" in first, first


@pytest.mark.usefixtures("modest_deals")
def test_a_bid_that_does_not_beat_the_current_one_is_refused_to_you() -> None:
    """The learner bids at the seat to act, and the refusal says so: "you must bid at
    least ...", never "seat 0 must bid" (the auction's words are said from the
    learner's seat since issue 45, item 8)."""
    item = next(
        i
        for i in (generate("bid", seed, 2) for seed in range(40))
        if isinstance(i, BidQuiz) and i.auction().high_bid is not None
    )
    a = item.auction()
    assert a.high_bid is not None
    mark = check_answer(item, str(a.high_bid))
    assert not mark.right
    assert f"does not beat the current bid of {a.high_bid}: you must bid at least {a.min_bid}" in (
        mark.explanation
    )
    assert not re.search(r"\bseat \d", mark.explanation, re.I), mark.explanation


@pytest.mark.usefixtures("modest_deals")
def test_an_accepted_call_beside_other_advice_is_told_why_it_is_no_mistake() -> None:
    """The advice said "above 260, passing pays your side better" and a top bid of 290,
    inside the accepted range, was told only "That is within the range the coach
    accepts." beside it; a pass the range accepts beside "Bid 250" alike (issue 45, item
    8: a read of the bidding words). Each now says why it is still no mistake."""
    above = passed = None
    for seed in range(30):
        item = generate("bid", seed, 1)
        assert isinstance(item, BidQuiz)
        r = answer_for(item)
        assert isinstance(r, BidRange)
        if r.advised is not None and r.high is not None and r.high > r.advised:
            above = above or (item, r)
        if r.advised is not None and r.pass_ok:
            passed = passed or (item, r)
        if above and passed:
            break
    assert above is not None and passed is not None
    item, r = above
    assert r.high is not None
    said = check_answer(item, str(r.high))
    assert said.right
    assert said.explanation.startswith(
        f"That is within the range the coach accepts: {r.high} is above {r.advised}, the most "
        "worth bidding, but not clearly enough to be a mistake."
    ), said.explanation
    item, r = passed
    said = check_answer(item, "pass")
    assert said.right
    assert f"bidding {r.minimum} pays your side at least as well as passing" in said.explanation


def test_the_question_gives_no_example_bid_below_the_lowest_bid_now() -> None:
    """ "The lowest bid now is 370. What is the most you would bid? (a bid such as 300,
    or pass)": the example was a bid no one may make there (issue 45, item 8)."""
    from pinochle_tutor.deal import deal

    for rules in (CLASSIC, DOUBLE_DECK, THREE_HANDED):
        high = rules.opening_bid + 12 * rules.bid_increment
        hand = tuple(deal(0, rules, seed=1).hands[0])
        item = BidQuiz(id="b", hand=hand, calls=(high,), dealer=rules.players - 2, rule_set=rules)
        low = item.auction().min_bid
        asked = item.prompt
        assert f"The lowest bid now is {low}." in asked, asked
        assert all(int(n) >= low for n in re.findall(r"\d+", asked.split("now is")[1])), asked


@pytest.mark.usefixtures("modest_deals")
def test_a_top_bid_question_never_advises_a_call_its_mark_calls_too_low() -> None:
    """A question asking for the top bid marked 250 "stops too soon" while the advice
    it quoted opened "Bid 250" (the call to make now; issue 45, item 1, a reader's
    follow-up). The advice now says the lowest bid as a fact; the trainer's and the
    table hint's advice, a call now, still says "Bid 250"."""
    item = next(
        i
        for i in bank_items() + [generate("bid", seed, 1) for seed in range(30)]
        if isinstance(i, BidQuiz)
        and (r := answer_for(i)) is not None
        and isinstance(r, BidRange)
        and r.low is not None
        and r.advice.recommended == r.minimum < r.low
    )
    r = answer_for(item)
    assert isinstance(r, BidRange) and r.low is not None
    mark = check_answer(item, str(r.minimum))
    assert not mark.right and f"{r.minimum} stops too soon" in mark.explanation
    _, found = contradictions(item)
    assert not found, found
    assert f"At {r.minimum}, the lowest bid now, you make the contract" in mark.explanation
    # The call now, where a call is asked (the trainer, the table hint): unchanged.
    assert r.advice.explanation.count(f"Bid {r.minimum}:") == 1


def test_the_answer_box_example_is_a_legal_answer_now() -> None:
    """The bid box showed "e.g. 300, or pass" whatever the auction, below the lowest
    bid at 370 (issue 45, item 1, a reader's follow-up); it names the lowest bid now as
    where bids start, or only pass when no bid is left, under each rule set."""
    from pinochle_tutor.course.quiz.kinds.bid import SPEC
    from pinochle_tutor.deal import deal
    from pinochle_tutor.explain import explain_bid

    for rules in (CLASSIC, DOUBLE_DECK, THREE_HANDED):
        hand = tuple(deal(0, rules, seed=1).hands[0])
        high = rules.opening_bid + 12 * rules.bid_increment
        for calls in [(), (high,), (rules.max_bid,)]:
            dealer = (-len(calls) - 1) % rules.players
            item = BidQuiz(id="b", hand=hand, calls=calls, dealer=dealer, rule_set=rules)
            a = item.auction()
            example = SPEC.screen(item).example
            numbers = [int(n) for n in re.findall(r"\d+", example)]
            assert all(explain_bid(a, n, me=a.turn).legal for n in numbers), (rules.name, example)
            assert "pass" in example, example
            if a.min_bid <= rules.max_bid:
                assert numbers == [a.min_bid], (rules.name, example)
            else:
                assert example == "e.g. pass", example
