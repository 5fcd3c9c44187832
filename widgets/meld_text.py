"""The meld as text, shared by the meld counter and the game table: a learner's typed
meld total read (:func:`parse_total`), and the tutor's breakdown and diagnosis of a
count drawn as HTML."""

from __future__ import annotations

import re
from html import escape
from typing import Any

from pinochle_tutor import MeldKind
from pinochle_tutor.explain import InvalidClaimError, MeldDiagnosis, MeldExplanation
from pinochle_tutor.meld import MeldItem

from ._base import card_spans
from .tables import Frame, Table, frame

__all__ = ["breakdown_frame", "breakdown_html", "diagnosis_html", "parse_total"]

_MAX_TOTAL = 100_000


def parse_total(text: Any) -> int:
    """A learner's meld total from what they typed: a whole number, 0 or more
    (``"120"``, ``" 1,500 "``, ``"190 points"``). Raises
    :class:`~pinochle_tutor.explain.InvalidClaimError` with a message the learner
    can act on."""
    raw = str(text)
    s = raw.strip().lower()
    s = re.sub(r"\s*(points?|pts?)\.?$", "", s).replace(",", "").replace("_", "").strip()
    shown = raw.strip()[:20] + ("…" if len(raw.strip()) > 20 else "")
    if not s:
        raise InvalidClaimError("Type your meld total first: a whole number such as 120.")
    if re.fullmatch(r"[+-]?\d{1,7}", s) is None:
        if re.fullmatch(r"[+-]?\d+\.\d*", s):
            raise InvalidClaimError(
                f"{shown!r} is not a whole number: meld always comes in whole points, e.g. 120."
            )
        if re.fullmatch(r"[+-]?\d+", s):
            raise InvalidClaimError(f"{shown!r} is far too large: no hand melds that much.")
        raise InvalidClaimError(
            f"{shown!r} is not a number: type the meld total in digits, e.g. 120."
        )
    value = int(s)
    if value < 0:
        raise InvalidClaimError(
            f"{shown!r} is negative: meld is never below 0 (a hand with no meld counts 0)."
        )
    if value > _MAX_TOTAL:
        raise InvalidClaimError(f"{shown!r} is far too large: no hand melds that much.")
    return value


def _line_name(item: MeldItem) -> str:
    if item.kind is MeldKind.MARRIAGE and item.suit is not None:
        return f"{item.suit.singular} marriage"
    if item.kind in (MeldKind.DIX, MeldKind.ROYAL_MARRIAGE, MeldKind.RUN) and item.suit:
        return f"{item.name} ({item.suit.plural})"
    return item.name


def _breakdown_rows(explanation: MeldExplanation) -> list[dict[str, object]]:
    return [
        {"meld": _line_name(i), "cards": " ".join(c.text for c in i.cards), "points": i.points}
        for i in explanation.items
    ]


def breakdown_frame(explanation: MeldExplanation) -> Frame:
    """The meld breakdown as a table: one row per line (meld, cards, points); a
    DataFrame where pandas is installed (:func:`pinochle_widgets.tables.frame`)."""
    return frame(_breakdown_rows(explanation), columns=["meld", "cards", "points"])


def breakdown_html(explanation: MeldExplanation) -> str:
    """The breakdown table as HTML, each line's cards coloured and highlighted,
    with a total row and the tutor's notes."""
    rows: list[dict[str, object]] = [
        {
            "meld": escape(str(row["meld"])),
            "cards": card_spans(i.cards, "proof"),
            "points": row["points"],
        }
        for row, i in zip(_breakdown_rows(explanation), explanation.items, strict=True)
    ]
    rows.append({"meld": "<b>total</b>", "cards": "", "points": explanation.total})
    table = Table(rows, columns=["meld", "cards", "points"])
    html = table.to_html(escape=False, index=False, classes="pt-breakdown", border=0)
    caption = f"Meld with {explanation.trump.plural} trump"
    notes = "".join(f"<li>{escape(n.text)}</li>" for n in explanation.notes)
    return (
        f'<div class="pt-breakdown-area"><div class="pt-title">{escape(caption)}</div>{html}'
        + (f'<ul class="pt-notes">{notes}</ul>' if notes else "")
        + "</div>"
    )


def _diagnosis_lines(diagnosis: MeldDiagnosis) -> str:
    """The diagnosis without the breakdown it ends with (shown as a table instead)."""
    text = diagnosis.text
    tail = diagnosis.explanation.text
    if text.endswith(tail):
        text = text[: -len(tail)]
    return text.strip()


def diagnosis_html(diagnosis: MeldDiagnosis) -> str:
    """The tutor's diagnosis of a meld count as HTML lines (the breakdown it ends
    with is left out: :func:`breakdown_html` shows it as a table)."""
    return "<br>".join(escape(line) for line in _diagnosis_lines(diagnosis).split("\n"))
