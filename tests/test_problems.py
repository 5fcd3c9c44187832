"""Problem deals: the bank passes the coach's check at load, a bad problem is refused
by name, malformed ones with a message, the marks and the widget."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from pinochle_tutor.actions import Play
from pinochle_tutor.classroom.progress import Progress
from pinochle_tutor.course.problems import (
    MIN_MARGIN,
    Problem,
    ProblemCheck,
    Tip,
    check_problem,
    describe_position,
    load_problems,
    mark_problem,
    min_margin,
    options,
    problem_entry,
    problems_toml,
    read_problems,
)
from pinochle_tutor.rules import CLASSIC, DOUBLE_DECK, THREE_HANDED
from pinochle_widgets.problem_deal import ProblemDeal
from tests.widget_client import client_click

BANK = Path(__file__).resolve().parent.parent / "exercises" / "problems"


@functools.cache
def bank() -> tuple[list[tuple[Problem, ProblemCheck]], list[str]]:
    good, refused = load_problems(BANK)
    return good, [r.message for r in refused]


def test_every_problem_of_the_bank_passes_the_coach_s_check() -> None:
    good, refused = bank()
    assert refused == []
    for problem, check in good:
        assert check.passed, problem.id
        for v in check.values[1:]:
            assert v.loss > 2 * v.loss_stderr, (problem.id, v)
            assert v.loss >= min_margin(problem.rules), (problem.id, v)


@pytest.mark.parametrize("tip", list(Tip), ids=lambda t: t.value)
def test_each_tip_and_the_exchange_has_at_least_four_problems(tip: Tip) -> None:
    mine = [p for p, _ in bank()[0] if p.tip is tip]
    assert len(mine) >= 4, (tip, len(mine))


def test_the_problems_come_at_three_levels() -> None:
    assert {p.level for p, _ in bank()[0]} == {1, 2, 3}


def test_a_problem_whose_answer_is_not_the_best_is_refused_by_name(tmp_path: Path) -> None:
    problem, check = next((p, c) for p, c in bank()[0] if p.tip is Tip.FEED_PARTNER)
    wrong = next(v.choice for v in check.values if v.choice != check.best)
    good = problem_entry(problem)
    bad = dict(good, id="teachers-slip", answer=wrong.text)
    (tmp_path / "mine.toml").write_text(problems_toml([good, bad]), encoding="utf-8")
    loaded, refused = load_problems(tmp_path)
    assert [p.id for p, _ in loaded] == [problem.id]  # the rest of the file still loads
    assert len(refused) == 1
    message = refused[0].message
    assert "'teachers-slip'" in message and "mine.toml" in message
    assert f"its answer {wrong.text!r} is not the coach's best" in message


# A near tie the standard errors alone would let through: the coach prefers J♥ to K♥ by
# 1.3 ± 0.4 expected trick points (more than twice the standard error, less than the
# least margin). It was in the bank until the margin was required; the coach's deals are
# seeded by the id, so it keeps its id.
NEAR_TIE = {
    "id": "points-not-tricks-4-10",
    "tip": "points_not_tricks",
    "level": 3,
    "dealer": 0,
    "deal_seed": 4,
    "actions": ["bid 250", "pass", "pass", "pass", "trump ♣", "give 10♣ Q♣ A♥ 9♣", "give J♦ 9♥ Q♥ K♠",
                "play A♥", "play 9♥", "play 9♥"],
    "question": "Which card would you play?",
    "answer": "play J♥",
    "writeup": "This trick is lost whatever you play: save your counters.",
}


def test_the_least_margin_is_two_trick_points_on_the_classic_scale() -> None:
    assert MIN_MARGIN == 2.0
    assert min_margin(CLASSIC) == min_margin(THREE_HANDED) == 2.0
    assert min_margin(DOUBLE_DECK) == 1.0  # 0.4 scaled, but never below one 1-point counter


def test_a_problem_whose_answer_wins_by_less_than_the_margin_is_refused_by_name(tmp_path: Path) -> None:
    (tmp_path / "close.toml").write_text(problems_toml([NEAR_TIE]), encoding="utf-8")
    loaded, refused = load_problems(tmp_path)
    assert loaded == []
    assert len(refused) == 1
    message = refused[0].message
    assert "'points-not-tricks-4-10'" in message and "close.toml" in message
    assert "its answer 'play J♥' wins by too little: 'play K♥' is only" in message
    assert f"less than the least margin of {min_margin(CLASSIC)}" in message
    (problem,), _ = read_problems(tmp_path / "close.toml")
    check = check_problem(problem)
    close = check.values[1]
    assert close.loss > 2 * close.loss_stderr  # the standard errors alone would pass it
    assert not check.passed and check.reason in message


def test_malformed_problems_are_refused_with_a_message(tmp_path: Path) -> None:
    problem, _ = bank()[0][0]
    base = problem_entry(problem)
    entries = [
        dict(base, id="bad-action", actions=[*base["actions"], "play QX"]),
        dict(base, id="bad-tip", tip="luck"),
        dict(base, id="extra", colour="red"),
        {k: v for k, v in dict(base, id="no-answer").items() if k != "answer"},
        dict(base, id="illegal-answer", answer="play 9♣" if base["answer"] != "play 9♣" else "play 9♦"),
    ]
    (tmp_path / "broken.toml").write_text(problems_toml(entries), encoding="utf-8")
    (tmp_path / "not_toml.toml").write_text("[[problem]\nid = ", encoding="utf-8")
    loaded, refused = load_problems(tmp_path)
    assert loaded == []
    text = "\n".join(r.message for r in refused)
    assert "'QX'" in text or "QX" in text
    assert "tip='luck' is not a tip" in text
    assert "unknown field(s) colour" in text
    assert "the field 'answer' is missing" in text
    assert "not_toml.toml cannot be read as a problem file" in text
    assert "'illegal-answer'" in text
    assert "Traceback" not in text


def test_a_choice_is_marked_against_the_answer_and_says_why() -> None:
    problem, check = bank()[0][0]
    right = mark_problem(problem, check, problem.answer)
    assert right.right and problem.writeup in right.text and "The coach's numbers" in right.text
    other = next(c for c in options(problem) if c != problem.answer)
    wrong = mark_problem(problem, check, other.text)
    assert not wrong.right and "the answer is" in wrong.text


def test_the_position_in_words_shows_only_what_the_seat_knows() -> None:
    for problem, _ in bank()[0]:
        view = problem.view()
        text = describe_position(view)
        assert text.endswith(f"Your hand: {' '.join(c.text for c in view.hand)}.")
        h = problem.position()
        seen = set(view.hand) | {c for t in view.tricks for c in t.cards} | set(view.trick)
        seen |= {c for m in view.melds or () for c in m.shown_cards} | set(view.received)
        hidden = {c for s, hand in enumerate(h.hands) if s != view.seat for c in hand} - seen
        named = text.split("Your hand:")[0]
        assert not any(f" {c.text}" in named and c not in seen for c in hidden), problem.id


def test_reading_a_file_back_gives_the_same_problems() -> None:
    for path in sorted(BANK.glob("*.toml")):
        problems, bad = read_problems(path)
        assert not bad and problems
        for p in problems:
            again = read_problems_from_entry(p)
            assert again == p


def read_problems_from_entry(p: Problem) -> Problem:
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / p.file
        path.write_text(problems_toml([problem_entry(p)]), encoding="utf-8")
        (found,), _ = read_problems(path)
        return found


def test_the_widget_asks_marks_keeps_and_goes_on(tmp_path: Path) -> None:
    progress = tmp_path / "p.json"
    w = ProblemDeal("feed_partner", folder=BANK, progress=progress)
    assert w.count >= 4 and not w.refused
    first = w._problems[0][0]
    buttons = list(w.choices.children)
    labels = [b.description for b in buttons]
    assert isinstance(first.answer, Play) and first.answer.card.text in labels
    assert "Your hand:" in w.prompt.value and first.question in w.prompt.value
    client_click(w.next_button)
    assert "Choose an answer first" in w.message.value
    client_click(buttons[labels.index(first.answer.card.text)])
    assert "Right" in w.feedback.value and "coach's numbers" in w.feedback.value
    kept = Progress.load(progress).attempts
    assert [(a.item_id, a.kind, a.rules, a.right) for a in kept] == [
        (first.id, "problem", (Tip.FEED_PARTNER.rule.value,), True)
    ]
    client_click(buttons[0])
    assert "This problem is answered" in w.message.value
    client_click(w.next_button)
    second = w._problems[1][0]
    assert second.question in w.prompt.value and w.feedback.value == ""
    w.choose(99)
    assert "There is no choice 99" in w.message.value


def test_a_page_whose_problems_all_fail_says_so(tmp_path: Path) -> None:
    w = ProblemDeal("feed_partner", folder=tmp_path, progress=tmp_path / "p.json")
    assert w.count == 0 and "No problem of this page passed" in w.message.value


def test_check_problem_is_the_loader_s_check() -> None:
    problem, check = bank()[0][0]
    assert check_problem(problem) == check
