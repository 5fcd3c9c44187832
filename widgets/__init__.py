"""Jupyter widgets for Pinochle Tutor.

This directory is installed under the import name ``pinochle_widgets`` (see the
``package-dir`` mapping in ``pyproject.toml``); import it as ``pinochle_widgets``,
never as ``widgets``. The components here are built on ipywidgets and draw on the
``pinochle_tutor`` engine, which itself imports nothing from Jupyter. Widgets hold
no rules: every decision and every sentence they show comes from the engine.
"""

from pinochle_widgets.lesson import COURSE, course_outline, rules_banner
from pinochle_widgets.practice import ScoreCalculator

__all__ = ["COURSE", "ScoreCalculator", "course_outline", "rules_banner"]
