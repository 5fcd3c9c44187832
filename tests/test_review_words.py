"""The hand review's, the bid hint's and the table's words after a teacher's read (issue 30):
the bid verdict gives the hint's own advice when another trump was named and leaves the
trick points out of a concession; a stuck dealer is "stuck with the contract", not the
auction's winner; sides are listed the learner's first; the learner's own discards are
"your" discards; the face-up view says whose cards gave points away; the auction hint
names seats as the rest of the course does; the game-over line names sides in words."""

from __future__ import annotations

import re

import pytest

from pinochle_tutor import CLASSIC, THREE_HANDED, Auction, RuleSet
from pinochle_tutor.bots.heuristic import HeuristicPlayer
from pinochle_tutor.cards import Suit
from pinochle_tutor.coach.bid import advise_bid
from pinochle_tutor.course.table.narration import Narrator
from pinochle_tutor.explain.bidding import BidPart, explain_failed_bid
from pinochle_tutor.explain.review import FaceUpEndgame, review_hand
from pinochle_tutor.game import Hand
from pinochle_tutor.scoring import score_hand
from pinochle_tutor.view import Phase, seat_words


def _finish(hand: Hand) -> Hand:
    players = [HeuristicPlayer() for _ in range(hand.rules.players)]
    while hand.phase is not Phase.DONE:
        seat = hand.to_act
        assert seat is not None
        hand.act(players[seat])
    return hand


def _stuck_hand(rules: RuleSet, seed: int = 5) -> Hand:
    """Everyone before the dealer (seat 0) passes: the dealer is stuck."""
    hand = Hand(dealer=0, rules=rules, seed=seed)
    for seat in range(1, rules.players):
        hand.bid(seat, None)
    assert hand.auction.stuck and hand.declarer == 0
    return _finish(hand)


def _bid_hand(rules: RuleSet, declarer: int, seed: int = 5) -> Hand:
    """``declarer``, at the dealer's left, opens and everyone else passes."""
    hand = Hand(dealer=(declarer - 1) % rules.players, rules=rules, seed=seed)
    while hand.phase is Phase.AUCTION:
        seat = hand.to_act
        assert seat is not None
        hand.bid(seat, rules.opening_bid if seat == declarer else None)
    assert hand.declarer == declarer and not hand.auction.stuck
    return _finish(hand)


# ------------------------------------------------------------------ the bid verdict
def test_the_bid_verdict_gives_the_hints_advice_with_its_own_trump() -> None:
    """Three-handed seed 21: the learner bid the hint's 250 (hearts, up to 260) and named
    diamonds after the kitty; the review said 'the advice was to pass'."""
    r = THREE_HANDED
    s = score_hand(250, 130, 130, 130, 120, r)
    common = dict(
        trump=Suit.DIAMONDS, hand_meld=90, own_meld=130, expected_own_meld=127,
        expected_side_meld=127, expected_tricks=123, chance=0.52, advised_trump=Suit.HEARTS,
        total_trick_points=r.total_trick_points, partnerships=False,
    )  # fmt: skip
    e = explain_failed_bid(s, limit=260, kitty=True, **common)  # type: ignore[arg-type]
    assert e.lines()[-1] == (
        "At your last bid the advice was to bid up to 260 with hearts; with diamonds, the "
        "trump you named after seeing the kitty, 250 was made 52% of the time in the same "
        "simulated deals."
    )
    assert "pass" not in e.lines()[-1]
    over = explain_failed_bid(s, limit=r.opening_bid - r.bid_increment, kitty=True, **common)  # type: ignore[arg-type]
    assert f"the advice was to stop at {r.opening_bid - r.bid_increment} with hearts, " in over.text
    # with the advised trump named, the sentence is the limit's own
    same = explain_failed_bid(s, limit=260, kitty=True, **{**common, "advised_trump": Suit.DIAMONDS})  # type: ignore[arg-type]
    assert "within the advised limit of 260." in same.text and "with hearts" not in same.text


def test_a_concession_is_not_blamed_on_trick_points() -> None:
    """Classic seed 13: 'Trick points: 0, 151 below ... What fell short most: trick points'."""
    s = score_hand(270, 10, 0, 70, 0, CLASSIC, conceded=True)
    e = explain_failed_bid(
        s, trump=Suit.CLUBS, hand_meld=0, own_meld=0, expected_own_meld=82,
        expected_side_meld=106, expected_tricks=151, chance=0.44, limit=270,
        advised_trump=Suit.CLUBS, total_trick_points=CLASSIC.total_trick_points,
    )  # fmt: skip
    assert BidPart.TRICKS not in {p.part for p in e.parts}
    assert e.worst is not None and e.worst.part is BidPart.PASS
    text = e.text
    assert text.startswith("Your side conceded 270: no trick was played.")
    assert "Trick points" not in text and "What fell short most: the pass (82)." in text


# ------------------------------------------------------------------ the review
@pytest.mark.parametrize("rules", [CLASSIC, THREE_HANDED], ids=lambda r: r.name)
def test_a_stuck_dealer_is_stuck_with_the_contract(rules: RuleSet) -> None:
    hand = _stuck_hand(rules)
    assert hand.trump is not None
    mine = review_hand(hand, 0).text
    assert "won the auction" not in mine
    assert (
        f"You dealt. Everyone passed, leaving you stuck with the contract at {rules.stuck_bid} "
        f"(the dealer's). You named {hand.trump.plural} trump."
    ) in mine
    theirs = review_hand(hand, 1).text
    assert f"leaving the right opponent stuck with the contract at {rules.stuck_bid}" in theirs
    assert "won the auction at" in review_hand(_bid_hand(rules, 1), 0).text


def test_sides_are_listed_the_learners_first() -> None:
    hand = _bid_hand(CLASSIC, 1)
    text = review_hand(hand, 1).text
    meld = hand.side_meld
    assert f"Meld: your side {meld[1]}, the other side {meld[0]}." in text
    totals = re.findall(r"Totals: (\w+ \w+)", text)
    assert totals and set(totals) == {"your side"}


def test_three_handed_players_are_listed_you_left_right() -> None:
    r = THREE_HANDED
    hand = _bid_hand(r, 1)
    text = review_hand(hand, 2).text
    m = hand.side_meld  # seen from seat 2: seat 0 is on the left, seat 1 on the right
    assert f"Meld: you {m[2]}, the left opponent {m[0]}, the right opponent {m[1]}." in text
    for line in re.findall(r"Totals: [^.]*\.", text):
        assert re.fullmatch(r"Totals: you \d+, the left opponent \d+, the right opponent \d+\.", line)


def test_the_learners_discards_are_theirs() -> None:
    r = THREE_HANDED
    n = r.kitty_size
    hand = _bid_hand(r, 0)
    points = sum(r.counter_points[c.rank] for c in hand.discards)
    assert f"Your {n} discards count {points} trick point" in review_hand(hand, 0).text
    other = review_hand(hand, 1).text
    assert f"The declarer's {n} discards count {points} trick point" in other
    assert f"for {seat_words(0, 1, r)}." in other


@pytest.mark.parametrize(
    ("side", "givers"),
    [
        ("your side", "the other side's"),
        ("you", "the other players'"),
        ("you and the other defender", "the declarer's"),
    ],
)
def test_the_face_up_view_says_whose_cards_gave_points_away(side: str, givers: str) -> None:
    view = FaceUpEndgame(from_trick=11, could_take=40, took=60, left=100, side=side)
    assert view.lines()[0].endswith(f"{side} took 60: {givers} cards gave 20 away.")


# ------------------------------------------------------------------ the auction hint
def test_the_auction_hint_names_seats_as_the_course_does() -> None:
    r = CLASSIC
    inc = r.bid_increment
    hand = Hand(dealer=0, rules=r, seed=3).hands[0]
    # the left opponent opens, the partner passes, the right opponent raises: seat 0 to call
    auction = Auction.after([r.opening_bid, None, r.opening_bid + inc], dealer=0, rules=r)
    text = advise_bid(hand, r, auction, samples=20, seed=1).explanation
    assert (
        f"The auction so far: the left opponent bid {r.opening_bid}, your partner passed rather "
        f"than bid {r.opening_bid + inc}, the right opponent bid {r.opening_bid + inc};"
    ) in text
    assert "your left opponent" not in text and "passed at" not in text
    assert f"the {r.exchange_size} cards your partner passes you add " in text
    assert "partner's pass" not in text


def test_the_three_handed_auction_hint_names_the_left_and_right_opponents() -> None:
    r = THREE_HANDED
    hand = Hand(dealer=0, rules=r, seed=3).hands[0]
    auction = Auction.after([r.opening_bid, None], dealer=0, rules=r)
    text = advise_bid(hand, r, auction, samples=20, seed=1).explanation
    assert "the left opponent bid" in text and "the right opponent passed rather than bid" in text
    assert "the player on your" not in text


# ------------------------------------------------------------------ the table
def test_the_game_over_line_names_sides_in_words() -> None:
    us_left = Narrator(CLASSIC, 1)  # the learner's side is side 1
    assert us_left.game_over(4, 1, 20).text == "Game over: Your side won the game."
    assert us_left.game_over(4, 0, 20).text == "Game over: The other side won the game."
    three = Narrator(THREE_HANDED, 0)
    assert three.game_over(4, 1, 20).text == "Game over: Left opponent won the game."
    assert three.game_over(4, 0, 20).text == "Game over: You won the game."
    assert us_left.game_over(20, None, 20).text == "Game over: No winner after 20 hands."
    # the score sheet's columns keep their short names
    assert us_left.side_name(1) == "Us" and us_left.side_name(0) == "Them"
