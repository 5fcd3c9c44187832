"""A hand and a game, step by step.

One hand runs: **deal** -> **auction** -> the declarer names **trump** -> the
**exchange** (the declarer's partner passes 4 cards, the declarer returns 4;
three-handed: the declarer takes the kitty and discards 3) -> everyone shows
**meld** -> the declarer leads the first of the **tricks**; the winner of each
trick leads the next -> **scoring**. The deal then moves to the left.

:class:`Hand` is the state machine: it says whose turn it is and in which phase,
and takes one action at a time (:meth:`Hand.apply`, one
:class:`~pinochle_tutor.actions.Action`; or the method of that action), refusing
anything out of turn or against the rules with a narrow error. It keeps the full
history, every action with its seat, so a hand can be explained and replayed
afterwards. :func:`play_hand` and :func:`play_game` drive it with player objects
(:mod:`pinochle_tutor.players`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from pinochle_tutor.actions import Action, Bid, Concede, Give, NameTrump, Play
from pinochle_tutor.auction import Auction
from pinochle_tutor.cards import (
    Card,
    CardLike,
    Suit,
    SuitLike,
    parse_card,
    parse_suit,
    sort_hand,
)
from pinochle_tutor.deal import Deal, InvalidDealError, deal, next_dealer
from pinochle_tutor.errors import IllegalActionError
from pinochle_tutor.exchange import IllegalExchangeError, remove_cards
from pinochle_tutor.hands import as_cards
from pinochle_tutor.meld import MeldReport, meld
from pinochle_tutor.players import InvalidPlayersError, Player
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.scoring import (
    HandScore,
    game_winner,
    score_changes,
    score_sides,
    trick_points,
)
from pinochle_tutor.tricks import (
    IllegalPlayError,
    PlayVerdict,
    check_play,
    legal_plays,
    trick_winner,
)
from pinochle_tutor.view import IllegalAttempt, Phase, PlayerView, TrickRecord

__all__ = ["GameRecord", "Hand", "OutOfTurnError", "play_game", "play_hand"]


class OutOfTurnError(IllegalActionError):
    """An action taken out of turn or out of phase: a seat acting when another seat
    is to act, a step the current phase does not take (a card during the auction, a
    concession after the first card), or any action once the hand or game is over."""


class Hand:
    """One hand as a state machine.

    >>> h = Hand(dealer=0, seed=1)
    >>> h.phase, h.to_act
    (<Phase.AUCTION: 'auction'>, 1)
    """

    def __init__(
        self,
        dealer: int = 0,
        rules: RuleSet = CLASSIC,
        seed: int | None = None,
        dealt: Deal | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.rules = rules
        self.deal = dealt if dealt is not None else deal(dealer, rules, seed=seed, rng=rng)
        if self.deal.rules != rules:
            raise InvalidDealError(
                f"the deal was made for {self.deal.rules.name}, not {rules.name}"
            )
        self.dealer = self.deal.dealer
        self.hands: list[list[Card]] = [list(h) for h in self.deal.hands]
        self.auction = Auction(self.dealer, rules)
        self.phase = Phase.AUCTION
        self.trump: Suit | None = None
        self.passed_cards: tuple[Card, ...] = ()
        self.returned_cards: tuple[Card, ...] = ()
        self.discards: tuple[Card, ...] = ()
        self.melds: tuple[MeldReport, ...] | None = None
        self.tricks: list[TrickRecord] = []
        self.trick: list[Card] = []
        self.trick_seats: list[int] = []
        self.conceded = False
        self.history: list[tuple[int, Action]] = []
        """Every action taken, oldest first, with the seat that took it (refused ones
        are not in it: see ``illegal_attempts``)."""
        self.illegal_attempts: list[IllegalAttempt] = []
        """Every refused card, with who tried it and when."""
        self.scores: tuple[HandScore, ...] = ()
        self.side_points: list[int] = [0] * rules.sides
        """Trick points taken by each side (three-handed: discards count for the declarer)."""

    # ------------------------------------------------------------ state
    @property
    def declarer(self) -> int | None:
        """The seat that won the auction."""
        return self.auction.declarer

    @property
    def contract(self) -> int | None:
        """The winning bid."""
        return self.auction.contract

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the hand waits for (``None`` when done)."""
        p = self.phase
        if p is Phase.AUCTION:
            return self.auction.turn
        if p in (Phase.TRUMP, Phase.RETURN, Phase.DISCARD):
            return self.declarer
        if p is Phase.PASS:
            assert self.declarer is not None
            return self.rules.partner(self.declarer)
        if p is Phase.PLAY:
            return self.next_to_play()
        return None

    def next_to_play(self) -> int:
        """Who plays next in trick play: the declarer leads the first trick; the
        others play in turn, clockwise; the winner of each trick leads the next.

        Call it once the auction has a declarer."""
        if self.trick_seats:
            return (self.trick_seats[-1] + 1) % self.rules.players
        if self.tricks:
            return self.tricks[-1].winner
        assert self.declarer is not None
        return self.declarer

    def legal_plays(self) -> list[Card]:
        """The cards the seat to play may play now (the trick rules of
        :func:`~pinochle_tutor.tricks.legal_plays`); none outside trick play."""
        if self.phase is not Phase.PLAY:
            return []
        assert self.trump is not None
        return legal_plays(self.hands[self.next_to_play()], self.trick, self.trump)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see now."""
        kitty = self.deal.kitty if self.rules.has_kitty and self.declarer is not None else ()
        received: tuple[Card, ...] = ()
        given: tuple[Card, ...] = ()
        if seat == self.declarer:
            received = kitty if self.rules.has_kitty else self.passed_cards
            given = self.discards if self.rules.has_kitty else self.returned_cards
        elif self.declarer is not None and seat == self.rules.partner(self.declarer):
            received, given = self.returned_cards, self.passed_cards
        return PlayerView(
            seat=seat,
            phase=self.phase,
            rules=self.rules,
            dealer=self.dealer,
            hand=tuple(sort_hand(self.hands[seat])),
            auction=tuple(self.auction.history),
            high_bid=self.auction.high_bid,
            min_bid=self.auction.min_bid,
            declarer=self.declarer,
            contract=self.contract,
            trump=self.trump,
            melds=None if self.melds is None else tuple(m.shown() for m in self.melds),
            tricks=tuple(self.tricks),
            trick=tuple(self.trick),
            trick_seats=tuple(self.trick_seats),
            legal=tuple(self.legal_plays())
            if self.phase is Phase.PLAY and seat == self.to_act
            else (),
            received=received,
            given=given,
            kitty=kitty,
        )

    # ---------------------------------------------------------- actions
    def _expect(self, seat: int, *phases: Phase) -> None:
        if self.phase not in phases:
            wanted = " or ".join(p.value for p in phases)
            raise OutOfTurnError(
                f"seat {seat} cannot act for the {wanted} now: the hand is in the {self.phase.value} phase"
            )
        if seat != self.to_act:
            raise OutOfTurnError(f"it is seat {self.to_act}'s turn, not seat {seat}'s")

    def bid(self, seat: int, amount: int | None) -> None:
        """``seat`` bids ``amount`` (``None`` to pass)."""
        self._expect(seat, Phase.AUCTION)
        self.auction.call(amount)
        self.history.append((seat, Bid(amount)))
        if self.auction.is_over:
            self.phase = Phase.DISCARD if self.rules.has_kitty else Phase.TRUMP
            if self.rules.has_kitty:
                assert self.declarer is not None
                self.hands[self.declarer] = sort_hand(
                    [*self.hands[self.declarer], *self.deal.kitty]
                )

    def discard(self, seat: int, cards: Sequence[CardLike] | str) -> None:
        """Three-handed: the declarer discards as many cards as the kitty held."""
        self._expect(seat, Phase.DISCARD)
        self.hands[seat] = remove_cards(
            self.hands[seat], as_cards(cards), self._give_size(), "the discard"
        )
        self.discards = tuple(as_cards(cards))
        self.history.append((seat, Give(self.discards)))
        self.side_points[self.rules.side(seat)] += trick_points(self.discards, self.rules)
        self.phase = Phase.TRUMP

    def name_trump(self, seat: int, suit: SuitLike) -> None:
        """The declarer names trump."""
        self._expect(seat, Phase.TRUMP)
        self.trump = parse_suit(suit)
        self.history.append((seat, NameTrump(self.trump)))
        if self.rules.exchange_size:
            self.phase = Phase.PASS
        else:
            self._show_meld()

    def pass_cards(self, seat: int, cards: Sequence[CardLike] | str) -> None:
        """The declarer's partner passes cards face down to the declarer."""
        self._expect(seat, Phase.PASS)
        chosen = tuple(as_cards(cards))
        self.hands[seat] = remove_cards(
            self.hands[seat], chosen, self._give_size(), "the pass to the declarer"
        )
        assert self.declarer is not None
        self.hands[self.declarer] = sort_hand([*self.hands[self.declarer], *chosen])
        self.passed_cards = chosen
        self.history.append((seat, Give(chosen)))
        self.phase = Phase.RETURN

    def return_cards(self, seat: int, cards: Sequence[CardLike] | str) -> None:
        """The declarer returns cards to the partner (cards just received may be among them)."""
        self._expect(seat, Phase.RETURN)
        chosen = tuple(as_cards(cards))
        self.hands[seat] = remove_cards(
            self.hands[seat], chosen, self._give_size(), "the return to the partner"
        )
        partner = self.rules.partner(seat)
        assert partner is not None
        self.hands[partner] = sort_hand([*self.hands[partner], *chosen])
        self.returned_cards = chosen
        self.history.append((seat, Give(chosen)))
        self._show_meld()

    def _show_meld(self) -> None:
        assert self.trump is not None
        self.melds = tuple(meld(h, self.trump, self.rules) for h in self.hands)
        self.phase = Phase.PLAY

    def concede(self, seat: int) -> None:
        """The declarer concedes before the first card is played."""
        if not self._before_first_card():
            raise OutOfTurnError(
                "the declarer may concede only after meld and before the first card is played"
            )
        if seat != self.declarer:
            raise OutOfTurnError(
                f"only the declarer (seat {self.declarer}) may concede, not seat {seat}"
            )
        self.conceded = True
        self.history.append((seat, Concede()))
        self._score()

    def check(self, seat: int, card: CardLike) -> PlayVerdict:
        """Whether ``seat`` may play ``card`` now (never raises for a wrong card)."""
        self._expect(seat, Phase.PLAY)
        assert self.trump is not None
        return check_play(self.hands[seat], self.trick, self.trump, parse_card(card), self.rules)

    def play(self, seat: int, card: CardLike) -> PlayVerdict:
        """``seat`` plays ``card``. An illegal card raises :class:`IllegalPlayError`
        carrying the verdict, and is recorded in ``illegal_attempts``."""
        verdict = self.check(seat, card)
        if not verdict.legal:
            self.record_attempt(seat, verdict)
            raise IllegalPlayError(verdict.reason, verdict)
        self._play(seat, verdict.card)
        return verdict

    def apply(self, action: Action) -> None:
        """The seat to act takes ``action``, through the method of that action
        (:meth:`bid`, :meth:`name_trump`, :meth:`concede`, :meth:`play`; cards given go
        to :meth:`pass_cards`, :meth:`return_cards` or :meth:`discard` as the phase
        calls them), and raising what that method raises."""
        seat = self.to_act
        if seat is None:
            raise OutOfTurnError("the hand is over: nobody is to act")
        if isinstance(action, Bid):
            self.bid(seat, action.amount)
        elif isinstance(action, NameTrump):
            self.name_trump(seat, action.suit)
        elif isinstance(action, Give):
            give = {
                Phase.PASS: self.pass_cards,
                Phase.RETURN: self.return_cards,
                Phase.DISCARD: self.discard,
            }.get(self.phase)
            if give is None:
                self._expect(seat, Phase.PASS, Phase.RETURN, Phase.DISCARD)
            else:
                give(seat, action.cards)
        elif isinstance(action, Concede):
            self.concede(seat)
        elif isinstance(action, Play):
            self.play(seat, action.card)
        else:
            raise TypeError(f"{action!r} is not an action")

    def _before_first_card(self) -> bool:
        """Trick play has begun (meld is shown) and no card is played yet: the moment the
        declarer may concede."""
        return self.phase is Phase.PLAY and not self.tricks and not self.trick

    def _give_size(self) -> int:
        """How many cards this phase gives: the exchange's size for the pass and the
        return, the kitty's size for the three-handed discard; 0 in any other phase."""
        if self.phase in (Phase.PASS, Phase.RETURN):
            return self.rules.exchange_size
        if self.phase is Phase.DISCARD:
            return self.rules.kitty_size
        return 0

    def is_legal(self, action: Action) -> bool:
        """Whether the seat to act may take ``action`` now, by the same checks
        :meth:`apply` makes (never raises).

        >>> h = Hand(dealer=0, seed=1)
        >>> h.is_legal(Bid(250)), h.is_legal(Bid(245)), h.is_legal(Play(h.hands[1][0]))
        (True, False, False)
        """
        seat = self.to_act
        if seat is None:
            return False
        p = self.phase
        if isinstance(action, Bid):
            if p is not Phase.AUCTION:
                return False
            if action.amount is None:
                return self.auction.check_pass().legal
            return self.auction.check_bid(action.amount).legal
        if isinstance(action, NameTrump):
            return p is Phase.TRUMP
        if isinstance(action, Give):
            size = self._give_size()
            if not size:
                return False
            try:
                remove_cards(self.hands[seat], action.cards, size, "the cards given")
            except IllegalExchangeError:
                return False
            return True
        if isinstance(action, Concede):
            return self._before_first_card() and seat == self.declarer
        if isinstance(action, Play):
            return p is Phase.PLAY and self.check(seat, action.card).legal
        return False

    def legal_actions(self) -> Iterator[Action]:
        """Every action the seat to act may take now, one at a time, each once: in the
        auction a pass, then every bid from the lowest allowed up to
        :attr:`RuleSet.max_bid <pinochle_tutor.rules.RuleSet.max_bid>` (the most a side
        can make; the rules set no ceiling, the tutor takes no bid above it); every suit
        for trump; every different choice of cards to pass, return or discard; in trick
        play, conceding (the declarer, before the first card) and every different legal
        card. Nothing once the hand is over.

        >>> h = Hand(dealer=0, seed=1)
        >>> [str(a) for a in h.legal_actions()][:3]
        ['pass', 'bid 250', 'bid 260']
        """
        seat = self.to_act
        if seat is None:
            return
        p = self.phase
        if p is Phase.AUCTION:
            yield Bid(None)
            step = self.rules.bid_increment
            lowest = -(-self.auction.min_bid // step) * step  # bids are multiples of the step
            yield from (Bid(a) for a in range(lowest, self.rules.max_bid + 1, step))
        elif p is Phase.TRUMP:
            yield from (NameTrump(s) for s in Suit)
        elif p is Phase.PLAY:
            if self._before_first_card() and seat == self.declarer:
                yield Concede()
            yield from (Play(c) for c in dict.fromkeys(self.legal_plays()))
        else:
            hand = sort_hand(self.hands[seat])
            yield from (Give(c) for c in dict.fromkeys(combinations(hand, self._give_size())))

    def ask(self, player: Player) -> Action:
        """The decision ``player``, who holds the seat to act, makes now: the question
        this phase asks (a bid, trump, cards to pass, return or discard, a concession
        before the first card, a card), as an action."""
        seat = self.to_act
        if seat is None:
            raise OutOfTurnError("the hand is over: nobody is to act")
        view = self.view(seat)
        p = self.phase
        if p is Phase.AUCTION:
            return Bid(player.bid(view))
        if p is Phase.DISCARD:
            return Give(tuple(as_cards(player.discard(view))))
        if p is Phase.TRUMP:
            return NameTrump(parse_suit(player.choose_trump(view)))
        if p is Phase.PASS:
            return Give(tuple(as_cards(player.pass_cards(view))))
        if p is Phase.RETURN:
            return Give(tuple(as_cards(player.return_cards(view))))
        if self._before_first_card() and seat == self.declarer and player.concede(view):
            return Concede()
        return Play(parse_card(player.play(view)))

    def act(self, player: Player) -> Phase:
        """Ask ``player`` for its decision (:meth:`ask`) and carry it out
        (:meth:`apply`). Returns the phase it was taken in."""
        p = self.phase
        self.apply(self.ask(player))
        return p

    def record_attempt(self, seat: int, verdict: PlayVerdict) -> None:
        """Keep a refused card for the review after the hand."""
        self.illegal_attempts.append(
            IllegalAttempt(
                len(self.tricks), seat, verdict, tuple(self.hands[seat]), tuple(self.trick)
            )
        )

    def _play(self, seat: int, card: Card) -> None:
        self.hands[seat].remove(card)
        self.history.append((seat, Play(card)))
        self.trick.append(card)
        self.trick_seats.append(seat)
        if len(self.trick) == self.rules.players:
            assert self.trump is not None
            winner = self.trick_seats[trick_winner(self.trick, self.trump)]
            last = not self.hands[winner]
            pts = trick_points(self.trick, self.rules, last_trick=last)
            self.tricks.append(
                TrickRecord(
                    self.trick_seats[0], tuple(self.trick), tuple(self.trick_seats), winner, pts
                )
            )
            self.side_points[self.rules.side(winner)] += pts
            self.trick, self.trick_seats = [], []
            if last:
                self._score()

    def _score(self) -> None:
        r = self.rules
        assert self.declarer is not None and self.contract is not None and self.melds is not None
        self.scores = score_sides(
            self.contract, r.side(self.declarer), self.side_meld, self.side_points, r,
            conceded=self.conceded,
        )  # fmt: skip
        self.phase = Phase.DONE

    # ---------------------------------------------------------- results
    @property
    def side_meld(self) -> list[int]:
        """Meld shown by each side."""
        out = [0] * self.rules.sides
        for seat, m in enumerate(self.melds or ()):
            out[self.rules.side(seat)] += m.total
        return out

    @property
    def score_changes(self) -> list[int]:
        """What the hand adds to (or takes from) each side's score."""
        if self.phase is not Phase.DONE:
            return [0] * self.rules.sides
        assert self.declarer is not None
        return score_changes(self.scores, self.rules.side(self.declarer), self.rules)

    @property
    def made(self) -> bool:
        """Whether the bidders made their contract (once scored)."""
        return bool(self.scores) and self.scores[0].made


@dataclass
class GameRecord:
    """A whole game: every hand, the running scores, the winner."""

    rules: RuleSet
    hands: list[Hand] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    winner: int | None = None


def play_hand(
    players: Sequence[Player],
    dealer: int = 0,
    rules: RuleSet = CLASSIC,
    seed: int | None = None,
    rng: random.Random | None = None,
) -> Hand:
    """Play one hand to the end with ``players`` (one per seat) and return it."""
    if len(players) != rules.players:
        raise InvalidPlayersError(f"{rules.name} needs {rules.players} players, not {len(players)}")
    hand = Hand(dealer, rules, seed=seed, rng=rng)
    while hand.phase is not Phase.DONE:
        seat = hand.to_act
        assert seat is not None
        hand.act(players[seat])
    return hand


def play_game(
    players: Sequence[Player],
    rules: RuleSet = CLASSIC,
    seed: int | None = None,
    first_dealer: int = 0,
    max_hands: int = 200,
) -> GameRecord:
    """Play hands until a side reaches the target (``max_hands`` bounds a game
    that never ends, e.g. when both sides keep going set)."""
    rng = random.Random(seed)
    record = GameRecord(rules, scores=[0] * rules.sides)
    dealer = first_dealer
    for _ in range(max_hands):
        hand = play_hand(players, dealer, rules, rng=rng)
        record.hands.append(hand)
        for side, change in enumerate(hand.score_changes):
            record.scores[side] += change
        assert hand.declarer is not None
        record.winner = game_winner(record.scores, rules.side(hand.declarer), hand.made, rules)
        if record.winner is not None:
            break
        dealer = next_dealer(dealer, rules)
    return record
