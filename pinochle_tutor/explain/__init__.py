"""The tutor: why a card, a meld, a score or a bid is what it is.

Every explanation here is data first and text second. Each is a small frozen
dataclass holding the rule involved (an enum), the cards that prove it (tuples
of :class:`~pinochle_tutor.cards.Card`, for a widget to highlight) and the
numbers involved; its ``text`` property (and ``str()``) reads it out in plain
English for a beginner.

The tutor never decides a rule on its own. It asks the engine
(:func:`~pinochle_tutor.tricks.check_play`, :func:`~pinochle_tutor.meld.meld`,
:func:`~pinochle_tutor.scoring.score_hand`, :class:`~pinochle_tutor.auction.Auction`)
and explains the answer:

* :func:`explain_play` - may this card be played to this trick, and which rule says so.
* :func:`explain_legal` - every card of a hand, grouped by the rule that admits or forbids it.
* :func:`explain_meld` - a meld breakdown with the notes a beginner needs (a card in
  several categories, the K and Q inside a run, doubles replacing singles, ...).
* :func:`diagnose_meld` - what went wrong in a learner's meld count.
* :func:`explain_contract` - did the bidders make their contract, and what each side scores.
* :func:`explain_bid`, :func:`explain_pass`, :func:`explain_call` - auction calls.
* :func:`explain_winner` - which card wins a complete trick, and why the others do not.
* :func:`explain_counters` - the trick points of some cards, counter by counter.
* :func:`explain_exchange` - is a pass (return, discard) legal, and how much meld it keeps.
* :class:`ExchangeAdvice`, :class:`ExchangeJudgement` - the coach's cards to pass, return
  or discard with the :class:`ExchangePrinciple` its numbers back, and its verdict on the
  learner's (built in :mod:`pinochle_tutor.coach.exchange`).
* :func:`explain_game_end` - who has won the game after a hand, and by which rule.
* :func:`count_still_out` - the trumps, counters or copies of a card still out, from a
  seat's view, as a sum of the pieces it can see.
* :func:`review_hand` - a played hand, trick by trick, with the learner's refused cards.
* :class:`PlayAdvice`, :class:`PlayJudgement` - the coach's card with its
  :class:`PlayPrinciple`, and its verdict on a card played (built in
  :mod:`pinochle_tutor.coach.play`).
* :class:`ConcessionAdvice`, :class:`ConcessionJudgement` - concede or play on, for a
  declarer at the first lead (built in :mod:`pinochle_tutor.coach.concession`).

The explanations live in one module per job, all re-exported here:
:mod:`~pinochle_tutor.explain.play` (a card, the legal set),
:mod:`~pinochle_tutor.explain.meld` (a meld breakdown),
:mod:`~pinochle_tutor.explain.claims` (claimed meld lines and mistakes),
:mod:`~pinochle_tutor.explain.diagnosis` (a learner's meld count),
:mod:`~pinochle_tutor.explain.contract` (the contract),
:mod:`~pinochle_tutor.explain.auction` (auction calls),
:mod:`~pinochle_tutor.explain.trick_result` (a trick's winner and counters),
:mod:`~pinochle_tutor.explain.coaching` (the coach's advice and verdicts),
:mod:`~pinochle_tutor.explain.concession` (conceding or playing on) and
:mod:`~pinochle_tutor.explain.review` (a played hand).

>>> print(explain_play("KC 9C AH", ["KC"], "H", "AH").rule.label)
rule 1 (follow suit)
>>> explain_contract(320, 180, 160, 0, 90).bidder_change
340
"""

from __future__ import annotations

from pinochle_tutor.explain.auction import (
    AuctionRule,
    BidExplanation,
    explain_bid,
    explain_call,
    explain_pass,
)
from pinochle_tutor.explain.claims import (
    ClaimedLine,
    ClaimLike,
    InvalidClaimError,
    MeldMistake,
    MeldMistakeKind,
    parse_claim,
)
from pinochle_tutor.explain.coaching import CardValue, PlayAdvice, PlayJudgement, PlayPrinciple
from pinochle_tutor.explain.concession import (
    ConcessionAdvice,
    ConcessionEvaluation,
    ConcessionJudgement,
)
from pinochle_tutor.explain.contract import (
    ContractExplanation,
    ContractOutcome,
    contract_explanation,
    explain_contract,
)
from pinochle_tutor.explain.diagnosis import MeldDiagnosis, diagnose_meld
from pinochle_tutor.explain.exchange import ExchangeExplanation, ExchangeRule, explain_exchange
from pinochle_tutor.explain.exchange_advice import (
    ExchangeAdvice,
    ExchangeJudgement,
    ExchangePrinciple,
    GiftValue,
)
from pinochle_tutor.explain.game_end import (
    GameEndExplanation,
    GameEndRule,
    InvalidGameStateError,
    explain_game_end,
)
from pinochle_tutor.explain.meld import (
    MeldExplanation,
    MeldNote,
    MeldNoteKind,
    MeldRule,
    explain_meld,
)
from pinochle_tutor.explain.play import (
    CardGroup,
    InvalidPositionError,
    LegalSetExplanation,
    PlayExplanation,
    explain_legal,
    explain_play,
)
from pinochle_tutor.explain.review import (
    AttemptReview,
    HandReview,
    RefusedTries,
    TrickReview,
    review_hand,
)
from pinochle_tutor.explain.still_out import (
    InvalidCountError,
    OutCount,
    StillOutExplanation,
    count_still_out,
)
from pinochle_tutor.explain.trick_result import (
    CounterExplanation,
    InvalidTrickResultError,
    TrickWinnerExplanation,
    WinnerRule,
    explain_counters,
    explain_winner,
)

__all__ = [
    "AttemptReview",
    "AuctionRule",
    "BidExplanation",
    "CardGroup",
    "CardValue",
    "ClaimLike",
    "ClaimedLine",
    "ConcessionAdvice",
    "ConcessionEvaluation",
    "ConcessionJudgement",
    "ContractExplanation",
    "ContractOutcome",
    "CounterExplanation",
    "ExchangeAdvice",
    "ExchangeExplanation",
    "ExchangeJudgement",
    "ExchangePrinciple",
    "ExchangeRule",
    "GameEndExplanation",
    "GameEndRule",
    "GiftValue",
    "HandReview",
    "InvalidClaimError",
    "InvalidCountError",
    "InvalidGameStateError",
    "InvalidPositionError",
    "InvalidTrickResultError",
    "LegalSetExplanation",
    "MeldDiagnosis",
    "MeldExplanation",
    "MeldMistake",
    "MeldMistakeKind",
    "MeldNote",
    "MeldNoteKind",
    "MeldRule",
    "OutCount",
    "PlayAdvice",
    "PlayExplanation",
    "PlayJudgement",
    "PlayPrinciple",
    "RefusedTries",
    "StillOutExplanation",
    "TrickReview",
    "TrickWinnerExplanation",
    "WinnerRule",
    "contract_explanation",
    "count_still_out",
    "diagnose_meld",
    "explain_bid",
    "explain_call",
    "explain_contract",
    "explain_counters",
    "explain_exchange",
    "explain_game_end",
    "explain_legal",
    "explain_meld",
    "explain_pass",
    "explain_play",
    "explain_winner",
    "parse_claim",
    "review_hand",
]
