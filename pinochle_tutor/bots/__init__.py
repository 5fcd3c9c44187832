"""The computer players, built by one factory (:func:`~pinochle_tutor.bots.levels.make_player`).

- :mod:`~pinochle_tutor.bots.heuristic`: :class:`HeuristicPlayer`, the rule-of-thumb
  player, the policy every simulated seat follows.
- :mod:`~pinochle_tutor.bots.montecarlo`: :class:`MonteCarloPlayer`, which samples the
  hidden hands and plays each candidate card out.
- :mod:`~pinochle_tutor.bots.bidmodel`: :class:`BidModelPlayer`, the heuristic player
  bidding and naming trump with the coach's bidding model.
- :mod:`~pinochle_tutor.bots.levels`: the named levels (:class:`StrongPlayer` at the
  top) and :func:`make_player`, every computer player by name.

Players use the core rules, the simulation machinery (:mod:`pinochle_tutor.sim`) and
the coach's evaluations (:mod:`pinochle_tutor.coach`); nothing in the core, the
simulation or the coach imports them. A new computer player goes here, as a class with
the methods of :class:`pinochle_tutor.players.Player`, and gets its name in
:func:`make_player`.
"""

from pinochle_tutor.bots.bidmodel import BidModelPlayer
from pinochle_tutor.bots.heuristic import HeuristicPlayer
from pinochle_tutor.bots.montecarlo import MonteCarloPlayer

__all__ = ["BidModelPlayer", "HeuristicPlayer", "MonteCarloPlayer"]
