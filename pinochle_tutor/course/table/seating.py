"""Who sits at the game table: a computer player by name
(:func:`~pinochle_tutor.bots.levels.make_player`), or a player given as it is."""

from __future__ import annotations

from pinochle_tutor.bots.levels import make_player
from pinochle_tutor.players import Player

__all__ = ["seat_player"]


def seat_player(kind: str | Player, seed: int | None = None) -> Player:
    """The player for a computer seat: ``kind`` itself when it is already a player, else
    the computer player of that name (:func:`~pinochle_tutor.bots.levels.make_player`)."""
    return kind if not isinstance(kind, str) else make_player(kind, seed)
