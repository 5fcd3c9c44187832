"""Cards on screen: :class:`HandPicker` (a clickable hand) and :class:`CardsView`
(an SVG picture of a hand or a trick).

Keyboard: each card of a :class:`HandPicker` is an HTML ``<button>``, so Tab
moves between cards and Enter or Space picks the focused one; its text ("Q♠") and
its tooltip ("queen of spades") are read by screen readers.

Security: the client only ever sends "this button was clicked". Python maps the
button to a position in the hand it keeps itself, ignores buttons of an older hand,
and checks every index (:meth:`HandPicker.pick` takes any value and refuses what
is not a position in the hand). Nothing the client may set (a button's text, its
``disabled`` flag) is read back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from pinochle_tutor import Card, parse_cards, svg
from pinochle_tutor.cards import CardLike

from ._base import MARK_STYLES, Message, guard_client_values, guarded, style_widget

__all__ = ["CardsView", "HandPicker", "card_faces_css"]

_MARK_PREFIX = {"legal": "✓ ", "illegal": "✗ ", "proof": "★ "}
_MARK_WORD = {"legal": "legal", "illegal": "not allowed", "proof": "proof"}
_BUTTON_STYLE = {"legal": "success", "illegal": "danger", "proof": "warning"}

PickCallback = Callable[[Card], Any]


def _as_cards(cards: Iterable[CardLike] | str) -> list[Card]:
    return parse_cards(cards)


class HandPicker(widgets.VBox):
    """A hand of cards as buttons: pick one (``mode="one"``) or several
    (``mode="many"``, at most ``max_selected``, e.g. 4 for the exchange).

    >>> picker = HandPicker("AS 10S QH", mode="one")
    >>> picker.on_pick(lambda card: print("picked", card))
    >>> picker.pick(2)
    picked Q♥
    True

    CSS hooks: ``pt-hand-picker`` on the widget, ``pt-card-button`` and
    ``pt-suit-<suit>`` on each card, ``pt-selected`` and ``pt-mark-legal`` /
    ``pt-mark-illegal`` / ``pt-mark-proof`` for state. Selection is kept in Python
    (:attr:`selected`), never in synced state."""

    def __init__(
        self,
        cards: Iterable[CardLike] | str = (),
        *,
        mode: str = "one",
        max_selected: int | None = None,
        four_color: bool = False,
        message: Message | None = None,
        label: str = "Your hand",
        pictures: bool = False,
    ) -> None:
        if mode not in ("one", "many"):
            raise ValueError(f"mode={mode!r}: use 'one' (pick a card) or 'many' (pick several)")
        if max_selected is not None and max_selected < 1:
            raise ValueError(f"max_selected={max_selected!r} must be at least 1")
        self.mode = mode
        self.max_selected = 1 if mode == "one" else max_selected
        self.four_color = four_color
        self.pictures = pictures
        """Cards drawn as pictures (:func:`card_faces_css`) instead of text buttons."""
        self._tags: dict[Card, str] = {}
        self._tag_counts: dict[Card, int] = {}
        self._tag_words: dict[str, str] = {}
        self._own_message = message is None
        self.message = message if message is not None else Message()
        self._hand: tuple[Card, ...] = ()
        self._buttons: list[widgets.Button] = []
        self._selected: list[int] = []
        self._marks: dict[Card, str] = {}
        self._callbacks: list[PickCallback] = []
        self._label = widgets.HTML()
        self._label.add_class("pt-title")
        self._row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self._row.add_class("pt-hand-row")
        self.label = label
        children: list[widgets.Widget] = [style_widget(), self._label, self._row]
        if self._own_message:
            children.append(self.message)
        super().__init__(children=children)
        self.add_class("pt-widget")
        self.add_class("pt-hand-picker")
        if pictures:
            self.add_class("pt-hand-pictures")
        if four_color:
            self.add_class("pt-four-color")
        # Every part, the card buttons of each hand shown later included, answers a value
        # a client sends that it cannot take, in the message the picker reports in.
        guard_client_values(self, self.message)
        self.set_hand(cards)

    # ----------------------------------------------------------------- state
    @property
    def label(self) -> str:
        """The caption above the cards."""
        return self._label_text

    @label.setter
    def label(self, text: str) -> None:
        from html import escape

        self._label_text = text
        self._label.value = escape(text)

    @property
    def hand(self) -> tuple[Card, ...]:
        """The cards shown, in order."""
        return self._hand

    @property
    def selected_indices(self) -> list[int]:
        """Positions of the selected cards in :attr:`hand`, in the order picked."""
        return list(self._selected)

    @property
    def selected(self) -> list[Card]:
        """The selected cards, in the order picked."""
        return [self._hand[i] for i in self._selected]

    @property
    def buttons(self) -> tuple[widgets.Button, ...]:
        """The card buttons (for tests and layout)."""
        return tuple(self._buttons)

    def on_pick(self, callback: PickCallback, remove: bool = False) -> None:
        """Call ``callback(card)`` whenever a card is picked (or, in ``"many"``
        mode, unpicked: read :attr:`selected` for the selection). Exceptions in
        the callback are logged and shown in the message area."""
        if remove:
            self._callbacks = [c for c in self._callbacks if c != callback]
        else:
            self._callbacks.append(callback)

    def set_hand(self, cards: Iterable[CardLike] | str) -> None:
        """Show a new hand (cards or card text such as ``"AS 10S QH"``); clears
        the selection and the marks. Buttons of the old hand stop working."""
        hand = tuple(_as_cards(cards))
        for b in self._buttons:
            b.close()
        self._hand = hand
        self._selected = []
        self._marks = {}
        self._tags = {}
        self._tag_counts = {}
        self._buttons = [self._make_button(i, c) for i, c in enumerate(hand)]
        self._row.children = tuple(self._buttons)
        if self._own_message:
            self.message.clear()

    def _make_button(self, index: int, card: Card) -> widgets.Button:
        b = widgets.Button(
            description=card.text,
            tooltip=card.name,
            layout=widgets.Layout(width="auto"),
        )
        b.add_class("pt-card-button")
        b.add_class(f"pt-suit-{card.suit.plural}")
        if self.pictures:
            b.add_class("pt-card-pic")
            b.add_class(f"pt-face-{card.code}")
        b.on_click(lambda button, index=index: self._clicked(button, index))
        return b

    @guarded
    def _clicked(self, button: widgets.Button, index: int) -> None:
        # A click from a button that is no longer shown (an old hand) is stale.
        if index >= len(self._buttons) or self._buttons[index] is not button:
            self.message.info("That card is no longer in the hand shown.")
            return
        self.pick(index)

    def pick(self, index: Any) -> bool:
        """Pick the card at ``index`` as a click would. Anything that is not a
        position in the hand is refused with a message (returns ``False``)."""
        if isinstance(index, bool) or not isinstance(index, int):
            self.message.error(f"{str(index)[:20]!r} is not a card position.")
            return False
        if not 0 <= index < len(self._hand):
            self.message.error(
                f"There is no card number {index + 1} in this hand of {len(self._hand)} cards."
            )
            return False
        if self.mode == "one":
            self._selected = [index]
        elif index in self._selected:
            self._selected.remove(index)
        elif self.max_selected is not None and len(self._selected) >= self.max_selected:
            self.message.error(f"You may pick at most {self.max_selected} cards: unpick one first.")
            return False
        else:
            self._selected.append(index)
        self._refresh()
        card = self._hand[index]
        for callback in list(self._callbacks):
            self._run(callback, card)
        return True

    @guarded
    def _run(self, callback: PickCallback, card: Card) -> None:
        callback(card)

    def clear_selection(self) -> None:
        """Unpick every card."""
        self._selected = []
        self._refresh()

    def mark(self, cards: Iterable[CardLike] | str, style: str) -> None:
        """Highlight every copy of ``cards`` with ``style`` (``"legal"``,
        ``"illegal"`` or ``"proof"``); other marks stay."""
        if style not in MARK_STYLES:
            raise ValueError(f"{style!r} is not a mark: use one of {', '.join(MARK_STYLES)}")
        for c in _as_cards(cards):
            self._marks[c] = style
        self._refresh()

    def clear_marks(self) -> None:
        """Remove every highlight."""
        self._marks = {}
        self._refresh()

    def tag(self, cards: Iterable[CardLike] | str, tag: str, words: str = "") -> None:
        """Give ``cards`` a lasting tag (CSS class ``pt-tag-<tag>``; ``words`` added to
        the tooltip and, in brackets, to the button's text, which screen readers read
        even when the card is drawn as a picture), e.g. the cards received in the
        exchange. As many copies are tagged as ``cards`` holds: one A♠ received beside
        an A♠ held is one new card, not two. Tags stay when marks are cleared; a new
        hand clears them."""
        chosen = _as_cards(cards)
        for c in chosen:
            self._tags[c] = tag
            self._tag_counts[c] = chosen.count(c)
        self._tag_words[tag] = words or tag
        self._refresh()

    def tagged(self, tag: str) -> list[Card]:
        """The cards shown with ``tag`` (one entry per tagged copy, in hand order)."""
        return [
            c
            for b, c in zip(self._buttons, self._hand, strict=True)
            if f"pt-tag-{tag}" in b._dom_classes
        ]

    @property
    def tags(self) -> dict[Card, str]:
        """The tag of each tagged card."""
        return dict(self._tags)

    @property
    def marks(self) -> dict[Card, str]:
        """The highlight of each marked card."""
        return dict(self._marks)

    def _refresh(self) -> None:
        seen: dict[Card, int] = {}
        for i, (b, c) in enumerate(zip(self._buttons, self._hand, strict=True)):
            style = self._marks.get(c)
            chosen = i in self._selected
            for s in MARK_STYLES:
                if s == style:
                    b.add_class(f"pt-mark-{s}")
                else:
                    b.remove_class(f"pt-mark-{s}")
            if chosen:
                b.add_class("pt-selected")
            else:
                b.remove_class("pt-selected")
            seen[c] = seen.get(c, 0) + 1
            tag = self._tags.get(c) if seen[c] <= self._tag_counts.get(c, 0) else None
            note = f" ({self._tag_words.get(tag, tag)})" if tag else ""
            b.description = _MARK_PREFIX.get(style or "", "") + c.text + note
            b.button_style = _BUTTON_STYLE.get(style or "", "")
            words = [c.name]
            if style:
                words.append(_MARK_WORD[style])
            if chosen:
                words.append("selected")
            for t in {*self._tags.values(), *([tag] if tag else [])}:
                if t == tag:
                    b.add_class(f"pt-tag-{t}")
                else:
                    b.remove_class(f"pt-tag-{t}")
            if tag:
                words.append(self._tag_words.get(tag, tag))
            b.tooltip = ", ".join(words)


def card_faces_css(size: int = 64, four_color: bool = False) -> str:
    """CSS that draws each card button of a ``pictures=True`` :class:`HandPicker` as
    the card's picture (:func:`pinochle_tutor.svg.card`, inlined as data URIs: no
    file or CDN to fetch). The button keeps its text for screen readers and
    keyboards; only its look changes. Marks show as coloured frames."""
    from urllib.parse import quote

    from pinochle_tutor.cards import Rank, Suit

    height = round(size * 1.4)
    rules = [
        f".pt-card-button.pt-card-pic {{ width: {size}px !important; height: {height}px;"
        f" min-width: {size}px; flex: 0 0 auto;"
        " padding: 0; border: 0; border-radius: 7px; font-size: 0; color: transparent;"
        " background-color: transparent; background-size: 100% 100%; box-shadow: none;"
        " margin: 0 -6px 6px 0; transition: transform 0.1s; }",
        ".pt-card-button.pt-card-pic:hover { transform: translateY(-6px); }",
        ".pt-card-button.pt-card-pic.pt-mark-legal { outline: 4px solid #1a7f37;"
        " outline-offset: -2px; transform: translateY(-8px); }",
        ".pt-card-button.pt-card-pic.pt-mark-illegal { outline: 4px dashed #c8102e;"
        " outline-offset: -2px; opacity: 0.75; }",
        ".pt-card-button.pt-card-pic.pt-mark-proof { outline: 4px dotted #e07b00; outline-offset: -2px; }",
        # Above its neighbours (the cards overlap), so the whole outline shows.
        ".pt-card-button.pt-card-pic:focus-visible { outline: 4px solid #1f5fbf; outline-offset: 1px;"
        " transform: translateY(-8px); z-index: 2; }",
        ".pt-card-button.pt-card-pic.pt-tag-received::after { content: 'new'; position: absolute;"
        " right: 2px; bottom: 2px; font-size: 11px; font-weight: 700; color: #fff;"
        " background: #1f5fbf; border-radius: 4px; padding: 0 4px; }",
        ".pt-card-button.pt-card-pic { position: relative; }",
    ]
    for suit in Suit:
        for rank in Rank:
            c = Card(suit, rank)
            uri = quote(svg.card(c, four_color=four_color, size=size), safe="")
            rules.append(
                f'.pt-card-button.pt-card-pic.pt-face-{c.code} {{ background-image: url("data:image/svg+xml,{uri}"); }}'
            )
    return "\n".join(rules)


class CardsView(widgets.HTML):
    """A picture (SVG) of a hand or a trick, drawn by :mod:`pinochle_tutor.svg`.

    >>> view = CardsView("AS 10S QH")                     # a hand
    >>> view.show_trick("KC AC", seats=["Left opponent", "Partner"], winner=1)

    CSS hook: ``pt-cards-view``; the SVG carries ``pt-hand-image`` or
    ``pt-trick-image`` and each card ``pt-card pt-suit-<suit>``.

    A picture has no message line of its own: ``message`` is the one of the widget
    showing it, where a value a client sends that the picture cannot take is answered
    from the moment it is made. Without one, the widget that shows the picture guards
    it (:func:`~pinochle_widgets._base.guard_client_values` guards every part)."""

    def __init__(
        self,
        cards: Iterable[CardLike] | str = (),
        *,
        four_color: bool = False,
        size: int = 60,
        message: Message | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.add_class("pt-cards-view")
        self.four_color = four_color
        self.size = size
        if message is not None:
            guard_client_values(self, message)
        self.show_hand(cards)

    def show_hand(
        self,
        cards: Iterable[CardLike] | str,
        marks: Mapping[Card, str] | None = None,
        *,
        label: str = "hand",
    ) -> None:
        """Draw a hand; ``marks`` highlights cards (see :data:`pinochle_tutor.svg.HIGHLIGHTS`)."""
        self.value = svg.hand(
            _as_cards(cards), marks=marks, four_color=self.four_color, size=self.size, label=label
        )

    def show_trick(
        self,
        cards: Iterable[CardLike] | str,
        seats: Sequence[str] | None = None,
        winner: int | None = None,
        marks: Mapping[Card, str] | None = None,
        *,
        empty_slots: int = 0,
    ) -> None:
        """Draw a trick in play order with each player's name below its card."""
        self.value = svg.trick(
            _as_cards(cards),
            seats,
            winner,
            marks=marks,
            four_color=self.four_color,
            size=self.size,
            empty_slots=empty_slots,
        )
