"""The seed of a page: fresh cards (and fresh questions) on every page unless a
lesson or a test fixes them.

Every widget that deals cards or draws questions (the game table, the quiz runner,
the bidding trainer) asks :func:`page_seed` for its seed, so two tabs never show the
same deal or the same questions, and one environment variable (:data:`SEED_ENV`)
makes a whole test run, or an nbval run of the notebooks, reproducible.

>>> page_seed(21)
21

A seed is a secret of the page that holds it: from it every hidden card of its deals
(and every answer of its questions) can be computed. So nothing a browser receives or a
learner downloads carries it: a record of what was dealt is named by :func:`deal_id`,
and a fresh seed is drawn from 2**63 numbers, too many to find by trying each against
the cards a learner has seen.
"""

from __future__ import annotations

import hashlib
import os
import secrets

from pinochle_tutor.errors import PinochleError

__all__ = ["SEED_ENV", "SEED_RANGE", "InvalidSeedError", "deal_id", "page_seed"]

SEED_ENV = "PINOCHLE_TUTOR_SEED"
"""The environment variable that, when set to a whole number, seeds every session,
quiz round and drill built without a seed (tests and nbval set it for reproducible
runs)."""


class InvalidSeedError(PinochleError):
    """:data:`SEED_ENV` holds something that is not a whole number."""


def page_seed(seed: int | None = None) -> int:
    """The seed of a new game, quiz round or drill: ``seed`` when a lesson fixes one
    on purpose, else the whole number in the environment variable :data:`SEED_ENV`
    when it is set (tests, nbval), else a fresh random number, so each page (each
    kernel, each tab) deals different cards and asks different questions.

    >>> page_seed(21)
    21
    """
    if seed is not None:
        return seed
    text = os.environ.get(SEED_ENV, "").strip()
    if text:
        try:
            return int(text)
        except ValueError:
            raise InvalidSeedError(
                f"{SEED_ENV}={text[:20]!r} is not a whole number: unset it or use e.g. 7"
            ) from None
    return secrets.randbelow(SEED_RANGE)


SEED_RANGE = 2**63
"""How many fresh seeds there are: enough that a seed cannot be found by trying each
against the cards a learner has seen (2**32 could be, in hours)."""


def deal_id(seed: int, *parts: object) -> str:
    """An opaque name for what ``seed`` (and ``parts``) dealt, for a record a learner
    can download or a browser can see: the same seed always gives the same name, so a
    hand replayed is recognised, but the name does not give the seed back (a one-way
    digest, and fresh seeds are too many to try).

    >>> deal_id(21), deal_id(21) == deal_id(22)
    ('ff254f3a5e196242', False)
    >>> len(deal_id(21, "round", 3))
    16
    """
    text = ":".join(str(p) for p in (seed, *parts))
    return hashlib.sha256(f"pinochle-tutor-deal:{text}".encode()).hexdigest()[:16]
