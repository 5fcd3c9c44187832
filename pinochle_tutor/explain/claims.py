"""A learner's meld answer: the lines claimed, and the mistakes a count can hold.

A claimed line is a category, a multiple and (for a plain marriage, optionally) a
suit: ``'double aces around'``, ``'royal marriage'``, ``'spade marriage'``.
:func:`parse_claim` reads one; :class:`MeldMistake` is one mistake in a meld
count: what it was, the rule it breaks and how much it costs.

>>> parse_claim("double aces around")
ClaimedLine(kind=<MeldKind.ACES_AROUND: 'aces around'>, multiple=2, suit=None)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TypeAlias

from pinochle_tutor.cards import Card, InvalidSuitError, Suit, parse_suit
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain._text import _a, _names, _signed
from pinochle_tutor.explain.meld import (
    _MULTIPLE_WORDS,
    MeldRule,
    _line_name,
    _row,
)
from pinochle_tutor.meld import MeldItem, MeldKind
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.words import multiple_name, multiple_word, number_word


class InvalidClaimError(PinochleError):
    """A learner's meld answer (a total or a claimed meld line) could not be read."""


# ================================================================ 4. meld diagnosis


class MeldMistakeKind(Enum):
    """The meld-counting mistakes the tutor recognises."""

    RUN_KQ_AS_ROYAL = "counted the run's K and Q as a royal marriage"
    LONE_EXTRA_BESIDE_RUN = "counted a lone extra K or Q beside the run"
    DOUBLE_AS_SINGLE_PLUS_DOUBLE = "counted a double meld as single plus double"
    DOUBLE_AS_TWO_SINGLES = "counted a double meld as two singles"
    DOUBLE_AS_SINGLE = "counted a double meld as a single one"
    INCOMPLETE_DOUBLE = "counted a double meld without two copies of every card"
    PINOCHLE_TWICE = "counted the pinochle twice"
    MARRIAGE_AS_ROYAL = "counted a marriage as royal"
    ROYAL_AS_PLAIN = "counted a royal marriage as a plain one"
    FORGOT_DIX = "forgot the dix"
    FORGOT_MARRIAGE = "forgot a marriage"
    MISSED_AROUND = "missed an around"
    MISSED_RUN = "missed the run"
    MISSED_PINOCHLE = "missed the pinochle"
    COUNTED_MISSING_MELD = "counted a meld the hand does not hold"
    ADDITION = "added the lines up wrong"


_MISTAKE_RULE = {
    MeldMistakeKind.RUN_KQ_AS_ROYAL: MeldRule.RUN_MARRIAGES,
    MeldMistakeKind.LONE_EXTRA_BESIDE_RUN: MeldRule.RUN_MARRIAGES,
    MeldMistakeKind.DOUBLE_AS_SINGLE_PLUS_DOUBLE: MeldRule.DOUBLE_REPLACES_SINGLE,
    MeldMistakeKind.DOUBLE_AS_TWO_SINGLES: MeldRule.DOUBLE_REPLACES_SINGLE,
    MeldMistakeKind.DOUBLE_AS_SINGLE: MeldRule.DOUBLE_REPLACES_SINGLE,
    MeldMistakeKind.INCOMPLETE_DOUBLE: MeldRule.ONE_CATEGORY_ONCE,
    MeldMistakeKind.PINOCHLE_TWICE: MeldRule.ONE_CATEGORY_ONCE,
    MeldMistakeKind.MARRIAGE_AS_ROYAL: MeldRule.MARRIAGE_VALUES,
    MeldMistakeKind.ROYAL_AS_PLAIN: MeldRule.MARRIAGE_VALUES,
    MeldMistakeKind.FORGOT_DIX: MeldRule.COUNT_EVERY_MELD,
    MeldMistakeKind.FORGOT_MARRIAGE: MeldRule.COUNT_EVERY_MELD,
    MeldMistakeKind.MISSED_AROUND: MeldRule.COUNT_EVERY_MELD,
    MeldMistakeKind.MISSED_RUN: MeldRule.COUNT_EVERY_MELD,
    MeldMistakeKind.MISSED_PINOCHLE: MeldRule.COUNT_EVERY_MELD,
    MeldMistakeKind.COUNTED_MISSING_MELD: MeldRule.MELD_NEEDS_ITS_CARDS,
    MeldMistakeKind.ADDITION: MeldRule.ADDITION,
}


@dataclass(frozen=True)
class MeldMistake:
    """One mistake in a meld count: what it was, the rule it breaks, how much it
    moved the total (``delta``, positive when the learner counted too much) and
    the cards involved."""

    kind: MeldMistakeKind
    delta: int
    meld: str = ""
    """The meld line involved (``'royal marriage'``, ``'double aces around'``)."""
    cards: tuple[Card, ...] = ()
    """The cards involved (for a widget to highlight)."""
    count: int = 1
    """How many times the mistake was made (e.g. two dix forgotten)."""
    missing: tuple[Card, ...] = ()
    """For a meld the hand does not hold: the cards it lacks (enough copies of)."""
    held: tuple[int, ...] = ()
    """How many copies of each :attr:`missing` card the hand holds (0 when not given)."""
    claimed: str = ""
    """The line the learner claimed instead, where it differs from :attr:`meld`."""

    def _short(self) -> str:
        """``'only one Q♠ and no J♦'``: what the hand holds of the missing cards."""
        held = self.held or (0,) * len(self.missing)
        groups: dict[int, list[Card]] = {}
        for card, n in zip(self.missing, held, strict=True):
            groups.setdefault(n, []).append(card)
        parts = [
            f"{number_word(n)} {_names(cards)}"
            for n, cards in sorted(groups.items(), reverse=True)
        ]
        return "only " + " and ".join(parts) if any(held) else " and ".join(parts)

    @property
    def rule(self) -> MeldRule:
        """The meld rule this mistake breaks."""
        return _MISTAKE_RULE[self.kind]

    @property
    def text(self) -> str:
        """The mistake in one sentence."""
        k = self.kind
        d = abs(self.delta)
        cards = _names(self.cards)
        if k is MeldMistakeKind.RUN_KQ_AS_ROYAL:
            what = (
                "the K and Q inside the run"
                if self.count == 1
                else f"the K and Q inside {self.count} runs"
            )
            return f"You counted {what} ({cards}) as a royal marriage: they earn no marriage, {d} too many."
        if k is MeldMistakeKind.LONE_EXTRA_BESIDE_RUN:
            return (
                f"You counted the extra {cards} beside the run as a royal marriage, but its partner "
                f"is inside the run: a lone extra K or Q earns nothing, {d} too many."
            )
        if k is MeldMistakeKind.DOUBLE_AS_SINGLE_PLUS_DOUBLE:
            return (
                f"You counted the {self.meld} and the single one as well: the double replaces "
                f"the single, {d} too many."
            )
        if k is MeldMistakeKind.DOUBLE_AS_TWO_SINGLES:
            single = self.meld.removeprefix(f"{multiple_word(2)} ")
            return (
                f"You counted the {self.meld} as two {single} lines: both copies make one "
                f"{self.meld}, worth {d} more."
            )
        if k is MeldMistakeKind.DOUBLE_AS_SINGLE:
            if self.claimed:
                return f"You counted the {self.meld} as {_a(self.claimed)}: it is worth {d} more."
            return f"You counted the {self.meld} as a single one: it is worth {d} more."
        if k is MeldMistakeKind.INCOMPLETE_DOUBLE:
            return (
                f"You counted {_a(self.claimed or self.meld)}, but you hold {self._short()}: a card "
                f"cannot count twice in one category, {d} too many."
            )
        if k is MeldMistakeKind.PINOCHLE_TWICE:
            double = self.meld.startswith(multiple_word(2))
            return (
                f"You counted the pinochle twice{' (as a double pinochle)' if double else ''}, "
                f"but you hold {self._short()}: a card cannot count twice in one "
                f"category, {d} too many."
            )
        if k is MeldMistakeKind.MARRIAGE_AS_ROYAL:
            return (
                f"You counted {_a(self.meld) if self.count == 1 else f'{self.count} marriages'} "
                f"({cards}) as royal: only K Q of trump is a royal marriage, {d} too many."
            )
        if k is MeldMistakeKind.ROYAL_AS_PLAIN:
            return (
                f"You counted the royal marriage ({cards}) as a plain marriage: K Q of trump is "
                f"royal, {d} more{'' if self.count == 1 else f' ({self.count} of them)'}."
            )
        if k is MeldMistakeKind.FORGOT_DIX:
            which = "the dix" if self.count == 1 else f"{self.count} dix"
            return f"You forgot {which} ({cards}, the 9 of trump): {d} missing."
        if k is MeldMistakeKind.FORGOT_MARRIAGE:
            return f"You forgot the {self.meld} ({cards}): {d} missing."
        if k in (
            MeldMistakeKind.MISSED_AROUND,
            MeldMistakeKind.MISSED_RUN,
            MeldMistakeKind.MISSED_PINOCHLE,
        ):
            return f"You missed the {self.meld} ({cards}): {d} missing."
        if k is MeldMistakeKind.COUNTED_MISSING_MELD:
            lacks = ""
            if self.missing and any(self.held):
                lacks = f": you hold {self._short()}"
            elif self.missing:
                lacks = f": it needs {_names(self.missing)}, which you do not hold"
            return f"You counted {_a(self.meld)} that your hand does not hold{lacks}; {d} too many."
        given = int(self.meld) + self.delta
        return f"Your lines add up to {self.meld}, not {given}: check the addition ({_signed(self.delta)})."

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class ClaimedLine:
    """One meld line a learner claims: a category, a multiple and (for a plain
    marriage, optionally) a suit."""

    kind: MeldKind
    multiple: int = 1
    suit: Suit | None = None

    @property
    def name(self) -> str:
        """``'double aces around'``, ``'spade marriage'``."""
        return _line_name(self.kind, self.multiple, self.suit)

    def points(self, rules: RuleSet = CLASSIC) -> int:
        """What the line is worth in ``rules``."""
        t = rules.meld_table
        if self.kind is MeldKind.ROYAL_MARRIAGE:
            return t.royal_marriage
        if self.kind is MeldKind.MARRIAGE:
            return t.marriage
        if self.kind is MeldKind.DIX:
            return t.dix
        return _row(self.kind, rules)[self.multiple - 1]


ClaimLike: TypeAlias = "str | tuple[MeldKind, int] | ClaimedLine | MeldItem"
"""A claimed meld line: a name (``'double aces around'``, ``'royal marriage'``,
``'spade marriage'``), a ``(MeldKind, multiple)`` pair, a :class:`ClaimedLine` or
a :class:`~pinochle_tutor.meld.MeldItem`."""

_KIND_WORDS = {k.value: k for k in MeldKind}
_KIND_WORDS.update({"run in trump": MeldKind.RUN, "trump run": MeldKind.RUN, "flush": MeldKind.RUN})


def parse_claim(claim: ClaimLike, rules: RuleSet = CLASSIC) -> ClaimedLine:
    """Read one claimed meld line. Raises :class:`InvalidClaimError` quoting it
    when it names no meld of ``rules``.

    >>> parse_claim("double aces around")
    ClaimedLine(kind=<MeldKind.ACES_AROUND: 'aces around'>, multiple=2, suit=None)
    """
    if isinstance(claim, ClaimedLine):
        line = claim
    elif isinstance(claim, MeldItem):
        line = ClaimedLine(
            claim.kind, claim.multiple, claim.suit if claim.kind is MeldKind.MARRIAGE else None
        )
    elif isinstance(claim, tuple):
        if len(claim) != 2 or not isinstance(claim[0], MeldKind) or not isinstance(claim[1], int):
            raise InvalidClaimError(
                f"{claim!r} is not a meld line: use (MeldKind, multiple) or a name"
            )
        line = ClaimedLine(claim[0], claim[1])
    elif isinstance(claim, str):
        line = _parse_claim_text(claim)
    else:
        raise InvalidClaimError(
            f"{claim!r} is not a meld line: use a name such as 'royal marriage'"
        )
    return _check_claim(line, claim, rules)


def _parse_claim_text(text: str) -> ClaimedLine:
    words = text.strip().lower().replace("-", " ").split()
    multiple = 1
    if words and words[0] in _MULTIPLE_WORDS:
        multiple = _MULTIPLE_WORDS[words[0]]
        words = words[1:]
    suit: Suit | None = None
    if len(words) == 2 and words[1] == "marriage" and words[0] != "royal":
        try:
            suit = parse_suit(words[0])
        except InvalidSuitError:
            raise InvalidClaimError(
                f"{text!r} is not a meld line: {words[0]!r} is not a suit"
            ) from None
        words = ["marriage"]
    if len(words) == 3 and words[:2] == ["marriage", "in"]:
        try:
            suit = parse_suit(words[2])
        except InvalidSuitError:
            raise InvalidClaimError(
                f"{text!r} is not a meld line: {words[2]!r} is not a suit"
            ) from None
        words = ["marriage"]
    kind = _KIND_WORDS.get(" ".join(words))
    if kind is None:
        known = ", ".join(repr(k.value) for k in MeldKind)
        raise InvalidClaimError(
            f"{text!r} is not a meld line: meld lines are {known} (with 'double' etc.)"
        )
    return ClaimedLine(kind, multiple, suit)


def _check_claim(line: ClaimedLine, original: object, rules: RuleSet) -> ClaimedLine:
    if line.kind in (MeldKind.ROYAL_MARRIAGE, MeldKind.MARRIAGE, MeldKind.DIX):
        if line.multiple != 1:
            raise InvalidClaimError(
                f"{original!r} is not a meld line: each {line.kind.value} is its own line (no doubles)"
            )
        if line.kind is MeldKind.DIX and not rules.meld_table.dix:
            raise InvalidClaimError(
                f"{original!r} is not a meld line: the {rules.name} game has no dix"
            )
        return line
    most = min(len(_row(line.kind, rules)), rules.copies)
    if not 1 <= line.multiple <= most:
        most_name = multiple_name(most, line.kind.value)
        raise InvalidClaimError(
            f"{original!r} is not a meld line: the {rules.name} deck allows at most "
            f"{most_name if most > 1 else f'a {multiple_word(1)} {most_name}'}"
        )
    return line
