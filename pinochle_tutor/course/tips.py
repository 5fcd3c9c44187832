"""The tips of the rules text's "Better decisions at the table", the exchange, the
partner's call, the declarer's plan and defence: one :class:`Tip` for the whole course,
its words (title, the rules text's sentences) read from ``text/tips.toml`` so a teacher
changes them in a text file. The guided hand of lesson 7
(:func:`~pinochle_tutor.course.worked.guided_hand`) tells the six table tips
(:data:`TABLE_TIPS`) where they come up; the problem deals
(:mod:`~pinochle_tutor.course.problems`) practise each tip, the exchange, the partner's
call, the declarer's plan and defence, keeping the tip's id (``meld_alone``) in their
files.

>>> Tip.parse("meld_alone").title, Tip.MELD_ALONE.rule.value
('Not on meld alone', 'bid.pass')
>>> Tip.EXCHANGE in TABLE_TIPS, Tip.PARTNER_CALL in TABLE_TIPS, Tip.DECLARER_PLAN in TABLE_TIPS
(False, False, False)
>>> len(TABLE_TIPS), Tip.DECLARER_PLAN.rule.value, Tip.DECLARER_PLAN.principle.value
(6, 'play.draw_trump', 'draw trump')
>>> Tip.DEFENCE in TABLE_TIPS, Tip.DEFENCE.rule.value, Tip.DEFENCE.principle.value
(False, 'play.lead_to_partner_void', "lead to partner's void")
"""

from __future__ import annotations

from enum import Enum
from functools import cache

from pinochle_tutor.course.content import OutlineError, read_toml, text_file
from pinochle_tutor.course.quiz.vocabulary import QuizRule
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain.coaching import PlayPrinciple

__all__ = ["TABLE_TIPS", "TIPS_FILE", "InvalidTipError", "Tip", "read_tips"]

TIPS_FILE = "tips.toml"
"""The tips' words, in the package's ``text`` folder."""


class InvalidTipError(PinochleError):
    """A tip named that is not one of :class:`Tip`'s ids (a problem file's ``tip``, a
    page's problem deal)."""


class Tip(Enum):
    """What a problem practises: a tip of the rules text's "Better decisions at the
    table", the exchange, the partner's call, the declarer's plan, or defence."""

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
    PARTNER_CALL = "partner_call"
    """Your partner's call, at a partnership table: your side's count (both hands' meld,
    the cards passed, the trick points the two of you take) against the bid, read with
    what the partner's bid or pass shows by common practice, and what passing gives
    (the contract left with your side, or, once the partner has passed, given to the
    opponents). Not a tip of the rules text: the lesson's advice."""
    DECLARER_PLAN = "declarer_plan"
    """The declarer's plan, for the declaring side on lead: count what the tricks must
    still bring (the contract less the side's meld), draw trump when the opponents'
    trumps could trump the side's winners, cash sure winners before an opponent runs out
    of their suit, keep a winner for the last trick. Not a tip of the rules text: this
    site's practice (the coach's numbers)."""
    DEFENCE = "defence"
    """Defence, for the side that did not win the auction, on lead: count what sets the
    contract (the declarer's side needs its contract less its meld in trick points),
    lead to the partner's void, force the declarer to trump, cash sure winners before
    the declarer draws trump, keep a guard beside a ten, save the side's own meld. Not a
    tip of the rules text: this site's practice (the coach's numbers)."""

    @property
    def title(self) -> str:
        """The tip as a page title says it."""
        return _tip_words()[self.value]["title"]

    @property
    def seed_text(self) -> str:
        """The tip in the rules text's own words (the exchange: lesson 3's advice; the
        partner's call: lesson 13's, labelled common practice; the declarer's plan: the
        strategy lesson's, labelled this site's practice; defence: likewise)."""
        return _tip_words()[self.value]["seed_text"]

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


_TIP_KEYS = ("title", "seed_text")


def read_tips(text: str) -> dict[str, dict[str, str]]:
    """Each tip's words by id, from ``text`` (the TOML of ``tips.toml``): a table per
    :class:`Tip` with exactly :data:`_TIP_KEYS`; raises
    :class:`~pinochle_tutor.course.content.OutlineError` quoting an unknown or missing
    tip or key.

    >>> read_tips('[meld_alone]\\ntitle = "A"\\nseed_txt = "B"')
    Traceback (most recent call last):
    ...
    pinochle_tutor.course.content.OutlineError: tips.toml: [meld_alone]: 'seed_txt' is not ...
    """
    data = read_toml(TIPS_FILE, text)
    ids = [t.value for t in Tip]
    for tip, words in data.items():
        if tip not in ids:
            raise OutlineError(f"{TIPS_FILE}: [{tip}] is not a tip: use one of {', '.join(ids)}")
        if not isinstance(words, dict):
            raise OutlineError(f"{TIPS_FILE}: {tip} = {words!r:.80}: give a table of its words")
        for key, value in words.items():
            if key not in _TIP_KEYS:
                raise OutlineError(
                    f"{TIPS_FILE}: [{tip}]: {key!r} is not a field of a tip: use "
                    f"{', '.join(_TIP_KEYS)}"
                )
            if not isinstance(value, str):
                raise OutlineError(f"{TIPS_FILE}: [{tip}]: {key} = {value!r:.80}: give text")
        for key in _TIP_KEYS:
            if key not in words:
                raise OutlineError(f"{TIPS_FILE}: [{tip}] has no {key!r}")
    missing = [t for t in ids if t not in data]
    if missing:
        raise OutlineError(f"{TIPS_FILE} has no words for {', '.join(map(repr, missing))}")
    return data


@cache
def _tip_words() -> dict[str, dict[str, str]]:
    return read_tips(text_file(TIPS_FILE))


_RULE = {
    Tip.COUNT_FIRST: QuizRule.BID_OPEN,
    Tip.MELD_ALONE: QuizRule.BID_PASS,
    Tip.EXPOSED_CARDS: QuizRule.PLAY_REMEMBER_EXPOSED_MELD,
    Tip.FEED_PARTNER: QuizRule.PLAY_FEED_PARTNER,
    Tip.BOTH_COPIES: QuizRule.PLAY_TRACK_BOTH_COPIES,
    Tip.POINTS_NOT_TRICKS: QuizRule.PLAY_SAVE_COUNTER,
    Tip.EXCHANGE: QuizRule.PASS_KEEP_MELD,
    # A partner's-call problem is kept under the situation its auction leaves the learner
    # in (Problem.rule: the partner passed, holds the bid, or was outbid); this case is
    # only the fallback for an auction that leaves none of them.
    Tip.PARTNER_CALL: QuizRule.BID_PARTNER_OVER,
    Tip.DECLARER_PLAN: QuizRule.PLAY_DRAW_TRUMP,
    # Defence's usual answer is a lead to a void (the partner's, or the declarer's to
    # force a trump); the case closest to it is the lead to the partner's void.
    Tip.DEFENCE: QuizRule.PLAY_LEAD_TO_PARTNER_VOID,
}
_PRINCIPLE = {
    Tip.EXPOSED_CARDS: PlayPrinciple.REMEMBER_EXPOSED_MELD,
    Tip.FEED_PARTNER: PlayPrinciple.FEED_PARTNER,
    Tip.BOTH_COPIES: PlayPrinciple.TRACK_BOTH_COPIES,
    Tip.POINTS_NOT_TRICKS: PlayPrinciple.POINTS_NOT_TRICKS,
    Tip.DECLARER_PLAN: PlayPrinciple.DRAW_TRUMP,
    Tip.DEFENCE: PlayPrinciple.LEAD_TO_PARTNER_VOID,
}


TABLE_TIPS: tuple[Tip, ...] = tuple(
    t for t in Tip if t not in (Tip.EXCHANGE, Tip.PARTNER_CALL, Tip.DECLARER_PLAN, Tip.DEFENCE)
)
"""The six tips of the rules text's "Better decisions at the table", in its order:
the guided hand's (the exchange, the partner's call, the declarer's plan and defence
are the lessons' advice, not the rules text's tips)."""
