"""What the lessons need beyond the rules: trick positions to practise on, quizzes
(items, answers, banks, generators), each learner's progress, the house rules file and
the game session behind the game table and the bidding trainer.

This layer may import the core rules, :mod:`pinochle_tutor.explain` and
:mod:`pinochle_tutor.bots`; only the widgets (``pinochle_widgets``) import it. It reads
and writes files (banks, progress, house rules); the layers below it do not.
"""
