"""Pinochle Tutor's engine: the rules of four-handed partnership Pinochle (and its
double-deck and three-handed versions), exactly, with reasons.

>>> from pinochle_tutor import meld, check_play, score_hand
>>> meld("AH 10H KH QH JH KH QH", "H").total          # run + extra royal marriage
190
>>> check_play("KC 9C AH", ["KC"], "H", "AH").rule      # you hold clubs: follow suit
<TrickRule.FOLLOW_SUIT: 1>
>>> score_hand(320, 180, 160, 0, 90).bidder             # the seed's example
340

Hands and tricks are sequences of :class:`Card` (or one string of card texts such
as ``"AS 10S KS"``); a trick is in play order, the led card first. Suits may be a
:class:`Suit`, a letter or a symbol. Queries never raise for a wrong play or bid;
parsers and actions raise narrow :class:`PinochleError` subclasses whose message
quotes the input.

This package imports nothing from Jupyter; the widgets live in ``pinochle_widgets``.
"""

from pinochle_tutor.auction import Auction, AuctionProblem, BidVerdict, IllegalBidError
from pinochle_tutor.cards import (
    Card,
    InvalidCardError,
    InvalidSuitError,
    Rank,
    Suit,
    all_cards,
    cards_text,
    parse_card,
    parse_cards,
    parse_rank,
    parse_suit,
    sort_hand,
)
from pinochle_tutor.deal import Deal, InvalidDealError, deal, make_deck, next_dealer
from pinochle_tutor.errors import IllegalActionError, PinochleError
from pinochle_tutor.exchange import IllegalExchangeError
from pinochle_tutor.game import GameRecord, Hand, OutOfTurnError, play_game, play_hand
from pinochle_tutor.hands import InvalidHandError
from pinochle_tutor.meld import MeldItem, MeldKind, MeldReport, meld, meld_points
from pinochle_tutor.players import InvalidPlayersError, Player, RandomPlayer
from pinochle_tutor.rules import (
    CLASSIC,
    DOUBLE_DECK,
    PRESETS,
    THREE_HANDED,
    InvalidRulesError,
    InvalidSeatError,
    MeldTable,
    RuleSet,
    check_seat,
    rules_named,
)
from pinochle_tutor.scoring import (
    HandScore,
    InvalidPointsError,
    check_hand,
    game_winner,
    meld_ceiling,
    minimum_tricks,
    possible_meld,
    reachable_trick_points,
    score_changes,
    score_hand,
    score_sides,
    trick_points,
)
from pinochle_tutor.tricks import (
    IllegalPlayError,
    InvalidTrickError,
    PlayVerdict,
    TrickRule,
    check_play,
    legal_plays,
    trick_winner,
)
from pinochle_tutor.view import IllegalAttempt, Phase, PlayerView, TrickRecord

__version__ = "0.1.0"

__all__ = [
    "CLASSIC",
    "DOUBLE_DECK",
    "PRESETS",
    "THREE_HANDED",
    "Auction",
    "AuctionProblem",
    "BidVerdict",
    "Card",
    "Deal",
    "GameRecord",
    "Hand",
    "HandScore",
    "IllegalActionError",
    "IllegalAttempt",
    "IllegalBidError",
    "IllegalExchangeError",
    "IllegalPlayError",
    "InvalidCardError",
    "InvalidDealError",
    "InvalidHandError",
    "InvalidPlayersError",
    "InvalidPointsError",
    "InvalidRulesError",
    "InvalidSeatError",
    "InvalidSuitError",
    "InvalidTrickError",
    "MeldItem",
    "MeldKind",
    "MeldReport",
    "MeldTable",
    "OutOfTurnError",
    "Phase",
    "PinochleError",
    "PlayVerdict",
    "Player",
    "PlayerView",
    "RandomPlayer",
    "Rank",
    "RuleSet",
    "Suit",
    "TrickRecord",
    "TrickRule",
    "all_cards",
    "cards_text",
    "check_hand",
    "check_play",
    "check_seat",
    "deal",
    "game_winner",
    "legal_plays",
    "make_deck",
    "meld",
    "meld_ceiling",
    "meld_points",
    "minimum_tricks",
    "next_dealer",
    "parse_card",
    "parse_cards",
    "parse_rank",
    "parse_suit",
    "play_game",
    "play_hand",
    "possible_meld",
    "reachable_trick_points",
    "rules_named",
    "score_changes",
    "score_hand",
    "score_sides",
    "sort_hand",
    "trick_points",
    "trick_winner",
]
