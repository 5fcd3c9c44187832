"""The glossary: every term the lessons use, defined for the rules in force.

Each definition is one or two sentences built from the :class:`~pinochle_tutor.rules.RuleSet`
(its numbers, its deck, whether it has partners, an exchange, a kitty), so it is true
under the classic game, the double deck, three-handed and a house rule alike. A term for
something only some decks have (a triple or quadruple meld) is listed only where it exists.
:func:`glossary` gives the terms in alphabetical order; the glossary page shows them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pinochle_tutor.rules import RuleSet
from pinochle_tutor.words import Side

__all__ = ["CONCESSION_NOTE", "CONCESSION_WORDS", "TERMS", "Term", "counters_words", "glossary"]

CONCESSION_NOTE = (
    "The rules of record give this for the classic game only; this course plays it in every "
    "version."
)
"""What lesson 6 says of conceding: the rules of record give it for the classic game, and the
course plays it in the double deck and three-handed too."""

CONCESSION_WORDS = (
    "the rules of record give it for classic only; this course plays it in every version"
)
""":data:`CONCESSION_NOTE` in a few words, for the one-page summary."""

_SET_WORDS = {2: "double", 3: "triple", 4: "quadruple"}


def counters_words(rules: RuleSet) -> str:
    """The counters and their worth: ``'A, 10 and K, 10 trick points each'``."""
    by_points: dict[int, list[str]] = {}
    for rank in sorted(rules.ranks, reverse=True):
        pts = rules.counter_points[rank]
        if pts:
            by_points.setdefault(pts, []).append(rank.symbol)
    parts = []
    for pts, ranks in by_points.items():
        names = ranks[0] if len(ranks) == 1 else ", ".join(ranks[:-1]) + " and " + ranks[-1]
        parts.append(f"{names}, {pts} trick point{'s' if pts != 1 else ''} each")
    return "; ".join(parts) if parts else "none"


def _points(n: int) -> str:
    return f"{n} trick point{'s' if n != 1 else ''}"


@dataclass(frozen=True)
class Term:
    """One term and how it is defined under a rule set."""

    word: str
    define: Callable[[RuleSet], str]
    applies: Callable[[RuleSet], bool] = lambda _r: True
    """Whether the term exists under a rule set (a triple meld needs three copies of each card)."""

    def definition(self, rules: RuleSet) -> str:
        return self.define(rules)


def _declarer(r: RuleSet) -> str:
    more = " takes the kitty," if r.kitty_size else ""
    return f"The player who wins the auction:{more} names trump and leads the first trick."


def _defenders(r: RuleSet) -> str:
    if r.partnerships:
        return "The side that did not win the auction: they try to stop the declarer's side."
    who = "Either player" if r.players == 3 else "Any player"
    return f"{who} other than the declarer; each defender scores alone."


def _exchange(r: RuleSet) -> str:
    if not r.exchange_size or not r.partnerships:
        return "These rules have no exchange."
    n = r.exchange_size
    return (
        f"After trump is named, the declarer's partner passes {n} cards face down and the "
        f"declarer returns {n} (cards just received may go back)."
    )


def _kitty(r: RuleSet) -> str:
    if not r.kitty_size:
        return "These rules deal no kitty."
    k = r.kitty_size
    return (
        f"The {k} cards dealt aside: the declarer shows them to everyone, takes them and "
        f"discards {k} face down, which count as the declarer's trick points."
    )


def _dix(r: RuleSet) -> str:
    if not r.has_nines:
        return "The 9 of trump in meld; these rules' deck has no 9s, so there is no dix."
    return f"The 9 of trump, worth {r.meld_table.dix} in meld (each copy)."


def _around(r: RuleSet) -> str:
    t = r.meld_table
    return (
        "One card of a rank in each of the four suits, shown in meld: aces around "
        f"{t.aces_around[0]}, kings {t.kings_around[0]}, queens {t.queens_around[0]}, "
        f"jacks {t.jacks_around[0]}."
    )


def _double(r: RuleSet) -> str:
    if r.copies < 2:
        return "These rules' deck has one copy of each card: there are no double melds."
    single, double = r.meld_table.aces_around[:2]
    more = [_SET_WORDS[n] for n in range(3, r.copies + 1)]
    larger = f" A {' or '.join(more)} replaces the smaller ones in the same way." if more else ""
    return (
        "Two copies of every card of a meld: a double meld, which replaces the single one "
        f"(double aces around is {double}, not {double} + {single} = {double + single}).{larger}"
    )


def _bigger_set(n: int) -> Callable[[RuleSet], str]:
    """The definition of a triple (``n`` 3) or quadruple (4) meld."""
    word = _SET_WORDS[n]
    smaller = [_SET_WORDS.get(k, "single") for k in range(n - 1, 0, -1)]
    replaced = ", the ".join(smaller[:-1]) + " and the " + smaller[-1]
    copies = {3: "Three", 4: "Four"}[n]

    def define(r: RuleSet) -> str:
        row = r.meld_table.aces_around
        return (
            f"{copies} copies of every card of a meld: a {word} meld, which replaces the "
            f"{replaced} ({word} aces around is {row[n - 1]}, not "
            f"{' + '.join(str(row[k]) for k in range(n - 1, -1, -1))})."
        )

    return define


def _conceding(r: RuleSet) -> str:
    if r.partnerships:
        score = "the bidders subtract the bid and the defenders score their meld only"
    else:
        score = "the declarer subtracts the bid and each defender scores their meld only"
    return f"Giving up before trick play, as the declarer may: {score}. {CONCESSION_NOTE}"


def _discard(r: RuleSet) -> str:
    text = (
        "Play a card of neither the suit led nor trump, which is allowed only when you hold "
        "neither."
    )
    if r.kitty_size:
        k = r.kitty_size
        text += (
            f" Also the {k} cards the declarer lays face down after taking the kitty, which "
            "count as the declarer's trick points."
        )
    return text


def _last_trick(r: RuleSet) -> str:
    if not r.last_trick_bonus:
        return "The final trick of the hand; these rules give it no bonus."
    return (
        f"The final trick of the hand: whoever wins it earns {_points(r.last_trick_bonus)} "
        "more, besides the counters in it."
    )


def _meld(r: RuleSet) -> str:
    if r.kitty_size:
        when = "once the declarer has taken the kitty, discarded and named trump"
        if r.exchange_size and r.partnerships:
            when += ", and after the exchange"
    elif r.exchange_size and r.partnerships:
        when = "once trump is named and the exchange is done"
    else:
        when = "after trump is named"
    return (
        f"Scoring combinations a player shows from their own hand {when}; the cards go back "
        "into the hand for the play."
    )


def _meld_save(r: RuleSet) -> str:
    who = (
        "A side keeps its meld only if it takes"
        if r.partnerships
        else "A player keeps their meld only if they take"
    )
    return f"{who} at least {_points(r.meld_save)}."


def _set(r: RuleSet) -> str:
    who = Side(r.partnerships).declarers.capitalize()
    return (
        f"{who} takes no trick points: the meld is lost and the bid is subtracted, as in any "
        "missed contract."
    )


def _stuck(r: RuleSet) -> str:
    return (
        f"When every player before the dealer passes without a bid, the dealer is stuck with "
        f"the contract at {r.stuck_bid} and has no choice."
    )


TERMS: tuple[Term, ...] = (
    Term("around", _around),
    Term("auction", lambda r: (
        f"Players in turn bid points (meld plus trick points) or pass: the first bid is at "
        f"least {r.opening_bid} and each later one at least {r.bid_increment} more"
        + (f", all in multiples of {r.bid_increment}" if r.bid_increment > 1 else "")
        + "; a pass is final for that auction."
    )),
    Term("conceding", _conceding),
    Term("contract", lambda r: (
        "The winning bid: the points the declarer"
        + ("'s side must reach with its" if r.partnerships else " must reach with their")
        + " meld and trick points together."
    )),
    Term("counters", lambda r: (
        f"The cards worth trick points when captured: {counters_words(r)}. The last trick "
        f"earns {_points(r.last_trick_bonus)} more; {r.total_trick_points} in all."
    )),
    Term("declarer", _declarer),
    Term("defenders", _defenders),
    Term("discard", _discard),
    Term("dix", _dix),
    Term("double", _double),
    Term("exchange", _exchange),
    Term("follow suit", lambda _r: "Play a card of the suit that was led, which you must do if you can."),
    Term("kitty", _kitty),
    Term("last trick", _last_trick),
    Term("lead", lambda _r: (
        "Play the first card of a trick: the declarer leads the first trick, then whoever won "
        "the previous trick."
    )),
    Term("marriage", lambda r: (
        f"A K and Q of the same suit, shown in meld: {r.meld_table.marriage}; in trump it is a "
        f"royal marriage, {r.meld_table.royal_marriage}."
    )),
    Term("meld", _meld),
    Term("meld save", _meld_save),
    Term("over-trump", lambda _r: (
        "Play a higher trump than one already in the trick; when you cannot follow suit you "
        "must, if you can."
    )),
    Term("pinochle", lambda r: f"The Q♠ and J♦ together, shown in meld: {r.meld_table.pinochle[0]}."),
    Term("quadruple", _bigger_set(4), lambda r: r.copies >= 4),
    Term("royal marriage", lambda r: f"The K and Q of trump, shown in meld: {r.meld_table.royal_marriage}."),
    Term("run", lambda r: f"The A 10 K Q J of trump, shown in meld: {r.meld_table.run[0]}."),
    Term("set", _set),
    Term("stuck dealer", _stuck),
    Term("trick", lambda _r: (
        "One card from every player in turn, won by the highest trump, or if none was played "
        "by the highest card of the suit led; of identical cards tying for highest, the first "
        "played wins."
    )),
    Term("triple", _bigger_set(3), lambda r: r.copies >= 3),
    Term("trump", lambda _r: (
        "The suit the declarer names after the auction: a trump beats any card of another suit."
    )),
)  # fmt: skip
"""Every term the lessons use, alphabetically."""


def glossary(rules: RuleSet) -> list[tuple[str, str]]:
    """(term, definition) of every term that exists under ``rules``, alphabetically
    (without partners the defenders are each a defender, and the term says so; a triple
    or quadruple meld only where the deck has that many copies of each card)."""
    out = []
    for t in sorted(TERMS, key=lambda t: t.word):
        if not t.applies(rules):
            continue
        word = "defender" if t.word == "defenders" and not rules.partnerships else t.word
        out.append((word, t.definition(rules)))
    return out

