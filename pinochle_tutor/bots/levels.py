"""The computer players' named levels, and :func:`make_player`, every computer player by name.

Each level is a whole player (auction, trump, exchange, card play), and each is a
measured step above the one below it (``benchmarks/bench_levels.py``: duplicate
matches on the same deals with the seats swapped):

* :attr:`Level.BEGINNER` plays by rules of thumb (:class:`HeuristicPlayer`).
* :attr:`Level.INTERMEDIATE` bids the same way but chooses each card by imagining the
  hidden hands (:class:`MonteCarloPlayer`, 24 deals a card).
* :attr:`Level.STRONG` bids with the bidding model (:class:`BidModelPlayer`, the model
  behind the hint and the bidding trainer; three-handed, it names trump after seeing the
  kitty as the model's deals do), concedes a contract its imagined deals score worse
  played out (:func:`~pinochle_tutor.coach.concession.evaluate_concession`), and plays as
  the intermediate level with 64 imagined deals a card instead of 24, except that in
  the last tricks it solves every imagined deal
  exactly (:class:`StrongPlayer`). Three-handed, that exact search lets every seat
  play for its own score (:func:`~pinochle_tutor.sim.endgame.solve_seats_counts`), as
  the game is scored, instead of letting the two defenders pool their trick points.

All three use only what their seat knows: the cards shown as meld, the cards played, the
voids play reveals, the cards passed to them (:mod:`pinochle_tutor.sim.knowledge`).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from pinochle_tutor.bots.bidmodel import BidModelPlayer
from pinochle_tutor.bots.heuristic import HeuristicPlayer
from pinochle_tutor.bots.montecarlo import (
    MonteCarloPlayer,
    against_the_others,
    playout_score_changes,
    settled_points,
)
from pinochle_tutor.cards import CARDS_BY_INDEX, Card
from pinochle_tutor.coach.concession import evaluate_concession
from pinochle_tutor.coach.play import evaluate_play
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.names import find_named
from pinochle_tutor.players import Player, RandomPlayer
from pinochle_tutor.sim.endgame import solve_seats_counts
from pinochle_tutor.sim.knowledge import Knowledge, sample_hidden_hands
from pinochle_tutor.sim.policy import play_context, policy_card
from pinochle_tutor.view import PlayerView

__all__ = [
    "LEVEL_SAMPLES",
    "PLAYER_NAMES",
    "STRONG_EXACT_TRICKS",
    "STRONG_SAMPLES",
    "Level",
    "StrongPlayer",
    "UnknownLevelError",
    "UnknownPlayerError",
    "level_named",
    "level_player",
    "make_player",
]

LEVEL_SAMPLES = 24
"""Imagined deals behind each card of the intermediate level."""
STRONG_SAMPLES = 64
"""Imagined deals behind each card of the strong level: more deals, a surer choice. Over
the intermediate level's 24 they gave the largest part of the strong level's
three-handed score step measured (``benchmarks/bench_levels.py``: +10.5 a hand on the
deals that chose it, about +4 on fresh deals, not yet significant alone)."""
STRONG_EXACT_TRICKS = 4
"""The strong level solves each imagined deal exactly from this many cards a hand."""


PLAYER_NAMES = ("beginner", "intermediate", "strong", "heuristic", "random", "montecarlo")
"""The names :func:`make_player` knows: the three named levels (:class:`Level`), then the
players by kind (``'heuristic'`` is the beginner level's player)."""


class UnknownPlayerError(PinochleError):
    """A computer player asked for by a name that is not one of :data:`PLAYER_NAMES`."""


class UnknownLevelError(PinochleError):
    """A level asked for by a name that is not one of :class:`Level`'s."""


class Level(Enum):
    """How well a computer player plays (the game table's choice of opponents)."""

    BEGINNER = "beginner"
    """Rules of thumb: bids up to its own meld plus what its cards should take, leads
    its sure winners, follows cheaply, feeds a partner's winning trick."""
    INTERMEDIATE = "intermediate"
    """Bids as the beginner; chooses every card by playing it out on imagined deals of
    the hidden hands, each one consistent with what the seat has seen."""
    STRONG = "strong"
    """Bids and names trump with the bidding model (the hint's), plays as the
    intermediate level and solves the last tricks exactly on every imagined deal."""

    @property
    def label(self) -> str:
        """The name a learner reads: ``'Beginner'``."""
        return self.value.capitalize()


def level_named(name: Level | str) -> Level:
    """The level called ``name`` (a :class:`Level` or its name, any case); raises
    :class:`UnknownLevelError` quoting the name otherwise."""
    if isinstance(name, Level):
        return name
    found = find_named(name, {lv.value: lv for lv in Level})
    if found is None:
        raise UnknownLevelError(
            f"{name!r} is not a level: choose one of {', '.join(lv.value for lv in Level)}"
        )
    return found


class StrongPlayer(MonteCarloPlayer):
    """The strong level (see the module text): the bidding model for the auction and
    trump, a concession weighed on imagined deals, Monte Carlo card play, and in the
    last ``exact_tricks`` cards of a hand the
    coach's exact evaluation (:func:`~pinochle_tutor.coach.play.evaluate_play`: every
    imagined deal solved with best play by both sides; the card that takes the most
    trick points on average). Without partnerships (three-handed) it solves each
    imagined deal with every seat playing for itself instead and plays the card whose
    outcomes score best for it on average (:meth:`exact_solo_card`)."""

    def __init__(
        self,
        samples: int = STRONG_SAMPLES,
        seed: int | None = None,
        exact_tricks: int = STRONG_EXACT_TRICKS,
    ) -> None:
        super().__init__(samples=samples, seed=seed, base=BidModelPlayer())
        self.exact_tricks = exact_tricks

    def concede(self, view: PlayerView) -> bool:
        """Concede a contract that cannot be made, or one whose imagined deals score
        worse played out than conceded (:func:`evaluate_concession`: the defenders'
        trick points are not given away)."""
        if super().concede(view):
            return True
        if view.melds is None or view.contract is None or view.declarer != view.seat:
            return False
        return evaluate_concession(view, seed=self.rng.randrange(2**32)).gain < 0

    def play(self, view: PlayerView) -> Card:
        if len(set(view.legal)) > 1 and len(view.hand) <= self.exact_tricks:
            if not view.rules.partnerships:
                return self.exact_solo_card(view)
            ev = evaluate_play(
                view,
                samples=self.samples,
                seed=self.rng.randrange(2**32),
                exact_tricks=self.exact_tricks,
            )
            return ev.best
        return super().play(view)

    def exact_solo_card(self, view: PlayerView) -> Card:
        """The card to play in the last tricks when every player scores alone: on each
        of ``samples`` imagined deals, every seat plays for its own score change less the
        average of the others' (what the Monte Carlo player's playouts measure,
        :func:`~pinochle_tutor.bots.montecarlo.hand_utility`), solved exactly
        (:func:`~pinochle_tutor.sim.endgame.solve_seats_counts`); the card with the best
        mean for this seat, ties to the card the heuristic plays.

        So a defender takes a counter itself rather than let the other defender have it,
        unless that is what sets the declarer; and the declarer plays to make the
        contract, not merely for trick points."""
        assert view.trump is not None and view.declarer is not None
        rules = view.rules
        seat = view.seat
        declarer = view.declarer
        trump = int(view.trump)
        knowledge = Knowledge.from_view(view)
        meld, taken, contract = settled_points(view, knowledge)
        players = rules.players
        memo: dict[tuple[int, ...], tuple[float, ...]] = {}

        def utility(points: tuple[int, ...]) -> tuple[float, ...]:
            u = memo.get(points)
            if u is None:
                change = playout_score_changes(
                    [taken[s] + points[s] for s in range(players)], meld, declarer, contract, rules
                )
                u = memo[points] = against_the_others(change)
            return u

        legal = sorted({c.index for c in view.legal})
        trick = [c.index for c in view.trick]
        totals = dict.fromkeys(legal, 0.0)
        for _ in range(self.samples):
            hands = sample_hidden_hands(knowledge, self.rng)
            sol = solve_seats_counts(hands, trump, seat, declarer, rules, utility, trick)
            for card, v in sol.values:
                totals[card.index] += v
        preferred = policy_card(view, knowledge, play_context(rules, trump, declarer))
        best = max(legal, key=lambda i: (round(totals[i], 6), i == preferred))
        return CARDS_BY_INDEX[best]


def level_player(level: Level | str, seed: int | None = None) -> Player:
    """A new computer player of ``level`` (seeded for reproducible choices)."""
    lv = level_named(level)
    if lv is Level.BEGINNER:
        return HeuristicPlayer()
    if lv is Level.INTERMEDIATE:
        return MonteCarloPlayer(samples=LEVEL_SAMPLES, seed=seed)
    return StrongPlayer(seed=seed)


def make_player(name: str, seed: int | None = None) -> Player:
    """A new computer player by name (seeded for reproducible choices): a level,
    ``'beginner'``, ``'intermediate'`` or ``'strong'`` (:func:`level_player`), or a kind,
    ``'heuristic'``, ``'random'`` (a baseline) or ``'montecarlo'`` (Monte Carlo card play
    with the bidding model's auction and trump). Raises :class:`UnknownPlayerError`
    quoting any other name."""
    level = find_named(name, {lv.value: lv for lv in Level})
    if level is not None:
        return level_player(level, seed=seed)
    makers: dict[str, Callable[[], Player]] = {
        "heuristic": lambda: level_player(Level.BEGINNER, seed=seed),
        "random": lambda: RandomPlayer(seed=seed),
        "montecarlo": lambda: MonteCarloPlayer(seed=seed, base=BidModelPlayer()),
    }
    make = find_named(name, makers)
    if make is None:
        raise UnknownPlayerError(
            f"{name!r} is not a computer player: choose one of {', '.join(PLAYER_NAMES)}"
        )
    return make()
