"""Explaining play: may this card be played to this trick, and which rule says so.

Rule 1: follow the led suit if you can. Rule 2: beat the currently winning card if
you can do so legally. Rule 3: void in the led suit, play trump, over-trumping if
you can. Rule 4: with neither the led suit nor trump, play any card. The leader
may play any card. :func:`explain_play` explains one card by these rules;
:func:`explain_legal` groups every card of a hand by the rule that admits or
forbids it.

>>> print(explain_play("KC 9C AH", ["KC"], "H", "AH").rule.label)
rule 1 (follow suit)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pinochle_tutor.cards import Card, CardLike, Suit, SuitLike, parse_suit, sort_hand
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain._text import _distinct, _names
from pinochle_tutor.hands import as_cards
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.tricks import PlayVerdict, TrickRule, check_play, legal_plays, trick_winner


class InvalidPositionError(PinochleError):
    """A trick position that cannot be explained (e.g. a trick that is already complete)."""


# ================================================================ 1. one card to a trick


@dataclass(frozen=True)
class PlayExplanation:
    """Why one card may or may not be played to a trick: the engine's verdict,
    with the position it was given in.

    ``rule`` is the trick rule that decides (rules 1-4, the lead, or "not in your
    hand"); ``cards`` are the cards that prove it, for a widget to highlight."""

    verdict: PlayVerdict
    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    """The cards already played to the trick, led card first."""
    trump: Suit

    @property
    def card(self) -> Card:
        """The card the player wants to play."""
        return self.verdict.card

    @property
    def legal(self) -> bool:
        """Whether the card may be played."""
        return self.verdict.legal

    @property
    def rule(self) -> TrickRule:
        """The rule that decides."""
        return self.verdict.rule

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards that prove the verdict (the led-suit cards you hold, the card
        that beats the winning one and the winning card, ...)."""
        return self.verdict.cards

    @property
    def partner_winning(self) -> bool:
        """Whether the player's partner was winning the trick (the rules apply all the same)."""
        return self.verdict.partner_winning

    @property
    def led(self) -> Card | None:
        """The led card (``None`` when this card would lead)."""
        return self.trick[0] if self.trick else None

    @property
    def winning(self) -> Card | None:
        """The card winning the trick so far (``None`` when leading)."""
        if not self.trick:
            return None
        return self.trick[trick_winner(self.trick, self.trump)]

    @property
    def context(self) -> str:
        """The position in one sentence: trump, the trick so far, the winning card."""
        trump = f"{self.trump.plural.capitalize()} are trump."
        if not self.trick:
            return f"{trump} You are leading the trick."
        win = self.winning
        assert win is not None
        whose = " (your partner's card)" if self.partner_winning else ""
        return f"{trump} Trick so far: {' '.join(c.text for c in self.trick)}; {win.text} is winning{whose}."

    @property
    def text(self) -> str:
        """The verdict in plain words."""
        return self.verdict.reason

    def __str__(self) -> str:
        return self.text


def _check_position(trick: Sequence[Card], rules: RuleSet) -> None:
    if len(trick) >= rules.players:
        raise InvalidPositionError(
            f"The trick {' '.join(c.text for c in trick)!r} already holds {len(trick)} cards: "
            f"a trick has one card from each of the {rules.players} players"
        )


def explain_play(
    hand: Sequence[CardLike] | str,
    trick: Sequence[CardLike] | str,
    trump: SuitLike,
    card: CardLike,
    rules: RuleSet = CLASSIC,
) -> PlayExplanation:
    """Whether ``card`` may be played from ``hand`` to ``trick`` (led card first),
    and which rule decides it: follow suit (rule 1), beat the winning card
    (rule 2), trump and over-trump (rule 3), discard (rule 4), the lead, or "you
    do not hold that card". The rules apply even when your partner is winning.

    >>> explain_play("KC 9C AH", ["AC", "KC"], "H", "AH").text.startswith("Clubs were led")
    True
    """
    h = tuple(as_cards(hand))
    t = tuple(as_cards(trick))
    _check_position(t, rules)
    suit = parse_suit(trump)
    return PlayExplanation(check_play(h, t, suit, card, rules), h, t, suit)


# ============================================================= 2. the whole legal set


@dataclass(frozen=True)
class CardGroup:
    """Cards of a hand that one trick rule admits (``legal``) or forbids."""

    rule: TrickRule
    legal: bool
    cards: tuple[Card, ...]
    """The cards in this group, in display order."""
    proof: tuple[Card, ...]
    """Other cards that prove the rule applies (the winning card, the led-suit
    cards or the higher trumps you hold)."""
    led_suit: Suit | None
    trump: Suit
    winning: Card | None
    partner_winning: bool = False

    @property
    def text(self) -> str:
        """One sentence for the group (two for trump refused on two grounds)."""
        return self.sentence(self.partner_winning)

    def sentence(self, partner_note: bool) -> str:
        """The group's text; ``partner_note`` adds, once at its end, that the rule
        applies even though your partner is winning."""
        cards = _names(self.cards)
        led = self.led_suit
        win = self.winning
        even = " - even though your partner is winning" if partner_note else ""
        r = self.rule
        if r is TrickRule.LEAD:
            return f"You lead, so any card may be played: {cards}."
        if r is TrickRule.NOT_IN_HAND:  # pragma: no cover - never grouped (only held cards are)
            return f"You do not hold {cards}."
        assert led is not None and win is not None
        if self.legal:
            if r is TrickRule.FOLLOW_SUIT:
                if win.suit != led:
                    return (
                        f"{cards}: you follow suit (rule 1); the trick has been trumped with "
                        f"{win.text}, so any {led.singular} will do."
                    )
                return (
                    f"{cards}: you follow suit (rule 1); none of your {led.plural} beats "
                    f"{win.text}, so any {led.singular} will do."
                )
            if r is TrickRule.BEAT:
                return f"{cards}: you follow suit and beat the winning {win.text} (rule 2)."
            if r is TrickRule.TRUMP:
                if win.suit == self.trump and any(c.rank > win.rank for c in self.cards):
                    return f"{cards}: you have no {led.plural}, so you trump and over-trump {win.text} (rule 3)."
                if win.suit == self.trump:
                    return (
                        f"{cards}: you have no {led.plural} and no trump that beats {win.text}, "
                        "so any trump will do (rule 3)."
                    )
                return f"{cards}: you have no {led.plural}, so you must trump (rule 3)."
            return f"{cards}: you have neither {led.plural} nor trump, so you may discard any card (rule 4)."
        proof = _names(self.proof)
        if r is TrickRule.FOLLOW_SUIT:
            return (
                f"Not {cards}: {led.plural} were led and you hold {proof}, "
                f"so you must follow suit (rule 1){even}."
            )
        if r is TrickRule.BEAT:
            higher = [c for c in self.proof if c != win] or list(self.proof)
            return (
                f"Not {cards}: you hold {_names(higher)}, which can beat the winning {win.text}, "
                f"so rule 2 says you must beat it{even}."
            )
        off = [c for c in self.cards if c.suit != self.trump]
        low = [c for c in self.cards if c.suit == self.trump]
        parts = []
        if off:
            parts.append(
                f"Not {_names(off)}: you have no {led.plural} but hold trump, "
                f"so you must play a {self.trump.singular} (rule 3){'' if low else even}."
            )
        if low:
            higher = [c for c in self.proof if c.suit == self.trump and c != win]
            parts.append(
                f"Not {_names(low)}: you hold {_names(higher)}, which over-trumps the {win.text} "
                f"already played, so you must over-trump (rule 3){even}."
            )
        return " ".join(parts)

    def __str__(self) -> str:
        return self.text


_GROUP_ORDER = (
    TrickRule.LEAD,
    TrickRule.FOLLOW_SUIT,
    TrickRule.BEAT,
    TrickRule.TRUMP,
    TrickRule.DISCARD,
    TrickRule.NOT_IN_HAND,
)


def group_verdicts(
    verdicts: Sequence[PlayVerdict], trick: Sequence[Card], trump: Suit
) -> tuple[CardGroup, ...]:
    """Group ``verdicts`` (one per distinct card, all for one position: the same
    ``trick`` so far and ``trump``) by whether the card may be played and the rule
    that decides it: the legal groups first, then the forbidden ones, each in the
    order of the trick rules (the lead, rule 1 to rule 4, "not in your hand")."""
    led = trick[0].suit if trick else None
    win = trick[trick_winner(trick, trump)] if trick else None
    groups: list[CardGroup] = []
    for legal in (True, False):
        for rule in _GROUP_ORDER:
            members = [v for v in verdicts if v.legal is legal and v.rule is rule]
            if not members:
                continue
            cards = tuple(sort_hand(v.card for v in members))
            proof = _distinct(x for v in members for x in v.cards if x not in cards)
            groups.append(
                CardGroup(
                    rule, legal, cards, proof, led, trump, win,
                    any(v.partner_winning for v in members),
                )
            )  # fmt: skip
    return tuple(groups)


def group_sentences(groups: Sequence[CardGroup]) -> list[str]:
    """Each group's sentence, saying once (at the last group it concerns) that the
    rules hold even though your partner is winning."""
    noted = [i for i, g in enumerate(groups) if g.partner_winning]
    last = noted[-1] if noted else -1
    return [g.sentence(i == last) for i, g in enumerate(groups)]


@dataclass(frozen=True)
class LegalSetExplanation:
    """Every distinct card of a hand, legal or not, grouped by the rule that
    admits or forbids it. ``legal`` agrees exactly with
    :func:`~pinochle_tutor.tricks.legal_plays`."""

    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    trump: Suit
    verdicts: tuple[PlayVerdict, ...]
    """One verdict per distinct card held, in index order."""
    legal_groups: tuple[CardGroup, ...]
    illegal_groups: tuple[CardGroup, ...]

    @property
    def legal(self) -> tuple[Card, ...]:
        """The legal cards, in the order :func:`legal_plays` gives them (index order)."""
        return tuple(v.card for v in self.verdicts if v.legal)

    @property
    def illegal(self) -> tuple[Card, ...]:
        """The cards held that may not be played now (index order)."""
        return tuple(v.card for v in self.verdicts if not v.legal)

    @property
    def partner_winning(self) -> bool:
        """Whether the player's partner is winning the trick."""
        return any(v.partner_winning for v in self.verdicts)

    def group_of(self, card: Card) -> CardGroup | None:
        """The group holding ``card`` (``None`` if it is not in the hand)."""
        for g in (*self.legal_groups, *self.illegal_groups):
            if card in g.cards:
                return g
        return None

    @property
    def text(self) -> str:
        """The legal cards and the forbidden ones, a line per group."""
        lines = [f"You may play {_names(sort_hand(self.legal))}."]
        lines += [g.text for g in self.legal_groups]
        # That the rules hold even though your partner is winning is said once, at the end.
        lines += group_sentences(self.illegal_groups)
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text


def explain_legal(
    hand: Sequence[CardLike] | str,
    trick: Sequence[CardLike] | str,
    trump: SuitLike,
    rules: RuleSet = CLASSIC,
) -> LegalSetExplanation:
    """The legal plays of ``hand`` to ``trick``, grouped by the trick rule that
    admits them (the lead, rule 1 follow suit, rule 2 beat, rule 3 trump, rule 4
    discard), and the other cards grouped by the rule that forbids them."""
    h = tuple(as_cards(hand))
    t = tuple(as_cards(trick))
    _check_position(t, rules)
    suit = parse_suit(trump)
    distinct = sorted(set(h))
    verdicts = tuple(check_play(h, t, suit, c, rules) for c in distinct)
    engine = legal_plays(h, t, suit)
    agreed = [v.card for v in verdicts if v.legal]
    if agreed != engine:  # pragma: no cover - a disagreement is an engine bug, not bad input
        raise AssertionError(
            f"check_play and legal_plays disagree for hand {' '.join(c.text for c in h)!r}, "
            f"trick {' '.join(c.text for c in t)!r}: {agreed} vs {engine}"
        )
    groups = group_verdicts(verdicts, t, suit)
    return LegalSetExplanation(
        h,
        t,
        suit,
        verdicts,
        tuple(g for g in groups if g.legal),
        tuple(g for g in groups if not g.legal),
    )
