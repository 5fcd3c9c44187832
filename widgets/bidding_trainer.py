"""The bidding trainer: make one call in an auction, then see what the advisor thinks.

:class:`BiddingTrainer` shows a hand and the auction so far (the computer players
before the learner bid with the heuristic player). The learner bids or passes;
a refused call gets the tutor's reason. Only after the call does the widget run
the bidding advisor (with a progress bar) and show the recommendation and its
reasons in plain words, the chance of making each bid as a small bar chart, and,
closed until the learner opens it, "How the coach worked this out": the meld per
trump and the figures behind the advice. "Play it out" then plays the hand with
computer players and says whether the contract was made, and why.

The logic is :class:`pinochle_tutor.course.bidding_drill.BiddingDrill`; nothing the advisor
knows reaches synced state before the learner's call.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as widgets

from pinochle_tutor import RuleSet
from pinochle_tutor.cards import CardLike
from pinochle_tutor.coach.bid import BID_HINT_SAMPLES, BidAdvice
from pinochle_tutor.course.bidding_drill import BiddingDrill
from pinochle_tutor.course.seeds import page_seed
from pinochle_tutor.explain import HandReview
from pinochle_tutor.sim.bidding import TrumpOutlook

from ._base import (
    Message,
    NumberBox,
    button,
    card_spans,
    coerce_rules,
    guard_client_values,
    guarded,
    own_style,
    style_widget,
)

__all__ = [
    "BiddingTrainer",
    "advice_html",
    "chance_chart_html",
    "result_html",
    "trump_limit",
    "worked_html",
]

_CSS = """
.pt-chart { border-collapse: collapse; font-size: 0.95em; }
.pt-chart td { padding: 1px 6px; }
.pt-bar { height: 0.9em; background: #1f5fbf; border-radius: 2px; }
.pt-chart tr.pt-yours td { font-weight: 700; }
.pt-chart tr.pt-yours .pt-bar { background: #e07b00; }
"""


def chance_chart_html(
    outlook: TrumpOutlook, mine: int | None = None, recommended: int | None = None
) -> str:
    """The chance of making each bid with ``outlook``'s trump, as an HTML bar chart
    (at most 16 bars, from the opening bid up to where the chance falls below 3 %)."""
    r = outlook.rules
    step = r.bid_increment
    while True:
        points = [(b, p) for b, p in outlook.chart(step) if p >= 0.03]
        if len(points) <= 16:
            break
        step *= 2
    marks = {b for b in (mine, recommended) if b is not None}
    if mine is not None and mine not in {b for b, _ in points}:
        points = sorted([*points, (mine, outlook.make_chance(mine))])
    rows = []
    for bid, p in points:
        tags = []
        if bid == mine:
            tags.append("your bid")
        if bid == recommended:
            tags.append("advised")
        cls = ' class="pt-yours"' if bid in marks else ""
        rows.append(
            f"<tr{cls}><td>{bid}</td>"
            f'<td style="width:220px"><div class="pt-bar" style="width:{p * 100:.0f}%" '
            f'role="img" aria-label="{p:.0%}"></div></td>'
            f"<td>{p:.0%}</td><td>{escape(', '.join(tags))}</td></tr>"
        )
    head = (
        f"<caption>Chance of making each bid with {outlook.trump.plural} trump "
        f"({outlook.deals} simulated deals)</caption>"
    )
    return f'<table class="pt-chart">{head}{"".join(rows)}</table>'


def trump_limit(advice: BidAdvice, outlook: TrumpOutlook) -> int | None:
    """The highest bid worth holding with ``outlook``'s trump, from the model's
    evaluation (the explanation's limit for the best trump); advice built by hand has
    none, so the highest bid made at the advice's confidence is shown instead."""
    ev = advice.evaluation
    if ev is None:
        return outlook.max_bid(advice.confidence)
    return ev.limit_of(outlook.trump, advice.min_bid)


def advice_html(advice: BidAdvice, mine: int | None, verdict: str) -> str:
    """The advisor's view: the verdict on the learner's call, the call and its reasons
    in plain words, meld per trump, the chart for the best trump, and the figures behind
    them on request (:func:`worked_html`)."""
    rows = "".join(
        f"<tr><td>{o.trump.symbol} {escape(o.trump.plural)}</td><td>{o.meld}</td>"
        f"<td>{o.pass_gain:+.0f}</td><td>{o.mean_side_meld:.0f}</td><td>{o.mean_tricks:.0f}</td>"
        f"<td>{trump_limit(advice, o) or '-'}</td></tr>"
        for o in advice.outlooks
    )
    extra = "kitty adds" if advice.rules.has_kitty else "pass adds"
    head = (
        "Worth bidding up to"
        if advice.evaluation is not None
        else f"Bid up to ({advice.confidence:.0%})"
    )
    table = (
        '<table class="pt-breakdown pt-outlooks"><tr><th>Trump</th><th>Your meld</th>'
        f"<th>The {extra}</th><th>Side meld</th><th>Trick points</th>"
        f"<th>{head}</th></tr>{rows}</table>"
    )
    rec = "Pass" if advice.recommended is None else f"Bid {advice.recommended}"
    return (
        f'<div class="pt-advice-body"><p><b>{escape(verdict)}</b></p>'
        f'<p class="pt-recommendation">Advisor: {escape(rec)}.</p>'
        f'<p class="pt-explanation">{escape(advice.explanation)}</p>'
        f"{chance_chart_html(advice.best, mine, advice.recommended)}"
        f"{worked_html(advice, table)}</div>"
    )


def worked_html(advice: BidAdvice, table: str = "") -> str:
    """"How the coach worked this out": the figures behind the plain advice (each
    trump's numbers in ``table``, averages against passing, the coach's error, the rule
    that accepts a call), in a closed disclosure the learner opens on request."""
    items = "".join(f"<li>{escape(line)}</li>" for line in advice.worked_lines())
    return (
        '<details class="pt-worked"><summary>How the coach worked this out</summary>'
        f"{table}<ul>{items}</ul></details>"
    )


class BiddingTrainer(widgets.VBox):
    """One auction decision with the advisor's view afterwards.

    ``rules`` is a preset name or a :class:`RuleSet`; ``seed`` makes the deal,
    the auction and the advice reproducible (``None``: a seed per page, or
    ``PINOCHLE_TUTOR_SEED`` when set); ``hand`` fixes the learner's cards
    (e.g. ``"AS 10S KS QS JS ..."``); ``samples`` is the number of simulated deals
    (default :data:`~pinochle_tutor.coach.bid.BID_HINT_SAMPLES`, the game table's
    hint's number too, so the trainer and the hint give the same advice); ``dealer``
    fixes the dealer's seat (the learner is seat 0: dealer 1 has the partner call first);
    ``count_bidders`` has the computer players before the learner bid by their count.
    CSS hooks: ``pt-bidding-trainer``, ``pt-hand``, ``pt-auction``,
    ``pt-bid-amount``, ``pt-min-bid``, ``pt-raise``, ``pt-bid``, ``pt-pass``,
    ``pt-progress``, ``pt-message-area``, ``pt-advice``, ``pt-worked`` (the figures
    behind the advice, a closed disclosure), ``pt-play-out``, ``pt-result``,
    ``pt-new-hand``."""

    def __init__(
        self,
        seed: int | None = None,
        rules: RuleSet | str = "classic",
        hand: Sequence[CardLike] | str | None = None,
        samples: int = BID_HINT_SAMPLES,
        dealer: int | None = None,
        count_bidders: bool = False,
    ) -> None:
        self.rules = coerce_rules(rules)
        self.dealer = dealer
        """The dealer's seat of every deal (``None``: drawn by the deal's seed)."""
        self.count_bidders = count_bidders
        """Whether the computer players before the learner bid by their count (the
        beginner's way) instead of with the bidding model."""
        self.samples = samples
        self.seed = page_seed(seed)
        """The seed of the first deal (``seed``, else :func:`page_seed`); each New hand adds 1."""
        self._fixed_hand = hand
        self._deals = 0
        self.message = Message()
        self.hand_html = self._html("pt-hand")
        self.auction_html = self._html("pt-auction")
        self.amount = NumberBox("a bid", description="Bid", layout=widgets.Layout(width="12em"))
        self.amount.add_class("pt-bid-amount")
        inc = self.rules.bid_increment
        self.min_button = button("Lowest bid", "pt-min-bid", self._set_min)
        self.raise_button = button(f"+{inc}", "pt-raise", self._raise)
        self.bid_button = button("Bid", "pt-bid", self._bid, "primary")
        self.pass_button = button("Pass", "pt-pass", self._pass)
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="Simulating")
        self.progress.add_class("pt-progress")
        self.progress.layout.display = "none"
        self.advice_html = self._html("pt-advice")
        self.play_button = button("Play it out", "pt-play-out", self._play_out)
        self.result_html = self._html("pt-result")
        self.new_button = button("New hand", "pt-new-hand", self._new_hand)
        controls = widgets.HBox(
            [self.amount, self.min_button, self.raise_button, self.bid_button, self.pass_button]
        )
        css = own_style(_CSS)
        super().__init__(
            [
                style_widget(), css, self.hand_html, self.auction_html, controls, self.message,
                self.progress, self.advice_html, widgets.HBox([self.play_button, self.new_button]),
                self.result_html,
            ]
        )  # fmt: skip
        self.add_class("pt-widget")
        if hasattr(self, "message"):
            guard_client_values(self, self.message)
        self.add_class("pt-bidding-trainer")
        self.drill: BiddingDrill
        self._deal()

    # ----------------------------------------------------------- building
    @staticmethod
    def _html(cls: str) -> widgets.HTML:
        w = widgets.HTML()
        w.add_class(cls)
        return w

    def _deal(self) -> None:
        seed = self.seed + self._deals
        hand = self._fixed_hand if self._deals == 0 else None
        self.drill = BiddingDrill(
            self.rules, seed=seed, hand=hand, samples=self.samples, dealer=self.dealer,
            count_bidders=self.count_bidders,
        )  # fmt: skip
        self._deals += 1
        self.advice_html.value = ""
        self.result_html.value = ""
        self.progress.layout.display = "none"
        self.progress.value = 0
        self.amount.value = self.drill.view.min_bid
        self.message.info("Your call: bid or pass.")
        self._refresh()

    def _refresh(self) -> None:
        d = self.drill
        v = d.view
        # The dealt hand, not the engine's current one: after the play-out every card
        # has been played, and the learner compares the result with these cards.
        hand = d.dealt_hand
        when = ", as dealt" if d.played_out else ""
        self.hand_html.value = f"<b>Your hand</b> ({len(hand)} cards{when}): {card_spans(hand)}"
        calls = "".join(
            f"<tr><td>{escape(who)}</td><td>{escape(call)}</td></tr>" for who, call in d.calls()
        )
        dealer = d.seat_name(v.dealer)
        head = f"<b>Auction</b> (dealer: {escape(dealer)}; opening bid {self.rules.opening_bid})"
        table = f'<table class="pt-breakdown">{calls}</table>' if calls else "<p>No calls yet.</p>"
        self.auction_html.value = head + table
        waiting = not d.committed
        for b in (self.min_button, self.raise_button, self.bid_button, self.pass_button):
            b.disabled = not waiting
        self.amount.disabled = not waiting
        self.play_button.disabled = waiting or d.played_out

    # ----------------------------------------------------------- actions
    @guarded
    def _set_min(self, _: object = None) -> None:
        if not self.drill.committed:
            self.amount.value = self.drill.view.min_bid

    @guarded
    def _raise(self, _: object = None) -> None:
        if not self.drill.committed:
            inc = self.rules.bid_increment
            self.amount.value = max(self.amount.read(), self.drill.view.min_bid - inc) + inc

    @guarded
    def _bid(self, _: object = None) -> None:
        self.call(self.amount.read())  # an unreadable box is refused, quoting it

    @guarded
    def _pass(self, _: object = None) -> None:
        self.call(None)

    def call(self, amount: object) -> bool:
        """Make the learner's call (a bid, or ``None`` to pass) as the buttons do;
        a refused call shows the tutor's reason and returns ``False``."""
        reason = self.drill.check(amount)
        if reason is not None:
            self.message.error(reason)
            return False
        self.drill.call(amount)
        self.message.ok("You passed." if amount is None else f"You bid {amount}.")
        self._refresh()
        self._show_advice()
        return True

    def _show_advice(self) -> None:
        bar = self.progress
        bar.layout.display = ""

        def progress(done: int, total: int) -> None:
            bar.max = total
            bar.value = done

        try:
            advice = self.drill.advise(progress)
        finally:
            bar.value = bar.max
            bar.layout.display = "none"  # the work is done: the bar goes away
        self.advice_html.value = advice_html(advice, self.drill.call_made, self.drill.verdict())

    @guarded
    def _play_out(self, _: object = None) -> None:
        d = self.drill
        if not d.committed:
            self.message.error("Make your call first, then play the hand out.")
            return
        if d.played_out:
            self.message.info("This hand has been played out: press New hand for another.")
            return
        review = d.play_out()
        self.result_html.value = result_html(d, review)
        self.message.ok("The hand has been played out by computer players.")
        self._refresh()

    @guarded
    def _new_hand(self, _: object = None) -> None:
        self._deal()


def result_html(drill: BiddingDrill, review: HandReview) -> str:
    """Who won the auction, whether the contract was made and why (the tutor's
    reckoning), and the tricks (every card was played, so nothing hidden is shown)."""
    h = drill.view
    assert h.declarer is not None and h.trump is not None
    who = drill.seat_name(h.declarer)
    score = review.contracts[0].score if review.contracts else None
    made = "made" if score and score.made else ("conceded" if review.conceded else "went set")
    ours = drill.rules.side(h.declarer) == drill.rules.side(drill.learner_seat)
    pair = drill.rules.partnerships
    side = f" ({'your side' if ours else 'the other side'})" if pair else ""
    lines = "".join(f"<li>{escape(x)}</li>" for x in review.reckoning_lines())
    return (
        f'<p class="pt-outcome"><b>{escape(who)}</b>{escape(side)} won the auction at '
        f"{h.contract} with {h.trump.plural} trump, and {made}.</p>"
        f'<p class="pt-dealt-hand">You held: {card_spans(drill.dealt_hand)}</p><ul>{lines}</ul>'
        "<details><summary>Trick by trick</summary>"
        f"<pre>{escape(review.text)}</pre></details>"
    )
