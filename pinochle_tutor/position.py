"""A card-play position as one seat saw it: written as text, read back as the same view.

When the coach finds a clear mistake in a learner's card play, the review asks that
position again days later, from the learner's seat and with the cards as they were.
The position is kept in the learner's record (the JSON progress file, the class
database, the static site's browser storage, the learner's export), so it is written
as one line of text: :func:`position_text` writes a seat's
:class:`~pinochle_tutor.view.PlayerView` at a card-play decision, and
:func:`parse_position` reads it back into the very same view (``==``), which the coach
evaluates as it evaluated the original.

**What is kept** is what the seat saw at the table, and nothing it could not see:

* ``seat`` and ``dealer``: seats, 0 to ``players - 1``;
* ``hand``: the seat's own cards (``"AS 10S KH"``, the ASCII form of
  :attr:`~pinochle_tutor.cards.Card.code`);
* ``auction``: every call in order, ``[seat, bid]``, a pass as ``[seat, null]``;
* ``trump``: the suit letter (``"S"``, ``"H"``, ``"D"``, ``"C"``);
* ``melds``: the cards each seat laid down to show its meld (``""`` for none);
* ``tricks``: each finished trick as ``[leader, "cards in play order"]``, and
  ``trick``, the trick on the table, the same way (``""`` before its lead);
* ``received``, ``given``: the cards the seat received and gave in the exchange
  (the declarer three-handed: the kitty taken and the discard), in the order given;
* ``kitty``: three-handed, the kitty, shown to all once the auction is won.

**What is never kept**: another seat's hidden cards, the game's seed (from which the
whole deal could be dealt again), and anything the rules compute from the rest: the
high bid, declarer and contract (the auction replayed by
:class:`~pinochle_tutor.auction.Auction`), each trick's winner
(:func:`~pinochle_tutor.tricks.trick_winner`) and points
(:func:`~pinochle_tutor.scoring.trick_points`), the meld's points
(:func:`~pinochle_tutor.meld.meld`) and the cards that may be played now
(:func:`~pinochle_tutor.tricks.legal_plays`). Nor the rule set: whoever keeps a
position keeps the rule set's name beside it, and reads the position back under it.

**What is checked** when a text is read, so a file changed by hand or by accident is
refused with :class:`InvalidPositionError` naming the field and the rule it breaks:

* the text is one JSON object with exactly the keys above, each of its type;
* every seat is a seat of the table, every card a card of the rule set's deck;
* the auction is a legal auction under the rules, replayed call by call, and over;
* no card is held, played, shown or put aside more often than the deck has it:
  counted with the seat's own cards at the first lead (its hand and its plays), for
  each other seat the cards it is known to have held then (its plays, its meld, the
  cards the exchange placed with it), and three-handed the discard (or, for the other
  two, the kitty, which is with the declarer or in its discard);
* each trick holds one card per seat, played in turn order from its leader; the
  declarer leads the first trick and the winner of each trick leads the next; the
  trick on the table is led by the last winner and it is ``seat``'s turn in it;
* the hand holds the hand size less one card per finished trick (so at least one
  card, and the trick rules always leave one of them legal);
* the seat's meld is exactly what its cards at the first lead show; each other seat's
  is a meld some hand shows (no card laid down that no meld uses); the seat received
  in the exchange only cards it held at the first lead or gave away again, and the
  exchange's and the kitty's sizes are the rules';
* every card played broke no trick rule (:func:`~pinochle_tutor.tricks.check_play`):
  exactly for the seat's own plays (its hand at each trick is known), and for the
  other seats against the cards they are known to have held then (a card played or
  shown later), which finds a revoke the table would have seen.

Not checked, because the seat could not know it either: that the other seats' hidden
cards could have made their plays legal, beyond what is shown.

>>> from pinochle_tutor.game import Hand
>>> from pinochle_tutor.players import RandomPlayer
>>> hand = Hand(dealer=0, seed=3)
>>> players = [RandomPlayer(seat) for seat in range(4)]
>>> while len(hand.tricks) < 2:
...     _ = hand.act(players[hand.to_act])
>>> view = hand.view(hand.to_act)
>>> parse_position(position_text(view), hand.rules) == view
True
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from pinochle_tutor.auction import Auction
from pinochle_tutor.cards import Card, Suit, parse_cards, parse_suit, sort_hand
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.meld import MeldReport, meld
from pinochle_tutor.rules import RuleSet, check_seat
from pinochle_tutor.scoring import trick_points
from pinochle_tutor.tricks import check_play, legal_plays, trick_winner
from pinochle_tutor.view import Phase, PlayerView, TrickRecord
from pinochle_tutor.words import listed, times

__all__ = ["POSITION_KEYS", "InvalidPositionError", "parse_position", "position_text"]

POSITION_KEYS = (
    "auction", "dealer", "given", "hand", "kitty", "melds", "received", "seat", "trick",
    "tricks", "trump",
)  # fmt: skip
"""The keys of a position's JSON object, all of them always present, none other."""


class InvalidPositionError(PinochleError):
    """A text that is not a readable card-play position under the rules in force (not
    JSON, a key missing or unknown, a card or seat the table lacks, an auction or trick
    the rules refuse, more copies of a card than the deck has), or a view that is no
    card-play decision of its seat; the message quotes the input and names the rule."""


def _codes(cards: Iterable[Card]) -> str:
    """Cards in the ASCII form :func:`~pinochle_tutor.cards.parse_cards` reads back."""
    return " ".join(c.code for c in cards)


def _trick_leader(view: PlayerView) -> int:
    """Who leads the trick on the table (the declarer the first, then each winner)."""
    if view.trick_seats:
        return view.trick_seats[0]
    if view.tricks:
        return view.tricks[-1].winner
    assert view.declarer is not None
    return view.declarer


def position_text(view: PlayerView) -> str:
    """The position ``view`` shows, as one line of JSON (sorted keys, no spaces): what
    its seat saw at a card-play decision, and nothing else (see the module text).

    ``view`` must be its seat's turn to play a card (the play phase, ``view.legal`` not
    empty); any other view raises :class:`InvalidPositionError`.
    """
    playing = view.melds is not None and view.trump is not None and view.declarer is not None
    if view.phase is not Phase.PLAY or not view.legal or not playing:
        raise InvalidPositionError(
            f"view seat={view.seat!r} phase={view.phase.value!r} legal={_codes(view.legal)!r:.60}: "
            "a position is kept only where its seat is to play a card (the play phase, "
            "with legal cards)"
        )
    assert view.melds is not None and view.trump is not None
    data: dict[str, Any] = {
        "seat": view.seat,
        "dealer": view.dealer,
        "hand": _codes(view.hand),
        "auction": [[seat, bid] for seat, bid in view.auction],
        "trump": view.trump.letter,
        "melds": [_codes(m.hand) for m in view.melds],
        "tricks": [[t.leader, _codes(t.cards)] for t in view.tricks],
        "trick": [_trick_leader(view), _codes(view.trick)],
        "received": _codes(view.received),
        "given": _codes(view.given),
        "kitty": _codes(view.kitty),
    }
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


# ------------------------------------------------------------------ reading
def _refuse_constant(name: str) -> None:
    raise InvalidPositionError(f"not JSON ({name} is not a JSON number)")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        raise InvalidPositionError(
            f"the key(s) {', '.join(map(repr, twice))} appear more than once"
        )
    return dict(pairs)


def _load(text: object) -> dict[str, Any]:
    """The JSON object of a position, with exactly :data:`POSITION_KEYS`."""
    if not isinstance(text, str):
        raise InvalidPositionError(f"{text!r:.60} is not a position: a position is text (JSON)")
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_refuse_constant)
    except InvalidPositionError as err:
        raise InvalidPositionError(f"{text!r:.60} is not a position: {err}") from None
    except (ValueError, RecursionError) as err:
        raise InvalidPositionError(f"{text!r:.60} is not a position: not JSON ({err})") from None
    if not isinstance(data, dict):
        raise InvalidPositionError(
            f"{text!r:.60} is not a position: not a JSON object of {', '.join(POSITION_KEYS)}"
        )
    missing = [k for k in POSITION_KEYS if k not in data]
    if missing:
        raise InvalidPositionError(
            f"{text!r:.60} is not a position: it lacks the key(s) {', '.join(map(repr, missing))}"
        )
    unknown = sorted(set(data) - set(POSITION_KEYS))
    if unknown:
        raise InvalidPositionError(
            f"{text!r:.60} is not a position: unknown key(s) {', '.join(map(repr, unknown))}; "
            f"a position keeps only {', '.join(POSITION_KEYS)}"
        )
    return data


def _seat(value: object, name: str, rules: RuleSet) -> int:
    try:
        return check_seat(value, rules, name)
    except PinochleError as err:
        raise InvalidPositionError(str(err)) from None


def _cards(value: object, name: str, rules: RuleSet) -> list[Card]:
    """Cards written as text, each a card of the deck of ``rules``."""
    if not isinstance(value, str):
        raise InvalidPositionError(f"{name}={value!r:.60}: cards are written as text, 'AS 10S'")
    try:
        cards = parse_cards(value)
    except PinochleError as err:
        raise InvalidPositionError(f"{name}={value!r:.60}: {err}") from None
    for c in cards:
        if c.rank not in rules.ranks:
            raise InvalidPositionError(
                f"{name}={value!r:.60}: {c.code} is no card of the {rules.words} deck, "
                f"which has no {c.rank.plural}"
            )
    return cards


def _trick(value: object, name: str, rules: RuleSet) -> tuple[int, list[Card]]:
    """A trick written as ``[leader, "cards"]``."""
    if not (isinstance(value, list) and len(value) == 2):
        raise InvalidPositionError(
            f'{name}={value!r:.60}: a trick is written [leader, "cards in play order"]'
        )
    return _seat(value[0], f"{name}[0]", rules), _cards(value[1], f"{name}[1]", rules)


def _auction(value: object, dealer: int, rules: RuleSet) -> Auction:
    """The auction replayed call by call under ``rules``; it must be over."""
    if not isinstance(value, list):
        raise InvalidPositionError(f"auction={value!r:.60}: the auction is a list of [seat, bid]")
    auction = Auction(dealer, rules)
    for k, call in enumerate(value):
        name = f"auction[{k}]"
        if not (isinstance(call, list) and len(call) == 2):
            raise InvalidPositionError(
                f"{name}={call!r:.60}: a call is written [seat, bid], a pass [seat, null]"
            )
        seat = _seat(call[0], f"{name}[0]", rules)
        amount = call[1]
        if auction.turn is None:
            raise InvalidPositionError(
                f"{name}={call!r:.60}: the auction was over after {k} calls "
                f"(seat {auction.declarer} won it at {auction.contract})"
            )
        if seat != auction.turn:
            raise InvalidPositionError(
                f"{name}={call!r:.60}: it was seat {auction.turn}'s turn to call, not seat {seat}'s"
            )
        verdict = auction.check_pass() if amount is None else auction.check_bid(amount)
        if not verdict.legal:
            raise InvalidPositionError(f"{name}={call!r:.60}: {verdict.reason}")
        auction.call(amount)
    if not auction.is_over:
        raise InvalidPositionError(
            f"auction={value!r:.60}: the auction is not over (seat {auction.turn} is still to "
            "call), so nobody has named trump and no card is played"
        )
    return auction


def _meld(cards: list[Card], trump: Suit, rules: RuleSet) -> MeldReport:
    """The meld of ``cards`` as the table saw it (the cards laid down, their points)."""
    return meld(sort_hand(cards), trump, rules).shown()


def parse_position(text: str, rules: RuleSet) -> PlayerView:
    """The :class:`~pinochle_tutor.view.PlayerView` that ``text`` (written by
    :func:`position_text`) keeps, read under ``rules``: equal to the view it was written
    from. Everything the module text lists is checked, and a text that breaks any of
    it raises :class:`InvalidPositionError` quoting the input and naming the rule."""
    data = _load(text)
    players = rules.players
    seat = _seat(data["seat"], "seat", rules)
    dealer = _seat(data["dealer"], "dealer", rules)
    hand = _cards(data["hand"], "hand", rules)
    auction = _auction(data["auction"], dealer, rules)
    declarer = auction.declarer
    assert declarer is not None
    if not isinstance(data["trump"], str):
        raise InvalidPositionError(f"trump={data['trump']!r:.60}: trump is a suit letter, S H D C")
    try:
        trump = parse_suit(data["trump"])
    except PinochleError as err:
        raise InvalidPositionError(f"trump={data['trump']!r:.60}: {err}") from None
    melds_value = data["melds"]
    if not (isinstance(melds_value, list) and len(melds_value) == players):
        raise InvalidPositionError(
            f"melds={melds_value!r:.60}: the meld is written as one text of cards per seat, "
            f"{players} in all"
        )
    shown = [_cards(m, f"melds[{s}]", rules) for s, m in enumerate(melds_value)]
    tricks_value = data["tricks"]
    if not isinstance(tricks_value, list):
        raise InvalidPositionError(f"tricks={tricks_value!r:.60}: the tricks are a list")
    tricks = [_trick(t, f"tricks[{k}]", rules) for k, t in enumerate(tricks_value)]
    trick_leader, trick = _trick(data["trick"], "trick", rules)
    received = _cards(data["received"], "received", rules)
    given = _cards(data["given"], "given", rules)
    kitty = _cards(data["kitty"], "kitty", rules)

    # The number of cards in each place.
    if len(tricks) >= rules.tricks_per_hand:
        raise InvalidPositionError(
            f"tricks={tricks_value!r:.60}: the hand is over after {len(tricks)} tricks, "
            "so no card is left to play"
        )
    for k, (_, cards) in enumerate(tricks):
        if len(cards) != players:
            raise InvalidPositionError(
                f"tricks[{k}]={tricks_value[k]!r:.60}: a finished trick holds one card from "
                f"each of the {players} seats, not {len(cards)}"
            )
    if len(trick) >= players:
        raise InvalidPositionError(
            f"trick={data['trick']!r:.60}: a trick of {len(trick)} cards is finished; "
            f"the trick on the table holds fewer than {players}"
        )
    size = rules.hand_size - len(tricks)
    if len(hand) != size:
        raise InvalidPositionError(
            f"hand={data['hand']!r:.60}: it holds {len(hand)} cards, but after "
            f"{len(tricks)} tricks each hand holds {size}"
        )
    _check_exchange(seat, declarer, received, given, kitty, rules)

    # The order of play: the declarer leads, each winner leads the next trick.
    leader = declarer
    records: list[TrickRecord] = []
    for k, (led_by, cards) in enumerate(tricks):
        _check_leader(f"tricks[{k}]", tricks_value[k], k, led_by, leader, declarer)
        seats = tuple((led_by + j) % players for j in range(players))
        winner = seats[trick_winner(cards, trump)]
        last = k == rules.tricks_per_hand - 1
        records.append(
            TrickRecord(led_by, tuple(cards), seats, winner, trick_points(cards, rules, last))
        )
        leader = winner
    _check_leader("trick", data["trick"], len(tricks), trick_leader, leader, declarer)
    to_play = (trick_leader + len(trick)) % players
    if to_play != seat:
        raise InvalidPositionError(
            f"seat={seat!r}: seat {to_play} is to play now (trick {len(tricks) + 1}, led by "
            f"seat {trick_leader}, holds {len(trick)} cards), not seat {seat}"
        )

    # Who played what, and every copy accounted for.
    plays: list[Counter[Card]] = [Counter() for _ in range(players)]
    for leader, cards in [*tricks, (trick_leader, trick)]:
        for j, c in enumerate(cards):
            plays[(leader + j) % players][c] += 1
    start = Counter(hand) + plays[seat]
    known = _known_at_first_lead(seat, declarer, shown, plays, start, received, given, rules)
    _check_copies(text, known, seat, declarer, kitty, given, rules)

    # The meld and the exchange agree with the cards; every card played was legal.
    melds = tuple(_meld(cards, trump, rules) for cards in shown)
    for s, report in enumerate(melds):
        _check_meld(s, seat, shown[s], report, start, trump, rules)
    missing = Counter(received) - (start + Counter(given))
    if missing:
        raise InvalidPositionError(
            f"received={data['received']!r:.60}: seat {seat} received {_codes(missing.elements())}"
            ", which it neither held at the first lead nor gave away again"
        )
    _check_plays(tricks, trick_leader, trick, known, seat, trump, rules)

    return PlayerView(
        seat=seat,
        phase=Phase.PLAY,
        rules=rules,
        dealer=dealer,
        hand=tuple(sort_hand(hand)),
        auction=tuple(auction.history),
        high_bid=auction.high_bid,
        min_bid=auction.min_bid,
        declarer=declarer,
        contract=auction.contract,
        trump=trump,
        melds=melds,
        tricks=tuple(records),
        trick=tuple(trick),
        trick_seats=tuple((trick_leader + j) % players for j in range(len(trick))),
        legal=tuple(legal_plays(hand, trick, trump)),
        received=tuple(received),
        given=tuple(given),
        kitty=tuple(kitty),
    )


def _check_exchange(
    seat: int,
    declarer: int,
    received: list[Card],
    given: list[Card],
    kitty: list[Card],
    rules: RuleSet,
) -> None:
    """The exchange's and the kitty's cards are as many as the rules move: the
    declarer and its partner each give and receive ``exchange_size`` cards; three-handed
    every seat sees the kitty, and the declarer received it and discarded as many."""
    exchange = rules.exchange_size if rules.partnerships else 0
    if rules.has_kitty:
        if len(kitty) != rules.kitty_size:
            raise InvalidPositionError(
                f"kitty={_codes(kitty)!r:.60}: the kitty holds {rules.kitty_size} cards, "
                f"not {len(kitty)}"
            )
        size = rules.kitty_size if seat == declarer else 0
        if seat == declarer and received != kitty:
            raise InvalidPositionError(
                f"received={_codes(received)!r:.60}: the declarer received the kitty, "
                f"{_codes(kitty)!r}"
            )
    else:
        if kitty:
            raise InvalidPositionError(
                f"kitty={_codes(kitty)!r:.60}: the {rules.words} game deals no kitty"
            )
        size = exchange if seat in (declarer, rules.partner(declarer)) else 0
    for name, cards in (("received", received), ("given", given)):
        if len(cards) != size:
            raise InvalidPositionError(
                f"{name}={_codes(cards)!r:.60}: seat {seat} {name} {size} cards in the "
                f"{'discard' if rules.has_kitty else 'exchange'}, not {len(cards)}"
            )


def _known_at_first_lead(
    seat: int,
    declarer: int,
    shown: list[list[Card]],
    plays: list[Counter[Card]],
    start: Counter[Card],
    received: list[Card],
    given: list[Card],
    rules: RuleSet,
) -> list[Counter[Card]]:
    """For each seat, the fewest cards it must have held at the first lead: the seat's
    own are known (``start``); another seat held every card it has played and every
    card it showed in meld (a card may be both: counted once), and the cards the
    exchange placed with it (the declarer's return with its partner, the partner's
    pass, less what came back, with the declarer)."""
    known: list[Counter[Card]] = []
    partner = rules.partner(seat)
    for s in range(rules.players):
        if s == seat:
            known.append(start)
            continue
        row = Counter(shown[s]) | plays[s]
        if s == partner and rules.exchange_size:
            placed = Counter(given) if seat == declarer else Counter(given) - Counter(received)
            row |= placed
        known.append(row)
    return known


def _check_copies(
    text: str,
    known: list[Counter[Card]],
    seat: int,
    declarer: int,
    kitty: list[Card],
    given: list[Card],
    rules: RuleSet,
) -> None:
    """No card more often than the deck has it, in the seats' hands at the first lead
    (:func:`_known_at_first_lead`) and, three-handed, the discard: the declarer's own,
    or for the other two the kitty, whose cards are with the declarer or discarded."""
    places: list[tuple[str, Counter[Card]]] = []
    for s, row in enumerate(known):
        if s == seat:
            places.append(("held or played by the seat", row))
        elif rules.has_kitty and s == declarer:
            places.append((f"with the declarer, seat {s} (played, shown or the kitty)",
                           row | Counter(kitty)))  # fmt: skip
        else:
            places.append((f"with seat {s} (played or shown)", row))
    if rules.has_kitty and seat == declarer:
        places.append(("discarded", Counter(given)))
    total: Counter[Card] = Counter()
    for _, row in places:
        total += row
    for card, n in sorted(total.items()):
        if n > rules.copies:
            where = listed([f"{times(row[card])} {name}" for name, row in places if row[card]])
            raise InvalidPositionError(
                f"position {text!r:.60}: {card.code} is {where}: {times(n)} in all, but the "
                f"{rules.words} deck has {rules.copies}"
            )


def _check_leader(
    name: str, value: object, k: int, led_by: int, leader: int, declarer: int
) -> None:
    """Trick ``k`` (from 0) is led by ``leader``: the declarer for the first, else the
    winner of the trick before."""
    if led_by == leader:
        return
    why = (
        f"the declarer, seat {declarer}, leads the first trick"
        if k == 0
        else f"seat {leader} won trick {k}"
    )
    raise InvalidPositionError(
        f"{name}={value!r:.60}: trick {k + 1} is led by seat {led_by}, but {why}"
    )


def _check_meld(
    s: int,
    seat: int,
    cards: list[Card],
    report: MeldReport,
    start: Counter[Card],
    trump: Suit,
    rules: RuleSet,
) -> None:
    """The seat's own meld is what its cards at the first lead show; another seat's is
    a meld some hand shows: no card laid down that no meld of them uses."""
    if s == seat:
        expected = _meld(list(start.elements()), trump, rules)
        if report.hand != expected.hand:
            raise InvalidPositionError(
                f"melds[{s}]={_codes(cards)!r:.60}: seat {s}'s cards at the first lead show "
                f"{_codes(expected.hand) or 'no meld'!r} with {trump.plural} trump"
            )
    elif report.hand != tuple(sort_hand(cards)):
        extra = Counter(cards) - Counter(report.hand)
        raise InvalidPositionError(
            f"melds[{s}]={_codes(cards)!r:.60}: no meld with {trump.plural} trump uses "
            f"{_codes(sort_hand(extra.elements()))}, so no hand shows it"
        )


def _check_plays(
    tricks: Sequence[tuple[int, list[Card]]],
    trick_leader: int,
    trick: list[Card],
    known: list[Counter[Card]],
    seat: int,
    trump: Suit,
    rules: RuleSet,
) -> None:
    """Every card played broke no trick rule, judged by
    :func:`~pinochle_tutor.tricks.check_play` against the cards its player is known to
    have held then (all of them for ``seat``; for another seat its plays from then on
    and its meld not yet played). A card the rules refuse from some of a hand is
    refused from all of it, so a refusal is a true revoke."""
    players = rules.players
    holding = [Counter(row) for row in known]
    for k, (leader, cards) in enumerate([*tricks, (trick_leader, trick)]):
        for j, card in enumerate(cards):
            s = (leader + j) % players
            held = list(holding[s].elements())
            verdict = check_play(held, cards[:j], trump, card, rules)
            if not verdict.legal:
                whose = "its hand" if s == seat else "the cards it is known to have held"
                raise InvalidPositionError(
                    f"{'trick' if k == len(tricks) else f'tricks[{k}]'}="
                    f"{_codes(cards)!r:.60}: in trick {k + 1} seat {s} played {card.code}, "
                    f"which {verdict.rule.label} forbids with {whose} "
                    f"({_codes(sort_hand(held))})"
                )
            holding[s][card] -= 1
