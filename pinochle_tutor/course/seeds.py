"""The seed of a page: fresh cards (and fresh questions) on every page unless a
lesson or a test fixes them.

Every widget that deals cards or draws questions (the game table, the quiz runner,
the bidding trainer) asks :func:`page_seed` for its seed, so two tabs never show the
same deal or the same questions, and one environment variable (:data:`SEED_ENV`)
makes a whole test run, or an nbval run of the notebooks, reproducible.

>>> page_seed(21)
21
"""

from __future__ import annotations

import os
import secrets

from pinochle_tutor.errors import PinochleError

__all__ = ["SEED_ENV", "InvalidSeedError", "page_seed"]

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
    return secrets.randbelow(2**32)
