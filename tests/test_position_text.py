"""A card-play position kept as text: what one seat saw, read back as the same view,
and every text a tampered file could hold refused by name (pinochle_tutor/position.py)."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle_tutor import (
    CLASSIC,
    DOUBLE_DECK,
    PRESETS,
    Card,
    Hand,
    Phase,
    RandomPlayer,
    RuleSet,
    make_deck,
)
from pinochle_tutor.cards import Rank, parse_cards
from pinochle_tutor.coach.play import evaluate_play
from pinochle_tutor.position import (
    POSITION_KEYS,
    InvalidPositionError,
    parse_position,
    position_text,
)
from pinochle_tutor.view import PlayerView

NO_EXCHANGE = CLASSIC.with_settings(name="no_exchange", exchange_size=0)
"""A house rule: partners, but no exchange (the meld is shown straight after trump)."""
RULE_SETS = [*PRESETS.values(), NO_EXCHANGE]


def hand_at(rules: RuleSet, seed: int, cards_played: int) -> Hand:
    """A seeded hand of random players, ``cards_played`` cards into trick play (fewer
    than the whole hand's)."""
    hand = Hand(dealer=seed % rules.players, rules=rules, seed=seed)
    players = [RandomPlayer(seed * 10 + s) for s in range(rules.players)]
    while hand.phase is not Phase.PLAY:
        hand.act(players[hand.to_act])  # type: ignore[index]
    for _ in range(cards_played % (rules.players * rules.hand_size)):
        hand.act(players[hand.to_act])  # type: ignore[index]
    return hand


def _text_cards(text: str) -> Counter[Card]:
    """Every card a position's text writes, counted by copy."""
    data = json.loads(text)
    fields = [data["hand"], data["received"], data["given"], data["kitty"], *data["melds"]]
    fields += [t[1] for t in data["tricks"]] + [data["trick"][1]]
    return Counter(c for f in fields for c in parse_cards(f))


def _seen_cards(view: PlayerView) -> Counter[Card]:
    """The cards the seat's view shows: its hand, every card played, the meld shown,
    the exchange and the kitty."""
    assert view.melds is not None
    shown = [c for m in view.melds for c in m.hand]
    played = [c for t in view.tricks for c in t.cards] + list(view.trick)
    return Counter([*view.hand, *played, *shown, *view.received, *view.given, *view.kitty])


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.name)
@settings(max_examples=150, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31), cards_played=st.integers(0, 10**6))
def test_a_position_reads_back_as_the_seats_view(
    rules: RuleSet, seed: int, cards_played: int
) -> None:
    hand = hand_at(rules, seed, cards_played)
    seat = hand.to_act
    assert seat is not None
    view = hand.view(seat)
    text = position_text(view)
    assert parse_position(text, rules) == view
    data = json.loads(text)
    assert list(data) == sorted(POSITION_KEYS) and "seed" not in text
    # Nothing the seat could not see: no card written more often than the view shows
    # it, and no copy of another seat's hidden cards beyond those.
    written, seen = _text_cards(text), _seen_cards(view)
    assert written <= seen
    hidden = Counter(c for s, cards in enumerate(hand.hands) if s != seat for c in cards)
    never_seen = hidden - seen
    assert all(written[c] + never_seen[c] <= rules.copies for c in never_seen)


def test_a_kept_position_is_evaluated_by_the_coach_as_the_original() -> None:
    hand = hand_at(CLASSIC, 7, 21)
    view = hand.view(hand.to_act)  # type: ignore[arg-type]
    again = parse_position(position_text(view), CLASSIC)
    assert evaluate_play(again, samples=8, seed=3) == evaluate_play(view, samples=8, seed=3)


@cache
def _base() -> tuple[Hand, str]:
    """A classic position a few tricks in, with cards on the table, where the seat to
    play is a defender with meld of its own, that once followed suit without winning
    the trick, and holds a card of a third suit: the one every bad text below starts
    from."""
    for seed in range(500):
        hand = hand_at(CLASSIC, seed, 4 * 3 + 2)
        view = hand.view(hand.to_act)  # type: ignore[arg-type]
        assert view.melds is not None and view.declarer is not None
        if view.seat in (view.declarer, CLASSIC.partner(view.declarer)):
            continue
        if not view.melds[view.seat].hand or _revoke(view) is None:
            continue
        return hand, position_text(view)
    raise AssertionError("no seed gives the base position")


def _revoke(view: PlayerView) -> tuple[int, Card, Card] | None:
    """A trick where the seat followed suit and lost, and a card of its hand of neither
    the led suit nor trump that would have been a revoke there: (trick, played, swapped)."""
    for k, t in enumerate(view.tricks):
        played = t.cards[t.seats.index(view.seat)]
        if t.winner == view.seat or played.suit != t.cards[0].suit:
            continue
        for c in view.hand:
            if c.suit not in (t.cards[0].suit, view.trump):
                return k, played, c
    return None


def _data() -> dict[str, Any]:
    return json.loads(_base()[1])


def _edit(change: Callable[[dict[str, Any]], None]) -> str:
    data = _data()
    change(data)
    return json.dumps(data)


def _cards_of(text: str) -> list[str]:
    return text.split()


def _third_copy(data: dict[str, Any]) -> None:
    """One of the hand's cards made a copy of a card the seat holds or played."""
    hand = _cards_of(data["hand"])
    played = [c for t in [*data["tricks"], data["trick"]] for c in _cards_of(t[1])]
    twice = next(c for c in hand if hand.count(c) + played.count(c) == 2)
    other = next(c for c in hand if c != twice)
    hand[hand.index(other)] = twice
    data["hand"] = " ".join(hand)


def _swap_for_revoke(data: dict[str, Any]) -> None:
    """The seat's card in a trick it followed and lost swapped for a hand card of a
    third suit: the same cards, the same winners, but a revoke."""
    view = _base()[0].view(_base()[0].to_act)  # type: ignore[arg-type]
    found = _revoke(view)
    assert found is not None
    k, played, swapped = found
    cards = _cards_of(data["tricks"][k][1])
    cards[cards.index(played.code)] = swapped.code
    data["tricks"][k][1] = " ".join(cards)
    hand = _cards_of(data["hand"])
    hand[hand.index(swapped.code)] = played.code
    data["hand"] = " ".join(hand)


def _unwritten(data: dict[str, Any]) -> str:
    """A card the text writes nowhere, and no meld by itself (not the 9 of trump)."""
    written = _text_cards(json.dumps(data))
    return next(
        c.code
        for c in sorted(set(make_deck(CLASSIC)), reverse=True)
        if not written[c] and not (c.rank is Rank.NINE and c.suit.letter == data["trump"])
    )


def _other_defender(data: dict[str, Any]) -> int:
    return (int(data["seat"]) + 2) % 4


def _lone_card_meld(data: dict[str, Any]) -> None:
    data["melds"][_other_defender(data)] = _unwritten(data)


def _first_trick_led_by_another(data: dict[str, Any]) -> None:
    data["tricks"][0][0] = (data["tricks"][0][0] + 1) % 4


def _second_trick_led_by_another(data: dict[str, Any]) -> None:
    data["tricks"][1][0] = (data["tricks"][1][0] + 1) % 4


BAD_TEXTS: list[Any] = [
    pytest.param(lambda: "{seat: 1}", r"'\{seat: 1\}' is not a position: not JSON", id="not JSON"),
    pytest.param(lambda: "[1, 2]", r"'\[1, 2\]' is not a position: not a JSON object", id="a list"),
    pytest.param(
        lambda: '{"seat":0,' + _base()[1][1:],
        r"the key\(s\) 'seat' appear more than once",
        id="a key twice",
    ),
    pytest.param(
        lambda: _edit(lambda d: d.pop("trump")), r"it lacks the key\(s\) 'trump'", id="missing key"
    ),
    pytest.param(
        lambda: _edit(lambda d: d.update(seed=2024)),
        r"unknown key\(s\) 'seed'; a position keeps only auction, dealer",
        id="unknown key",
    ),
    pytest.param(
        lambda: _edit(lambda d: d.update(hand="QX " + d["hand"].split(" ", 1)[1])),
        r"hand='QX .*'QX' is not a card",
        id="no card",
    ),
    pytest.param(
        lambda: _edit(lambda d: d.update(hand=d["hand"].replace(" ", " 9S ", 1))),
        r"hand='.*: it holds 10 cards, but after 3 tricks each hand holds 9",
        id="hand of the wrong size",
    ),
    pytest.param(
        lambda: _edit(_third_copy),
        r"position '.*: (\w+) is .*: three times in all, but the classic deck has 2",
        id="a third copy",
    ),
    pytest.param(
        lambda: _edit(lambda d: d.update(seat=4)),
        r"seat=4 is not a seat: seats are 0 to 3",
        id="seat out of range",
    ),
    pytest.param(
        lambda: _edit(lambda d: d.update(dealer=True)),
        r"dealer=True is not a seat",
        id="a seat that is no number",
    ),
    pytest.param(
        lambda: _edit(lambda d: d.update(seat=_other_defender(d))),
        r"seat=\d: seat \d is to play now \(trick 4, led by seat \d, holds 2 cards\), not seat \d",
        id="not the seat's turn",
    ),
    pytest.param(
        lambda: _edit(lambda d: d["auction"].pop()),
        r"auction=.*: the auction is not over \(seat \d is still to call\)",
        id="unfinished auction",
    ),
    pytest.param(
        lambda: _edit(lambda d: d["auction"][0].__setitem__(1, 245)),
        r"auction\[0\]=\[\d, 245\]: A bid of 245 is too low",
        id="illegal bid",
    ),
    pytest.param(
        lambda: _edit(lambda d: d["auction"][0].__setitem__(0, d["dealer"])),
        r"auction\[0\]=.*: it was seat \d's turn to call, not seat \d's",
        id="call out of turn",
    ),
    pytest.param(
        lambda: _edit(_first_trick_led_by_another),
        r"tricks\[0\]=.*: trick 1 is led by seat \d, but the declarer, seat \d, leads the first",
        id="first trick not led by the declarer",
    ),
    pytest.param(
        lambda: _edit(_second_trick_led_by_another),
        r"tricks\[1\]=.*: trick 2 is led by seat \d, but seat \d won trick 1",
        id="trick led by the wrong seat",
    ),
    pytest.param(
        lambda: _edit(lambda d: d["tricks"][0].__setitem__(1, d["tricks"][0][1][:-3])),
        r"tricks\[0\]=.*: a finished trick holds one card from each of the 4 seats, not 3",
        id="a short trick",
    ),
    pytest.param(
        lambda: _edit(lambda d: d["melds"].__setitem__(d["seat"], "")),
        r"melds\[\d\]='': seat \d's cards at the first lead show '.+' with \w+ trump",
        id="own meld hidden",
    ),
    pytest.param(
        lambda: _edit(_lone_card_meld),
        r"melds\[\d\]='(\w+)': no meld with \w+ trump uses \1, so no hand shows it",
        id="a meld no hand shows",
    ),
    pytest.param(
        lambda: _edit(_swap_for_revoke),
        r"tricks\[\d\]=.*: in trick \d seat \d played \w+, which rule 1 \(follow suit\) forbids "
        r"with its hand",
        id="a revoke",
    ),
    pytest.param(
        lambda: _edit(lambda d: d.update(kitty="AS")),
        r"kitty='AS': the classic game deals no kitty",
        id="a kitty in the classic game",
    ),
    pytest.param(
        lambda: _edit(lambda d: d.update(received="AS")),
        r"received='AS': seat \d received 0 cards in the exchange, not 1",
        id="a defender that received cards",
    ),
    pytest.param(
        lambda: _edit(lambda d: d.update(trump="X")),
        r"trump='X': 'X' is not a suit",
        id="no suit",
    ),
]


@pytest.mark.parametrize(("make", "problem"), BAD_TEXTS)
def test_a_bad_text_is_refused_naming_the_problem(make: Callable[[], str], problem: str) -> None:
    text = make()
    with pytest.raises(InvalidPositionError, match=problem):
        parse_position(text, CLASSIC)


def test_the_base_position_itself_is_read() -> None:
    hand, text = _base()
    assert parse_position(text, CLASSIC) == hand.view(hand.to_act)  # type: ignore[arg-type]


def test_a_card_the_deck_lacks_is_refused() -> None:
    data = _data()
    data["hand"] = "9S " + data["hand"].split(" ", 1)[1]
    with pytest.raises(InvalidPositionError, match="9S is no card of the double-deck deck"):
        parse_position(json.dumps(data), DOUBLE_DECK)


def _views_that_are_no_decision() -> Iterator[Any]:
    fresh = Hand(dealer=0, seed=1)
    yield pytest.param(lambda: fresh.view(1), "phase='auction'", id="the auction")
    played = hand_at(CLASSIC, 3, 5)
    waiting = (played.to_act + 1) % 4  # type: ignore[operator]
    yield pytest.param(lambda: played.view(waiting), "phase='play' legal=''", id="not its turn")


@pytest.mark.parametrize(("make", "problem"), list(_views_that_are_no_decision()))
def test_only_a_seat_to_play_is_kept(make: Callable[[], PlayerView], problem: str) -> None:
    with pytest.raises(InvalidPositionError, match=re.escape(problem) + ".*is to play a card"):
        position_text(make())


def _position_where(rules: RuleSet, fits: Callable[[PlayerView], bool], played: int) -> str:
    """The text of the first seeded position ``played`` cards into trick play whose view
    ``fits``."""
    for seed in range(500):
        hand = hand_at(rules, seed, played)
        view = hand.view(hand.to_act)  # type: ignore[arg-type]
        if fits(view):
            return position_text(view)
    raise AssertionError("no seed gives such a position")


def _declarer_to_play(rules: RuleSet) -> dict[str, Any]:
    return json.loads(_position_where(rules, lambda v: v.seat == v.declarer, 4 * 2))


def _over(data: dict[str, Any]) -> None:
    """Every trick of the hand finished (the last one made of the cards on the table
    and the seat's last card)."""
    data["tricks"].append([data["trick"][0], f"{data['trick'][1]} {data['hand']}"])
    data["trick"], data["hand"] = [0, ""], ""


def _received_unheld(data: dict[str, Any]) -> None:
    data["received"] = " ".join([_unwritten(data), *data["received"].split()[1:]])


def test_more_refusals_by_name() -> None:
    last = json.loads(_position_where(CLASSIC, lambda v: len(v.tricks) == 11, 47))
    _over(last)
    cases: list[tuple[str, RuleSet, str]] = [
        ('{"seat": NaN}', CLASSIC, r"not JSON \(NaN is not a JSON number\)"),
        (json.dumps(last), CLASSIC, r"the hand is over after 12 tricks, so no card is left"),
        (
            _edit(lambda d: d["trick"].__setitem__(1, d["tricks"][0][1])),
            CLASSIC,
            r"trick=.*: a trick of 4 cards is finished; the trick on the table holds fewer than 4",
        ),
    ]
    declarer = _declarer_to_play(CLASSIC)
    _received_unheld(declarer)
    cases.append(
        (
            json.dumps(declarer),
            CLASSIC,
            r"received='(\w+) .*: seat \d received \1, which it neither held at the first lead "
            r"nor gave away again",
        )
    )
    three = _declarer_to_play(PRESETS["three_handed"])
    three["kitty"] = three["kitty"].split(" ", 1)[1]
    cases.append((json.dumps(three), PRESETS["three_handed"], r"the kitty holds 3 cards, not 2"))
    three = _declarer_to_play(PRESETS["three_handed"])
    _received_unheld(three)
    cases.append((json.dumps(three), PRESETS["three_handed"], r"the declarer received the kitty"))
    for text, rules, problem in cases:
        with pytest.raises(InvalidPositionError, match=problem):
            parse_position(text, rules)


def _known_revoke(view: PlayerView) -> tuple[int, int, Card] | None:
    """Another seat's card in a trick it followed and lost, where a card of the led suit
    it showed in meld or played later proves it still held one: (trick, seat, card)."""
    assert view.melds is not None
    for k, t in enumerate(view.tricks):
        led = t.cards[0].suit
        for s, card in zip(t.seats, t.cards, strict=True):
            if s in (view.seat, t.winner) or s == t.seats[0] or card.suit != led:
                continue
            later = [
                c
                for u in view.tricks[k + 1 :]
                for c, p in zip(u.cards, u.seats, strict=True)
                if p == s
            ]
            played = Counter(
                c for u in view.tricks for c, p in zip(u.cards, u.seats, strict=True) if p == s
            )
            shown = Counter(c for c in view.melds[s].hand if c.suit == led) - played
            if any(c.suit == led for c in later) or shown:
                return k, s, card
    return None


def test_another_seats_revoke_is_refused_from_what_it_showed_or_played_later() -> None:
    data = json.loads(_position_where(CLASSIC, lambda v: _known_revoke(v) is not None, 4 * 6))
    view = parse_position(json.dumps(data), CLASSIC)
    found = _known_revoke(view)
    assert found is not None and view.trump is not None
    k, s, card = found
    written = _text_cards(json.dumps(data))
    other = next(
        c
        for c in sorted(set(make_deck(CLASSIC)))
        if not written[c] and c.suit not in (card.suit, view.trump)
    )
    cards = data["tricks"][k][1].split()
    cards[view.tricks[k].seats.index(s)] = other.code
    data["tricks"][k][1] = " ".join(cards)
    with pytest.raises(
        InvalidPositionError,
        match=rf"in trick {k + 1} seat {s} played {other.code}, which rule 1 \(follow suit\) "
        r"forbids with the cards it is known to have held",
    ):
        parse_position(json.dumps(data), CLASSIC)


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 300)
    | st.sampled_from(["", "AS", "9D 10H", "QX", "H"]),
    lambda inner: st.lists(inner, max_size=4),
    max_leaves=8,
)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(key=st.sampled_from(POSITION_KEYS), value=JSON_VALUES, cut=st.integers(0, 400))
def test_a_tampered_text_is_read_or_refused_by_name(key: str, value: Any, cut: int) -> None:
    """Any one field replaced, or the text cut short: either a position that writes back
    as itself, or :class:`InvalidPositionError`, never another error."""
    text = _base()[1]
    for tampered in (_edit(lambda d: d.__setitem__(key, value)), text[:cut] + text[cut + 1 :]):
        try:
            view = parse_position(tampered, CLASSIC)
        except InvalidPositionError as err:
            assert str(err)
        else:
            assert parse_position(position_text(view), CLASSIC) == view
