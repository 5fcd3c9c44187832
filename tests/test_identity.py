"""Who is learning: the learner found from the environment (fixed, JupyterHub, a
login proxy's header, the browser's cookie, counted only when the site signed its
key), the site's secret and signed keys, names checked, and the learner card,
headless: a browser's signed key arrives, a name is given once, two classmates with
one name keep two records, a client's bad, unsigned or tampered key is refused."""

from __future__ import annotations

import stat
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from pinochle_tutor.classroom.display import FOUR_COLOUR
from pinochle_tutor.classroom.identity import (
    GUEST,
    Learner,
    LearnerNameError,
    LearnerSource,
    check_name,
    current_learner,
    learner_from_environment,
    new_key,
    set_current_learner,
    sign_key,
    signed_key,
    site_secret,
)
from pinochle_tutor.classroom.progress import Progress
from pinochle_tutor.classroom.store import ProgressStore
from pinochle_widgets import _base
from pinochle_widgets._base import style_widget
from pinochle_widgets.cards import HandPicker
from pinochle_widgets.identity import LearnerCard
from tests.widget_client import client_click, client_update

KEY = "A" * 11 + "b" * 11
SECRET = "the site's test secret, 32 chars"
"""The site's secret in these tests (``$PINOCHLE_TUTOR_SITE_SECRET``)."""


def signed(key: str, secret: str = SECRET) -> str:
    """The cookie value the site issues for ``key``."""
    return sign_key(key, secret.encode())


def tampered(value: str) -> str:
    """``value`` with the last character of its signature changed."""
    return value[:-1] + ("A" if value[-1] != "A" else "B")


@pytest.fixture(autouse=True)
def fresh_kernel(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """Each test is a fresh page: no learner set, a site database of its own."""
    for var in (
        "PINOCHLE_TUTOR_LEARNER",
        "JUPYTERHUB_USER",
        "PINOCHLE_TUTOR_USER_HEADER",
        "HTTP_COOKIE",
    ):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("PINOCHLE_TUTOR_SITE_SECRET", SECRET)
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
        (
            {"HTTP_COOKIE": f"_xsrf=2|x; pinochle_learner={signed(KEY)}"},
            Learner(KEY, "", LearnerSource.BROWSER),
        ),
        # A key the site did not sign is a guest's: a client can make up any number.
        ({"HTTP_COOKIE": f"pinochle_learner={KEY}"}, GUEST),
        ({"HTTP_COOKIE": f"pinochle_learner={tampered(signed(KEY))}"}, GUEST),
        (
            {"HTTP_COOKIE": f"pinochle_learner={signed(KEY, 'another site secret, 32 chars!!')}"},
            GUEST,
        ),
        ({"HTTP_COOKIE": f"pinochle_learner={'Z' * 22}.{signed(KEY).split('.')[1]}"}, GUEST),
        ({"HTTP_COOKIE": "pinochle_learner=short"}, GUEST),
        ({"HTTP_COOKIE": 'pinochle_learner="; ;;=='}, GUEST),
        (
            {"JUPYTERHUB_USER": "alice", "HTTP_COOKIE": f"pinochle_learner={signed(KEY)}"},
            Learner("alice", "alice", LearnerSource.HUB),
        ),
    ],
)
def test_the_learner_comes_from_the_environment(env: dict[str, str], expected: Learner) -> None:
    assert learner_from_environment({"PINOCHLE_TUTOR_SITE_SECRET": SECRET, **env}) == expected


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("Ann", "Ann"),
        ("  Mary  Ann ", "Mary Ann"),
        ("O'Neil", "O'Neil"),
        ("Jean-Luc", "Jean-Luc"),
        ("Zoë", "Zoë"),
    ],
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
    secret = SECRET.encode()
    assert all(
        learner_from_environment(
            {"HTTP_COOKIE": f"pinochle_learner={sign_key(k, secret)}"}, secret
        ).key
        == k
        for k in keys
    )


def test_a_signed_key_is_verified_and_anything_else_is_not() -> None:
    secret = SECRET.encode()
    value = sign_key(KEY, secret)
    assert signed_key(value, secret) == KEY
    for bad in (
        KEY,
        tampered(value),
        value + "x",
        value.upper(),
        "",
        None,
        42,
        value.replace(".", ""),
    ):
        assert signed_key(bad, secret) is None, bad
    assert signed_key(value, b"another secret of 32 characters.") is None
    assert signed_key(value, None) is None, "no secret: no key is a learner's"


def test_the_site_secret_is_made_once_private_beside_the_database(tmp_path: Path) -> None:
    env = {"PINOCHLE_TUTOR_PROGRESS": str(tmp_path / "class" / "progress.sqlite")}
    secret = site_secret(env)
    path = tmp_path / "class" / "site_secret"
    assert secret is not None and len(secret) >= 32
    assert stat.S_IMODE(path.stat().st_mode) == 0o600, "only the server's user may read it"
    assert site_secret(env) == secret, "made once, then read"
    # A key signed by this site is a learner of this site; after the secret changes, a guest.
    cookie = {**env, "HTTP_COOKIE": f"pinochle_learner={sign_key(KEY, secret)}"}
    assert learner_from_environment(cookie).key == KEY
    path.write_text("a different secret of many characters\n")
    assert learner_from_environment(cookie).is_guest
    # Several servers of one site share one secret through the environment.
    assert site_secret({**env, "PINOCHLE_TUTOR_SITE_SECRET": SECRET}) == SECRET.encode()
    assert site_secret({**env, "PINOCHLE_TUTOR_SITE_SECRET": "short"}) is None, "too short to trust"


def test_in_the_static_site_an_unsigned_key_is_the_browsers_learner(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Pyodide: no server signs keys; every page is the one learner of that browser."""
    import pinochle_tutor.classroom.identity as identity
    import pinochle_widgets.identity as card_module

    monkeypatch.setattr(identity, "SIGNS_KEYS", False)
    monkeypatch.setattr(card_module, "SIGNS_KEYS", False)
    assert learner_from_environment({"HTTP_COOKIE": f"pinochle_learner={KEY}"}).key == KEY
    card = LearnerCard()
    assert card.keeper.make_key is True, "the browser makes its own key"
    client_update(card.keeper, client_key=KEY)
    assert current_learner() == Learner(KEY, "", LearnerSource.BROWSER)


# ------------------------------------------------------------------ the card


def test_a_first_visit_gets_a_key_then_a_name_once(
    fresh_kernel: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert "kept in its progress file" in LearnerCard().status.value  # Jupyter, no served page
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/00_welcome.ipynb")
    card = LearnerCard()
    assert current_learner().is_guest and "kept on this page only" in card.status.value
    client_update(card.keeper, client_key=signed(KEY))
    assert current_learner() == Learner(KEY, "", LearnerSource.BROWSER)
    assert "You have not given your name yet" in card.status.value
    assert card._form.layout.display == ""
    card.name_box.value = "Ann"
    client_click(card.save_button)
    assert "Thank you, Ann" in card.message.text
    assert ProgressStore(fresh_kernel).name_of(KEY) == "Ann"
    # The next page of this browser: the kernel starts with the cookie and knows Ann.
    set_current_learner(None)
    again = LearnerCard()
    client_update(again.keeper, client_key=signed(KEY))
    assert "learning as <b>Ann</b>" in again.status.value


def test_two_classmates_with_one_name_keep_two_records(fresh_kernel: Path) -> None:
    other = "Z" * 22
    for key in (KEY, other):
        set_current_learner(None)
        card = LearnerCard()
        client_update(card.keeper, client_key=signed(key))
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
    client_update(card.keeper, client_key=signed(KEY))
    progress.record("q", "meld", ["meld.run"], "150", True)
    assert [a.answer for a in ProgressStore(fresh_kernel).attempts(KEY)] == ["150"]
    assert ProgressStore(fresh_kernel).attempts("guest") == []
    assert card._form.layout.display == "none"  # compact: no name box


@pytest.mark.parametrize(
    "bad",
    ["short", "x" * 200, "has space in it 0123456789", "<img src=x>", KEY, tampered(signed(KEY)),
     signed(KEY, "another site secret, 32 chars!!")],
)  # fmt: skip
def test_a_clients_bad_key_is_refused_with_a_message(bad: str) -> None:
    card = LearnerCard()
    assert card.keeper.make_key is False, "on a server site the browser makes no key"
    client_update(card.keeper, client_key=bad)
    assert current_learner().is_guest
    assert "cannot be used" in card.message.text


def test_a_bad_name_gets_a_message_and_nothing_is_kept(fresh_kernel: Path) -> None:
    card = LearnerCard()
    client_update(card.keeper, client_key=signed(KEY))
    card.name_box.value = "<b>Ann</b>"
    client_click(card.save_button)
    assert "characters a name does not need" in card.message.text
    assert ProgressStore(fresh_kernel).name_of(KEY) == ""


def test_a_name_before_the_browser_spoke_asks_for_a_reload() -> None:
    card = LearnerCard()
    card.name_box.value = "Ann"
    client_click(card.save_button)
    assert "reload the page" in card.message.text


def test_on_jupyterhub_the_card_only_says_who(
    monkeypatch: pytest.MonkeyPatch, fresh_kernel: Path
) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "alice")
    card = LearnerCard()
    assert "learning as <b>alice</b>" in card.status.value and card._form.layout.display == "none"
    client_update(card.keeper, client_key=signed(KEY))
    assert current_learner().key == "alice"
    Progress.load().record("q", "meld", ["meld.run"], "150", True)
    assert ProgressStore(fresh_kernel).learners() == ["alice"]


def test_a_site_without_a_database_says_the_name_cannot_be_kept(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("PINOCHLE_TUTOR_PROGRESS", str(tmp_path / "mine.json"))
    card = LearnerCard()
    client_update(card.keeper, client_key=signed(KEY))
    card.name_box.value = "Ann"
    client_click(card.save_button)
    assert "cannot be kept" in card.message.text


def test_a_page_opened_with_the_cookie_knows_the_name_at_once(
    monkeypatch: pytest.MonkeyPatch, fresh_kernel: Path
) -> None:
    ProgressStore(fresh_kernel).set_name(KEY, "Ann", "2026-01-01T10:00:00Z")
    monkeypatch.setenv("HTTP_COOKIE", f"pinochle_learner={signed(KEY)}")
    card = LearnerCard()
    assert current_learner() == Learner(KEY, "Ann", LearnerSource.BROWSER)
    assert "learning as <b>Ann</b>" in card.status.value and card._form.layout.display == "none"


def test_the_page_opened_is_kept_once_the_learner_is_known(
    monkeypatch: pytest.MonkeyPatch, fresh_kernel: Path
) -> None:
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/04_meld.ipynb")
    card = LearnerCard(compact=True)
    assert ProgressStore(fresh_kernel).lessons() == []  # a guest's visit is not kept
    client_update(card.keeper, client_key=signed(KEY))
    client_update(card.keeper, client_key=signed("Q" * 22))  # another key later: still one visit
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
        monkeypatch.setenv("HTTP_COOKIE", f"pinochle_learner={signed(cookie)}")


def four_colour_shown() -> bool:
    return "pt-face-JD" in style_widget().value


def test_the_four_colour_switch_is_kept_for_the_learner_on_every_page(
    monkeypatch: pytest.MonkeyPatch, fresh_kernel: Path, house: Callable[[bool], None]
) -> None:
    house(False)
    card = LearnerCard()
    client_update(card.keeper, client_key=signed(KEY))
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
    client_update(card.keeper, client_key=signed(KEY))
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
