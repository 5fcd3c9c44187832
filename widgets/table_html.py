"""The game table drawn as HTML: pure functions of a
:class:`~pinochle_tutor.course.table.session.GameSession` (what the learner's seat may
see), and the table's CSS. :class:`pinochle_widgets.game_table.GameTable` puts them on
the page; a test can read them as strings."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from pinochle_tutor import Card, Phase, Suit, svg, trick_winner
from pinochle_tutor.course.table.narration import EventKind
from pinochle_tutor.course.table.session import GameSession
from pinochle_tutor.explain import MeldDiagnosis
from pinochle_tutor.view import TrickRecord

from ._base import card_spans
from .meld_text import breakdown_html, diagnosis_html
from .tables import Table

__all__ = [
    "GIVE_WORDS",
    "POSITIONS",
    "TABLE_CSS",
    "caption_html",
    "hand_order",
    "info_html",
    "last_trick_html",
    "log_html",
    "meld_check_html",
    "meld_html",
    "result_html",
    "score_sheet_html",
    "seat_html",
    "seat_position",
    "slot_html",
    "status_html",
    "trick_on_table",
    "turn_words",
]

POSITIONS = {4: ("south", "west", "north", "east"), 3: ("south", "west", "east")}
"""Where each seat sits on screen, by its place after the learner's (clockwise: the
player on the learner's left plays next)."""


def seat_position(players: int, learner: int, seat: int) -> str:
    """Where ``seat`` sits on screen at a table of ``players`` with the learner in
    seat ``learner``: ``'south'`` (the learner), ``'west'`` (Left), ``'north'``
    (Partner), ``'east'`` (Right)."""
    return POSITIONS.get(players, POSITIONS[4])[(seat - learner) % players]


def hand_order(hand: Iterable[Card], trump: Suit | None) -> tuple[Card, ...]:
    """A hand in display order: by suit, trump first (the suits keep their round order,
    so colours alternate), then by rank, high first."""
    if trump is None:
        return tuple(sorted(hand, key=lambda c: c.order))
    return tuple(sorted(hand, key=lambda c: ((c.suit - trump) % 4, -c.rank)))


TABLE_CSS = """
.pt-game-table { max-width: 100%; box-sizing: border-box; }
.pt-game-table .widget-html-content { overflow-wrap: anywhere; }
/* The review reads as lines of text: wrap between words, never inside one (JupyterLab's
   output area breaks a pre anywhere). */
.pt-game-table .pt-review pre { white-space: pre-wrap; word-break: normal;
  overflow-wrap: break-word; font-family: inherit; }
.pt-game-table .pt-hint-more ul { margin: 2px 0 6px; padding-left: 1.5em; }
.pt-game-table .pt-hint-more summary { cursor: pointer; }
.pt-log .pt-log-lines { display: flex; flex-direction: column-reverse; max-height: 10em;
  overflow-y: auto; border: 1px solid #ddd; padding: 4px 8px; }
.pt-log .pt-log-lines:focus-visible { outline: 3px solid #1f5fbf; outline-offset: 2px; }
.pt-log p { margin: 1px 0; }
.pt-status { font-size: 1.05em; }
.pt-infobar .widget-html-content { display: flex; flex-wrap: wrap; gap: 4px 14px;
  background: #f4f1e8; border: 1px solid #d8d2bf; border-radius: 6px; padding: 4px 10px; }
.pt-infobar .pt-turn-word { font-weight: 700; color: #0b5d1e; }
.pt-felt { background: #1f6b3a; border-radius: 18px; padding: 10px; box-sizing: border-box;
  width: 100%; max-width: 820px; color: #fff; }
.pt-seat .widget-html-content { text-align: center; }
.pt-seat-box { display: inline-block; padding: 4px 10px; border-radius: 10px;
  background: rgba(0,0,0,0.25); color: #fff; line-height: 1.35; min-width: 7em; }
.pt-seat-box.pt-turn { background: #f7d154; color: #1b1b1b; box-shadow: 0 0 0 3px #fff; }
.pt-seat-box .pt-badge { display: inline-block; font-size: 0.8em; font-weight: 700;
  border-radius: 4px; padding: 0 4px; margin-left: 3px; background: #fff; color: #1b1b1b; }
.pt-seat-box .pt-badge.pt-badge-declarer { background: #b8860b; color: #1b1b1b; }
.pt-seat-box .pt-seat-name { font-weight: 700; }
.pt-slot .widget-html-content { display: flex; justify-content: center; align-items: center;
  min-height: 96px; }
.pt-slot-empty { width: 62px; height: 88px; border: 2px dashed rgba(255,255,255,0.35);
  border-radius: 8px; box-sizing: border-box; }
.pt-trick-caption .widget-html-content { text-align: center; color: #fff; }
.pt-trick-caption .pt-cardtext { background: #fff; border-radius: 3px; padding: 0 2px; }
.pt-kitty .widget-html-content { text-align: center; }
.pt-last-trick .widget-html-content { background: #f4f1e8; border-radius: 6px; padding: 4px 8px; }
.pt-result .widget-html-content { font-size: 1.15em; }
.pt-result-box { border: 2px solid #1a7f37; background: #e6f4ea; border-radius: 8px;
  padding: 8px 12px; }
.pt-result-box.pt-game-over { border-color: #b8860b; background: #fff6d8; font-size: 1.1em; }
.pt-confirm .widget-html-content { background: #fdecee; border-left: 4px solid #c8102e;
  padding: 6px 10px; }
.pt-actions { flex-wrap: wrap; gap: 4px; }
.pt-hand .pt-hand-row { padding-top: 10px; }
.pt-announce .pt-live-text { background: #eef3fb; border-left: 4px solid #1f5fbf;
  border-radius: 4px; padding: 4px 10px; line-height: 1.4; min-height: 1.4em; }
@media (max-width: 700px) {
  .pt-felt { padding: 4px; border-radius: 10px; }
  .pt-seat-box { min-width: 5em; font-size: 0.9em; }
}
"""
"""The game table's own CSS (with the card faces' CSS of its hand pickers)."""

GIVE_WORDS = {
    Phase.PASS: ("Pass these cards", "to the declarer"),
    Phase.RETURN: ("Return these cards", "to your partner"),
    Phase.DISCARD: ("Discard these cards", "face down (they count as your trick points)"),
}
"""Each exchange phase's button label and where the cards go."""


def meld_html(session: GameSession) -> str:
    """Each seat's shown meld, line by line, with totals (empty before meld)."""
    melds = session.melds_shown
    if melds is None:
        return ""
    rows = []
    for seat, report in enumerate(melds):
        lines = "; ".join(f"{escape(i.name)} {i.points}" for i in report.items) or "no meld"
        rows.append(
            f"<tr><td>{escape(session.seat_name(seat))}</td><td>{card_spans(report.hand)}</td>"
            f"<td>{lines}</td><td><b>{report.total}</b></td></tr>"
        )
    head = "<tr><th>Seat</th><th>Cards shown</th><th>Meld</th><th>Total</th></tr>"
    totals = [0] * session.rules.sides
    for seat, report in enumerate(melds):
        totals[session.rules.side(seat)] += report.total
    sides = ", ".join(f"{escape(session.side_name(i))} {m}" for i, m in enumerate(totals))
    return (
        f'<b>Meld</b><table class="pt-breakdown">{head}{"".join(rows)}</table>'
        f'<p class="pt-meld-totals">Meld by side: {sides}</p>'
    )


def score_sheet_html(session: GameSession) -> str:
    """The score sheet as an HTML table, one row per hand (as pandas would write it)."""
    rows = session.score_sheet
    if not rows:
        return ""
    table = Table(rows).to_html(index=False, classes="pt-breakdown pt-score-table", border=0)
    return f"<b>Score sheet</b> (target {session.rules.target}){table}"


def meld_check_html(d: MeldDiagnosis) -> str:
    """The learner's marked meld count: the diagnosis and the breakdown."""
    kind = "pt-ok" if d.correct else "pt-error"
    return (
        f"<details open><summary>Your meld count: {d.answer_total} "
        f"({'right' if d.correct else f'the meld is {d.expected_total}'})</summary>"
        f'<div class="pt-message {kind}">{diagnosis_html(d)}</div>'
        f"{breakdown_html(d.explanation)}</details>"
    )


def info_html(s: GameSession) -> str:
    """The bar above the table: hand, dealer, declarer, contract, trump, score, turn."""
    v = s.view
    scores = ", ".join(f"{escape(s.side_name(i))} {p}" for i, p in enumerate(s.scores))
    items = [
        f"<span><b>Hand {s.hand_number}</b></span>",
        f"<span>Dealer: <b>{escape(s.seat_name(v.dealer))}</b></span>",
    ]
    if v.declarer is not None:
        items.append(f"<span>Declarer: <b>{escape(s.seat_name(v.declarer))}</b></span>")
        items.append(f"<span>Contract: <b>{v.contract}</b></span>")
    elif v.high_bid is not None:
        items.append(f"<span>High bid: <b>{v.high_bid}</b></span>")
    else:
        items.append("<span>Contract: <b>not yet</b></span>")
    trump = f"{v.trump.symbol} {v.trump.plural}" if v.trump is not None else "not named"
    cls = f' class="pt-cardtext pt-suit-{v.trump.plural}"' if v.trump is not None else ""
    items.append(f"<span>Trump: <b{cls}>{escape(trump)}</b></span>")
    items.append(f"<span>Score: <b>{scores}</b> (to {s.rules.target})</span>")
    items.append(f'<span class="pt-turn-word">{escape(turn_words(s))}</span>')
    return "".join(items)


def turn_words(s: GameSession) -> str:
    """Whose turn it is, or what the table waits for, in two or three words."""
    if s.is_over:
        return "Game over"
    if s.hand_over:
        return "Hand over"
    if s.trick_waiting:
        return "Trick complete"
    if s.meld_count_pending:
        return "Count your meld"
    to_act = s.to_act
    if to_act is None:
        return ""
    return "Your turn" if to_act == s.human_seat else f"{s.seat_name(to_act)} to play"


def status_html(s: GameSession) -> str:
    """What the learner is to do now."""
    v = s.view
    task = s.task()
    if s.is_my_turn and v.phase is Phase.AUCTION:
        task = f"Bid at least {v.min_bid}, or pass."
    return f"<b>{escape(task)}</b>"


def seat_html(s: GameSession, seat: int) -> str:
    """A seat's box on the felt: name, badges, its last call, cards held, tricks, turn."""
    v = s.view
    h = s.engine_hand
    name = "You" if seat == s.human_seat else s.seat_name(seat)
    badges = []
    if seat == v.dealer:
        badges.append('<span class="pt-badge" title="dealer">Dealer</span>')
    if seat == v.declarer:
        badges.append(
            f'<span class="pt-badge pt-badge-declarer" title="declarer">Declarer {v.contract}</span>'
        )
    lines = [f'<span class="pt-seat-name">{escape(name)}</span>{"".join(badges)}']
    if v.phase is Phase.AUCTION:
        calls = [a for st, a in v.auction if st == seat]
        if calls:
            last = calls[-1]
            lines.append("passed" if last is None else f"bid {last}")
    taken = [t for t in v.tricks if t.winner == seat]
    # How many cards a seat holds is public (everyone plays one card a trick).
    held = len(h.hands[seat])
    info = f"{held} cards"
    if v.phase in (Phase.PLAY, Phase.DONE):
        info += f" · {len(taken)} trick{'s' if len(taken) != 1 else ''}"
    lines.append(info)
    turn = s.to_act == seat and not s.trick_waiting and not s.hand_over and not s.meld_count_pending
    if turn:
        lines.append("<b>to play</b>" if seat != s.human_seat else "<b>your turn</b>")
    cls = "pt-seat-box pt-turn" if turn else "pt-seat-box"
    return f'<div class="{cls}">{"<br>".join(lines)}</div>'


def trick_on_table(s: GameSession) -> tuple[list[Card], list[int], int | None]:
    """The trick in the middle of the table: its cards, the seats that played them and
    the place of the card winning it (``None``: no trick). A finished trick stays there
    until the learner continues."""
    v = s.view
    if s.trick_waiting and v.tricks:
        t = v.tricks[-1]
        return list(t.cards), list(t.seats), t.seats.index(t.winner)
    if v.trick:
        assert v.trump is not None
        cards = list(v.trick)
        return cards, list(v.trick_seats), trick_winner(cards, v.trump)
    return [], [], None


def caption_html(s: GameSession, cards: list[Card], seats: list[int], win: int | None) -> str:
    """The words under the trick: whose trick, who is winning, or the phase."""
    v = s.view
    if s.trick_waiting and v.tricks:
        t = v.tricks[-1]
        who = s.seat_name(t.winner)
        verb = "win" if t.winner == s.human_seat else "wins"
        return (
            f"<b>Trick {len(v.tricks)}</b>: {escape(who)} {verb} with "
            f"{card_spans([t.winning_card])} ({t.points} points).<br>Continue when ready."
        )
    if cards and win is not None:
        who = s.seat_name(seats[win])
        return (
            f"<b>Trick {len(v.tricks) + 1}</b><br>{escape(who)} "
            f"{'are' if who == 'You' else 'is'} winning with {card_spans([cards[win]])}"
        )
    if v.phase is Phase.PLAY:
        return f"<b>Trick {len(v.tricks) + 1}</b>"
    if v.phase is Phase.DONE:
        return f"<b>Hand {s.hand_number} is over</b>"
    return f"<b>{escape(v.phase.value.capitalize())}</b>"


def result_html(s: GameSession) -> str:
    """The end of a hand or of the game, plainly (empty while the hand is played)."""
    if not s.hand_over:
        return ""
    scores = " to ".join(f"{escape(s.side_name(i))} {p}" for i, p in enumerate(s.scores))
    hand_line = next((e.text for e in reversed(s.events) if e.kind is EventKind.SCORE), "")
    if s.is_over:
        if s.winner is None:
            head = "Game over: no winner."
        else:
            name = s.side_name(s.winner)
            head = "Game over: you won the game!" if name in ("Us", "You") else (
                f"Game over: {escape(s.narrator.side_subject(s.winner))} won the game."
            )  # fmt: skip
        return (
            f'<div class="pt-result-box pt-game-over" role="status"><b>{head}</b><br>'
            f"Final score: {scores}.<br>{escape(hand_line)}</div>"
        )
    return (
        f'<div class="pt-result-box" role="status"><b>Hand {s.hand_number} is over.</b> '
        f"{escape(hand_line)}<br>Score: {scores}. Deal the next hand when ready.</div>"
    )


def slot_html(s: GameSession, seat: int, card: Card | None, winning: bool) -> str:
    """The trick card in front of ``seat`` (framed when ``winning``), or an empty slot."""
    if card is None:
        return '<div class="pt-slot-empty" aria-hidden="true"></div>'
    pic = svg.card(card, size=62, highlight="winner" if winning else None)
    who = escape(s.seat_name(seat))
    return (
        f'<div class="pt-trick-card" data-seat="{who}" title="{who}: {escape(card.name)}">'
        f"{pic}</div>"
    )


def last_trick_html(s: GameSession, t: TrickRecord) -> str:
    """The last trick: who won it, with which card, its points, and its picture."""
    names = [s.seat_name(x) for x in t.seats]
    pic = svg.trick(t.cards, names, t.seats.index(t.winner), size=44)
    return (
        f"<b>Last trick</b> (trick {len(s.view.tricks)}): {escape(s.seat_name(t.winner))} "
        f"won with {card_spans([t.winning_card])}, {t.points} points.<br>{pic}"
    )


def log_html(s: GameSession) -> str:
    """What happened this hand, newest first in the page; CSS (column-reverse) shows it
    at the bottom, scrolled into view, with the older lines above. The scrolling box
    takes the focus (tabindex) so a keyboard can scroll it too."""
    texts = [e.text for e in s.events if e.hand_number == s.hand_number]
    lines = "".join(f"<p>{escape(t)}</p>" for t in reversed(texts[-60:]))
    return (
        '<div class="pt-log-lines" role="region" aria-label="What happened this hand"'
        f' tabindex="0">{lines}</div>'
    )
