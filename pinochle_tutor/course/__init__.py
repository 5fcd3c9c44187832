"""What the lessons need beyond the rules: trick positions to practise on, quizzes
(items, answers, banks, generators) and the game session behind the game table and
the bidding trainer.

This layer may import the core rules, :mod:`pinochle_tutor.explain`,
:mod:`pinochle_tutor.sim`, :mod:`pinochle_tutor.coach`, :mod:`pinochle_tutor.bots` and
:mod:`pinochle_tutor.classroom` (who is learning, their
progress, the house rules file); only the widgets (``pinochle_widgets``) import it. It
reads the quiz banks; of the layers below it only the classroom reads or writes files.
"""
