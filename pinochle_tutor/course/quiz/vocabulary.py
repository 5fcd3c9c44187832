"""The quiz vocabulary: the kinds of question and the rule cases they exercise.

:class:`QuizKind` names the kinds of question; :class:`QuizRule` names the
rule cases progress is kept against (its value, ``'meld.run'``, is what progress
files store). :meth:`QuizRule.statement` says a rule case in a sentence with the
numbers of the rules in force, and :func:`rule_applies` says whether a rule case
can come up at all under a rule set.

Every statement's words are data, in ``text/statements.toml`` (read by
:func:`read_statements`): a table per rule case with its ``text_<condition>``
variants, its names filled from :func:`statement_values`, the rule set's numbers and
lists computed here once (the multiple melds, the counters grouped by value through the
file's pieces, :data:`PIECES`). No sentence is written in this module.

>>> QuizRule.parse("meld.run").statement()
'A 10 K Q J of trump is a run: 150.'
>>> from pinochle_tutor.rules import DOUBLE_DECK
>>> QuizRule.MELD_RUN.statement(DOUBLE_DECK)
'A 10 K Q J of trump is a run: 15.'
"""

from __future__ import annotations

import string
from enum import Enum
from functools import cache
from typing import Any

from pinochle_tutor.course.content import OutlineError, Said, read_toml, sentence, text_file
from pinochle_tutor.course.lesson_facts import lesson_values
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.names import find_named
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.words import listed, multiple_word, plural

__all__ = [
    "KIND_TITLES",
    "PIECES",
    "PIECES_TABLE",
    "STATEMENTS_FILE",
    "InvalidQuizKindError",
    "InvalidQuizRuleError",
    "QuizKind",
    "QuizRule",
    "counter_values",
    "read_pieces",
    "read_statements",
    "rule_applies",
    "statement_values",
    "written_pieces",
    "written_statements",
]


class InvalidQuizKindError(PinochleError):
    """A quiz kind written in text is not one of :class:`QuizKind`."""


class InvalidQuizRuleError(PinochleError):
    """A rule case written in text is not one of :class:`QuizRule`."""


class QuizKind(Enum):
    """The kinds of question."""

    MELD = "meld"
    """How much meld does this hand hold with this trump?"""
    TRICK = "trick"
    """Which cards may you play to this trick (or: is this play legal)?"""
    SCORE = "score"
    """What does a side score for this hand?"""
    BID = "bid"
    """What is the most you would bid with this hand (or pass)?"""
    WINNER = "winner"
    """Who wins this complete trick (which card, first to last played)?"""
    COUNTERS = "counters"
    """How many trick points are these cards worth (a trick, or a pile of cards)?"""
    CALL = "call"
    """Is this bid or pass legal at this point of the auction?"""
    PLAY = "play"
    """Which card would you play here? (graded by the coach)"""
    PASS = "pass"
    """Which cards would you pass, return or discard in the exchange?"""
    GAME = "game"
    """Who has won the game after this hand, or is it not over yet?"""
    TABLE = "table"
    """How many cards are dealt, who deals next, who calls first, who is the declarer?"""
    STILL_OUT = "still_out"
    """How many trumps, trick points in counters or copies of a card are still out, from
    the seat to play's view of a hand in trick play?"""

    @classmethod
    def parse(cls, value: QuizKind | str) -> QuizKind:
        """A kind from itself or its name (``'meld'``, ``'trick'``, ``'score'``, ``'bid'``,
        ``'winner'``, ``'counters'``, ``'call'``, ``'play'``, ``'pass'``, ``'game'``,
        ``'table'``, ``'still_out'``).

        Raises :class:`InvalidQuizKindError` quoting ``value``."""
        if isinstance(value, QuizKind):
            return value
        found = find_named(value, [(k.value, k) for k in cls])
        if found is not None:
            return found
        raise InvalidQuizKindError(
            f"{value!r} is not a quiz kind: kinds are {', '.join(k.value for k in cls)}"
        )


KIND_TITLES: dict[QuizKind, str] = {
    QuizKind.MELD: "Meld",
    QuizKind.TRICK: "Trick rules",
    QuizKind.SCORE: "Scoring",
    QuizKind.BID: "Bidding",
    QuizKind.WINNER: "Who wins the trick",
    QuizKind.COUNTERS: "Counting counters",
    QuizKind.CALL: "Legal calls",
    QuizKind.PLAY: "Which card would you play",
    QuizKind.PASS: "What would you pass",
    QuizKind.GAME: "Who has won the game",
    QuizKind.TABLE: "At the table",
    QuizKind.STILL_OUT: "Counting what is still out",
}
"""Each kind of question by the name a reader sees (the quiz runner's headings, the
teacher's dashboard): one table, so both say the same."""


class QuizRule(Enum):
    """The rule cases quizzes exercise; progress is kept per rule case. The value
    (``'meld.run'``) is what progress files store. The numbers in the member
    docstrings are the classic ones; :meth:`statement` gives those of any rule set."""

    MELD_RUN = "meld.run"
    """A 10 K Q J of trump: a run, 150."""
    MELD_DOUBLE_RUN = "meld.double_run"
    """Both copies of the run: 1500, and no marriages from its kings and queens."""
    MELD_RUN_ROYAL = "meld.run_royal"
    """A further complete trump K+Q beside a run: run + royal marriage = 190."""
    MELD_RUN_LONE_EXTRA = "meld.run_lone_extra"
    """A lone extra trump K or Q beside a run earns nothing."""
    MELD_ROYAL_MARRIAGE = "meld.royal_marriage"
    """K Q of trump: a royal marriage, 40 each."""
    MELD_MARRIAGE = "meld.marriage"
    """K Q of a non-trump suit: a marriage, 20 each."""
    MELD_DIX = "meld.dix"
    """The 9 of trump: 10 each."""
    MELD_ACES_AROUND = "meld.aces_around"
    """An ace of each suit: 100."""
    MELD_KINGS_AROUND = "meld.kings_around"
    """A king of each suit: 80."""
    MELD_QUEENS_AROUND = "meld.queens_around"
    """A queen of each suit: 60."""
    MELD_JACKS_AROUND = "meld.jacks_around"
    """A jack of each suit: 40."""
    MELD_DOUBLE_AROUND = "meld.double_around"
    """Both copies of an around: 1000, 800, 600 or 400, replacing the single one."""
    MELD_PINOCHLE = "meld.pinochle"
    """Q♠ + J♦: a pinochle, 40."""
    MELD_DOUBLE_PINOCHLE = "meld.double_pinochle"
    """Both Q♠ and both J♦: a double pinochle, 300."""
    MELD_SHARED_CARD = "meld.shared_card"
    """One card counts in several categories (never twice in one)."""
    MELD_INCOMPLETE_DOUBLE = "meld.incomplete_double"
    """A second copy of some cards of a meld, but not all: still a single meld."""
    MELD_NONE = "meld.none"
    """A hand with no meld at all."""
    TRICK_LEAD = "trick.lead"
    """The leader may play any card."""
    TRICK_FOLLOW_SUIT = "trick.follow_suit"
    """Rule 1: follow the led suit if you can."""
    TRICK_BEAT = "trick.beat"
    """Rule 2: beat the winning card if you can do so legally."""
    TRICK_TRUMP = "trick.trump"
    """Rule 3: void in the led suit, play trump."""
    TRICK_OVER_TRUMP = "trick.over_trump"
    """Rule 3: over-trump an earlier trump when you can."""
    TRICK_DISCARD = "trick.discard"
    """Rule 4: with neither the led suit nor trump, play any card."""
    TRICK_PARTNER_WINNING = "trick.partner_winning"
    """The rules apply even when your partner is winning the trick."""
    TRICK_TRUMPED = "trick.trumped"
    """Once a trick is trumped, any card of the led suit will do."""
    SCORE_MADE = "score.made"
    """Meld + trick points reach the bid: the bidders add the full total."""
    SCORE_MISSED = "score.missed"
    """Meld + trick points fall short: the bidders subtract the bid."""
    SCORE_SET = "score.set"
    """Bidders who take no trick points are set: they subtract the bid."""
    SCORE_MELD_SAVE = "score.meld_save"
    """A side keeps its meld only with at least 10 trick points."""
    SCORE_CONCESSION = "score.concession"
    """A declarer who concedes loses the bid; the defenders score their meld only."""
    SCORE_DEFENDERS = "score.defenders"
    """Defenders score meld + trick points with at least 10 trick points, else nothing."""
    BID_OPEN = "bid.open"
    """Nobody has bid yet, and the hand is worth an opening bid."""
    BID_RAISE = "bid.raise"
    """The hand is worth more than the bid already made: raise."""
    BID_PASS = "bid.pass"
    """The bidding is already above what the hand is worth: pass."""
    BID_PARTNER_HOLDS = "bid.partner_holds"
    """Your partner holds the high bid: passing leaves the contract with your side (an
    opponent may still outbid it); bid on only when your side's count pays for it."""
    BID_PARTNER_OUT = "bid.partner_out"
    """Your partner has passed: your call is your side's last chance at the contract, and
    passing gives it to the opponents."""
    BID_PARTNER_OVER = "bid.partner_over"
    """Your partner bid and an opponent bid over them: your partner can still bid, and
    what their bid showed (common practice, not a rule) counts in your side's count."""
    WINNER_LED_SUIT = "winner.led_suit"
    """No trump in the trick: the highest card of the led suit wins; other suits never win."""
    WINNER_TRUMP = "winner.trump"
    """A trump beats every card of another suit: the highest trump wins."""
    WINNER_FIRST_IDENTICAL = "winner.first_identical"
    """Of two identical winning cards, the one played first wins."""
    COUNTERS_CARDS = "counters.cards"
    """A, 10 and K count 10 trick points each; Q, J and 9 count nothing."""
    COUNTERS_LAST_TRICK = "counters.last_trick"
    """The last trick earns its takers 10 more trick points."""
    COUNTERS_NONE = "counters.none"
    """Cards without a counter are worth no trick points at all."""
    CALL_LEGAL = "call.legal"
    """A bid at or above the lowest bid allowed now (or a pass) is legal."""
    CALL_OPENING = "call.opening_minimum"
    """The opening bid is at least 250."""
    CALL_INCREMENT = "call.increment"
    """Every bid is a multiple of 10."""
    CALL_RAISE = "call.raise"
    """Every later bid raises the current bid by at least 10."""
    CALL_PASS_FINAL = "call.pass_final"
    """A pass is final: a player who passed cannot bid again in that auction."""
    CALL_STUCK_DEALER = "call.stuck_dealer"
    """When everyone before the dealer passes without a bid, the dealer is stuck with the
    contract at the stuck bid: the dealer may neither pass nor bid."""
    PLAY_FEED_PARTNER = "play.feed_partner"
    """Partner's trick is secure: feed it a counter."""
    PLAY_SAVE_COUNTER = "play.save_counter"
    """The trick is lost whatever you play: keep your counters."""
    PLAY_CHEAPEST_WINNER = "play.cheapest_winner"
    """Win with the lowest card that wins (against an opponent's winning card)."""
    PLAY_TRACK_BOTH_COPIES = "play.track_both_copies"
    """Every card has a twin: a lead is sure only when both copies above it are gone."""
    PLAY_CASH_SURE_WINNER = "play.cash_sure_winner"
    """Lead a card nobody can beat before it can be trumped."""
    PLAY_DRAW_TRUMP = "play.draw_trump"
    """The bidding side leads trump to pull the other side's trump."""
    PLAY_LEAD_TO_PARTNER_VOID = "play.lead_to_partner_void"
    """Lead a suit partner is out of: partner can trump it."""
    PLAY_FORCE_DECLARER = "play.force_declarer"
    """A defender leads a suit the declarer is out of: the declarer must trump it if they can."""
    PLAY_REMEMBER_EXPOSED_MELD = "play.remember_exposed_meld"
    """Meld shows where cards are: keep a counter back from a card shown that beats it."""
    PLAY_KEEP_GUARD = "play.keep_guard"
    """Keep a low card beside a ten while its ace is out."""
    PLAY_NUMBERS = "play.numbers"
    """No rule of thumb decides: the expected trick points do."""
    PASS_COUNT = "pass.count"
    """A pass (return, discard) is exactly 4 cards from your own hand."""
    PASS_KEEP_MELD = "pass.keep_meld"
    """Give cards your meld does not need."""
    PASS_RETURN = "pass.return"
    """The declarer returns 4 cards and may return cards just received."""
    PASS_DISCARD = "pass.discard"
    """Three-handed: the declarer discards 3 cards after taking the kitty; they count as trick points."""
    GAME_NOT_REACHED = "game.not_reached"
    """Nobody has reached the target: play another hand."""
    GAME_REACHED = "game.reached"
    """A side that reaches the target (1500) wins the game."""
    GAME_BIDDERS_FIRST = "game.bidders_first"
    """Both reach the target on one hand: the bidders win if they made their contract."""
    GAME_HIGHEST = "game.highest"
    """Several reach the target and the declarer missed: the highest score wins."""
    TABLE_DECK = "table.deck"
    """The deck: 48 cards, two copies of each of A 10 K Q J 9 in each suit."""
    TABLE_DEAL = "table.deal"
    """All the cards are dealt: 12 to each player."""
    TABLE_NEXT_DEALER = "table.next_dealer"
    """The deal moves clockwise: the player on the dealer's left deals next."""
    TABLE_FIRST_CALL = "table.first_call"
    """The auction starts at the dealer's left."""
    TABLE_PARTNER = "table.partner"
    """Partners sit opposite each other."""
    TABLE_DECLARER = "table.declarer"
    """The highest bidder is the declarer (the dealer, when all pass)."""
    TABLE_EXCHANGE = "table.exchange"
    """The declarer's partner passes 4 cards and the declarer returns 4 (three-handed: the
    declarer takes the kitty and discards as many)."""
    TABLE_FIRST_LEAD = "table.first_lead"
    """The declarer leads the first trick."""
    STILL_OUT_TRUMPS = "still_out.trumps"
    """Trumps still out: the deck's 12, less yours and those played (meld shown is still held)."""
    STILL_OUT_COUNTERS = "still_out.counters"
    """Counters still out: the deck's 240 trick points in counters, less yours and those
    played (the last trick's bonus is no card)."""
    STILL_OUT_COPIES = "still_out.copies"
    """Copies of a card still out: the deck's two, less yours and those played."""

    @property
    def kind(self) -> QuizKind:
        """The kind of question the rule case belongs to."""
        return QuizKind.parse(self.value.split(".", 1)[0])

    def statement(self, rules: RuleSet = CLASSIC) -> str:
        """The rule case in a sentence, with every number taken from ``rules``
        (the rules in force: a preset or a house rule): its words are the table of
        ``text/statements.toml`` named by its value, the variant for ``rules``
        (:class:`~pinochle_tutor.course.content.Said`), its names filled from
        :func:`statement_values`, so a teacher edits a sentence in that file."""
        return written_statements()[self].under(rules).format_map(statement_values(rules))

    @property
    def description(self) -> str:
        """The rule case in a sentence under the classic rules (``statement(CLASSIC)``);
        a page that knows the rules in force should call :meth:`statement`."""
        return self.statement(CLASSIC)

    @classmethod
    def parse(cls, value: QuizRule | str) -> QuizRule:
        """A rule case from itself or its value (``'meld.run'``).

        Raises :class:`InvalidQuizRuleError` quoting ``value``."""
        if isinstance(value, QuizRule):
            return value
        found = find_named(value, [(r.value, r) for r in cls])
        if found is not None:
            return found
        raise InvalidQuizRuleError(
            f"{value!r} is not a rule case: rule cases are {', '.join(r.value for r in cls)}"
        )


# ------------------------------------------------------------------ statements

STATEMENTS_FILE = "statements.toml"
"""The rule-case statements written as data, in the package's ``text`` folder."""

PIECES_TABLE = "pieces"
"""The table of ``statements.toml`` that holds its pieces (see :data:`PIECES`), beside
the tables of the rule cases."""

PIECES: dict[str, frozenset[str]] = {
    "counter_group": frozenset({"ranks", "points"}),
    "counter_group_one": frozenset({"ranks", "points"}),
}
"""The pieces of ``statements.toml`` and the names each writes in braces: phrases said
once for each item of a list of the rules in force, joined into a value of
:func:`statement_values`. ``counter_group``: the ranks that count the same trick points
(``'A, 10 and K count 10 trick points each'``), and ``counter_group_one`` for a group
of one rank (``'A counts 11 trick points'``)."""


def read_statements(text: str) -> dict[QuizRule, Said]:
    """The statements written in ``text`` (the TOML of ``statements.toml``), by rule
    case: a table per case named by its value, ``text`` and ``text_<condition>``
    variants. Raises :class:`~pinochle_tutor.course.content.OutlineError` quoting an
    unknown case or field, or naming the cases the file does not write (every case is
    said from the file, so a case left out would have no words).

    >>> read_statements('["trick.leed"]\\ntext = "A"')
    Traceback (most recent call last):
    ...
    pinochle_tutor.course.content.OutlineError: statements.toml: 'trick.leed' is not a rule case: ...
    """
    out: dict[QuizRule, Said] = {}
    for case, entry in read_toml(STATEMENTS_FILE, text).items():
        if case == PIECES_TABLE:
            continue
        try:
            rule = QuizRule(case)
        except ValueError:
            raise OutlineError(
                f"{STATEMENTS_FILE}: {case!r} is not a rule case: use a QuizRule value, 'meld.run'"
            ) from None
        where = f"{STATEMENTS_FILE}: [{case!r}]"
        out[rule] = sentence(where, entry)
    missing = [r.value for r in QuizRule if r not in out]
    if missing:
        raise OutlineError(
            f"{STATEMENTS_FILE} has no statement for {', '.join(map(repr, missing))}"
        )
    return out


def read_pieces(text: str) -> dict[str, str]:
    """The pieces written in ``text`` (the ``[pieces]`` table of ``statements.toml``):
    exactly the names of :data:`PIECES`, each text writing only its own names in braces;
    raises :class:`~pinochle_tutor.course.content.OutlineError` quoting an unknown,
    missing or misspelt piece or name.

    >>> read_pieces('[pieces]\\ncounter_group = "{ranks} count {point} each"')
    Traceback (most recent call last):
    ...
    pinochle_tutor.course.content.OutlineError: statements.toml: [pieces]: counter_group writes {point}: ...
    """
    where = f"{STATEMENTS_FILE}: [{PIECES_TABLE}]"
    pieces = read_toml(STATEMENTS_FILE, text).get(PIECES_TABLE, {})
    if not isinstance(pieces, dict):
        raise OutlineError(f"{where} = {pieces!r:.80}: give a table of pieces")
    for name, value in pieces.items():
        if name not in PIECES:
            raise OutlineError(f"{where}: {name!r} is not a piece: use {', '.join(sorted(PIECES))}")
        if not isinstance(value, str):
            raise OutlineError(f"{where}: {name} = {value!r:.80}: give the words as text")
        for _, field, _, _ in string.Formatter().parse(value):
            if field is not None and field not in PIECES[name]:
                raise OutlineError(
                    f"{where}: {name} writes {{{field}}}: use {', '.join(sorted(PIECES[name]))}"
                )
    missing = [name for name in PIECES if name not in pieces]
    if missing:
        raise OutlineError(f"{where} has no {', '.join(map(repr, missing))}")
    return dict(pieces)


@cache
def written_statements() -> dict[QuizRule, Said]:
    """The statements of ``text/statements.toml``, read once."""
    return read_statements(text_file(STATEMENTS_FILE))


@cache
def written_pieces() -> dict[str, str]:
    """The pieces of ``text/statements.toml``, read once."""
    return read_pieces(text_file(STATEMENTS_FILE))


def _ladder(rows: tuple[tuple[int, ...], ...], rules: RuleSet) -> str:
    """``'double 100, 80, 60 or 40; triple 150, ...'``: each multiple meld ``rows``
    score beyond the single, for as many copies as the deck has."""
    return "; ".join(
        f"{multiple_word(n)} {listed([str(row[n - 1]) for row in rows], last='or')}"
        for n in range(2, rules.copies + 1)
    )


def _ranks_by_points(rules: RuleSet) -> dict[int, list[str]]:
    """The ranks of the deck, high to low, by the trick points each counts."""
    by_points: dict[int, list[str]] = {}
    for rank in sorted(rules.ranks, reverse=True):
        by_points.setdefault(rules.counter_points[rank], []).append(rank.symbol)
    return by_points


def _counter_groups(rules: RuleSet) -> str:
    """The counters of ``rules``, the ranks of each value together, highest value first,
    each group in the words of a piece: ``'A, 10 and K count 10 trick points each'``."""
    by_points = _ranks_by_points(rules)
    pieces = written_pieces()
    return "; ".join(
        pieces["counter_group_one" if len(by_points[p]) == 1 else "counter_group"].format(
            ranks=listed(by_points[p]), points=plural(p, "trick point")
        )
        for p in sorted((p for p in by_points if p), reverse=True)
    )


def statement_values(rules: RuleSet) -> dict[str, Any]:
    """The names a statement writes in braces: :func:`lesson_values` and the statements'
    own, the rule set's numbers and lists: the multiple melds beyond the single
    (``run_ladder``, ``around_ladder``, ``pinochle_ladder``; ``double_arounds``, the four
    doubles around), the counters grouped by value (``counter_groups``, from the
    pieces) and the ranks that count nothing (``blank_ranks``), and a hand's size after
    taking the kitty or the exchange's cards; the cards of one suit in the deck
    (``suit_cards``: the trumps) and the trick points of all its counters
    (``counter_cards_points``, the last trick's bonus left out)."""
    t = rules.meld_table
    around = (t.aces_around, t.kings_around, t.queens_around, t.jacks_around)
    hand = rules.hand_size
    return lesson_values(rules) | {
        "run_ladder": _ladder((t.run,), rules),
        "around_ladder": _ladder(around, rules),
        "pinochle_ladder": _ladder((t.pinochle,), rules),
        "double_arounds": listed(
            [str(row[1] if len(row) > 1 else row[0]) for row in around], last="or"
        ),
        "counter_groups": _counter_groups(rules),
        "blank_ranks": listed(_ranks_by_points(rules).get(0, [])),
        "hand_plus_kitty": hand + rules.kitty_size,
        "hand_minus_exchange": hand - rules.exchange_size,
        "hand_plus_exchange": hand + rules.exchange_size,
        "suit_cards": len(rules.ranks) * rules.copies,
        "counter_cards_points": rules.total_trick_points - rules.last_trick_bonus,
    }


def counter_values(rules: RuleSet) -> str:
    """The counters of ``rules`` in a sentence, the statement of ``counters.cards``:
    ``'A, 10 and K count 10 trick points each; Q, J and 9 count nothing.'`` (classic)."""
    return QuizRule.COUNTERS_CARDS.statement(rules)


# ------------------------------------------------------------ where they apply

_NEEDS_SECOND_COPY = frozenset(
    {
        QuizRule.MELD_DOUBLE_RUN,
        QuizRule.MELD_RUN_ROYAL,
        QuizRule.MELD_RUN_LONE_EXTRA,
        QuizRule.MELD_DOUBLE_AROUND,
        QuizRule.MELD_DOUBLE_PINOCHLE,
        QuizRule.MELD_INCOMPLETE_DOUBLE,
    }
)


_PARTNER_CALLS = frozenset(
    {QuizRule.BID_PARTNER_HOLDS, QuizRule.BID_PARTNER_OUT, QuizRule.BID_PARTNER_OVER}
)


def rule_applies(rule: QuizRule | str, rules: RuleSet = CLASSIC) -> bool:
    """Whether the rule case can come up at all under ``rules``. It cannot when
    the deck has no 9s or the dix earns nothing (``meld.dix``, e.g. double deck),
    when the deck has one copy of each card (the doubles, ``meld.run_royal``,
    ``meld.run_lone_extra``), when nobody has a partner (``trick.partner_winning``,
    three-handed; nor a partner's call to read, ``bid.partner_holds``, ``bid.partner_out``,
    ``bid.partner_over``), when meld is kept without trick points (``score.meld_save``), when
    the last trick earns no bonus (``counters.last_trick``), when every card counts
    (``counters.none``), or when bids go up by 1 (``call.increment``, double deck).
    :func:`~pinochle_tutor.course.quiz.generate` skips such cases."""
    r = QuizRule.parse(rule)
    if r is QuizRule.MELD_DIX:
        return rules.has_nines and rules.meld_table.dix > 0
    if r in _NEEDS_SECOND_COPY:
        return rules.copies >= 2
    if r is QuizRule.TRICK_PARTNER_WINNING:
        return rules.partnerships and rules.players == 4
    if r is QuizRule.SCORE_MELD_SAVE:
        return rules.meld_save > 0
    if r is QuizRule.WINNER_FIRST_IDENTICAL:
        return rules.copies >= 2
    if r is QuizRule.COUNTERS_LAST_TRICK:
        return rules.last_trick_bonus > 0
    if r is QuizRule.COUNTERS_NONE:
        return any(not rules.counter_points[rank] for rank in rules.ranks)
    if r is QuizRule.COUNTERS_CARDS:
        return any(rules.counter_points[rank] for rank in rules.ranks)
    if r is QuizRule.CALL_INCREMENT:
        return rules.bid_increment > 1
    if r in (QuizRule.PLAY_FEED_PARTNER, QuizRule.PLAY_LEAD_TO_PARTNER_VOID):
        return rules.partnerships and rules.players == 4
    if r in (QuizRule.PASS_COUNT, QuizRule.PASS_KEEP_MELD):
        return rules.has_kitty or (rules.exchange_size > 0 and rules.partnerships)
    if r is QuizRule.PASS_RETURN:
        return rules.exchange_size > 0 and rules.partnerships
    if r is QuizRule.PASS_DISCARD:
        return rules.has_kitty
    if r is QuizRule.GAME_HIGHEST:
        return rules.sides > 2
    if r is QuizRule.TABLE_PARTNER:
        return rules.partnerships and rules.players == 4
    if r in _PARTNER_CALLS:
        return rules.partnerships and rules.players == 4
    if r is QuizRule.TABLE_EXCHANGE:
        return rules.has_kitty or (rules.exchange_size > 0 and rules.partnerships)
    return True
