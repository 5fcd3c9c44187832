"""Card-play questions: "Which card would you play?", graded by the coach.

The position comes from a seeded deal played by the heuristic players through the
auction, the exchange and a number of cards (:func:`play_position`); the coach
accepts every card within its error of the best (:func:`play_verdict`).

A question asks about the rules of thumb of its rule cases (:func:`asked_principles`:
those that apply in the position and that the coach's own card follows). A card the
coach accepts is right when it follows them too; one that breaks one of them is
*playable* (:attr:`~pinochle_tutor.course.quiz.marking.Mark.playable`): the learner is
told it scores as well by the numbers, but that it breaks the rule of thumb, and it is
kept as a miss of that rule case. An answer within the evaluation's error (a few trick
points over :data:`PLAY_SAMPLES` deals) would otherwise pass whatever it does to the
principle the question teaches.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from pinochle_tutor.bots.heuristic import HeuristicPlayer
from pinochle_tutor.cards import (
    Card,
    cards_text,
    parse_cards,
)
from pinochle_tutor.coach.play import PlayEvaluation, advise_play, evaluate_play
from pinochle_tutor.coach.play_principles import PrincipleFit, principle_fits
from pinochle_tutor.course.quiz.entries import (
    as_int,
    blame,
    required,
)
from pinochle_tutor.course.quiz.items import (
    QuizItem,
)
from pinochle_tutor.course.quiz.kind import AnswerInput, QuizKindSpec, Screen
from pinochle_tutor.course.quiz.marking import (
    InvalidAnswerError,
    Mark,
    clean_answer,
)
from pinochle_tutor.course.quiz.vocabulary import (
    QuizKind,
    QuizRule,
)
from pinochle_tutor.errors import PinochleError
from pinochle_tutor.explain import PlayPrinciple, explain_play
from pinochle_tutor.explain.coaching import PlayAdvice, PlayJudgement, points
from pinochle_tutor.game import Hand
from pinochle_tutor.rules import (
    RuleSet,
)
from pinochle_tutor.view import Phase, PlayerView, Role, seat_name
from pinochle_tutor.words import listed

__all__ = [
    "PLAY_SAMPLES",
    "PLAY_SEED",
    "PRINCIPLE_RULES",
    "SPEC",
    "InvalidPlayPositionError",
    "PlayQuiz",
    "PlayQuizKind",
    "PlayVerdict",
    "asked_principles",
    "broken_principles",
    "parse_play_answer",
    "play_position",
    "play_prompt",
    "play_verdict",
    "play_view",
    "position_words",
]


@dataclass(frozen=True, kw_only=True)
class PlayQuiz(QuizItem):
    """Which card would you play? The position comes from a seeded deal
    (``deal_seed``, ``dealer``) played by the heuristic players through the auction,
    the exchange and ``cards_played`` cards of trick play; the learner is the seat to
    play next. The coach grades the answer (:mod:`.play`)."""

    deal_seed: int
    dealer: int = 0
    cards_played: int = 0
    """Cards played in trick play before the question (0: the declarer's first lead)."""

    kind = QuizKind.PLAY

    @property
    def prompt(self) -> str:
        """The question in words (built from the position; see :mod:`.play`)."""
        return f"{self._rules_prefix}{play_prompt(self)}"


def parse_play_answer(text: str) -> Card:
    """Read one card: ``'A♠'``, ``'AS'``, ``'10 of spades'`` is not read (write ``'10S'``).

    Raises :class:`InvalidAnswerError` saying how to write it."""
    clean_answer(text)
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


def _loss_words(loss: float, basis: str) -> str:
    """A loss in expected trick points, within the evaluation's error, in words."""
    n = points(loss)
    fewer = (
        "just as many expected trick points" if n == "0.0" else f"{n} fewer expected trick points"
    )
    return f"{fewer} {basis}, a difference within the evaluation's error"


def _mark_play_choice(item: PlayQuiz, text: str, card: Card) -> Mark:
    v = play_verdict(item)
    view = play_view(item)
    correct = SPEC.answer_text(item)
    if card not in view.hand:
        explanation = f"You do not hold {card.text}: play a card from your hand. {v.advice.text}"
        return Mark(
            item.id, item.kind, text, False, correct, explanation, SPEC.rules_for(item), detail=v
        )
    if card not in view.legal:
        assert view.trump is not None
        e = explain_play(view.hand, view.trick, view.trump, card, item.rule_set)
        explanation = f"{card.text} may not be played: {e.text} {v.advice.text}"
        return Mark(
            item.id, item.kind, text, False, correct, explanation, SPEC.rules_for(item), detail=v
        )
    a = v.advice
    if card not in v.accepted:
        judged = PlayJudgement(v.trick_number, card, a)
        parts = [judged.text, a.numbers_line(besides=card), a.overruled_line()]
        return Mark(item.id, item.kind, text, False, correct, " ".join(p for p in parts if p),
                    SPEC.rules_for(item), detail=v)  # fmt: skip
    loss = v.evaluation.loss(card) or 0.0
    broken = broken_principles(item, card)
    if broken:
        # Playable: as good by the numbers, but not the rules of thumb asked about.
        names = listed([f"'{f.principle.label}'" for f in broken])
        why = [
            f.principle.reason(
                a.card, tuple(c for c in f.evidence if c.suit is card.suit) or f.evidence
            )
            for f in broken
        ]
        explanation = " ".join([
            f"By the numbers {card.text} is as good as {a.card.text}: "
            f"{_loss_words(loss, a.basis)}. But {card.text} breaks {names}, the "
            f"rule{'s' if len(broken) > 1 else ''} of thumb this question asks about.",
            *why,
        ])  # fmt: skip
        return Mark(item.id, item.kind, text, False, correct, explanation,
                    tuple(PRINCIPLE_RULES[f.principle] for f in broken), detail=v,
                    breaks=tuple(f.principle.label for f in broken))  # fmt: skip
    if card is a.card:
        head = "The coach's card too."
    else:
        kept = listed([f"'{f.principle.label}'" for f in asked_principles(item)])
        like = f" Like {a.card.text}, it follows {kept}." if kept else ""
        head = f"As good as {a.card.text} within the coach's error ({_loss_words(loss, a.basis)}).{like}"
    parts = [head, a.reason, a.numbers_line(besides=card), a.overruled_line()]
    return Mark(item.id, item.kind, text, True, correct, " ".join(p for p in parts if p),
                SPEC.rules_for(item), detail=v)  # fmt: skip


PRINCIPLE_RULES = {
    PlayPrinciple.FEED_PARTNER: QuizRule.PLAY_FEED_PARTNER,
    PlayPrinciple.SAVE_COUNTER: QuizRule.PLAY_SAVE_COUNTER,
    PlayPrinciple.CHEAPEST_WINNER: QuizRule.PLAY_CHEAPEST_WINNER,
    # POINTS_NOT_TRICKS is left out: rule 2 (beat the winning card if you can) leaves a
    # choice between a winner and a loser only after a void, so dealt hands almost never
    # show it (no bank item or generated question could be found for it).
    PlayPrinciple.TRACK_BOTH_COPIES: QuizRule.PLAY_TRACK_BOTH_COPIES,
    PlayPrinciple.CASH_SURE_WINNER: QuizRule.PLAY_CASH_SURE_WINNER,
    PlayPrinciple.DRAW_TRUMP: QuizRule.PLAY_DRAW_TRUMP,
    PlayPrinciple.LEAD_TO_PARTNER_VOID: QuizRule.PLAY_LEAD_TO_PARTNER_VOID,
    PlayPrinciple.FORCE_DECLARER: QuizRule.PLAY_FORCE_DECLARER,
    PlayPrinciple.REMEMBER_EXPOSED_MELD: QuizRule.PLAY_REMEMBER_EXPOSED_MELD,
    PlayPrinciple.KEEP_GUARD: QuizRule.PLAY_KEEP_GUARD,
}
"""The rule case of each play principle the position can suggest."""


def _play_rules(item: PlayQuiz) -> set[QuizRule]:
    """The principles that apply in the position (read from what the seat knows, no
    evaluation); ``play.numbers`` when none does."""
    fits = principle_fits(play_view(item))
    out = {PRINCIPLE_RULES[f.principle] for f in fits if f.principle in PRINCIPLE_RULES}
    return out or {QuizRule.PLAY_NUMBERS}


def _play_entry(data: Mapping[str, Any], common: dict[str, Any], rs: RuleSet) -> PlayQuiz:
    seed = as_int("deal_seed", required(data, "deal_seed"), 0, 2**32 - 1)
    dealer = as_int("dealer", data.get("dealer", 0), 0, rs.players - 1)
    played = as_int("cards_played", data.get("cards_played", 0), 0, rs.players * rs.hand_size - 1)
    with blame("cards_played"):
        play_position(seed, dealer, played, rs)
    return PlayQuiz(deal_seed=seed, dealer=dealer, cards_played=played, **common)


def _build_play(rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> PlayQuiz:
    """A seeded deal and a moment of its trick play: early tricks at level 1, the
    middle at level 2, the last tricks (the coach solves them exactly) at level 3. The
    deal is played once by the heuristic players; of its decisions in that range with
    a real choice, the first where the aimed principle applies is kept (else one at
    random), so one dealt hand gives many candidate positions."""
    n = rules.players * rules.hand_size
    lo, hi = {1: (0, n // 4), 2: (n // 4, n * 2 // 3), 3: (n * 2 // 3, n - 2)}[level]
    seed, dealer = rng.randrange(2**31), rng.randrange(rules.players)
    h = Hand(dealer, rules, seed=seed)
    bot = HeuristicPlayer()
    choices: list[int] = []
    outside: int | None = None  # the aimed principle outside the level's range, kept as a fallback
    while h.phase is not Phase.DONE:
        played = sum(len(t.cards) for t in h.tricks) + len(h.trick)
        if h.phase is Phase.PLAY and len(set(h.legal_plays())) > 1:
            seat = h.to_act
            assert seat is not None
            fits = {PRINCIPLE_RULES.get(f.principle) for f in principle_fits(h.view(seat))}
            aimed = target in fits or (target is QuizRule.PLAY_NUMBERS and fits <= {None})
            if lo <= played <= hi:
                choices.append(played)
                if aimed:
                    break
            elif aimed and outside is None:
                outside = played
        h.act(bot)
    else:
        fallback = rng.choice(choices) if choices else lo
        played = outside if outside is not None else fallback
    return PlayQuiz(
        id="", deal_seed=seed, dealer=dealer, cards_played=played, level=level, rule_set=rules
    )


def asked_principles(item: PlayQuiz) -> tuple[PrincipleFit, ...]:
    """The rules of thumb ``item`` asks about: the principles of its rule cases
    (:data:`PRINCIPLE_RULES`) that apply in the position and that the coach's own card
    follows. A principle the coach's numbers overrule here (its best card breaks it) is
    not asked: the coach's card is always a right answer."""
    best = play_verdict(item).advice.card
    asked = set(SPEC.rules_for(item))
    return tuple(
        f
        for f in principle_fits(play_view(item))
        if PRINCIPLE_RULES.get(f.principle) in asked and best in f.cards
    )


def broken_principles(item: PlayQuiz, card: Card) -> tuple[PrincipleFit, ...]:
    """The rules of thumb ``item`` asks about (:func:`asked_principles`) that playing
    ``card`` breaks, in the order they are tried."""
    return tuple(f for f in asked_principles(item) if card not in f.cards)


PLAY_SAMPLES = 96
"""Imagined deals behind every "which card?" answer (fixed, so marks never change)."""


PLAY_SEED = 20261201
"""The coach's seed for "which card?" answers (fixed, so marks never change)."""


class InvalidPlayPositionError(PinochleError):
    """A seeded deal that gives no card-play question: the hand ended (a concession,
    or fewer cards left than asked), or the seat to play has one card to choose."""


@functools.lru_cache(maxsize=256)
def play_position(deal_seed: int, dealer: int, cards_played: int, rules: RuleSet) -> Hand:
    """The hand of a seeded deal, played by the heuristic players until
    ``cards_played`` cards of trick play are on (cached; do not change the result).

    Raises :class:`InvalidPlayPositionError` quoting the numbers when the hand never
    reaches that point, or the seat to play has no choice there."""
    h = Hand(dealer, rules, seed=deal_seed)
    bot = HeuristicPlayer()
    while h.phase is not Phase.DONE:
        if (
            h.phase is Phase.PLAY
            and sum(len(t.cards) for t in h.tricks) + len(h.trick) >= cards_played
        ):
            break
        h.act(bot)
    if h.phase is not Phase.PLAY:
        raise InvalidPlayPositionError(
            f"deal_seed={deal_seed}, cards_played={cards_played}: the hand ends before that "
            f"card (a hand has {rules.players * rules.hand_size} cards of trick play, and the "
            "declarer may concede)"
        )
    if len(set(h.legal_plays())) < 2:
        raise InvalidPlayPositionError(
            f"deal_seed={deal_seed}, cards_played={cards_played}: the seat to play has only one "
            "card it may play, so there is nothing to choose"
        )
    return h


def play_view(item: PlayQuiz) -> PlayerView:
    """What the learner (the seat to play) sees in ``item``'s position."""
    h = play_position(item.deal_seed, item.dealer, item.cards_played, item.rule_set)
    seat = h.to_act
    assert seat is not None
    return h.view(seat)


def _who(seat: int, me: int, rules: RuleSet) -> str:
    name = seat_name(seat, me, rules)
    return "you" if name == "You" else ("your partner" if name == "Partner" else name.lower())


def play_prompt(item: PlayQuiz) -> str:
    """The position in words (:func:`position_words`), then the question."""
    return " ".join([*position_words(play_view(item)), "Which card would you play?"])


def position_words(v: PlayerView) -> list[str]:
    """A position of trick play as the seat ``v`` sees it, in sentences: trump and
    contract, the meld shown, the earlier tricks card by card, the trick so far and the
    seat's hand. Every question asked on a moment of play says its position so."""
    rules = v.rules
    me = v.seat
    assert v.trump is not None and v.declarer is not None
    who = _who(v.declarer, me, rules)
    parts = [f"{v.trump.plural.capitalize()} are trump; {who} won the auction at {v.contract}."]
    if v.melds:
        shown = [
            f"{_who(s, me, rules)} {m.total} ({cards_text(m.shown_cards)})"
            for s, m in enumerate(v.melds)
            if m.total and s != me
        ]
        if shown:
            parts.append("Meld shown: " + "; ".join(shown) + ".")
    for n, t in enumerate(v.tricks, 1):
        played = ", ".join(
            f"{_who(s, me, rules)} {c.text}" for s, c in zip(t.seats, t.cards, strict=True)
        )
        parts.append(f"Trick {n}: {played}; {_who(t.winner, me, rules)} won it.")
    if v.trick:
        so_far = ", ".join(
            f"{_who(s, me, rules)} {c.text}" for s, c in zip(v.trick_seats, v.trick, strict=True)
        )
        parts.append(f"This trick so far: {so_far}.")
    else:
        parts.append("You lead this trick.")
    parts.append(f"Your hand: {cards_text(v.hand)}.")
    return parts


@dataclass(frozen=True)
class PlayVerdict:
    """The coach's verdict on a position: the evaluation, the advice and the cards
    accepted (legal, and not a clear mistake)."""

    evaluation: PlayEvaluation
    advice: PlayAdvice
    accepted: tuple[Card, ...]
    """Best first, then by loss."""
    trick_number: int


@functools.lru_cache(maxsize=256)
def _verdict(deal_seed: int, dealer: int, cards_played: int, rules: RuleSet) -> PlayVerdict:
    h = play_position(deal_seed, dealer, cards_played, rules)
    seat = h.to_act
    assert seat is not None
    view = h.view(seat)
    ev = evaluate_play(view, samples=PLAY_SAMPLES, seed=PLAY_SEED)
    advice = advise_play(view, ev)
    accepted = tuple(a.card for a in ev.alternatives if not ev.is_clear_mistake(a.card))
    return PlayVerdict(ev, advice, accepted, len(h.tricks) + 1)


def play_verdict(item: PlayQuiz) -> PlayVerdict:
    """The coach's verdict on ``item`` (fixed seed and samples; cached per position)."""
    return _verdict(item.deal_seed, item.dealer, item.cards_played, item.rule_set)


class PlayQuizKind(QuizKindSpec[PlayQuiz, tuple[Card]]):
    """Card-play questions: which card would you play? (graded by the coach)"""

    kind = QuizKind.PLAY
    slow_to_make = True  # each question: the coach judges every legal card (about 0.2 s)
    item_type = PlayQuiz
    entry_fields = frozenset({"deal_seed", "dealer", "cards_played"})
    pools: ClassVar[dict[int, tuple[QuizRule, ...]]] = {
        1: (
            QuizRule.PLAY_CASH_SURE_WINNER, QuizRule.PLAY_CHEAPEST_WINNER, QuizRule.PLAY_SAVE_COUNTER,
            QuizRule.PLAY_FEED_PARTNER, QuizRule.PLAY_NUMBERS,
        ),
        2: (
            QuizRule.PLAY_DRAW_TRUMP, QuizRule.PLAY_KEEP_GUARD,
            QuizRule.PLAY_CHEAPEST_WINNER, QuizRule.PLAY_FEED_PARTNER,
        ),
        3: (
            QuizRule.PLAY_TRACK_BOTH_COPIES, QuizRule.PLAY_REMEMBER_EXPOSED_MELD,
            QuizRule.PLAY_LEAD_TO_PARTNER_VOID, QuizRule.PLAY_KEEP_GUARD,
            QuizRule.PLAY_CHEAPEST_WINNER, QuizRule.PLAY_CASH_SURE_WINNER, QuizRule.PLAY_NUMBERS,
        ),
    }  # fmt: skip
    hint_head = (
        "Ask who is winning the trick, who still plays after you, and which cards are still out."
    )
    attempts = 60
    checked_at_load = True

    def hint_cases(self, item: PlayQuiz) -> list[QuizRule]:
        """The rules of thumb the question asks about (:func:`asked_principles`), never
        one the coach's numbers overrule in this position: a hint stating it led to a
        card marked wrong with "The rule of thumb 'track every copy' would play Q♠, but
        it takes 9.6 fewer trick points here". When none is asked, that the numbers
        decide."""
        asked = [PRINCIPLE_RULES[f.principle] for f in asked_principles(item)]
        return asked or [QuizRule.PLAY_NUMBERS]

    def parse(self, item: PlayQuiz, text: str) -> tuple[Card]:
        return (parse_play_answer(text),)

    def mark(self, item: PlayQuiz, text: str, answer: tuple[Card]) -> Mark:
        return _mark_play_choice(item, text, answer[0])

    def answer(self, item: PlayQuiz) -> tuple[Card, ...]:
        """The right cards: accepted by the coach, and breaking no rule of thumb the
        question asks about (the coach's card first)."""
        return tuple(c for c in play_verdict(item).accepted if not broken_principles(item, c))

    def answer_text(self, item: PlayQuiz) -> str:
        v = play_verdict(item)
        others = [c.text for c in self.answer(item) if c is not v.advice.card]
        also = f" (as good: {', '.join(others)})" if others else ""
        return f"{v.advice.card.text}{also}"

    def rule_cases(self, item: PlayQuiz) -> set[QuizRule]:
        return _play_rules(item)

    def seat_role(self, item: PlayQuiz) -> Role | None:
        return play_view(item).role

    def from_entry(
        self, data: Mapping[str, Any], common: dict[str, Any], rules: RuleSet
    ) -> PlayQuiz:
        return _play_entry(data, common, rules)

    def to_entry(self, item: PlayQuiz) -> dict[str, Any]:
        return {
            "deal_seed": item.deal_seed,
            "dealer": item.dealer,
            "cards_played": item.cards_played,
        }

    def build(self, rng: random.Random, level: int, target: QuizRule, rules: RuleSet) -> PlayQuiz:
        return _build_play(rng, level, target, rules)

    def screen(self, item: PlayQuiz) -> Screen:
        view = play_view(item)
        return Screen(
            AnswerInput.PICK_ONE, "Click the card you would play, then press Submit.",
            trick=view.trick, pick_from=view.hand,
        )  # fmt: skip


SPEC = PlayQuizKind()
"""The play kind, registered in :data:`~pinochle_tutor.course.quiz.kinds.KINDS`."""
