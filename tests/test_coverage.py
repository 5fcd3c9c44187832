"""The coverage table (lessons/COVERAGE.md): every rule of RULES.md and every tip of
the rules text has a row, and every cell of a row names something real: an engine
function with a docstring, a lesson phrase the lesson says, a drill the learner can
open (a practice page, a lesson's widget, or a quiz rule case the quiz can ask), and
a widget of the package."""

from __future__ import annotations

import json
import pkgutil
import re
from functools import cache
from pathlib import Path

import pytest

from pinochle_tutor.course.quiz import QuizRequestError, QuizRule, generate
from pinochle_tutor.rules import CLASSIC

REPO = Path(__file__).resolve().parent.parent
TABLE = REPO / "lessons" / "COVERAGE.md"
RULES = REPO.parent / "shared" / "RULES.md"
SEED = REPO.parent / "shared" / "seed"
COLUMNS = ["rule", "rules text", "engine", "lesson", "drill", "widget"]


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
def notebook_text(path: Path) -> str:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return "\n".join("".join(c["source"]) for c in nb["cells"])


@cache
def quiz_can_ask(rule: str) -> bool:
    """Whether the generator makes an item aimed at ``rule`` under the classic rules."""
    q = QuizRule(rule)
    kind = q.value.split(".", 1)[0]
    for seed in range(8):
        for level in (1, 2, 3):
            try:
                item = generate(kind, seed, level, [q.value], rules=CLASSIC)
            except QuizRequestError:
                continue
            if q in item.rules:
                return True
    return False


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
    melds = [m for m in re.findall(r"^\| ([a-z][a-z ]+?) \|", meld_table, flags=re.M) if m != "meld"]
    versions = re.findall(r"^## (Double deck|Three-handed)", text, flags=re.M)
    assert len(settings) >= 15 and len(melds) >= 9 and len(versions) == 2
    covered = " / ".join(r["rules text"].lower() for r in ROWS)
    for name in [*settings, *melds, *versions]:
        assert name.lower() in covered, f"RULES.md's {name!r} has no row in COVERAGE.md"


def test_every_tip_of_the_rules_text_has_a_row() -> None:
    (seed,) = SEED.glob("*.txt")
    text = seed.read_text(encoding="utf-8")
    tips_part = text.split("Better decisions at the table", 1)[1].split("Other versions", 1)[0]
    paragraphs = [p.strip() for p in tips_part.split("\n\n") if p.strip()]
    openings = [p.split(".", 1)[0] for p in paragraphs[1:]] + ["Count what your hand can already score"]
    assert len(openings) >= 6
    tips = [r["rules text"].removeprefix("tip: ") for r in ROWS if r["rules text"].startswith("tip:")]
    for opening in openings:
        assert any(opening.startswith(t) or t.startswith(opening) for t in tips), (
            f"the tip {opening!r} has no row in COVERAGE.md"
        )


def test_a_row_with_a_phrase_the_lesson_does_not_say_fails() -> None:
    """The table test really reads the lesson: a made-up phrase is caught."""
    row = dict(ROWS[0], lesson='01_the_deck.ipynb: "a phrase no lesson has"')
    with pytest.raises(AssertionError, match="does not say"):
        test_every_cell_names_something_real(row)
