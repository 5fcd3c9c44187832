"""pinochle_tutor.svg: cards, hands and tricks as SVG text (tested as strings and as XML)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from pinochle_tutor import Suit, all_cards, parse_card, parse_cards, svg

NS = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    """The SVG parses as well-formed XML (what a browser needs for inline SVG)."""
    return ET.fromstring(text)


@pytest.mark.parametrize("card", all_cards(), ids=lambda c: c.code)
def test_every_card_renders_with_a_text_alternative(card: object) -> None:
    c = parse_card(str(card))
    text = svg.card(c)
    root = parse(text)
    assert root.get("role") == "img"
    assert root.get("aria-label") == c.name
    assert root.find(f"{NS}title") is not None
    assert root.find(f"{NS}title").text == c.name  # type: ignore[union-attr]
    # The rank in both corners (one of them rotated) and the suit symbol.
    assert text.count(f">{c.rank.symbol}<") >= 2
    assert "rotate(180" in text
    assert c.suit.symbol in text
    assert f"pt-suit-{c.suit.plural}" in (root.get("class") or "")


def test_all_24_cards_are_different_images() -> None:
    images = {svg.card(c) for c in all_cards()}
    assert len(images) == 24


def test_red_and_black_and_the_four_colour_option() -> None:
    colors = {s: svg.suit_color(s) for s in Suit}
    assert colors[Suit.HEARTS] == colors[Suit.DIAMONDS] != colors[Suit.SPADES]
    assert colors[Suit.SPADES] == colors[Suit.CLUBS]
    four = {s: svg.suit_color(s, four_color=True) for s in Suit}
    assert len(set(four.values())) == 4
    jd, qc = parse_card("JD"), parse_card("QC")
    assert svg.card(jd) != svg.card(jd, four_color=True)
    assert four[Suit.DIAMONDS] in svg.card(jd, four_color=True)
    assert four[Suit.DIAMONDS] not in svg.card(jd)
    assert four[Suit.CLUBS] in svg.card(qc, four_color=True)
    # Spades and hearts keep their colours.
    assert svg.card(parse_card("QS")) == svg.card(parse_card("QS"), four_color=True)


@pytest.mark.parametrize("style", sorted(svg.HIGHLIGHTS))
def test_highlight_classes_and_words(style: str) -> None:
    c = parse_card("QS")
    text = svg.card(c, highlight=style)
    parse(text)
    assert f"pt-hl-{style}" in text
    assert f"pt-{style}" in text
    label = parse(text).get("aria-label") or ""
    assert label.startswith("queen of spades, ")
    assert svg.HIGHLIGHTS[style]["label"] in label


def test_highlights_differ_by_pattern_not_only_colour() -> None:
    patterns = {(h["dash"], h["width"]) for h in svg.HIGHLIGHTS.values()}
    assert len(patterns) >= 4


def test_selected_and_highlight_together() -> None:
    text = svg.card(parse_card("AH"), selected=True, highlight="legal")
    assert "pt-hl-legal" in text and "pt-hl-selected" in text
    assert parse(text).get("aria-label") == "ace of hearts, legal, selected"


def test_unknown_highlight_is_refused() -> None:
    with pytest.raises(ValueError, match="'glow' is not a highlight"):
        svg.card(parse_card("AH"), highlight="glow")
    with pytest.raises(ValueError, match="not a highlight"):
        svg.hand(parse_cards("AH"), marks={parse_card("AH"): "glow"})


def test_size_scales_the_image() -> None:
    root = parse(svg.card(parse_card("9C"), size=100))
    assert (root.get("width"), root.get("height")) == ("100", "140")


def test_back_is_a_face_down_card() -> None:
    root = parse(svg.back())
    assert root.get("aria-label") == "face-down card"
    assert root.find(f"{NS}title").text == "face-down card"  # type: ignore[union-attr]


def test_hand_has_one_labelled_card_per_card_and_marks() -> None:
    cards = parse_cards("AS AS 10S QH JD")
    text = svg.hand(
        cards, marks={parse_card("AS"): "legal", parse_card("JD"): "proof"}, selected=[4]
    )
    root = parse(text)
    inner = root.findall(f"{NS}svg")
    assert [e.get("aria-label") for e in inner] == [
        "ace of spades, legal",
        "ace of spades, legal",
        "ten of spades",
        "queen of hearts",
        "jack of diamonds, proof, selected",
    ]
    assert all(e.get("role") == "img" for e in inner)
    assert root.get("aria-label") == "hand: " + ", ".join(c.name for c in cards)
    assert text.count("pt-hl-legal") == 2


def test_empty_hand_still_renders() -> None:
    root = parse(svg.hand([]))
    assert root.get("aria-label") == "hand: no cards"


def test_trick_names_the_players_and_the_winner() -> None:
    cards = parse_cards("KC AC 9H")
    text = svg.trick(cards, ["Left opponent", "Partner", "Right <opp> & co"], winner=1)
    root = parse(text)  # labels are escaped
    assert "Right &lt;opp&gt; &amp; co" in text
    assert root.get("aria-label") == (
        "trick: Left opponent: king of clubs; Partner: ace of clubs (winning); "
        "Right <opp> & co: nine of hearts"
    )
    assert "pt-hl-winner" in text and text.count("pt-hl-winner") == 1
    assert "Partner (winning)" in text


def test_trick_with_an_empty_slot_for_you() -> None:
    text = svg.trick(parse_cards("KC"), ["Right opponent", "You"], winner=0, empty_slots=1)
    parse(text)
    assert "pt-slot" in text and ">You<" in text


def test_trick_winner_must_be_a_position() -> None:
    with pytest.raises(ValueError, match="winner=3"):
        svg.trick(parse_cards("KC AC"), winner=3)


def test_svg_image_displays_in_jupyter() -> None:
    image = svg.hand(parse_cards("AS"))
    assert isinstance(image, str)
    assert image._repr_svg_() == str(image)


def test_card_repr_svg_and_html_use_the_svg_module() -> None:
    c = parse_card("10H")
    assert c._repr_svg_() == svg.card(c)
    html = c._repr_html_()
    assert html.startswith("<svg") and 'aria-label="ten of hearts"' in html


def test_no_script_or_external_reference() -> None:
    text = svg.hand(all_cards()) + svg.trick(parse_cards("AS KS"), ["a", "b"], 0) + svg.back()
    assert "<script" not in text
    assert not re.search(r'href="(?!#)', text)
