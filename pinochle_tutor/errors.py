"""One error hierarchy for the whole engine.

Every error the engine raises on purpose is a :class:`PinochleError`, which is a
:class:`ValueError`, so callers that only know ``ValueError`` still catch it.
Messages quote the offending input and say what is allowed, so a lesson can
show them to a learner unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pinochle_tutor.tricks import PlayVerdict


class PinochleError(ValueError):
    """Root of every error the engine raises on purpose."""


class InvalidCardError(PinochleError):
    """A card (or suit) written in text could not be read."""


class InvalidSuitError(InvalidCardError):
    """A suit written in text could not be read."""


class InvalidRulesError(PinochleError):
    """A rule set, or an override of one of its settings, is not valid."""


class IllegalBidError(PinochleError):
    """A bid or pass that the auction does not allow."""


class IllegalPlayError(PinochleError):
    """A card that may not be played now; ``verdict`` says which rule and why."""

    def __init__(self, message: str, verdict: PlayVerdict | None = None) -> None:
        super().__init__(message)
        self.verdict = verdict


class IllegalActionError(PinochleError):
    """An action out of turn or out of phase (e.g. playing a card during the auction),
    or an exchange / discard that breaks its rule."""
