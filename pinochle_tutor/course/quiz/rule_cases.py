"""Rules exercised: which rule cases the engine finds in a quiz item.

:func:`rules_of` reads the position the way the engine sees it (the meld
breakdown and its notes, the trick case from
:func:`pinochle_tutor.course.positions.classify`, the contract's verdict, the
advisor's bid range); :func:`rules_for` is what a mark records: the rule cases
a teacher or a generator declared, else those the engine finds.

>>> from pinochle_tutor.cards import Suit, parse_cards
>>> from pinochle_tutor.course.quiz.items import TrickQuiz
>>> item = TrickQuiz(id="x", hand=parse_cards("KS 9S AC"), trick=parse_cards("AS 9H"), trump=Suit.HEARTS)
>>> [r.value for r in rules_of(item)]
['trick.follow_suit', 'trick.trumped']
"""

from __future__ import annotations

from pinochle_tutor.auction import AuctionProblem
from pinochle_tutor.coach.play import principle_fits
from pinochle_tutor.course.positions import TrickCase, classify
from pinochle_tutor.course.quiz.bidding import bid_range
from pinochle_tutor.course.quiz.items import (
    BidQuiz,
    CallQuiz,
    CountersQuiz,
    GameQuiz,
    MeldQuiz,
    PassQuiz,
    PlayQuiz,
    QuizItem,
    ScoreQuiz,
    TrickQuiz,
    WinnerQuiz,
)
from pinochle_tutor.course.quiz.play import play_view
from pinochle_tutor.course.quiz.vocabulary import QuizRule
from pinochle_tutor.explain import (
    GameEndRule,
    MeldNoteKind,
    PlayPrinciple,
    WinnerRule,
    explain_call,
    explain_counters,
    explain_exchange,
    explain_game_end,
    explain_legal,
    explain_meld,
    explain_winner,
)
from pinochle_tutor.meld import MeldKind
from pinochle_tutor.scoring import score_hand

__all__ = ["rules_for", "rules_of"]

_SINGLE_MELDS = {
    MeldKind.RUN: QuizRule.MELD_RUN,
    MeldKind.ROYAL_MARRIAGE: QuizRule.MELD_ROYAL_MARRIAGE,
    MeldKind.MARRIAGE: QuizRule.MELD_MARRIAGE,
    MeldKind.DIX: QuizRule.MELD_DIX,
    MeldKind.ACES_AROUND: QuizRule.MELD_ACES_AROUND,
    MeldKind.KINGS_AROUND: QuizRule.MELD_KINGS_AROUND,
    MeldKind.QUEENS_AROUND: QuizRule.MELD_QUEENS_AROUND,
    MeldKind.JACKS_AROUND: QuizRule.MELD_JACKS_AROUND,
    MeldKind.PINOCHLE: QuizRule.MELD_PINOCHLE,
}
_MELD_NOTES = {
    MeldNoteKind.EXTRA_ROYAL_BESIDE_RUN: QuizRule.MELD_RUN_ROYAL,
    MeldNoteKind.LONE_EXTRA_BESIDE_RUN: QuizRule.MELD_RUN_LONE_EXTRA,
    MeldNoteKind.SHARED_CARD: QuizRule.MELD_SHARED_CARD,
    MeldNoteKind.INCOMPLETE_SECOND_SET: QuizRule.MELD_INCOMPLETE_DOUBLE,
}
_TRICK_CASES: dict[TrickCase, frozenset[QuizRule]] = {
    TrickCase.FOLLOW_SUIT: frozenset({QuizRule.TRICK_FOLLOW_SUIT}),
    TrickCase.MUST_BEAT: frozenset({QuizRule.TRICK_FOLLOW_SUIT, QuizRule.TRICK_BEAT}),
    TrickCase.TRUMPED_TRICK: frozenset({QuizRule.TRICK_FOLLOW_SUIT, QuizRule.TRICK_TRUMPED}),
    TrickCase.MUST_TRUMP: frozenset({QuizRule.TRICK_TRUMP}),
    TrickCase.MUST_OVERTRUMP: frozenset({QuizRule.TRICK_TRUMP, QuizRule.TRICK_OVER_TRUMP}),
    TrickCase.CANNOT_OVERTRUMP: frozenset({QuizRule.TRICK_TRUMP}),
    TrickCase.DISCARD: frozenset({QuizRule.TRICK_DISCARD}),
}
"""The rule cases each trick case of :func:`~pinochle_tutor.course.positions.classify` exercises."""


def _meld_rules(item: MeldQuiz) -> set[QuizRule]:
    ex = explain_meld(item.hand, item.trump, item.rule_set)
    out: set[QuizRule] = set()
    for line in ex.items:
        if line.multiple < 2:
            out.add(_SINGLE_MELDS[line.kind])
        elif line.kind is MeldKind.RUN:
            out.add(QuizRule.MELD_DOUBLE_RUN)
        elif line.kind is MeldKind.PINOCHLE:
            out.add(QuizRule.MELD_DOUBLE_PINOCHLE)
        else:
            out.add(QuizRule.MELD_DOUBLE_AROUND)
    out.update(_MELD_NOTES[n.kind] for n in ex.notes if n.kind in _MELD_NOTES)
    if not ex.items:
        out.add(QuizRule.MELD_NONE)
    return out


def _trick_rules(item: TrickQuiz) -> set[QuizRule]:
    if not item.trick:
        return {QuizRule.TRICK_LEAD}
    out = set(_TRICK_CASES[classify(item.hand, item.trick, item.trump, item.rule_set)])
    if explain_legal(item.hand, item.trick, item.trump, item.rule_set).partner_winning:
        out.add(QuizRule.TRICK_PARTNER_WINNING)
    return out


def _score_rules(item: ScoreQuiz) -> set[QuizRule]:
    s = score_hand(
        item.bid, item.bidder_meld, item.bidder_tricks, item.defender_meld,
        item.defender_tricks, item.rule_set, item.conceded,
    )  # fmt: skip
    out: set[QuizRule] = set()
    defenders = item.ask == "defenders"
    if defenders:
        out.add(QuizRule.SCORE_DEFENDERS)
    if s.conceded:
        out.add(QuizRule.SCORE_CONCESSION)
        return out
    if s.set_no_tricks:
        out.add(QuizRule.SCORE_SET)
    elif s.made:
        out.add(QuizRule.SCORE_MADE)
    else:
        out.add(QuizRule.SCORE_MISSED)
    if defenders and item.defender_meld and not s.defender_meld_kept:
        out.add(QuizRule.SCORE_MELD_SAVE)
    if not defenders and item.bidder_meld and not s.bidder_meld_kept:
        out.add(QuizRule.SCORE_MELD_SAVE)
    return out


def _bid_rules(item: BidQuiz) -> set[QuizRule]:
    if bid_range(item).advised is None:
        return {QuizRule.BID_PASS}
    return {QuizRule.BID_OPEN if item.auction().high_bid is None else QuizRule.BID_RAISE}


def _winner_rules(item: WinnerQuiz) -> set[QuizRule]:
    e = explain_winner(item.trick, item.trump, item.rule_set)
    out = {QuizRule.WINNER_TRUMP if e.winning_card.suit == item.trump else QuizRule.WINNER_LED_SUIT}
    if e.rule is WinnerRule.FIRST_OF_IDENTICAL:
        out.add(QuizRule.WINNER_FIRST_IDENTICAL)
    return out


def _counters_rules(item: CountersQuiz) -> set[QuizRule]:
    e = explain_counters(item.cards, item.rule_set, item.last_trick)
    out = {QuizRule.COUNTERS_CARDS if e.counters else QuizRule.COUNTERS_NONE}
    if e.bonus:
        out.add(QuizRule.COUNTERS_LAST_TRICK)
    return out


_CALL_PROBLEMS = {
    AuctionProblem.BELOW_OPENING: QuizRule.CALL_OPENING,
    AuctionProblem.NOT_MULTIPLE: QuizRule.CALL_INCREMENT,
    AuctionProblem.NOT_ABOVE: QuizRule.CALL_RAISE,
    AuctionProblem.ALREADY_PASSED: QuizRule.CALL_PASS_FINAL,
}
"""The rule case of each auction problem a legal-call question can show."""


def _call_rules(item: CallQuiz) -> set[QuizRule]:
    e = explain_call(item.auction(), item.caller, item.call)
    if e.legal:
        return {QuizRule.CALL_LEGAL}
    rule = _CALL_PROBLEMS.get(e.problem) if e.problem is not None else None
    return {rule} if rule is not None else set()


PRINCIPLE_RULES = {
    PlayPrinciple.FEED_PARTNER: QuizRule.PLAY_FEED_PARTNER,
    PlayPrinciple.SAVE_COUNTER: QuizRule.PLAY_SAVE_COUNTER,
    PlayPrinciple.CHEAPEST_WINNER: QuizRule.PLAY_CHEAPEST_WINNER,
    # POINTS_NOT_TRICKS is left out: rule 2 (beat the winning card if you can) leaves a
    # choice between a winner and a loser only after a void, so dealt hands almost never
    # show it (no bank item or generated question could be found for it).
    PlayPrinciple.TRACK_BOTH_COPIES: QuizRule.PLAY_TRACK_BOTH_COPIES,
    PlayPrinciple.CASH_SURE_WINNER: QuizRule.PLAY_CASH_SURE_WINNER,
    PlayPrinciple.DRAW_TRUMP: QuizRule.PLAY_DRAW_TRUMP,
    PlayPrinciple.LEAD_TO_PARTNER_VOID: QuizRule.PLAY_LEAD_TO_PARTNER_VOID,
    PlayPrinciple.REMEMBER_EXPOSED_MELD: QuizRule.PLAY_REMEMBER_EXPOSED_MELD,
    PlayPrinciple.KEEP_GUARD: QuizRule.PLAY_KEEP_GUARD,
}
"""The rule case of each play principle the position can suggest."""


def _play_rules(item: PlayQuiz) -> set[QuizRule]:
    """The principles that apply in the position (read from what the seat knows, no
    evaluation); ``play.numbers`` when none does."""
    fits = principle_fits(play_view(item))
    out = {PRINCIPLE_RULES[f.principle] for f in fits if f.principle in PRINCIPLE_RULES}
    return out or {QuizRule.PLAY_NUMBERS}


def _pass_rules(item: PassQuiz) -> set[QuizRule]:
    e = explain_exchange(item.hand, (), item.trump, item.rule_set, item.role)
    out = {QuizRule.PASS_COUNT}
    if e.hand_meld:
        out.add(QuizRule.PASS_KEEP_MELD)
    if item.role == "return":
        out.add(QuizRule.PASS_RETURN)
    if item.role == "discard":
        out.add(QuizRule.PASS_DISCARD)
    return out


_GAME_RULES = {
    GameEndRule.NOT_REACHED: QuizRule.GAME_NOT_REACHED,
    GameEndRule.ONE_REACHED: QuizRule.GAME_REACHED,
    GameEndRule.BIDDERS_FIRST: QuizRule.GAME_BIDDERS_FIRST,
    GameEndRule.HIGHEST: QuizRule.GAME_HIGHEST,
}


def _game_rules(item: GameQuiz) -> set[QuizRule]:
    return {_GAME_RULES[explain_game_end(item.before, item.changes, item.bidders, item.rule_set).rule]}


def rules_of(item: QuizItem) -> tuple[QuizRule, ...]:
    """The rule cases ``item`` exercises, as the engine sees the position (not the
    ones a teacher declared), in :class:`QuizRule` order. For a bidding question
    this runs the advisor (cached per hand)."""
    if isinstance(item, MeldQuiz):
        found = _meld_rules(item)
    elif isinstance(item, TrickQuiz):
        found = _trick_rules(item)
    elif isinstance(item, ScoreQuiz):
        found = _score_rules(item)
    elif isinstance(item, WinnerQuiz):
        found = _winner_rules(item)
    elif isinstance(item, CountersQuiz):
        found = _counters_rules(item)
    elif isinstance(item, CallQuiz):
        found = _call_rules(item)
    elif isinstance(item, PlayQuiz):
        found = _play_rules(item)
    elif isinstance(item, PassQuiz):
        found = _pass_rules(item)
    elif isinstance(item, GameQuiz):
        found = _game_rules(item)
    else:
        found = _bid_rules(item)
    return tuple(r for r in QuizRule if r in found)


def rules_for(item: QuizItem) -> tuple[QuizRule, ...]:
    """The rule cases a mark for ``item`` records: the declared ``item.rules``, or
    when none were declared, the ones the engine finds (:func:`rules_of`)."""
    return item.rules or rules_of(item)
