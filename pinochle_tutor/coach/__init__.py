"""The coach: one module per decision, each with the same three functions.

- :mod:`~pinochle_tutor.coach.bid`: the auction (the bidding model).
- :mod:`~pinochle_tutor.coach.trump`: the trump of a game without a kitty.
- :mod:`~pinochle_tutor.coach.kitty`: three-handed, the trump after the kitty.
- :mod:`~pinochle_tutor.coach.exchange`: the pass, the return and the discard.
- :mod:`~pinochle_tutor.coach.concession`: the declarer's choice at the first lead to
  concede or play on.
- :mod:`~pinochle_tutor.coach.play`: card play.

``evaluate_<decision>`` takes a seat's :class:`~pinochle_tutor.view.PlayerView` (and a
seed, a number of imagined deals) and returns a frozen evaluation; ``advise_<decision>``
takes the view and returns the advice (explanation data); ``judge_<decision>`` takes a
finished :class:`~pinochle_tutor.game.Hand` and a seat and returns the review's verdict.
Each tuning constant is defined once, in its decision's module, named for what it tunes
(``PLAY_HINT_SAMPLES``, ``EXCHANGE_REVIEW_MARGIN``, ...).

The game table asks the coach through two entry points
(:mod:`~pinochle_tutor.coach.table`): :func:`hint`, the coach's choice for a seat's
decision with its reason, and :func:`review`, every verdict on a finished hand. Both ask
each decision's module with the same seeds, so a hint, undo's verdict and the review of
one decision agree. The coach uses the simulation machinery (:mod:`pinochle_tutor.sim`),
the core and the explanations; the computer players and the course build on it.
"""

from pinochle_tutor.coach.table import Hint, hint, review

__all__ = ["Hint", "hint", "review"]
