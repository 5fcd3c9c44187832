"""The learner's own positions: a card played at a table that the coach's review of the
hand found a clear mistake, kept to be asked again in the review ("Find a better play",
from the learner's seat, with the cards as they were).

A kept position is an answer of kind :data:`~pinochle_tutor.classroom.attempts.MISTAKE_KIND`
(``right`` false) whose rule case is the position's key (:func:`position_key`,
``'own:'`` and a digest): so it stands on the review ladder of
:mod:`~pinochle_tutor.classroom.review` like a rule case missed, due a day later, and each
answer to it in the review (kind :data:`~pinochle_tutor.classroom.attempts.POSITION_KIND`,
the same rule case) climbs the ladder or sends it back to the start. Both carry the
position as :class:`KeptPosition` text in :attr:`~pinochle_tutor.classroom.attempts.Attempt.position`:
the seat's view as :func:`pinochle_tutor.position.position_text` writes it (only what
the seat saw: never another seat's hidden cards, nor the game's seed), the card played,
the trick and the coach's reason for its own card (the mistake's kind, a
``PlayPrinciple`` name, which the teacher's page counts: :func:`mistake_kinds`).

Nothing else is stored: the class database, the learner's file and the static site keep
these answers as they keep every other.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from pinochle_tutor.classroom.attempts import MISTAKE_KIND, POSITION_KIND, Attempt
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.rules import RuleSet

__all__ = [
    "OWN_PREFIX",
    "InvalidKeptPositionError",
    "KeptPosition",
    "is_own_position",
    "kept_positions",
    "mistake_kinds",
    "position_key",
    "rules_digest",
]

OWN_PREFIX = "own:"
"""How a kept position's key (its rule case on the ladder, and its item id) begins."""


class InvalidKeptPositionError(PinochleError):
    """A kept position's text that cannot be read (a file edited by hand, or cut short)."""


@dataclass(frozen=True)
class KeptPosition:
    """One card-play decision of the learner's own game, as the review asks it again."""

    view: str
    """What the learner's seat saw, as :func:`pinochle_tutor.position.position_text`
    wrote it (read back with :func:`pinochle_tutor.position.parse_position` under the
    answer's rule set)."""
    played: str
    """The card the learner played there, as text (``'10S'``)."""
    trick: int
    """The trick it was played to (1 for the first)."""
    kind: str
    """The mistake's kind: the coach's reason for its own card there (the name of a
    ``pinochle_tutor.explain.coaching.PlayPrinciple``, ``'CHEAPEST_WINNER'``)."""
    rules: str
    """The rules it was played under, as :func:`rules_digest` (a site whose house rules
    have changed since cannot ask it: its numbers would not be those of the hand)."""

    @property
    def text(self) -> str:
        """The position as the answers keep it (compact JSON, keys sorted)."""
        return json.dumps(
            {"view": self.view, "played": self.played, "trick": self.trick, "kind": self.kind,
             "rules": self.rules},
            sort_keys=True,
            separators=(",", ":"),
            ensure_ascii=False,
        )

    @classmethod
    def parse(cls, text: str) -> KeptPosition:
        """Read :attr:`text` back; raises :class:`InvalidKeptPositionError` naming what
        is wrong and quoting it."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError, RecursionError):  # RecursionError: "[[[[..." nested
            raise InvalidKeptPositionError(f"a kept position must be JSON, not {text!r:.60}") from None
        if not isinstance(data, dict) or set(data) != set(_KEYS):
            raise InvalidKeptPositionError(
                f"a kept position is an object of {', '.join(_KEYS)}, not {text!r:.60}"
            )
        for key in ("view", "played", "kind", "rules"):
            if not isinstance(data[key], str) or not data[key]:
                raise InvalidKeptPositionError(
                    f"a kept position's {key!r} must be text, not {data[key]!r:.60}"
                )
        trick = data["trick"]
        if isinstance(trick, bool) or not isinstance(trick, int) or not 1 <= trick <= 99:
            raise InvalidKeptPositionError(
                f"a kept position's 'trick' must be a trick number from 1, not {trick!r:.30}"
            )
        return cls(data["view"], data["played"], trick, data["kind"], data["rules"])


_KEYS = ("view", "played", "trick", "kind", "rules")


HAND_ONLY = ("target",)
"""The settings a position does not depend on: the game's end, not the hand's play."""


def rules_digest(rules: RuleSet) -> str:
    """A short one-way digest of the settings of ``rules`` a hand is played and judged
    under (:meth:`RuleSet.settings` but :data:`HAND_ONLY`'s): two rule sets with the same
    name and another deck, count, auction or meld table differ here; a game to another
    target does not."""
    kept = {k: v for k, v in rules.settings().items() if k not in HAND_ONLY}
    settings = json.dumps(kept, sort_keys=True, default=str)
    return hashlib.sha256(settings.encode()).hexdigest()[:12]


def position_key(rule_set: str, kept: KeptPosition) -> str:
    """The key of the position ``kept`` under the rule set named ``rule_set``:
    :data:`OWN_PREFIX` and a one-way digest of the name, the rules' settings and the
    view (the same position played twice under the same rules is one position on the
    ladder)."""
    text = f"pinochle-tutor-own:{rule_set}\n{kept.rules}\n{kept.view}"
    return f"{OWN_PREFIX}{hashlib.sha256(text.encode()).hexdigest()[:16]}"


def is_own_position(rule: str) -> bool:
    """Whether the rule case ``rule`` of the review is one of the learner's own positions."""
    return rule.startswith(OWN_PREFIX)


def kept_positions(attempts: Iterable[Attempt]) -> dict[str, tuple[Attempt, KeptPosition]]:
    """Each of the learner's own positions in ``attempts``, by key: the answer that
    kept it (the first mistake or answer carrying a readable position with that key)
    and the position. Answers whose position cannot be read, or whose key is not the
    position's own, are skipped; never raises."""
    found: dict[str, tuple[Attempt, KeptPosition]] = {}
    for a in attempts:
        if a.kind not in (MISTAKE_KIND, POSITION_KIND) or not a.position:
            continue
        key = next((r for r in a.rules if is_own_position(r)), "")
        if not key or key in found:
            continue
        try:
            kept = KeptPosition.parse(a.position)
        except InvalidKeptPositionError:
            continue
        if position_key(a.rule_set, kept) == key:
            found[key] = (a, kept)
    return found


def mistake_kinds(attempts: Iterable[Attempt]) -> Counter[str]:
    """How many clear mistakes of each kind (:attr:`KeptPosition.kind`) the answers
    kept from hands played (kind :data:`~pinochle_tutor.classroom.attempts.MISTAKE_KIND`),
    each position once."""
    kinds: Counter[str] = Counter()
    seen: set[str] = set()
    for a in attempts:
        if a.kind != MISTAKE_KIND or not a.position or a.item_id in seen:
            continue
        try:
            kinds[KeptPosition.parse(a.position).kind] += 1
        except InvalidKeptPositionError:
            continue
        seen.add(a.item_id)
    return kinds
