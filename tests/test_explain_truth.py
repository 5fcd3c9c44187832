"""Every sentence the tutor says is true under every rule set.

Regression tests for the defects an independent check found (the contract's
minimum, impossible contracts, claimed-line diagnoses, copy counts in meld notes,
self-contradicting diagnoses), then property tests over random hands and
contracts for each variant that check the texts against the numbers.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pinochle_tutor import (
    CLASSIC,
    DOUBLE_DECK,
    THREE_HANDED,
    RuleSet,
    Suit,
    check_hand,
    make_deck,
    minimum_tricks,
    reachable_trick_points,
    score_hand,
)
from pinochle_tutor.explain import (
    MeldNoteKind,
    contract_explanation,
    diagnose_meld,
    explain_contract,
    explain_meld,
)

VARIANTS = [CLASSIC, DOUBLE_DECK, THREE_HANDED, CLASSIC.with_settings(meld_save=30, name="house")]
PARTNERSHIP_WORDS = re.compile(r"\b(bidders?|defenders|partners?|teams?|sides?)\b", re.IGNORECASE)

# ------------------------------------------------------------------- regressions


def test_meld_above_the_bid_still_needs_the_meld_save() -> None:
    s = score_hand(250, 300, 0, 40, 250)
    assert s.needed == 10
    e = contract_explanation(s, CLASSIC)
    assert e.needed == e.minimum_tricks == 10
    assert "needed 10 of the 250 trick points" in e.text
    assert "needed 0" not in e.text


def test_impossible_contract_says_it_could_not_be_made() -> None:
    e = explain_contract(500, 70, 40, 40, 210)
    assert e.needed is None
    assert "could not be made: even all 250 trick points" in e.text
    assert "needed 430" not in e.text


def test_claimed_double_pinochle_names_what_the_hand_holds() -> None:
    text = diagnose_meld("QS", "H", 300, claimed=["double pinochle"]).text
    assert "you hold only one Q♠ and no J♦" in text
    assert "Q♠ and J♦, which you do not hold" not in text


def test_double_deck_triple_without_a_third_copy_is_not_a_missed_double() -> None:
    d = diagnose_meld(
        "AS AS AS AH AH AD AD AC AC", "S", 150, claimed=["triple aces around"], rules=DOUBLE_DECK
    )
    assert "You missed the double aces around" not in d.text
    assert "you hold only two A♥, A♦ and A♣" in d.text
    assert [m.delta for m in d.mistakes] == [50]


def test_double_claimed_for_a_triple_is_not_a_phantom() -> None:
    d = diagnose_meld(
        "AS AS AS AH AH AH AD AD AD AC AC AC", "S", 100, ["double aces around"], DOUBLE_DECK
    )
    assert "does not hold" not in d.text
    assert "You counted the triple aces around as double aces around" in d.text


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        pytest.param("QS QS QS JD", "You hold three Q♠ but only one J♦", id="three-and-one"),
        pytest.param("QS QS QS JD JD", "You hold three Q♠ but only two J♦", id="three-and-two"),
        pytest.param("QS QS QS QS JD", "You hold four Q♠ but only one J♦", id="four-and-one"),
    ],
)
def test_double_deck_notes_count_copies(hand: str, words: str) -> None:
    assert words in explain_meld(hand, "H", DOUBLE_DECK).text


def test_two_royal_marriages_beside_a_run_are_each_counted_once() -> None:
    text = explain_meld("AH 10H KH QH JH KH QH KH QH", "H", DOUBLE_DECK).text
    assert "each royal marriage earns 4" in text
    assert "run + two royal marriages = 23" in text
    assert "that royal marriage earns 8" not in text


def test_a_diagnosis_never_pairs_two_mistakes_about_one_line() -> None:
    for hand, trump, total in (("KS QS KH QH", "S", 0), ("KS QS 9S", "S", 0), ("KS QS", "S", 0)):
        d = diagnose_meld(hand, trump, total)
        for combo in d.candidates:
            lines = [m.meld for m in combo]
            assert len(set(lines)) == len(lines), d.text
        assert " And " not in d.text
        assert "And You" not in d.text


def test_exactly_one_pair_is_called_a_pair() -> None:
    d = diagnose_meld("KS QS 9S", "S", 0)
    if len(d.candidates) == 1 and len(d.candidates[0]) == 2:
        assert "one pair of usual counting mistakes explains" in d.text
    assert "one usual counting mistake explains a total 50 too few:\n- You forgot the dix" not in d.text


# ------------------------------------------------------------------- properties


@st.composite
def contracts(draw: st.DrawFn, rules: RuleSet) -> tuple[int, int, int, int, int]:
    total = rules.total_trick_points
    reach = sorted(reachable_trick_points(rules))
    steps = draw(st.integers(0, 40))
    bid = rules.opening_bid + steps * rules.bid_increment
    unit = rules.meld_table.marriage
    bm = draw(st.integers(0, 60)) * unit
    dm = draw(st.integers(0, 60)) * unit
    bt = draw(st.sampled_from(reach))
    dt = draw(st.sampled_from([t for t in reach if t <= total - bt]))
    return bid, bm, bt, dm, dt


def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"(?<![\w+-])\d+", text)]


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.name)
def test_contract_texts_state_the_real_minimum(rules: RuleSet) -> None:
    @settings(max_examples=2000, derandomize=True, deadline=None)
    @given(contracts(rules))
    def check(args: tuple[int, int, int, int, int]) -> None:
        bid, bm, bt, dm, dt = args
        e = explain_contract(bid, bm, bt, dm, dt, rules)
        needed = minimum_tricks(bid, bm, rules)
        assert e.needed == e.minimum_tricks == needed
        first = e.lines()[0]
        if needed is None:
            assert "could not be made" in first
            # No reachable number of trick points makes it ...
            assert not any(
                score_hand(bid, bm, t, 0, 0, rules).made for t in reachable_trick_points(rules)
            )
        else:
            assert f"needed {needed} of the {rules.total_trick_points} trick points" in first
            # ... the minimum makes it, and nothing below it does.
            assert score_hand(bid, bm, needed, 0, 0, rules).made
            assert not any(
                score_hand(bid, bm, t, 0, 0, rules).made
                for t in reachable_trick_points(rules)
                if t < needed
            )
        assert e.text[0].isupper()
        if not rules.partnerships:
            assert not PARTNERSHIP_WORDS.search(e.text), e.text

    check()


def _hands(rules: RuleSet, size: int) -> st.SearchStrategy[list]:
    return st.permutations(make_deck(rules)).map(lambda deck: deck[:size])


@pytest.mark.parametrize("rules", [CLASSIC, DOUBLE_DECK, THREE_HANDED], ids=lambda r: r.name)
def test_meld_notes_count_copies_right(rules: RuleSet) -> None:
    size = 2 * rules.hand_size  # big hands, so doubles and short second sets turn up

    @settings(max_examples=2000, derandomize=True, deadline=None)
    @given(_hands(rules, size), st.sampled_from(list(Suit)))
    def check(hand: list, trump: Suit) -> None:
        e = explain_meld(hand, trump, rules)
        counts = Counter(e.report.hand)
        words = ("no", "one", "two", "three", "four")
        for note in e.notes:
            if note.kind is MeldNoteKind.INCOMPLETE_SECOND_SET:
                for card in note.cards:
                    assert f"{words[counts[card]]} " in note.text
                    assert counts[card] > counts[note.missing[0]]
                for card in note.missing:
                    assert f"only {words[counts[card]]} " in note.text
            if note.kind is MeldNoteKind.EXTRA_ROYAL_BESIDE_RUN:
                run, _, total = note.points
                royals = [i for i in e.items if i.kind.value == "royal marriage"]
                assert total == run + sum(i.points for i in royals)
                each = rules.meld_table.royal_marriage
                assert f"earns {each} on top" in note.text

    check()


@pytest.mark.parametrize("rules", [CLASSIC, DOUBLE_DECK, THREE_HANDED], ids=lambda r: r.name)
def test_meld_diagnoses_never_contradict_themselves(rules: RuleSet) -> None:
    @settings(max_examples=300, derandomize=True, deadline=None)
    @given(_hands(rules, rules.hand_size), st.sampled_from(list(Suit)), st.integers(-3, 3))
    def check(hand: list, trump: Suit, k: int) -> None:
        real = explain_meld(hand, trump, rules).total
        d = diagnose_meld(hand, trump, max(0, real + k * rules.meld_table.marriage), rules=rules)
        for combo in d.candidates:
            assert len({m.meld for m in combo}) == len(combo), d.text
        for line in d.text.splitlines():
            assert line[:1].isupper() or line[:1] in "-=" or line.startswith("  "), line
        assert " And " not in d.text

    check()


# ------------------------------------------------------------- course wording


def test_three_handed_score_quiz_marks_speak_of_one_declarer() -> None:
    from pinochle_tutor.course.quiz.answers import check_answer
    from pinochle_tutor.course.quiz.kinds import ScoreQuiz

    for ask, answer in (("bidders", "200"), ("defenders", "+10")):
        q = ScoreQuiz(
            id="t", bid=250, bidder_meld=100, bidder_tricks=100, defender_meld=40,
            defender_tricks=50, rule_set=THREE_HANDED, ask=ask,
        )  # fmt: skip
        text = check_answer(q, answer).text
        assert not PARTNERSHIP_WORDS.search(text), text


def test_a_right_meld_answer_says_right_once() -> None:
    from pinochle_tutor.cards import parse_cards
    from pinochle_tutor.course.quiz.answers import check_answer
    from pinochle_tutor.course.quiz.kinds import MeldQuiz

    m = MeldQuiz(id="m", hand=tuple(parse_cards("9C 9D")), trump=Suit.HEARTS)
    mark = check_answer(m, "0")
    assert mark.text.count("Right") == 1, mark.text
    # The quiz widget prints its own "Right!" before the explanation.
    assert "Right" not in mark.explanation and mark.explanation.startswith("The meld is 0."), mark


def test_a_legal_set_mark_says_each_sentence_once() -> None:
    from pinochle_tutor.cards import parse_cards
    from pinochle_tutor.course.quiz.answers import check_answer
    from pinochle_tutor.course.quiz.kinds import TrickQuiz

    t = TrickQuiz(
        id="t", hand=tuple(parse_cards("AC 9C AH 9H KS KD")), trick=tuple(parse_cards("KC")),
        trump=Suit.HEARTS,
    )  # fmt: skip
    sentences = re.split(r"(?<=[.!?])\s+", check_answer(t, "KS, KD, AH").text.replace("\n", " "))
    repeated = [x for x, n in Counter(sentences).items() if n > 1]
    assert not repeated, repeated


# ------------------------------------------------------------- impossible meld


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.name)
def test_meld_a_side_can_show_is_a_sum_of_the_table_and_within_the_ceiling(rules: RuleSet) -> None:
    from pinochle_tutor import InvalidPointsError, meld_ceiling, possible_meld
    from pinochle_tutor.meld import meld_points

    top = meld_ceiling(rules)
    rng = random.Random(rules.name)
    deck = make_deck(rules)
    for _ in range(2000):
        rng.shuffle(deck)
        trump = rng.choice(list(Suit))
        side = sum(meld_points(deck[k * rules.hand_size:(k + 1) * rules.hand_size], trump, rules)
                   for k in range(rules.players // rules.sides))  # fmt: skip
        assert side <= top and possible_meld(side, rules), side
        check_hand(rules.opening_bid, side, 0, 0, 0, rules)
    for bad in (top + 1, 10**9):
        assert not possible_meld(bad, rules)
        with pytest.raises(InvalidPointsError, match=f"cannot be {bad}: even every line"):
            check_hand(rules.opening_bid, bad, 0, 0, 0, rules)


@pytest.mark.parametrize(
    ("rules", "impossible"),
    [(CLASSIC, [5, 15, 105, 1505]), (DOUBLE_DECK, [1, 3, 5, 7, 9, 11, 13]), (THREE_HANDED, [25])],
    ids=lambda x: getattr(x, "name", str(x)),
)
def test_meld_no_table_lines_add_up_to_is_refused(rules: RuleSet, impossible: list[int]) -> None:
    from pinochle_tutor import InvalidPointsError, possible_meld

    for m in impossible:
        assert not possible_meld(m, rules)
        with pytest.raises(InvalidPointsError, match=f"cannot be {m}: no lines of the meld table"):
            explain_contract(rules.opening_bid, 0, 0, m, 0, rules)
    # What the table can make is accepted, however it is made.
    for m in (rules.meld_table.marriage, rules.meld_table.run[0] + rules.meld_table.marriage):
        assert possible_meld(m, rules)


# ------------------------------------------- every text, every variant: wording

SENTENCE = re.compile(r"(?<=[.!?])(?<!e\.g\.)\s+")


def _sentences(text: str) -> list[str]:
    return [s.strip() for line in text.splitlines() for s in SENTENCE.split(line) if s.strip()]


def _assert_worded(text: str, rules: RuleSet) -> None:
    """No sentence said twice, every sentence starts with a capital (or a card or
    number), and three-handed no partnership word."""
    sentences = _sentences(text)
    repeated = [s for s, n in Counter(sentences).items() if n > 1]
    assert not repeated, (repeated, text)
    for s in sentences:
        first = s.removeprefix("(e.g. ").lstrip("(")[0]
        assert first.isupper() or first.isdigit() or first in "!-+", (s, text)
    if not rules.partnerships:
        assert not PARTNERSHIP_WORDS.search(text), text


def _random_position(rng: random.Random, rules: RuleSet) -> tuple[list, list, Suit]:
    deck = make_deck(rules)
    rng.shuffle(deck)
    size = rng.randint(1, rules.hand_size)
    hand = deck[:size]
    trick = deck[size : size + rng.randint(0, rules.players - 1)]
    return hand, trick, rng.choice(list(Suit))


@pytest.mark.parametrize("rules", [CLASSIC, DOUBLE_DECK, THREE_HANDED], ids=lambda r: r.name)
def test_legal_set_and_play_texts_say_each_sentence_once(rules: RuleSet) -> None:
    from pinochle_tutor.explain import explain_legal, explain_play

    rng = random.Random(f"legal-{rules.name}")
    for _ in range(2000):
        hand, trick, trump = _random_position(rng, rules)
        e = explain_legal(hand, trick, trump, rules)
        _assert_worded(e.text, rules)
        assert e.text.count("even though your partner is winning") <= 1, e.text
        p = explain_play(hand, trick, trump, rng.choice(hand), rules)
        _assert_worded(f"{p.context} {p.text}", rules)


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.name)
def test_contract_and_score_quiz_texts_are_worded_for_the_variant(rules: RuleSet) -> None:
    from pinochle_tutor.course.quiz.answers import check_answer
    from pinochle_tutor.course.quiz.kinds import ScoreQuiz

    @settings(max_examples=500, derandomize=True, deadline=None)
    @given(contracts(rules), st.booleans())
    def check(args: tuple[int, int, int, int, int], conceded: bool) -> None:
        bid, bm, bt, dm, dt = args
        if rules.partnerships:
            dt = rules.total_trick_points - bt
        if conceded:
            bt = dt = 0
        e = explain_contract(bid, bm, bt, dm, dt, rules, conceded)
        _assert_worded(e.text, rules)
        s = e.score
        for ask in ("bidders", "defenders"):
            q = ScoreQuiz(
                id="p", bid=bid, bidder_meld=bm, bidder_tricks=bt, defender_meld=dm,
                defender_tricks=dt, rule_set=rules, ask=ask, conceded=conceded,
            )  # fmt: skip
            _assert_worded(q.prompt, rules)
            for answer in {s.bidder, s.defender, bm + bt, dm + dt, -bid}:
                _assert_worded(check_answer(q, f"{answer:+d}").text, rules)

    check()


def test_three_handed_reviews_name_every_defender_by_seat_and_say_the_declarer_once() -> None:
    from pinochle_tutor import RandomPlayer, play_hand
    from pinochle_tutor.explain import review_hand
    from pinochle_tutor.view import seat_words

    rules = THREE_HANDED
    for seed in range(300):
        hand = play_hand([RandomPlayer(seed * 3 + i) for i in range(3)], rules=rules, seed=seed)
        me = seed % 3
        review = review_hand(hand, me)
        assert hand.declarer is not None
        reckoning = review.reckoning_lines()
        _assert_worded(" ".join(reckoning), rules)
        assert not PARTNERSHIP_WORDS.search(review.text), review.text
        others = [s for s in range(3) if s != hand.declarer]
        if hand.conceded:
            continue
        assert f"the declarer ({seat_words(hand.declarer, me, rules)}) showed" in reckoning[0]
        assert not re.search(r"\b[Ss]eats? \d", " ".join(reckoning)), reckoning
        defenders = reckoning[-2:]
        for line, seat, score in zip(defenders, others, hand.scores, strict=True):
            who = seat_words(seat, me, rules)
            assert line.startswith(f"{who[:1].upper()}{who[1:]} (a defender) took"), line
            assert line.endswith(f"+{score.defender}."), line
            if seat == me:  # the learner is spoken to, not of
                assert "that player" not in line and "their" not in line, line
        # The declarer's sentences come once, before the defenders'.
        assert sum("The declarer" in x or "the declarer" in x for x in reckoning) == len(reckoning) - 2


def test_bidding_drill_results_are_worded_for_the_variant() -> None:
    from pinochle_tutor.course.bidding_drill import BiddingDrill
    from pinochle_widgets.bidding_trainer import result_html

    for rules in (CLASSIC, DOUBLE_DECK, THREE_HANDED):
        for seed in range(6):
            d = BiddingDrill(rules, seed=seed, samples=10)
            d.call(d.view.min_bid if seed % 2 else None)
            verdict = d.verdict()
            _assert_worded(verdict, rules)
            review = d.play_out()
            html = result_html(d, review)
            text = re.sub(r"<[^>]+>", " ", html)
            if not rules.partnerships:
                assert not PARTNERSHIP_WORDS.search(text), text
                # The declarer's two sentences once, then one per defender.
                assert len(review.reckoning_lines()) == 2 + len(review.contracts) == 4


def test_three_handed_game_table_texts_speak_of_no_partnership() -> None:
    """A whole three-handed game at the table, the learner taking every hint: the
    hints, tasks, events and reviews never speak of partners, sides or teams."""
    from pinochle_tutor.course.table.session import GameSession

    for seed in range(2):
        s = GameSession("three_handed", seed=seed)
        texts: list[str] = []
        for _ in range(2000):
            if s.is_over:
                break
            if s.trick_waiting:
                s.collect_trick()
            elif s.hand_over:
                review = s.review()
                assert review is not None
                texts.append(review.text)
                s.next_hand()
            elif not s.is_my_turn:
                s.advance()
            else:
                h = s.hint()
                texts += [h.reason, s.task()]
                s.take(h)
        assert s.is_over
        texts += [e.text for e in s.events]
        for t in texts:
            assert not PARTNERSHIP_WORDS.search(t), t
            assert t[:1].isupper() or t[:1].isdigit(), t
