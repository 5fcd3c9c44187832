"""The exchange: is this pass (return, discard) legal, and how much meld does it keep?

:func:`explain_exchange` asks the engine (:func:`~pinochle_tutor.exchange.remove_cards`,
the rule of the pass: exactly the right number of cards, all from the hand) whether
the cards given are a legal pass, and the meld table how much meld the cards kept
hold, against the most that any legal pass of as many cards could keep. That is what
the engine can decide about an exchange; which cards help the partner's hand most is
not judged (the partner's hand is unseen).

:func:`exchange_reasoning` gives the game table's exchange hint its reason, read off the
cards and the rules in force (trump and aces given, the meld kept, counters, voids),
never a fixed sentence: a hint that returns a king does not say "give back non-counters".

>>> e = explain_exchange("AH 10H KH QH JH 9S 9C JC QD KD AS 10S", "9S 9C JC 10S", "H")
>>> e.legal, e.kept_meld, e.best_meld, e.rule.name
(True, 170, 170, 'KEEPS_MELD')
>>> explain_exchange("AH 10H KH QH JH 9S 9C JC QD KD AS 10S", "AH 9S 9C JC", "H").rule.name
'BREAKS_MELD'
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from pinochle_tutor.cards import (
    CARDS_BY_INDEX,
    Card,
    CardLike,
    Rank,
    Suit,
    SuitLike,
    cards_text,
    parse_suit,
    sort_hand,
)
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.exchange import remove_cards
from pinochle_tutor.explain._text import _a, _names, listed
from pinochle_tutor.hands import as_cards
from pinochle_tutor.meld import meld, meld_points, points_from_counts
from pinochle_tutor.rules import CLASSIC, MeldTable, RuleSet

__all__ = [
    "EXCHANGE_ROLES",
    "ExchangeExplanation",
    "ExchangeReasoning",
    "ExchangeRule",
    "UnknownExchangeRoleError",
    "exchange_reasoning",
    "exchange_size",
    "explain_exchange",
]

EXCHANGE_ROLES = ("pass", "return", "discard")
"""Who gives cards: the declarer's partner passes, the declarer returns, and in the
three-handed game the declarer discards after taking the kitty."""


class UnknownExchangeRoleError(PinochleError):
    """A role in the exchange that is not one of :data:`EXCHANGE_ROLES`."""


class ExchangeRule(Enum):
    """What decides the verdict on an exchange."""

    WRONG_COUNT = "wrong number of cards"
    """Not exactly as many cards as the rules say."""
    NOT_HELD = "a card not in the hand"
    """A card (or a copy of it) the hand does not hold."""
    BREAKS_MELD = "breaks meld"
    """Legal, but keeps less meld than another pass of as many cards would."""
    KEEPS_MELD = "keeps the meld"
    """Legal, and keeps as much meld as any pass could."""


def exchange_size(role: str, rules: RuleSet) -> int:
    """How many cards ``role`` gives under ``rules`` (a discard: the kitty's size)."""
    return rules.kitty_size if role == "discard" else rules.exchange_size


def _what(role: str) -> str:
    return {"pass": "Your pass", "return": "Your return", "discard": "Your discard"}[role]


@functools.lru_cache(maxsize=512)
def _best_keep(
    counts: tuple[int, ...], k: int, trump: int, table: MeldTable
) -> tuple[int, tuple[int, ...]]:
    """The most meld the hand keeps after giving ``k`` cards, and one such gift (card
    indices), over every distinct multiset of ``k`` cards of the hand."""
    c = list(counts)
    best: tuple[int, tuple[int, ...]] = (-1, ())
    gift: list[int] = []

    def walk(start: int, left: int) -> None:
        nonlocal best
        if left == 0:
            pts = points_from_counts(c, trump, table)
            if pts > best[0]:
                best = (pts, tuple(gift))
            return
        for i in range(start, 24):
            if c[i]:
                c[i] -= 1
                gift.append(i)
                walk(i, left - 1)
                gift.pop()
                c[i] += 1

    walk(0, k)
    return best


@dataclass(frozen=True)
class ExchangeExplanation:
    """The verdict on giving ``given`` from ``hand`` with ``trump`` as trump."""

    hand: tuple[Card, ...]
    given: tuple[Card, ...]
    trump_name: str
    role: str
    size: int
    """How many cards the rules say to give."""
    rule: ExchangeRule
    problem: str
    """The engine's message for an illegal pass (empty when legal)."""
    hand_meld: int
    """The meld of the whole hand before giving anything."""
    kept_meld: int
    """The meld of the cards kept (0 for an illegal pass)."""
    best_meld: int
    """The most meld any legal pass of :attr:`size` cards keeps."""
    example: tuple[Card, ...]
    """A legal pass that keeps :attr:`best_meld`."""
    broken: tuple[str, ...]
    """The meld lines of the hand that the cards kept no longer hold."""
    rules: RuleSet = CLASSIC

    @property
    def legal(self) -> bool:
        """Whether the pass follows the rule (the right count, from the hand)."""
        return self.rule in (ExchangeRule.BREAKS_MELD, ExchangeRule.KEEPS_MELD)

    @property
    def accepted(self) -> bool:
        """Legal and keeping as much meld as any pass could."""
        return self.rule is ExchangeRule.KEEPS_MELD

    @property
    def lost(self) -> int:
        """Meld points given up beyond what the best pass gives up."""
        return self.best_meld - self.kept_meld if self.legal else 0

    @property
    def text(self) -> str:
        what = _what(self.role)
        if not self.legal:
            return f"That is not a legal {self.role}: {self.problem}."
        kept = f"You keep {self.kept_meld} meld"
        if self.rule is ExchangeRule.KEEPS_MELD:
            if self.hand_meld == self.kept_meld:
                return f"{what} of {_names(self.given)} keeps all your meld ({self.kept_meld})."
            return (
                f"{kept} of the {self.hand_meld} your cards held: no pass of {self.size} cards "
                f"keeps more."
            )
        broke = f" It breaks {listed([_a(b) for b in self.broken])}." if self.broken else ""
        return (
            f"{what} gives away meld you could keep: {kept.lower()}, but giving "
            f"{_names(self.example)} would keep {self.best_meld} ({self.lost} more).{broke}"
        )

    def __str__(self) -> str:
        return self.text


def _shown(cards: Iterable[Card]) -> str:
    """A choice of cards as the learner's hand shows them (by suit, highest first):
    every sentence of an exchange verdict names the same cards in the same order
    ('Q♦ J♦ 9♦ 9♦', never '9♦ 9♦ J♦ Q♦' beside it)."""
    return cards_text(sort_hand(cards))


def _lines(cards: list[Card], trump: SuitLike, rules: RuleSet) -> list[str]:
    return [i.name for i in meld(cards, trump, rules).items]


def explain_exchange(
    hand: list[CardLike] | tuple[CardLike, ...] | str,
    given: list[CardLike] | tuple[CardLike, ...] | str,
    trump: SuitLike,
    rules: RuleSet = CLASSIC,
    role: str = "pass",
) -> ExchangeExplanation:
    """The verdict on giving ``given`` from ``hand`` (``role``: ``'pass'``, ``'return'``
    or ``'discard'``; see :data:`EXCHANGE_ROLES`) with ``trump`` as trump under ``rules``.
    Never raises for an illegal pass: its rule says what is wrong."""
    if role not in EXCHANGE_ROLES:
        raise UnknownExchangeRoleError(f"role={role!r}: use one of {', '.join(EXCHANGE_ROLES)}")
    h = tuple(sort_hand(as_cards(hand)))
    g = tuple(sort_hand(as_cards(given)))
    t = parse_suit(trump)
    size = exchange_size(role, rules)
    counts = [0] * 24
    for c in h:
        counts[c.index] += 1
    table = rules.meld_table
    hand_meld = points_from_counts(list(counts), int(t), table)
    best, gift = _best_keep(tuple(counts), size, int(t), table)
    example = tuple(sort_hand(CARDS_BY_INDEX[i] for i in gift))
    try:
        kept = remove_cards(h, g, size, _what(role))
    except PinochleError as e:
        if len(g) != size:
            rule = ExchangeRule.WRONG_COUNT
            problem = f"a {role} is exactly {size} cards, and you gave {len(g)}"
        else:
            rule, problem = ExchangeRule.NOT_HELD, str(e).split(": ", 1)[-1]
        return ExchangeExplanation(h, g, t.plural, role, size, rule, problem,
                                   hand_meld, 0, best, example, (), rules)  # fmt: skip
    kept_meld = points_from_counts(_counts(kept), int(t), table)
    rule = ExchangeRule.KEEPS_MELD if kept_meld >= best else ExchangeRule.BREAKS_MELD
    broken: list[str] = []
    if rule is ExchangeRule.BREAKS_MELD:
        after = _lines(kept, t, rules)
        for name in _lines(list(h), t, rules):
            if name in after:
                after.remove(name)
            else:
                broken.append(name)
    return ExchangeExplanation(h, g, t.plural, role, size, rule, "", hand_meld, kept_meld, best,
                               example, tuple(dict.fromkeys(broken)), rules)  # fmt: skip


def _counts(cards: list[Card]) -> list[int]:
    out = [0] * 24
    for c in cards:
        out[c.index] += 1
    return out


# ------------------------------------------------------------ the hint's reason
@dataclass(frozen=True)
class ExchangeReasoning:
    """The facts behind a choice of cards to pass (the declarer's partner) or to return
    (the declarer)."""

    cards: tuple[Card, ...]
    """The cards given, in hand order."""
    passing: bool
    """True for the partner's pass, False for the declarer's return."""
    trump: Suit
    trumps_given: int
    aces_given: int
    counters_given: tuple[Card, ...]
    """The cards given that count trick points under the rules in force."""
    trumps_kept: int
    kept_meld: int
    """The giver's meld with the cards that stay."""
    voids: tuple[Suit, ...]
    """Side suits the giver holds none of after giving (it may trump them)."""

    @property
    def text(self) -> str:
        """The reasoning in plain words."""
        shown = _shown(self.cards)
        if self.passing:
            parts = []
            if self.trumps_given:
                parts.append(f"{self.trumps_given} trump")
            if self.aces_given:
                parts.append(f"{self.aces_given} ace{'s' if self.aces_given > 1 else ''}")
            what = (
                " and ".join(parts) + " for the declarer" if parts else "cards the declarer can use"
            )
            return f"Pass {shown}: {what}. You keep {self.kept_meld} meld."
        out = [f"Give back {shown}: you keep {self.kept_meld} meld"]
        out.append(
            f"and all {self.trumps_kept} of your trump" if not self.trumps_given
            else f"and {self.trumps_kept} trump ({self.trumps_given} given back)"
        )  # fmt: skip
        line = " ".join(out) + "."
        if not self.counters_given:
            line += " None of them counts trick points."
        else:
            one = len(self.counters_given) == 1
            line += (
                f" {_shown(self.counters_given)} count{'s' if one else ''} trick points, but "
                f"your partner plays {'it' if one else 'them'} for your side."
            )
        if self.voids:
            names = " and ".join(s.plural for s in self.voids)
            line += f" You hold no {names} now, so you can trump them."
        return line

    def __str__(self) -> str:
        return self.text


def exchange_reasoning(
    cards: Iterable[CardLike],
    hand: Sequence[CardLike],
    trump: SuitLike,
    rules: RuleSet,
    *,
    passing: bool,
) -> ExchangeReasoning:
    """The facts of giving ``cards`` from ``hand`` with ``trump`` (see the class).

    >>> from pinochle_tutor import CLASSIC, cards_text
    >>> hand = "AS KS QS JS 10S AH KH QH 9C QD 10D KC".split()
    >>> print(exchange_reasoning("AS AH 9C 10D".split(), hand, "H", CLASSIC, passing=True).text)
    Pass A♠ A♥ 10♦ 9♣: 1 trump and 1 ace for the declarer. You keep 60 meld.
    >>> r = exchange_reasoning("9C KC QD 10D".split(), hand, "S", CLASSIC, passing=False)
    >>> r.kept_meld, r.trumps_kept, cards_text(r.counters_given), r.voids
    (170, 5, '10♦ K♣', (Suit.DIAMONDS, Suit.CLUBS))
    """
    t = parse_suit(trump)
    given = sorted(as_cards(list(cards)))
    rest = list(as_cards(list(hand)))
    for c in given:
        rest.remove(c)
    return ExchangeReasoning(
        cards=tuple(given),
        passing=passing,
        trump=t,
        trumps_given=sum(c.suit == t for c in given),
        aces_given=sum(c.rank is Rank.ACE and c.suit != t for c in given),
        counters_given=tuple(c for c in given if rules.counter_points[c.rank]),
        trumps_kept=sum(c.suit == t for c in rest),
        kept_meld=meld_points(rest, t, rules),
        voids=tuple(
            s
            for s in Suit
            if s != t and any(c.suit == s for c in given) and not any(c.suit == s for c in rest)
        ),
    )
