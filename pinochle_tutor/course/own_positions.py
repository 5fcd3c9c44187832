"""The learner's own positions, kept from the hands they play and asked again in the
review ("Find a better play", from their seat, with the cards as they were).

After a hand played to the end at a table, :func:`keep_mistakes` takes each card the
hand's review (:func:`pinochle_tutor.coach.review`) calls a mistake, a verdict given on
:func:`~pinochle_tutor.coach.play.evaluate_kept_play`'s deals seeded by the position
itself (:func:`~pinochle_tutor.coach.play.kept_seed`, never the game's seed): the card
is kept when the lower bound of its loss is above
:data:`~pinochle_tutor.coach.play.PLAY_KEEP_MARGIN` counters
(:func:`~pinochle_tutor.coach.play.is_kept_mistake`). The review asks it again
(:func:`own_question`) and marks an answer with the same verdict
(:func:`mark_own`, :func:`~pinochle_tutor.coach.play.judge_kept_play`): right when the
coach does not call the card a mistake (its loss is within twice its error or under the
review's margin), so the coach's own card is always right and the card first played
never is (``PLAY_KEEP_MARGIN`` is at least the review's margin). How a kept position is stored and scheduled
is :mod:`pinochle_tutor.classroom.own_positions`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from pinochle_tutor.cards import Card, CardLike, parse_card
from pinochle_tutor.classroom.attempts import Attempt
from pinochle_tutor.classroom.house_rules import rules_answered_in
from pinochle_tutor.classroom.own_positions import (
    InvalidKeptPositionError,
    KeptPosition,
    kept_positions,
    rules_digest,
)
from pinochle_tutor.coach.play import is_kept_mistake, judge_kept_play, play_decisions
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain import HandReview
from pinochle_tutor.explain.coaching import PlayJudgement, PlayPrinciple
from pinochle_tutor.game import Hand
from pinochle_tutor.position import parse_position, position_text
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.view import PlayerView

__all__ = [
    "OWN_MOST",
    "OwnQuestion",
    "askable",
    "keep_mistakes",
    "mark_own",
    "mistake_words",
    "own_question",
    "own_questions",
]


OWN_MOST = 10
"""The most of the learner's own positions one visit of the Review page asks (the
longest due first; the rest wait for the next visit): as many as a round of rule
cases (``pinochle_tutor.course.mastery.REVIEW_MOST``)."""


def keep_mistakes(hand: Hand, seat: int, review: HandReview) -> list[KeptPosition]:
    """The positions of the finished ``hand`` to keep for ``seat``'s review: each card
    ``review`` calls a mistake (:attr:`~pinochle_tutor.explain.coaching.PlayJudgement.is_mistake`,
    judged on the position's own deals: ``pinochle_tutor.coach.table.review``) whose loss
    is clear even at its lower bound (:func:`~pinochle_tutor.coach.play.is_kept_mistake`);
    in trick order. Each keeps the coach's reason for its own card as the mistake's kind."""
    mistakes = {
        j.trick_number: j
        for j in review.judgements or ()
        if j.is_mistake and is_kept_mistake(j.chosen_value, hand.rules)
    }
    kept: list[KeptPosition] = []
    if not mistakes:
        return kept
    digest = rules_digest(hand.rules)
    for trick_number, view, card in play_decisions(hand, seat):
        j = mistakes.get(trick_number)
        if j is None or j.played is not card:
            continue
        kept.append(
            KeptPosition(position_text(view), card.text, trick_number, j.advice.principle.name, digest)
        )
    return kept


@dataclass(frozen=True)
class OwnQuestion:
    """One of the learner's own positions, to be asked again."""

    key: str
    """Its rule case on the review ladder (``'own:...'``)."""
    kept: KeptPosition
    rules: RuleSet
    """The rules the hand was played under."""
    view: PlayerView
    """The learner's seat's view then (their hand, the tricks, the cards shown)."""

    @property
    def played(self) -> Card:
        """The card the learner played there."""
        return parse_card(self.kept.played)


def own_question(key: str, attempt: Attempt, kept: KeptPosition, in_force: RuleSet | None = None) -> OwnQuestion:
    """The question of the position ``kept`` (kept by ``attempt`` under its rule set,
    ``in_force`` the site's rules); raises :class:`InvalidKeptPositionError` quoting a
    position played under rules this site no longer plays (a name it does not serve, or
    house rules changed since), one that cannot be read back under those rules, or whose
    trick or card played is not the view's."""
    rules = rules_answered_in(attempt.rule_set, in_force)
    if rules_digest(rules) != kept.rules:
        raise InvalidKeptPositionError(
            f"the position {key!r} was played under rules this site no longer plays"
        )
    try:
        view = parse_position(kept.view, rules)
        played = parse_card(kept.played)
    except PinochleError as e:
        raise InvalidKeptPositionError(f"the position {key!r} cannot be read: {e}") from None
    if played not in view.legal:
        raise InvalidKeptPositionError(
            f"the position {key!r} says {kept.played!r} was played, which is no legal card there"
        )
    if kept.trick != len(view.tricks) + 1:
        raise InvalidKeptPositionError(
            f"the position {key!r} says trick {kept.trick}, but {len(view.tricks)} were played"
        )
    return OwnQuestion(key, kept, rules, view)


def askable(attempts: Iterable[Attempt], in_force: RuleSet | None = None) -> set[str]:
    """The keys of the learner's own positions the site can ask (:func:`own_question`
    makes their question): a position played under rules the site no longer plays, or
    that cannot be read, is never due (nothing could clear it)."""
    keys: set[str] = set()
    for key, (attempt, position) in kept_positions(attempts).items():
        try:
            own_question(key, attempt, position, in_force)
        except InvalidKeptPositionError:
            continue
        keys.add(key)
    return keys


def own_questions(
    attempts: Iterable[Attempt], due: Iterable[str], in_force: RuleSet | None = None
) -> tuple[list[OwnQuestion], list[str]]:
    """The questions of the learner's own positions among the rule cases ``due`` (in
    their order, at most :data:`OWN_MOST`), and a message for each due position that
    cannot be asked."""
    kept: Mapping[str, tuple[Attempt, KeptPosition]] = kept_positions(attempts)
    questions: list[OwnQuestion] = []
    problems: list[str] = []
    for key in due:
        if key not in kept or len(questions) >= OWN_MOST:
            continue
        attempt, position = kept[key]
        try:
            questions.append(own_question(key, attempt, position, in_force))
        except InvalidKeptPositionError as e:
            problems.append(str(e))
    return questions, problems


def mark_own(question: OwnQuestion, card: CardLike) -> PlayJudgement:
    """The coach's verdict on ``card`` at the question's position, on the evaluation the
    position was kept with (:func:`~pinochle_tutor.coach.play.evaluate_kept_play`, every
    legal card): right (:attr:`~pinochle_tutor.explain.coaching.PlayJudgement.is_mistake`
    false) unless the coach calls it a mistake. Raises
    :class:`~pinochle_tutor.cards.InvalidCardError` for a text that is no card and
    :class:`InvalidKeptPositionError` for a card that is not legal there."""
    chosen = parse_card(card)
    if chosen not in question.view.legal:
        raise InvalidKeptPositionError(
            f"{chosen.text} is not a legal card here: play one of "
            f"{' '.join(c.text for c in dict.fromkeys(question.view.legal))}"
        )
    return judge_kept_play(question.view, chosen, question.kept.trick)


def mistake_words(kind: str) -> str:
    """A mistake's kind (the name of a
    :class:`~pinochle_tutor.explain.coaching.PlayPrinciple`) in words, as the coach names
    the principle (``'win with the lowest card that wins'``); the kind itself if unknown."""
    if kind == PlayPrinciple.NUMBERS.name:  # no principle: the coach's numbers decided
        return "no rule of thumb: the expected trick points decide"
    try:
        return PlayPrinciple[kind].label
    except KeyError:
        return kind
