"""The worked examples and checks of the end of the game (lesson 9) and of the other
versions (lesson 8: the same hand under each rule set)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from pinochle_tutor.cards import CardLike, SuitLike, parse_suit, sort_hand
from pinochle_tutor.hands import as_cards
from pinochle_tutor.meld import meld
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.scoring import score_hand
from pinochle_tutor.words import Side, listed, stated_numbers

if TYPE_CHECKING:
    pass
from pinochle_tutor.course.worked.steps import CheckQuestion, WorkedExample, WorkedStep

__all__ = ["game_end_check", "game_end_example", "versions_example"]


# ------------------------------------------------------- lesson 9: the end of the game
def _scores_before(before: Sequence[int], rules: RuleSet) -> str:
    """``'your side 1170 and the other side 1350'``: each side's running score, named
    as a game-end question names it."""
    from pinochle_tutor.explain.game_end import side_label

    return listed([f"{side_label(k, rules)} {v}" for k, v in enumerate(before)])


def game_end_example(rules: RuleSet = CLASSIC) -> WorkedExample:
    """The last hand of a game, twice: the contract made (your side reaches the target
    alone and wins) and missed (nobody reaches it; the game goes on). The scores and
    the verdicts are the engine's (``score_hand``, ``explain_game_end``)."""
    from pinochle_tutor.course.lesson_facts import worked_contract
    from pinochle_tutor.explain.game_end import explain_game_end, side_label

    ex = worked_contract(rules)
    total, target = rules.total_trick_points, rules.target
    unit = max(1, rules.bid_increment)
    made = score_hand(ex.bid, ex.meld, ex.made_tricks, 0, total - ex.made_tricks, rules)
    short = score_hand(ex.bid, ex.meld, ex.short_tricks, 0, total - ex.short_tricks, rules)
    before = [target // 2] * rules.sides
    before[0] = target - made.bidder + unit
    before[1] = max(0, target - max(made.defender, short.defender) - 3 * unit)
    won = [0] * rules.sides
    won[0], won[1] = made.bidder, made.defender
    lost = [0] * rules.sides
    lost[0], lost[1] = short.bidder, short.defender
    e_won = explain_game_end(before, won, 0, rules)
    e_lost = explain_game_end(before, lost, 0, rules)
    you, other = side_label(0, rules), side_label(1, rules)
    bids, makes = ("bids", "makes") if rules.partnerships else ("bid", "make")
    scores = _scores_before(before, rules)

    steps = (
        WorkedStep(
            f"Game is **{target}**. Before the last hand the scores are: {scores}.",
            numbers=(target, *before),
        ),
        WorkedStep(
            f"**Made**: {you.capitalize()} {bids} {ex.bid} and {makes} it, "
            f"**{made.bidder:+d}**; {other} takes {total - ex.made_tricks} trick points and "
            f"shows no meld, {made.defender:+d}. {e_won.text}",
            numbers=(
                ex.bid,
                made.bidder,
                total - ex.made_tricks,
                made.defender,
                *stated_numbers(e_won.text),
            ),
        ),
        WorkedStep(
            f"**Missed**: had {you} taken only {ex.short_tricks} trick points, the contract "
            f"would score **{short.bidder:+d}** and {other} {short.defender:+d}. "
            f"{e_lost.text}",
            numbers=(ex.short_tricks, short.bidder, short.defender, *stated_numbers(e_lost.text)),
        ),
    )
    return WorkedExample("The end of a game: made and missed", rules, steps)


def game_end_check(rules: RuleSet = CLASSIC) -> CheckQuestion:
    """Both sides pass the target on the same hand: who has won? The bidders, who made
    their contract, though the other side has more (the winner is the engine's,
    :func:`~pinochle_tutor.explain.game_end.explain_game_end`)."""
    from pinochle_tutor.course.lesson_facts import worked_contract
    from pinochle_tutor.explain.game_end import explain_game_end, side_label

    ex = worked_contract(rules)
    total, target = rules.total_trick_points, rules.target
    theirs = total - ex.made_tricks
    s = score_hand(ex.bid, ex.meld, ex.made_tricks, 0, theirs, rules)
    unit = max(1, rules.bid_increment)
    bidders = 1
    changes = [0] * rules.sides
    changes[0], changes[bidders] = s.defender, s.bidder
    after = [target // 2] * rules.sides
    after[bidders] = target + unit
    # Your side ends higher, so the rule that decides is the bidders' contract.
    after[0] = target + min(3 * unit, max(unit + 1, s.defender - 1))
    before = [a - c for a, c in zip(after, changes, strict=True)]
    if max(before) >= target or s.defender <= unit:  # a house rule too odd for this check
        before[0] = target - 1 - 2 * unit
    e = explain_game_end(before, changes, bidders, rules)
    label = {side: side_label(side, rules) for side in range(rules.sides)}
    choices = (*(label[side].capitalize() for side in range(rules.sides)), "Nobody yet")
    answer = "Nobody yet" if e.winner is None else label[e.winner].capitalize()
    scores = _scores_before(before, rules)
    who_bid = "The other side" if rules.partnerships else label[bidders].capitalize()
    you = Side(rules.partnerships).us_do("take")
    wrong = {label[side].capitalize(): e.why_not(side) for side in range(rules.sides)
             if side != e.winner}  # fmt: skip
    if e.winner is not None:
        wrong["Nobody yet"] = e.why_not(None)
    return CheckQuestion(
        f"Game is {target}. Before the last hand the scores are: {scores}. {who_bid} bids "
        f"{ex.bid} and makes it, scoring {s.bidder:+d}; {you} {theirs} trick points and "
        f"show{'s' if rules.partnerships else ''} no meld, {s.defender:+d}. Who has won the game?",
        choices,
        answer,
        e.text,
        wrong,
    )


# ------------------------------------------------------- lesson 8: other versions
def versions_example(hand: Iterable[CardLike] | str, trump: SuitLike,
                     rule_sets: Sequence[RuleSet]) -> WorkedExample:  # fmt: skip
    """The same hand's meld, lesson 6's example contract (the rules text's, scaled to
    the rule set's trick points: :func:`~.lesson_facts.worked_contract`) and the game
    under each rule set. The contract is no measure of what is bid in play."""
    from pinochle_tutor.course.lesson_facts import worked_contract

    cards = tuple(sort_hand(as_cards(hand)))
    t = parse_suit(trump)
    steps = []
    for r in rule_sets:
        m = meld(cards, t, r)
        ex = worked_contract(r)
        lines = listed([f"{i.name} {i.points}" for i in m.items]) or "nothing"
        part = (
            f"These {len(cards)} cards are part of a hand (a whole one holds {r.hand_size}, "
            "so it may meld more); they meld"
            if len(cards) < r.hand_size
            else "This hand melds"
        )
        preset = " (this site's preset)" if r.is_preset else ""
        steps.append(
            WorkedStep(
                f"**{r.title}**{preset}: "
                f"{r.deck_size} cards, {r.hand_size} each. "
                f"{part} {lines}: **{m.total}**. Lesson 6's example contract, on this "
                f"scale, is {ex.bid} points, meld and trick points together (the tricks "
                f"hold {r.total_trick_points} trick points in all); game is {r.target}.",
                cards,
                numbers=(
                    r.deck_size,
                    r.hand_size,
                    len(cards),
                    *(i.points for i in m.items),
                    m.total,
                    ex.bid,
                    r.total_trick_points,
                    r.target,
                ),
            )
        )
    return WorkedExample("The same hand under each version", rule_sets[0], tuple(steps))
