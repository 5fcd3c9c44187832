"""The teacher's dashboard: the class at a glance, behind the teacher's secret.

    from pinochle_widgets.dashboard import TeacherDashboard
    TeacherDashboard()           # the site's database; or source="/srv/homes"

Shut until the teacher types the secret set on the server
(``$PINOCHLE_TUTOR_TEACHER_SECRET``, separate from the class token; see
``hosting/README.md``); the secret is checked in the kernel, so nothing of the
class reaches a browser that has not given it. Five wrong tries shut the page
until it is reloaded.

Open, it shows the class table (learners by kind of question: attempts,
accuracy, lesson checks answered, hands played at the game table and won, last
seen, lessons opened; times in the site's zone, named in each heading), the
class's weakest rule cases (each stated with the numbers of the rules it was
answered under), accuracy
per rule and activity per day as bar charts, one learner's history, the
problems found in the quiz banks and the house rules, a CSV download, progress
files uploaded by learners from elsewhere (imported into a learner's record,
once per file), giving a record to its learner (asked twice: a record kept under a
browser's key from before the site signed keys goes to the learner's signed key, see
:meth:`TeacherDashboard.hand_over`), and deleting a learner (asked twice).

CSS hooks: ``pt-dashboard``, ``pt-dashboard-secret``, ``pt-dashboard-open``,
``pt-dashboard-summary``, ``pt-class-table``, ``pt-weak-rules``, ``pt-mistake-kinds``,
``pt-rule-chart``, ``pt-activity-chart``, ``pt-learner-pick``,
``pt-learner-history``, ``pt-problems``, ``pt-bank-problems`` (one row per quiz bank
problem: file, item, field, what is wrong), ``pt-csv-link``, ``pt-upload``,
``pt-upload-learner``, ``pt-handover-from``, ``pt-handover-to``, ``pt-handover``,
``pt-handover-confirm``, ``pt-delete``, ``pt-delete-confirm``.
"""

from __future__ import annotations

import base64
import hashlib
import os
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from pinochle_tutor.classroom.attempts import (
    CHECK_KIND,
    HAND_KIND,
    MISTAKE_KIND,
    POSITION_KIND,
    Attempt,
    ProgressFileError,
    now,
    parse_attempts,
)
from pinochle_tutor.classroom.dashboard import (
    ClassData,
    activity_by_day,
    attempts_csv,
    check_secret,
    class_data,
    history,
    learner_rows,
    mistake_rows,
    rule_rows,
    table_rows,
    teacher_secret,
    weakest_rules,
)
from pinochle_tutor.classroom.database import StoreError, is_database_url
from pinochle_tutor.classroom.house_rules import load_house_rules, rules_answered_in
from pinochle_tutor.classroom.identity import GUEST
from pinochle_tutor.classroom.own_positions import is_own_position
from pinochle_tutor.classroom.progress import default_location, is_database
from pinochle_tutor.classroom.store import HandOver, ProgressStore
from pinochle_tutor.classroom.times import Zone, site_zone
from pinochle_tutor.course.own_positions import mistake_words
from pinochle_tutor.course.quiz import QuizRule, load_banks
from pinochle_tutor.course.quiz.vocabulary import KIND_TITLES, QuizKind
from pinochle_tutor.rules import RuleSet

from ._base import (
    Message,
    button,
    coerce_rules,
    guard_client_values,
    guarded,
    own_style,
    style_widget,
)
from .browser_zone import BrowserZone

__all__ = ["MAX_TRIES", "MAX_UPLOAD", "TeacherDashboard", "bar_chart_svg"]

DASHBOARD_CSS = """
.pt-dashboard table { border-collapse: collapse; margin: 4px 0 12px; }
.pt-dashboard th, .pt-dashboard td { border: 1px solid #c8c8c8; padding: 3px 8px; text-align: left; }
.pt-dashboard th { background: #f0f0ec; }
.pt-dashboard td.pt-num { text-align: right; }
.pt-dashboard a { text-decoration: underline; }
.pt-dashboard .pt-key { color: #555; font-size: 90%; }
"""

HANDOVER_HELP = (
    "<p>A browser that kept its learner key from before this site signed keys gets a "
    "new key on its next page, and its learner starts with an empty record (a key "
    "alone, which anyone could have learned, opens no record). Ask the learner to "
    "answer one practice question (or give their name on the welcome page). Then pick "
    "their old record under <i>The record of:</i> and their new one (last seen today) "
    "under <i>Give it to:</i>. Their answers and lessons opened go to the new record, "
    "and so does the old name unless they have given a name since. The old record is "
    "then gone.</p>"
)
"""What the teacher reads above the hand-over (see :meth:`TeacherDashboard.hand_over`)."""

MAX_TRIES = 5
"""Wrong secrets a page takes before it shuts until reloaded."""
MAX_UPLOAD = 2_000_000
"""The largest progress file taken as an upload (bytes)."""
CLASS_VAR = "PINOCHLE_TUTOR_CLASS"
"""An environment variable that may name the class's progress (a database or a folder)."""


def bar_chart_svg(
    bars: Sequence[tuple[str, float, str]], *, title: str, scale: float = 1.0, unit: str = "%"
) -> str:
    """A horizontal bar chart as SVG: one (label, value, note) per bar; the bar's
    length is ``value / scale``. Text is escaped; the chart has a title for screen
    readers."""
    # Each label on a line of its own above its bar, starting at the left edge: a long
    # label is never cut (a label beside its bar lost its first letters).
    row, bar_w, most = 38, 300, 60
    height = row * len(bars) + 10
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{bar_w + 90 + 200}" '
        f'height="{height}" aria-label="{escape(title)}"><title>{escape(title)}</title>'
    ]
    for i, (label, value, note) in enumerate(bars):
        y = 5 + i * row
        width = max(0.0, min(1.0, value / scale if scale else 0.0)) * bar_w
        shown = f"{value * 100:.0f}{unit}" if unit == "%" else f"{value:g}{unit}"
        parts.append(
            f'<text x="2" y="{y + 13}" font-size="13">'
            f"{escape(label if len(label) <= most else label[: most - 1] + '…')}</text>"
            f'<rect x="2" y="{y + 18}" width="{width:.1f}" height="14" fill="#2f6f4f">'
            f"<title>{escape(note)}</title></rect>"
            f'<text x="{width + 8:.1f}" y="{y + 30}" font-size="13">{escape(shown)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _lessons(pages: Sequence[str]) -> str:
    """Lessons by number (``'04_meld.ipynb'`` is 4), or a dash for none."""
    numbers = [p.split("_", 1)[0].lstrip("0") or "0" for p in pages]
    return escape(", ".join(numbers)) if numbers else "-"


def _tries(a: Attempt) -> str:
    """How many answers an attempt took, as the history says it (a hand played is no
    answer: a dash)."""
    if a.kind in (HAND_KIND, MISTAKE_KIND):
        return "-"
    if a.kind != CHECK_KIND and a.tries == 2:
        return "2 (after a hint)"
    return str(a.tries)


_KIND_WORDS = {
    CHECK_KIND: "lesson check",
    HAND_KIND: "hand played",
    MISTAKE_KIND: "mistake kept from a hand",
    POSITION_KIND: "own position",
}
"""The history's words for the kinds that are no practice question."""


def _kind(kind: str) -> str:
    """A kind as the reader sees it: a quiz kind by the quiz's own name for it
    (:data:`~pinochle_tutor.course.quiz.vocabulary.KIND_TITLES`), a lesson check or a
    hand played in words, anything else (an imported file's) as kept."""
    if kind in _KIND_WORDS:
        return _KIND_WORDS[kind]
    try:
        return KIND_TITLES[QuizKind(kind)]
    except (ValueError, KeyError):
        return kind


def _right(a: Attempt) -> str:
    """The verdict as the history says it (a hand: the contract won or lost)."""
    if a.kind == HAND_KIND:
        return "won" if a.right else "lost"
    if a.kind == MISTAKE_KIND:
        return "kept"
    return "yes" if a.right else "no"


def _hands(won: int, played: int) -> str:
    """``'3 (2 won)'``, or a dash for none."""
    return f"{played} ({won} won)" if played else "-"


def _pct(x: float) -> str:
    return f"{x * 100:.0f}%"


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], css: str) -> str:
    th = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f'<table class="{css}"><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>'


class TeacherDashboard(widgets.VBox):
    """The class's progress for the teacher (see the module's text). ``source`` is
    the site's database (default: ``$PINOCHLE_TUTOR_CLASS``, else the site's
    progress database) or a folder of learners' databases and JSON files (the
    JupyterHub homes). ``rules`` are the rules in force (default: the site's); each
    answer's rule cases are stated with the numbers of the rule set it was answered
    under (:func:`~pinochle_tutor.classroom.house_rules.rules_answered_in`). Times are
    shown in the teacher's own zone, as their browser reports it
    (:class:`~pinochle_widgets.browser_zone.BrowserZone`), until then in the site's
    (:func:`~pinochle_tutor.classroom.times.site_zone`); each column says which."""

    def __init__(
        self,
        source: str | os.PathLike[str] | None = None,
        *,
        rules: RuleSet | str | None = None,
        bank_dir: str | Path | None = None,
    ) -> None:
        env = os.environ.get(CLASS_VAR, "")
        chosen = source if source is not None else (env or default_location())
        self.source: str | Path = str(chosen) if is_database_url(chosen) else Path(chosen)
        """The class's progress: a database file, a folder, or a database server's URL
        (never shown on the page)."""
        self.rules = coerce_rules(rules)
        self.bank_dir = bank_dir
        """The quiz banks checked under "Problems in the course's files" (``None``: the site's)."""
        self.message = Message()
        self._tries = 0
        self._open = False
        self.data = ClassData({})
        self.zone: Zone = site_zone()
        """The zone times are shown in: the browser's once it reported it, else the site's."""
        self.browser_zone = BrowserZone()
        self.browser_zone.observe(self._on_zone, names="zone")
        self.secret = widgets.Password(description="Teacher's secret:", style={"description_width": "initial"})
        self.secret.add_class("pt-dashboard-secret")
        self.open_button = button("Open the dashboard", "pt-dashboard-open", self.unlock, "primary")
        self._gate = widgets.HBox([self.secret, self.open_button])
        self.body = widgets.VBox()
        css = own_style(DASHBOARD_CSS)
        super().__init__(
            [style_widget(), css, self.browser_zone, self._gate, self.message, self.body]
        )
        self.add_class("pt-widget")
        self.add_class("pt-dashboard")
        guard_client_values(self, self.message)
        if teacher_secret() is None:
            self._gate.layout.display = "none"
            self.message.info(
                "The dashboard is shut: this server has no teacher's secret. Set "
                "PINOCHLE_TUTOR_TEACHER_SECRET (8 characters or more) where the site is "
                "started; see hosting/README.md."
            )

    @guarded
    def _on_zone(self, _change: dict[str, Any]) -> None:
        """The browser said its zone: show every time in it (a name the kernel does
        not know is refused, and the times stay as they are)."""
        zone = self.browser_zone.accepted(self.message, self.zone)
        if zone is None:
            return
        self.zone = zone
        if self._open:
            self._fill()

    # ------------------------------------------------------------------ gate
    @property
    def is_open(self) -> bool:
        """Whether the right secret was given on this page."""
        return self._open

    @guarded
    def unlock(self) -> None:
        """Check the secret typed; open the dashboard if it is right."""
        if self._open:
            self.message.info("The dashboard is open.")
            return
        if teacher_secret() is None:
            self.message.info("The dashboard is shut: this server has no teacher's secret.")
            return
        if self._tries >= MAX_TRIES:
            self.message.error("Too many wrong tries: reload the page to try again.")
            return
        typed, self.secret.value = self.secret.value, ""
        if not check_secret(typed):
            self._tries += 1
            left = MAX_TRIES - self._tries
            self.message.error(
                "That is not the teacher's secret."
                + (f" {left} more tr{'y' if left == 1 else 'ies'} on this page." if left else "")
            )
            return
        self._open = True
        self._gate.layout.display = "none"
        self.message.ok("Welcome. The class as it stands now:")
        self._build()

    def _refuse_shut(self) -> bool:
        if not self._open:
            self.message.error("Give the teacher's secret first.")
            return True
        return False

    # ----------------------------------------------------------------- views
    def _build(self) -> None:
        self.data = class_data(self.source)
        self.summary = widgets.HTML()
        self.summary.add_class("pt-dashboard-summary")
        self.class_table = widgets.HTML()
        self.weak = widgets.HTML()
        self.mistakes = widgets.HTML()
        self.rule_chart = widgets.HTML()
        self.activity_chart = widgets.HTML()
        self.learner_pick = widgets.Dropdown(description="Learner:", options=[])
        self.learner_pick.add_class("pt-learner-pick")
        self.learner_pick.observe(lambda _c: self.show_history(), names="value")
        self.history_view = widgets.HTML()
        self.tables_view = widgets.HTML()
        self.tables_view.add_class("pt-dashboard-tables")
        self.problems_view = widgets.HTML()
        self.csv_link = widgets.HTML()
        self.upload = widgets.FileUpload(accept=".json", multiple=False, description="Progress file")
        self.upload.add_class("pt-upload")
        self.upload_learner = widgets.Dropdown(description="Into:", options=[])
        self.upload_learner.add_class("pt-upload-learner")
        self.upload_button = button("Import it", "pt-upload-import", self.import_upload)
        self.delete_button = button("Delete this learner", "pt-delete", self.ask_delete, "danger")
        self.confirm_button = button("Yes, delete", "pt-delete-confirm", self.delete, "danger")
        self.confirm_button.layout.display = "none"
        self.refresh_button = button("Refresh", "pt-dashboard-refresh", self.refresh)
        self.handover_from = widgets.Dropdown(description="The record of:", options=[],
                                              style={"description_width": "initial"})  # fmt: skip
        self.handover_from.add_class("pt-handover-from")
        self.handover_to = widgets.Dropdown(description="Give it to:", options=[],
                                            style={"description_width": "initial"})  # fmt: skip
        self.handover_to.add_class("pt-handover-to")
        self.handover_button = button("Give the record to this learner", "pt-handover", self.ask_hand_over)
        self.handover_confirm = button("Yes, give it", "pt-handover-confirm", self.hand_over, "warning")
        self.handover_confirm.layout.display = "none"
        self._handing: tuple[str, str] | None = None
        """The hand-over asked about (old record, learner), until it is done or changed."""
        for pick in (self.handover_from, self.handover_to):
            pick.observe(lambda _c: self._forget_hand_over(), names="value")
        self.body.children = [
            widgets.HBox([self.summary, self.refresh_button]),
            widgets.HTML("<h3>The class</h3>"), self.class_table,
            widgets.HTML("<h3>Weakest rule cases</h3>"), self.weak,
            widgets.HTML("<h3>Most frequent mistakes at the table</h3>"), self.mistakes,
            widgets.HTML("<h3>Accuracy per rule case</h3>"), self.rule_chart,
            widgets.HTML("<h3>Activity per day</h3>"), self.activity_chart,
            widgets.HTML("<h3>Tables with classmates</h3>"), self.tables_view,
            widgets.HTML("<h3>One learner</h3>"),
            widgets.HBox([self.learner_pick, self.delete_button, self.confirm_button]),
            self.history_view,
            widgets.HTML("<h3>Export</h3>"), self.csv_link,
            widgets.HTML("<h3>A progress file from elsewhere</h3>"),
            widgets.HBox([self.upload, self.upload_learner, self.upload_button]),
            widgets.HTML(f"<h3>Give a record to its learner</h3>{HANDOVER_HELP}"),
            widgets.HBox([self.handover_from, self.handover_to]),
            widgets.HBox([self.handover_button, self.handover_confirm]),
            widgets.HTML("<h3>Problems in the course's files</h3>"), self.problems_view,
        ]  # fmt: skip
        self._fill()
        guard_client_values(self, self.message)

    def _who(self, learner: str) -> str:
        """The learner's name, with the start of their key when another learner has the
        same name (two classmates called Ann)."""
        name = self.data.shown(learner)
        twins = [k for k in self.data.learners if self.data.shown(k) == name]
        key = f' <span class="pt-key">({escape(learner[:6])}…)</span>' if len(twins) > 1 else ""
        return escape(name) + key

    def _statement(self, rule: str, rule_set: str = "") -> str:
        """The rule case in a sentence with the numbers of the rules it was answered
        under, naming them when they are not the rules in force."""
        if is_own_position(rule):
            return "a position of their own hand"
        under = rules_answered_in(rule_set, self.rules)
        try:
            text = QuizRule.parse(rule).statement(under)
        except ValueError:
            text = rule
        if under.name != self.rules.name:
            text += f" ({under.words})"
        return text

    def _fill(self) -> None:
        data = self.data
        zone = self.zone
        rows = learner_rows(data)
        total = sum(r.attempts for r in rows)
        checks = sum(r.checks for r in rows)
        hands = sum(r.hands for r in rows)
        last = max((r.last_seen for r in rows), default="")
        unnamed = (
            f"; {data.unnamed_pages} page(s) opened by {data.unnamed_browsers} browser(s) "
            "with no name (not listed)"
            if data.unnamed_pages
            else ""
        )
        self.summary.value = (
            f"<p>{len(rows)} learner(s), {total} answer(s), {checks} lesson check(s), "
            f"{hands} hand(s) played"
            + (f"; last activity {escape(zone.local(last))} ({escape(zone.label)})" if last else "")
            + unnamed
            + ".</p>"
        )
        kinds = sorted({k for r in rows for k in r.by_kind})
        head = ["Learner", "Answers", "Right", *[f"{_kind(k)}: right" for k in kinds]]
        table = [
            [self._who(r.learner), str(r.attempts), _pct(r.accuracy)]
            + [_pct(r.by_kind[k]) if k in r.by_kind else "-" for k in kinds]
            + [str(r.checks), _hands(r.hands_won, r.hands), escape(zone.local(r.last_seen)),
               str(r.lessons_opened), _lessons(r.mastered)]
            for r in rows
        ]  # fmt: skip
        self.class_table.value = "<p>No learner has answered a question or given a name yet.</p>"
        if rows:
            head += ["Lesson checks", "Hands played", f"Last seen ({zone.label})",
                     "Lessons opened", "Lessons mastered"]  # fmt: skip
            self.class_table.value = _table(head, table, "pt-class-table")
        in_force = self.rules.name
        weak = weakest_rules(data, rule_set=in_force)
        self.weak.value = "<p>No rule case has been tried often enough to judge yet.</p>"
        if weak:
            cells = [
                [escape(self._statement(r.rule, r.rule_set)), str(r.attempts), _pct(r.accuracy),
                 f"{r.struggling} of {r.learners}"]
                for r in weak
            ]  # fmt: skip
            head = ["Rule case", "Answers", "Right", "Learners below half"]
            self.weak.value = _table(head, cells, "pt-weak-rules")
        self.mistakes.value = self._mistakes_html()
        per_rule = rule_rows(data, in_force)
        bars = [
            (self._statement(r.rule, r.rule_set), r.accuracy,
             f"{r.rule}: {r.right} of {r.attempts} right")
            for r in per_rule
        ]  # fmt: skip
        chart = bar_chart_svg(bars, title="Accuracy per rule case") if per_rule else ""
        self.rule_chart.value = f'<div class="pt-rule-chart">{chart}</div>'
        days = activity_by_day(data, zone)[-30:]
        most = max((d.attempts for d in days), default=1)
        day_bars = [(d.day, d.attempts, f"{d.learners} learner(s)") for d in days]
        chart = bar_chart_svg(
            day_bars, title="Practice answers, lesson checks and hands played per day",
            scale=most, unit=" entries",
        )  # fmt: skip
        self.activity_chart.value = f'<div class="pt-activity-chart">{chart if days else ""}</div>'
        options = [(data.shown(k) + ("" if data.shown(k) == k else f" ({k[:6]}…)"), k) for k in data.learners]
        self.learner_pick.options = options
        self.upload_learner.options = options
        records = [(self._record_label(k), k) for k in data.learners if k != GUEST.key]
        self.handover_from.options = records
        self.handover_to.options = records
        if options and self.learner_pick.value is None:
            self.learner_pick.value = options[0][1]
        self.show_history()
        csv_text = attempts_csv(data)
        link = base64.b64encode(csv_text.encode()).decode()
        self.csv_link.value = (
            f'<a class="pt-csv-link" download="class-progress.csv" '
            f'href="data:text/csv;base64,{link}">Download every answer as CSV</a>'
        )
        self.problems_view.value = self._problems_html()
        self.tables_view.value = self._tables_html()

    def _mistakes_html(self) -> str:
        """The class's most frequent kinds of clear mistake in the hands they played
        (:func:`~pinochle_tutor.classroom.dashboard.mistake_rows`), each named by what the
        coach would have done."""
        rows = mistake_rows(self.data)
        if not rows:
            return (
                "<p>The coach has found no clear mistake in the hands the class played yet.</p>"
            )
        cells = [
            [escape(mistake_words(r.kind)), str(r.mistakes), str(r.learners)] for r in rows
        ]
        head = ["What the coach would have done", "Mistakes kept", "Learners"]
        return (
            "<p>A card played at a table that the coach's review found a clear mistake is kept "
            "for the learner's review; these are the kinds the class makes most.</p>"
            + _table(head, cells, "pt-mistake-kinds")
        )

    def _tables_html(self) -> str:
        """The classmates' tables (lesson 12), open and finished: the newest 50."""
        rows = table_rows(self.source)[:50]
        if not rows and not is_database(self.source):
            return (
                "<p>This site keeps no tables with classmates: they need one class database "
                "that every learner's page shares, and this dashboard reads a folder of "
                "progress files. On a Hub, set PINOCHLE_TUTOR_DATABASE_URL (see the hosting "
                "guide).</p>"
            )
        if not rows:
            return "<p>No table with classmates has been opened yet.</p>"
        newest = "<p>The newest 50 tables.</p>" if len(rows) == 50 else ""
        zone = self.zone
        cells = [
            [escape(r.code), escape(r.state), escape(r.seats), escape(r.level),
             escape(zone.local(r.opened)), str(r.moves), escape(r.result) or "-"]
            for r in rows
        ]  # fmt: skip
        head = ["Table", "State", "Seats", "Computer players", f"Opened ({zone.label})",
                "Moves", "Result"]  # fmt: skip
        return newest + _table(head, cells, "pt-tables")

    def _problems_html(self) -> str:
        found: list[str] = list(self.data.problems)
        if self.zone.problem:
            found.append(self.zone.problem)
        _items, bank = load_banks(self.bank_dir)
        found += list(load_house_rules().problems)
        if not found and not bank:
            return '<p class="pt-problems">None: every bank and the house rules read cleanly.</p>'
        out = ""
        if found:
            items = "".join(f"<li>{escape(p)}</li>" for p in found)
            out += f'<ul class="pt-problems">{items}</ul>'
        if bank:
            rows = [
                [escape(p.file), escape(p.item or "(the whole file)"), escape(p.field or "-"),
                 escape(p.message)]
                for p in bank
            ]  # fmt: skip
            out += (
                f'<p class="pt-problems">{len(bank)} problem(s) in the quiz banks: those '
                "questions are not asked (learners see only that some could not be loaded).</p>"
                + _table(["Bank file", "Item", "Field", "What is wrong"], rows, "pt-bank-problems")
            )
        return out

    @guarded
    def show_history(self) -> None:
        """The learner picked: every answer, newest first."""
        if self._refuse_shut():
            return
        key = self.learner_pick.value
        if key is None:
            self.history_view.value = ""
            return
        rows = history(self.data, key)[:200]
        cells = [
            [escape(self.zone.local(a.time)), escape(_kind(a.kind)),
             escape(" ".join(self._statement(r, a.rule_set) for r in a.rules) or "-"),
             escape(a.answer[:80]), _right(a), _tries(a)]
            for a in rows
        ]  # fmt: skip
        head = [f"When ({self.zone.label})", "Kind", "Rule cases", "Answer", "Right", "Tries"]
        self.history_view.value = (
            _table(head, cells, "pt-learner-history") if rows else "<p>No answers yet.</p>"
        )

    @guarded
    def refresh(self) -> None:
        """Read the class's progress again."""
        if self._refuse_shut():
            return
        self.data = class_data(self.source)
        self.zone = self.browser_zone.reported() or site_zone()
        self._fill()
        self.message.ok("Read again.")

    # --------------------------------------------------------------- actions
    def _store(self) -> ProgressStore | None:
        if not is_database(self.source):
            self.message.error(
                "This dashboard reads a folder of progress files: imports, records given to "
                "their learner and deletions need the site's database."
            )
            return None
        try:
            return ProgressStore(self.source)
        except StoreError as e:
            self.message.error(f"The progress database cannot be used: {e}")
            return None

    @guarded
    def import_upload(self) -> None:
        """Import the uploaded progress file into the learner picked (once per file)."""
        if self._refuse_shut():
            return
        files = list(self.upload.value)
        if not files:
            self.message.error("Choose a progress file (.json) first.")
            return
        learner = self.upload_learner.value
        if learner is None:
            self.message.error("Pick the learner the file belongs to.")
            return
        upload = files[0]
        content = bytes(upload["content"])
        name = str(upload.get("name", "the file"))[:60]
        if len(content) > MAX_UPLOAD:
            self.message.error(f"{name} is {len(content):,} bytes; a progress file is at most {MAX_UPLOAD:,}.")
            return
        try:
            attempts, problems = parse_attempts(content, name)
        except ProgressFileError as e:
            self.message.error(str(e))
            return
        store = self._store()
        if store is None:
            return
        digest = "upload:" + hashlib.sha256(content).hexdigest()
        added = store.import_attempts(learner, attempts, digest)
        self.upload.value = ()
        self.refresh()
        skipped = f" {len(problems)} answer(s) could not be read and were left out." if problems else ""
        if added:
            self.message.ok(
                f"Imported {added} answer(s) from {name} into {self.data.shown(learner)}'s record.{skipped}"
            )
        else:
            self.message.info(f"{name} was imported before: nothing added.")

    def _record_label(self, key: str) -> str:
        """A record as the hand-over's lists name it: the name (or that there is none),
        the start of the key, how many answers and when last seen, so that a learner's
        old record and their new one can be told apart."""
        name = self.data.shown(key)
        who = "no name" if name == key else name
        kept = self.data.attempts.get(key, ())
        times = [a.time for a in kept] + [v.time for v in self.data.lessons.get(key, ())]
        last = self.zone.local(max(times)) if times else "never"
        return f"{who} ({key[:6]}…), {len(kept)} answer(s), last seen {last}"

    def _forget_hand_over(self) -> None:
        """A pick changed: the hand-over asked about is no longer the one shown."""
        self._handing = None
        self.handover_confirm.layout.display = "none"

    def _hand_over_picked(self) -> tuple[str, str] | None:
        """The record and the learner picked for a hand-over, checked (a client can
        send any pick, or press before the lists were read again); ``None``, with the
        reason in words, when they cannot be handed over."""
        old, new = self.handover_from.value, self.handover_to.value
        if old is None or new is None:
            self.message.error("Pick the old record and the learner to give it to.")
            return None
        listed = set(self.data.learners) - {GUEST.key}
        for key in (old, new):
            if key not in listed:
                self.message.error(f"{key!r:.40} is not a learner listed here: press Refresh and pick again.")
                return None
        if old == new:
            self.message.error(
                f"'{self._record_label(old)}' is picked in both lists: under 'Give it to:' "
                "pick the learner's new record."
            )
            return None
        return str(old), str(new)

    @guarded
    def ask_hand_over(self) -> None:
        """Ask before giving the record picked to the learner picked (see :meth:`hand_over`)."""
        if self._refuse_shut():
            return
        picked = self._hand_over_picked()
        if picked is None:
            return
        old, new = picked
        self._handing = picked
        self.handover_confirm.layout.display = ""
        self.message.info(
            f"Give '{self._record_label(old)}' to '{self._record_label(new)}'? Every answer "
            "and lesson opened goes to that learner, and the old name too unless they have "
            "given one; the old record is then gone. Only do it for the learner it belongs "
            "to. Press 'Yes, give it' to go on."
        )

    @guarded
    def hand_over(self) -> None:
        """Give the record asked about to the learner asked about (after
        :meth:`ask_hand_over`), in one transaction
        (:meth:`~pinochle_tutor.classroom.store.ProgressStore.hand_over`). A bare
        learner key is a guest's, always: this is how a record kept under a key from
        before the site signed keys goes back to its learner, through the teacher, who
        knows who they are."""
        if self._refuse_shut():
            return
        asked, picked = self._handing, self._hand_over_picked()
        if picked is None:
            return
        if asked != picked:
            self.message.error("Press 'Give the record to this learner' first, for the two picked.")
            return
        store = self._store()
        if store is None:
            return
        old, new = picked
        shown_old, shown_new = (
            self.data.shown(k) if self.data.shown(k) != k else f"{k[:6]}…" for k in (old, new)
        )
        done = store.hand_over(old, new, now())
        self._handing = None
        self.handover_confirm.layout.display = "none"
        self.data = class_data(self.source)
        self._fill()
        self.message.ok(self._handed_words(done, shown_old, shown_new, new))

    @staticmethod
    def _handed_words(done: HandOver, old: str, new: str, key: str) -> str:
        """What the teacher is told once a record was handed over."""
        if not done.found:
            return f"The record of {old} was given to its learner already: nothing more to move."
        who = new if new != f"{key[:6]}…" else f"the learner {key[:6]}…"
        name = ""
        if done.name and done.name_taken:
            name = f" They are called {done.name} now."
        elif done.name:
            name = f" They keep the name they gave, {new}."
        return (
            f"The record of {old} now belongs to {who}: {done.attempts} answer(s) and "
            f"{done.lessons} lesson(s) opened moved.{name}"
        )

    @guarded
    def ask_delete(self) -> None:
        """Ask before deleting the learner picked."""
        if self._refuse_shut():
            return
        key = self.learner_pick.value
        if key is None:
            self.message.error("Pick a learner first.")
            return
        self._deleting = key
        self.confirm_button.layout.display = ""
        self.message.info(
            f"Delete {self.data.shown(key)} and every answer they gave? This cannot be undone. "
            "Press 'Yes, delete' to go on."
        )

    @guarded
    def delete(self) -> None:
        """Delete the learner asked about (after :meth:`ask_delete`)."""
        if self._refuse_shut():
            return
        key = getattr(self, "_deleting", None)
        if key is None or key != self.learner_pick.value:
            self.message.error("Press 'Delete this learner' first, for the learner picked.")
            return
        store = self._store()
        if store is None:
            return
        shown = self.data.shown(key)
        store.delete_learner(key)
        self._deleting = None
        self.confirm_button.layout.display = "none"
        self.data = class_data(self.source)
        self._fill()
        self.message.ok(f"{shown} and their answers are deleted.")

