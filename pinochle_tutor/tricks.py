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

from pinochle_tutor.cards import Card, CardLike, Suit, SuitLike, parse_card, parse_suit
from pinochle_tutor.errors import IllegalActionError, PinochleError
from pinochle_tutor.hands import ABOVE, SUIT_MASK, SUIT_OF, as_cards, cards_of_mask, mask_of
from pinochle_tutor.names import LabelledIntEnum
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


class TrickRule(LabelledIntEnum):
    """The rule that decides whether a card may be played. Rules 1-4 are the
    rulebook's numbers."""

    NOT_IN_HAND = 0, "play a card you hold"
    """You can only play a card you hold."""
    FOLLOW_SUIT = 1, "rule 1 (follow suit)"
    """Rule 1: follow the led suit if you can."""
    BEAT = 2, "rule 2 (beat the winning card)"
    """Rule 2: beat the currently winning card if you can do so legally."""
    TRUMP = 3, "rule 3 (play trump, over-trump if you can)"
    """Rule 3: void in the led suit, play trump, over-trumping if you can."""
    DISCARD = 4, "rule 4 (discard)"
    """Rule 4: with neither the led suit nor trump, play any card."""
    LEAD = 5, "the lead (any card)"
    """The leader may play any card."""


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
    # Rules 1, 3 and 4: the led suit, else trump, else any card. Rule 2 and the
    # over-trump: of those, the ones that beat the winning card, if any do. ABOVE[win]
    # holds only cards of the winner's suit, so a trumped trick frees the led suit and
    # an untrumped one the trumps (sim/playout.py and sim/policy.py inline these lines).
    must = hand & SUIT_MASK[SUIT_OF[led]] or hand & SUIT_MASK[trump] or hand
    return must & ABOVE[win] or must


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


@dataclass(frozen=True)
class _Duty:
    """Rule 1 (follow the led suit) or rule 3 (play trump): the suit a player holding it
    must play from, and within it rule 2 or the over-trump, as one check with the
    sentences of each outcome (``str.format`` fields: see :func:`_within_duty`)."""

    rule: TrickRule
    """The rule of a card outside the suit, and of any card of it when none can beat."""
    beat_rule: TrickRule
    """The rule when a card of the suit can beat the winning card."""
    wrong_suit: str
    must_beat: str
    beats: str
    none_beats: str
    uncontested: str
    """The winning card is of another suit, so no card of this one can beat it."""
    uncontested_shows_winner: bool
    """Whether that verdict's cards include the winning card."""


_FOLLOW = _Duty(
    TrickRule.FOLLOW_SUIT,
    TrickRule.BEAT,
    "{Led_many} were led and you hold {held}: you must follow suit (rule 1){even}, "
    "so {card} may not be played.",
    "You hold {higher}, which {beat} the winning {win}: rule 2 says you must play a "
    "{led_one} that beats it{even}.",
    "{card} follows suit and beats the winning {win} (rule 2).",
    "{card} follows suit (rule 1); you hold no {led_one} that beats {win}, "
    "so any {led_one} will do.",
    "{card} follows suit (rule 1); the trick has been trumped with {win}, "
    "so no {led_one} can beat it and any {led_one} will do.",
    uncontested_shows_winner=True,
)
_TRUMP = _Duty(
    TrickRule.TRUMP,
    TrickRule.TRUMP,
    "You have no {led_many} but hold trump ({held}): you must play a {trump_one} "
    "(rule 3){even}, so {card} may not be played.",
    "You have no {led_many}, so you must play trump (rule 3), and since you hold "
    "{higher}, which {beat} the {win} already played, you must over-trump{even}.",
    "You have no {led_many}; {card} over-trumps {win} (rule 3).",
    "You have no {led_many} and no trump that beats {win}, so any trump will do (rule 3).",
    "You have no {led_many}, so you trump with {card} (rule 3).",
    uncontested_shows_winner=False,
)


def _within_duty(
    duty: _Duty,
    c: Card,
    group: list[Card],
    win: Card,
    words: dict[str, str],
    partner_winning: bool,
) -> PlayVerdict:
    """The verdict on ``c`` for a player who holds ``group``, the cards of the suit
    ``duty`` makes them play, with ``win`` winning the trick so far. ``words`` fills
    the sentences (``card``, ``win``, ``even``, the led suit's and trump's names); this
    adds ``held`` and, where a card of the group beats ``win``, ``higher`` and ``beat``."""
    if c.suit != group[0].suit:
        text = duty.wrong_suit.format(held=card_names(group), **words)
        return PlayVerdict(c, False, duty.rule, text, tuple(group), partner_winning)
    if win.suit != c.suit:
        shown = (c, win) if duty.uncontested_shows_winner else (c,)
        return PlayVerdict(c, True, duty.rule, duty.uncontested.format(**words), shown,
                           partner_winning)  # fmt: skip
    higher = [x for x in group if x.rank > win.rank]
    if not higher:
        return PlayVerdict(c, True, duty.rule, duty.none_beats.format(**words), (c, win),
                           partner_winning)  # fmt: skip
    if c.rank <= win.rank:
        beat = "beats" if len(higher) == 1 else "beat"
        text = duty.must_beat.format(higher=card_names(higher), beat=beat, **words)
        return PlayVerdict(c, False, duty.beat_rule, text, (*higher, win), partner_winning)
    return PlayVerdict(c, True, duty.beat_rule, duty.beats.format(**words), (c, win),
                       partner_winning)  # fmt: skip


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
    words = {
        "card": c.text, "win": win.text, "even": even, "led_one": ls.singular,
        "led_many": ls.plural, "Led_many": ls.plural.capitalize(), "trump_one": t.singular,
    }  # fmt: skip
    for duty, suit in ((_FOLLOW, ls), (_TRUMP, t)):
        group = [x for x in held if x.suit == suit]
        if group:
            return _within_duty(duty, c, group, win, words, partner_winning)
    return PlayVerdict(
        c, True, TrickRule.DISCARD,
        f"You have neither {ls.plural} nor trump, so you may discard any card (rule 4): {c.text} is fine.",
        (c,), partner_winning,
    )  # fmt: skip
