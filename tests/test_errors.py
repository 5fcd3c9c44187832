"""One error hierarchy, actually used: every error the package raises on purpose is a
narrow :class:`PinochleError` subclass kept beside the type it guards, and its message
quotes the input."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import pinochle_tutor
from pinochle_tutor import CLASSIC, Auction, Hand, PinochleError
from pinochle_tutor.errors import IllegalActionError

PACKAGE = Path(pinochle_tutor.__file__).parent

# Files still allowed to raise the root class or a plain ValueError, relative to the
# package. Only for work in progress elsewhere: empty this list once it has landed.
# Base classes that are never raised themselves: raise one of their subclasses.
NEVER_RAISED = {"PinochleError", "ValueError", "IllegalActionError"}


def _raised_name(node: ast.Raise) -> str | None:
    exc = node.exc
    if isinstance(exc, ast.Call):
        exc = exc.func
    if isinstance(exc, ast.Attribute):
        return exc.attr
    if isinstance(exc, ast.Name):
        return exc.id
    return None


def test_the_package_raises_only_narrow_errors() -> None:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Raise) and _raised_name(node) in NEVER_RAISED:
                found.append(f"{rel}:{node.lineno}: raise {_raised_name(node)}")
    assert found == [], "raise a narrow PinochleError subclass instead:\n" + "\n".join(found)


def test_errors_module_imports_nothing_from_the_package() -> None:
    tree = ast.parse((PACKAGE / "errors.py").read_text(encoding="utf-8"))
    imported = [
        node.module if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, (ast.Import, ast.ImportFrom))
        for alias in node.names
    ]
    assert not [m for m in imported if m and m.startswith("pinochle_tutor")]


def _public_error_classes() -> dict[str, type[BaseException]]:
    found: dict[str, type[BaseException]] = {}
    for info in pkgutil.walk_packages(pinochle_tutor.__path__, "pinochle_tutor."):
        module = importlib.import_module(info.name)
        for name, obj in vars(module).items():
            if (
                inspect.isclass(obj)
                and issubclass(obj, BaseException)
                and obj.__module__ == module.__name__
                and not name.startswith("_")
            ):
                found[f"{module.__name__}.{name}"] = obj
    return found


ERROR_CLASSES = _public_error_classes()


def test_error_classes_were_found() -> None:
    assert "pinochle_tutor.tricks.IllegalPlayError" in ERROR_CLASSES
    assert "pinochle_tutor.rules.InvalidSeatError" in ERROR_CLASSES


@pytest.mark.parametrize("qualname", sorted(ERROR_CLASSES))
def test_every_public_error_is_a_documented_pinochle_error(qualname: str) -> None:
    cls = ERROR_CLASSES[qualname]
    assert issubclass(cls, PinochleError)
    assert issubclass(cls, ValueError)
    assert cls.__doc__ and cls.__doc__.strip(), f"{qualname} needs a docstring"
    if cls.__module__ == "pinochle_tutor.errors":
        assert cls in (PinochleError, IllegalActionError), "errors.py keeps only the bases"


def test_package_still_exports_every_error_name() -> None:
    for name in (
        "PinochleError",
        "IllegalActionError",
        "IllegalBidError",
        "IllegalPlayError",
        "InvalidCardError",
        "InvalidRulesError",
        "InvalidSuitError",
    ):
        assert name in pinochle_tutor.__all__
        assert issubclass(getattr(pinochle_tutor, name), PinochleError)


def test_bids_plays_exchanges_and_turns_are_illegal_actions() -> None:
    for name in ("IllegalBidError", "IllegalPlayError", "IllegalExchangeError", "OutOfTurnError"):
        assert issubclass(getattr(pinochle_tutor, name), IllegalActionError)


def _svg_trick() -> object:
    from pinochle_tutor import svg
    from pinochle_tutor.cards import parse_cards

    return svg.trick(parse_cards("AS KS"), winner=5)


def _position() -> object:
    from pinochle_tutor.position import parse_position

    return parse_position('{"seat": 9', CLASSIC)


def _bot(samples: int) -> object:
    from pinochle_tutor.bots import MonteCarloPlayer

    return MonteCarloPlayer(samples=samples)


CASES = [
    pytest.param(lambda: pinochle_tutor.parse_card("QX"), "InvalidCardError", "'QX'", id="card"),
    pytest.param(lambda: pinochle_tutor.parse_suit("Z"), "InvalidSuitError", "'Z'", id="suit"),
    pytest.param(lambda: pinochle_tutor.parse_rank("8"), "InvalidCardError", "'8'", id="rank"),
    pytest.param(
        lambda: pinochle_tutor.rules_named("poker"), "InvalidRulesError", "'poker'", id="rules"
    ),
    pytest.param(lambda: pinochle_tutor.deal(dealer=9), "InvalidSeatError", "dealer=9", id="deal"),
    pytest.param(lambda: Auction(dealer=4), "InvalidSeatError", "dealer=4", id="auction"),
    pytest.param(lambda: Hand(dealer=True), "InvalidSeatError", "dealer=True", id="hand"),
    pytest.param(
        lambda: pinochle_tutor.check_seat("1", CLASSIC), "InvalidSeatError", "seat='1'", id="seat"
    ),
    pytest.param(
        lambda: pinochle_tutor.trick_winner([], "H"), "InvalidTrickError", "[]", id="empty trick"
    ),
    pytest.param(
        lambda: pinochle_tutor.score_hand(-5, 0, 0, 0, 0), "InvalidPointsError", "bid of -5", id="bid"
    ),
    pytest.param(_svg_trick, "InvalidDrawingError", "winner=5", id="svg"),
    pytest.param(_position, "InvalidPositionError", "'{\"seat\": 9'", id="position"),
    pytest.param(lambda: _bot(0), "InvalidSimulationError", "samples=0", id="samples"),
    pytest.param(
        lambda: pinochle_tutor.play_hand([pinochle_tutor.RandomPlayer()]),
        "InvalidPlayersError",
        "not 1",
        id="players",
    ),
]


@pytest.mark.parametrize(("call", "error", "quoted"), CASES)
def test_each_check_raises_its_narrow_error_quoting_the_input(
    call: Callable[[], object], error: str, quoted: str
) -> None:
    classes = {qualname.rsplit(".", 1)[1]: cls for qualname, cls in ERROR_CLASSES.items()}
    with pytest.raises(classes[error], match=re.escape(quoted)):
        call()
