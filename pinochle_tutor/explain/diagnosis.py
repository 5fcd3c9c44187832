"""Diagnosing meld: what went wrong in a learner's meld count.

The learner's total (and, if given, the lines claimed) is compared with the
engine's breakdown, and the difference is put down to the mistakes beginners
make: counting the run's K and Q as a royal marriage, a double meld as two
singles, a meld the hand does not hold, a forgotten dix or marriage, an addition
slip.

>>> diagnose_meld("AH 10H KH QH JH 9S", "H", 190).identified[0].kind.name
'RUN_KQ_AS_ROYAL'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pinochle_tutor.cards import Card, CardLike, Rank, SuitLike
from pinochle_tutor.explain._text import _distinct
from pinochle_tutor.explain.claims import (
    ClaimedLine,
    ClaimLike,
    InvalidClaimError,
    MeldMistake,
    MeldMistakeKind,
    parse_claim,
)
from pinochle_tutor.explain.meld import (
    _SETS,
    MeldExplanation,
    MeldRule,
    _item_name,
    _lone_beside_run,
    _row,
    _runs,
    _set_cards,
    explain_meld,
)
from pinochle_tutor.meld import MeldItem, MeldKind, MeldReport
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.words import MULTIPLE_WORDS


def _off(d: int) -> str:
    """A total ``d`` points off, in words: ``'40 too many'``, ``'20 too few'``."""
    return f"{d} too many" if d > 0 else f"{-d} too few"


def _mistake_for_missing(item: MeldItem) -> MeldMistake:
    kind = {
        MeldKind.DIX: MeldMistakeKind.FORGOT_DIX,
        MeldKind.MARRIAGE: MeldMistakeKind.FORGOT_MARRIAGE,
        MeldKind.ROYAL_MARRIAGE: MeldMistakeKind.FORGOT_MARRIAGE,
        MeldKind.RUN: MeldMistakeKind.MISSED_RUN,
        MeldKind.PINOCHLE: MeldMistakeKind.MISSED_PINOCHLE,
    }.get(item.kind, MeldMistakeKind.MISSED_AROUND)
    return MeldMistake(kind, -item.points, _item_name(item), _distinct(item.cards))


def _lacking(line: ClaimedLine, report: MeldReport) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    """Cards a claimed line needs that the hand does not hold enough copies of, and
    how many copies of each it does hold."""
    counts = Counter(report.hand)
    need = _set_cards(line.kind, report.trump, line.suit)
    short = tuple(c for c in need if counts[c] < line.multiple)
    return short, tuple(counts[c] for c in short)


def _candidates(report: MeldReport) -> list[MeldMistake]:
    """Every single mistake this hand allows, with how much it would move the total."""
    rules = report.rules
    t = rules.meld_table
    trump = report.trump
    kq = (Card(trump, Rank.KING), Card(trump, Rank.QUEEN))
    out: list[MeldMistake] = []
    runs = _runs(report)
    for k in range(1, runs + 1):
        out.append(
            MeldMistake(
                MeldMistakeKind.RUN_KQ_AS_ROYAL, k * t.royal_marriage, "royal marriage", kq, k
            )
        )
    lone = _lone_beside_run(report)
    if lone:
        out.append(
            MeldMistake(
                MeldMistakeKind.LONE_EXTRA_BESIDE_RUN,
                t.royal_marriage,
                "royal marriage",
                (lone[0],),
            )
        )
    counts = Counter(report.hand)
    for item in report.items:
        name = _item_name(item)
        cards = _distinct(item.cards)
        if item.kind in _SETS and item.multiple >= 2:
            row = _row(item.kind, rules)
            out.append(
                MeldMistake(MeldMistakeKind.DOUBLE_AS_SINGLE_PLUS_DOUBLE, row[0], name, cards)
            )
            if item.multiple == 2:
                out.append(
                    MeldMistake(
                        MeldMistakeKind.DOUBLE_AS_TWO_SINGLES, 2 * row[0] - row[1], name, cards
                    )
                )
                out.append(
                    MeldMistake(MeldMistakeKind.DOUBLE_AS_SINGLE, row[0] - row[1], name, cards)
                )
        if item.kind is MeldKind.PINOCHLE and item.multiple == 1:
            pin = _set_cards(MeldKind.PINOCHLE, trump)
            if any(counts[c] >= 2 for c in pin):
                short = tuple(c for c in pin if counts[c] == 1)
                row = t.pinochle
                out.append(
                    MeldMistake(
                        MeldMistakeKind.PINOCHLE_TWICE, row[0], "pinochle", cards, missing=short
                    )
                )
                out.append(
                    MeldMistake(
                        MeldMistakeKind.PINOCHLE_TWICE,
                        row[1] - row[0],
                        "double pinochle",
                        cards,
                        missing=short,
                    )
                )
    # Forgotten lines (dix counted per copy; one candidate per distinct line).
    seen: set[str] = set()
    dix = [i for i in report.items if i.kind is MeldKind.DIX]
    for k in range(1, len(dix) + 1):
        out.append(MeldMistake(MeldMistakeKind.FORGOT_DIX, -k * t.dix, "dix", dix[0].cards, k))
    for item in report.items:
        name = _item_name(item)
        if item.kind is MeldKind.DIX or name in seen:
            continue
        seen.add(name)
        out.append(_mistake_for_missing(item))
    marriages = [i for i in report.items if i.kind is MeldKind.MARRIAGE]
    diff = t.royal_marriage - t.marriage
    if diff:
        for k in range(1, len(marriages) + 1):
            shown = marriages[0] if k == 1 else None
            out.append(
                MeldMistake(
                    MeldMistakeKind.MARRIAGE_AS_ROYAL, k * diff,
                    _item_name(shown) if shown else "marriage",
                    _distinct(c for m in marriages[:k] for c in m.cards), k,
                )
            )  # fmt: skip
        royals = [i for i in report.items if i.kind is MeldKind.ROYAL_MARRIAGE]
        for k in range(1, len(royals) + 1):
            out.append(
                MeldMistake(MeldMistakeKind.ROYAL_AS_PLAIN, -k * diff, "royal marriage", kq, k)
            )
    return out


@dataclass(frozen=True)
class MeldDiagnosis:
    """What a learner's meld answer got right and wrong.

    ``mistakes`` are proved by the claimed lines (when they were given);
    ``candidates`` are the explanations the arithmetic allows when only a total
    was given: each is one mistake, or a pair of them, that moves the total by
    exactly ``difference``. The tutor never picks one of several candidates."""

    explanation: MeldExplanation
    answer_total: int
    claimed: tuple[ClaimedLine, ...] | None
    mistakes: tuple[MeldMistake, ...]
    candidates: tuple[tuple[MeldMistake, ...], ...]
    missed: tuple[MeldItem, ...] = ()
    """Lines of the breakdown the claim left out (or counted wrongly)."""
    phantom: tuple[ClaimedLine, ...] = ()
    """Claimed lines the hand does not hold as claimed."""

    @property
    def expected_total(self) -> int:
        """The right meld total."""
        return self.explanation.total

    @property
    def difference(self) -> int:
        """``answer_total - expected_total``: positive when too many were counted."""
        return self.answer_total - self.expected_total

    @property
    def correct(self) -> bool:
        """The total is right (and so are the claimed lines, if any were given)."""
        return self.difference == 0 and not self.mistakes

    @property
    def identified(self) -> tuple[MeldMistake, ...]:
        """The mistakes known for certain: the proved ones, or the only candidate
        explanation when the arithmetic leaves exactly one (else empty)."""
        if self.mistakes:
            return self.mistakes
        if len(self.candidates) == 1:
            return self.candidates[0]
        return ()

    @property
    def rules_broken(self) -> tuple[MeldRule, ...]:
        """The rules the identified mistakes break (distinct, in order)."""
        out: list[MeldRule] = []
        for m in self.identified:
            if m.rule not in out:
                out.append(m.rule)
        return tuple(out)

    @property
    def text(self) -> str:
        """The diagnosis in plain words, then the right breakdown."""
        rules = self.explanation.report.rules
        expected = self.expected_total
        lines: list[str] = []
        if self.correct:
            lines.append(f"Right: the meld is {expected}.")
        else:
            d = self.difference
            if d == 0:
                lines.append(
                    f"Your total of {self.answer_total} is right, but some of your lines are not."
                )
            else:
                lines.append(f"Your total of {self.answer_total} is {_off(d)}: the meld is {expected}.")
            if self.mistakes:
                lines += [f"- {m.text}" for m in self.mistakes]
                for rule in self.rules_broken:
                    lines.append(f"Rule: {rule.statement(rules)}")
            elif len(self.candidates) == 1:
                what = (
                    "one usual counting mistake explains"
                    if len(self.candidates[0]) == 1
                    else "one pair of usual counting mistakes explains"
                )
                lines.append(f"With this hand, {what} a total {_off(d)}:")
                lines += [f"- {m.text}" for m in self.candidates[0]]
                for rule in self.rules_broken:
                    lines.append(f"Rule: {rule.statement(rules)}")
            elif self.candidates:
                lines.append(
                    f"With this hand, several usual counting mistakes explain a total {_off(d)}; "
                    "the total alone cannot tell which one you made:"
                )
                for combo in self.candidates:
                    lines.append("- " + " ".join(m.text for m in combo))
            elif d:
                lines.append(
                    "None of the usual counting mistakes explains that total with this hand: "
                    "compare your count with the breakdown below, line by line."
                )
        lines.append(self.explanation.text)
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text


def _diagnose_claims(
    report: MeldReport, claims: list[ClaimedLine], answer: int
) -> tuple[list[MeldMistake], list[MeldItem], list[ClaimedLine]]:
    rules = report.rules
    t = rules.meld_table
    trump = report.trump
    actual: list[MeldItem] = list(report.items)
    extra: list[ClaimedLine] = []
    # 1. Match exact lines (a marriage with a named suit only matches that suit).
    unsuited: list[ClaimedLine] = []
    for line in claims:
        if line.kind is MeldKind.MARRIAGE and line.suit is None:
            unsuited.append(line)
            continue
        found = next(
            (i for i in actual if i.kind is line.kind and i.multiple == line.multiple
             and (line.kind is not MeldKind.MARRIAGE or i.suit == line.suit)),
            None,
        )  # fmt: skip
        if found is None:
            extra.append(line)
        else:
            actual.remove(found)
    for line in unsuited:
        found = next((i for i in actual if i.kind is MeldKind.MARRIAGE), None)
        if found is None:
            extra.append(line)
        else:
            actual.remove(found)
    missing = actual
    mistakes: list[MeldMistake] = []
    missed: list[MeldItem] = []
    phantom: list[ClaimedLine] = []

    def take_extra(kind: MeldKind, multiple: int | None = None) -> ClaimedLine | None:
        for line in extra:
            if line.kind is kind and (multiple is None or line.multiple == multiple):
                extra.remove(line)
                return line
        return None

    def take_missing(kind: MeldKind, multiple: int | None = None) -> MeldItem | None:
        for item in missing:
            if item.kind is kind and (multiple is None or item.multiple == multiple):
                missing.remove(item)
                return item
        return None

    # 2. Sets: doubles against singles.
    for kind in _SETS:
        row = _row(kind, rules)
        real = next((i for i in report.items if i.kind is kind), None)
        if real is not None and real.multiple >= 2 and real not in missing:
            while take_extra(kind, 1) is not None:
                mistakes.append(
                    MeldMistake(
                        MeldMistakeKind.DOUBLE_AS_SINGLE_PLUS_DOUBLE,
                        row[0],
                        _item_name(real),
                        _distinct(real.cards),
                    )
                )
        if real is not None and real.multiple == 2 and real in missing:
            singles = [x for x in extra if x.kind is kind and x.multiple == 1]
            if len(singles) >= 2:
                take_extra(kind, 1)
                take_extra(kind, 1)
                take_missing(kind, 2)
                missed.append(real)
                mistakes.append(
                    MeldMistake(
                        MeldMistakeKind.DOUBLE_AS_TWO_SINGLES,
                        2 * row[0] - row[1],
                        _item_name(real),
                        _distinct(real.cards),
                    )
                )
            elif singles:
                take_extra(kind, 1)
                take_missing(kind, 2)
                missed.append(real)
                mistakes.append(
                    MeldMistake(
                        MeldMistakeKind.DOUBLE_AS_SINGLE,
                        row[0] - row[1],
                        _item_name(real),
                        _distinct(real.cards),
                    )
                )
        counts = Counter(report.hand)
        if real is not None and real.multiple == 1 and real not in missing:
            short = tuple(c for c in _set_cards(kind, trump) if counts[c] < 2)
            mkind = (
                MeldMistakeKind.PINOCHLE_TWICE
                if kind is MeldKind.PINOCHLE
                else MeldMistakeKind.INCOMPLETE_DOUBLE
            )
            while take_extra(kind, 1) is not None:
                mistakes.append(
                    MeldMistake(
                        mkind, row[0], _item_name(real), _distinct(real.cards), missing=short,
                        held=tuple(counts[c] for c in short),
                    )
                )  # fmt: skip
        # A set claimed with a different multiple than the hand holds (a triple
        # for a double, a double for a triple, a double for a single).
        if real is not None and real in missing:
            line2 = next((x for x in extra if x.kind is kind and x.multiple != real.multiple), None)
            if line2 is not None:
                extra.remove(line2)
                missing.remove(real)
                missed.append(real)
                have, want = real.multiple, line2.multiple
                if want > have:
                    short = tuple(c for c in _set_cards(kind, trump) if counts[c] < want)
                    mkind = (
                        MeldMistakeKind.PINOCHLE_TWICE
                        if kind is MeldKind.PINOCHLE and (have, want) == (1, 2)
                        else MeldMistakeKind.INCOMPLETE_DOUBLE
                    )
                    mistakes.append(
                        MeldMistake(
                            mkind, row[want - 1] - row[have - 1], line2.name, _distinct(real.cards),
                            missing=short, held=tuple(counts[c] for c in short),
                            claimed=line2.name,
                        )
                    )  # fmt: skip
                else:
                    mistakes.append(
                        MeldMistake(
                            MeldMistakeKind.DOUBLE_AS_SINGLE, row[want - 1] - row[have - 1],
                            _item_name(real), _distinct(real.cards),
                            claimed=line2.name if want > 1 else "",
                        )
                    )  # fmt: skip
    # 3. Royal marriages claimed beyond the real ones.
    kq = (Card(trump, Rank.KING), Card(trump, Rank.QUEEN))
    runs = _runs(report)
    lone = list(_lone_beside_run(report))
    run_pairs = runs
    while take_extra(MeldKind.ROYAL_MARRIAGE) is not None:
        if runs and lone:
            mistakes.append(
                MeldMistake(
                    MeldMistakeKind.LONE_EXTRA_BESIDE_RUN,
                    t.royal_marriage,
                    "royal marriage",
                    (lone.pop(0),),
                )
            )
        elif run_pairs:
            run_pairs -= 1
            mistakes.append(
                MeldMistake(MeldMistakeKind.RUN_KQ_AS_ROYAL, t.royal_marriage, "royal marriage", kq)
            )
        elif (m := take_missing(MeldKind.MARRIAGE)) is not None:
            missed.append(m)
            mistakes.append(
                MeldMistake(
                    MeldMistakeKind.MARRIAGE_AS_ROYAL,
                    t.royal_marriage - t.marriage,
                    _item_name(m),
                    _distinct(m.cards),
                )
            )
        else:
            line = ClaimedLine(MeldKind.ROYAL_MARRIAGE)
            phantom.append(line)
            mistakes.append(
                MeldMistake(
                    MeldMistakeKind.COUNTED_MISSING_MELD,
                    t.royal_marriage,
                    line.name,
                    (),
                    missing=_lacking(line, report)[0],
                    held=_lacking(line, report)[1],
                )
            )
    # 4. Plain marriages claimed where a royal one is.
    for line in [x for x in extra if x.kind is MeldKind.MARRIAGE]:
        if line.suit in (None, trump) and (r := take_missing(MeldKind.ROYAL_MARRIAGE)) is not None:
            extra.remove(line)
            missed.append(r)
            mistakes.append(
                MeldMistake(
                    MeldMistakeKind.ROYAL_AS_PLAIN,
                    t.marriage - t.royal_marriage,
                    "royal marriage",
                    kq,
                )
            )
    # 5. What is left: forgotten lines, and lines the hand does not hold.
    for item in list(missing):
        missed.append(item)
        mistakes.append(_mistake_for_missing(item))
    for line in extra:
        phantom.append(line)
        mistakes.append(
            MeldMistake(
                MeldMistakeKind.COUNTED_MISSING_MELD,
                line.points(rules),
                line.name,
                (),
                missing=_lacking(line, report)[0],
                held=_lacking(line, report)[1],
            )
        )
    claimed_sum = sum(c.points(rules) for c in claims)
    if claimed_sum != answer:
        mistakes.append(
            MeldMistake(MeldMistakeKind.ADDITION, answer - claimed_sum, f"{claimed_sum}")
        )
    return _merge(mistakes), missed, phantom


def _line_of(m: MeldMistake) -> str:
    """The meld line a mistake is about, without its multiple (``'aces around'``)."""
    name = m.meld
    for word in MULTIPLE_WORDS[1:]:
        name = name.removeprefix(f"{word} ")
    return name


def _compatible(a: MeldMistake, b: MeldMistake) -> bool:
    """Whether one count can hold both mistakes: two mistakes about one meld line
    (forgetting the royal marriage and counting it as a plain one) cannot both be made."""
    return _line_of(a) != _line_of(b)


def _merge(mistakes: list[MeldMistake]) -> list[MeldMistake]:
    """Repeated identical mistakes (two dix forgotten) become one with a count."""
    out: list[MeldMistake] = []
    for m in mistakes:
        for i, o in enumerate(out):
            if (o.kind, o.meld, o.cards, o.missing) == (m.kind, m.meld, m.cards, m.missing) and m.kind in (
                MeldMistakeKind.FORGOT_DIX, MeldMistakeKind.RUN_KQ_AS_ROYAL, MeldMistakeKind.ROYAL_AS_PLAIN,
            ):  # fmt: skip
                out[i] = MeldMistake(
                    o.kind, o.delta + m.delta, o.meld, o.cards, o.count + m.count, o.missing
                )
                break
        else:
            out.append(m)
    return out


def diagnose_meld(
    hand: Iterable[CardLike] | str,
    trump: SuitLike,
    answer_total: int,
    claimed: Sequence[ClaimLike] | None = None,
    rules: RuleSet = CLASSIC,
) -> MeldDiagnosis:
    """Check a learner's meld count for ``hand``.

    With ``claimed`` (the meld lines the learner counted, as names such as
    ``"royal marriage"`` or ``"double aces around"``, or ``(MeldKind, multiple)``
    pairs) the mistakes are proved line by line: what was missed, what was
    counted that the hand does not hold, and which rule was broken. With the
    total alone, the tutor lists every common mistake (or pair of mistakes) that
    makes exactly the difference with this hand, and names one only when it is
    the only one.

    >>> diagnose_meld("AH 10H KH QH JH 9S", "H", 190).identified[0].kind.name
    'RUN_KQ_AS_ROYAL'
    """
    if isinstance(answer_total, bool) or not isinstance(answer_total, int):
        raise InvalidClaimError(
            f"The meld total must be a whole number of points, not {answer_total!r}."
        )
    explanation = explain_meld(hand, trump, rules)
    report = explanation.report
    d = answer_total - report.total
    if claimed is not None:
        lines = [parse_claim(c, rules) for c in claimed]
        mistakes, missed, phantom = _diagnose_claims(report, lines, answer_total)
        return MeldDiagnosis(
            explanation,
            answer_total,
            tuple(lines),
            tuple(mistakes),
            (),
            tuple(missed),
            tuple(phantom),
        )
    combos: list[tuple[MeldMistake, ...]] = []
    if d:
        singles = _candidates(report)
        combos = [(m,) for m in singles if m.delta == d]
        if not combos:
            for i, a in enumerate(singles):
                for b in singles[i + 1 :]:
                    if a.delta + b.delta == d and _compatible(a, b):
                        combos.append((a, b))
    return MeldDiagnosis(explanation, answer_total, None, (), tuple(combos))
