"""How the course draws things for one learner: display preferences, not rules.

The one preference so far is the four-colour deck (diamonds blue, clubs green, so no
two suits share a colour). A learner's own choice is kept with their progress, in the
class's database (:meth:`~pinochle_tutor.classroom.store.ProgressStore.set_preference`);
a learner who has not chosen gets the site's default, ``four_colour`` in the house
rules file (:func:`~pinochle_tutor.classroom.house_rules.site_four_colour`).

>>> import os, tempfile
>>> from pinochle_tutor.classroom.identity import Learner, LearnerSource
>>> store = ProgressStore(os.path.join(tempfile.mkdtemp(), "class.sqlite"))
>>> ann = Learner("ann-key-0123456789abcdefgh", "Ann", LearnerSource.BROWSER)
>>> choose_four_colour(True, ann, store)
True
>>> four_colour_deck(ann, store)
True
>>> choose_four_colour(False, ann, store), four_colour_deck(ann, store)
(True, False)
"""

from __future__ import annotations

from pinochle_tutor.classroom.attempts import now
from pinochle_tutor.classroom.database import StoreError
from pinochle_tutor.classroom.house_rules import site_four_colour
from pinochle_tutor.classroom.identity import Learner, current_learner
from pinochle_tutor.classroom.progress import default_location, is_database
from pinochle_tutor.classroom.store import ProgressStore

__all__ = ["FOUR_COLOUR", "choose_four_colour", "class_store", "four_colour_deck"]

FOUR_COLOUR = "four_colour"
"""The preference's name in the store (its values are ``"on"`` and ``"off"``)."""

_WORDS = {True: "on", False: "off"}


def class_store() -> ProgressStore | None:
    """The site's progress database (:func:`~pinochle_tutor.classroom.progress.default_progress_path`),
    or ``None`` when progress goes to a JSON file or the database cannot be opened."""
    location = default_location()
    if not is_database(location):
        return None
    try:
        return ProgressStore(location)
    except StoreError:
        return None


def four_colour_deck(learner: Learner | None = None, store: ProgressStore | None = None) -> bool:
    """Whether ``learner`` (default: this page's) sees the four-colour deck: their own
    choice when they made one, else the house rules' default. ``store`` defaults to
    :func:`class_store`. Never raises: an unreadable store gives the default."""
    who = current_learner() if learner is None else learner
    if not who.is_guest:
        db = class_store() if store is None else store
        if db is not None:
            try:
                chosen = db.preference(who.key, FOUR_COLOUR)
            except StoreError:
                chosen = None
            if chosen in ("on", "off"):
                return chosen == "on"
    return site_four_colour()


def choose_four_colour(
    on: bool, learner: Learner | None = None, store: ProgressStore | None = None
) -> bool:
    """Keep ``learner``'s choice (default: this page's learner). Returns whether it was
    kept: a guest's choice, or one on a site without a database, lasts only for the
    page."""
    who = current_learner() if learner is None else learner
    db = class_store() if store is None else store
    if who.is_guest or db is None:
        return False
    db.set_preference(who.key, FOUR_COLOUR, _WORDS[bool(on)], now())
    return True
