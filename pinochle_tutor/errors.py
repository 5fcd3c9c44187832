"""The root of the engine's errors.

Every error the engine raises on purpose is a :class:`PinochleError`, which is a
:class:`ValueError`, so callers that only know ``ValueError`` still catch it. The
root is never raised itself: each module raises narrow subclasses kept beside the
type they guard (:class:`~pinochle_tutor.cards.InvalidCardError` in ``cards``,
:class:`~pinochle_tutor.tricks.IllegalPlayError` beside ``PlayVerdict``, ...).
Messages quote the offending input and say what is allowed, so a lesson can show
them to a learner unchanged.

This module imports nothing from the package, so every module can import it.
"""

from __future__ import annotations

__all__ = ["IllegalActionError", "PinochleError"]


class PinochleError(ValueError):
    """Root of every error the engine raises on purpose (raised only through a subclass)."""


class IllegalActionError(PinochleError):
    """Base of the refusals of a game action: a bid, a card, an exchange or a step out
    of turn that the game does not allow now (raised only through a subclass:
    :class:`~pinochle_tutor.auction.IllegalBidError`,
    :class:`~pinochle_tutor.tricks.IllegalPlayError`,
    :class:`~pinochle_tutor.exchange.IllegalExchangeError`,
    :class:`~pinochle_tutor.game.OutOfTurnError`)."""
