"""HTML drawing helpers that several widgets share: the course's sentences with their
cards in colour. Each is a pure function from text to HTML, kept here rather than in one
widget so no widget imports another for its drawing."""

from __future__ import annotations

import re
from html import escape

from pinochle_tutor.cards import parse_card

from ._base import card_spans

__all__ = ["cards_html"]

_CARD_TOKEN = re.compile(r"(?<![\w])(10|[AKQJ9])([♠♥♦♣])")


def cards_html(text: str) -> str:
    """``text`` escaped, with every card (``A♥``, ``10♠``) shown by :func:`card_spans`
    and line breaks kept."""

    def card(m: re.Match[str]) -> str:
        try:
            return card_spans([parse_card(m.group(0))])
        except ValueError:
            return m.group(0)

    lines = (_CARD_TOKEN.sub(card, escape(line)) for line in str(text).split("\n"))
    return "<br>".join(lines)
