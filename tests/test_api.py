"""The public API surface, its docstrings' examples, and the engine's independence from Jupyter."""

from __future__ import annotations

import doctest
import importlib
import subprocess
import sys

import pytest

import pinochle_tutor

ENGINE_MODULES = [
    "pinochle_tutor",
    "pinochle_tutor.cards",
    "pinochle_tutor.rules",
    "pinochle_tutor.deal",
    "pinochle_tutor.auction",
    "pinochle_tutor.exchange",
    "pinochle_tutor.meld",
    "pinochle_tutor.tricks",
    "pinochle_tutor.scoring",
    "pinochle_tutor.game",
    "pinochle_tutor.explain",
    "pinochle_tutor.players",
    "pinochle_tutor.bots.playout",
    "pinochle_tutor.explain._text",
    "pinochle_tutor.explain.play",
    "pinochle_tutor.explain.meld",
    "pinochle_tutor.explain.claims",
    "pinochle_tutor.explain.diagnosis",
    "pinochle_tutor.explain.contract",
    "pinochle_tutor.explain.auction",
    "pinochle_tutor.explain.review",
]


@pytest.mark.parametrize("name", ENGINE_MODULES)
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    assert module.__doc__, f"{name} needs a docstring that reads like the rulebook"
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_everything_in_all_is_importable() -> None:
    for name in pinochle_tutor.__all__:
        assert hasattr(pinochle_tutor, name), name


def test_engine_imports_nothing_from_jupyter() -> None:
    code = (
        "import sys, pinochle_tutor, pinochle_tutor.bots.playout\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'ipywidgets', 'IPython', 'ipykernel', 'jupyter_client', 'traitlets', 'voila', 'pandas'})\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_errors_form_one_hierarchy_rooted_in_value_error() -> None:
    for name in (
        "InvalidCardError",
        "InvalidSuitError",
        "InvalidRulesError",
        "InvalidSeatError",
        "IllegalBidError",
        "IllegalPlayError",
        "IllegalActionError",
    ):
        cls = getattr(pinochle_tutor, name)
        assert issubclass(cls, pinochle_tutor.PinochleError)
    assert issubclass(pinochle_tutor.PinochleError, ValueError)
