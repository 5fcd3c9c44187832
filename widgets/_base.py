"""Shared plumbing for the Pinochle Tutor widgets.

* :class:`Message` - a status line (``pt-message`` plus ``pt-ok`` / ``pt-error`` /
  ``pt-info``) that screen readers announce (live regions, ``role="status"`` and
  ``role="alert"``, made once, whose text changes).
* :func:`guarded` / :func:`guard` - every callback runs through them: an exception
  is logged (logger ``pinochle_widgets``) and shown as a friendly message in the
  widget, never as a traceback and never lost (Voila hides callback errors).
* :class:`NumberBox` - a box for a whole number whose text is read in one place
  (:meth:`NumberBox.read`), so what cannot be read is refused quoting what was typed.
* :func:`coerce_rules` - a rule set from a name (``"classic"``, ``"double deck"``,
  ``"three-handed"``) or a :class:`~pinochle_tutor.RuleSet`.
* :func:`style_widget` - the widgets' CSS, in one ``<style>`` block, with the
  four-colour deck for the whole page when the learner (or the house rules) chose
  it; :func:`set_page_four_colour` switches it on the page as it is.

Security (Voila): any client can set any synced trait and press any button,
disabled or not. So answers and game state live in Python attributes, synced
traits carry only what the learner may see, and whatever comes from the client
is validated here in Python.
"""

from __future__ import annotations

import functools
import logging
import os
import re
import sys
from collections.abc import Callable, Iterable
from html import escape, unescape
from typing import Any, ClassVar, TypeVar

import anywidget
import ipywidgets as widgets
import traitlets
from ipywidgets import widget_serialization
from traitlets import TraitError

from pinochle_tutor import PinochleError, RuleSet, svg
from pinochle_tutor.cards import Card, Rank, Suit
from pinochle_tutor.classroom.display import four_colour_deck
from pinochle_tutor.classroom.house_rules import site_rules
from pinochle_tutor.course.quiz.marking import MINUS, NUMBER, InvalidAnswerError
from pinochle_tutor.rules import CLASSIC, PRESETS, as_rules

__all__ = [
    "CSS",
    "FOUR_COLOUR_TEXT",
    "FRIENDLY_ERROR",
    "MARK_STYLES",
    "RULE_CHOICES",
    "LiveHTML",
    "Message",
    "NumberBox",
    "UnreadableNumberError",
    "card_spans",
    "coerce_rules",
    "four_colour_css",
    "guard",
    "guarded",
    "own_style",
    "page_four_colour",
    "set_page_four_colour",
    "style_widget",
]

logger = logging.getLogger("pinochle_widgets")

VOILA_VARS = ("VOILA_BASE_URL", "VOILA_SERVER_URL", "VOILA_REQUEST_URL")
"""Voila sets these in every page's kernel."""


def keep_server_details_off_the_page(env: Any = None) -> bool:
    """In a Voila page's kernel, send log records and warnings to the server's log
    (the kernel's own standard error, which Voila writes to the server's console)
    instead of the page. ipykernel streams ``sys.stderr`` into the page's output, and
    also whatever is written to file descriptor 2 (it swaps the descriptor for a pipe
    it reads), so a warning, a logged exception or a kernel log line such as
    ``WARNING Comm: No such comm`` (a client naming a comm that is not there) would
    otherwise show a learner a traceback and the server's folders, whatever
    ``show_tracebacks`` says. Every logger's handler that writes to the page (the
    root's, the kernel application's) now writes to the server's log, with its own
    format; and an exception ipywidgets catches on a widget message goes there too,
    never to the page (:func:`quiet_widget_tracebacks`). Returns whether it applied
    (only in Voila; a notebook in JupyterLab keeps its warnings and tracebacks)."""
    env = os.environ if env is None else env
    if not any(env.get(v) for v in VOILA_VARS):
        return False
    root = logging.getLogger()
    if any(getattr(h, "_pinochle_server_log", False) for h in root.handlers):
        return True  # already done in this kernel
    stream = server_log_stream()
    server_log: logging.Handler = logging.StreamHandler(stream)
    setattr(server_log, "_pinochle_server_log", True)  # noqa: B010 (a marker on a stdlib object)
    server_log.setFormatter(
        logging.Formatter("[pinochle kernel] %(levelname)s %(name)s: %(message)s")
    )
    for handler in list(root.handlers):
        if _writes_to_the_page(handler):
            root.removeHandler(handler)
    root.addHandler(server_log)
    for other in list(logging.root.manager.loggerDict.values()):
        # Loggers that do not pass their records to the root (the kernel application's,
        # IPKernelApp, whose handler writes to the descriptor the page reads).
        for handler in getattr(other, "handlers", ()):
            if _writes_to_the_page(handler):
                handler.setStream(stream)
    logging.captureWarnings(True)  # warnings go to the log too, not to the page
    refuse_widgets_from_the_page()
    quiet_widget_tracebacks()
    return True


def server_log_stream() -> Any:
    """Where the server's log is, seen from this kernel: the standard error the kernel
    was started with. Under ipykernel that is no longer file descriptor 2 (``sys.__stderr__``):
    ipykernel points descriptor 2 at a pipe whose every line it shows on the page, and
    keeps the server's descriptor as a copy, which its ``sys.stderr.fileno()`` gives.
    Anywhere else (a plain Python, a test) it is ``sys.__stderr__``."""
    try:
        fd = sys.stderr.fileno()
    except (AttributeError, OSError, ValueError):  # a StringIO, a stream with no descriptor
        return sys.__stderr__
    original = sys.__stderr__
    if original is None or fd == original.fileno():
        return original
    return open(fd, "w", buffering=1, encoding="utf-8", errors="replace", closefd=False)


def _writes_to_the_page(handler: logging.Handler) -> bool:
    """Whether ``handler`` writes to a stream ipykernel shows on the page: ``sys.stderr``
    or ``sys.stdout`` themselves, or the process's descriptors 1 and 2 under them."""
    if not isinstance(handler, logging.StreamHandler) or isinstance(handler, logging.FileHandler):
        return False
    stream = handler.stream
    return any(stream is s for s in (sys.stderr, sys.stdout, sys.__stderr__, sys.__stdout__))


def quiet_widget_tracebacks(shell: Any = None) -> bool:
    """Send an exception ipywidgets caught on a widget message to the server's log, not
    to the page. ipywidgets hands an exception raised while it reads a client's message
    (a state that is not a dictionary, a click whose content is not one, a trait that
    refuses a value outside :func:`guard_client_values`) to IPython's
    ``showtraceback``, which sends the page an iopub ``error`` with the traceback and
    the server's folders; Voila's ``show_tracebacks`` only covers the cells it runs.
    Tracebacks of anything else (a cell while the page is built) go on as before.
    ``shell`` defaults to the running IPython; returns whether one was quietened."""
    if shell is None:
        try:
            from IPython import get_ipython
        except ImportError:  # pragma: no cover - ipywidgets needs IPython
            return False
        shell = get_ipython()
    if shell is None or getattr(shell, "_pt_quiet_widgets", False):
        return False
    original = shell.showtraceback

    def showtraceback(*args: Any, **kwargs: Any) -> Any:
        """IPython's ``showtraceback``, except for an exception ipywidgets caught."""
        given = args[0] if args else kwargs.get("exc_tuple")
        _kind, exc, tb = given if given is not None else sys.exc_info()
        if exc is not None and tb is not None and _caught_by_ipywidgets(tb):
            logger.error("a widget message from the page failed", exc_info=exc)
            return None
        return original(*args, **kwargs)

    shell.showtraceback = showtraceback
    shell._pt_quiet_widgets = True
    return True


_IPYWIDGETS_DIR = os.path.dirname(widgets.__file__) + os.sep


def _caught_by_ipywidgets(tb: Any) -> bool:
    """Whether the exception of ``tb`` was caught in ipywidgets' own code (its outermost
    frame is the one that caught it: ``_show_traceback`` on a widget message,
    ``CallbackDispatcher`` on a callback)."""
    return bool(tb.tb_frame.f_code.co_filename.startswith(_IPYWIDGETS_DIR))


def refuse_widgets_from_the_page() -> bool:
    """Close every widget a page asks the kernel to create. The course's widgets
    are all made in Python; but ipywidgets lets a client open a ``jupyter.widget``
    comm with any state, so one client could make a kernel hold a hundred widgets
    of a megabyte each. Only in Voila (see :func:`keep_server_details_off_the_page`);
    returns whether the kernel was told."""
    from ipywidgets import comm as widget_comm

    manager = widget_comm.get_comm_manager()
    if manager is None or not hasattr(manager, "register_target"):
        return False

    def refuse(comm: Any, _msg: Any) -> None:
        logger.warning("refused a widget the page tried to create")
        comm.close()

    manager.register_target("jupyter.widget", refuse)
    return True


FRIENDLY_ERROR = (
    "Sorry, something went wrong on our side. Try again, or press the other buttons; "
    "your teacher can find the details in the server log."
)
"""Shown for an unexpected error (the details go to the log, never to the page)."""

MARK_STYLES = ("legal", "illegal", "proof")
"""Highlight styles for cards in a hand (CSS classes ``pt-mark-legal`` ...)."""

RULE_CHOICES: tuple[tuple[str, str], ...] = tuple(
    (f"{r.title} ({r.players} players, partners)" if r is CLASSIC else r.title, r.name)
    for r in PRESETS.values()
)
"""(label, name) pairs for a rule-set dropdown."""


def coerce_rules(rules: RuleSet | str | None) -> RuleSet:
    """A :class:`RuleSet` from a rule set, a preset name (case, spaces and hyphens
    forgiven: ``"Double deck"``, ``"three-handed"``) or ``None``: the site's house
    rules (:func:`~pinochle_tutor.classroom.house_rules.site_rules`), so every widget
    follows the rules in force unless a lesson names others.

    Raises :class:`~pinochle_tutor.InvalidRulesError` naming the choices otherwise."""
    return site_rules() if rules is None else as_rules(rules)


_MESSAGE_ESM = """
export default {
  render({ model, el }) {
    // Two regions made once, so a screen reader hears each new message: a region
    // put on the page with its text already in it is not read out.
    const make = (role) => {
      const r = document.createElement("div");
      r.setAttribute("role", role);
      r.setAttribute("aria-live", "polite");
      r.setAttribute("aria-atomic", "true");
      r.className = "pt-message-region";
      el.appendChild(r);
      return r;
    };
    const polite = make("status");
    const urgent = make("alert");
    const show = () => {
      const error = model.get("kind") === "error";
      (error ? polite : urgent).innerHTML = "";
      (error ? urgent : polite).innerHTML = model.get("value");
    };
    show();
    model.on("change:value change:kind", show);
    return () => model.off("change:value change:kind", show);
  },
};
"""


class PythonOnly:
    """A widget whose traits named in :attr:`python_only` are written by Python alone:
    a client's update of one of them is refused and the kernel's value sent back (a
    Voila client can set any synced trait); its other traits are taken. Put it first
    among a widget class's bases (its :meth:`set_state` comes before the widget's)."""

    python_only: ClassVar[tuple[str, ...]] = ()
    """The traits a client may not set."""

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """A client's update: the :attr:`python_only` traits are refused."""
        refused = sorted(k for k in sync_data if k in self.python_only)
        rest = {k: v for k, v in sync_data.items() if k not in refused}
        if rest:
            super().set_state(rest)  # type: ignore[misc]
        if refused:
            self.send_state(refused)  # type: ignore[attr-defined]


class PythonWrites(PythonOnly, anywidget.AnyWidget):
    """A front-end widget of this package with :class:`PythonOnly` traits."""


class LiveHTML(PythonWrites):
    """HTML built here that screen readers read out whenever it changes (a verdict,
    a status line). The page holds two live regions made once when the widget is
    drawn, a ``role="status"`` one and a ``role="alert"`` one (used when ``kind`` is
    ``'error'``), and each change replaces only what is inside them: an ipywidgets
    ``HTML`` widget rewrites its whole content, so a region inside its value would be
    a new element every time, and a region put on the page with its text already in
    it is not read out.

    Synced state: ``value`` (the HTML) and ``kind``, both what the learner reads; a
    client's values for them are refused (the kernel's are sent back)."""

    _esm = _MESSAGE_ESM
    value = traitlets.Unicode("", help="What is shown, as HTML built here.").tag(sync=True)
    kind = traitlets.Unicode(
        "", help="'error' goes to the alert region, anything else to the status region."
    ).tag(sync=True)

    python_only = ("value", "kind")  # the words come from Python only


class Message(LiveHTML):
    """A status line for a widget that screen readers read out (a :class:`LiveHTML`).
    ``ok``, ``error`` and ``info`` show plain text (escaped; newlines become line
    breaks); ``show_html`` shows trusted HTML built by the widgets themselves. CSS:
    ``pt-message-area`` on the widget, and ``pt-message pt-ok|pt-error|pt-info`` on
    the text."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("pt-message-area")

    def _set(self, kind: str, body: str) -> None:
        with self.hold_sync():
            self.kind = kind
            self.value = f'<div class="pt-message pt-{kind}">{body}</div>'

    def ok(self, text: str) -> None:
        """A right answer or a legal play."""
        self._set("ok", _text_html(text))

    def error(self, text: str) -> None:
        """A wrong answer, an illegal play or bad input."""
        self._set("error", _text_html(text))

    def info(self, text: str) -> None:
        """Neutral information."""
        self._set("info", _text_html(text))

    def show_html(self, kind: str, html: str) -> None:
        """Trusted HTML (built by the widgets, never from the client)."""
        self._set(kind, html)

    def clear(self) -> None:
        """Show nothing."""
        with self.hold_sync():
            self.kind = ""
            self.value = ""

    @property
    def text(self) -> str:
        """The message without markup (for tests and logs)."""
        return unescape(re.sub(r"<br\s*/?>", "\n", re.sub(r"<(?!br)[^>]+>", "", self.value)))


def _text_html(text: str) -> str:
    return "<br>".join(escape(line) for line in str(text).split("\n"))


F = TypeVar("F", bound=Callable[..., Any])


def _report(message: Message | None, where: str, exc: Exception) -> None:
    if isinstance(exc, PinochleError):
        # The engine's errors are written for learners: show them as they are.
        logger.info("%s: %s", where, exc)
        if message is not None:
            message.error(str(exc))
        return
    logger.exception("unexpected error in %s", where)
    if message is not None:
        message.error(FRIENDLY_ERROR)


MAX_TYPED = 200
"""The most characters a number box takes: a line of typing, far more than any number
the course asks for, so what a learner types is read and quoted, never cut."""

QUOTED = 40
"""The most characters of what was typed that a refusal quotes."""


class UnreadableNumberError(InvalidAnswerError):
    """What is typed in a :class:`NumberBox` is not a whole number (empty, words,
    ``1.5``, far too many digits); the message quotes it and says what to type."""


class TypedText(traitlets.Unicode):
    """The text of a :class:`NumberBox`: what the learner typed, at most
    :data:`MAX_TYPED` characters. A whole number set from Python (``box.value = 260``,
    as the widgets and the notebooks do) is kept as its digits, ``"260"``; anything else
    that is not text (``1.5``, ``None``, a list) is refused."""

    def validate(self, obj: Any, value: Any) -> str:
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        text = str(super().validate(obj, value))
        if len(text) > MAX_TYPED:
            self.error(obj, value)
        return text


class NumberBox(widgets.Text):
    """A box for a whole number, read in one place: :meth:`read`. Its synced ``value``
    is the text as typed, so a refusal can quote it: the browser's number box
    (``IntText``) rewrites what is typed before Python sees it (``1.5`` arrives as
    ``15``, letters and an empty box as the last number), so a misread number or a
    default was all the server could act on. Python may set a whole number
    (``box.value = 260``); ``what`` names the number in messages (``"a bid"``).

    The page sends the text when the learner commits it (Enter, or leaving the box:
    pressing a button does), not at every key (``continuous_update`` is off): the page
    holds back a widget's changes while one is on its way, but sends a button's click
    at once, so a click could reach Python ahead of the last keys typed and a bid of
    270 be read as 27. For the same reason Enter is not listened for (the page sends
    it ahead of the text it commits): :meth:`on_commit` is called with the text."""

    value: Any = TypedText("", help="The text in the box, as typed.").tag(sync=True)

    def __init__(self, what: str, **kwargs: Any) -> None:
        kwargs.setdefault("continuous_update", False)
        super().__init__(**kwargs)
        self.what = what
        self._committed: list[Callable[[], Any]] = []

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """A client's update: the browser sends the box's text, so a ``value`` that is
        not text (a number, ``None``) is refused, like any value the trait refuses
        (:func:`guard_client_values` answers it quoting it, and the page gets the box's
        text back); a whole number is for Python to set. Text taken is committed:
        the :meth:`on_commit` callbacks are called."""
        if "value" in sync_data and not isinstance(sync_data["value"], str):
            raise TraitError(f"{self.description} takes text, not {sync_data['value']!r:.40}")
        super().set_state(sync_data)
        if "value" in sync_data:
            for callback in self._committed:
                callback()

    def read(self) -> int:
        """The whole number in the box: a sign, digits, and ``points`` or a full stop
        after them, as a quiz's typed number is read
        (:data:`~pinochle_tutor.course.quiz.marking.NUMBER`). Whether the number is
        allowed (a bid's minimum and bound, a step of the hand) is the caller's rule,
        which quotes it.

        Raises :class:`UnreadableNumberError` quoting the text, for an empty box or
        anything that is not one whole number."""
        typed = " ".join(self.value.translate(MINUS).split())
        if not typed:
            label = str(self.description or "number").rstrip(":")
            raise UnreadableNumberError(f"The {label} box is empty: type {self.what} in digits.")
        found = NUMBER.match(typed)
        if found is None:
            quoted = repr(typed[:QUOTED]) + ("…" if len(typed) > QUOTED else "")
            raise UnreadableNumberError(
                f"{quoted} is not {self.what}: type a whole number in digits."
            )
        sign, digits = found.groups()
        return -int(digits) if sign == "-" else int(digits)

    def on_commit(self, callback: Callable[[], Any]) -> None:
        """Call ``callback()`` when the learner commits text in the box (Enter, or
        leaving it); it should be :func:`guarded`."""
        self._committed.append(callback)


def guard_client_values(root: widgets.Widget, message: Message) -> int:
    """Make every widget below ``root``, and every widget put below it later, answer a
    client's update it cannot take with words in ``message`` instead of an error. A
    Voila client can send any value for any trait of any widget (``None`` for a
    number, an index 99 for a dropdown of four, ``"yes"`` for a checkbox, a trait the
    widget does not sync); the trait refuses it and ipywidgets sends the page a
    traceback (or drops it unseen), so the learner saw nothing they could act on. Each
    box's ``children`` are watched, so a part shown later (a waiting room, a list
    redrawn, a game) is guarded the moment it is put in, not only what ``root`` held
    when this was called; a widget is guarded once, with the first message it met.
    The layout and style of each part are guarded too, and so are the parts a course
    widget holds without showing them yet (:func:`_held_parts`: the pickers of another
    kind of question, a row shown later), which the page was sent when they were made.
    Returns how many widgets were guarded now."""
    return _guard_parts([root], message)


def _guard_parts(parts: Iterable[Any], message: Message) -> int:
    """:func:`guard_client_values` on each of ``parts`` and what is below them."""
    count = 0
    todo: list[tuple[Any, Any]] = [(p, p) for p in parts]
    while todo:
        w, owner = todo.pop()
        if not isinstance(w, widgets.Widget) or getattr(w, "_pt_guarded", False):
            continue  # a guarded widget's parts were guarded with it, and its boxes watched
        _guard_one(w, message, owner)
        count += 1
        todo += [(c, c) for c in getattr(w, "children", ()) or ()]
        todo += [(getattr(w, k, None), w) for k in ("layout", "style")]
        todo += [(p, p) for p in _held_parts(w)]
        if isinstance(w, widgets.Box):
            w.observe(lambda change: _guard_parts(change["new"] or (), message), names="children")
    return count


def _held_parts(w: widgets.Widget) -> list[widgets.Widget]:
    """The widgets a course widget (a class of this package) holds in its attributes,
    alone or in a list, tuple or dictionary: among them the parts it does not show yet
    (a quiz's pickers and buttons for another kind of question, a name box hidden
    until the browser speaks). Every widget's model is sent to the page when it is
    made, shown or not, so a client can address these as well as the parts on screen;
    guarding only the tree left them to raise. ipywidgets' own widgets are not looked
    into (their parts are their ``children``, ``layout`` and ``style``)."""
    if not type(w).__module__.startswith(f"{__package__}."):
        return []
    held: list[widgets.Widget] = []
    for name, value in vars(w).items():
        if name.startswith("_trait"):
            continue  # traitlets' own bookkeeping: the synced parts are walked already
        if isinstance(value, dict):
            value = list(value.values())
        items = value if isinstance(value, (list, tuple)) else [value]
        held += [v for v in items if isinstance(v, widgets.Widget)]
    return held


def _guard_one(w: widgets.Widget, message: Message, owner: widgets.Widget) -> None:
    """Wrap ``w.set_state`` (what ipywidgets calls on a client's ``update``) so a value
    refused, a trait ``w`` does not sync or a state that is not a dictionary is
    answered in ``message``, quoting what was sent and naming ``owner`` (``w`` itself,
    or the widget whose layout or style ``w`` is), and the page is sent the kernel's
    values back; whatever else a change sets off is reported as :func:`guarded` does."""
    original = w.set_state

    def refused(sent: Any, keys: list[str]) -> None:
        what = str(getattr(owner, "description", "") or getattr(owner, "placeholder", "")
                   or "This part of the page")  # fmt: skip
        shown = ", ".join(f"{v!r:.40}" for v in sent) or "nothing"
        kept = "value" if hasattr(w, "value") else keys[0] if keys else ""
        keeps = f"; it keeps {getattr(w, kept)!r:.40}" if kept else ""
        message.error(f"{what.rstrip(':')} cannot take {shown}{keeps}.")
        synced = [k for k in keys if k in w.keys]
        if synced and w.comm is not None:
            w.send_state(synced)  # the page shows the kernel's value again

    def checked(state: Any) -> None:
        if not isinstance(state, dict):
            refused([state], [])
            return
        unknown = [k for k in state if k not in w.keys or _holds_widgets(w, k)]
        known = {k: v for k, v in state.items() if k not in unknown}
        try:
            if known:
                original(known)
        except PinochleError as exc:
            _report(message, f"{type(w).__name__}.set_state", exc)
        except (TraitError, ValueError, TypeError, IndexError, KeyError, AttributeError):
            refused(list(state.values()), list(known))
        except Exception as exc:
            _report(message, f"{type(w).__name__}.set_state", exc)
        else:
            if unknown:
                refused([state[k] for k in unknown], unknown)

    w.set_state = checked
    w._pt_guarded = True


def _holds_widgets(w: widgets.Widget, key: str) -> bool:
    """Whether the trait ``key`` of ``w`` holds widgets (``children``, ``layout``,
    ``style``): the page is built in Python, so a client's value for one is refused. A
    dictionary sent for ``layout`` would otherwise become a new layout no guard knows,
    and a box's children other widgets of the kernel."""
    return w.trait_metadata(key, "from_json") is widget_serialization["from_json"]


def guarded(method: F) -> F:
    """Decorate a widget method used as a callback: any exception is logged and
    shown in ``self.message`` (a :class:`Message`) instead of being lost.
    Returns ``None`` when the method failed."""

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except Exception as exc:
            _report(getattr(self, "message", None), f"{type(self).__name__}.{method.__name__}", exc)
            return None

    return wrapper  # type: ignore[return-value]


def guard(func: Callable[..., Any], message: Message | None) -> Callable[..., Any]:
    """Wrap a plain callback the same way :func:`guarded` wraps methods."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except Exception as exc:
            _report(message, getattr(func, "__qualname__", repr(func)), exc)
            return None

    return wrapper


def shown(widget: widgets.Widget, visible: bool) -> None:
    """Show or hide ``widget``. ``""`` and not ``None`` to show: in the static site
    (Pyodide) ``None`` reaches the page as undefined, which leaves a hidden widget
    hidden; ``""`` clears the style in both sites."""
    widget.layout.display = "" if visible else "none"


def button(
    label: str,
    css: str,
    action: Callable[[], Any],
    style: str = "",
    tooltip: str = "",
    icon: str = "",
) -> widgets.Button:
    """A button with the CSS class ``css`` that calls ``action()`` when pressed (with no
    argument: the pressed button is not the action's business). Every widget's buttons
    are made here, so a button looks and behaves the same on every page."""
    b = widgets.Button(description=label, button_style=style, tooltip=tooltip, icon=icon)
    b.add_class(css)
    b.on_click(lambda _b: action())
    return b


def card_spans(cards: Iterable[Card], mark: str | None = None) -> str:
    """Cards as coloured inline text (``<span class="pt-cardtext pt-suit-spades">``),
    for tables and messages; ``mark`` adds ``pt-mark-<mark>``."""
    extra = f" pt-mark-{mark}" if mark else ""
    return " ".join(
        f'<span class="pt-cardtext pt-suit-{c.suit.plural}{extra}" title="{escape(c.name)}">'
        f"{escape(c.text)}</span>"
        for c in cards
    )


CSS = """
.pt-widget { gap: 6px; }
/* A picture of cards shrinks to its box (a phone's 390 px shows all twelve cards). */
.pt-widget svg.pt-hand-image, .pt-widget svg.pt-trick-image { max-width: 100%; height: auto; }
@media (max-width: 600px) {
  /* Phone width: rows of controls wrap, wide tables scroll inside their own box. */
  .pt-widget .widget-hbox { flex-wrap: wrap; }
  .pt-widget table.pt-breakdown { display: block; max-width: 100%; overflow-x: auto; }
  .pt-widget table.pt-breakdown th, .pt-widget table.pt-breakdown td { padding: 2px 6px; }
  /* A block of words with a table in it keeps to the screen's width: the table scrolls,
     not the words (a flex item grows to its widest child unless told not to). */
  .pt-widget .pt-worked-text, .pt-widget .pt-worked-text .widget-html-content {
    min-width: 0; max-width: 100%; }
}
.pt-title { font-weight: 600; }
.pt-card-button { min-width: 3.4em; font-size: 1.15em; font-weight: 600; }
.pt-card-button.pt-suit-spades, .pt-cardtext.pt-suit-spades { color: #1b1b1b; }
.pt-card-button.pt-suit-clubs, .pt-cardtext.pt-suit-clubs { color: #1b1b1b; }
.pt-card-button.pt-suit-hearts, .pt-cardtext.pt-suit-hearts { color: #c8102e; }
.pt-card-button.pt-suit-diamonds, .pt-cardtext.pt-suit-diamonds { color: #c8102e; }
.pt-four-color .pt-suit-diamonds { color: #1f5fbf !important; }
.pt-four-color .pt-suit-clubs { color: #166a2e !important; }
.pt-card-button.pt-mark-legal { outline: 3px solid #1a7f37; background: #e6f4ea; }
/* A card that may not be played: a light tint under the suit's own ink (4.5:1 or more in
   both decks, where the danger style's red fill put the four-colour deck's blue on red),
   a dark dashed outline (14:1 on the page and the tint) and, on text buttons, the "✗"
   the button's text starts with; on picture buttons a "✕" badge: never colour alone. */
.pt-card-button.pt-mark-illegal { outline: 3px dashed #1b1b1b; outline-offset: 1px;
  background-color: #fdecee; }
.pt-widget .jupyter-button.pt-card-button.pt-mark-illegal:not(.pt-card-pic) {
  background-color: #fdecee; color: #1b1b1b; }
.pt-widget .jupyter-button.pt-card-button.pt-mark-illegal.pt-suit-hearts:not(.pt-card-pic),
.pt-widget .jupyter-button.pt-card-button.pt-mark-illegal.pt-suit-diamonds:not(.pt-card-pic) {
  color: #c8102e; }
.pt-widget .pt-card-button.pt-card-pic.pt-mark-illegal { outline: 4px dashed #1b1b1b;
  outline-offset: -2px; }
.pt-widget .pt-card-button.pt-card-pic.pt-mark-illegal::before { content: "✕"; position: absolute;
  right: 2px; top: 2px; font-size: 13px; line-height: 1; font-weight: 700; color: #fff;
  background: #1b1b1b; border-radius: 50%; padding: 3px 4px; z-index: 1; }
.pt-card-button.pt-mark-proof { outline: 3px dotted #e07b00; background: #fff4e0; }
.pt-card-button.pt-selected { box-shadow: 0 0 0 3px #1f5fbf inset; transform: translateY(-4px); }
.pt-card-button:focus-visible { outline: 3px solid #1f5fbf; outline-offset: 2px; }
.pt-cardtext { font-weight: 600; white-space: nowrap; }
.pt-cardtext.pt-mark-proof { background: #fff4e0; border-bottom: 2px dotted #e07b00; }
.pt-message { padding: 6px 10px; border-radius: 4px; line-height: 1.4; }
.pt-message.pt-ok { background: #e6f4ea; border-left: 4px solid #1a7f37; }
.pt-message.pt-error { background: #fdecee; border-left: 4px solid #c8102e; }
.pt-message.pt-info { background: #eef3fb; border-left: 4px solid #1f5fbf; }
.pt-breakdown { border-collapse: collapse; margin: 4px 0; }
.pt-breakdown th, .pt-breakdown td { padding: 2px 10px; border-bottom: 1px solid #ddd; text-align: left; }
/* A visible keyboard focus on every control (JupyterLab's is a 1 px outline on buttons
   and a border colour on text fields). Specific enough to beat .jupyter-button:focus:enabled. */
.pt-widget .jupyter-button.widget-button:focus-visible,
.pt-widget .widget-inline-hbox input:focus-visible, .pt-widget select:focus-visible,
.pt-widget textarea:focus-visible, .pt-widget [tabindex]:focus-visible {
  outline: 3px solid #1f5fbf !important; outline-offset: 2px; }
/* Button styles with white text at 4.5:1 or more (ipywidgets' green, orange, red, light
   blue and blue are 2.1:1 to 4.1:1). */
.pt-widget .jupyter-button.mod-success { background-color: #1a7f37; color: #fff; }
.pt-widget .jupyter-button.mod-warning { background-color: #a05000; color: #fff; }
.pt-widget .jupyter-button.mod-danger { background-color: #c8102e; color: #fff; }
.pt-widget .jupyter-button.mod-info { background-color: #0b6e99; color: #fff; }
.pt-widget .jupyter-button.mod-primary { background-color: #1f5fbf; color: #fff; }
/* Links inside text are underlined, not told apart by colour alone (WCAG 1.4.1); JupyterLab
   takes the underline off rendered links (course_outline draws them in the page). */
.pt-widget a, a.pt-lesson-link, a.pt-practice-link { text-decoration: underline !important; }
/* An accordion's title: JupyterLab's grey (#6d6d6d on #eeeeee, 4.45:1) is below 4.5:1. */
.pt-widget .jupyter-widget-Collapse-header, .pt-widget .jupyter-widget-Collapse-header > span {
  color: #1b1b1b; }
"""
"""The widgets' stylesheet."""


FOUR_COLOUR_TEXT = {Suit.DIAMONDS: "#1f5fbf", Suit.CLUBS: "#166a2e"}
"""Text colours of the four-colour deck's blue and green suits: at least 4.5:1 on a
button's grey (#eeeeee) and on the marks' tints, where the pictures' green (5.1:1 on
white) is 4.4:1."""


def four_colour_css() -> str:
    """CSS that draws every card of the page in four colours (diamonds blue, clubs
    green), whatever colours it was drawn with: text cards (``pt-suit-*`` classes), SVG
    pictures (their two-colour ink, but not the red "illegal" frame) and the picture
    buttons of a hand (:func:`~pinochle_widgets.cards.card_faces_css`). Symbols and
    letters stay, so suits never differ by colour alone."""
    from urllib.parse import quote

    rules = []
    for suit in (Suit.DIAMONDS, Suit.CLUBS):
        two, four = svg.suit_color(suit), svg.suit_color(suit, four_color=True)
        rules.append(
            f"body .pt-card-button.pt-suit-{suit.plural}, body .pt-cardtext.pt-suit-{suit.plural}"
            f" {{ color: {FOUR_COLOUR_TEXT[suit]} !important; }}\n"
            f'body svg.pt-suit-{suit.plural} [fill="{two}"]'
            f" {{ fill: {four}; }}\n"
            f'body svg.pt-suit-{suit.plural} [stroke="{two}"]:not(.pt-hl)'
            f" {{ stroke: {four}; }}"
        )
        for rank in Rank:
            c = Card(suit, rank)
            uri = quote(svg.card(c, four_color=True, size=64), safe="")
            rules.append(
                f".pt-widget .pt-card-button.pt-card-pic.pt-face-{c.code}"
                f' {{ background-image: url("data:image/svg+xml,{uri}"); }}'
            )
    return "\n".join(rules)


class Stylesheet(PythonOnly, widgets.HTML):
    """The page's stylesheet (:func:`style_widget`): an HTML widget whose ``value`` (the
    CSS) only Python writes; a client's value for it is refused, so no client replaces
    the stylesheet every widget of its page shares."""

    python_only = ("value",)


_STYLE: list[widgets.HTML] = []
_FOUR: list[bool] = []
"""Whether this page (this kernel) shows the four-colour deck; empty until a style
widget is made (then the learner's preference, or the house default, decides)."""


def _style_html(four: bool) -> str:
    return f"<style>{CSS}{four_colour_css() if four else ''}</style>"


def style_widget() -> widgets.HTML:
    """An HTML widget holding the stylesheet. One instance per kernel is shared by
    every widget (a widget may appear in many boxes), so the CSS is sent once. With it
    comes the page's deck: four colours when :func:`page_four_colour` says so."""
    if _STYLE and _STYLE[0].comm is not None:
        return _STYLE[0]
    w = Stylesheet(_style_html(page_four_colour()), layout=widgets.Layout(display="none"))
    w.add_class("pt-style")
    _STYLE[:] = [w]
    return w


def own_style(css: str) -> widgets.HTML:
    """A widget's own CSS (the rules only that widget's page needs), in a hidden
    ``<style>`` beside :func:`style_widget`'s shared one: the one way a widget puts CSS
    on the page."""
    return widgets.HTML(f"<style>{css}</style>", layout=widgets.Layout(display="none"))


def page_four_colour() -> bool:
    """Whether this page draws its cards in four colours: the page learner's choice,
    else the house rules' ``four_colour`` (read once per page), unless
    :func:`set_page_four_colour` changed it."""
    if not _FOUR:
        _FOUR.append(four_colour_deck())
    return _FOUR[0]


def set_page_four_colour(on: bool) -> None:
    """Draw every card of this page in four colours (``True``) or two, now: the shared
    style widget's CSS changes, so the cards already shown change too."""
    _FOUR[:] = [bool(on)]
    if _STYLE:
        _STYLE[0].value = _style_html(bool(on))


keep_server_details_off_the_page()
