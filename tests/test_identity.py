"""Who is learning: the learner found from the environment (fixed, JupyterHub, a
login proxy's header, the browser's cookie), names checked, and the learner card,
headless: a browser's key arrives, a name is given once, two classmates with one
name keep two records, a client's bad key is refused."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from pinochle_tutor.course.display import FOUR_COLOUR
from pinochle_tutor.course.identity import (
    GUEST,
    Learner,
    LearnerNameError,
    LearnerSource,
    check_name,
    current_learner,
    learner_from_environment,
    new_key,
    set_current_learner,
)
from pinochle_tutor.course.progress import Progress
from pinochle_tutor.course.store import ProgressStore
from pinochle_widgets import _base
from pinochle_widgets._base import style_widget
from pinochle_widgets.cards import HandPicker
from pinochle_widgets.identity import LearnerCard
from tests.widget_client import client_click, client_update

KEY = "A" * 11 + "b" * 11


@pytest.fixture(autouse=True)
def fresh_kernel(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """Each test is a fresh page: no learner set, a site database of its own."""
    for var in ("PINOCHLE_TUTOR_LEARNER", "JUPYTERHUB_USER", "PINOCHLE_TUTOR_USER_HEADER", "HTTP_COOKIE"):
        monkeypatch.delenv(var, raising=False)
    db = tmp_path / "progress.sqlite"
    monkeypatch.setenv("PINOCHLE_TUTOR_PROGRESS", str(db))
    set_current_learner(None)
    yield db
    set_current_learner(None)


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, GUEST),
        ({"PINOCHLE_TUTOR_LEARNER": "tester"}, Learner("tester", "tester", LearnerSource.FIXED)),
        ({"JUPYTERHUB_USER": "alice"}, Learner("alice", "alice", LearnerSource.HUB)),
        (
            {"PINOCHLE_TUTOR_USER_HEADER": "X-Forwarded-User", "HTTP_X_FORWARDED_USER": "bob"},
            Learner("bob", "bob", LearnerSource.HEADER),
        ),
        # A user header nobody configured is not trusted: anyone could send it.
        ({"HTTP_X_FORWARDED_USER": "bob"}, GUEST),
        ({"HTTP_COOKIE": f"_xsrf=2|x; pinochle_learner={KEY}"}, Learner(KEY, "", LearnerSource.BROWSER)),
        ({"HTTP_COOKIE": "pinochle_learner=short"}, GUEST),
        ({"HTTP_COOKIE": 'pinochle_learner="; ;;=='}, GUEST),
        (
            {"JUPYTERHUB_USER": "alice", "HTTP_COOKIE": f"pinochle_learner={KEY}"},
            Learner("alice", "alice", LearnerSource.HUB),
        ),
    ],
)
def test_the_learner_comes_from_the_environment(env: dict[str, str], expected: Learner) -> None:
    assert learner_from_environment(env) == expected


@pytest.mark.parametrize(
    ("typed", "name"),
    [("Ann", "Ann"), ("  Mary  Ann ", "Mary Ann"), ("O'Neil", "O'Neil"), ("Jean-Luc", "Jean-Luc"), ("Zoë", "Zoë")],
)
def test_names_a_learner_may_give(typed: str, name: str) -> None:
    assert check_name(typed) == name


@pytest.mark.parametrize(
    ("typed", "words"),
    [("", "Type your name first"), ("   ", "Type your name first"), ("x" * 41, "at most 40"),
     ("<script>", "characters a name does not need"), ("-ann", "characters"), (None, "not None")],
)  # fmt: skip
def test_names_that_are_refused_say_why(typed: object, words: str) -> None:
    with pytest.raises(LearnerNameError, match=words):
        check_name(typed)


def test_new_keys_are_keys_and_differ() -> None:
    keys = {new_key() for _ in range(50)}
    assert len(keys) == 50
    assert all(learner_from_environment({"HTTP_COOKIE": f"pinochle_learner={k}"}).key == k for k in keys)


# ------------------------------------------------------------------ the card


def test_a_first_visit_gets_a_key_then_a_name_once(fresh_kernel: Path) -> None:
    card = LearnerCard()
    assert current_learner().is_guest and "as a guest's" in card.status.value
    client_update(card.keeper, client_key=KEY)
    assert current_learner() == Learner(KEY, "", LearnerSource.BROWSER)
    assert "guest of this browser" in card.status.value
    assert card._form.layout.display == ""
    card.name_box.value = "Ann"
    client_click(card.save_button)
    assert "Thank you, Ann" in card.message.text
    assert ProgressStore(fresh_kernel).name_of(KEY) == "Ann"
    # The next page of this browser: the kernel starts with the cookie and knows Ann.
    set_current_learner(None)
    again = LearnerCard()
    client_update(again.keeper, client_key=KEY)
    assert "learning as <b>Ann</b>" in again.status.value


def test_two_classmates_with_one_name_keep_two_records(fresh_kernel: Path) -> None:
    other = "Z" * 22
    for key in (KEY, other):
        set_current_learner(None)
        card = LearnerCard()
        client_update(card.keeper, client_key=key)
        card.name_box.value = "Ann"
        client_click(card.save_button)
        Progress.load().record(f"q-{key[0]}", "meld", ["meld.run"], key[0], True)
    store = ProgressStore(fresh_kernel)
    assert store.names() == {KEY: "Ann", other: "Ann"}
    assert [a.answer for a in store.attempts(KEY)] == ["A"]
    assert [a.answer for a in store.attempts(other)] == ["Z"]


def test_a_page_opened_before_the_key_arrived_files_answers_under_it(fresh_kernel: Path) -> None:
    progress = Progress.load()  # the quiz built before the browser spoke
    card = LearnerCard(compact=True)
    client_update(card.keeper, client_key=KEY)
    progress.record("q", "meld", ["meld.run"], "150", True)
    assert [a.answer for a in ProgressStore(fresh_kernel).attempts(KEY)] == ["150"]
    assert ProgressStore(fresh_kernel).attempts("guest") == []
    assert card._form.layout.display == "none"  # compact: no name box


@pytest.mark.parametrize("bad", ["short", "x" * 200, "has space in it 0123456789", "<img src=x>"])
def test_a_clients_bad_key_is_refused_with_a_message(bad: str) -> None:
    card = LearnerCard()
    client_update(card.keeper, client_key=bad)
    assert current_learner().is_guest
    assert "cannot be used" in card.message.text


def test_a_bad_name_gets_a_message_and_nothing_is_kept(fresh_kernel: Path) -> None:
    card = LearnerCard()
    client_update(card.keeper, client_key=KEY)
    card.name_box.value = "<b>Ann</b>"
    client_click(card.save_button)
    assert "characters a name does not need" in card.message.text
    assert ProgressStore(fresh_kernel).name_of(KEY) == ""


def test_a_name_before_the_browser_spoke_asks_for_a_reload() -> None:
    card = LearnerCard()
    card.name_box.value = "Ann"
    client_click(card.save_button)
    assert "reload the page" in card.message.text


def test_on_jupyterhub_the_card_only_says_who(monkeypatch: pytest.MonkeyPatch, fresh_kernel: Path) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "alice")
    card = LearnerCard()
    assert "learning as <b>alice</b>" in card.status.value and card._form.layout.display == "none"
    client_update(card.keeper, client_key=KEY)
    assert current_learner().key == "alice"
    Progress.load().record("q", "meld", ["meld.run"], "150", True)
    assert ProgressStore(fresh_kernel).learners() == ["alice"]


def test_a_site_without_a_database_says_the_name_cannot_be_kept(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PINOCHLE_TUTOR_PROGRESS", str(tmp_path / "mine.json"))
    card = LearnerCard()
    client_update(card.keeper, client_key=KEY)
    card.name_box.value = "Ann"
    client_click(card.save_button)
    assert "cannot be kept" in card.message.text


def test_a_page_opened_with_the_cookie_knows_the_name_at_once(
    monkeypatch: pytest.MonkeyPatch, fresh_kernel: Path
) -> None:
    ProgressStore(fresh_kernel).set_name(KEY, "Ann", "2026-01-01T10:00:00Z")
    monkeypatch.setenv("HTTP_COOKIE", f"pinochle_learner={KEY}")
    card = LearnerCard()
    assert current_learner() == Learner(KEY, "Ann", LearnerSource.BROWSER)
    assert "learning as <b>Ann</b>" in card.status.value and card._form.layout.display == "none"


def test_the_page_opened_is_kept_once_the_learner_is_known(
    monkeypatch: pytest.MonkeyPatch, fresh_kernel: Path
) -> None:
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/04_meld.ipynb")
    card = LearnerCard(compact=True)
    assert ProgressStore(fresh_kernel).lessons() == []  # a guest's visit is not kept
    client_update(card.keeper, client_key=KEY)
    client_update(card.keeper, client_key="Q" * 22)  # another key later: still one visit
    (visit,) = ProgressStore(fresh_kernel).lessons()
    assert (visit.learner, visit.page) == (KEY, "04_meld.ipynb")
    set_current_learner(None)  # a new kernel, on JupyterHub
    monkeypatch.setenv("JUPYTERHUB_USER", "alice")
    LearnerCard(compact=True)
    assert [v.learner for v in ProgressStore(fresh_kernel).lessons()] == [KEY, "alice"]


# ------------------------------------------------------------ the four-colour deck


@pytest.fixture
def house(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Callable[[bool], None]:
    """Write the site's house rules with ``four_colour`` on or off; each test's page
    starts without a deck chosen (a fresh kernel)."""
    monkeypatch.setattr(_base, "_FOUR", [])
    monkeypatch.setattr(_base, "_STYLE", [])

    def write(four: bool) -> None:
        path = tmp_path / "house_rules.toml"
        path.write_text(f'preset = "classic"\nfour_colour = {"true" if four else "false"}\n')
        monkeypatch.setenv("PINOCHLE_TUTOR_RULES", str(path))

    return write


def new_page(monkeypatch: pytest.MonkeyPatch, cookie: str | None = None) -> None:
    """A new page of the browser: a new kernel, with the learner's cookie if given."""
    set_current_learner(None)
    monkeypatch.setattr(_base, "_FOUR", [])
    monkeypatch.setattr(_base, "_STYLE", [])
    if cookie is not None:
        monkeypatch.setenv("HTTP_COOKIE", f"pinochle_learner={cookie}")


def four_colour_shown() -> bool:
    return "pt-face-JD" in style_widget().value


def test_the_four_colour_switch_is_kept_for_the_learner_on_every_page(
    monkeypatch: pytest.MonkeyPatch, fresh_kernel: Path, house: Callable[[bool], None]
) -> None:
    house(False)
    card = LearnerCard()
    client_update(card.keeper, client_key=KEY)
    assert card.four_colour.value is False and not four_colour_shown()
    client_update(card.four_colour, value=True)
    assert four_colour_shown()  # this page's cards change at once
    assert "kept for you on every page" in card.message.text
    assert ProgressStore(fresh_kernel).preference(KEY, FOUR_COLOUR) == "on"
    # Another page of the same browser: the choice holds before any widget is shown.
    new_page(monkeypatch, cookie=KEY)
    picker = HandPicker("JD QC", pictures=True)
    assert "pt-face-JD" in picker.children[0].value  # the hand's stylesheet
    assert LearnerCard(compact=True).four_colour.value is True
    # Switched off again: kept too.
    client_update(LearnerCard().four_colour, value=False)
    assert not four_colour_shown()
    assert ProgressStore(fresh_kernel).preference(KEY, FOUR_COLOUR) == "off"


def test_the_house_default_holds_until_the_learner_chooses(
    monkeypatch: pytest.MonkeyPatch, fresh_kernel: Path, house: Callable[[bool], None]
) -> None:
    house(True)
    card = LearnerCard()
    client_update(card.keeper, client_key=KEY)
    assert card.four_colour.value is True and four_colour_shown()
    assert ProgressStore(fresh_kernel).preference(KEY, FOUR_COLOUR) is None  # nothing chosen
    client_update(card.four_colour, value=False)
    new_page(monkeypatch, cookie=KEY)
    assert LearnerCard().four_colour.value is False and not four_colour_shown()
    # A classmate who never chose gets the house default.
    new_page(monkeypatch, cookie="Z" * 22)
    assert LearnerCard().four_colour.value is True and four_colour_shown()


def test_a_guests_switch_changes_the_page_but_is_not_kept(
    fresh_kernel: Path, house: Callable[[bool], None]
) -> None:
    house(False)
    card = LearnerCard()
    assert current_learner().is_guest
    client_update(card.four_colour, value=True)
    assert four_colour_shown()
    assert "this page only" in card.message.text
    assert ProgressStore(fresh_kernel).learners() == []


def test_in_the_static_site_the_card_says_the_teacher_sees_only_what_is_handed_in(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import pinochle_widgets.identity as identity

    monkeypatch.setattr(identity, "IN_BROWSER_ONLY", True)
    card = LearnerCard()
    assert "runs in your browser" in card.status.value and "hand in the file" in card.status.value
    assert card._form.layout.display == "none"
