"""Rule sets: every number the game depends on, as named settings.

The rules of record (``RULES.md``, at the top of the repository) settle the open
numbers of the original rules text. Each one is a field of a frozen :class:`RuleSet`,
so a teacher can play a house rule by changing a setting
(``CLASSIC.with_settings(target=1000)``) instead of code. ``RULES.md`` gives every
setting of every preset, its value, its meaning at the table and the function that
enforces it; ``tests/test_rules_of_record.py`` checks it against the presets below.

Three presets are defined and looked up by name with :func:`rules_named`:

* ``classic`` - four players in two partnerships, 48 cards, 12 each; open at
  250, raise by 10; a 4-card exchange between the bidding partners; counters
  A 10 K worth 10 each, last trick 10 (250 in all); a team keeps its meld with
  at least 10 trick points; game to 1500.
* ``double_deck`` - 80 cards (four copies of A 10 K Q J, no 9s), 20 each; open
  at 50, raise by 1; counters 1 each, last trick 2 (50 in all); meld kept with
  1 trick point; game to 500; triple and quadruple melds.
* ``three_handed`` - 48 cards, 15 each and 3 to a kitty; everyone for
  themselves; the declarer takes the kitty and discards 3 (they count as the
  declarer's trick points); no exchange.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pinochle_tutor.cards import InvalidCardError, Rank, parse_rank
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.names import find_named

__all__ = [
    "CLASSIC",
    "DOUBLE_DECK",
    "MAX_GAME_HANDS",
    "MAX_RAISES",
    "MELD_RANKS",
    "PRESETS",
    "THREE_HANDED",
    "InvalidRulesError",
    "InvalidSeatError",
    "MeldTable",
    "RuleSet",
    "as_rules",
    "check_seat",
    "rule_set_title",
    "rule_set_words",
    "rules_named",
]


class InvalidRulesError(PinochleError):
    """A rule set that is not valid, an override of one of its settings with an unknown
    name or a wrong value, or a preset name that does not exist."""


class InvalidSeatError(PinochleError):
    """A seat (a dealer, a learner's seat, a seat to act for) that is not one of the
    table's seats under the rules in force: seats are 0 to ``players - 1``."""


@dataclass(frozen=True)
class MeldTable:
    """Meld points. A tuple gives the points for one, two, three, four complete
    sets held in one hand (single, double, triple, quadruple): a double meld
    *replaces* the single one. Marriages and dix score per copy."""

    run: tuple[int, ...] = (150, 1500)
    """A 10 K Q J of trump."""
    aces_around: tuple[int, ...] = (100, 1000)
    """An ace of each suit."""
    kings_around: tuple[int, ...] = (80, 800)
    """A king of each suit."""
    queens_around: tuple[int, ...] = (60, 600)
    """A queen of each suit."""
    jacks_around: tuple[int, ...] = (40, 400)
    """A jack of each suit."""
    pinochle: tuple[int, ...] = (40, 300)
    """Q♠ + J♦."""
    royal_marriage: int = 40
    """K Q of trump (each), outside any run."""
    marriage: int = 20
    """K Q of a non-trump suit (each)."""
    dix: int = 10
    """The 9 of trump (each)."""

    def around(self, rank: Rank) -> tuple[int, ...]:
        """The points row for ``rank`` around (aces, kings, queens or jacks)."""
        rows = {
            Rank.ACE: self.aces_around,
            Rank.KING: self.kings_around,
            Rank.QUEEN: self.queens_around,
            Rank.JACK: self.jacks_around,
        }
        if rank not in rows:
            raise InvalidRulesError(f"there is no meld for {rank.noun}s around")
        return rows[rank]


_RANKS_WITH_9 = (Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)

MELD_RANKS = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)
"""The ranks the meld table needs in every deck (runs, arounds, marriages, the
pinochle); only the 9 (the dix) may be left out."""

MAX_RAISES = 2000
"""How many raises of the bid increment the largest number of a rule set may be: the
opening and stuck bids, each meld value and all the trick points of a hand. Classic
needs 150 (a double run of 1500 in steps of 10), or 1500 when a house bids by ones;
double deck 300 (a quadruple run of 300 in steps of 1). Beyond it an auction of
computer players raising one increment at a time, and the bidding drill that waits on
it, would run for minutes."""

MAX_GAME_HANDS = 100
"""A game's target is at most this many hands of the most points a side can take
(:attr:`RuleSet.most_points`): classic up to 989,000, where 1500 is played. A target
beyond it (say 10**18) is a game that never ends."""


@dataclass(frozen=True)
class RuleSet:
    """Every setting of one version of the game. Frozen: derive a house rule with
    :meth:`with_settings`."""

    name: str = "classic"
    """The preset this rule set comes from (``classic``, ``double_deck``, ``three_handed``)."""
    players: int = 4
    """Players at the table, seated 0.. clockwise."""
    partnerships: bool = True
    """Partners sit opposite (0+2, 1+3) and score together; otherwise everyone scores alone."""
    ranks: tuple[Rank, ...] = _RANKS_WITH_9
    """The ranks in the deck."""
    copies: int = 2
    """Copies of each card in the deck."""
    hand_size: int = 12
    """Cards dealt to each player."""
    kitty_size: int = 0
    """Cards dealt face down to the kitty (three-handed: the declarer takes them)."""
    opening_bid: int = 250
    """The lowest opening bid."""
    bid_increment: int = 10
    """Bids rise by at least this much, in multiples of it."""
    stuck_bid: int = 250
    """If everyone but the dealer passes without a bid, the dealer takes the contract at this."""
    exchange_size: int = 4
    """Cards the declarer's partner passes, and the declarer returns (0: no exchange)."""
    counter_points: tuple[int, ...] = (0, 0, 0, 10, 10, 10)
    """Trick points of each rank, indexed by :class:`Rank` (9 J Q K 10 A)."""
    last_trick_bonus: int = 10
    """Points for winning the last trick."""
    meld_save: int = 10
    """A side keeps its meld only with at least this many trick points."""
    target: int = 1500
    """The game ends when a side reaches this score."""
    meld_table: MeldTable = field(default_factory=MeldTable)
    """Meld points."""

    def __post_init__(self) -> None:
        problems = []
        if self.players not in (3, 4):
            problems.append(f"players={self.players!r} (3 or 4 are supported)")
        if self.partnerships and self.players != 4:
            problems.append("partnerships need 4 players")
        if not 1 <= self.copies <= 4:
            problems.append(f"copies={self.copies!r} (1 to 4)")
        if len(self.counter_points) != 6:
            problems.append("counter_points needs one value per rank (9 J Q K 10 A)")
        deck = len(self.ranks) * 4 * self.copies
        if self.players * self.hand_size + self.kitty_size != deck:
            problems.append(
                f"{self.players} hands of {self.hand_size} plus a kitty of {self.kitty_size} "
                f"do not make the {deck}-card deck"
            )
        for attr in ("opening_bid", "bid_increment", "stuck_bid", "target"):
            if getattr(self, attr) <= 0:
                problems.append(f"{attr}={getattr(self, attr)!r} must be positive")
        if self.bid_increment > 0 and self.opening_bid % self.bid_increment:
            problems.append(
                f"opening_bid={self.opening_bid} is not a multiple of bid_increment={self.bid_increment}"
            )
        if self.exchange_size and not self.partnerships:
            problems.append("an exchange needs partnerships")
        if not 0 <= self.exchange_size <= self.hand_size:
            problems.append(f"exchange_size={self.exchange_size!r}")
        if self.meld_save < 0 or self.last_trick_bonus < 0:
            problems.append("meld_save and last_trick_bonus cannot be negative")
        if self.hand_size <= 0:
            problems.append(f"hand_size={self.hand_size!r} must be positive")
        if self.kitty_size < 0:
            problems.append(f"kitty_size={self.kitty_size!r} cannot be negative")
        missing = [r.symbol for r in MELD_RANKS if r not in self.ranks]
        if missing:
            problems.append(
                f"ranks={[r.symbol for r in self.ranks]!r} lacks {' '.join(missing)}: the meld "
                "table needs A 10 K Q J in the deck (only the 9 may be left out)"
            )
        for row in (
            "run",
            "aces_around",
            "kings_around",
            "queens_around",
            "jacks_around",
            "pinochle",
        ):
            if len(getattr(self.meld_table, row)) < self.copies:
                problems.append(f"meld_table.{row} needs a value for up to {self.copies} sets")
        problems += self._playability_problems()
        if problems:
            raise InvalidRulesError(f"rule set {self.name!r} is not valid: " + "; ".join(problems))

    def _playability_problems(self) -> list[str]:
        """What makes a rule set that passes the deal checks unplayable: no trick
        points to win, a meld save no side can reach, or numbers so large against the
        bid increment that an auction or a bidding drill would run for ever."""
        problems = []
        inc = self.bid_increment
        cap = MAX_RAISES * inc if inc > 0 else 0
        why = f"{MAX_RAISES} raises of bid_increment={inc}"
        counters = self.counter_points
        if len(counters) == 6:
            if any(p < 0 for p in counters):
                problems.append(f"counter_points={list(counters)!r} cannot be negative")
            elif not any(counters[r] for r in self.ranks):
                problems.append(
                    f"counter_points={list(counters)!r} leaves no trick points to win: at least "
                    "one rank in the deck must count"
                )
            else:
                total = self.total_trick_points
                if self.meld_save > total:
                    problems.append(
                        f"meld_save={self.meld_save!r} is more than the {total} trick points of "
                        "a hand: no side could keep its meld"
                    )
                if inc > 0 and total > cap:
                    problems.append(
                        f"counter_points={list(counters)!r} and last_trick_bonus="
                        f"{self.last_trick_bonus!r} make {total} trick points a hand: at most "
                        f"{cap} ({why})"
                    )
        most: int | None = None
        if len(counters) == 6 and all(p >= 0 for p in counters):
            most = self.most_points
            problems += self._beyond_the_most_points()
        if inc > 0:
            for attr in ("opening_bid", "stuck_bid"):
                value = getattr(self, attr)
                if cap < value and (most is None or value <= most):  # else said above
                    problems.append(f"{attr}={value!r} is too high: at most {cap} ({why})")
        mt = self.meld_table
        for f in dataclasses.fields(mt):
            value = getattr(mt, f.name)
            values = value if isinstance(value, tuple) else (value,)
            shown = list(value) if isinstance(value, tuple) else value
            if any(v < 0 for v in values):
                problems.append(f"meld_table.{f.name}={shown!r} cannot be negative")
            elif inc > 0 and any(v > cap for v in values):
                problems.append(
                    f"meld_table.{f.name}={shown!r}: a meld is worth at most {cap} ({why})"
                )
        return problems

    def _beyond_the_most_points(self) -> list[str]:
        """The bids no contract could come from: an opening or stuck bid above the most
        points a side can take in a hand (:attr:`most_points`), or a bid increment
        above it (no bid could ever be raised); and a target no game reaches within
        :data:`MAX_GAME_HANDS` hands of those points."""
        most = self.most_points
        why = (
            f"no side can take more than {most} points in a hand ({self.most_meld} meld at "
            f"the most and {self.total_trick_points} trick points)"
        )
        problems = []
        for attr in ("opening_bid", "stuck_bid"):
            value = getattr(self, attr)
            if value > most:
                problems.append(f"{attr}={value!r} is too high: {why}, so no contract could be made")
        if self.bid_increment > most:
            problems.append(
                f"bid_increment={self.bid_increment!r} is too high: {why}, so no bid could be raised"
            )
        if self.target > MAX_GAME_HANDS * most:
            problems.append(
                f"target={self.target!r} is too high: at most {MAX_GAME_HANDS * most}, as {why} "
                f"and a game should end within {MAX_GAME_HANDS} hands"
            )
        return problems

    # ----------------------------------------------------------- derived values
    @property
    def deck_size(self) -> int:
        """Cards in the deck (48 classic, 80 double deck)."""
        return len(self.ranks) * 4 * self.copies

    @property
    def total_trick_points(self) -> int:
        """All trick points in one hand: every counter plus the last trick."""
        per_suit = sum(self.counter_points[r] for r in self.ranks) * self.copies
        return 4 * per_suit + self.last_trick_bonus

    @property
    def is_preset(self) -> bool:
        """Whether these are exactly the rules of one of :data:`PRESETS` (no house rule)."""
        return PRESETS.get(self.name) == self

    @property
    def counter(self) -> int:
        """One counter: the highest a card counts in tricks (10 in the classic game, 1 in
        the double deck). The coach's margins and the lessons' grades of a loss are told
        in counters (half a counter is the coach's margin of error)."""
        return max(self.counter_points)

    @property
    def tricks_per_hand(self) -> int:
        """Tricks played in one hand."""
        return self.hand_size

    @property
    def has_nines(self) -> bool:
        """Whether the deck holds 9s (and so the dix)."""
        return Rank.NINE in self.ranks

    @property
    def has_kitty(self) -> bool:
        """Three-handed: the declarer takes a kitty and discards as many cards."""
        return self.kitty_size > 0

    def partner(self, seat: int) -> int | None:
        """The partner's seat: seats go clockwise 0 to 3 and partners sit opposite
        (0 with 2, 1 with 3); ``None`` where everyone plays alone."""
        return (seat + 2) % 4 if self.partnerships else None

    def side(self, seat: int) -> int:
        """The scoring side of a seat: 0 (seats 0+2) or 1 (1+3) in partnerships, else the seat."""
        return seat % 2 if self.partnerships else seat

    @property
    def most_meld(self) -> int:
        """More meld than one side can ever show: every line of the meld table at its
        highest (the multiple rows once, marriages and the dix once per copy), in each
        hand of the side (2 in partnerships, else 1). No hand holds all of it.

        >>> CLASSIC.most_meld, DOUBLE_DECK.most_meld, THREE_HANDED.most_meld
        (9640, 1980, 4820)
        """
        mt = self.meld_table
        rows = (mt.run, mt.aces_around, mt.kings_around, mt.queens_around, mt.jacks_around,
                mt.pinochle)  # fmt: skip
        one_hand = sum(max(row, default=0) for row in rows)
        one_hand += (mt.royal_marriage + 3 * mt.marriage) * self.copies
        if self.has_nines:
            one_hand += mt.dix * self.copies
        return one_hand * (self.players // self.sides)

    @property
    def most_points(self) -> int:
        """More points than one side can take in a hand: :attr:`most_meld` and every
        trick point. No bid above it could ever be made.

        >>> CLASSIC.most_points, DOUBLE_DECK.most_points
        (9890, 2030)
        """
        return self.most_meld + self.total_trick_points

    @property
    def max_bid(self) -> int:
        """The highest bid the tutor takes: :attr:`most_points` rounded down to the bid
        increment (a higher bid could never be made), and at most :data:`MAX_RAISES`
        raises above the opening bid. Not a rule of the game (the rules set no
        ceiling) but an input bound, far above what any hand is worth, so a
        mistyped number is refused.

        >>> CLASSIC.max_bid, DOUBLE_DECK.max_bid, CLASSIC.with_settings(bid_increment=1).max_bid
        (9890, 2030, 2250)
        """
        inc = self.bid_increment
        return min(self.opening_bid + MAX_RAISES * inc, self.most_points // inc * inc)

    @property
    def title(self) -> str:
        """The rule set's name as a title or a label says it, at the start of a line:
        ``'Classic'``, ``'Double deck'``, ``'Three-handed'`` (:func:`rule_set_title`).

        >>> DOUBLE_DECK.title, CLASSIC.with_settings(name="my_house").title
        ('Double deck', 'My house')
        """
        return rule_set_title(self.name)

    @property
    def words(self) -> str:
        """The rule set's name inside a sentence: ``'classic'``, ``'double-deck'``,
        ``'three-handed'`` ("a table for double-deck pinochle"; :func:`rule_set_words`)."""
        return rule_set_words(self.name)

    @property
    def sides(self) -> int:
        """How many sides keep a score (2 in partnerships, else one per player)."""
        return 2 if self.partnerships else self.players

    # ------------------------------------------------------------- house rules
    def with_settings(self, **overrides: Any) -> RuleSet:
        """A copy with some settings changed (a house rule). Unknown names and bad
        values raise :class:`InvalidRulesError` naming them."""
        names = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(set(overrides) - names)
        if unknown:
            raise InvalidRulesError(
                f"unknown rule setting(s) {', '.join(map(repr, unknown))}; "
                f"settings are: {', '.join(sorted(names))}"
            )
        if "meld_table" in overrides and isinstance(overrides["meld_table"], Mapping):
            overrides["meld_table"] = _meld_table_from(self.meld_table, overrides["meld_table"])
        for key, value in overrides.items():
            overrides[key] = _coerce(key, value, getattr(self, key))
        return dataclasses.replace(self, **overrides)

    def settings(self) -> dict[str, Any]:
        """The settings as plain data (for display or a file); round-trips through
        :meth:`with_settings`."""
        out = dataclasses.asdict(self)
        out["ranks"] = [Rank(r).symbol for r in self.ranks]
        out["counter_points"] = list(self.counter_points)
        out["meld_table"] = {
            k: list(v) if isinstance(v, tuple) else v
            for k, v in dataclasses.asdict(self.meld_table).items()
        }
        return out


def _coerce(key: str, value: Any, current: Any) -> Any:
    """Check one override against the type of the current value."""
    if key == "ranks":
        try:
            return tuple(
                sorted(Rank(v) if isinstance(v, int) else parse_rank(str(v)) for v in value)
            )
        except (InvalidCardError, ValueError, TypeError):
            raise InvalidRulesError(
                f"ranks={value!r}: use rank symbols such as ['A', '10', 'K']"
            ) from None
    if isinstance(current, bool):
        if not isinstance(value, bool):
            raise InvalidRulesError(f"{key}={value!r} must be true or false")
        return value
    if isinstance(current, int):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidRulesError(f"{key}={value!r} must be a whole number")
        return value
    if isinstance(current, tuple):
        if not isinstance(value, (list, tuple)) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            raise InvalidRulesError(f"{key}={value!r} must be a list of whole numbers")
        return tuple(value)
    if isinstance(current, str):
        if not isinstance(value, str):
            raise InvalidRulesError(f"{key}={value!r} must be text")
        return value
    if isinstance(current, MeldTable) and not isinstance(value, MeldTable):
        raise InvalidRulesError(f"{key}={value!r} must be a meld table")
    return value


def _meld_table_from(base: MeldTable, changes: Mapping[str, Any]) -> MeldTable:
    names = {f.name for f in dataclasses.fields(MeldTable)}
    unknown = sorted(set(changes) - names)
    if unknown:
        raise InvalidRulesError(
            f"unknown meld setting(s) {', '.join(map(repr, unknown))}; meld settings are: {', '.join(sorted(names))}"
        )
    fixed = {k: _coerce(f"meld_table.{k}", v, getattr(base, k)) for k, v in changes.items()}
    return dataclasses.replace(base, **fixed)


CLASSIC = RuleSet()
"""Classic four-handed partnership Pinochle (the rules of record)."""

DOUBLE_DECK = RuleSet(
    name="double_deck",
    ranks=(Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE),
    copies=4,
    hand_size=20,
    opening_bid=50,
    bid_increment=1,
    stuck_bid=50,
    counter_points=(0, 0, 0, 1, 1, 1),
    last_trick_bonus=2,
    meld_save=1,
    target=500,
    meld_table=MeldTable(
        run=(15, 150, 225, 300),
        aces_around=(10, 100, 150, 200),
        kings_around=(8, 80, 120, 160),
        queens_around=(6, 60, 90, 120),
        jacks_around=(4, 40, 60, 80),
        pinochle=(4, 30, 60, 90),
        royal_marriage=4,
        marriage=2,
        dix=0,
    ),
)
"""Double-deck partnership Pinochle on the modern 50-point scale."""

THREE_HANDED = RuleSet(
    name="three_handed",
    players=3,
    partnerships=False,
    hand_size=15,
    kitty_size=3,
    exchange_size=0,
)
"""Three players, each for themselves, with a 3-card kitty for the declarer."""


def check_seat(seat: object, rules: RuleSet, name: str = "seat") -> int:
    """``seat`` itself if it is one of the table's seats under ``rules`` (a whole
    number from 0 to ``rules.players - 1``); else :class:`InvalidSeatError` quoting
    it as ``name=...``. Every module that takes a dealer or a seat checks it here.

    >>> check_seat(3, CLASSIC, "dealer")
    3
    >>> check_seat(4, CLASSIC, "dealer")
    Traceback (most recent call last):
    ...
    pinochle_tutor.rules.InvalidSeatError: dealer=4 is not a seat: seats are 0 to 3
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players:
        raise InvalidSeatError(f"{name}={seat!r} is not a seat: seats are 0 to {rules.players - 1}")
    return seat


PRESETS: dict[str, RuleSet] = {r.name: r for r in (CLASSIC, DOUBLE_DECK, THREE_HANDED)}
"""The presets by name."""

_NAME_WORDS: dict[str, tuple[str, str]] = {
    "classic": ("Classic", "classic"),
    "double_deck": ("Double deck", "double-deck"),
    "three_handed": ("Three-handed", "three-handed"),
}
"""Each preset's name in words: (as a title says it, as a sentence says it). The one
place a rule set's name is written in words (``tests/test_words_one_place.py``)."""


def rule_set_title(name: str) -> str:
    """A rule set's name (``RuleSet.name``, as a table or an answer keeps it) as a title
    says it: a preset's own (``'Double deck'``), any other name with its underscores
    as spaces, capitalised.

    >>> rule_set_title("three_handed"), rule_set_title("my_house")
    ('Three-handed', 'My house')
    """
    found = _NAME_WORDS.get(name)
    return found[0] if found else name.replace("_", " ").capitalize()


def rule_set_words(name: str) -> str:
    """A rule set's name (``RuleSet.name``) as a sentence says it: a preset's own
    (``'double-deck'``), any other name with its underscores as spaces.

    >>> rule_set_words("double_deck"), rule_set_words("my_house")
    ('double-deck', 'my house')
    """
    found = _NAME_WORDS.get(name)
    return found[1] if found else name.replace("_", " ")


def as_rules(rules: RuleSet | str) -> RuleSet:
    """``rules`` itself, or the preset it names (see :func:`rules_named`).

    >>> as_rules("Double deck") is DOUBLE_DECK
    True
    """
    if isinstance(rules, RuleSet):
        return rules
    if isinstance(rules, str):
        return rules_named(rules)
    raise InvalidRulesError(
        f"rules={rules!r}: give a preset name ({', '.join(sorted(PRESETS))}) or a RuleSet"
    )


def rules_named(name: str) -> RuleSet:
    """The preset called ``name``: ``classic``, ``double_deck`` or ``three_handed``
    (case, spaces and hyphens are forgiven: ``"Double deck"`` works)."""
    found = find_named(name, PRESETS)
    if found is None:
        raise InvalidRulesError(
            f"{name!r} is not a rule set: choose one of {', '.join(sorted(PRESETS))}"
        )
    return found
