"""The widgets package: its import name, its lazy exports, and a light import."""

from __future__ import annotations

import subprocess
import sys

import pinochle_widgets


def test_every_export_is_listed_and_loads() -> None:
    assert sorted(pinochle_widgets.__all__) == sorted(pinochle_widgets._WHERE)
    for name in pinochle_widgets.__all__:
        assert getattr(pinochle_widgets, name) is not None


def test_the_package_is_not_importable_as_bare_widgets() -> None:
    out = subprocess.run([sys.executable, "-c", "import widgets"], capture_output=True, cwd="/")
    assert out.returncode != 0


def test_importing_the_package_does_not_import_pandas() -> None:
    code = "import sys, pinochle_widgets; print('pandas' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd="/"
    )
    assert out.stdout.strip() == "False"
