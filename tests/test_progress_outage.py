"""A class database that cannot be reached is named as such, and the page says when the
answers it held are saved (issue 44, item 6).

Found from outside: with PostgreSQL stopped for 20 s nothing was lost or doubled, but the
page said the class database was *busy*, "My progress" opened meanwhile said "Answer some
practice questions", and nothing told the learner that the answers held on the page were
saved afterwards. Here a real PostgreSQL server (a cluster of this module's own, so that
stopping it touches no other test's server) is stopped and started again on its port
while a learner answers, through :class:`~pinochle_tutor.classroom.progress.Progress` and
headless through the widgets; the rows in the database are counted afterwards (each
answer once).

SQLite has no "cannot be reached": the file is on the learner's own server, and a file
that cannot be opened is a file problem (named as such, see ``tests/test_store_faults.py``).
What SQLite does have is a database too busy to open (an older file's migration waiting
for another process's write lock): "My progress" says so instead of "Answer some practice
questions", as it does for a server out of reach.
"""

from __future__ import annotations

import shlex
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from pinochle_tutor.classroom import progress as progress_module
from pinochle_tutor.classroom import store as store_module
from pinochle_tutor.classroom.database import StoreBusyError, StoreFileError, store_error
from pinochle_tutor.classroom.identity import LEARNER_VAR
from pinochle_tutor.classroom.progress import BUSY_MESSAGE, Progress
from pinochle_tutor.classroom.store import ProgressStore
from pinochle_widgets.progress_view import ProgressSummary
from pinochle_widgets.quiz_runner import QuizRunner
from tests.legacy_store import ProgressStore as LegacyStore
from tests.postgres_server import (
    SERVER_SETTINGS,
    START_TIMEOUT,
    _run,
    drop_database,
    needs_postgres,
    new_database,
    pg_binaries,
    postgres_cluster,
)
from tests.test_quiz_runner import answer_right
from tests.test_store_faults import Lock, class_database
from tests.widget_client import client_click

PAGE = "practice/07_score_level1.ipynb"
REACH = "The class database cannot be reached just now"
"""How the page names a server out of reach (never 'busy')."""


class StoppableServer:
    """A PostgreSQL cluster of its own that a test can stop and start again on the same
    port (as a school's server restarted, or down for a while): the URL stays valid."""

    def __init__(self, url: str) -> None:
        self.url = url
        engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
        with engine.connect() as db:
            self.data = Path(str(db.execute(sa.text("SHOW data_directory")).scalar()))
            self.port = int(str(db.execute(sa.text("SHOW port")).scalar()))
        engine.dispose()
        self.folder = self.data.parent
        bin_dir = pg_binaries()
        assert bin_dir is not None
        self.pg_ctl = str(bin_dir / "pg_ctl")

    def stop(self) -> None:
        """Stop the server (``-m fast``: connections under way are ended, as in a restart)."""
        done = _run([self.pg_ctl, "-D", str(self.data), "-m", "fast", "-w", "stop"], self.folder)
        assert done.returncode == 0, done.stdout + done.stderr

    def start(self) -> None:
        """Start it again on its port; returns once it accepts connections."""
        options = " ".join((f"-p {self.port}", f"-k {shlex.quote(str(self.folder))}", *SERVER_SETTINGS))
        command = [self.pg_ctl, "-D", str(self.data), "-l", str(self.folder / "server.log"),
                   "-o", options, "-w", "-t", str(START_TIMEOUT), "start"]  # fmt: skip
        done = _run(command, self.folder)
        assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture(scope="module")
def server() -> Iterator[StoppableServer]:
    with postgres_cluster() as url:
        yield StoppableServer(url)


@pytest.fixture
def database(server: StoppableServer, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """An empty database of this test's own on :func:`server`, and this kernel's learner
    'ann' (whose record "My progress" reads); the server is running again after the test,
    and short waits between retries, so the logic is shown without waiting for minutes."""
    monkeypatch.setenv(LEARNER_VAR, "ann")
    monkeypatch.setattr(progress_module, "RETRY_EVERY", 0.3)
    url = new_database(server.url, f"outage_{uuid.uuid4().hex}")
    try:
        yield url
    finally:
        try:
            ProgressStore(url).learners()
        except StoreBusyError:
            server.start()
        drop_database(url)


def answers(url: str) -> list[str]:
    """Ann's answers in the database, one per row, oldest first."""
    return [a.answer for a in ProgressStore(url).attempts("ann")]


def answer(p: Progress, n: int) -> None:
    p.record(f"q{n}", "score", ["score.counters"], f"answer-{n}", True, page=PAGE)


def wait_for(condition: Callable[[], bool], seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.1)


# ------------------------------------------------------------ the learner's page


@needs_postgres
def test_answers_given_while_the_server_is_stopped_are_named_kept_then_confirmed_saved(
    server: StoppableServer, database: str
) -> None:
    """The issue's case: answers given while the server is stopped are said to be kept
    because the database cannot be reached (not busy); once it is back, the next answer
    writes them, once each, and the page says they are saved."""
    p = Progress.load(database, learner="ann")
    answer(p, 0)
    assert p.pending == [] and answers(database) == ["answer-0"]
    server.stop()
    try:
        answer(p, 1)
        said = p.messages[-1]
        assert said.startswith(REACH) and "busy" not in said
        assert "kept on this page" in said and "saved when it is back" in said
        assert "postgresql" not in said.lower() and "127.0.0.1" not in said and "Error" not in said
        answer(p, 2)
        assert p.messages[-1] == said  # each answer kept says so
        assert [a.answer for a in p.pending] == ["answer-1", "answer-2"]
    finally:
        server.start()
    answer(p, 3)  # the next answer writes those kept, in order, then itself
    assert p.pending == []
    assert p.messages[-1] == "Your 2 answers kept on this page are now saved in the class database."
    assert answers(database) == ["answer-0", "answer-1", "answer-2", "answer-3"]
    assert p.flush() == 0 and len(answers(database)) == 4  # never twice


@needs_postgres
def test_the_retry_saves_held_answers_without_another_answer_and_says_so(
    server: StoppableServer, database: str
) -> None:
    """No further answer: the kernel's retry writes the held answers once the server is
    back (once each); a page listening hears at once that they are saved, and a page not
    listening is told with its next answer (the note under that answer)."""
    p = Progress.load(database, learner="ann")
    heard: list[str] = []
    p.listen(heard.append)
    quiet = Progress.load(database, learner="ann")  # a second page, not listening
    server.stop()
    try:
        answer(p, 1)
        answer(quiet, 2)
        time.sleep(1)  # retries meet the stopped server and keep waiting
        assert len(p.pending) == 1 and len(quiet.pending) == 1
    finally:
        server.start()
    wait_for(lambda: not p.pending and not quiet.pending)
    assert p.pending == [] and quiet.pending == []
    assert heard == ["Your answer kept on this page is now saved in the class database."]
    time.sleep(1)  # a retry after that writes nothing more
    assert sorted(answers(database)) == ["answer-1", "answer-2"]
    said = len(quiet.messages)
    answer(quiet, 3)
    assert quiet.messages[said:] == ["Your answer kept on this page is now saved in the class database."]
    answer(quiet, 4)
    assert len(quiet.messages) == said + 1  # said once
    assert sorted(answers(database)) == ["answer-1", "answer-2", "answer-3", "answer-4"]


@needs_postgres
def test_a_page_opened_while_the_server_is_stopped_names_it_and_its_answers_arrive(
    server: StoppableServer, database: str
) -> None:
    """The store could not even be opened: the page says the database cannot be
    reached; the retry opens it once the server is back and writes the answer once."""
    ProgressStore(database)  # the schema is there; the server then goes
    server.stop()
    try:
        p = Progress.load(database, learner="ann")
        assert p.store is None and not p.store_problem
        assert p.messages and p.messages[-1].startswith(REACH)
        answer(p, 1)
        assert p.messages[-1].startswith(REACH) and [a.answer for a in p.pending] == ["answer-1"]
    finally:
        server.start()
    wait_for(lambda: not p.pending)
    assert p.pending == [] and answers(database) == ["answer-1"]
    assert p.messages[-1] == "Your answer kept on this page is now saved in the class database."


@needs_postgres
def test_the_quiz_page_names_the_outage_then_the_saved_answers(
    server: StoppableServer, database: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Headless through the quiz widget: the note under an answer given while the server
    is stopped says it cannot be reached and the answer is kept; the note under the first
    answer after it is back says the kept answer is now saved."""
    rules = tmp_path / "house_rules.toml"
    rules.write_text('preset = "classic"\n', encoding="utf-8")
    monkeypatch.setenv("PINOCHLE_TUTOR_RULES", str(rules))
    q = QuizRunner("score", source="bank", count=3, seed=0, progress=Progress.load(database, learner="ann"))
    server.stop()
    try:
        answer_right(q)
        assert "Right!" in q.feedback.value and "pt-quiz-save-error" in q.feedback.value
        assert "cannot be reached just now" in q.feedback.value and "busy" not in q.feedback.value
        client_click(q.next_button)
    finally:
        server.start()
    answer_right(q)
    assert "Your answer kept on this page is now saved in the class database." in q.feedback.value
    assert len(answers(database)) == 2


@needs_postgres
def test_the_quiz_page_says_at_once_when_the_retry_saves_its_held_answer(
    server: StoppableServer, database: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """No further answer: the quiz page's message says the held answer is saved the
    moment the kernel's retry writes it (the runner listens to its progress)."""
    rules = tmp_path / "house_rules.toml"
    rules.write_text('preset = "classic"\n', encoding="utf-8")
    monkeypatch.setenv("PINOCHLE_TUTOR_RULES", str(rules))
    progress = Progress.load(database, learner="ann")
    q = QuizRunner("score", source="bank", count=3, seed=0, progress=progress)
    server.stop()
    try:
        answer_right(q)
        assert "cannot be reached just now" in q.feedback.value
    finally:
        server.start()
    wait_for(lambda: not progress.pending)
    wait_for(lambda: "now saved in the class database" in q.message.text)
    assert len(answers(database)) == 1


@needs_postgres
def test_a_server_reached_by_its_socket_and_stopped_is_out_of_reach_not_unusable(
    server: StoppableServer, database: str
) -> None:
    """A school's server named by its Unix socket (``?host=/run/postgresql``), stopped:
    the driver says "No such file or directory" for the socket. That is a server out of
    reach, so the answer is kept and written once it is back; not a database that
    "cannot be used" (which keeps answers on the page only and never writes them)."""
    url = sa.make_url(database)
    socket_url = url.set(host=None, query={"host": str(server.folder), "port": str(server.port)})
    by_socket = socket_url.render_as_string(hide_password=False)
    p = Progress.load(by_socket, learner="ann")
    answer(p, 0)
    server.stop()
    try:
        answer(p, 1)
        assert not p.store_problem and p.messages[-1].startswith(REACH)
        assert str(server.folder) not in p.messages[-1]
    finally:
        server.start()
    wait_for(lambda: not p.pending)
    assert answers(database) == ["answer-0", "answer-1"]


# ----------------------------------------------------------------- My progress


@needs_postgres
def test_my_progress_says_the_record_cannot_be_read_while_the_server_is_stopped(
    server: StoppableServer, database: str
) -> None:
    """Not "Answer some practice questions" nor "No answers recorded yet": the record
    cannot be read just now, the database cannot be reached, try Refresh in a moment.
    Refresh after the server is back shows the record."""
    Progress.load(database, learner="ann").record("m1", "meld", ["meld.run"], "150", True)
    server.stop()
    try:
        view = ProgressSummary(database)
        said = view.message.text
        assert "Answer some practice questions" not in said and "busy" not in said
        assert "cannot be read just now" in said and "cannot be reached" in said and "Refresh" in said
        assert "kept on this page" not in said  # no answer is given on this page
        assert "No answers recorded yet" not in view.table.value
        assert view.export_link.value == ""
        assert "postgresql" not in said.lower() and "127.0.0.1" not in said
    finally:
        server.start()
    client_click(view.refresh_button)
    assert len(view.frame) == 1 and "cannot be read" not in view.message.text
    assert "Download my answers (1)" in view.export_link.value


def test_my_progress_says_a_database_too_busy_to_open_cannot_be_read_just_now(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite's case: an older database needs its migration (the write lock) to open,
    and another process holds the lock: the record cannot be read just now because the
    database is busy (not "Answer some practice questions")."""
    monkeypatch.setattr(store_module, "BUSY_WAIT", 0.2)
    monkeypatch.setenv(LEARNER_VAR, "learner0")
    path = class_database(tmp_path / "progress.sqlite", store_class=LegacyStore)
    lock = Lock(path)
    try:
        view = ProgressSummary(path)
        said = view.message.text
        assert "Answer some practice questions" not in said
        assert "cannot be read just now" in said and "busy" in said and "Refresh" in said
        assert "cannot be reached" not in said
    finally:
        lock.free()
    client_click(view.refresh_button)
    assert sum(int(r["attempts"]) for r in view.frame.to_dict("records")) == 10
    assert "cannot be read" not in view.message.text


# ------------------------------------------------------------ telling them apart


@pytest.mark.parametrize(
    "text",
    ['connection failed: connection to server at "127.0.0.1", port 5 failed: Connection refused',
     "server closed the connection unexpectedly", "terminating connection due to administrator command",
     "FATAL:  the database system is shutting down", "connection timeout expired",
     'connection is bad: connection to server on socket "/run/postgresql/.s.PGSQL.5432" failed: '
     "No such file or directory\n\tIs the server running locally and accepting connections on that socket?",
     "failed to resolve host 'db.school.example': [Errno -3] Temporary failure in name resolution"],
)  # fmt: skip
def test_a_server_out_of_reach_is_told_apart_from_busy(text: str) -> None:
    error = store_error(sa.exc.OperationalError("INSERT ...", {}, Exception(text)), "(the school's database)")
    assert isinstance(error, StoreBusyError)  # kept and tried again, as busy is
    assert type(error).__name__ == "StoreUnreachableError" and "cannot be reached" in str(error)


@pytest.mark.parametrize(
    ("text", "kind"),
    [("database is locked", "StoreBusyError"), ("FATAL:  sorry, too many clients already", "StoreBusyError"),
     ("database disk image is malformed", "StoreFileError"), ("file is not a database", "StoreFileError")],
)  # fmt: skip
def test_busy_and_unreadable_are_not_out_of_reach(text: str, kind: str) -> None:
    error = store_error(sa.exc.OperationalError("SELECT ...", {}, Exception(text)), "progress.sqlite")
    assert type(error).__name__ == kind and "cannot be reached" not in str(error)
    assert isinstance(error, StoreFileError) == (kind == "StoreFileError")


def test_answers_held_by_a_busy_sqlite_file_still_say_busy_and_are_confirmed_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite's side: a write lock held too long is busy, said as before (never "cannot
    be reached"); once free, the next answer writes the held one and says it is saved."""
    monkeypatch.setattr(store_module, "BUSY_WAIT", 0.2)
    monkeypatch.setattr(progress_module, "RETRY_EVERY", 60.0)  # the next answer writes it
    path = class_database(tmp_path / "progress.sqlite", rows=5)
    p = Progress.load(path, learner="dan")
    lock = Lock(path)
    try:
        answer(p, 1)
        assert p.messages[-1] == BUSY_MESSAGE and len(p.pending) == 1
    finally:
        lock.free()
    answer(p, 2)
    assert p.pending == [] and p.messages[-1] == "Your answer kept on this page is now saved in the class database."
    assert [a.answer for a in ProgressStore(path).attempts("dan")] == ["answer-1", "answer-2"]


def test_a_database_error_of_no_known_kind_names_no_python_class_or_path() -> None:
    """The page's words for a database that cannot be used name what to do, not the
    error's class (it said "(OperationalError)") nor its text (paths, SQL)."""
    error = store_error(
        sa.exc.OperationalError("SELECT ...", {}, Exception('database "/srv/x/db" does not exist')),
        "(the school's database)",
    )
    assert isinstance(error, StoreFileError)
    assert "Error" not in str(error) and "/srv" not in str(error) and "SELECT" not in str(error)
    assert "log" in str(error)
