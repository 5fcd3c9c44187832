"""The review's face-up view of the last tricks (a double-dummy view): what the side
could have taken with every card face up, what it took, and the learner's cards that
gave points away; checked against the exact solver in every variant."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle_tutor import CLASSIC, DOUBLE_DECK, THREE_HANDED, Hand, Phase, RuleSet
from pinochle_tutor.bots import HeuristicPlayer
from pinochle_tutor.coach.play import FACE_UP_TRICKS, face_up_endgame
from pinochle_tutor.course.table.session import GameSession
from pinochle_tutor.explain import review_hand
from pinochle_tutor.sim.endgame import solve_endgame

RULES = [CLASSIC, DOUBLE_DECK, THREE_HANDED]


def _played(rules: RuleSet, seed: int, exact_from: int = 0) -> Hand:
    """A hand played by heuristic players; from ``exact_from`` cards a hand on (when
    given) every seat plays a card the face-up solver calls best."""
    h = Hand(dealer=seed % rules.players, rules=rules, seed=seed)
    p = HeuristicPlayer()
    while h.phase is not Phase.DONE:
        seat = h.to_act
        if h.phase is Phase.PLAY and seat is not None and len(h.hands[seat]) <= exact_from:
            assert h.trump is not None and h.declarer is not None
            sol = solve_endgame(h.hands, h.trump, seat, declarer=h.declarer, rules=rules,
                                trick=h.trick)  # fmt: skip
            h.play(seat, sol.best_cards[0])
        else:
            h.act(p)
    return h


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), seat=st.integers(0, 3))
def test_the_view_is_the_solvers(rules: RuleSet, seed: int, seat: int) -> None:
    seat %= rules.players
    h = _played(rules, seed)
    f = face_up_endgame(h, seat)
    if h.conceded:
        assert f is None
        return
    assert f is not None
    n = rules.tricks_per_hand
    assert f.from_trick == n - FACE_UP_TRICKS + 1
    late = h.tricks[f.from_trick - 1 :]
    assert f.left == sum(t.points for t in late)
    assert h.declarer is not None
    ours = rules.side(seat) == rules.side(h.declarer)
    assert f.took == sum(
        t.points for t in late if (rules.side(t.winner) == rules.side(h.declarer)) == ours
    )
    assert 0 <= f.could_take <= f.left
    for q in f.plays:
        assert q.loss > 0 and q.card not in q.best
        t = h.tricks[q.trick_number - 1]
        assert t.cards[t.seats.index(seat)] is q.card
    text = "\n".join(f.lines())
    assert f"from trick {f.from_trick} on" in text and f"{f.could_take} of the {f.left}" in text


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.name)
def test_best_play_by_everyone_takes_what_the_view_says_and_flags_nothing(rules: RuleSet) -> None:
    for seed in range(4):
        h = _played(rules, seed, exact_from=FACE_UP_TRICKS)
        if h.conceded:
            continue
        for seat in range(rules.players):
            f = face_up_endgame(h, seat)
            assert f is not None
            assert f.took == f.could_take and not f.plays
            assert "just what best play gives" in "\n".join(f.lines())


def test_a_thrown_counter_in_the_last_tricks_is_named() -> None:
    """Seat 0 plays its worst card (by the solver) once in the last tricks: the view
    names that trick, the card, the better cards and the loss the solver gives."""
    for seed in range(30):
        h = Hand(dealer=0, seed=seed)
        p = HeuristicPlayer()
        wrong = None
        while h.phase is not Phase.DONE:
            seat = h.to_act
            late = h.phase is Phase.PLAY and seat == 0 and len(h.hands[0]) <= FACE_UP_TRICKS
            if late and wrong is None:
                assert h.trump is not None and h.declarer is not None
                sol = solve_endgame(h.hands, h.trump, 0, declarer=h.declarer, trick=h.trick)
                card, value = min(sol.values, key=lambda cv: cv[1])
                if value < sol.best_value:
                    wrong = (len(h.tricks) + 1, card, sol.best_value - value)
                    h.play(0, card)
                    continue
            h.act(p)
        if wrong is None or h.conceded:
            continue
        f = face_up_endgame(h, 0)
        assert f is not None
        named = {(q.trick_number, q.card): q.loss for q in f.plays}
        assert named[(wrong[0], wrong[1])] == wrong[2]
        assert f"Trick {wrong[0]}: {wrong[1].text} gave away {wrong[2]} trick points" in (
            "\n".join(f.lines())
        )
        return
    pytest.fail("no hand offered a costly card in the last tricks")


def test_the_review_and_the_game_table_show_the_view() -> None:
    h = _played(CLASSIC, 3)
    f = face_up_endgame(h, 0)
    assert f is not None
    assert f.lines()[0] in review_hand(h, 0, face_up=f).text
    s = GameSession(seed=5, max_hands=1)
    while not s.hand_over:
        if s.trick_waiting:
            s.collect_trick()
        elif s.is_my_turn:
            s.take(s.hint())
        else:
            s.advance()
    review = s.review()
    assert review is not None
    if not review.conceded:
        assert review.face_up is not None and "face up" in review.text


def test_the_review_judges_the_learners_own_contract() -> None:
    """When the learner declared, the review says which part of the contract fell short
    (or that it was made), against the bid hint's evaluation at their last bid."""
    from pinochle_tutor.coach.bid import BID_HINT_SAMPLES, explain_hand_bid

    s = GameSession(seed=8, max_hands=1)
    while not s.hand_over:
        if s.trick_waiting:
            s.collect_trick()
        elif not s.is_my_turn:
            s.advance()
        elif s.phase is Phase.AUCTION:
            s.bid(s.view.min_bid)  # outbid everyone: the learner declares
        else:
            s.take(s.hint())
    h = s.hands[-1]
    assert h.declarer == s.human_seat
    review = s.review()
    assert review is not None and review.bid_verdict is not None
    want = explain_hand_bid(h, samples=BID_HINT_SAMPLES)
    assert want is not None and review.bid_verdict.text == want.text
    assert "Your bid: " + want.text in review.text
    # Another seat's contract is not the learner's bid to judge.
    s2 = GameSession(seed=8, max_hands=1)
    while not s2.hand_over:
        if s2.trick_waiting:
            s2.collect_trick()
        elif not s2.is_my_turn:
            s2.advance()
        elif s2.phase is Phase.AUCTION:
            s2.pass_()
        else:
            s2.take(s2.hint())
    r2 = s2.review()
    assert r2 is not None and r2.bid_verdict is None and "Your bid:" not in r2.text
