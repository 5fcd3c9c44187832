"""The reference pages: the glossary and "Rules at a glance", for the rules in force.

    from pinochle_widgets.reference import glossary_list, rules_summary
    glossary_list()      # every term the lessons use, defined for the rules in force
    rules_summary()      # the deck and the deal, the auction, the meld table, the trick rules, the scoring

Both are widgets (HTML) built from the engine's :class:`~pinochle_tutor.rules.RuleSet`
and :mod:`pinochle_tutor.course.glossary`. The summary carries print rules: printed from
the browser it fits one A4 or Letter sheet (the navigation and the site's chrome are
left out of the print).
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from pinochle_tutor.course.glossary import CONCESSION_WORDS, counters_words, glossary
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.words import Side

from ._base import coerce_rules, style_widget

__all__ = ["PRINT_CSS", "glossary_list", "rules_summary"]

PRINT_CSS = """
<style>
.pt-summary { font-size: 13px; line-height: 1.3; }
.pt-summary h3 { margin: 0.5em 0 0.2em; font-size: 15px; }
.pt-summary ul, .pt-summary ol { margin: 0.1em 0 0.3em 1.2em; padding: 0; }
.pt-summary table { border-collapse: collapse; margin: 0.2em 0; }
.pt-summary td, .pt-summary th { border: 1px solid #999; padding: 1px 6px; text-align: left; }
@media print {
  @page { margin: 12mm; }
  .pt-nav, .pt-learner-card, .jp-Cell-inputWrapper, #rendered_cells > .jp-MarkdownCell:first-child,
  .voila-spinner, nav { display: none !important; }
  body, .pt-summary { font-size: 10.5px; }
  .pt-summary h3 { font-size: 12px; margin: 0.35em 0 0.1em; }
  .pt-summary table { page-break-inside: avoid; }
}
</style>
"""
"""The summary's own styles: compact on screen, and compacter on paper."""


def glossary_list(rules: RuleSet | str | None = None) -> widgets.VBox:
    """The glossary of the rules in force, as a definition list."""
    r = coerce_rules(rules)
    items = "".join(f"<dt><b>{escape(w)}</b></dt><dd>{escape(d)}</dd>" for w, d in glossary(r))
    shown = widgets.HTML(f'<dl class="pt-glossary">{items}</dl>')
    box = widgets.VBox([style_widget(), shown])
    box.add_class("pt-widget")
    box.add_class("pt-glossary-list")
    return box


def _meld_rows(r: RuleSet) -> str:
    t = r.meld_table
    words = ("single", "double", "triple", "quadruple")[: r.copies]
    head = "<tr><th>meld</th><th>cards</th>" + "".join(f"<th>{w}</th>" for w in words) + "</tr>"
    rows = [("run", "A 10 K Q J of trump", t.run)]
    rows += [
        ("aces around", "an A of each suit", t.aces_around),
        ("kings around", "a K of each suit", t.kings_around),
        ("queens around", "a Q of each suit", t.queens_around),
        ("jacks around", "a J of each suit", t.jacks_around),
        ("pinochle", "Q♠ J♦", t.pinochle),
    ]
    body = "".join(
        f"<tr><td>{escape(n)}</td><td>{escape(c)}</td>" + "".join(f"<td>{v}</td>" for v in pts[: r.copies]) + "</tr>"
        for n, c, pts in rows
    )
    single = [
        f"Royal marriage (K Q of trump) {t.royal_marriage} each",
        f"marriage (K Q of another suit) {t.marriage} each",
    ]
    if r.has_nines and t.dix:
        single.append(f"dix (9 of trump) {t.dix} each")
    return f"<table>{head}{body}</table><p>{escape('; '.join(single))}.</p>"


def _replaces(r: RuleSet) -> str:
    """How the multiple melds score: ``'a double replaces the single (double aces around
    1000, not 1100)'``, and in a deck of more copies the triple and quadruple too."""
    if r.copies < 2:
        return ""
    single, double = r.meld_table.aces_around[:2]
    example = f" (double aces around {double}, not {double + single})"
    if r.copies == 2:
        return f"; a double replaces the single{example}"
    more = ("double", "triple", "quadruple")[: r.copies - 1]
    return f"; a {', '.join(more[:-1])} or {more[-1]} replaces the smaller ones{example}"


def rules_summary(rules: RuleSet | str | None = None) -> widgets.VBox:
    """Rules at a glance for the rules in force: the deck, the deal and the auction, the
    meld table, the trick rules, the scoring (with conceding) and the end of the game."""
    r = coerce_rules(rules)
    side = Side(r.partnerships).unit
    ranks = " ".join(x.symbol for x in sorted(r.ranks, reverse=True))
    deck = (
        f"{r.deck_size} cards: {r.copies} {'copy' if r.copies == 1 else 'copies'} of each card, "
        f"ranked high to low {ranks} (a 10 beats a K{'' if r.has_nines else '; no 9s'}), in 4 suits"
    )
    deal = (
        f"Deal {r.hand_size} each"
        + (f" and {r.kitty_size} to a kitty" if r.kitty_size else "")
        + "; after each hand the deal passes to the left"
    )
    inc = r.bid_increment
    multiples = f", in multiples of {inc}" if inc > 1 else ""
    n = r.exchange_size if r.partnerships else 0
    exchange = f"; the partner passes {n} cards face down and the declarer returns {n}" if n else ""
    trump = "The declarer names trump"
    if r.kitty_size:
        k = r.kitty_size
        trump = (
            f"The declarer turns the {k}-card kitty face up, takes it, discards {k} face down "
            "(the discards' points count as the declarer's trick points) and names trump"
        )
    trump += exchange + "."
    auction = [
        f"From the dealer's left, bid or pass; open at {r.opening_bid} or more, raise by at least "
        f"{inc}{multiples}; a pass is final; the auction ends when {r.players - 1} have passed.",
        f"If everyone before the dealer passes, the dealer is stuck at {r.stuck_bid}.",
        trump,
    ]  # fmt: skip
    tricks = [
        "Follow the suit led if you can.",
        "Beat the card winning the trick if you can legally"
        + (" (even when your partner is winning)." if r.partnerships else "."),
        "With none of the suit led, play trump, over-trumping the highest trump if you can.",
        "With neither the suit led nor trump, play any card.",
    ]
    scoring = [
        f"Counters: {counters_words(r)}; last trick {r.last_trick_bonus}; {r.total_trick_points} in all.",
        f"A {side} keeps {'its' if r.partnerships else 'their'} meld only with at least {r.meld_save} trick point"
        + ("s." if r.meld_save != 1 else "."),
        (
            "Meld plus trick points reaching the bid: the bidders add the total; otherwise they "
            "subtract the bid (with no trick points at all they are set)."
            if r.partnerships
            else "Meld plus trick points reaching the bid: the declarer adds the total; otherwise "
            "the declarer subtracts the bid (with no trick points at all the declarer is set)."
        ),
        (
            "Defenders score their meld plus trick points if they saved their meld, else nothing."
            if r.partnerships
            else "Each defender scores their own meld plus trick points if they saved their meld, "
            "else nothing."
        ),
        "The declarer may concede before trick play: "
        + (
            "the bidders subtract the bid, the defenders score their meld only"
            if r.partnerships
            else "the declarer subtracts the bid, each defender scores their meld only"
        )
        + f" ({CONCESSION_WORDS}).",
        f"Game to {r.target}. If {'both sides reach' if r.sides == 2 else 'several reach'} it on "
        "one hand, "
        + (
            "the bidders win if they made the contract."
            if r.partnerships
            else "the declarer wins if the contract was made; otherwise the highest score wins."
        ),
    ]
    ul = lambda xs: "<ul>" + "".join(f"<li>{escape(x)}</li>" for x in xs) + "</ul>"  # noqa: E731
    ol = "<ol>" + "".join(f"<li>{escape(x)}</li>" for x in tricks) + "</ol>"
    body = (
        f"{PRINT_CSS}<div class=\"pt-summary\">"
        f"<h3>The deck, the deal and the auction</h3><p>{escape(deck)}. {escape(deal)}.</p>"
        f"{ul(auction)}"
        f"<h3>Meld</h3>{_meld_rows(r)}"
        "<p>A card may count in several melds, never twice in one; the K Q inside a run earn no "
        f"marriage{escape(_replaces(r))}.</p>"
        f"<h3>The trick rules</h3>{ol}"
        "<p>The declarer leads the first trick. The highest trump wins, else the highest card of "
        "the suit led; of identical cards tying for highest, the first played wins. The winner "
        "leads next.</p>"
        f"<h3>Scoring</h3>{ul(scoring)}</div>"
    )
    shown = widgets.HTML(body)
    box = widgets.VBox([style_widget(), shown])
    box.add_class("pt-widget")
    box.add_class("pt-rules-summary")
    return box
