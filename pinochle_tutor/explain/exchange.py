"""Why these cards in the exchange, as data: what the cards given are, and what the
giver keeps.

The reason is read off the cards and the rule set in force, never a fixed sentence:
a hint that returns a king does not say "give back non-counters".

>>> from pinochle_tutor import CLASSIC, cards_text
>>> hand = "AS KS QS JS 10S AH KH QH 9C QD 10D KC".split()
>>> print(exchange_reasoning("AS AH 9C 10D".split(), hand, "H", CLASSIC, passing=True).text)
Pass A♠ A♥ 10♦ 9♣: 1 trump and 1 ace for the declarer. You keep 60 meld.
>>> r = exchange_reasoning("9C KC QD 10D".split(), hand, "S", CLASSIC, passing=False)
>>> r.kept_meld, r.trumps_kept, cards_text(r.counters_given), r.voids
(170, 5, '10♦ K♣', (Suit.DIAMONDS, Suit.CLUBS))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pinochle_tutor.cards import Card, CardLike, Rank, Suit, SuitLike, cards_text, parse_suit
from pinochle_tutor.hands import as_cards
from pinochle_tutor.meld import meld_points
from pinochle_tutor.rules import RuleSet

__all__ = ["ExchangeReasoning", "exchange_reasoning"]


@dataclass(frozen=True)
class ExchangeReasoning:
    """The facts behind a choice of cards to pass (the declarer's partner) or to return
    (the declarer)."""

    cards: tuple[Card, ...]
    """The cards given, in hand order."""
    passing: bool
    """True for the partner's pass, False for the declarer's return."""
    trump: Suit
    trumps_given: int
    aces_given: int
    counters_given: tuple[Card, ...]
    """The cards given that count trick points under the rules in force."""
    trumps_kept: int
    kept_meld: int
    """The giver's meld with the cards that stay."""
    voids: tuple[Suit, ...]
    """Side suits the giver holds none of after giving (it may trump them)."""

    @property
    def text(self) -> str:
        """The reasoning in plain words."""
        shown = cards_text(self.cards)
        if self.passing:
            parts = []
            if self.trumps_given:
                parts.append(f"{self.trumps_given} trump")
            if self.aces_given:
                parts.append(f"{self.aces_given} ace{'s' if self.aces_given > 1 else ''}")
            what = (
                " and ".join(parts) + " for the declarer" if parts else "cards the declarer can use"
            )
            return f"Pass {shown}: {what}. You keep {self.kept_meld} meld."
        out = [f"Give back {shown}: you keep {self.kept_meld} meld"]
        out.append(
            f"and all {self.trumps_kept} of your trump" if not self.trumps_given
            else f"and {self.trumps_kept} trump ({self.trumps_given} given back)"
        )  # fmt: skip
        line = " ".join(out) + "."
        if not self.counters_given:
            line += " None of them counts trick points."
        else:
            line += (
                f" {cards_text(self.counters_given)} count trick points, but your partner "
                "plays them for your side."
            )
        if self.voids:
            names = " and ".join(s.plural for s in self.voids)
            line += f" You hold no {names} now, so you can trump them."
        return line

    def __str__(self) -> str:
        return self.text


def exchange_reasoning(
    cards: Iterable[CardLike],
    hand: Sequence[CardLike],
    trump: SuitLike,
    rules: RuleSet,
    *,
    passing: bool,
) -> ExchangeReasoning:
    """The facts of giving ``cards`` from ``hand`` with ``trump`` (see the class)."""
    t = parse_suit(trump)
    given = sorted(as_cards(list(cards)))
    rest = list(as_cards(list(hand)))
    for c in given:
        rest.remove(c)
    return ExchangeReasoning(
        cards=tuple(given),
        passing=passing,
        trump=t,
        trumps_given=sum(c.suit == t for c in given),
        aces_given=sum(c.rank is Rank.ACE and c.suit != t for c in given),
        counters_given=tuple(c for c in given if rules.counter_points[c.rank]),
        trumps_kept=sum(c.suit == t for c in rest),
        kept_meld=meld_points(rest, t, rules),
        voids=tuple(
            s
            for s in Suit
            if s != t and any(c.suit == s for c in given) and not any(c.suit == s for c in rest)
        ),
    )
