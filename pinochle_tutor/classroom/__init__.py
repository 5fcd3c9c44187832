"""The classroom: who is learning, where their answers are kept, and what the site's
teacher set, apart from what the lessons teach.

* :mod:`~pinochle_tutor.classroom.identity`: the learner a page writes progress for
  (the hub or proxy user, or the browser's signed learner key);
* :mod:`~pinochle_tutor.classroom.attempts`: a quiz attempt as a value, and the JSON
  progress file;
* :mod:`~pinochle_tutor.classroom.store`: the class's SQLite progress database;
* :mod:`~pinochle_tutor.classroom.progress`: one learner's record, in the database or
  a JSON file;
* :mod:`~pinochle_tutor.classroom.dashboard`: the teacher's view of the class, as
  data, behind the teacher's secret;
* :mod:`~pinochle_tutor.classroom.house_rules`: the site's ``house_rules.toml``;
* :mod:`~pinochle_tutor.classroom.display`: a learner's display preferences;
* :mod:`~pinochle_tutor.classroom.times`: kept times (UTC) shown in the reader's zone.

This package imports only the core rules (:mod:`pinochle_tutor`); the course, the
widgets (``pinochle_widgets``) and the server extension (``pinochle_site``) import it.
It reads and writes files (progress, house rules, the site's secret); it imports
nothing from Jupyter.
"""
