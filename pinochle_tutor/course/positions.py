"""Trick positions for practice: a seeded generator that makes every rule case come up.

A :class:`Position` is one moment of trick play seen by the learner: their hand,
the cards already played to the trick (and by whom), and trump. Its
:class:`TrickCase` says which situation of the trick rules it teaches:

>>> p = generate_position(TrickCase.MUST_OVERTRUMP, seed=1)
>>> p.case, classify(p.hand, p.trick, p.trump) == p.case
(<TrickCase.MUST_OVERTRUMP: 5>, True)

Positions are realistic: every card comes from one deck of ``rules`` (never more
copies across the hand and the trick than the deck holds, never a rank the deck
lacks), and every card already played is one some hand could legally play.
Each case (bar the free discard) also holds a tempting wrong card, so the rule
has something to forbid. :func:`position_stream` cycles through all the cases.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from pinochle_tutor.cards import (
    CARDS_BY_INDEX,
    Card,
    CardLike,
    Suit,
    SuitLike,
    cards_text,
    parse_suit,
    sort_hand,
)
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain.play import InvalidPositionError
from pinochle_tutor.names import LabelledIntEnum
from pinochle_tutor.rules import CLASSIC, RuleSet, as_rules
from pinochle_tutor.tricks import TrickRule, check_play, trick_winner
from pinochle_tutor.view import seat_name

__all__ = [
    "Position",
    "PositionRequestError",
    "TrickCase",
    "classify",
    "generate_position",
    "position_stream",
]


class PositionRequestError(PinochleError):
    """A request for practice positions that cannot be met: no trick case to choose
    from, or a case the rules in force never produce."""


class TrickCase(LabelledIntEnum):
    """The situations of the trick rules a learner must recognise."""

    FOLLOW_SUIT = 1, "follow suit"
    """Rule 1: you hold the led suit but nothing that beats the winning card: any card of it."""
    MUST_BEAT = 2, "must beat the winning card"
    """Rule 2: you hold a card of the led suit that beats the winning one: you must play one."""
    TRUMPED_TRICK = 3, "follow suit in a trumped trick"
    """Rule 1 after a trump: the trick has been trumped, so any card of the led suit will do."""
    MUST_TRUMP = 4, "must trump"
    """Rule 3: void in the led suit, you hold trump and nobody has trumped: play a trump."""
    MUST_OVERTRUMP = 5, "must over-trump"
    """Rule 3: void in the led suit, the trick is trumped and you hold a higher trump: over-trump."""
    CANNOT_OVERTRUMP = 6, "cannot over-trump"
    """Rule 3: void in the led suit, the trick is trumped and no trump of yours beats it: any trump."""
    DISCARD = 7, "free discard"
    """Rule 4: neither the led suit nor trump: any card."""


@dataclass(frozen=True)
class Position:
    """One trick position from the learner's seat."""

    hand: tuple[Card, ...]
    """The learner's cards, in display order."""
    trick: tuple[Card, ...]
    """The cards already played to the trick, led card first."""
    trick_seats: tuple[int, ...]
    """The seat that played each card of ``trick``."""
    trump: Suit
    seat: int
    """The learner's seat (the next to play)."""
    rules: RuleSet
    case: TrickCase
    """The rule case this position teaches (agrees with :func:`classify`)."""

    @property
    def winner(self) -> int:
        """Position in ``trick`` of the card winning so far."""
        return trick_winner(self.trick, self.trump)

    @property
    def winning_card(self) -> Card:
        """The card winning the trick so far."""
        return self.trick[self.winner]

    @property
    def led_suit(self) -> Suit:
        """The suit led."""
        return self.trick[0].suit

    @property
    def partner_winning(self) -> bool:
        """Whether the learner's partner is winning the trick so far."""
        partner = self.rules.partner(self.seat)
        return partner is not None and self.trick_seats[self.winner] == partner

    def seat_names(self) -> tuple[str, ...]:
        """Who played each card of the trick, from the learner's point of view."""
        return tuple(seat_name(s, self.seat, self.rules) for s in self.trick_seats)

    def describe(self) -> str:
        """The position in words: trump, who played what, who is winning."""
        names = self.seat_names()
        plays = [
            f"{who} {'led' if i == 0 else 'played'} {c.text}"
            for i, (who, c) in enumerate(zip(names, self.trick, strict=True))
        ]
        w = self.winner
        whose = "your partner's card" if self.partner_winning else f"{names[w].lower()}'s card"
        return (
            f"{self.trump.plural.capitalize()} are trump. {'; '.join(plays)}. "
            f"{self.trick[w].text} ({whose}) is winning. Your turn."
        )


def classify(
    hand: Sequence[CardLike] | str,
    trick: Sequence[CardLike] | str,
    trump: SuitLike,
    rules: RuleSet = CLASSIC,
) -> TrickCase:
    """The rule case of a position, as the engine's verdicts decide it.

    Raises :class:`~pinochle_tutor.explain.play.InvalidPositionError` for a lead (an
    empty trick) or an empty hand."""
    from pinochle_tutor.hands import as_cards

    h = as_cards(hand)
    t = as_cards(trick)
    suit = parse_suit(trump)
    if not t or not h:
        raise InvalidPositionError(
            "A trick position needs a card led and a card in hand, not the hand "
            f"{cards_text(h)!r} and the trick {cards_text(t)!r}."
        )
    verdicts = [check_play(h, t, suit, c, rules) for c in set(h)]
    legal = [v for v in verdicts if v.legal]
    win = t[trick_winner(t, suit)]
    rules_used = {v.rule for v in legal}
    if TrickRule.BEAT in rules_used:
        return TrickCase.MUST_BEAT
    if TrickRule.FOLLOW_SUIT in rules_used:
        return TrickCase.TRUMPED_TRICK if win.suit != t[0].suit else TrickCase.FOLLOW_SUIT
    if TrickRule.TRUMP in rules_used:
        if win.suit != suit:
            return TrickCase.MUST_TRUMP
        if any(v.card.rank > win.rank for v in legal):
            return TrickCase.MUST_OVERTRUMP
        return TrickCase.CANNOT_OVERTRUMP
    return TrickCase.DISCARD


# ------------------------------------------------------------------ construction

_Pred = Callable[[Card], bool]


def _hand_spec(case: TrickCase, led: Suit, trump: Suit, win: Card) -> tuple[_Pred, list[_Pred]]:
    """What the learner's hand may hold (``allowed``) and must hold at least one of
    each (``required``) for ``case``."""

    def any_card(_c: Card) -> bool:
        return True

    def is_led(c: Card) -> bool:
        return c.suit == led

    def not_led(c: Card) -> bool:
        return c.suit != led

    def is_trump(c: Card) -> bool:
        return c.suit == trump

    def side(c: Card) -> bool:  # neither led nor trump
        return c.suit != led and c.suit != trump

    def beats(c: Card) -> bool:
        return c.suit == win.suit and c.rank > win.rank

    def not_beats(c: Card) -> bool:
        return c.suit == win.suit and c.rank <= win.rank

    if case is TrickCase.FOLLOW_SUIT:
        return (lambda c: not beats(c)), [is_led, not_led]
    if case is TrickCase.MUST_BEAT:
        return any_card, [beats, not_beats]
    if case is TrickCase.TRUMPED_TRICK:
        return any_card, [is_led, not_led]
    if case is TrickCase.MUST_TRUMP:
        return not_led, [is_trump, side]
    if case is TrickCase.MUST_OVERTRUMP:
        return not_led, [beats, not_beats]
    if case is TrickCase.CANNOT_OVERTRUMP:
        return (lambda c: not_led(c) and not beats(c)), [is_trump, side]
    return side, [side]


def _trick_ok(case: TrickCase, led: Suit, trump: Suit, win: Card) -> bool:
    """Whether the winning card fits ``case`` (trumped or not)."""
    trumped = led != trump and win.suit == trump
    if case in (TrickCase.TRUMPED_TRICK, TrickCase.MUST_OVERTRUMP, TrickCase.CANNOT_OVERTRUMP):
        return trumped
    if case is TrickCase.DISCARD:
        return True
    if case is TrickCase.MUST_TRUMP:
        return led != trump and not trumped
    return not trumped


def _both(a: _Pred, b: _Pred) -> _Pred:
    return lambda c: a(c) and b(c)


def _draw(rng: random.Random, pool: Counter[Card], pred: _Pred) -> Card | None:
    choices = [c for c, n in pool.items() if n > 0 and pred(c)]
    if not choices:
        return None
    weights = [pool[c] for c in choices]
    c = rng.choices(choices, weights)[0]
    pool[c] -= 1
    return c


def _try_once(
    rng: random.Random, case: TrickCase, partner_winning: bool | None, rules: RuleSet
) -> Position | None:
    pool: Counter[Card] = Counter(
        {c: rules.copies for c in CARDS_BY_INDEX if c.rank in rules.ranks}
    )
    trump = Suit(rng.randrange(4))
    must_differ = case not in (TrickCase.FOLLOW_SUIT, TrickCase.MUST_BEAT, TrickCase.DISCARD)
    led = Suit(rng.randrange(4))
    if must_differ or (led == trump and rng.random() < 0.7):
        led = rng.choice([s for s in Suit if s != trump])
    can_partner = rules.partnerships and rules.players == 4
    want_partner = bool(partner_winning) and can_partner
    low = 2 if want_partner else 1
    k = rng.randint(low, rules.players - 1)
    # The trick: led card, then followers who follow, trump or discard.
    trick: list[Card] = []
    first = _draw(rng, pool, lambda c: c.suit == led)
    if first is None:
        return None
    trick.append(first)
    for _ in range(1, k):
        roll = rng.random()
        if roll < 0.5:
            pred: _Pred = lambda c: c.suit == led  # noqa: E731
        elif roll < 0.85:
            pred = lambda c: c.suit == trump  # noqa: E731
        else:
            pred = lambda c: c.suit not in (led, trump)  # noqa: E731
        c = _draw(rng, pool, pred)
        if c is None:
            return None
        trick.append(c)
    win_pos = trick_winner(trick, trump)
    win = trick[win_pos]
    if not _trick_ok(case, led, trump, win):
        return None
    is_partner = can_partner and k >= 2 and win_pos == k - 2
    if partner_winning is not None and can_partner and is_partner != partner_winning:
        return None
    # The hand.
    allowed, required = _hand_spec(case, led, trump, win)
    size = rng.randint(max(len(required), 3), min(10, rules.hand_size))
    hand: list[Card] = []
    for need in required:
        c = _draw(rng, pool, _both(need, allowed))
        if c is None:
            return None
        hand.append(c)
    while len(hand) < size:
        c = _draw(rng, pool, allowed)
        if c is None:
            break
        hand.append(c)
    players = rules.players
    seat = 0
    leader = (seat - k) % players
    seats = tuple((leader + i) % players for i in range(k))
    position = Position(tuple(sort_hand(hand)), tuple(trick), seats, trump, seat, rules, case)
    if classify(position.hand, position.trick, trump, rules) is not case:  # pragma: no cover
        return None
    return position


def generate_position(
    case: TrickCase | None = None,
    seed: int | None = None,
    rules: RuleSet | str = CLASSIC,
    *,
    partner_winning: bool | None = None,
    rng: random.Random | None = None,
) -> Position:
    """A random position of ``case`` (any case when ``None``), the same for the
    same ``seed``. ``partner_winning`` asks for (``True``) or rules out
    (``False``) a trick the learner's partner is winning; it is ignored where
    nobody has a partner. ``rng`` lets a caller share one generator."""
    rs = as_rules(rules)
    if rng is None:
        rng = random.Random(seed)
    if case is None:
        case = rng.choice(list(TrickCase))
    case = TrickCase(case)
    # Every case can occur under every valid rule set (the deck has A 10 K Q J in
    # four suits); the hardest (a partner winning a trumped trick) needs about 70
    # tries at worst, and a try costs some microseconds.
    for _ in range(ATTEMPTS):
        p = _try_once(rng, case, partner_winning, rs)
        if p is not None:
            return p
    wish = {True: " with the partner winning", False: " without the partner winning", None: ""}
    raise PositionRequestError(  # pragma: no cover - every case is reachable
        f"could not build a {case.label!r} position{wish[partner_winning]} in "
        f"{ATTEMPTS} tries under the {rs.words} rules"
    )


ATTEMPTS = 500
"""The most positions :func:`generate_position` tries to deal for one case."""


def position_stream(
    seed: int | None = None,
    rules: RuleSet | str = CLASSIC,
    cases: Iterable[TrickCase] | None = None,
) -> Iterator[Position]:
    """An endless stream of positions cycling through ``cases`` (all of them by
    default) in a shuffled order each round, so every case comes up within each
    round; where there are partners, about a third of them have the partner winning."""
    rs = as_rules(rules)
    rng = random.Random(seed)
    chosen = list(dict.fromkeys(TrickCase(c) for c in (cases if cases is not None else TrickCase)))
    if not chosen:
        raise PositionRequestError(
            f"cases={cases!r}: position_stream needs at least one trick case"
        )
    while True:
        order = chosen[:]
        rng.shuffle(order)
        for case in order:
            yield generate_position(
                case, rules=rs, partner_winning=True if rng.random() < 0.35 else None, rng=rng
            )
