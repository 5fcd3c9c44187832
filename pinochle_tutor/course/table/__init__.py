"""The game table: a whole game for one learner against computer players, split by job.

* :mod:`~pinochle_tutor.course.table.session`: the game flow (:class:`GameSession`: the
  computer seats acting, the learner's checked actions, undo by replaying the hand's
  actions through :meth:`Hand.apply <pinochle_tutor.game.Hand.apply>`).
* :mod:`~pinochle_tutor.course.table.narration`: what the table says, as data: the log
  lines (:class:`Event`) and the score-sheet rows.
* :mod:`~pinochle_tutor.course.table.announce`: the log lines since the learner's last
  action, as a screen reader hears them.
* :mod:`~pinochle_tutor.course.table.seating`: the computer players a table can seat.

The hint and the review come from the coach's entry points,
:func:`pinochle_tutor.coach.hint` and :func:`pinochle_tutor.coach.review`.
"""
