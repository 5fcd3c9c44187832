"""pinochle_widgets.quiz_runner, headless: rounds of every kind, right and wrong
answers, unreadable answers, the score, the progress file, clients pressing buttons
out of order, and no answer in synced state before the learner answers."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from ipywidgets.widgets.widget import _instances

from pinochle_tutor.classroom.progress import Progress, read_attempts
from pinochle_tutor.course.quiz import (
    BidQuiz,
    BidRange,
    CallQuiz,
    CountersQuiz,
    GameQuiz,
    MeldQuiz,
    PassQuiz,
    PlayQuiz,
    QuizItem,
    QuizKind,
    ScoreQuiz,
    StillOutQuiz,
    TableQuiz,
    TrickQuiz,
    WinnerQuiz,
    answer_for,
    answer_text,
    check_answer,
    generate,
)
from pinochle_tutor.course.quiz.round import pick_items, rule_scores
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED
from pinochle_widgets.quiz_runner import MAX_ANSWER, QuizRunner, cards_html, hint_html, prompt_html
from tests.widget_client import client_click, client_update, tree

# The quiz runner's subject is not the bidding answer's precision (see conftest.py).
pytestmark = pytest.mark.usefixtures("quick_bidding")

KINDS = [
    "meld",
    "trick",
    "score",
    "bid",
    "winner",
    "counters",
    "call",
    "play",
    "pass",
    "game",
    "table",
    "still_out",
]


@pytest.fixture(autouse=True)
def classic_site(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """The runner follows the site's house rules: pin them to classic here, whatever
    the environment says (the tests that change them set their own file)."""
    path = tmp_path_factory.mktemp("site") / "house_rules.toml"
    path.write_text('preset = "classic"\n', encoding="utf-8")
    monkeypatch.setenv("PINOCHLE_TUTOR_RULES", str(path))


# ------------------------------------------------------------------ helpers


def state_text(ws: Any) -> str:
    """The synced state of widgets as one JSON text (without model ids, the shared
    stylesheet, and the fixed examples in placeholders and prompts)."""
    states = [w.get_state() for w in ws if "pt-style" not in getattr(w, "_dom_classes", ())]
    text = json.dumps(states, ensure_ascii=False, default=str)
    text = re.sub(r"IPY_MODEL_[0-9a-f]+", "IPY_MODEL", text)
    return text.replace("e.g. +340 or -320", "").replace("e.g. 190, or", "").replace("e.g. 300", "")


def everything_sent(runner: QuizRunner, since: set[str]) -> str:
    """Every widget the page can see: the displayed tree, and every widget created
    since the runner was built (hidden ones are sent to the browser too)."""
    new = [w for k, w in list(_instances.items()) if k not in since]
    return state_text([*tree(runner), *new])


def without_svg(text: str) -> str:
    return re.sub(r"<svg.*?</svg>", "", text, flags=re.S)


def shown_text(runner: QuizRunner, since: set[str]) -> str:
    """The text fields a learner could read (values, labels, tooltips), without card
    images and the fixed examples: where a short number such as 40 must not appear."""
    new = [w for k, w in list(_instances.items()) if k not in since]
    fields = []
    for w in [*tree(runner), *new]:
        if "pt-style" in getattr(w, "_dom_classes", ()):
            continue
        for key, value in w.get_state().items():
            if not key.startswith("_") and isinstance(value, str):
                fields.append(without_svg(value))
    text = "\n".join(fields)
    return text.replace("e.g. +340 or -320", "").replace("e.g. 190, or", "")


def runner(kind: str | None, tmp_path: Path, **kw: Any) -> QuizRunner:
    """A round as a test wants it: reproducible (seed 0) unless the test says otherwise."""
    kw.setdefault("count", 5)
    kw.setdefault("seed", 0)
    return QuizRunner(kind, progress=tmp_path / "progress.json", **kw)


def item_of(q: QuizRunner) -> QuizItem:
    return q.session.questions[q.index]


def pick_cards(q: QuizRunner, cards: Any) -> None:
    """Click one copy of each card in the hand picker, as the browser would (first
    unpicking what is picked: after a hint the picker keeps the first answer)."""
    for i in q.picker.selected_indices:
        client_click(q.picker.buttons[i])
    hand = q.picker.hand
    for c in sorted(set(cards)):
        client_click(q.picker.buttons[hand.index(c)])


def pick_in(picker: Any, cards: Any) -> None:
    """Click ``cards`` (one button per copy) in ``picker``, unpicking what is picked first."""
    for i in picker.selected_indices:
        client_click(picker.buttons[i])
    hand = list(picker.hand)
    used: set[int] = set()
    for c in cards:
        i = next(j for j, h in enumerate(hand) if h == c and j not in used)
        used.add(i)
        client_click(picker.buttons[i])


def answer_right(q: QuizRunner) -> None:
    item = item_of(q)
    if isinstance(item, PlayQuiz):
        pick_in(q.card_picker, answer_for(item)[:1])
        client_click(q.submit_button)
        return
    if isinstance(item, PassQuiz):
        pick_in(q.pass_picker, answer_for(item))
        client_click(q.submit_button)
        return
    if isinstance(item, GameQuiz):
        client_update(q.text_input, value=answer_text(item))
        client_click(q.submit_button)
        return
    if isinstance(item, WinnerQuiz):
        winner = answer_for(item)
        assert isinstance(winner, int)
        client_click(q.place_buttons[winner])
        return
    if isinstance(item, TableQuiz) and item.question.about_seats:
        choices = [b.description for b in q.choice_buttons]
        client_click(q.choice_buttons[choices.index(answer_text(item))])
        return
    if isinstance(item, CallQuiz) or (isinstance(item, TrickQuiz) and item.asks_legal):
        client_click(q.yes_button if answer_for(item) else q.no_button)
        return
    if isinstance(item, TrickQuiz):
        legal = answer_for(item)
        assert isinstance(legal, tuple)
        pick_cards(q, legal)
    elif isinstance(item, BidQuiz):
        r = answer_for(item)
        assert isinstance(r, BidRange)
        if r.pass_ok:
            client_click(q.pass_button)
            return
        client_update(q.text_input, value=str(r.low))
    else:
        client_update(q.text_input, value=answer_text(item))
    client_click(q.submit_button)


def wrong_answer(item: QuizItem) -> str | None:
    """A readable wrong answer as text (``None`` when the item has none)."""
    if isinstance(item, PlayQuiz):  # a clear mistake (a playable card is marked at once)
        from pinochle_tutor.course.quiz.kinds.play import play_verdict, play_view

        accepted = set(play_verdict(item).accepted)
        spare = sorted(set(play_view(item).hand) - accepted)
        return spare[0].code if spare else None
    if isinstance(item, PassQuiz):
        return item.hand[0].code  # one card: the wrong count
    if isinstance(item, GameQuiz):
        return (
            "nobody"
            if answer_for(item) != -1
            else "your side"
            if item.rule_set.partnerships
            else "you"
        )
    if isinstance(item, MeldQuiz):
        return str(int(answer_text(item)) + 10)
    if isinstance(item, ScoreQuiz):
        return str(int(answer_text(item)) + 10)
    if isinstance(item, (CountersQuiz, StillOutQuiz)):
        return str(int(answer_text(item)) + 1)
    if isinstance(item, CallQuiz):
        return "no" if answer_for(item) else "yes"
    if isinstance(item, WinnerQuiz):
        return str(1 if answer_for(item) != 0 else 2)
    if isinstance(item, TableQuiz):
        right = answer_text(item)
        if not item.question.about_seats:
            return str(int(right) + 1)
        return "You" if right != "You" else "Left opponent"
    if isinstance(item, TrickQuiz):
        if item.asks_legal:
            return "no" if answer_for(item) else "yes"
        legal = set(answer_for(item))
        others = set(item.hand) - legal
        return ", ".join(c.text for c in sorted(legal | {min(others)})) if others else None
    assert isinstance(item, BidQuiz)
    r = answer_for(item)
    assert isinstance(r, BidRange)
    if r.low is None or r.high is None:
        return str(r.minimum)  # any bid is wrong: the answer is pass
    return "pass" if not r.pass_ok else str(r.high + 100)


def answer_wrong(q: QuizRunner) -> bool:
    """Give a wrong answer through the widget, twice when a first wrong answer gets a
    hint and a second try (so the question ends marked wrong); ``False`` when the
    item has no wrong answer."""
    if not answer_wrong_once(q):
        return False
    if q.phase == "asking" and q.tries == 2:
        assert answer_wrong_once(q)
    return True


def answer_wrong_once(q: QuizRunner) -> bool:
    """Give one wrong answer through the widget; ``False`` when the item has none."""
    item = item_of(q)
    text = wrong_answer(item)
    if text is None:
        return False
    if isinstance(item, WinnerQuiz):
        client_click(q.place_buttons[int(text) - 1])
    elif isinstance(item, TableQuiz) and item.question.about_seats:
        client_click(q.choice_buttons[[b.description for b in q.choice_buttons].index(text)])
    elif isinstance(item, (PlayQuiz, PassQuiz)):
        picker = q.card_picker if isinstance(item, PlayQuiz) else q.pass_picker
        pick_in(picker, [c for c in picker.hand if c.code == text][:1])
        client_click(q.submit_button)
    elif isinstance(item, CallQuiz) or (isinstance(item, TrickQuiz) and item.asks_legal):
        client_click(q.yes_button if text == "yes" else q.no_button)
    elif isinstance(item, TrickQuiz):
        pick_cards(q, [c for c in item.hand if c.text in text.split(", ")])
        client_click(q.submit_button)
    elif text == "pass":
        client_click(q.pass_button)
    else:
        client_update(q.text_input, value=text)
        client_click(q.submit_button)
    return True


def assert_hidden(q: QuizRunner, since: set[str]) -> None:
    """Nothing the browser holds gives the current item's answer away."""
    item = item_of(q)
    sent = everything_sent(q, since)
    correct = answer_text(item)
    right = check_answer(item, correct if not isinstance(item, BidQuiz) else "pass")
    assert item.id not in sent
    assert "Right!" not in sent and "Not quite" not in sent
    assert "pt-quiz-rules" not in sent and "pt-mark-legal" not in sent
    for r in item.rules:
        assert r.value not in sent and r.description not in sent, r
    for line in right.explanation.split("\n"):
        if len(line) > 12:
            assert line not in sent, line
    if isinstance(item, (MeldQuiz, ScoreQuiz)) and len(correct.lstrip("+-")) >= 2:
        shown = shown_text(q, since)
        assert not re.search(rf"(?<![\w+-]){re.escape(correct)}(?!\d)", shown), correct
    elif isinstance(item, CountersQuiz) and len(correct) >= 2:
        shown = shown_text(q, since)  # a card's "10♠" is not the number 10
        assert not re.search(rf"(?<![\w+-]){re.escape(correct)}(?![\d♠♥♦♣])", shown), correct
    elif isinstance(item, WinnerQuiz):
        assert correct not in sent
    elif isinstance(item, TrickQuiz) and not item.asks_legal:
        assert correct not in sent if "," in correct else True
    elif isinstance(item, BidQuiz) and correct != "pass":
        assert correct not in sent


# ------------------------------------------------------------------- choosing


def test_pick_items_is_seeded_and_filters() -> None:
    a = pick_items("meld", 2, "bank", 6, seed=4)
    b = pick_items("meld", 2, "bank", 6, seed=4)
    assert [i.id for i in a] == [i.id for i in b] and len(a) == 6
    assert all(i.kind is QuizKind.MELD and i.level == 2 for i in a)
    assert [i.id for i in pick_items("meld", 2, "bank", 6, seed=5)] != [i.id for i in a]
    gen = pick_items(None, None, "generated", 2 * len(KINDS), seed=1)
    assert [i.kind.value for i in gen] == KINDS * 2
    assert all(i.id.startswith("gen-") for i in gen)
    mixed = pick_items("score", 1, "mixed", 6, seed=2)
    assert [i.id.startswith("gen-") for i in mixed] == [False, True] * 3


def test_small_bank_is_topped_up(tmp_path: Path) -> None:
    (tmp_path / "meld.toml").write_text(
        'kind = "meld"\n[[item]]\nid = "only-one"\ntrump = "H"\nhand = "KH QH"\n'
    )
    items = pick_items("meld", None, "bank", 3, seed=0, bank_dir=tmp_path)
    assert items[0].id == "only-one" and len(items) == 3
    assert all(i.id.startswith("gen-meld-") for i in items[1:])


@pytest.mark.parametrize(
    "kw",
    [{"source": "web"}, {"count": 0}, {"count": True}, {"level": 4}, {"kind": "poker"}],
)
def test_bad_options_are_refused(kw: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        pick_items(**kw)


def test_learner_focus_aims_at_weak_rules(tmp_path: Path) -> None:
    p = Progress.load(tmp_path / "p.json")
    for _ in range(3):
        p.record("x", "meld", ["meld.dix"], "0", False)
    assert p.weak_rules() == ["meld.dix"]
    focused = QuizRunner("meld", 1, "generated", count=6, seed=0, progress=p)
    plain = QuizRunner("meld", 1, "generated", count=6, seed=0, progress=p, learner_focus=False)
    dix = [any(r.value == "meld.dix" for r in i.rules) for i in focused.session.questions]
    assert all(dix[::2])  # every other question practises the weak rule
    assert sum(dix) > sum(any(r.value == "meld.dix" for r in i.rules) for i in plain.session.questions)
    bank = QuizRunner("meld", 1, "bank", count=6, seed=0, progress=p)  # the bank is the teacher's
    assert [i.id for i in bank.session.questions] == [i.id for i in pick_items("meld", 1, "bank", 6, 0)]


def test_cards_are_shown_in_colour_and_text_is_escaped() -> None:
    html = cards_html("Your hand: A♥ 10♠ <b>\nnext")
    assert 'pt-suit-hearts" title="ace of hearts">A♥</span>' in html
    assert 'title="ten of spades">10♠</span>' in html
    assert "&lt;b&gt;" in html and "<br>next" in html
    item = generate("trick", 3, 2)
    html = prompt_html(item, 2, 9)
    assert "Question 2 of 9" in html and "pt-cardtext" in html and item.id not in html


# --------------------------------------------------------------- whole rounds


@pytest.mark.parametrize("kind", KINDS)
def test_round_of_right_answers(kind: str, tmp_path: Path) -> None:
    q = runner(kind, tmp_path, level=2, source="mixed", count=4, seed=3)
    assert q.total == 4 and q.phase == "asking"
    for n in range(4):
        assert f"Question {n + 1} of 4" in q.prompt.value
        answer_right(q)
        assert q.phase == "marked", q.message.text
        assert "Right!" in q.feedback.value and "pt-quiz-rules" in q.feedback.value
        client_click(q.next_button)
    assert q.phase == "done" and q.right == 4
    assert "You got 4 of 4 right." in q.score_view.value
    assert "4 of 4" in q.message.text
    attempts, problems = read_attempts(tmp_path / "progress.json")
    assert not problems and len(attempts) == 4
    assert all(a.right and a.kind == kind for a in attempts)
    assert [a.item_id for a in attempts] == [m.item_id for m in q.marks]


@pytest.mark.parametrize("kind", KINDS)
def test_wrong_answer_gets_the_explanation_and_the_rules(kind: str, tmp_path: Path) -> None:
    q = runner(kind, tmp_path, level=1, source="generated", count=6, seed=2)
    while not answer_wrong(q):  # an item where every card is legal has no wrong answer
        answer_right(q)
        client_click(q.next_button)
    item = item_of(q)
    mark = q.marks[-1]
    assert not mark.right and mark == check_answer(item, mark.answer)
    feedback = q.feedback.value
    assert "Not quite: the answer is" in feedback
    assert cards_html(mark.correct) in feedback
    assert cards_html(mark.explanation.split("\n")[0]) in feedback
    for r in mark.rules:  # the rule cases the answer missed (a pass: the count here)
        assert cards_html(r.description) in feedback
    assert q.feedback.value.count("pt-message pt-error") == 1
    attempts, _ = read_attempts(tmp_path / "progress.json")
    assert attempts[-1].right is False and attempts[-1].answer == mark.answer


def test_legal_cards_are_marked_after_a_which_cards_answer(tmp_path: Path) -> None:
    q = runner("trick", tmp_path, source="generated", count=10, seed=1)
    while not (isinstance(item_of(q), TrickQuiz) and not item_of(q).asks_legal):  # type: ignore[attr-defined]
        answer_right(q)
        client_click(q.next_button)
    assert all("pt-mark-legal" not in b._dom_classes for b in q.picker.buttons)
    answer_right(q)
    legal = set(answer_for(item_of(q)))
    for b, c in zip(q.picker.buttons, q.picker.hand, strict=True):
        assert ("pt-mark-legal" in b._dom_classes) == (c in legal)


def test_score_per_rule_at_the_end(tmp_path: Path) -> None:
    q = runner("score", tmp_path, level=1, source="bank", count=3, seed=0)
    assert answer_wrong(q)
    client_click(q.next_button)
    for _ in range(2):
        answer_right(q)
        client_click(q.next_button)
    assert q.phase == "done" and q.right == 2
    html = q.score_view.value
    assert "You got 2 of 3 right." in html and "pt-quiz-rule-scores" in html
    for s in rule_scores(q.marks):
        assert f"{s.right} / {s.attempts}" in html and s.rule.description in html
    weakest = rule_scores(q.marks)[0]
    assert weakest.right < weakest.attempts  # the rule missed comes first


def test_restart_starts_a_fresh_round(tmp_path: Path) -> None:
    q = runner("meld", tmp_path, source="generated", count=2, seed=0)
    first = [i.id for i in q.session.questions]
    client_click(q.restart_button)
    assert "Finish this round first" in q.message.text and q.index == 0
    for _ in range(2):
        answer_right(q)
        client_click(q.next_button)
    client_click(q.restart_button)
    assert q.phase == "asking" and q.index == 0 and q.marks == ()
    assert q.score_view.value == "" and [i.id for i in q.session.questions] != first
    assert q.next_button.description == "Next"


# ------------------------------------------------------------ answers hidden


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("source", ["bank", "generated"])
def test_no_answer_in_synced_state_before_answering(kind: str, source: str, tmp_path: Path) -> None:
    since = set(_instances)
    q = runner(kind, tmp_path, source=source, count=8, seed=7)
    for _ in range(q.total):
        assert_hidden(q, since)
        answer_right(q)
        assert "Right!" in everything_sent(q, since)  # the search above can find a verdict
        client_click(q.next_button)
    assert q.phase == "done"


def test_the_answer_string_is_found_after_answering(tmp_path: Path) -> None:
    """The check above is not vacuous: the exact answer appears once marked."""
    since = set(_instances)
    q = runner("score", tmp_path, source="bank", count=1)
    correct = answer_text(item_of(q))
    assert correct not in without_svg(everything_sent(q, since))
    assert answer_wrong(q)
    assert correct in everything_sent(q, since)


# ------------------------------------------------------- unreadable answers


@pytest.mark.parametrize(
    ("kind", "text", "words"),
    [
        ("meld", "lots", "is not"),
        ("meld", "", "empty"),
        ("score", "about three hundred", "is not a score"),
        ("bid", "maybe", "is not a bid"),
    ],
)
def test_unreadable_answer_asks_again(kind: str, text: str, words: str, tmp_path: Path) -> None:
    q = runner(kind, tmp_path, source="bank", count=2)
    client_update(q.text_input, value=text)
    client_click(q.submit_button)
    assert q.phase == "asking" and q.marks == () and q.message.kind == "error"
    assert words in q.message.text and "does not count" in q.message.text
    assert check_answer(item_of(q), text).explanation in q.message.text
    assert q.feedback.value == "" and not (tmp_path / "progress.json").exists()
    answer_right(q)
    assert q.phase == "marked" and len(q.marks) == 1


@pytest.mark.parametrize(("kind", "text"), [("score", "lots"), ("bid", "maybe"), ("meld", "")])
def test_an_unreadable_number_says_when_the_box_shows_its_example(
    kind: str, text: str, tmp_path: Path
) -> None:
    """The box's example is its placeholder, which goes once the learner types: the
    message says when it shows instead of pointing at it (issue 44: "..., as the
    example in the answer box shows", with no full stop, after 'lots' was typed)."""
    q = runner(kind, tmp_path, source="bank", count=2)
    assert q.text_input.placeholder.startswith("e.g.")  # what the words promise
    client_update(q.text_input, value=text)
    client_click(q.submit_button)
    said = q.message.text.split("\n")[0]
    assert said.endswith(" (the box shows an example while it is empty)."), said
    assert "as the example in the answer box shows" not in said


def test_a_note_that_held_answers_are_saved_still_says_what_to_press(tmp_path: Path) -> None:
    """The progress's note that answers kept on the page are now saved (said by its
    retry, outside an answer) replaced the line that said to press "Next" (issue 44);
    now it is followed by what to do in the state the quiz is in."""
    q = runner("meld", tmp_path, source="bank", count=2)
    q.progress._saved_outside_an_answer(1)  # as the retry says it once it wrote one
    assert q.message.text == (
        "Your answer kept on this page is now saved in the class database. "
        + q.session.screen.instructions
    )
    answer_right(q)
    q.progress._saved_outside_an_answer(2)
    assert q.message.text == (
        "Your 2 answers kept on this page are now saved in the class database. "
        'Press "Next" for the next question.'
    )
    client_click(q.next_button)
    answer_right(q)
    q.progress._saved_outside_an_answer(1)
    assert q.message.text.endswith('database. Press "See your score".'), q.message.text


def test_no_cards_picked_is_not_an_attempt(tmp_path: Path) -> None:
    q = runner("trick", tmp_path, source="generated", count=10, seed=1)
    while not (isinstance(item_of(q), TrickQuiz) and not item_of(q).asks_legal):  # type: ignore[attr-defined]
        answer_right(q)
        client_click(q.next_button)
    done = len(q.marks)
    client_click(q.submit_button)
    assert q.phase == "asking" and len(q.marks) == done and "empty" in q.message.text


def test_overlong_answer_is_refused_unread(tmp_path: Path) -> None:
    q = runner("meld", tmp_path, count=1)
    client_update(q.text_input, value="1" * (MAX_ANSWER + 1))
    client_click(q.submit_button)
    assert q.phase == "asking" and "too long" in q.message.text and q.marks == ()


# ------------------------------------------------------ clients out of order


def test_buttons_out_of_order_get_a_message(tmp_path: Path) -> None:
    q = runner("meld", tmp_path, count=2, source="bank")
    client_click(q.next_button)  # disabled, but any client can press it
    assert q.index == 0 and q.phase == "asking" and "Answer this question first" in q.message.text
    client_click(q.yes_button)  # a hidden button of another kind of question
    assert "not a yes-or-no question" in q.message.text and q.marks == ()
    client_click(q.pass_button)
    assert "bidding questions only" in q.message.text and q.marks == ()
    answer_right(q)
    feedback = q.feedback.value
    client_click(q.submit_button)  # a double click
    assert len(q.marks) == 1 and 'Press "Next" for the next question.' in q.message.text
    assert q.feedback.value == feedback  # the explanation stays
    client_update(q.text_input, value="12345")
    client_click(q.submit_button)
    assert len(q.marks) == 1
    client_click(q.next_button)
    answer_right(q)
    client_click(q.next_button)
    assert q.phase == "done"
    for b in (q.next_button, q.submit_button, q.yes_button, q.no_button, q.pass_button):
        client_click(b)
        assert q.phase == "done" and len(q.marks) == 2
        assert "The round is over" in q.message.text
    assert "You got 2 of 2 right." in q.score_view.value


def test_submit_on_a_yes_no_question_asks_for_the_buttons(tmp_path: Path) -> None:
    q = runner("trick", tmp_path, level=1, source="generated", count=10, seed=1)
    while not (isinstance(item_of(q), TrickQuiz) and item_of(q).asks_legal):  # type: ignore[attr-defined]
        answer_right(q)
        client_click(q.next_button)
    assert q.submit_button.layout.display == "none"
    client_update(q.text_input, value="yes")  # a hidden box set by a client
    client_click(q.submit_button)
    assert q.phase == "asking" and "Yes or No button" in q.message.text


def test_nonsense_trait_values_leave_the_quiz_working(tmp_path: Path) -> None:
    q = runner("trick", tmp_path, source="generated", count=3, seed=1)
    client_update(q.text_input, value=12)  # traitlets refuse it (logged) before any callback
    assert q.text_input.value == ""
    client_update(q.submit_button, disabled=True, description="<script>x</script>")
    client_update(q.next_button, disabled=False)
    client_click(q.next_button)
    assert q.index == 0 and q.phase == "asking"
    for _ in range(3):
        answer_right(q)
        client_click(q.next_button)
    assert q.phase == "done" and q.right == 3


def test_stale_card_button_is_ignored(tmp_path: Path) -> None:
    q = runner("trick", tmp_path, source="generated", count=10, seed=1)
    while not (isinstance(item_of(q), TrickQuiz) and not item_of(q).asks_legal):  # type: ignore[attr-defined]
        answer_right(q)
        client_click(q.next_button)
    old = q.picker.buttons[0]
    answer_right(q)
    client_click(q.next_button)
    client_click(old)  # a button of the previous hand
    assert q.picker.selected == [] and "no longer in the hand" in q.message.text


# ---------------------------------------------------------------- progress


def test_save_failure_is_shown_and_the_round_goes_on(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    q = QuizRunner("score", source="bank", count=2, progress=blocker / "progress.json")
    answer_right(q)
    assert q.phase == "marked" and "Right!" in q.feedback.value
    assert "could not be saved" in q.feedback.value and "pt-quiz-save-error" in q.feedback.value
    client_click(q.next_button)
    answer_right(q)
    client_click(q.next_button)
    assert q.phase == "done" and "You got 2 of 2 right." in q.score_view.value


def test_unexpected_storage_error_is_caught(tmp_path: Path, monkeypatch: Any) -> None:
    p = Progress.load(tmp_path / "p.json")

    def boom(_mark: Any, **_where: Any) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(p, "record_mark", boom)
    q = QuizRunner("meld", count=1, progress=p)
    answer_right(q)
    assert q.phase == "marked" and "disk on fire" in q.feedback.value


def test_a_corrupt_progress_file_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text("{not json")
    q = QuizRunner("meld", count=1, progress=path)
    assert "could not be read" in q.message.text and q.phase == "asking"
    answer_right(q)
    attempts, _ = read_attempts(path)
    assert len(attempts) == 1


def test_default_progress_path_comes_from_the_environment(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("PINOCHLE_TUTOR_PROGRESS", str(tmp_path / "env.json"))
    q = QuizRunner("bid", count=1)
    assert q.progress.path == tmp_path / "env.json"
    answer_right(q)
    assert len(read_attempts(tmp_path / "env.json")[0]) == 1


# ------------------------------------------------------------------ rule sets

DD_BANK = """
kind = "meld"

[[item]]
id = "classic-one"
trump = "H"
hand = "KH QH 9H"

[[item]]
id = "dd-one"
rule_set = "double_deck"
trump = "S"
hand = "AS 10S KS QS JS KS QS"
"""


def _answer_round(q: QuizRunner) -> None:
    for _ in range(q.total):
        answer_right(q)
        assert q.phase == "marked", q.message.text
        assert "Right!" in q.feedback.value
        client_click(q.next_button)
    assert q.phase == "done" and q.right == q.total


@pytest.mark.parametrize("source", ["bank", "mixed", "generated"])
def test_double_deck_runner_asks_only_double_deck_items(source: str, tmp_path: Path) -> None:
    q = runner(None, tmp_path, rules="double_deck", source=source, count=len(KINDS), seed=1)
    assert q.rules == DOUBLE_DECK and q.total == len(KINDS)
    # Only the banks' double-deck items are asked; generated ones fill the round.
    assert all(i.rule_set == DOUBLE_DECK for i in q.session.questions)
    assert all(len(i.hand) == 20 for i in q.session.questions if isinstance(i, BidQuiz))
    assert {i.kind.value for i in q.session.questions} <= set(KINDS)
    if source == "generated":
        assert {i.kind.value for i in q.session.questions} == set(KINDS)
    for _ in range(q.total):
        assert "Double deck: " in q.prompt.value
        answer_right(q)
        assert q.phase == "marked", q.message.text
        assert "Right!" in q.feedback.value
        client_click(q.next_button)
    assert q.phase == "done" and q.right == len(KINDS)
    attempts, problems = read_attempts(tmp_path / "progress.json")
    assert not problems and len(attempts) == len(KINDS) and all(a.right for a in attempts)


def test_bank_items_of_other_rules_are_left_out_and_the_round_topped_up(tmp_path: Path) -> None:
    (tmp_path / "meld.toml").write_text(DD_BANK, encoding="utf-8")
    dd = pick_items("meld", None, "bank", 3, seed=0, bank_dir=tmp_path, rules=DOUBLE_DECK)
    assert dd[0].id == "dd-one" and len(dd) == 3
    assert all(i.id.startswith("gen-meld-") and i.rule_set == DOUBLE_DECK for i in dd[1:])
    classic = pick_items("meld", None, "bank", 3, seed=0, bank_dir=tmp_path, rules="classic")
    assert classic[0].id == "classic-one" and classic[0].rule_set == CLASSIC
    assert all(i.rule_set == CLASSIC for i in classic)
    three = pick_items("meld", None, "mixed", 4, seed=0, bank_dir=tmp_path, rules=THREE_HANDED)
    assert all(i.id.startswith("gen-") and i.rule_set == THREE_HANDED for i in three)
    assert len(three) == 4
    q = QuizRunner("meld", source="bank", count=2, bank_dir=tmp_path, rules=DOUBLE_DECK,
                   progress=tmp_path / "p.json")  # fmt: skip
    assert q.session.questions[0].id == "dd-one"
    _answer_round(q)


@pytest.mark.parametrize("bad", ["pinochle_for_two", 3])
def test_unknown_rules_are_refused(bad: Any, tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        runner("meld", tmp_path, rules=bad)


def _house_rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    path = tmp_path / "house_rules.toml"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setenv("PINOCHLE_TUTOR_RULES", str(path))


def test_no_rules_means_the_site_house_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _house_rules(tmp_path, monkeypatch, 'preset = "three_handed"\n')
    q = runner(None, tmp_path, source="mixed", count=8, seed=2)
    assert q.rules == THREE_HANDED
    assert all(i.rule_set == THREE_HANDED for i in q.session.questions)
    assert all(len(i.trick) < 3 for i in q.session.questions if isinstance(i, TrickQuiz))
    assert "Three-handed: " in q.prompt.value
    _answer_round(q)
    _house_rules(tmp_path, monkeypatch, 'preset = "double_deck"\n')
    assert runner("score", tmp_path, source="bank").rules == DOUBLE_DECK


def test_house_settings_apply_to_the_classic_banks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A classic site that keeps meld with any trick points still asks the classic
    # bank's questions, but the engine answers them under the house setting.
    _house_rules(tmp_path, monkeypatch, 'preset = "classic"\n[settings]\nmeld_save = 1\n')
    house = CLASSIC.with_settings(meld_save=1)
    q = runner("score", tmp_path, source="bank", count=6, seed=4)
    assert q.rules == house
    assert all(i.rule_set == house and not i.id.startswith("gen-") for i in q.session.questions)
    assert "Classic (house rules): " in q.prompt.value
    plain = pick_items("score", None, "bank", 6, seed=4, rules=CLASSIC)
    assert [i.id for i in q.session.questions] == [i.id for i in plain]
    _answer_round(q)


# ------------------------------------------------ house rules that rule items out


def test_a_kind_the_house_rules_rule_out_is_said_not_broken(tmp_path: Path) -> None:
    """Opening at 5000 with the classic meld table: no hand is worth an opening bid,
    so a level-1 bidding round has nothing to ask; the runner says so, names the
    setting, and refuses the buttons with a message."""
    rules = CLASSIC.with_settings(opening_bid=5000, stuck_bid=5000)
    assert pick_items("bid", level=1, source="generated", count=3, rules=rules) == []
    q = QuizRunner("bid", level=1, source="generated", count=2, rules=rules,
                   progress=tmp_path / "p.json")  # fmt: skip
    assert q.phase == "done" and q.total == 0
    assert "No question of this kind" in q.message.text and "opening_bid=5000" in q.message.text
    client_click(q.next_button)
    assert "round is over" in q.message.text


def test_a_request_that_cannot_be_met_falls_back_to_another_level() -> None:
    """Without a fixed level the round still has every item: the levels whose cases
    cannot occur are skipped for one that can."""
    rules = CLASSIC.with_settings(opening_bid=5000, stuck_bid=5000)
    items = pick_items("bid", source="generated", count=3, rules=rules)
    assert len(items) == 3 and all(i.kind == QuizKind.BID for i in items)


def test_each_page_draws_its_own_questions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No seed: each page (each kernel) draws its own round, so an answer revealed in
    one tab is not the next question in another; the environment variable fixes it
    for tests and nbval, and an explicit seed always wins."""
    from pinochle_tutor.course.seeds import SEED_ENV, InvalidSeedError

    monkeypatch.delenv(SEED_ENV, raising=False)
    rounds = [runner("trick", tmp_path, source="generated", count=4, seed=None) for _ in range(3)]
    assert len({q.seed for q in rounds}) == 3
    assert len({tuple(i.id for i in q.session.questions) for q in rounds}) == 3
    monkeypatch.setenv(SEED_ENV, "11")
    a, b = (runner("trick", tmp_path, source="generated", count=4, seed=None) for _ in range(2))
    assert a.seed == b.seed == 11
    assert [i.id for i in a.session.questions] == [i.id for i in b.session.questions]
    fixed = runner("trick", tmp_path, source="generated", count=4, seed=3)
    assert fixed.seed == 3
    monkeypatch.setenv(SEED_ENV, "not a number")
    with pytest.raises(InvalidSeedError, match="whole number"):
        runner("trick", tmp_path, source="generated", count=4, seed=None)


@pytest.mark.parametrize(
    ("rules", "meld", "score", "bid"),
    [
        (CLASSIC, "190", "+340 or -320", "300"),
        (DOUBLE_DECK, "19", None, None),
        (THREE_HANDED, "190", None, None),
    ],
)
def test_the_answer_examples_are_on_the_scale_in_force(
    rules: Any, meld: str, score: str | None, bid: str | None
) -> None:
    from pinochle_tutor.course.lesson_facts import worked_contract
    from pinochle_tutor.course.quiz.answers import answer_hint

    assert answer_hint(QuizKind.MELD, rules) == f"e.g. {meld}, or run + royal marriage"
    ex = worked_contract(rules)
    assert answer_hint(QuizKind.SCORE, rules) == f"e.g. +{ex.made_score} or {ex.short_score}"
    if score is not None:
        assert answer_hint(QuizKind.SCORE, rules) == f"e.g. {score}"
    assert (
        answer_hint(QuizKind.BID, rules)
        == f"e.g. {rules.opening_bid + 5 * rules.bid_increment}, or pass"
    )
    if bid is not None:
        assert answer_hint(QuizKind.BID, rules).startswith(f"e.g. {bid},")


def test_an_example_that_is_the_answer_is_moved() -> None:
    from pinochle_tutor.course.quiz.answers import answer_hint

    assert answer_hint(QuizKind.SCORE, CLASSIC, "+340") == "e.g. +440 or -320"
    assert answer_hint(QuizKind.SCORE, CLASSIC, "-320") == "e.g. +340 or -420"
    assert answer_hint(QuizKind.MELD, CLASSIC, "190") == "e.g. 290, or run + royal marriage"
    assert answer_hint(QuizKind.BID, CLASSIC, "300") == "e.g. 400, or pass"


def test_each_answer_is_kept_with_its_page_and_rules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pinochle_tutor.classroom.identity import set_current_learner
    from pinochle_tutor.classroom.store import ProgressStore

    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/practice/07_score_level1.ipynb")
    monkeypatch.setenv("PINOCHLE_TUTOR_LEARNER", "tester")
    set_current_learner(None)
    db = tmp_path / "class.sqlite"
    q = QuizRunner("score", source="generated", count=2, seed=1, progress=db, rules=DOUBLE_DECK)
    answer_right(q)
    client_click(q.next_button)
    answer_wrong(q)
    (first, second) = ProgressStore(db).stored_attempts("tester")
    assert (first.page, first.rule_set, first.attempt.right) == (
        "practice/07_score_level1.ipynb",
        "double_deck",
        True,
    )
    assert first.tries == 1 and not second.attempt.right and second.tries == 2


# ------------------------------------------------------- questions made when asked


def test_a_round_makes_each_generated_question_when_it_is_asked(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Opening a page makes its first question only (a bidding question plays out
    sample deals) and the next one in the background, and the questions are those
    pick_items gives, in order."""
    from pinochle_tutor.course.quiz import round as quiz_runner

    made: list[int] = []
    real = quiz_runner.generate  # type: ignore[attr-defined]

    def counting(*args: Any, **kwargs: Any) -> QuizItem:
        made.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(quiz_runner, "generate", counting)
    q = QuizRunner("score", source="generated", count=5, seed=3, progress=tmp_path / "p.json")
    assert q.wait_until_prepared(60)
    # The page showed question 1; question 2 was made in the background meanwhile.
    assert len(made) == 2 and q.total == 5
    assert "Question 1 of 5" in re.sub(r"<[^>]+>", " ", q.prompt.value)
    seen = []
    for _ in range(5):
        item = item_of(q)
        seen.append(item.id)
        q.text_input.value = answer_text(item)
        assert q.submit() is not None
        q.next()
    assert len(made) == 5 and q.phase == "done"
    assert seen == [i.id for i in pick_items("score", None, "generated", 5, seed=3)]


def test_a_question_the_rules_cannot_give_is_dropped_when_reached(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The round gets shorter by one; the learner is not left on an empty question."""
    from pinochle_tutor.course.quiz import QuizRequestError
    from pinochle_tutor.course.quiz import round as quiz_runner

    real = quiz_runner.generate  # type: ignore[attr-defined]

    def refuse_third(kind: Any, seed: int, *args: Any, **kwargs: Any) -> QuizItem:
        if seed % 1000 == 2:
            raise QuizRequestError(f"no question for seed {seed}")
        return real(kind, seed, *args, **kwargs)

    monkeypatch.setattr(quiz_runner, "generate", refuse_third)
    q = QuizRunner("meld", source="generated", count=4, seed=1, progress=tmp_path / "p.json")
    assert q.total == 4
    answered = 0
    while q.phase != "done":
        q.text_input.value = answer_text(item_of(q))
        assert q.submit() is not None
        answered += 1
        q.next()
    assert answered == 3 and q.total == 3 and len(q.marks) == 3
    with pytest.raises(IndexError, match="beyond this round of 3"):
        q.session.questions[3]


# ------------------------------------------------------------ a second try, with a hint

SECOND_TRY_KINDS = ["meld", "trick", "score", "bid", "winner", "counters", "play", "pass", "game"]


def _to_second_try_item(q: QuizRunner) -> QuizItem:
    """Answer rightly until a question that takes a second try and has a wrong answer."""
    from pinochle_tutor.course.quiz import allows_second_try

    while not (allows_second_try(item_of(q)) and wrong_answer(item_of(q)) is not None):
        answer_right(q)
        client_click(q.next_button)
    return item_of(q)


def _answer_not_shown(q: QuizRunner, item: QuizItem, since: set[str]) -> None:
    """After the hint, the answer is still nowhere in what the browser holds."""
    sent = everything_sent(q, since)
    correct = answer_text(item)
    assert "Not quite: the answer is" not in sent and "pt-quiz-rules" not in sent
    # The hint is what to check and the rules to check it by, never the answer.
    assert q.feedback.value == hint_html(item)
    if isinstance(item, (MeldQuiz, ScoreQuiz, CountersQuiz, StillOutQuiz)) and len(correct.lstrip("+-")) >= 2:
        shown = shown_text(q, since)
        assert not re.search(rf"(?<![\w+-]){re.escape(correct)}(?![\d♠♥♦♣])", shown), correct
    elif not isinstance(item, (MeldQuiz, ScoreQuiz, CountersQuiz, StillOutQuiz, GameQuiz)) and len(correct) > 3:
        assert correct not in sent  # (a game-end answer is one of the sides the prompt names)
    right = check_answer(item, correct if not isinstance(item, BidQuiz) else "pass")
    for line in right.explanation.split("\n"):
        if len(line) > 12:
            assert line not in sent, line
    assert "pt-mark-legal" not in sent


@pytest.mark.parametrize("kind", SECOND_TRY_KINDS)
def test_a_first_wrong_answer_gets_a_hint_and_a_second_try(kind: str, tmp_path: Path) -> None:
    since = set(_instances)
    q = runner(kind, tmp_path, level=2, source="generated", count=6, seed=5)
    item = _to_second_try_item(q)
    before = len(q.marks)
    assert answer_wrong_once(q)
    assert q.phase == "asking" and q.tries == 2 and len(q.marks) == before
    assert "pt-quiz-hint" in q.feedback.value and "try once more" in q.feedback.value
    # one verdict: the hint says "Not quite"; the status line only says what to do now
    assert q.message.text.startswith("Second try: ") and "Not quite" not in q.message.text
    _answer_not_shown(q, item, since)
    attempts = read_attempts(tmp_path / "progress.json")[0] if before else []
    assert len(attempts) == before  # nothing recorded until the question is marked
    answer_right(q)
    assert q.phase == "marked" and q.marks[-1].right and q.marked_tries[-1] == 2
    assert "Right, on the second try!" in q.feedback.value
    last = read_attempts(tmp_path / "progress.json")[0][-1]
    assert last.item_id == item.id and last.right and last.tries == 2 and not last.first_try


def test_a_second_wrong_answer_reveals_the_answer(tmp_path: Path) -> None:
    q = runner("counters", tmp_path, source="bank", count=2, seed=0)
    item = item_of(q)
    assert answer_wrong_once(q) and q.phase == "asking"
    assert answer_wrong_once(q) and q.phase == "marked"
    assert f"Not quite: the answer is {answer_text(item)}." in q.feedback.value
    (attempt,) = read_attempts(tmp_path / "progress.json")[0]
    assert not attempt.right and attempt.tries == 2
    assert q.tries == 2 and q.marked_tries == (2,)
    client_click(q.next_button)
    assert q.tries == 1  # a fresh question starts on its first try


def test_yes_or_no_questions_are_marked_at_once(tmp_path: Path) -> None:
    q = runner("call", tmp_path, source="bank", count=2, seed=0)
    assert answer_wrong_once(q) and q.phase == "marked"
    assert "Not quite: the answer is" in q.feedback.value and "pt-quiz-hint" not in q.feedback.value
    (attempt,) = read_attempts(tmp_path / "progress.json")[0]
    assert not attempt.right and attempt.tries == 1


def test_an_unreadable_answer_does_not_use_up_the_second_try(tmp_path: Path) -> None:
    q = runner("meld", tmp_path, source="bank", count=2, seed=0)
    assert answer_wrong_once(q) and q.tries == 2
    client_update(q.text_input, value="lots")
    client_click(q.submit_button)
    assert q.phase == "asking" and q.tries == 2 and "does not count" in q.message.text
    answer_right(q)
    assert q.phase == "marked" and q.marks[-1].right and q.marked_tries == (2,)


def test_the_second_try_can_be_turned_off(tmp_path: Path) -> None:
    q = runner("meld", tmp_path, source="bank", count=2, seed=0, second_try=False)
    assert answer_wrong_once(q) and q.phase == "marked" and q.marked_tries == (1,)


def test_the_score_counts_second_tries_apart(tmp_path: Path) -> None:
    q = runner("counters", tmp_path, source="bank", count=3, seed=0)
    assert answer_wrong_once(q)
    answer_right(q)
    client_click(q.next_button)
    for _ in range(2):
        answer_right(q)
        client_click(q.next_button)
    assert q.phase == "done" and q.right == 3 and q.marked_tries == (2, 1, 1)
    assert "You got 3 of 3 right (1 of them on the second try)." in q.score_view.value
    p = Progress.load(tmp_path / "progress.json")
    rows = {r.rule: r for r in p.summary()}
    assert sum(r.right for r in rows.values()) >= 3
    assert any(r.first_try < r.right for r in rows.values())
    assert all(0 <= r.first_try_accuracy <= r.accuracy for r in rows.values())


def test_tries_are_kept_in_the_class_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pinochle_tutor.classroom.identity import set_current_learner
    from pinochle_tutor.classroom.store import ProgressStore

    monkeypatch.setenv("PINOCHLE_TUTOR_LEARNER", "tester")
    set_current_learner(None)
    db = tmp_path / "class.sqlite"
    q = QuizRunner("winner", source="bank", count=2, seed=1, progress=db)
    assert answer_wrong_once(q)
    answer_right(q)
    client_click(q.next_button)
    answer_right(q)
    first, second = ProgressStore(db).stored_attempts("tester")
    assert (first.tries, first.attempt.right, first.attempt.tries) == (2, True, 2)
    assert (second.tries, second.attempt.first_try) == (1, True)


# ------------------------------------------------------------- who wins: the buttons


def test_a_trick_winner_is_answered_with_one_button_per_card(tmp_path: Path) -> None:
    since = set(_instances)
    q = runner("winner", tmp_path, source="bank", count=2, seed=0)
    item = item_of(q)
    assert isinstance(item, WinnerQuiz)
    labels = [b.description for b in q.place_buttons]
    assert labels == [
        f"{n}: {c.text}" for n, c in zip(("1st", "2nd", "3rd", "4th"), item.trick, strict=False)
    ]
    assert q.submit_button.layout.display == "none"
    assert q.submit() is None and "pressing the card" in q.message.text
    assert q.answer_place(9) is None and "one of the 4 cards" in q.message.text
    assert "winning" not in everything_sent(q, since)
    assert q.answer_yes_no(True) is None and q.phase == "asking"
    answer_right(q)
    assert q.phase == "marked" and "winning" in q.trick_view.value  # the winner is framed now


# ------------------------------------------------------ the new kinds' practice pages

NEW_PAGES = ["19_which_card.ipynb", "20_what_to_pass.ipynb", "21_game_end.ipynb"]


@pytest.mark.parametrize("page", NEW_PAGES)
def test_each_new_practice_page_runs_its_quiz_headless(page: str, tmp_path: Path) -> None:
    """The page's own QuizRunner line, run with a private progress file: every
    question answered through the widget (the first wrongly, then rightly after the
    hint), the score at the end, each question recorded once."""
    nb = json.loads((Path(__file__).parents[1] / "exercises" / page).read_text(encoding="utf-8"))
    (line,) = ["".join(c["source"]) for c in nb["cells"] if "QuizRunner(" in "".join(c["source"])
               and "import" not in "".join(c["source"])]  # fmt: skip
    call = line.split("#", 1)[0].strip()

    def page_runner(*args: Any, **kw: Any) -> QuizRunner:
        return QuizRunner(*args, **{**kw, "seed": 3, "progress": tmp_path / "p.json"})

    q = eval(call, {"QuizRunner": page_runner})
    assert isinstance(q, QuizRunner) and q.total >= 6
    first = True
    while q.phase != "done":
        if first and answer_wrong_once(q):
            assert q.phase == "asking" and q.tries == 2 and "pt-quiz-hint" in q.feedback.value
            first = False
        answer_right(q)
        assert q.phase == "marked" and q.marks[-1].right, q.marks[-1].explanation
        client_click(q.next_button)
    assert "You got" in q.score_view.value
    attempts = read_attempts(tmp_path / "p.json")[0]
    assert len(attempts) == q.total and any(a.tries == 2 for a in attempts)


def test_without_threads_each_question_is_made_when_asked(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The static site's Pyodide has no threads: the page still shows its question and
    marks answers, preparing nothing in the background."""
    import threading

    def no_threads(_self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", no_threads)
    q = QuizRunner("score", source="generated", count=2, seed=3, progress=tmp_path / "p.json")
    assert q.wait_until_prepared(0)
    item = item_of(q)
    q.text_input.value = answer_text(item)
    mark = q.submit()
    assert mark is not None and mark.right
    monkeypatch.setattr("sys.platform", "emscripten")
    assert q.session.questions.prepare(0) is None


# ------------------------------------------------------------ the seats: the buttons


def test_a_seat_question_is_answered_with_one_button_per_seat(tmp_path: Path) -> None:
    q = runner("table", tmp_path, source="bank", level=2, count=20, seed=0)
    while not (isinstance(item_of(q), TableQuiz) and item_of(q).question.about_seats):  # type: ignore[attr-defined]
        answer_right(q)
        client_click(q.next_button)
    item = item_of(q)
    labels = [b.description for b in q.choice_buttons]
    assert labels[0] == "You" and len(labels) == item.rule_set.players
    assert q.submit_button.layout.display == "none"
    assert q.submit() is None and "one of the buttons" in q.message.text
    assert q.answer_choice(7) is None and f"one of the {len(labels)} buttons" in q.message.text
    assert q.answer_choice(True) is None and q.phase == "asking"
    assert q.answer_place(1) is None and q.phase == "asking"
    answer_right(q)
    assert q.phase == "marked" and "Right!" in q.feedback.value
    assert q.answer_choice(0) is None and 'Press "Next"' in q.message.text
