"""The play principles a position calls for: which rules of thumb apply to a card-play
decision, read from what the deciding seat knows, each with the legal cards that follow
it (:func:`principle_fits`).

The coach's advice on a card (:func:`~pinochle_tutor.coach.play.advise_play`) sets these
against its evaluation: the reason it gives is the first principle (in
:data:`FOLLOW_ORDER` or :data:`LEAD_ORDER`) whose cards include the evaluation's best
card, and a principle whose own card the evaluation calls a clear mistake is said to be
overruled. A principle's words are :class:`~pinochle_tutor.explain.coaching.PlayPrinciple`'s.
"""

from __future__ import annotations

from dataclasses import dataclass

from pinochle_tutor.cards import CARDS_BY_INDEX, Card, Rank
from pinochle_tutor.explain.coaching import PlayPrinciple
from pinochle_tutor.hands import ABOVE, SUIT_MASK, SUIT_OF
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.scoring import minimum_tricks, points_to_set, trick_points
from pinochle_tutor.sim.knowledge import Knowledge
from pinochle_tutor.view import PlayerView

__all__ = [
    "FOLLOW_ORDER",
    "LEAD_ORDER",
    "PrincipleFit",
    "contract_goal",
    "goal_verb",
    "principle_fits",
]

FOLLOW_ORDER = (
    PlayPrinciple.FEED_PARTNER,
    PlayPrinciple.SAVE_COUNTER,
    PlayPrinciple.CHEAPEST_WINNER,
    PlayPrinciple.POINTS_NOT_TRICKS,
    PlayPrinciple.KEEP_GUARD,
)
"""The principles tried, in this order, when a card follows a lead."""
LEAD_ORDER = (
    PlayPrinciple.TRACK_BOTH_COPIES,
    PlayPrinciple.CASH_SURE_WINNER,
    PlayPrinciple.DRAW_TRUMP,
    PlayPrinciple.LEAD_TO_PARTNER_VOID,
    PlayPrinciple.FORCE_DECLARER,
    PlayPrinciple.REMEMBER_EXPOSED_MELD,
    PlayPrinciple.KEEP_GUARD,
)
"""The principles tried, in this order, for a lead."""


@dataclass(frozen=True)
class PrincipleFit:
    """A principle that applies in a position: the legal cards that follow it, the one
    the rule of thumb would play, and the cards it rests on."""

    principle: PlayPrinciple
    cards: frozenset[Card]
    pick: Card
    evidence: tuple[Card, ...] = ()


def _value(i: int, rules: RuleSet) -> int:
    return rules.counter_points[CARDS_BY_INDEX[i].rank]


def _beats(c: int, w: int, trump: int) -> bool:
    return bool((ABOVE[w] >> c) & 1) or (SUIT_OF[c] == trump and SUIT_OF[w] != trump)


def _may_beat(k: Knowledge, seat: int, w: int, led: int, trump: int) -> bool:
    """Whether ``seat`` may hold a card that beats ``w`` in a trick led in suit ``led``."""
    may = k.may_hold(seat)
    if may & ABOVE[w] and (SUIT_OF[w] == led or SUIT_OF[w] == trump):
        return True
    if SUIT_OF[w] != trump and may & SUIT_MASK[trump]:
        holds_led = any(k.must_hold[seat][6 * led + r] for r in range(6))
        return not holds_led
    return False


def _fit(
    principle: PlayPrinciple, cards: list[int], pick: int, evidence: list[int] | None = None
) -> PrincipleFit:
    return PrincipleFit(
        principle,
        frozenset(CARDS_BY_INDEX[i] for i in cards),
        CARDS_BY_INDEX[pick],
        tuple(CARDS_BY_INDEX[i] for i in sorted(set(evidence or []))),
    )


def principle_fits(view: PlayerView, knowledge: Knowledge | None = None) -> list[PrincipleFit]:
    """Every play principle that applies to ``view`` (the seat's turn to play), in the
    order they are tried (:data:`FOLLOW_ORDER` or :data:`LEAD_ORDER`), read from what
    the seat knows."""
    assert view.trump is not None and view.declarer is not None
    k = knowledge if knowledge is not None else Knowledge.from_view(view)
    rules = view.rules
    trump = int(view.trump)
    seat = view.seat
    legal = sorted({c.index for c in view.legal})
    if len(legal) <= 1:
        return [_fit(PlayPrinciple.ONLY_CARD, legal, legal[0])] if legal else []
    bidders = rules.side(view.declarer)
    ours = rules.side(seat) == bidders
    team = {s for s in range(rules.players) if (rules.side(s) == bidders) == ours}
    opponents = [s for s in k.others if s not in team]
    partner = rules.partner(seat)
    unseen = k.unseen_mask()
    counters = [i for i in legal if _value(i, rules) > 0]
    blanks = [i for i in legal if _value(i, rules) == 0]
    fits: dict[PlayPrinciple, PrincipleFit] = {}
    order: tuple[PlayPrinciple, ...]

    def cheapest(cards: list[int]) -> int:
        return min(cards, key=lambda i: (SUIT_OF[i] == trump, _value(i, rules), i % 6))

    def richest(cards: list[int]) -> int:
        return max(cards, key=lambda i: (_value(i, rules), SUIT_OF[i] != trump, -(i % 6)))

    if view.trick:
        idx = [c.index for c in view.trick]
        led = SUIT_OF[idx[0]]
        w, wseat = idx[0], view.trick_seats[0]
        for pos in range(1, len(idx)):
            if _beats(idx[pos], w, trump):
                w, wseat = idx[pos], view.trick_seats[pos]
        after = [(seat + j) % rules.players for j in range(1, rules.players - len(idx))]
        winners = [i for i in legal if _beats(i, w, trump)]
        secure = not any(_may_beat(k, s, w, led, trump) for s in after if s not in team)
        if partner is not None and wseat == partner and secure and blanks:
            fed = [i for i in counters if not _beats(i, w, trump)]
            if fed:
                fits[PlayPrinciple.FEED_PARTNER] = _fit(
                    PlayPrinciple.FEED_PARTNER, fed, richest(fed)
                )
        helpers = [s for s in after if s in team]
        lost = (
            wseat not in team
            and not winners
            and not any(_may_beat(k, s, w, led, trump) for s in helpers)
        )
        if lost and blanks and counters:
            fits[PlayPrinciple.SAVE_COUNTER] = _fit(
                PlayPrinciple.SAVE_COUNTER, blanks, cheapest(blanks)
            )
        if winners and wseat not in team:
            key = min((SUIT_OF[i] == trump, i % 6) for i in winners)
            low = [i for i in winners if (SUIT_OF[i] == trump, i % 6) == key]
            fits[PlayPrinciple.CHEAPEST_WINNER] = _fit(
                PlayPrinciple.CHEAPEST_WINNER, low, cheapest(low)
            )
        on_table = sum(_value(i, rules) for i in idx)
        losers = [i for i in blanks if not _beats(i, w, trump)]
        if winners and losers and on_table == 0 and len(view.hand) > 1:
            fits[PlayPrinciple.POINTS_NOT_TRICKS] = _fit(
                PlayPrinciple.POINTS_NOT_TRICKS, losers, cheapest(losers)
            )
        off_suit = all(SUIT_OF[i] != led for i in legal)
        order = FOLLOW_ORDER
    else:
        off_suit = True
        sure: list[int] = []
        tracked: list[int] = []
        gone: list[int] = []
        for i in legal:
            s = SUIT_OF[i]
            if ABOVE[i] & unseen:
                continue
            if s != trump and any(
                CARDS_BY_INDEX[i].suit in k.voids(o) and k.may_hold(o) & SUIT_MASK[trump]
                for o in opponents
            ):
                continue
            sure.append(i)
            higher = [j for j in range(6 * s, 6 * s + 6) if (ABOVE[i] >> j) & 1 and k.played[j]]
            if higher and not any(
                k.hand[j] for j in range(6 * s, 6 * s + 6) if (ABOVE[i] >> j) & 1
            ):
                tracked.append(i)
                gone += higher
        if tracked:
            fits[PlayPrinciple.TRACK_BOTH_COPIES] = _fit(
                PlayPrinciple.TRACK_BOTH_COPIES, tracked, richest(tracked), gone
            )
        if sure:
            fits[PlayPrinciple.CASH_SURE_WINNER] = _fit(
                PlayPrinciple.CASH_SURE_WINNER, sure, richest(sure)
            )
        trumps = [i for i in legal if SUIT_OF[i] == trump]
        if ours and trumps and any(k.may_hold(o) & SUIT_MASK[trump] for o in opponents):
            fits[PlayPrinciple.DRAW_TRUMP] = _fit(
                PlayPrinciple.DRAW_TRUMP, trumps, max(trumps, key=lambda i: i % 6)
            )
        if partner is not None and k.may_hold(partner) & SUIT_MASK[trump]:
            void = {int(s) for s in k.voids(partner)} - {trump}
            to_void = [i for i in legal if SUIT_OF[i] in void]
            if to_void:
                fits[PlayPrinciple.LEAD_TO_PARTNER_VOID] = _fit(
                    PlayPrinciple.LEAD_TO_PARTNER_VOID, to_void, cheapest(to_void)
                )
        d = view.declarer
        if not ours and k.may_hold(d) & SUIT_MASK[trump]:
            out = {int(s) for s in k.voids(d)} - {trump}
            forcing = [i for i in legal if SUIT_OF[i] in out]
            if forcing:
                fits[PlayPrinciple.FORCE_DECLARER] = _fit(
                    PlayPrinciple.FORCE_DECLARER, forcing, cheapest(forcing)
                )
        exposed: list[int] = []
        beaten: set[int] = set()
        for i in counters:
            for o in opponents:
                for j in range(24):
                    if (ABOVE[i] >> j) & 1 and k.shown[o][j] > k.played_by[o][j]:
                        exposed.append(j)
                        beaten.add(i)
        rest = [i for i in legal if i not in beaten]
        if beaten and rest:
            fits[PlayPrinciple.REMEMBER_EXPOSED_MELD] = _fit(
                PlayPrinciple.REMEMBER_EXPOSED_MELD, rest, cheapest(rest), exposed
            )
        order = LEAD_ORDER
    if off_suit:
        guards: list[int] = []
        for s in range(4):
            ten = 6 * s + int(Rank.TEN)
            ace = 6 * s + int(Rank.ACE)
            if s == trump or not k.hand[ten] or k.hand[ace] or not k.unseen[ace]:
                continue
            low = [j for j in range(6 * s, ten) for _ in range(k.hand[j])]
            if len(low) == 1 and low[0] in legal:
                guards.append(low[0])
        rest = [i for i in legal if i not in guards and i % 6 != int(Rank.TEN)]
        if guards and rest:
            fits[PlayPrinciple.KEEP_GUARD] = _fit(PlayPrinciple.KEEP_GUARD, rest, cheapest(rest))
    return [fits[p] for p in order if p in fits]


def contract_goal(view: PlayerView) -> int | None:
    """The trick points the deciding side (see the module text) must still take, from
    this trick on, for its goal: the declaring side to make the contract, the other side
    (three-handed, the two defenders together) to set it; ``None`` when nothing is at
    stake any more (the goal is reached already, or is more than the trick points still
    to play for: the contract is made or set already) or before trick play. What the declaring side needs is
    :func:`~pinochle_tutor.scoring.minimum_tricks` of its meld, what sets it
    :func:`~pinochle_tutor.scoring.points_to_set`; the three-handed declarer's discards
    are its trick points already (a defender cannot see them, and does not need to: the
    defenders count only their own tricks)."""
    if view.declarer is None or view.contract is None or view.melds is None:
        return None
    rules = view.rules
    declaring = rules.side(view.declarer)
    meld = sum(m.total for s, m in enumerate(view.melds) if rules.side(s) == declaring)
    need = minimum_tricks(view.contract, meld, rules)
    if need is None:
        return None
    ours = rules.side(view.seat) == declaring
    taken = sum(t.points for t in view.tricks if (rules.side(t.winner) == declaring) == ours)
    still = rules.total_trick_points - sum(t.points for t in view.tricks)
    if rules.has_kitty and view.seat == view.declarer:
        taken += trick_points(view.given, rules)
        still -= trick_points(view.given, rules)
    left = (need if ours else points_to_set(need, rules)) - taken
    return left if 0 < left <= still else None


def goal_verb(view: PlayerView) -> str:
    """What the deciding side is after with the contract: ``'makes'`` (the declaring
    side) or ``'sets'`` (the other side)."""
    assert view.declarer is not None
    declaring = view.rules.side(view.seat) == view.rules.side(view.declarer)
    return "makes" if declaring else "sets"
