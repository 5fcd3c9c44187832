"""The reference pages: the glossary and "Rules at a glance", for the rules in force.

    from pinochle_widgets.reference import glossary_list, rules_summary
    glossary_list()      # every term the lessons use, defined for the rules in force
    rules_summary()      # the deck and the deal, the auction, the meld table, the trick rules, the scoring

Both are widgets (HTML) built from the engine's :class:`~pinochle_tutor.rules.RuleSet`,
:mod:`pinochle_tutor.course.glossary` and, for the summary's words,
:mod:`pinochle_tutor.course.reference` (``course/text/reference.toml``): this module
only lays out the HTML around them. The summary carries print rules: printed from the
browser it fits one A4 or Letter sheet (the navigation and the site's chrome are left
out of the print).
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from pinochle_tutor.course.glossary import glossary
from pinochle_tutor.course.reference import written_reference
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.words import multiple_word

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


def _meld_table(r: RuleSet, said: dict[str, str]) -> str:
    """The meld table: a row per meld of the file's ``[[meld_row]]``, a column of points
    for each number of sets the deck allows (single, double, ...)."""
    head = "".join(f"<th>{escape(said[c])}</th>" for c in ("column_meld", "column_cards"))
    head += "".join(f"<th>{multiple_word(n)}</th>" for n in range(1, r.copies + 1))
    body = "".join(
        f"<tr><td>{escape(row.meld)}</td><td>{escape(row.cards)}</td>"
        + "".join(f"<td>{v}</td>" for v in row.points(r))
        + "</tr>"
        for row in written_reference().meld_rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def rules_summary(rules: RuleSet | str | None = None) -> widgets.VBox:
    """Rules at a glance for the rules in force: the deck, the deal and the auction, the
    meld table, the trick rules, the scoring (with conceding) and the end of the game.
    Its words are ``pinochle_tutor/course/text/reference.toml``'s
    (:mod:`pinochle_tutor.course.reference`): this lays out the HTML around them."""
    r = coerce_rules(rules)
    said = written_reference().said(r)

    def p(*names: str) -> str:
        return "<p>" + " ".join(escape(said[n]) for n in names) + "</p>"

    def h3(name: str) -> str:
        return f"<h3>{escape(said[name])}</h3>"

    def items(*names: str) -> str:
        return "".join(f"<li>{escape(said[n])}</li>" for n in names)

    body = (
        f'{PRINT_CSS}<div class="pt-summary">'
        f"{h3('heading_deck')}{p('deck', 'deal')}"
        f"<ul>{items('auction_open', 'auction_stuck', 'auction_trump')}</ul>"
        f"{h3('heading_meld')}{_meld_table(r, said)}{p('meld_each')}{p('meld_rules')}"
        f"{h3('heading_tricks')}"
        f"<ol>{items('trick_follow', 'trick_beat', 'trick_trump', 'trick_discard')}</ol>"
        f"{p('trick_winner')}"
        f"{h3('heading_scoring')}<ul>"
        f"{items('score_counters', 'score_meld_save', 'score_contract', 'score_defenders')}"
        f"{items('score_concede', 'score_game')}</ul>"
        f"{h3('heading_practice')}{p('practice_calls')}{p('practice_plan')}</div>"
    )
    shown = widgets.HTML(body)
    box = widgets.VBox([style_widget(), shown])
    box.add_class("pt-widget")
    box.add_class("pt-rules-summary")
    return box
