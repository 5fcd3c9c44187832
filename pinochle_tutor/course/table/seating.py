"""Who sits at the game table: the computer players by name.

The named levels come from :func:`~pinochle_tutor.bots.levels.level_player`; besides
them a table can seat a random player (a baseline) or the plain Monte Carlo player.
"""

from __future__ import annotations

from collections.abc import Callable

from pinochle_tutor.bots.bidmodel import BidModelPlayer
from pinochle_tutor.bots.levels import Level, level_player
from pinochle_tutor.bots.montecarlo import MonteCarloPlayer
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.names import find_named
from pinochle_tutor.players import Player, RandomPlayer

__all__ = ["OPPONENT_KINDS", "UnknownPlayerError", "make_player"]

OPPONENT_KINDS = ("beginner", "intermediate", "strong", "heuristic", "random", "montecarlo")
"""The names of the computer players a table can seat: the three named levels
(:class:`~pinochle_tutor.bots.levels.Level`), then the players by kind (``'heuristic'`` is
the beginner level's player)."""


class UnknownPlayerError(PinochleError):
    """A computer player asked for by a name that is not one of :data:`OPPONENT_KINDS`."""


def make_player(kind: str | Player, seed: int | None = None) -> Player:
    """A computer player by name (a level, ``'beginner'``, ``'intermediate'`` or
    ``'strong'``, or a kind, ``'heuristic'``, ``'random'`` or ``'montecarlo'``), or
    ``kind`` itself when it is already a player."""
    if not isinstance(kind, str):
        return kind
    level = find_named(kind, {lv.value: lv for lv in Level})
    if level is not None:
        return level_player(level, seed=seed)
    makers: dict[str, Callable[[], Player]] = {
        "heuristic": lambda: level_player(Level.BEGINNER, seed=seed),
        "random": lambda: RandomPlayer(seed=seed),
        # Monte Carlo card play with the bidding model's auction and trump.
        "montecarlo": lambda: MonteCarloPlayer(seed=seed, base=BidModelPlayer()),
    }
    make = find_named(kind, makers)
    if make is None:
        raise UnknownPlayerError(
            f"{kind!r} is not a computer player: choose one of {', '.join(OPPONENT_KINDS)}"
        )
    return make()
