"""BiddingTrainer, headless: the call, refusals with reasons, the advice only
after the call, the progress bar and the play-out."""

from __future__ import annotations

import re
from html import escape

import pytest
from traitlets import TraitError

from pinochle_tutor import Phase, PinochleError
from pinochle_tutor.cards import Card, all_cards
from pinochle_tutor.course.bidding_drill import BiddingDrill
from pinochle_widgets.bidding_trainer import BiddingTrainer, chance_chart_html, trump_limit
from tests.widget_client import tree_states


def unseen_cards(trainer: BiddingTrainer) -> list[Card]:
    """Cards of the deck of which the learner holds no copy (nothing is shown before play)."""
    hand = set(trainer.drill.view.hand)
    return [c for c in all_cards() if c.rank in trainer.rules.ranks and c not in hand]


def assert_no_hidden(trainer: BiddingTrainer) -> None:
    state = tree_states(trainer)
    for c in unseen_cards(trainer):
        assert c.text not in state and c.name not in state, c


def test_builds_with_hand_and_auction() -> None:
    t = BiddingTrainer(seed=1)
    v = t.drill.view
    assert v.phase is Phase.AUCTION and v.seat == 0 and t.drill.engine_hand.to_act == 0
    for c in v.hand:
        assert c.text in t.hand_html.value
    for who, call in t.drill.calls():
        assert who in t.auction_html.value and call in t.auction_html.value
    assert t.amount.value == str(v.min_bid)
    assert "Your call" in t.message.text
    assert t.play_button.disabled and not t.bid_button.disabled
    assert_no_hidden(t)


def test_advice_only_after_the_call() -> None:
    t = BiddingTrainer(seed=2)
    before = tree_states(t)
    for words in ("Advisor:", "pt-recommendation", "simulated deals", 'class="pt-chart', "Bid up"):
        assert words not in before
    # The very advice the trainer will give, worked out on a twin: not in the state.
    twin = BiddingDrill(seed=2)
    twin.call(None)
    secret = twin.advise().explanation
    assert secret not in before and secret[:40] not in before
    assert t.advice_html.value == "" and t.drill._advice is None
    with pytest.raises(PinochleError, match="call first"):
        t.drill.advise()
    t.pass_button.click()
    after = tree_states(t)
    assert "Advisor:" in after and 'class="pt-chart' in after
    assert escape(secret) in after
    assert t.progress.value == t.progress.max > 1
    assert t.progress.layout.display == "none"  # the simulation is over: no bar left behind
    assert "You passed" in t.advice_html.value or "You chose to pass" in t.advice_html.value
    assert t.drill.committed and t.drill.call_made is None
    assert_no_hidden(t)


@pytest.mark.parametrize(
    ("amount", "words"),
    [
        (255, "multiples of 10"),
        (None, "at least {min_bid}"),  # one increment below the lowest bid now
        (-10, "at least {min_bid}"),
        (10**9 + 5, "far more than any hand is worth"),
        (10**30, "the tutor takes bids up to 9890"),
    ],
)
def test_bad_bid_gets_the_reason_and_changes_nothing(amount: int | None, words: str) -> None:
    t = BiddingTrainer(seed=3)
    history = list(t.drill.engine_hand.auction.history)
    min_bid = t.drill.view.min_bid  # the seats before the learner may have bid
    if amount is None:
        amount = min_bid - t.rules.bid_increment
    words = words.format(min_bid=min_bid)
    t.amount.value = amount
    t.bid_button.click()
    assert words in t.message.text and t.message.kind == "error"
    assert not t.drill.committed and t.advice_html.value == ""
    assert t.drill.engine_hand.auction.history == history
    t.min_button.click()
    t.bid_button.click()
    assert (
        t.drill.committed
        and t.drill.call_made == t.drill.engine_hand.auction.history[len(history)][1]
    )


def test_nonsense_traits_are_refused() -> None:
    t = BiddingTrainer(seed=4)
    for bad in (2.5, None, [250]):
        with pytest.raises(TraitError):
            t.amount.value = bad
        t.amount.set_state({"value": bad})  # as a client sends it: refused with a message
        assert "cannot take" in t.message.text
    assert isinstance(t.amount.value, str)
    t.amount.set_state({"value": "abc"})  # text is what a browser sends: read on Bid
    t.bid_button.click()
    assert t.message.text == "'abc' is not a bid: type a whole number in digits."
    assert t.call("260") is False and "whole number" in t.message.text
    assert t.call(2.5) is False
    assert not t.drill.committed


def test_min_and_raise_buttons() -> None:
    t = BiddingTrainer(seed=5)
    low = t.drill.view.min_bid
    t.amount.value = 0
    t.raise_button.click()
    assert t.amount.value == str(low)
    t.raise_button.click()
    assert t.amount.value == str(low + 10)
    t.min_button.click()
    assert t.amount.value == str(low)


def test_disabled_buttons_pressed_anyway() -> None:
    t = BiddingTrainer(seed=6)
    assert t.play_button.disabled
    t.play_button.click()
    assert "call first" in t.message.text and t.result_html.value == ""
    t.min_button.click()
    t.bid_button.click()
    advice = t.advice_html.value
    assert t.bid_button.disabled and t.pass_button.disabled
    history = list(t.drill.engine_hand.auction.history)
    t.pass_button.click()
    assert "made your call" in t.message.text
    t.amount.value = 400
    t.bid_button.click()
    assert t.drill.engine_hand.auction.history == history and t.advice_html.value == advice


def test_play_it_out_shows_the_reckoning() -> None:
    t = BiddingTrainer(seed=7)
    t.min_button.click()
    mine = t.amount.value
    t.bid_button.click()
    t.play_button.click()
    h = t.drill.engine_hand
    assert h.phase is Phase.DONE
    out = t.result_html.value
    assert f"won the auction at {h.contract}" in out and "The bid was" in out
    if h.declarer == 0:
        assert h.contract == mine
    assert ("and made" in out) == h.made
    # The hand stays on screen next to the result (the engine's hand is empty now).
    assert not t.drill.view.hand and len(t.drill.dealt_hand) == 12
    assert "Your hand</b> (12 cards, as dealt)" in t.hand_html.value
    for c in t.drill.dealt_hand:
        assert c.text in t.hand_html.value and c.text in out
    assert "You held:" in out and t.progress.layout.display == "none"
    assert t.play_button.disabled
    t.play_button.click()
    assert "played out" in t.message.text


def test_fixed_hand_and_new_hand() -> None:
    text = "AH 10H KH KH QH QH JH AS AD AC QS JD"
    t = BiddingTrainer(seed=8, hand=text)
    assert [c.code for c in t.drill.view.hand] == [
        c.code for c in BiddingTrainer(seed=9, hand=text).drill.view.hand
    ]
    t.pass_button.click()
    assert "Advisor: Bid" in t.advice_html.value  # a run and aces: worth a bid
    t.new_button.click()
    assert t.advice_html.value == "" and not t.drill.committed and not t.bid_button.disabled
    with pytest.raises(PinochleError):
        BiddingTrainer(hand="AH 10H")
    with pytest.raises(PinochleError):
        BiddingTrainer(hand="AH AH AH 10H KH KH QH QH JH AS AD AC")


@pytest.mark.parametrize("rules", ["double_deck", "three_handed", "Double deck"])
def test_other_rule_sets(rules: str) -> None:
    t = BiddingTrainer(seed=10, rules=rules, samples=50)
    t.min_button.click()
    t.bid_button.click()
    assert "Advisor:" in t.advice_html.value
    t.play_button.click()
    assert "won the auction" in t.result_html.value
    n = t.rules.hand_size
    assert f"({n} cards, as dealt)" in t.hand_html.value and "(0 cards" not in t.hand_html.value
    with pytest.raises(PinochleError):
        BiddingTrainer(rules="pinochle for five")


def test_chart_marks_the_learners_bid() -> None:
    t = BiddingTrainer(seed=11, samples=60)
    t.pass_button.click()
    advice = t.drill.advise()
    html = chance_chart_html(advice.best, mine=advice.rules.opening_bid + 10)
    assert "your bid" in html and html.count("<tr") <= 18


def test_each_page_deals_its_own_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    from pinochle_tutor.course.seeds import SEED_ENV

    monkeypatch.delenv(SEED_ENV, raising=False)
    trainers = [BiddingTrainer(samples=20) for _ in range(3)]
    assert len({t.drill.view.hand for t in trainers}) == 3
    monkeypatch.setenv(SEED_ENV, "12")
    a, b = BiddingTrainer(samples=20), BiddingTrainer(samples=20)
    assert a.seed == 12 and a.drill.view.hand == b.drill.view.hand
    assert BiddingTrainer(seed=4, samples=20).seed == 4


def test_the_outlook_table_shows_the_explanations_limit() -> None:
    """The table's limit for the best trump is the one the explanation states, from
    the same evaluation (no second, chance-based limit beside it)."""
    for seed in (2, 5):
        t = BiddingTrainer(seed=seed)
        t.pass_button.click()
        advice = t.drill.advise()
        assert advice.evaluation is not None
        best = trump_limit(advice, advice.best)
        assert best == advice.limit
        html = t.advice_html.value
        assert "Worth bidding up to" in html and "Bid up to (" not in html
        if best is not None:
            said = f"go on to {best} if pushed" in advice.explanation or (
                best == advice.recommended and f"Bid {best}:" in advice.explanation
            )
            assert said, advice.explanation
            row = html.split("pt-outlooks", 1)[1].split("</tr>")[1]
            assert f"<td>{best}</td>" in row


_NOT_FOR_BEGINNERS = re.compile(r"±|standard error|even odds|(?<![\w])[-\u2212]\d")
"""What the advice's plain words never say: an error bar, a standard error, "at even
odds", an average below zero (the figures behind them are in the disclosure)."""


@pytest.mark.parametrize("rules", ["classic", "double_deck", "three_handed"])
def test_the_figures_are_behind_a_closed_disclosure(rules: str) -> None:
    """The advice reads in plain words; "How the coach worked this out" (closed until
    opened) holds each trump's numbers, the averages against passing with their error,
    and the rule that accepts a call, all from the same evaluation."""
    for seed in (2, 5):
        t = BiddingTrainer(seed=seed, rules=rules, samples=60)
        t.pass_button.click()
        advice = t.drill.advise()
        html = t.advice_html.value
        plain, _, worked = html.partition('<details class="pt-worked">')
        assert worked.startswith("<summary>How the coach worked this out</summary>")
        assert "<details open" not in html and "pt-outlooks" in worked
        assert not _NOT_FOR_BEGINNERS.search(plain), plain
        assert not _NOT_FOR_BEGINNERS.search(advice.explanation + t.drill.verdict())
        for line in advice.worked_lines():
            assert escape(line) in worked
        assert any("±" in line for line in advice.worked_lines())
        r = t.rules
        assert f"Bids go from {r.opening_bid} up by {r.bid_increment}" in worked


def test_the_verdict_is_judged_by_the_calls_the_evaluation_accepts() -> None:
    """The trainer's verdict on a call says "fine" exactly for the calls the same
    evaluation accepts (the quiz's marks read the same acceptance), and names the level
    where passing pays clearly better when it rejects a bid."""
    for seed in (2, 3, 5):
        for call in ("pass", "min", "high"):
            d = BiddingDrill(seed=seed, samples=60)
            low = d.view.min_bid
            if call == "high":
                twin = BiddingDrill(seed=seed, samples=60)
                twin.call(None)
                a = twin.advise().accepted
                amount: int | None = (a.high if a.high is not None else low) + 5 * d.rules.bid_increment
            else:
                amount = None if call == "pass" else low
            d.call(amount)
            advice = d.advise()
            accepted = advice.accepted
            text = d.verdict()
            fine = accepted.accepts_call(amount)
            if amount is None:
                assert ("passing is fine too" in text or "so would the coach" in text) == fine, text
            else:
                assert ("passing already pays" not in text) == fine, text
                if not fine:
                    over = accepted.min_bid if accepted.high is None else accepted.high + 10
                    assert f"at {over}, passing already pays" in text
