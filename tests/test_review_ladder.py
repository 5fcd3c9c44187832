"""The review ladder (:mod:`pinochle_tutor.classroom.review`) over any history of
answers (hypothesis): what holds after every history, however its answers fall."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from hypothesis import given
from hypothesis import strategies as st

from pinochle_tutor.classroom.attempts import Attempt
from pinochle_tutor.classroom.review import LADDER_DAYS, review_schedule

T0 = datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc)
RULES = ("meld.run", "meld.dix", "trick.follow")


def _at(hours: int) -> str:
    return (T0 + timedelta(hours=hours)).strftime("%Y-%m-%dT%H:%M:%SZ")


answers = st.lists(
    st.tuples(
        st.integers(0, 24 * 200),  # hours after T0
        st.sampled_from(RULES),
        st.booleans(),  # right on the first try
    ),
    max_size=25,
).map(lambda xs: sorted(xs))


def _attempts(history: list[tuple[int, str, bool]]) -> list[Attempt]:
    return [Attempt(f"i{n}", "meld", (r,), "x", ok, _at(h)) for n, (h, r, ok) in enumerate(history)]


@given(answers)
def test_every_case_stands_on_a_rung_due_after_its_last_answer(
    history: list[tuple[int, str, bool]],
) -> None:
    for case in review_schedule(_attempts(history)):
        last = max(h for h, r, _ in history if r == case.rule)
        assert 0 <= case.right_in_a_row < len(LADDER_DAYS)
        assert case.due > T0 + timedelta(hours=last)
        assert case.due - case.missed >= timedelta(days=LADDER_DAYS[0])


@given(answers, st.sampled_from(RULES))
def test_a_miss_after_any_history_starts_the_ladder(
    history: list[tuple[int, str, bool]], rule: str
) -> None:
    later = (history[-1][0] if history else 0) + 1
    case = {c.rule: c for c in review_schedule(_attempts([*history, (later, rule, False)]))}[rule]
    assert case.right_in_a_row == 0
    assert case.due == T0 + timedelta(hours=later, days=LADDER_DAYS[0])


@given(answers, st.sampled_from(RULES))
def test_a_right_answer_at_every_rung_climbs_out(
    history: list[tuple[int, str, bool]], rule: str
) -> None:
    """After a miss, answered right each time it is due: the gaps are the ladder's, in
    order, and the last right answer takes the case out."""
    h = (history[-1][0] if history else 0) + 1
    kept = [*history, (h, rule, False)]
    gaps = []
    for _ in LADDER_DAYS:
        case = {c.rule: c for c in review_schedule(_attempts(kept))}[rule]
        due_h = int((case.due - T0).total_seconds() // 3600)
        gaps.append((due_h - h) // 24)
        h = due_h
        kept.append((h, rule, True))
    assert tuple(gaps) == LADDER_DAYS
    assert rule not in {c.rule for c in review_schedule(_attempts(kept))}
