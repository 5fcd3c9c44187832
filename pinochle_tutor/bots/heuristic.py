"""The heuristic player: the rule-of-thumb policy of :mod:`pinochle_tutor.sim.policy`
(its strategy is that module's text) as a player, a sound club player.

Every decision is the policy's, asked on the seat's view (:func:`policy_bid_limit`,
:func:`policy_trump`, :func:`policy_pass`, :func:`policy_return`, :func:`policy_discard`,
:func:`policy_card`); what is the player's own is how it bids against a partner and
when it concedes.
"""

from __future__ import annotations

from collections.abc import Sequence

from pinochle_tutor.cards import CARDS_BY_INDEX, Card, Suit
from pinochle_tutor.sim.knowledge import Knowledge
from pinochle_tutor.sim.policy import (
    PARTNER_OVERCALL_RAISES,
    policy_bid_limit,
    policy_card,
    policy_discard,
    policy_pass,
    policy_return,
    policy_trump,
)
from pinochle_tutor.view import PlayerView

__all__ = ["HeuristicPlayer"]


class HeuristicPlayer:
    """A sound club player (see :mod:`pinochle_tutor.sim.policy` for its strategy).
    Deterministic.

    It bids up to its own meld plus :func:`~pinochle_tutor.sim.policy.estimate_hand`,
    plus ``allowance`` times the hand's trick points for what the partner's meld and pass
    (or the kitty) will add, less a safety margin. The default allowance is measured: the
    quarter-to-third quantile of what the declarer's side went on to score beyond
    the declarer's own estimate in heuristic games (0.28 classic, 0.33 double
    deck, 0.18 three-handed), so its contracts are made about seven times in ten."""

    def __init__(self, allowance: float | None = None) -> None:
        self.allowance = allowance

    # ------------------------------------------------------------ auction
    def bid_limit(self, view: PlayerView) -> int:
        """The highest contract this hand is worth (a multiple of the increment)."""
        return policy_bid_limit(view, self.allowance)

    def bid(self, view: PlayerView) -> int | None:
        rules = view.rules
        limit = self.bid_limit(view)
        partner = view.partner
        if partner is not None and view.auction:
            high = [s for s, a in view.auction if a is not None]
            if high and high[-1] == partner:
                # Take the contract from a partner only with a clearly better hand.
                limit -= PARTNER_OVERCALL_RAISES * rules.bid_increment
        return view.min_bid if limit >= view.min_bid else None

    def choose_trump(self, view: PlayerView) -> Suit:
        return policy_trump(view)

    # ------------------------------------------------------------ exchange
    def pass_cards(self, view: PlayerView) -> Sequence[Card]:
        """As the partner: trump (high first) and aces, keeping one's own meld
        (:func:`~pinochle_tutor.sim.policy.policy_pass`)."""
        return policy_pass(view)

    def return_cards(self, view: PlayerView) -> Sequence[Card]:
        """As the declarer: keep the meld and the trump; give non-counters from short
        side suits first (:func:`~pinochle_tutor.sim.policy.policy_return`)."""
        return policy_return(view)

    def discard(self, view: PlayerView) -> Sequence[Card]:
        """Three-handed, after taking the kitty: what the meld does not use, counters
        first, never trump or an ace (:func:`~pinochle_tutor.sim.policy.policy_discard`)."""
        return policy_discard(view)

    def concede(self, view: PlayerView) -> bool:
        """Concede only a contract that cannot be made even with every trick point:
        then the defenders score their meld but not their tricks."""
        rules = view.rules
        if view.melds is None or view.contract is None or view.declarer is None:
            return False
        mine = sum(
            m.total for s, m in enumerate(view.melds) if rules.side(s) == rules.side(view.seat)
        )
        return view.contract - mine > rules.total_trick_points

    # ------------------------------------------------------------ card play
    def play(self, view: PlayerView) -> Card:
        if len(view.legal) == 1:
            return view.legal[0]
        return CARDS_BY_INDEX[policy_card(view, Knowledge.from_view(view))]
