"""The curated quiz banks: every item loads, the engine agrees with the teacher,
every rule case is covered at every kind, and bad files are reported, not fatal."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pinochle_tutor.cards import all_cards
from pinochle_tutor.course.quiz import (
    QuizKind,
    QuizRule,
    answer_text,
    audit_bank,
    check_answer,
    default_bank_dir,
    load_bank,
    load_banks,
    rules_of,
)
from pinochle_tutor.course.quiz.kinds.bid import PARTNER_CASES
from pinochle_tutor.course.quiz.kinds.play import play_view
from pinochle_tutor.explain.game_end import side_label

BANKS = default_bank_dir()
FILES = sorted(BANKS.glob("*.toml"))


def test_the_curated_banks_are_found() -> None:
    kinds = {"meld", "trick", "score", "bid", "winner", "counters", "call", "play", "pass", "game",
             "table", "still_out"}
    assert {p.stem for p in FILES} == kinds


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_curated_item_is_valid_and_agrees_with_the_engine(path: Path) -> None:
    problems = audit_bank(path)
    assert not problems, "\n".join(map(str, problems))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_curated_item_is_answered_and_explained(path: Path) -> None:
    items, problems = load_bank(path)
    assert not problems
    for item in items:
        right = answer_text(item)
        assert right
        mark = check_answer(item, "an answer nobody would give")
        assert not mark.readable and mark.explanation
        wrong = {
            QuizKind.MELD: "9999",
            QuizKind.TRICK: "no"
            if right == "yes"
            else "yes"
            if right == "no"
            else right + ", 9S, 9H",
            QuizKind.SCORE: "+9999",
            QuizKind.BID: "9990",
            QuizKind.WINNER: "1" if not right.startswith("the 1st") else "2",
            QuizKind.COUNTERS: "9999",
            QuizKind.CALL: "no" if right == "yes" else "yes",
            QuizKind.PLAY: "",
            QuizKind.PASS: "AS",  # one card: never a whole pass
            QuizKind.GAME: "nobody" if right != "nobody yet" else side_label(0, item.rule_set),
            QuizKind.TABLE: "9999" if right.isdigit() else ("You" if right != "You" else "Left opponent"),
            QuizKind.STILL_OUT: "9999",
        }[item.kind]
        if item.kind is QuizKind.PLAY:  # a card the seat does not hold
            hand = set(play_view(item).hand)  # type: ignore[arg-type]
            wrong = next(c for c in all_cards() if c not in hand and c.rank in item.rule_set.ranks).code
        mark = check_answer(item, wrong)
        assert mark.readable and not mark.right and mark.explanation, item.id
        assert mark.correct == right


def test_counts_levels_and_rule_coverage() -> None:
    items, problems = load_banks()
    assert not problems, problems
    per_kind = Counter(i.kind for i in items)
    for kind in QuizKind:
        assert per_kind[kind] >= 30, (kind, per_kind[kind])
        levels = Counter(i.level for i in items if i.kind is kind)
        assert set(levels) == {1, 2, 3}, (kind, levels)
    covered = {r for i in items for r in i.rules}
    # A partner's call (lesson 13) is asked by fresh questions only, each aimed at its
    # case with a clear answer: a bank item more would change the bidding practice pages.
    assert covered == set(QuizRule) - set(PARTNER_CASES), set(QuizRule) - covered
    # The rules found by the engine cover every case too (not just the declared ones).
    found = {r for i in items if i.kind is not QuizKind.BID for r in rules_of(i)}
    assert found == {r for r in QuizRule if r.kind is not QuizKind.BID}
    ids = [i.id for i in items]
    assert len(ids) == len(set(ids))


def test_level_one_bidding_asks_about_ordinary_hands() -> None:
    """Level 1 opens with the hands a learner meets most: no run, no aces, kings or
    queens around, nothing doubled in the best trump suit (the exceptional hands are
    levels 2 and 3); and it has hands to bid as well as hands to pass."""
    from pinochle_tutor.cards import Suit
    from pinochle_tutor.course.quiz.kinds import BidQuiz
    from pinochle_tutor.meld import MeldKind, meld

    items, problems = load_banks()
    assert not problems, problems
    level1 = [i for i in items if isinstance(i, BidQuiz) and i.level == 1]
    exceptional = {MeldKind.RUN, MeldKind.ACES_AROUND, MeldKind.KINGS_AROUND,
                   MeldKind.QUEENS_AROUND}  # fmt: skip
    for item in level1:
        best = max((meld(item.hand, t, item.rule_set) for t in Suit), key=lambda m: m.total)
        kinds = {m.kind for m in best.items if m.kind in exceptional or m.multiple > 1}
        assert not kinds, (item.id, best.total, kinds)
    rules = Counter(r for i in level1 for r in rules_of(i))
    assert rules[QuizRule.BID_OPEN] >= 4 and rules[QuizRule.BID_PASS] >= 2, rules


# -------------------------------------------------------------- bad bank files


def _write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


BAD = """
kind = "meld"

[[item]]
id = "good-1"
trump = "H"
hand = "AH 10H KH QH JH"

[[item]]
id = "bad-card"
trump = "H"
hand = "AH QX"

[[item]]
trump = "S"
hand = "AS"

[[item]]
id = "bad-trump"
trump = "X"
hand = "AS"

[[item]]
id = "typo"
trump = "S"
hand = "AS"
exepcted = 0

[[item]]
id = "good-1"
trump = "S"
hand = "AS"

[[item]]
id = "three-copies"
trump = "S"
hand = "AS AS AS"

[[item]]
id = "good-2"
level = 2
trump = "C"
hand = "9C"
expected = 20
rules = ["meld.dix", "meld.run"]
"""


def test_a_bad_item_names_the_file_the_item_and_the_field(tmp_path: Path) -> None:
    path = _write(tmp_path, "mine.toml", BAD)
    items, problems = load_bank(path)
    assert [i.id for i in items] == ["good-1", "good-2"]
    text = [str(p) for p in problems]
    assert all(t.startswith("mine.toml: item ") for t in text), text
    by_item = {p.item: p for p in problems}
    assert (
        by_item["'bad-card' (#2)"].field == "hand" and "'QX'" in by_item["'bad-card' (#2)"].message
    )
    assert by_item["#3"].field == "id" and "missing" in by_item["#3"].message
    assert by_item["'bad-trump' (#4)"].field == "trump"
    assert by_item["'typo' (#5)"].field == "exepcted"
    assert by_item["'good-1' (#6)"].field == "id"
    assert by_item["'three-copies' (#7)"].field == "hand"
    assert len(problems) == 6
    audit = audit_bank(path)
    extra = [p for p in audit if p not in problems]
    assert {(p.item, p.field) for p in extra} == {("'good-2'", "expected"), ("'good-2'", "rules")}
    assert any("disagrees with the engine: 10" in p.message for p in extra)


@pytest.mark.parametrize(
    ("name", "text", "field"),
    [
        ("broken.toml", "kind = 'meld'\n[[item]\nid = 1", None),
        ("kind.toml", "kind = 'poker'\n", "kind"),
        ("rs.toml", "kind = 'meld'\nrule_set = 'five_handed'\n", "rule_set"),
        ("items.toml", "kind = 'meld'\nitem = 3\n", "item"),
        ("broken.json", "{ not json", None),
        ("scalar.json", "3", None),
    ],
)
def test_a_bad_file_is_one_problem_not_a_crash(
    tmp_path: Path, name: str, text: str, field: str | None
) -> None:
    items, problems = load_bank(_write(tmp_path, name, text))
    assert items == []
    assert len(problems) == 1 and problems[0].file == name and problems[0].field == field


def test_a_bank_too_large_to_read_quickly_is_refused_by_name(tmp_path: Path) -> None:
    """A 5 MB bank held its page for 10.9 s: a file over the cap is one problem
    naming its size and what to do, and nothing of it is read."""
    from pinochle_tutor.course.quiz.banks import MAX_BANK_BYTES

    entry = "[[item]]\nid = 'm{}'\nhand = 'AH 10H KH QH JH'\ntrump = 'H'\n"
    text = "kind = 'meld'\n" + "".join(entry.format(i) for i in range(MAX_BANK_BYTES // 40))
    items, problems = load_bank(_write(tmp_path, "huge.toml", text))
    assert items == [] and len(problems) == 1
    assert problems[0].file == "huge.toml" and "split it into smaller bank files" in problems[0].message
    assert f"at most {MAX_BANK_BYTES // 1024} KB" in problems[0].message


def test_a_missing_file_is_a_problem(tmp_path: Path) -> None:
    items, problems = load_bank(tmp_path / "nowhere.toml")
    assert items == [] and "cannot be read" in problems[0].message


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        ({"id": "s", "bid": 320, "bidder_meld": 180, "bidder_tricks": 135}, "bidder_tricks"),
        ({"id": "s", "bid": 325, "bidder_meld": 180, "bidder_tricks": 130}, "bid"),
        ({"id": "s", "bid": 320, "bidder_meld": 180, "bidder_tricks": 130, "defender_tricks": 130}, "defender_tricks"),
        ({"id": "s", "bid": 320, "bidder_meld": 180, "bidder_tricks": 30, "conceded": True}, "bidder_tricks"),
        ({"id": "s", "bid": 320, "bidder_meld": 180, "bidder_tricks": 130, "ask": "dealer"}, "ask"),
        ({"id": "s", "bid": 320, "bidder_meld": -5, "bidder_tricks": 130}, "bidder_meld"),
        ({"id": "s", "bid": 320, "bidder_meld": 185, "bidder_tricks": 130}, "bidder_meld"),
        ({"id": "s", "bid": 320, "bidder_meld": 180, "defender_meld": 9990, "bidder_tricks": 130},
         "defender_meld"),
        ({"id": "s", "bid": 320, "bidder_meld": 180, "bidder_tricks": 130, "level": 4}, "level"),
        ({"id": "s s", "bid": 320, "bidder_meld": 180, "bidder_tricks": 130}, "id"),
        ({"id": "s", "bid": 320, "bidder_meld": 180, "bidder_tricks": 130, "rules": ["meld.run"]}, "rules"),
        ({"id": "s", "bid": 320, "bidder_meld": 180, "bidder_tricks": 130, "rules": ["score.nope"]}, "rules"),
        ({"id": "s", "kind": "trick", "trump": "H", "hand": "AS", "trick": "KS QS JS 9S"}, "trick"),
        ({"id": "s", "kind": "trick", "trump": "H", "hand": "AS", "card": "KS"}, "card"),
        ({"id": "s", "kind": "trick", "trump": "H", "hand": "AS AS", "trick": "AS"}, "trick"),
        ({"id": "s", "kind": "bid", "hand": "AS"}, "hand"),
        ({"id": "s", "kind": "bid", "hand": "AS " * 2 + "KS " * 2 + "QS " * 2 + "JS " * 2 + "9S " * 2 + "10S 10S",
          "calls": "240"}, "calls"),
        ({"id": "s", "kind": "bid", "hand": "AS " * 2 + "KS " * 2 + "QS " * 2 + "JS " * 2 + "9S " * 2 + "10S 10S",
          "calls": "pass pass pass"}, "calls"),
        ({"id": "s", "kind": "bid", "hand": "AS " * 2 + "KS " * 2 + "QS " * 2 + "JS " * 2 + "9S " * 2 + "10S 10S",
          "calls": "250 maybe"}, "calls"),
    ],
)  # fmt: skip
def test_schema_checks(tmp_path: Path, entry: dict[str, Any], field: str) -> None:
    doc = {"kind": "score", "item": [entry]}
    items, problems = load_bank(_write(tmp_path, "x.json", json.dumps(doc)))
    assert items == [] and len(problems) == 1
    assert problems[0].field == field, problems[0]
    assert problems[0].item is not None and "#1" in problems[0].item


def test_ids_must_be_unique_across_banks(tmp_path: Path) -> None:
    one = '[[item]]\nid = "a"\ntrump = "H"\nhand = "9H"\n'
    _write(tmp_path, "a.toml", 'kind = "meld"\n' + one)
    _write(tmp_path, "b.toml", 'kind = "meld"\n' + one)
    items, problems = load_banks(tmp_path)
    assert len(items) == 1 and len(problems) == 1 and "a.toml" in problems[0].message


def test_json_banks_and_item_level_kinds(tmp_path: Path) -> None:
    doc = [
        {"id": "j1", "kind": "meld", "trump": "H", "hand": ["KH", "QH"], "expected": 40},
        {"id": "j2", "kind": "trick", "trump": "H", "hand": "AS KS", "trick": "QS", "expected": ["AS", "KS"]},
        {"id": "j3", "kind": "trick", "trump": "H", "hand": "AS KS", "trick": "QS", "card": "KS", "expected": True},
        {"id": "j4", "kind": "score", "bid": 300, "bidder_meld": 100, "bidder_tricks": 200, "expected": 300},
    ]  # fmt: skip
    path = _write(tmp_path, "mixed.json", json.dumps(doc))
    items, problems = load_bank(path)
    assert not problems and [i.kind for i in items] == [
        QuizKind.MELD,
        QuizKind.TRICK,
        QuizKind.TRICK,
        QuizKind.SCORE,
    ]
    assert audit_bank(path) == []


# ------------------------------------------------------------------------ fuzzing

KEYS = ["id", "kind", "level", "rules", "trump", "hand", "trick", "card", "bid", "bidder_meld",
        "bidder_tricks", "defender_meld", "defender_tricks", "conceded", "ask", "calls", "dealer",
        "expected", "title", "rule_set", "note"]  # fmt: skip
VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
    | st.sampled_from(["meld", "trick", "score", "bid", "H", "AS KS", "AS 10S KS QS JS", "pass", "250",
                       "meld.run", "bidders", "defenders", "classic", "double_deck"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)  # fmt: skip
ENTRIES = st.dictionaries(st.sampled_from(KEYS), VALUES, max_size=10)


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    doc=st.one_of(
        VALUES, st.fixed_dictionaries({"kind": VALUES, "item": st.lists(ENTRIES, max_size=4)})
    )
)
def test_any_json_document_loads_or_reports(tmp_path: Path, doc: Any) -> None:
    path = tmp_path / "fuzz.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    items, problems = load_bank(path)
    for p in problems:
        assert p.file == "fuzz.json" and p.message
    for item in items:
        assert item.id and item.rules


@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(text=st.text(max_size=200) | st.sampled_from([BAD, BAD[:200], BAD.replace("=", ":")]))
def test_any_toml_text_loads_or_reports(tmp_path: Path, text: str) -> None:
    path = tmp_path / "fuzz.toml"
    path.write_text(text, encoding="utf-8")
    items, problems = load_bank(path)
    assert all(p.file == "fuzz.toml" and p.message for p in problems)
    assert len(items) <= 2


def test_without_a_checkout_the_banks_are_the_sites_copy(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """An installed wheel (the static site) has no exercises/ beside it: the banks are
    then the site's ``banks`` or ``practice/banks`` folder."""
    from pinochle_tutor.course.quiz import banks

    monkeypatch.setattr(banks, "__file__", str(tmp_path / "site-packages/pinochle_tutor/course/quiz/banks.py"))
    (tmp_path / "practice" / "banks").mkdir(parents=True)
    assert default_bank_dir(tmp_path) == tmp_path / "practice" / "banks"
    assert default_bank_dir(tmp_path / "practice") == tmp_path / "practice" / "banks"
    assert default_bank_dir(tmp_path / "elsewhere").parts[-2:] == ("exercises", "banks")


def test_loading_only_some_kinds_reads_and_checks_only_those(tmp_path: Path) -> None:
    """A quiz page of one kind loads the banks with ``kinds``: the items of those
    kinds are the same as a full load's, and the other kinds' items are neither
    built nor checked (a bad one is not reported there); an entry whose kind cannot
    be told is still reported."""
    _write(tmp_path, "meld.toml", 'kind = "meld"\n[[item]]\nid = "m1"\ntrump = "H"\nhand = "KH QH"\n')
    _write(tmp_path, "trick.toml", 'kind = "trick"\n[[item]]\nid = "t1"\ntrump = "H"\nspade = 1\n')
    _write(tmp_path, "odd.json", json.dumps([{"id": "o1", "kind": "nonsense"}]))
    items, problems = load_banks(tmp_path)
    assert sorted(p.file for p in problems) == ["odd.json", "trick.toml"]
    items, problems = load_banks(tmp_path, kinds={QuizKind.MELD})
    assert [i.id for i in items] == ["m1"]
    assert [p.file for p in problems] == ["odd.json"], "the trick item was not read"
    meld = [i for i in load_banks(BANKS)[0] if i.kind is QuizKind.MELD]
    assert meld and load_banks(BANKS, kinds=[QuizKind.MELD])[0] == meld
