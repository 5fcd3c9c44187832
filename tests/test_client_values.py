"""A Voila client can send any value for any trait. A value a box cannot take
(``None`` for a number, an index 99 in a dropdown of four, text for a number) gets a
message the learner reads, and the box keeps its value; nothing is dropped unseen.

The walk at the end covers every widget class of the package (a new class fails
:func:`test_every_widget_class_of_the_package_is_walked` until a build shows it): from
construction, every part each widget made, shown or not, gets hostile values, and every
button is pressed in the states the presses reach; a button pressed where it does not
apply says what to do."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from pinochle_widgets import BiddingTrainer, MeldCounter, ScoreCalculator
from tests.widget_client import client_update


@pytest.mark.parametrize("bad", [None, 99, 1.5, "9" * 201, [1, 2], {"x": 1}])
def test_a_number_box_says_what_it_cannot_take(bad: Any) -> None:
    """A number box syncs the text typed (its reading refuses what is not a number,
    tests/test_number_boxes.py): a client's value that is not text, or longer than any
    number, is refused."""
    calc = ScoreCalculator()
    before = calc.bid.value
    client_update(calc.bid, value=bad)
    assert calc.bid.value == before
    assert "Bid cannot take" in calc.message.text and f"it keeps {before!r}" in calc.message.text


def test_a_dropdown_index_out_of_range_gets_a_message() -> None:
    counter = MeldCounter(seed=1)
    picker = counter.trump_picker
    before = picker.index
    client_update(picker, index=99)
    assert picker.index == before
    assert "cannot take 99" in counter.message.text


def test_the_bidding_trainers_amount_box_is_guarded() -> None:
    t = BiddingTrainer(seed=3)
    client_update(t.amount, value=None)
    assert "cannot take None" in t.message.text
    assert t.drill.engine_hand.auction.history == [] or t.amount.value is not None


# ------------------------------------------------------------------ every trait, every part
@pytest.fixture(autouse=True)
def _own_stylesheet(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test's widgets share a stylesheet of their own: the walks send hostile
    values to its layout and style (a client may set those), which must not reach the
    stylesheet of later tests on the same worker, as one kernel's never reaches another's."""
    from pinochle_widgets import _base

    monkeypatch.setattr(_base, "_STYLE", [])


HOSTILE_VALUES: list[Any] = [None, 99, "strong'; --", [1, 2], {"x": 1}]
"""Values of every JSON kind a client can send for a trait."""


def parts(*roots: Any) -> list[Any]:
    """Every widget a client can address below ``roots``: the widgets, their children
    and their layouts and styles (each a model of its own on the page), once each."""
    import ipywidgets as widgets

    seen: dict[str, Any] = {}
    todo = list(roots)
    while todo:
        w = todo.pop()
        if not isinstance(w, widgets.Widget) or w.comm is None or w.model_id in seen:
            continue
        seen[w.model_id] = w
        todo += list(getattr(w, "children", ()) or ())
        todo += [getattr(w, k, None) for k in ("layout", "style")]
    return list(seen.values())


def walk_every_trait(roots: list[Any], messages: list[Any], *, by_kind: bool = False) -> int:
    """Send every hostile value for every synced trait of every part, as a comm
    ``update`` does (``set_state``): nothing may raise, and a value the part did not
    take must be answered in one of ``messages``, quoting it. A trait only Python
    writes (a message's words) keeps its value. ``by_kind``: the first part of each
    kind (its class and traits) gets every value, each further one of that kind one
    value per trait, in turn (a game's forty card buttons are alike: this keeps the
    walk of a whole game table to seconds, and still sends every part something).
    Returns how many updates were sent."""
    import json

    from pinochle_widgets._base import style_widget

    # The page's one stylesheet (with its layout and style) is shared by every widget of
    # the kernel: it answers in the message of the first widget that guarded it.
    shared = {w.model_id for w in parts(style_widget())}
    sent = 0
    kinds: dict[tuple[type, tuple[str, ...]], int] = {}
    for w in parts(*roots):
        kind = (type(w), tuple(sorted(w.keys)))
        n = kinds[kind] = kinds.get(kind, -1) + 1
        for k, key in enumerate(sorted(w.keys)):
            some = HOSTILE_VALUES[(n + k) % len(HOSTILE_VALUES)]
            for value in HOSTILE_VALUES if not by_kind or n == 0 else [some]:
                for m in messages:
                    m.clear()
                before = w.get_state([key])[key]
                w.set_state({key: value})  # must not raise
                sent += 1
                said = " | ".join(m.text for m in messages)
                after = w.get_state([key])[key]
                where = f"{type(w).__name__}.{key} = {value!r}"
                if json.dumps(after, default=str) == json.dumps(value):
                    continue  # taken (what the part does with it is its own answer)
                if key in getattr(w, "python_only", ()):
                    assert after == before, where
                elif w.model_id not in shared:
                    assert f"{value!r:.40}" in said, f"{where}: kept {after!r}, said {said!r}"
    return sent


def test_every_trait_of_the_classmates_lobby_from_its_first_moment(tmp_path: Any) -> None:
    """Issue 44, item 5: the lobby's boxes were guarded only once shown (the guard ran
    before the stage had children). From construction, every part of every stage the
    page holds (the lobby, the waiting room not yet shown), then the waiting room and
    the game once shown, answers any value in words."""
    from pinochle_tutor.classroom.store import ProgressStore
    from pinochle_tutor.classroom.tables import TableStore
    from pinochle_widgets.classmates import ClassmatesTable
    from tests.widget_client import client_click

    tables = TableStore(ProgressStore(tmp_path / "class.sqlite"))
    page = ClassmatesTable("classic", tables=tables, learner="a" * 22, name="Ann", poll=60)
    try:
        assert walk_every_trait([page, page.lobby, page.room], [page.message]) > 1000
        fresh = ClassmatesTable("classic", tables=tables, learner="b" * 22, name="Bob", poll=60)
        try:
            client_click(fresh.open_button)  # the waiting room, shown
            assert fresh.code is not None
            walk_every_trait([fresh.stage], [fresh.message])
            client_click(fresh.start_button)  # the game, shown
            assert fresh.game is not None
            walk_every_trait([fresh.stage], [fresh.message, fresh.game.message])
        finally:
            fresh.close()
    finally:
        page.close()


@pytest.mark.parametrize("make", [ScoreCalculator, lambda: MeldCounter(seed=1),
                                  lambda: BiddingTrainer(seed=3)])  # fmt: skip
def test_every_trait_of_a_practice_widget_is_answered(make: Any) -> None:
    """The same walk on widgets that guarded their input boxes only: their buttons,
    layouts and styles answer too."""
    w = make()
    walk_every_trait([w], [w.message])


# ------------------------------------------------------------------ every widget class
# Issue 44: every widget the lessons and practice pages show guards what a client can set
# from the moment it is made, and a button pressed where it does not apply says what to
# do. The walk builds each widget class of the package as a page does, then sends hostile
# values to every part the constructor made, shown or not (a client learns every part's
# model id from its comm), and presses every button it made, over a few rounds.

NOT_WALKED: dict[str, str] = {}
"""Widget classes left out of the walk, each with the reason. A class named here must
still exist (a stale entry fails), so a renamed class cannot slip out of the walk."""

TEACHER_SECRET = "the walk's teacher's secret"
"""The teacher's secret on the walk's pages (``$PINOCHLE_TUTOR_TEACHER_SECRET``)."""

SITE_SECRET = "the walk's site secret, 32 chars"
"""The served site's secret on the walk's pages (``$PINOCHLE_TUTOR_SITE_SECRET``)."""


def widget_classes() -> dict[str, type]:
    """Every widget class defined in a module of ``pinochle_widgets``, by
    ``module.Class``: what a page of the course can put in front of a client."""
    import importlib
    import inspect
    import pkgutil

    import ipywidgets as widgets

    import pinochle_widgets

    found: dict[str, type] = {}
    for info in pkgutil.iter_modules(pinochle_widgets.__path__):
        module = importlib.import_module(f"pinochle_widgets.{info.name}")
        for name, value in vars(module).items():
            if (inspect.isclass(value) and issubclass(value, widgets.DOMWidget)
                    and value.__module__ == module.__name__):  # fmt: skip
                found[f"{module.__name__}.{name}"] = value
    return found


@pytest.fixture
def page_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh page of a served site: a class database of the test's own, no learner
    known yet (a guest until the browser's key arrives), the site's secret set."""
    from pinochle_tutor.classroom.identity import set_current_learner

    for var in ("PINOCHLE_TUTOR_LEARNER", "JUPYTERHUB_USER", "PINOCHLE_TUTOR_USER_HEADER",
                "HTTP_COOKIE", "PINOCHLE_TUTOR_DATABASE_URL"):  # fmt: skip
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("PINOCHLE_TUTOR_SITE_SECRET", SITE_SECRET)
    monkeypatch.setenv("PINOCHLE_TUTOR_TEACHER_SECRET", TEACHER_SECRET)
    monkeypatch.setenv("PINOCHLE_TUTOR_PROGRESS", str(tmp_path / "progress.sqlite"))
    set_current_learner(None)
    yield tmp_path
    set_current_learner(None)


def _shown_with_a_message(make: Callable[[Any], Any]) -> Any:
    """A part made with the message line of the widget showing it (``make(message)``),
    in a box with that line: the box and the line stand for that widget, and are not
    walked (only what ``make`` made is)."""
    import ipywidgets as widgets

    from pinochle_widgets._base import Message

    message = Message()
    frame = widgets.VBox([make(message), message])
    frame._not_walked = (frame, frame.layout, message, message.layout)
    return frame


def _classmates_game(tmp: Path) -> Any:
    """Lesson 12's page with its game on: the lobby and the waiting room it made, and
    the shared game table."""
    from pinochle_tutor.classroom.store import ProgressStore
    from pinochle_tutor.classroom.tables import TableStore
    from pinochle_widgets.classmates import ClassmatesTable
    from tests.widget_client import client_click

    tables = TableStore(ProgressStore(tmp / "class.sqlite"))
    page = ClassmatesTable("classic", tables=tables, learner="a" * 22, name="Ann", poll=60)
    client_click(page.open_button)
    client_click(page.start_button)
    assert page.game is not None, page.message.text
    return page


def _learner_card(compact: bool) -> Any:
    """The learner card once the browser's signed key arrived (its name box shown
    when not compact)."""
    from pinochle_tutor.classroom.identity import sign_key
    from pinochle_widgets.identity import LearnerCard
    from tests.widget_client import client_update

    card = LearnerCard(compact=compact, page="")
    client_update(card.keeper, client_key=sign_key("k" * 22, SITE_SECRET.encode()))
    return card


def _shown_own_positions(path: Path) -> Any:
    from pinochle_widgets.own_positions import OwnPositions

    return OwnPositions(progress=path)


def _own_positions(folder: Path) -> Any:
    """The review's own positions with some due: a hand's kept mistakes, moved two days
    back on the course's clock."""
    from datetime import timedelta

    from pinochle_tutor.classroom.attempts import MISTAKE_KIND, parse_time
    from pinochle_tutor.classroom.progress import Progress
    from pinochle_tutor.classroom.store import ProgressStore
    from pinochle_widgets.own_positions import OwnPositions
    from tests.test_own_positions import played_with_mistakes

    db = folder / "own.sqlite"
    played_with_mistakes(db, "classic")
    mine = Progress.load(folder / "own.json")
    for a in ProgressStore(db).attempts("ann"):
        if a.kind == MISTAKE_KIND:
            mine.record(
                a.item_id, a.kind, a.rules, a.answer, a.right, parse_time(a.time) - timedelta(days=2),
                rule_set=a.rule_set, position=a.position,
            )  # fmt: skip
    page = OwnPositions(progress=mine)
    assert page.count, "no own position is due"
    return page


def _opened_dashboard(folder: Path) -> Any:
    """The teacher's page opened with the teacher's secret, over a class of one learner
    who answered a question (so its tables and choices are on the page)."""
    from pinochle_tutor.classroom.attempts import Attempt, now
    from pinochle_tutor.classroom.store import ProgressStore
    from pinochle_widgets.dashboard import TeacherDashboard
    from tests.widget_client import client_click

    db = folder / "progress.sqlite"
    answer = Attempt("m1", "meld", ("meld.run",), "150", True, now(), 1, "04_meld.ipynb#a")
    ProgressStore(db).record("ann", answer)
    page = TeacherDashboard(db)
    page.secret.value = TEACHER_SECRET
    client_click(page.open_button)
    assert page.is_open, page.message.text
    return page


def _builds() -> dict[str, tuple[Callable[[Path], Any], tuple[str, ...]]]:
    """How the pages build the widgets: by a name, what builds it (given the test's
    folder; it returns what the page displays) and the classes of the package it shows
    (``module.Class`` without ``pinochle_widgets.``). A part is walked in a widget that
    makes it, and alone where a page may show it alone."""
    from pinochle_tutor.course import worked
    from pinochle_tutor.rules import rules_named
    from pinochle_widgets.bidding_trainer import BiddingTrainer
    from pinochle_widgets.cards import CardsView, HandPicker
    from pinochle_widgets.dashboard import TeacherDashboard
    from pinochle_widgets.game_table import GameTable
    from pinochle_widgets.identity import LearnerCard
    from pinochle_widgets.mastery import MasterySet, ReviewRound
    from pinochle_widgets.meld_counter import MeldCounter
    from pinochle_widgets.practice import DeckExplorer, ScoreCalculator
    from pinochle_widgets.problem_deal import ProblemDeal
    from pinochle_widgets.progress_view import ProgressSummary
    from pinochle_widgets.quiz_runner import QuizRunner
    from pinochle_widgets.replay import HandReplay
    from pinochle_widgets.static_app import CourseApp
    from pinochle_widgets.trick_checker import TrickChecker
    from pinochle_widgets.worked import GuidedHandStepper, UnderstandingCheck, WorkedStepper

    r = rules_named("classic")
    quiz = ("quiz_runner.QuizRunner", "quiz_runner.ProgressLine", "cards.HandPicker",
            "cards.CardsView", "_base.LiveHTML", "_base.PythonWrites", "_base.Message")  # fmt: skip
    return {
        "lesson 6's bidding trainer": (
            lambda _t: BiddingTrainer(seed=3),
            ("bidding_trainer.BiddingTrainer", "_base.NumberBox", "_base.Stylesheet"),
        ),
        "a hand alone": (
            lambda _t: HandPicker("AS 10S QH KH JD", mode="many", max_selected=2),
            ("cards.HandPicker",),
        ),
        "a hand in another widget": (
            lambda _t: _shown_with_a_message(lambda m: HandPicker("AS 10S QH", message=m)),
            ("cards.HandPicker",),
        ),
        "a picture of cards": (
            lambda _t: _shown_with_a_message(lambda m: CardsView("AS 10S QH", message=m)),
            ("cards.CardsView",),
        ),
        "lesson 12 with its game on": (
            _classmates_game,
            ("classmates.ClassmatesTable", "classmates.SharedGameTable"),
        ),
        "lesson 9's game table": (
            lambda _t: GameTable(seed=4, rules="classic"),
            ("game_table.GameTable", "live.LiveRegion", "replay.HandReplay", "replay.ReplayKeys"),
        ),
        "a guest's learner card": (
            lambda _t: LearnerCard(page=""),
            ("identity.LearnerCard", "identity.KeyKeeper"),
        ),
        "the welcome page's learner card": (
            lambda _t: _learner_card(compact=False),
            ("identity.LearnerCard",),
        ),
        "a practice page's learner card": (
            lambda _t: _learner_card(compact=True),
            ("identity.LearnerCard",),
        ),
        "lesson 4's mastery set": (
            lambda _t: MasterySet("04_meld.ipynb", seed=5),
            ("mastery.MasterySet", *quiz),
        ),
        "the review": (lambda _t: ReviewRound(seed=6), ("mastery.ReviewRound", *quiz)),
        "lesson 4's meld counter": (lambda _t: MeldCounter(seed=1), ("meld_counter.MeldCounter",)),
        "lesson 1's deck": (lambda _t: DeckExplorer(seed=3), ("practice.DeckExplorer",)),
        "the score calculator": (lambda _t: ScoreCalculator(), ("practice.ScoreCalculator",)),
        "the teacher's page": (
            lambda t: TeacherDashboard(t / "progress.sqlite"),
            ("dashboard.TeacherDashboard",),
        ),
        "the teacher's page, opened": (_opened_dashboard, ("dashboard.TeacherDashboard",)),
        "a problem page": (
            lambda _t: ProblemDeal("count_first"),
            ("problem_deal.ProblemDeal", "position_page.PositionPage"),
        ),
        "the review's own positions, some due": (
            _own_positions, ("own_positions.OwnPositions", "position_page.PositionPage"),
        ),
        "the review's own positions, none due": (
            lambda t: _shown_own_positions(t / "none.json"),
            ("own_positions.OwnPositions",),
        ),
        "my progress": (
            lambda t: ProgressSummary(t / "mine.json"),
            ("progress_view.ProgressSummary", "browser_zone.BrowserZone"),
        ),
        "a meld quiz": (
            lambda _t: QuizRunner("meld", level=1, source="generated", count=2, seed=1),
            quiz,
        ),
        "a trick quiz": (
            lambda _t: QuizRunner("trick", level=1, source="generated", count=2, seed=2),
            quiz,
        ),
        "a replay alone": (lambda _t: HandReplay(), ("replay.HandReplay", "replay.ReplayKeys")),
        "the static site's course app": (
            lambda t: CourseApp(root=t, shell=object()),
            ("static_app.CourseApp", "static_app.PageRouter"),
        ),
        "lesson 5's trick checker": (
            lambda _t: TrickChecker(seed=5),
            ("trick_checker.TrickChecker",),
        ),
        "a worked example": (
            lambda _t: WorkedStepper(worked.deck_example(r, seed=3)),
            ("worked.WorkedStepper",),
        ),
        "a check of understanding": (
            lambda _t: UnderstandingCheck(worked.counters_check(r)),
            ("worked.UnderstandingCheck",),
        ),
        "lesson 7's guided hand": (
            lambda _t: GuidedHandStepper(worked.guided_hand(r, seed=7)),
            ("worked.GuidedHandStepper", "cards.HandPicker"),
        ),
    }


def test_every_widget_class_of_the_package_is_walked() -> None:
    """A new widget class fails here until a build of the walk shows it (or it is
    named in :data:`NOT_WALKED` with a reason), so the guarantee cannot rot."""
    classes = widget_classes()
    assert set(NOT_WALKED) <= set(classes), "a class NOT_WALKED names is gone"
    shown = {f"pinochle_widgets.{c}" for _make, names in _builds().values() for c in names}
    assert shown <= set(classes), f"builds claim classes that are gone: {shown - set(classes)}"
    missing = sorted(set(classes) - set(NOT_WALKED) - shown)
    assert missing == [], f"widget classes no build of the walk shows: {missing}"


class Built:
    """What one build made: the widget the page shows, and every widget its
    constructor (and later the presses of its buttons) put in the kernel."""

    def __init__(self, make: Callable[[Path], Any], tmp: Path) -> None:
        from ipywidgets.widgets import widget as widget_module

        self._before = set(widget_module._instances)
        self.root = make(tmp)
        self._frame = {w.model_id for w in getattr(self.root, "_not_walked", ())}

    def made(self) -> list[Any]:
        """Every widget made since the build started that a client can still address."""
        from ipywidgets.widgets import widget as widget_module

        return [w for k, w in list(widget_module._instances.items())
                if k not in self._before and k not in self._frame and w.comm is not None]  # fmt: skip

    def messages(self) -> list[Any]:
        """The message lines the page shows (in the widget's tree)."""
        from pinochle_widgets._base import Message
        from tests.widget_client import tree

        return [w for w in tree(self.root) if isinstance(w, Message)]

    def said(self) -> str:
        return " | ".join(m.text for m in self.messages() if m.text)

    def in_place(self) -> set[str]:
        """The model ids of the buttons a learner can press now: on the page (no box
        above them hidden) and not disabled."""
        import ipywidgets as widgets

        found: set[str] = set()
        todo = [self.root]
        while todo:
            w = todo.pop()
            if w.comm is None or getattr(getattr(w, "layout", None), "display", None) == "none":
                continue  # closed, or hidden with all it holds
            if isinstance(w, widgets.Button) and not w.disabled:
                found.add(w.model_id)
            todo += list(getattr(w, "children", ()) or ())
        return found

    def close(self) -> None:
        """Close every widget the build made (a lobby's watch stops with its page)."""
        import contextlib

        for w in [self.root, *self.made()]:
            with contextlib.suppress(Exception):  # closing what a test left: nothing to report
                w.close()


def unexpected(caplog: pytest.LogCaptureFixture) -> list[str]:
    """Errors logged: a callback's exception, a widget message that failed, or an
    unexpected error (which shows the learner only "something went wrong")."""
    return [r.getMessage() for r in caplog.records
            if r.levelno >= logging.WARNING and (r.exc_info or "Exception in" in r.getMessage())]  # fmt: skip


def press_every_button(built: Built, caplog: pytest.LogCaptureFixture, rounds: int = 2) -> int:
    """Press every button the widget made (shown, hidden, disabled, of another stage),
    and every button those presses made (a new hand's cards), ``rounds`` times over, as
    a client's click: nothing may raise or log an error or say only "something went
    wrong"; a button pressed where it does not apply (hidden or disabled) says what to
    do. Returns how many presses were made."""
    import ipywidgets as widgets

    from pinochle_widgets._base import FRIENDLY_ERROR
    from tests.widget_client import client_click

    pressed = 0
    for n in range(rounds):
        done: set[str] = set()  # a press may close buttons (an older hand) and make others
        for _ in range(400):
            b = next((w for w in built.made() if isinstance(w, widgets.Button)
                      and w.model_id not in done), None)  # fmt: skip
            if b is None:
                break
            done.add(b.model_id)
            in_place = b.model_id in built.in_place()
            for m in built.messages():
                m.clear()
            caplog.clear()
            client_click(b)
            pressed += 1
            said = built.said()
            where = f"round {n + 1}: {b.description!r} {b._dom_classes}"
            assert unexpected(caplog) == [], where
            assert FRIENDLY_ERROR not in said, where
            assert in_place or said, f"{where}, pressed where it does not apply: no words"
    return pressed


@pytest.mark.parametrize("build", sorted(_builds()))
def test_every_widget_answers_a_client_from_its_first_moment(
    build: str, page_env: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """From construction every part a widget made, shown or not, is guarded by the
    shared guard, and every synced trait answers hostile values in words in a message
    line the page shows; then every button is pressed in the states the presses reach,
    and what the presses made is walked too."""
    caplog.set_level(logging.INFO)
    make, names = _builds()[build]
    classes = widget_classes()
    built = Built(make, page_env)
    try:
        made = built.made()
        for name in names:
            cls = classes[f"pinochle_widgets.{name}"]
            assert any(isinstance(w, cls) for w in made), f"{build} shows no {name}"
        assert built.messages(), f"{build}: no message line on the page"
        unguarded = sorted({type(w).__name__ for w in made if not getattr(w, "_pt_guarded", False)})
        assert unguarded == [], f"{build}: parts the shared guard does not cover: {unguarded}"
        walk_every_trait(made, built.messages(), by_kind=True)
        assert unexpected(caplog) == []
    finally:
        built.close()
    built = Built(make, page_env)
    try:
        first = {w.model_id for w in built.made()}
        press_every_button(built, caplog)
        later = [w for w in built.made() if w.model_id not in first]
        unguarded = sorted(
            {type(w).__name__ for w in later if not getattr(w, "_pt_guarded", False)}
        )
        assert unguarded == [], (
            f"{build}: parts made later the shared guard does not cover: {unguarded}"
        )
        walk_every_trait(later, built.messages(), by_kind=True)
        assert unexpected(caplog) == []
    finally:
        built.close()
