"""Banks: teachers' quiz items written by hand as TOML (or JSON) files.

:func:`item_from_entry` builds one item from a bank entry, with one small
builder per kind of question (:data:`ENTRY_BUILDERS`); every problem is a
:class:`BankFormatError` naming the field. :func:`load_bank` checks every item
of a file and reports each problem as a :class:`BankProblem` with the file, the
item and the field, while the other items still load; the loader also finds the
rule cases of items that declare none. :func:`audit_bank` also checks the
teacher's optional expected answers against the engine.

>>> item = item_from_entry({"kind": "meld", "id": "m1", "trump": "H", "hand": "KH QH"})
>>> item.hand, item.rules
((Card.parse('K♥'), Card.parse('Q♥')), ())
>>> item_from_entry({"kind": "meld", "id": "m1", "trump": "H", "hand": "KH QX"})
Traceback (most recent call last):
...
pinochle_tutor.course.quiz.banks.BankFormatError: 'QX' is not a card: ...
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import logging
import os
import re
import threading
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pinochle_tutor.auction import Auction
from pinochle_tutor.cards import Card, Suit, parse_cards, parse_suit
from pinochle_tutor.course.quiz.answers import check_answer
from pinochle_tutor.course.quiz.items import (
    ASK_SIDES,
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
    trick_point_step,
)
from pinochle_tutor.course.quiz.play import play_position
from pinochle_tutor.course.quiz.rule_cases import rules_of
from pinochle_tutor.course.quiz.vocabulary import QuizKind, QuizRule
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain.exchange import EXCHANGE_ROLES, exchange_size
from pinochle_tutor.explain.game_end import explain_game_end
from pinochle_tutor.rules import CLASSIC, RuleSet, rules_named
from pinochle_tutor.scoring import meld_ceiling, possible_meld

__all__ = [
    "BANKS_VAR",
    "ENTRY_BUILDERS",
    "BankFormatError",
    "BankProblem",
    "audit_bank",
    "default_bank_dir",
    "item_from_entry",
    "item_to_entry",
    "load_bank",
    "load_banks",
]


class BankFormatError(PinochleError):
    """A bank entry (or file) that does not follow the bank format; ``field``
    names the bad field, when known, and the message quotes its value."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class BankProblem:
    """Something wrong in a bank file: the file, the item (id and position, when
    known), the field (when known) and what is wrong."""

    file: str
    item: str | None
    field: str | None
    message: str

    def __str__(self) -> str:
        where = self.file
        if self.item is not None:
            where += f": item {self.item}"
        if self.field is not None:
            where += f", field {self.field!r}"
        return f"{where}: {self.message}"


_LOG = logging.getLogger(__name__)


class _LoggedOnce:
    """The bank problems already written to the server's log by this process: every
    quiz page reads the banks, and a teacher needs each problem once, not once a page."""

    def __init__(self) -> None:
        self._seen: set[tuple[str, str]] = set()
        self._lock = threading.Lock()

    def warn(self, folder: Path, problems: Iterable[BankProblem]) -> None:
        for problem in problems:
            key = (str(folder), str(problem))
            with self._lock:
                if key in self._seen:
                    continue
                self._seen.add(key)
            _LOG.warning("quiz bank problem in %s: %s", folder, problem)


_LOGGED = _LoggedOnce()


# ------------------------------------------------------------------ fields

_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,79}$")
_COMMON = {"id", "kind", "level", "rules", "rule_set", "title", "expected", "note"}
_FIELDS: dict[QuizKind, set[str]] = {
    QuizKind.MELD: _COMMON | {"hand", "trump"},
    QuizKind.TRICK: _COMMON | {"hand", "trick", "trump", "card"},
    QuizKind.SCORE: _COMMON
    | {
        "bid",
        "bidder_meld",
        "bidder_tricks",
        "defender_meld",
        "defender_tricks",
        "conceded",
        "ask",
    },
    QuizKind.BID: _COMMON | {"hand", "calls", "dealer"},
    QuizKind.WINNER: _COMMON | {"trick", "trump"},
    QuizKind.COUNTERS: _COMMON | {"cards", "last_trick"},
    QuizKind.CALL: _COMMON | {"calls", "dealer", "call", "seat"},
    QuizKind.PLAY: _COMMON | {"deal_seed", "dealer", "cards_played"},
    QuizKind.PASS: _COMMON | {"hand", "trump", "role", "received"},
    QuizKind.GAME: _COMMON | {"before", "changes", "bidders"},
}
CHECKED_AT_LOAD = frozenset({QuizKind.PLAY, QuizKind.PASS, QuizKind.GAME})
"""Kinds whose teacher's ``expected`` answer is checked when the bank is loaded: an
item whose expected answer disagrees with the engine (or the coach) is not loaded."""


@contextmanager
def _blame(key: str) -> Iterator[None]:
    """Report an engine error raised inside the block as a problem with field ``key``."""
    try:
        yield
    except BankFormatError:
        raise
    except PinochleError as e:
        raise BankFormatError(str(e), key) from None


def _req(data: Mapping[str, Any], key: str) -> Any:
    if key not in data:
        raise BankFormatError("is missing", key)
    return data[key]


def _as_str(key: str, value: Any) -> str:
    if not isinstance(value, str):
        raise BankFormatError(f"must be text, not {value!r}", key)
    return value


def _as_int(key: str, value: Any, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BankFormatError(f"must be a whole number, not {value!r}", key)
    if low is not None and value < low:
        raise BankFormatError(f"{value} is below {low}", key)
    if high is not None and value > high:
        raise BankFormatError(f"{value} is above {high}", key)
    return value


def _as_cards(key: str, value: Any, rules: RuleSet) -> tuple[Card, ...]:
    if isinstance(value, str):
        text = value
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        text = " ".join(value)
    else:
        raise BankFormatError(f"must be cards as text such as 'AS 10S KS', not {value!r}", key)
    with _blame(key):
        cards = tuple(parse_cards(text))
    for c in cards:
        if c.rank not in rules.ranks:
            raise BankFormatError(f"{c.text} is not in the {rules.name} deck", key)
    return cards


def _as_hand(data: Mapping[str, Any], rules: RuleSet) -> tuple[Card, ...]:
    """The ``hand`` field: 1 to ``hand_size`` cards of the deck."""
    hand = _as_cards("hand", _req(data, "hand"), rules)
    if not 1 <= len(hand) <= rules.hand_size:
        raise BankFormatError(f"holds {len(hand)} cards; a hand has 1 to {rules.hand_size}", "hand")
    return hand


def _check_copies(key: str, cards: Sequence[Card], rules: RuleSet) -> None:
    for c in set(cards):
        n = cards.count(c)
        if n > rules.copies:
            raise BankFormatError(f"{c.text} appears {n} times; the deck has {rules.copies}", key)


def _as_suit(key: str, value: Any) -> Suit:
    with _blame(key):
        return parse_suit(_as_str(key, value))


def _as_rules(value: Any) -> tuple[QuizRule, ...]:
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list) or not items:
        raise BankFormatError(
            f"must be a list of rule cases such as ['meld.run'], not {value!r}", "rules"
        )
    with _blame("rules"):
        out = [QuizRule.parse(_as_str("rules", v)) for v in items]
    return tuple(dict.fromkeys(out))


def _as_call(t: Any) -> int | None:
    if isinstance(t, str) and t.strip().lower() in ("pass", "p", "-"):
        return None
    if isinstance(t, str) and t.strip().isascii() and t.strip().isdigit() and len(t.strip()) <= 6:
        return int(t.strip())
    if isinstance(t, int) and not isinstance(t, bool):
        return t
    raise BankFormatError(f"{t!r} is not a call: write a bid such as 260, or pass", "calls")


def _as_calls(value: Any) -> tuple[int | None, ...]:
    if isinstance(value, str):
        tokens: list[Any] = value.replace(",", " ").split()
    elif isinstance(value, list):
        tokens = list(value)
    else:
        raise BankFormatError(f"must be calls such as '250 pass 260', not {value!r}", "calls")
    return tuple(_as_call(t) for t in tokens)


# ------------------------------------------------------------ one builder per kind


def _meld_entry(data: Mapping[str, Any], common: dict[str, Any], rs: RuleSet) -> MeldQuiz:
    hand = _as_hand(data, rs)
    _check_copies("hand", hand, rs)
    return MeldQuiz(hand=hand, trump=_as_suit("trump", _req(data, "trump")), **common)


def _trick_entry(data: Mapping[str, Any], common: dict[str, Any], rs: RuleSet) -> TrickQuiz:
    hand = _as_hand(data, rs)
    trick = _as_cards("trick", data.get("trick", ""), rs)
    if len(trick) >= rs.players:
        raise BankFormatError(
            f"holds {len(trick)} cards: a trick in progress has fewer than {rs.players}", "trick"
        )
    _check_copies("trick", hand + trick, rs)
    card = None
    if "card" in data:
        cards = _as_cards("card", data["card"], rs)
        if len(cards) != 1:
            raise BankFormatError("must be one card", "card")
        card = cards[0]
        if card not in hand:
            raise BankFormatError(f"{card.text} is not in the hand", "card")
    trump = _as_suit("trump", _req(data, "trump"))
    return TrickQuiz(hand=hand, trick=trick, trump=trump, card=card, **common)


def _trick_points(data: Mapping[str, Any], rs: RuleSet) -> tuple[int, int]:
    """The ``bidder_tricks`` and ``defender_tricks`` of a hand that was played."""
    total = rs.total_trick_points
    step = trick_point_step(rs)
    bt = _as_int("bidder_tricks", _req(data, "bidder_tricks"), 0, total)
    dt = _as_int("defender_tricks", data.get("defender_tricks", total - bt), 0, total)
    for key, v in (("bidder_tricks", bt), ("defender_tricks", dt)):
        if v % step:
            raise BankFormatError(f"{v} cannot be taken: trick points come in steps of {step}", key)
    if rs.partnerships and bt + dt != total:
        raise BankFormatError(
            f"{bt} + {dt} is not the {total} trick points of a hand", "defender_tricks"
        )
    if not rs.partnerships and bt + dt > total:
        raise BankFormatError(
            f"{bt} + {dt} is more than the {total} trick points of a hand", "defender_tricks"
        )
    return bt, dt


def _score_entry(data: Mapping[str, Any], common: dict[str, Any], rs: RuleSet) -> ScoreQuiz:
    conceded = data.get("conceded", False)
    if not isinstance(conceded, bool):
        raise BankFormatError(f"must be true or false, not {conceded!r}", "conceded")
    bid = _as_int("bid", _req(data, "bid"), rs.opening_bid)
    if bid > rs.max_bid:
        raise BankFormatError(
            f"{bid} cannot be a contract: bids go up to {rs.max_bid}, and no side can take "
            f"more than {rs.most_points} points in a hand", "bid"
        )
    if bid % rs.bid_increment:
        raise BankFormatError(f"{bid} is not a multiple of {rs.bid_increment}", "bid")
    bidder_meld = _as_int("bidder_meld", _req(data, "bidder_meld"), 0, 10_000)
    defender_meld = _as_int("defender_meld", data.get("defender_meld", 0), 0, 10_000)
    for key, meld in (("bidder_meld", bidder_meld), ("defender_meld", defender_meld)):
        if meld > meld_ceiling(rs):
            raise BankFormatError(
                f"{meld} cannot be shown: no side holds more than {meld_ceiling(rs)} meld", key
            )
        if not possible_meld(meld, rs):
            raise BankFormatError(
                f"{meld} cannot be shown: no lines of the {rs.name} meld table add up to it", key
            )
    ask = _as_str("ask", data.get("ask", "bidders")).strip().lower()
    if ask not in ASK_SIDES:
        raise BankFormatError(f"{ask!r}: ask 'bidders' or 'defenders'", "ask")
    if conceded:
        for key in ("bidder_tricks", "defender_tricks"):
            if data.get(key, 0) != 0:
                raise BankFormatError("no tricks are played after a concession", key)
        bt = dt = 0
    else:
        bt, dt = _trick_points(data, rs)
    return ScoreQuiz(
        bid=bid, bidder_meld=bidder_meld, bidder_tricks=bt, defender_meld=defender_meld,
        defender_tricks=dt, conceded=conceded, ask=ask, **common,
    )  # fmt: skip


def _bid_entry(data: Mapping[str, Any], common: dict[str, Any], rs: RuleSet) -> BidQuiz:
    hand = _as_cards("hand", _req(data, "hand"), rs)
    if len(hand) != rs.hand_size:
        raise BankFormatError(
            f"holds {len(hand)} cards; a {rs.name} hand has {rs.hand_size}", "hand"
        )
    _check_copies("hand", hand, rs)
    calls = _as_calls(data.get("calls", []))
    dealer = _as_int("dealer", data.get("dealer", 3), 0, rs.players - 1)
    with _blame("calls"):
        a = Auction(dealer, rs)
        for c in calls:
            a.call(c)
    if a.is_over:
        raise BankFormatError("the auction is already over after these calls", "calls")
    return BidQuiz(hand=hand, calls=calls, dealer=dealer, **common)


def _winner_entry(data: Mapping[str, Any], common: dict[str, Any], rs: RuleSet) -> WinnerQuiz:
    trick = _as_cards("trick", _req(data, "trick"), rs)
    if len(trick) != rs.players:
        raise BankFormatError(
            f"holds {len(trick)} cards: a complete trick has one card from each of the "
            f"{rs.players} players",
            "trick",
        )
    _check_copies("trick", trick, rs)
    return WinnerQuiz(trick=trick, trump=_as_suit("trump", _req(data, "trump")), **common)


def _counters_entry(
    data: Mapping[str, Any], common: dict[str, Any], rs: RuleSet
) -> CountersQuiz:
    cards = _as_cards("cards", _req(data, "cards"), rs)
    if not 1 <= len(cards) <= rs.deck_size:
        raise BankFormatError(f"holds {len(cards)} cards; give 1 to {rs.deck_size}", "cards")
    _check_copies("cards", cards, rs)
    last = data.get("last_trick", False)
    if not isinstance(last, bool):
        raise BankFormatError(f"must be true or false, not {last!r}", "last_trick")
    return CountersQuiz(cards=cards, last_trick=last, **common)


def _call_entry(data: Mapping[str, Any], common: dict[str, Any], rs: RuleSet) -> CallQuiz:
    calls = _as_calls(data.get("calls", []))
    dealer = _as_int("dealer", data.get("dealer", 3), 0, rs.players - 1)
    with _blame("calls"):
        a = Auction(dealer, rs)
        for c in calls:
            a.call(c)
    if a.is_over:
        raise BankFormatError("the auction is already over after these calls", "calls")
    try:
        call = _as_call(_req(data, "call"))
    except BankFormatError as e:
        raise BankFormatError(str(e), "call") from None
    if call is not None and call > rs.max_bid:
        raise BankFormatError(f"{call} is above the tutor's bound on bids, {rs.max_bid}", "call")
    seat: int | None = None
    if "seat" in data:
        seat = _as_int("seat", data["seat"], 0, rs.players - 1)
        if seat != a.turn and seat not in a.passed:
            raise BankFormatError(
                f"seat {seat} neither has the turn (seat {a.turn}) nor has passed", "seat"
            )
    return CallQuiz(calls=calls, dealer=dealer, call=call, seat=seat, **common)


def _play_entry(data: Mapping[str, Any], common: dict[str, Any], rs: RuleSet) -> PlayQuiz:
    seed = _as_int("deal_seed", _req(data, "deal_seed"), 0, 2**32 - 1)
    dealer = _as_int("dealer", data.get("dealer", 0), 0, rs.players - 1)
    played = _as_int("cards_played", data.get("cards_played", 0), 0, rs.players * rs.hand_size - 1)
    with _blame("cards_played"):
        play_position(seed, dealer, played, rs)
    return PlayQuiz(deal_seed=seed, dealer=dealer, cards_played=played, **common)


def _pass_entry(data: Mapping[str, Any], common: dict[str, Any], rs: RuleSet) -> PassQuiz:
    role = _as_str("role", data.get("role", "discard" if rs.has_kitty else "pass")).strip().lower()
    if role not in EXCHANGE_ROLES:
        raise BankFormatError(f"{role!r}: the role is one of {', '.join(EXCHANGE_ROLES)}", "role")
    if role == "discard" and not rs.has_kitty:
        raise BankFormatError(f"{role!r}: the {rs.name} game has no kitty to discard from", "role")
    if role != "discard" and not rs.exchange_size:
        raise BankFormatError(f"{role!r}: the {rs.name} game has no exchange", "role")
    hand = _as_cards("hand", _req(data, "hand"), rs)
    size = rs.hand_size + (0 if role == "pass" else exchange_size(role, rs))
    if len(hand) != size:
        raise BankFormatError(f"holds {len(hand)} cards; a {role} question needs {size}", "hand")
    _check_copies("hand", hand, rs)
    received = _as_cards("received", data.get("received", ""), rs)
    if received and role == "pass":
        raise BankFormatError("the partner passing has received nothing yet", "received")
    rest = list(hand)
    for c in received:
        if c not in rest:
            raise BankFormatError(f"{c.text} is not in the hand", "received")
        rest.remove(c)
    trump = _as_suit("trump", _req(data, "trump"))
    return PassQuiz(hand=hand, trump=trump, role=role, received=received, **common)


def _as_scores(key: str, value: Any, n: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != n:
        raise BankFormatError(f"must be a list of {n} scores (one per side), not {value!r}", key)
    return tuple(_as_int(key, v, -100_000, 100_000) for v in value)


def _game_entry(data: Mapping[str, Any], common: dict[str, Any], rs: RuleSet) -> GameQuiz:
    before = _as_scores("before", _req(data, "before"), rs.sides)
    changes = _as_scores("changes", _req(data, "changes"), rs.sides)
    bidders = _as_int("bidders", data.get("bidders", 0), 0, rs.sides - 1)
    with _blame("changes"):
        explain_game_end(before, changes, bidders, rs)
    return GameQuiz(before=before, changes=changes, bidders=bidders, **common)


EntryBuilder = Callable[[Mapping[str, Any], dict[str, Any], RuleSet], QuizItem]
"""Builds one kind of item from a bank entry, the common fields already read, and the rules."""

ENTRY_BUILDERS: dict[QuizKind, EntryBuilder] = {
    QuizKind.MELD: _meld_entry,
    QuizKind.TRICK: _trick_entry,
    QuizKind.SCORE: _score_entry,
    QuizKind.BID: _bid_entry,
    QuizKind.WINNER: _winner_entry,
    QuizKind.COUNTERS: _counters_entry,
    QuizKind.CALL: _call_entry,
    QuizKind.PLAY: _play_entry,
    QuizKind.PASS: _pass_entry,
    QuizKind.GAME: _game_entry,
}
"""The builder of each kind of question, used by :func:`item_from_entry`."""


# ------------------------------------------------------------------ entries


def _entry_kind(data: Mapping[str, Any], kind: QuizKind | str | None) -> QuizKind:
    """The entry's own ``kind``, else the bank's ``kind``."""
    if kind is not None and "kind" not in data:
        return QuizKind.parse(kind)
    with _blame("kind"):
        return QuizKind.parse(_as_str("kind", _req(data, "kind")))


def _common_fields(data: Mapping[str, Any], k: QuizKind, rule_set: RuleSet) -> dict[str, Any]:
    """The fields every kind shares, checked: ``id``, ``level``, ``rule_set``,
    ``title``, ``rules`` (and ``note``, which is not kept)."""
    item_id = _as_str("id", _req(data, "id"))
    if not _ID_RE.match(item_id):
        raise BankFormatError(
            f"{item_id!r} is not a usable id: letters, digits and . _ : - (up to 80)", "id"
        )
    rs = rule_set
    if "rule_set" in data:
        with _blame("rule_set"):
            rs = rules_named(_as_str("rule_set", data["rule_set"]))
    common: dict[str, Any] = {
        "id": item_id,
        "level": _as_int("level", data.get("level", 1), 1, 3),
        "rule_set": rs,
        "title": _as_str("title", data.get("title", "")),
    }
    if "note" in data:
        _as_str("note", data["note"])
    if "rules" in data:
        common["rules"] = _as_rules(data["rules"])
    wrong_kind = [r.value for r in common.get("rules", ()) if r.kind is not k]
    if wrong_kind:
        raise BankFormatError(
            f"{', '.join(wrong_kind)} belong to another kind of question", "rules"
        )
    return common


def item_from_entry(
    data: Mapping[str, Any], kind: QuizKind | str | None = None, rule_set: RuleSet = CLASSIC
) -> QuizItem:
    """Build one item from a bank entry (a mapping as read from TOML or JSON),
    asked under the entry's ``rule_set`` (default: ``rule_set``). The item's
    ``rules`` are the declared ones (``()`` when the entry declares none).

    Raises :class:`BankFormatError` whose message names the bad value (its
    ``field`` attribute holds the field's name, when known)."""
    if not isinstance(data, Mapping):
        raise BankFormatError(f"an item must be a table of fields, not {data!r}")
    k = _entry_kind(data, kind)
    unknown = sorted(set(data) - _FIELDS[k])
    if unknown:
        raise BankFormatError(
            f"is not a field of a {k.value} item (fields: {', '.join(sorted(_FIELDS[k]))})",
            unknown[0],
        )
    common = _common_fields(data, k, rule_set)
    return ENTRY_BUILDERS[k](data, common, common["rule_set"])


def _codes(cards: Iterable[Card]) -> str:
    return " ".join(c.code for c in cards)


def item_to_entry(item: QuizItem) -> dict[str, Any]:
    """A bank entry for ``item`` (TOML/JSON-ready; read back by :func:`item_from_entry`).
    It holds the question only, never the answer (nor rule cases it does not declare)."""
    out: dict[str, Any] = {"id": item.id, "kind": item.kind.value, "level": item.level}
    if item.rules:
        out["rules"] = [r.value for r in item.rules]
    if item.rule_set != CLASSIC:
        out["rule_set"] = item.rule_set.name
    if item.title:
        out["title"] = item.title
    if isinstance(item, MeldQuiz):
        out.update(trump=item.trump.letter, hand=_codes(item.hand))
    elif isinstance(item, TrickQuiz):
        out.update(trump=item.trump.letter, hand=_codes(item.hand), trick=_codes(item.trick))
        if item.card is not None:
            out["card"] = item.card.code
    elif isinstance(item, ScoreQuiz):
        out.update(
            bid=item.bid, bidder_meld=item.bidder_meld, bidder_tricks=item.bidder_tricks,
            defender_meld=item.defender_meld, defender_tricks=item.defender_tricks,
        )  # fmt: skip
        if item.conceded:
            out["conceded"] = True
        out["ask"] = item.ask
    elif isinstance(item, BidQuiz):
        out.update(hand=_codes(item.hand), dealer=item.dealer)
        out["calls"] = " ".join("pass" if c is None else str(c) for c in item.calls)
    elif isinstance(item, WinnerQuiz):
        out.update(trump=item.trump.letter, trick=_codes(item.trick))
    elif isinstance(item, CountersQuiz):
        out["cards"] = _codes(item.cards)
        if item.last_trick:
            out["last_trick"] = True
    elif isinstance(item, PlayQuiz):
        out.update(deal_seed=item.deal_seed, dealer=item.dealer, cards_played=item.cards_played)
    elif isinstance(item, PassQuiz):
        out.update(trump=item.trump.letter, hand=_codes(item.hand), role=item.role)
        if item.received:
            out["received"] = _codes(item.received)
    elif isinstance(item, GameQuiz):
        out.update(before=list(item.before), changes=list(item.changes), bidders=item.bidders)
    else:
        out["calls"] = " ".join("pass" if c is None else str(c) for c in item.calls)
        out.update(dealer=item.dealer, call="pass" if item.call is None else item.call)
        if item.seat is not None:
            out["seat"] = item.seat
    return out


# ------------------------------------------------------------------ files


def _read_document(path: Path) -> Any:
    text = path.read_text(encoding="utf-8")
    if path.suffix.lower() == ".json":
        return json.loads(text)
    try:
        toml: Any = importlib.import_module("tomllib")
    except ImportError:  # pragma: no cover - Python 3.10 without tomli
        try:
            toml = importlib.import_module("tomli")
        except ImportError:
            raise BankFormatError(
                f"reading TOML banks such as {path.name!r} needs Python 3.11 or the 'tomli' package"
            ) from None
    return toml.loads(text)


_Loaded = tuple[list[QuizItem], list[BankProblem], list[tuple[QuizItem, Any]]]


def _bank_settings(doc: dict[str, Any]) -> tuple[QuizKind | None, RuleSet]:
    """The bank's ``kind`` and ``rule_set`` (raises :class:`BankFormatError`)."""
    kind: QuizKind | None = None
    if "kind" in doc:
        with _blame("kind"):
            kind = QuizKind.parse(_as_str("kind", doc["kind"]))
    rs = CLASSIC
    if "rule_set" in doc:
        with _blame("rule_set"):
            rs = rules_named(_as_str("rule_set", doc["rule_set"]))
    return kind, rs


def _load(path: Path, kinds: Collection[QuizKind] | None = None) -> _Loaded:
    name = path.name
    try:
        doc = _read_document(path)
    except OSError as e:  # the reason only: the message never names the server's folders
        return [], [BankProblem(name, None, None, f"cannot be read: {e.strerror or type(e).__name__}")], []
    except UnicodeDecodeError:
        return [], [BankProblem(name, None, None, "cannot be read: it is not UTF-8 text")], []
    except RecursionError:
        return [], [BankProblem(name, None, None, "is nested too deeply to be a quiz bank")], []
    except ValueError as e:  # TOMLDecodeError, JSONDecodeError and PinochleError are ValueErrors
        return (
            [],
            [BankProblem(name, None, None, f"is not valid {path.suffix[1:].upper()}: {e}")],
            [],
        )
    if isinstance(doc, list):
        doc = {"item": doc}
    if not isinstance(doc, dict):
        return [], [BankProblem(name, None, None, "must hold a table with a list of [[item]]s")], []
    problems = [
        BankProblem(name, None, key, "is not a bank setting (kind, title, rule_set, item)")
        for key in sorted(set(doc) - {"kind", "title", "rule_set", "item", "description"})
    ]
    try:
        kind, rs = _bank_settings(doc)
    except BankFormatError as e:
        return [], [*problems, BankProblem(name, None, e.field, str(e))], []
    entries = doc.get("item", [])
    if not isinstance(entries, list):
        problems.append(
            BankProblem(name, None, "item", "must be a list of items ([[item]] tables)")
        )
        return [], problems, []
    return _load_entries(name, entries, kind, rs, problems, kinds)


def _other_kind(entry: Any, kind: QuizKind | None, kinds: Collection[QuizKind] | None) -> bool:
    """Whether an entry is surely of a kind not among ``kinds`` (``None``: all kinds
    wanted); an entry whose kind cannot be told is read, so that it is reported."""
    if kinds is None or not isinstance(entry, Mapping):
        return False
    try:
        return _entry_kind(entry, kind) not in kinds
    except PinochleError:
        return False


def _load_entries(
    name: str,
    entries: list[Any],
    kind: QuizKind | None,
    rs: RuleSet,
    problems: list[BankProblem],
    kinds: Collection[QuizKind] | None = None,
) -> _Loaded:
    items: list[QuizItem] = []
    pairs: list[tuple[QuizItem, Any]] = []
    seen: set[str] = set()
    for index, entry in enumerate(entries, 1):
        if _other_kind(entry, kind, kinds):
            continue
        raw_id = entry.get("id") if isinstance(entry, dict) else None
        label = f"{raw_id!r} (#{index})" if isinstance(raw_id, str) else f"#{index}"
        try:
            item = item_from_entry(entry, kind, rs)
        except BankFormatError as e:
            problems.append(BankProblem(name, label, e.field, str(e)))
            continue
        except PinochleError as e:
            problems.append(BankProblem(name, label, None, str(e)))
            continue
        if item.id in seen:
            problems.append(
                BankProblem(name, label, "id", f"{item.id!r} is used by an earlier item")
            )
            continue
        seen.add(item.id)
        expected = entry.get("expected") if isinstance(entry, dict) else None
        if item.kind in CHECKED_AT_LOAD and expected is not None:
            mark = check_answer(item, _expected_text(expected))
            if not mark.readable or not mark.right:
                why = mark.explanation if not mark.readable else (
                    f"the teacher's answer {expected!r} disagrees with the engine: {mark.correct}"
                )
                problems.append(BankProblem(name, label, "expected", f"not loaded: {why}"))
                continue
        if not item.rules:  # the loader finds the rule cases a teacher did not declare
            item = dataclasses.replace(item, rules=rules_of(item))
        items.append(item)
        pairs.append((item, entry.get("expected") if isinstance(entry, dict) else None))
    return items, problems, pairs


def load_bank(
    path: str | Path, kinds: Collection[QuizKind] | None = None
) -> tuple[list[QuizItem], list[BankProblem]]:
    """Read a bank file (``.toml`` or ``.json``): the items that are valid, and a
    problem for each one that is not (naming the file, the item and the field).
    Never raises for a bad file. Each problem also goes to the server's log
    (:func:`logging.warning`, logger ``pinochle_tutor.course.quiz.banks``), once per
    process. With ``kinds``, only the items of those kinds are
    read and checked (the others are passed over, not reported)."""
    p = Path(path)
    items, problems, _ = _load(p, kinds)
    _LOGGED.warn(p.parent, problems)
    return items, problems


def load_banks(
    folder: str | Path | None = None, kinds: Collection[QuizKind] | None = None
) -> tuple[list[QuizItem], list[BankProblem]]:
    """Read every ``*.toml`` and ``*.json`` bank in ``folder`` (default:
    :func:`default_bank_dir`); ids must be unique across the files. With ``kinds``,
    only the items of those kinds are read and checked: a quiz page of one kind
    does not check the answers of every other kind's items against the engine
    (measured: a meld practice page's kernel spent about 1.8 CPU-seconds checking
    the play, pass and game items before it showed its first question)."""
    root = Path(folder) if folder is not None else default_bank_dir()
    items: list[QuizItem] = []
    problems: list[BankProblem] = []
    owner: dict[str, str] = {}
    paths = sorted(p for p in root.glob("*") if p.suffix.lower() in (".toml", ".json"))
    for path in paths:
        found, trouble = load_bank(path, kinds)
        problems += trouble
        for item in found:
            if item.id in owner:
                problems.append(
                    BankProblem(path.name, repr(item.id), "id", f"is also used in {owner[item.id]}")
                )
                continue
            owner[item.id] = path.name
            items.append(item)
    return items, problems


BANKS_VAR = "PINOCHLE_TUTOR_BANKS"
"""The environment variable that may name the folder of quiz banks a site serves (a
teacher's own copy of ``exercises/banks``)."""


def default_bank_dir(cwd: str | Path | None = None) -> Path:
    """The curated banks: the folder named by ``$PINOCHLE_TUTOR_BANKS`` when set, else
    ``exercises/banks`` beside the package (a source checkout), else the site's own
    copy, ``banks`` or ``practice/banks`` in ``cwd`` (default: the working directory;
    the static site, whose package is an installed wheel, ships them there)."""
    chosen = os.environ.get(BANKS_VAR)
    if chosen:
        return Path(chosen).expanduser()
    checkout = Path(__file__).resolve().parents[3] / "exercises" / "banks"
    if checkout.is_dir():
        return checkout
    here = Path(cwd) if cwd is not None else Path.cwd()
    for candidate in (here / "banks", here / "practice" / "banks"):
        if candidate.is_dir():
            return candidate
    return checkout


def _expected_text(expected: Any) -> str:
    if isinstance(expected, bool):
        return "yes" if expected else "no"
    if isinstance(expected, int):
        return str(expected)
    if isinstance(expected, list):
        return ", ".join(str(x) for x in expected)
    return str(expected)


def audit_bank(path: str | Path) -> list[BankProblem]:
    """Every problem :func:`load_bank` finds, and for each valid item: the teacher's
    ``expected`` answer (when given) checked against the engine, and the declared
    ``rules`` checked against the rule cases the engine finds in the position."""
    p = Path(path)
    items, problems, pairs = _load(p)
    del items
    for item, expected in pairs:
        label = repr(item.id)
        found = set(rules_of(item))
        stray = [r.value for r in item.rules if r not in found]
        if stray:
            problems.append(
                BankProblem(p.name, label, "rules", f"the position does not exercise {', '.join(stray)} "
                            f"(it exercises {', '.join(r.value for r in rules_of(item))})")
            )  # fmt: skip
        if expected is None:
            continue
        mark = check_answer(item, _expected_text(expected))
        if not mark.readable:
            problems.append(BankProblem(p.name, label, "expected", mark.explanation))
        elif not mark.right:
            problems.append(
                BankProblem(p.name, label, "expected",
                            f"the teacher's answer {expected!r} disagrees with the engine: {mark.correct}")
            )  # fmt: skip
    return problems
