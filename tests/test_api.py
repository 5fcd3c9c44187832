"""The public API surface, its docstrings' examples, and the engine's independence from Jupyter."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import subprocess
import sys

import pytest

import pinochle_tutor


def _package_modules(package: str) -> list[str]:
    root = importlib.import_module(package)
    return [package] + [m.name for m in pkgutil.walk_packages(root.__path__, package + ".")]


@pytest.mark.parametrize("name", _package_modules("pinochle_tutor"))
def test_every_engine_module_says_what_it_is_for(name: str) -> None:
    """Docstring examples run under ``pytest --doctest-modules pinochle_tutor`` (the
    test command); here every module must at least have a docstring."""
    module = importlib.import_module(name)
    assert module.__doc__, f"{name} needs a docstring that reads like the rulebook"


def test_widget_docstring_examples_run() -> None:
    """The widgets are imported as ``pinochle_widgets`` (never the folder name), so
    their examples run here rather than through ``--doctest-modules``."""
    for name in _package_modules("pinochle_widgets"):
        result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, name


def test_everything_in_all_is_importable() -> None:
    for name in pinochle_tutor.__all__:
        assert hasattr(pinochle_tutor, name), name


def test_engine_imports_nothing_from_jupyter() -> None:
    code = (
        "import sys, pinochle_tutor, pinochle_tutor.sim.playout\n"
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
