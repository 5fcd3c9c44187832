"""The tips of the rules text's "Better decisions at the table", and the exchange: one
:class:`Tip` for the whole course. The guided hand of lesson 7
(:func:`~pinochle_tutor.course.worked.guided_hand`) tells the six table tips
(:data:`TABLE_TIPS`) where they come up; the problem deals
(:mod:`~pinochle_tutor.course.problems`) practise each tip and the exchange, keeping the
tip's id (``meld_alone``) in their files.

>>> Tip.parse("meld_alone").title, Tip.MELD_ALONE.rule.value
('Not on meld alone', 'bid.pass')
>>> Tip.EXCHANGE in TABLE_TIPS
False
"""

from __future__ import annotations

from enum import Enum

from pinochle_tutor.course.quiz.vocabulary import QuizRule
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain.coaching import PlayPrinciple

__all__ = ["TABLE_TIPS", "InvalidTipError", "Tip"]


class InvalidTipError(PinochleError):
    """A tip named that is not one of :class:`Tip`'s ids (a problem file's ``tip``, a
    page's problem deal)."""


class Tip(Enum):
    """What a problem practises: a tip of the rules text's "Better decisions at the
    table", or the exchange."""

    COUNT_FIRST = "count_first"
    """Count what your hand can already score, then ask how it will capture the rest of
    the points the bid needs."""
    MELD_ALONE = "meld_alone"
    """Avoid bidding on meld alone: weak trump and few aces can leave the side short of
    counters."""
    EXPOSED_CARDS = "exposed_cards"
    """Remember the exposed cards: meld tells where cards are."""
    FEED_PARTNER = "feed_partner"
    """Feed your partner points when it is safe."""
    BOTH_COPIES = "both_copies"
    """Track both copies: seeing one ace played does not mean the other is gone."""
    POINTS_NOT_TRICKS = "points_not_tricks"
    """Distinguish winning tricks from winning points: capturing counters is what matters."""
    EXCHANGE = "exchange"
    """The exchange: what the partner passes and the declarer returns."""

    @property
    def title(self) -> str:
        """The tip as a page title says it."""
        return _TITLES[self]

    @property
    def seed_text(self) -> str:
        """The tip in the rules text's own words (the exchange: lesson 3's advice)."""
        return _SEED_TEXT[self]

    @property
    def rule(self) -> QuizRule:
        """The rule case a learner's answer is kept under (what the review brings back)."""
        return _RULE[self]

    @property
    def principle(self) -> PlayPrinciple | None:
        """The coach's play principle for a card-play tip (``None`` for the others)."""
        return _PRINCIPLE.get(self)

    @classmethod
    def parse(cls, value: Tip | str) -> Tip:
        """A tip from itself or its name; raises :class:`InvalidTipError` quoting ``value``."""
        if isinstance(value, Tip):
            return value
        try:
            return cls(str(value).strip().lower())
        except ValueError:
            names = ", ".join(t.value for t in cls)
            raise InvalidTipError(f"tip={value!r:.40} is not a tip: use one of {names}") from None


_TITLES = {
    Tip.COUNT_FIRST: "Count first",
    Tip.MELD_ALONE: "Not on meld alone",
    Tip.EXPOSED_CARDS: "Remember the exposed cards",
    Tip.FEED_PARTNER: "Feed your partner",
    Tip.BOTH_COPIES: "Track both copies",
    Tip.POINTS_NOT_TRICKS: "Points, not tricks",
    Tip.EXCHANGE: "The exchange",
}
_SEED_TEXT = {
    Tip.COUNT_FIRST: "Count what your hand can already score, then ask how it will capture "
    "the remaining points your bid requires.",
    Tip.MELD_ALONE: "Avoid bidding on meld alone. A large meld total helps, but weak trump "
    "and few aces can leave your team struggling to win counters.",
    Tip.EXPOSED_CARDS: "Remember the exposed cards. Meld gives you useful information.",
    Tip.FEED_PARTNER: "Feed your partner points when it is safe. If your partner's trick is "
    "secure and your legal choices allow it, contribute a counter instead of a worthless card.",
    Tip.BOTH_COPIES: "Track both copies. Seeing one ace played does not mean the other has "
    "disappeared. Duplicate cards change which leads are safe.",
    Tip.POINTS_NOT_TRICKS: "Distinguish winning tricks from winning points. A trick full of "
    "queens and jacks scores nothing unless it is the last trick. Capturing counters is what "
    "matters.",
    Tip.EXCHANGE: "As the partner, pass trump and aces and cards that may complete the "
    "declarer's meld; as the declarer, keep your meld and your trumps.",
}
_RULE = {
    Tip.COUNT_FIRST: QuizRule.BID_OPEN,
    Tip.MELD_ALONE: QuizRule.BID_PASS,
    Tip.EXPOSED_CARDS: QuizRule.PLAY_REMEMBER_EXPOSED_MELD,
    Tip.FEED_PARTNER: QuizRule.PLAY_FEED_PARTNER,
    Tip.BOTH_COPIES: QuizRule.PLAY_TRACK_BOTH_COPIES,
    Tip.POINTS_NOT_TRICKS: QuizRule.PLAY_SAVE_COUNTER,
    Tip.EXCHANGE: QuizRule.PASS_KEEP_MELD,
}
_PRINCIPLE = {
    Tip.EXPOSED_CARDS: PlayPrinciple.REMEMBER_EXPOSED_MELD,
    Tip.FEED_PARTNER: PlayPrinciple.FEED_PARTNER,
    Tip.BOTH_COPIES: PlayPrinciple.TRACK_BOTH_COPIES,
    Tip.POINTS_NOT_TRICKS: PlayPrinciple.POINTS_NOT_TRICKS,
}


TABLE_TIPS: tuple[Tip, ...] = tuple(t for t in Tip if t is not Tip.EXCHANGE)
"""The six tips of the rules text's "Better decisions at the table", in its order:
the guided hand's."""
