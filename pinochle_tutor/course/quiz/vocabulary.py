"""The quiz vocabulary: the kinds of question and the rule cases they exercise.

:class:`QuizKind` names the seven kinds of question; :class:`QuizRule` names the
rule cases progress is kept against (its value, ``'meld.run'``, is what progress
files store). :meth:`QuizRule.statement` says a rule case in a sentence with the
numbers of the rules in force, and :func:`rule_applies` says whether a rule case
can come up at all under a rule set.

>>> QuizRule.parse("meld.run").statement()
'A 10 K Q J of trump is a run: 150.'
>>> from pinochle_tutor.rules import DOUBLE_DECK
>>> QuizRule.MELD_RUN.statement(DOUBLE_DECK)
'A 10 K Q J of trump is a run: 15.'
"""

from __future__ import annotations

from enum import Enum

from pinochle_tutor.errors import PinochleError
from pinochle_tutor.names import find_named
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.words import Side, counted

__all__ = [
    "KIND_TITLES",
    "InvalidQuizKindError",
    "InvalidQuizRuleError",
    "QuizKind",
    "QuizRule",
    "counter_values",
    "rule_applies",
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

    @classmethod
    def parse(cls, value: QuizKind | str) -> QuizKind:
        """A kind from itself or its name (``'meld'``, ``'trick'``, ``'score'``, ``'bid'``,
        ``'winner'``, ``'counters'``, ``'call'``, ``'play'``, ``'pass'``, ``'game'``,
        ``'table'``).

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
    """Win with the cheapest card that wins."""
    PLAY_TRACK_BOTH_COPIES = "play.track_both_copies"
    """Every card has a twin: a lead is sure only when both copies above it are gone."""
    PLAY_CASH_SURE_WINNER = "play.cash_sure_winner"
    """Lead a card nobody can beat before it can be trumped."""
    PLAY_DRAW_TRUMP = "play.draw_trump"
    """The bidding side leads trump to pull the other side's trump."""
    PLAY_LEAD_TO_PARTNER_VOID = "play.lead_to_partner_void"
    """Lead a suit partner is out of: partner can trump it."""
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

    @property
    def kind(self) -> QuizKind:
        """The kind of question the rule case belongs to."""
        return QuizKind.parse(self.value.split(".", 1)[0])

    def statement(self, rules: RuleSet = CLASSIC) -> str:
        """The rule case in a sentence, with every number taken from ``rules``
        (the rules in force: a preset or a house rule)."""
        return _statement(self, rules)

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

_SET_NAMES = ("single", "double", "triple", "quadruple")


def _trick_points(n: int) -> str:
    return f"{n} trick point" if n == 1 else f"{n} trick points"


def _ladder(rows: tuple[tuple[int, ...], ...], rules: RuleSet) -> str:
    """``'double 100, 80, 60 or 40; triple 150, ...'``: the multiple melds of ``rows``."""
    parts = []
    for n in range(2, rules.copies + 1):
        values = [str(row[n - 1]) for row in rows]
        listed = values[0] if len(values) == 1 else f"{', '.join(values[:-1])} or {values[-1]}"
        parts.append(f"{_SET_NAMES[n - 1]} {listed}")
    return "; ".join(parts)


def _meld_statement(rule: QuizRule, rules: RuleSet) -> str:
    t = rules.meld_table
    around = (t.aces_around, t.kings_around, t.queens_around, t.jacks_around)
    one_copy = "The deck holds one copy of each card: there are no double melds."
    if rule is QuizRule.MELD_RUN:
        return f"A 10 K Q J of trump is a run: {t.run[0]}."
    if rule is QuizRule.MELD_DOUBLE_RUN:
        if rules.copies < 2:
            return one_copy
        if rules.copies == 2:
            return f"Both copies of the run are a double run: {t.run[1]}, with no marriages."
        return (
            f"Several copies of the run replace the single one ({_ladder((t.run,), rules)}); the "
            f"K Q inside them earn no marriage, and a further trump K+Q beside them earns "
            f"{t.royal_marriage}."
        )
    if rule is QuizRule.MELD_RUN_ROYAL:
        rm = t.royal_marriage
        return f"A further complete trump K+Q beside a run earns {rm}: run + royal marriage = {t.run[0] + rm}."
    if rule is QuizRule.MELD_RUN_LONE_EXTRA:
        return "A lone extra trump K or Q beside a run earns nothing."
    if rule is QuizRule.MELD_ROYAL_MARRIAGE:
        return f"K Q of trump is a royal marriage: {t.royal_marriage} each."
    if rule is QuizRule.MELD_MARRIAGE:
        return f"K Q of a non-trump suit is a marriage: {t.marriage} each."
    if rule is QuizRule.MELD_DIX:
        if not rules.has_nines:
            return "The deck has no 9s, so there is no dix."
        return f"The 9 of trump is the dix: {t.dix} each."
    arounds = {
        QuizRule.MELD_ACES_AROUND: ("An ace", "aces", t.aces_around),
        QuizRule.MELD_KINGS_AROUND: ("A king", "kings", t.kings_around),
        QuizRule.MELD_QUEENS_AROUND: ("A queen", "queens", t.queens_around),
        QuizRule.MELD_JACKS_AROUND: ("A jack", "jacks", t.jacks_around),
    }
    if rule in arounds:
        one, many, row = arounds[rule]
        return f"{one} of each suit is {many} around: {row[0]}."
    if rule is QuizRule.MELD_DOUBLE_AROUND:
        if rules.copies < 2:
            return one_copy
        if rules.copies == 2:
            values = [str(row[1]) for row in around]
            return (
                f"Both copies around replace the single: {', '.join(values[:-1])} or {values[-1]}."
            )
        return f"Several copies around replace the single: {_ladder(around, rules)}."
    if rule is QuizRule.MELD_PINOCHLE:
        return f"Q♠ + J♦ is a pinochle: {t.pinochle[0]}."
    if rule is QuizRule.MELD_DOUBLE_PINOCHLE:
        if rules.copies < 2:
            return one_copy
        if rules.copies == 2:
            return f"Both Q♠ and both J♦ are a double pinochle: {t.pinochle[1]}."
        return (
            f"Several Q♠ + J♦ pairs replace the single pinochle: {_ladder((t.pinochle,), rules)}."
        )
    if rule is QuizRule.MELD_SHARED_CARD:
        return "A card may count in several categories, never twice in one."
    if rule is QuizRule.MELD_INCOMPLETE_DOUBLE:
        return "A double needs two copies of every card of the meld; otherwise it is a single meld."
    return "Some hands have no meld at all."


def _score_statement(rule: QuizRule, rules: RuleSet) -> str:
    save = rules.meld_save
    # Three-handed: one declarer, and each defender scores alone.
    pair = rules.partnerships
    bidders = "the bidders" if pair else "the declarer"
    add, subtract, are = ("add their", "subtract", "are") if pair else ("adds their", "subtracts", "is")
    side = "A side keeps its" if pair else "A player keeps their"
    defenders = "Defenders score" if pair else "Each defender scores"
    if rule is QuizRule.SCORE_MADE:
        return f"Made: {bidders} {add} meld and trick points."
    if rule is QuizRule.SCORE_MISSED:
        return f"Missed: {bidders} {subtract} the bid and score{'' if pair else 's'} nothing else."
    if rule is QuizRule.SCORE_SET:
        return f"No trick points at all: {bidders} {are} set and {subtract} the bid."
    if rule is QuizRule.SCORE_MELD_SAVE:
        if save <= 0:
            return f"{side} meld even without trick points."
        return f"{side} meld only with at least {_trick_points(save)}."
    if rule is QuizRule.SCORE_CONCESSION:
        if pair:
            return "Conceded: the bidders lose the bid, the defenders score meld only."
        return "Conceded: the declarer loses the bid, each defender scores meld only."
    if save <= 0:
        return f"{defenders} meld + trick points."
    return f"{defenders} meld + trick points with at least {_trick_points(save)}."


_FIXED_TEXT: dict[QuizRule, str] = {
    QuizRule.TRICK_LEAD: "The leader may play any card.",
    QuizRule.TRICK_FOLLOW_SUIT: "Rule 1: follow the led suit if you can.",
    QuizRule.TRICK_BEAT: "Rule 2: beat the winning card if you can do so legally.",
    QuizRule.TRICK_TRUMP: "Rule 3: with no card of the led suit, play trump.",
    QuizRule.TRICK_OVER_TRUMP: "Rule 3: over-trump an earlier trump when you can.",
    QuizRule.TRICK_DISCARD: "Rule 4: with neither the led suit nor trump, play any card.",
    QuizRule.TRICK_PARTNER_WINNING: "The rules apply even when your partner is winning.",
    QuizRule.TRICK_TRUMPED: "Once the trick is trumped, any card of the led suit will do.",
    QuizRule.BID_OPEN: "Open the bidding when the hand is worth it.",
    QuizRule.BID_RAISE: "Raise when the hand is worth more than the current bid.",
    QuizRule.BID_PASS: "Pass when the bidding is above what the hand is worth.",
    QuizRule.WINNER_LED_SUIT: (
        "Without trump in the trick, the highest card of the led suit wins; "
        "a card of another suit never wins."
    ),
    QuizRule.WINNER_TRUMP: "A trump beats every card of another suit: the highest trump wins.",
    QuizRule.WINNER_FIRST_IDENTICAL: "Of two identical cards, the one played first wins.",
    QuizRule.PLAY_FEED_PARTNER: (
        "When your partner's card wins and nobody still to play can beat it, feed it a counter."
    ),
    QuizRule.PLAY_SAVE_COUNTER: (
        "When the trick is lost whatever you play, give it a card that counts nothing."
    ),
    QuizRule.PLAY_CHEAPEST_WINNER: "Win the trick with the cheapest card that wins it.",
    QuizRule.PLAY_TRACK_BOTH_COPIES: (
        "Track both copies: a card is a sure winner only when every copy above it is gone."
    ),
    QuizRule.PLAY_CASH_SURE_WINNER: "Cash a sure winner before it can be trumped.",
    QuizRule.PLAY_DRAW_TRUMP: (
        "The bidding side draws trump, so its side suits cannot be trumped later."
    ),
    QuizRule.PLAY_LEAD_TO_PARTNER_VOID: "Lead a suit your partner is out of: partner can trump it.",
    QuizRule.PLAY_REMEMBER_EXPOSED_MELD: (
        "Remember exposed meld: keep back a counter that a card shown in meld beats."
    ),
    QuizRule.PLAY_KEEP_GUARD: "Keep a low card beside your ten while the ace of its suit is out.",
    QuizRule.PLAY_NUMBERS: "When no rule of thumb decides, the expected trick points do.",
}
"""The statements that quote no number (trick play and bidding)."""


def _rank_list(ranks: list[str]) -> str:
    return ranks[0] if len(ranks) == 1 else f"{', '.join(ranks[:-1])} and {ranks[-1]}"


def counter_values(rules: RuleSet) -> str:
    """The counters of ``rules`` in a sentence: ``'A, 10 and K count 10 trick points
    each; Q, J and 9 count nothing.'`` (classic)."""
    by_value: dict[int, list[str]] = {}
    for rank in sorted(rules.ranks, reverse=True):
        by_value.setdefault(rules.counter_points[rank], []).append(rank.symbol)
    parts = []
    for value in sorted((v for v in by_value if v), reverse=True):
        ranks = by_value[value]
        each = " each" if len(ranks) > 1 else ""
        parts.append(f"{_rank_list(ranks)} {'count' if len(ranks) > 1 else 'counts'} {_trick_points(value)}{each}")
    text = "; ".join(parts) if parts else "No card counts any trick points"
    if by_value.get(0):
        zero = by_value[0]
        text += f"; {_rank_list(zero)} {'count' if len(zero) > 1 else 'counts'} nothing"
    return text + "."


def _counters_statement(rule: QuizRule, rules: RuleSet) -> str:
    if rule is QuizRule.COUNTERS_LAST_TRICK:
        if rules.last_trick_bonus <= 0:
            return "The last trick earns no bonus under these rules."
        return f"The last trick earns its takers a bonus of {_trick_points(rules.last_trick_bonus)}."
    if rule is QuizRule.COUNTERS_NONE:
        zero = [r.symbol for r in sorted(rules.ranks, reverse=True) if not rules.counter_points[r]]
        if not zero:
            return "Every card counts some trick points under these rules."
        return f"{_rank_list(zero)} {'are' if len(zero) > 1 else 'is'} worth no trick points at all."
    return counter_values(rules)


def _call_statement(rule: QuizRule, rules: RuleSet) -> str:
    inc = rules.bid_increment
    if rule is QuizRule.CALL_OPENING:
        return f"The opening bid must be at least {rules.opening_bid}."
    if rule is QuizRule.CALL_INCREMENT:
        return f"Bids go up in multiples of {inc}."
    if rule is QuizRule.CALL_RAISE:
        return f"Each bid must raise the current bid by at least {inc}."
    if rule is QuizRule.CALL_PASS_FINAL:
        return "A pass is final: once you pass, you cannot bid again in that auction."
    if rule is QuizRule.CALL_STUCK_DEALER:
        return (
            f"If everyone before the dealer passes without a bid, the dealer is stuck with the "
            f"contract at {rules.stuck_bid}: the dealer may neither pass nor bid."
        )
    return (
        f"In your turn you may pass, or bid at least the lowest bid allowed: {rules.opening_bid} "
        f"to open, then {inc} or more above the current bid."
    )


def _pass_statement(rule: QuizRule, rules: RuleSet) -> str:
    n = rules.exchange_size
    if rule is QuizRule.PASS_COUNT:
        if rules.has_kitty or not n:
            k = rules.kitty_size
            return f"A discard is exactly {k} cards from your own hand (after taking the kitty)."
        return f"A pass, and the declarer's return, is exactly {n} cards from your own hand."
    if rule is QuizRule.PASS_RETURN:
        if not n:
            return "There is no exchange under these rules, so nothing is returned."
        return f"The declarer returns {n} cards and may return cards just received."
    if rule is QuizRule.PASS_DISCARD:
        if not rules.has_kitty:
            return "There is no kitty under these rules, so nothing is discarded."
        return (
            f"The declarer takes the kitty and discards {rules.kitty_size} cards face down; "
            "the discards count as the declarer's trick points."
        )
    return "Give away cards your meld does not need: keep as much of your meld as you can."


def _game_statement(rule: QuizRule, rules: RuleSet) -> str:
    target = rules.target
    bidders = "the bidders win" if rules.partnerships else "the declarer wins"
    if rule is QuizRule.GAME_NOT_REACHED:
        who = f"a {Side(rules.partnerships).unit}"
        return f"Until {who} reaches {target}, the game goes on with another hand."
    if rule is QuizRule.GAME_REACHED:
        first = Side(rules.partnerships).unit
        return f"The first {first} to reach {target} wins the game."
    if rule is QuizRule.GAME_BIDDERS_FIRST:
        return f"If several reach {target} on the same hand, {bidders} if the contract was made."
    silent = (
        " On an exact tie of the highest scores the rules text says nothing; this tutor "
        "plays another hand."
    )
    if rules.partnerships:
        return (
            f"If both sides reach {target} on the same hand and the bidders missed the contract, "
            "the rules text does not say who wins; this tutor gives the game to the higher "
            "score." + silent
        )
    return (
        f"If several reach {target} on the same hand and the contract was missed, the highest "
        "score wins." + silent
    )


def _table_statement(rule: QuizRule, rules: RuleSet) -> str:
    if rule is QuizRule.TABLE_DECK:
        ranks = " ".join(r.symbol for r in sorted(rules.ranks, reverse=True))
        copies = counted(rules.copies, "copy", "copies")
        return (
            f"The deck holds {rules.deck_size} cards: {copies} of each of {ranks} "
            "in each of the four suits."
        )
    if rule is QuizRule.TABLE_DEAL:
        kitty = f" and {rules.kitty_size} to the kitty" if rules.kitty_size else ""
        return f"All the cards are dealt: {rules.hand_size} to each player{kitty}."
    if rule is QuizRule.TABLE_NEXT_DEALER:
        return "The deal moves clockwise: the player on the dealer's left deals the next hand."
    if rule is QuizRule.TABLE_FIRST_CALL:
        return "The auction starts at the dealer's left and goes clockwise."
    if rule is QuizRule.TABLE_PARTNER:
        if not (rules.partnerships and rules.players == 4):
            return "Nobody has a partner: every player plays alone."
        return "Partners sit opposite each other, across the table."
    if rule is QuizRule.TABLE_FIRST_LEAD:
        return "The declarer leads the first trick; the winner of each trick leads the next."
    if rule is QuizRule.TABLE_EXCHANGE:
        n, k, hand = rules.exchange_size, rules.kitty_size, rules.hand_size
        if rules.has_kitty:
            return (
                f"The declarer takes the {k}-card kitty ({hand + k} cards) and discards {k} "
                f"face down, back to {hand}."
            )
        if not (n and rules.partnerships):
            return "There is no exchange under these rules."
        return (
            f"The declarer's partner passes {n} cards face down ({hand - n} left) and the "
            f"declarer, then holding {hand + n}, returns {n}, which may include cards just "
            f"received: both finish with {hand}."
        )
    return (
        "The highest bidder is the declarer; when everyone else passes without a bid, the "
        f"dealer is the declarer at {rules.stuck_bid}."
    )


def _statement(rule: QuizRule, rules: RuleSet) -> str:
    if rule.kind is QuizKind.TABLE:
        return _table_statement(rule, rules)
    if rule in _FIXED_TEXT:
        return _FIXED_TEXT[rule]
    if rule.kind is QuizKind.MELD:
        return _meld_statement(rule, rules)
    if rule.kind is QuizKind.COUNTERS:
        return _counters_statement(rule, rules)
    if rule.kind is QuizKind.CALL:
        return _call_statement(rule, rules)
    if rule.kind is QuizKind.PASS:
        return _pass_statement(rule, rules)
    if rule.kind is QuizKind.GAME:
        return _game_statement(rule, rules)
    return _score_statement(rule, rules)


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


def rule_applies(rule: QuizRule | str, rules: RuleSet = CLASSIC) -> bool:
    """Whether the rule case can come up at all under ``rules``. It cannot when
    the deck has no 9s or the dix earns nothing (``meld.dix``, e.g. double deck),
    when the deck has one copy of each card (the doubles, ``meld.run_royal``,
    ``meld.run_lone_extra``), when nobody has a partner (``trick.partner_winning``,
    three-handed), when meld is kept without trick points (``score.meld_save``), when
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
    if r is QuizRule.TABLE_EXCHANGE:
        return rules.has_kitty or (rules.exchange_size > 0 and rules.partnerships)
    return True
