"""The coach's shape: one module per decision with the same three functions, each
tuning constant defined once, and the game table asking only ``hint`` and ``review``."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import pytest

import pinochle_tutor.coach as coach

ROOT = Path(__file__).resolve().parents[1] / "pinochle_tutor"
DECISIONS = ("bid", "trump", "kitty", "exchange", "concession", "play")


@pytest.mark.parametrize("decision", DECISIONS)
def test_each_decision_has_evaluate_advise_and_judge(decision: str) -> None:
    module = importlib.import_module(f"pinochle_tutor.coach.{decision}")
    for verb in ("evaluate", "advise", "judge"):
        name = f"{verb}_{decision}"
        assert inspect.isfunction(getattr(module, name, None)), f"{module.__name__} lacks {name}"
        assert name in module.__all__


def test_evaluate_and_advise_take_a_view_and_judge_a_hand_and_a_seat() -> None:
    for decision in DECISIONS:
        module = importlib.import_module(f"pinochle_tutor.coach.{decision}")
        for verb in ("evaluate", "advise"):
            first = next(iter(inspect.signature(getattr(module, f"{verb}_{decision}")).parameters))
            assert first in ("view", "hand"), (decision, verb, first)
        judge = list(inspect.signature(getattr(module, f"judge_{decision}")).parameters)
        assert judge[:2] == ["hand", "seat"], (decision, judge)


def test_the_table_asks_the_coach_through_hint_and_review() -> None:
    assert coach.__all__ == ["Hint", "hint", "review"]
    assert not (ROOT / "course" / "table" / "coaching.py").exists()
    session = (ROOT / "course" / "table" / "session.py").read_text()
    assert "from pinochle_tutor.coach import Hint, hint, review" in session


def _constants(path: Path) -> dict[str, str]:
    out = {}
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name) and target.id.isupper() and not target.id.startswith("_"):
                out[target.id] = ast.unparse(node.value)
    return out


def test_each_tuning_constant_is_defined_once() -> None:
    """No two modules of the simulation, the coach and the players define a constant
    of the same name: each is named for what it tunes (``PLAY_REVIEW_MARGIN``,
    ``EXCHANGE_REVIEW_MARGIN``)."""
    seen: dict[str, str] = {}
    for package in ("sim", "coach", "bots"):
        for path in sorted((ROOT / package).glob("*.py")):
            for name in _constants(path):
                where = f"{package}/{path.name}"
                assert name not in seen, f"{name} is defined in {seen[name]} and {where}"
                seen[name] = where
    assert {"PLAY_HINT_SAMPLES", "EXCHANGE_HINT_SAMPLES", "PLAY_REVIEW_MARGIN"} <= set(seen)
    assert {"EXCHANGE_REVIEW_MARGIN", "BID_HINT_SAMPLES", "PLAY_HINT_EXACT_TRICKS"} <= set(seen)
