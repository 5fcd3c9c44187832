"""The coach's card-play evaluation: right on positions with an obvious answer,
reproducible, and working under every preset."""

from __future__ import annotations

import itertools
import random

import pytest

from pinochle_tutor import CLASSIC, DOUBLE_DECK, THREE_HANDED, Card, Hand, RuleSet, make_deck
from pinochle_tutor.bots import HeuristicPlayer
from pinochle_tutor.cards import CARDS_BY_INDEX, Suit, parse_cards
from pinochle_tutor.coach.play import InvalidDecisionError, PlayEvaluation, evaluate_play
from pinochle_tutor.deal import Deal
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.sim.endgame import solve_endgame
from pinochle_tutor.sim.knowledge import Knowledge, consistent
from pinochle_tutor.view import Phase, PlayerView

# Every spade is placed by hand; the rest of the deck is dealt at random (seeded).
# Trump is hearts. The declarer leads the ace of spades to the first trick; the deciding
# seat, last to play, is a defender holding another ace, a ten and a low spade: the trick
# is lost whatever it plays, so the low spade is right and the ten (or the ace) gives the
# declarer's side a counter for nothing. The declarer's side still holds spades, so the ten
# kept is a winner later, not a card the opponents trump anyway.
# Per preset: the dealer (who takes the contract), each seat's spades, the cards played
# before the deciding seat, and the low spades it should play.
SPADES = {
    "classic": (3, ["TS", "KS QS JS 9S", "AS TS 9S", "AS KS QS JS"], ["AS", "TS", "9S"], "9S"),
    "double_deck": (
        3,
        ["AS TS TS", "KS KS QS QS JS JS", "AS AS TS JS JS", "AS KS KS QS QS TS"],
        ["AS", "TS", "JS"],
        "JS",
    ),
    "three_handed": (2, ["KS QS JS 9S", "AS TS TS 9S", "AS KS QS JS"], ["AS", "9S"], "9S"),
}
RULES = {"classic": CLASSIC, "double_deck": DOUBLE_DECK, "three_handed": THREE_HANDED}


def first_trick_view(rules: RuleSet, seed: int) -> tuple[PlayerView, str]:
    """The view of the deciding seat in the first trick of a crafted hand (see SPADES),
    and the low spades it should play."""
    dealer, spades, played, low = SPADES[rules.name]
    rng = random.Random(seed)
    placed = [parse_cards(s) for s in spades]
    rest = make_deck(rules)
    for row in placed:
        for c in row:
            rest.remove(c)
    rng.shuffle(rest)
    assert not any(c.suit is Suit.SPADES for c in rest)
    hands = []
    for row in placed:
        need = rules.hand_size - len(row)
        hands.append(tuple(row + rest[:need]))
        rest = rest[need:]
    hand = Hand(rules=rules, dealt=Deal(tuple(hands), tuple(rest), dealer, rules))
    while hand.phase is Phase.AUCTION:
        seat = hand.to_act
        assert seat is not None
        hand.bid(seat, None)  # everyone passes: the dealer takes the contract
    declarer = hand.declarer
    assert declarer == dealer
    if rules.has_kitty:
        hand.discard(declarer, hand.deal.kitty)
    hand.name_trump(declarer, "H")
    if rules.exchange_size:
        partner = rules.partner(declarer)
        assert partner is not None
        chosen = [c for c in hand.hands[partner] if c.suit is not Suit.SPADES][:4]
        hand.pass_cards(partner, chosen)
        hand.return_cards(declarer, chosen)
    for k, card in enumerate(played):
        hand.play((declarer + k) % rules.players, card)
    seat = hand.to_act
    assert seat is not None
    return hand.view(seat), low


@pytest.mark.parametrize("name", list(SPADES))
def test_throwing_a_ten_under_the_winning_ace_is_flagged(name: str) -> None:
    rules = RULES[name]
    view, low = first_trick_view(rules, seed=1)
    assert {c.text for c in view.legal} >= {"A♠", "10♠"}
    ev = evaluate_play(view, samples=48, seed=7)
    assert ev.best in parse_cards(low)
    assert ev.is_clear_mistake("TS") and ev.is_clear_mistake("AS")
    assert not any(ev.is_clear_mistake(c) for c in parse_cards(low))
    counter = max(rules.counter_points)
    assert (ev.loss("TS") or 0) >= counter / 2  # at least most of the ten itself
    assert not ev.exact and ev.samples == 48 and ev.playouts == 48 * len(ev.alternatives)
    # The deciding side: the partnership, or the two defenders together three-handed.
    assert view.seat in ev.side and view.declarer not in ev.side
    assert len(ev.side) == 2


def test_deterministic_given_a_seed() -> None:
    view, _ = first_trick_view(CLASSIC, seed=2)
    a = evaluate_play(view, samples=12, seed=5)
    b = evaluate_play(view, samples=12, seed=5)
    assert a == b
    c = evaluate_play(view, samples=12, seed=6)
    assert [x.mean for x in a.alternatives] != [x.mean for x in c.alternatives]


def test_common_random_numbers_make_differences_sharper() -> None:
    # Every card is played on the same deals: the loss is measured far more precisely
    # than either card's own mean.
    view, _ = first_trick_view(CLASSIC, seed=3)
    ev = evaluate_play(view, samples=24, seed=1)
    ten = ev.evaluation("TS")
    assert ten is not None
    assert ten.loss_stderr < ten.stderr


def test_queries_never_raise() -> None:
    view, _ = first_trick_view(CLASSIC, seed=4)
    ev = evaluate_play(view, samples=4, seed=0)
    assert ev.evaluation("QD") is None and ev.loss("not a card") is None
    assert not ev.is_clear_mistake("xx") and not ev.is_clear_mistake("QD")
    assert ev.loss(ev.best) == 0.0 and not ev.is_clear_mistake(ev.best)
    assert all(a.loss >= 0 for a in ev.alternatives)


def test_refuses_a_view_that_is_not_a_card_decision() -> None:
    hand = Hand(rules=CLASSIC, seed=1)
    with pytest.raises(InvalidDecisionError, match="no card to play"):
        evaluate_play(hand.view(1))
    view, _ = first_trick_view(CLASSIC, seed=1)
    with pytest.raises(PinochleError):
        evaluate_play(view, samples=0)
    with pytest.raises(InvalidDecisionError):
        evaluate_play(view, exact_tricks=-1)


# ------------------------------------------------------------- the last tricks
def late_views(
    rules: RuleSet, seed: int, cards_left: int
) -> list[tuple[list[list[Card]], PlayerView]]:
    """Every decision with a choice, at ``cards_left`` cards in hand, of a hand played by
    heuristic players, each with every seat's cards at that moment."""
    hand = Hand(rules=rules, seed=seed)
    player = HeuristicPlayer()
    found = []
    while hand.phase is not Phase.DONE:
        seat = hand.to_act
        assert seat is not None
        if hand.phase is Phase.PLAY and len(hand.hands[seat]) == cards_left:
            view = hand.view(seat)
            if len(set(view.legal)) > 1:
                found.append(([list(h) for h in hand.hands], view))
        hand.act(player)
    return found


def counts(cards: list[Card]) -> list[int]:
    row = [0] * 24
    for c in cards:
        row[c.index] += 1
    return row


def every_consistent_deal(view: PlayerView, hands: list[list[Card]]) -> list[list[list[Card]]]:
    """Every way the cards the seat cannot see could lie, given what it knows: all
    splits of its unseen cards among the other seats (and, three-handed, the declarer's
    discards the defenders never saw) that its ledger allows."""
    knowledge = Knowledge.from_view(view)
    others = list(knowledge.others)
    pool = [CARDS_BY_INDEX[i] for i, n in enumerate(knowledge.unseen) for _ in range(n)]
    sizes = [len(hands[s]) for s in others]
    assert sum(sizes) + knowledge.out_of_play == len(pool)
    deals = []
    seen = set()
    for perm in itertools.permutations(pool):
        rows = [list(hands[view.seat]) if s == view.seat else [] for s in range(len(hands))]
        pos = 0
        for s, n in zip(others, sizes, strict=True):
            rows[s] = sorted(perm[pos : pos + n], key=lambda c: c.index)
            pos += n
        key = tuple(tuple(r) for r in rows)
        if key in seen:
            continue
        seen.add(key)
        if not consistent(knowledge, [counts(r) for r in rows]):
            deals.append(rows)
    return deals


@pytest.mark.parametrize("rules", [CLASSIC, THREE_HANDED], ids=lambda r: r.name)
def test_last_tricks_agree_with_every_possible_deal(rules: RuleSet) -> None:
    # At two cards a hand, every deal the seat cannot rule out can be listed and solved.
    # Where some cards are best on all of them and another loses on all of them, the coach
    # (which only samples deals) rates the best ones best and flags the losing one.
    checked = 0
    for seed in range(80):
        for hands, view in late_views(rules, seed, cards_left=2):
            assert view.trump is not None and view.declarer is not None
            losses: dict[Card, list[int]] = {c: [] for c in set(view.legal)}
            for rows in every_consistent_deal(view, hands):
                sol = solve_endgame(
                    rows,
                    view.trump,
                    view.seat,
                    declarer=view.declarer,
                    trick=view.trick,
                    rules=rules,
                )
                for card, ls in losses.items():
                    loss = sol.loss(card)
                    assert loss is not None
                    ls.append(loss)
            always_best = [c for c, ls in losses.items() if max(ls) == 0]
            always_bad = [c for c, ls in losses.items() if min(ls) > ev_margin(rules)]
            if not always_best or not always_bad:
                continue
            ev = evaluate_play(view, samples=16, seed=seed)
            assert ev.exact
            assert all(ev.loss(c) == 0 for c in always_best)
            assert ev.best not in always_bad
            for card in always_bad:
                assert min(losses[card]) <= (ev.loss(card) or 0) <= max(losses[card])
                assert ev.is_clear_mistake(card)
            checked += 1
    assert checked >= 5


def ev_margin(rules: RuleSet) -> float:
    """The coach's default margin: half a counter."""
    return max(rules.counter_points) / 2


@pytest.mark.parametrize("rules", [CLASSIC, DOUBLE_DECK, THREE_HANDED], ids=lambda r: r.name)
def test_every_preset_mid_hand_and_endgame(rules: RuleSet) -> None:
    for cards_left in (6, 3):
        views = late_views(rules, seed=11, cards_left=cards_left)
        assert views
        hands, view = views[0]
        ev = evaluate_play(view, samples=6, seed=0)
        assert isinstance(ev, PlayEvaluation)
        assert ev.exact == (cards_left <= 4)
        assert {a.card for a in ev.alternatives} == set(view.legal)
        assert ev.best in view.legal
        assert ev.margin == ev_margin(rules)
        left = [*view.trick, *(c for h in hands for c in h)]
        remaining = sum(rules.counter_points[c.rank] for c in left) + rules.last_trick_bonus
        for a in ev.alternatives:
            assert 0 <= a.mean <= remaining
            assert a.stderr >= 0 and a.loss_stderr >= 0


# ------------------------------------------------- candidates and growing looks
def test_candidates_are_weighed_on_the_same_deals_as_every_card() -> None:
    """A restricted evaluation gives each of its cards the numbers the full one gives
    it when the full one's best card is among them (the deals do not depend on the
    cards tried: paired deals), and names the legal cards it left out."""
    view, _ = first_trick_view(DOUBLE_DECK, seed=1)
    full = evaluate_play(view, samples=24, seed=3)
    assert full.complete and not full.left_out
    worst = full.alternatives[-1].card
    part = evaluate_play(view, samples=24, seed=3, candidates=[worst, full.best, worst])
    assert [a.card for a in part.alternatives] == [full.best, worst]
    assert part.alternatives == (full.evaluation(full.best), full.evaluation(worst))
    assert part.is_clear_mistake(worst) == full.is_clear_mistake(worst)
    assert not part.complete
    assert set(part.left_out) == set(view.legal) - {full.best, worst}
    assert part.evaluation(part.left_out[0]) is None
    assert part.playouts == 24 * 2


def test_candidates_must_be_legal_cards() -> None:
    view, _ = first_trick_view(CLASSIC, seed=1)
    with pytest.raises(InvalidDecisionError, match="not a legal card"):
        evaluate_play(view, samples=4, candidates=["QD"])
    with pytest.raises(InvalidDecisionError, match="names no card"):
        evaluate_play(view, samples=4, candidates=[])
    with pytest.raises(PinochleError, match="QX"):
        evaluate_play(view, samples=4, candidates=["QX"])


@pytest.mark.parametrize("rules", [CLASSIC, DOUBLE_DECK, THREE_HANDED], ids=lambda r: r.name)
def test_an_evaluator_asked_for_more_deals_agrees_with_a_fresh_evaluation(rules: RuleSet) -> None:
    """:class:`PlayEvaluator` keeps its deals and results: a second, larger look at some
    cards equals a fresh evaluation of those cards on that many deals."""
    from pinochle_tutor.coach.play import PlayEvaluator

    for cards_left, exact_tricks in ((6, 0), (3, 3)):
        for _, view in late_views(rules, seed=5, cards_left=cards_left)[:2]:
            ev = PlayEvaluator(view, seed=9, exact_tricks=exact_tricks)
            distinct = len(set(view.legal))
            assert ev.unplayed(8) == 8 * distinct
            first = ev.evaluate(8)
            assert ev.unplayed(8) == 0
            assert ev.unplayed(20, [view.legal[0]]) == 12
            assert ev.unplayed(20) == 12 * distinct
            # A query: what evaluate would refuse costs nothing, and raises nothing.
            assert ev.unplayed(0) == ev.unplayed(8, ["QX"]) == ev.unplayed(8, []) == 0
            assert first == evaluate_play(view, samples=8, seed=9, exact_tricks=exact_tricks)
            some = [a.card for a in first.alternatives[-2:]]
            assert ev.evaluate(20, some) == evaluate_play(
                view, samples=20, seed=9, exact_tricks=exact_tricks, candidates=some
            )
            assert ev.evaluate(20) == evaluate_play(
                view, samples=20, seed=9, exact_tricks=exact_tricks
            )
            assert ev.evaluate(8) == first
