"""Explaining a finished trick: which card wins it, and how many trick points cards are worth.

The highest trump wins the trick; without trump, the highest card of the led
suit. Of identical cards, the one played first wins (rules of record). The
counters are A, 10 and K (10 trick points each, classic; 1 each double deck),
and the last trick earns a bonus. :func:`explain_winner` names the rule that
decides a trick and says why any other card does not win;
:func:`explain_counters` counts the trick points card by card under the rules in
force.

>>> e = explain_winner("KS AS AS 9H", "H")
>>> e.winner, e.rule
(3, <WinnerRule.TRUMP: 'trump'>)
>>> explain_counters("AS 10S KH QH").total
30
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from pinochle_tutor.cards import Card, CardLike, Suit, SuitLike, parse_suit
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain._text import _names
from pinochle_tutor.hands import as_cards
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.scoring import trick_points
from pinochle_tutor.tricks import trick_winner

__all__ = [
    "CounterExplanation",
    "InvalidTrickResultError",
    "TrickWinnerExplanation",
    "WinnerRule",
    "explain_counters",
    "explain_winner",
    "ordinal",
]


class InvalidTrickResultError(PinochleError):
    """A trick that cannot be judged: empty, or not one card from each player."""


class WinnerRule(Enum):
    """The rule that decides which card wins a trick."""

    LED_SUIT = "led suit"
    """No trump was played: the highest card of the led suit wins; other suits never win."""
    TRUMP = "trump"
    """A trump was played: the highest trump wins, whatever else was played."""
    FIRST_OF_IDENTICAL = "first of identical cards"
    """Two identical cards would win: the one played first wins."""

    def statement(self) -> str:
        """The rule in a sentence (the same under every rule set)."""
        return {
            WinnerRule.LED_SUIT: (
                "Without trump in the trick, the highest card of the led suit wins; "
                "a card of another suit never wins."
            ),
            WinnerRule.TRUMP: "A trump beats every card of another suit: the highest trump wins.",
            WinnerRule.FIRST_OF_IDENTICAL: "Of two identical cards, the one played first wins.",
        }[self]


def ordinal(n: int) -> str:
    """``'1st'``, ``'2nd'``, ``'3rd'``, ``'4th'`` (positions in a trick, 1-based)."""
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th')}"


@dataclass(frozen=True)
class TrickWinnerExplanation:
    """Which card of a complete trick wins it, and the rule that decides.

    ``winner`` is the winning card's position (0-based, led card first);
    ``cards`` are the cards that prove it (the winner, and the identical card it
    beats by being first), for a widget to highlight."""

    trick: tuple[Card, ...]
    trump: Suit
    winner: int
    rule: WinnerRule
    cards: tuple[Card, ...]

    @property
    def winning_card(self) -> Card:
        """The card that wins."""
        return self.trick[self.winner]

    @property
    def led_suit(self) -> Suit:
        """The suit of the led card."""
        return self.trick[0].suit

    def _label(self, pos: int) -> str:
        return f"{self.trick[pos].text} ({ordinal(pos + 1)} card)"

    @property
    def text(self) -> str:
        """The verdict in plain words, with the rule."""
        win = self.winning_card
        t, led = self.trump, self.led_suit
        head = f"{self._label(self.winner)} wins the trick."
        if win.suit == t:
            why = (
                f"{t.plural.capitalize()} are trump and {win.text} is the highest trump played: "
                "a trump beats every card of another suit."
            )
            if led == t:
                why = f"{t.plural.capitalize()} were led and are trump; {win.text} is the highest of them."
        elif all(c.suit == led for c in self.trick):
            # Every card of one suit: the ranks alone decide, whatever suit is trump.
            why = f"Every card is a {led.singular}, so the highest {led.singular} wins: {win.text}."
        else:
            why = (
                f"No trump was played, so the highest {led.singular} (the led suit) wins: "
                f"{win.text}."
            )
        if self.rule is WinnerRule.FIRST_OF_IDENTICAL:
            twins = [ordinal(i + 1) for i, c in enumerate(self.trick) if c == win and i != self.winner]
            why += (
                f" The {' and '.join(twins)} card is an identical {win.text}: of identical cards "
                "the one played first wins."
            )
        return f"{head} {why}"

    def why_not(self, pos: int) -> str:
        """Why the card at ``pos`` (0-based) does not win (the winner's own text for the winner)."""
        if pos == self.winner:
            return self.text
        c, win, t = self.trick[pos], self.winning_card, self.trump
        label = self._label(pos)
        if c == win:
            return (
                f"{label} does not win: the identical {win.text} played "
                f"{ordinal(self.winner + 1)} came first, and of identical cards the first played wins."
            )
        if win.suit == t and c.suit != t:
            return f"{label} does not win: {win.text} is a trump, and a trump beats any card of another suit."
        if c.suit != self.led_suit and c.suit != t:
            return (
                f"{label} does not win: {c.suit.plural} were neither led nor trump, "
                "so it cannot win the trick."
            )
        return f"{label} does not win: {win.text} is a higher {win.suit.singular}."

    def __str__(self) -> str:
        return self.text


def _complete(trick: Sequence[CardLike] | str, rules: RuleSet) -> tuple[Card, ...]:
    cards = tuple(as_cards(trick))
    if len(cards) != rules.players:
        shown = " ".join(c.text for c in cards)
        raise InvalidTrickResultError(
            f"The trick {shown!r} holds {len(cards)} cards: a complete trick has one card from "
            f"each of the {rules.players} players"
        )
    return cards


def explain_winner(
    trick: Sequence[CardLike] | str, trump: SuitLike, rules: RuleSet = CLASSIC
) -> TrickWinnerExplanation:
    """Which card wins the complete ``trick`` (play order, led card first) with
    ``trump``: the engine's :func:`~pinochle_tutor.tricks.trick_winner`, and the rule
    that decides (trump, the led suit, or the first of identical cards).

    Raises :class:`InvalidTrickResultError` unless the trick has one card per player."""
    cards = _complete(trick, rules)
    t = parse_suit(trump)
    pos = trick_winner(cards, t)
    win = cards[pos]
    twins = [i for i, c in enumerate(cards) if c == win]
    if len(twins) > 1:
        rule = WinnerRule.FIRST_OF_IDENTICAL
        proof: tuple[Card, ...] = (win,)
    elif win.suit == t:
        rule = WinnerRule.TRUMP
        proof = (win,)
    else:
        rule = WinnerRule.LED_SUIT
        proof = (cards[0], win) if pos else (win,)
    return TrickWinnerExplanation(cards, t, pos, rule, proof)


@dataclass(frozen=True)
class CounterExplanation:
    """The trick points of some cards under the rules in force: each counter's
    value, the cards that count nothing, and the last-trick bonus."""

    cards: tuple[Card, ...]
    counters: tuple[tuple[Card, int], ...]
    """Each card that counts, with its trick points (play order kept)."""
    blanks: tuple[Card, ...]
    """The cards that count nothing."""
    bonus: int
    """The last-trick bonus included (0 when not the last trick)."""
    total: int
    rules: RuleSet

    @property
    def card_points(self) -> int:
        """The trick points of the cards alone (without the bonus)."""
        return self.total - self.bonus

    @property
    def text(self) -> str:
        """The count in plain words, every number from the rules in force."""
        if self.counters:
            sums = " + ".join(f"{c.text} {v}" for c, v in self.counters)
            line = f"{sums} = {self.card_points}." if len(self.counters) > 1 else f"{sums}."
        else:
            line = "No card here is a counter: 0."
        if self.blanks:
            line += f" {_names(self.blanks)} {'count' if len(self.blanks) > 1 else 'counts'} nothing."
        if self.bonus:
            line += f" The last trick earns {self.bonus} more: {self.total} in all."
        return line

    def __str__(self) -> str:
        return self.text


def explain_counters(
    cards: Sequence[CardLike] | str, rules: RuleSet = CLASSIC, last_trick: bool = False
) -> CounterExplanation:
    """The trick points of ``cards`` under ``rules`` (the same number as
    :func:`~pinochle_tutor.scoring.trick_points`), card by card, with the
    last-trick bonus when ``last_trick`` is true."""
    cs = tuple(as_cards(cards))
    values = rules.counter_points
    counters = tuple((c, values[c.rank]) for c in cs if values[c.rank])
    blanks = tuple(c for c in cs if not values[c.rank])
    bonus = rules.last_trick_bonus if last_trick else 0
    total = trick_points(cs, rules, last_trick)
    assert total == sum(v for _, v in counters) + bonus
    return CounterExplanation(cs, counters, blanks, bonus, total, rules)
