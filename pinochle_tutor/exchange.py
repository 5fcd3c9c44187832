"""Trump and the exchange.

After the auction the declarer names trump. A trump beats any non-trump card
when it is legally played.

Then the declarer's partner passes 4 cards face down. After looking at them the
declarer returns 4 cards, which may include cards just received, so that both
finish with 12. The defenders do not exchange.

Three-handed there is no exchange: the declarer turns the kitty face up for all
to see, takes it, and discards as many cards face down; the discards count as the
declarer's trick points.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pinochle_tutor.cards import Card, CardLike, sort_hand
from pinochle_tutor.errors import IllegalActionError
from pinochle_tutor.hands import as_cards

__all__ = ["IllegalExchangeError", "remove_cards"]


class IllegalExchangeError(IllegalActionError):
    """A pass, return or discard that breaks its rule: the wrong number of cards, or a
    card the player does not hold (or not as many copies of it)."""


def remove_cards(
    hand: Sequence[Card], cards: Sequence[CardLike] | str, expected: int, what: str
) -> list[Card]:
    """``hand`` without ``cards`` (a multiset difference), checking that exactly
    ``expected`` cards are given and that the hand holds every one of them.

    Raises :class:`IllegalExchangeError` naming the problem."""
    chosen = as_cards(cards)
    if len(chosen) != expected:
        raise IllegalExchangeError(f"{what} takes exactly {expected} cards, not {len(chosen)}")
    have = Counter(hand)
    for card, n in Counter(chosen).items():
        if have[card] < n:
            held = have[card]
            raise IllegalExchangeError(
                f"{what}: you hold {'no' if held == 0 else held} {card.text}"
                + ("" if held == 0 else f" but chose {n}")
            )
    rest = Counter(hand)
    rest.subtract(chosen)
    return sort_hand(rest.elements())
