"""The coach: one module per decision, each with the same three functions.

- :mod:`~pinochle_tutor.coach.play`: card play.
- :mod:`~pinochle_tutor.coach.concession`: the declarer's choice at the first lead to
  concede or play on.

``evaluate_<decision>`` takes a seat's :class:`~pinochle_tutor.view.PlayerView` (and a
seed, a number of imagined deals) and returns a frozen evaluation; ``advise_<decision>``
takes the view and returns the advice (explanation data); ``judge_<decision>`` takes a
finished :class:`~pinochle_tutor.game.Hand` and a seat and returns the review's verdict.
The coach uses the simulation machinery (:mod:`pinochle_tutor.sim`), the core and the
explanations; the computer players and the course build on it.
"""
