"""Who is learning, on the page: a learner card with a name box, and the small
browser part that keeps the learner key.

    from pinochle_widgets.identity import LearnerCard
    LearnerCard()            # "You are learning as Ann" or a box to give a name

On a shared Voila site the server issues each browser a random learner key signed
with the site's secret (the ``pinochle_learner`` cookie, set on the first page the
browser asks for; see :mod:`pinochle_tutor.classroom.identity` and
:mod:`pinochle_site.identity`), and every page's kernel gets it with the page
request. :class:`KeyKeeper` is the browser part: an `anywidget
<https://anywidget.dev>`_ whose JavaScript ships in this module (no CDN). It reads
the signed key from the cookie, keeps a copy in local storage (and puts it back
into the cookie should the cookie be lost) and tells the kernel; the kernel takes
only a key the site signed. In the static site (Pyodide, no server to sign) the
browser makes the key itself, as the one learner of that browser. The name a learner
types is kept in the progress database beside the key, so a classmate who types
the same name still has a record of their own. It also shuts the page's kernel
down when the page is left (Voila's own request for that is refused for want of
an ``_xsrf`` token, voila-dashboards/voila#1458), so a visited page no longer
holds a kernel until the idle cull.

The card also holds the learner's switch for the four-colour deck (diamonds blue,
clubs green): kept with their progress, so it holds on every page of the course; a
learner who never touched it gets the house rules' ``four_colour``.

Synced state: only the browser's own key (``client_key``, which the browser sent),
whether the browser makes keys itself (``make_key``, the static site) and what the
card shows. A client can set ``client_key`` to anything: a value that is not a key
this site signed is refused with a message; a signed key is a secret of the browser
it was issued to, so knowing one is being that browser.
"""

from __future__ import annotations

import sys
from html import escape
from typing import Any

import ipywidgets as widgets
import traitlets

from pinochle_tutor.classroom.attempts import now
from pinochle_tutor.classroom.display import choose_four_colour, class_store, four_colour_deck
from pinochle_tutor.classroom.identity import (
    SIGNS_KEYS,
    Learner,
    LearnerNameError,
    LearnerSource,
    browser_key,
    check_name,
    current_learner,
    page_from_environment,
    set_current_learner,
    site_secret,
)
from pinochle_tutor.classroom.store import ProgressStore

from ._base import (
    Message,
    PythonWrites,
    button,
    guard_client_values,
    guarded,
    page_four_colour,
    set_page_four_colour,
    style_widget,
)

__all__ = ["IN_BROWSER_ONLY", "KeyKeeper", "LearnerCard"]

IN_BROWSER_ONLY = sys.platform == "emscripten"
"""True in the static site (Pyodide): nothing is kept on a server."""

_ESM = """
const NAME = "pinochle_learner";
const KEY = /^[A-Za-z0-9_-]{22,64}$/;  // a key the browser made (the static site)
const SIGNED = /^[A-Za-z0-9_-]{22,64}\\.[A-Za-z0-9_-]{43}$/;  // a key the server signed

function fromCookie() {
  for (const part of document.cookie.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === NAME) return decodeURIComponent(v.join("="));
  }
  return "";
}

function fresh() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
}

function stored() {
  try { return localStorage.getItem(NAME) || ""; } catch (e) { return ""; }
}

function keep(key) {
  try { localStorage.setItem(NAME, key); } catch (e) { /* private mode: the cookie is enough */ }
  if (fromCookie() === key) return;
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${NAME}=${key}; path=/; max-age=31536000; SameSite=Lax${secure}`;
}

// The server's signed key (from the cookie, else the copy kept in local storage);
// in the static site (makeKey) a key this browser made, made now if there is none.
// "" when there is nothing to send: the page stays a guest's.
function browserKey(makeKey) {
  const pattern = makeKey ? KEY : SIGNED;
  for (const key of [fromCookie(), stored()]) {
    if (pattern.test(key)) return key;
  }
  return makeKey ? fresh() : "";
}

function xsrfCookie() {
  for (const part of document.cookie.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === "_xsrf") return v.join("=");
  }
  const token = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, "0")).join("");
  document.cookie = `_xsrf=${token}; path=/; SameSite=Strict`;
  return token;
}

// Voila asks to shut the page's kernel down when the page is left, but its request
// lacks the _xsrf token and gets a 403 (voila-dashboards/voila#1458), so every page
// visited kept a kernel for the cull timeout. Ask again with the token
// (double-submit: the cookie and the header carry the same value).
function shutDownOnLeave() {
  if (window.__pinochleShutDown) return;
  window.__pinochleShutDown = true;
  let config = {};
  try {
    config = JSON.parse(document.getElementById("jupyter-config-data").textContent);
  } catch (e) {
    return; // not a Voila page (JupyterLab, a notebook): nothing to do
  }
  const id = config.kernelId;
  if (!id || !/^[0-9a-f-]{36}$/.test(id)) return;
  const base = (config.baseUrl || "/").replace(/\\/?$/, "/");
  xsrfCookie();
  window.addEventListener("pagehide", () => {
    fetch(`${base}voila/api/shutdown/${id}`, {
      method: "POST", keepalive: true, credentials: "same-origin",
      headers: { "X-XSRFToken": xsrfCookie() },
    }).catch(() => {});
  });
}

export default {
  render({ model, el }) {
    shutDownOnLeave();
    const key = browserKey(model.get("make_key"));
    el.classList.add("pt-key-keeper");
    el.style.display = "none";
    if (!key) return;
    keep(key);
    if (model.get("client_key") !== key) {
      model.set("client_key", key);
      model.save_changes();
    }
  },
};
"""


class KeyKeeper(PythonWrites):
    """The browser part: keeps this browser's learner key and sends it to the kernel
    (shows nothing). ``client_key`` is what the browser sent; ``make_key`` tells the
    browser to make a key itself (only in the static site, where no server signs one),
    so it is written by Python only."""

    _esm = _ESM
    client_key = traitlets.Unicode("").tag(sync=True)
    make_key = traitlets.Bool().tag(sync=True)
    python_only = ("make_key",)

    @traitlets.default("make_key")
    def _make_key(self) -> bool:
        return not SIGNS_KEYS


def _store() -> ProgressStore | None:
    return class_store()


class LearnerCard(widgets.VBox):
    """Says who is learning on this page, and lets a learner of a shared site give
    their name once. On JupyterHub, or behind a school's login proxy, the site
    knows the learner and the card only says so. ``compact`` shows one line and
    no name box (for quiz pages: the name is given on the welcome page).

    CSS hooks: ``pt-learner-card``, ``pt-learner-status``, ``pt-learner-name``
    (the box), ``pt-learner-save``, ``pt-four-colour-switch`` (the deck's checkbox);
    the status line is ``pt-message-area``."""

    def __init__(self, *, compact: bool = False, page: str | None = None) -> None:
        self.compact = compact
        self.page = page_from_environment() if page is None else page
        """The page this card is on (default: the one Voila serves); its visit is
        kept for the learner once the learner is known (``''``: not kept)."""
        self._visited = False
        self.message = Message()
        self.keeper = KeyKeeper()
        self.status = widgets.HTML()
        self.status.add_class("pt-learner-status")
        self.name_box = widgets.Text(
            placeholder="your first name", description="Your name:",
            style={"description_width": "initial"},
        )  # fmt: skip
        self.name_box.add_class("pt-learner-name")
        self.save_button = button("That's me", "pt-learner-save", self.save_name, "primary")
        self._form = widgets.HBox([self.name_box, self.save_button])
        self.four_colour = widgets.Checkbox(
            value=page_four_colour(), indent=False,
            description="Four-colour deck: diamonds blue, clubs green",
            layout=widgets.Layout(width="auto"),  # the whole label, not cut short
        )  # fmt: skip
        self.four_colour.add_class("pt-four-colour-switch")
        self._showing_choice = False
        self.four_colour.observe(self._on_four_colour, names="value")
        super().__init__(
            [style_widget(), self.keeper, self.status, self._form, self.four_colour, self.message]
        )
        self.add_class("pt-widget")
        self.add_class("pt-learner-card")
        # From this moment every part (the name box and its button, hidden or not, the
        # deck's switch, the key keeper) answers a value it cannot take in words here.
        guard_client_values(self, self.message)
        self.keeper.observe(self._on_key, names="client_key")
        who = current_learner()
        if who.source is LearnerSource.BROWSER and not who.name:
            self._know(who.key)  # the cookie came with the page: find the name given
        self._show()
        self._visit()

    def _visit(self) -> None:
        """Keep that the learner opened this page (once, when the learner is known)."""
        who = self.learner
        if self._visited or not self.page or who.is_guest:
            return
        store = _store()
        if store is not None:
            store.open_lesson(who.key, self.page, now())
            self._visited = True

    def _know(self, key: str) -> None:
        store = _store()
        name = store.name_of(key) if store is not None else ""
        set_current_learner(Learner(key, name, LearnerSource.BROWSER))
        self._show_choice(four_colour_deck(self.learner, store))

    def _show_choice(self, on: bool) -> None:
        """Show the learner's deck (their kept choice, or the default) on the page and
        in the switch, without keeping it again."""
        set_page_four_colour(on)
        self._showing_choice = True
        try:
            self.four_colour.value = on
        finally:
            self._showing_choice = False

    @guarded
    def _on_four_colour(self, change: dict[str, Any]) -> None:
        if self._showing_choice:
            return
        on = bool(change["new"])
        set_page_four_colour(on)
        deck = "four-colour" if on else "two-colour"
        if choose_four_colour(on, self.learner, _store()):
            self.message.ok(f"The {deck} deck is kept for you on every page.")
        else:
            self.message.info(
                f"The {deck} deck is on for this page only: this site keeps no record "
                "for you yet, so it cannot be kept."
            )

    # ----------------------------------------------------------------- state
    @property
    def learner(self) -> Learner:
        """The learner this page writes progress for."""
        return current_learner()

    def _show(self) -> None:
        who = self.learner
        if IN_BROWSER_ONLY:
            # The static site: Python runs in the learner's browser, no server keeps
            # anything, and the teacher sees only what the learner hands in.
            self.status.value = (
                "<p>This practice site runs in your browser: your answers stay in this "
                "browser. To show your teacher, download them from <i>My progress</i> and "
                "hand in the file.</p>"
            )
            self._form.layout.display = "none"
            return
        if who.source in (LearnerSource.HUB, LearnerSource.HEADER, LearnerSource.FIXED):
            text = f"You are learning as <b>{escape(who.name)}</b>."
            form = False
        elif who.source is LearnerSource.BROWSER and who.name:
            text = (
                f"You are learning as <b>{escape(who.name)}</b> on this browser: your "
                "answers are kept for you."
            )
            form = False
        elif who.source is LearnerSource.BROWSER:
            # Not a guest (a guest has no key, and its answers stay on its page): the
            # answers go to the class's progress under this browser's key, which the
            # browser keeps in its cookie and stored data for this site.
            text = (
                "You have not given your name yet: your answers are kept in the class's "
                "progress under a key this browser holds, for as long as it keeps this "
                "site's data. Give your name so your teacher sees your progress."
            )
            form = not self.compact
        elif page_from_environment():  # a served page: Progress.page_only holds
            text = (
                "You are a guest on this page: this site could not give your browser its "
                "cookie, so your answers are kept on this page only, while it is open. To "
                "have them kept, let your browser keep cookies for this site and reload the "
                "page (if you still see this, wait a minute and reload)."
            )
            form = False
        else:
            text = "You are learning without a name on this computer: your answers are kept in its progress file."
            form = False
        self.status.value = f"<p>{text}</p>"
        self._form.layout.display = "" if form else "none"

    @guarded
    def _on_key(self, change: dict[str, Any]) -> None:
        if self.learner.source in (LearnerSource.HUB, LearnerSource.HEADER, LearnerSource.FIXED):
            return  # the site knows the learner; the browser's key is not needed
        key = browser_key(change["new"], site_secret() if SIGNS_KEYS else None)
        if key is None:
            self.message.error(
                "This browser sent a learner key that cannot be used; reload the page."
            )
            return
        if key != self.learner.key or not self.learner.name:
            self._know(key)
        self._show()
        self._visit()

    @staticmethod
    def _where_to_give_a_name(who: Learner) -> str:
        """Words for "That's me" pressed while the name box is hidden: the learner has
        a name already (the box is gone for good), the card is a compact one (the
        welcome page's card has the box) or the site runs in the browser (no names)."""
        if IN_BROWSER_ONLY:
            return "This practice site runs in your browser: it keeps your answers here, not your name."
        if who.name:
            return f"You are learning as {who.name} on this browser: your name is already kept."
        return (
            "Give your name on the course's welcome page, in the 'Your name:' box under "
            "\"Who is learning\", then press 'That's me'."
        )

    @guarded
    def save_name(self) -> None:
        """Keep the name typed in the box for this browser's learner."""
        who = self.learner
        if who.source is not LearnerSource.BROWSER:
            self.message.info(
                "Your name is already known to this site."
                if not who.is_guest
                else "This page has not heard from your browser yet: reload the page, then give your name."
            )
            return
        if self._form.layout.display == "none":
            # A press of the hidden button (any client can send one): it renames no one
            # and points to where a name is given, never to the hidden box.
            self.message.info(self._where_to_give_a_name(who))
            return
        try:
            name = check_name(self.name_box.value)
        except LearnerNameError as e:
            self.message.error(str(e))
            return
        store = _store()
        if store is None:
            self.message.error("This site keeps no progress database, so your name cannot be kept.")
            return
        store.set_name(who.key, name, now())
        set_current_learner(Learner(who.key, name, LearnerSource.BROWSER))
        self.name_box.value = ""
        self.message.ok(f"Thank you, {name}: every page of this course now knows you.")
        self._show()
