"""A quiz bank with a problem is never dropped in silence: the practice page
says briefly that some questions could not be loaded (no file, no server path), the
teacher's page lists each problem (file, item, field, what is wrong) and the server's
log has each one once per process; the bank's good items still load."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest

from pinochle_tutor.course.quiz import default_bank_dir, load_banks
from pinochle_widgets.dashboard import TeacherDashboard
from pinochle_widgets.quiz_runner import BANK_NOTE, QuizRunner
from tests.widget_client import client_click, tree_states

SECRET = "correct horse battery"
LOGGER = "pinochle_tutor.course.quiz.banks"

GOOD_AND_BAD = """kind = "meld"

[[item]]
id = "good-run"
trump = "H"
hand = "AH 10H KH QH JH"

[[item]]
id = "bad-hand"
trump = "H"
hand = "KH QX"

[[item]]
id = "good-dix"
trump = "S"
hand = "9S"
"""


@pytest.fixture(autouse=True)
def classic_site(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path_factory.mktemp("site") / "house_rules.toml"
    path.write_text('preset = "classic"\n', encoding="utf-8")
    monkeypatch.setenv("PINOCHLE_TUTOR_RULES", str(path))


def broken_copy(tmp_path: Path) -> Path:
    """The course's banks, with an unclosed string in meld.toml (the issue's case)."""
    banks = tmp_path / "banks"
    shutil.copytree(default_bank_dir(), banks)
    meld = banks / "meld.toml"
    text = meld.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("hand = "))
    meld.write_text(text.replace(line, line.rstrip('"'), 1), encoding="utf-8")
    return banks


def runner(kind: str, banks: Path, tmp_path: Path, **kw: object) -> QuizRunner:
    return QuizRunner(kind, count=4, seed=0, bank_dir=banks,
                      progress=tmp_path / "p.json", **kw)  # type: ignore[arg-type]  # fmt: skip


def test_a_bank_with_a_syntax_error_is_named_on_the_practice_page(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    banks = broken_copy(tmp_path)
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        q = runner("meld", banks, tmp_path)
    assert q.bank_note.value == BANK_NOTE
    assert "Some questions of this set could not be loaded" in q.bank_note.value
    synced = tree_states(q)
    assert str(tmp_path) not in synced and "meld.toml" not in synced and "TOML" not in synced
    assert all(item.id.startswith("gen-") for item in q.session.questions), "generated ones take their place"
    logged = [r.getMessage() for r in caplog.records if r.name == LOGGER]
    assert len(logged) == 1 and "meld.toml: is not valid TOML" in logged[0]
    assert str(banks) in logged[0], "the server's log names the folder"


def test_each_problem_is_logged_once_per_process(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "meld.toml").write_text(GOOD_AND_BAD, encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        first = runner("meld", tmp_path, tmp_path)
        second = runner("meld", tmp_path, tmp_path)
        load_banks(tmp_path)
    assert first.bank_note.value == second.bank_note.value == BANK_NOTE
    logged = [r.getMessage() for r in caplog.records if r.name == LOGGER]
    assert len(logged) == 1
    assert "meld.toml: item 'bad-hand' (#2), field 'hand': 'QX' is not a card" in logged[0]


def test_a_bad_field_in_one_item_leaves_the_good_items(tmp_path: Path) -> None:
    (tmp_path / "meld.toml").write_text(GOOD_AND_BAD, encoding="utf-8")
    items, problems = load_banks(tmp_path)
    assert [i.id for i in items] == ["good-run", "good-dix"]
    assert [(p.file, p.item, p.field) for p in problems] == [("meld.toml", "'bad-hand' (#2)", "hand")]
    q = runner("meld", tmp_path, tmp_path)
    asked = [i.id for i in q.session.questions]
    assert sorted(asked[:2]) == ["good-dix", "good-run"] and "bad-hand" not in asked
    assert q.bank_note.value == BANK_NOTE
    assert "QX" not in tree_states(q) and "bad-hand" not in tree_states(q)


def test_a_clean_bank_and_another_kinds_broken_file_say_nothing(tmp_path: Path) -> None:
    banks = broken_copy(tmp_path)
    assert runner("score", banks, tmp_path).bank_note.value == ""  # meld.toml holds no score item
    assert runner("meld", default_bank_dir(), tmp_path).bank_note.value == ""
    assert runner("meld", banks, tmp_path, source="generated").bank_note.value == ""


def test_a_new_round_keeps_saying_so(tmp_path: Path) -> None:
    (tmp_path / "meld.toml").write_text(GOOD_AND_BAD, encoding="utf-8")
    q = QuizRunner("meld", count=1, seed=0, bank_dir=tmp_path, progress=tmp_path / "p.json")
    q.session.answer("0")
    q.session.answer("0")
    client_click(q.next_button)
    client_click(q.restart_button)
    assert q.bank_note.value == BANK_NOTE


def test_the_teachers_page_lists_each_bank_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    banks = broken_copy(tmp_path)
    (banks / "extra.toml").write_text(GOOD_AND_BAD, encoding="utf-8")
    monkeypatch.setenv("PINOCHLE_TUTOR_TEACHER_SECRET", SECRET)
    d = TeacherDashboard(tmp_path / "class.sqlite", bank_dir=banks)
    d.secret.value = SECRET
    client_click(d.open_button)
    assert d.is_open
    shown = d.problems_view.value
    assert "2 problem(s) in the quiz banks" in shown and 'class="pt-bank-problems"' in shown
    assert "<th>Bank file</th><th>Item</th><th>Field</th><th>What is wrong</th>" in shown
    assert ("<td>meld.toml</td><td>(the whole file)</td><td>-</td>"
            "<td>is not valid TOML: Illegal character") in shown  # fmt: skip
    assert ("<td>extra.toml</td><td>&#x27;bad-hand&#x27; (#2)</td><td>hand</td>"
            "<td>&#x27;QX&#x27; is not a card") in shown  # fmt: skip
    assert str(tmp_path) not in shown
    clean = TeacherDashboard(tmp_path / "class.sqlite", bank_dir=default_bank_dir())
    clean.secret.value = SECRET
    client_click(clean.open_button)
    assert "pt-bank-problems" not in clean.problems_view.value


def test_an_unreadable_bank_is_named_without_the_servers_folders(tmp_path: Path) -> None:
    (tmp_path / "meld.toml").mkdir()  # a folder where a file should be: cannot be read
    _items, problems = load_banks(tmp_path)
    (problem,) = problems
    assert problem.file == "meld.toml" and problem.message.startswith("cannot be read: ")
    assert str(tmp_path) not in str(problem)


def test_a_score_item_whose_bid_no_side_could_make_is_named(tmp_path: Path) -> None:
    (tmp_path / "score.toml").write_text(
        'kind = "score"\n[[item]]\nid = "huge"\nbid = 1000000\nbidder_meld = 100\nbidder_tricks = 130\n'
        '[[item]]\nid = "fine"\nbid = 9890\nbidder_meld = 100\nbidder_tricks = 130\n',
        encoding="utf-8",
    )
    items, problems = load_banks(tmp_path)
    assert [i.id for i in items] == ["fine"]
    (problem,) = problems
    assert problem.field == "bid" and "1000000 cannot be a contract: bids go up to 9890" in problem.message
