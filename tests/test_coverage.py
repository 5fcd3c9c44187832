"""The coverage table (lessons/COVERAGE.md): every rule of RULES.md and every tip of
the rules text has a row, and every cell of a row names something real: an engine
function with a docstring, a lesson phrase the lesson says, a drill the learner can
open (a practice page, a lesson's widget, or a quiz rule case the quiz can ask), and
a widget of the package."""

from __future__ import annotations

import pkgutil
import re
from functools import cache
from pathlib import Path

import pytest

from pinochle_tutor.classroom.house_rules import site_rules
from pinochle_tutor.course.mastery import LESSON_CASES, LESSON_RULES
from pinochle_tutor.course.quiz import QuizRequestError, QuizRule, generate
from pinochle_tutor.rules import CLASSIC, RuleSet
from tests.course_text import notebook_text

REPO = Path(__file__).resolve().parent.parent
TABLE = REPO / "lessons" / "COVERAGE.md"
RULES = REPO / "RULES.md"
COLUMNS = ["rule", "rules text", "engine", "lesson", "drill", "mastery", "widget"]


def rows() -> list[dict[str, str]]:
    lines = [ln for ln in TABLE.read_text(encoding="utf-8").splitlines() if ln.startswith("|")]
    head = [c.strip() for c in lines[0].strip("|").split("|")]
    assert head == COLUMNS, head
    out = []
    for ln in lines[2:]:
        cells = [c.strip() for c in ln.strip().strip("|").split("|")]
        assert len(cells) == len(COLUMNS), ln
        out.append(dict(zip(COLUMNS, cells, strict=True)))
    return out


ROWS = rows()


@cache
def quiz_can_ask(rule: str, rules: RuleSet = CLASSIC) -> bool:
    """Whether the generator makes an item aimed at ``rule`` under ``rules``."""
    q = QuizRule(rule)
    kind = q.value.split(".", 1)[0]
    for seed in range(8):
        for level in (1, 2, 3):
            try:
                item = generate(kind, seed, level, [q.value], rules=rules)
            except QuizRequestError:
                continue
            if q in item.rules:
                return True
    return False


def check_mastery(cell: str) -> None:
    """A mastery cell, ``LESSON: RULE``: the rule case is one of the lesson's mastery
    cases and its set can ask it under one of the rule sets the set is asked in."""
    lesson, _, case = cell.partition(":")
    lesson, case = lesson.strip(), case.strip()
    assert lesson in LESSON_CASES, f"{lesson!r} has no mastery set"
    assert QuizRule(case) in LESSON_CASES[lesson], f"{lesson}'s mastery set does not ask {case}"
    sets = LESSON_RULES.get(lesson, (site_rules(),))
    assert any(quiz_can_ask(case, rs) for rs in sets), f"{lesson}'s set cannot ask {case}"


@pytest.mark.parametrize("row", ROWS, ids=[r["rule"] for r in ROWS])
def test_every_cell_names_something_real(row: dict[str, str]) -> None:
    assert all(row.values()), f"empty cell in {row}"
    engine = pkgutil.resolve_name(row["engine"].strip("`"))
    assert (getattr(engine, "__doc__", None) or "").strip(), f"{row['engine']} has no docstring"
    lesson, _, phrase = row["lesson"].partition(":")
    text = notebook_text(REPO / "lessons" / lesson.strip())
    phrase = phrase.strip().strip('"')
    assert phrase and phrase.lower() in text.lower(), f"{lesson} does not say {phrase!r}"
    drill = row["drill"]
    if drill.startswith("quiz:"):
        assert quiz_can_ask(drill[5:]), f"the quiz cannot ask {drill}"
    elif drill.startswith("lesson:"):
        assert (REPO / "lessons" / drill[7:]).is_file(), drill
    elif drill.startswith("practice/"):
        assert (REPO / "exercises" / drill[9:]).is_file(), drill
    else:
        pytest.fail(f"drill {drill!r}: write quiz:RULE, lesson:NB or practice/NB")
    check_mastery(row["mastery"])
    widget = pkgutil.resolve_name(row["widget"].strip("`"))
    assert isinstance(widget, type), f"{row['widget']} is not a widget class"


def test_rules_of_record_settings_each_have_a_row() -> None:
    """The first column of RULES.md's classic settings table, its meld names and the
    two other versions' sections: each appears in the table's 'rules text' column."""
    text = RULES.read_text(encoding="utf-8")
    classic = text.split("## Classic four-handed", 1)[1].split("###", 1)[0]
    settings = re.findall(r"^\| ([a-z][a-z ,]+?) \|", classic, flags=re.M)
    settings = [s for s in settings if s != "setting"]
    meld_table = text.split("### Classic meld table", 1)[1].split("\n\n- ", 1)[0]
    melds = [
        m for m in re.findall(r"^\| ([a-z][a-z ]+?) \|", meld_table, flags=re.M) if m != "meld"
    ]
    versions = re.findall(r"^## (Double deck|Three-handed)", text, flags=re.M)
    assert len(settings) >= 15 and len(melds) >= 9 and len(versions) == 2
    covered = " / ".join(r["rules text"].lower() for r in ROWS)
    for name in [*settings, *melds, *versions]:
        assert name.lower() in covered, f"RULES.md's {name!r} has no row in COVERAGE.md"


def rules_text() -> str:
    """The rules text as RULES.md quotes it (its last section, a block quote), unquoted:
    its paragraphs as the seed document has them, headings without their bold."""
    quoted = RULES.read_text(encoding="utf-8").split("\n## The rules text", 1)[1]
    lines = [
        ln.removeprefix(">").removeprefix(" ") for ln in quoted.splitlines() if ln.startswith(">")
    ]
    return "\n".join(lines).replace("**", "")


def test_every_tip_of_the_rules_text_has_a_row() -> None:
    """Each paragraph of the rules text's "Better decisions at the table" (as quoted in
    RULES.md), by its opening words, is the 'rules text' of a row ``tip: ...``."""
    text = rules_text()
    tips_part = text.split("Better decisions at the table", 1)[1].split("Other versions", 1)[0]
    paragraphs = [p.strip() for p in tips_part.split("\n\n") if p.strip()]
    openings = [p.split(".", 1)[0] for p in paragraphs[1:]] + [
        "Count what your hand can already score"
    ]
    assert len(openings) >= 6
    tips = [
        r["rules text"].removeprefix("tip: ") for r in ROWS if r["rules text"].startswith("tip:")
    ]
    for opening in openings:
        assert any(opening.startswith(t) or t.startswith(opening) for t in tips), (
            f"the tip {opening!r} has no row in COVERAGE.md"
        )


def test_every_mastery_case_of_a_lesson_has_a_row_or_is_a_rule_case_of_its_kind() -> None:
    """The mastery column names every lesson 1 to 8 at least once, and the stuck
    dealer and the variants' own rules each have their mastery case."""
    named = {r["mastery"].split(":")[0].strip() for r in ROWS}
    assert {n for n in LESSON_CASES if not n.startswith("09")} <= named
    by_rule = {r["rule"]: r["mastery"] for r in ROWS}
    assert by_rule["all pass"].endswith("call.stuck_dealer")
    for variant in ("double deck melds", "kitty deal", "discards count", "highest wins"):
        assert by_rule[variant].startswith("08_other_versions.ipynb"), variant


def test_a_mastery_case_its_lesson_does_not_ask_fails() -> None:
    row = dict(ROWS[0], mastery="01_the_deck.ipynb: meld.run")
    with pytest.raises(AssertionError, match="does not ask"):
        test_every_cell_names_something_real(row)


def test_a_row_with_a_phrase_the_lesson_does_not_say_fails() -> None:
    """The table test really reads the lesson: a made-up phrase is caught."""
    row = dict(ROWS[0], lesson='01_the_deck.ipynb: "a phrase no lesson has"')
    with pytest.raises(AssertionError, match="does not say"):
        test_every_cell_names_something_real(row)
