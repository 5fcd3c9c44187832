"""The replay of a finished hand: its steps (one per decision, the table as it was,
seat names only, the review's verdicts on the steps they judge), the replay widget
headless (buttons, a step number a client sends), and the review's bid verdict
against the bid hint's limit."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from functools import cache

import pytest

from pinochle_tutor import Phase
from pinochle_tutor.actions import Bid, Concede, Give, Play
from pinochle_tutor.bots.levels import make_player
from pinochle_tutor.coach import review
from pinochle_tutor.coach.bid import BID_HINT_SAMPLES, evaluate_bids
from pinochle_tutor.coach.table import hint
from pinochle_tutor.course.table.replay import ReplayError, ReplayStep, StepKind, replay_steps
from pinochle_tutor.explain import HandReview
from pinochle_tutor.game import Hand, play_hand
from pinochle_tutor.players import Player, RandomPlayer
from pinochle_tutor.rules import rules_named
from pinochle_tutor.sim.inference import auction_at_last_bid
from pinochle_widgets.game_table import GameTable
from pinochle_widgets.replay import HandReplay
from tests.test_game_table import assert_no_hidden, step
from tests.widget_client import client_click, client_update

SEAT_NUMBER = re.compile(r"\bseat\s*\d|\bSeat\b|\bseats?\s*[0-9]", re.IGNORECASE)

CASES = {"classic": 1, "double_deck": 0, "three_handed": 1}
"""A seed per rule set whose hand has the learner (a random player, so that the coach
finds mistakes) declaring or defending with judged card plays."""


@cache
def played(rules_name: str) -> tuple[Hand, HandReview, tuple[ReplayStep, ...]]:
    r = rules_named(rules_name)
    seed = CASES[rules_name]
    players: list[Player] = [RandomPlayer(seed, bid_chance=0.6)]
    players += [make_player("beginner") for _ in range(r.players - 1)]
    h = play_hand(players, dealer=r.players - 1, seed=seed, rules=r)
    rv = review(h, 0, seed=seed, hand_number=1)
    return h, rv, replay_steps(h, 0, rv)


@pytest.mark.parametrize("rules_name", sorted(CASES))
def test_one_step_per_decision_then_meld_and_the_end(rules_name: str) -> None:
    h, _rv, steps = played(rules_name)
    kinds = [s.kind for s in steps]
    assert len(steps) == len(h.history) + 2  # the meld laid down, and the end
    assert [s.number for s in steps] == list(range(1, len(steps) + 1))
    assert kinds.count(StepKind.MELD) == 1 and kinds[-1] is StepKind.END
    assert kinds.count(StepKind.PLAY) == sum(isinstance(a, Play) for _, a in h.history)
    assert kinds.count(StepKind.AUCTION) == sum(isinstance(a, Bid) for _, a in h.history)
    assert kinds.count(StepKind.EXCHANGE) == sum(isinstance(a, Give) for _, a in h.history)
    # The meld comes after the exchange and before the first card.
    assert kinds.index(StepKind.MELD) == kinds.index(StepKind.PLAY) - 1
    # The dealer sits on the learner's right (dealer = the last seat).
    assert steps[0].caption.startswith("The right opponent dealt. You ")


@pytest.mark.parametrize("rules_name", sorted(CASES))
def test_every_card_step_shows_the_trick_as_the_history_played_it(rules_name: str) -> None:
    h, _rv, steps = played(rules_name)
    plays = [(seat, a.card) for seat, a in h.history if isinstance(a, Play)]
    card_steps = [s for s in steps if s.kind is StepKind.PLAY]
    n = h.rules.players
    for k, (s, (seat, card)) in enumerate(zip(card_steps, plays, strict=True)):
        start = k - k % n
        assert s.seat == seat and s.played == card
        assert s.trick == tuple(plays[start : k + 1])
        assert s.trick_number == k // n + 1 and s.title == f"Trick {k // n + 1}"
        if k % n == n - 1:
            assert s.winner == h.tricks[k // n].winner
            assert "the trick with" in s.caption
        assert s.winner in {x for x, _ in s.trick}
    # Before trick play the table is empty.
    assert all(not s.trick for s in steps if s.kind in (StepKind.AUCTION, StepKind.TRUMP))


@pytest.mark.parametrize("rules_name", sorted(CASES))
def test_seat_names_only_and_only_what_the_learner_saw(rules_name: str) -> None:
    h, _rv, steps = played(rules_name)
    held = set(h.deal.hands[0]) | set(h.deal.kitty if h.declarer == 0 else ())
    held |= set(h.passed_cards if h.declarer == 0 else h.returned_cards)
    for s in steps:
        assert not SEAT_NUMBER.search(s.text), s.text
        assert set(s.hand) <= held
        for m in s.melds:
            assert not SEAT_NUMBER.search(m.name)
    # Other seats' exchanges are told as a count of cards, never the cards.
    for s in steps:
        if s.kind is StepKind.EXCHANGE and s.seat != 0 and not s.given:
            assert re.search(r"\d cards", s.caption), s.caption
    # The hand shrinks by the learner's own cards only.
    mine = [s for s in steps if s.kind is StepKind.PLAY and s.seat == 0]
    for a, b in itertools.pairwise(mine):
        assert Counter(a.hand) - Counter(b.hand) == Counter([a.played])


@pytest.mark.parametrize("rules_name", sorted(CASES))
def test_the_judged_steps_carry_the_reviews_verdict_and_the_better_card(rules_name: str) -> None:
    h, rv, steps = played(rules_name)
    assert rv.mistakes, "the case needs a judged mistake"
    for j in rv.judgements or ():
        at = [s for s in steps if s.kind is StepKind.PLAY and s.seat == 0
              and s.trick_number == j.trick_number]  # fmt: skip
        assert len(at) == 1 and at[0].played == j.played
        verdict = next(v for v in at[0].verdicts if v.topic == "Your card")
        assert verdict.text == j.text
        if j.is_mistake:
            assert verdict.mistake and verdict.better_cards == (j.advice.card,)
            assert verdict.better_words == f"Better: {j.advice.card.text}"
            assert j.advice.card in at[0].hand and j.advice.card in at[0].better_cards
        elif not j.second_thought:
            assert not verdict.mistake and not verdict.better_cards
    judged = [s for s in steps if s.judged]
    # Each verdict of the review is on exactly one step.
    texts = [v.text for s in judged for v in s.verdicts]
    assert len(texts) == len(set(texts))
    if rv.exchange_verdict is not None:
        (ex,) = [s for s in steps if any(v.topic == "Your cards" for v in s.verdicts)]
        assert ex.kind is StepKind.EXCHANGE and ex.seat == 0
        if rv.exchange_verdict.is_mistake:
            assert set(ex.better_cards) <= set(ex.hand)
    if rv.bid_verdict is not None:
        (bid,) = [s for s in steps if any(v.topic == "Your bid" for v in s.verdicts)]
        last = max(i for i, (s, a) in enumerate(h.history)
                   if s == 0 and isinstance(a, Bid) and a.amount is not None)  # fmt: skip
        assert bid.number == last + 1 and bid.kind is StepKind.AUCTION
    end = steps[-1]
    assert rv.face_up is not None and rv.face_up.lines()[0] in end.notes


def test_a_hand_not_over_or_a_review_of_another_seat_is_refused() -> None:
    h, rv, _ = played("classic")
    with pytest.raises(ReplayError, match="auction phase"):
        replay_steps(Hand(3, h.rules, seed=1), 0, rv)
    with pytest.raises(ReplayError, match="same seat"):
        replay_steps(h, 1, rv)


# ------------------------------------------------------------ the widget, headless
def test_the_replay_widget_steps_and_refuses_a_step_not_in_the_hand() -> None:
    h, _rv, steps = played("classic")
    w = HandReplay()
    assert w.layout.display == "none" and w.step_count == 0
    w.next_button.click()
    assert "no finished hand" in w.message.text
    w.show(steps, h.rules, 0, title="Replay of hand 1")
    n = len(steps)
    assert w.counter.value == f"Step 1 of {n}: The auction"
    assert w.back_button.disabled and w.first_button.disabled and not w.next_button.disabled
    w.next_button.click()
    assert w.step is steps[1] and w.step_box.value == "2"
    w.last_button.click()
    assert w.step is steps[-1] and w.next_button.disabled
    assert "The end" in w.counter.value
    # A client presses a disabled button anyway: a message, no move.
    w.next_button.click()
    assert w.step is steps[-1] and "last step" in w.message.text
    w.first_button.click()
    assert w.step is steps[0]
    w.back_button.click()
    assert w.step is steps[0] and "first step" in w.message.text
    # A step typed and Go pressed (the box commits it first, and Go answers the same): in
    # range it moves, out of range it is refused, and what is not a number is refused
    # quoting it (tests/test_number_boxes.py: each case).
    client_update(w.step_box, value="9")
    client_click(w.go_button)
    assert w.step is steps[8] and w.message.text == ""
    client_update(w.step_box, value=str(n + 5))
    client_click(w.go_button)
    assert w.step is steps[8] and w.step_box.value == str(n + 5), "kept, to be mended"
    assert f"There is no step {n + 5}: this hand has steps 1 to {n}." in w.message.text
    client_update(w.step_box, value="0")
    client_click(w.go_button)
    assert w.step is steps[8] and "There is no step 0" in w.message.text
    client_update(w.step_box, value="twelve")
    client_click(w.go_button)
    assert w.step is steps[8] and "'twelve' is not a step number" in w.message.text
    client_update(w.step_box, value=12)  # not text, as no browser sends it
    assert w.step is steps[8] and "cannot take 12" in w.message.text
    # The arrow keys arrive as messages from the page; anything else is refused.
    w._key(w.arrow_keys, {"move": "next"})
    assert w.step is steps[9]
    w._key(w.arrow_keys, {"move": "back"})
    assert w.step is steps[8]
    w._key(w.arrow_keys, {"move": "jump"})
    assert w.step is steps[8] and "'jump' is not a way to move" in w.message.text
    w.arrow_keys.set_state({"hint": "Press anything"})
    assert "arrow keys" in w.arrow_keys.hint
    assert w.go("3") is False and "not a step number" in w.message.text
    # A judged mistake: the verdict and the better card, marked and said in words.
    judged = next(s for s in steps if s.kind is StepKind.PLAY and s.better_cards)
    w.go(judged.number)
    better = judged.better_cards[0]
    assert f"Step {judged.number} of {n}: Trick {judged.trick_number}" == w.counter.value
    assert f"Better: {better.text}" in w.verdict_area.value
    assert w.verdict_area.layout.display == ""
    assert w.hand_area.value.count("pt-replay-better") == 1
    marked = w.hand_area.value.split('class="pt-replay-card pt-replay-better"')[1]
    assert better.name in marked.split("</span>")[0]
    assert "Better" in w.announcer.text and judged.caption in w.announcer.text
    w.go_to_trick(1)
    assert w.step is not None and w.step.title == "Trick 1"
    w.first()
    assert "The auction" in w.counter.value and w.verdict_area.layout.display in ("", "none")


def test_the_game_table_shows_the_replay_once_the_hand_is_over() -> None:
    g = GameTable(seed=3)
    s = g.session
    while not s.hand_over:
        # Nothing of a hand in play goes into the replay.
        assert g.replay.step_count == 0 and g.replay.table_area.value == ""
        assert g.replay.layout.display == "none"
        step(g)
    assert_no_hidden(g)
    h = s.engine_hand
    assert g.replay.step_count == len(h.history) + 2
    assert g.replay.layout.display == ""
    assert "Step 1 of" in g.replay.counter.value
    # The review's words stay, with seat names and no numbers.
    assert "Review of hand 1, in words" in g.review_area.value
    assert not SEAT_NUMBER.search(g.review_area.value)
    g.replay.last_button.click()
    g.refresh()  # a refresh keeps the learner's place
    assert g.replay.step is g.replay.steps[-1]
    g.next_button.click()
    assert s.hand_number == 2 and g.replay.step_count == 0
    assert g.replay.layout.display == "none" and g.replay.hand_area.value == ""


# ------------------------------------------------------------ the bid verdict
def test_the_reviews_stop_is_the_limit_the_bid_hint_gave() -> None:
    """The learner asks for a bid hint, then bids past it; the review's "stop at" is
    the hint's limit (the same deals, samples and view), even where the trump the
    learner then named has another limit from the opening bid."""
    r = rules_named("classic")
    seed = 3
    h = Hand(r.players - 1, r, seed=seed)
    players = [make_player("beginner") for _ in range(r.players)]
    given = None
    while h.phase is not Phase.DONE:
        if h.to_act == 0 and h.phase is Phase.AUCTION:
            if given is None:
                given = hint(h.view(0), seed=seed, hand_number=1, can_concede=False)
                assert given.bidding is not None and given.bidding.limit is not None
                h.apply(Bid(given.bidding.limit + 3 * r.bid_increment))
            else:
                h.apply(Bid(None))
        else:
            seat = h.to_act
            assert seat is not None
            h.act(players[seat])
    assert given is not None and given.bidding is not None and h.declarer == 0
    limit = given.bidding.limit
    assert limit is not None and h.contract is not None and h.contract > limit
    verdict = review(h, 0, seed=seed, hand_number=1).bid_verdict
    assert verdict is not None and verdict.limit == limit
    if verdict.advised_trump == verdict.trump:
        assert f"the advice was to stop at {limit}: {h.contract - limit} lower" in verdict.text
    else:  # the hint's advice with its own trump, then the named trump's figures
        assert (
            f"At your last bid the advice was to stop at {limit} with "
            f"{verdict.advised_trump.plural}, {h.contract - limit} below your {h.contract}; with "
            f"{verdict.trump.plural}, the trump you named, {h.contract} was made "
        ) in verdict.text
    # The case is one where the named trump's limit counted from the opening bid
    # (what the review said before) is another number.
    info = auction_at_last_bid(0, h.dealer, tuple(h.auction.history), r)
    ev = evaluate_bids(list(h.deal.hands[0]), r, info, samples=BID_HINT_SAMPLES)
    assert h.trump is not None and ev.limit_of(h.trump, r.opening_bid) != limit
    # The hint's text says the same limit.
    assert f"go on to {limit}" in given.text or f"Bid {limit}" in given.text


def test_a_conceded_hand_ends_at_the_concession_with_its_verdict() -> None:
    r = rules_named("classic")
    h = Hand(r.players - 1, r, seed=3)
    players = [make_player("beginner") for _ in range(r.players)]
    first = True
    while h.phase is not Phase.DONE:
        seat = h.to_act
        assert seat is not None
        if seat == 0 and h.phase is Phase.AUCTION:
            h.apply(Bid(400 if first else None))
            first = False
        elif h.phase is Phase.PLAY and h.declarer == 0:
            h.apply(Concede())
        else:
            h.act(players[seat])
    rv = review(h, 0, seed=3, hand_number=1)
    steps = replay_steps(h, 0, rv)
    assert len(steps) == len(h.history) + 2
    meld, conceded, end = steps[-3:]
    assert (meld.kind, conceded.kind, end.kind) == (StepKind.MELD, StepKind.CONCEDE, StepKind.END)
    assert conceded.caption == "You concede the hand before the first trick."
    assert rv.concession is not None
    assert [v.text for v in conceded.verdicts] == [rv.concession.text]
    assert "conceded" in end.caption and not any(s.kind is StepKind.PLAY for s in steps)
