"""GameSession: whole hands and games with a scripted learner, refusals that leave
the state unchanged, hints that are always legal, and no hidden card in what the
learner is shown."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest

from pinochle_tutor import (
    CLASSIC,
    IllegalActionError,
    IllegalBidError,
    InvalidCardError,
    InvalidSeatError,
    Phase,
    PinochleError,
    Suit,
    TrickRule,
)
from pinochle_tutor.bots.levels import UnknownPlayerError, make_player
from pinochle_tutor.cards import Card, all_cards
from pinochle_tutor.coach import Hint
from pinochle_tutor.course.table.narration import Event, EventKind
from pinochle_tutor.course.table.session import GameSession, RefusedPlayError
from pinochle_tutor.explain import explain_call

PRESET_NAMES = ["classic", "double_deck", "three_handed"]


# ---------------------------------------------------------------- helpers
def visible_cards(s: GameSession) -> set[Card]:
    """Distinct cards the learner may know of now: own hand, exchanged cards, the
    kitty, shown meld and played cards."""
    v = s.view
    seen: set[Card] = set(v.hand) | set(v.received) | set(v.given) | set(v.kitty) | set(v.trick)
    for t in v.tricks:
        seen |= set(t.cards)
    for m in v.melds or ():
        seen |= set(m.hand)
    return seen


def hidden_only(s: GameSession) -> set[Card]:
    """Distinct cards held by other seats of which the learner has seen no copy."""
    h = s.engine_hand
    others: set[Card] = set()
    for seat, cards in enumerate(h.hands):
        if seat != s.human_seat:
            others |= set(cards)
    if h.rules.has_kitty and h.declarer is None:
        others |= set(h.deal.kitty)
    if h.discards and h.declarer != s.human_seat:
        others |= set(h.discards)
    return others - visible_cards(s)


def assert_no_leak(s: GameSession, texts: Iterable[str], cards: Iterable[Card] = ()) -> None:
    """No card the learner cannot know appears in ``texts`` or ``cards``."""
    secret = hidden_only(s)
    cards = list(cards)
    for c in cards:
        assert c not in secret, f"hidden card {c.text} shown"
    for text in texts:
        for c in secret:
            assert c.text not in text, f"hidden card {c.text} in {text!r}"


def assert_events_safe(s: GameSession, events: list[Event]) -> None:
    for e in events:
        assert_no_leak(s, [e.text], e.cards)
        declarer = s.view.declarer
        involved = declarer is not None and s.human_seat in (declarer, s.rules.partner(declarer))
        if e.kind is EventKind.EXCHANGE and not involved:
            assert e.cards == (), e
        if e.kind is EventKind.DISCARD and e.seat != s.human_seat:
            assert e.cards == (), e


def assert_hint_legal(s: GameSession, hint: Hint) -> None:
    v = s.view
    hand = Counter(v.hand)
    r = s.rules
    assert hint.reason
    if hint.phase is Phase.AUCTION:
        assert explain_call(s.engine_hand.auction, s.human_seat, hint.bid).legal
    elif hint.phase is Phase.TRUMP:
        assert isinstance(hint.suit, Suit)
    elif hint.phase in (Phase.PASS, Phase.RETURN, Phase.DISCARD):
        n = r.kitty_size if hint.phase is Phase.DISCARD else r.exchange_size
        assert len(hint.cards) == n
        assert not Counter(hint.cards) - hand
    else:
        assert hint.phase is Phase.PLAY
        if hint.concede:
            assert s.can_concede
        else:
            assert len(hint.cards) == 1 and hint.cards[0] in v.legal
    assert_no_leak(s, [hint.text], hint.cards)


def act_first_legal(s: GameSession) -> None:
    """The scripted learner: always the first legal option."""
    v = s.view
    r = s.rules
    p = v.phase
    if p is Phase.AUCTION:
        s.bid(None)
    elif p is Phase.TRUMP:
        s.name_trump(Suit.SPADES)
    elif p is Phase.PASS:
        s.pass_cards(v.hand[: r.exchange_size])
    elif p is Phase.RETURN:
        s.return_cards(v.hand[: r.exchange_size])
    elif p is Phase.DISCARD:
        s.discard(v.hand[: r.kitty_size])
    else:
        s.play(v.legal[0])


def play_game_checked(
    s: GameSession, act: Any = act_first_legal, max_steps: int = 5000
) -> set[Phase]:
    """Play to the end, checking the log, hints and score sheet at every step; the
    phases the learner acted in."""
    phases: set[Phase] = set()
    done = 0
    assert_events_safe(s, s.events)
    for _ in range(max_steps):
        if s.is_over:
            break
        if s.hand_over:
            s.next_hand()
        else:
            assert s.is_my_turn
            assert_hint_legal(s, s.hint())
            phases.add(s.phase)
            act(s)
        assert_events_safe(s, s.events[done:])
        done = len(s.events)
        assert_no_leak(s, [s.task()])
    assert s.is_over
    check_sheet(s)
    return phases


def check_sheet(s: GameSession) -> None:
    rows = s.score_sheet
    assert len(rows) == sum(1 for h in s.hands if h.phase is Phase.DONE)
    totals = [0] * s.rules.sides
    for row in rows:
        for side in range(s.rules.sides):
            name = s.side_name(side)
            totals[side] += row[f"Change {name}"]
            assert row[f"Total {name}"] == totals[side]
        for value in row.values():
            assert isinstance(value, (int, str))
    assert totals == s.scores


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize("rules", PRESET_NAMES)
def test_whole_game_with_scripted_learner(rules: str) -> None:
    s = GameSession(rules, seed=11)
    phases = play_game_checked(s)
    assert Phase.AUCTION in phases and Phase.PLAY in phases
    assert s.winner is not None
    assert s.scores[s.winner] >= s.rules.target
    assert s.events[-1].kind is EventKind.GAME_OVER
    review = s.review()
    assert review is not None and review.text


@pytest.mark.parametrize("rules", PRESET_NAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_several_hands_with_a_bidding_learner(rules: str, seed: int) -> None:
    """A learner who bids the minimum each time becomes declarer: trump, the
    exchange or discard, and trick play are all exercised."""
    s = GameSession(rules, seed=seed, human_seat=seed % (3 if rules == "three_handed" else 4))

    def act(s: GameSession) -> None:
        v = s.view
        if v.phase is Phase.AUCTION and v.min_bid <= 2 * s.rules.opening_bid:
            s.bid(v.min_bid)
        else:
            act_first_legal(s)

    phases: set[Phase] = set()
    for _ in range(3):
        while not s.hand_over:
            assert_hint_legal(s, s.hint())
            phases.add(s.phase)
            act(s)
            assert_events_safe(s, [e for e in s.events if e.hand_number == s.hand_number])
        if s.is_over:
            break
        s.next_hand()
    assert Phase.TRUMP in phases
    assert (Phase.DISCARD if rules == "three_handed" else Phase.RETURN) in phases


def test_hand_events_tell_the_story() -> None:
    s = GameSession(seed=3)
    while not s.hand_over:
        act_first_legal(s)
    kinds = [e.kind for e in s.events]
    assert kinds[0] is EventKind.DEAL
    assert EventKind.CONTRACT in kinds and EventKind.TRUMP in kinds
    assert kinds.count(EventKind.MELD) == 4
    assert kinds.count(EventKind.TRICK) == CLASSIC.tricks_per_hand
    assert kinds.count(EventKind.PLAY) == 48
    assert kinds[-1] is EventKind.SCORE
    h = s.engine_hand
    row = s.score_sheet[-1]
    assert row["Contract"] == h.contract
    assert row["Bidder"] == s.seat_name(h.declarer or 0)
    assert row["Trump"] == (h.trump.symbol if h.trump else "")


def test_same_seed_same_game() -> None:
    a, b = GameSession(seed=42), GameSession(seed=42)
    for s in (a, b):
        while not s.hand_over:
            act_first_legal(s)
    assert [e.text for e in a.events] == [e.text for e in b.events]


def test_learner_partner_passes_and_sees_return() -> None:
    """Seat 0 passes; when seat 2 (the partner) wins the auction the learner passes
    4 cards and is told which 4 came back."""
    for seed in range(40):
        s = GameSession(seed=seed)
        while s.view.phase is Phase.AUCTION:
            s.bid(None)
        if s.view.phase is Phase.PASS:
            break
    else:  # pragma: no cover - the seeds above include such a deal
        pytest.fail("no deal where the partner declares")
    v = s.view
    give = v.hand[:4]
    s.pass_cards(give)
    ex = [e for e in s.events if e.kind is EventKind.EXCHANGE]
    assert ex[0].cards == tuple(give) and ex[0].seat == 0
    assert ex[1].seat == 2 and len(ex[1].cards) == 4
    assert s.view.received == ex[1].cards


def test_other_players_exchange_is_face_down() -> None:
    for seed in range(40):
        s = GameSession(seed=seed)
        while s.view.phase is Phase.AUCTION:
            s.bid(None)
        if s.view.declarer in (1, 3):
            break
    ex = [e for e in s.events if e.kind is EventKind.EXCHANGE]
    assert len(ex) == 2
    assert all(e.cards == () and "face down" in e.text for e in ex)


# ---------------------------------------------------------------- refusals
def snapshot(s: GameSession) -> Any:
    h = s.engine_hand
    return (
        [list(x) for x in h.hands],
        h.phase,
        list(h.auction.history),
        h.trump,
        [list(t.cards) for t in h.tricks],
        list(h.trick),
        list(s.scores),
        len(s.hands),
    )


@pytest.mark.parametrize(
    ("amount", "words"),
    [
        (240, "at least 250"),
        (255, "multiples of 10"),
        ("abc", "whole number"),
        (True, "whole number"),
        (-10, "at least 250"),
        (2.5, "whole number"),
    ],
)
def test_bad_bid_refused_with_reason(amount: object, words: str) -> None:
    s = GameSession(seed=1)
    before = snapshot(s)
    with pytest.raises(IllegalBidError, match=words):
        s.bid(amount)
    assert snapshot(s) == before
    assert s.events[-1].kind is EventKind.ILLEGAL


def test_bid_below_current_refused() -> None:
    s = GameSession(seed=1, first_dealer=2)  # seat 3 bids, then the learner
    s.engine_hand  # noqa: B018
    v = s.view
    if v.high_bid is None:
        pytest.skip("seat 3 passed in this deal")
    # The learner is told as "you" (not "seat 0"): the refusal is said from their seat.
    with pytest.raises(IllegalBidError, match=r"does not beat .*: you must bid at least"):
        s.bid(v.high_bid)


def test_out_of_phase_actions_refused() -> None:
    s = GameSession(seed=1)
    before = snapshot(s)
    for act, words in [
        (lambda: s.play(s.view.hand[0]), "bid or pass"),
        (lambda: s.name_trump("H"), "bid or pass"),
        (lambda: s.pass_cards(s.view.hand[:4]), "bid or pass"),
        (lambda: s.return_cards(s.view.hand[:4]), "bid or pass"),
        (lambda: s.discard(s.view.hand[:3]), "bid or pass"),
        (s.concede, "bid or pass"),
        (s.next_hand, "Finish this hand"),
    ]:
        with pytest.raises(IllegalActionError, match=words):
            act()
        assert snapshot(s) == before


def to_play_phase(seed: int = 5) -> GameSession:
    s = GameSession(seed=seed)
    while s.view.phase is not Phase.PLAY or not s.is_my_turn:
        act_first_legal(s)
    return s


def test_illegal_card_explained_recorded_and_state_unchanged() -> None:
    for seed in range(30):
        s = to_play_phase(seed)
        v = s.view
        wrong = [c for c in set(v.hand) if c not in v.legal]
        if wrong:
            break
    else:  # pragma: no cover
        pytest.fail("no position with an illegal card")
    before = snapshot(s)
    n = len(s.engine_hand.illegal_attempts)
    with pytest.raises(RefusedPlayError) as info:
        s.play(wrong[0])
    assert snapshot(s) == before
    e = info.value.explanation
    assert not e.legal and e.rule in (TrickRule.FOLLOW_SUIT, TrickRule.BEAT, TrickRule.TRUMP)
    assert str(info.value).startswith(f"You cannot play {wrong[0].text}")
    assert len(s.engine_hand.illegal_attempts) == n + 1
    assert s.events[-1].kind is EventKind.ILLEGAL
    # The review lists the refused card once the hand is over.
    while not s.hand_over:
        act_first_legal(s)
    review = s.review()
    assert review is not None and len(review.attempts) == 1
    assert wrong[0].text in review.text


def test_card_not_in_hand_and_nonsense_card() -> None:
    s = to_play_phase()
    missing = next(c for c in all_cards() if c not in s.view.hand)
    before = snapshot(s)
    with pytest.raises(RefusedPlayError) as info:
        s.play(missing)
    assert info.value.explanation.rule is TrickRule.NOT_IN_HAND
    with pytest.raises(InvalidCardError):
        s.play("ZZ")
    with pytest.raises(PinochleError):
        s.play(12)  # type: ignore[arg-type]
    assert snapshot(s) == before


def test_wrong_exchange_refused() -> None:
    for seed in range(40):
        s = GameSession(seed=seed)
        while s.view.phase is Phase.AUCTION:
            s.bid(None)
        if s.view.phase is Phase.PASS:
            break
    before = snapshot(s)
    hand = s.view.hand
    with pytest.raises(IllegalActionError, match="exactly 4"):
        s.pass_cards(hand[:3])
    missing = next(c for c in all_cards() if c not in hand)
    with pytest.raises(IllegalActionError, match="you hold no"):
        s.pass_cards([*hand[:3], missing])
    with pytest.raises(InvalidCardError):
        s.pass_cards("AS KS QX JS")
    assert snapshot(s) == before


def win_auction(s: GameSession, amount: int) -> None:
    while s.view.phase is Phase.AUCTION:
        v = s.view
        s.bid(max(amount, v.min_bid) if v.high_bid is None or v.high_bid < amount else None)


def test_learner_declarer_trump_return_and_concede() -> None:
    s = GameSession(seed=9)
    win_auction(s, 700)
    assert s.view.declarer == 0 and s.view.contract == 700
    with pytest.raises(PinochleError):
        s.name_trump("X")
    s.name_trump(s.hint().suit or "S")
    assert s.view.phase is Phase.RETURN and len(s.view.received) == 4
    before = snapshot(s)
    with pytest.raises(IllegalActionError):
        s.return_cards(s.view.hand[:5])
    assert snapshot(s) == before
    s.return_cards(s.hint().cards)
    assert s.can_concede
    hint = s.hint()
    assert hint.concede
    s.concede()
    assert s.hand_over
    row = s.score_sheet[-1]
    assert row["Result"] == "conceded" and row["Change Us"] == -700
    assert any(e.kind is EventKind.CONCEDE for e in s.events)


def test_three_handed_discard_and_kitty() -> None:
    s = GameSession("three_handed", seed=4)
    win_auction(s, 500)
    v = s.view
    assert v.phase is Phase.DISCARD and len(v.kitty) == 3 and len(v.hand) == 18
    kitty = [e for e in s.events if e.kind is EventKind.KITTY]
    assert kitty and kitty[0].cards == v.kitty
    s.discard(s.hint().cards)
    assert s.view.phase is Phase.TRUMP and len(s.view.hand) == 15


def test_refusals_after_game_over() -> None:
    s = GameSession("double_deck", seed=2, max_hands=1)
    while not s.is_over:
        act_first_legal(s)
    assert s.is_over
    for act in (s.next_hand, s.hint, lambda: s.bid(None)):
        with pytest.raises(IllegalActionError, match="over"):
            act()


def test_engine_state_matches_view() -> None:
    s = GameSession(seed=8)
    assert sorted(s.view.hand) == sorted(s.engine_hand.hands[0])
    # The view is a copy: changing it cannot change the game.
    view = copy.copy(s.view)
    assert view.hand == s.view.hand


def test_monte_carlo_and_random_opponents_play_a_hand() -> None:
    for kind in ("montecarlo", "random"):
        s = GameSession(seed=6, opponents=kind, partner="heuristic")
        while not s.hand_over:
            assert_hint_legal(s, s.hint())
            act_first_legal(s)
        assert s.score_sheet


def test_bad_settings_refused() -> None:
    with pytest.raises(UnknownPlayerError, match="'grandmaster' is not a computer player"):
        GameSession(opponents="grandmaster")
    with pytest.raises(InvalidSeatError, match="human_seat=4 is not a seat"):
        GameSession(human_seat=4)
    with pytest.raises(InvalidSeatError, match="first_dealer=-1 is not a seat"):
        GameSession(first_dealer=-1)
    with pytest.raises(PinochleError):
        GameSession("five_handed")
    assert make_player("Monte-Carlo") is not None


def test_seat_and_side_names() -> None:
    s = GameSession(human_seat=1)
    assert [s.seat_name(i) for i in range(4)] == [
        "Right opponent",
        "You",
        "Left opponent",
        "Partner",
    ]
    assert [s.side_name(i) for i in range(2)] == ["Them", "Us"]
    t = GameSession("three_handed")
    assert [t.side_name(i) for i in range(3)] == ["You", "Left opponent", "Right opponent"]


# ------------------------------------------------- undo, pause, seeds, concede
def _learner_step(s: GameSession) -> None:
    """One learner decision by the hint player (always legal)."""
    if s.trick_waiting:
        s.collect_trick()
        return
    s.take(s.hint())


def _state(s: GameSession) -> Any:
    h = s.engine_hand
    return (
        [sorted(x) for x in h.hands], h.phase, list(h.auction.history), list(h.trick),
        list(h.tricks), h.trump, list(s.scores), [e.text for e in s.events], len(s.rows),
    )  # fmt: skip


@pytest.mark.parametrize("rules", PRESET_NAMES)
def test_undo_restores_every_earlier_decision_point(rules: str) -> None:
    s = GameSession(rules, seed=3, opponents="random")
    before = []
    while not s.hand_over:
        if s.is_my_turn:
            before.append(_state(s))
        _learner_step(s)
    assert s.can_undo
    while before:
        what = s.undo()
        assert what.startswith(("your", "naming"))
        after = _state(s)
        expected = before.pop()
        assert after[:7] == expected[:7]
        assert after[7][:-1] == expected[7] and after[7][-1] == f"You take back {what}."
        assert s.is_my_turn
    assert not s.can_undo
    with pytest.raises(IllegalActionError, match="no decision of yours"):
        s.undo()


def test_undo_after_the_last_card_takes_back_the_score() -> None:
    s = GameSession(seed=5)
    while not s.hand_over:
        _learner_step(s)
    scores, rows = list(s.scores), len(s.rows)
    assert rows == 1
    s.undo()
    assert not s.hand_over and len(s.rows) == 0 and s.scores == [0, 0]
    while not s.hand_over:
        _learner_step(s)
    assert len(s.rows) == 1 and s.scores == scores  # the heuristic bots replay alike


def test_undo_switched_off_by_the_teacher() -> None:
    s = GameSession(seed=1, allow_undo=False)
    s.bid(None)
    assert not s.can_undo
    with pytest.raises(IllegalActionError, match="switched off"):
        s.undo()


def test_undo_never_reaches_into_an_earlier_hand() -> None:
    s = GameSession(seed=2)
    while not s.hand_over:
        _learner_step(s)
    s.next_hand()
    if not s.can_undo:  # the learner has not acted yet in this hand
        with pytest.raises(IllegalActionError):
            s.undo()
    assert s.hand_number == 2


def test_pause_after_each_trick_and_no_play_into_the_next() -> None:
    s = GameSession(seed=4, pause_after_trick=True)
    while s.view.phase is not Phase.PLAY or not s.is_my_turn:
        _learner_step(s)
    seen = 0
    while not s.hand_over:
        if s.trick_waiting:
            v = s.view
            assert not v.trick and len(v.tricks) == seen + 1
            assert s.last_trick is not None and len(s.last_trick.cards) == 4
            assert not s.is_my_turn and "continue" in s.task()
            card = s.engine_hand.hands[0][0]
            with pytest.raises(IllegalActionError, match="Continue first"):
                s.play(card)
            assert len(s.view.tricks) == seen + 1 and not s.view.trick
            seen += 1
            s.collect_trick()
        else:
            _learner_step(s)
    assert seen == len(s.view.tricks) - 1  # no pause after the last trick: the hand is scored
    with pytest.raises(IllegalActionError, match="no finished trick"):
        s.collect_trick()


def test_seed_from_environment_or_fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    from pinochle_tutor.course.seeds import SEED_ENV, InvalidSeedError, page_seed

    monkeypatch.setenv(SEED_ENV, "42")
    assert GameSession().seed == 42 and page_seed(7) == 7
    a, b = GameSession(), GameSession()
    assert a.engine_hand.hands == b.engine_hand.hands
    monkeypatch.delenv(SEED_ENV)
    seeds = {GameSession().seed for _ in range(5)}
    assert len(seeds) == 5
    monkeypatch.setenv(SEED_ENV, "seven")
    with pytest.raises(InvalidSeedError, match="'seven' is not a whole number"):
        page_seed()


def test_concede_cost_in_words() -> None:
    for seed in range(60):
        s = GameSession(seed=seed)
        while not s.can_concede and not s.hand_over:
            if s.phase is Phase.AUCTION and s.is_my_turn:
                s.bid(s.view.min_bid)  # the learner takes the contract
            else:
                _learner_step(s)
        if s.can_concede:
            break
    assert s.can_concede
    v = s.view
    assert v.melds is not None and v.contract is not None
    them = sum(m.total for i, m in enumerate(v.melds) if i % 2 == 1)
    assert s.concede_cost_text() == f"You lose {v.contract}; they score {them}."
    s.concede()
    assert s.scores == [-v.contract, them]


# ------------------------------------------------------ counting one's own meld
def to_meld_count(s: GameSession) -> None:
    """The scripted learner acts until the session waits for the meld count."""
    for _ in range(100):
        if s.meld_count_pending:
            return
        act_first_legal(s)
    pytest.fail("the meld count never came")


def hand_events(s: GameSession, kind: EventKind) -> list[Event]:
    return [e for e in s.events if e.kind is kind and e.hand_number == s.hand_number]


@pytest.mark.parametrize("rules", PRESET_NAMES)
def test_learner_counts_own_meld_before_any_meld_is_shown(rules: str) -> None:
    from pinochle_tutor.explain import diagnose_meld
    from pinochle_tutor.game import OutOfTurnError
    from pinochle_tutor.meld import meld_points

    s = GameSession(rules, seed=3, count_meld=True)
    with pytest.raises(OutOfTurnError, match="no meld to count yet"):
        s.count_meld_total(0)
    to_meld_count(s)
    v = s.view
    assert v.phase is Phase.PLAY and v.melds is not None and v.trump is not None
    # Nothing is shown or played before the count: no meld, no card, not even a
    # computer declarer's lead.
    assert s.melds_shown is None and not hand_events(s, EventKind.MELD)
    assert not v.trick and not v.tricks and not s.is_my_turn
    assert "Count your meld" in s.task()
    before = snapshot(s)
    for refused in (lambda: s.play(v.hand[0]), s.hint, s.concede):
        with pytest.raises(OutOfTurnError, match="Count your meld first"):
            refused()
    for bad in (-5, True, "120", 2.5, None):
        with pytest.raises(PinochleError, match="not a meld total"):
            s.count_meld_total(bad)  # type: ignore[arg-type]
    assert snapshot(s) == before and s.meld_count_pending
    right = meld_points(v.hand, v.trump, s.rules)
    assert right == v.melds[s.human_seat].total
    wrong = right + s.rules.meld_table.royal_marriage
    d = s.count_meld_total(wrong)
    # The meld counter's diagnosis, not a second one.
    assert d.text == diagnose_meld(v.hand, v.trump, wrong, rules=s.rules).text
    assert not d.correct and d.difference == s.rules.meld_table.royal_marriage
    assert s.meld_diagnosis is d
    assert hand_events(s, EventKind.COUNT)[0].text == (
        f"You count your meld as {wrong}: the meld is {right}."
    )
    assert len(hand_events(s, EventKind.MELD)) == s.rules.players
    assert s.melds_shown == s.view.melds and not s.meld_count_pending
    assert s.is_my_turn or s.view.trick  # play goes on
    with pytest.raises(OutOfTurnError, match="counted and shown already"):
        s.count_meld_total(right)


def test_a_right_count_and_the_next_hand_asks_again() -> None:
    s = GameSession(seed=8, count_meld=True)
    to_meld_count(s)
    v = s.view
    assert v.trump is not None and v.melds is not None
    d = s.count_meld_total(v.melds[s.human_seat].total)
    assert d.correct and "right" in hand_events(s, EventKind.COUNT)[0].text
    while not s.hand_over:
        act_first_legal(s)
    assert s.meld_diagnosis is d
    s.next_hand()
    assert s.meld_diagnosis is None
    to_meld_count(s)
    assert s.hand_number == 2 and s.melds_shown is None


def test_meld_count_is_off_by_default_and_undo_goes_back_before_it() -> None:
    from pinochle_tutor.game import OutOfTurnError

    plain = GameSession(seed=3)
    while plain.view.melds is None:
        act_first_legal(plain)
    assert not plain.meld_count_pending and plain.melds_shown == plain.view.melds
    with pytest.raises(OutOfTurnError, match="nothing to count"):
        plain.count_meld_total(0)
    s = GameSession(seed=3, count_meld=True)
    to_meld_count(s)
    events = len(s.events)
    what = s.undo()
    assert what and not s.meld_count_pending and s.view.melds is None
    assert len(s.events) < events
    to_meld_count(s)  # the same decision again: the count comes back
    assert s.melds_shown is None
