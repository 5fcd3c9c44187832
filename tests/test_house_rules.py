"""The site's house rules file: read when right, named and replaced by classic when wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from pinochle_tutor import CLASSIC, DOUBLE_DECK
from pinochle_tutor.classroom.house_rules import (
    find_house_rules,
    load_house_rules,
    site_four_colour,
    site_rules,
)

REPO = Path(__file__).resolve().parent.parent


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "house_rules.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_committed_site_file_is_valid() -> None:
    house = load_house_rules(REPO / "lessons" / "house_rules.toml")
    assert house.ok, house.problems
    assert house.rules == CLASSIC


@pytest.mark.parametrize(
    ("text", "four", "problem"),
    [
        ('preset = "classic"\n', False, ""),
        ('preset = "classic"\nfour_colour = true\n', True, ""),
        ('four_colour = false\ntarget = 900\n', False, ""),
        ('four_colour = "yes"\ntarget = 900\n', False, 'four_colour = "yes" is ignored: it must be true or false'),
    ],
)
def test_four_colour_is_a_display_setting_beside_the_rules(
    tmp_path: Path, text: str, four: bool, problem: str
) -> None:
    house = load_house_rules(write(tmp_path, text))
    assert house.four_colour is four
    assert [p for p in house.problems if "four_colour" in p] == ([f"house_rules.toml: {problem}."] if problem else [])
    assert not hasattr(house.rules, "four_colour")  # not a rule of the game
    assert house.rules.target == (900 if "target" in text else CLASSIC.target)


def test_the_committed_site_file_makes_four_colours_the_default() -> None:
    assert load_house_rules(REPO / "lessons" / "house_rules.toml").four_colour is True
    assert site_four_colour(REPO / "lessons") is True


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


def test_the_readme_example_works_as_written(tmp_path: Path) -> None:
    """README "For teachers": ``target = 1000`` at the top level of the file."""
    house = load_house_rules(write(tmp_path, 'preset = "classic"\ntarget = 1000\n'))
    assert house.ok, house.problems
    assert house.rules == CLASSIC.with_settings(target=1000)


def test_settings_at_the_top_level_or_under_settings_are_the_same(tmp_path: Path) -> None:
    top = write(tmp_path, 'preset = "double_deck"\ntarget = 750\n[meld_table]\nmarriage = 3\n')
    under = tmp_path / "under.toml"
    under.write_text(
        'preset = "double_deck"\n[settings]\ntarget = 750\n[settings.meld_table]\nmarriage = 3\n'
    )
    assert load_house_rules(top).ok
    assert load_house_rules(top).rules == load_house_rules(under).rules


def test_the_committed_file_comment_shows_what_works(tmp_path: Path) -> None:
    """The example in the comment of lessons/house_rules.toml, uncommented, is read."""
    lines = (REPO / "lessons" / "house_rules.toml").read_text().splitlines()
    example = [ln[2:].split("#")[0] for ln in lines if ln.startswith("#   ")]
    house = load_house_rules(write(tmp_path, "\n".join(example)))
    assert house.ok, house.problems
    assert house.rules.target == 1000


@pytest.mark.parametrize(
    ("text", "named", "kept"),
    [
        (
            "preset = 'three_handed'\ntargt = 1000",
            "'targt' is not a setting (did you mean 'target'?)",
            {},
        ),
        ("[settings]\ntargt = 1000\nmeld_save = 1", "did you mean 'target'?", {"meld_save": 1}),
        (
            "target = 'lots'\nmeld_save = 1",
            "target='lots' must be a whole number",
            {"meld_save": 1},
        ),
        (
            "[settings]\nhand_size = 13\ntarget = 900",
            "do not make the 48-card deck",
            {"target": 900},
        ),
        (
            "[settings.meld_table]\nruns = 5\ndix = 20",
            "'runs' is not a meld (did you mean 'run'?)",
            {},
        ),
        (
            "colour = 'red'\ntarget = 900",
            "'colour' is not a setting (the settings are: bid_increment,",
            {"target": 900},
        ),
        ("[settings]\nname = 'mine'\ntarget = 900", "'name' is not a setting", {"target": 900}),
        ("settings = 5\ntarget = 900", "is not a table of setting = value", {"target": 900}),
        (
            "target = 800\n[settings]\ntarget = 900",
            "given both at the top level and under [settings]",
            {"target": 900},
        ),
        (
            "meld_save = 100000\ntarget = 900",
            "meld_save = 100000 is ignored: meld_save=100000",
            {"target": 900},
        ),
    ],
)
def test_a_bad_setting_is_named_and_ignored_and_the_rest_is_kept(
    tmp_path: Path, text: str, named: str, kept: dict[str, object]
) -> None:
    path = write(tmp_path, text)
    house = load_house_rules(path)
    assert not house.ok
    assert len(house.problems) == 1, house.problems
    assert named in house.problems[0]
    assert path.name in house.problems[0] and str(path.parent) not in house.problems[0]
    assert "ignored" in house.problems[0] or "is used" in house.problems[0]
    preset = "three_handed" if "three_handed" in text else "classic"
    assert house.rules.name == preset
    for key, value in kept.items():
        assert getattr(house.rules, key) == value
    assert "classic rules are used instead" not in house.summary()
    assert house.problems[0] in house.summary()


def test_a_setting_that_needs_another_is_kept_beside_it(tmp_path: Path) -> None:
    """Three-handed from the classic preset changes five settings at once: each alone
    does not make a rule set, together they do."""
    text = (
        "players = 3\npartnerships = false\nhand_size = 15\nkitty_size = 3\n"
        "exchange_size = 0\ntargt = 1\n"
    )
    house = load_house_rules(write(tmp_path, text))
    assert house.rules == CLASSIC.with_settings(
        players=3, partnerships=False, hand_size=15, kitty_size=3, exchange_size=0
    )
    assert len(house.problems) == 1 and "'targt'" in house.problems[0]


def test_every_bad_setting_is_named(tmp_path: Path) -> None:
    house = load_house_rules(
        write(tmp_path, "targt = 1\nmeld_save = -1\ntarget = 700\n[meld_table]\ndx = 3\n")
    )
    assert house.rules == CLASSIC.with_settings(target=700)
    assert len(house.problems) == 3
    text = " ".join(house.problems)
    assert "'targt'" in text and "meld_save = -1 is ignored" in text
    assert "'dx' is not a meld (did you mean 'dix'?)" in text


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("preset = 'klondike'\ntarget = 900", "'klondike' is not a rule set"),
        ("preset = 3", 'preset=3 must be a name such as "classic"'),
        ("preset = classic", "not valid TOML"),
    ],
)
def test_an_unreadable_file_or_unknown_preset_gives_classic(
    tmp_path: Path, text: str, named: str
) -> None:
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


def test_bids_no_contract_could_come_from_are_named_and_ignored(tmp_path: Path) -> None:
    """An opening, stuck or increment bid of 10**18 leaves no contract to make: each is
    named with the bound the rules give (the most a side can take) and ignored."""
    big = 10**18
    house = load_house_rules(write(tmp_path, f"opening_bid = {big}\nbid_increment = {big}\n"
                                             f"stuck_bid = {big}\ntarget = 1000\n"))  # fmt: skip
    assert house.rules == CLASSIC.with_settings(target=1000)
    assert len(house.problems) == 3
    for setting in ("opening_bid", "bid_increment", "stuck_bid"):
        (said,) = [p for p in house.problems if p.startswith(f"house_rules.toml: {setting} = {big}")]
        assert "is ignored" in said and "no side can take more than 9890 points in a hand" in said
    double = load_house_rules(write(tmp_path, 'preset = "double_deck"\nstuck_bid = 2031\n'))
    assert double.rules == DOUBLE_DECK
    assert "stuck_bid=2031 is too high: no side can take more than 2030 points" in double.problems[0]


def test_a_browser_chooses_among_the_sites_rule_sets_by_cookie_only_where_offered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``$PINOCHLE_TUTOR_RULES_CHOICES`` offers a folder of rule sets; the ``pinochle_rules``
    cookie (as a page's kernel gets it, ``HTTP_COOKIE``) picks one by name. Without the
    folder the cookie is ignored (a learner cannot change a site's rules), and a cookie
    that is not a plain name or names no file there picks nothing."""
    choices = tmp_path / "choices"
    choices.mkdir()
    (choices / "double_deck.toml").write_text('preset = "double_deck"\n', encoding="utf-8")
    (tmp_path / "secret.toml").write_text('preset = "three_handed"\n', encoding="utf-8")
    site = write(tmp_path, 'preset = "classic"\ntarget = 900\n')
    monkeypatch.setenv("PINOCHLE_TUTOR_RULES", str(site))
    monkeypatch.delenv("PINOCHLE_TUTOR_RULES_CHOICES", raising=False)
    monkeypatch.setenv("HTTP_COOKIE", "a=1; pinochle_rules=double_deck")
    assert site_rules().target == 900  # not offered: the site's file
    monkeypatch.setenv("PINOCHLE_TUTOR_RULES_CHOICES", str(choices))
    assert site_rules() == DOUBLE_DECK
    assert find_house_rules() == choices / "double_deck.toml"
    for cookie in ("pinochle_rules=../secret", "pinochle_rules=Double_Deck",
                   "pinochle_rules=three_handed", "pinochle_rules=", "other=double_deck"):  # fmt: skip
        monkeypatch.setenv("HTTP_COOKIE", cookie)
        assert find_house_rules() == site, cookie
    monkeypatch.delenv("HTTP_COOKIE")
    assert site_rules().target == 900
