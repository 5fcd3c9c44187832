"""Cards as SVG images: pure functions returning SVG text (no Jupyter needed).

>>> from pinochle_tutor import parse_card, parse_cards
>>> from pinochle_tutor import svg
>>> 'aria-label="queen of spades"' in svg.card(parse_card("QS"))
True
>>> image = svg.hand(parse_cards("AS 10S QH"), marks={parse_card("QH"): "legal"})

Every function returns an :class:`SvgImage`: a ``str`` that Jupyter displays as
an image (it has ``_repr_svg_``), the way ``chess.svg`` works.

Each card carries a text alternative for screen readers (``role="img"``, an
``aria-label`` such as ``"queen of spades"`` and a ``<title>``), the rank in both
corners and its suit pips. Colours: red hearts and diamonds, black spades and
clubs; with ``four_color=True`` diamonds are blue and clubs green. Highlights
(:data:`HIGHLIGHTS`) differ by colour *and* line pattern, so they stay distinct
for colour-blind readers:

* ``"legal"`` - solid green frame; ``"illegal"`` - red dashed frame, card dimmed;
* ``"proof"`` - orange dotted frame (the cards that prove a verdict);
* ``"selected"`` - thick blue frame, card lifted; ``"winner"`` - gold double frame.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from html import escape

from pinochle_tutor.cards import Card, Rank, Suit
from pinochle_tutor.errors import PinochleError

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "HIGHLIGHTS",
    "InvalidDrawingError",
    "SvgImage",
    "back",
    "card",
    "hand",
    "suit_color",
    "trick",
]



class InvalidDrawingError(PinochleError):
    """A drawing request the SVG functions cannot draw: a highlight style that is not
    one of :data:`HIGHLIGHTS`, or a winner position outside the trick."""


CARD_WIDTH = 100
"""Width of a card in SVG user units (the ``size`` argument scales it to pixels)."""
CARD_HEIGHT = 140
"""Height of a card in SVG user units."""

_TWO_COLORS = {
    Suit.SPADES: "#1b1b1b",
    Suit.HEARTS: "#c8102e",
    Suit.DIAMONDS: "#c8102e",
    Suit.CLUBS: "#1b1b1b",
}
_FOUR_COLORS = {
    Suit.SPADES: "#1b1b1b",
    Suit.HEARTS: "#c8102e",
    Suit.DIAMONDS: "#1f5fbf",
    Suit.CLUBS: "#1a7f37",
}

HIGHLIGHTS: dict[str, dict[str, str]] = {
    "legal": {"stroke": "#1a7f37", "width": "6", "dash": "", "label": "legal"},
    "illegal": {"stroke": "#c8102e", "width": "6", "dash": "10 6", "label": "not allowed"},
    "proof": {"stroke": "#e07b00", "width": "6", "dash": "2 5", "label": "proof"},
    "selected": {"stroke": "#1f5fbf", "width": "8", "dash": "", "label": "selected"},
    "winner": {"stroke": "#b8860b", "width": "4", "dash": "", "label": "winning"},
}
"""Highlight styles by name: frame colour, width, dash pattern and the word added
to the card's text alternative."""

_FONT = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"
_LIFT = 14
"""How far (user units) a selected card rises in a hand."""


class SvgImage(str):
    """SVG text that Jupyter displays as an image."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


def suit_color(suit: Suit, four_color: bool = False) -> str:
    """The ink colour of ``suit`` (``#rrggbb``)."""
    return (_FOUR_COLORS if four_color else _TWO_COLORS)[suit]


def _check_highlight(highlight: str | None) -> None:
    if highlight is not None and highlight not in HIGHLIGHTS:
        raise InvalidDrawingError(
            f"{highlight!r} is not a highlight: use one of {', '.join(sorted(HIGHLIGHTS))}"
        )


def _label(c: Card, highlight: str | None, selected: bool) -> str:
    words = [c.name]
    if highlight is not None:
        words.append(HIGHLIGHTS[highlight]["label"])
    if selected and highlight != "selected":
        words.append("selected")
    return ", ".join(words)


# Pip positions (x, y) in a 100 x 140 card, for the number of pips shown.
_PIPS: dict[Rank, tuple[tuple[int, int], ...]] = {
    Rank.NINE: (
        (39, 38), (61, 38), (39, 60), (61, 60), (50, 71),
        (39, 82), (61, 82), (39, 104), (61, 104),
    ),
    Rank.TEN: (
        (39, 36), (61, 36), (50, 47), (39, 58), (61, 58),
        (39, 82), (61, 82), (50, 93), (39, 104), (61, 104),
    ),
}  # fmt: skip


def _face(c: Card, color: str) -> str:
    """The middle of a card: pips for 9 and 10, a big letter for J Q K, one large pip for A."""
    sym = c.suit.symbol
    if c.rank in _PIPS:
        return "".join(
            f'<text x="{x}" y="{y}" font-size="16" text-anchor="middle" '
            f'dominant-baseline="central" fill="{color}">{sym}</text>'
            for x, y in _PIPS[c.rank]
        )
    if c.rank is Rank.ACE:
        return (
            f'<text x="50" y="72" font-size="56" text-anchor="middle" '
            f'dominant-baseline="central" fill="{color}">{sym}</text>'
        )
    return (
        f'<rect x="24" y="32" width="52" height="76" rx="6" fill="none" stroke="{color}" '
        f'stroke-opacity="0.35"/>'
        f'<text x="50" y="60" font-size="40" font-weight="bold" text-anchor="middle" '
        f'dominant-baseline="central" fill="{color}">{c.rank.symbol}</text>'
        f'<text x="50" y="92" font-size="24" text-anchor="middle" '
        f'dominant-baseline="central" fill="{color}">{sym}</text>'
    )


def _corner(c: Card, color: str) -> str:
    rank = c.rank.symbol
    size = 18 if len(rank) == 2 else 22
    return (
        f'<text x="10" y="22" font-size="{size}" font-weight="bold" fill="{color}">{rank}</text>'
        f'<text x="10" y="42" font-size="18" fill="{color}">{c.suit.symbol}</text>'
    )


def _card_body(c: Card, *, four_color: bool, selected: bool, highlight: str | None) -> str:
    """The inner elements of one card (no outer ``<svg>``)."""
    color = suit_color(c.suit, four_color)
    corner = _corner(c, color)
    opacity = ' opacity="0.55"' if highlight == "illegal" else ""
    parts = [
        f"<title>{escape(_label(c, highlight, selected))}</title>",
        f'<g{opacity} font-family="{_FONT}">',
        '<rect x="3" y="3" width="94" height="134" rx="9" fill="#fff" stroke="#888" '
        'stroke-width="2"/>',
        corner,
        f'<g transform="rotate(180 50 70)">{corner}</g>',
        _face(c, color),
        "</g>",
    ]
    frames = []
    if highlight is not None:
        frames.append(highlight)
    if selected and highlight != "selected":
        frames.append("selected")
    inset = 3
    for name in frames:
        h = HIGHLIGHTS[name]
        dash = f' stroke-dasharray="{h["dash"]}"' if h["dash"] else ""
        parts.append(
            f'<rect class="pt-hl pt-hl-{name}" x="{inset}" y="{inset}" width="{100 - 2 * inset}" '
            f'height="{140 - 2 * inset}" rx="9" fill="none" stroke="{h["stroke"]}" '
            f'stroke-width="{h["width"]}"{dash}/>'
        )
        inset += 6
    if highlight == "winner":
        parts.append(
            '<rect x="12" y="12" width="76" height="116" rx="6" fill="none" '
            'stroke="#b8860b" stroke-width="2"/>'
        )
    return "".join(parts)


def _classes(c: Card, highlight: str | None, selected: bool) -> str:
    classes = ["pt-card", f"pt-suit-{c.suit.plural}"]
    if highlight is not None:
        classes.append(f"pt-{highlight}")
    if selected and highlight != "selected":
        classes.append("pt-selected")
    return " ".join(classes)


def card(
    card: Card,
    *,
    four_color: bool = False,
    selected: bool = False,
    highlight: str | None = None,
    size: int = 72,
) -> SvgImage:
    """One card, ``size`` pixels wide.

    ``highlight`` is one of :data:`HIGHLIGHTS` (``"legal"``, ``"illegal"``,
    ``"proof"``, ``"selected"``, ``"winner"``) or ``None``; ``selected`` adds the
    selection frame. Raises ``ValueError`` for an unknown highlight."""
    _check_highlight(highlight)
    label = escape(_label(card, highlight, selected), quote=True)
    height = round(size * CARD_HEIGHT / CARD_WIDTH)
    return SvgImage(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{_classes(card, highlight, selected)}" '
        f'role="img" aria-label="{label}" width="{size}" height="{height}" '
        f'viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}">'
        + _card_body(card, four_color=four_color, selected=selected, highlight=highlight)
        + "</svg>"
    )


_BACK_BODY = (
    "<title>face-down card</title>"
    '<defs><pattern id="pt-back-pattern" width="10" height="10" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><rect width="10" height="10" fill="#1f4e8c"/>'
    '<line x1="0" y1="0" x2="0" y2="10" stroke="#6f9bd1" stroke-width="3"/></pattern></defs>'
    '<rect x="3" y="3" width="94" height="134" rx="9" fill="#fff" stroke="#888" stroke-width="2"/>'
    '<rect x="10" y="10" width="80" height="120" rx="5" fill="url(#pt-back-pattern)"/>'
)


def back(*, size: int = 72) -> SvgImage:
    """A face-down card (its text alternative says so)."""
    height = round(size * CARD_HEIGHT / CARD_WIDTH)
    return SvgImage(
        '<svg xmlns="http://www.w3.org/2000/svg" class="pt-card pt-card-back" role="img" '
        f'aria-label="face-down card" width="{size}" height="{height}" '
        f'viewBox="0 0 {CARD_WIDTH} {CARD_HEIGHT}">{_BACK_BODY}</svg>'
    )


def _nested(
    c: Card,
    x: float,
    y: float,
    *,
    four_color: bool,
    selected: bool,
    highlight: str | None,
) -> str:
    label = escape(_label(c, highlight, selected), quote=True)
    return (
        f'<svg x="{x:g}" y="{y:g}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" '
        f'class="{_classes(c, highlight, selected)}" role="img" aria-label="{label}">'
        + _card_body(c, four_color=four_color, selected=selected, highlight=highlight)
        + "</svg>"
    )


def _outer(width: float, height: float, size: int, label: str, cls: str, body: str) -> SvgImage:
    scale = size / CARD_WIDTH
    return SvgImage(
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" role="group" '
        f'aria-label="{escape(label, quote=True)}" width="{round(width * scale)}" '
        f'height="{round(height * scale)}" viewBox="0 0 {width:g} {height:g}">'
        f"<title>{escape(label)}</title>{body}</svg>"
    )


def hand(
    cards: Iterable[Card],
    *,
    marks: Mapping[Card, str] | None = None,
    selected: Collection[int] = (),
    four_color: bool = False,
    size: int = 60,
    overlap: float = 0.0,
    label: str = "hand",
) -> SvgImage:
    """A row of cards (in the order given), each ``size`` pixels wide.

    ``marks`` highlights cards (every copy of a card) with a style from
    :data:`HIGHLIGHTS`; ``selected`` holds positions in the row to lift and frame.
    ``overlap`` (0 to 0.7) fans the cards over each other."""
    cs = list(cards)
    marks = dict(marks or {})
    for style in marks.values():
        _check_highlight(style)
    step = CARD_WIDTH * (1 - min(max(overlap, 0.0), 0.7)) + (4 if overlap == 0 else 0)
    top = _LIFT + 4
    body = []
    for i, c in enumerate(cs):
        sel = i in selected
        body.append(
            _nested(
                c,
                2 + i * step,
                top - (_LIFT if sel else 0),
                four_color=four_color,
                selected=sel,
                highlight=marks.get(c),
            )
        )
    width = 4 + (len(cs) - 1) * step + CARD_WIDTH if cs else CARD_WIDTH
    text = f"{label}: " + (", ".join(c.name for c in cs) if cs else "no cards")
    return _outer(width, CARD_HEIGHT + top + 2, size, text, "pt-hand-image", "".join(body))


def trick(
    cards: Sequence[Card],
    seats: Sequence[str] | None = None,
    winner: int | None = None,
    *,
    marks: Mapping[Card, str] | None = None,
    four_color: bool = False,
    size: int = 60,
    empty_slots: int = 0,
) -> SvgImage:
    """The cards of a trick in play order, each with its player's label below
    (``seats``, e.g. ``["Left opponent", "Partner"]``). The card at position
    ``winner`` gets the ``"winner"`` frame and the word "winning"; ``marks``
    highlights other cards. ``empty_slots`` adds dashed places for the cards
    still to come (the first one labelled "You" when ``seats`` is longer than
    ``cards``)."""
    cs = list(cards)
    seat_labels = list(seats) if seats is not None else []
    marks = dict(marks or {})
    for style in marks.values():
        _check_highlight(style)
    if winner is not None and not 0 <= winner < len(cs):
        raise InvalidDrawingError(f"winner={winner!r} is not a position in a trick of {len(cs)} cards")
    # Leave room for the longest seat label (14px text, about 8 units a character).
    longest = max((len(str(x)) for x in seat_labels), default=0) + (
        len(" (winning)") if winner is not None else 0
    )
    step = max(CARD_WIDTH + 16, longest * 8 + 12)
    pad = 2 + (step - CARD_WIDTH) / 2  # a label centred under the first card stays inside
    text_h = 34 if seats is not None else 4
    body = []
    spoken = []
    for i, c in enumerate(cs):
        hl = "winner" if i == winner else marks.get(c)
        body.append(
            _nested(c, pad + i * step, 4, four_color=four_color, selected=False, highlight=hl)
        )
        who = seat_labels[i] if i < len(seat_labels) else ""
        if seats is not None:
            caption = who + (" (winning)" if i == winner else "")
            body.append(
                f'<text x="{pad + i * step + CARD_WIDTH / 2:g}" y="{CARD_HEIGHT + 26}" font-size="14" '
                f'text-anchor="middle" font-family="{_FONT}" fill="#333" aria-hidden="true">'
                f"{escape(caption)}</text>"
            )
        spoken.append((f"{who}: " if who else "") + c.name + (" (winning)" if i == winner else ""))
    for j in range(empty_slots):
        x = pad + (len(cs) + j) * step
        body.append(
            f'<rect class="pt-slot" x="{x + 3}" y="7" width="94" height="134" rx="9" fill="none" '
            'stroke="#999" stroke-width="2" stroke-dasharray="6 6"/>'
        )
        k = len(cs) + j
        if seats is not None and k < len(seat_labels):
            body.append(
                f'<text x="{x + CARD_WIDTH / 2:g}" y="{CARD_HEIGHT + 26}" font-size="14" '
                f'text-anchor="middle" font-family="{_FONT}" fill="#333" aria-hidden="true">'
                f"{escape(seat_labels[k])}</text>"
            )
    n = len(cs) + empty_slots
    width = 2 * pad + max(n - 1, 0) * step + CARD_WIDTH
    label = "trick: " + ("; ".join(spoken) if spoken else "no cards played yet")
    return _outer(width, CARD_HEIGHT + 8 + text_h, size, label, "pt-trick-image", "".join(body))
