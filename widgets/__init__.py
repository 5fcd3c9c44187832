"""Jupyter widgets for Pinochle Tutor.

This directory is installed under the import name ``pinochle_widgets`` (see the
``package-dir`` mapping in ``pyproject.toml``); import it as ``pinochle_widgets``,
never as ``widgets``. The components here are built on ipywidgets and draw on the
``pinochle_tutor`` engine, which itself imports nothing from Jupyter.
"""

__all__: list[str] = []
