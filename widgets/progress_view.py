"""The learner's progress per rule case, and a class overview for teachers.

One line in a notebook::

    from pinochle_widgets.progress_view import ProgressSummary
    ProgressSummary()                  # the learner's own file (see default_progress_path)

* :func:`progress_frame` - one learner's attempts and accuracy per rule case, as a
  :class:`pandas.DataFrame` where pandas is installed, else a
  :class:`~pinochle_widgets.tables.Table` (with a ``weak`` column: the rules to practise).
* :class:`ProgressSummary` - that table as a widget, weak rules highlighted, with
  a "Refresh" button.
* :func:`class_frame` - every learner of a class folder (``class/alice/progress.json``,
  ``class/bob.json``), one row per learner and rule case, as
  ``scripts/collect_progress.py --by-rule`` writes it.

The files are only read here, never changed (a corrupt file is reported, not set
aside: that happens when the learner next answers a quiz).
"""

from __future__ import annotations

import base64
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from pinochle_tutor.classroom.attempts import attempts_json
from pinochle_tutor.classroom.class_folder import collect_records, learner_of_file
from pinochle_tutor.classroom.database import is_database_url
from pinochle_tutor.classroom.house_rules import rules_answered_in, site_rules
from pinochle_tutor.classroom.progress import (
    Attempt,
    Progress,
    ProgressFileError,
    default_location,
    is_database,
    read_attempts,
    summarize,
    weak_rules,
)
from pinochle_tutor.classroom.times import Zone, site_zone
from pinochle_tutor.course.quiz import QuizRule
from pinochle_tutor.rules import RuleSet

from ._base import Message, button, guard_client_values, guarded, style_widget
from .browser_zone import BrowserZone
from .tables import Frame, frame

__all__ = [
    "CLASS_COLUMNS",
    "PROGRESS_COLUMNS",
    "ProgressSummary",
    "attempts_frame",
    "class_frame",
    "learner_of_file",
    "progress_frame",
    "progress_html",
]

PROGRESS_COLUMNS = [
    "rule",
    "description",
    "attempts",
    "right",
    "wrong",
    "accuracy",
    "recent_accuracy",
    "last",
    "weak",
]
"""The columns of :func:`progress_frame`."""
CLASS_COLUMNS = ["learner", "rule", "attempts", "right", "wrong", "accuracy", "last"]
"""The columns of :func:`class_frame` (those of ``collect_progress.py --by-rule``)."""


def _description(rule: str, rules: RuleSet) -> str:
    """The rule case in a sentence, with the numbers of ``rules``."""
    try:
        return QuizRule.parse(rule).statement(rules)
    except ValueError:
        return ""


def attempts_frame(attempts: list[Attempt], rules: RuleSet | None = None) -> Frame:
    """Attempts and accuracy per rule case (see :data:`PROGRESS_COLUMNS`), in the
    order of :class:`~pinochle_tutor.course.quiz.QuizRule` (unknown rule cases last).
    Each rule case is stated with the numbers of the rules its latest answer was
    given under (:func:`~pinochle_tutor.classroom.house_rules.rules_answered_in`;
    ``rules``, default the site's house rules, when it kept none)."""
    in_force = rules if rules is not None else site_rules()
    weak = set(weak_rules(attempts))
    order = {r.value: i for i, r in enumerate(QuizRule)}
    latest: dict[str, str] = {}
    for a in sorted(attempts, key=lambda x: x.time):
        for rule in a.rules:
            latest[rule] = a.rule_set
    rows: list[dict[str, Any]] = []
    for r in sorted(summarize(attempts), key=lambda x: (order.get(x.rule, len(order)), x.rule)):
        row = r.row()
        row["description"] = _description(r.rule, rules_answered_in(latest.get(r.rule, ""), in_force))
        row["weak"] = r.rule in weak
        rows.append(row)
    return frame(rows, columns=PROGRESS_COLUMNS, show_index=False)


def progress_frame(path: str | Path | None = None) -> Frame:
    """One learner's progress per rule case (default: the database at
    :func:`~pinochle_tutor.classroom.progress.default_progress_path`, this page's
    learner). A missing file is an empty table; a JSON file that is not progress raises
    :class:`~pinochle_tutor.classroom.progress.ProgressFileError` (attempts that cannot be
    read are left out, and listed in ``frame.attrs["problems"]``). For a database,
    ``frame.attrs["notes"]`` holds what the page was told on opening it (a database
    that is busy, or that cannot be used, named), ``frame.attrs["store_problem"]`` why
    the database cannot be used (``''`` when it can), ``frame.attrs["unread"]`` why the
    learner's record cannot be read just now (the database busy or out of reach: the
    table is then empty for that, not for want of answers; ``''`` when it was read),
    and ``frame.attrs["problems"]`` only attempts that could not be read."""
    where = path if path is not None else default_location()
    p = Path(where).expanduser()
    notes: list[str] = []
    problems: list[str] = []
    store_problem = unread = ""
    if is_database(where):
        progress = Progress.load(where if is_database_url(where) else p)
        attempts, notes = progress.attempts, list(progress.messages)
        store_problem, unread = progress.store_problem, progress.read_problem
    else:
        try:
            attempts, problems = read_attempts(p)
        except FileNotFoundError:
            attempts, problems = [], []
    table = attempts_frame(attempts)
    table.attrs["problems"] = problems
    table.attrs["notes"] = notes
    table.attrs["store_problem"] = store_problem
    table.attrs["unread"] = unread
    return table


def class_frame(folder: str | Path) -> Frame:
    """One row per learner and rule case for every progress database and file
    under ``folder`` (searched recursively; see :data:`CLASS_COLUMNS` and
    :func:`~pinochle_tutor.classroom.class_folder.collect_records`). Files that are not
    progress are skipped and listed, with unreadable attempts, in
    ``frame.attrs["problems"]``."""
    root = Path(folder)
    if not root.is_dir():
        raise NotADirectoryError(f"{root.name} is not a folder")
    records, problems = collect_records(root)
    rows: list[dict[str, Any]] = []
    for record in records:
        for r in summarize(record.attempts):
            rows.append(
                {
                    "learner": record.learner,
                    "rule": r.rule,
                    "attempts": r.attempts,
                    "right": r.right,
                    "wrong": r.wrong,
                    "accuracy": round(r.accuracy, 3),
                    "last": r.last,
                }
            )
    table = frame(rows, columns=CLASS_COLUMNS, show_index=False)
    table.attrs["problems"] = problems
    return table


_SHOWN = {
    "description": "Rule",
    "attempts": "Attempts",
    "right": "Right",
    "accuracy": "Accuracy",
    "recent_accuracy": "Last 10",
    "last": "Last practised",
}


def progress_html(table: Frame, zone: Zone | None = None) -> str:
    """The progress table as HTML: the rule in words, counts, accuracies as
    percentages, the last time in ``zone`` (default: the site's,
    :func:`~pinochle_tutor.classroom.times.site_zone`, named in its heading); weak
    rules' rows get ``pt-weak`` (highlighted) and a "practise" note."""
    if table.empty:
        return '<p class="pt-progress-empty">No answers recorded yet: try a practice page!</p>'
    zone = site_zone() if zone is None else zone
    shown = {**_SHOWN, "last": f"{_SHOWN['last']} ({zone.label})"}
    head = "".join(f"<th>{escape(v)}</th>" for v in shown.values())
    body = []
    for row in table.to_dict("records"):
        weak = bool(row["weak"])
        cells = {
            "description": escape(str(row["description"] or row["rule"]))
            + (' <span class="pt-weak-note">(practise this)</span>' if weak else ""),
            "attempts": str(int(row["attempts"])),
            "right": str(int(row["right"])),
            "accuracy": f"{float(row['accuracy']):.0%}",
            "recent_accuracy": f"{float(row['recent_accuracy']):.0%}",
            "last": escape(zone.local(str(row["last"]))),
        }
        tds = "".join(f"<td>{cells[k]}</td>" for k in _SHOWN)
        cls = ' class="pt-weak"' if weak else ""
        body.append(f'<tr{cls} data-rule="{escape(str(row["rule"]))}">{tds}</tr>')
    return (
        "<style>.pt-progress-table tr.pt-weak td { background: #fff4e0; }"
        " .pt-weak-note { color: #a34700; font-weight: 600; }</style>"
        f'<table class="pt-breakdown pt-progress-table"><tr>{head}</tr>{"".join(body)}</table>'
    )


class ProgressSummary(widgets.VBox):
    """The learner's progress per rule case (from ``path``, default: the
    learner's progress file), weak rules highlighted; "Refresh" reads the file again.
    Times are in the learner's own zone once their browser reported it
    (:class:`~pinochle_widgets.browser_zone.BrowserZone`), until then in the site's.

    CSS hooks: ``pt-progress-summary``, ``pt-progress-table`` (weak rows
    ``pt-weak``), ``pt-progress-refresh``; the status line is ``pt-message-area``."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = path
        self.message = Message()
        self.table = widgets.HTML()
        self.table.add_class("pt-progress-view")
        self.refresh_button = button("Refresh", "pt-progress-refresh", self.refresh, icon="refresh")
        self.export_link = widgets.HTML()
        self.export_link.add_class("pt-progress-export")
        self.zone: Zone = site_zone()
        """The zone times are shown in: the browser's once it reported it, else the site's."""
        self.browser_zone = BrowserZone()
        self.browser_zone.observe(self._on_zone, names="zone")
        title = widgets.HTML("<b>Your progress by rule</b>")
        title.add_class("pt-title")
        super().__init__(
            children=[style_widget(), self.browser_zone, title, self.table, self.refresh_button,
                      self.export_link, self.message]
        )  # fmt: skip
        self.add_class("pt-widget")
        self.add_class("pt-progress-summary")
        # Every part (the Refresh button, the time zone's part) answers a value it cannot
        # take in words here, from this moment.
        guard_client_values(self, self.message)
        self.frame: Frame = frame([], columns=PROGRESS_COLUMNS)
        self.refresh()

    @guarded
    def refresh(self) -> None:
        """Read the progress file again and redraw the table."""
        try:
            self.frame = progress_frame(self.path)
        except (ProgressFileError, OSError) as e:
            self.frame = frame([], columns=PROGRESS_COLUMNS)
            self.table.value = ""
            self.message.error(f"Your progress could not be read: {e}")
            return
        unread = self.frame.attrs.get("unread", "")
        if unread:
            # Not "Answer some practice questions" over an empty table: the answers may
            # well be kept, and the learner would give them again. Nor the quiz pages'
            # "your answers are kept on this page": none is given here. The database is
            # not asked again for the download link.
            self.table.value = self.export_link.value = ""
            passing = unread.startswith("Your record cannot be read just now")
            self.message.error(f"{unread} {'Press Refresh in a moment.' if passing else 'Tell your teacher.'}")
            return
        self.table.value = progress_html(self.frame, self.zone)
        self._export()
        records = self.frame.to_dict("records")
        weak = [str(row["description"] or row["rule"]) for row in records if row["weak"]]
        problems = self.frame.attrs.get("problems", [])
        notes = self.frame.attrs.get("notes", [])
        note = f" {len(problems)} attempt(s) could not be read." if problems else ""
        note += "".join(f" {n}" for n in notes)
        if self.frame.attrs.get("store_problem"):
            self.message.error(" ".join(notes))
        elif self.frame.empty and Progress.load(self.path).page_only:
            self.message.info(
                "You are a guest: your answers are kept only on the page where you gave "
                "them, so this page cannot show them. Let your browser keep cookies for "
                "this site and reload to have them kept."
            )
        elif self.frame.empty:
            self.message.info("Answer some practice questions and press Refresh." + note)
        elif weak:
            self.message.info(f"Practise next: {weak[0]}" + note)
        elif any(row["accuracy"] < 1 for row in records):
            self.message.info(
                "Keep practising: a rule is marked weak once you have answered it twice." + note
            )
        else:
            self.message.ok("Every answer right so far: well done!" + note)

    @guarded
    def _on_zone(self, _change: dict[str, Any]) -> None:
        """The browser said its zone: show the times in it (a name the kernel does not
        know is refused, and the times stay as they are)."""
        zone = self.browser_zone.accepted(self.message, self.zone)
        if zone is None:
            return
        self.zone = zone
        self.table.value = progress_html(self.frame, zone)

    def _export(self) -> None:
        """A link to download every answer of this learner, as a progress file (the
        learner's own record; the teacher's dashboard can import it)."""
        attempts = Progress.load(self.path).attempts
        if not attempts:
            self.export_link.value = ""
            return
        data = base64.b64encode(attempts_json(attempts)).decode()
        self.export_link.value = (
            f'<a class="pt-progress-download" download="my-pinochle-progress.json" '
            f'href="data:application/json;base64,{data}">Download my answers '
            f"({len(attempts)}) as a progress file</a>"
        )

