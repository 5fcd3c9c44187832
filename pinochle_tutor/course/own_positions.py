"""The learner's own positions, kept from the hands they play and asked again in the
review ("Find a better play", from their seat, with the cards as they were).

After a hand played to the end at a table, :func:`keep_mistakes` takes each card the
hand's review (:func:`pinochle_tutor.coach.review`) calls a mistake and judges its
position again on :func:`~pinochle_tutor.coach.play.evaluate_kept_play`'s deals, seeded
by the position itself (:func:`kept_seed`, never the game's seed): the card is kept when
the lower bound of its loss is above
:data:`~pinochle_tutor.coach.play.PLAY_KEEP_MARGIN` counters
(:func:`~pinochle_tutor.coach.play.is_kept_mistake`). The review asks it again
(:func:`own_question`) and marks an answer on the same evaluation
(:func:`mark_own`): right when the coach does not call the card a mistake (its loss is
within twice its error or under the review's margin), so the coach's own card is always
right and the card first played never is. How a kept position is stored and scheduled
is :mod:`pinochle_tutor.classroom.own_positions`.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from pinochle_tutor.cards import Card, CardLike, parse_card
from pinochle_tutor.classroom.attempts import Attempt
from pinochle_tutor.classroom.house_rules import rules_answered_in
from pinochle_tutor.classroom.own_positions import (
    InvalidKeptPositionError,
    KeptPosition,
    kept_positions,
)
from pinochle_tutor.coach.play import (
    advise_play,
    evaluate_kept_play,
    is_kept_mistake,
    play_decisions,
)
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain import HandReview
from pinochle_tutor.explain.coaching import PlayJudgement, PlayPrinciple
from pinochle_tutor.game import Hand
from pinochle_tutor.position import parse_position, position_text
from pinochle_tutor.rules import RuleSet
from pinochle_tutor.view import PlayerView

__all__ = [
    "OwnQuestion",
    "keep_mistakes",
    "kept_seed",
    "mark_own",
    "mistake_words",
    "own_question",
    "own_questions",
]


def kept_seed(view_text: str) -> int:
    """The seed of a kept position's imagined deals: from the position's text alone, so
    the position is judged the same when it is kept and each time it is asked."""
    return zlib.crc32(f"own:{view_text}".encode())


def keep_mistakes(hand: Hand, seat: int, review: HandReview) -> list[KeptPosition]:
    """The positions of the finished ``hand`` to keep for ``seat``'s review: each card
    ``review`` calls a mistake (:attr:`~pinochle_tutor.explain.coaching.PlayJudgement.is_mistake`)
    whose loss, judged again on the position's own deals, is clear even at its lower
    bound (:func:`~pinochle_tutor.coach.play.is_kept_mistake`); in trick order."""
    mistakes = {j.trick_number for j in review.judgements or () if j.is_mistake}
    kept: list[KeptPosition] = []
    if not mistakes:
        return kept
    for trick_number, view, card in play_decisions(hand, seat):
        if trick_number not in mistakes:
            continue
        text = position_text(view)
        ev = evaluate_kept_play(view, seed=kept_seed(text))
        value = ev.evaluation(card)
        if value is None or not is_kept_mistake(value, hand.rules):
            continue
        principle = advise_play(view, ev).principle
        kept.append(KeptPosition(text, card.text, trick_number, principle.name))
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

    @property
    def prompt(self) -> str:
        """The question in words."""
        return (
            f"From one of your own hands, trick {self.kept.trick}: you played "
            f"{self.played.text}, and the coach found a clearly better card. Find a better play."
        )


def own_question(key: str, attempt: Attempt, kept: KeptPosition, in_force: RuleSet | None = None) -> OwnQuestion:
    """The question of the position ``kept`` (kept by ``attempt`` under its rule set,
    ``in_force`` the site's rules); raises :class:`InvalidKeptPositionError` quoting a
    position that cannot be read back under those rules, or a card played that is no
    legal card of it."""
    rules = rules_answered_in(attempt.rule_set, in_force)
    try:
        view = parse_position(kept.view, rules)
        played = parse_card(kept.played)
    except PinochleError as e:
        raise InvalidKeptPositionError(f"the position {key!r} cannot be read: {e}") from None
    if played not in view.legal:
        raise InvalidKeptPositionError(
            f"the position {key!r} says {kept.played!r} was played, which is no legal card there"
        )
    return OwnQuestion(key, kept, rules, view)


def own_questions(
    attempts: Iterable[Attempt], due: Iterable[str], in_force: RuleSet | None = None
) -> tuple[list[OwnQuestion], list[str]]:
    """The questions of the learner's own positions among the rule cases ``due`` (in
    their order), and a message for each due position that cannot be asked."""
    kept: Mapping[str, tuple[Attempt, KeptPosition]] = kept_positions(attempts)
    questions: list[OwnQuestion] = []
    problems: list[str] = []
    for key in due:
        if key not in kept:
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
    ev = evaluate_kept_play(question.view, seed=kept_seed(question.kept.view))
    return PlayJudgement(question.kept.trick, chosen, advise_play(question.view, ev))


def mistake_words(kind: str) -> str:
    """A mistake's kind (the name of a
    :class:`~pinochle_tutor.explain.coaching.PlayPrinciple`) in words, as the coach names
    the principle (``'win with the lowest card that wins'``); the kind itself if unknown."""
    try:
        return PlayPrinciple[kind].label
    except KeyError:
        return kind
