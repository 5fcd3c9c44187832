"""Answers: reading a learner's typed answer and marking it with the tutor's explanation.

The parsers read ``"190"``, ``"run + royal marriage"``, ``"AS, 10S"``, ``"yes"``,
``"-320"``, ``"pass"`` or ``"330"`` and raise :class:`InvalidAnswerError` saying
how to write an answer they cannot read. :func:`check_answer` never raises: it
asks the engine for the right answer and returns a :class:`Mark` with the
tutor's explanation and the rule cases exercised (found here, when the answer
is checked, for an item that declares none). :func:`answer_for` gives the
engine's answer on its own.

>>> from pinochle_tutor.cards import Suit, parse_cards
>>> from pinochle_tutor.course.quiz.items import MeldQuiz
>>> item = MeldQuiz(id="demo", hand=parse_cards("AH 10H KH QH JH KH QH"), trump=Suit.HEARTS)
>>> check_answer(item, "run + royal marriage").right
True
>>> check_answer(item, "lots").readable
False
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TypeAlias, Union

from pinochle_tutor.cards import Card, Rank, cards_text, parse_cards
from pinochle_tutor.course.quiz.bidding import BOLD, FIRST_LOOK_SAMPLES, BidRange, bid_range
from pinochle_tutor.course.quiz.items import (
    BidQuiz,
    CallQuiz,
    CountersQuiz,
    GameQuiz,
    MeldQuiz,
    PassQuiz,
    PlayQuiz,
    QuizItem,
    ScoreQuiz,
    TrickQuiz,
    WinnerQuiz,
)
from pinochle_tutor.course.quiz.play import play_verdict, play_view
from pinochle_tutor.course.quiz.rule_cases import rules_for
from pinochle_tutor.course.quiz.vocabulary import QuizKind, QuizRule, counter_values, rule_applies
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain import (
    BidExplanation,
    ClaimedLine,
    ExchangeExplanation,
    GameEndExplanation,
    MeldNoteKind,
    diagnose_meld,
    explain_bid,
    explain_call,
    explain_contract,
    explain_counters,
    explain_exchange,
    explain_game_end,
    explain_legal,
    explain_meld,
    explain_play,
    explain_winner,
    listed,
    parse_claim,
)
from pinochle_tutor.explain.coaching import PlayJudgement, points
from pinochle_tutor.explain.game_end import side_label
from pinochle_tutor.explain.trick_result import ordinal
from pinochle_tutor.meld import MeldKind
from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.scoring import score_hand

__all__ = [
    "Answer",
    "InvalidAnswerError",
    "Mark",
    "MeldAnswer",
    "allows_second_try",
    "answer_for",
    "answer_text",
    "check_answer",
    "hint",
    "parse_answer",
    "parse_bid_answer",
    "parse_cards_answer",
    "parse_counters_answer",
    "parse_game_answer",
    "parse_meld_answer",
    "parse_play_answer",
    "parse_score_answer",
    "parse_winner_answer",
    "parse_yes_no",
]


class InvalidAnswerError(PinochleError):
    """A typed answer could not be read; the message says how to write it."""


# ------------------------------------------------------------------ parsers

_MINUS = str.maketrans({"\u2212": "-", "\u2013": "-", "\u2014": "-", "\uff0b": "+"})
_NUMBER = re.compile(r"^([+-]?)\s*([0-9]+)\s*(?:points?|pts?)?\.?$", re.ASCII)
_MAX_DIGITS = 6


def _clean(text: object) -> str:
    if not isinstance(text, str):
        raise InvalidAnswerError(f"{text!r} is not an answer: type the answer as text")
    return " ".join(text.translate(_MINUS).strip().lower().split())


def _number(text: str, what: str, example: str, signed: bool) -> int:
    m = _NUMBER.match(text)
    if m is None:
        raise InvalidAnswerError(f"{text!r} is not {what}: type a whole number, e.g. {example!r}")
    sign, digits = m.groups()
    if len(digits) > _MAX_DIGITS:
        raise InvalidAnswerError(f"{text!r} is far too large for {what}: try {example!r}")
    if sign == "-" and not signed:
        raise InvalidAnswerError(f"{text!r} is negative, but {what} is never below 0")
    value = int(digits)
    return -value if sign == "-" else value


@dataclass(frozen=True)
class MeldAnswer:
    """A learner's meld answer: the total, and the lines counted when they were named."""

    total: int
    claims: tuple[ClaimedLine, ...] | None = None


def parse_meld_answer(text: str, rules: RuleSet = CLASSIC) -> MeldAnswer:
    """Read a meld answer: a total (``'190'``), a sum (``'150 + 40'``), or the lines
    counted (``'run + royal marriage'``, optionally ``'= 190'`` at the end).

    Raises :class:`InvalidAnswerError` saying how to write it."""
    s = _clean(text)
    how = "type the meld total, e.g. '190', or the lines, e.g. 'run + royal marriage'"
    if not s:
        raise InvalidAnswerError(f"The answer is empty: {how}.")
    stated: int | None = None
    if "=" in s:
        left, _, right = s.rpartition("=")
        stated = _number(right.strip(), "a meld total", "190", signed=False)
        s = left.strip()
        if not s:
            return MeldAnswer(stated)
    parts = [p.strip() for p in re.split(r"[+,;&]|\band\b|\bplus\b", s) if p.strip()]
    if not parts:
        raise InvalidAnswerError(f"{text!r} is not a meld answer: {how}.")
    numeric = [bool(re.fullmatch(r"[0-9]+(?:\s*points?)?", p, re.ASCII)) for p in parts]
    if all(numeric):
        values = [_number(p, "a meld total", "190", signed=False) for p in parts]
        return MeldAnswer(stated if stated is not None else sum(values))
    if any(numeric):
        raise InvalidAnswerError(
            f"{text!r} mixes numbers and meld names: {how} (names or numbers, not both)."
        )
    claims: list[ClaimedLine] = []
    for p in parts:
        try:
            claims.append(parse_claim(p, rules))
        except PinochleError as e:
            raise InvalidAnswerError(f"{e}. In short: {how}.") from None
    total = sum(c.points(rules) for c in claims)
    return MeldAnswer(stated if stated is not None else total, tuple(claims))


_ALL_WORDS = frozenset(
    {"all", "any", "any card", "all cards", "every card", "anything", "all of them"}
)


def parse_cards_answer(text: str) -> tuple[Card, ...]:
    """Read a set of cards: ``'AS, 10S'``, ``'A♠ 10♠'``, ``'AS and 10S'``.

    Raises :class:`InvalidAnswerError` naming the unreadable card."""
    _clean(text)  # checks that it is text
    s = " ".join(text.split())
    if not s:
        raise InvalidAnswerError(
            "The answer is empty: name the cards you may play, e.g. 'AS, 10S' (or 'all')."
        )
    s = re.sub(r"(?i)\band\b|\bor\b|\+|/|\.", " ", s)
    try:
        cards = parse_cards(s)
    except PinochleError as e:
        raise InvalidAnswerError(f"{e}. Name the cards you may play, e.g. 'AS, 10S'.") from None
    if not cards:
        raise InvalidAnswerError("Name the cards you may play, e.g. 'AS, 10S' (or 'all').")
    return tuple(cards)


_YES = frozenset({"yes", "y", "legal", "true", "ok", "allowed", "yes it is", "it is legal", "may"})
_NO = frozenset(
    {"no", "n", "illegal", "false", "not allowed", "not legal", "no it isn't", "may not", "not"}
)


def parse_yes_no(text: str) -> bool:
    """Read ``'yes'`` / ``'no'`` (also ``'legal'``, ``'illegal'``, ``'y'``, ``'n'``).

    Raises :class:`InvalidAnswerError` otherwise."""
    s = _clean(text).rstrip(".!")
    if s in _YES:
        return True
    if s in _NO:
        return False
    raise InvalidAnswerError(
        f"{text!r} is not an answer to a yes-or-no question: type 'yes' or 'no'."
    )


def parse_score_answer(text: str) -> int:
    """Read a score change: ``'+340'``, ``'340'``, ``'-320'`` (a Unicode minus too), ``'0'``.

    Raises :class:`InvalidAnswerError` saying how to write it."""
    s = _clean(text)
    if not s:
        raise InvalidAnswerError("The answer is empty: type the score, e.g. '+340' or '-320'.")
    return _number(s, "a score", "-320", signed=True)


_PASS_WORDS = frozenset({"pass", "p", "no bid", "i pass", "passes", "i'd pass", "i would pass"})


def parse_bid_answer(text: str) -> int | None:
    """Read a call: ``'pass'`` (``None``) or a bid such as ``'330'`` or ``'bid 330'``.

    Raises :class:`InvalidAnswerError` saying how to write it."""
    s = _clean(text).rstrip(".!")
    if s in _PASS_WORDS:
        return None
    if not s:
        raise InvalidAnswerError("The answer is empty: type a bid such as '300', or 'pass'.")
    s = re.sub(r"^(?:i(?:'d| would)? )?bid\s*", "", s)
    return _number(s, "a bid", "300", signed=False)


_PLACE = re.compile(r"^(?:the\s+)?([0-9]{1,2})(?:st|nd|rd|th)?\b", re.ASCII)
_PLACE_WORDS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "last": -1}


def parse_winner_answer(text: str, trick: tuple[Card, ...]) -> int:
    """Read which card of ``trick`` wins: its place (``'2'``, ``'2nd'``, ``'second'``,
    ``'the 2nd card, A♠'``) or the card (``'A♠'``) when it was played once. Returns
    the 0-based position.

    Raises :class:`InvalidAnswerError` saying how to write it (a card played twice
    must be named by its place; an answer naming several places or cards, such as
    ``'1 2 3 4'``, is refused: one card wins)."""
    s = _clean(text).rstrip(".!")
    n = len(trick)
    how = f"give the winning card's place, 1 to {n}, or the card, e.g. {trick[0].text!r}"
    if not s:
        raise InvalidAnswerError(f"The answer is empty: {how}.")
    m = _PLACE.match(s)
    first = s.split()[0].strip(",;:")
    place = int(m.group(1)) if m else _PLACE_WORDS.get(first)
    if place is not None:
        place = n if place == -1 else place
        if not 1 <= place <= n:
            raise InvalidAnswerError(f"{text!r}: the trick has {n} cards, so {how}.")
        rest = s[m.end():] if m else s[len(s.split()[0]):]
        _check_place_tail(text, rest, place, trick, how)
        return place - 1
    try:
        cards = parse_cards(re.sub(r"(?i)\bthe\b", " ", s))
    except PinochleError as e:
        raise InvalidAnswerError(f"{e}. In short: {how}.") from None
    if len(cards) != 1:
        raise InvalidAnswerError(f"{text!r} is not one card: {how}.")
    card = cards[0]
    places = [i for i, c in enumerate(trick) if c == card]
    if not places:
        raise InvalidAnswerError(f"{card.text} was not played to this trick: {how}.")
    if len(places) > 1:
        shown = " and ".join(str(i + 1) for i in places)
        raise InvalidAnswerError(
            f"Two {card.text} were played (places {shown}): say which one by its place."
        )
    return places[0]


_MORE_PLACES = re.compile(r"\b(?:[0-9]+(?:st|nd|rd|th)?|first|second|third|fourth|last)\b", re.ASCII)


def _check_place_tail(text: str, rest: str, place: int, trick: tuple[Card, ...], how: str) -> None:
    """What may follow a place: nothing, ``card``, or the card at that place
    (``'the 2nd card, A♠'``). Another place (``'1 2 3 4'``), another card or other
    words raise :class:`InvalidAnswerError`: one card wins a trick."""
    tail = re.sub(r"^\s*card\b", "", rest).strip(" ,;:-")
    if not tail:
        return
    try:
        cards = parse_cards(tail)
    except PinochleError:
        cards = []
    if len(cards) == 1:
        if cards[0] != trick[place - 1]:
            raise InvalidAnswerError(
                f"{text!r}: the {ordinal(place)} card is {trick[place - 1].text}, not "
                f"{cards[0].text}; {how}."
            )
        return
    if cards or _MORE_PLACES.search(tail):
        raise InvalidAnswerError(f"{text!r} names more than one card: one card wins, so {how}.")
    raise InvalidAnswerError(f"{text!r} is not one place or card: {how}.")


def parse_counters_answer(text: str) -> int:
    """Read a number of trick points: ``'30'``, ``'30 points'``.

    Raises :class:`InvalidAnswerError` saying how to write it."""
    s = _clean(text)
    if not s:
        raise InvalidAnswerError("The answer is empty: type the trick points, e.g. '30'.")
    return _number(s, "a number of trick points", "30", signed=False)


def parse_play_answer(text: str) -> Card:
    """Read one card: ``'A♠'``, ``'AS'``, ``'10 of spades'`` is not read (write ``'10S'``).

    Raises :class:`InvalidAnswerError` saying how to write it."""
    _clean(text)
    s = " ".join(re.sub(r"(?i)\b(?:i(?:'d| would)? play|play|the)\b", " ", text).split())
    how = "name the one card you would play, e.g. 'AS' or 'A♠'"
    if not s:
        raise InvalidAnswerError(f"The answer is empty: {how}.")
    try:
        cards = parse_cards(s)
    except PinochleError as e:
        raise InvalidAnswerError(f"{e}. In short: {how}.") from None
    if len(cards) != 1:
        raise InvalidAnswerError(f"{text!r} is not one card: {how}.")
    return cards[0]


_NOBODY = frozenset({"nobody", "no one", "none", "nobody yet", "not over", "play on", "neither", "no"})


def parse_game_answer(text: str, rules: RuleSet = CLASSIC) -> int | None:
    """Read who has won: a side as the question names it (``'your side'``, ``'us'``,
    ``'the other side'``, ``'them'``; three-handed ``'you'``, ``'left'``, ``'right'``)
    or ``'nobody'`` (``None``: the game goes on).

    Raises :class:`InvalidAnswerError` listing the answers."""
    s = _clean(text).rstrip(".!")
    s = re.sub(r"\b(?:has won|won|wins|yet)$", "", s).strip() or s
    if s in _NOBODY or s.startswith(("nobody", "no one", "not over")):
        return None
    words: dict[str, int] = {}
    for side in range(rules.sides):
        words[side_label(side, rules)] = side
    if rules.partnerships:
        words.update({"us": 0, "we": 0, "our side": 0, "my side": 0, "them": 1, "they": 1,
                      "other side": 1, "opponents": 1, "the opponents": 1})  # fmt: skip
    else:
        words.update({"me": 0, "i": 0, "you": 0, "left": 1, "left-hand player": 1,
                      "right": 2, "right-hand player": 2})  # fmt: skip
    if s in words:
        return words[s]
    names = ", ".join(repr(w) for w in [*(side_label(x, rules) for x in range(rules.sides)), "nobody"])
    raise InvalidAnswerError(f"{text!r} is not an answer here: answer {names}.")


Answer: TypeAlias = Union[MeldAnswer, tuple[Card, ...], bool, int, None]  # noqa: UP007
"""A parsed answer: a meld answer, a set of cards, yes/no, a score, or a call (``None`` = pass)."""


def parse_answer(item: QuizItem, text: str) -> Answer:
    """Read ``text`` as an answer to ``item`` (the reader depends on the question).

    Raises :class:`InvalidAnswerError` with a message a learner can act on."""
    if isinstance(item, MeldQuiz):
        return parse_meld_answer(text, item.rule_set)
    if isinstance(item, TrickQuiz):
        if item.card is not None:
            return parse_yes_no(text)
        if _clean(text).rstrip(".!") in _ALL_WORDS:
            return tuple(sorted(set(item.hand)))
        return parse_cards_answer(text)
    if isinstance(item, ScoreQuiz):
        return parse_score_answer(text)
    if isinstance(item, WinnerQuiz):
        return parse_winner_answer(text, item.trick)
    if isinstance(item, CountersQuiz):
        return parse_counters_answer(text)
    if isinstance(item, CallQuiz):
        return parse_yes_no(text)
    if isinstance(item, PlayQuiz):
        return (parse_play_answer(text),)
    if isinstance(item, PassQuiz):
        return parse_cards_answer(text)
    if isinstance(item, GameQuiz):
        return parse_game_answer(text, item.rule_set)
    return parse_bid_answer(text)


# ------------------------------------------------------------------ marking


@dataclass(frozen=True)
class Mark:
    """The verdict on one answer: right or wrong, the right answer, the tutor's
    explanation and the rule cases exercised.

    ``readable`` is false when the answer could not be read; then ``right`` is
    false, ``correct`` is empty (the answer is not given away: the learner may
    try again) and ``explanation`` says how to write an answer. Record only
    readable answers in a learner's progress."""

    item_id: str
    kind: QuizKind
    answer: str
    """The answer as typed."""
    right: bool
    correct: str
    """The engine's answer, as text (empty when the answer was unreadable)."""
    explanation: str
    """The tutor's explanation (for a wrong answer, what went wrong first)."""
    rules: tuple[QuizRule, ...]
    """The rule cases exercised: the item's declared ones, else those the engine finds."""
    readable: bool = True
    detail: object = field(default=None, repr=False, compare=False)
    """The tutor's explanation object (a meld diagnosis, a legal-set or play
    explanation, a contract explanation, the bid range), for a widget to
    highlight cards."""

    @property
    def text(self) -> str:
        """The verdict and the explanation, for display."""
        if not self.readable:
            return self.explanation
        head = "Right!" if self.right else f"Not quite: the answer is {self.correct}."
        body = self.explanation
        return f"{head}\n{body}" if body else head

    def __str__(self) -> str:
        return self.text


def answer_for(item: QuizItem) -> MeldAnswer | tuple[Card, ...] | bool | int | BidRange:
    """The engine's answer to ``item``: the meld total (as a :class:`MeldAnswer`),
    the legal cards, whether the card is legal, the score, the :class:`BidRange`, the
    winning card's position (0-based), the trick points, whether the call is legal,
    the cards the coach accepts (best first), a pass keeping the most meld, or the
    side that has won the game (-1: nobody yet)."""
    if isinstance(item, MeldQuiz):
        return MeldAnswer(explain_meld(item.hand, item.trump, item.rule_set).total)
    if isinstance(item, TrickQuiz):
        if item.card is not None:
            return explain_play(item.hand, item.trick, item.trump, item.card, item.rule_set).legal
        return explain_legal(item.hand, item.trick, item.trump, item.rule_set).legal
    if isinstance(item, ScoreQuiz):
        return _score_value(item)
    if isinstance(item, WinnerQuiz):
        return explain_winner(item.trick, item.trump, item.rule_set).winner
    if isinstance(item, CountersQuiz):
        return explain_counters(item.cards, item.rule_set, item.last_trick).total
    if isinstance(item, CallQuiz):
        return _call_explanation(item).legal
    if isinstance(item, PlayQuiz):
        return play_verdict(item).accepted
    if isinstance(item, PassQuiz):
        return _exchange(item, ()).example
    if isinstance(item, GameQuiz):
        w = _game(item).winner
        return -1 if w is None else w
    return bid_range(item)


def answer_text(item: QuizItem) -> str:
    """The engine's answer to ``item`` as text (what :attr:`Mark.correct` shows)."""
    if isinstance(item, WinnerQuiz):
        e = explain_winner(item.trick, item.trump, item.rule_set)
        return f"the {ordinal(e.winner + 1)} card, {e.winning_card.text}"
    if isinstance(item, CountersQuiz):
        return str(answer_for(item))
    if isinstance(item, PlayQuiz):
        v = play_verdict(item)
        others = [c.text for c in v.accepted if c is not v.advice.card]
        also = f" (as good: {', '.join(others)})" if others else ""
        return f"{v.advice.card.text}{also}"
    if isinstance(item, PassQuiz):
        ex = _exchange(item, ())
        return f"a {item.role} keeping {ex.best_meld} meld, e.g. {cards_text(ex.example, ', ')}"
    if isinstance(item, GameQuiz):
        w = _game(item).winner
        return "nobody yet" if w is None else side_label(w, item.rule_set)
    a = answer_for(item)
    if isinstance(a, MeldAnswer):
        return str(a.total)
    if isinstance(a, bool):
        return "yes" if a else "no"
    if isinstance(a, int):
        return _signed(a)
    if isinstance(a, BidRange):
        return a.text
    return cards_text(sorted(a, key=lambda c: c.order), ", ")


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _score_value(item: ScoreQuiz) -> int:
    s = score_hand(
        item.bid, item.bidder_meld, item.bidder_tricks, item.defender_meld,
        item.defender_tricks, item.rule_set, item.conceded,
    )  # fmt: skip
    return s.bidder if item.ask == "bidders" else s.defender


def check_answer(item: QuizItem, answer_text: str) -> Mark:
    """Mark a learner's typed answer to ``item``. Never raises for any text: an
    unreadable answer gives a mark with ``readable=False`` and a message saying
    how to write it."""
    try:
        parsed = parse_answer(item, answer_text)
    except InvalidAnswerError as e:
        return Mark(item.id, item.kind, str(answer_text), False, "", str(e), rules_for(item), False)
    if isinstance(item, MeldQuiz):
        assert isinstance(parsed, MeldAnswer)
        return _mark_meld(item, answer_text, parsed)
    if isinstance(item, TrickQuiz):
        if item.card is not None:
            assert isinstance(parsed, bool)
            return _mark_play(item, answer_text, parsed)
        assert isinstance(parsed, tuple)
        return _mark_legal_set(item, answer_text, parsed)
    if isinstance(item, ScoreQuiz):
        assert isinstance(parsed, int)
        return _mark_score(item, answer_text, parsed)
    if isinstance(item, WinnerQuiz):
        assert isinstance(parsed, int)
        return _mark_winner(item, answer_text, parsed)
    if isinstance(item, CountersQuiz):
        assert isinstance(parsed, int)
        return _mark_counters(item, answer_text, parsed)
    if isinstance(item, CallQuiz):
        assert isinstance(parsed, bool)
        return _mark_call(item, answer_text, parsed)
    if isinstance(item, PlayQuiz):
        assert isinstance(parsed, tuple)
        return _mark_play_choice(item, answer_text, parsed[0])
    if isinstance(item, PassQuiz):
        assert isinstance(parsed, tuple)
        return _mark_exchange(item, answer_text, parsed)
    if isinstance(item, GameQuiz):
        assert parsed is None or isinstance(parsed, int)
        return _mark_game(item, answer_text, parsed)
    assert parsed is None or isinstance(parsed, int)
    return _mark_bid(item, answer_text, parsed)


def _mark_meld(item: MeldQuiz, text: str, parsed: MeldAnswer) -> Mark:
    d = diagnose_meld(item.hand, item.trump, parsed.total, parsed.claims, item.rule_set)
    explanation = d.text
    right = f"Right: the meld is {d.expected_total}."
    if d.correct and explanation.startswith(right):
        # The mark's verdict already says "Right!" (here and in the quiz widget): say it once.
        explanation = f"The meld is {d.expected_total}." + explanation[len(right) :]
    return Mark(
        item.id,
        item.kind,
        text,
        d.correct,
        str(d.expected_total),
        explanation,
        rules_for(item),
        detail=d,
    )


def _mark_play(item: TrickQuiz, text: str, parsed: bool) -> Mark:
    assert item.card is not None
    e = explain_play(item.hand, item.trick, item.trump, item.card, item.rule_set)
    right = parsed == e.legal
    verdict = "may" if e.legal else "may not"
    head = "" if right else f"{item.card.text} {verdict} be played. "
    explanation = f"{head}{e.context} {e.text}"
    return Mark(
        item.id,
        item.kind,
        text,
        right,
        "yes" if e.legal else "no",
        explanation,
        rules_for(item),
        detail=e,
    )


def _mark_legal_set(item: TrickQuiz, text: str, parsed: tuple[Card, ...]) -> Mark:
    e = explain_legal(item.hand, item.trick, item.trump, item.rule_set)
    legal = set(e.legal)
    given = set(parsed)
    right = given == legal
    lines: list[str] = []
    held = set(item.hand)
    for c in sorted(given - legal):
        if c not in held:
            lines.append(f"You do not hold {c.text}: you can only play a card from your hand.")
        else:
            g = e.group_of(c)
            lines.append(f"{c.text} may not be played. " + (g.text if g is not None else ""))
    for c in sorted(legal - given):
        g = e.group_of(c)
        lines.append(
            f"You left out {c.text}, which may be played. " + (g.text if g is not None else "")
        )
    lines.append(e.text)
    lines = _once(lines)
    correct = cards_text(sorted(legal, key=lambda c: c.order), ", ")
    return Mark(
        item.id, item.kind, text, right, correct, "\n".join(lines), rules_for(item), detail=e
    )


def _once(lines: list[str]) -> list[str]:
    """The lines with every sentence said once: a group's reason quoted for each of
    its cards, and again in the legal-set explanation, is kept only the first time."""
    seen: set[str] = set()
    out: list[str] = []
    for line in lines:
        kept = []
        for sentence in re.split(r"(?<=[.!?])\s+", line):
            key = sentence.strip()
            if key and key not in seen:
                seen.add(key)
                kept.append(sentence)
        if kept:
            out.append(" ".join(kept))
    return out


def _mark_score(item: ScoreQuiz, text: str, parsed: int) -> Mark:
    e = explain_contract(
        item.bid, item.bidder_meld, item.bidder_tricks, item.defender_meld,
        item.defender_tricks, item.rule_set, item.conceded,
    )  # fmt: skip
    s = e.score
    value = s.bidder if item.ask == "bidders" else s.defender
    right = parsed == value
    hints: list[str] = []
    solo = not item.rule_set.partnerships
    # Three-handed: one declarer against one defender, never a pair.
    bidders, subtract = ("the declarer", "subtracts") if solo else ("the bidders", "subtract")
    defenders, their = ("that defender", "that defender's") if solo else ("the defenders", "their")
    if not right:
        if parsed == -value and value:
            hints.append("Check the sign.")
        if item.ask == "bidders":
            if not s.made and parsed == s.bidder_meld + s.bidder_tricks and not s.conceded:
                hints.append(
                    f"You added meld and trick points, but the contract was missed: {bidders} "
                    f"{subtract} the bid instead."
                )
            if s.made and parsed == s.bid and s.bid != value:
                hints.append(
                    f"A made contract scores everything {bidders} earned (meld + trick points), "
                    "not the bid."
                )
            if s.set_no_tricks and parsed == -(s.bid - s.bidder_meld):
                hints.append(
                    "A declarer with no trick points loses the meld and subtracts the whole bid."
                    if solo
                    else "Bidders with no trick points lose their meld and subtract the whole bid."
                )
        else:
            if not s.defender_meld_kept and parsed == s.defender_meld + s.defender_tricks:
                hints.append(
                    f"{defenders.capitalize()} took fewer than {s.meld_save} trick points, so "
                    f"{their} meld is lost."
                )
            if s.conceded and parsed != s.defender_meld:
                hints.append(
                    f"After a concession {defenders} {'scores' if solo else 'score'} {their} meld only."
                )
        if item.rule_set.partnerships:
            whose = f"the {item.ask} score"
        else:
            whose = "the declarer scores" if item.ask == "bidders" else "that defender scores"
        hints.insert(0, f"You gave {_signed(parsed)}; {whose} {_signed(value)}.")
    explanation = " ".join([*hints, e.text])
    return Mark(
        item.id, item.kind, text, right, _signed(value), explanation, rules_for(item), detail=e
    )


def _mark_bid(item: BidQuiz, text: str, call: int | None) -> Mark:
    r = bid_range(item)
    advice = r.advice
    if call is not None:
        verdict = explain_bid(item.auction(), call)
        if not verdict.legal:
            rule = verdict.rule.statement(item.rule_set)
            said = verdict.text if rule in verdict.text else f"{verdict.text} {rule}"
            explanation = f"{said} The advisor's answer: {r.text}. {advice.explanation}"
            return Mark(
                item.id, item.kind, text, False, r.text, explanation, rules_for(item), detail=r
            )
    right = r.accepts(call)
    if right:
        head = "That is within the range the advisor finds acceptable."
    elif call is None:
        head = (
            f"Passing gives up a good hand: the advisor's top bid at even odds is {r.advised}, "
            f"and the lowest bid now is {r.minimum}."
        )
    elif r.low is None or r.high is None:
        head = f"A bid of {call} is more than this hand is worth: the advisor would pass at {r.minimum}."
    elif call < r.low:
        head = f"{call} is too timid: this hand is worth at least {r.low}."
    else:
        head = f"{call} is too bold: the side makes {call} less than {BOLD:.0%} of the time."
    suits = listed([o.trump.plural for o in advice.outlooks])
    sims = (
        f"(Simulated {advice.best.deals:,} deals with {suits} as trump, the most promising "
        f"suits after a first look at {FIRST_LOOK_SAMPLES} deals with each.)"
    )
    explanation = f"{head} The acceptable answer: {r.text}. {advice.explanation} {sims}"
    return Mark(item.id, item.kind, text, right, r.text, explanation, rules_for(item), detail=r)


def _mark_winner(item: WinnerQuiz, text: str, pos: int) -> Mark:
    e = explain_winner(item.trick, item.trump, item.rule_set)
    right = pos == e.winner
    explanation = e.text if right else f"{e.why_not(pos)}\n{e.text}"
    return Mark(
        item.id, item.kind, text, right, answer_text(item), explanation, rules_for(item), detail=e
    )


def _mark_counters(item: CountersQuiz, text: str, given: int) -> Mark:
    e = explain_counters(item.cards, item.rule_set, item.last_trick)
    right = given == e.total
    hints: list[str] = []
    bonus = item.rule_set.last_trick_bonus
    if not right:
        hints.append(f"You gave {given}; the cards are worth {e.total} trick points.")
        if e.bonus and given == e.card_points:
            hints.append(f"You left out the last trick's bonus of {e.bonus}.")
        elif not item.last_trick and bonus and given == e.total + bonus:
            hints.append("This is not the last trick, so it earns no bonus.")
        elif e.blanks and given > e.total:
            hints.append(f"Only counters earn trick points: {counter_values(item.rule_set)}")
    explanation = " ".join([*hints, e.text])
    return Mark(
        item.id, item.kind, text, right, str(e.total), explanation, rules_for(item), detail=e
    )


def _call_explanation(item: CallQuiz) -> BidExplanation:
    return explain_call(item.auction(), item.caller, item.call)


def _mark_call(item: CallQuiz, text: str, says_legal: bool) -> Mark:
    e = _call_explanation(item)
    right = says_legal == e.legal
    rule = e.rule.statement(item.rule_set)
    body = e.text if rule.lower().rstrip(".") in e.text.lower() else f"{e.text} {rule}"
    head = "" if right else ("The call is legal. " if e.legal else "The call is not legal. ")
    return Mark(
        item.id,
        item.kind,
        text,
        right,
        "yes" if e.legal else "no",
        head + body,
        rules_for(item),
        detail=e,
    )


def _exchange(item: PassQuiz, given: tuple[Card, ...]) -> ExchangeExplanation:
    return explain_exchange(item.hand, given, item.trump, item.rule_set, item.role)


def _game(item: GameQuiz) -> GameEndExplanation:
    return explain_game_end(item.before, item.changes, item.bidders, item.rule_set)


def _mark_play_choice(item: PlayQuiz, text: str, card: Card) -> Mark:
    v = play_verdict(item)
    view = play_view(item)
    correct = answer_text(item)
    if card not in view.hand:
        explanation = f"You do not hold {card.text}: play a card from your hand. {v.advice.text}"
        return Mark(item.id, item.kind, text, False, correct, explanation, rules_for(item), detail=v)
    if card not in view.legal:
        assert view.trump is not None
        e = explain_play(view.hand, view.trick, view.trump, card, item.rule_set)
        explanation = f"{card.text} may not be played: {e.text} {v.advice.text}"
        return Mark(item.id, item.kind, text, False, correct, explanation, rules_for(item), detail=v)
    judged = PlayJudgement(v.trick_number, card, v.advice)
    right = card in v.accepted
    if right:
        loss = v.evaluation.loss(card) or 0.0
        same = card is v.advice.card
        head = "The coach's card too." if same else (
            f"As good as {v.advice.card.text} within the coach's error "
            f"({points(loss)} fewer expected trick points, a difference the evaluation cannot tell apart)."
        )
        explanation = f"{head} {v.advice.text}"
    else:
        explanation = f"{judged.text} {v.advice.numbers_line()}".strip()
        over = v.advice.overruled_line()
        explanation = f"{explanation} {over}".strip()
    return Mark(item.id, item.kind, text, right, correct, explanation, rules_for(item), detail=v)


def _mark_exchange(item: PassQuiz, text: str, given: tuple[Card, ...]) -> Mark:
    e = _exchange(item, given)
    tip = ""
    if item.role == "pass" and not e.accepted:
        tip = " Among the cards your meld does not need, trump and aces help the declarer most."
    return Mark(item.id, item.kind, text, e.accepted, answer_text(item), e.text + tip,
                rules_for(item), detail=e)  # fmt: skip


def _mark_game(item: GameQuiz, text: str, side: int | None) -> Mark:
    e = _game(item)
    right = side == e.winner
    explanation = e.text if right else f"{e.why_not(side)} {e.text}"
    return Mark(item.id, item.kind, text, right, answer_text(item), explanation, rules_for(item), detail=e)


def allows_second_try(item: QuizItem) -> bool:
    """Whether a wrong answer to ``item`` may be tried once more after a hint: not
    for yes-or-no questions (the second try could only be the other answer)."""
    if isinstance(item, TrickQuiz):
        return item.card is None
    return not isinstance(item, CallQuiz)


_KIND_HINTS = {
    QuizKind.MELD: "Go through the meld table line by line, and check each line against your cards.",
    QuizKind.TRICK: "Check the trick rules in order, from the first to the last:",
    QuizKind.SCORE: (
        "First decide whether the contract was made: do the declaring side's meld and trick "
        "points reach the bid? Then decide who keeps their meld."
    ),
    QuizKind.BID: "Weigh your meld and the trick points your hand can take against the bid.",
    QuizKind.WINNER: "Look at which suit was led and whether any trump was played.",
    QuizKind.COUNTERS: "Go through the cards one by one: which of them are counters?",
    QuizKind.CALL: "Check the auction so far: who has passed, and the lowest bid allowed now.",
    QuizKind.PLAY: "Ask who is winning the trick, who still plays after you, and which cards are still out.",
    QuizKind.PASS: "Count the cards you must give, then find cards that are in none of your melds.",
    QuizKind.GAME: "Add this hand's scores to the running totals, then compare each with the target.",
}


_GENERAL: dict[QuizKind, tuple[QuizRule, ...]] = {
    QuizKind.TRICK: (
        QuizRule.TRICK_FOLLOW_SUIT, QuizRule.TRICK_BEAT, QuizRule.TRICK_TRUMP,
        QuizRule.TRICK_OVER_TRUMP, QuizRule.TRICK_DISCARD,
    ),
    QuizKind.SCORE: (QuizRule.SCORE_MADE, QuizRule.SCORE_MISSED, QuizRule.SCORE_MELD_SAVE),
    QuizKind.BID: (QuizRule.BID_OPEN, QuizRule.BID_RAISE, QuizRule.BID_PASS),
    QuizKind.WINNER: (
        QuizRule.WINNER_TRUMP, QuizRule.WINNER_LED_SUIT, QuizRule.WINNER_FIRST_IDENTICAL,
    ),
    QuizKind.CALL: (
        QuizRule.CALL_OPENING, QuizRule.CALL_INCREMENT, QuizRule.CALL_RAISE, QuizRule.CALL_PASS_FINAL,
    ),
    QuizKind.PASS: (QuizRule.PASS_COUNT, QuizRule.PASS_KEEP_MELD),
    QuizKind.GAME: (
        QuizRule.GAME_NOT_REACHED, QuizRule.GAME_REACHED, QuizRule.GAME_BIDDERS_FIRST,
        QuizRule.GAME_HIGHEST,
    ),
}  # fmt: skip
"""Kinds whose hint states the whole rule, not the rule case of the position: for
these the case alone would give the answer away (a lone trump "wins", "pass",
"play any card")."""

_TRICK_TRAPS = (QuizRule.TRICK_LEAD, QuizRule.TRICK_TRUMPED, QuizRule.TRICK_PARTNER_WINNING)
"""Trick rule cases a trick hint names when the position shows them: each says when
the four rules bind, not which cards they leave."""

_CARD_TOKEN = re.compile(r"(?:10|[2-9AKQJ])\s?[♠♥♦♣]")


def _numbers(text: str) -> list[int]:
    """The numbers ``text`` states (the rank of a card it names is no number)."""
    return [int(n) for n in re.findall(r"[0-9]+", _CARD_TOKEN.sub(" ", text))]


def _one_step(numbers: list[int], answer: int) -> bool:
    """Whether ``answer`` (its size) is one of ``numbers``, or their sum, product or
    difference (a number may be taken twice: doubling is one step)."""
    a = abs(answer)
    values = set(numbers)
    return a in values or any(
        x + y == a or x * y == a or (x != y and abs(x - y) == a) for x in values for y in values
    )


def _numeric_answer(item: QuizItem) -> int | None:
    """The number a meld, score, counters or trick-winner question asks for (the
    winning card's place, counted from 1); ``None`` for the other kinds."""
    if isinstance(item, MeldQuiz):
        return explain_meld(item.hand, item.trump, item.rule_set).total
    if isinstance(item, ScoreQuiz):
        return _score_value(item)
    if isinstance(item, CountersQuiz):
        return explain_counters(item.cards, item.rule_set, item.last_trick).total
    if isinstance(item, WinnerQuiz):
        return explain_winner(item.trick, item.trump, item.rule_set).winner + 1
    return None


def _rank_words(ranks: list[Rank]) -> str:
    return listed([f"{r.noun}s" for r in ranks])


def _counters_line(rules: RuleSet, numbers: bool) -> str:
    """The counters of ``rules`` in a sentence, ranks in words: with their trick
    points, or (``numbers=False``) only which ranks count."""
    by_value: dict[int, list[Rank]] = {}
    for rank in sorted(rules.ranks, reverse=True):
        by_value.setdefault(rules.counter_points[rank], []).append(rank)
    counting = [r for v in sorted(by_value, reverse=True) if v for r in by_value[v]]
    zero = by_value.get(0, [])
    if numbers:
        parts = [
            f"{_rank_words(by_value[v])} count {v} trick point{'s' if v != 1 else ''}"
            f"{' each' if len(by_value[v]) > 1 else ''}"
            for v in sorted(by_value, reverse=True)
            if v
        ]
        head = "; ".join(parts) if parts else "no card counts any trick points"
    else:
        head = f"{_rank_words(counting)} are counters" if counting else "no card counts any trick points"
    tail = f"; {_rank_words(zero)} count nothing" if zero and counting else ""
    return f"{head[:1].upper()}{head[1:]}{tail}."


def _counters_lines(item: CountersQuiz) -> list[tuple[str, str]]:
    rs = item.rule_set
    lines = [(_counters_line(rs, True), _counters_line(rs, False))]
    if item.last_trick and rs.last_trick_bonus > 0:
        lines.append(
            (QuizRule.COUNTERS_LAST_TRICK.statement(rs),
             "The last trick earns its takers a bonus on top of its counters.")
        )  # fmt: skip
    return lines


def _score_lines(item: ScoreQuiz) -> list[tuple[str, str]]:
    rs = item.rule_set
    pair = rs.partnerships
    cases = [r for r in _GENERAL[QuizKind.SCORE] if rule_applies(r, rs)]
    if item.conceded:
        cases.append(QuizRule.SCORE_CONCESSION)
    if item.ask == "defenders":
        cases.append(QuizRule.SCORE_DEFENDERS)
    side = "A side keeps its" if pair else "A player keeps their"
    defenders = "Defenders score" if pair else "Each defender scores"
    plain = {
        QuizRule.SCORE_MELD_SAVE: (
            f"{side} meld only by taking at least the trick points the rules ask for (the meld save)."
        ),
        QuizRule.SCORE_DEFENDERS: (
            f"{defenders} meld + trick points when they take at least the meld save in trick points."
        ),
    }
    head = _KIND_HINTS[QuizKind.SCORE]
    lines = [(head, head)]
    for r in cases:
        said = r.statement(rs)
        lines.append((said, plain.get(r, said)))
    return lines


def _meld_lines(item: MeldQuiz) -> list[str]:
    """Where to look in a meld hand, without naming the hand's meld lines or their
    points: the groups of cards that hold meld, and the traps the breakdown notes."""
    rs = item.rule_set
    ex = explain_meld(item.hand, item.trump, rs)
    if not ex.items:
        lines = ["runs, marriages, arounds and pinochles"]
        if rule_applies(QuizRule.MELD_DIX, rs):
            lines.append("the nine of trump")
        return [f"Check them all: {listed(lines)}. A line counts only when every card of it is in your hand."]
    trump = item.trump.plural
    places: list[str] = []
    marriages: list[str] = []
    kinds = {line.kind for line in ex.items}
    if kinds & {MeldKind.RUN, MeldKind.ROYAL_MARRIAGE, MeldKind.DIX}:
        places.append(f"your {trump} (trump)")
    for line in ex.items:
        if line.kind is MeldKind.MARRIAGE and line.suit is not None:
            marriages.append(line.suit.plural)
        elif line.kind is MeldKind.PINOCHLE:
            places.append(f"your {cards_text(sorted(set(line.cards), key=lambda c: c.order), ' and ')}")
        elif line.kind not in (MeldKind.RUN, MeldKind.ROYAL_MARRIAGE, MeldKind.DIX):
            places.append(f"your {line.kind.value.split()[0]} in every suit")
    if marriages:
        places.append(f"your kings and queens of {listed(list(dict.fromkeys(marriages)))}")
    out = [f"Look at {listed(list(dict.fromkeys(places)))}: which lines of the meld table do they make?"]
    if any(line.multiple > 1 for line in ex.items):
        out.append(
            "Count the copies: every card of a line held twice over makes a double, which "
            "replaces the single line."
        )
    notes = {n.kind for n in ex.notes}
    said = {
        MeldNoteKind.SHARED_CARD: QuizRule.MELD_SHARED_CARD.statement(rs),
        MeldNoteKind.RUN_KQ_NO_MARRIAGE: (
            "A trump king and queen used in a longer line of trump make no marriage of their own."
        ),
        MeldNoteKind.EXTRA_ROYAL_BESIDE_RUN: (
            "A second trump king and queen, beside the ones in a longer line, make a marriage of their own."
        ),
        MeldNoteKind.LONE_EXTRA_BESIDE_RUN: (
            "An extra trump king or queen without its partner earns nothing."
        ),
        MeldNoteKind.DOUBLE_RUN_NO_MARRIAGES: (
            "Trump kings and queens used in a double line make no marriages."
        ),
        MeldNoteKind.INCOMPLETE_SECOND_SET: (
            "A double needs two copies of every card of the line; otherwise it is a single line."
        ),
    }
    out += [text for kind, text in said.items() if kind in notes]
    return out


def hint(item: QuizItem) -> str:
    """A hint for a second try: what to check, and the rules to check it by; never the
    answer, nor a number from which the answer is one step of arithmetic away (the
    number itself, or a sum, difference or product of the numbers the hint states).

    A meld hint points at the cards that hold meld (the trump suit, the kings and
    queens of a suit, the aces of every suit, ...) and at the traps of the hand,
    without naming its meld lines or their points. A score or counters hint states
    the rules with the numbers of the rules in force, and says a rule without its
    number where the number would give the answer away. A trick hint states the four
    trick rules in order, and when they bind (a lead, a trumped trick, a partner
    winning); the hints of the other kinds state their whole rule, since the rule
    case of the position would tell the answer."""
    rs = item.rule_set
    head = _KIND_HINTS[item.kind]
    if isinstance(item, MeldQuiz):
        return " ".join([head, *_meld_lines(item)])
    if isinstance(item, (ScoreQuiz, CountersQuiz)):
        pairs = _score_lines(item) if isinstance(item, ScoreQuiz) else [(head, head), *_counters_lines(item)]
        answer = _numeric_answer(item)
        assert answer is not None
        chosen = [numbered for numbered, _ in pairs]
        for i in reversed(range(len(pairs))):
            if not _one_step(_numbers(" ".join(chosen)), answer):
                break
            chosen[i] = pairs[i][1]
        return " ".join(dict.fromkeys(chosen))
    cases = [r for r in _GENERAL[item.kind] if rule_applies(r, rs)] if item.kind in _GENERAL else []
    if isinstance(item, TrickQuiz):
        cases += [r for r in rules_for(item) if r in _TRICK_TRAPS]
    elif item.kind not in _GENERAL:
        cases = list(rules_for(item))
    lines = [head, *(r.statement(rs) for r in cases)]
    return " ".join(dict.fromkeys(lines))
