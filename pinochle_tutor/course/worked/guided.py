"""Lesson 7's guided hand: a whole hand played by the computer and told trick by trick
from seat 0's chair, each tip of the rules text where it comes up, the turns where
the learner decides as a tip says, the coach's comment on the card picked, and the
check on feeding a partner."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from pinochle_tutor.bots.heuristic import HeuristicPlayer
from pinochle_tutor.cards import Card, CardLike, Rank, Suit, SuitLike, sort_hand
from pinochle_tutor.course.content import Said, read_sentences, text_file
from pinochle_tutor.course.tips import Tip
from pinochle_tutor.course.worked.meld_and_play import score_check
from pinochle_tutor.course.worked.steps import (
    CheckQuestion,
    WorkedExample,
    WorkedStep,
    _does,
    _texts,
    _who,
    _whose,
)
from pinochle_tutor.explain.coaching import PlayPrinciple
from pinochle_tutor.game import Hand
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.scoring import minimum_tricks, trick_points
from pinochle_tutor.sim.valuation import estimate_hand, hand_counts
from pinochle_tutor.tricks import check_play, legal_plays, trick_winner
from pinochle_tutor.view import PlayerView, seat_name
from pinochle_tutor.words import Side, listed, number_word, plural

if TYPE_CHECKING:
    from pinochle_tutor.coach.play_principles import PrincipleFit

Comment = Callable[[PlayerView, CardLike, Card], tuple[bool, str]]
"""A tutor's comment on a card picked: (your view, the card picked, the card played in the
hand) to (whether it is legal, the words)."""

__all__ = [
    "COMMENT_SAMPLES",
    "FEED_CHECK_SEEDS",
    "GUIDED_SEEDS",
    "GuidedDecision",
    "GuidedHand",
    "coach_comment",
    "feed_check",
    "fresh_feed_check",
    "guided_decisions",
    "guided_hand",
    "guided_seed",
    "learner_turns",
    "secure",
    "strategy_check",
]


# ----------------------------------------------------- lesson 7: a guided hand
@dataclass(frozen=True)
class GuidedDecision:
    """A turn of the guided hand where you (seat 0) decide as one of the tips says:
    the tip, and the question put to you before you pick a card (never the answer).
    The coach judges the card you pick with the same evaluation as its hints."""

    tip: Tip
    question: str


@dataclass(frozen=True)
class GuidedHand:
    """A whole hand played by the computer on a seeded deal, stepped trick by trick
    from seat 0's chair, with each tip of the rules text told at the step where it
    comes up (``tips``: tip -> step index), and the turns where you decide as a tip
    says (``decisions``: step index -> :class:`GuidedDecision`)."""

    example: WorkedExample
    hand: Hand
    tips: dict[Tip, int]
    play_hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards when trick play began."""
    decisions: dict[int, GuidedDecision] = field(default_factory=dict)
    comment: Comment | None = None
    """What the tutor says of a card you pick (your view, the card, the card played in
    the hand): ``None`` for :func:`coach_comment`; lesson 14's names the plan
    (:func:`~pinochle_tutor.course.worked.declarer_plan.plan_comment`)."""


GUIDED_SEEDS: dict[str, int] = {"classic": 18263, "double_deck": 1025, "three_handed": 54}
"""The deal of each preset's guided hand (found as :func:`guided_seed` searches, over
more deals): you are the declarer, and your turns include the decisions of every play
tip, each where the coach agrees with it (three-handed: all but feeding a partner, as
nobody has one)."""

_DECISION_TIPS = {
    PlayPrinciple.FEED_PARTNER: Tip.FEED_PARTNER,
    PlayPrinciple.TRACK_BOTH_COPIES: Tip.BOTH_COPIES,
    PlayPrinciple.REMEMBER_EXPOSED_MELD: Tip.EXPOSED_CARDS,
    PlayPrinciple.SAVE_COUNTER: Tip.POINTS_NOT_TRICKS,
    PlayPrinciple.POINTS_NOT_TRICKS: Tip.POINTS_NOT_TRICKS,
}
"""The coach's play principles (:func:`~pinochle_tutor.coach.play_principles.principle_fits`)
that are a tip's decision, and the tip."""


def _decision_question(fit: PrincipleFit, view: PlayerView) -> str:
    """The tip's question at ``view``, asked before you pick: what to weigh, not the card."""
    p, rules = fit.principle, view.rules
    side = Side(rules.partnerships).us
    if p is PlayPrinciple.FEED_PARTNER:
        assert view.trump is not None
        win = view.trick[trick_winner(view.trick, view.trump)]
        if len(view.trick) == rules.players - 1:
            return (
                f"Feed your partner points when it is safe: your partner's {win.text} is "
                "winning this trick, and you play last. What do you add?"
            )
        return (
            f"Feed your partner points when it is safe: your partner's {win.text} is winning "
            "this trick. Can anyone still to play beat it, and what do you add?"
        )
    if p is PlayPrinciple.SAVE_COUNTER:
        return f"Points, not tricks: can {side} still win this trick? If not, what do you give it?"
    if p is PlayPrinciple.POINTS_NOT_TRICKS:
        return "Points, not tricks: this trick holds no counter yet. Is it worth winning?"
    if p is PlayPrinciple.TRACK_BOTH_COPIES:
        return (
            "Track every copy: which of your cards are sure winners in their suits? Count "
            "every copy of the higher cards: played, in your hand, or still out."
        )
    return (
        "Remember the exposed cards: what did the opponents show in meld, and which of "
        "your counters would those cards capture?"
    )


COMMENT_SAMPLES = 32
"""The imagined deals behind the coach's comment on a card picked in the guided hand
(:func:`coach_comment`), and behind the check that the coach agrees with a tip."""


def guided_decisions(hand: Hand, seat: int = 0) -> dict[int, GuidedDecision]:
    """The turns of ``hand`` where ``seat`` decides as a play tip says, by trick number
    (1 for the first): the first turn for each tip, read by the coach's own
    :func:`~pinochle_tutor.coach.play_principles.principle_fits` from what the seat knew, where
    the coach's comment (:func:`coach_comment`'s evaluation) plays a card the tip
    allows; a tip the coach would overrule at that turn is not asked there."""
    from pinochle_tutor.coach.play import advise_play, evaluate_play, play_decisions
    from pinochle_tutor.coach.play_principles import principle_fits

    out: dict[int, GuidedDecision] = {}
    tips: set[Tip] = set()
    for k, view, _card in play_decisions(hand, seat):
        for fit in principle_fits(view):
            tip = _DECISION_TIPS.get(fit.principle)
            if tip is None or tip in tips or k in out:
                continue
            ev = evaluate_play(view, samples=COMMENT_SAMPLES, seed=0)
            if advise_play(view, ev).card not in fit.cards:
                continue
            tips.add(tip)
            out[k] = GuidedDecision(tip, _decision_question(fit, view))
    return out


def _guided_deal(rules: RuleSet, seed: int) -> Hand:
    from pinochle_tutor.game import play_hand

    return play_hand([HeuristicPlayer() for _ in range(rules.players)], 0, rules, seed=seed)


def play_hands(hand: Hand) -> tuple[tuple[Card, ...], ...]:
    """Each seat's cards when trick play began, read from a finished hand's tricks
    (sorted as a hand is shown)."""
    return tuple(
        tuple(
            sort_hand(
                c for t in hand.tricks for c, s in zip(t.cards, t.seats, strict=True) if s == seat
            )
        )
        for seat in range(hand.rules.players)
    )


def guided_seed(rules: RuleSet = CLASSIC, start: int = 0, tries: int = 120) -> int:
    """The deal for the guided hand under ``rules``: a preset's pinned one
    (:data:`GUIDED_SEEDS`), else of ``tries`` deals from ``start`` the first where
    seat 0 becomes the declarer with the most tip decisions (:func:`guided_decisions`)."""
    if start == 0 and rules.is_preset and rules.name in GUIDED_SEEDS:
        return GUIDED_SEEDS[rules.name]
    best, most = start, -1
    for seed in range(start, start + tries):
        hand = _guided_deal(rules, seed)
        if hand.declarer != 0:
            continue
        found = len({d.tip for d in guided_decisions(hand).values()})
        if found > most:
            best, most = seed, found
        if found >= (4 if rules.partnerships else 3):
            break
    return best


WORDS_FILE = "guided.toml"
"""The words of lesson 7's guided hand that the module says (``text/guided.toml``)."""

WORDS_FIELDS: Mapping[str, tuple[str, ...]] = {
    "missed": ("need", "taken"),
    "missed_count": ("count", "trump", "contract", "dealt"),
    "overbid": ("count", "trump", "need", "contract", "dealt"),
    "stuck": ("stuck_bid",),
}
"""Each sentence of :data:`WORDS_FILE` and the numbers it may say."""


@cache
def _words() -> dict[str, Said]:
    return read_sentences(WORDS_FILE, text_file(WORDS_FILE), WORDS_FIELDS, "a sentence of the hand")


def _say(name: str, rules: RuleSet, **values: object) -> str:
    return _words()[name].under(rules).format(**values)


def _play_need(hand: Hand, need: int) -> int:
    """What the play itself must capture of ``need``: three-handed, the declarer's
    discards already hold some trick points, and the count leaves them apart."""
    if not hand.rules.has_kitty:
        return need
    return max(0, need - trick_points(hand.discards, hand.rules))


def _count_short(hand: Hand, kept: Sequence[Card], need: int | None) -> int | None:
    """The count lesson 7 teaches (:func:`~pinochle_tutor.sim.policy.estimate_hand`,
    the computer players' own) of your cards as dealt (a three-handed declarer's as kept
    after the discard, which the count is fitted on, the discards apart) when it falls
    short of what the play must capture of ``need`` (:func:`_play_need`); ``None`` when
    it does not, or nothing is needed."""
    rules = hand.rules
    assert hand.trump is not None
    if need is None:
        return None
    cards = hand.deal.hands[0] if rules.partnerships else kept
    count = round(estimate_hand(hand_counts(cards), int(hand.trump), rules))
    return count if count < _play_need(hand, need) else None


def _dealt(hand: Hand) -> tuple[str, tuple[int, ...]]:
    """Your aces and trumps as dealt, in words (the count is of the dealt hand; the hand
    the page shows is after the exchange), and the two numbers."""
    assert hand.trump is not None
    cards = hand.deal.hands[0]
    aces = sum(1 for c in cards if c.rank == Rank.ACE)
    trumps = sum(1 for c in cards if c.suit == hand.trump)
    return f"{plural(aces, 'ace')} and {plural(trumps, 'trump')}", (aces, trumps)


def _why_missed(
    hand: Hand, kept: Sequence[Card], meld: int, taken: int
) -> tuple[str, tuple[int, ...]]:
    """Why a missed contract was missed: what the tricks had to bring and brought, and,
    when the count of your cards fell short of it (:func:`_count_short`), that count.
    Nothing for a contract made."""
    rules = hand.rules
    assert hand.contract is not None and hand.trump is not None
    need = minimum_tricks(hand.contract, meld, rules)
    if hand.made or need is None:
        return "", ()
    text = " " + _say("missed", rules, need=need, taken=taken)
    count = _count_short(hand, kept, need)
    if count is None:
        return text, (need, taken)
    dealt, dealt_numbers = _dealt(hand)
    text += " " + _say(
        "missed_count", rules, count=count, trump=hand.trump.plural, contract=hand.contract,
        dealt=dealt,
    )
    return text, (need, taken, count, *dealt_numbers)


def secure(trick: Sequence[Card], later: Sequence[Sequence[Card]], trump: SuitLike) -> bool:
    """Whether the card winning ``trick`` still wins whatever the players still to
    play (their hands in ``later``, in turn) legally add: none of them holds a legal
    card that would take the trick."""
    played = list(trick)
    for cards in later:
        now = trick_winner(played, trump)
        if any(trick_winner([*played, c], trump) != now for c in legal_plays(cards, played, trump)):
            return False
        played.append(played[now])  # any legal card loses; the winner stays the same
    return True


def guided_hand(rules: RuleSet = CLASSIC, seed: int | None = None) -> GuidedHand:
    """Play the seeded hand with computer players in every seat and tell it trick by
    trick from seat 0's chair; at your turns, the tips' decisions are yours
    (:func:`guided_decisions`). ``seed=None``: the deal :func:`guided_seed` picks, in
    which you are the declarer."""
    hand = _guided_deal(rules, guided_seed(rules) if seed is None else seed)
    assert hand.melds is not None and hand.trump is not None and hand.contract is not None
    assert hand.declarer is not None
    trump, me = hand.trump, 0
    partner = rules.partner(me)
    play = play_hands(hand)
    mine = play[me]
    tips: dict[Tip, int] = {}
    steps: list[WorkedStep] = []

    def add(step: WorkedStep, *tip: Tip) -> None:
        for x in tip:
            tips.setdefault(x, len(steps))
        steps.append(step)

    ours = rules.side(hand.declarer) == rules.side(me)
    side_meld = sum(
        hand.melds[s].total for s in range(rules.players) if rules.side(s) == rules.side(me)
    )
    need = minimum_tricks(hand.contract, side_meld, rules) if ours else None
    # Three-handed: the declarer's discards are trick points of theirs before play.
    discarded = trick_points(hand.discards, rules) if ours and rules.has_kitty else 0
    who = Side(rules.partnerships).us
    shows = "shows" if partner is not None else "show"
    contract = (
        f"{_does(hand.declarer, rules, 'win', True)} the auction at **{hand.contract}** and "
        f"{'name' if hand.declarer == me else 'names'} {trump.plural} trump."
    )
    stuck: tuple[int, ...] = ()
    if hand.auction.stuck:  # below the opening bid under some house rules: say why
        contract += " " + _say("stuck", rules, stuck_bid=rules.stuck_bid)
        stuck = (rules.stuck_bid,)
    if rules.has_kitty and hand.declarer is not None:
        took = _does(hand.declarer, rules, "take", False)
        add(
            WorkedStep(
                f"{contract} The kitty, turned face up for everyone, held "
                f"{_texts(hand.deal.kitty)}; {took} it and discard"
                f"{'' if hand.declarer == me else 's'} {_texts(hand.discards)} face down: "
                f"**{trick_points(hand.discards, rules)}** trick points for the declarer.",
                hand.deal.kitty,
                numbers=(hand.contract, trick_points(hand.discards, rules), *stuck),
            )
        )
        contract = ""
    if ours and need is not None:
        still = _play_need(hand, need)
        if side_meld >= hand.contract:
            plan = (
                f"already at or above the bid, but it is kept only with at least "
                f"**{need}** {'trick point' if need == 1 else 'trick points'}"
            )
        else:
            plan = f"so the tricks must bring at least **{need}** of the {rules.total_trick_points}"
        held = f"; the discards already hold **{discarded}**" if discarded else ""
        left_to_win = ""
        if discarded:
            left_to_win = (
                f", so the play must still capture **{still}**"
                if still
                else ", so the contract is made before the first card is played"
            )
        add(
            WorkedStep(
                f"{contract} Count first: {who} {shows} **{side_meld}** meld, {plan}{held}"
                f"{left_to_win}.".strip(),
                mine,
                numbers=(hand.contract, side_meld, need, rules.total_trick_points, discarded, still,
                         *stuck),
            ),
            Tip.COUNT_FIRST,
        )  # fmt: skip
    else:
        add(
            WorkedStep(
                f"{contract} Your hand for the play:".strip(), mine, numbers=(hand.contract, *stuck)
            )
        )
    aces = sum(1 for c in mine if c.rank == Rank.ACE)
    trumps = sum(1 for c in mine if c.suit == trump)
    strength = (
        f"Tricks come from aces and trump: you hold {plural(aces, 'ace')} and "
        f"{plural(trumps, 'trump')}."
    )
    if need is not None and side_meld < hand.contract:
        alone = (
            f"Meld alone makes no contract: {side_meld} meld is {hand.contract - side_meld} "
            f"short of the {hand.contract} contract, and the rest must be won in tricks."
        )
        said: tuple[int, ...] = (side_meld, hand.contract - side_meld, hand.contract)
    elif need is not None:
        alone = (
            f"Meld alone is not enough either: without "
            f"{plural(rules.meld_save, 'trick point')} the {side_meld} meld is lost, and the "
            "contract with it."
        )
        said = (rules.meld_save, side_meld)
    else:
        alone = f"Your own meld is {hand.melds[me].total}; in the play, every counter counts."
        said = (hand.melds[me].total,)
    warning, warned = "", tuple[int, ...]()
    short = _count_short(hand, mine, need) if ours else None
    if short is not None and need is not None:
        dealt, dealt_numbers = _dealt(hand)
        play_need = _play_need(hand, need)
        warning = " " + _say(
            "overbid", rules, count=short, trump=trump.plural, need=play_need,
            contract=hand.contract, dealt=dealt,
        )  # fmt: skip
        warned = (short, play_need, hand.contract, *dealt_numbers)
    add(
        WorkedStep(f"{alone} {strength}{warning}", mine, numbers=(*said, aces, trumps, *warned)),
        Tip.MELD_ALONE,
    )
    exposed: list[tuple[Card, int]] = []  # every copy shown, by whom
    for s in range(rules.players):
        if s != me and (partner is None or s != partner):
            for c in hand.melds[s].shown_cards:
                if c.rank == Rank.ACE or c.suit == trump:
                    exposed.append((c, s))
    if exposed:
        by_seat = {s: sort_hand(c for c, x in exposed if x == s) for _, s in exposed}
        add(
            WorkedStep(
                "Remember the exposed cards. The aces and trumps among the opponents' meld: "
                + "; ".join(
                    f"{_does(s, rules, 'show', False)} {_texts(cs)}" for s, cs in by_seat.items()
                )
                + ". You know where those cards are (the rest of their meld is shown too, but"
                " aces and trumps are the cards most likely to take your counters).",
                tuple(sort_hand(c for c, _ in exposed)),
            ),
            Tip.EXPOSED_CARDS,
        )
    seen: Counter[Card] = Counter()
    still_shown = Counter(exposed)
    left = [list(h) for h in play]
    for k, t in enumerate(hand.tricks, 1):
        names = tuple(seat_name(s, me, rules) for s in t.seats)
        win_pos = t.seats.index(t.winner)
        last = k == len(hand.tricks)
        notes: list[str] = []
        found: list[Tip] = []
        nums: list[int] = [k, t.points]
        came_out: list[str] = []  # cards shown in meld played to this trick
        for i, (c, s) in enumerate(zip(t.cards, t.seats, strict=True)):
            before = list(t.cards[:i])
            if (
                Tip.FEED_PARTNER not in tips and Tip.FEED_PARTNER not in found
                and partner is not None and rules.side(s) == rules.side(me) and before
                and t.seats[trick_winner(before, trump)] == rules.partner(s)
                and rules.counter_points[c.rank] > 0
                and secure(before, [left[x] for x in t.seats[i + 1:]], trump)
            ):  # fmt: skip
                blanks = [
                    x
                    for x in legal_plays(left[s], before, trump)
                    if rules.counter_points[x.rank] == 0
                ]
                if blanks:
                    notes.append(
                        f"Feed your partner: {_whose(rules.partner(s) or 0, rules)} "
                        f"{before[trick_winner(before, trump)].text} was winning and, as the "
                        f"cards lay, none of the players still to play could beat it; "
                        f"{_who(s, rules)} put on the counter {c.text} instead of "
                        f"{_texts(blanks[:1])}."
                    )
                    found.append(Tip.FEED_PARTNER)
            if (
                Tip.BOTH_COPIES not in tips and Tip.BOTH_COPIES not in found
                and seen[c] and c == t.winning_card and rules.copies >= 2
            ):  # fmt: skip
                fell = number_word(seen[c])
                notes.append(
                    f"Track every copy: {fell} {c.text} had fallen in earlier tricks, yet "
                    f"another {c.text} wins this one."
                )
                found.append(Tip.BOTH_COPIES)
            if still_shown[(c, s)]:
                still_shown[(c, s)] -= 1
                came_out.append(c.text)
        if came_out:  # one sentence for all of them
            notes.append(
                f"The {listed(came_out, 'and')} shown in meld "
                + ("comes out now, as you knew it was there." if len(came_out) == 1
                   else "come out now, as you knew they were there.")
            )  # fmt: skip
        if not last and t.points == 0 and Tip.POINTS_NOT_TRICKS not in tips:
            notes.append(
                "Points, not tricks: this trick holds no counter, so winning it scores nothing."
            )
            found.append(Tip.POINTS_NOT_TRICKS)
        for i, c in enumerate(t.cards):
            left[t.seats[i]].remove(c)
        seen.update(t.cards)
        text = (
            f"Trick {k}: {_does(t.winner, rules, 'win', True)} it with {t.winning_card.text}, "
            f"**{t.points}** trick points{' (with the last-trick bonus)' if last else ''}. "
            + " ".join(notes)
        )
        add(WorkedStep(text.strip(), t.cards, True, names, win_pos, numbers=tuple(nums)), *found)
    result = hand.scores[0]
    bidders = rules.side(hand.declarer)
    decl_meld = sum(hand.melds[s].total for s in range(rules.players) if rules.side(s) == bidders)
    taken = hand.side_points[bidders]
    sum_up = ""
    dropped = trick_points(hand.discards, rules) if rules.has_kitty else 0
    if hand.made and decl_meld + taken == result.bidder:
        among = f", the discards' {dropped} among them" if dropped else ""
        sum_up = f": {decl_meld} meld + {taken} trick points{among}"
    why, why_numbers = _why_missed(hand, play[me], decl_meld, taken)
    add(
        WorkedStep(
            f"The contract of {hand.contract} was {'made' if hand.made else 'missed'}: "
            f"{Side(rules.partnerships).declarers} scores "
            f"**{result.bidder}**{sum_up}.{why}",
            numbers=(hand.contract, result.bidder, decl_meld, taken, dropped, *why_numbers),
        )
    )
    at = {st.numbers[0]: i for i, st in enumerate(steps) if st.trick and st.numbers}
    decisions = {at[k]: d for k, d in guided_decisions(hand, me).items() if k in at}
    return GuidedHand(
        WorkedExample("A guided hand", rules, tuple(steps)), hand, tips, play, decisions
    )


FEED_CHECK_SEEDS = range(1000, 1040)
"""The deals :func:`fresh_feed_check` looks through: beyond those :func:`guided_seed`
searches, so the check is never a position of the guided hand shown above it."""


def fresh_feed_check(rules: RuleSet = CLASSIC) -> CheckQuestion | None:
    """Lesson 7's check on feeding your partner, on a deal of its own
    (:data:`FEED_CHECK_SEEDS`): the first with a moment to feed a partner as the last
    to play (:func:`feed_check`), so all that makes the trick safe is on the table;
    ``None`` when none has one (three-handed: no partner)."""
    if not rules.partnerships:
        return None
    for seed in FEED_CHECK_SEEDS:
        q = feed_check(guided_hand(rules, seed), last_only=True)
        if q is not None:
            return q
    return None


def strategy_check(rules: RuleSet = CLASSIC) -> CheckQuestion:
    """Lesson 7's check under ``rules``: feeding your partner (:func:`fresh_feed_check`);
    with no partner to feed (three-handed), or no deal to ask it on, a made contract's
    score (:func:`~.meld_and_play.score_check`), its question saying why there."""
    q = fresh_feed_check(rules)
    if q is not None:
        return q
    q = score_check(rules, made=True)
    if rules.partnerships:
        return q
    return dataclasses.replace(
        q, question=f"Everyone plays alone here, with nobody to feed, so a scoring check instead. {q.question}"
    )


def feed_check(guided: GuidedHand, last_only: bool = False) -> CheckQuestion | None:
    """At the guided hand's feed-your-partner moment: the counter or the worthless
    card? ``None`` when the hand has no such moment (``last_only``: none where the
    feeding player plays last, so the question shows everything that makes the trick
    safe)."""
    at = guided.tips.get(Tip.FEED_PARTNER)
    if at is None:
        return None
    step = guided.example.steps[at]
    k = step.numbers[0] - 1
    rules, h = guided.example.rules, guided.hand
    t = h.tricks[k]
    assert h.trump is not None
    left = [list(x) for x in guided.play_hands]
    for e in h.tricks[:k]:
        for c, seat in zip(e.cards, e.seats, strict=True):
            left[seat].remove(c)
    for i, seat in enumerate(t.seats):
        before = t.cards[:i]
        card = t.cards[i]
        if not before or rules.counter_points[card.rank] == 0 or card.text not in step.text:
            continue
        if t.seats[trick_winner(before, h.trump)] != rules.partner(seat):
            continue
        last = i == rules.players - 1
        if last_only and not last:
            continue
        legal = legal_plays(left[seat], before, h.trump)
        top = trick_winner(before, h.trump)

        def stays(
            c: Card, top: int = top, before: tuple[Card, ...] = before, trump: Suit = h.trump
        ) -> bool:
            """Whether partner's card still wins the trick with ``c`` on it."""
            return trick_winner([*before, c], trump) == top

        blank = next((c for c in legal if rules.counter_points[c.rank] == 0 and stays(c)), None)
        if blank is None or not stays(card):
            continue
        win = before[top]
        pts = rules.counter_points[card.rank]
        # The learner judges whether the trick is safe: the question does not say so.
        safe = (
            f"you play last, so nobody can beat {win.text}"
            if last
            else f"no one still to play can beat {win.text}"
        )
        return CheckQuestion(
            f"{h.trump.plural.capitalize()} are trump. The trick so far is {_texts(before)}: your "
            f"partner's {win.text} is winning{' and you play last' if last else ''}. You may "
            f"play {_texts(legal)}. Which do you play, {card.text} or {blank.text}?",
            (card.text, blank.text),
            card.text,
            f"Feed your partner: {safe}; the trick is "
            f"secure, and {card.text} adds {plural(pts, 'trick point')} to your side.",
            {blank.text: f"{blank.text} is worth nothing: {safe}, so a counter was safe here."},
            tuple(before),
        )
    return None


def learner_turns(guided: GuidedHand) -> dict[int, tuple[PlayerView, Card]]:
    """The guided hand's steps where seat 0 (you) plays a card: step index -> (your view
    just before you played, the card played in the hand)."""
    from pinochle_tutor.coach.play import play_decisions

    at = {s.numbers[0]: i for i, s in enumerate(guided.example.steps) if s.trick and s.numbers}
    return {at[k]: (view, card) for k, view, card in play_decisions(guided.hand, 0) if k in at}


def coach_comment(
    view: PlayerView,
    card: CardLike,
    played: Card,
    *,
    samples: int = COMMENT_SAMPLES,
    seed: int | None = None,
) -> tuple[bool, str]:
    """The tutor on the card you picked: whether it is legal (the trick rules), and if
    so what the coach (:func:`~pinochle_tutor.coach.play.advise_play` on ``samples``
    imagined deals; with the game's ``seed``, the game table's hint,
    :func:`~pinochle_tutor.coach.play.coach_play`) thinks of it, then the card played in
    the hand. Never raises for a wrong card; returns (legal, text)."""
    from pinochle_tutor.coach.play import (
        PLAY_HINT_SAMPLES,
        advise_play,
        coach_play,
        evaluate_play,
    )

    assert view.trump is not None
    verdict = check_play(view.hand, view.trick, view.trump, card, view.rules)
    if not verdict.legal:
        return False, verdict.reason
    c = verdict.card
    if seed is None:
        advice = advise_play(view, evaluate_play(view, samples=samples, seed=0))
    else:
        advice = coach_play(view, seed=seed, hand_number=1, samples=PLAY_HINT_SAMPLES)
    value = next((a for a in advice.alternatives if a.card is c), None)
    if c == advice.card:
        head = f"The coach would play {c.text} too."
    elif value is not None and value.clear_mistake:
        head = f"The coach prefers {advice.card.text}."
    else:
        head = (
            f"{c.text} is as good as the coach's {advice.card.text}, within the evaluation's error."
        )
    tail = "" if c == played else f" In this hand {played.text} was played."
    return True, f"{head} {advice.text}{tail}"
