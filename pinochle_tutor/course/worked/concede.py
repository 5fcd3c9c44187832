"""Lesson 14's "Concede or play on?": one hand you declare, weighed by the coach before
the first card.

A declarer may concede before trick play: the bidders lose the bid and the defenders
score their meld only (the rules of record; :meth:`~pinochle_tutor.game.Hand.concede`).
The coach weighs that against playing on (:func:`~pinochle_tutor.coach.concession.advise_concession`,
with the seed the game table's hint uses at the first lead), and the page gives its
numbers as a table: each choice's score for your side and for the defenders, on average
over its imagined deals. The words are data (``text/concede.toml``, :data:`STEP_FIELDS`).

The deal is one where the computer players' auction leaves you (seat 0) the declarer
with a contract the coach concedes: each preset's is pinned (:data:`CONCEDE_DEALS`), and
another rule set searches; when no searched deal is one to concede, the page shows the
nearest (the smallest gain for playing on) with the coach's verdict, whatever it is.

>>> from pinochle_tutor.rules import CLASSIC
>>> concede_deal(CLASSIC)
(3, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from pinochle_tutor.bots.heuristic import HeuristicPlayer
from pinochle_tutor.cards import sort_hand
from pinochle_tutor.coach.concession import advise_concession
from pinochle_tutor.course.content import Said, read_sentences, text_file
from pinochle_tutor.course.worked.lead_plans import amount
from pinochle_tutor.course.worked.steps import WorkedExample, WorkedStep, preset_name
from pinochle_tutor.explain.concession import ConcessionAdvice
from pinochle_tutor.game import Hand
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.scoring import minimum_tricks, trick_points
from pinochle_tutor.sim.stats import decision_seed
from pinochle_tutor.view import Phase, PlayerView

__all__ = [
    "CONCEDE_DEALS",
    "STEP_FIELDS",
    "WORDS_FILE",
    "concede_deal",
    "concede_example",
    "concede_hand",
]

WORDS_FILE = "concede.toml"
"""The example's sentences, in the package's ``text`` folder."""

_CONTRACT = ("contract", "trump", "meld", "need", "total")
STEP_FIELDS: Mapping[str, tuple[str, ...]] = {
    "contract": _CONTRACT,
    "contract_kitty": (*_CONTRACT, "discarded", "left"),
    "contract_hopeless": ("contract", "trump", "meld", "total"),
    "stuck": ("stuck_bid",),
    "hand": (),
    "chance": ("samples", "contract", "made"),
    "table": (),
    "column_choice": (),
    "column_us": (),
    "column_them": (),
    "column_between": (),
    "row_play": (),
    "row_concede": (),
    "concede": ("gain",),
    "play_on": ("gain",),
    "close": ("gain",),
}
"""Every sentence of the example, by name, with the numbers it may say."""

CONCEDE_DEALS: dict[str, tuple[int, int]] = {
    "classic": (3, 0),
    "double_deck": (251, 3),
    "three_handed": (15, 0),
}
"""Each preset's (seed, dealer): the first from seed 0, each dealer in turn, where the
computer players' auction makes you the declarer and the coach concedes."""

SEARCH = 300
"""How many seeds a rule set that is no preset tries."""


@cache
def _words() -> dict[str, Said]:
    return read_sentences(
        WORDS_FILE, text_file(WORDS_FILE), STEP_FIELDS, "a sentence of the example"
    )


def _say(name: str, rules: RuleSet, **values: object) -> str:
    return _words()[name].under(rules).format(**values)


def _at_first_lead(rules: RuleSet, seed: int, dealer: int) -> Hand | None:
    """The seeded hand, bid, exchanged and melded by the heuristic players, at the first
    lead; ``None`` unless you (seat 0) are the declarer."""
    hand = Hand(dealer, rules, seed=seed)
    bot = HeuristicPlayer()
    while hand.phase is not Phase.PLAY and hand.phase is not Phase.DONE:
        hand.act(bot)
    return hand if hand.phase is Phase.PLAY and hand.declarer == 0 else None


def _advice(view: PlayerView, seed: int) -> ConcessionAdvice:
    """The coach's advice at the first lead, on the deals of the game table's hint for the
    hand's first decision of the play."""
    return advise_concession(view, seed=decision_seed(seed, 1, 0))


def concede_deal(rules: RuleSet) -> tuple[int, int]:
    """The (seed, dealer) of the example under ``rules``: a preset's pinned one; else the
    first searched where the coach concedes, or failing that the nearest to it."""
    name = preset_name(rules)
    if name is not None:
        return CONCEDE_DEALS[name]
    nearest: tuple[float, int, int] | None = None
    for seed in range(SEARCH):
        for dealer in range(rules.players):
            hand = _at_first_lead(rules, seed, dealer)
            if hand is None:
                continue
            advice = _advice(hand.view(0), seed)
            if advice.concede:
                return seed, dealer
            if nearest is None or advice.evaluation.gain < nearest[0]:
                nearest = (advice.evaluation.gain, seed, dealer)
    if nearest is None:
        raise AssertionError(f"{rules.name}: no deal in {SEARCH} seeds makes you the declarer")
    return nearest[1], nearest[2]


@cache
def concede_hand(rules: RuleSet) -> tuple[Hand, ConcessionAdvice]:
    """The example's deal at the first lead, you its declarer, and the coach's advice
    there (do not play on the hand: it is shared)."""
    seed, dealer = concede_deal(rules)
    hand = _at_first_lead(rules, seed, dealer)
    if hand is None:  # a pinned deal always makes you the declarer
        raise AssertionError(f"{rules.name}: deal {seed} (dealer {dealer}) is not yours to declare")
    return hand, _advice(hand.view(0), seed)


def _signed(x: float, rules: RuleSet) -> str:
    """A score change as the lessons say points (:func:`~pinochle_tutor.course.worked.lead_plans.amount`),
    with its sign."""
    s = amount(x, rules)
    return f"+{s}" if float(s) > 0 else s


def _contract(view: PlayerView) -> tuple[str, tuple[int, ...]]:
    rules = view.rules
    assert view.contract is not None and view.trump is not None and view.melds is not None
    meld = sum(m.total for s, m in enumerate(view.melds) if rules.side(s) == rules.side(0))
    need = minimum_tricks(view.contract, meld, rules)
    values = {"contract": view.contract, "trump": view.trump.plural, "meld": meld,
              "total": rules.total_trick_points}  # fmt: skip
    discarded = trick_points(view.given, rules) if rules.has_kitty else 0
    if need is None:
        return _say("contract_hopeless", rules, **values), (
            view.contract,
            meld,
            rules.total_trick_points,
        )
    nums = (view.contract, meld, need, rules.total_trick_points)
    if discarded:
        left = max(0, need - discarded)
        return _say("contract_kitty", rules, need=need, discarded=discarded, left=left, **values), (
            *nums, discarded, left)  # fmt: skip
    return _say("contract", rules, need=need, **values), nums


def concede_example(rules: RuleSet) -> WorkedExample:
    """The example as two steps: the contract and your hand (and why you hold it, when
    the dealer was stuck); then how often playing on makes the contract, each choice's
    average score for your side and the defenders' as a table, and the coach's verdict,
    said as the difference of the figures the table shows (the verdict itself rests on
    the coach's figures)."""
    hand, advice = concede_hand(rules)
    view = hand.view(0)
    e = advice.evaluation
    text, nums = _contract(view)
    if hand.auction.stuck:  # why you hold it
        text += " " + _say("stuck", rules, stuck_bid=rules.stuck_bid)
        nums = (*nums, rules.stuck_bid)
    text += " " + _say("hand", rules)
    first = WorkedStep(text, tuple(sort_hand(view.hand)), numbers=nums)
    made = round(e.make_chance * e.samples)
    chance = _say("chance", rules, samples=e.samples, contract=e.contract, made=made)
    rows = []
    between = []
    for name, us, them in (
        ("row_play", e.play_bidders, e.play_defenders),
        ("row_concede", float(e.concede_bidders), e.concede_defenders),
    ):
        a, b = float(amount(us, rules)), float(amount(them, rules))  # as the table shows them
        between.append(round(a - b, 1))
        rows.append((_say(name, rules), _signed(a, rules), _signed(b, rules), _signed(a - b, rules)))
    head = tuple(_say(f"column_{c}", rules) for c in ("choice", "us", "them", "between"))
    gain = abs(between[0] - between[1])
    key = ("concede" if advice.concede else "play_on") if advice.clear else "close"
    verdict = _say(key, rules, gain=amount(gain, rules))
    cells = [float(cell) for row in rows for cell in row[1:]]
    second = WorkedStep(
        f"{chance} {_say('table', rules)} {verdict}", tuple(sort_hand(view.hand)),
        numbers=(e.samples, e.contract, made, *(int(x) for x in (*cells, gain))),
        table=(head, *rows),
    )  # fmt: skip
    return WorkedExample("Concede or play on?", rules, (first, second))
