"""The course's small words, each written once: numbers in words, plurals, lists and
card names, the numbers a sentence states, and the seats' names.

Every layer that writes a sentence (the explanations, the lessons' facts, the worked
examples, the quiz) joins a list, names cards and says "two copies" the same way,
because it asks here (issue 46: words in one place).

>>> number_word(2), counted(2, "copy", "copies"), plural(1, "ace"), plural(3, "ace")
('two', 'two copies', '1 ace', '3 aces')
>>> from pinochle_tutor.cards import parse_cards
>>> listed(["A", "10", "K"]), card_names(parse_cards("AS 10S"))
('A, 10 and K', 'A♠ and 10♠')
>>> stated_numbers("By rule 3 the 10♠ and two 10s take 20, -10 for the lesson 6 case")
[20, -10]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from pinochle_tutor.cards import Card
from pinochle_tutor.rules import RuleSet

__all__ = [
    "MULTIPLE_WORDS",
    "NUMBER_WORDS",
    "SEAT_LABELS",
    "Side",
    "card_names",
    "counted",
    "listed",
    "multiple_name",
    "multiple_word",
    "number_word",
    "plural",
    "seat_does",
    "seat_label",
    "seat_name",
    "seat_whose",
    "seat_words",
    "stated_numbers",
    "times",
]

NUMBER_WORDS = ("no", "one", "two", "three", "four")
"""The numbers a sentence writes in words (copies of a card, runs, marriages): 0 to 4."""

_TIMES = {1: "once", 2: "twice"}


def number_word(n: int) -> str:
    """``n`` in words from 0 (``'no'``) to 4 (``'four'``), else in figures.

    >>> number_word(0), number_word(4), number_word(5)
    ('no', 'four', '5')
    """
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def counted(n: int, word: str, many: str | None = None) -> str:
    """``'one copy'``, ``'two copies'``: ``n`` in words (:func:`number_word`) and the
    word, plural (``many``, default ``word + 's'``) unless ``n`` is 1."""
    return f"{number_word(n)} {word if n == 1 else many or word + 's'}"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``'1 ace'``, ``'3 aces'``: ``n`` in figures and the word, plural (``many``,
    default ``word + 's'``) unless ``n`` is 1."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def times(n: int) -> str:
    """``'once'``, ``'twice'``, ``'three times'``: how often, in words to four.

    >>> times(1), times(3), times(7)
    ('once', 'three times', '7 times')
    """
    return _TIMES.get(n, f"{number_word(n)} times")


def listed(items: Sequence[str], last: str = "and") -> str:
    """Words as a list is said: ``'A'``, ``'A and 10'``, ``'K, Q and J'`` (``''`` for none),
    or with another word before the last item (``last="or"``: ``'100, 80 or 60'``).
    The one way the tutor joins a list, in explanations, lessons and widgets alike.

    >>> listed(["1000", "800", "600", "400"], last="or")
    '1000, 800, 600 or 400'
    """
    if len(items) <= 2:
        return f" {last} ".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


MULTIPLE_WORDS = ("single", "double", "triple", "quadruple")
"""How many complete sets of a meld are shown together, in words: 1 to 4."""


def multiple_word(n: int) -> str:
    """``n`` complete sets of a meld in one word, from 1 (``'single'``) to 4
    (``'quadruple'``), else ``'n-fold'``.

    >>> multiple_word(2), multiple_word(4), multiple_word(5)
    ('double', 'quadruple', '5-fold')
    """
    return MULTIPLE_WORDS[n - 1] if 1 <= n <= len(MULTIPLE_WORDS) else f"{n}-fold"


def multiple_name(n: int, meld: str) -> str:
    """The name of ``n`` complete sets of ``meld`` shown together: the meld's own name for
    one, else :func:`multiple_word` before it. The one way a meld line is named, in the
    engine's meld report, the explanations and the meld counter's claims alike.

    >>> multiple_name(1, "aces around"), multiple_name(2, "aces around")
    ('aces around', 'double aces around')
    """
    return meld if n == 1 else f"{multiple_word(n)} {meld}"


def card_names(cards: Sequence[Card]) -> str:
    """Cards as a list is said: ``'A♠'``, ``'A♠ and 10♠'``, ``'A♠, 10♠ and K♠'``."""
    return listed([c.text for c in cards])


_CARD_TEXT = re.compile(r"(?:10|[2-9AKQJ])\s?[♠♥♦♣]|\b(?:10|9)s\b")
"""A card's name (``10♠``, ``10 ♠``) or a numbered rank's plural (``9s``): no number."""
_NOT_A_NUMBER = re.compile(r"\b(?:[Rr]ules?|[Ll]esson|[Ss]eat)\s+\d+")
"""The number of a rule, a lesson or a seat: a name, not a number the sentence states."""


def stated_numbers(text: str) -> list[int]:
    """The numbers a sentence states, with their signs, leaving out card names
    (``10♠``, ``9s``) and the numbers of rules, lessons and seats: what a test checks
    against the engine's numbers, and what a hint must not give away."""
    text = _NOT_A_NUMBER.sub("", _CARD_TEXT.sub(" ", text))
    return [int(x) for x in re.findall(r"(?<![\w.])-?\d+", text)]


# ------------------------------------------------------------------------------ seats
@dataclass(frozen=True)
class Side:
    """The learner's side in words: with partners a side of two (``'your side'``),
    alone the learner (``'you'``). The one place a sentence chooses between them.

    >>> from pinochle_tutor.rules import CLASSIC, THREE_HANDED
    >>> Side(CLASSIC.partnerships).us, Side(THREE_HANDED.partnerships).us
    ('your side', 'you')
    >>> Side(True).us_do("take"), Side(False).us_do("take"), Side(False).declarers
    ('your side takes', 'you take', 'the declarer')
    """

    partners: bool
    """Whether the rules in force seat partners (``RuleSet.partnerships``)."""

    @property
    def us(self) -> str:
        """``'your side'``, or ``'you'``."""
        return "your side" if self.partners else "you"

    @property
    def ours(self) -> str:
        """``"your side's"``, or ``'your'``."""
        return "your side's" if self.partners else "your"

    def us_do(self, verb: str) -> str:
        """:attr:`us` with ``verb`` (as it goes with "you") agreeing: ``'your side
        makes'``, ``'you make'``."""
        return f"your side {verb}s" if self.partners else f"you {verb}"

    @property
    def bidders(self) -> str:
        """``'the bidders'``, or ``'the declarer'``."""
        return "the bidders" if self.partners else "the declarer"

    @property
    def declarers(self) -> str:
        """``"the declarer's side"``, or ``'the declarer'``."""
        return "the declarer's side" if self.partners else "the declarer"

    @property
    def unit(self) -> str:
        """What keeps a score: ``'side'``, or ``'player'``."""
        return "side" if self.partners else "player"


SEAT_LABELS = {4: ("South", "West", "North", "East"), 3: ("South", "West", "East")}
"""The seats' places at a table of 4 or of 3, in the order of play (a classmates'
table's lobby names seats so; the game names them from each learner's own)."""


def seat_label(seat: int, players: int) -> str:
    """The seat's place at the table, as the lobby names it (the game itself names
    seats from each learner's own: you, left, partner, right): South, West, North,
    East, in the order of play (three-handed: South, West, East)."""
    return SEAT_LABELS.get(players, SEAT_LABELS[4])[seat]


def seat_words(seat: int, me: int | None, rules: RuleSet) -> str:
    """Who sits at ``seat`` seen from ``me``, as a sentence says it: ``'you'``,
    ``'your partner'``, ``'the left opponent'``, ``'the right opponent'`` (the names of
    :func:`seat_name`, the one set of seat names the course uses); ``me`` ``None``
    (nobody's view, as the engine's sentences are): ``'seat 2'``.

    >>> from pinochle_tutor.rules import CLASSIC
    >>> [seat_words(s, 0, CLASSIC) for s in range(4)]
    ['you', 'the left opponent', 'your partner', 'the right opponent']
    >>> seat_words(2, None, CLASSIC)
    'seat 2'
    """
    if me is None:
        return f"seat {seat}"
    name = seat_name(seat, me, rules)
    return {"You": "you", "Partner": "your partner"}.get(name, "the " + name.lower())


def seat_does(
    seat: int, me: int | None, rules: RuleSet, verb: str = "", *, start: bool = False
) -> str:
    """A sentence's subject, ``seat`` seen from ``me`` (:func:`seat_words`), with ``verb``
    agreeing: ``'you deal'``, ``'the left opponent deals'``, ``'your partner passes'``;
    ``start``: capitalised, to begin a sentence. Without a verb, the subject alone.
    ``verb`` is given as it goes with "you" (``'have passed'``, ``'are'``); a verb
    that does not change (``'may'``, ``'won'``) belongs after the subject alone.

    >>> from pinochle_tutor.rules import CLASSIC
    >>> seat_does(1, 0, CLASSIC, "lead"), seat_does(0, 0, CLASSIC, "have the bid", start=True)
    ('the left opponent leads', 'You have the bid')
    >>> seat_does(2, None, CLASSIC, "have passed", start=True)
    'Seat 2 has passed'
    """
    who = seat_words(seat, me, rules)
    if verb and who != "you":
        head, _, rest = verb.partition(" ")
        head = {"are": "is", "have": "has", "pass": "passes"}.get(head, head + "s")
        verb = f"{head} {rest}".rstrip()
    text = f"{who} {verb}" if verb else who
    return text[:1].upper() + text[1:] if start else text


def seat_whose(
    seat: int, me: int | None, rules: RuleSet, *, alone: bool = False, start: bool = False
) -> str:
    """Whose, for ``seat`` seen from ``me`` (:func:`seat_words`): ``'your'``,
    ``"your partner's"``, ``"the left opponent's"`` (``me`` ``None``: ``"seat 2's"``);
    ``alone``: standing for the thing owned (``'yours'``: "not yours"); ``start``:
    capitalised. The one way a sentence says a seat's turn, bid or cards, so the
    learner's own is never "you's".

    >>> from pinochle_tutor.rules import CLASSIC
    >>> [seat_whose(s, 0, CLASSIC) for s in range(4)]
    ['your', "the left opponent's", "your partner's", "the right opponent's"]
    >>> seat_whose(0, 0, CLASSIC, start=True), seat_whose(0, 0, CLASSIC, alone=True)
    ('Your', 'yours')
    >>> seat_whose(3, None, CLASSIC, alone=True)
    "seat 3's"
    """
    who = seat_words(seat, me, rules)
    text = ("yours" if alone else "your") if who == "you" else f"{who}'s"
    return text[:1].upper() + text[1:] if start else text


def seat_name(seat: int, me: int, rules: RuleSet, *, short: bool = False) -> str:
    """Who sits at ``seat``, seen from seat ``me``: ``'You'``, ``'Left opponent'``,
    ``'Partner'`` or ``'Right opponent'`` (``short``: ``'Left'``, ``'Partner'``,
    ``'Right'``). Play goes clockwise, so the player on your left plays after you and
    the one on your right just before you; your partner sits opposite.

    >>> from pinochle_tutor.rules import CLASSIC, THREE_HANDED
    >>> [seat_name(s, 0, CLASSIC) for s in range(4)]
    ['You', 'Left opponent', 'Partner', 'Right opponent']
    >>> [seat_name(s, 1, THREE_HANDED, short=True) for s in range(3)]
    ['Right', 'You', 'Left']
    """
    n = rules.players
    rel = (seat - me) % n
    if rel == 0:
        return "You"
    if rel == 1:
        return "Left" if short else "Left opponent"
    if rel == n - 1:
        return "Right" if short else "Right opponent"
    if rel == 2 and n == 4:
        if rules.partnerships:
            return "Partner"
        return "Opposite" if short else "Opposite player"
    return f"Seat {seat}"
