"""The trick rules.

The declarer leads the first trick with any card; the winner of each trick
leads the next. The others play clockwise and must:

1. **Follow** the led suit if they can.
2. **Beat** the currently winning card if they can do so legally.
3. If they cannot follow suit, **play trump** if they have any; beat
   (over-trump) an earlier trump when possible, otherwise still play a lower trump.
4. **Discard** any card only with neither the led suit nor trump.

These obligations apply even when the partner is winning. Once a trick has been
trumped, no card of the led suit can beat it, so a player who follows suit may
play any card of the led suit.

The highest trump wins the trick; without trump, the highest card of the led
suit. Of two identical cards, the one played first wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from pinochle_tutor.cards import Card, CardLike, Suit, SuitLike, parse_card, parse_suit
from pinochle_tutor.errors import IllegalActionError, PinochleError
from pinochle_tutor.hands import ABOVE, SUIT_MASK, SUIT_OF, as_cards, cards_of_mask, mask_of
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.words import card_names

__all__ = [
    "IllegalPlayError",
    "InvalidTrickError",
    "PlayVerdict",
    "TrickRule",
    "check_play",
    "legal_mask",
    "legal_plays",
    "trick_winner",
    "winner_index",
]


class TrickRule(IntEnum):
    """The rule that decides whether a card may be played. Rules 1-4 are the
    rulebook's numbers."""

    NOT_IN_HAND = 0
    """You can only play a card you hold."""
    FOLLOW_SUIT = 1
    """Rule 1: follow the led suit if you can."""
    BEAT = 2
    """Rule 2: beat the currently winning card if you can do so legally."""
    TRUMP = 3
    """Rule 3: void in the led suit, play trump, over-trumping if you can."""
    DISCARD = 4
    """Rule 4: with neither the led suit nor trump, play any card."""
    LEAD = 5
    """The leader may play any card."""

    @property
    def label(self) -> str:
        """Short name: ``'rule 1 (follow suit)'``."""
        return _RULE_LABEL[self]


_RULE_LABEL = {
    TrickRule.NOT_IN_HAND: "play a card you hold",
    TrickRule.FOLLOW_SUIT: "rule 1 (follow suit)",
    TrickRule.BEAT: "rule 2 (beat the winning card)",
    TrickRule.TRUMP: "rule 3 (play trump, over-trump if you can)",
    TrickRule.DISCARD: "rule 4 (discard)",
    TrickRule.LEAD: "the lead (any card)",
}


@dataclass(frozen=True)
class PlayVerdict:
    """Whether one card may be played, the rule that decides it, the cards that
    prove it, and a sentence saying so."""

    card: Card
    legal: bool
    rule: TrickRule
    reason: str
    cards: tuple[Card, ...] = ()
    """The cards that prove the verdict (the led-suit cards you hold, the higher
    card you hold and the card it beats, ...), for a widget to highlight."""
    partner_winning: bool = False
    """Whether the player's partner was winning the trick at that moment."""

    def __bool__(self) -> bool:
        return self.legal

    def __str__(self) -> str:
        return self.reason


class IllegalPlayError(IllegalActionError):
    """A card that may not be played now; ``verdict`` is the :class:`PlayVerdict` that
    says which rule forbids it and which cards prove it."""

    def __init__(self, message: str, verdict: PlayVerdict | None = None) -> None:
        super().__init__(message)
        self.verdict = verdict


class InvalidTrickError(PinochleError):
    """A trick that cannot be judged, such as an empty one (it has no winner)."""


def legal_mask(hand: int, led: int, win: int, trump: int) -> int:
    """The legal cards as a bit mask (the engine's core rule check).

    ``hand`` is the mask of cards held, ``led`` the index of the led card (-1 when
    leading), ``win`` the index of the card currently winning, ``trump`` the suit."""
    if led < 0:
        return hand
    follow = hand & SUIT_MASK[SUIT_OF[led]]
    if follow:
        if SUIT_OF[win] == SUIT_OF[led]:
            return follow & ABOVE[win] or follow
        return follow
    trumps = hand & SUIT_MASK[trump]
    if trumps:
        if SUIT_OF[win] == trump:
            return trumps & ABOVE[win] or trumps
        return trumps
    return hand


def _indices(cards: Sequence[CardLike] | str) -> list[int]:
    """Card indices of a sequence of cards or card texts."""
    if isinstance(cards, str):
        return [c.index for c in as_cards(cards)]
    out = []
    for c in cards:
        out.append(c.index if type(c) is Card else parse_card(c).index)
    return out


def winner_index(indices: Sequence[int], trump: int) -> int:
    """The position of the winning card in a trick given as card indices
    (:attr:`Card.index`) in play order, with ``trump`` a suit number: the fast core of
    :func:`trick_winner`, for callers that already hold indices. The trick must not be
    empty."""
    best = 0
    w = indices[0]
    for pos in range(1, len(indices)):
        c = indices[pos]
        if (ABOVE[w] >> c) & 1 or (SUIT_OF[c] == trump and SUIT_OF[w] != trump):
            best, w = pos, c
    return best


def trick_winner(trick: Sequence[CardLike] | str, trump: SuitLike) -> int:
    """The position in ``trick`` (play order, led card first) of the card that wins
    it: the highest trump, else the highest card of the led suit; of identical
    cards the first played. For a trick in progress, the card winning so far.

    The winner does not depend on the rule set, so there is no ``rules`` parameter."""
    t = trump if type(trump) is Suit else parse_suit(trump)
    indices = _indices(trick)
    if not indices:
        raise InvalidTrickError(f"trick={trick!r} is empty: an empty trick has no winner")
    return winner_index(indices, t)


def legal_plays(
    hand: Sequence[CardLike] | str,
    trick: Sequence[CardLike] | str,
    trump: SuitLike,
) -> list[Card]:
    """The distinct cards of ``hand`` that may be played to ``trick`` (the cards
    already played, led card first), in suit and rank order. The same under every
    rule set, so there is no ``rules`` parameter."""
    t = trump if type(trump) is Suit else parse_suit(trump)
    h = mask_of(hand)
    if not trick:
        return cards_of_mask(h)
    indices = _indices(trick)
    return cards_of_mask(legal_mask(h, indices[0], indices[winner_index(indices, t)], t))


def check_play(
    hand: Sequence[CardLike] | str,
    trick: Sequence[CardLike] | str,
    trump: SuitLike,
    card: CardLike,
    rules: RuleSet = CLASSIC,
) -> PlayVerdict:
    """Whether ``card`` may be played from ``hand`` to ``trick``, with the rule
    that decides it and the cards that prove it. Never raises for a wrong play;
    raises :class:`~pinochle_tutor.cards.InvalidCardError` only for unreadable text."""
    t = parse_suit(trump)
    c = parse_card(card)
    h_cards = as_cards(hand)
    h = mask_of(h_cards)
    played = as_cards(trick)
    held = sorted(set(h_cards), key=lambda x: (x.suit, -x.rank))

    if not h & c.bit:
        return PlayVerdict(
            c,
            False,
            TrickRule.NOT_IN_HAND,
            f"You do not hold {c.text}: you can only play a card from your hand.",
            (c,),
        )
    if not played:
        return PlayVerdict(
            c, True, TrickRule.LEAD, f"You lead, so any card may be played: {c.text} is fine.", (c,)
        )

    idx = [x.index for x in played]
    led = played[0]
    wpos = winner_index(idx, t)
    win = played[wpos]
    seat_pos = len(played)
    partner_winning = (
        rules.partnerships and rules.players == 4 and seat_pos >= 2 and wpos == seat_pos - 2
    )
    even = " even though your partner is winning" if partner_winning else ""
    ls = led.suit
    follow = [x for x in held if x.suit == ls]
    trump_name = t.singular
    if follow:
        if c.suit != ls:
            return PlayVerdict(
                c, False, TrickRule.FOLLOW_SUIT,
                f"{ls.plural.capitalize()} were led and you hold {card_names(follow)}: you must follow suit "
                f"(rule 1){even}, so {c.text} may not be played.",
                tuple(follow), partner_winning,
            )  # fmt: skip
        if win.suit == ls:
            higher = [x for x in follow if x.rank > win.rank]
            if higher and c.rank <= win.rank:
                return PlayVerdict(
                    c, False, TrickRule.BEAT,
                    f"You hold {card_names(higher)}, which {'beats' if len(higher) == 1 else 'beat'} the winning "
                    f"{win.text}: rule 2 says you must play a {ls.singular} that beats it{even}.",
                    (*higher, win), partner_winning,
                )  # fmt: skip
            if higher:
                return PlayVerdict(
                    c,
                    True,
                    TrickRule.BEAT,
                    f"{c.text} follows suit and beats the winning {win.text} (rule 2).",
                    (c, win),
                    partner_winning,
                )
            return PlayVerdict(
                c, True, TrickRule.FOLLOW_SUIT,
                f"{c.text} follows suit (rule 1); you hold no {ls.singular} that beats {win.text}, "
                f"so any {ls.singular} will do.",
                (c, win), partner_winning,
            )  # fmt: skip
        return PlayVerdict(
            c, True, TrickRule.FOLLOW_SUIT,
            f"{c.text} follows suit (rule 1); the trick has been trumped with {win.text}, "
            f"so no {ls.singular} can beat it and any {ls.singular} will do.",
            (c, win), partner_winning,
        )  # fmt: skip
    trumps = [x for x in held if x.suit == t]
    if trumps:
        if c.suit != t:
            return PlayVerdict(
                c, False, TrickRule.TRUMP,
                f"You have no {ls.plural} but hold trump ({card_names(trumps)}): you must play a {trump_name} "
                f"(rule 3){even}, so {c.text} may not be played.",
                tuple(trumps), partner_winning,
            )  # fmt: skip
        if win.suit == t:
            higher = [x for x in trumps if x.rank > win.rank]
            if higher and c.rank <= win.rank:
                return PlayVerdict(
                    c, False, TrickRule.TRUMP,
                    f"You have no {ls.plural}, so you must play trump (rule 3), and since you hold "
                    f"{card_names(higher)}, which {'beats' if len(higher) == 1 else 'beat'} the {win.text} "
                    f"already played, you must over-trump{even}.",
                    (*higher, win), partner_winning,
                )  # fmt: skip
            if higher:
                return PlayVerdict(
                    c,
                    True,
                    TrickRule.TRUMP,
                    f"You have no {ls.plural}; {c.text} over-trumps {win.text} (rule 3).",
                    (c, win),
                    partner_winning,
                )
            return PlayVerdict(
                c, True, TrickRule.TRUMP,
                f"You have no {ls.plural} and no trump that beats {win.text}, so any trump will do (rule 3).",
                (c, win), partner_winning,
            )  # fmt: skip
        return PlayVerdict(
            c,
            True,
            TrickRule.TRUMP,
            f"You have no {ls.plural}, so you trump with {c.text} (rule 3).",
            (c,),
            partner_winning,
        )
    return PlayVerdict(
        c, True, TrickRule.DISCARD,
        f"You have neither {ls.plural} nor trump, so you may discard any card (rule 4): {c.text} is fine.",
        (c,), partner_winning,
    )  # fmt: skip
