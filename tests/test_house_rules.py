"""The site's house rules file: read when right, named and replaced by classic when wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle_tutor import CLASSIC, DOUBLE_DECK
from pinochle_tutor.course.house_rules import find_house_rules, load_house_rules, site_rules

REPO = Path(__file__).resolve().parent.parent


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "house_rules.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_committed_site_file_is_valid() -> None:
    house = load_house_rules(REPO / "lessons" / "house_rules.toml")
    assert house.ok, house.problems
    assert house.rules == CLASSIC


def test_preset_and_overrides(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        'preset = "double deck"\n[settings]\ntarget = 750\n[settings.meld_table]\nmarriage = 3\n',
    )
    house = load_house_rules(path)
    assert house.ok
    assert house.rules.target == 750 and house.rules.meld_table.marriage == 3
    assert house.rules.copies == DOUBLE_DECK.copies
    assert "game to 750" in house.summary()


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("preset = 'klondike'", "'klondike' is not a rule set"),
        ("[settings]\ntargt = 1000", "unknown rule setting(s) 'targt'"),
        ("[settings]\ntarget = 'lots'", "target='lots' must be a whole number"),
        ("[settings]\nhand_size = 13", "do not make the 48-card deck"),
        ("[settings.meld_table]\nruns = 5", "unknown meld setting(s) 'runs'"),
        ("preset = 'classic'\ncolour = 'red'", "unknown key(s) 'colour'"),
        ("preset = classic", "not valid TOML"),
        ("[settings]\nname = 'mine'", "'name' is not a setting"),
    ],
)
def test_a_bad_file_is_named_and_classic_is_used(tmp_path: Path, text: str, named: str) -> None:
    path = write(tmp_path, text)
    house = load_house_rules(path)
    assert house.rules == CLASSIC
    assert not house.ok
    assert named in house.problems[0]
    assert path.name in house.problems[0] and str(path.parent) not in house.problems[0]
    assert "classic rules are used instead" in house.summary()


def test_unreadable_and_missing_files(tmp_path: Path) -> None:
    bad = tmp_path / "house_rules.toml"
    bad.write_bytes(b"\xff\xfe\x00 not text")
    assert "not UTF-8" in load_house_rules(bad).problems[0]
    missing = load_house_rules(tmp_path / "nope.toml")
    assert missing.rules == CLASSIC and "could not be read" in missing.problems[0]


def test_found_in_parent_folders_and_by_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PINOCHLE_TUTOR_RULES", raising=False)
    write(tmp_path, "[settings]\ntarget = 900")
    deep = tmp_path / "a" / "b"
    deep.mkdir(parents=True)
    assert find_house_rules(deep) == tmp_path / "house_rules.toml"
    assert site_rules(deep).target == 900
    other = tmp_path / "elsewhere.toml"
    other.write_text("preset = 'three_handed'")
    monkeypatch.setenv("PINOCHLE_TUTOR_RULES", str(other))
    assert site_rules(deep).players == 3


def test_practice_notebooks_beside_the_lessons_find_the_site_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PINOCHLE_TUTOR_RULES", raising=False)
    (tmp_path / "lessons").mkdir()
    (tmp_path / "exercises").mkdir()
    write(tmp_path / "lessons", "[settings]\ntarget = 800")
    assert site_rules(tmp_path / "exercises").target == 800
    assert (REPO / "lessons" / "practice").resolve() == REPO / "exercises"
