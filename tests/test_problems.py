"""Problem deals: every problem of the bank passes the all-choices check (its answer
against every legal card, call or pass, on the same deals) and the load check; a wrong
answer fails both; no set gives one answer to most of its problems; the write-ups name
the strongest alternative and count; a bad problem is refused by name, malformed ones
with a message, the marks and the widget."""

from __future__ import annotations

import dataclasses
import functools
import importlib.util
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from pinochle_tutor.actions import Action, Bid, Give, Play
from pinochle_tutor.cards import Card, Suit, cards_text
from pinochle_tutor.classroom.progress import Progress
from pinochle_tutor.coach.play_principles import principle_fits
from pinochle_tutor.course.problem_bank import (
    load_problems,
    problem_entry,
    problems_toml,
    read_problems,
)
from pinochle_tutor.course.problem_judge import (
    ProblemJudge,
    check_all_choices,
    check_problem,
    side_count,
)
from pinochle_tutor.course.problems import (
    CLEAR,
    MIN_MARGIN,
    Problem,
    ProblemCheck,
    ProblemError,
    answer_kind,
    describe_position,
    lead_to_a_void,
    mark_problem,
    min_margin,
    options,
)
from pinochle_tutor.course.quiz.vocabulary import QuizRule
from pinochle_tutor.course.tips import Tip
from pinochle_tutor.deal import make_deck
from pinochle_tutor.explain.coaching import PlayPrinciple
from pinochle_tutor.explain.still_out import OutCount, count_still_out
from pinochle_tutor.game import Hand
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED
from pinochle_tutor.scoring import minimum_tricks
from pinochle_tutor.sim.policy import default_allowance
from pinochle_tutor.tricks import trick_winner
from pinochle_tutor.view import Phase, PlayerView, seat_words
from pinochle_widgets.problem_deal import ProblemDeal
from tests.widget_client import client_click

BANK = Path(__file__).resolve().parent.parent / "exercises" / "problems"
FINDER = Path(__file__).resolve().parent.parent / "scripts" / "find_problems.py"


@functools.cache
def bank() -> tuple[list[tuple[Problem, ProblemCheck]], list[str]]:
    good, refused = load_problems(BANK)
    return good, [r.message for r in refused]


def test_every_problem_of_the_bank_passes_the_coach_s_check() -> None:
    good, refused = bank()
    assert refused == []
    for problem, check in good:
        assert check.passed, problem.id
        assert not check.every  # the load check weighs the offered choices only
        for v in check.others:
            assert v.margin - CLEAR * v.margin_stderr >= min_margin(problem.rules), (problem.id, v)
            assert v.loss == v.margin  # the answer is the best: every loss is a margin over it


def every_problem() -> list[Problem]:
    return [p for path in sorted(BANK.glob("*.toml")) for p in read_problems(path)[0]]


@functools.cache
def judge(pid: str) -> ProblemJudge:
    """One judge per problem for the session: the all-choices check, the load check and
    the deliberately wrong answers below read the same deals, each played once."""
    return ProblemJudge(next(p for p in every_problem() if p.id == pid))


@functools.cache
def all_choices(pid: str) -> ProblemCheck:
    return judge(pid).all_choices()


@pytest.mark.parametrize("pid", [p.id for p in every_problem()])
def test_every_problem_passes_the_all_choices_check(pid: str) -> None:
    """The answer against every legal choice (every card; pass and every bid; every pass
    of 4 cards), on the same deals: 160 to 2,560 for a card or a call, 32, then 96 to
    1,536 for an exchange (check_all_choices' docstring). The lower 95% bound of its
    margin over each is at least the least margin, and the page offers the two
    strongest other choices."""
    check = all_choices(pid)
    problem = check.problem
    assert check.every and check.passed, (pid, check.reason)
    assert all(v.lower >= min_margin(problem.rules) for v in check.others)
    offered = options(problem)
    for v in check.strongest:
        assert v.choice in offered, (pid, v.choice.text, [a.text for a in offered])


def test_the_all_choices_check_covers_every_file_of_the_bank() -> None:
    """Every bank file, partner_call.toml too, is read into the parametrized checks above:
    each tip has its problems there."""
    assert {path.stem for path in BANK.glob("*.toml")} == {t.value for t in Tip}
    assert {p.tip for p in every_problem()} == set(Tip)


@pytest.mark.parametrize("tip", list(Tip), ids=lambda t: t.value)
def test_each_tip_and_the_exchange_has_at_least_five_problems(tip: Tip) -> None:
    mine = [p for p, _ in bank()[0] if p.tip is tip]
    assert len(mine) >= 5, (tip, len(mine))


@pytest.mark.parametrize("tip", [t for t in Tip if t is not Tip.EXCHANGE], ids=lambda t: t.value)
def test_no_set_has_one_answer_for_more_than_half_its_problems(tip: Tip) -> None:
    """A set's title never gives its answer away: for a call the call (pass or bid), for
    a card whether it is a counter (A, 10, K)."""
    kinds = Counter(answer_kind(p) for p, _ in bank()[0] if p.tip is tip)
    most = max(kinds.values())
    assert 2 * most <= sum(kinds.values()), (tip, kinds)


def test_a_set_with_one_answer_is_counted_as_such() -> None:
    """The count above fails on a set like count_first before this change: five bids."""
    bids = [
        dataclasses.replace(p, answer=Bid(250)) for p, _ in bank()[0] if p.tip is Tip.COUNT_FIRST
    ]
    kinds = Counter(answer_kind(p) for p in bids)
    assert kinds == Counter({"bid": len(bids)}) and 2 * max(kinds.values()) > len(bids)


def strongest_words(v_choice: Action, answer: Action) -> list[str]:
    """The words a write-up must use to name a choice (set against the answer)."""
    if isinstance(v_choice, Play):
        return [v_choice.card.text]
    if isinstance(v_choice, Bid):
        return ["pass" if v_choice.amount is None else str(v_choice.amount)]
    assert isinstance(v_choice, Give) and isinstance(answer, Give)
    return [c.text for c in (Counter(v_choice.cards) - Counter(answer.cards)).elements()]


@pytest.mark.parametrize("pid", [p.id for p in every_problem()])
def test_each_write_up_names_the_strongest_alternative(pid: str) -> None:
    check = all_choices(pid)
    text = check.problem.writeup.lower()
    strongest = check.others[0]
    for word in strongest_words(strongest.choice, check.problem.answer):
        assert word.lower() in text, (pid, word, check.problem.writeup)


def test_call_write_ups_state_the_count() -> None:
    """A bidding write-up counts: the hand's meld, and the side's meld and trick points
    on the coach's deals (about: to the nearest 5) against the bid, with the rule set's
    numbers; a count-first answer follows the count."""
    mine = [p for p, _ in bank()[0] if p.tip in (Tip.COUNT_FIRST, Tip.MELD_ALONE)]
    assert mine
    for p in mine:
        c = side_count(p)
        about = [int(x) for x in re.findall(r"about (\d+)", p.writeup)]
        assert len(about) >= 3, (p.id, p.writeup)
        side, tricks, total = about[:3]
        assert abs(side - c.side_meld) <= 5 and abs(tricks - c.tricks) <= 5, (p.id, about, c)
        assert abs(total - c.total) <= 5, (p.id, about, c)
        assert f"of the {p.rules.total_trick_points} trick points" in p.writeup
        assert f"against the {c.bid}" in p.writeup and f"{p.rules.exchange_size} cards" in p.writeup
        assert f"your meld is {c.meld}" in p.writeup.lower() or (
            c.meld == 0 and "nothing" in p.writeup
        )
        passing = answer_kind(p) == "pass"
        assert passing == (c.make_chance < 0.5), (p.id, c)  # the side makes the bid on most deals
        if p.tip is Tip.COUNT_FIRST:
            assert passing == (c.total < c.bid), (p.id, c)  # and the count says so


@functools.cache
def finder() -> ModuleType:
    """``scripts/find_problems.py`` as a module (a script, not a package)."""
    spec = importlib.util.spec_from_file_location("find_problems", FINDER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def auction_views(seeds: range) -> list[PlayerView]:
    """Every call of the heuristic players' auctions on the deals ``seeds``, from the
    seat to call (the finder's own deals)."""
    views = []
    for seed in seeds:
        for h, _done in finder()._decisions(seed, seed % CLASSIC.players):
            if h.phase is not Phase.AUCTION:
                break
            assert h.to_act is not None
            views.append(h.view(h.to_act))
    return views


def partner_filter_amiss(situation: Callable[[PlayerView], str | None],
                         views: list[PlayerView]) -> list[str]:  # fmt: skip
    """The calls ``situation`` places wrong: a call where the partner has not called in
    the auction must be left out (``None``); after the partner's pass, ``'passed'``; while
    the partner holds the bid, ``'holds'``; after an opponent bid over the partner,
    ``'outbid'``."""
    amiss = []
    for v in views:
        mine = [a for s, a in v.auction if s == v.partner]
        bidders = [s for s, a in v.auction if a is not None]
        want = (
            None if not mine
            else "passed" if mine[-1] is None
            else "holds" if bidders[-1] == v.partner else "outbid"
        )  # fmt: skip
        got = situation(v)
        if got != want:
            amiss.append(
                f"after {[a for _, a in v.auction]} from seat {v.seat}: {got!r}, not {want!r}"
            )
    return amiss


def test_the_partner_call_finder_keeps_only_calls_after_the_partner_has_called() -> None:
    """The finder's partner-call filter on every call of twelve auctions: left out until
    the partner has called, and each call after it placed by where the partner's calls
    left the auction (all four cases come up). A filter that lets a call through before
    the partner has called fails, at exactly those calls; and the candidate of such a
    call is none, before any simulation."""
    views = auction_views(range(1, 13))
    situation = finder().partner_situation
    assert partner_filter_amiss(situation, views) == []
    assert {situation(v) for v in views} == {None, "passed", "holds", "outbid"}
    careless = partner_filter_amiss(lambda v: situation(v) or "outbid", views)
    early = [v for v in views if not any(s == v.partner for s, _ in v.auction)]
    assert careless and len(careless) == len(early)
    assert all(s != v.partner for v in early for s, _ in v.auction)
    first = Hand(1, CLASSIC, seed=1)  # the first call: nobody has called
    assert finder()._partner_call_candidate(Tip.PARTNER_CALL, None, 1, 1, first, []) is None


def partner_call_amiss(problem: Problem, writeup: str) -> list[str]:
    """What ``writeup`` of a partner-call problem says that the coach's numbers for its
    position do not: the partner's calls and the allowance the coach's reading adds; the
    count (the partner's meld, the hand's after the pass, the side's, the trick points,
    the total, to the nearest 5) against the bid; what passing gives (the opponents take
    the contract once the partner has passed, else the partner declares on that many
    deals in 10); and an answer the count bears out."""
    view = problem.view()
    where = finder().partner_situation(view)
    if where is None:
        return ["the partner has not called"]
    c = side_count(problem)
    r = problem.rules
    wrong = []
    if finder()._passed_over_me(view):
        wrong.append(
            "the partner passed over this seat's bid: the coach's reading of it is no practice"
        )
    for s, a in view.auction:
        if s == view.partner and (f"bid {a}" if a is not None else "passed when") not in writeup:
            wrong.append(f"the partner's call {a} is not said")
    if f"with {round(default_allowance(r) * r.total_trick_points)} more allowed" not in writeup:
        wrong.append("not the coach's allowance")
    count = writeup.split("Count for your side:")[-1]
    about = [int(x) for x in re.findall(r"about (\d+)", count)][:5]
    want = [c.partner_meld, c.side_meld - c.partner_meld, c.side_meld, c.tricks, c.total]
    if len(about) < 5 or any(abs(x - w) > 5 for x, w in zip(about, want, strict=True)):
        wrong.append(f"the count {about} is not the coach's {[round(w) for w in want]}")
    if f"against the {c.bid} you would have to make" not in writeup:
        wrong.append("not against the bid")
    if where == "passed":
        if "if you pass, the opponents take it" not in writeup or c.partner_declares:
            wrong.append("passing does not give the opponents the contract")
    else:
        k = round(10 * c.partner_declares)
        said = (
            "almost every deal"
            if k == 10
            else "almost no deal"
            if k == 0
            else f"about {k} deals in 10"
        )
        if f"your partner declares on {said}" not in writeup or "the opponents take it" in writeup:
            wrong.append(f"passing leaves the partner the contract on {c.partner_declares:.2f}")
    if answer_kind(problem) == "bid" and (c.make_chance < 0.5 or c.total < c.bid):
        wrong.append("a bid the count does not clear")
    if answer_kind(problem) == "pass" and (
        c.partner_declares < 0.5 if where == "holds" else c.make_chance >= 0.5
    ):
        wrong.append("a pass the count does not explain")
    return wrong


def test_partner_call_write_ups_say_the_call_the_count_and_what_passing_gives() -> None:
    """Each partner-call write-up says the partner's calls, the count and what passing
    gives with the coach's numbers for its position, and the set is varied: passes and
    bids, partners who passed and partners who bid. A write-up that says the opponents
    take the contract while the partner holds the bid fails."""
    mine = [p for p, _ in bank()[0] if p.tip is Tip.PARTNER_CALL]
    for p in mine:
        assert partner_call_amiss(p, p.writeup) == [], (p.id, p.writeup)
    kinds = Counter(answer_kind(p) for p in mine)
    partner = Counter(finder().partner_situation(p.view()) == "passed" for p in mine)
    assert len(mine) >= 6 and kinds["pass"] >= 2 and kinds["bid"] >= 2, kinds
    assert partner[True] >= 2 and partner[False] >= 2, partner
    held = next(p for p in mine if finder().partner_situation(p.view()) == "holds")
    said = re.sub(r"Your partner holds the bid: [^.]*\.", "Your partner has passed, so this call is "
                  "your side's last chance at the contract: if you pass, the opponents take it.",
                  held.writeup)  # fmt: skip
    assert said != held.writeup and partner_call_amiss(held, said)


def declarer_plan_amiss(problem: Problem, writeup: str) -> list[str]:
    """What ``writeup`` of a declarer's-plan problem says that the learner's seat does not
    see so: the position is a lead by the declaring side where the coach's draw-trump
    principle fits; the count (the contract, the side's meld, the trick points the
    tricks must bring, those taken, those still to take); the trumps in the hand and
    still out (:func:`count_still_out`); how many cards of a suit are still out; a void
    the partner showed (the trick, its card, the card led); a card called the highest
    left, or no sure winner; trumps an opponent showed in meld and still holds; and the
    answer said as the write-up's kind (draw trump for a trump lead)."""
    view = problem.view()
    rules = view.rules
    trump = view.trump
    assert trump is not None and view.declarer is not None and view.contract is not None
    assert view.melds is not None
    side = finder()._side(view)
    out = unseen(problem)
    wrong = []
    if view.trick or view.seat not in side:
        wrong.append("not a lead by the declaring side")
    if not any(f.principle is PlayPrinciple.DRAW_TRUMP for f in principle_fits(view)):
        wrong.append("the draw-trump principle does not fit")
    meld = sum(view.melds[s].total for s in side)
    need = minimum_tricks(view.contract, meld, rules)
    taken = sum(t.points for t in view.tricks if t.winner in side)
    m = re.search(r"the (\d+) contract less your side's (\d+) meld leaves (\d+) trick points", writeup)
    if not m or tuple(map(int, m.groups())) != (view.contract, meld, need):
        wrong.append(f"the count is not {view.contract} less {meld} leaves {need}")
    m = re.search(r"your side has taken (\d+)", writeup)
    if not m or int(m.group(1)) != taken:
        wrong.append(f"the side has taken {taken}")
    assert need is not None
    m = re.search(r": (\d+) more to take", writeup)
    if (int(m.group(1)) if m else None) != (need - taken if need > taken else None):
        wrong.append(f"{need - taken} more to take")
    if (need <= taken) != ("the contract is made" in writeup):
        wrong.append("the contract made or not")
    m = re.search(r"You hold (\d+) trumps?; (\d+) (?:is|are) still out", writeup)
    mine = sum(c.suit is trump for c in view.hand)
    still = count_still_out(view, OutCount.TRUMPS).out
    if not m or (int(m.group(1)), int(m.group(2))) != (mine, still):
        wrong.append(f"you hold {mine} trumps, {still} still out")
    names = {w: s for s in Suit for w in (s.singular, s.plural)}
    for m in re.finditer(r"Only (\d+) (\w+) (?:is|are) still out", writeup):
        suit = names[m.group(2)]
        if int(m.group(1)) != sum(n for c, n in out.items() if c.suit is suit):
            wrong.append(f"{m.group(0)}: not the count of {suit.plural} still out")
    for m in re.finditer(r"showed no (\w+) at trick (\d+) \((\S+) on the (\S+)\)", writeup):
        suit, n = names[m.group(1)], int(m.group(2))
        played, led = Card.parse(m.group(3)), Card.parse(m.group(4))
        t = view.tricks[n - 1] if 0 < n <= len(view.tricks) else None
        if (t is None or t.cards[0] != led or led.suit is not suit or played.suit is suit
                or view.partner not in t.seats or t.cards[t.seats.index(view.partner)] != played):  # fmt: skip
            wrong.append(f"{m.group(0)}: not the partner's void")
    highest = [Card.parse(x) for x in re.findall(r"no \w+ still out can beat your (\S+?)[:.]", writeup, re.I)]
    for m in re.finditer(r"No card still out can beat your ([^.]+?) in (?:its|their) suits?", writeup):
        highest += [Card.parse(x) for x in m.group(1).split()]
    for m in re.finditer(r"Your (\S+), the next best card, is a trump no card still out can", writeup):
        highest.append(Card.parse(m.group(1)))
    for c in highest:
        if c not in view.hand or any(x.suit is c.suit and x.rank > c.rank for x in out):
            wrong.append(f"{c.text} is not the highest of its suit left")
    for m in re.finditer(r"Your (\S+), the next best card,[^.]*?no sure winner", writeup):
        c = Card.parse(m.group(1))
        if not any(x.suit is c.suit and x.rank > c.rank for x in out):
            wrong.append(f"{c.text} is a sure winner")
    for m in re.finditer(r"showed (both|the) ([^.]+?) in meld and still holds", writeup):
        named = Counter(Card.parse(x) for x in m.group(2).split())
        if m.group(1) == "both":
            named += named
        if not any(finder()._shown_held(view, o) >= named for o in finder()._opponents(view)):
            wrong.append(f"no opponent showed and still holds the {m.group(2)}")
    answer = problem.answer
    assert isinstance(answer, Play)
    drawn = f"Draw trump: lead the {answer.card.text}." in writeup
    if drawn != (answer.card.suit is trump):
        wrong.append("a trump lead is said as drawing trump, and only it")
    return wrong


def test_declarer_plan_write_ups_count_and_say_what_the_seat_can_see() -> None:
    """Each declarer's-plan write-up is checked against the learner's seat: the count,
    the trumps in hand and still out, the suits' cards still out, the partner's voids, the
    sure winners and the ones that are not, all with the engine's numbers; the set has at
    least three trump leads and three other answers, at more than one level. A write-up
    with one trump too many still out, or a wrong count, fails."""
    mine = [p for p, _ in bank()[0] if p.tip is Tip.DECLARER_PLAN]
    for p in mine:
        assert declarer_plan_amiss(p, p.writeup) == [], (p.id, p.writeup)
        assert p.rule is QuizRule.PLAY_DRAW_TRUMP
    kinds = Counter(answer_kind(p) for p in mine)
    assert len(mine) >= 8 and kinds["trump"] >= 3 and kinds["no trump"] >= 3, kinds
    assert len({p.level for p in mine}) > 1
    p = mine[0]
    m = re.search(r"(\d+) (is|are) still out, in your partner", p.writeup)
    assert m is not None
    more = p.writeup.replace(m.group(0), f"{int(m.group(1)) + 1} are still out, in your partner")
    assert any("trumps" in w for w in declarer_plan_amiss(p, more))
    m = re.search(r"leaves (\d+) trick points", p.writeup)
    assert m is not None
    off = p.writeup.replace(m.group(0), f"leaves {int(m.group(1)) + 10} trick points")
    assert any("the count" in w for w in declarer_plan_amiss(p, off))


def test_the_declarer_plan_finder_weighs_only_the_declaring_side_s_leads() -> None:
    """The finder's candidate of the declarer's plan is none, before any simulation, at
    a call, a card that follows a lead, and a lead by the side that did not declare."""
    seen = set()
    for h, done in finder()._decisions(3, 3):
        assert h.to_act is not None
        v = h.view(h.to_act)
        if v.phase is Phase.PLAY and v.trick:
            what = "follow"
        elif v.phase is Phase.PLAY and v.seat not in finder()._side(v):
            what = "opponents' lead"
        elif v.phase is Phase.AUCTION:
            what = "call"
        else:
            continue
        seen.add(what)
        assert finder()._plan_candidate(Tip.DECLARER_PLAN, None, 3, 3, h, done) is None, what
    assert seen == {"follow", "opponents' lead", "call"}


def defence_amiss(problem: Problem, writeup: str) -> list[str]:
    """What ``writeup`` of a defence problem says that the learner's seat does not see
    so: the position is a lead by a defender with a lead to a void (the partner's shown
    void, or a suit the declarer showed to be out of) and another card to choose; the
    count (the contract, the declarer's side's meld, the trick points they need of the
    hand's, what sets the contract, those each side has taken, those still to take, and
    the defenders' meld save); each void said shown (the seat, the trick, its card, the
    card led) and the trumps its player may still hold; a card called the highest of its
    suit left, or no sure winner; a suit no player of the declarer's side has shown to be
    out of; how many cards of a suit are still out; a counter's trick points; the
    partner's trumps shown in meld; and the answer said as the write-up's kind (a lead
    to a void, or not)."""
    view = problem.view()
    rules = view.rules
    trump = view.trump
    assert trump is not None and view.declarer is not None and view.contract is not None
    assert view.melds is not None and view.partner is not None
    f = finder()
    side = f._side(view)
    out = unseen(problem)
    wrong = []
    if view.trick or view.seat in side:
        wrong.append("not a lead by a defender")
    kinds = {lead_to_a_void(view, c) for c in view.legal}
    if kinds != {True, False}:
        wrong.append("no choice between a lead to a void and another card")
    meld = sum(view.melds[s].total for s in side)
    need = minimum_tricks(view.contract, meld, rules)
    total = rules.total_trick_points
    assert need is not None
    ours = sum(t.points for t in view.tricks if t.winner not in side)
    theirs = sum(t.points for t in view.tricks if t.winner in side)
    m = re.search(r"the (\d+) contract less the declarer's side's (\d+) meld leaves them (\d+) "
                  r"of the hand's (\d+) trick points", writeup)  # fmt: skip
    said = tuple(map(int, m.groups())) if m else None
    if said != (view.contract, meld, need, total) or need != view.contract - meld:
        wrong.append(f"the count is not {view.contract} less {meld} leaves {need} of {total}")
    m = re.search(r"sets the contract by taking more than (\d+)\.", writeup)
    if not m or int(m.group(1)) != total - need:
        wrong.append(f"the contract is set by more than {total - need}")
    m = re.search(r"Your side has taken (\d+) trick points so far, the declarer's side (\d+)", writeup)
    if not m or (int(m.group(1)), int(m.group(2))) != (ours, theirs):
        wrong.append(f"your side has taken {ours}, theirs {theirs}")
    m = re.search(r"to set the contract, take (?:more than (\d+) more|any trick points more)", writeup)
    left = int(m.group(1)) if m and m.group(1) else 0
    if not m or left != total - need - ours or theirs >= need:
        wrong.append(f"more than {total - need - ours} more to take")
    mine = sum(view.melds[s].total for s in range(rules.players) if s not in side)
    m = re.search(r"Your side's (\d+) meld counts only if your side takes at least (\d+) trick "
                  r"points, and it has (\d+)", writeup)  # fmt: skip
    if (tuple(map(int, m.groups())) if m else None) != (
        (mine, rules.meld_save, ours) if mine and ours < rules.meld_save else None
    ):
        wrong.append("the meld save said wrong, or not said")
    names = {w: s for s in Suit for w in (s.singular, s.plural)}
    who = {seat_words(s, view.seat, rules).lower(): s for s in range(rules.players) if s != view.seat}
    who |= {"your partner": view.partner, "the declarer": view.declarer}
    for m in re.finditer(r"(\w+(?: \w+)?) showed no (\w+) at trick (\d+) \((\S+) on the (\S+)\)"
                         r"( and may still hold trumps)?", writeup):  # fmt: skip
        words = m.group(1).lower()
        seat = who.get(words, who.get(words.split(" ", 1)[-1]))
        suit, n = names[m.group(2)], int(m.group(3))
        played, led = Card.parse(m.group(4)), Card.parse(m.group(5))
        t = view.tricks[n - 1] if 0 < n <= len(view.tricks) else None
        if (seat is None or t is None or t.cards[0] != led or led.suit is not suit
                or played.suit is suit or seat not in t.seats
                or t.cards[t.seats.index(seat)] != played):  # fmt: skip
            wrong.append(f"{m.group(0)}: no such void shown")
        elif m.group(6) and not f._may_trump(view, seat):
            wrong.append(f"{m.group(0)}: they can hold no trump")
    highest = [Card.parse(x) for x in re.findall(r"no \w+ still out can beat your (\S+?)[,:.]", writeup, re.I)]
    highest += [Card.parse(x) for x in re.findall(r"Your (\S+), the next best card, is (?:a trump no "
                                                  r"card still out can beat|the highest)", writeup)]  # fmt: skip
    for c in highest:
        if c not in view.hand or any(x.suit is c.suit and x.rank > c.rank for x in out):
            wrong.append(f"{c.text} is not the highest of its suit left")
    for m in re.finditer(r"Your (\S+), the next best card, is a trump", writeup):
        if Card.parse(m.group(1)).suit is not trump:
            wrong.append(f"{m.group(1)} is no trump")
    for m in re.finditer(r"(\S+), the next best card,[^.]*?no sure (?:winner|trick)", writeup):
        c = Card.parse(m.group(1))
        if "winner" in m.group(0) and not any(x.suit is c.suit and x.rank > c.rank for x in out):
            wrong.append(f"{c.text} is a sure winner")
    for m in re.finditer(r"neither player of the declarer's side has shown to be out of (\w+)", writeup):
        suit = names[m.group(1)]
        if any(f._void(view, s, suit) is not None for s in side):
            wrong.append(f"{m.group(0)}: one has")
    for m in re.finditer(r"Only (\d+) (\w+) (?:is|are) still out", writeup):
        suit = names[m.group(2)]
        if int(m.group(1)) != sum(n for c, n in out.items() if c.suit is suit):
            wrong.append(f"{m.group(0)}: not the count of {suit.plural} still out")
    for m in re.finditer(r"The (\S+), the next best card,[^.]*?counter[:,][^.]*?(\d+) trick points",
                         writeup):  # fmt: skip
        if int(m.group(2)) != rules.counter_points[Card.parse(m.group(1)).rank]:
            wrong.append(f"{m.group(0)}: not the counter's trick points")
    if "partner has no trump shown in meld left in hand" in writeup and any(
        c.suit is trump for c in f._shown_held(view, view.partner)
    ):
        wrong.append("the partner still holds a trump shown in meld")
    answer = problem.answer
    assert isinstance(answer, Play)
    if f"Lead the {answer.card.text}." not in writeup:
        wrong.append("the answer is not said")
    why = writeup.split(f"Lead the {answer.card.text}.")[0]  # the answer's reason, before it is said
    habit = "lead to your partner's void, for" in why or "force the declarer to trump, since" in why
    if habit != (answer_kind(problem) == "to a void"):
        wrong.append("a lead to a void is said as one, and only it")
    return wrong


def test_defence_write_ups_count_and_say_what_the_seat_can_see() -> None:
    """Each defence write-up is checked against the learner's seat: what sets the
    contract, the trick points taken, the voids shown, the sure winners and the ones that
    are not, the suits' cards still out, all with the engine's numbers; the set has at
    least three leads to a void and three other answers, at more than one level. A
    write-up with a wrong count, or a void said at the wrong trick, fails."""
    mine = [p for p, _ in bank()[0] if p.tip is Tip.DEFENCE]
    for p in mine:
        assert defence_amiss(p, p.writeup) == [], (p.id, p.writeup)
        assert p.rule is QuizRule.PLAY_LEAD_TO_PARTNER_VOID
    kinds = Counter(answer_kind(p) for p in mine)
    assert len(mine) >= 8 and kinds["to a void"] >= 3 and kinds["not to a void"] >= 3, kinds
    assert len({p.level for p in mine}) > 1
    p = mine[0]
    m = re.search(r"leaves them (\d+) of", p.writeup)
    assert m is not None
    off = p.writeup.replace(m.group(0), f"leaves them {int(m.group(1)) + 10} of")
    assert any("the count" in w for w in defence_amiss(p, off))
    void = next(q for q in mine if re.search(r"showed no \w+ at trick \d", q.writeup))
    m = re.search(r"showed no (\w+) at trick (\d+)", void.writeup)
    assert m is not None
    moved = void.writeup.replace(m.group(0), f"showed no {m.group(1)} at trick {int(m.group(2)) + 1}")
    assert any("no such void" in w for w in defence_amiss(void, moved))


def test_the_defence_finder_weighs_only_the_defenders_leads() -> None:
    """The finder's candidate of defence is none, before any simulation, at a call, a
    card that follows a lead, and a lead by the declaring side."""
    seen = set()
    for h, done in finder()._decisions(3, 3):
        assert h.to_act is not None
        v = h.view(h.to_act)
        if v.phase is Phase.PLAY and v.trick:
            what = "follow"
        elif v.phase is Phase.PLAY and v.seat in finder()._side(v):
            what = "declaring side's lead"
        elif v.phase is Phase.AUCTION:
            what = "call"
        else:
            continue
        seen.add(what)
        assert finder()._defence_candidate(Tip.DEFENCE, None, 3, 3, h, done) is None, what
    assert seen == {"follow", "declaring side's lead", "call"}


def unseen(problem: Problem) -> Counter[Card]:
    """The cards the learner's seat cannot see as played or held: still out."""
    view = problem.view()
    left = Counter(make_deck(problem.rules))
    left.subtract(view.hand)
    left.subtract(c for t in view.tricks for c in t.cards)
    left.subtract(view.trick)
    return +left


def false_safety(problem: Problem, writeup: str) -> list[str]:
    """The claims of ``writeup`` that a suit or a card is safe while the learner's seat
    cannot know it: "hearts are safe" with a heart still out above the learner's best
    heart; "no heart still out beats it" with a heart still out above the card (the one
    led, or the one winning the trick); "nothing still out beats it" with a card still
    out above it, or with a trump still out when it is no trump."""
    view = problem.view()
    out = unseen(problem)
    wrong = []
    for suit in Suit:
        mine = [c for c in view.hand if c.suit is suit]
        top = max((c.rank for c in mine), default=None)
        higher = [c for c in out if c.suit is suit and (top is None or c.rank > top)]
        if re.search(rf"\b{suit.plural} (are|is) safe", writeup, re.IGNORECASE) and higher:
            wrong.append(f"{suit.plural} safe, with {cards_text(higher)} out")
    if not isinstance(problem.answer, Play):
        return wrong
    assert view.trump is not None
    card = view.trick[trick_winner(view.trick, view.trump)] if view.trick else problem.answer.card
    above = [c for c in out if c.suit is card.suit and c.rank > card.rank]
    said = re.search(rf"no {card.suit.singular} still out beats it", writeup, re.IGNORECASE)
    if said and above:
        wrong.append(f"{said.group(0)}, with {cards_text(above)} out")
    trumps = [c for c in out if c.suit is view.trump] if card.suit is not view.trump else []
    said = re.search(r"nothing still out beats it", writeup, re.IGNORECASE)
    if said and (above or trumps):
        wrong.append(f"{said.group(0)}, with {cards_text(above + trumps)} out")
    return wrong


def test_no_write_up_calls_a_suit_safe_with_a_higher_card_still_out() -> None:
    """Read from the learner's seat: a write-up never says a suit or a card is safe while
    a card that beats it may be out. The claims the issue found fail: "Hearts are safe"
    with both 10♥ unseen above the learner's K♥ (as exposed-cards-13-19 said with an A♥
    and both 10♥ unseen), and this bank's own earlier "Nothing still out beats it" of an
    A♥ led with trumps still out."""
    for p in every_problem():
        assert false_safety(p, p.writeup) == [], (p.id, p.writeup)
    (exposed,) = [p for p in every_problem() if p.id == "exposed-cards-612-44"]
    assert Card.parse("K♥") in exposed.view().hand and unseen(exposed)[Card.parse("10♥")] == 2
    assert false_safety(exposed, "Hearts are safe: lead your K♥.") == ["hearts safe, with 10♥ out"]
    (ace,) = [p for p in every_problem() if p.id == "exposed-cards-325-17"]
    before = (
        "No card the opponents showed and still hold beats your A♥. Nothing still out beats it."
    )
    assert false_safety(ace, before) and not false_safety(ace, ace.writeup)


@pytest.mark.parametrize("kind", ["play", "call", "exchange"])
def test_the_all_choices_check_fails_on_a_deliberately_wrong_answer(kind: str) -> None:
    """Each kind of problem with its answer swapped for its strongest alternative fails
    the all-choices check, naming the better choice."""
    phase = {"play": Play, "call": Bid, "exchange": Give}[kind]
    problem = next(p for p in every_problem() if isinstance(p.answer, phase))
    right = all_choices(problem.id)
    assert right.passed
    wrong_choice = right.others[0].choice
    wrong = dataclasses.replace(problem, answer=wrong_choice)
    check = judge(problem.id).all_choices(wrong)
    assert not check.passed
    assert f"its answer {wrong_choice.text!r} is not" in check.reason
    assert same(check.best, problem.answer), (check.best.text, problem.answer.text)


def test_a_judge_s_checks_are_those_made_alone() -> None:
    """The session's judges only save work: on one problem, the load check and the
    all-choices check of the problem and of a variant with a wrong answer, asked of one
    judge in any order, equal check_problem and check_all_choices made alone."""
    (problem,) = [p for p in every_problem() if p.id == "points-not-tricks-4-50"]
    wrong = dataclasses.replace(problem, answer=Play(Card.parse("10♠")))
    one = ProblemJudge(problem)
    assert one.all_choices(wrong) == check_all_choices(wrong)
    assert one.load_check() == check_problem(problem)
    assert one.all_choices() == check_all_choices(problem)
    assert one.load_check(wrong) == check_problem(wrong)
    other = dataclasses.replace(problem, id="another-id")
    with pytest.raises(ProblemError, match="not the position of"):
        one.load_check(other)


def same(a: Action, b: Action) -> bool:
    if isinstance(a, Give) and isinstance(b, Give):
        return sorted(a.cards) == sorted(b.cards)
    return a == b


def test_the_old_exchange_9_7_answer_fails_against_every_pass() -> None:
    """The issue's case: 'give J♠ 10♠ A♦ A♣' beat the strawmen written beside it, but
    the pass it never offered, 10♠ K♠ Q♠ J♠ (it completes a run), beats it; the bank's
    answer is now that pass."""
    (problem,) = [p for p in every_problem() if p.id == "exchange-9-7"]
    assert same(problem.answer, Action.parse("give 10♠ K♠ Q♠ J♠"))
    old = dataclasses.replace(
        problem,
        answer=Action.parse("give J♠ 10♠ A♦ A♣"),
        choices=tuple(Action.parse(a) for a in
                      ("give J♠ 10♠ A♦ A♣", "give J♠ 10♠ 9♥ A♦", "give J♠ 10♠ K♥ A♦")),
    )  # fmt: skip
    assert judge(problem.id).load_check(old).passed  # against its own choices it looked clear
    full = judge(problem.id).all_choices(old)
    assert not full.passed and same(full.best, problem.answer)


def test_the_problems_come_at_three_levels() -> None:
    assert {p.level for p, _ in bank()[0]} == {1, 2, 3}


def test_a_problem_whose_answer_is_not_the_best_is_refused_by_name(tmp_path: Path) -> None:
    problem, check = next((p, c) for p, c in bank()[0] if p.tip is Tip.FEED_PARTNER)
    wrong = next(v.choice for v in check.values if v.choice != check.best)
    good = problem_entry(problem)
    bad = dict(good, id="teachers-slip", answer=wrong.text)
    (tmp_path / "mine.toml").write_text(problems_toml([good, bad]), encoding="utf-8")
    loaded, refused = load_problems(tmp_path)
    assert [p.id for p, _ in loaded] == [problem.id]  # the rest of the file still loads
    assert len(refused) == 1
    message = refused[0].message
    assert "'teachers-slip'" in message and "mine.toml" in message
    assert f"its answer {wrong.text!r} is not the coach's best" in message


# A near tie the standard errors alone would let through: the coach prefers J♥ to K♥ by
# 1.3 ± 0.4 expected trick points (more than twice the standard error, less than the
# least margin). It was in the bank until the margin was required; the coach's deals are
# seeded by the id, so it keeps its id.
NEAR_TIE = {
    "id": "points-not-tricks-4-10",
    "tip": "points_not_tricks",
    "level": 3,
    "dealer": 0,
    "deal_seed": 4,
    "actions": [
        "bid 250",
        "pass",
        "pass",
        "pass",
        "trump ♣",
        "give 10♣ Q♣ A♥ 9♣",
        "give J♦ 9♥ Q♥ K♠",
        "play A♥",
        "play 9♥",
        "play 9♥",
    ],
    "question": "Which card would you play?",
    "answer": "play J♥",
    "writeup": "This trick is lost whatever you play: save your counters.",
}


def test_the_least_margin_is_two_trick_points_on_the_classic_scale() -> None:
    assert MIN_MARGIN == 2.0
    assert min_margin(CLASSIC) == min_margin(THREE_HANDED) == 2.0
    assert min_margin(DOUBLE_DECK) == 1.0  # 0.4 scaled, but never below one 1-point counter


def test_a_problem_whose_answer_wins_by_less_than_the_margin_is_refused_by_name(
    tmp_path: Path,
) -> None:
    (tmp_path / "close.toml").write_text(problems_toml([NEAR_TIE]), encoding="utf-8")
    loaded, refused = load_problems(tmp_path)
    assert loaded == []
    assert len(refused) == 1
    message = refused[0].message
    assert "'points-not-tricks-4-10'" in message and "close.toml" in message
    assert "its answer 'play J♥' wins by too little: 'play K♥' is only" in message
    assert f"less than the least margin of {min_margin(CLASSIC)}" in message
    (problem,), _ = read_problems(tmp_path / "close.toml")
    check = check_problem(problem)
    close = check.values[1]
    assert close.loss > 2 * close.loss_stderr  # the standard errors alone would pass it
    assert not check.passed and check.reason in message


def test_malformed_problems_are_refused_with_a_message(tmp_path: Path) -> None:
    problem, _ = bank()[0][0]
    base = problem_entry(problem)
    entries = [
        dict(base, id="bad-action", actions=[*base["actions"], "play QX"]),
        dict(base, id="bad-tip", tip="luck"),
        dict(base, id="extra", colour="red"),
        {k: v for k, v in dict(base, id="no-answer").items() if k != "answer"},
        dict(
            base,
            id="illegal-answer",
            answer="play 9♣" if base["answer"] != "play 9♣" else "play 9♦",
        ),
    ]
    (tmp_path / "broken.toml").write_text(problems_toml(entries), encoding="utf-8")
    (tmp_path / "not_toml.toml").write_text("[[problem]\nid = ", encoding="utf-8")
    loaded, refused = load_problems(tmp_path)
    assert loaded == []
    text = "\n".join(r.message for r in refused)
    assert "'QX'" in text or "QX" in text
    assert "tip='luck' is not a tip" in text
    assert "unknown field(s) colour" in text
    assert "the field 'answer' is missing" in text
    assert "not_toml.toml cannot be read as a problem file" in text
    assert "'illegal-answer'" in text
    assert "Traceback" not in text


def test_a_choice_is_marked_against_the_answer_and_says_why() -> None:
    problem, check = bank()[0][0]
    right = mark_problem(problem, check, problem.answer)
    assert right.right and problem.writeup in right.text and "The coach's numbers" in right.text
    other = next(c for c in options(problem) if c != problem.answer)
    wrong = mark_problem(problem, check, other.text)
    assert not wrong.right and "the answer is" in wrong.text


def test_the_position_in_words_shows_only_what_the_seat_knows() -> None:
    for problem, _ in bank()[0]:
        view = problem.view()
        text = describe_position(view)
        assert text.endswith(f"Your hand: {' '.join(c.text for c in view.hand)}.")
        h = problem.position()
        seen = set(view.hand) | {c for t in view.tricks for c in t.cards} | set(view.trick)
        seen |= {c for m in view.melds or () for c in m.shown_cards} | set(view.received)
        seen |= set(view.given) | set(view.kitty)
        hidden = {c for s, hand in enumerate(h.hands) if s != view.seat for c in hand} - seen
        named = text.split("Your hand:")[0]
        assert not any(f" {c.text}" in named and c not in seen for c in hidden), problem.id


def test_reading_a_file_back_gives_the_same_problems() -> None:
    for path in sorted(BANK.glob("*.toml")):
        problems, bad = read_problems(path)
        assert not bad and problems
        for p in problems:
            again = read_problems_from_entry(p)
            assert again == p


def read_problems_from_entry(p: Problem) -> Problem:
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / p.file
        path.write_text(problems_toml([problem_entry(p)]), encoding="utf-8")
        (found,), _ = read_problems(path)
        return found


def test_the_widget_asks_marks_keeps_and_goes_on(tmp_path: Path) -> None:
    progress = tmp_path / "p.json"
    w = ProblemDeal("feed_partner", folder=BANK, progress=progress)
    assert w.count >= 4 and not w.refused
    first = w._problems[0][0]
    buttons = list(w.choices.children)
    labels = [b.description for b in buttons]
    assert isinstance(first.answer, Play) and first.answer.card.text in labels
    assert "Your hand:" in w.prompt.value and first.question in w.prompt.value
    client_click(w.next_button)
    assert "Choose an answer first" in w.message.value
    client_click(buttons[labels.index(first.answer.card.text)])
    assert "Right" in w.feedback.value and "coach's numbers" in w.feedback.value
    kept = Progress.load(progress).attempts
    assert [(a.item_id, a.kind, a.rules, a.right) for a in kept] == [
        (first.id, "problem", (Tip.FEED_PARTNER.rule.value,), True)
    ]
    client_click(buttons[0])
    assert "This problem is answered" in w.message.value
    client_click(w.next_button)
    second = w._problems[1][0]
    assert second.question in w.prompt.value and w.feedback.value == ""
    w.choose(99)
    assert "There is no choice 99" in w.message.value


def test_a_page_whose_problems_all_fail_says_so(tmp_path: Path) -> None:
    w = ProblemDeal("feed_partner", folder=tmp_path, progress=tmp_path / "p.json")
    assert w.count == 0 and "No problem of this page passed" in w.message.value


def test_check_problem_is_the_loader_s_check() -> None:
    problem, check = bank()[0][0]
    assert check_problem(problem) == check


@pytest.mark.parametrize("rules", ["classic", "double_deck", "three_handed"])
def test_the_position_in_words_says_the_exchange_as_each_seat_saw_it(rules: str) -> None:
    """The kitty (shown to all three-handed) and the declarer's discard; the cards passed
    and returned, said by the declarer's and the partner's own side of it; nothing of
    it to an opponent at a partnership table, and no partner three-handed."""
    from pinochle_tutor.bots.heuristic import HeuristicPlayer
    from pinochle_tutor.game import Hand
    from pinochle_tutor.rules import rules_named
    from pinochle_tutor.view import Phase

    rs = rules_named(rules)
    h = Hand(0, rs, seed=11)
    players = [HeuristicPlayer() for _ in range(rs.players)]
    while h.phase is not Phase.PLAY:
        assert h.to_act is not None
        h.act(players[h.to_act])
    assert h.declarer is not None
    for seat in range(rs.players):
        text = describe_position(h.view(seat))
        v = h.view(seat)
        if rs.has_kitty:
            assert "partner" not in text.lower()
            if seat == h.declarer:
                assert f"You took the kitty: {cards_text(v.kitty)}." in text
                assert f"You discarded {cards_text(v.given)}." in text
            else:
                assert "The kitty, which your " in text and cards_text(v.kitty) in text
        elif seat == h.declarer:
            assert f"Your partner passed you {cards_text(v.received)}." in text
            assert f"You returned {cards_text(v.given)} to your partner." in text
        elif seat == rs.partner(h.declarer):
            assert f"You passed {cards_text(v.given)} to your partner." in text
            assert f"Your partner returned {cards_text(v.received)} to you." in text
        else:
            assert "passed you" not in text and "returned" not in text
        assert "The auction:" in text and "so far" not in text
