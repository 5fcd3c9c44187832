"""Trick play: the four trick rules of RULES.md, who wins a trick, and properties
checked on random deals played out by legal moves.

RULES.md trick rules: "1 follow suit; 2 beat the currently winning card if you
can legally; 3 void in the led suit: play trump, over-trumping the highest trump
if you can, else any trump; 4 discard only with neither the led suit nor trump.
They apply even when your partner is winning." Trick winner: "highest trump,
else highest card of the led suit; of identical cards the first played wins".
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pinochle_tutor import (
    CLASSIC,
    DOUBLE_DECK,
    THREE_HANDED,
    Card,
    PinochleError,
    Rank,
    RuleSet,
    Suit,
    TrickRule,
    check_play,
    legal_plays,
    parse_card,
    parse_cards,
    trick_winner,
)

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def codes(cards: Sequence[Card]) -> set[str]:
    return {card.code for card in cards}


# ---------------------------------------------------------------- legal plays, table

LEGAL_CASES = [
    # (hand, trick so far, trump, the legal cards)
    pytest.param("AS 9D KC QH", "", H, "AS 9D KC QH", id="lead-any-card"),
    # Seed: "Hearts are trump. A player leads the king of clubs ... If you still
    # have clubs, you must play a club - even if you hold a higher heart."
    pytest.param("9C KC AH 10H", "KC", H, "9C KC", id="seed-king-of-clubs-must-follow"),
    pytest.param("9C AH 10H", "KC", H, "9C", id="seed-follow-with-a-low-club"),
    # rule 2: beat the currently winning card if you can
    pytest.param("9C 10C AH", "KC", H, "10C", id="must-beat-led-king-with-ten"),
    pytest.param("9C 10C AC", "KC", H, "10C AC", id="any-club-that-beats"),
    pytest.param("10C 9C", "KC AC", H, "10C 9C", id="cannot-beat-winning-ace-any-club"),
    pytest.param("10C 9C QC", "9C KC", H, "10C", id="beat-the-winning-card-not-the-led-card"),
    # "of identical cards the first played wins": a second A cannot beat the first
    pytest.param("AC 9C", "KC AC", H, "AC 9C", id="identical-card-does-not-beat"),
    pytest.param("KC 9C", "KC", H, "KC 9C", id="identical-king-does-not-beat-led-king"),
    # RULES.md: "once a trick has been trumped, a player who can follow suit may
    # play any card of the led suit"
    pytest.param("9C AC", "KC 9H", H, "9C AC", id="trumped-trick-any-led-suit-card"),
    pytest.param("9C 10C AH", "KC JH", H, "9C 10C", id="trumped-trick-still-follow-not-trump"),
    # rule 3: void in the led suit, play trump, over-trump if you can
    pytest.param("9H AS", "KC", H, "9H", id="void-must-trump"),
    pytest.param("9H KH AS", "KC", H, "9H KH", id="void-any-trump-beats-a-plain-card"),
    pytest.param("AH 9H AS", "KC 10H", H, "AH", id="must-over-trump"),
    pytest.param("KH 9H AS", "KC AH", H, "KH 9H", id="cannot-over-trump-play-lower-trump"),
    pytest.param("AH 9H", "KC 10H QH", H, "AH", id="over-trump-the-highest-trump"),
    pytest.param("AH 9H", "KC AH", H, "AH 9H", id="identical-trump-does-not-over-trump"),
    # rule 4: discard only with neither the led suit nor trump
    pytest.param("AS 9D", "KC", H, "AS 9D", id="discard-any-card"),
    pytest.param("AS 9D", "KC 9H", H, "AS 9D", id="discard-on-a-trumped-trick"),
    # trump led: follow with trump and beat
    pytest.param("AH 9H 9C", "10H", H, "AH", id="trump-led-must-beat"),
    pytest.param("JH 9H AC", "10H", H, "JH 9H", id="trump-led-cannot-beat-any-trump"),
    # "They apply even when your partner is winning"
    pytest.param("AC QC", "9C KC JC", H, "AC", id="partner-winning-still-must-beat"),
    pytest.param("9H AS", "9C AC JC", H, "9H", id="partner-winning-still-must-trump"),
    pytest.param("AH 9H", "9C 10H", H, "AH", id="partner-led-trump-still-must-over-trump"),
    pytest.param("AC 9C", "10C KC", H, "AC", id="partner-led-winning-still-must-beat"),
    # copies in hand are one distinct legal card
    pytest.param("AC AC 9C", "KC", H, "AC", id="two-copies-one-legal-card"),
]


@pytest.mark.parametrize(("hand", "trick", "trump", "legal"), LEGAL_CASES)
def test_legal_plays(hand: str, trick: str, trump: Suit, legal: str) -> None:
    plays = legal_plays(hand, trick, trump)
    assert codes(plays) == codes(parse_cards(legal))
    assert len(plays) == len(set(plays)), "legal plays are distinct cards"


@pytest.mark.parametrize(("hand", "trick", "trump", "legal"), LEGAL_CASES)
def test_check_play_agrees_with_legal_plays(hand: str, trick: str, trump: Suit, legal: str) -> None:
    allowed = set(parse_cards(legal))
    for card in set(parse_cards(hand)):
        verdict = check_play(hand, trick, trump, card)
        assert verdict.legal is (card in allowed), card


# --------------------------------------------------------------- verdicts, table

VERDICT_CASES = [
    # (hand, trick, trump, card, legal, rule, proving cards that must be named)
    pytest.param(
        "9C KC AH 10H", "KC", H, "AH", False, TrickRule.FOLLOW_SUIT, "KC 9C",
        id="seed-may-not-trump-while-holding-clubs",
    ),
    pytest.param(
        "9C KC AH 10H", "KC", H, "9C", True, TrickRule.FOLLOW_SUIT, "", id="seed-club-is-fine"
    ),
    pytest.param("9C 10C AH", "KC", H, "9C", False, TrickRule.BEAT, "10C", id="must-beat"),
    pytest.param("9C 10C AH", "KC", H, "10C", True, TrickRule.BEAT, "", id="beats"),
    pytest.param("9H AS", "KC", H, "AS", False, TrickRule.TRUMP, "9H", id="must-trump"),
    pytest.param("9H AS", "KC", H, "9H", True, TrickRule.TRUMP, "", id="trumps"),
    pytest.param("AH 9H", "KC 10H", H, "9H", False, TrickRule.TRUMP, "AH", id="must-over-trump"),
    pytest.param("AS 9D", "KC", H, "9D", True, TrickRule.DISCARD, "", id="discard"),
    pytest.param("AS 9D", "", H, "9D", True, TrickRule.LEAD, "", id="lead"),
    pytest.param("AS 9D", "", H, "AC", False, TrickRule.NOT_IN_HAND, "", id="not-held-lead"),
    pytest.param("AS 9D", "KC", H, "10C", False, TrickRule.NOT_IN_HAND, "", id="not-held"),
    pytest.param("9C AC", "KC 9H", H, "9C", True, TrickRule.FOLLOW_SUIT, "", id="trumped-follow"),
    pytest.param(
        "AC QC", "9C KC JC", H, "QC", False, TrickRule.BEAT, "AC", id="partner-winning-beat"
    ),
    pytest.param(
        "9H AS", "9C AC JC", H, "AS", False, TrickRule.TRUMP, "9H", id="partner-winning-trump"
    ),
]  # fmt: skip


@pytest.mark.parametrize(
    ("hand", "trick", "trump", "card", "legal", "rule", "named"), VERDICT_CASES
)
def test_check_play_verdict(
    hand: str, trick: str, trump: Suit, card: str, legal: bool, rule: TrickRule, named: str
) -> None:
    verdict = check_play(hand, trick, trump, card)
    assert verdict.legal is legal
    assert verdict.rule is rule
    assert verdict.reason
    for proving in parse_cards(named):
        assert str(proving) in verdict.reason, verdict.reason
        assert proving in verdict.cards


def test_seed_example_reason_names_the_clubs_held() -> None:
    """Hearts trump, K♣ led, holding K♣ and 9♣: the reason names both clubs."""
    verdict = check_play("9C KC AH 10H", "KC", "H", "AH")
    assert not verdict.legal
    assert verdict.rule is TrickRule.FOLLOW_SUIT
    assert "K♣" in verdict.reason
    assert "9♣" in verdict.reason
    assert set(verdict.cards) == set(parse_cards("KC 9C"))


@pytest.mark.parametrize(
    ("trick", "partner_winning"),
    [
        pytest.param("KC", False, id="second-hand-opponent-led"),
        pytest.param("10C KC", True, id="third-hand-partner-led-winning"),
        pytest.param("KC 10C", False, id="third-hand-opponent-winning"),
        pytest.param("9C KC JC", True, id="fourth-hand-partner-winning"),
        pytest.param("AC KC JC", False, id="fourth-hand-leader-winning"),
        pytest.param("9C JC KC", False, id="fourth-hand-right-opponent-winning"),
    ],
)
def test_partner_winning_is_reported(trick: str, partner_winning: bool) -> None:
    verdict = check_play("AC QC", trick, H, "AC")
    assert verdict.partner_winning is partner_winning
    assert verdict.legal


def test_partner_winning_does_not_relax_the_rules() -> None:
    """RULES.md: "They apply even when your partner is winning"."""
    verdict = check_play("AC QC", "9C KC JC", H, "QC")
    assert verdict.partner_winning
    assert not verdict.legal
    assert verdict.rule is TrickRule.BEAT


def test_no_partner_in_three_handed() -> None:
    verdict = check_play("AC QC", "10C KC", H, "AC", THREE_HANDED)
    assert not verdict.partner_winning


def test_check_play_accepts_text_and_cards() -> None:
    hand = parse_cards("9C KC AH")
    verdict = check_play(hand, [parse_card("KC")], H, parse_card("AH"))
    assert verdict.rule is TrickRule.FOLLOW_SUIT
    assert not check_play("9C KC AH", ["KC"], "♥", "AH").legal


def test_the_same_rules_in_double_deck() -> None:
    assert codes(legal_plays("AC AC 10C JC AH", "KC", H)) == {"AC", "10C"}
    assert codes(legal_plays("AH KH AS", "KC 10H", H)) == {"AH"}
    assert check_play("AC AC 10C JC AH", "KC", H, "AC", DOUBLE_DECK).legal
    assert not check_play("AC AC 10C JC AH", "KC", H, "JC", DOUBLE_DECK).legal


# ------------------------------------------------------------------ trick winner, table

WINNER_CASES = [
    # (trick, trump, winning position)
    pytest.param("KC", H, 0, id="one-card"),
    pytest.param("KC AS 10C 9C", H, 2, id="highest-of-the-led-suit"),
    pytest.param("9C AS AD AH", S, 1, id="only-trump-wins"),
    pytest.param("AC 9H KC 10C", H, 1, id="a-trump-beats-the-led-ace"),
    pytest.param("AC 9H KH 10C", H, 2, id="highest-trump-wins"),
    pytest.param("KC AS AD 10D", H, 0, id="off-suit-cards-never-win"),
    pytest.param("10C KC", H, 0, id="ten-beats-king"),
    # "of identical cards the first played wins"
    pytest.param("AC AC", H, 0, id="identical-aces-first-wins"),
    pytest.param("KC AC AC 10C", H, 1, id="identical-aces-first-of-them-wins"),
    pytest.param("KC AH AH 9C", H, 1, id="identical-trumps-first-wins"),
    pytest.param("9C 9C 9C 9C", H, 0, id="all-low-identical"),
    pytest.param("AH 10H AH KH", H, 0, id="trump-led-identical-ace"),
]


@pytest.mark.parametrize(("trick", "trump", "winner"), WINNER_CASES)
def test_trick_winner(trick: str, trump: Suit, winner: int) -> None:
    assert trick_winner(trick, trump) == winner
    assert trick_winner(parse_cards(trick), trump.letter) == winner


def test_trick_winner_of_an_empty_trick_raises() -> None:
    with pytest.raises(PinochleError):
        trick_winner([], H)


# ===================================================================== properties
#
# A reference written straight from the rules: a card beats the winning card if
# it is a higher card of the same suit, or a trump on a non-trump. Legal cards:
# the led suit if held, else trump if held, else any card; of those, the ones
# that beat the winning card, if any do (rule 2).


def beats(card: Card, winning: Card, trump: Suit) -> bool:
    if card.suit == winning.suit:
        return card.rank > winning.rank
    return card.suit == trump


def reference_winner(trick: Sequence[Card], trump: Suit) -> int:
    best = 0
    for pos in range(1, len(trick)):
        if beats(trick[pos], trick[best], trump):
            best = pos
    return best


def reference_legal(hand: Sequence[Card], trick: Sequence[Card], trump: Suit) -> set[Card]:
    held = set(hand)
    if not trick:
        return held
    led = trick[0].suit
    winning = trick[reference_winner(trick, trump)]
    candidates = {c for c in held if c.suit == led} or {c for c in held if c.suit == trump} or held
    beating = {c for c in candidates if beats(c, winning, trump)}
    return beating or candidates


def shuffled_deck(rules: RuleSet, rng: random.Random) -> list[Card]:
    deck = [Card(suit, rank) for suit in Suit for rank in rules.ranks for _ in range(rules.copies)]
    rng.shuffle(deck)
    return deck


class Position:
    """A random deal played by random legal moves up to a point in a trick."""

    def __init__(self, seed: int, rules: RuleSet, tricks_done: int, in_trick: int) -> None:
        rng = random.Random(seed)
        deck = shuffled_deck(rules, rng)
        n = rules.players
        self.hands = [deck[i * rules.hand_size : (i + 1) * rules.hand_size] for i in range(n)]
        self.kitty = deck[n * rules.hand_size :]
        self.trump = Suit(rng.randrange(4))
        self.completed: list[list[Card]] = []
        leader = rng.randrange(n)
        self.trick: list[Card] = []
        for _ in range(tricks_done):
            self.trick = []
            for k in range(n):
                self._play((leader + k) % n, rng)
            self.completed.append(self.trick)
            leader = (leader + trick_winner(self.trick, self.trump)) % n
        self.trick = []
        for k in range(in_trick):
            self._play((leader + k) % n, rng)
        self.seat = (leader + in_trick) % n
        self.hand = self.hands[self.seat]

    def _play(self, seat: int, rng: random.Random) -> None:
        choices = legal_plays(self.hands[seat], self.trick, self.trump)
        card = rng.choice(choices)
        self.hands[seat].remove(card)
        self.trick.append(card)


seeds = st.integers(0, 2**32 - 1)
presets = st.sampled_from([CLASSIC, DOUBLE_DECK, THREE_HANDED])


@st.composite
def positions(draw: st.DrawFn) -> tuple[Position, RuleSet]:
    rules = draw(presets)
    tricks_done = draw(st.integers(0, rules.hand_size - 1))
    in_trick = draw(st.integers(0, rules.players - 1))
    return Position(draw(seeds), rules, tricks_done, in_trick), rules


@settings(max_examples=1500, derandomize=True, deadline=None)
@given(position=positions())
def test_legal_plays_follow_the_rules(position: tuple[Position, RuleSet]) -> None:
    pos, _ = position
    plays = legal_plays(pos.hand, pos.trick, pos.trump)
    assert plays, "there is always a legal card"
    assert len(plays) == len(set(plays))
    assert set(plays) <= set(pos.hand)
    assert set(plays) == reference_legal(pos.hand, pos.trick, pos.trump)


@settings(max_examples=1500, derandomize=True, deadline=None)
@given(position=positions())
def test_legal_cards_all_beat_or_none_does(position: tuple[Position, RuleSet]) -> None:
    """Rule 2: if any legal card beats the winning card, only such cards are legal."""
    pos, _ = position
    assume(pos.trick)
    winning = pos.trick[trick_winner(pos.trick, pos.trump)]
    wins = {beats(card, winning, pos.trump) for card in legal_plays(pos.hand, pos.trick, pos.trump)}
    assert len(wins) == 1


@settings(max_examples=1000, derandomize=True, deadline=None)
@given(position=positions())
def test_check_play_agrees_with_legal_plays_everywhere(position: tuple[Position, RuleSet]) -> None:
    pos, rules = position
    legal = set(legal_plays(pos.hand, pos.trick, pos.trump))
    for card in set(pos.hand):
        verdict = check_play(pos.hand, pos.trick, pos.trump, card, rules)
        assert verdict.legal is (card in legal), (card, verdict.reason)
        assert verdict.reason
        if verdict.legal:
            assert (verdict.rule is TrickRule.LEAD) is (not pos.trick)
        else:
            assert verdict.rule is not TrickRule.LEAD
            assert verdict.rule is not TrickRule.DISCARD
            assert verdict.rule is not TrickRule.NOT_IN_HAND
    for card in set(Card(suit, rank) for suit in Suit for rank in rules.ranks) - set(pos.hand):
        verdict = check_play(pos.hand, pos.trick, pos.trump, card, rules)
        assert not verdict.legal
        assert verdict.rule is TrickRule.NOT_IN_HAND


@settings(max_examples=1000, derandomize=True, deadline=None)
@given(position=positions())
def test_partner_winning_flag(position: tuple[Position, RuleSet]) -> None:
    pos, rules = position
    card = legal_plays(pos.hand, pos.trick, pos.trump)[0]
    verdict = check_play(pos.hand, pos.trick, pos.trump, card, rules)
    expected = (
        rules.partnerships
        and len(pos.trick) >= 2
        and reference_winner(pos.trick, pos.trump) == len(pos.trick) - 2
    )
    assert verdict.partner_winning is expected


@settings(max_examples=300, derandomize=True, deadline=None)
@given(seed=seeds, rules=presets)
def test_a_whole_hand_played_out(seed: int, rules: RuleSet) -> None:
    """Every card is played once (three-handed: all but the kitty); the winner of
    each trick only changes when a later card beats it; the tricks and the kitty
    hold every counter (250 in all with the last trick)."""
    pos = Position(seed, rules, rules.hand_size, 0)
    assert all(not hand for hand in pos.hands)
    assert len(pos.completed) == rules.hand_size
    played = sorted(card for trick in pos.completed for card in trick)
    assert len(pos.kitty) == rules.kitty_size
    assert sorted(played + pos.kitty) == sorted(shuffled_deck(rules, random.Random(0)))
    for trick in pos.completed:
        winner = 0
        for k in range(1, len(trick) + 1):
            now = trick_winner(trick[:k], pos.trump)
            if k > 1 and now != winner:
                assert now == k - 1
                assert beats(trick[k - 1], trick[winner], pos.trump)
            elif k > 1:
                assert not beats(trick[k - 1], trick[winner], pos.trump)
            winner = now
        assert winner == reference_winner(trick, pos.trump)
    counters = sum(rules.counter_points[c.rank] for c in played + pos.kitty)
    assert counters + rules.last_trick_bonus == rules.total_trick_points


def test_identical_cards_first_played_wins_in_every_suit() -> None:
    for trump in Suit:
        for suit in Suit:
            for rank in Rank:
                card = Card(suit, rank)
                assert trick_winner([card, card], trump) == 0
