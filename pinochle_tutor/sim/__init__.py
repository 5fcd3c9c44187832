"""The simulation machinery the coach and the computer players share, with no decision
of its own.

- :mod:`~pinochle_tutor.sim.knowledge`: what a seat can infer about the hidden hands
  (meld shown, voids, passed cards) and sampling of hands consistent with it.
- :mod:`~pinochle_tutor.sim.policy`: the heuristic policy every simulated seat follows
  (bit-mask card play, the playout of the rest of a hand, the exchange and trump by
  rules of thumb), also asked on a seat's view (``policy_pass``, ``policy_trump``, ...);
  :class:`~pinochle_tutor.bots.heuristic.HeuristicPlayer` is the policy as a player.
- :mod:`~pinochle_tutor.sim.valuation`: the heuristic players' count of a hand's trick
  points (``estimate_hand``, its weights ``hand_count``, lesson 7's rule of thumb) and
  their trump (``best_trump``).
- :mod:`~pinochle_tutor.sim.inference`: what the auction tells about the other hands,
  and how well a deal fits it.
- :mod:`~pinochle_tutor.sim.bidding`: the bidding model's deals, played out with each
  trump and with the bidder out of the auction (``TrumpOutlook``, ``PassOutlook``).
- :mod:`~pinochle_tutor.sim.exchange`: the exchange's deals, and one choice of cards
  played out on one deal.
- :mod:`~pinochle_tutor.sim.playout`: the fast random playout core.
- :mod:`~pinochle_tutor.sim.endgame`: the exact (double-dummy) solver of the last tricks.
- :mod:`~pinochle_tutor.sim.stats`: sample counts, paired losses, standard errors and
  the seeds of one decision's imagined deals.

It uses the core rules only; the coach (:mod:`pinochle_tutor.coach`) and the computer
players (:mod:`pinochle_tutor.bots`) build on it.
"""
