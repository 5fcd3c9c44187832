"""The last tricks of a hand solved exactly, with every card face up.

When few cards are left, a hand can be played out in full in the head: every
card is known (or, in a simulation, imagined), and each player in turn plays the
card that is best for its side, knowing the others will do the same. This module
does that search, a *double-dummy* solve: from a position (the cards each seat
still holds, the trick on the table, trump, who is to play) it finds the trick
points each side takes with best play by everyone, and what every legal card of
the player to move is worth.

**Who plays against whom.** In the partnership games (classic, double deck) the
two partnerships play against each other. :func:`solve_endgame` and
:func:`solve_counts` always search two sides: three-handed they let the two defenders
**cooperate** as one side against the declarer, and their result is two numbers, the
declarer's side and the others. That is not how the three-handed game is scored: each
defender scores its own meld and trick points alone (RULES.md), so a point the other
defender takes is not its point. :func:`solve_seats` and :func:`solve_seats_counts`
search the game as it is scored: every seat plays for itself, each maximising its own
value of the outcome (a *max-n* search; the caller's ``utility`` says what each seat's
trick points are worth to each seat, for instance its score change less the others').

**What counts.** The counters in the tricks still to be won (the cards on the
table included) and the last-trick bonus, all from the rule set in force
(:attr:`~pinochle_tutor.rules.RuleSet.counter_points`,
:attr:`~pinochle_tutor.rules.RuleSet.last_trick_bonus`): the two sides' points
add up to exactly that.

**How.** Minimax with alpha-beta pruning over single cards, a transposition
table at trick boundaries (the same cards left and the same leader are the same
position, however the earlier tricks went), the best lead of a position tried
first, and cards that are interchangeable in trick taking (neighbours of one
suit worth the same points, with no card between them left outside the hand)
searched once. Which cards are legal comes from the core rule function
:func:`~pinochle_tutor.tricks.legal_mask`, the same one the game uses.

Use :func:`solve_endgame` with cards; :func:`solve_counts` takes the engine's
internal form (24 counts per seat, card indices) for simulations.

The every-seat-for-itself search has no alpha-beta (one seat's gain is not simply
another's loss); it keeps the transposition table, keyed also by the points each seat
has taken since the search began, and the interchangeable cards. When a seat's cards
are worth the same to it, it plays the one that is worst for the declarer (a defender)
and then the one that leaves the smallest points in seat order, so the answer does
not depend on the order the cards are tried.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pinochle_tutor.cards import CARDS_BY_INDEX, Card, CardLike, SuitLike, parse_card, parse_suit
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.hands import ABOVE, SUIT_OF, as_cards, counts_of
from pinochle_tutor.rules import CLASSIC, RuleSet, check_seat
from pinochle_tutor.tricks import legal_mask

__all__ = [
    "EndgameSolution",
    "InvalidEndgameError",
    "SeatsSolution",
    "Utility",
    "solve_counts",
    "solve_endgame",
    "solve_seats",
    "solve_seats_counts",
]

Utility = Callable[[tuple[int, ...]], Sequence[float]]
"""What an outcome is worth to each seat: given the trick points each seat takes from
the position on (the trick on the table and the last-trick bonus included), one value
per seat, higher better for that seat."""


class InvalidEndgameError(PinochleError):
    """A position the solver cannot search because no hand could reach it: hands of
    sizes that do not fit the trick on the table, a trick as long as the table, or more
    copies of a card than the deck holds."""


@dataclass(frozen=True)
class EndgameSolution:
    """The exact value of a position with best play by both sides.

    ``declarer_points`` and ``defender_points`` are the trick points each side takes
    from the trick on the table onward (its cards included), the last-trick bonus
    included. Three-handed, "defender" means both defenders together."""

    to_play: int
    """The seat to play."""
    declarer: int
    """The declarer's seat (it names the sides)."""
    declarer_points: int
    defender_points: int
    values: tuple[tuple[Card, int], ...]
    """Each legal card of the player to move, in index order, with the trick points its
    side takes from here if it plays that card and everyone plays best afterwards."""
    nodes: int = 0
    """Positions searched (a measure of effort)."""

    @property
    def total(self) -> int:
        """Every trick point still to be won: the two sides' points together."""
        return self.declarer_points + self.defender_points

    @property
    def best_value(self) -> int:
        """What the player to move's side takes with best play (0 when the hand is over)."""
        return max((v for _, v in self.values), default=0)

    @property
    def best_cards(self) -> tuple[Card, ...]:
        """The legal cards that reach :attr:`best_value`."""
        best = self.best_value
        return tuple(c for c, v in self.values if v == best)

    def value_of(self, card: CardLike) -> int | None:
        """The value of ``card`` for the player to move's side, ``None`` if it is not a
        legal card now (never raises for a card it does not know)."""
        try:
            c = parse_card(card)
        except PinochleError:
            return None
        for legal, v in self.values:
            if legal is c:
                return v
        return None

    def loss(self, card: CardLike) -> int | None:
        """Trick points ``card`` gives away against the best card (0 for a best card),
        ``None`` if it is not a legal card now."""
        v = self.value_of(card)
        return None if v is None else self.best_value - v


@dataclass(frozen=True)
class SeatsSolution:
    """The exact value of a position when every seat plays for itself (see the module
    text): the outcome of best play by each seat for its own ``utility``."""

    to_play: int
    """The seat to play."""
    declarer: int
    """The declarer's seat (it breaks a defender's ties)."""
    points: tuple[int, ...]
    """The trick points each seat takes from the trick on the table onward (its cards
    and the last-trick bonus included), with best play; all 0 when the hand is over."""
    utilities: tuple[float, ...]
    """What that outcome is worth to each seat (the caller's ``utility``)."""
    outcomes: tuple[tuple[Card, tuple[int, ...]], ...]
    """Each legal card of the player to move, in index order, with the trick points each
    seat takes from here if it plays that card and everyone plays best afterwards."""
    values: tuple[tuple[Card, float], ...]
    """Each legal card of the player to move, in index order, with what its outcome is
    worth to the player to move."""
    nodes: int = 0
    """Positions searched (a measure of effort)."""

    @property
    def best_value(self) -> float:
        """What the player to move's best card is worth to it (0 when the hand is over)."""
        return max((v for _, v in self.values), default=0.0)

    @property
    def best_cards(self) -> tuple[Card, ...]:
        """The legal cards that reach :attr:`best_value`."""
        best = self.best_value
        return tuple(c for c, v in self.values if v == best)

    def value_of(self, card: CardLike) -> float | None:
        """The value of ``card`` for the player to move, ``None`` if it is not a legal
        card now (never raises for a card it does not know)."""
        try:
            c = parse_card(card)
        except PinochleError:
            return None
        for legal, v in self.values:
            if legal is c:
                return v
        return None


def solve_endgame(
    hands: Sequence[Sequence[CardLike] | str],
    trump: SuitLike,
    to_play: int,
    *,
    declarer: int,
    trick: Sequence[CardLike] | str = (),
    rules: RuleSet = CLASSIC,
) -> EndgameSolution:
    """Solve the position exactly (see the module text).

    ``hands`` holds every seat's remaining cards, ``trick`` the cards already played
    to the trick in progress (led card first; they were played by the seats just
    before ``to_play``, clockwise), ``declarer`` names the sides. Raises
    :class:`InvalidEndgameError` for a position no hand could reach.

    >>> s = solve_endgame(["AS", "9S", "TS", "KS"], "H", 0, declarer=0)
    >>> s.declarer_points, s.defender_points
    (40, 0)
    """
    counts, t, played = _check_position(hands, trump, to_play, declarer, trick, rules)
    return solve_counts(counts, t, to_play, declarer, rules, played)


def _check_position(
    hands: Sequence[Sequence[CardLike] | str],
    trump: SuitLike,
    to_play: int,
    declarer: int,
    trick: Sequence[CardLike] | str,
    rules: RuleSet,
) -> tuple[list[list[int]], int, list[int]]:
    """The position in the engine's form (counts per seat, trump, the trick's card
    indices), or :class:`InvalidEndgameError` for one no hand could reach."""
    players = rules.players
    check_seat(to_play, rules, "to_play")
    check_seat(declarer, rules, "declarer")
    t = parse_suit(trump)
    if len(hands) != players:
        raise InvalidEndgameError(
            f"hands has {len(hands)} entries: the {rules.name} game has {players} seats"
        )
    rows = [as_cards(h) for h in hands]
    played = as_cards(trick)
    if len(played) >= players:
        raise InvalidEndgameError(
            f"trick={[c.text for c in played]!r} has {len(played)} cards: a trick in progress "
            f"has fewer than {players}"
        )
    counts = [counts_of(row, rules, f"hand of seat {s}") for s, row in enumerate(rows)]
    counts_of([*played, *(c for row in rows for c in row)], rules, "position")
    before = {(to_play - k) % players for k in range(1, len(played) + 1)}
    n = len(rows[to_play])
    for s, row in enumerate(rows):
        want = n - 1 if s in before else n
        if len(row) != want:
            raise InvalidEndgameError(
                f"seat {s} holds {len(row)} cards but seat {to_play} (to play) holds {n} with "
                f"{len(played)} card(s) on the table: seat {s} should hold {want}"
            )
    if played and n == 0:
        raise InvalidEndgameError(f"seat {to_play} is to play to the trick but holds no card")
    return counts, int(t), [c.index for c in played]


def solve_counts(
    hands: Sequence[Sequence[int]],
    trump: int,
    to_play: int,
    declarer: int,
    rules: RuleSet,
    trick: Sequence[int] = (),
) -> EndgameSolution:
    """:func:`solve_endgame` on the engine's internal form: ``hands`` as 24 counts per
    seat, ``trump`` a suit number, ``trick`` card indices. The position is trusted
    (checked only by :func:`solve_endgame`)."""
    return _Search(hands, trump, declarer, rules).root(to_play, list(trick))


def solve_seats(
    hands: Sequence[Sequence[CardLike] | str],
    trump: SuitLike,
    to_play: int,
    utility: Utility,
    *,
    declarer: int,
    trick: Sequence[CardLike] | str = (),
    rules: RuleSet = CLASSIC,
) -> SeatsSolution:
    """Solve the position exactly with every seat playing for itself (see the module
    text): each seat, at its turn, plays the card whose outcome ``utility`` values most
    for it. Arguments as :func:`solve_endgame`; raises :class:`InvalidEndgameError` for
    a position no hand could reach.

    >>> from pinochle_tutor.rules import THREE_HANDED
    >>> own = lambda points: points  # each seat values its own trick points
    >>> s = solve_seats(["AS", "9S", "TS"], "H", 0, own, declarer=0, rules=THREE_HANDED)
    >>> s.points
    (30, 0, 0)
    """
    counts, t, played = _check_position(hands, trump, to_play, declarer, trick, rules)
    return solve_seats_counts(counts, t, to_play, declarer, rules, utility, played)


def solve_seats_counts(
    hands: Sequence[Sequence[int]],
    trump: int,
    to_play: int,
    declarer: int,
    rules: RuleSet,
    utility: Utility,
    trick: Sequence[int] = (),
) -> SeatsSolution:
    """:func:`solve_seats` on the engine's internal form (as :func:`solve_counts`); the
    position is trusted."""
    return _SeatsSearch(hands, trump, declarer, rules, utility).root(to_play, list(trick))


class _Search:
    """One search: the position's mutable state and the transposition table."""

    def __init__(
        self, hands: Sequence[Sequence[int]], trump: int, declarer: int, rules: RuleSet
    ) -> None:
        players = rules.players
        self.players = players
        self.trump = trump
        dside = rules.side(declarer)
        self.declarer = declarer
        self.team = [rules.side(s) == dside for s in range(players)]
        self.cp = [rules.counter_points[i % 6] for i in range(24)]
        self.bonus = rules.last_trick_bonus
        self.counts = [list(h) for h in hands]
        self.masks = [sum(1 << i for i in range(24) if h[i]) for h in self.counts]
        # Every seat's counts packed in one integer (3 bits a card, 72 bits a seat) with
        # the leader in the lowest 2 bits: the key of the transposition table.
        self.state = 0
        for s, h in enumerate(self.counts):
            for i in range(24):
                self.state += h[i] << (2 + 72 * s + 3 * i)
        self.table: dict[int, tuple[int, int, int]] = {}
        """Key -> (lower bound, upper bound, best lead) of the points still to come."""
        self.on_table = 0
        """Mask of the cards in the trick in progress."""
        self.left = sum(self.cp[i] * n for h in self.counts for i, n in enumerate(h))
        """Counters still in the hands (not on the table)."""
        self.nodes = 0

    # --------------------------------------------------------------- moves
    def _lay(
        self, seat: int, n: int, led: int, w: int, wseat: int, pts: int, c: int
    ) -> tuple[int, int, int, int, bool]:
        """``seat`` plays card ``c`` as the ``n``-th card of the trick: out of its hand
        onto the table. Returns the led card, the winning card and its seat, the trick's
        points (with the last-trick bonus once the last card of the hand is down) and
        whether no copy of ``c`` was on the table already (for :meth:`_lift`). Both
        searches play every card through here."""
        if n == 0:
            led = w = c
            wseat = seat
        else:
            trump = self.trump
            if (ABOVE[w] >> c) & 1 or (SUIT_OF[c] == trump and SUIT_OF[w] != trump):
                w, wseat = c, seat
        cp = self.cp[c]
        pts += cp
        self.left -= cp
        row = self.counts[seat]
        row[c] -= 1
        bit = 1 << c
        masks = self.masks
        if not row[c]:
            masks[seat] ^= bit
        self.state -= 1 << (2 + 72 * seat + 3 * c)
        on_table = self.on_table
        self.on_table = on_table | bit
        if n + 1 == self.players and not masks[wseat]:
            pts += self.bonus
        return led, w, wseat, pts, not on_table & bit

    def _lift(self, seat: int, c: int, fresh: bool) -> None:
        """Undo :meth:`_lay`: card ``c`` back from the table into ``seat``'s hand."""
        bit = 1 << c
        if fresh:
            self.on_table ^= bit
        self.left += self.cp[c]
        row = self.counts[seat]
        if not row[c]:
            self.masks[seat] |= bit
        row[c] += 1
        self.state += 1 << (2 + 72 * seat + 3 * c)

    def _candidates(self, seat: int, legal: int, hint: int, w: int, wseat: int) -> list[int]:
        """The legal cards worth searching, most promising first: of cards that are
        interchangeable (same suit, same points, nothing between them held elsewhere or
        on the table) only the lowest. Leading: the table's best lead first, then high
        cards. Following: the cards that take the trick, highest first; then, with the
        trick going to the own side, the richest card (feed the counters), else the
        cheapest. ``w`` is the winning card (-1 when leading), ``wseat`` who played it."""
        if not legal & (legal - 1):
            return [legal.bit_length() - 1]
        outside = self.on_table
        masks = self.masks
        for s in range(self.players):
            if s != seat:
                outside |= masks[s]
        cp = self.cp
        out: list[int] = []
        rep = -1
        m = legal
        while m:
            low = m & -m
            i = low.bit_length() - 1
            m ^= low
            if (
                rep >= 0
                and SUIT_OF[rep] == SUIT_OF[i]
                and cp[rep] == cp[i]
                and not outside & ((1 << (i + 1)) - (1 << rep))
            ):
                continue
            rep = i
            out.append(i)
        if len(out) == 1:
            return out
        if w < 0:
            out.sort(key=lambda i: (i != hint, -(i % 6), -cp[i]))
            return out
        trump = self.trump
        ws = SUIT_OF[w]
        ours = self.team[wseat] == self.team[seat]
        above = ABOVE[w]

        def order(i: int) -> tuple[int, int]:
            if (above >> i) & 1 or (SUIT_OF[i] == trump and ws != trump):
                return (0, -(i % 6))
            return (1, -cp[i] if ours else cp[i])

        out.sort(key=order)
        return out

    # --------------------------------------------------------------- search
    def root(self, to_play: int, trick: list[int]) -> EndgameSolution:
        """Value every legal card of ``to_play`` exactly, and the position."""
        trump = self.trump
        led, w, wseat, pts = self._lay_trick(to_play, trick)
        remaining = pts + sum(self.cp[i] * n for h in self.counts for i, n in enumerate(h))
        h = self.masks[to_play]
        if not h:
            return EndgameSolution(to_play, self.declarer, 0, 0, (), 0)
        remaining += self.bonus
        legal = legal_mask(h, led, w, trump) if trick else h
        values: list[tuple[Card, int]] = []
        for c in _bits(legal):
            v = self._play_card(to_play, len(trick), led, w, wseat, pts, c, -1, remaining + 1)
            mine = v if self.team[to_play] else remaining - v
            values.append((CARDS_BY_INDEX[c], mine))
        best = max(v for _, v in values)
        decl = best if self.team[to_play] else remaining - best
        return EndgameSolution(
            to_play, self.declarer, decl, remaining - decl, tuple(values), self.nodes
        )

    def _lay_trick(self, to_play: int, trick: list[int]) -> tuple[int, int, int, int]:
        """Put ``trick``'s cards (played by the seats just before ``to_play``) on the
        table: the led card, the winning card so far, its seat, and the counters in the
        trick (-1, -1, -1, 0 for no card)."""
        trump = self.trump
        seats = [(to_play - len(trick) + k) % self.players for k in range(len(trick))]
        led = w = wseat = -1
        pts = 0
        for pos, c in enumerate(trick):
            self.on_table |= 1 << c
            pts += self.cp[c]
            if pos == 0:
                led, w, wseat = c, c, seats[0]
            elif (ABOVE[w] >> c) & 1 or (SUIT_OF[c] == trump and SUIT_OF[w] != trump):
                w, wseat = c, seats[pos]
        return led, w, wseat, pts

    def _trick_start(self, leader: int, alpha: int, beta: int) -> int:
        """The declarer's side's points from a fresh trick led by ``leader`` on."""
        if not self.masks[leader]:
            return 0
        # The value lies between 0 and every point still to come: a window outside that
        # range is answered without searching.
        most = self.left + self.bonus
        if most <= alpha:
            return most
        if beta <= 0:
            return 0
        key = self.state + leader
        entry = self.table.get(key)
        hint = -1
        if entry is not None:
            lo, hi, hint = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            alpha = max(alpha, lo)
            beta = min(beta, hi)
        else:
            lo, hi = -(1 << 30), 1 << 30
        v, best = self._node(leader, 0, -1, -1, -1, 0, alpha, beta, hint)
        if v <= alpha:
            hi = min(hi, v)
        elif v >= beta:
            lo = max(lo, v)
        else:
            lo = hi = v
        self.table[key] = (lo, hi, best)
        return v

    def _node(
        self,
        seat: int,
        n: int,
        led: int,
        w: int,
        wseat: int,
        pts: int,
        alpha: int,
        beta: int,
        hint: int = -1,
    ) -> tuple[int, int]:
        """The declarer's side's points from the trick in progress on (its cards
        included) with ``seat`` to play the ``n``-th card; and the best card."""
        self.nodes += 1
        h = self.masks[seat]
        legal = legal_mask(h, led, w, self.trump) if n else h
        maximise = self.team[seat]
        best = -(1 << 30) if maximise else 1 << 30
        best_card = -1
        for c in self._candidates(seat, legal, hint, w if n else -1, wseat):
            v = self._play_card(seat, n, led, w, wseat, pts, c, alpha, beta)
            if maximise:
                if v > best:
                    best, best_card = v, c
                    if v > alpha:
                        alpha = v
            elif v < best:
                best, best_card = v, c
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best, best_card

    def _play_card(
        self,
        seat: int,
        n: int,
        led: int,
        w: int,
        wseat: int,
        pts: int,
        c: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The declarer's side's points from the trick in progress on once ``seat``
        plays card ``c`` as the ``n``-th card of the trick (everyone best afterwards)."""
        led, w, wseat, pts, fresh = self._lay(seat, n, led, w, wseat, pts, c)
        if n + 1 == self.players:
            saved = self.on_table
            self.on_table = 0
            gain = pts if self.team[wseat] else 0
            v = gain + self._trick_start(wseat, alpha - gain, beta - gain)
            self.on_table = saved
        else:
            v, _ = self._node((seat + 1) % self.players, n + 1, led, w, wseat, pts, alpha, beta)
        self._lift(seat, c, fresh)
        return v


class _SeatsSearch(_Search):
    """One every-seat-for-itself search (max-n): values are outcome vectors, the trick
    points each seat takes from the root position on."""

    def __init__(
        self,
        hands: Sequence[Sequence[int]],
        trump: int,
        declarer: int,
        rules: RuleSet,
        utility: Utility,
    ) -> None:
        super().__init__(hands, trump, declarer, rules)
        self.utility = utility
        self.keys: dict[tuple[int, ...], dict[int, tuple[float, ...]]] = {}
        """Outcome -> seat -> its preference key (memoised: few distinct outcomes)."""
        self.memo: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}
        """(cards left and leader, points taken so far) -> the outcome of best play."""

    def key(self, seat: int, outcome: tuple[int, ...]) -> tuple[float, ...]:
        """How ``seat`` ranks ``outcome``: its own value; then, for a defender, the
        declarer's value lowest; then the smallest points in seat order."""
        per_seat = self.keys.get(outcome)
        if per_seat is None:
            per_seat = self.keys[outcome] = {}
        k = per_seat.get(seat)
        if k is None:
            u = self.utility(outcome)
            tie = -u[self.declarer] if seat != self.declarer else 0.0
            k = per_seat[seat] = (u[seat], tie, *(-p for p in outcome))
        return k

    def root(self, to_play: int, trick: list[int]) -> SeatsSolution:  # type: ignore[override]
        trump = self.trump
        led, w, wseat, pts = self._lay_trick(to_play, trick)
        zero = (0,) * self.players
        if not self.masks[to_play]:
            u = tuple(float(x) for x in self.utility(zero))
            return SeatsSolution(to_play, self.declarer, zero, u, (), (), 0)
        legal = legal_mask(self.masks[to_play], led, w, trump) if trick else self.masks[to_play]
        outcomes: list[tuple[Card, tuple[int, ...]]] = []
        values: list[tuple[Card, float]] = []
        best: tuple[int, ...] | None = None
        for c in _bits(legal):
            o = self._seat_play(to_play, len(trick), led, w, wseat, pts, c, zero)
            outcomes.append((CARDS_BY_INDEX[c], o))
            values.append((CARDS_BY_INDEX[c], float(self.utility(o)[to_play])))
            if best is None or self.key(to_play, o) > self.key(to_play, best):
                best = o
        assert best is not None
        u = tuple(float(x) for x in self.utility(best))
        return SeatsSolution(
            to_play, self.declarer, best, u, tuple(outcomes), tuple(values), self.nodes
        )

    def _seat_start(self, leader: int, acc: tuple[int, ...]) -> tuple[int, ...]:
        """The outcome of best play from a fresh trick led by ``leader``, with ``acc``
        the points each seat has taken since the root."""
        if not self.masks[leader]:
            return acc
        k = (self.state + leader, acc)
        hit = self.memo.get(k)
        if hit is not None:
            return hit
        out = self._seat_node(leader, 0, -1, -1, -1, 0, acc)
        self.memo[k] = out
        return out

    def _seat_node(
        self, seat: int, n: int, led: int, w: int, wseat: int, pts: int, acc: tuple[int, ...]
    ) -> tuple[int, ...]:
        """The outcome of best play with ``seat`` to play the ``n``-th card of the trick."""
        self.nodes += 1
        h = self.masks[seat]
        legal = legal_mask(h, led, w, self.trump) if n else h
        best: tuple[int, ...] | None = None
        best_key: tuple[float, ...] = ()
        for c in self._candidates(seat, legal, -1, w if n else -1, wseat):
            o = self._seat_play(seat, n, led, w, wseat, pts, c, acc)
            k = self.key(seat, o)
            if best is None or k > best_key:
                best, best_key = o, k
        assert best is not None
        return best

    def _seat_play(
        self,
        seat: int,
        n: int,
        led: int,
        w: int,
        wseat: int,
        pts: int,
        c: int,
        acc: tuple[int, ...],
    ) -> tuple[int, ...]:
        """The outcome once ``seat`` plays card ``c`` as the ``n``-th card of the trick."""
        led, w, wseat, pts, fresh = self._lay(seat, n, led, w, wseat, pts, c)
        if n + 1 == self.players:
            saved = self.on_table
            self.on_table = 0
            taken = list(acc)
            taken[wseat] += pts
            o = self._seat_start(wseat, tuple(taken))
            self.on_table = saved
        else:
            o = self._seat_node((seat + 1) % self.players, n + 1, led, w, wseat, pts, acc)
        self._lift(seat, c, fresh)
        return o


def _bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
