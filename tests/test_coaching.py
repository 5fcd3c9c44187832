"""The coach's advice, hints, review and undo verdict.

Property tests over a few hundred random positions per variant: a stated principle is
true of the recommended card and the evaluation agrees (the card is its best); a
rule of thumb said to be overruled is one whose card the evaluation calls a clear
mistake; every number in the text is one of the evaluation's numbers. Scripted hands
with deliberate mistakes: the review flags them and says what it costs.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterable

import pytest

from pinochle_tutor import CLASSIC, DOUBLE_DECK, THREE_HANDED, Hand, Phase, RuleSet
from pinochle_tutor.bots import HeuristicPlayer
from pinochle_tutor.cards import Card, CardLike
from pinochle_tutor.coach.play import (
    PLAY_REVIEW_BUDGET,
    PLAY_REVIEW_MARGIN,
    PLAY_REVIEW_SAMPLES,
    PlayEvaluation,
    PlayEvaluator,
    advise_play,
    evaluate_play,
    judge_play,
    play_decisions,
)
from pinochle_tutor.coach.play_principles import principle_fits
from pinochle_tutor.course.table.session import GameSession
from pinochle_tutor.explain import HandReview, PlayAdvice, PlayJudgement, PlayPrinciple, review_hand
from pinochle_tutor.explain.coaching import points
from pinochle_tutor.players import RandomPlayer
from pinochle_tutor.view import PlayerView
from tests.coach_scripts import Mistake, mistaken_card, play_with_mistakes

VARIANTS = [CLASSIC, DOUBLE_DECK, THREE_HANDED]
CARD_TEXT = re.compile(r"(10|[9JQKA])[♠♥♦♣]")
NUMBER = re.compile(r"\d+(?:\.\d+)?")
PARTNERSHIP_WORDS = re.compile(r"\b(bidders?|defenders|partners?|teams?|sides?)\b", re.I)


def positions(rules: RuleSet, count: int, seed: int = 0) -> list[PlayerView]:
    """``count`` card-play decisions with a real choice, from hands where each seat is
    a heuristic or a random player (drawn per hand), every seat's view."""
    rng = random.Random(seed)
    out: list[PlayerView] = []
    deal = 0
    while len(out) < count:
        players = [
            HeuristicPlayer() if rng.random() < 0.6 else RandomPlayer(seed=rng.randrange(2**32))
            for _ in range(rules.players)
        ]
        h = Hand(dealer=deal % rules.players, rules=rules, seed=seed * 1000 + deal)
        deal += 1
        while h.phase is not Phase.DONE:
            s = h.to_act
            assert s is not None
            if h.phase is Phase.PLAY and (h.tricks or h.trick) and len(set(h.legal_plays())) > 1:
                out.append(h.view(s))
            h.act(players[s])
    return out[:count]


def numbers_in(text: str) -> list[str]:
    return NUMBER.findall(CARD_TEXT.sub("", text))


def allowed_numbers(advice: PlayAdvice) -> set[str]:
    out = {str(advice.samples)}
    for a in advice.alternatives:
        out |= {points(a.mean), points(a.loss), points(a.loss_stderr)}
    return out


def check_advice(view: PlayerView, advice: PlayAdvice, clear: set[Card]) -> None:
    fits = {f.principle: f for f in principle_fits(view)}
    if advice.principle is not PlayPrinciple.NUMBERS:
        fit = fits[advice.principle]
        assert advice.card in fit.cards, (advice.principle, advice.card, fit)
    if advice.overruled is not None:
        over = fits[advice.overruled]
        assert advice.card not in over.cards
        assert advice.overruled_card is over.pick and over.pick in clear
    for n in numbers_in(advice.text):
        assert n in allowed_numbers(advice), (n, advice.text)
    for line in advice.alternatives_lines():
        for n in numbers_in(line):
            assert n in allowed_numbers(advice), (n, line)
    if not view.rules.partnerships:
        assert not PARTNERSHIP_WORDS.search(advice.text), advice.text


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.name)
def test_no_advice_states_a_principle_its_evaluation_contradicts(rules: RuleSet) -> None:
    stated = set()
    for i, view in enumerate(positions(rules, 240)):
        ev = evaluate_play(view, samples=6, seed=i, exact_tricks=2)
        advice = advise_play(view, ev)
        assert advice.card is ev.best
        assert [a.card for a in advice.alternatives] == [a.card for a in ev.alternatives]
        clear = {a.card for a in ev.alternatives if ev.is_clear_mistake(a.card)}
        check_advice(view, advice, clear)
        stated.add(advice.principle)
    # The positions are varied enough that several principles are stated, and the
    # numbers speak when none fits.
    assert PlayPrinciple.NUMBERS in stated and len(stated) >= 5, stated


def test_the_cheapest_winner_is_not_claimed_when_the_numbers_prefer_another_card() -> None:
    """Where the position suggests a rule of thumb but the best card breaks it, the
    advice gives the numbers (or another principle the best card follows), never it."""
    seen = 0
    for i, view in enumerate(positions(CLASSIC, 300, seed=5)):
        fits = {f.principle: f for f in principle_fits(view)}
        cheap = fits.get(PlayPrinciple.CHEAPEST_WINNER)
        if cheap is None:
            continue
        advice = advise_play(view, samples=6, seed=i, exact_tricks=2)
        if advice.card not in cheap.cards:
            seen += 1
            assert advice.principle is not PlayPrinciple.CHEAPEST_WINNER
    assert seen


def _learner_step(s: GameSession) -> None:
    h = s.hint()
    s.take(h)


def _play_hints(rules: RuleSet, seed: int, limit: int = 99) -> tuple[GameSession, list[str]]:
    """One hand (or its first ``limit`` card-play hints), the learner taking every hint;
    the card-play hints' texts."""
    s = GameSession(rules, seed=seed)
    texts: list[str] = []
    while not s.hand_over and len(texts) < limit:
        if s.trick_waiting:
            s.collect_trick()
        elif not s.is_my_turn:
            s.advance()
        else:
            if s.phase is Phase.PLAY:
                h = s.hint()
                if h.advice is not None:
                    a = h.advice
                    assert h.cards == (a.card,) and a.card in s.view.legal
                    assert h.reason.startswith(a.text)
                    assert len(h.alternatives_lines()) == len(set(s.view.legal))
                    check_advice(s.view, a, {x.card for x in a.alternatives if x.clear_mistake})
                texts.append(h.text)
            _learner_step(s)
    return s, texts


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.name)
def test_card_play_hints_come_from_the_coach_and_repeat_with_the_seed(rules: RuleSet) -> None:
    s, texts = _play_hints(rules, seed=3)
    assert texts
    _, again = _play_hints(rules, seed=3, limit=4)
    assert again == texts[:4]
    review = s.review()
    assert review is not None and review.judgements is not None
    # The learner followed the coach's hints: the review calls none of them costly
    # (the review's own deals may differ slightly, but not by a clear margin).
    assert len(review.mistakes) <= 1, review.judgement_lines()
    assert "The coach judged your" in review.text


@functools.cache
def _scripted(
    rules: RuleSet, kind: Mistake, count: int
) -> list[tuple[int, Card, PlayJudgement, HandReview]]:
    out: list[tuple[int, Card, PlayJudgement, HandReview]] = []
    seed = 0
    while len(out) < count:
        sh = play_with_mistakes(rules, seed, kind)
        seed += 1
        if sh is None:
            continue
        judged = judge_play(sh.hand, 0, seed=seed)
        review = review_hand(sh.hand, 0, judged)
        for trick, card in sh.mistakes:
            out.append((trick, card, {j.trick_number: j for j in judged}[trick], review))
    return out


@pytest.mark.parametrize(
    ("rules", "kind"),
    [
        (CLASSIC, Mistake.THROW_COUNTER),
        (CLASSIC, Mistake.OVERTAKE_PARTNER),
        (THREE_HANDED, Mistake.THROW_COUNTER),
        (DOUBLE_DECK, Mistake.THROW_COUNTER),
    ],
    ids=lambda x: getattr(x, "name", x),
)
def test_the_review_flags_deliberate_mistakes(rules: RuleSet, kind: Mistake) -> None:
    cases = _scripted(rules, kind, 4 if rules is DOUBLE_DECK else 6)
    flagged = [c for c in cases if c[2].is_mistake]
    assert len(flagged) >= len(cases) // 2, [str(c[2]) for c in cases]
    for trick, card, j, review in flagged:
        text = review.text
        line = next(x for x in text.splitlines() if x.startswith(f"  - Trick {trick}:"))
        assert f"you played {card.text};" in line
        assert f"{j.advice.card.text} was better by {points(j.loss)}" in line
        assert "cost trick points" in text


def test_the_review_looks_again_until_each_verdict_is_decided() -> None:
    """A card the first look leaves undecided (not a clear mistake, but its loss plus
    twice its error above the margin) is judged again on PLAY_CONFIRM_SAMPLES deals, and a
    third time on PLAY_DECIDE_SAMPLES when it is still undecided with a loss of at least half
    the margin: a verdict resting on fewer deals is decided, or its loss is small."""
    from pinochle_tutor.coach.play import (
        PLAY_CONFIRM_SAMPLES,
        PLAY_DECIDE_SAMPLES,
        PLAY_REVIEW_MARGIN,
        PLAY_REVIEW_SAMPLES,
    )

    margin = PLAY_REVIEW_MARGIN * max(CLASSIC.counter_points)
    looks = set()
    for _trick, card, j, _review in _scripted(CLASSIC, Mistake.THROW_COUNTER, 6):
        a = j.advice
        looks.add(a.samples)
        assert a.samples in (PLAY_REVIEW_SAMPLES, PLAY_CONFIRM_SAMPLES, PLAY_DECIDE_SAMPLES)
        v = a.value(card)
        assert v is not None
        if a.samples == PLAY_REVIEW_SAMPLES:
            assert j.is_mistake or v.loss + 2 * v.loss_stderr <= margin, str(j)
        if a.samples == PLAY_CONFIRM_SAMPLES:
            assert j.is_mistake or v.loss <= margin / 2 or v.loss + 2 * v.loss_stderr <= margin, (
                str(j)
            )
    assert len(looks) > 1, looks


@functools.cache
def _judged_both_ways(
    rules: RuleSet, kind: Mistake, count: int
) -> list[tuple[Hand, int, tuple[PlayJudgement, ...], tuple[PlayJudgement, ...]]]:
    """Scripted hands of ``kind``, each judged with the later looks weighing only the
    contenders (the default) and weighing every legal card."""
    out: list[tuple[Hand, int, tuple[PlayJudgement, ...], tuple[PlayJudgement, ...]]] = []
    seed = 0
    while len(out) < count:
        sh = play_with_mistakes(rules, seed, kind)
        seed += 1
        if sh is not None:
            # Unbounded: a look at every card costs more, and the budget is not the question.
            restricted = judge_play(sh.hand, 0, seed=seed, budget=None)
            every = judge_play(sh.hand, 0, seed=seed, contender_errors=None, budget=None)
            out.append((sh.hand, seed, restricted, every))
    return out


def test_the_later_looks_weigh_the_contenders_and_keep_the_verdicts() -> None:
    """The review's second and third looks weigh only the card played and the cards that
    could be best; on the same deals as a look at every card, so the verdicts (mistake
    or not, the better card named, the loss) are those of looks at every card, and the
    deliberate mistakes are still flagged."""
    restricted_looks = 0
    for _hand, _seed, restricted, every in _judged_both_ways(DOUBLE_DECK, Mistake.THROW_COUNTER, 3):
        assert len(restricted) == len(every)
        for r, e in zip(restricted, every, strict=True):
            assert r.played is e.played and r.advice.samples == e.advice.samples
            assert r.is_mistake == e.is_mistake, (str(r), str(e))
            assert r.advice.card is e.advice.card and r.loss == e.loss
            assert r.text == e.text
            assert e.advice.complete
            if not r.advice.complete:
                restricted_looks += 1
                assert r.advice.samples > PLAY_REVIEW_SAMPLES
                cards = {a.card for a in r.advice.alternatives}
                assert {r.played, r.advice.card} <= cards < {a.card for a in e.advice.alternatives}
    assert restricted_looks, "no later look was restricted"
    flagged = [j for *_, restricted, _ in _judged_both_ways(DOUBLE_DECK, Mistake.THROW_COUNTER, 3)
               for j in restricted if j.is_mistake]  # fmt: skip
    assert flagged


def test_a_restricted_verdicts_numbers_are_its_evaluations() -> None:
    """Every number of a verdict from a restricted look (the loss in its sentence, each
    card's mean and loss) is that of :func:`evaluate_play` of the cards weighed, on the
    decision's own deals; the best card named is one of them, and the advice's own
    text says the next best is of the cards weighed."""
    from pinochle_tutor.coach.play import PLAY_REVIEW_EXACT_TRICKS
    from pinochle_tutor.sim.stats import decision_seed

    margin = PLAY_REVIEW_MARGIN * max(DOUBLE_DECK.counter_points)
    checked = 0
    for hand, seed, restricted, _ in _judged_both_ways(DOUBLE_DECK, Mistake.THROW_COUNTER, 3):
        views = {t: v for t, v, _ in play_decisions(hand, 0)}
        for j in restricted:
            a = j.advice
            if a.complete:
                continue
            v = views[j.trick_number]
            played = sum(len(t.cards) for t in v.tricks) + len(v.trick)
            ev = evaluate_play(
                v,
                samples=a.samples,
                seed=decision_seed(seed, 1, played),
                margin=margin,
                exact_tricks=PLAY_REVIEW_EXACT_TRICKS,
                candidates=[x.card for x in a.alternatives],
            )
            assert ev.best is a.card and not ev.complete
            for x in a.alternatives:
                y = ev.evaluation(x.card)
                assert y is not None
                assert (x.mean, x.loss, x.loss_stderr) == (y.mean, y.loss, y.loss_stderr)
                assert x.clear_mistake == ev.is_clear_mistake(x.card)
            if j.is_mistake:
                assert f"{a.card.text} was better by {points(ev.loss(j.played) or 0.0)} " in j.text
                # The figures say what they rest on: the review may look deeper than a hint.
                assert f"on average over {ev.samples} imagined deals" in j.text or (
                    f"with best play in each of {ev.samples} imagined deals" in j.text
                )
            if len(a.alternatives) > 1:
                assert "the next best of the cards weighed" in a.numbers_line()
            checked += 1
    assert checked


def test_the_heuristics_own_plays_are_flagged_less_than_deliberate_mistakes() -> None:
    player = HeuristicPlayer()
    own = total = 0
    for seed in range(2):
        h = Hand(dealer=seed, rules=CLASSIC, seed=100 + seed)
        while h.phase is not Phase.DONE:
            h.act(player)
        judged = judge_play(h, 0, seed=seed)
        own += sum(j.is_mistake for j in judged)
        total += len(judged)
    cases = _scripted(CLASSIC, Mistake.THROW_COUNTER, 6)
    bad = sum(c[2].is_mistake for c in cases)
    assert own / total < bad / len(cases)


def test_good_play_is_said_to_be_good() -> None:
    """A card within the evaluation's error of the best is not a mistake, and the review
    says so in words."""
    player = HeuristicPlayer()
    h = Hand(dealer=0, rules=CLASSIC, seed=11)
    while h.phase is not Phase.DONE:
        h.act(player)
    judged = judge_play(h, 0, seed=1)
    good = [j for j in judged if not j.is_mistake]
    assert good and all(j.text.endswith("Good.") for j in good)
    review = review_hand(h, 0, judged)
    if not review.mistakes:
        assert "all good" in review.text
    # A review built without the coach says nothing of it.
    assert "coach" not in review_hand(h, 0).text


def test_play_decisions_replay_the_seats_views() -> None:
    player = HeuristicPlayer()
    h = Hand(dealer=1, rules=CLASSIC, seed=4)
    seen = []
    while h.phase is not Phase.DONE:
        s = h.to_act
        if h.phase is Phase.PLAY and s == 2:
            seen.append(h.view(2))
        h.act(player)
    replayed = [v for _, v, _ in play_decisions(h, 2)]
    assert replayed == seen


def test_undo_says_what_the_coach_thought_of_the_card_taken_back() -> None:
    for seed in range(40):
        s = GameSession(seed=seed)
        while not s.hand_over:
            if s.trick_waiting:
                s.collect_trick()
                continue
            if not s.is_my_turn:
                s.advance()
                continue
            bad = mistaken_card(s.view, Mistake.THROW_COUNTER) if s.phase is Phase.PLAY else None
            if bad is None:
                _learner_step(s)
                continue
            hint = s.hint()
            s.play(bad)
            s.undo()
            v = s.undo_verdict
            assert v is not None and v.played is bad and v.advice.card is hint.cards[0]
            assert s.undo_verdict_text.startswith("The coach on the card you took back: Trick ")
            if v.is_mistake:
                assert f"{hint.cards[0].text} was better by" in s.undo_verdict_text
                return
            break
    pytest.fail("no thrown counter was judged a mistake in 40 games")


def test_undo_of_a_bid_has_no_card_verdict() -> None:
    s = GameSession(seed=2)
    s.bid(None)
    s.undo()
    assert s.undo_verdict is None and s.undo_verdict_text == ""


def test_the_table_shows_undos_verdict_in_its_message() -> None:
    from pinochle_widgets.game_table import GameTable
    from tests.test_game_table import click_card, to_play

    for seed in range(20):
        g = GameTable(seed=seed)
        to_play(g)
        s = g.session
        if len(set(s.view.legal)) < 2:
            continue
        click_card(g.hand_picker, s.view.legal[0])
        g.undo_button.click()
        assert s.undo_verdict is not None
        assert s.undo_verdict_text in g.message.text
        assert g.message.text.startswith("Taken back: your play of")
        return
    pytest.fail("no card choice at the table in 20 games")


def test_the_review_plays_no_more_cards_than_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A double-deck hand with many close calls: reviewed without a bound, its second and
    third looks play more cards than PLAY_REVIEW_BUDGET; with the bound, at most that many.
    Each card's verdict rests on the looks it was given, on the same deals as without
    the bound: a card given every look has the unbounded verdict, and a card given none
    has its first look's."""
    rules, seed = DOUBLE_DECK, 3033
    hand = Hand(dealer=seed % rules.players, rules=rules, seed=seed)
    while hand.phase is not Phase.DONE:
        hand.act(HeuristicPlayer())
    assert hand.declarer is not None
    seat = hand.declarer
    spent: list[int] = []
    evaluate = PlayEvaluator.evaluate

    def counted(
        self: PlayEvaluator, samples: int, candidates: Iterable[CardLike] | None = None
    ) -> PlayEvaluation:
        if samples > PLAY_REVIEW_SAMPLES:
            spent.append(self.unplayed(samples, candidates) * len(self.view.hand))
        return evaluate(self, samples, candidates)

    monkeypatch.setattr(PlayEvaluator, "evaluate", counted)
    unbounded = judge_play(hand, seat, seed=seed, budget=None)
    assert sum(spent) > PLAY_REVIEW_BUDGET, sum(spent)
    spent.clear()
    bounded = judge_play(hand, seat, seed=seed)
    assert 0 < sum(spent) <= PLAY_REVIEW_BUDGET, spent
    first = judge_play(hand, seat, seed=seed, budget=0)
    assert all(j.advice.samples == PLAY_REVIEW_SAMPLES for j in first)
    cut = 0
    for b, u, f in zip(bounded, unbounded, first, strict=True):
        assert b.played is u.played is f.played
        if b.advice.samples == u.advice.samples:
            assert (b.text, b.is_mistake, b.loss) == (u.text, u.is_mistake, u.loss)
        else:
            cut += 1
        if b.advice.samples == PLAY_REVIEW_SAMPLES:
            assert (b.text, b.is_mistake, b.loss) == (f.text, f.is_mistake, f.loss)
    assert cut, "the budget cut no look"


def test_the_review_never_blames_the_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    """A learner who played the hint's card is not told it was their mistake when the
    review's deeper look prefers another: the review says it is the coach's second
    thought, with the hint's card, the better one and the difference. Planted: a hand
    with a deliberate costly card, and the hint made to have given that very card."""
    import pinochle_tutor.coach.table as table

    for seed in range(12):
        sh = play_with_mistakes(CLASSIC, seed, Mistake.THROW_COUNTER)
        if sh is None:
            continue
        plain = table.review(sh.hand, 0, seed=seed, hand_number=1)
        costly = [j for j in plain.judgements or () if j.is_mistake]
        if costly:
            break
    else:
        pytest.fail("no planted mistake was judged costly")
    # The real hint at that moment gave the better card: the learner's own mistake.
    j = costly[0]
    assert j.hinted is not None and j.hinted != j.played and not j.second_thought
    assert j in plain.mistakes and "was better by" in j.text

    class SaidTheSame:
        def __init__(self, card: Card) -> None:
            self.card = card

    chosen = {c.trick_number: c.played for c in costly}

    def hint_gave_the_played_card(view: PlayerView, **_: object) -> SaidTheSame:
        trick = len(view.tricks) + 1
        return SaidTheSame(chosen.get(trick, view.legal[0]))

    monkeypatch.setattr(table, "coach_play", hint_gave_the_played_card)
    again = table.review(sh.hand, 0, seed=seed, hand_number=1)
    assert again.judgements is not None
    second = {s.trick_number: s for s in again.second_thoughts}
    assert set(second) == set(chosen)
    assert not {m.trick_number for m in again.mistakes} & set(second)
    s = second[j.trick_number]
    assert not s.is_mistake and s.followed_hint
    assert (
        f"The hint chose {j.played.text}; the review's own look ({s.basis}) prefers "
        f"{s.advice.card.text} by {points(s.loss)} expected trick points" in s.text
    )
    text = again.text
    assert "The coach's second thoughts on its own hints:" in text
    line = next(x for x in text.splitlines() if x.startswith(f"  - Trick {j.trick_number}:"))
    assert "not your mistake" in line and "was better by" not in line


def test_a_mistake_that_keeps_the_rule_of_thumb_is_not_blamed_on_it() -> None:
    """Partner's A♥ wins the trick; the coach feeds it K♥. A♥ fed under it is a counter
    too (it follows 'feed partner a counter') but throws a winner away: the verdict
    said "The principle: feed partner a counter." as the reason against it (issue 45's
    read of the strategy marks); it now says A♥ follows the rule too and the numbers
    pick K♥ of the cards that do. Q♥, which feeds nothing, is still told the principle."""
    from pinochle_tutor.cards import parse_card
    from pinochle_tutor.explain.coaching import CardValue

    k, a, q = (parse_card(t) for t in ("KH", "AH", "QH"))

    def value(card: Card, loss: float) -> CardValue:
        return CardValue(card, 30.0 - loss, 0.5, loss, 0.3, loss > 1.0)

    advice = PlayAdvice(
        card=k, principle=PlayPrinciple.FEED_PARTNER,
        alternatives=(value(k, 0.0), value(q, 2.5), value(a, 3.0)), samples=96, exact=False,
        side="your side", follows=(a, k),
    )  # fmt: skip
    fed = PlayJudgement(1, a, advice).text
    assert "The principle:" not in fed, fed
    assert "A♥ follows 'feed partner a counter' too, but of the cards that do, K♥ takes the" in fed
    kept = PlayJudgement(1, q, advice).text
    assert "The principle: feed partner a counter." in kept, kept
