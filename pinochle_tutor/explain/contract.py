"""Explaining the contract: did the bidders make it, and what each side scores.

Meld kept plus trick points must reach the bid: then the bidders add the full
total. Bidders who fall short, who take no trick points at all, or whose declarer
concedes before trick play score nothing else and subtract the bid.
:func:`explain_contract` reads the reckoning out line by line.

>>> print(explain_contract(320, 180, 130, 0, 120).lines()[1])
They captured 130: 180 + 130 = 310, 10 short of 320, so they score nothing and subtract the bid: -320.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from pinochle_tutor.rules import CLASSIC, RuleSet
from pinochle_tutor.scoring import HandScore, check_hand, score_hand


@dataclass(frozen=True)
class _Words:
    """Who the reckoning speaks of: two sides, or one declarer and one defender."""

    bidders: str
    they: str
    their: str
    are: str
    lose: str
    score: str
    Defenders: str
    dthey: str
    dtheir: str
    keep: str
    subtract: str
    set_rule: str


_SIDE_WORDS = _Words(
    "the bidders",
    "they",
    "their",
    "are",
    "lose",
    "score",
    "The defenders",
    "they",
    "their",
    "keep",
    "subtract",
    "bidders who take no trick points at all are set",
)
_SOLO_WORDS = _Words(
    "the declarer",
    "the declarer",
    "the",
    "is",
    "loses",
    "scores",
    "This defender",
    "this defender",
    "their",
    "keeps",
    "subtracts",
    "a declarer who takes no trick points at all is set",
)


class ContractOutcome(Enum):
    """How a hand ended for the bidders."""

    MADE = "made"
    """Meld kept plus trick points reached the bid: they add the full total."""
    SHORT = "short"
    """They fell short of the bid: they subtract the bid and score nothing else."""
    SET_NO_TRICKS = "set, no trick points"
    """Bidders who take no trick points at all are set (they subtract the bid)."""
    CONCEDED = "conceded"
    """The declarer conceded before trick play: the bidders subtract the bid."""


@dataclass(frozen=True)
class ContractExplanation:
    """The reckoning of one hand for the bidders and the defenders, built on
    :func:`~pinochle_tutor.scoring.score_hand`, with the numbers of the rule set."""

    score: HandScore
    total_trick_points: int
    """Trick points in one hand (250 classic, 50 double deck)."""
    minimum_tricks: int | None
    """The fewest trick points that would have made the contract (``None``: none could)."""
    declarer_seat: int | None = None
    """Three-handed: the declarer's seat, to name them (``None``: unnamed)."""
    defender_seat: int | None = None
    """Three-handed: the seat of the defender this reckoning is against (``None``: unnamed)."""
    seat_names: tuple[str, ...] = ()
    """Who sits at each seat as the learner sees it (``'You'``, ``'Left opponent'``, ...,
    from :func:`~pinochle_tutor.view.seat_name`); empty: seats by number only."""

    @property
    def bid(self) -> int:
        """The contract."""
        return self.score.bid

    @property
    def bidder_meld(self) -> int:
        """Meld shown by the bidders."""
        return self.score.bidder_meld

    @property
    def needed(self) -> int | None:
        """The fewest trick points that would have made the contract (``None``: none
        could); the same number as :attr:`minimum_tricks`, from the scorer."""
        return self.score.needed

    @property
    def captured(self) -> int:
        """Trick points the bidders took."""
        return self.score.bidder_tricks

    @property
    def meld_save(self) -> int:
        """Trick points a side needs to keep its meld."""
        return self.score.meld_save

    @property
    def outcome(self) -> ContractOutcome:
        """How the contract ended."""
        s = self.score
        if s.conceded:
            return ContractOutcome.CONCEDED
        if s.set_no_tricks:
            return ContractOutcome.SET_NO_TRICKS
        return ContractOutcome.MADE if s.made else ContractOutcome.SHORT

    @property
    def bidder_change(self) -> int:
        """What the hand adds to (or takes from) the bidders' score."""
        return self.score.bidder

    @property
    def defender_change(self) -> int:
        """What the hand adds to the defenders' score."""
        return self.score.defender

    @property
    def solo(self) -> bool:
        """Three-handed: one declarer against each defender alone (the wording only)."""
        return self.score.solo

    def _seat_words(self, seat: int) -> str:
        """Who sits at ``seat`` as a sentence names them, from the seat names the
        explanation was given: ``'you'``, ``'the left opponent'``, ``'your partner'``
        (:func:`pinochle_tutor.view.seat_words`' words); ``'another player'`` when the
        names are not known."""
        if seat >= len(self.seat_names):
            return "another player"
        name = self.seat_names[seat]
        return {"You": "you", "Partner": "your partner"}.get(name, "the " + name.lower())

    def _is_learner(self, seat: int | None) -> bool:
        return seat is not None and seat < len(self.seat_names) and self.seat_names[seat] == "You"

    def _words(self, defender: bool = False) -> _Words:
        """The words of the reckoning: for two sides, or (three-handed) for the
        declarer and one defender, each named as the learner sees them when the seats
        are known (``defender``: the words of the defender's sentence)."""
        if not self.solo:
            return _SIDE_WORDS
        w = _SOLO_WORDS
        if self.declarer_seat is not None and self.declarer_seat < len(self.seat_names):
            w = replace(w, bidders=f"the declarer ({self._seat_words(self.declarer_seat)})")
        if defender and self.defender_seat is not None and self.defender_seat < len(self.seat_names):
            who = self._seat_words(self.defender_seat)
            name = f"{who[:1].upper()}{who[1:]} (a defender)"
            if self._is_learner(self.defender_seat):
                w = replace(
                    w, Defenders=name, dthey="you", dtheir="your", keep="keep", score="score",
                    lose="lose",
                )  # fmt: skip
            else:
                w = replace(w, Defenders=name, dthey="that player", dtheir="their")
        return w

    def _need_line(self, head: str, w: _Words) -> str:
        """What the bidders needed: the fewest trick points that make the contract
        (:attr:`HandScore.needed`), and why it is more than bid - meld when it is."""
        s = self.score
        save = self.meld_save
        total = self.total_trick_points
        gap = s.bid - s.bidder_meld
        pts = f"point{'s' if save != 1 else ''}"
        if s.needed is None:
            if gap > total:
                return (
                    f"{head}, so the contract could not be made: even all {total} trick points "
                    f"would bring {w.bidders} to only {s.bidder_meld + total}, short of {s.bid}."
                )
            return (
                f"{head}, so the contract could not be made: no number of the {total} trick "
                f"points would bring {w.bidders} to {s.bid}."
            )
        need = f"{w.they} needed {s.needed} of the {total} trick points"
        if gap <= 0:
            if s.needed >= save > 0:
                return (
                    f"{head}, which covers the bid, but meld is kept only with at least {save} "
                    f"trick {pts}, so {need}."
                )
            return (
                f"{head}, which covers the bid, but {w.set_rule}, so {need}."
            )
        if s.needed == gap:
            return f"{head}, so {need}."
        if s.needed >= save > gap:
            return (
                f"{head}, {gap} short of the bid, and meld is kept only with at least {save} "
                f"trick {pts}, so {need}."
            )
        return (
            f"{head}, {gap} short of the bid, and trick points never add up to exactly {gap}, "
            f"so {need}."
        )

    def declarer_lines(self) -> list[str]:
        """The sentences about the bidders (three-handed: the declarer): the bid and
        meld, what they needed, what they captured and what they score."""
        s = self.score
        save = self.meld_save
        w = self._words()
        head = f"The bid was {s.bid} and {w.bidders} showed {s.bidder_meld} meld"
        w = replace(w, bidders="the declarer") if self.solo else w
        if s.conceded:
            return [
                head + ".",
                f"The declarer conceded before trick play, so {w.bidders} {w.lose} {w.their} bid: -{s.bid}.",
            ]
        out = [self._need_line(head, w)]
        They = w.they.capitalize()
        if s.set_no_tricks:
            out.append(
                f"{They} captured no trick points at all, so {w.they} {w.are} set: -{s.bid}."
            )
        elif not s.bidder_meld_kept:
            out.append(
                f"{They} captured {s.bidder_tricks}, fewer than {save}, so {w.they} {w.lose} {w.their} meld, "
                f"and {s.bidder_tricks} is short of {s.bid}: -{s.bid}."
                if not s.made
                else f"{They} captured {s.bidder_tricks}, fewer than {save}, so {w.they} {w.lose} {w.their} meld, "
                f"but {s.bidder_tricks} still makes {s.bid}: +{s.bidder}."
            )
        elif s.made:
            out.append(
                f"{They} captured {s.bidder_tricks}: {s.bidder_meld} + {s.bidder_tricks} = {s.bidder_total}, "
                f"which makes the contract: +{s.bidder}."
            )
        else:
            out.append(
                f"{They} captured {s.bidder_tricks}: {s.bidder_meld} + {s.bidder_tricks} = {s.bidder_total}, "
                f"{s.bid - s.bidder_total} short of {s.bid}, so {w.they} {w.score} nothing "
                f"and {w.subtract} the bid: -{s.bid}."
            )
        return out

    def defender_line(self) -> str:
        """The sentence about the defenders (three-handed: this one defender)."""
        s = self.score
        save = self.meld_save
        w = self._words(defender=True)
        if s.conceded:
            return f"{w.Defenders} {w.score} {w.dtheir} {s.defender_meld} meld only: +{s.defender}."
        if s.defender_meld_kept and not s.defender_meld:
            return f"{w.Defenders} took {s.defender_tricks} trick points and had no meld: +{s.defender}."
        if s.defender_meld_kept:
            return (
                f"{w.Defenders} took {s.defender_tricks} trick points (at least {save}), so {w.dthey} {w.keep} "
                f"{w.dtheir} {s.defender_meld} meld: {s.defender_meld} + {s.defender_tricks} = +{s.defender}."
            )
        lost = f" and {w.lose} {w.dtheir} {s.defender_meld} meld" if s.defender_meld else ""
        return (
            f"{w.Defenders} took {s.defender_tricks} trick points, fewer than {save}, "
            f"so {w.dthey} {w.score} nothing{lost}: +0."
        )

    def lines(self) -> list[str]:
        """The reckoning as sentences, in order: worded for the bidders and the
        defenders, or (three-handed) for the declarer and one defender."""
        return [*self.declarer_lines(), self.defender_line()]

    @property
    def text(self) -> str:
        """The reckoning in plain words."""
        return " ".join(self.lines())

    def __str__(self) -> str:
        return self.text


def contract_explanation(
    score: HandScore,
    rules: RuleSet,
    declarer_seat: int | None = None,
    defender_seat: int | None = None,
    seat_names: tuple[str, ...] = (),
) -> ContractExplanation:
    """The reckoning of an already scored hand (a :class:`HandScore` from
    :func:`~pinochle_tutor.scoring.score_hand` or a played :class:`~pinochle_tutor.game.Hand`),
    with the fewest trick points that would have made the contract. Three-handed,
    ``declarer_seat`` and ``defender_seat`` name the two players by seat (and
    ``seat_names`` by what the learner calls them)."""
    return ContractExplanation(
        score, rules.total_trick_points, None if score.conceded else score.needed,
        declarer_seat, defender_seat, seat_names,
    )  # fmt: skip


def explain_contract(
    bid: int,
    bidder_meld: int,
    bidder_tricks: int,
    defender_meld: int,
    defender_tricks: int,
    rules: RuleSet = CLASSIC,
    conceded: bool = False,
) -> ContractExplanation:
    """Did the bidders make their contract? They need meld + trick points of at
    least the bid, and keep their meld only with at least 10 trick points (classic);
    made, they add the full total; missed, they subtract the bid; with no trick
    points at all they are set. Defenders score meld + trick points with at least
    10 trick points, else nothing. A declarer who concedes before trick play
    loses the bid, and the defenders score their meld only. Numbers that cannot
    happen (see :func:`~pinochle_tutor.scoring.check_hand`) raise
    :class:`~pinochle_tutor.scoring.InvalidPointsError`.

    >>> print(explain_contract(320, 180, 130, 0, 120).lines()[1])
    They captured 130: 180 + 130 = 310, 10 short of 320, so they score nothing and subtract the bid: -320.
    """
    check_hand(bid, bidder_meld, bidder_tricks, defender_meld, defender_tricks, rules)
    score = score_hand(
        bid, bidder_meld, bidder_tricks, defender_meld, defender_tricks, rules, conceded
    )
    return contract_explanation(score, rules)
