"""The tutor (pinochle_tutor.explain): every explanation names the rule of record
that decides it and the cards or numbers that prove it.

RULES.md, trick rules: "1 follow suit; 2 beat the currently winning card if you
can legally; 3 void in the led suit: play trump, over-trumping the highest trump
if you can, else any trump; 4 discard only with neither the led suit nor trump.
They apply even when your partner is winning." Meld: "The K and Q inside a run
earn no marriage; an additional complete trump K+Q beside a run earns 40 (run +
extra royal marriage = 190). A run plus a lone extra K or Q earns nothing more.
A double run earns no marriages. A double meld replaces the single one (double
aces = 1000, not 1100)." The seed's contract example: "Your team bids 320 and
shows 180 meld. You need 140 trick points. Capture 160 and you add 340 to your
score. Capture only 130 and you subtract 320."
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
    Auction,
    AuctionProblem,
    Card,
    Hand,
    IllegalPlayError,
    InvalidSeatError,
    MeldKind,
    Phase,
    PinochleError,
    RandomPlayer,
    Rank,
    Suit,
    TrickRule,
    legal_plays,
    make_deck,
    meld,
    parse_cards,
    play_hand,
)
from pinochle_tutor.explain import (
    AuctionRule,
    ClaimedLine,
    ClaimLike,
    ContractOutcome,
    InvalidClaimError,
    InvalidPositionError,
    MeldMistakeKind,
    MeldNoteKind,
    MeldRule,
    diagnose_meld,
    explain_bid,
    explain_call,
    explain_contract,
    explain_legal,
    explain_meld,
    explain_pass,
    explain_play,
    parse_claim,
    review_hand,
)

S, H, D, C = Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


# ------------------------------------------------------------------ 1. one card


def test_not_in_hand() -> None:
    e = explain_play("KC 9C", ["AC"], "H", "AH")
    assert not e.legal and e.rule is TrickRule.NOT_IN_HAND
    assert e.cards == cards("AH")
    assert "You do not hold A♥" in e.text


def test_lead_any_card() -> None:
    e = explain_play("KC 9C AH", [], "H", "9C")
    assert e.legal and e.rule is TrickRule.LEAD
    assert e.led is None and e.winning is None
    assert "You are leading" in e.context


def test_follow_suit_partner_winning() -> None:
    # Seat 2 of the trick: partner led A♣ and is winning; the learner holds clubs.
    e = explain_play("KC 9C AH", ["AC", "10C"], "H", "AH")
    assert not e.legal and e.rule is TrickRule.FOLLOW_SUIT
    assert e.partner_winning
    assert set(e.cards) == set(cards("KC 9C"))
    assert e.text.startswith(
        "Clubs were led and you hold K♣ and 9♣: you must follow suit (rule 1) even though "
        "your partner is winning"
    )
    assert "your partner's card" in e.context


def test_follow_suit_not_partner() -> None:
    e = explain_play("KC 9C AH", ["KC"], "H", "AH")
    assert not e.legal and e.rule is TrickRule.FOLLOW_SUIT and not e.partner_winning
    assert "even though" not in e.text


def test_beat_illegal_names_higher_and_winning_card() -> None:
    e = explain_play("AC 9C", ["KC"], "H", "9C")
    assert not e.legal and e.rule is TrickRule.BEAT
    assert e.cards == cards("AC KC")
    assert (
        e.text
        == "You hold A♣, which beats the winning K♣: rule 2 says you must play a club that beats it."
    )


def test_beat_illegal_partner_winning() -> None:
    e = explain_play("AC 9C", ["KC", "9C"], "H", "9C")
    assert not e.legal and e.rule is TrickRule.BEAT and e.partner_winning
    assert "even though your partner is winning" in e.text


def test_beat_legal() -> None:
    e = explain_play("AC 9C", ["KC"], "H", "AC")
    assert e.legal and e.rule is TrickRule.BEAT


def test_follow_after_trump_any_card_of_led_suit() -> None:
    e = explain_play("AC 9C", ["KC", "9H"], "H", "9C")
    assert e.legal and e.rule is TrickRule.FOLLOW_SUIT
    assert "trumped" in e.text


def test_must_trump() -> None:
    e = explain_play("KS AH", ["KC"], "H", "KS")
    assert not e.legal and e.rule is TrickRule.TRUMP
    assert e.cards == cards("AH")
    assert "you must play a heart (rule 3)" in e.text


def test_must_over_trump_partner_winning() -> None:
    # The learner plays fourth; the partner (second) trumped with 10♥.
    e = explain_play("AH 9H KS", ["KC", "10H", "9C"], "H", "9H")
    assert not e.legal and e.rule is TrickRule.TRUMP and e.partner_winning
    assert e.cards == cards("AH 10H")
    assert "since you hold A♥, which beats the 10♥ already played, you must over-trump" in e.text


def test_trump_legal_and_under_trump_allowed() -> None:
    assert explain_play("AH KS", ["KC", "10H"], "H", "AH").rule is TrickRule.TRUMP
    e = explain_play("9H KS", ["KC", "10H"], "H", "9H")
    assert e.legal and e.rule is TrickRule.TRUMP


def test_discard() -> None:
    e = explain_play("KS QD", ["KC"], "H", "QD")
    assert e.legal and e.rule is TrickRule.DISCARD


def test_full_trick_is_refused() -> None:
    with pytest.raises(InvalidPositionError, match="already holds 4 cards"):
        explain_play("KS", "AC KC 9C 9C", "H", "KS")


# --------------------------------------------------------------- 2. legal set


def test_legal_set_groups_follow_and_beat() -> None:
    e = explain_legal("AC 9C AH 9H KS", ["KC"], "H")
    assert e.legal == tuple(legal_plays("AC 9C AH 9H KS", ["KC"], "H"))
    assert [(g.rule, g.cards) for g in e.legal_groups] == [(TrickRule.BEAT, cards("AC"))]
    assert [(g.rule, set(g.cards)) for g in e.illegal_groups] == [
        (TrickRule.FOLLOW_SUIT, set(cards("KS AH 9H"))),
        (TrickRule.BEAT, {Card(C, Rank.NINE)}),
    ]
    assert "Not 9♣: you hold A♣, which can beat the winning K♣" in e.text


def test_legal_set_over_trump_groups() -> None:
    e = explain_legal("AH 9H KS", ["KC", "10H", "9C"], "H")
    assert e.legal == cards("AH")
    (illegal,) = e.illegal_groups
    assert illegal.rule is TrickRule.TRUMP and set(illegal.cards) == set(cards("9H KS"))
    assert "even though your partner is winning" in illegal.text
    group = e.group_of(Card(S, Rank.KING))
    assert group is illegal


def test_legal_set_lead_and_discard() -> None:
    lead = explain_legal("KS QD", [], "H")
    assert [g.rule for g in lead.legal_groups] == [TrickRule.LEAD] and not lead.illegal_groups
    discard = explain_legal("KS QD", ["KC"], "H")
    assert [g.rule for g in discard.legal_groups] == [TrickRule.DISCARD]
    follow = explain_legal("9C KS", ["AC"], "H")
    assert [g.rule for g in follow.legal_groups] == [TrickRule.FOLLOW_SUIT]


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[Card], list[Card], Suit]:
    deck = draw(st.permutations(make_deck()))
    size = draw(st.integers(1, 12))
    played = draw(st.integers(0, 3))
    trump = draw(st.sampled_from(list(Suit)))
    return list(deck[:size]), list(deck[size : size + played]), trump


@settings(max_examples=300, derandomize=True, deadline=None)
@given(positions())
def test_explain_legal_agrees_with_legal_plays(pos: tuple[list[Card], list[Card], Suit]) -> None:
    hand, trick, trump = pos
    e = explain_legal(hand, trick, trump)
    assert list(e.legal) == legal_plays(hand, trick, trump)
    grouped = [c for g in (*e.legal_groups, *e.illegal_groups) for c in g.cards]
    assert sorted(grouped) == sorted(set(hand))
    for g in e.legal_groups:
        assert all(explain_play(hand, trick, trump, c).rule is g.rule for c in g.cards)
    assert all(g.text for g in (*e.legal_groups, *e.illegal_groups))


# ------------------------------------------------------------------ 3. meld notes


def test_meld_shared_card_queen_of_spades() -> None:
    e = explain_meld("KS QS QH QD QC JD", "H")
    assert e.total == 20 + 60 + 40
    (note,) = [n for n in e.notes if n.kind is MeldNoteKind.SHARED_CARD]
    assert note.cards == (Card(S, Rank.QUEEN),)
    assert note.melds == ("spade marriage", "queens around", "pinochle")
    assert note.rule is MeldRule.ONE_CATEGORY_ONCE


def test_meld_run_notes_extra_royal_190() -> None:
    e = explain_meld("AH 10H KH QH JH KH QH", "H")
    assert e.total == 190
    kinds = e.note_kinds()
    assert MeldNoteKind.RUN_KQ_NO_MARRIAGE in kinds
    (extra,) = [n for n in e.notes if n.kind is MeldNoteKind.EXTRA_ROYAL_BESIDE_RUN]
    assert extra.points == (150, 40, 190)
    assert "run + royal marriage = 190" in extra.text
    # Both K♥ are held: no card is reused, so no shared-card note for K♥.
    assert not any(n.kind is MeldNoteKind.SHARED_CARD for n in e.notes)


def test_meld_lone_extra_king_beside_run() -> None:
    e = explain_meld("AH 10H KH QH JH KH", "H")
    assert e.total == 150
    (lone,) = [n for n in e.notes if n.kind is MeldNoteKind.LONE_EXTRA_BESIDE_RUN]
    assert lone.cards == (Card(H, Rank.KING),)
    assert "earns nothing" in lone.text and lone.rule is MeldRule.RUN_MARRIAGES


def test_meld_double_aces_replace_single() -> None:
    e = explain_meld("AS AS AH AH AD AD AC AC", "S")
    assert e.total == 1000
    (note,) = [n for n in e.notes if n.kind is MeldNoteKind.DOUBLE_REPLACES_SINGLE]
    assert note.points == (1000, 100, 1100)
    assert "count 1000, not 1100" in note.text


def test_meld_double_run_no_marriages() -> None:
    e = explain_meld("AH 10H KH QH JH AH 10H KH QH JH", "H")
    assert e.total == 1500
    assert MeldNoteKind.DOUBLE_RUN_NO_MARRIAGES in e.note_kinds()
    assert MeldNoteKind.DOUBLE_REPLACES_SINGLE in e.note_kinds()
    assert not any(i.kind is MeldKind.ROYAL_MARRIAGE for i in e.items)


def test_meld_pinochle_one_jack() -> None:
    e = explain_meld("QS QS JD", "H")
    (note,) = [n for n in e.notes if n.kind is MeldNoteKind.INCOMPLETE_SECOND_SET]
    assert note.cards == (Card(S, Rank.QUEEN),) and note.missing == (Card(D, Rank.JACK),)
    assert "one pinochle (40), not a double pinochle (300)" in note.text


def test_meld_shared_ace_in_run_and_around() -> None:
    e = explain_meld("AH 10H KH QH JH AS AD AC", "H")
    shared = [n for n in e.notes if n.kind is MeldNoteKind.SHARED_CARD]
    assert [n.cards for n in shared] == [(Card(H, Rank.ACE),)]
    assert "nothing" not in e.text  # no lone K/Q


def test_meld_empty() -> None:
    assert explain_meld("9S JH", "D").text == "With diamonds trump this hand has no meld: 0."


# ------------------------------------------------------------- 4. meld diagnosis

RUN = "AH 10H KH QH JH 9S"  # hearts trump: run 150


def test_diagnose_correct() -> None:
    d = diagnose_meld(RUN, "H", 150)
    assert d.correct and d.text.startswith("Right: the meld is 150.")


def test_diagnose_run_kq_as_royal_from_total() -> None:
    d = diagnose_meld(RUN, "H", 190)
    assert not d.correct and d.difference == 40
    (m,) = d.identified
    assert m.kind is MeldMistakeKind.RUN_KQ_AS_ROYAL and m.rule is MeldRule.RUN_MARRIAGES
    assert m.cards == cards("KH QH")
    assert d.rules_broken == (MeldRule.RUN_MARRIAGES,)


def test_diagnose_run_kq_as_royal_from_claims() -> None:
    d = diagnose_meld(RUN, "H", 190, ["run", "royal marriage"])
    assert [m.kind for m in d.mistakes] == [MeldMistakeKind.RUN_KQ_AS_ROYAL]
    assert d.rules_broken == (MeldRule.RUN_MARRIAGES,)


def test_diagnose_lone_extra_king_is_ambiguous_from_total_proved_from_claims() -> None:
    hand = "AH 10H KH QH JH KH"
    d = diagnose_meld(hand, "H", 190)
    kinds = {combo[0].kind for combo in d.candidates}
    assert kinds == {MeldMistakeKind.RUN_KQ_AS_ROYAL, MeldMistakeKind.LONE_EXTRA_BESIDE_RUN}
    assert d.identified == ()  # never claims one it cannot prove
    assert "cannot tell" in d.text
    proved = diagnose_meld(hand, "H", 190, ["run", "royal marriage"])
    assert [m.kind for m in proved.mistakes] == [MeldMistakeKind.LONE_EXTRA_BESIDE_RUN]
    assert proved.mistakes[0].cards == (Card(H, Rank.KING),)


def test_diagnose_double_aces_1100() -> None:
    hand = "AS AS AH AH AD AD AC AC 9C JS"
    assert meld(hand, "C").total == 1010
    d = diagnose_meld(hand, "C", 1110)
    (m,) = d.identified
    assert m.kind is MeldMistakeKind.DOUBLE_AS_SINGLE_PLUS_DOUBLE and m.delta == 100
    assert m.rule is MeldRule.DOUBLE_REPLACES_SINGLE
    claims = diagnose_meld(hand, "C", 1110, ["double aces around", "aces around", "dix"])
    assert [x.kind for x in claims.mistakes] == [MeldMistakeKind.DOUBLE_AS_SINGLE_PLUS_DOUBLE]


def test_diagnose_double_pinochle_340() -> None:
    hand = "QS QS JD JD"
    d = diagnose_meld(hand, "H", 340)
    (m,) = d.identified
    assert m.kind is MeldMistakeKind.DOUBLE_AS_SINGLE_PLUS_DOUBLE and m.meld == "double pinochle"


def test_diagnose_double_kings_as_two_singles_from_claims() -> None:
    hand = "KS KS KH KH KD KD KC KC"
    d = diagnose_meld(hand, "S", 160, ["kings around", "kings around"])
    assert [m.kind for m in d.mistakes] == [MeldMistakeKind.DOUBLE_AS_TWO_SINGLES]
    assert d.mistakes[0].delta == -640


def test_diagnose_forgot_dix() -> None:
    d = diagnose_meld("AH 10H KH QH JH 9H", "H", 150)
    (m,) = d.identified
    assert m.kind is MeldMistakeKind.FORGOT_DIX and m.cards == cards("9H")
    claims = diagnose_meld("AH 10H KH QH JH 9H 9H", "H", 150, ["run"])
    assert [(m.kind, m.count, m.delta) for m in claims.mistakes] == [
        (MeldMistakeKind.FORGOT_DIX, 2, -20)
    ]
    assert "2 dix" in claims.mistakes[0].text


def test_diagnose_forgot_marriage() -> None:
    d = diagnose_meld("KS QS 9D", "H", 0)
    (m,) = d.identified
    assert m.kind is MeldMistakeKind.FORGOT_MARRIAGE and m.meld == "spade marriage"


def test_diagnose_marriage_as_royal_and_royal_as_plain() -> None:
    up = diagnose_meld("KS QS 9D", "H", 40)
    assert [m.kind for m in up.identified] == [MeldMistakeKind.MARRIAGE_AS_ROYAL]
    down = diagnose_meld("KH QH 9D", "H", 20)
    # -20 with only a royal marriage: royal counted as plain (forgetting it would be -40).
    assert [m.kind for m in down.identified] == [MeldMistakeKind.ROYAL_AS_PLAIN]
    assert down.rules_broken == (MeldRule.MARRIAGE_VALUES,)
    claimed = diagnose_meld("KH QH KS QS", "H", 80, ["royal marriage", "royal marriage"])
    assert [m.kind for m in claimed.mistakes] == [MeldMistakeKind.MARRIAGE_AS_ROYAL]
    plain = diagnose_meld("KH QH", "H", 20, ["heart marriage"])
    assert [m.kind for m in plain.mistakes] == [MeldMistakeKind.ROYAL_AS_PLAIN]


def test_diagnose_ambiguous_minus_20_lists_candidates() -> None:
    # A royal marriage and a spade marriage: -20 is "forgot the spade marriage"
    # or "counted the royal marriage as plain".
    d = diagnose_meld("KH QH KS QS", "H", 40)
    kinds = {combo[0].kind for combo in d.candidates}
    assert kinds == {MeldMistakeKind.FORGOT_MARRIAGE, MeldMistakeKind.ROYAL_AS_PLAIN}
    assert d.identified == () and d.rules_broken == ()
    assert "explain a total 20 too few" in d.text


def test_diagnose_pinochle_twice_one_jack() -> None:
    d = diagnose_meld("QS QS JD", "H", 80)
    (m,) = d.identified
    assert m.kind is MeldMistakeKind.PINOCHLE_TWICE and m.missing == (Card(D, Rank.JACK),)
    assert m.rule is MeldRule.ONE_CATEGORY_ONCE
    double = diagnose_meld("QS QS JD", "H", 300)
    assert [x.kind for x in double.identified] == [MeldMistakeKind.PINOCHLE_TWICE]
    claims = diagnose_meld("QS QS JD", "H", 300, ["double pinochle"])
    assert [x.kind for x in claims.mistakes] == [MeldMistakeKind.PINOCHLE_TWICE]


def test_diagnose_missed_around() -> None:
    d = diagnose_meld("AS AH AD AC 9S", "H", 0)
    (m,) = d.identified
    assert m.kind is MeldMistakeKind.MISSED_AROUND and m.delta == -100
    claims = diagnose_meld("AS AH AD AC", "H", 0, [])
    assert [x.kind for x in claims.mistakes] == [MeldMistakeKind.MISSED_AROUND]
    assert claims.missed[0].kind is MeldKind.ACES_AROUND


def test_diagnose_phantom_and_addition() -> None:
    d = diagnose_meld("AS AH AD 9C", "H", 110, ["aces around"])
    kinds = [m.kind for m in d.mistakes]
    assert kinds == [MeldMistakeKind.COUNTED_MISSING_MELD, MeldMistakeKind.ADDITION]
    assert d.mistakes[0].missing == (Card(C, Rank.ACE),)
    assert d.phantom == (ClaimedLine(MeldKind.ACES_AROUND),)
    assert "A♣, which you do not hold" in d.text


def test_diagnose_claims_right_total_wrong_lines() -> None:
    # Counted the heart marriage as royal (+20) and forgot both dix (-20).
    d = diagnose_meld("KH QH KS QS 9S 9S", "S", 80, ["royal marriage", "royal marriage"])
    assert d.difference == 0 and not d.correct
    assert [m.kind for m in d.mistakes] == [
        MeldMistakeKind.MARRIAGE_AS_ROYAL,
        MeldMistakeKind.FORGOT_DIX,
    ]
    assert "right, but some of your lines are not" in d.text


def test_diagnose_no_explanation() -> None:
    d = diagnose_meld(RUN, "H", 153)
    assert d.candidates == () and "None of the usual counting mistakes" in d.text


def test_claim_parsing() -> None:
    assert parse_claim("Double Aces Around") == ClaimedLine(MeldKind.ACES_AROUND, 2)
    assert parse_claim("spade marriage") == ClaimedLine(MeldKind.MARRIAGE, 1, S)
    assert parse_claim("marriage in clubs") == ClaimedLine(MeldKind.MARRIAGE, 1, C)
    assert parse_claim((MeldKind.PINOCHLE, 2)) == ClaimedLine(MeldKind.PINOCHLE, 2)
    with pytest.raises(InvalidClaimError, match="'triple aces around'"):
        parse_claim("triple aces around")
    assert parse_claim("triple aces around", DOUBLE_DECK).multiple == 3
    with pytest.raises(InvalidClaimError, match="'royal wedding'"):
        parse_claim("royal wedding")
    with pytest.raises(InvalidClaimError, match="'double dix'"):
        parse_claim("double dix")
    with pytest.raises(InvalidClaimError, match="'dix'"):
        parse_claim("dix", DOUBLE_DECK)
    with pytest.raises(InvalidClaimError, match="'lots'"):
        diagnose_meld(RUN, "H", "lots")  # type: ignore[arg-type]
    assert issubclass(InvalidClaimError, PinochleError)


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.permutations(make_deck()), st.sampled_from(list(Suit)))
def test_diagnose_correct_total_is_always_right(deck: list[Card], trump: Suit) -> None:
    hand = deck[:12]
    total = meld(hand, trump).total
    assert diagnose_meld(hand, trump, total).correct
    items = meld(hand, trump).items
    assert diagnose_meld(hand, trump, total, list(items)).correct


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.permutations(make_deck()), st.sampled_from(list(Suit)), st.booleans())
def test_extra_royal_beside_run_names_the_run_rule(
    deck: list[Card], trump: Suit, force: bool
) -> None:
    run = [Card(trump, r) for r in (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)]
    hand = list(deck[:12])
    if force:  # make sure a run is present, keeping at most two copies of each card
        rest = [c for c in deck if c not in run][:7]
        hand = run + rest
        assert max(Counter(hand).values()) <= 2
    report = meld(hand, trump)
    claimed: list[ClaimLike] = [*report.items, "royal marriage"]
    d = diagnose_meld(hand, trump, report.total + CLASSIC.meld_table.royal_marriage, claimed)
    has_run = any(i.kind is MeldKind.RUN for i in report.items)
    if has_run:
        assert MeldRule.RUN_MARRIAGES in d.rules_broken
        assert d.mistakes[0].kind in (
            MeldMistakeKind.RUN_KQ_AS_ROYAL,
            MeldMistakeKind.LONE_EXTRA_BESIDE_RUN,
        )
    assert not d.correct and d.difference == 40


# ---------------------------------------------------------------- 5. contract


def test_contract_seed_example_made() -> None:
    e = explain_contract(320, 180, 160, 0, 90)
    assert (e.bid, e.bidder_meld, e.needed, e.captured) == (320, 180, 140, 160)
    assert e.outcome is ContractOutcome.MADE and e.bidder_change == 340
    assert "needed 140 of the 250 trick points" in e.text
    assert "+340" in e.text


def test_contract_seed_example_short() -> None:
    e = explain_contract(320, 180, 130, 0, 120)
    assert e.outcome is ContractOutcome.SHORT and e.bidder_change == -320
    assert "180 + 130 = 310, 10 short of 320" in e.text and "-320" in e.text


def test_contract_double_deck_numbers() -> None:
    e = explain_contract(50, 22, 30, 10, 20, DOUBLE_DECK)
    assert "needed 28 of the 50 trick points" in e.text
    assert e.bidder_change == 52 and e.defender_change == 30


def test_contract_set_with_no_trick_points() -> None:
    e = explain_contract(300, 320, 0, 40, 250)
    assert e.outcome is ContractOutcome.SET_NO_TRICKS and e.bidder_change == -300
    assert e.minimum_tricks == 10
    assert "meld is kept only with at least 10 trick points" in e.text


# Classic trick points come in tens, so meld is lost only by a side with no trick
# points; a house rule that keeps meld only from 20 shows the rule at work.
SAVE_20 = CLASSIC.with_settings(meld_save=20)


def test_contract_meld_lost_under_the_save() -> None:
    e = explain_contract(300, 320, 10, 40, 240, SAVE_20)
    assert e.outcome is ContractOutcome.SHORT and not e.score.bidder_meld_kept
    assert "fewer than 20, so they lose their meld" in e.text


def test_defenders_lose_meld_under_the_save() -> None:
    e = explain_contract(250, 200, 240, 60, 10, SAVE_20)
    assert e.defender_change == 0 and "lose their 60 meld" in e.text


def test_contract_conceded() -> None:
    e = explain_contract(300, 100, 0, 50, 0, conceded=True)
    assert e.outcome is ContractOutcome.CONCEDED
    assert (e.bidder_change, e.defender_change) == (-300, 50)
    assert "conceded" in e.text and "meld only" in e.text


def test_contract_bad_numbers_raise() -> None:
    with pytest.raises(PinochleError, match="The bidders' trick points cannot be 300"):
        explain_contract(300, 100, 300, 0, 0)


# ---------------------------------------------------------------- 6. auction


def test_bid_below_opening() -> None:
    e = explain_bid(Auction(dealer=0), 240)
    assert not e.legal and e.problem is AuctionProblem.BELOW_OPENING
    assert e.rule is AuctionRule.OPENING_MINIMUM and e.minimum == 250
    assert "at least 250" in e.text


def test_bid_not_multiple() -> None:
    e = explain_bid(Auction(dealer=0), 255)
    assert e.problem is AuctionProblem.NOT_MULTIPLE and e.rule is AuctionRule.INCREMENT


def test_bid_not_above() -> None:
    a = Auction(dealer=0)
    a.bid(250)
    e = explain_bid(a, 250)
    assert (
        e.problem is AuctionProblem.NOT_ABOVE and e.rule is AuctionRule.RAISE and e.minimum == 260
    )


def test_bid_not_a_number() -> None:
    e = explain_bid(Auction(dealer=0), "lots")
    assert e.problem is AuctionProblem.NOT_A_NUMBER and e.rule is AuctionRule.WHOLE_NUMBER
    assert "'lots'" in e.text


def test_legal_bid_and_pass() -> None:
    a = Auction(dealer=0)
    e = explain_bid(a, 250)
    assert e.legal and e.rule is AuctionRule.OPENING_MINIMUM and "open" in e.text
    a.bid(250)
    raise_ = explain_bid(a, 270)
    assert (
        raise_.legal
        and raise_.rule is AuctionRule.RAISE
        and "raises seat 1's 250 by 20" in raise_.text
    )
    p = explain_pass(a)
    assert p.legal and p.is_pass and p.rule is AuctionRule.PASS_IS_FINAL


def test_call_after_passing() -> None:
    a = Auction(dealer=0)
    a.bid(250)  # seat 1
    a.pass_()  # seat 2
    e = explain_call(a, 2, 300)
    assert not e.legal and e.problem is AuctionProblem.ALREADY_PASSED
    assert e.rule is AuctionRule.PASS_IS_FINAL
    assert e.text.startswith("Seat 2 has passed; a pass is final")
    assert "It is seat 3's turn" in e.text


def test_call_out_of_turn() -> None:
    a = Auction(dealer=0)
    e = explain_call(a, 3, 250)
    assert not e.legal and e.rule is AuctionRule.TURN_ORDER and e.turn == 1
    assert "It is seat 1's turn, not seat 3's" in e.text
    assert explain_call(a, 1, 250).legal


def test_auction_over() -> None:
    a = Auction(dealer=0)
    a.bid(250)
    a.pass_()
    a.pass_()
    a.pass_()
    assert a.is_over
    e = explain_bid(a, 300)
    assert e.problem is AuctionProblem.AUCTION_OVER and e.rule is AuctionRule.AUCTION_OVER
    assert explain_pass(a).problem is AuctionProblem.AUCTION_OVER
    assert explain_call(a, 2, None).problem is AuctionProblem.AUCTION_OVER


def test_dealer_stuck() -> None:
    a = Auction(dealer=0)
    for _ in range(3):
        a.pass_()
    assert a.stuck
    e = explain_call(a, 0, None)
    assert e.problem is AuctionProblem.DEALER_STUCK and e.rule is AuctionRule.DEALER_STUCK
    assert "stuck with the contract at 250" in e.text
    assert "the dealer takes the contract at 250" in explain_bid(a, 260).text


def test_call_bad_seat() -> None:
    with pytest.raises(InvalidSeatError, match="seat=7"):
        explain_call(Auction(dealer=0), 7, 250)


# ------------------------------------------------------------------ 7. review


def _scripted_hand(learner: int = 0, seed: int = 11) -> tuple[Hand, list[tuple[int, TrickRule]]]:
    """Drive a hand: seat 1 bids 250, everyone else passes; the learner tries
    every illegal card it holds once before playing its first legal card."""
    hand = Hand(dealer=0, seed=seed)
    hand.bid(1, 250)
    hand.bid(2, None)
    hand.bid(3, None)
    hand.bid(0, None)
    assert hand.declarer == 1 and hand.phase is Phase.TRUMP
    hand.name_trump(1, "S")
    hand.pass_cards(3, hand.hands[3][:4])
    hand.return_cards(1, hand.hands[1][:4])
    tried: list[tuple[int, TrickRule]] = []
    while hand.phase is not Phase.DONE:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_plays()
        if seat == learner:
            for card in sorted(set(hand.hands[seat]) - set(legal)):
                with pytest.raises(IllegalPlayError) as err:
                    hand.play(seat, card)
                assert err.value.verdict is not None
                tried.append((len(hand.tricks) + 1, err.value.verdict.rule))
        hand.play(seat, legal[0])
    return hand, tried


def test_review_scripted_hand() -> None:
    hand, tried = _scripted_hand()
    assert tried, "the script should produce illegal attempts"
    review = review_hand(hand, 0)
    assert len(review.tricks) == 12
    assert [(a.trick_number, a.explanation.rule) for a in review.attempts] == tried
    assert all(not a.explanation.legal for a in review.attempts)
    assert review.tricks[-1].running == tuple(hand.side_points)
    assert sum(t.points for t in review.tricks) == CLASSIC.total_trick_points
    assert review.tricks[-1].last and "for the last trick" in review.text
    assert review.contract_explanation is not None
    assert review.contract_explanation.bidder_change == hand.scores[0].bidder
    text = review.text
    # seats are named as the learner calls them, never by number
    assert not re.search(r"\b[Ss]eats? \d", text) and "Meld: your side " in text
    assert "Trick 1: " in text and " you " in text.split("Trick 1: ", 1)[1].split("\n")[0] + " "
    assert f"You tried {len(tried)} card" in text
    assert review.contract_explanation.text in text


def test_review_folds_repeated_refused_tries_into_one_line_per_trick() -> None:
    """A learner who clicks refused cards again and again (17 tries in one trick, in
    the table test) gets one line for that trick: each card with how often it was
    tried and the rules that refused them, each card's rule the engine's own."""
    hand = Hand(dealer=0, seed=11)
    hand.bid(1, 250)
    for passer in (2, 3, 0):
        hand.bid(passer, None)
    hand.name_trump(1, "S")
    hand.pass_cards(3, hand.hands[3][:4])
    hand.return_cards(1, hand.hands[1][:4])
    folded: dict[int, Counter[str]] = {}
    while hand.phase is not Phase.DONE:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_plays()
        refused = sorted(set(hand.hands[seat]) - set(legal))
        if seat == 0 and refused:
            tries: Counter[str] = Counter()
            for k, card in enumerate(refused[:3]):
                for _ in range(k + 1):  # the first card once, the second twice, ...
                    with pytest.raises(IllegalPlayError):
                        hand.play(seat, card)
                    tries[card.text] += 1
            folded[len(hand.tricks) + 1] = tries
        hand.play(seat, legal[0])
    assert any(len(t) > 1 for t in folded.values()), "the deal should give a trick with several refused cards"
    review = review_hand(hand, 0)
    assert [r.trick_number for r in review.refused] == sorted(folded)
    text = review.text
    for r in review.refused:
        tries = folded[r.trick_number]
        assert {c.text: n for c, n in r.tries} == dict(tries)
        assert len(r.attempts) == sum(tries.values())
        # one line for the trick, however many tries
        lines = [ln for ln in text.splitlines() if ln.startswith(f"  ! Trick {r.trick_number}:")]
        assert lines == [f"  ! {r.text}"]
        # every refused card stands in exactly one group, under the rule that refused it
        grouped = [c for g in r.groups for c in g.cards]
        assert sorted(grouped) == sorted({a.explanation.card for a in r.attempts})
        for g in r.groups:
            assert not g.legal
            for c in g.cards:
                rule = next(a.explanation.rule for a in r.attempts if a.explanation.card == c)
                assert g.rule is rule
        if len(tries) > 1:
            assert f"you tried {len(r.attempts)} cards the rules refused" in r.text
            assert "(twice)" in r.text
    assert f"You tried {len(review.attempts)} cards that the rules did not allow." in text


def test_review_other_seat_sees_no_learner_attempts() -> None:
    hand, tried = _scripted_hand(learner=0)
    assert tried
    assert review_hand(hand, 2).attempts == ()


def test_review_random_hands() -> None:
    rng = random.Random(5)
    for seed in range(20):
        hand = play_hand([RandomPlayer(rng.randrange(10**6)) for _ in range(4)], seed=seed)
        review = review_hand(hand, seed % 4)
        if hand.conceded:
            continue
        assert review.tricks[-1].running == tuple(hand.side_points)
        winners = [t.winner for t in review.tricks]
        assert [t.leader for t in review.tricks[1:]] == winners[:-1]
        assert review.contracts[0].score == hand.scores[0]


def test_review_unfinished_hand_and_bad_seat() -> None:
    hand = Hand(dealer=0, seed=1)
    review = review_hand(hand, 1)
    assert review.tricks == () and review.contracts == ()
    assert "not reached trick play" in review.text
    with pytest.raises(InvalidSeatError, match="learner_seat=4"):
        review_hand(hand, 4)
