"""The computer players, and everything that evaluates a decision.

- :mod:`~pinochle_tutor.sim.policy`: :class:`HeuristicPlayer`, a fast rule-of-thumb
  player, and its bit-mask policy.
- :mod:`~pinochle_tutor.sim.knowledge`: what a seat can infer about the hidden hands
  (meld shown, voids, passed cards) and sampling of hands consistent with it.
- :mod:`~pinochle_tutor.bots.montecarlo`: :class:`MonteCarloPlayer`, which samples the
  hidden hands and plays each candidate card out.
- :mod:`~pinochle_tutor.sim.playout`: the fast playout core for simulations.
- :mod:`~pinochle_tutor.bots.advisor`: the bidding advisor.
- :mod:`~pinochle_tutor.sim.endgame`: the exact (double-dummy) solver of the last tricks.
- :mod:`~pinochle_tutor.coach.play`: :func:`evaluate_play`, what every legal card is worth
  from what the deciding seat knows.
- :mod:`~pinochle_tutor.coach.concession`: :func:`evaluate_concession` and
  :func:`advise_concession`, conceding against playing on for the declarer at the first lead.
- :mod:`~pinochle_tutor.coach.play`: :func:`advise_play`, the coach's card with the play
  principle that explains it (never one its numbers contradict), and :func:`judge_play`,
  the verdict on every card a seat played in a hand.
- :mod:`~pinochle_tutor.bots.exchange_eval`: :func:`evaluate_pass`, :func:`evaluate_return`,
  :func:`evaluate_discard` (the exchange scored by sampling), :func:`evaluate_kitty_trump`
  (three-handed, every trump after the discard), :func:`advise_exchange` and
  :func:`judge_exchange`.

Bots use the core rules (:mod:`pinochle_tutor`) and may use :mod:`pinochle_tutor.explain`
for reasons; nothing in the core imports them. A new computer player goes here, as a class
with the methods of :class:`pinochle_tutor.players.Player`.
"""

from pinochle_tutor.bots.exchange_eval import (
    ExchangeEvaluation,
    GiftEvaluation,
    advise_exchange,
    evaluate_discard,
    evaluate_exchange,
    evaluate_kitty_trump,
    evaluate_pass,
    evaluate_return,
    judge_exchange,
)
from pinochle_tutor.bots.montecarlo import MonteCarloPlayer
from pinochle_tutor.coach.concession import (
    ConcessionEvaluation,
    NoConcessionError,
    advise_concession,
    evaluate_concession,
)
from pinochle_tutor.coach.play import (
    CardEvaluation,
    PlayEvaluation,
    PlayEvaluator,
    advise_play,
    evaluate_play,
    judge_play,
)
from pinochle_tutor.sim.endgame import EndgameSolution, solve_endgame
from pinochle_tutor.sim.policy import HeuristicPlayer

__all__ = [
    "CardEvaluation",
    "ConcessionEvaluation",
    "EndgameSolution",
    "ExchangeEvaluation",
    "GiftEvaluation",
    "HeuristicPlayer",
    "MonteCarloPlayer",
    "NoConcessionError",
    "PlayEvaluation",
    "PlayEvaluator",
    "advise_concession",
    "advise_exchange",
    "advise_play",
    "evaluate_concession",
    "evaluate_discard",
    "evaluate_exchange",
    "evaluate_kitty_trump",
    "evaluate_pass",
    "evaluate_play",
    "evaluate_return",
    "judge_exchange",
    "judge_play",
    "solve_endgame",
]
